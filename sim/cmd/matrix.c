// SPDX-License-Identifier: GPL-2.0
/*
 * `wbsim matrix SCENARIO`: the scenario under every flusher model and I/O
 * scheduler. Cells run as child processes, -j at a time (a cell is one
 * deterministic process: the same seed gives the same cell whatever runs
 * beside it). Each cell's run directory is then analysed with wbfair's
 * library (analysis/): the fairness figures of the table are computed by
 * the same code as `wbfair RUN_DIR`.
 */
#include <errno.h>
#include <signal.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cell-report.h"
#include "cmdline.h"
#include "commands.h"
#include "workload/dbench.h"
#include "outdir.h"
#include "matrix.h"
#include "run.h"

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * The scenario with this cell's overrides. Return: 0; 1 if out of memory;
 * 2 for bad input, with the message (file:line) printed by the parser.
 */
int cell_scenario(struct matrix *mx, struct cell *c, struct scenario *s)
{
	char set[96];

	if (scenario_init(s))
		return 1;
	if (mx->scenario_file && config_load_file(&s->cfg, mx->scenario_file))
		goto bad;
	for (int i = 0; i < mx->nr_sets; i++)
		if (config_set(&s->cfg, mx->sets[i]))
			goto bad;
	snprintf(set, sizeof(set), "writeback.flusher=%s", c->flusher);
	if (config_set(&s->cfg, set))
		goto bad;
	snprintf(set, sizeof(set), "queue.elevator=%s", c->sched);
	if (config_set(&s->cfg, set))
		goto bad;
	return 0;
bad:
	scenario_exit(s);
	return 2;
}

/* The child: build the scenario with this cell's overrides and run it. */
static int cell_child(struct matrix *mx, struct cell *c)
{
	char err[1024] = "";
	struct run_result r;
	struct scenario s;
	int ret;

	ret = cell_scenario(mx, c, &s);
	if (ret)
		return ret;
	ret = run_cell(&s, c->dir, &r, err, sizeof(err));
	if (ret)
		fprintf(stderr, "%s: %s\n", c->dir, err);
	else if (r.cut_at_limit)
		fprintf(stderr, "%s: %s\n", c->dir, r.incomplete_reason);
	run_result_free(&r);
	scenario_exit(&s);
	if (!ret && r.stop_signal)
		return 128 + r.stop_signal;
	if (!ret && r.cut_at_limit)
		return 1;	/* a partial cell, as before the figures were kept */
	return ret == -EINVAL ? 2 : ret ? 1 : 0;
}

static int split_list(const char *list, char out[][32], int max,
		      const char *const *valid, const char *what)
{
	char why[OPT_ERR_MAX];
	struct opt_list l;
	int n = 0;

	/* the option tables' list rule: comma-separated, no empty item */
	if (opt_list_parse(&l, list, why, sizeof(why))) {
		fprintf(stderr, "wbsim matrix: --%ss: %s\n", what, why);
		return -EINVAL;
	}
	for (unsigned int j = 0; j < l.n; j++) {
		const char *tok = opt_list_item(&l, j);
		bool ok = false;

		for (int i = 0; valid[i]; i++)
			ok |= !strcmp(valid[i], tok);
		if (!ok || n == max) {
			fprintf(stderr, "wbsim matrix: unknown %s '%s'\n", what, tok);
			return -EINVAL;
		}
		snprintf(out[n++], 32, "%.31s", tok);
	}
	return n;
}

/* On a terminal, one line rewritten in place; elsewhere (a log, a pipe)
 * whole lines, one per change, so the log holds no carriage returns. */
static void progress(struct matrix *mx, int done, int running, double t0)
{
	if (mx->quiet)
		return;
	if (mx->tty)
		fprintf(stderr, "\rwbsim matrix: %d/%d cells done, %d running, %.1f s   ",
			done, mx->nr_cells, running, now_s() - t0);
	else
		fprintf(stderr, "wbsim matrix: %d/%d cells done, %d running, %.1f s\n",
			done, mx->nr_cells, running, now_s() - t0);
	fflush(stderr);
}

