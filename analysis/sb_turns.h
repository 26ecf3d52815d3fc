/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How writeback takes turns between the superblocks of a disk, from the
 * series' writeback_sb_written events (wbsim prints the same event): a
 * "chunk" is one event (one superblock's share of one writeback pass), a
 * "turn" a run of consecutive chunks of the same superblock.
 */
#ifndef WBFAIR_SB_TURNS_H
#define WBFAIR_SB_TURNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ftrace_text.h"

struct wbf_sb_turn {
	char sb[32];		/* "8:1", as the event prints it */
	double start_s;		/* the first chunk's start (end - elapsed) */
	double end_s;		/* the last chunk's end */
	uint64_t first_ns;	/* the first chunk's event time (its end) */
	uint64_t pages;		/* written in the turn's chunks */
	uint64_t elapsed_us;	/* the chunks' own times, summed */
	size_t chunks;
};

/* A growing turn sequence: wbf_sb_turn_add() one chunk at a time. */
struct wbf_sb_turns {
	struct wbf_sb_turn *v;
	size_t n, cap;
};

int wbf_sb_turn_add(struct wbf_sb_turns *ts, const char *sb,
		    uint64_t end_ns, uint64_t elapsed_us, uint64_t pages);

int wbf_sb_turns(const struct wbf_ftrace *ft, const char *const *sbs,
		 size_t nsbs, struct wbf_sb_turn **turns, size_t *nturns);
bool wbf_sb_counted(const char *sb, const char *const *sbs, size_t nsbs);

#endif
