// SPDX-License-Identifier: GPL-2.0
/* Reading a file through a fixed window; see stream.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "stream.h"

/**
 * wbf_stream_open() - open a file (or pipe) for reading through a window
 * @s: stream to fill
 * @path: the file; s->name points at it
 * @e: "PATH: reason" on failure
 *
 * Return: 0, -EISDIR, -ENOMEM or -errno of open().
 */
int wbf_stream_open(struct wbf_stream *s, const char *path, struct wbf_err *e)
{
	struct stat st;

	memset(s, 0, sizeof(*s));
	s->name = path;
	s->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (s->fd < 0)
		return wbf_errf(e, -errno, "%s: %s", path, strerror(errno));
	if (!fstat(s->fd, &st) && S_ISDIR(st.st_mode)) {
		wbf_stream_close(s);
		return wbf_errf(e, -EISDIR, "%s: is a directory", path);
	}
	s->cap = WBF_STREAM_WINDOW;
	s->buf = malloc(s->cap);
	if (!s->buf) {
		wbf_stream_close(s);
		return wbf_errf(e, -ENOMEM, "%s: out of memory", path);
	}
	s->p = s->buf;
	/* the kernel may read ahead: we will not come back */
	posix_fadvise(s->fd, 0, 0, POSIX_FADV_SEQUENTIAL);
	return 0;
}

/**
 * wbf_stream_mem() - a stream over a buffer already in memory
 * @s: stream to fill
 * @name: for messages
 * @data: the bytes (not copied: must outlive the stream)
 * @len: how many
 */
void wbf_stream_mem(struct wbf_stream *s, const char *name, const void *data,
		    size_t len)
{
	memset(s, 0, sizeof(*s));
	s->name = name;
	s->fd = -1;
	s->p = len ? data : (const unsigned char *)"";
	s->len = len;
	s->eof = true;
}

/**
 * wbf_stream_want() - have at least @n bytes in the window
 * @s: stream
 * @n: bytes wanted from s->p, at most WBF_STREAM_WINDOW
 * @e: "PATH: reason" on a read error
 *
 * Fewer are there only when the file ends first (s->eof). The window is
 * filled as far as it goes, so the reads are large whatever @n is.
 *
 * Return: 0 or -errno of read().
 */
int wbf_stream_want(struct wbf_stream *s, size_t n, struct wbf_err *e)
{
	if (s->len >= n || s->eof)
		return 0;
	if (n > s->cap)
		return wbf_errf(e, -EINVAL, "%s: offset %llu: %zu bytes do not fit the read window",
				s->name, (unsigned long long)s->off, n);
	/* keep what is not consumed: move it to the front, read behind it */
	if (s->p != s->buf) {
		memmove(s->buf, s->p, s->len);
		s->p = s->buf;
	}
	while (s->len < s->cap) {
		ssize_t r = read(s->fd, s->buf + s->len, s->cap - s->len);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return wbf_errf(e, -errno, "%s: %s", s->name,
					strerror(errno));
		if (r == 0) {
			s->eof = true;
			break;
		}
		s->len += r;
		if (s->len >= n && s->len >= s->cap / 2)
			break;	/* enough for now: a pipe gives what it has */
	}
	return 0;
}

/**
 * wbf_stream_skip() - consume @n bytes of the window
 * @s: stream
 * @n: at most s->len
 */
void wbf_stream_skip(struct wbf_stream *s, size_t n)
{
	if (n > s->len)
		n = s->len;
	s->p += n;
	s->len -= n;
	s->off += n;
}

/**
 * wbf_stream_lines() - the next run of whole lines, as a line iterator
 * @s: stream
 * @it: set up over the lines; its line numbers go on from the last run
 * @e: "PATH: reason" on a read error
 *
 * The run ends at the last newline in the window, so no line is cut
 * between two runs (the file's last line may lack its newline). A window
 * with no newline at all is handed out whole: wbf_lines_next() then
 * refuses its first line as too long, or as holding a NUL byte, as it
 * does in a file read whole. What the previous run held is consumed.
 *
 * Return: 1 with lines in @it, 0 at the end of the file, -errno.
 */
int wbf_stream_lines(struct wbf_stream *s, struct wbf_lines *it,
		     struct wbf_err *e)
{
	const unsigned char *nl;
	size_t n;
	int ret;

	if (s->lines_len)
		s->lineno = it->lineno;	/* @it holds the previous run */
	wbf_stream_skip(s, s->lines_len);
	s->lines_len = 0;
	ret = wbf_stream_want(s, s->cap ? s->cap : s->len, e);
	if (ret)
		return ret;
	if (!s->len)
		return 0;
	n = s->len;
	if (!s->eof) {
		nl = memrchr(s->p, '\n', s->len);
		if (nl)
			n = (size_t)(nl - s->p) + 1;
	}
	wbf_lines_init(it, s->name, s->p, n);
	it->lineno = s->lineno;
	s->lines_len = n;
	return 1;
}

/**
 * wbf_stream_close() - release a stream
 * @s: stream
 */
void wbf_stream_close(struct wbf_stream *s)
{
	if (s->fd >= 0)
		close(s->fd);
	free(s->buf);
	memset(s, 0, sizeof(*s));
	s->fd = -1;
}
