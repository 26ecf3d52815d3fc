// SPDX-License-Identifier: GPL-2.0
/*
 * CFQ, the Completely Fair Queueing I/O scheduler, as of v2.6.30
 * (block/cfq-iosched.c).
 *
 * Sync requests (reads, REQ_SYNC writes) go to one cfq_queue per process
 * (keyed by the bio's pid); async writes go to one queue shared by all
 * processes of a priority, so all writeback of a disk competes as one
 * queue. Queues with requests sit on a service tree ordered by a key
 * (now + an offset that grows with the number of busy queues, minus
 * time left over from a preempted slice); the first one becomes active
 * and gets a time slice of base + base/5 * (4 - prio), started when its
 * first request completes. An active queue dispatches one request per
 * call, at most quantum in the driver while other queues wait; the FIFO
 * head is served first once per slice if it has expired. An async queue
 * gives up after slice_async_rq-derived request counts, and never
 * dispatches while sync requests are in flight. When a sync queue runs
 * empty inside its slice CFQ idles up to slice_idle for the same process
 * (2 ms for a process that seeks far); a new request from it ends the
 * wait at once. A new sync request preempts an active async queue (and
 * any queue whose slice is used up, or a metadata request a queue
 * without metadata, or a request close to the head while the active
 * queue idles). Think time and seek distance are tracked per process as
 * decaying averages, and a process whose think time exceeds slice_idle
 * loses idling, as does a seeky one on a queueing (NCQ) disk. That
 * per-process state lives in cfq-ioc.c.
 *
 * Simplifications: every task is best-effort priority 4 (there is no
 * ioprio in struct bio; the RT and idle classes are not modelled); the
 * close-cooperator logic is omitted (in 2.6.30 it is a stub anyway);
 * per-queue allocation limits (cfq_may_queue, must_alloc) are not
 * modelled since blk-core does not ask; a request that arrives for the
 * idling queue ends the wait and runs the queue regardless of its size
 * (2.6.30 waits for the plug when it is one page and nothing else is
 * busy; in this simulator sync requests unplug at once anyway); a task
 * never exits, so "task has exited, don't wait" never applies; there is
 * no REQ_NOIDLE. Times are nanoseconds instead of jiffies.
 */
#include <errno.h>
#include <stdlib.h>

#include "cfq.h"

#define CFQ_OPT(n, t, f, d, lo, hi, u, h) \
	{ n, t, offsetof(struct cfq_params, f), d, lo, hi, u, NULL, h }

static const struct opt_desc cfq_opts[] = {
	CFQ_OPT("quantum", OPT_UINT, quantum, "4", 1, 64, NULL,
		"requests of the active queue in the driver while others wait"),
	CFQ_OPT("fifo_expire_sync", OPT_TIME, fifo_expire_sync, "125", 0,
		3600000, "ms", "age at which a sync request is served first"),
	CFQ_OPT("fifo_expire_async", OPT_TIME, fifo_expire_async, "250", 0,
		3600000, "ms", "age at which an async request is served first"),
	CFQ_OPT("back_seek_max", OPT_UINT, back_seek_max, "16384", 0,
		1048576, NULL,
		"longest backward seek (KiB) preferred to a wrap"),
	CFQ_OPT("back_seek_penalty", OPT_UINT, back_seek_penalty, "2", 1, 100,
		NULL, "cost factor of a backward seek"),
	CFQ_OPT("slice_sync", OPT_TIME, slice_sync, "100", 1, 10000, "ms",
		"time slice of a sync queue at priority 4"),
	CFQ_OPT("slice_async", OPT_TIME, slice_async, "40", 1, 10000, "ms",
		"time slice of an async queue at priority 4"),
	CFQ_OPT("slice_async_rq", OPT_UINT, slice_async_rq, "2", 1, 1024,
		NULL, "base of the request budget of an async slice"),
	CFQ_OPT("slice_idle", OPT_TIME, slice_idle, "8", 0, 1000, "ms",
		"wait for the next request of an emptied sync queue "
		"(0: never)"),
	{ .name = NULL },
};

