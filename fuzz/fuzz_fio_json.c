// SPDX-License-Identifier: GPL-2.0
/* libFuzzer: fio JSON output (through json-c) and summary.json. */
#include <stdint.h>
#include <string.h>

#include "../analysis/fio.h"
#include "../analysis/rundir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wbf_fio f;
	struct wbf_summary s;
	struct wbf_err e;

	memset(&f, 0, sizeof(f));
	wbf_fio_json_parse(&f, "fuzz.json", data, size, &e);
	wbf_fio_free(&f);
	wbf_summary_parse(&s, "summary.json", data, size, &e);
	return 0;
}
