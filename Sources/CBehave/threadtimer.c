/*
 * threadtimer.c — a deadline timer per thread that signals that thread itself, so that a
 * slice's deadline needs no watchdog thread (Linux: timer_create with SIGEV_THREAD_ID).
 *
 * Why not the watchdog thread for every deadline: glibc's malloc and free take a fast path
 * while a process has one thread, and the first pthread_create ends it for good. A second
 * thread that only sleeps made the stock interpreter's own string building measurably slower.
 * With this timer, `behave run` stays a one-thread process unless a cancellation comes from
 * another thread, which needs the watchdog (and has threads already).
 *
 * Elsewhere (no SIGEV_THREAD_ID) every call reports that no timer is available, and the
 * watchdog thread does the work.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "CBehaveInternal.h"
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__linux__) && defined(SIGEV_THREAD_ID)
#include <sys/syscall.h>

#define BEHAVE_TIMER_IDLE 0x7fffffffffffffffLL

/* What marks the timer's signals as Behave's: its address travels in si_value. */
static char behave_timer_tag;

static __thread int behave_timer_state = 0; /* 0: not made yet, 1: made, -1: refused */
static __thread timer_t behave_timer;
/* When the thread's timer fires next (CLOCK_MONOTONIC ns), or IDLE when it is disarmed. */
static __thread long long behave_timer_at = BEHAVE_TIMER_IDLE;

static pthread_key_t behave_timer_key;
static pthread_once_t behave_timer_key_once = PTHREAD_ONCE_INIT;

/* At the thread's exit: a timer left behind would signal whatever thread reuses the id. */
static void behave_delete_timer(void *unused) {
    (void)unused;
    if (behave_timer_state == 1) timer_delete(behave_timer);
    behave_timer_state = 0;
}

static void behave_make_timer_key(void) { pthread_key_create(&behave_timer_key, behave_delete_timer); }

int behave_timer_make(int signal_number) {
    if (behave_timer_state != 0) return behave_timer_state == 1 ? 0 : -1;
    pthread_once(&behave_timer_key_once, behave_make_timer_key);
    struct sigevent event;
    memset(&event, 0, sizeof event);
    event.sigev_notify = SIGEV_THREAD_ID;
    event.sigev_signo = signal_number;
    event.sigev_value.sival_ptr = &behave_timer_tag;
#ifdef sigev_notify_thread_id
    event.sigev_notify_thread_id = (pid_t)syscall(SYS_gettid);
#else
    event._sigev_un._tid = (pid_t)syscall(SYS_gettid);
#endif
    if (timer_create(CLOCK_MONOTONIC, &event, &behave_timer) != 0) {
        behave_timer_state = -1;
        return -1;
    }
    behave_timer_state = 1;
    pthread_setspecific(behave_timer_key, &behave_timer_tag); /* a non-NULL value runs the destructor */
    return 0;
}

/* Async-signal-safe (timer_settime is): the signal handler re-arms with it. */
void behave_timer_fire_by(long long at_ns) {
    if (behave_timer_state != 1 || at_ns <= 0 || at_ns >= behave_timer_at) return;
    struct itimerspec when;
    memset(&when, 0, sizeof when);
    when.it_value.tv_sec = (time_t)(at_ns / 1000000000LL);
    when.it_value.tv_nsec = (long)(at_ns % 1000000000LL);
    if (timer_settime(behave_timer, TIMER_ABSTIME, &when, NULL) == 0) behave_timer_at = at_ns;
}

int behave_timer_claims(const siginfo_t *info) {
    if (info == NULL || info->si_code != SI_TIMER || info->si_value.sival_ptr != &behave_timer_tag) return 0;
    behave_timer_at = BEHAVE_TIMER_IDLE; /* one-shot: it has fired */
    return 1;
}

#else

int behave_timer_make(int signal_number) {
    (void)signal_number;
    return -1;
}

void behave_timer_fire_by(long long at_ns) { (void)at_ns; }

int behave_timer_claims(const siginfo_t *info) {
    (void)info;
    return 0;
}

#endif
