// SPDX-License-Identifier: GPL-2.0
/* Report as JSON (json-c tree) and CSV (the tree flattened); report.h. */
#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "group.h"
#include "report.h"
#include "report_int.h"
#include "emit.h"

static struct json_object *jint(uint64_t v)
{
	return json_object_new_int64(v > INT64_MAX ? INT64_MAX : (int64_t)v);
}

static void jadd(struct json_object *o, const char *k, struct json_object *v)
{
	json_object_object_add(o, k, v);
}

static struct json_object *samples_json(struct wbf_samples *s, double scale)
{
	struct json_object *o = json_object_new_object();

	jadd(o, "n", jint(s->n));
	jadd(o, "mean", wbf_jnum(wbf_samples_mean(s) * scale));
	jadd(o, "p50", wbf_jnum(wbf_samples_percentile(s, 50) * scale));
	jadd(o, "p95", wbf_jnum(wbf_samples_percentile(s, 95) * scale));
	jadd(o, "p99", wbf_jnum(wbf_samples_percentile(s, 99) * scale));
	jadd(o, "max", wbf_jnum(s->n ? s->max * scale : NAN));
	return o;
}

static struct json_object *series_json(const double *v, size_t n)
{
	struct json_object *a = json_object_new_array();
	size_t k;

	for (k = 0; k < n; k++)
		json_object_array_add(a, wbf_jnum(v[k]));
	return a;
}

static struct json_object *fairness_json(const struct wbf_group *g,
					 const struct wbf_run *r)
{
	struct json_object *o = json_object_new_object();
	struct wbf_lead l;

	jadd(o, "entities", jint(g->n));
	jadd(o, "total", wbf_jnum(g->fair.total));
	jadd(o, "unit", json_object_new_string(g->unit));
	jadd(o, "jain", wbf_jnum(g->fair.jain));
	jadd(o, "jain_interval", wbf_jnum(g->fair.jain_interval));
	jadd(o, "intervals_used", jint(g->fair.intervals_used));
	jadd(o, "max_min", wbf_jnum(g->fair.max_min));
	jadd(o, "aggregate_mbps", wbf_jnum(g->aggregate_mbps));
	jadd(o, "seconds", wbf_jnum(g->seconds));
	if (g->n) {
		jadd(o, "leader", json_object_new_string(g->names[g->fair.leader]));
		jadd(o, "leader_share", wbf_jnum(g->fair.leader_share));
	}
	wbf_lead_compute(&l, g->totals, (const double *const *)g->rates, g->n,
			 g->n_intervals, (double)r->interval_ns / 1e9);
	if (g->n > 1) {
		jadd(o, "runner_up", json_object_new_string(g->names[l.second]));
		/* metrics.h: share of the total, its batch-means s.e., tie */
		jadd(o, "lead_gap", wbf_jnum(l.gap));
		jadd(o, "lead_se", wbf_jnum(l.se));
		jadd(o, "lead_batches", jint(l.batches));
		jadd(o, "tie", l.unsure ? NULL : json_object_new_boolean(l.tie));
	}
	return o;
}

/* The per-entity measures every group has. */
static void group_ent_json(struct json_object *o, const struct wbf_group *g,
			   size_t i)
{
	jadd(o, "share", wbf_jnum(g->shares[i]));
	jadd(o, "mbps_mean", wbf_jnum(g->stats[i].mean));
	jadd(o, "mbps_cov", wbf_jnum(g->stats[i].cov));
	jadd(o, "mbps_min", wbf_jnum(g->stats[i].min));
	jadd(o, "mbps_max", wbf_jnum(g->stats[i].max));
	if (g->rates)
		jadd(o, "mbps", series_json(g->rates[i], g->n_intervals));
}

static void ent_json(struct json_object *o, struct wbf_ent *en)
{
	jadd(o, "bytes_read", jint(en->bytes[WBF_READ]));
	jadd(o, "bytes_written", jint(en->bytes[WBF_WRITE]));
	jadd(o, "requests_read", jint(en->reqs[WBF_READ]));
	jadd(o, "requests_written", jint(en->reqs[WBF_WRITE]));
	jadd(o, "q2c_ms", samples_json(&en->q2c, 1e-6));
}

static const char *kind_name(enum wbf_ent_kind k)
{
	return k == WBF_ENT_PART ? "partition" : k == WBF_ENT_WHOLE ?
	       "device" : k == WBF_ENT_OTHER ? "outside partitions" : "process";
}

