/*
 * watchdog.c — the one thread per process that notices, from outside the interpreter, that a
 * slice's deadline has passed or a run was cancelled, and only then interrupts the thread
 * running that state.
 *
 * Why from outside: with any count hook Lua 5.4 sends every instruction through
 * luaG_traceexec, which slows every instruction (docs/performance.md). Here a
 * state runs with no hook at all until a limit fires.
 *
 * How the hook lands on the right coroutine: hooks are per coroutine, and only the thread
 * running the state knows which one runs. The watchdog sets the state's `preempt` flag and
 * sends the preemption signal (SIGURG unless the embedder chose another) to that thread with
 * pthread_kill; the handler, on that thread, calls lua_sethook on `running`, which Lua 5.4
 * documents as safe to call from a signal handler (ldebug.c; lua.c stops a script on Ctrl-C
 * the same way). Coroutine switches (coroutines.c) arm the hook on the coroutine they resume
 * while a stop is pending, and the watchdog re-sends the signal until the slice ends.
 * C functions of the library that loop (libraries.c, patterns.c) and the allocator poll the
 * flag themselves, so a long call stops too.
 *
 * The watchdog never signals a state whose policy asks for the count hook (an instruction or
 * depth limit, or no signals): its hook polls the flag.
 *
 * On Linux a deadline needs no watchdog: each thread that runs slices has a timer of its own
 * (threadtimer.c) that sends it the same signal at the earliest deadline, and the handler does
 * a pass's work for the state running there. The watchdog thread starts only for what that
 * cannot do: a cancellation requested from another thread, a state that must not be
 * signalled (`polling`), a platform without per-thread timers.
 *
 * Lifetimes: a state's record lives from its first slice until behave_unwatch (before
 * lua_close); the watchdog only reads records under its mutex. A thread is signalled only
 * while it is inside a slice: leaving a slice waits out a signal being sent (`signalling`),
 * so pthread_kill never targets a thread that has gone.
 */
#include "CBehaveInternal.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct behave_watch {
    behave_control *control;
    pthread_t thread;
    int inside;     /* atomic: a slice of this state runs on `thread` */
    int signalling; /* atomic: the watchdog is signalling `thread` */
    struct behave_watch *next;
} behave_watch;

/* How often the watchdog re-sends the signal while a stop it asked for is pending. */
#define BEHAVE_RESIGNAL_NS 20000000LL
#define BEHAVE_NEVER 0x7fffffffffffffffLL

static pthread_mutex_t behave_watch_lock = PTHREAD_MUTEX_INITIALIZER;
static behave_watch *behave_watched = NULL;
static pthread_once_t behave_watchdog_once = PTHREAD_ONCE_INIT;
static pthread_once_t behave_signal_once = PTHREAD_ONCE_INIT;
static int behave_wake_pipe[2] = {-1, -1};
static long long behave_wake_at = BEHAVE_NEVER; /* atomic: when the watchdog next looks */
static int behave_signal = SIGURG;              /* atomic after start */
static int behave_started = 0;                  /* atomic */
static int behave_signal_fixed = 0;             /* atomic: its handler is installed */
static struct sigaction behave_previous_action;

/* The control block of the slice running on this thread, for the signal handler. */
static __thread behave_control *behave_current = NULL;
/* Whether this thread has unblocked the preemption signal. Thread pools (libdispatch, which
 * Swift concurrency runs on under Linux) start their threads with every signal blocked, and a
 * blocked signal would stay pending while the script runs on. Unblocked once per thread and
 * left so: outside a slice the handler hands any such signal to the previous handler. */
static __thread int behave_signal_unblocked = 0;

/* Asks the run to stop for `reason`, unless a stop is asked for already (the first reason
 * stands). Async-signal-safe. */
static void behave_ask_stop(behave_control *c, int reason) {
    int expected = 0;
    __atomic_compare_exchange_n(&c->preempt, &expected, reason, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED);
}

/* The earlier of a state's two deadlines, 0 for none. */
static long long behave_first_deadline(behave_control *c) {
    long long first = __atomic_load_n(&c->deadline_ns, __ATOMIC_SEQ_CST);
    long long run_deadline = __atomic_load_n(&c->run_deadline_ns, __ATOMIC_SEQ_CST);
    if (run_deadline > 0 && (first == 0 || run_deadline < first)) first = run_deadline;
    return first;
}