static const struct opt_table cfq_opt_table = {
	.section = "cfq",
	.title = "CFQ I/O scheduler (v2.6.30)",
	.opts = cfq_opts,
};

static void cfq_schedule_dispatch(struct cfq_data *cfqd)
{
	if (cfqd->busy_queues && !sim_event_pending(&cfqd->unplug_work))
		sim_schedule_in(cfqd->queue->sim, &cfqd->unplug_work, 0);
}

static bool cfq_queue_empty(struct request_queue *q)
{
	struct cfq_data *cfqd = elv_data(q);

	return !cfqd->busy_queues;
}

/* ---- slices ---------------------------------------------------------- */

static inline sim_time_t cfq_prio_slice(struct cfq_data *cfqd, bool sync,
					unsigned short prio)
{
	const sim_time_t base = cfqd->slice[sync];

	return base + base / CFQ_SLICE_SCALE * (4 - prio);
}

static inline void cfq_set_prio_slice(struct cfq_data *cfqd,
				      struct cfq_queue *cfqq)
{
	cfqq->slice_end = cfq_now(cfqd) +
		cfq_prio_slice(cfqd, cfqq->sync, cfqq->ioprio);
}

/* The slice starts at the first completion, so a new one is never used. */
static inline bool cfq_slice_used(struct cfq_queue *cfqq)
{
	if (cfqq->slice_new)
		return false;
	return cfq_now(cfqq->cfqd) >= cfqq->slice_end;
}

static inline unsigned int cfq_prio_to_maxrq(struct cfq_data *cfqd,
					     struct cfq_queue *cfqq)
{
	const unsigned int base_rq = cfqd->p->slice_async_rq;

	return 2 * (base_rq + base_rq * (CFQ_PRIO_LISTS - 1 - cfqq->ioprio));
}

/*
 * Of two requests, the one better served next from the head position:
 * sync before async, metadata before data, then the shorter seek where a
 * backward seek within back_seek_max counts back_seek_penalty times.
 */
static struct request *cfq_choose_req(struct cfq_data *cfqd,
				      struct request *rq1,
				      struct request *rq2)
{
	const sector_t last = cfqd->last_position;
	const sector_t back_max = (sector_t)cfqd->p->back_seek_max * 2;
	sector_t s1, s2, d1 = 0, d2 = 0;
	bool wrap1 = false, wrap2 = false;

	if (!rq1 || rq1 == rq2)
		return rq2;
	if (!rq2)
		return rq1;
	if (rq_is_sync(rq1) != rq_is_sync(rq2))
		return rq_is_sync(rq1) ? rq1 : rq2;
	if ((rq1->cmd_flags ^ rq2->cmd_flags) & REQ_META)
		return (rq1->cmd_flags & REQ_META) ? rq1 : rq2;

	s1 = rq1->sector;
	s2 = rq2->sector;
	if (s1 >= last)
		d1 = s1 - last;
	else if (s1 + back_max >= last)
		d1 = (last - s1) * cfqd->p->back_seek_penalty;
	else
		wrap1 = true;
	if (s2 >= last)
		d2 = s2 - last;
	else if (s2 + back_max >= last)
		d2 = (last - s2) * cfqd->p->back_seek_penalty;
	else
		wrap2 = true;

	if (!wrap1 && !wrap2) {
		if (d1 != d2)
			return d1 < d2 ? rq1 : rq2;
		return s1 >= s2 ? rq1 : rq2;
	}
	if (wrap1 != wrap2)
		return wrap2 ? rq1 : rq2;
	/* both behind the head: the one further back, one seek back only */
	return s1 <= s2 ? rq1 : rq2;
}

static struct request *cfq_find_next_rq(struct cfq_data *cfqd,
					struct cfq_queue *cfqq,
					struct request *last)
{
	struct rb_node *rbnext = rb_next(&last->rb_node);
	struct rb_node *rbprev = rb_prev(&last->rb_node);
	struct request *next = NULL, *prev = NULL;

	if (rbprev)
		prev = rb_entry(rbprev, struct request, rb_node);
	if (rbnext) {
		next = rb_entry(rbnext, struct request, rb_node);
	} else {
		rbnext = rb_first(&cfqq->sort_list);
		if (rbnext && rbnext != &last->rb_node)
			next = rb_entry(rbnext, struct request, rb_node);
	}
	return cfq_choose_req(cfqd, next, prev);
}

