// SPDX-License-Identifier: GPL-2.0
/*
 * Streaming analysis (issue 16): what is read through a window gives what
 * the whole input in memory gives, and what is bounded stays close.
 *  - blkparse text read through the 256 KiB window of a file gives the
 *    same records, line numbers and errors as the same text in memory,
 *    with lines of every length across many window boundaries;
 *  - per-CPU blktrace files of several windows each, in both byte orders,
 *    read through windows give the records and stats the same files
 *    mapped whole give, and the generator's record count;
 *  - the committed real trace (traces/bdi-none) read as one file and the
 *    same records split into three per-CPU files give the same figures:
 *    bytes, requests, series, Q2C, busy time, seek and size samples;
 *  - the log histogram: percentiles within 1/128 of the exact nearest-rank
 *    value over five decades; n, mean, min, max exact; merging
 *    histograms equals one histogram of everything.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../analysis/blkparse_text.h"
#include "../../analysis/load.h"
#include "../../analysis/stream.h"
#include "check.h"
#include "tracegen.h"

#define TRACE	"traces/bdi-none/vda.blktrace.0"
#define GEO	"traces/bdi-none/geometry"

/* A running hash of the records a reader hands out, and their count. */
struct rec_hash {
	uint64_t h, n;
};

static int hash_rec(void *ctx, const struct blk_io_trace *t,
		    const unsigned char *pdu)
{
	struct rec_hash *rh = ctx;
	const unsigned char *p = (const unsigned char *)t;
	size_t i;

	for (i = 0; i < sizeof(*t); i++)
		rh->h = (rh->h ^ p[i]) * 0x100000001b3ULL;
	for (i = 0; i < t->pdu_len; i++)
		rh->h = (rh->h ^ pdu[i]) * 0x100000001b3ULL;
	rh->n++;
	return 0;
}

static char *tmp_path(const char *name)
{
	const char *t = getenv("TMPDIR");
	char *p;

	if (asprintf(&p, "%s/wbfair-stream-%d-%s", t ? t : "/tmp",
		     (int)getpid(), name) < 0)
		abort();
	return p;
}

static void write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "w");

	CHECK(f != NULL);
	if (!f)
		return;
	CHECK(fwrite(data, 1, len, f) == len);
	CHECK(fclose(f) == 0);
}

/* Text of @lines event lines, lengths varying up to ~1.5 KiB. */
static char *make_text(unsigned int lines, size_t *len)
{
	size_t cap = (size_t)lines * 1600 + 64, n = 0;
	char *s = malloc(cap), pad[1500];
	unsigned int i;

	for (i = 0; i < lines; i++) {
		/* a long [comm] now and then moves lines across the window */
		size_t np = (i * 7919) % 97 == 0 ? 1400 : i % 13;

		memset(pad, 'x', np);
		pad[np] = '\0';
		n += sprintf(s + n, "  8,0 %u %u %u.%09u %u Q W %u + 8 [dbench%s]%s\n",
			     i % 4, i + 1, i / 1000, (i % 1000) * 1000,
			     100 + i % 50, i * 8, pad, i % 5 ? "" : "\r");
	}
	*len = n;
	return s;
}

/* @text in memory and in file @path is refused with the same message. */
static void expect_same_error(const char *path, const char *text, size_t len,
			      struct wbf_err *e2)
{
	struct rec_hash h = { 0, 0 };
	struct wbf_err e = { "" };

	write_file(path, text, len);
	CHECK(wbf_blkparse_text_read(path, text, len, NULL, hash_rec, &h, NULL,
				     &e) == -EINVAL);
	CHECK(wbf_blkparse_text_read_path(path, NULL, hash_rec, &h, NULL,
					  e2) == -EINVAL);
	CHECK(!strcmp(e.msg, e2->msg));
	CHECK(!strncmp(e2->msg, path, strlen(path)) &&
	      e2->msg[strlen(path)] == ':');
}

