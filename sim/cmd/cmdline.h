/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The command lines of wbsim's subcommands: one option table per command
 * drives getopt_long and the --help text, as one option table per object
 * drives the scenario parser (sim/lib/options.h).
 */
#ifndef WBSIM_CMD_CMDLINE_H
#define WBSIM_CMD_CMDLINE_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

/* keys of long-only options: above any short option letter */
enum { CMD_LONG = 256 };

struct cmd_opt {
	const char *name;	/* long name, without "--" */
	int key;		/* the short letter, or CMD_LONG + n */
	/* the argument's name in --help; NULL: none; "[=...]": optional */
	const char *arg;
	const char *help;	/* one line or more, '\n' between lines */
};

/* -c/--scenario FILE and -s/--set K=V, the same in every command */
#define CMD_OPT_SCENARIO \
	{ "scenario", 'c', "FILE", "scenario file; several apply in order" }, \
	{ "set", 's', "SECTION.KEY=VALUE", \
	  "override one option, in order with the files (wbsim options lists them)" }
#define CMD_OPT_HELP	{ "help", 'h', NULL, "this text" }

struct cmd_desc {
	const char *name;	/* "run": for messages, "wbsim run: ..." */
	const char *synopsis;	/* after "usage: wbsim NAME " */
	const char *about;	/* paragraphs before the options */
	const struct cmd_opt *opts;	/* terminated by a NULL name */
	const char *after;	/* text after the options (examples), or NULL */
};

#define CMD_MAX_OPTS	24

struct cmd_parser {
	const struct cmd_desc *d;
	int argc;
	char **argv;
	struct option lo[CMD_MAX_OPTS + 1];
	char optstring[2 * CMD_MAX_OPTS + 4];
};

int cmd_parser_init(struct cmd_parser *p, const struct cmd_desc *d,
		    int argc, char **argv);
int cmd_next(struct cmd_parser *p, char **arg);
void cmd_usage(FILE *f, const struct cmd_desc *d);

struct scenario;
int cmd_scenario_opt(struct scenario *s, int key, const char *arg);

#endif
