/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Flexible proportions (lib/flex_proportions.c, v3.2 to 6.1): each local
 * counter's share of recent global events, where "recent" decays by
 * halving at every new period, and a period is a stretch of time (6.1's
 * writeout_period() starts one every VM_COMPLETIONS_PERIOD_LEN, 3 s, while
 * there are completions to age). Unlike 2.6.30's floating proportions
 * (proportions.h) the denominator is the global count itself, so a bdi
 * that did every completion so far has the whole share at once, where
 * 2.6.30's ramps up over a period of 2^(shift-1) events. Per-CPU batching
 * is not modelled: the counts are exact.
 */
#ifndef WBSIM_FLEX_PROPORTIONS_H
#define WBSIM_FLEX_PROPORTIONS_H

#include <stdbool.h>
#include <stdint.h>

struct fprop_global {
	uint64_t events;		/* decayed global count */
	unsigned int period;		/* periods begun so far */
};

struct fprop_local {
	uint64_t events;		/* decayed local count */
	unsigned int period;		/* global period it was last aged to */
};

void fprop_global_init(struct fprop_global *p);
bool fprop_new_period(struct fprop_global *p, int periods);
void fprop_local_init(struct fprop_local *pl);
void fprop_inc(struct fprop_global *p, struct fprop_local *pl);
void fprop_fraction(struct fprop_global *p, struct fprop_local *pl,
		    uint64_t *numerator, uint64_t *denominator);

#endif
