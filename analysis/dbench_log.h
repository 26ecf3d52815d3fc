/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dbench 4.0 output (docs: shared formats reference):
 *
 *   dbench version 4.00 - Copyright Andrew Tridgell 1999-2004
 *   ... preamble ...
 *      2     73996   358.73 MB/sec  warmup   1 sec  latency 8.435 ms
 *      2    103033   335.68 MB/sec  execute   2 sec  latency 11.684 ms
 *      2  cleanup   6 sec
 *    Operation      Count    AvgLat    MaxLat
 *    ----------------------------------------
 *    NTCreateX      63407     0.028     8.183
 *   Per client results:                  (--per-client-results only)
 *   Client 0 did 1234 lines and 5678 bytes
 *    Operation      Count    AvgLat    MaxLat   (that client's table)
 *    ...
 *   Throughput 331.344 MB/sec  2 clients  2 procs  max_latency=11.684 ms
 *
 * The MB/sec of a per-second line is dbench's running AVERAGE: the bytes
 * of ReadX and WriteX since the start of the phase (the end of warmup for
 * execute lines) over the seconds since then. The rate of second k is
 * therefore derived from two lines: (r_k t_k - r_{k-1} t_{k-1}) /
 * (t_k - t_{k-1}). dbench prints r to 0.01 MB/s and t to the second, so
 * a derived rate can be off by about 0.01 * t MB/s; a slightly negative
 * one (rounding) is clamped to 0 and counted.
 *
 * The preamble (before the first per-second line) must start with the
 * version banner; anything dbench says there is accepted. After it, only
 * the line kinds above (and blank lines) are.
 */
#ifndef WBFAIR_DBENCH_LOG_H
#define WBFAIR_DBENCH_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

enum wbf_dbench_phase {
	WBF_DBENCH_WARMUP,
	WBF_DBENCH_EXECUTE,
};

struct wbf_dbench_point {
	enum wbf_dbench_phase phase;
	unsigned int clients;
	uint64_t lines;		/* loadfile lines per client so far */
	double mbps;		/* running average since the phase began */
	double t;		/* seconds since the phase began */
	double latency_ms;
};

struct wbf_dbench_op {
	char name[24];
	uint64_t count;
	double avg_ms, max_ms;
};

/* one client of --per-client-results: its loadfile line counter at the
 * end (comments included, never reset) and its bytes after warm-up */
struct wbf_dbench_client {
	uint64_t lines;
	double bytes;
};

struct wbf_dbench {
	char name[64];
	struct wbf_dbench_point *pts;
	size_t npts, cap_pts;
	struct wbf_dbench_op *ops;
	size_t nops, cap_ops;
	struct wbf_dbench_client *per_client;	/* in client order */
	size_t nclient_results, cap_client_results;
	size_t cleanup_lines;
	bool has_throughput;
	double throughput;	/* MB/s, the final line */
	unsigned int clients, procs;
	double max_latency_ms;
	bool sync_open, sync_dirs;
};

/* the clients' lines at the end: nearest-rank percentiles (metrics.h) */
struct wbf_dbench_spread {
	size_t n;
	double min, p10, p50, p90, max, mean;
};

int wbf_dbench_spread(const struct wbf_dbench *d, struct wbf_dbench_spread *s);
int wbf_dbench_parse(struct wbf_dbench *d, const char *name, const void *data,
		     size_t len, struct wbf_err *e);
int wbf_dbench_series(const struct wbf_dbench *d, uint64_t interval_ns,
		      double **mb, size_t *n, size_t *clamped);
double wbf_dbench_mbps(const struct wbf_dbench *d);
double wbf_dbench_seconds(const struct wbf_dbench *d);
void wbf_dbench_free(struct wbf_dbench *d);

#endif
