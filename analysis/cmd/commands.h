/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The wbfair subcommands beside the default report (wbfair.c): each
 * prints to stdout and returns the process's exit status, which the
 * library (analysis/) never does.
 */
#ifndef WBFAIR_COMMANDS_H
#define WBFAIR_COMMANDS_H

#include "../util.h"

int wbf_cmd_sb_turns(int argc, char **argv);
int wbf_cmd_events(int argc, char **argv);
int wbf_cmd_ranksum(int argc, char **argv);
int wbf_cmd_fail(const struct wbf_err *e, int ret);
int wbf_cmd_done(const struct wbf_err *e, int ret);

#endif
