// SPDX-License-Identifier: GPL-2.0
/*
 * VFS: the dcache, inode lifetime, and reads/writes through the page cache
 * (fs/namei.c, fs/inode.c, mm/filemap.c, fs/sync.c of v2.6.30).
 *
 * Simplified: no readahead (a read fetches exactly the pages it misses, in
 * bios of physically contiguous blocks); directories are kept in memory
 * and only the directory blocks an entry lives in are dirtied; inodes are
 * never evicted while linked.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "mm/filemap.h"
#include "vfs.h"

/* ---- inodes -------------------------------------------------------- */

/**
 * inode_new - an in-memory inode of @sb; its page cache uses sb's bdi
 */
struct inode *inode_new(struct super_block *sb, uint64_t ino, bool is_dir)
{
	struct inode *inode = calloc(1, sizeof(*inode));

	if (!inode)
		return NULL;
	inode->i_ino = ino;
	inode->i_sb = sb;
	inode->is_dir = is_dir;
	inode->i_nlink = 1;
	INIT_LIST_HEAD(&inode->i_list);
	INIT_LIST_HEAD(&inode->i_sb_list);
	INIT_LIST_HEAD(&inode->i_children);
	INIT_LIST_HEAD(&inode->i_ordered);
	inode->i_bdev = sb->s_bdev;
	init_waitqueue_head(&inode->i_sync_wait);
	mapping_init(&inode->i_data, inode, sb->s_bdi);
	list_add_tail(&inode->i_sb_list, &sb->s_inodes);
	if (sb->s_machine)
		sb->s_machine->nr_inodes_in_use++;
	return inode;
}

/**
 * inode_free - forget an inode with no pages left
 */
void inode_free(struct machine *m, struct inode *inode)
{
	list_del_init(&inode->i_list);
	list_del_init(&inode->i_sb_list);
	mapping_destroy(&inode->i_data);
	free(inode->ext);
	free(inode->ind);
	list_del_init(&inode->i_ordered);
	if (m)
		m->nr_inodes_in_use--;
	free(inode);
}

void iget(struct inode *inode)
{
	inode->i_count++;
}

/* generic_delete_inode(): drop the pages (waiting on writeback), blocks,
 * the inode number */
static void evict(struct machine *m, struct task *t, struct inode *inode)
{
	/* off the writeback lists first, as generic_delete_inode() does:
	 * nobody may pick it up while its pages go */
	list_del_init(&inode->i_list);
	list_del_init(&inode->i_ordered);	/* nor may the journal */
	inode->i_state |= I_FREEING;
	inode_sync_wait(m, t, inode);
	truncate_inode_pages(m, t, &inode->i_data, 0);
	if (inode->i_sb->s_op->evict_inode)
		inode->i_sb->s_op->evict_inode(inode);
	inode_free(m, inode);
}

/**
 * iput - drop a reference; an unlinked inode goes with its last one
 */
void iput(struct machine *m, struct task *t, struct inode *inode)
{
	if (--inode->i_count > 0)
		return;
	inode->i_count = 0;
	if (inode->i_unlinked)
		evict(m, t, inode);
}

/**
 * vfs_open - a handle on @inode: a reference and an opener
 */
void vfs_open(struct inode *inode)
{
	inode->i_nr_open++;
	iget(inode);
}

/**
 * vfs_close - the handle goes (fput); the filesystem hears of the last
 * one (->release), then the reference is dropped
 */
void vfs_close(struct machine *m, struct task *t, struct inode *inode)
{
	if (!--inode->i_nr_open && inode->i_sb->s_op->release_file)
		inode->i_sb->s_op->release_file(inode);
	iput(m, t, inode);
}

/**
 * inode_add_block - map logical @lblk to @pblk, extending the last extent
 * when contiguous (appends are the common case)
 */
int inode_add_block(struct inode *inode, uint64_t lblk, uint64_t pblk)
{
	struct fs_extent *e = inode->nr_ext ? &inode->ext[inode->nr_ext - 1] : NULL;
	uint32_t i;

	if (e && e->lblk + e->len == lblk && e->pblk + e->len == pblk) {
		e->len++;
		return 0;
	}
	if (inode->nr_ext == inode->cap_ext) {
		uint32_t cap = inode->cap_ext ? inode->cap_ext * 2 : 4;
		struct fs_extent *ext = realloc(inode->ext, cap * sizeof(*ext));

		if (!ext)
			return -ENOMEM;
		inode->ext = ext;
		inode->cap_ext = cap;
	}
	/* keep sorted by lblk: writes below the end are rare (holes) */
	for (i = inode->nr_ext; i > 0 && inode->ext[i - 1].lblk > lblk; i--)
		inode->ext[i] = inode->ext[i - 1];
	inode->ext[i] = (struct fs_extent){ .lblk = lblk, .pblk = pblk, .len = 1 };
	inode->nr_ext++;
	return 0;
}

