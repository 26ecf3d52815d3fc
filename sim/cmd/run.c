// SPDX-License-Identifier: GPL-2.0
/*
 * `wbsim run SCENARIO`: one cell. Builds the machine, starts the dbench
 * instances, runs until every instance has finished its cleanup, and
 * writes the run directory:
 *
 *	geometry		partition table (wbfair reads it)
 *	sdX.blktrace.N		each disk's blktrace, one file per CPU
 *	dbench.PART.log		each instance's dbench 4.0 output
 *	trace.txt		flusher decisions, trace-cmd report layout
 *	summary.json		what the run did, for wbfair and the matrix
 *	scenario.ini		every option's effective value
 *	plots/			per-partition MB/s, cumulative and share plots
 */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "block/blktrace.h"
#include "cell-report.h"
#include "cmdline.h"
#include "commands.h"
#include "workload/dbench.h"
#include "outdir.h"
#include "run.h"

/* Set by SIGINT/SIGTERM; the run loop checks it once per simulated second
 * and stops there, so every output file ends on a whole record. */
static volatile sig_atomic_t stop_signal;

static void on_stop_signal(int sig)
{
	stop_signal = sig;
}

/**
 * run_install_stop_handlers - make SIGINT and SIGTERM stop run_cell() cleanly
 */
void run_install_stop_handlers(void)
{
	struct sigaction sa = { .sa_handler = on_stop_signal };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	/* past a file size limit, write() fails with EFBIG and the run says
	 * which file; the default action would kill it without a word */
	signal(SIGXFSZ, SIG_IGN);
}

/**
 * run_stop_signal - the SIGINT or SIGTERM received, or 0
 */
int run_stop_signal(void)
{
	return stop_signal;
}

static int close_and_rename(FILE *f, const char *tmp, const char *path);

static int write_geometry(struct machine *m, const char *dir, char *err,
			  size_t errlen)
{
	char path[4096], tmp[4200];
	FILE *f;
	int ret;

	snprintf(path, sizeof(path), "%s/geometry", dir);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -errno;
	}
	for (int i = 0; i < m->nr_disks; i++)
		disk_write_geometry(&m->disks[i]->disk, f);
	ret = close_and_rename(f, tmp, path);
	if (ret)
		snprintf(err, errlen, "%s: %s", path, strerror(-ret));
	return ret;
}

static void json_str(FILE *f, const char *key, const char *val, bool comma)
{
	fprintf(f, "  \"%s\": \"%s\"%s\n", key, val, comma ? "," : "");
}

/* Close @f written under @tmp and rename it to @path: a reader never sees a
 * half-written file. Return: 0 or -errno. */
static int close_and_rename(FILE *f, const char *tmp, const char *path)
{
	int bad = ferror(f);

	if (fclose(f) || bad) {
		int e = errno ? errno : EIO;

		unlink(tmp);
		return -e;
	}
	return rename(tmp, path) ? -errno : 0;
}

