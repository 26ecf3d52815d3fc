// SPDX-License-Identifier: GPL-2.0
/* Partition layout from a geometry file, --part options and REMAP records. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "geometry.h"

/* Copy the next blank-separated token of *s into @tok; false if none. */
static bool next_token(char **s, char *tok, size_t size, bool *too_long)
{
	char *p = wbf_skip_space(*s), *q = p;

	*too_long = false;
	while (*q && *q != ' ' && *q != '\t')
		q++;
	if (q == p)
		return false;
	if ((size_t)(q - p) >= size) {
		*too_long = true;
		return false;
	}
	memcpy(tok, p, q - p);
	tok[q - p] = '\0';
	*s = q;
	return true;
}

/* "MAJ,MIN" -> dev_t; the kernel's limits: 12-bit major, 20-bit minor. */
static bool parse_majmin(const char **s, uint32_t *dev)
{
	uint64_t ma, mi;

	if (!wb_parse_u64(s, &ma) || **s != ',')
		return false;
	(*s)++;
	if (!wb_parse_u64(s, &mi))
		return false;
	if (ma >= 4096 || mi >= (1U << MINORBITS))
		return false;
	*dev = MKDEV(ma, mi);
	return true;
}

static bool overlaps(const struct wbf_part *a, const struct wbf_part *b)
{
	if (a->is_disk || b->is_disk || !a->nr_sects || !b->nr_sects)
		return false;
	if (a->disk_dev != b->disk_dev || strcmp(a->disk, b->disk))
		return false;
	return a->start < b->start + b->nr_sects &&
	       b->start < a->start + a->nr_sects;
}

/* Check @p against the layout and append it; @where prefixes messages. */
static int geometry_add(struct wbf_geometry *g, const struct wbf_part *p,
			const char *where, struct wbf_err *e)
{
	size_t i;

	for (i = 0; i < g->n; i++) {
		const struct wbf_part *o = &g->v[i];

		if (!strcmp(o->name, p->name))
			return wbf_errf(e, -EINVAL, "%s: device name %s given twice",
					where, p->name);
		if (o->dev == p->dev)
			return wbf_errf(e, -EINVAL, "%s: device %u,%u given twice",
					where, MAJOR(p->dev),
					MINOR(p->dev));
		if (overlaps(o, p))
			return wbf_errf(e, -EINVAL, "%s: %s overlaps %s", where,
					p->name, o->name);
	}
	if (WBF_GROW(g->v, g->cap, g->n + 1))
		return wbf_errf(e, -ENOMEM, "out of memory");
	g->v[g->n++] = *p;
	return 0;
}

/* Partitions name their disk; fill in the disk's dev_t once it is known. */
static void resolve_disks(struct wbf_geometry *g)
{
	size_t i, j;

	for (i = 0; i < g->n; i++) {
		struct wbf_part *p = &g->v[i];

		if (p->is_disk || p->disk_dev || !p->disk[0])
			continue;
		for (j = 0; j < g->n; j++)
			if (g->v[j].is_disk && !strcmp(g->v[j].name, p->disk))
				p->disk_dev = g->v[j].dev;
	}
}

/**
 * wbf_geometry_parse() - read a geometry file
 * @g: layout to add to
 * @name: file name for messages
 * @data: contents
 * @len: length
 * @e: "file:line: ..." on bad input
 *
 * Lines: NAME MAJ,MIN DISK START SECTORS; '#' starts a comment.
 *
 * Return: 0 or -EINVAL/-ENOMEM.
 */
