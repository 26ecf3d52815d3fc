// SPDX-License-Identifier: GPL-2.0
/*
 * Scenario files: inih does the INI syntax, the option tables do the values.
 *
 * A key "include = FILE" before any section loads another scenario file
 * (relative to the including file) at that point, so a scenario can pull in
 * a shipped disk definition and override parts of it.
 */
#include <errno.h>
#include <fcntl.h>
#include <ini.h>
#include <libgen.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"

/**
 * config_bind - let section @t->section fill the fixed object @obj
 */
int config_bind(struct config *c, const struct opt_table *t, void *obj)
{
	if (c->nr == CONFIG_MAX_BINDINGS)
		return -ENOSPC;
	c->b[c->nr++] = (struct config_binding){ .section = t->section,
						 .table = t, .obj = obj };
	return 0;
}

/**
 * config_bind_family - sections "@t->section:NAME" map to lookup(ctx, NAME)
 */
int config_bind_family(struct config *c, const struct opt_table *t,
		       void *(*lookup)(void *, const char *, char *, size_t),
		       void *ctx)
{
	if (c->nr == CONFIG_MAX_BINDINGS)
		return -ENOSPC;
	c->b[c->nr++] = (struct config_binding){ .section = t->section,
						 .table = t, .lookup = lookup,
						 .ctx = ctx };
	return 0;
}

/**
 * config_set_defaults - fill every fixed object with its defaults
 */
int config_set_defaults(struct config *c)
{
	for (int i = 0; i < c->nr; i++) {
		int ret;

		if (!c->b[i].obj)
			continue;
		ret = opt_set_defaults(c->b[i].table, c->b[i].obj);
		if (ret)
			return ret;
	}
	return 0;
}

/* Resolve "section" or "section:instance" to a table and object. */
static int resolve(struct config *c, const char *section,
		   const struct opt_table **t, void **obj, char *err, size_t n)
{
	const char *colon = strchr(section, ':');
	size_t len = colon ? (size_t)(colon - section) : strlen(section);

	for (int i = 0; i < c->nr; i++) {
		struct config_binding *b = &c->b[i];

		if (strlen(b->section) != len || strncmp(b->section, section, len))
			continue;
		if (!colon && b->obj) {
			*t = b->table;
			*obj = b->obj;
			return 0;
		}
		if (colon && b->lookup) {
			if (!colon[1]) {
				snprintf(err, n, "[%s]: empty instance name",
					 section);
				return -EINVAL;
			}
			*obj = b->lookup(b->ctx, colon + 1, err, n);
			if (!*obj)
				return -EINVAL;
			*t = b->table;
			return 0;
		}
		snprintf(err, n, colon ? "[%s]: section %.*s takes no instance name"
				       : "[%s]: section needs an instance name (%.*s:NAME)",
			 section, (int)len, section);
		return -EINVAL;
	}
	snprintf(err, n, "unknown section [%s]", section);
	return -EINVAL;
}

/* Remember that @section.@key was last set at @where. */
static int record_origin(struct config *c, const char *section,
			 const char *key, const char *where)
{
	struct config_origin *o = NULL;
	char *name, *w;

	if (asprintf(&name, "%s.%s", section, key) < 0)
		return -ENOMEM;
	w = strdup(where);
	if (!w) {
		free(name);
		return -ENOMEM;
	}
	for (int i = 0; i < c->nr_origins && !o; i++)
		if (!strcmp(c->origins[i].key, name))
			o = &c->origins[i];
	if (!o && c->nr_origins == c->max_origins) {
		int max = c->max_origins ? 2 * c->max_origins : 16;
		struct config_origin *n = realloc(c->origins, max * sizeof(*n));

		if (!n) {
			free(name);
			free(w);
			return -ENOMEM;
		}
		c->origins = n;
		c->max_origins = max;
	}
	if (!o) {
		o = &c->origins[c->nr_origins++];
		o->key = name;
	} else {
		free(name);
		free(o->where);
	}
	o->where = w;
	return 0;
}

/**
 * config_origin - where @key ("section.key") got its value
 *
 * Checks that span several options run after every file is read; they
 * name the place a user has to edit with this.
 * Return: "file:line", "--set", or NULL for a default.
 */
