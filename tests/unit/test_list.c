// SPDX-License-Identifier: GPL-2.0
/*
 * list_bulk_move against what it replaces: moving each entry of a run
 * from its last back to its first with list_move. Random lists, random
 * runs (a single entry, the whole list, into an empty or a full head),
 * both lists walked both ways after every move. The splices that
 * queue_io uses are held the same way: list_splice_init is list_move of
 * every entry from the last, list_splice_tail_init list_move_tail of
 * every entry from the first.
 */
#include <stdint.h>

#include "../../sim/lib/list.h"
#include "../../sim/lib/rng.h"
#include "check.h"

#define N	64

struct node {
	struct list_head l;
	int id;
};

/* @head's ids, head to tail, into @ids; also checks the prev links */
static int walk(const struct list_head *head, int *ids)
{
	const struct list_head *pos, *prev = head;
	int n = 0;

	for (pos = head->next; pos != head; prev = pos, pos = pos->next) {
		CHECK(pos->prev == prev);
		ids[n++] = ((const struct node *)pos)->id;
	}
	CHECK(head->prev == prev);
	return n;
}

static struct list_head *nth(struct list_head *head, int i)
{
	struct list_head *pos = head->next;

	while (i--)
		pos = pos->next;
	return pos;
}

/* @ns entries 0.. on @src, the next @nd on @dst */
static void fill(struct node *v, struct list_head *src, struct list_head *dst,
		 int ns, int nd)
{
	int i;

	INIT_LIST_HEAD(src);
	INIT_LIST_HEAD(dst);
	for (i = 0; i < ns + nd; i++) {
		v[i].id = i;
		list_add_tail(&v[i].l, i < ns ? src : dst);
	}
}

int main(void)
{
	struct node a[N + 4], b[N + 4];	/* + up to 3 already on dst */
	struct list_head src[2], dst[2];
	struct rng r;
	int round;

	rng_init(&r, 7, "test_list");
	for (round = 0; round < 2000; round++) {
		int ns = 1 + (int)(rng_u64(&r) % N), nd = (int)(rng_u64(&r) % 4);
		int first = (int)(rng_u64(&r) % ns), len, k, i;
		int want[2][2 * N], got[2][2 * N];

		len = 1 + (int)(rng_u64(&r) % (ns - first));
		if (round % 7 == 0) {
			first = 0;
			len = ns;	/* the whole list */
		}
		fill(a, &src[0], &dst[0], ns, nd);
		fill(b, &src[1], &dst[1], ns, nd);
		/* a: one list_move per entry, last first; b: one splice */
		for (i = first + len - 1; i >= first; i--)
			list_move(&a[i].l, &dst[0]);
		list_bulk_move(&dst[1], nth(&src[1], first),
			       nth(&src[1], first + len - 1));
		CHECK(walk(&src[0], want[0]) == walk(&src[1], got[0]));
		CHECK(walk(&dst[0], want[1]) == walk(&dst[1], got[1]));
		for (k = 0; k < 2; k++)
			for (i = 0; i < (k ? nd + len : ns - len); i++)
				CHECK(want[k][i] == got[k][i]);
	}
	for (round = 0; round < 500; round++) {
		int ns = (int)(rng_u64(&r) % N), nd = (int)(rng_u64(&r) % 4);
		int tail = round & 1, i;
		int want[2][2 * N], got[2][2 * N];

		fill(a, &src[0], &dst[0], ns, nd);
		fill(b, &src[1], &dst[1], ns, nd);
		for (i = 0; i < ns; i++) {
			if (tail)
				list_move_tail(&a[i].l, &dst[0]);
			else
				list_move(&a[ns - 1 - i].l, &dst[0]);
		}
		if (tail)
			list_splice_tail_init(&src[1], &dst[1]);
		else
			list_splice_init(&src[1], &dst[1]);
		CHECK(list_empty(&src[1]));
		CHECK(walk(&dst[0], want[1]) == ns + nd);
		CHECK(walk(&dst[1], got[1]) == ns + nd);
		for (i = 0; i < ns + nd; i++)
			CHECK(want[1][i] == got[1][i]);
	}
	return check_status("test_list");
}
