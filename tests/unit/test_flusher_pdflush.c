// SPDX-License-Identifier: GPL-2.0
/*
 * The v2.6.30 pdflush model on a whole machine, checked against the rules
 * of mm/pdflush.c, mm/page-writeback.c and fs/fs-writeback.c of v2.6.30
 * (writeback-history.md section 1): the thread pool, kupdate, the
 * superblock walk, the BDI_pdflush exclusion, nonblocking writeback, and a
 * two-partition run.
 *
 * Most checks read the model's text trace back (open_memstream) and
 * rebuild what happened from it independently: the idle list, the
 * threads writing each disk, the order superblocks were written in.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../sim/init/scenario.h"
#include "../../sim/fs/vfs.h"
#include "check.h"
#include "io_writers_check.h"

/* ---- the rig ------------------------------------------------------------ */

struct rig {
	struct scenario s;
	struct machine m;
	char *trace_buf;
	size_t trace_len;
};

static int rig_init(struct rig *r, const char *const *sets)
{
	char err[256];

	memset(r, 0, sizeof(*r));
	if (scenario_init(&r->s))
		return -1;
	CHECK(config_set(&r->s.cfg, "disk.partitions=10G,10G,rest") == 0);
	CHECK(config_set(&r->s.cfg, "sim.mount=sda1,sda3") == 0);
	CHECK(config_set(&r->s.cfg, "writeback.flusher=pdflush") == 0);
	CHECK(config_set(&r->s.cfg, "ext3.journal=none") == 0);
	/* the tests read per-inode events back from the trace */
	CHECK(config_set(&r->s.cfg, "writeback.trace_verbose=yes") == 0);
	for (; sets && *sets; sets++)
		CHECK(config_set(&r->s.cfg, *sets) == 0);
	if (machine_init(&r->m, &r->s, NULL, err, sizeof(err))) {
		fprintf(stderr, "machine_init: %s\n", err);
		check_failures++;
		scenario_exit(&r->s);
		return -1;
	}
	r->m.trace = open_memstream(&r->trace_buf, &r->trace_len);
	CHECK(r->m.trace != NULL);
	return 0;
}

static void rig_exit(struct rig *r)
{
	check_writers_add_up(&r->m);
	machine_exit(&r->m, NULL, 0);
	if (r->m.trace)
		fclose(r->m.trace);
	free(r->trace_buf);
	scenario_exit(&r->s);
}

static bool sb_dirty(const struct super_block *sb)
{
	return !list_empty(&sb->s_dirty) || !list_empty(&sb->s_io) ||
	       !list_empty(&sb->s_more_io);
}

static struct super_block *sb_named(struct machine *m, const char *id)
{
	struct list_head *pos;

	list_for_each(pos, &m->super_blocks) {
		struct super_block *sb = list_entry(pos, struct super_block, s_list);

		if (!strcmp(sb->s_id, id))
			return sb;
	}
	return NULL;
}

/*
 * A writer: from @start, files of @file_bytes written in 64 KiB steps,
 * while the clock is in an "on" phase of @on every @on + @off (off == 0:
 * always on), until @stop or @total bytes.
 */
struct writer {
	struct task t;
	struct machine *m;
	struct super_block *sb;
	sim_time_t start, stop, on, off;
	uint64_t file_bytes, total, written;
	bool sync;		/* sync(2) when done */
	uint64_t last_ino;
	sim_time_t sync_start;
	sim_time_t done;
};

static bool writer_on(const struct writer *w, sim_time_t now)
{
	return !w->off || (now - w->start) % (w->on + w->off) < w->on;
}

static void writer_fn(struct task *t)
{
	struct writer *w = t->priv;
	char name[32];

	if (w->start > w->m->sim.now)
		schedule_timeout(t, NULL, w->start - w->m->sim.now);
	for (int f = 0; w->m->sim.now < w->stop && w->written < w->total; f++) {
		struct inode *inode;
		int len = snprintf(name, sizeof(name), "%s-%d", t->comm, f);

		CHECK(vfs_create(w->m, t, w->sb->s_root, name, len, false, &inode) == 0);
		w->last_ino = inode->i_ino;
		iget(inode);
		for (uint64_t off = 0; off < w->file_bytes && w->m->sim.now < w->stop &&
		     w->written < w->total; off += 65536) {
			while (!writer_on(w, w->m->sim.now))
				schedule_timeout(t, NULL, 10 * NSEC_PER_MSEC);

			cpu_burn(t, 20 * NSEC_PER_USEC);
			CHECK(vfs_write(w->m, t, inode, off, 65536) == 65536);
			w->written += 65536;
		}
		iput(w->m, t, inode);
	}
	if (w->sync) {
		w->sync_start = w->m->sim.now;
		w->m->flusher->sync(w->m, t);
	}
	w->done = w->m->sim.now;
}

