// SPDX-License-Identifier: GPL-2.0
/* Fairness groups of a run (partitions, processes, dbench, fio); run.h. */
#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "group.h"
#include "load.h"

static int group_alloc(struct wbf_group *g, const char *title,
		       const char *unit, size_t n, size_t n_intervals,
		       bool with_rates)
{
	size_t i;

	memset(g, 0, sizeof(*g));
	snprintf(g->title, sizeof(g->title), "%s", title);
	snprintf(g->unit, sizeof(g->unit), "%s", unit);
	g->n = n;
	g->n_intervals = with_rates ? n_intervals : 0;
	g->names = calloc(n + 1, sizeof(*g->names));
	g->totals = calloc(n + 1, sizeof(*g->totals));
	g->shares = calloc(n + 1, sizeof(*g->shares));
	g->stats = calloc(n + 1, sizeof(*g->stats));
	if (!g->names || !g->totals || !g->shares || !g->stats)
		return -ENOMEM;
	if (!with_rates)
		return 0;
	g->rates = calloc(n + 1, sizeof(*g->rates));
	if (!g->rates)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		g->rates[i] = calloc(n_intervals + 1, sizeof(**g->rates));
		if (!g->rates[i])
			return -ENOMEM;
	}
	return 0;
}

/* Shares, per-entity series stats and the fairness summary. */
static void group_finish(struct wbf_group *g)
{
	size_t i;

	wbf_shares(g->totals, g->n, g->shares);
	for (i = 0; i < g->n; i++) {
		if (g->rates)
			wbf_series_stats(g->rates[i], g->n_intervals,
					 &g->stats[i]);
		else
			g->stats[i] = (struct wbf_series_stats){ NAN, NAN, NAN,
								  NAN };
	}
	wbf_fairness_compute(&g->fair, g->totals,
			     (const double *const *)g->rates, g->n,
			     g->n_intervals);
}

/**
 * wbf_group_free() - release a group
 * @g: group
 */
void wbf_group_free(struct wbf_group *g)
{
	size_t i;

	if (g->rates)
		for (i = 0; i < g->n; i++)
			free(g->rates[i]);
	free(g->rates);
	free(g->names);
	free(g->totals);
	free(g->shares);
	free(g->stats);
	free(g->ents);
	memset(g, 0, sizeof(*g));
}

/**
 * wbf_ent_sel_bytes() - an entity's bytes in the selected direction
 * @en: entity
 * @rw: write, read or both
 */
uint64_t wbf_ent_sel_bytes(const struct wbf_ent *en, enum wbf_rw_sel rw)
{
	if (rw == WBF_SEL_WRITE)
		return en->bytes[WBF_WRITE];
	if (rw == WBF_SEL_READ)
		return en->bytes[WBF_READ];
	return en->bytes[WBF_READ] + en->bytes[WBF_WRITE];
}

/**
 * wbf_ent_rates() - an entity's MB/s per interval, selected direction
 * @r: run
 * @en: entity of r->blk
 * @out: r->blk.n_intervals rates
 */
void wbf_ent_rates(const struct wbf_run *r, const struct wbf_ent *en,
		   double *out)
{
	size_t n = r->blk.n_intervals, k;
	double tmp;

	for (k = 0; k < n; k++)
		out[k] = 0;
	if (r->rw != WBF_SEL_READ)
		wbf_series_mbps(&en->series[WBF_WRITE], n, r->interval_ns, out);
	if (r->rw == WBF_SEL_WRITE)
		return;
	for (k = 0; k < n; k++) {
		tmp = k < en->series[WBF_READ].n ?
		      wbf_mb(en->series[WBF_READ].bytes[k]) /
		      ((double)r->interval_ns / WBF_NSEC_PER_SEC) : 0;
		out[k] = (r->rw == WBF_SEL_ALL ? out[k] : 0) + tmp;
	}
}

static int group_ents(const struct wbf_run *r, struct wbf_group *g,
		      const char *title, const struct wbf_ent *const *v,
		      size_t n)
{
	size_t i;
	int ret = group_alloc(g, title, "bytes", n, r->blk.n_intervals, true);

	if (ret)
		return ret;
	g->ents = calloc(n + 1, sizeof(*g->ents));
	if (!g->ents)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		snprintf(g->names[i], sizeof(g->names[i]), "%s", v[i]->name);
		g->totals[i] = (double)wbf_ent_sel_bytes(v[i], r->rw);
		wbf_ent_rates(r, v[i], g->rates[i]);
		g->ents[i] = v[i];
	}
	g->seconds = wbf_blkstat_seconds(&r->blk);
	group_finish(g);
	g->aggregate_mbps = g->seconds > 0 ?
			    wbf_mb((uint64_t)g->fair.total) / g->seconds : NAN;
	return 0;
}

