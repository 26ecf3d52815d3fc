// SPDX-License-Identifier: GPL-2.0
/*
 * Virtio disk throttled by QEMU's I/O limits, the data disk of this
 * project's real experiment (tools/experiment/run.sh: -drive
 * throttling.bps-total=10 MiB/s, cache=none, aio=threads).
 *
 * The guest's requests reach QEMU through the virtqueue at once; QEMU's
 * throttle group (block/throttle-groups.c) then admits them one at a time,
 * in arrival order, through leaky buckets (util/throttle.c, QEMU 7.2):
 *
 *  - a bucket leaks @avg units a second (bytes for bps-total, operations
 *    for iops-total; an operation larger than iops-size counts
 *    size / iops-size); throttle_leak_bucket();
 *  - a request may start when every bucket is at or under its size:
 *    avg / 10 without a burst limit (so 0.1 s worth passes at once after
 *    an idle spell), max * burst_length with one, and then also the burst
 *    bucket (leaking at @max) under max / 10; otherwise it waits
 *    (level - size) / avg seconds, the largest wait of the buckets;
 *    throttle_compute_wait();
 *  - once admitted its whole size is added to the level
 *    (throttle_account()), so the level may overshoot by one request:
 *    the check is before the accounting, as in
 *    throttle_group_co_io_limits_intercept();
 *  - a request queued behind another waits for it (the CoQueue is FIFO:
 *    throttle-groups.c queues a request whenever one is pending).
 *
 * Admitted, a request goes to the host's disk: an O_DIRECT write to an
 * image file on a fast device, modelled as a fixed latency plus a transfer
 * at the host's bandwidth, one transfer after another. Neither figure is
 * measured; at 10 MiB/s a 512 KiB request is held 50 ms by the throttle
 * and about 0.6 ms by the host, so the throttle decides.
 *
 * Not modelled: the bps-read/-write and iops-read/-write buckets (the
 * experiment sets totals only), QEMU's round robin between the members of
 * a throttle group (one member here), virtio-blk's merging of contiguous
 * requests (it changes nothing for a bytes limit) and the cost of TCG's
 * emulation of the virtqueue.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "vdisk.h"

struct vdisk_params {
	uint64_t bps_total;		/* bytes/s; 0: no limit */
	uint64_t bps_total_max;
	unsigned int bps_total_max_length;
	unsigned int iops_total;
	unsigned int iops_total_max;
	unsigned int iops_total_max_length;
	uint64_t iops_size;
	sim_time_t host_latency;
	double host_bandwidth;		/* MB/s */
};

#define P(f)	offsetof(struct vdisk_params, f)
static const struct opt_desc vdisk_opts[] = {
	{ "bps_total", OPT_SIZE, P(bps_total), "10M", 0, 0, "bytes/s",
	  NULL, "QEMU throttling.bps-total: bytes a second, reads and writes (0: none)" },
	{ "bps_total_max", OPT_SIZE, P(bps_total_max), "0", 0, 0, "bytes/s",
	  NULL, "throttling.bps-total-max: burst rate (0: bursts of bps_total / 10)" },
	{ "bps_total_max_length", OPT_UINT, P(bps_total_max_length), "1", 1,
	  86400, "s", NULL, "throttling.bps-total-max-length: seconds a burst may last" },
	{ "iops_total", OPT_UINT, P(iops_total), "0", 0, 1e9, "ops/s",
	  NULL, "throttling.iops-total: requests a second (0: none)" },
	{ "iops_total_max", OPT_UINT, P(iops_total_max), "0", 0, 1e9, "ops/s",
	  NULL, "throttling.iops-total-max: burst rate of requests" },
	{ "iops_total_max_length", OPT_UINT, P(iops_total_max_length), "1", 1,
	  86400, "s", NULL, "throttling.iops-total-max-length" },
	{ "iops_size", OPT_SIZE, P(iops_size), "0", 0, 0, "bytes", NULL,
	  "throttling.iops-size: a larger request counts size / iops_size operations (0: each counts 1)" },
	{ "host_latency", OPT_TIME, P(host_latency), "100", 0, 1e7, "us",
	  NULL, "latency of the host's disk per request (an assumption: a fast device)" },
	{ "host_bandwidth", OPT_DOUBLE, P(host_bandwidth), "1000", 1, 1e6,
	  "MB/s", NULL, "transfer rate of the host's disk (an assumption: a fast device)" },
	{ .name = NULL }
};
#undef P

static const struct opt_table vdisk_opt_table = {
	.section = "vdisk",
	.title = "virtio disk throttled by QEMU's I/O limits",
	.opts = vdisk_opts,
};

struct vdisk {
	struct vdisk_throttle thr;
	sim_time_t latency;
	double ns_per_byte;
	sim_time_t host_free;		/* when the host's data path frees */
};

/* throttle_leak_bucket(): the level, and the burst level at @max, leak. */
void vdisk_bucket_leak(struct vdisk_bucket *b, sim_time_t delta_ns)
{
	b->level = fmax(b->level - b->avg * (double)delta_ns / 1e9, 0);
	if (b->burst_length > 1)
		b->burst_level = fmax(b->burst_level -
				      b->max * (double)delta_ns / 1e9, 0);
}

/*
 * throttle_compute_wait(): ns until the bucket lets a request through,
 * 0 if it does now. QEMU truncates the wait to whole ns; so does this, so
 * that a level a rounding error above the size passes as it does there.
 */
