// SPDX-License-Identifier: GPL-2.0
/*
 * Memory accounting and reclaim of clean file pages.
 *
 * Simplifications (documented in the README's model section):
 * - one LRU list with a referenced bit (second chance) stands in for
 *   2.6.30's active and inactive file lists;
 * - reclaim frees only clean pages not under I/O; a dirty page at the
 *   head of the LRU is rotated, not written by vmscan (2.6.30's pageout()
 *   from kswapd is rare under dbench: the flushers keep dirty pages below
 *   20% of memory), so reclaim never adds writeback of its own;
 * - kswapd is not a separate thread: the allocating task reclaims back to
 *   the high watermark when free memory falls below the low one, at no
 *   CPU cost.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "filemap.h"
#include "fs/fs.h"
#include "mm.h"

const char *const bdi_share_names[] = { "proportions", "flex", NULL };
const char *const dirtyable_names[] = { "2.6.30", "6.1", NULL };

static const struct opt_desc vm_opts[] = {
	{ "ram", OPT_SIZE, offsetof(struct vm_params, ram), "384M",
	  16 << 20, 1ULL << 42, NULL, NULL, "physical memory" },
	{ "kernel_mem", OPT_SIZE, offsetof(struct vm_params, kernel_mem), "24M",
	  0, 1ULL << 40, NULL, NULL,
	  "kernel text, slab and page tables: never dirtyable" },
	{ "anon_mem", OPT_SIZE, offsetof(struct vm_params, anon_mem), "40M",
	  0, 1ULL << 40, NULL, NULL,
	  "process memory (on the LRU, so dirtyable in 2.6.30's sense; never reclaimed: no swap)" },
	{ "dirty_background_ratio", OPT_UINT,
	  offsetof(struct vm_params, dirty_background_ratio), "10", 0, 100,
	  NULL, NULL, "vm.dirty_background_ratio, percent" },
	{ "dirty_ratio", OPT_UINT, offsetof(struct vm_params, dirty_ratio),
	  "20", 0, 100, NULL, NULL, "vm.dirty_ratio, percent (at least 5 is used)" },
	{ "dirty_writeback_centisecs", OPT_UINT,
	  offsetof(struct vm_params, dirty_writeback_centisecs), "500", 0,
	  360000, NULL, NULL, "vm.dirty_writeback_centisecs: kupdate interval" },
	{ "dirty_expire_centisecs", OPT_UINT,
	  offsetof(struct vm_params, dirty_expire_centisecs), "3000", 0,
	  360000, NULL, NULL, "vm.dirty_expire_centisecs: age that kupdate writes" },
	{ "min_free_kbytes", OPT_U64, offsetof(struct vm_params, min_free_kbytes),
	  "0", 0, 1 << 24, NULL, NULL,
	  "vm.min_free_kbytes; 0 = sqrt(lowmem_kbytes * 16) as the kernel sets it" },
	{ "cpus", OPT_UINT, offsetof(struct vm_params, nr_cpus), "1", 1,
	  SCHED_MAX_CPUS, NULL, NULL, "number of CPUs" },
	{ "task_dirty_limit", OPT_BOOL,
	  offsetof(struct vm_params, task_dirty_limit), "yes", 0, 0, NULL, NULL,
	  "2.6.24-3.1's task_dirty_limit(): a bdi's limit lowered by up to 1/8 for the task that did most recent dirtying (no: the kernel series' legacy throttling, which lacks it)" },
	{ "bdi_share", OPT_ENUM, offsetof(struct vm_params, bdi_share),
	  "proportions", 0, 0, NULL, bdi_share_names,
	  "how a bdi's share of the dirty limit follows its share of writeback completions: proportions (2.6.30-3.1's lib/proportions.c: halved every 2^(shift-1) completions, a new bdi's share ramping up from 0 over that many) or flex (3.2-6.1's lib/flex_proportions.c: halved every 3 s, the whole share at once; what the kernel series' legacy throttling computes; the wq model always keeps 6.1's)" },
	{ "dirtyable", OPT_ENUM, offsetof(struct vm_params, dirtyable),
	  "2.6.30", 0, 0, NULL, dirtyable_names,
	  "the memory the dirty ratios are of: 2.6.30 (determine_dirtyable_memory(): free pages and every LRU page, process memory included) or 6.1 (global_dirtyable_memory(): free pages less totalreserve_pages, and the file LRU; what a 6.1 kernel, the kernel series' legacy throttling included, computes)" },
	{ "other_writeout", OPT_SIZE, offsetof(struct vm_params, other_writeout),
	  "0", 0, 1e12, "bytes/s", NULL,
	  "page-cache writeback completed at this steady rate by a backing device outside the run (a tracer's output disk), a page at a time: counted in every bdi's share of completions as a kernel counts it, nothing else (0: none)" },
	{ NULL },
};

const struct opt_table vm_opt_table = {
	"vm", "memory, CPUs and the dirty page tunables", vm_opts
};

/**
 * mm_init - free memory is RAM less kernel and anonymous memory
 *
 * Watermarks as 2.6.30's setup_per_zone_pages_min() for one zone:
 * min = min_free_kbytes, low = min * 5/4, high = min * 3/2.
 */
