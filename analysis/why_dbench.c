// SPDX-License-Identifier: GPL-2.0
/*
 * dbench's split beside the disk's, in words: for `wbfair why` and the
 * simulator's matrix report. An instance can lead in dbench while the
 * disk gave both partitions the same bytes; where each instance was in
 * its loadfile while dbench measured often says why.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "report_int.h"
#include "why.h"

/* An instance's measured window: the mean loadfile line of its clients at
 * the first and last execute line, and its Flush (fsync) seconds a client
 * over the window (dbench's op table counts the execute phase only). */
struct db_window {
	uint64_t first, last;
	double flush_s;
	bool ok;
};

static struct db_window db_window(const struct wbf_dbench *d)
{
	struct db_window w = { 0 };
	unsigned int clients = d->clients;
	size_t i;

	for (i = 0; i < d->npts; i++) {
		if (d->pts[i].phase != WBF_DBENCH_EXECUTE)
			continue;
		if (!w.ok)
			w.first = d->pts[i].lines;
		w.last = d->pts[i].lines;
		w.ok = true;
		if (!clients)
			clients = d->pts[i].clients;
	}
	for (i = 0; i < d->nops; i++)
		if (!strcmp(d->ops[i].name, "Flush") && clients)
			w.flush_s = (double)d->ops[i].count * d->ops[i].avg_ms /
				    1e3 / clients;
	return w;
}

/*
 * Where each of two instances was in its loadfile while dbench measured.
 * dbench's MB/s is the bytes of the loadfile lines run in the window, and
 * lines differ in cost (client.txt's first Flush, an fsync, is at line
 * 664): an instance can lead because its window holds a cheaper stretch.
 */
static void explain_dbench_window(FILE *o, const struct wbf_run *r,
				  size_t leader, bool tie, bool disk_tie)
{
	struct db_window w[2];
	size_t k = !leader;

	if (r->ndb != 2 || leader > 1)
		return;
	w[0] = db_window(&r->db[0]);
	w[1] = db_window(&r->db[1]);
	if (!w[0].ok || !w[1].ok)
		return;
	fprintf(o, "- Where each instance was in its loadfile while dbench measured (its MB/s is the bytes of the lines run there): %s lines %llu-%llu (%lld a client), %.1f s a client in Flush (fsync); %s lines %llu-%llu (%lld), %.1f s.",
		r->db[0].name, (unsigned long long)w[0].first,
		(unsigned long long)w[0].last,
		(long long)(w[0].last - w[0].first), w[0].flush_s,
		r->db[1].name, (unsigned long long)w[1].first,
		(unsigned long long)w[1].last,
		(long long)(w[1].last - w[1].first), w[1].flush_s);
	if (!tie && disk_tie && w[leader].first < w[k].first &&
	    w[leader].last - w[leader].first > w[k].last - w[k].first)
		fprintf(o, " %s began its window %llu lines behind and ran %llu more lines a client in the same time, while the disk split was a tie: the stretch of the loadfile its window held cost less time a line, so its lead is where each instance was in the loadfile, not what the disk gave it.",
			r->db[leader].name,
			(unsigned long long)(w[k].first - w[leader].first),
			(unsigned long long)((w[leader].last - w[leader].first) -
					     (w[k].last - w[k].first)));
	fprintf(o, "\n");
}

/*
 * dbench's own split (its throughput) beside the disk's: an instance can
 * be ahead in dbench while the disk gave both the same bytes.
 */
/**
 * wbf_dbench_explain() - dbench's split beside the disk's, as Markdown
 * list items: the lead (or tie) of the instances' throughput, what a
 * dbench lead with a tied disk means, and for two instances where each
 * was in its loadfile while dbench measured
 * @o: where the text goes (a report file, or a memory stream)
 * @r: the run
 * @disk_tie: the disk split (wbf_lead_compute of the partitions) is a tie
 *
 * Return: 0, -ENOENT with fewer than two dbench instances (nothing
 * written).
 */
int wbf_dbench_explain(FILE *o, const struct wbf_run *r, bool disk_tie)
{
	struct wbf_group gd;
	struct wbf_lead l;
	char lead[400];

	if (wbf_group_dbench(r, &gd) || gd.n < 2) {
		wbf_group_free(&gd);
		return -ENOENT;
	}
	wbf_lead_compute(&l, gd.totals, (const double *const *)gd.rates, gd.n,
			 gd.n_intervals, (double)r->interval_ns / 1e9);
	wbf_lead_phrase(&gd, (double)r->interval_ns / 1e9,
			"of dbench throughput", lead, sizeof(lead));
	fprintf(o, "- dbench: %s.\n", lead);
	if (disk_tie && !l.tie && !l.unsure)
		fprintf(o, "- The disk split is a tie and dbench's is not: %s's lead is not in the bytes the disk gave each partition but in what its instance's tasks did with their time (throttling, writing in balance_dirty_pages, waiting on the journal).\n",
			gd.names[l.leader]);
	else if (disk_tie && l.tie)
		fprintf(o, "- Neither lead is above the noise of this run: who is ahead is the timing of this one run, an artefact a repeat may reverse.\n");
	explain_dbench_window(o, r, l.leader, l.tie || l.unsure, disk_tie);
	wbf_group_free(&gd);
	return 0;
}

