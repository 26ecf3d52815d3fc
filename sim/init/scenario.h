/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A scenario: every configurable object of a run, each filled from its
 * option table by scenario files (-c FILE) and --set overrides, in the
 * order given on the command line.
 */
#ifndef WBSIM_SCENARIO_H
#define WBSIM_SCENARIO_H

#include "block/blkdev.h"
#include "lib/config.h"
#include "drivers/disk.h"
#include "block/elevator.h"
#include "fs/ext3.h"
#include "mm/mm.h"
#include "mm/writeback.h"

struct sim_params {
	uint64_t seed;			/* master seed of every random stream */
	sim_time_t duration;		/* simulated run time */
	unsigned int disks;		/* identical disks: sda, sdb, ... */
	struct opt_list mount;		/* partitions with a filesystem */
	sim_time_t sched_slice;		/* CPU time slice */
	int sched;			/* enum sched_policy (sched.h) */
	sim_time_t timer_slack;		/* a timed sleep ends up to this late */
	int blktrace;			/* enum sim_blktrace */
};

/* sim.blktrace: auto writes the per-disk blktrace files up to
 * SIM_BLKTRACE_AUTO_DISKS disks (machine.c says why) */
enum sim_blktrace { SIM_BLKTRACE_AUTO, SIM_BLKTRACE_ON, SIM_BLKTRACE_OFF };
#define SIM_BLKTRACE_AUTO_DISKS	16

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
	struct vm_params vm;
	struct writeback_params wb;
	struct ext3_params *ext3;
	void *dbench;			/* the workload's own sections */
};

int scenario_init(struct scenario *s);
void scenario_exit(struct scenario *s);
int scenario_load(struct scenario *s, const char *path);
int scenario_set(struct scenario *s, const char *assignment);

static inline void *scenario_model_params(struct scenario *s)
{
	return s->model_params[s->disk.model];
}

static inline void *scenario_elv_params(struct scenario *s)
{
	return s->elv_params[s->queue.elevator];
}

#endif
