/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A histogram with logarithmic buckets, for percentiles of a quantity seen
 * too many times to keep every value (the Q2C latency of every bio of a
 * day-long trace): fixed size, whatever the number of samples.
 *
 * Resolution: each power of two [2^k, 2^(k+1)) is cut into
 * WBF_LOGHIST_SUB = 64 equal buckets, so a bucket is at most 1/64 of its
 * lower bound wide, and a percentile read as the bucket's midpoint is
 * within 1/128 (0.8%) of the true sample: 1 ms of Q2C is known to 8 us,
 * 1 s to 8 ms. Values from 1 to 2^64 have buckets (ns, bytes and sectors
 * are integers); values below 1 share one bucket, read as 0.
 *
 * Header-only, like a min-heap: a few lines each, on the per-sample path.
 */
#ifndef WBFAIR_LOGHIST_H
#define WBFAIR_LOGHIST_H

#include <math.h>
#include <stdint.h>

#define WBF_LOGHIST_SUB		64
#define WBF_LOGHIST_OCTAVES	64
#define WBF_LOGHIST_BUCKETS	(1 + WBF_LOGHIST_SUB * WBF_LOGHIST_OCTAVES)

struct wbf_loghist {
	uint64_t count[WBF_LOGHIST_BUCKETS];
};

/* Bucket of @x: 0 below 1, then WBF_LOGHIST_SUB per power of two. */
static inline unsigned int wbf_loghist_bucket(double x)
{
	unsigned int sub;
	int e;
	double m;

	if (!(x >= 1))
		return 0;	/* also NaN: nothing else is sure of it */
	m = frexp(x, &e);	/* x = m * 2^e, m in [0.5, 1), e >= 1 */
	if (e > WBF_LOGHIST_OCTAVES)
		return WBF_LOGHIST_BUCKETS - 1;
	sub = (unsigned int)((m - 0.5) * 2 * WBF_LOGHIST_SUB);
	if (sub >= WBF_LOGHIST_SUB)
		sub = WBF_LOGHIST_SUB - 1;
	return 1 + (unsigned int)(e - 1) * WBF_LOGHIST_SUB + sub;
}

/* The middle of bucket @b, the value a percentile in it is read as. */
static inline double wbf_loghist_mid(unsigned int b)
{
	unsigned int e, sub;

	if (!b)
		return 0;
	e = (b - 1) / WBF_LOGHIST_SUB + 1;
	sub = (b - 1) % WBF_LOGHIST_SUB;
	return ldexp(0.5 + (sub + 0.5) / (2.0 * WBF_LOGHIST_SUB), (int)e);
}

/*
 * wbf_loghist_add() - count one sample
 * @h: histogram
 * @x: the value
 */
static inline void wbf_loghist_add(struct wbf_loghist *h, double x)
{
	h->count[wbf_loghist_bucket(x)]++;
}

/*
 * wbf_loghist_merge() - add the counts of @src to @dst
 * @dst: histogram
 * @src: histogram
 */
static inline void wbf_loghist_merge(struct wbf_loghist *dst, const struct wbf_loghist *src)
{
	unsigned int b;

	for (b = 0; b < WBF_LOGHIST_BUCKETS; b++)
		dst->count[b] += src->count[b];
}

/*
 * wbf_loghist_rank() - the @rank-th smallest sample, to the resolution
 * @h: histogram
 * @rank: from 1
 *
 * Return: the midpoint of the bucket holding that sample, NaN when the
 * histogram holds fewer than @rank samples.
 */
static inline double wbf_loghist_rank(const struct wbf_loghist *h, uint64_t rank)
{
	uint64_t seen = 0;
	unsigned int b;

	for (b = 0; b < WBF_LOGHIST_BUCKETS; b++) {
		seen += h->count[b];
		if (rank && seen >= rank)
			return wbf_loghist_mid(b);
	}
	return NAN;
}

#endif
