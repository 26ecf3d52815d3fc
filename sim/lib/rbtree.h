/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Red-black trees with the kernel's API (include/linux/rbtree.h): the
 * caller walks down and links the node, then rb_insert_color() rebalances.
 * The elevators keep requests sorted by sector in them, as the kernel does.
 */
#ifndef WBSIM_RBTREE_H
#define WBSIM_RBTREE_H

#include <stddef.h>

#include "kernel/sim.h"

struct rb_node {
	struct rb_node *rb_parent;
	struct rb_node *rb_right;
	struct rb_node *rb_left;
	int rb_red;
};

struct rb_root {
	struct rb_node *rb_node;
};

#define RB_ROOT		((struct rb_root){ NULL })
#define rb_entry(ptr, type, member) container_of(ptr, type, member)
#define RB_EMPTY_ROOT(root)	((root)->rb_node == NULL)

static inline void rb_link_node(struct rb_node *node, struct rb_node *parent,
				struct rb_node **link)
{
	node->rb_parent = parent;
	node->rb_left = node->rb_right = NULL;
	node->rb_red = 1;
	*link = node;
}

void rb_insert_color(struct rb_node *node, struct rb_root *root);
void rb_erase(struct rb_node *node, struct rb_root *root);
struct rb_node *rb_first(const struct rb_root *root);
struct rb_node *rb_last(const struct rb_root *root);
struct rb_node *rb_next(const struct rb_node *node);
struct rb_node *rb_prev(const struct rb_node *node);

#endif
