// SPDX-License-Identifier: GPL-2.0
/*
 * CFQ (v2.6.30) against a fake device with a fixed service time: async
 * requests never go out while a sync one is in flight; an emptied sync
 * queue idles slice_idle for its process and nothing else is dispatched
 * meanwhile; a new request from that process ends the wait at once; a
 * sync request preempts an active async queue; two busy sync processes
 * alternate in slices of slice_sync. Expected times follow from the
 * defaults of the option table (slice_idle 8 ms, slice_sync 100 ms) and
 * the service time.
 */
#include "../../sim/lib/rng.h"
#include "fake_blk.h"

#define MS	NSEC_PER_MSEC

/* A process issuing 4 KiB requests one at a time, sequentially. */
struct reader {
	struct fake_dev *d;
	struct fake_bio fb;
	struct sim_event ev;
	uint32_t pid, rw;
	sector_t sector;
	sim_time_t think;	/* after a completion, before the next */
	unsigned int left;
	sim_time_t submitted[16];	/* first submission times */
	unsigned int nr_submitted;
};

static void reader_end_io(struct bio *bio, int error);

static void reader_submit(struct reader *r)
{
	if (!r->left)
		return;
	r->left--;
	fake_bio_init(&r->fb, &r->d->gd.part0, r->sector, 8, r->rw, r->pid);
	r->fb.bio.bi_end_io = reader_end_io;
	r->fb.bio.bi_private = r;
	r->sector += 8;
	if (r->nr_submitted < ARRAY_SIZE(r->submitted))
		r->submitted[r->nr_submitted] = r->d->sim.now;
	r->nr_submitted++;
	blk_submit_bio(&r->d->q, &r->fb.bio);
}

static void reader_think_done(struct sim *sim, struct sim_event *ev)
{
	reader_submit(container_of(ev, struct reader, ev));
}

static void reader_end_io(struct bio *bio, int error)
{
	struct reader *r = bio->bi_private;

	if (r->think)
		sim_schedule_in(&r->d->sim, &r->ev, r->think);
	else
		reader_submit(r);
}

static void reader_init(struct reader *r, struct fake_dev *d, uint32_t pid,
			sector_t sector, sim_time_t think, unsigned int n)
{
	memset(r, 0, sizeof(*r));
	r->d = d;
	r->pid = pid;
	r->sector = sector;
	r->think = think;
	r->left = n;
	sim_event_init(&r->ev, reader_think_done, "reader");
}

static struct fake_bio wbios[1024];

/* @n async writes of pid 100, 8 KiB apart so they never merge. */
static void writer_submit(struct fake_dev *d, unsigned int first,
			  unsigned int n)
{
	for (unsigned int i = first; i < first + n; i++)
		fake_submit(d, &wbios[i], 40000000 + i * 16, 8, REQ_WRITE, 100);
}

/* Index of the first async dispatch at or after @from, or nr_log. */
static unsigned int first_async(const struct fake_dev *d, unsigned int from)
{
	while (from < d->nr_log && d->log[from].sync)
		from++;
	return from;
}

/* Mixed sync readers and an async writer on a device of depth 4. */
static unsigned int run_mixed(const char *elevator)
{
	struct fake_dev *d = fake_dev_new(elevator, NULL, NULL, 4, 2 * MS);
	static struct reader rd[3];
	static const sim_time_t think[3] = { 0, 3 * MS, 12 * MS };
	unsigned int bad = 0, nr_async = 0;

	for (int i = 0; i < 3; i++) {
		reader_init(&rd[i], d, 1 + i, 64 + i * 4096, think[i], 150);
		reader_submit(&rd[i]);
	}
	writer_submit(d, 0, 300);
	sim_run(&d->sim, 100 * MS);
	writer_submit(d, 300, 300);
	sim_run(&d->sim, SIM_TIME_MAX);
	for (unsigned int i = 0; i < d->nr_log; i++) {
		if (d->log[i].sync)
			continue;
		nr_async++;
		bad += d->log[i].sync_in_flight > 0;
	}
	CHECK_EQ_U64(nr_async, 600);
	CHECK_EQ_U64(d->nr_log, 600 + 3 * 150);
	fake_dev_free(d);
	return bad;
}

static void test_async_waits_for_sync(void)
{
	CHECK_EQ_U64(run_mixed("cfq"), 0);
	/* the same load under noop does mix them: the check can fail */
	CHECK(run_mixed("noop") > 0);
}

/*
 * One read (D 0, C 2 ms), async writes queued at 0.5 ms: the disk stays
 * idle for slice_idle after the read, then the writes go.
 */
