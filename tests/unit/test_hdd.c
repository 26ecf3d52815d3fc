// SPDX-License-Identifier: GPL-2.0
/*
 * The rotational disk model against first principles: the seek curves
 * reproduce their defining points, sequential reads run at the zone rate,
 * rotational latency averages half a revolution and depends only on the
 * platter angle, and the write cache absorbs bursts until it fills.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../../sim/drivers/disk.h"
#include "../../sim/drivers/hdd.h"
#include "../../sim/lib/rng.h"
#include "check.h"

#define MS	1e6	/* ns */

struct fixture {
	struct sim sim;
	struct disk d;
	struct disk_params p;
	void *hp;
};

/* Set "section.key=value" on the [disk] or [hdd] parameters. */
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
		t = hdd_ops.options;
		obj = f->hp;
	}
	return opt_parse(opt_find(t, strchr(key, '.') + 1), obj, eq + 1, err,
			 sizeof(err));
}

/* A disk with the defaults and @sets applied; returns disk_init's value. */
static int setup(struct fixture *f, const char *const *sets)
{
	int ret;

	memset(f, 0, sizeof(*f));
	CHECK(sim_init(&f->sim, 1) == 0);
	f->hp = calloc(1, hdd_ops.params_size);
	CHECK(opt_set_defaults(&disk_opt_table, &f->p) == 0);
	CHECK(opt_set_defaults(hdd_ops.options, f->hp) == 0);
	for (; sets && *sets; sets++)
		CHECK(set(f, *sets) == 0);
	ret = disk_init(&f->d, &f->sim, &f->p, f->hp, 0);
	return ret;
}

static void teardown(struct fixture *f)
{
	disk_exit(&f->d);
	free(f->hp);
	sim_exit(&f->sim);
}

static sim_time_t rd(struct fixture *f, sector_t lba, uint32_t n,
		     sim_time_t now)
{
	struct request rq = { .sector = lba, .nr_sectors = n };

	return f->d.ops->access(&f->d, &rq, now);
}

static sim_time_t wr(struct fixture *f, sector_t lba, uint32_t n,
		     sim_time_t now)
{
	struct request rq = { .sector = lba, .nr_sectors = n,
			      .cmd_flags = REQ_WRITE };

	return f->d.ops->access(&f->d, &rq, now);
}

/* Mean seek over all ordered pairs of distinct cylinders, exactly. */
static double mean_seek(struct disk *d)
{
	double n = hdd_nr_cylinders(d), sum = 0;

	for (uint32_t x = 1; x < n; x++)
		sum += 2.0 * (n - x) * hdd_seek_time(d, x);
	return sum / (n * (n - 1));
}

static bool monotone(struct disk *d)
{
	uint32_t n = hdd_nr_cylinders(d);

	for (uint32_t x = 1; x < n; x++)
		if (hdd_seek_time(d, x) < hdd_seek_time(d, x - 1))
			return false;
	return hdd_seek_time(d, 0) == 0;
}

static void test_lee(void)
{
	struct fixture f;
	uint32_t n;
	double frac;

	CHECK(setup(&f, NULL) == 0);
	n = hdd_nr_cylinders(&f.d);
	CHECK(monotone(&f.d));
	CHECK_NEAR(hdd_seek_time(&f.d, 1), 1.0 * MS, 0.01);
	CHECK_NEAR(hdd_seek_time(&f.d, n - 1), 17.0 * MS, 0.01);
	CHECK_NEAR(mean_seek(&f.d), 8.5 * MS, 0.01);
	/* the reference's form: 1.0 + 10.83 sqrt(f) + 5.17 f ms */
	frac = 0.25;
	CHECK_NEAR(hdd_seek_time(&f.d, (uint32_t)(frac * n) + 1),
		   (1.0 + 10.83 * sqrt(frac) + 5.17 * frac) * MS, 0.01);
	printf("lee: %u cylinders, seek(1) %.3f ms, seek(N-1) %.3f ms, mean %.3f ms, seek(N/4) %.3f ms\n",
	       n, hdd_seek_time(&f.d, 1) / MS, hdd_seek_time(&f.d, n - 1) / MS,
	       mean_seek(&f.d) / MS, hdd_seek_time(&f.d, n / 4 + 1) / MS);
	teardown(&f);

	/* avg so low that the curve would dip: rejected */
	CHECK(setup(&f, (const char *const[]){ "hdd.seek_avg=1.5", NULL }) ==
	      -EINVAL);
	free(f.hp);
	sim_exit(&f.sim);
}

