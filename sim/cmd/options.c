// SPDX-License-Identifier: GPL-2.0
/*
 * `wbsim options`: the option tables as a reference, a scenario dump or
 * the wbsim-scenario(5) manual page.
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "experiment.h"
#include "init/scenario.h"
#include "options-doc.h"
#include "version.h"

/*
 * --experiment[=drop]: bind the [qemu] table before any -c file is read
 * (files load as their -c is met), so a file with that section loads.
 * Return: 0 without, 1 with it, 2 with =drop (read but left out of the
 * dump: tools/validate/twin.sh writes a simulator scenario from a run's
 * experiment.ini), -1 for another value.
 */
static int experiment_mode(int argc, char **argv)
{
	int mode = 0;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--experiment"))
			mode = 1;
		else if (!strcmp(argv[i], "--experiment=drop"))
			mode = 2;
		else if (!strncmp(argv[i], "--experiment=", 13))
			return -1;
	}
	return mode;
}

/**
 * options_main - `wbsim options [-c FILE] [--set K=V] [--dump [--flat]]`
 *
 * Without --dump, prints every option with type, default and help (the
 * reference the README points to); with --dump, the effective values after
 * the given scenario files and overrides, as a scenario file, or with
 * --flat as "section.key<TAB>value" lines.
 */
int options_main(int argc, char **argv)
{
	struct experiment_params exp;
	struct scenario s;
	bool dump = false, man = false, flat = false;
	int ret, emode = experiment_mode(argc, argv);

	if (emode < 0) {
		fprintf(stderr, "wbsim options: --experiment takes no value but drop\n");
		return 2;
	}
	if (scenario_init(&s))
		return 1;
	if (emode && (config_bind(&s.cfg, &experiment_opt_table, &exp) ||
		      opt_set_defaults(&experiment_opt_table, &exp))) {
		scenario_exit(&s);
		return 1;
	}
	for (int i = 1; i < argc; i++) {
		ret = scenario_arg(&s, argc, argv, &i);
		if (ret < 0)
			goto bad;
		if (ret)
			continue;
		if (!strcmp(argv[i], "--dump")) {
			dump = true;
		} else if (!strcmp(argv[i], "--flat")) {
			flat = true;
		} else if (!strncmp(argv[i], "--experiment", 12)) {
			continue;
		} else if (!strcmp(argv[i], "--man")) {
			man = true;
		} else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			printf("usage: wbsim options [-c SCENARIO]... [--set SECTION.KEY=VALUE]...\n"
			       "                     [--experiment[=drop]] [--dump [--flat]|--man]\n"
			       "Lists every option of every section, or with --dump the effective\n"
			       "values as a scenario file that reproduces them (--flat: one\n"
			       "SECTION.KEY<TAB>VALUE line each, for scripts), or with --man the\n"
			       "wbsim-scenario(5) manual page (roff). --experiment also reads and\n"
			       "dumps the real experiment's [qemu] section (tools/experiment/run.sh);\n"
			       "=drop reads it and leaves it out of the dump.\n");
			scenario_exit(&s);
			return 0;
		} else {
			fprintf(stderr, "wbsim options: unknown argument '%s'\n", argv[i]);
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
	}
	else
		config_print_help(stdout, &s.cfg);
	scenario_exit(&s);
	return 0;
bad:
	scenario_exit(&s);
	return 2;
}
