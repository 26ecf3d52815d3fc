// SPDX-License-Identifier: GPL-2.0
/*
 * The rotational disk's layout: the [hdd] options, the zone table and the
 * seek curve, computed once at init so that hdd.c's per-request work is
 * table look-ups and integer arithmetic.
 *
 * Geometry. The [hdd] zones split the cylinders into equal-width bands;
 * zone z's sustained rate falls linearly from outer_rate (z = 0, LBA 0) to
 * inner_rate. The rates are what a sequential read measures, track and
 * cylinder switches included (the reference's 65-76 / 31-37 MB/s are such
 * measurements), so a zone's sectors per track are
 *
 *	spt = rate * (rotation + switch) / 512	(switch = skew time, below)
 *
 * rounded to the integer whose exact sustained rate is nearest; with a
 * zero switch time this is the plain rate * rotation / 512. Cylinders per
 * zone = ceil(capacity / (heads * sum of spt)); the few sectors past the
 * capacity at the inner edge are spare.
 *
 * Layout: LBAs fill a track, then the next head of the cylinder, then the
 * next cylinder (cylinder-major). Track k of a zone (k = cylinder-in-zone *
 * heads + head) starts skew * k sectors further round than track 0, skew =
 * ceil(max(track_switch, seek(1)) / sector time): the head switch or the
 * one-cylinder step finishes just before the next track's first sector
 * arrives, so track and cylinder skew are the same.
 *
 * Seek curves (reference): Lee's three-point curve through (1, min),
 * (N - 1, max) with mean avg over uniformly random cylinder pairs; or
 * Ruemmler & Wilkes' two regimes, a + b sqrt(d) up to a boundary and
 * c + e d beyond, either given or derived from the same three points.
 * Either must come out non-decreasing, or init fails.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "hdd.h"

static const char *const hdd_seek_model_names[] = {
	"lee", "two-regime", NULL
};

#define P(f)	offsetof(struct hdd_params, f)
static const struct opt_desc hdd_opts[] = {
	/* reference: 7200 rpm, rotation 8.33 ms */
	{ "rpm", OPT_UINT, P(rpm), "7200", 1000, 20000, NULL, NULL,
	  "spindle speed" },
	/* two platters, four surfaces; only sets how many cylinders the
	 * capacity spans (seek times depend on the stroke fraction) */
	{ "heads", OPT_UINT, P(heads), "4", 1, 64, NULL, NULL,
	  "recording surfaces" },
	{ "zones", OPT_UINT, P(zones), "16", 1, HDD_MAX_ZONES, NULL, NULL,
	  "zones of equal width, rate falling linearly inwards" },
	/* reference: 65-76 MB/s outer, 31-37 MB/s inner */
	{ "outer_rate", OPT_DOUBLE, P(outer_rate), "70", 1, 10000, "MB/s",
	  NULL, "sustained sequential rate of the outermost zone, MB/s" },
	{ "inner_rate", OPT_DOUBLE, P(inner_rate), "35", 1, 10000, "MB/s",
	  NULL, "sustained sequential rate of the innermost zone, MB/s" },
	{ "seek_model", OPT_ENUM, P(seek_model), "lee", 0, 0, NULL,
	  hdd_seek_model_names, "seek curve" },
	/* reference: track-to-track 1.0, average 8.5 (read), full 15-17 */
	{ "seek_min", OPT_TIME, P(seek_min), "1.0", 0.001, 1000, "ms", NULL,
	  "one-cylinder seek" },
	{ "seek_avg", OPT_TIME, P(seek_avg), "8.5", 0.001, 1000, "ms", NULL,
	  "mean read seek over uniformly random cylinder pairs" },
	{ "seek_max", OPT_TIME, P(seek_max), "17", 0.001, 1000, "ms", NULL,
	  "full-stroke seek" },
	/* reference: average write seek 9.5 ms = 8.5 + 1.0 */
	{ "write_settle", OPT_TIME, P(write_settle), "1.0", 0, 1000, "ms",
	  NULL, "extra settling before writing after a seek" },
	/* head switch taken as the reference's ~1 ms track-to-track time */
	{ "track_switch", OPT_TIME, P(track_switch), "1.0", 0, 1000, "ms",
	  NULL, "head switch within a cylinder" },
	{ "rw_boundary", OPT_UINT, P(rw_boundary), "0", 0, 4e9, "cylinders",
	  NULL, "two-regime: last short-seek distance (0: a fifth of the stroke)" },
	{ "rw_a", OPT_DOUBLE, P(rw_a), "0", -1e6, 1e6, "ms", NULL,
	  "two-regime short seek a + b*sqrt(d), ms (all four 0: derived)" },
	{ "rw_b", OPT_DOUBLE, P(rw_b), "0", -1e6, 1e6, "ms", NULL,
	  "two-regime b, ms per sqrt(cylinder)" },
	{ "rw_c", OPT_DOUBLE, P(rw_c), "0", -1e6, 1e6, "ms", NULL,
	  "two-regime long seek c + e*d, ms" },
	{ "rw_e", OPT_DOUBLE, P(rw_e), "0", -1e6, 1e6, "ms", NULL,
	  "two-regime e, ms per cylinder" },
	{ .name = NULL }
};
#undef P

