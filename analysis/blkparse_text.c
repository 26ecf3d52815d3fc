// SPDX-License-Identifier: GPL-2.0
/* blkparse text output -> blktrace records; see blkparse_text.h. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "blkparse_text.h"
#include "geometry.h"
#include "record_check.h"
#include "stream.h"
#include "wb/blkparse.h"
#include "wb/byteorder.h"
#include "wb/parse.h"

struct act_name {
	const char *name;
	uint32_t action;	/* code | category */
};

static const struct act_name act_names[] = {
	{ "Q", BLK_TA_QUEUE },
	{ "M", BLK_TA_BACKMERGE },
	{ "F", BLK_TA_FRONTMERGE },
	{ "G", BLK_TA_GETRQ },
	{ "S", BLK_TA_SLEEPRQ },
	{ "R", BLK_TA_REQUEUE },
	{ "D", BLK_TA_ISSUE },
	{ "C", BLK_TA_COMPLETE },
	{ "P", BLK_TA_PLUG },
	{ "U", BLK_TA_UNPLUG_IO },
	{ "UT", BLK_TA_UNPLUG_TIMER },
	{ "I", BLK_TA_INSERT },
	{ "X", BLK_TA_SPLIT },
	{ "B", BLK_TA_BOUNCE },
	{ "A", BLK_TA_REMAP },
	{ "m", BLK_TN_MESSAGE },
};

/* rwbs letters -> categories: F flush/FUA, W write, R read, D discard,
 * N none, S sync, M meta, A read-ahead, E secure erase (a discard) */
static bool parse_rwbs(const char *tok, uint32_t *cats)
{
	uint32_t c = 0;

	if (!*tok)
		return false;
	for (; *tok; tok++) {
		switch (*tok) {
		case 'F': c |= BLK_TC_FLUSH; break;
		case 'W': c |= BLK_TC_WRITE; break;
		case 'R': c |= BLK_TC_READ; break;
		case 'D': c |= BLK_TC_DISCARD; break;
		case 'E': c |= BLK_TC_DISCARD; break;
		case 'N': break;
		case 'S': c |= BLK_TC_SYNC; break;
		case 'M': c |= BLK_TC_META; break;
		case 'A': c |= BLK_TC_AHEAD; break;
		default: return false;
		}
	}
	*cats = c;
	return true;
}

static bool parse_dev(const char **s, uint32_t *dev)
{
	uint64_t ma, mi;

	if (!wb_parse_u64(s, &ma) || **s != ',')
		return false;
	(*s)++;
	if (!wb_parse_u64(s, &mi) || ma >= 4096 || mi >= (1U << MINORBITS))
		return false;
	*dev = MKDEV(ma, mi);
	return true;
}

/* The fixed head of an event line: dev cpu seq time pid action rwbs. */
struct head {
	uint32_t dev;
	uint64_t cpu, seq, time, pid;
	char act[4], rwbs[12];
};

/* wbfair's rules for the shared reader: any CPU number, exact "secs.frac" */
static const struct wb_bp_rules bp_rules = {
	.cpu_max = UINT64_MAX, .time = &wb_fmt_secs_ns,
};

/* a token into @buf of @size, which it must fit */
static bool word(const char *s, const char *e, char *buf, size_t size)
{
	if ((size_t)(e - s) >= size)
		return false;
	memcpy(buf, s, (size_t)(e - s));
	buf[e - s] = '\0';
	return true;
}

static bool parse_head(const char **s, struct head *h)
{
	struct wb_bp_head bh;
	struct wb_bp_fail f;

	if (wb_blkparse_head(*s, &bp_rules, &bh, &f) ||
	    !word(bh.act, bh.act_end, h->act, sizeof(h->act)) ||
	    !word(bh.rwbs, bh.rwbs_end, h->rwbs, sizeof(h->rwbs)))
		return false;
	h->dev = MKDEV(bh.major, bh.minor);
	h->cpu = bh.cpu;
	h->seq = bh.seq;
	h->time = bh.time;
	h->pid = bh.pid;
	*s = bh.rwbs_end;
	return true;
}

/**
 * wbf_blkparse_text_line() - true if @line looks like a blkparse event line
 * @line: one line of text
 */
bool wbf_blkparse_text_line(const char *line)
{
	struct head h;

	return parse_head(&line, &h);
}

static bool summary_start(const char *line)
{
	return (!strncmp(line, "CPU", 3) && line[3] >= '0' && line[3] <= '9') ||
	       !strncmp(line, "Total (", 7);
}

struct ctx {
	wbf_bt_fn fn;
	void *arg;
	const struct wbf_geometry *geo;
	struct wbf_rec_clocks clocks;	/* per (device, CPU) */
	uint32_t last_pid;
	bool have_last;
	char last_comm[BLK_TN_COMM_LEN + 1];
};

