// SPDX-License-Identifier: GPL-2.0
/*
 * dbench_parse: how fast a dbench loadfile parses. Parses the file N
 * times and prints the ops, paths and the best and mean time per parse;
 * a checksum of the ops keeps the work honest and lets runs be compared.
 *
 *   dbench_parse [-n N] [LOADFILE]     (default: dbench's client.txt)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../sim/workload/dbench-loadfile.h"

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t checksum(const struct dbench_loadfile *lf)
{
	uint64_t sum = 0;

	for (uint32_t i = 0; i < lf->nr_ops; i++) {
		const struct dbench_op *op = &lf->ops[i];

		sum = sum * 31 + op->type + op->path * 7 + op->path2 * 11 +
		      (uint32_t)op->fnum * 13 + op->rw.offset + op->rw.size +
		      op->rw.ret_size + op->status;
	}
	return sum;
}

int main(int argc, char **argv)
{
	const char *path = DBENCH_LOADFILE_DEFAULT;
	double best = 1e9, total = 0;
	struct dbench_loadfile lf;
	uint64_t sum = 0;
	int n = 10;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-n") && i + 1 < argc) {
			n = atoi(argv[++i]);
		} else if (argv[i][0] == '-') {
			fprintf(stderr, "usage: dbench_parse [-n N] [LOADFILE]\n");
			return 2;
		} else {
			path = argv[i];
		}
	}
	if (n < 1)
		n = 1;
	for (int i = 0; i < n; i++) {
		double t0 = now_s(), dt;

		if (dbench_loadfile_load(&lf, path)) {
			fprintf(stderr, "dbench_parse: %s\n", lf.err);
			return 2;
		}
		dt = now_s() - t0;
		total += dt;
		if (dt < best)
			best = dt;
		sum = checksum(&lf);
		if (i + 1 < n)
			dbench_loadfile_free(&lf);
	}
	printf("%s: %u lines, %u ops, %u paths, %u statuses; %d parses: best %.3f s, mean %.3f s (%.2f M lines/s), checksum %016llx\n",
	       path, lf.nr_lines, lf.nr_ops, lf.nr_paths, lf.nr_status, n,
	       best, total / n, lf.nr_lines / best / 1e6,
	       (unsigned long long)sum);
	dbench_loadfile_free(&lf);
	return 0;
}
