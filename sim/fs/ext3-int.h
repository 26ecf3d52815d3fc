/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals shared by ext3-mkfs.c (layout, mke2fs, checks), ext3-ialloc.c
 * and ext3-balloc.c. Not for users of the model: see ext3-alloc.h.
 *
 * Bitmaps: one bit per block (per inode), 1 = in use, as on disk. Each
 * group's bitmap starts on a 64-bit word so that the scans of one group
 * never look at another's; bits past the end of a group (the short last
 * group, or a group size that is not a multiple of 64) are kept set, the
 * way mke2fs pads the last group's bitmap, so scans never return them.
 *
 * A group's block bitmap is shared until the group is first written: every
 * full group leaves mkfs with the same bits (its superblock backup if any,
 * descriptors, bitmaps and inode table in use), so reads of an untouched
 * group see one of two templates and its own page of block_map is only
 * faulted in by the first allocation there. A 1,000-disk box touches a
 * few dozen of each filesystem's 640 groups (docs/scale.md).
 */
#ifndef WBSIM_EXT3_INT_H
#define WBSIM_EXT3_INT_H

#include "ext3-alloc.h"
#include "lib/rbtree.h"

struct ext3_group_info {
	uint64_t first_block;
	uint32_t nr_blocks;		/* < blocks_per_group in the last one */
	uint32_t free_blocks;		/* bg_free_blocks_count */
	uint32_t free_inodes;		/* bg_free_inodes_count */
	uint32_t used_dirs;		/* bg_used_dirs_count */
	uint64_t block_bitmap;		/* bg_block_bitmap */
	uint64_t inode_bitmap;		/* bg_inode_bitmap */
	uint64_t inode_table;		/* bg_inode_table */
	bool has_super;			/* superblock and GDT backup here */
	bool bmap_own;			/* block bitmap copied out of the template */
};

/* A window [start, end] of blocks kept for one inode (ext3_fs_i.h). */
struct ext3_reserve_window {
	uint64_t _rsv_start;
	uint64_t _rsv_end;		/* EXT3_RESERVE_WINDOW_NOT_ALLOCATED */
};

#define EXT3_RESERVE_WINDOW_NOT_ALLOCATED 0

/*
 * The kernel hangs this off the inode (i_block_alloc_info); the model
 * has no inodes, so nodes live in a hash by inode number, allocated from
 * chunks that never move (the rbtree points into them).
 */
struct ext3_reserve_window_node {
	struct rb_node rsv_node;	/* in fs->rsv_root, by start */
	uint32_t rsv_goal_size;
	uint32_t rsv_alloc_hit;
	struct ext3_reserve_window rsv_window;
	uint32_t ino;			/* owner; 0 for the tree's head */
	struct ext3_reserve_window_node *hash_next;	/* or free list */
};

#define rsv_start rsv_window._rsv_start
#define rsv_end rsv_window._rsv_end

#define EXT3_RSV_CHUNK	256

struct ext3_rsv_chunk {
	struct ext3_rsv_chunk *next;
	struct ext3_reserve_window_node node[EXT3_RSV_CHUNK];
};

/* A run of journal blocks: logical [lblk, lblk + len) at pblk. */
struct ext3_journal_run {
	uint64_t lblk;
	uint64_t pblk;
	uint64_t len;
};

struct ext3_fs {
	struct ext3_params p;
	struct ext3_layout l;
	struct rng rng;			/* Orlov's random first group */
	struct ext3_group_info *groups;
	uint64_t *block_map;		/* groups_count * bwords, see bmap_own */
	uint64_t *bmap_tmpl[2];		/* a full group after mkfs: [has_super] */
	uint64_t *inode_map;		/* groups_count * iwords */
	uint64_t *dir_map;		/* like inode_map: is a directory */
	size_t bwords, iwords;		/* words per group */
	uint64_t free_blocks;		/* s_freeblocks_counter */
	uint32_t free_inodes;		/* s_freeinodes_counter */
	uint32_t ndirs;			/* s_dirs_counter */

	/* Reservation windows (ext3_sb_info's s_rsv_window_root/head). */
	struct rb_root rsv_root;
	struct ext3_reserve_window_node rsv_head;
	struct ext3_reserve_window_node **rsv_hash;
	size_t rsv_hash_size;		/* power of two */
	size_t rsv_nodes;		/* in the hash */
	struct ext3_rsv_chunk *rsv_chunks;
	struct ext3_reserve_window_node *rsv_free;

	/* ext4's preallocations, with allocator = mballoc (ext4-mballoc.c) */
	struct ext4_mb_state *mb;

	/* The journal (inode 8) as mke2fs laid it out. */
	struct ext3_journal_run *jruns;
	unsigned int nr_jruns;
	uint64_t j_first, j_last;	/* span, mapping blocks included */
};

/* Group @g's block bitmap, to read. */
static inline const uint64_t *ext3_gbmap(const struct ext3_fs *fs, uint32_t g)
{
	if (!fs->groups[g].bmap_own)
		return fs->bmap_tmpl[fs->groups[g].has_super];
	return fs->block_map + (size_t)g * fs->bwords;
}

uint64_t *ext3_gbmap_w(struct ext3_fs *fs, uint32_t g);

static inline uint64_t *ext3_gimap(const struct ext3_fs *fs, uint32_t g)
{
	return fs->inode_map + (size_t)g * fs->iwords;
}

static inline uint64_t *ext3_gdmap(const struct ext3_fs *fs, uint32_t g)
{
	return fs->dir_map + (size_t)g * fs->iwords;
}

static inline bool ext3_test_bit(const uint64_t *map, uint32_t nr)
{
	return (map[nr >> 6] >> (nr & 63)) & 1;
}

static inline void ext3_set_bit(uint64_t *map, uint32_t nr)
{
	map[nr >> 6] |= 1ULL << (nr & 63);
}

static inline void ext3_clear_bit(uint64_t *map, uint32_t nr)
{
	map[nr >> 6] &= ~(1ULL << (nr & 63));
}

uint32_t ext3_find_next_zero_bit(const uint64_t *map, uint32_t size,
				 uint32_t start);
uint32_t ext3_find_next_set_bit(const uint64_t *map, uint32_t size,
				uint32_t start);
uint32_t ext3_count_zero_bits(const uint64_t *map, uint32_t size);
void ext3_mark_used(struct ext3_fs *fs, uint64_t block);
int ext3_alloc_first_free(struct ext3_fs *fs, uint64_t goal,
			  uint64_t *block);
void ext3_rsv_release_all(struct ext3_fs *fs);
void ext4_mb_release(struct ext3_fs *fs);
int ext3_rsv_check(const struct ext3_fs *fs, char *err, size_t len);

#endif
