// SPDX-License-Identifier: GPL-2.0
/* `wbfair why`: the Markdown report and its plots (why.h). */
#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "report_int.h"
#include "why.h"

#define MB(x)	((double)(x) / 1e6)

static double bin_s(const struct wbf_why *y)
{
	return (double)y->bin_ns / WBF_NSEC_PER_SEC;
}

static uint64_t part_class_total(struct wbf_why *y, size_t p, enum wbf_class c)
{
	uint64_t s = 0;
	size_t b;

	for (b = 0; b < y->nbins; b++)
		s += *wbf_why_cell(y, b, p, c);
	return s;
}

static uint64_t part_bin_total(struct wbf_why *y, size_t b, size_t p)
{
	uint64_t s = 0;
	int c;

	for (c = 0; c < WBF_NR_CLASS; c++)
		s += *wbf_why_cell(y, b, p, c);
	return s;
}

static const char *sb_part_name(const struct wbf_why *y, uint32_t sb,
				char *buf, size_t size)
{
	const char *n = wbf_geometry_dev_name(&y->r->geo, sb);

	if (n)
		return n;
	snprintf(buf, size, "%u:%u", MAJOR(sb), MINOR(sb));
	return buf;
}

static int part_index(const struct wbf_why *y, const char *name)
{
	size_t i;

	for (i = 0; i < y->nparts; i++)
		if (!strcmp(y->parts[i], name))
			return (int)i;
	return -1;
}

/* Throttled task-seconds of the tasks of partition @p (-1: unmapped). */
static double throttled_s(const struct wbf_why *y, int p, size_t *tasks,
			  uint64_t *paused)
{
	double ms = 0;
	size_t i;

	*tasks = 0;
	*paused = 0;
	for (i = 0; i < y->npids; i++) {
		const struct wbf_why_pid *t = &y->pids[i];

		if (!t->bdp_events || wbf_why_instance_of(y, t) != p)
			continue;
		(*tasks)++;
		*paused += t->bdp_paused;
		ms += t->pause_ms;
	}
	return ms / 1e3;
}

/*
 * dbench's own split (its throughput) beside the disk's: an instance can
 * be ahead in dbench while the disk gave both the same bytes.
 */
static void explain_dbench(FILE *o, struct wbf_why *y,
			   const struct wbf_lead *disk)
{
	wbf_dbench_explain(o, y->r, disk->tie);
}

/* summary.json's writes.writers (wbsim): who wrote in which path. */
static void explain_summary_writers(FILE *o, const struct wbf_why *y,
				    bool table)
{
	struct json_object *root, *w, *a, *el, *v, *parts;
	char path[sizeof(y->r->name) + 16];
	size_t i;

	snprintf(path, sizeof(path), "%s/summary.json", y->r->name);
	root = json_object_from_file(path);
	if (!root)
		return;
	if (!json_object_object_get_ex(root, "writes", &w) ||
	    !json_object_object_get_ex(w, "writers", &a) ||
	    !json_object_is_type(a, json_type_array)) {
		json_object_put(root);
		return;
	}
	if (table)
		fprintf(o, "The producer's own account (summary.json writes.writers):\n\n| writer | path | tasks | MB | MB per partition |\n|---|---|---:|---:|---|\n");
	for (i = 0; i < json_object_array_length(a); i++) {
		const char *wr = "?", *pa = "?";
		double mb = 0;
		int64_t tasks = 0;

		el = json_object_array_get_idx(a, i);
		if (json_object_object_get_ex(el, "writer", &v))
			wr = json_object_get_string(v);
		if (json_object_object_get_ex(el, "path", &v))
			pa = json_object_get_string(v);
		if (json_object_object_get_ex(el, "bytes", &v))
			mb = json_object_get_double(v) / 1e6;
		if (json_object_object_get_ex(el, "tasks", &v))
			tasks = json_object_get_int64(v);
		if (!table) {
			if (!strcmp(pa, "balance_dirty_pages") || !strcmp(pa, "fsync"))
				fprintf(o, " %s %.1f MB in %s;", wr, mb, pa);
			continue;
		}
		fprintf(o, "| %s | %s | %lld | %.1f |", wr, pa, (long long)tasks, mb);
		if (json_object_object_get_ex(el, "partitions", &parts) &&
		    json_object_is_type(parts, json_type_object)) {
			json_object_object_foreach(parts, k, pv)
				fprintf(o, " %s %.1f", k, json_object_get_double(pv) / 1e6);
		}
		fprintf(o, " |\n");
	}
	if (table)
		fputc('\n', o);
	json_object_put(root);
}

