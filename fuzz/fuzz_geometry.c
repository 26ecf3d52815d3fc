// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer: geometry files, --part arguments (the first line of the
 * input) and /proc/vmstat copies; lookups on whatever layout parsed.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../analysis/geometry.h"
#include "../analysis/rundir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wbf_geometry g = { 0 };
	struct wbf_vmstat vm;
	struct wbf_err e;
	const uint8_t *nl = memchr(data, '\n', size);
	size_t n = nl ? (size_t)(nl - data) : size;
	char *arg = malloc(n + 1);
	uint64_t s;

	if (!arg)
		return 0;
	memcpy(arg, data, n);
	arg[n] = '\0';
	wbf_geometry_add_option(&g, arg, &e);
	free(arg);
	wbf_geometry_parse(&g, "fuzz.geometry", data, size, &e);
	for (s = 0; s < 1ULL << 40; s = s * 4 + 1)
		wbf_geometry_lookup(&g, MKDEV(8, 0), s);
	wbf_geometry_learn_remap(&g, MKDEV(8, 0), MKDEV(8, 5), 9000, 100);
	wbf_geometry_lookup(&g, MKDEV(8, 5), 0);
	wbf_geometry_free(&g);
	wbf_vmstat_parse(&vm, "vmstat.after", data, size, &e);
	return 0;
}
