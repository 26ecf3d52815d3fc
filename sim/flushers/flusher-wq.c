// SPDX-License-Identifier: GPL-2.0
/*
 * Writeback as in v6.1 (fs/fs-writeback.c, mm/backing-dev.c; the
 * mm/page-writeback.c half is flusher-wq-bdp.c): bdi_wq work items, the
 * 6.1 list rules and superblock walk, without cgroup writeback.
 *
 * - Each wb has a delayed work item (wb->dwork) on the unbound bdi_wq. One
 *   worker kthread per wb stands for the pool's kworker that runs it: it
 *   sleeps until the work is queued (wb_wakeup: now) or its timer fires
 *   (wb_wakeup_delayed: dirty_writeback_interval) and then runs wb_workfn:
 *   wb_do_writeback (queued works, start-all, kupdate every interval,
 *   background flush) while works remain, then re-arms with
 *   wb_wakeup_delayed while the wb has dirty io. A first dirty inode on a
 *   wb without dirty io arms the delayed wakeup (__mark_inode_dirty). No
 *   forker and no sync_supers thread (gone in 3.10 and 3.6).
 * - Naming: ps on 6.1 shows such a worker as "kworker/u4:1-flush-8:0": the
 *   task comm kworker/uN:M (unbound pool id, worker number) plus the
 *   description from set_worker_desc("flush-%s"). ftrace and blktrace show
 *   the task comm only, so ours is kworker/u<2*ncpus>:<bdi index> (the
 *   first unbound pool's id follows the two per-CPU pools of each CPU)
 *   and the traces print flush-MAJ:MIN.
 * - wb_writeback: kupdate takes inodes dirtied before now - 30 s,
 *   background ones dirtied before now, other works those dirtied before
 *   the work started; queue_io only when b_io is empty; __writeback_inodes_wb
 *   walks superblocks from the tail of b_io; writeback_sb_inodes writes one
 *   superblock's inodes, writeback_chunk_size pages each, and goes back to
 *   wb_writeback after sb_slice (HZ/10) once it wrote something. That slice
 *   bounds how long wb_writeback goes without re-checking its stop
 *   conditions; the tail of b_io is then usually still the same
 *   superblock, so superblocks alternate when one's inodes on b_io are
 *   used up (or at once when each has one inode), not every 100 ms.
 *
 * Simplified: the dirty thresholds are get_dirty_limits' ratios of the
 * dirtyable memory vm.dirtyable counts (6.1's global_dirtyable_memory()
 * with `6.1`, as vm61.ini has it; 2.6.30's free + file + anon pages by
 * default, for comparisons at the 2009 box's limits); the wb's share of
 * completions is 6.1's (flexible proportions halved every 3 s) but on a
 * 3 s grid from boot rather than from the first completion, and a bdi
 * that never completed a write has a zero share, so its first
 * background check writes all it has; trylock_super fails only
 * while s_umount_busy; no b_dirty_time (lazytime), no tagged_writepages
 * (the shared write_cache_pages is 2.6.30's); the workqueue timers (dwork,
 * bw_dwork) have no slack; sync(2) follows ksys_sync, with sync_bdevs
 * limited to the mounted partitions; wb_workfn's rescuer path is absent.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>

#include "flusher-wq.h"
#include "fs/vfs.h"

/* wb_writeback_work */
struct wq_work {
	long nr_pages;
	struct super_block *sb;
	enum writeback_sync_modes sync_mode;
	bool for_kupdate, for_background, for_sync, range_cyclic;
	enum wb_reason reason;
};

/* ---- the work item and its worker ------------------------------------- */

/* mod_delayed_work(bdi_wq, &wb->dwork, 0) */
static void wb_wakeup(struct wq_wb *w)
{
	sim_cancel(&w->m->sim, &w->dwork_timer);
	if (!w->queued) {
		w->queued = true;
		wake_up(&w->idle);
	}
}

/* queue_delayed_work(): nothing if the work is pending already */
static void wb_wakeup_delayed(struct wq_wb *w)
{
	if (w->queued || sim_event_pending(&w->dwork_timer))
		return;
	sim_schedule_in(&w->m->sim, &w->dwork_timer, dirty_writeback_interval(w->m));
}