int wbf_geometry_parse(struct wbf_geometry *g, const char *name,
		       const void *data, size_t len, struct wbf_err *e)
{
	struct wbf_lines it;
	char *line, where[300];
	int ret;

	wbf_lines_init(&it, name, data, len);
	while ((ret = wbf_lines_next(&it, &line, e)) > 0) {
		struct wbf_part p = { .source = WBF_PART_GEOMETRY };
		char *hash = strchr(line, '#'), tok[64], *s = line;
		const char *c;
		bool long_tok;

		if (hash)
			*hash = '\0';
		if (wbf_is_blank(line))
			continue;
		snprintf(where, sizeof(where), "%s:%zu", name, it.lineno);
		if (!next_token(&s, p.name, sizeof(p.name), &long_tok))
			return wbf_errf(e, -EINVAL, "%s: device name too long",
					where);
		if (!next_token(&s, tok, sizeof(tok), &long_tok))
			return wbf_errf(e, -EINVAL,
					"%s: want NAME MAJ,MIN DISK START SECTORS",
					where);
		c = tok;
		if (!parse_majmin(&c, &p.dev) || *c)
			return wbf_errf(e, -EINVAL, "%s: bad device number '%s' (want MAJ,MIN)",
					where, tok);
		if (!next_token(&s, p.disk, sizeof(p.disk), &long_tok))
			return wbf_errf(e, -EINVAL, long_tok ?
					"%s: disk name too long" :
					"%s: want NAME MAJ,MIN DISK START SECTORS",
					where);
		if (!next_token(&s, tok, sizeof(tok), &long_tok) ||
		    (c = tok, !wb_parse_u64(&c, &p.start)) || *c)
			return wbf_errf(e, -EINVAL, "%s: bad START sector", where);
		if (!next_token(&s, tok, sizeof(tok), &long_tok) ||
		    (c = tok, !wb_parse_u64(&c, &p.nr_sects)) || *c)
			return wbf_errf(e, -EINVAL, "%s: bad SECTORS count", where);
		if (!wbf_is_blank(s))
			return wbf_errf(e, -EINVAL, "%s: unexpected text after SECTORS",
					where);
		if (!p.nr_sects || p.start + p.nr_sects < p.start)
			return wbf_errf(e, -EINVAL, "%s: empty or overflowing sector range",
					where);
		p.is_disk = !strcmp(p.name, p.disk);
		if (p.is_disk && p.start)
			return wbf_errf(e, -EINVAL, "%s: a whole disk starts at sector 0",
					where);
		ret = geometry_add(g, &p, where, e);
		if (ret)
			return ret;
	}
	if (ret < 0)
		return ret;
	resolve_disks(g);
	return 0;
}

/**
 * wbf_geometry_load() - read a geometry file from disk
 * @g: layout to add to
 * @path: file
 * @e: error message
 *
 * Return: 0 or -errno.
 */
int wbf_geometry_load(struct wbf_geometry *g, const char *path,
		      struct wbf_err *e)
{
	struct wbf_file f;
	int ret = wbf_file_map(&f, path, e);

	if (ret)
		return ret;
	ret = wbf_geometry_parse(g, path, f.data, f.len, e);
	wbf_file_unmap(&f);
	return ret;
}

/**
 * wbf_geometry_add_option() - add a --part [NAME=]MAJ,MIN:START:SECTORS
 * @g: layout
 * @arg: the option's argument
 * @e: "--part ARG: ..." on error
 *
 * Without NAME the partition is called "MAJ,MIN".
 *
 * Return: 0 or -EINVAL.
 */
int wbf_geometry_add_option(struct wbf_geometry *g, const char *arg,
			    struct wbf_err *e)
{
	struct wbf_part p = { .source = WBF_PART_OPTION };
	const char *eq = strchr(arg, '='), *s = arg;
	char where[300];

	snprintf(where, sizeof(where), "--part %s", arg);
	if (eq) {
		if (eq == arg || (size_t)(eq - arg) >= sizeof(p.name) ||
		    memchr(arg, ' ', eq - arg))
			return wbf_errf(e, -EINVAL, "%s: bad partition name", where);
		memcpy(p.name, arg, eq - arg);
		s = eq + 1;
	}
	if (!parse_majmin(&s, &p.dev) || *s++ != ':' ||
	    !wb_parse_u64(&s, &p.start) || *s++ != ':' ||
	    !wb_parse_u64(&s, &p.nr_sects) || *s)
		return wbf_errf(e, -EINVAL, "%s: want [NAME=]MAJ,MIN:START:SECTORS",
				where);
	if (!p.nr_sects || p.start + p.nr_sects < p.start)
		return wbf_errf(e, -EINVAL, "%s: empty or overflowing sector range",
				where);
	if (!eq)
		snprintf(p.name, sizeof(p.name), "%u,%u", MAJOR(p.dev),
			 MINOR(p.dev));
	return geometry_add(g, &p, where, e);
}

