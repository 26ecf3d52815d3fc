// SPDX-License-Identifier: GPL-2.0
/*
 * Block allocation as fs/ext3/balloc.c of v2.6.30 does it, with the
 * per-file reservation windows, and the goal of fs/ext3/inode.c.
 *
 * ext3_new_blocks() tries the goal's group first, then every other group
 * in turn, skipping groups with fewer free blocks than half a window.
 * Within a group (ext3_try_to_allocate) it takes the goal if free and
 * extends the run while the next blocks are free; else it looks for a
 * free block up to the next 64-block boundary, then for a free byte of
 * the bitmap (8 free blocks), then for any free block, and without a
 * window it backs up over up to 7 free blocks before the one found, to
 * the start of the free run.
 *
 * Reservation windows (regular files only, as the kernel): a file
 * allocates inside its own window [start, end] of rsv_goal_size blocks,
 * which no other file's window overlaps. When its goal leaves the window,
 * alloc_new_reservation() books a new one at the first gap of the window
 * tree at or after the goal that is big enough and holds a free block;
 * the size doubles (to EXT3_MAX_RESERVE_BLOCKS) when more than half the
 * old window was used. So two files appended in turn by two writers get
 * runs of 8, 16, 32 ... blocks instead of alternating blocks. As in the
 * kernel, windows only keep other windows out: allocations without one
 * (directories, or reserve = 0) may take blocks inside a file's window.
 *
 * Differences: blocks freed in the running transaction are reusable at
 * once (the kernel keeps them until the commit, b_committed_data); the
 * blocks reserved for root (5 %) are not kept back; the colour of
 * ext3_find_near() comes from the inode number instead of the pid.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "ext3-int.h"

static inline bool rsv_is_empty(const struct ext3_reserve_window *rsv)
{
	return rsv->_rsv_end == EXT3_RESERVE_WINDOW_NOT_ALLOCATED;
}

/* ---- the window tree and the per-inode nodes ---- */

static size_t rsv_hash(const struct ext3_fs *fs, uint32_t ino)
{
	return (size_t)((ino * 0x9e3779b1U) & (fs->rsv_hash_size - 1));
}

static struct ext3_reserve_window_node *rsv_lookup(const struct ext3_fs *fs,
						   uint32_t ino)
{
	struct ext3_reserve_window_node *n;

	if (!fs->rsv_hash_size)
		return NULL;
	for (n = fs->rsv_hash[rsv_hash(fs, ino)]; n; n = n->hash_next)
		if (n->ino == ino)
			return n;
	return NULL;
}

static int rsv_hash_grow(struct ext3_fs *fs)
{
	size_t size = fs->rsv_hash_size ? fs->rsv_hash_size * 2 : 64, i;
	struct ext3_reserve_window_node **old = fs->rsv_hash, *n, *next;
	size_t old_size = fs->rsv_hash_size;

	fs->rsv_hash = calloc(size, sizeof(*fs->rsv_hash));
	if (!fs->rsv_hash) {
		fs->rsv_hash = old;
		return -ENOMEM;
	}
	fs->rsv_hash_size = size;
	for (i = 0; i < old_size; i++)
		for (n = old[i]; n; n = next) {
			next = n->hash_next;
			n->hash_next = fs->rsv_hash[rsv_hash(fs, n->ino)];
			fs->rsv_hash[rsv_hash(fs, n->ino)] = n;
		}
	free(old);
	return 0;
}

