// SPDX-License-Identifier: GPL-2.0
/* Loading a run from whatever inputs were given; see run.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "blkparse_text.h"
#include "load.h"

/* What the command line and run directories gave, before loading. */
struct inputs {
	struct wbf_pathlist bt_files;	/* binary trace files */
	struct wbf_pathlist texts;	/* blkparse text */
	struct wbf_pathlist dbench, fio_json, bwlogs;
	char *geometry, *ftrace, *summary, *vm[2];
	bool manifest;			/* a run directory with wbsim.manifest */
};

static void inputs_free(struct inputs *in)
{
	int i;

	wbf_pathlist_free(&in->bt_files);
	wbf_pathlist_free(&in->texts);
	wbf_pathlist_free(&in->dbench);
	wbf_pathlist_free(&in->fio_json);
	wbf_pathlist_free(&in->bwlogs);
	free(in->geometry);
	free(in->ftrace);
	free(in->summary);
	for (i = 0; i < 2; i++)
		free(in->vm[i]);
}

static int set_once(char **slot, const char *path, const char *what,
		    struct wbf_err *e)
{
	if (*slot)
		return wbf_errf(e, -EINVAL, "%s: a second %s (first: %s)", path,
				what, *slot);
	*slot = strdup(path);
	return *slot ? 0 : wbf_errf(e, -ENOMEM, "out of memory");
}

static bool listed(const struct wbf_pathlist *l, const char *p)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (!strcmp(l->v[i], p))
			return true;
	return false;
}

/* Add every per-CPU file of trace NAME. */
static int add_trace_name(struct inputs *in, const char *name,
			  struct wbf_err *e)
{
	char **paths;
	size_t n, i;
	int ret = wbf_bt_paths(name, &paths, &n, e);

	if (ret)
		return ret;
	for (i = 0; !ret && i < n; i++)
		if (!listed(&in->bt_files, paths[i]) &&
		    wbf_pathlist_add(&in->bt_files, paths[i]))
			ret = wbf_errf(e, -ENOMEM, "out of memory");
	wbf_bt_paths_free(paths, n);
	return ret;
}

static int add_dir(struct inputs *in, const char *dir, struct wbf_err *e)
{
	struct wbf_rundir rd;
	size_t i;
	int ret = wbf_rundir_scan(&rd, dir, e);

	if (ret)
		return ret;
	if (rd.geometry)
		ret = set_once(&in->geometry, rd.geometry, "geometry", e);
	if (!ret && rd.ftrace)
		ret = set_once(&in->ftrace, rd.ftrace, "ftrace text", e);
	if (!ret && rd.summary)
		ret = set_once(&in->summary, rd.summary, "summary.json", e);
	in->manifest |= rd.manifest;
	if (!ret && rd.vmstat_before)
		ret = set_once(&in->vm[0], rd.vmstat_before, "vmstat.before", e);
	if (!ret && rd.vmstat_after)
		ret = set_once(&in->vm[1], rd.vmstat_after, "vmstat.after", e);
	for (i = 0; !ret && i < rd.traces.n; i++)
		ret = add_trace_name(in, rd.traces.v[i], e);
	for (i = 0; !ret && i < rd.dbench.n; i++)
		ret = wbf_pathlist_add(&in->dbench, rd.dbench.v[i]);
	for (i = 0; !ret && i < rd.fio_json.n; i++)
		ret = wbf_pathlist_add(&in->fio_json, rd.fio_json.v[i]);
	for (i = 0; !ret && i < rd.fio_bwlogs.n; i++)
		ret = wbf_pathlist_add(&in->bwlogs, rd.fio_bwlogs.v[i]);
	if (ret == -ENOMEM)
		wbf_errf(e, ret, "out of memory");
	if (!ret && !rd.traces.n && !rd.dbench.n && !rd.fio_json.n &&
	    !rd.fio_bwlogs.n && !rd.ftrace)
		ret = wbf_errf(e, -EINVAL,
			       "%s: no trace, dbench log, fio output or trace.txt in this run directory",
			       dir);
	wbf_rundir_free(&rd);
	return ret;
}

static const char *base_name(const char *p)
{
	const char *b = strrchr(p, '/');

	return b ? b + 1 : p;
}

