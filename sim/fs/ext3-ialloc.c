// SPDX-License-Identifier: GPL-2.0
/*
 * Inode allocation as fs/ext3/ialloc.c of v2.6.30 does it.
 *
 * ext3_new_inode() picks a group, then the first free inode in it:
 *  - directories whose parent is the root: find_group_orlov()'s top-level
 *    rule, spreading them: starting at a random group, the group with the
 *    fewest directories among those with at least the average number of
 *    free inodes and of free blocks;
 *  - other directories: find_group_orlov()'s rule for subdirectories,
 *    the parent's group unless it already holds too many directories
 *    or too few free inodes or blocks, then the next group that does;
 *  - directories with -o oldalloc: find_group_dir(), the group with most
 *    free blocks among those with above-average free inodes;
 *  - files (and everything else): find_group_other(), the parent's group,
 *    else a quadratic hash from it, else any group with a free inode.
 *
 * Differences: the random start of the top-level rule comes from the
 * filesystem's seeded stream instead of get_random_bytes(); the root is
 * the only top-level directory (no EXT3_TOPDIR_FL); Orlov's max_debt,
 * computed but not used by 2.6.30, is left out.
 */
#include <errno.h>

#include "ext3-int.h"

#define ext3_desc(fs, g) (&(fs)->groups[(g)])

static int find_group_dir(const struct ext3_fs *fs)
{
	uint32_t ngroups = fs->l.groups_count, g;
	uint32_t avefreei = fs->free_inodes / ngroups;
	int best = -1;

	for (g = 0; g < ngroups; g++) {
		const struct ext3_group_info *d = ext3_desc(fs, g);

		if (!d->free_inodes || d->free_inodes < avefreei)
			continue;
		if (best < 0 ||
		    d->free_blocks > ext3_desc(fs, best)->free_blocks)
			best = (int)g;
	}
	return best;
}

static int find_group_orlov(struct ext3_fs *fs, uint32_t parent)
{
	uint32_t ngroups = fs->l.groups_count, ipg = fs->l.inodes_per_group;
	uint32_t parent_group = ext3_group_of_inode(fs, parent);
	uint32_t avefreei = fs->free_inodes / ngroups;
	uint64_t avefreeb = fs->free_blocks / ngroups;
	int64_t max_dirs, min_inodes, min_blocks;
	uint32_t i, g;

	if (parent == EXT3_ROOT_INO) {
		uint32_t best_ndir = ipg;
		int best = -1;

		parent_group = (uint32_t)rng_below(&fs->rng, ngroups);
		for (i = 0; i < ngroups; i++) {
			const struct ext3_group_info *d;

			g = (parent_group + i) % ngroups;
			d = ext3_desc(fs, g);
			if (!d->free_inodes || d->used_dirs >= best_ndir ||
			    d->free_inodes < avefreei ||
			    d->free_blocks < avefreeb)
				continue;
			best = (int)g;
			best_ndir = d->used_dirs;
		}
		if (best >= 0)
			return best;
		goto fallback;
	}

	max_dirs = fs->ndirs / ngroups + ipg / 16;
	min_inodes = (int64_t)avefreei - ipg / 4;
	min_blocks = (int64_t)avefreeb - fs->l.blocks_per_group / 4;
	for (i = 0; i < ngroups; i++) {
		const struct ext3_group_info *d;

		g = (parent_group + i) % ngroups;
		d = ext3_desc(fs, g);
		if (!d->free_inodes || d->used_dirs >= max_dirs ||
		    d->free_inodes < min_inodes || d->free_blocks < min_blocks)
			continue;
		return (int)g;
	}

fallback:
	for (;;) {
		for (i = 0; i < ngroups; i++) {
			g = (parent_group + i) % ngroups;
			if (ext3_desc(fs, g)->free_inodes &&
			    ext3_desc(fs, g)->free_inodes >= avefreei)
				return (int)g;
		}
		/* the average can exceed every group on tiny filesystems */
		if (!avefreei)
			return -1;
		avefreei = 0;
	}
}

static int find_group_other(const struct ext3_fs *fs, uint32_t parent)
{
	uint32_t ngroups = fs->l.groups_count;
	uint32_t parent_group = ext3_group_of_inode(fs, parent);
	uint32_t g = parent_group, i;

	if (ext3_desc(fs, g)->free_inodes && ext3_desc(fs, g)->free_blocks)
		return (int)g;

	/*
	 * Files of one directory should share a group, but directories that
	 * share the parent's group should not all spill into the same next
	 * one: the parent's inode number offsets the hash.
	 */
	g = (uint32_t)(((uint64_t)g + parent) % ngroups);
	for (i = 1; i < ngroups; i <<= 1) {
		g += i;
		if (g >= ngroups)
			g -= ngroups;
		if (ext3_desc(fs, g)->free_inodes &&
		    ext3_desc(fs, g)->free_blocks)
			return (int)g;
	}

	/* then any group with a free inode, even without free blocks */
	g = parent_group;
	for (i = 0; i < ngroups; i++) {
		if (++g >= ngroups)
			g = 0;
		if (ext3_desc(fs, g)->free_inodes)
			return (int)g;
	}
	return -1;
}

