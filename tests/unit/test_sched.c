// SPDX-License-Identifier: GPL-2.0
/* Tasks and CPUs: fair round-robin and CFS, wait queues, timeouts, wake-up latency. */
#include <string.h>

#include "../../sim/kernel/sched.h"
#include "check.h"

struct worker {
	struct task t;
	int bursts_left;
	sim_time_t burst;
	sim_time_t done_at;
};

static void work(struct task *t)
{
	struct worker *w = t->priv;

	if (w->bursts_left-- > 0) {
		task_cpu(t, w->burst, work);
		return;
	}
	w->done_at = t->cs->sim->now;
	task_exit(t);
}

static void test_round_robin(unsigned int nr_cpus, int nr_tasks, bool cfs)
{
	struct sim sim;
	struct cpu_sched cs;
	struct worker w[8];

	sim_init(&sim, 1);
	CHECK(sched_init(&cs, &sim, nr_cpus, 4 * NSEC_PER_MSEC) == 0);
	if (cfs)
		sched_set_cfs(&cs);
	for (int i = 0; i < nr_tasks; i++) {
		task_init(&cs, &w[i].t, "worker", &w[i]);
		w[i].bursts_left = 10;
		w[i].burst = 10 * NSEC_PER_MSEC;
		task_start(&w[i].t, work);
	}
	sim_run(&sim, SIM_TIME_MAX);
	/* 100 ms of CPU each; total time = work / CPUs, all finishing within
	 * one slice of the end when tasks share CPUs evenly (with more tasks
	 * than CPUs, the last slices may not pack: one slice more at most) */
	sim_time_t end = (sim_time_t)nr_tasks * 100 * NSEC_PER_MSEC / nr_cpus;
	sim_time_t tail = nr_tasks % nr_cpus ? 4 * NSEC_PER_MSEC : 0;
	for (int i = 0; i < nr_tasks; i++) {
		CHECK_EQ_U64(w[i].t.cpu_time, 100 * NSEC_PER_MSEC);
		CHECK(w[i].done_at <= end + tail);
		CHECK(w[i].done_at + 4 * NSEC_PER_MSEC * nr_tasks >= end);
	}
	sim_time_t busy = 0;
	for (unsigned int c = 0; c < nr_cpus; c++)
		busy += cs.cpu[c].busy_ns;
	CHECK_EQ_U64(busy, (sim_time_t)nr_tasks * 100 * NSEC_PER_MSEC);
	CHECK(sim.now >= end && sim.now <= end + tail);
	sim_exit(&sim);
}

/*
 * Bursts shorter than the slice, back to back (a dbench client whose ops
 * all hit the page cache): the task never blocks and never overruns one
 * burst, yet after a slice of CPU it must let the others run, as CFS's
 * check_preempt_tick() does with sum_exec_runtime since the task was
 * picked. Before, such a task kept the CPU for as long as it had work.
 */
static void test_short_bursts_share(void)
{
	struct sim sim;
	struct cpu_sched cs;
	struct worker w[3];

	sim_init(&sim, 1);
	CHECK(sched_init(&cs, &sim, 1, 4 * NSEC_PER_MSEC) == 0);
	for (int i = 0; i < 3; i++) {
		task_init(&cs, &w[i].t, "worker", &w[i]);
		w[i].bursts_left = 1000000;
		w[i].burst = NSEC_PER_MSEC;
		task_start(&w[i].t, work);
	}
	sim_run(&sim, 300 * NSEC_PER_MSEC);
	/* 100 ms each, give or take a slice */
	for (int i = 0; i < 3; i++) {
		CHECK(w[i].t.cpu_time >= 96 * NSEC_PER_MSEC);
		CHECK(w[i].t.cpu_time <= 104 * NSEC_PER_MSEC);
	}
	sim_exit(&sim);
}

struct sleeper {
	struct task t;
	struct wait_queue_head *wq;
	sim_time_t woke_at;
	bool timed_out;
	int order;
	int *counter;
};

static void woke(struct task *t)
{
	struct sleeper *s = t->priv;

	s->woke_at = t->cs->sim->now;
	s->timed_out = t->timed_out;
	s->order = (*s->counter)++;
	task_exit(t);
}

static void go_sleep(struct task *t)
{
	struct sleeper *s = t->priv;

	task_sleep_timeout(t, s->wq, 50 * NSEC_PER_MSEC, woke);
}

struct waker {
	struct sim_event ev;
	struct wait_queue_head *wq;
	bool one;
};

