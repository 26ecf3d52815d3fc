// SPDX-License-Identifier: GPL-2.0
/* fio JSON output (json-c) and bandwidth logs; see fio.h. */
#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio.h"
#include "metrics.h"

static size_t line_of(const char *data, size_t off)
{
	size_t line = 1, i;

	for (i = 0; i < off; i++)
		line += data[i] == '\n';
	return line;
}

/* A non-negative number that fits u64 (fio writes ints; accept doubles). */
static bool get_u64(struct json_object *o, const char *key, uint64_t *v)
{
	struct json_object *x;
	double d;

	if (!json_object_object_get_ex(o, key, &x))
		return false;
	if (json_object_is_type(x, json_type_int)) {
		int64_t i = json_object_get_int64(x);

		if (i < 0)
			return false;
		*v = (uint64_t)i;
		return true;
	}
	if (!json_object_is_type(x, json_type_double))
		return false;
	d = json_object_get_double(x);
	if (!(d >= 0 && d < 1.8e19))
		return false;
	*v = (uint64_t)d;
	return true;
}

static bool get_double(struct json_object *o, const char *key, double *v)
{
	struct json_object *x;

	if (!json_object_object_get_ex(o, key, &x) ||
	    !(json_object_is_type(x, json_type_int) ||
	      json_object_is_type(x, json_type_double)))
		return false;
	*v = json_object_get_double(x);
	return isfinite(*v);
}

static int parse_dir(struct wbf_fio_dir *d, struct json_object *job,
		     const char *key, const char *where, struct wbf_err *e)
{
	static const char *const need[] = { "io_bytes", "bw", "bw_bytes",
					    "runtime" };
	struct json_object *o, *clat, *pct;
	uint64_t *dst[] = { &d->io_bytes, &d->bw_kib, &d->bw_bytes,
			    &d->runtime_ms };
	size_t i;

	d->clat_mean_ns = d->clat_max_ns = NAN;
	d->clat_p50_ns = d->clat_p95_ns = d->clat_p99_ns = NAN;
	if (!json_object_object_get_ex(job, key, &o) ||
	    !json_object_is_type(o, json_type_object))
		return wbf_errf(e, -EINVAL, "%s: no '%s' object", where, key);
	for (i = 0; i < 4; i++)
		if (!get_u64(o, need[i], dst[i]))
			return wbf_errf(e, -EINVAL, "%s.%s: no valid %s", where,
					key, need[i]);
	if (!json_object_object_get_ex(o, "clat_ns", &clat) ||
	    !json_object_is_type(clat, json_type_object))
		return 0;
	get_double(clat, "mean", &d->clat_mean_ns);
	get_double(clat, "max", &d->clat_max_ns);
	if (json_object_object_get_ex(clat, "percentile", &pct) &&
	    json_object_is_type(pct, json_type_object)) {
		get_double(pct, "50.000000", &d->clat_p50_ns);
		get_double(pct, "95.000000", &d->clat_p95_ns);
		get_double(pct, "99.000000", &d->clat_p99_ns);
	}
	return 0;
}

static int parse_jobs(struct wbf_fio *f, struct json_object *root,
		      const char *name, struct wbf_err *e)
{
	struct json_object *jobs, *v;
	char where[300];
	size_t i, n;
	int ret;

	if (!json_object_is_type(root, json_type_object) ||
	    !json_object_object_get_ex(root, "jobs", &jobs) ||
	    !json_object_is_type(jobs, json_type_array))
		return wbf_errf(e, -EINVAL, "%s: no jobs[] array: not fio JSON output",
				name);
	if (json_object_object_get_ex(root, "fio version", &v) &&
	    json_object_is_type(v, json_type_string))
		wbf_strlcpy(f->version, json_object_get_string(v),
			    sizeof(f->version));
	n = json_object_array_length(jobs);
	for (i = 0; i < n; i++) {
		struct json_object *job = json_object_array_get_idx(jobs, i);
		struct wbf_fio_job *j;

		snprintf(where, sizeof(where), "%s: jobs[%zu]", name, i);
		if (!json_object_is_type(job, json_type_object) ||
		    !json_object_object_get_ex(job, "jobname", &v) ||
		    !json_object_is_type(v, json_type_string))
			return wbf_errf(e, -EINVAL, "%s: no jobname", where);
		if (WBF_GROW(f->jobs, f->cap_jobs, f->njobs + 1))
			return wbf_errf(e, -ENOMEM, "out of memory");
		j = &f->jobs[f->njobs];
		memset(j, 0, sizeof(*j));
		wbf_strlcpy(j->name, json_object_get_string(v), sizeof(j->name));
		ret = parse_dir(&j->dir[0], job, "read", where, e);
		if (!ret)
			ret = parse_dir(&j->dir[1], job, "write", where, e);
		if (ret)
			return ret;
		f->njobs++;
	}
	if (!f->njobs)
		return wbf_errf(e, -EINVAL, "%s: jobs[] is empty", name);
	return 0;
}

