// SPDX-License-Identifier: GPL-2.0
/*
 * pdflush as in v2.6.30 (mm/pdflush.c, mm/page-writeback.c,
 * fs/fs-writeback.c, fs/super.c, fs/sync.c of v2.6.30): the writeback
 * model the per-BDI flushers replaced.
 *
 * - A pool of "pdflush" threads, writeback.min_pdflush (2) started at
 *   boot, at most writeback.max_pdflush (8). Idle threads sit on a LIFO
 *   list; pdflush_operation(fn, arg) hands the work to the thread that
 *   went idle last, or fails when none is idle, and the work is simply not
 *   done. A thread that finished its function starts one more thread if
 *   the list has been empty for more than a second (last_empty_jifs), and
 *   exits if the thread idle longest has been idle for more than a second
 *   and there are more than the minimum (resetting that thread's stamp,
 *   which limits the exit rate).
 * - wb_timer every dirty_writeback_interval: pdflush_operation(wb_kupdate);
 *   with no idle thread it tries again a second later. wb_kupdate:
 *   sync_supers() (write_super of the dirty superblocks, oldest mount
 *   first as fs/super.c walks the list; there is no sync_supers thread
 *   before 2.6.32), then writes inodes dirtied more than dirty_expire
 *   ago, MAX_WRITEBACK_PAGES at a time, and re-arms the timer at start +
 *   interval, or a second from now if it overran. As in 2.6.30, a
 *   superblock whose s_io still holds inodes queued by an earlier
 *   (background, throttling) pass is not refilled by kupdate, and those
 *   inodes are written whatever their age.
 * - background_writeout: the same without the age limit, until the dirty
 *   count is below the background threshold.
 * - Both write through writeback_inodes(): every superblock from the tail
 *   of the super_blocks list (newest mount first; the bdev superblock,
 *   made at boot, last), each with its own s_dirty/s_io/s_more_io, and
 *   nonblocking: a congested queue is skipped (encountered_congestion),
 *   never slept on. A pdflush thread writes an inode only while holding
 *   the bdi's BDI_pdflush bit, so two pdflush threads never write one disk
 *   at once while different disks are written in parallel.
 * - balance_dirty_pages: the dirtying task itself writes up to 1.5 *
 *   ratelimit_pages of its bdi (blocking in get_request), then
 *   congestion_wait(WRITE, HZ/10); at the end it asks for
 *   background_writeout if no pdflush is writing its bdi.
 * - congestion_wait(WRITE) of v2.6.30 sleeps on the wait queue of the SYNC
 *   list (the block layer had switched to sync/async lists, the callers
 *   still passed WRITE == 1 == BLK_RW_SYNC; fixed in 2.6.31). Async write
 *   congestion clearing never wakes it, so it almost always sleeps the
 *   full HZ/10. This is modelled literally, not as a plain sleep.
 *
 * - The pdflush thread that writes burns writeback.cpu_per_page per page,
 *   as do dirtiers writing in balance_dirty_pages and sync(2) callers;
 *   a new thread burns writeback.cpu_fork before it joins the pool.
 *
 * Simplified: s_umount is only trylocked by writeback_inodes (a
 * superblock with s_umount_busy is skipped); sync(2) takes it without
 * waiting. pages_skipped, I_NEW and memory-backed bdis do not occur.
 * wakeup_pdflush() from reclaim is called once per bdi by
 * wakeup_flusher_threads(); it acts for the first bdi only, as the
 * kernel's single global call, and asks for the global dirty count
 * (vmscan passed the pages it scanned). Pool and timer decisions compare
 * nanosecond times, not jiffies. nr_pdflush_threads counts a new thread
 * when it starts running, as v2.6.30's __pdflush does; creation cannot
 * race here since a finishing thread goes back on the idle list before
 * anything else runs, so creations are more than a second apart.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>

#include "init/machine.h"
#include "fs/vfs.h"

/*
 * 2.6.30's wb_kupdate and background_writeout write every bdi: their
 * writeback_start/written events name no bdi, "bdi all:"
 */
#define PDFLUSH_BDI	"all"

struct pdflush_work;
typedef void (*pdflush_fn)(struct machine *m, struct task *t, long arg0);

