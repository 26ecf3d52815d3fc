// SPDX-License-Identifier: GPL-2.0
/*
 * The generic part of a storage device: the [disk] options, the gendisk
 * with its partitions, and the "driver" that takes requests from the
 * request queue and hands them to the device model (hdd.c, ssd.c).
 *
 * Driver picture, per disk:
 *
 *   request queue --blk_fetch_request()--> cmds[0..in_flight)
 *                                            |  waiting  (cmd_done = MAX)
 *                 ops->access() when the     v
 *                 model has a free server -> started (cmd_done = when)
 *                                            |
 *   blk_end_request() <----- done_ev at the earliest cmd_done
 *
 * in_flight <= queue_depth (1 = PATA: one command at a time; 32 = NCQ;
 * 256 = a virtio-blk virtqueue). nr_started <= parallel (1 for a disk arm, the channel count for an
 * SSD). Which waiting command starts next is disk_ncq_pick(): shortest
 * positioning time first, with an aging bound.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libgen.h>

#include "hdd.h"

#include "disk.h"
#include "vdisk.h"
#include "wb/geometry.h"

const char *const disk_model_names[] = { "hdd", "ssd", "vdisk", NULL };
const struct disk_ops *const disk_models[] = { &hdd_ops, &ssd_ops, &vdisk_ops,
						NULL };

#define P(f)	offsetof(struct disk_params, f)
static const struct opt_desc disk_opts[] = {
	{ "model", OPT_ENUM, P(model), "hdd", 0, 0, NULL, disk_model_names,
	  "device model" },
	/* 80 GB (10^9): the common 2009 desktop disk size (reference);
	 * at most 16 TB, which keeps the hdd's init-time fits cheap */
	{ "capacity", OPT_SIZE, P(capacity), "80GB", 512, 16e12, "bytes", NULL,
	  "device size" },
	/* PATA has no command queueing (reference); SATA NCQ holds 32;
	 * a virtio-blk disk takes as many as its virtqueue (256) */
	{ "queue_depth", OPT_UINT, P(queue_depth), "1", 1, DISK_MAX_QUEUE_DEPTH,
	  NULL, NULL,
	  "commands the device holds at once (1 = PATA, 32 = SATA NCQ, "
	  "256 = virtio-blk's virtqueue)" },
	/* desktop ATA disks shipped with the write cache enabled */
	{ "write_cache", OPT_BOOL, P(write_cache), "yes", 0, 0, NULL, NULL,
	  "complete writes once they are in the on-disk cache" },
	/* 8 MiB: the usual buffer of a 2009 80 GB desktop disk */
	{ "cache_size", OPT_SIZE, P(cache_size), "8M", 0, 1073741824.0,
	  "bytes", NULL, "on-disk buffer for write-behind and read-ahead" },
	/*
	 * 0.2 ms: plausible, not measured. DiskSim and DIXtrac
	 * (CMU-CS-99-176) model a per-command processing overhead apart
	 * from the mechanics; 0.1-0.3 ms is the range the project brief
	 * gives for it. No 2009 datasheet states it.
	 */
	{ "overhead", OPT_TIME, P(overhead), "0.2", 0, 100, "ms", NULL,
	  "controller overhead per command" },
	/* UDMA/133, the PATA link of the time (reference: 133 MB/s) */
	{ "bus_rate", OPT_DOUBLE, P(bus_rate), "133", 1, 100000, "MB/s", NULL,
	  "interface transfer rate, MB/s (10^6 bytes/s)" },
	{ "partitions", OPT_LIST, P(partitions), "", 0, 0, NULL, NULL,
	  "comma-separated sizes: N%, a size (10G, 20GB) or rest; \"\" = none" },
	/* a validated drive: DiskSim's own description, not a fit */
	{ "disksim", OPT_STR, P(disksim), "", 0, 0, NULL, NULL,
	  "DiskSim parameter file (.parv, relative to the scenario file) whose disk the hdd model takes: geometry, zones, seek, cache, overheads, bus; sets capacity" },
	{ .name = NULL }
};
#undef P

const struct opt_table disk_opt_table = {
	.section = "disk",
	.title = "the storage device",
	.opts = disk_opts,
};