static void start_writer(struct rig *r, struct writer *w, const char *sb,
			 const char *comm)
{
	w->m = &r->m;
	w->sb = sb_named(&r->m, sb);
	CHECK(w->sb != NULL);
	if (!w->stop)
		w->stop = SIM_TIME_MAX;
	if (!w->total)
		w->total = UINT64_MAX;
	CHECK(kthread_run(&r->m.cs, &w->t, comm, writer_fn, w) == 0);
}

/* ---- reading the trace back --------------------------------------------- */

/* "            comm-pid   [cpu] secs.usecs: event:               rest" */
struct tev {
	sim_time_t t;
	char comm[24];
	unsigned int pid;
	char ev[40];
	char rest[200];
};

/* Next event from *p (advanced past its line); false at the end. */
static bool next_tev(const char **p, const char *end, struct tev *e)
{
	while (*p < end) {
		const char *line = *p, *nl = memchr(line, '\n', (size_t)(end - line));
		const char *br, *dash, *c;
		unsigned long long s, us;
		int n;

		if (!nl)
			nl = end;
		*p = nl < end ? nl + 1 : end;
		br = memmem(line, (size_t)(nl - line), " [", 2);
		if (!br)
			continue;
		for (dash = br; dash > line && *dash != '-'; dash--)
			;
		for (c = line; c < dash && *c == ' '; c++)
			;
		snprintf(e->comm, sizeof(e->comm), "%.*s", (int)(dash - c), c);
		e->pid = (unsigned int)strtoul(dash + 1, NULL, 10);
		if (sscanf(br, " [%*d] %llu.%llu: %39s %n", &s, &us, e->ev, &n) < 3)
			continue;
		e->t = s * NSEC_PER_SEC + us * NSEC_PER_USEC;
		/* trace-cmd report layout: "event:" */
		if (e->ev[0] && e->ev[strlen(e->ev) - 1] == ':')
			e->ev[strlen(e->ev) - 1] = 0;
		c = br + n;
		snprintf(e->rest, sizeof(e->rest), "%.*s", (int)(nl - c), c);
		return true;
	}
	return false;
}

static void trace_range(struct rig *r, const char **p, const char **end)
{
	fflush(r->m.trace);
	*p = r->trace_buf;
	*end = r->trace_buf + r->trace_len;
}

/* the value of "key=" in @rest, or -1 */
static long long field(const char *rest, const char *key)
{
	char pat[32];
	const char *f;

	snprintf(pat, sizeof(pat), "%s=", key);
	f = strstr(rest, pat);
	return f ? strtoll(f + strlen(pat), NULL, 10) : -1;
}

/* "bdi 8:0: sb=8:1 ..." -> "8:0", "8:1" */
static void parse_bdi_sb(const char *rest, char bdi[32], char sb[16])
{
	char maj[16] = "", min[16] = "";

	sb[0] = 0;
	if (sscanf(rest, "bdi %15[0-9]:%15[0-9]: sb=%15s", maj, min, sb) == 3)
		snprintf(bdi, 32, "%s:%s", maj, min);
	else
		bdi[0] = 0;
}

/* ---- the thread pool ---------------------------------------------------- */

#define MAX_POOL	64

/*
 * Rebuild the idle list from the trace and check every pool decision:
 * hand-over to the thread that went idle last; a new thread only when no
 * thread has been idle for more than a second, at most one a second, never
 * past max; an exit only when the longest idle thread has been idle for
 * more than a second and more than min threads live.
 */
struct pool_check {
	unsigned int boot_starts, spawns, exits, max_alive, min_alive_after_boot;
	unsigned int failed_ops, kupdate_retries, lifo_violations;
	double min_empty_at_spawn, min_spawn_gap, min_idle_at_exit;
	unsigned int alive;
};

