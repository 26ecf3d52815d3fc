// SPDX-License-Identifier: GPL-2.0
/*
 * Block allocation as ext4's driver of Linux 6.1 does it for files mapped
 * by indirect blocks (an ext3-format filesystem mounted as ext4, no
 * extents: the real experiment's era cells): fs/ext4/mballoc.c's
 * preallocation, reached through ext4_ind_map_blocks(), which asks for
 * one block per call without delayed allocation (ext4_get_block() maps a
 * page's single buffer) and sets no left or right neighbour
 * (ar.lleft/pleft stay 0: memset in ext4_ind_map_blocks()).
 *
 * A data block of a regular file comes, in this order, from:
 *   - an inode preallocation (PA) of the file covering the logical block
 *     (ext4_mb_use_preallocated(): pa_pstart + logical - pa_lstart);
 *   - the locality group's PA when the file is at most
 *     s_mb_stream_request = 16 blocks (64 KiB) long
 *     (ext4_mb_group_or_file()): small files of every writer take the
 *     next blocks of one 512-block PA (s_mb_group_prealloc; one
 *     locality group per CPU, and the twin's guest has one CPU), so they
 *     are packed in the order they were written;
 *   - else a new inode PA: ext4_mb_normalize_request() predicts the
 *     file's size from max(logical end, i_size), rounds it up to 16, 32,
 *     64 KiB ... 1 MiB (then 2, 4, 8 MiB chunks aligned to their size),
 *     starts it at logical 0 (or the chunk's alignment) and trims it
 *     against the file's other PAs only; the physical extent is found
 *     from the filesystem-wide stream cursor (s_mb_last_group:
 *     EXT4_MB_STREAM_ALLOC), not from the file's own goal.
 * A group PA is placed from the goal of ext4_find_near() (the inode's
 * group); only the goal's group matters, as ext4_ind_map_blocks() sets
 * no EXT4_MB_HINT_TRY_GOAL.
 *
 * The regular allocator (ext4_mb_regular_allocator()): a power-of-two
 * length of 4 blocks or more is looked up in the buddy (cr 0,
 * ext4_mb_simple_scan_group()): in each group from the goal's on, the
 * lowest free aligned chunk of the smallest order at or above the
 * length's that the buddy holds whole (a free run's maximal aligned
 * power-of-two pieces are the buddy's chunks). Other lengths, or cr 0
 * finding nothing: the first free run long enough (cr 1/2), then the
 * longest free run anywhere (cr 3). The blocks of a PA are in use in the
 * bitmap from its creation; the unused ones return when the file is
 * closed by its last user, truncated or deleted
 * (ext4_discard_preallocations()).
 *
 * Metadata (indirect blocks, directories: no EXT4_MB_HINT_DATA) is one
 * block, no PA: the first free block of the goal's group, then of the
 * next groups.
 *
 * Differences from the kernel: cr 1/2's complex scan takes the first run
 * long enough where the kernel measures up to s_mb_min_to_scan (10)
 * extents for the best fit; group scans are linear from the goal
 * (mb_optimize_scan's per-order lists pick the same groups while, as
 * here, the first s_mb_max_linear_groups = 4 from the goal have room);
 * no ENOSPC-time discard of other files' PAs.
 */
#include <errno.h>
#include <stdlib.h>

#include "ext3-int.h"

#define MB_DEFAULT_STREAM_THRESHOLD	16	/* blocks: 64 KiB */
#define MB_DEFAULT_GROUP_PREALLOC	512	/* blocks */
#define MB_DEFAULT_ORDER2_REQS		2	/* buddy search from 2^1.. */
#define MB_NUM_ORDERS			14	/* blocksize_bits + 2 */

/* One preallocated space (struct ext4_prealloc_space). */
struct ext4_prealloc_space {
	struct ext4_prealloc_space *pa_next;	/* the inode's list */
	uint64_t pa_lstart;		/* logical block of pa_pstart */
	uint64_t pa_pstart;
	uint32_t pa_len;
	uint32_t pa_free;
	uint64_t *pa_used;		/* inode PA: which blocks are taken */
};

