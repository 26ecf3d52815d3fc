// SPDX-License-Identifier: GPL-2.0
/*
 * The binary reader and the block analysis on synthetic traces with a
 * known split (tracegen.h): bytes per partition and per pid equal what was
 * written; the per-interval series equal a brute-force bucketing of the
 * generator's own C events by sector range; Jain is 1 for an exactly equal
 * split and 1/n for a single winner; Q2C percentiles equal the
 * nearest-rank percentiles of every bio's true Q2C; busy time equals the
 * union of [D, C] found by sort-and-merge. Both byte orders, and every
 * kind of corrupt file with its exact offset.
 */
#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../analysis/load.h"
#include "check.h"
#include "tracegen.h"

#define SEC 1000000000ULL

static char tmpdir[256];

static int rm_one(const char *p, const struct stat *st, int flag,
		  struct FTW *ftw)
{
	return remove(p);
}

static void make_tmpdir(void)
{
	const char *t = getenv("TMPDIR");

	snprintf(tmpdir, sizeof(tmpdir), "%s/wbfair-bt-XXXXXX", t ? t : "/tmp");
	CHECK(mkdtemp(tmpdir) != NULL);
}

/* Remove the per-CPU files of an earlier trace with more CPUs. */
static void clean_trace(void)
{
	char path[300];
	int c;

	for (c = 0; c < TG_MAX_CPUS; c++) {
		snprintf(path, sizeof(path), "%s/sda.blktrace.%d", tmpdir, c);
		unlink(path);
	}
}

/* Write a trace, load it with wbfair, return the truth and the run. */
static int load(struct tg_params *p, struct tg *g, struct tg_truth *tr,
		struct wbf_run *r, bool geometry, uint64_t interval_ns)
{
	char name[300], geo[300];
	char *inputs[1] = { name };
	struct wbf_opts o = { .interval_ns = interval_ns,
			      .rw = WBF_SEL_WRITE };
	struct wbf_err e = { "" };
	int ret;

	snprintf(name, sizeof(name), "%s/sda", tmpdir);
	snprintf(geo, sizeof(geo), "%s/geometry.txt", tmpdir);
	memset(g, 0, sizeof(*g));
	clean_trace();
	CHECK(tg_build(p, g, tr) == 0);
	CHECK(tg_write(p, g, name) == 0);
	if (geometry) {
		CHECK(tg_write_geometry(p, geo) == 0);
		o.geometry = geo;
	}
	ret = wbf_run_load(r, inputs, 1, &o, &e);
	if (ret)
		fprintf(stderr, "load: %s\n", e.msg);
	return ret;
}

static const struct wbf_ent *find_part(const struct wbf_run *r,
				       const char *name)
{
	size_t i;

	for (i = 0; i < r->blk.nparts; i++)
		if (!strcmp(r->blk.parts[i].name, name))
			return &r->blk.parts[i];
	return NULL;
}

/*
 * Brute force from the generator's own records: C bytes written per
 * (partition, interval), partition by the layout's sector ranges.
 */
static uint64_t *brute_series(const struct tg_params *p, const struct tg *g,
			      uint64_t interval_ns, size_t *nint)
{
	uint64_t t0 = 0, tend = 0, *v;
	bool started = false;
	size_t i, n;

	for (i = 0; i < g->n; i++) {
		if ((g->ev[i].action >> 16) & BLK_TC_NOTIFY)
			continue;
		if (!started)
			t0 = g->ev[i].time;
		started = true;
		tend = g->ev[i].time;
	}
	n = (tend - t0) / interval_ns + 1;
	v = calloc(n * p->nparts, sizeof(*v));
	for (i = 0; i < g->n; i++) {
		const struct tg_ev *e = &g->ev[i];
		unsigned int k;

		if ((e->action & 0xffff) != __BLK_TA_COMPLETE ||
		    (e->action >> 16) & BLK_TC_NOTIFY ||
		    !((e->action >> 16) & BLK_TC_WRITE))
			continue;
		for (k = 0; k < p->nparts; k++)
			if (e->sector >= p->part_start[k] &&
			    e->sector < p->part_start[k] + 52428800)
				v[k * n + (e->time - t0) / interval_ns] += e->bytes;
	}
	*nint = n;
	return v;
}

