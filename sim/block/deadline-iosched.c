// SPDX-License-Identifier: GPL-2.0
/*
 * The deadline I/O scheduler as of v2.6.30 (block/deadline-iosched.c).
 *
 * Each data direction has a sector-sorted tree and a FIFO ordered by
 * deadline (arrival + read_expire or write_expire). Requests go out in
 * batches of up to fifo_batch, in ascending sector order from where the
 * last one ended. A new batch prefers reads, unless writes were passed
 * over writes_starved times; it starts at the FIFO head if that deadline
 * has expired (or the sweep ran off the end of the tree), else it
 * continues the sweep. Front merges come from the sector tree when
 * front_merges is set.
 *
 * Follows the kernel closely. Differences: requests starting at the same
 * sector ("aliases") both stay in the tree instead of the older one being
 * dispatched at once; deadlines are in nanoseconds rather than jiffies,
 * and "expired" means strictly after the deadline, as time_after() does.
 */
#include <errno.h>
#include <stdlib.h>

#include "blk.h"

struct deadline_params {
	sim_time_t read_expire;
	sim_time_t write_expire;
	unsigned int writes_starved;
	unsigned int fifo_batch;
	bool front_merges;
};

static const struct opt_desc deadline_opts[] = {
	{ "read_expire", OPT_TIME,
	  offsetof(struct deadline_params, read_expire), "500", 0, 3600000,
	  "ms", NULL, "deadline of a read after it is queued" },
	{ "write_expire", OPT_TIME,
	  offsetof(struct deadline_params, write_expire),
	  "5000", 0, 3600000, "ms", NULL,
	  "deadline of a write after it is queued" },
	{ "writes_starved", OPT_UINT,
	  offsetof(struct deadline_params, writes_starved), "2", 0, 1000,
	  NULL, NULL, "read batches that may pass waiting writes" },
	{ "fifo_batch", OPT_UINT, offsetof(struct deadline_params, fifo_batch),
	  "16", 1, 4096, NULL, NULL, "requests per batch in one direction" },
	{ "front_merges", OPT_BOOL,
	  offsetof(struct deadline_params, front_merges), "1", 0, 0,
	  NULL, NULL, "look for front merges in the sector tree" },
	{ .name = NULL },
};

static const struct opt_table deadline_opt_table = {
	.section = "deadline",
	.title = "deadline I/O scheduler (v2.6.30)",
	.opts = deadline_opts,
};

struct deadline_data {
	const struct deadline_params *p;
	struct rb_root sort_list[2];	/* [READ], [WRITE] by sector */
	struct list_head fifo_list[2];	/* by deadline (= arrival order) */
	struct request *next_rq[2];	/* continues the sweep */
	unsigned int batching;		/* requests in the current batch */
	unsigned int starved;		/* read batches while writes waited */
	sim_time_t fifo_expire[2];
};

static inline struct rb_root *deadline_rb_root(struct deadline_data *dd,
					       struct request *rq)
{
	return &dd->sort_list[rq_data_dir(rq)];
}

static inline struct request *rq_entry_fifo(struct list_head *l)
{
	return list_entry(l, struct request, queuelist);
}

static void deadline_del_rq_rb(struct deadline_data *dd, struct request *rq)
{
	const int dir = rq_data_dir(rq);

	if (dd->next_rq[dir] == rq)
		dd->next_rq[dir] = elv_rb_latter_request(NULL, rq);
	elv_rb_del(deadline_rb_root(dd, rq), rq);
}

static void deadline_add_request(struct request_queue *q, struct request *rq)
{
	struct deadline_data *dd = elv_data(q);
	const int dir = rq_data_dir(rq);

	elv_rb_add(deadline_rb_root(dd, rq), rq);
	rq->fifo_time = q->sim->now + dd->fifo_expire[dir];
	list_add_tail(&rq->queuelist, &dd->fifo_list[dir]);
}

/* Out of both the FIFO and the tree. */
static void deadline_remove_request(struct request_queue *q,
				    struct request *rq)
{
	struct deadline_data *dd = elv_data(q);

	list_del_init(&rq->queuelist);
	deadline_del_rq_rb(dd, rq);
}

static int deadline_merge(struct request_queue *q, struct request **req,
			  struct bio *bio)
{
	struct deadline_data *dd = elv_data(q);
	struct request *rq;

	if (!dd->p->front_merges)
		return ELEVATOR_NO_MERGE;
	rq = elv_rb_find(&dd->sort_list[(bio->bi_rw & REQ_WRITE) ? 1 : 0],
			 bio->bi_sector + (bio->bi_size >> SECTOR_SHIFT));
	if (rq && elv_rq_merge_ok(q, rq, bio)) {
		*req = rq;
		return ELEVATOR_FRONT_MERGE;
	}
	return ELEVATOR_NO_MERGE;
}

