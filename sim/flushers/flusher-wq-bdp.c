// SPDX-License-Identifier: GPL-2.0
/*
 * The v6.1 model's mm/page-writeback.c half: write bandwidth estimation,
 * dirty_ratelimit, and the IO-less balance_dirty_pages of v3.2 as 6.1 has
 * it, for the global domain only (no memcg domain, no strictlimit, no
 * BDP_ASYNC). The thresholds are get_dirty_limits' ratios of the
 * dirtyable memory vm.dirtyable counts (see flusher-wq.c).
 */
#include <limits.h>

#include "flusher-wq.h"

#define RATELIMIT_CALC_SHIFT	10
#define DIRTY_POLL_THRESH	(128UL >> (PAGE_SHIFT - 10))	/* pages */

/* dirty_throttle_control */
struct dtc {
	unsigned long thresh, bg_thresh, dirty;
	unsigned long wb_thresh, wb_bg_thresh, wb_dirty;
	unsigned long long pos_ratio;
};

static int ilog2_ul(unsigned long x)
{
	return x ? 63 - __builtin_clzl(x) : 0;
}

static unsigned long roundup_pow_of_two(unsigned long x)
{
	return x <= 1 ? 1 : 1UL << (ilog2_ul(x - 1) + 1);
}

static unsigned long min_ul(unsigned long a, unsigned long b)
{
	return a < b ? a : b;
}

static unsigned long max_ul(unsigned long a, unsigned long b)
{
	return a > b ? a : b;
}

/* ---- bandwidth estimation (mm/page-writeback.c) ------------------------ */

static void wb_update_write_bandwidth(struct machine *m,
				      struct backing_dev_info *bdi,
				      unsigned long elapsed, uint64_t written)
{
	const unsigned long period = roundup_pow_of_two(3 * wq_hz(m));
	unsigned long avg = bdi->avg_write_bandwidth;
	unsigned long old = bdi->write_bandwidth;
	uint64_t bw;

	/* bw = written * HZ / elapsed, averaged over a ~3 s period */
	bw = written - (written < bdi->written_stamp ? written : bdi->written_stamp);
	bw *= wq_hz(m);
	if (elapsed > period) {
		bw /= elapsed;
		avg = bw;
		goto out;
	}
	bw += (uint64_t)bdi->write_bandwidth * (period - elapsed);
	bw >>= ilog2_ul(period);
	/* a second smoothing that follows only steady changes */
	if (avg > old && old >= bw)
		avg -= (avg - old) >> 3;
	if (avg < old && old <= bw)
		avg += (old - avg) >> 3;
out:
	bdi->write_bandwidth = bw;
	bdi->avg_write_bandwidth = max_ul(avg, 1);
}

/* the limit follows thresh up at once, down by 1/32 per interval */
static void domain_update_dirty_limit(struct machine *m, const struct dtc *d,
				      unsigned long now)
{
	struct wq_model *wm = wq_model(m);
	unsigned long thresh = d->thresh;

	if (now < wm->dirty_limit_tstamp + wq_hz_fifth(m))
		return;
	wm->dirty_limit_tstamp = now;
	if (wm->dirty_limit < thresh) {
		wm->dirty_limit = thresh;
		return;
	}
	thresh = max_ul(thresh, d->dirty);
	if (wm->dirty_limit > thresh)
		wm->dirty_limit -= (wm->dirty_limit - thresh) >> 5;
}

static unsigned long freerun_ceiling(unsigned long thresh,
				     unsigned long bg_thresh)
{
	return (thresh + bg_thresh) / 2;
}

static unsigned long hard_dirty_limit(struct machine *m, unsigned long thresh)
{
	return max_ul(thresh, wq_model(m)->dirty_limit);
}

/* dirty_ratelimit follows the balanced rate write_bw / N in steps that
 * shrink near it, and only when the position error agrees */
