/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Minimal test harness: CHECK() records a failure with file:line and goes
 * on; main() returns check_status(): 0 pass, 1 fail (77 = skip, by hand).
 */
#ifndef WBSIM_TEST_CHECK_H
#define WBSIM_TEST_CHECK_H

#include <math.h>
#include <stdio.h>

static int check_failures;

#define CHECK(cond) do {						\
	if (!(cond)) {							\
		fprintf(stderr, "%s:%d: CHECK(%s) failed\n",		\
			__FILE__, __LINE__, #cond);			\
		check_failures++;					\
	}								\
} while (0)

#define CHECK_EQ_U64(a, b) do {						\
	unsigned long long _a = (a), _b = (b);				\
	if (_a != _b) {							\
		fprintf(stderr, "%s:%d: %s == %llu, want %s == %llu\n",	\
			__FILE__, __LINE__, #a, _a, #b, _b);		\
		check_failures++;					\
	}								\
} while (0)

/* |a - b| <= rel * |b| */
#define CHECK_NEAR(a, b, rel) do {					\
	double _a = (a), _b = (b);					\
	if (!(fabs(_a - _b) <= (rel) * fabs(_b))) {			\
		fprintf(stderr, "%s:%d: %s = %.6g, want %.6g within %g%%\n", \
			__FILE__, __LINE__, #a, _a, _b, (rel) * 100.0);	\
		check_failures++;					\
	}								\
} while (0)

static inline int check_status(const char *name)
{
	if (check_failures)
		fprintf(stderr, "%s: %d check(s) failed\n", name, check_failures);
	else
		printf("%s: ok\n", name);
	return check_failures ? 1 : 0;
}

#endif
