// SPDX-License-Identifier: GPL-2.0
/*
 * The text parsers on real samples (analysis/testdata: dbench 4.0 and fio
 * 3.33 output produced by the installed tools) and on hand-written text
 * in the documented formats, plus garbage that must be reported with its
 * line; and the dirty-limit rules of rundir.h.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../analysis/blkparse_text.h"
#include "../../analysis/blkstat.h"
#include "../../analysis/dbench_log.h"
#include "../../analysis/fio.h"
#include "../../analysis/ftrace_text.h"
#include "../../analysis/geometry.h"
#include "../../analysis/metrics.h"
#include "../../analysis/rundir.h"
#include "check.h"

#define TD "analysis/testdata/"

static void expect_msg(int ret, const struct wbf_err *e, const char *want)
{
	CHECK(ret == -EINVAL);
	if (!strstr(e->msg, want)) {
		fprintf(stderr, "message '%s' lacks '%s'\n", e->msg, want);
		check_failures++;
	}
}

static void test_dbench(void)
{
	struct wbf_dbench d = { 0 };
	struct wbf_file f;
	struct wbf_err e;
	double *mb, sum = 0;
	size_t n, clamped, i;

	CHECK(wbf_file_map(&f, TD "dbench.sda1.log", &e) == 0);
	CHECK(wbf_dbench_parse(&d, f.name, f.data, f.len, &e) == 0);
	wbf_file_unmap(&f);
	/* what the file says: 1 warmup line, 10 execute, 2 cleanup, 14 ops */
	CHECK_EQ_U64(d.npts, 11);
	CHECK(d.pts[0].phase == WBF_DBENCH_WARMUP);
	CHECK(d.pts[1].phase == WBF_DBENCH_EXECUTE && d.pts[1].mbps == 157.91);
	CHECK_EQ_U64(d.cleanup_lines, 2);
	CHECK_EQ_U64(d.nops, 14);
	CHECK(!strcmp(d.ops[0].name, "NTCreateX") && d.ops[0].count == 48206);
	CHECK(d.has_throughput && d.throughput == 138.633);
	CHECK(d.clients == 2 && d.procs == 2 && d.max_latency_ms == 39.115);
	/* formats reference: the final figure is the last execute line's */
	CHECK(fabs(d.throughput - d.pts[10].mbps) <= 0.005);
	CHECK(wbf_dbench_seconds(&d) == 10);
	CHECK(wbf_dbench_series(&d, 1000000000, &mb, &n, &clamped) == 0);
	CHECK_EQ_U64(n, 10);
	/* the first second's MB is r_1 * t_1; the sum telescopes to r t */
	CHECK_NEAR(mb[0], 157.91, 1e-12);
	for (i = 0; i < n; i++) {
		CHECK(mb[i] >= 0);
		sum += mb[i];
	}
	CHECK_NEAR(sum, d.pts[10].mbps * d.pts[10].t, 1e-12);
	fprintf(stderr, "dbench: %zu points, throughput %.3f MB/s, %zu derived seconds, %zu clamped\n",
		d.npts, d.throughput, n, clamped);
	free(mb);
	wbf_dbench_free(&d);

	/* the 6 s run: a preamble warning, no warmup line */
	CHECK(wbf_file_map(&f, TD "dbench-2clients-6s.log", &e) == 0);
	CHECK(wbf_dbench_parse(&d, f.name, f.data, f.len, &e) == 0);
	wbf_file_unmap(&f);
	CHECK_EQ_U64(d.npts, 5);
	CHECK(d.throughput == 331.344);
	wbf_dbench_free(&d);
}

/*
 * dbench 4.0 --per-client-results: after the table, each client's line
 * count and bytes, and its own table, where an op it never ran is 0/0.
 */
