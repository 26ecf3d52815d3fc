// SPDX-License-Identifier: GPL-2.0
/*
 * The filesystem of a partition: ext3 of v2.6.30 as far as writeback sees
 * it (fs/ext3/inode.c, namei.c, super.c, fs/jbd/commit.c). Layout and
 * allocation are ext3-mkfs.c's; this file decides which metadata blocks
 * each operation dirties and how they reach the disk:
 *
 * - journal=none (ext2-like): metadata blocks are dirty pages of the
 *   partition's buffer-cache inode, written by the flushers;
 * - journal=writeback / ordered (ext3's data=writeback / data=ordered):
 *   metadata changes join the running transaction; kjournald commits it
 *   every commit_interval (5 s) or when fsync forces it: ordered mode first
 *   writes and waits for the data dirtied in the transaction, then the
 *   metadata blocks go to the journal (a descriptor, the blocks, a commit
 *   block, sequential in the journal area), and only then do they become
 *   dirty in the buffer cache for the flushers to checkpoint.
 *
 * Simplified: metadata blocks touched for the first time are taken as
 * cached (no read); the journal never fills (no forced checkpoint); one
 * descriptor block per 512 metadata blocks; directory entries take 32
 * bytes, so a directory block holds 128.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "ext3.h"
#include "mm/filemap.h"
#include "vfs.h"

#define DIRENTS_PER_BLOCK	128

/* An inode of a committing transaction and its range (jbd2_inode). */
struct ordered_ref {
	struct inode *inode;
	uint64_t start, end;
};

struct ext3_sb {
	struct super_block sb;
	struct machine *m;
	struct ext3_fs *fs;
	struct ext3_params p;
	/* the running transaction's metadata blocks (a set) */
	uint64_t *t_blocks;
	/* a commit's blocks and journal bios, owned by kjournald's stack;
	 * here so that a run ending mid-commit can free them at umount */
	uint64_t *commit_blocks;
	/* the inodes and ranges whose ordered data a commit waits for
	 * (freed at umount when a run ends in the middle of that wait) */
	struct ordered_ref *commit_refs;
	struct list_head jbios;
	size_t t_nr, t_cap;
	uint64_t *t_set;		/* open addressing, 0 = empty */
	size_t t_set_cap;
	struct list_head t_ordered;	/* inodes with ordered data */
	uint64_t t_tid;			/* id of the running transaction */
	sim_time_t t_start;		/* when its first change came */
	uint64_t commit_done;		/* last committed tid */
	bool commit_requested;
	struct task kjournald;
	struct wait_queue_head commit_wait;
	uint64_t j_start, j_len, j_head;	/* journal area and next block */
	uint64_t nr_commits;
	uint64_t journal_blocks;	/* journal blocks written (completed) */
};

static struct ext3_sb *EXT3_SB(struct super_block *sb)
{
	return container_of(sb, struct ext3_sb, sb);
}

/* Mark a metadata block dirty now, in the buffer cache. */
static void dirty_buffer(struct ext3_sb *es, uint64_t pblk)
{
	struct machine *m = es->m;
	struct address_space *mapping = &es->sb.s_bdev_inode->i_data;
	struct page *page = find_get_page(mapping, pblk);

	if (!page) {
		page = mm_alloc_page(&m->mm);
		if (!page)
			return;	/* memory exhausted: the change stays journalled */
		page->mapping = mapping;
		page->index = pblk;
		page->flags = PG_uptodate | PG_lru;
		page_tree_insert(mapping, page);
		list_add_tail(&page->lru, &m->mm.lru);
	}
	set_page_dirty(m, NULL, page);
}

/*
 * Slot of @key in a table of @cap (a power of two) slots. Not key % cap:
 * the blocks a transaction dirties are each group's bitmaps, descriptor
 * and inode table blocks, 32768 blocks apart, which all land on one slot
 * of a power-of-two table and make every probe walk one long cluster.
 */
static size_t t_slot(uint64_t key, size_t cap)
{
	key *= 0x9e3779b97f4a7c15ULL;
	return (size_t)(key ^ key >> 32) & (cap - 1);
}

