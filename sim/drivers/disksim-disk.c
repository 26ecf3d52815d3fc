// SPDX-License-Identifier: GPL-2.0
/*
 * `[disk] disksim = FILE.parv`: a drive from DiskSim's own parameter
 * files. The disk is the topology's disksim_disk (or the first
 * disksim_disk block), its bus the one it hangs from. Taken:
 *
 *	dm_disk		surfaces, cylinders, block count
 *	dm_layout_g1	zones: cylinders, blocks per track, first block's
 *			angle, front dead space, spare tracks, track and
 *			cylinder skew, slipped tracks (track sparing)
 *	dm_mech_g1	seek (hpl, hplplus10 or an extracted table file),
 *			head switch, write settle (signed), rpm
 *	disksim_disk	read/write x hit/miss x after read/write overheads,
 *			completion overheads, cache segments, segment size,
 *			separate write segment, read-ahead, read hits on
 *			write data, fast write
 *	disksim_bus	read and write block transfer times
 *
 * Everything else in those blocks that is not zero (zero switches a
 * DiskSim feature off) is printed as "FILE:LINE: not modelled: NAME",
 * so nothing is dropped silently.
 */
#include <errno.h>
#include <libgen.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "disksim-parv.h"
#include "hdd.h"

struct ds_ctx {
	const char *path;
	struct parv pv;
	char err[600];
};

static int ds_err(struct ds_ctx *c, const struct parv_node *n,
		  const char *fmt, const char *what)
{
	if (!c->err[0]) {
		int k = n ? snprintf(c->err, sizeof(c->err), "%s:%d: ", n->file,
				     n->line) :
			    snprintf(c->err, sizeof(c->err), "%s: ", c->path);

		snprintf(c->err + k, sizeof(c->err) - k, fmt, what);
	}
	return -EINVAL;
}

static bool scalar_num(const struct parv_node *n, double *v)
{
	char *end;

	if (!n || n->kind != PARV_SCALAR)
		return false;
	errno = 0;
	*v = strtod(n->text, &end);
	return end != n->text && !*end && !errno && isfinite(*v);
}

/* @key of @blk as a number in [lo, hi]; absent: @def, or an error if NAN */
static int get_num(struct ds_ctx *c, struct parv_node *blk, const char *key,
		   double lo, double hi, double def, double *v)
{
	struct parv_node *n = parv_get(blk, key);
	double x;

	*v = 0;		/* never out of range, even on an error */
	if (!n) {
		if (isnan(def))
			return ds_err(c, blk, "'%s' missing", key);
		*v = def;
		return 0;
	}
	if (!scalar_num(n, &x) || x < lo || x > hi) {
		char what[128];

		snprintf(what, sizeof(what), "%s: not a number in [%g, %g]", key,
			 lo, hi);
		return ds_err(c, n, "%s", what);
	}
	*v = x;
	return 0;
}

static sim_time_t ms_to_ns(double ms)
{
	return (sim_time_t)llround(ms * NSEC_PER_MSEC);
}

static int get_ms(struct ds_ctx *c, struct parv_node *blk, const char *key,
		  double scale, sim_time_t *t)
{
	double v;
	int ret = get_num(c, blk, key, 0, 1e4, 0, &v);

	*t = ms_to_ns(v * scale);
	return ret;
}

static struct parv_node *get_block(struct ds_ctx *c, struct parv_node *blk,
				   const char *key)
{
	struct parv_node *n = parv_get(blk, key);

	if (!n || n->kind != PARV_BLOCK) {
		ds_err(c, n ? n : blk, "'%s' must be a { ... } block", key);
		return NULL;
	}
	return n;
}

/* the block instantiated as instance @inst */
static struct parv_node *instance_block(struct parv *pv, const char *inst)
{
	struct parv_node *r = pv->root;

	for (size_t i = 0; i < r->nr; i++) {
		struct parv_node *l = r->child[i];

		if (l->kind != PARV_LIST || !l->key ||
		    strcmp(l->key, "instantiate") || !l->text)
			continue;
		for (size_t j = 0; j < l->nr; j++)
			if (l->child[j]->kind == PARV_SCALAR &&
			    !strcmp(l->child[j]->text, inst))
				return parv_block(pv, l->text);
	}
	return NULL;
}

static int load_zone(struct ds_ctx *c, struct parv_node *zn,
		     struct hdd_ds_zone *z)
{
	struct parv_node *sl, *df;
	double v[8];
	static const char *const keys[] = {
		"First cylinder number", "Last cylinder number",
		"Blocks per track", "Offset of first block",
		"Empty space at zone front", "Skew for track switch",
		"Skew for cylinder switch", "Number of spares",
	};
	int ret = 0;

