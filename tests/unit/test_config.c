// SPDX-License-Identifier: GPL-2.0
/*
 * Option tables and scenario files: every value type, units, ranges, and
 * the "file:line: message" contract for bad input.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../sim/lib/config.h"
#include "../../sim/kernel/sim.h"
#include "check.h"

struct thing {
	bool flag;
	int level;
	unsigned int depth;
	uint64_t count;
	double rate;
	uint64_t size;
	sim_time_t delay;
	int mode;
	char label[OPT_STR_MAX];
};

static const char *const modes[] = { "fast", "slow", NULL };

static const struct opt_desc thing_opts[] = {
	{ "flag", OPT_BOOL, offsetof(struct thing, flag), "yes", 0, 0, NULL, NULL, "a flag" },
	{ "level", OPT_INT, offsetof(struct thing, level), "-3", -10, 10, NULL, NULL, "level" },
	{ "depth", OPT_UINT, offsetof(struct thing, depth), "1", 1, 32, NULL, NULL, "depth" },
	{ "count", OPT_U64, offsetof(struct thing, count), "0", 0, 0, NULL, NULL, "count" },
	{ "rate", OPT_DOUBLE, offsetof(struct thing, rate), "58.5", 0, 1000, NULL, NULL, "MB/s" },
	{ "size", OPT_SIZE, offsetof(struct thing, size), "8M", 0, 0, NULL, NULL, "bytes" },
	{ "delay", OPT_TIME, offsetof(struct thing, delay), "3", 0, 1000, "ms", NULL, "time" },
	{ "mode", OPT_ENUM, offsetof(struct thing, mode), "slow", 0, 0, NULL, modes, "mode" },
	{ "label", OPT_STR, offsetof(struct thing, label), "", 0, 0, NULL, NULL, "label" },
	{ NULL },
};

static const struct opt_table thing_table = { "thing", "a test object", thing_opts };

struct family {
	struct thing t[2];
};

static void *lookup(void *ctx, const char *instance, char *err, size_t n)
{
	struct family *f = ctx;

	if (!strcmp(instance, "a"))
		return &f->t[0];
	if (!strcmp(instance, "b"))
		return &f->t[1];
	snprintf(err, n, "no instance '%s'", instance);
	return NULL;
}

static const struct opt_table part_table = { "part", "a family", thing_opts };

/* Run config_load_string with stderr captured; return the message. */
static int load_capture(struct config *c, const char *text, char *msg,
			size_t n)
{
	char path[] = "/tmp/wbsim-test-XXXXXX";
	int fd = mkstemp(path), saved = dup(2), ret;
	FILE *f;

	fflush(stderr);
	dup2(fd, 2);
	ret = config_load_string(c, "scn.ini", text);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	f = fdopen(fd, "r");
	rewind(f);
	msg[0] = 0;
	if (!fgets(msg, (int)n, f))
		msg[0] = 0;
	fclose(f);
	unlink(path);
	return ret;
}

