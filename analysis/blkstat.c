// SPDX-License-Identifier: GPL-2.0
/* Block-trace analysis: per partition, process and disk; rules in blkstat.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blkstat.h"
#include "wb/byteorder.h"

/* Bios per request whose Q2C also goes to the process (kernel max: 256). */
#define WBF_MAX_BIOS	512

/**
 * wbf_blkstat_init() - start an analysis
 * @bs: the analysis
 * @geo: partition layout; REMAP records add to it
 * @interval_ns: length of the series' intervals, > 0
 *
 * Return: 0 or -EINVAL for a zero interval.
 */
int wbf_blkstat_init(struct wbf_blkstat *bs, struct wbf_geometry *geo,
		     uint64_t interval_ns)
{
	memset(bs, 0, sizeof(*bs));
	if (!interval_ns)
		return -EINVAL;
	bs->interval_ns = interval_ns;
	bs->geo = geo;
	bs->series_rw[WBF_READ] = bs->series_rw[WBF_WRITE] = true;
	return 0;
}

static void dev_name(const struct wbf_blkstat *bs, uint32_t dev, char *buf,
		     size_t size)
{
	const char *n = wbf_geometry_dev_name(bs->geo, dev);

	if (n)
		snprintf(buf, size, "%s", n);
	else
		snprintf(buf, size, "%u,%u", MAJOR(dev), MINOR(dev));
}

static struct wbf_disk *get_disk(struct wbf_blkstat *bs, uint32_t dev)
{
	struct wbf_disk *d;
	size_t i;

	for (i = 0; i < bs->ndisks; i++)
		if (bs->disks[i].dev == dev)
			return &bs->disks[i];
	if (WBF_GROW(bs->disks, bs->cap_disks, bs->ndisks + 1))
		return NULL;
	d = &bs->disks[bs->ndisks++];
	memset(d, 0, sizeof(*d));
	d->dev = dev;
	dev_name(bs, dev, d->name, sizeof(d->name));
	return d;
}

static int new_ent(struct wbf_ent **arr, size_t *n, size_t *cap,
		   enum wbf_ent_kind kind)
{
	struct wbf_ent *en;

	if (WBF_GROW(*arr, *cap, *n + 1))
		return -ENOMEM;
	en = &(*arr)[*n];
	memset(en, 0, sizeof(*en));
	en->kind = kind;
	return (int)(*n)++;
}

/* The partition/device entity a completion on (dev, sector) counts for. */
static struct wbf_ent *part_ent(struct wbf_blkstat *bs, uint32_t dev,
				uint64_t sector)
{
	int gi = wbf_geometry_lookup(bs->geo, dev, sector), x;
	enum wbf_ent_kind kind;
	struct wbf_ent *en;
	size_t i;

	if (gi >= 0) {
		uint32_t pdev = bs->geo->v[gi].dev;

		for (i = 0; i < bs->nparts; i++)
			if (bs->parts[i].kind == WBF_ENT_PART &&
			    bs->parts[i].dev == pdev)
				return &bs->parts[i];
		x = new_ent(&bs->parts, &bs->nparts, &bs->cap_parts,
			    WBF_ENT_PART);
		if (x < 0)
			return NULL;
		en = &bs->parts[x];
		en->dev = pdev;
		snprintf(en->name, sizeof(en->name), "%s", bs->geo->v[gi].name);
		return en;
	}
	kind = gi == WBF_GEO_OTHER ? WBF_ENT_OTHER : WBF_ENT_WHOLE;
	for (i = 0; i < bs->nparts; i++)
		if (bs->parts[i].kind == kind && bs->parts[i].dev == dev)
			return &bs->parts[i];
	x = new_ent(&bs->parts, &bs->nparts, &bs->cap_parts, kind);
	if (x < 0)
		return NULL;
	en = &bs->parts[x];
	en->dev = dev;
	dev_name(bs, dev, en->name, WBF_NAME_MAX);
	if (kind == WBF_ENT_OTHER)
		strcat(en->name, ":other");
	return en;
}