/**
 * inode_bmap - the physical block of @lblk, if it is mapped
 */
bool inode_bmap(const struct inode *inode, uint64_t lblk, uint64_t *pblk)
{
	uint32_t lo = 0, hi = inode->nr_ext;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		const struct fs_extent *e = &inode->ext[mid];

		if (lblk < e->lblk) {
			hi = mid;
		} else if (lblk >= e->lblk + e->len) {
			lo = mid + 1;
		} else {
			*pblk = e->pblk + (lblk - e->lblk);
			return true;
		}
	}
	return false;
}

/* ---- the dcache ---------------------------------------------------- */

static uint64_t name_hash(const struct inode *dir, const char *name,
			  size_t len)
{
	uint64_t h = 0xcbf29ce484222325ULL ^ dir->i_ino;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)name[i]) * 0x100000001b3ULL;
	return h;
}

static struct dentry **d_bucket(struct super_block *sb, uint64_t hash)
{
	return &sb->s_dhash[hash & (sb->s_dhash_size - 1)];
}

static struct dentry *d_lookup(struct inode *dir, const char *name,
			       size_t len)
{
	struct super_block *sb = dir->i_sb;
	uint64_t hash;

	if (!sb->s_dhash_size)
		return NULL;
	hash = name_hash(dir, name, len);
	for (struct dentry *d = *d_bucket(sb, hash); d; d = d->d_hash_next)
		if (d->d_hash == hash && d->d_parent == dir && d->d_len == len &&
		    !memcmp(d->d_name, name, len))
			return d;
	return NULL;
}

static int d_grow(struct super_block *sb)
{
	uint64_t size = sb->s_dhash_size ? sb->s_dhash_size * 2 : 1024;
	struct dentry **h = calloc(size, sizeof(*h));

	if (!h)
		return -ENOMEM;
	for (uint64_t i = 0; i < sb->s_dhash_size; i++) {
		struct dentry *d = sb->s_dhash[i], *next;

		for (; d; d = next) {
			next = d->d_hash_next;
			d->d_hash_next = h[d->d_hash & (size - 1)];
			h[d->d_hash & (size - 1)] = d;
		}
	}
	free(sb->s_dhash);
	sb->s_dhash = h;
	sb->s_dhash_size = size;
	return 0;
}

static struct dentry *d_add(struct inode *dir, const char *name, size_t len,
			    struct inode *inode)
{
	struct super_block *sb = dir->i_sb;
	struct dentry *d;

	if (sb->s_nr_dentries >= sb->s_dhash_size && d_grow(sb))
		return NULL;
	d = malloc(sizeof(*d) + len + 1);
	if (!d)
		return NULL;
	d->d_parent = dir;
	d->d_inode = inode;
	d->d_hash = name_hash(dir, name, len);
	d->d_len = (uint16_t)len;
	d->d_slot = dir->nr_dir_slots++;
	memcpy(d->d_name, name, len);
	d->d_name[len] = 0;
	d->d_hash_next = *d_bucket(sb, d->d_hash);
	*d_bucket(sb, d->d_hash) = d;
	list_add_tail(&d->d_child, &dir->i_children);
	dir->nr_children++;
	sb->s_nr_dentries++;
	return d;
}

static void d_delete(struct dentry *d)
{
	struct super_block *sb = d->d_parent->i_sb;
	struct dentry **pp = d_bucket(sb, d->d_hash);

	while (*pp != d)
		pp = &(*pp)->d_hash_next;
	*pp = d->d_hash_next;
	list_del_init(&d->d_child);
	d->d_parent->nr_children--;
	sb->s_nr_dentries--;
	free(d);
}

/**
 * vfs_lookup - the inode @name in @dir, or NULL
 */
struct inode *vfs_lookup(struct inode *dir, const char *name, size_t len)
{
	struct dentry *d = dir->is_dir ? d_lookup(dir, name, len) : NULL;

	return d ? d->d_inode : NULL;
}

/**
 * vfs_create - create a file or directory @name in @dir
 * Return: 0, -EEXIST (with *res set to the existing inode), -ENOTDIR,
 * -ENOSPC, -ENOMEM.
 */
