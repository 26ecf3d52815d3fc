/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inodes, their page caches and superblocks (include/linux/fs.h). One
 * superblock per mounted partition; the writeback lists an inode sits on
 * depend on the flusher model: the superblock's s_dirty/s_io/s_more_io in
 * 2.6.30 (pdflush), the bdi's b_dirty/b_io/b_more_io from 2.6.32 on.
 */
#ifndef WBSIM_FS_H
#define WBSIM_FS_H

#include <stdbool.h>
#include <stdint.h>

#include "block/blkdev.h"
#include "lib/list.h"
#include "mm/mm.h"
#include "kernel/sched.h"

/* inode->i_state */
#define I_DIRTY_SYNC		(1U << 0)	/* inode itself dirty */
#define I_DIRTY_DATASYNC	(1U << 1)
#define I_DIRTY_PAGES		(1U << 2)	/* has dirty pages */
#define I_SYNC			(1U << 3)	/* writeback in progress */
#define I_FREEING		(1U << 4)
#define I_DIRTY	(I_DIRTY_SYNC | I_DIRTY_DATASYNC | I_DIRTY_PAGES)

struct inode;
struct super_block;
struct writeback_control;

/*
 * The page tree: a two-level table standing in for the radix tree, with a
 * dirty bitmap per leaf playing the PAGECACHE_TAG_DIRTY tag, so writeback
 * finds dirty pages in index order without visiting clean ones.
 */
#define PT_LEAF_SHIFT	9
#define PT_LEAF_SLOTS	(1U << PT_LEAF_SHIFT)

struct pt_leaf {
	struct page *slot[PT_LEAF_SLOTS];
	uint64_t dirty[PT_LEAF_SLOTS / 64];
	unsigned int nr_pages, nr_dirty;
};

/**
 * struct address_space - an inode's page cache
 * @leaves: leaf table, @nr_leaves long, grown on demand
 * @nr_dirty, @nr_writeback: pages in those states, for fsync and tests
 * @writeback_index: where range_cyclic writeback goes on next time
 * @wb_wait: waiters for writeback of this mapping to finish
 */
struct address_space {
	struct inode *host;
	struct backing_dev_info *bdi;
	struct pt_leaf **leaves;
	uint64_t nr_leaves;
	uint64_t *dirty_leaves;		/* bitmap: leaves with dirty pages */
	uint64_t nrpages;
	uint64_t nr_dirty;
	uint64_t nr_writeback;
	uint64_t writeback_index;
	struct wait_queue_head wb_wait;
};

/* A run of logical blocks mapped to consecutive physical blocks. */
struct fs_extent {
	uint64_t lblk;
	uint64_t pblk;
	uint32_t len;
};

struct inode {
	uint64_t i_ino;
	struct super_block *i_sb;
	uint64_t i_size;
	uint32_t i_state;
	sim_time_t dirtied_when;
	struct list_head i_list;	/* on one of the writeback lists */
	struct list_head i_sb_list;	/* on sb->s_inodes */
	struct address_space i_data;
	bool is_dir;
	bool is_bdev;			/* a partition's metadata (buffer) inode */
	uint32_t i_nlink;
	int i_count;			/* open handles and other users */
	uint32_t i_nr_open;		/* open handles (i_writecount) */
	struct fs_extent *ext;		/* block map, sorted by lblk */
	uint32_t nr_ext, cap_ext;
	struct wait_queue_head i_sync_wait;	/* waiting for I_SYNC to clear */
	struct list_head i_children;	/* directory: its dentries */
	uint32_t nr_children;
	uint32_t nr_dir_slots;		/* directory: entries ever placed */
	uint64_t last_pblk;		/* last block allocated (goal) */
	bool i_unlinked;		/* nlink hit 0 while still open */
	struct block_device *i_bdev;	/* where its blocks are */
	uint64_t *ind;			/* indirect blocks it owns */
	uint32_t nr_ind, cap_ind;
	uint64_t i_tid;			/* journal: transaction it is ordered in */
	struct list_head i_ordered;	/* journal: on the ordered data list */
	/* delalloc: pages [start, end) allocated in that transaction
	 * (jbd2_inode's i_dirty_start/i_dirty_end) */
	uint64_t i_dirty_start, i_dirty_end;
};

