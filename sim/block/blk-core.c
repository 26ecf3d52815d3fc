// SPDX-License-Identifier: GPL-2.0
/*
 * The request queue as of v2.6.30 (block/blk-core.c): bio submission with
 * partition remapping, merging into queued requests, request allocation
 * with its two request lists and congestion thresholds, sleeping
 * submitters, plugging, and the driver's side (fetch and completion).
 *
 * The path of a bio (blktrace action letters in brackets):
 *
 *   blk_submit_bio: remap [A], queue [Q]
 *     __make_request: merge into a queued request [M back, F front],
 *                     then maybe request+request (attempt_*_merge)
 *       or get_request: list full -> the bio waits [S]
 *                       else allocate [G], plug if idle [P],
 *                       insert into the elevator [I], unplug [U]
 *   request_fn (driver) -> blk_fetch_request [D]
 *   blk_end_request [C] -> bi_end_io, free, wake a waiter, run the queue
 *
 * Simplifications, on purpose:
 * - A read, or a write with REQ_SYNC or REQ_UNPLUG, unplugs the queue as
 *   soon as it is queued. In 2.6.30 only REQ_UNPLUG (READ_SYNC, WRITE_SYNC)
 *   does that; ordinary reads unplug a moment later when the waiting task
 *   calls sync_page() -> blk_unplug(). The simulator has no page locks to
 *   wait on, so it unplugs at once.
 * - A submitter sleeps when its list holds nr_requests requests and gets
 *   the next request freed on that list, first come first served. The
 *   kernel also lets a "batching" task allocate up to 3/2 nr_requests and
 *   races woken tasks against new ones; neither is modelled.
 * - Unplugging only happens when the queue is plugged, and only then fires
 *   U; the kernel's blk_unplug() logs U even for an unplugged queue.
 * - The driver gets requests only when the queue is unplugged (as the IDE
 *   driver of the testbed checks blk_queue_plugged()); a completion does
 *   not remove the plug, the threshold, the timer or a sync bio does.
 *
 * Request lists are indexed by sync-ness like the kernel's request_list
 * (BLK_RW_ASYNC 0, BLK_RW_SYNC 1); so are q->in_flight and q->wait_*.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "blk.h"
#include "blktrace.h"
#include "io-writer.h"

/* boundary_rq_sector when no request on the dispatch list is the boundary */
#define BLK_NO_BOUNDARY		((sector_t)-1)

/* Requests are carved from chunks of this many: no malloc per request. */
#define BLK_RQ_CHUNK		64

struct blk_rq_chunk {
	struct blk_rq_chunk *next;
	struct request rq[BLK_RQ_CHUNK];
};

static const struct opt_desc queue_opts[] = {
	{ "nr_requests", OPT_UINT, offsetof(struct queue_params, nr_requests),
	  "128", 4, 8192, NULL, NULL,
	  "requests per list (sync and async) before submitters sleep" },
	{ "max_sectors_kb", OPT_UINT,
	  offsetof(struct queue_params, max_sectors_kb), "512", 4, 32768,
	  NULL, NULL, "largest request (KiB) that merging may build" },
	{ "unplug_thresh", OPT_UINT,
	  offsetof(struct queue_params, unplug_thresh), "4", 1, 8192,
	  NULL, NULL, "queued requests that unplug a plugged queue" },
	{ "unplug_delay", OPT_TIME, offsetof(struct queue_params, unplug_delay),
	  "3", 0, 10000, "ms", NULL,
	  "plug timer: unplug this long after plugging" },
	{ "elevator", OPT_ENUM, offsetof(struct queue_params, elevator),
	  "cfq", 0, 0, NULL, elevator_names, "I/O scheduler" },
	{ "nomerges", OPT_BOOL, offsetof(struct queue_params, nomerges),
	  "no", 0, 0, NULL, NULL, "never merge bios into queued requests" },
	{ "mq", OPT_BOOL, offsetof(struct queue_params, mq), "no", 0, 0,
	  NULL, NULL,
	  "blk-mq (6.1): nr_requests is one set of tags for every request "
	  "until it completes (sync and async alike, submitters served in "
	  "turn) and a writer's next bio merges in its plug with the request "
	  "it made last, front or back; no: 2.6.30's request lists, "
	  "nr_requests sync and nr_requests async" },
	{ .name = NULL },
};

