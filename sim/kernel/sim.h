/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The discrete-event engine: an integer-nanosecond clock and a binary
 * min-heap of pending events ordered by (time, sequence).
 *
 * Events are intrusive: the owner embeds a struct sim_event in its own
 * object and gets it back with container_of() in the callback, so
 * scheduling never allocates and cancelling is O(log n) by heap index.
 * The sequence number is taken when an event is (re)scheduled, so events
 * due at the same instant run in the order they were scheduled, and a
 * callback that re-arms itself for "now" runs after everything already
 * due: it cannot starve the loop.
 *
 * No globals: every piece of state hangs off struct sim.
 */
#ifndef WBSIM_SIM_H
#define WBSIM_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint64_t sim_time_t;	/* nanoseconds since the start of the run */

#define NSEC_PER_USEC	1000ULL
#define NSEC_PER_MSEC	1000000ULL
#define NSEC_PER_SEC	1000000000ULL
#define SIM_TIME_MAX	UINT64_MAX

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

struct sim;
struct sim_event;

typedef void (*sim_event_fn)(struct sim *sim, struct sim_event *ev);

#define SIM_EVENT_IDLE	UINT32_MAX	/* heap_idx of an event not queued */

struct sim_event {
	sim_time_t time;	/* when it fires; valid while queued */
	uint32_t heap_idx;	/* slot in sim->heap or SIM_EVENT_IDLE */
	sim_event_fn fn;
	const char *name;	/* for debugging dumps only */
};

/* One heap slot: the key is copied next to the pointer for locality. */
struct sim_heap_slot {
	sim_time_t time;
	uint64_t seq;
	struct sim_event *ev;
};

struct sim {
	sim_time_t now;
	uint64_t seq;		/* next sequence number */
	uint64_t nr_fired;	/* events run so far */
	struct sim_heap_slot *heap;
	uint32_t nr, cap;
	bool stopping;		/* set by sim_stop(), checked by sim_run() */
	uint64_t seed;		/* master seed for rng streams */
};

int sim_init(struct sim *sim, uint64_t seed);
void sim_exit(struct sim *sim);

static inline void sim_event_init(struct sim_event *ev, sim_event_fn fn,
				  const char *name)
{
	ev->time = 0;
	ev->heap_idx = SIM_EVENT_IDLE;
	ev->fn = fn;
	ev->name = name;
}

static inline bool sim_event_pending(const struct sim_event *ev)
{
	return ev->heap_idx != SIM_EVENT_IDLE;
}

int sim_schedule_at(struct sim *sim, struct sim_event *ev, sim_time_t when);
int sim_schedule_in(struct sim *sim, struct sim_event *ev, sim_time_t delay);
void sim_cancel(struct sim *sim, struct sim_event *ev);
bool sim_step(struct sim *sim);
int sim_run(struct sim *sim, sim_time_t until);
void sim_stop(struct sim *sim);

static inline uint32_t sim_nr_pending(const struct sim *sim)
{
	return sim->nr;
}

#endif
