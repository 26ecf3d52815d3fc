/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The geometry file of a run directory: one line per block device,
 * "NAME MAJ,MIN DISK START SECTORS" (512-byte sectors, as in
 * /sys/block/DISK/PART/{start,size}); '#' starts a comment; a line whose
 * NAME equals its DISK describes the whole disk. wbsim writes it
 * (sim/drivers/disk.c), the experiment's guest writes it from sysfs,
 * wbfair reads it (analysis/geometry.c) and tests forge it: this is the one
 * writer in C.
 */
#ifndef WB_GEOMETRY_H
#define WB_GEOMETRY_H

#include <stdint.h>
#include <stdio.h>

int wb_geometry_write_header(FILE *f);
int wb_geometry_write_line(FILE *f, const char *name, uint32_t dev,
			   const char *disk, uint64_t start, uint64_t sectors);

#endif /* WB_GEOMETRY_H */