/* Pass a stop signal on to the running cells, once. */
static void forward_stop(struct matrix *mx, int *forwarded)
{
	int sig = run_stop_signal();

	if (!sig || *forwarded)
		return;
	*forwarded = sig;
	for (int i = 0; i < mx->nr_cells; i++)
		if (mx->cell[i].pid > 0 && !mx->cell[i].reaped)
			kill(mx->cell[i].pid, sig);
}

static int run_cells(struct matrix *mx)
{
	int next = 0, done = 0, running = 0, failed = 0, forwarded = 0;
	double t0 = now_s();

	while (done < next || next < mx->nr_cells) {
		forward_stop(mx, &forwarded);
		if (forwarded && !running)
			break;	/* cells not started stay not started */
		while (!forwarded && running < mx->jobs && next < mx->nr_cells) {
			struct cell *c = &mx->cell[next++];

			c->t0.tv_sec = 0;
			c->wall = now_s();
			fflush(NULL);
			c->pid = fork();
			if (c->pid < 0)
				return -errno;
			if (!c->pid)
				_exit(cell_child(mx, c));
			running++;
			progress(mx, done, running, t0);
		}
		int status;
		pid_t pid = wait(&status);

		if (pid < 0 && errno == EINTR)
			continue;
		if (pid < 0)
			return -errno;
		for (int i = 0; i < mx->nr_cells; i++)
			if (mx->cell[i].pid == pid) {
				mx->cell[i].reaped = true;
				mx->cell[i].status = status;
				mx->cell[i].wall = now_s() - mx->cell[i].wall;
				if (!WIFEXITED(status) || WEXITSTATUS(status))
					failed++;
			}
		running--;
		done++;
		progress(mx, done, running, t0);
	}
	if (mx->tty && !mx->quiet)
		fprintf(stderr, "\n");
	mx->stopped = forwarded;
	return failed;
}

void print_table(FILE *f, struct matrix *mx, bool md)
{
	const char *sep = md ? " | " : "  ";

	fprintf(f, "%s%-9s%s%-9s", md ? "| " : "", "flusher", sep, "sched");
	for (int i = 0; i < mx->nr_inst; i++)
		fprintf(f, "%sdbench %-5s", sep, mx->inst[i]);
	for (int i = 0; i < mx->nr_inst; i++)
		fprintf(f, "%sdisk %-7s", sep, mx->inst[i]);
	for (int i = 0; i < mx->nr_inst; i++)
		fprintf(f, "%sCoV %-5s", sep, mx->inst[i]);
	fprintf(f, "%sJain 1s%sJain all%saggr MB/s%sdirty%s\n", sep, sep, sep, sep,
		md ? " |" : "");
	if (md) {
		fprintf(f, "|---|---|");
		for (int i = 0; i < 3 * mx->nr_inst + 4; i++)
			fprintf(f, "---:|");
		fprintf(f, "\n");
	}
	for (int k = 0; k < mx->nr_cells; k++) {
		struct cell *c = &mx->cell[k];

		fprintf(f, "%s%-9s%s%-9s", md ? "| " : "", c->flusher, sep, c->sched);
		if (!c->cm.ok) {
			fprintf(f, "%sfailed: %s%s\n", sep, c->cm.verdict, md ? " |" : "");
			continue;
		}
		for (int i = 0; i < mx->nr_inst; i++)
			fprintf(f, "%s%12.2f", sep, c->cm.dbench[i]);
		for (int i = 0; i < mx->nr_inst; i++)
			fprintf(f, "%s%12.2f", sep, c->cm.disk[i]);
		for (int i = 0; i < mx->nr_inst; i++)
			fprintf(f, "%s%9.3f", sep, c->cm.cov[i]);
		fprintf(f, "%s%7.3f%s%8.3f%s%9.2f%s%5s%s\n", sep, c->cm.jain_interval, sep,
			c->cm.jain, sep, c->cm.aggregate, sep,
			!c->cm.dirty_known ? "?" : c->cm.dirty_hit ? "hit" : "NO",
			md ? " |" : "");
	}
}