static struct wbf_pidinfo *pid_slot(struct wbf_blkstat *bs, uint32_t pid)
{
	size_t i, mask;

	if (bs->pid_n + 1 > bs->pid_cap / 2) {
		size_t ncap = bs->pid_cap ? bs->pid_cap * 2 : 64, j;
		struct wbf_pidinfo *n = calloc(ncap, sizeof(*n));

		if (!n)
			return NULL;
		for (j = 0; j < bs->pid_cap; j++) {
			if (!bs->pids[j].used)
				continue;
			i = (bs->pids[j].pid * 2654435761U) & (ncap - 1);
			while (n[i].used)
				i = (i + 1) & (ncap - 1);
			n[i] = bs->pids[j];
		}
		free(bs->pids);
		bs->pids = n;
		bs->pid_cap = ncap;
	}
	mask = bs->pid_cap - 1;
	i = (pid * 2654435761U) & mask;
	while (bs->pids[i].used && bs->pids[i].pid != pid)
		i = (i + 1) & mask;
	if (!bs->pids[i].used) {
		bs->pids[i].used = true;
		bs->pids[i].pid = pid;
		bs->pids[i].ent = -1;
		bs->pid_n++;
	}
	return &bs->pids[i];
}

static const struct wbf_pidinfo *pid_find(const struct wbf_blkstat *bs,
					  uint32_t pid)
{
	size_t i, mask;

	if (!bs->pid_cap)
		return NULL;
	mask = bs->pid_cap - 1;
	i = (pid * 2654435761U) & mask;
	while (bs->pids[i].used) {
		if (bs->pids[i].pid == pid)
			return &bs->pids[i];
		i = (i + 1) & mask;
	}
	return NULL;
}

/**
 * wbf_blkstat_comm() - the process name a trace gave a pid
 * @bs: the analysis
 * @pid: pid
 *
 * Return: the name, or "" when the trace did not name @pid.
 */
const char *wbf_blkstat_comm(const struct wbf_blkstat *bs, uint32_t pid)
{
	const struct wbf_pidinfo *pi = pid_find(bs, pid);

	return pi && pi->has_comm ? pi->comm : "";
}

static struct wbf_ent *proc_ent(struct wbf_blkstat *bs, uint32_t pid)
{
	struct wbf_pidinfo *pi = pid_slot(bs, pid);
	struct wbf_ent *en;
	int x;

	if (!pi)
		return NULL;
	if (pi->ent >= 0)
		return &bs->procs[pi->ent];
	x = new_ent(&bs->procs, &bs->nprocs, &bs->cap_procs, WBF_ENT_PROC);
	if (x < 0)
		return NULL;
	pi->ent = x;
	en = &bs->procs[x];
	en->pid = pid;
	if (pid == WBF_PID_UNKNOWN)
		snprintf(en->name, sizeof(en->name), "(unknown)");
	return en;
}

static void set_comm(struct wbf_blkstat *bs, uint32_t pid,
		     const unsigned char *pdu, size_t len)
{
	struct wbf_pidinfo *pi = pid_slot(bs, pid);
	size_t i;

	if (!pi)
		return;
	if (len > WBF_COMM_LEN)
		len = WBF_COMM_LEN;
	for (i = 0; i < len && pdu[i]; i++)
		pi->comm[i] = pdu[i] >= 0x20 && pdu[i] < 0x7f ? pdu[i] : '?';
	pi->comm[i] = '\0';
	pi->has_comm = true;
}