/* ---- the service tree ------------------------------------------------- */

static struct cfq_queue *cfq_rb_first(struct cfq_data *cfqd)
{
	struct rb_node *n = rb_first(&cfqd->service_tree);

	return n ? rb_entry(n, struct cfq_queue, rb_node) : NULL;
}

/* Higher-priority and sync queues are placed ahead by this much per queue. */
static int64_t cfq_slice_offset(struct cfq_data *cfqd, struct cfq_queue *cfqq)
{
	return (int64_t)(cfqd->busy_queues - 1) *
		((int64_t)cfq_prio_slice(cfqd, true, 0) -
		 (int64_t)cfq_prio_slice(cfqd, cfqq->sync, cfqq->ioprio));
}

static void cfq_service_tree_add(struct cfq_data *cfqd,
				 struct cfq_queue *cfqq, bool add_front)
{
	struct rb_node **p = &cfqd->service_tree.rb_node, *parent = NULL;
	int64_t rb_key;

	if (!add_front) {
		rb_key = (int64_t)cfq_now(cfqd) + cfq_slice_offset(cfqd, cfqq) +
			cfqq->slice_resid;
		cfqq->slice_resid = 0;
	} else {
		struct cfq_queue *first = cfq_rb_first(cfqd);

		rb_key = (first ? first->rb_key : (int64_t)cfq_now(cfqd)) -
			(int64_t)NSEC_PER_SEC;
	}
	if (cfqq->on_tree) {
		if (rb_key == cfqq->rb_key)
			return;
		rb_erase(&cfqq->rb_node, &cfqd->service_tree);
	}
	/* equal keys go right: first come, first served */
	while (*p) {
		struct cfq_queue *cur = rb_entry(*p, struct cfq_queue, rb_node);

		parent = *p;
		p = rb_key < cur->rb_key ? &(*p)->rb_left : &(*p)->rb_right;
	}
	cfqq->rb_key = rb_key;
	rb_link_node(&cfqq->rb_node, parent, p);
	rb_insert_color(&cfqq->rb_node, &cfqd->service_tree);
	cfqq->on_tree = true;
}

static void cfq_resort_rr_list(struct cfq_data *cfqd, struct cfq_queue *cfqq)
{
	if (cfqq->on_rr)
		cfq_service_tree_add(cfqd, cfqq, false);
}

static void cfq_add_cfqq_rr(struct cfq_data *cfqd, struct cfq_queue *cfqq)
{
	cfqq->on_rr = true;
	cfqd->busy_queues++;
	cfq_resort_rr_list(cfqd, cfqq);
}

static void cfq_del_cfqq_rr(struct cfq_data *cfqd, struct cfq_queue *cfqq)
{
	cfqq->on_rr = false;
	if (cfqq->on_tree) {
		rb_erase(&cfqq->rb_node, &cfqd->service_tree);
		cfqq->on_tree = false;
	}
	cfqd->busy_queues--;
}

/* ---- requests in a queue ----------------------------------------------- */

static void cfq_del_rq_rb(struct request *rq)
{
	struct cfq_queue *cfqq = RQ_CFQQ(rq);

	cfqq->queued[rq_is_sync(rq)]--;
	elv_rb_del(&cfqq->sort_list, rq);
	if (cfqq->on_rr && RB_EMPTY_ROOT(&cfqq->sort_list))
		cfq_del_cfqq_rr(cfqq->cfqd, cfqq);
}

static void cfq_add_rq_rb(struct request *rq)
{
	struct cfq_queue *cfqq = RQ_CFQQ(rq);
	struct cfq_data *cfqd = cfqq->cfqd;

	cfqq->queued[rq_is_sync(rq)]++;
	elv_rb_add(&cfqq->sort_list, rq);
	if (!cfqq->on_rr)
		cfq_add_cfqq_rr(cfqd, cfqq);
	cfqq->next_rq = cfq_choose_req(cfqd, cfqq->next_rq, rq);
}

