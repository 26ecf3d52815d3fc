// SPDX-License-Identifier: GPL-2.0
/*
 * Rotational disk model: rotational position as a function of absolute
 * time, seeks, transfers across tracks and zones, a read-ahead buffer and
 * a write-behind cache. One command is serviced at a time (one arm). The
 * zone table, the LBA layout and the seek curve are built by
 * hdd-geometry.c.
 *
 * Rotation. The platter angle is (t mod rotation) / rotation for absolute
 * simulated time t. Sector slot s of a track passes under the head from
 * floor(s * rotation / spt) ns into each revolution. All of it is integer
 * arithmetic, so a transfer that ends at slot s leaves the head exactly at
 * the start of slot s + 1: streaming never loses a revolution to rounding,
 * and the same request one revolution later costs exactly the same.
 *
 * Read-ahead. After a media read the drive keeps reading the following
 * sectors into its buffer (up to cache_size, never past the zone's end)
 * until another media operation needs the head. A read that starts inside
 * the buffered range [base, limit) while read-ahead is still going is
 * served as the data comes off the media: completion = max(now + overhead
 * + bus transfer, time its last sector passes the head); so back-to-back
 * sequential reads run at the zone rate with no seek and no lost
 * revolution. Read-ahead does not delay other commands (firmware abandons
 * it), but the head has moved on with it.
 *
 * Write cache (write_cache = yes). A write that fits completes after
 * overhead + bus transfer and is appended to a FIFO of dirty extents
 * (coalesced when contiguous with the last one). The drive destages the
 * FIFO head with the normal mechanics whenever it has no host command;
 * a write that does not fit waits until destaging makes room. Reads have
 * priority over destaging and are served from the media: the simulator
 * carries no data, and a real drive would merge cached sectors into the
 * transfer, so nothing stale is returned; the timing is that of a media
 * read (the host page cache absorbs most re-reads of just-written data
 * anyway). A write larger than the whole cache drains it, then goes to
 * the media directly. Cache flushes are not modelled (2.6.30 ext3 did not
 * issue barriers by default).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "hdd.h"

/* ns into a revolution at which slot @slot of zone @z begins */
static sim_time_t slot_time(const struct hdd *h, const struct hdd_zone *z,
			    uint64_t slot)
{
	return slot * h->rot / z->spt;
}

/* wait from @t until slot @slot passes under the head */
static sim_time_t rot_wait(const struct hdd *h, const struct hdd_zone *z,
			   uint32_t slot, sim_time_t t)
{
	return (slot_time(h, z, slot) + h->rot - t % h->rot) % h->rot;
}

/* positioning from (cyl, head) to @l, without the rotational wait */
static sim_time_t hdd_reach(const struct hdd *h, uint32_t cyl, uint32_t head,
			    const struct hdd_chs *l, bool write,
			    uint32_t *dist)
{
	*dist = cyl > l->cyl ? cyl - l->cyl : l->cyl - cyl;
	if (*dist)
		return hdd_seek(h, *dist) + (write ? h->p->write_settle : 0);
	return head != l->head ? h->p->track_switch : 0;
}

/*
 * Transfer [lba, lba + n) with the head at the start of @lba's slot at @t:
 * one track skew per track boundary, and at a zone boundary a one-cylinder
 * step and the wait for the new zone's first sector. Return the end time.
 */
static sim_time_t hdd_transfer(const struct hdd *h, sector_t lba, uint64_t n,
			       sim_time_t t, bool write)
{
	for (;;) {
		const struct hdd_zone *z = hdd_zone_of(h, lba);
		sector_t off = lba - z->first_lba;
		uint64_t m = n < z->nr_sectors - off ? n : z->nr_sectors - off;
		uint64_t tracks = (off + m - 1) / z->spt - off / z->spt;
		struct hdd_chs l;

		hdd_locate(h, lba, &l);
		t += slot_time(h, z, l.slot + m + tracks * z->skew) -
		     slot_time(h, z, l.slot);
		n -= m;
		lba += m;
		if (!n)
			return t;
		z++;
		t += hdd_seek(h, 1) + (write ? h->p->write_settle : 0);
		t += rot_wait(h, z, 0, t);
	}
}