/**
 * struct pdflush_work - one pdflush thread (mm/pdflush.c's pdflush_work)
 * @fn, @arg0: the work handed over by pdflush_operation, NULL when idle
 * @list: on pdflush_list while idle
 * @when_i_went_to_sleep: when it last went idle (exit decisions)
 * @next_all: every thread ever started, freed when the model goes
 */
struct pdflush_work {
	struct task task;
	struct machine *m;
	pdflush_fn fn;
	long arg0;
	struct list_head list;
	sim_time_t when_i_went_to_sleep;
	struct pdflush_work *next_all;
};

/**
 * struct pdflush_model - the pool and the kupdate timer
 * @pdflush_list: idle threads, the one that went idle last at the head
 * @nr_pdflush_threads: threads alive (counted when they start running)
 * @last_empty_jifs: when pdflush_list last became empty
 */
struct pdflush_model {
	struct machine *m;
	struct list_head pdflush_list;
	unsigned int nr_pdflush_threads;
	sim_time_t last_empty_jifs;
	struct sim_event wb_timer;
	struct pdflush_work *all;
};

static struct pdflush_model *model(struct machine *m)
{
	return m->flusher_priv;
}

static sim_time_t expire_interval(struct machine *m)
{
	return (sim_time_t)m->mm.p.dirty_expire_centisecs * 10 * NSEC_PER_MSEC;
}

static void pdflush_thread(struct task *t);

static bool current_is_pdflush(const struct task *t)
{
	return t && t->thread_fn == pdflush_thread;
}

static unsigned int nr_idle(struct pdflush_model *pm)
{
	unsigned int n = 0;
	struct list_head *pos;

	list_for_each(pos, &pm->pdflush_list)
		n++;
	return n;
}

/* ---- writing inodes (fs/fs-writeback.c) ------------------------------ */

/* test_and_set_bit(BDI_pdflush): the bdi is ours unless another pdflush
 * thread writes it */
static bool writeback_acquire(struct backing_dev_info *bdi)
{
	if (bdi->state & BDI_pdflush)
		return false;
	bdi->state |= BDI_pdflush;
	return true;
}

static void writeback_release(struct backing_dev_info *bdi)
{
	bdi->state &= ~BDI_pdflush;
}

static bool sb_is_blkdev_sb(struct machine *m, const struct super_block *sb)
{
	return sb == &m->bdev_sb;
}

static bool sb_has_dirty_inodes(const struct super_block *sb)
{
	return !list_empty(&sb->s_dirty) || !list_empty(&sb->s_io) ||
	       !list_empty(&sb->s_more_io);
}

/* The data-integrity tail of generic_sync_sb_inodes: wait for every page
 * of the superblock under writeback, also what others started. */
static void sync_sb_wait(struct machine *m, struct task *t,
			 struct super_block *sb)
{
	struct inode *old = NULL;
	struct list_head *pos;

	list_for_each(pos, &sb->s_inodes) {
		struct inode *inode = list_entry(pos, struct inode, i_sb_list);

		if (inode->i_state & I_FREEING || !inode->i_data.nrpages)
			continue;
		/* pinned, it stays on s_inodes while we sleep; the previous
		 * one is let go only now, as the kernel's old_inode */
		iget(inode);
		if (old)
			iput(m, t, old);
		old = inode;
		filemap_fdatawait(m, t, &inode->i_data);
	}
	if (old)
		iput(m, t, old);
}

/**
 * generic_sync_sb_inodes - v2.6.30: write the inodes of @sb's s_io, from
 * the tail, until nr_to_write is used up
 *
 * s_io is refilled by queue_io (s_more_io, then the expired inodes of
 * s_dirty; 2.6.30 does not group by superblock, the lists are per
 * superblock already) unless this is kupdate and s_io still has inodes.
 * A congested queue (nonblocking writers) or another bdi than wbc->bdi
 * ends the superblock; the bdev superblock, whose inodes live on every
 * disk, requeues just that inode instead. A pdflush thread holds the
 * inode's BDI_pdflush bit while writing it and leaves the superblock if
 * another pdflush thread holds it.
 */
static void generic_sync_sb_inodes(struct machine *m, struct super_block *sb,
				   struct writeback_control *wbc)
{
	const sim_time_t start = m->sim.now;	/* livelock avoidance */
	const bool blkdev = sb_is_blkdev_sb(m, sb);
	const bool pdflush = current_is_pdflush(wbc->task);