/*
 * Partitions are laid out as 2009's fdisk did (util-linux-ng before 2.17.1
 * switched to 1 MiB alignment in 2010): a DOS geometry of 255 heads x 63
 * sectors, the first partition at sector 63 (the rest of cylinder 0 holds
 * the MBR), every other partition starting and every partition ending on
 * a cylinder boundary. Partitions 5 and up are numbered on as the kernel
 * numbers logical partitions, but laid out like primaries: the extended
 * partition's EBR track in front of each is not modelled.
 */
#define DOS_HEADS		255
#define DOS_SECTORS		63
#define DOS_CYL_SECTORS		((sector_t)DOS_HEADS * DOS_SECTORS)

static const char *skip_space(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* Parse one size token ("30%", "10G", "20GB"); 0 or -EINVAL with @err. */
static int parse_part_size(const char *tok, uint64_t capacity,
			   uint64_t *bytes, char *err, size_t errlen)
{
	size_t len = strlen(tok);
	char opt_err[OPT_ERR_MAX];

	if (len && tok[len - 1] == '%') {
		char num[64], *end;
		double v;

		if (len - 1 >= sizeof(num)) {
			snprintf(err, errlen, "'%.64s' is not a percentage", tok);
			return -EINVAL;
		}
		memcpy(num, tok, len - 1);
		num[len - 1] = '\0';
		v = strtod(num, &end);
		if (end == num || *skip_space(end) || !isfinite(v)) {
			snprintf(err, errlen, "'%.64s' is not a percentage", tok);
			return -EINVAL;
		}
		if (v <= 0 || v > 100) {
			snprintf(err, errlen, "'%.64s' is not in (0%%, 100%%]",
				 tok);
			return -EINVAL;
		}
		*bytes = (uint64_t)(v / 100.0 * (double)capacity);
		return 0;
	} else {
		static const struct opt_desc size_desc = {
			.name = "size", .type = OPT_SIZE,
		};

		if (opt_parse(&size_desc, bytes, tok, opt_err,
			      sizeof(opt_err))) {
			snprintf(err, errlen,
				 "'%.64s' is not N%%, a size (10G, 20GB) or rest",
				 tok);
			return -EINVAL;
		}
		if (!*bytes) {
			snprintf(err, errlen, "'%.64s' is an empty partition",
				 tok);
			return -EINVAL;
		}
		return 0;
	}
}

/**
 * disk_parse_partitions - lay out a partition list on a disk
 * @spec: the list of sizes, each "N%" of @capacity, a size with a unit
 *	(as OPT_SIZE reads it) or "rest" (what is left; only last); none = none
 * @capacity: disk size in bytes
 * @parts: receives up to DISK_MAX_PARTS ranges, cylinder-aligned (see
 *	DOS_CYL_SECTORS above)
 * @nr_parts: receives the number of partitions
 * @err: receives what is wrong, naming the partition, on failure
 *
 * Each partition ends on the last cylinder boundary at or before the
 * running total of the sizes asked so far, so rounding never accumulates
 * and "50%,50%" or "30%,rest" fill the disk's whole cylinders.
 *
 * Return: 0, or -EINVAL for a malformed list, a partition that vanishes
 * after alignment, more than DISK_MAX_PARTS partitions, or sizes that add
 * up to more than @capacity.
 */
int disk_parse_partitions(const struct opt_list *spec, uint64_t capacity,
			  struct disk_part_range *parts, int *nr_parts,
			  char *err, size_t errlen)
{
	uint64_t total = 0;
	sector_t prev_end = DOS_SECTORS;
	int n = 0;

	*nr_parts = 0;
	for (unsigned int i = 0; i < spec->n; i++) {
		const char *tok = opt_list_item(spec, i);
		uint64_t bytes;
		sector_t end;

		if (n == DISK_MAX_PARTS) {
			snprintf(err, errlen, "more than %d partitions",
				 DISK_MAX_PARTS);
			return -EINVAL;
		}
		if (!strcmp(tok, "rest")) {
			if (i + 1 < spec->n) {
				snprintf(err, errlen,
					 "partition %d: 'rest' must be the last",
					 n + 1);
				return -EINVAL;
			}
			if (total >= capacity) {
				snprintf(err, errlen,
					 "partition %d: no space left for 'rest'",
					 n + 1);
				return -EINVAL;
			}
			bytes = capacity - total;
		} else {
			char why[OPT_ERR_MAX];

			if (parse_part_size(tok, capacity, &bytes, why,
					    sizeof(why))) {
				snprintf(err, errlen, "partition %d: %.180s",
					 n + 1, why);
				return -EINVAL;
			}
		}
		if (bytes > capacity - total) {
			snprintf(err, errlen,
				 "partition %d '%.64s': partitions add up to more than the capacity of %llu bytes",
				 n + 1, tok, (unsigned long long)capacity);
			return -EINVAL;
		}
		total += bytes;
		end = (total / SECTOR_SIZE) / DOS_CYL_SECTORS * DOS_CYL_SECTORS;
		if (end <= prev_end) {
			snprintf(err, errlen,
				 "partition %d '%.64s' is empty after cylinder alignment (%llu-byte cylinders)",
				 n + 1, tok,
				 (unsigned long long)(DOS_CYL_SECTORS *
						      SECTOR_SIZE));
			return -EINVAL;
		}
		parts[n].start = prev_end;
		parts[n].nr = end - prev_end;
		prev_end = end;
		n++;
	}
	*nr_parts = n;
	return 0;
}

/*
 * The sd driver's names and numbers: sda..sdz, sdaa..sdzz, sdaaa, ...
 * (drivers/scsi/sd.c: sd_format_disk_name()) and 16 minors per disk. The
 * major comes from bits 4-7 of the index (sd_major(): 8, 65-71, 128-135)
 * and the minor from bits 0-3 and 8-19, as sd_probe() sets them:
 * first_minor = ((index & 0xf) << 4) | (index & 0xfff00), so sdq is 65,0
 * and disk 256 (sdiw) is 8,256. The driver stops at sdzzz (SD_MAX_DISKS).
 */

static int sd_format_disk_name(int index, char *buf, size_t len)
{
	char tmp[16];
	int i = sizeof(tmp) - 1;

	tmp[i] = '\0';
	do {
		if (i == 0)
			return -EINVAL;
		tmp[--i] = 'a' + index % 26;
		index = index / 26 - 1;
	} while (index >= 0);
	if (snprintf(buf, len, "sd%s", tmp + i) >= (int)len)
		return -EINVAL;
	return 0;
}

static int sd_major(int major_idx)
{
	if (major_idx == 0)
		return SCSI_DISK0_MAJOR;
	if (major_idx < 8)
		return 64 + major_idx;
	if (major_idx < 16)
		return 128 + major_idx - 8;
	return -EINVAL;
}

/**
 * disk_sd_devt - the sd driver's name and whole-disk dev_t of disk @index
 * @name: receives "sda", "sdaa", ...; @len its size
 * Return: 0, -EINVAL for an index past the sd numbering.
 */
int disk_sd_devt(int index, char *name, size_t len, uint32_t *devt)
{
	if (index < 0 || index >= SD_MAX_DISKS ||
	    sd_format_disk_name(index, name, len))
		return -EINVAL;
	*devt = MKDEV(sd_major((index & 0xf0) >> 4),
		      ((index & 0xf) << 4) | (index & 0xfff00));
	return 0;
}

static void disk_done(struct sim *sim, struct sim_event *ev);

static void bdev_init(struct block_device *b, struct gendisk *gd,
		      uint32_t devt, int partno, sector_t start, sector_t nr)
{
	char base[sizeof(gd->name)];

	memcpy(base, gd->name, sizeof(base));
	base[sizeof(base) - 1] = '\0';
	memset(b, 0, sizeof(*b));
	b->devt = devt;
	b->partno = partno;
	/* sd names are at most "sdzzz"; partno is at most 15 */
	if (partno)
		snprintf(b->name, sizeof(b->name), "%.12s%d", base,
			 partno & 0xff);
	else
		snprintf(b->name, sizeof(b->name), "%.15s", base);
	b->start_sect = start;
	b->nr_sects = nr;
	b->disk = gd;
}

/*
 * [disk] disksim = FILE: load it, relative to the scenario file that set
 * it; the drive's block count is the capacity.
 */
static int disk_load_disksim(struct disk *d, const struct disk_params *p,
			     uint64_t *capacity)
{
	char *base = NULL, *path = NULL, *colon;
	int ret;

	if (p->disksim[0] != '/' && p->disksim_where[0]) {
		base = strdup(p->disksim_where);
		colon = base ? strrchr(base, ':') : NULL;
		if (colon)
			*colon = '\0';
	}
	if (base && asprintf(&path, "%s/%s", dirname(base), p->disksim) < 0)
		path = NULL;
	ret = hdd_ds_load(path ? path : p->disksim, &d->disksim, stderr);
	free(base);
	free(path);
	if (ret)
		return ret;
	*capacity = (uint64_t)d->disksim->blocks * SECTOR_SIZE;
	return 0;
}

/**
 * disk_init - set up a disk, its gendisk and its model
 * @p: the [disk] section; copied
 * @model_params: the model's section ([hdd] or [ssd]), ops->params_size
 *	bytes; the caller keeps it alive until disk_exit()
 * @index: 0 for sda (8,0), 1 for sdb (8,16), ...
 *
 * Partition i (1-based) is "sda<i>" with devt 8,i: the sd numbering,
 * minor = index * 16 + partno. Problems are printed on stderr, prefixed
 * with the disk's name.
 *
 * Return: 0, -EINVAL for bad parameters, -ENOMEM.
 */
int disk_init(struct disk *d, struct sim *sim, const struct disk_params *p,
	      void *model_params, int index)
{
	struct disk_part_range parts[DISK_MAX_PARTS];
	struct gendisk *gd = &d->gd;
	char err[OPT_ERR_MAX];
	int nr_parts, ret, nr_models = 0;
	uint64_t capacity = p->capacity;
	uint32_t devt;

	memset(d, 0, sizeof(*d));
	while (disk_models[nr_models])
		nr_models++;
	if (disk_sd_devt(index, gd->name, sizeof(gd->name), &devt)) {
		fprintf(stderr, "disk: index %d is beyond the sd numbering\n",
			index);
		return -EINVAL;
	}
	if (p->model < 0 || p->model >= nr_models) {
		fprintf(stderr, "%s: model %d is unknown\n", gd->name, p->model);
		return -EINVAL;
	}
	if (p->queue_depth < 1 || p->queue_depth > ARRAY_SIZE(d->cmds)) {
		fprintf(stderr, "%s: queue_depth %u is not in [1, %zu]\n",
			gd->name, p->queue_depth, ARRAY_SIZE(d->cmds));
		return -EINVAL;
	}
	if (p->capacity < SECTOR_SIZE || !(p->bus_rate > 0)) {
		fprintf(stderr, "%s: capacity and bus_rate must be positive\n",
			gd->name);
		return -EINVAL;
	}
	if (p->disksim[0] && p->model == 0) {
		ret = disk_load_disksim(d, p, &capacity);
		if (ret)
			return ret;
	}
	ret = disk_parse_partitions(&p->partitions, capacity, parts,
				    &nr_parts, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "%s: partitions '%s': %s\n", gd->name,
			p->partitions.raw, err);
		hdd_ds_free(d->disksim);
		d->disksim = NULL;
		return ret;
	}

	d->sim = sim;
	d->p = *p;
	d->p.capacity = capacity;
	d->ops = disk_models[p->model];
	d->model_params = model_params;
	d->parallel = 1;
	gd->dev = d;
	bdev_init(&gd->part0, gd, devt, 0, 0, capacity / SECTOR_SIZE);
	for (int i = 0; i < nr_parts; i++)
		bdev_init(&gd->part[i], gd, devt + i + 1, i + 1,
			  parts[i].start, parts[i].nr);
	gd->nr_parts = nr_parts;
	for (size_t i = 0; i < ARRAY_SIZE(d->cmd_done); i++)
		d->cmd_done[i] = SIM_TIME_MAX;
	sim_event_init(&d->done_ev, disk_done, "disk-done");

	ret = d->ops->init(d);
	if (ret) {
		hdd_ds_free(d->disksim);
		d->disksim = NULL;
		return ret;
	}
	if (d->parallel < 1 || d->parallel > ARRAY_SIZE(d->cmds))
		d->parallel = d->parallel < 1 ? 1 : ARRAY_SIZE(d->cmds);
	return 0;
}