static void cfq_remove_request(struct request *rq)
{
	struct cfq_queue *cfqq = RQ_CFQQ(rq);

	if (cfqq->next_rq == rq)
		cfqq->next_rq = cfq_find_next_rq(cfqq->cfqd, cfqq, rq);
	list_del_init(&rq->queuelist);
	cfq_del_rq_rb(rq);
	cfqq->cfqd->rq_queued--;
	if (rq->cmd_flags & REQ_META)
		cfqq->meta_pending--;
}

/* ---- slice changes --------------------------------------------------- */

static void cfq_set_active_queue(struct cfq_data *cfqd)
{
	struct cfq_queue *cfqq = cfq_rb_first(cfqd);

	if (cfqq) {
		cfqq->slice_end = 0;
		cfqq->slice_dispatch = 0;
		cfqq->fifo_expire = false;
		cfqq->slice_new = true;
	}
	cfqd->active_queue = cfqq;
}

/* End the active slice; @timed_out banks what is left (or overran). */
static void cfq_slice_expired(struct cfq_data *cfqd, bool timed_out)
{
	struct cfq_queue *cfqq = cfqd->active_queue;

	if (!cfqq)
		return;
	if (cfqq->wait_request)
		sim_cancel(cfqd->queue->sim, &cfqd->idle_slice_timer);
	cfqq->wait_request = false;
	if (timed_out && !cfqq->slice_new)
		cfqq->slice_resid = (int64_t)cfqq->slice_end -
			(int64_t)cfq_now(cfqd);
	cfq_resort_rr_list(cfqd, cfqq);
	cfqd->active_queue = NULL;
	cfqd->active_cic = NULL;
}

static bool cfq_rq_close(struct cfq_data *cfqd, const struct request *rq)
{
	const struct cfq_io_context *cic = cfqd->active_cic;
	sector_t dist;

	if (!sample_valid(cic->seek_samples))
		return false;
	dist = rq->sector >= cfqd->last_position ?
		rq->sector - cfqd->last_position :
		cfqd->last_position - rq->sector;
	return dist <= cic->seek_mean;
}

static bool cfq_should_preempt(struct cfq_data *cfqd,
			       struct cfq_queue *new_cfqq,
			       const struct request *rq)
{
	struct cfq_queue *cfqq = cfqd->active_queue;

	if (!cfqq)
		return false;
	if (cfq_slice_used(cfqq))
		return true;
	if (rq_is_sync(rq) && !cfqq->sync)
		return true;
	if ((rq->cmd_flags & REQ_META) && !cfqq->meta_pending)
		return true;
	if (!cfqd->active_cic || !cfqq->wait_request)
		return false;
	return cfq_rq_close(cfqd, rq);
}

/* @cfqq goes first: it becomes active at the next dispatch. */
static void cfq_preempt_queue(struct cfq_data *cfqd, struct cfq_queue *cfqq)
{
	cfq_slice_expired(cfqd, true);
	cfq_service_tree_add(cfqd, cfqq, true);
	cfqq->slice_end = 0;
	cfqq->slice_new = true;
}

/* The active sync queue ran empty: wait a little for its process. */
static void cfq_arm_slice_timer(struct cfq_data *cfqd)
{
	struct cfq_queue *cfqq = cfqd->active_queue;
	struct cfq_io_context *cic = cfqd->active_cic;
	sim_time_t sl;

	if (!cfqd->p->slice_idle || !cfqq->idle_window)
		return;
	/* requests still in the driver will bring us back */
	if (cfqd->rq_in_driver || !cic)
		return;
	cfqq->wait_request = true;
	sl = cfqd->p->slice_idle;
	if (sample_valid(cic->seek_samples) &&
	    cic->seek_mean > CIC_SEEKY_SECTORS && sl > CFQ_MIN_TT)
		sl = CFQ_MIN_TT;
	sim_schedule_in(cfqd->queue->sim, &cfqd->idle_slice_timer, sl);
}

