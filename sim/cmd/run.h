/* SPDX-License-Identifier: GPL-2.0 */
/* One simulated cell (run.c) and its figures. */
#ifndef WBSIM_RUN_H
#define WBSIM_RUN_H

#include <stdio.h>

#include "block/io-writer.h"
#include "init/scenario.h"

struct run_result {
	char flusher[16];
	char elevator[16];
	uint64_t seed;
	sim_time_t sim_end;
	uint64_t events;
	bool dirty_limit_hit;
	uint64_t throttle_events;
	sim_time_t throttled_ns;
	/* pages the flushers' and the dirtiers' writeback loops submitted */
	uint64_t flusher_pages_submitted, dirtier_pages_submitted;
	uint64_t thread_starts;
	/* page-cache pages whose writeback completed (vmstat nr_written),
	 * journal blocks written: together, everything the disk took */
	uint64_t pages_dirtied, pagecache_pages_written, journal_blocks_written;
	/* who wrote each completed write, by writer and path: moved out of
	 * the machine at the end of the run, freed once summary.json is
	 * written; path_bytes stays for run_result_print() */
	struct io_writers writers;
	uint64_t written_bytes, path_bytes[IO_PATH_MAX];
	uint64_t requests;	/* disk requests completed, every disk */
	sim_time_t cpu_busy_ns;
	unsigned int nr_cpus;
	int nr_inst;
	struct run_inst {
		char part[16];
		double mb_s;
		sim_time_t start;
		uint64_t errors;
	} *inst;	/* nr_inst of them; run_result_free() */
	/* the hung-task record: dbench ops over the kernel's 120 s watchdog
	 * (DBENCH_HUNG_TASK_TIMEOUT) and the longest op of any instance */
	struct run_hung {
		uint64_t count, unthrottled, fsync;
		sim_time_t longest_ns, began, bdp_ns;
		char op[16], part[16];
		unsigned int client;
		uint64_t line;
	} hung;
	int nr_parts;
	struct run_part {
		char name[16];
		uint64_t written, read;
	} *parts;	/* every partition of every disk; run_result_free() */
	/* false when the run was cut short or an output file is incomplete */
	bool complete;
	char incomplete_reason[1200];
	int stop_signal;	/* the signal that stopped the run, or 0 */
	bool cut_at_limit;	/* stopped at the 10-minute cleanup limit */
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
void run_result_free(struct run_result *r);
/* run-many.c: the output of a run of more instances than a table holds */
bool run_is_many(const struct run_result *r);
void run_print_per_disk(FILE *f, const struct run_result *r);
void run_print_verdict_many(FILE *f, const struct run_result *r);

#endif
