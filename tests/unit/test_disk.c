// SPDX-License-Identifier: GPL-2.0
/*
 * The generic disk: sd naming and numbering, partition layout (2009 fdisk
 * cylinder alignment: DOS geometry 255 x 63, first partition at sector 63),
 * rejection of bad partition lists, sector-to-partition mapping, and the
 * NCQ selection function.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../../sim/lib/config.h"
#include "../../sim/drivers/disk.h"
#include "../../sim/lib/rng.h"
#include "check.h"

#define CYL	16065ULL	/* sectors per DOS cylinder: 255 * 63 */

struct fixture {
	struct sim sim;
	struct disk d;
	struct disk_params p;
	void *hp;
	char err[OPT_ERR_MAX];
};

static int setup(struct fixture *f, const char *partitions, int index)
{
	memset(f, 0, sizeof(*f));
	CHECK(sim_init(&f->sim, 1) == 0);
	f->hp = calloc(1, hdd_ops.params_size);
	CHECK(opt_set_defaults(&disk_opt_table, &f->p) == 0);
	CHECK(opt_set_defaults(hdd_ops.options, f->hp) == 0);
	CHECK(opt_list_parse(&f->p.partitions, partitions, f->err, sizeof(f->err)) == 0);
	return disk_init(&f->d, &f->sim, &f->p, f->hp, index);
}

static void teardown(struct fixture *f)
{
	disk_exit(&f->d);
	free(f->hp);
	sim_exit(&f->sim);
}

/* the last cylinder boundary at or before @bytes from the disk start */
static sector_t cyl_floor(double bytes)
{
	return (sector_t)(bytes / 512) / CYL * CYL;
}

static void test_defaults(void)
{
	struct fixture f;

	CHECK(setup(&f, "", 0) == 0);
	CHECK(!strcmp(f.d.gd.name, "sda"));
	CHECK(!strcmp(f.d.gd.part0.name, "sda"));
	CHECK_EQ_U64(f.d.gd.part0.devt, MKDEV(8, 0));
	CHECK_EQ_U64(f.d.gd.part0.nr_sects, 80000000000ULL / 512);
	CHECK(f.d.gd.nr_parts == 0);
	CHECK(f.d.gd.dev == &f.d);
	CHECK(f.d.p.queue_depth == 1 && f.d.p.write_cache);
	CHECK_EQ_U64(f.d.p.cache_size, 8 << 20);
	CHECK(f.d.ops == &hdd_ops);
	CHECK(disk_sector_to_part(&f.d, 0) == &f.d.gd.part0);
	teardown(&f);
}

static void test_percent_rest(void)
{
	struct fixture f;
	const double cap = 80e9;
	struct block_device *p;

	CHECK(setup(&f, "30%,40%,rest", 0) == 0);
	p = f.d.gd.part;
	CHECK(f.d.gd.nr_parts == 3);
	CHECK(!strcmp(p[0].name, "sda1") && !strcmp(p[2].name, "sda3"));
	CHECK_EQ_U64(p[0].devt, MKDEV(8, 1));
	CHECK_EQ_U64(p[1].devt, MKDEV(8, 2));
	CHECK_EQ_U64(p[2].devt, MKDEV(8, 3));
	CHECK(p[1].partno == 2 && p[1].disk == &f.d.gd);
	CHECK_EQ_U64(p[0].start_sect, 63);
	CHECK_EQ_U64(p[0].start_sect + p[0].nr_sects, cyl_floor(0.3 * cap));
	CHECK_EQ_U64(p[1].start_sect, cyl_floor(0.3 * cap));
	CHECK_EQ_U64(p[1].start_sect + p[1].nr_sects, cyl_floor(0.7 * cap));
	CHECK_EQ_U64(p[2].start_sect, cyl_floor(0.7 * cap));
	CHECK_EQ_U64(p[2].start_sect + p[2].nr_sects, cyl_floor(cap));
	CHECK(p[2].start_sect + p[2].nr_sects <= f.d.gd.part0.nr_sects);

	/* sector to partition, at every edge */
	CHECK(disk_sector_to_part(&f.d, 62) == &f.d.gd.part0);
	CHECK(disk_sector_to_part(&f.d, 63) == &p[0]);
	CHECK(disk_sector_to_part(&f.d, p[1].start_sect - 1) == &p[0]);
	CHECK(disk_sector_to_part(&f.d, p[1].start_sect) == &p[1]);
	CHECK(disk_sector_to_part(&f.d, p[2].start_sect + p[2].nr_sects - 1) ==
	      &p[2]);
	/* the part of a cylinder after the last partition: the whole disk */
	CHECK(disk_sector_to_part(&f.d, f.d.gd.part0.nr_sects - 1) ==
	      &f.d.gd.part0);
	CHECK(disk_sector_to_part(&f.d, f.d.gd.part0.nr_sects) == NULL);

	CHECK(disk_find_bdev(&f.d, MKDEV(8, 0)) == &f.d.gd.part0);
	CHECK(disk_find_bdev(&f.d, MKDEV(8, 2)) == &p[1]);
	CHECK(disk_find_bdev(&f.d, MKDEV(8, 4)) == NULL);
	CHECK(disk_find_bdev(&f.d, MKDEV(8, 16)) == NULL);
	teardown(&f);
}

