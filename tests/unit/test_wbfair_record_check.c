// SPDX-License-Identifier: GPL-2.0
/*
 * Records no kernel writes (analysis/record_check.c), through both
 * readers: a CPU's time going back, a read or write Q of no bytes, a Q
 * beyond its disk's end (with the geometry's whole-disk line, also for a
 * partition traced by itself) are refused with the exact FILE:LINE or
 * "FILE: record at byte N" message; what real traces hold is accepted:
 * CPUs interleaved out of time order (blkparse's pipe mode), equal
 * times, empty flushes, discards, a Q that ends exactly at the disk's
 * end, and any sector when the disk's size is unknown.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "../../analysis/blkparse_text.h"
#include "../../analysis/blktrace_read.h"
#include "check.h"

static const char geo_text[] =
	"sda 8,0 sda 0 1000000\n"
	"sda1 8,1 sda 2048 500000\n";

static int count_rec(void *ctx, const struct blk_io_trace *t,
		     const unsigned char *pdu)
{
	(void)t;
	(void)pdu;
	++*(int *)ctx;
	return 0;
}

/* blkparse text @text read with @geo (may be NULL): 0 or the message */
static int read_text(const char *text, const struct wbf_geometry *geo,
		     struct wbf_err *e)
{
	int n = 0;

	e->msg[0] = 0;
	return wbf_blkparse_text_read("t.txt", text, strlen(text), geo,
				      count_rec, &n, NULL, e);
}

static void expect_text(const char *text, const struct wbf_geometry *geo,
			const char *want)
{
	struct wbf_err e;
	int ret = read_text(text, geo, &e);

	if (!want) {
		if (ret)
			fprintf(stderr, "refused: %s\n", e.msg);
		CHECK(ret == 0);
		return;
	}
	CHECK(ret == -EINVAL);
	if (strcmp(e.msg, want)) {
		fprintf(stderr, "got  '%s'\nwant '%s'\n", e.msg, want);
		CHECK(0);
	}
}

static void test_text(const struct wbf_geometry *geo)
{
	/* accepted: CPU 1 before CPU 0 in the file, equal times, a flush,
	 * a discard of nothing, the disk's last sectors, a notify line */
	expect_text("  8,0 1 1 0.200000000 5 Q W 100 + 8 [a]\n"
		    "  8,0 0 1 0.100000000 5 Q W 200 + 8 [a]\n"
		    "  8,0 0 2 0.100000000 5 Q FWS 0 + 0 [jbd2]\n"
		    "  8,0 0 3 0.100000000 5 Q D 300 + 0 [a]\n"
		    "  8,0 0 0 0.050000000 0 m N cfq message\n"
		    "  8,0 0 4 0.300000000 5 Q W 999992 + 8 [a]\n", geo, NULL);
	expect_text("  8,0 0 1 0.2 5 Q W 100 + 8 [a]\n"
		    "  8,0 0 2 0.1 5 C W 100 + 8 [0]\n", geo,
		    "t.txt:2: time 0.100000000 s is before 0.200000000 s, the "
		    "previous record of CPU 0 of 8,0 (the kernel writes each "
		    "CPU's records in time order)");
	/* another device's CPU 0 is another stream */
	expect_text("  8,0 0 1 0.2 5 Q W 100 + 8 [a]\n"
		    "  8,16 0 1 0.1 5 Q W 100 + 8 [a]\n", geo, NULL);
	expect_text("  8,0 0 1 0.1 5 Q W 2048 + 0 [a]\n", geo,
		    "t.txt:1: a write queued (Q) with no data at sector 2048 "
		    "(only flushes and discards carry none)");
	expect_text("  8,0 0 1 0.1 5 Q RM 64 + 0 [a]\n", NULL,
		    "t.txt:1: a read queued (Q) with no data at sector 64 "
		    "(only flushes and discards carry none)");
	expect_text("\n  8,0 0 1 0.1 5 Q W 999996 + 8 [a]\n", geo,
		    "t.txt:2: Q of sectors 999996 + 8 ends beyond the disk of "
		    "8,0, 1000000 sectors long");
	/* a partition traced by itself: disk sectors, the disk's size */
	expect_text("  8,1 0 1 0.1 5 Q W 1000000 + 8 [a]\n", geo,
		    "t.txt:1: Q of sectors 1000000 + 8 ends beyond the disk of "
		    "8,1, 1000000 sectors long");
	/* no geometry, or a disk it does not describe: no size to check */
	expect_text("  8,0 0 1 0.1 5 Q W 999996 + 8 [a]\n", NULL, NULL);
	expect_text("  8,16 0 1 0.1 5 Q W 999996 + 8 [a]\n", geo, NULL);
}

