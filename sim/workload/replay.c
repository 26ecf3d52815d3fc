// SPDX-License-Identifier: GPL-2.0
/*
 * `wbsim replay TRACE`: open-loop replay of a request trace through the
 * block layer and a disk model. Each trace record becomes a bio submitted
 * at its arrival time by its pid; the trace is read one record ahead, so
 * memory does not grow with its length. A submitter that finds no free
 * request sleeps in the block layer while later arrivals go on (open
 * loop: the trace's own timing is kept, as DiskSim replays it).
 *
 * Requests of a whole-disk blkparse trace that lie inside one partition
 * are submitted to that partition, as the original submitter did, so the
 * replay's blktrace has the same A (remap) records and per-partition
 * counters as the original.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "block/blktrace.h"
#include "cmd/commands.h"
#include "drivers/disk.h"
#include "replay.h"
#include "init/scenario.h"
#include "trace_input.h"

#define REPLAY_CHUNK	256	/* replay_ios allocated at a time */
#define DISKSIM_PID_BASE 1000	/* DiskSim has no pids: one per device */

struct replay_io {
	struct bio bio;
	sim_time_t arrival;
	struct replay_io *next_free;
};

struct replay_chunk {
	struct replay_chunk *next;
	struct replay_io io[REPLAY_CHUNK];
};

struct comm_entry {
	uint32_t pid;
	char comm[16];
};

struct replay {
	struct sim sim;
	struct scenario *s;
	struct disk disk;
	struct request_queue q;
	struct trace_reader tr;
	struct trace_record rec;	/* the next arrival */
	uint32_t devt;			/* the one device of a blkparse trace */
	bool devt_seen;
	struct sim_event arrive_ev;
	struct replay_io *free_ios;
	struct replay_chunk *chunks;
	struct comm_entry *comms;	/* open addressing on pid */
	size_t comm_cap, nr_comms;
	struct replay_stats st;
	int err;			/* first error, stops the run */
	char errmsg[TRACE_ERR_MAX];
};

static struct replay_io *io_alloc(struct replay *r)
{
	struct replay_io *io = r->free_ios;

	if (!io) {
		struct replay_chunk *c = malloc(sizeof(*c));

		if (!c)
			return NULL;
		c->next = r->chunks;
		r->chunks = c;
		for (int i = REPLAY_CHUNK - 1; i >= 0; i--) {
			c->io[i].next_free = io;
			io = &c->io[i];
		}
	}
	r->free_ios = io->next_free;
	return io;
}

/* Task names live as long as the replay: bios point at them. */
static const char *comm_intern(struct replay *r, uint32_t pid,
			       const char *comm)
{
	size_t i;

	if (r->nr_comms * 2 >= r->comm_cap) {
		size_t cap = r->comm_cap ? r->comm_cap * 2 : 64;
		struct comm_entry *t = calloc(cap, sizeof(*t));

		if (!t)
			return "";
		/* rehash; pid 0 marks a free slot, so it is stored as ~0 */
		for (i = 0; i < r->comm_cap; i++) {
			struct comm_entry *e = &r->comms[i];
			size_t j;

			if (!e->pid)
				continue;
			for (j = e->pid % cap; t[j].pid; j = (j + 1) % cap)
				;
			t[j] = *e;
		}
		free(r->comms);
		r->comms = t;
		r->comm_cap = cap;
	}
	uint32_t key = pid ? pid : UINT32_MAX;

	for (i = key % r->comm_cap; r->comms[i].pid; i = (i + 1) % r->comm_cap)
		if (r->comms[i].pid == key)
			return r->comms[i].comm;
	r->comms[i].pid = key;
	snprintf(r->comms[i].comm, sizeof(r->comms[i].comm), "%s", comm);
	r->nr_comms++;
	return r->comms[i].comm;
}

static void fail(struct replay *r, int err, const char *msg)
{
	if (!r->err) {
		r->err = err;
		snprintf(r->errmsg, sizeof(r->errmsg), "%s", msg);
	}
	sim_stop(&r->sim);
}