int mm_init(struct mm *mm, struct sim *sim, const struct vm_params *p)
{
	uint64_t kernel_pages, anon_pages, min_kb;

	memset(mm, 0, sizeof(*mm));
	mm->sim = sim;
	mm->p = *p;
	mm->totalram_pages = p->ram >> PAGE_SHIFT;
	kernel_pages = p->kernel_mem >> PAGE_SHIFT;
	anon_pages = p->anon_mem >> PAGE_SHIFT;
	if (kernel_pages + anon_pages + 1024 > mm->totalram_pages)
		return -EINVAL;
	mm->vm_stat[NR_FREE_PAGES] = (int64_t)(mm->totalram_pages -
					       kernel_pages - anon_pages);
	mm->vm_stat[NR_ANON_PAGES] = (int64_t)anon_pages;
	min_kb = p->min_free_kbytes;
	if (!min_kb) {
		/* init_per_zone_pages_min(): clamped to 128 KiB .. 64 MiB */
		min_kb = (uint64_t)sqrt((double)(mm->totalram_pages << 2) * 16);
		if (min_kb < 128)
			min_kb = 128;
		if (min_kb > 65536)
			min_kb = 65536;
	}
	mm->pages_min = min_kb >> 2;
	mm->pages_low = mm->pages_min + mm->pages_min / 4;
	mm->pages_high = mm->pages_min + mm->pages_min / 2;
	INIT_LIST_HEAD(&mm->lru);
	init_waitqueue_head(&mm->alloc_wait);
	/* writeback_set_ratelimit(): total/(cpus*32), 16 pages .. 4 MiB */
	mm->ratelimit_pages = mm->totalram_pages / (p->nr_cpus * 32);
	if (mm->ratelimit_pages < 16)
		mm->ratelimit_pages = 16;
	if (mm->ratelimit_pages * PAGE_SIZE > 4096 * 1024)
		mm->ratelimit_pages = (4096 * 1024) / PAGE_SIZE;
	return 0;
}

void mm_exit(struct mm *mm)
{
	for (size_t i = 0; i < mm->nr_chunks; i++)
		free(mm->chunks[i]);
	free(mm->chunks);
	mm->chunks = NULL;
	mm->nr_chunks = 0;
}

/*
 * x86-64's ZONE_DMA: the first 16 MiB. The rest of a machine below 4 GiB
 * is ZONE_DMA32.
 */
#define ZONE_DMA_PAGES	((16ULL << 20) >> PAGE_SHIFT)

/* 6.1's __setup_per_zone_wmarks(): a lowmem zone's high watermark */
static uint64_t zone_high_wmark_61(uint64_t managed, uint64_t lowmem,
				   uint64_t pages_min)
{
	uint64_t min = pages_min * managed / lowmem;
	/* watermark_scale_factor 10: 0.1% of the zone */
	uint64_t tmp = managed * 10 / 10000;

	if (tmp < min >> 2)
		tmp = min >> 2;
	return min + 2 * tmp;
}

