/* SPDX-License-Identifier: GPL-2.0 */
/*
 * I/O scheduler interface as of v2.6.30 (include/linux/elevator.h). One
 * file per scheduler (noop-iosched.c, deadline-iosched.c, cfq-iosched.c),
 * each defining a struct elevator_type with its ops table and the option
 * table of its tunables. The generic part (elevator.c) owns the back-merge
 * hash, the last-merge cache and the dispatch list.
 */
#ifndef WBSIM_ELEVATOR_H
#define WBSIM_ELEVATOR_H

#include "blkdev.h"

#define ELEVATOR_NO_MERGE	0
#define ELEVATOR_FRONT_MERGE	1
#define ELEVATOR_BACK_MERGE	2

struct elevator_ops {
	int (*elevator_merge_fn)(struct request_queue *q, struct request **rq,
				 struct bio *bio);
	void (*elevator_merged_fn)(struct request_queue *q, struct request *rq,
				   int type);
	void (*elevator_merge_req_fn)(struct request_queue *q,
				      struct request *rq, struct request *next);
	bool (*elevator_allow_merge_fn)(struct request_queue *q,
					struct request *rq, struct bio *bio);
	int (*elevator_dispatch_fn)(struct request_queue *q, int force);
	void (*elevator_add_req_fn)(struct request_queue *q, struct request *rq);
	void (*elevator_activate_req_fn)(struct request_queue *q,
					 struct request *rq);
	bool (*elevator_queue_empty_fn)(struct request_queue *q);
	void (*elevator_completed_req_fn)(struct request_queue *q,
					  struct request *rq);
	struct request *(*elevator_former_req_fn)(struct request_queue *q,
						  struct request *rq);
	struct request *(*elevator_latter_req_fn)(struct request_queue *q,
						  struct request *rq);
	int (*elevator_set_req_fn)(struct request_queue *q, struct request *rq,
				   struct bio *bio);
	void (*elevator_put_req_fn)(struct request *rq);
	int (*elevator_init_fn)(struct request_queue *q);
	void (*elevator_exit_fn)(struct request_queue *q);
};

struct elevator_type {
	const char *elevator_name;
	const struct opt_table *options;	/* its tunables, [NAME] section */
	size_t params_size;			/* size of its option struct */
	struct elevator_ops ops;
};

extern const struct elevator_type elevator_noop;
extern const struct elevator_type elevator_deadline;
extern const struct elevator_type elevator_cfq;

/* Indexed by queue_params.elevator; NULL-terminated. */
extern const struct elevator_type *const elevator_types[];
extern const char *const elevator_names[];

/* Generic helpers for the schedulers (block/elevator.c). */
void elv_dispatch_sort(struct request_queue *q, struct request *rq);
void elv_dispatch_add_tail(struct request_queue *q, struct request *rq);
void elv_rb_add(struct rb_root *root, struct request *rq);
void elv_rb_del(struct rb_root *root, struct request *rq);
struct request *elv_rb_find(struct rb_root *root, sector_t sector);
struct request *elv_rb_former_request(struct request_queue *q,
				      struct request *rq);
struct request *elv_rb_latter_request(struct request_queue *q,
				      struct request *rq);

static inline void *elv_data(struct request_queue *q)
{
	return q->elevator.elevator_data;
}

static inline void *elv_params(struct request_queue *q)
{
	return q->elevator.params;
}

#endif