static void wb_update_dirty_ratelimit(struct wq_wb *w, struct task *t,
				      const struct dtc *d, uint64_t dirtied,
				      unsigned long elapsed)
{
	struct machine *m = w->m;
	struct backing_dev_info *bdi = w->bdi;
	unsigned long freerun = freerun_ceiling(d->thresh, d->bg_thresh);
	unsigned long limit = hard_dirty_limit(m, d->thresh);
	unsigned long setpoint = (freerun + limit) / 2;
	unsigned long write_bw = bdi->avg_write_bandwidth;
	unsigned long dirty_ratelimit = bdi->dirty_ratelimit;
	unsigned long dirty_rate, task_ratelimit, balanced, step = 0, x, shift;

	dirty_rate = (dirtied - w->dirtied_stamp) * wq_hz(m) / elapsed;
	task_ratelimit = (unsigned long)((unsigned long long)dirty_ratelimit *
					 d->pos_ratio >> RATELIMIT_CALC_SHIFT);
	task_ratelimit++;	/* ramps dirty_ratelimit up from tiny values */
	balanced = (unsigned long)((uint64_t)task_ratelimit * write_bw /
				   (dirty_rate | 1));
	if (balanced > write_bw)
		balanced = write_bw;

	if (d->dirty < setpoint) {
		x = min_ul(min_ul(bdi->balanced_dirty_ratelimit, balanced),
			   task_ratelimit);
		if (dirty_ratelimit < x)
			step = x - dirty_ratelimit;
	} else {
		x = max_ul(max_ul(bdi->balanced_dirty_ratelimit, balanced),
			   task_ratelimit);
		if (dirty_ratelimit > x)
			step = dirty_ratelimit - x;
	}
	shift = dirty_ratelimit / (2 * step + 1);
	step = shift < 64 ? ((step >> shift) + 7) / 8 : 0;
	if (dirty_ratelimit < balanced)
		dirty_ratelimit += step;
	else
		dirty_ratelimit -= step;
	bdi->dirty_ratelimit = max_ul(dirty_ratelimit, 1);
	bdi->balanced_dirty_ratelimit = balanced;
	/* 6.1 prints the rates in KB/s (its KBps()): 4 KiB pages */
	wb_trace(m, t, bdi_dirty_ratelimit, bdi->name,
		 (unsigned long)bdi->write_bandwidth * 4,
		 (unsigned long)write_bw * 4, dirty_rate * 4,
		 (unsigned long)bdi->dirty_ratelimit * 4, task_ratelimit * 4,
		 balanced * 4, 0UL);
}

/* __wb_update_bandwidth(); @d only when the ratelimit is updated too,
 * by the dirtying task @t */
static void wb_update_bandwidth(struct wq_wb *w, const struct dtc *d,
				struct task *t)
{
	struct machine *m = w->m;
	unsigned long now = wq_jiffies(m);
	unsigned long elapsed = now > w->bw_time_stamp ? now - w->bw_time_stamp : 1;
	uint64_t dirtied = bdi_stat(w->bdi, BDI_DIRTIED);
	uint64_t written = bdi_stat(w->bdi, BDI_WRITTEN);

	if (d) {
		domain_update_dirty_limit(m, d, now);
		wb_update_dirty_ratelimit(w, t, d, dirtied, elapsed);
	}
	wb_update_write_bandwidth(m, w->bdi, elapsed, written);
	w->dirtied_stamp = dirtied;
	w->bdi->written_stamp = written;
	w->bw_time_stamp = now;
	w->bdi->bw_time_stamp = (sim_time_t)now * wq_jiffy_ns(m);
}

/* after an idle second, restart the estimate from here */
static void wb_bandwidth_estimate_start(struct wq_wb *w)
{
	unsigned long now = wq_jiffies(w->m);

	if (now - w->bw_time_stamp > wq_hz(w->m) &&
	    !bdi_stat(w->bdi, BDI_WRITEBACK)) {
		w->dirtied_stamp = bdi_stat(w->bdi, BDI_DIRTIED);
		w->bdi->written_stamp = bdi_stat(w->bdi, BDI_WRITTEN);
		w->bw_time_stamp = now;
	}
}

/* wb_update_bandwidth_workfn(): bw_dwork */
static void bw_timer_fn(struct sim *sim, struct sim_event *ev)
{
	wb_update_bandwidth(container_of(ev, struct wq_wb, bw_timer), NULL, NULL);
}

