// SPDX-License-Identifier: GPL-2.0
/*
 * Scenario assembly: bind every object's option table into one config so
 * scenario files, --set and --help all see the same options.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "workload/dbench.h"
#include "scenario.h"

static const char *const sim_blktrace_names[] = { "auto", "on", "off", NULL };
static const char *const sim_sched_names[] = { "rr", "cfs", NULL };

static const struct opt_desc sim_opts[] = {
	{ "seed", OPT_U64, offsetof(struct sim_params, seed), "1", 0, 0, NULL,
	  NULL, "master seed; each component draws from its own named stream" },
	{ "duration", OPT_TIME, offsetof(struct sim_params, duration), "600",
	  0.001, 86400, "s", NULL, "simulated run time (dbench -t: warm-up t/5 comes first)" },
	{ "disks", OPT_UINT, offsetof(struct sim_params, disks), "1", 1,
	  SD_MAX_DISKS, NULL, NULL,
	  "number of identical disks ([disk]): sda, sdb, ... sdz, sdaa, ... (the sd driver's names and numbers)" },
	{ "mount", OPT_LIST, offsetof(struct sim_params, mount), "sda1", 0, 0,
	  NULL, NULL, "partitions that get a filesystem, mounted in this order; a glob (sd*1, *) mounts every match in disk order" },
	{ "blktrace", OPT_ENUM, offsetof(struct sim_params, blktrace), "auto",
	  0, 0, NULL, sim_blktrace_names,
	  "write each disk's blktrace files: on, off, or auto (on up to 16 disks; past that a trace per disk and CPU is opt-in)" },
	{ "sched_slice", OPT_TIME, offsetof(struct sim_params, sched_slice), "4",
	  0.01, 1000, "ms", NULL,
	  "CPU time slice while others wait (CFS sched_min_granularity at 2.6.30 defaults)" },
	/* rr by default: the 2009 scenarios' documented outcomes rest on it;
	 * the twins of the real runs (vm61.ini, twin.sh) run cfs */
	{ "sched", OPT_ENUM, offsetof(struct sim_params, sched), "rr", 0, 0,
	  NULL, sim_sched_names,
	  "CPU scheduler: rr (one run queue, sched_slice each, a woken task at the tail) or cfs (CFS's vruntime order of 2.6.30-6.1: a woken sleeper placed half a latency period back, preempting; sched_slice unused)" },
	/* 0 by default: every documented outcome rests on exact sleeps */
	{ "timer_slack", OPT_TIME, offsetof(struct sim_params, timer_slack),
	  "0", 0, 1000, "ms", NULL,
	  "each timed sleep ends up to this much late, drawn per sleep from the seed: the tick's phase and its delivery to the CPU, which the model does not follow (a jiffy, 4 ms at HZ=250, for a kernel's schedule_timeout())" },
	{ NULL },
};

const struct opt_table sim_opt_table = {
	"sim", "the run as a whole", sim_opts
};

/**
 * scenario_init - every option at its default, all tables bound
 */
int scenario_init(struct scenario *s)
{
	int ret = 0, i;

	memset(s, 0, sizeof(*s));
	config_bind(&s->cfg, &sim_opt_table, &s->sim);
	config_bind(&s->cfg, &disk_opt_table, &s->disk);
	for (i = 0; disk_models[i] && i < SCENARIO_MAX_MODELS; i++) {
		s->model_params[i] = calloc(1, disk_models[i]->params_size);
		if (!s->model_params[i])
			goto nomem;
		config_bind(&s->cfg, disk_models[i]->options, s->model_params[i]);
	}
	config_bind(&s->cfg, &queue_opt_table, &s->queue);
	config_bind(&s->cfg, &vm_opt_table, &s->vm);
	config_bind(&s->cfg, &writeback_opt_table, &s->wb);
	s->ext3 = calloc(1, sizeof(*s->ext3));
	if (!s->ext3)
		goto nomem;
	config_bind(&s->cfg, &ext3_opt_table, s->ext3);
	s->dbench = calloc(1, sizeof(struct dbench_params));
	if (!s->dbench)
		goto nomem;
	((struct dbench_params *)s->dbench)->cfg = &s->cfg;
	config_bind(&s->cfg, &dbench_opt_table, s->dbench);
	for (i = 0; elevator_types[i] && i < SCENARIO_MAX_ELEVATORS; i++) {
		const struct elevator_type *e = elevator_types[i];

		s->elv_params[i] = calloc(1, e->params_size ? e->params_size : 1);
		if (!s->elv_params[i])
			goto nomem;
		if (e->options)
			config_bind(&s->cfg, e->options, s->elv_params[i]);
	}
	ret = config_set_defaults(&s->cfg);
	if (ret)
		scenario_exit(s);
	return ret;
nomem:
	scenario_exit(s);
	return -ENOMEM;
}

void scenario_exit(struct scenario *s)
{
	for (int i = 0; i < SCENARIO_MAX_MODELS; i++)
		free(s->model_params[i]);
	for (int i = 0; i < SCENARIO_MAX_ELEVATORS; i++)
		free(s->elv_params[i]);
	free(s->ext3);
	free(s->dbench);
	config_exit(&s->cfg);
	memset(s, 0, sizeof(*s));
}

/* [disk] disksim is relative to the file that set it: remember which */
static void scenario_note_disksim(struct scenario *s)
{
	const char *o = config_origin(&s->cfg, "disk.disksim");

	snprintf(s->disk.disksim_where, sizeof(s->disk.disksim_where), "%s",
		 o && strcmp(o, "--set") ? o : "");
}

/**
 * scenario_load - apply the scenario file @path (-c FILE)
 *
 * Return: 0, or -EINVAL after "file:line: message" on stderr.
 */
int scenario_load(struct scenario *s, const char *path)
{
	if (config_load_file(&s->cfg, path))
		return -EINVAL;
	scenario_note_disksim(s);
	return 0;
}

/**
 * scenario_set - apply one "section.key=value" (--set)
 *
 * Return: 0, or -EINVAL after "--set ...: message" on stderr.
 */
int scenario_set(struct scenario *s, const char *assignment)
{
	if (config_set(&s->cfg, assignment))
		return -EINVAL;
	scenario_note_disksim(s);
	return 0;
}
