// SPDX-License-Identifier: GPL-2.0
/*
 * wbfair ranksum: which differences between groups of runs are larger
 * than the spread over repeats. Input: "METRIC GROUP VALUE" lines (the
 * experiment's report makes them from runs.jsonl); output: for every
 * metric and pair of groups the exact rank-sum test, with Bonferroni's
 * correction over every test of the input.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb/percentile.h"
#include "../ranksum.h"
#include "commands.h"

static const char usage_text[] =
"usage: wbfair ranksum [--alpha A] FILE|-\n"
"\n"
"Reads lines 'METRIC GROUP VALUE' (one run's figure a line; '#' starts a\n"
"comment) and prints, for every metric and every pair of its groups, the\n"
"exact two-sided Wilcoxon-Mann-Whitney rank-sum test: U (pairs of runs in\n"
"which the first group's value is larger, a tie counting one half), the\n"
"p-value counted over every split of the pooled runs, and the smallest p\n"
"those group sizes can give at all (3 runs against 3: 0.1). A pair\n"
"differs when p < A / m, m being the number of tests printed\n"
"(Bonferroni); when even the smallest p cannot get there the verdict\n"
"is 'too few runs'.\n"
"\n"
"  --alpha A   family-wise error rate (default 0.05)\n"
"  -h, --help  this text\n";

static int read_all(const char *path, char **buf, size_t *len,
		    struct wbf_err *e)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	size_t cap = 0, n;
	char *p = NULL;

	*len = 0;
	if (!f)
		return wbf_errf(e, -errno, "%s: %s", path, strerror(errno));
	do {
		if (*len + 65536 > cap) {
			char *q = realloc(p, cap + 65536);

			if (!q) {
				free(p);
				if (f != stdin)
					fclose(f);
				return wbf_errf(e, -ENOMEM, "out of memory");
			}
			p = q;
			cap += 65536;
		}
		n = fread(p + *len, 1, cap - *len, f);
		*len += n;
	} while (n);
	if (ferror(f)) {
		free(p);
		if (f != stdin)
			fclose(f);
		return wbf_errf(e, -EIO, "%s: read error", path);
	}
	if (f != stdin)
		fclose(f);
	*buf = p;
	return 0;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

/* the nearest-rank median, an observed value as in the report's tables */
static double median(const struct wbf_rs_group *g)
{
	double *v = malloc(g->n * sizeof(*v)), m;

	if (!v)
		return g->v[0];
	memcpy(v, g->v, g->n * sizeof(*v));
	qsort(v, g->n, sizeof(*v), cmp_double);
	m = v[wb_nearest_rank(g->n, 50) - 1];
	free(v);
	return m;
}

static int report(const struct wbf_rs_set *s, double alpha, struct wbf_err *e)
{
	size_t i, a, b, m = 0;
	double level;
	int ret;

	for (i = 0; i < s->n; i++)
		m += s->m[i].n * (s->m[i].n - 1) / 2;
	if (!m)
		return wbf_errf(e, -EINVAL,
				"no metric has two groups: nothing to compare");
	level = alpha / (double)m;
	printf("| metric | A | B | runs A | runs B | median A | median B | U | p | smallest p | differ? |\n");
	printf("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
	for (i = 0; i < s->n; i++) {
		const struct wbf_rs_metric *mt = &s->m[i];

		for (a = 0; a < mt->n; a++)
			for (b = a + 1; b < mt->n; b++) {
				const struct wbf_rs_group *ga = &mt->g[a];
				const struct wbf_rs_group *gb = &mt->g[b];
				struct wbf_ranksum r;

				ret = wbf_ranksum(ga->v, ga->n, gb->v, gb->n, &r);
				if (ret)
					return wbf_errf(e, ret, "%s: %s", mt->name,
							strerror(-ret));
				printf("| %s | %s | %s | %zu | %zu | %.4g | %.4g | %g | %.3g | %.3g | %s |\n",
				       mt->name, ga->name, gb->name, ga->n, gb->n,
				       median(ga), median(gb), r.u, r.p, r.p_min,
				       r.p_min >= level ? "too few runs" :
				       r.p < level ? "yes" : "no");
			}
	}
	printf("\n%zu tests; a pair differs when p < %g / %zu = %.3g (Bonferroni).\n",
	       m, alpha, m, level);
	return 0;
}

int wbf_cmd_ranksum(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "alpha", required_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct wbf_rs_set s = { 0 };
	struct wbf_err e = { "" };
	double alpha = 0.05;
	size_t len = 0;
	char *buf = NULL;
	int c, ret;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'a': {
			const char *p = optarg;

			if (!wbf_parse_double(&p, &alpha) || *p ||
			    !(alpha > 0 && alpha < 1)) {
				fprintf(stderr, "wbfair ranksum: --alpha %s: want a number in (0, 1)\n",
					optarg);
				return 2;
			}
			break;
		}
		case 'h':
			fputs(usage_text, stdout);
			return wbf_cmd_done(&e, 0);
		default:
			fputs(usage_text, stderr);
			return 2;
		}
	}
	if (argc - optind != 1) {
		fprintf(stderr, "wbfair ranksum: want one input (a file or -)\n%s",
			usage_text);
		return 2;
	}
	ret = read_all(argv[optind], &buf, &len, &e);
	if (!ret)
		ret = wbf_rs_parse(&s, argv[optind], buf, len, &e);
	if (!ret)
		ret = report(&s, alpha, &e);
	wbf_rs_free(&s);
	free(buf);
	return wbf_cmd_done(&e, ret);
}
