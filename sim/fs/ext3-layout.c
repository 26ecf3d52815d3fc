// SPDX-License-Identifier: GPL-2.0
/*
 * Where an ext3 filesystem keeps things: the group of a block or inode,
 * the blocks of each group's bitmaps, inode table and descriptor, the
 * superblock and the journal; and the free counters. These are the block
 * numbers the writeback model dirties for metadata: an allocation dirties
 * its group's bitmap and descriptor, a changed inode its inode table
 * block, a commit the journal blocks.
 */
#include <errno.h>

#include "ext3-int.h"

/**
 * ext3_group_of_block - group holding @block; UINT32_MAX outside the fs
 */
uint32_t ext3_group_of_block(const struct ext3_fs *fs, uint64_t block)
{
	if (block < fs->l.first_data_block || block >= fs->l.blocks_count)
		return UINT32_MAX;
	return (uint32_t)((block - fs->l.first_data_block) /
			  fs->l.blocks_per_group);
}

/**
 * ext3_group_of_inode - group holding inode @ino; UINT32_MAX if no such
 */
uint32_t ext3_group_of_inode(const struct ext3_fs *fs, uint32_t ino)
{
	if (!ino || ino > fs->l.inodes_count)
		return UINT32_MAX;
	return (ino - 1) / fs->l.inodes_per_group;
}

/**
 * ext3_group_first_block - first block of @group (0 if no such group)
 */
uint64_t ext3_group_first_block(const struct ext3_fs *fs, uint32_t group)
{
	return group < fs->l.groups_count ? fs->groups[group].first_block : 0;
}

/**
 * ext3_bg_has_super - whether @group holds a superblock and GDT copy
 */
bool ext3_bg_has_super(const struct ext3_fs *fs, uint32_t group)
{
	return group < fs->l.groups_count && fs->groups[group].has_super;
}

/**
 * ext3_block_bitmap - the block bitmap's block of @group (0: no group)
 */
uint64_t ext3_block_bitmap(const struct ext3_fs *fs, uint32_t group)
{
	return group < fs->l.groups_count ? fs->groups[group].block_bitmap : 0;
}

/**
 * ext3_inode_bitmap - the inode bitmap's block of @group (0: no group)
 */
uint64_t ext3_inode_bitmap(const struct ext3_fs *fs, uint32_t group)
{
	return group < fs->l.groups_count ? fs->groups[group].inode_bitmap : 0;
}

/**
 * ext3_inode_table - first inode table block of @group (0: no group)
 */
uint64_t ext3_inode_table(const struct ext3_fs *fs, uint32_t group)
{
	return group < fs->l.groups_count ? fs->groups[group].inode_table : 0;
}

/**
 * ext3_inode_table_block - the block holding inode @ino on disk, the one
 * ext3_mark_inode_dirty() dirties (0 if there is no such inode)
 */
uint64_t ext3_inode_table_block(const struct ext3_fs *fs, uint32_t ino)
{
	uint32_t g = ext3_group_of_inode(fs, ino);
	uint64_t index;

	if (g == UINT32_MAX)
		return 0;
	index = (ino - 1) % fs->l.inodes_per_group;
	return fs->groups[g].inode_table +
	       index * fs->l.inode_size / fs->l.block_size;
}

/**
 * ext3_group_desc_block - the primary group descriptor block describing
 * @group, right after the superblock (the kernel never writes the backups)
 */
uint64_t ext3_group_desc_block(const struct ext3_fs *fs, uint32_t group)
{
	if (group >= fs->l.groups_count)
		return 0;
	return fs->l.first_data_block + 1 + group / fs->l.desc_per_block;
}

/**
 * ext3_super_block - the block holding the primary superblock (byte 1024)
 */
uint64_t ext3_super_block(const struct ext3_fs *fs)
{
	return fs->l.first_data_block;
}

/**
 * ext3_journal_extent - the blocks the journal spans
 * @start, @len: first block and length of the span
 *
 * The span holds the journal's data blocks and its indirect blocks, and
 * where the journal runs past the end of a group, that group's neighbour's
 * bitmaps and inode table (a few hundred blocks of 33,000 in a 128 MiB
 * journal). ext3_journal_bmap() gives exact block numbers.
 * Returns 0, or -ENOENT if the filesystem has no journal.
 */
int ext3_journal_extent(const struct ext3_fs *fs, uint64_t *start,
			uint64_t *len)
{
	if (!fs->nr_jruns)
		return -ENOENT;
	*start = fs->j_first;
	*len = fs->j_last - fs->j_first + 1;
	return 0;
}

/**
 * ext3_journal_bmap - where logical block @lblk of the journal is, as
 * jbd's journal_bmap() finds it
 *
 * Returns 0, -ENOENT without a journal, -EINVAL past its end.
 */
int ext3_journal_bmap(const struct ext3_fs *fs, uint64_t lblk, uint64_t *pblk)
{
	unsigned int lo = 0, hi = fs->nr_jruns;

	if (!fs->nr_jruns)
		return -ENOENT;
	if (lblk >= fs->l.journal_blocks)
		return -EINVAL;
	while (hi - lo > 1) {
		unsigned int mid = (lo + hi) / 2;

		if (fs->jruns[mid].lblk <= lblk)
			lo = mid;
		else
			hi = mid;
	}
	*pblk = fs->jruns[lo].pblk + (lblk - fs->jruns[lo].lblk);
	return 0;
}

/**
 * ext3_free_blocks_count - free blocks in the filesystem
 */
uint64_t ext3_free_blocks_count(const struct ext3_fs *fs)
{
	return fs->free_blocks;
}

/**
 * ext3_free_inodes_count - free inodes in the filesystem
 */
uint32_t ext3_free_inodes_count(const struct ext3_fs *fs)
{
	return fs->free_inodes;
}

/**
 * ext3_dirs_count - directories in the filesystem
 */
uint32_t ext3_dirs_count(const struct ext3_fs *fs)
{
	return fs->ndirs;
}

/**
 * ext3_group_free_blocks - bg_free_blocks_count of @group
 */
uint32_t ext3_group_free_blocks(const struct ext3_fs *fs, uint32_t group)
{
	return group < fs->l.groups_count ? fs->groups[group].free_blocks : 0;
}

/**
 * ext3_group_free_inodes - bg_free_inodes_count of @group
 */
uint32_t ext3_group_free_inodes(const struct ext3_fs *fs, uint32_t group)
{
	return group < fs->l.groups_count ? fs->groups[group].free_inodes : 0;
}

/**
 * ext3_group_used_dirs - bg_used_dirs_count of @group
 */
uint32_t ext3_group_used_dirs(const struct ext3_fs *fs, uint32_t group)
{
	return group < fs->l.groups_count ? fs->groups[group].used_dirs : 0;
}

/**
 * ext3_block_in_use - whether @block's bit is set (true outside the fs)
 */
bool ext3_block_in_use(const struct ext3_fs *fs, uint64_t block)
{
	uint32_t g = ext3_group_of_block(fs, block);

	if (g == UINT32_MAX)
		return true;
	return ext3_test_bit(ext3_gbmap(fs, g),
			     (uint32_t)(block - fs->groups[g].first_block));
}