static void test_two_regime(void)
{
	struct fixture f;
	uint32_t n;

	CHECK(setup(&f, (const char *const[]){ "hdd.seek_model=two-regime",
					       NULL }) == 0);
	n = hdd_nr_cylinders(&f.d);
	CHECK(monotone(&f.d));
	CHECK_NEAR(hdd_seek_time(&f.d, 1), 1.0 * MS, 0.01);
	CHECK_NEAR(hdd_seek_time(&f.d, n - 1), 17.0 * MS, 0.01);
	CHECK_NEAR(mean_seek(&f.d), 8.5 * MS, 0.01);
	printf("two-regime derived: seek(1) %.3f, seek(N/5) %.3f, seek(N-1) %.3f, mean %.3f ms\n",
	       hdd_seek_time(&f.d, 1) / MS, hdd_seek_time(&f.d, n / 5) / MS,
	       hdd_seek_time(&f.d, n - 1) / MS, mean_seek(&f.d) / MS);
	teardown(&f);

	/* Ruemmler & Wilkes' HP 97560 values, given explicitly */
	CHECK(setup(&f, (const char *const[]){
		"hdd.seek_model=two-regime", "hdd.rw_boundary=383",
		"hdd.rw_a=3.24", "hdd.rw_b=0.400", "hdd.rw_c=8.00",
		"hdd.rw_e=0.008", NULL }) == 0);
	CHECK(monotone(&f.d));
	CHECK_NEAR(hdd_seek_time(&f.d, 383), (3.24 + 0.4 * sqrt(383)) * MS,
		   1e-6);
	CHECK_NEAR(hdd_seek_time(&f.d, 384), (8.0 + 0.008 * 384) * MS, 1e-6);
	CHECK_NEAR(hdd_seek_time(&f.d, 100), (3.24 + 0.4 * 10) * MS, 1e-6);
	teardown(&f);

	/* a long regime that falls with distance is rejected */
	CHECK(setup(&f, (const char *const[]){
		"hdd.seek_model=two-regime", "hdd.rw_a=3", "hdd.rw_b=0.4",
		"hdd.rw_c=8", "hdd.rw_e=-0.001", NULL }) == -EINVAL);
	free(f.hp);
	sim_exit(&f.sim);
}

/* 128 KiB reads back to back from @first for 64 MiB: measured MB/s. */
static double stream_rate(struct fixture *f, sector_t first)
{
	const uint32_t n = 256, nr = 512;
	sim_time_t t = 0, t_first = 0;

	for (uint32_t i = 0; i < nr; i++) {
		t = rd(f, first + (sector_t)i * n, n, t);
		if (!i)
			t_first = t;
	}
	/* bytes per ns * 1e3 = MB/s; the first read paid the seek */
	return (double)(nr - 1) * n * SECTOR_SIZE / (t - t_first) * 1e3;
}

static void test_sequential(void)
{
	struct fixture f;
	struct hdd_zone_info zi;
	double outer, inner;

	CHECK(setup(&f, NULL) == 0);
	outer = stream_rate(&f, 0);
	teardown(&f);
	CHECK(setup(&f, NULL) == 0);
	CHECK(hdd_zone_info(&f.d, hdd_nr_zones(&f.d) - 1, &zi) == 0);
	CHECK(zi.nr_sectors > 2 * 64 * 2048);
	inner = stream_rate(&f, zi.first_lba);
	CHECK_NEAR(outer, 70.0, 0.01);	/* [hdd] outer_rate default */
	CHECK_NEAR(inner, 35.0, 0.01);	/* [hdd] inner_rate default */
	CHECK_NEAR(hdd_zone_rate(&f.d, 0), 70.0, 0.01);
	printf("sequential 128 KiB reads: outer %.2f MB/s, inner %.2f MB/s (zone spt %u, skew %u)\n",
	       outer, inner, zi.spt, zi.skew);
	teardown(&f);
}

/*
 * One 64 MiB read crosses a hundred tracks and dozens of cylinders in a
 * single request: from its first sector to its last, the head passes the
 * data at the zone's sustained rate (track switches included). The media,
 * not the 133 MB/s bus, sets the completion.
 */