/**
 * wq_inode_writeback_end - wb_inode_writeback_end(): the last page of
 * @inode under writeback completed; update the bandwidth a
 * BANDWIDTH_INTERVAL later so that the writes count even if nothing else
 * comes (queue_delayed_work: nothing if it is pending already)
 */
void wq_inode_writeback_end(struct machine *m, struct inode *inode)
{
	struct wq_wb *w = inode->i_data.bdi->flusher_priv;

	if (w && !sim_event_pending(&w->bw_timer))
		sim_schedule_in(&m->sim, &w->bw_timer,
				wq_hz_fifth(m) * wq_jiffy_ns(m));
}

/**
 * wq_do_writepages - do_writepages(): write_cache_pages with the bandwidth
 * estimate restarted after idleness and updated every 200 ms of writing
 */
void wq_do_writepages(struct wq_wb *w, struct address_space *mapping,
		      struct writeback_control *wbc)
{
	struct machine *m = w->m;

	if (wbc->nr_to_write <= 0)
		return;
	wb_bandwidth_estimate_start(w);
	write_cache_pages(mapping, wbc);
	if (wq_jiffies(m) > w->bw_time_stamp + wq_hz_fifth(m))
		wb_update_bandwidth(w, NULL, NULL);
}

/* ---- dirty limits and the position ratio ------------------------------ */

static void domain_dirty_limits(struct machine *m, struct dtc *d)
{
	uint64_t bg, dirty;

	get_dirty_limits(m, NULL, &bg, &dirty, NULL, NULL);
	d->thresh = dirty;
	d->bg_thresh = bg;
}

/*
 * The wb's share of recent writeback completions: 6.1's flexible
 * proportions (lib/flex_proportions.c), here over BDI_WRITTEN. Every
 * VM_COMPLETIONS_PERIOD_LEN (3 s) the counts so far are halved, unless
 * there is nothing left to age; the share is this wb's count over all.
 */
#define VM_COMPLETIONS_PERIOD_LEN	(3 * NSEC_PER_SEC)

static uint64_t fprop_events(const struct wq_wb *w)
{
	return w->fp_events + bdi_stat(w->bdi, BDI_WRITTEN) - w->fp_written;
}

/* vm.other_writeout: a device outside the run, a wb of the domain too */
static uint64_t other_fprop_events(const struct machine *m,
				   const struct wq_model *wm)
{
	return wm->other_fp_events + m->other_written - wm->other_fp_written;
}

static void writeout_period(struct sim *sim, struct sim_event *ev)
{
	struct wq_model *wm = container_of(ev, struct wq_model, period_timer);
	struct machine *m = container_of(sim, struct machine, sim);
	uint64_t total = other_fprop_events(m, wm);

	for (int i = 0; i < wm->nr_wbs; i++)
		total += fprop_events(&wm->wbs[i]);
	if (total > 1) {	/* fprop_new_period() */
		for (int i = 0; i < wm->nr_wbs; i++) {
			struct wq_wb *w = &wm->wbs[i];

			w->fp_events = fprop_events(w) >> 1;
			w->fp_written = bdi_stat(w->bdi, BDI_WRITTEN);
		}
		wm->other_fp_events = other_fprop_events(m, wm) >> 1;
		wm->other_fp_written = m->other_written;
	}
	sim_schedule_in(sim, ev, VM_COMPLETIONS_PERIOD_LEN);
}

static void wq_fprop_fraction(struct machine *m, const struct wq_wb *w,
			      uint64_t *num, uint64_t *den)
{
	struct wq_model *wm = wq_model(m);

	*den = other_fprop_events(m, wm);
	for (int i = 0; i < wm->nr_wbs; i++)
		*den += fprop_events(&wm->wbs[i]);
	*num = fprop_events(w);
	if (*den <= *num)
		*den = *num ? *num : 1;
}

/* __wb_calc_thresh(): the wb's share of @thresh by recent completions */
static unsigned long wb_calc_thresh(struct machine *m,
				    struct backing_dev_info *bdi,
				    unsigned long thresh)
{
	uint64_t num, den, wb_thresh;

	wq_fprop_fraction(m, bdi->flusher_priv, &num, &den);
	wb_thresh = (uint64_t)thresh * (100 - bdi->min_ratio) / 100;
	wb_thresh = wb_thresh * num / den;
	wb_thresh += (uint64_t)thresh * bdi->min_ratio / 100;
	if (wb_thresh > (uint64_t)thresh * bdi->max_ratio / 100)
		wb_thresh = (uint64_t)thresh * bdi->max_ratio / 100;
	return (unsigned long)wb_thresh;
}

