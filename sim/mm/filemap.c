// SPDX-License-Identifier: GPL-2.0
/*
 * Page cache of a mapping (mm/filemap.c, mm/page-writeback.c's page state
 * helpers): the page tree, and the dirty and writeback state transitions
 * with their global, per-bdi and per-mapping counters.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "filemap.h"
#include "init/machine.h"

void mapping_init(struct address_space *mapping, struct inode *host,
		  struct backing_dev_info *bdi)
{
	memset(mapping, 0, sizeof(*mapping));
	mapping->host = host;
	mapping->bdi = bdi;
	init_waitqueue_head(&mapping->wb_wait);
}

/**
 * mapping_destroy - free the page tree (its pages must be gone already)
 */
void mapping_destroy(struct address_space *mapping)
{
	for (uint64_t i = 0; i < mapping->nr_leaves; i++)
		free(mapping->leaves[i]);
	free(mapping->leaves);
	free(mapping->dirty_leaves);
	mapping->dirty_leaves = NULL;
	mapping->leaves = NULL;
	mapping->nr_leaves = 0;
}

static inline struct pt_leaf *leaf_of(const struct address_space *mapping,
				      uint64_t index)
{
	uint64_t l = index >> PT_LEAF_SHIFT;

	return l < mapping->nr_leaves ? mapping->leaves[l] : NULL;
}

/**
 * find_get_page - the page at @index, or NULL if it is not cached
 */
struct page *find_get_page(struct address_space *mapping, uint64_t index)
{
	struct pt_leaf *leaf = leaf_of(mapping, index);

	return leaf ? leaf->slot[index & (PT_LEAF_SLOTS - 1)] : NULL;
}

/**
 * page_tree_insert - put @page (index and mapping set) into its mapping
 * Return: 0, -EEXIST if the slot is taken, -ENOMEM.
 */
int page_tree_insert(struct address_space *mapping, struct page *page)
{
	uint64_t l = page->index >> PT_LEAF_SHIFT;
	struct pt_leaf *leaf;

	if (l >= mapping->nr_leaves) {
		uint64_t n = mapping->nr_leaves ? mapping->nr_leaves : 1;
		struct pt_leaf **leaves;

		while (n <= l)
			n *= 2;
		uint64_t *map;

		leaves = realloc(mapping->leaves, n * sizeof(*leaves));
		if (!leaves)
			return -ENOMEM;
		memset(leaves + mapping->nr_leaves, 0,
		       (n - mapping->nr_leaves) * sizeof(*leaves));
		mapping->leaves = leaves;
		map = realloc(mapping->dirty_leaves, (n + 63) / 64 * sizeof(*map));
		if (!map)
			return -ENOMEM;
		memset(map + (mapping->nr_leaves + 63) / 64, 0,
		       ((n + 63) / 64 - (mapping->nr_leaves + 63) / 64) * sizeof(*map));
		mapping->dirty_leaves = map;
		mapping->nr_leaves = n;
	}
	leaf = mapping->leaves[l];
	if (!leaf) {
		leaf = calloc(1, sizeof(*leaf));
		if (!leaf)
			return -ENOMEM;
		mapping->leaves[l] = leaf;
	}
	if (leaf->slot[page->index & (PT_LEAF_SLOTS - 1)])
		return -EEXIST;
	leaf->slot[page->index & (PT_LEAF_SLOTS - 1)] = page;
	leaf->nr_pages++;
	mapping->nrpages++;
	return 0;
}

static void leaf_dirty_inc(struct address_space *mapping, struct pt_leaf *leaf,
			   uint64_t l)
{
	if (leaf->nr_dirty++ == 0)
		mapping->dirty_leaves[l / 64] |= 1ULL << (l % 64);
}

static void leaf_dirty_dec(struct address_space *mapping, struct pt_leaf *leaf,
			   uint64_t l)
{
	if (--leaf->nr_dirty == 0)
		mapping->dirty_leaves[l / 64] &= ~(1ULL << (l % 64));
}