static void check_pool(struct rig *r, struct pool_check *pc)
{
	struct { unsigned int pid; sim_time_t since; } idle[MAX_POOL];
	unsigned int nidle = 0;
	sim_time_t empty_since = 0, last_spawn = 0, kupdate_fail = 0;
	bool have_spawn = false, kupdate_failed = false;
	const char *p, *end;
	struct tev e;

	memset(pc, 0, sizeof(*pc));
	pc->min_empty_at_spawn = pc->min_spawn_gap = pc->min_idle_at_exit = 1e9;
	pc->min_alive_after_boot = MAX_POOL;
	trace_range(r, &p, &end);
	while (next_tev(&p, end, &e)) {
		if (!strcmp(e.ev, "writeback_flusher_start") &&
		    strstr(e.rest, "model=pdflush")) {
			pc->alive++;
			if (e.t < NSEC_PER_SEC / 10)
				pc->boot_starts++;
		} else if (!strcmp(e.ev, "pdflush_idle")) {
			CHECK(nidle < MAX_POOL);
			memmove(&idle[1], &idle[0], nidle * sizeof(idle[0]));
			idle[0].pid = e.pid;
			idle[0].since = e.t;
			nidle++;
		} else if (!strcmp(e.ev, "pdflush_operation")) {
			bool kupdate = strstr(e.rest, "wb_kupdate") != NULL;

			/* the wb_timer retries a second after a failure */
			if (kupdate && kupdate_failed) {
				CHECK(e.t == kupdate_fail + NSEC_PER_SEC);
				pc->kupdate_retries++;
				kupdate_failed = false;
			}
			if (field(e.rest, "pid") == 0) {	/* no idle thread */
				CHECK(nidle == 0);
				pc->failed_ops++;
				if (kupdate) {
					kupdate_failed = true;
					kupdate_fail = e.t;
				}
				continue;
			}
			CHECK(nidle > 0);
			if (!nidle)
				continue;
			/* LIFO: the thread that went idle last */
			if (idle[0].pid != (unsigned int)field(e.rest, "pid"))
				pc->lifo_violations++;
			memmove(&idle[0], &idle[1], --nidle * sizeof(idle[0]));
			if (!nidle)
				empty_since = e.t;
		} else if (!strcmp(e.ev, "pdflush_start_thread")) {
			double empty = (double)(e.t - empty_since) / NSEC_PER_SEC;

			CHECK(nidle == 0);
			CHECK(e.t > empty_since + NSEC_PER_SEC);
			if (empty < pc->min_empty_at_spawn)
				pc->min_empty_at_spawn = empty;
			if (have_spawn) {
				double gap = (double)(e.t - last_spawn) / NSEC_PER_SEC;

				CHECK(e.t > last_spawn + NSEC_PER_SEC);
				if (gap < pc->min_spawn_gap)
					pc->min_spawn_gap = gap;
			}
			CHECK(field(e.rest, "nr") < (long long)r->m.wbp.max_pdflush);
			have_spawn = true;
			last_spawn = e.t;
			pc->spawns++;
		} else if (!strcmp(e.ev, "writeback_flusher_exit") &&
			   strstr(e.rest, "model=pdflush")) {
			double slept;

			CHECK(pc->alive > r->m.wbp.min_pdflush);
			CHECK(nidle > 0);
			if (!nidle)
				continue;
			slept = (double)(e.t - idle[nidle - 1].since) / NSEC_PER_SEC;
			CHECK(e.t > idle[nidle - 1].since + NSEC_PER_SEC);
			if (slept < pc->min_idle_at_exit)
				pc->min_idle_at_exit = slept;
			idle[nidle - 1].since = e.t;	/* limits the exit rate */
			pc->alive--;
			pc->exits++;
		}
		if (pc->alive > pc->max_alive)
			pc->max_alive = pc->alive;
		if (e.t >= NSEC_PER_SEC / 10 && pc->alive < pc->min_alive_after_boot)
			pc->min_alive_after_boot = pc->alive;
	}
}

/*
 * Rebuild who writes which disk: per bdi the pdflush threads between
 * writeback_single_inode_start and writeback_single_inode. Also the time
 * two disks were being written by pdflush threads at once.
 */
struct excl_check {
	int max_per_bdi;
	double parallel_s;
	unsigned int busy_events, writes;
};

