// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: DiskSim parameter text through the parser and the
 * extraction of a drive (hdd_ds_load_text()). Besides not crashing or
 * hanging, a drive that loads must be one the model can run: every LBA
 * maps inside its zone and cylinder range, and seeks are finite.
 *
 * The text is named as if it lived in a directory that does not exist,
 * so "source FILE" and seek-table files find nothing and the result does
 * not depend on where the fuzzer runs.
 *
 *   make build/fuzz/fuzz_disksim_parv
 *   build/fuzz/fuzz_disksim_parv -close_fd_mask=2 -max_total_time=300 \
 *	fuzz/corpus/fuzz_disksim_parv
 */
#include <stdint.h>
#include <stdlib.h>

#include "../sim/drivers/hdd.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hdd_ds *ds;
	struct hdd_chs l;

	if (hdd_ds_load_text("/nonexistent/fuzz.parv", (const char *)data,
			     size, &ds, NULL))
		return 0;
	for (sector_t b = 0; b < ds->blocks; b = b * 3 + 1) {
		hdd_ds_lba_to_chs(ds, b, &l);
		if (l.cyl >= ds->cyls || l.zone >= ds->nr_zones ||
		    l.sector >= ds->zone[l.zone].spt)
			abort();
	}
	for (uint32_t d = 0; d < ds->cyls; d = d * 2 + 1)
		(void)hdd_ds_seek(ds, d);
	hdd_ds_free(ds);
	return 0;
}
