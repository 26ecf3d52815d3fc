// SPDX-License-Identifier: GPL-2.0
/*
 * dbench 4.0 statistics and log lines in simulated time (see
 * dbench-log.h). Each function names the dbench function it stands for;
 * the arithmetic is dbench's, with its doubles of seconds replaced by
 * integer nanoseconds until the moment a figure is printed.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dbench-log.h"

static double seconds(sim_time_t ns)
{
	return (double)ns / NSEC_PER_SEC;
}

static double msecs(sim_time_t ns)
{
	return (double)ns / NSEC_PER_MSEC;
}

static int out_status(FILE *f)
{
	return f && ferror(f) ? -EIO : 0;
}

/**
 * dbench_log_header() - what main() prints before starting the clients
 * @f: the log
 * @par: the run; a warmup of -1 is printed as timelimit / 5
 *
 * Return: 0, or -EIO if writing failed.
 */
int dbench_log_header(FILE *f, const struct dbench_log_params *par)
{
	int warmup = par->warmup == -1 ? par->timelimit / 5 : par->warmup;

	fprintf(f, "dbench version %s - Copyright Andrew Tridgell 1999-2004\n\n",
		DBENCH_VERSION);
	fprintf(f, "Running for %d seconds with load '%s' and minimum warmup %d secs\n",
		par->timelimit, par->loadfile, warmup);
	return out_status(f);
}

/**
 * dbench_log_launch() - create_procs()'s lines once the clients are set up
 * @f: the log
 * @par: the run
 *
 * dbench polls its barrier every 100 ms and prints a line each time;
 * simulated clients are ready at once, so there is one line, at 0 s.
 *
 * Return: 0, or -EIO if writing failed.
 */
int dbench_log_launch(FILE *f, const struct dbench_log_params *par)
{
	fprintf(f, "%d of %d processes prepared for launch %3.0f sec\n",
		(int)par->nprocs, (int)par->nprocs, 0.0);
	fprintf(f, "releasing clients\n");
	return out_status(f);
}

/**
 * dbench_stats_init() - the counters of an instance whose clients start
 * @st: the instance
 * @par: the run (copied; par->loadfile must outlive @st)
 * @now: when the clients are released (tv_start)
 *
 * Return: 0, -EINVAL for no clients or a negative time, -ENOMEM.
 */
int dbench_stats_init(struct dbench_stats *st,
		      const struct dbench_log_params *par, sim_time_t now)
{
	unsigned int cpp = par->clients_per_process ?
			   par->clients_per_process : 1;

	memset(st, 0, sizeof(*st));
	if (!par->nprocs || par->timelimit < 0 || par->warmup < -1 ||
	    par->nprocs > 1000000 / cpp)
		return -EINVAL;
	st->par = *par;
	st->par.clients_per_process = cpp;
	st->nclients = par->nprocs * cpp;
	/* main(): if (options.warmup == -1) warmup = timelimit / 5 */
	st->warmup = par->warmup == -1 ? par->timelimit / 5 : par->warmup;
	st->par.warmup = st->warmup;
	st->start = now;
	st->c = calloc(st->nclients, sizeof(*st->c));
	if (!st->c)
		return -ENOMEM;
	for (unsigned int i = 0; i < st->nclients; i++) {
		/* create_procs() and nb_setup() stamp every child */
		st->c[i].lasttime = now;
		st->c[i].rate_last_time = now;
	}
	return 0;
}

/**
 * dbench_stats_free() - release the counters
 * @st: the instance
 */
void dbench_stats_free(struct dbench_stats *st)
{
	free(st->c);
	st->c = NULL;
}

/**
 * dbench_stats_pass_start() - a client starts a pass over the loadfile
 * @st: the instance
 * @client: 0-based client number
 *
 * nb_time_reset() at child_run()'s "again:": the first op of a pass
 * measures no gap to the last op of the previous one.
 */
void dbench_stats_pass_start(struct dbench_stats *st, unsigned int client)
{
	st->c[client].rate_last_bytes = 0;
	st->c[client].rate_last_time = 0;
}

