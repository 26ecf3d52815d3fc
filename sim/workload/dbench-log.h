/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dbench 4.0's statistics and output, per dbench instance, in simulated
 * time. What dbench 4.0 prints and how it computes it (dbench.c: main(),
 * create_procs(), sig_alarm(), report_latencies(); child.c: child_run(),
 * nb_target_rate(), nb_time_delay(), finish_op(); fileio.c: nb_readx(),
 * nb_writex()), reproduced byte for byte:
 *
 *	dbench version 4.00 - Copyright Andrew Tridgell 1999-2004
 *	<empty line>
 *	Running for 10 seconds with load '...client.txt' and minimum warmup 2 secs
 *	2 of 2 processes prepared for launch   0 sec
 *	releasing clients
 *	   2     26963   324.13 MB/sec  warmup   1 sec  latency 9.876 ms
 *	   2     89361   326.04 MB/sec  execute   1 sec  latency 14.321 ms
 *	...
 *	   2  cleanup  10 sec
 *	   0  cleanup  10 sec
 *	<empty line>
 *	 Operation      Count    AvgLat    MaxLat
 *	 ----------------------------------------
 *	 NTCreateX      97796     0.029    16.127
 *	...
 *	<empty line>
 *	Throughput 303.518 MB/sec  2 clients  2 procs  max_latency=16.141 ms
 *
 * Semantics (sig_alarm(), once a second from "releasing clients"):
 *  - bytes are the size field of ReadX and WriteX (nb_readx/nb_writex
 *    add the requested size), MB = 10^6 bytes;
 *  - column 2 is the mean loadfile line counter of the clients (integer
 *    division); it is never reset;
 *  - warmup lasts while any client has moved no byte yet, or while
 *    t < warmup (default -t / 5, integer seconds). At the first tick past
 *    it dbench prints NOTHING, restarts the clock, zeroes the op table and
 *    the worst latencies and counts bytes from there: execute lines show
 *    MB/sec = bytes since the end of warmup / seconds since then
 *    (cumulative, not per second), their t counts from there too;
 *  - at the first tick with t > -t (after warmup) every client is told to
 *    stop before its next line and cleanup lines follow; the run takes
 *    warmup + t seconds plus cleanup;
 *  - "latency" is the max over clients of (the longest gap between the
 *    starts of two consecutive ops since the last tick, or for timed
 *    loadfiles how late an op started; and the age of the op in
 *    progress); each tick resets the gaps;
 *  - the table sums the op counters over clients since the end of warmup
 *    (ops of the whole run if warmup is 0) and lists only ops with a
 *    non-zero count, in the fixed order of enum dbench_op_type;
 *  - Throughput is the MB/sec of the LAST execute line, printed with %g;
 *    max_latency is the largest "latency" of the ticks since the end of
 *    warmup (the execute ticks), and the warmup tick does not reset the
 *    gaps, so the first execute line covers two seconds of them.
 *
 * dbench's SIGALRM lands a little after each whole second (alarm(1) is
 * re-armed at the end of the handler), so its comparisons of t with whole
 * seconds (t > warmup, t > timelimit, t < 1) never see equality. The
 * simulator ticks at exact whole seconds; we evaluate the comparisons at
 * now + 0+, which reproduces dbench's sequence of lines: no warmup line
 * for -t 6 (warmup 1), one for -t 10 (warmup 2), execute 1..t-1, cleanup.
 *
 * The executor drives it as dbench's child and parent processes would:
 *
 *	dbench_log_header(); dbench_stats_init(st, par, now);
 *	dbench_log_launch(); tick every second: dbench_stats_tick();
 *	client i, for each pass over the loadfile:
 *		dbench_stats_pass_start();
 *		for each op: if dbench_stats_done(): stop, clean up, then
 *			dbench_stats_client_finished();
 *		    dbench_stats_op_begin(); run it; dbench_stats_op_end();
 *	all clients finished: dbench_stats_finish().
 *
 * Clients are numbered 0..nclients-1 like dbench's. Times are simulated
 * ns; the output depends on nothing else.
 */
#ifndef WBSIM_DBENCH_LOG_H
#define WBSIM_DBENCH_LOG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dbench-loadfile.h"
#include "kernel/sim.h"