static void on_notify(struct wbf_blkstat *bs, const struct blk_io_trace *t,
		      const unsigned char *pdu)
{
	bs->notifies++;
	switch (t->action & 0xffff) {
	case __BLK_TN_PROCESS:
		set_comm(bs, t->pid, pdu, t->pdu_len);
		break;
	case __BLK_TN_TIMESTAMP:
		if (t->pdu_len >= 8 && !bs->have_wallclock) {
			memcpy(&bs->wall_sec, pdu, 4);
			memcpy(&bs->wall_nsec, pdu + 4, 4);
			bs->have_wallclock = true;
		}
		break;
	case __BLK_TN_MESSAGE:
		bs->messages_total++;
		if (bs->nmessages < WBF_MAX_MESSAGES) {
			char *m = bs->messages[bs->nmessages++];
			size_t i, n = t->pdu_len < 127 ? t->pdu_len : 127;

			for (i = 0; i < n && pdu[i]; i++)
				m[i] = pdu[i] >= 0x20 && pdu[i] < 0x7f ?
				       pdu[i] : '?';
			while (i && m[i - 1] == '\n')
				i--;
			m[i] = '\0';
		}
		break;
	}
}

static int sample_to_hist_if_big(struct wbf_samples *s)
{
	return s->n >= WBF_HIST_FROM ? wbf_samples_to_hist(s) : 0;
}

/*
 * The exact-sample budget is spent: every bag big enough to cost more
 * than a histogram becomes one, and the others follow when they grow so.
 */
static int samples_to_hist(struct wbf_blkstat *bs)
{
	int ret = sample_to_hist_if_big(&bs->q2c);
	size_t i;

	bs->hist_samples = true;
	for (i = 0; !ret && i < bs->nparts; i++)
		ret = sample_to_hist_if_big(&bs->parts[i].q2c);
	for (i = 0; !ret && i < bs->nprocs; i++)
		ret = sample_to_hist_if_big(&bs->procs[i].q2c);
	for (i = 0; !ret && i < bs->ndisks; i++) {
		ret = sample_to_hist_if_big(&bs->disks[i].req_bytes);
		if (!ret)
			ret = sample_to_hist_if_big(&bs->disks[i].seek);
	}
	return ret;
}

/* Add a sample, within the memory budget described in blkstat.h. */
static int add_sample(struct wbf_blkstat *bs, struct wbf_samples *s, double x)
{
	if (bs->hist_samples && !s->hist && sample_to_hist_if_big(s))
		return -ENOMEM;
	if (wbf_samples_add(s, x))
		return -ENOMEM;
	if (bs->hist_samples || ++bs->exact_samples <= WBF_EXACT_SAMPLES)
		return 0;
	return samples_to_hist(bs);
}

static int on_issue(struct wbf_blkstat *bs, struct wbf_disk *d,
		    const struct blk_io_trace *t)
{
	uint64_t nsect = t->bytes >> 9;
	int ret = 0;

	d->issued++;
	if (!d->inflight++)
		d->busy_since = t->time;
	if (t->bytes) {
		ret = add_sample(bs, &d->req_bytes, t->bytes);
		if (!ret && d->has_prev)
			ret = add_sample(bs, &d->seek, t->sector > d->prev_end ?
					 t->sector - d->prev_end :
					 d->prev_end - t->sector);
		d->has_prev = true;
		d->prev_end = t->sector + nsect;
	}
	return ret;
}

/* A request left the device (completed or requeued): end its busy span. */
static void request_done(struct wbf_blkstat *bs, struct wbf_disk *d,
			 const struct blk_io_trace *t)
{
	struct wbf_sect_ent x;

	if (!wbf_sectmap_take(&bs->dmap, t->device, t->sector, &x))
		return;
	if (d->inflight && !--d->inflight && t->time > d->busy_since)
		d->busy_ns += t->time - d->busy_since;
}

