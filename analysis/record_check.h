/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Records no kernel writes: refused by the readers (blkparse text and
 * blktrace binary) before the analysis sees them.
 *
 *  - Time going back on one CPU. The kernel stamps a record's sequence
 *    number and time together with interrupts off on the CPU that writes
 *    it into that CPU's buffer (__blk_add_trace()), so each CPU's records
 *    are in time order: the records of one (device, CPU) in a blktrace
 *    file (a per-CPU file, or blktrace -o - saved whole, whose per-CPU
 *    chunks interleave), and in blkparse's output (blkparse merges CPUs by time
 *    in file mode, and sorts per batch in pipe mode, where the CPUs can
 *    interleave out of order at a batch's end; each CPU's own records
 *    stay in sequence order, and so in time order). Equal times are
 *    legal; notify records (process names, messages) are not checked.
 *  - A queued bio (Q) that is a read or a write of no bytes. Flushes
 *    ("FWS 0 + 0": the F category; FUA too) and discards have no data; a Q of a
 *    bio without data that is neither shows as 'N' (blkparse prints 'R'
 *    only for a read with bytes). Passthrough (PC) records are left
 *    alone.
 *  - A Q whose sectors end beyond its disk's end, when the geometry
 *    (RUN/geometry or --geometry) has a whole-disk line for the record's
 *    device or for the disk of the partition it names. Sectors are the
 *    disk's even in the trace of a partition.
 */
#ifndef WBFAIR_RECORD_CHECK_H
#define WBFAIR_RECORD_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "blktrace_api.h"
#include "geometry.h"

/* the time of the last record of one CPU's stream */
struct wbf_rec_clock {
	uint64_t last;
	bool seen;
};

/* the clocks of the (device, CPU) streams of a text or of a file */
struct wbf_rec_clocks {
	struct wbf_rec_clock_ent *slot;
	size_t cap, used;	/* cap: 0 or a power of two */
	size_t last;		/* slot of the stream asked for last */
};

int wbf_record_check(struct wbf_rec_clock *clk, const struct wbf_geometry *geo,
		     const struct blk_io_trace *t, char *why, size_t size);
struct wbf_rec_clock *wbf_rec_clocks_get(struct wbf_rec_clocks *m,
					 uint32_t dev, uint32_t cpu);
void wbf_rec_clocks_free(struct wbf_rec_clocks *m);

#endif
