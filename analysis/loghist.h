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
 */
#ifndef WBFAIR_LOGHIST_H
#define WBFAIR_LOGHIST_H

#include <stdint.h>

#define WBF_LOGHIST_SUB		64
#define WBF_LOGHIST_OCTAVES	64
#define WBF_LOGHIST_BUCKETS	(1 + WBF_LOGHIST_SUB * WBF_LOGHIST_OCTAVES)

struct wbf_loghist {
	uint64_t count[WBF_LOGHIST_BUCKETS];
};

void wbf_loghist_add(struct wbf_loghist *h, double x);
void wbf_loghist_merge(struct wbf_loghist *dst, const struct wbf_loghist *src);
double wbf_loghist_rank(const struct wbf_loghist *h, uint64_t rank);

#endif
