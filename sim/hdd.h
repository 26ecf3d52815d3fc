/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The rotational disk model's geometry and timing, exposed so tests can
 * check the model against first principles (seek curve, zone rates,
 * rotational position) without going through a request queue.
 */
#ifndef WBSIM_HDD_H
#define WBSIM_HDD_H

#include <math.h>

#include "disk.h"

#define HDD_MAX_ZONES	64

enum hdd_seek_model {
	HDD_SEEK_LEE,		/* Lee's three-point curve */
	HDD_SEEK_TWO_REGIME,	/* Ruemmler & Wilkes: sqrt short, linear long */
};

/* Where an LBA lives. */
struct hdd_chs {
	uint32_t cyl;
	uint32_t head;
	uint32_t sector;	/* index on its track, in LBA order */
	uint32_t slot;		/* angular position: sector + track skew */
	unsigned int zone;
};

struct hdd_zone_info {
	sector_t first_lba;
	sector_t nr_sectors;
	uint32_t first_cyl;
	uint32_t nr_cyls;
	uint32_t spt;		/* sectors per track */
	uint32_t skew;		/* track skew, in sectors */
	double rate;		/* sustained sequential rate, MB/s */
};

/*
 * Model internals, shared by hdd.c (mechanics, read-ahead, write cache)
 * and hdd-geometry.c (zone table, seek curve, [hdd] options).
 */

/* the [hdd] section */
struct hdd_params {
	unsigned int rpm;
	unsigned int heads;
	unsigned int zones;
	double outer_rate;		/* MB/s */
	double inner_rate;
	int seek_model;
	sim_time_t seek_min, seek_avg, seek_max;
	sim_time_t write_settle;
	sim_time_t track_switch;
	unsigned int rw_boundary;	/* cylinders; 0: a fifth of the stroke */
	double rw_a, rw_b, rw_c, rw_e;	/* ms; all 0: derived */
};

extern const struct opt_table hdd_opt_table;

struct hdd_zone {
	sector_t first_lba;
	sector_t nr_sectors;
	uint32_t first_cyl;
	uint32_t spt;
	uint32_t skew;
	double rate;
};

struct hdd_extent {
	sector_t lba;
	uint64_t nr;
};

struct hdd {
	const struct hdd_params *p;
	struct hdd_zone zone[HDD_MAX_ZONES];
	unsigned int nr_zones;
	uint32_t cyls_per_zone, nr_cyls;
	sector_t total;			/* LBAs of the geometry >= capacity */
	sim_time_t rot;			/* ns per revolution */
	double sa, sb, sc, se;		/* seek coefficients, ns */
	uint32_t boundary;		/* two-regime: last short distance */
	double bus_ns_per_sector;
	/* the mechanism */
	uint32_t cyl, head;		/* where the last media op left it */
	sim_time_t free_at;		/* end of the last media op */
	sim_time_t host_until;		/* end of the last host command */
	/* read-ahead: [base, end) buffered at ra_time, going on to limit */
	bool ra_valid;
	sector_t ra_base, ra_end, ra_limit;
	sim_time_t ra_time;
	sector_t ra_max;		/* buffer size in sectors */
	/* write-behind FIFO of dirty extents */
	struct hdd_extent *wc;
	uint32_t wc_cap, wc_head, wc_nr;
	sector_t wc_dirty, wc_max;
};

int hdd_setup_layout(struct disk *d, struct hdd *h);

/* The zone holding @lba: binary search over at most HDD_MAX_ZONES. */
static inline const struct hdd_zone *hdd_zone_of(const struct hdd *h,
						  sector_t lba)
{
	unsigned int lo = 0, hi = h->nr_zones - 1;

	while (lo < hi) {
		unsigned int mid = (lo + hi + 1) / 2;

		if (h->zone[mid].first_lba <= lba)
			lo = mid;
		else
			hi = mid - 1;
	}
	return &h->zone[lo];
}

static inline void hdd_locate(const struct hdd *h, sector_t lba,
			      struct hdd_chs *l)
{
	const struct hdd_zone *z = hdd_zone_of(h, lba);
	sector_t off = lba - z->first_lba;
	uint64_t track = off / z->spt;

	l->zone = z - h->zone;
	l->sector = off % z->spt;
	l->cyl = z->first_cyl + track / h->p->heads;
	l->head = track % h->p->heads;
	l->slot = (l->sector + (uint64_t)z->skew * (track % z->spt)) % z->spt;
}

/* Seek time over @dist cylinders, reads (writes add write_settle). */
static inline sim_time_t hdd_seek(const struct hdd *h, uint32_t dist)
{
	double x = dist, v;

	if (!dist)
		return 0;
	if (h->p->seek_model == HDD_SEEK_LEE)
		v = h->sa * sqrt(x - 1) + h->sb * (x - 1) + h->sc;
	else if (dist <= h->boundary)
		v = h->sa + h->sb * sqrt(x);
	else
		v = h->sc + h->se * x;
	return v > 0 ? (sim_time_t)llround(v) : 0;
}

uint32_t hdd_nr_cylinders(const struct disk *d);
unsigned int hdd_nr_zones(const struct disk *d);
sim_time_t hdd_rotation_time(const struct disk *d);
sim_time_t hdd_seek_time(const struct disk *d, uint32_t distance);
int hdd_lba_to_chs(const struct disk *d, sector_t lba, struct hdd_chs *chs);
int hdd_zone_info(const struct disk *d, unsigned int zone,
		  struct hdd_zone_info *zi);
double hdd_zone_rate(const struct disk *d, unsigned int zone);

#endif
