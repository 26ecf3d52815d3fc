/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Small helpers shared by wbfair's readers: error messages that carry
 * "file:line: " or "file: offset N: ", read-only file mappings, growable
 * arrays and a line iterator over a mapped buffer.
 *
 * Library functions never print: they fill a struct wbf_err and return
 * -EINVAL (bad input) or another -errno, and the command prints the
 * message and picks the exit status.
 */
#ifndef WBFAIR_UTIL_H
#define WBFAIR_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "wb/parse.h"

struct wbf_err {
	char msg[512];
};

/* Longest text line the parsers accept (a longer one is an error). */
#define WBF_LINE_MAX	4096

int wbf_errf(struct wbf_err *e, int ret, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A whole input file, mapped read-only (or empty). */
struct wbf_file {
	const char *name;	/* for messages; not owned */
	const unsigned char *data;
	size_t len;
	void *map;		/* munmap() this ... */
	size_t map_len;		/* ... of this length, if map != NULL */
};

int wbf_file_map(struct wbf_file *f, const char *path, struct wbf_err *e);
void wbf_file_unmap(struct wbf_file *f);

int wbf_grow(void **ptr, size_t *cap, size_t need, size_t elem);

/* Grow array @arr (with capacity field @cap) to hold at least @need. */
#define WBF_GROW(arr, cap, need) \
	wbf_grow((void **)&(arr), &(cap), (need), sizeof(*(arr)))

/*
 * Iterates over the lines of a buffer, copying each into a NUL-terminated
 * buffer so parsers can use strtol() and friends. A NUL byte inside a line
 * or a line longer than WBF_LINE_MAX - 1 bytes is an error.
 */
struct wbf_lines {
	const char *name;
	const char *p, *end;
	size_t lineno;		/* of the line last returned, from 1 */
	char buf[WBF_LINE_MAX];
};

void wbf_lines_init(struct wbf_lines *it, const char *name,
		    const void *data, size_t len);
int wbf_lines_next(struct wbf_lines *it, char **line, struct wbf_err *e);

char *wbf_skip_space(const char *s);
bool wbf_is_blank(const char *s);
bool wbf_parse_double(const char **s, double *v);
bool wbf_has_suffix(const char *s, const char *suffix);
void wbf_strlcpy(char *dst, const char *src, size_t size);

#endif
