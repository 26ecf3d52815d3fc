/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Who writes back what: per-superblock writeback chunks and the life of
 * the flusher threads.  The events of include/trace/events/writeback.h
 * name the bdi only; two partitions of one disk share a bdi, so telling
 * how their writeback alternates needs the superblock.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM writeback_flusher

#if !defined(_TRACE_WRITEBACK_FLUSHER_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_WRITEBACK_FLUSHER_H

#include <linux/backing-dev.h>
#include <linux/fs.h>
#include <linux/tracepoint.h>
#include <linux/writeback.h>

/* enum wb_reason, for user space to decode as writeback.h does */
TRACE_DEFINE_ENUM(WB_REASON_BACKGROUND);
TRACE_DEFINE_ENUM(WB_REASON_VMSCAN);
TRACE_DEFINE_ENUM(WB_REASON_SYNC);
TRACE_DEFINE_ENUM(WB_REASON_PERIODIC);
TRACE_DEFINE_ENUM(WB_REASON_LAPTOP_TIMER);
TRACE_DEFINE_ENUM(WB_REASON_FS_FREE_SPACE);
TRACE_DEFINE_ENUM(WB_REASON_FORKER_THREAD);
TRACE_DEFINE_ENUM(WB_REASON_FOREIGN_FLUSH);

/*
 * One call of writeback_sb_inodes(): a chunk of writeback of one
 * superblock, ended by the time slice, the page budget, or the end of
 * that superblock's inodes on b_io.
 */
TRACE_EVENT(writeback_sb_written,

	TP_PROTO(struct bdi_writeback *wb, struct super_block *sb, long pages,
		 u64 start_ns, enum writeback_sync_modes sync_mode,
		 enum wb_reason reason),

	TP_ARGS(wb, sb, pages, start_ns, sync_mode, reason),

	TP_STRUCT__entry(
		__array(char,	name, 32)
		__field(dev_t,	sb_dev)
		__field(long,	pages)
		__field(u64,	elapsed_us)
		__field(int,	sync_mode)
		__field(int,	reason)
	),

	TP_fast_assign(
		strscpy_pad(__entry->name, bdi_dev_name(wb->bdi), 32);
		__entry->sb_dev = sb->s_dev;
		__entry->pages = pages;
		__entry->elapsed_us = start_ns ?
			div_u64(ktime_get_ns() - start_ns, NSEC_PER_USEC) : 0;
		__entry->sync_mode = sync_mode;
		__entry->reason = reason;
	),

	TP_printk("bdi %s: sb=%d:%d pages=%ld elapsed_us=%llu sync_mode=%d reason=%s",
		  __entry->name,
		  MAJOR(__entry->sb_dev), MINOR(__entry->sb_dev),
		  __entry->pages,
		  __entry->elapsed_us,
		  __entry->sync_mode,
		  __print_symbolic(__entry->reason,
				   { WB_REASON_BACKGROUND, "background" },
				   { WB_REASON_VMSCAN, "vmscan" },
				   { WB_REASON_SYNC, "sync" },
				   { WB_REASON_PERIODIC, "periodic" },
				   { WB_REASON_LAPTOP_TIMER, "laptop_timer" },
				   { WB_REASON_FS_FREE_SPACE, "fs_free_space" },
				   { WB_REASON_FORKER_THREAD, "forker_thread" },
				   { WB_REASON_FOREIGN_FLUSH, "foreign_flush" }))
);

/*
 * The pdflush model's writeback met a congested queue (the request tags
 * in use reached 2.6.30's congestion threshold) and left the superblock,
 * as v2.6.30's nonblocking writeback did.
 */
TRACE_EVENT(writeback_pdflush_congested,

	TP_PROTO(struct bdi_writeback *wb, struct super_block *sb,
		 unsigned int busy, unsigned int on),

	TP_ARGS(wb, sb, busy, on),

	TP_STRUCT__entry(
		__array(char,		name, 32)
		__field(dev_t,		sb_dev)
		__field(unsigned int,	busy)
		__field(unsigned int,	on)
	),

	TP_fast_assign(
		strscpy_pad(__entry->name, bdi_dev_name(wb->bdi), 32);
		__entry->sb_dev = sb->s_dev;
		__entry->busy = busy;
		__entry->on = on;
	),

	TP_printk("bdi %s: sb=%d:%d busy=%u on=%u",
		  __entry->name,
		  MAJOR(__entry->sb_dev), MINOR(__entry->sb_dev),
		  __entry->busy, __entry->on)
);

/*
 * A thread model could not start a thread for a wb (kthread_create()
 * failed with err) and gave the wb's pass to bdi_wq, whose rescuer runs
 * it even when no kworker can be created.
 */
TRACE_EVENT(writeback_flusher_rescue,

	TP_PROTO(struct bdi_writeback *wb, const char *model, int err),

	TP_ARGS(wb, model, err),

	TP_STRUCT__entry(
		__array(char,	name, 32)
		__string(model,	model)
		__field(int,	err)
	),

	TP_fast_assign(
		strscpy_pad(__entry->name, bdi_dev_name(wb->bdi), 32);
		__assign_str(model, model);
		__entry->err = err;
	),

	TP_printk("bdi %s: model=%s err=%d",
		  __entry->name, __get_str(model), __entry->err)
);

/* A flusher kthread (flush-*, bdi-default, pdflush, sync_supers). */
DECLARE_EVENT_CLASS(writeback_flusher_thread,

	TP_PROTO(const char *model, const char *why),

	TP_ARGS(model, why),

	TP_STRUCT__entry(
		__array(char,	comm, TASK_COMM_LEN)
		__field(pid_t,	pid)
		__string(model,	model)
		__string(why,	why)
	),

	TP_fast_assign(
		memcpy(__entry->comm, current->comm, TASK_COMM_LEN);
		__entry->pid = current->pid;
		__assign_str(model, model);
		__assign_str(why, why);
	),

	TP_printk("%s pid=%d model=%s %s",
		  __entry->comm, __entry->pid, __get_str(model),
		  __get_str(why))
);

DEFINE_EVENT(writeback_flusher_thread, writeback_flusher_start,
	TP_PROTO(const char *model, const char *why),
	TP_ARGS(model, why)
);

DEFINE_EVENT(writeback_flusher_thread, writeback_flusher_exit,
	TP_PROTO(const char *model, const char *why),
	TP_ARGS(model, why)
);

#endif /* _TRACE_WRITEBACK_FLUSHER_H */

/* This part must be outside protection */
#include <trace/define_trace.h>