	if (!wbc->for_kupdate || list_empty(&sb->s_io)) {
		queue_io(&sb->s_dirty, &sb->s_io, &sb->s_more_io, wbc);
		/* the bdev pseudo-sb spans every bdi: 6.1's bdi_dev_name()
		 * of no device */
		wb_trace_verbose(m, wbc->task, writeback_queue_io,
				 sb->s_bdi ? sb->s_bdi->name : "(unknown)", 0UL, 0L,
				 !list_empty(&sb->s_io),
				 wb_reason_name[wbc->reason], 0UL);
	}

	while (!list_empty(&sb->s_io)) {
		struct inode *inode = list_last_entry(&sb->s_io, struct inode,
						      i_list);
		struct backing_dev_info *bdi = inode->i_data.bdi;
		long before = wbc->nr_to_write;

		if (wbc->nonblocking && bdi_write_congested(bdi->q)) {
			wbc->encountered_congestion = true;
			wb_trace_verbose(m, wbc->task, writeback_congested,
					 bdi->name, TEV_SB_DEV(sb));
			if (!blkdev)
				break;		/* skip a congested fs */
			requeue_io(inode, &sb->s_more_io);
			continue;		/* skip a congested blockdev */
		}
		if (wbc->bdi && bdi != wbc->bdi) {
			if (!blkdev)
				break;		/* fs has the wrong queue */
			requeue_io(inode, &sb->s_more_io);
			continue;		/* blockdev has wrong queue */
		}
		if (inode->dirtied_when > start)
			break;
		if (pdflush && !writeback_acquire(bdi)) {
			wb_trace(m, wbc->task, pdflush_busy, bdi->name,
				 TEV_SB_DEV(sb));
			break;
		}
		wb_trace_verbose(m, wbc->task, writeback_inode_start,
				 bdi->name, TEV_SB_DEV(sb),
				 (unsigned long)inode->i_ino,
				 (unsigned long)((m->sim.now - inode->dirtied_when) /
						 NSEC_PER_MSEC),
				 wbc->nr_to_write, wb_reason_name[wbc->reason]);
		writeback_single_inode(inode, wbc, &sb->s_dirty, &sb->s_more_io);
		wb_chunk_note(wbc, inode, before - wbc->nr_to_write);
		if (before != wbc->nr_to_write)
			cpu_burn(wbc->task, (sim_time_t)(before - wbc->nr_to_write) *
				 m->wbp.cpu_per_page);
		wb_trace_verbose(m, wbc->task, writeback_inode_written,
				 bdi->name, TEV_SB_DEV(sb),
				 (unsigned long)inode->i_ino,
				 before - wbc->nr_to_write);
		if (pdflush)
			writeback_release(bdi);
		if (wbc->nr_to_write <= 0) {
			wbc->more_io = true;
			break;
		}
		if (!list_empty(&sb->s_more_io))
			wbc->more_io = true;
	}
	wb_chunk_end(wbc);
	if (wbc->sync_mode == WB_SYNC_ALL)
		sync_sb_wait(m, wbc->task, sb);
}

/**
 * writeback_inodes - every superblock from the newest mount to the
 * oldest, until nr_to_write is used up (v2.6.30)
 */
static void writeback_inodes(struct machine *m, struct writeback_control *wbc)
{
	struct list_head *pos;

	for (pos = m->super_blocks.prev; pos != &m->super_blocks;
	     pos = pos->prev) {
		struct super_block *sb = list_entry(pos, struct super_block,
						    s_list);

		if (sb_has_dirty_inodes(sb)) {
			/* down_read_trylock(&sb->s_umount) */
			if (sb->s_umount_busy)
				wb_trace(m, wbc->task, writeback_sb_busy,
					 TEV_SB_DEV(sb));
			else
				generic_sync_sb_inodes(m, sb, wbc);
		}
		if (wbc->nr_to_write <= 0)
			break;
	}
}

/* v2.6.30's congestion_wait(WRITE, HZ/10): WRITE is 1, which is now
 * BLK_RW_SYNC, so it sleeps on the sync list's queue; async writes
 * clearing congestion wake the other one (see the file header). */
static void congestion_wait_2630(struct machine *m, struct task *t)
{
	sim_time_t t0 = m->sim.now;

	schedule_timeout(t, &m->congestion_wqh[BLK_RW_SYNC], NSEC_PER_SEC / 10);
	wb_trace_verbose(m, t, writeback_congestion_wait, 100000U,
			 (unsigned)((m->sim.now - t0) / NSEC_PER_USEC));
}