int vfs_create(struct machine *m, struct task *t, struct inode *dir,
	       const char *name, size_t len, bool is_dir, struct inode **res)
{
	struct super_block *sb = dir->i_sb;
	struct inode *inode;
	uint64_t ino;
	int ret;

	if (!dir->is_dir)
		return -ENOTDIR;
	inode = vfs_lookup(dir, name, len);
	if (inode) {
		*res = inode;
		return -EEXIST;
	}
	ret = sb->s_op->new_inode(dir, is_dir, &ino);
	if (ret)
		return ret;
	inode = inode_new(sb, ino, is_dir);
	if (!inode)
		return -ENOMEM;
	if (!d_add(dir, name, len, inode)) {
		inode_free(m, inode);
		return -ENOMEM;
	}
	if (is_dir)
		dir->i_nlink++;
	sb->s_op->dirty_dir_slot(dir, dir->nr_dir_slots - 1);
	sb->s_op->write_inode(inode, false);
	sb->s_op->write_inode(dir, false);
	*res = inode;
	return 0;
}

static void drop_link(struct machine *m, struct task *t, struct inode *inode)
{
	if (inode->i_nlink)
		inode->i_nlink--;
	inode->i_sb->s_op->write_inode(inode, false);
	if (inode->i_nlink == 0 || (inode->is_dir && inode->i_nlink <= 1)) {
		inode->i_unlinked = true;
		if (!inode->i_count)
			evict(m, t, inode);
	}
}

/**
 * vfs_unlink - remove @name from @dir (a file, or an empty directory)
 * Return: 0, -ENOENT, -ENOTEMPTY.
 */
int vfs_unlink(struct machine *m, struct task *t, struct inode *dir,
	       const char *name, size_t len)
{
	struct dentry *d = dir->is_dir ? d_lookup(dir, name, len) : NULL;
	struct inode *inode;

	if (!d)
		return -ENOENT;
	inode = d->d_inode;
	if (inode->is_dir && inode->nr_children)
		return -ENOTEMPTY;
	dir->i_sb->s_op->dirty_dir_slot(dir, d->d_slot);
	d_delete(d);
	if (inode->is_dir)
		dir->i_nlink--;
	dir->i_sb->s_op->write_inode(dir, false);
	drop_link(m, t, inode);
	return 0;
}

/**
 * vfs_deltree - remove @name in @dir and everything below it
 */
int vfs_deltree(struct machine *m, struct task *t, struct inode *dir,
		const char *name, size_t len)
{
	struct inode *inode = vfs_lookup(dir, name, len);

	if (!inode)
		return -ENOENT;
	while (inode->is_dir && !list_empty(&inode->i_children)) {
		struct dentry *c = list_first_entry(&inode->i_children,
						    struct dentry, d_child);
		int ret = vfs_deltree(m, t, inode, c->d_name, c->d_len);

		if (ret)
			return ret;
	}
	return vfs_unlink(m, t, dir, name, len);
}

/**
 * vfs_rename - move @oname in @odir to @nname in @ndir, replacing a file
 * that had the new name
 */
int vfs_rename(struct machine *m, struct task *t, struct inode *odir,
	       const char *oname, size_t olen, struct inode *ndir,
	       const char *nname, size_t nlen)
{
	struct dentry *d = odir->is_dir ? d_lookup(odir, oname, olen) : NULL;
	struct inode *inode, *victim;
	struct super_block *sb = odir->i_sb;

	if (!d)
		return -ENOENT;
	if (!ndir->is_dir)
		return -ENOTDIR;
	inode = d->d_inode;
	victim = vfs_lookup(ndir, nname, nlen);
	if (victim == inode)
		return 0;
	if (victim) {
		int ret;

		if (victim->is_dir && victim->nr_children)
			return -ENOTEMPTY;
		ret = vfs_unlink(m, t, ndir, nname, nlen);
		if (ret)
			return ret;
	}
	iget(inode);
	sb->s_op->dirty_dir_slot(odir, d->d_slot);
	d_delete(d);
	if (!d_add(ndir, nname, nlen, inode)) {
		iput(m, t, inode);
		return -ENOMEM;
	}
	if (inode->is_dir && odir != ndir) {
		odir->i_nlink--;
		ndir->i_nlink++;
	}
	sb->s_op->dirty_dir_slot(ndir, ndir->nr_dir_slots - 1);
	sb->s_op->write_inode(odir, false);
	if (ndir != odir)
		sb->s_op->write_inode(ndir, false);
	inode->i_count--;	/* the dentry holds it, not us */
	return 0;
}

/* ---- the page cache path -------------------------------------------- */

/**
 * wakeup_flusher_threads - memory is short: background writeback of
 * every bdi (wakeup_pdflush()/wakeup_flusher_threads() from vmscan)
 */
