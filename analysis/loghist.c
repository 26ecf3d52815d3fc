// SPDX-License-Identifier: GPL-2.0
/* Log-bucket histogram; resolution in loghist.h. */
#include <math.h>

#include "loghist.h"

/* Bucket of @x: 0 below 1, then WBF_LOGHIST_SUB per power of two. */
static unsigned int bucket_of(double x)
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
static double bucket_mid(unsigned int b)
{
	unsigned int e, sub;

	if (!b)
		return 0;
	e = (b - 1) / WBF_LOGHIST_SUB + 1;
	sub = (b - 1) % WBF_LOGHIST_SUB;
	return ldexp(0.5 + (sub + 0.5) / (2.0 * WBF_LOGHIST_SUB), (int)e);
}

/**
 * wbf_loghist_add() - count one sample
 * @h: histogram
 * @x: the value
 */
void wbf_loghist_add(struct wbf_loghist *h, double x)
{
	h->count[bucket_of(x)]++;
}

/**
 * wbf_loghist_merge() - add the counts of @src to @dst
 * @dst: histogram
 * @src: histogram
 */
void wbf_loghist_merge(struct wbf_loghist *dst, const struct wbf_loghist *src)
{
	unsigned int b;

	for (b = 0; b < WBF_LOGHIST_BUCKETS; b++)
		dst->count[b] += src->count[b];
}

/**
 * wbf_loghist_rank() - the @rank-th smallest sample, to the resolution
 * @h: histogram
 * @rank: from 1
 *
 * Return: the midpoint of the bucket holding that sample, NaN when the
 * histogram holds fewer than @rank samples.
 */
double wbf_loghist_rank(const struct wbf_loghist *h, uint64_t rank)
{
	uint64_t seen = 0;
	unsigned int b;

	for (b = 0; b < WBF_LOGHIST_BUCKETS; b++) {
		seen += h->count[b];
		if (rank && seen >= rank)
			return bucket_mid(b);
	}
	return NAN;
}