static void test_text_window(void)
{
	struct rec_hash mem = { 14695981039346656037ULL, 0 }, file = mem;
	char *path = tmp_path("text"), *text;
	struct wbf_err e = { "" }, e2 = { "" };
	uint64_t nm = 0, nf = 0;
	size_t len;

	text = make_text(40000, &len);
	CHECK(len > 8 * WBF_STREAM_WINDOW);
	write_file(path, text, len - 1);	/* no final newline */
	CHECK(wbf_blkparse_text_read("t", text, len - 1, NULL, hash_rec, &mem, &nm,
				     &e) == 0);
	CHECK(wbf_blkparse_text_read_path(path, NULL, hash_rec, &file, &nf, &e) == 0);
	CHECK_EQ_U64(nm, 40000);
	CHECK_EQ_U64(nf, nm);
	CHECK_EQ_U64(file.n, mem.n);
	CHECK(file.h == mem.h);

	/* garbage deep in the file: the same line number either way */
	memcpy(strstr(text + 5 * WBF_STREAM_WINDOW, "\n  8,0") + 3, "zz", 2);
	expect_same_error(path, text, len, &e2);
	CHECK(atoi(e2.msg + strlen(path) + 1) > 1000);

	/* a line longer than a line may be, across a window boundary */
	memset(text + 3 * WBF_STREAM_WINDOW - 10, 'y', 2 * WBF_LINE_MAX);
	expect_same_error(path, text, len, &e2);
	CHECK(strstr(e2.msg, "longer than") != NULL);
	unlink(path);
	free(path);
	free(text);
}

static void test_bt_window(bool big)
{
	struct rec_hash mem = { 14695981039346656037ULL, 0 }, file = mem;
	struct wbf_bt_stats sm, sf;
	struct wbf_file f[3];
	struct tg_params p;
	struct tg g = { 0 };
	struct tg_truth tr;
	struct wbf_err e;
	char *name = tmp_path("bt"), *paths[3];
	int k;

	tg_default(&p);
	p.cpus = 3;
	p.requests = 60000;	/* ~3 MB per file: a dozen windows */
	p.big_endian = big;
	CHECK(tg_build(&p, &g, &tr) == 0);
	CHECK(tg_write(&p, &g, name) == 0);
	for (k = 0; k < 3; k++) {
		if (asprintf(&paths[k], "%s.blktrace.%d", name, k) < 0)
			abort();
		CHECK(wbf_file_map(&f[k], paths[k], &e) == 0);
	}
	CHECK(f[0].len + f[1].len + f[2].len > 16 * WBF_STREAM_WINDOW);
	CHECK(wbf_bt_read_files(f, 3, NULL, hash_rec, &mem, &sm, &e) == 0);
	CHECK(wbf_bt_read_paths(paths, 3, NULL, hash_rec, &file, &sf, &e) == 0);
	CHECK_EQ_U64(mem.n, tr.records);
	CHECK_EQ_U64(file.n, mem.n);
	CHECK(file.h == mem.h);
	CHECK_EQ_U64(sf.records, sm.records);
	CHECK_EQ_U64(sf.bytes, sm.bytes);
	CHECK_EQ_U64(sf.bytes, f[0].len + f[1].len + f[2].len);
	CHECK_EQ_U64(sf.big_endian, big ? 3 : 0);
	CHECK_EQ_U64(sf.truncated, 0);
	for (k = 0; k < 3; k++) {
		wbf_file_unmap(&f[k]);
		unlink(paths[k]);
		free(paths[k]);
	}
	tg_free(&g, &tr);
	free(name);
}

static int load_trace(struct wbf_run *r, char **paths, size_t n)
{
	struct wbf_opts o = { .interval_ns = 1000000000ULL,
			      .rw = WBF_SEL_WRITE, .geometry = GEO };
	struct wbf_err e = { "" };
	int ret = wbf_run_load(r, paths, n, &o, &e);

	if (ret)
		fprintf(stderr, "load: %s\n", e.msg);
	return ret;
}