static void test_defaults_and_units(void)
{
	struct thing t;
	char err[OPT_ERR_MAX];

	CHECK(opt_set_defaults(&thing_table, &t) == 0);
	CHECK(t.flag && t.level == -3 && t.depth == 1 && t.rate == 58.5);
	CHECK_EQ_U64(t.size, 8 << 20);
	CHECK_EQ_U64(t.delay, 3 * NSEC_PER_MSEC);
	CHECK(t.mode == 1 && t.label[0] == 0);

	const struct opt_desc *size = opt_find(&thing_table, "size");
	const struct opt_desc *delay = opt_find(&thing_table, "delay");
	CHECK(opt_parse(size, &t, "512", err, sizeof(err)) == 0 && t.size == 512);
	CHECK(opt_parse(size, &t, "4 KiB", err, sizeof(err)) == 0 && t.size == 4096);
	CHECK(opt_parse(size, &t, "80GB", err, sizeof(err)) == 0 && t.size == 80000000000ULL);
	CHECK(opt_parse(size, &t, "16s", err, sizeof(err)) == 0 && t.size == 8192);
	CHECK(opt_parse(size, &t, "1.5M", err, sizeof(err)) == 0 && t.size == 1572864);
	CHECK(opt_parse(size, &t, "3 parsecs", err, sizeof(err)) == -EINVAL);
	CHECK(opt_parse(size, &t, "-1", err, sizeof(err)) == -ERANGE);
	CHECK(opt_parse(delay, &t, "8", err, sizeof(err)) == 0 && t.delay == 8000000);
	CHECK(opt_parse(delay, &t, "250us", err, sizeof(err)) == 0 && t.delay == 250000);
	CHECK(opt_parse(delay, &t, "0.5 s", err, sizeof(err)) == 0 && t.delay == 500000000);
	/* range is in the option's unit: 1000 ms max */
	CHECK(opt_parse(delay, &t, "2s", err, sizeof(err)) == -ERANGE);
	CHECK(strstr(err, "out of range") != NULL);
	CHECK(opt_parse(delay, &t, "1.5ns", err, sizeof(err)) == -EINVAL);

	const struct opt_desc *level = opt_find(&thing_table, "level");
	CHECK(opt_parse(level, &t, "11", err, sizeof(err)) == -ERANGE);
	CHECK(opt_parse(level, &t, "4x", err, sizeof(err)) == -EINVAL);
	CHECK(opt_parse(level, &t, "", err, sizeof(err)) == -EINVAL);
	CHECK(opt_parse(level, &t, "nan", err, sizeof(err)) == -EINVAL);
	CHECK(opt_parse(level, &t, "2.5", err, sizeof(err)) == -EINVAL);
	CHECK(opt_parse(opt_find(&thing_table, "count"), &t, "1e30", err,
			sizeof(err)) == -ERANGE);
	CHECK(opt_parse(opt_find(&thing_table, "flag"), &t, "off", err, sizeof(err)) == 0 && !t.flag);
	CHECK(opt_parse(opt_find(&thing_table, "flag"), &t, "maybe", err, sizeof(err)) == -EINVAL);
	CHECK(opt_parse(opt_find(&thing_table, "mode"), &t, "fast", err, sizeof(err)) == 0 && t.mode == 0);
	CHECK(opt_parse(opt_find(&thing_table, "mode"), &t, "fastest", err, sizeof(err)) == -EINVAL);
	CHECK(strstr(err, "fast slow") != NULL);

	/* every value formats to text that parses back to the same value */
	struct thing u;
	opt_set_defaults(&thing_table, &u);
	t.rate = 0.1;
	for (const struct opt_desc *d = thing_opts; d->name; d++) {
		char buf[OPT_STR_MAX + 32];

		opt_format(d, &t, buf, sizeof(buf));
		CHECK(opt_parse(d, &u, buf, err, sizeof(err)) == 0);
	}
	CHECK(memcmp(&t.rate, &u.rate, sizeof(double)) == 0);
	CHECK(t.delay == u.delay && t.size == u.size && t.mode == u.mode);
}

