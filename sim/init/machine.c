// SPDX-License-Identifier: GPL-2.0
/*
 * Building and tearing down the machine of a run from its scenario.
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "block/blktrace.h"
#include "fs/ext3.h"
#include "machine.h"
#include "scenario.h"
#include "fs/vfs.h"

/* the block device "filesystem": its inodes only carry buffer pages */
static const struct super_operations bdev_sops;

static void bdi_init_one(struct backing_dev_info *bdi, struct request_queue *q,
			 const struct gendisk *gd)
{
	memset(bdi, 0, sizeof(*bdi));
	snprintf(bdi->name, sizeof(bdi->name), "%u:%u", MAJOR(gd->part0.devt),
		 MINOR(gd->part0.devt));
	bdi->q = q;
	bdi->wb.bdi = bdi;
	INIT_LIST_HEAD(&bdi->wb.b_dirty);
	INIT_LIST_HEAD(&bdi->wb.b_io);
	INIT_LIST_HEAD(&bdi->wb.b_more_io);
	INIT_LIST_HEAD(&bdi->work_list);
	INIT_LIST_HEAD(&bdi->bdi_list);
	bdi->max_ratio = 100;
	prop_local_init(&bdi->completions);
	fprop_local_init(&bdi->fcompletions);
	bdi->state = BDI_registered;
}

static struct block_device *find_bdev(struct machine *m, const char *name)
{
	for (int i = 0; i < m->nr_disks; i++) {
		struct gendisk *gd = &m->disks[i]->disk.gd;

		if (!strcmp(gd->part0.name, name))
			return &gd->part0;
		for (int p = 0; p < gd->nr_parts; p++)
			if (!strcmp(gd->part[p].name, name))
				return &gd->part[p];
	}
	return NULL;
}

struct backing_dev_info *machine_bdi_of(struct machine *m,
					struct block_device *bdev)
{
	for (int i = 0; i < m->nr_disks; i++)
		if (bdev->disk == &m->disks[i]->disk.gd)
			return &m->disks[i]->bdi;
	return NULL;
}

static bool is_pattern(const char *tok)
{
	return strpbrk(tok, "*?[") != NULL;
}

/* Is @bdev mounted already? */
static bool bdev_mounted(struct machine *m, struct block_device *bdev)
{
	for (struct list_head *pos = m->super_blocks.next;
	     pos != &m->super_blocks; pos = pos->next)
		if (list_entry(pos, struct super_block, s_list)->s_bdev == bdev)
			return true;
	return false;
}

static int mount_one(struct machine *m, struct scenario *s,
		     struct block_device *bdev, char *err, size_t errlen)
{
	return ext3_mount(m, bdev, machine_bdi_of(m, bdev), &m->bdev_sb,
			  s->ext3, err, errlen) ? 0 : -EINVAL;
}

/*
 * A glob such as "sd*1" or "*": every partition whose name matches, in
 * disk order, then partition order (a 1,000-disk list would not fit in
 * one option). Partitions a pattern finds already mounted are skipped.
 */
static int mount_pattern(struct machine *m, struct scenario *s,
			 const char *pat, const char *at, char *err,
			 size_t errlen)
{
	int found = 0;

	for (int i = 0; i < m->nr_disks; i++) {
		struct gendisk *gd = &m->disks[i]->disk.gd;

		for (int p = 0; p < gd->nr_parts; p++) {
			if (fnmatch(pat, gd->part[p].name, 0))
				continue;
			found++;
			if (!bdev_mounted(m, &gd->part[p]) &&
			    mount_one(m, s, &gd->part[p], err, errlen))
				return -EINVAL;
		}
	}
	if (!found) {
		snprintf(err, errlen, "%ssim.mount: '%s' matches no partition",
			 at, pat);
		return -EINVAL;
	}
	return 0;
}

