// SPDX-License-Identifier: GPL-2.0
/*
 * Per-BDI flusher threads as merged for v2.6.32 (fs/fs-writeback.c,
 * mm/backing-dev.c, mm/page-writeback.c of v2.6.32), and "bdi-fair": the
 * same with round-robin between the superblocks of one bdi.
 *
 * - bdi-default (bdi_forker_task) scans the bdi list every
 *   dirty_writeback_interval and forks flush-MAJ:MIN for a bdi that has
 *   work or dirty inodes but no thread; dirtying an inode wakes nothing
 *   (that came in 2.6.36), so a thread appears within one forker scan.
 * - A flusher runs queued works, then kupdate-style old data flush, then
 *   sleeps dirty_writeback_interval; it exits after max(5 min, interval)
 *   without writing a page.
 * - sync_supers is its own thread, woken by a timer every
 *   dirty_writeback_interval rounded up to a whole second.
 * - One b_dirty/b_io/b_more_io per bdi for all its superblocks; inodes are
 *   taken from the tail of b_io whatever their superblock; queue_io moves
 *   the expired inodes of one superblock together (5c03449d).
 * - Flushers never set nonblocking: they block in get_request when the
 *   queue is full instead of skipping it as pdflush did.
 * - balance_dirty_pages: the dirtying task writes up to write_chunk pages
 *   of this bdi itself when the bdi is over its share, then pauses 1
 *   jiffy, doubling to HZ/10; at the end it queues background writeback of
 *   this bdi if the global dirty count is over the background threshold.
 *
 * Simplified: the forker starts a thread at once instead of through
 * bdi_pending_list (same timing: the forker wakes itself for it); s_umount
 * trylocks always succeed (nothing unmounts during a run); there is no
 * default bdi with inodes of its own.
 *
 * bdi-fair (not a kernel release: the per-superblock fairness fix this
 * project proposes): writeback_inodes_wb takes inodes of one superblock
 * at a time, for sb_fair_quantum pages, then moves to the next superblock
 * of the bdi that has inodes on b_io, round robin.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "init/machine.h"

struct bdi_flusher {
	struct task task;
	struct backing_dev_info *bdi;
	struct bdi_flusher *next_zombie;
};

struct bdi_model {
	struct task forker;
	struct task sync_supers;
	struct sim_event supers_timer;
	struct bdi_flusher *zombies;	/* exited threads, freed at exit */
	bool fair;
};

/* per bdi: the round-robin cursor of bdi-fair */
struct bdi_wb_priv {
	struct super_block *turn;
	long turn_left;
};

static struct bdi_model *model(struct machine *m)
{
	return m->flusher_priv;
}

static sim_time_t jiffy(struct machine *m)
{
	return NSEC_PER_SEC / m->wbp.hz;
}

static struct list_head *bdi_dirty_list(struct inode *inode)
{
	return &inode->i_data.bdi->wb.b_dirty;
}

/*
 * bdi-fair: the next inode to write, or NULL to end this pass. @walked:
 * fair_requeue_busy() has just moved the turn's busy inodes and found
 * @next, the tail-most inode of the turn left on b_io (NULL: none left),
 * which the scan for it would find.
 */
static struct inode *fair_next_inode(struct bdi_writeback *wb,
				     struct bdi_wb_priv *fp, long quantum,
				     bool walked, struct inode *next)
{
	struct list_head *pos;

	/* a walk runs only within a turn with quantum left */
	if (walked && next)
		return next;
	if (!walked && fp->turn && fp->turn_left > 0)
		for (pos = wb->b_io.prev; pos != &wb->b_io; pos = pos->prev) {
			struct inode *inode = list_entry(pos, struct inode, i_list);

			if (inode->i_sb == fp->turn)
				return inode;
		}
	/* turn over (quantum used or no inode of it left): next superblock,
	 * in the order of the oldest inodes on b_io */
	if (list_empty(&wb->b_io))
		return NULL;
	for (pos = wb->b_io.prev; pos != &wb->b_io; pos = pos->prev) {
		struct inode *inode = list_entry(pos, struct inode, i_list);

		if (inode->i_sb != fp->turn) {
			fp->turn = inode->i_sb;
			fp->turn_left = quantum;
			return inode;
		}
	}
	/* only the current superblock has inodes: it goes on */
	fp->turn_left = quantum;
	return list_last_entry(&wb->b_io, struct inode, i_list);
}