/* An inode's PA list, in a hash by inode number. */
struct ext4_mb_inode {
	struct ext4_mb_inode *hash_next;
	uint32_t ino;
	struct ext4_prealloc_space *i_prealloc;
};

struct ext4_mb_state {
	struct ext4_mb_inode **hash;
	size_t hash_size;		/* power of two */
	size_t nr_inodes;
	uint32_t s_mb_last_group;	/* the stream cursor */
	/* the locality group's PA: [lg_next, lg_end) still free */
	uint64_t lg_next, lg_end;
};

static size_t mb_hash(uint32_t ino, size_t size)
{
	return (size_t)((ino * 0x9e3779b1U) & (size - 1));
}

static struct ext4_mb_state *mb_state(struct ext3_fs *fs)
{
	if (!fs->mb)
		fs->mb = calloc(1, sizeof(*fs->mb));
	return fs->mb;
}

static struct ext4_mb_inode *mb_inode(struct ext3_fs *fs, uint32_t ino,
				      bool create)
{
	struct ext4_mb_state *mb = mb_state(fs);
	struct ext4_mb_inode *ei;
	size_t h;

	if (!mb)
		return NULL;
	if (mb->hash_size)
		for (ei = mb->hash[mb_hash(ino, mb->hash_size)]; ei;
		     ei = ei->hash_next)
			if (ei->ino == ino)
				return ei;
	if (!create)
		return NULL;
	if (mb->nr_inodes >= mb->hash_size) {
		size_t size = mb->hash_size ? mb->hash_size * 2 : 64, i;
		struct ext4_mb_inode **nh = calloc(size, sizeof(*nh));
		struct ext4_mb_inode *n, *next;

		if (!nh)
			return NULL;
		for (i = 0; i < mb->hash_size; i++)
			for (n = mb->hash[i]; n; n = next) {
				next = n->hash_next;
				n->hash_next = nh[mb_hash(n->ino, size)];
				nh[mb_hash(n->ino, size)] = n;
			}
		free(mb->hash);
		mb->hash = nh;
		mb->hash_size = size;
	}
	ei = calloc(1, sizeof(*ei));
	if (!ei)
		return NULL;
	ei->ino = ino;
	h = mb_hash(ino, mb->hash_size);
	ei->hash_next = mb->hash[h];
	mb->hash[h] = ei;
	mb->nr_inodes++;
	return ei;
}

/* ---- the bitmap as the buddy sees it ---- */

static void mark_range_used(struct ext3_fs *fs, uint32_t g, uint32_t bit,
			    uint32_t len)
{
	uint64_t *map = ext3_gbmap_w(fs, g);

	for (uint32_t b = bit; b < bit + len; b++)
		ext3_set_bit(map, b);
	fs->groups[g].free_blocks -= len;
	fs->free_blocks -= len;
}

/*
 * ext4_mb_simple_scan_group(): in group @g, the lowest chunk of the
 * smallest order >= @order that the buddy holds whole. A free run
 * [s, e) is in the buddy as its greedy split into aligned power-of-two
 * chunks (each as large as its alignment and the run allow), so the
 * runs are split here in address order; the first chunk of exactly
 * @order found is the answer.
 */
static bool buddy_scan_group(const struct ext3_fs *fs, uint32_t g,
			     unsigned int order, uint32_t *bit)
{
	const uint64_t *map = ext3_gbmap(fs, g);
	uint32_t size = fs->groups[g].nr_blocks, s = 0, e;
	unsigned int best = MB_NUM_ORDERS;
	uint32_t best_bit = 0;

	while ((s = ext3_find_next_zero_bit(map, size, s)) < size) {
		e = ext3_find_next_set_bit(map, size, s);
		for (uint32_t p = s; p < e; ) {
			unsigned int o = 0;

			while (o + 1 < MB_NUM_ORDERS &&
			       !(p & ((2U << o) - 1)) && p + (2U << o) <= e)
				o++;
			if (o == order) {
				*bit = p;
				return true;
			}
			if (o > order && o < best) {
				best = o;
				best_bit = p;
			}
			p += 1U << o;
		}
		s = e;
	}
	if (best == MB_NUM_ORDERS)
		return false;
	*bit = best_bit;
	return true;
}

