// SPDX-License-Identifier: GPL-2.0
#include <math.h>

#include "rng.h"

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/**
 * rng_init - seed a stream from the master seed and the stream's name
 *
 * The name is hashed with FNV-1a and mixed into the seed, so streams of
 * different names are independent and a stream's numbers depend only on
 * (seed, name).
 */
void rng_init(struct rng *r, uint64_t seed, const char *stream)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	uint64_t x;

	for (const unsigned char *p = (const unsigned char *)stream; p && *p; p++)
		h = (h ^ *p) * 0x100000001b3ULL;
	x = seed ^ h;
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
}

/**
 * rng_below - uniform integer in [0, n), without modulo bias (Lemire)
 */
uint64_t rng_below(struct rng *r, uint64_t n)
{
	unsigned __int128 m;
	uint64_t lo;

	if (n == 0)
		return 0;
	m = (unsigned __int128)rng_u64(r) * n;
	lo = (uint64_t)m;
	if (lo < n) {
		uint64_t t = -n % n;

		while (lo < t) {
			m = (unsigned __int128)rng_u64(r) * n;
			lo = (uint64_t)m;
		}
	}
	return (uint64_t)(m >> 64);
}

/**
 * rng_exp - exponentially distributed value with the given mean
 */
double rng_exp(struct rng *r, double mean)
{
	return -mean * log1p(-rng_double(r));
}
