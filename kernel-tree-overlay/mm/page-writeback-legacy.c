// SPDX-License-Identifier: GPL-2.0-only
/*
 * The dirty throttling of Linux 2.6.30 and 2.6.32 (vm.dirty_throttle =
 * legacy): 2.6.32's under the bdi model, 2.6.30's under the others.
 *
 * Since 3.2, a task that dirties pages faster than they can be written
 * only sleeps in balance_dirty_pages() (IO-less throttling); the flusher
 * does all the writing.  Up to 3.1, and in the form below up to 2.6.30,
 * the dirtier itself wrote back pages of its disk when dirty memory was
 * over the limits:
 *
 *   every ratelimit_pages pages dirtied on a CPU (8 once the bdi's limit
 *   was exceeded), balance_dirty_pages() ran:
 *     loop:
 *       under the bdi's share of the dirty limit        -> done
 *       under (background + dirty limit) / 2            -> done
 *       write back up to write_chunk pages of the bdi
 *       now under the bdi's share, or wrote write_chunk -> done
 *       congestion_wait(WRITE, HZ / 10)
 *     over the background limit, no writeback running  -> start it
 *
 * 2.6.32, the kernel of the bdi model, differs in two places: the
 * dirtier writes only while the bdi's dirty pages alone are over its
 * share (2.6.31: "mm: prevent balance_dirty_pages() from doing too much
 * work"), and it sleeps 1 jiffy, doubling each round up to HZ / 10,
 * instead of congestion_wait(WRITE, HZ / 10) (2.6.32: "writeback: make
 * balance_dirty_pages() gradually back more off").
 *
 * This file does the same on 6.1's structures, per bdi_writeback (the
 * dirtier's wb: its bdi's, or its memcg's with cgroup writeback).  Where
 * 6.1 has no equivalent of a 2.6.30 piece, the nearest one is used:
 *
 * - congestion_wait() slept until a write queue left the congested state
 *   or HZ/10 passed; 6.1 has no congestion state, so the dirtier always
 *   sleeps the whole HZ/10 (what 2.6.30 did when no queue was congested).
 *   2.6.32's sleep was a plain timeout: the same here.
 * - the limits are 6.1's global_dirty_limits() and wb_calc_thresh():
 *   dirtyable memory counted as 6.1 counts it (free + file pages, where
 *   2.6.30 also counted anon pages), the bdi share from the same
 *   writeout-completion proportions.  2.6.30's task_dirty_limit(), which
 *   lowered the limit by up to 1/8 for the heaviest dirtiers, needs
 *   per-task dirtying proportions that 6.1 no longer keeps: left out.
 * - NR_UNSTABLE_NFS is counted in NR_WRITEBACK since 5.8.
 * - writeback_inodes_wb() rounds each inode's share up to
 *   MIN_WRITEBACK_PAGES (writeback_chunk_size()), so one call may write
 *   more than write_chunk; 2.6.30 stopped at nr_to_write exactly.
 * - callers that cannot sleep (BDP_ASYNC) keep 6.1's throttling.
 */

#include <linux/backing-dev.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/sysctl.h>
#include <linux/vmstat.h>
#include <linux/writeback.h>
#include <linux/writeback-flusher.h>
#include <trace/events/writeback.h>
#include "internal.h"

/* Off: 6.1's IO-less throttling, and the hook costs a patched-out jump. */
DEFINE_STATIC_KEY_FALSE(dirty_throttle_legacy);

enum { DIRTY_THROTTLE_IOLESS, DIRTY_THROTTLE_LEGACY, NR_DIRTY_THROTTLE };

static const char * const dirty_throttle_names[NR_DIRTY_THROTTLE] = {
	[DIRTY_THROTTLE_IOLESS]	= "ioless",
	[DIRTY_THROTTLE_LEGACY]	= "legacy",
};

/*
 * Pages dirtied on this CPU since it last called balance_dirty_pages_legacy():
 * the per-CPU "ratelimits" of 2.6.30's balance_dirty_pages_ratelimited_nr().
 */
static DEFINE_PER_CPU(unsigned long, legacy_ratelimits);

/*
 * 2.6.30's writeback_set_ratelimit(): vm_total_pages / (online CPUs * 32),
 * at least 16 pages, at most 4 MB ("the balance_dirty_pages() caller will
 * write six megabyte chunks, max").  Computed when needed from
 * totalram_pages() (2.6.30's vm_total_pages, pages usable for page cache,
 * is not kept by 6.1) so CPU hotplug needs no notifier; above 128 MB of
 * RAM per CPU the 4 MB bound decides anyway.
 */
static unsigned long legacy_ratelimit_pages(void)
{
	unsigned long pages = totalram_pages() / (num_online_cpus() * 32);

	return clamp(pages, 16UL, (4096UL * 1024) / PAGE_SIZE);
}