int write_report(struct matrix *mx)
{
	char path[4200], tmp[4300];
	FILE *f;
	int bad;

	snprintf(path, sizeof(path), "%s/report.md", mx->outdir);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f)
		return -errno;
	fprintf(f, "# wbsim matrix: %s\n\n", mx->scenario_file ? mx->scenario_file : "(defaults)");
	if (mx->stopped)
		fprintf(f, "**Incomplete: interrupted by %s**; the cells not run are missing.\n\n",
			mx->stopped == SIGINT ? "SIGINT" : "SIGTERM");
	fprintf(f, "Overrides:");
	for (int i = 0; i < mx->nr_sets; i++)
		fprintf(f, " `--set %s`", mx->sets[i]);
	fprintf(f, "%s\n\n", mx->nr_sets ? "" : " none");
	fprintf(f, "dbench: each instance's Throughput line (MB/s of reads and writes, as dbench counts them). "
		   "disk: mean MB/s written to the partition, from the blktrace completions. "
		   "CoV: coefficient of variation of that partition's per-second write rate. "
		   "Jain 1s: mean of the per-second Jain indexes of the instances' partitions; Jain all: over the whole run. "
		   "dirty: whether the run was throttled on dirty memory (a run that never was does not test the flushers). "
		   "Each cell below says how dbench's split compares with the disk's and where each instance was in its loadfile while dbench measured: "
		   "with equal starts the instance listed second tends to lead dbench while the disk split is even "
		   "(docs/results.md, \"Why the second-listed instance leads\").\n\n");
	print_table(f, mx, true);
	fprintf(f, "\n## Cells\n\n");
	for (int k = 0; k < mx->nr_cells; k++) {
		struct cell *c = &mx->cell[k];
		const char *base = strrchr(c->dir, '/') ? strrchr(c->dir, '/') + 1 : c->dir;

		fprintf(f, "### %s, %s\n\n%s\n\n", c->flusher, c->sched, c->cm.verdict);
		if (c->cm.dbench_why[0])
			fprintf(f, "%s\n", c->cm.dbench_why);
		if (c->wall >= 0)
			fprintf(f, "Run directory `%s/` (%.1f s wall). ", base, c->wall);
		else
			fprintf(f, "Run directory `%s/` (merged: wall time not known). ", base);
		fprintf(f, "[MB/s per partition](%s/plots/rate.png) · "
			   "[cumulative](%s/plots/cumulative.png) · "
			   "[share](%s/plots/share.png) (SVG beside each)\n\n",
			base, base, base);
		fprintf(f, "![%s-%s](%s/plots/rate.png)\n\n", c->flusher,
			c->sched, base);
	}
	bad = ferror(f);
	if (fclose(f) || bad) {
		int e = errno ? errno : EIO;

		unlink(tmp);
		return -e;
	}
	return rename(tmp, path) ? -errno : 0;
}

enum { OPT_FLUSHERS = CMD_LONG, OPT_SCHEDULERS, OPT_FORCE, OPT_JOBS_LIST,
       OPT_WBSIM, OPT_MERGE };

static const struct cmd_opt matrix_opts[] = {
	{ "flushers", OPT_FLUSHERS, "LIST", "flusher models, comma-separated (default: all)" },
	{ "schedulers", OPT_SCHEDULERS, "LIST", "I/O schedulers, comma-separated (default: all)" },
	{ "jobs", 'j', "N", "cells at a time, 1..64 (default 2)" },
	{ "output", 'o', "DIR", "the matrix directory (default: a new runs/SCENARIO-N)" },
	{ "force", OPT_FORCE, NULL, "-o DIR may hold files wbsim did not write" },
	{ "quiet", 'q', NULL, "no progress on stderr" },
	{ "set", 's', "SECTION.KEY=VALUE", "override one option in every cell" },
	{ "jobs-list", OPT_JOBS_LIST, NULL,
	  "print one `wbsim run` command line per cell instead of running them" },
	{ "wbsim", OPT_WBSIM, "CMD",
	  "with --jobs-list: the program to name (default: this executable)" },
	{ "merge", OPT_MERGE, NULL,
	  "the operands after it are cell directories run anywhere: make their "
	  "table and report" },
	CMD_OPT_HELP,
	{ NULL },
};

