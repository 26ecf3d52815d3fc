// SPDX-License-Identifier: GPL-2.0-only
/*
 * Flusher models: which threads run writeback, selectable at boot
 * (writeback_flusher=) and at run time (vm.writeback_flusher).
 *
 * Every wakeup of a bdi_writeback - a queued work, wb_wakeup(), the delayed
 * wakeup of wb_wakeup_delayed() - ends in wb_flusher_kick() or
 * wb_flusher_kick_delayed(), which hand the wb to the current model:
 *
 *   wq       mod_delayed_work(bdi_wq, &wb->dwork), as in v3.10 .. v6.1;
 *   bdi      the wb's own kthread, or the forker that creates it;
 *   pdflush  wb_flusher_queue, served by a pool of kthreads.
 *
 * Under wq the pass is wb_workfn(), 6.1's; a thread model may run a
 * pass of its own era instead.  The models differ in which thread runs
 * the pass, when, how many wbs one thread serves, and what the pass does.
 *
 * Exclusion.  WBF_BUSY is set while a flusher is in a pass over a wb; a
 * flusher of any model must claim it first.  A kick that finds the
 * wb busy only sets WBF_KICK, and the busy flusher hands the wb to the
 * current model when it is done.  So no two flushers ever run one wb, even
 * across a model switch, and no kick is lost.
 *
 * Switching.  The new model is published under wb_flusher_lock, so every
 * later kick goes to it.  Kicks already given to the old model are not
 * moved one by one: a bdi_wq work item of the old model forwards itself to
 * the new model when it runs (wb_flusher_begin()), the delayed-wakeup timer
 * routes to whatever model is current when it fires, and the thread
 * models share wb_flusher_queue, which is handed to bdi_wq when switching
 * to wq.  Threads of the old model notice the switch and exit; a thread in
 * the middle of a pass finishes it first.
 *
 * Forward progress.  bdi_wq is WQ_MEM_RECLAIM: under memory pressure,
 * when no kworker can be created, its rescuer thread still runs writeback.
 * The thread models create their threads when needed; when that fails,
 * the wb's pass goes to its bdi_wq work item (wb_flusher_rescue()), so
 * the guarantee holds in every model.
 *
 * Lifetime.  A thread holding a pointer to a wb outside of the locks pins
 * it (wb_flusher.pins); wb_flusher_shutdown() waits for the pins to go.
 *
 * Cost under wq.  Until a thread model is first selected, the static key
 * wb_flusher_threads is off and wq runs as in 6.1: a kick is 6.1's
 * mod_delayed_work(), a pass claims nothing, and wb_flusher_lock is
 * never taken.  The first switch away from wq turns the key on for good
 * and waits for the passes begun without it (see wb_flusher_set_model()).
 *
 * Lock order: wb->work_lock, then wb_flusher_lock.
 */

#include <linux/backing-dev.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/sysctl.h>
#include <linux/wait.h>
#include <linux/writeback.h>
#include <linux/writeback-flusher.h>
#include <trace/events/writeback.h>

/* Protects every wb's wb_flusher, wb_flusher_queue and wb_flusher_model. */
DEFINE_SPINLOCK(wb_flusher_lock);
LIST_HEAD(wb_flusher_queue);
enum wb_flusher_model wb_flusher_model = WB_FLUSHER_WQ;

/*
 * Off until a thread model is first selected: kicks and passes then skip
 * wb_flusher_lock and the WBF_* bookkeeping, as 6.1 has neither.
 */
static DEFINE_STATIC_KEY_FALSE(wb_flusher_threads);

/* Serializes model switches, registrations and notifier calls. */
static DEFINE_MUTEX(wb_flusher_mutex);
static BLOCKING_NOTIFIER_HEAD(wb_flusher_chain);
/* wb_flusher_shutdown() waits here for a wb's pins to go */
static DECLARE_WAIT_QUEUE_HEAD(wb_flusher_unpin_wait);

static const char *const wb_flusher_names[NR_WB_FLUSHER_MODELS] = {
	[WB_FLUSHER_WQ]		= "wq",
	[WB_FLUSHER_BDI]	= "bdi",
	[WB_FLUSHER_PDFLUSH]	= "pdflush",
};

static void wb_flusher_wq_kick(struct bdi_writeback *wb)
{
	mod_delayed_work(bdi_wq, &wb->dwork, 0);
}

