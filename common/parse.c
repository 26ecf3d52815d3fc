// SPDX-License-Identifier: GPL-2.0
#include "wb/parse.h"

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
	const char *p = *s;
	uint64_t x = 0;

	if (*p < '0' || *p > '9')
		return false;
	while (*p >= '0' && *p <= '9') {
		unsigned int d = *p - '0';

		if (x > (UINT64_MAX - d) / 10)
			return false;
		x = x * 10 + d;
		p++;
	}
	*s = p;
	*v = x;
	return true;
}

/**
 * wb_parse_secs_ns() - "secs.frac" (1 or more fraction digits) to ns
 * @s: cursor, advanced past the time on success
 * @ns: the time in nanoseconds
 *
 * Exact, with no detour through double. blkparse and the tracefs clock
 * print 9 and 6 fraction digits; digits past the 9th (below a ns) are
 * read and dropped. Seconds are capped at 1.8e10 (570 years) so the
 * product stays inside 64 bits.
 *
 * Return: true if a time was read.
 */
bool wb_parse_secs_ns(const char **s, uint64_t *ns)
{
	const char *p = *s;
	uint64_t sec, frac = 0;
	int digits = 0;

	if (!wb_parse_u64(&p, &sec) || *p != '.' || sec > 18000000000ULL)
		return false;
	p++;
	while (*p >= '0' && *p <= '9') {
		if (digits < 9) {
			frac = frac * 10 + (*p - '0');
			digits++;
		}
		p++;
	}
	if (!digits)
		return false;
	while (digits++ < 9)
		frac *= 10;
	*ns = sec * 1000000000ULL + frac;
	*s = p;
	return true;
}
