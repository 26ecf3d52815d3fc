// SPDX-License-Identifier: GPL-2.0
/*
 * common/parse.c: the one decimal and fixed-point reader of the trace and
 * log formats, under each format's rules.
 */
#include <errno.h>
#include <string.h>

#include "wb/blkparse.h"
#include "wb/parse.h"
#include "check.h"

static int fixed(const char *s, const struct wb_fixed_fmt *f, uint64_t *v)
{
	return wb_parse_fixed(s, s + strlen(s), f, v);
}

static void test_dec(void)
{
	uint64_t v = 7;

	CHECK(wb_parse_dec("0", "0" + 1, 10, &v) == 0 && v == 0);
	CHECK(wb_parse_dec("0010", "0010" + 4, 10, &v) == 0 && v == 10);
	CHECK(wb_parse_dec("11", "11" + 2, 10, &v) == -ERANGE);
	CHECK(wb_parse_dec("", "", 10, &v) == -EINVAL);
	CHECK(wb_parse_dec("1x", "1x" + 2, 10, &v) == -EINVAL);
	CHECK(wb_parse_dec("-1", "-1" + 2, 10, &v) == -EINVAL);
	CHECK(wb_parse_dec("18446744073709551615", "18446744073709551615" + 20,
			   UINT64_MAX, &v) == -ERANGE);	/* 20 digits */
	CHECK(wb_parse_dec("9999999999999999999", "9999999999999999999" + 19,
			   UINT64_MAX, &v) == 0 && v == 9999999999999999999ULL);
}

static void test_fixed(void)
{
	static const struct wb_fixed_fmt ms = {
		.frac_digits = 6, .extra = WB_EXTRA_ROUND, .max_int = 1000,
	};
	static const struct wb_fixed_fmt strict = {
		.frac_digits = 9, .extra = WB_EXTRA_REFUSE, .max_int = 1000,
	};
	uint64_t v;

	/* DiskSim milliseconds: either part may be missing, a 7th digit rounds */
	CHECK(fixed("1.5", &ms, &v) == 0 && v == 1500000);
	CHECK(fixed(".5", &ms, &v) == 0 && v == 500000);
	CHECK(fixed("2", &ms, &v) == 0 && v == 2000000);
	CHECK(fixed("0.0000005", &ms, &v) == 0 && v == 1);
	CHECK(fixed("0.0000004", &ms, &v) == 0 && v == 0);
	CHECK(fixed("0.00000049", &ms, &v) == 0 && v == 0);
	CHECK(fixed("0.0000004x", &ms, &v) == -EINVAL);
	CHECK(fixed("", &ms, &v) == -EINVAL);
	CHECK(fixed(".", &ms, &v) == -EINVAL);
	CHECK(fixed("1001.0", &ms, &v) == -ERANGE);
	CHECK(fixed("1.2.3", &ms, &v) == -EINVAL);
	/* blkparse seconds: a 10th digit is an error */
	CHECK(fixed("1.000000001", &strict, &v) == 0 && v == 1000000001);
	CHECK(fixed("1.0000000010", &strict, &v) == -EINVAL);
}

static void test_secs_ns(void)
{
	const char *s;
	uint64_t v;

	s = "12.5 rest";
	CHECK(wb_parse_secs_ns(&s, &v) && v == 12500000000ULL && *s == ' ');
	s = "0.1234567891:";	/* past the 9th digit: read, dropped */
	CHECK(wb_parse_secs_ns(&s, &v) && v == 123456789 && *s == ':');
	s = "5 x";
	CHECK(!wb_parse_secs_ns(&s, &v) && *s == '5');
	s = "5.";
	CHECK(!wb_parse_secs_ns(&s, &v));
	s = ".5";
	CHECK(!wb_parse_secs_ns(&s, &v));
	s = "18000000001.0";
	CHECK(!wb_parse_secs_ns(&s, &v));
	s = "18000000000.999999999";
	CHECK(wb_parse_secs_ns(&s, &v) && v == 18000000000999999999ULL);
	s = "42x";
	CHECK(wb_parse_u64(&s, &v) && v == 42 && *s == 'x');
	s = "x";
	CHECK(!wb_parse_u64(&s, &v));
}

static void test_blkparse_head(void)
{
	static const struct wb_bp_rules rules = {
		.cpu_max = 255, .time = &wb_fmt_secs_ns,
	};
	struct wb_bp_head h;
	struct wb_bp_fail f;

	CHECK(wb_blkparse_head("  8,16   1   42   12.000000500  1012  Q  WS 40 + 8 [dbench]",
			       &rules, &h, &f) == 0);
	CHECK(h.major == 8 && h.minor == 16 && h.cpu == 1 && h.seq == 42);
	CHECK(h.time == 12000000500ULL && h.pid == 1012);
	CHECK(h.act_end - h.act == 1 && *h.act == 'Q');
	CHECK(h.rwbs_end - h.rwbs == 2 && !strncmp(h.rwbs, "WS", 2));
	CHECK(!strcmp(h.rwbs_end, " 40 + 8 [dbench]"));
	/* which field failed, and how */
	CHECK(wb_blkparse_head("8:0 1 2 0.5 1 Q W", &rules, &h, &f) == -EINVAL);
	CHECK(f.field == WB_BP_DEV && f.tok_end - f.tok == 3);
	CHECK(wb_blkparse_head("4096,0 1 2 0.5 1 Q W", &rules, &h, &f) == -EINVAL);
	CHECK(f.field == WB_BP_DEV);
	CHECK(wb_blkparse_head("8,0 256 2 0.5 1 Q W", &rules, &h, &f) == -ERANGE);
	CHECK(f.field == WB_BP_CPU && !strncmp(f.tok, "256", 3));
	CHECK(wb_blkparse_head("8,0 1 2 5 1 Q W", &rules, &h, &f) == -EINVAL);
	CHECK(f.field == WB_BP_TIME);
	CHECK(wb_blkparse_head("8,0 1 2 0.5 4294967296 Q W", &rules, &h, &f) == -ERANGE);
	CHECK(f.field == WB_BP_PID);
	CHECK(wb_blkparse_head("8,0 1 2 0.5 1 Q", &rules, &h, &f) == -ENODATA);
	CHECK(f.field == WB_BP_RWBS);
	CHECK(wb_blkparse_head("8,0 1", &rules, &h, &f) == -ENODATA);
	CHECK(f.field == WB_BP_SEQ);
}

int main(void)
{
	test_blkparse_head();
	test_dec();
	test_fixed();
	test_secs_ns();
	return check_status("test_parse");
}
