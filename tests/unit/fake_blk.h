/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test fixture for the block layer: a fake device driver, a hand-built
 * gendisk (sda, 8:0, with optional partitions) and a blktrace recorder.
 *
 * The driver's request_fn fetches requests with blk_fetch_request() while
 * fewer than @depth are in flight and completes each one @service later
 * from a sim event calling blk_end_request(): a device whose timing is
 * known exactly, so expected dispatch times follow from the parameters.
 *
 * The recorder replaces the blktrace writer's hooks (__blk_add_trace_*):
 * this test program defines them, so the linker never pulls the real
 * writer from the library. struct blk_trace is opaque to the block layer,
 * so the recorder can be it; q->blk_trace points to it and every event is
 * logged with its action letter as blkparse prints it.
 */
#ifndef WBSIM_TEST_FAKE_BLK_H
#define WBSIM_TEST_FAKE_BLK_H

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../../sim/block/blkdev.h"
#include "../../sim/block/blktrace.h"
#include "../../sim/block/elevator.h"
#include "check.h"

#define FAKE_MAX_EVENTS		8192
#define FAKE_MAX_DEPTH		32
#define FAKE_DISK_SECTORS	(1ULL << 30)	/* 512 GiB */

struct trace_ev {
	char act;		/* A Q M F G S P U T(=UT) I D C */
	sector_t sector;
	uint32_t bytes;
	uint32_t pid;
	uint32_t rw;		/* REQ_* of the bio/request */
	uint32_t extra;		/* U/UT: nr queued; A: from dev */
	sector_t from_sector;	/* A */
	int error;		/* C */
	sim_time_t time;
};

struct blk_trace {
	struct trace_ev ev[FAKE_MAX_EVENTS];
	unsigned int nr;
	char acts[FAKE_MAX_EVENTS + 1];	/* the letters, in order */
};

static inline char act_letter(uint32_t what)
{
	switch (what & 0xffff) {
	case __BLK_TA_QUEUE: return 'Q';
	case __BLK_TA_BACKMERGE: return 'M';
	case __BLK_TA_FRONTMERGE: return 'F';
	case __BLK_TA_GETRQ: return 'G';
	case __BLK_TA_SLEEPRQ: return 'S';
	case __BLK_TA_ISSUE: return 'D';
	case __BLK_TA_COMPLETE: return 'C';
	case __BLK_TA_PLUG: return 'P';
	case __BLK_TA_UNPLUG_IO: return 'U';
	case __BLK_TA_UNPLUG_TIMER: return 'T';
	case __BLK_TA_INSERT: return 'I';
	case __BLK_TA_REMAP: return 'A';
	}
	return '?';
}

static struct trace_ev *trace_add(struct request_queue *q, uint32_t what)
{
	struct blk_trace *bt = q->blk_trace;
	struct trace_ev *e;

	if (bt->nr >= FAKE_MAX_EVENTS)
		return &bt->ev[FAKE_MAX_EVENTS - 1];	/* overflow: reuse */
	e = &bt->ev[bt->nr];
	memset(e, 0, sizeof(*e));
	e->act = act_letter(what);
	e->time = q->sim->now;
	bt->acts[bt->nr++] = e->act;
	bt->acts[bt->nr] = '\0';
	return e;
}

void __blk_add_trace_bio(struct request_queue *q, struct bio *bio,
			 uint32_t what)
{
	struct trace_ev *e = trace_add(q, what);

	e->sector = bio->bi_sector;
	e->bytes = bio->bi_size;
	e->pid = bio->bi_pid;
	e->rw = bio->bi_rw;
}

void __blk_add_trace_rq(struct request_queue *q, struct request *rq,
			uint32_t what)
{
	struct trace_ev *e = trace_add(q, what);

	e->sector = rq->sector;
	e->bytes = rq->nr_sectors << SECTOR_SHIFT;
	e->pid = rq->pid;
	e->rw = rq->cmd_flags;
	e->error = rq->errors;
}

void __blk_add_trace_getrq(struct request_queue *q, struct bio *bio,
			   uint32_t what)
{
	__blk_add_trace_bio(q, bio, what);
}

void __blk_add_trace_plug(struct request_queue *q, uint32_t pid,
			  uint32_t cpu, const char *comm)
{
	trace_add(q, BLK_TA_PLUG)->pid = pid;
}

