/*
 * CBehaveInternal.h — what the bridge's .c files share, and what the C layer above it (the
 * runtime, CBehaveRuntime) may call: Swift never sees it (the module map names CBehave.h only).
 * The helpers are inline because the hook and the guards call them on hot paths.
 */
#ifndef CBEHAVE_INTERNAL_H
#define CBEHAVE_INTERNAL_H

#include "CBehave.h"
#include <signal.h>

/* ThreadSanitizer holds back async signals (see behave_signal_interruption_works). */
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define BEHAVE_TSAN 1
#endif
#endif
#if !defined(BEHAVE_TSAN) && defined(__SANITIZE_THREAD__)
#define BEHAVE_TSAN 1
#endif

/* The control block sits in the state's extra space (behave_new_state), which Lua copies into
 * every coroutine: one load, where lua_getallocf was a call on every coroutine switch. */
_Static_assert(LUA_EXTRASPACE >= sizeof(void *), "the control block's pointer needs the extra space");
static inline behave_control *behave_control_of(lua_State *L) { return *(behave_control **)lua_getextraspace(L); }

/* Raises the error of a terminated run. Its value is a light userdata (the control block),
 * so raising never allocates (the heap may be at its limit). The host decides that a run was
 * terminated from behave_control.terminated, never from the error value or the status. */
static inline int behave_raise_termination(lua_State *L) {
    lua_pushlightuserdata(L, behave_control_of(L));
    return lua_error(L);
}

/* allocator.c: a refusal still marked when an error is caught (no retry followed it: a library's
 * buffer) is final; in the sandbox, the run has reached its memory limit. */
void behave_settle_refusal(behave_control *c);

/* Whether the watchdog (or a cancellation) has asked the run to stop: one relaxed load, what
 * the hot paths pay until a limit fires. */
static inline int behave_preempt_pending(behave_control *c) {
    return __atomic_load_n(&c->preempt, __ATOMIC_RELAXED) != 0;
}

/* Puts the function in upvalue `upvalue` below the arguments, so that it can be called with all
 * of them: how a wrapper hands its call on to the function it wraps. Returns the argument count. */
static inline int behave_push_wrapped(lua_State *L, int upvalue) {
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(upvalue));
    lua_insert(L, 1);
    return n;
}

/* Raises the termination if the run must stop: for C loops, every few thousand steps, and for
 * each turn of a __call chain (callchain.c). */
static inline void behave_check_stop_of(behave_control *c, lua_State *L) {
    if ((c->terminated || behave_preempt_pending(c)) && behave_should_stop(c)) behave_raise_termination(L);
}

static inline void behave_check_stop(lua_State *L) { behave_check_stop_of(behave_control_of(L), L); }

/* The state's heap (heap.c): blocks of up to a few hundred bytes from chunks of its own, the
 * rest from malloc. Sizes are the ones Lua gives the allocator. */
behave_heap *behave_heap_new(void);
void behave_heap_free(behave_heap *h);
void *behave_heap_alloc(behave_heap *h, size_t size);
void behave_heap_release(behave_heap *h, void *block, size_t size);
void *behave_heap_resize(behave_heap *h, void *block, size_t size, size_t new_size);

/* How many iterations a C loop runs between two checks (a power of two, minus one). */
#define BEHAVE_CHECK_MASK 4095

/* The count hook (limits.c): instructions, depth, and the watchdog's flag. */
void behave_count_hook(lua_State *L, lua_Debug *ar);
void behave_depth_hook(lua_State *L, lua_Debug *ar);
/* The deadlines of the slice running on this thread have changed: the timer or the watchdog
 * looks at them again (watchdog.c). */
void behave_deadlines_changed(behave_control *c);
/* What the sandbox and the runtime report to the attached tools (hooks.c): a limit about to stop
 * the run, a task that starts or fails (as behave_tool's). */
void behave_tools_limit(behave_control *c, lua_State *L);
void behave_tools_task(lua_State *L, int co, int what);
void behave_tools_failure(lua_State *L, int co, int error);
/* Sets the tools' hook on L, with the sandbox's own events `sandbox_mask`; 0 when there are none. */
int behave_tools_install(behave_control *c, lua_State *L, int sandbox_mask);
/* Puts the state's own hook on L: the tools' (hooks.c), the count hook, or none (limits.c). */
void behave_restore_hook(behave_control *c, lua_State *L);
/* Arms the stop hook on `co` (limits.c): its next instruction checks whether to stop. */
void behave_arm_hook(behave_control *c, lua_State *co);
/* Arms the stop hook on `co` whatever hook it has: behave_halt, whose run is ending anyway. */
void behave_arm_stop_hook(lua_State *co);

/* Raises the C stack overflow error. Declared as never returning, so callers keep nothing
 * alive across it (guards.c). */
__attribute__((noreturn)) void behave_c_stack_overflow(lua_State *L);

/* Refuses to go deeper on the C stack than the slice's floor: raises a clear error instead
 * of letting the process overflow its stack. */
static inline void behave_check_c_stack_of(behave_control *c, lua_State *L) {
    /* One comparison: no address is below a null floor. */
    if (__builtin_expect((uintptr_t)__builtin_frame_address(0) < (uintptr_t)c->stack_floor, 0))
        behave_c_stack_overflow(L);
}

static inline void behave_check_c_stack(lua_State *L) { behave_check_c_stack_of(behave_control_of(L), L); }

/* stack.c: starts a detached thread running main(argument) with a stack of `stack_size`
 * bytes. Returns 0, or -1 if the system refuses. */
int behave_start_thread(void *(*main)(void *), void *argument, size_t stack_size);