/**
 * dbench_stats_op_begin() - a client starts an op
 * @st: the instance
 * @client: 0-based client number
 * @now: when the op starts (after any wait for its target time)
 * @line: the client's loadfile line counter, see
 *	dbench_loadfile_line_count()
 * @late: DBENCH_UNTIMED for an op without target time; else by how much
 *	the client was late for it (0 if it had to wait)
 */
void dbench_stats_op_begin(struct dbench_stats *st, unsigned int client,
			   sim_time_t now, uint64_t line, sim_time_t late)
{
	struct dbench_client_stat *c = &st->c[client];

	c->line = line;
	if (late != DBENCH_UNTIMED) {
		/* nb_time_delay() */
		if (late > c->max_latency)
			c->max_latency = late;
	} else if (c->rate_last_bytes == 0) {
		/* nb_target_rate(): no gap until the client moved bytes */
		c->rate_last_bytes = c->bytes;
		c->rate_last_time = now;
	} else {
		sim_time_t gap = now - c->rate_last_time;

		if (gap > c->max_latency)
			c->max_latency = gap;
		c->rate_last_time = now;
		c->rate_last_bytes = c->bytes;
	}
	c->lasttime = now;	/* child_op() */
}

/**
 * dbench_stats_op_end() - a client's op completed
 * @st: the instance
 * @client: 0-based client number
 * @type: the op (Sleep is not counted, as in child_op())
 * @now: completion time
 * @bytes: dbench_op_bytes() of the op
 */
void dbench_stats_op_end(struct dbench_stats *st, unsigned int client,
			 enum dbench_op_type type, sim_time_t now,
			 uint64_t bytes)
{
	struct dbench_client_stat *c = &st->c[client];

	c->bytes += bytes;
	if ((unsigned int)type < DBENCH_NR_STAT_OPS) {
		/* finish_op() */
		struct dbench_op_stat *op = &c->op[type];
		sim_time_t t = now - c->lasttime;

		op->count++;
		op->total_ns += t;
		if (t > op->max_ns)
			op->max_ns = t;
	}
}

/**
 * dbench_stats_client_finished() - a client has finished its cleanup
 * @st: the instance
 * @client: 0-based client number
 */
void dbench_stats_client_finished(struct dbench_stats *st,
				  unsigned int client)
{
	st->c[client].cleanup_finished = true;
}

/**
 * dbench_stats_tick() - sig_alarm(): the once-a-second progress line
 * @st: the instance
 * @now: the tick, a whole number of seconds after the release
 * @f: the log, or NULL to only count
 *
 * Return: 0, or -EIO if writing failed.
 */
int dbench_stats_tick(struct dbench_stats *st, sim_time_t now, FILE *f)
{
	uint64_t total_bytes = 0, total_lines = 0;
	unsigned int num_active = 0, num_finished = 0;
	sim_time_t t, latency = 0;
	bool in_warmup = false;
	double mbps;

	for (unsigned int i = 0; i < st->nclients; i++) {
		const struct dbench_client_stat *c = &st->c[i];

		total_bytes += c->bytes - c->bytes_done_warmup;
		if (c->bytes == 0)
			in_warmup = true;
		else
			num_active++;
		total_lines += c->line;
		num_finished += c->cleanup_finished;
	}
	t = now > st->start ? now - st->start : 0;

	/* t + 0+ > warmup, i.e. t >= warmup: warmup is over, say nothing */
	if (!in_warmup && st->warmup > 0 &&
	    t >= (sim_time_t)st->warmup * NSEC_PER_SEC) {
		st->start = now;
		st->warmup = 0;
		for (unsigned int i = 0; i < st->nclients; i++) {
			struct dbench_client_stat *c = &st->c[i];

			c->bytes_done_warmup = c->bytes;
			c->worst_latency = 0;
			memset(c->op, 0, sizeof(c->op));
		}
		return 0;
	}
	if (t < (sim_time_t)st->warmup * NSEC_PER_SEC) {
		in_warmup = true;
	} else if (!in_warmup && !st->in_cleanup &&
		   t >= (sim_time_t)st->par.timelimit * NSEC_PER_SEC) {
		st->end = now;
		st->in_cleanup = true;	/* children[i].done = 1 */
	}
	if (t < NSEC_PER_SEC)
		return 0;

	if (!st->in_cleanup) {
		for (unsigned int i = 0; i < st->nclients; i++) {
			struct dbench_client_stat *c = &st->c[i];

			/* a running max: client i's worst sees clients < i */
			if (c->max_latency > latency)
				latency = c->max_latency;
			if (now - c->lasttime > latency)
				latency = now - c->lasttime;
			c->max_latency = 0;
			if (latency > c->worst_latency)
				c->worst_latency = latency;
		}
	}

	mbps = 1.0e-6 * (double)total_bytes / seconds(t);
	if (in_warmup) {
		if (f)
			fprintf(f, "%4d  %8d  %7.2f MB/sec  warmup %3.0f sec  latency %.03f ms\n",
				(int)num_active, (int)(total_lines / st->nclients),
				mbps, seconds(t), msecs(latency));
	} else if (st->in_cleanup) {
		if (f)
			fprintf(f, "%4d  cleanup %3.0f sec\n",
				(int)(st->nclients - num_finished), seconds(t));
	} else {
		if (f)
			fprintf(f, "%4d  %8d  %7.2f MB/sec  execute %3.0f sec  latency %.03f ms\n",
				(int)st->nclients,
				(int)(total_lines / st->nclients), mbps,
				seconds(t), msecs(latency));
		st->throughput = mbps;
		st->nr_execute++;
	}
	return out_status(f);
}

