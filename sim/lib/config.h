/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Scenario files (INI, parsed with inih) and `--set section.key=value`
 * overrides. A struct config maps section names to option tables and the
 * objects they fill. A section is either a fixed object ("disk", "cfq") or
 * a family with an instance name after a colon ("part:sda1"), whose object
 * the binding's lookup() finds or creates.
 *
 * Errors are printed as "file:line: message" (or "--set: message") on
 * stderr and returned as -EINVAL; the command exits with status 2.
 */
#ifndef WBSIM_CONFIG_H
#define WBSIM_CONFIG_H

#include <stddef.h>
#include <stdio.h>

#include "options.h"

struct config_binding {
	const char *section;
	const struct opt_table *table;
	void *obj;			/* fixed object, or NULL for a family */
	/* family: return the object for @instance or NULL with @err set */
	void *(*lookup)(void *ctx, const char *instance, char *err, size_t n);
	void *ctx;
};

#define CONFIG_MAX_BINDINGS	32
#define CONFIG_MAX_DEPTH	8	/* nested include = ... */

/* Where an option got its value, for checks made after loading. */
struct config_origin {
	char *key;		/* "section.key" or "section:instance.key" */
	char *where;		/* "file:line" or "--set" */
};

struct config {
	struct config_binding b[CONFIG_MAX_BINDINGS];
	int nr;
	struct config_origin *origins;	/* the last setting of each key */
	int nr_origins, max_origins;
};

int config_bind(struct config *c, const struct opt_table *t, void *obj);
int config_bind_family(struct config *c, const struct opt_table *t,
		       void *(*lookup)(void *, const char *, char *, size_t),
		       void *ctx);
int config_set_defaults(struct config *c);
int config_open_regular(const char *path, FILE **f, char *err, size_t n);
int config_open_regular_fd(const char *path, char *err, size_t n);
int config_load_file(struct config *c, const char *path);
int config_load_string(struct config *c, const char *name, const char *text);
int config_set(struct config *c, const char *assignment);
const char *config_origin(const struct config *c, const char *key);
const char *config_where(const struct config *c, const char *key, char *buf,
			 size_t n);
void config_exit(struct config *c);
void config_print_help(FILE *f, const struct config *c);
void config_dump(FILE *f, const struct config *c);
void config_dump_flat(FILE *f, const struct config *c);
int config_unbind(struct config *c, const char *section);

#endif