static void test_large_transfer(void)
{
	struct fixture f;
	struct request rq = { .nr_sectors = 131072 };
	struct hdd_zone_info zi;
	const sim_time_t t = 123456789;
	double rate[2];

	CHECK(setup(&f, NULL) == 0);
	for (int i = 0; i < 2; i++) {
		unsigned int zone = i ? hdd_nr_zones(&f.d) - 1 : 0;
		sim_time_t pos, done;

		CHECK(hdd_zone_info(&f.d, zone, &zi) == 0);
		rq.sector = zi.first_lba + 1000 * zi.spt + 17;
		pos = f.d.ops->position_time(&f.d, &rq, t);
		done = f.d.ops->access(&f.d, &rq, t);
		rate[i] = 131072.0 * SECTOR_SIZE / (done - t - pos) * 1e3;
	}
	CHECK_NEAR(rate[0], 70.0, 0.01);
	CHECK_NEAR(rate[1], 35.0, 0.01);
	printf("one 64 MiB read: outer %.2f MB/s, inner %.2f MB/s\n", rate[0],
	       rate[1]);
	teardown(&f);
}

/*
 * Without a buffer (cache_size 0) every read is mechanical. Random sectors
 * of one cylinder, issued at random angles: the wait for the sector is
 * uniform over a revolution, so its mean is half a revolution.
 */
static void test_rotational_latency(void)
{
	struct fixture f;
	struct hdd_zone_info zi;
	struct hdd_chs prev, cur;
	struct rng r;
	sim_time_t rot, t, done;
	int64_t sum = 0, lo = INT64_MAX, hi = INT64_MIN;
	const int nr = 20000;
	sector_t first, per_cyl;
	uint32_t zone;

	CHECK(setup(&f, (const char *const[]){ "disk.cache_size=0", NULL }) ==
	      0);
	rng_init(&r, 42, "test:rot");
	rot = hdd_rotation_time(&f.d);
	CHECK_EQ_U64(rot, 8333333);	/* 60 s / 7200 */
	zone = hdd_nr_zones(&f.d) / 2;
	CHECK(hdd_zone_info(&f.d, zone, &zi) == 0);
	per_cyl = zi.nr_sectors / zi.nr_cyls;
	first = zi.first_lba + 10 * per_cyl;
	done = rd(&f, first, 1, 0);
	CHECK(hdd_lba_to_chs(&f.d, first, &prev) == 0);
	for (int i = 0; i < nr; i++) {
		sector_t lba = first + rng_below(&r, per_cyl);
		int64_t lat;

		CHECK(hdd_lba_to_chs(&f.d, lba, &cur) == 0);
		CHECK(cur.cyl == prev.cyl);
		t = done + rng_below(&r, rot);
		done = rd(&f, lba, 1, t);
		/* service = overhead + head switch + wait + one sector */
		lat = (int64_t)(done - t - f.p.overhead) -
		      (int64_t)(rot / zi.spt) -
		      (cur.head != prev.head ? (int64_t)(1.0 * MS) : 0);
		CHECK(lat >= -1 && lat <= (int64_t)rot);
		sum += lat;
		lo = lat < lo ? lat : lo;
		hi = lat > hi ? lat : hi;
		prev = cur;
	}
	CHECK_NEAR((double)sum / nr, rot / 2.0, 0.02);
	printf("rotational latency over %d reads: mean %.3f ms (half a revolution %.3f), min %.3f, max %.3f\n",
	       nr, (double)sum / nr / MS, rot / 2.0 / MS, lo / MS, hi / MS);
	teardown(&f);
}

/* Only the angle matters: the same requests one revolution later. */
static void test_rotation_period(void)
{
	struct fixture a, b;
	sim_time_t rot, s1, s2, d1, d2, t;
	const sector_t x = 123456789, y = 2000000;

	CHECK(setup(&a, (const char *const[]){ "disk.cache_size=0", NULL }) ==
	      0);
	CHECK(setup(&b, (const char *const[]){ "disk.cache_size=0", NULL }) ==
	      0);
	rot = hdd_rotation_time(&a.d);
	/* same history shifted by 5 revolutions: same service times */
	d1 = rd(&a, y, 8, 1000);
	d2 = rd(&b, y, 8, 1000 + 5 * rot);
	CHECK_EQ_U64(d2 - d1, 5 * rot);
	t = d1 + 777777;
	s1 = rd(&a, x, 8, t) - t;
	s2 = rd(&b, x, 8, t + 5 * rot) - (t + 5 * rot);
	CHECK_EQ_U64(s1, s2);
	/* one disk, one sector, read again 1 and 2 revolutions apart */
	t = rd(&a, x, 1, t + 100 * rot) + 12345;
	s1 = rd(&a, x, 1, t) - t;
	s2 = rd(&a, x, 1, t + 20 * rot) - (t + 20 * rot);
	CHECK_EQ_U64(s1, s2);
	printf("same sector one period apart: %.4f ms and %.4f ms\n", s1 / MS,
	       s2 / MS);
	teardown(&a);
	teardown(&b);
}