	if (zn->kind != PARV_BLOCK)
		return ds_err(c, zn, "%s", "a zone must be a { ... } block");
	for (int i = 0; i < 8 && !ret; i++)
		ret = get_num(c, zn, keys[i], 0, 1e8, NAN, &v[i]);
	if (ret)
		return ret;
	*z = (struct hdd_ds_zone){
		.first_cyl = v[0], .last_cyl = v[1], .spt = v[2],
		.first_slot = v[3], .deadspace = v[4], .track_skew = v[5],
		.cyl_skew = v[6], .spare_tracks = v[7],
	};
	if (z->last_cyl < z->first_cyl || !z->spt || z->spt > 100000)
		return ds_err(c, zn, "%s",
			      "zone: need first <= last cylinder and 1..100000 blocks per track");
	sl = parv_get(zn, "slips");
	if (sl && sl->kind == PARV_LIST && sl->nr) {
		z->slips = calloc(sl->nr, sizeof(*z->slips));
		if (!z->slips)
			return -ENOMEM;
		for (size_t i = 0; i < sl->nr; i++) {
			double t;

			if (!scalar_num(sl->child[i], &t) || t < 0 || t > 1e8 ||
			    (i && t <= z->slips[i - 1]))
				return ds_err(c, sl->child[i], "%s",
					      "slips: increasing track numbers expected");
			z->slips[i] = t;
		}
		z->nr_slips = sl->nr;
	}
	df = parv_get(zn, "defects");
	if (df && (df->kind != PARV_LIST || df->nr))
		return ds_err(c, df, "%s",
			      "not modelled: defects (remapped tracks); only slips are");
	return 0;
}

static int load_layout(struct ds_ctx *c, struct parv_node *model,
		       struct hdd_ds *ds)
{
	struct parv_node *lay = get_block(c, model, "Layout Model"), *zl;
	double v;
	int ret;

	if (!lay)
		return -EINVAL;
	if (strcmp(lay->text, "dm_layout_g1"))
		return ds_err(c, lay, "not modelled: layout %s (only dm_layout_g1)",
			      lay->text);
	ret = get_num(c, lay, "LBN-to-PBN mapping scheme", 0, 0, 0, &v);
	if (!ret)
		ret = get_num(c, lay, "Sparing scheme used", 0, 1, 0, &v);
	if (ret)
		return ret;	/* the range says what is modelled */
	parv_get(lay, "Rangesize for sparing");	/* range sparing only */
	zl = parv_get(lay, "Zones");
	if (!zl || zl->kind != PARV_LIST || !zl->nr || zl->nr > HDD_MAX_ZONES)
		return ds_err(c, zl ? zl : lay, "Zones: a list of 1 to %s zones expected",
			      "64");
	ds->zone = calloc(zl->nr, sizeof(*ds->zone));
	if (!ds->zone)
		return -ENOMEM;
	ds->nr_zones = zl->nr;
	for (size_t i = 0; i < zl->nr; i++) {
		ret = load_zone(c, zl->child[i], &ds->zone[i]);
		if (ret)
			return ret;
	}
	return 0;
}

/* a measured seek table: "Seek distances measured: N" then "d, ms" lines */
static int load_seek_table(struct ds_ctx *c, struct parv_node *n,
			   struct hdd_ds *ds)
{
	char *dir = strdup(n->file), *path = NULL, line[256];
	unsigned long lineno = 0;
	FILE *f;
	int ret = 0;

	if (!dir || asprintf(&path, "%s/%s", n->text[0] == '/' ? "" :
			     dirname(dir), n->text) < 0) {
		free(dir);
		return -ENOMEM;
	}
	free(dir);
	f = fopen(path, "r");
	if (!f) {
		ret = ds_err(c, n, "Full seek curve: %s", strerror(errno));
		free(path);
		return ret;
	}
	while (fgets(line, sizeof(line), f)) {
		unsigned long d;
		double ms;
		char extra;

		lineno++;
		if (lineno == 1 && !strncmp(line, "Seek distances measured", 23))
			continue;
		if (sscanf(line, " %lu , %lf %c", &d, &ms, &extra) != 2 ||
		    !d || d > 1e8 || !(ms >= 0 && ms < 1e4) ||
		    (ds->nr_seek && d <= ds->seek_dist[ds->nr_seek - 1]) ||
		    ds->nr_seek == HDD_DS_MAX_SEEK) {
			snprintf(c->err, sizeof(c->err),
				 "%s:%lu: 'DISTANCE, MS' with increasing distances expected (at most %d)",
				 path, lineno, HDD_DS_MAX_SEEK);
			ret = -EINVAL;
			break;
		}
		ds->seek_dist[ds->nr_seek] = d;
		ds->seek_ns[ds->nr_seek++] = ms_to_ns(ms);
	}
	if (!ret && ds->nr_seek < 2) {
		snprintf(c->err, sizeof(c->err), "%s:%lu: fewer than 2 seek distances",
			 path, lineno);
		ret = -EINVAL;
	}
	fclose(f);
	free(path);
	return ret;
}