static bool blk_has_part(const struct wbf_run *r, const char *name)
{
	size_t i;

	for (i = 0; r->have_blk && i < r->blk.nparts; i++)
		if (wbf_ent_counts(&r->blk.parts[i]) &&
		    !strcmp(r->blk.parts[i].name, name))
			return true;
	return false;
}

/* Add @name (the first @len bytes) if it is a traced partition. */
static void workload_add(const struct wbf_run *r, struct wbf_workload *w,
			 const char *name, size_t len, const char *source)
{
	char buf[80];
	size_t l;

	if (!len || len >= sizeof(buf))
		return;
	memcpy(buf, name, len);
	buf[len] = '\0';
	if (w->n >= WBF_WORKLOAD_MAX || wbf_workload_has(w, buf) ||
	    (r->have_blk && !blk_has_part(r, buf)))
		return;
	snprintf(w->names[w->n++], sizeof(w->names[0]), "%s", buf);
	if (strstr(w->source, source))
		return;
	l = strlen(w->source);
	snprintf(w->source + l, sizeof(w->source) - l, "%s%s",
		 l ? ", " : "", source);
}

static void workload_from_summary(const struct wbf_run *r,
				  struct wbf_workload *w, const char *path)
{
	static const char *const keys[] = { "instances", "instance_starts" };
	struct json_object *root = json_object_from_file(path), *a, *el, *p;
	size_t k, i;

	if (!root)
		return;
	for (k = 0; k < 2; k++) {
		if (!json_object_object_get_ex(root, keys[k], &a) ||
		    !json_object_is_type(a, json_type_array))
			continue;
		for (i = 0; i < json_object_array_length(a); i++) {
			el = json_object_array_get_idx(a, i);
			p = el;
			if (json_object_is_type(el, json_type_object) &&
			    !json_object_object_get_ex(el, "partition", &p))
				continue;
			if (!json_object_is_type(p, json_type_string))
				continue;
			workload_add(r, w, json_object_get_string(p),
				     strlen(json_object_get_string(p)),
				     "summary.json instances");
		}
	}
	json_object_put(root);
}

/* [dbench] instances = a,b,c of a scenario.ini (includes already resolved). */
static void workload_from_scenario(const struct wbf_run *r,
				   struct wbf_workload *w, const char *path)
{
	FILE *f = fopen(path, "r");
	char line[1024], *p, *q;
	bool in_dbench = false;

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		p = line + strspn(line, " \t");
		if (*p == '[') {
			in_dbench = !strncmp(p, "[dbench]", 8);
			continue;
		}
		if (!in_dbench || strncmp(p, "instances", 9))
			continue;
		p += 9;
		p += strspn(p, " \t");
		if (*p++ != '=')
			continue;
		while (*p) {
			p += strspn(p, " \t,");
			q = p + strcspn(p, " \t,;\r\n");
			workload_add(r, w, p, (size_t)(q - p),
				     "scenario.ini dbench.instances");
			p = *q && !strchr(";\r\n", *q) ? q : q + strlen(q);
		}
	}
	fclose(f);
}

/**
 * wbf_workload_find() - the partitions that ran the workload (group.h)
 * @r: run
 * @w: result
 */
void wbf_workload_find(const struct wbf_run *r, struct wbf_workload *w)
{
	char path[sizeof(r->name) + 32];
	struct stat st;
	size_t i;

	memset(w, 0, sizeof(*w));
	if (!stat(r->name, &st) && S_ISDIR(st.st_mode)) {
		snprintf(path, sizeof(path), "%s/summary.json", r->name);
		workload_from_summary(r, w, path);
		snprintf(path, sizeof(path), "%s/scenario.ini", r->name);
		workload_from_scenario(r, w, path);
	}
	for (i = 0; i < r->ndb; i++)
		workload_add(r, w, r->db[i].name, strlen(r->db[i].name),
			     "dbench logs");
	w->known = w->n > 0;
	if (!w->known)
		snprintf(w->source, sizeof(w->source),
			 "no workload metadata: every partition");
}

