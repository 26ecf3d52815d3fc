// SPDX-License-Identifier: GPL-2.0
/*
 * The generic elevator as of v2.6.30 (block/elevator.c): the table of
 * schedulers, the back-merge hash, the one-hit merge cache, insertion
 * into the scheduler and the helpers that move requests to the dispatch
 * list (q->queue_head) the driver takes them from.
 *
 * Merge lookup order, as in elv_merge(): the last request a bio merged
 * with (q->last_merge, which can give a back or a front merge), then the
 * hash of request end sectors (back merge), then the scheduler's own
 * elevator_merge_fn (front merge from its sector tree). The hash only
 * holds requests that are still in the scheduler: moving a request to the
 * dispatch list takes it out, so nothing merges into a request the driver
 * may already have.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "blk.h"

const struct elevator_type *const elevator_types[] = {
	&elevator_noop,
	&elevator_deadline,
	&elevator_cfq,
	NULL,
};

const char *const elevator_names[] = {
	"noop",
	"deadline",
	"cfq",
	NULL,
};

/*
 * Multiplicative hash of the 4 KiB block the request ends in; the table
 * has 256 buckets, so the top 8 bits of the product index it.
 */
static inline unsigned int elv_hash_fn(sector_t end)
{
	return (unsigned int)(((end >> 3) * 0x9E3779B97F4A7C15ULL) >> 56);
}

static void elv_rqhash_add(struct request_queue *q, struct request *rq)
{
	struct request **head = &q->elevator.hash_head[
		elv_hash_fn(rq_end_sector(rq))];

	rq->hash_next = *head;
	*head = rq;
	rq->on_hash = true;
}

/**
 * elv_rqhash_del - take @rq out of the back-merge hash (if it is in it)
 *
 * Requests hash by their end sector, so call this before changing it.
 * Chains hold the few requests ending in one hashed 4 KiB block, so the
 * walk to unlink is short.
 */
void elv_rqhash_del(struct request_queue *q, struct request *rq)
{
	struct request **pp;

	if (!rq->on_hash)
		return;
	pp = &q->elevator.hash_head[elv_hash_fn(rq_end_sector(rq))];
	while (*pp && *pp != rq)
		pp = &(*pp)->hash_next;
	if (*pp)
		*pp = rq->hash_next;
	rq->hash_next = NULL;
	rq->on_hash = false;
}

static struct request *elv_rqhash_find(struct request_queue *q,
				       sector_t offset)
{
	struct request *rq = q->elevator.hash_head[elv_hash_fn(offset)];

	for (; rq; rq = rq->hash_next)
		if (rq_end_sector(rq) == offset)
			return rq;
	return NULL;
}

/**
 * elevator_init - attach scheduler number @index to @q
 * @params: the scheduler's option struct, filled from its option table;
 *	copied, so the caller's may go away. NULL: the table's defaults.
 * Return: 0, -EINVAL for an unknown scheduler, -ENOMEM.
 */
int elevator_init(struct request_queue *q, int index, const void *params)
{
	const struct elevator_type *e;
	struct elevator_queue *eq = &q->elevator;
	int ret;

	if (index < 0 || index >= (int)ARRAY_SIZE(elevator_types) - 1)
		return -EINVAL;
	e = elevator_types[index];
	memset(eq, 0, sizeof(*eq));
	eq->type = e;
	if (e->params_size) {
		eq->params = malloc(e->params_size);
		if (!eq->params)
			return -ENOMEM;
		if (params) {
			memcpy(eq->params, params, e->params_size);
		} else if (opt_set_defaults(e->options, eq->params)) {
			ret = -EINVAL;
			goto out_free_params;
		}
	}
	ret = e->ops.elevator_init_fn ? e->ops.elevator_init_fn(q) : 0;
	if (ret)
		goto out_free_params;
	return 0;

out_free_params:
	free(eq->params);
	eq->params = NULL;
	eq->type = NULL;
	return ret;
}

/**
 * elevator_exit - detach the scheduler, freeing its state and parameters
 */
void elevator_exit(struct request_queue *q)
{
	struct elevator_queue *eq = &q->elevator;

	if (!eq->type)
		return;
	if (eq->type->ops.elevator_exit_fn)
		eq->type->ops.elevator_exit_fn(q);
	free(eq->params);
	memset(eq, 0, sizeof(*eq));
}

/**
 * elv_queue_empty - nothing on the dispatch list and nothing in the
 * scheduler (for CFQ: no queue with requests, even if it idles)
 */
bool elv_queue_empty(struct request_queue *q)
{
	if (!list_empty(&q->queue_head))
		return false;
	if (elv_ops(q)->elevator_queue_empty_fn)
		return elv_ops(q)->elevator_queue_empty_fn(q);
	return true;
}

