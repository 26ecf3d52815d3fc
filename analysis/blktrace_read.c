// SPDX-License-Identifier: GPL-2.0
/* blktrace binary reader: per-file record walk and a k-way merge by time. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "blktrace_read.h"
#include "record_check.h"

/* One input file and the record at its head. */
struct bt_src {
	const struct wbf_file *f;
	size_t off;		/* of the next record to load */
	size_t cur_off;		/* of the record in cur */
	uint64_t nrec;		/* complete records loaded so far */
	bool swap;		/* file byte order != host */
	bool has;		/* cur holds a record */
	struct wbf_rec_clocks clocks;	/* per (device, CPU) of this file */
	struct blk_io_trace cur;
	const unsigned char *pdu;
	uint32_t ts[2];		/* TIMESTAMP payload in host order */
};

static inline uint32_t load32(const unsigned char *p, bool swap)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return swap ? __builtin_bswap32(v) : v;
}

static bool magic_ok(uint32_t m)
{
	return (m & BLK_IO_TRACE_MAGIC_MASK) == BLK_IO_TRACE_MAGIC;
}

/**
 * wbf_bt_looks_binary() - true if @data starts with a blktrace magic
 * @data: file contents
 * @len: length
 *
 * Either byte order; the version is not checked here (the reader does, so
 * a wrong version gets its own message instead of "unknown format").
 */
bool wbf_bt_looks_binary(const void *data, size_t len)
{
	return len >= 4 && (magic_ok(load32(data, false)) ||
			    magic_ok(load32(data, true)));
}

/* Decide the byte order of a file from its first magic word. */
static int src_init(struct bt_src *s, const struct wbf_file *f,
		    struct wbf_err *e)
{
	memset(s, 0, sizeof(*s));
	s->f = f;
	if (f->len == 0)
		return 0;
	if (f->len < 4)
		return 0;	/* src_next() reports the cut record */
	if (magic_ok(load32(f->data, false)))
		s->swap = false;
	else if (magic_ok(load32(f->data, true)))
		s->swap = true;
	else
		return wbf_errf(e, -EINVAL,
				"%s: offset 0: bad magic 0x%08x (not a blktrace file)",
				f->name, load32(f->data, false));
	return 0;
}

/*
 * The file ends inside its last record (blktrace stopped mid-write): end
 * the file here, as blkparse does, and note it once for the caller.
 */
static void src_cut(struct bt_src *s, size_t have, size_t want,
		    struct wbf_bt_stats *st)
{
	s->has = false;
	s->off = s->f->len;
	if (st->truncated++)
		return;
	snprintf(st->warn, sizeof(st->warn),
		 "%s: truncated at byte %zu: the last record is cut after %zu of %zu bytes; read the %llu complete records before it",
		 s->f->name, s->f->len, have, want,
		 (unsigned long long)s->nrec);
}

/* Load the next record of @s into s->cur; s->has = false at the end. */
static int src_next(struct bt_src *s, const struct wbf_geometry *geo,
		    struct wbf_bt_stats *st, struct wbf_err *e)
{
	struct wbf_rec_clock *clk;
	char why[300];

	const struct wbf_file *f = s->f;
	struct blk_io_trace *t = &s->cur;
	size_t left = f->len - s->off;

