// SPDX-License-Identifier: GPL-2.0
/*
 * The metrics library against its definitions: Jain's index at its known
 * points (equal shares 1, one winner 1/n) and against the formula written
 * out independently, population CoV, max/min, nearest-rank percentiles
 * against a brute-force search of the definition, per-interval Jain,
 * interval series.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../analysis/metrics.h"
#include "check.h"

static uint64_t lcg(uint64_t *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return *s >> 33;
}

static void test_jain(void)
{
	double eq[5] = { 7, 7, 7, 7, 7 }, one[4] = { 0, 0, 12.5, 0 };
	double zero[3] = { 0, 0, 0 }, neg[2] = { 1, -1 };
	double two[2] = { 3, 1 };
	uint64_t seed = 42;
	int n, round;

	CHECK_NEAR(wbf_jain(eq, 5), 1.0, 1e-15);
	CHECK_NEAR(wbf_jain(one, 4), 0.25, 1e-15);
	CHECK_NEAR(wbf_jain(one, 1), 1.0, 1e-15);	/* zero everywhere: 1 */
	CHECK(wbf_jain(zero, 3) == 1.0);
	CHECK(isnan(wbf_jain(eq, 0)));
	CHECK(isnan(wbf_jain(neg, 2)));
	/* (3+1)^2 / (2 * (9+1)) = 16/20 */
	CHECK_NEAR(wbf_jain(two, 2), 0.8, 1e-15);
	/* random vectors: the formula written out, and the bounds [1/n, 1] */
	for (round = 0; round < 200; round++) {
		double x[16], s = 0, s2 = 0, j;

		n = 1 + lcg(&seed) % 16;
		for (int i = 0; i < n; i++) {
			x[i] = (double)(lcg(&seed) % 1000);
			s += x[i];
			s2 += x[i] * x[i];
		}
		j = wbf_jain(x, n);
		if (s2 > 0)
			CHECK_NEAR(j, s * s / (n * s2), 1e-12);
		CHECK(j >= 1.0 / n - 1e-12 && j <= 1.0);
	}
}

static void test_cov_maxmin_shares(void)
{
	double a[2] = { 1, 3 }, z[3] = { 0, 0, 0 }, m[3] = { 0, 2, 4 };
	double sh[3];

	/* mean 2, population stddev 1 (sample stddev would be 1.414) */
	CHECK_NEAR(wbf_stddev(a, 2), 1.0, 1e-15);
	CHECK_NEAR(wbf_cov(a, 2), 0.5, 1e-15);
	CHECK(wbf_cov(z, 3) == 0.0);
	CHECK(isnan(wbf_cov(a, 0)));
	CHECK_NEAR(wbf_max_min(a, 2), 3.0, 1e-15);
	CHECK(wbf_max_min(z, 3) == 1.0);
	CHECK(isinf(wbf_max_min(m, 3)));
	CHECK(isnan(wbf_max_min(m, 0)));
	wbf_shares(m, 3, sh);
	CHECK_NEAR(sh[1], 1.0 / 3, 1e-15);
	CHECK_NEAR(sh[2], 2.0 / 3, 1e-15);
	wbf_shares(z, 3, sh);
	CHECK(sh[0] == 0 && sh[2] == 0);
}

/* The definition, searched: smallest x with #{v <= x} >= p/100 * n. */
static double brute_percentile(const double *v, size_t n, double p)
{
	double best = NAN;
	size_t i, j;

	for (i = 0; i < n; i++) {
		size_t le = 0;

		for (j = 0; j < n; j++)
			le += v[j] <= v[i];
		/* compare in integers: le * 100 >= p * n */
		if ((double)le * 100 >= p * n - 1e-9 && (isnan(best) || v[i] < best))
			best = v[i];
	}
	return best;
}

static void test_percentiles(void)
{
	static const double ps[] = { 0, 1, 25, 50, 90, 95, 99, 99.9, 100 };
	struct wbf_samples s = { 0 };
	uint64_t seed = 7;
	size_t n, i, k;
	int round;

	CHECK(isnan(wbf_samples_percentile(&s, 50)));
	for (i = 1; i <= 20; i++)
		wbf_samples_add(&s, (double)(21 - i));
	/* 1..20: p95 is rank ceil(19) = 19, p50 rank 10, p99 rank 20 */
	CHECK(wbf_samples_percentile(&s, 95) == 19);
	CHECK(wbf_samples_percentile(&s, 50) == 10);
	CHECK(wbf_samples_percentile(&s, 99) == 20);
	CHECK(wbf_samples_percentile(&s, 0) == 1);
	CHECK_NEAR(wbf_samples_mean(&s), 10.5, 1e-15);
	CHECK(s.max == 20);
	wbf_samples_free(&s);
	for (round = 0; round < 50; round++) {
		n = 1 + lcg(&seed) % 300;
		for (i = 0; i < n; i++)
			wbf_samples_add(&s, (double)(lcg(&seed) % 50));
		double *copy = malloc(n * sizeof(*copy));

		memcpy(copy, s.v, n * sizeof(*copy));
		for (k = 0; k < sizeof(ps) / sizeof(ps[0]); k++)
			CHECK(wbf_samples_percentile(&s, ps[k]) ==
			      brute_percentile(copy, n, ps[k]));
		free(copy);
		wbf_samples_free(&s);
	}
}