const char *config_origin(const struct config *c, const char *key)
{
	for (int i = 0; i < c->nr_origins; i++)
		if (!strcmp(c->origins[i].key, key))
			return c->origins[i].where;
	return NULL;
}

/**
 * config_where - "FILE:LINE: " (or "--set: ") for @key, "" for a default
 * @c: may be NULL (a caller built without a scenario)
 *
 * The prefix of a message about @key, so a check made after every file
 * is read still points at the line to edit. Return: @buf.
 */
const char *config_where(const struct config *c, const char *key, char *buf,
			 size_t n)
{
	const char *w = c ? config_origin(c, key) : NULL;

	snprintf(buf, n, "%s%s", w ? w : "", w ? ": " : "");
	return buf;
}

/**
 * config_exit - free what loading recorded (the bindings stay)
 */
void config_exit(struct config *c)
{
	for (int i = 0; i < c->nr_origins; i++) {
		free(c->origins[i].key);
		free(c->origins[i].where);
	}
	free(c->origins);
	c->origins = NULL;
	c->nr_origins = c->max_origins = 0;
}

static int set_one(struct config *c, const char *section, const char *key,
		   const char *value, const char *where, char *err, size_t n)
{
	const struct opt_table *t;
	const struct opt_desc *d;
	void *obj;
	int ret;

	ret = resolve(c, section, &t, &obj, err, n);
	if (ret)
		return ret;
	d = opt_find(t, key);
	if (!d) {
		snprintf(err, n, "unknown key '%s' in [%s] (see --help)", key,
			 section);
		return -EINVAL;
	}
	ret = opt_parse(d, obj, value, err, n);
	if (!ret)
		ret = record_origin(c, section, key, where);
	return ret;
}

struct parse_ctx {
	struct config *c;
	const char *path;	/* for messages and relative includes */
	int depth;
	int lineno;		/* lines handed to inih so far */
	int bad_line;		/* first line too long or with a NUL, or 0 */
	FILE *f;
	const char *text;	/* or: in-memory text */
	char err[OPT_ERR_MAX];
	bool failed;		/* handler already reported an error */
	int err_line;		/* the line the handler failed on */
	struct seen_key *seen;	/* keys set by this file, for duplicates */
	int nr_seen, max_seen;
};

struct seen_key {
	char *name;		/* "section.key" */
	int line;
};

/*
 * A key set twice in one file is a mistake (one of the two values is
 * silently lost), so it is an error. Overriding a key of an included file
 * from the including file, or with --set, is what those are for: each file
 * has its own list.
 */
static int check_duplicate(struct parse_ctx *p, const char *section,
			   const char *key)
{
	char *name;

	if (asprintf(&name, "%s.%s", section, key) < 0)
		return -ENOMEM;
	for (int i = 0; i < p->nr_seen; i++)
		if (!strcmp(p->seen[i].name, name)) {
			snprintf(p->err, sizeof(p->err),
				 "'%s' in [%s] already set at line %d", key,
				 section, p->seen[i].line);
			free(name);
			return -EINVAL;
		}
	if (p->nr_seen == p->max_seen) {
		int max = p->max_seen ? 2 * p->max_seen : 16;
		struct seen_key *n = realloc(p->seen, max * sizeof(*n));

		if (!n) {
			free(name);
			return -ENOMEM;
		}
		p->seen = n;
		p->max_seen = max;
	}
	p->seen[p->nr_seen++] = (struct seen_key){ name, p->lineno };
	return 0;
}

static void free_seen(struct parse_ctx *p)
{
	for (int i = 0; i < p->nr_seen; i++)
		free(p->seen[i].name);
	free(p->seen);
}

static int load(struct config *c, const char *path, int depth);

