// SPDX-License-Identifier: GPL-2.0
/*
 * Writers of the bytes that reached the disk (see io-writer.h): tagging a
 * write bio with its writer at submission, crediting it at completion,
 * and the "writes" block of summary.json.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "blkdev.h"
#include "io-writer.h"

const char *const io_path_names[IO_PATH_MAX] = {
	[IO_PATH_NONE] = "untagged",
	[IO_PATH_WRITEBACK] = "writeback",
	[IO_PATH_BALANCE_DIRTY] = "balance_dirty_pages",
	[IO_PATH_FSYNC] = "fsync",
	[IO_PATH_SYNC] = "sync",
	[IO_PATH_JOURNAL] = "journal",
	[IO_PATH_RECLAIM] = "reclaim",
};

/* The simulator has no way on without its own memory, as elsewhere. */
static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p)
		abort();
	return p;
}

static bool writer_matches(const struct io_writer *w, const struct task *t,
			   enum io_path path)
{
	if (w->path != path)
		return false;
	return t->io_group ? w->group == t->io_group :
			     !w->group && w->pid == t->pid;
}

/* Count @pid among the writer's tasks, once. */
static void writer_note_pid(struct io_writer *w, uint32_t pid)
{
	/* the last pid first: a task submits many bios in a row */
	if (w->nr_pids && w->pids[w->nr_pids - 1] == pid)
		return;
	for (unsigned int i = 0; i < w->nr_pids; i++)
		if (w->pids[i] == pid)
			return;
	if (w->nr_pids == w->cap_pids) {
		w->cap_pids = w->cap_pids ? 2 * w->cap_pids : 4;
		w->pids = xrealloc(w->pids, w->cap_pids * sizeof(*w->pids));
	}
	w->pids[w->nr_pids++] = pid;
}

static size_t writer_hash(const char *group, uint32_t pid, enum io_path path)
{
	uint64_t k = group ? (uint64_t)(uintptr_t)group : (uint64_t)pid << 1 | 1;

	k = (k ^ (uint64_t)path << 56) * 0x9e3779b97f4a7c15ULL;
	return (size_t)(k ^ k >> 29);
}

static size_t writer_slot_hash(const struct io_writer *w)
{
	return writer_hash(w->group, w->pid, w->path);
}

/* Index @ws->w[@i]; grow the table first at half full. */
static void writer_index_add(struct io_writers *ws, unsigned int i)
{
	size_t mask;

	if (2 * (ws->nr + 1) > ws->idx_cap) {
		size_t cap = ws->idx_cap ? 2 * ws->idx_cap : 64;

		free(ws->idx);
		ws->idx = xrealloc(NULL, cap * sizeof(*ws->idx));
		memset(ws->idx, 0, cap * sizeof(*ws->idx));
		ws->idx_cap = cap;
		for (unsigned int j = 0; j < ws->nr; j++)
			if (j != i)
				writer_index_add(ws, j);
	}
	mask = ws->idx_cap - 1;
	for (size_t h = writer_slot_hash(ws->w[i]) & mask;; h = (h + 1) & mask)
		if (!ws->idx[h]) {
			ws->idx[h] = i + 1;
			return;
		}
}

static struct io_writer *writer_find(const struct io_writers *ws,
				     const struct task *t, enum io_path path)
{
	size_t mask = ws->idx_cap - 1;

	if (!ws->idx_cap)
		return NULL;
	for (size_t h = writer_hash(t->io_group, t->io_group ? 0 : t->pid,
				    path) & mask;
	     ws->idx[h]; h = (h + 1) & mask)
		if (writer_matches(ws->w[ws->idx[h] - 1], t, path))
			return ws->w[ws->idx[h] - 1];
	return NULL;
}

/**
 * io_writer_of - the writer a write bio submitted by @t now is credited to
 *
 * A task with an io_group is counted with every other task of that group
 * on the same path ("dbench sda1"); any other task by itself, under its
 * name and pid ("flush-8:0", "pdflush", "kjournald/sda1"). The first bio
 * of a writer creates it.
 */
struct io_writer *io_writer_of(struct io_writers *ws, const struct task *t)
{
	enum io_path path = t->io_path > IO_PATH_NONE && t->io_path < IO_PATH_MAX ?
			    (enum io_path)t->io_path : IO_PATH_NONE;
	struct io_writer *w = writer_find(ws, t, path);

	if (!w) {
		w = xrealloc(NULL, sizeof(*w));
		memset(w, 0, sizeof(*w));
		w->path = path;
		w->group = t->io_group;
		w->pid = t->io_group ? 0 : t->pid;
		if (t->io_group)
			snprintf(w->name, sizeof(w->name), "%.15s %.15s", t->comm,
				 t->io_group);
		else
			snprintf(w->name, sizeof(w->name), "%s", t->comm);
		if (ws->nr == ws->cap) {
			ws->cap = ws->cap ? 2 * ws->cap : 16;
			ws->w = xrealloc(ws->w, ws->cap * sizeof(*ws->w));
		}
		ws->w[ws->nr] = w;
		writer_index_add(ws, ws->nr);
		ws->nr++;
	}
	writer_note_pid(w, t->pid);
	return w;
}