/* the head positioned at @lba's track at @t: wait for it, then transfer */
static sim_time_t hdd_stream(const struct hdd *h, sector_t lba, uint64_t n,
			     sim_time_t t)
{
	struct hdd_chs l;

	hdd_locate(h, lba, &l);
	t += rot_wait(h, &h->zone[l.zone], l.slot, t);
	return hdd_transfer(h, lba, n, t, false);
}

/* Where the head is at @t: read-ahead moves it on from the last read. */
static void hdd_head_at(const struct hdd *h, sim_time_t t, uint32_t *cyl,
			uint32_t *head)
{
	struct hdd_chs l;

	if (h->ra_valid && h->ra_limit > h->ra_end && t > h->ra_time) {
		const struct hdd_zone *z = hdd_zone_of(h, h->ra_end);
		/* sectors per ns, a track's skew included */
		double rate = (double)z->spt * z->spt /
			      ((double)(z->spt + z->skew) * h->rot);
		double passed = (double)(t - h->ra_time) * rate;
		sector_t pos = h->ra_limit - 1;

		if (passed < (double)(h->ra_limit - h->ra_end))
			pos = h->ra_end + (sector_t)passed;
		hdd_locate(h, pos, &l);
		*cyl = l.cyl;
		*head = l.head;
		return;
	}
	*cyl = h->cyl;
	*head = h->head;
}

/*
 * Read-ahead lookup, no side effects. Return true if [lba, lba + n) is
 * served from the buffer, with *media_done the time its last sector is in
 * and *state 0: already buffered, 1: read-ahead carries on to cover it,
 * 2: read-ahead had stopped at its limit, which covers it.
 */
static bool hdd_ra_lookup(const struct hdd *h, sector_t lba, uint64_t n,
			  sim_time_t t_arrive, sim_time_t *media_done,
			  int *state)
{
	sector_t end = lba + n;
	sim_time_t stop;

	if (!h->ra_valid || lba < h->ra_base || lba >= h->ra_limit)
		return false;
	if (end <= h->ra_end) {
		*media_done = h->ra_time;
		*state = 0;
		return true;
	}
	if (h->ra_limit == h->ra_end)
		return false;
	stop = hdd_stream(h, h->ra_end, h->ra_limit - h->ra_end, h->ra_time);
	if (t_arrive <= stop) {
		*media_done = hdd_stream(h, h->ra_end, end - h->ra_end,
					 h->ra_time);
		*state = 1;
		return true;
	}
	if (end <= h->ra_limit) {
		*media_done = stop;
		*state = 2;
		return true;
	}
	return false;
}

/* Read-ahead goes on after [base, end) came in at @t. */
static void hdd_ra_start(struct hdd *h, sector_t base, sector_t end,
			 sim_time_t t)
{
	const struct hdd_zone *z = hdd_zone_of(h, end - 1);
	sector_t limit = z->first_lba + z->nr_sectors;

	if (!h->ra_max) {
		h->ra_valid = false;
		return;
	}
	if (end + h->ra_max < limit)
		limit = end + h->ra_max;
	h->ra_valid = true;
	h->ra_base = base;
	h->ra_end = end;
	h->ra_limit = limit;
	h->ra_time = t;
}

/* The head is on @lba's track and the mechanism busy until @t. */
static void hdd_park(struct hdd *h, sector_t lba, sim_time_t t)
{
	struct hdd_chs l;

	hdd_locate(h, lba, &l);
	h->cyl = l.cyl;
	h->head = l.head;
	if (t > h->free_at)
		h->free_at = t;
}