/**
 * elv_rq_merge_ok - may @bio be merged into @rq at all (either end)?
 *
 * Same data direction and, unlike the kernel's generic check, the same
 * sync-ness: a sync write never joins an async one, so each request stays
 * on the request list (and CFQ queue) it was allocated from. The scheduler
 * has the last word through elevator_allow_merge_fn.
 */
bool elv_rq_merge_ok(struct request_queue *q, struct request *rq,
		     struct bio *bio)
{
	if (!rq_mergeable(rq))
		return false;
	if (((bio->bi_rw ^ rq->cmd_flags) & REQ_WRITE) ||
	    bio_is_sync(bio) != rq_is_sync(rq))
		return false;
	if (elv_ops(q)->elevator_allow_merge_fn &&
	    !elv_ops(q)->elevator_allow_merge_fn(q, rq, bio))
		return false;
	return true;
}

static int elv_try_merge(struct request_queue *q, struct request *rq,
			 struct bio *bio)
{
	sector_t nr = bio->bi_size >> SECTOR_SHIFT;

	if (!elv_rq_merge_ok(q, rq, bio))
		return ELEVATOR_NO_MERGE;
	if (rq_end_sector(rq) == bio->bi_sector)
		return ELEVATOR_BACK_MERGE;
	if (rq->sector == bio->bi_sector + nr)
		return ELEVATOR_FRONT_MERGE;
	return ELEVATOR_NO_MERGE;
}

/**
 * elv_merge - find a request @bio can be merged into
 * @req: receives the request on success
 * Return: ELEVATOR_BACK_MERGE, ELEVATOR_FRONT_MERGE or ELEVATOR_NO_MERGE.
 * The caller still checks the size limit.
 */
int elv_merge(struct request_queue *q, struct request **req, struct bio *bio)
{
	struct request *rq;
	int ret;

	if (q->last_merge) {
		ret = elv_try_merge(q, q->last_merge, bio);
		if (ret != ELEVATOR_NO_MERGE) {
			*req = q->last_merge;
			return ret;
		}
	}
	rq = elv_rqhash_find(q, bio->bi_sector);
	if (rq && elv_rq_merge_ok(q, rq, bio)) {
		*req = rq;
		return ELEVATOR_BACK_MERGE;
	}
	if (elv_ops(q)->elevator_merge_fn)
		return elv_ops(q)->elevator_merge_fn(q, req, bio);
	return ELEVATOR_NO_MERGE;
}

/**
 * elv_merged_request - @rq grew by a bio at its back or front
 *
 * A front merge moved its start sector, so the scheduler re-sorts it. A
 * back merge moved its end sector: blk-core took it out of the hash
 * before (the chain is chosen by the old end), and it goes back in here.
 */
void elv_merged_request(struct request_queue *q, struct request *rq,
			int type)
{
	if (elv_ops(q)->elevator_merged_fn)
		elv_ops(q)->elevator_merged_fn(q, rq, type);
	if (type == ELEVATOR_BACK_MERGE && !rq->on_hash && rq_mergeable(rq))
		elv_rqhash_add(q, rq);
	q->last_merge = rq;
}

/**
 * elv_merge_requests - @next was appended to @rq and is going away
 *
 * As for a back merge, blk-core took @rq out of the hash before its end
 * sector moved.
 */
void elv_merge_requests(struct request_queue *q, struct request *rq,
			struct request *next)
{
	if (elv_ops(q)->elevator_merge_req_fn)
		elv_ops(q)->elevator_merge_req_fn(q, rq, next);
	if (!rq->on_hash && rq_mergeable(rq))
		elv_rqhash_add(q, rq);
	elv_rqhash_del(q, next);
	q->nr_sorted--;
	q->last_merge = rq;
}

/**
 * elv_insert_sorted - hand a new request to the scheduler
 * (elv_insert() with ELEVATOR_INSERT_SORT). The caller fired I.
 *
 * CFQ may run the queue from its add_req_fn, so @rq may already be on
 * its way to the driver when this returns.
 */
void elv_insert_sorted(struct request_queue *q, struct request *rq)
{
	q->nr_sorted++;
	if (rq_mergeable(rq)) {
		elv_rqhash_add(q, rq);
		if (!q->last_merge)
			q->last_merge = rq;
	}
	elv_ops(q)->elevator_add_req_fn(q, rq);
}

/**
 * elv_former_request - the request before @rq in the scheduler's order
 */