static void test_sizes_and_second_disk(void)
{
	struct fixture f;
	struct block_device *p;
	const double g10 = 10.0 * (1 << 30);

	CHECK(setup(&f, "10G, 20GB ,rest", 1) == 0);
	p = f.d.gd.part;
	CHECK(!strcmp(f.d.gd.name, "sdb"));
	CHECK_EQ_U64(f.d.gd.part0.devt, MKDEV(8, 16));
	CHECK_EQ_U64(p[0].devt, MKDEV(8, 17));
	CHECK(!strcmp(p[0].name, "sdb1"));
	CHECK_EQ_U64(p[2].devt, MKDEV(8, 19));
	CHECK_EQ_U64(p[0].start_sect + p[0].nr_sects, cyl_floor(g10));
	CHECK_EQ_U64(p[1].start_sect + p[1].nr_sects, cyl_floor(g10 + 20e9));
	CHECK_EQ_U64(p[2].start_sect + p[2].nr_sects, cyl_floor(80e9));
	teardown(&f);

	/* halves fill every whole cylinder */
	CHECK(setup(&f, "50%,50%", 2) == 0);
	CHECK(!strcmp(f.d.gd.name, "sdc"));
	CHECK_EQ_U64(f.d.gd.part[1].devt, MKDEV(8, 34));
	CHECK_EQ_U64(f.d.gd.part[1].start_sect + f.d.gd.part[1].nr_sects,
		     cyl_floor(80e9));
	teardown(&f);
}

/* drivers/scsi/sd.c: sdz, sdaa; majors 8, 65-71, 128-135 */
static void test_sd_numbering(void)
{
	static const struct { int index; const char *name; int major, minor; }
	want[] = {
		{ 15, "sdp", 8, 240 }, { 16, "sdq", 65, 0 },
		{ 25, "sdz", 65, 144 }, { 26, "sdaa", 65, 160 },
		{ 127, "sddx", 71, 240 }, { 128, "sddy", 128, 0 },
		{ 255, "sdiv", 135, 240 },
	};
	struct fixture f;

	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		CHECK(setup(&f, "rest", want[i].index) == 0);
		CHECK(!strcmp(f.d.gd.name, want[i].name));
		CHECK_EQ_U64(f.d.gd.part0.devt,
			     MKDEV(want[i].major, want[i].minor));
		CHECK_EQ_U64(f.d.gd.part[0].devt,
			     MKDEV(want[i].major, want[i].minor + 1));
		teardown(&f);
	}
	CHECK(setup(&f, "", SD_MAX_DISKS) == -EINVAL);
	free(f.hp);
	sim_exit(&f.sim);
}

/* a partition list as a scenario gives it: split, then laid out */
static int parse_parts(const char *spec, uint64_t capacity,
		       struct disk_part_range *parts, int *nr, char *err,
		       size_t errlen)
{
	struct opt_list l;

	if (opt_list_parse(&l, spec, err, errlen))
		return -EINVAL;
	return disk_parse_partitions(&l, capacity, parts, nr, err, errlen);
}

