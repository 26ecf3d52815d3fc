// SPDX-License-Identifier: GPL-2.0
/*
 * dbench 4.0 loadfile parser (see dbench-loadfile.h for the rules).
 *
 * Speed matters a little (client.txt is 458,344 lines and every run
 * parses it), so a line is copied once into a stack buffer while the two
 * substitutions are applied, split in place, numbers are parsed by hand,
 * and paths and statuses are interned through open-addressing hash
 * tables over one string pool: no sscanf, no per-token allocation.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/config.h"
#include "dbench-loadfile.h"

_Static_assert(sizeof(struct dbench_op) == 32, "dbench_op stays small");

#ifndef DBENCH_READ_BUF
#define DBENCH_READ_BUF	(1 << 20)
#endif
_Static_assert(DBENCH_READ_BUF > DBENCH_LINE_MAX + 1,
	       "a longest line and its newline fit the read buffer");

/* A target time beyond 30 years of simulated time is a typo, not a plan. */
#define DBENCH_TARGET_MAX_S	1e9

enum arg_kind {
	ARG_PATH,		/* -> op.path */
	ARG_PATH2,		/* -> op.path2 */
	ARG_FNUM,		/* -> op.fnum, C int */
	ARG_INT,		/* C int that must not be negative */
	ARG_U32,		/* uint32_t */
};

struct arg_desc {
	uint8_t kind;
	uint8_t off;		/* offsetof(struct dbench_op, ...) of a number */
};

struct op_desc {
	const char *keyword;	/* in the loadfile */
	const char *stat_name;	/* in the report table */
	uint8_t nargs;
	struct arg_desc arg[DBENCH_MAX_ARGS];
};

#define PATH		{ ARG_PATH, 0 }
#define PATH2		{ ARG_PATH2, 0 }
#define FNUM		{ ARG_FNUM, 0 }
#define INT(f)		{ ARG_INT, offsetof(struct dbench_op, f) }
#define U32(f)		{ ARG_U32, offsetof(struct dbench_op, f) }

/* Argument lists as child_op() in dbench 4.0's child.c reads them. */
static const struct op_desc op_descs[DBENCH_OP_NR] = {
	[DBENCH_OP_NTCREATEX] = { "NTCreateX", "NTCreateX", 4,
		{ PATH, U32(ntcreatex.create_options),
		  U32(ntcreatex.disposition), FNUM } },
	[DBENCH_OP_CLOSE] = { "Close", "Close", 1, { FNUM } },
	[DBENCH_OP_RENAME] = { "Rename", "Rename", 2, { PATH, PATH2 } },
	[DBENCH_OP_UNLINK] = { "Unlink", "Unlink", 2,
		{ PATH, U32(unlink.attr) } },
	[DBENCH_OP_DELTREE] = { "Deltree", "Deltree", 1, { PATH } },
	[DBENCH_OP_RMDIR] = { "Rmdir", "Rmdir", 1, { PATH } },
	[DBENCH_OP_MKDIR] = { "Mkdir", "Mkdir", 1, { PATH } },
	[DBENCH_OP_QPATHINFO] = { "QUERY_PATH_INFORMATION", "Qpathinfo", 2,
		{ PATH, INT(info.level) } },
	[DBENCH_OP_QFILEINFO] = { "QUERY_FILE_INFORMATION", "Qfileinfo", 2,
		{ FNUM, INT(info.level) } },
	[DBENCH_OP_QFSINFO] = { "QUERY_FS_INFORMATION", "Qfsinfo", 1,
		{ INT(info.level) } },
	[DBENCH_OP_SFILEINFO] = { "SET_FILE_INFORMATION", "Sfileinfo", 2,
		{ FNUM, INT(info.level) } },
	[DBENCH_OP_FIND] = { "FIND_FIRST", "Find", 4,
		{ PATH, INT(find.level), INT(find.maxcnt), INT(find.count) } },
	[DBENCH_OP_WRITEX] = { "WriteX", "WriteX", 4,
		{ FNUM, INT(rw.offset), INT(rw.size), INT(rw.ret_size) } },
	[DBENCH_OP_READX] = { "ReadX", "ReadX", 4,
		{ FNUM, INT(rw.offset), INT(rw.size), INT(rw.ret_size) } },
	/* nb_lockx(int handle, uint32_t offset, int size) */
	[DBENCH_OP_LOCKX] = { "LockX", "LockX", 3,
		{ FNUM, U32(lock.offset), INT(lock.size) } },
	[DBENCH_OP_UNLOCKX] = { "UnlockX", "UnlockX", 3,
		{ FNUM, U32(lock.offset), INT(lock.size) } },
	[DBENCH_OP_FLUSH] = { "Flush", "Flush", 1, { FNUM } },
	[DBENCH_OP_SLEEP] = { "Sleep", "Sleep", 1, { INT(sleep.usec) } },
};

