// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer: "METRIC GROUP VALUE" observations for wbfair ranksum, and
 * the exact test on every pair of groups that parsed (values of any
 * size, ties, up to WBF_RANKSUM_MAX of them).
 */
#include <stdint.h>

#include "../analysis/ranksum.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wbf_rs_set s = { 0 };
	struct wbf_ranksum r;
	struct wbf_err e;
	size_t i, a, b;

	if (!wbf_rs_parse(&s, "fuzz.txt", data, size, &e))
		for (i = 0; i < s.n; i++)
			for (a = 0; a < s.m[i].n; a++)
				for (b = a + 1; b < s.m[i].n; b++)
					if (!wbf_ranksum(s.m[i].g[a].v, s.m[i].g[a].n,
							 s.m[i].g[b].v, s.m[i].g[b].n, &r) &&
					    !(r.p >= 0 && r.p <= 1))
						__builtin_trap();
	wbf_rs_free(&s);
	return 0;
}
