// SPDX-License-Identifier: GPL-2.0-only
/*
 * The pdflush thread pool of v2.6.30 (vm.writeback_flusher=pdflush).
 *
 * Between MIN_PDFLUSH_THREADS and MAX_PDFLUSH_THREADS kthreads, all named
 * pdflush, serve every bdi_writeback from wb_flusher_queue.  Idle threads
 * wait on a LIFO list; a kick queues the wb and wakes the thread that went
 * to sleep last.  A thread claims a wb before its pass, so two threads
 * never write back one wb at once while different wbs (disks) are written
 * in parallel - the job BDI_pdflush did in 2.6.30.
 *
 * The pool follows the 2.6.30 rules, checked by a thread after each pass:
 * if no thread has been idle for a second, start one more (at most one a
 * second); if the thread that has slept longest has slept for a second,
 * the thread that just finished exits.
 *
 * Two differences.  With no idle thread, 2.6.30's pdflush_operation()
 * failed and its caller retried later; here the wb stays queued until a
 * thread is free, because a kick may carry a work item somebody waits on.
 * And the pool also grows from the kick side: in 2.6.30 one pass
 * (background_writeout(), wb_kupdate()) walked every superblock and
 * skipped congested queues, so a busy disk did not hold up the others;
 * here a pass covers one wb, and a pool that grew only after a pass ended
 * would leave the wbs of other disks waiting behind long passes.  So a
 * kick that finds no idle thread arms pdflush_grow_work, which applies
 * the same rule (no idle thread for a second, below 8) without waiting
 * for a pass to end.
 *
 * Under memory pressure a new thread may not be creatable; 2.6.30's
 * callers then waited for a busy thread.  Here, when the kick side
 * cannot start one, the waiting wbs go to their bdi_wq work items
 * (wb_flusher_rescue()), which bdi_wq's rescuer runs even then; the
 * pool's rule itself is unchanged (no rescue when 8 threads are busy).
 * The growth work runs on bdi_wq too, for the same rescuer.
 *
 * A pass is wb_pdflush_writeback() (fs/fs-writeback.c): 2.6.30's
 * wb_kupdate() and background_writeout() over the wb, 1024 pages per
 * writeback_inodes() call, newest superblock first, leaving a congested
 * queue for HZ / 10.
 *
 * The threads are not freezable, although 2.6.30's were: 6.1's bdi_wq
 * is not (commit a2b90f11217790ec), because removing a disk during
 * resume, before the thaw, must not wait for frozen writeback; here
 * wb_flusher_shutdown() waits for the thread in a pass over the wb.
 */

#include <linux/backing-dev.h>
#include <linux/init.h>
#include <linux/kthread.h>
#include <linux/list.h>
#include <linux/sched.h>
#include <linux/workqueue.h>
#include <linux/writeback.h>
#include <linux/writeback-flusher.h>
#include <trace/events/writeback.h>

#define MIN_PDFLUSH_THREADS	2
#define MAX_PDFLUSH_THREADS	8

/* A pdflush thread, on its own stack. */
struct pdflush_thread {
	struct task_struct *task;
	struct list_head list;		/* on pdflush_idle while idle */
	unsigned long when_i_went_to_sleep;
};

/* All under wb_flusher_lock. */
static LIST_HEAD(pdflush_idle);		/* most recently slept first */
static int nr_pdflush_threads;		/* running, or being started */
static unsigned long last_empty_jifs;	/* pdflush_idle last became empty */

static int pdflush(void *why);

/*
 * Start one thread, already counted in nr_pdflush_threads; @why (a
 * string constant) goes to the writeback_flusher_start event.
 */
static int pdflush_spawn(const char *why)
{
	struct task_struct *task;

	task = kthread_run(pdflush, (void *)why, "pdflush");
	if (IS_ERR(task)) {
		spin_lock_irq(&wb_flusher_lock);
		nr_pdflush_threads--;
		spin_unlock_irq(&wb_flusher_lock);
		return PTR_ERR(task);
	}
	return 0;
}

/*
 * After a pass: grow or shrink the pool.  Caller holds wb_flusher_lock.
 * Return: true if the caller is to exit; sets *spawn if it is to start a
 * thread (counted already).
 */
static bool pdflush_resize(bool *spawn)
{
	struct pdflush_thread *pdf;

	lockdep_assert_held(&wb_flusher_lock);

	*spawn = false;
	if (list_empty(&pdflush_idle)) {
		if (time_after(jiffies, last_empty_jifs + HZ) &&
		    nr_pdflush_threads < MAX_PDFLUSH_THREADS) {
			/* reset: at most one new thread a second */
			last_empty_jifs = jiffies;
			nr_pdflush_threads++;
			*spawn = true;
		}
		return false;
	}
	if (nr_pdflush_threads <= MIN_PDFLUSH_THREADS)
		return false;
	pdf = list_last_entry(&pdflush_idle, struct pdflush_thread, list);
	if (time_after(jiffies, pdf->when_i_went_to_sleep + HZ)) {
		/* limit the exit rate */
		pdf->when_i_went_to_sleep = jiffies;
		return true;
	}
	return false;
}