static const struct wb_flusher_ops wb_flusher_wq_ops = {
	.kick	= wb_flusher_wq_kick,
};

/* Registered models, under wb_flusher_mutex; read under wb_flusher_lock. */
static const struct wb_flusher_ops *wb_flusher_models[NR_WB_FLUSHER_MODELS] = {
	[WB_FLUSHER_WQ]		= &wb_flusher_wq_ops,
};

/**
 * wb_flusher_model_name - the vm.writeback_flusher value of a model
 * @model: the model
 */
const char *wb_flusher_model_name(enum wb_flusher_model model)
{
	if (model >= NR_WB_FLUSHER_MODELS)
		return "?";
	return wb_flusher_names[model];
}

/*
 * Ask for a pass over @wb in the current model.  Caller holds wb->work_lock
 * and wb_flusher_lock.
 */
static void wb_flusher_route(struct bdi_writeback *wb)
{
	lockdep_assert_held(&wb->work_lock);
	lockdep_assert_held(&wb_flusher_lock);

	if (!test_bit(WB_registered, &wb->state))
		return;
	__set_bit(WBF_KICK, &wb->flusher.state);
	if (!test_bit(WBF_BUSY, &wb->flusher.state))
		wb_flusher_models[wb_flusher_model]->kick(wb);
}

static void __wb_flusher_kick_delayed(struct bdi_writeback *wb,
				      unsigned long delay)
{
	lockdep_assert_held(&wb_flusher_lock);

	/* like queue_delayed_work(), never postpone an earlier wakeup */
	if (wb_flusher_model == WB_FLUSHER_WQ)
		queue_delayed_work(bdi_wq, &wb->dwork, delay);
	else
		timer_reduce(&wb->flusher.timer, jiffies + delay);
}

/**
 * wb_flusher_kick - ask for a writeback pass over a wb now
 * @wb: the bdi_writeback, registered
 *
 * Caller holds @wb->work_lock with interrupts off.
 */
void wb_flusher_kick(struct bdi_writeback *wb)
{
	lockdep_assert_held(&wb->work_lock);

	if (!static_branch_unlikely(&wb_flusher_threads)) {
		mod_delayed_work(bdi_wq, &wb->dwork, 0);
		return;
	}
	spin_lock(&wb_flusher_lock);
	wb_flusher_route(wb);
	spin_unlock(&wb_flusher_lock);
}

/**
 * wb_flusher_kick_delayed - ask for a writeback pass over a wb later
 * @wb: the bdi_writeback, registered
 * @delay: in jiffies; an earlier pending wakeup is kept
 *
 * Caller holds @wb->work_lock with interrupts off.
 */
void wb_flusher_kick_delayed(struct bdi_writeback *wb, unsigned long delay)
{
	lockdep_assert_held(&wb->work_lock);

	if (!static_branch_unlikely(&wb_flusher_threads)) {
		queue_delayed_work(bdi_wq, &wb->dwork, delay);
		return;
	}
	spin_lock(&wb_flusher_lock);
	__wb_flusher_kick_delayed(wb, delay);
	spin_unlock(&wb_flusher_lock);
}

static void wb_flusher_timer_fn(struct timer_list *t)
{
	struct bdi_writeback *wb = from_timer(wb, t, flusher.timer);
	unsigned long flags;

	spin_lock_irqsave(&wb->work_lock, flags);
	spin_lock(&wb_flusher_lock);
	wb_flusher_route(wb);
	spin_unlock(&wb_flusher_lock);
	spin_unlock_irqrestore(&wb->work_lock, flags);
}

/**
 * wb_flusher_init - initialize the flusher state of a new wb
 * @wb: the bdi_writeback, zeroed
 */
void wb_flusher_init(struct bdi_writeback *wb)
{
	INIT_LIST_HEAD(&wb->flusher.node);
	timer_setup(&wb->flusher.timer, wb_flusher_timer_fn, 0);
}

/**
 * wb_flusher_begin - may wb_workfn() run a pass over a wb?
 * @wb: the bdi_writeback whose work item runs
 * @claimed: set if the pass claims @wb: the caller then releases it with
 *	wb_flusher_done(@wb, true, false) instead of re-arming it as 6.1
 *
 * Without wb_flusher_threads the pass is 6.1's and claims nothing.
 *
 * Return: true if the caller may run the pass; false if the work item
 * belongs to a model that is no longer current and was not queued by
 * wb_flusher_rescue() (the wb is handed to the current model) or another
 * flusher runs @wb (it is asked to run it again when done).
 */