/* ---- the pdflush functions (mm/page-writeback.c, fs/super.c) --------- */

/* sync_supers(): write_super of every dirty superblock, in list order */
static void sync_supers(struct machine *m, struct task *t)
{
	struct list_head *pos;

	m->fst.sync_supers_runs++;
	m->fst.last_sync_supers = m->sim.now;
	wb_trace(m, t, sync_supers, "pdflush");
	list_for_each(pos, &m->super_blocks) {
		struct super_block *sb = list_entry(pos, struct super_block, s_list);

		if (sb->s_dirt && sb->s_op->write_super) {
			cpu_burn(t, m->wbp.cpu_per_page);
			sb->s_op->write_super(sb);
		}
	}
}

static void arm_wb_timer(struct machine *m, sim_time_t when)
{
	if (dirty_writeback_interval(m))
		sim_schedule_at(&m->sim, &model(m)->wb_timer, when);
}

/**
 * wb_kupdate - periodic writeback of inodes dirtied more than
 * dirty_expire ago; re-arms wb_timer
 */
static void wb_kupdate(struct machine *m, struct task *t, long arg0)
{
	const long chunk = m->wbp.max_writeback_pages;
	const sim_time_t start = m->sim.now;
	sim_time_t next = start + dirty_writeback_interval(m);
	long nr_to_write, wrote = 0;
	struct writeback_control wbc = {
		.m = m, .task = t, .sync_mode = WB_SYNC_NONE,
		.nonblocking = true, .for_kupdate = true, .range_cyclic = true,
		.reason = WB_REASON_PERIODIC, .has_older_than = true,
	};

	(void)arg0;
	m->fst.kupdate_runs++;
	sync_supers(m, t);
	wbc.older_than_this = m->sim.now > expire_interval(m) ?
			      m->sim.now - expire_interval(m) : 0;
	nr_to_write = (long)global_page_state(&m->mm, NR_FILE_DIRTY) +
		      (long)m->nr_inodes_in_use;
	wb_trace(m, t, writeback_start, PDFLUSH_BDI, 0U, 0U, nr_to_write,
		 WB_SYNC_NONE, 1, 1, 0, "periodic", 0UL);
	while (nr_to_write > 0) {
		wbc.more_io = false;
		wbc.encountered_congestion = false;
		wbc.nr_to_write = chunk;
		writeback_inodes(m, &wbc);
		wrote += chunk - wbc.nr_to_write;
		if (wbc.nr_to_write > 0) {
			if (wbc.encountered_congestion || wbc.more_io)
				congestion_wait_2630(m, t);
			else
				break;	/* all the old data is written */
		}
		nr_to_write -= chunk - wbc.nr_to_write;
	}
	m->fst.flusher_pages_submitted += wrote;
	wb_trace(m, t, writeback_written, PDFLUSH_BDI, 0U, 0U, nr_to_write,
		 WB_SYNC_NONE, 1, 1, 0, "periodic", 0UL);
	wb_trace(m, t, writeback_pages_written, wrote);
	if (next < m->sim.now + NSEC_PER_SEC)
		next = m->sim.now + NSEC_PER_SEC;
	arm_wb_timer(m, next);
}

/**
 * background_writeout - write at least @min_pages, and on until the dirty
 * count is below the background threshold or nothing more can be written
 */
static void background_writeout(struct machine *m, struct task *t,
				long min_pages)
{
	const long chunk = m->wbp.max_writeback_pages;
	long wrote = 0;
	struct writeback_control wbc = {
		.m = m, .task = t, .sync_mode = WB_SYNC_NONE,
		.nonblocking = true, .range_cyclic = true,
		.for_background = true, .reason = WB_REASON_BACKGROUND,
	};

	wb_trace(m, t, writeback_start, PDFLUSH_BDI, 0U, 0U, min_pages,
		 WB_SYNC_NONE, 0, 1, 1, "background", 0UL);
	for (;;) {
		if (!over_bground_thresh(m) && min_pages <= 0)
			break;
		wbc.more_io = false;
		wbc.encountered_congestion = false;
		wbc.nr_to_write = chunk;
		wbc.pages_skipped = 0;
		writeback_inodes(m, &wbc);
		min_pages -= chunk - wbc.nr_to_write;
		wrote += chunk - wbc.nr_to_write;
		if (wbc.nr_to_write > 0 || wbc.pages_skipped > 0) {
			/* wrote less than expected */
			if (wbc.encountered_congestion || wbc.more_io)
				congestion_wait_2630(m, t);
			else
				break;
		}
	}
	m->fst.flusher_pages_submitted += wrote;
	wb_trace(m, t, writeback_written, PDFLUSH_BDI, 0U, 0U, min_pages,
		 WB_SYNC_NONE, 0, 1, 1, "background", 0UL);
	wb_trace(m, t, writeback_pages_written, wrote);
}