/* cr 1/2: the first free run of @len blocks in group @g */
static bool first_fit_group(const struct ext3_fs *fs, uint32_t g,
			    uint32_t len, uint32_t *bit)
{
	const uint64_t *map = ext3_gbmap(fs, g);
	uint32_t size = fs->groups[g].nr_blocks, s = 0, e;

	if (fs->groups[g].free_blocks < len)
		return false;
	while ((s = ext3_find_next_zero_bit(map, size, s)) < size) {
		e = ext3_find_next_set_bit(map, size, s);
		if (e - s >= len) {
			*bit = s;
			return true;
		}
		s = e;
	}
	return false;
}

/* cr 3: the longest free run anywhere, from group @g on */
static bool longest_run(const struct ext3_fs *fs, uint32_t g0,
			uint32_t *group, uint32_t *bit, uint32_t *len)
{
	uint32_t best = 0;

	for (uint32_t i = 0; i < fs->l.groups_count; i++) {
		uint32_t g = (g0 + i) % fs->l.groups_count, s = 0, e;
		const uint64_t *map = ext3_gbmap(fs, g);
		uint32_t size = fs->groups[g].nr_blocks;

		if (fs->groups[g].free_blocks <= best)
			continue;
		while ((s = ext3_find_next_zero_bit(map, size, s)) < size) {
			e = ext3_find_next_set_bit(map, size, s);
			if (e - s > best) {
				best = e - s;
				*group = g;
				*bit = s;
			}
			s = e;
		}
	}
	*len = best;
	return best > 0;
}

/*
 * ext4_mb_regular_allocator(): @len blocks (fewer only at cr 3) from
 * group @g0 on, marked in use; the start in @pblk, the length in @got.
 */
static int mb_regular_allocator(struct ext3_fs *fs, uint32_t g0, uint32_t len,
				uint64_t *pblk, uint32_t *got)
{
	unsigned int order = 0, i = 0;
	uint32_t n = fs->l.groups_count, g, bit;
	int cr;

	if (len > fs->l.blocks_per_group)
		len = fs->l.blocks_per_group;
	while ((1U << (i + 1)) <= len)
		i++;
	/* ac_2order: a power of two of order >= s_mb_order2_reqs - 1 */
	if (i + 1 >= MB_DEFAULT_ORDER2_REQS && len == 1U << i)
		order = i;
	for (cr = order ? 0 : 1; cr < 3; cr++)
		for (uint32_t k = 0; k < n; k++) {
			g = (g0 + k) % n;
			if (fs->groups[g].free_blocks < len)
				continue;
			if (cr == 0 ? buddy_scan_group(fs, g, order, &bit) :
				      first_fit_group(fs, g, len, &bit))
				goto found;
		}
	if (!longest_run(fs, g0, &g, &bit, &len))
		return -ENOSPC;
found:
	mark_range_used(fs, g, bit, len);
	*pblk = fs->groups[g].first_block + bit;
	*got = len;
	return 0;
}

/* ---- preallocation ---- */