bool wb_flusher_begin(struct bdi_writeback *wb, bool *claimed)
{
	bool rescue;

	*claimed = false;
	if (!static_branch_unlikely(&wb_flusher_threads))
		return true;

	spin_lock_irq(&wb->work_lock);
	spin_lock(&wb_flusher_lock);
	rescue = __test_and_clear_bit(WBF_RESCUE, &wb->flusher.state);
	/*
	 * An unregistered wb is being drained by wb_shutdown(), a rescued
	 * one has no thread of its model (wb_flusher_rescue()): run them.
	 */
	if (wb_flusher_model != WB_FLUSHER_WQ && !rescue &&
	    test_bit(WB_registered, &wb->state)) {
		wb_flusher_route(wb);
	} else if (test_bit(WBF_BUSY, &wb->flusher.state)) {
		__set_bit(WBF_KICK, &wb->flusher.state);
	} else {
		__set_bit(WBF_BUSY, &wb->flusher.state);
		__clear_bit(WBF_KICK, &wb->flusher.state);
		*claimed = true;
	}
	spin_unlock(&wb_flusher_lock);
	spin_unlock_irq(&wb->work_lock);
	return *claimed;
}

/**
 * wb_flusher_rescue - run a wb's pass on bdi_wq: its model has no thread
 * @wb: the bdi_writeback, pinned by the caller and not on wb_flusher_queue
 * @model: the model that could not start a thread for @wb
 * @err: the error of that kthread_create()
 *
 * bdi_wq is WQ_MEM_RECLAIM: when no kworker can be created under memory
 * pressure, its rescuer thread runs the work item.  The thread models
 * create their threads with kthread_create(), which can fail there, and
 * then nothing would run the wb's queued works - a sync would wait for
 * ever.  So the pass is given to the wb's own work item, which runs it
 * as wq does (6.1's wb_do_writeback(): the works first; 1024 pages only
 * when on the rescuer, with a later kick again), once; what is left is
 * kicked to the model again when the pass ends.
 */
void wb_flusher_rescue(struct bdi_writeback *wb, enum wb_flusher_model model,
		       int err)
{
	spin_lock_irq(&wb->work_lock);
	spin_lock(&wb_flusher_lock);
	if (test_bit(WB_registered, &wb->state)) {
		/* owed by the work item now; a later kick sets it again */
		__clear_bit(WBF_KICK, &wb->flusher.state);
		__set_bit(WBF_RESCUE, &wb->flusher.state);
		mod_delayed_work(bdi_wq, &wb->dwork, 0);
		trace_writeback_flusher_rescue(wb, wb_flusher_names[model], err);
	}
	spin_unlock(&wb_flusher_lock);
	spin_unlock_irq(&wb->work_lock);
}

/**
 * wb_flusher_dequeue - take the first wb waiting on wb_flusher_queue
 * @claim: also claim it for a pass (skipping wbs another flusher runs)
 *
 * Caller holds wb_flusher_lock.  The wb is pinned: the caller must call
 * wb_flusher_done() with @unpin set when it no longer uses it.
 *
 * Return: the wb, or NULL if none is waiting.
 */
struct bdi_writeback *wb_flusher_dequeue(bool claim)
{
	struct bdi_writeback *wb, *next;

	lockdep_assert_held(&wb_flusher_lock);

	list_for_each_entry_safe(wb, next, &wb_flusher_queue, flusher.node) {
		list_del_init(&wb->flusher.node);
		if (claim) {
			/* WBF_KICK is set: its flusher requeues it */
			if (test_bit(WBF_BUSY, &wb->flusher.state))
				continue;
			__set_bit(WBF_BUSY, &wb->flusher.state);
			__clear_bit(WBF_KICK, &wb->flusher.state);
		}
		wb->flusher.pins++;
		return wb;
	}
	return NULL;
}

/**
 * wb_flusher_claim - claim a wb its caller has pinned, if a pass is wanted
 * @wb: the bdi_writeback
 *
 * Caller holds wb_flusher_lock.
 *
 * Return: true if the caller now runs the pass.
 */