static void waker_fn(struct sim *sim, struct sim_event *ev)
{
	struct waker *w = container_of(ev, struct waker, ev);

	if (w->one)
		wake_up_one(w->wq);
	else
		wake_up(w->wq);
}

static void test_wait_queues(void)
{
	struct sim sim;
	struct cpu_sched cs;
	struct wait_queue_head wq;
	struct sleeper s[3];
	struct waker wk1 = { .wq = &wq, .one = true };
	int counter = 0;

	sim_init(&sim, 1);
	sched_init(&cs, &sim, 2, 4 * NSEC_PER_MSEC);
	init_waitqueue_head(&wq);
	for (int i = 0; i < 3; i++) {
		task_init(&cs, &s[i].t, "sleeper", &s[i]);
		s[i].wq = &wq;
		s[i].counter = &counter;
		task_start(&s[i].t, go_sleep);
	}
	sim_event_init(&wk1.ev, waker_fn, "waker");
	sim_schedule_at(&sim, &wk1.ev, 10 * NSEC_PER_MSEC);
	sim_run(&sim, 20 * NSEC_PER_MSEC);
	/* wake_up_one woke the first sleeper only, at once (a CPU was idle) */
	CHECK(s[0].woke_at == 10 * NSEC_PER_MSEC && !s[0].timed_out);
	CHECK(wq.nr == 2);
	sim_run(&sim, SIM_TIME_MAX);
	/* the others timed out at 50 ms, in the order they slept */
	CHECK(s[1].woke_at == 50 * NSEC_PER_MSEC && s[1].timed_out);
	CHECK(s[2].woke_at == 50 * NSEC_PER_MSEC && s[2].timed_out);
	CHECK(s[1].order < s[2].order);
	CHECK(wq.nr == 0);
	sim_exit(&sim);
}

/* A woken task waits for the CPU: on a uniprocessor with a CPU hog it runs
 * only when the hog's slice ends (rr). Under cfs it is placed half a
 * latency period (3 ms) behind the hog's vruntime of 5 ms, more than the
 * wakeup granularity (1 ms) ahead of it, and preempts it at once. */
static void test_wakeup(bool cfs)
{
	struct sim sim;
	struct cpu_sched cs;
	struct wait_queue_head wq;
	struct worker hog;
	struct sleeper s;
	struct waker wk = { .wq = &wq };
	int counter = 0;

	sim_init(&sim, 1);
	sched_init(&cs, &sim, 1, 4 * NSEC_PER_MSEC);
	if (cfs)
		sched_set_cfs(&cs);
	init_waitqueue_head(&wq);
	task_init(&cs, &s.t, "flusher", &s);
	s.wq = &wq;
	s.counter = &counter;
	task_start(&s.t, go_sleep);
	task_init(&cs, &hog.t, "hog", &hog);
	hog.bursts_left = 1;
	hog.burst = 100 * NSEC_PER_MSEC;
	task_start(&hog.t, work);
	sim_event_init(&wk.ev, waker_fn, "waker");
	sim_schedule_at(&sim, &wk.ev, 5 * NSEC_PER_MSEC);
	sim_run(&sim, SIM_TIME_MAX);
	/* rr: hog's slices 0-4, 4-8: the woken task runs at 8 ms */
	CHECK_EQ_U64(s.woke_at, (cfs ? 5 : 8) * NSEC_PER_MSEC);
	CHECK(!s.timed_out);
	CHECK_EQ_U64(hog.done_at, 100 * NSEC_PER_MSEC);
	sim_exit(&sim);
}

/*
 * cfs: with 8 hogs sharing the CPU, a task that slept 40 ms comes back
 * 3 ms (half the latency) behind the queue's minimum vruntime and runs
 * at once; the hogs still get all their CPU time.
 */
static void test_cfs_sleeper_credit(void)
{
	struct sim sim;
	struct cpu_sched cs;
	struct wait_queue_head wq;
	struct worker hog[8];
	struct sleeper s;
	struct waker wk = { .wq = &wq };
	int counter = 0;

	sim_init(&sim, 1);
	sched_init(&cs, &sim, 1, 4 * NSEC_PER_MSEC);
	sched_set_cfs(&cs);
	init_waitqueue_head(&wq);
	task_init(&cs, &s.t, "sleeper", &s);
	s.wq = &wq;
	s.counter = &counter;
	task_start(&s.t, go_sleep);
	for (int i = 0; i < 8; i++) {
		task_init(&cs, &hog[i].t, "hog", &hog[i]);
		hog[i].bursts_left = 1;
		hog[i].burst = 100 * NSEC_PER_MSEC;
		task_start(&hog[i].t, work);
	}
	sim_event_init(&wk.ev, waker_fn, "waker");
	sim_schedule_at(&sim, &wk.ev, 40 * NSEC_PER_MSEC);
	sim_run(&sim, SIM_TIME_MAX);
	CHECK_EQ_U64(s.woke_at, 40 * NSEC_PER_MSEC);
	for (int i = 0; i < 8; i++)
		CHECK_EQ_U64(hog[i].t.cpu_time, 100 * NSEC_PER_MSEC);
	sim_exit(&sim);
}

