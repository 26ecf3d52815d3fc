/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Writeback (include/linux/writeback.h, fs/fs-writeback.c,
 * mm/page-writeback.c): the writeback_control, the generic pieces every
 * flusher model shares, and the flusher model interface. One file and one
 * ops table per model: flusher-pdflush.c (v2.6.30), flusher-bdi.c (v2.6.32,
 * and "bdi-fair" with per-superblock round robin), flusher-wq.c (v6.1).
 */
#ifndef WBSIM_WRITEBACK_H
#define WBSIM_WRITEBACK_H

#include <stdbool.h>
#include <stdint.h>

#include "backing-dev.h"
#include "fs/fs.h"
#include "mm.h"
#include "lib/options.h"
#include "kernel/sched.h"

enum writeback_sync_modes {
	WB_SYNC_NONE,		/* don't wait on anything */
	WB_SYNC_ALL,		/* wait on every page (fsync, sync) */
};

/* Why writeback runs, for traces (6.1's enum wb_reason names). */
enum wb_reason {
	WB_REASON_BACKGROUND,
	WB_REASON_VMSCAN,
	WB_REASON_SYNC,
	WB_REASON_PERIODIC,
	WB_REASON_FS_FREE_SPACE,
	WB_REASON_FORKER_THREAD,
	WB_REASON_BALANCE_DIRTY,	/* the dirtying task itself (< 3.2) */
	WB_REASON_FSYNC,
	WB_REASON_MAX,
};

extern const char *const wb_reason_name[];

struct machine;

/**
 * struct writeback_control - one writeback pass (2.6.30/2.6.32 fields)
 * @task: who writes: it blocks on request allocation and congestion
 * @older_than_this: only inodes dirtied before this (kupdate); 0: any
 * @nonblocking: skip congested queues instead of blocking (pdflush)
 * @encountered_congestion: a queue was congested, we backed off
 * @more_io: inodes were left on s_more_io/b_more_io
 */
struct writeback_control {
	struct machine *m;
	struct task *task;
	struct backing_dev_info *bdi;
	struct super_block *sb;
	enum writeback_sync_modes sync_mode;
	sim_time_t older_than_this;
	bool has_older_than;
	long nr_to_write;
	long pages_skipped;
	bool nonblocking;
	bool encountered_congestion;
	bool for_kupdate, for_background, for_reclaim;
	bool range_cyclic;
	/* REQ_SYNC bios without WB_SYNC_ALL's waiting (jbd's write_op) */
	bool sync_io;
	/* leave delayed pages dirty (a commit: ext4_writepage refuses them) */
	bool skip_delalloc;
	/* only pages [range_start, range_end) (indices; not range_cyclic) */
	bool has_range;
	uint64_t range_start, range_end;
	bool more_io;
	enum wb_reason reason;
	/* the current run of inodes of one superblock, for traces */
	struct super_block *chunk_sb;
	struct backing_dev_info *chunk_bdi;
	long chunk_pages;
	sim_time_t chunk_start;
};

/* [writeback] section */
struct writeback_params {
	int flusher;			/* index into flusher_types */
	unsigned int max_writeback_pages;	/* MAX_WRITEBACK_PAGES, 1024 */
	sim_time_t flusher_idle_exit;	/* 2.6.32: 5 minutes */
	unsigned int sb_fair_quantum;	/* bdi-fair: pages per sb turn */
	sim_time_t sb_slice;		/* v3.1+: time per sb once written */
	unsigned int min_pdflush, max_pdflush;	/* 2 and 8 */
	unsigned int hz;		/* jiffies per second (CONFIG_HZ) */
	sim_time_t cpu_per_page;	/* CPU cost of writing one page */
	bool trace_verbose;		/* per-inode, queue_io, congestion events */
	sim_time_t cpu_fork;		/* CPU cost of starting a thread */
};

extern const struct opt_table writeback_opt_table;

/**
 * struct flusher_type - a writeback architecture
 * @dirty_list: where __mark_inode_dirty queues a newly dirty inode
 * @inode_dirtied: called after an inode became dirty (wakeups)
 * @balance_dirty_pages: throttle a task that dirtied pages
 * @balance_dirty_pages_ratelimited: when set, called for every page a
 *	write copies (@nr_pages_dirtied 1 if it became dirty, else 0)
 *	instead of the shared per-CPU ratelimit (v3.2+ models keep their own
 *	per-task nr_dirtied_pause)
 * @inode_writeback_end: the last page of @inode under writeback completed
 *	(called from I/O completion; may be NULL)
 * @start_background: over the background threshold: get writeback going
 * @sync: sync(2) of everything, from task context, waiting
 */
struct flusher_type {
	const char *name;
	const char *release;
	int (*init)(struct machine *m);
	void (*exit)(struct machine *m);
	struct list_head *(*dirty_list)(struct inode *inode);
	void (*inode_dirtied)(struct machine *m, struct inode *inode);
	void (*balance_dirty_pages)(struct machine *m, struct task *t,
				    struct backing_dev_info *bdi,
				    unsigned long pages_dirtied);
	void (*balance_dirty_pages_ratelimited)(struct machine *m,
						struct task *t,
						struct address_space *mapping,
						unsigned long nr_pages_dirtied);
	void (*inode_writeback_end)(struct machine *m, struct inode *inode);
	void (*start_background)(struct machine *m,
				 struct backing_dev_info *bdi);
	void (*sync)(struct machine *m, struct task *t);
};