static void test_dbench_per_client(void)
{
	static const char log[] =
		"dbench version 4.00 - Copyright Andrew Tridgell 1999-2004\n"
		"   3       640     1.00 MB/sec  execute   1 sec  latency 2.000 ms\n"
		"   3  cleanup   2 sec\n"
		"\n"
		" Operation      Count    AvgLat    MaxLat\n"
		" ----------------------------------------\n"
		" WriteX             4     1.500     2.000\n"
		" Flush              1     3.000     3.000\n"
		"Per client results:\n"
		"Client 0 did 700 lines and 65536 bytes\n"
		" Operation      Count    AvgLat    MaxLat\n"
		" ----------------------------------------\n"
		" WriteX             1     1.000     1.000\n"
		" Flush              0      -nan     0.000\n"
		"\n"
		"Client 1 did 14 lines and 0 bytes\n"
		" Operation      Count    AvgLat    MaxLat\n"
		" ----------------------------------------\n"
		" WriteX             0       nan     0.000\n"
		" Flush              1     3.000     3.000\n"
		"Client 2 did 1206 lines and 196608 bytes\n"
		" Operation      Count    AvgLat    MaxLat\n"
		" ----------------------------------------\n"
		" WriteX             3     1.667     2.000\n"
		"Throughput 1 MB/sec  3 clients  3 procs  max_latency=3.000 ms\n";
	struct wbf_dbench d = { 0 };
	struct wbf_dbench_spread sp;
	struct wbf_err e = { "" };

	CHECK(wbf_dbench_parse(&d, "pc.log", log, strlen(log), &e) == 0);
	/* the per-client tables are not the run's: two ops, as printed */
	CHECK_EQ_U64(d.nops, 2);
	CHECK_EQ_U64(d.nclient_results, 3);
	CHECK_EQ_U64(d.per_client[1].lines, 14);
	CHECK(d.per_client[2].bytes == 196608);
	CHECK(d.has_throughput && d.clients == 3);
	CHECK(wbf_dbench_spread(&d, &sp) == 0);
	/* nearest rank of {14, 700, 1206}: p10 the first, p50 the second */
	CHECK(sp.n == 3 && sp.min == 14 && sp.max == 1206);
	CHECK(sp.p10 == 14 && sp.p50 == 700 && sp.p90 == 1206);
	CHECK_NEAR(sp.mean, (14 + 700 + 1206) / 3.0, 1e-9);
	wbf_dbench_free(&d);

	/* a log without them has no spread */
	CHECK(wbf_dbench_parse(&d, "x.log", log, strstr(log, "Per client") - log,
			       &e) == 0);
	CHECK(wbf_dbench_spread(&d, &sp) == -ENOENT);
	wbf_dbench_free(&d);
}

static void test_dbench_garbage(void)
{
	static const char *const bad[][2] = {
		{ "dbench version 4.00\n   2  100  1.0 MB/sec  execute 1 sec  latency 1 ms\nhello world\n",
		  "x.log:3: not a dbench line" },
		{ "hello\n", "x.log:1: not a dbench log" },
		{ "dbench version 4.00\n   2  100  1.0 MB/sec  execute 1 sec  latency 1 ms\nThroughput many MB/sec\n",
		  "x.log:3: bad Throughput line" },
		{ "dbench version 4.00\n   2  100  1.0 MB/sec  execute 1 sec  latency 1 ms\n   2  100  1.0 MB/sec  warmup 1 sec  latency 1 ms\n",
		  "x.log:3: warmup line after execute" },
		{ "dbench version 4.00\nRunning for 6 seconds\n", "x.log:2: no dbench results" },
		{ "dbench version 4.00\n   2  100  1.0 MB/sec  execute 1 sec  latency 1 ms\n Operation Count AvgLat MaxLat\nPer client results:\nClient 1 did 5 lines and 0 bytes\n",
		  "x.log:5: bad per-client line (want 'Client 0" },
		{ "dbench version 4.00\n   2  100  1.0 MB/sec  execute 1 sec  latency 1 ms\n Operation Count AvgLat MaxLat\nPer client results:\nClient 0 did many lines\n",
		  "x.log:5: bad per-client line" },
		{ "dbench version 4.00\n   2  100  1.0 MB/sec  execute 1 sec  latency 1 ms\n Operation Count AvgLat MaxLat\nPer client results:\n WriteX 3 -nan 1.0\n",
		  "x.log:5: not a dbench line" },
		{ "dbench version 4.00\n   2  100  1.0 MB/sec  execute 1 sec  latency 1 ms\nThroughput 1 MB/sec  2 clients  2 procs  max_latency=1.000 ms\nmore\n",
		  "x.log:4: text after the Throughput" },
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct wbf_dbench d = { 0 };
		struct wbf_err e = { "" };

		expect_msg(wbf_dbench_parse(&d, "x.log", bad[i][0],
					    strlen(bad[i][0]), &e), &e, bad[i][1]);
		wbf_dbench_free(&d);
	}
}

