// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic request traces (see trace_gen.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "trace_gen.h"

/* The tasks a generated blkparse trace names. */
#define GEN_READER_PID	1001
#define GEN_WRITER_PID	1002

static bool frac_ok(double x)
{
	return x >= 0.0 && x <= 1.0;	/* false for NaN too */
}

/**
 * trace_gen_init - start a trace of @p->nr requests
 * Return: 0, or -EINVAL if a parameter is out of range (a disk smaller
 * than the largest request, a fraction outside [0, 1], a rate <= 0).
 */
int trace_gen_init(struct trace_gen *g, const struct trace_gen_params *p)
{
	if (p->disk_sectors < TRACE_GEN_MAX_SECTORS ||
	    !frac_ok(p->read_frac) || !frac_ok(p->seq_frac) ||
	    !(p->rate > 0.0) || !isfinite(p->rate))
		return -EINVAL;
	memset(g, 0, sizeof(*g));
	g->p = *p;
	rng_init(&g->rng, p->seed, "gen_trace");
	return 0;
}

/**
 * trace_gen_next - the next request, or false after @p->nr of them
 *
 * Draws, in this order: the inter-arrival time (exponential, mean
 * 1/rate), the direction, sequential or random, the size, and for a
 * random request its place.
 */
bool trace_gen_next(struct trace_gen *g, struct trace_record *rec)
{
	const struct trace_gen_params *p = &g->p;
	bool read, seq;
	uint32_t size;
	sector_t sector;

	if (g->done == p->nr)
		return false;
	g->done++;
	g->now += (sim_time_t)llround(rng_exp(&g->rng,
					      (double)NSEC_PER_SEC / p->rate));
	read = rng_double(&g->rng) < p->read_frac;
	seq = rng_double(&g->rng) < p->seq_frac;
	size = TRACE_GEN_PAGE_SECTORS << rng_below(&g->rng,
						   TRACE_GEN_MAX_ORDER + 1);
	if (seq) {
		sector = g->next[!read];
		if (sector + size > p->disk_sectors)
			sector = 0;	/* ran off the end: wrap */
	} else {
		/* a page-aligned place the whole request fits after */
		uint64_t slots = (p->disk_sectors - size) /
				 TRACE_GEN_PAGE_SECTORS + 1;

		sector = rng_below(&g->rng, slots) * TRACE_GEN_PAGE_SECTORS;
	}
	g->next[!read] = sector + size;

	memset(rec, 0, sizeof(*rec));
	rec->time = g->now;
	rec->devt = p->devt;
	rec->sector = sector;
	rec->nr_sectors = size;
	rec->flags = read ? 0 : REQ_WRITE;
	rec->pid = read ? GEN_READER_PID : GEN_WRITER_PID;
	strcpy(rec->comm, read ? "gen-read" : "gen-write");
	rec->lineno = g->done;
	return true;
}

/**
 * trace_record_print - write @rec as one line of @format
 * @seq: the blkparse sequence number to print (ignored for DiskSim)
 *
 * DiskSim: time in ms with 6 decimals (exact ns), device = @rec->partno,
 * flags 1 for a read, 80 (SYNCHRONOUS) for a sync write. blkparse: a Q
 * line in blkparse 1.2's exact default format, on CPU 0.
 * Return: 0, -EINVAL for TRACE_FMT_AUTO, -EIO if the write failed.
 */
int trace_record_print(FILE *f, enum trace_format format,
		       const struct trace_record *rec, uint64_t seq)
{
	char rwbs[4];
	int i = 0, ret;

	switch (format) {
	case TRACE_FMT_DISKSIM:
		ret = fprintf(f, "%" PRIu64 ".%06" PRIu64 " %u %" PRIu64
			      " %u %x\n", (uint64_t)(rec->time / NSEC_PER_MSEC),
			      (uint64_t)(rec->time % NSEC_PER_MSEC), rec->partno,
			      rec->sector, rec->nr_sectors,
			      !(rec->flags & REQ_WRITE) ? DISKSIM_FLAG_READ :
			      (rec->flags & REQ_SYNC) ? DISKSIM_FLAG_SYNC : 0);
		break;
	case TRACE_FMT_BLKPARSE:
		rwbs[i++] = (rec->flags & REQ_WRITE) ? 'W' : 'R';
		if (rec->flags & REQ_SYNC)
			rwbs[i++] = 'S';
		if (rec->flags & REQ_META)
			rwbs[i++] = 'M';
		rwbs[i] = 0;
		ret = fprintf(f, "%3d,%-3d %2d %8d %5d.%09lu %5u %2s %3s %llu + %u [%s]\n",
			      (int)MAJOR(rec->devt), (int)MINOR(rec->devt), 0,
			      (int)seq, (int)(rec->time / NSEC_PER_SEC),
			      (unsigned long)(rec->time % NSEC_PER_SEC),
			      rec->pid, "Q", rwbs,
			      (unsigned long long)rec->sector, rec->nr_sectors,
			      rec->comm);
		break;
	default:
		return -EINVAL;
	}
	return ret < 0 ? -EIO : 0;
}
