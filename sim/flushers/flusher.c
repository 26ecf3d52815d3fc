// SPDX-License-Identifier: GPL-2.0
/*
 * What the flusher models share: the [writeback] option table, the model
 * table, bdi work completion, and throttling statistics.
 */
#include <stdlib.h>

#include "init/machine.h"

/* The models, in the order of flusher_names (the [writeback] enum). */
const struct flusher_type *const flusher_types[] = {
	&flusher_pdflush, &flusher_bdi, &flusher_bdi_fair, &flusher_wq, NULL,
};

const char *const flusher_names[] = { "pdflush", "bdi", "bdi-fair", "wq", NULL };

static const struct opt_desc writeback_opts[] = {
	{ "flusher", OPT_ENUM, offsetof(struct writeback_params, flusher), "bdi",
	  0, 0, NULL, flusher_names,
	  "flusher model: pdflush (v2.6.30), bdi (v2.6.32), bdi-fair (bdi + per-superblock round robin), wq (v6.1: bdi_wq workers, IO-less throttling)" },
	{ "max_writeback_pages", OPT_UINT,
	  offsetof(struct writeback_params, max_writeback_pages), "1024", 1,
	  1 << 20, NULL, NULL, "MAX_WRITEBACK_PAGES: pages per writeback chunk (before v3.1)" },
	{ "flusher_idle_exit", OPT_TIME,
	  offsetof(struct writeback_params, flusher_idle_exit), "300", 1, 86400,
	  "s", NULL, "bdi: a flusher thread exits after this long without writing" },
	{ "sb_fair_quantum", OPT_UINT,
	  offsetof(struct writeback_params, sb_fair_quantum), "1024", 1,
	  1 << 20, NULL, NULL, "bdi-fair: pages one superblock writes per turn" },
	{ "sb_slice", OPT_TIME, offsetof(struct writeback_params, sb_slice),
	  "100", 1, 10000, "ms", NULL,
	  "wq (v3.1+): writeback_sb_inodes goes back to wb_writeback after this long once it wrote something (HZ/10)" },
	{ "min_pdflush", OPT_UINT, offsetof(struct writeback_params, min_pdflush),
	  "2", 1, 64, NULL, NULL, "pdflush: MIN_PDFLUSH_THREADS, started at boot" },
	{ "max_pdflush", OPT_UINT, offsetof(struct writeback_params, max_pdflush),
	  "8", 1, 64, NULL, NULL, "pdflush: MAX_PDFLUSH_THREADS" },
	{ "hz", OPT_UINT, offsetof(struct writeback_params, hz), "250", 100, 1000,
	  NULL, NULL, "CONFIG_HZ: the jiffy that pauses are counted in (2009 distribution kernels: 250)" },
	{ "cpu_per_page", OPT_TIME, offsetof(struct writeback_params, cpu_per_page),
	  "2", 0, 1000, "us", NULL,
	  "CPU time to write back one page (writepage, bio build, accounting)" },
	{ "trace_verbose", OPT_BOOL, offsetof(struct writeback_params, trace_verbose),
	  "no", 0, 0, NULL, NULL,
	  "also trace every inode written, queue_io and congestion waits (trace.txt grows to millions of lines)" },
	{ "cpu_fork", OPT_TIME, offsetof(struct writeback_params, cpu_fork),
	  "100", 0, 100000, "us", NULL, "CPU time to start a kernel thread" },
	{ NULL },
};

const struct opt_table writeback_opt_table = {
	"writeback", "the flusher model and its constants", writeback_opts
};

/**
 * bdi_work_done - @work is finished: off its list, waiter woken or freed
 */
void bdi_work_done(struct machine *m, struct bdi_work *work)
{
	list_del_init(&work->list);
	if (work->free_when_done) {
		free(work);
		return;
	}
	work->done = true;
	if (work->waiter)
		wake_up_task(work->waiter);
}

/**
 * machine_note_throttle - a task was throttled in balance_dirty_pages:
 * the run did reach the dirty limit, which is what tests the flushers
 */
void machine_note_throttle(struct machine *m, struct task *t,
			   struct backing_dev_info *bdi, sim_time_t ns,
			   unsigned long pages_written)
{
	m->dirty_limit_hit = true;
	m->dirty_throttled++;
	m->dirty_throttled_ns += ns;
	t->bdp_ns += ns;	/* which op it delayed: dbench's wait record */
	t->bdp_mark = m->sim.now;	/* a run cut now adds only what follows */
}

/**
 * trace_balance_dirty_pages_legacy - a throttled call of 2.6.30/32's
 * balance_dirty_pages: at its end @bdi had @wb_dirty pages against
 * @wb_thresh; over the call the dirtier was asked to write @asked pages,
 * wrote @written (= @total) and slept @pause_ns, printed in ms.
 *
 * The series' tracepoint fires once per round of the loop, with the
 * timeout it asks for; wbsim prints one event per throttled call (a round
 * is a few ms: one a round would make a 600 s trace of hundreds of MB),
 * with the time the rounds slept. Either way a task's pauses sum to the
 * time it slept throttled (its own writing is not in them).
 */
void trace_balance_dirty_pages_legacy(struct machine *m, struct task *t,
				      struct backing_dev_info *bdi,
				      uint64_t wb_dirty, uint64_t wb_thresh,
				      long asked, long written,
				      unsigned long total, sim_time_t pause_ns)
{
	wb_trace(m, t, balance_dirty_pages_legacy, bdi->name, t->comm, t->pid,
		 (unsigned long)wb_dirty, (unsigned long)wb_thresh, asked,
		 written, total,
		 (unsigned)((pause_ns + NSEC_PER_MSEC / 2) / NSEC_PER_MSEC), 0UL);
}