const struct opt_table queue_opt_table = {
	.section = "queue",
	.title = "request queue (v2.6.30 block layer)",
	.opts = queue_opts,
};

static inline sim_time_t blk_now(const struct request_queue *q)
{
	return q->sim->now;
}

static inline unsigned int blk_nr_allocated(const struct request_queue *q)
{
	return q->count[BLK_RW_ASYNC] + q->count[BLK_RW_SYNC];
}

static inline void bio_endio(struct bio *bio, int error)
{
	if (bio->bi_end_io)
		bio->bi_end_io(bio, error);
}

/* See the header comment: what unplugs right after queueing. */
static inline bool bio_unplugs(const struct bio *bio)
{
	return !(bio->bi_rw & REQ_WRITE) ||
		(bio->bi_rw & (REQ_SYNC | REQ_UNPLUG));
}

/*
 * blk_queue_congestion_threshold(): a list is congested from 7/8 full
 * (plus one) and stops being congested below about 13/16, so the flag
 * does not flap with every request. 128 requests: on at 113, off below 103.
 */
static void blk_queue_congestion_threshold(struct request_queue *q)
{
	unsigned int nr = q->p.nr_requests;
	int off = (int)nr - (int)(nr / 8) - (int)(nr / 16) - 1;

	q->congestion_on = nr - nr / 8 + 1;
	if (q->congestion_on > nr)
		q->congestion_on = nr;
	q->congestion_off = off < 1 ? 1 : (unsigned int)off;
}

/* ---- plugging ---------------------------------------------------------- */

static void blk_plug_device(struct request_queue *q, const struct bio *bio)
{
	/*
	 * blk-mq plugs a task's bios in its own plug (the model's writers
	 * build their contiguous bios whole) and has no queue plug: a
	 * request goes to the driver as soon as it has a tag, so bios of
	 * other tasks do not merge into it while it waits
	 */
	if (q->plugged || q->p.mq)
		return;
	if (sim_schedule_in(q->sim, &q->unplug_timer, q->p.unplug_delay))
		return;		/* no memory for the timer: just don't plug */
	q->plugged = true;
	trace_block_plug(q, bio->bi_pid, bio->bi_cpu, bio->bi_comm);
}

static bool blk_remove_plug(struct request_queue *q)
{
	if (!q->plugged)
		return false;
	q->plugged = false;
	sim_cancel(q->sim, &q->unplug_timer);
	return true;
}

/* __generic_unplug_device(): if plugged, unplug [U] and start the driver */
static void blk_unplug_locked(struct request_queue *q)
{
	if (!blk_remove_plug(q))
		return;
	trace_block_unplug(q, BLK_TA_UNPLUG_IO, blk_nr_allocated(q));
	blk_run_queue(q);
}

/*
 * The plug timer [UT]; the kernel then unplugs from kblockd
 * (blk_unplug_work), which logs U as well.
 */
static void blk_unplug_timeout(struct sim *sim, struct sim_event *ev)
{
	struct request_queue *q = container_of(ev, struct request_queue,
					       unplug_timer);

	trace_block_unplug(q, BLK_TA_UNPLUG_TIMER, blk_nr_allocated(q));
	blk_unplug_locked(q);
}

/**
 * blk_unplug - a task waits for I/O on @q: send what is queued now
 */
void blk_unplug(struct request_queue *q)
{
	blk_unplug_locked(q);
}

/**
 * blk_start_queueing - run the driver now, unplugging if needed
 * (CFQ kicks the queue with this when a request should go out at once)
 */
void blk_start_queueing(struct request_queue *q)
{
	if (q->plugged)
		blk_unplug_locked(q);
	else
		blk_run_queue(q);
}