/**
 * wbf_workload_has() - is @name one of the workload's partitions?
 * @w: workload
 * @name: partition name
 */
bool wbf_workload_has(const struct wbf_workload *w, const char *name)
{
	size_t i;

	for (i = 0; i < w->n; i++)
		if (!strcmp(w->names[i], name))
			return true;
	return false;
}

/**
 * wbf_run_warmup_s() - when the workload's warm-up ends, in seconds
 * @r: run loaded from a directory
 *
 * wbsim's dbench warms up for duration/5 (sim/workload/dbench.c), the duration
 * from scenario.ini; the VM harness's runs have no warm-up phase.
 *
 * Return: seconds from the start, or NaN when none is known.
 */
double wbf_run_warmup_s(const struct wbf_run *r)
{
	char path[sizeof(r->name) + 16], line[256];
	double ns = NAN;
	bool in_sim = false;
	FILE *f;

	if (!r->have_summary || strcmp(r->summary.producer, "wbsim"))
		return NAN;
	snprintf(path, sizeof(path), "%s/scenario.ini", r->name);
	f = fopen(path, "r");
	if (!f)
		return NAN;
	while (fgets(line, sizeof(line), f)) {
		if (line[0] == '[')
			in_sim = !strncmp(line, "[sim]", 5);
		else if (in_sim && sscanf(line, "duration = %lfns", &ns) == 1)
			break;
	}
	fclose(f);
	return ns / 1e9 / 5;
}

/**
 * wbf_group_find() - index of the entity named @name in @g
 * @g: group
 * @name: entity name
 * @idx: its index, when found
 */
bool wbf_group_find(const struct wbf_group *g, const char *name, size_t *idx)
{
	size_t i;

	for (i = 0; i < g->n; i++)
		if (!strcmp(g->names[i], name)) {
			*idx = i;
			return true;
		}
	return false;
}

/**
 * wbf_group_partitions() - the workload's partitions of the block trace
 * @r: run
 * @g: group (free with wbf_group_free() whatever the result)
 *
 * The partitions of wbf_workload_find(), in trace order; every partition
 * when the run has no workload metadata. "Outside the partitions" is left
 * out: it is nobody's share.
 *
 * Return: 0, -ENOENT without a block trace, -ENOMEM.
 */
int wbf_group_partitions(const struct wbf_run *r, struct wbf_group *g)
{
	struct wbf_workload w;
	const struct wbf_ent **v;
	size_t i, n = 0;
	int ret;

	memset(g, 0, sizeof(*g));
	if (!r->have_blk)
		return -ENOENT;
	wbf_workload_find(r, &w);
	v = calloc(r->blk.nparts + 1, sizeof(*v));
	if (!v)
		return -ENOMEM;
	for (i = 0; i < r->blk.nparts; i++)
		if (wbf_ent_counts(&r->blk.parts[i]) &&
		    (!w.known || wbf_workload_has(&w, r->blk.parts[i].name)))
			v[n++] = &r->blk.parts[i];
	ret = group_ents(r, g, "partitions", v, n);
	free(v);
	return ret;
}

struct proc_sort {
	const struct wbf_ent *en;
	uint64_t bytes;
};

static int cmp_proc(const void *a, const void *b)
{
	const struct proc_sort *x = a, *y = b;

	if (x->bytes != y->bytes)
		return x->bytes > y->bytes ? -1 : 1;
	return x->en->pid < y->en->pid ? -1 : x->en->pid > y->en->pid;
}

/**
 * wbf_group_processes() - the processes of the block trace, most bytes first
 * @r: run
 * @g: group (free with wbf_group_free() whatever the result)
 *
 * Names are "comm[pid]".
 *
 * Return: 0, -ENOENT without a block trace, -ENOMEM.
 */
