/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Selectable flusher models: who runs a bdi_writeback's writeback.
 *
 * WB_FLUSHER_WQ      work items on bdi_wq (v3.10 and later), the default;
 * WB_FLUSHER_BDI     one kthread per bdi_writeback, forked on demand by a
 *                    forker kthread (v2.6.32);
 * WB_FLUSHER_PDFLUSH a pool of 2 to 8 kthreads serving all bdi_writebacks
 *                    from one queue (v2.6.30).
 *
 * Whatever the model, a writeback pass over a wb is wb_flusher_run(), and
 * at most one flusher runs it on a given wb at a time.  See
 * fs/fs-writeback-flusher.c.
 */
#ifndef _LINUX_WRITEBACK_FLUSHER_H
#define _LINUX_WRITEBACK_FLUSHER_H

#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/timer.h>

struct bdi_writeback;
struct notifier_block;
struct task_struct;

enum wb_flusher_model {
	WB_FLUSHER_WQ,
	WB_FLUSHER_BDI,
	WB_FLUSHER_PDFLUSH,
	NR_WB_FLUSHER_MODELS,
};

/* Bits in wb_flusher.state */
enum {
	WBF_KICK,	/* a writeback pass over the wb is wanted */
	WBF_BUSY,	/* a flusher is in wb_flusher_run() on the wb */
	WBF_RESCUE,	/* the wb's pass is owed by its bdi_wq work item */
};

/**
 * struct wb_flusher - a bdi_writeback's state in the flusher models
 * @state: WBF_* bits
 * @pins: flusher threads holding a pointer to the wb; wb_flusher_shutdown()
 *	waits for it to drop to zero
 * @node: on wb_flusher_queue while the wb waits for a thread
 * @task: WB_FLUSHER_BDI: the kthread dedicated to this wb, or NULL
 * @last_active: WB_FLUSHER_BDI: jiffies when @task last wrote a page
 * @timer: delayed wakeups (wb_flusher_kick_delayed()) when the model is
 *	not WB_FLUSHER_WQ, which uses the wb's delayed work instead
 *
 * Every field but @timer is protected by wb_flusher_lock.
 */
struct wb_flusher {
	unsigned long state;
	unsigned int pins;
	struct list_head node;
	struct task_struct *task;
	unsigned long last_active;
	struct timer_list timer;
};

/**
 * struct wb_flusher_ops - a flusher model
 * @start: the model becomes current: make sure its threads run (may sleep)
 * @stop: the model is no longer current: wake its threads so that they
 *	notice and exit
 * @kick: give a wb wanting a writeback pass to a thread; called with
 *	wb_flusher_lock held and interrupts off, the wb not WBF_BUSY
 */
struct wb_flusher_ops {
	int (*start)(void);
	void (*stop)(void);
	void (*kick)(struct bdi_writeback *wb);
};

/* Nests inside wb->work_lock. */
extern spinlock_t wb_flusher_lock;
/* wbs waiting for a thread of the current model, under wb_flusher_lock */
extern struct list_head wb_flusher_queue;
/* the current model, written under wb_flusher_lock */
extern enum wb_flusher_model wb_flusher_model;

void wb_flusher_init(struct bdi_writeback *wb);
void wb_flusher_kick(struct bdi_writeback *wb);
void wb_flusher_kick_delayed(struct bdi_writeback *wb, unsigned long delay);
bool wb_flusher_begin(struct bdi_writeback *wb);
void wb_flusher_end(struct bdi_writeback *wb);
void wb_flusher_shutdown(struct bdi_writeback *wb);

struct bdi_writeback *wb_flusher_dequeue(bool claim);
bool wb_flusher_claim(struct bdi_writeback *wb);
void wb_flusher_done(struct bdi_writeback *wb, bool claimed, bool unpin);

long wb_flusher_run(struct bdi_writeback *wb, bool emergency);
void wb_flusher_rescue(struct bdi_writeback *wb, enum wb_flusher_model model,
		       int err);

int wb_flusher_register_model(enum wb_flusher_model model,
			      const struct wb_flusher_ops *ops);
int wb_flusher_set_model(enum wb_flusher_model model);
int wb_flusher_register_notifier(struct notifier_block *nb);
const char *wb_flusher_model_name(enum wb_flusher_model model);

#endif /* _LINUX_WRITEBACK_FLUSHER_H */