const struct opt_table hdd_opt_table = {
	.section = "hdd",
	.title = "rotational disk model",
	.opts = hdd_opts,
};

/* The integer spt whose sustained rate, skew included, is nearest @rate. */
static void hdd_pick_spt(const struct hdd *h, double rate, sim_time_t sw,
			 struct hdd_zone *z)
{
	double guess = rate * 1e6 * (double)(h->rot + sw) / 1e9 / SECTOR_SIZE;
	double best_err = INFINITY;
	uint64_t lo = guess > 4 ? (uint64_t)guess - 3 : 1;

	for (uint64_t s = lo; s <= (uint64_t)guess + 4; s++) {
		uint64_t skew = (sw * s + h->rot - 1) / h->rot;
		/* bytes per ns * 1e3 = MB/s */
		double r = (double)SECTOR_SIZE * s * s /
			   ((double)(s + skew) * h->rot) * 1e3;

		if (fabs(r - rate) < best_err) {
			best_err = fabs(r - rate);
			z->spt = s;
			z->skew = skew;
			z->rate = r;
		}
	}
}

static int hdd_setup_geometry(struct disk *d, struct hdd *h, sim_time_t sw)
{
	const struct hdd_params *p = h->p;
	uint64_t cap = d->p.capacity / SECTOR_SIZE, sum = 0, cpz;
	sector_t lba = 0;

	h->nr_zones = p->zones;
	for (unsigned int z = 0; z < p->zones; z++) {
		double f = p->zones > 1 ? (double)z / (p->zones - 1) : 0;

		hdd_pick_spt(h, p->outer_rate + (p->inner_rate - p->outer_rate) * f,
			     sw, &h->zone[z]);
		if (h->zone[z].skew >= h->zone[z].spt) {
			fprintf(stderr,
				"%s: hdd: track_switch/seek_min must be well under a revolution\n",
				d->gd.name);
			return -EINVAL;
		}
		sum += h->zone[z].spt;
	}
	cpz = (cap + p->heads * sum - 1) / (p->heads * sum);
	if (cpz * p->zones > UINT32_MAX) {
		fprintf(stderr, "%s: hdd: too many cylinders\n", d->gd.name);
		return -EINVAL;
	}
	h->cyls_per_zone = cpz;
	h->nr_cyls = cpz * p->zones;
	for (unsigned int z = 0; z < p->zones; z++) {
		h->zone[z].first_lba = lba;
		h->zone[z].first_cyl = z * cpz;
		h->zone[z].nr_sectors = cpz * p->heads * h->zone[z].spt;
		lba += h->zone[z].nr_sectors;
	}
	h->total = lba;
	return 0;
}

/*
 * Two-regime coefficients through (1, min), (N - 1, max), continuous at
 * the boundary D, with the mean over uniformly random distinct cylinder
 * pairs equal to avg: P(d) = 2 (N - d) / (N (N - 1)). With a = min - b and
 * c = max - e (N - 1) this leaves two linear equations in b and e.
 */