static int load_mech(struct ds_ctx *c, struct parv_node *model,
		     struct hdd_ds *ds)
{
	struct parv_node *m = get_block(c, model, "Mechanical Model"), *n;
	double settle, pct;
	int ret;

	if (!m)
		return -EINVAL;
	n = parv_get(m, "Access time type");
	if (n && (n->kind != PARV_SCALAR ||
		  strcmp(n->text, "trackSwitchPlusRotation")))
		return ds_err(c, n, "not modelled: Access time type %s",
			      n->kind == PARV_SCALAR ? n->text : "");
	n = parv_get(m, "Seek type");
	if (!n || n->kind != PARV_SCALAR)
		return ds_err(c, n ? n : m, "%s", "'Seek type' missing");
	if (!strcmp(n->text, "extracted")) {
		struct parv_node *t = parv_get(m, "Full seek curve");

		ds->seek_type = HDD_DS_SEEK_TABLE;
		if (!t || t->kind != PARV_SCALAR)
			return ds_err(c, t ? t : m, "%s", "'Full seek curve' missing");
		ret = load_seek_table(c, t, ds);
		if (ret)
			return ret;
	} else if (!strcmp(n->text, "hpl") || !strcmp(n->text, "hplplus10")) {
		struct parv_node *h = parv_get(m, "HPL seek equation values");
		struct parv_node *t = parv_get(m, "First ten seek times");
		double v[6];

		ds->seek_type = n->text[3] ? HDD_DS_SEEK_HPL10 : HDD_DS_SEEK_HPL;
		if (!h || h->kind != PARV_LIST || h->nr != 6)
			return ds_err(c, h ? h : m, "%s",
				      "'HPL seek equation values' must list 6 numbers");
		for (int i = 0; i < 6; i++)
			if (!scalar_num(h->child[i], &v[i]) ||
			    (i < 5 && (v[i] < 0 || v[i] > 1e8)))
				return ds_err(c, h->child[i], "%s",
					      "HPL seek equation values: a number >= 0 expected");
		ds->hpl_boundary = v[0];
		for (int i = 0; i < 4; i++)
			ds->hpl[i] = v[i + 1] * NSEC_PER_MSEC;
		if (ds->seek_type == HDD_DS_SEEK_HPL10) {
			if (!t || t->kind != PARV_LIST || t->nr != 10)
				return ds_err(c, t ? t : m, "%s",
					      "'First ten seek times' must list 10 numbers");
			for (int i = 0; i < 10; i++) {
				double s;

				if (!scalar_num(t->child[i], &s) || s < 0 || s > 1e4)
					return ds_err(c, t->child[i], "%s",
						      "First ten seek times: ms expected");
				ds->first10[i] = ms_to_ns(s);
			}
		} else if (v[5] != -1) {
			double one;

			ret = get_num(c, m, "Single cylinder seek time", 0, 1e4,
				      NAN, &one);
			if (ret)
				return ret;
			ds->seek_one = ms_to_ns(one);
		}
	} else {
		return ds_err(c, n, "not modelled: Seek type %s", n->text);
	}
	ret = get_ms(c, m, "Head switch time", 1, &ds->head_switch);
	if (!ret)
		ret = get_num(c, m, "Add. write settling delay", -1e4, 1e4, 0,
			      &settle);
	if (!ret)
		ret = get_num(c, m, "Rotation speed (in rpms)", 100, 1e6, NAN,
			      &ds->rpm);
	if (!ret)
		ret = get_num(c, m, "Percent error in rpms", 0, 0, 0, &pct);
	ds->write_settle = llround(settle * NSEC_PER_MSEC);
	ds->rot = (sim_time_t)llround(60.0 * NSEC_PER_SEC / ds->rpm);
	return ret;
}

static int load_overheads(struct ds_ctx *c, struct parv_node *dk,
			  struct hdd_ds *ds)
{
	static const char *const names[2][2] = {
		{ "Read miss over. after", "Read hit over. after" },
		{ "Write miss over. after", "Write hit over. after" },
	};
	double scale;
	int ret = get_num(c, dk, "Time scale for overheads", 0, 1e3, 1, &scale);

