/*
 * control.c — the control block's clock and flags. Uses no Lua API: callable from any thread,
 * and behave_set_flag from a signal handler.
 */
#include "CBehaveInternal.h"
#include <time.h>

long long behave_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

void behave_clear_cancel(behave_control *c) {
    if (c->shared_cancel) __atomic_store_n(c->shared_cancel, 0, __ATOMIC_RELEASE);
}

void behave_set_flag(int *flag) { __atomic_store_n(flag, 1, __ATOMIC_RELEASE); }

int behave_flag_is_set(int *flag) { return __atomic_load_n(flag, __ATOMIC_ACQUIRE); }
