// SPDX-License-Identifier: GPL-2.0
/* Event engine and random streams, tested alone. */
#include <stdlib.h>
#include <string.h>

#include "../../sim/lib/rng.h"
#include "../../sim/kernel/sim.h"
#include "check.h"

struct rec {
	struct sim_event ev;
	int id;
	int *log;
	int *n;
};

static void record(struct sim *sim, struct sim_event *ev)
{
	struct rec *r = container_of(ev, struct rec, ev);

	r->log[(*r->n)++] = r->id;
}

static void test_order_and_ties(void)
{
	struct sim sim;
	struct rec r[6];
	int log[16], n = 0;
	/* times: ties at 10 must run in scheduling order 1, 3, 4 */
	sim_time_t t[6] = { 50, 10, 30, 10, 10, 20 };

	CHECK(sim_init(&sim, 1) == 0);
	for (int i = 0; i < 6; i++) {
		r[i] = (struct rec){ .id = i, .log = log, .n = &n };
		sim_event_init(&r[i].ev, record, "rec");
		CHECK(sim_schedule_at(&sim, &r[i].ev, t[i]) == 0);
	}
	sim_cancel(&sim, &r[2].ev);
	CHECK(!sim_event_pending(&r[2].ev));
	/* moving an event re-takes its sequence: 1 now runs after 3 and 4 */
	sim_schedule_at(&sim, &r[1].ev, 10);
	sim_run(&sim, SIM_TIME_MAX);
	int want[] = { 3, 4, 1, 5, 0 };
	CHECK(n == 5);
	for (int i = 0; i < 5 && i < n; i++)
		CHECK(log[i] == want[i]);
	CHECK(sim.now == 50);
	sim_exit(&sim);
}

struct rearm {
	struct sim_event ev;
	int count;
};

static void rearm_now(struct sim *sim, struct sim_event *ev)
{
	struct rearm *r = container_of(ev, struct rearm, ev);

	if (++r->count < 1000)
		sim_schedule_in(sim, ev, 0);
}

/* A callback re-arming itself for "now" must not starve other due events. */
static void test_no_starvation(void)
{
	struct sim sim;
	struct rearm a = { 0 };
	struct rec b;
	int log[4], n = 0;

	sim_init(&sim, 1);
	sim_event_init(&a.ev, rearm_now, "rearm");
	b = (struct rec){ .id = 7, .log = log, .n = &n };
	sim_event_init(&b.ev, record, "rec");
	sim_schedule_at(&sim, &a.ev, 5);
	sim_schedule_at(&sim, &b.ev, 5);
	sim_step(&sim);		/* a runs and re-arms */
	sim_step(&sim);		/* b must run next */
	CHECK(n == 1 && log[0] == 7);
	sim_run(&sim, SIM_TIME_MAX);
	CHECK(a.count == 1000);
	sim_exit(&sim);
}

/* Random schedule/cancel/move against a brute-force reference. */
struct item {
	struct sim_event ev;
	sim_time_t when;
	uint64_t seq;
	bool live;
	int *order;
	int *n;
	int id;
};

static void item_fire(struct sim *sim, struct sim_event *ev)
{
	struct item *it = container_of(ev, struct item, ev);

	it->live = false;
	it->order[(*it->n)++] = it->id;
}

static void test_random_against_reference(void)
{
	enum { N = 2000 };
	struct sim sim;
	struct item *it = calloc(N, sizeof(*it));
	int *order = calloc(N, sizeof(int)), n = 0;
	uint64_t seq = 0;
	struct rng r;

	rng_init(&r, 42, "test");
	sim_init(&sim, 42);
	for (int i = 0; i < N; i++) {
		it[i].id = i;
		it[i].order = order;
		it[i].n = &n;
		sim_event_init(&it[i].ev, item_fire, "item");
	}
	for (int op = 0; op < 20000; op++) {
		int i = (int)rng_below(&r, N);

		if (rng_below(&r, 4) == 0) {
			sim_cancel(&sim, &it[i].ev);
			it[i].live = false;
		} else {
			it[i].when = rng_below(&r, 1000);
			it[i].seq = seq++;
			it[i].live = true;
			sim_schedule_at(&sim, &it[i].ev, it[i].when);
		}
	}
	int live = 0;
	for (int i = 0; i < N; i++)
		live += it[i].live;
	CHECK((int)sim_nr_pending(&sim) == live);
	sim_run(&sim, SIM_TIME_MAX);
	CHECK(n == live);
	for (int k = 1; k < n; k++) {
		struct item *a = &it[order[k - 1]], *b = &it[order[k]];

		CHECK(a->when < b->when || (a->when == b->when && a->seq < b->seq));
	}
	sim_exit(&sim);
	free(it);
	free(order);
}

static void test_run_until(void)
{
	struct sim sim;
	struct rec r;
	int log[2], n = 0;

	sim_init(&sim, 1);
	r = (struct rec){ .id = 1, .log = log, .n = &n };
	sim_event_init(&r.ev, record, "rec");
	sim_schedule_at(&sim, &r.ev, 100);
	sim_run(&sim, 99);
	CHECK(n == 0 && sim.now == 99);
	sim_run(&sim, 100);
	CHECK(n == 1 && sim.now == 100);
	/* the past is clamped to now */
	sim_schedule_at(&sim, &r.ev, 3);
	CHECK(r.ev.time == 100);
	sim_exit(&sim);
}

static void test_rng_streams(void)
{
	struct rng a, b, c;
	uint64_t x[8];

	rng_init(&a, 7, "disk:sda");
	rng_init(&b, 7, "disk:sda");
	rng_init(&c, 7, "disk:sdb");
	int same = 1, diff = 0;
	for (int i = 0; i < 8; i++) {
		x[i] = rng_u64(&a);
		same &= x[i] == rng_u64(&b);
		diff += x[i] != rng_u64(&c);
	}
	CHECK(same);
	CHECK(diff == 8);
	/* drawing from another stream leaves this one unchanged */
	rng_init(&a, 7, "disk:sda");
	rng_init(&c, 7, "disk:sdb");
	for (int i = 0; i < 100; i++)
		rng_u64(&c);
	CHECK(rng_u64(&a) == x[0]);

	/* rng_below is uniform enough and in range; rng_exp has its mean */
	uint64_t hist[10] = { 0 };
	double sum = 0;
	for (int i = 0; i < 100000; i++) {
		uint64_t v = rng_below(&a, 10);

		CHECK(v < 10);
		if (v < 10)
			hist[v]++;
		sum += rng_exp(&a, 3.0);
	}
	for (int i = 0; i < 10; i++)
		CHECK(hist[i] > 9500 && hist[i] < 10500);
	CHECK_NEAR(sum / 100000, 3.0, 0.02);
}

int main(void)
{
	test_order_and_ties();
	test_no_starvation();
	test_random_against_reference();
	test_run_until();
	test_rng_streams();
	return check_status("test_sim");
}
