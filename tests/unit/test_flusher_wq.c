// SPDX-License-Identifier: GPL-2.0
/*
 * The v6.1 writeback model (flusher-wq.c, flusher-wq-bdp.c) on a whole
 * machine: the delayed work item's lifecycle, the superblock walk with its
 * 100 ms slices, writeback_chunk_size, the IO-less throttle, and two
 * partitions of one disk written at once.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../sim/init/scenario.h"
#include "../../sim/fs/vfs.h"
#include "../../sim/flushers/flusher-wq.h"
#include "check.h"
#include "io_writers_check.h"

/* ---- a machine, writers, and its trace -------------------------------- */

struct rig {
	struct scenario s;
	struct machine m;
	char *trace_buf;
	size_t trace_len;
};

static int rig_init(struct rig *r, const char *const *sets, bool trace)
{
	char err[256];

	memset(r, 0, sizeof(*r));
	if (scenario_init(&r->s))
		return -1;
	CHECK(config_set(&r->s.cfg, "disk.partitions=10G,10G,rest") == 0);
	CHECK(config_set(&r->s.cfg, "sim.mount=sda1,sda3") == 0);
	/* the tests read per-inode events back from the trace */
	CHECK(config_set(&r->s.cfg, "writeback.trace_verbose=yes") == 0);
	CHECK(config_set(&r->s.cfg, "writeback.flusher=wq") == 0);
	for (; sets && *sets; sets++)
		CHECK(config_set(&r->s.cfg, *sets) == 0);
	if (machine_init(&r->m, &r->s, NULL, err, sizeof(err))) {
		fprintf(stderr, "machine_init: %s\n", err);
		check_failures++;
		return -1;
	}
	CHECK(!strcmp(r->m.flusher->name, "wq"));
	if (trace)
		r->m.trace = open_memstream(&r->trace_buf, &r->trace_len);
	return 0;
}

/* WQ_TRACE=dir keeps each test's trace as dir/<test>.trace */
static void rig_exit(struct rig *r, const char *name)
{
	const char *dir = getenv("WQ_TRACE");

	check_writers_add_up(&r->m);
	machine_exit(&r->m, NULL, 0);
	scenario_exit(&r->s);
	if (r->m.trace)
		fclose(r->m.trace);
	if (dir && r->trace_buf) {
		char path[512];
		FILE *f;

		snprintf(path, sizeof(path), "%s/%s.trace", dir, name);
		f = fopen(path, "w");
		if (f) {
			/* trace_next() cut the lines it read */
			for (size_t i = 0; i < r->trace_len; i++)
				fputc(r->trace_buf[i] ? r->trace_buf[i] : '\n', f);
			fclose(f);
		}
	}
	free(r->trace_buf);
}

static struct super_block *nth_sb(struct machine *m, int n)
{
	struct list_head *pos = m->super_blocks.next;

	for (int i = 0; i <= n; i++)	/* [0] is the bdev superblock */
		pos = pos->next;
	return list_entry(pos, struct super_block, s_list);
}

/* One trace line: time, event, and the fields after the event name. */
struct tline {
	sim_time_t t;
	char event[40];
	const char *fields;
};

/* Next line of the trace after *pos; false at the end. */
static bool trace_next(struct rig *r, size_t *pos, struct tline *tl)
{
	while (*pos < r->trace_len) {
		char *line = r->trace_buf + *pos;
		char *end = line + strcspn(line, "\n");
		char *br;
		unsigned long long s, us;
		int n = 0;

		*pos = (size_t)(end - r->trace_buf) + 1;
		*end = '\0';	/* the buffer is ours: cut lines (once) */
		br = strstr(line, "] ");
		if (!br || sscanf(br + 2, "%llu.%llu: %39s %n", &s, &us,
				  tl->event, &n) != 3)
			continue;
		tl->t = s * NSEC_PER_SEC + us * NSEC_PER_USEC;
		/* trace-cmd report layout: "event:" */
		if (tl->event[0] && tl->event[strlen(tl->event) - 1] == ':')
			tl->event[strlen(tl->event) - 1] = 0;
		tl->fields = br + 2 + n;
		return true;
	}
	return false;
}