/*
 * requeue_busy_run - the inodes at the tail of b_io that another task is
 * writing (I_SYNC) go to b_more_io, as writeback_single_inode sends them
 * one by one (WB_SYNC_NONE), here in one splice with the same order and
 * the same superblock runs noted. Under a throttled crowd thousands of
 * dirtiers sleep in get_request holding I_SYNC on their inodes and every
 * pass meets all of them (2.6.32 walked them too, under inode_lock); the
 * walk stays, the per-inode calls go. Not used where an inode's visit
 * prints (trace_verbose) or picks a turn (bdi-fair: fair_requeue_busy).
 * Return: the number of inodes moved.
 */
static long requeue_busy_run(struct bdi_writeback *wb,
			     struct writeback_control *wbc, sim_time_t start)
{
	struct list_head *last = wb->b_io.prev, *pos = last;
	long n = 0;

	while (pos != &wb->b_io) {
		struct inode *inode = list_entry(pos, struct inode, i_list);

		if (!(inode->i_state & I_SYNC) || inode->dirtied_when > start ||
		    (wbc->sb && wbc->sb != inode->i_sb))
			break;
		if (wbc->chunk_sb != inode->i_sb)	/* else a no-op */
			wb_chunk_note(wbc, inode, 0);
		n++;
		pos = pos->prev;
	}
	if (n)
		list_bulk_move(&wb->b_more_io, pos->next, last);
	return n;
}

/*
 * fair_requeue_busy - bdi-fair's picks from @inode on while they are busy
 * inodes of the turn's superblock: @inode is the tail-most inode of the
 * turn on b_io, another task is writing it (I_SYNC) and it is older than
 * the pass. Picked one by one, each would go to b_more_io without a page
 * written (writeback_single_inode, WB_SYNC_NONE), leave turn_left as it
 * was, and make the next pick the next inode of the turn towards the head
 * of b_io, found by a scan from the tail past every inode of the other
 * superblocks: under a throttled crowd, whose dirtiers hold I_SYNC while
 * they sleep in get_request, that scan per busy inode made the pass
 * quadratic. Here they are moved in the same order in one walk, the other
 * superblocks' inodes stepped over; the walk stops at the first inode of
 * the turn that is not busy or was dirtied after @start, the next pick.
 * Outputs are those of the one-by-one picks. Not used where a visit
 * prints (trace_verbose) or waits (WB_SYNC_ALL).
 * Return: that inode, or NULL if the walk reached the head of b_io (no
 * inode of the turn left on it).
 */
static struct inode *fair_requeue_busy(struct bdi_writeback *wb,
			      struct writeback_control *wbc,
			      struct inode *inode, sim_time_t start)
{
	struct super_block *turn = inode->i_sb;
	struct list_head *pos = &inode->i_list, *prev;
	/* the run of adjacent busy inodes met last, @first nearest the head:
	 * moved one by one to the front of b_more_io they keep their order,
	 * as one list_bulk_move does */
	struct list_head *first = NULL, *last = NULL;
	struct inode *next = NULL;

	/* every inode moved is of the turn: one note is all the one-by-one
	 * picks' notes of 0 pages do */
	wb_chunk_note(wbc, inode, 0);
	for (; pos != &wb->b_io; pos = prev) {
		prev = pos->prev;
		inode = list_entry(pos, struct inode, i_list);
		if (inode->i_sb == turn &&
		    (!(inode->i_state & I_SYNC) || inode->dirtied_when > start)) {
			next = inode;
			break;
		}
		if (inode->i_sb != turn) {
			if (last)
				list_bulk_move(&wb->b_more_io, first, last);
			last = NULL;
			continue;
		}
		if (!last)
			last = pos;
		first = pos;
	}
	if (last)
		list_bulk_move(&wb->b_more_io, first, last);
	return next;
}

/**
 * writeback_inodes_wb - one pass over b_io (v2.6.32), from the flusher or
 * from a dirtying task in balance_dirty_pages
 */
