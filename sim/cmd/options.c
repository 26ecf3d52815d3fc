// SPDX-License-Identifier: GPL-2.0
/*
 * `wbsim options`: the option tables as a reference, a scenario dump or
 * the wbsim-scenario(5) manual page.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cmdline.h"
#include "commands.h"
#include "experiment.h"
#include "init/scenario.h"
#include "options-doc.h"
#include "outdir.h"
#include "version.h"

enum { OPT_DUMP = CMD_LONG, OPT_FLAT, OPT_MAN, OPT_EXPERIMENT };

static const struct cmd_opt options_opts[] = {
	CMD_OPT_SCENARIO,
	{ "dump", OPT_DUMP, NULL,
	  "the effective values as a scenario file that reproduces them" },
	{ "flat", OPT_FLAT, NULL,
	  "with --dump: one SECTION.KEY<TAB>VALUE line each, for scripts" },
	{ "man", OPT_MAN, NULL, "the wbsim-scenario(5) manual page (roff)" },
	{ "experiment", OPT_EXPERIMENT, "[=drop]",
	  "also read and dump the real experiment's [qemu] section "
	  "(tools/experiment/run.sh); =drop reads it, leaves it out of the dump" },
	CMD_OPT_HELP,
	{ NULL },
};

static const struct cmd_desc options_cmd = {
	.name = "options",
	.synopsis = "[-c SCENARIO]... [--set SECTION.KEY=VALUE]...\n"
		    "                     [--experiment[=drop]] [--dump [--flat] | --man]",
	.about =
"Lists every option of every section, or with --dump the effective\n"
"values after the scenario files and overrides, or with --man the\n"
"wbsim-scenario(5) manual page.\n",
	.opts = options_opts,
};

/*
 * --experiment[=drop] binds the [qemu] table before any -c file is read
 * (files load as their -c is met), so a first walk finds it. Return: 0
 * without, 1 with it, 2 with =drop (read but left out of the dump:
 * tools/validate/twin.sh writes a simulator scenario from a run's
 * experiment.ini), -EINVAL for bad input (message printed).
 */
static int experiment_mode(int argc, char **argv)
{
	struct cmd_parser p;
	char *a;
	int c, mode = 0;

	if (cmd_parser_init(&p, &options_cmd, argc, argv))
		return -EINVAL;
	while ((c = cmd_next(&p, &a))) {
		if (c < 0)
			return c;
		if (c != OPT_EXPERIMENT)
			continue;
		if (a && strcmp(a, "drop")) {
			fprintf(stderr, "wbsim options: --experiment takes no value but drop\n");
			return -EINVAL;
		}
		mode = a ? 2 : 1;
	}
	return mode;
}

/**
 * options_main - `wbsim options`; exit 0, 2 for bad input, 1 otherwise
 */
int options_main(int argc, char **argv)
{
	struct experiment_params exp;
	bool dump = false, man = false, flat = false;
	int c, ret, emode = experiment_mode(argc, argv);
	struct cmd_parser p;
	struct scenario s;
	char *a;

	if (emode < 0)
		return 2;
	if (scenario_init(&s))
		return 1;
	if (emode && (config_bind(&s.cfg, &experiment_opt_table, &exp) ||
		      opt_set_defaults(&experiment_opt_table, &exp))) {
		scenario_exit(&s);
		return 1;
	}
	cmd_parser_init(&p, &options_cmd, argc, argv);
	while ((c = cmd_next(&p, &a))) {
		ret = cmd_scenario_opt(&s, c, a);
		if (ret < 0)
			goto bad;
		if (ret)
			continue;
		switch (c) {
		case OPT_DUMP:
			dump = true;
			break;
		case OPT_FLAT:
			flat = true;
			break;
		case OPT_MAN:
			man = true;
			break;
		case OPT_EXPERIMENT:
			break;	/* bound above */
		case 'h':
			cmd_usage(stdout, &options_cmd);
			scenario_exit(&s);
			return stdout_close_check(0);
		case 1:
			fprintf(stderr, "wbsim options: unknown argument '%s' (scenario files take -c)\n", a);
			goto bad;
		default:
			goto bad;
		}
	}
	if (man) {
		if (config_print_man(stdout, &s.cfg, WBSIM_VERSION) || fflush(stdout)) {
			perror("wbsim options: stdout");
			scenario_exit(&s);
			return 1;
		}
	} else if (dump) {
		if (emode == 2)
			config_unbind(&s.cfg, experiment_opt_table.section);
		if (flat)
			config_dump_flat(stdout, &s.cfg);
		else
			config_dump(stdout, &s.cfg);
	} else {
		config_print_help(stdout, &s.cfg);
	}
	scenario_exit(&s);
	return 0;
bad:
	scenario_exit(&s);
	return 2;
}