/* ext3_init_block_alloc_info(): a file's first allocation. */
static struct ext3_reserve_window_node *rsv_get(struct ext3_fs *fs,
						uint32_t ino)
{
	struct ext3_reserve_window_node *n = rsv_lookup(fs, ino);
	size_t h;

	if (n)
		return n;
	if (fs->rsv_nodes >= fs->rsv_hash_size && rsv_hash_grow(fs))
		return NULL;
	if (!fs->rsv_free) {
		struct ext3_rsv_chunk *c = calloc(1, sizeof(*c));
		int i;

		if (!c)
			return NULL;
		c->next = fs->rsv_chunks;
		fs->rsv_chunks = c;
		for (i = EXT3_RSV_CHUNK - 1; i >= 0; i--) {
			c->node[i].hash_next = fs->rsv_free;
			fs->rsv_free = &c->node[i];
		}
	}
	n = fs->rsv_free;
	fs->rsv_free = n->hash_next;
	*n = (struct ext3_reserve_window_node){
		.rsv_goal_size = fs->p.reserve,
		.ino = ino,
	};
	h = rsv_hash(fs, ino);
	n->hash_next = fs->rsv_hash[h];
	fs->rsv_hash[h] = n;
	fs->rsv_nodes++;
	return n;
}

static void ext3_rsv_window_add(struct ext3_fs *fs,
				struct ext3_reserve_window_node *rsv)
{
	struct rb_node **p = &fs->rsv_root.rb_node, *parent = NULL;

	while (*p) {
		struct ext3_reserve_window_node *this =
			rb_entry(*p, struct ext3_reserve_window_node, rsv_node);

		parent = *p;
		/* windows never overlap: start is outside every other */
		p = rsv->rsv_start < this->rsv_start ? &(*p)->rb_left :
						       &(*p)->rb_right;
	}
	rb_link_node(&rsv->rsv_node, parent, p);
	rb_insert_color(&rsv->rsv_node, &fs->rsv_root);
}

static void rsv_window_remove(struct ext3_fs *fs,
			      struct ext3_reserve_window_node *rsv)
{
	rsv->rsv_start = EXT3_RESERVE_WINDOW_NOT_ALLOCATED;
	rsv->rsv_end = EXT3_RESERVE_WINDOW_NOT_ALLOCATED;
	rsv->rsv_alloc_hit = 0;
	rb_erase(&rsv->rsv_node, &fs->rsv_root);
}

/* The window holding @goal, else the last one before it. */
static struct ext3_reserve_window_node *
search_reserve_window(struct ext3_fs *fs, uint64_t goal)
{
	struct rb_node *n = fs->rsv_root.rb_node;
	struct ext3_reserve_window_node *rsv;

	do {
		rsv = rb_entry(n, struct ext3_reserve_window_node, rsv_node);
		if (goal < rsv->rsv_start)
			n = n->rb_left;
		else if (goal > rsv->rsv_end)
			n = n->rb_right;
		else
			return rsv;
	} while (n);
	/* the head window [0, 0] is always there before any goal */
	if (rsv->rsv_start > goal)
		rsv = rb_entry(rb_prev(&rsv->rsv_node),
			       struct ext3_reserve_window_node, rsv_node);
	return rsv;
}

static bool goal_in_my_reservation(const struct ext3_fs *fs,
				   const struct ext3_reserve_window *rsv,
				   int64_t grp_goal, uint32_t group)
{
	uint64_t first = fs->groups[group].first_block;
	uint64_t last = first + fs->l.blocks_per_group - 1;

	if (rsv->_rsv_start > last || rsv->_rsv_end < first)
		return false;
	if (grp_goal >= 0 && (first + (uint64_t)grp_goal < rsv->_rsv_start ||
			      first + (uint64_t)grp_goal > rsv->_rsv_end))
		return false;
	return true;
}

/* ---- bitmap searches within one group ---- */

/* memscan() for a zero byte: first fully free aligned byte >= start. */
static uint32_t find_next_zero_byte(const uint64_t *map, uint32_t size,
				    uint32_t start)
{
	uint32_t byte = start / 8, nbytes = (size + 7) / 8;

	while (byte < nbytes) {
		size_t i = byte / 8;
		uint64_t w = map[i], z;

		/* bytes before @byte in this word must not match */
		if (byte % 8)
			w |= (1ULL << (byte % 8 * 8)) - 1;
		z = (w - 0x0101010101010101ULL) & ~w & 0x8080808080808080ULL;
		if (z) {
			/* exact for the lowest zero byte */
			uint32_t b = (uint32_t)(i * 8) +
				     (uint32_t)__builtin_ctzll(z) / 8;

			return b < nbytes ? b * 8 : size;
		}
		byte = (uint32_t)(i + 1) * 8;
	}
	return size;
}