static void wb_dirty_limits(struct machine *m, struct backing_dev_info *bdi,
			    struct dtc *d)
{
	d->wb_thresh = wb_calc_thresh(m, bdi, d->thresh);
	d->wb_bg_thresh = d->thresh ? (unsigned long)((uint64_t)d->wb_thresh *
						      d->bg_thresh / d->thresh) : 0;
	d->wb_dirty = bdi_stat(bdi, BDI_RECLAIMABLE) + bdi_stat(bdi, BDI_WRITEBACK);
}

/*
 *                        setpoint - dirty  3
 *   pos_ratio := 1.0 + (------------------)      2 at freerun, 1 at the
 *                        limit - setpoint        setpoint, 0 at the limit
 */
static long long pos_ratio_polynom(unsigned long setpoint, unsigned long dirty,
				   unsigned long limit)
{
	long long pos_ratio, x;

	x = ((long long)setpoint - (long long)dirty) * (1LL << RATELIMIT_CALC_SHIFT) /
	    (long long)((limit - setpoint) | 1);
	pos_ratio = x;
	pos_ratio = pos_ratio * x >> RATELIMIT_CALC_SHIFT;
	pos_ratio = pos_ratio * x >> RATELIMIT_CALC_SHIFT;
	pos_ratio += 1 << RATELIMIT_CALC_SHIFT;
	if (pos_ratio < 0)
		return 0;
	return pos_ratio > (2LL << RATELIMIT_CALC_SHIFT) ?
	       2LL << RATELIMIT_CALC_SHIFT : pos_ratio;
}

/*
 * wb_position_ratio(): the global cubic times the wb's line, which is 1 at
 * wb_setpoint = setpoint * wb_thresh / thresh and falls with slope
 * 1 / (8 * write_bw) (single wb), never below 1/4; below half its share a
 * wb is pushed up (reserve area).
 */
static void wb_position_ratio(struct machine *m, struct backing_dev_info *bdi,
			      struct dtc *d)
{
	unsigned long write_bw = bdi->avg_write_bandwidth;
	unsigned long freerun = freerun_ceiling(d->thresh, d->bg_thresh);
	unsigned long limit = hard_dirty_limit(m, d->thresh);
	unsigned long wb_thresh = d->wb_thresh;
	unsigned long setpoint, wb_setpoint, span, x_intercept;
	unsigned long long pos_ratio, x;

	d->pos_ratio = 0;
	if (d->dirty >= limit)
		return;
	setpoint = (freerun + limit) / 2;
	pos_ratio = (unsigned long long)pos_ratio_polynom(setpoint, d->dirty, limit);

	if (wb_thresh > d->thresh)
		wb_thresh = d->thresh;
	/* a long idle wb has a tiny share: give it some room */
	wb_thresh = max_ul(wb_thresh, (limit - d->dirty) / 8);
	x = ((unsigned long long)wb_thresh << 16) / (d->thresh | 1);
	wb_setpoint = (unsigned long)(setpoint * x >> 16);
	span = (unsigned long)((d->thresh - wb_thresh + 8ULL * write_bw) * x >> 16);
	x_intercept = wb_setpoint + span;
	if (d->wb_dirty < x_intercept - span / 4)
		pos_ratio = pos_ratio * (x_intercept - d->wb_dirty) /
			    ((x_intercept - wb_setpoint) | 1);
	else
		pos_ratio /= 4;
	x_intercept = wb_thresh / 2;
	if (d->wb_dirty < x_intercept) {
		if (d->wb_dirty > x_intercept / 8)
			pos_ratio = pos_ratio * x_intercept / d->wb_dirty;
		else
			pos_ratio *= 8;
	}
	d->pos_ratio = pos_ratio;
}