static void replay_end_io(struct bio *bio, int error)
{
	struct replay_io *io = container_of(bio, struct replay_io, bio);
	struct replay *r = bio->bi_private;
	int dir = (bio->bi_rw & REQ_WRITE) ? 1 : 0;

	replay_stats_add(&r->st, dir, bio->bi_size, r->sim.now - io->arrival,
			 error);
	r->st.last_done = r->sim.now;
	io->next_free = r->free_ios;
	r->free_ios = io;
}

/* Pick the block device a record is relative to; fill bio's sector. */
static int map_record(struct replay *r, struct bio *bio)
{
	const struct trace_record *rec = &r->rec;
	struct gendisk *gd = &r->disk.gd;
	struct block_device *b;
	char msg[TRACE_ERR_MAX];

	if (r->tr.format == TRACE_FMT_BLKPARSE) {
		if (!r->devt_seen) {
			r->devt = rec->devt;
			r->devt_seen = true;
		} else if (rec->devt != r->devt) {
			snprintf(msg, sizeof(msg),
				 "%s:%lu: device %u,%u: the trace already used %u,%u and a replay drives one disk",
				 r->tr.name, rec->lineno, MAJOR(rec->devt),
				 MINOR(rec->devt), MAJOR(r->devt), MINOR(r->devt));
			fail(r, -EINVAL, msg);
			return -EINVAL;
		}
	}
	if (rec->partno > (uint32_t)gd->nr_parts) {
		snprintf(msg, sizeof(msg),
			 "%s:%lu: device %u: the disk has %d partition(s)",
			 r->tr.name, rec->lineno, rec->partno, gd->nr_parts);
		fail(r, -EINVAL, msg);
		return -EINVAL;
	}
	b = rec->partno ? &gd->part[rec->partno - 1] : &gd->part0;
	if (rec->sector >= b->nr_sects ||
	    rec->nr_sectors > b->nr_sects - rec->sector) {
		snprintf(msg, sizeof(msg),
			 "%s:%lu: sectors %" PRIu64 "+%u lie beyond the end of %s (%" PRIu64 " sectors)",
			 r->tr.name, rec->lineno, (uint64_t)rec->sector,
			 rec->nr_sectors, b->name, (uint64_t)b->nr_sects);
		fail(r, -EINVAL, msg);
		return -EINVAL;
	}
	bio->bi_sector = rec->sector;
	if (!rec->partno) {
		struct block_device *p = disk_sector_to_part(&r->disk, rec->sector);

		if (p && p->partno &&
		    rec->sector + rec->nr_sectors <= p->start_sect + p->nr_sects) {
			bio->bi_sector = rec->sector - p->start_sect;
			b = p;
		}
	}
	bio->bi_bdev = b;
	return 0;
}

static void schedule_next(struct replay *r)
{
	int ret = trace_reader_next(&r->tr, &r->rec);

	if (ret < 0) {
		fail(r, ret, r->tr.err);
		return;
	}
	if (ret == 0)
		return;		/* end of trace: the queue drains */
	sim_schedule_at(&r->sim, &r->arrive_ev, r->rec.time);
}

static void replay_arrive(struct sim *sim, struct sim_event *ev)
{
	struct replay *r = container_of(ev, struct replay, arrive_ev);
	struct replay_io *io = io_alloc(r);
	struct bio *bio;
	int ret;

	if (!io) {
		fail(r, -ENOMEM, "out of memory");
		return;
	}
	bio = &io->bio;
	*bio = (struct bio){ 0 };
	if (map_record(r, bio)) {
		io->next_free = r->free_ios;
		r->free_ios = io;
		return;
	}
	io->arrival = sim->now;
	if (!r->st.nr_submitted)
		r->st.first_arrival = sim->now;
	r->st.nr_submitted++;
	bio->bi_size = r->rec.nr_sectors << SECTOR_SHIFT;
	bio->bi_rw = r->rec.flags;
	if (r->tr.format == TRACE_FMT_DISKSIM) {
		bio->bi_pid = DISKSIM_PID_BASE + r->rec.partno;
		bio->bi_comm = comm_intern(r, bio->bi_pid, "disksim");
	} else {
		bio->bi_pid = r->rec.pid;
		bio->bi_comm = comm_intern(r, r->rec.pid, r->rec.comm);
	}
	bio->bi_end_io = replay_end_io;
	bio->bi_private = r;
	ret = blk_submit_bio(&r->q, bio);
	if (ret < 0)
		r->st.nr_errors++;	/* already ended with -EIO */
	schedule_next(r);
}