/* ---- the explanation: where the leader's extra bytes came from ---- */

static void explain(FILE *o, struct wbf_why *y, const struct wbf_group *g)
{
	struct wbf_lead l;
	int pl, ps, c, big = -1;
	double dbig = 0;
	char lead[400];
	size_t tl, ts, tu, i;
	uint64_t el, es, eu;
	double dl, ds, du;

	fprintf(o, "## What it says\n\n");
	if (g->n < 2) {
		fprintf(o, "- Only %zu workload partition(s) in the trace: no split to explain.\n\n",
			g->n);
		return;
	}
	wbf_lead_compute(&l, g->totals, (const double *const *)g->rates, g->n,
			 g->n_intervals, (double)y->r->interval_ns / 1e9);
	wbf_lead_phrase(g, (double)y->r->interval_ns / 1e9,
			"of bytes written", lead, sizeof(lead));
	fprintf(o, "- Disk: %s.\n", lead);
	explain_dbench(o, y, &l);
	pl = part_index(y, g->names[l.leader]);
	ps = part_index(y, g->names[l.second]);
	if (pl < 0 || ps < 0)
		return;
	fprintf(o, "- %s got %.1f MB more than %s. By writer class, %s minus %s:",
		y->parts[pl], MB(g->totals[l.leader] - g->totals[l.second]),
		y->parts[ps], y->parts[pl], y->parts[ps]);
	for (c = 0; c < WBF_NR_CLASS; c++) {
		double d = MB(part_class_total(y, pl, c)) -
			   MB(part_class_total(y, ps, c));

		if (part_class_total(y, pl, c) || part_class_total(y, ps, c))
			fprintf(o, " %s %+.1f MB;", wbf_class_name(c), d);
		if (big < 0 || fabs(d) > fabs(dbig)) {
			big = c;
			dbig = d;
		}
	}
	fprintf(o, " the largest term: %s wrote %.1f MB %s to %s.\n",
		big == WBF_CL_FLUSHER ? "the flusher" :
		big == WBF_CL_DIRTIER ? "the dirtiers" :
		big == WBF_CL_JOURNAL ? "the journal" : wbf_class_name(big),
		fabs(dbig), dbig >= 0 ? "more" : "less", y->parts[pl]);
	if (y->r->have_summary) {
		fprintf(o, "- Dirtiers writing themselves (summary.json):");
		explain_summary_writers(o, y, false);
		fprintf(o, " time each instance's tasks spent writing instead of running dbench.\n");
	}
	if (y->turns.n) {
		uint64_t pages[2] = { 0, 0 }, turns[2] = { 0, 0 }, us[2] = { 0, 0 };

		for (i = 0; i < y->turns.n; i++) {
			char b[24];
			const char *n = sb_part_name(y,
					wb_parse_maj_min(y->turns.v[i].sb),
					b, sizeof(b));
			int k = !strcmp(n, y->parts[pl]) ? 0 :
				!strcmp(n, y->parts[ps]) ? 1 : -1;

			if (k >= 0) {
				pages[k] += y->turns.v[i].pages;
				us[k] += y->turns.v[i].elapsed_us;
				turns[k]++;
			}
		}
		fprintf(o, "- The flusher's superblock turns: %s %llu turns, %llu pages in %.1f s of writeback; %s %llu turns, %llu pages in %.1f s.\n",
			y->parts[pl], (unsigned long long)turns[0],
			(unsigned long long)pages[0], us[0] / 1e6,
			y->parts[ps], (unsigned long long)turns[1],
			(unsigned long long)pages[1], us[1] / 1e6);
	} else {
		fprintf(o, "- No writeback_sb_written events in trace.txt: the flusher's superblock turns are not known for this run.\n");
	}
	if (y->bdp_events) {
		dl = throttled_s(y, pl, &tl, &el);
		ds = throttled_s(y, ps, &ts, &es);
		fprintf(o, "- Throttled in balance_dirty_pages: the tasks writing to %s %.1f task-s (%zu tasks), those writing to %s %.1f task-s (%zu tasks)%s.\n",
			y->parts[pl], dl, tl, y->parts[ps], ds, ts,
			dl < ds ? ": the leader's dirtiers slept less" :
			dl > ds ? ": the leader's dirtiers slept more" : "");
		du = throttled_s(y, -1, &tu, &eu);
		if (du > dl + ds)
			fprintf(o, "- Most throttled time, %.1f task-s in %zu tasks, is of tasks that queued no I/O of their own (balance_dirty_pages writes nothing itself since 3.2), so it cannot be told apart by partition here.\n",
				du, tu);
	} else {
		fprintf(o, "- No balance_dirty_pages events in trace.txt: throttling per task is not known for this run.\n");
	}
	fputc('\n', o);
}

