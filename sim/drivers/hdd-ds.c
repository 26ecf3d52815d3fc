// SPDX-License-Identifier: GPL-2.0
/*
 * The timing of a drive described as DiskSim describes it (struct
 * hdd_ds, from disksim-disk.c): used instead of hdd.c's own mechanics
 * when [disk] disksim is set, so the [hdd] drives keep their behaviour.
 *
 * Layout. Zone z holds cylinders first..last; its LBAs start after
 * `deadspace` unused blocks at its front; track t of the zone (t = cyl *
 * surfaces + head, counted on from the zone's first cylinder) holds
 * blocks per track; a slipped track is skipped (every later track moves
 * one on); the spare tracks at the zone's end hold nothing. Block s of
 * physical track (c, h) lies at angle
 *
 *	first_slot + (h + (surfaces - 1) c) track_skew + c cyl_skew + s
 *
 * (mod blocks per track): every head switch costs a track skew, every
 * cylinder switch (surfaces - 1 head positions back to head 0) a
 * cylinder skew, as DiskSim's layout_g1 counts them.
 *
 * Mechanics. A media run goes track by track: reach the track (seek,
 * whose curve is Ruemmler & Wilkes' a + b sqrt(d) / c + e d with the
 * first ten distances given, or a measured table interpolated linearly;
 * a head switch alone; the longer of the two when both change; writes
 * add the signed write settle), wait for the first block's slot, read
 * or write the run on that track.
 *
 * Commands. A command costs its overhead (read/write x cache hit/miss x
 * after a read/after a write), then:
 *  - read hit (in the read segment, already read or still being read
 *    ahead, or in the write segment): the blocks go over the bus as they
 *    are there, one bus block time each;
 *  - read miss: read-ahead stops where it is, the mechanism reads the
 *    blocks, the bus carries each once it is in; afterwards the drive
 *    reads ahead into the segment (up to the maximum read-ahead past the
 *    request, within one segment), until the next command needs the arm;
 *  - write: the data comes over the bus while the arm seeks; the media
 *    write starts at the first pass of the first block's slot after
 *    which the bus keeps ahead of the head (a slow bus costs whole
 *    revolutions, as the real drives showed); complete when on the media
 *    (or once buffered with a fast-write level);
 * then the completion overhead.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hdd.h"

struct hdd_ds_state {
	uint32_t cyl, head;
	sim_time_t mech_free;		/* the arm's last media op ended */
	bool last_write;
	/* read segment: [base, end) in, read-ahead from end on to limit */
	bool ra_valid;
	sector_t ra_base, ra_end, ra_limit;
	sim_time_t ra_time;		/* when [base, end) was in, arm there */
	/* write segment: the last write's blocks */
	bool wr_valid;
	sector_t wr_base, wr_end;
};

struct ds_loc {
	const struct hdd_ds_zone *z;
	uint32_t cyl, head, sector, slot;
	uint32_t left;			/* blocks from this one to the track's end */
};

/**
 * hdd_ds_seek - seek time over @dist cylinders (0: none)
 */
sim_time_t hdd_ds_seek(const struct hdd_ds *ds, uint32_t dist)
{
	double v;

	if (!dist)
		return 0;
	if (ds->seek_type == HDD_DS_SEEK_TABLE) {
		uint32_t lo = 0, hi = ds->nr_seek - 1;
		double d1, d2, t1, t2;

		if (dist <= ds->seek_dist[0])
			lo = 0, hi = 1;
		else if (dist >= ds->seek_dist[hi])
			lo = hi - 1;	/* extrapolated from the last two */
		else
			while (hi - lo > 1) {
				uint32_t mid = (lo + hi) / 2;

				if (ds->seek_dist[mid] <= dist)
					lo = mid;
				else
					hi = mid;
			}
		if (dist == ds->seek_dist[lo])
			return ds->seek_ns[lo];
		d1 = ds->seek_dist[lo];
		d2 = ds->seek_dist[lo + 1];
		t1 = ds->seek_ns[lo];
		t2 = ds->seek_ns[lo + 1];
		v = t1 + (dist - d1) * (t2 - t1) / (d2 - d1);
		return v > 0 ? (sim_time_t)llround(v) : 0;
	}
	if (ds->seek_type == HDD_DS_SEEK_HPL10 && dist <= 10)
		return ds->first10[dist - 1];
	if (dist == 1 && ds->seek_one)
		return ds->seek_one;
	if (dist < ds->hpl_boundary)
		v = ds->hpl[0] + ds->hpl[1] * sqrt((double)dist);
	else
		v = ds->hpl[2] + ds->hpl[3] * dist;
	return (sim_time_t)llround(v);
}

