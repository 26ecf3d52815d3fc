/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tasks and CPUs. A simulated task (a dbench client, a flusher thread) is
 * a state machine: it asks for a burst of CPU time, sleeps on a wait queue
 * or for a timeout, and each time names the continuation to run when that
 * is over. CPUs serve runnable tasks round-robin from one run queue with a
 * time slice, so N tasks on one CPU each get 1/N of it, as they would
 * under the 2.6.30 CFS scheduler with equal weights (SCHED_RR, the
 * default). SCHED_CFS adds what CFS does beyond that: the run queue in
 * vruntime order, a woken sleeper placed half a latency period behind
 * the queue's minimum (sleeper credit) and preempting the running task
 * when that puts it a wakeup granularity ahead, a new task placed a
 * slice after the minimum (START_DEBIT), and slices of latency / nr
 * (sched.c).
 *
 * Names follow the kernel: wait_queue_head, wake_up, schedule_timeout.
 */
#ifndef WBSIM_SCHED_H
#define WBSIM_SCHED_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/list.h"
#include "lib/proportions.h"
#include "lib/rng.h"
#include "sim.h"

struct task;
struct cpu_sched;

typedef void (*task_fn)(struct task *t);

enum task_state {
	TASK_NEW,		/* never scheduled */
	TASK_RUNNABLE,		/* on the run queue, waiting for a CPU */
	TASK_RUNNING,		/* on a CPU, burning its burst */
	TASK_SLEEPING,		/* on a wait queue and/or timer */
	TASK_DEAD,
};

struct wait_queue_head {
	struct list_head task_list;
	unsigned int nr;
};

/**
 * struct task - a simulated thread
 * @next: continuation run when the current burst or sleep is over
 * @burst_left: CPU time still to burn in this burst
 * @wait_list: on a wait queue while sleeping
 * @timer: wakes a task sleeping with a timeout
 * @cpu_time: total CPU time consumed, for reports
 */
struct task {
	uint32_t pid;
	char comm[16];
	enum task_state state;
	struct cpu_sched *cs;
	task_fn next;
	sim_time_t burst_left;
	int cpu;			/* CPU it runs on, -1 if none */
	struct list_head run_list;
	struct list_head wait_list;
	struct wait_queue_head *wq;
	struct sim_event timer;
	bool timed_out;			/* why the last sleep ended */
	sim_time_t cpu_time;
	sim_time_t sleep_start;
	int64_t vruntime;		/* SCHED_CFS: CPU time, weight 1024 */
	void *priv;
	struct coro *co;		/* kthreads: the code's own stack */
	struct prop_local dirties;	/* share of dirtied pages (2.6.30) */
	uint64_t nr_dirtied;		/* pages this task dirtied */
	sim_time_t bdp_ns;		/* time throttled in balance_dirty_pages */
	sim_time_t bdp_since;		/* inside balance_dirty_pages since, or 0 */
	sim_time_t bdp_mark;		/* bdp_ns holds this stay up to here */
	/* v3.2+ IO-less throttling (6.1's task_struct fields; wq model) */
	unsigned long bdp_nr_dirtied;	/* nr_dirtied: since the last pause */
	unsigned long nr_dirtied_pause;	/* 32 at fork; 0: every page */
	unsigned long dirty_paused_when;	/* jiffies, 0: never paused */
	void (*thread_fn)(struct task *t);
	/* what its write bios are credited to (io-writer.h): the path it
	 * submits on now (enum io_path) and its accounting group (a dbench
	 * instance's partition), NULL for a thread counted by itself */
	int io_path;
	const char *io_group;
};

struct cpu {
	struct cpu_sched *cs;
	struct task *curr;
	struct sim_event slice_end;	/* burst or slice end of curr */
	sim_time_t slice_start;		/* of the last accounting */
	sim_time_t picked_at;		/* curr's slice began (CFS's
					 * prev_sum_exec_runtime) */
	sim_time_t busy_ns;
	bool resched;			/* SCHED_CFS: a wakeup preempts curr */
};

#define SCHED_MAX_CPUS	64

/**
 * struct cpu_sched - the machine's CPUs and run queue
 * @slice: longest a task runs while others wait (CFS's period / nr at
 *	2.6.30 defaults is 4-20 ms; one value is enough here)
 */
struct cpu_sched {
	struct sim *sim;
	unsigned int nr_cpus;
	struct cpu cpu[SCHED_MAX_CPUS];
	struct list_head runqueue;
	unsigned int nr_runnable;
	sim_time_t slice;
	uint32_t next_pid;
	/* SCHED_CFS: tunables scaled for nr_cpus as 6.1's
	 * update_sysctl() does (SCHED_TUNABLESCALING_LOG) */
	bool cfs;
	int64_t min_vruntime;
	sim_time_t latency, min_gran, wakeup_gran;
	/* a timed sleep ends up to this much late (sched_set_timer_slack) */
	sim_time_t timer_slack;
	struct rng timer_rng;
};

enum sched_policy {
	SCHED_RR,
	SCHED_CFS,
};

int sched_init(struct cpu_sched *cs, struct sim *sim, unsigned int nr_cpus,
	       sim_time_t slice);
void sched_set_cfs(struct cpu_sched *cs);
void sched_set_timer_slack(struct cpu_sched *cs, sim_time_t slack);
void task_init(struct cpu_sched *cs, struct task *t, const char *comm,
	       void *priv);
void task_start(struct task *t, task_fn fn);
void task_cpu(struct task *t, sim_time_t ns, task_fn then);
void task_sleep(struct task *t, struct wait_queue_head *wq, task_fn then);
void task_sleep_timeout(struct task *t, struct wait_queue_head *wq,
			sim_time_t timeout, task_fn then);
void task_exit(struct task *t);
void wake_up_task(struct task *t);
void wake_up(struct wait_queue_head *wq);
bool wake_up_one(struct wait_queue_head *wq);

/*
 * Kernel-shaped threads: @fn runs on its own stack (coro.h) and blocks with
 * the calls below, which return when the burst or sleep is over.
 */
int kthread_run(struct cpu_sched *cs, struct task *t, const char *comm,
		void (*fn)(struct task *t), void *priv);
void kthread_free(struct task *t);
void cpu_burn(struct task *t, sim_time_t ns);
void schedule_wait(struct task *t, struct wait_queue_head *wq);
bool schedule_timeout(struct task *t, struct wait_queue_head *wq,
		      sim_time_t timeout);

static inline void init_waitqueue_head(struct wait_queue_head *wq)
{
	INIT_LIST_HEAD(&wq->task_list);
	wq->nr = 0;
}

static inline bool waitqueue_active(const struct wait_queue_head *wq)
{
	return wq->nr != 0;
}

#endif