struct rec_log {
	struct blk_io_trace t[16];
	unsigned char pdu[16][20];
	int n;
};

static int record(void *ctx, const struct blk_io_trace *t,
		  const unsigned char *pdu)
{
	struct rec_log *l = ctx;

	if (l->n < 16) {
		l->t[l->n] = *t;
		memcpy(l->pdu[l->n], pdu, t->pdu_len < 20 ? t->pdu_len : 20);
		l->n++;
	}
	return 0;
}

static void test_blkparse_text(void)
{
	static const char text[] =
		"  8,0    0        1     0.000000000  1000  A   W 2048 + 8 <- (8,1) 0\n"
		"  8,0    0        2     0.000000050  1000  Q   W 2048 + 8 [dbench cli]\n"
		"  8,0    0        3     0.000000150  1000  G   W 2048 + 8 [dbench cli]\n"
		"  8,0    0        4     0.000000200  1000  P   N [dbench cli]\n"
		"  8,0    0        5     0.000000300  1000  U   N [dbench cli] 1\n"
		"  8,0    1        1     0.000100000   321  D   WS 2048 + 8 [kworker/1:1H]\n"
		"  8,0    1        2     0.001637530     0  C   WS 2048 + 8 [5]\n"
		"  8,0    1        3     0.002000000    77  Q FWS [jbd2/sda1-8]\n"
		"  8,0    1        0     0.002500000     0  m   N cfq3 slice expired\n"
		"\n"
		"CPU0 (sda):\n"
		" Reads Queued:           0,        0KiB\t Writes Queued:          14,     1092KiB\n"
		"Throughput (R/W): 0KiB/s / 99157KiB/s\n";
	struct rec_log l = { .n = 0 };
	struct wbf_err e = { "" };
	uint64_t n = 0;
	int i, comm = -1;

	CHECK(wbf_blkparse_text_read("t.txt", text, sizeof(text) - 1, NULL, record,
				     &l, &n, &e) == 0);
	CHECK_EQ_U64(n, 9);
	/* A, comm, Q, G, P, U, comm, D, C, comm, Q, m: 12 records */
	CHECK_EQ_U64(l.n, 12);
	CHECK(l.t[0].action == (BLK_TA_REMAP | BLK_TC_ACT(BLK_TC_WRITE)));
	CHECK(l.t[0].pdu_len == 16 && l.pdu[0][3] == 1 && l.pdu[0][15] == 0 &&
	      l.pdu[0][7] == 0 && l.pdu[0][5] == 0x80);	/* 8,0 BE: 0x00800000 */
	for (i = 0; i < l.n; i++)
		if (l.t[i].action == BLK_TN_PROCESS && comm < 0)
			comm = i;
	CHECK(comm == 1 && !strcmp((char *)l.pdu[comm], "dbench cli"));
	CHECK(l.t[2].action == (BLK_TA_QUEUE | BLK_TC_ACT(BLK_TC_WRITE)));
	CHECK(l.t[2].sector == 2048 && l.t[2].bytes == 4096 && l.t[2].pid == 1000);
	CHECK(l.t[8].action == (BLK_TA_COMPLETE |
				BLK_TC_ACT(BLK_TC_WRITE | BLK_TC_SYNC)));
	CHECK(l.t[8].time == 1637530 && l.t[8].error == 5 && l.t[8].cpu == 1);
	CHECK(l.t[10].bytes == 0 && (l.t[10].action >> 16) & BLK_TC_FLUSH);
	CHECK(l.t[11].action == BLK_TN_MESSAGE &&
	      !memcmp(l.pdu[11], "cfq3 slice expired", 18));

	l.n = 0;
	expect_msg(wbf_blkparse_text_read("t.txt", "  8,0 0 1 0.1 5 Q W 1 + 8 [a]\nfoo\n",
					  33, NULL, record, &l, &n, &e), &e,
		   "t.txt:2: not a blkparse event line");
	expect_msg(wbf_blkparse_text_read("t.txt", "  8,0 0 1 0.1 5 Z W 1 + 8 [a]\n",
					  30, NULL, record, &l, &n, &e), &e,
		   "t.txt:1: unknown action 'Z'");
	expect_msg(wbf_blkparse_text_read("t.txt", "  8,0 0 1 0.1 5 Q W 1 + 8 [a] junk\n",
					  35, NULL, record, &l, &n, &e), &e,
		   "t.txt:1: unexpected text");
	expect_msg(wbf_blkparse_text_read("t.txt", "\n\n", 2, NULL, record, &l, &n,
					  &e), &e, "t.txt:2: no blkparse event lines");
}

