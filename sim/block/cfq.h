/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CFQ internals shared by cfq-iosched.c (queues, slices, dispatch) and
 * cfq-ioc.c (per-process state: io contexts, think time, seek distance).
 * See cfq-iosched.c for what CFQ does and what is simplified.
 */
#ifndef WBSIM_CFQ_H
#define WBSIM_CFQ_H

#include "blk.h"

#define CFQ_PRIO_LISTS		8	/* IOPRIO_BE_NR */
#define CFQ_DEFAULT_PRIO	4	/* best effort, the kernel's default */
#define CFQ_SLICE_SCALE		5
#define CFQ_HW_QUEUE_MIN	5	/* depth that counts as NCQ */
#define CFQ_MIN_TT		(2 * NSEC_PER_MSEC)	/* idle of seeky tasks */
#define CIC_SEEKY_SECTORS	(8 * 1024)	/* mean seek of a seeky task */
#define CIC_HASH_BITS		10

#define sample_valid(samples)	((samples) > 80)

struct cfq_params {
	unsigned int quantum;
	sim_time_t fifo_expire_sync;
	sim_time_t fifo_expire_async;
	unsigned int back_seek_max;	/* KiB */
	unsigned int back_seek_penalty;
	sim_time_t slice_sync;
	sim_time_t slice_async;
	unsigned int slice_async_rq;
	sim_time_t slice_idle;
};

struct cfq_queue;

/* The cfq part of a task's io_context: one per pid. */
struct cfq_io_context {
	uint32_t pid;
	struct cfq_io_context *hash_next;
	struct cfq_queue *cfqq[2];	/* [0] the shared async, [1] own sync */
	sim_time_t last_end_request;
	uint64_t ttime_total;
	unsigned int ttime_samples;
	sim_time_t ttime_mean;
	uint64_t seek_total;
	unsigned int seek_samples;
	sector_t seek_mean;
	sector_t last_request_pos;
};

struct cfq_queue {
	struct cfq_data *cfqd;
	struct rb_node rb_node;		/* on the service tree */
	bool on_tree;
	int64_t rb_key;
	struct rb_root sort_list;	/* pending requests by sector */
	struct request *next_rq;	/* next in the sweep */
	unsigned int queued[2];		/* pending, [0] async [1] sync */
	unsigned int allocated[2];	/* allocated, [0] read [1] write */
	struct list_head fifo;		/* pending requests by age */
	sim_time_t slice_end;
	int64_t slice_resid;		/* left over (or overrun) of a slice */
	unsigned int meta_pending;
	unsigned int dispatched;	/* on the dispatch list or in driver */
	unsigned int slice_dispatch;	/* requests dispatched this slice */
	unsigned short ioprio;
	uint32_t pid;
	bool on_rr, wait_request, fifo_expire;
	bool idle_window, slice_new, sync;
};

struct cfq_data {
	struct request_queue *queue;
	const struct cfq_params *p;
	struct rb_root service_tree;
	unsigned int busy_queues;	/* queues with pending requests */
	unsigned int rq_in_driver;
	unsigned int sync_flight;	/* sync requests past the scheduler */
	unsigned int rq_queued;
	/* queue depth detection */
	bool hw_tag;
	unsigned int hw_tag_samples;
	unsigned int rq_in_driver_peak;
	struct sim_event idle_slice_timer;
	struct sim_event unplug_work;	/* kblockd: run the queue soon */
	struct cfq_queue *active_queue;
	struct cfq_io_context *active_cic;
	struct cfq_queue *async_cfqq[CFQ_PRIO_LISTS];
	sector_t last_position;
	sim_time_t fifo_expire[2];
	sim_time_t slice[2];
	struct cfq_io_context *cic_hash[1 << CIC_HASH_BITS];
};

#define RQ_CIC(rq)	((struct cfq_io_context *)(rq)->elv_priv[0])
#define RQ_CFQQ(rq)	((struct cfq_queue *)(rq)->elv_priv[1])

static inline sim_time_t cfq_now(const struct cfq_data *cfqd)
{
	return cfqd->queue->sim->now;
}

/* cfq-ioc.c */
struct cfq_queue *cfq_bio_cfqq(struct cfq_data *cfqd, const struct bio *bio);
int cfq_set_request(struct request_queue *q, struct request *rq,
		    struct bio *bio);
void cfq_put_request(struct request *rq);
void cfq_update_io_stats(struct cfq_data *cfqd, struct cfq_queue *cfqq,
			 struct cfq_io_context *cic, const struct request *rq);
void cfq_free_io_contexts(struct cfq_data *cfqd);

#endif