/**
 * io_writer_complete - @bio, a write tagged with @w, completed without
 * error: credit its sectors to @w on the partition it was submitted to
 */
void io_writer_complete(struct io_writer *w, const struct bio *bio)
{
	uint64_t nr = bio->bi_size >> SECTOR_SHIFT;
	const struct block_device *part = bio->bi_part;
	struct io_writer_part *p = NULL;

	w->sectors += nr;
	if (bio->bi_rw & REQ_META)
		w->meta_sectors += nr;
	if (w->last_part < w->nr_parts && w->parts[w->last_part].part == part)
		p = &w->parts[w->last_part];
	for (unsigned int i = 0; !p && i < w->nr_parts; i++)
		if (w->parts[i].part == part) {
			p = &w->parts[i];
			w->last_part = i;
		}
	if (!p) {
		w->last_part = w->nr_parts;
		w->parts = xrealloc(w->parts, (w->nr_parts + 1) * sizeof(*w->parts));
		p = &w->parts[w->nr_parts++];
		memset(p, 0, sizeof(*p));
		p->part = part;
		snprintf(p->name, sizeof(p->name), "%s", part ? part->name : "?");
	}
	p->sectors += nr;
}

/**
 * io_writers_path_sectors - completed write sectors of every writer on
 * @path
 */
uint64_t io_writers_path_sectors(const struct io_writers *ws,
				 enum io_path path)
{
	uint64_t sum = 0;

	for (unsigned int i = 0; i < ws->nr; i++)
		if (ws->w[i]->path == path)
			sum += ws->w[i]->sectors;
	return sum;
}

/* Partition names and the writer names are the simulator's own
 * ("sda1", "flush-8:0", "kworker/u2:0"): nothing to escape in them. */
static void writer_json(FILE *f, const struct io_writer *w, bool comma)
{
	uint64_t bytes = w->sectors << SECTOR_SHIFT;

	fprintf(f, "      {\"writer\": \"%s\", \"path\": \"%s\", ", w->name,
		io_path_names[w->path]);
	if (!w->group)
		fprintf(f, "\"pid\": %" PRIu32 ", ", w->pid);
	fprintf(f, "\"tasks\": %u, \"pages\": %" PRIu64 ", \"bytes\": %" PRIu64
		", \"metadata_bytes\": %" PRIu64 ", \"partitions\": {",
		w->nr_pids, bytes / 4096, bytes, w->meta_sectors << SECTOR_SHIFT);
	for (unsigned int i = 0; i < w->nr_parts; i++)
		fprintf(f, "%s\"%s\": %" PRIu64, i ? ", " : "",
			w->parts[i].name, w->parts[i].sectors << SECTOR_SHIFT);
	fprintf(f, "}}%s\n", comma ? "," : "");
}

/**
 * io_writers_json - the "writes" member of summary.json (with its comma)
 *
 * Totals, bytes per path (every path, 0 when unused), and one line per
 * writer that completed a write, in the order writers first submitted.
 * Pages are 4 KiB: every write bio of the model is whole pages.
 */
void io_writers_json(FILE *f, const struct io_writers *ws)
{
	uint64_t total = 0;
	unsigned int last = 0;

	for (unsigned int i = 0; i < ws->nr; i++) {
		total += ws->w[i]->sectors;
		if (ws->w[i]->sectors)
			last = i;
	}
	total <<= SECTOR_SHIFT;
	fprintf(f, "  \"writes\": {\n    \"bytes\": %" PRIu64 ",\n    \"pages\": %" PRIu64 ",\n    \"by_path\": {",
		total, total / 4096);
	for (int p = IO_PATH_WRITEBACK; p < IO_PATH_MAX; p++)
		fprintf(f, "%s\"%s\": %" PRIu64, p > IO_PATH_WRITEBACK ? ", " : "",
			io_path_names[p],
			io_writers_path_sectors(ws, p) << SECTOR_SHIFT);
	if (io_writers_path_sectors(ws, IO_PATH_NONE))
		fprintf(f, ", \"untagged\": %" PRIu64,
			io_writers_path_sectors(ws, IO_PATH_NONE) << SECTOR_SHIFT);
	fprintf(f, "},\n    \"writers\": [\n");
	for (unsigned int i = 0; i < ws->nr; i++)
		if (ws->w[i]->sectors)
			writer_json(f, ws->w[i], i < last);
	fprintf(f, "    ]\n  },\n");
}

/**
 * io_writers_free - free every writer; @ws is empty (and reusable) after
 */
void io_writers_free(struct io_writers *ws)
{
	for (unsigned int i = 0; i < ws->nr; i++) {
		free(ws->w[i]->pids);
		free(ws->w[i]->parts);
		free(ws->w[i]);
	}
	free(ws->w);
	free(ws->idx);
	memset(ws, 0, sizeof(*ws));
}
