/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Big-endian loads and stores, the one copy for sim, analysis and tests.
 *
 * blktrace payloads (the queue depth of a BLK_TN_MESSAGE-less unplug, the
 * from-device and from-sector of a remap) are big-endian whatever the byte
 * order of the record around them: the kernel writes them with
 * cpu_to_be32/cpu_to_be64 (kernel/trace/blktrace.c), so the readers and
 * writers here do byte by byte what those do.
 */
#ifndef WB_BYTEORDER_H
#define WB_BYTEORDER_H

#include <stdint.h>

static inline void put_be32(unsigned char *p, uint32_t v)
{
	for (int i = 3; i >= 0; i--, v >>= 8)
		p[i] = (unsigned char)v;
}

static inline void put_be64(unsigned char *p, uint64_t v)
{
	for (int i = 7; i >= 0; i--, v >>= 8)
		p[i] = (unsigned char)v;
}

static inline uint32_t get_be32(const unsigned char *p)
{
	uint32_t v = 0;

	for (int i = 0; i < 4; i++)
		v = v << 8 | p[i];
	return v;
}

static inline uint64_t get_be64(const unsigned char *p)
{
	uint64_t v = 0;

	for (int i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

#endif /* WB_BYTEORDER_H */