static int on_complete(struct wbf_blkstat *bs, struct wbf_disk *d,
		       const struct blk_io_trace *t)
{
	uint64_t s = t->sector, end = t->sector + (t->bytes >> 9);
	uint64_t rel = t->time >= bs->t0 ? t->time - bs->t0 : 0;
	uint32_t pid = WBF_PID_UNKNOWN;
	uint32_t cat = t->action >> BLK_TC_SHIFT;
	struct wbf_ent *pe, *re;
	double q2c[WBF_MAX_BIOS];
	size_t i, nq2c = 0;
	struct wbf_sect_ent q;
	bool first = true;
	int rw, ret;

	request_done(bs, d, t);
	d->completed++;
	if (!t->bytes || (cat & BLK_TC_DISCARD))
		return 0;
	rw = cat & BLK_TC_WRITE ? WBF_WRITE : WBF_READ;
	pe = part_ent(bs, t->device, t->sector);
	if (!pe)
		return -ENOMEM;
	/* walk the bios of the request in sector order, as btt does */
	while (s < end && wbf_sectmap_take(&bs->qmap, t->device, s, &q)) {
		if (first)
			pid = q.pid;
		first = false;
		if (!t->error && t->time >= q.time) {
			if (nq2c < WBF_MAX_BIOS)
				q2c[nq2c++] = t->time - q.time;
			if (add_sample(bs, &pe->q2c, t->time - q.time) ||
			    add_sample(bs, &bs->q2c, t->time - q.time))
				return -ENOMEM;
		}
		if (!q.nr_sects)
			break;
		s += q.nr_sects;
	}
	if (first)
		d->unmatched++;
	if (t->error) {
		d->errors++;
		return 0;
	}
	re = proc_ent(bs, pid);
	if (!re)
		return -ENOMEM;
	for (i = 0; i < nq2c; i++)
		if (add_sample(bs, &re->q2c, q2c[i]))
			return -ENOMEM;
	d->bytes[rw] += t->bytes;
	pe->bytes[rw] += t->bytes;
	pe->reqs[rw]++;
	re->bytes[rw] += t->bytes;
	re->reqs[rw]++;
	if (!bs->series_rw[rw])
		return 0;
	ret = wbf_series_add(&pe->series[rw], rel, bs->interval_ns, t->bytes);
	if (!ret)
		ret = wbf_series_add(&re->series[rw], rel, bs->interval_ns,
				     t->bytes);
	return ret;
}

/**
 * wbf_blkstat_record() - account one record (a wbf_bt_fn)
 * @ctx: the struct wbf_blkstat
 * @t: record in host byte order
 * @pdu: its payload
 *
 * Return: 0, -ERANGE (a completion past WBF_MAX_INTERVALS) or -ENOMEM.
 */
int wbf_blkstat_record(void *ctx, const struct blk_io_trace *t,
		       const unsigned char *pdu)
{
	struct wbf_blkstat *bs = ctx;
	struct wbf_disk *d;

	if ((t->action >> BLK_TC_SHIFT) & BLK_TC_NOTIFY) {
		on_notify(bs, t, pdu);
		return 0;
	}
	bs->records++;
	if (!bs->started) {
		bs->started = true;
		bs->t0 = t->time;
	}
	if (t->time > bs->t_end)
		bs->t_end = t->time;
	d = get_disk(bs, t->device);
	if (!d)
		return -ENOMEM;
	switch (t->action & 0xffff) {
	case __BLK_TA_QUEUE:
		if (t->bytes &&
		    wbf_sectmap_put(&bs->qmap, t->device, t->sector, t->time,
				    t->bytes >> 9, t->pid))
			return -ENOMEM;
		break;
	case __BLK_TA_ISSUE:
		if (wbf_sectmap_put(&bs->dmap, t->device, t->sector, t->time,
				    t->bytes >> 9, t->pid))
			return -ENOMEM;
		return on_issue(bs, d, t);
	case __BLK_TA_REQUEUE:
		d->requeued++;
		request_done(bs, d, t);
		break;
	case __BLK_TA_COMPLETE:
		return on_complete(bs, d, t);
	case __BLK_TA_SPLIT:
		/* payload: where the rest of the bio starts */
		if (t->pdu_len >= 8 &&
		    wbf_sectmap_split(&bs->qmap, t->device, t->sector,
				      get_be64(pdu)) < 0)
			return -ENOMEM;
		break;
	case __BLK_TA_REMAP:
		bs->remaps++;
		if (t->pdu_len >= sizeof(struct blk_io_trace_remap)) {
			uint32_t from = (uint32_t)pdu[0] << 24 | pdu[1] << 16 |
					pdu[2] << 8 | pdu[3];

			if (wbf_geometry_learn_remap(bs->geo, t->device, from,
						     t->sector, get_be64(pdu + 8)))
				return -ENOMEM;
		} else {
			bs->geo->bad_remaps++;
		}
		break;
	}
	return 0;
}