static void check_exclusion(struct rig *r, struct excl_check *xc)
{
	char bdis[4][32] = { "" };
	int writers[4] = { 0 }, nbdi = 0, active = 0;
	sim_time_t both_since = 0;
	const char *p, *end;
	struct tev e;

	memset(xc, 0, sizeof(*xc));
	trace_range(r, &p, &end);
	while (next_tev(&p, end, &e)) {
		char bdi[32], sb[16];
		int i, delta;

		if (!strcmp(e.ev, "pdflush_busy")) {
			xc->busy_events++;
			continue;
		}
		if (strcmp(e.comm, "pdflush"))
			continue;
		if (!strcmp(e.ev, "writeback_inode_start"))
			delta = 1;
		else if (!strcmp(e.ev, "writeback_inode_written"))
			delta = -1;
		else
			continue;
		parse_bdi_sb(e.rest, bdi, sb);
		CHECK(bdi[0] != 0);
		for (i = 0; i < nbdi && strcmp(bdis[i], bdi); i++)
			;
		if (i == nbdi) {
			CHECK(nbdi < 4);
			if (nbdi == 4)
				continue;
			snprintf(bdis[nbdi++], sizeof(bdis[0]), "%s", bdi);
		}
		if (delta > 0)
			xc->writes++;
		if (delta > 0 && writers[i]++ == 0 && ++active == 2)
			both_since = e.t;
		if (delta < 0 && --writers[i] == 0 && active-- == 2)
			xc->parallel_s += (double)(e.t - both_since) / NSEC_PER_SEC;
		if (writers[i] > xc->max_per_bdi)
			xc->max_per_bdi = writers[i];
		CHECK(writers[i] >= 0);
	}
}

/*
 * Two disks, a writer on each, in bursts of 1.5 s every 2.6 s for 30 s:
 * the pdflush threads are all busy during the bursts and go idle in
 * between; then 90 s of quiet with only kupdate handing out work.
 *
 * vm.dirty_ratio=40 (the default before 2.6.22) leaves a wide band
 * between background writeout (10%) and throttling (25%), where the
 * dirtiers do not write themselves and background_writeout runs for
 * seconds. queue.max_sectors_kb=128 is the IDE disk of the 2009 testbed
 * (256 sectors): its queue congests at 113 requests, about 14 MB in
 * flight, so the nonblocking threads keep backing off for 100 ms instead
 * of finishing. Two CPUs: on one, two nonblocking pdflush threads never
 * hold disks at the same instant, their writing being CPU time only.
 */
static void test_pool_and_exclusion(void)
{
	static const char *const sets[] = {
		"sim.disks=2", "sim.mount=sda1,sdb1", "vm.cpus=2",
		"vm.dirty_ratio=40", "queue.max_sectors_kb=128", NULL
	};
	struct writer w[2] = {
		{ .start = NSEC_PER_SEC / 2, .stop = 30 * NSEC_PER_SEC,
		  .on = 1500 * NSEC_PER_MSEC, .off = 1100 * NSEC_PER_MSEC,
		  .file_bytes = 8 << 20 },
		{ .start = NSEC_PER_SEC / 2, .stop = 30 * NSEC_PER_SEC,
		  .on = 1500 * NSEC_PER_MSEC, .off = 1100 * NSEC_PER_MSEC,
		  .file_bytes = 8 << 20 },
	};
	struct pool_check pc;
	struct excl_check xc;
	struct rig r;

	if (rig_init(&r, sets))
		return;
	start_writer(&r, &w[0], "sda1", "wa");
	start_writer(&r, &w[1], "sdb1", "wb");
	/* the load ends at 30 s; then only kupdate every 5 s hands out work,
	 * and each run's end may retire one thread */
	sim_run(&r.m.sim, 120 * NSEC_PER_SEC);
	check_pool(&r, &pc);
	check_exclusion(&r, &xc);
	printf("pool: %u threads at boot, %u started later (>= %.2f s without an idle thread before each, >= %.2f s apart), %u exited (longest idle >= %.2f s at each), max %u alive, %u at the end; %u hand-overs refused, %u kupdate retries 1 s later, %u LIFO violations\n",
	       pc.boot_starts, pc.spawns, pc.spawns ? pc.min_empty_at_spawn : 0,
	       pc.spawns > 1 ? pc.min_spawn_gap : 0, pc.exits,
	       pc.exits ? pc.min_idle_at_exit : 0, pc.max_alive, pc.alive,
	       pc.failed_ops, pc.kupdate_retries, pc.lifo_violations);
	printf("exclusion: %u inode writes by pdflush, at most %d pdflush thread(s) on one disk, two disks written in parallel for %.2f s, %u times a thread found the disk taken\n",
	       xc.writes, xc.max_per_bdi, xc.parallel_s, xc.busy_events);
	CHECK(w[0].written > 0 && w[1].written > 0);
	CHECK_EQ_U64(pc.boot_starts, r.m.wbp.min_pdflush);
	CHECK_EQ_U64(pc.lifo_violations, 0);
	CHECK(pc.max_alive <= r.m.wbp.max_pdflush);
	CHECK(pc.min_alive_after_boot >= r.m.wbp.min_pdflush);
	/* the bursts kept every thread busy for more than a second: the pool
	 * grew, and after the load it shrank back to the minimum */
	CHECK(pc.failed_ops > 0);
	CHECK(pc.kupdate_retries > 0);
	CHECK(pc.spawns >= 1);
	CHECK(pc.exits >= 1);
	CHECK_EQ_U64(pc.alive, r.m.wbp.min_pdflush);
	CHECK_EQ_U64(r.m.fst.thread_starts, r.m.wbp.min_pdflush + pc.spawns);
	CHECK_EQ_U64(r.m.fst.thread_exits, pc.exits);
	/* BDI_pdflush: one pdflush thread per disk, both disks at once */
	CHECK(xc.writes > 0);
	CHECK_EQ_U64(xc.max_per_bdi, 1);
	CHECK(xc.parallel_s > 0);
	CHECK(xc.busy_events > 0);
	CHECK(global_page_state(&r.m.mm, NR_FILE_DIRTY) == 0);
	for (int i = 0; i < 2; i++)
		kthread_free(&w[i].t);
	rig_exit(&r);
}

