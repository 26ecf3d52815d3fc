// SPDX-License-Identifier: GPL-2.0
/*
 * CPUs and tasks: round-robin CPU service with a time slice, wait queues
 * and timeouts. See sched.h.
 *
 * A task's continuation always runs on a CPU: a woken task first waits on
 * the run queue for a CPU, so on a busy uniprocessor a flusher thread that
 * is woken does not write until the dbench clients let it run, as on the
 * 2009 test box. Continuations run from the CPU's own event, never nested
 * inside another task's continuation.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "coro.h"
#include "sched.h"

static void cpu_event(struct sim *sim, struct sim_event *ev);

/**
 * sched_init - @nr_cpus idle CPUs and an empty run queue
 */
int sched_init(struct cpu_sched *cs, struct sim *sim, unsigned int nr_cpus,
	       sim_time_t slice)
{
	if (nr_cpus < 1 || nr_cpus > SCHED_MAX_CPUS || !slice)
		return -EINVAL;
	memset(cs, 0, sizeof(*cs));
	cs->sim = sim;
	cs->nr_cpus = nr_cpus;
	cs->slice = slice;
	cs->next_pid = 1000;	/* below are the kernel threads' pids */
	INIT_LIST_HEAD(&cs->runqueue);
	for (unsigned int i = 0; i < nr_cpus; i++) {
		cs->cpu[i].cs = cs;
		sim_event_init(&cs->cpu[i].slice_end, cpu_event, "cpu");
	}
	return 0;
}

static void task_timer_fn(struct sim *sim, struct sim_event *ev);

/**
 * task_init - a new task, not yet runnable; it gets the next pid
 */
void task_init(struct cpu_sched *cs, struct task *t, const char *comm,
	       void *priv)
{
	memset(t, 0, sizeof(*t));
	t->pid = cs->next_pid++;
	snprintf(t->comm, sizeof(t->comm), "%s", comm);
	t->cs = cs;
	t->cpu = -1;
	t->priv = priv;
	/* copy_process(): 128 >> (PAGE_SHIFT - 10) pages (128 KiB) before
	 * the first balance_dirty_pages (6.1; unused by the 2.6.30 models) */
	t->nr_dirtied_pause = 32;
	INIT_LIST_HEAD(&t->run_list);
	INIT_LIST_HEAD(&t->wait_list);
	sim_event_init(&t->timer, task_timer_fn, "task_timer");
}

/**
 * sched_set_cfs - serve the run queue as CFS does (SCHED_CFS); call
 * before any task starts. The tunables are 6.1's defaults (6 ms
 * latency, 0.75 ms minimum granularity, 1 ms wakeup granularity; 2.6.30
 * had 5 ms, 1 ms and 1 ms), times 1 + ilog2(CPUs, at most 8).
 */
void sched_set_cfs(struct cpu_sched *cs)
{
	unsigned int n = cs->nr_cpus < 8 ? cs->nr_cpus : 8, factor = 1;

	while (n >>= 1)
		factor++;
	cs->cfs = true;
	cs->latency = 6000000 * (sim_time_t)factor;
	cs->min_gran = 750000 * (sim_time_t)factor;
	cs->wakeup_gran = 1000000 * (sim_time_t)factor;
}

/**
 * sched_set_timer_slack - end each timed sleep up to @slack late, drawn
 * uniformly per sleep from the run's seed
 *
 * A kernel's timeout ends at a tick (schedule_timeout() counts jiffies,
 * so a sleep of n jiffies lasts between n - 1 and n of them, by where
 * in its jiffy it began), and the tick's interrupt reaches a TCG vCPU
 * when QEMU delivers it; nothing in the model follows the tick's phase,
 * so a sleep's end is drawn in [timeout, timeout + slack]. 0 (the
 * default): every sleep exact, as before.
 */
void sched_set_timer_slack(struct cpu_sched *cs, sim_time_t slack)
{
	cs->timer_slack = slack;
	rng_init(&cs->timer_rng, cs->sim->seed, "timer-slack");
}

/*
 * Kick an idle CPU that is not already about to look at the run queue, so
 * each newly runnable task gets its own idle CPU.
 * Return: true if one was kicked.
 */
