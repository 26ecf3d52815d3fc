// SPDX-License-Identifier: GPL-2.0
/* The superblock turn sequence of a parsed trace; see sb_turns.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sb_turns.h"

/**
 * wbf_sb_counted() - whether the chunks of superblock @sb count
 * @sb: "MAJ:MIN", as writeback_sb_written prints it
 * @sbs: the superblocks to count; NULL for every one but 0:0
 * @nsbs: entries in @sbs
 */
bool wbf_sb_counted(const char *sb, const char *const *sbs, size_t nsbs)
{
	size_t i;

	if (!sbs)
		return strcmp(sb, "0:0") != 0;	/* the bdev pseudo-sb: no fs */
	for (i = 0; i < nsbs; i++)
		if (!strcmp(sbs[i], sb))
			return true;
	return false;
}

/**
 * wbf_sb_turn_add() - the next chunk of a trace: it extends the last turn
 * if of the same superblock, else starts a new one
 * @ts: the sequence so far (zeroed to start; free(ts->v) when done)
 * @sb: the chunk's superblock, "MAJ:MIN"
 * @end_ns: the event's time, which is the chunk's end
 * @elapsed_us: how long the chunk took
 * @pages: what it wrote
 *
 * Return: 0 or -ENOMEM (@ts unchanged).
 */
int wbf_sb_turn_add(struct wbf_sb_turns *ts, const char *sb,
		    uint64_t end_ns, uint64_t elapsed_us, uint64_t pages)
{
	struct wbf_sb_turn *t = ts->n ? &ts->v[ts->n - 1] : NULL;
	double end = end_ns / 1e9;

	if (!t || strcmp(t->sb, sb)) {
		if (WBF_GROW(ts->v, ts->cap, ts->n + 1))
			return -ENOMEM;
		t = &ts->v[ts->n++];
		memset(t, 0, sizeof(*t));
		wbf_strlcpy(t->sb, sb, sizeof(t->sb));
		t->start_s = end - elapsed_us / 1e6;
		t->first_ns = end_ns;
	}
	t->end_s = end;
	t->pages += pages;
	t->elapsed_us += elapsed_us;
	t->chunks++;
	return 0;
}

/**
 * wbf_sb_turns() - the turn sequence of a parsed trace
 * @ft: the trace (wbf_ftrace_parse() keeps its writeback_sb_written
 *	events in ft->chunks)
 * @sbs: the superblocks to count ("MAJ:MIN"), the others' chunks are
 *	skipped; NULL for every superblock but 0:0 (the block devices')
 * @nsbs: entries in @sbs
 * @turns: set to a malloc()ed array of the turns, in order (free() it)
 * @nturns: set to its length
 *
 * Return: 0 or -ENOMEM.
 */
int wbf_sb_turns(const struct wbf_ftrace *ft, const char *const *sbs,
		 size_t nsbs, struct wbf_sb_turn **turns, size_t *nturns)
{
	struct wbf_sb_turns ts = { NULL, 0, 0 };
	size_t i;

	for (i = 0; i < ft->nchunks; i++) {
		const struct wbf_sb_chunk *c = &ft->chunks[i];

		if (!wbf_sb_counted(c->sb, sbs, nsbs))
			continue;
		if (wbf_sb_turn_add(&ts, c->sb, c->ts_ns, c->elapsed_us,
				    c->pages)) {
			free(ts.v);
			return -ENOMEM;
		}
	}
	*turns = ts.v;
	*nturns = ts.n;
	return 0;
}
