// SPDX-License-Identifier: GPL-2.0
/*
 * wbfair: how fairly was the disk shared? Reads a run directory, blktrace
 * traces (binary or blkparse text), dbench logs, fio output and ftrace
 * text, and prints per-partition and per-process throughput, shares,
 * Jain's index, CoV, latencies and device figures.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>

#include "../load.h"
#include "../report.h"
#include "../why.h"
#include "commands.h"
#include "version.h"

static const char usage_text[] =
"usage: wbfair [options] RUN_DIR | TRACE_NAME | FILE...\n"
"       wbfair compare [options] RUN_DIR...\n"
"       wbfair why [--bin SECONDS] [-o DIR] RUN_DIR\n"
"       wbfair sb-turns [-q] RUN_DIR|TRACE_TXT...   (see --help there)\n"
"       wbfair events [RUN_DIR|TRACE_TXT...]        (see --help there)\n"
"       wbfair ranksum [--alpha A] FILE|-           (see --help there)\n"
"\n"
"Fairness analysis of simulated and real writeback runs. Inputs: a run\n"
"directory (see analysis/README.md), a blktrace name NAME (reads\n"
"NAME.blktrace.0, .1, ... like blkparse), or files: blktrace binary,\n"
"blkparse text output, dbench logs, fio JSON output and bw logs,\n"
"trace-cmd report / tracefs text, summary.json, vmstat.before/after.\n"
"\n"
"options:\n"
"  --part [NAME=]MAJ,MIN:START:SECTORS\n"
"                      a partition of the traced disk (repeatable); START\n"
"                      and SECTORS in 512-byte sectors, as in\n"
"                      /sys/block/DISK/PART/{start,size}\n"
"  --geometry FILE     partition layout: lines 'NAME MAJ,MIN DISK START\n"
"                      SECTORS' (replaces RUN_DIR/geometry)\n"
"  -i, --interval SECONDS\n"
"                      length of the per-interval series (default 1)\n"
"  --rw write|read|all direction the shares and fairness are about\n"
"                      (default write: writeback is the question)\n"
"  --format text|csv|json\n"
"                      output format (default text); csv rows are\n"
"                      kind,name,metric,t,value\n"
"  --plot DIR          also write gnuplot plots (PNG and SVG) to DIR\n"
"  --bin SECONDS       bins of the plots and of `why` (default 10; '1s' or\n"
"                      '1' for 1 s)\n"
"  -o, --output DIR    where `why` writes why.md and its plots (default\n"
"                      RUN_DIR/why)\n"
"  -h, --help          this text\n"
"  --version           print wbfair VERSION and exit\n"
"\n"
"examples:\n"
"  wbfair runs/pdflush-cfq\n"
"  wbfair --part sda1=8,1:2048:52428800 --part sda2=8,2:52430848:52428800 sda\n"
"  blkparse -i sda > sda.txt; wbfair --geometry geometry sda.txt\n"
"  wbfair --format csv -i 5 runs/bdi-noop > bdi-noop.csv\n"
"  wbfair dbench.sda1.log dbench.sda2.log\n"
"  wbfair --plot plots/ runs/pdflush-cfq\n"
"  wbfair compare runs/pdflush-cfq runs/bdi-cfq runs/bdi-noop\n"
"  wbfair why runs/box2009-1            # runs/box2009-1/why/why.md\n"
"  wbfair why --bin 1s -o /tmp/why traces/bdi-none\n"
"\n"
"`why` explains a run's split: bytes per partition and bin by writer\n"
"class (flusher, dirtier, journal, sync, reclaim), the flusher's superblock\n"
"turns, each instance's throttled time and the disk's request-size and\n"
"seek-distance histograms, as Markdown with PNG and SVG plots.\n"
"\n"
"Exit status: 0 done, 2 bad command line or bad input (message says\n"
"file:line or file: offset N), 1 other failure.\n";

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "wbfair: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'wbfair --help'.\n");
	return 2;
}

/* Bad input is the user's to fix (2); anything else is ours (1). */
static int fail(const struct wbf_err *e, int ret)
{
	fprintf(stderr, "wbfair: %s\n", e->msg);
	return ret == -EINVAL || ret == -ENOENT || ret == -EISDIR ||
	       ret == -EACCES || ret == -ENOTDIR ? 2 : 1;
}