/**
 * page_tree_delete - take @page out of its mapping's tree
 */
void page_tree_delete(struct address_space *mapping, struct page *page)
{
	struct pt_leaf *leaf = leaf_of(mapping, page->index);
	unsigned int s = page->index & (PT_LEAF_SLOTS - 1);

	if (!leaf || leaf->slot[s] != page)
		return;
	if (leaf->dirty[s / 64] & (1ULL << (s % 64))) {
		leaf->dirty[s / 64] &= ~(1ULL << (s % 64));
		leaf_dirty_dec(mapping, leaf, page->index >> PT_LEAF_SHIFT);
	}
	leaf->slot[s] = NULL;
	leaf->nr_pages--;
	mapping->nrpages--;
}

void page_tree_tag_dirty(struct address_space *mapping, struct page *page)
{
	struct pt_leaf *leaf = leaf_of(mapping, page->index);
	unsigned int s = page->index & (PT_LEAF_SLOTS - 1);

	if (!(leaf->dirty[s / 64] & (1ULL << (s % 64)))) {
		leaf->dirty[s / 64] |= 1ULL << (s % 64);
		leaf_dirty_inc(mapping, leaf, page->index >> PT_LEAF_SHIFT);
	}
}

void page_tree_clear_dirty(struct address_space *mapping, struct page *page)
{
	struct pt_leaf *leaf = leaf_of(mapping, page->index);
	unsigned int s = page->index & (PT_LEAF_SLOTS - 1);

	if (leaf->dirty[s / 64] & (1ULL << (s % 64))) {
		leaf->dirty[s / 64] &= ~(1ULL << (s % 64));
		leaf_dirty_dec(mapping, leaf, page->index >> PT_LEAF_SHIFT);
	}
}

/**
 * find_next_dirty - the first page tagged dirty at an index in
 * [@start, @end), or NULL (pagevec_lookup_tag's job)
 */
struct page *find_next_dirty(struct address_space *mapping, uint64_t start,
			     uint64_t end)
{
	uint64_t l = start >> PT_LEAF_SHIFT;

	while (l < mapping->nr_leaves && (l << PT_LEAF_SHIFT) < end) {
		uint64_t word = mapping->dirty_leaves[l / 64] & (~0ULL << (l % 64));
		struct pt_leaf *leaf;
		unsigned int first = 0;

		if (!word) {
			l = (l / 64 + 1) * 64;	/* no dirty leaf in this word */
			continue;
		}
		l = l / 64 * 64 + (uint64_t)__builtin_ctzll(word);
		if (l >= mapping->nr_leaves || (l << PT_LEAF_SHIFT) >= end)
			break;
		leaf = mapping->leaves[l];
		if ((l << PT_LEAF_SHIFT) < start)
			first = start & (PT_LEAF_SLOTS - 1);
		for (unsigned int w = first / 64; w < PT_LEAF_SLOTS / 64; w++) {
			uint64_t bits = leaf->dirty[w];

			if (w == first / 64)
				bits &= ~0ULL << (first % 64);
			if (bits) {
				uint64_t idx = (l << PT_LEAF_SHIFT) + w * 64 +
					       (uint64_t)__builtin_ctzll(bits);

				return idx < end ? leaf->slot[idx & (PT_LEAF_SLOTS - 1)] : NULL;
			}
		}
		l++;
	}
	return NULL;
}

/**
 * set_page_dirty - __set_page_dirty_nobuffers() plus the accounting
 *
 * On the clean->dirty transition: NR_FILE_DIRTY, BDI_RECLAIMABLE, the
 * task's share of dirtied pages (task_dirty_inc), and the inode becomes
 * I_DIRTY_PAGES. Return: 1 if the page became dirty, 0 if it was.
 */
