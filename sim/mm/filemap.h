/* SPDX-License-Identifier: GPL-2.0 */
/* The page cache of one mapping: lookup, insert, dirty tags (filemap.c). */
#ifndef WBSIM_FILEMAP_H
#define WBSIM_FILEMAP_H

#include "fs/fs.h"

struct machine;

void mapping_init(struct address_space *mapping, struct inode *host,
		  struct backing_dev_info *bdi);
void mapping_destroy(struct address_space *mapping);
struct page *find_get_page(struct address_space *mapping, uint64_t index);
int page_tree_insert(struct address_space *mapping, struct page *page);
void page_tree_delete(struct address_space *mapping, struct page *page);
void page_tree_tag_dirty(struct address_space *mapping, struct page *page);
void page_tree_clear_dirty(struct address_space *mapping, struct page *page);
struct page *find_next_dirty(struct address_space *mapping, uint64_t start,
			     uint64_t end);

int set_page_dirty(struct machine *m, struct task *t, struct page *page);
void clear_page_dirty_for_io(struct machine *m, struct page *page);
void set_page_writeback(struct machine *m, struct page *page);
void end_page_writeback(struct machine *m, struct page *page);
void truncate_inode_pages(struct machine *m, struct task *t,
			  struct address_space *mapping, uint64_t lstart);

#endif
