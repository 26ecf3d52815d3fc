// SPDX-License-Identifier: GPL-2.0
/*
 * The writeback list rules shared by every flusher model
 * (fs/fs-writeback.c of v2.6.30 and v2.6.32, which agree on them). The
 * models pass the lists they use: a superblock's s_dirty/s_io/s_more_io
 * (pdflush) or the bdi's b_dirty/b_io/b_more_io (bdi, wq).
 *
 * Each dirty list is ordered by dirtied_when, newest at the head; the
 * io lists are consumed from the tail.
 *
 *   queue_io:   b_more_io ----splice at the tail----> b_io
 *               b_dirty (expired, oldest first) ----> b_io
 *
 *        b_dirty              b_io              b_more_io
 *   head [new ... old] tail   [.. next] <-taken  [....]
 */
#include "mm/filemap.h"
#include "init/machine.h"

static bool inode_dirtied_after(const struct inode *inode, sim_time_t t)
{
	return inode->dirtied_when > t;
}

/**
 * __mark_inode_dirty - @inode gained @flags (I_DIRTY_PAGES, ...)
 *
 * On the clean->dirty transition it is stamped with dirtied_when and put
 * at the head of the flusher model's dirty list, which keeps that list
 * ordered by time (dirtied_when is set only on that transition).
 */
void __mark_inode_dirty(struct machine *m, struct inode *inode,
			uint32_t flags)
{
	bool was_dirty = inode->i_state & I_DIRTY;

	if ((inode->i_state & flags) == flags)
		return;
	inode->i_state |= flags;
	if (inode->i_state & I_FREEING)
		return;
	/* being written: writeback_single_inode requeues it when done */
	if (inode->i_state & I_SYNC)
		return;
	if (!was_dirty) {
		inode->dirtied_when = m->sim.now;
		list_move(&inode->i_list, m->flusher->dirty_list(inode));
		if (m->flusher->inode_dirtied)
			m->flusher->inode_dirtied(m, inode);
	}
}

/**
 * redirty_tail - back to the head of @dirty (the newest end)
 *
 * dirtied_when is reset to now if keeping it would break the list's time
 * order, so kupdate will not see it as expired too soon.
 */
void redirty_tail(struct machine *m, struct inode *inode,
		  struct list_head *dirty)
{
	if (!list_empty(dirty)) {
		struct inode *tail = list_first_entry(dirty, struct inode, i_list);

		if (inode->dirtied_when < tail->dirtied_when)
			inode->dirtied_when = m->sim.now;
	}
	list_move(&inode->i_list, dirty);
}

/**
 * requeue_io - onto @more_io: more writeout as soon as possible
 */
void requeue_io(struct inode *inode, struct list_head *more_io)
{
	list_move(&inode->i_list, more_io);
}

/**
 * move_expired_inodes - move inodes dirtied before wbc->older_than_this
 * (all, if none is set) from the tail of @delaying_queue to @dispatch_queue
 *
 * With wbc->sb == NULL and inodes of several superblocks, 2.6.32 (commit
 * 5c03449d) moves the inodes of one superblock together, superblock by
 * superblock in the order their oldest inode was found.
 */
void move_expired_inodes(struct list_head *delaying_queue,
			 struct list_head *dispatch_queue,
			 struct writeback_control *wbc)
{
	struct list_head tmp = LIST_HEAD_INIT(tmp);
	struct super_block *sb = NULL;
	bool do_sb_sort = false;

	while (!list_empty(delaying_queue)) {
		struct inode *inode = list_last_entry(delaying_queue, struct inode,
						      i_list);

		if (wbc->has_older_than &&
		    inode_dirtied_after(inode, wbc->older_than_this))
			break;
		if (sb && sb != inode->i_sb)
			do_sb_sort = true;
		sb = inode->i_sb;
		list_move(&inode->i_list, &tmp);
	}
	if (!do_sb_sort) {
		list_splice_init(&tmp, dispatch_queue);
		return;
	}
	while (!list_empty(&tmp)) {
		struct list_head *pos, *prev;

		sb = list_last_entry(&tmp, struct inode, i_list)->i_sb;
		for (pos = tmp.prev; pos != &tmp; pos = prev) {
			struct inode *inode = list_entry(pos, struct inode, i_list);

			prev = pos->prev;
			if (inode->i_sb == sb)
				list_move(&inode->i_list, dispatch_queue);
		}
	}
}

/**
 * queue_io - refill @io: first what was left on @more_io, then the
 * expired inodes of @dirty
 */
void queue_io(struct list_head *dirty, struct list_head *io,
	      struct list_head *more_io, struct writeback_control *wbc)
{
	list_splice_tail_init(more_io, io);
	move_expired_inodes(dirty, io, wbc);
}