static int t_set_add(struct ext3_sb *es, uint64_t pblk)
{
	uint64_t key = pblk + 1;
	size_t i;

	if (es->t_nr * 2 >= es->t_set_cap) {
		size_t cap = es->t_set_cap ? es->t_set_cap * 2 : 1024;
		uint64_t *set = calloc(cap, sizeof(*set));

		if (!set)
			return -ENOMEM;
		for (size_t k = 0; k < es->t_nr; k++) {
			uint64_t v = es->t_blocks[k] + 1;

			for (i = t_slot(v, cap); set[i]; i = (i + 1) & (cap - 1))
				;
			set[i] = v;
		}
		free(es->t_set);
		es->t_set = set;
		es->t_set_cap = cap;
	}
	for (i = t_slot(key, es->t_set_cap); es->t_set[i];
	     i = (i + 1) & (es->t_set_cap - 1))
		if (es->t_set[i] == key)
			return 0;
	es->t_set[i] = key;
	if (es->t_nr == es->t_cap) {
		size_t cap = es->t_cap ? es->t_cap * 2 : 256;
		uint64_t *b = realloc(es->t_blocks, cap * sizeof(*b));

		if (!b)
			return -ENOMEM;
		es->t_blocks = b;
		es->t_cap = cap;
	}
	es->t_blocks[es->t_nr++] = pblk;
	return 1;
}

/* journal_get_write_access + journal_dirty_metadata, or mark_buffer_dirty */
static void dirty_meta(struct ext3_sb *es, uint64_t pblk)
{
	if (es->p.journal == FS_JOURNAL_NONE) {
		dirty_buffer(es, pblk);
		return;
	}
	if (t_set_add(es, pblk) == 1 && es->t_nr == 1)
		es->t_start = es->m->sim.now;
}

static void dirty_group_of_block(struct ext3_sb *es, uint64_t pblk)
{
	uint32_t g = ext3_group_of_block(es->fs, pblk);

	dirty_meta(es, ext3_block_bitmap(es->fs, g));
	dirty_meta(es, ext3_group_desc_block(es->fs, g));
	es->sb.s_dirt = true;
}

/*
 * One block for @inode near @goal: its data block @lblk when @data (a
 * regular file's), else an indirect block or a directory's.
 */
static int ext3_alloc_block(struct ext3_sb *es, struct inode *inode,
			    uint64_t goal, bool data, uint64_t lblk,
			    uint64_t *pblk)
{
	uint32_t got;
	int ret;

	if (es->p.allocator == EXT3_ALLOC_MBALLOC)
		ret = data ? ext4_mb_new_data_block(es->fs,
				(uint32_t)inode->i_ino, lblk,
				(inode->i_size + PAGE_SIZE - 1) / PAGE_SIZE,
				goal, pblk) :
			     ext4_mb_new_meta_block(es->fs, goal, pblk);
	else
		ret = ext3_new_blocks(es->fs, (uint32_t)inode->i_ino, goal, 1,
				      pblk, &got);
	if (ret)
		return ret;
	dirty_group_of_block(es, *pblk);
	return 0;
}

/* ext3_get_block(): map, allocating data and indirect blocks */
static int ext3_get_block(struct inode *inode, uint64_t lblk, uint64_t *pblk,
			  bool create)
{
	struct ext3_sb *es = EXT3_SB(inode->i_sb);
	uint64_t goal;
	int nr_ind, ret;

	if (inode_bmap(inode, lblk, pblk))
		return 0;
	if (!create)
		return -ENOENT;
	goal = ext3_find_goal(es->fs, (uint32_t)inode->i_ino, lblk,
			      inode->last_pblk);
	nr_ind = ext3_ind_blocks_needed(es->fs, lblk);
	for (int i = 0; i < nr_ind; i++) {
		uint64_t ind;

		ret = ext3_alloc_block(es, inode, goal, false, 0, &ind);
		if (ret)
			return ret;
		if (inode->nr_ind == inode->cap_ind) {
			uint32_t cap = inode->cap_ind ? inode->cap_ind * 2 : 4;
			uint64_t *a = realloc(inode->ind, cap * sizeof(*a));

			if (!a)
				return -ENOMEM;
			inode->ind = a;
			inode->cap_ind = cap;
		}
		inode->ind[inode->nr_ind++] = ind;
		dirty_meta(es, ind);
		goal = ind + 1;
	}
	ret = ext3_alloc_block(es, inode, goal,
			       !inode->is_dir && !inode->is_bdev, lblk, pblk);
	if (ret)
		return ret;
	inode->last_pblk = *pblk;
	if (lblk >= EXT3_NDIR_BLOCKS && inode->nr_ind)
		dirty_meta(es, inode->ind[inode->nr_ind - 1]);
	dirty_meta(es, ext3_inode_table_block(es->fs, (uint32_t)inode->i_ino));
	return inode_add_block(inode, lblk, *pblk);
}

