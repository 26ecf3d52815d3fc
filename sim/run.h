/* SPDX-License-Identifier: GPL-2.0 */
/* One simulated cell (run.c) and its figures. */
#ifndef WBSIM_RUN_H
#define WBSIM_RUN_H

#include <stdio.h>

#include "scenario.h"

#define RUN_MAX_PARTS	64

struct run_result {
	char flusher[16];
	char elevator[16];
	uint64_t seed;
	sim_time_t sim_end;
	uint64_t events;
	bool dirty_limit_hit;
	uint64_t throttle_events;
	sim_time_t throttled_ns;
	uint64_t pages_by_flusher, pages_by_dirtier, thread_starts;
	uint64_t pages_dirtied, pages_written, journal_blocks;
	sim_time_t cpu_busy_ns;
	unsigned int nr_cpus;
	int nr_inst;
	struct {
		char part[16];
		double mb_s;
		sim_time_t start;
		uint64_t errors;
	} inst[16];
	/* the hung-task record: dbench ops over the kernel's 120 s watchdog
	 * (DBENCH_HUNG_TASK_TIMEOUT) and the longest op of any instance */
	struct run_hung {
		uint64_t count, unthrottled;
		sim_time_t longest_ns, began, bdp_ns;
		char op[16], part[16];
		unsigned int client;
		uint64_t line;
	} hung;
	int nr_parts;
	struct run_part {
		char name[16];
		uint64_t written, read;
	} parts[RUN_MAX_PARTS];
	/* false when the run was cut short or an output file is incomplete */
	bool complete;
	char incomplete_reason[1200];
	int stop_signal;	/* the signal that stopped the run, or 0 */
};

/* How a run reports itself while it runs. */
struct run_opts {
	double progress_s;	/* wall seconds between progress lines; 0 = none */
	bool tty;		/* stderr is a terminal: one line, rewritten */
	uint64_t max_trace;	/* bytes of blktrace per disk; 0 = no limit */
};

int run_cell(struct scenario *s, const char *outdir, struct run_result *r,
	     char *err, size_t errlen);
int run_cell_opts(struct scenario *s, const char *outdir,
		  const struct run_opts *o, struct run_result *r, char *err,
		  size_t errlen);
void run_install_stop_handlers(void);
int run_stop_signal(void);
void run_result_print(FILE *f, const struct run_result *r);

#endif