/* A name in a directory (the dcache, which never shrinks here). */
struct dentry {
	struct dentry *d_hash_next;
	struct list_head d_child;	/* on the parent's i_children */
	struct inode *d_parent;
	struct inode *d_inode;
	uint64_t d_hash;
	uint32_t d_slot;		/* entry position: its directory block */
	uint16_t d_len;
	char d_name[];
};

struct super_operations;

/**
 * struct super_block - one mounted filesystem
 * @s_list: on the machine's super_blocks list, in mount order (2.6.30's
 *	writeback_inodes walks it from the tail: newest mount first)
 * @s_dirty, @s_io, @s_more_io: 2.6.30's per-superblock writeback lists
 * @s_umount_busy: held for writing (unmount/remount): trylock fails
 * @s_dirt: the superblock itself needs writing (write_super)
 * @s_bdev_inode: the partition's buffer cache: metadata blocks as pages
 */
struct super_block {
	struct list_head s_list;
	char s_id[16];			/* "sda1" */
	struct block_device *s_bdev;
	struct backing_dev_info *s_bdi;
	struct list_head s_dirty, s_io, s_more_io;
	struct list_head s_inodes;
	bool s_umount_busy;
	bool s_dirt;
	struct inode *s_bdev_inode;
	const struct super_operations *s_op;
	void *s_fs_info;
	struct inode *s_root;
	struct dentry **s_dhash;	/* dcache of this superblock */
	uint64_t s_dhash_size, s_nr_dentries;
	struct machine *s_machine;
	uint64_t s_writes_chunks;	/* per-sb accounting for traces */
	/* blocks reserved for delayed pages (s_dirtyclusters_counter) */
	uint64_t s_delalloc_blocks;
};

struct super_operations {
	/* map a file block; with @create allocate it (ext3_get_block) */
	int (*get_block)(struct inode *inode, uint64_t lblk, uint64_t *pblk,
			 bool create);
	/*
	 * write() dirties @page: allocate its block, or with delayed
	 * allocation reserve one and mark it PG_delalloc (write_begin's
	 * get_block: ext3_get_block, ext4_da_get_block_prep). -ENOSPC.
	 */
	int (*map_write)(struct inode *inode, struct page *page);
	/*
	 * writeback by task @t takes @page: its block, allocated now if
	 * delayed (ext4_writepages' mpage_map_and_submit_extent). -ENOSPC.
	 */
	int (*map_writepage)(struct inode *inode, struct page *page,
			     struct task *t, uint64_t *pblk);
	/* a new inode number in @dir's filesystem (ext3_new_inode) */
	int (*new_inode)(struct inode *dir, bool is_dir, uint64_t *ino);
	/* the last reference to an unlinked inode went: free its blocks */
	void (*evict_inode)(struct inode *inode);
	/* free the blocks of a file truncated to zero */
	void (*truncate_blocks)(struct inode *inode);
	/* the last open handle of @inode was closed (->release) */
	void (*release_file)(struct inode *inode);
	/* @page of @inode was written and dirtied (ext3 data=ordered files
	 * it in the running transaction) */
	void (*write_end)(struct inode *inode, struct page *page);
	/* the on-disk inode changed: dirty its inode table block */
	int (*write_inode)(struct inode *inode, bool wait);
	/* a directory entry at @slot of @dir changed */
	void (*dirty_dir_slot)(struct inode *dir, uint32_t slot);
	void (*write_super)(struct super_block *sb);
	/* make metadata durable (journal commit), from task @t */
	int (*sync_fs)(struct super_block *sb, struct task *t, bool wait);
};

static inline sector_t fs_block_to_sector(const struct super_block *sb,
					  uint64_t pblk)
{
	return sb->s_bdev->start_sect + pblk * PAGE_SECTORS;
}

#endif
