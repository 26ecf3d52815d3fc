/* SPDX-License-Identifier: GPL-2.0 */
/*
 * On-disk layout and allocation of an ext3 filesystem, as made by mke2fs
 * 1.41 and allocated by Linux 2.6.30 (fs/ext3/ialloc.c, balloc.c, inode.c),
 * so that the page cache and writeback models see realistic block numbers:
 * where inodes, directories, data, bitmaps, inode tables and the journal
 * live on the partition.
 *
 * Only the bookkeeping is modelled: block and inode bitmaps, per-group
 * free counts, directory counts and the per-inode reservation windows.
 * Nothing is read or written here; callers turn block numbers into I/O
 * (ext3_block_to_sector()) and decide which metadata blocks they dirty.
 *
 * Block numbers are filesystem blocks counted from the start of the
 * partition (block 0 holds the boot sector and, for blocks larger than
 * 1 KiB, the superblock). Inode numbers start at 1; inode 2 is the root
 * directory, 1..10 are reserved and 11 is lost+found, as mke2fs leaves
 * them.
 */
#ifndef WBSIM_EXT3_ALLOC_H
#define WBSIM_EXT3_ALLOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/options.h"
#include "lib/rng.h"

#define EXT3_BAD_INO		1
#define EXT3_ROOT_INO		2
#define EXT3_RESIZE_INO		7
#define EXT3_JOURNAL_INO	8
#define EXT3_GOOD_OLD_FIRST_INO	11	/* lost+found; first non-reserved */

#define EXT3_NDIR_BLOCKS	12	/* direct block pointers in an inode */
#define EXT3_DEFAULT_RESERVE_BLOCKS	8
#define EXT3_MAX_RESERVE_BLOCKS		1027

/* The [ext3] section: what mke2fs and the mount options decide. */
struct ext3_params {
	uint64_t block_size;		/* bytes: 1024..65536, power of two */
	unsigned int blocks_per_group;	/* 0: 8 * block_size (mke2fs) */
	uint64_t inode_ratio;		/* bytes per inode (mke2fs -i) */
	unsigned int inodes_per_group;	/* 0: from inode_ratio */
	unsigned int inode_size;	/* bytes (mke2fs -I) */
	uint64_t journal_size;		/* bytes; 0: mke2fs's default */
	unsigned int reserve;		/* reservation window, blocks; 0: off */
	int allocator;			/* enum ext3_allocator */
	bool orlov;			/* else -o oldalloc */
	bool resize_inode;		/* reserved GDT blocks for growth */
	/* mount options */
	int journal;			/* enum fs_journal_mode: -o data= */
	uint64_t commit_interval;	/* ns: -o commit= */
	uint64_t cpu_commit;		/* ns of CPU per journal commit */
	bool delalloc;			/* ext4's -o delalloc */
};

/* Who places data blocks: ext3's driver or ext4's (same on-disk format). */
enum ext3_allocator {
	EXT3_ALLOC_BALLOC,		/* fs/ext3/balloc.c, v2.6.30 */
	EXT3_ALLOC_MBALLOC,		/* fs/ext4/mballoc.c, 6.1 */
};

extern const struct opt_table ext3_opt_table;

/* The geometry mke2fs settled on (read-only for callers). */
struct ext3_layout {
	uint32_t block_size;
	uint64_t blocks_count;		/* may be < the partition: see mke2fs */
	uint32_t first_data_block;	/* 1 for 1 KiB blocks, else 0 */
	uint32_t blocks_per_group;
	uint32_t inodes_per_group;
	uint32_t inode_size;
	uint32_t itb_per_group;		/* inode table blocks per group */
	uint32_t desc_per_block;	/* group descriptors per block */
	uint32_t desc_blocks;		/* blocks of group descriptors */
	uint32_t reserved_gdt_blocks;	/* resize_inode's reserve */
	uint32_t groups_count;
	uint32_t inodes_count;
	uint32_t first_ino;
	uint64_t journal_blocks;	/* journal length (blocks); 0: none */
};

struct ext3_fs;

int ext3_fs_create(struct ext3_fs **fsp, uint64_t nr_blocks,
		   const struct ext3_params *p, const struct rng *rng);
