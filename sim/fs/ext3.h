/* SPDX-License-Identifier: GPL-2.0 */
/* The ext3-like filesystem of a partition (ext3.c) and its options. */
#ifndef WBSIM_EXT3_H
#define WBSIM_EXT3_H

#include "ext3-alloc.h"
#include "init/machine.h"

enum fs_journal_mode {
	FS_JOURNAL_NONE,
	FS_JOURNAL_WRITEBACK,
	FS_JOURNAL_ORDERED,
};


struct super_block *ext3_mount(struct machine *m, struct block_device *bdev,
			       struct backing_dev_info *bdi,
			       struct super_block *bdev_sb,
			       const struct ext3_params *ep, char *err,
			       size_t errlen);
void ext3_umount_free(struct machine *m, struct super_block *sb);
uint64_t ext3_nr_commits(struct super_block *sb);
uint64_t ext3_journal_blocks_written(struct super_block *sb);

#endif
