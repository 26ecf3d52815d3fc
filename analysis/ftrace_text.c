// SPDX-License-Identifier: GPL-2.0
/* ftrace / trace-cmd report text; format in ftrace_text.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ftrace_text.h"
#include "trace_events.h"
#include "wb/parse.h"

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/*
 * Does "[digits]" at @b close a task field? The text before it, minus
 * blanks and an optional "(tgid)", must end in "-digits".
 */
static bool task_before(const char *line, const char *b, const char **dash)
{
	const char *p = b;

	while (p > line && (p[-1] == ' ' || p[-1] == '\t'))
		p--;
	if (p > line && p[-1] == ')') {
		while (p > line && p[-1] != '(')
			p--;
		if (p == line)
			return false;
		p--;
		while (p > line && (p[-1] == ' ' || p[-1] == '\t'))
			p--;
	}
	if (p == line || !is_digit(p[-1]))
		return false;
	while (p > line && is_digit(p[-1]))
		p--;
	if (p == line || p[-1] != '-')
		return false;
	*dash = p - 1;
	return true;
}

/**
 * wbf_ftrace_parse_line() - split one event line into its fields
 * @line: the line (modified: the message is its tail)
 * @out: fields; out->msg points into @line
 *
 * Return: 0, or -EINVAL if @line is not an event line.
 */
int wbf_ftrace_parse_line(char *line, struct wbf_ftrace_line *out)
{
	const char *b, *dash = NULL, *p, *q;
	uint64_t pid, cpu;
	size_t n;

	memset(out, 0, sizeof(*out));
	for (b = strchr(line, '['); b; b = strchr(b + 1, '[')) {
		p = b + 1;
		if (!is_digit(*p))
			continue;
		while (is_digit(*p))
			p++;
		if (*p == ']' && task_before(line, b, &dash))
			break;
	}
	if (!b)
		return -EINVAL;
	p = dash + 1;
	if (!wb_parse_u64(&p, &pid) || pid > UINT32_MAX)
		return -EINVAL;
	p = b + 1;
	if (!wb_parse_u64(&p, &cpu) || cpu > UINT32_MAX)
		return -EINVAL;
	out->pid = (uint32_t)pid;
	out->cpu = (uint32_t)cpu;
	q = wbf_skip_space(line);
	n = dash > q ? (size_t)(dash - q) : 0;
	if (n >= sizeof(out->comm))
		n = sizeof(out->comm) - 1;
	memcpy(out->comm, q, n);
	out->comm[n] = '\0';
	p = wbf_skip_space(strchr(b, ']') + 1);
	/* optional flags column ("d..1.", "....") before the timestamp */
	q = p;
	if (!wb_parse_secs_ns(&q, &out->ts_ns) || *q != ':') {
		while (*p && *p != ' ' && *p != '\t')
			p++;
		p = wbf_skip_space(p);
		q = p;
		if (!wb_parse_secs_ns(&q, &out->ts_ns) || *q != ':')
			return -EINVAL;
	}
	p = wbf_skip_space(q + 1);
	q = p;
	while (*q && *q != ':' && *q != ' ' && *q != '\t')
		q++;
	if (q == p || *q != ':' || (size_t)(q - p) >= sizeof(out->event))
		return -EINVAL;
	memcpy(out->event, p, q - p);
	out->event[q - p] = '\0';
	p = wbf_skip_space(q + 1);
	if (!strcmp(out->event, "bprint") || !strcmp(out->event, "print")) {
		/* trace_printk: "FUNC: text" */
		q = p;
		while (*q && *q != ':' && *q != ' ' && *q != '\t')
			q++;
		if (*q == ':' && q > p &&
		    strlen(out->event) + 1 + (size_t)(q - p) < sizeof(out->event)) {
			n = strlen(out->event);
			out->event[n] = ':';
			memcpy(out->event + n + 1, p, q - p);
			out->event[n + 1 + (q - p)] = '\0';
			p = wbf_skip_space(q + 1);
		}
	}
	out->msg = p;
	return 0;
}

static bool key_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       is_digit(c) || c == '_';
}

/**
 * wbf_ftrace_fields() - call @fn for each field of an event's text
 * @msg: the text after "event: "
 * @fn: called with key and value (not NUL-terminated)
 * @ctx: passed to @fn
 *
 * Fields are "key=value" tokens, "bdi NAME:" (key bdi) and "sb_dev X"
 * (key sb_dev).
 */
