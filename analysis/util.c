// SPDX-License-Identifier: GPL-2.0
/* Error messages, file mappings, growable arrays, line iteration. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

/**
 * wbf_errf() - format an error message into @e
 * @e: where the message goes (may be NULL)
 * @ret: the value to return
 * @fmt: printf format
 *
 * Return: @ret, so callers can write "return wbf_errf(e, -EINVAL, ...)".
 */
int wbf_errf(struct wbf_err *e, int ret, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return ret;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	return ret;
}

/**
 * wbf_file_map() - map a whole file read-only
 * @f: the mapping to fill; f->name is set to @path
 * @path: file to map
 * @e: error message on failure
 *
 * Regular files are mmap()ed: the binary reader walks records in place and
 * never copies or allocates per record. An empty file maps to a zero-length
 * buffer. Anything else (a pipe) is read into memory.
 *
 * Return: 0, or -errno with "PATH: reason" in @e.
 */
int wbf_file_map(struct wbf_file *f, const char *path, struct wbf_err *e)
{
	struct stat st;
	int fd, ret = 0;

	memset(f, 0, sizeof(*f));
	f->name = path;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return wbf_errf(e, -errno, "%s: %s", path, strerror(errno));
	if (fstat(fd, &st) < 0) {
		ret = wbf_errf(e, -errno, "%s: %s", path, strerror(errno));
		goto out_close;
	}
	if (S_ISDIR(st.st_mode)) {
		ret = wbf_errf(e, -EISDIR, "%s: is a directory", path);
		goto out_close;
	}
	if (S_ISREG(st.st_mode)) {
		if (st.st_size == 0) {
			f->data = (const unsigned char *)"";
			goto out_close;
		}
		f->map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (f->map == MAP_FAILED) {
			f->map = NULL;
			ret = wbf_errf(e, -errno, "%s: mmap: %s", path,
				       strerror(errno));
			goto out_close;
		}
		f->map_len = st.st_size;
		f->data = f->map;
		f->len = st.st_size;
		madvise(f->map, f->map_len, MADV_SEQUENTIAL);
		goto out_close;
	}
	/* not seekable: read it all */
	{
		unsigned char *buf = NULL;
		size_t cap = 0, len = 0;
		ssize_t n;

		for (;;) {
			if (WBF_GROW(buf, cap, len + 65536)) {
				free(buf);
				ret = wbf_errf(e, -ENOMEM, "%s: out of memory",
					       path);
				goto out_close;
			}
			n = read(fd, buf + len, cap - len);
			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0) {
				ret = wbf_errf(e, -errno, "%s: %s", path,
					       strerror(errno));
				free(buf);
				goto out_close;
			}
			if (n == 0)
				break;
			len += n;
		}
		f->data = buf;
		f->len = len;
		f->map = buf;
		f->map_len = 0;	/* 0 with map set: malloc()ed */
	}
out_close:
	close(fd);
	return ret;
}

/**
 * wbf_file_unmap() - release a mapping made by wbf_file_map()
 * @f: the mapping
 */
void wbf_file_unmap(struct wbf_file *f)
{
	if (f->map && f->map_len)
		munmap(f->map, f->map_len);
	else
		free(f->map);
	f->map = NULL;
	f->data = NULL;
	f->len = 0;
}

/**
 * wbf_grow() - make room in a growable array
 * @ptr: pointer to the array pointer
 * @cap: capacity in elements, updated
 * @need: elements needed
 * @elem: size of one element
 *
 * Capacity doubles, so n appends cost O(n) copies in total.
 *
 * Return: 0 or -ENOMEM (the array is left as it was).
 */
int wbf_grow(void **ptr, size_t *cap, size_t need, size_t elem)
{
	size_t ncap = *cap ? *cap : 16;
	void *p;

	if (need <= *cap)
		return 0;
	while (ncap < need) {
		if (ncap > SIZE_MAX / 2 / elem)
			return -ENOMEM;
		ncap *= 2;
	}
	p = realloc(*ptr, ncap * elem);
	if (!p)
		return -ENOMEM;
	*ptr = p;
	*cap = ncap;
	return 0;
}