/*
 * A bio queued whole and split by the block layer (X) completes in two
 * requests: both belong to the process that queued it, each with its Q2C.
 * Before X was handled the second request's bytes went to "(unknown)".
 */
static void test_blkparse_split(void)
{
	static const char text[] =
		"  8,0 0 1 0.000000000 1000 Q W 4096 + 512 [dbench]\n"
		"  8,0 0 2 0.000001000 1000 X W 4096 / 4352 [dbench]\n"
		"  8,0 0 3 0.000002000 1000 D W 4096 + 256 [dbench]\n"
		"  8,0 0 4 0.000003000 1000 D W 4352 + 256 [dbench]\n"
		"  8,0 0 5 0.010000000 0 C W 4096 + 256 [0]\n"
		"  8,0 0 6 0.020000000 0 C W 4352 + 256 [0]\n";
	struct wbf_geometry geo = { 0 };
	struct wbf_blkstat bs;
	struct rec_log l = { .n = 0 };
	struct wbf_err e = { "" };
	uint64_t n = 0;
	size_t i;

	CHECK(wbf_blkparse_text_read("s.txt", text, sizeof(text) - 1, NULL, record,
				     &l, &n, &e) == 0);
	/* comm, Q, X, D, D, C, comm, C */
	CHECK(l.n >= 3 && l.t[2].action == (BLK_TA_SPLIT | BLK_TC_ACT(BLK_TC_WRITE)));
	CHECK(l.t[2].sector == 4096 && l.t[2].pdu_len == 8 &&
	      l.pdu[2][6] == 0x11 && l.pdu[2][7] == 0x00);	/* 4352 BE */

	CHECK(wbf_blkstat_init(&bs, &geo, 1000000000ULL) == 0);
	CHECK(wbf_blkparse_text_read("s.txt", text, sizeof(text) - 1, NULL,
				     wbf_blkstat_record, &bs, &n, &e) == 0);
	CHECK(wbf_blkstat_finish(&bs) == 0);
	CHECK_EQ_U64(bs.ndisks, 1);
	CHECK_EQ_U64(bs.disks[0].unmatched, 0);
	CHECK_EQ_U64(bs.disks[0].bytes[WBF_WRITE], 512 * 512);
	CHECK_EQ_U64(bs.q2c.n, 2);
	for (i = 0; i < bs.nprocs; i++) {
		const struct wbf_ent *p = &bs.procs[i];

		CHECK(p->pid == 1000);
		CHECK_EQ_U64(p->bytes[WBF_WRITE], 512 * 512);
		CHECK_EQ_U64(p->reqs[WBF_WRITE], 2);
		CHECK_EQ_U64(p->q2c.n, 2);
	}
	CHECK_EQ_U64(bs.nprocs, 1);
	wbf_blkstat_free(&bs);
	wbf_geometry_free(&geo);
}

static const struct wbf_ftrace_count *count_of(const struct wbf_ftrace *ft,
					       const char *ev, const char *dev)
{
	size_t i;

	for (i = 0; i < ft->ncounts; i++)
		if (!strcmp(ft->counts[i].event, ev) &&
		    !strcmp(ft->counts[i].dev, dev))
			return &ft->counts[i];
	return NULL;
}

