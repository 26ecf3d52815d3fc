// SPDX-License-Identifier: GPL-2.0
/*
 * Flexible proportions, after lib/flex_proportions.c (v3.2 to 6.1): the
 * _percpu variant's arithmetic with exact counts. See the header.
 */
#include "flex_proportions.h"

void fprop_global_init(struct fprop_global *p)
{
	p->events = 0;
	p->period = 0;
}

/**
 * fprop_new_period - @periods periods have passed: halve the global count
 * once for each
 *
 * Returns false, and starts no period, when there is (almost) nothing to
 * age: the kernel then stops its period timer until the next event.
 */
bool fprop_new_period(struct fprop_global *p, int periods)
{
	if (p->events <= 1)
		return false;
	p->events = periods < 64 ? p->events >> periods : 0;
	p->period += (unsigned int)periods;
	return true;
}

void fprop_local_init(struct fprop_local *pl)
{
	pl->events = 0;
	pl->period = 0;
}

/* fprop_reflect_period_percpu(): age @pl by the periods it missed */
static void fprop_reflect_period(struct fprop_global *p, struct fprop_local *pl)
{
	unsigned int missed = p->period - pl->period;

	if (!missed)
		return;
	pl->events = missed < 64 ? pl->events >> missed : 0;
	pl->period = p->period;
}

/**
 * fprop_inc - one event for @pl (a page's writeback completed)
 */
void fprop_inc(struct fprop_global *p, struct fprop_local *pl)
{
	fprop_reflect_period(p, pl);
	pl->events++;
	p->events++;
}

/**
 * fprop_fraction - @pl's share of recent events, as numerator/denominator
 *
 * The global count ages when a period begins and each local count only
 * when it is next read or incremented, so a local count can exceed the
 * global one for a while: the share is then whole, as the kernel clamps.
 */
void fprop_fraction(struct fprop_global *p, struct fprop_local *pl,
		    uint64_t *numerator, uint64_t *denominator)
{
	fprop_reflect_period(p, pl);
	*numerator = pl->events;
	*denominator = p->events;
	if (*denominator <= *numerator)
		*denominator = *numerator ? *numerator : 1;
}