/**
 * totalreserve_pages - 6.1's calculate_totalreserve_pages() on x86-64
 *
 * Each zone reserves its high watermark and its largest lowmem_reserve,
 * at most its size. Below 4 GiB only ZONE_DMA keeps a lowmem_reserve:
 * DMA32's pages / 256 (sysctl_lowmem_reserve_ratio), held back from
 * allocations that could have used DMA32. The zones' sizes are the RAM's
 * (the kernel's own pages are left in them: 24 MiB of 384 moves the
 * result by 6 pages). For a 384 MiB guest: 406 + 900 = 1,306 pages.
 */
uint64_t totalreserve_pages(const struct mm *mm)
{
	uint64_t total = mm->totalram_pages;
	uint64_t dma = total < ZONE_DMA_PAGES ? total : ZONE_DMA_PAGES;
	uint64_t dma32 = total - dma;
	uint64_t pages_min = mm->pages_min;
	uint64_t dma_reserve;

	dma_reserve = zone_high_wmark_61(dma, total, pages_min) + dma32 / 256;
	if (dma_reserve > dma)
		dma_reserve = dma;
	return dma_reserve +
	       (dma32 ? zone_high_wmark_61(dma32, total, pages_min) : 0);
}

/**
 * determine_dirtyable_memory - the pages the dirty ratios are of, +1
 *
 * 2.6.30: free pages and all LRU pages (determine_dirtyable_memory()).
 * 6.1: free pages less totalreserve_pages, which reclaim must not be
 * made to free by cleaning pages, and the file LRU only
 * (global_dirtyable_memory(); highmem is absent on x86-64). In a 384 MiB
 * guest with 40 MiB of process memory 6.1's is 12% smaller: 16,123
 * pages of dirty threshold where 2.6.30 gives 18,432; the guest's
 * balance_dirty_pages trace put its threshold at 16,444 a second into
 * a run (docs/validation.md).
 */
static uint64_t dirtyable_memory(const struct mm *mm, uint64_t untouched)
{
	uint64_t free = global_page_state(mm, NR_FREE_PAGES);
	uint64_t reserve;

	if (mm->p.dirtyable == DIRTYABLE_2630)
		return free + global_page_state(mm, NR_FILE_PAGES) +
		       global_page_state(mm, NR_ANON_PAGES) + 1;
	free += untouched;
	reserve = totalreserve_pages(mm);
	free -= free < reserve ? free : reserve;
	return free + global_page_state(mm, NR_FILE_PAGES) + 1;
}

uint64_t determine_dirtyable_memory(const struct mm *mm)
{
	return dirtyable_memory(mm, mm->anon_untouched);
}

/* the same before any process has run: none of vm.anon_mem is taken */
uint64_t boot_dirtyable_memory(const struct mm *mm)
{
	return dirtyable_memory(mm, global_page_state(mm, NR_ANON_PAGES));
}

/**
 * mm_anon_untouched - the processes' memory is not touched yet
 *
 * For a workload whose processes are all started by the model (dbench):
 * vm.anon_mem is theirs, and each takes its part when it first runs
 * (mm_touch_anon()), as a guest's dbench clients fault in their buffers,
 * stacks and heaps once released: in a guest the dirty threshold fell
 * from 17,665 pages just before the release to 15,315 10 s after, 11,750
 * pages of dirtyable memory for dbench's 200 clients, where vm.anon_mem's
 * 40 MiB are 10,240 (docs/validation.md).
 */
void mm_anon_untouched(struct mm *mm)
{
	mm->anon_untouched = global_page_state(mm, NR_ANON_PAGES);
}

/* a process faults in @pages of its memory */
void mm_touch_anon(struct mm *mm, uint64_t pages)
{
	mm->anon_untouched -= pages < mm->anon_untouched ? pages :
			      mm->anon_untouched;
}

#define PAGE_CHUNK	4096

static struct page *page_struct_alloc(struct mm *mm)
{
	struct page *page = mm->free_pages;

	if (!page) {
		struct page *chunk = calloc(PAGE_CHUNK, sizeof(*chunk));
		struct page **chunks;

		if (!chunk)
			return NULL;
		chunks = realloc(mm->chunks, (mm->nr_chunks + 1) * sizeof(*chunks));
		if (!chunks) {
			free(chunk);
			return NULL;
		}
		mm->chunks = chunks;
		mm->chunks[mm->nr_chunks++] = chunk;
		for (int i = PAGE_CHUNK - 1; i >= 0; i--) {
			chunk[i].mapping = (struct address_space *)page;
			page = &chunk[i];
		}
	}
	mm->free_pages = (struct page *)page->mapping;
	memset(page, 0, sizeof(*page));
	INIT_LIST_HEAD(&page->lru);
	return page;
}