static void test_idle_window(void)
{
	const sim_time_t service = 2 * MS, slice_idle = 8 * MS;
	struct fake_dev *d = fake_dev_new("cfq", NULL, NULL, 1, service);
	static struct reader r;
	unsigned int a;

	reader_init(&r, d, 1, 64, 0, 1);
	reader_submit(&r);
	sim_run(&d->sim, MS / 2);
	writer_submit(d, 0, 8);
	sim_run(&d->sim, SIM_TIME_MAX);
	CHECK(d->log[0].sync && d->log[0].d_time == 0);
	CHECK_EQ_U64(d->log[0].c_time, service);
	a = first_async(d, 0);
	CHECK_EQ_U64(a, 1);
	CHECK_EQ_U64(d->log[a].d_time, service + slice_idle);
	CHECK_EQ_U64(d->nr_log, 9);
	fake_dev_free(d);
}

/*
 * The reader thinks 5 ms (< slice_idle) between reads: each read is
 * dispatched the moment it is submitted, and the writes only get the disk
 * slice_idle after the last read.
 */
static void test_idle_hit(void)
{
	const sim_time_t service = 2 * MS, slice_idle = 8 * MS, think = 5 * MS;
	const unsigned int n = 4;
	struct fake_dev *d = fake_dev_new("cfq", NULL, NULL, 1, service);
	static struct reader r;
	unsigned int a;

	reader_init(&r, d, 1, 64, think, n);
	reader_submit(&r);
	sim_run(&d->sim, MS / 2);
	writer_submit(d, 0, 8);
	sim_run(&d->sim, SIM_TIME_MAX);
	CHECK_EQ_U64(r.nr_submitted, n);
	for (unsigned int i = 0; i < n; i++) {
		CHECK(d->log[i].sync);
		CHECK_EQ_U64(d->log[i].d_time, r.submitted[i]);
		CHECK_EQ_U64(d->log[i].d_time, i * (service + think));
	}
	a = first_async(d, 0);
	CHECK_EQ_U64(a, n);
	CHECK_EQ_U64(d->log[a].d_time,
		     (n - 1) * (service + think) + service + slice_idle);
	fake_dev_free(d);
}

/*
 * Writes keep the disk busy from time 0 (2 ms each, unplugged by the
 * fourth); a read at 5 ms preempts the async queue and is the very next
 * request after the write in service, at 6 ms.
 */
static void test_sync_preempts_async(void)
{
	const sim_time_t service = 2 * MS, t_read = 5 * MS;
	struct fake_dev *d = fake_dev_new("cfq", NULL, NULL, 1, service);
	static struct reader r;
	unsigned int i;
	const unsigned int before = t_read / service + 1;	/* 0, 2, 4 ms */

	writer_submit(d, 0, 20);
	sim_run(&d->sim, t_read);
	reader_init(&r, d, 1, 64, 0, 1);
	reader_submit(&r);
	sim_run(&d->sim, SIM_TIME_MAX);
	for (i = 0; i < d->nr_log && !d->log[i].sync; i++)
		;
	CHECK_EQ_U64(i, before);
	CHECK_EQ_U64(d->log[i].d_time, before * service);
	CHECK_EQ_U64(d->nr_log, 21);
	fake_dev_free(d);
}

/*
 * Two readers that always have a request queued: the disk alternates
 * between them. A slice starts at the first completion and ends at the
 * first completion at or after slice_sync later, so a run of one process
 * lasts exactly slice_sync + one service time, back to back.
 */
static void test_slices_alternate(void)
{
	const sim_time_t service = 1 * MS, slice_sync = 100 * MS;
	const sim_time_t horizon = 1000 * MS;
	struct fake_dev *d = fake_dev_new("cfq", NULL, NULL, 1, service);
	static struct reader r[2];
	unsigned int start = 0, runs = 0, per_pid[3] = { 0 };
	sim_time_t prev_end = 0;

	reader_init(&r[0], d, 1, 64, 0, 100000);
	reader_init(&r[1], d, 2, 64 + 8192, 0, 100000);
	reader_submit(&r[0]);
	reader_submit(&r[1]);
	sim_run(&d->sim, horizon);
	d->stopped = true;	/* stop issuing; in-flight work finishes */
	sim_run(&d->sim, SIM_TIME_MAX);

	for (unsigned int i = 1; i <= d->nr_log; i++) {
		const struct fake_log *first = &d->log[start];
		const struct fake_log *last = &d->log[i - 1];

		if (i < d->nr_log && d->log[i].pid == first->pid)
			continue;
		/* a whole run: not the one cut by the horizon */
		if (i < d->nr_log) {
			CHECK_EQ_U64(last->c_time - first->d_time,
				     slice_sync + service);
			CHECK_EQ_U64(first->d_time, prev_end);
			runs++;
			per_pid[first->pid]++;
		}
		prev_end = last->c_time;
		start = i;
	}
	/* about horizon / (slice_sync + service) runs, shared evenly */
	CHECK(runs + 1 >= horizon / (slice_sync + service));
	CHECK(per_pid[1] + 1 >= per_pid[2] && per_pid[2] + 1 >= per_pid[1]);
	CHECK_EQ_U64(d->log[0].pid, 1);
	fake_dev_free(d);
}

int main(void)
{
	test_async_waits_for_sync();
	test_idle_window();
	test_idle_hit();
	test_sync_preempts_async();
	test_slices_alternate();
	return check_status("test_cfq");
}