/* ---- kupdate and the superblock walk ------------------------------------ */

/*
 * Small files (well below the background threshold) on sda1, then sda3,
 * then sda1 again later: only kupdate writes them, every 5 s, inodes
 * dirtied more than 30 s before, newest mount first.
 */
static void test_kupdate_and_walk(void)
{
	struct writer a = { .start = 200 * NSEC_PER_MSEC, .file_bytes = 1 << 20,
			    .total = 1 << 20 };
	struct writer b = { .start = 300 * NSEC_PER_MSEC, .file_bytes = 1 << 20,
			    .total = 1 << 20 };
	struct writer c = { .start = 20500 * NSEC_PER_MSEC, .file_bytes = 1 << 20,
			    .total = 1 << 20 };
	const sim_time_t expire = 30 * NSEC_PER_SEC;
	unsigned int runs = 0, off_grid = 0, young = 0, periodic_writes = 0;
	char order[8][16];
	int norder = 0;
	sim_time_t first_write_run = 0, run_start = 0, c_written = 0;
	const char *p, *end;
	struct tev e;
	struct rig r;

	if (rig_init(&r, NULL))
		return;
	start_writer(&r, &a, "sda1", "wa");
	start_writer(&r, &b, "sda3", "wb");
	start_writer(&r, &c, "sda1", "wc");
	sim_run(&r.m.sim, 72 * NSEC_PER_SEC);
	trace_range(&r, &p, &end);
	while (next_tev(&p, end, &e)) {
		if (!strcmp(e.ev, "pdflush_operation") &&
		    strstr(e.rest, "fn=wb_kupdate ") && field(e.rest, "pid") > 0) {
			runs++;
			run_start = e.t;
			/* a free thread at every tick, runs shorter than the
			 * interval: every 5 s on the dot */
			if (e.t % (5 * NSEC_PER_SEC))
				off_grid++;
			continue;
		}
		if (strcmp(e.ev, "writeback_inode_start") ||
		    !strstr(e.rest, "reason=periodic"))
			continue;
		periodic_writes++;
		if ((sim_time_t)field(e.rest, "age_ms") * NSEC_PER_MSEC < expire)
			young++;
		if ((uint64_t)field(e.rest, "ino") == c.last_ino &&
		    strstr(e.rest, "sb=8:1 ") && !c_written)
			c_written = run_start;
		/* the superblocks of the first run that wrote, in order */
		if (!first_write_run)
			first_write_run = run_start;
		if (run_start == first_write_run) {
			char bdi[32], sb[16];

			parse_bdi_sb(e.rest, bdi, sb);
			if (norder < 8 && (!norder || strcmp(order[norder - 1], sb)))
				snprintf(order[norder++], sizeof(order[0]), "%s", sb);
		}
	}
	printf("kupdate: %u runs in 72 s (%u off the 5 s grid), %llu recorded; %u inode writes, %u younger than 30 s; first writing run at %.1f s wrote",
	       runs, off_grid, (unsigned long long)r.m.fst.kupdate_runs,
	       periodic_writes, young, first_write_run / 1e9);
	for (int i = 0; i < norder; i++)
		printf(" %s", order[i]);
	printf("; the file dirtied at 20.5 s written at %.1f s\n", c_written / 1e9);
	CHECK_EQ_U64(runs, 14);		/* 5, 10, ... 70 s */
	CHECK_EQ_U64(r.m.fst.kupdate_runs, 14);
	CHECK_EQ_U64(off_grid, 0);
	CHECK(periodic_writes > 0);
	CHECK_EQ_U64(young, 0);
	/* dirtied at 0.2-0.3 s: expired for the 35 s run, not the 30 s one */
	CHECK_EQ_U64(first_write_run, 35 * NSEC_PER_SEC);
	/* newest mount first: sda3, then sda1, the bdev superblock last */
	CHECK(norder == 3);
	if (norder == 3) {
		CHECK(!strcmp(order[0], "8:3"));	/* sda3 */
		CHECK(!strcmp(order[1], "8:1"));
		CHECK(!strcmp(order[2], "0:0"));
	}
	/* dirtied at 20.5 s: not expired at 50 s, written at 55 s */
	CHECK_EQ_U64(c_written, 55 * NSEC_PER_SEC);
	/* sync_supers ran with each kupdate (no sync_supers thread) */
	CHECK_EQ_U64(r.m.fst.sync_supers_runs, 14);
	CHECK(global_page_state(&r.m.mm, NR_FILE_DIRTY) == 0);
	/* nothing over the background threshold: the two boot threads did
	 * it all */
	CHECK_EQ_U64(r.m.fst.thread_starts, r.m.wbp.min_pdflush);
	CHECK_EQ_U64(r.m.fst.dirtier_pages_submitted, 0);
	kthread_free(&a.t);
	kthread_free(&b.t);
	kthread_free(&c.t);
	rig_exit(&r);
}

