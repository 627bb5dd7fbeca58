/*
 * CBehave.h — the C half of Behave's Lua bridge and sandbox: declarations only.
 *
 * C holds what Swift cannot do safely, because it raises Lua errors and raising is a `longjmp`:
 *   - the trampolines through which Lua calls Swift (trampoline.c): Swift returns a status and
 *     the trampoline raises the Lua error *after* Swift has returned, so `longjmp` never crosses
 *     a Swift frame;
 *   - the sandbox's limits (limits.c) and the guarded pcall/xpcall/coroutine functions
 *     (guards.c, coroutines.c), which must raise to stop a run.
 * Every name C and Swift share (registry keys, the runtime's request kinds, limit codes) is
 * defined here once; Swift imports the macros as constants.
 */
#ifndef CBEHAVE_H
#define CBEHAVE_H

#include <lua.h>
#include <stddef.h>

/* ------------------------------------------------------------------------ */
/* Names shared by C, Swift and the Lua runtime                              */
/* ------------------------------------------------------------------------ */

/* Registry field holding the last traceback behave_message_handler recorded. */
#define BEHAVE_REGISTRY_TRACEBACK "behave.traceback"
/* Registry field holding the runtime's sentinel: the first value of every request a task yields. */
#define BEHAVE_REGISTRY_SENTINEL "behave.host"
/* Metatable name of the userdata that carries a Swift error through Lua. */
#define BEHAVE_ERROR_METATABLE "behave.error"

/* The requests a task yields to the runtime, after the sentinel (docs/architecture.md,
 * "The runtime protocol"): wait(seconds), event(name, timeout), stop(), action(id). */
#define BEHAVE_REQUEST_WAIT "wait"
#define BEHAVE_REQUEST_EVENT "event"
#define BEHAVE_REQUEST_STOP "stop"
#define BEHAVE_REQUEST_ACTION "action"

/* ------------------------------------------------------------------------ */
/* The control block: one per state, shared by the allocator, the trampoline */
/* and the sandbox. Swift owns the memory; C only reads and writes fields.   */
/* ------------------------------------------------------------------------ */

/* Why a run was terminated. 0 means it was not. */
enum {
    BEHAVE_RUNNING = 0,
    BEHAVE_LIMIT_MEMORY = 1,
    BEHAVE_LIMIT_INSTRUCTIONS = 2,
    BEHAVE_LIMIT_TIME = 3,
    BEHAVE_LIMIT_OUTPUT = 4,
    BEHAVE_LIMIT_DEPTH = 5,
    BEHAVE_CANCELLED = 6,
    BEHAVE_LIMIT_DURATION = 7 /* set by the host between slices, never by the hook */
};

typedef struct behave_control {
    /* allocator bookkeeping */
    size_t used;            /* bytes the state holds now */
    size_t peak;            /* most bytes ever held */
    size_t limit;           /* cap over the whole state; 0 = none */
    int enforcing;          /* 1 while Lua runs with no Swift frame above it: refusing is safe */
    int sticky_memory;      /* 1 in the sandbox: a refused allocation terminates the run */
    /* termination */
    int terminated;         /* BEHAVE_* reason, sticky until the host resets it */
    int *shared_cancel;     /* the host's cancellation flag, which outlives the state; written from
                               any thread (and a signal handler) with __atomic builtins */
    int hook_interval;      /* instructions between two hook calls */
    long long instructions; /* counted over every coroutine of the state */
    long long max_instructions; /* 0 = none */
    long long deadline_ns;  /* CLOCK_MONOTONIC; 0 = none */
    int max_depth;          /* Lua call frames; 0 = only Lua's own limits */
} behave_control;

/* CLOCK_MONOTONIC in nanoseconds. */
long long behave_now_ns(void);
/* Forgets a cancellation (the shared flag), before the next run. */
void behave_clear_cancel(behave_control *c);
/* Sets a flag to 1 atomically. Async-signal-safe: a SIGINT handler may call it. */
void behave_set_flag(int *flag);

/* ------------------------------------------------------------------------ */
/* The trampolines: Lua → C → Swift → C → (maybe) lua_error  (trampoline.c)  */
/* ------------------------------------------------------------------------ */

/* What a Swift function returns to the trampoline. Non-negative: that many results. */
enum {
    BEHAVE_RAISE = -1,           /* raise the value on top of the stack as it is */
    BEHAVE_RAISE_WHERE = -2,     /* a string message: prefix the caller's position, then raise */
    BEHAVE_RAISE_SWIFT = -3,     /* a Swift error box on top: record the caller's position in it, raise */
    BEHAVE_RAISE_TERMINATED = -4 /* the run was terminated (see behave_control.terminated) */
};

typedef int (*behave_swift_function)(lua_State *L, void *context);

/* The userdata behind every Swift function: Swift stores a function pointer and an
 * opaque, retained context; the userdata's __gc (set from Swift) releases the context. */
typedef struct behave_callback {
    behave_swift_function function;
    void *context;
    behave_control *control;
} behave_callback;

/* A C closure whose upvalue 1 is a behave_callback: calls Swift, then raises if Swift asked. */
int behave_trampoline(lua_State *L);
/* Like behave_trampoline, but Swift's results are a request (sentinel, "action", id) the task
 * yields to the scheduler; the task resumes with (true, results...) or (false, error). */
int behave_async_trampoline(lua_State *L);
/* Message handler for lua_pcall: keeps the error value and records a traceback of the failing
 * coroutine in the registry under BEHAVE_REGISTRY_TRACEBACK. */
int behave_message_handler(lua_State *L);
/* tostring(v) with metamethods, for lua_pcall: stack in: v; out: its string. */
int behave_tostring(lua_State *L);

/* ------------------------------------------------------------------------ */
/* Sandbox primitives  (limits.c, guards.c, coroutines.c)                    */
/* ------------------------------------------------------------------------ */

/* Installs the count hook that enforces the control block's limits every `interval`
 * instructions, on L and (Lua copies hooks) every coroutine it creates afterwards. */
void behave_install_hook(lua_State *L, int interval);

/* A C closure around a library function (upvalue 1) that refuses to start and refuses to
 * return once the run is terminated: the sandbox's pcall, coroutine.resume/close, load. */
int behave_guard(lua_State *L);
/* xpcall(f, msgh, ...) whose handler does not run, and which re-raises, once the run is
 * terminated. */
int behave_xpcall(lua_State *L);
/* passing(sentinel, resume, close) -> the script's coroutine.resume and coroutine.wrap, which
 * pass the host's requests up to their resumer so `wait` works inside a script's coroutines. */
int behave_passing_coroutines(lua_State *L);

#endif /* CBEHAVE_H */
