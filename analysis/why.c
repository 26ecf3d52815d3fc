// SPDX-License-Identifier: GPL-2.0
/* `wbfair why`: collecting the facts from a run directory (why.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blktrace_read.h"
#include "rundir.h"
#include "why.h"

static const char *const class_names[WBF_NR_CLASS] = {
	"flusher", "dirtier", "journal", "sync", "reclaim", "other", "unknown",
};

/**
 * wbf_class_name() - "flusher", "dirtier", ...
 * @c: class
 */
const char *wbf_class_name(enum wbf_class c)
{
	return c < WBF_NR_CLASS ? class_names[c] : "?";
}

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/**
 * wbf_writer_class() - the writer class of a process name (why.h)
 * @comm: name from the trace, or NULL when the queueing was not seen
 */
enum wbf_class wbf_writer_class(const char *comm)
{
	static const char *const kthreads[] = {
		"kworker/", "ksoftirqd/", "kthreadd", "kblockd", "migration/",
		"rcu_", "kcompactd", "khugepaged", "swapper",
	};
	size_t i;

	if (!comm || !*comm)
		return WBF_CL_UNKNOWN;
	if (starts(comm, "flush-") || starts(comm, "pdflush") ||
	    starts(comm, "kworker/u") ||
	    (starts(comm, "kworker/") && strstr(comm, "flush")))
		return WBF_CL_FLUSHER;
	if (starts(comm, "kjournald") || starts(comm, "jbd2/"))
		return WBF_CL_JOURNAL;
	if (starts(comm, "kswapd"))
		return WBF_CL_RECLAIM;
	if (!strcmp(comm, "sync") || !strcmp(comm, "fsfreeze"))
		return WBF_CL_SYNC;
	for (i = 0; i < sizeof(kthreads) / sizeof(kthreads[0]); i++)
		if (starts(comm, kthreads[i]))
			return WBF_CL_OTHER;
	return WBF_CL_DIRTIER;
}

/**
 * wbf_why_cell() - the byte counter of (bin, partition, class)
 * @y: facts
 * @bin: bin number, < y->nbins
 * @part: partition index
 * @c: class
 */
uint64_t *wbf_why_cell(struct wbf_why *y, size_t bin, size_t part,
		       enum wbf_class c)
{
	return &y->bytes[(bin * WBF_WHY_PARTS + part) * WBF_NR_CLASS + c];
}

static int grow_bins(struct wbf_why *y, size_t need)
{
	size_t per = WBF_WHY_PARTS * WBF_NR_CLASS, old = y->capbins;

	if (need <= y->nbins)
		return 0;
	if (need > WBF_MAX_INTERVALS)
		return -ERANGE;
	if (need > y->capbins) {
		size_t cap = y->capbins ? y->capbins : 64;
		uint64_t *b;

		while (cap < need)
			cap *= 2;
		b = realloc(y->bytes, cap * per * sizeof(*b));
		if (!b)
			return -ENOMEM;
		memset(b + old * per, 0, (cap - old) * per * sizeof(*b));
		y->bytes = b;
		y->capbins = cap;
	}
	y->nbins = need;
	return 0;
}

static struct wbf_why_pid *pid_get(struct wbf_why *y, uint32_t pid)
{
	size_t i;

	/* a few hundred tasks: the last one found is the likely next */
	for (i = y->npids; i-- > 0;)
		if (y->pids[i].pid == pid)
			return &y->pids[i];
	if (WBF_GROW(y->pids, y->cap_pids, y->npids + 1))
		return NULL;
	memset(&y->pids[y->npids], 0, sizeof(y->pids[0]));
	y->pids[y->npids].pid = pid;
	return &y->pids[y->npids++];
}

/* Index of the partition holding (dev, sector), or -1 (outside them). */
static int part_of(const struct wbf_why *y, uint32_t dev, uint64_t sector)
{
	int gi = wbf_geometry_lookup(&y->r->geo, dev, sector);
	const char *name = NULL;
	size_t i;

	if (gi >= 0)
		name = y->r->geo.v[gi].name;
	else if (gi == WBF_GEO_WHOLE)
		name = wbf_geometry_dev_name(&y->r->geo, dev);
	for (i = 0; name && i < y->nparts; i++)
		if (!strcmp(y->parts[i], name))
			return (int)i;
	return -1;
}