int set_page_dirty(struct machine *m, struct task *t, struct page *page)
{
	struct address_space *mapping = page->mapping;

	if (page->flags & PG_dirty)
		return 0;
	page->flags |= PG_dirty;
	page_tree_tag_dirty(mapping, page);
	mapping->nr_dirty++;
	mod_page_state(&m->mm, NR_FILE_DIRTY, 1);
	mod_page_state(&m->mm, NR_DIRTIED, 1);
	mapping->bdi->stat[BDI_RECLAIMABLE]++;
	mapping->bdi->stat[BDI_DIRTIED]++;
	if (t) {
		prop_inc(&m->vm_dirties, &t->dirties);
		t->nr_dirtied++;
	}
	__mark_inode_dirty(m, mapping->host, I_DIRTY_PAGES);
	return 1;
}

/**
 * clear_page_dirty_for_io - the page goes to disk: no longer dirty
 */
void clear_page_dirty_for_io(struct machine *m, struct page *page)
{
	struct address_space *mapping = page->mapping;

	if (!(page->flags & PG_dirty))
		return;
	page->flags &= ~PG_dirty;
	page_tree_clear_dirty(mapping, page);
	mapping->nr_dirty--;
	mod_page_state(&m->mm, NR_FILE_DIRTY, -1);
	mapping->bdi->stat[BDI_RECLAIMABLE]--;
}

void set_page_writeback(struct machine *m, struct page *page)
{
	struct address_space *mapping = page->mapping;

	page->flags |= PG_writeback;
	mapping->nr_writeback++;
	mod_page_state(&m->mm, NR_WRITEBACK, 1);
	mapping->bdi->stat[BDI_WRITEBACK]++;
}

/**
 * end_page_writeback - I/O done: counters, the bdi's share of completions
 * (__bdi_writeout_inc), and anyone waiting on this mapping's writeback
 */
void end_page_writeback(struct machine *m, struct page *page)
{
	struct address_space *mapping = page->mapping;
	struct backing_dev_info *bdi = mapping->bdi;

	page->flags &= ~PG_writeback;
	mapping->nr_writeback--;
	mod_page_state(&m->mm, NR_WRITEBACK, -1);
	mod_page_state(&m->mm, NR_WRITTEN, 1);
	bdi->stat[BDI_WRITEBACK]--;
	bdi->stat[BDI_WRITTEN]++;
	bdi_writeout_inc(m, bdi);
	if (!mapping->nr_writeback && m->flusher &&
	    m->flusher->inode_writeback_end)
		m->flusher->inode_writeback_end(m, mapping->host);
	if (waitqueue_active(&mapping->wb_wait))
		wake_up(&mapping->wb_wait);
	if (waitqueue_active(&m->mm.alloc_wait))
		wake_up(&m->mm.alloc_wait);
}

/**
 * truncate_inode_pages - drop every page at or after @lstart (bytes)
 * @t: the truncating task (a kthread): it waits for pages under writeback,
 *	as truncate_inode_pages_range()'s second pass does
 *
 * Dirty pages are cancelled (cancel_dirty_page): a deleted file's dirty
 * data never reaches the disk.
 */
void truncate_inode_pages(struct machine *m, struct task *t,
			  struct address_space *mapping, uint64_t lstart)
{
	uint64_t start = (lstart + PAGE_SIZE - 1) >> PAGE_SHIFT;

	for (;;) {
		uint64_t busy = 0;

		for (uint64_t l = start >> PT_LEAF_SHIFT; l < mapping->nr_leaves; l++) {
			struct pt_leaf *leaf = mapping->leaves[l];

			if (!leaf || !leaf->nr_pages)
				continue;
			for (unsigned int s = 0; s < PT_LEAF_SLOTS; s++) {
				struct page *page = leaf->slot[s];

				if (!page || page->index < start)
					continue;
				if (page->flags & (PG_writeback | PG_locked)) {
					busy++;
					continue;
				}
				clear_page_dirty_for_io(m, page);
				if (page->flags & PG_delalloc)	/* its reservation */
					mapping->host->i_sb->s_delalloc_blocks--;
				page_tree_delete(mapping, page);
				mm_free_page(&m->mm, page);
			}
		}
		if (!busy)
			return;
		schedule_wait(t, &mapping->wb_wait);
	}
}
