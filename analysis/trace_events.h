/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The trace-event catalogue (include/trace-events.def) for wbfair: which
 * events exist, where they come from, and whether an event line's text
 * has the catalogued fields in the catalogued order.
 */
#ifndef WBFAIR_TRACE_EVENTS_H
#define WBFAIR_TRACE_EVENTS_H

#include <stdbool.h>
#include <stddef.h>

enum wbf_tev_origin { TEV_KERNEL, TEV_SERIES, TEV_SIM };

struct wbf_tev {
	const char *name;
	enum wbf_tev_origin origin;
	const char *zero;	/* fields wbsim prints as 0 */
	const char *fmt;	/* TP_printk format of the text */
};

extern const struct wbf_tev wbf_tevs[];
extern const size_t wbf_ntevs;

const struct wbf_tev *wbf_tev_find(const char *name);
const char *wbf_tev_origin_name(enum wbf_tev_origin o);
bool wbf_tev_writeback(const struct wbf_tev *tev);
bool wbf_tev_match(const struct wbf_tev *tev, const char *msg);

#endif