static const struct hdd_ds_zone *ds_zone_of(const struct hdd_ds *ds,
					    sector_t lba)
{
	unsigned int lo = 0, hi = ds->nr_zones - 1;

	while (lo < hi) {
		unsigned int mid = (lo + hi + 1) / 2;

		if (ds->zone[mid].first_lba <= lba)
			lo = mid;
		else
			hi = mid - 1;
	}
	return &ds->zone[lo];
}

static void ds_locate(const struct hdd_ds *ds, sector_t lba, struct ds_loc *l)
{
	const struct hdd_ds_zone *z = ds_zone_of(ds, lba);
	uint64_t rel = lba - z->first_lba + z->deadspace;
	uint64_t track, crel;

	/* 32-bit division where it fits (every real zone): twice as fast */
	if (rel <= UINT32_MAX) {
		track = (uint32_t)rel / z->spt;
		l->sector = (uint32_t)rel - (uint32_t)track * z->spt;
	} else {
		track = rel / z->spt;
		l->sector = rel % z->spt;
	}

	for (uint32_t i = 0; i < z->nr_slips && z->slips[i] <= track; i++)
		track++;
	crel = track / ds->surfaces;
	l->z = z;
	l->cyl = z->first_cyl + crel;
	l->head = track - crel * ds->surfaces;
	l->slot = (z->first_slot +
		   (l->head + (uint64_t)(ds->surfaces - 1) * crel) * z->track_skew +
		   crel * z->cyl_skew + l->sector) % z->spt;
	l->left = z->spt - l->sector;
	if (l->left > z->first_lba + z->nr_lba - lba)
		l->left = z->first_lba + z->nr_lba - lba;
}

/**
 * hdd_ds_lba_to_chs - where @lba lives on a DiskSim-described drive
 */
void hdd_ds_lba_to_chs(const struct hdd_ds *ds, sector_t lba,
		       struct hdd_chs *chs)
{
	struct ds_loc l;

	ds_locate(ds, lba, &l);
	*chs = (struct hdd_chs){
		.cyl = l.cyl, .head = l.head, .sector = l.sector,
		.slot = l.slot, .zone = l.z - ds->zone,
	};
}

/* ns into a revolution at which slot @slot of zone @z begins */
static sim_time_t ds_slot_time(const struct hdd_ds *ds,
			       const struct hdd_ds_zone *z, uint64_t slot)
{
	return slot * ds->rot / z->spt;
}

static sim_time_t ds_rot_wait(const struct hdd_ds *ds,
			      const struct hdd_ds_zone *z, uint32_t slot,
			      sim_time_t t)
{
	return (ds_slot_time(ds, z, slot) + ds->rot - t % ds->rot) % ds->rot;
}

/* seek, head switch and settle from the arm's place to @l */
static sim_time_t ds_reach(const struct hdd_ds *ds, uint32_t cyl,
			   uint32_t head, const struct ds_loc *l, bool write,
			   uint32_t *dist)
{
	int64_t t;

	*dist = cyl > l->cyl ? cyl - l->cyl : l->cyl - cyl;
	t = hdd_ds_seek(ds, *dist);
	if (head != l->head && (sim_time_t)t < ds->head_switch)
		t = ds->head_switch;
	if (t && write)
		t += ds->write_settle;
	return t > 0 ? (sim_time_t)t : 0;
}

/*
 * The media run [lba, lba + n) with the arm at (*cyl, *head) from @t,
 * each track's first block waited for. Stops early once a track run
 * would start after @stop (read-ahead cut off by a command). Returns the
 * time the last block done is in; *done gets the blocks done, *mark_t
 * the time the @mark-th one (from 1) is in; the arm is left on the last
 * track.
 */
