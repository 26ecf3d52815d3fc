/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which partitions a run's fairness verdict is about, and the verdict
 * (group.c; the groups themselves are declared in run.h).
 *
 * The workload's partitions are those that ran an instance of the
 * workload, from the run's own metadata, all that apply:
 *   - RUN/summary.json: "instances" (wbsim: [{"partition": "sda1"}, ...])
 *     and "instance_starts" (the VM harness), each entry's "partition";
 *   - RUN/scenario.ini: [dbench] instances = sda1,sda3;
 *   - the dbench logs given (dbench.PART.log: instance PART).
 * Names not among the block trace's partitions are dropped (the VM
 * harness's scenario.ini names the simulator's sdaN, its disk is vda).
 * A partition outside the workload (box2009's idle sda2) is listed with
 * its bytes but left out of Jain, max/min and shares: it did not compete,
 * and counting it would say "unfair" about a split nobody asked for.
 * Without any metadata, every partition of the trace counts.
 */
#ifndef WBFAIR_GROUP_H
#define WBFAIR_GROUP_H

#include <stdbool.h>
#include <stddef.h>

#include "load.h"

#define WBF_WORKLOAD_MAX	64

struct wbf_workload {
	size_t n;
	char names[WBF_WORKLOAD_MAX][80];
	bool known;		/* false: no metadata, every partition counts */
	char source[120];	/* where the names came from */
};

void wbf_workload_find(const struct wbf_run *r, struct wbf_workload *w);
bool wbf_workload_has(const struct wbf_workload *w, const char *name);
bool wbf_group_find(const struct wbf_group *g, const char *name, size_t *idx);
double wbf_run_warmup_s(const struct wbf_run *r);
void wbf_lead_phrase(const struct wbf_group *g, double interval_s,
		     const char *what, char *buf, size_t size);

#endif
