/* SPDX-License-Identifier: GPL-2.0 */
/* Shared between report.c, report_text.c and plot.c. */
#ifndef WBFAIR_REPORT_INT_H
#define WBFAIR_REPORT_INT_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stdio.h>

#include "load.h"

int wbf_run_json(struct wbf_run *r, struct json_object **out);
int wbf_report_text(FILE *out, struct wbf_run *r);
void wbf_gp_string(FILE *f, const char *s);
void wbf_gp_terminal(FILE *f, int svg);
void wbf_gp_warmup(FILE *f, double warmup_s);
int wbf_gnuplot_run(const char *dir, const char *script, struct wbf_err *e);

#endif
