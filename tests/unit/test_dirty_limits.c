// SPDX-License-Identifier: GPL-2.0
/*
 * Dirty thresholds and floating proportions against the reference's
 * arithmetic (v2.6.30 get_dirty_limits, calc_period_shift,
 * writeback_set_ratelimit) for the 2009 box's memory; 6.1's flexible
 * proportions (vm.bdi_share = flex); 6.1's dirtyable memory
 * (vm.dirtyable = 6.1) with the processes' memory touched at release.
 */
#include <string.h>

#include "../../sim/init/machine.h"
#include "check.h"

static void test_proportions(void)
{
	struct prop_descriptor pd;
	struct prop_local a, b;
	uint64_t num, den;

	prop_descriptor_init(&pd, 12);		/* period 2048 events */
	prop_local_init(&a);
	prop_local_init(&b);
	for (int i = 0; i < 20 * 2048; i++) {
		prop_inc(&pd, i % 4 == 3 ? &b : &a);
	}
	prop_fraction(&pd, &a, &num, &den);
	CHECK_NEAR((double)num / den, 0.75, 0.005);
	prop_fraction(&pd, &b, &num, &den);
	CHECK_NEAR((double)num / den, 0.25, 0.01);

	/* a counter that stops getting events decays by half per period */
	prop_fraction(&pd, &b, &num, &den);
	uint64_t before = num;
	for (int i = 0; i < 2 * 2048; i++)
		prop_inc(&pd, &a);
	prop_fraction(&pd, &b, &num, &den);
	CHECK(num == before / 4 || num == before / 4 + 1 || num + 1 == before / 4);

	/* calc_period_shift: 2 + ilog2(dirty_total - 1) */
	CHECK(prop_calc_shift(18432) == 2 + 14);
	CHECK(prop_calc_shift(16385) == 2 + 14);
	CHECK(prop_calc_shift(16384) == 2 + 13);
}

/* lib/flex_proportions.c: the share is whole at once, halved per period */
static void test_flex_proportions(void)
{
	struct fprop_global p;
	struct fprop_local a, b;
	uint64_t num, den;

	fprop_global_init(&p);
	fprop_local_init(&a);
	fprop_local_init(&b);
	/* nothing yet: 0 of 1, and no period to begin */
	fprop_fraction(&p, &a, &num, &den);
	CHECK(num == 0 && den == 1);
	CHECK(!fprop_new_period(&p, 1));
	/* one event of one counter: all of it (2.6.30's would be 1/period) */
	fprop_inc(&p, &a);
	fprop_fraction(&p, &a, &num, &den);
	CHECK(num == 1 && den == 1);
	for (int i = 0; i < 4000; i++)
		fprop_inc(&p, i % 4 == 3 ? &b : &a);
	fprop_fraction(&p, &a, &num, &den);
	CHECK(num == 3001 && den == 4001);
	/* a period halves both; a counter read later is aged then */
	CHECK(fprop_new_period(&p, 1));
	CHECK_EQ_U64(p.events, 4001 / 2);
	fprop_fraction(&p, &b, &num, &den);
	CHECK_EQ_U64(num, 1000 / 2);
	/* b stops: after two more periods of a alone, its share is small */
	for (int k = 0; k < 2; k++) {
		for (int i = 0; i < 4000; i++)
			fprop_inc(&p, &a);
		CHECK(fprop_new_period(&p, 1));
	}
	fprop_fraction(&p, &b, &num, &den);
	CHECK(num == 500 / 4 && (double)num / den < 0.05);
	/* periods missed at once: halved once per period */
	CHECK(fprop_new_period(&p, 3));
	fprop_fraction(&p, &a, &num, &den);
	CHECK(num <= den && den == p.events);
}

