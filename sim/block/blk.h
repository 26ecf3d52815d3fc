/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Block layer internals shared by blk-core.c, elevator.c and the I/O
 * schedulers (the kernel keeps these in block/blk.h and the non-driver
 * half of include/linux/elevator.h). Nothing outside the block layer
 * should include this.
 */
#ifndef WBSIM_BLK_H
#define WBSIM_BLK_H

#include "elevator.h"

/*
 * Internal request flag, kept above the bio REQ_* bits: the request grew to
 * max_sectors_kb and must not be merged any more (the kernel's REQ_NOMERGE,
 * set by ll_back_merge_fn()/ll_front_merge_fn()).
 */
#define REQ_NOMERGE	(1U << 16)

static inline bool rq_mergeable(const struct request *rq)
{
	return !(rq->cmd_flags & REQ_NOMERGE);
}

/* blk-core.c */
void blk_start_queueing(struct request_queue *q);

/* elevator.c: what blk-core.c needs from the generic elevator */
int elevator_init(struct request_queue *q, int index, const void *params);
void elevator_exit(struct request_queue *q);
bool elv_queue_empty(struct request_queue *q);
bool elv_rq_merge_ok(struct request_queue *q, struct request *rq,
		     struct bio *bio);
int elv_merge(struct request_queue *q, struct request **req, struct bio *bio);
void elv_merged_request(struct request_queue *q, struct request *rq,
			int type);
void elv_merge_requests(struct request_queue *q, struct request *rq,
			struct request *next);
void elv_insert_sorted(struct request_queue *q, struct request *rq);
struct request *elv_former_request(struct request_queue *q,
				   struct request *rq);
struct request *elv_latter_request(struct request_queue *q,
				   struct request *rq);
void elv_rqhash_del(struct request_queue *q, struct request *rq);

static inline const struct elevator_ops *elv_ops(struct request_queue *q)
{
	return &q->elevator.type->ops;
}

#endif