/**
 * blk_run_queue - call the driver's request_fn if there is work
 *
 * A call made while request_fn runs (a scheduler kicking the queue, a
 * completion callback submitting) does not recurse: request_fn runs once
 * more when it returns, like the kernel's QUEUE_FLAG_REENTER deferral.
 */
void blk_run_queue(struct request_queue *q)
{
	if (!q->request_fn)
		return;
	if (q->in_request_fn) {
		q->rerun_request_fn = true;
		return;
	}
	if (elv_queue_empty(q))
		return;
	q->in_request_fn = true;
	do {
		q->rerun_request_fn = false;
		q->request_fn(q);
	} while (q->rerun_request_fn && !elv_queue_empty(q));
	q->in_request_fn = false;
}

/* ---- request allocation ---------------------------------------------- */

static int blk_grow_free_list(struct request_queue *q)
{
	struct blk_rq_chunk *c = malloc(sizeof(*c));

	if (!c)
		return -ENOMEM;
	c->next = q->rq_chunks;
	q->rq_chunks = c;
	for (int i = BLK_RQ_CHUNK - 1; i >= 0; i--) {
		c->rq[i].hash_next = q->free_rqs;
		q->free_rqs = &c->rq[i];
	}
	return 0;
}

/*
 * get_request(): take a request for @bio from list @list (the caller
 * checked there is room) and start it from the bio [G].
 */
static struct request *get_request(struct request_queue *q, struct bio *bio,
				   int list)
{
	struct request *rq;

	if (!q->free_rqs && blk_grow_free_list(q))
		return NULL;
	rq = q->free_rqs;
	q->free_rqs = rq->hash_next;
	*rq = (struct request){
		.q = q,
		.sector = bio->bi_sector,
		.nr_sectors = bio->bi_size >> SECTOR_SHIFT,
		.cmd_flags = bio->bi_rw & ~REQ_NOMERGE,
		.pid = bio->bi_pid,
		.cpu = bio->bi_cpu,
		.comm = bio->bi_comm,
		.bio = bio,
		.biotail = bio,
		.nr_bios = 1,
		.start_time = blk_now(q),
	};
	INIT_LIST_HEAD(&rq->queuelist);
	if (elv_ops(q)->elevator_set_req_fn &&
	    elv_ops(q)->elevator_set_req_fn(q, rq, bio)) {
		rq->hash_next = q->free_rqs;
		q->free_rqs = rq;
		return NULL;
	}
	q->count[list]++;
	if (q->count[list] >= q->congestion_on && !q->congested[list]) {
		q->congested[list] = true;
		q->stats.nr_congestion_on++;
	}
	q->stats.nr_requests_alloc++;
	trace_block_getrq(q, bio, BLK_TA_GETRQ);
	return rq;
}

/*
 * __blk_put_request() + freed_request(): back to the free list. A waiter
 * for this list is served by blk_wake_waiters() once the current operation
 * is finished, so a request freed in the middle of a merge never has a
 * new bio queued underneath it.
 */
static void blk_put_request(struct request_queue *q, struct request *rq)
{
	const int list = rq_is_sync(rq);

	if (q->last_merge == rq)
		q->last_merge = NULL;
	elv_rqhash_del(q, rq);
	if (elv_ops(q)->elevator_put_req_fn)
		elv_ops(q)->elevator_put_req_fn(rq);
	q->count[list]--;
	if (q->congested[list] && q->count[list] < q->congestion_off) {
		q->congested[list] = false;
		/* clear_bdi_congested(): wakes congestion_wait() sleepers */
		if (q->congestion_clear)
			q->congestion_clear(q, list);
	}
	rq->bio = rq->biotail = NULL;
	rq->hash_next = q->free_rqs;
	q->free_rqs = rq;
}

/* ---- merging ----------------------------------------------------------- */

/*
 * ll_back_merge_fn()/ll_front_merge_fn(): the size limit. A request that
 * would outgrow it is marked unmergeable for good, as in the kernel.
 */
