/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Request traces for `wbsim replay`: a streaming reader of two text
 * formats, one record per request.
 *
 * DiskSim 4.0 ASCII, one request per line, as DiskSim's own reader takes
 * it (sscanf "%lf %d %d %d %x"):
 *
 *	arrival_ms  device  block  size_in_blocks  flags
 *
 *   arrival time in milliseconds (fractional, no exponent), blocks of 512
 *   bytes, flags in hex (DiskSim reads them with %x): bit 0x1 = read,
 *   0x80 (SYNCHRONOUS) makes a write a sync write; other bits are ignored.
 *   The device is the partition the block number is relative to: 0 = the
 *   whole disk, N = partition N (1..DISK_MAX_PARTS). Blank lines and lines
 *   starting with '#' are skipped. Arrival times must not go backwards:
 *   DiskSim requires sorted traces, and so does a replay.
 *
 * blkparse 1.2 default text output. Only Q (queue) events become records:
 *
 *	maj,min cpu seq secs.nsecs pid Q rwbs sector + nr_sectors [comm]
 *
 *   rwbs: R read, W write, S sync, M metadata; A, F (readahead, flush,
 *   FUA) are accepted and not modelled. Q events without data ("[comm]"
 *   only: a flush), discards (D) and SCSI pass-through requests are
 *   skipped and counted in nr_skipped. Other actions, "Input file ...
 *   added" lines and the statistics block blkparse prints at the end
 *   ("CPU0 (8,0):", "Total (...)", ...) are ignored. Sectors of Q events
 *   are disk sectors (the kernel logs Q after the partition remap), so
 *   records have partno 0.
 *
 * Malformed input gives -EINVAL with r->err = "file:line: what is wrong".
 */
#ifndef WBSIM_TRACE_INPUT_H
#define WBSIM_TRACE_INPUT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "block/blkdev.h"

enum trace_format {
	TRACE_FMT_AUTO,		/* decided by the first non-blank line */
	TRACE_FMT_DISKSIM,
	TRACE_FMT_BLKPARSE,
};

#define TRACE_LINE_MAX	1024	/* longest accepted line, without '\n' */
#define TRACE_ERR_MAX	512

#define DISKSIM_FLAG_READ	0x1
#define DISKSIM_FLAG_SYNC	0x80	/* DiskSim's SYNCHRONOUS */

/**
 * struct trace_record - one request of a trace
 * @time: arrival, ns since the start of the trace (DiskSim: time 0;
 *	blkparse: its first event)
 * @devt: blkparse: MKDEV(major, minor) of the event; DiskSim: 0
 * @partno: the block device @sector is relative to: 0 whole disk, N
 *	partition N
 * @flags: REQ_WRITE, REQ_SYNC, REQ_META
 * @pid, @comm: the submitting task (blkparse only; else 0 and "")
 * @lineno: where it came from, for messages
 */
struct trace_record {
	sim_time_t time;
	uint32_t devt;
	uint32_t partno;
	sector_t sector;
	uint32_t nr_sectors;
	uint32_t flags;
	uint32_t pid;
	char comm[16];
	unsigned long lineno;
};

/**
 * struct trace_reader - a trace being read
 * @buf: the read buffer; lines are cut out of it in place
 * @in_stats: blkparse: its statistics block began, the rest is ignored
 * @nr_records: records returned so far
 * @nr_skipped: blkparse Q events without data, discards, pass-through
 */
struct trace_reader {
	FILE *f;
	bool own_file;
	enum trace_format format;
	char *name;
	char *buf;
	size_t len, pos;
	bool eof;
	unsigned long lineno;
	sim_time_t last_time;
	bool in_stats;
	bool failed;			/* errors are sticky */
	uint64_t nr_records, nr_skipped;
	char err[TRACE_ERR_MAX];
};

int trace_reader_open(struct trace_reader *r, const char *path,
		      enum trace_format format);
int trace_reader_open_file(struct trace_reader *r, FILE *f, const char *name,
			   enum trace_format format);
int trace_reader_next(struct trace_reader *r, struct trace_record *rec);
void trace_reader_close(struct trace_reader *r);

int trace_format_parse(const char *s, enum trace_format *format);
const char *trace_format_name(enum trace_format format);

#endif
