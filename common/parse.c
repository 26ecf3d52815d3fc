// SPDX-License-Identifier: GPL-2.0
/*
 * Decimal and fixed-point numbers of the trace and log formats, for the
 * readers of sim (wbsim replay's DiskSim and blkparse input) and analysis
 * (wbfair's blkparse text and ftrace reports): one implementation, each
 * format's rules given as parameters (struct wb_fixed_fmt).
 */
#include <errno.h>

#include "wb/parse.h"

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

/**
 * wb_parse_dec() - the token [p, e) as a decimal number of at most @max
 * @out: the value, on success
 *
 * Digits only: no sign, no blanks, leading zeros allowed.
 *
 * Return: 0, -EINVAL for an empty token or another character, -ERANGE
 * for a number above @max (or beyond 64 bits).
 */
int wb_parse_dec(const char *p, const char *e, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;

	if (p == e)
		return -EINVAL;
	while (e - p > 1 && *p == '0')
		p++;
	if (e - p > 19) {
		/* 19 digits cannot overflow 64 bits; more can */
		for (; p < e; p++)
			if (!digit(*p))
				return -EINVAL;
		return -ERANGE;
	}
	for (; p < e; p++) {
		if (!digit(*p))
			return -EINVAL;
		v = v * 10 + (uint64_t)(*p - '0');
	}
	if (v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

/**
 * wb_parse_fixed() - the token [p, e) "I.F" in units of 10^-frac_digits
 * @f: the format's rules (struct wb_fixed_fmt)
 * @out: the value, on success
 *
 * Return: 0, -EINVAL for a token that breaks @f's rules, -ERANGE for an
 * integer part above @f->max_int.
 */
int wb_parse_fixed(const char *p, const char *e, const struct wb_fixed_fmt *f,
		   uint64_t *out)
{
	uint64_t scale = 1, ip = 0, fp = 0;
	const char *dot = p;
	bool round_up = false;
	int n = 0, ret;

	for (int i = 0; i < f->frac_digits; i++)
		scale *= 10;
	while (dot < e && *dot != '.')
		dot++;
	if (dot == p && dot + 1 >= e)
		return -EINVAL;		/* "" or "." */
	if ((f->need_int && dot == p) ||
	    (f->need_frac && (dot == e || dot + 1 == e)))
		return -EINVAL;
	if (dot > p) {
		ret = wb_parse_dec(p, dot, f->max_int, &ip);
		if (ret)
			return ret;
	}
	for (const char *q = dot + 1; q < e; q++, n++) {
		if (!digit(*q))
			return -EINVAL;
		if (n < f->frac_digits)
			fp = fp * 10 + (uint64_t)(*q - '0');
		else if (f->extra == WB_EXTRA_REFUSE)
			return -EINVAL;
		else if (n == f->frac_digits && f->extra == WB_EXTRA_ROUND)
			round_up = *q >= '5';
	}
	for (; n < f->frac_digits; n++)
		fp *= 10;
	*out = ip * scale + fp + round_up;
	return 0;
}

/**
 * wb_parse_u64() - parse a decimal unsigned number and advance
 * @s: cursor, advanced past the digits on success
 * @v: the value
 *
 * Unlike strtoull() this accepts no sign, no leading blanks and no
 * overflow, which the readers need to call garbage garbage.
 *
 * Return: true if at least one digit was read and it fits in 64 bits.
 */
bool wb_parse_u64(const char **s, uint64_t *v)
{
	const char *e = *s;

	while (digit(*e))
		e++;
	if (wb_parse_dec(*s, e, UINT64_MAX, v))
		return false;
	*s = e;
	return true;
}

/*
 * blkparse and the tracefs clock: "secs.frac", both parts required,
 * 9 and 6 fraction digits printed; digits past the 9th (below a ns) are
 * read and dropped. Seconds are capped at 1.8e10 (570 years) so the
 * product stays inside 64 bits.
 */
const struct wb_fixed_fmt wb_fmt_secs_ns = {
	.frac_digits = 9, .extra = WB_EXTRA_DROP, .need_int = true,
	.need_frac = true, .max_int = 18000000000ULL,
};

/**
 * wb_parse_secs_ns() - "secs.frac" (1 or more fraction digits) to ns
 * @s: cursor, advanced past the time on success
 * @ns: the time in nanoseconds
 *
 * Return: true if a time was read.
 */
bool wb_parse_secs_ns(const char **s, uint64_t *ns)
{
	const char *e = *s;

	while (digit(*e))
		e++;
	if (*e == '.')
		e++;
	while (digit(*e))
		e++;
	if (wb_parse_fixed(*s, e, &wb_fmt_secs_ns, ns))
		return false;
	*s = e;
	return true;
}
