// SPDX-License-Identifier: GPL-2.0
/* The plain text report and `wbfair compare`; see report.h. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "group.h"
#include "report.h"
#include "emit.h"
#include "report_int.h"

#define MAX_PROC_ROWS	10

/* A number for a table: "-" when there is none, "inf" when unbounded. */
static const char *num(char *buf, size_t size, double d, int prec)
{
	if (isnan(d))
		return "-";
	if (isinf(d))
		return d > 0 ? "inf" : "-inf";
	snprintf(buf, size, "%.*f", prec, d);
	return buf;
}

static const char *pct(char *buf, size_t size, double d)
{
	if (!isfinite(d))
		return "-";
	snprintf(buf, size, "%.1f%%", 100 * d);
	return buf;
}

static void fairness_line(FILE *o, const struct wbf_run *r,
			  const struct wbf_group *g)
{
	char a[32], b[32], c[32], d[32];

	fprintf(o, "Fairness of %s (%s): Jain %s overall, %s mean of %zu %g-s intervals, max/min %s, aggregate %s MB/s\n",
		g->title, wbf_sel_name(r->rw), num(a, sizeof(a), g->fair.jain, 3),
		num(b, sizeof(b), g->fair.jain_interval, 3),
		g->fair.intervals_used,
		(double)r->interval_ns / WBF_NSEC_PER_SEC,
		num(c, sizeof(c), g->fair.max_min, 2),
		num(d, sizeof(d), g->aggregate_mbps, 2));
}

static void q2c_cols(FILE *o, struct wbf_samples *s)
{
	char a[4][32];

	fprintf(o, " %8s %8s %8s %8s",
		num(a[0], 32, wbf_samples_percentile(s, 50) / 1e6, 3),
		num(a[1], 32, wbf_samples_percentile(s, 95) / 1e6, 3),
		num(a[2], 32, wbf_samples_percentile(s, 99) / 1e6, 3),
		num(a[3], 32, s->n ? s->max / 1e6 : NAN, 3));
}