/* A superblock whose s_umount is held is skipped by the walk, not waited
 * for; once free it is written. */
static void test_umount_trylock(void)
{
	struct writer a = { .start = 0, .file_bytes = 1 << 20, .total = 1 << 20 };
	struct writer b = { .start = 0, .file_bytes = 1 << 20, .total = 1 << 20 };
	struct super_block *sda3;
	struct rig r;

	if (rig_init(&r, NULL))
		return;
	start_writer(&r, &a, "sda1", "wa");
	start_writer(&r, &b, "sda3", "wb");
	sda3 = sb_named(&r.m, "sda3");
	sda3->s_umount_busy = true;
	sim_run(&r.m.sim, 36 * NSEC_PER_SEC);	/* past the 35 s kupdate */
	printf("s_umount: at 36 s with sda3's held: sda1 %s, sda3 %s\n",
	       sb_dirty(sb_named(&r.m, "sda1")) ? "dirty" : "clean",
	       sb_dirty(sda3) ? "dirty" : "clean");
	CHECK(a.done > 0 && b.done > 0);
	CHECK(!sb_dirty(sb_named(&r.m, "sda1")));
	CHECK(sb_dirty(sda3));
	sda3->s_umount_busy = false;
	sim_run(&r.m.sim, 41 * NSEC_PER_SEC);	/* the 40 s kupdate */
	CHECK(!sb_dirty(sda3));
	kthread_free(&a.t);
	kthread_free(&b.t);
	rig_exit(&r);
}

/* ---- nonblocking writeback ---------------------------------------------- */

/*
 * One writer dirties a burst between the background threshold and the
 * point where dirtiers are throttled, so only pdflush threads write:
 * background_writeout, then kupdate 30 s later. The 128 KiB requests of
 * the IDE disk (see test_pool_and_exclusion) congest the queue at about
 * 14 MB in flight. A nonblocking pdflush thread backs off from the
 * congested queue and never sleeps in get_request; its congestion_wait
 * sleeps the whole 100 ms (v2.6.30 waits on the sync list's queue). The
 * v2.6.32 flusher in the same run blocks in get_request instead.
 */