static void test_ftrace(void)
{
	struct wbf_ftrace ft = { 0 };
	struct wbf_ftrace_line l;
	struct wbf_file f;
	struct wbf_err e;
	char line[256];

	CHECK(wbf_file_map(&f, TD "trace-cmd-report.txt", &e) == 0);
	CHECK(wbf_ftrace_parse(&ft, f.name, f.data, f.len, &e) == 0);
	wbf_file_unmap(&f);
	/* the sample: 6 x (start, queue_io, written), 5 bdp, bprint, print */
	CHECK_EQ_U64(ft.events, 25);
	CHECK_EQ_U64(ft.writeback_events, 23);
	CHECK_EQ_U64(ft.bdp_events, 5);
	CHECK_EQ_U64(ft.bdp_paused, 3);
	CHECK(ft.bdp_pause_ms == 40);
	CHECK(count_of(&ft, "writeback_start", "")->count == 6);
	CHECK(count_of(&ft, "writeback_start", "bdi 8:0")->count == 6);
	CHECK(count_of(&ft, "writeback_start", "sb 8:1")->count == 3);
	CHECK(count_of(&ft, "writeback_written", "sb 8:2")->count == 3);
	CHECK(count_of(&ft, "bprint:wb_writeback", "")->count == 1);
	CHECK(count_of(&ft, "print:tracing_mark_write", "")->count == 1);
	CHECK_EQ_U64(ft.first_ns, 100000000000ULL);
	wbf_ftrace_free(&ft);

	CHECK(wbf_file_map(&f, TD "tracefs-trace.txt", &e) == 0);
	CHECK(wbf_ftrace_parse(&ft, f.name, f.data, f.len, &e) == 0);
	wbf_file_unmap(&f);
	CHECK_EQ_U64(ft.events, 4);
	CHECK_EQ_U64(ft.bdp_paused, 1);
	CHECK(count_of(&ft, "wb_writeback", "") != NULL);
	wbf_ftrace_free(&ft);

	/* pid: the LAST -digits before [cpu]; comm keeps dashes and spaces */
	snprintf(line, sizeof(line), " a-b c-d-77-5678 (   5678) [001] .....   200.200000: writeback_written: bdi 8:0: sb_dev 8:2 nr_pages=0");
	CHECK(wbf_ftrace_parse_line(line, &l) == 0);
	CHECK(!strcmp(l.comm, "a-b c-d-77") && l.pid == 5678 && l.cpu == 1);
	CHECK(l.ts_ns == 200200000000ULL && !strcmp(l.event, "writeback_written"));
	CHECK(wbf_ftrace_field(l.msg, "nr_pages", line, sizeof(line)) &&
	      !strcmp(line, "0"));
	snprintf(line, sizeof(line), "      my-tool -x-4242  [000] 103.000000: bprint:              wb_writeback: wrote");
	CHECK(wbf_ftrace_parse_line(line, &l) == 0);
	CHECK(!strcmp(l.comm, "my-tool -x") && l.pid == 4242 &&
	      !strcmp(l.event, "bprint:wb_writeback") && !strcmp(l.msg, "wrote"));

	expect_msg(wbf_ftrace_parse(&ft, "tr.txt", "cpus=2\n\nnot an event\n", 22,
				    &e), &e, "tr.txt:3: not a trace event line");
	wbf_ftrace_free(&ft);
	expect_msg(wbf_ftrace_parse(&ft, "tr.txt", "  x-1 [000] 1.0 ev: a\n", 22,
				    &e), &e, "tr.txt:1:");
	wbf_ftrace_free(&ft);
}

