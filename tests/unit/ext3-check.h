/* SPDX-License-Identifier: GPL-2.0 */
/*
 * check_fs(): ext3_check() as a test check, shared by the allocator tests
 * (ext3's balloc, ext4's mballoc). Include after check.h.
 */
#ifndef WBSIM_TEST_EXT3_CHECK_H
#define WBSIM_TEST_EXT3_CHECK_H

#include <stdio.h>

#include "../../sim/fs/ext3-alloc.h"

static inline void check_fs(const struct ext3_fs *fs)
{
	char err[256];

	if (ext3_check(fs, err, sizeof(err))) {
		fprintf(stderr, "ext3_check: %s\n", err);
		CHECK(0);
	}
}

#endif
