/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The rotational disk model's geometry and timing, exposed so tests can
 * check the model against first principles (seek curve, zone rates,
 * rotational position) without going through a request queue.
 */
#ifndef WBSIM_HDD_H
#define WBSIM_HDD_H

#include <math.h>
#include <stdio.h>

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

struct hdd_ds;
struct hdd_ds_state;

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
	/* a drive from DiskSim's files: hdd-ds.c does the timing */
	struct hdd_ds *ds;
	struct hdd_ds_state *dss;
	/* write-behind FIFO of dirty extents */
	struct hdd_extent *wc;
	uint32_t wc_cap, wc_head, wc_nr;
	sector_t wc_dirty, wc_max;
};

int hdd_setup_layout(struct disk *d, struct hdd *h);

/*
 * A drive described the way DiskSim describes it (read from DiskSim's
 * files by disksim-disk.c, modelled by hdd-ds.c): explicit zones with
 * their own skews and slipped tracks, a seek curve or measured table,
 * per-command overheads, a segmented cache, bus times per block. Times
 * are ns. When struct hdd's ds is set, hdd.c hands every request to
 * hdd-ds.c and none of the [hdd] derived geometry is used.
 */
#define HDD_DS_MAX_SEEK	1024

enum hdd_ds_seek {
	HDD_DS_SEEK_HPL,	/* a + b sqrt(d) below a boundary, c + e d after */
	HDD_DS_SEEK_HPL10,	/* the same with the first ten distances given */
	HDD_DS_SEEK_TABLE,	/* measured (distance, time), interpolated */
};

struct hdd_ds_zone {
	uint32_t first_cyl, last_cyl;
	uint32_t spt;			/* blocks per track */
	uint32_t first_slot;		/* angle of the zone's first block */
	uint32_t deadspace;		/* blocks unused at the zone's front */
	uint32_t spare_tracks;		/* at the zone's end */
	uint32_t track_skew, cyl_skew;	/* in blocks of this zone */
	uint32_t *slips;		/* slipped tracks, zone-relative, sorted */
	uint32_t nr_slips;
	sector_t first_lba, nr_lba;	/* derived */
	sim_time_t sector_ns;		/* derived: rotation / spt, rounded */
};

/* command overhead by [this command write][cache hit][previous was a write] */
struct hdd_ds {
	uint32_t surfaces, cyls;
	sector_t blocks;		/* addressable: what the zones hold */
	sector_t zone_blocks;
	struct hdd_ds_zone *zone;
	unsigned int nr_zones;
	int seek_type;
	uint32_t hpl_boundary;
	double hpl[4];			/* ns: a, b (ns per sqrt cyl), c, e */
	sim_time_t first10[10];
	sim_time_t seek_one;		/* hpl: seek(1) when given apart */
	uint32_t nr_seek;
	uint32_t seek_dist[HDD_DS_MAX_SEEK];
	sim_time_t seek_ns[HDD_DS_MAX_SEEK];
	sim_time_t head_switch;
	int64_t write_settle;		/* signed: DEC RZ26 settles -0.483 ms */
	double rpm;
	sim_time_t rot;
	sim_time_t overhead[2][2][2];
	sim_time_t complete[2];		/* read, write completion overhead */
	sim_time_t bus_block[2];	/* bus time per block, read, write */
	double read_watermark;		/* reconnect once this part of a read is in */
	sim_time_t reselect;		/* reconnecting to the bus for the data */
	sim_time_t data_prep;		/* before the first data goes out */
	unsigned int nr_segments;	/* cache segments, write one included */
	uint32_t segment_size;		/* blocks */
	bool write_segment;		/* a segment kept for writes */
	uint32_t ra_max;		/* blocks of read-ahead past a request */
	bool read_hit_on_write;		/* reads hit on data just written */
	bool fast_write;		/* complete writes once buffered */
};

int hdd_ds_load(const char *path, struct hdd_ds **out, FILE *warn);
int hdd_ds_load_text(const char *name, const char *text, size_t len,
		     struct hdd_ds **out, FILE *warn);
int hdd_ds_init(struct disk *d, struct hdd *h);
void hdd_ds_exit(struct hdd *h);
sim_time_t hdd_ds_access(struct disk *d, struct hdd *h,
			 const struct request *rq, sim_time_t now);
sim_time_t hdd_ds_position_time(struct disk *d, struct hdd *h,
				const struct request *rq, sim_time_t now);
void hdd_ds_free(struct hdd_ds *ds);
int hdd_ds_setup(struct hdd_ds *ds, char *err, size_t errlen);
sim_time_t hdd_ds_seek(const struct hdd_ds *ds, uint32_t dist);
void hdd_ds_lba_to_chs(const struct hdd_ds *ds, sector_t lba,
		       struct hdd_chs *chs);

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