int wbf_group_processes(const struct wbf_run *r, struct wbf_group *g)
{
	struct proc_sort *s;
	const struct wbf_ent **v;
	size_t i, n = r->blk.nprocs;
	int ret;

	memset(g, 0, sizeof(*g));
	if (!r->have_blk)
		return -ENOENT;
	s = calloc(n + 1, sizeof(*s));
	v = calloc(n + 1, sizeof(*v));
	if (!s || !v) {
		free(s);
		free(v);
		return -ENOMEM;
	}
	for (i = 0; i < n; i++) {
		s[i].en = &r->blk.procs[i];
		s[i].bytes = wbf_ent_sel_bytes(s[i].en, r->rw);
	}
	qsort(s, n, sizeof(*s), cmp_proc);
	for (i = 0; i < n; i++)
		v[i] = s[i].en;
	ret = group_ents(r, g, "processes", v, n);
	for (i = 0; !ret && i < n; i++) {
		if (v[i]->pid == WBF_PID_UNKNOWN)
			continue;
		snprintf(g->names[i], sizeof(g->names[i]), "%s[%u]",
			 v[i]->name[0] ? v[i]->name : "?", v[i]->pid);
	}
	free(s);
	free(v);
	return ret;
}

/**
 * wbf_group_dbench() - the dbench instances
 * @r: run
 * @g: group (free with wbf_group_free() whatever the result)
 *
 * Totals are the instances' throughput (MB/s); the series are the rates
 * derived per interval (dbench_log.h), aligned on each instance's start of
 * execute: dbench logs carry no clock, so start skew cannot be seen here.
 *
 * Return: 0, -ENOENT without dbench logs, -ENOMEM.
 */
int wbf_group_dbench(const struct wbf_run *r, struct wbf_group *g)
{
	double secs = (double)r->interval_ns / WBF_NSEC_PER_SEC;
	double **mb;
	size_t *len, i, k, nmax = 0, clamped;
	int ret = 0;

	memset(g, 0, sizeof(*g));
	if (!r->ndb)
		return -ENOENT;
	mb = calloc(r->ndb, sizeof(*mb));
	len = calloc(r->ndb, sizeof(*len));
	if (!mb || !len) {
		ret = -ENOMEM;
		goto out_free;
	}
	for (i = 0; !ret && i < r->ndb; i++) {
		ret = wbf_dbench_series(&r->db[i], r->interval_ns, &mb[i],
					&len[i], &clamped);
		if (len[i] > nmax)
			nmax = len[i];
	}
	if (!ret)
		ret = group_alloc(g, "dbench instances", "MB/s", r->ndb, nmax,
				  true);
	for (i = 0; !ret && i < r->ndb; i++) {
		snprintf(g->names[i], sizeof(g->names[i]), "%s", r->db[i].name);
		g->totals[i] = wbf_dbench_mbps(&r->db[i]);
		if (isnan(g->totals[i]))
			g->totals[i] = 0;
		for (k = 0; k < len[i]; k++)
			g->rates[i][k] = mb[i][k] / secs;
		if (wbf_dbench_seconds(&r->db[i]) > g->seconds)
			g->seconds = wbf_dbench_seconds(&r->db[i]);
	}
	if (!ret) {
		group_finish(g);
		g->aggregate_mbps = g->fair.total;
	}
out_free:
	for (i = 0; mb && i < r->ndb; i++)
		free(mb[i]);
	free(mb);
	free(len);
	return ret;
}

/**
 * wbf_group_fio() - the jobs of every fio JSON output
 * @r: run
 * @g: group (free with wbf_group_free() whatever the result)
 *
 * Totals are io_bytes in the selected direction; no series (fio's JSON
 * has none: see the bw logs).
 *
 * Return: 0, -ENOENT without fio output, -ENOMEM.
 */
int wbf_group_fio(const struct wbf_run *r, struct wbf_group *g)
{
	size_t i, j, n = 0, x = 0;
	double bw = 0;
	int ret;

	memset(g, 0, sizeof(*g));
	for (i = 0; i < r->nfio; i++)
		n += r->fio[i].njobs;
	if (!n)
		return -ENOENT;
	ret = group_alloc(g, "fio jobs", "bytes", n, 0, false);
	for (i = 0; !ret && i < r->nfio; i++) {
		for (j = 0; j < r->fio[i].njobs; j++, x++) {
			const struct wbf_fio_job *job = &r->fio[i].jobs[j];
			const struct wbf_fio_dir *rd = &job->dir[0], *wr = &job->dir[1];
			double secs;

			snprintf(g->names[x], sizeof(g->names[x]), "%s", job->name);
			g->totals[x] = r->rw == WBF_SEL_WRITE ? wr->io_bytes :
				       r->rw == WBF_SEL_READ ? rd->io_bytes :
				       (double)rd->io_bytes + wr->io_bytes;
			if (r->rw != WBF_SEL_READ)
				bw += wr->bw_bytes;
			if (r->rw != WBF_SEL_WRITE)
				bw += rd->bw_bytes;
			secs = (double)(wr->runtime_ms > rd->runtime_ms ?
					wr->runtime_ms : rd->runtime_ms) / 1000;
			if (secs > g->seconds)
				g->seconds = secs;
		}
	}
	if (!ret) {
		group_finish(g);
		g->aggregate_mbps = bw / WBF_BYTES_PER_MB;
	}
	return ret;
}

