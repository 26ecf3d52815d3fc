/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One analysed run: every input wbfair was given (a run directory, trace
 * names, files of any supported kind) loaded into one struct, and the
 * "groups" of entities whose split the fairness measures describe:
 * partitions (disk side, from the block trace), processes, dbench
 * instances, fio jobs and fio bandwidth logs.
 */
#ifndef WBFAIR_LOAD_H
#define WBFAIR_LOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "blkstat.h"
#include "blktrace_read.h"
#include "dbench_log.h"
#include "fio.h"
#include "ftrace_text.h"
#include "geometry.h"
#include "metrics.h"
#include "rundir.h"

enum wbf_rw_sel {
	WBF_SEL_WRITE,
	WBF_SEL_READ,
	WBF_SEL_ALL,
};

struct wbf_opts {
	uint64_t interval_ns;
	enum wbf_rw_sel rw;
	const char *geometry;		/* --geometry FILE, or NULL */
	char **parts;			/* --part arguments */
	size_t nparts;
};

struct wbf_run {
	char name[256];
	uint64_t interval_ns;
	enum wbf_rw_sel rw;
	struct wbf_geometry geo;
	bool have_blk;
	const char *blk_kind;		/* "blktrace" or "blkparse text" */
	struct wbf_blkstat blk;
	struct wbf_bt_stats bt;
	uint64_t text_events;
	struct wbf_dbench *db;
	size_t ndb;
	struct wbf_fio *fio;
	size_t nfio;
	struct wbf_fio_bwlog *bw;
	size_t nbw;
	bool have_ftrace;
	struct wbf_ftrace ft;
	bool have_summary;
	struct wbf_summary summary;
	char partial[200];		/* why the run is partial, or "" */
	bool have_vmstat[2];
	struct wbf_vmstat vm[2];
	struct wbf_dirty dirty;
};

int wbf_run_load(struct wbf_run *r, char *const *inputs, size_t n,
		 const struct wbf_opts *o, struct wbf_err *e);
void wbf_run_free(struct wbf_run *r);
const char *wbf_sel_name(enum wbf_rw_sel rw);
const char *wbf_dirty_state_name(enum wbf_dirty_state s);

/* Entities whose split is measured, with their totals and rate series. */
struct wbf_group {
	char title[48];		/* "partitions", "dbench instances" ... */
	char unit[8];		/* of totals: "bytes", "MB/s" or "MB" */
	size_t n;
	char (*names)[80];
	double *totals;
	double *shares;
	double **rates;		/* [n][n_intervals] MB/s, or NULL */
	size_t n_intervals;
	double seconds;
	double aggregate_mbps;
	struct wbf_series_stats *stats;	/* of each rate series */
	const struct wbf_ent **ents;	/* block-trace groups: the entities */
	struct wbf_fairness fair;
};

int wbf_group_partitions(const struct wbf_run *r, struct wbf_group *g);
int wbf_group_processes(const struct wbf_run *r, struct wbf_group *g);
int wbf_group_dbench(const struct wbf_run *r, struct wbf_group *g);
int wbf_group_fio(const struct wbf_run *r, struct wbf_group *g);
int wbf_group_bwlogs(const struct wbf_run *r, struct wbf_group *g);
int wbf_group_primary(const struct wbf_run *r, struct wbf_group *g);
void wbf_group_free(struct wbf_group *g);
uint64_t wbf_ent_sel_bytes(const struct wbf_ent *en, enum wbf_rw_sel rw);
void wbf_ent_rates(const struct wbf_run *r, const struct wbf_ent *en,
		   double *out);
void wbf_run_verdict(const struct wbf_run *r, const struct wbf_group *g,
		     char *buf, size_t size);

#endif