/* "X.blktrace.N" -> X in @name; false if @path is not named so. */
static bool split_trace_file(const char *path, char *name, size_t size)
{
	const char *m = strstr(path, ".blktrace."), *p;

	while (m && strstr(m + 1, ".blktrace."))
		m = strstr(m + 1, ".blktrace.");
	if (!m)
		return false;
	p = m + strlen(".blktrace.");
	if (!*p)
		return false;
	while (*p >= '0' && *p <= '9')
		p++;
	if (*p || (size_t)(m - path) >= size)
		return false;
	memcpy(name, path, m - path);
	name[m - path] = '\0';
	return true;
}

/* Sniff a file's kind from its name and first line. */
static int add_file(struct inputs *in, const char *path, struct wbf_err *e)
{
	const char *b = base_name(path);
	struct wbf_file f;
	struct wbf_lines it;
	char name[4096], *line = NULL;
	int ret;

	if (!strcmp(b, WBF_RUN_SUMMARY))
		return set_once(&in->summary, path, "summary.json", e);
	if (!strcmp(b, WBF_RUN_VMSTAT_BEFORE))
		return set_once(&in->vm[0], path, "vmstat.before", e);
	if (!strcmp(b, WBF_RUN_VMSTAT_AFTER))
		return set_once(&in->vm[1], path, "vmstat.after", e);
	if (!strcmp(b, WBF_RUN_GEOMETRY))
		return set_once(&in->geometry, path, "geometry", e);
	ret = wbf_file_map(&f, path, e);
	if (ret)
		return ret;
	if (wbf_bt_looks_binary(f.data, f.len)) {
		wbf_file_unmap(&f);
		if (split_trace_file(path, name, sizeof(name)))
			return add_trace_name(in, name, e);
		if (listed(&in->bt_files, path))
			return 0;
		return wbf_pathlist_add(&in->bt_files, path) ?
		       wbf_errf(e, -ENOMEM, "out of memory") : 0;
	}
	wbf_lines_init(&it, path, f.data, f.len);
	while ((ret = wbf_lines_next(&it, &line, e)) > 0 && wbf_is_blank(line))
		;
	if (ret <= 0) {
		wbf_file_unmap(&f);
		return ret < 0 ? ret :
		       wbf_errf(e, -EINVAL, "%s:%zu: empty file", path,
				it.lineno);
	}
	line = wbf_skip_space(line);
	if (*line == '{' || !strncmp(line, "note:", 5) ||
	    !strncmp(line, "fio:", 4))
		ret = wbf_pathlist_add(&in->fio_json, path);
	else if (!strncmp(line, "dbench version ", 15))
		ret = wbf_pathlist_add(&in->dbench, path);
	else if (wbf_blkparse_text_line(line))
		ret = wbf_pathlist_add(&in->texts, path);
	else if (wbf_fio_bwlog_line(line))
		ret = wbf_pathlist_add(&in->bwlogs, path);
	else if (wbf_ftrace_header_line(line)) {
		ret = set_once(&in->ftrace, path, "ftrace text", e);
	} else {
		struct wbf_ftrace_line l;

		if (!wbf_ftrace_parse_line(line, &l))
			ret = set_once(&in->ftrace, path, "ftrace text", e);
		else
			ret = wbf_errf(e, -EINVAL,
				       "%s:%zu: unrecognised input (not a blktrace, blkparse, dbench, fio or ftrace file)",
				       path, it.lineno);
	}
	wbf_file_unmap(&f);
	if (ret == -ENOMEM)
		return wbf_errf(e, ret, "out of memory");
	return ret;
}

static int classify(struct inputs *in, char *const *inputs, size_t n,
		    struct wbf_err *e)
{
	struct stat st;
	size_t i;
	int ret = 0;

	for (i = 0; !ret && i < n; i++) {
		const char *p = inputs[i];

		if (!stat(p, &st) && S_ISDIR(st.st_mode))
			ret = add_dir(in, p, e);
		else if (!stat(p, &st))
			ret = add_file(in, p, e);
		else if (wbf_bt_is_trace_name(p))
			ret = add_trace_name(in, p, e);
		else
			ret = wbf_errf(e, -ENOENT,
				       "%s: no such file, directory or trace (%s.blktrace.0)",
				       p, p);
	}
	return ret;
}

typedef int (*parse_fn)(void *obj, const char *name, const void *data,
			size_t len, struct wbf_err *e);

static int load_text(const char *path, parse_fn fn, void *obj,
		     struct wbf_err *e)
{
	struct wbf_file f;
	int ret = wbf_file_map(&f, path, e);

	if (ret)
		return ret;
	ret = fn(obj, path, f.data, f.len, e);
	wbf_file_unmap(&f);
	return ret;
}