static const char *field(const char *fields, const char *key)
{
	const char *p = strstr(fields, key);

	return p ? p + strlen(key) : "";
}

struct writer {
	struct task t;
	struct machine *m;
	struct super_block *sb;
	sim_time_t start, stop;
	uint64_t file_bytes;
	int max_files;
	bool unlink, fsync;
	uint64_t bytes;
	sim_time_t done;
};

static void writer_fn(struct task *t)
{
	struct writer *w = t->priv;
	char name[32];

	if (w->start > w->m->sim.now)
		schedule_timeout(t, NULL, w->start - w->m->sim.now);
	for (int f = 0; f < w->max_files && w->m->sim.now < w->stop; f++) {
		struct inode *inode;
		int len = snprintf(name, sizeof(name), "%s-%d", t->comm, f);

		CHECK(vfs_create(w->m, t, w->sb->s_root, name, len, false, &inode) == 0);
		iget(inode);
		for (uint64_t off = 0; off < w->file_bytes && w->m->sim.now < w->stop;
		     off += 65536) {
			cpu_burn(t, 20 * NSEC_PER_USEC);
			CHECK(vfs_write(w->m, t, inode, off, 65536) == 65536);
			w->bytes += 65536;
		}
		if (w->fsync)
			vfs_fsync(w->m, t, inode);
		iput(w->m, t, inode);
		if (w->unlink)
			CHECK(vfs_unlink(w->m, t, w->sb->s_root, name, len) == 0);
	}
	w->done = w->m->sim.now;
}

static void start_writer(struct rig *r, struct writer *w, int sb, const char *comm)
{
	w->m = &r->m;
	w->sb = nth_sb(&r->m, sb);
	if (!w->stop)
		w->stop = UINT64_MAX;
	CHECK(kthread_run(&r->m.cs, &w->t, comm, writer_fn, w) == 0);
}

static uint64_t dirty_and_writeback(struct machine *m)
{
	return global_page_state(&m->mm, NR_FILE_DIRTY) +
	       global_page_state(&m->mm, NR_WRITEBACK);
}

static void syncer_fn(struct task *t)
{
	struct machine *m = t->priv;

	m->flusher->sync(m, t);
	wb_trace(m, t, sys_sync, "done");
}

static bool queue_idle(struct machine *m)
{
	for (int i = 0; i < m->nr_disks; i++) {
		struct request_queue *q = &m->disks[i]->q;

		if (q->count[0] || q->count[1] || q->wait_head[0] || q->wait_head[1])
			return false;
	}
	return !global_page_state(&m->mm, NR_WRITEBACK);
}

/*
 * The writers' stop time has passed: let the @nr writers of @w finish the
 * write they are in (a throttled one is paused after any page of it, as
 * 6.1's generic_perform_write() checks after every page), then sync(2)
 * from a task, which returns with nothing dirty and nothing under
 * writeback; then let the journal commit its last transaction (commit
 * interval 5 s) and the disk go idle, so the run ends with no I/O in
 * flight.
 */
static void rig_drain(struct rig *r, struct writer *w, int nr)
{
	struct task syncer;
	sim_time_t t0 = r->m.sim.now, end = t0 + 60 * NSEC_PER_SEC;

	for (int i = 0; i < nr; i++) {
		while (w[i].t.state != TASK_DEAD && r->m.sim.now < end)
			sim_run(&r->m.sim, r->m.sim.now + 10 * NSEC_PER_MSEC);
		CHECK(w[i].t.state == TASK_DEAD);
	}

	CHECK(kthread_run(&r->m.cs, &syncer, "sync", syncer_fn, &r->m) == 0);
	while (syncer.state != TASK_DEAD && r->m.sim.now < end)
		sim_run(&r->m.sim, r->m.sim.now + 10 * NSEC_PER_MSEC);
	CHECK(syncer.state == TASK_DEAD);
	CHECK_EQ_U64(global_page_state(&r->m.mm, NR_FILE_DIRTY), 0);
	CHECK_EQ_U64(global_page_state(&r->m.mm, NR_WRITEBACK), 0);
	sim_run(&r->m.sim, r->m.sim.now + 6 * NSEC_PER_SEC);
	while (!queue_idle(&r->m) && r->m.sim.now < end)
		sim_run(&r->m.sim, r->m.sim.now + 10 * NSEC_PER_MSEC);
	CHECK(queue_idle(&r->m));
	kthread_free(&syncer);
}

