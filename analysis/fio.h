/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fio 3.33 results: the JSON output (--output-format=json) read with
 * json-c, and bandwidth logs (write_bw_log=X gives X_bw.N.log).
 *
 * JSON: jobs[] with jobname and read/write objects holding io_bytes,
 * bw (KiB/s), bw_bytes (B/s), runtime (ms) and clat_ns {mean, max,
 * percentile {"50.000000": ns, ...}}. fio's notices ("note: ...",
 * "fio: ...") before the opening brace are skipped; anything else that is
 * not JSON is an error "file:line: ...". A missing key is reported with
 * its path ("file: jobs[1].write: no io_bytes"): json-c does not keep line
 * numbers of values.
 *
 * bw log lines: "time_ms, value, ddir, bs[, offset][, prio]", value in
 * KiB/s (fio's KiB = 1024 bytes), ddir 0 read, 1 write, 2 trim. A
 * sample's bandwidth holds from the previous sample of its direction (or
 * time 0) to its own time; an interval's MB/s is the bytes of those spans
 * falling in it over its length.
 */
#ifndef WBFAIR_FIO_H
#define WBFAIR_FIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

struct wbf_fio_dir {
	uint64_t io_bytes;
	uint64_t bw_kib;	/* KiB/s */
	uint64_t bw_bytes;	/* B/s */
	uint64_t runtime_ms;
	double clat_mean_ns, clat_max_ns;
	double clat_p50_ns, clat_p95_ns, clat_p99_ns;	/* NaN if absent */
};

struct wbf_fio_job {
	char name[64];
	struct wbf_fio_dir dir[2];	/* [0] read, [1] write */
};

struct wbf_fio {
	char source[256];
	char version[32];
	struct wbf_fio_job *jobs;
	size_t njobs, cap_jobs;
};

struct wbf_fio_sample {
	uint64_t t_ms;
	uint64_t kib_s;
	uint64_t bs;
	unsigned int ddir;
};

struct wbf_fio_bwlog {
	char name[64];
	struct wbf_fio_sample *v;
	size_t n, cap;
};

int wbf_fio_json_parse(struct wbf_fio *f, const char *name, const void *data,
		       size_t len, struct wbf_err *e);
void wbf_fio_free(struct wbf_fio *f);
int wbf_fio_bwlog_parse(struct wbf_fio_bwlog *l, const char *name,
			const void *data, size_t len, struct wbf_err *e);
bool wbf_fio_bwlog_line(const char *line);
int wbf_fio_bwlog_series(const struct wbf_fio_bwlog *l, unsigned int ddir,
			 uint64_t interval_ns, double **mbps, size_t *n);
void wbf_fio_bwlog_free(struct wbf_fio_bwlog *l);

#endif