static sim_time_t ds_run(const struct hdd_ds *ds, uint32_t *cyl,
			 uint32_t *head, sector_t lba, uint64_t n,
			 sim_time_t t, bool write, sim_time_t stop,
			 uint64_t *done, uint64_t mark, sim_time_t *mark_t,
			 uint32_t *seek)
{
	uint64_t k = 0;

	*seek = 0;
	while (k < n) {
		struct ds_loc l;
		uint32_t dist, m;
		sim_time_t start;

		ds_locate(ds, lba + k, &l);
		start = t + ds_reach(ds, *cyl, *head, &l, write, &dist);
		start += ds_rot_wait(ds, l.z, l.slot, start);
		if (start > stop)
			break;
		*seek += dist;
		*cyl = l.cyl;
		*head = l.head;
		m = l.left < n - k ? l.left : n - k;
		if (start + ds_slot_time(ds, l.z, l.slot + m) -
		    ds_slot_time(ds, l.z, l.slot) > stop) {
			/* cut off inside this track: whole blocks only */
			while (m && start + ds_slot_time(ds, l.z, l.slot + m) -
			       ds_slot_time(ds, l.z, l.slot) > stop)
				m--;
			t = stop;
		} else {
			t = start + ds_slot_time(ds, l.z, l.slot + m) -
			    ds_slot_time(ds, l.z, l.slot);
		}
		if (mark_t && mark > k && mark <= k + m)
			*mark_t = start + ds_slot_time(ds, l.z, l.slot + mark - k) -
				  ds_slot_time(ds, l.z, l.slot);
		k += m;
		if (t == stop)
			break;
	}
	*done = k;
	return t;
}

/* the read-ahead stopped at @t: what it read is in, the arm is free */
static void ds_ra_stop(const struct hdd_ds *ds, struct hdd_ds_state *st,
		       sim_time_t t)
{
	uint64_t got = 0;
	uint32_t seek;
	sim_time_t end;

	if (!st->ra_valid || st->ra_limit <= st->ra_end || t <= st->ra_time)
		return;
	end = ds_run(ds, &st->cyl, &st->head, st->ra_end,
		     st->ra_limit - st->ra_end, st->ra_time, false, t, &got,
		     0, NULL, &seek);
	st->ra_end += got;
	st->ra_limit = st->ra_end;
	st->ra_time = end;
	if (end > st->mech_free)
		st->mech_free = end;
}

/*
 * When block @last of the read segment is in, read-ahead going on as
 * needed (a command that hits it); *first: when block @lba is in.
 * SIM_TIME_MAX if the segment will not hold them.
 */
static sim_time_t ds_ra_avail(const struct hdd_ds *ds,
			      const struct hdd_ds_state *st, sector_t lba,
			      sector_t last, sim_time_t *first)
{
	uint32_t cyl = st->cyl, head = st->head, seek;
	uint64_t got;
	sim_time_t end;

	if (!st->ra_valid || lba < st->ra_base || last >= st->ra_limit)
		return SIM_TIME_MAX;
	*first = st->ra_time;
	if (last < st->ra_end)
		return st->ra_time;
	end = ds_run(ds, &cyl, &head, st->ra_end, last + 1 - st->ra_end,
		     st->ra_time, false, SIM_TIME_MAX, &got,
		     lba >= st->ra_end ? lba + 1 - st->ra_end : 0, first, &seek);
	return end;
}

/* read-ahead past a hit on the read segment: on to ra_max past it */
static void ds_ra_extend(const struct hdd_ds *ds, struct hdd_ds_state *st,
			 sim_time_t t, sector_t end)
{
	sector_t limit = end + ds->ra_max;

	if (limit > ds->blocks)
		limit = ds->blocks;
	if (limit <= st->ra_limit)
		return;
	/* what the stream read up to its limit, and when it got there */
	ds_ra_stop(ds, st, SIM_TIME_MAX - 1);
	if (st->ra_time < t) {
		/* it had stopped: it starts again once the hit is seen */
		st->ra_time = t;
	}
	if (ds->segment_size && limit - st->ra_base > ds->segment_size)
		st->ra_base = limit - ds->segment_size;
	st->ra_limit = limit;
}