/* position_time() is pure and predicts when the transfer starts. */
static void test_position_time(void)
{
	struct fixture f;
	struct request rq = { .nr_sectors = 8 };
	struct hdd_zone_info zi;
	struct rng r;
	sim_time_t t = 0;

	CHECK(setup(&f, (const char *const[]){ "disk.cache_size=0", NULL }) ==
	      0);
	rng_init(&r, 7, "test:pos");
	CHECK(hdd_zone_info(&f.d, 3, &zi) == 0);
	for (int i = 0; i < 200; i++) {
		sim_time_t p1, p2, done, xfer;

		/* 8 sectors at the start of a random track of zone 3 */
		rq.sector = zi.first_lba +
			    rng_below(&r, zi.nr_sectors / zi.spt) * zi.spt;
		p1 = f.d.ops->position_time(&f.d, &rq, t);
		p2 = f.d.ops->position_time(&f.d, &rq, t);
		CHECK_EQ_U64(p1, p2);
		done = f.d.ops->access(&f.d, &rq, t);
		xfer = done - t - p1;
		/* 8 sector times, within the integer rounding of slot starts */
		CHECK(xfer + 1 >= 8 * hdd_rotation_time(&f.d) / zi.spt &&
		      xfer <= 8 * hdd_rotation_time(&f.d) / zi.spt + 1);
		t = done + rng_below(&r, 10000000);
	}
	teardown(&f);
}

/* Random 4 KiB writes back to back; returns the mean service time. */
static double write_burst(struct fixture *f, struct rng *r, int nr,
			  sim_time_t *t, sim_time_t *min_svc)
{
	sector_t nr_blocks = f->p.capacity / 4096;
	sim_time_t total = 0;

	*min_svc = SIM_TIME_MAX;
	for (int i = 0; i < nr; i++) {
		sim_time_t done = wr(f, rng_below(r, nr_blocks) * 8, 8, *t);

		total += done - *t;
		if (done - *t < *min_svc)
			*min_svc = done - *t;
		*t = done;
	}
	return (double)total / nr;
}

static void test_write_cache(void)
{
	struct fixture on, off;
	struct rng r1, r2;
	sim_time_t t_on = 0, t_off = 0, min_on, min_off, cached;
	double mean_on, mean_off, mean_full;
	int fit;

	CHECK(setup(&on, NULL) == 0);
	CHECK(setup(&off, (const char *const[]){ "disk.write_cache=no",
						 NULL }) == 0);
	rng_init(&r1, 3, "test:wc");
	rng_init(&r2, 3, "test:wc");
	/* 8 MiB holds 2048 random 4 KiB writes; stay under that */
	fit = on.p.cache_size / 4096 - 48;
	mean_on = write_burst(&on, &r1, fit, &t_on, &min_on);
	mean_off = write_burst(&off, &r2, fit, &t_off, &min_off);
	/* in the cache: overhead + 4 KiB over a 133 MB/s bus, every time */
	cached = on.p.overhead + (sim_time_t)llround(4096 / 133e6 * 1e9);
	CHECK_NEAR(mean_on, (double)cached, 1e-6);
	CHECK_EQ_U64(min_on, cached);
	CHECK(mean_on * 20 < mean_off);
	/* cache full: each write waits for one random 4 KiB destage */
	mean_full = write_burst(&on, &r1, 2000, &t_on, &min_on);
	mean_full = write_burst(&on, &r1, 1000, &t_on, &min_on);
	CHECK_NEAR(mean_full, mean_off, 0.25);
	printf("random 4 KiB writes: cache on %.3f ms while it fits, %.3f ms once full; cache off %.3f ms\n",
	       mean_on / MS, mean_full / MS, mean_off / MS);
	teardown(&on);
	teardown(&off);
}

int main(void)
{
	test_lee();
	test_two_regime();
	test_sequential();
	test_large_transfer();
	test_rotational_latency();
	test_rotation_period();
	test_position_time();
	test_write_cache();
	return check_status("test_hdd");
}
