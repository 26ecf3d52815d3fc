// SPDX-License-Identifier: GPL-2.0
/*
 * The writeback machinery on a whole simulated machine: the list rules,
 * the per-BDI thread lifecycle, sync_supers, fsync, deleted files, and
 * dirty throttling.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../sim/fs/ext3.h"
#include "../../sim/init/scenario.h"
#include "../../sim/fs/vfs.h"
#include "check.h"
#include "io_writers_check.h"

/* ---- list rules on bare inodes ---------------------------------------- */

static struct inode *mk(struct super_block *sb, uint64_t ino, sim_time_t when)
{
	struct inode *inode = calloc(1, sizeof(*inode));

	inode->i_ino = ino;
	inode->i_sb = sb;
	inode->dirtied_when = when;
	INIT_LIST_HEAD(&inode->i_list);
	return inode;
}

static uint64_t ino_at_tail(struct list_head *l)
{
	return list_empty(l) ? 0 : list_last_entry(l, struct inode, i_list)->i_ino;
}

static void test_list_rules(void)
{
	struct super_block sa = { 0 }, sb2 = { 0 };
	struct list_head dirty = LIST_HEAD_INIT(dirty);
	struct list_head io = LIST_HEAD_INIT(io);
	struct list_head more = LIST_HEAD_INIT(more);
	static struct machine m;
	struct inode *in[6];
	struct writeback_control wbc = { .m = &m };

	/* b_dirty is newest at the head: add oldest first with list_add */
	for (int i = 0; i < 6; i++) {
		in[i] = mk(i % 2 ? &sb2 : &sa, i + 1, (sim_time_t)(i + 1) * NSEC_PER_SEC);
		list_add(&in[i]->i_list, &dirty);
	}
	/* expiry: only inodes dirtied at or before 3 s move, oldest first */
	wbc.has_older_than = true;
	wbc.older_than_this = 3 * NSEC_PER_SEC;
	queue_io(&dirty, &io, &more, &wbc);
	/* inodes 1 (sa), 2 (sb2), 3 (sa): grouped by superblock, the group
	 * of the oldest inode first: taken from the tail: 1, 3, then 2 */
	CHECK(ino_at_tail(&io) == 1);
	list_del_init(&in[0]->i_list);
	CHECK(ino_at_tail(&io) == 3);
	list_del_init(&in[2]->i_list);
	CHECK(ino_at_tail(&io) == 2);
	CHECK(ino_at_tail(&dirty) == 4);	/* 4, 5, 6 not expired */

	/* requeue_io goes to more_io; queue_io puts more_io first */
	requeue_io(in[1], &more);
	CHECK(list_empty(&io));
	wbc.has_older_than = false;
	queue_io(&dirty, &io, &more, &wbc);
	CHECK(ino_at_tail(&io) == 2);

	/* redirty_tail: to the head of dirty; dirtied_when reset to now if
	 * it is older than the current head's */
	INIT_LIST_HEAD(&dirty);
	list_del_init(&in[5]->i_list);
	list_add(&in[5]->i_list, &dirty);	/* head: dirtied 6 s */
	m.sim.now = 10 * NSEC_PER_SEC;
	redirty_tail(&m, in[1], &dirty);	/* dirtied 2 s < 6 s */
	CHECK(list_first_entry(&dirty, struct inode, i_list) == in[1]);
	CHECK(in[1]->dirtied_when == 10 * NSEC_PER_SEC);
	in[3]->dirtied_when = 11 * NSEC_PER_SEC;
	list_del_init(&in[3]->i_list);
	redirty_tail(&m, in[3], &dirty);	/* newer than the head: kept */
	CHECK(in[3]->dirtied_when == 11 * NSEC_PER_SEC);
	for (int i = 0; i < 6; i++)
		free(in[i]);
}

/* ---- a machine with writer threads ------------------------------------ */

struct rig {
	struct scenario s;
	struct machine m;
};