void wakeup_flusher_threads(struct machine *m)
{
	struct list_head *pos;

	list_for_each(pos, &m->bdi_list)
		m->flusher->start_background(m, list_entry(pos,
				struct backing_dev_info, bdi_list));
}

/* A page for the page cache; when memory is short and nothing clean can
 * go, the allocating task kicks writeback and waits as direct reclaim's
 * congestion_wait(HZ/10) does. */
static struct page *page_cache_alloc(struct machine *m, struct task *t)
{
	struct page *page;

	while (!(page = mm_alloc_page(&m->mm))) {
		wakeup_flusher_threads(m);
		congestion_wait(m, t, NSEC_PER_SEC / 10);
	}
	return page;
}

/**
 * grab_cache_page - the page at @index of @mapping, created (not uptodate,
 * on the LRU) if absent
 */
struct page *grab_cache_page(struct machine *m, struct task *t,
			     struct address_space *mapping, uint64_t index)
{
	struct page *page = find_get_page(mapping, index);

	if (page)
		return page;
	page = page_cache_alloc(m, t);
	page->mapping = mapping;
	page->index = index;
	/* a racing task may have added it while we waited for memory */
	if (find_get_page(mapping, index)) {
		mm_free_page(&m->mm, page);
		return find_get_page(mapping, index);
	}
	if (page_tree_insert(mapping, page))
		abort();	/* simulator out of memory */
	page->flags |= PG_lru;
	list_add_tail(&page->lru, &m->mm.lru);
	return page;
}

struct rd_bio {
	struct bio bio;
	struct machine *m;
	struct task *waiter;
	unsigned int nr;
	struct page *pages[64];
};

static void rd_end_io(struct bio *bio, int error)
{
	struct rd_bio *rb = container_of(bio, struct rd_bio, bio);

	for (unsigned int i = 0; i < rb->nr; i++) {
		struct page *page = rb->pages[i];

		page->flags &= ~PG_locked;
		page->flags |= PG_uptodate;
		if (waitqueue_active(&page->mapping->wb_wait))
			wake_up(&page->mapping->wb_wait);
	}
	free(rb);
}

static void rd_wake(struct bio *bio)
{
	struct rd_bio *rb = container_of(bio, struct rd_bio, bio);

	wake_up_task(rb->waiter);
}

static void rd_submit(struct task *t, struct request_queue *q,
		      struct rd_bio *rb)
{
	rb->waiter = t;
	rb->bio.bi_wake = rd_wake;
	if (blk_submit_bio(q, &rb->bio) == 1)
		schedule_wait(t, NULL);
}

/*
 * Read the pages [first, last] of @inode that are not uptodate, in bios of
 * physically contiguous blocks, and wait for them. Holes read as zeroes.
 */
static void read_pages(struct machine *m, struct task *t, struct inode *inode,
		       uint64_t first, uint64_t last)
{
	struct address_space *mapping = &inode->i_data;
	struct request_queue *q = mapping->bdi->q;
	struct rd_bio *rb = NULL;
	uint64_t prev_pblk = 0;

	for (uint64_t idx = first; idx <= last; idx++) {
		struct page *page = grab_cache_page(m, t, mapping, idx);
		uint64_t pblk;

		if (page->flags & (PG_uptodate | PG_locked))
			continue;
		if (!inode_bmap(inode, idx, &pblk)) {
			page->flags |= PG_uptodate;	/* a hole */
			continue;
		}
		if (rb && (pblk != prev_pblk + 1 || rb->nr == ARRAY_SIZE(rb->pages))) {
			rd_submit(t, q, rb);
			rb = NULL;
		}
		if (!rb) {
			rb = calloc(1, sizeof(*rb));
			if (!rb)
				abort();
			rb->m = m;
			rb->bio.bi_sector = pblk * PAGE_SECTORS;
			rb->bio.bi_bdev = inode->i_bdev;
			rb->bio.bi_pid = t->pid;
			rb->bio.bi_cpu = t->cpu >= 0 ? t->cpu : 0;
			rb->bio.bi_comm = t->comm;
			rb->bio.bi_end_io = rd_end_io;
		}
		page->flags |= PG_locked;
		rb->pages[rb->nr++] = page;
		rb->bio.bi_size += PAGE_SIZE;
		prev_pblk = pblk;
	}
	if (rb)
		rd_submit(t, q, rb);
	/* wait for every page of the range, ours or another reader's */
	for (uint64_t idx = first; idx <= last; idx++) {
		struct page *page;

		while ((page = find_get_page(mapping, idx)) &&
		       (page->flags & PG_locked))
			schedule_wait(t, &mapping->wb_wait);
	}
}