/**
 * disk_exit - cancel the completion event and free the model's state
 */
void disk_exit(struct disk *d)
{
	if (d->sim && sim_event_pending(&d->done_ev))
		sim_cancel(d->sim, &d->done_ev);
	if (d->ops && d->ops->exit)
		d->ops->exit(d);
	d->model = NULL;
	hdd_ds_free(d->disksim);
	d->disksim = NULL;
}

/**
 * disk_ncq_pick - choose which held command the device services next
 * @pos: each candidate's positioning time (ops->position_time())
 * @since: when the device took each candidate
 * @n: number of candidates, at least 1
 * @now: the current time
 * @age_limit: a candidate held at least this long goes before every
 *	younger one, oldest first (DISK_NCQ_AGE_LIMIT in the driver)
 *
 * Shortest positioning time first; ties go to the older command, then to
 * the lower index, so the choice never depends on anything but its inputs.
 * Once a command has aged past @age_limit nothing younger can overtake it,
 * so its wait is bounded by @age_limit plus the services of the at most
 * 31 commands that are older still.
 *
 * Return: the index of the chosen candidate.
 */
unsigned int disk_ncq_pick(const sim_time_t *pos, const sim_time_t *since,
			   unsigned int n, sim_time_t now,
			   sim_time_t age_limit)
{
	unsigned int best = 0;
	bool aged = false;

	for (unsigned int i = 0; i < n; i++) {
		if (since[i] > now || now - since[i] < age_limit)
			continue;
		if (!aged || since[i] < since[best])
			best = i;
		aged = true;
	}
	if (aged)
		return best;
	for (unsigned int i = 1; i < n; i++)
		if (pos[i] < pos[best] ||
		    (pos[i] == pos[best] && since[i] < since[best]))
			best = i;
	return best;
}

