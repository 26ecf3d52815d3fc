// SPDX-License-Identifier: GPL-2.0
/* In-flight I/O keyed by (device, sector); see sectmap.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sectmap.h"
#include "util.h"

static inline size_t sect_hash(const struct wbf_sectmap *m, uint32_t dev,
			       uint64_t sector)
{
	uint64_t h = (sector ^ ((uint64_t)dev << 40)) * 0x9e3779b97f4a7c15ULL;

	return (size_t)(h >> 32) & (m->nbuckets - 1);
}

/* Double the bucket array and relink every live entry. */
static int sectmap_rehash(struct wbf_sectmap *m)
{
	size_t nb = m->nbuckets ? m->nbuckets * 2 : 1024, old = m->nbuckets;
	uint32_t *ob = m->buckets, *nbk;
	size_t i;

	nbk = malloc(nb * sizeof(*nbk));
	if (!nbk)
		return -ENOMEM;
	for (i = 0; i < nb; i++)
		nbk[i] = WBF_SECT_NIL;
	m->buckets = nbk;
	m->nbuckets = nb;
	for (i = 0; i < old; i++) {
		uint32_t x = ob[i];

		while (x != WBF_SECT_NIL) {
			struct wbf_sect_ent *en = &m->ents[x];
			uint32_t next = en->next;
			size_t h = sect_hash(m, en->dev, en->sector);

			en->next = nbk[h];
			nbk[h] = x;
			x = next;
		}
	}
	free(ob);
	return 0;
}

/* Link a new entry with insertion number @seq. */
static int sectmap_insert(struct wbf_sectmap *m, uint32_t dev, uint64_t sector,
			  uint64_t time, uint32_t nr_sects, uint32_t pid,
			  uint64_t seq)
{
	struct wbf_sect_ent *en;
	uint32_t x;
	size_t h;

	if (m->live + 1 > m->nbuckets && sectmap_rehash(m))
		return -ENOMEM;
	if (m->free_head) {
		x = m->free_head - 1;
		m->free_head = m->ents[x].next;
	} else {
		if (m->nents >= WBF_SECT_NIL - 1)
			return -ENOMEM;
		if (WBF_GROW(m->ents, m->cap, m->nents + 1))
			return -ENOMEM;
		x = m->nents++;
	}
	en = &m->ents[x];
	h = sect_hash(m, dev, sector);
	*en = (struct wbf_sect_ent){
		.dev = dev, .sector = sector, .time = time,
		.nr_sects = nr_sects, .pid = pid, .seq = seq,
		.next = m->buckets[h],
	};
	m->buckets[h] = x;
	m->live++;
	return 0;
}

/**
 * wbf_sectmap_put() - remember an in-flight bio or request
 * @m: map
 * @dev: device
 * @sector: first sector
 * @time: when it was queued or issued
 * @nr_sects: length in sectors
 * @pid: who queued it
 *
 * Return: 0 or -ENOMEM.
 */
int wbf_sectmap_put(struct wbf_sectmap *m, uint32_t dev, uint64_t sector,
		    uint64_t time, uint32_t nr_sects, uint32_t pid)
{
	int ret = sectmap_insert(m, dev, sector, time, nr_sects, pid, m->seq);

	if (!ret)
		m->seq++;
	return ret;
}

/* The link to the oldest entry of (dev, sector), or NULL when none. */
static uint32_t *sectmap_oldest(struct wbf_sectmap *m, uint32_t dev,
				uint64_t sector)
{
	uint32_t *link, *best = NULL;
	uint32_t x;

	if (!m->live)
		return NULL;
	link = &m->buckets[sect_hash(m, dev, sector)];
	for (x = *link; x != WBF_SECT_NIL; link = &m->ents[x].next, x = *link) {
		struct wbf_sect_ent *en = &m->ents[x];

		if (en->sector == sector && en->dev == dev &&
		    (!best || en->seq < m->ents[*best].seq))
			best = link;
	}
	return best;
}

/**
 * wbf_sectmap_take() - remove and return the oldest entry for a sector
 * @m: map
 * @dev: device
 * @sector: sector
 * @out: the entry, copied
 *
 * Return: true if there was one.
 */
bool wbf_sectmap_take(struct wbf_sectmap *m, uint32_t dev, uint64_t sector,
		      struct wbf_sect_ent *out)
{
	uint32_t *best = sectmap_oldest(m, dev, sector);
	uint32_t x;

	if (!best)
		return false;
	x = *best;
	*out = m->ents[x];
	*best = m->ents[x].next;
	m->ents[x].next = m->free_head;
	m->free_head = x + 1;
	m->live--;
	return true;
}

/**
 * wbf_sectmap_split() - cut the oldest entry of a sector in two
 * @m: map
 * @dev: device
 * @sector: first sector of the entry
 * @new_sector: where its second part starts
 *
 * The block layer splits a bio that is too big for the queue's limits
 * after the bio was queued (blktrace X): the front part keeps the sector,
 * the rest is resubmitted at @new_sector and completes in a request of its
 * own. Both parts were queued at the entry's time by the entry's process,
 * and the rest keeps the entry's place in the FIFO order.
 *
 * Return: 1 if the entry was split, 0 if there is no entry for @sector
 * or @new_sector is not inside it, -ENOMEM.
 */
int wbf_sectmap_split(struct wbf_sectmap *m, uint32_t dev, uint64_t sector,
		      uint64_t new_sector)
{
	uint32_t *link = sectmap_oldest(m, dev, sector), best, rest;
	struct wbf_sect_ent *en;
	int ret;

	if (!link)
		return 0;
	best = *link;
	if (new_sector <= sector ||
	    new_sector - sector >= m->ents[best].nr_sects)
		return 0;
	en = &m->ents[best];
	rest = en->nr_sects - (uint32_t)(new_sector - sector);
	/* insert() may move the pool: keep the index, not the pointer */
	ret = sectmap_insert(m, dev, new_sector, en->time, rest, en->pid,
			     en->seq);
	if (ret)
		return ret;
	m->ents[best].nr_sects -= rest;
	return 1;
}

/**
 * wbf_sectmap_free() - release a map
 * @m: map
 */
void wbf_sectmap_free(struct wbf_sectmap *m)
{
	free(m->buckets);
	free(m->ents);
	memset(m, 0, sizeof(*m));
}