/* "sda1,sda3" -> mount each, in that order (the newest mount last) */
static int mount_all(struct machine *m, struct scenario *s, char *err,
		     size_t errlen)
{
	char at[4200];

	config_where(&s->cfg, "sim.mount", at, sizeof(at));
	for (unsigned int i = 0; i < s->sim.mount.n; i++) {
		const char *tok = opt_list_item(&s->sim.mount, i);
		struct block_device *bdev;

		if (is_pattern(tok)) {
			if (mount_pattern(m, s, tok, at, err, errlen))
				return -EINVAL;
			continue;
		}
		bdev = find_bdev(m, tok);
		if (!bdev) {
			snprintf(err, errlen, "%ssim.mount: no partition '%s' (disks have %s...)",
				 at, tok, m->disks[0]->disk.gd.nr_parts ?
				 m->disks[0]->disk.gd.part[0].name :
				 m->disks[0]->disk.gd.part0.name);
			return -EINVAL;
		}
		if (bdev_mounted(m, bdev)) {
			snprintf(err, errlen, "%ssim.mount: '%s' mounted twice", at, tok);
			return -EINVAL;
		}
		if (mount_one(m, s, bdev, err, errlen))
			return -EINVAL;
	}
	return 0;
}

/**
 * machine_blktrace_wanted - does this run write the per-disk blktrace files?
 *
 * blktrace writes one file per disk and CPU, each with its buffer and an
 * open descriptor while the run lasts: 1,000 disks x 48 CPUs would be
 * 48,000 files and 3 GB of buffers before a record is written, and the
 * analysis would read every one. So past SIM_BLKTRACE_AUTO_DISKS (the old
 * fixed disk limit: every run possible before keeps its traces) it is
 * opt-in, sim.blktrace = on; summary.json has each partition's bytes
 * either way.
 */
bool machine_blktrace_wanted(const struct scenario *s)
{
	if (s->sim.blktrace == SIM_BLKTRACE_AUTO)
		return s->sim.disks <= SIM_BLKTRACE_AUTO_DISKS;
	return s->sim.blktrace == SIM_BLKTRACE_ON;
}

/**
 * machine_init - build the machine of scenario @s
 * @outdir: run directory for the blktrace and trace files, or NULL
 * Return: 0, -EINVAL with @err set for a scenario that cannot be built.
 */