/**
 * vfs_read - read @len bytes at @pos (generic_file_aio_read)
 * Return: bytes read (short at end of file).
 */
int64_t vfs_read(struct machine *m, struct task *t, struct inode *inode,
		 uint64_t pos, uint64_t len)
{
	uint64_t first, last;

	if (pos >= inode->i_size || !len)
		return 0;
	if (len > inode->i_size - pos)
		len = inode->i_size - pos;
	first = pos >> PAGE_SHIFT;
	last = (pos + len - 1) >> PAGE_SHIFT;
	read_pages(m, t, inode, first, last);
	for (uint64_t idx = first; idx <= last; idx++) {
		struct page *page = find_get_page(&inode->i_data, idx);

		if (page)
			mark_page_accessed(&m->mm, page);
	}
	return (int64_t)len;
}

/**
 * vfs_write - write @len bytes at @pos (generic_perform_write)
 *
 * A page written in part that holds data on disk is read first; the
 * filesystem maps each page (ext3 allocates its block now, ext4 with
 * delalloc only reserves one); every page dirtied counts toward
 * balance_dirty_pages.
 * Return: bytes written, or -ENOSPC.
 */
int64_t vfs_write(struct machine *m, struct task *t, struct inode *inode,
		  uint64_t pos, uint64_t len)
{
	struct address_space *mapping = &inode->i_data;
	struct super_block *sb = inode->i_sb;
	unsigned long nr_dirtied = 0, dirtied;
	uint64_t end = pos + len;

	if (!len)
		return 0;
	for (uint64_t idx = pos >> PAGE_SHIFT; idx <= (end - 1) >> PAGE_SHIFT; idx++) {
		uint64_t pstart = idx << PAGE_SHIFT, pblk;
		bool whole = pos <= pstart && end >= pstart + PAGE_SIZE;
		struct page *page = grab_cache_page(m, t, mapping, idx);

		if (!(page->flags & PG_uptodate) && !whole &&
		    pstart < inode->i_size && inode_bmap(inode, idx, &pblk))
			read_pages(m, t, inode, idx, idx);
		page->flags |= PG_uptodate;
		if (sb->s_op->map_write(inode, page))
			return nr_dirtied ? (int64_t)((idx << PAGE_SHIFT) - pos) : -ENOSPC;
		dirtied = set_page_dirty(m, t, page);
		nr_dirtied += dirtied;
		mark_page_accessed(&m->mm, page);
		/* ->write_end() comes before the dirty limits are checked */
		if (sb->s_op->write_end)
			sb->s_op->write_end(inode, page);
		/*
		 * generic_perform_write() (2.6.24 on, 2.6.30 and 6.1 alike)
		 * checks the dirty limits after every page it copies
		 */
		balance_dirty_pages_ratelimited(m, t, mapping, dirtied);
	}
	if (end > inode->i_size) {
		inode->i_size = end;
		sb->s_op->write_inode(inode, false);
	}
	return (int64_t)len;
}

/**
 * vfs_fsync - do_fsync(): write the file's dirty pages as sync requests,
 * make the metadata durable, wait for all of it
 */
int vfs_fsync(struct machine *m, struct task *t, struct inode *inode)
{
	struct writeback_control wbc = {
		.m = m, .task = t, .bdi = inode->i_data.bdi,
		.sync_mode = WB_SYNC_ALL, .nr_to_write = INT64_MAX,
		.reason = WB_REASON_FSYNC,
	};

	int old_path = io_path_enter(t, IO_PATH_FSYNC);

	wb_trace(m, t, ext4_sync_file_enter, TEV_SB_DEV(inode->i_sb),
		 (unsigned long)inode->i_ino, 0UL, 0);
	write_cache_pages(&inode->i_data, &wbc);
	inode->i_sb->s_op->sync_fs(inode->i_sb, t, true);
	filemap_fdatawait(m, t, &inode->i_data);
	io_path_leave(t, old_path);
	return 0;
}

/**
 * vfs_truncate - cut (or extend, as a hole) the file to @size
 */
int vfs_truncate(struct machine *m, struct task *t, struct inode *inode,
		 uint64_t size)
{
	if (size < inode->i_size) {
		truncate_inode_pages(m, t, &inode->i_data, size);
		if (!size && inode->i_sb->s_op->truncate_blocks)
			inode->i_sb->s_op->truncate_blocks(inode);
	}
	inode->i_size = size;
	inode->i_sb->s_op->write_inode(inode, false);
	return 0;
}