static int handler(void *user, const char *section, const char *name,
		   const char *value)
{
	struct parse_ctx *p = user;
	char where[4200];

	if (p->failed)
		return 0;
	p->err_line = p->lineno;
	if (!*section && !strcmp(name, "include")) {
		char *dir = strdup(p->path), *full;
		int ret;

		if (!dir)
			return 0;
		if (value[0] == '/' || !strcmp(p->path, "-") ||
		    asprintf(&full, "%s/%s", dirname(dir), value) < 0)
			full = strdup(value);
		free(dir);
		if (p->depth + 1 >= CONFIG_MAX_DEPTH) {
			snprintf(p->err, sizeof(p->err),
				 "includes nested deeper than %d", CONFIG_MAX_DEPTH);
			ret = -ELOOP;
		} else {
			ret = full ? load(p->c, full, p->depth + 1) : -ENOMEM;
			snprintf(p->err, sizeof(p->err), "in include '%s'", value);
		}
		free(full);
		p->failed = ret != 0;
		return !ret;
	}
	if (!*section) {
		snprintf(p->err, sizeof(p->err),
			 "key '%s' outside any section (only 'include' may be)",
			 name);
		p->failed = true;
		return 0;
	}
	snprintf(where, sizeof(where), "%s:%d", p->path, p->lineno);
	if (check_duplicate(p, section, name) ||
	    set_one(p->c, section, name, value, where, p->err,
		    sizeof(p->err))) {
		p->failed = true;
		return 0;
	}
	return 1;
}

/*
 * inih silently splits a line longer than its buffer into two, and a NUL
 * byte would cut a line short: read lines ourselves, and hand inih a line
 * it rejects ("\x01...", no '=') in their place, so the error is reported
 * at the right line number with our message.
 */
static int next_char(struct parse_ctx *p)
{
	if (p->f)
		return fgetc(p->f);
	if (!*p->text)
		return EOF;
	return (unsigned char)*p->text++;
}

static char *reader(char *str, int num, void *stream)
{
	struct parse_ctx *p = stream;
	int len = 0, ch = EOF;
	bool bad = false;

	if (p->bad_line)
		return NULL;	/* stop at the first bad line: /dev/zero ends */
	while ((ch = next_char(p)) != EOF) {
		if (ch == 0 || len >= num - 1) {
			bad = true;
			break;
		}
		str[len++] = (char)ch;
		if (ch == '\n')
			break;
	}
	if (len == 0 && ch == EOF)
		return NULL;
	p->lineno++;
	if (bad) {
		if (!p->bad_line)
			p->bad_line = p->lineno;
		strcpy(str, "\x01\n");
		return str;
	}
	str[len] = 0;
	return str;
}

static int run_parser(struct parse_ctx *p)
{
	int line = ini_parse_stream(reader, p, handler, p);

	free_seen(p);
	if (line == 0)
		return 0;
	if (line < 0) {
		fprintf(stderr, "%s: %s\n", p->path,
			line == -1 ? strerror(errno) : "out of memory");
		return -EINVAL;
	}
	if (p->bad_line == line)
		fprintf(stderr, "%s:%d: line longer than %d characters or with a NUL byte\n",
			p->path, line, INI_MAX_LINE - 2);
	else if (p->failed && p->err_line == line)
		fprintf(stderr, "%s:%d: %s\n", p->path, line, p->err);
	else
		fprintf(stderr, "%s:%d: syntax error (want [section] or key = value)\n",
			p->path, line);
	return -EINVAL;
}

/**
 * config_open_regular - open @path for reading if it is a regular file
 * @err: receives "path: message" on failure
 *
 * For every file a user names (scenario, include, loadfile, trace): a
 * directory reads as empty and a FIFO blocks until a writer comes, so both
 * are refused. O_NONBLOCK keeps open() of a FIFO from waiting; it is
 * cleared again for the reads.
 * Return: 0 with *@f set, or a negative errno.
 */
int config_open_regular(const char *path, FILE **f, char *err, size_t n)
{
	int fd = config_open_regular_fd(path, err, n), e;

	if (fd < 0)
		return fd;
	*f = fdopen(fd, "r");
	if (*f)
		return 0;
	e = errno;
	close(fd);
	snprintf(err, n, "%s: %s", path, strerror(e));
	return -e;
}

/**
 * config_open_regular_fd - config_open_regular() for a file descriptor
 * Return: the descriptor, or a negative errno with @err filled in.
 */
int config_open_regular_fd(const char *path, char *err, size_t n)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), e;

	if (fd < 0)
		goto fail;
	if (fstat(fd, &st))
		goto fail_close;
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, n, "%s: not a regular file", path);
		close(fd);
		return -EINVAL;
	}
	if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK))
		goto fail_close;
	return fd;