/*
 * The journal of ext4's driver (jbd2, 6.1) rather than ext3's (jbd,
 * 2.6.30): delayed allocation and mballoc are ext4's alone.
 */
static bool jbd2(const struct ext3_sb *es)
{
	return es->p.delalloc || es->p.allocator == EXT3_ALLOC_MBALLOC;
}

/* journal_dirty_data() / jbd2_journal_inode_add_write(): @inode's data
 * joins the running transaction's ordered list */
static void ordered_add(struct ext3_sb *es, struct inode *inode,
			uint64_t index)
{
	if (es->p.journal != FS_JOURNAL_ORDERED)
		return;
	if (inode->i_tid == es->t_tid + 1) {
		if (index < inode->i_dirty_start)
			inode->i_dirty_start = index;
		if (index >= inode->i_dirty_end)
			inode->i_dirty_end = index + 1;
		return;
	}
	inode->i_dirty_start = index;
	inode->i_dirty_end = index + 1;
	inode->i_tid = es->t_tid + 1;	/* +1: 0 means "in none" */
	list_move_tail(&inode->i_ordered, &es->t_ordered);
	if (!es->t_nr && list_is_singular(&es->t_ordered))
		es->t_start = es->m->sim.now;
}

/*
 * Blocks a delayed page may still need besides its own: an indirect
 * block for every 1024 data blocks (4-byte block pointers in a 4 KiB
 * block), and the up to 3 blocks of the indirect chain that starts a
 * file's triple-indirect range. Reserving this much up front means
 * writeback's allocation cannot find the filesystem full, as ext4's
 * ext4_da_reserve_space() reserves metadata beside the data.
 */
static uint64_t delalloc_need(uint64_t reserved)
{
	return reserved + reserved / 1024 + 3;
}

static int ext3_sop_map_write(struct inode *inode, struct page *page)
{
	struct ext3_sb *es = EXT3_SB(inode->i_sb);
	uint64_t pblk;

	if (!es->p.delalloc) {
		bool mapped = inode_bmap(inode, page->index, &pblk);
		int ret = ext3_get_block(inode, page->index, &pblk, true);

		/*
		 * 6.1's ext4_map_blocks(): a newly allocated block puts its
		 * range on the running transaction's jbd2_inode (EXT4_MAP_NEW;
		 * an overwrite in place exposes no stale block). 2.6.30's
		 * ext3 orders every written buffer: ext3_sop_write_end().
		 */
		if (!ret && !mapped && jbd2(es))
			ordered_add(es, inode, page->index);
		return ret;
	}
	/* ext4_da_get_block_prep(): a mapped block is rewritten in place */
	if ((page->flags & PG_delalloc) || inode_bmap(inode, page->index, &pblk))
		return 0;
	if (ext3_free_blocks_count(es->fs) <
	    delalloc_need(inode->i_sb->s_delalloc_blocks + 1))
		return -ENOSPC;
	inode->i_sb->s_delalloc_blocks++;
	page->flags |= PG_delalloc;
	return 0;
}

static int ext3_sop_map_writepage(struct inode *inode, struct page *page,
				  struct task *t, uint64_t *pblk)
{
	struct ext3_sb *es = EXT3_SB(inode->i_sb);
	int ret;