int behave_set_preemption_signal(int signal_number) {
    if (__atomic_load_n(&behave_started, __ATOMIC_ACQUIRE) || __atomic_load_n(&behave_signal_fixed, __ATOMIC_ACQUIRE))
        return signal_number == behave_signal ? 0 : -1;
    behave_signal = signal_number;
    return 0;
}

int behave_signal_interruption_works(void) {
#ifdef BEHAVE_TSAN
    return 0;
#else
    return 1;
#endif
}

/* Async-signal-safe: a write to a non-blocking pipe. */
static void behave_wake_watchdog(void) {
    int fd = __atomic_load_n(&behave_wake_pipe[1], __ATOMIC_ACQUIRE);
    if (fd < 0) return;
    int saved = errno;
    char byte = 1;
    ssize_t ignored = write(fd, &byte, 1);
    (void)ignored;
    errno = saved;
}

void behave_cancel(int *flag) {
    behave_set_flag(flag);
    /* On the thread running the state (a SIGINT handler in a one-thread process, as lua.c
     * handles Ctrl-C): arm the hook here. Elsewhere the watchdog does it. */
    behave_control *c = behave_current;
    if (c != NULL && c->shared_cancel == flag) {
        behave_ask_stop(c, BEHAVE_CANCELLED);
        behave_arm_hook(c, c->running);
    }
    behave_wake_watchdog();
}

static void behave_chain_signal(int sig, siginfo_t *info, void *context) {
    const struct sigaction *old = &behave_previous_action;
    if (old->sa_flags & SA_SIGINFO) {
        if (old->sa_sigaction != NULL) old->sa_sigaction(sig, info, context);
    } else if (old->sa_handler != SIG_DFL && old->sa_handler != SIG_IGN && old->sa_handler != NULL) {
        old->sa_handler(sig);
    }
}

/* The thread's own timer fired (threadtimer.c): what a watchdog pass does for one state, on
 * the state's thread (a state with a count hook needs only the flag). A deadline not yet due
 * (the slice it was set for has ended and a later one begun) sets the timer again; a stop
 * keeps it firing, as the watchdog re-sends. */
static void behave_on_timer(behave_control *c) {
    long long now = behave_now_ns();
    int reason = behave_due_reason(c, now);
    if (reason == 0) {
        behave_timer_fire_by(behave_first_deadline(c));
        return;
    }
    behave_ask_stop(c, reason);
    behave_arm_hook(c, c->running);
    behave_timer_fire_by(now + BEHAVE_RESIGNAL_NS);
}

static void behave_on_signal(int sig, siginfo_t *info, void *context) {
    int saved = errno;
    behave_control *c = behave_current;
    if (behave_timer_claims(info)) {
        if (c != NULL) behave_on_timer(c);
    } else if (c != NULL && behave_preempt_pending(c)) {
        behave_arm_hook(c, c->running);
    } else {
        behave_chain_signal(sig, info, context);
    }
    errno = saved;
}

static void behave_interrupt(behave_watch *w) {
    if (w->control->hook_interval > 0) return; /* its count hook polls the flag */
    __atomic_store_n(&w->signalling, 1, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&w->inside, __ATOMIC_SEQ_CST)) pthread_kill(w->thread, behave_signal);
    __atomic_store_n(&w->signalling, 0, __ATOMIC_SEQ_CST);
}

/* One pass over the watched states, under the lock: stops what must stop, and returns when
 * the next deadline falls. */
static long long behave_watch_pass(int act) {
    long long now = behave_now_ns(), next = BEHAVE_NEVER;
    for (behave_watch *w = behave_watched; w != NULL; w = w->next) {
        if (!__atomic_load_n(&w->inside, __ATOMIC_SEQ_CST)) continue;
        behave_control *c = w->control;
        int reason = behave_due_reason(c, now);
        if (reason == 0) {
            long long first = behave_first_deadline(c);
            if (first > 0 && first < next) next = first;
            continue;
        }
        if (!act) continue; /* the first pass has acted on it; cancellations wake the watchdog */
        behave_ask_stop(c, reason);
        behave_interrupt(w);
        if (now + BEHAVE_RESIGNAL_NS < next) next = now + BEHAVE_RESIGNAL_NS;
    }
    return next;
}