/* ---- writeback_chunk_size ----------------------------------------------- */

static void test_chunk_size(void)
{
	/* WB_SYNC_ALL: one call writes an inode whole */
	CHECK(wq_writeback_chunk_size(true, 25600, 18000, 1000) == LONG_MAX);
	/* the 2009 disk, ~58 MB/s = 14848 pages/s, 384 MB machine, limit
	 * 18000 pages: min(7424, 18000/8 = 2250) = 2250; + 1024 = 3274,
	 * rounded down to 4 MiB: 3072 pages (12 MiB) */
	CHECK_EQ_U64(wq_writeback_chunk_size(false, 14848, 18000, LONG_MAX), 3072);
	/* a slow 4 MB/s stick: min(500, 2250) + 1024 = 1524 -> 1024, the
	 * 4 MiB floor (MIN_WRITEBACK_PAGES) */
	CHECK_EQ_U64(wq_writeback_chunk_size(false, 1024, 18000, LONG_MAX), 1024);
	/* 100 MB/s with 4 GB of dirty limit: min(12800, 131072) = 12800;
	 * 13824 rounded down to 4 MiB: 13312 pages (52 MiB) */
	CHECK_EQ_U64(wq_writeback_chunk_size(false, 25600, 1048576, LONG_MAX), 13312);
	/* a work with 100 pages left: 100 + 1024 -> 1024 */
	CHECK_EQ_U64(wq_writeback_chunk_size(false, 25600, 1048576, 100), 1024);
	/* 1 GB/s, limit 64k pages: min(131072, 8192) = 8192 -> 9216 */
	CHECK_EQ_U64(wq_writeback_chunk_size(false, 262144, 65536, LONG_MAX), 9216);
	printf("chunk size: 58 MB/s & 18000-page limit -> 3072 pages, 4 MB/s -> 1024, 100 MB/s & 4 GB -> 13312, 100 pages left -> 1024\n");
}

/* ---- the delayed work item ----------------------------------------------- */

/*
 * The first dirty inode of a wb arms its work for dirty_writeback_interval
 * (5 s); each run that leaves dirty io re-arms it for 5 s more, counted
 * from the end of the run; the last one, with the wb clean, does not.
 * An fsync'ed file at 0.1 s gives the bdi its share of completions first:
 * a bdi that never completed a write has a zero share of the background
 * threshold, and its first run would write everything at once.
 */