/* show_one_latency(): the table, with the rows @all has counts for */
static void show_one_latency(FILE *f, const struct dbench_op_stat *ops,
			     const struct dbench_op_stat *all)
{
	fprintf(f, " Operation      Count    AvgLat    MaxLat\n");
	fprintf(f, " ----------------------------------------\n");
	for (int i = 0; i < DBENCH_NR_STAT_OPS; i++) {
		if (all[i].count == 0)
			continue;
		/* a client without such ops prints 0/0 as dbench does: -nan */
		fprintf(f, " %-12s %7u %9.03f %9.03f\n",
			dbench_op_stat_name(i), ops[i].count,
			msecs(ops[i].total_ns) / ops[i].count,
			msecs(ops[i].max_ns));
	}
	fprintf(f, "\n");
}

/**
 * dbench_stats_finish() - the end of the run, once every client finished
 * @st: the instance
 * @now: when the last client finished its cleanup
 * @f: the log
 *
 * create_procs() calls sig_alarm() a last time (a cleanup line), prints
 * an empty line and the table (report_latencies()); main() then prints
 * the Throughput line.
 *
 * Return: 0, or -EIO if writing failed.
 */
int dbench_stats_finish(struct dbench_stats *st, sim_time_t now, FILE *f)
{
	struct dbench_op_stat sum[DBENCH_NR_STAT_OPS];
	sim_time_t latency = 0;

	dbench_stats_tick(st, now, f);
	fprintf(f, "\n");

	memset(sum, 0, sizeof(sum));
	for (unsigned int j = 0; j < st->nclients; j++) {
		const struct dbench_client_stat *c = &st->c[j];

		for (int i = 0; i < DBENCH_NR_STAT_OPS; i++) {
			sum[i].count += c->op[i].count;
			sum[i].total_ns += c->op[i].total_ns;
			if (c->op[i].max_ns > sum[i].max_ns)
				sum[i].max_ns = c->op[i].max_ns;
		}
		if (c->worst_latency > latency)
			latency = c->worst_latency;
	}
	show_one_latency(f, sum, sum);
	if (st->par.per_client_results) {
		fprintf(f, "Per client results:\n");
		for (unsigned int j = 0; j < st->nclients; j++) {
			const struct dbench_client_stat *c = &st->c[j];

			fprintf(f, "Client %u did %u lines and %.0f bytes\n", j,
				(unsigned int)c->line,
				(double)(c->bytes - c->bytes_done_warmup));
			show_one_latency(f, c->op, sum);
		}
	}
	fprintf(f, "Throughput %g MB/sec%s%s  %d clients  %d procs  max_latency=%.03f ms\n",
		st->throughput, st->par.sync_open ? " (sync open)" : "",
		st->par.sync_dirs ? " (sync dirs)" : "", (int)st->nclients,
		(int)st->par.nprocs, msecs(latency));
	return out_status(f);
}