static bool kick_idle_cpu(struct cpu_sched *cs)
{
	for (unsigned int i = 0; i < cs->nr_cpus; i++) {
		struct cpu *c = &cs->cpu[i];

		if (!c->curr && !sim_event_pending(&c->slice_end)) {
			sim_schedule_in(cs->sim, &c->slice_end, 0);
			return true;
		}
	}
	return false;
}

/* ---- SCHED_CFS: vruntime order (kernel/sched/fair.c) ---- */

/* __sched_period() / nr: the slice of each of @nr equal tasks */
static sim_time_t cfs_slice(const struct cpu_sched *cs, unsigned int nr)
{
	sim_time_t period = cs->latency;

	if (!nr)
		nr = 1;
	if (nr > 8)	/* sched_nr_latency = latency / min_gran */
		period = cs->min_gran * nr;
	return period / nr;
}

static unsigned int nr_running(const struct cpu_sched *cs)
{
	unsigned int n = cs->nr_runnable;

	for (unsigned int i = 0; i < cs->nr_cpus; i++)
		n += cs->cpu[i].curr != NULL;
	return n;
}

/* update_min_vruntime(): never backwards, at most the least deserving */
static void cfs_update_min_vruntime(struct cpu_sched *cs)
{
	int64_t v = INT64_MAX;

	for (unsigned int i = 0; i < cs->nr_cpus; i++)
		if (cs->cpu[i].curr && cs->cpu[i].curr->vruntime < v)
			v = cs->cpu[i].curr->vruntime;
	if (!list_empty(&cs->runqueue)) {
		struct task *l = list_first_entry(&cs->runqueue, struct task,
						  run_list);

		if (l->vruntime < v)
			v = l->vruntime;
	}
	if (v != INT64_MAX && v > cs->min_vruntime)
		cs->min_vruntime = v;
}

/* __enqueue_entity(): after every task with no larger vruntime */
static void cfs_enqueue(struct cpu_sched *cs, struct task *t)
{
	struct list_head *pos;

	for (pos = cs->runqueue.prev; pos != &cs->runqueue; pos = pos->prev)
		if (list_entry(pos, struct task, run_list)->vruntime <=
		    t->vruntime)
			break;
	list_add(&t->run_list, pos);
}

static void enqueue(struct cpu_sched *cs, struct task *t)
{
	if (cs->cfs)
		cfs_enqueue(cs, t);
	else
		list_add_tail(&t->run_list, &cs->runqueue);
	cs->nr_runnable++;
}

static void account(struct cpu *c, struct task *t, sim_time_t now);

/*
 * check_preempt_wakeup(): with no idle CPU, the running task that
 * deserves the CPU least gives it up if @t is more than a wakeup
 * granularity ahead of it.
 */
static void cfs_check_preempt(struct cpu_sched *cs, struct task *t)
{
	struct cpu *victim = NULL;
	sim_time_t now = cs->sim->now;

	for (unsigned int i = 0; i < cs->nr_cpus; i++) {
		struct cpu *c = &cs->cpu[i];

		if (!c->curr)
			return;	/* about to pick from the queue anyway */
		account(c, c->curr, now);
		if (!victim || c->curr->vruntime > victim->curr->vruntime)
			victim = c;
	}
	if (victim->curr->vruntime - t->vruntime > (int64_t)cs->wakeup_gran) {
		victim->resched = true;
		sim_schedule_in(cs->sim, &victim->slice_end, 0);
	}
}

/* @t becomes runnable: @woken from a sleep, else a new task */
static void make_runnable(struct task *t, bool woken)
{
	struct cpu_sched *cs = t->cs;

	t->state = TASK_RUNNABLE;
	if (cs->cfs) {
		/* place_entity(): a sleeper at most half a latency behind
		 * (GENTLE_FAIR_SLEEPERS), a new task one slice after */
		int64_t v;

		cfs_update_min_vruntime(cs);
		v = woken ? cs->min_vruntime - (int64_t)(cs->latency / 2) :
			    cs->min_vruntime +
			    (int64_t)cfs_slice(cs, nr_running(cs) + 1);
		if (t->vruntime < v)
			t->vruntime = v;
	}
	enqueue(cs, t);
	if (!kick_idle_cpu(cs) && cs->cfs && woken)
		cfs_check_preempt(cs, t);
}