static int rig_init(struct rig *r, const char *const *sets)
{
	char err[256];

	if (scenario_init(&r->s))
		return -1;
	CHECK(config_set(&r->s.cfg, "disk.partitions=10G,10G,rest") == 0);
	CHECK(config_set(&r->s.cfg, "sim.mount=sda1,sda3") == 0);
	for (; sets && *sets; sets++)
		CHECK(config_set(&r->s.cfg, *sets) == 0);
	if (machine_init(&r->m, &r->s, NULL, err, sizeof(err))) {
		fprintf(stderr, "machine_init: %s\n", err);
		check_failures++;
		return -1;
	}
	return 0;
}

static void rig_exit(struct rig *r)
{
	check_writers_add_up(&r->m);
	machine_exit(&r->m, NULL, 0);
	scenario_exit(&r->s);
}

static struct super_block *nth_sb(struct machine *m, int n)
{
	struct list_head *pos = m->super_blocks.next;

	for (int i = 0; i <= n; i++)	/* [0] is the bdev superblock */
		pos = pos->next;
	return list_entry(pos, struct super_block, s_list);
}

struct writer {
	struct task t;
	struct machine *m;
	struct super_block *sb;
	sim_time_t start;
	uint64_t bytes;		/* per file */
	int files;
	bool fsync, unlink;
	sim_time_t done;
};