void ext3_fs_destroy(struct ext3_fs *fs);
const struct ext3_layout *ext3_layout(const struct ext3_fs *fs);

/* Inodes (ialloc.c). */
int ext3_new_inode(struct ext3_fs *fs, uint32_t parent, bool is_dir,
		   uint32_t *ino);
int ext3_free_inode(struct ext3_fs *fs, uint32_t ino);
bool ext3_inode_in_use(const struct ext3_fs *fs, uint32_t ino);
bool ext3_inode_is_dir(const struct ext3_fs *fs, uint32_t ino);

/* Blocks (balloc.c). */
int ext3_new_blocks(struct ext3_fs *fs, uint32_t ino, uint64_t goal,
		    uint32_t want, uint64_t *start, uint32_t *got);
int ext3_free_blocks(struct ext3_fs *fs, uint64_t start, uint64_t count);
uint64_t ext3_find_goal(const struct ext3_fs *fs, uint32_t ino,
			uint64_t logical_block, uint64_t last_physical);
int ext3_ind_blocks_needed(const struct ext3_fs *fs, uint64_t logical_block);
void ext3_discard_reservation(struct ext3_fs *fs, uint32_t ino);
void ext3_clear_inode(struct ext3_fs *fs, uint32_t ino);
bool ext3_rsv_window(const struct ext3_fs *fs, uint32_t ino,
		     uint64_t *start, uint64_t *end);
bool ext3_block_in_use(const struct ext3_fs *fs, uint64_t block);

/* Blocks as ext4's mballoc places them (ext4-mballoc.c). */
int ext4_mb_new_data_block(struct ext3_fs *fs, uint32_t ino, uint64_t lblk,
			   uint64_t isize_blocks, uint64_t goal, uint64_t *pblk);
int ext4_mb_new_meta_block(struct ext3_fs *fs, uint64_t goal, uint64_t *pblk);
void ext4_discard_preallocations(struct ext3_fs *fs, uint32_t ino);

/* Where things are. */
uint32_t ext3_group_of_block(const struct ext3_fs *fs, uint64_t block);
uint32_t ext3_group_of_inode(const struct ext3_fs *fs, uint32_t ino);
uint64_t ext3_group_first_block(const struct ext3_fs *fs, uint32_t group);
bool ext3_bg_has_super(const struct ext3_fs *fs, uint32_t group);
uint64_t ext3_block_bitmap(const struct ext3_fs *fs, uint32_t group);
uint64_t ext3_inode_bitmap(const struct ext3_fs *fs, uint32_t group);
uint64_t ext3_inode_table(const struct ext3_fs *fs, uint32_t group);
uint64_t ext3_inode_table_block(const struct ext3_fs *fs, uint32_t ino);
uint64_t ext3_group_desc_block(const struct ext3_fs *fs, uint32_t group);
uint64_t ext3_super_block(const struct ext3_fs *fs);
int ext3_journal_extent(const struct ext3_fs *fs, uint64_t *start,
			uint64_t *len);
int ext3_journal_bmap(const struct ext3_fs *fs, uint64_t lblk,
		      uint64_t *pblk);

/* Counters and the consistency check. */
uint64_t ext3_free_blocks_count(const struct ext3_fs *fs);
uint32_t ext3_free_inodes_count(const struct ext3_fs *fs);
uint32_t ext3_dirs_count(const struct ext3_fs *fs);
uint32_t ext3_group_free_blocks(const struct ext3_fs *fs, uint32_t group);
uint32_t ext3_group_free_inodes(const struct ext3_fs *fs, uint32_t group);
uint32_t ext3_group_used_dirs(const struct ext3_fs *fs, uint32_t group);
int ext3_check(const struct ext3_fs *fs, char *err, size_t len);

/**
 * ext3_block_to_sector - first 512-byte sector of a block, relative to
 * the partition (a sector_t; add the partition's start_sect for a disk
 * sector)
 */
static inline uint64_t ext3_block_to_sector(const struct ext3_fs *fs,
					    uint64_t block)
{
	return block * (ext3_layout(fs)->block_size >> 9);
}

#endif
