// SPDX-License-Identifier: GPL-2.0
/*
 * Dirty thresholds, the balance_dirty_pages entry point, and writing a
 * mapping's dirty pages as bios (mm/page-writeback.c, fs/mpage.c).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "filemap.h"
#include "init/machine.h"

/**
 * dirty_thresholds - background and dirty thresholds of @available pages
 *
 * background = dirty_background_ratio% and dirty = dirty_ratio% (at least
 * 5%); background is halved dirty if not below it.
 */
void dirty_thresholds(const struct mm *mm, uint64_t available,
		      uint64_t *pbackground, uint64_t *pdirty)
{
	unsigned int dirty_ratio = mm->p.dirty_ratio;
	uint64_t background, dirty;

	if (dirty_ratio < 5)
		dirty_ratio = 5;
	dirty = dirty_ratio * available / 100;
	background = mm->p.dirty_background_ratio * available / 100;
	if (background >= dirty)
		background = dirty / 2;
	*pbackground = background;
	*pdirty = dirty;
}

/**
 * get_dirty_limits - the three thresholds of v2.6.30, in pages
 * @t: the dirtying task, for task_dirty_limit(); NULL for none
 * @bdi: with @pbdi_dirty: this bdi's share of the dirty threshold
 *
 * dirty_thresholds() of the dirtyable memory. The bdi's share is the
 * dirty threshold times its fraction of recent writeback completions
 * (min_ratio/max_ratio 0/100; the fraction as vm.bdi_share says),
 * clipped to what the dirty limit leaves (clip_bdi_dirty_limit), then
 * lowered by up to 1/8 for a task that did much of the recent dirtying (task_dirty_limit, unless vm.task_dirty_limit
 * is off: the kernel series' legacy throttling has no per-task dirtying
 * proportions on 6.1's structures and leaves it out).
 */
void get_dirty_limits(struct machine *m, struct task *t,
		      uint64_t *pbackground, uint64_t *pdirty,
		      uint64_t *pbdi_dirty, struct backing_dev_info *bdi)
{
	struct mm *mm = &m->mm;
	uint64_t dirty;

	dirty_thresholds(mm, determine_dirtyable_memory(mm), pbackground,
			 pdirty);
	dirty = *pdirty;

	if (bdi && pbdi_dirty) {
		uint64_t num, den, bdi_dirty, avail_dirty, used, inv;

		if (mm->p.bdi_share == BDI_SHARE_FLEX)
			fprop_fraction(&m->vm_fcompletions, &bdi->fcompletions,
				       &num, &den);
		else
			prop_fraction(&m->vm_completions, &bdi->completions,
				      &num, &den);
		bdi_dirty = dirty * (100 - bdi->min_ratio) / 100;
		bdi_dirty = den ? bdi_dirty * num / den : 0;
		bdi_dirty += dirty * bdi->min_ratio / 100;
		if (bdi_dirty > dirty * bdi->max_ratio / 100)
			bdi_dirty = dirty * bdi->max_ratio / 100;

		/* clip_bdi_dirty_limit() */
		used = global_page_state(mm, NR_FILE_DIRTY) +
		       global_page_state(mm, NR_WRITEBACK);
		avail_dirty = dirty > used ? dirty - used : 0;
		avail_dirty += bdi_stat(bdi, BDI_RECLAIMABLE) +
			       bdi_stat(bdi, BDI_WRITEBACK);
		if (bdi_dirty > avail_dirty)
			bdi_dirty = avail_dirty;

		/* task_dirty_limit() */
		if (t && mm->p.task_dirty_limit) {
			prop_fraction(&m->vm_dirties, &t->dirties, &num, &den);
			inv = bdi_dirty >> 3;
			inv = den ? inv * num / den : 0;
			if (bdi_dirty - inv < bdi_dirty / 2)
				bdi_dirty = bdi_dirty / 2;
			else
				bdi_dirty -= inv;
		}
		*pbdi_dirty = bdi_dirty;
	}
}

/*
 * 6.1's writeout_period(): every VM_COMPLETIONS_PERIOD_LEN the shares of
 * completions age by half; with nothing left to age the timer stops until
 * the next completion starts it again (wb_domain_writeout_add()).
 */
