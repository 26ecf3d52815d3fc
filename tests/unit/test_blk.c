// SPDX-License-Identifier: GPL-2.0
/*
 * The v2.6.30 request queue (blk-core.c + elevator.c) with a fake device:
 * merging (back, front, request+request, size limit, direction and
 * sync-ness), partition remapping, congestion thresholds, sleeping
 * submitters, plugging, and crediting each completed write to its
 * writer (io-writer.h). Expected values come from the rules in
 * block/blk-core.c of 2.6.30 as the reference states them, not from
 * running the code.
 */
#include "../../sim/block/io-writer.h"
#include "fake_blk.h"

#define MS	NSEC_PER_MSEC
#define W	REQ_WRITE
#define R	0

static struct fake_bio bios[512];

/* Two contiguous writes make one request: Q G P I, then Q M. */
static void test_back_merge(void)
{
	struct fake_dev *d = fake_dev_new("noop", NULL, NULL, 1, MS);

	d->stopped = true;
	CHECK(fake_submit(d, &bios[0], 0, 8, W, 1) == 0);
	CHECK(!strcmp(d->tr->acts, "QGPI"));
	CHECK(fake_submit(d, &bios[1], 8, 8, W, 1) == 0);
	CHECK(!strcmp(d->tr->acts, "QGPIQM"));
	CHECK(fake_submit(d, &bios[2], 16, 8, W, 1) == 0);
	CHECK(!strcmp(d->tr->acts, "QGPIQMQM"));
	CHECK_EQ_U64(d->q.stats.nr_back_merges, 2);
	CHECK_EQ_U64(d->q.stats.nr_front_merges, 0);
	CHECK_EQ_U64(d->q.stats.nr_requests_alloc, 1);
	CHECK_EQ_U64(d->q.count[BLK_RW_ASYNC], 1);

	fake_start(d);
	sim_run(&d->sim, SIM_TIME_MAX);
	CHECK_EQ_U64(d->nr_log, 1);
	CHECK_EQ_U64(d->log[0].sector, 0);
	CHECK_EQ_U64(d->log[0].nr_sectors, 24);
	for (int i = 0; i < 3; i++)
		CHECK(bios[i].done && bios[i].error == 0);
	CHECK_EQ_U64(d->q.count[BLK_RW_ASYNC], 0);
	fake_dev_free(d);
}

/*
 * Deadline finds a front merge in its sector tree: the bio [192,200)
 * joins the request at 200, which is neither the last-merge request
 * (that is the first one queued, at 100) nor findable by end sector.
 */
static void test_front_merge(void)
{
	struct fake_dev *d = fake_dev_new("deadline", NULL, NULL, 1, MS);

	d->stopped = true;
	fake_submit(d, &bios[0], 100, 8, W, 1);
	fake_submit(d, &bios[1], 200, 8, W, 1);
	fake_submit(d, &bios[2], 192, 8, W, 1);
	CHECK(!strcmp(d->tr->acts, "QGPIQGIQF"));
	CHECK_EQ_U64(d->q.stats.nr_front_merges, 1);
	CHECK_EQ_U64(d->q.stats.nr_requests_alloc, 2);

	fake_start(d);
	sim_run(&d->sim, SIM_TIME_MAX);
	CHECK_EQ_U64(d->nr_log, 2);
	CHECK_EQ_U64(d->log[0].sector, 100);
	CHECK_EQ_U64(d->log[1].sector, 192);
	CHECK_EQ_U64(d->log[1].nr_sectors, 16);
	fake_dev_free(d);
}

/*
 * A bio that fills the gap between two requests joins one of them, and
 * then the two requests become one (attempt_back/front_merge).
 */
