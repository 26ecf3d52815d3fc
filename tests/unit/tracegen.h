/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test-only blktrace writer: a synthetic whole-disk trace of two or more
 * partitions with a known split, written in the real binary format
 * (include/blktrace_api.h) in either byte order, to NAME.blktrace.CPU.
 *
 * The workload: requests arrive every `gap_ns`; request k goes to the
 * partition picked by a weighted round robin (weights w_i: the first w_0
 * requests of each cycle to partition 0, the next w_1 to partition 1 ...),
 * so the byte split is known exactly. Each request is one bio, or two
 * (Q then M) every `merge_every`-th request, of 8 to 256 sectors (or
 * `fixed_sects`); each bio is remapped (A) from
 * its partition when `remap` is set. The device serves up to `depth`
 * requests at once: D_k = max(ready_k, C_{k-depth}), C_k = D_k + service_k
 * (service = 100 us + bytes / 100 MB/s).
 *
 * While generating, the writer records the truth the analysis must find:
 * bytes per partition and per pid, every bio's Q2C time, and the device's
 * busy time computed as the union of [D, C] intervals by sorting and
 * merging (a brute-force reference independent of wbfair's in-flight
 * counting).
 *
 * Not part of wbfair: the simulator has its own writer (sim/block/blktrace.c).
 */
#ifndef WBFAIR_TEST_TRACEGEN_H
#define WBFAIR_TEST_TRACEGEN_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blktrace_api.h"
#include "wb/geometry.h"
#include "wb/kdev_t.h"

#define TG_MAX_PARTS	8
#define TG_MAX_CPUS	16
#define TG_PART_SECTORS	52428800ULL	/* 25 GiB partitions */
#define TG_DISK_DEV	((8U << 20) | 0)	/* 8,0 */
#define TG_PART_DEV(i)	((8U << 20) | ((i) + 1))	/* 8,1 ... */

struct tg_params {
	unsigned int cpus;
	unsigned int nparts;
	unsigned int weights[TG_MAX_PARTS];
	uint64_t part_start[TG_MAX_PARTS];	/* disk sectors */
	uint64_t requests;
	unsigned int merge_every;	/* 0: never */
	unsigned int read_every;	/* 0: no reads */
	unsigned int depth;
	unsigned int fixed_sects;	/* 0: bio sizes 8..256 sectors, random */
	uint64_t gap_ns;
	uint64_t base_ns;		/* time of the first record */
	bool big_endian;
	bool remap;
	bool notify;
	uint64_t seed;
};

struct tg_truth {
	uint64_t written[TG_MAX_PARTS], read[TG_MAX_PARTS];
	uint64_t pid_written[TG_MAX_PARTS];	/* pid of partition i = 1000 + i */
	uint64_t busy_ns;
	uint64_t first_ns, last_ns;
	uint64_t records;
	double *q2c;			/* ns, one per bio */
	size_t nq2c;
};

struct tg_ev {
	uint64_t time, order;
	uint64_t sector;
	uint32_t bytes, action, pid, dev, cpu;
	uint16_t pdu_len;
	unsigned char pdu[16];
};

struct tg {
	struct tg_ev *ev;
	size_t n, cap;
	uint64_t order;
};

static inline void tg_default(struct tg_params *p)
{
	memset(p, 0, sizeof(*p));
	p->cpus = 2;
	p->nparts = 2;
	p->weights[0] = p->weights[1] = 1;
	p->part_start[0] = 2048;
	p->part_start[1] = 2048 + 52428800;
	p->requests = 1000;
	p->merge_every = 3;
	p->depth = 2;
	p->gap_ns = 1000000;
	p->base_ns = 5000000000ULL;
	p->remap = true;
	p->notify = true;
	p->seed = 1;
}