	if (!(page->flags & PG_delalloc)) {
		ret = ext3_get_block(inode, page->index, pblk, false);
		/*
		 * ext3_ordered_writepage() of 2.6.30 files the page's
		 * buffers, under I/O from now, in the running transaction
		 * (journal_dirty_data()): its commit waits for the ones still
		 * in flight. A commit's own writes do not come this way
		 * (journal_submit_data_buffers() calls submit_bh()).
		 */
		if (!ret && !jbd2(es) && t != &es->kjournald)
			ordered_add(es, inode, page->index);
		return ret;
	}
	/* mpage_map_one_extent(): the block is allocated as the page goes */
	page->flags &= ~PG_delalloc;
	inode->i_sb->s_delalloc_blocks--;
	ret = ext3_get_block(inode, page->index, pblk, true);
	if (ret)
		return ret;
	/* ext4_map_blocks(): a new block in ordered mode orders the inode */
	ordered_add(es, inode, page->index);
	return 0;
}

static int ext3_sop_new_inode(struct inode *dir, bool is_dir, uint64_t *ino)
{
	struct ext3_sb *es = EXT3_SB(dir->i_sb);
	uint32_t n;
	int ret = ext3_new_inode(es->fs, (uint32_t)dir->i_ino, is_dir, &n);
	uint32_t g;

	if (ret)
		return ret;
	g = ext3_group_of_inode(es->fs, n);
	dirty_meta(es, ext3_inode_bitmap(es->fs, g));
	dirty_meta(es, ext3_group_desc_block(es->fs, g));
	dirty_meta(es, ext3_inode_table_block(es->fs, n));
	es->sb.s_dirt = true;
	*ino = n;
	return 0;
}

static void free_blocks(struct ext3_sb *es, struct inode *inode)
{
	for (uint32_t i = 0; i < inode->nr_ext; i++) {
		ext3_free_blocks(es->fs, inode->ext[i].pblk, inode->ext[i].len);
		dirty_group_of_block(es, inode->ext[i].pblk);
	}
	for (uint32_t i = 0; i < inode->nr_ind; i++) {
		ext3_free_blocks(es->fs, inode->ind[i], 1);
		dirty_group_of_block(es, inode->ind[i]);
	}
	inode->nr_ext = 0;
	inode->nr_ind = 0;
	inode->last_pblk = 0;
	ext3_discard_reservation(es->fs, (uint32_t)inode->i_ino);
	ext4_discard_preallocations(es->fs, (uint32_t)inode->i_ino);
	dirty_meta(es, ext3_inode_table_block(es->fs, (uint32_t)inode->i_ino));
}

static void ext3_sop_truncate_blocks(struct inode *inode)
{
	free_blocks(EXT3_SB(inode->i_sb), inode);
}

static void ext3_sop_evict_inode(struct inode *inode)
{
	struct ext3_sb *es = EXT3_SB(inode->i_sb);
	uint32_t ino = (uint32_t)inode->i_ino;
	uint32_t g = ext3_group_of_inode(es->fs, ino);

	free_blocks(es, inode);
	ext3_clear_inode(es->fs, ino);
	ext3_free_inode(es->fs, ino);
	dirty_meta(es, ext3_inode_bitmap(es->fs, g));
	dirty_meta(es, ext3_group_desc_block(es->fs, g));
	list_del_init(&inode->i_ordered);
}

static int ext3_sop_write_inode(struct inode *inode, bool wait)
{
	struct ext3_sb *es = EXT3_SB(inode->i_sb);

	dirty_meta(es, ext3_inode_table_block(es->fs, (uint32_t)inode->i_ino));
	return 0;
}

static void ext3_sop_dirty_dir_slot(struct inode *dir, uint32_t slot)
{
	struct ext3_sb *es = EXT3_SB(dir->i_sb);
	uint64_t pblk;

	if (ext3_get_block(dir, slot / DIRENTS_PER_BLOCK, &pblk, true))
		return;
	if (dir->i_size < (uint64_t)(slot / DIRENTS_PER_BLOCK + 1) * PAGE_SIZE)
		dir->i_size = (uint64_t)(slot / DIRENTS_PER_BLOCK + 1) * PAGE_SIZE;
	dirty_meta(es, pblk);
}

/* ext3_ordered_write_end() of 2.6.30: journal_dirty_data() files every
 * buffer of the page in the running transaction; jbd2 orders a range
 * when a block is allocated instead (map_write, and with delalloc
 * map_writepage) */