/* ---- section 1 ---- */

static void section_writers(FILE *o, struct wbf_why *y)
{
	size_t p, b;
	int c;

	fprintf(o, "## 1. Who wrote the bytes\n\n");
	fprintf(o, "Bytes written to each partition (completions), by the class of the process that queued them (why.h: flusher threads, dirtiers in balance_dirty_pages or fsync, the journal, sync, reclaim).\n\n");
	fprintf(o, "| partition | in workload |");
	for (c = 0; c < WBF_NR_CLASS; c++)
		fprintf(o, " %s MB |", wbf_class_name(c));
	fprintf(o, " total MB |\n|---|---|");
	for (c = 0; c <= WBF_NR_CLASS; c++)
		fprintf(o, "---:|");
	fputc('\n', o);
	for (p = 0; p < y->nparts; p++) {
		uint64_t tot = 0;

		fprintf(o, "| %s | %s |", y->parts[p], y->in_workload[p] ? "yes" : "no");
		for (c = 0; c < WBF_NR_CLASS; c++) {
			tot += part_class_total(y, p, c);
			fprintf(o, " %.1f |", MB(part_class_total(y, p, c)));
		}
		fprintf(o, " %.1f |\n", MB(tot));
	}
	fputc('\n', o);
	explain_summary_writers(o, y, true);
	fprintf(o, "Processes by class:");
	for (p = 0; p < y->npids; p++) {
		const struct wbf_why_pid *t = &y->pids[p];
		enum wbf_class cl = wbf_writer_class(t->comm);

		/* one line per distinct name: 200 dbench clients are one */
		for (b = 0; b < p; b++)
			if (!strcmp(y->pids[b].comm, t->comm))
				break;
		if (b == p && t->comm[0])
			fprintf(o, " %s (%s);", t->comm, wbf_class_name(cl));
	}
	fprintf(o, "\n\n![written MB/s per partition](why-split.png)\n\n");
	fprintf(o, "![written MB/s per partition and writer](why-writers.png)\n\n");
	fprintf(o, "![cumulative MB per partition](why-cumulative.png)\n\n");
	fprintf(o, "Per %g-s bin (MB):\n\n| t (s) | partition |", bin_s(y));
	for (c = 0; c < WBF_NR_CLASS; c++)
		fprintf(o, " %s |", wbf_class_name(c));
	fprintf(o, " total |\n|---:|---|");
	for (c = 0; c <= WBF_NR_CLASS; c++)
		fprintf(o, "---:|");
	fputc('\n', o);
	for (b = 0; b < y->nbins; b++)
		for (p = 0; p < y->nparts; p++) {
			if (!y->in_workload[p])
				continue;
			fprintf(o, "| %g | %s |", b * bin_s(y), y->parts[p]);
			for (c = 0; c < WBF_NR_CLASS; c++)
				fprintf(o, " %.1f |", MB(*wbf_why_cell(y, b, p, c)));
			fprintf(o, " %.1f |\n", MB(part_bin_total(y, b, p)));
		}
	fputc('\n', o);
}

/* ---- section 2 ---- */

/* bytes of a page: the guests and the simulator are x86-64 (PAGE_SIZE) */
#define WHY_PAGE_BYTES 4096.0