static bool same_samples(struct wbf_samples *a, struct wbf_samples *b)
{
	static const double pcts[] = { 0, 50, 95, 99, 100 };
	size_t k;

	if (a->n != b->n || a->sum != b->sum || (a->n && a->max != b->max))
		return false;
	for (k = 0; a->n && k < sizeof(pcts) / sizeof(pcts[0]); k++)
		if (wbf_samples_percentile(a, pcts[k]) !=
		    wbf_samples_percentile(b, pcts[k]))
			return false;
	return true;
}

static bool same_ent(struct wbf_ent *a, struct wbf_ent *b, size_t nint)
{
	int rw;

	if (strcmp(a->name, b->name) || !same_samples(&a->q2c, &b->q2c))
		return false;
	for (rw = 0; rw < WBF_NR_RW; rw++)
		if (a->bytes[rw] != b->bytes[rw] || a->reqs[rw] != b->reqs[rw] ||
		    a->series[rw].n != b->series[rw].n ||
		    (a->series[rw].n && memcmp(a->series[rw].bytes,
					      b->series[rw].bytes,
					      nint * sizeof(uint64_t))))
			return false;
	return true;
}

/*
 * Split the records of @data into three files: record i goes to file
 * i % 3, except that a record at the time of the one before goes where
 * that one went, so the merge (ties by file order) gives the same order.
 */
static void split3(const unsigned char *data, size_t len, char **paths)
{
	FILE *f[3];
	size_t off = 0, i = 0;
	uint64_t prev_t = UINT64_MAX;
	int to = 0, k;

	for (k = 0; k < 3; k++)
		CHECK((f[k] = fopen(paths[k], "w")) != NULL);
	while (off + sizeof(struct blk_io_trace) <= len) {
		struct blk_io_trace t;
		size_t n;

		memcpy(&t, data + off, sizeof(t));
		n = sizeof(t) + t.pdu_len;
		if (t.time != prev_t)
			to = i % 3;
		prev_t = t.time;
		CHECK(fwrite(data + off, 1, n, f[to]) == n);
		off += n;
		i++;
	}
	CHECK(off == len);
	for (k = 0; k < 3; k++)
		CHECK(fclose(f[k]) == 0);
}

static void test_split_merge(void)
{
	char *whole[1] = { TRACE }, *parts[3];
	struct wbf_run a, b;
	struct wbf_file f;
	struct wbf_err e;
	size_t i;
	int k;

	if (access(TRACE, R_OK)) {
		fprintf(stderr, "%s missing\n", TRACE);
		CHECK(0);
		return;
	}
	for (k = 0; k < 3; k++) {
		char name[32];

		snprintf(name, sizeof(name), "split.blktrace.%d", k);
		parts[k] = tmp_path(name);
	}
	CHECK(wbf_file_map(&f, TRACE, &e) == 0);
	split3(f.data, f.len, parts);
	wbf_file_unmap(&f);
	CHECK(load_trace(&a, whole, 1) == 0);
	CHECK(load_trace(&b, parts, 3) == 0);
	CHECK_EQ_U64(b.bt.files, 3);
	CHECK_EQ_U64(a.bt.records, b.bt.records);
	CHECK_EQ_U64(a.bt.bytes, b.bt.bytes);
	CHECK(a.blk.records > 3000);
	CHECK_EQ_U64(a.blk.n_intervals, b.blk.n_intervals);
	CHECK_EQ_U64(a.blk.nparts, b.blk.nparts);
	CHECK_EQ_U64(a.blk.nprocs, b.blk.nprocs);
	/* write is selected: its series are kept, the read ones are not */
	CHECK_EQ_U64(a.blk.parts[0].series[WBF_WRITE].n, a.blk.n_intervals);
	CHECK_EQ_U64(a.blk.parts[0].series[WBF_READ].n, 0);
	for (i = 0; i < a.blk.nparts && i < b.blk.nparts; i++)
		CHECK(same_ent(&a.blk.parts[i], &b.blk.parts[i],
			       a.blk.n_intervals));
	for (i = 0; i < a.blk.nprocs && i < b.blk.nprocs; i++)
		CHECK(same_ent(&a.blk.procs[i], &b.blk.procs[i],
			       a.blk.n_intervals));
	CHECK(same_samples(&a.blk.q2c, &b.blk.q2c));
	CHECK(a.blk.q2c.n > 500);
	CHECK_EQ_U64(a.blk.ndisks, b.blk.ndisks);
	for (i = 0; i < a.blk.ndisks && i < b.blk.ndisks; i++) {
		CHECK_EQ_U64(a.blk.disks[i].busy_ns, b.blk.disks[i].busy_ns);
		CHECK_EQ_U64(a.blk.disks[i].unmatched, b.blk.disks[i].unmatched);
		CHECK(same_samples(&a.blk.disks[i].req_bytes,
				   &b.blk.disks[i].req_bytes));
		CHECK(same_samples(&a.blk.disks[i].seek, &b.blk.disks[i].seek));
	}
	wbf_run_free(&a);
	wbf_run_free(&b);
	for (k = 0; k < 3; k++) {
		unlink(parts[k]);
		free(parts[k]);
	}
}

