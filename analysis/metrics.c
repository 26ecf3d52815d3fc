// SPDX-License-Identifier: GPL-2.0
/* Fairness and throughput measures; definitions in metrics.h. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"
#include "util.h"
#include "wb/percentile.h"

/**
 * wbf_series_add() - account @bytes done at time @t_ns
 * @s: series
 * @t_ns: time since the start of the run
 * @interval_ns: interval length, > 0
 * @bytes: bytes to add
 *
 * Return: 0, -ERANGE past WBF_MAX_INTERVALS, or -ENOMEM.
 */
int wbf_series_add(struct wbf_series *s, uint64_t t_ns, uint64_t interval_ns,
		   uint64_t bytes)
{
	uint64_t k = t_ns / interval_ns;
	int ret;

	if (k >= WBF_MAX_INTERVALS)
		return -ERANGE;
	if (k >= s->n) {
		ret = wbf_series_extend(s, k + 1);
		if (ret)
			return ret;
	}
	s->bytes[k] += bytes;
	return 0;
}

/**
 * wbf_series_extend() - make a series at least @n intervals long
 * @s: series
 * @n: intervals; new ones hold 0 bytes
 *
 * Return: 0 or -ENOMEM.
 */
int wbf_series_extend(struct wbf_series *s, size_t n)
{
	if (n <= s->n)
		return 0;
	if (WBF_GROW(s->bytes, s->cap, n))
		return -ENOMEM;
	memset(s->bytes + s->n, 0, (n - s->n) * sizeof(*s->bytes));
	s->n = n;
	return 0;
}

/**
 * wbf_series_free() - release a series
 * @s: series
 */
void wbf_series_free(struct wbf_series *s)
{
	free(s->bytes);
	memset(s, 0, sizeof(*s));
}

/**
 * wbf_interval_count() - number of intervals of a run
 * @duration_ns: time from the first to the last event
 * @interval_ns: interval length, > 0
 *
 * Return: floor(duration / interval) + 1: the interval holding the last
 * event counts even when partial.
 */
size_t wbf_interval_count(uint64_t duration_ns, uint64_t interval_ns)
{
	return duration_ns / interval_ns + 1;
}

/**
 * wbf_series_mbps() - MB/s per interval
 * @s: series (may be shorter than @n: missing intervals are 0)
 * @n: intervals to write
 * @interval_ns: interval length
 * @out: n rates
 */
void wbf_series_mbps(const struct wbf_series *s, size_t n,
		     uint64_t interval_ns, double *out)
{
	double secs = (double)interval_ns / WBF_NSEC_PER_SEC;
	size_t k;

	for (k = 0; k < n; k++)
		out[k] = k < s->n ? wbf_mb(s->bytes[k]) / secs : 0.0;
}

/**
 * wbf_mb() - bytes in decimal megabytes (10^6 bytes)
 * @bytes: byte count
 */
double wbf_mb(uint64_t bytes)
{
	return (double)bytes / WBF_BYTES_PER_MB;
}

/**
 * wbf_sum() - sum of @n values
 * @x: values
 * @n: count
 */
double wbf_sum(const double *x, size_t n)
{
	double s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += x[i];
	return s;
}

/**
 * wbf_mean() - arithmetic mean; NaN for n = 0
 * @x: values
 * @n: count
 */
double wbf_mean(const double *x, size_t n)
{
	return n ? wbf_sum(x, n) / n : NAN;
}

/**
 * wbf_stddev() - population standard deviation (divides by n); NaN for n = 0
 * @x: values
 * @n: count
 *
 * Two passes (mean, then squared deviations) so a large common offset
 * does not cancel the variance away.
 */
double wbf_stddev(const double *x, size_t n)
{
	double m, s = 0;
	size_t i;

	if (!n)
		return NAN;
	m = wbf_mean(x, n);
	for (i = 0; i < n; i++)
		s += (x[i] - m) * (x[i] - m);
	return sqrt(s / n);
}

/**
 * wbf_cov() - coefficient of variation: population stddev / mean
 * @x: values (non-negative)
 * @n: count
 *
 * Return: 0 when all values are 0 (no variation), NaN for n = 0.
 */
double wbf_cov(const double *x, size_t n)
{
	double m;

	if (!n)
		return NAN;
	m = wbf_mean(x, n);
	if (m == 0)
		return wbf_stddev(x, n) == 0 ? 0.0 : NAN;
	return wbf_stddev(x, n) / m;
}

/**
 * wbf_jain() - Jain's fairness index (sum x)^2 / (n * sum x^2)
 * @x: allocations, each >= 0
 * @n: count
 *
 * Return: in [1/n, 1]; 1 when all are 0; NaN for n = 0 or a negative or
 * non-finite value.
 */
double wbf_jain(const double *x, size_t n)
{
	double s = 0, s2 = 0, j;
	size_t i;

	if (!n)
		return NAN;
	for (i = 0; i < n; i++) {
		if (!(x[i] >= 0) || isinf(x[i]))
			return NAN;
		s += x[i];
		s2 += x[i] * x[i];
	}
	if (s2 == 0)
		return 1.0;
	j = s * s / (n * s2);
	/* rounding can push equal allocations a hair past 1 */
	return j > 1.0 ? 1.0 : j;
}

