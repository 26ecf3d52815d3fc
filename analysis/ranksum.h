/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Is a difference between two sets of runs more than their spread? The
 * Wilcoxon-Mann-Whitney rank-sum test, exact: the p-value is counted over
 * every way of splitting the pooled runs into two groups of the same
 * sizes (ties get mid-ranks), so it holds for the 3-12 repeats a VM
 * matrix affords, where a normal approximation does not.
 */
#ifndef WBFAIR_RANKSUM_H
#define WBFAIR_RANKSUM_H

#include <stddef.h>

#include "util.h"

/* Pooled observations the exact count takes (the counting table grows
 * as n^3): far more runs than a VM matrix makes. */
#define WBF_RANKSUM_MAX	100

struct wbf_ranksum {
	double u;	/* Mann-Whitney U of the first group */
	double p;	/* exact two-sided p-value */
	double p_min;	/* the smallest p these group sizes can give */
};

int wbf_ranksum(const double *a, size_t na, const double *b, size_t nb,
		struct wbf_ranksum *out);

/* Observations "METRIC GROUP VALUE", one a line, grouped as read. */
struct wbf_rs_group {
	char name[64];
	double *v;
	size_t n, cap;
};

struct wbf_rs_metric {
	char name[64];
	struct wbf_rs_group *g;
	size_t n, cap;
};

struct wbf_rs_set {
	struct wbf_rs_metric *m;
	size_t n, cap;
};

int wbf_rs_parse(struct wbf_rs_set *s, const char *name, const void *data,
		 size_t len, struct wbf_err *e);
void wbf_rs_free(struct wbf_rs_set *s);

#endif