static int64_t find_next_usable_block(const uint64_t *map, int64_t start,
				      uint32_t maxblocks)
{
	uint32_t here, next;

	if (start > 0) {
		/* the goal was taken: look up to the next 64-bit boundary */
		uint32_t end_goal = (uint32_t)((start + 63) & ~63LL);

		if (end_goal > maxblocks)
			end_goal = maxblocks;
		here = ext3_find_next_zero_bit(map, end_goal, (uint32_t)start);
		if (here < end_goal)
			return here;
	}
	here = start < 0 ? 0 : (uint32_t)start;
	next = find_next_zero_byte(map, maxblocks, here);
	if (next < maxblocks && next >= here)
		return next;
	next = ext3_find_next_zero_bit(map, maxblocks, here);
	return next < maxblocks ? (int64_t)next : -1;
}

/*
 * Take up to *count free blocks from @grp_goal on in @group, inside @win
 * if given. Returns the first block (group-relative) with *count set to
 * how many, or -1.
 */
static int64_t ext3_try_to_allocate(struct ext3_fs *fs, uint32_t group,
				    int64_t grp_goal, uint32_t *count,
				    const struct ext3_reserve_window *win)
{
	uint64_t *map = ext3_gbmap_w(fs, group);
	uint64_t first = fs->groups[group].first_block;
	uint32_t bpg = fs->l.blocks_per_group, num = 0;
	int64_t start, end;

	if (win) {
		start = win->_rsv_start >= first ?
			(int64_t)(win->_rsv_start - first) : 0;
		end = (int64_t)(win->_rsv_end - first) + 1;
		if (end > bpg)
			end = bpg;
		if (start <= grp_goal && grp_goal < end)
			start = grp_goal;
		else
			grp_goal = -1;
	} else {
		start = grp_goal > 0 ? grp_goal : 0;
		end = bpg;
	}

	if (grp_goal < 0 || ext3_test_bit(map, (uint32_t)grp_goal)) {
		grp_goal = find_next_usable_block(map, start, (uint32_t)end);
		if (grp_goal < 0) {
			*count = 0;
			return -1;
		}
		if (!win) {
			int i;

			for (i = 0; i < 7 && grp_goal > start &&
			     !ext3_test_bit(map, (uint32_t)grp_goal - 1);
			     i++, grp_goal--)
				;
		}
	}
	start = grp_goal;
	do {
		ext3_set_bit(map, (uint32_t)grp_goal);
		num++;
		grp_goal++;
	} while (num < *count && grp_goal < end &&
		 !ext3_test_bit(map, (uint32_t)grp_goal));
	*count = num;
	return start;
}

/* ---- reservation windows ---- */

static int find_next_reservable_window(struct ext3_fs *fs,
				       struct ext3_reserve_window_node *head,
				       struct ext3_reserve_window_node *my_rsv,
				       uint64_t start_block,
				       uint64_t last_block)
{
	struct ext3_reserve_window_node *rsv = head, *prev;
	uint64_t cur = start_block, size = my_rsv->rsv_goal_size;
	struct rb_node *next;

	for (;;) {
		if (cur <= rsv->rsv_end)
			cur = rsv->rsv_end + 1;
		if (cur > last_block)
			return -1;
		prev = rsv;
		next = rb_next(&rsv->rsv_node);
		if (!next)
			break;
		rsv = rb_entry(next, struct ext3_reserve_window_node,
			       rsv_node);
		/* a gap big enough, possibly running into the next group */
		if (cur + size <= rsv->rsv_start)
			break;
	}
	if (prev != my_rsv && !rsv_is_empty(&my_rsv->rsv_window))
		rsv_window_remove(fs, my_rsv);
	my_rsv->rsv_start = cur;
	my_rsv->rsv_end = cur + size - 1;
	my_rsv->rsv_alloc_hit = 0;
	if (prev != my_rsv)
		ext3_rsv_window_add(fs, my_rsv);
	return 0;
}

