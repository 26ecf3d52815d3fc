// SPDX-License-Identifier: GPL-2.0
/*
 * The DiskSim-described drive (hdd-ds.c, disksim-disk.c) on a small
 * drive whose times are worked out by hand: 6000 rpm (10 ms a turn), 10
 * blocks a track (1 ms a block), one surface, one zone of 100 cylinders;
 * a measured seek table (1 cyl 1 ms, 100 cyls 10 ms) interpolated
 * linearly; a signed write settle of -0.2 ms; read miss/hit and write
 * overheads 0.5/0.1/0.3 ms, completion 0.05/0.07 ms; bus 0.2 ms a block
 * out, 0.25 in; two 20-block segments, one for writes, read-ahead 5.
 * Plus the layout rules (dead space, skews, slipped track) on a second
 * hand-built zone table.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../sim/drivers/disk.h"
#include "../../sim/drivers/hdd.h"
#include "check.h"
#include "disk_stderr.h"

#define MS	1000000.0	/* ns */

static const char parv1[] =
"disksim_bus BUS1 { Read block transfer time = 0.2,\n"
"  Write block transfer time = 0.25 }\n"
"disksim_disk TINY {\n"
"  Model = source tiny.model,\n";

static const char model[] =
"dm_disk TINY_model {\n"
"    Number of data surfaces = 1, Number of cylinders = 100,\n"
"    Block count = 990,\n"
"    Layout Model = dm_layout_g1 { LBN-to-PBN mapping scheme = 0,\n"
"      Sparing scheme used = 1, Rangesize for sparing = 1,\n"
"      Zones = [ dm_layout_g1_zone { First cylinder number = 0,\n"
"        Last cylinder number = 99, Blocks per track = 10,\n"
"        Offset of first block = 0, Empty space at zone front = 0,\n"
"        Skew for track switch = 0, Skew for cylinder switch = 0,\n"
"        Number of spares = 1, slips = [], defects = [] } ] },\n"
"    Mechanical Model = dm_mech_g1 {\n"
"      Access time type = trackSwitchPlusRotation,\n"
"      Seek type = extracted, Full seek curve = tiny.seek,\n"
"      Add. write settling delay = -0.2, Head switch time = 0.5,\n"
"      Rotation speed (in rpms) = 6000, Frobnication = 3 } }\n";

static const char parv2[] =
"  Read miss over. after read = 0.5, Read miss over. after write = 0.5,\n"
"  Read hit over. after read = 0.1, Read hit over. after write = 0.15,\n"
"  Write miss over. after read = 0.3, Write miss over. after write = 0.3,\n"
"  Write hit over. after read = 0.3, Write hit over. after write = 0.3,\n"
"  Read completion overhead = 0.05, Write completion overhead = 0.07,\n"
"  Number of buffer segments = 2, Segment size (in blks) = 20,\n"
"  Use separate write segment = 1, Maximum read-ahead (blks) = 5,\n"
"  Enable caching in buffer = 1, Allow read hits on write data = 1 }\n"
"instantiate [ bus1 ] as BUS1\n"
"instantiate [ disk0 ] as TINY\n"
"topology disksim_bus bus1 [ disksim_disk disk0 [] ]\n";

static char dir[] = "/tmp/test_hdd_ds.XXXXXX";