bool wb_flusher_claim(struct bdi_writeback *wb)
{
	lockdep_assert_held(&wb_flusher_lock);

	if (!test_bit(WBF_KICK, &wb->flusher.state) ||
	    test_bit(WBF_BUSY, &wb->flusher.state))
		return false;
	__set_bit(WBF_BUSY, &wb->flusher.state);
	__clear_bit(WBF_KICK, &wb->flusher.state);
	return true;
}

/**
 * wb_flusher_done - release a wb after a pass, or let go of it
 * @wb: the bdi_writeback
 * @claimed: the caller ran a pass over @wb: release the claim and re-arm
 *	the wb's wakeups as wb_workfn() always did
 * @unpin: drop the caller's pin; the caller must not touch @wb after
 *
 * A kick that came while @wb was claimed goes to the current model.
 */
void wb_flusher_done(struct bdi_writeback *wb, bool claimed, bool unpin)
{
	unsigned int interval = READ_ONCE(dirty_writeback_interval);
	bool wake = false;

	spin_lock_irq(&wb->work_lock);
	spin_lock(&wb_flusher_lock);
	if (claimed)
		__clear_bit(WBF_BUSY, &wb->flusher.state);
	if (test_bit(WBF_KICK, &wb->flusher.state) ||
	    (claimed && !list_empty(&wb->work_list)))
		wb_flusher_route(wb);
	else if (claimed && wb_has_dirty_io(wb) && interval &&
		 test_bit(WB_registered, &wb->state))
		__wb_flusher_kick_delayed(wb, msecs_to_jiffies(interval * 10));
	if (unpin)
		wake = !--wb->flusher.pins &&
			!test_bit(WB_registered, &wb->state);
	spin_unlock(&wb_flusher_lock);
	spin_unlock_irq(&wb->work_lock);

	/* @wb may be gone now; the wait queue is not part of it */
	if (wake)
		wake_up_all(&wb_flusher_unpin_wait);
}

static bool wb_flusher_unpinned(struct bdi_writeback *wb)
{
	bool unpinned;

	/* both locks: a thread unpins under them and touches @wb until */
	spin_lock_irq(&wb->work_lock);
	spin_lock(&wb_flusher_lock);
	unpinned = !wb->flusher.pins;
	spin_unlock(&wb_flusher_lock);
	spin_unlock_irq(&wb->work_lock);
	return unpinned;
}

/**
 * wb_flusher_shutdown - make the flusher threads let go of a wb
 * @wb: the bdi_writeback, WB_registered already clear
 *
 * On return no timer, queue or thread refers to @wb; wb_shutdown() then
 * drains its work_list on bdi_wq, whatever the model.
 */
void wb_flusher_shutdown(struct bdi_writeback *wb)
{
	WARN_ON_ONCE(test_bit(WB_registered, &wb->state));

	/* not re-armed: kicks of an unregistered wb do nothing */
	del_timer_sync(&wb->flusher.timer);

	spin_lock_irq(&wb->work_lock);
	spin_lock(&wb_flusher_lock);
	list_del_init(&wb->flusher.node);
	/* a bdi thread exits when it sees @wb unregistered */
	if (wb->flusher.task)
		wake_up_process(wb->flusher.task);
	spin_unlock(&wb_flusher_lock);
	spin_unlock_irq(&wb->work_lock);

	wait_event(wb_flusher_unpin_wait, wb_flusher_unpinned(wb));
}

/* Make @model current; wbs waiting for a thread go to bdi_wq for wq. */
static void wb_flusher_publish(enum wb_flusher_model model)
{
	struct bdi_writeback *wb, *next;

	spin_lock_irq(&wb_flusher_lock);
	wb_flusher_model = model;
	if (model == WB_FLUSHER_WQ) {
		list_for_each_entry_safe(wb, next, &wb_flusher_queue,
					 flusher.node) {
			list_del_init(&wb->flusher.node);
			wb_flusher_wq_kick(wb);
		}
	}
	spin_unlock_irq(&wb_flusher_lock);
}

/*
 * Hand every wb waiting on wb_flusher_queue to the current model again:
 * kicks that came while a failed model was current went to its queue
 * without waking a thread of the model now current.
 */