static int merge_ent(struct wbf_ent *dst, struct wbf_ent *src)
{
	int ret;

	size_t k;
	int rw;

	for (rw = 0; rw < WBF_NR_RW; rw++) {
		dst->bytes[rw] += src->bytes[rw];
		dst->reqs[rw] += src->reqs[rw];
		wbf_series_extend(&dst->series[rw], src->series[rw].n);
		for (k = 0; k < src->series[rw].n && k < dst->series[rw].n; k++)
			dst->series[rw].bytes[k] += src->series[rw].bytes[k];
		wbf_series_free(&src->series[rw]);
	}
	ret = wbf_samples_merge(&dst->q2c, &src->q2c);
	wbf_samples_free(&src->q2c);
	return ret;
}

/*
 * A device counted as a whole before the REMAP records taught us its
 * partitions: what was counted is "outside the partitions".
 */
static int fold_whole_into_other(struct wbf_blkstat *bs)
{
	size_t i, j;

	for (i = 0; i < bs->nparts; i++) {
		struct wbf_ent *w = &bs->parts[i];

		if (w->kind != WBF_ENT_WHOLE ||
		    wbf_geometry_lookup(bs->geo, w->dev, UINT64_MAX) ==
		    WBF_GEO_WHOLE)
			continue;
		for (j = 0; j < bs->nparts; j++)
			if (bs->parts[j].kind == WBF_ENT_OTHER &&
			    bs->parts[j].dev == w->dev)
				break;
		if (j == bs->nparts) {
			w->kind = WBF_ENT_OTHER;
			strcat(w->name, ":other");
			continue;
		}
		if (merge_ent(&bs->parts[j], w))
			return -ENOMEM;
		memmove(w, w + 1, (bs->nparts - i - 1) * sizeof(*w));
		bs->nparts--;
		i--;
	}
	return 0;
}

/*
 * Partitions of the traced disks that saw no I/O still count: a partition
 * starved to zero is the least fair outcome, not a missing row.
 */
static int add_idle_parts(struct wbf_blkstat *bs)
{
	size_t i, j, k;

	for (i = 0; i < bs->geo->n; i++) {
		const struct wbf_part *p = &bs->geo->v[i];
		bool traced = false;
		struct wbf_ent *en;
		int x;

		if (p->is_disk)
			continue;
		for (j = 0; j < bs->ndisks; j++)
			if (bs->disks[j].dev == p->dev ||
			    !p->disk_dev || bs->disks[j].dev == p->disk_dev)
				traced = true;
		for (k = 0; k < bs->nparts; k++)
			if (bs->parts[k].kind == WBF_ENT_PART &&
			    bs->parts[k].dev == p->dev)
				traced = false;
		if (!traced)
			continue;
		x = new_ent(&bs->parts, &bs->nparts, &bs->cap_parts,
			    WBF_ENT_PART);
		if (x < 0)
			return -ENOMEM;
		en = &bs->parts[x];
		en->dev = p->dev;
		snprintf(en->name, sizeof(en->name), "%s", p->name);
	}
	return 0;
}

static int cmp_part(const void *a, const void *b)
{
	const struct wbf_ent *x = a, *y = b;
	int ox = x->kind == WBF_ENT_OTHER, oy = y->kind == WBF_ENT_OTHER;

	if (ox != oy)
		return ox - oy;
	return x->dev < y->dev ? -1 : x->dev > y->dev;
}

