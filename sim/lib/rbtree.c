// SPDX-License-Identifier: GPL-2.0
/*
 * Red-black trees with the kernel's interface (lib/rbtree.c): the caller
 * finds the place, links the node red with rb_link_node() and calls
 * rb_insert_color(); rb_erase() unlinks and rebalances. The tree never
 * compares keys itself, so equal keys are the caller's business (the
 * elevators put them to the right, keeping arrival order among equals).
 *
 * Invariants: the root is black, a red node has no red child, and every
 * path from a node down to a NULL leaf passes the same number of black
 * nodes. Together they bound the height by 2 log2(n + 1), which is what
 * keeps the per-request sort cost of the schedulers O(log n).
 */
#include "rbtree.h"

static inline int rb_is_red(const struct rb_node *n)
{
	return n && n->rb_red;
}

/* Make @new take @old's place under @parent (or as the root). */
static inline void rb_replace_child(struct rb_node *old, struct rb_node *new,
				    struct rb_node *parent,
				    struct rb_root *root)
{
	if (!parent)
		root->rb_node = new;
	else if (parent->rb_left == old)
		parent->rb_left = new;
	else
		parent->rb_right = new;
}

/*
 *      x                y
 *     / \              / \
 *    a   y    ==>     x   c
 *       / \          / \
 *      b   c        a   b
 */
static void rb_rotate_left(struct rb_node *x, struct rb_root *root)
{
	struct rb_node *y = x->rb_right;
	struct rb_node *parent = x->rb_parent;

	x->rb_right = y->rb_left;
	if (y->rb_left)
		y->rb_left->rb_parent = x;
	y->rb_left = x;
	y->rb_parent = parent;
	rb_replace_child(x, y, parent, root);
	x->rb_parent = y;
}

/* The mirror image of rb_rotate_left(). */
static void rb_rotate_right(struct rb_node *x, struct rb_root *root)
{
	struct rb_node *y = x->rb_left;
	struct rb_node *parent = x->rb_parent;

	x->rb_left = y->rb_right;
	if (y->rb_right)
		y->rb_right->rb_parent = x;
	y->rb_right = x;
	y->rb_parent = parent;
	rb_replace_child(x, y, parent, root);
	x->rb_parent = y;
}

/**
 * rb_insert_color - rebalance after linking a red @node into @root
 *
 * A red node under a red parent is the only possible violation. A red
 * uncle lets the colours flip and pushes the problem two levels up; a black
 * uncle is fixed for good with one or two rotations.
 */
void rb_insert_color(struct rb_node *node, struct rb_root *root)
{
	struct rb_node *parent, *gparent, *uncle;

	while ((parent = node->rb_parent) && parent->rb_red) {
		/* a red parent is never the root, so gparent exists */
		gparent = parent->rb_parent;
		if (parent == gparent->rb_left) {
			uncle = gparent->rb_right;
			if (rb_is_red(uncle)) {
				uncle->rb_red = 0;
				parent->rb_red = 0;
				gparent->rb_red = 1;
				node = gparent;
				continue;
			}
			if (parent->rb_right == node) {
				rb_rotate_left(parent, root);
				node = parent;
				parent = node->rb_parent;
			}
			parent->rb_red = 0;
			gparent->rb_red = 1;
			rb_rotate_right(gparent, root);
		} else {
			uncle = gparent->rb_left;
			if (rb_is_red(uncle)) {
				uncle->rb_red = 0;
				parent->rb_red = 0;
				gparent->rb_red = 1;
				node = gparent;
				continue;
			}
			if (parent->rb_left == node) {
				rb_rotate_right(parent, root);
				node = parent;
				parent = node->rb_parent;
			}
			parent->rb_red = 0;
			gparent->rb_red = 1;
			rb_rotate_left(gparent, root);
		}
	}
	root->rb_node->rb_red = 0;
}

/*
 * A black node was removed above @node (possibly NULL) whose parent is
 * @parent: that side is one black short. Borrow from the sibling's side
 * or move the deficit up until a red node or the root absorbs it.
 */
static void rb_erase_color(struct rb_node *node, struct rb_node *parent,
			   struct rb_root *root)
{
	struct rb_node *sib;