/* ext4_mb_normalize_request() for an inode PA: [*start, *start + *size) */
static void mb_normalize_request(const struct ext3_fs *fs,
				 const struct ext4_mb_inode *ei, uint64_t lblk,
				 uint64_t isize_blocks, uint64_t *start,
				 uint64_t *size)
{
	uint64_t bs = fs->l.block_size, bytes, s = 0, end;
	uint64_t fsize = lblk + 1 > isize_blocks ? lblk + 1 : isize_blocks;
	const struct ext4_prealloc_space *pa;

	bytes = fsize * bs;
	if (bytes <= 1024 * 1024) {
		/* 16 KiB, 32 KiB ... 1 MiB: the next power of two */
		uint64_t sz = 16 * 1024;

		while (sz < bytes)
			sz *= 2;
		bytes = sz;
	} else {
		/* 2, 4 or 8 MiB aligned to themselves (max = 2 blocks,
		 * so NRL_CHECK_SIZE goes by the predicted size only) */
		uint64_t chunk = bytes <= 4 << 20 ? 2 << 20 :
				 bytes <= 8 << 20 ? 4 << 20 : 8 << 20;

		s = lblk * bs / chunk * chunk;
		bytes = chunk;
	}
	*size = bytes / bs;
	*start = s / bs;
	/* a tiny group's alignment must not leave the request's group */
	if (*start < lblk / fs->l.blocks_per_group * fs->l.blocks_per_group)
		*start = lblk / fs->l.blocks_per_group * fs->l.blocks_per_group;
	if (*size > fs->l.blocks_per_group)
		*size = fs->l.blocks_per_group;
	end = *start + *size;
	/* no lleft/pleft from ext4_ind_map_blocks(): only the file's PAs
	 * trim it, to the side of the request each lies on */
	for (pa = ei->i_prealloc; pa; pa = pa->pa_next) {
		uint64_t pa_end = pa->pa_lstart + pa->pa_len;

		if (pa->pa_lstart >= end || pa_end <= *start)
			continue;
		if (pa_end <= lblk)
			*start = pa_end;
		else if (pa->pa_lstart > lblk)
			end = pa->pa_lstart;
	}
	*size = end - *start;
}

static int mb_new_inode_pa(struct ext3_fs *fs, struct ext4_mb_inode *ei,
			   uint64_t lblk, uint64_t isize_blocks,
			   struct ext4_prealloc_space **pap)
{
	struct ext4_mb_state *mb = fs->mb;
	struct ext4_prealloc_space *pa;
	uint64_t start, size, pstart;
	uint32_t got;
	int ret;

	mb_normalize_request(fs, ei, lblk, isize_blocks, &start, &size);
	ret = mb_regular_allocator(fs, mb->s_mb_last_group, (uint32_t)size,
				   &pstart, &got);
	if (ret)
		return ret;
	/* ext4_mb_use_best_found(): the cursor moves to the extent */
	mb->s_mb_last_group = ext3_group_of_block(fs, pstart);
	pa = calloc(1, sizeof(*pa));
	if (pa)
		pa->pa_used = calloc((got + 63) / 64, sizeof(uint64_t));
	if (!pa || !pa->pa_used) {
		if (pa)
			free(pa);
		ext3_free_blocks(fs, pstart, got);
		return -ENOMEM;
	}
	/* ext4_mb_new_inode_pa(): less than asked for still covers lblk */
	if (got < size)
		start = lblk + got <= start + size ? lblk : start + size - got;
	pa->pa_lstart = start;
	pa->pa_pstart = pstart;
	pa->pa_len = got;
	pa->pa_free = got;
	pa->pa_next = ei->i_prealloc;
	ei->i_prealloc = pa;
	*pap = pa;
	return 0;
}

static uint64_t pa_take(struct ext4_prealloc_space *pa, uint64_t lblk)
{
	uint32_t off = (uint32_t)(lblk - pa->pa_lstart);

	ext3_set_bit(pa->pa_used, off);
	pa->pa_free--;
	return pa->pa_pstart + off;
}

/**
 * ext4_mb_new_data_block - one data block for a regular file's @lblk
 * @isize_blocks: the file's size in blocks before this write
 * @goal: ext4_find_near()'s goal (ext3_find_goal())
 *
 * Return: 0 and the block in @pblk, -ENOSPC or -ENOMEM.
 */