/**
 * replay_run - replay the trace at @path through the scenario @s
 * @outdir: if not NULL, write DIR/sda.blktrace.0 and DIR/geometry
 * @st: receives the statistics; st->lat is allocated, free with
 *	replay_stats_free()
 * @errmsg: receives "file:line: message" for bad input
 *
 * Return: 0, -EINVAL for bad input (@errmsg set), other -errno.
 */
int replay_run(struct scenario *s, const char *path, enum trace_format fmt,
	       const char *outdir, struct replay_stats *st, char *errmsg,
	       size_t errlen)
{
	struct replay *r = calloc(1, sizeof(*r));
	int ret;

	if (!r)
		return -ENOMEM;
	r->s = s;
	sim_init(&r->sim, s->sim.seed);
	sim_event_init(&r->arrive_ev, replay_arrive, "replay_arrive");
	ret = disk_init(&r->disk, &r->sim, &s->disk, scenario_model_params(s), 0);
	if (ret) {
		snprintf(errmsg, errlen, "scenario: bad disk definition");
		goto out_sim;
	}
	ret = blk_init_queue(&r->q, &r->sim, &s->queue, scenario_elv_params(s));
	if (ret) {
		snprintf(errmsg, errlen, "scenario: bad queue definition");
		goto out_disk;
	}
	disk_attach_queue(&r->disk, &r->q);
	if (outdir) {
		ret = replay_prepare_outdir(&r->disk, outdir, errmsg, errlen);
		if (!ret)
			ret = blk_trace_setup(&r->q, outdir, r->disk.gd.name, 1);
		if (ret) {
			if (!errmsg[0])
				snprintf(errmsg, errlen, "%s: %s", outdir,
					 strerror(-ret));
			goto out_queue;
		}
	}
	ret = trace_reader_open(&r->tr, path, fmt);
	if (ret) {
		/* a missing or unreadable trace is bad input too: exit 2 */
		snprintf(errmsg, errlen, "%s", r->tr.err);
		ret = -EINVAL;
		goto out_trace;
	}
	schedule_next(r);
	sim_run(&r->sim, SIM_TIME_MAX);
	if (!r->err && (r->st.nr_done < r->st.nr_submitted - r->st.nr_errors)) {
		fail(r, -EIO, "internal: requests left in the queue at the end");
	}
	r->st.nr_skipped = r->tr.nr_skipped;
	r->st.disk = r->disk.stats;
	r->st.qstats = r->q.stats;
	r->st.nr_parts = r->disk.gd.nr_parts;
	r->st.part0 = r->disk.gd.part0;
	for (int i = 0; i < r->disk.gd.nr_parts; i++)
		r->st.parts[i] = r->disk.gd.part[i];
	r->st.end_time = r->sim.now;
	*st = r->st;
	r->st.lat = NULL;
	ret = r->err;
	if (ret)
		snprintf(errmsg, errlen, "%s", r->errmsg);
	trace_reader_close(&r->tr);
out_trace:
	if (r->q.blk_trace) {
		int e = blk_trace_shutdown(&r->q);

		/* a trace cut short by a full disk must not pass for whole */
		if (e && !ret) {
			snprintf(errmsg, errlen, "%s/%s.blktrace.0: %s", outdir,
				 r->disk.gd.name, strerror(-e));
			ret = e == -EINVAL ? -EIO : e;
		}
	}
out_queue:
	blk_cleanup_queue(&r->q);
out_disk:
	disk_exit(&r->disk);
out_sim:
	sim_exit(&r->sim);
	while (r->chunks) {
		struct replay_chunk *c = r->chunks;

		r->chunks = c->next;
		free(c);
	}
	free(r->comms);
	free(r->st.lat);
	free(r);
	return ret;
}
