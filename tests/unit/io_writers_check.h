/* SPDX-License-Identifier: GPL-2.0 */
/*
 * For the machine-level unit tests: every completed write sector of every
 * disk and partition is credited to exactly one writer (sim/block/io-writer.h),
 * and no write went untagged. Include after check.h and machine.h.
 */
#ifndef WBSIM_TEST_IO_WRITERS_CHECK_H
#define WBSIM_TEST_IO_WRITERS_CHECK_H

/* The writers' sectors on @part, or on every partition if NULL. */
static inline uint64_t writers_sectors_on(const struct io_writers *ws,
				   const struct block_device *part)
{
	uint64_t sum = 0;

	for (unsigned int i = 0; i < ws->nr; i++)
		for (unsigned int p = 0; p < ws->w[i]->nr_parts; p++)
			if (!part || ws->w[i]->parts[p].part == part)
				sum += ws->w[i]->parts[p].sectors;
	return sum;
}

/* Call before machine_exit(), whatever the test did. */
static inline void check_writers_add_up(struct machine *m)
{
	uint64_t disks = 0, by_path = 0;

	for (int d = 0; d < m->nr_disks; d++) {
		struct gendisk *gd = &m->disks[d]->disk.gd;

		disks += gd->part0.sectors_done[1];
		for (int p = 0; p < gd->nr_parts; p++)
			CHECK_EQ_U64(writers_sectors_on(&m->writers, &gd->part[p]),
				     gd->part[p].sectors_done[1]);
	}
	for (int p = 0; p < IO_PATH_MAX; p++)
		by_path += io_writers_path_sectors(&m->writers, p);
	CHECK_EQ_U64(writers_sectors_on(&m->writers, NULL), disks);
	CHECK_EQ_U64(by_path, disks);
	CHECK_EQ_U64(io_writers_path_sectors(&m->writers, IO_PATH_NONE), 0);
}

/* The writer of task @t on @path, or NULL. */
static inline const struct io_writer *writer_of_task(const struct machine *m,
					      const struct task *t,
					      enum io_path path)
{
	for (unsigned int i = 0; i < m->writers.nr; i++) {
		const struct io_writer *w = m->writers.w[i];

		if (w->path == path && w->pid == t->pid && !w->group)
			return w;
	}
	return NULL;
}

#endif
