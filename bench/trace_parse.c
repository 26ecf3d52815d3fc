// SPDX-License-Identifier: GPL-2.0
/*
 * trace_parse: how fast the trace readers go. Reads a trace with
 * trace_reader_next() and prints the records, the time taken and the
 * rate; a checksum of the records keeps the work from being optimised
 * away and lets two runs be compared.
 *
 *   gen_trace -n 1000000 -o t.disksim && trace_parse t.disksim
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../sim/workload/trace_input.h"

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	enum trace_format format = TRACE_FMT_AUTO;
	struct trace_reader r;
	struct trace_record rec;
	uint64_t sum = 0;
	double t0, dt;
	int ret;

	if (argc == 3 && !trace_format_parse(argv[2], &format))
		argc--;
	if (argc != 2 || !strcmp(argv[1], "--help")) {
		fprintf(stderr, "usage: trace_parse TRACE [auto|disksim|blkparse]\n");
		return 2;
	}
	if (trace_reader_open(&r, argv[1], format)) {
		fprintf(stderr, "trace_parse: %s\n", r.err);
		return 2;
	}
	t0 = now_s();
	while ((ret = trace_reader_next(&r, &rec)) > 0)
		sum = sum * 31 + rec.time + rec.sector * 7 + rec.nr_sectors +
		      rec.flags;
	dt = now_s() - t0;
	if (ret < 0) {
		fprintf(stderr, "trace_parse: %s\n", r.err);
		trace_reader_close(&r);
		return 2;
	}
	printf("%s: %llu records (%s, %lu lines) in %.3f s: %.2f M records/s, checksum %016llx\n",
	       argv[1], (unsigned long long)r.nr_records,
	       trace_format_name(r.format), r.lineno, dt,
	       dt > 0 ? r.nr_records / dt / 1e6 : 0.0,
	       (unsigned long long)sum);
	trace_reader_close(&r);
	return 0;
}
