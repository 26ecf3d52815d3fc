// SPDX-License-Identifier: GPL-2.0
/* The trace-event catalogue and its line checker; see trace_events.h. */
#include <stdio.h>
#include <string.h>

#include "ftrace_text.h"
#include "trace_events.h"

const struct wbf_tev wbf_tevs[] = {
#define TRACE_EVENT_DEF(name, origin, zero, fmt) { #name, origin, zero, fmt },
#include "trace-events.def"
#undef TRACE_EVENT_DEF
};

const size_t wbf_ntevs = sizeof(wbf_tevs) / sizeof(wbf_tevs[0]);

/**
 * wbf_tev_find() - the catalogue entry of event @name
 * @name: event name as trace-cmd prints it
 *
 * Return: the entry, or NULL if the catalogue lacks it.
 */
const struct wbf_tev *wbf_tev_find(const char *name)
{
	size_t i;

	for (i = 0; i < wbf_ntevs; i++)
		if (!strcmp(wbf_tevs[i].name, name))
			return &wbf_tevs[i];
	return NULL;
}

/**
 * wbf_tev_origin_name() - "kernel", "series" or "sim"
 * @o: origin
 */
const char *wbf_tev_origin_name(enum wbf_tev_origin o)
{
	return o == TEV_KERNEL ? "kernel" : o == TEV_SERIES ? "series" : "sim";
}

/**
 * wbf_tev_writeback() - is @tev an event of the writeback path (not of
 * the journal, the filesystem, the workqueues or the scheduler)?
 * @tev: catalogue entry, or NULL
 */
bool wbf_tev_writeback(const struct wbf_tev *tev)
{
	static const char *const other[] = {
		"jbd2_", "ext4_", "workqueue_", "sched_",
	};
	size_t i;

	if (!tev)
		return false;
	for (i = 0; i < sizeof(other) / sizeof(other[0]); i++)
		if (!strncmp(tev->name, other[i], strlen(other[i])))
			return false;
	return true;
}

static bool is_digit_base(char c, int base)
{
	if (c >= '0' && c <= '9')
		return c - '0' < base;
	return base == 16 && ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'));
}

/*
 * Does @s match @f, a printf format? A conversion matches what printf
 * could have printed for it: an optionally signed number in its base, or
 * for %s a run of non-blank characters (tried from the longest, since
 * "bdi %s:" ends its value with the literal colon).
 */
static bool match(const char *f, const char *s)
{
	for (; *f; f++, s++) {
		int base = 10;
		bool sign = false;
		const char *p;

		if (*f != '%' || f[1] == '%') {
			if (*f == '%')
				f++;
			if (*s != *f)
				return false;
			continue;
		}
		f++;
		while (*f == '0' || (*f >= '1' && *f <= '9'))
			f++;
		while (*f == 'l' || *f == 'z' || *f == 'h')
			f++;
		switch (*f) {
		case 's':
			for (p = s; *p && *p != ' ' && *p != '\t'; p++)
				;
			for (; p >= s; p--)	/* may be empty: state "" */
				if (match(f + 1, p))
					return true;
			return false;
		case 'd': case 'i':
			sign = true;
			break;
		case 'u':
			break;
		case 'x': case 'p':
			base = 16;
			break;
		case 'o':
			base = 8;
			break;
		default:
			return false;
		}
		if (sign && *s == '-')
			s++;
		if (!is_digit_base(*s, base))
			return false;
		while (is_digit_base(s[1], base))
			s++;
	}
	return !*s;
}

/**
 * wbf_tev_match() - does an event's text have the catalogued layout?
 * @tev: catalogue entry
 * @msg: the text after "event: " (trailing blanks ignored)
 */
bool wbf_tev_match(const struct wbf_tev *tev, const char *msg)
{
	char buf[1024];
	size_t n = strlen(msg);

	while (n && (msg[n - 1] == ' ' || msg[n - 1] == '\t' ||
		     msg[n - 1] == '\r'))
		n--;
	if (n >= sizeof(buf))
		return false;
	memcpy(buf, msg, n);
	buf[n] = '\0';
	return match(tev->fmt, buf);
}