/**
 * wq_over_bg_thresh - wb_over_bg_thresh(): should background writeback of
 * @bdi go on? Dirty pages only: those under writeback are on their way.
 */
bool wq_over_bg_thresh(struct machine *m, struct backing_dev_info *bdi)
{
	struct dtc d;

	domain_dirty_limits(m, &d);
	if (global_page_state(&m->mm, NR_FILE_DIRTY) > d.bg_thresh)
		return true;
	return bdi_stat(bdi, BDI_RECLAIMABLE) > wb_calc_thresh(m, bdi, d.bg_thresh);
}

/* ---- balance_dirty_pages ---------------------------------------------- */

/* Free-running tasks look again after about sqrt(room left) pages. */
static unsigned long dirty_poll_interval(unsigned long dirty,
					 unsigned long thresh)
{
	if (thresh > dirty)
		return 1UL << (ilog2_ul(thresh - dirty) >> 1);
	return 1;
}

/* 6.1's jiffies_to_msecs(), for the balance_dirty_pages event */
static long jiffies_ms(const struct machine *m, long jiffies)
{
	return jiffies * 1000 / (long)wq_hz(m);
}

/* A small pool must not drain while its dirtiers sleep: 8x margin. */
static unsigned long wb_max_pause(struct machine *m,
				  struct backing_dev_info *bdi,
				  unsigned long wb_dirty)
{
	unsigned long bw = bdi->avg_write_bandwidth;
	unsigned long t;

	t = wb_dirty / (1 + bw / roundup_pow_of_two(1 + wq_hz(m) / 8));
	t++;
	return min_ul(t, wq_hz_fifth(m));
}

/*
 * The shortest pause worth sleeping and the next nr_dirtied_pause: aim at
 * 10 ms pauses for one dirtier (longer with many: N * 10 ms for 2^N), at
 * least DIRTY_POLL_THRESH pages between checks, never over max_pause.
 */
static long wb_min_pause(struct machine *m, struct backing_dev_info *bdi,
			 long max_pause, unsigned long task_ratelimit,
			 unsigned long dirty_ratelimit,
			 unsigned long *nr_dirtied_pause)
{
	const unsigned long hz = wq_hz(m);
	long hi = ilog2_ul(bdi->avg_write_bandwidth);
	long lo = ilog2_ul(dirty_ratelimit);
	long t = hz / 100 ? (long)(hz / 100) : 1;	/* target pause */
	long pause;
	unsigned long pages;

	if (hi > lo)
		t += (hi - lo) * (10 * (long)hz) / 1024;
	if (t > 1 + max_pause / 2)
		t = 1 + max_pause / 2;
	pages = dirty_ratelimit * (unsigned long)t / roundup_pow_of_two(hz);
	if (pages < DIRTY_POLL_THRESH) {
		t = max_pause;
		pages = dirty_ratelimit * (unsigned long)t / roundup_pow_of_two(hz);
		if (pages > DIRTY_POLL_THRESH) {
			pages = DIRTY_POLL_THRESH;
			t = (long)(hz * DIRTY_POLL_THRESH / dirty_ratelimit);
		}
	}
	pause = (long)(hz * pages / (task_ratelimit + 1));
	if (pause > max_pause) {
		t = max_pause;
		pages = task_ratelimit * (unsigned long)t / roundup_pow_of_two(hz);
	}
	*nr_dirtied_pause = pages;
	return pages >= DIRTY_POLL_THRESH ? 1 + t / 2 : t;
}

/* percpu counter slack of an SMP 6.1's wb stats, nr_cpu_ids *
 * WB_STAT_BATCH (the counts here are exact; it only sets the trickle) */
static unsigned long wb_stat_error(const struct machine *m)
{
	unsigned long n = m->cs.nr_cpus;

	return n * 8 * (1 + (unsigned long)ilog2_ul(n));
}

/**
 * wq_balance_dirty_pages - 6.1's balance_dirty_pages() for a task that
 * dirtied @pages_dirtied pages of @bdi since its last pause
 *
 * Below the freerun point nothing happens but the next check is set.
 * Above it the task sleeps pages_dirtied / task_ratelimit, less the time
 * it spent since its last pause, at most max_pause (200 ms); pauses too
 * short to be worth it are carried over to the next check. The task never
 * writes a page: it only wakes the wb's worker.
 */
