// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer: the blktrace binary reader and the block analysis behind it.
 * The input is split in two "per-CPU files" at a point chosen by its first
 * byte, so the k-way merge and mixed byte orders get exercised too.
 */
#include <stdint.h>
#include <string.h>

#include "../analysis/blkstat.h"
#include "../analysis/blktrace_read.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char geo_text[] =
		"sda 8,0 sda 0 1000000\nsda1 8,1 sda 2048 4096\n";
	struct wbf_geometry geo = { 0 };
	struct wbf_blkstat bs;
	struct wbf_file f[2];
	struct wbf_err e;
	size_t cut;

	if (!size)
		return 0;
	cut = 1 + (size_t)data[0] * (size - 1) / 256;
	memset(f, 0, sizeof(f));
	f[0].name = "fuzz.blktrace.0";
	f[0].data = data + 1;
	f[0].len = cut - 1;
	f[1].name = "fuzz.blktrace.1";
	f[1].data = data + cut;
	f[1].len = size - cut;
	wbf_geometry_parse(&geo, "geo", geo_text, sizeof(geo_text) - 1, &e);
	wbf_blkstat_init(&bs, &geo, 1000000);
	wbf_bt_read_files(f, 2, &geo, wbf_blkstat_record, &bs, NULL, &e);
	wbf_blkstat_finish(&bs);
	wbf_blkstat_free(&bs);
	wbf_geometry_free(&geo);
	return 0;
}