static int text_block(FILE *o, struct wbf_run *r)
{
	struct wbf_blkstat *bs = &r->blk;
	struct wbf_group g;
	char a[8][32];
	size_t i, gi = 0;
	double secs = wbf_blkstat_seconds(bs);
	struct wbf_workload w;
	int ret;

	fprintf(o, "Block trace: %s, %llu records", r->blk_kind,
		(unsigned long long)bs->records);
	if (r->bt.files)
		fprintf(o, " in %zu files (%zu big-endian)", r->bt.files,
			r->bt.big_endian);
	fprintf(o, ", %.3f s, %zu intervals of %g s\n", secs, bs->n_intervals,
		(double)r->interval_ns / WBF_NSEC_PER_SEC);
	if (r->geo.bad_remaps)
		fprintf(o, "warning: %llu REMAP records could not be used\n",
			(unsigned long long)r->geo.bad_remaps);
	for (i = 0; i < bs->nmessages; i++)
		fprintf(o, "trace message: %s\n", bs->messages[i]);

	ret = wbf_group_partitions(r, &g);
	if (ret)
		goto out;
	fprintf(o, "\n%-16s %-8s %10s %11s %7s %9s %6s %8s %8s %8s %8s %8s %8s\n",
		"partition", "dev", "read MB", "written MB", "share",
		"MB/s avg", "CoV", "min", "max", "Q2C p50", "p95", "p99",
		"max ms");
	for (i = 0; i < bs->nparts; i++) {
		struct wbf_ent *en = &bs->parts[i];
		char dev[24];
		bool in = wbf_group_find(&g, en->name, &gi);

		snprintf(dev, sizeof(dev), "%u,%u", MAJOR(en->dev),
			 MINOR(en->dev));
		fprintf(o, "%-16s %-8s %10.3f %11.3f %7s %9s %6s %8s %8s",
			en->name, dev, wbf_mb(en->bytes[WBF_READ]),
			wbf_mb(en->bytes[WBF_WRITE]),
			in ? pct(a[0], 32, g.shares[gi]) : "-",
			in ? num(a[1], 32, g.stats[gi].mean, 3) : "-",
			in ? num(a[2], 32, g.stats[gi].cov, 3) : "-",
			in ? num(a[3], 32, g.stats[gi].min, 2) : "-",
			in ? num(a[4], 32, g.stats[gi].max, 2) : "-");
		q2c_cols(o, &en->q2c);
		if (!in && wbf_ent_counts(en))
			fputs("  (not in the workload)", o);
		fputc('\n', o);
	}
	fairness_line(o, r, &g);
	wbf_workload_find(r, &w);
	fprintf(o, "Workload partitions (%s):", w.source);
	for (i = 0; i < g.n; i++)
		fprintf(o, " %s", g.names[i]);
	fputc('\n', o);
	wbf_group_free(&g);

	fprintf(o, "\n%-10s %-8s %7s %8s %8s %9s %9s %9s %10s %10s %10s %9s %6s\n",
		"disk", "dev", "util", "busy s", "issued", "KiB p50", "p95",
		"max", "seek p50", "p95", "max", "unmatched", "errors");
	for (i = 0; i < bs->ndisks; i++) {
		struct wbf_disk *d = &bs->disks[i];
		char dev[24];

		snprintf(dev, sizeof(dev), "%u,%u", MAJOR(d->dev),
			 MINOR(d->dev));
		fprintf(o, "%-10s %-8s %7s %8.3f %8llu %9s %9s %9s %10s %10s %10s %9llu %6llu\n",
			d->name, dev,
			pct(a[0], 32, secs > 0 ? d->busy_ns / 1e9 / secs : NAN),
			d->busy_ns / 1e9, (unsigned long long)d->issued,
			num(a[1], 32, wbf_samples_percentile(&d->req_bytes, 50) / 1024, 1),
			num(a[2], 32, wbf_samples_percentile(&d->req_bytes, 95) / 1024, 1),
			num(a[3], 32, d->req_bytes.n ? d->req_bytes.max / 1024 : NAN, 1),
			num(a[4], 32, wbf_samples_percentile(&d->seek, 50), 0),
			num(a[5], 32, wbf_samples_percentile(&d->seek, 95), 0),
			num(a[6], 32, d->seek.n ? d->seek.max : NAN, 0),
			(unsigned long long)d->unmatched,
			(unsigned long long)d->errors);
	}

	ret = wbf_group_processes(r, &g);
	if (ret)
		goto out;
	fprintf(o, "\n%-24s %10s %11s %7s %8s %8s %8s %8s\n", "process",
		"read MB", "written MB", "share", "Q2C p50", "p95", "p99",
		"max ms");
	for (i = 0; i < g.n && i < MAX_PROC_ROWS; i++) {
		struct wbf_ent *en = (struct wbf_ent *)g.ents[i];

		fprintf(o, "%-24s %10.3f %11.3f %7s", g.names[i],
			wbf_mb(en->bytes[WBF_READ]), wbf_mb(en->bytes[WBF_WRITE]),
			pct(a[0], 32, g.shares[i]));
		q2c_cols(o, &en->q2c);
		fputc('\n', o);
	}
	if (g.n > MAX_PROC_ROWS)
		fprintf(o, "... %zu more processes (all in --format csv|json)\n",
			g.n - MAX_PROC_ROWS);
out:
	wbf_group_free(&g);
	return ret;
}

static void text_group(FILE *o, const struct wbf_run *r,
		       const struct wbf_group *g, const char *total_hdr)
{
	char a[6][32];
	size_t i;

	fprintf(o, "\n%-24s %12s %7s %9s %6s %8s %8s\n", g->title, total_hdr,
		"share", "MB/s avg", "CoV", "min", "max");
	for (i = 0; i < g->n; i++)
		fprintf(o, "%-24s %12s %7s %9s %6s %8s %8s\n", g->names[i],
			num(a[0], 32, !strcmp(g->unit, "bytes") ?
			    g->totals[i] / 1e6 : g->totals[i], 3),
			pct(a[1], 32, g->shares[i]),
			num(a[2], 32, g->stats[i].mean, 3),
			num(a[3], 32, g->stats[i].cov, 3),
			num(a[4], 32, g->stats[i].min, 2),
			num(a[5], 32, g->stats[i].max, 2));
	fairness_line(o, r, g);
}