static void test_series_and_intervals(void)
{
	struct wbf_series s = { 0 };
	double r[4], row0[3] = { 2, 0, 5 }, row1[3] = { 2, 0, 0 };
	const double *rows[2] = { row0, row1 };
	struct wbf_fairness f;
	double tot[2] = { 9, 2 };
	size_t used;

	/* 0.5 s intervals: t = 0.2 s -> 0, 0.5 s -> 1, 1.7 s -> 3 */
	CHECK(wbf_series_add(&s, 200000000, 500000000, 1000000) == 0);
	CHECK(wbf_series_add(&s, 500000000, 500000000, 3000000) == 0);
	CHECK(wbf_series_add(&s, 1700000000, 500000000, 500000) == 0);
	CHECK_EQ_U64(s.n, 4);
	wbf_series_mbps(&s, 4, 500000000, r);
	CHECK_NEAR(r[0], 2.0, 1e-15);	/* 1 MB in 0.5 s */
	CHECK_NEAR(r[1], 6.0, 1e-15);
	CHECK(r[2] == 0);
	CHECK_NEAR(r[3], 1.0, 1e-15);
	wbf_series_free(&s);
	CHECK_EQ_U64(wbf_interval_count(0, 1000000000), 1);
	CHECK_EQ_U64(wbf_interval_count(999999999, 1000000000), 1);
	CHECK_EQ_U64(wbf_interval_count(1000000000, 1000000000), 2);
	/* intervals: {2,2} -> 1, {0,0} skipped, {5,0} -> 1/2 */
	CHECK_NEAR(wbf_jain_intervals(rows, 2, 3, &used), 0.75, 1e-15);
	CHECK_EQ_U64(used, 2);
	wbf_fairness_compute(&f, tot, rows, 2, 3);
	CHECK_EQ_U64(f.leader, 0);
	CHECK_NEAR(f.leader_share, 9.0 / 11, 1e-15);
	CHECK_NEAR(f.jain, 121.0 / (2 * 85), 1e-15);
	CHECK_NEAR(f.max_min, 4.5, 1e-15);
	CHECK_NEAR(f.jain_interval, 0.75, 1e-15);
}

/*
 * The lead and its tie test (metrics.h): 60 intervals of 1 s make six
 * 10-s batches. A steady lead is a lead; a lead that flips sign from batch
 * to batch is a tie; too few batches is "unsure", never a tie.
 */
static void test_lead(void)
{
	double a[60], b[60], c[60], tot[3];
	const double *rows[3] = { a, b, c };
	struct wbf_lead l;
	size_t k;

	for (k = 0; k < 60; k++) {
		a[k] = 5.0 + (k % 2);		/* 5.5 on average */
		b[k] = 4.5 + (k % 3 == 0);	/* 4.83 on average */
		c[k] = 0;
	}
	tot[0] = wbf_sum(a, 60);
	tot[1] = wbf_sum(b, 60);
	tot[2] = 0;
	wbf_lead_compute(&l, tot, rows, 2, 60, 1.0);
	CHECK(l.leader == 0 && l.second == 1);
	CHECK_NEAR(l.gap, (tot[0] - tot[1]) / (tot[0] + tot[1]), 1e-12);
	CHECK(l.batches == 6 && !l.unsure && !l.tie);
	/* the idle third entity is the runner-up of nobody when it has 0 */
	wbf_lead_compute(&l, tot, rows, 3, 60, 1.0);
	CHECK(l.leader == 0 && l.second == 1);

	/* b leads by 1 in even batches, a by 1.2 in odd ones: a small net lead */
	for (k = 0; k < 60; k++) {
		a[k] = (k / 10) % 2 ? 6.2 : 4.0;
		b[k] = (k / 10) % 2 ? 5.0 : 5.0;
	}
	tot[0] = wbf_sum(a, 60);
	tot[1] = wbf_sum(b, 60);
	wbf_lead_compute(&l, tot, rows, 2, 60, 1.0);
	CHECK(l.leader == 0 && l.gap > 0 && !l.unsure && l.tie);
	CHECK(l.gap < WBF_LEAD_TIE_SE * l.se);

	/* equal and steady: no gap, no noise: a tie */
	for (k = 0; k < 60; k++)
		a[k] = b[k] = 3;
	tot[0] = tot[1] = 180;
	wbf_lead_compute(&l, tot, rows, 2, 60, 1.0);
	CHECK(l.tie && l.gap == 0);

	/* 25 s: two whole batches, too few to estimate the noise */
	wbf_lead_compute(&l, tot, rows, 2, 25, 1.0);
	CHECK(l.unsure && !l.tie && isnan(l.se) && l.batches == 2);
	/* 10-s intervals: one per batch */
	wbf_lead_compute(&l, tot, rows, 2, 6, 10.0);
	CHECK(l.batches == 6 && !l.unsure);
}

int main(void)
{
	test_jain();
	test_cov_maxmin_shares();
	test_percentiles();
	test_series_and_intervals();
	test_lead();
	return check_status("test_wbfair_metrics");
}
