// SPDX-License-Identifier: GPL-2.0
/* dbench 4.0 log parser; format and caveats in dbench_log.h. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dbench_log.h"
#include "metrics.h"

/* Match literal @word after blanks; advance past it. */
static bool expect(const char **s, const char *word)
{
	const char *p = wbf_skip_space(*s);
	size_t n = strlen(word);

	if (strncmp(p, word, n))
		return false;
	*s = p + n;
	return true;
}

static bool num_u64(const char **s, uint64_t *v)
{
	*s = wbf_skip_space(*s);
	return wb_parse_u64(s, v);
}

static bool num_double(const char **s, double *v)
{
	*s = wbf_skip_space(*s);
	return wbf_parse_double(s, v) && *v >= 0;
}

/* "%4d  %8d  %7.2f MB/sec  PHASE %3.0f sec  latency %.03f ms" */
static int parse_point(const char *line, struct wbf_dbench_point *pt)
{
	const char *p = line;
	uint64_t clients;

	if (!num_u64(&p, &clients) || clients > 1000000 ||
	    !num_u64(&p, &pt->lines) || !num_double(&p, &pt->mbps) ||
	    !expect(&p, "MB/sec"))
		return -1;
	pt->clients = (unsigned int)clients;
	if (expect(&p, "warmup"))
		pt->phase = WBF_DBENCH_WARMUP;
	else if (expect(&p, "execute"))
		pt->phase = WBF_DBENCH_EXECUTE;
	else
		return -1;
	if (!num_double(&p, &pt->t) || !expect(&p, "sec") ||
	    !expect(&p, "latency") || !num_double(&p, &pt->latency_ms) ||
	    !expect(&p, "ms") || !wbf_is_blank(p))
		return -1;
	return 0;
}

/* "%4d  cleanup %3.0f sec" */
static bool is_cleanup(const char *line)
{
	const char *p = line;
	uint64_t n;
	double t;

	return num_u64(&p, &n) && expect(&p, "cleanup") && num_double(&p, &t) &&
	       expect(&p, "sec") && wbf_is_blank(p);
}

/* " %-12s %7u %9.03f %9.03f" */
static int parse_op(const char *line, struct wbf_dbench_op *op)
{
	const char *p = wbf_skip_space(line), *q = p;

	while (*q && *q != ' ' && *q != '\t')
		q++;
	if (q == p || (size_t)(q - p) >= sizeof(op->name))
		return -1;
	memcpy(op->name, p, q - p);
	op->name[q - p] = '\0';
	p = q;
	if (!num_u64(&p, &op->count) || !num_double(&p, &op->avg_ms) ||
	    !num_double(&p, &op->max_ms) || !wbf_is_blank(p))
		return -1;
	return 0;
}

/* "Throughput %g MB/sec%s%s  %d clients  %d procs  max_latency=%.03f ms" */
static int parse_throughput(const char *line, struct wbf_dbench *d)
{
	const char *p = line;
	uint64_t c, n;

	if (!expect(&p, "Throughput") || !num_double(&p, &d->throughput) ||
	    !expect(&p, "MB/sec"))
		return -1;
	d->sync_open = expect(&p, "(sync open)");
	d->sync_dirs = expect(&p, "(sync dirs)");
	if (!num_u64(&p, &c) || !expect(&p, "clients") || !num_u64(&p, &n) ||
	    !expect(&p, "procs") || !expect(&p, "max_latency=") ||
	    !wbf_parse_double(&p, &d->max_latency_ms) || !expect(&p, "ms") ||
	    !wbf_is_blank(p) || c > 1000000 || n > 1000000)
		return -1;
	d->clients = (unsigned int)c;
	d->procs = (unsigned int)n;
	d->has_throughput = true;
	return 0;
}

/*
 * A row of a client's own table: dbench prints every op that any client
 * ran, so a client that never ran it divides 0 by 0: "-nan" (glibc).
 */
static bool is_client_op(const char *line)
{
	struct wbf_dbench_op op;
	const char *p = wbf_skip_space(line);
	uint64_t n;

	if (!parse_op(line, &op))
		return true;
	while (*p && *p != ' ' && *p != '\t')
		p++;
	if (!num_u64(&p, &n) || n)
		return false;
	p = wbf_skip_space(p);
	if (*p == '-')
		p++;
	if (strncmp(p, "nan", 3))
		return false;
	p += 3;
	return num_double(&p, &op.max_ms) && wbf_is_blank(p);
}