/**
 * wbf_fio_json_parse() - read fio's JSON output
 * @f: result (zeroed by the caller)
 * @name: file name for messages
 * @data: the text
 * @len: its length
 * @e: error message
 *
 * Return: 0, -EINVAL on bad input, -ENOMEM.
 */
int wbf_fio_json_parse(struct wbf_fio *f, const char *name, const void *data,
		       size_t len, struct wbf_err *e)
{
	const char *text = data, *p = text, *end = text + len;
	struct json_tokener *tok;
	struct json_object *root;
	enum json_tokener_error jerr;
	size_t used, off;
	int ret;

	/* skip fio's notices before the document */
	while (p < end && *p != '{') {
		const char *nl = memchr(p, '\n', end - p);
		const char *s = p;

		while (s < end && (*s == ' ' || *s == '\t' || *s == '\r'))
			s++;
		if (s < end && *s != '\n' && *s != '{' &&
		    !(end - s >= 5 && !memcmp(s, "note:", 5)) &&
		    !(end - s >= 4 && !memcmp(s, "fio:", 4)))
			return wbf_errf(e, -EINVAL, "%s:%zu: not fio JSON output",
					name, line_of(text, s - text));
		if (s < end && *s == '{') {
			p = s;
			break;
		}
		p = nl ? nl + 1 : end;
	}
	if (p >= end)
		return wbf_errf(e, -EINVAL, "%s:%zu: no JSON document", name,
				line_of(text, len));
	if (memchr(p, '\0', end - p))
		return wbf_errf(e, -EINVAL, "%s:%zu: NUL byte in text", name,
				line_of(text, (const char *)memchr(p, '\0', end - p) - text));
	tok = json_tokener_new();
	if (!tok)
		return wbf_errf(e, -ENOMEM, "out of memory");
	if (end - p > INT32_MAX) {
		json_tokener_free(tok);
		return wbf_errf(e, -EINVAL, "%s: file too large", name);
	}
	root = json_tokener_parse_ex(tok, p, (int)(end - p));
	jerr = json_tokener_get_error(tok);
	used = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	off = (p - text) + used;
	if (!root || jerr != json_tokener_success) {
		if (root)
			json_object_put(root);
		return wbf_errf(e, -EINVAL, "%s:%zu: %s", name,
				line_of(text, off < len ? off : len),
				jerr == json_tokener_continue ?
				"unexpected end of JSON" :
				json_tokener_error_desc(jerr));
	}
	for (; off < len; off++) {
		if (text[off] != ' ' && text[off] != '\n' && text[off] != '\t' &&
		    text[off] != '\r') {
			json_object_put(root);
			return wbf_errf(e, -EINVAL, "%s:%zu: text after the JSON document",
					name, line_of(text, off));
		}
	}
	wbf_strlcpy(f->source, name, sizeof(f->source));
	ret = parse_jobs(f, root, name, e);
	json_object_put(root);
	return ret;
}

/**
 * wbf_fio_free() - release parsed fio output
 * @f: result
 */
void wbf_fio_free(struct wbf_fio *f)
{
	free(f->jobs);
	memset(f, 0, sizeof(*f));
}

static bool field(const char **s, uint64_t *v, bool first)
{
	const char *p = *s;

	if (!first) {
		p = wbf_skip_space(p);
		if (*p != ',')
			return false;
		p++;
	}
	p = wbf_skip_space(p);
	if (!wb_parse_u64(&p, v))
		return false;
	*s = p;
	return true;
}

static int parse_sample(const char *line, struct wbf_fio_sample *smp)
{
	const char *p = line;
	uint64_t ddir, extra;
	int n = 0;

	/* a time past 10^12 ms (31 years) is garbage, and would overflow ns */
	if (!field(&p, &smp->t_ms, true) || !field(&p, &smp->kib_s, false) ||
	    !field(&p, &ddir, false) || !field(&p, &smp->bs, false) ||
	    ddir > 2 || smp->t_ms > 1000000000000ULL ||
	    smp->kib_s > 1ULL << 50)
		return -1;
	smp->ddir = (unsigned int)ddir;
	while (n < 2 && field(&p, &extra, false))
		n++;	/* offset and/or prio */
	return wbf_is_blank(p) ? 0 : -1;
}

