/* SPDX-License-Identifier: GPL-2.0 */
/*
 * disk_init() with its stderr sent to a file (or /dev/null): a
 * DiskSim-described drive reports the parameters it does not model there,
 * which is the shell tests' business or one test's assertion, not noise
 * in every unit test's log.
 */
#ifndef TESTS_DISK_STDERR_H
#define TESTS_DISK_STDERR_H

#include <stdio.h>
#include <unistd.h>

#include "../../sim/drivers/disk.h"
#include "check.h"

/* Return: disk_init()'s value; stderr is restored whatever happens. */
static inline int disk_init_stderr_to(const char *path, struct disk *d,
				      struct sim *sim,
				      struct disk_params *p, void *mp)
{
	int saved = dup(2), ret;

	CHECK(saved >= 0);
	CHECK(freopen(path, "w", stderr) != NULL);
	ret = disk_init(d, sim, p, mp, 0);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	return ret;
}

#endif
