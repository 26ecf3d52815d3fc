// SPDX-License-Identifier: GPL-2.0
/*
 * The exact rank-sum test and the reader of its input. Ranks are kept
 * doubled (mid-rank of a tie of positions i..j is (i + j) / 2, so 2 x it is
 * an integer) and the null distribution of the first group's doubled rank
 * sum is counted by dynamic programming over the pooled items: ways[k][s]
 * = subsets of k of the items seen so far whose doubled ranks sum to s.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ranksum.h"

struct item {
	double v;
	int group;
};

static int cmp_item(const void *x, const void *y)
{
	const struct item *a = x, *b = y;

	return (a->v > b->v) - (a->v < b->v);
}

/* C(n, k) in floating point: the count of equally likely splits */
static double choose(size_t n, size_t k)
{
	double c = 1;
	size_t i;

	for (i = 1; i <= k; i++)
		c = c * (double)(n - k + i) / (double)i;
	return c;
}

/**
 * wbf_ranksum() - exact two-sided Wilcoxon-Mann-Whitney test
 * @a: the first group's values (finite)
 * @na: its size, >= 1
 * @b: the second group's values
 * @nb: its size, >= 1
 * @out: U of @a, the p-value, and the smallest p-value possible
 *
 * p = share of the C(na+nb, na) splits whose rank sum lies at least as
 * far from its mean as the observed one. Counts are doubles: exact up to
 * 2^53 splits (C(56, 28) > 2^53), relative error ~1e-16 beyond.
 *
 * Return: 0, -EINVAL for an empty group or more than WBF_RANKSUM_MAX
 * values, -ENOMEM.
 */
int wbf_ranksum(const double *a, size_t na, const double *b, size_t nb,
		struct wbf_ranksum *out)
{
	size_t n = na + nb, k = na < nb ? na : nb, i, j, smax, s;
	struct item *it;
	double *ways, tail = 0, w = 0, total;
	long long *r2, mean2, dev;
	int small = na < nb ? 0 : 1;	/* count the smaller group's sums */

	if (!na || !nb || n > WBF_RANKSUM_MAX)
		return -EINVAL;
	it = malloc(n * sizeof(*it));
	r2 = malloc(n * sizeof(*r2));
	smax = 2 * n * k;
	ways = calloc((k + 1) * (smax + 1), sizeof(*ways));
	if (!it || !r2 || !ways) {
		free(it);
		free(r2);
		free(ways);
		return -ENOMEM;
	}
	for (i = 0; i < na; i++)
		it[i] = (struct item){ a[i], 0 };
	for (i = 0; i < nb; i++)
		it[na + i] = (struct item){ b[i], 1 };
	qsort(it, n, sizeof(*it), cmp_item);
	/* positions i+1 .. j of a tie share the doubled mid-rank i+1+j */
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && it[j].v == it[i].v; j++)
			;
		for (s = i; s < j; s++)
			r2[s] = (long long)(i + 1 + j);
	}
	ways[0] = 1;
	for (i = 0; i < n; i++) {
		size_t kk = i + 1 < k ? i + 1 : k;

		for (; kk >= 1; kk--)
			for (s = (size_t)r2[i]; s <= smax; s++)
				ways[kk * (smax + 1) + s] +=
					ways[(kk - 1) * (smax + 1) + s - (size_t)r2[i]];
	}
	/* the smaller group's doubled rank sum and its mean k * (n + 1) */
	for (i = 0; i < n; i++)
		if (it[i].group == small)
			w += (double)r2[i];
	mean2 = (long long)k * (long long)(n + 1);
	dev = llabs((long long)w - mean2);
	for (s = 0; s <= smax; s++)
		if (llabs((long long)s - mean2) >= dev)
			tail += ways[k * (smax + 1) + s];
	total = choose(n, k);
	out->p = tail / total;
	if (out->p > 1)
		out->p = 1;
	/* the sum of a's (not the smaller group's) ranks gives a's U */
	w = 0;
	for (i = 0; i < n; i++)
		if (it[i].group == 0)
			w += (double)r2[i];
	out->u = w / 2 - (double)na * (double)(na + 1) / 2;
	/* the most extreme split (no ties) is one of 2 out of C(n, k) */
	out->p_min = 2 / total < 1 ? 2 / total : 1;
	free(it);
	free(r2);
	free(ways);
	return 0;
}