static void test_limits_2009_box(void)
{
	static struct machine m;
	struct vm_params p = {
		.ram = 384ULL << 20, .kernel_mem = 24ULL << 20,
		.anon_mem = 40ULL << 20, .dirty_background_ratio = 10,
		.dirty_ratio = 20, .nr_cpus = 1, .task_dirty_limit = true,
	};
	struct backing_dev_info bdi;
	struct task t;
	uint64_t bg, dirty, bdi_dirty;

	memset(&m, 0, sizeof(m));
	CHECK(mm_init(&m.mm, &m.sim, &p) == 0);
	/* 98304 pages: 6144 kernel, 10240 anon, 81920 free */
	CHECK_EQ_U64(m.mm.totalram_pages, 98304);
	CHECK_EQ_U64(global_page_state(&m.mm, NR_FREE_PAGES), 81920);
	/* dirtyable = free + LRU (file + anon) + 1 */
	CHECK_EQ_U64(determine_dirtyable_memory(&m.mm), 81920 + 10240 + 1);
	/* ratelimit_pages = 98304 / 32 = 3072, capped at 4 MiB = 1024 */
	CHECK_EQ_U64(m.mm.ratelimit_pages, 1024);
	/* min_free_kbytes = sqrt(393216 * 16) = 2508 KiB */
	CHECK_EQ_U64(m.mm.pages_min, 2508 / 4);

	memset(&bdi, 0, sizeof(bdi));
	bdi.max_ratio = 100;
	memset(&t, 0, sizeof(t));
	prop_descriptor_init(&m.vm_completions, prop_calc_shift(18432));
	prop_descriptor_init(&m.vm_dirties, prop_calc_shift(18432));

	get_dirty_limits(&m, NULL, &bg, &dirty, &bdi_dirty, &bdi);
	CHECK_EQ_U64(dirty, 20 * 92161 / 100);		/* 18432 */
	CHECK_EQ_U64(bg, 10 * 92161 / 100);		/* 9216 */
	/* no completions yet: the bdi's share is 0 */
	CHECK_EQ_U64(bdi_dirty, 0);

	/* every completion on this bdi: its share is the whole limit */
	for (int i = 0; i < 10 * 32768; i++)
		prop_inc(&m.vm_completions, &bdi.completions);
	uint64_t num, den;
	prop_fraction(&m.vm_completions, &bdi.completions, &num, &den);
	/* integer halving keeps a lone counter just below the period */
	CHECK((double)num / den > 0.998 && num <= den);
	get_dirty_limits(&m, NULL, &bg, &dirty, &bdi_dirty, &bdi);
	CHECK_EQ_U64(bdi_dirty, 18432 * num / den);
	uint64_t full = bdi_dirty;

	/* a task that did all recent dirtying loses 1/8 (task_dirty_limit) */
	for (int i = 0; i < 10 * 32768; i++)
		prop_inc(&m.vm_dirties, &t.dirties);
	prop_fraction(&m.vm_dirties, &t.dirties, &num, &den);
	get_dirty_limits(&m, &t, &bg, &dirty, &bdi_dirty, &bdi);
	CHECK_EQ_U64(bdi_dirty, full - (full >> 3) * num / den);
	CHECK(bdi_dirty < full - full / 8 + 4 && bdi_dirty > full - full / 8);
	/* vm.task_dirty_limit = no (the kernel series' legacy): no discount */
	m.mm.p.task_dirty_limit = false;
	get_dirty_limits(&m, &t, &bg, &dirty, &bdi_dirty, &bdi);
	CHECK_EQ_U64(bdi_dirty, full);
	m.mm.p.task_dirty_limit = true;

	/* clip_bdi_dirty_limit: dirty pages elsewhere shrink what is left */
	m.mm.vm_stat[NR_FILE_DIRTY] = 10000;	/* all on other bdis */
	get_dirty_limits(&m, NULL, &bg, &dirty, &bdi_dirty, &bdi);
	CHECK_EQ_U64(bdi_dirty, 18432 - 10000);
	m.mm.vm_stat[NR_FILE_DIRTY] = 0;

	/*
	 * vm.bdi_share = flex (the kernel series): a bdi that did every
	 * completion so far has the whole limit after one, where 2.6.30's
	 * share ramps up over a period of 2^15 completions here
	 */
	struct backing_dev_info fresh;

	memset(&fresh, 0, sizeof(fresh));
	fresh.max_ratio = 100;
	prop_descriptor_init(&m.vm_completions, prop_calc_shift(18432));
	fprop_global_init(&m.vm_fcompletions);
	for (int i = 0; i < 1000; i++) {
		prop_inc(&m.vm_completions, &fresh.completions);
		fprop_inc(&m.vm_fcompletions, &fresh.fcompletions);
	}
	get_dirty_limits(&m, NULL, &bg, &dirty, &bdi_dirty, &fresh);
	CHECK_EQ_U64(bdi_dirty, 18432 * 1000 / (32768 + 1000));
	m.mm.p.bdi_share = BDI_SHARE_FLEX;
	get_dirty_limits(&m, NULL, &bg, &dirty, &bdi_dirty, &fresh);
	CHECK_EQ_U64(bdi_dirty, 18432);
	m.mm.p.bdi_share = BDI_SHARE_PROPORTIONS;

	/* dirty_ratio below 5 counts as 5; background >= dirty is halved */
	m.mm.p.dirty_ratio = 2;
	m.mm.p.dirty_background_ratio = 10;
	get_dirty_limits(&m, NULL, &bg, &dirty, NULL, NULL);
	CHECK_EQ_U64(dirty, 5 * 92161 / 100);
	CHECK_EQ_U64(bg, dirty / 2);
	mm_exit(&m.mm);
}

