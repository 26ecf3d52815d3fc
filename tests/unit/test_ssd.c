// SPDX-License-Identifier: GPL-2.0
/*
 * The SSD model's arithmetic: latency + size / bandwidth for one command,
 * latencies overlapping across channels, transfers sharing the data path,
 * and the interface capping the bandwidth.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../sim/drivers/disk.h"
#include "check.h"

struct fixture {
	struct sim sim;
	struct disk d;
	struct disk_params p;
	void *sp;
};

static int set(struct fixture *f, const char *assignment)
{
	char key[64], err[OPT_ERR_MAX];
	const char *eq = strchr(assignment, '=');
	const struct opt_table *t;
	void *obj;

	snprintf(key, sizeof(key), "%.*s", (int)(eq - assignment), assignment);
	if (!strncmp(key, "disk.", 5)) {
		t = &disk_opt_table;
		obj = &f->p;
	} else {
		t = ssd_ops.options;
		obj = f->sp;
	}
	return opt_parse(opt_find(t, strchr(key, '.') + 1), obj, eq + 1, err,
			 sizeof(err));
}

static int setup(struct fixture *f, const char *const *sets)
{
	memset(f, 0, sizeof(*f));
	CHECK(sim_init(&f->sim, 1) == 0);
	f->sp = calloc(1, ssd_ops.params_size);
	CHECK(opt_set_defaults(&disk_opt_table, &f->p) == 0);
	CHECK(opt_set_defaults(ssd_ops.options, f->sp) == 0);
	CHECK(set(f, "disk.model=ssd") == 0);
	CHECK(set(f, "disk.bus_rate=300") == 0);	/* SATA 3 Gb/s */
	for (; sets && *sets; sets++)
		CHECK(set(f, *sets) == 0);
	return disk_init(&f->d, &f->sim, &f->p, f->sp, 0);
}

static void teardown(struct fixture *f)
{
	disk_exit(&f->d);
	free(f->sp);
	sim_exit(&f->sim);
}

static sim_time_t io(struct fixture *f, bool write, uint32_t sectors,
		     sim_time_t now)
{
	struct request rq = { .sector = 1000, .nr_sectors = sectors,
			      .cmd_flags = write ? REQ_WRITE : 0 };

	return f->d.ops->access(&f->d, &rq, now);
}

/* bytes at MB/s, in ns */
static sim_time_t xfer(double bytes, double mbs)
{
	return (sim_time_t)llround(bytes / (mbs * 1e6) * 1e9);
}

static void test_single(void)
{
	struct fixture f;
	const sim_time_t t = 5000;
	sim_time_t oh;

	CHECK(setup(&f, NULL) == 0);
	CHECK(f.d.parallel == 10);
	oh = f.p.overhead;
	/* defaults: read 85 us at 250 MB/s, write 115 us at 70 MB/s */
	CHECK_EQ_U64(io(&f, false, 8, t), t + oh + 85000 + xfer(4096, 250));
	CHECK_EQ_U64(io(&f, true, 256, 1000000),
		     1000000 + oh + 115000 + xfer(131072, 70));
	teardown(&f);

	/* an interface slower than the flash caps the transfer */
	CHECK(setup(&f, (const char *const[]){ "disk.bus_rate=100",
					       "disk.overhead=0", NULL }) == 0);
	CHECK_EQ_U64(io(&f, false, 2048, 0), 85000 + xfer(1 << 20, 100));
	teardown(&f);
}

static void test_channels(void)
{
	struct fixture f;
	sim_time_t done[11], x4k = xfer(4096, 250), lat;
	const unsigned int ch = 10;

	CHECK(setup(&f, (const char *const[]){ "disk.overhead=0.02", NULL }) ==
	      0);
	lat = f.p.overhead + 85000;
	for (unsigned int i = 0; i <= ch; i++)
		done[i] = io(&f, false, 8, 0);
	/* the latencies overlap; the transfers queue on the data path */
	for (unsigned int i = 0; i < ch; i++)
		CHECK_EQ_U64(done[i], lat + (i + 1) * x4k);
	/* the eleventh waits for a channel (the first completion), then for
	 * the data path behind the tenth */
	CHECK_EQ_U64(done[ch], (done[0] + lat > done[ch - 1] ?
				done[0] + lat : done[ch - 1]) + x4k);
	CHECK(done[ch] >= done[0] + lat + x4k);
	CHECK(done[ch - 1] * 4 < ch * (lat + x4k));
	printf("ssd: %u parallel 4 KiB reads done by %.3f ms (serial: %.3f ms)\n",
	       ch, done[ch - 1] / 1e6, ch * (lat + x4k) / 1e6);
	teardown(&f);

	/* one channel: strictly one after another */
	CHECK(setup(&f, (const char *const[]){ "ssd.channels=1",
					       "disk.overhead=0", NULL }) == 0);
	CHECK(f.d.parallel == 1);
	done[0] = io(&f, false, 8, 0);
	done[1] = io(&f, false, 8, 0);
	CHECK_EQ_U64(done[1], 2 * (85000 + x4k));
	teardown(&f);
}

/* Keep every channel busy with 1 MiB reads: the stream runs at 250 MB/s. */
static void test_bandwidth(void)
{
	struct fixture f;
	sim_time_t outstanding[10] = { 0 }, last = 0;
	const int nr = 2000;
	double rate;

	CHECK(setup(&f, NULL) == 0);
	for (int i = 0; i < nr; i++) {
		int k = 0;

		for (int j = 1; j < 10; j++)
			if (outstanding[j] < outstanding[k])
				k = j;
		outstanding[k] = io(&f, false, 2048, outstanding[k]);
		if (outstanding[k] > last)
			last = outstanding[k];
	}
	rate = (double)nr * (1 << 20) / last * 1e3;
	CHECK_NEAR(rate, 250.0, 0.01);
	printf("ssd: 1 MiB reads, 10 outstanding: %.2f MB/s\n", rate);
	teardown(&f);
}

static void test_bad_params(void)
{
	struct fixture f;

	CHECK(setup(&f, NULL) == 0);
	CHECK(set(&f, "ssd.channels=0") == -ERANGE);
	CHECK(set(&f, "ssd.channels=33") == -ERANGE);
	CHECK(set(&f, "ssd.read_bandwidth=0") == -ERANGE);
	teardown(&f);
}

int main(void)
{
	test_single();
	test_channels();
	test_bandwidth();
	test_bad_params();
	return check_status("test_ssd");
}