static void write_file(const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static double access_ms(struct disk *d, sector_t lba, uint32_t n, bool write,
			double at_ms)
{
	struct request rq = {
		.sector = lba, .nr_sectors = n,
		.cmd_flags = write ? REQ_WRITE : 0,
	};
	sim_time_t now = (sim_time_t)(at_ms * MS);

	return (double)(d->ops->access(d, &rq, now) - now) / MS;
}

static void test_timing(void)
{
	struct disk_params p;
	struct sim sim;
	struct disk d;
	void *hp = calloc(1, hdd_ops.params_size);
	char warn_path[256];

	CHECK(opt_set_defaults(&disk_opt_table, &p) == 0);
	CHECK(opt_set_defaults(hdd_ops.options, hp) == 0);
	snprintf(p.disksim, sizeof(p.disksim), "%s/tiny.parv", dir);
	CHECK(sim_init(&sim, 1) == 0);
	/* the unknown key is reported, the disk still loads */
	snprintf(warn_path, sizeof(warn_path), "%s/warn", dir);
	if (disk_init_stderr_to(warn_path, &d, &sim, &p, hp)) {
		CHECK(!"disk_init");
		return;
	}
	{
		FILE *w = fopen(warn_path, "r");
		char line[512] = "";

		CHECK(w && fgets(line, sizeof(line), w));
		CHECK(strstr(line, "tiny.model:15: not modelled: Frobnication") != NULL);
		if (w)
			fclose(w);
	}
	/* capacity from the zones: 100 tracks, 1 spare, 10 blocks each */
	CHECK_EQ_U64(d.gd.part0.nr_sects, 990);
	/* seek table: 5 cylinders = 1 + 4 * 9/99 ms; past the end extrapolated */
	CHECK_NEAR(hdd_ds_seek(d.disksim, 5) / MS, 1 + 4 * 9.0 / 99, 1e-6);
	CHECK_NEAR(hdd_ds_seek(d.disksim, 100) / MS, 10, 1e-9);
	CHECK_NEAR(hdd_ds_seek(d.disksim, 1) / MS, 1, 1e-9);
	/*
	 * Read miss, LBA 0+2 at 0: overhead to 0.5, slot 0 next at 10.0,
	 * blocks in at 11.0 and 12.0, bus: max(11.0 + 2 x 0.2, 12.0 + 0.2)
	 * = 12.2, completion 12.25.
	 */
	CHECK_NEAR(access_ms(&d, 0, 2, false, 0), 12.25, 1e-6);
	/*
	 * Read-ahead goes on: block 2 is in at 13.0. A read of it at 13.25:
	 * hit overhead to 13.35, bus to 13.55, completion 13.60: 0.35 ms.
	 */
	CHECK_NEAR(access_ms(&d, 2, 1, false, 13.25), 0.35, 1e-6);
	/*
	 * Write LBA 50+2 (cylinder 5, slot 0) at 20: overhead to 20.3, the
	 * read-ahead stops (blocks 3..7 are in by 18.0, arm on cylinder 0),
	 * seek 5 cylinders 1.3636 - 0.2 settle = 21.16, slot 0 at 30.0,
	 * written by 32.0, completion 32.07: 12.07 ms.
	 */
	CHECK_NEAR(access_ms(&d, 50, 2, true, 20), 12.07, 1e-6);
	/* reading back what was just written: a hit on the write segment,
	 * after a write: 0.15 + 2 x 0.2 + 0.05 */
	CHECK_NEAR(access_ms(&d, 50, 2, false, 40), 0.60, 1e-6);
	/* the read segment (LBA 0..7) was kept: LBA 5+2 is a hit too */
	CHECK_NEAR(access_ms(&d, 5, 2, false, 41), 0.55, 1e-6);
	/*
	 * A slow bus: write 8 blocks at LBA 100 (cylinder 10, slot 0) at 50.
	 * Data in by 50.3 + 8 x 0.25 = 52.3; the head (1 ms a block) must
	 * not start before 52.3 - 7 = 45.3; seek from cylinder 5: 5 cyls
	 * 1.3636 - 0.2 -> 51.46; slot 0 at 60.0; written by 68.0; 68.07.
	 */
	CHECK_NEAR(access_ms(&d, 100, 8, true, 50), 18.07, 1e-6);
	/* 40 blocks from 51.7: 50.3 + 10 = 60.3 data in, head not before
	 * 60.3 - 39 = 21.3: no wait for data, only for the slot */
	disk_exit(&d);
	sim_exit(&sim);
	free(hp);
}

/* Ruemmler & Wilkes with the first ten distances given (hplplus10) */
static void test_hpl_seek(void)
{
	struct hdd_ds ds = {
		.seek_type = HDD_DS_SEEK_HPL10, .hpl_boundary = 300,
		/* a + b sqrt(d) below 300, c + e d from there: 3.81, 0.33,
		 * 7.75, 0.0059 ms (the C2247A's) */
		.hpl = { 3.81 * MS, 0.33 * MS, 7.75 * MS, 0.0059 * MS },
		.first10 = { 2.89 * MS, 3.68 * MS, 3.81 * MS, 3.98 * MS,
			     4.27 * MS, 4.65 * MS, 4.52 * MS, 4.65 * MS,
			     4.82 * MS, 4.99 * MS },
	};

	CHECK(hdd_ds_seek(&ds, 0) == 0);
	CHECK_NEAR(hdd_ds_seek(&ds, 7) / MS, 4.52, 1e-9);	/* given */
	CHECK_NEAR(hdd_ds_seek(&ds, 100) / MS, 3.81 + 0.33 * 10, 1e-9);
	CHECK_NEAR(hdd_ds_seek(&ds, 299) / MS, 3.81 + 0.33 * sqrt(299), 1e-6);
	CHECK_NEAR(hdd_ds_seek(&ds, 1000) / MS, 7.75 + 5.9, 1e-9);
	/* plain hpl: distance 1 from the single-cylinder time when given */
	ds.seek_type = HDD_DS_SEEK_HPL;
	ds.seek_one = 0.2 * MS;
	CHECK_NEAR(hdd_ds_seek(&ds, 1) / MS, 0.2, 1e-9);
	CHECK_NEAR(hdd_ds_seek(&ds, 4) / MS, 3.81 + 0.33 * 2, 1e-9);
}

static void test_layout(void)
{
	/* 2 surfaces, zone 0: cylinders 0-3, 10 blocks a track, 4 dead at
	 * the front, first block at angle 2, track skew 3, cylinder skew 5,
	 * one spare track, track 1 slipped */
	uint32_t slips[] = { 1 };
	struct hdd_ds_zone z[2] = {
		{ .first_cyl = 0, .last_cyl = 3, .spt = 10, .first_slot = 2,
		  .deadspace = 4, .spare_tracks = 1, .track_skew = 3,
		  .cyl_skew = 5, .slips = slips, .nr_slips = 1 },
		{ .first_cyl = 4, .last_cyl = 5, .spt = 8 },
	};
	struct hdd_ds ds = {
		.surfaces = 2, .cyls = 6, .zone = z, .nr_zones = 2,
		.rot = 10 * MS,
	};
	struct hdd_chs l;
	char err[256];

	CHECK(hdd_ds_setup(&ds, err, sizeof(err)) == 0);
	/* zone 0: (8 tracks - 1 spare) x 10 - 4 dead = 66 LBAs */
	CHECK_EQ_U64(z[0].nr_lba, 66);
	CHECK_EQ_U64(z[1].first_lba, 66);
	CHECK_EQ_U64(ds.zone_blocks, 66 + 4 * 8);
	/* LBA 0: past 4 dead blocks, track 0 block 4, angle 2 + 4 */
	hdd_ds_lba_to_chs(&ds, 0, &l);
	CHECK(l.cyl == 0 && l.head == 0 && l.sector == 4 && l.slot == 6);
	/* LBA 6: track 1 is slipped, so track 2 = cylinder 1 head 0, block 0,
	 * angle 2 + (0 + 1 x 1) x 3 + 1 x 5 = 10 = 0 mod 10 */
	hdd_ds_lba_to_chs(&ds, 6, &l);
	CHECK(l.cyl == 1 && l.head == 0 && l.sector == 0 && l.slot == 0);
	/* LBA 16: track 3 = cylinder 1 head 1: 2 + (1 + 1) x 3 + 5 = 13 -> 3 */
	hdd_ds_lba_to_chs(&ds, 16, &l);
	CHECK(l.cyl == 1 && l.head == 1 && l.sector == 0 && l.slot == 3);
	/* zone 1 starts fresh: LBA 66 is cylinder 4, head 0, slot 0 */
	hdd_ds_lba_to_chs(&ds, 66, &l);
	CHECK(l.cyl == 4 && l.head == 0 && l.slot == 0 && l.zone == 1);
}

int main(void)
{
	char path[256], buf[4096];

	CHECK(mkdtemp(dir) != NULL);
	snprintf(buf, sizeof(buf), "%s%s", parv1, parv2);
	write_file("tiny.parv", buf);
	write_file("tiny.model", model);
	write_file("tiny.seek", "Seek distances measured: 2\n1, 1.0\n100, 10.0\n");
	test_timing();
	test_layout();
	test_hpl_seek();
	snprintf(path, sizeof(path), "%s/tiny.parv", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/tiny.seek", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/tiny.model", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/warn", dir);
	unlink(path);
	rmdir(dir);
	return check_status("test_hdd_ds");
}
