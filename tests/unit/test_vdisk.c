// SPDX-License-Identifier: GPL-2.0
/*
 * The throttled virtio disk (sim/drivers/vdisk.c) on hand-computed cases of QEMU's
 * leaky buckets (util/throttle.c): the avg / 10 burst, the wait of
 * (level - size) / avg, FIFO admission, the iops bucket with iops-size,
 * a burst limit with its length, and the host's time after admission.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../../sim/drivers/vdisk.h"
#include "check.h"

#define MS	1000000LL

/*
 * bps-total = 10 MiB/s, no burst setting: the bucket holds avg / 10 =
 * 1,048,576 bytes. Three 512 KiB requests at t = 0 pass at once (the
 * third finds the level at exactly 1 MiB: not over); the fourth waits
 * (1,572,864 - 1,048,576) / 10,485,760 s = 50 ms, the fifth 50 ms more;
 * after 10 s idle the bucket is empty and the sixth passes at once.
 */
static void test_bps(void)
{
	struct vdisk_throttle t = { .bps = { .avg = 10485760, .burst_length = 1 },
				    .iops = { .burst_length = 1 } };

	CHECK_EQ_U64(vdisk_throttle_admit(&t, 524288, 0), 0);
	CHECK_EQ_U64(vdisk_throttle_admit(&t, 524288, 0), 0);
	CHECK_EQ_U64(vdisk_throttle_admit(&t, 524288, 0), 0);
	CHECK_EQ_U64(vdisk_throttle_admit(&t, 524288, 0), 50 * MS);
	CHECK_EQ_U64(vdisk_throttle_admit(&t, 524288, 0), 100 * MS);
	/* one arriving later still waits behind the queue */
	CHECK_EQ_U64(vdisk_throttle_admit(&t, 4096, 60 * MS), 150 * MS);
	CHECK_EQ_U64(vdisk_throttle_admit(&t, 524288, 10000 * MS), 10000 * MS);
	CHECK_NEAR(t.bps.level, 524288, 1e-9);
}

/*
 * iops-total = 10: the bucket holds 1 operation. Two pass at t = 0 (the
 * second finds level 1: not over), the third waits 0.1 s. With iops-size
 * 4096 an 8 KiB request counts 2: after it (level 2, over by 1) the next
 * waits (2 - 1) / 10 s = 100 ms, and the one after it 100 ms more.
 */
static void test_iops(void)
{
	struct vdisk_throttle t = { .bps = { .burst_length = 1 },
				    .iops = { .avg = 10, .burst_length = 1 } };

	CHECK_EQ_U64(vdisk_throttle_admit(&t, 1 << 20, 0), 0);
	CHECK_EQ_U64(vdisk_throttle_admit(&t, 1 << 20, 0), 0);
	CHECK_EQ_U64(vdisk_throttle_admit(&t, 1 << 20, 0), 100 * MS);

	memset(&t, 0, sizeof(t));
	t.bps.burst_length = 1;
	t.iops = (struct vdisk_bucket){ .avg = 10, .burst_length = 1 };
	t.op_size = 4096;
	CHECK_EQ_U64(vdisk_throttle_admit(&t, 8192, 0), 0);
	CHECK_EQ_U64(vdisk_throttle_admit(&t, 4096, 0), 100 * MS);
	CHECK_EQ_U64(vdisk_throttle_admit(&t, 4096, 0), 200 * MS);
}

/*
 * bps-total 1 MB/s, bps-total-max 2 MB/s for 2 s: the main bucket holds
 * max * length = 4 MB, the burst bucket max / 10 = 200 kB and leaks at
 * 2 MB/s. 100 kB requests: three pass at t = 0 (burst level 0, 100 kB,
 * 200 kB: not over), the fourth waits 100 kB / 2 MB/s = 50 ms, the fifth
 * 50 ms more: the burst runs at bps-total-max.
 */
static void test_burst(void)
{
	struct vdisk_throttle t = {
		.bps = { .avg = 1e6, .max = 2e6, .burst_length = 2 },
		.iops = { .burst_length = 1 } };

	for (int i = 0; i < 3; i++)
		CHECK_EQ_U64(vdisk_throttle_admit(&t, 100000, 0), 0);
	CHECK_EQ_U64(vdisk_throttle_admit(&t, 100000, 0), 50 * MS);
	CHECK_EQ_U64(vdisk_throttle_admit(&t, 100000, 0), 100 * MS);
	/* main level: 500 kB less 0.1 s x 1 MB/s */
	CHECK_NEAR(t.bps.level, 400000, 1e-9);
}

/*
 * Through the disk: one 512 KiB write on an idle vdisk completes after
 * host_latency + bytes / min(host_bandwidth, bus_rate):
 * 100 us + 524288 B / 600 MB/s = 100,000 + 873,813 ns; a second one
 * admitted at once waits for the host's data path.
 */
static void test_access(void)
{
	struct sim sim;
	struct disk d;
	struct disk_params p;
	void *vp = calloc(1, vdisk_ops.params_size);
	char err[OPT_ERR_MAX];
	struct request rq = { .sector = 2048, .nr_sectors = 1024,
			      .cmd_flags = REQ_WRITE };

	memset(&d, 0, sizeof(d));
	CHECK(sim_init(&sim, 1) == 0);
	CHECK(opt_set_defaults(&disk_opt_table, &p) == 0);
	CHECK(opt_set_defaults(vdisk_ops.options, vp) == 0);
	CHECK(opt_parse(opt_find(&disk_opt_table, "model"), &p, "vdisk", err,
			sizeof(err)) == 0);
	CHECK(opt_parse(opt_find(&disk_opt_table, "bus_rate"), &p, "600", err,
			sizeof(err)) == 0);
	CHECK(opt_parse(opt_find(&disk_opt_table, "overhead"), &p, "0", err,
			sizeof(err)) == 0);
	CHECK(disk_init(&d, &sim, &p, vp, 0) == 0);
	CHECK_EQ_U64(d.ops->access(&d, &rq, 0), 100000 + 873813);
	CHECK_EQ_U64(d.ops->access(&d, &rq, 0), 100000 + 2 * 873813);
	CHECK_EQ_U64(d.ops->position_time(&d, &rq, 0), 0);
	disk_exit(&d);
	sim_exit(&sim);

	/* QEMU's rule: a burst length needs a burst rate */
	CHECK(opt_parse(opt_find(vdisk_ops.options, "bps_total_max_length"),
			vp, "2", err, sizeof(err)) == 0);
	memset(&d, 0, sizeof(d));
	CHECK(sim_init(&sim, 1) == 0);
	CHECK(disk_init(&d, &sim, &p, vp, 0) == -EINVAL);
	sim_exit(&sim);
	/* the check op blames the option, so the scenario can say where */
	{
		const char *key = NULL;
		char why[128];

		CHECK(vdisk_ops.check(vp, &key, why, sizeof(why)) == -EINVAL);
		CHECK(key && strcmp(key, "vdisk.bps_total_max_length") == 0);
		CHECK(strcmp(why, "burst length set without burst rate") == 0);
	}
	free(vp);
}

int main(void)
{
	test_bps();
	test_iops();
	test_burst();
	test_access();
	return check_status("test_vdisk");
}
