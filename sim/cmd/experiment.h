/* SPDX-License-Identifier: GPL-2.0 */
/* The [qemu] section of the real experiment (experiment.c says why here). */
#ifndef WBSIM_CMD_EXPERIMENT_H
#define WBSIM_CMD_EXPERIMENT_H

#include <stdint.h>

#include "lib/options.h"

struct experiment_params {
	double bandwidth;
	unsigned int iops;
	uint64_t disk_size;
	int fs;
	int scheduler;
	int sb_fair;
	int workload;
	uint64_t fio_size;
	int throttle;
};

extern const struct opt_table experiment_opt_table;

#endif
