// SPDX-License-Identifier: GPL-2.0
/* The same coroutine tests on the portable ucontext fallback. */
#define WBSIM_CORO_UCONTEXT 1
#include "../../sim/kernel/coro.c"
#define main test_coro_main
#include "test_coro.c"
#undef main

int main(void)
{
	return test_coro_main();
}
