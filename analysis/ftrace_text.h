/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ftrace text: `trace-cmd report` output and the raw tracefs "trace" file.
 *
 *   trace-cmd report:  %16s-%-5d [%03d] %secs.usecs: event: text
 *   tracefs trace:     comm-pid [(tgid)] [cpu] flags secs.usecs: event: text
 *
 * The pid is the LAST "-<digits>" before the "[cpu]" (a comm may hold
 * dashes and spaces). trace_printk lines are `bprint` (constant format) or
 * `print` events in trace-cmd report, whose text starts with the calling
 * function; they are counted as "bprint:FUNC". In a raw trace file the
 * function shows where the event name would be.
 *
 * Fields: "key=value" tokens, plus the writeback tracepoints' "bdi NAME:"
 * and "sb_dev MAJ:MIN" forms. Events are counted in total and per bdi and
 * per superblock ("bdi 8:0", "sb 8:1", from sb_dev or sb=).
 * balance_dirty_pages (6.1) and balance_dirty_pages_legacy (the series'
 * 2.6.30/32 throttling) events and their pause (ms) tell whether dirtiers
 * were throttled and for how long. The series' writeback_sb_written events
 * are kept in order (sb_turns.h reads them). Event names and fields are
 * the catalogue's (include/trace-events.def, trace_events.h);
 * wbf_ftrace_load() can reject a line the catalogue does not describe.
 *
 * Accepted besides events: blank lines, '#' comments, "cpus=N",
 * "version = N", "CPU N is empty", "CPU:N [LOST N EVENTS]" and the raw
 * file's "##### CPU N buffer started ####". Anything else is an error.
 */
#ifndef WBFAIR_FTRACE_TEXT_H
#define WBFAIR_FTRACE_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

struct wbf_ftrace_line {
	char comm[64];
	uint32_t pid;
	uint32_t cpu;
	uint64_t ts_ns;
	char event[64];		/* "bprint:FUNC" for trace_printk */
	const char *msg;	/* points into the parsed line */
};

struct wbf_ftrace_count {
	char event[64];
	char dev[40];		/* "" (all), "bdi NAME" or "sb MAJ:MIN" */
	uint64_t count;
};

/* one writeback_sb_written event: a chunk of one superblock's writeback */
struct wbf_sb_chunk {
	uint64_t ts_ns;		/* when the chunk ended */
	char bdi[32];		/* "8:0" */
	char sb[32];		/* "8:1" */
	uint64_t pages;
	uint64_t elapsed_us;
};

struct wbf_ftrace {
	uint64_t events;
	uint64_t writeback_events;	/* of the writeback subsystem */
	uint64_t bdp_events;		/* balance_dirty_pages */
	uint64_t bdp_paused;		/* ... with pause > 0 */
	double bdp_pause_ms;		/* sum of those pauses */
	uint64_t first_ns, last_ns;
	struct wbf_ftrace_count *counts;
	size_t ncounts, cap_counts;
	struct wbf_sb_chunk *chunks;	/* in trace order */
	size_t nchunks, cap_chunks;
};

typedef void (*wbf_kv_fn)(void *ctx, const char *key, size_t klen,
			  const char *val, size_t vlen);

int wbf_ftrace_parse_line(char *line, struct wbf_ftrace_line *out);
void wbf_ftrace_fields(const char *msg, wbf_kv_fn fn, void *ctx);
bool wbf_ftrace_field(const char *msg, const char *key, char *val,
		      size_t size);
bool wbf_ftrace_header_line(const char *line);
int wbf_ftrace_parse(struct wbf_ftrace *ft, const char *name,
		     const void *data, size_t len, struct wbf_err *e);
void wbf_ftrace_free(struct wbf_ftrace *ft);
int wbf_ftrace_load(struct wbf_ftrace *ft, const char *arg, bool check,
		    char *path, size_t size, struct wbf_err *e);

#endif
