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

#include "cmdline.h"
#include "commands.h"
#include "workload/disksim.h"
#include "outdir.h"
#include "workload/replay.h"

static const struct cmd_opt replay_opts[] = {
	{ "format", 'f', "FORMAT",
	  "trace format: auto (default: from the first line), disksim, "
	  "blkparse, or disksim-validate: DiskSim's closed-loop validation "
	  "trace, reported as mean access time against the measured one and "
	  "DiskSim's rms demerit (not with -o)" },
	CMD_OPT_SCENARIO,
	{ "output", 'o', "DIR", "write DIR/sda.blktrace.0 and DIR/geometry" },
	{ "force", CMD_LONG, NULL, "-o DIR may hold files wbsim did not write" },
	CMD_OPT_HELP,
	{ NULL },
};

static const struct cmd_desc replay_cmd = {
	.name = "replay",
	.synopsis = "TRACE [-f FORMAT] [-c SCENARIO]...\n"
		    "                    [--set SECTION.KEY=VALUE]... [-o DIR [--force]]",
	.about =
"Replays a request trace (DiskSim ASCII or blkparse text; '-' = stdin)\n"
"through the block layer and disk of the scenario, at the trace's arrival\n"
"times, and prints request count, throughput and response times\n"
"(mean/p50/p95/p99/max, nearest-rank). Defaults: the 2009 7200 rpm PATA\n"
"disk with CFQ; see 'wbsim options' for every option.\n",
	.opts = replay_opts,
	.after =
"examples:\n"
"  wbsim replay trace.ascii --set queue.elevator=deadline\n"
"  wbsim replay sda.txt -c sim/disks/ssd-sata.ini -o out\n"
"  blkparse -i out/sda -D out | wbsim replay - -f blkparse\n",
};

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
	struct cmd_parser p;
	struct scenario s;
	char *a;
	int ret, c;

	if (scenario_init(&s))
		return 1;
	if (cmd_parser_init(&p, &replay_cmd, argc, argv))
		goto bad;
	while ((c = cmd_next(&p, &a))) {
		ret = cmd_scenario_opt(&s, c, a);
		if (ret < 0)
			goto bad;
		if (ret)
			continue;
		switch (c) {
		case 'h':
			cmd_usage(stdout, &replay_cmd);
			scenario_exit(&s);
			return stdout_close_check(0);
		case 'o':
			outdir = a;
			break;
		case 'f':
			if (!strcmp(a, "disksim-validate")) {
				validate = true;
			} else if (trace_format_parse(a, &fmt)) {
				fprintf(stderr, "wbsim replay: unknown format '%s'\n", a);
				goto bad;
			}
			break;
		case CMD_LONG:
			force = true;
			break;
		case 1:
			if (trace) {
				fprintf(stderr, "wbsim replay: more than one trace\n");
				goto bad;
			}
			trace = a;
			break;
		default:
			goto bad;
		}
	}
	if (!trace) {
		cmd_usage(stderr, &replay_cmd);
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