static void test_lifecycle(void)
{
	static const char *const sets[] = { "ext3.journal=none", NULL };
	const sim_time_t interval = 5 * NSEC_PER_SEC;
	struct writer w0 = { .start = 100 * NSEC_PER_MSEC,
			     .file_bytes = 1 << 20, .max_files = 1, .fsync = true };
	struct writer w = { .start = 6 * NSEC_PER_SEC + 300 * NSEC_PER_MSEC,
			    .file_bytes = 1 << 20, .max_files = 1 };
	sim_time_t armed = 0, last_end = 0, last_start = 0;
	bool bad_gap = false;
	int runs = 0;
	struct tline tl;
	struct rig r;
	size_t pos = 0;

	if (rig_init(&r, sets, true))
		return;
	start_writer(&r, &w0, 0, "fsyncer");
	start_writer(&r, &w, 1, "writer");
	sim_run(&r.m.sim, 200 * NSEC_PER_SEC);
	fflush(r.m.trace);
	CHECK(w.done > 0);
	while (trace_next(&r, &pos, &tl)) {
		if (!strcmp(tl.event, "writeback_dirty_inode_enqueue") && !armed)
			armed = tl.t;
		if (!strcmp(tl.event, "workqueue_execute_start")) {
			/* each run 5 s after the arming or re-arming */
			sim_time_t from = runs ? last_end : armed;

			if (tl.t != from + interval)
				bad_gap = true;
			if (!runs)
				printf("wq: first dirty inode at %.6f s, first run at %.6f s\n",
				       armed / 1e9, tl.t / 1e9);
			runs++;
			last_start = tl.t;
		}
		if (!strcmp(tl.event, "workqueue_execute_end"))
			last_end = tl.t;
	}
	printf("wq: %d runs, the last at %.3f s; %llu worker(s) started, %llu exited; %llu pages written by the worker\n",
	       runs, last_start / 1e9,
	       (unsigned long long)r.m.fst.thread_starts,
	       (unsigned long long)r.m.fst.thread_exits,
	       (unsigned long long)r.m.fst.flusher_pages_submitted);
	CHECK(armed >= w0.start && armed < w0.start + NSEC_PER_MSEC);
	CHECK(runs >= 2);
	CHECK(!bad_gap);
	/* everything was written within expire (30 s) + 2 intervals of the
	 * dirtying; then the wb is clean and nothing re-arms the work: no
	 * run in the 160 s after it */
	CHECK(last_start <= w.start + 40 * NSEC_PER_SEC);
	CHECK(global_page_state(&r.m.mm, NR_FILE_DIRTY) == 0);
	CHECK(!bdi_has_dirty_io(&r.m.disks[0]->bdi));
	CHECK(r.m.fst.flusher_pages_submitted >= 256);
	CHECK_EQ_U64(r.m.fst.thread_starts, 1);	/* one wb, one worker */
	CHECK_EQ_U64(r.m.fst.thread_exits, 0);
	kthread_free(&w0.t);
	kthread_free(&w.t);
	rig_exit(&r, "lifecycle");
}

/* The writeback_sb_inodes calls of a trace, in order. */
struct sb_call {
	sim_time_t end, dur, last_inode;	/* last_inode: previous inode done */
	char sb[16];
	char why[16];
	char next[16];		/* sb at the tail of b_io afterwards */
	long pages;
};

static size_t sb_calls(struct rig *r, struct sb_call **out)
{
	size_t n = 0, cap = 0;
	sim_time_t prev_inode = 0, inode_before = 0;
	struct sb_call *v = NULL;
	struct tline tl;
	size_t pos = 0;

	while (trace_next(r, &pos, &tl)) {
		if (!strcmp(tl.event, "writeback_single_inode")) {
			inode_before = prev_inode;
			prev_inode = tl.t;
			continue;
		}
		if (strcmp(tl.event, "writeback_sb_inodes_end"))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			v = realloc(v, cap * sizeof(*v));
			if (!v)
				abort();
		}
		v[n].end = tl.t;
		v[n].dur = strtoull(field(tl.fields, " elapsed_us="), NULL, 10) * NSEC_PER_USEC;
		v[n].last_inode = inode_before;
		v[n].pages = strtol(field(tl.fields, " pages="), NULL, 10);
		sscanf(field(tl.fields, " sb="), "%15s", v[n].sb);
		sscanf(field(tl.fields, " end="), "%15s", v[n].why);
		sscanf(field(tl.fields, " next="), "%15s", v[n].next);
		n++;
	}
	*out = v;
	return n;
}

/*
 * Two superblocks of one bdi with plenty of dirty data in many 1 MiB
 * files. writeback_sb_inodes writes one superblock's inodes and, once it
 * wrote something, returns after the 100 ms slice at the first inode
 * boundary; 6.1 then walks b_io from its tail again, which is still that
 * superblock, so it goes on with it until its inodes on b_io are used up
 * ("other_sb"): the slices alternate in runs, not one by one.
 */