static inline uint64_t tg_rand(uint64_t *s)
{
	/* xorshift64*: deterministic, seeded; tests must not use rand() */
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

static inline int tg_add(struct tg *g, uint64_t time, uint32_t cpu,
			 uint64_t sector, uint32_t bytes, uint32_t action,
			 uint32_t pid, uint32_t dev, const void *pdu,
			 uint16_t pdu_len)
{
	struct tg_ev *e;

	if (g->n == g->cap) {
		size_t ncap = g->cap ? g->cap * 2 : 4096;
		void *p = realloc(g->ev, ncap * sizeof(*g->ev));

		if (!p)
			return -ENOMEM;
		g->ev = p;
		g->cap = ncap;
	}
	e = &g->ev[g->n++];
	memset(e, 0, sizeof(*e));
	e->time = time;
	e->order = g->order++;
	e->cpu = cpu;
	e->sector = sector;
	e->bytes = bytes;
	e->action = action;
	e->pid = pid;
	e->dev = dev;
	e->pdu_len = pdu_len;
	if (pdu_len)
		memcpy(e->pdu, pdu, pdu_len);
	return 0;
}

static inline int tg_cmp_ev(const void *a, const void *b)
{
	const struct tg_ev *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static inline int tg_cmp_u64pair(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;

	return x[0] < y[0] ? -1 : x[0] > y[0];
}

static inline void tg_put32(unsigned char *p, uint32_t v, bool big)
{
	int i;

	for (i = 0; i < 4; i++)
		p[i] = big ? v >> (24 - 8 * i) : v >> (8 * i);
}

static inline void tg_put64(unsigned char *p, uint64_t v, bool big)
{
	int i;

	for (i = 0; i < 8; i++)
		p[i] = big ? v >> (56 - 8 * i) : v >> (8 * i);
}

static inline void tg_put16(unsigned char *p, uint16_t v, bool big)
{
	p[0] = big ? v >> 8 : v;
	p[1] = big ? v : v >> 8;
}

/* Encode one record header (48 bytes) in the chosen byte order. */
static inline void tg_encode(unsigned char *h, const struct tg_ev *e,
			     uint32_t seq, bool big)
{
	tg_put32(h + 0, BLK_IO_TRACE_MAGIC | BLK_IO_TRACE_VERSION, big);
	tg_put32(h + 4, seq, big);
	tg_put64(h + 8, e->time, big);
	tg_put64(h + 16, e->sector, big);
	tg_put32(h + 24, e->bytes, big);
	tg_put32(h + 28, e->action, big);
	tg_put32(h + 32, e->pid, big);
	tg_put32(h + 36, e->dev, big);
	tg_put32(h + 40, e->cpu, big);
	tg_put16(h + 44, 0, big);
	tg_put16(h + 46, e->pdu_len, big);
}

/* Build the event list and the truth. */
static inline int tg_build(const struct tg_params *p, struct tg *g,
			   struct tg_truth *tr)
{
	uint64_t rng = p->seed * 0x9e3779b97f4a7c15ULL + 1, k;
	uint64_t cursor[TG_MAX_PARTS], *cdone, (*busy)[2];
	unsigned int cycle = 0, wsum = 0, i;
	uint64_t t;
	size_t nq = 0;

	memset(tr, 0, sizeof(*tr));
	for (i = 0; i < p->nparts; i++) {
		wsum += p->weights[i];
		cursor[i] = p->part_start[i];
	}
	cdone = calloc(p->requests + 1, sizeof(*cdone));
	busy = calloc(p->requests + 1, sizeof(*busy));
	tr->q2c = calloc(2 * p->requests + 1, sizeof(*tr->q2c));
	if (!cdone || !busy || !tr->q2c || !wsum)
		return -ENOMEM;
	if (p->notify) {
		for (i = 0; i < p->nparts; i++) {
			char comm[16] = { 0 };

			snprintf(comm, sizeof(comm), "dbench-p%u", i % 10);
			tg_add(g, p->base_ns, 0, 0, 0, BLK_TN_PROCESS,
			       1000 + i, TG_DISK_DEV, comm, 16);
		}
	}
	for (k = 0; k < p->requests; k++) {
		unsigned int part = 0, acc = 0, nbio, b;
		uint32_t pid, rw, cpu, act;
		uint64_t ready, d, c, sect0, nsect = 0, tq[2];
		bool is_read = p->read_every && (k % p->read_every) ==
						p->read_every - 1;

		for (i = 0; i < p->nparts; i++) {
			acc += p->weights[i];
			if (cycle < acc) {
				part = i;
				break;
			}
		}
		cycle = (cycle + 1) % wsum;
		pid = 1000 + part;
		cpu = pid % p->cpus;
		rw = BLK_TC_ACT(is_read ? BLK_TC_READ : BLK_TC_WRITE);
		nbio = p->merge_every && k % p->merge_every == 0 ? 2 : 1;
		t = p->base_ns + 1000 + k * p->gap_ns;
		sect0 = cursor[part];
		for (b = 0; b < nbio; b++) {
			uint64_t ns = p->fixed_sects ? p->fixed_sects :
				      8 * (1 + tg_rand(&rng) % 32);
			uint64_t s = sect0 + nsect;
			unsigned char rp[16];

			tq[b] = t + b * 2000 + 100;
			if (p->remap) {
				tg_put32(rp, TG_PART_DEV(part), true);
				tg_put32(rp + 4, TG_DISK_DEV, true);
				tg_put64(rp + 8, s - p->part_start[part], true);
				tg_add(g, tq[b] - 50, cpu, s, ns * 512,
				       BLK_TA_REMAP | rw, pid, TG_DISK_DEV, rp, 16);
			}
			tg_add(g, tq[b], cpu, s, ns * 512, BLK_TA_QUEUE | rw,
			       pid, TG_DISK_DEV, NULL, 0);
			if (b == 0) {
				tg_add(g, tq[b] + 100, cpu, s, ns * 512,
				       BLK_TA_GETRQ | rw, pid, TG_DISK_DEV, NULL, 0);
				tg_add(g, tq[b] + 200, cpu, s, ns * 512,
				       BLK_TA_INSERT | rw, pid, TG_DISK_DEV, NULL, 0);
			} else {
				tg_add(g, tq[b] + 100, cpu, s, ns * 512,
				       BLK_TA_BACKMERGE | rw, pid, TG_DISK_DEV,
				       NULL, 0);
			}
			nsect += ns;
		}
		cursor[part] += nsect;
		ready = tq[nbio - 1] + 5000;
		d = ready;
		if (k >= p->depth && cdone[k - p->depth] > d)
			d = cdone[k - p->depth];
		c = d + 100000 + nsect * 512 * 10;	/* 100 MB/s = 10 ns/B */
		cdone[k] = c;
		busy[k][0] = d;
		busy[k][1] = c;
		act = rw | BLK_TC_ACT(BLK_TC_FS);
		tg_add(g, d, (uint32_t)(k % p->cpus), sect0, nsect * 512,
		       BLK_TA_ISSUE | act, pid, TG_DISK_DEV, NULL, 0);
		tg_add(g, c, (uint32_t)(k % p->cpus), sect0, nsect * 512,
		       BLK_TA_COMPLETE | act, 0, TG_DISK_DEV, NULL, 0);
		if (is_read)
			tr->read[part] += nsect * 512;
		else
			tr->written[part] += nsect * 512;
		if (!is_read)
			tr->pid_written[part] += nsect * 512;
		for (b = 0; b < nbio; b++)
			tr->q2c[nq++] = (double)(c - tq[b]);
	}
	tr->nq2c = nq;
	qsort(g->ev, g->n, sizeof(*g->ev), tg_cmp_ev);
	tr->first_ns = g->ev[0].time;
	tr->last_ns = g->ev[g->n - 1].time;
	tr->records = g->n;
	/* busy time: union of [D, C] by sort and merge */
	qsort(busy, p->requests, sizeof(*busy), tg_cmp_u64pair);
	{
		uint64_t lo = busy[0][0], hi = busy[0][1];

		for (k = 1; k < p->requests; k++) {
			if (busy[k][0] > hi) {
				tr->busy_ns += hi - lo;
				lo = busy[k][0];
				hi = busy[k][1];
			} else if (busy[k][1] > hi) {
				hi = busy[k][1];
			}
		}
		tr->busy_ns += hi - lo;
	}
	free(cdone);
	free(busy);
	return 0;
}

/* Write NAME.blktrace.0 .. NAME.blktrace.(cpus-1). */
static inline int tg_write(const struct tg_params *p, const struct tg *g,
			   const char *name)
{
	FILE *f[TG_MAX_CPUS];
	uint32_t seq[TG_MAX_CPUS] = { 0 };
	unsigned int c;
	size_t i;
	int ret = 0;

	for (c = 0; c < p->cpus; c++) {
		char path[4096];

		snprintf(path, sizeof(path), "%s.blktrace.%u", name, c);
		f[c] = fopen(path, "wb");
		if (!f[c]) {
			while (c--)
				fclose(f[c]);
			return -errno;
		}
	}
	for (i = 0; i < g->n; i++) {
		const struct tg_ev *e = &g->ev[i];
		unsigned char h[48];

		tg_encode(h, e, ++seq[e->cpu], p->big_endian);
		if (fwrite(h, 48, 1, f[e->cpu]) != 1 ||
		    (e->pdu_len &&
		     fwrite(e->pdu, e->pdu_len, 1, f[e->cpu]) != 1))
			ret = -EIO;
	}
	for (c = 0; c < p->cpus; c++)
		if (fclose(f[c]))
			ret = -EIO;
	return ret;
}

static inline void tg_free(struct tg *g, struct tg_truth *tr)
{
	free(g->ev);
	memset(g, 0, sizeof(*g));
	free(tr->q2c);
	tr->q2c = NULL;
}

/*
 * The geometry file of a generated trace: the disk sda (8,0) and its
 * partitions at p->part_start, TG_PART_SECTORS each, as a run directory's.
 * Return: 0 or -errno.
 */
static inline int tg_write_geometry(const struct tg_params *p, const char *path)
{
	FILE *f = fopen(path, "w");
	unsigned int i;
	int ret;

	if (!f)
		return -errno;
	ret = wb_geometry_write_header(f);
	if (!ret)
		ret = wb_geometry_write_line(f, "sda", TG_DISK_DEV, "sda", 0,
					     2048 + (uint64_t)p->nparts * TG_PART_SECTORS);
	for (i = 0; i < p->nparts && !ret; i++) {
		char name[16];

		snprintf(name, sizeof(name), "sda%u", i + 1);
		ret = wb_geometry_write_line(f, name, TG_PART_DEV(i), "sda",
					     p->part_start[i], TG_PART_SECTORS);
	}
	if (fclose(f) && !ret)
		ret = -errno;
	return ret;
}

#endif
