// SPDX-License-Identifier: GPL-2.0
/*
 * wbsim: a deterministic discrete-event simulator of the Linux writeback
 * path. Subcommands live in their own files; this file only dispatches.
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "kernel/sim.h"
#include "version.h"

static const struct wbsim_command commands[] = {
	{ "run", run_main, "simulate one cell: a machine running dbench, writing a run directory" },
	{ "matrix", matrix_main, "run a scenario under every flusher model and I/O scheduler, with a report" },
	{ "replay", replay_main, "replay a request trace through the block layer and a disk" },
	{ "options", options_main, "list every scenario option with its default" },
	{ NULL, NULL, NULL },
};

static void usage(FILE *f)
{
	fprintf(f, "usage: wbsim COMMAND [ARGS]\n\ncommands:\n");
	for (size_t i = 0; commands[i].name; i++)
		fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].help);
	fprintf(f, "\n'wbsim COMMAND --help' describes one command; 'wbsim --version'\n"
		   "prints the version.\n");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V") ||
	    !strcmp(argv[1], "version")) {
		/* a closed or full stdout is a failed command, not a silent 0 */
		if (printf("wbsim %s\n", WBSIM_VERSION) < 0 || fflush(stdout)) {
			perror("wbsim: stdout");
			return 1;
		}
		return 0;
	}
	for (size_t i = 0; commands[i].name; i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].fn(argc - 1, argv + 1);
	fprintf(stderr, "wbsim: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return 2;
}