int machine_init(struct machine *m, struct scenario *s, const char *outdir,
		 char *err, size_t errlen)
{
	uint64_t bg, dirty;
	int ret;

	memset(m, 0, sizeof(*m));
	INIT_LIST_HEAD(&m->super_blocks);
	INIT_LIST_HEAD(&m->wb_bios);
	INIT_LIST_HEAD(&m->bdi_list);
	init_waitqueue_head(&m->congestion_wqh[0]);
	init_waitqueue_head(&m->congestion_wqh[1]);
	sim_init(&m->sim, s->sim.seed);
	m->wbp = s->wb;
	ret = sched_init(&m->cs, &m->sim, s->vm.nr_cpus, s->sim.sched_slice);
	if (ret) {
		snprintf(err, errlen, "sim: bad CPU count or slice");
		return -EINVAL;
	}
	if (s->sim.sched == SCHED_CFS)
		sched_set_cfs(&m->cs);
	if (s->sim.timer_slack)
		sched_set_timer_slack(&m->cs, s->sim.timer_slack);
	ret = mm_init(&m->mm, &m->sim, &s->vm);
	if (ret) {
		snprintf(err, errlen, "vm: kernel_mem + anon_mem leave no page cache in vm.ram");
		return -EINVAL;
	}
	get_dirty_limits(m, NULL, &bg, &dirty, NULL, NULL);
	prop_descriptor_init(&m->vm_completions, prop_calc_shift(dirty));
	writeout_period_init(m);
	other_writeout_init(m);
	prop_descriptor_init(&m->vm_dirties, prop_calc_shift(dirty));

	/* 2.6.30's blockdev_superblock: made at boot, the oldest "mount" */
	snprintf(m->bdev_sb.s_id, sizeof(m->bdev_sb.s_id), "bdev");
	INIT_LIST_HEAD(&m->bdev_sb.s_dirty);
	INIT_LIST_HEAD(&m->bdev_sb.s_io);
	INIT_LIST_HEAD(&m->bdev_sb.s_more_io);
	INIT_LIST_HEAD(&m->bdev_sb.s_inodes);
	m->bdev_sb.s_machine = m;
	m->bdev_sb.s_op = &bdev_sops;
	list_add_tail(&m->bdev_sb.s_list, &m->super_blocks);

	/* the partition list is checked here, where its line is known */
	{
		struct disk_part_range parts[DISK_MAX_PARTS];
		char at[4200], why[256];
		int nr;

		if (disk_parse_partitions(&s->disk.partitions, s->disk.capacity,
					  parts, &nr, why, sizeof(why))) {
			snprintf(err, errlen, "%sdisk.partitions '%s': %s",
				 config_where(&s->cfg, "disk.partitions", at, sizeof(at)),
				 s->disk.partitions.raw, why);
			return -EINVAL;
		}
	}
	if (disk_models[s->disk.model]->check) {
		const char *key = "disk.model";
		char at[4200], why[256];

		if (disk_models[s->disk.model]->check(scenario_model_params(s),
						      &key, why, sizeof(why))) {
			snprintf(err, errlen, "%s%s: %s",
				 config_where(&s->cfg, key, at, sizeof(at)),
				 key, why);
			return -EINVAL;
		}
	}
	m->disks = calloc(s->sim.disks, sizeof(*m->disks));
	if (!m->disks)
		return -ENOMEM;
	for (unsigned int i = 0; i < s->sim.disks; i++) {
		struct machine_disk *md = calloc(1, sizeof(*md));

		if (!md)
			return -ENOMEM;
		m->disks[m->nr_disks++] = md;
		ret = disk_init(&md->disk, &m->sim, &s->disk,
				scenario_model_params(s), (int)i);
		if (ret) {
			snprintf(err, errlen, "disk: the disk definition is not usable");
			return -EINVAL;
		}
		ret = blk_init_queue(&md->q, &m->sim, &s->queue,
				     scenario_elv_params(s));
		if (ret) {
			snprintf(err, errlen, "queue: the queue definition is not usable");
			return -EINVAL;
		}
		disk_attach_queue(&md->disk, &md->q);
		machine_congestion_init(m, &md->q);
		bdi_init_one(&md->bdi, &md->q, &md->disk.gd);
		list_add_tail(&md->bdi.bdi_list, &m->bdi_list);
		if (outdir && machine_blktrace_wanted(s)) {
			ret = blk_trace_setup(&md->q, outdir, md->disk.gd.name,
					      s->vm.nr_cpus);
			if (ret) {
				snprintf(err, errlen, "%s: cannot write the blktrace (%s)",
					 outdir, strerror(-ret));
				return ret;
			}
		}
	}
	ret = mount_all(m, s, err, errlen);
	if (ret)
		return ret;
	m->flusher = flusher_types[s->wb.flusher];
	ret = m->flusher->init(m);
	if (ret) {
		snprintf(err, errlen, "writeback: cannot start the %s model",
			 m->flusher->name);
		return ret;
	}
	return 0;
}

/**
 * machine_exit - free everything; the simulation is over
 * @failed: receives the name of the disk whose blktrace could not be
 *	written, if any (may be NULL)
 * Return: 0, or the first blktrace write error (-errno): a run whose trace
 * is incomplete must not look complete.
 */
int machine_exit(struct machine *m, char *failed, size_t len)
{
	int ret = 0;

	/* forget pending events first: they live in what is freed below */
	sim_exit(&m->sim);
	/* bios still in flight keep a pointer here, but never complete now */
	io_writers_free(&m->writers);
	wb_bios_free(m);
	if (m->flusher && m->flusher->exit)
		m->flusher->exit(m);
	while (m->super_blocks.next != &m->super_blocks) {
		struct super_block *sb = list_last_entry(&m->super_blocks,
							 struct super_block, s_list);

		while (!list_empty(&sb->s_inodes)) {
			struct inode *inode = list_first_entry(&sb->s_inodes,
							       struct inode, i_sb_list);

			/* pages go with the mm's chunks; only the tree is freed */
			inode_free(NULL, inode);
		}
		if (sb == &m->bdev_sb)
			list_del_init(&sb->s_list);
		else
			ext3_umount_free(m, sb);
	}
	for (int i = 0; i < m->nr_disks; i++) {
		struct machine_disk *md = m->disks[i];

		if (md->q.blk_trace) {
			int e = blk_trace_shutdown(&md->q);

			if (e && !ret) {
				ret = e;
				if (failed)
					snprintf(failed, len, "%s", md->disk.gd.name);
			}
		}
		blk_cleanup_queue(&md->q);
		disk_exit(&md->disk);
		free(md);
	}
	free(m->disks);
	m->disks = NULL;
	m->nr_disks = 0;
	mm_exit(&m->mm);
	return ret;
}