	for (int w = 0; w < 2 && !ret; w++)
		for (int hit = 0; hit < 2 && !ret; hit++)
			for (int after = 0; after < 2 && !ret; after++) {
				char key[64];

				snprintf(key, sizeof(key), "%s %s", names[w][hit],
					 after ? "write" : "read");
				ret = get_ms(c, dk, key, scale,
					     &ds->overhead[w][hit][after]);
			}
	if (!ret)
		ret = get_ms(c, dk, "Read completion overhead", scale,
			     &ds->complete[0]);
	if (!ret)
		ret = get_ms(c, dk, "Write completion overhead", scale,
			     &ds->complete[1]);
	if (!ret)
		ret = get_ms(c, dk, "First reselect overhead", scale,
			     &ds->reselect);
	if (!ret)
		ret = get_ms(c, dk, "Data preparation overhead", scale,
			     &ds->data_prep);
	return ret;
}

static int load_cache(struct ds_ctx *c, struct parv_node *dk,
		      struct hdd_ds *ds)
{
	double segs, size, sep, maxw, ra, ramin, on, hitw, fast, byreq;
	int ret;

	ret = get_num(c, dk, "Enable caching in buffer", 0, 1, 1, &on);
	if (!ret)
		ret = get_num(c, dk, "Number of buffer segments", 1, 64, 1, &segs);
	if (!ret)
		ret = get_num(c, dk, "Segment size (in blks)", 1, 1 << 20, 256,
			      &size);
	if (!ret)
		ret = get_num(c, dk, "Use separate write segment", 0, 1, 0, &sep);
	if (!ret)
		ret = get_num(c, dk, "Maximum number of write segments", 0, 64, 1,
			      &maxw);
	if (!ret)
		ret = get_num(c, dk, "Maximum read-ahead (blks)", 0, 1 << 20, 0,
			      &ra);
	if (!ret)
		ret = get_num(c, dk, "Minimum read-ahead (blks)", 0, 0, 0, &ramin);
	if (!ret)
		ret = get_num(c, dk, "Allow read hits on write data", 0, 1, 0,
			      &hitw);
	if (!ret)
		ret = get_num(c, dk, "Fast write level", 0, 2, 0, &fast);
	if (!ret)
		ret = get_num(c, dk, "Set watermark by reqsize", 0, 1, 0, &byreq);
	/* a fraction of the request: the only watermark taken */
	if (!ret && byreq)
		ret = get_num(c, dk, "High (read) water mark", 0, 1, 1,
			      &ds->read_watermark);
	if (ret)
		return ret;
	ds->nr_segments = on ? segs : 0;
	ds->segment_size = size;
	ds->write_segment = sep && segs > 1;
	ds->ra_max = on ? ra : 0;
	ds->read_hit_on_write = on && hitw;
	ds->fast_write = on && fast;
	return 0;
}

static bool is_zero(const struct parv_node *n)
{
	double v;

	return n->kind == PARV_LIST ? !n->nr : scalar_num(n, &v) && v == 0;
}

/* what the model did not take, unless zero (a feature switched off) */
static void warn_unused(FILE *f, const struct parv_node *blk)
{
	for (size_t i = 0; i < blk->nr; i++) {
		const struct parv_node *n = blk->child[i];

		if (n->used) {
			if (n->kind == PARV_BLOCK)
				warn_unused(f, n);
			continue;
		}
		if (!n->key || is_zero(n) || !strcasecmp(n->key, "Print stats"))
			continue;
		fprintf(f, "%s:%d: not modelled: %s\n", n->file, n->line, n->key);
	}
}

static void mark_used_zones(struct parv_node *model)
{
	struct parv_node *lay = parv_get(model, "Layout Model");
	struct parv_node *zl = parv_get(lay, "Zones");

	/* zones are list items: check their keys here, not by key */
	for (size_t i = 0; zl && i < zl->nr; i++)
		zl->child[i]->used = true;
}

