/* SPDX-License-Identifier: GPL-2.0 */
/* wbsim's subcommands: each takes argv with argv[0] = its own name. */
#ifndef WBSIM_COMMANDS_H
#define WBSIM_COMMANDS_H

struct wbsim_command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
};

int replay_main(int argc, char **argv);
int run_main(int argc, char **argv);
int matrix_main(int argc, char **argv);
int options_main(int argc, char **argv);

#endif
