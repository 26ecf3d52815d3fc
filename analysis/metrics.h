/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fairness and throughput measures of the project: ONE implementation
 * of each, used by wbfair and linked by the simulator for its own tables.
 *
 * Definitions (also in analysis/README.md):
 *
 *  - interval series: bytes per interval per entity. An event at time t
 *    (ns since the start of the run) falls in interval floor(t / I).
 *    A run of duration D has floor(D / I) + 1 intervals; the last one is
 *    usually partial and is still divided by the full I.
 *  - MB/s: bytes / 10^6 / seconds (decimal megabytes, as dbench and the
 *    disk vendors count).
 *  - share: x_i / sum(x); all shares 0 when the sum is 0.
 *  - Jain's index: J = (sum x)^2 / (n * sum x^2), in [1/n, 1]: 1 when all
 *    entities got the same, 1/n when one got everything. Degenerate cases:
 *    n = 0 gives NaN (no data); all x = 0 gives 1 (everyone got the same,
 *    nothing). Negative or non-finite inputs give NaN.
 *  - per-interval Jain: the mean of J over the intervals in which the
 *    entities' sum is > 0; intervals where nothing was done say nothing
 *    about how it was shared. NaN when there is no such interval.
 *  - CoV: POPULATION standard deviation / mean (divide by n, not n - 1:
 *    the series is the whole run, not a sample of it). 0 when all values
 *    are 0; NaN for n = 0.
 *  - max/min ratio: max(x) / min(x); 1 when all are 0, +inf when min is 0
 *    and max is not, NaN for n = 0.
 *  - percentile p of n samples: NEAREST RANK, the smallest sample with at
 *    least p% of the samples <= it: the sorted sample of 1-based rank
 *    ceil(p / 100 * n), rank 1 for p = 0. Always an observed value,
 *    except from a bag turned into a log histogram (struct wbf_samples):
 *    then the middle of the bucket of that rank, within 0.8%.
 */
#ifndef WBFAIR_METRICS_H
#define WBFAIR_METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "loghist.h"

#define WBF_NSEC_PER_SEC	1000000000ULL
/*
 * Longest series: 10^7 intervals (116 days of 1 s). A longer one comes
 * from a bogus timestamp or a far too short interval, and would cost
 * gigabytes per entity.
 */
#define WBF_MAX_INTERVALS	10000000
#define WBF_BYTES_PER_MB	1e6

/* Bytes per interval of one entity; index = interval number. */
struct wbf_series {
	uint64_t *bytes;
	size_t n;		/* intervals present: highest index + 1 */
	size_t cap;
};

int wbf_series_add(struct wbf_series *s, uint64_t t_ns, uint64_t interval_ns,
		   uint64_t bytes);
int wbf_series_extend(struct wbf_series *s, size_t n);
void wbf_series_free(struct wbf_series *s);
size_t wbf_interval_count(uint64_t duration_ns, uint64_t interval_ns);
void wbf_series_mbps(const struct wbf_series *s, size_t n,
		     uint64_t interval_ns, double *out);

double wbf_mb(uint64_t bytes);
double wbf_sum(const double *x, size_t n);
double wbf_mean(const double *x, size_t n);
double wbf_stddev(const double *x, size_t n);
double wbf_cov(const double *x, size_t n);
double wbf_jain(const double *x, size_t n);
double wbf_max_min(const double *x, size_t n);
void wbf_shares(const double *x, size_t n, double *out);
double wbf_jain_intervals(const double *const *rows, size_t n,
			  size_t n_intervals, size_t *used);
double wbf_percentile_sorted(const double *v, size_t n, double p);

/*
 * A bag of samples (latencies, sizes) for percentiles: every value, until
 * wbf_samples_to_hist() trades them for a log histogram (loghist.h: fixed
 * size, percentiles within 0.8%). n, sum (so the mean), min and max stay
 * exact either way.
 */
struct wbf_samples {
	double *v;
	size_t n, cap;
	bool sorted;
	double sum, max, min;
	struct wbf_loghist *hist;	/* set: the values are counted here */
};

int wbf_samples_add(struct wbf_samples *s, double x);
int wbf_samples_to_hist(struct wbf_samples *s);
int wbf_samples_merge(struct wbf_samples *dst, const struct wbf_samples *src);
double wbf_samples_percentile(struct wbf_samples *s, double p);
double wbf_samples_mean(const struct wbf_samples *s);
void wbf_samples_free(struct wbf_samples *s);

/* Summary of one series (e.g. an entity's MB/s per interval). */
struct wbf_series_stats {
	double mean, cov, min, max;
};

void wbf_series_stats(const double *x, size_t n, struct wbf_series_stats *st);

/* How a quantity was split among n entities, overall and per interval. */
struct wbf_fairness {
	size_t n;
	double total;		/* sum of the totals */
	double jain;		/* over the totals */
	double jain_interval;	/* mean per-interval Jain (see above) */
	size_t intervals_used;	/* intervals that entered jain_interval */
	double max_min;		/* over the totals */
	size_t leader;		/* index of the largest total (first on ties) */
	double leader_share;
};

void wbf_fairness_compute(struct wbf_fairness *f, const double *totals,
			  const double *const *rates, size_t n,
			  size_t n_intervals);

/*
 * Who leads, by how much, and whether that is more than the noise.
 *
 *  - gap: (leader's total - runner-up's total) / sum of all totals, the
 *    lead in shares of the whole ("ahead by 6% of the bytes").
 *  - noise: a run is one sample, so the spread of repeats is estimated
 *    from within the run by BATCH MEANS: the per-interval series are cut
 *    into batches of WBF_LEAD_BATCH_S seconds, d_b = leader's minus
 *    runner-up's amount in batch b; over m batches the sum D = sum d_b has
 *    standard error sqrt(m) * sd(d_b) if batches are independent. 10 s
 *    batches span two flusher periods (dirty_writeback_centisecs = 500)
 *    and two journal commits (5 s), the longest periodic effects here, so
 *    neighbouring batches are close to independent.
 *  - tie: |gap| < WBF_LEAD_TIE_SE standard errors (2: about 95% of
 *    repeats of an even split would fall inside), or fewer than
 *    WBF_LEAD_MIN_BATCHES batches to estimate the noise from (too short
 *    to tell: se is NaN and tie is false, "unsure" is set).
 */
#define WBF_LEAD_BATCH_S	10.0
#define WBF_LEAD_TIE_SE		2.0
#define WBF_LEAD_MIN_BATCHES	3

struct wbf_lead {
	size_t leader, second;	/* indexes; second == leader when n < 2 */
	double gap;		/* share of the total, [0, 1] */
	double se;		/* standard error of gap, NaN if unknown */
	size_t batches;
	bool tie, unsure;
};

void wbf_lead_compute(struct wbf_lead *l, const double *totals,
		      const double *const *rates, size_t n,
		      size_t n_intervals, double interval_s);

#endif
