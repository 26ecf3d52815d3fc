// SPDX-License-Identifier: GPL-2.0
/*
 * Event engine: binary min-heap keyed by (time, seq). See sim.h.
 */
#include <errno.h>
#include <stdlib.h>

#include "sim.h"

/**
 * sim_init - set up an empty simulation at time 0
 * @sim: the simulation
 * @seed: master seed for the random streams of its components
 */
int sim_init(struct sim *sim, uint64_t seed)
{
	*sim = (struct sim){ .seed = seed };
	sim->cap = 64;
	sim->heap = malloc(sim->cap * sizeof(*sim->heap));
	return sim->heap ? 0 : -ENOMEM;
}

/**
 * sim_exit - free the heap; pending events are forgotten, not run
 */
void sim_exit(struct sim *sim)
{
	for (uint32_t i = 0; i < sim->nr; i++)
		sim->heap[i].ev->heap_idx = SIM_EVENT_IDLE;
	free(sim->heap);
	sim->heap = NULL;
	sim->nr = sim->cap = 0;
}

static inline bool slot_before(const struct sim_heap_slot *a,
			       const struct sim_heap_slot *b)
{
	return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

static inline void heap_put(struct sim *sim, uint32_t i,
			    const struct sim_heap_slot *s)
{
	sim->heap[i] = *s;
	s->ev->heap_idx = i;
}

static void sift_up(struct sim *sim, uint32_t i, struct sim_heap_slot s)
{
	while (i > 0) {
		uint32_t parent = (i - 1) / 2;

		if (!slot_before(&s, &sim->heap[parent]))
			break;
		heap_put(sim, i, &sim->heap[parent]);
		i = parent;
	}
	heap_put(sim, i, &s);
}

static void sift_down(struct sim *sim, uint32_t i, struct sim_heap_slot s)
{
	uint32_t n = sim->nr;

	for (;;) {
		uint32_t child = 2 * i + 1;

		if (child >= n)
			break;
		if (child + 1 < n &&
		    slot_before(&sim->heap[child + 1], &sim->heap[child]))
			child++;
		if (!slot_before(&sim->heap[child], &s))
			break;
		heap_put(sim, i, &sim->heap[child]);
		i = child;
	}
	heap_put(sim, i, &s);
}

/* Take slot i out of the heap, filling the hole with the last slot. */
static void heap_remove(struct sim *sim, uint32_t i)
{
	struct sim_heap_slot last;

	sim->heap[i].ev->heap_idx = SIM_EVENT_IDLE;
	last = sim->heap[--sim->nr];
	if (i == sim->nr)
		return;
	if (i > 0 && slot_before(&last, &sim->heap[(i - 1) / 2]))
		sift_up(sim, i, last);
	else
		sift_down(sim, i, last);
}

/**
 * sim_schedule_at - queue @ev to fire at absolute time @when
 *
 * An event already pending is moved. Times in the past are clamped to
 * now: the clock never runs backwards.
 * Return: 0, or -ENOMEM if the heap could not grow.
 */
int sim_schedule_at(struct sim *sim, struct sim_event *ev, sim_time_t when)
{
	struct sim_heap_slot s;

	if (when < sim->now)
		when = sim->now;
	s = (struct sim_heap_slot){ .time = when, .seq = sim->seq++, .ev = ev };
	ev->time = when;
	if (sim_event_pending(ev)) {
		uint32_t i = ev->heap_idx;

		/* The new key is (later seq), so only a smaller time moves up. */
		if (i > 0 && slot_before(&s, &sim->heap[(i - 1) / 2]))
			sift_up(sim, i, s);
		else
			sift_down(sim, i, s);
		return 0;
	}
	if (sim->nr == sim->cap) {
		uint32_t cap = sim->cap * 2;
		struct sim_heap_slot *h = realloc(sim->heap, cap * sizeof(*h));

		if (!h)
			return -ENOMEM;
		sim->heap = h;
		sim->cap = cap;
	}
	sift_up(sim, sim->nr++, s);
	return 0;
}

/**
 * sim_schedule_in - queue @ev to fire @delay nanoseconds from now
 */
int sim_schedule_in(struct sim *sim, struct sim_event *ev, sim_time_t delay)
{
	sim_time_t when = sim->now + delay;

	if (when < sim->now)	/* overflow: "never" */
		when = SIM_TIME_MAX;
	return sim_schedule_at(sim, ev, when);
}

/**
 * sim_cancel - take @ev off the queue if it is pending; no-op otherwise
 */
void sim_cancel(struct sim *sim, struct sim_event *ev)
{
	if (sim_event_pending(ev))
		heap_remove(sim, ev->heap_idx);
}

/**
 * sim_step - advance the clock to the earliest event and run it
 * Return: false if nothing was pending.
 */
bool sim_step(struct sim *sim)
{
	struct sim_event *ev;

	if (!sim->nr)
		return false;
	ev = sim->heap[0].ev;
	sim->now = sim->heap[0].time;
	heap_remove(sim, 0);
	sim->nr_fired++;
	ev->fn(sim, ev);
	return true;
}

/**
 * sim_run - run events until none is pending, the next is later than
 * @until, or sim_stop() was called
 *
 * The clock is left at @until when the queue ran past it, so a caller can
 * run a simulation in slices.
 * Return: 0 when stopped by time or an empty queue, 1 after sim_stop().
 */
int sim_run(struct sim *sim, sim_time_t until)
{
	sim->stopping = false;
	while (sim->nr && sim->heap[0].time <= until) {
		sim_step(sim);
		if (sim->stopping)
			return 1;
	}
	if (until != SIM_TIME_MAX && sim->now < until)
		sim->now = until;
	return 0;
}

/**
 * sim_stop - make the running sim_run() return after the current event
 */
void sim_stop(struct sim *sim)
{
	sim->stopping = true;
}