static void test_sb_slices(void)
{
	static const char *const sets[] = { "ext3.journal=none", NULL };
	const sim_time_t slice = 100 * NSEC_PER_MSEC, jiffy = NSEC_PER_SEC / 250;
	long pages[2] = { 0, 0 };
	size_t nr, sliced = 0, same_after_slice = 0, switches = 0, runs = 0;
	sim_time_t sliced_ns = 0, run_ns = 0, run_start = 0;
	const char *run_sb = NULL;
	struct sb_call *c;
	struct writer w[2];
	struct rig r;

	if (rig_init(&r, sets, true))
		return;
	for (int i = 0; i < 2; i++) {
		w[i] = (struct writer){ .file_bytes = 1 << 20, .max_files = 100000,
					.stop = 20 * NSEC_PER_SEC };
		start_writer(&r, &w[i], i, i ? "w3" : "w1");
	}
	sim_run(&r.m.sim, 20 * NSEC_PER_SEC);
	fflush(r.m.trace);
	nr = sb_calls(&r, &c);
	for (size_t i = 0; i < nr; i++) {
		const char *next = NULL;

		if (!strcmp(c[i].sb, "0:0"))
			continue;	/* metadata of both */
		pages[strcmp(c[i].sb, "8:1") != 0] += c[i].pages;
		for (size_t j = i + 1; j < nr && !next; j++)
			if (strcmp(c[j].sb, "0:0"))
				next = c[j].sb;
		if (!strcmp(c[i].why, "slice")) {
			sliced++;
			sliced_ns += c[i].dur;
			/* over 100 ms, stopped at the first inode after it */
			CHECK(c[i].dur > slice);
			CHECK(c[i].last_inode <= c[i].end - c[i].dur + slice + jiffy);
			if (!strcmp(c[i].next, c[i].sb))
				same_after_slice++;
			/* the walk goes on with the sb at the tail of b_io
			 * (@next skips the bdev's calls, so a bdev tail
			 * cannot be compared) */
			if (next && strcmp(c[i].next, "-") &&
			    strcmp(c[i].next, "0:0"))
				CHECK(!strcmp(next, c[i].next));
		}
		if (!run_sb || strcmp(run_sb, c[i].sb)) {
			if (run_sb) {
				switches++;
				run_ns += c[i].end - c[i].dur - run_start;
			}
			run_sb = c[i].sb;
			run_start = c[i].end - c[i].dur;
			runs++;
		}
	}
	printf("sb slices: %zu calls, %zu ended by the slice (mean %.0f ms), %zu of them with the same sb still at the tail of b_io; %zu runs of one sb (mean %.0f ms), pages sda1 %ld sda3 %ld\n",
	       nr, sliced, sliced ? sliced_ns / 1e6 / sliced : 0.0,
	       same_after_slice, runs, switches ? run_ns / 1e6 / switches : 0.0,
	       pages[0], pages[1]);
	CHECK(sliced >= 20);
	CHECK(same_after_slice * 4 >= sliced * 3);
	/* runs of several slices: the superblock changes less often than
	 * every slice, but both get their turns */
	CHECK(switches >= 10);
	CHECK(switches * 2 < sliced);
	CHECK(pages[0] > (pages[0] + pages[1]) / 4);
	CHECK(pages[1] > (pages[0] + pages[1]) / 4);
	free(c);
	rig_drain(&r, w, 2);
	for (int i = 0; i < 2; i++)
		kthread_free(&w[i].t);
	rig_exit(&r, "sb_slices");
}

/* From the trace: the longest pause (us) and the most pages a task
 * dirtied between two checks of balance_dirty_pages */
static uint64_t max_pause_us(struct rig *r, uint64_t *nr, uint64_t *max_dirtied)
{
	uint64_t max = 0;
	struct tline tl;
	size_t pos = 0;

	*nr = 0;
	*max_dirtied = 0;
	while (trace_next(r, &pos, &tl)) {
		uint64_t v;

		if (strcmp(tl.event, "balance_dirty_pages"))
			continue;
		v = strtoull(field(tl.fields, " dirtied="), NULL, 10);
		if (v > *max_dirtied)
			*max_dirtied = v;
		/* 6.1's tracepoint field: pause=<ms> */
		v = strtoull(field(tl.fields, " pause="), NULL, 10) * 1000;
		if (v > max)
			max = v;
		(*nr)++;
	}
	return max;
}