static void test_fio(void)
{
	struct wbf_fio fio = { 0 };
	struct wbf_fio_bwlog bw = { 0 };
	const char *js;
	struct wbf_file f;
	struct wbf_err e;
	double *v;
	size_t n;

	CHECK(wbf_file_map(&f, TD "fio.sda.json", &e) == 0);
	CHECK(wbf_fio_json_parse(&fio, f.name, f.data, f.len, &e) == 0);
	wbf_file_unmap(&f);
	/* values as Python's json module reads them from the sample */
	CHECK_EQ_U64(fio.njobs, 2);
	CHECK(!strcmp(fio.jobs[0].name, "sda1") && !strcmp(fio.jobs[1].name, "sda2"));
	CHECK_EQ_U64(fio.jobs[0].dir[1].io_bytes, 4742774784ULL);
	CHECK_EQ_U64(fio.jobs[1].dir[1].io_bytes, 5486215168ULL);
	CHECK_EQ_U64(fio.jobs[0].dir[1].bw_kib, 2314650);
	CHECK_EQ_U64(fio.jobs[0].dir[1].bw_bytes, 2370202290ULL);
	CHECK_EQ_U64(fio.jobs[0].dir[1].runtime_ms, 2001);
	CHECK(fio.jobs[0].dir[1].clat_p50_ns == 6112);
	CHECK(fio.jobs[0].dir[1].clat_p99_ns == 48384);
	CHECK_EQ_U64(fio.jobs[0].dir[0].io_bytes, 0);
	CHECK(!strcmp(fio.version, "fio-3.33"));
	wbf_fio_free(&fio);

	expect_msg(wbf_fio_json_parse(&fio, "f.json", "{\n \"jobs\": [\n", 13, &e),
		   &e, "f.json:3: unexpected end of JSON");
	wbf_fio_free(&fio);
	expect_msg(wbf_fio_json_parse(&fio, "f.json", "{\"jobs\": []} x", 14, &e),
		   &e, "f.json:1: text after the JSON");
	wbf_fio_free(&fio);
	expect_msg(wbf_fio_json_parse(&fio, "f.json", "hello\n{}", 8, &e),
		   &e, "f.json:1: not fio JSON");
	wbf_fio_free(&fio);
	js = "{\"jobs\": [{\"jobname\": \"a\", \"read\": {}}]}";
	expect_msg(wbf_fio_json_parse(&fio, "f.json", js, strlen(js), &e), &e,
		   "jobs[0].read: no valid io_bytes");
	wbf_fio_free(&fio);

	CHECK(wbf_file_map(&f, TD "job_bw.1.log", &e) == 0);
	CHECK(wbf_fio_bwlog_parse(&bw, f.name, f.data, f.len, &e) == 0);
	wbf_file_unmap(&f);
	CHECK_EQ_U64(bw.n, 7);
	CHECK(wbf_fio_bwlog_series(&bw, 1, 1000000000, &v, &n) == 0);
	CHECK_EQ_U64(n, 2);	/* last sample at 1754 ms */
	/*
	 * Samples at 254, 504, 754, 1004 ... ms, each holding since the one
	 * before: second 0 gets 254 ms of the first, 250 of the next two and
	 * 246 of the fourth, whose last 4 ms fall in second 1 (KiB = 1024).
	 */
	CHECK_NEAR(v[0], (1773354.0 * 254 + 1894912.0 * 250 + 2306570.0 * 250 +
			  2376192.0 * 246) / 1000 * 1024 / 1e6, 1e-12);
	CHECK_NEAR(v[1], (2376192.0 * 4 + 2476465.0 * 250 + 2638336.0 * 250 +
			  2639421.0 * 250) / 1000 * 1024 / 1e6, 1e-12);
	free(v);
	/* half-second intervals: 4 of them, the same bytes in total */
	CHECK(wbf_fio_bwlog_series(&bw, 1, 500000000, &v, &n) == 0);
	CHECK_EQ_U64(n, 4);
	CHECK_NEAR((v[0] + v[1] + v[2] + v[3]) * 0.5,
		   (1773354.0 * 254 + (1894912.0 + 2306570 + 2376192 + 2476465 +
				       2638336 + 2639421) * 250) / 1000 * 1024 / 1e6,
		   1e-12);
	free(v);
	wbf_fio_bwlog_free(&bw);
	expect_msg(wbf_fio_bwlog_parse(&bw, "b.log", "1, 2, 1, 0\n1, 2\n", 16, &e),
		   &e, "b.log:2: want");
	wbf_fio_bwlog_free(&bw);
}