static void wb_flusher_requeue(void)
{
	struct bdi_writeback *wb, *next;
	LIST_HEAD(waiting);

	spin_lock_irq(&wb_flusher_lock);
	list_splice_init(&wb_flusher_queue, &waiting);
	list_for_each_entry_safe(wb, next, &waiting, flusher.node) {
		list_del_init(&wb->flusher.node);
		/* WBF_KICK is set: its flusher routes it when done */
		if (!test_bit(WBF_BUSY, &wb->flusher.state))
			wb_flusher_models[wb_flusher_model]->kick(wb);
	}
	spin_unlock_irq(&wb_flusher_lock);
}

/*
 * Tell the notifiers that @model is current.  A notifier that cannot
 * follow (sync_supers could not start its thread) vetoes the switch with
 * notifier_from_errno(); its error is returned so that the switch rolls
 * back like a failed start().  Caller holds wb_flusher_mutex.
 */
static int wb_flusher_notify(enum wb_flusher_model model)
{
	return notifier_to_errno(blocking_notifier_call_chain(&wb_flusher_chain,
							      model, NULL));
}

/*
 * The new model's start() or a notifier failed with @err: make @old
 * current again.  Its threads saw the switch published and may have
 * exited already, so it is started again (start() keeps a thread that
 * stayed) and the notifiers are told; if either fails too, fall back to
 * wq, which needs no thread of its own, so that writeback and sync never
 * wait for a thread nobody starts.  Caller holds wb_flusher_mutex.
 */
static void wb_flusher_rollback(enum wb_flusher_model old,
				const struct wb_flusher_ops *failed, int err)
{
	const struct wb_flusher_ops *old_ops = wb_flusher_models[old];
	enum wb_flusher_model failed_model = wb_flusher_model;
	int ret = 0;

	wb_flusher_publish(old);
	if (failed->stop)
		failed->stop();
	if (old_ops->start)
		ret = old_ops->start();
	if (!ret)
		ret = wb_flusher_notify(old);
	if (ret) {
		pr_err("writeback: restarting flusher model %s failed (%d), using wq\n",
		       wb_flusher_names[old], ret);
		wb_flusher_publish(WB_FLUSHER_WQ);
		if (old_ops->stop)
			old_ops->stop();
		/* wq needs nothing a notifier could fail to start */
		wb_flusher_notify(WB_FLUSHER_WQ);
		return;
	}
	wb_flusher_requeue();
	pr_warn("writeback: flusher model %s failed to start (%d), keeping %s\n",
		wb_flusher_names[failed_model], err, wb_flusher_names[old]);
}

/**
 * wb_flusher_set_model - switch the flusher model
 * @model: the new model
 *
 * Safe under load: see the top of this file.  Blocks while the threads of
 * the new model are started and the notifiers run.
 *
 * Return: 0, -ENODEV if @model is not built in, or the error of starting
 * its threads or of a notifier that vetoed it (the old model then stays,
 * restarted; see wb_flusher_rollback()).
 */
int wb_flusher_set_model(enum wb_flusher_model model)
{
	const struct wb_flusher_ops *ops, *old_ops;
	enum wb_flusher_model old;
	int ret = 0;

	if (model >= NR_WB_FLUSHER_MODELS)
		return -EINVAL;

	mutex_lock(&wb_flusher_mutex);
	old = wb_flusher_model;
	ops = wb_flusher_models[model];
	old_ops = wb_flusher_models[old];
	if (!ops) {
		ret = -ENODEV;
		goto out_unlock;
	}
	if (model == old)
		goto out_unlock;

	/*
	 * The first thread model: from now on every kick and pass goes
	 * through wb_flusher_lock.  The passes begun without the key hold
	 * no claim (WBF_BUSY), so wait for them before a thread can claim
	 * their wb; work items queued from now on claim as they run.
	 */
	if (!static_key_enabled(&wb_flusher_threads)) {
		static_branch_enable(&wb_flusher_threads);
		flush_workqueue(bdi_wq);
	}
	/*
	 * Publish first, then start: a thread of @model that is still on its
	 * way out from an earlier switch then sees @model current and stays,
	 * and start() does not count it twice.
	 */
	wb_flusher_publish(model);
	if (ops->start)
		ret = ops->start();
	/*
	 * The notifiers run before the old model stops, so that one that
	 * vetoes finds the old model's threads still there to keep.
	 */
	if (!ret)
		ret = wb_flusher_notify(model);
	if (ret) {
		wb_flusher_rollback(old, ops, ret);
		goto out_unlock;
	}
	if (old_ops->stop)
		old_ops->stop();
	pr_info("writeback: flusher model %s (was %s)\n",
		wb_flusher_names[model], wb_flusher_names[old]);

out_unlock:
	mutex_unlock(&wb_flusher_mutex);
	return ret;
}