static void test_bad_partitions(void)
{
	static const char *const bad[] = {
		"abc", "30%,,rest", "rest,10G", "60%,60%", "101%", "0%",
		"10X", "-5G", "30%,", ",", "30%x", "100G", "1K", "rest,rest",
		"50%,rest,", "%", "1e999%", "nan%", "30 %%",
		"1%,1%,1%,1%,1%,1%,1%,1%,1%,1%,1%,1%,1%,1%,1%,1%",
	};
	struct disk_part_range parts[DISK_MAX_PARTS];
	char err[OPT_ERR_MAX];
	struct fixture f;
	int nr;

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		err[0] = '\0';
		if (parse_parts(bad[i], 80000000000ULL, parts, &nr,
					  err, sizeof(err)) != -EINVAL) {
			fprintf(stderr, "accepted bad partitions '%s'\n",
				bad[i]);
			CHECK(0);
		}
		CHECK(err[0] != '\0');
	}
	/* fifteen is the sd limit and fine */
	CHECK(parse_parts("1%,1%,1%,1%,1%,1%,1%,1%,1%,1%,1%,1%,1%,1%,rest",
				    80000000000ULL, parts, &nr, err,
				    sizeof(err)) == 0 && nr == 15);
	CHECK(parse_parts("  ", 80000000000ULL, parts, &nr, err,
				    sizeof(err)) == 0 && nr == 0);
	/* and disk_init refuses a bad list */
	CHECK(setup(&f, "60%,60%", 0) == -EINVAL);
	free(f.hp);
	sim_exit(&f.sim);
}

static void test_ncq_pick(void)
{
	const sim_time_t lim = DISK_NCQ_AGE_LIMIT, now = 10 * lim;
	sim_time_t pos[32], since[32];
	struct rng r;
	int step, served_at = -1;

	/* shortest positioning time first */
	CHECK(disk_ncq_pick((sim_time_t[]){ 5, 3, 7 },
			    (sim_time_t[]){ now, now, now }, 3, now, lim) == 1);
	/* ties: the older one, then the lower index */
	CHECK(disk_ncq_pick((sim_time_t[]){ 3, 3, 3 },
			    (sim_time_t[]){ now, now - 5, now - 5 }, 3, now,
			    lim) == 1);
	/* aged commands go first, oldest first, however far */
	CHECK(disk_ncq_pick((sim_time_t[]){ 1, 900, 800 },
			    (sim_time_t[]){ now, now - lim - 1, now - lim - 2 },
			    3, now, lim) == 2);
	/* just under the bound is still SPTF */
	CHECK(disk_ncq_pick((sim_time_t[]){ 1, 900 },
			    (sim_time_t[]){ now, now - lim + 1 }, 2, now,
			    lim) == 0);

	/*
	 * Starvation: command 0 is far away, the other 31 slots keep being
	 * refilled with closer commands. Plain SPTF would never serve it;
	 * with the bound it is served at the first decision after it ages.
	 */
	rng_init(&r, 9, "test:ncq");
	for (int i = 0; i < 32; i++) {
		pos[i] = i ? 1000 + rng_below(&r, 8000000) : 9000000;
		since[i] = 0;
	}
	for (step = 0; step < 1000; step++) {
		sim_time_t t = step * 8 * NSEC_PER_MSEC;	/* 8 ms each */
		unsigned int k = disk_ncq_pick(pos, since, 32, t, lim);

		if (k == 0) {
			served_at = step;
			break;
		}
		pos[k] = 1000 + rng_below(&r, 8000000);
		since[k] = t;
	}
	/* it ages at t >= lim: the first 8 ms step at or past the bound */
	CHECK(served_at == (int)((lim + 8 * NSEC_PER_MSEC - 1) /
				 (8 * NSEC_PER_MSEC)));
	printf("ncq: the far command was served at decision %d (t = %d ms)\n",
	       served_at, served_at * 8);
}

static void test_option_tables(void)
{
	struct disk_params p;
	char buf[OPT_STR_MAX];

	CHECK(opt_set_defaults(&disk_opt_table, &p) == 0);
	CHECK_EQ_U64(p.capacity, 80000000000ULL);
	CHECK_EQ_U64(p.overhead, 200000);
	CHECK(p.bus_rate == 133);
	CHECK(opt_format(opt_find(&disk_opt_table, "model"), &p, buf,
			 sizeof(buf)) > 0 && !strcmp(buf, "hdd"));
	/* up to a virtqueue's 256 commands */
	CHECK(opt_parse(opt_find(&disk_opt_table, "queue_depth"), &p, "256",
			buf, sizeof(buf)) == 0 && p.queue_depth == 256);
	CHECK(opt_parse(opt_find(&disk_opt_table, "queue_depth"), &p, "257",
			buf, sizeof(buf)) == -ERANGE);
	for (int i = 0; disk_models[i]; i++)
		CHECK(!strcmp(disk_models[i]->name, disk_model_names[i]));
	CHECK(disk_model_names[3] == NULL && disk_models[3] == NULL);
}

