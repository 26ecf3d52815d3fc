// SPDX-License-Identifier: GPL-2.0
/*
 * The exact rank-sum test against its definition: known p-values of
 * textbook cases, and for random small samples with ties a brute-force
 * enumeration of every split of the pooled values (ranks computed the
 * slow way: mid-rank = number smaller + (number equal + 1) / 2). And the
 * "METRIC GROUP VALUE" reader's errors carry file:line.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "../../analysis/ranksum.h"
#include "check.h"

static uint64_t lcg(uint64_t *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return *s >> 33;
}

/* the brute force: every subset of size na of the pooled values */
static void brute(const double *v, size_t n, size_t na, double *p, double *u)
{
	double rank[16], wa = 0, mean = na * (n + 1) / 2.0, dev, tail = 0, all = 0;
	size_t i, j;
	unsigned mask;

	for (i = 0; i < n; i++) {
		double less = 0, eq = 0;

		for (j = 0; j < n; j++) {
			less += v[j] < v[i];
			eq += v[j] == v[i];
		}
		rank[i] = less + (eq + 1) / 2;
	}
	for (i = 0; i < na; i++)
		wa += rank[i];
	*u = wa - na * (na + 1) / 2.0;
	dev = fabs(wa - mean);
	for (mask = 0; mask < 1u << n; mask++) {
		double w = 0;

		if ((size_t)__builtin_popcount(mask) != na)
			continue;
		for (i = 0; i < n; i++)
			if (mask & 1u << i)
				w += rank[i];
		all++;
		tail += fabs(w - mean) >= dev - 1e-9;
	}
	*p = tail / all;
}

static void test_known(void)
{
	double a[3] = { 1, 2, 3 }, b[3] = { 4, 5, 6 }, same[3] = { 7, 7, 7 };
	double lo[12], hi[12];
	struct wbf_ranksum r;
	int i;

	CHECK(!wbf_ranksum(a, 3, b, 3, &r));
	/* 2 of the C(6,3) = 20 splits are this extreme */
	CHECK_NEAR(r.p, 0.1, 1e-12);
	CHECK_NEAR(r.p_min, 0.1, 1e-12);
	CHECK(r.u == 0);
	CHECK(!wbf_ranksum(b, 3, a, 3, &r));
	CHECK(r.u == 9);
	CHECK_NEAR(r.p, 0.1, 1e-12);
	/* all equal: every split is as extreme, p = 1 */
	CHECK(!wbf_ranksum(same, 3, same, 3, &r));
	CHECK_NEAR(r.p, 1, 1e-12);
	CHECK(r.u == 4.5);
	/* 12 runs all below 12 others: 2 / C(24, 12) = 2 / 2704156 */
	for (i = 0; i < 12; i++) {
		lo[i] = i;
		hi[i] = 100 + i;
	}
	CHECK(!wbf_ranksum(lo, 12, hi, 12, &r));
	CHECK_NEAR(r.p, 2.0 / 2704156, 1e-9);
	CHECK_EQ_U64(wbf_ranksum(lo, 0, hi, 12, &r), (uint64_t)-EINVAL);
	{
		double big[WBF_RANKSUM_MAX + 1] = { 0 };

		CHECK_EQ_U64(wbf_ranksum(big, 50, big, 51, &r),
			     (uint64_t)-EINVAL);
		CHECK(!wbf_ranksum(big, 50, big, 50, &r));
		CHECK_NEAR(r.p, 1, 1e-9);
	}
}

static void test_brute(void)
{
	uint64_t seed = 7;
	int round;

	for (round = 0; round < 400; round++) {
		size_t n = 2 + lcg(&seed) % 11, na = 1 + lcg(&seed) % (n - 1), i;
		/* few distinct values, so ties are common */
		unsigned levels = 2 + lcg(&seed) % 6;
		double v[16], p, u;
		struct wbf_ranksum r;

		for (i = 0; i < n; i++)
			v[i] = (double)(lcg(&seed) % levels) * 0.25;
		brute(v, n, na, &p, &u);
		CHECK(!wbf_ranksum(v, na, v + na, n - na, &r));
		CHECK_NEAR(r.p, p, 1e-9);
		CHECK(fabs(r.u - u) < 1e-9);
	}
}

static int parse(const char *text, struct wbf_rs_set *s, struct wbf_err *e)
{
	memset(s, 0, sizeof(*s));
	return wbf_rs_parse(s, "in.txt", text, strlen(text), e);
}

static void test_parse(void)
{
	struct wbf_rs_set s;
	struct wbf_err e;

	CHECK(!parse("# c\n\njain wq 0.6\njain bdi 0.7\r\njain wq 0.61\nmb wq 5\n",
		     &s, &e));
	CHECK_EQ_U64(s.n, 2);
	CHECK(!strcmp(s.m[0].name, "jain") && s.m[0].n == 2);
	CHECK_EQ_U64(s.m[0].g[0].n, 2);
	CHECK(s.m[0].g[0].v[1] == 0.61);
	CHECK(!strcmp(s.m[1].g[0].name, "wq"));
	wbf_rs_free(&s);

	CHECK_EQ_U64(parse("jain wq 0.6\njain bdi\n", &s, &e), (uint64_t)-EINVAL);
	CHECK(!strncmp(e.msg, "in.txt:2: ", 10));
	wbf_rs_free(&s);
	CHECK_EQ_U64(parse("jain wq 0.6 7\n", &s, &e), (uint64_t)-EINVAL);
	CHECK(!strncmp(e.msg, "in.txt:1: ", 10));
	wbf_rs_free(&s);
	CHECK_EQ_U64(parse("jain wq nan\n", &s, &e), (uint64_t)-EINVAL);
	wbf_rs_free(&s);
	CHECK_EQ_U64(parse("a234567890123456789012345678901234567890123456789012345678901234 wq 1\n",
			   &s, &e), (uint64_t)-EINVAL);
	wbf_rs_free(&s);
}

int main(void)
{
	test_known();
	test_brute();
	test_parse();
	return check_status("test_wbfair_ranksum");
}
