// SPDX-License-Identifier: GPL-2.0
/*
 * `wbsim options`: the option tables as a reference, a scenario dump or
 * the wbsim-scenario(5) manual page.
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "init/scenario.h"
#include "options-doc.h"
#include "version.h"

/**
 * options_main - `wbsim options [-c FILE] [--set K=V] [--dump]`
 *
 * Without --dump, prints every option with type, default and help (the
 * reference the README points to); with --dump, the effective values after
 * the given scenario files and overrides, as a scenario file.
 */
int options_main(int argc, char **argv)
{
	struct scenario s;
	bool dump = false, man = false;
	int ret;

	if (scenario_init(&s))
		return 1;
	for (int i = 1; i < argc; i++) {
		ret = scenario_arg(&s, argc, argv, &i);
		if (ret < 0)
			goto bad;
		if (ret)
			continue;
		if (!strcmp(argv[i], "--dump")) {
			dump = true;
		} else if (!strcmp(argv[i], "--man")) {
			man = true;
		} else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			printf("usage: wbsim options [-c SCENARIO]... [--set SECTION.KEY=VALUE]... [--dump|--man]\n"
			       "Lists every option of every section, or with --dump the effective\n"
			       "values as a scenario file that reproduces them, or with --man the\n"
			       "wbsim-scenario(5) manual page (roff).\n");
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
	} else if (dump)
		config_dump(stdout, &s.cfg);
	else
		config_print_help(stdout, &s.cfg);
	scenario_exit(&s);
	return 0;
bad:
	scenario_exit(&s);
	return 2;
}