static void test_scenario_text(void)
{
	struct config c = { 0 };
	struct thing t;
	struct family fam;
	char msg[512];

	config_bind(&c, &thing_table, &t);
	config_bind_family(&c, &part_table, lookup, &fam);
	config_set_defaults(&c);
	opt_set_defaults(&thing_table, &fam.t[0]);
	opt_set_defaults(&thing_table, &fam.t[1]);

	CHECK(load_capture(&c, "; comment\n[thing]\nlevel = 7\nmode=fast ; inline\n"
			   "[part:b]\ndepth = 9\n", msg, sizeof(msg)) == 0);
	CHECK(t.level == 7 && t.mode == 0 && fam.t[1].depth == 9);

	/* bad inputs: the message names the file and the line */
	static const struct { const char *text; const char *want; } bad[] = {
		{ "[thing]\nlevel = 99\n", "scn.ini:2: level: 99 is out of range" },
		{ "[thing]\nlevel = 1\n[part:b]\ndepth=2\n[thing]\nlevel = 2\n",
		  "scn.ini:6: 'level' in [thing] already set at line 2" },
		{ "[thing]\nlevel = 0x10\n", "scn.ini:2: level: '0x10' is not a decimal number" },
		{ "[thing]\nlevel = 010\n", "scn.ini:2: level: '010' is not a decimal number" },
		{ "[thing]\nsize = 0x1K\n", "scn.ini:2: size: '0x1K' is not a decimal number" },
		{ "[thing]\nlevel = inf\n", "scn.ini:2: level: 'inf' is not a decimal number" },
		{ "include = /etc\n", "/etc: not a regular file" },
		{ "[thing]\n\nbogus = 1\n", "scn.ini:3: unknown key 'bogus'" },
		{ "[nope]\nlevel = 1\n", "scn.ini:2: unknown section [nope]" },
		{ "level = 1\n", "scn.ini:1: key 'level' outside any section" },
		{ "[thing]\njust words\n", "scn.ini:2: syntax error" },
		{ "[thing\nlevel=1\n", "scn.ini:1: syntax error" },
		{ "[part:zz]\ndepth=2\n", "scn.ini:2: no instance 'zz'" },
		{ "[part]\ndepth=2\n", "scn.ini:2: [part]: section needs an instance name" },
		{ "[thing:x]\ndepth=2\n", "scn.ini:2: [thing:x]: section thing takes no instance name" },
		{ "[thing]\nsize = 12 furlongs\n", "scn.ini:2: size: bad size unit" },
		{ "[thing]\nflag = 2\n", "scn.ini:2: flag: '2' is not a boolean" },
		{ "include = does-not-exist.ini\n", "does-not-exist.ini: No such file" },
	};
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		int ret = load_capture(&c, bad[i].text, msg, sizeof(msg));

		CHECK(ret == -EINVAL || ret == -ENOENT);
		if (!strstr(msg, bad[i].want)) {
			fprintf(stderr, "case %zu: got '%s', want '%s'\n", i, msg,
				bad[i].want);
			check_failures++;
		}
	}

	/* an over-long line and a NUL byte are errors at their line */
	char *longtext = malloc(1000);
	strcpy(longtext, "[thing]\nlabel = ");
	memset(longtext + strlen(longtext), 'x', 400);
	strcpy(longtext + 16 + 400, "\nlevel = 1\n");
	CHECK(load_capture(&c, longtext, msg, sizeof(msg)) == -EINVAL);
	CHECK(strstr(msg, "scn.ini:2: line longer") != NULL);
	free(longtext);

	/* an endless device and a FIFO are not scenario files (no hang) */
	CHECK(load_capture(&c, "include = /dev/zero\n", msg, sizeof(msg)) == -EINVAL);
	CHECK(strstr(msg, "/dev/zero: not a regular file") != NULL);
	char fifo[] = "/tmp/test_config_fifoXXXXXX";

	if (mkdtemp(fifo)) {
		char path[64], text[96];

		snprintf(path, sizeof(path), "%s/f", fifo);
		snprintf(text, sizeof(text), "include = %s\n", path);
		if (!mkfifo(path, 0600)) {
			CHECK(load_capture(&c, text, msg, sizeof(msg)) == -EINVAL);
			CHECK(strstr(msg, "not a regular file") != NULL);
			unlink(path);
		}
		rmdir(fifo);
	}

	/* --set uses the same tables */
	fflush(stderr);
	CHECK(config_set(&c, "thing.depth=32") == 0 && t.depth == 32);
	CHECK(config_set(&c, "part:a.level=-10") == 0 && fam.t[0].level == -10);
	FILE *devnull = freopen("/dev/null", "w", stderr);
	CHECK(config_set(&c, "thing.depth=33") == -ERANGE);
	CHECK(config_set(&c, "thing.depth") == -EINVAL);
	CHECK(config_set(&c, "depth=3") == -EINVAL);
	CHECK(config_set(&c, "thing.nokey=3") == -EINVAL);
	(void)devnull;
	/* the last setting of each key is where a later check points */
	CHECK(config_origin(&c, "thing.depth") &&
	      !strcmp(config_origin(&c, "thing.depth"), "--set"));
	CHECK(load_capture(&c, "[thing]\n\nlevel = 4\n", msg, sizeof(msg)) == 0);
	CHECK(config_origin(&c, "thing.level") &&
	      !strcmp(config_origin(&c, "thing.level"), "scn.ini:3"));
	CHECK(config_origin(&c, "thing.count") == NULL);
	config_exit(&c);
}

