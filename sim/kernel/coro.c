// SPDX-License-Identifier: GPL-2.0
/*
 * Stackful coroutines with an explicit resume/yield pair: the event loop
 * resumes a coroutine, which runs until it yields back (or its function
 * returns). No scheduler lives here; sched.c decides who runs when.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "coro.h"

#if defined(__SANITIZE_ADDRESS__)
#define CORO_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CORO_ASAN 1
#endif
#endif

#ifdef CORO_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

#if defined(__x86_64__) && !defined(WBSIM_CORO_UCONTEXT)
#define CORO_ASM 1
#else
#include <ucontext.h>
#endif

struct coro {
	coro_fn fn;
	void *arg;
	void *stack;		/* mapping, guard page first */
	size_t map_size;
	void *stack_lo;		/* usable stack */
	size_t stack_size;
	int finished;
#ifdef CORO_ASM
	void *sp;		/* saved stack pointer of the coroutine */
	void *caller_sp;	/* saved stack pointer of whoever resumed it */
#else
	ucontext_t ctx, caller;
#endif
#ifdef CORO_ASAN
	void *fake_stack;
	const void *caller_bottom;
	size_t caller_size;
#endif
};

#ifdef CORO_ASM
/*
 * coro_switch(save, load): push the callee-saved registers, store the
 * stack pointer in *save, load it from load, pop, return into the other
 * side. The x87/SSE control words are callee-saved too but nothing here
 * changes them, so they are not switched.
 */
void coro_switch(void **save, void *load);
void coro_trampoline(void);
__asm__(
	".text\n"
	".globl coro_switch\n"
	".type coro_switch,@function\n"
	"coro_switch:\n"
	"	pushq %rbp\n"
	"	pushq %rbx\n"
	"	pushq %r12\n"
	"	pushq %r13\n"
	"	pushq %r14\n"
	"	pushq %r15\n"
	"	movq %rsp, (%rdi)\n"
	"	movq %rsi, %rsp\n"
	"	popq %r15\n"
	"	popq %r14\n"
	"	popq %r13\n"
	"	popq %r12\n"
	"	popq %rbx\n"
	"	popq %rbp\n"
	"	ret\n"
	".size coro_switch,.-coro_switch\n"
	/* first entry: r12 = entry function, r13 = its argument */
	".globl coro_trampoline\n"
	".type coro_trampoline,@function\n"
	"coro_trampoline:\n"
	"	movq %r13, %rdi\n"
	"	callq *%r12\n"
	"	ud2\n"
	".size coro_trampoline,.-coro_trampoline\n"
	".section .note.GNU-stack,\"\",@progbits\n"
	".text\n");
#endif

static void coro_main(struct coro *co)
{
#ifdef CORO_ASAN
	__sanitizer_finish_switch_fiber(NULL, &co->caller_bottom,
					&co->caller_size);
#endif
	co->fn(co->arg);
	co->finished = 1;
	/* back to the resumer for good; never resumed again */
	coro_yield(co);
}

#ifndef CORO_ASM
static void coro_entry(unsigned int hi, unsigned int lo)
{
	coro_main((struct coro *)(((uintptr_t)hi << 32) | lo));
}

/* Apart from coro_create(): getcontext() returns twice (-Wclobbered). */
static void coro_make_context(struct coro *co)
{
	getcontext(&co->ctx);
	co->ctx.uc_stack.ss_sp = co->stack_lo;
	co->ctx.uc_stack.ss_size = co->stack_size;
	co->ctx.uc_link = NULL;
	makecontext(&co->ctx, (void (*)(void))coro_entry, 2,
		    (unsigned int)((uintptr_t)co >> 32),
		    (unsigned int)(uintptr_t)co);
}
#endif

/**
 * coro_create - a coroutine that will run fn(arg) when first resumed
 * Return: the coroutine, or NULL (errno set).
 */
struct coro *coro_create(coro_fn fn, void *arg, size_t stack_size)
{
	long page = sysconf(_SC_PAGESIZE);
	struct coro *co = calloc(1, sizeof(*co));

	if (!co)
		return NULL;
	stack_size = (stack_size + page - 1) / page * page;
	co->fn = fn;
	co->arg = arg;
	co->map_size = stack_size + page;
	co->stack = mmap(NULL, co->map_size, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (co->stack == MAP_FAILED) {
		free(co);
		return NULL;
	}
	mprotect(co->stack, page, PROT_NONE);	/* stacks grow down into it */
	co->stack_lo = (char *)co->stack + page;
	co->stack_size = stack_size;
#ifdef CORO_ASM
	{
		uintptr_t top = ((uintptr_t)co->stack_lo + stack_size) & ~(uintptr_t)15;
		void **sp = (void **)(top - 72);

		/* popped by coro_switch: r15 r14 r13 r12 rbx rbp, then ret */
		sp[0] = NULL;
		sp[1] = NULL;
		sp[2] = co;			/* r13: argument */
		sp[3] = (void *)coro_main;	/* r12: entry */
		sp[4] = NULL;
		sp[5] = NULL;
		sp[6] = (void *)coro_trampoline;
		co->sp = sp;
	}
#else
	coro_make_context(co);
#endif
	return co;
}

/**
 * coro_destroy - free a coroutine that is not running
 */
void coro_destroy(struct coro *co)
{
	if (!co)
		return;
#ifdef CORO_ASAN
	/* frames left on the stack keep their redzones in ASan's shadow; a
	 * later mapping at this address (an mmap'ed trace) must not inherit
	 * them */
	__asan_unpoison_memory_region(co->stack_lo, co->stack_size);
#endif
	munmap(co->stack, co->map_size);
	free(co);
}

/**
 * coro_resume - run @co until it yields or finishes
 */
void coro_resume(struct coro *co)
{
	if (co->finished)
		return;
#ifdef CORO_ASAN
	__sanitizer_start_switch_fiber(&co->fake_stack, co->stack_lo,
				       co->stack_size);
#endif
#ifdef CORO_ASM
	coro_switch(&co->caller_sp, co->sp);
#else
	swapcontext(&co->caller, &co->ctx);
#endif
#ifdef CORO_ASAN
	__sanitizer_finish_switch_fiber(co->fake_stack, NULL, NULL);
#endif
}

/**
 * coro_yield - from inside @co: go back to whoever resumed it
 */
void coro_yield(struct coro *co)
{
#ifdef CORO_ASAN
	void *fake = NULL;

	__sanitizer_start_switch_fiber(co->finished ? NULL : &fake,
				       co->caller_bottom, co->caller_size);
#endif
#ifdef CORO_ASM
	coro_switch(&co->sp, co->caller_sp);
#else
	swapcontext(&co->ctx, &co->caller);
#endif
#ifdef CORO_ASAN
	__sanitizer_finish_switch_fiber(fake, &co->caller_bottom,
					&co->caller_size);
#endif
}

/**
 * coro_finished - its function has returned
 */
int coro_finished(const struct coro *co)
{
	return co->finished;
}