/*
 * Steady dd-like writers on one filesystem: after dirty_ratelimit came
 * down from its initial 100 MB/s to the disk's share per writer, the
 * IO-less throttle keeps dirty + writeback between the freerun point and
 * the limit, near the setpoint; the writers only sleep, never write, and
 * never more than MAX_PAUSE (200 ms) at a time.
 */
static void test_throttle(void)
{
	static const char *const sets[] = { "ext3.journal=none", NULL };
	const int nr_writers = 4;
	struct writer w[4];
	uint64_t bg, thresh, freerun, setpoint, sum = 0, n = 0, lo = UINT64_MAX, hi = 0;
	uint64_t pauses, max_us, max_dirtied, mean;
	struct rig r;

	if (rig_init(&r, sets, true))
		return;
	for (int i = 0; i < nr_writers; i++) {
		char comm[16];

		w[i] = (struct writer){ .file_bytes = 4ULL << 30, .max_files = 1,
					.stop = 80 * NSEC_PER_SEC };
		snprintf(comm, sizeof(comm), "dd%d", i);
		start_writer(&r, &w[i], 0, comm);
	}
	/* dirty_ratelimit needs ~30 s to come down from 100 MB/s to
	 * write_bw/4 in its bounded steps: sample 50-80 s */
	for (int step = 1; step <= 1600; step++) {
		uint64_t d;

		sim_run(&r.m.sim, (sim_time_t)step * 50 * NSEC_PER_MSEC);
		if (step * 50 < 50000)
			continue;
		d = dirty_and_writeback(&r.m);
		sum += d;
		n++;
		lo = d < lo ? d : lo;
		hi = d > hi ? d : hi;
	}
	fflush(r.m.trace);
	get_dirty_limits(&r.m, NULL, &bg, &thresh, NULL, NULL);
	freerun = (bg + thresh) / 2;
	setpoint = (freerun + thresh) / 2;
	mean = sum / n;
	max_us = max_pause_us(&r, &pauses, &max_dirtied);
	printf("throttle: bg %llu freerun %llu setpoint %llu limit %llu pages; dirty+writeback 50-80 s: mean %llu min %llu max %llu; %llu pauses, longest %llu us, at most %llu pages between checks; write_bw %llu pages/s, dirty_ratelimit %llu; pages by dirtiers %llu, by the worker %llu\n",
	       (unsigned long long)bg, (unsigned long long)freerun,
	       (unsigned long long)setpoint, (unsigned long long)thresh,
	       (unsigned long long)mean, (unsigned long long)lo,
	       (unsigned long long)hi, (unsigned long long)pauses,
	       (unsigned long long)max_us, (unsigned long long)max_dirtied,
	       (unsigned long long)r.m.disks[0]->bdi.avg_write_bandwidth,
	       (unsigned long long)r.m.disks[0]->bdi.dirty_ratelimit,
	       (unsigned long long)r.m.fst.dirtier_pages_submitted,
	       (unsigned long long)r.m.fst.flusher_pages_submitted);
	CHECK(r.m.dirty_limit_hit);
	CHECK(pauses > 1000);
	CHECK(max_us <= 200000);		/* MAX_PAUSE */
	CHECK_EQ_U64(r.m.fst.dirtier_pages_submitted, 0);
	CHECK(r.m.fst.flusher_pages_submitted > 0);
	/* the mean in the middle half of [freerun, limit], around the
	 * setpoint, where pos_ratio is 1 +- 1/8 */
	CHECK(mean > freerun && mean < thresh);
	CHECK(mean + (thresh - freerun) / 4 > setpoint);
	CHECK(mean < setpoint + (thresh - freerun) / 4);
	/* above the limit task_ratelimit is 0 and every write checks; below
	 * it each writer dirties at most max_dirtied pages between checks */
	CHECK(hi <= thresh + nr_writers * max_dirtied);
	/* dirty_ratelimit came down to about write_bw / 4 */
	CHECK_NEAR(r.m.disks[0]->bdi.dirty_ratelimit,
		   r.m.disks[0]->bdi.avg_write_bandwidth / 4.0, 0.35);
	rig_drain(&r, w, nr_writers);
	for (int i = 0; i < nr_writers; i++)
		kthread_free(&w[i].t);
	rig_exit(&r, "throttle");
}

