/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Number parsers shared by the trace and log readers of sim and analysis.
 * Cursor style: on success the cursor moves past what was read; on failure
 * it stays, so the caller can report the token it points at.
 */
#ifndef WB_PARSE_H
#define WB_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

bool wb_parse_u64(const char **s, uint64_t *v);
bool wb_parse_secs_ns(const char **s, uint64_t *ns);

/*
 * Token style: the token [p, e) is the whole number; 0, -EINVAL or
 * -ERANGE, so the caller can say which.
 */
int wb_parse_dec(const char *p, const char *e, uint64_t max, uint64_t *out);

/* fraction digits past frac_digits: an error, rounding on the first, or
 * dropped */
enum wb_extra_digits { WB_EXTRA_REFUSE, WB_EXTRA_ROUND, WB_EXTRA_DROP };

/* "I.F" fixed point: the rules of one format */
struct wb_fixed_fmt {
	int frac_digits;		/* 10^-frac_digits is the unit */
	enum wb_extra_digits extra;
	bool need_int;			/* refuse ".5" */
	bool need_frac;			/* refuse "5" and "5." */
	uint64_t max_int;		/* the largest integer part */
};

int wb_parse_fixed(const char *p, const char *e, const struct wb_fixed_fmt *f,
		   uint64_t *out);

/* blkparse's and the tracefs clock's "secs.frac" (wb_parse_secs_ns) */
extern const struct wb_fixed_fmt wb_fmt_secs_ns;

#endif /* WB_PARSE_H */
