// SPDX-License-Identifier: GPL-2.0
/* Records no kernel writes; see record_check.h for what and why. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "record_check.h"

/* the kernel's BLK_TC_FUA: blkparse prints it as a second 'F' */
#define TC_FUA	(1u << 15)

struct wbf_rec_clock_ent {
	uint64_t key;		/* dev << 32 | cpu */
	bool used;
	struct wbf_rec_clock clk;
};

/* The whole disk's size in sectors for a record's device, or 0. */
static uint64_t disk_sectors(const struct wbf_geometry *geo, uint32_t dev)
{
	uint32_t disk = dev;
	size_t i;

	if (!geo)
		return 0;
	for (i = 0; i < geo->n; i++)
		if (!geo->v[i].is_disk && geo->v[i].dev == dev &&
		    geo->v[i].disk_dev) {
			disk = geo->v[i].disk_dev;
			break;
		}
	for (i = 0; i < geo->n; i++)
		if (geo->v[i].is_disk && geo->v[i].dev == disk)
			return geo->v[i].nr_sects;
	return 0;
}

/**
 * wbf_record_check() - refuse a record no kernel writes
 * @clk: the clock of the record's CPU stream (updated)
 * @geo: the layout, for the disks' sizes; may be NULL
 * @t: the record, in host byte order
 * @why: receives what is wrong, without the file and place
 * @size: of @why
 *
 * Return: 0, or -EINVAL with @why set.
 */
int wbf_record_check(struct wbf_rec_clock *clk, const struct wbf_geometry *geo,
		     const struct blk_io_trace *t, char *why, size_t size)
{
	uint32_t cats = t->action >> BLK_TC_SHIFT;
	uint64_t end, disk;

	if (cats & BLK_TC_NOTIFY)
		return 0;
	if (clk->seen && t->time < clk->last) {
		snprintf(why, size,
			 "time %llu.%09llu s is before %llu.%09llu s, the previous record of CPU %u of %u,%u (the kernel writes each CPU's records in time order)",
			 (unsigned long long)(t->time / 1000000000),
			 (unsigned long long)(t->time % 1000000000),
			 (unsigned long long)(clk->last / 1000000000),
			 (unsigned long long)(clk->last % 1000000000),
			 t->cpu, MAJOR(t->device), MINOR(t->device));
		return -EINVAL;
	}
	clk->last = t->time;
	clk->seen = true;
	if ((t->action & 0xffff) != __BLK_TA_QUEUE || (cats & BLK_TC_PC))
		return 0;
	if (!t->bytes && (cats & (BLK_TC_READ | BLK_TC_WRITE)) &&
	    !(cats & (BLK_TC_FLUSH | TC_FUA | BLK_TC_DISCARD))) {
		snprintf(why, size,
			 "a %s queued (Q) with no data at sector %llu (only flushes and discards carry none)",
			 cats & BLK_TC_WRITE ? "write" : "read",
			 (unsigned long long)t->sector);
		return -EINVAL;
	}
	end = t->sector + (t->bytes >> 9);
	disk = disk_sectors(geo, t->device);
	if (t->bytes && disk && end > disk) {
		snprintf(why, size,
			 "Q of sectors %llu + %u ends beyond the disk of %u,%u, %llu sectors long",
			 (unsigned long long)t->sector, t->bytes >> 9,
			 MAJOR(t->device), MINOR(t->device),
			 (unsigned long long)disk);
		return -EINVAL;
	}
	return 0;
}

static size_t clock_slot(const struct wbf_rec_clocks *m, uint64_t key)
{
	size_t i = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 32) & (m->cap - 1);

	while (m->slot[i].used && m->slot[i].key != key)
		i = (i + 1) & (m->cap - 1);
	return i;
}

/**
 * wbf_rec_clocks_get() - the clock of one (device, CPU) stream
 * @m: the clocks (zeroed to start)
 * @dev: device
 * @cpu: CPU
 *
 * Return: the clock (valid until the next call), or NULL out of memory.
 */
struct wbf_rec_clock *wbf_rec_clocks_get(struct wbf_rec_clocks *m,
					 uint32_t dev, uint32_t cpu)
{
	uint64_t key = (uint64_t)dev << 32 | cpu;
	size_t i;

	/* one CPU's records come in runs: the last stream first */
	if (m->cap && m->slot[m->last].used && m->slot[m->last].key == key)
		return &m->slot[m->last].clk;
	if (m->cap) {
		i = clock_slot(m, key);
		if (m->slot[i].used) {
			m->last = i;
			return &m->slot[i].clk;
		}
	}
	if (2 * (m->used + 1) > m->cap) {
		struct wbf_rec_clocks bigger = { .cap = m->cap ? 2 * m->cap : 16 };

		bigger.slot = calloc(bigger.cap, sizeof(*bigger.slot));
		if (!bigger.slot)
			return NULL;
		for (size_t j = 0; j < m->cap; j++)
			if (m->slot[j].used)
				bigger.slot[clock_slot(&bigger, m->slot[j].key)] =
					m->slot[j];
		bigger.used = m->used;
		free(m->slot);
		*m = bigger;
	}
	i = clock_slot(m, key);
	m->slot[i] = (struct wbf_rec_clock_ent){ .key = key, .used = true };
	m->used++;
	m->last = i;
	return &m->slot[i].clk;
}

/**
 * wbf_rec_clocks_free() - release the clocks
 * @m: the clocks; zeroed, ready for reuse
 */
void wbf_rec_clocks_free(struct wbf_rec_clocks *m)
{
	free(m->slot);
	*m = (struct wbf_rec_clocks){ 0 };
}
