/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Floating proportions (lib/proportions.c of v2.6.30): each local counter's
 * share of recent global events, where "recent" decays by halving every
 * period of 2^(shift-1) global events. The kernel uses it for a bdi's share
 * of writeback completions (bdi_thresh) and a task's share of dirtied pages
 * (task_dirty_limit). Per-CPU counter batching is not modelled: the counts
 * are exact.
 */
#ifndef WBSIM_PROPORTIONS_H
#define WBSIM_PROPORTIONS_H

#include <stdint.h>

struct prop_descriptor {
	int shift;			/* period = 2^(shift - 1) events */
	uint64_t events;		/* global event count */
};

struct prop_local {
	uint64_t events;		/* decayed local count */
	uint64_t period;		/* global period it was last normalised to */
};

void prop_descriptor_init(struct prop_descriptor *pd, int shift);
void prop_change_shift(struct prop_descriptor *pd, int new_shift);
void prop_local_init(struct prop_local *pl);
void prop_inc(struct prop_descriptor *pd, struct prop_local *pl);
void prop_fraction(struct prop_descriptor *pd, struct prop_local *pl,
		   uint64_t *numerator, uint64_t *denominator);
int prop_calc_shift(uint64_t dirty_total_pages);

#endif