static void test_geometry(void)
{
	static const char geo[] =
		"# name dev disk start sectors\n"
		"sda 8,0 sda 0 156250000\n"
		"sda1 8,1 sda 2048 52428800   # first\n"
		"\n"
		"sda2 8,2 sda 52430848 52428800\n";
	struct wbf_geometry g = { 0 };
	struct wbf_err e = { "" };
	int i1;

	CHECK(wbf_geometry_parse(&g, "geo", geo, sizeof(geo) - 1, &e) == 0);
	CHECK_EQ_U64(g.n, 3);
	i1 = wbf_geometry_lookup(&g, MKDEV(8, 0), 2048);
	CHECK(i1 >= 0 && !strcmp(g.v[i1].name, "sda1"));
	CHECK(wbf_geometry_lookup(&g, MKDEV(8, 0), 52430847) == i1);
	CHECK(!strcmp(g.v[wbf_geometry_lookup(&g, MKDEV(8, 0), 52430848)].name,
		      "sda2"));
	CHECK(wbf_geometry_lookup(&g, MKDEV(8, 0), 100) == WBF_GEO_OTHER);
	CHECK(wbf_geometry_lookup(&g, MKDEV(8, 0), 52430848ULL + 52428800) ==
	      WBF_GEO_OTHER);
	/* a partition traced by itself: its own device, sector ignored */
	CHECK(wbf_geometry_lookup(&g, MKDEV(8, 2), 7) ==
	      wbf_geometry_lookup(&g, MKDEV(8, 0), 52430848));
	CHECK(wbf_geometry_lookup(&g, MKDEV(8, 16), 0) == WBF_GEO_WHOLE);
	CHECK(!strcmp(wbf_geometry_dev_name(&g, MKDEV(8, 0)), "sda"));
	wbf_geometry_free(&g);

	expect_msg(wbf_geometry_parse(&g, "geo", "a 8,1 sda 0 100\nb 8,2 sda 50 100\n",
				      32, &e), &e, "geo:2: b overlaps a");
	wbf_geometry_free(&g);
	expect_msg(wbf_geometry_parse(&g, "geo", "a 8,1 sda 0 100\na 8,2 sda 500 100\n",
				      33, &e), &e, "geo:2: device name a given twice");
	wbf_geometry_free(&g);
	expect_msg(wbf_geometry_parse(&g, "geo", "\n\na 8:1 sda 0 100\n", 18, &e),
		   &e, "geo:3: bad device number");
	wbf_geometry_free(&g);
	expect_msg(wbf_geometry_parse(&g, "geo", "sda 8,0 sda 5 100\n", 18, &e),
		   &e, "geo:1: a whole disk starts at sector 0");
	wbf_geometry_free(&g);
	expect_msg(wbf_geometry_parse(&g, "geo", "a 8,1 sda 0 100 7\n", 18, &e),
		   &e, "geo:1: unexpected text");
	wbf_geometry_free(&g);

	CHECK(wbf_geometry_add_option(&g, "sdb1=8,17:2048:1000", &e) == 0);
	CHECK(wbf_geometry_add_option(&g, "8,18:3048:1000", &e) == 0);
	CHECK(!strcmp(g.v[1].name, "8,18") && g.v[1].start == 3048);
	/* --part applies to whichever disk is traced */
	CHECK(wbf_geometry_lookup(&g, MKDEV(8, 16), 2500) == 0);
	expect_msg(wbf_geometry_add_option(&g, "8,19:3500:10", &e), &e,
		   "overlaps");
	expect_msg(wbf_geometry_add_option(&g, "x=8,19", &e), &e,
		   "--part x=8,19: want");
	wbf_geometry_free(&g);
}