/**
 * wbf_group_bwlogs() - the fio bandwidth logs
 * @r: run
 * @g: group (free with wbf_group_free() whatever the result)
 *
 * Totals are MB: the sum over intervals of MB/s times the interval.
 *
 * Return: 0, -ENOENT without bw logs, -ERANGE, -ENOMEM.
 */
int wbf_group_bwlogs(const struct wbf_run *r, struct wbf_group *g)
{
	double secs = (double)r->interval_ns / WBF_NSEC_PER_SEC;
	double **v;
	size_t *len, i, k, nmax = 0;
	int ret = 0, rw;

	memset(g, 0, sizeof(*g));
	if (!r->nbw)
		return -ENOENT;
	v = calloc(r->nbw * 2, sizeof(*v));
	len = calloc(r->nbw * 2, sizeof(*len));
	if (!v || !len) {
		ret = -ENOMEM;
		goto out_free;
	}
	for (i = 0; !ret && i < r->nbw; i++) {
		for (rw = 0; !ret && rw < 2; rw++) {
			ret = wbf_fio_bwlog_series(&r->bw[i], rw, r->interval_ns,
						   &v[2 * i + rw], &len[2 * i + rw]);
			if (len[2 * i + rw] > nmax)
				nmax = len[2 * i + rw];
		}
	}
	if (!ret)
		ret = group_alloc(g, "fio bw logs", "MB", r->nbw, nmax, true);
	for (i = 0; !ret && i < r->nbw; i++) {
		snprintf(g->names[i], sizeof(g->names[i]), "%s", r->bw[i].name);
		for (rw = 0; rw < 2; rw++) {
			if ((rw == 0 && r->rw == WBF_SEL_WRITE) ||
			    (rw == 1 && r->rw == WBF_SEL_READ))
				continue;
			for (k = 0; k < len[2 * i + rw]; k++)
				g->rates[i][k] += v[2 * i + rw][k];
		}
		for (k = 0; k < nmax; k++)
			g->totals[i] += g->rates[i][k] * secs;
	}
	if (!ret) {
		g->seconds = nmax * secs;
		group_finish(g);
		g->aggregate_mbps = g->seconds > 0 ? g->fair.total / g->seconds
						   : NAN;
	}
out_free:
	for (i = 0; v && i < r->nbw * 2; i++)
		free(v[i]);
	free(v);
	free(len);
	return ret;
}

/**
 * wbf_group_primary() - the group a run's verdict is about
 * @r: run
 * @g: group (free with wbf_group_free() whatever the result)
 *
 * The disk side first (partitions of the block trace), then dbench
 * instances, fio jobs and fio bw logs.
 *
 * Return: 0, -ENOENT when the run has none, -ENOMEM, -ERANGE.
 */
int wbf_group_primary(const struct wbf_run *r, struct wbf_group *g)
{
	int (*const order[])(const struct wbf_run *, struct wbf_group *) = {
		wbf_group_partitions, wbf_group_dbench, wbf_group_fio,
		wbf_group_bwlogs,
	};
	size_t i;
	int ret = -ENOENT;

	for (i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		ret = order[i](r, g);
		if (ret != -ENOENT && !(ret == 0 && !g->n))
			return ret;
		wbf_group_free(g);
	}
	return -ENOENT;
}

static const char *dirty_phrase(const struct wbf_dirty *d, char *buf,
				size_t size)
{
	switch (d->state) {
	case WBF_DIRTY_HIT:
		if (d->has_events)
			snprintf(buf, size, "throttled on dirty memory (%llu events)",
				 (unsigned long long)d->events);
		else
			snprintf(buf, size, "throttled on dirty memory");
		return buf;
	case WBF_DIRTY_NOT_HIT:
		return "never hit the dirty limit: does not test the flushers";
	default:
		return "dirty limit: unknown";
	}
}