static void test_request_merge(void)
{
	struct fake_dev *d = fake_dev_new("deadline", NULL, NULL, 1, MS);

	d->stopped = true;
	fake_submit(d, &bios[0], 0, 8, W, 1);
	fake_submit(d, &bios[1], 16, 8, W, 1);
	fake_submit(d, &bios[2], 8, 8, W, 1);	/* back merge into [0,8) */
	CHECK(!strcmp(d->tr->acts, "QGPIQGIQM"));
	CHECK_EQ_U64(d->q.stats.nr_rq_merges, 1);
	CHECK_EQ_U64(d->q.count[BLK_RW_ASYNC], 1);
	CHECK_EQ_U64(d->q.nr_sorted, 1);
	fake_start(d);
	sim_run(&d->sim, SIM_TIME_MAX);
	CHECK_EQ_U64(d->nr_log, 1);
	CHECK_EQ_U64(d->log[0].nr_sectors, 24);
	fake_dev_free(d);

	/* mirror image: the gap bio front-merges via the last-merge cache */
	d = fake_dev_new("deadline", NULL, NULL, 1, MS);
	d->stopped = true;
	fake_submit(d, &bios[0], 16, 8, W, 1);
	fake_submit(d, &bios[1], 0, 8, W, 1);
	fake_submit(d, &bios[2], 8, 8, W, 1);
	CHECK(!strcmp(d->tr->acts, "QGPIQGIQF"));
	CHECK_EQ_U64(d->q.stats.nr_rq_merges, 1);
	CHECK_EQ_U64(d->q.count[BLK_RW_ASYNC], 1);
	fake_start(d);
	sim_run(&d->sim, SIM_TIME_MAX);
	CHECK_EQ_U64(d->nr_log, 1);
	CHECK_EQ_U64(d->log[0].sector, 0);
	CHECK_EQ_U64(d->log[0].nr_sectors, 24);
	for (int i = 0; i < 3; i++)
		CHECK(bios[i].done);
	fake_dev_free(d);
}

/* max_sectors_kb 64 = 128 sectors = 16 bios of 4 KiB; the 17th starts over. */
static void test_max_sectors(void)
{
	struct queue_params qp;
	struct fake_dev *d;
	const unsigned int kb = 64, bio_sectors = 8;
	const unsigned int per_rq = kb * 2 / bio_sectors;

	fake_queue_params(&qp, "noop");
	qp.max_sectors_kb = kb;
	d = fake_dev_new("noop", &qp, NULL, 1, MS);
	d->stopped = true;
	for (unsigned int i = 0; i < per_rq + 2; i++)
		fake_submit(d, &bios[i], i * bio_sectors, bio_sectors, W, 1);
	CHECK_EQ_U64(d->q.stats.nr_requests_alloc, 2);
	CHECK_EQ_U64(d->q.stats.nr_back_merges, per_rq - 1 + 1);
	fake_start(d);
	sim_run(&d->sim, SIM_TIME_MAX);
	CHECK_EQ_U64(d->nr_log, 2);
	CHECK_EQ_U64(d->log[0].nr_sectors, kb * 2);
	CHECK_EQ_U64(d->log[1].sector, kb * 2);
	CHECK_EQ_U64(d->log[1].nr_sectors, 2 * bio_sectors);
	fake_dev_free(d);
}

/* Reads and writes, sync and async writes, never share a request. */
static void test_no_mixed_merges(void)
{
	static const struct { uint32_t a, b; } pairs[] = {
		{ W, R }, { R, W }, { W, W | REQ_SYNC }, { W | REQ_SYNC, W },
	};

	for (unsigned int i = 0; i < ARRAY_SIZE(pairs); i++) {
		struct fake_dev *d = fake_dev_new("deadline", NULL, NULL, 1,
						  MS);

		d->stopped = true;
		fake_submit(d, &bios[0], 100, 8, pairs[i].a, 1);
		/* one at its back, one at its front */
		fake_submit(d, &bios[1], 108, 8, pairs[i].b, 1);
		fake_submit(d, &bios[2], 92, 8, pairs[i].b, 1);
		CHECK_EQ_U64(d->q.stats.nr_back_merges, 0);
		CHECK_EQ_U64(d->q.stats.nr_front_merges, 0);
		CHECK_EQ_U64(d->q.stats.nr_requests_alloc, 3);
		CHECK_EQ_U64(trace_count(d->tr, 'M') + trace_count(d->tr, 'F'),
			     0);
		fake_start(d);
		sim_run(&d->sim, SIM_TIME_MAX);
		CHECK_EQ_U64(d->nr_log, 3);
		fake_dev_free(d);
	}
}