/* threadtimer.c: the calling thread's deadline timer, which sends that thread a signal.
 * behave_timer_make returns 0 once the thread has one that sends `signal_number`, -1 where it
 * cannot (the watchdog then keeps the deadline). behave_timer_fire_by makes it fire no later
 * than `at_ns` (CLOCK_MONOTONIC), and is async-signal-safe. behave_timer_claims tells whether
 * a signal came from it, and marks it fired. */
int behave_timer_make(int signal_number);
void behave_timer_fire_by(long long at_ns);
int behave_timer_claims(const siginfo_t *info);

/* coroutines.c: yields the top `n` values as a request to the host, marking L in
 * `c->request` first, so that a script's coroutine.resume or wrap passes them up. */
int behave_yield_request(lua_State *L, behave_control *c, int n, lua_KContext context, lua_KFunction k);

/* coroutines.c: keeps the traceback of the coroutine `co` a termination stopped (the host
 * reports where the script was from it). */
void behave_record_stop(lua_State *L, lua_State *co);

/* Resumes co with the values above `base`. Returns 1 with co's results above `base`, or 0
 * with the error value there; `*top` is then the top of L. Inlined: every switch of a
 * script's coroutines, and every task the scheduler runs, goes through it. */
static inline __attribute__((always_inline)) int behave_resume_values(lua_State *L, behave_control *c,
                                                                      lua_State *co, int base, int *top) {
    int narg = lua_gettop(L) - base, nres = 0;
    if (!lua_checkstack(co, narg)) {
        lua_settop(L, base);
        lua_pushliteral(L, "too many arguments to resume");
        *top = base + 1;
        return 0;
    }
    lua_xmove(L, co, narg);
    /* While co runs, a preemption hook must land on co (watchdog.c). */
    c->running = co;
    c->request = NULL;
    if (behave_preempt_pending(c)) behave_arm_hook(c, co);
    int status = lua_resume(co, L, narg, &nres);
    c->running = L;
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 2)) {
            lua_pop(co, nres);
            lua_pushliteral(L, "too many results to resume");
            *top = lua_gettop(L);
            return 0;
        }
        lua_xmove(co, L, nres);
        *top = base + nres;
        return 1;
    }
    /* An error after a refusal Lua did not retry (a library's buffer) is the memory limit. */
    if (c->refused) behave_settle_refusal(c);
    if (c->terminated && c->terminated != BEHAVE_STOPPED) behave_record_stop(L, co);
    /* co may be L itself (a coroutine resuming itself): the message is already on top. */
    lua_xmove(co, L, 1);
    *top = lua_gettop(L);
    return 0;
}

/* What Lua's type() says of argument `arg`: "nil" where it is absent (luaL_typename says "no
 * value"), as the messages of Lua-written functions read. */
static inline const char *behave_typename(lua_State *L, int arg) {
    int type = lua_type(L, arg);
    return lua_typename(L, type == LUA_TNONE ? LUA_TNIL : type);
}

/* trampoline.c: raises what a Swift function's negative status asks for (BEHAVE_RAISE_*). */
int behave_raise_status(lua_State *L, int n);

/* trampoline.c: the slow way back from a Swift body (behave_call_swift) that threw, cut a push
 * short or returned a negative count: Swift turns it into a status, and this raises if it must.
 * `slot` as behave_call_swift's. */
int behave_call_finish(lua_State *L, int slot, int n, void *error);

/* The function of a trampoline: its upvalue 1 is a behave_callback. */
static inline behave_swift_function *behave_upvalue_function(lua_State *L) {
    return ((behave_callback *)lua_touserdata(L, lua_upvalueindex(1)))->function;
}

/* A Swift closure's function, as Swift calls it: the closure's arguments (a LuaStack is its two
 * words), then its context in the register Swift keeps for it, and a thrown error in the one
 * Swift keeps for that. Clang's swiftcall is the convention Swift itself uses, and the layout of
 * a closure value (function, then context) is part of Swift's stable ABI. */
typedef int (*behave_swift_body)(lua_State *L, void *state, void *closure __attribute__((swift_context)),
                                 void **error __attribute__((swift_error_result))) __attribute__((swiftcall));

/* Calls a Swift function, for a light function (light.c) or a trampoline: the body's errors
 * come back as a value, and any raise happens here, after the Swift frames are gone. Inlined
 * into each caller, so a light function is the only frame between Lua and the body. `slot` is
 * the light function's slot, or -1 for a trampoline's upvalue: the slow path finds the function
 * again from it, so the fast path keeps one register fewer across the call. */
__attribute__((always_inline)) static inline int behave_call_swift(lua_State *L, behave_control *c, int slot) {
    behave_swift_function *f = slot >= 0 ? c->slots[slot] : behave_upvalue_function(L);
    behave_check_c_stack_of(c, L);
    c->enforcing--; /* Swift frames are about to be on the C stack: allocations must not fail */
    void *error = NULL;
    int n = ((behave_swift_body)f->body)(L, f->state, f->closure, &error);
    /* The control block again from L, which the call keeps for the slow path anyway, and the
     * slow path out of line: nothing else lives across the call, so the fast path saves and
     * restores no register of its own beyond the two Swift's convention takes. */
    c = behave_control_of(L);
    if (__builtin_expect(error != NULL || (n | c->push_cut) < 0, 0)) return behave_call_finish(L, slot, n, error);
    c->enforcing++;
    return n;
}

/* patterns.c: installs the bounded find, match, gmatch and gsub into a string table. */
void behave_bound_patterns(lua_State *L, int string_index);

#endif /* CBEHAVE_INTERNAL_H */
