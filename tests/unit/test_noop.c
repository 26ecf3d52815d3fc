// SPDX-License-Identifier: GPL-2.0
/*
 * noop: requests reach the device in arrival order whatever their sector
 * or direction, at any device depth; front merges only happen through the
 * generic last-merge cache, never from a sector search.
 */
#include "../../sim/lib/rng.h"
#include "fake_blk.h"

#define MS	NSEC_PER_MSEC
#define N	200

static struct fake_bio bios[N];

static void test_fifo_order(unsigned int depth)
{
	struct fake_dev *d = fake_dev_new("noop", NULL, NULL, depth, MS);
	sector_t sector[N];
	bool write[N];
	struct rng rng;

	rng_init(&rng, depth, "noop");
	d->stopped = true;
	for (int i = 0; i < N; i++) {
		/* distinct 8 KiB slots, 4 KiB used: never contiguous */
		do {
			sector[i] = rng_below(&rng, 1 << 20) * 16;
			for (int j = 0; j < i; j++)
				if (sector[j] == sector[i])
					sector[i] = 1;
		} while (sector[i] == 1);
		write[i] = rng_below(&rng, 2);
		CHECK(fake_submit(d, &bios[i], sector[i], 8,
				  write[i] ? REQ_WRITE : 0, 1 + i % 7) == 0);
	}
	CHECK_EQ_U64(d->q.stats.nr_requests_alloc, N);
	fake_start(d);
	sim_run(&d->sim, SIM_TIME_MAX);
	CHECK_EQ_U64(d->nr_log, N);
	for (unsigned int i = 0; i < d->nr_log && i < N; i++) {
		CHECK_EQ_U64(d->log[i].sector, sector[i]);
		CHECK(d->log[i].write == write[i]);
	}
	/* depth requests go out together, each batch one service time apart */
	for (unsigned int i = 0; i < d->nr_log; i++)
		CHECK_EQ_U64(d->log[i].d_time, (i / depth) * MS);
	fake_dev_free(d);
}

static void test_front_merge_only_cached(void)
{
	struct fake_dev *d = fake_dev_new("noop", NULL, NULL, 1, MS);

	d->stopped = true;
	fake_submit(d, &bios[0], 100, 8, REQ_WRITE, 1);
	fake_submit(d, &bios[1], 200, 8, REQ_WRITE, 1);
	/* ends where the second request starts: no sector tree to find it */
	fake_submit(d, &bios[2], 192, 8, REQ_WRITE, 1);
	CHECK_EQ_U64(d->q.stats.nr_front_merges, 0);
	CHECK_EQ_U64(d->q.stats.nr_requests_alloc, 3);
	/* ends where the last-merge request (the first queued) starts */
	fake_submit(d, &bios[3], 92, 8, REQ_WRITE, 1);
	CHECK_EQ_U64(d->q.stats.nr_front_merges, 1);
	CHECK_EQ_U64(d->q.stats.nr_requests_alloc, 3);
	CHECK_EQ_U64(trace_count(d->tr, 'F'), 1);
	/* and the generic hash still finds back merges anywhere */
	fake_submit(d, &bios[4], 208, 8, REQ_WRITE, 1);
	CHECK_EQ_U64(d->q.stats.nr_back_merges, 1);
	fake_start(d);
	sim_run(&d->sim, SIM_TIME_MAX);
	CHECK_EQ_U64(d->nr_log, 3);
	CHECK_EQ_U64(d->log[0].sector, 92);
	CHECK_EQ_U64(d->log[0].nr_sectors, 16);
	CHECK_EQ_U64(d->log[1].sector, 200);
	CHECK_EQ_U64(d->log[1].nr_sectors, 16);
	CHECK_EQ_U64(d->log[2].sector, 192);
	fake_dev_free(d);
}

int main(void)
{
	test_fifo_order(1);
	test_fifo_order(4);
	test_front_merge_only_cached();
	return check_status("test_noop");
}
