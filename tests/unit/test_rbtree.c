// SPDX-License-Identifier: GPL-2.0
/*
 * Red-black tree against a brute-force reference: random inserts and
 * erases mirrored in a sorted array; after every operation the in-order
 * walk (both directions) must equal the array and the red-black
 * invariants must hold (root black, no red node with a red child, equal
 * black height on every path, consistent parent pointers), which also
 * bounds the height by 2 log2(n + 1).
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../sim/lib/rbtree.h"
#include "../../sim/lib/rng.h"
#include "check.h"

struct item {
	struct rb_node node;
	uint32_t key;
	uint32_t id;		/* insertion order: ties must stay in it */
};

#define N_ITEMS		2000

/* Equal keys go right, as the elevators insert them. */
static void insert(struct rb_root *root, struct item *it)
{
	struct rb_node **p = &root->rb_node, *parent = NULL;

	while (*p) {
		struct item *cur = rb_entry(*p, struct item, node);

		parent = *p;
		p = it->key < cur->key ? &(*p)->rb_left : &(*p)->rb_right;
	}
	rb_link_node(&it->node, parent, p);
	rb_insert_color(&it->node, root);
}

/* Returns the black height of @n, or -1 after reporting a violation. */
static int check_subtree(const struct rb_node *n, const struct rb_node *parent,
			 int depth, int *max_depth)
{
	int l, r;

	if (!n)
		return 1;
	if (depth > *max_depth)
		*max_depth = depth;
	if (n->rb_parent != parent)
		return -1;
	if (n->rb_red && ((n->rb_left && n->rb_left->rb_red) ||
			  (n->rb_right && n->rb_right->rb_red)))
		return -1;
	l = check_subtree(n->rb_left, n, depth + 1, max_depth);
	r = check_subtree(n->rb_right, n, depth + 1, max_depth);
	if (l < 0 || r < 0 || l != r)
		return -1;
	return l + !n->rb_red;
}

/* @ref holds the items in the expected order (key, then insertion id). */
static int check_tree(const struct rb_root *root, struct item **ref, int n)
{
	const struct rb_node *rn;
	int i, max_depth = 0, bad = 0;

	if (root->rb_node && (root->rb_node->rb_red ||
			      root->rb_node->rb_parent))
		bad++;
	if (check_subtree(root->rb_node, NULL, 1, &max_depth) < 0)
		bad++;
	if (n && max_depth > 2 * log2(n + 1) + 1e-9)
		bad++;
	for (i = 0, rn = rb_first(root); rn; rn = rb_next(rn), i++)
		if (i >= n || rb_entry(rn, struct item, node) != ref[i])
			bad++;
	if (i != n)
		bad++;
	for (i = n - 1, rn = rb_last(root); rn; rn = rb_prev(rn), i--)
		if (i < 0 || rb_entry(rn, struct item, node) != ref[i])
			bad++;
	if (i != -1)
		bad++;
	return bad;
}

static int ref_cmp(const struct item *a, const struct item *b)
{
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return a->id < b->id ? -1 : a->id > b->id;
}

/* Insert into the sorted reference array at its place. */
static void ref_insert(struct item **ref, int *n, struct item *it)
{
	int lo = 0, hi = *n;

	while (lo < hi) {
		int mid = (lo + hi) / 2;

		if (ref_cmp(ref[mid], it) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	memmove(&ref[lo + 1], &ref[lo], (*n - lo) * sizeof(*ref));
	ref[lo] = it;
	(*n)++;
}

static void run(uint64_t seed, uint32_t key_range)
{
	static struct item items[N_ITEMS];
	static struct item *ref[N_ITEMS];
	struct rb_root root = RB_ROOT;
	struct rng rng;
	int n = 0, failures = 0;
	uint32_t next_id = 0;
	bool in_tree[N_ITEMS] = { false };

	rng_init(&rng, seed, "rbtree");
	CHECK(rb_first(&root) == NULL && rb_last(&root) == NULL);
	for (int step = 0; step < 20000; step++) {
		/* grow to about 2/3 of the pool, then churn */
		bool do_insert = n == 0 ||
			(n < N_ITEMS && rng_below(&rng, 3) != 0);
		if (do_insert) {
			int slot;

			do
				slot = rng_below(&rng, N_ITEMS);
			while (in_tree[slot]);
			items[slot].key = rng_below(&rng, key_range);
			items[slot].id = next_id++;
			insert(&root, &items[slot]);
			ref_insert(ref, &n, &items[slot]);
			in_tree[slot] = true;
		} else {
			int pos = rng_below(&rng, n);
			struct item *it = ref[pos];

			rb_erase(&it->node, &root);
			memmove(&ref[pos], &ref[pos + 1],
				(n - pos - 1) * sizeof(*ref));
			n--;
			in_tree[it - items] = false;
		}
		/* a full check is O(n): do it often early, then sparsely */
		if (step < 3000 || step % 97 == 0 || n < 8)
			failures += check_tree(&root, ref, n) != 0;
	}
	/* drain completely, checking as we go */
	while (n) {
		rb_erase(&ref[0]->node, &root);
		memmove(&ref[0], &ref[1], (n - 1) * sizeof(*ref));
		n--;
		failures += check_tree(&root, ref, n) != 0;
	}
	CHECK(root.rb_node == NULL);
	CHECK_EQ_U64(failures, 0);
}

int main(void)
{
	run(1, 1000000);	/* mostly distinct keys */
	run(2, 16);		/* many duplicates: order among equals */
	run(3, 1);		/* all keys equal: a pure FIFO */
	return check_status("test_rbtree");
}
