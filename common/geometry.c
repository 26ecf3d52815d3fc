// SPDX-License-Identifier: GPL-2.0
#include <errno.h>

#include "wb/geometry.h"
#include "wb/kdev_t.h"

/**
 * wb_geometry_write_header() - the comment line naming the columns
 * @f: the geometry file
 *
 * Return: 0 or -EIO.
 */
int wb_geometry_write_header(FILE *f)
{
	return fputs("# dev maj,min disk start sectors\n", f) < 0 ? -EIO : 0;
}

/**
 * wb_geometry_write_line() - one device of a geometry file
 * @f: the geometry file
 * @name: the device (sda1; the disk itself for its whole-disk line)
 * @dev: its kernel-internal dev_t (MKDEV)
 * @disk: the disk it is on
 * @start: first sector on the disk
 * @sectors: length in sectors
 *
 * Return: 0 or -EIO.
 */
int wb_geometry_write_line(FILE *f, const char *name, uint32_t dev,
			   const char *disk, uint64_t start, uint64_t sectors)
{
	return fprintf(f, "%s %u,%u %s %llu %llu\n", name, MAJOR(dev),
		       MINOR(dev), disk, (unsigned long long)start,
		       (unsigned long long)sectors) < 0 ? -EIO : 0;
}