int ext4_mb_new_data_block(struct ext3_fs *fs, uint32_t ino, uint64_t lblk,
			   uint64_t isize_blocks, uint64_t goal, uint64_t *pblk)
{
	struct ext4_mb_inode *ei = mb_inode(fs, ino, true);
	struct ext4_mb_state *mb = fs->mb;
	struct ext4_prealloc_space *pa;
	uint64_t fsize = lblk + 1 > isize_blocks ? lblk + 1 : isize_blocks;
	uint32_t got;
	int ret;

	if (!ei)
		return -ENOMEM;
	for (pa = ei->i_prealloc; pa; pa = pa->pa_next) {
		uint64_t off = lblk - pa->pa_lstart;

		if (lblk >= pa->pa_lstart && off < pa->pa_len && pa->pa_free &&
		    !ext3_test_bit(pa->pa_used, (uint32_t)off)) {
			*pblk = pa_take(pa, lblk);
			return 0;
		}
	}
	if (fsize <= MB_DEFAULT_STREAM_THRESHOLD) {
		if (mb->lg_next == mb->lg_end) {
			if (goal < fs->l.first_data_block ||
			    goal >= fs->l.blocks_count)
				goal = fs->l.first_data_block;
			ret = mb_regular_allocator(fs,
					ext3_group_of_block(fs, goal),
					MB_DEFAULT_GROUP_PREALLOC,
					&mb->lg_next, &got);
			if (ret)
				return ret;
			mb->lg_end = mb->lg_next + got;
		}
		*pblk = mb->lg_next++;
		return 0;
	}
	ret = mb_new_inode_pa(fs, ei, lblk, isize_blocks, &pa);
	if (ret)
		return ret;
	*pblk = pa_take(pa, lblk);
	return 0;
}

/**
 * ext4_mb_new_meta_block - one block without preallocation (indirect
 * blocks, directories): the first free one from @goal's group on
 */
int ext4_mb_new_meta_block(struct ext3_fs *fs, uint64_t goal, uint64_t *pblk)
{
	uint32_t got;

	/* no preallocation: the mballoc state is not needed */
	if (goal < fs->l.first_data_block || goal >= fs->l.blocks_count)
		goal = fs->l.first_data_block;
	return mb_regular_allocator(fs, ext3_group_of_block(fs, goal), 1, pblk,
				    &got);
}

/**
 * ext4_discard_preallocations - give back the unused blocks of @ino's
 * PAs (the last writer closed it, or it is truncated or deleted)
 */
void ext4_discard_preallocations(struct ext3_fs *fs, uint32_t ino)
{
	struct ext4_mb_inode *ei = fs->mb ? mb_inode(fs, ino, false) : NULL;
	struct ext4_prealloc_space *pa, *next;

	if (!ei)
		return;
	for (pa = ei->i_prealloc; pa; pa = next) {
		uint32_t off = 0, end;

		next = pa->pa_next;
		/* ext4_mb_release_inode_pa(): each unused run at once */
		while ((off = ext3_find_next_zero_bit(pa->pa_used, pa->pa_len,
						      off)) < pa->pa_len) {
			end = ext3_find_next_set_bit(pa->pa_used, pa->pa_len,
						     off);
			ext3_free_blocks(fs, pa->pa_pstart + off, end - off);
			off = end;
		}
		free(pa->pa_used);
		free(pa);
	}
	ei->i_prealloc = NULL;
}

void ext4_mb_release(struct ext3_fs *fs)
{
	struct ext4_mb_state *mb = fs->mb;
	struct ext4_mb_inode *ei, *next;
	struct ext4_prealloc_space *pa, *pnext;

	if (!mb)
		return;
	for (size_t i = 0; i < mb->hash_size; i++)
		for (ei = mb->hash[i]; ei; ei = next) {
			next = ei->hash_next;
			for (pa = ei->i_prealloc; pa; pa = pnext) {
				pnext = pa->pa_next;
				free(pa->pa_used);
				free(pa);
			}
			free(ei);
		}
	free(mb->hash);
	free(mb);
	fs->mb = NULL;
}
