/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The block layer as of v2.6.30 (legacy request_queue, before blk-mq):
 * bios, requests, the request queue with plugging, merging, request
 * allocation and congestion, and the elevator that orders requests.
 * Names follow include/linux/blkdev.h and block/blk-core.c.
 *
 * Sectors are 512 bytes. A bio's sector is relative to its block device
 * (partition) until blk_partition_remap() makes it a disk sector; requests
 * always hold disk sectors.
 */
#ifndef WBSIM_BLKDEV_H
#define WBSIM_BLKDEV_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/list.h"
#include "lib/rbtree.h"
#include "lib/options.h"
#include "kernel/sim.h"

typedef uint64_t sector_t;

#define SECTOR_SHIFT	9
#define SECTOR_SIZE	512

/* dev_t as the kernel keeps it internally (and blktrace records it) */
#include "wb/kdev_t.h"
#define SCSI_DISK0_MAJOR 8	/* sda = 8,0; sda1 = 8,1; sdb = 8,16 */

/* bio/request flags (the subset that changes what the block layer does). */
#define REQ_WRITE	(1U << 0)	/* else read */
#define REQ_SYNC	(1U << 1)	/* sync write (fsync, O_SYNC, O_DIRECT) */
#define REQ_META	(1U << 2)	/* filesystem metadata */
#define REQ_UNPLUG	(1U << 3)	/* unplug the queue after queueing */

struct request_queue;
struct gendisk;

/**
 * struct block_device - a whole disk or one partition of it
 * @devt: MKDEV(major, minor)
 * @start_sect, @nr_sects: the LBA range on the disk (whole disk: 0, size)
 *
 * The per-partition counters are what the simulator itself saw complete;
 * tests compare them with what blkparse reads back from the trace.
 */
struct block_device {
	uint32_t devt;
	int partno;			/* 0 = whole disk */
	char name[16];			/* "sda1" */
	sector_t start_sect;
	sector_t nr_sects;
	struct gendisk *disk;
	/* completed I/O, by direction: [0] read, [1] write */
	uint64_t sectors_done[2];
	uint64_t ios_done[2];
};

#define DISK_MAX_PARTS	15

struct gendisk {
	char name[16];			/* "sda" */
	struct block_device part0;	/* the whole disk */
	struct block_device part[DISK_MAX_PARTS];
	int nr_parts;
	struct request_queue *queue;
	struct disk *dev;		/* the device model behind it */
};

struct bio;
struct io_writer;
typedef void (bio_end_io_t)(struct bio *bio, int error);
typedef void (bio_wake_t)(struct bio *bio);

/**
 * struct bio - one contiguous I/O as the submitter sees it
 * @bi_wake: called when a submitter that slept in get_request got its
 *	request (see blk_submit_bio()); may be NULL
 */
struct bio {
	sector_t bi_sector;
	uint32_t bi_size;		/* bytes, a multiple of 512 */
	uint32_t bi_rw;			/* REQ_* */
	struct block_device *bi_bdev;
	uint32_t bi_pid;		/* submitting task */
	uint32_t bi_cpu;		/* CPU it was submitted on */
	const char *bi_comm;		/* task name, for blktrace notify */
	bio_end_io_t *bi_end_io;
	bio_wake_t *bi_wake;
	void *bi_private;
	struct bio *bi_next;		/* chain in a request / wait list */
	sim_time_t bi_queue_time;	/* set by the block layer (Q) */
	/* set by the block layer: the bdev submitted to, before remapping */
	struct block_device *bi_part;
	/* a write: who submitted it (io-writer.h), credited on completion */
	struct io_writer *bi_writer;
};

/**
 * struct request - what the elevator sorts and the driver services
 *
 * @queuelist: on the elevator's FIFO or on the dispatch list
 * @hash_next: back-merge hash chain keyed by the end sector
 * @elv_priv: scheduler-private data (CFQ: its cfq_queue)
 * @fifo_time: deadline of this request for deadline/CFQ FIFOs
 */
struct request {
	struct list_head queuelist;
	struct request *hash_next;
	struct request_queue *q;
	sector_t sector;		/* disk sector */
	uint32_t nr_sectors;
	uint32_t cmd_flags;		/* REQ_* of the first bio */
	uint32_t pid;			/* pid of the first bio */
	uint32_t cpu;
	const char *comm;
	struct bio *bio, *biotail;
	uint32_t nr_bios;
	sim_time_t start_time;		/* allocation (G) */
	sim_time_t fifo_time;
	sim_time_t issue_time;		/* D */
	int errors;			/* -errno of the completion, for C */
	void *elv_priv[2];
	struct rb_node rb_node;		/* elevator's sector-sorted tree */
	bool on_hash;
	bool in_flight;
};