void wq_balance_dirty_pages(struct machine *m, struct task *t,
			    struct backing_dev_info *bdi,
			    unsigned long pages_dirtied)
{
	struct wq_wb *w = bdi->flusher_priv;

	for (;;) {
		unsigned long now = wq_jiffies(m);
		unsigned long nr_reclaimable = global_page_state(&m->mm, NR_FILE_DIRTY);
		unsigned long dirty_ratelimit, task_ratelimit, nr_dirtied_pause;
		unsigned long setpoint;
		long period, pause, max_pause, min_pause;
		struct dtc d = { .dirty = nr_reclaimable +
				 global_page_state(&m->mm, NR_WRITEBACK) };

		domain_dirty_limits(m, &d);
		if (nr_reclaimable > d.bg_thresh && !w->running)
			wq_start_background_writeback(w, t);
		if (d.dirty <= freerun_ceiling(d.thresh, d.bg_thresh)) {
			t->dirty_paused_when = now;
			t->bdp_nr_dirtied = 0;
			t->nr_dirtied_pause = dirty_poll_interval(d.dirty, d.thresh);
			break;
		}
		if (!w->running)
			wq_start_background_writeback(w, t);

		wb_dirty_limits(m, bdi, &d);
		bdi->dirty_exceeded = d.wb_dirty > d.wb_thresh && d.dirty > d.thresh;
		wb_position_ratio(m, bdi, &d);
		if (now > w->bw_time_stamp + wq_hz_fifth(m))
			wb_update_bandwidth(w, &d, t);

		dirty_ratelimit = bdi->dirty_ratelimit;
		task_ratelimit = (unsigned long)(dirty_ratelimit * d.pos_ratio >>
						 RATELIMIT_CALC_SHIFT);
		max_pause = (long)wb_max_pause(m, bdi, d.wb_dirty);
		min_pause = wb_min_pause(m, bdi, max_pause, task_ratelimit,
					 dirty_ratelimit, &nr_dirtied_pause);
		if (!task_ratelimit) {
			period = max_pause;
			pause = max_pause;
			goto pause;
		}
		period = (long)(wq_hz(m) * pages_dirtied / task_ratelimit);
		pause = period;
		if (t->dirty_paused_when)
			pause -= (long)(now - t->dirty_paused_when);
		if (pause < min_pause) {
			/* think time under 1 s pays for later pauses */
			if (pause < -(long)wq_hz(m)) {
				t->dirty_paused_when = now;
				t->bdp_nr_dirtied = 0;
			} else if (period) {
				t->dirty_paused_when += (unsigned long)period;
				t->bdp_nr_dirtied = 0;
			} else if (t->nr_dirtied_pause <= pages_dirtied) {
				t->nr_dirtied_pause += pages_dirtied;
			}
			break;
		}
		if (pause > max_pause) {
			/* for an occasional drop of task_ratelimit */
			now += (unsigned long)(pause - max_pause < max_pause ?
					       pause - max_pause : max_pause);
			pause = max_pause;
		}
pause:
		/*
		 * 6.1's event at each pause (they sum to the task's throttled
		 * time); rates in KB/s, times in ms. Verbose: 200 dbench
		 * clients pause ~1,500 times a second, 240 MB of trace in a
		 * 600 s run
		 */
		setpoint = (freerun_ceiling(d.thresh, d.bg_thresh) +
			    hard_dirty_limit(m, d.thresh)) / 2;
		/* bdi_setpoint: the setpoint scaled by the wb's share, as 6.1 */
		wb_trace_verbose(m, t, balance_dirty_pages, bdi->name,
			 hard_dirty_limit(m, d.thresh), setpoint, d.dirty,
			 (unsigned long)((unsigned long long)setpoint *
					 d.wb_thresh / (d.thresh + 1)),
			 d.wb_dirty, dirty_ratelimit * 4,
			 task_ratelimit * 4, (unsigned)pages_dirtied,
			 (unsigned)nr_dirtied_pause, 0UL,
			 (long)jiffies_ms(m, pause), (unsigned long)jiffies_ms(m, period),
			 0L, 0UL);
		schedule_timeout(t, NULL, (sim_time_t)pause * wq_jiffy_ns(m));
		machine_note_throttle(m, t, bdi, (sim_time_t)pause * wq_jiffy_ns(m), 0);
		t->dirty_paused_when = now + (unsigned long)pause;
		t->bdp_nr_dirtied = 0;
		t->nr_dirtied_pause = nr_dirtied_pause;
		if (task_ratelimit)
			break;
		/* a stalled wb must leave its dirtiers a trickle */
		if (d.wb_dirty <= wb_stat_error(m))
			break;
	}
}