static int hdd_derive_two_regime(struct hdd *h, double mn, double avg,
				 double mx)
{
	double n = h->nr_cyls, bd = h->boundary;
	double s0 = 0, s1 = 0, l0 = 0, l1 = 0, r1, r2, m11, m12, m21, m22, det;

	for (uint32_t d = 1; d < h->nr_cyls; d++) {
		double w = 2.0 * (n - d) / (n * (n - 1));

		if (d <= h->boundary) {
			s0 += w;
			s1 += w * sqrt(d);
		} else {
			l0 += w;
			l1 += w * d;
		}
	}
	m11 = sqrt(bd) - 1;
	m12 = n - 1 - bd;
	r1 = mx - mn;
	m21 = s1 - s0;
	m22 = l1 - (n - 1) * l0;
	r2 = avg - mn * s0 - mx * l0;
	det = m11 * m22 - m12 * m21;
	if (fabs(det) < 1e-12)
		return -EINVAL;
	h->sb = (r1 * m22 - m12 * r2) / det;
	h->se = (m11 * r2 - m21 * r1) / det;
	h->sa = mn - h->sb;
	h->sc = mx - h->se * (n - 1);
	return 0;
}

static int hdd_setup_seek(struct disk *d, struct hdd *h)
{
	const struct hdd_params *p = h->p;
	double mn = p->seek_min, avg = p->seek_avg, mx = p->seek_max;
	double n = h->nr_cyls;
	bool ok;

	if (p->seek_model == HDD_SEEK_LEE) {
		h->sa = (-10 * mn + 15 * avg - 5 * mx) / (3 * sqrt(n));
		h->sb = (7 * mn - 15 * avg + 8 * mx) / (3 * n);
		h->sc = mn;
		/* d/dx = a / (2 sqrt(x)) + b for x = d - 1 in (0, N - 2] */
		ok = h->sa >= 0 &&
		     (h->sb >= 0 || h->sa / (2 * sqrt(n)) + h->sb >= 0);
		if (!ok)
			fprintf(stderr,
				"%s: hdd: seek_min/avg/max give a decreasing Lee curve (a = %g, b = %g ns)\n",
				d->gd.name, h->sa, h->sb);
		return ok ? 0 : -EINVAL;
	}
	h->boundary = p->rw_boundary ? p->rw_boundary : h->nr_cyls / 5;
	if (!p->rw_a && !p->rw_b && !p->rw_c && !p->rw_e) {
		if (h->nr_cyls < 3 || h->boundary < 1 ||
		    h->boundary >= h->nr_cyls - 1 ||
		    hdd_derive_two_regime(h, mn, avg, mx)) {
			fprintf(stderr,
				"%s: hdd: cannot derive a two-regime curve for %u cylinders, boundary %u; give rw_a..rw_e\n",
				d->gd.name, h->nr_cyls, h->boundary);
			return -EINVAL;
		}
	} else {
		h->sa = p->rw_a * NSEC_PER_MSEC;
		h->sb = p->rw_b * NSEC_PER_MSEC;
		h->sc = p->rw_c * NSEC_PER_MSEC;
		h->se = p->rw_e * NSEC_PER_MSEC;
	}
	/* increasing in both regimes, and no drop across the boundary */
	ok = h->sb >= 0 && h->se >= 0 && h->sa + h->sb > 0 &&
	     h->sc + h->se * (h->boundary + 1.0) >=
	     h->sa + h->sb * sqrt(h->boundary);
	if (!ok)
		fprintf(stderr,
			"%s: hdd: two-regime seek curve is not increasing (a %g b %g c %g e %g ns, boundary %u)\n",
			d->gd.name, h->sa, h->sb, h->sc, h->se, h->boundary);
	return ok ? 0 : -EINVAL;
}

/**
 * hdd_setup_layout - check the [hdd] parameters, build zones and seek curve
 * @h: model state with ->p set
 *
 * Problems are printed on stderr with the disk's name.
 * Return: 0 or -EINVAL.
 */
