// SPDX-License-Identifier: GPL-2.0
/*
 * common/parse.c: the one decimal and fixed-point reader of the trace and
 * log formats, under each format's rules.
 */
#include <errno.h>
#include <string.h>

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

int main(void)
{
	test_dec();
	test_fixed();
	test_secs_ns();
	return check_status("test_parse");
}