static void writeback_inodes_wb(struct machine *m, struct bdi_writeback *wb,
				struct writeback_control *wbc)
{
	struct bdi_wb_priv *fp = wb->bdi->flusher_priv;
	const sim_time_t start = m->sim.now;	/* livelock avoidance */
	struct super_block *sb = wbc->sb;
	const bool fair = model(m)->fair && !sb;
	/* busy inodes skipped a run at a time where a visit does nothing
	 * else: requeue_busy_run, or bdi-fair's fair_requeue_busy */
	const bool busy_runs = !wb_trace_verbose_on(m) &&
			       wbc->sync_mode == WB_SYNC_NONE;
	const bool skip_busy = !fair && busy_runs;
	const bool fair_busy = fair && busy_runs;
	/* for the pick right after a walk (fair_requeue_busy) */
	bool walked = false;
	struct inode *next = NULL;

	if (!wbc->for_kupdate || list_empty(&wb->b_io))
		queue_io(&wb->b_dirty, &wb->b_io, &wb->b_more_io, wbc);

	while (!list_empty(&wb->b_io)) {
		struct inode *inode;
		long before = wbc->nr_to_write;

		if (fair)
			inode = fair_next_inode(wb, fp, m->wbp.sb_fair_quantum,
						walked, next);
		else
			inode = list_last_entry(&wb->b_io, struct inode, i_list);
		walked = false;
		if (!inode)
			break;
		if (fair_busy && (inode->i_state & I_SYNC) &&
		    inode->dirtied_when <= start && fp->turn_left > 0) {
			next = fair_requeue_busy(wb, wbc, inode, start);
			walked = true;
			wbc->more_io = true;
			continue;
		}
		if (skip_busy && requeue_busy_run(wb, wbc, start)) {
			wbc->more_io = true;
			continue;
		}
		if (sb && sb != inode->i_sb) {
			redirty_tail(m, inode, &wb->b_dirty);
			continue;
		}
		if (inode->dirtied_when > start)
			break;
		wb_trace_verbose(m, wbc->task, writeback_inode_start,
				 wb->bdi->name, TEV_SB_DEV(inode->i_sb),
				 (unsigned long)inode->i_ino,
				 (unsigned long)((m->sim.now - inode->dirtied_when) /
						 NSEC_PER_MSEC),
				 wbc->nr_to_write, wb_reason_name[wbc->reason]);
		writeback_single_inode(inode, wbc, &wb->b_dirty, &wb->b_more_io);
		wb_chunk_note(wbc, inode, before - wbc->nr_to_write);
		if (fair)
			fp->turn_left -= before - wbc->nr_to_write;
		if (before != wbc->nr_to_write)
			cpu_burn(wbc->task, (sim_time_t)(before - wbc->nr_to_write) *
				 m->wbp.cpu_per_page);
		if (wbc->nr_to_write <= 0) {
			wbc->more_io = true;
			break;
		}
		if (!list_empty(&wb->b_more_io))
			wbc->more_io = true;
	}
	wb_chunk_end(wbc);
}

struct wb_args {
	long nr_pages;
	struct super_block *sb;
	int sync_mode;
	bool for_kupdate, for_background, range_cyclic;
	enum wb_reason reason;
};

/**
 * wb_writeback - write in chunks of MAX_WRITEBACK_PAGES until the work is
 * done, background writeback is below the threshold, or nothing is left
 * Return: pages written.
 */
static long wb_writeback(struct machine *m, struct task *t,
			 struct bdi_writeback *wb, struct wb_args *args)
{
	long chunk = m->wbp.max_writeback_pages, wrote = 0;
	struct writeback_control wbc = {
		.m = m, .task = t, .bdi = wb->bdi, .sb = args->sb,
		.sync_mode = args->sync_mode,
		.for_kupdate = args->for_kupdate,
		.for_background = args->for_background,
		.range_cyclic = args->range_cyclic, .reason = args->reason,
	};