int hdd_setup_layout(struct disk *d, struct hdd *h)
{
	const struct hdd_params *p = h->p;
	sim_time_t one_cyl;
	int ret;

	if (!p->rpm || !p->heads || !p->zones || p->zones > HDD_MAX_ZONES ||
	    !(p->outer_rate > 0) || !(p->inner_rate > 0) ||
	    p->seek_model < HDD_SEEK_LEE || p->seek_model > HDD_SEEK_TWO_REGIME) {
		fprintf(stderr, "%s: hdd: rpm, heads, zones and rates must be positive\n",
			d->gd.name);
		return -EINVAL;
	}
	if (!p->seek_min || p->seek_min > p->seek_avg ||
	    p->seek_avg > p->seek_max) {
		fprintf(stderr, "%s: hdd: need 0 < seek_min <= seek_avg <= seek_max\n",
			d->gd.name);
		return -EINVAL;
	}
	h->rot = (sim_time_t)llround(60.0 * NSEC_PER_SEC / p->rpm);
	/* seek(1) without building the curve: both models pass (1, min) */
	one_cyl = p->seek_min;
	if (p->seek_model == HDD_SEEK_TWO_REGIME &&
	    (p->rw_a || p->rw_b || p->rw_c || p->rw_e))
		one_cyl = (sim_time_t)fmax(0, (p->rw_a + p->rw_b) * NSEC_PER_MSEC);
	ret = hdd_setup_geometry(d, h, one_cyl > p->track_switch ?
				 one_cyl : p->track_switch);
	if (ret)
		return ret;
	return hdd_setup_seek(d, h);
}

/**
 * hdd_nr_cylinders - cylinders of @d's geometry
 */
uint32_t hdd_nr_cylinders(const struct disk *d)
{
	return ((const struct hdd *)d->model)->nr_cyls;
}

/**
 * hdd_nr_zones - zones of @d's geometry
 */
unsigned int hdd_nr_zones(const struct disk *d)
{
	return ((const struct hdd *)d->model)->nr_zones;
}

/**
 * hdd_rotation_time - one revolution, ns (60 s / rpm, rounded)
 */
sim_time_t hdd_rotation_time(const struct disk *d)
{
	return ((const struct hdd *)d->model)->rot;
}

/**
 * hdd_seek_time - read seek over @distance cylinders (0: none)
 *
 * Writes add write_settle to every non-zero seek.
 */
sim_time_t hdd_seek_time(const struct disk *d, uint32_t distance)
{
	return hdd_seek(d->model, distance);
}

/**
 * hdd_lba_to_chs - where @lba lives: cylinder, head, sector, angular slot
 * Return: 0, or -EINVAL if @lba is beyond the geometry.
 */
int hdd_lba_to_chs(const struct disk *d, sector_t lba, struct hdd_chs *chs)
{
	const struct hdd *h = d->model;

	if (lba >= h->total)
		return -EINVAL;
	hdd_locate(h, lba, chs);
	return 0;
}

/**
 * hdd_zone_info - the geometry of zone @zone (0 = outermost)
 * Return: 0, or -EINVAL if there is no such zone.
 */
int hdd_zone_info(const struct disk *d, unsigned int zone,
		  struct hdd_zone_info *zi)
{
	const struct hdd *h = d->model;
	const struct hdd_zone *z;

	if (zone >= h->nr_zones)
		return -EINVAL;
	z = &h->zone[zone];
	*zi = (struct hdd_zone_info){
		.first_lba = z->first_lba, .nr_sectors = z->nr_sectors,
		.first_cyl = z->first_cyl, .nr_cyls = h->cyls_per_zone,
		.spt = z->spt, .skew = z->skew, .rate = z->rate,
	};
	return 0;
}

/**
 * hdd_zone_rate - sustained sequential rate of @zone as modelled, MB/s
 *
 * spt * 512 bytes per (spt + skew) sector times: the integer geometry's
 * value, within a sector per track of the configured rate.
 * Return: the rate, or 0 if there is no such zone.
 */
double hdd_zone_rate(const struct disk *d, unsigned int zone)
{
	const struct hdd *h = d->model;

	return zone < h->nr_zones ? h->zone[zone].rate : 0;
}

