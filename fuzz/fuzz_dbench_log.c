// SPDX-License-Identifier: GPL-2.0
/* libFuzzer: dbench 4.0 logs and the rates derived from them. */
#include <stdint.h>
#include <string.h>
#include <stdlib.h>

#include "../analysis/dbench_log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wbf_dbench d;
	struct wbf_err e;
	double *mb;
	size_t n, clamped;

	memset(&d, 0, sizeof(d));
	if (!wbf_dbench_parse(&d, "fuzz.log", data, size, &e) &&
	    !wbf_dbench_series(&d, 1000000000, &mb, &n, &clamped)) {
		struct wbf_dbench_spread sp;

		free(mb);
		(void)wbf_dbench_mbps(&d);
		(void)wbf_dbench_spread(&d, &sp);
	}
	wbf_dbench_free(&d);
	return 0;
}