static int alloc_new_reservation(struct ext3_fs *fs,
				 struct ext3_reserve_window_node *my_rsv,
				 int64_t grp_goal, uint32_t group)
{
	uint64_t first = fs->groups[group].first_block;
	uint64_t last = first + fs->l.blocks_per_group - 1;
	uint64_t start_block = grp_goal < 0 ? first : first + (uint64_t)grp_goal;
	struct ext3_reserve_window_node *search_head;
	uint32_t free;

	if (!rsv_is_empty(&my_rsv->rsv_window)) {
		/*
		 * A window across the group's end with the goal in it: the
		 * rest of it is in the next group, keep it and move on.
		 */
		if (my_rsv->rsv_start <= last && my_rsv->rsv_end > last &&
		    start_block >= my_rsv->rsv_start)
			return -1;
		/* more than half used: the file streams, double the size */
		if (my_rsv->rsv_alloc_hit >
		    (my_rsv->rsv_end - my_rsv->rsv_start + 1) / 2) {
			my_rsv->rsv_goal_size *= 2;
			if (my_rsv->rsv_goal_size > EXT3_MAX_RESERVE_BLOCKS)
				my_rsv->rsv_goal_size = EXT3_MAX_RESERVE_BLOCKS;
		}
	}

	search_head = search_reserve_window(fs, start_block);
	for (;;) {
		if (find_next_reservable_window(fs, search_head, my_rsv,
						start_block, last) < 0)
			break;
		/* the window must hold a free block to be worth having */
		free = ext3_find_next_zero_bit(ext3_gbmap(fs, group),
				fs->l.blocks_per_group,
				(uint32_t)(my_rsv->rsv_start - first));
		if (free >= fs->l.blocks_per_group)
			break;
		start_block = first + free;
		if (start_block <= my_rsv->rsv_end)
			return 0;
		/* none inside: search on from that free block */
		search_head = my_rsv;
	}
	if (!rsv_is_empty(&my_rsv->rsv_window))
		rsv_window_remove(fs, my_rsv);
	return -1;
}

static void try_to_extend_reservation(struct ext3_reserve_window_node *rsv,
				      uint32_t size)
{
	struct rb_node *next = rb_next(&rsv->rsv_node);
	struct ext3_reserve_window_node *next_rsv;

	if (!next) {
		rsv->rsv_end += size;
		return;
	}
	next_rsv = rb_entry(next, struct ext3_reserve_window_node, rsv_node);
	if (next_rsv->rsv_start - rsv->rsv_end - 1 >= size)
		rsv->rsv_end += size;
	else
		rsv->rsv_end = next_rsv->rsv_start - 1;
}

static int64_t ext3_try_to_allocate_with_rsv(struct ext3_fs *fs,
		uint32_t group, int64_t grp_goal,
		struct ext3_reserve_window_node *my_rsv, uint32_t *count)
{
	uint64_t first = fs->groups[group].first_block;
	uint64_t last = first + fs->l.blocks_per_group - 1;
	uint32_t num = *count;
	int64_t ret = 0;

	if (!my_rsv)
		return ext3_try_to_allocate(fs, group, grp_goal, count, NULL);

	/*
	 * A new window when there is none, when the last try in this one
	 * failed, or when the goal is outside it.
	 */
	for (;;) {
		if (rsv_is_empty(&my_rsv->rsv_window) || ret < 0 ||
		    !goal_in_my_reservation(fs, &my_rsv->rsv_window, grp_goal,
					    group)) {
			if (my_rsv->rsv_goal_size < *count)
				my_rsv->rsv_goal_size = *count;
			if (alloc_new_reservation(fs, my_rsv, grp_goal,
						  group) < 0)
				return -1;
			if (!goal_in_my_reservation(fs, &my_rsv->rsv_window,
						    grp_goal, group))
				grp_goal = -1;
		} else if (grp_goal >= 0) {
			uint64_t curr = my_rsv->rsv_end -
					(first + (uint64_t)grp_goal) + 1;

			if (curr < *count)
				try_to_extend_reservation(my_rsv,
						*count - (uint32_t)curr);
		}
		if (my_rsv->rsv_start > last || my_rsv->rsv_end < first)
			abort();	/* the kernel's BUG() */
		ret = ext3_try_to_allocate(fs, group, grp_goal, &num,
					   &my_rsv->rsv_window);
		if (ret >= 0) {
			my_rsv->rsv_alloc_hit += num;
			*count = num;
			return ret;
		}
		num = *count;
	}
}

