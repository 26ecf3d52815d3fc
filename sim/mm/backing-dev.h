/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Backing devices (include/linux/backing-dev.h): one bdi per disk, so the
 * partitions of one disk share it. From 2.6.32 on, its bdi_writeback holds
 * the dirty inode lists of every superblock on the disk and the flusher
 * thread that writes them.
 */
#ifndef WBSIM_BACKING_DEV_H
#define WBSIM_BACKING_DEV_H

#include <stdbool.h>
#include <stdint.h>

#include "block/blkdev.h"
#include "lib/list.h"
#include "lib/flex_proportions.h"
#include "lib/proportions.h"
#include "kernel/sched.h"

enum bdi_stat_item {
	BDI_RECLAIMABLE,	/* dirty pages of this bdi */
	BDI_WRITEBACK,		/* pages under writeback */
	BDI_WRITTEN,		/* completions, for reports */
	BDI_DIRTIED,		/* pages dirtied (6.1's WB_DIRTIED: dirty rate) */
	NR_BDI_STAT_ITEMS,
};

/* bdi->state bits */
#define BDI_pdflush		(1U << 0)	/* a pdflush thread writes it */
#define BDI_pending		(1U << 1)	/* forker is starting a thread */
#define BDI_registered		(1U << 2)

struct backing_dev_info;

/**
 * struct bdi_writeback - the writeback state of a bdi (2.6.32)
 * @task: its flusher thread, NULL while it has none
 * @last_old_flush: last kupdate-style flush
 * @last_active: last time the thread wrote something (idle exit)
 */
struct bdi_writeback {
	struct backing_dev_info *bdi;
	struct task *task;
	sim_time_t last_old_flush;
	sim_time_t last_active;
	struct list_head b_dirty;
	struct list_head b_io;
	struct list_head b_more_io;
};

/**
 * struct bdi_work - a writeback request queued for a bdi's flusher
 * @sb: only this superblock's inodes, or NULL for all of the bdi
 * @done: set when finished; @waiter is woken then (sync work)
 */
struct bdi_work {
	struct list_head list;
	long nr_pages;
	struct super_block *sb;
	int sync_mode;
	bool for_kupdate, range_cyclic, for_background;
	int reason;			/* enum wb_reason */
	bool done;
	bool free_when_done;		/* nobody waits: freed when done */
	struct task *waiter;
};

struct machine;

struct backing_dev_info {
	char name[16];			/* "8:0", as flush-8:0 */
	struct request_queue *q;
	struct list_head bdi_list;
	struct bdi_writeback wb;
	struct list_head work_list;
	unsigned int state;
	int64_t stat[NR_BDI_STAT_ITEMS];
	struct prop_local completions;	/* share of writeback completions */
	struct fprop_local fcompletions;	/* the same, vm.bdi_share = flex */
	bool dirty_exceeded;
	unsigned int min_ratio, max_ratio;
	/* v3.1+ estimates for the IO-less models */
	uint64_t written_stamp;
	sim_time_t bw_time_stamp;
	uint64_t write_bandwidth;	/* pages/s */
	uint64_t avg_write_bandwidth;
	uint64_t dirty_ratelimit, balanced_dirty_ratelimit;	/* pages/s */
	void *flusher_priv;		/* the flusher model's per-bdi state */
	struct machine *flusher_machine;
};

void bdi_work_done(struct machine *m, struct bdi_work *work);

static inline uint64_t bdi_stat(const struct backing_dev_info *bdi,
				enum bdi_stat_item item)
{
	return bdi->stat[item] > 0 ? (uint64_t)bdi->stat[item] : 0;
}

static inline bool bdi_has_dirty_io(const struct backing_dev_info *bdi)
{
	return !list_empty(&bdi->wb.b_dirty) || !list_empty(&bdi->wb.b_io) ||
	       !list_empty(&bdi->wb.b_more_io);
}

static inline bool writeback_in_progress(const struct backing_dev_info *bdi)
{
	return bdi->state & BDI_pdflush;
}

#endif