/* sda1 = [2048, 3048), sda2 = [3048, 8048): offsets add start_sect. */
static void test_partition_remap(void)
{
	struct fake_dev *d = fake_dev_new("noop", NULL, NULL, 1, MS);
	struct block_device *sda1, *sda2;
	const struct trace_ev *e;

	fake_part(&d->gd, 1, 2048, 1000);
	fake_part(&d->gd, 2, 3048, 5000);
	sda1 = &d->gd.part[0];
	sda2 = &d->gd.part[1];
	d->stopped = true;

	fake_bio_init(&bios[0], sda2, 10, 8, W, 1);
	CHECK(blk_submit_bio(&d->q, &bios[0].bio) == 0);
	CHECK_EQ_U64(bios[0].bio.bi_sector, 3048 + 10);
	CHECK(bios[0].bio.bi_bdev == &d->gd.part0);
	CHECK(!strncmp(d->tr->acts, "AQ", 2));
	e = &d->tr->ev[0];
	CHECK_EQ_U64(e->extra, MKDEV(8, 2));
	CHECK_EQ_U64(e->from_sector, 10);
	CHECK_EQ_U64(e->sector, 3058);
	CHECK_EQ_U64(d->tr->ev[1].sector, 3058);	/* Q: disk sector */

	/* the last 8 sectors of sda1 fit; one sector further does not */
	fake_bio_init(&bios[1], sda1, 992, 8, W, 1);
	CHECK(blk_submit_bio(&d->q, &bios[1].bio) == 0);
	trace_reset(d->tr);
	fake_bio_init(&bios[2], sda1, 993, 8, W, 1);
	CHECK(blk_submit_bio(&d->q, &bios[2].bio) == -EIO);
	CHECK(bios[2].done && bios[2].error == -EIO);
	CHECK_EQ_U64(d->tr->nr, 0);
	fake_bio_init(&bios[3], sda1, 0, 0, W, 1);	/* empty bio */
	CHECK(blk_submit_bio(&d->q, &bios[3].bio) == -EIO);
	CHECK_EQ_U64(d->q.stats.nr_bios, 2);

	fake_start(d);
	sim_run(&d->sim, SIM_TIME_MAX);
	CHECK_EQ_U64(d->nr_log, 2);
	CHECK_EQ_U64(d->log[0].sector, 3058);
	CHECK_EQ_U64(d->log[1].sector, 2048 + 992);
	CHECK_EQ_U64(sda2->sectors_done[1], 8);
	CHECK_EQ_U64(sda2->ios_done[1], 1);
	CHECK_EQ_U64(sda1->sectors_done[1], 8);
	CHECK_EQ_U64(sda1->ios_done[1], 1);
	CHECK_EQ_U64(d->gd.part0.sectors_done[1], 16);
	CHECK_EQ_U64(d->gd.part0.ios_done[1], 2);
	CHECK_EQ_U64(d->gd.part0.sectors_done[0], 0);
	fake_dev_free(d);
}

struct cong_rec {
	unsigned int count[256];
	bool congested[256];
	unsigned int n;
};

static void record_congestion(struct fake_dev *d)
{
	struct cong_rec *r = d->priv;

	r->count[r->n] = d->q.count[BLK_RW_ASYNC];
	r->congested[r->n] = bdi_write_congested(&d->q);
	r->n++;
}

/*
 * blk_queue_congestion_threshold() with nr_requests 128: congested from
 * 128 - 128/8 + 1 = 113 requests, not congested below
 * 128 - 128/8 - 128/16 - 1 = 103.
 */
