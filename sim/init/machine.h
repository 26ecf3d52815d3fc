/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The simulated machine of one run: the event engine, the CPUs, memory,
 * the disks with their request queues and bdis, the mounted superblocks
 * and the flusher model. Everything of a run hangs off one struct machine;
 * there is no global state, so a matrix can run cells side by side.
 */
#ifndef WBSIM_MACHINE_H
#define WBSIM_MACHINE_H

#include <stdio.h>

#include "mm/backing-dev.h"
#include "drivers/disk.h"
#include "fs/fs.h"
#include "block/io-writer.h"
#include "mm/mm.h"
#include "lib/proportions.h"
#include "kernel/sched.h"
#include "kernel/sim.h"
#include "mm/writeback.h"

struct machine_disk {
	struct disk disk;
	struct request_queue q;
	struct backing_dev_info bdi;
	bool trace_limit_warned;	/* its blktrace hit --max-trace-size */
};

/**
 * struct machine - a run
 * @vm_completions: bdi shares of writeback completions (bdi_thresh)
 * @vm_fcompletions, @writeout_period: the same as 6.1 keeps them
 *	(vm.bdi_share = flex): flexible proportions, a new period every
 *	VM_COMPLETIONS_PERIOD_LEN while there are completions to age
 * @other_writeout, @other_written, @other_completions,
 * @other_fcompletions: vm.other_writeout, the completions of a device
 *	outside the run, as a bdi's in both proportions
 * @vm_dirties: task shares of dirtied pages (task_dirty_limit)
 * @congestion_wqh: congestion_wait() sleepers, [0] async [1] sync
 * @dirty_throttled: balance_dirty_pages calls that throttled a task
 */
struct machine {
	struct sim sim;
	struct cpu_sched cs;
	struct mm mm;
	struct writeback_params wbp;
	const struct flusher_type *flusher;
	void *flusher_priv;
	struct machine_disk **disks;	/* sim.disks of them, sda first */
	int nr_disks;
	struct list_head super_blocks;
	struct super_block bdev_sb;	/* owns the partitions' buffer inodes */
	struct list_head bdi_list;
	struct prop_descriptor vm_completions;
	struct fprop_global vm_fcompletions;
	struct sim_event writeout_period;
	struct sim_event other_writeout;
	uint64_t other_written;
	struct prop_local other_completions;
	struct fprop_local other_fcompletions;
	struct prop_descriptor vm_dirties;
	struct wait_queue_head congestion_wqh[2];
	FILE *trace;
	uint64_t dirty_throttled;
	sim_time_t dirty_throttled_ns;
	bool dirty_limit_hit;
	uint64_t next_ino;
	uint64_t nr_inodes_in_use;	/* inodes_stat.nr_inodes - nr_unused */
	struct io_writers writers;	/* who wrote what reached the disk */
	struct list_head wb_bios;	/* page write bios in flight */
	struct flusher_stats {
		uint64_t thread_starts, thread_exits;
		sim_time_t first_thread_start, last_thread_exit;
		uint64_t sync_supers_runs;
		sim_time_t last_sync_supers;
		uint64_t works, kupdate_runs;
		/* pages queued for writing by the flusher threads' writeback
		 * loops and by dirtiers in balance_dirty_pages; what completed,
		 * from every path, is in @writers */
		uint64_t flusher_pages_submitted, dirtier_pages_submitted;
	} fst;
};

struct scenario;

int machine_init(struct machine *m, struct scenario *s, const char *outdir,
		 char *err, size_t errlen);
int machine_exit(struct machine *m, char *failed, size_t len);
bool machine_blktrace_wanted(const struct scenario *s);
struct backing_dev_info *machine_bdi_of(struct machine *m,
					struct block_device *bdev);

#endif