/**
 * wbf_blkstat_finish() - close the books after the last record
 * @bs: the analysis
 *
 * Ends the busy spans of requests still on the device, adds the idle
 * partitions of traced disks, sorts the partitions by device and pads
 * every series kept (bs->series_rw) to the run's interval count.
 *
 * Return: 0, -ERANGE when the trace spans more than WBF_MAX_INTERVALS
 * intervals, or -ENOMEM.
 */
int wbf_blkstat_finish(struct wbf_blkstat *bs)
{
	size_t i;
	int rw;

	for (i = 0; i < bs->ndisks; i++) {
		struct wbf_disk *d = &bs->disks[i];

		if (d->inflight && bs->t_end > d->busy_since)
			d->busy_ns += bs->t_end - d->busy_since;
		d->inflight = 0;
	}
	if (bs->started &&
	    (bs->t_end - bs->t0) / bs->interval_ns >= WBF_MAX_INTERVALS)
		return -ERANGE;
	if (fold_whole_into_other(bs) || add_idle_parts(bs))
		return -ENOMEM;
	/* by device, "outside the partitions" last: input order is no order */
	if (bs->nparts)
		qsort(bs->parts, bs->nparts, sizeof(*bs->parts), cmp_part);
	bs->n_intervals = bs->started ?
		wbf_interval_count(bs->t_end - bs->t0, bs->interval_ns) : 0;
	for (i = 0; i < bs->nparts; i++)
		for (rw = 0; rw < WBF_NR_RW; rw++)
			if (bs->series_rw[rw] &&
			    wbf_series_extend(&bs->parts[i].series[rw],
					      bs->n_intervals))
				return -ENOMEM;
	for (i = 0; i < bs->nprocs; i++) {
		struct wbf_ent *en = &bs->procs[i];

		if (en->pid != WBF_PID_UNKNOWN)
			snprintf(en->name, sizeof(en->name), "%s",
				 wbf_blkstat_comm(bs, en->pid));
		for (rw = 0; rw < WBF_NR_RW; rw++)
			if (bs->series_rw[rw] &&
			    wbf_series_extend(&en->series[rw], bs->n_intervals))
				return -ENOMEM;
	}
	return 0;
}

/**
 * wbf_blkstat_seconds() - length of the trace: first to last record
 * @bs: the analysis
 */
double wbf_blkstat_seconds(const struct wbf_blkstat *bs)
{
	return bs->started ? (double)(bs->t_end - bs->t0) / WBF_NSEC_PER_SEC
			   : 0.0;
}

/**
 * wbf_ent_counts() - true if an entity takes part in fairness measures
 * @en: entity
 *
 * "Outside the partitions" is reported but is nobody's share.
 */
bool wbf_ent_counts(const struct wbf_ent *en)
{
	return en->kind != WBF_ENT_OTHER;
}

static void free_ents(struct wbf_ent *v, size_t n)
{
	size_t i;
	int rw;

	for (i = 0; i < n; i++) {
		for (rw = 0; rw < WBF_NR_RW; rw++)
			wbf_series_free(&v[i].series[rw]);
		wbf_samples_free(&v[i].q2c);
	}
	free(v);
}

/**
 * wbf_blkstat_free() - release an analysis
 * @bs: the analysis
 */
void wbf_blkstat_free(struct wbf_blkstat *bs)
{
	size_t i;

	free_ents(bs->parts, bs->nparts);
	free_ents(bs->procs, bs->nprocs);
	for (i = 0; i < bs->ndisks; i++) {
		wbf_samples_free(&bs->disks[i].req_bytes);
		wbf_samples_free(&bs->disks[i].seek);
	}
	free(bs->disks);
	free(bs->pids);
	wbf_sectmap_free(&bs->qmap);
	wbf_sectmap_free(&bs->dmap);
	wbf_samples_free(&bs->q2c);
	memset(bs, 0, sizeof(*bs));
}