static void test_congestion(void)
{
	const unsigned int nr = 128;
	const unsigned int on = nr - nr / 8 + 1;
	const unsigned int off = nr - nr / 8 - nr / 16 - 1;
	struct fake_dev *d = fake_dev_new("noop", NULL, NULL, 1, MS);
	static struct cong_rec rec;
	bool first_off_seen = false;

	CHECK_EQ_U64(d->q.p.nr_requests, nr);
	CHECK_EQ_U64(on, 113);
	CHECK_EQ_U64(off, 103);
	d->stopped = true;
	for (unsigned int i = 1; i <= nr; i++) {
		/* 16 sectors apart: never contiguous, never merged */
		fake_submit(d, &bios[i], i * 16, 8, W, 1);
		CHECK_EQ_U64(d->q.count[BLK_RW_ASYNC], i);
		CHECK(bdi_write_congested(&d->q) == (i >= on));
		CHECK(!bdi_read_congested(&d->q));
	}
	CHECK_EQ_U64(d->q.stats.nr_congestion_on, 1);

	d->priv = &rec;
	d->after_complete = record_congestion;
	fake_start(d);
	sim_run(&d->sim, SIM_TIME_MAX);
	CHECK_EQ_U64(rec.n, nr);
	for (unsigned int i = 0; i < rec.n; i++) {
		CHECK(rec.congested[i] == (rec.count[i] >= off));
		if (!rec.congested[i] && !first_off_seen) {
			first_off_seen = true;
			CHECK_EQ_U64(rec.count[i], off - 1);
		}
	}
	CHECK(first_off_seen);
	CHECK_EQ_U64(d->q.stats.nr_congestion_on, 1);
	fake_dev_free(d);
}

/*
 * The 129th async request sleeps [S], and so does the 130th behind it;
 * each completion hands its request to the oldest sleeper, which then
 * gets it [G] and is told through bi_wake.
 */
static void test_sleep_and_wake(void)
{
	const unsigned int nr = 128;
	struct fake_dev *d = fake_dev_new("noop", NULL, NULL, 1, MS);
	const struct trace_ev *g = NULL;

	d->stopped = true;
	for (unsigned int i = 0; i < nr; i++)
		CHECK(fake_submit(d, &bios[i], i * 16, 8, W, 1) == 0);
	trace_reset(d->tr);
	CHECK(fake_submit(d, &bios[nr], nr * 16, 8, W, 2) == 1);
	CHECK(fake_submit(d, &bios[nr + 1], (nr + 1) * 16, 8, W, 3) == 1);
	CHECK_EQ_U64(trace_count(d->tr, 'S'), 2);
	CHECK_EQ_U64(trace_count(d->tr, 'G'), 0);
	CHECK_EQ_U64(d->q.stats.nr_sleeps, 2);
	CHECK_EQ_U64(d->q.count[BLK_RW_ASYNC], nr);
	/* a read uses the other list and does not sleep */
	CHECK(fake_submit(d, &bios[nr + 2], 1 << 20, 8, R, 4) == 0);
	CHECK_EQ_U64(d->q.count[BLK_RW_SYNC], 1);

	fake_start(d);
	/* depth 1, 1 ms each: the first completion is at 1 ms */
	sim_run(&d->sim, MS - 1);
	CHECK(!bios[nr].woken);
	sim_run(&d->sim, MS);
	CHECK(bios[nr].woken && !bios[nr + 1].woken);
	for (unsigned int i = 0; i < d->tr->nr; i++)
		if (d->tr->ev[i].act == 'G' && d->tr->ev[i].pid == 2)
			g = &d->tr->ev[i];
	CHECK(g && g->time == MS);
	CHECK_EQ_U64(d->q.count[BLK_RW_ASYNC], nr);
	sim_run(&d->sim, 2 * MS);
	CHECK(bios[nr + 1].woken);
	sim_run(&d->sim, SIM_TIME_MAX);
	for (unsigned int i = 0; i < nr + 3; i++)
		CHECK(bios[i].done && !bios[i].error);
	CHECK_EQ_U64(d->q.count[BLK_RW_ASYNC], 0);
	fake_dev_free(d);
}

static unsigned int nr_d(const struct fake_dev *d)
{
	return trace_count(d->tr, 'D');
}

/*
 * blk-mq (queue.mq): one set of nr_requests tags for sync and async
 * alike, held until completion; a sleeper is woken only when wake_batch
 * (min(8, nr_requests / 8)) tags are free, and a running submitter takes
 * a free tag even with others asleep; no queue plug, so a request goes to
 * the driver as soon as the driver takes it.
 */