static int write_summary(struct run_result *r, const char *dir)
{
	char path[4096], tmp[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/summary.json", dir);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f)
		return -errno;
	/* the layout is docs/summary-json.md, shared with the VM harness */
	fprintf(f, "{\n");
	json_str(f, "schema", "wbsim-summary/1", true);
	json_str(f, "producer", "wbsim", true);
	fprintf(f, "  \"complete\": %s,\n", r->complete ? "true" : "false");
	if (!r->complete)
		json_str(f, "incomplete_reason", r->incomplete_reason, true);
	json_str(f, "flusher", r->flusher, true);
	json_str(f, "scheduler", r->elevator, true);
	fprintf(f, "  \"seed\": %" PRIu64 ",\n", r->seed);
	fprintf(f, "  \"elapsed_s\": %.6f,\n", r->sim_end / 1e9);
	fprintf(f, "  \"events\": %" PRIu64 ",\n", r->events);
	fprintf(f, "  \"dirty_limit_hit\": %s,\n", r->dirty_limit_hit ? "true" : "false");
	fprintf(f, "  \"throttle_events_total\": %" PRIu64 ",\n", r->throttle_events);
	fprintf(f, "  \"throttled_task_seconds_total\": %.6f,\n", r->throttled_ns / 1e9);
	fprintf(f, "  \"flusher_pages_submitted\": %" PRIu64 ",\n", r->flusher_pages_submitted);
	fprintf(f, "  \"dirtier_pages_submitted\": %" PRIu64 ",\n", r->dirtier_pages_submitted);
	fprintf(f, "  \"flusher_thread_starts\": %" PRIu64 ",\n", r->thread_starts);
	fprintf(f, "  \"cpu_busy\": %.4f,\n",
		r->sim_end ? (double)r->cpu_busy_ns / r->nr_cpus / r->sim_end : 0.0);
	fprintf(f, "  \"pages_dirtied\": %" PRIu64 ",\n", r->pages_dirtied);
	fprintf(f, "  \"pagecache_pages_written\": %" PRIu64 ",\n", r->pagecache_pages_written);
	fprintf(f, "  \"journal_blocks_written\": %" PRIu64 ",\n", r->journal_blocks_written);
	io_writers_json(f, &r->writers);
	/* the hung-task record (run_note_hung) */
	fprintf(f, "  \"hung_task_timeout_s\": %llu,\n",
		(unsigned long long)(DBENCH_HUNG_TASK_TIMEOUT / NSEC_PER_SEC));
	fprintf(f, "  \"ops_over_hung_task_timeout\": %" PRIu64 ",\n", r->hung.count);
	fprintf(f, "  \"ops_over_hung_task_timeout_not_throttled\": %" PRIu64 ",\n",
		r->hung.unthrottled);
	fprintf(f, "  \"ops_over_hung_task_timeout_in_fsync\": %" PRIu64 ",\n",
		r->hung.fsync);
	fprintf(f, "  \"longest_op_wait\": {\"seconds\": %.6f, \"op\": \"%s\", \"client\": %u, \"partition\": \"%s\", \"began_s\": %.6f, \"loadfile_line\": %" PRIu64 ", \"in_balance_dirty_pages_s\": %.6f},\n",
		r->hung.longest_ns / 1e9, r->hung.op, r->hung.client,
		r->hung.part, r->hung.began / 1e9, r->hung.line,
		r->hung.bdp_ns / 1e9);
	fprintf(f, "  \"instances\": [\n");
	for (int i = 0; i < r->nr_inst; i++)
		fprintf(f, "    {\"partition\": \"%s\", \"dbench_mb_s\": %.4f, \"start_s\": %.6f, \"errors\": %" PRIu64 "}%s\n",
			r->inst[i].part, r->inst[i].mb_s, r->inst[i].start / 1e9,
			r->inst[i].errors, i + 1 < r->nr_inst ? "," : "");
	fprintf(f, "  ],\n  \"partitions\": {\n");
	for (int i = 0; i < r->nr_parts; i++)
		fprintf(f, "    \"%s\": {\"written_bytes\": %" PRIu64 ", \"read_bytes\": %" PRIu64 "}%s\n",
			r->parts[i].name, r->parts[i].written, r->parts[i].read,
			i + 1 < r->nr_parts ? "," : "");
	fprintf(f, "  }\n}\n");
	return close_and_rename(f, tmp, path);
}

static int write_scenario(struct scenario *s, const char *dir)
{
	char path[4096], tmp[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/scenario.ini", dir);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f)
		return -errno;
	fprintf(f, "; effective values of every option of this run\n");
	config_dump(f, &s->cfg);
	return close_and_rename(f, tmp, path);
}

static void mark_incomplete(struct run_result *r, const char *why)
{
	if (!r->complete)
		return;	/* the first reason stands */
	r->complete = false;
	snprintf(r->incomplete_reason, sizeof(r->incomplete_reason), "%s", why);
}

/*
 * Close trace.txt, the blktrace files and the dbench logs, checking each.
 * Return: 0, or -EIO with @err "PATH: strerror" for the first failed write
 * (and @r marked incomplete).
 */
static int finish_outputs(struct machine *m, struct dbench_run *dr,
			  const char *outdir, struct run_result *r, char *err,
			  size_t errlen)
{
	char disk[32] = "", why[1100];
	int ret = 0, e;

	if (m->trace) {
		e = ferror(m->trace);
		if ((fclose(m->trace) || e) && !ret) {
			snprintf(err, errlen, "%s/trace.txt: %s", outdir,
				 strerror(errno ? errno : EIO));
			ret = -EIO;
		}
		m->trace = NULL;
	}
	e = machine_exit(m, disk, sizeof(disk));
	if (e && !ret) {
		snprintf(err, errlen, "%s/%s.blktrace: %s", outdir, disk, strerror(-e));
		ret = -EIO;
	}
	e = dbench_teardown(dr);
	if (e && !ret) {
		snprintf(err, errlen, "%s/dbench logs: %s", outdir, strerror(-e));
		ret = -EIO;
	}
	if (ret) {
		snprintf(why, sizeof(why), "write error: %s", err);
		mark_incomplete(r, why);
	}
	return ret;
}

static double wall_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * Progress on stderr: simulated seconds of the expected total (warm-up and
 * run; the cleanup after it is not known ahead), % and an ETA from the wall
 * rate so far. On a terminal one line rewritten in place at most 4 times a
 * second; elsewhere a whole line every o->progress_s of wall time.
 */
struct progress {
	double start, last;
};

static void progress_show(const struct run_opts *o, struct progress *p,
			  sim_time_t now, sim_time_t total, bool last)
{
	double w = wall_s(), every = o->tty ? 0.25 : o->progress_s;
	double done = total ? (double)now / total : 1, eta;

	if (!o->progress_s || (!last && w - p->last < every))
		return;
	p->last = w;
	if (done > 1)
		done = 1;
	eta = done > 0 ? (w - p->start) * (1 - done) / done : 0;
	if (o->tty)
		fprintf(stderr, "\rwbsim run: %.0f/%.0f simulated s, %3.0f%%, ETA %.0f s   %s",
			now / 1e9, total / 1e9, 100 * done, eta, last ? "\n" : "");
	else if (!last)
		fprintf(stderr, "wbsim run: %.0f/%.0f simulated s, %.0f%%, ETA %.0f s\n",
			now / 1e9, total / 1e9, 100 * done, eta);
	fflush(stderr);
}

/*
 * The blktrace bytes a run may write, from above: a disk cannot move more
 * than its interface rate (disk.bus_rate, which bounds the HDD and the SSD
 * model alike), the smallest bio is one 4 KiB page, and each bio leaves at
 * most three 48-byte records of its own (Q, the partition remap A, and G
 * or M). Request records (I, D, C, plug and unplug) come once per request
 * of one or more bios and add at most as much again only when nothing
 * merges, which dbench's writeback never sees; the figure is a warning
 * threshold, not an accounting.
 */
static uint64_t trace_size_estimate(const struct scenario *s, sim_time_t total)
{
	double bios_per_s = s->disk.bus_rate * 1e6 / 4096;

	return (uint64_t)(bios_per_s * 3 * 48 * (total / 1e9)) * s->sim.disks;
}

/* Warn once per disk whose blktrace reached the limit; mark the run. */
static void check_trace_limit(struct machine *m, const struct run_opts *o,
			      struct run_result *r)
{
	for (int i = 0; i < m->nr_disks; i++) {
		struct machine_disk *md = m->disks[i];
		char why[200];

		if (md->trace_limit_warned || !blk_trace_truncated(&md->q))
			continue;
		md->trace_limit_warned = true;
		snprintf(why, sizeof(why), "the blktrace of %s reached --max-trace-size (%" PRIu64 " bytes); later records were not written",
			 md->disk.gd.name, o->max_trace);
		fprintf(stderr, "wbsim run: warning: %s\n", why);
		mark_incomplete(r, why);
	}
}

/* Sum the instances' ops over the hung-task timeout; keep the longest. */
static void run_note_hung(struct run_result *r, const struct dbench_run *dr)
{
	for (int i = 0; i < dr->nr_inst; i++) {
		const struct dbench_instance *inst = &dr->inst[i];
		const struct dbench_op_wait *w = &inst->longest;

		r->hung.count += inst->nr_hung;
		r->hung.unthrottled += inst->nr_hung_unthrottled;
		r->hung.fsync += inst->nr_hung_fsync;
		if (w->ns <= r->hung.longest_ns)
			continue;
		r->hung.longest_ns = w->ns;
		r->hung.began = w->began;
		r->hung.client = w->client;
		r->hung.line = w->line;
		r->hung.bdp_ns = w->bdp_ns;
		snprintf(r->hung.op, sizeof(r->hung.op), "%s",
			 dbench_op_stat_name(w->type));
		snprintf(r->hung.part, sizeof(r->hung.part), "%s", inst->sb->s_id);
	}
}

/**
 * run_cell - simulate scenario @s, writing the run directory @outdir
 * @r: receives the figures of the run
 * Return: 0, -EINVAL with @err for a scenario or loadfile problem.
 */
int run_cell(struct scenario *s, const char *outdir, struct run_result *r,
	     char *err, size_t errlen)
{
	static const struct run_opts quiet = { .progress_s = 0 };

	return run_cell_opts(s, outdir, &quiet, r, err, errlen);
}

/**
 * run_cell_opts - run_cell() with progress and a blktrace size limit
 */
int run_cell_opts(struct scenario *s, const char *outdir,
		  const struct run_opts *o, struct run_result *r, char *err,
		  size_t errlen)
{
	struct progress prog = { .start = wall_s() };
	uint64_t est;

	prog.last = prog.start;
	const struct dbench_params *dp = s->dbench;
	struct machine *m = calloc(1, sizeof(*m));
	struct dbench_run *dr = calloc(1, sizeof(*dr));
	sim_time_t warmup = s->sim.duration / 5, limit;
	char path[4096];
	int ret, e;

	memset(r, 0, sizeof(*r));
	if (!m || !dr) {
		free(m);
		free(dr);
		return -ENOMEM;
	}
	if (outdir && mkdir(outdir, 0777) && errno != EEXIST) {
		snprintf(err, errlen, "%s: %s", outdir, strerror(errno));
		ret = -errno;
		goto out_free;
	}
	ret = machine_init(m, s, outdir, err, errlen);
	if (ret)
		goto out_machine;
	if (outdir) {
		snprintf(path, sizeof(path), "%s/trace.txt", outdir);
		m->trace = fopen(path, "w");
		if (!m->trace) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			ret = -EIO;
			goto out_machine;
		}
		if (write_geometry(m, outdir, err, errlen)) {
			ret = -EIO;
			goto out_dbench;
		}
		ret = write_scenario(s, outdir);
		if (ret) {
			snprintf(err, errlen, "%s/scenario.ini: %s", outdir, strerror(-ret));
			ret = -EIO;
			goto out_dbench;
		}
		fprintf(m->trace, "# tracer: nop\n#\n");
	}
	ret = dbench_setup(dr, m, dp, s->sim.duration, outdir, err, errlen);
	if (ret)
		goto out_dbench;
	est = trace_size_estimate(s, warmup + s->sim.duration);
	if (outdir && machine_blktrace_wanted(s) && o->max_trace &&
	    est / (uint64_t)m->nr_disks > o->max_trace)
		fprintf(stderr, "wbsim run: warning: the blktrace may reach %.1f GB per disk (%.0f simulated s), over --max-trace-size %.1f GB: it stops there\n",
			est / (double)m->nr_disks / 1e9, (warmup + s->sim.duration) / 1e9,
			o->max_trace / 1e9);
	for (int i = 0; i < m->nr_disks && outdir; i++)
		blk_trace_set_limit(&m->disks[i]->q, o->max_trace);
	/* warm-up, the run, then at most 10 minutes of cleanup */
	limit = warmup + s->sim.duration + 600 * NSEC_PER_SEC;
	r->complete = true;
	for (sim_time_t t = NSEC_PER_SEC; t <= limit && !dbench_all_finished(dr);
	     t += NSEC_PER_SEC) {
		if (stop_signal) {
			r->complete = false;
			r->stop_signal = stop_signal;
			snprintf(r->incomplete_reason, sizeof(r->incomplete_reason),
				 "interrupted by %s",
				 stop_signal == SIGINT ? "SIGINT" : "SIGTERM");
			break;
		}
		sim_run(&m->sim, t);
		if (o->max_trace)
			check_trace_limit(m, o, r);
		progress_show(o, &prog, t, warmup + s->sim.duration, false);
	}
	if (prog.last)
		progress_show(o, &prog, m->sim.now, warmup + s->sim.duration, true);
	struct dbench_unfinished u = { 0 };

	if (r->complete && !dbench_all_finished(dr)) {
		char why[300];

		/*
		 * Not a hang of the simulator: the modelled kernel kept these
		 * clients waiting (docs/long-waits.md, "Runs cut at the
		 * limit"). The figures so far are written, marked partial.
		 */
		dbench_cut(dr, &u);
		snprintf(why, sizeof(why), "the dbench instances did not finish their cleanup within 10 minutes of the run's end: %u of %u clients unfinished, %u of them in balance_dirty_pages (the longest for %.1f s)",
			 u.clients, u.nclients, u.in_bdp, u.bdp_longest_ns / 1e9);
		mark_incomplete(r, why);
		r->cut_at_limit = true;
	}
	/* the figures */
	snprintf(r->flusher, sizeof(r->flusher), "%s", m->flusher->name);
	snprintf(r->elevator, sizeof(r->elevator), "%s",
		 elevator_names[s->queue.elevator]);
	r->seed = s->sim.seed;
	r->sim_end = m->sim.now;
	r->events = m->sim.nr_fired;
	r->dirty_limit_hit = m->dirty_limit_hit;
	/*
	 * A throttled call is counted when it ends; in a run cut at the
	 * limit the calls still sleeping count too, with their time so far,
	 * or the totals would leave out the stays that made the run long.
	 */
	r->throttle_events = m->dirty_throttled + u.in_bdp;
	r->throttled_ns = m->dirty_throttled_ns + u.bdp_open_ns;
	r->flusher_pages_submitted = m->fst.flusher_pages_submitted;
	r->dirtier_pages_submitted = m->fst.dirtier_pages_submitted;
	r->thread_starts = m->fst.thread_starts;
	for (unsigned int c = 0; c < m->cs.nr_cpus; c++)
		r->cpu_busy_ns += m->cs.cpu[c].busy_ns;
	r->nr_cpus = m->cs.nr_cpus;
	r->pages_dirtied = global_page_state(&m->mm, NR_DIRTIED);
	r->pagecache_pages_written = global_page_state(&m->mm, NR_WRITTEN);
	/* nothing completes any more: the writers leave with the figures */
	r->writers = m->writers;
	memset(&m->writers, 0, sizeof(m->writers));
	for (int p = 0; p < IO_PATH_MAX; p++) {
		r->path_bytes[p] = io_writers_path_sectors(&r->writers, p) << SECTOR_SHIFT;
		r->written_bytes += r->path_bytes[p];
	}
	for (struct list_head *pos = m->super_blocks.next; pos != &m->super_blocks;
	     pos = pos->next) {
		struct super_block *sb = list_entry(pos, struct super_block, s_list);

		if (sb != &m->bdev_sb)
			r->journal_blocks_written += ext3_journal_blocks_written(sb);
	}
	r->inst = calloc(dr->nr_inst + 1, sizeof(*r->inst));
	for (int d = 0; d < m->nr_disks; d++)
		r->nr_parts += m->disks[d]->disk.gd.nr_parts;
	r->parts = calloc(r->nr_parts + 1, sizeof(*r->parts));
	if (!r->inst || !r->parts) {
		ret = -ENOMEM;
		goto out_dbench;
	}
	r->nr_parts = 0;
	r->nr_inst = dr->nr_inst;
	for (int i = 0; i < dr->nr_inst; i++) {
		struct dbench_instance *inst = &dr->inst[i];

		snprintf(r->inst[i].part, sizeof(r->inst[i].part), "%s", inst->sb->s_id);
		r->inst[i].mb_s = inst->st.throughput;
		r->inst[i].start = inst->start;
		r->inst[i].errors = inst->nr_errors;
	}
	run_note_hung(r, dr);
	for (int d = 0; d < m->nr_disks; d++) {
		struct gendisk *gd = &m->disks[d]->disk.gd;

		r->requests += gd->part0.ios_done[0] + gd->part0.ios_done[1];
		for (int p = 0; p < gd->nr_parts; p++) {
			struct run_part *rp = &r->parts[r->nr_parts++];

			snprintf(rp->name, sizeof(rp->name), "%s", gd->part[p].name);
			rp->written = gd->part[p].sectors_done[1] << SECTOR_SHIFT;
			rp->read = gd->part[p].sectors_done[0] << SECTOR_SHIFT;
		}
	}
	/* close every output first: only then is it known to be complete */
	ret = finish_outputs(m, dr, outdir, r, err, errlen);
	if (outdir && (e = write_summary(r, outdir))) {
		snprintf(err, errlen, "%s/summary.json: %s", outdir, strerror(-e));
		ret = -EIO;
	}
	io_writers_free(&r->writers);
	goto out_free;
out_dbench:
	if (m->trace)
		fclose(m->trace);
	m->trace = NULL;
out_machine:
	machine_exit(m, NULL, 0);
	dbench_teardown(dr);
out_free:
	free(dr);
	free(m);
	return ret;
}

/**
 * run_result_free - free the per-instance and per-partition figures
 */
void run_result_free(struct run_result *r)
{
	free(r->inst);
	free(r->parts);
	r->inst = NULL;
	r->parts = NULL;
	r->nr_inst = r->nr_parts = 0;
}

void run_result_print(FILE *f, const struct run_result *r)
{
	fprintf(f, "flusher %s, elevator %s: %.1f simulated s, %" PRIu64 " events\n",
		r->flusher, r->elevator, r->sim_end / 1e9, r->events);
	if (run_is_many(r))
		run_print_per_disk(f, r);
	for (int i = 0; i < r->nr_inst && !run_is_many(r); i++)
		fprintf(f, "  dbench on %-6s %8.2f MB/sec%s\n", r->inst[i].part,
			r->inst[i].mb_s, r->inst[i].errors ? " (errors)" : "");
	for (int i = 0; i < r->nr_parts && !run_is_many(r); i++)
		fprintf(f, "  %-6s written %10.1f MB, read %10.1f MB (disk side)\n",
			r->parts[i].name, r->parts[i].written / 1e6,
			r->parts[i].read / 1e6);
	fprintf(f, "  dirty limit %s (%" PRIu64 " throttle events, %.1f s throttled); CPUs %.1f%% busy; pages dirtied %" PRIu64 "\n",
		r->dirty_limit_hit ? "hit" : "never hit", r->throttle_events,
		r->throttled_ns / 1e9,
		r->sim_end ? 100.0 * r->cpu_busy_ns / r->nr_cpus / r->sim_end : 0.0,
		r->pages_dirtied);
	fprintf(f, "  written to disk %.1f MB, by path:", r->written_bytes / 1e6);
	for (int p = 0, n = 0; p < IO_PATH_MAX; p++)
		if (r->path_bytes[p])
			fprintf(f, "%s %s %.1f MB", n++ ? "," : "",
				io_path_names[p], r->path_bytes[p] / 1e6);
	fprintf(f, "\n  disk requests completed: %" PRIu64 "\n", r->requests);
	fprintf(f, "  dbench ops over the %llu s hung-task timeout: %" PRIu64 " (%" PRIu64 " mostly outside balance_dirty_pages, %" PRIu64 " of them fsync); longest %.1f s (%s, client %u on %s, from %.1f s; %.1f s of it in balance_dirty_pages)\n",
		(unsigned long long)(DBENCH_HUNG_TASK_TIMEOUT / NSEC_PER_SEC),
		r->hung.count, r->hung.unthrottled, r->hung.fsync,
		r->hung.longest_ns / 1e9, r->hung.op,
		r->hung.client, r->hung.part, r->hung.began / 1e9,
		r->hung.bdp_ns / 1e9);
}

enum { OPT_FORCE = CMD_LONG, OPT_MAX_TRACE, OPT_PROGRESS };

static const struct cmd_opt run_opts_tab[] = {
	CMD_OPT_SCENARIO,
	{ "output", 'o', "DIR", "the run directory (default: a new runs/SCENARIO-N)" },
	{ "force", OPT_FORCE, NULL, "-o DIR may hold files wbsim did not write" },
	{ "quiet", 'q', NULL, "no progress on stderr" },
	{ "max-trace-size", OPT_MAX_TRACE, "SIZE",
	  "blktrace bytes per disk before the trace stops (default 4G; 0: no "
	  "limit; a size as in a scenario: 64k, 512M, 1GiB, 10MB)" },
	{ "progress", OPT_PROGRESS, "SECONDS",
	  "wall seconds between progress lines when stderr is not a terminal "
	  "(default 10; 0: none)" },
	CMD_OPT_HELP,
	{ NULL },
};

static const struct cmd_desc run_cmd = {
	.name = "run",
	.synopsis = "[SCENARIO] [-c SCENARIO]... [--set SECTION.KEY=VALUE]...\n"
		    "                 [-o DIR [--force]] [-q]",
	.about =
"Simulates one cell: the machine of the scenario with its dbench instances,\n"
"until they finish, and writes the run directory (dbench logs, blktrace,\n"
"geometry, trace.txt, summary.json, scenario.ini, wbsim.manifest) for\n"
"wbfair. Without SCENARIO, the shipped box2009.ini; SCENARIO applies\n"
"first wherever it stands, -c files and --set after it in order. Without\n"
"-o, a new directory runs/SCENARIO-N; -o DIR reuses DIR only when it is\n"
"empty or a wbsim run directory (removing only what its manifest lists),\n"
"unless --force.\n",
	.opts = run_opts_tab,
	.after =
"examples:\n"
"  wbsim run sim/scenarios/box2009.ini -o runs/one\n"
"  wbsim run sim/scenarios/box2009.ini --set writeback.flusher=pdflush \\\n"
"            --set queue.elevator=noop\n",
};

/*
 * --max-trace-size is a size like any in a scenario: the option tables'
 * one grammar (sim/lib/options.c: 64k, 512M, 4G, 1GiB, 10MB, 0)
 */
static const struct opt_desc max_trace_desc = {
	"max-trace-size", OPT_SIZE, 0, "4G", 0, 0, NULL, NULL,
	"blktrace bytes per disk before the trace stops"
};

/*
 * The scenario file the command line names (positional, else -c), or NULL.
 * Known before any --set is applied, so that the default scenario can be
 * loaded first and the overrides still apply on top of it. Return: 0, or
 * -EINVAL for bad input (message printed).
 */
static int named_scenario(int argc, char **argv, const char **file,
			  bool *positional)
{
	struct cmd_parser p;
	char *a;
	int c;

	*file = NULL;
	*positional = false;
	if (cmd_parser_init(&p, &run_cmd, argc, argv))
		return -EINVAL;
	while ((c = cmd_next(&p, &a))) {
		if (c < 0)
			return c;
		if (c == 1 && *positional) {
			fprintf(stderr, "wbsim run: more than one scenario ('%s', '%s'): give the others with -c\n",
				*file, a);
			return -EINVAL;
		}
		if (c == 1) {
			*file = a;
			*positional = true;
		} else if (c == 'c' && !*file) {
			*file = a;
		}
	}
	return 0;
}

/**
 * run_main - `wbsim run`; exit 0, 2 for bad input, 1 otherwise
 */
int run_main(int argc, char **argv)
{
	const char *outdir = NULL, *scenario_file = NULL;
	char err[1024] = "", defpath[4096];
	struct run_opts o = {
		.progress_s = 10, .tty = isatty(STDERR_FILENO),
		.max_trace = 4ull << 30,
	};
	struct outdir od;
	bool force = false, quiet = false, plot_failed = false;
	struct run_result r;
	struct cmd_parser p;
	struct scenario s;
	bool positional;
	char *a;
	int ret, c;

	if (scenario_init(&s))
		return 1;
	if (named_scenario(argc, argv, &scenario_file, &positional))
		goto bad;
	if (scenario_file && positional) {
		/*
		 * The positional scenario is the base wherever it stands on
		 * the command line: `--set K=V FILE` must not let FILE's K
		 * silently win over the --set.
		 */
		if (scenario_load(&s, scenario_file))
			goto bad;
	} else if (!scenario_file) {
		/* no scenario: the shipped default, the 2009 box */
		ret = default_scenario_path(defpath, sizeof(defpath));
		if (ret) {
			fprintf(stderr, "wbsim run: no scenario given and the default box2009.ini is not at %s\n",
				defpath);
			goto bad;
		}
		scenario_file = defpath;
		if (scenario_load(&s, defpath))
			goto bad;
	}
	cmd_parser_init(&p, &run_cmd, argc, argv);
	while ((c = cmd_next(&p, &a))) {
		ret = cmd_scenario_opt(&s, c, a);
		if (ret < 0)
			goto bad;
		if (ret)
			continue;
		switch (c) {
		case 'h':
			cmd_usage(stdout, &run_cmd);
			scenario_exit(&s);
			return stdout_close_check(0);
		case 'o':
			outdir = a;
			break;
		case OPT_FORCE:
			force = true;
			break;
		case 'q':
			quiet = true;
			break;
		case OPT_MAX_TRACE:
			if (opt_parse(&max_trace_desc, &o.max_trace, a, err,
				      sizeof(err))) {
				fprintf(stderr, "wbsim run: --max-trace-size wants a size such as 4G, 512M or 0, not '%s'\n",
					a);
				goto bad;
			}
			break;
		case OPT_PROGRESS: {
			char *end;

			o.progress_s = strtod(a, &end);
			if (end == a || *end || !(o.progress_s >= 0)) {
				fprintf(stderr, "wbsim run: --progress wants seconds >= 0, not '%s'\n",
					a);
				goto bad;
			}
			break;
		}
		case 1:
			break;	/* the positional scenario: loaded first, above */
		default:
			goto bad;
		}
	}
	ret = outdir ? outdir_prepare(&od, outdir, force, err, sizeof(err)) :
		       outdir_new(&od, scenario_file, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "%s\n", err);
		scenario_exit(&s);
		return ret == -ENOTEMPTY ? 2 : 1;
	}
	outdir = od.path;
	if (quiet)
		o.progress_s = 0;
	else
		fprintf(stderr, "wbsim run: writing %s\n", outdir);
	run_install_stop_handlers();
	ret = run_cell_opts(&s, outdir, &o, &r, err, sizeof(err));
	if (ret)
		run_result_free(&r);
	if (ret == -EINVAL) {
		fprintf(stderr, "%s\n", err);
		outdir_discard(&od);
		scenario_exit(&s);
		return 2;
	}
	if (ret) {
		fprintf(stderr, "%s\n", err);
		if (outdir_write_manifest(&od, err, sizeof(err)))
			fprintf(stderr, "%s\n", err);
		outdir_release(&od);
		scenario_exit(&s);
		return 1;
	}
	if (r.cut_at_limit)
		run_result_print(stdout, &r);
	if (r.stop_signal || r.cut_at_limit) {
		fprintf(stderr, "wbsim run: %s; %s is a partial run\n",
			r.incomplete_reason, outdir ? outdir : "the run");
		ret = outdir_write_manifest(&od, err, sizeof(err));
		if (ret)
			fprintf(stderr, "%s\n", err);
		outdir_release(&od);
		scenario_exit(&s);
		ret = stdout_close_check(r.stop_signal ? 128 + r.stop_signal : 1);
		fflush(stderr);
		/* the simulated tasks were stopped mid-operation: what their
		 * coroutine stacks hold is not freed, by design, and a leak
		 * report at exit would only be noise (the files are closed) */
		_exit(ret);
	}
	run_result_print(stdout, &r);
	if (outdir) {
		char inst[CELL_MAX_INST][16];
		struct cell_metrics cm;
		int n = r.nr_inst < CELL_MAX_INST ? r.nr_inst : CELL_MAX_INST;

		for (int i = 0; i < n; i++)
			snprintf(inst[i], sizeof(inst[i]), "%s", r.inst[i].part);
		if (run_is_many(&r) || !machine_blktrace_wanted(&s))
			run_print_verdict_many(stdout, &r);
		if (!machine_blktrace_wanted(&s)) {
			cm = (struct cell_metrics){ .plot_failed = false };
		} else {
			cell_analyse(outdir, inst, n, &cm, true);
			printf("  %s\n", cm.verdict);
		}
		plot_failed = cm.plot_failed;
		if (machine_blktrace_wanted(&s))
			printf("run directory: %s (plots in %s/plots)\n", outdir, outdir);
		else
			printf("run directory: %s (no blktrace: sim.blktrace = on for traces and plots)\n",
			       outdir);
	}
	run_result_free(&r);
	ret = plot_failed ? 1 : 0;
	if (outdir_write_manifest(&od, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		ret = 1;
	}
	outdir_release(&od);
	scenario_exit(&s);
	return stdout_close_check(ret);
bad:
	scenario_exit(&s);
	return 2;
}