/*
 * The brief's run: a writer on sda1 and one on sda3 of the default disk,
 * 60 s on a 384 MB machine, default filesystem (ext3, data=ordered). The
 * dirty limit holds and both partitions are written; with one big file on
 * each, the tail of b_io changes superblock after every chunk.
 */
static void test_two_partitions(void)
{
	struct writer w[2];
	uint64_t bg, thresh, hi = 0, sect[2], pauses, max_us, max_dirtied;
	size_t nr, switches = 0, pairs = 0;
	const char *prev = NULL;
	struct sb_call *c;
	struct rig r;

	if (rig_init(&r, NULL, true))
		return;
	for (int i = 0; i < 2; i++) {
		w[i] = (struct writer){ .file_bytes = 1ULL << 30, .max_files = 1000,
					.unlink = true, .stop = 60 * NSEC_PER_SEC };
		start_writer(&r, &w[i], i, i ? "w3" : "w1");
	}
	for (int step = 1; step <= 600; step++) {
		uint64_t d;

		sim_run(&r.m.sim, (sim_time_t)step * 100 * NSEC_PER_MSEC);
		d = dirty_and_writeback(&r.m);
		hi = d > hi ? d : hi;
	}
	fflush(r.m.trace);
	get_dirty_limits(&r.m, NULL, &bg, &thresh, NULL, NULL);
	for (int i = 0; i < 2; i++)
		sect[i] = w[i].sb->s_bdev->sectors_done[1];
	max_us = max_pause_us(&r, &pauses, &max_dirtied);
	nr = sb_calls(&r, &c);
	for (size_t i = 0; i < nr; i++) {
		if (!strcmp(c[i].sb, "0:0") || !c[i].pages)
			continue;
		if (prev && strcmp(prev, c[i].sb))
			switches++;
		if (prev)
			pairs++;
		prev = c[i].sb;
	}
	printf("two partitions: limit %llu pages, max dirty+writeback %llu; written sda1 %llu MB, sda3 %llu MB (writers %llu, %llu MB); %llu pauses, longest %llu us; the sb changed between %zu of %zu walks\n",
	       (unsigned long long)thresh, (unsigned long long)hi,
	       (unsigned long long)(sect[0] >> 11), (unsigned long long)(sect[1] >> 11),
	       (unsigned long long)(w[0].bytes >> 20),
	       (unsigned long long)(w[1].bytes >> 20),
	       (unsigned long long)pauses, (unsigned long long)max_us,
	       switches, pairs);
	CHECK(r.m.dirty_limit_hit);
	CHECK(hi <= thresh + 2 * max_dirtied);
	CHECK(max_us <= 200000);
	CHECK_EQ_U64(r.m.fst.dirtier_pages_submitted, 0);
	/* both written, neither starved: each at least a third */
	CHECK(sect[0] * 2 > sect[1] && sect[1] * 2 > sect[0]);
	CHECK(sect[0] > (100ULL << 11) && sect[1] > (100ULL << 11));
	/* one inode each: a chunk of one, then of the other, except while
	 * only one has an inode to write (the other's file just written out
	 * or unlinked, or not yet expired for kupdate) */
	CHECK(pairs >= 50);
	CHECK(switches * 4 > pairs * 3);
	free(c);
	rig_drain(&r, w, 2);
	for (int i = 0; i < 2; i++)
		kthread_free(&w[i].t);
	rig_exit(&r, "two_partitions");
}

/*
 * 6.1's balance_dirty_pages_ratelimited() enters balance_dirty_pages()
 * once a task dirtied nr_dirtied_pause pages: 32 from copy_process(),
 * then what the last pause set, which is 0 when task_ratelimit was 0
 * (wb_min_pause(): pages = task_ratelimit * t / HZ). Then every page
 * checks, as the era guests' trace shows (dirtied=1 dirtied_pause=0);
 * the model took 0 for "not set yet" and gave such a task 32 pages.
 */