static void test_mq_tags(void)
{
	struct queue_params qp;
	struct fake_dev *d;
	const unsigned int nr = 16;	/* wake_batch 2 */

	fake_queue_params(&qp, "noop");
	qp.mq = true;
	qp.nr_requests = nr;
	d = fake_dev_new("noop", &qp, NULL, 1, MS);
	d->stopped = true;
	for (unsigned int i = 0; i < nr; i++)
		CHECK(fake_submit(d, &bios[i], i * 16, 8, W, 1) == 0);
	CHECK_EQ_U64(trace_count(d->tr, 'P'), 0);	/* no plug */
	CHECK(!d->q.plugged);
	trace_reset(d->tr);
	/* a sync write waits for a tag behind the async ones (2.6.30 gave
	 * it a request of its own list) */
	CHECK(fake_submit(d, &bios[nr], 4096, 8, W | REQ_SYNC, 2) == 1);
	CHECK(fake_submit(d, &bios[nr + 1], 8192, 8, W, 3) == 1);
	CHECK(fake_submit(d, &bios[nr + 2], 12288, 8, W, 4) == 1);
	CHECK_EQ_U64(trace_count(d->tr, 'S'), 3);

	fake_start(d);
	/* depth 1, 1 ms each: one tag free at 1 ms is less than a batch */
	sim_run(&d->sim, MS);
	CHECK(!bios[nr].woken);
	/* two free at 2 ms: the first sleeper takes one, the next waits */
	sim_run(&d->sim, 2 * MS);
	CHECK(bios[nr].woken && !bios[nr + 1].woken);
	sim_run(&d->sim, 3 * MS);
	CHECK(bios[nr + 1].woken && !bios[nr + 2].woken);
	sim_run(&d->sim, SIM_TIME_MAX);
	for (unsigned int i = 0; i < nr + 3; i++)
		CHECK(bios[i].done && !bios[i].error);
	CHECK_EQ_U64(d->q.count[BLK_RW_ASYNC] + d->q.count[BLK_RW_SYNC], 0);
	fake_dev_free(d);

	/* a request goes out at once: no U, no timer */
	d = fake_dev_new("noop", &qp, NULL, 1, MS);
	fake_submit(d, &bios[0], 0, 8, W, 1);
	CHECK(!strcmp(d->tr->acts, "QGID"));
	sim_run(&d->sim, SIM_TIME_MAX);
	CHECK(bios[0].done);
	fake_dev_free(d);
}

/*
 * Plugging: an idle queue plugs on the first request and holds requests
 * until unplug_thresh (4) are queued, or until the timer (unplug_delay,
 * 3 ms); a sync read unplugs at once.
 */
