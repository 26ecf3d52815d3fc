// SPDX-License-Identifier: GPL-2.0
/*
 * Flash SSD model: no positioning, a fixed per-command latency, and a
 * transfer at the device's bandwidth.
 *
 * A command occupies one of `channels` servers from start to completion;
 * its latency part (overhead + read/write latency) overlaps with the other
 * channels' commands, while the data transfers go one after another through
 * the shared data path at min(bandwidth, bus_rate):
 *
 *	start   = max(now, earliest free channel)
 *	lat     = start + overhead + latency[dir]
 *	done    = max(lat, data path free) + bytes / min(bandwidth[dir], bus)
 *
 * So one command alone costs latency + size / bandwidth, small random reads
 * scale with the channels until the data path saturates, and large
 * streams run at the bandwidth. The [disk] write cache is not used: the
 * SSD's write_latency is what the host sees. No garbage collection, no
 * wear levelling, no write amplification.
 *
 * Defaults are plausible 2009 SATA SSD figures of the Intel X25-M class
 * (its product brief: up to 250 MB/s read, 70 MB/s write, 85 us read and
 * 115 us write latency, 10 flash channels), not a measurement.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "disk.h"

#define SSD_MAX_CHANNELS	32

struct ssd_params {
	sim_time_t read_latency;
	sim_time_t write_latency;
	double read_bandwidth;		/* MB/s */
	double write_bandwidth;
	unsigned int channels;
};

#define P(f)	offsetof(struct ssd_params, f)
static const struct opt_desc ssd_opts[] = {
	{ "read_latency", OPT_TIME, P(read_latency), "85", 0, 1e6, "us",
	  NULL, "latency of a read command before its data moves" },
	{ "write_latency", OPT_TIME, P(write_latency), "115", 0, 1e6, "us",
	  NULL, "latency of a write command before its data moves" },
	{ "read_bandwidth", OPT_DOUBLE, P(read_bandwidth), "250", 1, 1e6,
	  "MB/s", NULL, "read transfer rate, MB/s" },
	{ "write_bandwidth", OPT_DOUBLE, P(write_bandwidth), "70", 1, 1e6,
	  "MB/s", NULL, "write transfer rate, MB/s" },
	{ "channels", OPT_UINT, P(channels), "10", 1, SSD_MAX_CHANNELS, NULL,
	  NULL, "commands served in parallel" },
	{ .name = NULL }
};
#undef P

static const struct opt_table ssd_opt_table = {
	.section = "ssd",
	.title = "flash SSD model",
	.opts = ssd_opts,
};

struct ssd {
	const struct ssd_params *p;
	sim_time_t ch_free[SSD_MAX_CHANNELS];	/* when each channel frees */
	sim_time_t path_free;			/* when the data path frees */
	double ns_per_sector[2];		/* [0] read, [1] write */
	sim_time_t latency[2];
};

static sim_time_t ssd_access(struct disk *d, const struct request *rq,
			     sim_time_t now)
{
	struct ssd *s = d->model;
	int dir = rq_data_dir(rq);
	unsigned int ch = 0;
	sim_time_t t;

	for (unsigned int i = 1; i < s->p->channels; i++)
		if (s->ch_free[i] < s->ch_free[ch])
			ch = i;
	t = now > s->ch_free[ch] ? now : s->ch_free[ch];
	t += d->p.overhead + s->latency[dir];
	if (t < s->path_free)
		t = s->path_free;
	t += (sim_time_t)llround(rq->nr_sectors * s->ns_per_sector[dir]);
	s->path_free = t;
	s->ch_free[ch] = t;
	return t;
}

/* No positioning: every held command is equally close (NCQ goes FIFO). */
static sim_time_t ssd_position_time(struct disk *d, const struct request *rq,
				    sim_time_t now)
{
	return 0;
}

static int ssd_init(struct disk *d)
{
	const struct ssd_params *p = d->model_params;
	double bw[2] = { p->read_bandwidth, p->write_bandwidth };
	struct ssd *s;

	if (p->channels < 1 || p->channels > SSD_MAX_CHANNELS ||
	    !(bw[0] > 0) || !(bw[1] > 0)) {
		fprintf(stderr,
			"%s: ssd: channels must be in [1, %d], bandwidths positive\n",
			d->gd.name, SSD_MAX_CHANNELS);
		return -EINVAL;
	}
	s = calloc(1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	s->p = p;
	for (int dir = 0; dir < 2; dir++) {
		double rate = fmin(bw[dir], d->p.bus_rate);

		/* 512 bytes / (rate * 10^6 bytes/s), in ns */
		s->ns_per_sector[dir] = SECTOR_SIZE * 1e3 / rate;
	}
	s->latency[0] = p->read_latency;
	s->latency[1] = p->write_latency;
	d->model = s;
	d->parallel = p->channels;
	return 0;
}

static void ssd_exit(struct disk *d)
{
	free(d->model);
	d->model = NULL;
}

const struct disk_ops ssd_ops = {
	.name = "ssd",
	.options = &ssd_opt_table,
	.params_size = sizeof(struct ssd_params),
	.init = ssd_init,
	.exit = ssd_exit,
	.position_time = ssd_position_time,
	.access = ssd_access,
};