static void run_congestion(const char *flusher, uint64_t *sleeps,
			   uint64_t *congested, unsigned int *skips,
			   unsigned int *waits, unsigned int *short_waits,
			   uint64_t *throttled, uint64_t *dirty_left,
			   uint64_t *burst_pages)
{
	const char *sets[] = { flusher, "queue.max_sectors_kb=128", NULL };
	struct writer w = { .file_bytes = 4 << 20 };
	uint64_t bg, dirty;
	const char *p, *end;
	struct request_queue *q;
	struct tev e;
	struct rig r;

	*skips = *waits = *short_waits = 0;
	if (rig_init(&r, sets))
		return;
	get_dirty_limits(&r.m, NULL, &bg, &dirty, NULL, NULL);
	/* halfway between background and (background + dirty) / 2 */
	*burst_pages = (bg + (bg + dirty) / 2) / 2;
	w.total = *burst_pages * PAGE_SIZE;
	start_writer(&r, &w, "sda1", "w");
	sim_run(&r.m.sim, 45 * NSEC_PER_SEC);
	q = &r.m.disks[0]->q;
	*sleeps = q->stats.nr_sleeps;
	*congested = q->stats.nr_congestion_on;
	*throttled = r.m.dirty_throttled;
	*dirty_left = global_page_state(&r.m.mm, NR_FILE_DIRTY);
	trace_range(&r, &p, &end);
	while (next_tev(&p, end, &e)) {
		if (strcmp(e.comm, "pdflush"))
			continue;
		if (!strcmp(e.ev, "writeback_congested"))
			(*skips)++;
		if (!strcmp(e.ev, "writeback_congestion_wait")) {
			(*waits)++;
			if (field(e.rest, "usec_delayed") < 100000)
				(*short_waits)++;
		}
	}
	CHECK(w.done > 0);
	kthread_free(&w.t);
	rig_exit(&r);
}

static void test_nonblocking(void)
{
	uint64_t sleeps, congested, throttled, left, burst;
	uint64_t bdi_sleeps, bdi_congested, bdi_throttled, bdi_left;
	unsigned int skips, waits, short_waits, u0, u1, u2;

	run_congestion("writeback.flusher=pdflush", &sleeps, &congested, &skips,
		       &waits, &short_waits, &throttled, &left, &burst);
	run_congestion("writeback.flusher=bdi", &bdi_sleeps, &bdi_congested,
		       &u0, &u1, &u2, &bdi_throttled, &bdi_left, &burst);
	printf("nonblocking: a %llu-page burst; pdflush: queue congested %llu times, %u superblock skips, %u congestion waits (%u shorter than 100 ms), %llu sleeps in get_request; bdi (2.6.32): congested %llu times, %llu sleeps in get_request\n",
	       (unsigned long long)burst, (unsigned long long)congested, skips,
	       waits, short_waits, (unsigned long long)sleeps,
	       (unsigned long long)bdi_congested, (unsigned long long)bdi_sleeps);
	/* only flushers wrote: the dirtier was never throttled */
	CHECK_EQ_U64(throttled, 0);
	CHECK_EQ_U64(bdi_throttled, 0);
	CHECK(congested > 0);
	CHECK(skips > 0);
	CHECK(waits > 0);
	CHECK_EQ_U64(short_waits, 0);
	CHECK_EQ_U64(sleeps, 0);
	CHECK_EQ_U64(left, 0);
	/* the same burst: the 2.6.32 flusher sleeps for requests */
	CHECK(bdi_congested > 0);
	CHECK(bdi_sleeps > 0);
	CHECK_EQ_U64(bdi_left, 0);
}

/* sync(2) from a task: everything written and waited for on return */
static void test_sync(void)
{
	struct writer a = { .file_bytes = 4 << 20, .total = 8 << 20 };
	struct writer b = { .file_bytes = 4 << 20, .total = 8 << 20,
			    .sync = true, .start = 100 * NSEC_PER_MSEC };
	const struct io_writer *sync_w;
	struct rig r;
	uint64_t sync_bios;

	if (rig_init(&r, NULL))
		return;
	start_writer(&r, &a, "sda1", "wa");
	start_writer(&r, &b, "sda3", "syncer");
	sim_run(&r.m.sim, 10 * NSEC_PER_SEC);
	sync_bios = r.m.disks[0]->q.stats.nr_sync_write_bios;
	printf("sync: 16 MiB on two partitions synced in %.3f s, %llu sync write bios\n",
	       (b.done - b.sync_start) / 1e9, (unsigned long long)sync_bios);
	CHECK(a.done > 0 && a.done < b.sync_start);
	CHECK(b.done > b.sync_start);
	CHECK(sync_bios > 0);
	/* nothing dirty or in flight when sync returned; kupdate (5 s) is
	 * long after, and nothing was over the background threshold */
	CHECK(b.done < 5 * NSEC_PER_SEC);
	CHECK_EQ_U64(global_page_state(&r.m.mm, NR_FILE_DIRTY), 0);
	CHECK_EQ_U64(global_page_state(&r.m.mm, NR_WRITEBACK), 0);
	CHECK(global_page_state(&r.m.mm, NR_WRITTEN) >= 2 * (8 << 20) / PAGE_SIZE);
	/* what sync(2) wrote itself is credited to the syncing task, on the
	 * sync path (the rest to the pdflush threads it woke) */
	sync_w = writer_of_task(&r.m, &b.t, IO_PATH_SYNC);
	CHECK(sync_w && sync_w->sectors > 0 && !strcmp(sync_w->name, "syncer"));
	CHECK(writer_of_task(&r.m, &b.t, IO_PATH_NONE) == NULL);
	kthread_free(&a.t);
	kthread_free(&b.t);
	rig_exit(&r);
}