static void test_plugging(void)
{
	struct queue_params qp;
	struct fake_dev *d;
	const struct trace_ev *u;

	fake_queue_params(&qp, "noop");
	CHECK_EQ_U64(qp.unplug_thresh, 4);
	CHECK_EQ_U64(qp.unplug_delay, 3 * MS);

	/* threshold */
	d = fake_dev_new("noop", &qp, NULL, 1, MS);
	for (unsigned int i = 0; i < qp.unplug_thresh - 1; i++)
		fake_submit(d, &bios[i], i * 16, 8, W, 1);
	CHECK(!strcmp(d->tr->acts, "QGPIQGIQGI"));
	CHECK(d->q.plugged);
	sim_run(&d->sim, qp.unplug_delay - 1);
	CHECK_EQ_U64(nr_d(d), 0);
	fake_submit(d, &bios[3], 3 * 16, 8, W, 1);
	CHECK(!strcmp(d->tr->acts, "QGPIQGIQGIQGIUD"));
	u = &d->tr->ev[d->tr->nr - 2];
	CHECK_EQ_U64(u->extra, qp.unplug_thresh);
	CHECK(!d->q.plugged);
	sim_run(&d->sim, SIM_TIME_MAX);
	CHECK_EQ_U64(nr_d(d), 4);
	CHECK_EQ_U64(trace_count(d->tr, 'T'), 0);
	fake_dev_free(d);

	/* timer: UT, then U from the unplug work, at exactly unplug_delay */
	d = fake_dev_new("noop", &qp, NULL, 1, MS);
	fake_submit(d, &bios[0], 0, 8, W, 1);
	sim_run(&d->sim, qp.unplug_delay - 1);
	CHECK_EQ_U64(nr_d(d), 0);
	sim_run(&d->sim, qp.unplug_delay);
	CHECK(!strcmp(d->tr->acts, "QGPITUD"));
	CHECK_EQ_U64(d->tr->ev[4].time, qp.unplug_delay);
	CHECK_EQ_U64(d->tr->ev[4].extra, 1);
	CHECK_EQ_U64(d->tr->ev[6].time, qp.unplug_delay);
	sim_run(&d->sim, SIM_TIME_MAX);
	fake_dev_free(d);

	/* a read, a sync write and an unplug write go out at once */
	static const uint32_t at_once[] = { R, W | REQ_SYNC, W | REQ_UNPLUG };
	for (unsigned int i = 0; i < ARRAY_SIZE(at_once); i++) {
		d = fake_dev_new("noop", &qp, NULL, 1, MS);
		fake_submit(d, &bios[0], 0, 8, at_once[i], 1);
		CHECK(!strcmp(d->tr->acts, "QGPIUD"));
		CHECK_EQ_U64(d->tr->ev[5].time, 0);
		sim_run(&d->sim, SIM_TIME_MAX);
		CHECK(bios[0].done);
		fake_dev_free(d);
	}

	/* a completion alone does not unplug: the IDE driver checks the plug */
	d = fake_dev_new("noop", &qp, NULL, 1, MS);
	fake_submit(d, &bios[0], 0, 8, R, 1);		/* D at 0 */
	sim_run(&d->sim, MS / 2);
	fake_submit(d, &bios[1], 1000, 8, W, 1);	/* plugs again */
	CHECK(d->q.plugged);
	sim_run(&d->sim, SIM_TIME_MAX);
	CHECK_EQ_U64(d->nr_log, 2);
	CHECK_EQ_U64(d->log[1].d_time, MS / 2 + qp.unplug_delay);
	fake_dev_free(d);
}

/* Completion status reaches the C record and every bio. */
static void test_completion_error(void)
{
	struct fake_dev *d = fake_dev_new("noop", NULL, NULL, 1, MS);
	struct request *rq;

	fake_submit(d, &bios[0], 0, 8, R, 1);	/* dispatched at once */
	d->stopped = true;
	CHECK_EQ_U64(d->in_flight, 1);
	rq = d->cmd[0].rq;
	sim_cancel(&d->sim, &d->cmd[0].ev);
	d->cmd[0].rq = NULL;
	d->in_flight = 0;
	blk_end_request(rq, -EIO);
	CHECK(bios[0].done && bios[0].error == -EIO);
	CHECK_EQ_U64(d->tr->ev[d->tr->nr - 1].act, 'C');
	CHECK_EQ_U64((uint64_t)-d->tr->ev[d->tr->nr - 1].error, EIO);
	blk_end_request(rq, 0);		/* a second completion is ignored */
	CHECK_EQ_U64(d->q.stats.nr_completed, 1);
	fake_dev_free(d);
}

/* The writer's sectors on @part. */
static uint64_t writer_on(const struct io_writer *w,
			  const struct block_device *part)
{
	for (unsigned int i = 0; i < w->nr_parts; i++)
		if (w->parts[i].part == part)
			return w->parts[i].sectors;
	return 0;
}

/*
 * Each write bio is credited to its own writer when its request
 * completes [C] without error, on the partition it was submitted to, even
 * inside a request merged from several writers and across a partition
 * boundary; reads, refused bios and failed requests are not credited.
 * Tasks of one io_group share a writer; a thread is one by itself.
 */