/* "Client %d did %d lines and %.0f bytes"; clients come in order */
static int parse_client(const char *line, size_t expect_id,
			struct wbf_dbench_client *c)
{
	const char *p = line;
	uint64_t id;

	if (!expect(&p, "Client") || !num_u64(&p, &id) || id != expect_id ||
	    !expect(&p, "did") || !num_u64(&p, &c->lines) ||
	    !expect(&p, "lines and") || !num_double(&p, &c->bytes) ||
	    !expect(&p, "bytes") || !wbf_is_blank(p))
		return -1;
	return 0;
}

/* PERCLIENT: after "Per client results:", each client's line and table */
enum state { PREAMBLE, RUNNING, OPTABLE, PERCLIENT, DONE };

/**
 * wbf_dbench_parse() - read a dbench 4.0 log
 * @d: result (zeroed by the caller; the name is set by the caller)
 * @name: file name for messages
 * @data: the text
 * @len: its length
 * @e: "file:line: ..." on garbage
 *
 * Return: 0, -EINVAL on garbage or a log without results, -ENOMEM.
 */
int wbf_dbench_parse(struct wbf_dbench *d, const char *name, const void *data,
		     size_t len, struct wbf_err *e)
{
	enum state st = PREAMBLE;
	struct wbf_lines it;
	bool banner = false;
	char *line;
	int ret;

	wbf_lines_init(&it, name, data, len);
	while ((ret = wbf_lines_next(&it, &line, e)) > 0) {
		struct wbf_dbench_point pt;
		struct wbf_dbench_op op;
		const char *p = wbf_skip_space(line);

		if (!*p)
			continue;
		if (!banner) {
			if (strncmp(p, "dbench version ", 15))
				return wbf_errf(e, -EINVAL,
						"%s:%zu: not a dbench log (no 'dbench version' banner)",
						name, it.lineno);
			banner = true;
			continue;
		}
		if (st == DONE)
			return wbf_errf(e, -EINVAL,
					"%s:%zu: text after the Throughput line",
					name, it.lineno);
		if (st <= RUNNING && !parse_point(line, &pt)) {
			if (d->npts && pt.phase < d->pts[d->npts - 1].phase)
				return wbf_errf(e, -EINVAL,
						"%s:%zu: warmup line after execute lines",
						name, it.lineno);
			if (WBF_GROW(d->pts, d->cap_pts, d->npts + 1))
				return wbf_errf(e, -ENOMEM, "out of memory");
			d->pts[d->npts++] = pt;
			st = RUNNING;
			continue;
		}
		if (st <= RUNNING && is_cleanup(line)) {
			d->cleanup_lines++;
			st = RUNNING;
			continue;
		}
		if (st == PERCLIENT) {
			struct wbf_dbench_client c;

			/* each client's op table repeats the overall one */
			if (!strncmp(p, "Operation", 9) || !strncmp(p, "----", 4) ||
			    is_client_op(line))
				continue;
			if (!strncmp(p, "Client ", 7)) {
				if (parse_client(line, d->nclient_results, &c))
					return wbf_errf(e, -EINVAL,
							"%s:%zu: bad per-client line (want 'Client %zu did N lines and B bytes')",
							name, it.lineno,
							d->nclient_results);
				if (WBF_GROW(d->per_client, d->cap_client_results,
					     d->nclient_results + 1))
					return wbf_errf(e, -ENOMEM, "out of memory");
				d->per_client[d->nclient_results++] = c;
				continue;
			}
		}
		if (st == OPTABLE && !strcmp(p, "Per client results:")) {
			st = PERCLIENT;
			continue;
		}
		if (st != PREAMBLE && st != PERCLIENT &&
		    (!strncmp(p, "Operation", 9) || !strncmp(p, "----", 4))) {
			st = OPTABLE;
			continue;
		}
		if (!strncmp(p, "Throughput", 10)) {
			if (parse_throughput(line, d))
				return wbf_errf(e, -EINVAL, "%s:%zu: bad Throughput line",
						name, it.lineno);
			st = DONE;
			continue;
		}
		if (st == PREAMBLE)
			continue;	/* dbench's own messages */
		if (st == OPTABLE && !parse_op(line, &op)) {
			if (WBF_GROW(d->ops, d->cap_ops, d->nops + 1))
				return wbf_errf(e, -ENOMEM, "out of memory");
			d->ops[d->nops++] = op;
			continue;
		}
		return wbf_errf(e, -EINVAL, "%s:%zu: not a dbench line: '%.40s'",
				name, it.lineno, p);
	}
	if (ret < 0)
		return ret;
	if (!d->npts && !d->has_throughput)
		return wbf_errf(e, -EINVAL, "%s:%zu: no dbench results in the log",
				name, it.lineno);
	return 0;
}

