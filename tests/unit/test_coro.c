// SPDX-License-Identifier: GPL-2.0
/* Coroutines: interleaving, locals surviving switches, deep recursion. */
#include <string.h>

#include "../../sim/kernel/coro.h"
#include "check.h"

struct state {
	struct coro *co;
	int log[64];
	int n;
	int id;
	int *shared;
};

static void counter(void *arg)
{
	struct state *s = arg;
	double acc = 0.5;	/* a local that must survive the switches */

	for (int i = 0; i < 5; i++) {
		acc *= 2;
		/* shared[0] counts the entries that follow it */
		s->shared[*s->shared + 1] = s->id * 10 + i;
		(*s->shared)++;
		coro_yield(s->co);
	}
	s->log[s->n++] = (int)acc;
}

static int depth(struct state *s, int n)
{
	char buf[256];

	memset(buf, n & 0xff, sizeof(buf));
	if (n == 0) {
		coro_yield(s->co);
		return buf[0];
	}
	return depth(s, n - 1) + buf[7];
}

static void deep(void *arg)
{
	struct state *s = arg;

	int v = depth(s, 200);	/* ~60 KiB of stack */

	s->log[s->n++] = v;
}

int main(void)
{
	int shared[32] = { 0 };
	struct state a = { .id = 1, .shared = shared };
	struct state b = { .id = 2, .shared = shared };

	a.co = coro_create(counter, &a, CORO_STACK_SIZE);
	b.co = coro_create(counter, &b, CORO_STACK_SIZE);
	CHECK(a.co && b.co);
	while (!coro_finished(a.co) || !coro_finished(b.co)) {
		coro_resume(a.co);
		coro_resume(b.co);
	}
	/* strictly alternating: 10, 20, 11, 21, ... */
	CHECK(shared[0] == 10);	/* ten entries */
	for (int i = 0; i < 10; i++)
		CHECK(shared[i + 1] == (i % 2 ? 20 : 10) + i / 2);
	CHECK(a.n == 1 && a.log[0] == 16 && b.log[0] == 16);
	coro_resume(a.co);	/* resuming a finished coroutine is a no-op */
	coro_destroy(a.co);
	coro_destroy(b.co);

	struct state d = { 0 };
	d.co = coro_create(deep, &d, CORO_STACK_SIZE);
	coro_resume(d.co);
	CHECK(!coro_finished(d.co) && d.n == 0);
	coro_resume(d.co);
	CHECK(coro_finished(d.co) && d.n == 1);
	/* sum of buf[7] for n = 1..200, plus buf[0] = 0 at n = 0 */
	int want = 0;
	for (int n = 1; n <= 200; n++)
		want += (char)(n & 0xff);
	CHECK(d.log[0] == want);
	coro_destroy(d.co);
	return check_status("test_coro");
}
