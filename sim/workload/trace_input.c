// SPDX-License-Identifier: GPL-2.0
/*
 * Trace readers for DiskSim ASCII and blkparse text (see trace_input.h).
 *
 * Speed matters (a replay benchmark reads a million lines), so the input
 * is read in 1 MiB blocks, each line is cut out of the block in place and
 * NUL-terminated, and numbers are parsed by hand: no sscanf, no strtod,
 * no per-line allocation. Every number is range-checked while it is
 * accumulated, so no input can overflow.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lib/config.h"
#include "wb/blkparse.h"
#include "wb/parse.h"
#include "trace_input.h"

#ifndef TRACE_BUF_SIZE		/* the fuzzer makes it small */
#define TRACE_BUF_SIZE	(1 << 20)
#endif
_Static_assert(TRACE_BUF_SIZE > TRACE_LINE_MAX + 1,
	       "a longest line and its newline fit the buffer");
/* Far beyond any real trace, far below SIM_TIME_MAX ("never"). */
#define TRACE_TIME_MAX	(1ULL << 62)
#define TRACE_SECTOR_MAX (1ULL << 62)
/* bio->bi_size is 32 bits of bytes */
#define TRACE_NR_SECTORS_MAX (UINT32_MAX >> SECTOR_SHIFT)

static int fail(struct trace_reader *r, unsigned long line,
		const char *fmt, ...)
{
	va_list ap;
	int n;

	n = snprintf(r->err, sizeof(r->err), "%s:%lu: ", r->name, line);
	if (n < 0 || (size_t)n >= sizeof(r->err))
		n = 0;
	va_start(ap, fmt);
	vsnprintf(r->err + n, sizeof(r->err) - n, fmt, ap);
	va_end(ap);
	r->failed = true;
	return -EINVAL;
}

static inline bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static inline bool is_digit(char c)
{
	return (unsigned char)(c - '0') < 10;
}

static inline const char *skip_space(const char *p)
{
	while (is_space(*p))
		p++;
	return p;
}

static inline const char *token_end(const char *p)
{
	while (*p && !is_space(*p))
		p++;
	return p;
}

/* The token [p, e) for a message, cut to a readable length. */
#define TOK(p, e)	(int)((e) - (p) > 40 ? 40 : (e) - (p)), (p)