/*
 * 6.1's global_dirtyable_memory() for the 384 MiB guest: free pages less
 * totalreserve_pages, plus the file LRU; process memory counts only
 * while untouched (free to the kernel until a process faults it in).
 * totalreserve_pages by 6.1's __setup_per_zone_wmarks() and
 * calculate_totalreserve_pages(): ZONE_DMA (4096 pages) min 627 * 4096 /
 * 98304 = 26, high 26 + 2 * max(26 / 4, 4) = 38, plus lowmem_reserve
 * 94208 / 256 = 368; ZONE_DMA32 min 600, high 600 + 2 * max(150, 94) =
 * 900. The guest's vmstat before a run (free 88,297, file LRU 1,303,
 * nr_dirty_threshold 17,665) gives 1,276 by the same count.
 */
static void test_limits_61(void)
{
	static struct machine m;
	struct vm_params p = {
		.ram = 384ULL << 20, .kernel_mem = 24ULL << 20,
		.anon_mem = 40ULL << 20, .dirty_background_ratio = 10,
		.dirty_ratio = 20, .nr_cpus = 1, .dirtyable = DIRTYABLE_61,
	};
	uint64_t bg, dirty;

	memset(&m, 0, sizeof(m));
	CHECK(mm_init(&m.mm, &m.sim, &p) == 0);
	CHECK_EQ_U64(totalreserve_pages(&m.mm), 38 + 368 + 900);
	/* anon is not dirtyable: 81920 - 1306 + 1 */
	CHECK_EQ_U64(determine_dirtyable_memory(&m.mm), 81920 - 1306 + 1);
	get_dirty_limits(&m, NULL, &bg, &dirty, NULL, NULL);
	CHECK_EQ_U64(dirty, 20 * 80615 / 100);		/* 16123 */
	CHECK_EQ_U64(bg, 10 * 80615 / 100);
	/* untouched process memory is free memory */
	mm_anon_untouched(&m.mm);
	CHECK_EQ_U64(determine_dirtyable_memory(&m.mm), 92160 - 1306 + 1);
	mm_touch_anon(&m.mm, 5120);
	CHECK_EQ_U64(determine_dirtyable_memory(&m.mm), 87040 - 1306 + 1);
	/* more than is left: what is left */
	mm_touch_anon(&m.mm, 6000);
	CHECK_EQ_U64(m.mm.anon_untouched, 0);
	CHECK_EQ_U64(determine_dirtyable_memory(&m.mm), 81920 - 1306 + 1);
	/* 2.6.30's count is the same touched or not */
	m.mm.p.dirtyable = DIRTYABLE_2630;
	CHECK_EQ_U64(determine_dirtyable_memory(&m.mm), 92161);
	mm_anon_untouched(&m.mm);
	CHECK_EQ_U64(determine_dirtyable_memory(&m.mm), 92161);
	mm_exit(&m.mm);
}

int main(void)
{
	test_proportions();
	test_flex_proportions();
	test_limits_2009_box();
	test_limits_61();
	return check_status("test_dirty_limits");
}