/**
 * wbf_fio_bwlog_line() - true if @line looks like a bw log sample
 * @line: the line
 */
bool wbf_fio_bwlog_line(const char *line)
{
	struct wbf_fio_sample s;

	return !parse_sample(line, &s);
}

/**
 * wbf_fio_bwlog_parse() - read a fio bandwidth log
 * @l: result (zeroed by the caller; name set by the caller)
 * @name: file name for messages
 * @data: the text
 * @len: its length
 * @e: "file:line: ..." on garbage
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
int wbf_fio_bwlog_parse(struct wbf_fio_bwlog *l, const char *name,
			const void *data, size_t len, struct wbf_err *e)
{
	struct wbf_lines it;
	char *line;
	int ret;

	wbf_lines_init(&it, name, data, len);
	while ((ret = wbf_lines_next(&it, &line, e)) > 0) {
		struct wbf_fio_sample s;

		if (wbf_is_blank(line))
			continue;
		if (parse_sample(line, &s))
			return wbf_errf(e, -EINVAL,
					"%s:%zu: want 'time_ms, value, ddir, bs[, offset][, prio]'",
					name, it.lineno);
		if (WBF_GROW(l->v, l->cap, l->n + 1))
			return wbf_errf(e, -ENOMEM, "out of memory");
		l->v[l->n++] = s;
	}
	if (ret < 0)
		return ret;
	if (!l->n)
		return wbf_errf(e, -EINVAL, "%s:%zu: no samples", name, it.lineno);
	return 0;
}

/**
 * wbf_fio_bwlog_series() - MB/s per interval for one data direction
 * @l: parsed log
 * @ddir: 0 read, 1 write, 2 trim
 * @interval_ns: interval length
 * @mbps: set to a malloc()ed array (NULL when empty)
 * @n: its length: ceil(last sample time of any direction / interval)
 *
 * A sample's bandwidth is taken to hold since the previous sample of the
 * same direction (or time 0): fio logs the average over the window that
 * ends at the sample. Each such span's bytes are spread over the
 * intervals it overlaps, so the total matches what fio moved.
 *
 * Return: 0, -ERANGE (more than WBF_MAX_INTERVALS) or -ENOMEM.
 */
int wbf_fio_bwlog_series(const struct wbf_fio_bwlog *l, unsigned int ddir,
			 uint64_t interval_ns, double **mbps, size_t *n)
{
	double secs = (double)interval_ns / 1e9, *v;
	uint64_t tmax = 0, prev = 0, k, cnt;
	size_t i;

	*mbps = NULL;
	*n = 0;
	for (i = 0; i < l->n; i++)
		if (l->v[i].t_ms > tmax)
			tmax = l->v[i].t_ms;
	if (!l->n)
		return 0;
	/* t_ms <= 10^12 (parse_sample), so ns fit in 64 bits */
	cnt = (tmax * 1000000ULL + interval_ns - 1) / interval_ns;
	if (!cnt)
		cnt = 1;
	if (cnt > WBF_MAX_INTERVALS)
		return -ERANGE;	/* interval far too short for this log */
	v = calloc(cnt, sizeof(*v));
	if (!v)
		return -ENOMEM;
	for (i = 0; i < l->n; i++) {
		uint64_t a, b = l->v[i].t_ms * 1000000ULL;
		double bps = (double)l->v[i].kib_s * 1024.0;

		if (l->v[i].ddir != ddir)
			continue;
		a = prev < b ? prev : b;
		prev = b;
		/* spread [a, b) over the intervals it overlaps */
		for (k = a / interval_ns; a < b && k < cnt; k++) {
			uint64_t end = (k + 1) * interval_ns;

			if (end > b)
				end = b;
			v[k] += bps * (double)(end - a) / 1e9 / 1e6;
			a = end;
		}
	}
	for (k = 0; k < cnt; k++)
		v[k] /= secs;
	*mbps = v;
	*n = cnt;
	return 0;
}

/**
 * wbf_fio_bwlog_free() - release a parsed log
 * @l: parsed log
 */
void wbf_fio_bwlog_free(struct wbf_fio_bwlog *l)
{
	free(l->v);
	memset(l, 0, sizeof(*l));
}