/* A media read or write of [lba, lba + n), starting no earlier than @t. */
static sim_time_t hdd_media_op(struct disk *d, struct hdd *h, sector_t lba,
			       uint64_t n, bool write, sim_time_t t)
{
	struct hdd_chs l;
	uint32_t cyl, head, dist;

	if (t < h->free_at)
		t = h->free_at;
	hdd_head_at(h, t, &cyl, &head);
	hdd_locate(h, lba, &l);
	t += hdd_reach(h, cyl, head, &l, write, &dist);
	t += rot_wait(h, &h->zone[l.zone], l.slot, t);
	t = hdd_transfer(h, lba, n, t, write);
	d->stats.seek_cyls += dist;
	hdd_park(h, lba + n - 1, t);
	h->ra_valid = false;
	return t;
}

/* Destage the oldest dirty extent, starting no earlier than @t. */
static sim_time_t hdd_destage_one(struct disk *d, struct hdd *h, sim_time_t t)
{
	struct hdd_extent *e = &h->wc[h->wc_head];

	t = hdd_media_op(d, h, e->lba, e->nr, true, t);
	h->wc_dirty -= e->nr;
	h->wc_head = (h->wc_head + 1) % h->wc_cap;
	h->wc_nr--;
	return t;
}

/* The drive had no host command since host_until: destage until @now. */
static void hdd_destage_idle(struct disk *d, struct hdd *h, sim_time_t now)
{
	sim_time_t t = h->free_at > h->host_until ? h->free_at : h->host_until;

	while (h->wc_nr && t < now)
		t = hdd_destage_one(d, h, t);
}

/* A write into the cache: wait for room, then overhead + bus transfer. */
static sim_time_t hdd_cache_write(struct disk *d, struct hdd *h, sector_t lba,
				  uint64_t n, sim_time_t now, sim_time_t bus)
{
	sim_time_t room = now;
	struct hdd_extent *tail;

	while (h->wc_nr &&
	       (h->wc_dirty + n > h->wc_max || h->wc_nr == h->wc_cap))
		room = hdd_destage_one(d, h, now);
	tail = h->wc_nr ? &h->wc[(h->wc_head + h->wc_nr - 1) % h->wc_cap]
			: NULL;
	if (tail && tail->lba + tail->nr == lba) {
		tail->nr += n;
	} else {
		tail = &h->wc[(h->wc_head + h->wc_nr) % h->wc_cap];
		tail->lba = lba;
		tail->nr = n;
		h->wc_nr++;
	}
	h->wc_dirty += n;
	now += d->p.overhead;
	return (room > now ? room : now) + bus;
}

/* The request's LBA range, clamped into the geometry; false if empty. */
static bool hdd_range(const struct hdd *h, const struct request *rq,
		      sector_t *lba, uint64_t *n)
{
	*lba = rq->sector;
	*n = rq->nr_sectors;
	if (!*n)
		return false;
	/* the block layer stops I/O past the end; never index past it */
	if (*lba >= h->total)
		*lba = h->total - 1;
	if (*n > h->total - *lba)
		*n = h->total - *lba;
	return true;
}