/* Tell the analysis the comm of a pid, once per change. */
static int emit_comm(struct ctx *c, const struct blk_io_trace *ref,
		     const char *comm, size_t len)
{
	struct blk_io_trace t = *ref;
	unsigned char pdu[BLK_TN_COMM_LEN] = { 0 };

	if (len > BLK_TN_COMM_LEN)
		len = BLK_TN_COMM_LEN;
	if (c->have_last && c->last_pid == ref->pid &&
	    strlen(c->last_comm) == len && !memcmp(c->last_comm, comm, len))
		return 0;
	memcpy(pdu, comm, len);
	memcpy(c->last_comm, comm, len);
	c->last_comm[len] = '\0';
	c->last_pid = ref->pid;
	c->have_last = true;
	t.action = BLK_TN_PROCESS;
	t.sector = 0;
	t.bytes = 0;
	t.pdu_len = sizeof(pdu);
	return c->fn(c->arg, &t, pdu);
}

/* a record blkparse cannot print: "FILE:LINE: what" */
static int check_record(struct ctx *c, const struct blk_io_trace *t,
			const char *where, struct wbf_err *e)
{
	struct wbf_rec_clock *clk = wbf_rec_clocks_get(&c->clocks, t->device,
						       t->cpu);
	char why[300];

	if (!clk)
		return wbf_errf(e, -ENOMEM, "out of memory");
	if (wbf_record_check(clk, c->geo, t, why, sizeof(why)))
		return wbf_errf(e, -EINVAL, "%s: %s", where, why);
	return 0;
}

static int parse_event(struct ctx *c, const char *line, const char *where,
		       struct wbf_err *e)
{
	struct blk_io_trace t = { .magic = BLK_IO_TRACE_MAGIC |
					   BLK_IO_TRACE_VERSION };
	unsigned char pdu[sizeof(struct blk_io_trace_remap)] = { 0 };
	const char *p = line, *br = NULL, *br_end = NULL;
	uint64_t sector = 0, nr = 0, v;
	bool has_sector = false;
	uint32_t cats, action = 0, from_dev = 0;
	struct head h;
	size_t i;
	int ret;

	if (!parse_head(&p, &h))
		return wbf_errf(e, -EINVAL, "%s: not a blkparse event line", where);
	for (i = 0; i < sizeof(act_names) / sizeof(act_names[0]); i++)
		if (!strcmp(h.act, act_names[i].name))
			action = act_names[i].action;
	if (!action)
		return wbf_errf(e, -EINVAL, "%s: unknown action '%s'", where, h.act);
	if (!parse_rwbs(h.rwbs, &cats))
		return wbf_errf(e, -EINVAL, "%s: bad RWBS field '%s'", where,
				h.rwbs);
	t.time = h.time;
	t.pid = (uint32_t)h.pid;
	t.device = h.dev;
	t.cpu = (uint32_t)h.cpu;
	t.sequence = (uint32_t)h.seq;
	t.action = action | BLK_TC_ACT(cats);
	p = wbf_skip_space(p);
	if (action == BLK_TN_MESSAGE) {
		size_t n = strlen(p);

		t.action = BLK_TN_MESSAGE;
		t.pdu_len = n > 1024 ? 1024 : n;
		return c->fn(c->arg, &t, (const unsigned char *)p);
	}
	if (*p >= '0' && *p <= '9') {
		if (!wb_parse_u64(&p, &sector))
			return wbf_errf(e, -EINVAL, "%s: bad sector", where);
		has_sector = true;
		p = wbf_skip_space(p);
		if (*p == '+') {
			p = wbf_skip_space(p + 1);
			if (!wb_parse_u64(&p, &nr) || nr > UINT32_MAX >> 9)
				return wbf_errf(e, -EINVAL, "%s: bad sector count",
						where);
			p = wbf_skip_space(p);
		}
	}
	if (action == BLK_TA_REMAP) {
		if (!has_sector || strncmp(p, "<- (", 4))
			return wbf_errf(e, -EINVAL, "%s: want 'SECTOR + NR <- (MAJ,MIN) SECTOR'",
					where);
		p += 4;
		if (!parse_dev(&p, &from_dev) || *p++ != ')')
			return wbf_errf(e, -EINVAL, "%s: bad remap source device",
					where);
		p = wbf_skip_space(p);
		if (!wb_parse_u64(&p, &v))
			return wbf_errf(e, -EINVAL, "%s: bad remap source sector",
					where);
		for (i = 0; i < 4; i++) {
			pdu[i] = from_dev >> (24 - 8 * i);
			pdu[4 + i] = h.dev >> (24 - 8 * i);
		}
		put_be64(pdu + 8, v);
		t.pdu_len = sizeof(pdu);
		p = wbf_skip_space(p);
	} else if (action == BLK_TA_SPLIT && has_sector && *p == '/') {
		p = wbf_skip_space(p + 1);
		if (!wb_parse_u64(&p, &v))
			return wbf_errf(e, -EINVAL, "%s: bad split sector", where);
		/* the binary record's payload: the new sector */
		put_be64(pdu, v);
		t.pdu_len = 8;
		p = wbf_skip_space(p);
	}
	if (*p == '(') {
		/* a SCSI command block: "(12 34 ...)" */
		const char *q = strchr(p, ')');

		if (!q)
			return wbf_errf(e, -EINVAL, "%s: unterminated '('", where);
		p = wbf_skip_space(q + 1);
	}
	if (*p == '[') {
		br = p + 1;
		br_end = strrchr(p, ']');
		if (!br_end)
			return wbf_errf(e, -EINVAL, "%s: unterminated '['", where);
		p = wbf_skip_space(br_end + 1);
	}
	if ((action == BLK_TA_UNPLUG_IO || action == BLK_TA_UNPLUG_TIMER) &&
	    wb_parse_u64(&p, &v))
		p = wbf_skip_space(p);
	if (*p)
		return wbf_errf(e, -EINVAL, "%s: unexpected text '%.40s'", where, p);
	t.sector = sector;
	t.bytes = (uint32_t)(nr << 9);
	if (br && (action == BLK_TA_COMPLETE || action == BLK_TA_REQUEUE)) {
		const char *q = br;
		int neg = *q == '-';
		uint64_t err;

		q += neg;
		if (!wb_parse_u64(&q, &err) || q != br_end || err > 65535)
			return wbf_errf(e, -EINVAL, "%s: bad error field", where);
		t.error = (uint16_t)err;
	} else if (br) {
		ret = emit_comm(c, &t, br, br_end - br);
		if (ret)
			return ret;
	}
	ret = check_record(c, &t, where, e);
	return ret ? ret : c->fn(c->arg, &t, pdu);
}