	while (!rb_is_red(node) && node != root->rb_node) {
		if (parent->rb_left == node) {
			sib = parent->rb_right;
			if (sib->rb_red) {
				sib->rb_red = 0;
				parent->rb_red = 1;
				rb_rotate_left(parent, root);
				sib = parent->rb_right;
			}
			if (!rb_is_red(sib->rb_left) &&
			    !rb_is_red(sib->rb_right)) {
				sib->rb_red = 1;
				node = parent;
				parent = node->rb_parent;
				continue;
			}
			if (!rb_is_red(sib->rb_right)) {
				sib->rb_left->rb_red = 0;
				sib->rb_red = 1;
				rb_rotate_right(sib, root);
				sib = parent->rb_right;
			}
			sib->rb_red = parent->rb_red;
			parent->rb_red = 0;
			sib->rb_right->rb_red = 0;
			rb_rotate_left(parent, root);
		} else {
			sib = parent->rb_left;
			if (sib->rb_red) {
				sib->rb_red = 0;
				parent->rb_red = 1;
				rb_rotate_right(parent, root);
				sib = parent->rb_left;
			}
			if (!rb_is_red(sib->rb_left) &&
			    !rb_is_red(sib->rb_right)) {
				sib->rb_red = 1;
				node = parent;
				parent = node->rb_parent;
				continue;
			}
			if (!rb_is_red(sib->rb_left)) {
				sib->rb_right->rb_red = 0;
				sib->rb_red = 1;
				rb_rotate_left(sib, root);
				sib = parent->rb_left;
			}
			sib->rb_red = parent->rb_red;
			parent->rb_red = 0;
			sib->rb_left->rb_red = 0;
			rb_rotate_right(parent, root);
		}
		node = root->rb_node;
		break;
	}
	if (node)
		node->rb_red = 0;
}

/**
 * rb_erase - unlink @node from @root and rebalance
 *
 * A node with two children is replaced by its in-order successor (the
 * leftmost node of its right subtree), which has at most one child; the
 * colour fix-up then runs where the successor was taken from.
 */
void rb_erase(struct rb_node *node, struct rb_root *root)
{
	struct rb_node *child, *parent;
	int red;

	if (node->rb_left && node->rb_right) {
		struct rb_node *old = node;

		node = old->rb_right;
		while (node->rb_left)
			node = node->rb_left;
		child = node->rb_right;
		parent = node->rb_parent;
		red = node->rb_red;

		rb_replace_child(old, node, old->rb_parent, root);
		if (parent == old) {
			/* successor is old's right child: keeps its child */
			parent = node;
		} else {
			if (child)
				child->rb_parent = parent;
			parent->rb_left = child;
			node->rb_right = old->rb_right;
			old->rb_right->rb_parent = node;
		}
		node->rb_parent = old->rb_parent;
		node->rb_red = old->rb_red;
		node->rb_left = old->rb_left;
		old->rb_left->rb_parent = node;
	} else {
		child = node->rb_left ? node->rb_left : node->rb_right;
		parent = node->rb_parent;
		red = node->rb_red;
		if (child)
			child->rb_parent = parent;
		rb_replace_child(node, child, parent, root);
	}
	if (!red)
		rb_erase_color(child, parent, root);
}

/**
 * rb_first - the leftmost (smallest) node, or NULL for an empty tree
 */
struct rb_node *rb_first(const struct rb_root *root)
{
	struct rb_node *n = root->rb_node;

	if (!n)
		return NULL;
	while (n->rb_left)
		n = n->rb_left;
	return n;
}

/**
 * rb_last - the rightmost (largest) node, or NULL for an empty tree
 */
struct rb_node *rb_last(const struct rb_root *root)
{
	struct rb_node *n = root->rb_node;

	if (!n)
		return NULL;
	while (n->rb_right)
		n = n->rb_right;
	return n;
}

/**
 * rb_next - in-order successor of @node, or NULL if it is the last
 */
struct rb_node *rb_next(const struct rb_node *node)
{
	struct rb_node *parent;

	if (node->rb_right) {
		node = node->rb_right;
		while (node->rb_left)
			node = node->rb_left;
		return (struct rb_node *)node;
	}
	/* up until we arrive from a left child */
	while ((parent = node->rb_parent) && node == parent->rb_right)
		node = parent;
	return parent;
}

/**
 * rb_prev - in-order predecessor of @node, or NULL if it is the first
 */
struct rb_node *rb_prev(const struct rb_node *node)
{
	struct rb_node *parent;

	if (node->rb_left) {
		node = node->rb_left;
		while (node->rb_right)
			node = node->rb_right;
		return (struct rb_node *)node;
	}
	while ((parent = node->rb_parent) && node == parent->rb_left)
		node = parent;
	return parent;
}