static sim_time_t ds_bus_out(sim_time_t start, sim_time_t media_last,
			     uint64_t n, sim_time_t block)
{
	sim_time_t a = start + n * block, b = media_last + block;

	return a > b ? a : b;
}

static sim_time_t ds_read(struct disk *d, const struct hdd_ds *ds,
			  struct hdd_ds_state *st, sector_t lba, uint64_t n,
			  sim_time_t now)
{
	sim_time_t avail = SIM_TIME_MAX, t, first = 0, end;
	bool prev = st->last_write;
	uint64_t got, k;
	uint32_t seek;
	sector_t ra_limit;

	if (ds->read_hit_on_write && st->wr_valid && lba >= st->wr_base &&
	    lba + n <= st->wr_end)
		avail = first = now;
	else if (ds->nr_segments)
		avail = ds_ra_avail(ds, st, lba, lba + n - 1, &first);
	if (avail != SIM_TIME_MAX) {
		t = now + ds->overhead[0][1][prev];
		if (st->ra_valid && lba >= st->ra_base && lba + n <= st->ra_limit)
			ds_ra_extend(ds, st, t, lba + n);
		/* each block goes out once it is in, one bus time after another */
		return ds_bus_out(t > first ? t : first, avail, n,
				  ds->bus_block[0]) + ds->complete[0];
	}
	t = now + ds->overhead[0][0][prev];
	ds_ra_stop(ds, st, t);
	if (t < st->mech_free)
		t = st->mech_free;
	/* the drive reconnects once the watermark's share of the data is in */
	k = (uint64_t)ceil(ds->read_watermark * n);
	if (k < 1)
		k = 1;
	end = ds_run(ds, &st->cyl, &st->head, lba, n, t, false, SIM_TIME_MAX,
		     &got, k, &first, &seek);
	d->stats.seek_cyls += seek;
	st->mech_free = end;
	/* read-ahead into the segment, past the request */
	ra_limit = lba + n + ds->ra_max;
	if (ds->segment_size && ra_limit > lba + ds->segment_size)
		ra_limit = lba + ds->segment_size;
	if (ra_limit > ds->blocks)
		ra_limit = ds->blocks;
	st->ra_valid = ds->nr_segments > 0;
	st->ra_base = lba;
	st->ra_end = lba + n;
	st->ra_limit = ra_limit > lba + n ? ra_limit : lba + n;
	st->ra_time = end;
	return ds_bus_out(first + ds->reselect + ds->data_prep, end, n,
			  ds->bus_block[0]) + ds->complete[0];
}

static sim_time_t ds_write(struct disk *d, const struct hdd_ds *ds,
			   struct hdd_ds_state *st, sector_t lba, uint64_t n,
			   sim_time_t now)
{
	bool hit = st->wr_valid && lba == st->wr_end;
	sim_time_t t = now + ds->overhead[1][hit][st->last_write];
	sim_time_t data_in = t + n * ds->bus_block[1], start, end;
	struct ds_loc l;
	uint32_t dist;
	uint64_t got;
	sim_time_t sec, need;

	ds_ra_stop(ds, st, t);
	if (st->ra_valid && lba < st->ra_limit && lba + n > st->ra_base)
		st->ra_valid = false;	/* the buffered copy is stale */
	if (t < st->mech_free)
		t = st->mech_free;
	ds_locate(ds, lba, &l);
	start = t + ds_reach(ds, st->cyl, st->head, &l, true, &dist);
	/* the head must not overtake the data still coming over the bus */
	sec = ds->rot / l.z->spt;
	need = data_in > (n - 1) * sec ? data_in - (n - 1) * sec : 0;
	if (start < need)
		start = need;
	start += ds_rot_wait(ds, l.z, l.slot, start);
	d->stats.seek_cyls += dist;
	st->cyl = l.cyl;
	st->head = l.head;
	end = ds_run(ds, &st->cyl, &st->head, lba, n, start, true,
		     SIM_TIME_MAX, &got, 0, NULL, &dist);
	st->mech_free = end;
	st->wr_valid = ds->nr_segments > 0;
	st->wr_base = lba;
	st->wr_end = lba + n;
	if (ds->fast_write)
		return data_in + ds->complete[1];
	return end + ds->complete[1];
}