static unsigned int log2_bin(uint64_t v)
{
	unsigned int k = 0;

	while (v > 1 && k < WBF_WHY_LOG2 - 1) {
		v >>= 1;
		k++;
	}
	return k;
}

/* D: request size and seek distance, counted for the target partition. */
static void on_issue(struct wbf_why *y, const struct blk_io_trace *t)
{
	int p = part_of(y, t->device, t->sector);
	uint64_t end = t->sector + (t->bytes >> 9), dist;
	size_t d;

	if (!t->bytes)
		return;
	for (d = 0; d < y->ndisks && y->disk_dev[d] != t->device; d++)
		;
	if (d == y->ndisks) {
		if (d == sizeof(y->disk_dev) / sizeof(y->disk_dev[0]))
			return;
		y->disk_dev[y->ndisks++] = t->device;
		y->disk_prev_end[d] = UINT64_MAX;
	}
	if (p >= 0) {
		/* bin k of sizes: [2^k, 2^(k+1)) KiB; under 1 KiB is bin 0 */
		y->req_hist[p][log2_bin(t->bytes / 1024)]++;
		if (y->disk_prev_end[d] != UINT64_MAX) {
			dist = t->sector > y->disk_prev_end[d] ?
			       t->sector - y->disk_prev_end[d] :
			       y->disk_prev_end[d] - t->sector;
			/* bin 0: no seek; k >= 1: [2^(k-1), 2^k) sectors */
			y->seek_hist[p][dist ? 1 + log2_bin(dist) : 0]++;
		}
	}
	y->disk_prev_end[d] = end;
}

/* C: the request's bytes to the queuer of its first sector (blkstat.h). */
static int on_complete(struct wbf_why *y, const struct blk_io_trace *t)
{
	uint64_t s = t->sector, end = t->sector + (t->bytes >> 9);
	uint32_t cat = t->action >> BLK_TC_SHIFT;
	struct wbf_why_pid *pi = NULL;
	struct wbf_sect_ent q;
	bool first = true;
	size_t bin;
	int p, ret;

	if (!t->bytes || t->error || !(cat & BLK_TC_WRITE) ||
	    (cat & BLK_TC_DISCARD))
		return 0;
	while (s < end && wbf_sectmap_take(&y->qmap, t->device, s, &q)) {
		if (first && !(pi = pid_get(y, q.pid)))
			return -ENOMEM;
		first = false;
		if (!q.nr_sects)
			break;
		s += q.nr_sects;
	}
	p = part_of(y, t->device, t->sector);
	if (p < 0)
		return 0;
	bin = (t->time >= y->t0 ? t->time - y->t0 : 0) / y->bin_ns;
	ret = grow_bins(y, bin + 1);
	if (ret)
		return ret;
	*wbf_why_cell(y, bin, p, pi ? wbf_writer_class(pi->comm) :
		      WBF_CL_UNKNOWN) += t->bytes;
	if (pi)
		pi->bytes[p] += t->bytes;
	return 0;
}

static int why_record(void *ctx, const struct blk_io_trace *t,
		      const unsigned char *pdu)
{
	struct wbf_why *y = ctx;
	struct wbf_why_pid *pi;
	size_t i;

	if ((t->action >> BLK_TC_SHIFT) & BLK_TC_NOTIFY) {
		if ((t->action & 0xffff) != __BLK_TN_PROCESS)
			return 0;
		pi = pid_get(y, t->pid);
		if (!pi)
			return -ENOMEM;
		for (i = 0; i < t->pdu_len && i < 16 && pdu[i]; i++)
			pi->comm[i] = pdu[i] >= 0x20 && pdu[i] < 0x7f ?
				      pdu[i] : '?';
		pi->comm[i] = '\0';
		return 0;
	}
	if (!y->started) {
		y->started = true;
		y->t0 = t->time;
	}
	if (t->time > y->t_last)
		y->t_last = t->time;
	switch (t->action & 0xffff) {
	case __BLK_TA_QUEUE:
		if (t->bytes && wbf_sectmap_put(&y->qmap, t->device, t->sector,
						t->time, t->bytes >> 9, t->pid))
			return -ENOMEM;
		break;
	case __BLK_TA_ISSUE:
		on_issue(y, t);
		break;
	case __BLK_TA_COMPLETE:
		return on_complete(y, t);
	}
	return 0;
}

