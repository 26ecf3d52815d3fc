/* SPDX-License-Identifier: GPL-2.0 */
/*
 * blktrace output (kernel/trace/blktrace.c): the block layer calls these
 * hooks at the same points the kernel fires its block tracepoints, and the
 * writer emits records in the real binary format (include/blktrace_api.h)
 * to NAME.blktrace.CPU files that blkparse and btt read.
 *
 * Every hook is a no-op when the queue is not being traced, so the fast
 * path costs one NULL test.
 */
#ifndef WBSIM_BLKTRACE_H
#define WBSIM_BLKTRACE_H

#include "blkdev.h"
#include "blktrace_api.h"

struct blk_trace;

int blk_trace_setup(struct request_queue *q, const char *dir,
		    const char *name, unsigned int nr_cpus);
int blk_trace_shutdown(struct request_queue *q);
void blk_trace_set_limit(struct request_queue *q, uint64_t bytes);
bool blk_trace_truncated(const struct request_queue *q);

void __blk_add_trace_bio(struct request_queue *q, struct bio *bio,
			 uint32_t what);
void __blk_add_trace_rq(struct request_queue *q, struct request *rq,
			uint32_t what);
void __blk_add_trace_getrq(struct request_queue *q, struct bio *bio,
			   uint32_t what);
void __blk_add_trace_plug(struct request_queue *q, uint32_t pid,
			  uint32_t cpu, const char *comm);
void __blk_add_trace_unplug(struct request_queue *q, uint32_t what,
			    unsigned int nr_queued);
void __blk_add_trace_remap(struct request_queue *q, struct bio *bio,
			   uint32_t from_dev, sector_t from_sector);

/* Q, M, F (bio events) */
static inline void trace_block_bio(struct request_queue *q, struct bio *bio,
				   uint32_t what)
{
	if (q->blk_trace)
		__blk_add_trace_bio(q, bio, what);
}

/* I, D, C, R (request events) */
static inline void trace_block_rq(struct request_queue *q,
				  struct request *rq, uint32_t what)
{
	if (q->blk_trace)
		__blk_add_trace_rq(q, rq, what);
}

/* G, S */
static inline void trace_block_getrq(struct request_queue *q,
				     struct bio *bio, uint32_t what)
{
	if (q->blk_trace)
		__blk_add_trace_getrq(q, bio, what);
}

static inline void trace_block_plug(struct request_queue *q, uint32_t pid,
				    uint32_t cpu, const char *comm)
{
	if (q->blk_trace)
		__blk_add_trace_plug(q, pid, cpu, comm);
}

/* U, UT with the number of queued requests as payload */
static inline void trace_block_unplug(struct request_queue *q, uint32_t what,
				      unsigned int nr_queued)
{
	if (q->blk_trace)
		__blk_add_trace_unplug(q, what, nr_queued);
}

/* A: @bio already carries the disk sector and the whole-disk bdev */
static inline void trace_block_remap(struct request_queue *q,
				     struct bio *bio, uint32_t from_dev,
				     sector_t from_sector)
{
	if (q->blk_trace)
		__blk_add_trace_remap(q, bio, from_dev, from_sector);
}

#endif
