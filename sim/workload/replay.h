/* SPDX-License-Identifier: GPL-2.0 */
/* Trace replay (replay.c), its statistics (replay-stats.c) and command (cmd/replay.c). */
#ifndef WBSIM_REPLAY_H
#define WBSIM_REPLAY_H

#include <stdio.h>

#include "drivers/disk.h"
#include "init/scenario.h"
#include "trace_input.h"

struct replay_stats {
	uint64_t nr_submitted, nr_done, nr_errors, nr_skipped;
	uint64_t nr[2], bytes[2];	/* completed, [0] read [1] write */
	sim_time_t first_arrival, last_done, end_time;
	uint64_t *lat;			/* response times, ns, completion order */
	size_t nr_lat, cap_lat;
	struct disk_stats disk;
	struct queue_stats qstats;
	struct block_device part0;
	struct block_device parts[DISK_MAX_PARTS];
	int nr_parts;
};

int replay_run(struct scenario *s, const char *path, enum trace_format fmt,
	       const char *outdir, struct replay_stats *st, char *errmsg,
	       size_t errlen);
void replay_stats_add(struct replay_stats *st, int dir, uint32_t bytes,
		      sim_time_t latency, int error);
void replay_stats_free(struct replay_stats *st);
void replay_stats_print(FILE *f, struct replay_stats *st);
int replay_prepare_outdir(struct disk *d, const char *dir, char *errmsg,
			  size_t errlen);
uint64_t percentile_select(uint64_t *v, size_t n, double p);

#endif
