/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Who wrote each byte that reached the disk.
 *
 * Every write bio is tagged at submission with its writer: the submitting
 * task (a flusher thread by itself, or a group of user tasks such as the
 * clients of one dbench instance) and the path the task was on when it
 * called submit_bio (its io_path: a flusher's writeback, a dirtier in
 * balance_dirty_pages, fsync, sync, the journal commit). The block layer
 * credits the bio to its writer, per partition, when the request completes
 * without error: the moment blktrace writes the completion record [C], and
 * the bytes that record counts. So the writers sum exactly to the bytes
 * blkparse shows completed as writes, for the disk and for each partition.
 *
 * The kernel's nearest relatives are the blkio cgroup's per-group byte
 * counters (accounted per bio at submission) and task_io_accounting; it
 * has no per-path split, which is what the question "who wrote these
 * pages, flusher or dirtier?" needs.
 */
#ifndef WBSIM_IO_WRITER_H
#define WBSIM_IO_WRITER_H

#include <stdint.h>
#include <stdio.h>

#include "kernel/sched.h"

struct bio;
struct block_device;

/*
 * The path a task submits writes on (task->io_path). IO_PATH_NONE on a
 * write means a submit path nobody tagged: the summary lists it as
 * "untagged" and tests/sh/writer_attribution.sh fails on it.
 */
enum io_path {
	IO_PATH_NONE,
	IO_PATH_WRITEBACK,	/* a flusher thread's writeback (any reason) */
	IO_PATH_BALANCE_DIRTY,	/* a dirtier writing in balance_dirty_pages */
	IO_PATH_FSYNC,		/* fsync(2), in the calling task */
	IO_PATH_SYNC,		/* sync(2), in the calling task */
	IO_PATH_JOURNAL,	/* kjournald's commit: ordered data, journal */
	IO_PATH_RECLAIM,	/* pageout() from reclaim: never in this model */
	IO_PATH_MAX
};

extern const char *const io_path_names[IO_PATH_MAX];

/* One partition a writer wrote to. */
struct io_writer_part {
	const struct block_device *part;	/* key, while the run lives */
	char name[16];
	uint64_t sectors;
};

/**
 * struct io_writer - one writer: a task or a group of tasks, on one path
 * @group: the tasks' io_group (key), or NULL for a single thread (@pid)
 * @pids: the tasks seen submitting under this writer, for @nr_pids
 * @sectors: completed write sectors, @meta_sectors of them REQ_META
 *	(filesystem metadata and journal blocks)
 */
struct io_writer {
	char name[32];
	enum io_path path;
	uint32_t pid;
	const char *group;
	uint32_t *pids;
	unsigned int nr_pids, cap_pids;
	uint64_t sectors, meta_sectors;
	struct io_writer_part *parts;
	unsigned int nr_parts;
	unsigned int last_part;	/* tried first: a pdflush thread writes
				 * runs of one disk of hundreds */
};

/* A run's writers, in the order they first submitted (deterministic). */
struct io_writers {
	struct io_writer **w;
	unsigned int nr, cap;
	/* open-addressing index of @w by writer key (slot = index + 1, 0
	 * free): a lookup per bio must not scan a 1,000-disk box's writers */
	unsigned int *idx;
	size_t idx_cap;
};

struct io_writer *io_writer_of(struct io_writers *ws, const struct task *t);
void io_writer_complete(struct io_writer *w, const struct bio *bio);
uint64_t io_writers_path_sectors(const struct io_writers *ws,
				 enum io_path path);
void io_writers_json(FILE *f, const struct io_writers *ws);
void io_writers_free(struct io_writers *ws);

/*
 * Enter a submit path for the writes that follow; io_path_leave() with
 * what io_path_enter() returned goes back to the caller's path (fsync
 * inside a task that also throttles, and so on).
 */
static inline int io_path_enter(struct task *t, enum io_path path)
{
	int old = t->io_path;

	t->io_path = path;
	return old;
}

static inline void io_path_leave(struct task *t, int old)
{
	t->io_path = old;
}

#endif