static int parse_geometry(void *o, const char *n, const void *d, size_t l,
			  struct wbf_err *e)
{
	return wbf_geometry_parse(o, n, d, l, e);
}

static int parse_dbench(void *o, const char *n, const void *d, size_t l,
			struct wbf_err *e)
{
	return wbf_dbench_parse(o, n, d, l, e);
}

static int parse_fio(void *o, const char *n, const void *d, size_t l,
		     struct wbf_err *e)
{
	return wbf_fio_json_parse(o, n, d, l, e);
}

static int parse_bwlog(void *o, const char *n, const void *d, size_t l,
		       struct wbf_err *e)
{
	return wbf_fio_bwlog_parse(o, n, d, l, e);
}

static int parse_ftrace(void *o, const char *n, const void *d, size_t l,
			struct wbf_err *e)
{
	return wbf_ftrace_parse(o, n, d, l, e);
}

static int parse_summary(void *o, const char *n, const void *d, size_t l,
			 struct wbf_err *e)
{
	return wbf_summary_parse(o, n, d, l, e);
}

static int parse_vmstat(void *o, const char *n, const void *d, size_t l,
			struct wbf_err *e)
{
	return wbf_vmstat_parse(o, n, d, l, e);
}

static int load_blk(struct wbf_run *r, struct inputs *in, struct wbf_err *e)
{
	int ret;

	if (!in->bt_files.n && !in->texts.n)
		return 0;
	if (in->texts.n > 1 || (in->texts.n && in->bt_files.n))
		return wbf_errf(e, -EINVAL,
				"%s: give one blkparse text file, or binary traces, not both",
				in->texts.v[in->texts.n - 1]);
	ret = wbf_blkstat_init(&r->blk, &r->geo, r->interval_ns);
	if (ret)
		return wbf_errf(e, ret, "bad interval");
	/* the series are read in the selected direction only (wbf_ent_rates) */
	r->blk.series_rw[WBF_READ] = r->rw != WBF_SEL_WRITE;
	r->blk.series_rw[WBF_WRITE] = r->rw != WBF_SEL_READ;
	r->have_blk = true;
	if (in->bt_files.n) {
		r->blk_kind = "blktrace";
		ret = wbf_bt_read_paths(in->bt_files.v, in->bt_files.n, &r->geo,
					wbf_blkstat_record, &r->blk, &r->bt, e);
	} else {
		r->blk_kind = "blkparse text";
		ret = wbf_blkparse_text_read_path(in->texts.v[0], &r->geo,
						  wbf_blkstat_record, &r->blk,
						  &r->text_events, e);
	}
	if (!ret)
		ret = wbf_blkstat_finish(&r->blk);
	if (ret == -ERANGE)
		return wbf_errf(e, -EINVAL,
				"%s: the trace spans %.0f s (records at %llu and %llu ns): more than %d intervals of %g s",
				r->name, wbf_blkstat_seconds(&r->blk),
				(unsigned long long)r->blk.t0,
				(unsigned long long)r->blk.t_end,
				WBF_MAX_INTERVALS,
				(double)r->interval_ns / WBF_NSEC_PER_SEC);
	if (ret == -ENOMEM)
		return wbf_errf(e, ret, "out of memory");
	return ret;
}

static int load_lists(struct wbf_run *r, struct inputs *in,
		      struct wbf_err *e)
{
	size_t i;
	int ret = 0;

	r->db = calloc(in->dbench.n + 1, sizeof(*r->db));
	r->fio = calloc(in->fio_json.n + 1, sizeof(*r->fio));
	r->bw = calloc(in->bwlogs.n + 1, sizeof(*r->bw));
	if (!r->db || !r->fio || !r->bw)
		return wbf_errf(e, -ENOMEM, "out of memory");
	for (i = 0; !ret && i < in->dbench.n; i++) {
		wbf_dbench_instance_name(in->dbench.v[i], r->db[i].name,
					 sizeof(r->db[i].name));
		r->ndb++;
		ret = load_text(in->dbench.v[i], parse_dbench, &r->db[i], e);
	}
	for (i = 0; !ret && i < in->fio_json.n; i++) {
		r->nfio++;
		ret = load_text(in->fio_json.v[i], parse_fio, &r->fio[i], e);
	}
	for (i = 0; !ret && i < in->bwlogs.n; i++) {
		const char *b = base_name(in->bwlogs.v[i]);
		size_t n = strlen(b);

		if (wbf_has_suffix(b, ".log"))
			n -= 4;
		if (n >= sizeof(r->bw[i].name))
			n = sizeof(r->bw[i].name) - 1;
		memcpy(r->bw[i].name, b, n);
		r->nbw++;
		ret = load_text(in->bwlogs.v[i], parse_bwlog, &r->bw[i], e);
	}
	return ret;
}

