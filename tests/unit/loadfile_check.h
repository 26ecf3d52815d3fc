/* SPDX-License-Identifier: GPL-2.0 */
/* A dbench loadfile that must be refused, with exactly this message. */
#ifndef TESTS_LOADFILE_CHECK_H
#define TESTS_LOADFILE_CHECK_H

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "../../sim/workload/dbench-loadfile.h"
#include "check.h"

static inline void check_loadfile_refused(const char *name, const char *text,
					  size_t len, const char *want)
{
	struct dbench_loadfile lf;
	int ret = dbench_loadfile_parse(&lf, name, text, len);

	CHECK(ret == -EINVAL);
	CHECK_EQ_U64(lf.nr_ops, 0);
	if (strcmp(lf.err, want)) {
		fprintf(stderr, "got  '%s'\nwant '%s'\n", lf.err, want);
		CHECK(0);
	}
	dbench_loadfile_free(&lf);
}

#endif
