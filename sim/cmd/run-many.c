// SPDX-License-Identifier: GPL-2.0
/*
 * `wbsim run` output for a box of many disks: one line per disk instead
 * of a line per instance and another per partition, and a fairness
 * verdict across every instance from summary.json's own figures (each
 * instance's dbench MB/s, each partition's written bytes), since past
 * SIM_BLKTRACE_AUTO_DISKS there is no blktrace to take per-second rates
 * from, and the per-cell analysis (cell-report.c) compares at most
 * CELL_MAX_INST instances.
 */
#include <stdlib.h>
#include <string.h>

#include "cell-report.h"
#include "run.h"

/**
 * run_is_many - print @r the many-disk way?
 */
bool run_is_many(const struct run_result *r)
{
	return r->nr_inst > CELL_MAX_INST;
}

/* Jain's fairness index of @n values: (sum x)^2 / (n sum x^2); 1 = equal */
static double jain(const double *x, int n)
{
	double s = 0, s2 = 0;

	for (int i = 0; i < n; i++) {
		s += x[i];
		s2 += x[i] * x[i];
	}
	return s2 > 0 ? s * s / (n * s2) : 1;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* "min A (who), median B, max C (who), Jain J" of @x, named by @names */
static void spread(FILE *f, const double *x, const char *const *names,
		   int n, const char *unit)
{
	double *sorted = malloc((n + 1) * sizeof(*sorted));
	int lo = 0, hi = 0;

	if (!sorted || !n) {
		free(sorted);
		fprintf(f, "none");
		return;
	}
	for (int i = 0; i < n; i++) {
		sorted[i] = x[i];
		lo = x[i] < x[lo] ? i : lo;
		hi = x[i] > x[hi] ? i : hi;
	}
	qsort(sorted, n, sizeof(*sorted), cmp_double);
	fprintf(f, "min %.2f %s (%s), median %.2f, max %.2f %s (%s), Jain %.3f",
		x[lo], unit, names[lo], sorted[n / 2], x[hi], unit,
		names[hi], jain(x, n));
	free(sorted);
}

/* The instance running on partition @name, or -1; @hint: where to look
 * first (instances are mounted in disk order, like the partitions) */
static int inst_of(const struct run_result *r, const char *name, int hint)
{
	if (hint < r->nr_inst && !strcmp(r->inst[hint].part, name))
		return hint;
	for (int i = 0; i < r->nr_inst; i++)
		if (!strcmp(r->inst[i].part, name))
			return i;
	return -1;
}

/**
 * run_print_per_disk - one line per partition: its instance's dbench
 * MB/s and what the disk wrote and read for it
 */
void run_print_per_disk(FILE *f, const struct run_result *r)
{
	int hint = 0;

	fprintf(f, "  %-8s %14s %12s %12s\n", "part", "dbench MB/sec",
		"written MB", "read MB");
	for (int p = 0; p < r->nr_parts; p++) {
		int i = inst_of(r, r->parts[p].name, hint);

		hint = i + 1;
		if (i >= 0)
			fprintf(f, "  %-8s %14.2f", r->parts[p].name, r->inst[i].mb_s);
		else
			fprintf(f, "  %-8s %14s", r->parts[p].name, "-");
		fprintf(f, " %12.1f %12.1f%s\n", r->parts[p].written / 1e6,
			r->parts[p].read / 1e6,
			i >= 0 && r->inst[i].errors ? " (errors)" : "");
	}
}

/**
 * run_print_verdict_many - the split across every instance and every
 * partition that runs one, over the whole run
 */
void run_print_verdict_many(FILE *f, const struct run_result *r)
{
	double *mb = calloc(r->nr_inst + 1, sizeof(*mb));
	double *wr = calloc(r->nr_parts + 1, sizeof(*wr));
	const char **mn = calloc(r->nr_inst + 1, sizeof(*mn));
	const char **wn = calloc(r->nr_parts + 1, sizeof(*wn));
	int nw = 0, hint = 0;

	if (!mb || !wr || !mn || !wn)
		goto out;
	for (int i = 0; i < r->nr_inst; i++) {
		mb[i] = r->inst[i].mb_s;
		mn[i] = r->inst[i].part;
	}
	/* only the instances' partitions: an idle one says nothing */
	for (int p = 0; p < r->nr_parts; p++) {
		int i = inst_of(r, r->parts[p].name, hint);

		hint = i + 1;
		if (i < 0)
			continue;
		wn[nw] = r->parts[p].name;
		wr[nw++] = r->parts[p].written / 1e6;
	}
	fprintf(f, "  %d instances, dbench: ", r->nr_inst);
	spread(f, mb, mn, r->nr_inst, "MB/s");
	fprintf(f, "\n  their partitions, written: ");
	spread(f, wr, wn, nw, "MB");
	fprintf(f, " (whole run; per-second rates need sim.blktrace = on and wbfair)\n");
out:
	free(mb);
	free(wr);
	free(mn);
	free(wn);
}
