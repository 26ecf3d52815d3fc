// SPDX-License-Identifier: GPL-2.0-only
/*
 * The per-bdi flusher threads of v2.6.32 (vm.writeback_flusher=bdi).
 *
 * Each bdi_writeback gets its own kthread, flush-MAJ:MIN, which runs every
 * writeback pass of that wb: queued works, the start-all flush, periodic
 * (kupdate) and background writeback.  The thread is created on demand:
 * the first kick of a wb without a thread puts the wb on wb_flusher_queue
 * and wakes the forker, bdi-default, which forks the thread.  A thread
 * that has written nothing for max(vm.writeback_flusher_idle_secs,
 * dirty_writeback_interval) exits; the next kick forks a new one.
 *
 * If a fork fails, the 2.6.32 forker wrote 1024 pages of the bdi itself
 * (bdi_flush_io()) and put it back on its list.  That never ran the
 * bdi's queued works, so while forks kept failing - under memory
 * pressure, where writeback matters most - a sync waited for ever; 6.1's
 * bdi_wq has a rescuer for this.  Here the pass goes to the wb's bdi_wq
 * work item instead (wb_flusher_rescue()), and the next kick tries the
 * fork again.
 *
 * Unlike 2.6.32, dirtying a clean inode arms the wb's delayed wakeup (as
 * in v2.6.36 and later), so the thread appears one dirty_writeback_interval
 * after the first dirtying rather than at the next forker scan.
 *
 * Neither thread is freezable, although 2.6.32's were: 6.1's bdi_wq is
 * not (commit a2b90f11217790ec "bdi: Do not use freezable workqueue"),
 * because a disk removed while the system is suspended is unregistered
 * during resume, before tasks are thawed, and wb_shutdown() would wait
 * for frozen writeback forever.  Here wb_flusher_shutdown() waits for
 * the wb's thread to drop its pin, so a frozen flusher would hang resume
 * the same way.
 */

#include <linux/backing-dev.h>
#include <linux/init.h>
#include <linux/kthread.h>
#include <linux/rculist.h>
#include <linux/sched.h>
#include <linux/sysctl.h>
#include <linux/writeback.h>
#include <linux/writeback-flusher.h>
#include <trace/events/writeback.h>

/* bdi-default, under wb_flusher_lock; NULL when not running */
static struct task_struct *wb_forker_task;

/* v2.6.32 let a flusher idle for 5 minutes before exiting */
static unsigned int wb_flusher_idle_secs = 300;
static unsigned int wb_flusher_idle_max = INT_MAX / HZ;

static unsigned long wb_bdi_idle_jiffies(void)
{
	unsigned long idle = READ_ONCE(wb_flusher_idle_secs) * HZ;

	return max(idle, msecs_to_jiffies(dirty_writeback_interval * 10));
}

/*
 * flush-MAJ:MIN.  Holds a pin on @data, the wb, from wb_bdi_attach()
 * until it exits.  wb->flusher.last_active is read and written under
 * wb_flusher_lock only: by wb_bdi_attach() before the thread runs, then
 * by this thread.
 */
static int wb_bdi_thread(void *data)
{
	struct bdi_writeback *wb = data;
	bool wrote = false;
	const char *why;

	trace_writeback_flusher_start("bdi", bdi_dev_name(wb->bdi));
	for (;;) {
		long timeout;

		spin_lock_irq(&wb->work_lock);
		spin_lock(&wb_flusher_lock);
		if (wrote)
			wb->flusher.last_active = jiffies;
		wrote = false;
		if (!test_bit(WB_registered, &wb->state)) {
			why = "unregistered";
			break;
		}
		if (wb_flusher_model != WB_FLUSHER_BDI) {
			why = "model";
			break;
		}
		if (wb_flusher_claim(wb)) {
			spin_unlock(&wb_flusher_lock);
			spin_unlock_irq(&wb->work_lock);
			wrote = wb_bdi_writeback(wb) > 0;
			wb_flusher_done(wb, true, false);
			continue;
		}
		timeout = wb->flusher.last_active + wb_bdi_idle_jiffies() -
			  jiffies;
		/* idle unless another flusher is still in a pass over @wb */
		if (timeout <= 0 && !test_bit(WBF_BUSY, &wb->flusher.state)) {
			why = "idle";
			break;
		}
		set_current_state(TASK_INTERRUPTIBLE);
		spin_unlock(&wb_flusher_lock);
		spin_unlock_irq(&wb->work_lock);
		schedule_timeout(timeout > 0 ? timeout : HZ);
	}
	/* both locks held: from now on kicks go to the forker */
	wb->flusher.task = NULL;
	spin_unlock(&wb_flusher_lock);
	spin_unlock_irq(&wb->work_lock);

	trace_writeback_flusher_exit("bdi", why);
	wb_flusher_done(wb, false, true);
	return 0;
}