	if (wbc.for_kupdate) {
		sim_time_t expire = (sim_time_t)m->mm.p.dirty_expire_centisecs *
				    10 * NSEC_PER_MSEC;

		wbc.has_older_than = true;
		wbc.older_than_this = m->sim.now > expire ? m->sim.now - expire : 0;
	}
	wb_trace(m, t, writeback_start, wb->bdi->name, TEV_SB_DEV(args->sb),
		 args->nr_pages, args->sync_mode, args->for_kupdate,
		 args->range_cyclic,
		 args->for_background, wb_reason_name[args->reason], 0UL);
	for (;;) {
		if (args->nr_pages <= 0)
			break;
		if (args->for_background && !over_bground_thresh(m))
			break;
		wbc.more_io = false;
		wbc.encountered_congestion = false;
		wbc.nr_to_write = chunk;
		wbc.pages_skipped = 0;
		writeback_inodes_wb(m, wb, &wbc);
		args->nr_pages -= chunk - wbc.nr_to_write;
		wrote += chunk - wbc.nr_to_write;
		if (wbc.nr_to_write <= 0)
			continue;
		if (!wbc.more_io)
			break;
		if (wbc.nr_to_write < chunk)
			continue;
		/* nothing written: wait for an inode on b_more_io */
		if (!list_empty(&wb->b_more_io)) {
			struct inode *inode = list_last_entry(&wb->b_more_io,
							      struct inode, i_list);

			if (inode->i_state & I_SYNC)
				inode_sync_wait(m, t, inode);
			else
				break;
		}
	}
	if (t == wb->task)
		m->fst.flusher_pages_submitted += wrote;
	wb_trace(m, t, writeback_written, wb->bdi->name, TEV_SB_DEV(args->sb),
		 args->nr_pages, args->sync_mode, args->for_kupdate,
		 args->range_cyclic,
		 args->for_background, wb_reason_name[args->reason], 0UL);
	wb_trace(m, t, writeback_pages_written, wrote);
	return wrote;
}

static long wb_check_old_data_flush(struct machine *m, struct task *t,
				    struct bdi_writeback *wb)
{
	struct wb_args args = { .sync_mode = WB_SYNC_NONE, .for_kupdate = true,
				.range_cyclic = true,
				.reason = WB_REASON_PERIODIC };

	if (m->sim.now < wb->last_old_flush + dirty_writeback_interval(m))
		return 0;
	wb->last_old_flush = m->sim.now;
	args.nr_pages = (long)global_page_state(&m->mm, NR_FILE_DIRTY) +
			(long)m->nr_inodes_in_use;
	if (!args.nr_pages)
		return 0;
	m->fst.kupdate_runs++;
	return wb_writeback(m, t, wb, &args);
}

/* wb_do_writeback(): queued works first, then the periodic flush. */
static long wb_do_writeback(struct machine *m, struct task *t,
			    struct bdi_writeback *wb, bool force_wait)
{
	struct backing_dev_info *bdi = wb->bdi;
	long wrote = 0;

	while (!list_empty(&bdi->work_list)) {
		struct bdi_work *work = list_first_entry(&bdi->work_list,
							 struct bdi_work, list);
		struct wb_args args = {
			.nr_pages = work->nr_pages, .sb = work->sb,
			.sync_mode = force_wait ? WB_SYNC_ALL : work->sync_mode,
			.for_kupdate = work->for_kupdate,
			.for_background = work->for_background,
			.range_cyclic = work->range_cyclic, .reason = work->reason,
		};

		/* WB_SYNC_NONE work is "seen" at once; sync work when done */
		if (args.sync_mode == WB_SYNC_NONE)
			bdi_work_done(m, work);
		else
			list_del_init(&work->list);
		m->fst.works++;
		wrote += wb_writeback(m, t, wb, &args);
		if (args.sync_mode != WB_SYNC_NONE)
			bdi_work_done(m, work);
	}
	wrote += wb_check_old_data_flush(m, t, wb);
	return wrote;
}

