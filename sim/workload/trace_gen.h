/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A synthetic request trace for replay benchmarks and tests: Poisson
 * arrivals, a mix of reads and writes, each request either continuing the
 * previous request of its direction (sequential) or at a random aligned
 * place on the disk. Deterministic in the seed (one rng stream).
 *
 * trace_record_print() writes a record in either format trace_input.c
 * reads, so a generated trace reads back to exactly the generated records.
 */
#ifndef WBSIM_TRACE_GEN_H
#define WBSIM_TRACE_GEN_H

#include <stdbool.h>
#include <stdio.h>

#include "lib/rng.h"
#include "trace_input.h"

/* Request sizes: 2^k pages of 4 KiB, k uniform in 0..TRACE_GEN_MAX_ORDER */
#define TRACE_GEN_MAX_ORDER	5
#define TRACE_GEN_PAGE_SECTORS	8
#define TRACE_GEN_MAX_SECTORS	(TRACE_GEN_PAGE_SECTORS << TRACE_GEN_MAX_ORDER)

struct trace_gen_params {
	uint64_t nr;			/* requests */
	uint64_t seed;
	uint64_t disk_sectors;		/* requests stay below this */
	double read_frac;		/* probability a request reads */
	double seq_frac;		/* probability it continues sequentially */
	double rate;			/* mean arrivals per second */
	uint32_t devt;			/* blkparse device, e.g. MKDEV(8, 0) */
};

struct trace_gen {
	struct trace_gen_params p;
	struct rng rng;
	uint64_t done;
	sim_time_t now;
	sector_t next[2];		/* where sequential [read, write] go on */
};

int trace_gen_init(struct trace_gen *g, const struct trace_gen_params *p);
bool trace_gen_next(struct trace_gen *g, struct trace_record *rec);
int trace_record_print(FILE *f, enum trace_format format,
		       const struct trace_record *rec, uint64_t seq);

#endif
