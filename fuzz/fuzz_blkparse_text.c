// SPDX-License-Identifier: GPL-2.0
/* libFuzzer: blkparse text output into the block analysis. */
#include <stdint.h>

#include "../analysis/blkparse_text.h"
#include "../analysis/blkstat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wbf_geometry geo = { 0 };
	struct wbf_blkstat bs;
	struct wbf_err e;
	uint64_t n;

	/* a whole disk, so Q records beyond its end are looked for too */
	wbf_geometry_parse(&geo, "geo", "sda 8,0 sda 0 1000000\n", 22, &e);
	wbf_geometry_add_option(&geo, "8,2:100:1000", &e);
	wbf_blkstat_init(&bs, &geo, 250000000);
	wbf_blkparse_text_read("fuzz.txt", data, size, &geo, wbf_blkstat_record,
			       &bs, &n, &e);
	wbf_blkstat_finish(&bs);
	wbf_blkstat_free(&bs);
	wbf_geometry_free(&geo);
	return 0;
}