/**
 * wbf_max_min() - largest over smallest value
 * @x: values (non-negative)
 * @n: count
 *
 * Return: 1 when all are 0, +inf when the smallest is 0 and the largest
 * is not, NaN for n = 0.
 */
double wbf_max_min(const double *x, size_t n)
{
	double lo, hi;
	size_t i;

	if (!n)
		return NAN;
	lo = hi = x[0];
	for (i = 1; i < n; i++) {
		if (x[i] < lo)
			lo = x[i];
		if (x[i] > hi)
			hi = x[i];
	}
	if (hi == 0)
		return 1.0;
	if (lo == 0)
		return INFINITY;
	return hi / lo;
}

/**
 * wbf_shares() - each value's fraction of the sum
 * @x: values
 * @n: count
 * @out: n shares; all 0 when the sum is 0
 */
void wbf_shares(const double *x, size_t n, double *out)
{
	double s = wbf_sum(x, n);
	size_t i;

	for (i = 0; i < n; i++)
		out[i] = s > 0 ? x[i] / s : 0.0;
}

/**
 * wbf_jain_intervals() - mean per-interval Jain index
 * @rows: n rows of n_intervals values (rates or bytes: J is scale-free)
 * @n: entities
 * @n_intervals: intervals
 * @used: set to the number of intervals that counted (may be NULL)
 *
 * Only intervals whose sum over the entities is > 0 count.
 *
 * Return: the mean, NaN when no interval counted.
 */
double wbf_jain_intervals(const double *const *rows, size_t n,
			  size_t n_intervals, size_t *used)
{
	double col[64], *x = col, acc = 0;
	size_t i, k, cnt = 0;

	if (n > 64) {
		x = malloc(n * sizeof(*x));
		if (!x) {
			if (used)
				*used = 0;
			return NAN;
		}
	}
	for (k = 0; k < n_intervals; k++) {
		double s = 0;

		for (i = 0; i < n; i++) {
			x[i] = rows[i][k];
			s += x[i];
		}
		if (!(s > 0))
			continue;
		acc += wbf_jain(x, n);
		cnt++;
	}
	if (x != col)
		free(x);
	if (used)
		*used = cnt;
	return cnt ? acc / cnt : NAN;
}

/**
 * wbf_percentile_sorted() - nearest-rank percentile of sorted samples
 * @v: samples in ascending order
 * @n: count
 * @p: percentile in [0, 100]
 *
 * Return: v[ceil(p/100 * n) - 1] (v[0] for p = 0), NaN for n = 0.
 */
double wbf_percentile_sorted(const double *v, size_t n, double p)
{
	if (!n)
		return NAN;
	return v[wb_nearest_rank(n, p) - 1];
}

/**
 * wbf_samples_add() - add a sample
 * @s: sample bag
 * @x: value
 *
 * Return: 0 or -ENOMEM.
 */
int wbf_samples_add(struct wbf_samples *s, double x)
{
	if (s->hist)
		wbf_loghist_add(s->hist, x);
	else if (WBF_GROW(s->v, s->cap, s->n + 1))
		return -ENOMEM;
	else
		s->v[s->n] = x;
	if (!s->n || x > s->max)
		s->max = x;
	if (!s->n || x < s->min)
		s->min = x;
	s->n++;
	s->sum += x;
	s->sorted = false;
	return 0;
}

/**
 * wbf_samples_to_hist() - count the samples in a log histogram from now on
 * @s: sample bag; its values go into the histogram and are freed
 *
 * For a bag that would otherwise grow with the length of its input.
 * Percentiles are then within 0.8% (loghist.h); n, mean, min and max
 * stay exact.
 *
 * Return: 0 or -ENOMEM (the bag is left as it was).
 */
int wbf_samples_to_hist(struct wbf_samples *s)
{
	size_t i;

	if (s->hist)
		return 0;
	s->hist = calloc(1, sizeof(*s->hist));
	if (!s->hist)
		return -ENOMEM;
	for (i = 0; i < s->n; i++)
		wbf_loghist_add(s->hist, s->v[i]);
	free(s->v);
	s->v = NULL;
	s->cap = 0;
	return 0;
}

/**
 * wbf_samples_merge() - add every sample of @src to @dst
 * @dst: sample bag; becomes a histogram if @src is one
 * @src: sample bag, unchanged
 *
 * Return: 0 or -ENOMEM.
 */