static int load_disk(struct ds_ctx *c, struct hdd_ds *ds, FILE *warn)
{
	struct parv_node *dk = NULL, *model, *bus = NULL, *bc;
	const char *parent = NULL;
	double v;
	int ret;

	for (int i = 0; i < c->pv.nr_topo; i++)
		if (!strcmp(c->pv.topo[i].type, "disksim_disk")) {
			dk = instance_block(&c->pv, c->pv.topo[i].name);
			parent = c->pv.topo[i].parent;
			break;
		}
	for (size_t i = 0; !dk && i < c->pv.root->nr; i++) {
		struct parv_node *b = c->pv.root->child[i];

		if (b->kind == PARV_BLOCK && !strcmp(b->text, "disksim_disk"))
			dk = b;
	}
	if (!dk)
		return ds_err(c, NULL, "%s", "no disksim_disk block");
	if (parent && *parent)
		bus = instance_block(&c->pv, parent);
	model = get_block(c, dk, "Model");
	if (!model)
		return -EINVAL;
	ret = get_num(c, model, "Number of data surfaces", 1, 1024, NAN, &v);
	ds->surfaces = v;
	if (!ret)
		ret = get_num(c, model, "Number of cylinders", 1, 1e8, NAN, &v);
	ds->cyls = v;
	if (!ret)
		ret = get_num(c, model, "Block count", 1, 1e12, NAN, &v);
	ds->blocks = v;
	bc = parv_get(model, "Block count");
	if (!ret)
		ret = load_layout(c, model, ds);
	if (!ret)
		ret = load_mech(c, model, ds);
	if (!ret)
		ret = load_overheads(c, dk, ds);
	if (!ret)
		ret = load_cache(c, dk, ds);
	if (!ret && bus) {
		ret = get_ms(c, bus, "Read block transfer time", 1,
			     &ds->bus_block[0]);
		if (!ret)
			ret = get_ms(c, bus, "Write block transfer time", 1,
				     &ds->bus_block[1]);
		parv_get(bus, "type");
	}
	if (!ret)
		ret = hdd_ds_setup(ds, c->err, sizeof(c->err));
	if (ret)
		return ret;
	if (ds->zone_blocks != ds->blocks) {
		/*
		 * DiskSim maps every LBN through the zones; its C3323A file
		 * was given a smaller "corrected" count in 2009 while the
		 * zones and the measured trace still span the whole drive
		 */
		if (warn)
			fprintf(warn,
				"%s:%d: Block count %llu differs from the %llu blocks the zones hold: the zones' count is used\n",
				bc->file, bc->line, (unsigned long long)ds->blocks,
				(unsigned long long)ds->zone_blocks);
		ds->blocks = ds->zone_blocks;
	}
	mark_used_zones(model);
	if (warn) {
		warn_unused(warn, dk);
		if (bus)
			warn_unused(warn, bus);
	}
	return 0;
}

void hdd_ds_free(struct hdd_ds *ds)
{
	if (!ds)
		return;
	for (unsigned int i = 0; ds->zone && i < ds->nr_zones; i++)
		free(ds->zone[i].slips);
	free(ds->zone);
	free(ds);
}

/* @text != NULL: parse it as @path (the fuzzer); else read @path */
static int ds_load(const char *path, const char *text, size_t len,
		   struct hdd_ds **out, FILE *warn)
{
	struct ds_ctx *c = calloc(1, sizeof(*c));
	struct hdd_ds *ds = calloc(1, sizeof(*ds));
	int ret;

	if (!c || !ds) {
		free(c);
		free(ds);
		return -ENOMEM;
	}
	c->path = path;
	ret = text ? parv_load_text(&c->pv, path, text, len) :
		     parv_load(&c->pv, path);
	if (ret) {
		snprintf(c->err, sizeof(c->err), "%s", c->pv.err);
	} else {
		ret = load_disk(c, ds, warn);
	}
	if (ret) {
		fprintf(stderr, "%s\n", c->err[0] ? c->err : strerror(-ret));
		hdd_ds_free(ds);
		ds = NULL;
		ret = ret == -ENOMEM ? ret : -EINVAL;
	}
	parv_free(&c->pv);
	free(c);
	*out = ds;
	return ret;
}

/**
 * hdd_ds_load - a drive from DiskSim parameter file @path
 * @warn: where "FILE:LINE: not modelled: NAME" goes (NULL: nowhere)
 *
 * Errors are printed on stderr as "FILE:LINE: what is wrong".
 * Return: 0 with *out set (free with hdd_ds_free()), -EINVAL, -ENOMEM.
 */
int hdd_ds_load(const char *path, struct hdd_ds **out, FILE *warn)
{
	return ds_load(path, NULL, 0, out, warn);
}

/**
 * hdd_ds_load_text - as hdd_ds_load(), from @len bytes of @text named @name
 */
int hdd_ds_load_text(const char *name, const char *text, size_t len,
		     struct hdd_ds **out, FILE *warn)
{
	return ds_load(name, text, len, out, warn);
}