static bool ll_merge_ok(struct request_queue *q, struct request *req,
			uint64_t nr)
{
	if (req->nr_sectors + nr <= (uint64_t)q->p.max_sectors_kb * 2)
		return true;
	req->cmd_flags |= REQ_NOMERGE;
	elv_rqhash_del(q, req);
	if (q->last_merge == req)
		q->last_merge = NULL;
	return false;
}

/* Append @next (the request right after @req on the disk) to @req. */
static bool attempt_merge(struct request_queue *q, struct request *req,
			  struct request *next)
{
	if (!rq_mergeable(req) || !rq_mergeable(next))
		return false;
	if (rq_end_sector(req) != next->sector)
		return false;
	if (rq_data_dir(req) != rq_data_dir(next) ||
	    rq_is_sync(req) != rq_is_sync(next))
		return false;
	if ((uint64_t)req->nr_sectors + next->nr_sectors >
	    (uint64_t)q->p.max_sectors_kb * 2)
		return false;
	/* the older start time stays: it is what the FIFOs age */
	if (next->start_time < req->start_time)
		req->start_time = next->start_time;
	elv_rqhash_del(q, req);		/* its end sector moves */
	req->biotail->bi_next = next->bio;
	req->biotail = next->biotail;
	req->nr_sectors += next->nr_sectors;
	req->nr_bios += next->nr_bios;
	elv_merge_requests(q, req, next);
	q->stats.nr_rq_merges++;
	blk_put_request(q, next);
	return true;
}

static bool attempt_back_merge(struct request_queue *q, struct request *rq)
{
	struct request *next = elv_latter_request(q, rq);

	return next && attempt_merge(q, rq, next);
}

static bool attempt_front_merge(struct request_queue *q, struct request *rq)
{
	struct request *prev = elv_former_request(q, rq);

	return prev && attempt_merge(q, prev, rq);
}

/* ---- queueing ------------------------------------------------------------ */

/* elv_insert() tail: I, hand to the scheduler, unplug at the threshold. */
static void add_request(struct request_queue *q, struct request *rq)
{
	trace_block_rq(q, rq, BLK_TA_INSERT);
	elv_insert_sorted(q, rq);	/* @rq may be gone to the driver now */
	if (q->plugged) {
		unsigned int nrq = blk_nr_allocated(q) -
			q->in_flight[BLK_RW_ASYNC] - q->in_flight[BLK_RW_SYNC];

		if (nrq >= q->p.unplug_thresh)
			blk_unplug_locked(q);
	}
}

/* Allocate a request for @bio (room checked) and queue it. */
static int blk_queue_bio(struct request_queue *q, struct bio *bio)
{
	const bool unplug = bio_unplugs(bio);
	struct request *rq = get_request(q, bio, bio_is_sync(bio));

	if (!rq) {
		bio_endio(bio, -ENOMEM);
		return -ENOMEM;
	}
	if (elv_queue_empty(q))
		blk_plug_device(q, bio);
	add_request(q, rq);
	if (q->p.mq)
		blk_run_queue(q);	/* no queue plug: issue at once */
	else if (unplug)
		blk_unplug_locked(q);
	return 0;
}

/*
 * The wait list of a submitter of @list, and whether a request of @list
 * can be had now. 2.6.30 counts sync and async requests apart, each up to
 * nr_requests; blk-mq takes every request from one tag set (sbitmap; its
 * rotating wait queues serve sleepers about in turn), so a sync writer
 * waits behind async ones for a tag.
 */
static int blk_wait_list(const struct request_queue *q, int list)
{
	return q->p.mq ? BLK_RW_ASYNC : list;
}

static bool blk_rq_available(const struct request_queue *q, int list)
{
	if (q->p.mq)
		return q->count[BLK_RW_ASYNC] + q->count[BLK_RW_SYNC] <
		       q->p.nr_requests;
	return q->count[list] < q->p.nr_requests;
}

