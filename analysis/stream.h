/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A file read front to back through a fixed window, so that a trace of
 * any length costs the window, not its size: the blktrace reader holds one
 * window (and one pending record) per per-CPU file, the blkparse text
 * reader one window of whole lines.
 *
 * The window is a slice [p, p + len) of the data not yet consumed, at
 * file offset off. wbf_stream_want() makes it at least n bytes long
 * (unless the file ends first); wbf_stream_skip() consumes. Pointers into
 * the window stay valid until the next wbf_stream_want() or
 * wbf_stream_lines().
 *
 * A stream may also be a buffer already in memory (a fuzz input, a test's
 * string): the whole buffer is then the window and nothing is read.
 */
#ifndef WBFAIR_STREAM_H
#define WBFAIR_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

/* Window of a file stream: one blktrace record (48 + 65535 bytes) fits. */
#define WBF_STREAM_WINDOW	(256 * 1024)

struct wbf_stream {
	const char *name;	/* for messages; not owned */
	int fd;			/* -1: a buffer in memory */
	unsigned char *buf;	/* the window's storage (fd >= 0) */
	size_t cap;
	const unsigned char *p;	/* first byte not consumed */
	size_t len;		/* bytes from p that are in memory */
	uint64_t off;		/* file offset of p */
	bool eof;		/* nothing more to read beyond p + len */
	size_t lines_len;	/* bytes handed out by wbf_stream_lines() */
	size_t lineno;		/* lines handed out so far */
};

int wbf_stream_open(struct wbf_stream *s, const char *path, struct wbf_err *e);
void wbf_stream_mem(struct wbf_stream *s, const char *name, const void *data,
		    size_t len);
int wbf_stream_want(struct wbf_stream *s, size_t n, struct wbf_err *e);
void wbf_stream_skip(struct wbf_stream *s, size_t n);
int wbf_stream_lines(struct wbf_stream *s, struct wbf_lines *it,
		     struct wbf_err *e);
void wbf_stream_close(struct wbf_stream *s);

#endif