extern const struct flusher_type flusher_pdflush;
extern const struct flusher_type flusher_bdi;
extern const struct flusher_type flusher_bdi_fair;
extern const struct flusher_type flusher_wq;
extern const struct flusher_type *const flusher_types[];
extern const char *const flusher_names[];

/* fs-writeback.c: the list rules and single-inode writeback */
void __mark_inode_dirty(struct machine *m, struct inode *inode,
			uint32_t flags);
void redirty_tail(struct machine *m, struct inode *inode,
		  struct list_head *dirty);
void requeue_io(struct inode *inode, struct list_head *more_io);
void move_expired_inodes(struct list_head *delaying_queue,
			 struct list_head *dispatch_queue,
			 struct writeback_control *wbc);
void queue_io(struct list_head *dirty, struct list_head *io,
	      struct list_head *more_io, struct writeback_control *wbc);
int writeback_single_inode(struct inode *inode,
			   struct writeback_control *wbc,
			   struct list_head *dirty, struct list_head *more_io);
void inode_sync_wait(struct machine *m, struct task *t, struct inode *inode);
void wb_chunk_note(struct writeback_control *wbc, struct inode *inode,
		   long pages);
void wb_chunk_end(struct writeback_control *wbc);
void wb_trace_sb_chunk(struct machine *m, struct task *t,
		       struct backing_dev_info *bdi, struct super_block *sb,
		       long pages, sim_time_t start,
		       enum writeback_sync_modes sync_mode, enum wb_reason reason);

/* flusher-wq.c: 6.1's writeback_chunk_size(), for tests */
long wq_writeback_chunk_size(bool sync_all, unsigned long avg_write_bandwidth,
			     unsigned long dirty_limit, long nr_pages);

/* page-writeback.c: thresholds, throttling helpers, writing pages */
void dirty_thresholds(const struct mm *mm, uint64_t available,
		      uint64_t *pbackground, uint64_t *pdirty);
void get_dirty_limits(struct machine *m, struct task *t,
		      uint64_t *pbackground, uint64_t *pdirty,
		      uint64_t *pbdi_dirty, struct backing_dev_info *bdi);
void balance_dirty_pages_ratelimited(struct machine *m, struct task *t,
				     struct address_space *mapping,
				     unsigned long nr_pages_dirtied);
int write_cache_pages(struct address_space *mapping,
		      struct writeback_control *wbc);
void wb_bios_free(struct machine *m);
int filemap_fdatawait_range(struct machine *m, struct task *t,
			    struct address_space *mapping, uint64_t start,
			    uint64_t end);
int filemap_fdatawait(struct machine *m, struct task *t,
		      struct address_space *mapping);
sim_time_t dirty_writeback_interval(const struct machine *m);
void writeout_period_init(struct machine *m);
void other_writeout_init(struct machine *m);
void bdi_writeout_inc(struct machine *m, struct backing_dev_info *bdi);
bool over_bground_thresh(struct machine *m);
void congestion_wait(struct machine *m, struct task *t, sim_time_t timeout);
void machine_congestion_init(struct machine *m, struct request_queue *q);
void machine_note_throttle(struct machine *m, struct task *t,
			   struct backing_dev_info *bdi, sim_time_t ns,
			   unsigned long pages_written);
void trace_balance_dirty_pages_legacy(struct machine *m, struct task *t,
				      struct backing_dev_info *bdi,
				      uint64_t wb_dirty, uint64_t wb_thresh,
				      long asked, long written,
				      unsigned long total, sim_time_t pause_ns);

/*
 * The ftrace-style trace: every event and its format come from the one
 * catalogue, include/trace-events.def. wb_trace(m, t, EVENT, args...)
 * prints EVENT's catalogued format; the compiler checks the arguments
 * against it (a static const array initialised by a literal is checked
 * like the literal), and an event missing from the catalogue does not
 * compile.
 */
#define TRACE_EVENT_DEF(name, origin, zero, fmt) \
	static const char tev_fmt_##name[] __attribute__((unused)) = fmt;
#include "trace-events.def"
#undef TRACE_EVENT_DEF

void __wb_trace(struct machine *m, struct task *t, bool verbose,
		const char *event, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
#define wb_trace(m, t, ev, ...) \
	__wb_trace(m, t, false, #ev, tev_fmt_##ev, ##__VA_ARGS__)
/* a frequent event: printed only with writeback.trace_verbose */
#define wb_trace_verbose(m, t, ev, ...) do { \
	if (wb_trace_verbose_on(m)) \
		__wb_trace(m, t, true, #ev, tev_fmt_##ev, ##__VA_ARGS__); \
} while (0)
/* tested at the call site: the arguments of a per-inode event cost more
 * than the event when the trace is off */
#define wb_trace_verbose_on(m)	((m)->trace && (m)->wbp.trace_verbose)
/* MAJ, MIN of a dev_t, for the formats' "%u:%u" */
#define TEV_DEV(devt)	MAJOR(devt), MINOR(devt)
/*
 * a superblock's MAJ, MIN: 0:0 for a work's "every superblock of the bdi"
 * and for the block devices' pseudo superblock (the kernel's bdev sb has
 * an anonymous 0:N)
 */
#define TEV_SB_DEV(sb)	TEV_DEV((sb) && (sb)->s_bdev ? (sb)->s_bdev->devt : 0)

#endif