void wbf_ftrace_fields(const char *msg, wbf_kv_fn fn, void *ctx)
{
	const char *p = msg;

	for (;;) {
		const char *k, *v, *end;
		size_t klen;

		p = wbf_skip_space(p);
		if (!*p)
			return;
		k = p;
		while (key_char(*p))
			p++;
		klen = p - k;
		if (*p == ' ' && ((klen == 3 && !strncmp(k, "bdi", 3)) ||
				  (klen == 6 && !strncmp(k, "sb_dev", 6)))) {
			v = wbf_skip_space(p);
			p = v;
			while (*p && *p != ' ' && *p != '\t')
				p++;
			end = p;
			/* "bdi 8:0: ..." - the colon ends the prefix */
			if (klen == 3 && end > v && end[-1] == ':')
				end--;
			if (end > v)
				fn(ctx, k, klen, v, end - v);
			continue;
		}
		if (*p == '=' && klen) {
			v = ++p;
			while (*p && *p != ' ' && *p != '\t')
				p++;
			fn(ctx, k, klen, v, p - v);
			continue;
		}
		while (*p && *p != ' ' && *p != '\t')
			p++;
	}
}

struct field_find {
	const char *key;
	char *val;
	size_t size;
	bool found;
};

static void find_cb(void *ctx, const char *key, size_t klen, const char *val,
		    size_t vlen)
{
	struct field_find *f = ctx;

	if (f->found || strlen(f->key) != klen || strncmp(f->key, key, klen))
		return;
	if (vlen >= f->size)
		vlen = f->size - 1;
	memcpy(f->val, val, vlen);
	f->val[vlen] = '\0';
	f->found = true;
}

/**
 * wbf_ftrace_field() - the value of the first field named @key
 * @msg: event text
 * @key: field name
 * @val: buffer for the value
 * @size: its size, > 0
 *
 * Return: true if found.
 */
bool wbf_ftrace_field(const char *msg, const char *key, char *val, size_t size)
{
	struct field_find f = { key, val, size, false };

	wbf_ftrace_fields(msg, find_cb, &f);
	return f.found;
}

/**
 * wbf_ftrace_header_line() - true for the non-event lines of a trace
 * @line: the line
 */
bool wbf_ftrace_header_line(const char *line)
{
	const char *p = wbf_skip_space(line);

	return !*p || *p == '#' || !strncmp(p, "cpus=", 5) ||
	       !strncmp(p, "version = ", 10) ||
	       (!strncmp(p, "CPU ", 4) && strstr(p, " is empty")) ||
	       /*
		* events the ring buffer lost: "CPU:N [LOST M EVENTS]", or
		* "CPU:N [M EVENTS DROPPED]" when trace-cmd read them late
		*/
	       (!strncmp(p, "CPU:", 4) &&
		(strstr(p, "LOST") || strstr(p, "EVENTS DROPPED")));
}

static int count(struct wbf_ftrace *ft, const char *event, const char *dev)
{
	size_t i;

	for (i = 0; i < ft->ncounts; i++) {
		if (!strcmp(ft->counts[i].event, event) &&
		    !strcmp(ft->counts[i].dev, dev)) {
			ft->counts[i].count++;
			return 0;
		}
	}
	if (WBF_GROW(ft->counts, ft->cap_counts, ft->ncounts + 1))
		return -ENOMEM;
	memset(&ft->counts[ft->ncounts], 0, sizeof(ft->counts[0]));
	wbf_strlcpy(ft->counts[ft->ncounts].event, event,
		    sizeof(ft->counts[0].event));
	wbf_strlcpy(ft->counts[ft->ncounts].dev, dev,
		    sizeof(ft->counts[0].dev));
	ft->counts[ft->ncounts++].count = 1;
	return 0;
}

/* of the writeback subsystem: catalogued as such, or named like it */
static bool writeback_event(const char *ev)
{
	return wbf_tev_writeback(wbf_tev_find(ev)) ||
	       !strncmp(ev, "writeback_", 10);
}

/* the series' writeback_sb_written: kept for the superblock turns */
static int add_chunk(struct wbf_ftrace *ft, const struct wbf_ftrace_line *l)
{
	struct wbf_sb_chunk c = { .ts_ns = l->ts_ns };
	char val[40];
	const char *p;

	if (!wbf_ftrace_field(l->msg, "bdi", c.bdi, sizeof(c.bdi)) ||
	    !wbf_ftrace_field(l->msg, "sb", c.sb, sizeof(c.sb)))
		return -EINVAL;
	if (!wbf_ftrace_field(l->msg, "pages", val, sizeof(val)) ||
	    !wb_parse_u64((p = val, &p), &c.pages) || *p)
		return -EINVAL;
	if (!wbf_ftrace_field(l->msg, "elapsed_us", val, sizeof(val)) ||
	    !wb_parse_u64((p = val, &p), &c.elapsed_us) || *p)
		return -EINVAL;
	if (WBF_GROW(ft->chunks, ft->cap_chunks, ft->nchunks + 1))
		return -ENOMEM;
	ft->chunks[ft->nchunks++] = c;
	return 0;
}

