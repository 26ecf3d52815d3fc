/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fairness figures of one run directory, computed with wbfair's
 * library (analysis/): the same code `wbfair RUN_DIR` runs. Used by
 * `wbsim run` and `wbsim matrix`.
 */
#ifndef WBSIM_CELL_REPORT_H
#define WBSIM_CELL_REPORT_H

#include <stdbool.h>

#define CELL_MAX_INST	16

struct cell_metrics {
	bool plot_failed;	/* the plots were asked for and not drawn */
	bool ok;			/* the fairness figures are valid */
	double dbench[CELL_MAX_INST];	/* each instance's Throughput, MB/s */
	double disk[CELL_MAX_INST];	/* mean MB/s written to its partition */
	double cov[CELL_MAX_INST];	/* CoV of that partition's rate */
	double jain, jain_interval;	/* overall, mean per interval */
	double aggregate;		/* MB/s of the instances' partitions */
	bool dirty_known, dirty_hit;
	char verdict[512];
	/* dbench's split beside the disk's, Markdown list items (wbfair why's
	 * words), empty without two dbench instances */
	char dbench_why[2048];
};

int cell_analyse(const char *dir, char (*inst)[16], int nr_inst,
		 struct cell_metrics *cm, bool plots);

#endif