#define VM_COMPLETIONS_PERIOD_LEN	(3 * NSEC_PER_SEC)

static void writeout_period(struct sim *sim, struct sim_event *ev)
{
	struct machine *m = container_of(ev, struct machine, writeout_period);

	if (fprop_new_period(&m->vm_fcompletions, 1))
		sim_schedule_in(sim, ev, VM_COMPLETIONS_PERIOD_LEN);
}

void writeout_period_init(struct machine *m)
{
	fprop_global_init(&m->vm_fcompletions);
	sim_event_init(&m->writeout_period, writeout_period, "writeout_period");
}

/*
 * A page of writeback finished on the device of @pl / @fpl: its share of
 * completions, 2.6.30's (__bdi_writeout_inc()) and, with vm.bdi_share =
 * flex, 6.1's (__wb_writeout_add())
 */
static void writeout_inc(struct machine *m, struct prop_local *pl,
			 struct fprop_local *fpl)
{
	prop_inc(&m->vm_completions, pl);
	if (m->mm.p.bdi_share != BDI_SHARE_FLEX)
		return;
	fprop_inc(&m->vm_fcompletions, fpl);
	if (!sim_event_pending(&m->writeout_period))
		sim_schedule_in(&m->sim, &m->writeout_period,
				VM_COMPLETIONS_PERIOD_LEN);
}

/**
 * bdi_writeout_inc - a page of @bdi's finished writeback
 */
void bdi_writeout_inc(struct machine *m, struct backing_dev_info *bdi)
{
	writeout_inc(m, &bdi->completions, &bdi->fcompletions);
}

/*
 * vm.other_writeout: a backing device outside the run (the guest's
 * results disk, where trace-cmd and blktrace write what they record)
 * completes its page-cache writeback at a steady rate. A kernel counts
 * those completions in the same proportions as the run's disks
 * (2.6.30's __bdi_writeout_inc(), 6.1's __wb_writeout_add()), so they
 * lower every run disk's share of the dirty limit; nothing else of that
 * device is modelled (its few dirty pages are written within a flusher
 * wake-up of being dirtied on an unthrottled disk). The k-th page
 * completes at k x PAGE_SIZE / rate, from the clock's start.
 */
static sim_time_t other_writeout_time(const struct machine *m, uint64_t k)
{
	return (sim_time_t)((double)k * PAGE_SIZE * NSEC_PER_SEC /
			    (double)m->mm.p.other_writeout);
}

static void other_writeout(struct sim *sim, struct sim_event *ev)
{
	struct machine *m = container_of(ev, struct machine, other_writeout);

	m->other_written++;
	writeout_inc(m, &m->other_completions, &m->other_fcompletions);
	sim_schedule_at(sim, ev, other_writeout_time(m, m->other_written + 1));
}

void other_writeout_init(struct machine *m)
{
	prop_local_init(&m->other_completions);
	fprop_local_init(&m->other_fcompletions);
	sim_event_init(&m->other_writeout, other_writeout, "other_writeout");
	if (m->mm.p.other_writeout)
		sim_schedule_at(&m->sim, &m->other_writeout,
				other_writeout_time(m, 1));
}

/**
 * dirty_writeback_interval - vm.dirty_writeback_centisecs, in ns
 */
sim_time_t dirty_writeback_interval(const struct machine *m)
{
	return (sim_time_t)m->mm.p.dirty_writeback_centisecs * 10 * NSEC_PER_MSEC;
}

/**
 * over_bground_thresh - global dirty pages at or above the background
 * threshold (2.6.32's over_bground_thresh(); 2.6.30's background_writeout
 * tests the same)
 */
bool over_bground_thresh(struct machine *m)
{
	uint64_t background, dirty;

	get_dirty_limits(m, NULL, &background, &dirty, NULL, NULL);
	return global_page_state(&m->mm, NR_FILE_DIRTY) >= background;
}

/**
 * balance_dirty_pages_ratelimited - a task copied one page of @mapping
 * (@nr_pages_dirtied: 1 if that made it dirty, 0 if it was dirty already)
 *
 * As 2.6.30: a per-CPU count of pages written; every ratelimit_pages (8
 * while the bdi is over its limit) the task on that CPU enters the flusher
 * model's balance_dirty_pages(). 2.6.30's generic_perform_write() calls
 * balance_dirty_pages_ratelimited(mapping), that is _nr(mapping, 1), for
 * every page it copies, so an overwrite of a page still dirty counts too.
 * A model with its own ratelimiting (v3.2+: per task, counting only pages
 * newly dirtied, as folio_account_dirtied() does) gets every call instead.
 */