/**
 * task_start - make @t runnable; @fn runs when it first gets a CPU
 */
void task_start(struct task *t, task_fn fn)
{
	t->next = fn;
	t->burst_left = 0;
	make_runnable(t, false);
}

/**
 * task_cpu - from a continuation: burn @ns of CPU, then run @then
 */
void task_cpu(struct task *t, sim_time_t ns, task_fn then)
{
	t->burst_left = ns;
	t->next = then;
}

static void dequeue_wait(struct task *t)
{
	if (t->wq) {
		list_del_init(&t->wait_list);
		t->wq->nr--;
		t->wq = NULL;
	}
}

/**
 * task_sleep - from a continuation: sleep on @wq until woken, then @then
 */
void task_sleep(struct task *t, struct wait_queue_head *wq, task_fn then)
{
	t->state = TASK_SLEEPING;
	t->next = then;
	t->burst_left = 0;
	t->timed_out = false;
	t->sleep_start = t->cs->sim->now;
	if (wq) {
		t->wq = wq;
		list_add_tail(&t->wait_list, &wq->task_list);
		wq->nr++;
	}
}

/**
 * task_sleep_timeout - sleep on @wq (may be NULL) at most @timeout
 *
 * As schedule_timeout()/congestion_wait(): @then runs after a wake-up or
 * the timeout, whichever comes first; t->timed_out says which.
 */
void task_sleep_timeout(struct task *t, struct wait_queue_head *wq,
			sim_time_t timeout, task_fn then)
{
	struct cpu_sched *cs = t->cs;

	task_sleep(t, wq, then);
	if (cs->timer_slack && timeout < SIM_TIME_MAX - cs->timer_slack)
		timeout += (sim_time_t)rng_below(&cs->timer_rng,
						 cs->timer_slack + 1);
	sim_schedule_in(cs->sim, &t->timer, timeout);
}

static void task_timer_fn(struct sim *sim, struct sim_event *ev)
{
	struct task *t = container_of(ev, struct task, timer);

	if (t->state != TASK_SLEEPING)
		return;
	dequeue_wait(t);
	t->timed_out = true;
	make_runnable(t, true);
}

/**
 * task_exit - from a continuation: the task is done; it leaves its CPU
 */
void task_exit(struct task *t)
{
	t->state = TASK_DEAD;
	t->next = NULL;
	dequeue_wait(t);
	sim_cancel(t->cs->sim, &t->timer);
}

/**
 * wake_up_task - make a sleeping @t runnable (no-op otherwise)
 */
void wake_up_task(struct task *t)
{
	if (t->state != TASK_SLEEPING)
		return;
	dequeue_wait(t);
	sim_cancel(t->cs->sim, &t->timer);
	t->timed_out = false;
	make_runnable(t, true);
}

/**
 * wake_up - wake every task sleeping on @wq, in the order they slept
 */
void wake_up(struct wait_queue_head *wq)
{
	while (!list_empty(&wq->task_list))
		wake_up_task(list_first_entry(&wq->task_list, struct task,
					      wait_list));
}

/**
 * wake_up_one - wake the task that slept first on @wq
 * Return: true if one was woken.
 */
bool wake_up_one(struct wait_queue_head *wq)
{
	if (list_empty(&wq->task_list))
		return false;
	wake_up_task(list_first_entry(&wq->task_list, struct task, wait_list));
	return true;
}

static void account(struct cpu *c, struct task *t, sim_time_t now)
{
	sim_time_t ran = now - c->slice_start;

	t->cpu_time += ran;
	t->vruntime += (int64_t)ran;
	c->busy_ns += ran;
	t->burst_left = ran < t->burst_left ? t->burst_left - ran : 0;
	c->slice_start = now;
}

/*
 * The CPU's one event: the running task's burst or slice ended, or an idle
 * CPU was kicked. Runs continuations until the CPU has a task burning a
 * burst, or nothing is runnable.
 */