/* ---- the interface ---- */

/**
 * ext3_new_blocks - allocate a run of blocks for inode @ino
 * @ino: the owner; a regular file allocates inside its reservation window,
 *       a directory or 0 (no owner: metadata) without one
 * @goal: preferred first block (ext3_find_goal); outside the filesystem
 *        means its first data block
 * @want: blocks wanted (at least 1)
 * @start, @got: the run allocated: @got blocks from @start, 1 <= @got
 *               <= @want, all in one group
 *
 * The caller dirties the block bitmap and group descriptor of the group
 * the run is in. Common case cost: the goal is free and inside the file's
 * window, so this is a few bit tests.
 * Returns 0, -EINVAL for a bad @ino or @want, -ENOSPC when no block is
 * free, -ENOMEM.
 */
int ext3_new_blocks(struct ext3_fs *fs, uint32_t ino, uint64_t goal,
		    uint32_t want, uint64_t *start, uint32_t *got)
{
	const struct ext3_layout *l = &fs->l;
	struct ext3_reserve_window_node *my_rsv = NULL;
	uint32_t group_no, goal_group, free_blocks, windowsz = 0, num, bgi;
	int64_t grp_alloc_blk;

	if (!want || (ino && !ext3_inode_in_use(fs, ino)))
		return -EINVAL;
	if (!fs->free_blocks)
		return -ENOSPC;
	if (want > l->blocks_per_group)
		want = l->blocks_per_group;
	if (ino && fs->p.reserve && !ext3_inode_is_dir(fs, ino)) {
		my_rsv = rsv_get(fs, ino);
		if (!my_rsv)
			return -ENOMEM;
		windowsz = my_rsv->rsv_goal_size;
	}
	if (goal < l->first_data_block || goal >= l->blocks_count)
		goal = l->first_data_block;
	group_no = goal_group = ext3_group_of_block(fs, goal);

retry_alloc:
	free_blocks = fs->groups[group_no].free_blocks;
	/* too little room for a new window here: do without this time */
	if (my_rsv && free_blocks < windowsz && free_blocks > 0 &&
	    rsv_is_empty(&my_rsv->rsv_window))
		my_rsv = NULL;
	if (free_blocks > 0) {
		num = want;
		grp_alloc_blk = ext3_try_to_allocate_with_rsv(fs, group_no,
				(int64_t)((goal - l->first_data_block) %
					  l->blocks_per_group), my_rsv, &num);
		if (grp_alloc_blk >= 0)
			goto allocated;
	}

	/* then every other group from the next on, without a goal */
	for (bgi = 0; bgi < l->groups_count; bgi++) {
		if (++group_no >= l->groups_count)
			group_no = 0;
		free_blocks = fs->groups[group_no].free_blocks;
		if (!free_blocks || (my_rsv && free_blocks <= windowsz / 2))
			continue;
		num = want;
		grp_alloc_blk = ext3_try_to_allocate_with_rsv(fs, group_no, -1,
							      my_rsv, &num);
		if (grp_alloc_blk >= 0)
			goto allocated;
	}
	/* "full" of other files' windows: try once more without ours */
	if (my_rsv) {
		my_rsv = NULL;
		windowsz = 0;
		group_no = goal_group;
		goto retry_alloc;
	}
	return -ENOSPC;

allocated:
	fs->groups[group_no].free_blocks -= num;
	fs->free_blocks -= num;
	*start = fs->groups[group_no].first_block + (uint64_t)grp_alloc_blk;
	*got = num;
	return 0;
}