/**
 * wq_balance_dirty_pages_ratelimited - a task dirtied pages of @mapping:
 * enter balance_dirty_pages after nr_dirtied_pause of them (8 while the wb
 * is over its share), or when this CPU collected ratelimit_pages
 */
void wq_balance_dirty_pages_ratelimited(struct machine *m, struct task *t,
					struct address_space *mapping,
					unsigned long nr_pages_dirtied)
{
	struct backing_dev_info *bdi = mapping->bdi;
	unsigned long *p = &m->mm.ratelimits[t->cpu >= 0 ? t->cpu : 0];
	unsigned long ratelimit;

	t->bdp_nr_dirtied += nr_pages_dirtied;
	*p += nr_pages_dirtied;		/* bdp_ratelimits */
	ratelimit = t->nr_dirtied_pause;
	if (bdi->dirty_exceeded)
		ratelimit = min_ul(ratelimit, 32 >> (PAGE_SHIFT - 10));
	if (t->bdp_nr_dirtied >= ratelimit) {
		*p = 0;
	} else if (*p >= wq_model(m)->ratelimit_pages) {
		*p = 0;
		ratelimit = 0;
	}
	if (t->bdp_nr_dirtied >= ratelimit)
		wq_balance_dirty_pages(m, t, bdi, t->bdp_nr_dirtied);
}

/**
 * wq_bandwidth_init - wb_init()'s estimates (100 MB/s) and the domain's
 * dirty limit and ratelimit_pages (writeback_set_ratelimit())
 */
void wq_bandwidth_init(struct machine *m, struct wq_wb *w)
{
	struct wq_model *wm = wq_model(m);
	struct dtc d;

	sim_event_init(&w->bw_timer, bw_timer_fn, "wq_bw_dwork");
	w->fp_written = bdi_stat(w->bdi, BDI_WRITTEN);
	w->bw_time_stamp = wq_jiffies(m);
	w->bdi->bw_time_stamp = m->sim.now;
	w->bdi->write_bandwidth = INIT_BW;
	w->bdi->avg_write_bandwidth = INIT_BW;
	w->bdi->dirty_ratelimit = INIT_BW;
	w->bdi->balanced_dirty_ratelimit = INIT_BW;
	domain_dirty_limits(m, &d);
	wm->dirty_limit = d.thresh;
	wm->dirty_limit_tstamp = wq_jiffies(m);
	wm->ratelimit_pages = max_ul(d.thresh / (m->cs.nr_cpus * 32), 16);
}

/**
 * wq_domain_init - start aging the shares of completions (after the wbs)
 */
void wq_domain_init(struct machine *m)
{
	struct wq_model *wm = wq_model(m);
	uint64_t bg, dirty;

	/*
	 * writeback_set_ratelimit() at boot sets the domain's limit to the
	 * threshold of a machine whose processes have not run: none of
	 * their memory is taken yet. From there it follows the threshold up
	 * at once and down by 1/32 per 200 ms, never below the dirty pages
	 * (domain_update_dirty_limit()). In a 384 MiB guest it read 18,355
	 * pages at the first throttled check of a run whose threshold was
	 * by then 16,444 (docs/validation.md).
	 */
	dirty_thresholds(&m->mm, boot_dirtyable_memory(&m->mm), &bg, &dirty);
	wm->dirty_limit = (unsigned long)dirty;
	sim_event_init(&wm->period_timer, writeout_period, "wq_writeout_period");
	sim_schedule_in(&m->sim, &wm->period_timer, VM_COMPLETIONS_PERIOD_LEN);
}