static void test_writer_credit(void)
{
	struct fake_dev *d = fake_dev_new("noop", NULL, NULL, 1, MS);
	struct task flusher = { .pid = 7, .comm = "flush-8:0",
				.io_path = IO_PATH_WRITEBACK };
	struct task c1 = { .pid = 20, .comm = "dbench", .io_group = "sda1",
			   .io_path = IO_PATH_BALANCE_DIRTY };
	struct task c2 = c1;
	struct io_writers ws = { 0 };
	struct io_writer *wf, *wd;
	struct block_device *sda1, *sda2;
	struct request *rq;

	c2.pid = 21;
	fake_part(&d->gd, 1, 2048, 1000);
	fake_part(&d->gd, 2, 3048, 5000);
	sda1 = &d->gd.part[0];
	sda2 = &d->gd.part[1];
	d->stopped = true;
	/* one request: the flusher's end of sda1, c1's start of sda2 */
	fake_bio_init(&bios[0], sda1, 992, 8, W, 7);
	bios[0].bio.bi_writer = wf = io_writer_of(&ws, &flusher);
	fake_bio_init(&bios[1], sda2, 0, 16, W, 20);
	bios[1].bio.bi_writer = wd = io_writer_of(&ws, &c1);
	CHECK(blk_submit_bio(&d->q, &bios[0].bio) == 0);
	CHECK(blk_submit_bio(&d->q, &bios[1].bio) == 0);
	CHECK_EQ_U64(d->q.stats.nr_back_merges, 1);
	/* c2 shares c1's writer; its bio runs past sda1's end: refused */
	fake_bio_init(&bios[2], sda1, 996, 8, W | REQ_SYNC, 21);
	bios[2].bio.bi_writer = io_writer_of(&ws, &c2);
	CHECK(bios[2].bio.bi_writer == wd);
	CHECK(blk_submit_bio(&d->q, &bios[2].bio) == -EIO);
	fake_start(d);
	sim_run(&d->sim, SIM_TIME_MAX);
	CHECK_EQ_U64(d->nr_log, 1);
	CHECK_EQ_U64(ws.nr, 2);
	CHECK_EQ_U64(wf->sectors, 8);
	CHECK_EQ_U64(writer_on(wf, sda1), 8);
	CHECK_EQ_U64(writer_on(wf, sda2), 0);
	CHECK_EQ_U64(wd->sectors, 16);
	CHECK_EQ_U64(writer_on(wd, sda2), 16);
	CHECK_EQ_U64(wd->nr_pids, 2);
	CHECK(!strcmp(wd->name, "dbench sda1") && wd->pid == 0);
	CHECK(!strcmp(wf->name, "flush-8:0") && wf->pid == 7);
	/* a read and a failed write: nothing more */
	fake_bio_init(&bios[3], sda1, 0, 8, R, 7);
	bios[3].bio.bi_writer = wf;
	CHECK(blk_submit_bio(&d->q, &bios[3].bio) == 0);
	sim_run(&d->sim, SIM_TIME_MAX);
	CHECK(bios[3].done);
	d->stopped = true;
	fake_bio_init(&bios[4], sda2, 100, 8, W, 20);
	bios[4].bio.bi_writer = wd;
	CHECK(blk_submit_bio(&d->q, &bios[4].bio) == 0);
	blk_unplug(&d->q);
	rq = blk_fetch_request(&d->q);
	CHECK(rq != NULL);
	if (rq)
		blk_end_request(rq, -EIO);
	CHECK(bios[4].done && bios[4].error == -EIO);
	CHECK_EQ_U64(wf->sectors, 8);
	CHECK_EQ_U64(wd->sectors, 16);
	CHECK_EQ_U64(io_writers_path_sectors(&ws, IO_PATH_WRITEBACK), 8);
	CHECK_EQ_U64(io_writers_path_sectors(&ws, IO_PATH_BALANCE_DIRTY), 16);
	/* the same task on another path is another writer */
	c1.io_path = IO_PATH_FSYNC;
	CHECK(io_writer_of(&ws, &c1) != wd);
	CHECK_EQ_U64(ws.nr, 3);
	io_writers_free(&ws);
	fake_dev_free(d);
}

int main(void)
{
	test_back_merge();
	test_front_merge();
	test_request_merge();
	test_max_sectors();
	test_no_mixed_merges();
	test_partition_remap();
	test_congestion();
	test_sleep_and_wake();
	test_plugging();
	test_mq_tags();
	test_completion_error();
	test_writer_credit();
	return check_status("test_blk");
}
