// SPDX-License-Identifier: GPL-2.0
/* Run directory scan, summary.json, /proc/vmstat and the dirty-limit rule. */
#include <dirent.h>
#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rundir.h"

/**
 * wbf_pathlist_add() - append a copy of @path
 * @l: list
 * @path: path
 *
 * Return: 0 or -ENOMEM.
 */
int wbf_pathlist_add(struct wbf_pathlist *l, const char *path)
{
	char *p = strdup(path);

	if (!p || WBF_GROW(l->v, l->cap, l->n + 1)) {
		free(p);
		return -ENOMEM;
	}
	l->v[l->n++] = p;
	return 0;
}

/**
 * wbf_pathlist_free() - release a list
 * @l: list
 */
void wbf_pathlist_free(struct wbf_pathlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void sort_list(struct wbf_pathlist *l)
{
	if (l->n)
		qsort(l->v, l->n, sizeof(*l->v), cmp_str);
}

static char *join(const char *dir, const char *name)
{
	char *p;

	return asprintf(&p, "%s/%s", dir, name) < 0 ? NULL : p;
}

/* "NAME.blktrace.0" -> NAME; other CPUs are found by the reader */
static bool trace_name(const char *f, char *name, size_t size)
{
	size_t n = strlen(f), m = strlen(WBF_RUN_TRACE_INFIX "0");

	if (n <= m || strcmp(f + n - m, WBF_RUN_TRACE_INFIX "0") ||
	    n - m >= size)
		return false;
	memcpy(name, f, n - m);
	name[n - m] = '\0';
	return true;
}

static bool is_bwlog(const char *f)
{
	const char *p = strstr(f, WBF_RUN_BWLOG_INFIX);

	if (!p || !wbf_has_suffix(f, ".log"))
		return false;
	p += strlen(WBF_RUN_BWLOG_INFIX);
	if (*p < '0' || *p > '9')
		return false;
	while (*p >= '0' && *p <= '9')
		p++;
	return !strcmp(p, ".log");
}

/**
 * wbf_rundir_scan() - find the files of a run directory
 * @r: result (zeroed here)
 * @dir: the directory
 * @e: error message
 *
 * Lists are sorted by name so the report does not depend on the order of
 * readdir().
 *
 * Return: 0, -errno if the directory cannot be read, -ENOMEM.
 */
int wbf_rundir_scan(struct wbf_rundir *r, const char *dir, struct wbf_err *e)
{
	struct dirent *de;
	char name[256];
	DIR *d;
	int ret = 0;

	memset(r, 0, sizeof(*r));
	d = opendir(dir);
	if (!d)
		return wbf_errf(e, -errno, "%s: %s", dir, strerror(errno));
	while (!ret && (de = readdir(d))) {
		const char *f = de->d_name;
		char *p = NULL, **slot = NULL;
		struct wbf_pathlist *list = NULL;

		if (!strcmp(f, "wbsim.manifest"))
			r->manifest = true;
		if (!strcmp(f, WBF_RUN_GEOMETRY))
			slot = &r->geometry;
		else if (!strcmp(f, WBF_RUN_FTRACE))
			slot = &r->ftrace;
		else if (!strcmp(f, WBF_RUN_SUMMARY))
			slot = &r->summary;
		else if (!strcmp(f, WBF_RUN_VMSTAT_BEFORE))
			slot = &r->vmstat_before;
		else if (!strcmp(f, WBF_RUN_VMSTAT_AFTER))
			slot = &r->vmstat_after;
		else if (trace_name(f, name, sizeof(name)))
			f = name, list = &r->traces;
		else if (!strncmp(f, WBF_RUN_DBENCH_PREFIX,
				  strlen(WBF_RUN_DBENCH_PREFIX)) &&
			 wbf_has_suffix(f, WBF_RUN_DBENCH_SUFFIX))
			list = &r->dbench;
		else if (!strncmp(f, WBF_RUN_FIO_PREFIX,
				  strlen(WBF_RUN_FIO_PREFIX)) &&
			 wbf_has_suffix(f, WBF_RUN_FIO_SUFFIX))
			list = &r->fio_json;
		else if (is_bwlog(f))
			list = &r->fio_bwlogs;
		else
			continue;
		p = join(dir, f);
		if (!p) {
			ret = -ENOMEM;
		} else if (slot) {
			*slot = p;
			p = NULL;
		} else {
			ret = wbf_pathlist_add(list, p);
		}
		free(p);
	}
	closedir(d);
	if (ret) {
		wbf_rundir_free(r);
		return wbf_errf(e, ret, "out of memory");
	}
	sort_list(&r->traces);
	sort_list(&r->dbench);
	sort_list(&r->fio_json);
	sort_list(&r->fio_bwlogs);
	return 0;
}

/**
 * wbf_rundir_free() - release a scan
 * @r: scan
 */
void wbf_rundir_free(struct wbf_rundir *r)
{
	free(r->geometry);
	free(r->ftrace);
	free(r->summary);
	free(r->vmstat_before);
	free(r->vmstat_after);
	wbf_pathlist_free(&r->traces);
	wbf_pathlist_free(&r->dbench);
	wbf_pathlist_free(&r->fio_json);
	wbf_pathlist_free(&r->fio_bwlogs);
	memset(r, 0, sizeof(*r));
}

/**
 * wbf_dbench_instance_name() - instance name of a dbench log
 * @path: log path
 * @buf: name: PART of ".../dbench.PART.log", else the file's base name
 * @size: size of @buf
 */
void wbf_dbench_instance_name(const char *path, char *buf, size_t size)
{
	const char *b = strrchr(path, '/');
	size_t n, pre = strlen(WBF_RUN_DBENCH_PREFIX);
	size_t suf = strlen(WBF_RUN_DBENCH_SUFFIX);

	b = b ? b + 1 : path;
	n = strlen(b);
	if (!strncmp(b, WBF_RUN_DBENCH_PREFIX, pre) && n > pre + suf &&
	    wbf_has_suffix(b, WBF_RUN_DBENCH_SUFFIX)) {
		b += pre;
		n -= pre + suf;
	}
	if (n >= size)
		n = size - 1;
	memcpy(buf, b, n);
	buf[n] = '\0';
}

/**
 * wbf_summary_parse() - read the facts wbfair uses from summary.json
 * @s: result
 * @name: file name for messages
 * @data: the text
 * @len: its length
 * @e: error message
 *
 * The layout of docs/summary-json.md; "producer" (string),
 * "dirty_limit_hit" (bool), "throttle_events_total" (non-negative integer;
 * "dirty_throttle_events" in summaries older than schema wbsim-summary/1)
 * and "throttled_task_seconds_total" (non-negative number) are read, and
 * must have those types when present; other keys are not looked at.
 *
 * Return: 0 or -EINVAL.
 */
int wbf_summary_parse(struct wbf_summary *s, const char *name,
		      const void *data, size_t len, struct wbf_err *e)
{
	struct json_tokener *tok;
	struct json_object *root, *v;
	enum json_tokener_error jerr;
	size_t used, i, line = 1;
	int ret = 0;

	memset(s, 0, sizeof(*s));
	if (len > INT32_MAX || memchr(data, '\0', len))
		return wbf_errf(e, -EINVAL, "%s: not a JSON text", name);
	tok = json_tokener_new();
	if (!tok)
		return wbf_errf(e, -ENOMEM, "out of memory");
	root = json_tokener_parse_ex(tok, data, (int)len);
	jerr = json_tokener_get_error(tok);
	used = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	for (i = 0; i < used && i < len; i++)
		line += ((const char *)data)[i] == '\n';
	if (!root || jerr != json_tokener_success) {
		json_object_put(root);
		return wbf_errf(e, -EINVAL, "%s:%zu: %s", name, line,
				jerr == json_tokener_continue ?
				"unexpected end of JSON" :
				json_tokener_error_desc(jerr));
	}
	for (i = used; i < len; i++) {
		char c = ((const char *)data)[i];

		if (c != ' ' && c != '\n' && c != '\t' && c != '\r') {
			json_object_put(root);
			return wbf_errf(e, -EINVAL, "%s:%zu: text after the JSON object",
					name, line);
		}
	}
	if (!json_object_is_type(root, json_type_object)) {
		ret = wbf_errf(e, -EINVAL, "%s: not a JSON object", name);
		goto out_put;
	}
	if (json_object_object_get_ex(root, "producer", &v)) {
		if (!json_object_is_type(v, json_type_string)) {
			ret = wbf_errf(e, -EINVAL, "%s: \"producer\" is not a string",
				       name);
			goto out_put;
		}
		wbf_strlcpy(s->producer, json_object_get_string(v),
			    sizeof(s->producer));
	}
	/* a run cut short (wbsim's "complete": false) is analysed as far as it goes */
	if (json_object_object_get_ex(root, "complete", &v) &&
	    json_object_is_type(v, json_type_boolean) &&
	    !json_object_get_boolean(v)) {
		s->incomplete = true;
		wbf_strlcpy(s->incomplete_reason, "not complete",
			    sizeof(s->incomplete_reason));
		if (json_object_object_get_ex(root, "incomplete_reason", &v) &&
		    json_object_is_type(v, json_type_string))
			wbf_strlcpy(s->incomplete_reason,
				    json_object_get_string(v),
				    sizeof(s->incomplete_reason));
	}
	if (json_object_object_get_ex(root, "dirty_limit_hit", &v)) {
		if (!json_object_is_type(v, json_type_boolean)) {
			ret = wbf_errf(e, -EINVAL,
				       "%s: \"dirty_limit_hit\" is not true or false",
				       name);
			goto out_put;
		}
		s->has_dirty_limit_hit = true;
		s->dirty_limit_hit = json_object_get_boolean(v);
	}
	for (i = 0; i < 2; i++) {
		/* the second name: before schema wbsim-summary/1 */
		static const char *const key[2] = {
			"throttle_events_total", "dirty_throttle_events",
		};

		if (s->has_throttle_events ||
		    !json_object_object_get_ex(root, key[i], &v))
			continue;
		if (!json_object_is_type(v, json_type_int) ||
		    json_object_get_int64(v) < 0) {
			ret = wbf_errf(e, -EINVAL, "%s: \"%s\" is not a count",
				       name, key[i]);
			goto out_put;
		}
		s->has_throttle_events = true;
		s->throttle_events = (uint64_t)json_object_get_int64(v);
	}
	if (json_object_object_get_ex(root, "throttled_task_seconds_total", &v)) {
		if ((!json_object_is_type(v, json_type_double) &&
		     !json_object_is_type(v, json_type_int)) ||
		    !(json_object_get_double(v) >= 0)) {
			ret = wbf_errf(e, -EINVAL,
				       "%s: \"throttled_task_seconds_total\" is not a number of seconds",
				       name);
			goto out_put;
		}
		s->has_throttled_s = true;
		s->throttled_s = json_object_get_double(v);
	}
out_put:
	json_object_put(root);
	return ret;
}

static const char *const vmstat_keys[5] = {
	"nr_dirty", "nr_writeback", "nr_dirtied", "nr_dirty_threshold",
	"nr_dirty_background_threshold",
};

/**
 * wbf_vmstat_parse() - read the dirty-page counters of a /proc/vmstat copy
 * @v: result
 * @name: file name for messages
 * @data: the text, "key value" per line
 * @len: its length
 * @e: "file:line: ..." on garbage
 *
 * Return: 0 or -EINVAL.
 */
int wbf_vmstat_parse(struct wbf_vmstat *v, const char *name, const void *data,
		     size_t len, struct wbf_err *e)
{
	uint64_t *dst[5] = { &v->nr_dirty, &v->nr_writeback, &v->nr_dirtied,
			     &v->nr_dirty_threshold,
			     &v->nr_dirty_background_threshold };
	struct wbf_lines it;
	char *line;
	int ret, i;

	memset(v, 0, sizeof(*v));
	wbf_lines_init(&it, name, data, len);
	while ((ret = wbf_lines_next(&it, &line, e)) > 0) {
		const char *p = line, *k;
		uint64_t x;
		size_t kl;

		if (wbf_is_blank(line))
			continue;
		k = p;
		while (*p && *p != ' ')
			p++;
		kl = p - k;
		p = wbf_skip_space(p);
		if (!kl || !wb_parse_u64(&p, &x) || !wbf_is_blank(p))
			return wbf_errf(e, -EINVAL, "%s:%zu: want 'name value'",
					name, it.lineno);
		for (i = 0; i < 5; i++) {
			if (strlen(vmstat_keys[i]) == kl &&
			    !strncmp(vmstat_keys[i], k, kl)) {
				*dst[i] = x;
				v->has[i] = true;
			}
		}
	}
	return ret;
}

static bool vmstat_complete(const struct wbf_vmstat *v)
{
	int i;

	for (i = 0; i < 5; i++)
		if (!v->has[i])
			return false;
	return true;
}

/**
 * wbf_dirty_decide() - did the run hit the dirty limit? (rules in rundir.h)
 * @d: verdict
 * @s: summary.json facts, or NULL
 * @ft: trace.txt counts, or NULL
 * @before: vmstat.before, or NULL
 * @after: vmstat.after, or NULL
 */
void wbf_dirty_decide(struct wbf_dirty *d, const struct wbf_summary *s,
		      const struct wbf_ftrace *ft,
		      const struct wbf_vmstat *before,
		      const struct wbf_vmstat *after)
{
	memset(d, 0, sizeof(*d));
	if (s && s->has_dirty_limit_hit) {
		d->state = s->dirty_limit_hit ? WBF_DIRTY_HIT : WBF_DIRTY_NOT_HIT;
		d->has_events = s->has_throttle_events;
		d->events = s->throttle_events;
		snprintf(d->why, sizeof(d->why), "summary.json%s%s",
			 s->producer[0] ? " of " : "", s->producer);
		return;
	}
	if (ft && ft->bdp_paused) {
		d->state = WBF_DIRTY_HIT;
		d->has_events = true;
		d->events = ft->bdp_paused;
		snprintf(d->why, sizeof(d->why),
			 "trace.txt: %llu balance_dirty_pages pauses, %.0f ms in total",
			 (unsigned long long)ft->bdp_paused, ft->bdp_pause_ms);
		return;
	}
	if (ft && ft->writeback_events) {
		d->state = WBF_DIRTY_NOT_HIT;
		d->has_events = true;
		snprintf(d->why, sizeof(d->why),
			 "trace.txt: %llu writeback events, no balance_dirty_pages pause",
			 (unsigned long long)ft->writeback_events);
		return;
	}
	if (before && after && vmstat_complete(before) &&
	    vmstat_complete(after)) {
		uint64_t dirtied = after->nr_dirtied >= before->nr_dirtied ?
				   after->nr_dirtied - before->nr_dirtied : 0;
		uint64_t bound = before->nr_dirty + before->nr_writeback +
				 dirtied;
		uint64_t th = before->nr_dirty_threshold <
			      after->nr_dirty_threshold ?
			      before->nr_dirty_threshold :
			      after->nr_dirty_threshold;
		uint64_t bg = before->nr_dirty_background_threshold <
			      after->nr_dirty_background_threshold ?
			      before->nr_dirty_background_threshold :
			      after->nr_dirty_background_threshold;
		uint64_t freerun = (th + bg) / 2;

		if (bound < freerun) {
			d->state = WBF_DIRTY_NOT_HIT;
			snprintf(d->why, sizeof(d->why),
				 "vmstat: at most %llu dirty pages < freerun point %llu",
				 (unsigned long long)bound,
				 (unsigned long long)freerun);
		} else {
			snprintf(d->why, sizeof(d->why),
				 "vmstat: up to %llu dirty pages >= freerun point %llu, throttling not recorded",
				 (unsigned long long)bound,
				 (unsigned long long)freerun);
		}
		return;
	}
	snprintf(d->why, sizeof(d->why),
		 "no summary.json, writeback trace or vmstat pair");
}
