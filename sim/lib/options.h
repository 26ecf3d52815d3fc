/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Option tables. Every configurable object (disk, request queue, each I/O
 * scheduler, ...) has ONE table describing its tunables: name, type, offset
 * into the object's parameter struct, default, range, unit and help. The
 * same table drives the scenario-file parser, `--set section.key=value`,
 * `--help` and the dump of the effective configuration, as fio's
 * fio_options[] does.
 */
#ifndef WBSIM_OPTIONS_H
#define WBSIM_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

enum opt_type {
	OPT_BOOL,	/* bool: 0/1, yes/no, on/off, true/false */
	OPT_INT,	/* int */
	OPT_UINT,	/* unsigned int */
	OPT_U64,	/* uint64_t */
	OPT_DOUBLE,	/* double */
	OPT_SIZE,	/* uint64_t bytes; K/M/G/T = 2^10.., kB/MB/GB = 10^3.. */
	OPT_TIME,	/* sim_time_t ns; ns/us/ms/s suffix, bare = ->unit */
	OPT_ENUM,	/* int index into ->choices */
	OPT_STR,	/* char[OPT_STR_MAX] */
	OPT_LIST,	/* struct opt_list: comma-separated items */
};

#define OPT_STR_MAX	256
#define OPT_LIST_MAX	64	/* items: more partitions than a disk has */

/*
 * A list option, split once here for every consumer (sim.mount,
 * disk.partitions, dbench.instances, ...). Items are comma-separated with
 * blanks around them dropped; an empty item is an error; "" is the empty
 * list. Offsets, not pointers, so that a copied struct stays valid.
 */
struct opt_list {
	char raw[OPT_STR_MAX];		/* as given: what the dump prints */
	char buf[OPT_STR_MAX];		/* the items, each NUL-terminated */
	unsigned short off[OPT_LIST_MAX];
	unsigned int n;
};

static inline const char *opt_list_item(const struct opt_list *l,
					unsigned int i)
{
	return l->buf + l->off[i];
}

struct opt_desc {
	const char *name;
	enum opt_type type;
	size_t off;		/* offsetof() in the object's parameter struct */
	const char *def;	/* default, as text, parsed like user input */
	double min, max;	/* inclusive range for numbers; both 0: none */
	const char *unit;	/* OPT_TIME: unit of a bare number; else help */
	const char *const *choices;	/* OPT_ENUM: NULL-terminated */
	const char *help;
};

struct opt_table {
	const char *section;	/* scenario section name, e.g. "disk" */
	const char *title;	/* one line for --help */
	const struct opt_desc *opts;	/* terminated by an entry with NULL name */
};

#define OPT_ERR_MAX	256

const struct opt_desc *opt_find(const struct opt_table *t, const char *name);
int opt_parse(const struct opt_desc *d, void *obj, const char *val,
	      char *err, size_t errlen);
int opt_set_defaults(const struct opt_table *t, void *obj);
int opt_list_parse(struct opt_list *l, const char *val, char *err,
		   size_t errlen);
int opt_format(const struct opt_desc *d, const void *obj, char *buf,
	       size_t len);
void opt_print_help(FILE *f, const struct opt_table *t);
void opt_dump(FILE *f, const struct opt_table *t, const void *obj,
	      const char *section_name);

#endif