static void dwork_timer_fn(struct sim *sim, struct sim_event *ev)
{
	struct wq_wb *w = container_of(ev, struct wq_wb, dwork_timer);

	w->queued = true;
	wake_up(&w->idle);
}

/**
 * wq_start_background_writeback - wb_start_background_writeback(): wake
 * the worker; it writes back while the wb is over the background threshold
 */
void wq_start_background_writeback(struct wq_wb *w, struct task *t)
{
	if (!w->queued)		/* traced when it does something */
		wb_trace(w->m, t, writeback_wake_background, w->bdi->name,
			 0UL);
	wb_wakeup(w);
}

/* wb_start_writeback(): at most one "write everything" request pending */
static void wb_start_writeback(struct wq_wb *w, enum wb_reason reason)
{
	if (!bdi_has_dirty_io(w->bdi) || w->start_all)
		return;
	w->start_all = true;
	w->start_all_reason = reason;
	wb_wakeup(w);
}

static void wb_queue_work(struct wq_wb *w, struct task *t,
			  struct bdi_work *work)
{
	wb_trace(w->m, t, writeback_queue, w->bdi->name, TEV_SB_DEV(work->sb),
		 work->nr_pages, work->sync_mode, work->for_kupdate,
		 work->range_cyclic, work->for_background,
		 wb_reason_name[work->reason], 0UL);
	list_add_tail(&work->list, &w->bdi->work_list);
	wb_wakeup(w);
}

/* ---- the 6.1 list rules ------------------------------------------------ */

/**
 * wq_writeback_chunk_size - pages per inode in one writeback_sb_inodes
 * step (6.1's writeback_chunk_size)
 * @sync_all: WB_SYNC_ALL: everything in one go (livelock avoidance)
 * @avg_write_bandwidth: the wb's estimate, pages/s
 * @dirty_limit: global_wb_domain.dirty_limit, pages
 * @nr_pages: what the work has left
 *
 * About half a second of the disk's bandwidth, at most 1/DIRTY_SCOPE of
 * the dirty limit and what the work has left, plus 4 MiB rounded down to
 * a multiple of 4 MiB: never less than MIN_WRITEBACK_PAGES.
 */
long wq_writeback_chunk_size(bool sync_all, unsigned long avg_write_bandwidth,
			     unsigned long dirty_limit, long nr_pages)
{
	unsigned long pages;

	if (sync_all)
		return LONG_MAX;
	pages = avg_write_bandwidth / 2;
	if (pages > dirty_limit / DIRTY_SCOPE)
		pages = dirty_limit / DIRTY_SCOPE;
	if (nr_pages >= 0 && pages > (unsigned long)nr_pages)
		pages = (unsigned long)nr_pages;
	pages += MIN_WRITEBACK_PAGES;
	return (long)(pages - pages % MIN_WRITEBACK_PAGES);
}

/*
 * move_expired_inodes() of 6.1: the inodes dirtied at or before
 * @dirtied_before, oldest first, grouped by superblock when there are
 * several; unlike 2.6.32's shared version the block device superblock's
 * inodes do not count when deciding whether to group.
 */
static int wq_move_expired_inodes(struct machine *m, struct list_head *delaying,
			       struct list_head *dispatch, int64_t dirtied_before)
{
	struct list_head tmp = LIST_HEAD_INIT(tmp);
	struct super_block *sb = NULL;
	bool do_sb_sort = false;
	int moved = 0;

	while (!list_empty(delaying)) {
		struct inode *inode = list_last_entry(delaying, struct inode, i_list);

		if ((int64_t)inode->dirtied_when > dirtied_before)
			break;
		list_move(&inode->i_list, &tmp);
		moved++;
		if (inode->i_sb == &m->bdev_sb)
			continue;
		if (sb && sb != inode->i_sb)
			do_sb_sort = true;
		sb = inode->i_sb;
	}
	if (!do_sb_sort) {
		list_splice_init(&tmp, dispatch);
		return moved;
	}
	while (!list_empty(&tmp)) {
		struct list_head *pos, *prev;

		sb = list_last_entry(&tmp, struct inode, i_list)->i_sb;
		for (pos = tmp.prev; pos != &tmp; pos = prev) {
			struct inode *inode = list_entry(pos, struct inode, i_list);

			prev = pos->prev;
			if (inode->i_sb == sb)
				list_move(&inode->i_list, dispatch);
		}
	}
	return moved;
}