/* the next word of @p into @dst (at most @size - 1 bytes); 0 or -EINVAL */
static int word(const char **p, char *dst, size_t size)
{
	const char *s = wbf_skip_space(*p), *w = s;

	while (*s && *s != ' ' && *s != '\t')
		s++;
	if (s == w || (size_t)(s - w) >= size)
		return -EINVAL;
	memcpy(dst, w, (size_t)(s - w));
	dst[s - w] = '\0';
	*p = s;
	return 0;
}

static int add_value(struct wbf_rs_set *s, const char *metric,
		     const char *group, double v)
{
	struct wbf_rs_metric *m = NULL;
	struct wbf_rs_group *g = NULL;
	size_t i;

	for (i = 0; i < s->n && !m; i++)
		if (!strcmp(s->m[i].name, metric))
			m = &s->m[i];
	if (!m) {
		if (WBF_GROW(s->m, s->cap, s->n + 1))
			return -ENOMEM;
		m = &s->m[s->n++];
		memset(m, 0, sizeof(*m));
		strcpy(m->name, metric);
	}
	for (i = 0; i < m->n && !g; i++)
		if (!strcmp(m->g[i].name, group))
			g = &m->g[i];
	if (!g) {
		if (WBF_GROW(m->g, m->cap, m->n + 1))
			return -ENOMEM;
		g = &m->g[m->n++];
		memset(g, 0, sizeof(*g));
		strcpy(g->name, group);
	}
	if (WBF_GROW(g->v, g->cap, g->n + 1))
		return -ENOMEM;
	g->v[g->n++] = v;
	return 0;
}

/**
 * wbf_rs_parse() - read observations "METRIC GROUP VALUE", one a line
 * @s: the set, zeroed by the caller; metrics and groups in order of
 *	first appearance
 * @name: input name for messages
 * @data: the text
 * @len: its length
 * @e: "name:line: message" on bad input
 *
 * Blank lines and lines starting with '#' are skipped. A metric's
 * groups may hold WBF_RANKSUM_MAX values in all.
 *
 * Return: 0, -EINVAL on bad input, -ENOMEM.
 */
int wbf_rs_parse(struct wbf_rs_set *s, const char *name, const void *data,
		 size_t len, struct wbf_err *e)
{
	char metric[64], group[64], *line;
	struct wbf_lines it;
	const char *p;
	double v;
	int ret;

	wbf_lines_init(&it, name, data, len);
	while ((ret = wbf_lines_next(&it, &line, e)) == 1) {
		p = wbf_skip_space(line);
		if (!*p || *p == '#')
			continue;
		if (word(&p, metric, sizeof(metric)) ||
		    word(&p, group, sizeof(group)))
			return wbf_errf(e, -EINVAL,
					"%s:%zu: want 'METRIC GROUP VALUE' (names of 1-63 bytes)",
					name, it.lineno);
		p = wbf_skip_space(p);
		if (!wbf_parse_double(&p, &v) || !wbf_is_blank(p))
			return wbf_errf(e, -EINVAL,
					"%s:%zu: value: want one finite number after '%s %s'",
					name, it.lineno, metric, group);
		ret = add_value(s, metric, group, v);
		if (ret)
			return wbf_errf(e, ret, "out of memory");
	}
	if (ret < 0)
		return ret;
	for (size_t i = 0; i < s->n; i++) {
		size_t n = 0;

		for (size_t j = 0; j < s->m[i].n; j++)
			n += s->m[i].g[j].n;
		if (n > WBF_RANKSUM_MAX)
			return wbf_errf(e, -EINVAL,
					"%s: metric '%s': %zu values, the exact test takes %d",
					name, s->m[i].name, n, WBF_RANKSUM_MAX);
	}
	return 0;
}

void wbf_rs_free(struct wbf_rs_set *s)
{
	for (size_t i = 0; i < s->n; i++) {
		for (size_t j = 0; j < s->m[i].n; j++)
			free(s->m[i].g[j].v);
		free(s->m[i].g);
	}
	free(s->m);
	memset(s, 0, sizeof(*s));
}