/**
 * wbf_geometry_learn_remap() - learn a partition start from a REMAP record
 * @g: layout
 * @disk_dev: the disk (the A record's own device)
 * @part_dev: device_from of the payload
 * @disk_sector: the A record's sector
 * @part_sector: sector_from of the payload
 *
 * A partition already known keeps its configured layout (the geometry and
 * --part are authoritative) but learns its disk. An impossible record
 * (disk sector before the partition sector) is counted in g->bad_remaps.
 *
 * Return: 0 or -ENOMEM.
 */
int wbf_geometry_learn_remap(struct wbf_geometry *g, uint32_t disk_dev,
			     uint32_t part_dev, uint64_t disk_sector,
			     uint64_t part_sector)
{
	struct wbf_part p = { .source = WBF_PART_REMAP };
	size_t i;

	if (disk_sector < part_sector || part_dev == disk_dev) {
		g->bad_remaps++;
		return 0;
	}
	for (i = 0; i < g->n; i++) {
		if (g->v[i].dev != part_dev)
			continue;
		if (!g->v[i].disk_dev && !g->v[i].is_disk)
			g->v[i].disk_dev = disk_dev;
		return 0;
	}
	p.dev = part_dev;
	p.disk_dev = disk_dev;
	p.start = disk_sector - part_sector;
	snprintf(p.name, sizeof(p.name), "%u,%u", MAJOR(part_dev),
		 MINOR(part_dev));
	if (WBF_GROW(g->v, g->cap, g->n + 1))
		return -ENOMEM;
	g->v[g->n++] = p;
	return 0;
}

/**
 * wbf_geometry_lookup() - which partition a (device, sector) belongs to
 * @g: layout
 * @dev: the record's device
 * @sector: its first sector
 *
 * Rules in geometry.h.
 *
 * Return: index into g->v, WBF_GEO_OTHER or WBF_GEO_WHOLE.
 */
int wbf_geometry_lookup(const struct wbf_geometry *g, uint32_t dev,
			uint64_t sector)
{
	int best = -1;
	bool any = false;
	size_t i;

	for (i = 0; i < g->n; i++)
		if (!g->v[i].is_disk && g->v[i].dev == dev)
			return (int)i;
	for (i = 0; i < g->n; i++) {
		const struct wbf_part *p = &g->v[i];

		if (p->is_disk || (p->disk_dev && p->disk_dev != dev))
			continue;
		any = true;
		if (p->start <= sector &&
		    (best < 0 || p->start > g->v[best].start))
			best = (int)i;
	}
	if (!any)
		return WBF_GEO_WHOLE;
	if (best < 0)
		return WBF_GEO_OTHER;
	if (g->v[best].nr_sects &&
	    sector - g->v[best].start >= g->v[best].nr_sects)
		return WBF_GEO_OTHER;
	return best;
}

/**
 * wbf_geometry_dev_name() - the name a layout gives a device
 * @g: layout
 * @dev: device
 *
 * Return: the name, or NULL when the layout does not name @dev.
 */
const char *wbf_geometry_dev_name(const struct wbf_geometry *g, uint32_t dev)
{
	size_t i;

	for (i = 0; i < g->n; i++)
		if (g->v[i].dev == dev && g->v[i].source != WBF_PART_REMAP)
			return g->v[i].name;
	return NULL;
}

/**
 * wbf_geometry_free() - release a layout
 * @g: layout
 */
void wbf_geometry_free(struct wbf_geometry *g)
{
	free(g->v);
	memset(g, 0, sizeof(*g));
}