/*
 * queue_io() of 6.1 (called with b_io empty):
 *
 *          b_dirty          b_io               b_more_io
 *   before [g f]            []                 [B A]
 *   after  [g]              [f B A]  --> A first
 *
 * b_more_io goes to the head of b_io, then the expired inodes in front of
 * it: what was left over is written before what expired since.
 */
static void wq_queue_io(struct wq_wb *w, struct task *t, struct wq_work *work,
		     int64_t dirtied_before)
{
	struct bdi_writeback *wb = &w->bdi->wb;
	int moved;

	list_splice_init(&wb->b_more_io, &wb->b_io);
	moved = wq_move_expired_inodes(w->m, &wb->b_dirty, &wb->b_io, dirtied_before);
	/* older: dirtied_before in jiffies, age: relative, in ms */
	wb_trace_verbose(w->m, t, writeback_queue_io, w->bdi->name,
			 (unsigned long)(dirtied_before > 0 ?
					 dirtied_before / (int64_t)wq_jiffy_ns(w->m) : 0),
			 (long)(((int64_t)w->m->sim.now - dirtied_before) /
				(int64_t)NSEC_PER_MSEC),
			 moved, wb_reason_name[work->reason], 0UL);
}

/*
 * requeue_inode() of 6.1, after writeback_sb_inodes wrote @inode. It
 * differs from 2.6.32's rules (the shared writeback_single_inode) in that
 * an inode with dirty pages left goes to b_more_io whenever its chunk was
 * used up, for any kind of work (2.6.32: only for kupdate; background and
 * other works put it back on b_dirty, behind every other dirty inode); one
 * that stopped early goes back to b_dirty; and after WB_SYNC_ALL an inode
 * still dirty gets dirtied_when = now, so this sync does not take it again.
 */
static void wq_requeue_inode(struct machine *m, struct inode *inode,
			  struct bdi_writeback *wb,
			  const struct writeback_control *wbc)
{
	if (inode->i_state & I_FREEING)
		return;
	if ((inode->i_state & I_DIRTY) && wbc->sync_mode == WB_SYNC_ALL)
		inode->dirtied_when = m->sim.now;
	if (wbc->pages_skipped) {
		if (inode->i_state & I_DIRTY)
			redirty_tail(m, inode, &wb->b_dirty);
		else
			list_del_init(&inode->i_list);
		return;
	}
	if (inode->i_data.nr_dirty) {
		if (wbc->nr_to_write <= 0)
			requeue_io(inode, &wb->b_more_io);	/* slice used up */
		else
			redirty_tail(m, inode, &wb->b_dirty);	/* blocked */
	} else if (inode->i_state & I_DIRTY) {
		redirty_tail(m, inode, &wb->b_dirty);
	} else {
		list_del_init(&inode->i_list);		/* clean */
	}
}

/* __writeback_single_inode(): the pages, then the inode if it is dirty */
static void __writeback_single_inode(struct wq_wb *w, struct inode *inode,
				     struct writeback_control *wbc,
				     bool for_sync)
{
	struct address_space *mapping = &inode->i_data;
	uint32_t dirty;

	wq_do_writepages(w, mapping, wbc);
	/* sync(2) waits for all of it in wait_sb_inodes instead */
	if (wbc->sync_mode == WB_SYNC_ALL && !for_sync)
		filemap_fdatawait(w->m, wbc->task, mapping);
	dirty = inode->i_state & I_DIRTY;
	inode->i_state &= ~dirty;
	if (mapping->nr_dirty)
		inode->i_state |= I_DIRTY_PAGES;
	if ((dirty & ~I_DIRTY_PAGES) && inode->i_sb->s_op->write_inode)
		inode->i_sb->s_op->write_inode(inode, wbc->sync_mode == WB_SYNC_ALL);
}