/*
 * Pages each writer class sent to writeback per partition: the chunks'
 * own pages= (page cache pages submitted, not bytes completed; metadata
 * and the journal are not in them). Under legacy throttling a dirtier's
 * chunks are its writeback inside balance_dirty_pages_legacy(), so its
 * blktrace bytes beyond these pages were written elsewhere (fsync,
 * O_SYNC, direct I/O).
 */
static void section_sb_writers(FILE *o, struct wbf_why *y)
{
	size_t p;
	int c;

	fprintf(o, "Pages sent to writeback per partition by each writer (writeback_sb_written chunks by the task that wrote them: a dirtier's are its own writeback in balance_dirty_pages_legacy; pages submitted, not bytes completed). \"dirtier MB elsewhere\": the dirtiers' completed MB of section 1 minus their pages here, what they wrote outside balance_dirty_pages (fsync, O_SYNC, direct I/O; negative when pages submitted were not yet completed).\n\n");
	fprintf(o, "| partition | writer | chunks | chunks with pages | pages | MB |\n|---|---|---:|---:|---:|---:|\n");
	for (p = 0; p < y->nparts; p++)
		for (c = 0; c < WBF_NR_CLASS; c++) {
			if (!y->sb_chunks[p][c])
				continue;
			fprintf(o, "| %s | %s | %llu | %llu | %llu | %.1f |\n",
				y->parts[p], wbf_class_name(c),
				(unsigned long long)y->sb_chunks[p][c],
				(unsigned long long)y->sb_busy_chunks[p][c],
				(unsigned long long)y->sb_pages[p][c],
				y->sb_pages[p][c] * WHY_PAGE_BYTES / 1e6);
		}
	fprintf(o, "\n| partition | dirtier MB (section 1) | dirtier MB in balance_dirty_pages | dirtier MB elsewhere |\n|---|---:|---:|---:|\n");
	for (p = 0; p < y->nparts; p++) {
		uint64_t done = 0;
		size_t b;
		double in = y->sb_pages[p][WBF_CL_DIRTIER] * WHY_PAGE_BYTES / 1e6;

		for (b = 0; b < y->nbins; b++)
			done += *wbf_why_cell(y, b, p, WBF_CL_DIRTIER);
		fprintf(o, "| %s | %.1f | %.1f | %.1f |\n", y->parts[p],
			done / 1e6, in, done / 1e6 - in);
	}
	if (y->sb_unlisted)
		fprintf(o, "\n%llu chunks of partitions with no completed I/O are not in the table.\n",
			(unsigned long long)y->sb_unlisted);
	fputc('\n', o);
}

static void section_turns(FILE *o, struct wbf_why *y)
{
	uint32_t sbs[WBF_WHY_PARTS];
	size_t nsb = 0, i, k;
	char b[24];

	fprintf(o, "## 2. Superblock turns\n\n");
	if (!y->sb_events) {
		fprintf(o, "trace.txt has no writeback_sb_written events: the turns are not known.\n\n");
		return;
	}
	section_sb_writers(o, y);
	if (!y->turns.n) {
		fprintf(o, "No chunk was written by a flusher thread: the flusher's turns are not known.\n\n");
		return;
	}
	fprintf(o, "%llu writeback_sb_written chunks of this disk's superblocks; the flusher's %llu in %zu turns (a turn: consecutive chunks of one superblock); %llu written by other tasks (above); %llu chunks of other superblocks, another disk or a pseudo filesystem, left out.\n\n",
		(unsigned long long)y->sb_events,
		(unsigned long long)(y->sb_events - y->sb_not_flusher),
		y->turns.n, (unsigned long long)y->sb_not_flusher,
		(unsigned long long)y->sb_other);
	for (i = 0; i < y->turns.n; i++) {
		for (k = 0; k < nsb && sbs[k] != wb_parse_maj_min(y->turns.v[i].sb); k++)
			;
		if (k == nsb && nsb < WBF_WHY_PARTS)
			sbs[nsb++] = wb_parse_maj_min(y->turns.v[i].sb);
	}
	fprintf(o, "| superblock | partition | turns | chunks | pages | pages/turn | max pages | ms/turn |\n|---|---|---:|---:|---:|---:|---:|---:|\n");
	for (k = 0; k < nsb; k++) {
		uint64_t turns = 0, chunks = 0, pages = 0, maxp = 0, us = 0;

		for (i = 0; i < y->turns.n; i++) {
			const struct wbf_sb_turn *t = &y->turns.v[i];

			if (wb_parse_maj_min(t->sb) != sbs[k])
				continue;
			turns++;
			chunks += t->chunks;
			pages += t->pages;
			us += t->elapsed_us;
			if (t->pages > maxp)
				maxp = t->pages;
		}
		fprintf(o, "| %u:%u | %s | %llu | %llu | %llu | %.0f | %llu | %.1f |\n",
			MAJOR(sbs[k]), MINOR(sbs[k]),
			sb_part_name(y, sbs[k], b, sizeof(b)),
			(unsigned long long)turns, (unsigned long long)chunks,
			(unsigned long long)pages, (double)pages / turns,
			(unsigned long long)maxp, us / 1e3 / turns);
	}
	fprintf(o, "\nThe sequence (first %d turns; t from the first trace event):\n\n| # | t (s) | partition | pages | ms | chunks |\n|---:|---:|---|---:|---:|---:|\n",
		WBF_WHY_TURNS_SHOWN);
	for (i = 0; i < y->turns.n && i < WBF_WHY_TURNS_SHOWN; i++) {
		const struct wbf_sb_turn *t = &y->turns.v[i];

		fprintf(o, "| %zu | %.3f | %s | %llu | %.1f | %llu |\n", i + 1,
			(t->first_ns - y->ft_t0) / 1e9,
			sb_part_name(y, wb_parse_maj_min(t->sb), b, sizeof(b)),
			(unsigned long long)t->pages, t->elapsed_us / 1e3,
			(unsigned long long)t->chunks);
	}
	fputc('\n', o);
}