void balance_dirty_pages_ratelimited(struct machine *m, struct task *t,
				     struct address_space *mapping,
				     unsigned long nr_pages_dirtied)
{
	struct backing_dev_info *bdi = mapping->bdi;
	unsigned long ratelimit = m->mm.ratelimit_pages;
	unsigned long *p = &m->mm.ratelimits[t->cpu >= 0 ? t->cpu : 0];
	int old_path;

	/* what the dirtier writes from here on is its throttling's */
	old_path = io_path_enter(t, IO_PATH_BALANCE_DIRTY);
	/* a run cut at its time limit reports who is still in here */
	t->bdp_since = m->sim.now ? m->sim.now : 1;
	t->bdp_mark = m->sim.now;
	if (m->flusher->balance_dirty_pages_ratelimited) {
		m->flusher->balance_dirty_pages_ratelimited(m, t, mapping,
							    nr_pages_dirtied);
	} else {
		if (bdi->dirty_exceeded)
			ratelimit = 8;
		*p += 1;
		if (*p >= ratelimit) {
			*p = 0;
			m->flusher->balance_dirty_pages(m, t, bdi,
							nr_pages_dirtied);
		}
	}
	t->bdp_since = 0;
	io_path_leave(t, old_path);
}

static void congestion_clear(struct request_queue *q, int list)
{
	struct machine *m = q->congestion_data;

	wake_up(&m->congestion_wqh[list]);
}

/**
 * machine_congestion_init - hook a queue's congestion clearing to wake
 * congestion_wait() sleepers, as clear_bdi_congested() does
 */
void machine_congestion_init(struct machine *m, struct request_queue *q)
{
	q->congestion_clear = congestion_clear;
	q->congestion_data = m;
}

/**
 * congestion_wait - sleep until a write queue stops being congested or
 * @timeout passes (2.6.31+ semantics: woken by clear_bdi_congested)
 */
void congestion_wait(struct machine *m, struct task *t, sim_time_t timeout)
{
	schedule_timeout(t, &m->congestion_wqh[BLK_RW_ASYNC], timeout);
}

/* ---- writing pages --------------------------------------------------- */

#define WB_BIO_MAX_PAGES	256	/* BIO_MAX_PAGES */

/* A write bio and the pages it carries. */
struct wb_bio {
	struct bio bio;
	struct list_head node;		/* on m->wb_bios until it ends */
	struct machine *m;
	struct task *waiter;		/* slept in get_request */
	unsigned int nr;
	struct page *pages[WB_BIO_MAX_PAGES];
};

static void wb_bio_end_io(struct bio *bio, int error)
{
	struct wb_bio *wbb = container_of(bio, struct wb_bio, bio);

	for (unsigned int i = 0; i < wbb->nr; i++)
		end_page_writeback(wbb->m, wbb->pages[i]);
	list_del_init(&wbb->node);
	free(wbb);
}

/**
 * wb_bios_free - free the page write bios still in flight when the
 * simulation stops (the end of a run leaves the disk busy: a journal
 * commit's data, say); their pages go with the mm
 */
void wb_bios_free(struct machine *m)
{
	while (!list_empty(&m->wb_bios)) {
		struct wb_bio *wbb = list_first_entry(&m->wb_bios, struct wb_bio,
						      node);

		list_del_init(&wbb->node);
		free(wbb);
	}
}

static void wb_bio_wake(struct bio *bio)
{
	struct wb_bio *wbb = container_of(bio, struct wb_bio, bio);

	if (wbb->waiter)
		wake_up_task(wbb->waiter);
}

/*
 * submit_bio() from a writer: blocks in get_request when the queue has no
 * free request (2.6.32's flushers block here: they never skip a congested
 * queue), then returns.
 */