static int block_json(struct json_object *root, struct wbf_run *r)
{
	struct wbf_blkstat *bs = &r->blk;
	struct json_object *o = json_object_new_object(), *a, *x;
	struct wbf_group g;
	char dev[24];
	size_t i, gi;
	double *tmp;
	int ret;

	jadd(o, "source", json_object_new_string(r->blk_kind));
	jadd(o, "records", jint(bs->records));
	jadd(o, "notify_records", jint(bs->notifies));
	if (r->bt.files) {
		jadd(o, "files", jint(r->bt.files));
		jadd(o, "big_endian_files", jint(r->bt.big_endian));
	}
	jadd(o, "seconds", wbf_jnum(wbf_blkstat_seconds(bs)));
	/* the TIMESTAMP notify: wall clock of the trace's start */
	jadd(o, "start_wallclock", bs->have_wallclock ?
	     wbf_jnum(bs->wall_sec + bs->wall_nsec / 1e9) : NULL);
	jadd(o, "remaps", jint(bs->remaps));
	jadd(o, "bad_remaps", jint(r->geo.bad_remaps));
	a = json_object_new_array();
	for (i = 0; i < bs->nmessages; i++)
		json_object_array_add(a, json_object_new_string(bs->messages[i]));
	jadd(o, "messages", a);
	jadd(root, "block", o);

	ret = wbf_group_partitions(r, &g);
	if (ret) {
		wbf_group_free(&g);
		return ret;
	}
	tmp = calloc(bs->n_intervals + 1, sizeof(*tmp));
	if (!tmp) {
		wbf_group_free(&g);
		return -ENOMEM;
	}
	a = json_object_new_array();
	for (i = 0; i < bs->nparts; i++) {
		struct wbf_ent *en = &bs->parts[i];

		x = json_object_new_object();
		jadd(x, "name", json_object_new_string(en->name));
		snprintf(dev, sizeof(dev), "%u,%u", MAJOR(en->dev),
			 MINOR(en->dev));
		jadd(x, "dev", json_object_new_string(dev));
		jadd(x, "kind", json_object_new_string(kind_name(en->kind)));
		ent_json(x, en);
		jadd(x, "in_workload", json_object_new_boolean(
			     wbf_group_find(&g, en->name, &gi)));
		if (wbf_group_find(&g, en->name, &gi)) {
			group_ent_json(x, &g, gi);
		} else {
			struct wbf_series_stats st;

			wbf_ent_rates(r, en, tmp);
			wbf_series_stats(tmp, bs->n_intervals, &st);
			jadd(x, "share", NULL);
			jadd(x, "mbps_mean", wbf_jnum(st.mean));
			jadd(x, "mbps_cov", wbf_jnum(st.cov));
			jadd(x, "mbps_min", wbf_jnum(st.min));
			jadd(x, "mbps_max", wbf_jnum(st.max));
			jadd(x, "mbps", series_json(tmp, bs->n_intervals));
		}
		json_object_array_add(a, x);
	}
	free(tmp);
	jadd(root, "partitions", a);
	{
		struct wbf_workload w;

		wbf_workload_find(r, &w);
		o = fairness_json(&g, r);
		jadd(o, "workload_source", json_object_new_string(w.source));
		jadd(root, "partition_fairness", o);
	}
	wbf_group_free(&g);

	ret = wbf_group_processes(r, &g);
	if (ret) {
		wbf_group_free(&g);
		return ret;
	}
	a = json_object_new_array();
	for (i = 0; i < g.n; i++) {
		struct wbf_ent *en = (struct wbf_ent *)g.ents[i];

		x = json_object_new_object();
		jadd(x, "name", json_object_new_string(g.names[i]));
		jadd(x, "pid", en->pid == WBF_PID_UNKNOWN ? NULL : jint(en->pid));
		jadd(x, "comm", json_object_new_string(en->name));
		ent_json(x, en);
		group_ent_json(x, &g, i);
		json_object_array_add(a, x);
	}
	jadd(root, "processes", a);
	wbf_group_free(&g);

	a = json_object_new_array();
	for (i = 0; i < bs->ndisks; i++) {
		struct wbf_disk *d = &bs->disks[i];
		double secs = wbf_blkstat_seconds(bs);

		x = json_object_new_object();
		jadd(x, "name", json_object_new_string(d->name));
		snprintf(dev, sizeof(dev), "%u,%u", MAJOR(d->dev),
			 MINOR(d->dev));
		jadd(x, "dev", json_object_new_string(dev));
		jadd(x, "busy_s", wbf_jnum((double)d->busy_ns / 1e9));
		jadd(x, "utilisation", wbf_jnum(secs > 0 ?
				(double)d->busy_ns / 1e9 / secs : NAN));
		jadd(x, "bytes_read", jint(d->bytes[WBF_READ]));
		jadd(x, "bytes_written", jint(d->bytes[WBF_WRITE]));
		jadd(x, "issued", jint(d->issued));
		jadd(x, "completed", jint(d->completed));
		jadd(x, "requeued", jint(d->requeued));
		jadd(x, "errors", jint(d->errors));
		jadd(x, "unmatched_completions", jint(d->unmatched));
		jadd(x, "request_kib", samples_json(&d->req_bytes, 1.0 / 1024));
		jadd(x, "seek_sectors", samples_json(&d->seek, 1.0));
		json_object_array_add(a, x);
	}
	jadd(root, "disks", a);
	return 0;
}