static struct blk_io_trace rec(uint64_t time, uint32_t action,
			       uint64_t sector, uint32_t bytes)
{
	return (struct blk_io_trace){
		.magic = BLK_IO_TRACE_MAGIC | BLK_IO_TRACE_VERSION,
		.sequence = 1, .time = time, .sector = sector, .bytes = bytes,
		.action = action, .pid = 5, .device = MKDEV(8, 0),
	};
}

/* two "per-CPU files" of two records each, read: refused with @want,
 * or read whole when @want is NULL */
static void expect_bin(const struct blk_io_trace r[4],
		       const struct wbf_geometry *geo, const char *want)
{
	struct wbf_file f[2] = {
		{ .name = "cpu0", .data = (const void *)&r[0], .len = 2 * sizeof(*r) },
		{ .name = "cpu1", .data = (const void *)&r[2], .len = 2 * sizeof(*r) },
	};
	struct wbf_err e = { "" };
	int n = 0, ret = wbf_bt_read_files(f, 2, geo, count_rec, &n, NULL, &e);

	if (!want) {
		if (ret)
			fprintf(stderr, "refused: %s\n", e.msg);
		CHECK(ret == 0 && n == 4);
		return;
	}
	CHECK(ret == -EINVAL);
	if (strcmp(e.msg, want)) {
		fprintf(stderr, "got  '%s'\nwant '%s'\n", e.msg, want);
		CHECK(0);
	}
}

static void test_binary(const struct wbf_geometry *geo)
{
	const uint32_t w = BLK_TA_QUEUE | BLK_TC_ACT(BLK_TC_WRITE);
	const uint32_t c = BLK_TA_COMPLETE | BLK_TC_ACT(BLK_TC_WRITE);
	const uint32_t flush = BLK_TA_QUEUE |
			       BLK_TC_ACT(BLK_TC_WRITE | BLK_TC_FLUSH);
	struct blk_io_trace r[4] = {
		rec(100, w, 2048, 4096), rec(200, c, 2048, 4096),
		rec(50, flush, 0, 0), rec(200, w, 999992, 4096),
	};

	/* file 1 starts before file 0: merged, not refused */
	expect_bin(r, geo, NULL);
	r[1].time = 99;
	expect_bin(r, geo, "cpu0: record at byte 48: time 0.000000099 s is "
		   "before 0.000000100 s, the previous record of CPU 0 of 8,0 "
		   "(the kernel writes each CPU's records in time order)");
	r[1].time = 200;
	r[2].action = w;
	expect_bin(r, geo, "cpu1: record at byte 0: a write queued (Q) with "
		   "no data at sector 0 (only flushes and discards carry none)");
	r[2].action = flush;
	r[3].sector = 999993;
	expect_bin(r, geo, "cpu1: record at byte 48: Q of sectors 999993 + 8 "
		   "ends beyond the disk of 8,0, 1000000 sectors long");
	expect_bin(r, NULL, NULL);
	/* one file, two CPUs interleaved out of order (blktrace -o -) */
	r[3].sector = 2048;
	r[0].cpu = 1;
	r[0].time = 300;
	expect_bin(r, geo, NULL);
	r[1].cpu = 1;
	expect_bin(r, geo, "cpu0: record at byte 48: time 0.000000200 s is "
		   "before 0.000000300 s, the previous record of CPU 1 of 8,0 "
		   "(the kernel writes each CPU's records in time order)");
}

int main(void)
{
	struct wbf_geometry geo = { 0 };
	struct wbf_err e;

	CHECK(wbf_geometry_parse(&geo, "geo", geo_text, sizeof(geo_text) - 1,
				 &e) == 0);
	test_text(&geo);
	test_binary(&geo);
	wbf_geometry_free(&geo);
	return check_status("test_wbfair_record_check");
}