/**
 * wbf_dbench_series() - MB per interval of the execute phase
 * @d: parsed log
 * @interval_ns: interval length
 * @mb: set to a malloc()ed array of MB per interval (NULL when empty)
 * @n: set to its length
 * @clamped: set to the number of negative increments clamped to 0
 *
 * The bytes between two execute lines, r_k t_k - r_{k-1} t_{k-1} MB, go to
 * the interval where that span starts (t_{k-1}), the first from t = 0.
 *
 * Return: 0, -ERANGE past WBF_MAX_INTERVALS intervals, or -ENOMEM.
 */
int wbf_dbench_series(const struct wbf_dbench *d, uint64_t interval_ns,
		      double **mb, size_t *n, size_t *clamped)
{
	double prev_t = 0, prev_b = 0, secs = (double)interval_ns / 1e9;
	double *v = NULL;
	size_t cap = 0, len = 0, i, k;

	*clamped = 0;
	for (i = 0; i < d->npts; i++) {
		const struct wbf_dbench_point *pt = &d->pts[i];
		double b = pt->mbps * pt->t, inc = b - prev_b;

		if (pt->phase != WBF_DBENCH_EXECUTE || pt->t <= prev_t)
			continue;
		if (inc < 0) {
			inc = 0;
			(*clamped)++;
		}
		if (prev_t / secs + 1e-9 >= WBF_MAX_INTERVALS) {
			free(v);
			return -ERANGE;
		}
		k = (size_t)(prev_t / secs + 1e-9);
		if (k >= len) {
			if (WBF_GROW(v, cap, k + 1)) {
				free(v);
				return -ENOMEM;
			}
			memset(v + len, 0, (k + 1 - len) * sizeof(*v));
			len = k + 1;
		}
		v[k] += inc;
		prev_t = pt->t;
		prev_b = b;
	}
	*mb = v;
	*n = len;
	return 0;
}

/**
 * wbf_dbench_mbps() - the run's throughput
 * @d: parsed log
 *
 * Return: the final Throughput figure, else the last execute line's
 * running average, else NaN.
 */
double wbf_dbench_mbps(const struct wbf_dbench *d)
{
	size_t i = d->npts;

	if (d->has_throughput)
		return d->throughput;
	while (i--)
		if (d->pts[i].phase == WBF_DBENCH_EXECUTE)
			return d->pts[i].mbps;
	return NAN;
}

/**
 * wbf_dbench_seconds() - length of the execute phase (last execute line)
 * @d: parsed log
 */
double wbf_dbench_seconds(const struct wbf_dbench *d)
{
	size_t i = d->npts;

	while (i--)
		if (d->pts[i].phase == WBF_DBENCH_EXECUTE)
			return d->pts[i].t;
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/**
 * wbf_dbench_spread() - how far apart the clients ended in the loadfile
 * @d: parsed log
 * @s: result
 *
 * dbench's mean line (the second column) hides how the clients spread:
 * with a throttle that holds a few clients for minutes and lets others run
 * (2.6.30/2.6.32), the clients of one instance end hundreds of lines
 * apart; with one that paces every client alike (3.2+) they stay close.
 *
 * Return: 0, -ENOENT without --per-client-results, -ENOMEM.
 */
int wbf_dbench_spread(const struct wbf_dbench *d, struct wbf_dbench_spread *s)
{
	double *v;
	size_t i;

	if (!d->nclient_results)
		return -ENOENT;
	v = malloc(d->nclient_results * sizeof(*v));
	if (!v)
		return -ENOMEM;
	for (i = 0; i < d->nclient_results; i++)
		v[i] = (double)d->per_client[i].lines;
	qsort(v, d->nclient_results, sizeof(*v), cmp_double);
	s->n = d->nclient_results;
	s->min = v[0];
	s->max = v[s->n - 1];
	s->p10 = wbf_percentile_sorted(v, s->n, 10);
	s->p50 = wbf_percentile_sorted(v, s->n, 50);
	s->p90 = wbf_percentile_sorted(v, s->n, 90);
	s->mean = wbf_mean(v, s->n);
	free(v);
	return 0;
}

/**
 * wbf_dbench_free() - release a parsed log
 * @d: parsed log
 */
void wbf_dbench_free(struct wbf_dbench *d)
{
	free(d->pts);
	free(d->ops);
	free(d->per_client);
	memset(d, 0, sizeof(*d));
}