static void test_ratelimit_zero(void)
{
	struct address_space *mapping;
	struct task t;
	struct rig r;

	if (rig_init(&r, NULL, false))
		return;
	mapping = &nth_sb(&r.m, 0)->s_bdev_inode->i_data;
	task_init(&r.m.cs, &t, "dd", NULL);
	CHECK_EQ_U64(t.nr_dirtied_pause, 32);
	wq_balance_dirty_pages_ratelimited(&r.m, &t, mapping, 1);
	CHECK_EQ_U64(t.bdp_nr_dirtied, 1);	/* 1 of 32: no check yet */
	t.nr_dirtied_pause = 0;
	t.bdp_nr_dirtied = 0;
	wq_balance_dirty_pages_ratelimited(&r.m, &t, mapping, 1);
	/* checked: under the freerun ceiling the count starts again and
	 * the next check is dirty_poll_interval() pages away */
	CHECK_EQ_U64(t.bdp_nr_dirtied, 0);
	CHECK(t.nr_dirtied_pause > 0);
	rig_exit(&r, "ratelimit_zero");
}

/*
 * The ordered data of one transaction, not of whole files: a writer that
 * keeps appending to one file does not hold its commit open.
 * - jbd2 without delalloc (an ext3-format disk under 6.1's ext4 driver:
 *   ext3.allocator = mballoc): a commit writes and waits for the range
 *   of blocks its transaction allocated. The model's first version
 *   committed whole files: with the flusher writing that file all the
 *   time its writeback never drained and the first commit (5 s) had not
 *   ended at 30 s.
 * - 2.6.30's jbd (ext3's own allocator): a commit writes and waits for
 *   the buffers filed in its transaction (t_sync_datalist: written by
 *   write(), or put under I/O by writeback, while it ran). Until
 *   2026-12-07 the model wrote and waited for every file of the
 *   transaction whole: the same unbounded first commit.
 */
static void test_ordered_ranges(const char *name, const char *const *sets)
{
	struct writer w = { .file_bytes = 4ULL << 30, .max_files = 1,
			    .stop = 30 * NSEC_PER_SEC };
	unsigned int ended = 0;
	sim_time_t first = 0;
	struct tline tl;
	size_t pos = 0;
	struct rig r;

	if (rig_init(&r, sets, true))
		return;
	start_writer(&r, &w, 0, "dd");
	sim_run(&r.m.sim, 30 * NSEC_PER_SEC);
	fflush(r.m.trace);
	while (trace_next(&r, &pos, &tl)) {
		if (strcmp(tl.event, "jbd2_end_commit") ||
		    strncmp(tl.fields, "dev 8,1 ", 8))
			continue;
		if (!ended++)
			first = tl.t;
	}
	printf("%s: %u commits of sda1 ended in 30 s, the first at %.2f s; %llu MB written by dd\n",
	       name, ended, first / 1e9, (unsigned long long)(w.bytes >> 20));
	CHECK(ended >= 3);
	CHECK(first > 5 * NSEC_PER_SEC && first < 15 * NSEC_PER_SEC);
	CHECK(w.bytes > (500ULL << 20));
	/* not rig_drain(): the last close gives the file's preallocation
	 * back, so a later commit dirties bitmaps after sync(2) */
	while (w.t.state != TASK_DEAD && r.m.sim.now < 90 * NSEC_PER_SEC)
		sim_run(&r.m.sim, r.m.sim.now + 10 * NSEC_PER_MSEC);
	CHECK(w.t.state == TASK_DEAD);
	kthread_free(&w.t);
	rig_exit(&r, name);
}

int main(void)
{
	test_ratelimit_zero();
	static const char *const jbd2_sets[] = { "ext3.allocator=mballoc", NULL };

	test_ordered_ranges("ordered_ranges_jbd2", jbd2_sets);
	test_ordered_ranges("ordered_buffers_jbd", NULL);
	test_chunk_size();
	test_lifecycle();
	test_sb_slices();
	test_throttle();
	test_two_partitions();
	return check_status("test_flusher_wq");
}