void __blk_add_trace_unplug(struct request_queue *q, uint32_t what,
			    unsigned int nr_queued)
{
	trace_add(q, what)->extra = nr_queued;
}

void __blk_add_trace_remap(struct request_queue *q, struct bio *bio,
			   uint32_t from_dev, sector_t from_sector)
{
	struct trace_ev *e = trace_add(q, BLK_TA_REMAP);

	e->sector = bio->bi_sector;
	e->bytes = bio->bi_size;
	e->extra = from_dev;
	e->from_sector = from_sector;
}

static inline unsigned int trace_count(const struct blk_trace *bt,
				       char act)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < bt->nr; i++)
		n += bt->ev[i].act == act;
	return n;
}

static inline void trace_reset(struct blk_trace *bt)
{
	bt->nr = 0;
	bt->acts[0] = '\0';
}

/* ---- the device ------------------------------------------------------ */

struct fake_dev;

struct fake_cmd {
	struct sim_event ev;
	struct request *rq;
	struct fake_dev *d;
	unsigned int log;	/* index into d->log */
};

/* One line per dispatched request. */
struct fake_log {
	sector_t sector;
	uint32_t nr_sectors;
	uint32_t pid;
	bool write, sync;
	sim_time_t d_time, c_time;
	unsigned int sync_in_flight;	/* sync requests in the device at D */
};

struct fake_dev {
	struct sim sim;
	struct request_queue q;
	struct gendisk gd;
	struct blk_trace *tr;
	unsigned int depth, in_flight, sync_in_flight;
	sim_time_t service;
	bool stopped;		/* request_fn does nothing */
	struct fake_cmd cmd[FAKE_MAX_DEPTH];
	struct fake_log *log;
	unsigned int nr_log, cap_log;
	void (*after_complete)(struct fake_dev *d);
	void *priv;
};

static void fake_complete(struct sim *sim, struct sim_event *ev)
{
	struct fake_cmd *c = container_of(ev, struct fake_cmd, ev);
	struct fake_dev *d = c->d;
	struct request *rq = c->rq;

	c->rq = NULL;
	d->in_flight--;
	if (rq_is_sync(rq))
		d->sync_in_flight--;
	d->log[c->log].c_time = sim->now;
	blk_end_request(rq, 0);
	if (d->after_complete)
		d->after_complete(d);
}

static void fake_request_fn(struct request_queue *q)
{
	struct fake_dev *d = q->queuedata;

	while (!d->stopped && d->in_flight < d->depth) {
		struct request *rq = blk_fetch_request(q);
		struct fake_cmd *c = d->cmd;

		if (!rq)
			break;
		while (c->rq)
			c++;
		if (d->nr_log == d->cap_log) {
			d->cap_log = d->cap_log ? 2 * d->cap_log : 256;
			d->log = realloc(d->log, d->cap_log * sizeof(*d->log));
		}
		c->rq = rq;
		c->log = d->nr_log++;
		d->log[c->log] = (struct fake_log){
			.sector = rq->sector, .nr_sectors = rq->nr_sectors,
			.pid = rq->pid, .write = rq_data_dir(rq),
			.sync = rq_is_sync(rq), .d_time = d->sim.now,
			.sync_in_flight = d->sync_in_flight,
		};
		d->in_flight++;
		if (rq_is_sync(rq))
			d->sync_in_flight++;
		sim_schedule_in(&d->sim, &c->ev, d->service);
	}
}

/* Queue parameters: defaults with the named elevator. */
static inline void fake_queue_params(struct queue_params *qp,
				     const char *elevator)
{
	char err[OPT_ERR_MAX];

	opt_set_defaults(&queue_opt_table, qp);
	CHECK(opt_parse(opt_find(&queue_opt_table, "elevator"), qp, elevator,
			err, sizeof(err)) == 0);
}

/*
 * The option struct of scheduler @name with "key=value" overrides,
 * through its option table as a scenario file would set it. Free it
 * after blk_init_queue() (which copies it).
 */
static void *fake_elv_params(const char *name, const char *const *set)
{
	const struct elevator_type *e = NULL;
	char err[OPT_ERR_MAX], key[64];
	void *p;

	for (int i = 0; elevator_types[i]; i++)
		if (!strcmp(elevator_names[i], name))
			e = elevator_types[i];
	if (!e || !e->params_size)
		return NULL;
	p = calloc(1, e->params_size);
	opt_set_defaults(e->options, p);
	for (; set && *set; set++) {
		const char *eq = strchr(*set, '=');
		size_t n = eq - *set;

		memcpy(key, *set, n);
		key[n] = '\0';
		CHECK(opt_parse(opt_find(e->options, key), p, eq + 1, err,
				sizeof(err)) == 0);
	}
	return p;
}