/* bdi_writeback_task(): the life of flush-MAJ:MIN */
static void bdi_flusher_thread(struct task *t)
{
	struct bdi_flusher *f = t->priv;
	struct machine *m = f->bdi->flusher_machine;
	struct bdi_writeback *wb = &f->bdi->wb;
	sim_time_t last_active = m->sim.now;
	bool waited = false;

	t->io_path = IO_PATH_WRITEBACK;	/* whatever work it serves */

	wb_trace(m, t, writeback_flusher_start, t->comm, t->pid, "bdi",
		 f->bdi->name);
	if (!m->fst.thread_starts++)
		m->fst.first_thread_start = m->sim.now;
	for (;;) {
		long pages = wb_do_writeback(m, t, wb, false);

		if (pages) {
			last_active = m->sim.now;
		} else if (waited) {
			sim_time_t max_idle = m->wbp.flusher_idle_exit;

			if (max_idle < dirty_writeback_interval(m))
				max_idle = dirty_writeback_interval(m);
			if (m->sim.now > last_active + max_idle)
				break;
		}
		waited = true;
		schedule_timeout(t, NULL, dirty_writeback_interval(m));
	}
	wb->task = NULL;
	m->fst.thread_exits++;
	m->fst.last_thread_exit = m->sim.now;
	wb_trace(m, t, writeback_flusher_exit, t->comm, t->pid, "bdi", "idle");
	/* work that raced with the exit: done here, waiting */
	if (!list_empty(&f->bdi->work_list))
		wb_do_writeback(m, t, wb, true);
}

static int bdi_fork_flusher(struct machine *m, struct backing_dev_info *bdi)
{
	struct bdi_flusher *f = calloc(1, sizeof(*f));
	char comm[32];		/* task_init() cuts it to TASK_COMM_LEN */

	if (!f)
		return -ENOMEM;
	f->bdi = bdi;
	f->next_zombie = model(m)->zombies;
	model(m)->zombies = f;
	snprintf(comm, sizeof(comm), "flush-%s", bdi->name);
	if (kthread_run(&m->cs, &f->task, comm, bdi_flusher_thread, f))
		return -ENOMEM;
	bdi->wb.task = &f->task;
	bdi->wb.last_old_flush = m->sim.now;
	return 0;
}

/* bdi_forker_task(): bdi-default */
static void bdi_forker_thread(struct task *t)
{
	struct machine *m = t->priv;

	for (;;) {
		struct list_head *pos;

		list_for_each(pos, &m->bdi_list) {
			struct backing_dev_info *bdi =
				list_entry(pos, struct backing_dev_info, bdi_list);

			if (bdi->wb.task)
				continue;
			if (list_empty(&bdi->work_list) && !bdi_has_dirty_io(bdi))
				continue;
			cpu_burn(t, m->wbp.cpu_fork);
			bdi_fork_flusher(m, bdi);
		}
		schedule_timeout(t, NULL, dirty_writeback_interval(m));
	}
}

/* sync_supers(): write_super of every dirty superblock, newest first */
static void sync_supers_thread(struct task *t)
{
	struct machine *m = t->priv;

	for (;;) {
		struct list_head *pos;

		schedule_wait(t, NULL);
		m->fst.sync_supers_runs++;
		m->fst.last_sync_supers = m->sim.now;
		wb_trace(m, t, sync_supers, "bdi");
		for (pos = m->super_blocks.prev; pos != &m->super_blocks;
		     pos = pos->prev) {
			struct super_block *sb = list_entry(pos, struct super_block,
							    s_list);

			if (sb->s_dirt && sb->s_op->write_super) {
				cpu_burn(t, m->wbp.cpu_per_page);
				sb->s_op->write_super(sb);
			}
		}
	}
}

static void arm_supers_timer(struct machine *m)
{
	sim_time_t next = m->sim.now + dirty_writeback_interval(m);

	/* round_jiffies_up(): to the next whole second */
	next = (next + NSEC_PER_SEC - 1) / NSEC_PER_SEC * NSEC_PER_SEC;
	sim_schedule_at(&m->sim, &model(m)->supers_timer, next);
}

static void supers_timer_fn(struct sim *sim, struct sim_event *ev)
{
	struct bdi_model *bm = container_of(ev, struct bdi_model, supers_timer);
	struct machine *m = bm->sync_supers.priv;

	wake_up_task(&bm->sync_supers);
	arm_supers_timer(m);
}

/**
 * bdi_queue_work - queue @work and wake the bdi's flusher, or the forker
 * if the bdi has no thread (it will fork one on its next scan... which
 * this wake-up makes immediate, as in 2.6.32)
 */
static void bdi_queue_work(struct machine *m, struct backing_dev_info *bdi,
			   struct bdi_work *work)
{
	list_add_tail(&work->list, &bdi->work_list);
	if (bdi->wb.task)
		wake_up_task(bdi->wb.task);
	else
		wake_up_task(&model(m)->forker);
}