/* Slot of the waiting command to start next. */
static unsigned int disk_pick_waiting(struct disk *d, sim_time_t now)
{
	sim_time_t pos[ARRAY_SIZE(d->cmds)], since[ARRAY_SIZE(d->cmds)];
	unsigned int slot[ARRAY_SIZE(d->cmds)], n = 0;

	for (unsigned int i = 0; i < d->in_flight; i++) {
		if (d->cmd_done[i] != SIM_TIME_MAX)
			continue;
		slot[n] = i;
		since[n] = d->cmd_since[i];
		n++;
	}
	if (n == 1)
		return slot[0];
	for (unsigned int i = 0; i < n; i++)
		pos[i] = d->ops->position_time(d, d->cmds[slot[i]], now);
	return slot[disk_ncq_pick(pos, since, n, now, DISK_NCQ_AGE_LIMIT)];
}

/*
 * Take requests while a slot is free, start waiting commands while the
 * model has a free server, and aim done_ev at the earliest completion.
 * Safe to re-enter from blk_end_request(): all state is consistent
 * whenever the block layer is called.
 */
static void disk_kick(struct disk *d)
{
	sim_time_t now = d->sim->now, first = SIM_TIME_MAX;

	while (d->q && d->in_flight < d->p.queue_depth) {
		struct request *rq = blk_fetch_request(d->q);
		unsigned int i;

		if (!rq)
			break;
		i = d->in_flight++;
		d->cmds[i] = rq;
		d->cmd_since[i] = now;
		d->cmd_done[i] = SIM_TIME_MAX;
		if (i == 0)
			d->busy_since = now;
	}
	while (d->nr_started < d->parallel && d->nr_started < d->in_flight) {
		unsigned int i = disk_pick_waiting(d, now);
		sim_time_t t = d->ops->access(d, d->cmds[i], now);

		d->cmd_done[i] = t < now ? now : t;
		d->nr_started++;
	}
	for (unsigned int i = 0; i < d->in_flight; i++)
		if (d->cmd_done[i] < first)
			first = d->cmd_done[i];
	if (first == SIM_TIME_MAX)
		return;
	if (!sim_event_pending(&d->done_ev) || d->done_ev.time != first)
		sim_schedule_at(d->sim, &d->done_ev, first);
}

