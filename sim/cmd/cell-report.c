// SPDX-License-Identifier: GPL-2.0
/*
 * A run directory's fairness figures for the simulator's reports, from
 * wbfair's library: the group and the verdict line `wbfair RUN_DIR`
 * prints, so the two agree exactly. Only the workload's partitions enter
 * Jain's index (analysis/group.h: an idle third partition would pull it
 * down without saying anything).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "../../analysis/group.h"
#include "../../analysis/report.h"
#include "../../analysis/load.h"
#include "../../analysis/metrics.h"
#include "../../analysis/why.h"
#include "cell-report.h"

/* wbfair why's words on dbench beside the disk, into cm->dbench_why
 * (cut at its size; empty without two instances or on a failure) */
static void dbench_why(struct cell_metrics *cm, const struct wbf_run *r,
		       bool disk_tie)
{
	FILE *f = fmemopen(cm->dbench_why, sizeof(cm->dbench_why), "w");

	if (!f)
		return;
	/* no buffering: a cut text ends inside the array, NUL-terminated */
	setvbuf(f, NULL, _IONBF, 0);
	wbf_dbench_explain(f, r, disk_tie);
	fclose(f);
	cm->dbench_why[sizeof(cm->dbench_why) - 1] = '\0';
}

/**
 * cell_analyse - fairness of the instances' partitions in run @dir
 * @inst: partition names of the instances, @nr_inst of them
 * @plots: also draw DIR/plots/{rate,cumulative,share,throttle}.{png,svg}, 10 s bins
 * Return: 0, or -EINVAL with cm->verdict saying why.
 */
int cell_analyse(const char *dir, char (*inst)[16], int nr_inst,
		 struct cell_metrics *cm, bool plots)
{
	struct wbf_opts o = { .interval_ns = 1000000000ULL, .rw = WBF_SEL_WRITE };
	char *inputs[1] = { (char *)dir };
	struct wbf_group g = { 0 }, gd = { 0 };
	struct wbf_err e = { "" };
	struct wbf_lead lead;
	struct wbf_run r;
	char path[4200];

	memset(cm, 0, sizeof(*cm));
	if (nr_inst > CELL_MAX_INST)
		nr_inst = CELL_MAX_INST;
	if (wbf_run_load(&r, inputs, 1, &o, &e)) {
		snprintf(cm->verdict, sizeof(cm->verdict), "analysis failed: %.400s", e.msg);
		return -EINVAL;
	}
	if (!wbf_group_partitions(&r, &g)) {
		bool all = nr_inst > 0;

		for (int i = 0; i < nr_inst; i++) {
			size_t k;

			if (!wbf_group_find(&g, inst[i], &k)) {
				all = false;
				continue;
			}
			cm->disk[i] = g.stats[k].mean;
			cm->cov[i] = g.stats[k].cov;
		}
		if (all) {
			/* the group wbfair's verdict is about: same figures */
			cm->jain = g.fair.jain;
			cm->jain_interval = g.fair.jain_interval;
			cm->aggregate = g.aggregate_mbps;
			cm->ok = true;
			wbf_run_verdict(&r, &g, cm->verdict, sizeof(cm->verdict));
			wbf_lead_compute(&lead, g.totals,
					 (const double *const *)g.rates, g.n,
					 g.n_intervals, (double)r.interval_ns / 1e9);
			dbench_why(cm, &r, lead.tie);
		} else {
			snprintf(cm->verdict, sizeof(cm->verdict),
				 "no block trace of every instance's partition");
		}
	}
	if (!wbf_group_dbench(&r, &gd))
		for (int i = 0; i < nr_inst; i++)
			for (size_t k = 0; k < gd.n; k++)
				if (!strcmp(gd.names[k], inst[i]))
					cm->dbench[i] = gd.totals[k];
	cm->dirty_known = r.dirty.state != WBF_DIRTY_UNKNOWN;
	cm->dirty_hit = r.dirty.state == WBF_DIRTY_HIT;
	if (plots) {
		snprintf(path, sizeof(path), "%s/plots", dir);
		/* 10 s bins: wbfair --plot's default */
		if (wbf_plot(&r, path, 10 * 1000000000ULL, &e)) {
			fprintf(stderr, "%s: plots: %s\n", dir, e.msg);
			cm->plot_failed = true;
		}
	}
	wbf_group_free(&g);
	wbf_group_free(&gd);
	wbf_run_free(&r);
	return cm->ok ? 0 : -EINVAL;
}