static void test_include(void)
{
	char dir[] = "/tmp/wbsim-inc-XXXXXX";
	char path[256], sub[256], msg[512];
	struct config c = { 0 };
	struct thing t;
	FILE *f;

	CHECK(mkdtemp(dir) != NULL);
	snprintf(sub, sizeof(sub), "%s/disk.ini", dir);
	snprintf(path, sizeof(path), "%s/scn.ini", dir);
	f = fopen(sub, "w");
	fprintf(f, "[thing]\nlevel = 5\ndepth = 4\n");
	fclose(f);
	f = fopen(path, "w");
	fprintf(f, "include = disk.ini\n[thing]\ndepth = 6\n");
	fclose(f);
	config_bind(&c, &thing_table, &t);
	config_set_defaults(&c);
	CHECK(config_load_file(&c, path) == 0);
	CHECK(t.level == 5 && t.depth == 6);

	/* an include that includes itself stops at the depth limit */
	f = fopen(sub, "w");
	fprintf(f, "include = disk.ini\n");
	fclose(f);
	fflush(stderr);
	int saved = dup(2);
	int fd = open("/dev/null", 1);
	dup2(fd, 2);
	CHECK(config_load_file(&c, sub) == -EINVAL);
	dup2(saved, 2);
	close(fd);
	close(saved);
	(void)msg;
	config_exit(&c);
	unlink(sub);
	unlink(path);
	rmdir(dir);
}

/* OPT_LIST: one split for every list option (struct opt_list) */
static void test_list(void)
{
	static const struct opt_desc d = { "l", OPT_LIST, 0, "", 0, 0, NULL,
					   NULL, "a list" };
	char err[OPT_ERR_MAX], buf[OPT_STR_MAX + 32], many[OPT_STR_MAX];
	struct opt_list l, copy;
	size_t n = 0;

	CHECK(opt_parse(&d, &l, " sda1 , sda3,\tsdb1 ", err, sizeof(err)) == 0);
	CHECK(l.n == 3);
	CHECK(!strcmp(opt_list_item(&l, 0), "sda1"));
	CHECK(!strcmp(opt_list_item(&l, 1), "sda3"));
	CHECK(!strcmp(opt_list_item(&l, 2), "sdb1"));
	/* the dump prints the value as given; a copy keeps its items */
	CHECK(opt_format(&d, &l, buf, sizeof(buf)) > 0);
	CHECK(!strcmp(buf, " sda1 , sda3,\tsdb1 "));
	copy = l;
	memset(&l, 0x55, sizeof(l));
	CHECK(!strcmp(opt_list_item(&copy, 2), "sdb1"));
	CHECK(opt_parse(&d, &l, "", err, sizeof(err)) == 0 && l.n == 0);
	CHECK(opt_parse(&d, &l, "  ", err, sizeof(err)) == 0 && l.n == 0);
	CHECK(opt_parse(&d, &l, "one", err, sizeof(err)) == 0 && l.n == 1);
	/* an empty item, a trailing comma: errors naming the item */
	CHECK(opt_parse(&d, &l, "a,,b", err, sizeof(err)) == -EINVAL);
	CHECK(strstr(err, "item 2") != NULL);
	CHECK(opt_parse(&d, &l, "a,", err, sizeof(err)) == -EINVAL);
	CHECK(opt_parse(&d, &l, ",", err, sizeof(err)) == -EINVAL);
	CHECK(l.n == 0);
	/* OPT_LIST_MAX items fit, one more does not */
	for (int i = 0; i < OPT_LIST_MAX; i++)
		n += snprintf(many + n, sizeof(many) - n, "%s1", i ? "," : "");
	CHECK(opt_parse(&d, &l, many, err, sizeof(err)) == 0 && l.n == OPT_LIST_MAX);
	snprintf(many + n, sizeof(many) - n, ",2");
	CHECK(opt_parse(&d, &l, many, err, sizeof(err)) == -EINVAL);
	CHECK(strstr(err, "more than") != NULL);
}

int main(void)
{
	test_list();
	test_defaults_and_units();
	test_scenario_text();
	test_include();
	return check_status("test_config");
}