/* Give @task to @wb unless @wb got a thread or went away meanwhile. */
static bool wb_bdi_attach(struct bdi_writeback *wb, struct task_struct *task)
{
	bool attached = false;

	spin_lock_irq(&wb->work_lock);
	spin_lock(&wb_flusher_lock);
	if (test_bit(WB_registered, &wb->state) &&
	    wb_flusher_model == WB_FLUSHER_BDI && !wb->flusher.task) {
		wb->flusher.task = task;
		wb->flusher.last_active = jiffies;
		wake_up_process(task);
		attached = true;
	}
	spin_unlock(&wb_flusher_lock);
	spin_unlock_irq(&wb->work_lock);
	return attached;
}

/* No thread for @wb: bdi_wq runs its pass, the next kick forks again. */
static void wb_bdi_fork_failed(struct bdi_writeback *wb, int err)
{
	wb_flusher_rescue(wb, WB_FLUSHER_BDI, err);
	wb_flusher_done(wb, false, true);
	/* do not spin on a fork that keeps failing */
	schedule_timeout_interruptible(HZ / 10);
}

/* bdi-default: fork a thread for each wb queued on wb_flusher_queue. */
static int wb_forker_thread(void *unused)
{
	trace_writeback_flusher_start("bdi", "forker");
	for (;;) {
		struct bdi_writeback *wb;
		struct task_struct *task;

		spin_lock_irq(&wb_flusher_lock);
		if (wb_flusher_model != WB_FLUSHER_BDI) {
			wb_forker_task = NULL;
			spin_unlock_irq(&wb_flusher_lock);
			break;
		}
		wb = wb_flusher_dequeue(false);
		if (!wb) {
			set_current_state(TASK_INTERRUPTIBLE);
			spin_unlock_irq(&wb_flusher_lock);
			schedule();
			continue;
		}
		spin_unlock_irq(&wb_flusher_lock);

		/* the pin taken by wb_flusher_dequeue() goes to the thread */
		task = kthread_create(wb_bdi_thread, wb, "flush-%s",
				      bdi_dev_name(wb->bdi));
		if (IS_ERR(task)) {
			wb_bdi_fork_failed(wb, PTR_ERR(task));
		} else if (!wb_bdi_attach(wb, task)) {
			/* never woken: wb_bdi_thread() does not run */
			kthread_stop(task);
			wb_flusher_done(wb, false, true);
		}
	}
	trace_writeback_flusher_exit("bdi", "model");
	return 0;
}

static void wb_bdi_kick(struct bdi_writeback *wb)
{
	lockdep_assert_held(&wb_flusher_lock);

	if (wb->flusher.task) {
		wake_up_process(wb->flusher.task);
		return;
	}
	if (list_empty(&wb->flusher.node))
		list_add_tail(&wb->flusher.node, &wb_flusher_queue);
	if (wb_forker_task)
		wake_up_process(wb_forker_task);
}

static int wb_bdi_start(void)
{
	struct task_struct *task;

	spin_lock_irq(&wb_flusher_lock);
	task = wb_forker_task;
	spin_unlock_irq(&wb_flusher_lock);
	/* still there from before a switch: it sees this model current */
	if (task)
		return 0;

	task = kthread_create(wb_forker_thread, NULL, "bdi-default");
	if (IS_ERR(task))
		return PTR_ERR(task);
	spin_lock_irq(&wb_flusher_lock);
	wb_forker_task = task;
	spin_unlock_irq(&wb_flusher_lock);
	wake_up_process(task);
	return 0;
}

/* Wake every thread of this model: each sees the switch and exits. */
static void wb_bdi_stop(void)
{
	struct backing_dev_info *bdi;
	struct bdi_writeback *wb;

	spin_lock_irq(&wb_flusher_lock);
	if (wb_forker_task)
		wake_up_process(wb_forker_task);
	spin_unlock_irq(&wb_flusher_lock);

	rcu_read_lock();
	list_for_each_entry_rcu(bdi, &bdi_list, bdi_list) {
		list_for_each_entry_rcu(wb, &bdi->wb_list, bdi_node) {
			spin_lock_irq(&wb_flusher_lock);
			if (wb->flusher.task)
				wake_up_process(wb->flusher.task);
			spin_unlock_irq(&wb_flusher_lock);
		}
	}
	rcu_read_unlock();
}

static const struct wb_flusher_ops wb_bdi_ops = {
	.start	= wb_bdi_start,
	.stop	= wb_bdi_stop,
	.kick	= wb_bdi_kick,
};

static struct ctl_table wb_bdi_sysctls[] = {
	{
		.procname	= "writeback_flusher_idle_secs",
		.data		= &wb_flusher_idle_secs,
		.maxlen		= sizeof(wb_flusher_idle_secs),
		.mode		= 0644,
		.proc_handler	= proc_douintvec_minmax,
		.extra1		= SYSCTL_ONE,
		.extra2		= &wb_flusher_idle_max,
	},
	{ }
};

static int __init wb_bdi_init(void)
{
	register_sysctl("vm", wb_bdi_sysctls);
	return wb_flusher_register_model(WB_FLUSHER_BDI, &wb_bdi_ops);
}
fs_initcall(wb_bdi_init);