/*
 * 2.6.30's get_dirty_limits() for a bdi: the global background and dirty
 * limits, the wb's share of the dirty limit, and clip_bdi_dirty_limit():
 * the share is at most what the other wbs leave of the dirty limit.
 */
static void legacy_dirty_limits(struct bdi_writeback *wb,
				unsigned long *bg_thresh,
				unsigned long *thresh,
				unsigned long *wb_thresh)
{
	unsigned long global, avail;

	global_dirty_limits(bg_thresh, thresh);
	*wb_thresh = wb_calc_thresh(wb, *thresh);

	global = global_node_page_state(NR_FILE_DIRTY) +
		 global_node_page_state(NR_WRITEBACK) +
		 global_node_page_state(NR_WRITEBACK_TEMP);
	avail = *thresh > global ? *thresh - global : 0;
	avail += wb_stat(wb, WB_RECLAIMABLE) + wb_stat(wb, WB_WRITEBACK);
	*wb_thresh = min(*wb_thresh, avail);
}

/*
 * 2.6.30's balance_dirty_pages(), or 2.6.32's under the bdi model: the
 * dirtier writes back pages of its own wb, up to write_chunk = 1.5 *
 * ratelimit_pages (sync_writeback_pages() of both), until the wb is under
 * its share of the dirty limit.
 */
static void balance_dirty_pages_legacy(struct bdi_writeback *wb)
{
	/* the model may change meanwhile: this call keeps the one it met */
	bool v2632 = READ_ONCE(wb_flusher_model) == WB_FLUSHER_BDI;
	/* 2.6.32: "gradually back more off", from 1 jiffy to HZ / 10 */
	unsigned long pause = v2632 ? 1 : HZ / 10;
	unsigned long ratelimit = legacy_ratelimit_pages();
	unsigned long write_chunk = ratelimit + ratelimit / 2;
	unsigned long bg_thresh, thresh, wb_thresh;
	unsigned long nr_reclaimable, nr_writeback;
	unsigned long wb_reclaimable, wb_writeback;
	unsigned long pages_written = 0;

	for (;;) {
		long asked = 0, written = 0;
		unsigned long wb_dirty;
		bool done;

		legacy_dirty_limits(wb, &bg_thresh, &thresh, &wb_thresh);
		nr_reclaimable = global_node_page_state(NR_FILE_DIRTY);
		nr_writeback = global_node_page_state(NR_WRITEBACK);
		wb_reclaimable = wb_stat(wb, WB_RECLAIMABLE);
		wb_writeback = wb_stat(wb, WB_WRITEBACK);

		if (wb_reclaimable + wb_writeback <= wb_thresh)
			break;
		/*
		 * 2.6.30: "Throttle it only when the background writeback
		 * cannot catch-up", i.e. over the mean of the two limits.
		 */
		if (nr_reclaimable + nr_writeback < (bg_thresh + thresh) / 2)
			break;

		if (!wb->dirty_exceeded)
			wb->dirty_exceeded = 1;

		/*
		 * 2.6.30 wrote whenever the bdi had dirty pages; 2.6.31 and
		 * 2.6.32 only when they alone were over the bdi's share.
		 * The reason: 2.6.30's writeback_control had none; the
		 * dirtier writes because dirty memory is over the limits,
		 * background writeback's condition, and its own tracepoint
		 * tells them apart.
		 */
		if (v2632 ? wb_reclaimable > wb_thresh : wb_reclaimable) {
			asked = write_chunk;
			written = writeback_inodes_wb_legacy(wb, write_chunk,
						      WB_REASON_BACKGROUND);
			pages_written += written;
			legacy_dirty_limits(wb, &bg_thresh, &thresh,
					    &wb_thresh);
		}

		/*
		 * With a small share the per-CPU counter error could hide
		 * all of it (the "stacked BDI deadlock" of 2.6.30): sum.
		 */
		if (wb_thresh < 2 * wb_stat_error()) {
			wb_reclaimable = wb_stat_sum(wb, WB_RECLAIMABLE);
			wb_writeback = wb_stat_sum(wb, WB_WRITEBACK);
		} else if (wb_reclaimable) {
			wb_reclaimable = wb_stat(wb, WB_RECLAIMABLE);
			wb_writeback = wb_stat(wb, WB_WRITEBACK);
		}

		/* under the share again, or "We've done our duty" */
		wb_dirty = wb_reclaimable + wb_writeback;
		done = wb_dirty <= wb_thresh || pages_written >= write_chunk;
		trace_balance_dirty_pages_legacy(wb, wb_dirty, wb_thresh,
						 asked, written, pages_written,
						 done ? 0 : pause);
		if (done)
			break;

		/*
		 * 2.6.30: congestion_wait(WRITE, HZ / 10), see the top of the
		 * file; 2.6.32: an interruptible sleep of pause jiffies
		 */
		__set_current_state(v2632 ? TASK_INTERRUPTIBLE :
				    TASK_UNINTERRUPTIBLE);
		io_schedule_timeout(pause);
		if (v2632)
			pause = min(pause * 2, (unsigned long)HZ / 10);
	}

	if (wb_reclaimable + wb_writeback < wb_thresh && wb->dirty_exceeded)
		wb->dirty_exceeded = 0;

	/* 2.6.30: "pdflush is already working this queue" */
	if (writeback_in_progress(wb))
		return;

	/*
	 * Laptop mode starts background writeback only once the dirtier had
	 * to write, normal mode over the background limit (2.6.30).
	 */
	if ((laptop_mode && pages_written) ||
	    (!laptop_mode &&
	     global_node_page_state(NR_FILE_DIRTY) > bg_thresh))
		wb_start_background_writeback(wb);
}

