// SPDX-License-Identifier: GPL-2.0
/*
 * `wbsim replay`: the command line (the statistics and the output
 * directory are workload/replay-stats.c).
 */
#include <errno.h>
#include <signal.h>
#include <unistd.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "commands.h"
#include "workload/disksim.h"
#include "outdir.h"
#include "workload/replay.h"

static void usage(FILE *f)
{
	fprintf(f,
"usage: wbsim replay TRACE [-f auto|disksim|blkparse|disksim-validate]\n"
"                          [-c SCENARIO]...\n"
"                          [--set SECTION.KEY=VALUE]... [-o DIR]\n"
"\n"
"Replays a request trace (DiskSim ASCII or blkparse text; '-' = stdin)\n"
"through the block layer and disk of the scenario, at the trace's arrival\n"
"times, and prints request count, throughput and response times\n"
"(mean/p50/p95/p99/max, nearest-rank). Defaults: the 2009 7200 rpm PATA\n"
"disk with CFQ; see 'wbsim options' for every option.\n"
"\n"
"  -f FORMAT     trace format (default auto: from the first line);\n"
"                disksim-validate: DiskSim's closed-loop validation trace,\n"
"                reported as mean access time against the measured one\n"
"                and DiskSim's rms demerit (not with -o)\n"
"  -c FILE       scenario file; several are applied in order\n"
"  --set K=V     override one option after the files\n"
"  -o DIR        write DIR/sda.blktrace.0 and DIR/geometry\n"
"\n"
"examples:\n"
"  wbsim replay trace.ascii --set queue.elevator=deadline\n"
"  wbsim replay sda.txt -c sim/disks/ssd-sata.ini -o out\n"
"  blkparse -i out/sda -D out | wbsim replay - -f blkparse\n");
}

/* -f disksim-validate: no request queue, so no blktrace and no -o */
static int replay_validate(struct scenario *s, const char *trace,
			   const char *outdir)
{
	char errmsg[TRACE_ERR_MAX] = "";
	struct dsv_result res;
	int ret;

	if (outdir) {
		fprintf(stderr, "wbsim replay: -o does not go with -f disksim-validate\n");
		return 2;
	}
	ret = disksim_validate_run(s, trace, &res, errmsg, sizeof(errmsg));
	if (ret) {
		fprintf(stderr, "%s\n", errmsg);
		return ret == -EINVAL ? 2 : 1;
	}
	disksim_validate_print(stdout, &res);
	return stdout_close_check(0);
}

/**
 * replay_main - `wbsim replay`; exit 0, 2 for bad input, 1 otherwise
 */
int replay_main(int argc, char **argv)
{
	enum trace_format fmt = TRACE_FMT_AUTO;
	const char *trace = NULL, *outdir = NULL;
	struct replay_stats st = { 0 };
	char errmsg[TRACE_ERR_MAX] = "";
	struct outdir od;
	bool force = false, validate = false;
	struct scenario s;
	int ret;

	if (scenario_init(&s))
		return 1;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		ret = scenario_arg(&s, argc, argv, &i);
		if (ret < 0)
			goto bad;
		if (ret)
			continue;
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			scenario_exit(&s);
			return 0;
		} else if ((!strcmp(a, "-f") || !strcmp(a, "-o")) && i + 1 < argc) {
			if (a[1] == 'o') {
				outdir = argv[++i];
			} else if (!strcmp(argv[i + 1], "disksim-validate")) {
				validate = true;
				i++;
			} else if (trace_format_parse(argv[++i], &fmt)) {
				fprintf(stderr, "wbsim replay: unknown format '%s'\n",
					argv[i]);
				goto bad;
			}
		} else if (!strcmp(a, "--force")) {
			force = true;
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "wbsim replay: unknown or incomplete option '%s'\n", a);
			goto bad;
		} else if (!trace) {
			trace = a;
		} else {
			fprintf(stderr, "wbsim replay: more than one trace\n");
			goto bad;
		}
	}
	if (!trace) {
		usage(stderr);
		goto bad;
	}
	if (validate) {
		ret = replay_validate(&s, trace, outdir);
		scenario_exit(&s);
		return ret;
	}
	signal(SIGXFSZ, SIG_IGN);	/* EFBIG from write(), with a message */
	if (outdir) {
		ret = outdir_prepare(&od, outdir, force, errmsg, sizeof(errmsg));
		if (ret) {
			fprintf(stderr, "%s\n", errmsg);
			scenario_exit(&s);
			return ret == -ENOTEMPTY ? 2 : 1;
		}
	}
	ret = replay_run(&s, trace, fmt, outdir, &st, errmsg, sizeof(errmsg));
	if (outdir && ret == -EINVAL) {
		outdir_discard(&od);
	} else if (outdir) {
		char merr[8500];

		if (outdir_write_manifest(&od, merr, sizeof(merr))) {
			fprintf(stderr, "%s\n", merr);
			ret = ret ? ret : -EIO;
		}
		outdir_release(&od);
	}
	if (ret) {
		fprintf(stderr, "%s\n", errmsg);
		replay_stats_free(&st);
		scenario_exit(&s);
		return ret == -EINVAL ? 2 : 1;
	}
	replay_stats_print(stdout, &st);
	replay_stats_free(&st);
	scenario_exit(&s);
	return stdout_close_check(0);
bad:
	scenario_exit(&s);
	return 2;
}