int wbf_samples_merge(struct wbf_samples *dst, const struct wbf_samples *src)
{
	size_t k;

	if (!src->hist) {
		for (k = 0; k < src->n; k++)
			if (wbf_samples_add(dst, src->v[k]))
				return -ENOMEM;
		return 0;
	}
	if (!src->n)
		return 0;
	if (wbf_samples_to_hist(dst))
		return -ENOMEM;
	wbf_loghist_merge(dst->hist, src->hist);
	if (!dst->n || src->max > dst->max)
		dst->max = src->max;
	if (!dst->n || src->min < dst->min)
		dst->min = src->min;
	dst->n += src->n;
	dst->sum += src->sum;
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/**
 * wbf_samples_percentile() - nearest-rank percentile (sorts on first use)
 * @s: sample bag
 * @p: percentile in [0, 100]
 *
 * Return: the percentile, NaN when empty.
 */
double wbf_samples_percentile(struct wbf_samples *s, double p)
{
	if (s->hist && s->n) {
		double v = wbf_loghist_rank(s->hist, wb_nearest_rank(s->n, p));

		/* the bucket's middle may lie beyond what was seen */
		return v < s->min ? s->min : v > s->max ? s->max : v;
	}
	if (!s->sorted && s->n) {
		qsort(s->v, s->n, sizeof(*s->v), cmp_double);
		s->sorted = true;
	}
	return wbf_percentile_sorted(s->v, s->n, p);
}

/**
 * wbf_samples_mean() - mean of the samples, NaN when empty
 * @s: sample bag
 */
double wbf_samples_mean(const struct wbf_samples *s)
{
	return s->n ? s->sum / s->n : NAN;
}

/**
 * wbf_samples_free() - release a sample bag
 * @s: sample bag
 */
void wbf_samples_free(struct wbf_samples *s)
{
	free(s->v);
	free(s->hist);
	memset(s, 0, sizeof(*s));
}

/**
 * wbf_series_stats() - mean, CoV, min and max of a series
 * @x: values
 * @n: count
 * @st: result; NaN fields for n = 0
 */
void wbf_series_stats(const double *x, size_t n, struct wbf_series_stats *st)
{
	size_t i;

	st->mean = wbf_mean(x, n);
	st->cov = wbf_cov(x, n);
	st->min = n ? x[0] : NAN;
	st->max = n ? x[0] : NAN;
	for (i = 1; i < n; i++) {
		if (x[i] < st->min)
			st->min = x[i];
		if (x[i] > st->max)
			st->max = x[i];
	}
}

/**
 * wbf_fairness_compute() - how a quantity was split among entities
 * @f: result
 * @totals: n totals (bytes, or MB/s figures)
 * @rates: n rows of n_intervals per-interval values, or NULL
 * @n: entities
 * @n_intervals: intervals in each row
 */
void wbf_fairness_compute(struct wbf_fairness *f, const double *totals,
			  const double *const *rates, size_t n,
			  size_t n_intervals)
{
	size_t i;

	memset(f, 0, sizeof(*f));
	f->n = n;
	f->total = wbf_sum(totals, n);
	f->jain = wbf_jain(totals, n);
	f->max_min = wbf_max_min(totals, n);
	f->jain_interval = NAN;
	if (rates && n)
		f->jain_interval = wbf_jain_intervals(rates, n, n_intervals,
						      &f->intervals_used);
	for (i = 1; i < n; i++)
		if (totals[i] > totals[f->leader])
			f->leader = i;
	f->leader_share = n && f->total > 0 ? totals[f->leader] / f->total
					    : NAN;
}

/**
 * wbf_lead_compute() - leader, runner-up, gap and tie (metrics.h)
 * @l: result
 * @totals: n totals
 * @rates: n rows of n_intervals per-interval values, or NULL (no noise
 *	   estimate: unsure)
 * @n: entities
 * @n_intervals: intervals in each row
 * @interval_s: interval length in seconds
 */
void wbf_lead_compute(struct wbf_lead *l, const double *totals,
		      const double *const *rates, size_t n,
		      size_t n_intervals, double interval_s)
{
	double total = wbf_sum(totals, n), *d, sum_all = 0;
	size_t i, k, per, m;

	memset(l, 0, sizeof(*l));
	l->se = NAN;
	l->unsure = true;
	if (!n)
		return;
	for (i = 1; i < n; i++)
		if (totals[i] > totals[l->leader])
			l->leader = i;
	l->second = l->leader;
	for (i = 0; i < n; i++)
		if (i != l->leader && (l->second == l->leader ||
				       totals[i] > totals[l->second]))
			l->second = i;
	if (n < 2 || !(total > 0))
		return;
	l->gap = (totals[l->leader] - totals[l->second]) / total;
	if (!rates || !n_intervals || !(interval_s > 0))
		return;
	per = (size_t)llround(WBF_LEAD_BATCH_S / interval_s);
	if (!per)
		per = 1;
	/* whole batches only: a partial last batch would weigh less */
	m = n_intervals / per;
	l->batches = m;
	if (m < WBF_LEAD_MIN_BATCHES)
		return;
	d = calloc(m, sizeof(*d));
	if (!d)
		return;
	for (k = 0; k < m * per; k++) {
		d[k / per] += rates[l->leader][k] - rates[l->second][k];
		for (i = 0; i < n; i++)
			sum_all += rates[i][k];
	}
	if (sum_all > 0) {
		l->se = sqrt((double)m) * wbf_stddev(d, m) / sum_all;
		l->unsure = false;
		l->tie = l->gap == 0 || l->gap < WBF_LEAD_TIE_SE * l->se;
	}
	free(d);
}