static void ext3_sop_write_end(struct inode *inode, struct page *page)
{
	struct ext3_sb *es = EXT3_SB(inode->i_sb);

	if (!jbd2(es))
		ordered_add(es, inode, page->index);
}

static void ext3_sop_write_super(struct super_block *sb)
{
	struct ext3_sb *es = EXT3_SB(sb);

	sb->s_dirt = false;
	dirty_meta(es, ext3_super_block(es->fs));
}

/* ---- the journal ---------------------------------------------------- */

struct jbio {
	struct bio bio;
	struct list_head node;		/* on es->jbios while in flight */
	struct task *waiter;
	int *inflight;
	uint64_t *written;		/* es->journal_blocks */
};

static void jbio_end(struct bio *bio, int error)
{
	struct jbio *jb = container_of(bio, struct jbio, bio);

	/* counted when on disk, as the pages' NR_WRITTEN is */
	if (!error)
		*jb->written += bio->bi_size / PAGE_SIZE;
	if (--*jb->inflight == 0)
		wake_up_task(jb->waiter);
	list_del_init(&jb->node);
	free(jb);
}

static void jbio_wake(struct bio *bio)
{
	wake_up_task(container_of(bio, struct jbio, bio)->waiter);
}

/* Write @n journal blocks from j_head, wrapping, and wait for them. */
static void journal_write(struct ext3_sb *es, struct task *t, uint64_t n,
			  bool sync)
{
	struct request_queue *q = es->sb.s_bdi->q;
	int inflight = 0;

	while (n) {
		uint64_t run = es->j_len - es->j_head;
		struct jbio *jb;

		if (run > n)
			run = n;
		if (run > 128)		/* 512 KiB bios */
			run = 128;
		jb = calloc(1, sizeof(*jb));
		if (!jb)
			abort();
		jb->waiter = t;
		jb->inflight = &inflight;
		jb->written = &es->journal_blocks;
		list_add_tail(&jb->node, &es->jbios);
		jb->bio.bi_sector = (es->j_start + es->j_head) * PAGE_SECTORS;
		jb->bio.bi_size = (uint32_t)(run * PAGE_SIZE);
		jb->bio.bi_rw = REQ_WRITE | REQ_META | (sync ? REQ_SYNC : 0);
		jb->bio.bi_bdev = es->sb.s_bdev;
		jb->bio.bi_pid = t->pid;
		jb->bio.bi_cpu = t->cpu >= 0 ? t->cpu : 0;
		jb->bio.bi_comm = t->comm;
		jb->bio.bi_writer = io_writer_of(&es->m->writers, t);
		jb->bio.bi_end_io = jbio_end;
		jb->bio.bi_wake = jbio_wake;
		inflight++;
		if (blk_submit_bio(q, &jb->bio) == 1)
			schedule_wait(t, NULL);
		es->j_head = (es->j_head + run) % es->j_len;
		n -= run;
	}
	while (inflight)
		schedule_wait(t, NULL);
}

/*
 * Take the committing transaction's inodes and ranges off its list at
 * once, before the commit first sleeps: a writer (or, with delalloc, a
 * flusher) that dirties or allocates more of a file meanwhile orders it
 * in the running transaction (a new range) without taking it from this
 * commit. jbd2 keeps a range per inode (jbd2_inode's i_dirty_start and
 * i_dirty_end); 2.6.30's jbd a list of buffers (t_sync_datalist), which
 * the range of the pages written in the transaction stands for: dbench
 * writes its files front to back, so the pages between a file's first
 * and last written ones were written in the same transaction or are
 * clean already.
 */
static struct ordered_ref *ordered_snapshot(struct list_head *ordered,
					    size_t *nr)
{
	struct ordered_ref *refs;
	struct list_head *pos;
	size_t n = 0;

	list_for_each(pos, ordered)
		n++;
	refs = calloc(n ? n : 1, sizeof(*refs));
	if (!refs)
		abort();	/* simulator out of memory */
	*nr = 0;
	while (!list_empty(ordered)) {
		struct inode *inode = list_first_entry(ordered, struct inode,
						       i_ordered);

		list_del_init(&inode->i_ordered);
		inode->i_tid = 0;
		iget(inode);
		refs[(*nr)++] = (struct ordered_ref){
			inode, inode->i_dirty_start, inode->i_dirty_end,
		};
	}
	return refs;
}