/* ---- section 3 ---- */

static void section_throttle(FILE *o, struct wbf_why *y)
{
	size_t p, i, tasks;
	uint64_t paused;
	double s;

	fprintf(o, "## 3. Throttled time of each dbench instance\n\n");
	if (!y->bdp_events) {
		fprintf(o, "trace.txt has no balance_dirty_pages events: throttling per task is not known.\n\n"
			"![throttled tasks per instance](why-throttle.png)\n\n");
		return;
	}
	fprintf(o, "Pauses (pause > 0, ms) of balance_dirty_pages events, summed over the tasks of each instance: task-seconds, not seconds of the run. A task belongs to the instance whose partition got most of its own I/O.\n\n");
	fprintf(o, "| instance | tasks | paused events | throttled task-s | per task s |\n|---|---:|---:|---:|---:|\n");
	for (p = 0; p < y->nparts; p++) {
		if (!y->in_workload[p])
			continue;
		s = throttled_s(y, (int)p, &tasks, &paused);
		fprintf(o, "| %s | %zu | %llu | %.1f | %.2f |\n", y->parts[p], tasks,
			(unsigned long long)paused, s, tasks ? s / tasks : 0.0);
	}
	s = throttled_s(y, -1, &tasks, &paused);
	if (tasks)
		fprintf(o, "| tasks with no I/O of their own (instance unknown; each below) | %zu | %llu | %.1f | %.2f |\n",
			tasks, (unsigned long long)paused, s, s / tasks);
	for (i = 0; i < y->npids; i++) {
		const struct wbf_why_pid *t = &y->pids[i];

		if (t->bdp_events && wbf_why_instance_of(y, t) < 0)
			fprintf(o, "| %s[%u] | 1 | %llu | %.1f | %.2f |\n",
				t->comm, t->pid, (unsigned long long)t->bdp_paused,
				t->pause_ms / 1e3, t->pause_ms / 1e3);
	}
	fprintf(o, "\n![throttled tasks per instance](why-throttle.png)\n\n");
}

/* ---- section 4 ---- */