/*
 * Whether a sleeping submitter is woken now. 2.6.30 wakes one as soon as
 * a request of its list is freed. blk-mq's sbitmap wakes a wait queue
 * only after wake_batch tags were freed (min(8, depth / 8)), and the task
 * it woke then takes free tags for as many requests as it submits before
 * the others, asleep on their own wait queues, get their turn: sleepers
 * take turns in batches of up to 8 requests (the guest's jbd2 threads and
 * flusher did: a burst each, every 3 x 8 / 11 IOPS = 2.2 s).
 */
static bool blk_wake_now(const struct request_queue *q, int list)
{
	unsigned int used, batch;

	if (!q->p.mq)
		return blk_rq_available(q, list);
	used = q->count[BLK_RW_ASYNC] + q->count[BLK_RW_SYNC];
	batch = q->p.nr_requests / 8;
	if (batch > 8)
		batch = 8;
	if (!batch)
		batch = 1;
	return used + batch <= q->p.nr_requests;
}

/* get_request_wait(): no room on @list, the submitter sleeps [S]. */
static void blk_sleep_on_request(struct request_queue *q, struct bio *bio,
				 int list)
{
	trace_block_getrq(q, bio, BLK_TA_SLEEPRQ);
	q->stats.nr_sleeps++;
	bio->bi_next = NULL;
	if (q->wait_tail[list])
		q->wait_tail[list]->bi_next = bio;
	else
		q->wait_head[list] = bio;
	q->wait_tail[list] = bio;
	/* the kernel unplugs before sleeping so that requests get freed */
	blk_unplug_locked(q);
}

/*
 * Serve sleeping submitters, oldest first, while their list has room;
 * each bio is queued as if get_request() had just succeeded, then its
 * submitter is told through bi_wake.
 */
static void blk_wake_waiters(struct request_queue *q)
{
	for (;;) {
		struct bio *bio = NULL;
		bio_wake_t *wake;
		int list;

		for (list = BLK_RW_SYNC; list >= BLK_RW_ASYNC; list--) {
			if (q->wait_head[list] && blk_wake_now(q, list)) {
				bio = q->wait_head[list];
				q->wait_head[list] = bio->bi_next;
				if (!q->wait_head[list])
					q->wait_tail[list] = NULL;
				bio->bi_next = NULL;
				break;
			}
		}
		if (!bio)
			return;
		wake = bio->bi_wake;
		blk_queue_bio(q, bio);
		if (wake)
			wake(bio);
	}
}

static int __make_request(struct request_queue *q, struct bio *bio)
{
	const int list = bio_is_sync(bio);
	const bool unplug = bio_unplugs(bio);
	const uint32_t nr = bio->bi_size >> SECTOR_SHIFT;
	struct request *req;
	int el_ret;

	if (q->p.nomerges || elv_queue_empty(q))
		goto get_rq;

	el_ret = elv_merge(q, &req, bio);
	if (el_ret == ELEVATOR_BACK_MERGE) {
		if (!ll_merge_ok(q, req, nr))
			goto get_rq;
		trace_block_bio(q, bio, BLK_TA_BACKMERGE);
		elv_rqhash_del(q, req);		/* its end sector moves */
		req->biotail->bi_next = bio;
		req->biotail = bio;
		req->nr_sectors += nr;
		req->nr_bios++;
		q->stats.nr_back_merges++;
		if (!attempt_back_merge(q, req))
			elv_merged_request(q, req, el_ret);
		goto out;
	}
	if (el_ret == ELEVATOR_FRONT_MERGE) {
		if (!ll_merge_ok(q, req, nr))
			goto get_rq;
		trace_block_bio(q, bio, BLK_TA_FRONTMERGE);
		bio->bi_next = req->bio;
		req->bio = bio;
		req->sector = bio->bi_sector;
		req->nr_sectors += nr;
		req->nr_bios++;
		q->stats.nr_front_merges++;
		if (!attempt_front_merge(q, req))
			elv_merged_request(q, req, el_ret);
		goto out;
	}

get_rq:
	/* a new bio does not overtake a sleeping one (2.6.30); blk-mq's
	 * running submitter takes any free tag */
	if ((!q->p.mq && q->wait_head[list]) || !blk_rq_available(q, list)) {
		blk_sleep_on_request(q, bio, blk_wait_list(q, list));
		return 1;
	}
	return blk_queue_bio(q, bio);
out:
	if (unplug)
		blk_unplug_locked(q);
	return 0;
}