/* Is "key" set in [section] of @path? A plain scan, independent of inih. */
static bool file_sets(const char *path, const char *section, const char *key)
{
	char line[512], cur[64] = "";
	bool found = false;
	FILE *f = fopen(path, "r");

	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		char *s = line + strspn(line, " \t");
		size_t n = strlen(key);

		if (*s == '[') {
			snprintf(cur, sizeof(cur), "%.*s",
				 (int)strcspn(s + 1, "]"), s + 1);
			continue;
		}
		if (!strcmp(cur, section) && !strncmp(s, key, n) &&
		    (s[n] == ' ' || s[n] == '=' || s[n] == '\t'))
			found = true;
	}
	fclose(f);
	return found;
}

/*
 * The shipped disk definitions load, set every parameter of [disk] and of
 * their model's section explicitly, and make a working disk. The desktop
 * file restates the built-in defaults, which it documents.
 */
static void test_disk_files(void)
{
	static const struct {
		const char *path;
		const struct disk_ops *ops;
		bool defaults;
	} files[] = {
		{ "sim/disks/desktop-7200-pata-2009.ini", &hdd_ops, true },
		{ "sim/disks/ssd-sata.ini", &ssd_ops, false },
	};

	for (size_t i = 0; i < ARRAY_SIZE(files); i++) {
		const struct opt_table *mt = files[i].ops->options;
		struct disk_params p, def;
		void *mp = calloc(2, files[i].ops->params_size);
		void *mdef = (char *)mp + files[i].ops->params_size;
		struct config c = { .nr = 0 };
		struct sim sim;
		struct disk d;
		char a[OPT_STR_MAX + 32], b[OPT_STR_MAX + 32];

		CHECK(config_bind(&c, &disk_opt_table, &p) == 0);
		CHECK(config_bind(&c, mt, mp) == 0);
		CHECK(config_set_defaults(&c) == 0);
		CHECK(config_load_file(&c, files[i].path) == 0);
		config_exit(&c);	/* only the values are looked at */
		for (const struct opt_desc *o = disk_opt_table.opts; o->name; o++)
			if (!file_sets(files[i].path, "disk", o->name)) {
				fprintf(stderr, "%s: [disk] %s not set\n",
					files[i].path, o->name);
				CHECK(0);
			}
		for (const struct opt_desc *o = mt->opts; o->name; o++)
			if (!file_sets(files[i].path, mt->section, o->name)) {
				fprintf(stderr, "%s: [%s] %s not set\n",
					files[i].path, mt->section, o->name);
				CHECK(0);
			}
		CHECK(p.model == (files[i].ops == &ssd_ops ? 1 : 0));
		if (files[i].defaults) {
			CHECK(opt_set_defaults(&disk_opt_table, &def) == 0);
			CHECK(opt_set_defaults(mt, mdef) == 0);
			for (const struct opt_desc *o = disk_opt_table.opts;
			     o->name; o++) {
				opt_format(o, &p, a, sizeof(a));
				opt_format(o, &def, b, sizeof(b));
				CHECK(!strcmp(a, b));
			}
			for (const struct opt_desc *o = mt->opts; o->name; o++) {
				opt_format(o, mp, a, sizeof(a));
				opt_format(o, mdef, b, sizeof(b));
				CHECK(!strcmp(a, b));
			}
		}
		CHECK(sim_init(&sim, 1) == 0);
		CHECK(disk_init(&d, &sim, &p, mp, 0) == 0);
		CHECK(d.ops == files[i].ops);
		CHECK(d.parallel == (files[i].ops == &ssd_ops ? 10U : 1U));
		disk_exit(&d);
		sim_exit(&sim);
		free(mp);
	}
}

int main(void)
{
	test_defaults();
	test_percent_rest();
	test_sizes_and_second_disk();
	test_sd_numbering();
	test_bad_partitions();
	test_ncq_pick();
	test_option_tables();
	test_disk_files();
	return check_status("test_disk");
}
