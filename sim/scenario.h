/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A scenario: every configurable object of a run, each filled from its
 * option table by scenario files (-c FILE) and --set overrides, in the
 * order given on the command line.
 */
#ifndef WBSIM_SCENARIO_H
#define WBSIM_SCENARIO_H

#include "blkdev.h"
#include "config.h"
#include "disk.h"
#include "elevator.h"

struct sim_params {
	uint64_t seed;			/* master seed of every random stream */
	sim_time_t duration;		/* simulated run time */
};

extern const struct opt_table sim_opt_table;

#define SCENARIO_MAX_MODELS	4
#define SCENARIO_MAX_ELEVATORS	8

struct scenario {
	struct config cfg;
	struct sim_params sim;
	struct disk_params disk;
	void *model_params[SCENARIO_MAX_MODELS];	/* by disk_models[] */
	struct queue_params queue;
	void *elv_params[SCENARIO_MAX_ELEVATORS];	/* by elevator_types[] */
};

int scenario_init(struct scenario *s);
void scenario_exit(struct scenario *s);
int scenario_arg(struct scenario *s, int argc, char **argv, int *i);

static inline void *scenario_model_params(struct scenario *s)
{
	return s->model_params[s->disk.model];
}

static inline void *scenario_elv_params(struct scenario *s)
{
	return s->elv_params[s->queue.elevator];
}

#endif