sim_time_t vdisk_bucket_wait(const struct vdisk_bucket *b)
{
	double size, burst_size, extra;

	if (b->avg <= 0)
		return 0;
	if (b->max <= 0) {
		size = b->avg / 10;
		burst_size = 0;
	} else {
		size = b->max * b->burst_length;
		burst_size = b->max / 10;
	}
	extra = b->level - size;
	if (extra > 0)
		return (sim_time_t)(extra * 1e9 / b->avg);
	if (b->burst_length > 1) {
		extra = b->burst_level - burst_size;
		if (extra > 0)
			return (sim_time_t)(extra * 1e9 / b->max);
	}
	return 0;
}

static void throttle_leak(struct vdisk_throttle *t, sim_time_t now)
{
	if (now <= t->previous_leak)
		return;
	vdisk_bucket_leak(&t->bps, now - t->previous_leak);
	vdisk_bucket_leak(&t->iops, now - t->previous_leak);
	t->previous_leak = now;
}

static void bucket_account(struct vdisk_bucket *b, double units)
{
	b->level += units;
	if (b->burst_length > 1)
		b->burst_level += units;
}

/**
 * vdisk_throttle_admit - when a request of @bytes arriving at @now starts
 *
 * After every earlier request (FIFO) and once every bucket lets it
 * through; then its bytes and operations are accounted. Calls must come
 * in order of arrival.
 */
sim_time_t vdisk_throttle_admit(struct vdisk_throttle *t, uint64_t bytes,
				sim_time_t now)
{
	sim_time_t at = now > t->last_admit ? now : t->last_admit;
	double units = 1.0;

	for (;;) {
		sim_time_t w1, w2;

		throttle_leak(t, at);
		w1 = vdisk_bucket_wait(&t->bps);
		w2 = vdisk_bucket_wait(&t->iops);
		if (!w1 && !w2)
			break;
		at += w1 > w2 ? w1 : w2;
	}
	if (t->op_size && bytes > t->op_size)
		units = (double)bytes / (double)t->op_size;
	bucket_account(&t->bps, (double)bytes);
	bucket_account(&t->iops, units);
	t->last_admit = at;
	return at;
}

static sim_time_t vdisk_access(struct disk *d, const struct request *rq,
			       sim_time_t now)
{
	struct vdisk *v = d->model;
	uint64_t bytes = (uint64_t)rq->nr_sectors * SECTOR_SIZE;
	sim_time_t t = vdisk_throttle_admit(&v->thr, bytes, now);

	t += d->p.overhead + v->latency;
	if (t < v->host_free)
		t = v->host_free;
	t += (sim_time_t)llround((double)bytes * v->ns_per_byte);
	v->host_free = t;
	return t;
}

/* No positioning: the commands go in arrival order, as QEMU queues them. */
static sim_time_t vdisk_position_time(struct disk *d, const struct request *rq,
				      sim_time_t now)
{
	return 0;
}

static const char *check_bucket(double avg, double max, unsigned int len,
				const char *max_key, const char *len_key,
				const char **key)
{
	/* throttle_is_valid()'s rules, with QEMU's words */
	if (len > 1 && !max) {
		*key = len_key;
		return "burst length set without burst rate";
	}
	*key = max_key;
	if (max && !avg)
		return "a burst rate requires the corresponding rate";
	if (max && max < avg)
		return "a burst rate cannot be lower than the rate";
	return NULL;
}

/* QEMU refuses these settings at -drive time; so does the scenario */
static int vdisk_check(const void *params, const char **key, char *why,
		       size_t n)
{
	const struct vdisk_params *p = params;
	const char *err;

	err = check_bucket((double)p->bps_total, (double)p->bps_total_max,
			   p->bps_total_max_length, "vdisk.bps_total_max",
			   "vdisk.bps_total_max_length", key);
	if (!err)
		err = check_bucket(p->iops_total, p->iops_total_max,
				   p->iops_total_max_length,
				   "vdisk.iops_total_max",
				   "vdisk.iops_total_max_length", key);
	if (!err && p->iops_size && !p->iops_total) {
		*key = "vdisk.iops_size";
		err = "iops_size requires iops_total";
	}
	if (!err)
		return 0;
	snprintf(why, n, "%s", err);
	return -EINVAL;
}

static int vdisk_init(struct disk *d)
{
	const struct vdisk_params *p = d->model_params;
	struct vdisk *v;
	const char *key;
	char why[128];

	/* callers without a scenario's origins (replay) learn it here */
	if (vdisk_check(p, &key, why, sizeof(why))) {
		fprintf(stderr, "%s: %s: %s\n", d->gd.name, key, why);
		return -EINVAL;
	}
	v = calloc(1, sizeof(*v));
	if (!v)
		return -ENOMEM;
	v->thr.bps = (struct vdisk_bucket){ .avg = (double)p->bps_total,
		.max = (double)p->bps_total_max,
		.burst_length = p->bps_total_max_length };
	v->thr.iops = (struct vdisk_bucket){ .avg = p->iops_total,
		.max = p->iops_total_max,
		.burst_length = p->iops_total_max_length };
	v->thr.op_size = p->iops_size;
	v->latency = p->host_latency;
	/* bytes / (MB/s * 10^6) s, in ns */
	v->ns_per_byte = 1e3 / fmin(p->host_bandwidth, d->p.bus_rate);
	d->model = v;
	/* every command the guest queues is in QEMU at once */
	d->parallel = d->p.queue_depth;
	return 0;
}

static void vdisk_exit(struct disk *d)
{
	free(d->model);
	d->model = NULL;
}

const struct disk_ops vdisk_ops = {
	.name = "vdisk",
	.check = vdisk_check,
	.options = &vdisk_opt_table,
	.params_size = sizeof(struct vdisk_params),
	.init = vdisk_init,
	.exit = vdisk_exit,
	.position_time = vdisk_position_time,
	.access = vdisk_access,
};