static void text_ftrace(FILE *o, const struct wbf_ftrace *ft)
{
	size_t i;

	fprintf(o, "\nftrace: %llu events (%llu of the writeback subsystem), balance_dirty_pages %llu (%llu paused, %.0f ms)\n",
		(unsigned long long)ft->events,
		(unsigned long long)ft->writeback_events,
		(unsigned long long)ft->bdp_events,
		(unsigned long long)ft->bdp_paused, ft->bdp_pause_ms);
	if (ft->ncounts)
		fprintf(o, "%-32s %-16s %10s\n", "event", "device", "count");
	for (i = 0; i < ft->ncounts; i++)
		fprintf(o, "%-32s %-16s %10llu\n", ft->counts[i].event,
			ft->counts[i].dev[0] ? ft->counts[i].dev : "(all)",
			(unsigned long long)ft->counts[i].count);
}

/* dbench --per-client-results: where each instance's clients ended */
static int text_dbench_spread(FILE *o, const struct wbf_run *r)
{
	struct wbf_dbench_spread s;
	bool head = false;
	size_t i;
	int ret;

	for (i = 0; i < r->ndb; i++) {
		ret = wbf_dbench_spread(&r->db[i], &s);
		if (ret == -ENOENT)
			continue;
		if (ret)
			return ret;
		if (!head) {
			fprintf(o, "dbench clients' loadfile line at the end (--per-client-results)\n");
			fprintf(o, "%-24s %7s %7s %7s %7s %7s %7s %8s\n", "instance",
				"clients", "min", "p10", "p50", "p90", "max", "mean");
			head = true;
		}
		fprintf(o, "%-24s %7zu %7.0f %7.0f %7.0f %7.0f %7.0f %8.1f\n",
			r->db[i].name, s.n, s.min, s.p10, s.p50, s.p90, s.max,
			s.mean);
	}
	return 0;
}

/**
 * wbf_report_text() - the plain text report of a run
 * @out: output
 * @r: run (sample bags get sorted)
 *
 * Return: 0 or -ENOMEM/-ERANGE.
 */
int wbf_report_text(FILE *out, struct wbf_run *r)
{
	struct wbf_group g;
	char verdict[512];
	int ret = 0;

	fprintf(out, "wbfair: %s (direction %s)\n", r->name,
		wbf_sel_name(r->rw));
	if (r->have_blk)
		ret = text_block(out, r);
	if (!ret && r->ndb) {
		ret = wbf_group_dbench(r, &g);
		if (!ret)
			text_group(out, r, &g, "MB/s");
		wbf_group_free(&g);
		if (!ret)
			ret = text_dbench_spread(out, r);
	}
	if (!ret && r->nfio) {
		ret = wbf_group_fio(r, &g);
		if (!ret)
			text_group(out, r, &g, "MB");
		wbf_group_free(&g);
	}
	if (!ret && r->nbw) {
		ret = wbf_group_bwlogs(r, &g);
		if (!ret)
			text_group(out, r, &g, "MB");
		wbf_group_free(&g);
	}
	if (ret)
		return ret;
	if (r->have_ftrace)
		text_ftrace(out, &r->ft);
	fprintf(out, "\nDirty limit: %s (%s)\n",
		wbf_dirty_state_name(r->dirty.state), r->dirty.why);
	ret = wbf_group_primary(r, &g);
	wbf_run_verdict(r, ret ? NULL : &g, verdict, sizeof(verdict));
	wbf_group_free(&g);
	fprintf(out, "Verdict: %s\n", verdict);
	return ret == -ENOENT ? 0 : ret;
}

/**
 * wbf_compare() - one table across runs and a verdict line per run
 * @out: output
 * @runs: loaded runs
 * @n: how many
 * @fmt: text, csv or json
 *
 * Each run is summarised by its primary group (run.h).
 *
 * Return: 0 or -ENOMEM/-ERANGE.
 */
int wbf_compare(FILE *out, struct wbf_run *runs, size_t n,
		enum wbf_format fmt)
{
	struct json_object *arr = json_object_new_array();
	char verdict[512], a[6][32], b[32];
	struct wbf_lead l;
	size_t i;
	int ret = 0;

