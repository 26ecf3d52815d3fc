/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Storage devices behind a request queue. struct disk is the generic part
 * (the "driver"): it takes requests from the queue while it has a free
 * command slot, keeps up to queue_depth commands (1 = PATA, N = NCQ with
 * shortest-positioning-time-first), and completes them when the model says
 * the data is transferred. The models, one file and one ops table each, say
 * how long a command takes: hdd.c (rotational) and ssd.c.
 *
 * A disk is also a gendisk: sda = 8,0 with partitions sda1 = 8,1 ... as LBA
 * ranges, the second disk sdb = 8,16, and so on, as the sd driver numbers
 * them.
 */
#ifndef WBSIM_DISK_H
#define WBSIM_DISK_H

#include <stdio.h>

#include "block/blkdev.h"
#include "lib/options.h"
#include "kernel/sim.h"

/* [disk] section: what every device model has. */
struct disk_params {
	int model;			/* index into disk_models */
	uint64_t capacity;		/* bytes */
	unsigned int queue_depth;	/* 1: PATA, no queueing; N: NCQ */
	bool write_cache;		/* complete writes once in the cache */
	uint64_t cache_size;		/* bytes of on-disk write cache */
	sim_time_t overhead;		/* controller overhead per command */
	double bus_rate;		/* interface MB/s (10^6 bytes/s) */
	struct opt_list partitions;	/* "30%,40%,rest" or sizes; "" none */
	char disksim[OPT_STR_MAX];	/* DiskSim .parv describing the drive */
	char disksim_where[OPT_STR_MAX];	/* "FILE:LINE" that set it, or "" */
};

extern const struct opt_table disk_opt_table;

struct disk;
struct hdd_ds;

struct disk_ops {
	const char *name;		/* "hdd", "ssd" */
	const struct opt_table *options;	/* the model's own section */
	size_t params_size;
	/*
	 * optional: the model's own options checked together (the table
	 * checks each alone); on -EINVAL *@key names the option to blame,
	 * so the caller can say where it was set
	 */
	int (*check)(const void *params, const char **key, char *why,
		     size_t n);
	int (*init)(struct disk *d);
	void (*exit)(struct disk *d);
	/* time until the media could start transferring @rq; no side effects */
	sim_time_t (*position_time)(struct disk *d, const struct request *rq,
				    sim_time_t now);
	/* service @rq starting at @now; returns its completion time */
	sim_time_t (*access)(struct disk *d, const struct request *rq,
			     sim_time_t now);
};

extern const struct disk_ops hdd_ops;
extern const struct disk_ops ssd_ops;
extern const struct disk_ops *const disk_models[];	/* NULL-terminated */
extern const char *const disk_model_names[];

struct disk_stats {
	sim_time_t busy_ns;		/* time with >= 1 command in the device */
	uint64_t nr_cmds[2];		/* completed, [0] read [1] write */
	uint64_t sectors[2];
	uint64_t seek_cyls;		/* sum of seek distances (hdd) */
};

/**
 * struct disk - a device and its gendisk
 * @model_params: the model's option struct ([hdd] or [ssd])
 * @model: the model's private state
 */
/*
 * Commands a device may hold: SATA NCQ 32, virtio-blk's virtqueue 256
 * (QEMU's default queue-size; 6.1's virtio_blk takes the queue's free
 * descriptors as its tag depth, and QEMU offers indirect descriptors).
 */
#define DISK_MAX_QUEUE_DEPTH	256

struct disk {
	struct sim *sim;
	struct disk_params p;
	const struct disk_ops *ops;
	void *model_params;
	void *model;
	struct hdd_ds *disksim;		/* from p.disksim, or NULL */
	struct gendisk gd;
	struct request_queue *q;
	unsigned int in_flight;		/* commands the device holds */
	struct request *cmds[DISK_MAX_QUEUE_DEPTH];	/* command slots */
	sim_time_t cmd_since[DISK_MAX_QUEUE_DEPTH];	/* when each was taken */
	sim_time_t cmd_done[DISK_MAX_QUEUE_DEPTH];	/* SIM_TIME_MAX: waiting */
	unsigned int nr_started;	/* held commands the model is servicing */
	unsigned int parallel;		/* commands the model services at once:
					 * 1 for a disk arm, channels for an SSD;
					 * set by the model's init */
	struct sim_event done_ev;
	sim_time_t busy_since;
	struct disk_stats stats;
};

/*
 * NCQ aging bound: a command held this long is serviced before any younger
 * one, oldest first, so shortest-positioning-time-first cannot starve it.
 * Saturated with 32 random 4 KiB reads, SPTF serves one every ~5.3 ms, so
 * a command waits ~170 ms on average with a long tail. Measured with the
 * default disk: a 250 ms bound ages so many commands that service falls to
 * FIFO's 11.9 ms per read, 500 ms still costs 8%, 1 s is within 0.2% of
 * pure SPTF. Worst case wait: 1 s plus the services of up to 31 older
 * commands, far inside the 30 s SCSI command timeout.
 */
#define DISK_NCQ_AGE_LIMIT	(1000 * NSEC_PER_MSEC)

/* One partition's LBA range, as disk_parse_partitions() lays it out. */
struct disk_part_range {
	sector_t start;
	sector_t nr;
};

int disk_parse_partitions(const struct opt_list *spec, uint64_t capacity,
			  struct disk_part_range *parts, int *nr_parts,
			  char *err, size_t errlen);
unsigned int disk_ncq_pick(const sim_time_t *pos, const sim_time_t *since,
			   unsigned int n, sim_time_t now,
			   sim_time_t age_limit);
/* sd.c's limit: three letters, sda..sdzzz */
#define SD_MAX_DISKS	(((26 * 26) + 26 + 1) * 26)

int disk_sd_devt(int index, char *name, size_t len, uint32_t *devt);
int disk_init(struct disk *d, struct sim *sim, const struct disk_params *p,
	      void *model_params, int index);
void disk_exit(struct disk *d);
void disk_attach_queue(struct disk *d, struct request_queue *q);
struct block_device *disk_find_bdev(struct disk *d, uint32_t devt);
struct block_device *disk_sector_to_part(struct disk *d, sector_t sector);
void disk_write_geometry(struct disk *d, FILE *f);

#endif