	s->has = false;
	if (!left)
		return 0;
	if (left < sizeof(*t)) {
		/* a cut header: its magic, if there is one, must be right */
		if (left >= 4 && !magic_ok(load32(f->data + s->off, s->swap)))
			return wbf_errf(e, -EINVAL,
					"%s: offset %zu: bad magic 0x%08x",
					f->name, s->off,
					load32(f->data + s->off, s->swap));
		src_cut(s, left, sizeof(*t), st);
		return 0;
	}
	memcpy(t, f->data + s->off, sizeof(*t));
	if (s->swap) {
		t->magic = __builtin_bswap32(t->magic);
		t->sequence = __builtin_bswap32(t->sequence);
		t->time = __builtin_bswap64(t->time);
		t->sector = __builtin_bswap64(t->sector);
		t->bytes = __builtin_bswap32(t->bytes);
		t->action = __builtin_bswap32(t->action);
		t->pid = __builtin_bswap32(t->pid);
		t->device = __builtin_bswap32(t->device);
		t->cpu = __builtin_bswap32(t->cpu);
		t->error = __builtin_bswap16(t->error);
		t->pdu_len = __builtin_bswap16(t->pdu_len);
	}
	if (!magic_ok(t->magic))
		return wbf_errf(e, -EINVAL, "%s: offset %zu: bad magic 0x%08x",
				f->name, s->off, t->magic);
	if ((t->magic & 0xff) != BLK_IO_TRACE_VERSION)
		return wbf_errf(e, -EINVAL,
				"%s: offset %zu: unsupported version 0x%02x (want 0x%02x)",
				f->name, s->off, t->magic & 0xff,
				BLK_IO_TRACE_VERSION);
	if (t->pdu_len > left - sizeof(*t)) {
		src_cut(s, left, sizeof(*t) + t->pdu_len, st);
		return 0;
	}
	s->pdu = f->data + s->off + sizeof(*t);
	s->cur_off = s->off;
	s->off += sizeof(*t) + t->pdu_len;
	s->nrec++;
	if (s->swap && t->action == BLK_TN_TIMESTAMP &&
	    t->pdu_len >= sizeof(s->ts)) {
		s->ts[0] = load32(s->pdu, true);
		s->ts[1] = load32(s->pdu + 4, true);
		s->pdu = (const unsigned char *)s->ts;
		t->pdu_len = sizeof(s->ts);
	}
	clk = wbf_rec_clocks_get(&s->clocks, t->device, t->cpu);
	if (!clk)
		return wbf_errf(e, -ENOMEM, "out of memory");
	if (wbf_record_check(clk, geo, t, why, sizeof(why)))
		return wbf_errf(e, -EINVAL, "%s: record at byte %zu: %s",
				f->name, s->cur_off, why);
	s->has = true;
	return 0;
}

/* Heap order: earlier time first, then the earlier file. */
static inline bool src_before(const struct bt_src *srcs, size_t a, size_t b)
{
	if (srcs[a].cur.time != srcs[b].cur.time)
		return srcs[a].cur.time < srcs[b].cur.time;
	return a < b;
}

static void heap_down(size_t *h, size_t n, size_t i, const struct bt_src *srcs)
{
	for (;;) {
		size_t l = 2 * i + 1, m = i;

		if (l < n && src_before(srcs, h[l], h[m]))
			m = l;
		if (l + 1 < n && src_before(srcs, h[l + 1], h[m]))
			m = l + 1;
		if (m == i)
			return;
		size_t tmp = h[i];

		h[i] = h[m];
		h[m] = tmp;
		i = m;
	}
}

/**
 * wbf_bt_read_files() - read mapped blktrace files merged by time
 * @files: the files (one per CPU, possibly of several devices)
 * @n: how many
 * @geo: the layout, for the disks' sizes (may be NULL)
 * @fn: called per record
 * @ctx: passed to @fn
 * @st: statistics, may be NULL
 * @e: error message
 *
 * A k-way merge over a binary heap of the files' head records. A file
 * cut inside its last record ends before it (st->truncated, st->warn).
 * A record no kernel writes (record_check.h) is refused as "FILE: record
 * at byte N: ...".
 *
 * Return: 0, -EINVAL with "FILE: offset N: ..." in @e, -ENOMEM, or what
 * @fn returned.
 */
