// SPDX-License-Identifier: GPL-2.0
/* blktrace binary reader: per-file record walk and a k-way merge by time. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "blktrace_read.h"
#include "record_check.h"
#include "stream.h"

/*
 * One input file and the record at its head. The record's payload lies in
 * the file's window, which moves only when the next record is loaded, that
 * is after the record was handed to the consumer.
 */
struct bt_src {
	struct wbf_stream in;
	size_t rec_len;		/* bytes of the record in cur, still in the window */
	uint64_t cur_off;	/* file offset of the record in cur */
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
static int src_init(struct bt_src *s, struct wbf_err *e)
{
	struct wbf_stream *in = &s->in;
	int ret = wbf_stream_want(in, 4, e);

	if (ret || in->len < 4)
		return ret;	/* empty, or src_next() reports the cut record */
	if (magic_ok(load32(in->p, false)))
		s->swap = false;
	else if (magic_ok(load32(in->p, true)))
		s->swap = true;
	else
		return wbf_errf(e, -EINVAL,
				"%s: offset 0: bad magic 0x%08x (not a blktrace file)",
				in->name, load32(in->p, false));
	return 0;
}

/*
 * The file ends inside its last record (blktrace stopped mid-write): end
 * the file here, as blkparse does, and note it once for the caller.
 */
static void src_cut(struct bt_src *s, size_t have, size_t want,
		    struct wbf_bt_stats *st)
{
	struct wbf_stream *in = &s->in;
	uint64_t size = in->off + in->len;

	s->has = false;
	wbf_stream_skip(in, in->len);
	if (st->truncated++)
		return;
	snprintf(st->warn, sizeof(st->warn),
		 "%s: truncated at byte %llu: the last record is cut after %zu of %zu bytes; read the %llu complete records before it",
		 in->name, (unsigned long long)size, have, want,
		 (unsigned long long)s->nrec);
}

/* Load the next record of @s into s->cur; s->has = false at the end. */
static int src_next(struct bt_src *s, const struct wbf_geometry *geo,
		    struct wbf_bt_stats *st, struct wbf_err *e)
{
	struct wbf_rec_clock *clk;
	char why[300];
	struct wbf_stream *in = &s->in;
	struct blk_io_trace *t = &s->cur;
	int ret;

	s->has = false;
	wbf_stream_skip(in, s->rec_len);
	s->rec_len = 0;
	ret = wbf_stream_want(in, sizeof(*t), e);
	if (ret)
		return ret;
	if (!in->len)
		return 0;
	if (in->len < sizeof(*t)) {
		/* a cut header: its magic, if there is one, must be right */
		if (in->len >= 4 && !magic_ok(load32(in->p, s->swap)))
			return wbf_errf(e, -EINVAL,
					"%s: offset %llu: bad magic 0x%08x",
					in->name, (unsigned long long)in->off,
					load32(in->p, s->swap));
		src_cut(s, in->len, sizeof(*t), st);
		return 0;
	}
	memcpy(t, in->p, sizeof(*t));
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
		return wbf_errf(e, -EINVAL, "%s: offset %llu: bad magic 0x%08x",
				in->name, (unsigned long long)in->off,
				t->magic);
	if ((t->magic & 0xff) != BLK_IO_TRACE_VERSION)
		return wbf_errf(e, -EINVAL,
				"%s: offset %llu: unsupported version 0x%02x (want 0x%02x)",
				in->name, (unsigned long long)in->off,
				t->magic & 0xff, BLK_IO_TRACE_VERSION);
	ret = wbf_stream_want(in, sizeof(*t) + t->pdu_len, e);
	if (ret)
		return ret;
	if (t->pdu_len > in->len - sizeof(*t)) {
		src_cut(s, in->len, sizeof(*t) + t->pdu_len, st);
		return 0;
	}
	s->pdu = in->p + sizeof(*t);
	s->cur_off = in->off;
	s->rec_len = sizeof(*t) + t->pdu_len;
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
		return wbf_errf(e, -EINVAL, "%s: record at byte %llu: %s",
				in->name, (unsigned long long)s->cur_off, why);
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

/*
 * The k-way merge: a binary heap of the sources' head records, one record
 * per file in memory at a time, as blkparse holds one per CPU. A file cut
 * inside its last record ends before it (st->truncated, st->warn).
 */
static int bt_merge(struct bt_src *srcs, size_t n,
		    const struct wbf_geometry *geo, wbf_bt_fn fn, void *ctx,
		    struct wbf_bt_stats *st, struct wbf_err *e)
{
	struct wbf_bt_stats local;
	size_t *heap, hn = 0, i;
	int ret = 0;