/*
 * data=ordered: the transaction's data goes to the disk before its
 * metadata. Every inode's range is submitted first, then the commit
 * waits for all of them, so the elevator sees the whole batch and sorts
 * it (waiting after each inode would leave the queue with one file's
 * pages at a time: a seek and a rotation per small file that the kernel
 * does not pay). Only the ranges: pages a writer appends after the
 * commit began belong to the next transaction, so a commit does not
 * chase writers that keep appending.
 *
 * 6.1 (jbd2, fs/jbd2/commit.c): journal_submit_data_buffers() writes
 * what is dirty and already mapped in each range with WB_SYNC_ALL, so
 * REQ_SYNC (with delalloc a page not yet allocated stays for writeback:
 * ext4_writepage refuses it), and journal_finish_inode_data_buffers()
 * waits for every page of the ranges under writeback. With delalloc the
 * pages writeback allocated in this transaction were submitted as they
 * were allocated, so the commit mostly waits for the flusher's own I/O;
 * without it it writes the new blocks the flusher has not taken yet.
 *
 * 2.6.30 (jbd, fs/jbd/commit.c): journal_submit_data_buffers() walks
 * t_sync_datalist, submits the dirty buffers with @sync's write_op
 * (WRITE_SYNC_PLUG when an fsync waited on the transaction as its
 * commit began, t_synchronous_commit; plain WRITE otherwise, so a
 * periodic commit's data queues as async I/O that CFQ holds back while
 * sync requests are in flight), files the ones under I/O on t_locked_list
 * and then waits for both: here WB_SYNC_NONE over the range (a page
 * under writeback is skipped) and the wait for the range.
 */
static void commit_ordered_ranges(struct ext3_sb *es, struct task *t,
				 struct ordered_ref *refs, size_t n, bool sync)
{
	struct machine *m = es->m;
	bool all = jbd2(es);

	for (size_t i = 0; i < n; i++) {
		struct writeback_control wbc = {
			.m = m, .task = t, .bdi = es->sb.s_bdi,
			.sync_mode = all ? WB_SYNC_ALL : WB_SYNC_NONE,
			.nr_to_write = LONG_MAX, .reason = WB_REASON_SYNC,
			.sync_io = sync, .skip_delalloc = true,
			.has_range = true, .range_start = refs[i].start,
			.range_end = refs[i].end,
		};

		write_cache_pages(&refs[i].inode->i_data, &wbc);
	}
	for (size_t i = 0; i < n; i++) {
		filemap_fdatawait_range(m, t, &refs[i].inode->i_data,
					refs[i].start, refs[i].end);
		iput(m, t, refs[i].inode);
	}
}

/* journal_commit_transaction() */
static void journal_commit(struct ext3_sb *es, struct task *t, bool sync)
{
	struct machine *m = es->m;
	uint64_t *blocks = es->t_blocks, nr = es->t_nr;
	uint64_t tid = ++es->t_tid;
	struct ordered_ref *refs;
	size_t nr_refs;

	/* a new running transaction takes the changes from now on */
	refs = ordered_snapshot(&es->t_ordered, &nr_refs);
	es->commit_refs = refs;
	es->commit_blocks = blocks;
	es->t_blocks = NULL;
	es->t_nr = es->t_cap = 0;
	memset(es->t_set, 0, es->t_set_cap * sizeof(*es->t_set));
	cpu_burn(t, es->p.cpu_commit);
	wb_trace(m, t, jbd2_start_commit, TEV_SB_DEV(&es->sb),
		 (unsigned)tid, sync);

	commit_ordered_ranges(es, t, refs, nr_refs, sync);
	es->commit_refs = NULL;
	free(refs);
	if (nr) {
		journal_write(es, t, 1 + (nr + 511) / 512 + nr, sync);
		/* journal_write_commit_record() */
		journal_write(es, t, 1, true);
		for (uint64_t i = 0; i < nr; i++)
			dirty_buffer(es, blocks[i]);
	}
	free(blocks);
	es->commit_blocks = NULL;
	es->nr_commits++;
	es->commit_done = tid;
	wb_trace(m, t, jbd2_end_commit, TEV_SB_DEV(&es->sb),
		 (unsigned)tid, sync, 0U);
	wake_up(&es->commit_wait);
}