/* ---- the thread pool (mm/pdflush.c) ----------------------------------- */

static const char *pdflush_fn_name(pdflush_fn fn)
{
	return fn == wb_kupdate ? "wb_kupdate" :
	       fn == background_writeout ? "background_writeout" : "?";
}

/**
 * pdflush_operation - hand @fn(@arg0) to the idle thread that went to
 * sleep last
 * Return: 0, or -1 if every thread is busy (the work is not done).
 */
static int pdflush_operation(struct machine *m, struct task *caller,
			     pdflush_fn fn, long arg0)
{
	struct pdflush_model *pm = model(m);
	struct pdflush_work *pdf;

	if (list_empty(&pm->pdflush_list)) {
		/* pid 0: no idle thread took it */
		wb_trace(m, caller, pdflush_operation, pdflush_fn_name(fn),
			 0U, 0U);
		return -1;
	}
	pdf = list_first_entry(&pm->pdflush_list, struct pdflush_work, list);
	list_del_init(&pdf->list);
	if (list_empty(&pm->pdflush_list))
		pm->last_empty_jifs = m->sim.now;
	pdf->fn = fn;
	pdf->arg0 = arg0;
	m->fst.works++;
	wb_trace(m, caller, pdflush_operation, pdflush_fn_name(fn),
		 pdf->task.pid, nr_idle(pm));
	wake_up_task(&pdf->task);
	return 0;
}

static int start_one_pdflush_thread(struct machine *m)
{
	struct pdflush_model *pm = model(m);
	struct pdflush_work *pdf = calloc(1, sizeof(*pdf));

	if (!pdf)
		return -ENOMEM;
	pdf->m = m;
	INIT_LIST_HEAD(&pdf->list);
	pdf->next_all = pm->all;
	pm->all = pdf;
	return kthread_run(&m->cs, &pdf->task, "pdflush", pdflush_thread, pdf);
}

/* __pdflush(): sleep on the idle list, run what is handed over, then grow
 * or shrink the pool */
static void pdflush_thread(struct task *t)
{
	struct pdflush_work *my_work = t->priv;
	struct machine *m = my_work->m;
	struct pdflush_model *pm = model(m);

	t->io_path = IO_PATH_WRITEBACK;	/* whatever operation it runs */
	cpu_burn(t, m->wbp.cpu_fork);	/* kthreadd making us */
	pm->nr_pdflush_threads++;
	if (!m->fst.thread_starts++)
		m->fst.first_thread_start = m->sim.now;
	wb_trace(m, t, writeback_flusher_start, t->comm, t->pid, "pdflush",
		 "pool");
	for (;;) {
		struct pdflush_work *pdf;

		list_move(&my_work->list, &pm->pdflush_list);
		my_work->when_i_went_to_sleep = m->sim.now;
		wb_trace(m, t, pdflush_idle, nr_idle(pm));
		while (!my_work->fn)
			schedule_wait(t, NULL);
		my_work->fn(m, t, my_work->arg0);

		/* creation: has no thread been idle for a second? */
		if (m->sim.now > pm->last_empty_jifs + NSEC_PER_SEC &&
		    list_empty(&pm->pdflush_list) &&
		    pm->nr_pdflush_threads < m->wbp.max_pdflush) {
			wb_trace(m, t, pdflush_start_thread,
				 pm->nr_pdflush_threads);
			start_one_pdflush_thread(m);
		}
		my_work->fn = NULL;

		/* destruction: has the sleepiest thread slept a second? */
		if (list_empty(&pm->pdflush_list))
			continue;
		if (pm->nr_pdflush_threads <= m->wbp.min_pdflush)
			continue;
		pdf = list_last_entry(&pm->pdflush_list, struct pdflush_work, list);
		if (m->sim.now > pdf->when_i_went_to_sleep + NSEC_PER_SEC) {
			pdf->when_i_went_to_sleep = m->sim.now;	/* exit rate */
			break;
		}
	}
	pm->nr_pdflush_threads--;
	m->fst.thread_exits++;
	m->fst.last_thread_exit = m->sim.now;
	wb_trace(m, t, writeback_flusher_exit, t->comm, t->pid, "pdflush",
		 "idle");
}