static void wb_submit(struct writeback_control *wbc, struct wb_bio *wbb)
{
	struct request_queue *q = wbc->bdi ? wbc->bdi->q :
				  wbb->pages[0]->mapping->bdi->q;
	int ret;

	wbb->waiter = wbc->task;
	wbb->bio.bi_wake = wb_bio_wake;
	list_add_tail(&wbb->node, &wbc->m->wb_bios);
	ret = blk_submit_bio(q, &wbb->bio);
	if (ret == 1)
		schedule_wait(wbc->task, NULL);
}

/**
 * write_cache_pages - write dirty pages of @mapping (fs/mpage.c's
 * mpage_writepages over 2.6.30's write_cache_pages)
 *
 * Dirty pages are taken in index order from writeback_index (range_cyclic)
 * and wrapped around; physically contiguous pages share a bio of up to the
 * queue's max_sectors. WB_SYNC_NONE stops after nr_to_write pages and
 * skips pages already under writeback; a nonblocking writer stops when the
 * queue is congested. Return: 0.
 */
int write_cache_pages(struct address_space *mapping,
		      struct writeback_control *wbc)
{
	struct machine *m = wbc->m;
	struct inode *inode = mapping->host;
	struct backing_dev_info *bdi = mapping->bdi;
	unsigned int max_pages = bdi->q->p.max_sectors_kb / (PAGE_SIZE / 1024);
	uint64_t index = wbc->range_cyclic ? mapping->writeback_index : 0;
	uint64_t end = UINT64_MAX, last_pblk = 0;
	bool cycled = index == 0, done = false;

	if (wbc->has_range) {
		index = wbc->range_start;
		end = wbc->range_end;
		cycled = true;
	}
	struct wb_bio *wbb = NULL;

	if (max_pages > WB_BIO_MAX_PAGES)
		max_pages = WB_BIO_MAX_PAGES;
	if (!max_pages)
		max_pages = 1;
	if (wbc->nonblocking && bdi_write_congested(bdi->q)) {
		wbc->encountered_congestion = true;
		return 0;
	}
retry:
	while (!done) {
		struct page *page = find_next_dirty(mapping, index, end);
		uint64_t pblk;

		if (!page)
			break;
		index = page->index + 1;
		if (page->flags & PG_writeback) {
			if (wbc->sync_mode == WB_SYNC_NONE)
				continue;
			/* wait_on_page_writeback() */
			if (wbb) {
				wb_submit(wbc, wbb);
				wbb = NULL;
			}
			while (page->flags & PG_writeback)
				schedule_wait(wbc->task, &mapping->wb_wait);
			if (!(page->flags & PG_dirty) || page->mapping != mapping)
				continue;
		}
		if ((page->flags & PG_delalloc) && wbc->skip_delalloc)
			continue;
		if (inode->is_bdev) {
			pblk = page->index;
		} else if (inode->i_sb->s_op->map_writepage(inode, page, wbc->task,
								    &pblk)) {
			/*
			 * No block for a delayed page although write() had
			 * reserved one: ext4 gives up on it and invalidates
			 * the page (mpage_release_unused_pages(), "Delayed
			 * block allocation failed"); its data is lost.
			 */
			clear_page_dirty_for_io(m, page);
			continue;
		}
		clear_page_dirty_for_io(m, page);
		set_page_writeback(m, page);
		/*
		 * blk-mq: the bio of a block just before the one being built
		 * merges into it in the writer's plug (blk_attempt_plug_merge()
		 * tries the request queued last, front and back), as a file
		 * whose last block went first does: ext4's locality group
		 * placed the block of dbench's one-byte write at 65534 before
		 * those of 0..14 written after it.
		 */
		if (wbb && bdi->q->p.mq && wbb->nr < max_pages &&
		    pblk + 1 == wbb->bio.bi_sector / PAGE_SECTORS) {
			wbb->pages[wbb->nr++] = page;
			wbb->bio.bi_sector = pblk * PAGE_SECTORS;
			wbb->bio.bi_size += PAGE_SIZE;
			goto written;
		}
		if (wbb && (pblk != last_pblk + 1 || wbb->nr == max_pages)) {
			wb_submit(wbc, wbb);
			wbb = NULL;
		}
		if (!wbb) {
			wbb = calloc(1, sizeof(*wbb));
			if (!wbb)
				abort();	/* simulator out of memory */
			wbb->m = m;
			wbb->bio.bi_sector = pblk * PAGE_SECTORS;
			wbb->bio.bi_bdev = inode->i_bdev;
			wbb->bio.bi_rw = REQ_WRITE |
				(wbc->sync_mode == WB_SYNC_ALL || wbc->sync_io ?
				 REQ_SYNC : 0) |
				(inode->is_bdev ? REQ_META : 0);
			wbb->bio.bi_pid = wbc->task->pid;
			wbb->bio.bi_cpu = wbc->task->cpu >= 0 ? wbc->task->cpu : 0;
			wbb->bio.bi_comm = wbc->task->comm;
			wbb->bio.bi_writer = io_writer_of(&m->writers, wbc->task);
			wbb->bio.bi_end_io = wb_bio_end_io;
		}
		wbb->pages[wbb->nr++] = page;
		wbb->bio.bi_size += PAGE_SIZE;
		last_pblk = pblk;
written:
		if (--wbc->nr_to_write <= 0 && wbc->sync_mode == WB_SYNC_NONE)
			done = true;
		if (wbc->nonblocking && bdi_write_congested(bdi->q)) {
			wbc->encountered_congestion = true;
			done = true;
		}
	}
	if (!cycled && !done) {
		/* range_cyclic: wrap around to the start once */
		cycled = true;
		end = mapping->writeback_index;
		index = 0;
		goto retry;
	}
	if (wbb)
		wb_submit(wbc, wbb);
	if (wbc->range_cyclic)
		mapping->writeback_index = index;
	return 0;
}