static int report_failed(int ret)
{
	if (ret == -ERANGE) {
		fprintf(stderr, "wbfair: a series would have more than %d intervals: use a larger --interval\n",
			WBF_MAX_INTERVALS);
		return 2;
	}
	fprintf(stderr, "wbfair: %s\n", strerror(-ret));
	return 1;
}

enum { OPT_PART = 256, OPT_GEOMETRY, OPT_RW, OPT_FORMAT, OPT_PLOT, OPT_VERSION,
       OPT_BIN };

static const struct option long_opts[] = {
	{ "part", required_argument, NULL, OPT_PART },
	{ "geometry", required_argument, NULL, OPT_GEOMETRY },
	{ "interval", required_argument, NULL, 'i' },
	{ "rw", required_argument, NULL, OPT_RW },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "plot", required_argument, NULL, OPT_PLOT },
	{ "bin", required_argument, NULL, OPT_BIN },
	{ "output", required_argument, NULL, 'o' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 },
};

struct cli {
	struct wbf_opts o;
	enum wbf_format fmt;
	const char *plot;
	const char *outdir;		/* why -o */
	uint64_t bin_ns;		/* --bin */
	bool compare, why;
};

static int parse_args(int argc, char **argv, struct cli *c)
{
	int opt;

	while ((opt = getopt_long(argc, argv, "i:o:h", long_opts, NULL)) != -1) {
		switch (opt) {
		case OPT_PART: {
			char **p = realloc(c->o.parts,
					   (c->o.nparts + 1) * sizeof(*p));

			if (!p)
				return 1;
			c->o.parts = p;
			p[c->o.nparts++] = optarg;
			break;
		}
		case OPT_GEOMETRY:
			c->o.geometry = optarg;
			break;
		case 'i': {
			char *end;
			double s = strtod(optarg, &end);

			/* 1 ms: below that a 1 h trace is 3.6 M intervals */
			if (*end || end == optarg || !(s >= 0.001 && s <= 1e6))
				return usage_error("bad interval '%s' (want seconds, 0.001 to 1e6)",
						   optarg);
			c->o.interval_ns = (uint64_t)llround(s * 1e9);
			break;
		}
		case OPT_RW:
			if (!strcmp(optarg, "write"))
				c->o.rw = WBF_SEL_WRITE;
			else if (!strcmp(optarg, "read"))
				c->o.rw = WBF_SEL_READ;
			else if (!strcmp(optarg, "all"))
				c->o.rw = WBF_SEL_ALL;
			else
				return usage_error("bad --rw '%s' (write, read or all)",
						   optarg);
			break;
		case OPT_FORMAT:
			if (!strcmp(optarg, "text"))
				c->fmt = WBF_FMT_TEXT;
			else if (!strcmp(optarg, "csv"))
				c->fmt = WBF_FMT_CSV;
			else if (!strcmp(optarg, "json"))
				c->fmt = WBF_FMT_JSON;
			else
				return usage_error("bad --format '%s' (text, csv or json)",
						   optarg);
			break;
		case OPT_PLOT:
			c->plot = optarg;
			break;
		case OPT_BIN: {
			char *end;
			double b = strtod(optarg, &end);

			if (*end == 's')
				end++;
			if (*end || end == optarg || !(b >= 0.001 && b <= 1e6))
				return usage_error("bad --bin '%s' (want seconds, e.g. 10 or 1s)",
						   optarg);
			c->bin_ns = (uint64_t)llround(b * 1e9);
			break;
		}
		case 'o':
			c->outdir = optarg;
			break;
		case 'h':
			fputs(usage_text, stdout);
			exit(0);
		case OPT_VERSION:
			printf("wbfair %s\n", WBSIM_VERSION);
			/* stdout may be /dev/full: say so, do not exit 0 */
			if (fflush(stdout) || ferror(stdout)) {
				perror("wbfair: stdout");
				exit(1);
			}
			exit(0);
		default:
			return usage_error("%s", "bad option");
		}
	}
	return 0;
}

/* Warnings about a run that was still analysed (a cut trace). */
static void warn_run(const struct wbf_run *r)
{
	if (r->bt.warn[0])
		fprintf(stderr, "wbfair: warning: %s\n", r->bt.warn);
	if (r->partial[0])
		fprintf(stderr, "wbfair: warning: %s: partial run: %s\n",
			r->name, r->partial);
}