static void disk_done(struct sim *sim, struct sim_event *ev)
{
	struct disk *d = container_of(ev, struct disk, done_ev);
	struct request *done[ARRAY_SIZE(d->cmds)];
	unsigned int nr_done = 0, j = 0;
	sim_time_t now = sim->now;

	/* Retire first, then call out: blk_end_request() may re-enter. */
	for (unsigned int i = 0; i < d->in_flight; i++) {
		struct request *rq = d->cmds[i];

		if (d->cmd_done[i] <= now) {
			int dir = rq_data_dir(rq);

			done[nr_done++] = rq;
			d->nr_started--;
			d->stats.nr_cmds[dir]++;
			d->stats.sectors[dir] += rq->nr_sectors;
			continue;
		}
		d->cmds[j] = rq;
		d->cmd_since[j] = d->cmd_since[i];
		d->cmd_done[j] = d->cmd_done[i];
		j++;
	}
	for (unsigned int i = j; i < d->in_flight; i++)
		d->cmd_done[i] = SIM_TIME_MAX;
	d->in_flight = j;
	if (!j)
		d->stats.busy_ns += now - d->busy_since;
	for (unsigned int i = 0; i < nr_done; i++)
		blk_end_request(done[i], 0);
	disk_kick(d);
}

static void disk_request_fn(struct request_queue *q)
{
	disk_kick(q->queuedata);
}