struct request *elv_former_request(struct request_queue *q,
				   struct request *rq)
{
	if (elv_ops(q)->elevator_former_req_fn)
		return elv_ops(q)->elevator_former_req_fn(q, rq);
	return NULL;
}

/**
 * elv_latter_request - the request after @rq in the scheduler's order
 */
struct request *elv_latter_request(struct request_queue *q,
				   struct request *rq)
{
	if (elv_ops(q)->elevator_latter_req_fn)
		return elv_ops(q)->elevator_latter_req_fn(q, rq);
	return NULL;
}

/* The request leaves the scheduler: no more merging into it. */
static void elv_dispatch_prep(struct request_queue *q, struct request *rq)
{
	if (q->last_merge == rq)
		q->last_merge = NULL;
	elv_rqhash_del(q, rq);
	q->nr_sorted--;
}

/**
 * elv_dispatch_sort - put @rq on the dispatch list in one-way elevator
 * order
 *
 * The list is kept as an ascending sweep starting at q->end_sector (where
 * the head will be after the last dispatched request): requests at or
 * beyond it first, in sector order, then the ones behind it, again in
 * order. Scanning from the tail, the search stops at a request of the
 * other data direction, so reads and writes are never reordered across
 * each other. The list is a few requests long (schedulers move one or a
 * quantum at a time), so the scan is short.
 */
void elv_dispatch_sort(struct request_queue *q, struct request *rq)
{
	sector_t boundary = q->end_sector;
	struct list_head *entry;

	elv_dispatch_prep(q, rq);
	for (entry = q->queue_head.prev; entry != &q->queue_head;
	     entry = entry->prev) {
		struct request *pos = list_entry(entry, struct request,
						 queuelist);

		if (rq_data_dir(rq) != rq_data_dir(pos))
			break;
		if (rq->sector >= boundary) {
			if (pos->sector < boundary)
				continue;
		} else {
			if (pos->sector >= boundary)
				break;
		}
		if (rq->sector >= pos->sector)
			break;
	}
	__list_add(&rq->queuelist, entry, entry->next);
}

/**
 * elv_dispatch_add_tail - append @rq to the dispatch list as is
 *
 * It becomes the boundary: elv_dispatch_sort() sorts later requests
 * relative to where this one ends, until the driver takes it.
 */
void elv_dispatch_add_tail(struct request_queue *q, struct request *rq)
{
	elv_dispatch_prep(q, rq);
	q->end_sector = rq_end_sector(rq);
	q->boundary_rq_sector = rq->sector;
	list_add_tail(&rq->queuelist, &q->queue_head);
}

/**
 * elv_rb_add - insert @rq into a sector-sorted tree
 *
 * Requests starting at the same sector are kept, the newer to the right
 * (the kernel instead dispatches the older "alias" at once).
 */
void elv_rb_add(struct rb_root *root, struct request *rq)
{
	struct rb_node **p = &root->rb_node, *parent = NULL;

	while (*p) {
		struct request *cur = rb_entry(*p, struct request, rb_node);

		parent = *p;
		if (rq->sector < cur->sector)
			p = &(*p)->rb_left;
		else
			p = &(*p)->rb_right;
	}
	rb_link_node(&rq->rb_node, parent, p);
	rb_insert_color(&rq->rb_node, root);
}

/**
 * elv_rb_del - remove @rq from the sector-sorted tree @root
 */
void elv_rb_del(struct rb_root *root, struct request *rq)
{
	rb_erase(&rq->rb_node, root);
	rq->rb_node.rb_parent = rq->rb_node.rb_left = NULL;
	rq->rb_node.rb_right = NULL;
}

/**
 * elv_rb_find - a request starting exactly at @sector, or NULL
 */
struct request *elv_rb_find(struct rb_root *root, sector_t sector)
{
	struct rb_node *n = root->rb_node;

	while (n) {
		struct request *rq = rb_entry(n, struct request, rb_node);

		if (sector < rq->sector)
			n = n->rb_left;
		else if (sector > rq->sector)
			n = n->rb_right;
		else
			return rq;
	}
	return NULL;
}

/**
 * elv_rb_former_request - the request before @rq in its sector tree
 */
struct request *elv_rb_former_request(struct request_queue *q,
				      struct request *rq)
{
	struct rb_node *n = rb_prev(&rq->rb_node);

	return n ? rb_entry(n, struct request, rb_node) : NULL;
}

/**
 * elv_rb_latter_request - the request after @rq in its sector tree
 */
struct request *elv_rb_latter_request(struct request_queue *q,
				      struct request *rq)
{
	struct rb_node *n = rb_next(&rq->rb_node);

	return n ? rb_entry(n, struct request, rb_node) : NULL;
}