static const struct cmd_desc matrix_cmd = {
	.name = "matrix",
	.synopsis = "[SCENARIO] [--flushers LIST] [--schedulers LIST] [-j N]\n"
		    "                    [-o DIR [--force]] [-q] [--set SECTION.KEY=VALUE]...\n"
		    "                    [--jobs-list [--wbsim CMD] | --merge CELLDIR...]",
	.about =
"Runs the scenario once per flusher model and I/O scheduler, -j cells at\n"
"a time, each into DIR/FLUSHER-SCHED/, then prints one table and writes\n"
"DIR/report.md with plots. Without SCENARIO, the shipped box2009.ini; -o\n"
"DIR as for `wbsim run` (refuses a non-empty directory that is not a\n"
"wbsim run directory unless --force).\n"
"\n"
"Fan-out (README \"Running big sweeps\"): --jobs-list -o DIR prints the\n"
"cells' command lines; --merge CELLDIR... makes the table and report of\n"
"cells run anywhere, refusing (exit 2) a directory whose scenario.ini is\n"
"not the one this matrix gives that cell. Give the same scenario, --set,\n"
"--flushers and --schedulers to both.\n",
	.opts = matrix_opts,
	.after =
"examples:\n"
"  wbsim matrix sim/scenarios/box2009.ini -o runs/box2009\n"
"  wbsim matrix box2009.ini --flushers bdi,bdi-fair --schedulers cfq\n"
"  wbsim matrix box2009.ini --jobs-list -o runs/b | parallel -j 8\n"
"  wbsim matrix box2009.ini --merge runs/b/*/\n",
};

/* Check every cell's scenario here, before anything runs: bad input
 * exits 2 with its file:line, not 1 from inside a cell. */
static int validate_cells(struct matrix *mx)
{
	for (int k = 0; k < mx->nr_cells; k++) {
		struct scenario s;
		int ret = cell_scenario(mx, &mx->cell[k], &s);

		if (ret)
			return ret;
		scenario_exit(&s);
	}
	return 0;
}

