/* SPDX-License-Identifier: GPL-2.0 */
/* Shared between report.c, report_text.c and plot.c. */
#ifndef WBFAIR_REPORT_INT_H
#define WBFAIR_REPORT_INT_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stdio.h>

#include "run.h"

struct json_object *wbf_jnum(double d);
int wbf_run_json(struct wbf_run *r, struct json_object **out);
void wbf_csv_write(FILE *o, struct json_object *root, bool header);
int wbf_report_text(FILE *out, struct wbf_run *r);
const char *wbf_dirty_state_name(enum wbf_dirty_state s);
void wbf_gp_string(FILE *f, const char *s);
void wbf_gp_terminal(FILE *f, int svg);
void wbf_gp_warmup(FILE *f, double warmup_s);
int wbf_gnuplot_run(const char *dir, const char *script, struct wbf_err *e);

#endif