static void wb_timer_fn(struct sim *sim, struct sim_event *ev)
{
	struct pdflush_model *pm = container_of(ev, struct pdflush_model,
						 wb_timer);

	(void)sim;
	if (pdflush_operation(pm->m, NULL, wb_kupdate, 0) < 0)
		arm_wb_timer(pm->m, pm->m->sim.now + NSEC_PER_SEC);
}

/* ---- the callers ------------------------------------------------------ */

/* wakeup_pdflush(0): background writeout of everything dirty now */
static int wakeup_pdflush(struct machine *m, struct task *caller,
			  long nr_pages)
{
	if (!nr_pages)
		nr_pages = (long)global_page_state(&m->mm, NR_FILE_DIRTY);
	return pdflush_operation(m, caller, background_writeout, nr_pages);
}

static void pdflush_start_background(struct machine *m,
				     struct backing_dev_info *bdi)
{
	/* one global call per wakeup_flusher_threads() round */
	if (list_empty(&m->bdi_list) ||
	    bdi != list_first_entry(&m->bdi_list, struct backing_dev_info,
				    bdi_list))
		return;
	wakeup_pdflush(m, NULL, 0);
}

/**
 * pdflush_balance_dirty_pages - v2.6.30 balance_dirty_pages()
 *
 * While the bdi is over its share and the global count over the midpoint
 * of the background and dirty thresholds, the task writes up to
 * write_chunk pages of this bdi itself (any superblock), then sleeps in
 * congestion_wait. At the end, background writeout if no pdflush thread
 * writes this bdi.
 */