static void *behave_watchdog_main(void *unused) {
    (void)unused;
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, NULL); /* process signals go to the app's threads */
    for (;;) {
        pthread_mutex_lock(&behave_watch_lock);
        long long next = behave_watch_pass(1);
        __atomic_store_n(&behave_wake_at, next, __ATOMIC_SEQ_CST);
        /* A slice that began during the pass may have read the old wake-up time: look again
         * (it stores its deadline before it reads behave_wake_at). */
        long long again = behave_watch_pass(0);
        pthread_mutex_unlock(&behave_watch_lock);
        if (again < next) continue;
        int timeout = -1;
        if (next != BEHAVE_NEVER) {
            long long wait_ns = next - behave_now_ns();
            timeout = wait_ns <= 0 ? 0 : (int)((wait_ns + 999999) / 1000000);
        }
        struct pollfd pfd = {.fd = behave_wake_pipe[0], .events = POLLIN};
        if (poll(&pfd, 1, timeout) > 0) {
            char drain[64];
            while (read(behave_wake_pipe[0], drain, sizeof drain) > 0) {
            }
        }
    }
    return NULL;
}

static void behave_start_watchdog(void) {
    int fds[2];
    if (pipe(fds) != 0) return;
    for (int i = 0; i < 2; i++) {
        fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
        fcntl(fds[i], F_SETFD, FD_CLOEXEC);
    }
    behave_wake_pipe[0] = fds[0];
    if (behave_start_thread(behave_watchdog_main, NULL, 64 * 1024) == 0) {
        __atomic_store_n(&behave_wake_pipe[1], fds[1], __ATOMIC_RELEASE);
        __atomic_store_n(&behave_started, 1, __ATOMIC_RELEASE);
    }
}

/* Installed once, the first time a state that is interrupted by signal runs a slice. */
static void behave_install_signal_handler(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = behave_on_signal;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(behave_signal, &action, &behave_previous_action);
    __atomic_store_n(&behave_signal_fixed, 1, __ATOMIC_RELEASE);
}

/* The watchdog thread starts when the first cancellation is requested from a thread, or a
 * slice with a deadline begins that the thread's own timer cannot keep (a state polling with
 * its count hook; a platform without such timers). `behave run` stays a one-thread process,
 * and Ctrl-C on the running thread arms the hook itself (behave_cancel). */
static void behave_ensure_watchdog(int with_signal) {
    pthread_once(&behave_watchdog_once, behave_start_watchdog);
    if (with_signal) pthread_once(&behave_signal_once, behave_install_signal_handler);
}

void behave_request_cancel(int *flag) {
    behave_ensure_watchdog(1);
    behave_cancel(flag);
}

static behave_watch *behave_watch_of(behave_control *c) {
    if (c->watch != NULL) return (behave_watch *)c->watch;
    behave_watch *w = (behave_watch *)calloc(1, sizeof *w);
    if (w == NULL) return NULL;
    w->control = c;
    pthread_mutex_lock(&behave_watch_lock);
    w->next = behave_watched;
    behave_watched = w;
    pthread_mutex_unlock(&behave_watch_lock);
    c->watch = w;
    return w;
}

void behave_unwatch(behave_control *c) {
    behave_watch *w = (behave_watch *)c->watch;
    if (w == NULL) return;
    pthread_mutex_lock(&behave_watch_lock);
    for (behave_watch **p = &behave_watched; *p != NULL; p = &(*p)->next) {
        if (*p == w) {
            *p = w->next;
            break;
        }
    }
    pthread_mutex_unlock(&behave_watch_lock);
    free(w);
    c->watch = NULL;
}

/* The lowest address Lua may reach on this thread's C stack: what is left for Lua's own C
 * recursion (at most LUAI_MAXCCALLS levels) below the guards' last check. A small stack
 * (Apple's secondary threads have 512 KiB) keeps half of what is left instead. */
#define BEHAVE_STACK_RESERVE (512 * 1024)

static const char *behave_stack_floor(void) {
    size_t available = behave_stack_available();
    if (available == 0) return NULL; /* unknown: Lua's own limits */
    size_t reserve = available > 2 * BEHAVE_STACK_RESERVE ? BEHAVE_STACK_RESERVE : available / 2;
    return (const char *)__builtin_frame_address(0) - (available - reserve);
}