#define DBENCH_VERSION		"4.00"
#define DBENCH_UNTIMED		SIM_TIME_MAX	/* op_begin(): no target time */

/**
 * struct dbench_log_params - a dbench command line, as far as it shows
 * @loadfile: -c, printed in "with load '%s'"
 * @timelimit: -t seconds (dbench's default is 600)
 * @warmup: seconds; -1 is dbench 4.0's only choice, timelimit / 5
 * @nprocs: the positional client count
 * @clients_per_process: --clients-per-process (1 by default); there are
 *	nprocs * clients_per_process clients
 * @sync_open: -s, " (sync open)" in the Throughput line
 * @sync_dirs: -S, " (sync dirs)"
 * @per_client_results: --per-client-results, a table per client
 */
struct dbench_log_params {
	const char *loadfile;
	int timelimit;
	int warmup;
	unsigned int nprocs;
	unsigned int clients_per_process;
	bool sync_open;
	bool sync_dirs;
	bool per_client_results;
};

/* struct op of dbench.h: one row of the table */
struct dbench_op_stat {
	unsigned int count;
	uint64_t total_ns;
	sim_time_t max_ns;
};

/* the fields of dbench's struct child_struct that the output uses */
struct dbench_client_stat {
	uint64_t line;
	uint64_t bytes;
	uint64_t bytes_done_warmup;
	sim_time_t lasttime;		/* start of the current op */
	sim_time_t rate_last_time;	/* start of the previous op */
	uint64_t rate_last_bytes;	/* 0: no gap measured yet */
	sim_time_t max_latency;		/* since the last tick */
	sim_time_t worst_latency;
	bool cleanup_finished;
	struct dbench_op_stat op[DBENCH_NR_STAT_OPS];
};

/**
 * struct dbench_stats - one dbench instance's counters
 * @par: the parameters (warmup resolved)
 * @nclients: nprocs * clients_per_process
 * @warmup: seconds of warmup left to wait for; 0 once it is over
 * @start: tv_start: the release of the clients, then the end of warmup
 * @end: tv_end: when the clients were told to stop
 * @in_cleanup: the clients were told to stop
 * @throughput: MB/sec of the last execute line
 * @nr_execute: execute lines printed so far
 * @c: per client
 */
struct dbench_stats {
	struct dbench_log_params par;
	unsigned int nclients;
	int warmup;
	sim_time_t start;
	sim_time_t end;
	bool in_cleanup;
	double throughput;
	unsigned int nr_execute;
	struct dbench_client_stat *c;
};

int dbench_log_header(FILE *f, const struct dbench_log_params *par);
int dbench_log_launch(FILE *f, const struct dbench_log_params *par);

int dbench_stats_init(struct dbench_stats *st,
		      const struct dbench_log_params *par, sim_time_t now);
void dbench_stats_free(struct dbench_stats *st);
void dbench_stats_pass_start(struct dbench_stats *st, unsigned int client);
void dbench_stats_op_begin(struct dbench_stats *st, unsigned int client,
			   sim_time_t now, uint64_t line, sim_time_t late);
void dbench_stats_op_end(struct dbench_stats *st, unsigned int client,
			 enum dbench_op_type type, sim_time_t now,
			 uint64_t bytes);
void dbench_stats_client_finished(struct dbench_stats *st,
				  unsigned int client);
int dbench_stats_tick(struct dbench_stats *st, sim_time_t now, FILE *f);
int dbench_stats_finish(struct dbench_stats *st, sim_time_t now, FILE *f);

/**
 * dbench_stats_done() - must the clients stop before their next line?
 * @st: the instance
 */
static inline bool dbench_stats_done(const struct dbench_stats *st)
{
	return st->in_cleanup;
}

/**
 * dbench_op_bytes() - the bytes dbench counts for an op
 * @op: the op: ReadX and WriteX count their size field, others nothing
 */
static inline uint64_t dbench_op_bytes(const struct dbench_op *op)
{
	return op->type == DBENCH_OP_READX || op->type == DBENCH_OP_WRITEX ?
	       op->rw.size : 0;
}

#endif