/* Each cell's manifest (after its plots), then the matrix directory's. */
int write_manifests(struct matrix *mx, struct outdir *od)
{
	char err[8500];
	int ret = 0;

	for (int k = 0; k < mx->nr_cells; k++) {
		struct outdir cod = { .nr_keep = 0 };

		if (!mx->cell[k].pid)
			continue;	/* never started */
		snprintf(cod.path, sizeof(cod.path), "%s", mx->cell[k].dir);
		if (outdir_write_manifest(&cod, err, sizeof(err))) {
			fprintf(stderr, "%s\n", err);
			ret = -EIO;
		}
	}
	if (outdir_write_manifest(od, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		ret = -EIO;
	}
	return ret;
}

/**
 * matrix_main - `wbsim matrix`; exit 0, 2 for bad input, 1 if a cell failed,
 * 128 + the signal when interrupted
 */
int matrix_main(int argc, char **argv)
{
	static struct matrix mx;
	char fl[16][32], sc[16][32], err[8500], defpath[4096];
	const char *flushers = NULL, *scheds = NULL, *outdir = NULL, *wbsim = NULL;
	bool force = false, jobs_list = false, merge = false;
	/* static, like mx: the early bad-input returns leave it reachable */
	static char **dirs;
	int nr_dirs = 0;
	struct cmd_parser p;
	struct outdir od;
	int nf, ns, ret, opt;
	struct scenario s;
	char *a;

	mx.jobs = 2;
	mx.tty = isatty(STDERR_FILENO);
	mx.sets = calloc((size_t)argc, sizeof(char *));
	dirs = calloc((size_t)argc, sizeof(char *));
	cmd_parser_init(&p, &matrix_cmd, argc, argv);
	while ((opt = cmd_next(&p, &a))) {
		switch (opt) {
		case 'h':
			cmd_usage(stdout, &matrix_cmd);
			return stdout_close_check(0);
		case OPT_FLUSHERS:
			flushers = a;
			break;
		case OPT_SCHEDULERS:
			scheds = a;
			break;
		case 'j': {
			char *end;
			long j = strtol(a, &end, 10);

			if (end == a || *end || j < 1 || j > 64) {
				fprintf(stderr, "wbsim matrix: -j wants 1..64\n");
				return 2;
			}
			mx.jobs = (int)j;
			break;
		}
		case 'o':
			outdir = a;
			break;
		case OPT_FORCE:
			force = true;
			break;
		case 'q':
			mx.quiet = true;
			break;
		case 's':
			mx.sets[mx.nr_sets++] = a;
			break;
		case OPT_JOBS_LIST:
			jobs_list = true;
			break;
		case OPT_WBSIM:
			wbsim = a;
			break;
		case OPT_MERGE:
			merge = true;
			break;
		case 1:
			if (merge && dirs) {
				dirs[nr_dirs++] = a;
			} else if (!mx.scenario_file) {
				mx.scenario_file = a;
			} else {
				fprintf(stderr, "wbsim matrix: more than one scenario ('%s', '%s')\n",
					mx.scenario_file, a);
				return 2;
			}
			break;
		default:
			cmd_usage(stderr, &matrix_cmd);
			return 2;
		}
	}
	if (!mx.scenario_file) {
		if (default_scenario_path(defpath, sizeof(defpath))) {
			fprintf(stderr, "wbsim matrix: no scenario given and the default box2009.ini is not at %s\n",
				defpath);
			return 2;
		}
		mx.scenario_file = defpath;
	}
	/* check the scenario and overrides once, here, with messages */
	if (scenario_init(&s))
		return 1;
	if ((mx.scenario_file && config_load_file(&s.cfg, mx.scenario_file))) {
		scenario_exit(&s);
		return 2;
	}
	for (int i = 0; i < mx.nr_sets; i++)
		if (config_set(&s.cfg, mx.sets[i])) {
			scenario_exit(&s);
			return 2;
		}
	{
		/* the instances, for the table's columns */
		const struct dbench_params *dp = s.dbench;
		const struct opt_list *l = dp->instances.n ? &dp->instances :
					   &s.sim.mount;

		for (unsigned int i = 0; i < l->n && mx.nr_inst < CELL_MAX_INST; i++)
			snprintf(mx.inst[mx.nr_inst++], 16, "%.15s",
				 opt_list_item(l, i));
	}
	scenario_exit(&s);
	{
		/* default: every model that is built in, in table order */
		char all[256] = "";

		for (int i = 0; flusher_names[i]; i++)
			snprintf(all + strlen(all), sizeof(all) - strlen(all), "%s%s",
				 i ? "," : "", flusher_names[i]);
		nf = split_list(flushers ? flushers : all, fl, 16, flusher_names,
				"flusher");
	}
	ns = split_list(scheds ? scheds : "noop,deadline,cfq", sc, 16,
			elevator_names, "scheduler");
	if (!nf || !ns)
		fprintf(stderr, "wbsim matrix: --%s names no %s\n",
			nf ? "schedulers" : "flushers", nf ? "scheduler" : "flusher model");
	if (nf <= 0 || ns <= 0)
		return 2;
	for (int i = 0; i < nf; i++)
		for (int j = 0; j < ns && mx.nr_cells < MATRIX_MAX; j++) {
			struct cell *c = &mx.cell[mx.nr_cells++];

			snprintf(c->flusher, sizeof(c->flusher), "%.31s", fl[i]);
			snprintf(c->sched, sizeof(c->sched), "%.31s", sc[j]);
		}
	ret = validate_cells(&mx);
	if (ret)
		return ret;
	if (jobs_list || merge) {
		if (jobs_list == merge || (jobs_list && !outdir) || (merge && !nr_dirs)) {
			fprintf(stderr, "wbsim matrix: %s\n", jobs_list && merge ?
				"--jobs-list and --merge go in separate commands" :
				jobs_list ? "--jobs-list needs -o DIR, where the cells go" :
				"--merge needs the cell directories");
			return 2;
		}
		ret = jobs_list ? matrix_jobs_list(&mx, outdir, wbsim) :
				  matrix_merge(&mx, dirs, nr_dirs, outdir);
		free(dirs);
		dirs = NULL;
		free(mx.sets);
		if (ret < 0) {
			fprintf(stderr, "wbsim matrix: %s\n", strerror(-ret));
			return 1;
		}
		return jobs_list ? stdout_close_check(ret) : ret;
	}
	free(dirs);
	dirs = NULL;
	ret = outdir ? outdir_prepare(&od, outdir, force, err, sizeof(err)) :
		       outdir_new(&od, mx.scenario_file, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "%s\n", err);
		return ret == -ENOTEMPTY ? 2 : 1;
	}
	outdir = od.path;
	snprintf(mx.outdir, sizeof(mx.outdir), "%s", outdir);
	if (!mx.quiet)
		fprintf(stderr, "wbsim matrix: writing %s\n", outdir);
	for (int k = 0; k < mx.nr_cells; k++) {
		struct cell *c = &mx.cell[k];
		char dir[sizeof(c->dir)];

		/* through a local: gcc -O1 cannot tell c->dir from c->flusher */
		snprintf(dir, sizeof(dir), "%.4000s/%s-%s", outdir, c->flusher, c->sched);
		memcpy(c->dir, dir, sizeof(dir));
	}
	run_install_stop_handlers();
	ret = run_cells(&mx);
	if (ret < 0) {
		fprintf(stderr, "wbsim matrix: %s\n", strerror(-ret));
		outdir_release(&od);
		return 1;
	}
	for (int k = 0; k < mx.nr_cells; k++)
		if (WIFEXITED(mx.cell[k].status) && !WEXITSTATUS(mx.cell[k].status) &&
		    mx.cell[k].pid)
			cell_analyse(mx.cell[k].dir, mx.inst, mx.nr_inst, &mx.cell[k].cm,
				     true);
		else if (!mx.cell[k].pid)
			snprintf(mx.cell[k].cm.verdict, sizeof(mx.cell[k].cm.verdict),
				 "not run (interrupted)");
		else
			snprintf(mx.cell[k].cm.verdict, sizeof(mx.cell[k].cm.verdict),
				 "the cell's simulation failed (exit %d)",
				 WIFEXITED(mx.cell[k].status) ? WEXITSTATUS(mx.cell[k].status) : -1);
	for (int k = 0; k < mx.nr_cells; k++)
		if (mx.cell[k].cm.plot_failed)
			ret = 1;
	print_table(stdout, &mx, false);
	if ((errno = -write_report(&mx))) {
		fprintf(stderr, "%s/report.md: %s\n", outdir, strerror(errno));
		ret = 1;
	}
	if (write_manifests(&mx, &od))
		ret = 1;
	outdir_release(&od);
	printf("\nreport: %s/report.md\n", outdir);
	free(mx.sets);
	if (mx.stopped) {
		fprintf(stderr, "wbsim matrix: interrupted by %s; %s is a partial run\n",
			mx.stopped == SIGINT ? "SIGINT" : "SIGTERM", outdir);
		return stdout_close_check(128 + mx.stopped);
	}
	return stdout_close_check(ret ? 1 : 0);
}