/**
 * hdd_ds_access - service one command on a DiskSim-described drive
 */
sim_time_t hdd_ds_access(struct disk *d, struct hdd *h,
			 const struct request *rq, sim_time_t now)
{
	const struct hdd_ds *ds = h->ds;
	struct hdd_ds_state *st = h->dss;
	bool write = rq_data_dir(rq);
	sector_t lba = rq->sector;
	uint64_t n = rq->nr_sectors;
	sim_time_t done;

	if (!n)
		return now;
	if (lba >= ds->blocks)
		lba = ds->blocks - 1;
	if (n > ds->blocks - lba)
		n = ds->blocks - lba;
	done = write ? ds_write(d, ds, st, lba, n, now)
		     : ds_read(d, ds, st, lba, n, now);
	st->last_write = write;
	return done;
}

/**
 * hdd_ds_position_time - time until the media could start on @rq
 */
sim_time_t hdd_ds_position_time(struct disk *d, struct hdd *h,
				const struct request *rq, sim_time_t now)
{
	const struct hdd_ds *ds = h->ds;
	const struct hdd_ds_state *st = h->dss;
	sim_time_t t = now > st->mech_free ? now : st->mech_free;
	struct ds_loc l;
	uint32_t dist;
	sector_t lba = rq->sector < ds->blocks ? rq->sector : ds->blocks - 1;

	ds_locate(ds, lba, &l);
	t += ds_reach(ds, st->cyl, st->head, &l, rq_data_dir(rq), &dist);
	t += ds_rot_wait(ds, l.z, l.slot, t);
	return t - now;
}

/**
 * hdd_ds_setup - derive the zones' LBA ranges and check the description
 * Return: 0, or -EINVAL with @err.
 */
int hdd_ds_setup(struct hdd_ds *ds, char *err, size_t errlen)
{
	sector_t lba = 0;

	if (!ds->surfaces || !ds->nr_zones || !ds->rot) {
		snprintf(err, errlen, "disksim: no surfaces, zones or rotation");
		return -EINVAL;
	}
	for (unsigned int i = 0; i < ds->nr_zones; i++) {
		struct hdd_ds_zone *z = &ds->zone[i];
		uint64_t tracks = (uint64_t)(z->last_cyl - z->first_cyl + 1) *
				  ds->surfaces;
		uint64_t used = z->spare_tracks + z->nr_slips;

		if ((i && z->first_cyl != ds->zone[i - 1].last_cyl + 1) ||
		    z->last_cyl >= ds->cyls || used >= tracks ||
		    (tracks - used) * z->spt <= z->deadspace ||
		    z->track_skew >= z->spt || z->cyl_skew >= z->spt) {
			snprintf(err, errlen,
				 "disksim: zone %u: cylinders not contiguous or past the disk, spares and slips fill it, or skews exceed a track",
				 i);
			return -EINVAL;
		}
		z->first_lba = lba;
		z->nr_lba = (tracks - z->spare_tracks) * z->spt - z->deadspace;
		/* a slip takes a track out; the spares make up for it */
		if (z->nr_slips > z->spare_tracks) {
			snprintf(err, errlen,
				 "disksim: zone %u: more slipped tracks than spares", i);
			return -EINVAL;
		}
		z->sector_ns = ds->rot / z->spt;
		lba += z->nr_lba;
	}
	ds->zone_blocks = lba;
	return 0;
}

int hdd_ds_init(struct disk *d, struct hdd *h)
{
	h->dss = calloc(1, sizeof(*h->dss));
	if (!h->dss)
		return -ENOMEM;
	return 0;
}

void hdd_ds_exit(struct hdd *h)
{
	free(h->dss);
	h->dss = NULL;
}
