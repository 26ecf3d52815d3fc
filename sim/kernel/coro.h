/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Coroutines: each simulated thread runs kernel-shaped code on its own
 * stack, and a blocking call (waiting for a request, congestion_wait, a
 * CPU burst) switches back to the event loop instead of being split into
 * callbacks. So wb_writeback() and balance_dirty_pages() read like their
 * kernel counterparts, loops and all.
 *
 * x86-64 uses a six-register switch (the SysV callee-saved set); other
 * architectures fall back to ucontext. Stacks are mmap'ed with a guard
 * page, so an overflow faults at once instead of corrupting a neighbour.
 * Under AddressSanitizer every switch is announced to it.
 */
#ifndef WBSIM_CORO_H
#define WBSIM_CORO_H

#include <stddef.h>

struct coro;
typedef void (*coro_fn)(void *arg);

#define CORO_STACK_SIZE	(128 * 1024)

struct coro *coro_create(coro_fn fn, void *arg, size_t stack_size);
void coro_destroy(struct coro *co);
void coro_resume(struct coro *co);
void coro_yield(struct coro *co);
int coro_finished(const struct coro *co);

#endif