/*
 * writeback_sb_inodes(): inodes of @sb from the tail of b_io until another
 * superblock's inode is there, b_io is empty, or (once something was
 * written) the slice is over or the work is done. Return: pages written
 * plus inodes cleaned.
 */
static long writeback_sb_inodes(struct wq_wb *w, struct task *t,
				struct super_block *sb, struct wq_work *work)
{
	struct machine *m = w->m;
	struct bdi_writeback *wb = &w->bdi->wb;
	struct writeback_control wbc = {
		.m = m, .task = t, .bdi = w->bdi, .sb = sb,
		.sync_mode = work->sync_mode, .for_kupdate = work->for_kupdate,
		.for_background = work->for_background,
		.range_cyclic = work->range_cyclic, .reason = work->reason,
	};
	const unsigned long slice = (unsigned long)(m->wbp.sb_slice / wq_jiffy_ns(m));
	const unsigned long start = wq_jiffies(m);
	const sim_time_t start_ns = m->sim.now;
	const char *why = "empty";
	char next[24];
	long total_wrote = 0, pages = 0;

	while (!list_empty(&wb->b_io)) {
		struct inode *inode = list_last_entry(&wb->b_io, struct inode, i_list);
		long chunk, wrote;

		if (inode->i_sb != sb) {
			if (work->sb) {
				redirty_tail(m, inode, &wb->b_dirty);
				continue;
			}
			why = "other_sb";	/* back to pin the next sb */
			break;
		}
		if (inode->i_state & I_FREEING) {
			redirty_tail(m, inode, &wb->b_dirty);
			continue;
		}
		if (inode->i_state & I_SYNC) {
			if (wbc.sync_mode != WB_SYNC_ALL) {
				requeue_io(inode, &wb->b_more_io);
				wb_trace(m, t, writeback_sb_inodes_requeue,
					 w->bdi->name,
					 (unsigned long)inode->i_ino, "", 0UL,
					 0UL, 0UL);
				continue;
			}
			schedule_wait(t, &inode->i_sync_wait);
			continue;	/* it may be gone: look again */
		}
		inode->i_state |= I_SYNC;
		chunk = wq_writeback_chunk_size(wbc.sync_mode == WB_SYNC_ALL,
						w->bdi->avg_write_bandwidth,
						wq_model(m)->dirty_limit,
						work->nr_pages);
		wbc.nr_to_write = chunk;
		wbc.pages_skipped = 0;
		__writeback_single_inode(w, inode, &wbc, work->for_sync);
		work->nr_pages -= chunk - wbc.nr_to_write;
		wrote = chunk - wbc.nr_to_write - wbc.pages_skipped;
		if (wrote < 0)
			wrote = 0;
		total_wrote += wrote;
		pages += wrote;
		if (wrote)
			cpu_burn(t, (sim_time_t)wrote * m->wbp.cpu_per_page);
		if (!(inode->i_state & I_DIRTY))
			total_wrote++;
		wb_trace_verbose(m, t, writeback_single_inode, w->bdi->name,
				 (unsigned long)inode->i_ino, "", 0UL, 0UL, 0UL,
				 wbc.nr_to_write, (unsigned long)wrote, 0UL);
		wq_requeue_inode(m, inode, wb, &wbc);
		inode->i_state &= ~I_SYNC;
		if (waitqueue_active(&inode->i_sync_wait))
			wake_up(&inode->i_sync_wait);
		if (total_wrote) {
			if (wq_jiffies(m) > start + slice) {
				why = "slice";
				break;
			}
			if (work->nr_pages <= 0) {
				why = "nr_pages";
				break;
			}
		}
	}
	wb_trace_sb_chunk(m, t, w->bdi, sb, pages, start_ns, work->sync_mode,
			  work->reason);
	if (list_empty(&wb->b_io))
		snprintf(next, sizeof(next), "-");
	else
		snprintf(next, sizeof(next), "%u:%u", TEV_SB_DEV(list_last_entry(
			 &wb->b_io, struct inode, i_list)->i_sb));
	wb_trace(m, t, writeback_sb_inodes_end, w->bdi->name,
		 TEV_SB_DEV(sb), pages, total_wrote,
		 (unsigned long long)((m->sim.now - start_ns) / NSEC_PER_USEC),
		 why, next);
	return total_wrote;
}