/*
 * writeback_sb_written (the kernel's name for one superblock's chunk):
 * consecutive chunks of one superblock make one turn.
 */
static int on_sb_written(struct wbf_why *y, const struct wbf_ftrace_line *l)
{
	char v[64], sbs[32];
	const char *name;
	uint32_t sb;
	uint64_t pages = 0, us = 0;
	enum wbf_class c = wbf_writer_class(l->comm);
	size_t p;

	if (!wbf_ftrace_field(l->msg, "sb", sbs, sizeof(sbs)))
		return 0;
	sb = wb_parse_maj_min(sbs);
	/*
	 * Superblocks of other disks (the root disk, pseudo filesystems)
	 * have their own flusher: they are not turns of this disk's.
	 */
	name = wbf_geometry_dev_name(&y->r->geo, sb);
	if (!name) {
		y->sb_other++;
		return 0;
	}
	if (wbf_ftrace_field(l->msg, "pages", v, sizeof(v)))
		pages = strtoull(v, NULL, 10);
	if (wbf_ftrace_field(l->msg, "elapsed_us", v, sizeof(v)))
		us = strtoull(v, NULL, 10);
	y->sb_events++;
	for (p = 0; p < y->nparts && strcmp(y->parts[p], name); p++)
		;
	if (p < y->nparts) {
		y->sb_pages[p][c] += pages;
		y->sb_chunks[p][c]++;
		y->sb_busy_chunks[p][c] += pages > 0;
	} else {
		y->sb_unlisted++;
	}
	/*
	 * A dirtier's chunks (balance_dirty_pages_legacy, each task its
	 * own pass over the superblocks) interleave with the flusher's:
	 * counted above, not turns of the flusher.
	 */
	if (c != WBF_CL_FLUSHER) {
		y->sb_not_flusher++;
		return 0;
	}
	return wbf_sb_turn_add(&y->turns, sbs, l->ts_ns, us, pages);
}

static int on_bdp(struct wbf_why *y, const struct wbf_ftrace_line *l)
{
	struct wbf_why_pid *pi = pid_get(y, l->pid);
	char v[64];
	double ms;

	if (!pi)
		return -ENOMEM;
	if (!pi->comm[0])
		wbf_strlcpy(pi->comm, l->comm, sizeof(pi->comm));
	pi->bdp_events++;
	y->bdp_events++;
	if (!wbf_ftrace_field(l->msg, "pause", v, sizeof(v)))
		return 0;
	ms = strtod(v, NULL);
	/* a negative pause is think time credited, not a sleep */
	if (!(ms > 0))
		return 0;
	pi->bdp_paused++;
	pi->pause_ms += ms;
	if (WBF_GROW(y->bdp, y->cap_bdp, y->nbdp + 1))
		return -ENOMEM;
	y->bdp[y->nbdp++] = (struct wbf_why_bdp){ l->ts_ns, l->pid, ms };
	return 0;
}