/**
 * blk_submit_bio - submit @bio to @q (generic_make_request)
 *
 * A bio on a partition is remapped to the whole disk first [A]. A bio that
 * is empty, not a whole number of sectors, or runs past the end of its
 * block device is ended with -EIO at once, as bio_check_eod() does.
 *
 * Return: 0 when queued (bi_end_io follows on completion); 1 when the
 * request list is full and the submitter must sleep: the bio is queued
 * later and bi_wake(bio) is called then; a negative errno when the bio
 * was already ended with that error through bi_end_io.
 */
int blk_submit_bio(struct request_queue *q, struct bio *bio)
{
	struct block_device *bdev = bio->bi_bdev;
	uint64_t nr = bio->bi_size >> SECTOR_SHIFT;
	int ret;

	bio->bi_next = NULL;
	bio->bi_part = bdev;
	if (!bdev || !nr || (bio->bi_size & (SECTOR_SIZE - 1)) ||
	    bio->bi_sector > bdev->nr_sects ||
	    nr > bdev->nr_sects - bio->bi_sector ||
	    (bdev->partno > 0 && !bdev->disk) ||
	    (bdev->disk && q->disk && bdev->disk != q->disk)) {
		bio_endio(bio, -EIO);
		return -EIO;
	}
	if (bdev->partno > 0) {
		sector_t from = bio->bi_sector;

		bio->bi_sector += bdev->start_sect;
		bio->bi_bdev = &bdev->disk->part0;
		trace_block_remap(q, bio, bdev->devt, from);
	}
	bio->bi_queue_time = blk_now(q);
	q->stats.nr_bios++;
	if ((bio->bi_rw & (REQ_WRITE | REQ_SYNC)) == (REQ_WRITE | REQ_SYNC))
		q->stats.nr_sync_write_bios++;
	trace_block_bio(q, bio, BLK_TA_QUEUE);
	ret = __make_request(q, bio);
	blk_wake_waiters(q);
	return ret;
}

/* ---- the driver's side ------------------------------------------------- */

/**
 * blk_fetch_request - the next request for the device [D], or NULL
 *
 * NULL when the queue is plugged or the scheduler has nothing it wants to
 * send now (deadline between batches never, CFQ while idling often).
 * The request is the driver's until it calls blk_end_request().
 */
struct request *blk_fetch_request(struct request_queue *q)
{
	struct request *rq;

	if (q->plugged)
		return NULL;
	while (list_empty(&q->queue_head))
		if (!elv_ops(q)->elevator_dispatch_fn(q, 0))
			return NULL;
	rq = list_first_entry(&q->queue_head, struct request, queuelist);
	list_del_init(&rq->queuelist);
	if (elv_ops(q)->elevator_activate_req_fn)
		elv_ops(q)->elevator_activate_req_fn(q, rq);
	/* elv_next_request(): the head moves once the boundary is taken */
	if (q->boundary_rq_sector == BLK_NO_BOUNDARY ||
	    q->boundary_rq_sector == rq->sector) {
		q->end_sector = rq_end_sector(rq);
		q->boundary_rq_sector = BLK_NO_BOUNDARY;
	}
	rq->in_flight = true;
	rq->issue_time = blk_now(q);
	q->in_flight[rq_is_sync(rq)]++;
	q->stats.nr_dispatched++;
	trace_block_rq(q, rq, BLK_TA_ISSUE);
	return rq;
}

