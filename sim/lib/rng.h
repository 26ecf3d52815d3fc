/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Random streams. Each component owns one, seeded from the run's master
 * seed and the component's name (e.g. "disk:sda", "dbench:8,1:client3"), so
 * adding a component or drawing more numbers in one never changes the
 * numbers another one sees. Generator: xoshiro256** seeded by splitmix64.
 */
#ifndef WBSIM_RNG_H
#define WBSIM_RNG_H

#include <stdint.h>

struct rng {
	uint64_t s[4];
};

void rng_init(struct rng *r, uint64_t seed, const char *stream);

static inline uint64_t rng_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_u64(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rng_rotl(s[3], 45);
	return result;
}

/* Uniform in [0, 1) with 53 random bits. */
static inline double rng_double(struct rng *r)
{
	return (double)(rng_u64(r) >> 11) * 0x1.0p-53;
}

uint64_t rng_below(struct rng *r, uint64_t n);
double rng_exp(struct rng *r, double mean);

#endif
