/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Partition layout: which sectors of which disk belong to which partition.
 *
 * The kernel traces one request queue per disk, so two partitions of one
 * disk are traced together, with disk sectors; a completion is attributed
 * to a partition by its first sector. The layout comes from, in order of
 * precedence:
 *   - a geometry file (RUN/geometry or --geometry FILE): one line per
 *     device, "NAME MAJ,MIN DISK START SECTORS", '#' starts a comment;
 *     a line whose NAME equals its DISK describes the whole disk;
 *   - --part [NAME=]MAJ,MIN:START:SECTORS options (disk unknown: they apply
 *     to whichever disk is traced);
 *   - REMAP (A) records in the trace: {partition dev, disk dev, partition
 *     sector} with the disk sector in the record, so the partition starts at
 *     sector - sector_from. Its size is unknown: it reaches up to the next
 *     known partition start on that disk.
 *
 * Lookup of a (device, sector):
 *   1. a device that IS a partition (a partition traced by itself, or a
 *      partition line of the geometry): that partition, sector ignored;
 *   2. a partition of that disk (or of an unknown disk) whose range holds
 *      the sector;
 *   3. the disk has partitions but none holds the sector: "other";
 *   4. the device has no known partitions: the whole device.
 */
#ifndef WBFAIR_GEOMETRY_H
#define WBFAIR_GEOMETRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

#include "wb/kdev_t.h"

#define WBF_NAME_MAX	32

enum wbf_part_source {
	WBF_PART_GEOMETRY,
	WBF_PART_OPTION,
	WBF_PART_REMAP,
};

struct wbf_part {
	char name[WBF_NAME_MAX];
	char disk[WBF_NAME_MAX];	/* "" when unknown */
	uint32_t dev;
	uint32_t disk_dev;		/* 0 when unknown */
	uint64_t start;
	uint64_t nr_sects;		/* 0: unknown (up to the next start) */
	bool is_disk;			/* whole-disk line of a geometry file */
	enum wbf_part_source source;
};

struct wbf_geometry {
	struct wbf_part *v;
	size_t n, cap;
	uint64_t bad_remaps;	/* A records with sector < sector_from */
};

/* Lookup results other than a partition index. */
#define WBF_GEO_WHOLE	(-1)	/* device without known partitions */
#define WBF_GEO_OTHER	(-2)	/* disk with partitions, sector in none */

int wbf_geometry_parse(struct wbf_geometry *g, const char *name,
		       const void *data, size_t len, struct wbf_err *e);
int wbf_geometry_load(struct wbf_geometry *g, const char *path,
		      struct wbf_err *e);
int wbf_geometry_add_option(struct wbf_geometry *g, const char *arg,
			    struct wbf_err *e);
int wbf_geometry_learn_remap(struct wbf_geometry *g, uint32_t disk_dev,
			     uint32_t part_dev, uint64_t disk_sector,
			     uint64_t part_sector);
int wbf_geometry_lookup(const struct wbf_geometry *g, uint32_t dev,
			uint64_t sector);
const char *wbf_geometry_dev_name(const struct wbf_geometry *g, uint32_t dev);
void wbf_geometry_free(struct wbf_geometry *g);

#endif