static uint64_t lcg(uint64_t *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return *s >> 11;
}

static void test_loghist(void)
{
	static const double pcts[] = { 1, 10, 50, 90, 95, 99, 99.9 };
	struct wbf_samples exact = { 0 }, h = { 0 }, h1 = { 0 }, h2 = { 0 };
	uint64_t seed = 42;
	size_t i, k;

	for (i = 0; i < 200000; i++) {
		/* 10 us .. 1 s in ns, log-uniform, and some exact zeros */
		double x = i % 1000 ? floor(1e4 * pow(10, (lcg(&seed) % 50001) / 10000.0)) : 0;

		CHECK(wbf_samples_add(&exact, x) == 0);
		CHECK(wbf_samples_add(&h, x) == 0);
		CHECK(wbf_samples_add(i % 2 ? &h1 : &h2, x) == 0);
		if (i == 5000) {
			CHECK(wbf_samples_to_hist(&h) == 0);
			CHECK(wbf_samples_to_hist(&h1) == 0);
		}
	}
	CHECK(h.hist && !h.v && h1.hist && !h2.hist);
	CHECK(wbf_samples_merge(&h2, &h1) == 0);	/* exact + histogram */
	CHECK(h2.hist != NULL);
	CHECK_EQ_U64(h.n, exact.n);
	CHECK_EQ_U64(h2.n, exact.n);
	CHECK(h.max == exact.max && h.min == exact.min && h.min == 0);
	CHECK(h2.max == exact.max && h2.min == exact.min);
	CHECK_NEAR(wbf_samples_mean(&h), wbf_samples_mean(&exact), 1e-12);
	CHECK_NEAR(wbf_samples_mean(&h2), wbf_samples_mean(&exact), 1e-12);
	for (k = 0; k < sizeof(pcts) / sizeof(pcts[0]); k++) {
		double want = wbf_samples_percentile(&exact, pcts[k]);

		CHECK_NEAR(wbf_samples_percentile(&h, pcts[k]), want, 1.0 / 128);
		CHECK(wbf_samples_percentile(&h2, pcts[k]) ==
		      wbf_samples_percentile(&h, pcts[k]));
	}
	CHECK(wbf_samples_percentile(&h, 100) == exact.max);
	CHECK(wbf_samples_percentile(&h, 0) == 0);
	wbf_samples_free(&exact);
	wbf_samples_free(&h);
	wbf_samples_free(&h1);
	wbf_samples_free(&h2);
}

int main(void)
{
	test_text_window();
	test_bt_window(false);
	test_bt_window(true);
	test_split_merge();
	test_loghist();
	return check_status("test_wbfair_stream");
}