static void test_dirty_rules(void)
{
	static const char vm_before[] =
		"nr_free_pages 100000\nnr_dirty 100\nnr_writeback 20\n"
		"nr_dirtied 1000\nnr_dirty_threshold 20000\n"
		"nr_dirty_background_threshold 10000\n";
	static const char vm_small[] =
		"nr_dirty 50\nnr_writeback 0\nnr_dirtied 5000\n"
		"nr_dirty_threshold 21000\nnr_dirty_background_threshold 10500\n";
	static const char vm_big[] =
		"nr_dirty 50\nnr_writeback 0\nnr_dirtied 400000\n"
		"nr_dirty_threshold 21000\nnr_dirty_background_threshold 10500\n";
	struct wbf_summary s;
	struct wbf_vmstat b, a;
	struct wbf_ftrace ft = { 0 };
	struct wbf_dirty d;
	struct wbf_err e = { "" };
	const char *js = "{\"producer\": \"wbsim\", \"dirty_limit_hit\": true, "
			 "\"dirty_throttle_events\": 12, \"other\": [1, 2]}";

	CHECK(wbf_summary_parse(&s, "summary.json", js, strlen(js), &e) == 0);
	wbf_dirty_decide(&d, &s, NULL, NULL, NULL);
	CHECK(d.state == WBF_DIRTY_HIT && d.has_events && d.events == 12);
	/* schema wbsim-summary/1's names; the old one above still read */
	js = "{\"producer\": \"qemu\", \"dirty_limit_hit\": true, "
	     "\"throttle_events_total\": 7, \"throttled_task_seconds_total\": 1.5}";
	CHECK(wbf_summary_parse(&s, "summary.json", js, strlen(js), &e) == 0);
	CHECK(s.has_throttled_s && s.throttled_s == 1.5);
	wbf_dirty_decide(&d, &s, NULL, NULL, NULL);
	CHECK(d.state == WBF_DIRTY_HIT && d.has_events && d.events == 7);
	js = "{\"throttled_task_seconds_total\": \"x\"}";
	CHECK(wbf_summary_parse(&s, "summary.json", js, strlen(js), &e) == -EINVAL);
	js = "{\"dirty_limit_hit\": false}";
	CHECK(wbf_summary_parse(&s, "summary.json", js, strlen(js), &e) == 0);
	wbf_dirty_decide(&d, &s, NULL, NULL, NULL);
	CHECK(d.state == WBF_DIRTY_NOT_HIT);
	js = "{\"dirty_limit_hit\": \"yes\"}";
	expect_msg(wbf_summary_parse(&s, "summary.json", js, strlen(js), &e), &e,
		   "\"dirty_limit_hit\" is not true or false");
	js = "{\"a\": 1,\n\"b\": }";
	expect_msg(wbf_summary_parse(&s, "summary.json", js, strlen(js), &e), &e,
		   "summary.json:2:");

	/* ftrace: a pause decides; writeback events without one say no */
	ft.writeback_events = 10;
	ft.bdp_paused = 3;
	wbf_dirty_decide(&d, NULL, &ft, NULL, NULL);
	CHECK(d.state == WBF_DIRTY_HIT && d.events == 3);
	ft.bdp_paused = 0;
	wbf_dirty_decide(&d, NULL, &ft, NULL, NULL);
	CHECK(d.state == WBF_DIRTY_NOT_HIT);
	ft.writeback_events = 0;
	wbf_dirty_decide(&d, NULL, &ft, NULL, NULL);
	CHECK(d.state == WBF_DIRTY_UNKNOWN);

	/* vmstat: 100 + 20 + 4000 dirtied < (20000 + 10000) / 2 */
	CHECK(wbf_vmstat_parse(&b, "vmstat.before", vm_before,
			       sizeof(vm_before) - 1, &e) == 0);
	CHECK(wbf_vmstat_parse(&a, "vmstat.after", vm_small,
			       sizeof(vm_small) - 1, &e) == 0);
	wbf_dirty_decide(&d, NULL, NULL, &b, &a);
	CHECK(d.state == WBF_DIRTY_NOT_HIT);
	CHECK(strstr(d.why, "at most 4120 dirty pages < freerun point 15000"));
	CHECK(wbf_vmstat_parse(&a, "vmstat.after", vm_big, sizeof(vm_big) - 1,
			       &e) == 0);
	wbf_dirty_decide(&d, NULL, NULL, &b, &a);
	CHECK(d.state == WBF_DIRTY_UNKNOWN);
	wbf_dirty_decide(&d, NULL, NULL, NULL, NULL);
	CHECK(d.state == WBF_DIRTY_UNKNOWN);
	expect_msg(wbf_vmstat_parse(&a, "vmstat.after", "nr_dirty 5\nnr_dirtied x\n",
				    23, &e), &e, "vmstat.after:2: want 'name value'");
}

int main(void)
{
	test_dbench();
	test_dbench_per_client();
	test_dbench_garbage();
	test_blkparse_text();
	test_blkparse_split();
	test_ftrace();
	test_fio();
	test_geometry();
	test_dirty_rules();
	return check_status("test_wbfair_text");
}