/* "clients_lines": where the clients ended, with --per-client-results */
static int dbench_spread_json(struct json_object *x, const struct wbf_dbench *d)
{
	struct wbf_dbench_spread s;
	struct json_object *c;
	int ret = wbf_dbench_spread(d, &s);

	if (ret == -ENOENT)
		return 0;
	if (ret)
		return ret;
	c = json_object_new_object();
	jadd(c, "clients", jint(s.n));
	jadd(c, "min", wbf_jnum(s.min));
	jadd(c, "p10", wbf_jnum(s.p10));
	jadd(c, "p50", wbf_jnum(s.p50));
	jadd(c, "p90", wbf_jnum(s.p90));
	jadd(c, "max", wbf_jnum(s.max));
	jadd(c, "mean", wbf_jnum(s.mean));
	jadd(x, "clients_lines", c);
	return 0;
}

static int dbench_json(struct json_object *root, const struct wbf_run *r)
{
	struct json_object *a = json_object_new_array(), *x, *ops, *op;
	struct wbf_group g;
	size_t i, j;
	int ret = wbf_group_dbench(r, &g);

	if (ret) {
		json_object_put(a);
		wbf_group_free(&g);
		return ret;
	}
	for (i = 0; i < r->ndb; i++) {
		const struct wbf_dbench *d = &r->db[i];

		x = json_object_new_object();
		jadd(x, "name", json_object_new_string(d->name));
		jadd(x, "throughput_mbps", wbf_jnum(wbf_dbench_mbps(d)));
		jadd(x, "seconds", wbf_jnum(wbf_dbench_seconds(d)));
		jadd(x, "clients", d->has_throughput ? jint(d->clients) : NULL);
		jadd(x, "max_latency_ms", d->has_throughput ?
		     wbf_jnum(d->max_latency_ms) : NULL);
		group_ent_json(x, &g, i);
		ops = json_object_new_array();
		for (j = 0; j < d->nops; j++) {
			op = json_object_new_object();
			jadd(op, "name", json_object_new_string(d->ops[j].name));
			jadd(op, "count", jint(d->ops[j].count));
			jadd(op, "avg_ms", wbf_jnum(d->ops[j].avg_ms));
			jadd(op, "max_ms", wbf_jnum(d->ops[j].max_ms));
			json_object_array_add(ops, op);
		}
		jadd(x, "ops", ops);
		ret = dbench_spread_json(x, d);
		if (ret) {
			json_object_put(x);
			json_object_put(a);
			wbf_group_free(&g);
			return ret;
		}
		json_object_array_add(a, x);
	}
	jadd(root, "dbench", a);
	jadd(root, "dbench_fairness", fairness_json(&g, r));
	wbf_group_free(&g);
	return 0;
}

static struct json_object *fio_dir_json(const struct wbf_fio_dir *d)
{
	struct json_object *o = json_object_new_object();

	jadd(o, "io_bytes", jint(d->io_bytes));
	jadd(o, "bw_bytes", jint(d->bw_bytes));
	jadd(o, "bw_kib", jint(d->bw_kib));
	jadd(o, "runtime_ms", jint(d->runtime_ms));
	jadd(o, "clat_mean_us", wbf_jnum(d->clat_mean_ns / 1e3));
	jadd(o, "clat_p50_us", wbf_jnum(d->clat_p50_ns / 1e3));
	jadd(o, "clat_p95_us", wbf_jnum(d->clat_p95_ns / 1e3));
	jadd(o, "clat_p99_us", wbf_jnum(d->clat_p99_ns / 1e3));
	jadd(o, "clat_max_us", wbf_jnum(d->clat_max_ns / 1e3));
	return o;
}

static int fio_json(struct json_object *root, const struct wbf_run *r)
{
	struct json_object *a, *x;
	struct wbf_group g;
	size_t i, j, k = 0;
	int ret = wbf_group_fio(r, &g);

	if (!ret) {
		a = json_object_new_array();
		for (i = 0; i < r->nfio; i++) {
			for (j = 0; j < r->fio[i].njobs; j++, k++) {
				x = json_object_new_object();
				jadd(x, "name", json_object_new_string(
					     r->fio[i].jobs[j].name));
				jadd(x, "read", fio_dir_json(&r->fio[i].jobs[j].dir[0]));
				jadd(x, "write", fio_dir_json(&r->fio[i].jobs[j].dir[1]));
				jadd(x, "share", wbf_jnum(g.shares[k]));
				json_object_array_add(a, x);
			}
		}
		jadd(root, "fio", a);
		jadd(root, "fio_fairness", fairness_json(&g, r));
	}
	wbf_group_free(&g);
	if (ret && ret != -ENOENT)
		return ret;
	ret = wbf_group_bwlogs(r, &g);
	if (!ret) {
		a = json_object_new_array();
		for (i = 0; i < g.n; i++) {
			x = json_object_new_object();
			jadd(x, "name", json_object_new_string(g.names[i]));
			jadd(x, "mb", wbf_jnum(g.totals[i]));
			group_ent_json(x, &g, i);
			json_object_array_add(a, x);
		}
		jadd(root, "fio_bw", a);
		jadd(root, "fio_bw_fairness", fairness_json(&g, r));
	}
	wbf_group_free(&g);
	return ret == -ENOENT ? 0 : ret;
}

