/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The block-trace analysis: from a stream of blktrace records (the binary
 * reader's, or blkparse text turned back into records) to bytes, rates,
 * latencies and device figures per partition, per process and per disk.
 *
 * Rules (README "Metrics"):
 *  - Bytes are counted from C (completion) records without error, at the
 *    completion time; write if the action has the WRITE category, read if
 *    not and it moved bytes; discards and flushes are not counted.
 *  - Partition: the completion's (device, first sector), see geometry.h.
 *  - Process: Q records carry the submitter's pid. A completion covering
 *    sectors [s, s + n) is matched, as btt does, to the queued bios that
 *    start at s, then at s + len(first bio), ... ; the whole request's
 *    bytes go to the pid that queued its FIRST sector, or to "(unknown)"
 *    when that queueing is not in the trace.
 *  - Q2C: for each bio found by that walk, C time - Q time.
 *  - Busy time: union of [D, C] intervals of each disk, counted as time
 *    with at least one issued, not yet completed (or requeued) request; a
 *    request still issued when the trace ends is busy until the last
 *    record. Utilisation = busy / (last record - first record).
 *  - Request size: bytes of each D (issue) record with data. Seek
 *    distance: |sector of a D - end sector of the previous D| on the same
 *    disk, in sectors.
 *  - Time 0 is the first non-notify record, as blkparse counts it.
 *
 * Memory: the records are fed one at a time and none is kept. What is
 * kept is what is in flight (queued bios and issued requests, sectmap.h),
 * one counter per entity per interval and direction kept (the series: the
 * term that grows with the length, as the reports print every interval;
 * 200 processes x 86,400 s x 8 bytes is 138 MB a direction), and the
 * samples behind the percentiles (Q2C, request size, seek distance). Those
 * are every value while the whole analysis holds at most
 * WBF_EXACT_SAMPLES of them (16 MiB of values, 32 MiB at most allocated
 * while the arrays double; a 600 s box2009 run holds 0.34 M, so its
 * percentiles are exact observed values); past that, every bag of
 * WBF_HIST_FROM samples or more becomes a log histogram (32 KiB, fixed;
 * percentiles within 0.8%, loghist.h) and smaller bags do when they reach
 * it, so a trace of any length costs at most 32 KiB of samples per bag.
 */
#ifndef WBFAIR_BLKSTAT_H
#define WBFAIR_BLKSTAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "blktrace_api.h"
#include "geometry.h"
#include "metrics.h"
#include "sectmap.h"

enum wbf_rw {
	WBF_READ,
	WBF_WRITE,
	WBF_NR_RW,
};

enum wbf_ent_kind {
	WBF_ENT_PART,		/* a partition of the layout */
	WBF_ENT_WHOLE,		/* a device without known partitions */
	WBF_ENT_OTHER,		/* sectors of a disk outside its partitions */
	WBF_ENT_PROC,		/* a process (by pid) */
};

/* Samples kept exactly, all bags together (8 bytes each), and the size
 * of a bag past which a log histogram (8 bytes x WBF_LOGHIST_BUCKETS) is
 * the smaller of the two. */
#define WBF_EXACT_SAMPLES	(2U << 20)
#define WBF_HIST_FROM		WBF_LOGHIST_BUCKETS

#define WBF_PID_UNKNOWN	UINT32_MAX
#define WBF_COMM_LEN	16

struct wbf_ent {
	char name[WBF_NAME_MAX + 8];
	enum wbf_ent_kind kind;
	uint32_t dev;		/* partitions and devices */
	uint32_t pid;		/* processes */
	uint64_t bytes[WBF_NR_RW];
	uint64_t reqs[WBF_NR_RW];
	struct wbf_series series[WBF_NR_RW];
	struct wbf_samples q2c;	/* ns, one per bio */
};

struct wbf_disk {
	char name[WBF_NAME_MAX];
	uint32_t dev;
	uint64_t busy_ns, busy_since;
	uint32_t inflight;
	uint64_t issued, completed, requeued, errors, unmatched;
	uint64_t bytes[WBF_NR_RW];
	struct wbf_samples req_bytes;
	struct wbf_samples seek;	/* sectors */
	bool has_prev;
	uint64_t prev_end;
};

struct wbf_pidinfo {
	uint32_t pid;
	bool used, has_comm;
	int ent;		/* index in procs, -1 none yet */
	char comm[WBF_COMM_LEN + 1];
};

#define WBF_MAX_MESSAGES	16

struct wbf_blkstat {
	uint64_t interval_ns;
	struct wbf_geometry *geo;
	/*
	 * Directions whose per-interval series are kept (both after init):
	 * a caller that reports one direction clears the other, and the
	 * series of the other stay empty (n = 0), which halves the one term
	 * of the memory that grows with the trace's length.
	 */
	bool series_rw[WBF_NR_RW];
	bool started;
	uint64_t t0, t_end;	/* first and last non-notify record */
	struct wbf_ent *parts;	/* partitions and devices */
	size_t nparts, cap_parts;
	struct wbf_ent *procs;
	size_t nprocs, cap_procs;
	struct wbf_pidinfo *pids;	/* open addressing, power-of-two size */
	size_t pid_cap, pid_n;
	struct wbf_disk *disks;
	size_t ndisks, cap_disks;
	struct wbf_sectmap qmap, dmap;
	struct wbf_samples q2c;	/* every bio */
	uint64_t exact_samples;	/* added while every value was kept */
	bool hist_samples;	/* the budget is spent: big bags are histograms */
	uint64_t records, notifies, remaps;
	bool have_wallclock;
	uint32_t wall_sec, wall_nsec;
	size_t nmessages;
	char messages[WBF_MAX_MESSAGES][128];
	uint64_t messages_total;
	size_t n_intervals;	/* set by wbf_blkstat_finish() */
};

int wbf_blkstat_init(struct wbf_blkstat *bs, struct wbf_geometry *geo,
		     uint64_t interval_ns);
int wbf_blkstat_record(void *ctx, const struct blk_io_trace *t,
		       const unsigned char *pdu);
int wbf_blkstat_finish(struct wbf_blkstat *bs);
void wbf_blkstat_free(struct wbf_blkstat *bs);
double wbf_blkstat_seconds(const struct wbf_blkstat *bs);
const char *wbf_blkstat_comm(const struct wbf_blkstat *bs, uint32_t pid);
bool wbf_ent_counts(const struct wbf_ent *en);

#endif