/**
 * wb_flusher_register_model - make a flusher model selectable
 * @model: which one
 * @ops: its operations
 *
 * Return: 0, -EINVAL or -EBUSY if @model is registered already.
 */
int wb_flusher_register_model(enum wb_flusher_model model,
			      const struct wb_flusher_ops *ops)
{
	int ret = 0;

	if (model == WB_FLUSHER_WQ || model >= NR_WB_FLUSHER_MODELS ||
	    !ops->kick)
		return -EINVAL;

	mutex_lock(&wb_flusher_mutex);
	if (wb_flusher_models[model])
		ret = -EBUSY;
	else
		wb_flusher_models[model] = ops;
	mutex_unlock(&wb_flusher_mutex);
	return ret;
}

/**
 * wb_flusher_register_notifier - be told of model switches
 * @nb: called with the new model as action during each switch, once the
 *	new model's threads run and before the old model's stop; may sleep.
 *	It may veto the switch by returning notifier_from_errno(): the
 *	switch then rolls back and @nb is called again with the old model.
 *	Also called once at registration with the current model.
 *
 * Return: 0, the error of blocking_notifier_chain_register(), or the
 * error @nb returned at registration (@nb stays registered: the model is
 * current already and there is nothing to roll back to).
 */
int wb_flusher_register_notifier(struct notifier_block *nb)
{
	int ret;

	mutex_lock(&wb_flusher_mutex);
	ret = blocking_notifier_chain_register(&wb_flusher_chain, nb);
	if (!ret)
		ret = notifier_to_errno(nb->notifier_call(nb, wb_flusher_model,
							  NULL));
	mutex_unlock(&wb_flusher_mutex);
	return ret;
}

static int wb_flusher_sysctl_handler(struct ctl_table *table, int write,
				     void *buffer, size_t *lenp, loff_t *ppos)
{
	char name[16];
	struct ctl_table tmp = {
		.data	= name,
		.maxlen	= sizeof(name),
	};
	int model, ret;

	if (!write) {
		strscpy(name, wb_flusher_names[READ_ONCE(wb_flusher_model)],
			sizeof(name));
		return proc_dostring(&tmp, 0, buffer, lenp, ppos);
	}
	name[0] = '\0';
	ret = proc_dostring(&tmp, 1, buffer, lenp, ppos);
	if (ret || !name[0])
		return ret;
	model = match_string(wb_flusher_names, NR_WB_FLUSHER_MODELS, name);
	if (model < 0)
		return -EINVAL;
	return wb_flusher_set_model(model);
}

static struct ctl_table wb_flusher_sysctls[] = {
	{
		.procname	= "writeback_flusher",
		.maxlen		= 16,
		.mode		= 0644,
		.proc_handler	= wb_flusher_sysctl_handler,
	},
	{ }
};

static char wb_flusher_boot_model[16] __initdata;

static int __init wb_flusher_setup(char *str)
{
	strscpy(wb_flusher_boot_model, str, sizeof(wb_flusher_boot_model));
	return 1;
}
__setup("writeback_flusher=", wb_flusher_setup);

static int __init wb_flusher_sysctl_init(void)
{
	register_sysctl("vm", wb_flusher_sysctls);
	return 0;
}
fs_initcall(wb_flusher_sysctl_init);

/* After every model registered itself (fs_initcall and earlier). */
static int __init wb_flusher_boot_init(void)
{
	int model, ret;

	if (!wb_flusher_boot_model[0])
		return 0;
	model = match_string(wb_flusher_names, NR_WB_FLUSHER_MODELS,
			     wb_flusher_boot_model);
	ret = model < 0 ? -EINVAL : wb_flusher_set_model(model);
	if (ret)
		pr_warn("writeback: writeback_flusher=%s: %d, keeping %s\n",
			wb_flusher_boot_model, ret,
			wb_flusher_names[wb_flusher_model]);
	return 0;
}
late_initcall(wb_flusher_boot_init);