void behave_enter_slice(behave_control *c, lua_State *L, long long deadline_ns,
                        long long run_deadline_ns, behave_slice_saved *saved) {
    int by_timer = 0;
    if (deadline_ns > 0 || run_deadline_ns > 0) {
        if (!c->polling) {
            pthread_once(&behave_signal_once, behave_install_signal_handler);
            by_timer = behave_timer_make(behave_signal) == 0;
        }
        if (!by_timer) behave_ensure_watchdog(c->hook_interval == 0);
    }
    behave_watch *w = behave_watch_of(c);
    saved->deadline_ns = c->deadline_ns;
    saved->run_deadline_ns = c->run_deadline_ns;
    saved->running = c->running;
    saved->stack_floor = c->stack_floor;
    saved->outer = behave_current;
    saved->was_inside = w != NULL && __atomic_load_n(&w->inside, __ATOMIC_RELAXED);
    c->running = L;
    __atomic_store_n(&c->deadline_ns, deadline_ns, __ATOMIC_SEQ_CST);
    __atomic_store_n(&c->run_deadline_ns, run_deadline_ns, __ATOMIC_SEQ_CST);
    if (!saved->was_inside) {
        c->stack_floor = behave_stack_floor();
        __atomic_store_n(&c->preempt, 0, __ATOMIC_RELAXED);
        if (c->shared_cancel && __atomic_load_n(c->shared_cancel, __ATOMIC_ACQUIRE))
            __atomic_store_n(&c->preempt, BEHAVE_CANCELLED, __ATOMIC_RELAXED);
    }
    behave_current = c;
    if (w == NULL) return;
    if (!saved->was_inside) {
        w->thread = pthread_self();
        /* The signal must reach this thread when it stops a slice: the thread's own timer sends
         * it, with or without a count hook, and the watchdog sends it to a state without one. A
         * thread that inherited a mask blocking it would never see its deadline. */
        if (!behave_signal_unblocked && (by_timer || c->hook_interval == 0)) {
            sigset_t set;
            sigemptyset(&set);
            sigaddset(&set, behave_signal);
            pthread_sigmask(SIG_UNBLOCK, &set, NULL);
            behave_signal_unblocked = 1;
        }
        __atomic_store_n(&w->inside, 1, __ATOMIC_SEQ_CST);
    }
    if (behave_preempt_pending(c)) {
        behave_arm_hook(c, L); /* on this thread, outside any handler: safe */
        return;
    }
    long long first = behave_first_deadline(c);
    if (by_timer)
        behave_timer_fire_by(first);
    else if (first > 0 && first < __atomic_load_n(&behave_wake_at, __ATOMIC_SEQ_CST))
        behave_wake_watchdog();
}

int behave_next_slice(lua_State *L) {
    behave_control *c = behave_control_of(L);
    /* A later deadline needs no new timer: the armed one fires at the earlier deadline, finds
     * nothing due, and is set again (behave_on_timer); the watchdog reads the field each pass. */
    if (c->slice_ns > 0) __atomic_store_n(&c->deadline_ns, behave_now_ns() + c->slice_ns, __ATOMIC_SEQ_CST);
    c->instructions_carried += c->instructions;
    c->instructions = 0;
    return 0;
}

void behave_deadlines_changed(behave_control *c) {
    long long first = behave_first_deadline(c);
    if (!c->polling) behave_timer_fire_by(first);
    if (first > 0 && first < __atomic_load_n(&behave_wake_at, __ATOMIC_SEQ_CST)) behave_wake_watchdog();
}

void behave_leave_slice(behave_control *c, const behave_slice_saved *saved) {
    behave_watch *w = (behave_watch *)c->watch;
    behave_current = (behave_control *)saved->outer;
    if (w != NULL && !saved->was_inside) {
        __atomic_store_n(&w->inside, 0, __ATOMIC_SEQ_CST);
        while (__atomic_load_n(&w->signalling, __ATOMIC_SEQ_CST)) sched_yield();
    }
    c->running = saved->running;
    c->stack_floor = saved->stack_floor;
    __atomic_store_n(&c->deadline_ns, saved->deadline_ns, __ATOMIC_SEQ_CST);
    __atomic_store_n(&c->run_deadline_ns, saved->run_deadline_ns, __ATOMIC_SEQ_CST);
    /* The slice this one interrupted runs again: its deadlines may be earlier than the timer. */
    behave_control *outer = behave_current;
    if (outer != NULL && !outer->polling) behave_timer_fire_by(behave_first_deadline(outer));
}
