// SPDX-License-Identifier: GPL-2.0-only
/*
 * Round-robin between the superblocks of one bdi_writeback
 * (vm.writeback_sb_fair).
 *
 * Partitions of one disk share a bdi, hence one set of b_dirty/b_io lists.
 * queue_io() groups the inodes it moves to b_io by superblock, and
 * __writeback_inodes_wb() writes from the tail of b_io: it finishes one
 * superblock's group, in chunks of writeback_sb_inodes() (a time slice of
 * HZ/10 or the page budget), before it starts the next.  A partition with
 * many dirty inodes therefore holds the disk for as long as its group
 * lasts, and the other waits.
 *
 * With vm.writeback_sb_fair set, the rest of a superblock's group goes
 * behind the other groups on b_io after each chunk, so superblocks sharing
 * a wb take turns chunk by chunk.
 *
 *   b_io before (tail, written next, on the right):   B3 B2 B1 A3 A2 A1
 *   A1 written in a chunk; b_io after the rotation:   A3 A2 B3 B2 B1
 */

#include <linux/backing-dev.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/sysctl.h>
#include "internal.h"

static unsigned int writeback_sb_fair;

/**
 * wb_sb_fair_rotate - give the next superblock on a wb's b_io its turn
 * @wb: the bdi_writeback
 * @sb: the superblock whose chunk of writeback just ended
 *
 * Moves the inodes of @sb at the tail of @wb->b_io in front of the
 * others, keeping their order, if vm.writeback_sb_fair is set and other
 * inodes are waiting.  Caller holds @wb->list_lock.
 */
void wb_sb_fair_rotate(struct bdi_writeback *wb, struct super_block *sb)
{
	struct list_head *pos;
	LIST_HEAD(others);

	lockdep_assert_held(&wb->list_lock);

	if (!READ_ONCE(writeback_sb_fair))
		return;
	/* the run of @sb inodes at the tail: (pos, tail] */
	pos = wb->b_io.prev;
	while (pos != &wb->b_io &&
	       list_entry(pos, struct inode, i_io_list)->i_sb == sb)
		pos = pos->prev;
	/* no @sb inode left at the tail, or nobody else waiting */
	if (pos == wb->b_io.prev || pos == &wb->b_io)
		return;
	/* cut the others out, put them back behind the @sb run */
	list_cut_position(&others, &wb->b_io, pos);
	list_splice_tail(&others, &wb->b_io);
}

static struct ctl_table wb_sb_fair_sysctls[] = {
	{
		.procname	= "writeback_sb_fair",
		.data		= &writeback_sb_fair,
		.maxlen		= sizeof(writeback_sb_fair),
		.mode		= 0644,
		.proc_handler	= proc_douintvec_minmax,
		.extra1		= SYSCTL_ZERO,
		.extra2		= SYSCTL_ONE,
	},
	{ }
};

static int __init wb_sb_fair_init(void)
{
	register_sysctl("vm", wb_sb_fair_sysctls);
	return 0;
}
fs_initcall(wb_sb_fair_init);