/**
 * ext3_inode_in_use - whether inode @ino is allocated
 */
bool ext3_inode_in_use(const struct ext3_fs *fs, uint32_t ino)
{
	uint32_t g = ext3_group_of_inode(fs, ino);

	return g != UINT32_MAX &&
	       ext3_test_bit(ext3_gimap(fs, g), (ino - 1) %
			     fs->l.inodes_per_group);
}

/**
 * ext3_inode_is_dir - whether inode @ino is an allocated directory
 */
bool ext3_inode_is_dir(const struct ext3_fs *fs, uint32_t ino)
{
	uint32_t g = ext3_group_of_inode(fs, ino);

	return g != UINT32_MAX &&
	       ext3_test_bit(ext3_gdmap(fs, g), (ino - 1) %
			     fs->l.inodes_per_group);
}

/**
 * ext3_new_inode - allocate an inode for a new file or directory
 * @parent: the directory it is created in
 * @is_dir: a directory (Orlov) rather than a file (parent's group)
 * @ino: the new inode's number
 *
 * The caller dirties the inode bitmap and group descriptor of the new
 * inode's group and the block holding the inode (ext3_inode_table_block).
 * Returns 0, -EINVAL if @parent is not an allocated inode, -ENOTDIR if it
 * is not a directory, -ENOSPC when no inode is free.
 */
int ext3_new_inode(struct ext3_fs *fs, uint32_t parent, bool is_dir,
		   uint32_t *ino)
{
	uint32_t ngroups = fs->l.groups_count, ipg = fs->l.inodes_per_group;
	uint32_t i, bit;
	int group;

	if (!ext3_inode_in_use(fs, parent))
		return -EINVAL;
	if (!ext3_inode_is_dir(fs, parent))
		return -ENOTDIR;
	if (!fs->free_inodes)
		return -ENOSPC;
	if (!is_dir)
		group = find_group_other(fs, parent);
	else if (fs->p.orlov)
		group = find_group_orlov(fs, parent);
	else
		group = find_group_dir(fs);
	if (group < 0)
		return -ENOSPC;

	/* the first free inode of the group, else of the next ones */
	for (i = 0; i < ngroups; i++) {
		struct ext3_group_info *d = ext3_desc(fs, (uint32_t)group);

		bit = ext3_find_next_zero_bit(ext3_gimap(fs, (uint32_t)group),
					      ipg, 0);
		if (bit < ipg) {
			ext3_set_bit(ext3_gimap(fs, (uint32_t)group), bit);
			d->free_inodes--;
			fs->free_inodes--;
			if (is_dir) {
				ext3_set_bit(ext3_gdmap(fs, (uint32_t)group),
					     bit);
				d->used_dirs++;
				fs->ndirs++;
			}
			*ino = (uint32_t)group * ipg + bit + 1;
			return 0;
		}
		if ((uint32_t)++group == ngroups)
			group = 0;
	}
	return -ENOSPC;
}

/**
 * ext3_free_inode - free a deleted inode, as ext3_free_inode() when the
 * last reference goes; its reservation state goes with it
 *
 * The caller frees the inode's blocks (ext3_free_blocks) and dirties the
 * inode bitmap and group descriptor. Returns 0, or -EINVAL for a reserved,
 * nonexistent or free inode.
 */
int ext3_free_inode(struct ext3_fs *fs, uint32_t ino)
{
	uint32_t g, bit;

	if (ino < fs->l.first_ino || !ext3_inode_in_use(fs, ino))
		return -EINVAL;
	ext3_clear_inode(fs, ino);
	g = ext3_group_of_inode(fs, ino);
	bit = (ino - 1) % fs->l.inodes_per_group;
	ext3_clear_bit(ext3_gimap(fs, g), bit);
	fs->groups[g].free_inodes++;
	fs->free_inodes++;
	if (ext3_test_bit(ext3_gdmap(fs, g), bit)) {
		ext3_clear_bit(ext3_gdmap(fs, g), bit);
		fs->groups[g].used_dirs--;
		fs->ndirs--;
	}
	return 0;
}