static void hist_table(FILE *o, struct wbf_why *y, bool seek)
{
	size_t p, k, last = 0, first = WBF_WHY_LOG2;

	for (p = 0; p < y->nparts; p++)
		for (k = 0; k < WBF_WHY_LOG2; k++)
			if (seek ? y->seek_hist[p][k] : y->req_hist[p][k]) {
				if (k > last)
					last = k;
				if (k < first)
					first = k;
			}
	if (first == WBF_WHY_LOG2) {
		fprintf(o, "(no requests)\n\n");
		return;
	}
	fprintf(o, "| %s |", seek ? "seek (sectors)" : "size (KiB)");
	for (p = 0; p < y->nparts; p++)
		fprintf(o, " %s |", y->parts[p]);
	fprintf(o, "\n|---|");
	for (p = 0; p < y->nparts; p++)
		fprintf(o, "---:|");
	fputc('\n', o);
	for (k = first; k <= last; k++) {
		if (seek && k == 0)
			fprintf(o, "| 0 |");
		else if (seek)
			fprintf(o, "| %llu-%llu |", 1ULL << (k - 1), (1ULL << k) - 1);
		else if (k == 0)
			fprintf(o, "| <2 |");
		else
			fprintf(o, "| %llu-%llu |", 1ULL << k, (1ULL << (k + 1)) - 1);
		for (p = 0; p < y->nparts; p++)
			fprintf(o, " %llu |", (unsigned long long)
				(seek ? y->seek_hist[p][k] : y->req_hist[p][k]));
		fputc('\n', o);
	}
	fputc('\n', o);
}

static void section_disk(FILE *o, struct wbf_why *y)
{
	fprintf(o, "## 4. The disk: request sizes and seek distances\n\n");
	fprintf(o, "Issued requests (D records) per partition, log2 bins. Request size in KiB; seek distance in sectors from the end of the previous request issued to the same disk (0: sequential).\n\n");
	hist_table(o, y, false);
	hist_table(o, y, true);
}

/* ---- plots ---- */

static int write_dat(struct wbf_why *y, const char *dir, const char *name,
		     int what, struct wbf_err *e)
{
	char path[4200];
	double acc[WBF_WHY_PARTS] = { 0 }, *thr = NULL, end_s;
	size_t b, p, nb = y->nbins;
	FILE *f;
	int c;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		return wbf_errf(e, -errno, "%s: %s", path, strerror(errno));
	if (what == 3) {
		/* throttled task-s per bin per partition, ftrace clock */
		uint64_t last = 0;

		for (b = 0; b < y->nbdp; b++)
			if (y->bdp[b].t_ns > last)
				last = y->bdp[b].t_ns;
		nb = y->nbdp ? (last - y->ft_t0) / y->bin_ns + 1 : 0;
		thr = calloc(nb * (WBF_WHY_PARTS + 1) + 1, sizeof(*thr));
		if (!thr) {
			fclose(f);
			return wbf_errf(e, -ENOMEM, "out of memory");
		}
		for (b = 0; b < y->nbdp; b++) {
			const struct wbf_why_pid *t = NULL;
			size_t i, k = (y->bdp[b].t_ns - y->ft_t0) / y->bin_ns;
			int ip;

			for (i = 0; i < y->npids && !t; i++)
				if (y->pids[i].pid == y->bdp[b].pid)
					t = &y->pids[i];
			ip = t ? wbf_why_instance_of(y, t) : -1;
			thr[k * (WBF_WHY_PARTS + 1) + (ip < 0 ? WBF_WHY_PARTS : ip)] +=
				y->bdp[b].pause_ms / 1e3;
		}
	}
	/*
	 * The last bin is usually partial: its rate is over the time it
	 * covers, and a closing row at the end draws its step (steps end
	 * at the last row's x).
	 */
	end_s = what == 3 ? nb * bin_s(y) : (y->t_last - y->t0) / 1e9;
	if (what == 2) {
		fprintf(f, "0");
		for (p = 0; p < y->nparts; p++)
			if (y->in_workload[p])
				fprintf(f, " 0");
		fputc('\n', f);
	}
	for (b = 0; b <= nb && nb; b++) {
		size_t k = b < nb ? b : nb - 1;
		double t = b < nb ? (b + (what == 2)) * bin_s(y) : end_s;
		double len = end_s - k * bin_s(y);

		if (len > bin_s(y) || what == 3)
			len = bin_s(y);
		if (len <= 0)
			len = bin_s(y);
		if (what == 2 && (b == nb || t > end_s))
			t = end_s;
		if (what == 2 && b == nb)
			break;
		fprintf(f, "%g", t);
		for (p = 0; p < y->nparts; p++) {
			if (!y->in_workload[p])
				continue;
			if (what == 0)
				fprintf(f, " %.6g", MB(part_bin_total(y, k, p)) / len);
			else if (what == 1)
				for (c = 0; c < 3; c++)
					fprintf(f, " %.6g", MB(*wbf_why_cell(y, k, p, c)) / len);
			else if (what == 2)
				fprintf(f, " %.6g", acc[p] += MB(part_bin_total(y, k, p)));
			else
				fprintf(f, " %.6g", thr[k * (WBF_WHY_PARTS + 1) + p] / len);
		}
		if (what == 3)
			fprintf(f, " %.6g", thr[k * (WBF_WHY_PARTS + 1) + WBF_WHY_PARTS] / len);
		fputc('\n', f);
	}
	free(thr);
	if (ferror(f) | fclose(f))
		return wbf_errf(e, -EIO, "%s: write error", path);
	return 0;
}

