/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DiskSim interoperation: its closed-loop validation traces
 * (disksim-validate.c) and its parameter files (disksim-parv.c).
 */
#ifndef WBSIM_DISKSIM_H
#define WBSIM_DISKSIM_H

#include <stdio.h>

#include "drivers/disk.h"
#include "init/scenario.h"

struct dsv_result {
	size_t nr;			/* requests */
	double sim_mean_ms, measured_mean_ms, error_pct;
	double demerit;			/* rms, fraction of the measured mean */
	sim_time_t end_time;		/* simulated span */
};

double disksim_demerit(uint64_t *sim, uint64_t *meas, size_t n);
int disksim_validate_run(struct scenario *s, const char *path,
			 struct dsv_result *res, char *errmsg, size_t errlen);
void disksim_validate_print(FILE *f, const struct dsv_result *r);

#endif
