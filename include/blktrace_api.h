/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The blktrace binary format, as include/uapi/linux/blktrace_api.h defines
 * it and blkparse 1.2/btt 2.09 read it. Shared by the simulator's writer
 * and wbfair's reader: one definition of the format in the project.
 *
 * A record is this 48-byte header in the writer's native byte order,
 * followed by pdu_len bytes of payload. Readers detect the byte order from
 * the magic.
 */
#ifndef BLKTRACE_API_H
#define BLKTRACE_API_H

#include <stdint.h>

#define BLK_IO_TRACE_MAGIC	0x65617400
#define BLK_IO_TRACE_VERSION	0x07
#define BLK_IO_TRACE_MAGIC_MASK	0xffffff00

struct blk_io_trace {
	uint32_t magic;		/* MAGIC | VERSION */
	uint32_t sequence;	/* per (device, cpu), from 1 */
	uint64_t time;		/* ns */
	uint64_t sector;	/* 512-byte sectors */
	uint32_t bytes;
	uint32_t action;	/* category << 16 | action code */
	uint32_t pid;
	uint32_t device;	/* (major << 20) | minor */
	uint32_t cpu;
	uint16_t error;
	uint16_t pdu_len;
};

_Static_assert(sizeof(struct blk_io_trace) == 48, "blktrace record is 48 bytes");

/* Payload of a REMAP (A) record: always big-endian. */
struct blk_io_trace_remap {
	uint32_t device_from;	/* partition dev_t */
	uint32_t device_to;	/* disk dev_t */
	uint64_t sector_from;	/* partition-relative sector */
};

enum blktrace_cat {
	BLK_TC_READ	= 1 << 0,
	BLK_TC_WRITE	= 1 << 1,
	BLK_TC_FLUSH	= 1 << 2,
	BLK_TC_SYNC	= 1 << 3,
	BLK_TC_QUEUE	= 1 << 4,
	BLK_TC_REQUEUE	= 1 << 5,
	BLK_TC_ISSUE	= 1 << 6,
	BLK_TC_COMPLETE	= 1 << 7,
	BLK_TC_FS	= 1 << 8,
	BLK_TC_PC	= 1 << 9,
	BLK_TC_NOTIFY	= 1 << 10,
	BLK_TC_AHEAD	= 1 << 11,
	BLK_TC_META	= 1 << 12,
	BLK_TC_DISCARD	= 1 << 13,
};

#define BLK_TC_SHIFT		16
#define BLK_TC_ACT(act)		((uint32_t)(act) << BLK_TC_SHIFT)

enum blktrace_act {
	__BLK_TA_QUEUE = 1,
	__BLK_TA_BACKMERGE,
	__BLK_TA_FRONTMERGE,
	__BLK_TA_GETRQ,
	__BLK_TA_SLEEPRQ,
	__BLK_TA_REQUEUE,
	__BLK_TA_ISSUE,
	__BLK_TA_COMPLETE,
	__BLK_TA_PLUG,
	__BLK_TA_UNPLUG_IO,
	__BLK_TA_UNPLUG_TIMER,
	__BLK_TA_INSERT,
	__BLK_TA_SPLIT,
	__BLK_TA_BOUNCE,
	__BLK_TA_REMAP,
};

enum blktrace_notify {
	__BLK_TN_PROCESS = 0,	/* payload: 16-byte comm */
	__BLK_TN_TIMESTAMP,	/* payload: u32 sec, u32 nsec */
	__BLK_TN_MESSAGE,	/* payload: text */
};

#define BLK_TA_QUEUE		(__BLK_TA_QUEUE | BLK_TC_ACT(BLK_TC_QUEUE))
#define BLK_TA_BACKMERGE	(__BLK_TA_BACKMERGE | BLK_TC_ACT(BLK_TC_QUEUE))
#define BLK_TA_FRONTMERGE	(__BLK_TA_FRONTMERGE | BLK_TC_ACT(BLK_TC_QUEUE))
#define BLK_TA_GETRQ		(__BLK_TA_GETRQ | BLK_TC_ACT(BLK_TC_QUEUE))
#define BLK_TA_SLEEPRQ		(__BLK_TA_SLEEPRQ | BLK_TC_ACT(BLK_TC_QUEUE))
#define BLK_TA_REQUEUE		(__BLK_TA_REQUEUE | BLK_TC_ACT(BLK_TC_REQUEUE))
#define BLK_TA_ISSUE		(__BLK_TA_ISSUE | BLK_TC_ACT(BLK_TC_ISSUE))
#define BLK_TA_COMPLETE		(__BLK_TA_COMPLETE | BLK_TC_ACT(BLK_TC_COMPLETE))
#define BLK_TA_PLUG		(__BLK_TA_PLUG | BLK_TC_ACT(BLK_TC_QUEUE))
#define BLK_TA_UNPLUG_IO	(__BLK_TA_UNPLUG_IO | BLK_TC_ACT(BLK_TC_QUEUE))
#define BLK_TA_UNPLUG_TIMER	(__BLK_TA_UNPLUG_TIMER | BLK_TC_ACT(BLK_TC_QUEUE))
#define BLK_TA_INSERT		(__BLK_TA_INSERT | BLK_TC_ACT(BLK_TC_QUEUE))
#define BLK_TA_SPLIT		(__BLK_TA_SPLIT)
#define BLK_TA_BOUNCE		(__BLK_TA_BOUNCE)
#define BLK_TA_REMAP		(__BLK_TA_REMAP | BLK_TC_ACT(BLK_TC_QUEUE))

#define BLK_TN_PROCESS		(__BLK_TN_PROCESS | BLK_TC_ACT(BLK_TC_NOTIFY))
#define BLK_TN_TIMESTAMP	(__BLK_TN_TIMESTAMP | BLK_TC_ACT(BLK_TC_NOTIFY))
#define BLK_TN_MESSAGE		(__BLK_TN_MESSAGE | BLK_TC_ACT(BLK_TC_NOTIFY))

#define BLK_TN_COMM_LEN		16

#endif
