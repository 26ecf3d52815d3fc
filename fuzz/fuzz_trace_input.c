// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the trace readers on arbitrary bytes, as DiskSim, as
 * blkparse and auto-detected. Besides not crashing or hanging, every
 * record must be one the format allows and every error must be a
 * "file:line: message".
 *
 *   make build/fuzz/fuzz_trace_input
 *   build/fuzz/fuzz_trace_input -max_total_time=300 fuzz/corpus/fuzz_trace_input
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../sim/workload/trace_input.h"

static void check(bool ok)
{
	if (!ok)
		__builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum trace_format fmts[] = {
		TRACE_FMT_DISKSIM, TRACE_FMT_BLKPARSE, TRACE_FMT_AUTO,
	};

	if (!size)
		return 0;	/* fmemopen() takes no empty buffer */
	for (size_t i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
		FILE *f = fmemopen((void *)data, size, "r");
		struct trace_reader r;
		struct trace_record rec;
		sim_time_t last = 0;
		unsigned long line = 0;
		int ret;

		if (!f)
			return 0;
		if (trace_reader_open_file(&r, f, "fuzz", fmts[i])) {
			fclose(f);
			return 0;
		}
		while ((ret = trace_reader_next(&r, &rec)) > 0) {
			check(rec.nr_sectors > 0);
			check(rec.sector + rec.nr_sectors > rec.sector);
			check(rec.time >= last);
			check(rec.lineno > line && rec.lineno <= r.lineno);
			check(rec.partno <= DISK_MAX_PARTS);
			check(!(rec.flags & ~(REQ_WRITE | REQ_SYNC | REQ_META)));
			check(memchr(rec.comm, 0, sizeof(rec.comm)) != NULL);
			last = rec.time;
			line = rec.lineno;
		}
		/* "fuzz:LINE: ...", or a trace without any request */
		if (ret < 0)
			check((!strncmp(r.err, "fuzz:", 5) &&
			       strstr(r.err + 5, ": ") != NULL) ||
			      (!r.nr_records &&
			       !strncmp(r.err, "fuzz: no requests", 17)));
		else
			check(ret == 0);
		trace_reader_close(&r);
		fclose(f);
	}
	return 0;
}