static void cfq_idle_slice_timer(struct sim *sim, struct sim_event *ev)
{
	struct cfq_data *cfqd = container_of(ev, struct cfq_data,
					     idle_slice_timer);
	struct cfq_queue *cfqq = cfqd->active_queue;
	bool timed_out = true;

	if (cfqq) {
		timed_out = false;
		if (cfq_slice_used(cfqq))
			goto expire;
		/* nobody else wants the disk: keep the slice */
		if (!cfqd->busy_queues)
			return;
		if (!RB_EMPTY_ROOT(&cfqq->sort_list))
			goto out_kick;
	}
expire:
	cfq_slice_expired(cfqd, timed_out);
out_kick:
	cfq_schedule_dispatch(cfqd);
}

static void cfq_kick_queue(struct sim *sim, struct sim_event *ev)
{
	struct cfq_data *cfqd = container_of(ev, struct cfq_data, unplug_work);

	blk_start_queueing(cfqd->queue);
}

/* ---- elevator ops ------------------------------------------------------ */

static void cfq_rq_enqueued(struct cfq_data *cfqd, struct cfq_queue *cfqq,
			    struct request *rq)
{
	struct cfq_io_context *cic = RQ_CIC(rq);

	cfqd->rq_queued++;
	if (rq->cmd_flags & REQ_META)
		cfqq->meta_pending++;
	cfq_update_io_stats(cfqd, cfqq, cic, rq);

	if (cfqq == cfqd->active_queue) {
		/* the request we idled for: stop waiting, send it */
		if (cfqq->wait_request) {
			sim_cancel(cfqd->queue->sim, &cfqd->idle_slice_timer);
			cfqq->wait_request = false;
			blk_start_queueing(cfqd->queue);
		}
	} else if (cfq_should_preempt(cfqd, cfqq, rq)) {
		cfq_preempt_queue(cfqd, cfqq);
		blk_start_queueing(cfqd->queue);
	}
}

static void cfq_insert_request(struct request_queue *q, struct request *rq)
{
	struct cfq_data *cfqd = elv_data(q);
	struct cfq_queue *cfqq = RQ_CFQQ(rq);

	cfq_add_rq_rb(rq);
	rq->fifo_time = rq->start_time + cfqd->fifo_expire[cfqq->sync];
	list_add_tail(&rq->queuelist, &cfqq->fifo);
	cfq_rq_enqueued(cfqd, cfqq, rq);
}

static int cfq_merge(struct request_queue *q, struct request **req,
		     struct bio *bio)
{
	struct cfq_queue *cfqq = cfq_bio_cfqq(elv_data(q), bio);
	struct request *rq;

	if (!cfqq)
		return ELEVATOR_NO_MERGE;
	rq = elv_rb_find(&cfqq->sort_list,
			 bio->bi_sector + (bio->bi_size >> SECTOR_SHIFT));
	if (rq && elv_rq_merge_ok(q, rq, bio)) {
		*req = rq;
		return ELEVATOR_FRONT_MERGE;
	}
	return ELEVATOR_NO_MERGE;
}

static void cfq_merged_request(struct request_queue *q, struct request *rq,
			       int type)
{
	if (type == ELEVATOR_FRONT_MERGE) {
		struct cfq_queue *cfqq = RQ_CFQQ(rq);

		elv_rb_del(&cfqq->sort_list, rq);
		cfqq->queued[rq_is_sync(rq)]--;
		cfq_add_rq_rb(rq);
	}
}

static void cfq_merged_requests(struct request_queue *q, struct request *rq,
				struct request *next)
{
	/* keep the earlier FIFO deadline and its place */
	if (next->fifo_time < rq->fifo_time) {
		list_move(&rq->queuelist, &next->queuelist);
		rq->fifo_time = next->fifo_time;
	}
	cfq_remove_request(next);
}

/* Only into a request of the queue the bio would go to. */
static bool cfq_allow_merge(struct request_queue *q, struct request *rq,
			    struct bio *bio)
{
	if (bio_is_sync(bio) && !rq_is_sync(rq))
		return false;
	return cfq_bio_cfqq(elv_data(q), bio) == RQ_CFQQ(rq);
}

