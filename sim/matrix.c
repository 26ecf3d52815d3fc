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
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cell-report.h"
#include "commands.h"
#include "dbench.h"
#include "run.h"

#define MATRIX_MAX	64

struct cell {
	char flusher[32], sched[32];
	char dir[4096];
	pid_t pid;
	int status;
	struct timespec t0;
	double wall;
	struct cell_metrics cm;
};

struct matrix {
	const char *scenario_file;
	char **sets;
	int nr_sets;
	char outdir[4096];
	int jobs;
	struct cell cell[MATRIX_MAX];
	int nr_cells;
	char inst[CELL_MAX_INST][16];
	int nr_inst;
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The child: build the scenario with this cell's overrides and run it. */
static int cell_child(struct matrix *mx, struct cell *c)
{
	char err[1024] = "", set[96];
	struct run_result r;
	struct scenario s;
	int ret;

	if (scenario_init(&s))
		return 1;
	if (mx->scenario_file && config_load_file(&s.cfg, mx->scenario_file))
		return 2;
	for (int i = 0; i < mx->nr_sets; i++)
		if (config_set(&s.cfg, mx->sets[i]))
			return 2;
	snprintf(set, sizeof(set), "writeback.flusher=%s", c->flusher);
	if (config_set(&s.cfg, set))
		return 2;
	snprintf(set, sizeof(set), "queue.elevator=%s", c->sched);
	if (config_set(&s.cfg, set))
		return 2;
	ret = run_cell(&s, c->dir, &r, err, sizeof(err));
	if (ret)
		fprintf(stderr, "%s: %s\n", c->dir, err);
	scenario_exit(&s);
	return ret == -EINVAL ? 2 : ret ? 1 : 0;
}

static int split_list(const char *list, char out[][32], int max,
		      const char *const *valid, const char *what)
{
	char buf[512], *save = NULL, *tok;
	int n = 0;

	snprintf(buf, sizeof(buf), "%s", list);
	for (tok = strtok_r(buf, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
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

static void progress(struct matrix *mx, int done, int running, double t0)
{
	fprintf(stderr, "\rwbsim matrix: %d/%d cells done, %d running, %.1f s   ",
		done, mx->nr_cells, running, now_s() - t0);
	fflush(stderr);
}

static int run_cells(struct matrix *mx)
{
	int next = 0, done = 0, running = 0, failed = 0;
	double t0 = now_s();

	progress(mx, 0, 0, t0);
	while (done < mx->nr_cells) {
		while (running < mx->jobs && next < mx->nr_cells) {
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
		}
		int status;
		pid_t pid = wait(&status);

		if (pid < 0)
			return -errno;
		for (int i = 0; i < mx->nr_cells; i++)
			if (mx->cell[i].pid == pid) {
				mx->cell[i].status = status;
				mx->cell[i].wall = now_s() - mx->cell[i].wall;
				if (!WIFEXITED(status) || WEXITSTATUS(status))
					failed++;
			}
		running--;
		done++;
		progress(mx, done, running, t0);
	}
	fprintf(stderr, "\n");
	return failed;
}

static void print_table(FILE *f, struct matrix *mx, bool md)
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

static int write_report(struct matrix *mx)
{
	char path[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/report.md", mx->outdir);
	f = fopen(path, "w");
	if (!f)
		return -errno;
	fprintf(f, "# wbsim matrix: %s\n\n", mx->scenario_file ? mx->scenario_file : "(defaults)");
	fprintf(f, "Overrides:");
	for (int i = 0; i < mx->nr_sets; i++)
		fprintf(f, " `--set %s`", mx->sets[i]);
	fprintf(f, "%s\n\n", mx->nr_sets ? "" : " none");
	fprintf(f, "dbench: each instance's Throughput line (MB/s of reads and writes, as dbench counts them). "
		   "disk: mean MB/s written to the partition, from the blktrace completions. "
		   "CoV: coefficient of variation of that partition's per-second write rate. "
		   "Jain 1s: mean of the per-second Jain indexes of the instances' partitions; Jain all: over the whole run. "
		   "dirty: whether the run was throttled on dirty memory (a run that never was does not test the flushers).\n\n");
	print_table(f, mx, true);
	fprintf(f, "\n## Cells\n\n");
	for (int k = 0; k < mx->nr_cells; k++) {
		struct cell *c = &mx->cell[k];
		const char *base = strrchr(c->dir, '/') ? strrchr(c->dir, '/') + 1 : c->dir;

		fprintf(f, "### %s, %s\n\n%s\n\n", c->flusher, c->sched, c->cm.verdict);
		fprintf(f, "Run directory `%s/` (%.1f s wall). ", base, c->wall);
		fprintf(f, "[MB/s per partition](%s/plots/rate.png) · "
			   "[cumulative](%s/plots/cumulative.png) · "
			   "[share](%s/plots/share.png) (SVG beside each)\n\n",
			base, base, base);
		fprintf(f, "![%s-%s](%s/plots/rate.png)\n\n", c->flusher,
			c->sched, base);
	}
	return fclose(f) ? -EIO : 0;
}

static void usage(FILE *f)
{
	fprintf(f,
"usage: wbsim matrix SCENARIO [--flushers LIST] [--schedulers LIST] [-j N]\n"
"                    [-o DIR] [--set SECTION.KEY=VALUE]...\n"
"\n"
"Runs the scenario once per flusher model and I/O scheduler (default: all\n"
"of each), -j cells at a time (default 2), each into DIR/FLUSHER-SCHED/,\n"
"then prints one table and writes DIR/report.md with plots.\n"
"\n"
"example:\n"
"  wbsim matrix sim/scenarios/box2009.ini -o runs/box2009\n"
"  wbsim matrix sim/scenarios/box2009.ini --flushers bdi,bdi-fair --schedulers cfq\n");
}

/**
 * matrix_main - `wbsim matrix`; exit 0, 2 for bad input, 1 if a cell failed
 */
int matrix_main(int argc, char **argv)
{
	static struct matrix mx;
	char fl[16][32], sc[16][32];
	const char *flushers = NULL, *scheds = NULL, *outdir = "runs/matrix";
	int nf, ns, ret;
	struct scenario s;

	mx.jobs = 2;
	mx.sets = calloc((size_t)argc, sizeof(char *));
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 0;
		} else if (i + 1 < argc && !strcmp(a, "--flushers")) {
			flushers = argv[++i];
		} else if (i + 1 < argc && !strcmp(a, "--schedulers")) {
			scheds = argv[++i];
		} else if (i + 1 < argc && !strcmp(a, "-j")) {
			mx.jobs = atoi(argv[++i]);
			if (mx.jobs < 1 || mx.jobs > 64) {
				fprintf(stderr, "wbsim matrix: -j wants 1..64\n");
				return 2;
			}
		} else if (i + 1 < argc && !strcmp(a, "-o")) {
			outdir = argv[++i];
		} else if (i + 1 < argc && (!strcmp(a, "--set") || !strcmp(a, "-s"))) {
			mx.sets[mx.nr_sets++] = argv[++i];
		} else if (a[0] != '-' && !mx.scenario_file) {
			mx.scenario_file = a;
		} else {
			fprintf(stderr, "wbsim matrix: unknown or incomplete argument '%s'\n", a);
			usage(stderr);
			return 2;
		}
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
		char list[OPT_STR_MAX], *save = NULL, *tok;

		snprintf(list, sizeof(list), "%s", dp->instances[0] ? dp->instances : s.sim.mount);
		for (tok = strtok_r(list, ", ", &save); tok && mx.nr_inst < CELL_MAX_INST;
		     tok = strtok_r(NULL, ", ", &save))
			snprintf(mx.inst[mx.nr_inst++], 16, "%.15s", tok);
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
	if (nf <= 0 || ns <= 0)
		return 2;
	snprintf(mx.outdir, sizeof(mx.outdir), "%s", outdir);
	if (mkdir(outdir, 0777) && errno != EEXIST) {
		fprintf(stderr, "%s: %s\n", outdir, strerror(errno));
		return 1;
	}
	for (int i = 0; i < nf; i++)
		for (int j = 0; j < ns && mx.nr_cells < MATRIX_MAX; j++) {
			struct cell *c = &mx.cell[mx.nr_cells++];

			snprintf(c->flusher, sizeof(c->flusher), "%.31s", fl[i]);
			snprintf(c->sched, sizeof(c->sched), "%.31s", sc[j]);
			snprintf(c->dir, sizeof(c->dir), "%s/%s-%s", outdir, fl[i], sc[j]);
		}
	ret = run_cells(&mx);
	if (ret < 0) {
		fprintf(stderr, "wbsim matrix: %s\n", strerror(-ret));
		return 1;
	}
	for (int k = 0; k < mx.nr_cells; k++)
		if (WIFEXITED(mx.cell[k].status) && !WEXITSTATUS(mx.cell[k].status))
			cell_analyse(mx.cell[k].dir, mx.inst, mx.nr_inst, &mx.cell[k].cm,
				     true);
		else
			snprintf(mx.cell[k].cm.verdict, sizeof(mx.cell[k].cm.verdict),
				 "the cell's simulation failed (exit %d)",
				 WIFEXITED(mx.cell[k].status) ? WEXITSTATUS(mx.cell[k].status) : -1);
	print_table(stdout, &mx, false);
	if (write_report(&mx))
		fprintf(stderr, "wbsim matrix: cannot write %s/report.md\n", outdir);
	printf("\nreport: %s/report.md\n", outdir);
	free(mx.sets);
	return ret ? 1 : 0;
}
