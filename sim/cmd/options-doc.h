/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The option tables as a manual page: `wbsim options --man` writes
 * wbsim-scenario(5), which `make man` and `make install` ship, so the
 * page cannot drift from the options the parser takes.
 */
#ifndef WBSIM_OPTIONS_DOC_H
#define WBSIM_OPTIONS_DOC_H

#include <stdio.h>

#include "lib/config.h"

int config_print_man(FILE *f, const struct config *c, const char *version);

#endif