static void cfq_dispatch_insert(struct request_queue *q, struct request *rq)
{
	struct cfq_data *cfqd = elv_data(q);
	struct cfq_queue *cfqq = RQ_CFQQ(rq);

	cfq_remove_request(rq);
	cfqq->dispatched++;
	elv_dispatch_sort(q, rq);
	if (cfqq->sync)
		cfqd->sync_flight++;
}

/* The FIFO head if it expired; looked at once per slice. */
static struct request *cfq_check_fifo(struct cfq_queue *cfqq)
{
	struct request *rq;

	if (cfqq->fifo_expire)
		return NULL;
	cfqq->fifo_expire = true;
	if (list_empty(&cfqq->fifo))
		return NULL;
	rq = list_first_entry(&cfqq->fifo, struct request, queuelist);
	if (cfq_now(cfqq->cfqd) < rq->fifo_time)
		return NULL;
	return rq;
}

static struct cfq_queue *cfq_select_queue(struct cfq_data *cfqd)
{
	struct cfq_queue *cfqq = cfqd->active_queue;

	if (!cfqq)
		goto new_queue;
	if (cfq_slice_used(cfqq))
		goto expire;
	if (!RB_EMPTY_ROOT(&cfqq->sort_list))
		return cfqq;
	/*
	 * Nothing pending: while it idles, or has requests in flight and
	 * may idle after them, nobody else gets the disk.
	 */
	if (sim_event_pending(&cfqd->idle_slice_timer) ||
	    (cfqq->dispatched && cfqq->idle_window))
		return NULL;
expire:
	cfq_slice_expired(cfqd, false);
new_queue:
	cfq_set_active_queue(cfqd);
	return cfqd->active_queue;
}

static int cfq_forced_dispatch(struct cfq_data *cfqd)
{
	struct cfq_queue *cfqq;
	int dispatched = 0;

	while ((cfqq = cfq_rb_first(cfqd)) != NULL) {
		while (cfqq->next_rq) {
			cfq_dispatch_insert(cfqd->queue, cfqq->next_rq);
			dispatched++;
		}
	}
	cfq_slice_expired(cfqd, false);
	return dispatched;
}

/* One request per call, from the queue whose turn it is. */
static int cfq_dispatch_requests(struct request_queue *q, int force)
{
	struct cfq_data *cfqd = elv_data(q);
	struct cfq_queue *cfqq;
	struct request *rq;

	if (!cfqd->busy_queues)
		return 0;
	if (force)
		return cfq_forced_dispatch(cfqd);
	cfqq = cfq_select_queue(cfqd);
	if (!cfqq)
		return 0;
	/* async waits while sync requests are out: they'd suffer its seeks */
	if (cfqd->sync_flight && !cfqq->sync)
		return 0;
	if (cfqq->dispatched >= cfqd->p->quantum) {
		if (cfqd->busy_queues > 1)
			return 0;
		/* alone: allow up to 4 quanta */
		if (cfqq->dispatched >= 4 * cfqd->p->quantum)
			return 0;
	}

	if (cfqq->wait_request) {
		sim_cancel(q->sim, &cfqd->idle_slice_timer);
		cfqq->wait_request = false;
	}
	rq = cfq_check_fifo(cfqq);
	if (!rq)
		rq = cfqq->next_rq;
	cfq_dispatch_insert(q, rq);
	if (!cfqd->active_cic)
		cfqd->active_cic = RQ_CIC(rq);
	cfqq->slice_dispatch++;

	/* an async queue ends its slice after its request budget */
	if (cfqd->busy_queues > 1 && !cfqq->sync &&
	    cfqq->slice_dispatch >= cfq_prio_to_maxrq(cfqd, cfqq)) {
		cfqq->slice_end = cfq_now(cfqd) + 1;
		cfq_slice_expired(cfqd, false);
	}
	return 1;
}

static void cfq_activate_request(struct request_queue *q, struct request *rq)
{
	struct cfq_data *cfqd = elv_data(q);

	cfqd->rq_in_driver++;
	cfqd->last_position = rq_end_sector(rq);
}

