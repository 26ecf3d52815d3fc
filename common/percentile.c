// SPDX-License-Identifier: GPL-2.0
#include <math.h>

#include "wb/percentile.h"

/**
 * wb_nearest_rank() - 1-based rank of percentile @p of @n > 0 samples
 * @n: count of samples
 * @p: percentile in [0, 100]
 *
 * The nearest-rank rule: ceil(p/100 * n), at least 1 and at most @n.
 *
 * Return: the rank (1 for p <= 0, @n for p >= 100).
 */
size_t wb_nearest_rank(size_t n, double p)
{
	double r;

	if (p <= 0)
		return 1;
	if (p >= 100)
		return n;
	r = ceil(p / 100.0 * n);
	/* p/100*n may land a hair above an integer: 0.95*20 = 19.000000004 */
	if (r - p / 100.0 * n > 1 - 1e-9)
		r -= 1;
	if (r < 1)
		return 1;
	return r > n ? n : (size_t)r;
}