static inline bool rq_is_sync(const struct request *rq)
{
	return !(rq->cmd_flags & REQ_WRITE) || (rq->cmd_flags & REQ_SYNC);
}

static inline int rq_data_dir(const struct request *rq)
{
	return (rq->cmd_flags & REQ_WRITE) ? 1 : 0;
}

static inline bool bio_is_sync(const struct bio *bio)
{
	return !(bio->bi_rw & REQ_WRITE) || (bio->bi_rw & REQ_SYNC);
}

static inline sector_t rq_end_sector(const struct request *rq)
{
	return rq->sector + rq->nr_sectors;
}

/* Tunables of the request queue ([queue] section). */
struct queue_params {
	unsigned int nr_requests;	/* per sync/async list, 128; or all */
	unsigned int max_sectors_kb;	/* largest request built by merging */
	unsigned int unplug_thresh;	/* queued requests that unplug, 4 */
	sim_time_t unplug_delay;	/* plug timer, 3 ms */
	int elevator;			/* index into elevator_names */
	bool nomerges;
	bool mq;			/* blk-mq's tags and plug (6.1) */
};

extern const struct opt_table queue_opt_table;

struct elevator_type;

struct elevator_queue {
	const struct elevator_type *type;
	void *elevator_data;		/* the scheduler's own state */
	void *params;			/* its option struct */
	struct request *hash_head[256];	/* back-merge hash */
};

/* Counters kept by the queue for reports and tests. */
struct queue_stats {
	uint64_t nr_bios;
	uint64_t nr_sync_write_bios;	/* fsync, O_SYNC, journal commits */
	uint64_t nr_requests_alloc;
	uint64_t nr_back_merges, nr_front_merges, nr_rq_merges;
	uint64_t nr_sleeps;		/* submitters that slept for a request */
	uint64_t nr_congestion_on;	/* transitions to congested */
	uint64_t nr_dispatched, nr_completed;
};

/**
 * struct request_queue - one per disk
 *
 * @count: allocated requests, [0] async, [1] sync (v2.6.30 request_list)
 * @congested: per-list congestion flags (BLK_RW_ASYNC/BLK_RW_SYNC)
 * @wait: submitters sleeping for a request, per list, as chains of bios
 * @queue_head: the dispatch list the driver takes requests from
 */
struct request_queue {
	struct sim *sim;
	struct queue_params p;
	struct gendisk *disk;
	struct elevator_queue elevator;
	struct list_head queue_head;
	struct request *last_merge;
	unsigned int count[2];
	bool congested[2];
	unsigned int congestion_on, congestion_off;	/* derived: 113 / 103 */
	struct bio *wait_head[2], *wait_tail[2];
	unsigned int nr_sorted;		/* requests in the elevator */
	unsigned int in_flight[2];	/* dispatched, not completed */
	sector_t end_sector;		/* where the last dispatch ended */
	sector_t boundary_rq_sector;
	bool plugged;
	struct sim_event unplug_timer;
	struct request *free_rqs;	/* request allocation cache */
	struct blk_rq_chunk *rq_chunks;	/* what free_rqs was carved from */
	bool in_request_fn;		/* request_fn running: don't recurse */
	bool rerun_request_fn;		/* run it again when it returns */
	struct blk_trace *blk_trace;	/* NULL: not tracing */
	struct queue_stats stats;
	/* called when a list stops being congested (clear_bdi_congested) */
	void (*congestion_clear)(struct request_queue *q, int list);
	void *congestion_data;
	/* the driver: called whenever there may be work for the device */
	void (*request_fn)(struct request_queue *q);
	void *queuedata;
};

#define BLK_RW_ASYNC	0
#define BLK_RW_SYNC	1

int blk_init_queue(struct request_queue *q, struct sim *sim,
		   const struct queue_params *p, void *elevator_params);
void blk_cleanup_queue(struct request_queue *q);
int blk_submit_bio(struct request_queue *q, struct bio *bio);
struct request *blk_fetch_request(struct request_queue *q);
void blk_end_request(struct request *rq, int error);
void blk_run_queue(struct request_queue *q);
void blk_unplug(struct request_queue *q);

static inline bool bdi_write_congested(const struct request_queue *q)
{
	return q->congested[BLK_RW_ASYNC];
}

static inline bool bdi_read_congested(const struct request_queue *q)
{
	return q->congested[BLK_RW_SYNC];
}

#endif