/* __writeback_inodes_wb(): superblock by superblock from the tail of b_io */
static long __writeback_inodes_wb(struct wq_wb *w, struct task *t,
				  struct wq_work *work)
{
	struct machine *m = w->m;
	struct bdi_writeback *wb = &w->bdi->wb;
	const unsigned long slice = (unsigned long)(m->wbp.sb_slice / wq_jiffy_ns(m));
	const unsigned long start = wq_jiffies(m);
	long wrote = 0;

	while (!list_empty(&wb->b_io)) {
		struct inode *inode = list_last_entry(&wb->b_io, struct inode, i_list);
		struct super_block *sb = inode->i_sb;

		if (sb->s_umount_busy) {	/* trylock_super() failed */
			redirty_tail(m, inode, &wb->b_dirty);
			continue;
		}
		wrote += writeback_sb_inodes(w, t, sb, work);
		if (wrote) {
			if (wq_jiffies(m) > start + slice)
				break;
			if (work->nr_pages <= 0)
				break;
		}
	}
	return wrote;
}

/*
 * wb_writeback(): rounds of queue_io (when b_io is empty) and the
 * superblock walk until the work is done, background writeback is below
 * the threshold, a background or kupdate work sees other work queued, or
 * nothing is left; with nothing written it waits for an inode of b_more_io
 * being written by someone else. Return: pages written.
 */
static long wb_writeback(struct wq_wb *w, struct task *t, struct wq_work *work)
{
	struct machine *m = w->m;
	struct bdi_writeback *wb = &w->bdi->wb;
	const long nr_pages = work->nr_pages;
	int64_t dirtied_before = (int64_t)m->sim.now;

	for (;;) {
		long progress;

		if (work->nr_pages <= 0)
			break;
		if ((work->for_background || work->for_kupdate) &&
		    !list_empty(&w->bdi->work_list))
			break;
		if (work->for_background && !wq_over_bg_thresh(m, w->bdi))
			break;
		if (work->for_kupdate)
			dirtied_before = (int64_t)m->sim.now -
				(int64_t)m->mm.p.dirty_expire_centisecs * 10 *
				(int64_t)NSEC_PER_MSEC;
		else if (work->for_background)
			dirtied_before = (int64_t)m->sim.now;
		wb_trace(m, t, writeback_start, w->bdi->name,
			 TEV_SB_DEV(work->sb), work->nr_pages, work->sync_mode,
			 work->for_kupdate, work->range_cyclic,
			 work->for_background, wb_reason_name[work->reason],
			 0UL);
		if (list_empty(&wb->b_io))
			wq_queue_io(w, t, work, dirtied_before);
		if (work->sb)
			progress = writeback_sb_inodes(w, t, work->sb, work);
		else
			progress = __writeback_inodes_wb(w, t, work);
		wb_trace(m, t, writeback_written, w->bdi->name,
			 TEV_SB_DEV(work->sb), work->nr_pages, work->sync_mode,
			 work->for_kupdate, work->range_cyclic,
			 work->for_background, wb_reason_name[work->reason],
			 0UL);
		if (progress)
			continue;
		if (list_empty(&wb->b_more_io))
			break;
		/* nothing written: wait for an inode someone else writes */
		wb_trace(m, t, writeback_wait, w->bdi->name,
			 TEV_SB_DEV(work->sb), work->nr_pages, work->sync_mode,
			 work->for_kupdate, work->range_cyclic,
			 work->for_background, wb_reason_name[work->reason],
			 0UL);
		{
			struct inode *inode = list_last_entry(&wb->b_more_io,
							      struct inode, i_list);

			if (inode->i_state & I_SYNC)
				schedule_wait(t, &inode->i_sync_wait);
		}
	}
	m->fst.flusher_pages_submitted += (uint64_t)(nr_pages - work->nr_pages);
	return nr_pages - work->nr_pages;
}

/* dirty pages plus dirty inodes: get_nr_dirty_pages() */
static long nr_dirty_pages(struct machine *m)
{
	return (long)global_page_state(&m->mm, NR_FILE_DIRTY) +
	       (long)m->nr_inodes_in_use;
}