/*
 * timer slack: 16 tasks sleeping 50 ms with nobody to wake them time out
 * within [50, 54] ms, not all at the same moment, and the same seed
 * draws the same ends.
 */
static void slack_run(uint64_t seed, sim_time_t woke_at[16])
{
	struct sim sim;
	struct cpu_sched cs;
	struct wait_queue_head wq;
	struct sleeper s[16];
	int counter = 0;

	sim_init(&sim, seed);
	sched_init(&cs, &sim, 16, 4 * NSEC_PER_MSEC);
	sched_set_timer_slack(&cs, 4 * NSEC_PER_MSEC);
	init_waitqueue_head(&wq);
	for (int i = 0; i < 16; i++) {
		task_init(&cs, &s[i].t, "sleeper", &s[i]);
		s[i].wq = &wq;
		s[i].counter = &counter;
		task_start(&s[i].t, go_sleep);
	}
	sim_run(&sim, SIM_TIME_MAX);
	for (int i = 0; i < 16; i++) {
		CHECK(s[i].timed_out);
		woke_at[i] = s[i].woke_at;
	}
	sim_exit(&sim);
}

static void test_timer_slack(void)
{
	sim_time_t a[16], b[16], c[16];
	bool spread = false, differ = false;

	slack_run(1, a);
	slack_run(1, b);
	slack_run(2, c);
	for (int i = 0; i < 16; i++) {
		CHECK(a[i] >= 50 * NSEC_PER_MSEC && a[i] <= 54 * NSEC_PER_MSEC);
		CHECK_EQ_U64(a[i], b[i]);
		spread |= a[i] != a[0];
		differ |= a[i] != c[i];
	}
	CHECK(spread);
	CHECK(differ);
}

/* kthreads: the same workloads written as straight-line blocking code */
struct kt {
	struct task t;
	struct wait_queue_head *wq;
	sim_time_t t_done;
	int timeouts;
};

static void kt_worker(struct task *t)
{
	struct kt *k = t->priv;

	for (int i = 0; i < 10; i++)
		cpu_burn(t, 10 * NSEC_PER_MSEC);
	/* nobody wakes wq: two timeouts of 20 ms */
	for (int i = 0; i < 2; i++)
		k->timeouts += schedule_timeout(t, k->wq, 20 * NSEC_PER_MSEC);
	k->t_done = t->cs->sim->now;
}

static void test_kthreads(void)
{
	struct sim sim;
	struct cpu_sched cs;
	struct wait_queue_head wq;
	struct kt k[3];

	sim_init(&sim, 1);
	sched_init(&cs, &sim, 1, 4 * NSEC_PER_MSEC);
	init_waitqueue_head(&wq);
	for (int i = 0; i < 3; i++) {
		k[i] = (struct kt){ .wq = &wq };
		CHECK(kthread_run(&cs, &k[i].t, "kt", kt_worker, &k[i]) == 0);
	}
	sim_run(&sim, SIM_TIME_MAX);
	for (int i = 0; i < 3; i++) {
		CHECK(k[i].t.state == TASK_DEAD);
		CHECK(k[i].timeouts == 2);
		CHECK_EQ_U64(k[i].t.cpu_time, 100 * NSEC_PER_MSEC);
		/* CPU work ends by 300 ms, then 40 ms of sleeping */
		CHECK(k[i].t_done <= 340 * NSEC_PER_MSEC);
		CHECK(k[i].t_done >= 328 * NSEC_PER_MSEC);
		kthread_free(&k[i].t);
	}
	sim_exit(&sim);
}

int main(void)
{
	test_kthreads();
	test_round_robin(1, 3, false);
	test_short_bursts_share();
	test_round_robin(2, 2, false);
	test_round_robin(2, 5, false);
	test_round_robin(1, 3, true);
	test_round_robin(2, 5, true);
	test_wait_queues();
	test_wakeup(false);
	test_wakeup(true);
	test_cfs_sleeper_credit();
	test_timer_slack();
	return check_status("test_sched");
}