static int read_ftrace(struct wbf_why *y, const char *path, struct wbf_err *e)
{
	struct wbf_ftrace_line l;
	struct wbf_lines *it;
	struct wbf_file f;
	char *line;
	int ret, err = 0;

	ret = wbf_file_map(&f, path, e);
	if (ret)
		return ret;
	it = malloc(sizeof(*it));
	if (!it) {
		wbf_file_unmap(&f);
		return -ENOMEM;
	}
	wbf_lines_init(it, path, f.data, f.len);
	while ((ret = wbf_lines_next(it, &line, e)) > 0) {
		if (wbf_ftrace_header_line(line) ||
		    wbf_ftrace_parse_line(line, &l))
			continue;
		if (!y->have_ftrace)
			y->ft_t0 = l.ts_ns;
		y->have_ftrace = true;
		if (!strcmp(l.event, "writeback_sb_written"))
			err = on_sb_written(y, &l);
		else if (!strcmp(l.event, "balance_dirty_pages") ||
			 !strcmp(l.event, "balance_dirty_pages_legacy"))
			err = on_bdp(y, &l);
		if (err) {
			ret = err;
			break;
		}
	}
	free(it);
	wbf_file_unmap(&f);
	return ret < 0 ? ret : 0;
}

/**
 * wbf_why_collect() - read a run directory's facts for the why report
 * @y: result (free with wbf_why_free() whatever the outcome)
 * @r: the run, loaded from a directory (r->name)
 * @bin_ns: bin length
 * @e: error message
 *
 * Return: 0, -EINVAL on bad input, -ENOENT without a block trace,
 * -ERANGE, -ENOMEM.
 */
int wbf_why_collect(struct wbf_why *y, const struct wbf_run *r,
		    uint64_t bin_ns, struct wbf_err *e)
{
	struct wbf_rundir rd;
	char **paths;
	size_t i, n;
	int ret;

	memset(y, 0, sizeof(*y));
	y->r = r;
	y->bin_ns = bin_ns;
	if (!r->have_blk)
		return wbf_errf(e, -ENOENT, "%s: no block trace: nothing to explain",
				r->name);
	wbf_workload_find(r, &y->w);
	for (i = 0; i < r->blk.nparts && y->nparts < WBF_WHY_PARTS; i++) {
		if (!wbf_ent_counts(&r->blk.parts[i]))
			continue;
		wbf_strlcpy(y->parts[y->nparts], r->blk.parts[i].name,
			    sizeof(y->parts[0]));
		y->in_workload[y->nparts++] = !y->w.known ||
			wbf_workload_has(&y->w, r->blk.parts[i].name);
	}
	y->warmup_s = wbf_run_warmup_s(r);
	ret = wbf_rundir_scan(&rd, r->name, e);
	if (ret)
		return ret;
	for (i = 0; !ret && i < rd.traces.n; i++) {
		struct wbf_bt_stats st;

		ret = wbf_bt_paths(rd.traces.v[i], &paths, &n, e);
		if (ret)
			break;
		memset(&st, 0, sizeof(st));
		ret = wbf_bt_read_paths(paths, n, &r->geo, why_record, y, &st, e);
		wbf_bt_paths_free(paths, n);
	}
	if (!ret && rd.ftrace)
		ret = read_ftrace(y, rd.ftrace, e);
	wbf_rundir_free(&rd);
	if (ret == -ENOMEM)
		wbf_errf(e, ret, "out of memory");
	else if (ret == -ERANGE)
		wbf_errf(e, ret, "a series would have more than %d bins: use a larger --bin",
			 WBF_MAX_INTERVALS);
	return ret;
}

/**
 * wbf_why_instance_of() - the partition (index) a task worked for
 * @y: facts
 * @p: task
 *
 * Return: the workload partition that got most of the task's own bytes,
 * or -1 when it wrote none there.
 */
int wbf_why_instance_of(const struct wbf_why *y, const struct wbf_why_pid *p)
{
	int best = -1;
	size_t i;

	for (i = 0; i < y->nparts; i++)
		if (y->in_workload[i] && p->bytes[i] &&
		    (best < 0 || p->bytes[i] > p->bytes[best]))
			best = (int)i;
	return best;
}

/**
 * wbf_why_free() - release the facts
 * @y: facts
 */
void wbf_why_free(struct wbf_why *y)
{
	free(y->bytes);
	free(y->pids);
	free(y->turns.v);
	free(y->bdp);
	wbf_sectmap_free(&y->qmap);
	memset(y, 0, sizeof(*y));
}