static int account(struct wbf_ftrace *ft, const struct wbf_ftrace_line *l)
{
	char val[40], dev[48];
	int ret;

	if (!ft->events || l->ts_ns < ft->first_ns)
		ft->first_ns = l->ts_ns;
	if (l->ts_ns > ft->last_ns)
		ft->last_ns = l->ts_ns;
	ft->events++;
	ft->writeback_events += writeback_event(l->event);
	ret = count(ft, l->event, "");
	if (!ret && wbf_ftrace_field(l->msg, "bdi", val, sizeof(val))) {
		snprintf(dev, sizeof(dev), "bdi %s", val);
		ret = count(ft, l->event, dev);
	}
	if (!ret && (wbf_ftrace_field(l->msg, "sb_dev", val, sizeof(val)) ||
		     wbf_ftrace_field(l->msg, "sb", val, sizeof(val)))) {
		snprintf(dev, sizeof(dev), "sb %s", val);
		ret = count(ft, l->event, dev);
	}
	if (!strcmp(l->event, "balance_dirty_pages") ||
	    !strcmp(l->event, "balance_dirty_pages_legacy")) {
		const char *p = val;
		uint64_t pause;

		ft->bdp_events++;
		/* pause=, in ms in both; <= 0 means the task did not sleep */
		if (wbf_ftrace_field(l->msg, "pause", val, sizeof(val)) &&
		    wb_parse_u64(&p, &pause) && pause > 0 && !*p) {
			ft->bdp_paused++;
			ft->bdp_pause_ms += (double)pause;
		}
	}
	if (!ret && !strcmp(l->event, "writeback_sb_written"))
		ret = add_chunk(ft, l);
	return ret;
}

/* the catalogue describes event line @l, or @e says why not */
static int check_event(const char *name, size_t lineno,
		       const struct wbf_ftrace_line *l, struct wbf_err *e)
{
	const struct wbf_tev *tev;

	/* trace_printk lines are debugging output, not events */
	if (!strncmp(l->event, "bprint", 6) || !strncmp(l->event, "print", 5))
		return 0;
	tev = wbf_tev_find(l->event);
	if (!tev)
		return wbf_errf(e, -EINVAL, "%s:%zu: event '%s' is not in the trace-event catalogue",
				name, lineno, l->event);
	if (!wbf_tev_match(tev, l->msg))
		return wbf_errf(e, -EINVAL, "%s:%zu: %s: '%.80s' does not have the catalogue's fields '%s'",
				name, lineno, l->event, l->msg, tev->fmt);
	return 0;
}

static int parse(struct wbf_ftrace *ft, const char *name, const void *data,
		 size_t len, bool check, struct wbf_err *e)
{
	struct wbf_lines it;
	char *line;
	int ret;

	wbf_lines_init(&it, name, data, len);
	while ((ret = wbf_lines_next(&it, &line, e)) > 0) {
		struct wbf_ftrace_line l;

		if (wbf_ftrace_header_line(line))
			continue;
		if (wbf_ftrace_parse_line(line, &l))
			return wbf_errf(e, -EINVAL, "%s:%zu: not a trace event line: '%.40s'",
					name, it.lineno, wbf_skip_space(line));
		if (check && (ret = check_event(name, it.lineno, &l, e)))
			return ret;
		ret = account(ft, &l);
		if (ret == -EINVAL)
			return wbf_errf(e, ret, "%s:%zu: %s: no bdi, sb=, pages= or elapsed_us=",
					name, it.lineno, l.event);
		if (ret)
			return wbf_errf(e, -ENOMEM, "out of memory");
	}
	return ret;
}

/**
 * wbf_ftrace_parse() - count the events of a trace-cmd report or trace file
 * @ft: result (zeroed by the caller)
 * @name: file name for messages
 * @data: the text
 * @len: its length
 * @e: "file:line: ..." on garbage
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
int wbf_ftrace_parse(struct wbf_ftrace *ft, const char *name,
		     const void *data, size_t len, struct wbf_err *e)
{
	return parse(ft, name, data, len, false, e);
}

/**
 * wbf_ftrace_load() - read a trace file, or a run directory's trace.txt
 * @ft: result (zeroed by the caller; wbf_ftrace_free() it either way)
 * @arg: the file or the directory
 * @check: also reject an event that the catalogue lacks or whose text
 *	does not have the catalogued fields in order (trace_printk lines
 *	are let through)
 * @path: set to the file read
 * @size: size of @path
 * @e: "file:line: ..." on bad input
 *
 * Return: 0, -EINVAL, -ENOMEM or what opening the file gave.
 */
int wbf_ftrace_load(struct wbf_ftrace *ft, const char *arg, bool check,
		    char *path, size_t size, struct wbf_err *e)
{
	struct wbf_file f = { 0 };
	struct stat st;
	int ret;

	snprintf(path, size, "%s", arg);
	if (!stat(arg, &st) && S_ISDIR(st.st_mode))
		snprintf(path, size, "%s/trace.txt", arg);
	ret = wbf_file_map(&f, path, e);
	if (!ret)
		ret = parse(ft, path, f.data, f.len, check, e);
	wbf_file_unmap(&f);
	return ret;
}

/**
 * wbf_ftrace_free() - release the counts
 * @ft: result
 */
void wbf_ftrace_free(struct wbf_ftrace *ft)
{
	free(ft->counts);
	free(ft->chunks);
	memset(ft, 0, sizeof(*ft));
}