static int cmd_compare(struct cli *c, char **inputs, int n)
{
	struct wbf_run *runs = calloc(n, sizeof(*runs));
	struct wbf_err e = { "" };
	int i, ret = 0, st = 0;

	if (!runs)
		return 1;
	for (i = 0; i < n && !st; i++) {
		ret = wbf_run_load(&runs[i], &inputs[i], 1, &c->o, &e);
		if (ret)
			st = fail(&e, ret);
		else
			warn_run(&runs[i]);
	}
	if (!st) {
		ret = wbf_compare(stdout, runs, n, c->fmt);
		if (ret)
			st = report_failed(ret);
	}
	for (i = 0; i < n; i++)
		wbf_run_free(&runs[i]);
	free(runs);
	return st;
}

/* `wbfair why RUN_DIR`: why.h. */
static int cmd_why(struct cli *c, const char *dir)
{
	char *inputs[1] = { (char *)dir };
	char out[4200];
	struct wbf_err e = { "" };
	struct wbf_why y;
	struct wbf_run r;
	struct stat st;
	int ret, rc = 0;

	if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "wbfair why: %s: not a run directory\n", dir);
		return 2;
	}
	ret = wbf_run_load(&r, inputs, 1, &c->o, &e);
	if (ret)
		return fail(&e, ret);
	warn_run(&r);
	snprintf(out, sizeof(out), "%s/why", dir);
	ret = wbf_why_collect(&y, &r, c->bin_ns, &e);
	if (!ret)
		ret = wbf_why_report(&y, c->outdir ? c->outdir : out, &e);
	if (ret)
		rc = ret == -ERANGE ? 2 : fail(&e, ret);
	else
		printf("%s/why.md\n", c->outdir ? c->outdir : out);
	wbf_why_free(&y);
	wbf_run_free(&r);
	return rc;
}

int main(int argc, char **argv)
{
	/* 10 s bins: a 720 s run at 1 s is spaghetti, 10 s spans two
	 * flusher periods (dirty_writeback_centisecs = 500) */
	struct cli c = { .o = { .interval_ns = 1000000000ULL },
			 .bin_ns = 10000000000ULL };
	struct wbf_err e = { "" };
	struct wbf_run r;
	int ret, st = 0;

	/* subcommands with their own options */
	if (argc > 1 && !strcmp(argv[1], "sb-turns"))
		return wbf_cmd_sb_turns(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "events"))
		return wbf_cmd_events(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "ranksum"))
		return wbf_cmd_ranksum(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "compare")) {
		c.compare = true;
		argv++;
		argc--;
	} else if (argc > 1 && !strcmp(argv[1], "why")) {
		c.why = true;
		argv++;
		argc--;
	}
	ret = parse_args(argc, argv, &c);
	if (ret)
		goto out;
	if (optind >= argc) {
		ret = usage_error("%s", c.compare ? "compare needs run directories" :
				  "no input given");
		goto out;
	}
	if (c.why) {
		if (argc - optind != 1 || c.plot) {
			ret = usage_error("%s", "why takes one run directory (and no --plot)");
			goto out;
		}
		ret = cmd_why(&c, argv[optind]);
		goto out;
	}
	if (c.compare) {
		if (c.plot) {
			ret = usage_error("%s", "--plot is for one run, not compare");
			goto out;
		}
		ret = cmd_compare(&c, argv + optind, argc - optind);
		goto out;
	}
	ret = wbf_run_load(&r, argv + optind, argc - optind, &c.o, &e);
	if (!ret) {
		warn_run(&r);
		if (r.partial[0] && c.fmt == WBF_FMT_TEXT)
			printf("partial run: %s\n\n", r.partial);
	}
	if (ret) {
		st = fail(&e, ret);
	} else if ((ret = wbf_report(stdout, &r, c.fmt))) {
		st = report_failed(ret);
	} else if (c.plot) {
		ret = wbf_plot(&r, c.plot, c.bin_ns, &e);
		if (ret)
			st = fail(&e, ret);
	}
	wbf_run_free(&r);
	ret = st;
out:
	free(c.o.parts);
	if (fflush(stdout) && !ret)
		ret = 1;
	return ret;
}
