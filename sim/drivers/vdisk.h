/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A virtio disk throttled by QEMU's I/O limits (-drive throttling.*),
 * with the host's disk behind it: sim/drivers/vdisk.c. The throttle's leaky
 * buckets are exposed for the unit test (tests/unit/test_vdisk.c).
 */
#ifndef WBSIM_VDISK_H
#define WBSIM_VDISK_H

#include "disk.h"

extern const struct disk_ops vdisk_ops;

/*
 * One of QEMU's LeakyBuckets (include/qemu/throttle.h): @avg units a
 * second leak out, @max with @burst_length seconds is the burst allowed
 * above it; @level and @burst_level are what is in the bucket now.
 */
struct vdisk_bucket {
	double avg;
	double max;
	unsigned int burst_length;
	double level;
	double burst_level;
};

/* The buckets this model has: bps-total and iops-total (both directions). */
struct vdisk_throttle {
	struct vdisk_bucket bps;
	struct vdisk_bucket iops;
	uint64_t op_size;		/* iops-size: bytes that count as one op */
	sim_time_t previous_leak;
	sim_time_t last_admit;		/* FIFO: none passes an earlier one */
};

void vdisk_bucket_leak(struct vdisk_bucket *b, sim_time_t delta_ns);
sim_time_t vdisk_bucket_wait(const struct vdisk_bucket *b);
sim_time_t vdisk_throttle_admit(struct vdisk_throttle *t, uint64_t bytes,
				sim_time_t now);

#endif