/**
 * ext3_free_blocks - free @count blocks from @start (ext3_free_blocks_sb)
 *
 * The caller dirties the block bitmaps and group descriptors of the
 * groups concerned. Returns 0, or -EINVAL (changing nothing) if the range
 * leaves the filesystem, covers group metadata or a free block.
 */
int ext3_free_blocks(struct ext3_fs *fs, uint64_t start, uint64_t count)
{
	const struct ext3_layout *l = &fs->l;
	uint64_t b, end = start + count;
	int pass;

	if (!count || start < l->first_data_block || end < start ||
	    end > l->blocks_count)
		return -EINVAL;
	/* the journal is never freed */
	for (b = 0; b < fs->nr_jruns; b++)
		if (start < fs->jruns[b].pblk + fs->jruns[b].len &&
		    fs->jruns[b].pblk < end)
			return -EINVAL;
	/* check everything first, then free: all or nothing */
	for (pass = 0; pass < 2; pass++) {
		for (b = start; b < end; ) {
			uint32_t g = ext3_group_of_block(fs, b);
			struct ext3_group_info *gi = &fs->groups[g];
			uint64_t *map = ext3_gbmap_w(fs, g);
			uint64_t gend = gi->first_block + gi->nr_blocks;
			uint64_t data = gi->inode_table + l->itb_per_group;
			uint32_t n = 0;

			if (gend > end)
				gend = end;
			if (!pass && b < data)
				return -EINVAL;
			for (; b < gend; b++) {
				uint32_t bit = (uint32_t)(b - gi->first_block);

				if (!pass && !ext3_test_bit(map, bit))
					return -EINVAL;
				if (pass)
					ext3_clear_bit(map, bit);
				n++;
			}
			if (pass) {
				gi->free_blocks += n;
				fs->free_blocks += n;
			}
		}
	}
	return 0;
}

/**
 * ext3_find_goal - where the next block of a file should go
 * @ino: the file (or directory)
 * @logical_block: the block of the file being mapped
 * @last_physical: the physical block of the nearest mapped block before
 *                 it (for an append, of @logical_block - 1), or, if there
 *                 is none but an indirect block maps it, that indirect
 *                 block; 0 if neither
 *
 * ext3_find_goal()'s sequential heuristic (the block after the last one)
 * and ext3_find_near(): otherwise the start of the inode's group plus a
 * "colour", (pid % 16) sixteenths of a group in the kernel so that
 * processes writing in one directory spread out; here the inode number
 * stands in for the pid.
 */
uint64_t ext3_find_goal(const struct ext3_fs *fs, uint32_t ino,
			uint64_t logical_block, uint64_t last_physical)
{
	uint32_t g = ext3_group_of_inode(fs, ino);

	(void)logical_block;
	if (last_physical)
		return last_physical + 1;
	if (g == UINT32_MAX)
		return fs->l.first_data_block;
	return fs->groups[g].first_block +
	       (uint64_t)(ino % 16) * (fs->l.blocks_per_group / 16);
}

/**
 * ext3_ind_blocks_needed - indirect blocks to allocate with a file's block
 * @logical_block: the block being mapped, the earlier ones being mapped
 *
 * ext3_alloc_branch() allocates the missing indirect blocks in the same
 * ext3_new_blocks() call as the data block, in front of it: 1 for block
 * 12 (the indirect block), 2 where the double-indirect tree starts, 3
 * where the triple one starts, 1 (2) at each new indirect (double-
 * indirect) block. So a file streamed to disk has a one-block hole every
 * block_size / 4 blocks. Returns the count or -EFBIG past the tree.
 */
int ext3_ind_blocks_needed(const struct ext3_fs *fs, uint64_t logical_block)
{
	uint64_t a = fs->l.block_size / 4, b = logical_block;

	if (b < EXT3_NDIR_BLOCKS)
		return 0;
	b -= EXT3_NDIR_BLOCKS;
	if (b < a)
		return b == 0;
	b -= a;
	if (b < a * a)
		return b == 0 ? 2 : b % a == 0;
	b -= a * a;
	if (b < a * a * a)
		return b == 0 ? 3 : b % (a * a) == 0 ? 2 : b % a == 0;
	return -EFBIG;
}

