// SPDX-License-Identifier: GPL-2.0
/* wbfair events: the trace-event catalogue, and traces checked against it. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "../ftrace_text.h"
#include "../trace_events.h"
#include "commands.h"

static const char events_usage[] =
"usage: wbfair events [RUN_DIR|TRACE_TXT...]\n"
"\n"
"Without arguments: the trace-event catalogue (include/trace-events.def),\n"
"one event a line, tab-separated: name, origin (kernel: Linux 6.1's\n"
"tracepoints; series: the patch series'; sim: wbsim only), the fields\n"
"wbsim prints as 0, and the format of the event's text.\n"
"\n"
"With traces (a run directory's trace.txt, or trace-cmd report files):\n"
"check that every event is in the catalogue with the catalogued fields in\n"
"their order; print each trace's events and their counts.\n"
"\n"
"Exit status: 0 done, 2 an event the catalogue lacks or bad input\n"
"(file:line), 1 other failure.\n";

static int check_one(const char *arg, struct wbf_err *e)
{
	struct wbf_ftrace ft = { 0 };
	char path[4096];
	size_t i;
	int ret;

	ret = wbf_ftrace_load(&ft, arg, true, path, sizeof(path), e);
	if (!ret) {
		printf("%s: %llu events, all in the catalogue\n", path,
		       (unsigned long long)ft.events);
		for (i = 0; i < ft.ncounts; i++)
			if (!ft.counts[i].dev[0])
				printf("  %-32s %10llu\n", ft.counts[i].event,
				       (unsigned long long)ft.counts[i].count);
	}
	wbf_ftrace_free(&ft);
	return ret;
}

/**
 * wbf_cmd_events() - the `wbfair events` command
 * @argc: arguments after "wbfair"
 * @argv: argv[0] is "events"
 *
 * Return: the exit status.
 */
int wbf_cmd_events(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct wbf_err e = { "" };
	int c, i, ret = 0;
	size_t k;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 'h') {
			fputs(events_usage, stdout);
			return 0;
		}
		fprintf(stderr, "wbfair events: bad option '%s'\nTry 'wbfair events --help'.\n",
			argv[optind - 1]);
		return 2;
	}
	if (optind == argc)
		for (k = 0; k < wbf_ntevs; k++)
			printf("%s\t%s\t%s\t%s\n", wbf_tevs[k].name,
			       wbf_tev_origin_name(wbf_tevs[k].origin),
			       wbf_tevs[k].zero, wbf_tevs[k].fmt);
	for (i = optind; i < argc && !ret; i++)
		ret = check_one(argv[i], &e);
	return wbf_cmd_done(&e, ret);
}