/**
 * writeback_single_inode - write one inode's pages (and the inode)
 * @dirty, @more_io: the lists the model requeues it on
 *
 * As 2.6.30's __writeback_single_inode/2.6.32's writeback_single_inode:
 * an inode already being written (I_SYNC) is requeued unless this is a
 * data-integrity sync, which waits. Afterwards an inode with pages left
 * goes to more_io (kupdate, its slice used up) or back to the dirty list
 * (redirty_tail), so heavy writing to one file cannot starve the others.
 * Return: 0.
 */
int writeback_single_inode(struct inode *inode,
			   struct writeback_control *wbc,
			   struct list_head *dirty, struct list_head *more_io)
{
	struct machine *m = wbc->m;
	struct address_space *mapping = &inode->i_data;
	bool wait = wbc->sync_mode == WB_SYNC_ALL;
	uint32_t was_dirty;

	if (inode->i_state & I_SYNC) {
		if (!wait) {
			requeue_io(inode, more_io);
			return 0;
		}
		inode_sync_wait(m, wbc->task, inode);
	}
	was_dirty = inode->i_state & I_DIRTY;
	inode->i_state |= I_SYNC;
	inode->i_state &= ~I_DIRTY;
	inode->i_count++;		/* pinned while we may sleep */

	write_cache_pages(mapping, wbc);
	if ((was_dirty & (I_DIRTY_SYNC | I_DIRTY_DATASYNC)) &&
	    inode->i_sb->s_op->write_inode)
		inode->i_sb->s_op->write_inode(inode, wait);
	if (wait)
		filemap_fdatawait(m, wbc->task, mapping);

	inode->i_count--;
	inode->i_state &= ~I_SYNC;
	if (!(inode->i_state & I_FREEING)) {
		if ((inode->i_state & I_DIRTY_PAGES) && wbc->for_kupdate) {
			/* more pages dirtied meanwhile by a fast dirtier */
			goto select_queue;
		} else if (inode->i_state & I_DIRTY) {
			redirty_tail(m, inode, dirty);
		} else if (mapping->nr_dirty) {
			inode->i_state |= I_DIRTY_PAGES;
			if (wbc->for_kupdate) {
select_queue:
				if (wbc->nr_to_write <= 0)
					requeue_io(inode, more_io);
				else
					redirty_tail(m, inode, dirty);
			} else {
				redirty_tail(m, inode, dirty);
			}
		} else {
			list_del_init(&inode->i_list);	/* clean */
		}
	}
	if (waitqueue_active(&inode->i_sync_wait))
		wake_up(&inode->i_sync_wait);
	return 0;
}

/**
 * inode_sync_wait - wait while @inode is being written by someone else
 */
void inode_sync_wait(struct machine *m, struct task *t, struct inode *inode)
{
	while (inode->i_state & I_SYNC)
		schedule_wait(t, &inode->i_sync_wait);
}

/**
 * wb_trace_sb_chunk - one writeback_sb_written event: @pages of @sb written
 * since @start in a run of inodes of that superblock (the attribution of
 * writeback to superblocks that the kernel series' tracepoint gives)
 */
void wb_trace_sb_chunk(struct machine *m, struct task *t,
		       struct backing_dev_info *bdi, struct super_block *sb,
		       long pages, sim_time_t start,
		       enum writeback_sync_modes sync_mode, enum wb_reason reason)
{
	if (pages <= 0)
		return;
	wb_trace(m, t, writeback_sb_written, bdi->name,
		 TEV_SB_DEV(sb), pages,
		 (unsigned long long)((m->sim.now - start) / NSEC_PER_USEC),
		 sync_mode == WB_SYNC_ALL ? "all" : "none",
		 wb_reason_name[reason], 0UL);
}

/**
 * wb_chunk_note - @inode's writeback wrote @pages: extend the current run
 * of its superblock, or close the previous superblock's run
 */
void wb_chunk_note(struct writeback_control *wbc, struct inode *inode,
		   long pages)
{
	if (wbc->chunk_sb && wbc->chunk_sb != inode->i_sb)
		wb_chunk_end(wbc);
	if (!wbc->chunk_sb) {
		wbc->chunk_sb = inode->i_sb;
		wbc->chunk_bdi = inode->i_data.bdi;
		wbc->chunk_start = wbc->m->sim.now;
		wbc->chunk_pages = 0;
	}
	wbc->chunk_pages += pages;
}

/**
 * wb_chunk_end - close the current superblock run (end of a pass)
 */
void wb_chunk_end(struct writeback_control *wbc)
{
	if (wbc->chunk_sb)
		wb_trace_sb_chunk(wbc->m, wbc->task, wbc->chunk_bdi, wbc->chunk_sb,
				  wbc->chunk_pages, wbc->chunk_start,
				  wbc->sync_mode, wbc->reason);
	wbc->chunk_sb = NULL;
	wbc->chunk_pages = 0;
}