/**
 * ext3_discard_reservation - drop @ino's window, keeping its size (last
 * writer's close, truncate), as ext3_discard_reservation()
 */
void ext3_discard_reservation(struct ext3_fs *fs, uint32_t ino)
{
	struct ext3_reserve_window_node *rsv = rsv_lookup(fs, ino);

	if (rsv && !rsv_is_empty(&rsv->rsv_window))
		rsv_window_remove(fs, rsv);
}

/**
 * ext3_clear_inode - forget @ino's allocation state (the inode leaves the
 * inode cache or is deleted; ext3_clear_inode frees i_block_alloc_info)
 */
void ext3_clear_inode(struct ext3_fs *fs, uint32_t ino)
{
	struct ext3_reserve_window_node **pp, *rsv;

	if (!fs->rsv_hash_size)
		return;
	for (pp = &fs->rsv_hash[rsv_hash(fs, ino)]; (rsv = *pp);
	     pp = &rsv->hash_next) {
		if (rsv->ino != ino)
			continue;
		if (!rsv_is_empty(&rsv->rsv_window))
			rsv_window_remove(fs, rsv);
		*pp = rsv->hash_next;
		rsv->hash_next = fs->rsv_free;
		fs->rsv_free = rsv;
		fs->rsv_nodes--;
		return;
	}
}

/**
 * ext3_rsv_window - @ino's reservation window, if it has one
 */
bool ext3_rsv_window(const struct ext3_fs *fs, uint32_t ino, uint64_t *start,
		     uint64_t *end)
{
	const struct ext3_reserve_window_node *rsv = rsv_lookup(fs, ino);

	if (!rsv || rsv_is_empty(&rsv->rsv_window))
		return false;
	*start = rsv->rsv_start;
	*end = rsv->rsv_end;
	return true;
}

/**
 * ext3_rsv_release_all - free every reservation node (unmount)
 */
void ext3_rsv_release_all(struct ext3_fs *fs)
{
	struct ext3_rsv_chunk *c, *next;

	for (c = fs->rsv_chunks; c; c = next) {
		next = c->next;
		free(c);
	}
	free(fs->rsv_hash);
	fs->rsv_chunks = NULL;
	fs->rsv_hash = NULL;
	fs->rsv_hash_size = fs->rsv_nodes = 0;
	fs->rsv_free = NULL;
}

/**
 * ext3_rsv_check - windows disjoint and in order, each owned by a file
 * that is in the hash
 */
int ext3_rsv_check(const struct ext3_fs *fs, char *err, size_t len)
{
	const struct rb_node *n = rb_first(&fs->rsv_root);
	const struct ext3_reserve_window_node *prev = NULL, *rsv;

	for (; n; n = rb_next(n)) {
		rsv = rb_entry(n, struct ext3_reserve_window_node, rsv_node);
		if (rsv == &fs->rsv_head)
			goto next;
		if (rsv_is_empty(&rsv->rsv_window) ||
		    rsv->rsv_end < rsv->rsv_start ||
		    rsv_lookup(fs, rsv->ino) != rsv) {
			snprintf(err, len, "inode %u: bad window [%llu, %llu]",
				 rsv->ino, (unsigned long long)rsv->rsv_start,
				 (unsigned long long)rsv->rsv_end);
			return -EUCLEAN;
		}
		if (!ext3_inode_in_use(fs, rsv->ino) ||
		    ext3_inode_is_dir(fs, rsv->ino)) {
			snprintf(err, len, "inode %u: window but not a file",
				 rsv->ino);
			return -EUCLEAN;
		}
next:
		if (prev && rsv->rsv_start <= prev->rsv_end) {
			snprintf(err, len, "windows of inodes %u and %u overlap",
				 prev->ino, rsv->ino);
			return -EUCLEAN;
		}
		prev = rsv;
	}
	return 0;
}
