/* SPDX-License-Identifier: GPL-2.0 */
/*
 * wbfair's outputs: a plain text report, and the same facts as JSON (one
 * object per run) or CSV (one fact per row: kind,name,metric,t,value; t is
 * the start of the interval, in seconds, for per-interval series and empty
 * otherwise). Non-finite numbers are null in JSON and empty in CSV.
 *
 * `wbfair compare` prints one row per run and a one-line verdict each.
 */
#ifndef WBFAIR_REPORT_H
#define WBFAIR_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "load.h"

enum wbf_format {
	WBF_FMT_TEXT,
	WBF_FMT_CSV,
	WBF_FMT_JSON,
};

int wbf_report(FILE *out, const struct wbf_run *r, enum wbf_format fmt);
int wbf_compare(FILE *out, struct wbf_run *runs, size_t n,
		enum wbf_format fmt);
int wbf_plot(const struct wbf_run *r, const char *dir, uint64_t bin_ns,
	     struct wbf_err *e);

#endif