static int pdflush(void *start_why)
{
	struct pdflush_thread me = { .task = current };
	const char *why = "model";

	INIT_LIST_HEAD(&me.list);
	trace_writeback_flusher_start("pdflush", start_why);

	spin_lock_irq(&wb_flusher_lock);
	while (wb_flusher_model == WB_FLUSHER_PDFLUSH) {
		struct bdi_writeback *wb;
		bool spawn;

		wb = wb_flusher_dequeue(true);
		if (!wb) {
			list_add(&me.list, &pdflush_idle);
			me.when_i_went_to_sleep = jiffies;
			set_current_state(TASK_INTERRUPTIBLE);
			spin_unlock_irq(&wb_flusher_lock);
			schedule();
			spin_lock_irq(&wb_flusher_lock);
			/* a kick took us off the list, a switch may not have */
			list_del_init(&me.list);
			continue;
		}
		spin_unlock_irq(&wb_flusher_lock);

		wb_pdflush_writeback(wb);
		wb_flusher_done(wb, true, true);

		spin_lock_irq(&wb_flusher_lock);
		if (pdflush_resize(&spawn)) {
			why = "idle";
			break;
		}
		if (spawn) {
			spin_unlock_irq(&wb_flusher_lock);
			pdflush_spawn("grow-pass");
			spin_lock_irq(&wb_flusher_lock);
		}
	}
	nr_pdflush_threads--;
	spin_unlock_irq(&wb_flusher_lock);

	trace_writeback_flusher_exit("pdflush", why);
	return 0;
}

/*
 * No thread could be started for the wbs waiting on wb_flusher_queue:
 * give each of them, as they were when the start failed, to bdi_wq.
 */
static void pdflush_rescue(int err)
{
	struct bdi_writeback *wb;
	int n = 0;

	spin_lock_irq(&wb_flusher_lock);
	list_for_each_entry(wb, &wb_flusher_queue, flusher.node)
		n++;
	/* bounded: a wb kicked again meanwhile is queued again at the end */
	while (n-- > 0 && wb_flusher_model == WB_FLUSHER_PDFLUSH) {
		wb = wb_flusher_dequeue(false);
		if (!wb)
			break;
		spin_unlock_irq(&wb_flusher_lock);
		wb_flusher_rescue(wb, WB_FLUSHER_PDFLUSH, err);
		wb_flusher_done(wb, false, true);
		spin_lock_irq(&wb_flusher_lock);
	}
	spin_unlock_irq(&wb_flusher_lock);
}

/*
 * Kick side of the pool's growth: a wb waits and no thread is idle.  One
 * more thread when none has been idle for a second, as after a pass;
 * until then look again when the second is over.  If the thread cannot
 * be started, the waiting wbs are rescued.
 */
static void pdflush_grow_fn(struct work_struct *work)
{
	int err;
	unsigned long due;
	bool spawn = false;

	spin_lock_irq(&wb_flusher_lock);
	if (wb_flusher_model != WB_FLUSHER_PDFLUSH ||
	    list_empty(&wb_flusher_queue) || !list_empty(&pdflush_idle) ||
	    nr_pdflush_threads >= MAX_PDFLUSH_THREADS) {
		spin_unlock_irq(&wb_flusher_lock);
		return;
	}
	due = last_empty_jifs + HZ;
	if (time_after(jiffies, due)) {
		last_empty_jifs = jiffies;
		nr_pdflush_threads++;
		spawn = true;
	} else {
		queue_delayed_work(bdi_wq, to_delayed_work(work),
				   due - jiffies + 1);
	}
	spin_unlock_irq(&wb_flusher_lock);
	if (!spawn)
		return;
	err = pdflush_spawn("grow-kick");
	if (err)
		pdflush_rescue(err);
}

static DECLARE_DELAYED_WORK(pdflush_grow_work, pdflush_grow_fn);

static void pdflush_kick(struct bdi_writeback *wb)
{
	struct pdflush_thread *pdf;

	lockdep_assert_held(&wb_flusher_lock);

	/* queued already: a thread was woken for it or will look */
	if (!list_empty(&wb->flusher.node))
		return;
	list_add_tail(&wb->flusher.node, &wb_flusher_queue);
	if (list_empty(&pdflush_idle)) {
		if (nr_pdflush_threads < MAX_PDFLUSH_THREADS)
			queue_delayed_work(bdi_wq, &pdflush_grow_work, 0);
		return;
	}
	pdf = list_first_entry(&pdflush_idle, struct pdflush_thread, list);
	list_del_init(&pdf->list);
	if (list_empty(&pdflush_idle))
		last_empty_jifs = jiffies;
	wake_up_process(pdf->task);
}

/*
 * Return: 0, or the error of starting a thread when the pool could not
 * reach MIN_PDFLUSH_THREADS; the switch then fails and the threads that
 * did start see the old model current again and exit.
 */
static int pdflush_start(void)
{
	int need, err, ret = 0;

	spin_lock_irq(&wb_flusher_lock);
	need = max(MIN_PDFLUSH_THREADS - nr_pdflush_threads, 0);
	nr_pdflush_threads += need;
	last_empty_jifs = jiffies;
	spin_unlock_irq(&wb_flusher_lock);

	while (need--) {
		err = pdflush_spawn("pool");
		if (err && !ret)
			ret = err;
	}
	return ret;
}

/* Wake the idle threads: each sees the switch and exits. */
static void pdflush_stop(void)
{
	struct pdflush_thread *pdf, *next;

	spin_lock_irq(&wb_flusher_lock);
	list_for_each_entry_safe(pdf, next, &pdflush_idle, list) {
		list_del_init(&pdf->list);
		wake_up_process(pdf->task);
	}
	spin_unlock_irq(&wb_flusher_lock);
}

static const struct wb_flusher_ops pdflush_ops = {
	.start	= pdflush_start,
	.stop	= pdflush_stop,
	.kick	= pdflush_kick,
};

static int __init pdflush_init(void)
{
	return wb_flusher_register_model(WB_FLUSHER_PDFLUSH, &pdflush_ops);
}
fs_initcall(pdflush_init);
