// SPDX-License-Identifier: GPL-2.0
/* libFuzzer: fio bandwidth logs and their per-interval series. */
#include <stdint.h>
#include <string.h>
#include <stdlib.h>

#include "../analysis/fio.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wbf_fio_bwlog l;
	struct wbf_err e;
	double *v;
	size_t n;

	memset(&l, 0, sizeof(l));
	if (!wbf_fio_bwlog_parse(&l, "fuzz_bw.1.log", data, size, &e) &&
	    !wbf_fio_bwlog_series(&l, 1, 100000000, &v, &n))
		free(v);
	wbf_fio_bwlog_free(&l);
	return 0;
}