/* NTSTATUS values of the names loadfiles use (MS-ERREF 2.3.1). */
static const struct {
	const char *name;
	uint32_t code;
} nt_status_codes[] = {
	{ "NT_STATUS_OK", 0x00000000 },
	{ "NT_STATUS_NO_MORE_FILES", 0x80000006 },
	{ "NT_STATUS_INVALID_HANDLE", 0xc0000008 },
	{ "NT_STATUS_NO_SUCH_FILE", 0xc000000f },
	{ "NT_STATUS_END_OF_FILE", 0xc0000011 },
	{ "NT_STATUS_ACCESS_DENIED", 0xc0000022 },
	{ "NT_STATUS_OBJECT_NAME_NOT_FOUND", 0xc0000034 },
	{ "NT_STATUS_OBJECT_NAME_COLLISION", 0xc0000035 },
	{ "NT_STATUS_OBJECT_PATH_NOT_FOUND", 0xc000003a },
	{ "NT_STATUS_OBJECT_PATH_SYNTAX_BAD", 0xc000003b },
	{ "NT_STATUS_SHARING_VIOLATION", 0xc0000043 },
	{ "NT_STATUS_FILE_LOCK_CONFLICT", 0xc0000054 },
	{ "NT_STATUS_LOCK_NOT_GRANTED", 0xc0000055 },
	{ "NT_STATUS_DELETE_PENDING", 0xc0000056 },
	{ "NT_STATUS_RANGE_NOT_LOCKED", 0xc000007e },
	{ "NT_STATUS_FILE_IS_A_DIRECTORY", 0xc00000ba },
	{ "NT_STATUS_DIRECTORY_NOT_EMPTY", 0xc0000101 },
	{ "NT_STATUS_NOT_A_DIRECTORY", 0xc0000103 },
	{ "NT_STATUS_CANNOT_DELETE", 0xc0000121 },
};

struct parser {
	struct dbench_loadfile *lf;
	const char *name;
	uint32_t lineno;
};

/**
 * dbench_op_keyword() - how an op is spelt in a loadfile
 * @type: the op
 *
 * Return: e.g. "QUERY_PATH_INFORMATION", or "?" for a bad @type.
 */
const char *dbench_op_keyword(enum dbench_op_type type)
{
	return (unsigned int)type < DBENCH_OP_NR ? op_descs[type].keyword : "?";
}

/**
 * dbench_op_stat_name() - how dbench's report table names an op
 * @type: the op
 *
 * Return: e.g. "Qpathinfo", or "?" for a bad @type.
 */
const char *dbench_op_stat_name(enum dbench_op_type type)
{
	return (unsigned int)type < DBENCH_OP_NR ? op_descs[type].stat_name : "?";
}