static void gp_plot(FILE *f, struct wbf_why *y, const char *dat, int what,
		    const char *style)
{
	size_t p, col = 2;
	int c, n = 0, pn = 0;
	char title[80];

	fprintf(f, "plot ");
	for (p = 0; p < y->nparts; p++) {
		if (!y->in_workload[p])
			continue;
		pn++;
		for (c = 0; c < (what == 1 ? 3 : 1); c++, col++) {
			if (what == 1)
				snprintf(title, sizeof(title), "%s %s", y->parts[p],
					 wbf_class_name(c));
			else
				snprintf(title, sizeof(title), "%s", y->parts[p]);
			/* one colour per partition, one dash type per class */
			fprintf(f, "%s'%s' using 1:%zu with %s lw 2 lc %d dt %d title ",
				n++ ? ", \\\n     " : "", dat, col, style, pn,
				c + 1);
			wbf_gp_string(f, title);
		}
	}
	if (what == 3)
		fprintf(f, ", \\\n     '%s' using 1:%zu with %s lw 2 lc rgb 'gray50' title 'tasks without I/O'",
			dat, col, style);
	fputc('\n', f);
}

/**
 * wbf_why_throttle_dat() - the throttled task-s per second per instance
 * @y: facts
 * @dir: directory
 * @name: data file name in @dir
 * @e: error message
 */
int wbf_why_throttle_dat(struct wbf_why *y, const char *dir, const char *name,
			 struct wbf_err *e)
{
	return write_dat(y, dir, name, 3, e);
}

/**
 * wbf_why_gp_throttle() - the throttling figure's gnuplot commands
 * @f: script
 * @y: facts
 * @dat: data file of wbf_why_throttle_dat()
 * @out: output file name
 */
void wbf_why_gp_throttle(FILE *f, struct wbf_why *y, const char *dat,
			 const char *out)
{
	/* ftrace's clock: the block trace's warm-up marker would lie */
	wbf_gp_warmup(f, NAN);
	fprintf(f, "set yrange [0:*]\nset output '%s'\nset title 'throttled in balance_dirty_pages (t from the first trace event)'\nset ylabel 'tasks asleep (task-s per s)'\n",
		out);
	if (y && y->nbdp)
		gp_plot(f, y, dat, 3, "steps");
	else
		fprintf(f, "set label 2 'no balance_dirty_pages pauses in trace.txt' at graph 0.5, graph 0.5 center\n"
			"plot [0:1] [0:1] NaN notitle\nunset label 2\n");
}

