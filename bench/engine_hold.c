// SPDX-License-Identifier: GPL-2.0
/*
 * The classic "hold" benchmark of an event queue: keep N events pending;
 * each operation takes the earliest one and re-schedules it at now + a
 * random increment. The script (bench/engine.sh) times the whole process
 * with hyperfine; a run with zero operations measures the set-up, which is
 * subtracted.
 *
 *   engine_hold [-n PENDING] [-o OPERATIONS] [-s SEED]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../sim/lib/rng.h"
#include "../sim/kernel/sim.h"

struct holder {
	struct sim_event ev;
	struct rng *rng;
	uint64_t *left;
};

static void hold(struct sim *sim, struct sim_event *ev)
{
	struct holder *h = container_of(ev, struct holder, ev);

	if (*h->left == 0) {
		sim_stop(sim);
		return;
	}
	(*h->left)--;
	/* uniform increment, mean 0.5 ms: a spread like disk completions */
	sim_schedule_in(sim, ev, rng_below(h->rng, NSEC_PER_MSEC));
}

int main(int argc, char **argv)
{
	uint64_t pending = 10000, ops = 20000000, seed = 1;
	struct holder *h;
	struct sim sim;
	struct rng rng;

	for (int i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "-n"))
			pending = strtoull(argv[i + 1], NULL, 0);
		else if (!strcmp(argv[i], "-o"))
			ops = strtoull(argv[i + 1], NULL, 0);
		else if (!strcmp(argv[i], "-s"))
			seed = strtoull(argv[i + 1], NULL, 0);
		else
			goto usage;
	}
	if (argc % 2 == 0 || pending == 0)
		goto usage;
	if (sim_init(&sim, seed))
		return 1;
	rng_init(&rng, seed, "bench:hold");
	h = calloc(pending, sizeof(*h));
	if (!h)
		return 1;
	for (uint64_t i = 0; i < pending; i++) {
		h[i].rng = &rng;
		h[i].left = &ops;
		sim_event_init(&h[i].ev, hold, "hold");
		sim_schedule_at(&sim, &h[i].ev, rng_below(&rng, NSEC_PER_MSEC));
	}
	sim_run(&sim, SIM_TIME_MAX);
	printf("pending %llu fired %llu now %llu\n", (unsigned long long)pending,
	       (unsigned long long)sim.nr_fired, (unsigned long long)sim.now);
	sim_exit(&sim);
	free(h);
	return 0;
usage:
	fprintf(stderr, "usage: engine_hold [-n PENDING] [-o OPERATIONS] [-s SEED]\n");
	return 2;
}