static void bdi_start_writeback(struct machine *m, struct backing_dev_info *bdi,
				struct super_block *sb, long nr_pages,
				enum wb_reason reason)
{
	struct bdi_work *work = calloc(1, sizeof(*work));

	if (!work)
		return;
	INIT_LIST_HEAD(&work->list);
	work->sb = sb;
	work->sync_mode = WB_SYNC_NONE;
	work->range_cyclic = true;
	work->nr_pages = nr_pages;
	work->reason = reason;
	work->free_when_done = true;
	if (!nr_pages) {
		work->nr_pages = LONG_MAX;
		work->for_background = true;
	}
	bdi_queue_work(m, bdi, work);
}

static void bdi_start_background(struct machine *m, struct backing_dev_info *bdi)
{
	bdi_start_writeback(m, bdi, NULL, 0, WB_REASON_BACKGROUND);
}

/* 2.6.32: writeback_in_progress() is "work queued, not yet started" */
static bool bdi_work_pending(const struct backing_dev_info *bdi)
{
	return !list_empty(&bdi->work_list);
}

/**
 * bdi_balance_dirty_pages - v2.6.32 balance_dirty_pages()
 */
static void bdi_balance_dirty_pages(struct machine *m, struct task *t,
				    struct backing_dev_info *bdi,
				    unsigned long pages_dirtied)
{
	long write_chunk = (long)(m->mm.ratelimit_pages +
				  m->mm.ratelimit_pages / 2);
	uint64_t background, dirty, bdi_thresh;
	uint64_t bdi_nr_reclaimable = 0, bdi_nr_writeback = 0;
	unsigned long pages_written = 0;
	sim_time_t pause = jiffy(m), t0 = m->sim.now;
	sim_time_t slept = 0;
	long asked_total = 0;
	bool throttled = false;

	for (;;) {
		struct writeback_control wbc = {
			.m = m, .task = t, .bdi = bdi, .sync_mode = WB_SYNC_NONE,
			.nr_to_write = write_chunk, .range_cyclic = true,
			.reason = WB_REASON_BALANCE_DIRTY,
		};
		uint64_t nr_reclaimable, nr_writeback;
		long asked = 0;

		get_dirty_limits(m, t, &background, &dirty, &bdi_thresh, bdi);
		nr_reclaimable = global_page_state(&m->mm, NR_FILE_DIRTY);
		nr_writeback = global_page_state(&m->mm, NR_WRITEBACK);
		bdi_nr_reclaimable = bdi_stat(bdi, BDI_RECLAIMABLE);
		bdi_nr_writeback = bdi_stat(bdi, BDI_WRITEBACK);
		if (bdi_nr_reclaimable + bdi_nr_writeback <= bdi_thresh)
			break;
		if (nr_reclaimable + nr_writeback < (background + dirty) / 2)
			break;
		bdi->dirty_exceeded = true;
		throttled = true;
		if (bdi_nr_reclaimable > bdi_thresh) {
			writeback_inodes_wb(m, &bdi->wb, &wbc);
			asked = write_chunk;
			pages_written += write_chunk - wbc.nr_to_write;
			m->fst.dirtier_pages_submitted += write_chunk - wbc.nr_to_write;
			get_dirty_limits(m, t, &background, &dirty, &bdi_thresh,
					 bdi);
		}
		bdi_nr_reclaimable = bdi_stat(bdi, BDI_RECLAIMABLE);
		bdi_nr_writeback = bdi_stat(bdi, BDI_WRITEBACK);
		asked_total += asked;
		if (bdi_nr_reclaimable + bdi_nr_writeback <= bdi_thresh)
			break;
		if (pages_written >= (unsigned long)write_chunk)
			break;
		schedule_timeout(t, NULL, pause);
		slept += pause;
		pause *= 2;
		if (pause > NSEC_PER_SEC / 10)
			pause = NSEC_PER_SEC / 10;
	}
	if (throttled) {
		machine_note_throttle(m, t, bdi, m->sim.now - t0, pages_written);
		trace_balance_dirty_pages_legacy(m, t, bdi,
				bdi_nr_reclaimable + bdi_nr_writeback,
				bdi_thresh, asked_total, (long)pages_written,
				pages_written, slept);
	}
	if (bdi_nr_reclaimable + bdi_nr_writeback < bdi_thresh &&
	    bdi->dirty_exceeded)
		bdi->dirty_exceeded = false;
	if (bdi_work_pending(bdi))
		return;
	if (global_page_state(&m->mm, NR_FILE_DIRTY) > background)
		bdi_start_background(m, bdi);
}