static int write_plots(struct wbf_why *y, const char *dir, struct wbf_err *e)
{
	static const char *const dats[4] = {
		"why-split.dat", "why-writers.dat", "why-cum.dat", "why-throttle.dat",
	};
	char path[4200], out[32];
	FILE *f;
	int ret = 0, w, t;

	for (w = 0; !ret && w < 4; w++)
		ret = write_dat(y, dir, dats[w], w, e);
	if (ret)
		return ret;
	snprintf(path, sizeof(path), "%s/why.gp", dir);
	f = fopen(path, "w");
	if (!f)
		return wbf_errf(e, -errno, "%s: %s", path, strerror(errno));
	fprintf(f, "# wbfair why plots; run: gnuplot why.gp (in this directory)\n"
		"set key outside right\nset grid\nset xlabel 'time (s)'\n"
		"set yrange [0:*]\n");
	for (t = 0; t < 2; t++) {
		const char *ext = t ? "svg" : "png";

		wbf_gp_terminal(f, t);
		wbf_gp_warmup(f, y->warmup_s);
		fprintf(f, "set output 'why-split.%s'\nset title 'written to each partition, %g-s bins'\nset ylabel 'MB/s'\n",
			ext, bin_s(y));
		gp_plot(f, y, dats[0], 0, "steps");
		fprintf(f, "set output 'why-writers.%s'\nset title 'who wrote it: flusher, dirtier, journal'\n",
			ext);
		gp_plot(f, y, dats[1], 1, "steps");
		fprintf(f, "set output 'why-cumulative.%s'\nset title 'written since the start'\nset ylabel 'MB'\n",
			ext);
		gp_plot(f, y, dats[2], 2, "lines");
		snprintf(out, sizeof(out), "why-throttle.%s", ext);
		wbf_why_gp_throttle(f, y, dats[3], out);
		fprintf(f, "set output\n");
	}
	if (ferror(f) | fclose(f))
		return wbf_errf(e, -EIO, "%s: write error", path);
	return wbf_gnuplot_run(dir, "why.gp", e);
}

/* mkdir -p: -o may name a directory whose parents do not exist yet. */
static int mkdir_parents(const char *dir, struct wbf_err *e)
{
	char p[4096];
	size_t i;

	if (snprintf(p, sizeof(p), "%s", dir) >= (int)sizeof(p))
		return wbf_errf(e, -ENAMETOOLONG, "%s: name too long", dir);
	for (i = 1; p[i]; i++) {
		if (p[i] != '/')
			continue;
		p[i] = '\0';
		if (mkdir(p, 0777) && errno != EEXIST)
			return wbf_errf(e, -errno, "%s: %s", p, strerror(errno));
		p[i] = '/';
	}
	if (mkdir(p, 0777) && errno != EEXIST)
		return wbf_errf(e, -errno, "%s: %s", p, strerror(errno));
	return 0;
}

/**
 * wbf_why_report() - write DIR/why.md and its plots
 * @y: collected facts
 * @dir: output directory (created with its parents if missing)
 * @e: error message
 *
 * Return: 0, -errno (message in @e).
 */
int wbf_why_report(struct wbf_why *y, const char *dir, struct wbf_err *e)
{
	const struct wbf_run *r = y->r;
	struct wbf_group g;
	char path[4200], verdict[768];
	size_t p;
	FILE *o;
	int ret;

	ret = mkdir_parents(dir, e);
	if (!ret)
		ret = write_plots(y, dir, e);
	if (ret)
		return ret;
	ret = wbf_group_partitions(r, &g);
	if (ret) {
		wbf_group_free(&g);
		return wbf_errf(e, ret, "out of memory");
	}
	snprintf(path, sizeof(path), "%s/why.md", dir);
	o = fopen(path, "w");
	if (!o) {
		wbf_group_free(&g);
		return wbf_errf(e, -errno, "%s: %s", path, strerror(errno));
	}
	wbf_run_verdict(r, &g, verdict, sizeof(verdict));
	fprintf(o, "# Why: %s\n\n", r->name);
	fprintf(o, "Verdict (wbfair, %g-s intervals): %s.\n\n",
		(double)r->interval_ns / 1e9, verdict);
	fprintf(o, "Workload partitions (%s):", y->w.source);
	for (p = 0; p < y->nparts; p++)
		if (y->in_workload[p])
			fprintf(o, " %s", y->parts[p]);
	fprintf(o, ". Producer: %s. Bins of %g s from the block trace's first record; ",
		r->have_summary && r->summary.producer[0] ? r->summary.producer :
		"unknown", bin_s(y));
	if (isnan(y->warmup_s))
		fprintf(o, "no warm-up known.\n\n");
	else
		fprintf(o, "dbench's warm-up ends at %g s (wbsim: duration/5), the dashed line.\n\n",
			y->warmup_s);
	explain(o, y, &g);
	section_writers(o, y);
	section_turns(o, y);
	section_throttle(o, y);
	section_disk(o, y);
	wbf_group_free(&g);
	if (ferror(o) | fclose(o))
		return wbf_errf(e, -EIO, "%s: write error", path);
	return 0;
}