/* Take a clean, idle page out of its mapping and give it back. */
static void reclaim_page(struct mm *mm, struct page *page)
{
	struct address_space *mapping = page->mapping;

	list_del_init(&page->lru);
	page_tree_delete(mapping, page);
	mod_page_state(mm, NR_FILE_PAGES, -1);
	mod_page_state(mm, NR_FREE_PAGES, 1);
	page->mapping = (struct address_space *)mm->free_pages;
	mm->free_pages = page;
	mm->nr_reclaimed++;
}

/**
 * shrink_page_cache - free up to @nr_to_reclaim clean file pages, oldest
 * first, giving referenced pages a second pass
 * Return: pages freed.
 */
uint64_t shrink_page_cache(struct mm *mm, uint64_t nr_to_reclaim)
{
	uint64_t freed = 0;
	uint64_t scan = 2 * global_page_state(mm, NR_FILE_PAGES) + 1;

	/*
	 * As 2.6.30's zone->all_unreclaimable: when every page was dirty,
	 * under writeback or locked at the last scan and no page has been
	 * written, cleaned, dirtied, added or freed since, do not scan the
	 * whole LRU again. Thousands of clients retrying their allocations
	 * made each retry round cost clients x LRU pages (3,000 dbench
	 * clients on 384 MB: minutes of wall time per simulated minute).
	 */
	if (mm->all_unreclaimable &&
	    !memcmp(mm->unreclaimable_at, mm->vm_stat, sizeof(mm->vm_stat)))
		return 0;
	mm->all_unreclaimable = false;

	while (freed < nr_to_reclaim && scan-- && !list_empty(&mm->lru)) {
		struct page *page = list_first_entry(&mm->lru, struct page, lru);

		if (page->flags & (PG_dirty | PG_writeback | PG_locked)) {
			list_move_tail(&page->lru, &mm->lru);
			continue;
		}
		if (page->flags & PG_referenced) {
			page->flags &= ~PG_referenced;
			list_move_tail(&page->lru, &mm->lru);
			continue;
		}
		reclaim_page(mm, page);
		freed++;
	}
	if (!freed) {
		mm->all_unreclaimable = true;
		memcpy(mm->unreclaimable_at, mm->vm_stat, sizeof(mm->vm_stat));
	}
	return freed;
}

/**
 * mm_alloc_page - a page for the page cache, reclaiming if memory is low
 *
 * Return: the page (counted in NR_FILE_PAGES, on no LRU yet), or NULL when
 * nothing is free and nothing clean can be reclaimed: the caller must wait
 * for writeback to finish (congestion_wait) and retry.
 */
struct page *mm_alloc_page(struct mm *mm)
{
	struct page *page;

	if (global_page_state(mm, NR_FREE_PAGES) <= mm->pages_low)
		shrink_page_cache(mm, mm->pages_high -
				  global_page_state(mm, NR_FREE_PAGES) + 1);
	if (global_page_state(mm, NR_FREE_PAGES) <= mm->pages_min / 2) {
		mm->nr_reclaim_stalls++;
		return NULL;
	}
	page = page_struct_alloc(mm);
	if (!page)
		return NULL;
	mod_page_state(mm, NR_FREE_PAGES, -1);
	mod_page_state(mm, NR_FILE_PAGES, 1);
	return page;
}

/**
 * mm_free_page - give back a page that left its mapping (truncate)
 */
void mm_free_page(struct mm *mm, struct page *page)
{
	if (page->flags & PG_lru)
		list_del_init(&page->lru);
	mod_page_state(mm, NR_FILE_PAGES, -1);
	mod_page_state(mm, NR_FREE_PAGES, 1);
	page->mapping = (struct address_space *)mm->free_pages;
	mm->free_pages = page;
}

/**
 * mark_page_accessed - the page was used again: second chance in reclaim
 */
void mark_page_accessed(struct mm *mm, struct page *page)
{
	page->flags |= PG_referenced;
}