/**
 * bdi_sync - sync(2): a WB_SYNC_ALL work for every bdi, waited for
 */
static void bdi_sync(struct machine *m, struct task *t)
{
	int old_path = io_path_enter(t, IO_PATH_SYNC);
	struct list_head *pos;

	list_for_each(pos, &m->bdi_list) {
		struct backing_dev_info *bdi = list_entry(pos, struct backing_dev_info,
							  bdi_list);
		struct bdi_work work = { .sync_mode = WB_SYNC_ALL,
					 .nr_pages = LONG_MAX, .range_cyclic = false,
					 .reason = WB_REASON_SYNC, .waiter = t };

		INIT_LIST_HEAD(&work.list);
		bdi_queue_work(m, bdi, &work);
		while (!work.done)
			schedule_wait(t, NULL);
	}
	io_path_leave(t, old_path);
}

static int bdi_init(struct machine *m, bool fair)
{
	struct bdi_model *bm = calloc(1, sizeof(*bm));
	struct list_head *pos;

	if (!bm)
		return -ENOMEM;
	bm->fair = fair;
	m->flusher_priv = bm;
	list_for_each(pos, &m->bdi_list) {
		struct backing_dev_info *bdi = list_entry(pos, struct backing_dev_info,
							  bdi_list);

		bdi->flusher_priv = calloc(1, sizeof(struct bdi_wb_priv));
		if (!bdi->flusher_priv)
			return -ENOMEM;
		bdi->flusher_machine = m;
	}
	if (kthread_run(&m->cs, &bm->forker, "bdi-default", bdi_forker_thread, m) ||
	    kthread_run(&m->cs, &bm->sync_supers, "sync_supers",
			sync_supers_thread, m))
		return -ENOMEM;
	sim_event_init(&bm->supers_timer, supers_timer_fn, "sync_supers_timer");
	arm_supers_timer(m);
	return 0;
}

static int bdi_init_plain(struct machine *m)
{
	return bdi_init(m, false);
}

static int bdi_init_fair(struct machine *m)
{
	return bdi_init(m, true);
}

static void bdi_exit(struct machine *m)
{
	struct bdi_model *bm = model(m);
	struct list_head *pos;

	if (!bm)
		return;
	sim_cancel(&m->sim, &bm->supers_timer);
	kthread_free(&bm->forker);
	kthread_free(&bm->sync_supers);
	while (bm->zombies) {
		struct bdi_flusher *f = bm->zombies;

		bm->zombies = f->next_zombie;
		kthread_free(&f->task);
		free(f);
	}
	list_for_each(pos, &m->bdi_list) {
		struct backing_dev_info *bdi = list_entry(pos, struct backing_dev_info,
							  bdi_list);

		free(bdi->flusher_priv);
		bdi->flusher_priv = NULL;
		/* works queued when the run ended */
		while (!list_empty(&bdi->work_list)) {
			struct bdi_work *work = list_first_entry(&bdi->work_list,
								 struct bdi_work, list);

			list_del_init(&work->list);
			if (work->free_when_done)
				free(work);
		}
	}
	free(bm);
	m->flusher_priv = NULL;
}

const struct flusher_type flusher_bdi = {
	.name = "bdi",
	.release = "v2.6.32",
	.init = bdi_init_plain,
	.exit = bdi_exit,
	.dirty_list = bdi_dirty_list,
	.balance_dirty_pages = bdi_balance_dirty_pages,
	.start_background = bdi_start_background,
	.sync = bdi_sync,
};

const struct flusher_type flusher_bdi_fair = {
	.name = "bdi-fair",
	.release = "v2.6.32 + per-superblock round robin",
	.init = bdi_init_fair,
	.exit = bdi_exit,
	.dirty_list = bdi_dirty_list,
	.balance_dirty_pages = bdi_balance_dirty_pages,
	.start_background = bdi_start_background,
	.sync = bdi_sync,
};
