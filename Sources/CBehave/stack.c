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

/* The lowest address of this thread's stack, found once per thread. */
static __thread const char *behave_stack_low = NULL;
static __thread int behave_stack_known = 0;

static const char *behave_find_stack_low(void) {
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