fail_close:
	e = errno;
	close(fd);
	errno = e;
fail:
	e = errno;
	snprintf(err, n, "%s: %s", path, strerror(e));
	return -e;
}

static int load(struct config *c, const char *path, int depth)
{
	struct parse_ctx p = { .c = c, .path = path, .depth = depth };
	int ret;

	if (strcmp(path, "-")) {
		ret = config_open_regular(path, &p.f, p.err, sizeof(p.err));
		if (ret) {
			fprintf(stderr, "%s\n", p.err);
			return ret;
		}
	} else {
		p.f = stdin;
	}
	ret = run_parser(&p);
	if (p.f != stdin)
		fclose(p.f);
	return ret;
}

/**
 * config_load_file - apply a scenario file ("-" is stdin)
 * Return: 0, or a negative errno after printing "file:line: message".
 */
int config_load_file(struct config *c, const char *path)
{
	return load(c, path, 0);
}

/**
 * config_load_string - apply scenario text held in memory; @name is used
 * in messages and as the base of relative includes
 */
int config_load_string(struct config *c, const char *name, const char *text)
{
	struct parse_ctx p = { .c = c, .path = name, .text = text };

	return run_parser(&p);
}

/**
 * config_set - apply one "section.key=value" override from the command line
 */
int config_set(struct config *c, const char *assignment)
{
	char err[OPT_ERR_MAX];
	char *copy = strdup(assignment), *eq, *dot, *value;
	int ret = -EINVAL;

	if (!copy)
		return -ENOMEM;
	eq = strchr(copy, '=');
	if (!eq) {
		snprintf(err, sizeof(err), "'%s': want section.key=value",
			 assignment);
		goto out;
	}
	*eq = 0;
	value = eq + 1;
	dot = strrchr(copy, '.');
	if (!dot || dot == copy || !dot[1]) {
		snprintf(err, sizeof(err), "'%s': want section.key=value",
			 assignment);
		goto out;
	}
	*dot = 0;
	ret = set_one(c, copy, dot + 1, value, "--set", err, sizeof(err));
out:
	if (ret)
		fprintf(stderr, "--set %s: %s\n", assignment, err);
	free(copy);
	return ret;
}

/**
 * config_print_help - every option of every bound section
 */
void config_print_help(FILE *f, const struct config *c)
{
	for (int i = 0; i < c->nr; i++) {
		const struct config_binding *b = &c->b[i];

		if (i)
			fputc('\n', f);
		opt_print_help(f, b->table);
		if (b->lookup)
			fprintf(f, "  (one section per instance: [%s:NAME])\n",
				b->section);
	}
}

/**
 * config_dump - the effective values of every fixed object, as INI
 */
void config_dump(FILE *f, const struct config *c)
{
	for (int i = 0; i < c->nr; i++) {
		if (!c->b[i].obj)
			continue;
		opt_dump(f, c->b[i].table, c->b[i].obj, NULL);
		fputc('\n', f);
	}
}

/**
 * config_dump_flat - the effective values as "section.key<TAB>value" lines
 *
 * For scripts that need a scenario's values (tools/experiment/run.sh): they
 * read these lines instead of parsing INI a second time.
 */
void config_dump_flat(FILE *f, const struct config *c)
{
	char buf[OPT_STR_MAX + 32];

	for (int i = 0; i < c->nr; i++) {
		const struct config_binding *b = &c->b[i];

		if (!b->obj)
			continue;
		for (const struct opt_desc *d = b->table->opts; d->name; d++) {
			opt_format(d, b->obj, buf, sizeof(buf));
			fprintf(f, "%s.%s\t%s\n", b->table->section, d->name, buf);
		}
	}
}

/**
 * config_unbind - forget the binding of @section (dumps leave it out)
 *
 * Return: 0, or -ENOENT when nothing is bound under that name.
 */
int config_unbind(struct config *c, const char *section)
{
	for (int i = 0; i < c->nr; i++) {
		if (strcmp(c->b[i].section, section))
			continue;
		memmove(&c->b[i], &c->b[i + 1], (c->nr - i - 1) * sizeof(c->b[0]));
		c->nr--;
		return 0;
	}
	return -ENOENT;
}
