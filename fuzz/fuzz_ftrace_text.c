// SPDX-License-Identifier: GPL-2.0
/* libFuzzer: trace-cmd report / tracefs text. */
#include <stdint.h>

#include "../analysis/ftrace_text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wbf_ftrace ft = { 0 };
	struct wbf_err e;

	wbf_ftrace_parse(&ft, "fuzz.txt", data, size, &e);
	wbf_ftrace_free(&ft);
	return 0;
}