static sim_time_t hdd_access(struct disk *d, const struct request *rq,
			     sim_time_t now)
{
	struct hdd *h = d->model;
	sim_time_t t_cmd = now + d->p.overhead, bus, media, done;
	bool write = rq_data_dir(rq);
	sector_t lba;
	uint64_t n;
	int state;

	if (h->ds)
		return hdd_ds_access(d, h, rq, now);
	if (!hdd_range(h, rq, &lba, &n))
		return t_cmd;
	bus = (sim_time_t)llround(n * h->bus_ns_per_sector);
	hdd_destage_idle(d, h, now);
	if (!write) {
		if (hdd_ra_lookup(h, lba, n, t_cmd, &media, &state)) {
			if (state == 1) {
				hdd_ra_start(h, lba, lba + n, media);
				hdd_park(h, lba + n - 1, media);
			} else if (state == 2) {
				/* stopped at its limit: nothing more comes in */
				h->ra_end = h->ra_limit;
				h->ra_time = media;
				hdd_park(h, h->ra_limit - 1, media);
			}
		} else {
			media = hdd_media_op(d, h, lba, n, false, t_cmd);
			hdd_ra_start(h, lba, lba + n, media);
		}
		done = t_cmd + bus > media ? t_cmd + bus : media;
	} else if (d->p.write_cache && n <= h->wc_max) {
		done = hdd_cache_write(d, h, lba, n, now, bus);
	} else {
		while (h->wc_nr)
			hdd_destage_one(d, h, now);
		media = hdd_media_op(d, h, lba, n, true, t_cmd);
		done = t_cmd + bus > media ? t_cmd + bus : media;
	}
	h->host_until = done;
	return done;
}

static sim_time_t hdd_position_time(struct disk *d, const struct request *rq,
				    sim_time_t now)
{
	const struct hdd *h = d->model;
	sim_time_t t = now + d->p.overhead, media;
	bool write = rq_data_dir(rq);
	uint32_t cyl, head, dist;
	struct hdd_chs l;
	sector_t lba;
	uint64_t n;
	int state;

	if (h->ds)
		return hdd_ds_position_time(d, (struct hdd *)h, rq, now);
	if (!hdd_range(h, rq, &lba, &n))
		return 0;
	if (!write && hdd_ra_lookup(h, lba, n, t, &media, &state))
		return 0;
	if (write && d->p.write_cache && h->wc_dirty + n <= h->wc_max &&
	    h->wc_nr < h->wc_cap)
		return 0;
	if (t < h->free_at)
		t = h->free_at;
	hdd_head_at(h, t, &cyl, &head);
	hdd_locate(h, lba, &l);
	t += hdd_reach(h, cyl, head, &l, write, &dist);
	t += rot_wait(h, &h->zone[l.zone], l.slot, t);
	return t - now;
}

static int hdd_init(struct disk *d)
{
	struct hdd *h;
	int ret;

	h = calloc(1, sizeof(*h));
	if (!h)
		return -ENOMEM;
	h->p = d->model_params;
	if (d->disksim) {
		/* DiskSim's description replaces the [hdd] geometry */
		h->ds = d->disksim;
		ret = hdd_ds_init(d, h);
		if (ret)
			goto out_free_hdd;
		d->model = h;
		d->parallel = 1;
		return 0;
	}
	ret = hdd_setup_layout(d, h);
	if (ret)
		goto out_free_hdd;
	h->bus_ns_per_sector = SECTOR_SIZE * 1e3 / d->p.bus_rate;
	h->wc_max = d->p.write_cache ? d->p.cache_size / SECTOR_SIZE : 0;
	h->ra_max = d->p.cache_size / SECTOR_SIZE;
	/* every extent holds a sector at least; cap the table, not the data */
	h->wc_cap = h->wc_max < 65536 ? h->wc_max : 65536;
	if (h->wc_cap) {
		h->wc = calloc(h->wc_cap, sizeof(*h->wc));
		if (!h->wc) {
			ret = -ENOMEM;
			goto out_free_hdd;
		}
	}
	d->model = h;
	d->parallel = 1;
	return 0;

out_free_hdd:
	free(h);
	return ret;
}

static void hdd_exit(struct disk *d)
{
	struct hdd *h = d->model;

	if (h) {
		free(h->wc);
		hdd_ds_exit(h);
	}
	free(h);
	d->model = NULL;
}

const struct disk_ops hdd_ops = {
	.name = "hdd",
	.options = &hdd_opt_table,
	.params_size = sizeof(struct hdd_params),
	.init = hdd_init,
	.exit = hdd_exit,
	.position_time = hdd_position_time,
	.access = hdd_access,
};