/* Hex, with an optional 0x, as scanf's %x takes it. */
static int parse_hex(const char *p, const char *e, uint32_t *out)
{
	uint64_t v = 0;

	if (e - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		p += 2;
	if (p == e)
		return -EINVAL;
	for (; p < e; p++) {
		char c = *p;
		unsigned int d;

		if (is_digit(c))
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			return -EINVAL;
		v = v * 16 + d;
		if (v > UINT32_MAX)
			return -ERANGE;
	}
	*out = (uint32_t)v;
	return 0;
}

/*
 * "I.F" times in ns: DiskSim milliseconds (6 fraction digits make ns, a
 * 7th rounds) and blkparse seconds (9 make ns, more is an error because
 * blkparse prints exactly 9); either part may be missing ("5", ".5").
 */
static const struct wb_fixed_fmt disksim_ms = {
	.frac_digits = 6, .extra = WB_EXTRA_ROUND,
	.max_int = TRACE_TIME_MAX / 1000000,
};
static const struct wb_fixed_fmt blkparse_s = {
	.frac_digits = 9, .extra = WB_EXTRA_REFUSE,
	.max_int = TRACE_TIME_MAX / 1000000000,
};

/*
 * The next line, NUL-terminated in place, without its '\n' (and '\r').
 * Return: 1, 0 at the end, -EINVAL for a line too long, a NUL byte or a
 * read error.
 */
static int next_line(struct trace_reader *r, char **line)
{
	for (;;) {
		char *start = r->buf + r->pos;
		size_t avail = r->len - r->pos;
		char *nl = memchr(start, '\n', avail);
		size_t n;

		if (nl || (r->eof && avail)) {
			n = nl ? (size_t)(nl - start) : avail;
			r->lineno++;
			if (n > TRACE_LINE_MAX)
				return fail(r, r->lineno,
					    "line longer than %d characters",
					    TRACE_LINE_MAX);
			if (memchr(start, 0, n))
				return fail(r, r->lineno, "NUL byte in line");
			r->pos += n + (nl != NULL);
			while (n && start[n - 1] == '\r')
				n--;
			start[n] = 0;	/* buf has a spare byte at the end */
			*line = start;
			return 1;
		}
		if (r->eof)
			return 0;
		if (avail > TRACE_LINE_MAX)
			return fail(r, r->lineno + 1,
				    "line longer than %d characters",
				    TRACE_LINE_MAX);
		memmove(r->buf, start, avail);
		r->len = avail;
		r->pos = 0;
		n = fread(r->buf + r->len, 1, TRACE_BUF_SIZE - r->len, r->f);
		r->len += n;
		if (n == 0) {
			if (ferror(r->f))
				return fail(r, r->lineno + 1, "read error");
			r->eof = true;
		}
	}
}

static int check_time(struct trace_reader *r, sim_time_t t)
{
	if (t >= r->last_time) {
		r->last_time = t;
		return 0;
	}
	if (r->format == TRACE_FMT_DISKSIM)
		return fail(r, r->lineno,
			    "arrival time %llu.%06llu ms is before the previous request's %llu.%06llu ms (traces must be sorted by time)",
			    (unsigned long long)(t / NSEC_PER_MSEC),
			    (unsigned long long)(t % NSEC_PER_MSEC),
			    (unsigned long long)(r->last_time / NSEC_PER_MSEC),
			    (unsigned long long)(r->last_time % NSEC_PER_MSEC));
	return fail(r, r->lineno,
		    "time %llu.%09llu s is before the previous event's %llu.%09llu s",
		    (unsigned long long)(t / NSEC_PER_SEC),
		    (unsigned long long)(t % NSEC_PER_SEC),
		    (unsigned long long)(r->last_time / NSEC_PER_SEC),
		    (unsigned long long)(r->last_time % NSEC_PER_SEC));
}

/* One DiskSim line: 1 record, 0 nothing (comment), -EINVAL. */
static int parse_disksim(struct trace_reader *r, const char *line,
			 struct trace_record *rec)
{
	const char *p = skip_space(line), *e;
	uint64_t dev, block, size;
	uint32_t flags;
	int ret;

	if (!*p || *p == '#')
		return 0;
	e = token_end(p);
	ret = wb_parse_fixed(p, e, &disksim_ms, &rec->time);
	if (ret)
		return fail(r, r->lineno, ret == -ERANGE ?
			    "arrival time '%.*s' ms is too large" :
			    "arrival time '%.*s' is not a number of milliseconds",
			    TOK(p, e));
	p = skip_space(e);
	e = token_end(p);
	if (p == e)
		return fail(r, r->lineno, "want 5 fields: arrival_ms device block size flags");
	if (wb_parse_dec(p, e, DISK_MAX_PARTS, &dev))
		return fail(r, r->lineno,
			    "device '%.*s': want 0 (whole disk) to %d (a partition)",
			    TOK(p, e), DISK_MAX_PARTS);
	p = skip_space(e);
	e = token_end(p);
	if (p == e)
		return fail(r, r->lineno, "want 5 fields: arrival_ms device block size flags");
	ret = wb_parse_dec(p, e, TRACE_SECTOR_MAX, &block);
	if (ret)
		return fail(r, r->lineno, ret == -ERANGE ?
			    "block number '%.*s' is too large" :
			    "block number '%.*s' is not a whole number",
			    TOK(p, e));
	p = skip_space(e);
	e = token_end(p);
	if (p == e)
		return fail(r, r->lineno, "want 5 fields: arrival_ms device block size flags");
	ret = wb_parse_dec(p, e, TRACE_NR_SECTORS_MAX, &size);
	if (ret || size == 0)
		return fail(r, r->lineno,
			    "size '%.*s': want 1 to %llu blocks of 512 bytes",
			    TOK(p, e), (unsigned long long)TRACE_NR_SECTORS_MAX);
	if (block + size > TRACE_SECTOR_MAX)
		return fail(r, r->lineno, "request ends beyond block %llu",
			    (unsigned long long)TRACE_SECTOR_MAX);
	p = skip_space(e);
	e = token_end(p);
	if (p == e)
		return fail(r, r->lineno, "want 5 fields: arrival_ms device block size flags");
	if (parse_hex(p, e, &flags))
		return fail(r, r->lineno, "flags '%.*s' are not a hex number",
			    TOK(p, e));
	p = skip_space(e);
	if (*p)
		return fail(r, r->lineno, "unexpected '%.*s' after the flags",
			    TOK(p, token_end(p)));
	ret = check_time(r, rec->time);
	if (ret)
		return ret;
	rec->devt = 0;
	rec->partno = (uint32_t)dev;
	rec->sector = block;
	rec->nr_sectors = (uint32_t)size;
	rec->flags = 0;
	if (!(flags & DISKSIM_FLAG_READ)) {
		rec->flags |= REQ_WRITE;
		if (flags & DISKSIM_FLAG_SYNC)
			rec->flags |= REQ_SYNC;
	}
	rec->pid = 0;
	rec->comm[0] = 0;
	return 1;
}

static bool starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static int parse_blkparse_q(struct trace_reader *r, const char *rwbs,
			    const char *rwbs_end, const char *e,
			    struct trace_record *rec)
{
	const char *p, *open, *close;
	uint64_t sector, n;
	size_t clen;
	bool discard = false;
	int ret;

	rec->flags = 0;
	for (const char *q = rwbs; q < rwbs_end; q++) {
		switch (*q) {
		case 'W': rec->flags |= REQ_WRITE; break;
		case 'S': rec->flags |= REQ_SYNC; break;
		case 'M': rec->flags |= REQ_META; break;
		case 'D': discard = true; break;
		case 'R': case 'N': case 'A': case 'F': break;
		default:
			return fail(r, r->lineno, "unknown flag '%c' in '%.*s'",
				    *q, TOK(rwbs, rwbs_end));
		}
	}
	p = skip_space(e);
	if (*p == '[') {		/* no data: an empty flush */
		r->nr_skipped++;
		return 0;
	}
	e = token_end(p);
	ret = wb_parse_dec(p, e, TRACE_SECTOR_MAX, &sector);
	if (ret)
		return fail(r, r->lineno, "sector '%.*s' is not a whole number",
			    TOK(p, e));
	p = skip_space(e);
	if (*p == '(') {		/* pass-through: bytes (cdb) [comm] */
		r->nr_skipped++;
		return 0;
	}
	if (p[0] != '+' || !is_space(p[1]))
		return fail(r, r->lineno, "want 'sector + nr_sectors' in a Q event");
	p = skip_space(p + 1);
	e = token_end(p);
	ret = wb_parse_dec(p, e, TRACE_NR_SECTORS_MAX, &n);
	if (ret || n == 0)
		return fail(r, r->lineno,
			    "size '%.*s': want 1 to %llu sectors", TOK(p, e),
			    (unsigned long long)TRACE_NR_SECTORS_MAX);
	if (sector + n > TRACE_SECTOR_MAX)
		return fail(r, r->lineno, "request ends beyond sector %llu",
			    (unsigned long long)TRACE_SECTOR_MAX);
	open = skip_space(e);
	close = open + strlen(open);
	while (close > open && is_space(close[-1]))
		close--;
	if (*open != '[' || close - open < 2 || close[-1] != ']')
		return fail(r, r->lineno, "want '[comm]' after the size");
	if (discard) {
		r->nr_skipped++;
		return 0;
	}
	ret = check_time(r, rec->time);
	if (ret)
		return ret;
	clen = (size_t)(close - open - 2);
	if (clen > sizeof(rec->comm) - 1)
		clen = sizeof(rec->comm) - 1;
	memcpy(rec->comm, open + 1, clen);
	rec->comm[clen] = 0;
	rec->sector = sector;
	rec->nr_sectors = (uint32_t)n;
	return 1;
}

/* wbsim replay's rules for the shared reader: blkparse's 9 digits exactly */
static const struct wb_bp_rules blkparse_rules = {
	.cpu_max = UINT32_MAX, .time = &blkparse_s,
};

/* what wbsim replay says of a head that the shared reader refused */
static int blkparse_fail(struct trace_reader *r, const struct wb_bp_fail *f)
{
	static const char *const names[] = {
		[WB_BP_DEV] = "device", [WB_BP_CPU] = "cpu",
		[WB_BP_SEQ] = "sequence", [WB_BP_TIME] = "time",
		[WB_BP_PID] = "pid", [WB_BP_ACTION] = "action",
		[WB_BP_RWBS] = "rwbs flags",
	};

	if (f->field == WB_BP_DEV && f->code != -ENODATA)
		return fail(r, r->lineno, "device '%.*s' is not major,minor",
			    TOK(f->tok, f->tok_end));
	if (f->code == -ENODATA)
		return fail(r, r->lineno, "event line ends before the %s",
			    names[f->field]);
	if (f->field == WB_BP_TIME)
		return fail(r, r->lineno, f->code == -ERANGE ?
			    "time '%.*s' s is too large" :
			    "time '%.*s' is not seconds.nanoseconds",
			    TOK(f->tok, f->tok_end));
	return fail(r, r->lineno, f->code == -ERANGE ?
		    "%s '%.*s' is too large" : "%s '%.*s' is not a number",
		    names[f->field], TOK(f->tok, f->tok_end));
}

/* One blkparse line: 1 record (a Q), 0 nothing, -EINVAL. */
static int parse_blkparse(struct trace_reader *r, const char *line,
			  struct trace_record *rec)
{
	const char *p = skip_space(line);
	struct wb_bp_head h;
	struct wb_bp_fail f;

	if (r->in_stats || !*p)
		return 0;
	if (!is_digit(*p)) {
		if (starts_with(p, "Input file "))
			return 0;
		if ((starts_with(p, "CPU") && is_digit(p[3])) ||
		    starts_with(p, "Total ("))
			r->in_stats = true;
		if (r->in_stats || *p == '#')
			return 0;
		return fail(r, r->lineno,
			    "not a blkparse event line (want 'maj,min cpu seq time pid action rwbs ...')");
	}
	if (wb_blkparse_head(p, &blkparse_rules, &h, &f))
		return blkparse_fail(r, &f);
	rec->time = h.time;
	rec->pid = h.pid;
	if (h.act_end - h.act != 1 || *h.act != 'Q')
		return 0;		/* only queue events are requests */
	rec->devt = MKDEV(h.major, h.minor);
	rec->partno = 0;
	return parse_blkparse_q(r, h.rwbs, h.rwbs_end, h.rwbs_end, rec);
}

/* The first line with content decides an automatic format. */
static void detect_format(struct trace_reader *r, const char *line)
{
	const char *p = skip_space(line), *e;

	if (!*p || *p == '#')
		return;
	e = token_end(p);
	if (starts_with(p, "Input file ") || memchr(p, ',', (size_t)(e - p)))
		r->format = TRACE_FMT_BLKPARSE;
	else
		r->format = TRACE_FMT_DISKSIM;
}

/**
 * trace_reader_next - read the next request of the trace
 * @rec: filled in on success
 *
 * Return: 1 with @rec, 0 at the end of the trace, -EINVAL with r->err
 * holding "file:line: message" (and every later call fails the same way).
 */
int trace_reader_next(struct trace_reader *r, struct trace_record *rec)
{
	char *line = NULL;
	int ret;

	if (r->failed)
		return -EINVAL;
	for (;;) {
		ret = next_line(r, &line);
		if (ret == 0 && !r->nr_records) {
			/* a replay of nothing measures nothing: bad input */
			snprintf(r->err, sizeof(r->err),
				 "%s: no requests%s", r->name,
				 r->nr_skipped ? " (only flushes, discards or pass-through)" : "");
			r->failed = true;
			return -EINVAL;
		}
		if (ret <= 0)
			return ret;
		if (r->format == TRACE_FMT_AUTO)
			detect_format(r, line);
		if (r->format == TRACE_FMT_DISKSIM)
			ret = parse_disksim(r, line, rec);
		else if (r->format == TRACE_FMT_BLKPARSE)
			ret = parse_blkparse(r, line, rec);
		else
			ret = 0;
		if (ret < 0)
			return ret;
		if (ret > 0) {
			rec->lineno = r->lineno;
			r->nr_records++;
			return 1;
		}
	}
}

/**
 * trace_reader_open_file - read a trace from an open stream
 * @name: used in messages ("file:line: ...")
 *
 * The stream stays the caller's: trace_reader_close() does not close it.
 * Return: 0 or -ENOMEM.
 */
int trace_reader_open_file(struct trace_reader *r, FILE *f, const char *name,
			   enum trace_format format)
{
	memset(r, 0, sizeof(*r));
	r->f = f;
	r->format = format;
	r->name = strdup(name);
	r->buf = malloc(TRACE_BUF_SIZE + 1);
	if (!r->name || !r->buf) {
		free(r->name);
		free(r->buf);
		r->name = NULL;
		r->buf = NULL;
		snprintf(r->err, sizeof(r->err), "%s: out of memory", name);
		return -ENOMEM;
	}
	return 0;
}

/**
 * trace_reader_open - open the trace at @path ("-" is stdin)
 * @format: TRACE_FMT_AUTO guesses from the first line with content: a
 *	first field "maj,min" (or blkparse's "Input file") means blkparse
 * Return: 0, or a negative errno with r->err set.
 */
int trace_reader_open(struct trace_reader *r, const char *path,
		      enum trace_format format)
{
	bool is_stdin = !strcmp(path, "-");
	FILE *f = stdin;
	int ret;

	if (!is_stdin) {
		memset(r, 0, sizeof(*r));
		ret = config_open_regular(path, &f, r->err, sizeof(r->err));
		if (ret)
			return ret;
	}
	ret = trace_reader_open_file(r, f, is_stdin ? "<stdin>" : path,
				     format);
	if (ret) {
		if (!is_stdin)
			fclose(f);
		return ret;
	}
	r->own_file = !is_stdin;
	return 0;
}

/**
 * trace_reader_close - release the reader (closes a file it opened)
 */
void trace_reader_close(struct trace_reader *r)
{
	if (r->own_file && r->f)
		fclose(r->f);
	free(r->name);
	free(r->buf);
	r->f = NULL;
	r->name = NULL;
	r->buf = NULL;
}

static const char *const format_names[] = {
	[TRACE_FMT_AUTO] = "auto",
	[TRACE_FMT_DISKSIM] = "disksim",
	[TRACE_FMT_BLKPARSE] = "blkparse",
};

/**
 * trace_format_parse - "auto", "disksim" or "blkparse" to its enum
 * Return: 0, or -EINVAL for another name.
 */
int trace_format_parse(const char *s, enum trace_format *format)
{
	for (size_t i = 0; i < ARRAY_SIZE(format_names); i++)
		if (!strcmp(s, format_names[i])) {
			*format = (enum trace_format)i;
			return 0;
		}
	return -EINVAL;
}

/**
 * trace_format_name - the name trace_format_parse() takes for @format
 */
const char *trace_format_name(enum trace_format format)
{
	return (unsigned int)format < ARRAY_SIZE(format_names) ?
	       format_names[format] : "?";
}
