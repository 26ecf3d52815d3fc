/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The run directory: what the simulator (wbsim) and the VM harness write
 * for one run, and what `wbfair RUN_DIR` reads (whatever of it exists).
 *
 *   RUN/geometry         partition layout, one line per device:
 *                        "NAME MAJ,MIN DISK START SECTORS", '#' comments
 *                        (e.g. "sda 8,0 sda 0 156250000",
 *                              "sda1 8,1 sda 2048 52428800")
 *   RUN/NAME.blktrace.N  blktrace of disk NAME, one file per CPU N
 *   RUN/dbench.PART.log  output of the dbench instance on partition PART
 *   RUN/trace.txt        ftrace text, `trace-cmd report` format
 *   RUN/summary.json     the producer's facts, a JSON object, e.g.
 *                        {"producer": "wbsim", "dirty_limit_hit": true,
 *                         "dirty_throttle_events": 1234, ...}
 *   RUN/vmstat.before    /proc/vmstat before and after the run (VM runs)
 *   RUN/vmstat.after
 *   RUN/fio.JOB.json     fio --output-format=json (fio variant)
 *   RUN/JOB_bw.N.log     fio bandwidth logs
 *
 * Whether the run was throttled on dirty memory (the only runs that test
 * the flushers) is decided by the first rule that applies:
 *   1. summary.json has "dirty_limit_hit" (bool): that, with
 *      "dirty_throttle_events" as the count if present (wbsim).
 *   2. trace.txt has balance_dirty_pages events with pause > 0: hit (a
 *      dirtier slept in balance_dirty_pages); the count is those events.
 *      trace.txt has writeback-subsystem events but no such pause: not hit
 *      (the subsystem was traced and nobody was throttled).
 *   3. vmstat.before and vmstat.after: the dirty + writeback pages can
 *      never have exceeded (nr_dirty + nr_writeback) before + nr_dirtied
 *      during the run. If that bound is below the lower of the two
 *      snapshots' freerun points, (nr_dirty_threshold +
 *      nr_dirty_background_threshold) / 2, where balance_dirty_pages
 *      starts to throttle: not hit. Otherwise unknown (/proc/vmstat has no
 *      counter of throttling).
 *   4. Otherwise unknown.
 */
#ifndef WBFAIR_RUNDIR_H
#define WBFAIR_RUNDIR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ftrace_text.h"
#include "util.h"

#define WBF_RUN_GEOMETRY	"geometry"
#define WBF_RUN_TRACE_INFIX	".blktrace."
#define WBF_RUN_DBENCH_PREFIX	"dbench."
#define WBF_RUN_DBENCH_SUFFIX	".log"
#define WBF_RUN_FTRACE		"trace.txt"
#define WBF_RUN_SUMMARY		"summary.json"
#define WBF_RUN_VMSTAT_BEFORE	"vmstat.before"
#define WBF_RUN_VMSTAT_AFTER	"vmstat.after"
#define WBF_RUN_FIO_PREFIX	"fio."
#define WBF_RUN_FIO_SUFFIX	".json"
#define WBF_RUN_BWLOG_INFIX	"_bw."

struct wbf_pathlist {
	char **v;
	size_t n, cap;
};

struct wbf_rundir {
	char *geometry, *ftrace, *summary, *vmstat_before, *vmstat_after;
	bool manifest;			/* RUN/wbsim.manifest exists */
	struct wbf_pathlist traces;	/* RUN/NAME (trace names) */
	struct wbf_pathlist dbench;
	struct wbf_pathlist fio_json;
	struct wbf_pathlist fio_bwlogs;
};

int wbf_rundir_scan(struct wbf_rundir *r, const char *dir, struct wbf_err *e);
void wbf_rundir_free(struct wbf_rundir *r);
int wbf_pathlist_add(struct wbf_pathlist *l, const char *path);
void wbf_pathlist_free(struct wbf_pathlist *l);
void wbf_dbench_instance_name(const char *path, char *buf, size_t size);

struct wbf_summary {
	char producer[64];
	bool has_dirty_limit_hit, dirty_limit_hit;
	bool has_throttle_events;
	uint64_t throttle_events;
	bool has_throttled_s;		/* throttled_task_seconds_total */
	double throttled_s;
	bool incomplete;		/* "complete": false */
	char incomplete_reason[200];
};

int wbf_summary_parse(struct wbf_summary *s, const char *name,
		      const void *data, size_t len, struct wbf_err *e);

struct wbf_vmstat {
	bool has[5];
	uint64_t nr_dirty, nr_writeback, nr_dirtied;
	uint64_t nr_dirty_threshold, nr_dirty_background_threshold;
};

int wbf_vmstat_parse(struct wbf_vmstat *v, const char *name, const void *data,
		     size_t len, struct wbf_err *e);

enum wbf_dirty_state {
	WBF_DIRTY_UNKNOWN,
	WBF_DIRTY_HIT,
	WBF_DIRTY_NOT_HIT,
};

struct wbf_dirty {
	enum wbf_dirty_state state;
	bool has_events;
	uint64_t events;
	char why[200];
};

void wbf_dirty_decide(struct wbf_dirty *d, const struct wbf_summary *s,
		      const struct wbf_ftrace *ft,
		      const struct wbf_vmstat *before,
		      const struct wbf_vmstat *after);

#endif
