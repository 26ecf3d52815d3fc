// SPDX-License-Identifier: GPL-2.0
/*
 * The [qemu] section: parameters of the real experiment's virtual machine
 * (tools/experiment/run.sh), which nothing in the simulator models. They
 * live in the option table machinery all the same so that wbsim is the
 * one reader of scenario files: `wbsim options --experiment` loads a file
 * with a [qemu] section, checks each value with file:line errors and
 * dumps the resolved set for the scripts (--flat). `wbsim run` does not
 * know the section, so a scenario that sets it cannot be simulated by
 * mistake as if the VM were modelled.
 */
#include <stdint.h>

#include "experiment.h"

static const char *const exp_fs_names[] = { "ext4", "ext3", NULL };
/* "": what the simulator's section says (queue.elevator, writeback.flusher) */
static const char *const exp_sched_names[] = {
	"", "none", "mq-deadline", "bfq", "kyber", NULL
};
static const char *const exp_sbfair_names[] = { "", "0", "1", NULL };
static const char *const exp_workload_names[] = { "dbench", "fio", NULL };
static const char *const exp_throttle_names[] = {
	"ioless", "legacy", "era", NULL
};

#define P(f) offsetof(struct experiment_params, f)

static const struct opt_desc experiment_opts[] = {
	/* 2^20 MiB/s: QEMU's bps limit is an int64 of bytes a second */
	{ "bandwidth", OPT_DOUBLE, P(bandwidth), "10", 0.001, 1048576,
	  "MiB/s", NULL,
	  "MiB/s of the data disk, QEMU's throttling.bps-total (10: the disk, not the TCG guest, is the bottleneck; run.sh says why)" },
	{ "iops", OPT_UINT, P(iops), "0", 0, 1000000, NULL, NULL,
	  "throttling.iops-total, 0 = none (and QEMU's request merging off, so that the limit counts the guest's requests)" },
	/* 64 MiB: four partitions of the 16 MiB run.sh allows at least;
	 * 1 TiB: a sparse image in the host's TMPDIR */
	{ "disk_size", OPT_SIZE, P(disk_size), "4G", 67108864, 1099511627776.0,
	  NULL, NULL, "data disk size" },
	{ "fs", OPT_ENUM, P(fs), "ext4", 0, 0, NULL, exp_fs_names,
	  "ext4, or ext3: ext4 without extent, flex_bg, uninit_bg, metadata_csum, 64bit, mounted data=ordered,nodelalloc" },
	{ "scheduler", OPT_ENUM, P(scheduler), "", 0, 0, NULL, exp_sched_names,
	  "the guest's blk-mq scheduler; empty: from queue.elevator (noop -> none, deadline -> mq-deadline, cfq -> bfq)" },
	{ "sb_fair", OPT_ENUM, P(sb_fair), "", 0, 0, NULL, exp_sbfair_names,
	  "vm.writeback_sb_fair; empty: 1 for writeback.flusher = bdi-fair, else 0" },
	{ "workload", OPT_ENUM, P(workload), "dbench", 0, 0, NULL,
	  exp_workload_names,
	  "dbench, or fio: one sequential buffered writer per partition (tools/experiment/fio-write.fio)" },
	{ "fio_size", OPT_SIZE, P(fio_size), "256M", 1, 1099511627776.0, NULL,
	  NULL, "bytes of each fio writer's file" },
	{ "throttle", OPT_ENUM, P(throttle), "ioless", 0, 0, NULL,
	  exp_throttle_names,
	  "the guest's vm.dirty_throttle (dirty_throttle= at boot); era: legacy for pdflush, bdi and bdi-fair, ioless for wq (IO-less throttling came in 3.2, after wq)" },
	{ NULL },
};

const struct opt_table experiment_opt_table = {
	"qemu", "the real experiment's VM (tools/experiment/run.sh; not simulated)",
	experiment_opts
};