static void pdflush_balance_dirty_pages(struct machine *m, struct task *t,
					struct backing_dev_info *bdi,
					unsigned long pages_dirtied)
{
	long write_chunk = (long)(m->mm.ratelimit_pages +
				  m->mm.ratelimit_pages / 2);
	uint64_t background, dirty, bdi_thresh;
	uint64_t bdi_nr_reclaimable = 0, bdi_nr_writeback = 0;
	unsigned long pages_written = 0;
	sim_time_t t0 = m->sim.now, t1, slept = 0;
	long asked_total = 0;
	bool throttled = false;

	(void)pages_dirtied;
	for (;;) {
		struct writeback_control wbc = {
			.m = m, .task = t, .bdi = bdi, .sync_mode = WB_SYNC_NONE,
			.nr_to_write = write_chunk, .range_cyclic = true,
			.reason = WB_REASON_BALANCE_DIRTY,
		};
		uint64_t nr_reclaimable, nr_writeback;

		get_dirty_limits(m, t, &background, &dirty, &bdi_thresh, bdi);
		nr_reclaimable = global_page_state(&m->mm, NR_FILE_DIRTY);
		nr_writeback = global_page_state(&m->mm, NR_WRITEBACK);
		bdi_nr_reclaimable = bdi_stat(bdi, BDI_RECLAIMABLE);
		bdi_nr_writeback = bdi_stat(bdi, BDI_WRITEBACK);
		if (bdi_nr_reclaimable + bdi_nr_writeback <= bdi_thresh)
			break;
		/* throttle only when background writeout cannot catch up */
		if (nr_reclaimable + nr_writeback < (background + dirty) / 2)
			break;
		bdi->dirty_exceeded = true;
		throttled = true;
		if (bdi_nr_reclaimable) {
			writeback_inodes(m, &wbc);
			asked_total += write_chunk;
			pages_written += write_chunk - wbc.nr_to_write;
			m->fst.dirtier_pages_submitted += write_chunk - wbc.nr_to_write;
			get_dirty_limits(m, t, &background, &dirty, &bdi_thresh,
					 bdi);
		}
		bdi_nr_reclaimable = bdi_stat(bdi, BDI_RECLAIMABLE);
		bdi_nr_writeback = bdi_stat(bdi, BDI_WRITEBACK);
		if (bdi_nr_reclaimable + bdi_nr_writeback <= bdi_thresh)
			break;
		if (pages_written >= (unsigned long)write_chunk)
			break;		/* we've done our duty */
		t1 = m->sim.now;
		congestion_wait_2630(m, t);
		slept += m->sim.now - t1;	/* it may end early */
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
	if (writeback_in_progress(bdi))
		return;		/* pdflush is already working this queue */
	if (global_page_state(&m->mm, NR_FILE_DIRTY) > background)
		pdflush_operation(m, t, background_writeout, 0);
}

/* sync_inodes_sb() and sync_blockdev() of each superblock, oldest first */
static void sync_inodes(struct machine *m, struct task *t, bool wait)
{
	struct list_head *pos;

	list_for_each(pos, &m->super_blocks) {
		struct super_block *sb = list_entry(pos, struct super_block, s_list);
		struct writeback_control wbc = {
			.m = m, .task = t,
			.sync_mode = wait ? WB_SYNC_ALL : WB_SYNC_NONE,
			.nr_to_write = wait ? LONG_MAX :
				(long)global_page_state(&m->mm, NR_FILE_DIRTY) +
				(long)m->nr_inodes_in_use,
			.reason = WB_REASON_SYNC,
		};

		generic_sync_sb_inodes(m, sb, &wbc);
		if (sb->s_bdev_inode) {
			/* sync_blockdev(): filemap_write_and_wait */
			struct writeback_control bwbc = {
				.m = m, .task = t, .sync_mode = WB_SYNC_ALL,
				.nr_to_write = LONG_MAX, .reason = WB_REASON_SYNC,
			};

			write_cache_pages(&sb->s_bdev_inode->i_data, &bwbc);
			filemap_fdatawait(m, t, &sb->s_bdev_inode->i_data);
		}
	}
}

/**
 * pdflush_sync - v2.6.30 do_sync(1): wakeup_pdflush(0); write every
 * inode; write the superblocks; sync_fs without and with waiting; then
 * write and wait on every inode again
 */
static void pdflush_sync(struct machine *m, struct task *t)
{
	int old_path = io_path_enter(t, IO_PATH_SYNC);
	struct list_head *pos;

	wb_trace(m, t, sys_sync, "start");
	wakeup_pdflush(m, t, 0);
	sync_inodes(m, t, false);
	sync_supers(m, t);
	for (int wait = 0; wait <= 1; wait++)
		list_for_each(pos, &m->super_blocks) {
			struct super_block *sb = list_entry(pos, struct super_block,
							    s_list);

			if (sb->s_op->sync_fs)
				sb->s_op->sync_fs(sb, t, wait);
		}
	sync_inodes(m, t, true);
	wb_trace(m, t, sys_sync, "done");
	io_path_leave(t, old_path);
}

static struct list_head *pdflush_dirty_list(struct inode *inode)
{
	return &inode->i_sb->s_dirty;
}

static int pdflush_init(struct machine *m)
{
	struct pdflush_model *pm = calloc(1, sizeof(*pm));

	if (!pm)
		return -ENOMEM;
	pm->m = m;
	INIT_LIST_HEAD(&pm->pdflush_list);
	m->flusher_priv = pm;
	for (unsigned int i = 0; i < m->wbp.min_pdflush; i++)
		if (start_one_pdflush_thread(m))
			return -ENOMEM;
	sim_event_init(&pm->wb_timer, wb_timer_fn, "wb_timer");
	arm_wb_timer(m, m->sim.now + dirty_writeback_interval(m));
	return 0;
}

static void pdflush_exit(struct machine *m)
{
	struct pdflush_model *pm = model(m);

	if (!pm)
		return;
	sim_cancel(&m->sim, &pm->wb_timer);
	while (pm->all) {
		struct pdflush_work *pdf = pm->all;

		pm->all = pdf->next_all;
		kthread_free(&pdf->task);
		free(pdf);
	}
	free(pm);
	m->flusher_priv = NULL;
}

const struct flusher_type flusher_pdflush = {
	.name = "pdflush",
	.release = "v2.6.30",
	.init = pdflush_init,
	.exit = pdflush_exit,
	.dirty_list = pdflush_dirty_list,
	.balance_dirty_pages = pdflush_balance_dirty_pages,
	.start_background = pdflush_start_background,
	.sync = pdflush_sync,
};