/* Does the device queue commands (NCQ)? Decided from the peak depth. */
static void cfq_update_hw_tag(struct cfq_data *cfqd)
{
	if (cfqd->rq_in_driver > cfqd->rq_in_driver_peak)
		cfqd->rq_in_driver_peak = cfqd->rq_in_driver;
	if (cfqd->rq_queued <= CFQ_HW_QUEUE_MIN &&
	    cfqd->rq_in_driver <= CFQ_HW_QUEUE_MIN)
		return;
	if (cfqd->hw_tag_samples++ < 50)
		return;
	cfqd->hw_tag = cfqd->rq_in_driver_peak >= CFQ_HW_QUEUE_MIN;
	cfqd->hw_tag_samples = 0;
	cfqd->rq_in_driver_peak = 0;
}

static void cfq_completed_request(struct request_queue *q, struct request *rq)
{
	struct cfq_data *cfqd = elv_data(q);
	struct cfq_queue *cfqq = RQ_CFQQ(rq);
	const bool sync = rq_is_sync(rq);
	const sim_time_t now = cfq_now(cfqd);

	cfq_update_hw_tag(cfqd);
	cfqd->rq_in_driver--;
	cfqq->dispatched--;
	if (cfqq->sync)
		cfqd->sync_flight--;
	if (sync)
		RQ_CIC(rq)->last_end_request = now;

	if (cfqd->active_queue == cfqq) {
		if (cfqq->slice_new) {
			cfq_set_prio_slice(cfqd, cfqq);
			cfqq->slice_new = false;
		}
		if (cfq_slice_used(cfqq))
			cfq_slice_expired(cfqd, true);
		else if (sync && RB_EMPTY_ROOT(&cfqq->sort_list))
			cfq_arm_slice_timer(cfqd);
	}
	if (!cfqd->rq_in_driver)
		cfq_schedule_dispatch(cfqd);
}

static int cfq_init_queue(struct request_queue *q)
{
	struct cfq_data *cfqd = calloc(1, sizeof(*cfqd));

	if (!cfqd)
		return -ENOMEM;
	cfqd->queue = q;
	cfqd->p = elv_params(q);
	cfqd->service_tree = RB_ROOT;
	cfqd->hw_tag = true;	/* until the depth says otherwise */
	cfqd->fifo_expire[0] = cfqd->p->fifo_expire_async;
	cfqd->fifo_expire[1] = cfqd->p->fifo_expire_sync;
	cfqd->slice[0] = cfqd->p->slice_async;
	cfqd->slice[1] = cfqd->p->slice_sync;
	sim_event_init(&cfqd->idle_slice_timer, cfq_idle_slice_timer,
		       "cfq_idle_slice");
	sim_event_init(&cfqd->unplug_work, cfq_kick_queue, "cfq_kick");
	q->elevator.elevator_data = cfqd;
	return 0;
}

static void cfq_exit_queue(struct request_queue *q)
{
	struct cfq_data *cfqd = elv_data(q);

	sim_cancel(q->sim, &cfqd->idle_slice_timer);
	sim_cancel(q->sim, &cfqd->unplug_work);
	cfq_free_io_contexts(cfqd);
	free(cfqd);
	q->elevator.elevator_data = NULL;
}

const struct elevator_type elevator_cfq = {
	.elevator_name = "cfq",
	.options = &cfq_opt_table,
	.params_size = sizeof(struct cfq_params),
	.ops = {
		.elevator_merge_fn = cfq_merge,
		.elevator_merged_fn = cfq_merged_request,
		.elevator_merge_req_fn = cfq_merged_requests,
		.elevator_allow_merge_fn = cfq_allow_merge,
		.elevator_dispatch_fn = cfq_dispatch_requests,
		.elevator_add_req_fn = cfq_insert_request,
		.elevator_activate_req_fn = cfq_activate_request,
		.elevator_queue_empty_fn = cfq_queue_empty,
		.elevator_completed_req_fn = cfq_completed_request,
		.elevator_former_req_fn = elv_rb_former_request,
		.elevator_latter_req_fn = elv_rb_latter_request,
		.elevator_set_req_fn = cfq_set_request,
		.elevator_put_req_fn = cfq_put_request,
		.elevator_init_fn = cfq_init_queue,
		.elevator_exit_fn = cfq_exit_queue,
	},
};