static double plain_jain(const double *x, size_t n)
{
	double s = 0, s2 = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		s += x[i];
		s2 += x[i] * x[i];
	}
	return s * s / (n * s2);
}

static void check_series(const struct tg_params *p, const struct tg *g,
			 const struct wbf_run *r, const struct wbf_group *grp)
{
	size_t n, i, k, used = 0;
	uint64_t *v = brute_series(p, g, r->interval_ns, &n);
	double acc = 0, x[TG_MAX_PARTS];

	CHECK_EQ_U64(r->blk.n_intervals, n);
	CHECK_EQ_U64(grp->n, p->nparts);
	for (i = 0; i < p->nparts && i < grp->n; i++) {
		const struct wbf_ent *en = grp->ents[i];

		for (k = 0; k < n; k++)
			CHECK_EQ_U64(en->series[WBF_WRITE].bytes[k],
				     v[i * n + k]);
	}
	for (k = 0; k < n; k++) {
		double s = 0;

		for (i = 0; i < p->nparts; i++)
			s += x[i] = (double)v[i * n + k];
		if (s > 0) {
			acc += plain_jain(x, p->nparts);
			used++;
		}
	}
	CHECK_EQ_U64(grp->fair.intervals_used, used);
	CHECK_NEAR(grp->fair.jain_interval, acc / used, 1e-12);
	free(v);
}

static void test_equal_split(bool big)
{
	struct tg_params p;
	struct tg g;
	struct tg_truth tr;
	struct wbf_run r;
	struct wbf_group grp;

	tg_default(&p);
	p.big_endian = big;
	p.requests = 4000;	/* 4 s at 1 ms: several intervals */
	p.fixed_sects = 64;
	p.merge_every = 3;
	CHECK(load(&p, &g, &tr, &r, true, SEC) == 0);
	CHECK_EQ_U64(r.bt.big_endian, big ? p.cpus : 0);
	CHECK(wbf_group_partitions(&r, &grp) == 0);
	CHECK_EQ_U64(tr.written[0], tr.written[1]);
	CHECK_EQ_U64(find_part(&r, "sda1")->bytes[WBF_WRITE], tr.written[0]);
	CHECK_EQ_U64(find_part(&r, "sda2")->bytes[WBF_WRITE], tr.written[1]);
	CHECK_NEAR(grp.fair.jain, 1.0, 1e-12);
	CHECK_NEAR(grp.shares[0], 0.5, 1e-12);
	CHECK_NEAR(grp.fair.max_min, 1.0, 1e-12);
	check_series(&p, &g, &r, &grp);
	fprintf(stderr, "equal split (%s-endian): %llu + %llu bytes, Jain %.6f, per-interval %.6f over %zu\n",
		big ? "big" : "little", (unsigned long long)tr.written[0],
		(unsigned long long)tr.written[1], grp.fair.jain,
		grp.fair.jain_interval, grp.fair.intervals_used);
	wbf_group_free(&grp);
	wbf_run_free(&r);
	tg_free(&g, &tr);
}