static bool transaction_busy(const struct ext3_sb *es)
{
	return es->t_nr || !list_empty(&es->t_ordered);
}

static void kjournald(struct task *t)
{
	struct ext3_sb *es = t->priv;

	/* the commit's ordered data and its journal blocks alike */
	t->io_path = IO_PATH_JOURNAL;
	for (;;) {
		sim_time_t now = es->m->sim.now;

		if (transaction_busy(es) &&
		    (es->commit_requested || now >= es->t_start + es->p.commit_interval)) {
			bool sync = es->commit_requested;

			es->commit_requested = false;
			journal_commit(es, t, sync);
			continue;
		}
		if (transaction_busy(es))
			schedule_timeout(t, NULL, es->t_start + es->p.commit_interval - now);
		else
			schedule_timeout(t, NULL, es->p.commit_interval);
	}
}

/* ext3_sync_fs()/ext3_force_commit(): commit now and wait for it */
static int ext3_sop_sync_fs(struct super_block *sb, struct task *t, bool wait)
{
	struct ext3_sb *es = EXT3_SB(sb);
	uint64_t target = es->t_tid + 1;

	if (es->p.journal == FS_JOURNAL_NONE) {
		/* ext2: write the dirty metadata of the buffer cache */
		struct writeback_control wbc = {
			.m = es->m, .task = t, .bdi = sb->s_bdi,
			.sync_mode = WB_SYNC_ALL, .nr_to_write = LONG_MAX,
			.reason = WB_REASON_FSYNC,
		};

		write_cache_pages(&sb->s_bdev_inode->i_data, &wbc);
		if (wait)
			filemap_fdatawait(es->m, t, &sb->s_bdev_inode->i_data);
		return 0;
	}
	if (!transaction_busy(es))
		return 0;
	es->commit_requested = true;
	wake_up_task(&es->kjournald);
	while (wait && es->commit_done < target)
		schedule_wait(t, &es->commit_wait);
	return 0;
}

/*
 * ext4_release_file(): the last writer closed the file: its PAs' unused
 * blocks go back. ext3_release_file() of 2.6.30 drops the reservation
 * window here too; the model keeps ext3's window until the file is
 * truncated or deleted (the default's outputs rest on it).
 */
static void ext3_sop_release_file(struct inode *inode)
{
	struct ext3_sb *es = EXT3_SB(inode->i_sb);

	if (es->p.allocator == EXT3_ALLOC_MBALLOC)
		ext4_discard_preallocations(es->fs, (uint32_t)inode->i_ino);
}

static const struct super_operations ext3_sops = {
	.get_block = ext3_get_block,
	.map_write = ext3_sop_map_write,
	.map_writepage = ext3_sop_map_writepage,
	.new_inode = ext3_sop_new_inode,
	.evict_inode = ext3_sop_evict_inode,
	.truncate_blocks = ext3_sop_truncate_blocks,
	.release_file = ext3_sop_release_file,
	.write_end = ext3_sop_write_end,
	.write_inode = ext3_sop_write_inode,
	.dirty_dir_slot = ext3_sop_dirty_dir_slot,
	.write_super = ext3_sop_write_super,
	.sync_fs = ext3_sop_sync_fs,
};

/**
 * ext3_mount - make a filesystem on @bdev and mount it (mkfs + mount)
 * @bdev_sb: the machine's block device superblock, which owns the
 *	partition's buffer-cache inode (2.6.30's blockdev_superblock)
 * Return: the superblock, on m->super_blocks as the newest mount; NULL
 * with @err set.
 */
