/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reader of blktrace binary files (include/blktrace_api.h), as blkparse
 * reads them: every NAME.blktrace.N from N = 0 up to the first missing
 * one, merged into one stream in time order.
 *
 * Each file is read through a window of its own (stream.h) and the merge
 * holds one pending record per file, as blkparse does: the memory this
 * takes is the number of files times the window, whatever the length of
 * the trace, and there is no allocation per record. The byte order of
 * each file is detected from its first magic word, and every record's
 * magic and version are checked. Ties in time are broken by the
 * order of the files as given (then file order within a file), so the
 * merged order is a function of the input alone.
 *
 * Errors are "FILE: offset N: what" with the offset of the bad record,
 * and "FILE: record at byte N: what" for a record no kernel writes
 * (record_check.h: time going back in one CPU's file, a read or write Q
 * of no bytes, a Q beyond its disk's end when the geometry says).
 * A file whose last record is cut short (a trace stopped mid-write) is
 * not an error: its complete records are read, as blkparse does, and the
 * stats say where it was cut.
 */
#ifndef WBFAIR_BLKTRACE_READ_H
#define WBFAIR_BLKTRACE_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "blktrace_api.h"
#include "geometry.h"
#include "util.h"

/*
 * Called once per record in merged time order, with the header converted
 * to host byte order. @pdu points at t->pdu_len payload bytes as stored
 * (the REMAP payload stays big-endian, as the format defines it), except
 * that the TIMESTAMP notify's {u32 sec, u32 nsec}, written in the tracer's
 * byte order, is given in host order. A non-zero return stops the read
 * and is returned by the reader.
 */
typedef int (*wbf_bt_fn)(void *ctx, const struct blk_io_trace *t,
			 const unsigned char *pdu);

struct wbf_bt_stats {
	uint64_t records;
	uint64_t bytes;		/* of all files */
	size_t files;
	size_t big_endian;	/* files written big-endian */
	size_t truncated;	/* files whose last record is cut short */
	/* the first cut file, for the caller to print as a warning */
	char warn[512];
};

/* Paths of NAME.blktrace.N, N = 0 .. first missing; free with wbf_bt_paths_free */
int wbf_bt_paths(const char *name, char ***paths, size_t *n,
		 struct wbf_err *e);
void wbf_bt_paths_free(char **paths, size_t n);
bool wbf_bt_is_trace_name(const char *name);
bool wbf_bt_looks_binary(const void *data, size_t len);

int wbf_bt_read_files(const struct wbf_file *files, size_t n,
		      const struct wbf_geometry *geo, wbf_bt_fn fn,
		      void *ctx, struct wbf_bt_stats *st, struct wbf_err *e);
int wbf_bt_read_paths(char *const *paths, size_t n,
		      const struct wbf_geometry *geo, wbf_bt_fn fn, void *ctx,
		      struct wbf_bt_stats *st, struct wbf_err *e);

#endif