/*
 * Per-partition statistics: sectors by the partition each bio was
 * submitted to, requests (like /proc/diskstats) by the partition of the
 * request's first bio; the whole disk counts everything once.
 */
static void blk_account_bio(struct bio *bio, int dir, bool first)
{
	struct block_device *part = bio->bi_part, *whole = bio->bi_bdev;
	uint64_t nr = bio->bi_size >> SECTOR_SHIFT;

	if (part) {
		part->sectors_done[dir] += nr;
		part->ios_done[dir] += first;
	}
	if (whole && whole != part) {
		whole->sectors_done[dir] += nr;
		whole->ios_done[dir] += first;
	}
}

/**
 * blk_end_request - the device finished @rq with status @error [C]
 *
 * Ends every bio (bi_end_io), tells the scheduler, frees the request
 * (which may end congestion and lets a sleeping submitter have it) and
 * runs the queue for the next request.
 */
void blk_end_request(struct request *rq, int error)
{
	struct request_queue *q = rq->q;
	const int dir = rq_data_dir(rq);
	struct bio *bio, *next;
	bool first = true;

	if (!rq->in_flight)
		return;		/* not the driver's: a double completion */
	rq->errors = error;
	trace_block_rq(q, rq, BLK_TA_COMPLETE);
	q->stats.nr_completed++;
	bio = rq->bio;
	rq->bio = rq->biotail = NULL;
	for (; bio; bio = next) {
		next = bio->bi_next;
		bio->bi_next = NULL;
		blk_account_bio(bio, dir, first);
		first = false;
		/* the bytes of this C record, to the writer that sent them */
		if (dir && !error && bio->bi_writer)
			io_writer_complete(bio->bi_writer, bio);
		bio_endio(bio, error);
	}
	rq->in_flight = false;
	q->in_flight[rq_is_sync(rq)]--;
	if (elv_ops(q)->elevator_completed_req_fn)
		elv_ops(q)->elevator_completed_req_fn(q, rq);
	blk_put_request(q, rq);
	blk_wake_waiters(q);
	blk_run_queue(q);
}

/* ---- setup --------------------------------------------------------------- */

/**
 * blk_init_queue - set up @q with parameters @p (NULL: defaults)
 * @elevator_params: the option struct of scheduler @p->elevator (copied;
 *	NULL: its defaults)
 *
 * Every field of @q is initialised; the driver sets request_fn, queuedata,
 * disk and blk_trace afterwards.
 * Return: 0, -EINVAL for parameters out of range, -ENOMEM.
 */
int blk_init_queue(struct request_queue *q, struct sim *sim,
		   const struct queue_params *p, void *elevator_params)
{
	memset(q, 0, sizeof(*q));
	sim_event_init(&q->unplug_timer, blk_unplug_timeout, "unplug_timer");
	if (p)
		q->p = *p;
	else if (opt_set_defaults(&queue_opt_table, &q->p))
		return -EINVAL;
	if (!sim || q->p.nr_requests < 4 || q->p.nr_requests > 8192 ||
	    q->p.max_sectors_kb < 4 || q->p.unplug_thresh < 1)
		return -EINVAL;
	q->sim = sim;
	INIT_LIST_HEAD(&q->queue_head);
	blk_queue_congestion_threshold(q);
	q->boundary_rq_sector = BLK_NO_BOUNDARY;
	return elevator_init(q, q->p.elevator, elevator_params);
}

/**
 * blk_cleanup_queue - stop the timers, detach the scheduler, free requests
 *
 * Bios still queued or waiting belong to their submitters and are left
 * alone.
 */
void blk_cleanup_queue(struct request_queue *q)
{
	if (q->sim)
		sim_cancel(q->sim, &q->unplug_timer);
	q->plugged = false;
	elevator_exit(q);
	while (q->rq_chunks) {
		struct blk_rq_chunk *c = q->rq_chunks;

		q->rq_chunks = c->next;
		free(c);
	}
	q->free_rqs = NULL;
	INIT_LIST_HEAD(&q->queue_head);
	q->last_merge = NULL;
}
