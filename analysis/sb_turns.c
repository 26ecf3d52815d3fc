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
	struct wbf_sb_turn *v = NULL, *t = NULL;
	size_t n = 0, cap = 0, i;

	for (i = 0; i < ft->nchunks; i++) {
		const struct wbf_sb_chunk *c = &ft->chunks[i];
		double end = c->ts_ns / 1e9;

		if (!wbf_sb_counted(c->sb, sbs, nsbs))
			continue;
		if (!t || strcmp(t->sb, c->sb)) {
			if (WBF_GROW(v, cap, n + 1)) {
				free(v);
				return -ENOMEM;
			}
			t = &v[n++];
			memset(t, 0, sizeof(*t));
			wbf_strlcpy(t->sb, c->sb, sizeof(t->sb));
			t->start_s = end - c->elapsed_us / 1e6;
		}
		t->end_s = end;
		t->pages += c->pages;
		t->chunks++;
	}
	*turns = v;
	*nturns = n;
	return 0;
}