/**
 * wbf_lead_phrase() - "sda3 ahead of sda1 by 6.0% of bytes written ..."
 * @g: group
 * @interval_s: length of its intervals
 * @what: "of bytes written", ...
 * @buf: the phrase
 * @size: size of @buf
 *
 * The leader and by how much, or "tie" when the lead is below the noise
 * (wbf_lead_compute(), metrics.h).
 */
void wbf_lead_phrase(const struct wbf_group *g, double interval_s,
		     const char *what, char *buf, size_t size)
{
	struct wbf_lead l;

	wbf_lead_compute(&l, g->totals, (const double *const *)g->rates, g->n,
			 g->n_intervals, interval_s);
	if (g->n < 2) {
		snprintf(buf, size, "only %s", g->n ? g->names[0] : "nothing");
		return;
	}
	if (l.unsure) {
		snprintf(buf, size,
			 "%s ahead of %s by %.1f%% %s (too short to tell a tie: %zu whole %g-s batches)",
			 g->names[l.leader], g->names[l.second], 100 * l.gap, what,
			 l.batches, WBF_LEAD_BATCH_S);
		return;
	}
	if (l.tie)
		snprintf(buf, size,
			 "tie: %s and %s within %.1f%% %s (noise +-%.1f%%: %g s.e. of %zu %g-s batches)",
			 g->names[l.leader], g->names[l.second], 100 * l.gap, what,
			 100 * WBF_LEAD_TIE_SE * l.se, WBF_LEAD_TIE_SE, l.batches,
			 WBF_LEAD_BATCH_S);
	else
		snprintf(buf, size,
			 "%s ahead of %s by %.1f%% %s (noise +-%.1f%%: %g s.e. of %zu %g-s batches)",
			 g->names[l.leader], g->names[l.second], 100 * l.gap, what,
			 100 * WBF_LEAD_TIE_SE * l.se, WBF_LEAD_TIE_SE, l.batches,
			 WBF_LEAD_BATCH_S);
}

/* ", idle (not in Jain): sda2" for traced partitions outside the group. */
static void idle_phrase(const struct wbf_run *r, const struct wbf_group *g,
			char *buf, size_t size)
{
	size_t i, idx, len;

	buf[0] = '\0';
	if (!r->have_blk || strcmp(g->title, "partitions"))
		return;
	for (i = 0; i < r->blk.nparts; i++) {
		const struct wbf_ent *en = &r->blk.parts[i];

		if (!wbf_ent_counts(en) || wbf_group_find(g, en->name, &idx))
			continue;
		len = strlen(buf);
		snprintf(buf + len, size - len, "%s%s",
			 len ? ", " : "; not in the workload, not in Jain: ",
			 en->name);
	}
}

/**
 * wbf_run_verdict() - one line: who led, by how much, and was it throttled
 * @r: run
 * @g: its primary group (may be NULL or empty)
 * @buf: the line
 * @size: size of @buf
 */
void wbf_run_verdict(const struct wbf_run *r, const struct wbf_group *g,
		     char *buf, size_t size)
{
	char dirty[96], jint[48] = "", what[80], lead[300], idle[200];
	const char *dp = dirty_phrase(&r->dirty, dirty, sizeof(dirty));
	double secs = (double)r->interval_ns / WBF_NSEC_PER_SEC;

	if (!g || !g->n || !(g->fair.total > 0)) {
		snprintf(buf, size, "no %s to compare; %s",
			 g && g->n ? "I/O" : "entities", dp);
		return;
	}
	if (!strcmp(g->unit, "bytes"))
		snprintf(what, sizeof(what), "of bytes %s",
			 r->rw == WBF_SEL_WRITE ? "written" :
			 r->rw == WBF_SEL_READ ? "read" : "moved");
	else
		snprintf(what, sizeof(what), "of %s %s", g->title,
			 strcmp(g->unit, "MB/s") ? "MB" : "throughput");
	wbf_lead_phrase(g, secs, what, lead, sizeof(lead));
	idle_phrase(r, g, idle, sizeof(idle));
	if (!isnan(g->fair.jain_interval))
		snprintf(jint, sizeof(jint), "%.2f (%g s), ",
			 g->fair.jain_interval, secs);
	snprintf(buf, size,
		 "%s, Jain %s%.2f overall, max/min %.2f, aggregate %.2f MB/s%s; %s",
		 lead, jint, g->fair.jain, g->fair.max_min, g->aggregate_mbps,
		 idle, dp);
}