/**
 * wbf_lines_init() - start iterating over the lines of a buffer
 * @it: iterator
 * @name: file name for messages
 * @data: the text
 * @len: its length
 */
void wbf_lines_init(struct wbf_lines *it, const char *name,
		    const void *data, size_t len)
{
	it->name = name;
	it->p = data;
	it->end = it->p + len;
	it->lineno = 0;
}

/**
 * wbf_lines_next() - the next line, without its newline
 * @it: iterator
 * @line: set to a NUL-terminated copy (valid until the next call)
 * @e: error message
 *
 * A trailing '\r' is dropped, so logs copied from other systems parse.
 *
 * Return: 1 with a line, 0 at the end, -EINVAL on a NUL byte or an
 * overlong line ("file:line: ..." in @e).
 */
int wbf_lines_next(struct wbf_lines *it, char **line, struct wbf_err *e)
{
	const char *nl;
	size_t n, window;

	if (it->p >= it->end)
		return 0;
	/*
	 * Look no further than one line may be long: a binary or all-zero
	 * file of gigabytes is refused after reading its first page, not
	 * scanned (and paged in) whole for a newline.
	 */
	window = (size_t)(it->end - it->p);
	if (window > sizeof(it->buf))
		window = sizeof(it->buf);
	nl = memchr(it->p, '\n', window);
	n = nl ? (size_t)(nl - it->p) : window;
	it->lineno++;
	if (memchr(it->p, '\0', n))
		return wbf_errf(e, -EINVAL, "%s:%zu: NUL byte in text",
				it->name, it->lineno);
	if (n >= sizeof(it->buf))
		return wbf_errf(e, -EINVAL, "%s:%zu: line longer than %d bytes",
				it->name, it->lineno, WBF_LINE_MAX - 1);
	memcpy(it->buf, it->p, n);
	it->p = nl ? nl + 1 : it->end;
	if (n && it->buf[n - 1] == '\r')
		n--;
	it->buf[n] = '\0';
	*line = it->buf;
	return 1;
}

/**
 * wbf_skip_space() - skip blanks (spaces and tabs)
 * @s: string
 *
 * Return: the first non-blank character of @s.
 */
char *wbf_skip_space(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return (char *)s;
}

/**
 * wbf_is_blank() - true if @s holds only blanks
 * @s: string
 */
bool wbf_is_blank(const char *s)
{
	return *wbf_skip_space(s) == '\0';
}

/**
 * wbf_parse_double() - parse a finite floating-point number and advance
 * @s: cursor, advanced on success
 * @v: the value
 *
 * Return: true if a finite number starting with a digit, '-' or '.' was
 * read (no "inf", "nan" or hex forms).
 */
bool wbf_parse_double(const char **s, double *v)
{
	const char *p = *s;
	char *end;
	double x;

	if (!((*p >= '0' && *p <= '9') || *p == '-' || *p == '.'))
		return false;
	if ((p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) ||
	    (p[0] == '-' && p[1] == '0' && (p[2] == 'x' || p[2] == 'X')))
		return false;
	x = strtod(p, &end);
	if (end == p || x != x || x > 1e300 || x < -1e300)
		return false;
	*s = end;
	*v = x;
	return true;
}

/**
 * wbf_has_suffix() - true if @s ends with @suffix
 * @s: string
 * @suffix: suffix
 */
bool wbf_has_suffix(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && !strcmp(s + a - b, suffix);
}

/**
 * wbf_strlcpy() - copy a string, truncating to fit and terminating
 * @dst: destination
 * @src: source
 * @size: size of @dst, > 0
 */
void wbf_strlcpy(char *dst, const char *src, size_t size)
{
	size_t n = strlen(src);

	if (n >= size)
		n = size - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}
