/* SPDX-License-Identifier: GPL-2.0 */
/*
 * blkparse's default text output, turned back into blktrace records so the
 * same analysis serves a binary trace and a text dump of one:
 *
 *   maj,min cpu seq secs.nsecs pid action rwbs [details]
 *
 * with details by action: "SECTOR + NR [comm]" (Q M F G S I D B), "SECTOR +
 * NR [error]" (C R), "SECTOR + NR <- (MAJ,MIN) SECTOR" (A), "SECTOR / SECTOR
 * [comm]" (X), "[comm]" (P), "[comm] N" (U UT), free text (m). Requests
 * without data print no sector; SCSI commands print "(cdb)".
 *
 * A line's [comm] becomes a PROCESS notify record for its pid, an 'm'
 * line a MESSAGE notify, an A line a REMAP record with the big-endian
 * payload the binary format has. The per-CPU and total summary block
 * blkparse prints at the end ("CPU0 (sda):", "Total (sda):", ...) is
 * skipped, as are its "Input file ... added" lines. Lines blkparse
 * cannot print (record_check.h: a CPU's time going back, a read or write
 * Q of no bytes, a Q beyond its disk's end) are refused as FILE:LINE.
 */
#ifndef WBFAIR_BLKPARSE_TEXT_H
#define WBFAIR_BLKPARSE_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "blktrace_read.h"
#include "geometry.h"
#include "util.h"

int wbf_blkparse_text_read(const char *name, const void *data, size_t len,
			   const struct wbf_geometry *geo, wbf_bt_fn fn,
			   void *ctx, uint64_t *events, struct wbf_err *e);
int wbf_blkparse_text_read_path(const char *path,
				const struct wbf_geometry *geo, wbf_bt_fn fn,
				void *ctx, uint64_t *events, struct wbf_err *e);
bool wbf_blkparse_text_line(const char *line);

#endif
