// SPDX-License-Identifier: GPL-2.0-only
/*
 * The sync_supers kthread of v2.6.32 .. v3.5, for the bdi and pdflush
 * flusher models.
 *
 * A timer fires every dirty_writeback_interval (rounded up to a whole
 * second, as in 2.6.32) and wakes sync_supers, which starts writeout of
 * the metadata of every writable superblock that is dirty with a
 * non-waiting ->sync_fs(), as the first pass of sync(2) does.  2.6.32
 * called ->write_super() of superblocks with s_dirt set; both are gone.
 * ->sync_fs(sb, 0) is the nearest relative of the method, and "an inode
 * of the superblock was dirtied since the last pass" (s_sync_supers, set
 * by __mark_inode_dirty()) the nearest honest equivalent of s_dirt, which
 * filesystems set when they changed the superblock, mostly on block and
 * inode allocation.  So an idle filesystem is left alone: v1 called
 * ->sync_fs() of every superblock every interval, which made ext4 start
 * a journal commit against its commit= interval and kept rewriting the
 * superblock of a filesystem nobody wrote to.  One difference remains:
 * 2.6.32's ext3 and journalled ext4 ->write_super() only cleared s_dirt,
 * while ext4's ->sync_fs(sb, 0) starts a commit of the running
 * transaction, so a filesystem being written commits at most every
 * interval.  It is a thread of its own, not part of a flusher, because it
 * takes s_umount and may wait for it: the 2.6.32 forker must not.
 *
 * The thread exists while the model is bdi or pdflush; the wq model of
 * v3.10 and later has no such thread.  With dirty_writeback_interval 0 the
 * timer is stopped (arm_supers_timer()).
 */

#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kthread.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/timer.h>
#include <linux/writeback.h>
#include <linux/writeback-flusher.h>
#include <trace/events/writeback.h>

/* Serializes start and stop; sync_supers_tsk is set under it. */
static DEFINE_MUTEX(sync_supers_mutex);
static struct task_struct *sync_supers_tsk;
static unsigned long sync_supers_due;	/* bit 0: the timer fired */
static void sync_supers_timer_fn(struct timer_list *unused);
static DEFINE_TIMER(sync_supers_timer, sync_supers_timer_fn);

/*
 * An interval of 0 disables the timer, as 2.6.32's bdi_arm_supers_timer()
 * did; writing dirty_writeback_centisecs arms it again
 * (sync_supers_interval_changed()).
 */
static void arm_supers_timer(void)
{
	unsigned long interval;

	interval = msecs_to_jiffies(READ_ONCE(dirty_writeback_interval) * 10);
	if (!interval)
		return;
	mod_timer(&sync_supers_timer, round_jiffies_up(jiffies + interval));
}

static void sync_supers_timer_fn(struct timer_list *unused)
{
	set_bit(0, &sync_supers_due);
	wake_up_process(sync_supers_tsk);
	arm_supers_timer();
}

/**
 * sync_supers_interval_changed - dirty_writeback_centisecs was written
 *
 * Re-arm the timer with the new interval if the thread runs.
 */
void sync_supers_interval_changed(void)
{
	mutex_lock(&sync_supers_mutex);
	if (sync_supers_tsk)
		arm_supers_timer();
	mutex_unlock(&sync_supers_mutex);
}

static void sync_supers_one_sb(struct super_block *sb, void *unused)
{
	/* cleared first: a dirtying during ->sync_fs() is seen next time */
	if (!test_and_clear_bit(0, &sb->s_sync_supers))
		return;
	if (!sb_rdonly(sb) && !(sb->s_iflags & SB_I_SKIP_SYNC) &&
	    sb->s_op->sync_fs)
		sb->s_op->sync_fs(sb, 0);
}

static int sync_supers_thread(void *unused)
{
	/* the model that started it; the switch away stops it */
	const char *model = wb_flusher_model_name(READ_ONCE(wb_flusher_model));

	/* not freezable, as 2.6.32's bdi_sync_supers() was not */
	trace_writeback_flusher_start(model, "timer");
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (kthread_should_stop())
			break;
		if (!test_and_clear_bit(0, &sync_supers_due)) {
			schedule();
			continue;
		}
		__set_current_state(TASK_RUNNING);
		iterate_supers(sync_supers_one_sb, NULL);
	}
	__set_current_state(TASK_RUNNING);
	trace_writeback_flusher_exit(model, "model");
	return 0;
}

static int sync_supers_start(void)
{
	struct task_struct *task;

	if (sync_supers_tsk)
		return 0;
	task = kthread_run(sync_supers_thread, NULL, "sync_supers");
	if (IS_ERR(task))
		return PTR_ERR(task);
	/* the timer may wake the task after it has exited */
	get_task_struct(task);
	sync_supers_tsk = task;
	arm_supers_timer();
	return 0;
}

static void sync_supers_stop(void)
{
	if (!sync_supers_tsk)
		return;
	/* the timer re-arms itself: stop it first */
	del_timer_sync(&sync_supers_timer);
	kthread_stop(sync_supers_tsk);
	put_task_struct(sync_supers_tsk);
	sync_supers_tsk = NULL;
	clear_bit(0, &sync_supers_due);
}

/*
 * A model that needs the thread must not become current without it: a
 * failed start vetoes the switch, which then rolls back (see
 * wb_flusher_register_notifier()).
 */
static int sync_supers_model_event(struct notifier_block *nb,
				   unsigned long model, void *unused)
{
	int ret = 0;

	mutex_lock(&sync_supers_mutex);
	if (model == WB_FLUSHER_BDI || model == WB_FLUSHER_PDFLUSH)
		ret = sync_supers_start();
	else
		sync_supers_stop();
	mutex_unlock(&sync_supers_mutex);
	return notifier_from_errno(ret);
}

static struct notifier_block sync_supers_nb = {
	.notifier_call	= sync_supers_model_event,
};

static int __init sync_supers_init(void)
{
	int ret = wb_flusher_register_notifier(&sync_supers_nb);

	/* booted into bdi or pdflush: a later switch starts it again */
	if (ret)
		pr_warn("writeback: cannot start sync_supers (%d)\n", ret);
	return ret;
}
fs_initcall(sync_supers_init);