static long wb_check_start_all(struct wq_wb *w, struct task *t)
{
	long nr_pages;

	if (!w->start_all)
		return 0;
	nr_pages = nr_dirty_pages(w->m);
	if (nr_pages) {
		struct wq_work work = { .nr_pages = nr_pages,
					.sync_mode = WB_SYNC_NONE,
					.range_cyclic = true,
					.reason = w->start_all_reason };

		w->m->fst.works++;
		nr_pages = wb_writeback(w, t, &work);
	}
	w->start_all = false;
	return nr_pages;
}

/* kupdate: at most once per dirty_writeback_interval */
static long wb_check_old_data_flush(struct wq_wb *w, struct task *t)
{
	struct machine *m = w->m;
	struct wq_work work = { .sync_mode = WB_SYNC_NONE, .for_kupdate = true,
				.range_cyclic = true,
				.reason = WB_REASON_PERIODIC };

	if (!dirty_writeback_interval(m) ||
	    m->sim.now < w->bdi->wb.last_old_flush + dirty_writeback_interval(m))
		return 0;
	w->bdi->wb.last_old_flush = m->sim.now;
	work.nr_pages = nr_dirty_pages(m);
	if (!work.nr_pages)
		return 0;
	m->fst.kupdate_runs++;
	return wb_writeback(w, t, &work);
}

static long wb_check_background_flush(struct wq_wb *w, struct task *t)
{
	struct wq_work work = { .nr_pages = LONG_MAX, .sync_mode = WB_SYNC_NONE,
				.for_background = true, .range_cyclic = true,
				.reason = WB_REASON_BACKGROUND };

	if (!wq_over_bg_thresh(w->m, w->bdi))
		return 0;
	w->m->fst.works++;
	return wb_writeback(w, t, &work);
}

static long wb_do_writeback(struct wq_wb *w, struct task *t)
{
	struct backing_dev_info *bdi = w->bdi;
	long wrote = 0;

	w->running = true;
	while (!list_empty(&bdi->work_list)) {
		struct bdi_work *bw = list_first_entry(&bdi->work_list,
						       struct bdi_work, list);
		struct wq_work work = {
			.nr_pages = bw->nr_pages, .sb = bw->sb,
			.sync_mode = bw->sync_mode, .for_kupdate = bw->for_kupdate,
			.for_background = bw->for_background,
			.for_sync = bw->sync_mode == WB_SYNC_ALL &&
				    bw->reason == WB_REASON_SYNC,
			.range_cyclic = bw->range_cyclic, .reason = bw->reason,
		};

		list_del_init(&bw->list);	/* get_next_work_item() */
		wb_trace(w->m, t, writeback_exec, bdi->name,
			 TEV_SB_DEV(work.sb), work.nr_pages, work.sync_mode,
			 work.for_kupdate, work.range_cyclic,
			 work.for_background, wb_reason_name[work.reason], 0UL);
		w->m->fst.works++;
		wrote += wb_writeback(w, t, &work);
		bdi_work_done(w->m, bw);
	}
	wrote += wb_check_start_all(w, t);
	wrote += wb_check_old_data_flush(w, t);
	wrote += wb_check_background_flush(w, t);
	w->running = false;
	return wrote;
}

/* wb_workfn(): until no work is queued; re-armed while dirty io remains */
static void wb_workfn(struct wq_wb *w, struct task *t)
{
	struct machine *m = w->m;
	long pages;

	/* the work struct: the worker's pid stands in for its address */
	wb_trace(m, t, workqueue_execute_start,
		 (unsigned long long)w->worker.pid, "wb_workfn");
	do {
		pages = wb_do_writeback(w, t);
		wb_trace(m, t, writeback_pages_written, pages);
	} while (!list_empty(&w->bdi->work_list));
	if (bdi_has_dirty_io(w->bdi) && dirty_writeback_interval(m))
		wb_wakeup_delayed(w);
	wb_trace(m, t, workqueue_execute_end,
		 (unsigned long long)w->worker.pid, "wb_workfn");
}