/**
 * disk_attach_queue - make @d the driver of @q
 *
 * Sets q->request_fn, which the block layer calls whenever there may be
 * work; the disk then pulls requests with blk_fetch_request() while it has
 * a free slot, and again after every completion.
 */
void disk_attach_queue(struct disk *d, struct request_queue *q)
{
	d->q = q;
	d->gd.queue = q;
	q->disk = &d->gd;
	q->queuedata = d;
	q->request_fn = disk_request_fn;
}

/**
 * disk_find_bdev - the whole disk or the partition with dev_t @devt
 * Return: the block device, or NULL if @devt is not on @d.
 */
struct block_device *disk_find_bdev(struct disk *d, uint32_t devt)
{
	if (d->gd.part0.devt == devt)
		return &d->gd.part0;
	for (int i = 0; i < d->gd.nr_parts; i++)
		if (d->gd.part[i].devt == devt)
			return &d->gd.part[i];
	return NULL;
}

/**
 * disk_sector_to_part - the partition holding disk sector @sector
 *
 * As the kernel's disk_map_sector_rcu(): a sector outside every partition
 * (the MBR track, the tail after the last cylinder) maps to the whole disk.
 *
 * Return: the partition, the whole disk, or NULL if @sector is beyond the
 * end of the disk.
 */
struct block_device *disk_sector_to_part(struct disk *d, sector_t sector)
{
	if (sector >= d->gd.part0.nr_sects)
		return NULL;
	for (int i = 0; i < d->gd.nr_parts; i++) {
		struct block_device *b = &d->gd.part[i];

		if (sector >= b->start_sect &&
		    sector - b->start_sect < b->nr_sects)
			return b;
	}
	return &d->gd.part0;
}

/**
 * disk_write_geometry - the partition table as a run directory's geometry
 * file: one line per device, "NAME MAJ,MIN DISK START SECTORS"
 */
void disk_write_geometry(struct disk *d, FILE *f)
{
	const struct gendisk *gd = &d->gd;

	/* write errors surface at the caller's fclose (ferror) */
	wb_geometry_write_header(f);
	for (int i = -1; i < gd->nr_parts; i++) {
		const struct block_device *b = i < 0 ? &gd->part0 : &gd->part[i];

		wb_geometry_write_line(f, b->name, b->devt, gd->name,
				       b->start_sect, b->nr_sects);
	}
}
