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
 * Whatever the model, at most one flusher runs a writeback pass over a
 * given wb at a time.  See fs/fs-writeback-flusher.c.
 *
 * Without CONFIG_WB_FLUSHER the hooks below are what 6.1 does in their
 * place, and writeback runs on bdi_wq only, as in 6.1.
 */
#ifndef _LINUX_WRITEBACK_FLUSHER_H
#define _LINUX_WRITEBACK_FLUSHER_H

#include <linux/backing-dev.h>
#include <linux/workqueue.h>

struct notifier_block;

enum wb_flusher_model {
	WB_FLUSHER_WQ,
	WB_FLUSHER_BDI,
	WB_FLUSHER_PDFLUSH,
	NR_WB_FLUSHER_MODELS,
};

/* Bits in wb_flusher.state */
enum {
	WBF_KICK,	/* a writeback pass over the wb is wanted */
	WBF_BUSY,	/* a flusher is in a writeback pass over the wb */
	WBF_RESCUE,	/* the wb's pass is owed by its bdi_wq work item */
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

#ifdef CONFIG_WB_FLUSHER
/* Nests inside wb->work_lock. */
extern spinlock_t wb_flusher_lock;
/* wbs waiting for a thread of the current model, under wb_flusher_lock */
extern struct list_head wb_flusher_queue;
/* the current model, written under wb_flusher_lock */
extern enum wb_flusher_model wb_flusher_model;

void wb_flusher_init(struct bdi_writeback *wb);
void wb_flusher_kick(struct bdi_writeback *wb);
void wb_flusher_kick_delayed(struct bdi_writeback *wb, unsigned long delay);
bool wb_flusher_begin(struct bdi_writeback *wb, bool *claimed);
void wb_flusher_done(struct bdi_writeback *wb, bool claimed, bool unpin);
void wb_flusher_shutdown(struct bdi_writeback *wb);

/* wb_exit(): wb_flusher_shutdown() stopped the timer, if it ever ran */
static inline void wb_flusher_exit(struct bdi_writeback *wb)
{
	WARN_ON(timer_pending(&wb->flusher.timer));
}

struct bdi_writeback *wb_flusher_dequeue(bool claim);
bool wb_flusher_claim(struct bdi_writeback *wb);

void wb_flusher_rescue(struct bdi_writeback *wb, enum wb_flusher_model model,
		       int err);

int wb_flusher_register_model(enum wb_flusher_model model,
			      const struct wb_flusher_ops *ops);
int wb_flusher_set_model(enum wb_flusher_model model);
int wb_flusher_register_notifier(struct notifier_block *nb);
const char *wb_flusher_model_name(enum wb_flusher_model model);

#else /* !CONFIG_WB_FLUSHER: 6.1's writeback on bdi_wq */

static inline void wb_flusher_init(struct bdi_writeback *wb)
{
}

static inline void wb_flusher_kick(struct bdi_writeback *wb)
{
	mod_delayed_work(bdi_wq, &wb->dwork, 0);
}

static inline void wb_flusher_kick_delayed(struct bdi_writeback *wb,
					   unsigned long delay)
{
	queue_delayed_work(bdi_wq, &wb->dwork, delay);
}

static inline bool wb_flusher_begin(struct bdi_writeback *wb, bool *claimed)
{
	*claimed = false;
	return true;
}

static inline void wb_flusher_done(struct bdi_writeback *wb, bool claimed,
				   bool unpin)
{
}

static inline void wb_flusher_shutdown(struct bdi_writeback *wb)
{
}

static inline void wb_flusher_exit(struct bdi_writeback *wb)
{
}

#endif /* CONFIG_WB_FLUSHER */

#endif /* _LINUX_WRITEBACK_FLUSHER_H */
