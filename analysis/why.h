/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `wbfair why RUN_DIR`: why one partition got more of the disk. A
 * Markdown report (why.md) with plots, for a simulated or a real run, in
 * four sections that read the same files either way:
 *
 *  1. who wrote the bytes: each partition's written bytes per bin (10 s
 *     by default), split by writer class. A completion's bytes go to the
 *     process that queued its first sector (the walk of blkstat.h); the
 *     class comes from that process's name (blktrace notify records):
 *       flusher  flush-*, pdflush, kworker/u* and kworker/ *flush* (6.1's
 *                writeback runs in unbound kworkers)
 *       journal  kjournald*, jbd2/ *
 *       reclaim  kswapd*
 *       sync     sync, fsfreeze (a whole-filesystem sync from userspace)
 *       other    the other kernel threads (kworker/N:M, ksoftirqd ...)
 *       dirtier  every other name: dbench and user tasks, writing in
 *                balance_dirty_pages or fsync (summary.json's
 *                writes.by_path splits the two when the producer knows)
 *       unknown  the queueing was not in the trace
 *  2. the superblock turns of the flusher: consecutive
 *     writeback_sb_written events of one superblock are one turn; its
 *     pages and its time (sum of elapsed_us). Superblocks that are not
 *     partitions of the geometry (another disk, a pseudo filesystem) are
 *     counted apart and do not break a turn. Parsed here, in a small
 *     static function (the catalogue's sb_turns() is not used yet).
 *  3. each dbench instance's throttled time: balance_dirty_pages and
 *     balance_dirty_pages_legacy events with pause > 0 (ms, as the kernel
 *     prints it), summed per task; a task belongs to the instance whose
 *     partition got most of its own I/O, and is listed alone when it did
 *     no I/O. Sums over tasks are task-seconds, said so.
 *  4. the disk's request sizes (KiB) and seek distances (sectors, from the
 *     end of the previous request issued to the same disk) per partition,
 *     from the D records, in log2 bins.
 */
#ifndef WBFAIR_WHY_H
#define WBFAIR_WHY_H

#include <stdint.h>
#include <stdio.h>

#include "group.h"
#include "load.h"
#include "sb_turns.h"

enum wbf_class {
	WBF_CL_FLUSHER,
	WBF_CL_DIRTIER,
	WBF_CL_JOURNAL,
	WBF_CL_SYNC,
	WBF_CL_RECLAIM,
	WBF_CL_OTHER,
	WBF_CL_UNKNOWN,
	WBF_NR_CLASS,
};

#define WBF_WHY_PARTS		16
#define WBF_WHY_LOG2		48
#define WBF_WHY_TURNS_SHOWN	40

struct wbf_why_pid {
	uint32_t pid;
	char comm[17];
	uint64_t bytes[WBF_WHY_PARTS];	/* its completed bytes per partition */
	uint64_t bdp_events, bdp_paused;
	double pause_ms;
};

struct wbf_why_bdp {
	uint64_t t_ns;		/* ftrace clock */
	uint32_t pid;
	double pause_ms;
};

struct wbf_why {
	const struct wbf_run *r;
	struct wbf_workload w;
	uint64_t bin_ns;
	double warmup_s;		/* NaN: none known */
	size_t nparts;
	char parts[WBF_WHY_PARTS][40];
	bool in_workload[WBF_WHY_PARTS];
	/* written bytes [bin][part][class], bins grown as needed */
	uint64_t *bytes;
	size_t nbins, capbins;
	uint64_t t0, t_last;		/* first and last record */
	bool started;
	struct wbf_sectmap qmap;
	struct wbf_why_pid *pids;
	size_t npids, cap_pids;
	/* log2 histograms per partition: request KiB, seek sectors */
	uint64_t req_hist[WBF_WHY_PARTS][WBF_WHY_LOG2];
	uint64_t seek_hist[WBF_WHY_PARTS][WBF_WHY_LOG2];
	uint32_t disk_dev[8];
	uint64_t disk_prev_end[8];
	size_t ndisks;
	/* ftrace */
	bool have_ftrace;
	uint64_t ft_t0;
	struct wbf_sb_turns turns;	/* the flusher's, from sb_turns.c */
	uint64_t sb_events;
	uint64_t sb_other;		/* chunks of superblocks not in the geometry */
	/*
	 * Chunks of this disk's superblocks by the class of the task that
	 * wrote them: under legacy throttling a dirtier writes chunks itself
	 * inside balance_dirty_pages_legacy(); only the flusher's make turns.
	 */
	uint64_t sb_pages[WBF_WHY_PARTS][WBF_NR_CLASS];
	uint64_t sb_chunks[WBF_WHY_PARTS][WBF_NR_CLASS];
	uint64_t sb_busy_chunks[WBF_WHY_PARTS][WBF_NR_CLASS];	/* pages > 0 */
	uint64_t sb_not_flusher;	/* chunks written by other tasks */
	uint64_t sb_unlisted;		/* chunks of partitions with no I/O */
	struct wbf_why_bdp *bdp;
	size_t nbdp, cap_bdp;
	uint64_t bdp_events;
};

int wbf_why_collect(struct wbf_why *y, const struct wbf_run *r,
		    uint64_t bin_ns, struct wbf_err *e);
void wbf_why_free(struct wbf_why *y);
enum wbf_class wbf_writer_class(const char *comm);
const char *wbf_class_name(enum wbf_class c);
uint64_t *wbf_why_cell(struct wbf_why *y, size_t bin, size_t part,
		       enum wbf_class c);
int wbf_why_instance_of(const struct wbf_why *y, const struct wbf_why_pid *p);
int wbf_dbench_explain(FILE *o, const struct wbf_run *r, bool disk_tie);
int wbf_why_throttle_dat(struct wbf_why *y, const char *dir, const char *name,
			 struct wbf_err *e);
void wbf_why_gp_throttle(FILE *f, struct wbf_why *y, const char *dat,
			 const char *out);
int wbf_why_report(struct wbf_why *y, const char *dir, struct wbf_err *e);

#endif