static inline void fake_part(struct gendisk *gd, int partno,
			     sector_t start, sector_t nr)
{
	struct block_device *b = &gd->part[partno - 1];

	*b = (struct block_device){
		.devt = MKDEV(SCSI_DISK0_MAJOR, partno), .partno = partno,
		.start_sect = start, .nr_sects = nr, .disk = gd,
	};
	snprintf(b->name, sizeof(b->name), "sda%d", partno);
	if (gd->nr_parts < partno)
		gd->nr_parts = partno;
}

/* @qp NULL: defaults with @elevator; @elv_params NULL: its defaults. */
static struct fake_dev *fake_dev_new(const char *elevator,
				     const struct queue_params *qp,
				     const char *const *elv_set,
				     unsigned int depth, sim_time_t service)
{
	struct fake_dev *d = calloc(1, sizeof(*d));
	struct queue_params defaults;
	void *ep = fake_elv_params(elevator, elv_set);

	if (!qp) {
		fake_queue_params(&defaults, elevator);
		qp = &defaults;
	}
	sim_init(&d->sim, 1);
	CHECK(blk_init_queue(&d->q, &d->sim, qp, ep) == 0);
	free(ep);
	d->tr = calloc(1, sizeof(*d->tr));
	d->q.request_fn = fake_request_fn;
	d->q.queuedata = d;
	d->q.disk = &d->gd;
	d->q.blk_trace = d->tr;
	d->gd.queue = &d->q;
	strcpy(d->gd.name, "sda");
	d->gd.part0 = (struct block_device){
		.devt = MKDEV(SCSI_DISK0_MAJOR, 0), .name = "sda",
		.nr_sects = FAKE_DISK_SECTORS, .disk = &d->gd,
	};
	d->depth = depth;
	d->service = service;
	for (int i = 0; i < FAKE_MAX_DEPTH; i++) {
		sim_event_init(&d->cmd[i].ev, fake_complete, "fake_done");
		d->cmd[i].d = d;
	}
	return d;
}

static inline void fake_dev_free(struct fake_dev *d)
{
	blk_cleanup_queue(&d->q);
	sim_exit(&d->sim);
	free(d->log);
	free(d->tr);
	free(d);
}

/* Let a stopped device go: unplug and run the queue. */
static inline void fake_start(struct fake_dev *d)
{
	d->stopped = false;
	blk_unplug(&d->q);
	blk_run_queue(&d->q);
}

/* ---- bios ------------------------------------------------------------- */

struct fake_bio {
	struct bio bio;
	bool done, woken;
	int error;
	sim_time_t done_time;
};

static void fake_end_io(struct bio *bio, int error)
{
	struct fake_bio *fb = container_of(bio, struct fake_bio, bio);

	fb->done = true;
	fb->error = error;
	fb->done_time = bio->bi_bdev && bio->bi_bdev->disk &&
		bio->bi_bdev->disk->queue ?
		bio->bi_bdev->disk->queue->sim->now : 0;
}

static void fake_wake(struct bio *bio)
{
	container_of(bio, struct fake_bio, bio)->woken = true;
}

static inline void fake_bio_init(struct fake_bio *fb,
				 struct block_device *bdev, sector_t sector,
				 uint32_t sectors, uint32_t rw, uint32_t pid)
{
	memset(fb, 0, sizeof(*fb));
	fb->bio.bi_sector = sector;
	fb->bio.bi_size = sectors << SECTOR_SHIFT;
	fb->bio.bi_rw = rw;
	fb->bio.bi_bdev = bdev;
	fb->bio.bi_pid = pid;
	fb->bio.bi_comm = "test";
	fb->bio.bi_end_io = fake_end_io;
	fb->bio.bi_wake = fake_wake;
}

/* Submit one bio from a pool entry; returns blk_submit_bio()'s value. */
static inline int fake_submit(struct fake_dev *d, struct fake_bio *fb,
			      sector_t sector, uint32_t sectors, uint32_t rw,
			      uint32_t pid)
{
	fake_bio_init(fb, &d->gd.part0, sector, sectors, rw, pid);
	return blk_submit_bio(&d->q, &fb->bio);
}

#endif
