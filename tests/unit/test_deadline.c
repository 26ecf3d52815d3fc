// SPDX-License-Identifier: GPL-2.0
/*
 * deadline (v2.6.30): an expired FIFO head is taken at the next batch
 * start even though the sector sweep would never reach it; with reads and
 * writes both waiting, writes get a batch after writes_starved read
 * batches; batches are fifo_batch requests long. The device has a fixed
 * service time, so every expected position and time follows from the
 * scheduler's parameters.
 */
#include "fake_blk.h"

#define MS	NSEC_PER_MSEC

static struct fake_bio bios[512];

struct stream {
	unsigned int next;	/* next bio of the high stream */
	unsigned int n;		/* how many it has */
};

/* Each completion brings one more read of the ascending stream. */
static void stream_more(struct fake_dev *d)
{
	struct stream *s = d->priv;

	if (s->next < s->n) {
		fake_submit(d, &bios[s->next], 1000000 + s->next * 1024, 8,
			    0, 1);
		s->next++;
	}
}

/*
 * A read far below a stream of ascending reads: the sweep always has a
 * higher request to go to, so only its deadline gets it served, at the
 * first batch start after it expired.
 */
static void test_expired_first(void)
{
	const sim_time_t service = 10 * MS, t_low = 1 * MS;
	const sim_time_t read_expire = 500 * MS;
	const unsigned int fifo_batch = 16;
	struct fake_dev *d = fake_dev_new("deadline", NULL, NULL, 1, service);
	struct stream s = { .next = 0, .n = 120 };
	const sim_time_t period = fifo_batch * service;
	sim_time_t expect;
	unsigned int low_at = 0;

	d->priv = &s;
	d->after_complete = stream_more;
	/*
	 * Three queued before the device starts, then one more per
	 * completion: the sweep always has a higher request to go to.
	 */
	d->stopped = true;
	for (int i = 0; i < 3; i++)
		stream_more(d);
	fake_start(d);
	sim_run(&d->sim, t_low);
	CHECK(fake_submit(d, &bios[500], 10, 8, 0, 2) == 0);
	sim_run(&d->sim, SIM_TIME_MAX);

	for (unsigned int i = 0; i < d->nr_log; i++)
		if (d->log[i].sector == 10)
			low_at = i;
	/* dispatch k (from 0) is at k * service; batches start every period */
	expect = (t_low + read_expire) / period * period + period;
	CHECK_EQ_U64(d->log[low_at].d_time, expect);
	CHECK_EQ_U64(low_at, expect / service);
	CHECK_EQ_U64(low_at % fifo_batch, 0);
	/* before it, the sweep went strictly upwards */
	for (unsigned int i = 1; i < low_at; i++)
		CHECK(d->log[i].sector > d->log[i - 1].sector);
	CHECK(d->log[low_at].d_time > t_low + read_expire);
	CHECK(d->log[low_at - fifo_batch].d_time <= t_low + read_expire);
	fake_dev_free(d);
}

/*
 * Reads at 0, 16, 32... and writes far away, all queued before the device
 * starts. Expected direction pattern, written out from the rule "a new
 * batch is a read batch unless reads already passed waiting writes
 * writes_starved times".
 */
static void run_starved(const char *const *set, unsigned int nr_reads,
			unsigned int nr_writes, const char *expect)
{
	struct fake_dev *d = fake_dev_new("deadline", NULL, set, 1, MS);
	unsigned int i, n = 0;
	char got[512];

	d->stopped = true;
	for (i = 0; i < nr_reads; i++)
		fake_submit(d, &bios[n++], i * 16, 8, 0, 1);
	for (i = 0; i < nr_writes; i++)
		fake_submit(d, &bios[n++], 10000000 + i * 16, 8, REQ_WRITE, 2);
	fake_start(d);
	sim_run(&d->sim, SIM_TIME_MAX);
	CHECK_EQ_U64(d->nr_log, nr_reads + nr_writes);
	for (i = 0; i < d->nr_log && i < sizeof(got) - 1; i++)
		got[i] = d->log[i].write ? 'W' : 'R';
	got[i] = '\0';
	if (strcmp(got, expect))
		fprintf(stderr, "got    %s\nexpect %s\n", got, expect);
	CHECK(!strcmp(got, expect));
	/* within each direction, ascending sector order (no expiry here) */
	for (i = 1; i < d->nr_log; i++) {
		unsigned int j = i;

		while (j-- > 0 && d->log[j].write != d->log[i].write)
			;
		if (j < i && d->log[j].write == d->log[i].write)
			CHECK(d->log[i].sector > d->log[j].sector);
	}
	fake_dev_free(d);
}

static void repeat(char *buf, char c, unsigned int n)
{
	size_t l = strlen(buf);

	memset(buf + l, c, n);
	buf[l + n] = '\0';
}

static void test_writes_starved(void)
{
	static const char *const defaults[] = { NULL };
	static const char *const small[] = {
		"writes_starved=1", "fifo_batch=4", NULL,
	};
	char expect[512] = "";
	int i;

	/* defaults: writes_starved 2, fifo_batch 16 -> R32 W16 R32 W32 */
	repeat(expect, 'R', 2 * 16);
	repeat(expect, 'W', 16);
	repeat(expect, 'R', 2 * 16);
	repeat(expect, 'W', 2 * 16);
	run_starved(defaults, 64, 48, expect);

	/* writes_starved 1, fifo_batch 4 -> (R4 W4) x 12, then R16 */
	expect[0] = '\0';
	for (i = 0; i < 12; i++) {
		repeat(expect, 'R', 4);
		repeat(expect, 'W', 4);
	}
	repeat(expect, 'R', 16);
	run_starved(small, 64, 48, expect);

	/* writes_starved 0: reads never pass waiting writes */
	static const char *const none[] = {
		"writes_starved=0", "fifo_batch=8", NULL,
	};
	expect[0] = '\0';
	repeat(expect, 'W', 24);
	repeat(expect, 'R', 24);
	run_starved(none, 24, 24, expect);
}

/*
 * An expired write deadline does not turn the direction: under a steady
 * read stream the write waits for writes_starved read batches, then gets
 * the next batch start, whatever its age.
 */
static void test_write_waits_for_starved(void)
{
	static const char *const set[] = { "write_expire=20", NULL };
	const unsigned int writes_starved = 2, fifo_batch = 16;
	struct fake_dev *d = fake_dev_new("deadline", NULL, set, 1, MS);
	struct stream s = { .next = 0, .n = 80 };
	unsigned int w_at = 0;

	d->priv = &s;
	d->after_complete = stream_more;
	d->stopped = true;
	fake_submit(d, &bios[500], 5000, 8, REQ_WRITE, 2);
	for (int i = 0; i < 3; i++)
		stream_more(d);
	fake_start(d);
	sim_run(&d->sim, SIM_TIME_MAX);
	for (unsigned int i = 0; i < d->nr_log; i++)
		if (d->log[i].write)
			w_at = i;
	CHECK_EQ_U64(w_at, writes_starved * fifo_batch);
	CHECK(d->log[w_at].d_time > 20 * MS);
	fake_dev_free(d);
}

int main(void)
{
	test_expired_first();
	test_writes_starved();
	test_write_waits_for_starved();
	return check_status("test_deadline");
}