/* a token for a message: control and non-ASCII bytes as \xNN, cut short */
static const char *shown(const char *s, size_t len, char *buf, size_t size)
{
	size_t n = 0, i;

	for (i = 0; i < len && n + 8 < size; i++) {
		unsigned char c = s[i];

		if (c >= 0x20 && c < 0x7f)
			buf[n++] = c;
		else
			n += snprintf(buf + n, size - n, "\\x%02x", c);
	}
	if (i < len)
		n += snprintf(buf + n, size - n, "...");
	buf[n] = 0;
	return buf;
}

static int fail(struct parser *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int fail(struct parser *p, const char *fmt, ...)
{
	char *err = p->lf->err;
	va_list ap;
	int n;

	n = snprintf(err, DBENCH_ERR_MAX, "%s:%u: ", p->name, p->lineno);
	if (n < 0 || n >= DBENCH_ERR_MAX)
		n = 0;
	va_start(ap, fmt);
	vsnprintf(err + n, DBENCH_ERR_MAX - n, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

static int no_memory(struct parser *p)
{
	snprintf(p->lf->err, DBENCH_ERR_MAX, "%s: out of memory", p->name);
	return -ENOMEM;
}

/*
 * @arr (elements of @size) grown to hold at least @need: @arr itself if it
 * is big enough, a new block (*cap updated), or NULL when out of memory.
 */
static void *grow(void *arr, uint32_t *cap, uint32_t need, size_t size)
{
	uint32_t n = *cap ? *cap : 64;
	void *a;

	if (need <= *cap)
		return arr;
	while (n < need) {
		if (n > UINT32_MAX / 2)
			return NULL;
		n *= 2;
	}
	a = realloc(arr, (size_t)n * size);
	if (a)
		*cap = n;
	return a;
}

static bool is_digit(char c)
{
	return (unsigned char)(c - '0') < 10;
}

/* 0..15, or 16 for a non-hex character */
static unsigned int hex_value(char c)
{
	if (is_digit(c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return 16;
}

/*
 * strtol(s, NULL, 0) as dbench's ival() uses it, but only when it takes
 * the whole token and the value fits [min, max]: optional sign, then
 * 0x hex, 0 octal or decimal.
 */
static bool parse_long(const char *s, size_t len, int64_t min, int64_t max,
		       int64_t *val)
{
	const char *end = s + len;
	unsigned int base = 10;
	bool neg = false;
	uint64_t v = 0;

	if (s < end && (*s == '+' || *s == '-'))
		neg = *s++ == '-';
	if (end - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	} else if (end - s > 1 && s[0] == '0') {
		base = 8;
		s++;
	}
	if (s == end)
		return false;
	while (end - s > 1 && *s == '0')
		s++;
	if (end - s > 12)	/* past every range we take, and no overflow */
		return false;
	for (; s < end; s++) {
		unsigned int d = (unsigned char)(*s - '0');

		if (base == 16 && d > 9)
			d = hex_value(*s);
		if (d >= base)
			return false;
		v = v * base + d;
	}
	*val = neg ? -(int64_t)v : (int64_t)v;
	return *val >= min && *val <= max;
}

static int parse_path(struct parser *p, const char *tok, size_t len,
		      const char *op, unsigned int argno, uint32_t *id)
{
	char sh[64];
	int ret;

	/* child_run(): only a token starting with '/' becomes a file name */
	if (len == 0 || tok[0] != '/')
		return fail(p, "%s: argument %u '%s' is not a path (want a quoted \"\\...\")",
			    op, argno, shown(tok, len, sh, sizeof(sh)));
	ret = dbench_path_intern(p->lf, tok, len, id);
	if (ret == -EINVAL)
		return fail(p, "%s: path '%s' has a '.' or '..' component",
			    op, shown(tok, len, sh, sizeof(sh)));
	return ret ? no_memory(p) : 0;
}

static int parse_status(struct parser *p, const char *tok, size_t len,
			uint16_t *id, bool *ok)
{
	struct dbench_loadfile *lf = p->lf;
	struct dbench_status *st;
	uint32_t code = DBENCH_STATUS_UNKNOWN, found, off;
	char sh[64];
	size_t i;

	/* nearly every line repeats a known status: look it up first */
	found = dbench_strtab_find(lf, &lf->status_tab, tok, len);
	if (found != UINT32_MAX) {
		*id = found;
		*ok = lf->status[found].ok;
		return 0;
	}
	if (len > 10 && !memcmp(tok, "NT_STATUS_", 10)) {
		for (i = 10; i < len; i++)
			if (!(is_digit(tok[i]) || tok[i] == '_' ||
			      (tok[i] >= 'A' && tok[i] <= 'Z') ||
			      (tok[i] >= 'a' && tok[i] <= 'z')))
				break;
	} else if (len > 2 && len <= 10 && tok[0] == '0' && tok[1] == 'x') {
		for (code = 0, i = 2; i < len && hex_value(tok[i]) < 16; i++)
			code = code << 4 | hex_value(tok[i]);
	} else {
		i = 0;
	}
	if (i == 0 || i < len)
		return fail(p, "bad status '%s' (want NT_STATUS_NAME or 0x<hex>)",
			    shown(tok, len, sh, sizeof(sh)));
	if (lf->nr_status > UINT16_MAX)
		return fail(p, "more than %u distinct statuses", UINT16_MAX + 1);
	st = grow(lf->status, &lf->status_cap, lf->nr_status + 1,
		  sizeof(*lf->status));
	if (!st)
		return no_memory(p);
	lf->status = st;
	if (dbench_pool_add(lf, tok, len, &off) ||
	    dbench_strtab_add(lf, &lf->status_tab, off, len, lf->nr_status))
		return no_memory(p);
	if (tok[0] == 'N')
		for (i = 0; i < sizeof(nt_status_codes) / sizeof(nt_status_codes[0]); i++)
			if (!strcmp(lf->pool + off, nt_status_codes[i].name))
				code = nt_status_codes[i].code;
	st = &lf->status[lf->nr_status];
	st->str = off;
	st->code = code;
	/* expected_status() in fileio.c */
	st->ok = (len == 12 && !memcmp(tok, "NT_STATUS_OK", 12)) ||
		 (tok[0] == '0' && code == 0);
	*id = lf->nr_status++;
	*ok = st->ok;
	return 0;
}

static const struct op_desc *find_op(const char *tok, size_t len,
				     enum dbench_op_type *type)
{
	for (int t = 0; t < DBENCH_OP_NR; t++) {
		const char *k = op_descs[t].keyword;

		if (k[0] == tok[0] && strlen(k) == len && !memcmp(k, tok, len)) {
			*type = t;
			return &op_descs[t];
		}
	}
	return NULL;
}

static int add_op(struct parser *p, const struct dbench_op *op,
		  sim_time_t target)
{
	struct dbench_loadfile *lf = p->lf;
	uint32_t cap = lf->ops_cap;
	struct dbench_op *ops;

	if (lf->nr_ops == UINT32_MAX)
		return fail(p, "too many operations");
	ops = grow(lf->ops, &lf->ops_cap, lf->nr_ops + 1, sizeof(*op));
	if (!ops)
		return no_memory(p);
	lf->ops = ops;
	if (target && !lf->target) {
		lf->target = calloc(lf->ops_cap, sizeof(*lf->target));
		if (!lf->target)
			return no_memory(p);
	} else if (lf->target && lf->ops_cap != cap) {
		sim_time_t *t = realloc(lf->target,
					lf->ops_cap * sizeof(*lf->target));

		if (!t)
			return no_memory(p);
		lf->target = t;
	}
	if (lf->target)
		lf->target[lf->nr_ops] = target;
	lf->ops[lf->nr_ops++] = *op;
	lf->nr_by_type[op->type]++;
	return 0;
}

static int parse_target(struct parser *p, const char *tok, size_t len,
			sim_time_t *target)
{
	char *end, sh[64];
	double t;

	t = strtod(tok, &end);	/* the token is NUL-terminated */
	if (end != tok + len || !isfinite(t) || t < 0 ||
	    t > DBENCH_TARGET_MAX_S)
		return fail(p, "bad target time '%s' (seconds)",
			    shown(tok, len, sh, sizeof(sh)));
	*target = (sim_time_t)llround(t * 1e9);
	return 0;
}

/*
 * all_string_sub(line, "\\", "/") then all_string_sub(line, " /", " "):
 * the second drops each '/' that follows a space in the first's output
 * (it resumes after the space it matched, so of " //" one slash goes).
 */
static int substitute_line(struct parser *p, const char *src, size_t len,
			   char *buf, size_t *n)
{
	const char *z = memchr(src, 0, len);
	char *q, *end = buf + len;

	if (z)
		return fail(p, "NUL byte in column %zu", (size_t)(z - src) + 1);
	memcpy(buf, src, len);
	for (q = buf; (q = memchr(q, '\\', end - q)); q++)
		*q = '/';
	for (q = buf; (q = memchr(q, ' ', end - q)) && q + 1 < end; q++) {
		if (q[1] == '/') {
			memmove(q + 1, q + 2, end - q - 2);
			end--;
		}
	}
	*n = end - buf;
	return 0;
}

/*
 * next_token(&p, params[i], " ") until the line ends: tokens are cut out
 * of @buf in place and NUL-terminated; a '"' toggles quoting and is
 * dropped. The common shapes (no quote, or one quoted token) take the
 * memchr() path.
 */
static int split_line(struct parser *p, char *buf, size_t n, char **tok,
		      size_t *tlen, unsigned int *ntok)
{
	char *q = buf, *end = buf + n;

	for (*ntok = 0;; ++*ntok) {
		char *start, *out, *e;
		bool quoted = false;

		while (q < end && *q == ' ')
			q++;
		if (q == end)
			return 0;
		if (*ntok == DBENCH_MAX_TOKENS)
			return fail(p, "more than %d fields", DBENCH_MAX_TOKENS);
		e = memchr(q + 1, *q == '"' ? '"' : ' ', end - q - 1);
		if (*q != '"') {
			if (!e)
				e = end;
			if (!memchr(q, '"', e - q)) {
				start = q;
				out = e;
				q = e;
				goto cut;
			}
		} else if (e && (e + 1 == end || e[1] == ' ')) {
			start = q + 1;
			out = e;
			q = e + 1;
			goto cut;
		}
		for (start = out = q; q < end && (quoted || *q != ' '); q++) {
			if (*q == '"')
				quoted = !quoted;
			else
				*out++ = *q;
		}
		if (quoted)
			return fail(p, "unterminated quote");
cut:
		if (out - start > DBENCH_TOKEN_MAX)
			return fail(p, "field %u is longer than %d characters",
				    *ntok + 1, DBENCH_TOKEN_MAX);
		*out = 0;
		tok[*ntok] = start;
		tlen[*ntok] = out - start;
		if (q < end)
			q++;
	}
}

/* one line, without its '\n' */
static int parse_line(struct parser *p, const char *src, size_t len)
{
	char buf[DBENCH_LINE_MAX + 1], sh[64];
	char *tok[DBENCH_MAX_TOKENS];
	size_t tlen[DBENCH_MAX_TOKENS];
	const struct op_desc *desc;
	enum dbench_op_type type;
	struct dbench_op op = { .path = DBENCH_NO_PATH,
				.path2 = DBENCH_NO_PATH };
	sim_time_t target = 0;
	unsigned int ntok = 0, first = 0, nargs;
	size_t n = 0;
	bool ok = false;
	int ret;

	ret = substitute_line(p, src, len, buf, &n);
	if (!ret)
		ret = split_line(p, buf, n, tok, tlen, &ntok);
	if (ret)
		return ret;
	if (ntok == 0 || tok[0][0] == '#')
		return 0;
	if (!strncmp(tok[0], "SMB", 3))
		return fail(p, "'%s': a dbench 1 loadfile, dbench 4 ops are NTCreateX, ReadX, ...",
			    shown(tok[0], tlen[0], sh, sizeof(sh)));
	if (is_digit(tok[0][0])) {
		ret = parse_target(p, tok[0], tlen[0], &target);
		if (ret)
			return ret;
		first = 1;
	}
	if (ntok - first == 0)
		return fail(p, "a target time without an operation");
	desc = find_op(tok[first], tlen[first], &type);
	if (!desc)
		return fail(p, "unknown operation '%s'",
			    shown(tok[first], tlen[first], sh, sizeof(sh)));
	if (ntok - first == 1)
		return fail(p, "%s without a status", desc->keyword);
	ret = parse_status(p, tok[ntok - 1], tlen[ntok - 1], &op.status, &ok);
	if (ret)
		return ret;
	nargs = ntok - first - 2;
	if (nargs != desc->nargs)
		return fail(p, "%s takes %u argument%s and a status, not %u",
			    desc->keyword, desc->nargs,
			    desc->nargs == 1 ? "" : "s", nargs);

	op.type = type;
	op.status_ok = ok;
	op.line = p->lineno;
	for (unsigned int a = 0; a < nargs; a++) {
		const struct arg_desc *ad = &desc->arg[a];
		const char *t = tok[first + 1 + a];
		size_t tl = tlen[first + 1 + a];
		int64_t v;

		ret = 0;
		switch (ad->kind) {
		case ARG_PATH:
			ret = parse_path(p, t, tl, desc->keyword, a + 1, &op.path);
			break;
		case ARG_PATH2:
			ret = parse_path(p, t, tl, desc->keyword, a + 1, &op.path2);
			break;
		case ARG_FNUM:
			if (!parse_long(t, tl, INT32_MIN, INT32_MAX, &v))
				goto bad_number;
			op.fnum = v;
			break;
		case ARG_INT:
		case ARG_U32:
			if (!parse_long(t, tl, 0, ad->kind == ARG_INT ?
					INT32_MAX : UINT32_MAX, &v))
				goto bad_number;
			*(uint32_t *)((char *)&op + ad->off) = v;
			break;
		}
		if (ret)
			return ret;
		continue;
bad_number:
		return fail(p, "%s: argument %u '%s' is not a number in [%s, %s]",
			    desc->keyword, a + 1, shown(t, tl, sh, sizeof(sh)),
			    ad->kind == ARG_FNUM ? "-2147483648" : "0",
			    ad->kind == ARG_U32 ? "4294967295" : "2147483647");
	}
	return add_op(p, &op, target);
}

/*
 * Parse the complete lines of @data; at @eof also the unterminated rest.
 * *used: bytes consumed (whole lines).
 */
static int feed(struct parser *p, const char *data, size_t len, bool eof,
		size_t *used)
{
	size_t pos = 0;
	int ret;

	while (pos < len) {
		const char *line = data + pos;
		const char *nl = memchr(line, '\n', len - pos);
		size_t llen = nl ? (size_t)(nl - line) : len - pos;

		if (llen > DBENCH_LINE_MAX) {
			p->lineno++;
			if (memchr(line, 0, DBENCH_LINE_MAX + 1))
				return fail(p, "NUL byte in line");
			return fail(p, "line longer than %d characters",
				    DBENCH_LINE_MAX);
		}
		if (!nl && !eof)
			break;
		if (p->lineno == UINT32_MAX)
			return fail(p, "too many lines");
		p->lineno++;
		ret = parse_line(p, line, llen);
		if (ret)
			return ret;
		pos += llen + (nl != NULL);
	}
	*used = pos;
	return 0;
}

static int parser_init(struct parser *p, struct dbench_loadfile *lf,
		       const char *name)
{
	memset(lf, 0, sizeof(*lf));
	p->lf = lf;
	p->name = name;
	p->lineno = 0;
	return dbench_path_init(lf) ? no_memory(p) : 0;
}

static int parser_finish(struct parser *p, int ret)
{
	struct dbench_loadfile *lf = p->lf;

	if (!ret && !lf->nr_ops) {
		snprintf(lf->err, DBENCH_ERR_MAX, "%s: no operations", p->name);
		ret = -EINVAL;
	}
	if (!ret)
		ret = dbench_loadfile_check_reads(lf, p->name);
	lf->nr_lines = p->lineno;
	if (ret) {
		char err[DBENCH_ERR_MAX];

		memcpy(err, lf->err, sizeof(err));
		dbench_loadfile_free(lf);
		memcpy(lf->err, err, sizeof(err));
	}
	return ret;
}

/**
 * dbench_loadfile_parse() - parse a loadfile held in memory
 * @lf: filled in; free it with dbench_loadfile_free() (also after errors)
 * @name: the file name for messages
 * @buf: its bytes (need not be NUL-terminated)
 * @len: their number
 *
 * Return: 0, or -EINVAL with lf->err = "name:line: what is wrong", or
 * -ENOMEM; after an error @lf holds no operations.
 */
int dbench_loadfile_parse(struct dbench_loadfile *lf, const char *name,
			  const char *buf, size_t len)
{
	struct parser p;
	size_t used;
	int ret;

	ret = parser_init(&p, lf, name);
	if (!ret)
		ret = feed(&p, buf, len, true, &used);
	return parser_finish(&p, ret);
}

/**
 * dbench_loadfile_load() - read and parse a loadfile
 * @lf: filled in; free it with dbench_loadfile_free() (also after errors)
 * @path: the file; read in blocks, so /dev/zero fails at its first line
 *
 * Return: 0, or a negative errno with lf->err = "path:line: message"
 * (bad content: -EINVAL) or "path: reason" (cannot read it).
 */
int dbench_loadfile_load(struct dbench_loadfile *lf, const char *path)
{
	struct parser p;
	size_t have = 0, used;
	char *buf = NULL;
	int fd = -1, ret;

	ret = parser_init(&p, lf, path);
	if (ret)
		goto out;
	/* a directory or a FIFO is refused, without blocking on the FIFO */
	fd = config_open_regular_fd(path, lf->err, DBENCH_ERR_MAX);
	if (fd < 0) {
		ret = fd;
		goto out;
	}
	buf = malloc(DBENCH_READ_BUF);
	if (!buf) {
		ret = no_memory(&p);
		goto out;
	}
	for (;;) {
		ssize_t r = read(fd, buf + have, DBENCH_READ_BUF - have);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			ret = -errno;
			snprintf(lf->err, DBENCH_ERR_MAX, "%s: %s", path,
				 strerror(errno));
			goto out;
		}
		have += r;
		ret = feed(&p, buf, have, r == 0, &used);
		if (ret || r == 0)
			break;
		/* feed() refuses a partial line longer than the maximum */
		memmove(buf, buf + used, have - used);
		have -= used;
	}
out:
	free(buf);
	if (fd >= 0)
		close(fd);
	return parser_finish(&p, ret);
}

/**
 * dbench_loadfile_free() - release a loadfile; it may be freed twice
 * @lf: the loadfile (its err stays)
 */
void dbench_loadfile_free(struct dbench_loadfile *lf)
{
	free(lf->ops);
	free(lf->target);
	free(lf->paths);
	free(lf->status);
	free(lf->pool);
	free(lf->path_tab.slot);
	free(lf->status_tab.slot);
	memset(lf, 0, offsetof(struct dbench_loadfile, err));
}