/* the kworker running this wb's work item */
static void wq_worker_thread(struct task *t)
{
	struct wq_wb *w = t->priv;

	t->io_path = IO_PATH_WRITEBACK;	/* whatever work it serves */
	for (;;) {
		while (!w->queued)
			schedule_wait(t, &w->idle);
		w->queued = false;
		wb_workfn(w, t);
	}
}

/* ---- the model's entry points ------------------------------------------ */

static struct list_head *wq_dirty_list(struct inode *inode)
{
	return &inode->i_data.bdi->wb.b_dirty;
}

/* __mark_inode_dirty(): the first dirty inode of a wb arms its work */
static void wq_inode_dirtied(struct machine *m, struct inode *inode)
{
	struct backing_dev_info *bdi = inode->i_data.bdi;
	struct bdi_writeback *wb = &bdi->wb;

	if (!list_is_singular(&wb->b_dirty) || !list_empty(&wb->b_io) ||
	    !list_empty(&wb->b_more_io))
		return;
	wb_trace(m, NULL, writeback_dirty_inode_enqueue,
		 TEV_SB_DEV(inode->i_sb),
		 (unsigned long)inode->i_ino, 0UL, "", 0U);
	wb_wakeup_delayed(bdi->flusher_priv);
}

/* memory is short (vmscan): wakeup_flusher_threads() -> start all */
static void wq_start_all(struct machine *m, struct backing_dev_info *bdi)
{
	wb_start_writeback(bdi->flusher_priv, WB_REASON_VMSCAN);
}

/* wait_sb_inodes(): for the pages that were under writeback when it began;
 * the inodes are pinned so none is freed while we sleep on it */
static void wait_sb_inodes(struct machine *m, struct task *t,
			   struct super_block *sb)
{
	struct inode **pinned = NULL;
	size_t nr = 0, cap = 0;
	struct list_head *pos;

	list_for_each(pos, &sb->s_inodes) {
		struct inode *inode = list_entry(pos, struct inode, i_sb_list);

		if (!inode->i_data.nr_writeback || (inode->i_state & I_FREEING))
			continue;
		if (nr == cap) {
			struct inode **n = realloc(pinned, (cap ? 2 * cap : 64) *
						   sizeof(*n));

			if (!n)
				abort();	/* simulator out of memory */
			pinned = n;
			cap = cap ? 2 * cap : 64;
		}
		iget(inode);
		pinned[nr++] = inode;
	}
	for (size_t i = 0; i < nr; i++) {
		filemap_fdatawait(m, t, &pinned[i]->i_data);
		iput(m, t, pinned[i]);
	}
	free(pinned);
}

/* sync_inodes_sb(): a WB_SYNC_ALL work for @sb on its wb, waited for */
static void sync_inodes_sb(struct machine *m, struct task *t,
			   struct super_block *sb)
{
	struct bdi_work work = { .sb = sb, .sync_mode = WB_SYNC_ALL,
				 .nr_pages = LONG_MAX, .range_cyclic = false,
				 .reason = WB_REASON_SYNC, .waiter = t };

	INIT_LIST_HEAD(&work.list);
	wb_queue_work(sb->s_bdi->flusher_priv, t, &work);
	while (!work.done)
		schedule_wait(t, NULL);
	wait_sb_inodes(m, t, sb);
}

/* sync_blockdev(): the partition's buffer cache, written and waited for */
static void sync_blockdev(struct machine *m, struct task *t, struct inode *bd)
{
	struct writeback_control wbc = {
		.m = m, .task = t, .bdi = bd->i_data.bdi,
		.sync_mode = WB_SYNC_ALL, .nr_to_write = LONG_MAX,
		.reason = WB_REASON_SYNC,
	};

	write_cache_pages(&bd->i_data, &wbc);
	filemap_fdatawait(m, t, &bd->i_data);
}

/*
 * ksys_sync(): start-all on every wb; per superblock, a WB_SYNC_ALL work
 * and wait_sb_inodes; ->sync_fs without and with waiting; then the block
 * devices' buffer caches (sync_bdevs), which hold what write_inode and
 * the journal dirtied meanwhile.
 */
