// SPDX-License-Identifier: GPL-2.0
/*
 * The noop I/O scheduler as of v2.6.30 (block/noop-iosched.c): one FIFO
 * of requests, handed to the dispatch list one at a time in arrival order.
 *
 * It has no sector tree, so no elevator_merge_fn: a bio front-merges only
 * through the generic one-hit cache (q->last_merge) and back-merges
 * through the generic end-sector hash. Request-to-request merging after a
 * bio merge looks at the FIFO neighbours, as noop_former/latter_request do.
 * It has no tunables. Nothing is simplified relative to the kernel.
 */
#include <errno.h>
#include <stdlib.h>

#include "blk.h"

struct noop_data {
	struct list_head queue;
};

static void noop_merged_requests(struct request_queue *q, struct request *rq,
				 struct request *next)
{
	list_del_init(&next->queuelist);
}

static int noop_dispatch(struct request_queue *q, int force)
{
	struct noop_data *nd = elv_data(q);
	struct request *rq;

	if (list_empty(&nd->queue))
		return 0;
	rq = list_first_entry(&nd->queue, struct request, queuelist);
	list_del_init(&rq->queuelist);
	elv_dispatch_sort(q, rq);
	return 1;
}

static void noop_add_request(struct request_queue *q, struct request *rq)
{
	struct noop_data *nd = elv_data(q);

	list_add_tail(&rq->queuelist, &nd->queue);
}

static bool noop_queue_empty(struct request_queue *q)
{
	struct noop_data *nd = elv_data(q);

	return list_empty(&nd->queue);
}

static struct request *noop_former_request(struct request_queue *q,
					   struct request *rq)
{
	struct noop_data *nd = elv_data(q);

	if (rq->queuelist.prev == &nd->queue)
		return NULL;
	return list_entry(rq->queuelist.prev, struct request, queuelist);
}

static struct request *noop_latter_request(struct request_queue *q,
					   struct request *rq)
{
	struct noop_data *nd = elv_data(q);

	if (rq->queuelist.next == &nd->queue)
		return NULL;
	return list_entry(rq->queuelist.next, struct request, queuelist);
}

static int noop_init_queue(struct request_queue *q)
{
	struct noop_data *nd = malloc(sizeof(*nd));

	if (!nd)
		return -ENOMEM;
	INIT_LIST_HEAD(&nd->queue);
	q->elevator.elevator_data = nd;
	return 0;
}

static void noop_exit_queue(struct request_queue *q)
{
	free(q->elevator.elevator_data);
	q->elevator.elevator_data = NULL;
}

const struct elevator_type elevator_noop = {
	.elevator_name = "noop",
	.options = NULL,
	.params_size = 0,
	.ops = {
		.elevator_merge_req_fn = noop_merged_requests,
		.elevator_dispatch_fn = noop_dispatch,
		.elevator_add_req_fn = noop_add_request,
		.elevator_queue_empty_fn = noop_queue_empty,
		.elevator_former_req_fn = noop_former_request,
		.elevator_latter_req_fn = noop_latter_request,
		.elevator_init_fn = noop_init_queue,
		.elevator_exit_fn = noop_exit_queue,
	},
};