/**
 * balance_dirty_pages_legacy_ratelimited - count a dirtied page, 2.6.30 style
 * @wb: the wb the page was dirtied against
 *
 * Called from balance_dirty_pages_ratelimited_flags() for each call when
 * vm.dirty_throttle is legacy.  Like 2.6.30's
 * balance_dirty_pages_ratelimited_nr(mapping, 1), which its callers made
 * once per page written to (dirtied anew or not), counts one page on this
 * CPU and throttles the caller every ratelimit_pages pages, or every 8
 * pages while @wb is over its limit.
 */
void balance_dirty_pages_legacy_ratelimited(struct bdi_writeback *wb)
{
	unsigned long ratelimit = legacy_ratelimit_pages();
	unsigned long *p;

	/* 2.6.30's dirty_exceeded ratelimit */
	if (wb->dirty_exceeded)
		ratelimit = 8;

	/*
	 * 6.1's per-task count feeds only the IO-less throttling: keep it
	 * from growing while that is off, so that switching back to ioless
	 * does not pause a task for pages dirtied under legacy.
	 */
	current->nr_dirtied = 0;

	preempt_disable();
	p = this_cpu_ptr(&legacy_ratelimits);
	*p += 1;
	if (unlikely(*p >= ratelimit)) {
		*p = 0;
		preempt_enable();
		balance_dirty_pages_legacy(wb);
		return;
	}
	preempt_enable();
}

static int dirty_throttle_sysctl_handler(struct ctl_table *table, int write,
					 void *buffer, size_t *lenp,
					 loff_t *ppos)
{
	char name[16];
	struct ctl_table tmp = {
		.data	= name,
		.maxlen	= sizeof(name),
	};
	int mode, ret;

	if (!write) {
		mode = static_key_enabled(&dirty_throttle_legacy) ?
			DIRTY_THROTTLE_LEGACY : DIRTY_THROTTLE_IOLESS;
		strscpy(name, dirty_throttle_names[mode], sizeof(name));
		return proc_dostring(&tmp, 0, buffer, lenp, ppos);
	}
	name[0] = '\0';
	ret = proc_dostring(&tmp, 1, buffer, lenp, ppos);
	if (ret || !name[0])
		return ret;
	mode = match_string(dirty_throttle_names, NR_DIRTY_THROTTLE, name);
	if (mode < 0)
		return -EINVAL;
	/* a task already inside either throttle finishes its round there */
	if (mode == DIRTY_THROTTLE_LEGACY)
		static_branch_enable(&dirty_throttle_legacy);
	else
		static_branch_disable(&dirty_throttle_legacy);
	return 0;
}

static struct ctl_table dirty_throttle_sysctls[] = {
	{
		.procname	= "dirty_throttle",
		.maxlen		= 16,
		.mode		= 0644,
		.proc_handler	= dirty_throttle_sysctl_handler,
	},
	{ }
};

static int dirty_throttle_boot_mode __initdata = DIRTY_THROTTLE_IOLESS;

static int __init dirty_throttle_setup(char *str)
{
	int mode = match_string(dirty_throttle_names, NR_DIRTY_THROTTLE, str);

	if (mode < 0)
		pr_warn("dirty_throttle=%s: not ioless or legacy, ignored\n",
			str);
	else
		dirty_throttle_boot_mode = mode;
	return 1;
}
__setup("dirty_throttle=", dirty_throttle_setup);

/* Static keys are switched here, not from the early parameter parsing. */
static int __init dirty_throttle_init(void)
{
	if (dirty_throttle_boot_mode == DIRTY_THROTTLE_LEGACY)
		static_branch_enable(&dirty_throttle_legacy);
	register_sysctl("vm", dirty_throttle_sysctls);
	return 0;
}
subsys_initcall(dirty_throttle_init);
