/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fixed head of a blkparse event line (blkparse's default format,
 * "%D %2c %8s %5T.%9t %5p %2a %3d "): device, CPU, sequence, time, pid,
 * action and RWBS, read by wbsim replay (sim/workload/trace_input.c) and
 * wbfair (analysis/blkparse_text.c). Each caller keeps what follows the
 * head, which actions it wants and its own messages; struct wb_bp_fail
 * says which field failed and how, so that it can.
 */
#ifndef WB_BLKPARSE_H
#define WB_BLKPARSE_H

#include <stdint.h>

#include "wb/parse.h"

enum wb_bp_field {
	WB_BP_DEV, WB_BP_CPU, WB_BP_SEQ, WB_BP_TIME, WB_BP_PID,
	WB_BP_ACTION, WB_BP_RWBS,
};

/* what a caller accepts */
struct wb_bp_rules {
	uint64_t cpu_max;
	const struct wb_fixed_fmt *time;	/* the time field, in ns */
};

struct wb_bp_head {
	uint32_t major, minor;
	uint64_t cpu, seq, time;
	uint32_t pid;
	const char *act, *act_end;	/* the action token */
	const char *rwbs, *rwbs_end;	/* the RWBS token */
};

struct wb_bp_fail {
	enum wb_bp_field field;
	int code;		/* -ENODATA: missing, -EINVAL, -ERANGE */
	const char *tok, *tok_end;
};

int wb_blkparse_head(const char *line, const struct wb_bp_rules *r,
		     struct wb_bp_head *h, struct wb_bp_fail *f);

/* blanks between fields: blkparse pads with spaces; tabs and a CR too */
static inline int wb_bp_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

#endif /* WB_BLKPARSE_H */