static void ftrace_json(struct json_object *root, const struct wbf_ftrace *ft)
{
	struct json_object *o = json_object_new_object(), *a, *x;
	char name[120];
	size_t i;

	jadd(o, "events", jint(ft->events));
	jadd(o, "writeback_events", jint(ft->writeback_events));
	jadd(o, "balance_dirty_pages", jint(ft->bdp_events));
	jadd(o, "balance_dirty_pages_paused", jint(ft->bdp_paused));
	jadd(o, "pause_ms", wbf_jnum(ft->bdp_pause_ms));
	jadd(o, "seconds", wbf_jnum(ft->events ?
			(double)(ft->last_ns - ft->first_ns) / 1e9 : NAN));
	a = json_object_new_array();
	for (i = 0; i < ft->ncounts; i++) {
		x = json_object_new_object();
		snprintf(name, sizeof(name), "%s%s%s", ft->counts[i].event,
			 ft->counts[i].dev[0] ? " " : "", ft->counts[i].dev);
		jadd(x, "name", json_object_new_string(name));
		jadd(x, "event", json_object_new_string(ft->counts[i].event));
		jadd(x, "device", json_object_new_string(ft->counts[i].dev));
		jadd(x, "count", jint(ft->counts[i].count));
		json_object_array_add(a, x);
	}
	jadd(o, "counts", a);
	jadd(root, "ftrace", o);
}

/**
 * wbf_run_json() - the whole report of a run as a JSON object
 * @r: run (sample bags get sorted)
 * @out: the object; json_object_put() it
 *
 * Return: 0 or -ENOMEM/-ERANGE.
 */
int wbf_run_json(struct wbf_run *r, struct json_object **out)
{
	struct json_object *root = json_object_new_object(), *o;
	struct wbf_group g;
	char verdict[512];
	int ret = 0;

	jadd(root, "run", json_object_new_string(r->name));
	if (r->partial[0]) {
		jadd(root, "partial", json_object_new_boolean(1));
		jadd(root, "partial_reason", json_object_new_string(r->partial));
	}
	jadd(root, "interval_s", wbf_jnum((double)r->interval_ns / 1e9));
	jadd(root, "direction", json_object_new_string(wbf_sel_name(r->rw)));
	if (r->have_blk)
		ret = block_json(root, r);
	if (!ret && r->ndb)
		ret = dbench_json(root, r);
	if (!ret)
		ret = fio_json(root, r);
	if (!ret && r->have_ftrace)
		ftrace_json(root, &r->ft);
	if (ret) {
		json_object_put(root);
		return ret;
	}
	o = json_object_new_object();
	jadd(o, "state", json_object_new_string(
		     wbf_dirty_state_name(r->dirty.state)));
	jadd(o, "events", r->dirty.has_events ? jint(r->dirty.events) : NULL);
	jadd(o, "why", json_object_new_string(r->dirty.why));
	jadd(root, "dirty_limit", o);
	ret = wbf_group_primary(r, &g);
	wbf_run_verdict(r, ret ? NULL : &g, verdict, sizeof(verdict));
	wbf_group_free(&g);
	jadd(root, "verdict", json_object_new_string(verdict));
	*out = root;
	return ret == -ENOENT ? 0 : ret;
}

/**
 * wbf_report() - print the report of one run
 * @out: output
 * @r: run
 * @fmt: text, csv or json
 *
 * Return: 0 or -ENOMEM/-ERANGE.
 */
int wbf_report(FILE *out, const struct wbf_run *r, enum wbf_format fmt)
{
	struct json_object *root;
	int ret;

	if (fmt == WBF_FMT_TEXT)
		return wbf_report_text(out, (struct wbf_run *)r);
	ret = wbf_run_json((struct wbf_run *)r, &root);
	if (ret)
		return ret;
	if (fmt == WBF_FMT_JSON)
		fprintf(out, "%s\n", json_object_to_json_string_ext(root,
			JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
			JSON_C_TO_STRING_NOSLASHESCAPE));
	else
		wbf_csv_write(out, root, true);
	json_object_put(root);
	return 0;
}