struct super_block *ext3_mount(struct machine *m, struct block_device *bdev,
			       struct backing_dev_info *bdi,
			       struct super_block *bdev_sb,
			       const struct ext3_params *ep, char *err,
			       size_t errlen)
{
	struct ext3_sb *es = calloc(1, sizeof(*es));
	struct super_block *sb;
	struct rng rng;
	char stream[48];
	int ret;

	if (!es) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (ep->block_size != PAGE_SIZE) {
		snprintf(err, errlen, "%s: ext3.block_size must be %lu (one page)",
			 bdev->name, PAGE_SIZE);
		free(es);
		return NULL;
	}
	snprintf(stream, sizeof(stream), "ext3:%s", bdev->name);
	rng_init(&rng, m->sim.seed, stream);
	ret = ext3_fs_create(&es->fs, bdev->nr_sects / PAGE_SECTORS, ep, &rng);
	if (ret) {
		snprintf(err, errlen, "%s: cannot make a filesystem of %llu blocks (%d)",
			 bdev->name, (unsigned long long)(bdev->nr_sects / PAGE_SECTORS),
			 ret);
		free(es);
		return NULL;
	}
	es->m = m;
	es->p = *ep;
	INIT_LIST_HEAD(&es->t_ordered);
	INIT_LIST_HEAD(&es->jbios);
	init_waitqueue_head(&es->commit_wait);
	sb = &es->sb;
	snprintf(sb->s_id, sizeof(sb->s_id), "%s", bdev->name);
	sb->s_bdev = bdev;
	sb->s_bdi = bdi;
	sb->s_op = &ext3_sops;
	sb->s_machine = m;
	sb->s_fs_info = es;
	INIT_LIST_HEAD(&sb->s_dirty);
	INIT_LIST_HEAD(&sb->s_io);
	INIT_LIST_HEAD(&sb->s_more_io);
	INIT_LIST_HEAD(&sb->s_inodes);
	sb->s_root = inode_new(sb, EXT3_ROOT_INO, true);
	sb->s_root->i_nlink = 2;
	sb->s_root->i_count = 1;
	/* the partition's buffer cache: an inode of the bdev superblock */
	sb->s_bdev_inode = inode_new(bdev_sb, bdev->devt, false);
	sb->s_bdev_inode->is_bdev = true;
	sb->s_bdev_inode->i_bdev = bdev;
	sb->s_bdev_inode->i_data.bdi = bdi;
	sb->s_bdev_inode->i_count = 1;
	if (ep->journal_size || ep->journal != FS_JOURNAL_NONE) {
		if (ext3_journal_extent(es->fs, &es->j_start, &es->j_len) || !es->j_len) {
			snprintf(err, errlen, "%s: no journal in the layout", bdev->name);
			ext3_fs_destroy(es->fs);
			free(es);
			return NULL;
		}
	}
	list_add_tail(&sb->s_list, &m->super_blocks);
	if (ep->journal != FS_JOURNAL_NONE) {
		char comm[32];

		snprintf(comm, sizeof(comm), "kjournald/%s", bdev->name);
		if (kthread_run(&m->cs, &es->kjournald, comm, kjournald, es)) {
			snprintf(err, errlen, "out of memory");
			return NULL;
		}
	}
	return sb;
}

/**
 * ext3_umount_free - free what ext3_mount() made, at the end of a run
 */
void ext3_umount_free(struct machine *m, struct super_block *sb)
{
	struct ext3_sb *es = EXT3_SB(sb);

	if (es->kjournald.co)
		kthread_free(&es->kjournald);
	list_del_init(&sb->s_list);
	free(es->t_blocks);
	free(es->t_set);
	free(es->commit_blocks);
	free(es->commit_refs);
	while (!list_empty(&es->jbios)) {
		struct jbio *jb = list_first_entry(&es->jbios, struct jbio, node);

		list_del_init(&jb->node);
		free(jb);
	}
	ext3_fs_destroy(es->fs);
	for (uint64_t i = 0; i < sb->s_dhash_size; i++)
		while (sb->s_dhash[i]) {
			struct dentry *d = sb->s_dhash[i];

			sb->s_dhash[i] = d->d_hash_next;
			free(d);
		}
	free(sb->s_dhash);
	free(es);
}

uint64_t ext3_nr_commits(struct super_block *sb)
{
	return EXT3_SB(sb)->nr_commits;
}

uint64_t ext3_journal_blocks_written(struct super_block *sb)
{
	return EXT3_SB(sb)->journal_blocks;
}