static void wq_sync(struct machine *m, struct task *t)
{
	int old_path = io_path_enter(t, IO_PATH_SYNC);
	struct list_head *pos;

	list_for_each(pos, &m->bdi_list)
		wb_start_writeback(list_entry(pos, struct backing_dev_info,
					      bdi_list)->flusher_priv,
				   WB_REASON_SYNC);
	list_for_each(pos, &m->super_blocks) {
		struct super_block *sb = list_entry(pos, struct super_block, s_list);

		if (sb != &m->bdev_sb)
			sync_inodes_sb(m, t, sb);
	}
	for (int wait = 0; wait < 2; wait++)
		list_for_each(pos, &m->super_blocks) {
			struct super_block *sb = list_entry(pos, struct super_block,
							    s_list);

			if (sb != &m->bdev_sb && sb->s_op->sync_fs)
				sb->s_op->sync_fs(sb, t, wait);
		}
	list_for_each(pos, &m->super_blocks) {
		struct super_block *sb = list_entry(pos, struct super_block, s_list);

		if (sb != &m->bdev_sb && sb->s_bdev_inode)
			sync_blockdev(m, t, sb->s_bdev_inode);
	}
	io_path_leave(t, old_path);
}

static int wq_init(struct machine *m)
{
	struct wq_model *wm = calloc(1, sizeof(*wm));
	struct list_head *pos;
	int i = 0;

	if (!wm)
		return -ENOMEM;
	m->flusher_priv = wm;
	list_for_each(pos, &m->bdi_list)
		wm->nr_wbs++;
	wm->wbs = calloc((size_t)wm->nr_wbs, sizeof(*wm->wbs));
	if (!wm->wbs)
		return -ENOMEM;
	list_for_each(pos, &m->bdi_list) {
		struct backing_dev_info *bdi = list_entry(pos, struct backing_dev_info,
							  bdi_list);
		struct wq_wb *w = &wm->wbs[i];
		char comm[32];	/* task_init() cuts it to TASK_COMM_LEN */

		w->m = m;
		w->bdi = bdi;
		bdi->flusher_priv = w;
		bdi->flusher_machine = m;
		bdi->wb.last_old_flush = m->sim.now;
		init_waitqueue_head(&w->idle);
		sim_event_init(&w->dwork_timer, dwork_timer_fn, "wq_dwork");
		wq_bandwidth_init(m, w);
		snprintf(comm, sizeof(comm), "kworker/u%u:%d", 2 * m->cs.nr_cpus, i);
		if (kthread_run(&m->cs, &w->worker, comm, wq_worker_thread, w))
			return -ENOMEM;
		/* the pool's worker exists from boot; it never exits */
		if (!m->fst.thread_starts++)
			m->fst.first_thread_start = m->sim.now;
		wb_trace(m, &w->worker, writeback_bdi_register, bdi->name);
		i++;
	}
	wq_domain_init(m);
	return 0;
}

static void wq_exit(struct machine *m)
{
	struct wq_model *wm = wq_model(m);

	if (!wm)
		return;
	if (wm->period_timer.fn)
		sim_cancel(&m->sim, &wm->period_timer);
	for (int i = 0; wm->wbs && i < wm->nr_wbs; i++) {
		struct wq_wb *w = &wm->wbs[i];

		if (!w->bdi)
			continue;
		sim_cancel(&m->sim, &w->dwork_timer);
		sim_cancel(&m->sim, &w->bw_timer);
		kthread_free(&w->worker);
		w->bdi->flusher_priv = NULL;
	}
	free(wm->wbs);
	free(wm);
	m->flusher_priv = NULL;
}

const struct flusher_type flusher_wq = {
	.name = "wq",
	.release = "v6.1",
	.init = wq_init,
	.exit = wq_exit,
	.dirty_list = wq_dirty_list,
	.inode_dirtied = wq_inode_dirtied,
	.balance_dirty_pages = wq_balance_dirty_pages,
	.balance_dirty_pages_ratelimited = wq_balance_dirty_pages_ratelimited,
	.inode_writeback_end = wq_inode_writeback_end,
	.start_background = wq_start_all,
	.sync = wq_sync,
};
