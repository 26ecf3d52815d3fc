// SPDX-License-Identifier: GPL-2.0
/*
 * Many disks: the sd driver's names past sdz and its numbers past the
 * sixteenth disk (drivers/scsi/sd.c: sd_format_disk_name(), sd_major(),
 * first_minor = ((index & 0xf) << 4) | (index & 0xfff00)), and a machine
 * of 30 disks built with no fixed limit, mounted with a glob.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../../sim/init/machine.h"
#include "../../sim/init/scenario.h"
#include "check.h"

static void test_sd_devt(void)
{
	static const struct { int index; const char *name; int major, minor; }
	want[] = {
		{ 0, "sda", 8, 0 }, { 25, "sdz", 65, 144 },
		{ 26, "sdaa", 65, 160 }, { 255, "sdiv", 135, 240 },
		/* past 256 disks the major cycles again, minors grow */
		{ 256, "sdiw", 8, 256 }, { 272, "sdjm", 65, 256 },
		{ 701, "sdzz", 131, 720 }, { 702, "sdaaa", 131, 736 },
		{ 999, "sdall", 134, 880 },
		{ SD_MAX_DISKS - 1, "sdzzz", 70, 18256 },
	};
	char name[16];
	uint32_t devt;

	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		CHECK(disk_sd_devt(want[i].index, name, sizeof(name), &devt) == 0);
		if (strcmp(name, want[i].name))
			fprintf(stderr, "disk %d: %s, want %s\n", want[i].index,
				name, want[i].name);
		CHECK(!strcmp(name, want[i].name));
		CHECK_EQ_U64(devt, MKDEV(want[i].major, want[i].minor));
	}
	CHECK(disk_sd_devt(SD_MAX_DISKS, name, sizeof(name), &devt) == -EINVAL);
	CHECK(disk_sd_devt(-1, name, sizeof(name), &devt) == -EINVAL);
	/* a name that does not fit is refused, not cut */
	CHECK(disk_sd_devt(702, name, 5, &devt) == -EINVAL);
}

/* Every disk and partition of a 30-disk machine: names, dev_t, bdi. */
static void test_machine_many_disks(void)
{
	struct scenario s;
	struct machine m;
	char err[512] = "";
	int nr_sb = 0;

	CHECK(scenario_init(&s) == 0);
	CHECK(config_set(&s.cfg, "sim.disks=30") == 0);
	CHECK(config_set(&s.cfg, "disk.partitions=40%,rest") == 0);
	CHECK(config_set(&s.cfg, "sim.mount=sd*2") == 0);
	if (machine_init(&m, &s, NULL, err, sizeof(err))) {
		fprintf(stderr, "machine_init: %s\n", err);
		CHECK(0);
		goto out;
	}
	CHECK(m.nr_disks == 30);
	for (int i = 0; i < m.nr_disks; i++) {
		struct gendisk *gd = &m.disks[i]->disk.gd;
		char name[16], bdi[16], p2[20];
		uint32_t devt;

		CHECK(disk_sd_devt(i, name, sizeof(name), &devt) == 0);
		CHECK(!strcmp(gd->name, name));
		CHECK_EQ_U64(gd->part0.devt, devt);
		CHECK(gd->nr_parts == 2);
		CHECK_EQ_U64(gd->part[1].devt, devt + 2);
		snprintf(p2, sizeof(p2), "%s2", name);
		CHECK(!strcmp(gd->part[1].name, p2));
		snprintf(bdi, sizeof(bdi), "%u:%u", MAJOR(devt), MINOR(devt));
		CHECK(!strcmp(m.disks[i]->bdi.name, bdi));
		CHECK(machine_bdi_of(&m, &gd->part[1]) == &m.disks[i]->bdi);
	}
	CHECK(!strcmp(m.disks[29]->disk.gd.part[1].name, "sdad2"));
	/* the glob mounted partition 2 of every disk, in disk order */
	for (struct list_head *pos = m.super_blocks.next; pos != &m.super_blocks;
	     pos = pos->next) {
		struct super_block *sb = list_entry(pos, struct super_block, s_list);

		if (sb == &m.bdev_sb)
			continue;
		CHECK(sb->s_bdev == &m.disks[nr_sb]->disk.gd.part[1]);
		nr_sb++;
	}
	CHECK(nr_sb == 30);
	machine_exit(&m, NULL, 0);
out:
	scenario_exit(&s);
}

/* a glob that matches nothing is an error naming the option */
static void test_mount_glob_none(void)
{
	struct scenario s;
	struct machine m;
	char err[512] = "";

	CHECK(scenario_init(&s) == 0);
	CHECK(config_set(&s.cfg, "sim.disks=3") == 0);
	CHECK(config_set(&s.cfg, "sim.mount=sd*9") == 0);
	CHECK(machine_init(&m, &s, NULL, err, sizeof(err)) == -EINVAL);
	CHECK(strstr(err, "sim.mount: 'sd*9' matches no partition") != NULL);
	machine_exit(&m, NULL, 0);
	scenario_exit(&s);
}

int main(void)
{
	test_sd_devt();
	test_machine_many_disks();
	test_mount_glob_none();
	return check_status("test_sd_names");
}