/* ---- the run the project is about --------------------------------------- */

/*
 * Writers on sda1 and sda3 of the default disk for 60 s on a 384 MB
 * machine: the dirty limit holds and both partitions are written.
 */
static void test_two_partitions(void)
{
	struct writer w[2] = {
		{ .stop = 60 * NSEC_PER_SEC, .file_bytes = 8 << 20 },
		{ .stop = 60 * NSEC_PER_SEC, .file_bytes = 8 << 20 },
	};
	uint64_t bg, dirty, max_seen = 0, wrote[2] = { 0 }, by_pdflush[2] = { 0 };
	const char *p, *end;
	struct tev e;
	struct rig r;

	if (rig_init(&r, NULL))
		return;
	start_writer(&r, &w[0], "sda1", "w1");
	start_writer(&r, &w[1], "sda3", "w3");
	for (int step = 0; step < 600; step++) {
		uint64_t d;

		sim_run(&r.m.sim, (sim_time_t)(step + 1) * 100 * NSEC_PER_MSEC);
		d = global_page_state(&r.m.mm, NR_FILE_DIRTY) +
		    global_page_state(&r.m.mm, NR_WRITEBACK);
		if (d > max_seen)
			max_seen = d;
	}
	/* the writers stopped: let the bios in flight complete */
	for (int step = 0; step < 100 &&
	     global_page_state(&r.m.mm, NR_WRITEBACK); step++)
		sim_run(&r.m.sim, r.m.sim.now + 100 * NSEC_PER_MSEC);
	CHECK_EQ_U64(global_page_state(&r.m.mm, NR_WRITEBACK), 0);
	get_dirty_limits(&r.m, NULL, &bg, &dirty, NULL, NULL);
	trace_range(&r, &p, &end);
	while (next_tev(&p, end, &e)) {
		char bdi[32], sb[16];
		int i;

		if (strcmp(e.ev, "writeback_inode_written"))
			continue;
		parse_bdi_sb(e.rest, bdi, sb);
		i = !strcmp(sb, "8:1") ? 0 : !strcmp(sb, "8:3") ? 1 : -1;
		if (i < 0)
			continue;
		wrote[i] += (uint64_t)field(e.rest, "wrote");
		if (!strcmp(e.comm, "pdflush"))
			by_pdflush[i] += (uint64_t)field(e.rest, "wrote");
	}
	printf("two partitions, 60 s: dirtied %.0f + %.0f MB, written %.0f MB (sda1) + %.0f MB (sda3), by pdflush %.0f + %.0f MB; dirty limit %llu pages, max dirty+writeback %llu; %llu throttle events; %llu pdflush threads started\n",
	       w[0].written / 1e6, w[1].written / 1e6,
	       wrote[0] * PAGE_SIZE / 1e6, wrote[1] * PAGE_SIZE / 1e6,
	       by_pdflush[0] * PAGE_SIZE / 1e6, by_pdflush[1] * PAGE_SIZE / 1e6,
	       (unsigned long long)dirty, (unsigned long long)max_seen,
	       (unsigned long long)r.m.dirty_throttled,
	       (unsigned long long)r.m.fst.thread_starts);
	CHECK(r.m.dirty_limit_hit);
	/* the limit holds up to what the dirtiers add between checks: one
	 * ratelimit (one CPU) plus one 64 KiB write each */
	CHECK(max_seen <= dirty + r.m.mm.ratelimit_pages + 2 * 16);
	/* both partitions written, each at least a tenth of the total */
	CHECK(wrote[0] > 0 && wrote[1] > 0);
	CHECK(wrote[0] * 10 >= wrote[0] + wrote[1]);
	CHECK(wrote[1] * 10 >= wrote[0] + wrote[1]);
	for (int i = 0; i < 2; i++)
		kthread_free(&w[i].t);
	rig_exit(&r);
}

int main(void)
{
	test_kupdate_and_walk();
	test_umount_trylock();
	test_pool_and_exclusion();
	test_nonblocking();
	test_sync();
	test_two_partitions();
	return check_status("test_flusher_pdflush");
}