static void writer_fn(struct task *t)
{
	struct writer *w = t->priv;
	char name[32];

	if (w->start > w->m->sim.now)
		schedule_timeout(t, NULL, w->start - w->m->sim.now);
	for (int f = 0; f < w->files; f++) {
		struct inode *inode;
		int len = snprintf(name, sizeof(name), "%s-%d", t->comm, f);

		CHECK(vfs_create(w->m, t, w->sb->s_root, name, len, false, &inode) == 0);
		iget(inode);
		for (uint64_t off = 0; off < w->bytes; off += 65536) {
			cpu_burn(t, 20 * NSEC_PER_USEC);
			CHECK(vfs_write(w->m, t, inode, off, 65536) == 65536);
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
	CHECK(kthread_run(&r->m.cs, &w->t, comm, writer_fn, w) == 0);
}

/* 2.6.32: the flusher appears at the forker's next scan after the first
 * dirty inode, and exits after 5 minutes without writing; sync_supers
 * runs every 5 s at whole seconds. */
static void test_bdi_lifecycle(void)
{
	struct rig r;
	struct writer w = { .start = 6 * NSEC_PER_SEC + 300 * NSEC_PER_MSEC,
			    .bytes = 1 << 20, .files = 1 };
	static const char *const sets[] = { "writeback.flusher=bdi",
					    "ext3.journal=none", NULL };

	if (rig_init(&r, sets))
		return;
	start_writer(&r, &w, 0, "writer");
	sim_run(&r.m.sim, 400 * NSEC_PER_SEC);
	CHECK(w.done > 0);
	printf("bdi: first dirty at %.3f s, flusher started at %.3f s, exited at %.3f s; sync_supers ran %llu times\n",
	       w.start / 1e9, r.m.fst.first_thread_start / 1e9,
	       r.m.fst.last_thread_exit / 1e9,
	       (unsigned long long)r.m.fst.sync_supers_runs);
	/* forker scans at 0, 5, 10 s: the first after 6.3 s is 10 s */
	CHECK(r.m.fst.thread_starts == 1);
	CHECK(r.m.fst.first_thread_start >= w.start);
	CHECK(r.m.fst.first_thread_start <= w.start + 5 * NSEC_PER_SEC);
	/* kupdate wrote the 30 s old pages within one interval after 36.3 s;
	 * the thread idles 5 min after that and goes at its next wake-up */
	CHECK(r.m.fst.thread_exits == 1);
	CHECK(r.m.fst.last_thread_exit >= (36 + 300) * NSEC_PER_SEC);
	CHECK(r.m.fst.last_thread_exit <= (36 + 5 + 300 + 5) * NSEC_PER_SEC);
	CHECK(global_page_state(&r.m.mm, NR_FILE_DIRTY) == 0);
	kthread_free(&w.t);
	/* sync_supers: every 5 s, at whole seconds: 80 runs in 400 s */
	CHECK(r.m.fst.sync_supers_runs >= 79 && r.m.fst.sync_supers_runs <= 80);
	CHECK(r.m.fst.last_sync_supers % NSEC_PER_SEC == 0);
	rig_exit(&r);
}

/* fsync writes as sync requests; a file deleted before writeback never
 * reaches the disk. */
static void test_fsync_and_unlink(void)
{
	struct rig r;
	struct writer fs = { .bytes = 2 << 20, .files = 1, .fsync = true };
	struct writer del = { .bytes = 8 << 20, .files = 4, .unlink = true };
	static const char *const sets[] = { "ext3.journal=none", NULL };

	if (rig_init(&r, sets))
		return;
	start_writer(&r, &fs, 0, "fsyncer");
	sim_run(&r.m.sim, 2 * NSEC_PER_SEC);
	struct request_queue *q = &r.m.disks[0]->q;
	uint64_t sync_bios = q->stats.nr_sync_write_bios;
	uint64_t written = global_page_state(&r.m.mm, NR_WRITTEN);
	printf("fsync of 2 MiB: %llu sync write bios, %llu pages written\n",
	       (unsigned long long)sync_bios, (unsigned long long)written);
	CHECK(fs.done > 0);
	CHECK(sync_bios >= 1);
	CHECK(written >= 512);		/* the 2 MiB, written by fsync */
	CHECK(fs.sb->s_root->i_data.nr_dirty == 0);

	start_writer(&r, &del, 1, "deleter");
	sim_run(&r.m.sim, 10 * NSEC_PER_SEC);
	CHECK(del.done > 0);
	uint64_t after = global_page_state(&r.m.mm, NR_WRITTEN);
	printf("32 MiB written and deleted at once: %llu pages reached the disk\n",
	       (unsigned long long)(after - written));
	/* 32 MiB is below the background threshold and younger than 30 s:
	 * nothing but metadata may be written */
	CHECK(after - written < 64);
	CHECK(global_page_state(&r.m.mm, NR_FILE_DIRTY) < 64);
	kthread_free(&fs.t);
	kthread_free(&del.t);
	rig_exit(&r);
}

/* Heavy writers on a small machine hit the dirty limit and are throttled;
 * dirty + writeback stays near the limit. */
static void test_throttling(void)
{
	struct rig r;
	struct writer w[4];
	static const char *const sets[] = { "vm.ram=128M", "ext3.journal=none", NULL };
	uint64_t bg, dirty, max_seen = 0;

	if (rig_init(&r, sets))
		return;
	for (int i = 0; i < 4; i++) {
		char comm[16];

		w[i] = (struct writer){ .bytes = 16 << 20, .files = 8, .unlink = true };
		snprintf(comm, sizeof(comm), "w%d", i);
		start_writer(&r, &w[i], i % 2, comm);
	}
	for (int step = 0; step < 300; step++) {
		sim_run(&r.m.sim, (sim_time_t)(step + 1) * 100 * NSEC_PER_MSEC);
		uint64_t d = global_page_state(&r.m.mm, NR_FILE_DIRTY) +
			     global_page_state(&r.m.mm, NR_WRITEBACK);
		if (d > max_seen)
			max_seen = d;
	}
	get_dirty_limits(&r.m, NULL, &bg, &dirty, NULL, NULL);
	printf("throttling: dirty limit %llu pages, max dirty+writeback seen %llu, %llu throttle events, %llu pages written by dirtiers, %llu by flushers\n",
	       (unsigned long long)dirty, (unsigned long long)max_seen,
	       (unsigned long long)r.m.dirty_throttled,
	       (unsigned long long)r.m.fst.dirtier_pages_submitted,
	       (unsigned long long)r.m.fst.flusher_pages_submitted);
	CHECK(r.m.dirty_limit_hit);
	CHECK(r.m.fst.dirtier_pages_submitted > 0);
	/* the limit holds up to what the dirtiers can add between checks:
	 * one ratelimit per CPU plus one write each */
	CHECK(max_seen <= dirty + r.m.mm.ratelimit_pages + 4 * 16);
	for (int i = 0; i < 4; i++)
		kthread_free(&w[i].t);
	rig_exit(&r);
}

/* A reader of a file whose pages reclaim took: the read goes to disk and
 * the reader waits for it. */
struct reader {
	struct task t;
	struct machine *m;
	struct inode *inode;
	uint64_t len;
	sim_time_t took;
};

static void reader_fn(struct task *t)
{
	struct reader *rd = t->priv;
	sim_time_t t0 = rd->m->sim.now;

	CHECK(vfs_read(rd->m, t, rd->inode, 0, rd->len) == (int64_t)rd->len);
	rd->took = rd->m->sim.now - t0;
}

static void test_reclaim_and_reread(void)
{
	struct rig r;
	/* 96 MB of RAM: ~32 MB of page cache; 4 x 8 MB files, each synced */
	struct writer w = { .bytes = 8 << 20, .files = 4, .fsync = true };
	static const char *const sets[] = { "vm.ram=96M", "ext3.journal=none", NULL };
	struct reader rd = { 0 };
	struct block_device *sda1;
	uint64_t before;

	if (rig_init(&r, sets))
		return;
	start_writer(&r, &w, 0, "writer");
	sim_run(&r.m.sim, 20 * NSEC_PER_SEC);
	CHECK(w.done > 0);
	CHECK(r.m.mm.nr_reclaimed > 0);
	/* the first file ("writer-0") lost pages to the later ones */
	rd.m = &r.m;
	rd.inode = vfs_lookup(w.sb->s_root, "writer-0", 8);
	CHECK(rd.inode != NULL);
	if (!rd.inode) {
		rig_exit(&r);
		return;
	}
	CHECK(rd.inode->i_data.nrpages < (8 << 20) / PAGE_SIZE);
	rd.len = 8 << 20;
	sda1 = w.sb->s_bdev;
	before = sda1->sectors_done[0];
	CHECK(kthread_run(&r.m.cs, &rd.t, "reader", reader_fn, &rd) == 0);
	sim_run(&r.m.sim, 40 * NSEC_PER_SEC);
	printf("reclaim: %llu pages reclaimed; re-reading 8 MiB read %llu KiB from disk in %.1f ms\n",
	       (unsigned long long)r.m.mm.nr_reclaimed,
	       (unsigned long long)((sda1->sectors_done[0] - before) / 2),
	       rd.took / 1e6);
	CHECK(sda1->sectors_done[0] > before);
	CHECK(rd.took > 0);	/* synchronous: the reader waited for the disk */
	kthread_free(&w.t);
	kthread_free(&rd.t);
	rig_exit(&r);
}

/* ext3 journal: a metadata change is committed commit_interval later by
 * kjournald; fsync forces a commit at once. */
static void test_journal_commit(void)
{
	struct rig r;
	struct writer w = { .start = NSEC_PER_SEC, .bytes = 65536, .files = 1 };
	static const char *const sets[] = { "ext3.journal=writeback", NULL };

	if (rig_init(&r, sets))
		return;
	start_writer(&r, &w, 0, "writer");
	sim_run(&r.m.sim, NSEC_PER_SEC + 4900 * NSEC_PER_MSEC);
	CHECK(ext3_nr_commits(w.sb) == 0);
	sim_run(&r.m.sim, NSEC_PER_SEC + 5100 * NSEC_PER_MSEC);
	CHECK(ext3_nr_commits(w.sb) == 1);
	CHECK(ext3_journal_blocks_written(w.sb) > 2);	/* descriptor, blocks, commit */
	kthread_free(&w.t);
	/* fsync: a commit now, not 5 s later */
	struct writer f = { .start = 7 * NSEC_PER_SEC, .bytes = 65536, .files = 1,
			    .fsync = true };
	start_writer(&r, &f, 1, "fsyncer");
	sim_run(&r.m.sim, 7500 * NSEC_PER_MSEC);
	printf("journal: commit 5 s after the first change; fsync done %.1f ms after it started\n",
	       (f.done - f.start) / 1e6);
	CHECK(f.done > 0 && f.done < 7500 * NSEC_PER_MSEC);
	CHECK(ext3_nr_commits(f.sb) == 1);
	kthread_free(&f.t);
	rig_exit(&r);
}

int main(void)
{
	test_reclaim_and_reread();
	test_journal_commit();
	test_list_rules();
	test_bdi_lifecycle();
	test_fsync_and_unlink();
	test_throttling();
	return check_status("test_writeback");
}
