/*
 * stack.c — how much C stack the calling thread has, and threads with a stack of a chosen size
 * (the watchdog's, a host's StackThread).
 * The platform calls live here: glibc's pthread_getattr_np, Darwin's pthread_get_stack*_np.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "CBehaveInternal.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#if defined(__linux__)
#include <sys/auxv.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
/* The most of the initial stack assumed: below the least gap the kernel leaves under the
 * stack at exec, and the stack valgrind maps. */
#define BEHAVE_INITIAL_STACK_MOST ((uintptr_t)16 << 20)
#endif

/* The lowest address of this thread's stack, found once per thread. */
static __thread const char *behave_stack_low = NULL;
static __thread int behave_stack_known = 0;

#if defined(__linux__)
/* The initial thread's stack, found without glibc's pthread_getattr_np, which reads all of
 * /proc/self/maps to find it, a large part of a one-line script's start.
 * The kernel puts the executable's name (AT_EXECFN) at the top of the initial stack and, at
 * exec, keeps other mappings further below the top than the stack limit and than the least
 * gap it ever leaves. The size assumed is the limit, capped below that least gap (so a limit
 * raised after exec, an unlimited one, or a runtime that maps a smaller stack, such as
 * valgrind's, never makes it larger than the stack), less one page of margin. NULL (the slow
 * way) on any other thread, or when the calling frame is not where this says the stack is. */
static const char *behave_initial_stack_low(void) {
    if (getpid() != (pid_t)syscall(SYS_gettid)) return NULL;
    const char *name = (const char *)getauxval(AT_EXECFN);
    struct rlimit limit;
    if (name == NULL || getrlimit(RLIMIT_STACK, &limit) != 0) return NULL;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t size = BEHAVE_INITIAL_STACK_MOST;
    if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < size) size = (uintptr_t)limit.rlim_cur;
    if (size < 4 * page) return NULL;
    uintptr_t top = ((uintptr_t)name + strlen(name) + 1 + page - 1) & ~(page - 1);
    uintptr_t low = top - size + page;
    uintptr_t here = (uintptr_t)__builtin_frame_address(0);
    if (here <= low || here >= top) return NULL;
    return (const char *)low;
}
#endif

/* glibc's answer, or the platform's. */
static const char *behave_thread_stack_low(void) {
#if defined(__APPLE__)
    const char *top = (const char *)pthread_get_stackaddr_np(pthread_self());
    return top - pthread_get_stacksize_np(pthread_self());
#elif defined(__linux__)
    pthread_attr_t attributes;
    void *address = NULL;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) return NULL;
    int status = pthread_attr_getstack(&attributes, &address, &size);
    pthread_attr_destroy(&attributes);
    return status == 0 ? (const char *)address : NULL;
#else
    return NULL;
#endif
}

static const char *behave_find_stack_low(void) {
#if defined(__linux__)
    const char *initial = behave_initial_stack_low();
    /* A test hook (InitialStackTests): both answers, to compare them. */
    if (initial != NULL && getenv("BEHAVE_TEST_STACK_BOUNDS") != NULL)
        fprintf(stderr, "stack bounds: initial %p thread %p\n", (const void *)initial,
                (const void *)behave_thread_stack_low());
    if (initial != NULL) return initial;
#endif
    return behave_thread_stack_low();
}

size_t behave_stack_available(void) {
    if (!behave_stack_known) {
        behave_stack_low = behave_find_stack_low();
        behave_stack_known = 1;
    }
    const char *here = (const char *)__builtin_frame_address(0);
    if (behave_stack_low == NULL || here <= behave_stack_low) return 0;
    return (size_t)(here - behave_stack_low);
}

int behave_start_thread(void *(*main)(void *), void *argument, size_t stack_size) {
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attributes, stack_size);
    pthread_t thread;
    int status = pthread_create(&thread, &attributes, main, argument);
    pthread_attr_destroy(&attributes);
    return status == 0 ? 0 : -1;
}
