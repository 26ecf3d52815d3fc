// SPDX-License-Identifier: GPL-2.0
/*
 * The synthetic blktrace writer of tests/unit/tracegen.h as a program, for
 * the script tests and the benchmark:
 *
 *   test_wbfair_tracegen write NAME [key=value ...]
 *
 * writes NAME.blktrace.0 .. NAME.blktrace.(cpus-1) and NAME.geometry, and
 * prints the truth ("written sda1 BYTES" ... "records N"). Keys: cpus,
 * parts, weights (e.g. 3:1; 0 starves a partition), requests,
 * merge_every, read_every, depth, fixed_sects, gap_ns, big (0/1),
 * remap (0/1), seed.
 *
 * Run without arguments (as tests/run.sh does) it tests itself: the
 * files it writes read back, in both byte orders, as the records it built.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../analysis/blktrace_read.h"
#include "check.h"
#include "tracegen.h"

static int parse_kv(struct tg_params *p, const char *kv)
{
	const char *eq = strchr(kv, '=');
	char key[32];
	unsigned long long v;
	char *end;

	if (!eq || (size_t)(eq - kv) >= sizeof(key))
		return -1;
	memcpy(key, kv, eq - kv);
	key[eq - kv] = '\0';
	if (!strcmp(key, "weights")) {
		const char *s = eq + 1;
		unsigned int n = 0;

		memset(p->weights, 0, sizeof(p->weights));
		while (*s) {
			if (n == TG_MAX_PARTS)
				return -1;
			p->weights[n++] = strtoul(s, &end, 10);
			if (end == s || (*end && *end != ':'))
				return -1;
			s = *end ? end + 1 : end;
		}
		return n ? 0 : -1;
	}
	v = strtoull(eq + 1, &end, 10);
	if (*end || end == eq + 1)
		return -1;
	if (!strcmp(key, "cpus") && v >= 1 && v <= TG_MAX_CPUS)
		p->cpus = v;
	else if (!strcmp(key, "parts") && v >= 1 && v <= TG_MAX_PARTS)
		p->nparts = v;
	else if (!strcmp(key, "requests") && v >= 1)
		p->requests = v;
	else if (!strcmp(key, "merge_every"))
		p->merge_every = v;
	else if (!strcmp(key, "read_every"))
		p->read_every = v;
	else if (!strcmp(key, "depth") && v >= 1)
		p->depth = v;
	else if (!strcmp(key, "fixed_sects") && v <= 65535)
		p->fixed_sects = v;
	else if (!strcmp(key, "gap_ns") && v >= 1)
		p->gap_ns = v;
	else if (!strcmp(key, "big"))
		p->big_endian = v;
	else if (!strcmp(key, "remap"))
		p->remap = v;
	else if (!strcmp(key, "seed"))
		p->seed = v;
	else
		return -1;
	return 0;
}

static int cmd_write(int argc, char **argv)
{
	struct tg_params p;
	struct tg g = { 0 };
	struct tg_truth tr;
	char path[4096];
	unsigned int i;
	int a;

	tg_default(&p);
	for (i = 0; i < TG_MAX_PARTS; i++)
		p.weights[i] = 1;
	for (a = 3; a < argc; a++) {
		if (parse_kv(&p, argv[a])) {
			fprintf(stderr, "tracegen: bad argument '%s'\n", argv[a]);
			return 2;
		}
	}
	/* partitions of 25 GiB each after the first 1 MiB */
	for (i = 0; i < p.nparts; i++)
		p.part_start[i] = 2048 + (uint64_t)i * 52428800;
	if (tg_build(&p, &g, &tr) || tg_write(&p, &g, argv[2])) {
		fprintf(stderr, "tracegen: cannot write %s\n", argv[2]);
		return 1;
	}
	snprintf(path, sizeof(path), "%s.geometry", argv[2]);
	if (tg_write_geometry(&p, path))
		return 1;
	for (i = 0; i < p.nparts; i++)
		printf("written sda%u %llu\nread sda%u %llu\n", i + 1,
		       (unsigned long long)tr.written[i], i + 1,
		       (unsigned long long)tr.read[i]);
	printf("records %llu\nbusy_ns %llu\nduration_ns %llu\n",
	       (unsigned long long)tr.records, (unsigned long long)tr.busy_ns,
	       (unsigned long long)(tr.last_ns - tr.first_ns));
	tg_free(&g, &tr);
	return 0;
}

struct readback {
	const struct tg *g;
	size_t i;
	uint64_t last_time;
	int bad;
};

static int check_record(void *ctx, const struct blk_io_trace *t,
			const unsigned char *pdu)
{
	struct readback *rb = ctx;
	const struct tg_ev *e;

	if (rb->i >= rb->g->n) {
		rb->bad++;
		return 0;
	}
	e = &rb->g->ev[rb->i++];
	/* merged order is time order; equal times may interleave by CPU */
	if (t->time < rb->last_time)
		rb->bad++;
	rb->last_time = t->time;
	if (t->time != e->time || t->pdu_len != e->pdu_len ||
	    (t->pdu_len && memcmp(pdu, e->pdu, t->pdu_len)))
		rb->bad++;
	if (t->time == e->time && (t->sector != e->sector ||
				   t->bytes != e->bytes ||
				   t->action != e->action || t->pid != e->pid ||
				   t->device != e->dev || t->cpu != e->cpu))
		rb->bad++;
	return 0;
}

static void test_roundtrip(bool big)
{
	struct tg_params p;
	struct tg g = { 0 };
	struct tg_truth tr;
	struct wbf_bt_stats st;
	struct wbf_err e;
	struct readback rb = { 0 };
	const char *tmp = getenv("TMPDIR");
	char dir[256], name[300];
	char **paths;
	size_t n, i;

	snprintf(dir, sizeof(dir), "%s/wbfair-tg-XXXXXX", tmp ? tmp : "/tmp");
	tg_default(&p);
	p.big_endian = big;
	p.cpus = 3;
	p.requests = 500;
	CHECK(mkdtemp(dir) != NULL);
	snprintf(name, sizeof(name), "%s/sda", dir);
	CHECK(tg_build(&p, &g, &tr) == 0);
	CHECK(tg_write(&p, &g, name) == 0);
	CHECK(wbf_bt_paths(name, &paths, &n, &e) == 0);
	CHECK_EQ_U64(n, 3);
	rb.g = &g;
	CHECK(wbf_bt_read_paths(paths, n, NULL, check_record, &rb, &st, &e) == 0);
	CHECK_EQ_U64(rb.bad, 0);
	CHECK_EQ_U64(rb.i, g.n);
	CHECK_EQ_U64(st.records, g.n);
	CHECK_EQ_U64(st.big_endian, big ? 3 : 0);
	for (i = 0; i < n; i++)
		unlink(paths[i]);
	wbf_bt_paths_free(paths, n);
	rmdir(dir);
	tg_free(&g, &tr);
}

int main(int argc, char **argv)
{
	if (argc >= 3 && !strcmp(argv[1], "write"))
		return cmd_write(argc, argv);
	if (argc > 1) {
		fprintf(stderr, "usage: %s [write NAME [key=value ...]]\n",
			argv[0]);
		return 2;
	}
	test_roundtrip(false);
	test_roundtrip(true);
	return check_status("test_wbfair_tracegen");
}