int wbf_bt_read_files(const struct wbf_file *files, size_t n,
		      const struct wbf_geometry *geo, wbf_bt_fn fn,
		      void *ctx, struct wbf_bt_stats *st, struct wbf_err *e)
{
	struct wbf_bt_stats local;
	struct bt_src *srcs;
	size_t *heap, hn = 0, i;
	int ret = 0;

	if (!st)
		st = &local;
	memset(st, 0, sizeof(*st));
	srcs = calloc(n ? n : 1, sizeof(*srcs));
	heap = calloc(n ? n : 1, sizeof(*heap));
	if (!srcs || !heap) {
		ret = wbf_errf(e, -ENOMEM, "out of memory");
		goto out_free;
	}
	for (i = 0; i < n; i++) {
		ret = src_init(&srcs[i], &files[i], e);
		if (!ret)
			ret = src_next(&srcs[i], geo, st, e);
		if (ret)
			goto out_free;
		st->files++;
		st->bytes += files[i].len;
		st->big_endian += files[i].len &&
			(srcs[i].swap ^ (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__));
		if (srcs[i].has)
			heap[hn++] = i;
	}
	for (i = hn / 2; i-- > 0;)
		heap_down(heap, hn, i, srcs);
	while (hn) {
		struct bt_src *s = &srcs[heap[0]];

		ret = fn(ctx, &s->cur, s->pdu);
		if (ret)
			goto out_free;
		st->records++;
		ret = src_next(s, geo, st, e);
		if (ret)
			goto out_free;
		if (!s->has)
			heap[0] = heap[--hn];
		heap_down(heap, hn, 0, srcs);
	}
out_free:
	for (i = 0; srcs && i < n; i++)
		wbf_rec_clocks_free(&srcs[i].clocks);
	free(heap);
	free(srcs);
	return ret;
}

/**
 * wbf_bt_read_paths() - map and read blktrace files merged by time
 * @paths: file names
 * @n: how many
 * @geo: the layout, for the disks' sizes (may be NULL)
 * @fn: called per record
 * @ctx: passed to @fn
 * @st: statistics, may be NULL
 * @e: error message
 *
 * Return: as wbf_bt_read_files(), or -errno when a file cannot be opened.
 */
int wbf_bt_read_paths(char *const *paths, size_t n,
		      const struct wbf_geometry *geo, wbf_bt_fn fn, void *ctx,
		      struct wbf_bt_stats *st, struct wbf_err *e)
{
	struct wbf_file *files = calloc(n ? n : 1, sizeof(*files));
	size_t i, mapped = 0;
	int ret = 0;

	if (!files)
		return wbf_errf(e, -ENOMEM, "out of memory");
	for (i = 0; i < n && !ret; i++) {
		ret = wbf_file_map(&files[i], paths[i], e);
		if (!ret)
			mapped++;
	}
	if (!ret)
		ret = wbf_bt_read_files(files, n, geo, fn, ctx, st, e);
	for (i = 0; i < mapped; i++)
		wbf_file_unmap(&files[i]);
	free(files);
	return ret;
}

/**
 * wbf_bt_paths() - the per-CPU files of a trace, as blkparse finds them
 * @name: trace name (files are NAME.blktrace.0, NAME.blktrace.1, ...)
 * @paths: set to a malloc()ed array of malloc()ed names
 * @n: set to the count
 * @e: error message
 *
 * Return: 0, or -ENOENT when NAME.blktrace.0 does not exist.
 */
int wbf_bt_paths(const char *name, char ***paths, size_t *n,
		 struct wbf_err *e)
{
	char **v = NULL;
	size_t cap = 0, cnt = 0;

	for (;;) {
		char *p;

		if (asprintf(&p, "%s.blktrace.%zu", name, cnt) < 0)
			goto out_nomem;
		if (access(p, F_OK)) {
			if (!cnt) {
				wbf_errf(e, -ENOENT, "%s: %s", p, strerror(errno));
				free(p);
				free(v);
				return -ENOENT;
			}
			free(p);
			break;
		}
		if (WBF_GROW(v, cap, cnt + 1)) {
			free(p);
			goto out_nomem;
		}
		v[cnt++] = p;
	}
	*paths = v;
	*n = cnt;
	return 0;
out_nomem:
	wbf_bt_paths_free(v, cnt);
	return wbf_errf(e, -ENOMEM, "out of memory");
}

/**
 * wbf_bt_paths_free() - free what wbf_bt_paths() returned
 * @paths: array
 * @n: count
 */
void wbf_bt_paths_free(char **paths, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
}

/**
 * wbf_bt_is_trace_name() - true if NAME.blktrace.0 exists
 * @name: candidate trace name
 */
bool wbf_bt_is_trace_name(const char *name)
{
	char *p;
	bool ok;

	if (asprintf(&p, "%s.blktrace.0", name) < 0)
		return false;
	ok = !access(p, F_OK);
	free(p);
	return ok;
}
