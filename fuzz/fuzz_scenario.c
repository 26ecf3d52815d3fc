// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: scenario text through config_load_string(), with a
 * fixed section holding one option of every opt_type and a family of
 * sections ([part:NAME]) whose lookup accepts a few names. Besides not
 * crashing or hanging, whatever a load accepted must respect the option
 * ranges, and every object must still hold a NUL-terminated string.
 *
 * The text is named as if it lived in a directory that does not exist, so
 * a relative "include = FILE" finds nothing and the result does not depend
 * on where the fuzzer runs.
 *
 *   make build/fuzz/fuzz_scenario
 *   build/fuzz/fuzz_scenario -close_fd_mask=2 -max_total_time=300 \
 *	fuzz/corpus/fuzz_scenario
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../sim/lib/config.h"
#include "../sim/kernel/sim.h"

struct fz_obj {
	bool b;
	int i;
	unsigned int u;
	uint64_t u64;
	double d;
	uint64_t size;
	sim_time_t t;
	int e;
	char s[OPT_STR_MAX];
};

static const char *const colours[] = { "red", "green", "blue", NULL };

static const struct opt_desc fz_opts[] = {
	{ "b", OPT_BOOL, offsetof(struct fz_obj, b), "no", 0, 0, NULL, NULL,
	  "a flag" },
	{ "i", OPT_INT, offsetof(struct fz_obj, i), "-3", -100, 100, NULL,
	  NULL, "a small signed number" },
	{ "u", OPT_UINT, offsetof(struct fz_obj, u), "7", 0, 0, NULL, NULL,
	  "an unsigned number, no range" },
	{ "u64", OPT_U64, offsetof(struct fz_obj, u64), "0", 0, 0, NULL, NULL,
	  "a 64-bit number" },
	{ "d", OPT_DOUBLE, offsetof(struct fz_obj, d), "0.5", 0, 1, NULL, NULL,
	  "a fraction" },
	{ "size", OPT_SIZE, offsetof(struct fz_obj, size), "4K", 512, 1e12,
	  NULL, NULL, "bytes" },
	{ "t", OPT_TIME, offsetof(struct fz_obj, t), "3", 0, 1000, "ms", NULL,
	  "a time" },
	{ "e", OPT_ENUM, offsetof(struct fz_obj, e), "green", 0, 0, NULL,
	  colours, "a colour" },
	{ "s", OPT_STR, offsetof(struct fz_obj, s), "", 0, 0, NULL, NULL,
	  "a string" },
	{ .name = NULL },
};

static const struct opt_table fz_table = {
	.section = "obj", .title = "one option of each type", .opts = fz_opts,
};

static const struct opt_table fz_part_table = {
	.section = "part", .title = "a family", .opts = fz_opts,
};

#define NR_PARTS 3
static const char *const part_names[NR_PARTS] = { "sda1", "sda2", "x" };

struct fz_world {
	struct fz_obj obj;
	struct fz_obj part[NR_PARTS];
};

static void *part_lookup(void *ctx, const char *name, char *err, size_t n)
{
	struct fz_world *w = ctx;

	for (int i = 0; i < NR_PARTS; i++)
		if (!strcmp(name, part_names[i]))
			return &w->part[i];
	snprintf(err, n, "no partition '%s'", name);
	return NULL;
}

static void check(bool ok)
{
	if (!ok)
		__builtin_trap();
}

/* What opt_parse() promises about a value it stored. */
static void check_obj(const struct fz_obj *o)
{
	check(o->i >= -100 && o->i <= 100);
	check(o->d >= 0 && o->d <= 1);
	check(o->size >= 512 && o->size <= 1000000000000ULL);
	check(o->t <= 1000 * NSEC_PER_MSEC);
	check(o->e >= 0 && o->e < 3);
	check(memchr(o->s, 0, sizeof(o->s)) != NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz_world *w = calloc(1, sizeof(*w));
	char *text = malloc(size + 1);
	struct config c = { .nr = 0 };

	if (!w || !text)
		goto out;
	memcpy(text, data, size);
	text[size] = 0;
	check(config_bind(&c, &fz_table, &w->obj) == 0);
	check(config_bind_family(&c, &fz_part_table, part_lookup, w) == 0);
	check(config_set_defaults(&c) == 0);
	for (int i = 0; i < NR_PARTS; i++)
		check(opt_set_defaults(&fz_part_table, &w->part[i]) == 0);
	/* accepted or not, nothing may be out of range */
	config_load_string(&c, "/nonexistent-wbsim-fuzz/fuzz.ini", text);
	config_exit(&c);
	check_obj(&w->obj);
	for (int i = 0; i < NR_PARTS; i++)
		check_obj(&w->part[i]);
out:
	free(text);
	free(w);
	return 0;
}
