/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The dbench workload: instances of N clients, one instance per
 * partition, each client a kthread running the loadfile's ops against the
 * partition's filesystem (dbench.c), with dbench 4.0's log (dbench-log.c).
 */
#ifndef WBSIM_DBENCH_H
#define WBSIM_DBENCH_H

#include <stdio.h>

#include "dbench-loadfile.h"
#include "dbench-log.h"
#include "init/machine.h"
#include "lib/config.h"
#include "lib/options.h"

/* [dbench] section */
struct dbench_params {
	char loadfile[OPT_STR_MAX];
	unsigned int clients;		/* per instance */
	struct opt_list instances;	/* partitions; "" = every mount */
	struct opt_list start_offsets;	/* seconds, one per instance */
	bool per_client_results;	/* dbench --per-client-results */
	sim_time_t cpu[DBENCH_OP_NR];	/* CPU per op, by type */
	sim_time_t cpu_per_kib;		/* copying data in or out */
	const struct config *cfg;	/* where values came from, or NULL */
};

extern const struct opt_table dbench_opt_table;

/*
 * The kernel's hung-task watchdog default (kernel/hung_task.c,
 * CONFIG_DEFAULT_HUNG_TASK_TIMEOUT = 120, the sysctl
 * kernel.hung_task_timeout_secs): a task blocked this long gets an
 * "INFO: task ... blocked for more than 120 seconds" warning. A dbench op
 * that takes longer is what a user of the modelled kernel would see as a
 * hang, so each instance counts them.
 */
#define DBENCH_HUNG_TASK_TIMEOUT	(120 * NSEC_PER_SEC)

/**
 * struct dbench_op_wait - one op's time from its start to its end
 * @ns: how long it took; 0: no op recorded yet
 * @began: when it started (simulated time)
 * @type: which op (dbench_op_stat_name())
 * @client: dbench's client number
 * @line: its loadfile line; 0 for the cleanup's Deltree
 * @bdp_ns: of @ns, the time throttled in balance_dirty_pages (pauses, and
 *	in 2.6.30/2.6.32 the dirtier's own writeback); the rest is CPU, I/O
 *	and journal waits
 */
struct dbench_op_wait {
	sim_time_t ns;
	sim_time_t began;
	enum dbench_op_type type;
	unsigned int client;
	uint64_t line;
	sim_time_t bdp_ns;
};

struct dbench_client;

struct dbench_instance {
	struct machine *m;
	const struct dbench_params *p;
	const struct dbench_loadfile *lf;
	struct super_block *sb;
	struct dbench_stats st;
	struct dbench_log_params lp;
	FILE *log;
	char log_path[4096];
	sim_time_t start;		/* release of its clients */
	struct sim_event tick;
	unsigned int nr_finished;
	bool finished;
	sim_time_t finish_time;
	struct dbench_client *clients;
	uint64_t nr_errors;		/* ops whose outcome differed */
	uint64_t nr_hung;		/* ops over DBENCH_HUNG_TASK_TIMEOUT */
	uint64_t nr_hung_unthrottled;	/* of them, less than half throttled */
	uint64_t nr_hung_fsync;		/* of those, Flush: fsync waiting on
					 * its filesystem's commits */
	struct dbench_op_wait longest;	/* the longest op of the run */
};

/**
 * struct dbench_unfinished - the clients of a run cut at its time limit
 * @clients: clients that had not finished their cleanup
 * @nclients: clients of all instances
 * @in_bdp: of @clients, those inside balance_dirty_pages at the cut
 * @bdp_longest_ns: the longest of those stays, up to the cut
 * @bdp_open_ns: the part of those stays not yet counted as throttled time
 */
struct dbench_unfinished {
	unsigned int clients, nclients, in_bdp;
	sim_time_t bdp_longest_ns, bdp_open_ns;
};

struct dbench_run {
	struct dbench_loadfile lf;
	struct dbench_instance *inst;	/* one per instance, nr_inst */
	int nr_inst;
};

int dbench_setup(struct dbench_run *dr, struct machine *m,
		 const struct dbench_params *p, sim_time_t duration,
		 const char *outdir, char *err, size_t errlen);
bool dbench_all_finished(const struct dbench_run *dr);
void dbench_cut(struct dbench_run *dr, struct dbench_unfinished *u);
int dbench_teardown(struct dbench_run *dr);

#endif