static void deadline_merged_request(struct request_queue *q,
				    struct request *req, int type)
{
	struct deadline_data *dd = elv_data(q);

	/* the start sector moved: re-sort */
	if (type == ELEVATOR_FRONT_MERGE) {
		elv_rb_del(deadline_rb_root(dd, req), req);
		elv_rb_add(deadline_rb_root(dd, req), req);
	}
}

static void deadline_merged_requests(struct request_queue *q,
				     struct request *req,
				     struct request *next)
{
	/* the merged request keeps the earlier deadline and its place */
	if (next->fifo_time < req->fifo_time) {
		list_move(&req->queuelist, &next->queuelist);
		req->fifo_time = next->fifo_time;
	}
	deadline_remove_request(q, next);
}

/* Send @rq to the dispatch list; the sweep goes on from its successor. */
static void deadline_move_request(struct deadline_data *dd,
				  struct request *rq)
{
	const int dir = rq_data_dir(rq);
	struct request_queue *q = rq->q;

	dd->next_rq[0] = NULL;
	dd->next_rq[1] = NULL;
	dd->next_rq[dir] = elv_rb_latter_request(q, rq);
	deadline_remove_request(q, rq);
	elv_dispatch_add_tail(q, rq);
}

static bool deadline_check_fifo(struct deadline_data *dd, int dir,
				sim_time_t now)
{
	struct request *rq = rq_entry_fifo(dd->fifo_list[dir].next);

	return now > rq->fifo_time;
}

static int deadline_dispatch_requests(struct request_queue *q, int force)
{
	struct deadline_data *dd = elv_data(q);
	const bool reads = !list_empty(&dd->fifo_list[0]);
	const bool writes = !list_empty(&dd->fifo_list[1]);
	struct request *rq;
	int dir;

	/* batches are reads XOR writes: only one next_rq is set */
	rq = dd->next_rq[1] ? dd->next_rq[1] : dd->next_rq[0];
	if (rq && dd->batching < dd->p->fifo_batch)
		goto dispatch_request;

	if (reads) {
		if (writes && dd->starved++ >= dd->p->writes_starved)
			goto dispatch_writes;
		dir = 0;
		goto dispatch_find_request;
	}
	if (writes) {
dispatch_writes:
		dd->starved = 0;
		dir = 1;
		goto dispatch_find_request;
	}
	return 0;

dispatch_find_request:
	/*
	 * An expired deadline, a direction switch or the end of the sweep:
	 * restart from the oldest request; else continue the sweep.
	 */
	if (deadline_check_fifo(dd, dir, q->sim->now) || !dd->next_rq[dir])
		rq = rq_entry_fifo(dd->fifo_list[dir].next);
	else
		rq = dd->next_rq[dir];
	dd->batching = 0;

dispatch_request:
	dd->batching++;
	deadline_move_request(dd, rq);
	return 1;
}

static bool deadline_queue_empty(struct request_queue *q)
{
	struct deadline_data *dd = elv_data(q);

	return list_empty(&dd->fifo_list[0]) && list_empty(&dd->fifo_list[1]);
}

static int deadline_init_queue(struct request_queue *q)
{
	struct deadline_data *dd = calloc(1, sizeof(*dd));

	if (!dd)
		return -ENOMEM;
	dd->p = elv_params(q);
	dd->sort_list[0] = dd->sort_list[1] = RB_ROOT;
	INIT_LIST_HEAD(&dd->fifo_list[0]);
	INIT_LIST_HEAD(&dd->fifo_list[1]);
	dd->fifo_expire[0] = dd->p->read_expire;
	dd->fifo_expire[1] = dd->p->write_expire;
	q->elevator.elevator_data = dd;
	return 0;
}

static void deadline_exit_queue(struct request_queue *q)
{
	free(q->elevator.elevator_data);
	q->elevator.elevator_data = NULL;
}

const struct elevator_type elevator_deadline = {
	.elevator_name = "deadline",
	.options = &deadline_opt_table,
	.params_size = sizeof(struct deadline_params),
	.ops = {
		.elevator_merge_fn = deadline_merge,
		.elevator_merged_fn = deadline_merged_request,
		.elevator_merge_req_fn = deadline_merged_requests,
		.elevator_dispatch_fn = deadline_dispatch_requests,
		.elevator_add_req_fn = deadline_add_request,
		.elevator_queue_empty_fn = deadline_queue_empty,
		.elevator_former_req_fn = elv_rb_former_request,
		.elevator_latter_req_fn = elv_rb_latter_request,
		.elevator_init_fn = deadline_init_queue,
		.elevator_exit_fn = deadline_exit_queue,
	},
};
