/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dev_t as the kernel keeps it internally (include/linux/kdev_t.h): 12 bits
 * of major above 20 bits of minor. blktrace records carry this form, so the
 * simulator that writes them and wbfair that reads them share one copy.
 */
#ifndef WB_KDEV_T_H
#define WB_KDEV_T_H

#include <stdint.h>
#include <stdio.h>

#define MINORBITS	20
#define MKDEV(ma, mi)	(((uint32_t)(ma) << MINORBITS) | (uint32_t)(mi))
#define MAJOR(dev)	((uint32_t)(dev) >> MINORBITS)
#define MINOR(dev)	((uint32_t)(dev) & ((1U << MINORBITS) - 1))

/* "MAJ:MIN" as tracepoints print a dev_t (e.g. sb=8:1); 0 if it is not */
static inline uint32_t wb_parse_maj_min(const char *s)
{
	unsigned int ma, mi;

	return sscanf(s, "%u:%u", &ma, &mi) == 2 ? MKDEV(ma, mi) : 0;
}

#endif /* WB_KDEV_T_H */