/**
 * wbf_run_load() - load every input of a run
 * @r: result (zeroed here)
 * @inputs: run directories, trace names and files
 * @n: how many
 * @o: options
 * @e: error message ("file:line: ..." for bad input)
 *
 * Return: 0, -EINVAL (bad input), -ENOENT, -ENOMEM. @r must be freed
 * with wbf_run_free() either way.
 */
int wbf_run_load(struct wbf_run *r, char *const *inputs, size_t n,
		 const struct wbf_opts *o, struct wbf_err *e)
{
	struct inputs in;
	size_t i;
	int ret;

	memset(r, 0, sizeof(*r));
	memset(&in, 0, sizeof(in));
	snprintf(r->name, sizeof(r->name), "%s", n ? inputs[0] : "");
	r->interval_ns = o->interval_ns;
	r->rw = o->rw;
	ret = classify(&in, inputs, n, e);
	if (ret)
		goto out;
	/* --geometry replaces RUN/geometry; --part adds to either */
	if (o->geometry)
		ret = load_text(o->geometry, parse_geometry, &r->geo, e);
	else if (in.geometry)
		ret = load_text(in.geometry, parse_geometry, &r->geo, e);
	for (i = 0; !ret && i < o->nparts; i++)
		ret = wbf_geometry_add_option(&r->geo, o->parts[i], e);
	if (!ret)
		ret = load_blk(r, &in, e);
	if (!ret)
		ret = load_lists(r, &in, e);
	if (!ret && in.ftrace) {
		r->have_ftrace = true;
		ret = load_text(in.ftrace, parse_ftrace, &r->ft, e);
	}
	if (!ret && in.summary) {
		r->have_summary = true;
		ret = load_text(in.summary, parse_summary, &r->summary, e);
		if (!ret && r->summary.incomplete)
			wbf_strlcpy(r->partial, r->summary.incomplete_reason,
				    sizeof(r->partial));
	} else if (!ret && in.manifest) {
		/* wbsim writes summary.json last: without it the run stopped */
		wbf_strlcpy(r->partial, "wbsim.manifest but no summary.json",
			    sizeof(r->partial));
	}
	for (i = 0; !ret && i < 2; i++) {
		if (!in.vm[i])
			continue;
		r->have_vmstat[i] = true;
		ret = load_text(in.vm[i], parse_vmstat, &r->vm[i], e);
	}
	if (!ret)
		wbf_dirty_decide(&r->dirty, r->have_summary ? &r->summary : NULL,
				 r->have_ftrace ? &r->ft : NULL,
				 r->have_vmstat[0] ? &r->vm[0] : NULL,
				 r->have_vmstat[1] ? &r->vm[1] : NULL);
out:
	inputs_free(&in);
	return ret;
}

/**
 * wbf_run_free() - release a run
 * @r: run
 */
void wbf_run_free(struct wbf_run *r)
{
	size_t i;

	if (r->have_blk)
		wbf_blkstat_free(&r->blk);
	for (i = 0; i < r->ndb; i++)
		wbf_dbench_free(&r->db[i]);
	for (i = 0; i < r->nfio; i++)
		wbf_fio_free(&r->fio[i]);
	for (i = 0; i < r->nbw; i++)
		wbf_fio_bwlog_free(&r->bw[i]);
	free(r->db);
	free(r->fio);
	free(r->bw);
	wbf_ftrace_free(&r->ft);
	wbf_geometry_free(&r->geo);
	memset(r, 0, sizeof(*r));
}

/**
 * wbf_sel_name() - "write", "read" or "all"
 * @rw: selection
 */
const char *wbf_sel_name(enum wbf_rw_sel rw)
{
	return rw == WBF_SEL_WRITE ? "write" : rw == WBF_SEL_READ ? "read" :
	       "all";
}

/**
 * wbf_dirty_state_name() - "hit", "not hit" or "unknown"
 * @s: state
 */
const char *wbf_dirty_state_name(enum wbf_dirty_state s)
{
	return s == WBF_DIRTY_HIT ? "hit" : s == WBF_DIRTY_NOT_HIT ?
	       "not hit" : "unknown";
}
