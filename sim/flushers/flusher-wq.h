/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The v6.1 model's private state, shared by its two halves as the kernel
 * splits them: flusher-wq.c (fs/fs-writeback.c, mm/backing-dev.c: the
 * work items, their worker and the inode walk) and flusher-wq-bdp.c
 * (mm/page-writeback.c: bandwidth estimation and the IO-less
 * balance_dirty_pages).
 */
#ifndef WBSIM_FLUSHER_WQ_H
#define WBSIM_FLUSHER_WQ_H

#include "init/machine.h"

#define MIN_WRITEBACK_PAGES	(4096UL >> (PAGE_SHIFT - 10))	/* 4 MiB */
#define DIRTY_SCOPE		8
#define INIT_BW			(100UL << (20 - PAGE_SHIFT))	/* 100 MB/s */

/**
 * struct wq_wb - a bdi's wb in 6.1: its work item, the worker that runs
 * it, and the bandwidth estimate's stamps
 * @idle: the worker sleeps here while its work is not queued
 * @dwork_timer: wb->dwork's timer (wb_wakeup_delayed)
 * @bw_timer: wb->bw_dwork (bandwidth update after an inode's writeback
 *	ends)
 * @queued: the work is pending, to run now
 * @running: WB_writeback_running (writeback_in_progress())
 * @start_all: WB_start_all, a "write everything" request pending
 * @bw_time_stamp: jiffies of the last bandwidth update
 */
struct wq_wb {
	struct machine *m;
	struct backing_dev_info *bdi;
	struct task worker;
	struct wait_queue_head idle;
	struct sim_event dwork_timer;
	struct sim_event bw_timer;
	bool queued;
	bool running;
	bool start_all;
	enum wb_reason start_all_reason;
	unsigned long bw_time_stamp;
	uint64_t dirtied_stamp;
	uint64_t fp_events;		/* completions, halved each period */
	uint64_t fp_written;		/* BDI_WRITTEN at the last period */
};

/**
 * struct wq_model - the machine-wide part
 * @dirty_limit: global_wb_domain.dirty_limit, the hard limit that follows
 *	the dirty threshold down slowly
 * @ratelimit_pages: dirty pages a CPU may collect before its tasks check
 * @period_timer: ages the wbs' shares of writeback completions every
 *	VM_COMPLETIONS_PERIOD_LEN (writeout_period())
 */
struct wq_model {
	int nr_wbs;
	struct wq_wb *wbs;
	unsigned long dirty_limit;
	unsigned long dirty_limit_tstamp;
	unsigned long ratelimit_pages;
	struct sim_event period_timer;
	/* vm.other_writeout's completions in the same proportions */
	uint64_t other_fp_events, other_fp_written;
};

static inline struct wq_model *wq_model(struct machine *m)
{
	return m->flusher_priv;
}

static inline unsigned long wq_hz(const struct machine *m)
{
	return m->wbp.hz;
}

static inline sim_time_t wq_jiffy_ns(const struct machine *m)
{
	return NSEC_PER_SEC / m->wbp.hz;
}

static inline unsigned long wq_jiffies(const struct machine *m)
{
	return (unsigned long)(m->sim.now / wq_jiffy_ns(m));
}

/* MAX_PAUSE and BANDWIDTH_INTERVAL: max(HZ/5, 1) */
static inline unsigned long wq_hz_fifth(const struct machine *m)
{
	return m->wbp.hz / 5 ? m->wbp.hz / 5 : 1;
}

/* flusher-wq.c */
void wq_start_background_writeback(struct wq_wb *w, struct task *t);

/* flusher-wq-bdp.c */
void wq_bandwidth_init(struct machine *m, struct wq_wb *w);
void wq_domain_init(struct machine *m);
void wq_inode_writeback_end(struct machine *m, struct inode *inode);
void wq_do_writepages(struct wq_wb *w, struct address_space *mapping,
		      struct writeback_control *wbc);
bool wq_over_bg_thresh(struct machine *m, struct backing_dev_info *bdi);
void wq_balance_dirty_pages(struct machine *m, struct task *t,
			    struct backing_dev_info *bdi,
			    unsigned long pages_dirtied);
void wq_balance_dirty_pages_ratelimited(struct machine *m, struct task *t,
					struct address_space *mapping,
					unsigned long nr_pages_dirtied);

#endif