static void cpu_event(struct sim *sim, struct sim_event *ev)
{
	struct cpu *c = container_of(ev, struct cpu, slice_end);
	struct cpu_sched *cs = c->cs;
	struct task *t = c->curr;
	sim_time_t slice;

	if (t)
		account(c, t, sim->now);
	for (;;) {
		if (!t) {
			if (list_empty(&cs->runqueue)) {
				c->curr = NULL;
				return;
			}
			t = list_first_entry(&cs->runqueue, struct task, run_list);
			list_del_init(&t->run_list);
			cs->nr_runnable--;
			t->state = TASK_RUNNING;
			t->cpu = (int)(c - cs->cpu);
			c->curr = t;
			c->slice_start = sim->now;
			c->picked_at = sim->now;
			c->resched = false;
		}
		slice = cs->cfs ? cfs_slice(cs, nr_running(cs)) : cs->slice;
		/*
		 * The slice is the CPU time since the task was picked, over
		 * all its bursts, as CFS's check_preempt_tick() measures it:
		 * a task whose bursts are each shorter than the slice would
		 * otherwise keep the CPU for as long as it has work.
		 */
		if (t->burst_left &&
		    (c->resched || sim->now - c->picked_at >= slice)) {
			c->resched = false;
			if (cs->nr_runnable) {
				/* others wait: to the back of the queue (rr),
				 * to its place by vruntime (cfs) */
				c->curr = NULL;
				t->cpu = -1;
				t->state = TASK_RUNNABLE;
				enqueue(cs, t);
				t = NULL;
				continue;
			}
			c->picked_at = sim->now;	/* alone: a new slice */
		}
		if (t->burst_left) {
			sim_time_t left = slice - (sim->now - c->picked_at);
			sim_time_t run = t->burst_left < left ? t->burst_left : left;

			sim_schedule_in(sim, &c->slice_end, run);
			return;
		}
		/* burst done: run the continuation, still on this CPU */
		task_fn fn = t->next;

		t->next = NULL;
		if (fn)
			fn(t);
		if (t->state == TASK_RUNNING && (t->burst_left || t->next))
			continue;
		if (t->state == TASK_RUNNING)	/* nothing more to do */
			t->state = TASK_DEAD;
		t->cpu = -1;
		c->curr = NULL;
		t = NULL;
	}
}

/* The continuation of every kthread: switch back into its stack. */
static void kthread_resume(struct task *t)
{
	coro_resume(t->co);
}

static void kthread_entry(void *arg)
{
	struct task *t = arg;

	t->thread_fn(t);
	task_exit(t);
}

/**
 * kthread_run - start a thread running @fn(t) on its own stack
 * Return: 0 or -ENOMEM.
 */
int kthread_run(struct cpu_sched *cs, struct task *t, const char *comm,
		void (*fn)(struct task *t), void *priv)
{
	task_init(cs, t, comm, priv);
	t->thread_fn = fn;
	t->co = coro_create(kthread_entry, t, CORO_STACK_SIZE);
	if (!t->co)
		return -ENOMEM;
	task_start(t, kthread_resume);
	return 0;
}

/**
 * kthread_free - release the stack of a thread that exited or never ran
 */
void kthread_free(struct task *t)
{
	coro_destroy(t->co);
	t->co = NULL;
}

/**
 * cpu_burn - from a kthread: use @ns of CPU time (sharing the CPUs)
 */
void cpu_burn(struct task *t, sim_time_t ns)
{
	task_cpu(t, ns, kthread_resume);
	coro_yield(t->co);
}

/**
 * schedule_wait - from a kthread: sleep on @wq until woken
 */
void schedule_wait(struct task *t, struct wait_queue_head *wq)
{
	task_sleep(t, wq, kthread_resume);
	coro_yield(t->co);
}

/**
 * schedule_timeout - from a kthread: sleep on @wq (may be NULL) until
 * woken or @timeout passed
 * Return: true if the timeout ended the sleep.
 */
bool schedule_timeout(struct task *t, struct wait_queue_head *wq,
		      sim_time_t timeout)
{
	task_sleep_timeout(t, wq, timeout, kthread_resume);
	coro_yield(t->co);
	return t->timed_out;
}
