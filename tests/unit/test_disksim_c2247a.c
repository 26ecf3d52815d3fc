// SPDX-License-Identifier: GPL-2.0
/*
 * The HP C2247A from DiskSim's files: the two requests docs/disk-
 * validation.md works by hand, a random 4 KiB read and the sequential
 * 64 KiB read after it, must take the times worked out there, to the ns.
 */
#include <stdlib.h>
#include <unistd.h>

#include "../../sim/drivers/disk.h"
#include "../../sim/drivers/hdd.h"
#include "check.h"
#include "disk_stderr.h"

#define PARV	"tests/data/disksim/hp_c2247a.parv"

static sim_time_t access_ns(struct disk *d, sector_t lba, uint32_t n,
			    sim_time_t now)
{
	struct request rq = { .sector = lba, .nr_sectors = n };

	return d->ops->access(d, &rq, now) - now;
}

int main(void)
{
	struct disk_params p;
	struct sim sim;
	struct disk d;
	void *hp;
	struct hdd_chs l;
	sim_time_t t1;

	if (access(PARV, R_OK))
		return 77;	/* not run from the source tree */
	hp = calloc(1, hdd_ops.params_size);
	CHECK(opt_set_defaults(&disk_opt_table, &p) == 0);
	CHECK(opt_set_defaults(hdd_ops.options, hp) == 0);
	snprintf(p.disksim, sizeof(p.disksim), "%s", PARV);
	CHECK(sim_init(&sim, 1) == 0);
	/* the "not modelled" list is the shell test's business */
	if (disk_init_stderr_to("/dev/null", &d, &sim, &p, hp)) {
		CHECK(!"disk_init");
		return check_status("test_disksim_c2247a");
	}
	/* step 1 of the worked example: where LBA 1,000,000 lies */
	hdd_ds_lba_to_chs(d.disksim, 1000000, &l);
	CHECK(l.zone == 2 && l.cyl == 853 && l.head == 5 && l.sector == 56 &&
	      l.slot == 54);
	/* random 4 KiB read from the idle drive, arm on cylinder 0 */
	t1 = access_ns(&d, 1000000, 8, 0);
	CHECK_EQ_U64(t1, 20291998);
	/* the next 64 KiB at once: served from the segment as it fills */
	CHECK_EQ_U64(access_ns(&d, 1000008, 128, t1), 22782880);
	disk_exit(&d);
	sim_exit(&sim);
	free(hp);
	return check_status("test_disksim_c2247a");
}