/**
 * filemap_fdatawait_range - wait until no page of @mapping in [@start,
 * @end) (indices) is under writeback; pages after it may still be
 */
int filemap_fdatawait_range(struct machine *m, struct task *t,
			    struct address_space *mapping, uint64_t start,
			    uint64_t end)
{
	uint64_t idx = start;

	while (idx < end && mapping->nr_writeback) {
		struct page *page = find_get_page(mapping, idx);

		if (page && (page->flags & PG_writeback)) {
			schedule_wait(t, &mapping->wb_wait);
			continue;
		}
		idx++;
	}
	return 0;
}

/**
 * filemap_fdatawait - wait until no page of @mapping is under writeback
 */
int filemap_fdatawait(struct machine *m, struct task *t,
		      struct address_space *mapping)
{
	while (mapping->nr_writeback)
		schedule_wait(t, &mapping->wb_wait);
	return 0;
}

const char *const wb_reason_name[] = {
	[WB_REASON_BACKGROUND] = "background",
	[WB_REASON_VMSCAN] = "vmscan",
	[WB_REASON_SYNC] = "sync",
	[WB_REASON_PERIODIC] = "periodic",
	[WB_REASON_FS_FREE_SPACE] = "fs_free_space",
	[WB_REASON_FORKER_THREAD] = "forker_thread",
	[WB_REASON_BALANCE_DIRTY] = "balance_dirty",
	[WB_REASON_FSYNC] = "fsync",
};

/**
 * __wb_trace - one line of the ftrace-style text trace, in the layout of
 * `trace-cmd report`: comm-pid [cpu] secs.usecs: event: fields. Callers
 * use wb_trace() or wb_trace_verbose() (writeback.h), which take @event
 * and @fmt from the catalogue. A @verbose event (per inode, per queue_io,
 * per congestion wait) is printed only with writeback.trace_verbose: a
 * long run writes millions of them.
 */
void __wb_trace(struct machine *m, struct task *t, bool verbose,
		const char *event, const char *fmt, ...)
{
	sim_time_t now = m->sim.now;
	char name[64];
	va_list ap;

	if (!m->trace || (verbose && !m->wbp.trace_verbose))
		return;
	snprintf(name, sizeof(name), "%s:", event);
	fprintf(m->trace, "%16s-%-5u [%03d] %5llu.%06llu: %-20s ",
		t ? t->comm : "<idle>", t ? t->pid : 0,
		t && t->cpu >= 0 ? t->cpu : 0,
		(unsigned long long)(now / NSEC_PER_SEC),
		(unsigned long long)(now % NSEC_PER_SEC / NSEC_PER_USEC),
		name);
	va_start(ap, fmt);
	vfprintf(m->trace, fmt, ap);
	va_end(ap);
	fputc('\n', m->trace);
}