/*
 * The reading loop: runs of whole lines from the stream, each line turned
 * into records and handed on before the next is read, so nothing of the
 * text is kept but the window.
 */
static int text_read(struct wbf_stream *in, const struct wbf_geometry *geo,
		     wbf_bt_fn fn, void *ctx, uint64_t *events,
		     struct wbf_err *e)
{
	struct ctx c = { .fn = fn, .arg = ctx, .geo = geo };
	struct wbf_lines it = { .lineno = 0 };
	bool summary = false;
	uint64_t n = 0;
	char *line, where[300];
	int ret;

	while ((ret = wbf_stream_lines(in, &it, e)) > 0) {
		while ((ret = wbf_lines_next(&it, &line, e)) > 0) {
			if (summary || wbf_is_blank(line) ||
			    !strncmp(line, "Input file ", 11))
				continue;
			if (summary_start(line)) {
				summary = true;
				continue;
			}
			snprintf(where, sizeof(where), "%s:%zu", in->name,
				 it.lineno);
			ret = parse_event(&c, line, where, e);
			if (ret)
				goto out;
			n++;
		}
		if (ret < 0)
			goto out;
	}
	if (!ret && !n)
		ret = wbf_errf(e, -EINVAL, "%s:%zu: no blkparse event lines",
			       in->name, it.lineno);
	if (!ret && events)
		*events = n;
out:
	wbf_rec_clocks_free(&c.clocks);
	return ret < 0 ? ret : 0;
}

/**
 * wbf_blkparse_text_read() - feed blkparse text in memory to a record consumer
 * @name: file name for messages
 * @data: the text
 * @len: its length
 * @geo: the layout, for the disks' sizes (may be NULL)
 * @fn: called per record, in line order
 * @ctx: passed to @fn
 * @events: set to the number of event lines (may be NULL)
 * @e: "file:line: ..." on garbage
 *
 * A record no kernel writes (record_check.h) is garbage too.
 *
 * Return: 0, -EINVAL on garbage, -ENOMEM, or what @fn returned.
 */
int wbf_blkparse_text_read(const char *name, const void *data, size_t len,
			   const struct wbf_geometry *geo, wbf_bt_fn fn,
			   void *ctx, uint64_t *events, struct wbf_err *e)
{
	struct wbf_stream in;

	wbf_stream_mem(&in, name, data, len);
	return text_read(&in, geo, fn, ctx, events, e);
}

/**
 * wbf_blkparse_text_read_path() - feed a blkparse text file, streaming
 * @path: the file (or pipe)
 * @geo: the layout, for the disks' sizes (may be NULL)
 * @fn: called per record, in line order
 * @ctx: passed to @fn
 * @events: set to the number of event lines (may be NULL)
 * @e: "file:line: ..." on garbage, "PATH: reason" when it cannot be read
 *
 * The file is read through a window of WBF_STREAM_WINDOW bytes: the
 * memory this takes does not grow with the length of the text.
 *
 * Return: 0, -EINVAL on garbage, -errno, or what @fn returned.
 */
int wbf_blkparse_text_read_path(const char *path,
				const struct wbf_geometry *geo, wbf_bt_fn fn,
				void *ctx, uint64_t *events, struct wbf_err *e)
{
	struct wbf_stream in;
	int ret = wbf_stream_open(&in, path, e);

	if (ret)
		return ret;
	ret = text_read(&in, geo, fn, ctx, events, e);
	wbf_stream_close(&in);
	return ret;
}
