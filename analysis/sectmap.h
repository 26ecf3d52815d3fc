/* SPDX-License-Identifier: GPL-2.0 */
/*
 * In-flight I/O keyed by (device, sector), as btt tracks it: a queued bio
 * (Q) or an issued request (D) waits here until the completion (C) that
 * covers its sector takes it out.
 *
 * Two bios of the same sector can be in flight at once (a rewrite queued
 * before the first write completed); take() returns the OLDEST, so each
 * completion pairs with the first unmatched queueing, FIFO like the device.
 *
 * A chained hash table over an entry pool with a free list: entries are
 * recycled, so a trace of any length costs memory for the in-flight I/O
 * only, and there is no allocation per record once the pool has grown.
 */
/* A zeroed struct wbf_sectmap is an empty map. */
#ifndef WBFAIR_SECTMAP_H
#define WBFAIR_SECTMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct wbf_sect_ent {
	uint64_t sector;
	uint64_t time;
	uint64_t seq;		/* insertion order: FIFO among duplicates */
	uint32_t dev;
	uint32_t nr_sects;
	uint32_t pid;
	uint32_t next;		/* chain (WBF_SECT_NIL ends) or free list */
};

#define WBF_SECT_NIL	UINT32_MAX

struct wbf_sectmap {
	uint32_t *buckets;
	size_t nbuckets;	/* power of two, or 0 before first use */
	struct wbf_sect_ent *ents;
	size_t nents, cap;	/* pool slots used, allocated */
	uint32_t free_head;	/* index + 1 of the first free entry, 0: none */
	size_t live;
	uint64_t seq;
};

int wbf_sectmap_put(struct wbf_sectmap *m, uint32_t dev, uint64_t sector,
		    uint64_t time, uint32_t nr_sects, uint32_t pid);
bool wbf_sectmap_take(struct wbf_sectmap *m, uint32_t dev, uint64_t sector,
		      struct wbf_sect_ent *out);
int wbf_sectmap_split(struct wbf_sectmap *m, uint32_t dev, uint64_t sector,
		      uint64_t new_sector);
void wbf_sectmap_free(struct wbf_sectmap *m);

#endif