static void test_single_winner(void)
{
	struct tg_params p;
	struct tg g;
	struct tg_truth tr;
	struct wbf_run r;
	struct wbf_group grp;

	tg_default(&p);
	p.nparts = 3;
	p.part_start[2] = 2048 + 2 * 52428800ULL;
	p.weights[0] = 1;
	p.weights[1] = p.weights[2] = 0;
	p.requests = 2500;
	CHECK(load(&p, &g, &tr, &r, true, SEC / 2) == 0);
	CHECK(wbf_group_partitions(&r, &grp) == 0);
	/* the idle partitions are there, with nothing */
	CHECK_EQ_U64(grp.n, 3);
	CHECK_NEAR(grp.fair.jain, 1.0 / 3, 1e-12);
	CHECK_NEAR(grp.fair.jain_interval, 1.0 / 3, 1e-12);
	CHECK(isinf(grp.fair.max_min));
	CHECK_NEAR(grp.fair.leader_share, 1.0, 1e-12);
	CHECK(!strcmp(grp.names[grp.fair.leader], "sda1"));
	check_series(&p, &g, &r, &grp);
	fprintf(stderr, "single winner of 3: Jain %.6f, per-interval %.6f\n",
		grp.fair.jain, grp.fair.jain_interval);
	wbf_group_free(&grp);
	wbf_run_free(&r);
	tg_free(&g, &tr);
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double nearest_rank(const double *v, size_t n, unsigned int p)
{
	size_t rank = (p * n + 99) / 100;	/* ceil(p n / 100), integers */

	return v[(rank ? rank : 1) - 1];
}

static void test_mixed(void)
{
	struct tg_params p;
	struct tg g;
	struct tg_truth tr;
	struct wbf_run r;
	struct wbf_group grp;
	const struct wbf_ent *en;
	size_t i;
	unsigned int k, pcts[3] = { 50, 95, 99 };

	tg_default(&p);
	p.big_endian = true;
	p.cpus = 4;
	p.weights[0] = 3;
	p.weights[1] = 1;
	p.read_every = 5;
	p.depth = 3;
	p.gap_ns = 700000;	/* faster than served: a queue builds up */
	p.requests = 3000;
	CHECK(load(&p, &g, &tr, &r, true, SEC) == 0);
	for (k = 0; k < 2; k++) {
		char nm[8];

		snprintf(nm, sizeof(nm), "sda%u", k + 1);
		en = find_part(&r, nm);
		CHECK(en != NULL);
		if (!en)
			continue;
		CHECK_EQ_U64(en->bytes[WBF_WRITE], tr.written[k]);
		CHECK_EQ_U64(en->bytes[WBF_READ], tr.read[k]);
	}
	/* processes: pid 1000 + partition, all I/O through Q records */
	CHECK(wbf_group_processes(&r, &grp) == 0);
	CHECK_EQ_U64(grp.n, 2);
	for (i = 0; i < grp.n; i++) {
		en = grp.ents[i];
		CHECK(en->pid == 1000 || en->pid == 1001);
		CHECK_EQ_U64(en->bytes[WBF_WRITE], tr.pid_written[en->pid - 1000]);
		CHECK(!strcmp(en->name, en->pid == 1000 ? "dbench-p0" : "dbench-p1"));
	}
	CHECK(!strcmp(grp.names[0], "dbench-p0[1000]"));	/* 3:1, most first */
	wbf_group_free(&grp);
	/* Q2C of every bio, reads included */
	qsort(tr.q2c, tr.nq2c, sizeof(*tr.q2c), cmp_d);
	CHECK_EQ_U64(r.blk.q2c.n, tr.nq2c);
	for (k = 0; k < 3; k++)
		CHECK(wbf_samples_percentile(&r.blk.q2c, pcts[k]) ==
		      nearest_rank(tr.q2c, tr.nq2c, pcts[k]));
	CHECK(r.blk.q2c.max == tr.q2c[tr.nq2c - 1]);
	/* busy time: in-flight counting == union of intervals */
	CHECK_EQ_U64(r.blk.ndisks, 1);
	CHECK_EQ_U64(r.blk.disks[0].busy_ns, tr.busy_ns);
	CHECK_EQ_U64(r.blk.disks[0].unmatched, 0);
	CHECK_EQ_U64(r.blk.disks[0].issued, p.requests);
	fprintf(stderr, "mixed 3:1: sda1 %llu/%llu W/R bytes, Q2C p50 %.0f p99 %.0f ns, busy %llu ns of %llu\n",
		(unsigned long long)tr.written[0], (unsigned long long)tr.read[0],
		nearest_rank(tr.q2c, tr.nq2c, 50), nearest_rank(tr.q2c, tr.nq2c, 99),
		(unsigned long long)tr.busy_ns,
		(unsigned long long)(tr.last_ns - tr.first_ns));
	wbf_run_free(&r);
	tg_free(&g, &tr);
}

/* Without a layout: partitions from REMAP records, or the whole disk. */
static void test_remap_and_whole(void)
{
	struct tg_params p;
	struct tg g;
	struct tg_truth tr;
	struct wbf_run r;
	const struct wbf_ent *en;

	tg_default(&p);
	p.requests = 600;
	CHECK(load(&p, &g, &tr, &r, false, SEC) == 0);
	en = find_part(&r, "8,1");
	CHECK(en && en->bytes[WBF_WRITE] == tr.written[0]);
	en = find_part(&r, "8,2");
	CHECK(en && en->bytes[WBF_WRITE] == tr.written[1]);
	CHECK_EQ_U64(r.blk.nparts, 2);
	wbf_run_free(&r);
	tg_free(&g, &tr);

	p.remap = false;
	CHECK(load(&p, &g, &tr, &r, false, SEC) == 0);
	CHECK_EQ_U64(r.blk.nparts, 1);
	en = find_part(&r, "8,0");
	CHECK(en && en->kind == WBF_ENT_WHOLE &&
	      en->bytes[WBF_WRITE] == tr.written[0] + tr.written[1]);
	wbf_run_free(&r);
	tg_free(&g, &tr);
}

/* Offset of record @idx in a written file (walks the headers). */
static long record_offset(const char *path, int idx, bool big)
{
	FILE *f = fopen(path, "rb");
	unsigned char h[48];
	long off = 0;
	int i;

	for (i = 0; i < idx; i++) {
		unsigned int plen;

		if (fseek(f, off, SEEK_SET) || fread(h, 48, 1, f) != 1)
			break;
		plen = big ? h[46] << 8 | h[47] : h[47] << 8 | h[46];
		off += 48 + plen;
	}
	fclose(f);
	return off;
}

static void patch(const char *path, long off, const void *b, size_t n)
{
	FILE *f = fopen(path, "r+b");

	CHECK(f && !fseek(f, off, SEEK_SET) && fwrite(b, n, 1, f) == 1);
	if (f)
		fclose(f);
}

static void expect_error(const char *what, const char *want)
{
	char name[300];
	char *inputs[1] = { name };
	struct wbf_opts o = { .interval_ns = SEC };
	struct wbf_err e = { "" };
	struct wbf_run r;

	snprintf(name, sizeof(name), "%s/sda", tmpdir);
	CHECK(wbf_run_load(&r, inputs, 1, &o, &e) == -EINVAL);
	if (!strstr(e.msg, want)) {
		fprintf(stderr, "%s: message '%s' lacks '%s'\n", what, e.msg, want);
		check_failures++;
	} else {
		fprintf(stderr, "%s: %s\n", what, e.msg);
	}
	wbf_run_free(&r);
}

/*
 * Rewrite the trace from @g, cut its file at @len, and read it directly:
 * @nrec complete records, no error, the warning holding @want.
 */
static int count_rec(void *ctx, const struct blk_io_trace *t,
		     const unsigned char *pdu)
{
	(void)t;
	(void)pdu;
	++*(uint64_t *)ctx;
	return 0;
}

static void expect_cut(const struct tg_params *p, const struct tg *g,
		       const char *path, long len, uint64_t nrec,
		       const char *want)
{
	char *paths[1] = { (char *)path };
	struct wbf_bt_stats st;
	struct wbf_err e = { "" };
	uint64_t seen = 0;
	char name[300];

	snprintf(name, sizeof(name), "%s/sda", tmpdir);
	CHECK(tg_write(p, g, name) == 0);
	CHECK(truncate(path, len) == 0);
	CHECK(wbf_bt_read_paths(paths, 1, NULL, count_rec, &seen, &st, &e) == 0);
	CHECK_EQ_U64(seen, nrec);
	CHECK_EQ_U64(st.records, nrec);
	CHECK_EQ_U64(st.truncated, 1);
	if (!strstr(st.warn, want)) {
		fprintf(stderr, "cut at %ld: warning '%s' lacks '%s'\n", len,
			st.warn, want);
		check_failures++;
	}
}

static void test_corrupt(bool big)
{
	struct tg_params p;
	struct tg g = { 0 };
	struct tg_truth tr;
	char path[300], want[400];
	unsigned char bad[4] = { 0xde, 0xad, 0xbe, 0xef }, ver;
	long off, size;
	FILE *f;

	tg_default(&p);
	p.cpus = 1;
	p.requests = 20;
	p.big_endian = big;
	clean_trace();
	CHECK(tg_build(&p, &g, &tr) == 0);
	snprintf(path, sizeof(path), "%s/sda", tmpdir);
	CHECK(tg_write(&p, &g, path) == 0);
	snprintf(path, sizeof(path), "%s/sda.blktrace.0", tmpdir);

	/* wrong magic in record 5 */
	off = record_offset(path, 5, big);
	patch(path, off, bad, 4);
	snprintf(want, sizeof(want), "sda.blktrace.0: offset %ld: bad magic", off);
	expect_error("wrong magic", want);

	/* wrong version in record 0 (magic 0x65617406) */
	snprintf(path, sizeof(path), "%s/sda", tmpdir);
	CHECK(tg_write(&p, &g, path) == 0);
	snprintf(path, sizeof(path), "%s/sda.blktrace.0", tmpdir);
	ver = 0x06;
	patch(path, big ? 3 : 0, &ver, 1);
	expect_error("wrong version", "offset 0: unsupported version 0x06");

	/* truncated header: cut 20 bytes into record 7: 7 records read */
	off = record_offset(path, 7, big);
	snprintf(want, sizeof(want),
		 "sda.blktrace.0: truncated at byte %ld: the last record is cut after 20 of 48 bytes; read the 7 complete records before it",
		 off + 20);
	expect_cut(&p, &g, path, off + 20, 7, want);

	/* payload past EOF: a REMAP record (16-byte payload) cut after 8 */
	off = record_offset(path, 2, big);	/* 2 notify, then A */
	f = fopen(path, "rb");
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	fclose(f);
	CHECK(size > off + 56);
	snprintf(want, sizeof(want),
		 "truncated at byte %ld: the last record is cut after 56 of 64 bytes; read the 2 complete records before it",
		 off + 56);
	expect_cut(&p, &g, path, off + 56, 2, want);

	/* cut inside the first header: nothing read, still not an error */
	expect_cut(&p, &g, path, 3, 0, "cut after 3 of 48 bytes; read the 0 complete");

	/* a cut header whose magic is wrong is corruption, not a cut */
	snprintf(path, sizeof(path), "%s/sda", tmpdir);
	CHECK(tg_write(&p, &g, path) == 0);
	snprintf(path, sizeof(path), "%s/sda.blktrace.0", tmpdir);
	off = record_offset(path, 4, big);
	CHECK(truncate(path, off + 10) == 0);
	patch(path, off, bad, 4);
	snprintf(want, sizeof(want), "offset %ld: bad magic", off);
	expect_error("bad magic in a cut record", want);
	tg_free(&g, &tr);
}

/*
 * A record with a bogus timestamp 2^62 ns (146 years) after the first:
 * bad input, reported, not a series of 10^11 intervals (fuzz finding).
 */
static void test_time_span(void)
{
	struct tg_ev ev[2] = {
		{ .time = 1000, .sector = 2048, .bytes = 4096,
		  .action = BLK_TA_QUEUE | BLK_TC_ACT(BLK_TC_WRITE), .pid = 7,
		  .dev = TG_DISK_DEV },
		{ .time = 1ULL << 62, .sector = 2048, .bytes = 4096,
		  .action = BLK_TA_COMPLETE | BLK_TC_ACT(BLK_TC_WRITE),
		  .dev = TG_DISK_DEV },
	};
	struct tg g = { .ev = ev, .n = 2 };
	struct tg_params p;

	tg_default(&p);
	p.cpus = 1;
	clean_trace();
	{
		char name[300];

		snprintf(name, sizeof(name), "%s/sda", tmpdir);
		CHECK(tg_write(&p, &g, name) == 0);
	}
	expect_error("time span", "the trace spans 4611686018 s");
}

int main(void)
{
	make_tmpdir();
	test_equal_split(false);
	test_equal_split(true);
	test_single_winner();
	test_mixed();
	test_remap_and_whole();
	test_corrupt(false);
	test_corrupt(true);
	test_time_span();
	nftw(tmpdir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	return check_status("test_wbfair_blktrace");
}
