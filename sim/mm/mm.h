/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Memory: 4 KiB pages, per-inode page caches, the global and per-bdi page
 * counters, the file LRU, and reclaim of clean pages. Names follow
 * include/linux/mm.h, mmzone.h (vm_stat items) and mm/vmscan.c.
 *
 * RAM is split into kernel memory (never dirtyable), anonymous memory of
 * the processes (on the LRU, so dirtyable in 2.6.30's sense, never
 * reclaimed here: there is no swap), and free pages that the page cache
 * takes. Only file pages are modelled one by one.
 */
#ifndef WBSIM_MM_H
#define WBSIM_MM_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/list.h"
#include "lib/options.h"
#include "kernel/sched.h"
#include "kernel/sim.h"

#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)
#define PAGE_SECTORS	(PAGE_SIZE >> 9)

/* page->flags */
#define PG_uptodate	(1U << 0)
#define PG_dirty	(1U << 1)
#define PG_writeback	(1U << 2)
#define PG_lru		(1U << 3)
#define PG_referenced	(1U << 4)
#define PG_locked	(1U << 5)	/* read in flight */
#define PG_delalloc	(1U << 6)	/* dirty, no block yet (BH_Delay) */

struct address_space;

struct page {
	struct address_space *mapping;
	uint64_t index;			/* page offset in the file */
	uint32_t flags;
	struct list_head lru;
};

/* Global counters (vm_stat), in pages. */
enum vm_stat_item {
	NR_FREE_PAGES,
	NR_FILE_PAGES,
	NR_FILE_DIRTY,
	NR_WRITEBACK,
	NR_ANON_PAGES,
	NR_DIRTIED,			/* events, for reports */
	NR_WRITTEN,
	NR_VM_STAT_ITEMS,
};

/* [vm] section: machine memory and the writeback tunables. */
struct vm_params {
	uint64_t ram;			/* bytes */
	uint64_t kernel_mem;		/* not page cache, not on the LRU */
	uint64_t anon_mem;		/* process memory, on the LRU */
	unsigned int dirty_background_ratio;
	unsigned int dirty_ratio;
	unsigned int dirty_writeback_centisecs;
	unsigned int dirty_expire_centisecs;
	uint64_t min_free_kbytes;	/* 0: derive as the kernel does */
	unsigned int nr_cpus;
	bool task_dirty_limit;		/* lower the limit for heavy dirtiers */
	int bdi_share;			/* enum bdi_share: the completions' proportions */
	int dirtyable;			/* enum dirtyable: which pages count */
	uint64_t other_writeout;	/* bytes/s completed outside the run */
};

/* vm.dirtyable, in the order of dirtyable_names */
enum dirtyable {
	DIRTYABLE_2630,			/* free + LRU (file and anon) pages */
	DIRTYABLE_61,			/* free less totalreserve + file LRU */
};

/* vm.bdi_share, in the order of bdi_share_names */
enum bdi_share {
	BDI_SHARE_PROPORTIONS,		/* lib/proportions.c, 2.6.30 */
	BDI_SHARE_FLEX,			/* lib/flex_proportions.c, 3.2+ */
};

extern const char *const bdi_share_names[];
extern const char *const dirtyable_names[];
extern const struct opt_table vm_opt_table;

struct backing_dev_info;

/**
 * struct mm - the machine's memory
 * @lru: file pages, least recently used first (a single list stands in
 *	for 2.6.30's active/inactive file lists; see reclaim in mm.c)
 * @pages_min, @pages_low: watermarks; allocation below @pages_min makes
 *	the allocating task reclaim
 * @alloc_wait: tasks waiting for reclaimable pages
 * @ratelimits: per-CPU dirtied-page counters of balance_dirty_pages
 */
struct mm {
	struct sim *sim;
	struct vm_params p;
	uint64_t totalram_pages;
	int64_t vm_stat[NR_VM_STAT_ITEMS];
	struct list_head lru;
	uint64_t pages_min, pages_low, pages_high;
	struct wait_queue_head alloc_wait;
	struct page *free_pages;	/* struct page recycling */
	struct page **chunks;
	size_t nr_chunks;
	unsigned long ratelimit_pages;
	unsigned long ratelimits[SCHED_MAX_CPUS];
	uint64_t nr_reclaimed, nr_reclaim_stalls;
	/*
	 * zone->all_unreclaimable: the last scan of the LRU freed nothing,
	 * and these page counts were the same then; while they stay so,
	 * another scan would find nothing either.
	 */
	bool all_unreclaimable;
	int64_t unreclaimable_at[NR_VM_STAT_ITEMS];
	/*
	 * Of NR_ANON_PAGES, the pages no process has touched yet: free
	 * pages to the kernel until then (6.1's dirtyable count takes them
	 * as free). The model keeps them from the page cache from boot,
	 * which changes nothing while free memory is plenty.
	 */
	uint64_t anon_untouched;
};

int mm_init(struct mm *mm, struct sim *sim, const struct vm_params *p);
void mm_exit(struct mm *mm);
uint64_t determine_dirtyable_memory(const struct mm *mm);
uint64_t boot_dirtyable_memory(const struct mm *mm);
uint64_t totalreserve_pages(const struct mm *mm);
void mm_anon_untouched(struct mm *mm);
void mm_touch_anon(struct mm *mm, uint64_t pages);

static inline uint64_t global_page_state(const struct mm *mm,
					 enum vm_stat_item item)
{
	return mm->vm_stat[item] > 0 ? (uint64_t)mm->vm_stat[item] : 0;
}

static inline void mod_page_state(struct mm *mm, enum vm_stat_item item,
				  int64_t delta)
{
	mm->vm_stat[item] += delta;
}

struct page *mm_alloc_page(struct mm *mm);
void mm_free_page(struct mm *mm, struct page *page);
void mark_page_accessed(struct mm *mm, struct page *page);
uint64_t shrink_page_cache(struct mm *mm, uint64_t nr_to_reclaim);

#endif
