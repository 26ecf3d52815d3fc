// SPDX-License-Identifier: GPL-2.0
/*
 * Floating proportions, after lib/proportions.c (v2.6.30). See the header.
 */
#include "proportions.h"

void prop_descriptor_init(struct prop_descriptor *pd, int shift)
{
	if (shift < 1)
		shift = 1;
	pd->shift = shift;
	pd->events = 0;
}

/**
 * prop_change_shift - new period length, keeping the proportions
 *
 * As the kernel does when the dirty limit changes: the global count is
 * rescaled so the current position within a period is kept.
 */
void prop_change_shift(struct prop_descriptor *pd, int new_shift)
{
	int offset;

	if (new_shift < 1)
		new_shift = 1;
	offset = pd->shift - new_shift;
	if (!offset)
		return;
	if (offset < 0)
		pd->events <<= -offset;
	else
		pd->events >>= offset;
	pd->shift = new_shift;
}

void prop_local_init(struct prop_local *pl)
{
	pl->events = 0;
	pl->period = 0;
}

/* Catch @pl up with the global period: halve once per period missed. */
static void prop_norm(struct prop_descriptor *pd, struct prop_local *pl)
{
	uint64_t period = 1ULL << (pd->shift - 1);
	uint64_t global_period = pd->events & ~(period - 1);
	uint64_t missed;

	if (pl->period == global_period)
		return;
	missed = (global_period - pl->period) >> (pd->shift - 1);
	pl->events = missed >= 64 ? 0 : pl->events >> missed;
	pl->period = global_period;
}

/**
 * prop_inc - one event for @pl (a page written back, a page dirtied)
 */
void prop_inc(struct prop_descriptor *pd, struct prop_local *pl)
{
	prop_norm(pd, pl);
	pl->events++;
	pd->events++;
}

/**
 * prop_fraction - @pl's share of recent events, as numerator/denominator
 *
 * The denominator is one full period plus the part of the current one, so
 * a counter that had every event of the last period and this one is ~1.
 */
void prop_fraction(struct prop_descriptor *pd, struct prop_local *pl,
		   uint64_t *numerator, uint64_t *denominator)
{
	uint64_t period = 1ULL << (pd->shift - 1);

	prop_norm(pd, pl);
	*numerator = pl->events;
	*denominator = period + (pd->events & (period - 1));
}

/**
 * prop_calc_shift - calc_period_shift(): a period of about the dirty limit
 * @dirty_total_pages: the dirty threshold in pages
 * Return: 2 + ilog2(dirty_total - 1), as mm/page-writeback.c.
 */
int prop_calc_shift(uint64_t dirty_total_pages)
{
	uint64_t x = dirty_total_pages > 2 ? dirty_total_pages - 1 : 1;
	int log = 63 - __builtin_clzll(x);

	return 2 + log;
}