	if (fmt == WBF_FMT_TEXT)
		fprintf(out, "%-28s %-18s %3s %9s %10s %-14s %7s %7s %6s %8s %8s %-8s\n",
			"run", "measured", "n", "seconds", "aggr MB/s",
			"leader", "lead", "noise", "Jain", "Jain/int",
			"max/min", "dirty");
	for (i = 0; i < n && !ret; i++) {
		struct wbf_run *r = &runs[i];
		struct json_object *o;
		struct wbf_group g;
		int gr = wbf_group_primary(r, &g);

		if (gr && gr != -ENOENT) {
			ret = gr;
			wbf_group_free(&g);
			break;
		}
		wbf_run_verdict(r, gr ? NULL : &g, verdict, sizeof(verdict));
		wbf_lead_compute(&l, g.totals, (const double *const *)g.rates,
				 g.n, g.n_intervals,
				 (double)r->interval_ns / WBF_NSEC_PER_SEC);
		/* a tie has no leader: the column says so */
		if (fmt == WBF_FMT_TEXT)
			fprintf(out, "%-28s %-18s %3zu %9s %10s %-14s %7s %7s %6s %8s %8s %-8s\n",
				r->name, gr ? "-" : g.title, g.n,
				num(a[0], 32, gr ? NAN : g.seconds, 1),
				num(a[1], 32, gr ? NAN : g.aggregate_mbps, 2),
				g.n < 2 ? (g.n ? g.names[0] : "-") : l.tie ? "tie" :
				g.names[l.leader],
				pct(a[2], 32, g.n > 1 ? l.gap : NAN),
				pct(b, 32, WBF_LEAD_TIE_SE * l.se),
				num(a[3], 32, g.n ? g.fair.jain : NAN, 3),
				num(a[4], 32, g.n ? g.fair.jain_interval : NAN, 3),
				num(a[5], 32, g.n ? g.fair.max_min : NAN, 2),
				wbf_dirty_state_name(r->dirty.state));
		o = json_object_new_object();
		json_object_object_add(o, "name", json_object_new_string(r->name));
		json_object_object_add(o, "measured",
				       json_object_new_string(gr ? "" : g.title));
		json_object_object_add(o, "entities", json_object_new_int64(g.n));
		json_object_object_add(o, "seconds", wbf_jnum(gr ? NAN : g.seconds));
		json_object_object_add(o, "aggregate_mbps",
				       wbf_jnum(gr ? NAN : g.aggregate_mbps));
		json_object_object_add(o, "leader", g.n ?
			json_object_new_string(g.names[g.fair.leader]) : NULL);
		json_object_object_add(o, "leader_share",
				       wbf_jnum(g.n ? g.fair.leader_share : NAN));
		json_object_object_add(o, "lead_gap", wbf_jnum(g.n > 1 ? l.gap : NAN));
		json_object_object_add(o, "lead_se", wbf_jnum(l.se));
		json_object_object_add(o, "tie", g.n < 2 || l.unsure ? NULL :
				       json_object_new_boolean(l.tie));
		json_object_object_add(o, "jain", wbf_jnum(g.n ? g.fair.jain : NAN));
		json_object_object_add(o, "jain_interval",
				       wbf_jnum(g.n ? g.fair.jain_interval : NAN));
		json_object_object_add(o, "max_min",
				       wbf_jnum(g.n ? g.fair.max_min : NAN));
		json_object_object_add(o, "dirty_limit", json_object_new_string(
			wbf_dirty_state_name(r->dirty.state)));
		json_object_object_add(o, "verdict", json_object_new_string(verdict));
		json_object_array_add(arr, o);
		wbf_group_free(&g);
	}
	if (!ret && fmt == WBF_FMT_TEXT) {
		fputc('\n', out);
		for (i = 0; i < n; i++) {
			struct json_object *o = json_object_array_get_idx(arr, i);
			struct json_object *v;

			json_object_object_get_ex(o, "verdict", &v);
			fprintf(out, "%s: %s\n", runs[i].name,
				json_object_get_string(v));
		}
	} else if (!ret && fmt == WBF_FMT_JSON) {
		struct json_object *root = json_object_new_object();

		json_object_object_add(root, "runs", json_object_get(arr));
		fprintf(out, "%s\n", json_object_to_json_string_ext(root,
			JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
			JSON_C_TO_STRING_NOSLASHESCAPE));
		json_object_put(root);
	} else if (!ret) {
		struct json_object *root = json_object_new_object();

		json_object_object_add(root, "compare", json_object_get(arr));
		wbf_csv_write(out, root, true);
		json_object_put(root);
	}
	json_object_put(arr);
	return ret;
}