	if (!st)
		st = &local;
	memset(st, 0, sizeof(*st));
	heap = calloc(n ? n : 1, sizeof(*heap));
	if (!heap)
		return wbf_errf(e, -ENOMEM, "out of memory");
	for (i = 0; i < n; i++) {
		ret = src_init(&srcs[i], e);
		if (!ret)
			ret = src_next(&srcs[i], geo, st, e);
		if (ret)
			goto out_free_heap;
		st->files++;
		st->big_endian += srcs[i].in.off + srcs[i].in.len &&
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
			goto out_free_heap;
		st->records++;
		ret = src_next(s, geo, st, e);
		if (ret)
			goto out_free_heap;
		if (!s->has)
			heap[0] = heap[--hn];
		heap_down(heap, hn, 0, srcs);
	}
	/* every file was read to its end: its size is where it ended */
	for (i = 0; i < n; i++)
		st->bytes += srcs[i].in.off + srcs[i].in.len;
out_free_heap:
	for (i = 0; i < n; i++)
		wbf_rec_clocks_free(&srcs[i].clocks);
	free(heap);
	return ret;
}

/**
 * wbf_bt_read_files() - read blktrace files in memory merged by time
 * @files: the files (one per CPU, possibly of several devices)
 * @n: how many
 * @geo: the layout, for the disks' sizes (may be NULL)
 * @fn: called per record
 * @ctx: passed to @fn
 * @st: statistics, may be NULL
 * @e: error message
 *
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
	struct bt_src *srcs;
	size_t i;
	int ret;

	srcs = calloc(n ? n : 1, sizeof(*srcs));
	if (!srcs)
		return wbf_errf(e, -ENOMEM, "out of memory");
	for (i = 0; i < n; i++)
		wbf_stream_mem(&srcs[i].in, files[i].name, files[i].data,
			       files[i].len);
	ret = bt_merge(srcs, n, geo, fn, ctx, st, e);
	free(srcs);
	return ret;
}

/**
 * wbf_bt_read_paths() - read blktrace files merged by time, streaming
 * @paths: file names
 * @n: how many
 * @fn: called per record
 * @ctx: passed to @fn
 * @st: statistics, may be NULL
 * @e: error message
 *
 * Each file is read through a window of WBF_STREAM_WINDOW bytes, so the
 * memory this takes does not grow with the length of the trace.
 *
 * Return: as wbf_bt_read_files(), or -errno when a file cannot be read.
 */
int wbf_bt_read_paths(char *const *paths, size_t n,
		      const struct wbf_geometry *geo, wbf_bt_fn fn, void *ctx,
		      struct wbf_bt_stats *st, struct wbf_err *e)
{
	struct bt_src *srcs;
	size_t i, opened = 0;
	int ret = 0;

	srcs = calloc(n ? n : 1, sizeof(*srcs));
	if (!srcs)
		return wbf_errf(e, -ENOMEM, "out of memory");
	for (i = 0; i < n && !ret; i++) {
		ret = wbf_stream_open(&srcs[i].in, paths[i], e);
		if (!ret)
			opened++;
	}
	if (!ret)
		ret = bt_merge(srcs, n, geo, fn, ctx, st, e);
	for (i = 0; i < opened; i++)
		wbf_stream_close(&srcs[i].in);
	free(srcs);
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
