/*
 * shim.h — the only C in Behave.
 *
 * It holds what Swift cannot do safely:
 *   - Lua's function-like macros, as static inline functions Swift can call;
 *   - the trampoline through which Lua calls Swift: Swift returns a status and the
 *     trampoline raises the Lua error *after* Swift has returned, so `longjmp` never
 *     crosses a Swift frame;
 *   - the sandbox primitives that must raise Lua errors (the count hook, guarded
 *     pcall/xpcall/coroutine functions), because raising is a `longjmp`.
 */
#ifndef BEHAVE_SHIM_H
#define BEHAVE_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------------------ */
/* Lua macros as functions                                                   */
/* ------------------------------------------------------------------------ */

static inline int behave_upvalueindex(int i) { return lua_upvalueindex(i); }
/* lua_ident is an array of unknown size, which Swift does not import. */
static inline const char *behave_lua_ident(void) { return lua_ident; }
static inline int behave_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline void behave_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void behave_newtable(lua_State *L) { lua_newtable(L); }
static inline void behave_insert(lua_State *L, int i) { lua_insert(L, i); }
static inline void behave_remove(lua_State *L, int i) { lua_remove(L, i); }
static inline void behave_replace(lua_State *L, int i) { lua_replace(L, i); }
static inline void behave_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
static inline int behave_isnoneornil(lua_State *L, int i) { return lua_isnoneornil(L, i); }
static inline int behave_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    return lua_pcall(L, nargs, nresults, msgh);
}
static inline const char *behave_tolstring_raw(lua_State *L, int i, size_t *len) {
    /* Only for values already known to be strings: never converts numbers in place. */
    return lua_tolstring(L, i, len);
}
static inline void *behave_newuserdata(lua_State *L, size_t size) { return lua_newuserdatauv(L, size, 1); }
static inline int behave_loadbuffer(lua_State *L, const char *buf, size_t len, const char *name) {
    /* Text chunks only: a binary chunk is refused, whoever loads it. */
    return luaL_loadbufferx(L, buf, len, name, "t");
}

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
    int cancel_requested;   /* written from any thread with __atomic builtins */
    int *shared_cancel;     /* optional flag that outlives the state (a host's), same rules */
    int hook_interval;      /* instructions between two hook calls */
    long long instructions; /* counted over every coroutine of the state */
    long long max_instructions; /* 0 = none */
    long long deadline_ns;  /* CLOCK_MONOTONIC; 0 = none */
    int max_depth;          /* Lua call frames; 0 = only Lua's own limits */
} behave_control;

static inline behave_control *behave_control_of(lua_State *L) {
    void *ud = NULL;
    (void)lua_getallocf(L, &ud);
    return (behave_control *)ud;
}

static inline long long behave_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static inline void behave_request_cancel(behave_control *c) {
    __atomic_store_n(&c->cancel_requested, 1, __ATOMIC_RELEASE);
}

static inline void behave_clear_cancel(behave_control *c) {
    __atomic_store_n(&c->cancel_requested, 0, __ATOMIC_RELEASE);
    if (c->shared_cancel) __atomic_store_n(c->shared_cancel, 0, __ATOMIC_RELEASE);
}

/* Async-signal-safe: a SIGINT handler may call it. */
static inline void behave_set_flag(int *flag) { __atomic_store_n(flag, 1, __ATOMIC_RELEASE); }

/* Raises the error of a terminated run. Its value is a light userdata (the control block),
 * so raising never allocates (the heap may be at its limit). The host decides that a run was
 * terminated from behave_control.terminated, never from the error value or the status. */
static inline int behave_raise_termination(lua_State *L) {
    lua_pushlightuserdata(L, behave_control_of(L));
    return lua_error(L);
}

/* ------------------------------------------------------------------------ */
/* The trampoline: Lua → C → Swift → C → (maybe) lua_error                   */
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

static inline int behave_trampoline(lua_State *L) {
    behave_callback *cb = (behave_callback *)lua_touserdata(L, lua_upvalueindex(1));
    behave_control *c = cb->control;
    int saved = c->enforcing;
    c->enforcing = 0; /* Swift frames are about to be on the C stack: allocations must not fail */
    int n = cb->function(L, cb->context);
    c->enforcing = saved;
    if (n >= 0) return n;
    switch (n) {
    case BEHAVE_RAISE_WHERE:
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
        break;
    case BEHAVE_RAISE_SWIFT:
        luaL_where(L, 1);
        lua_setiuservalue(L, -2, 1);
        break;
    case BEHAVE_RAISE_TERMINATED:
        return behave_raise_termination(L);
    default:
        break;
    }
    return lua_error(L);
}

static inline lua_CFunction behave_trampoline_function(void) { return behave_trampoline; }

/* ------------------------------------------------------------------------ */
/* Protected helpers Swift calls through lua_pcall                           */
/* ------------------------------------------------------------------------ */

/* Message handler: keeps the error value as it is and stores a traceback of the
 * failing coroutine in the registry under "behave.traceback". */
static inline int behave_message_handler(lua_State *L) {
    luaL_traceback(L, L, NULL, 1);
    lua_setfield(L, LUA_REGISTRYINDEX, "behave.traceback");
    return 1;
}

static inline lua_CFunction behave_message_handler_function(void) { return behave_message_handler; }

/* tostring(v) with metamethods, run protected: stack in: v; out: string. */
static inline int behave_tostring_protected(lua_State *L) {
    luaL_tolstring(L, 1, NULL);
    return 1;
}

static inline lua_CFunction behave_tostring_function(void) { return behave_tostring_protected; }

/* ------------------------------------------------------------------------ */
/* Sandbox primitives                                                        */
/* ------------------------------------------------------------------------ */

/* Decides whether the run must stop; records why. Never raises. */
static inline int behave_check_limits(behave_control *c) {
    if (c->terminated) return 1;
    if (__atomic_load_n(&c->cancel_requested, __ATOMIC_ACQUIRE)
        || (c->shared_cancel && __atomic_load_n(c->shared_cancel, __ATOMIC_ACQUIRE))) {
        c->terminated = BEHAVE_CANCELLED;
    } else if (c->max_instructions > 0 && c->instructions > c->max_instructions) {
        c->terminated = BEHAVE_LIMIT_INSTRUCTIONS;
    } else if (c->deadline_ns > 0 && behave_now_ns() > c->deadline_ns) {
        c->terminated = BEHAVE_LIMIT_TIME;
    }
    return c->terminated != 0;
}

/* The count hook. Lua copies a thread's hook into every coroutine it creates, and the
 * count lives in the control block, so a budget cannot be split across coroutines. */
static inline void behave_count_hook(lua_State *L, lua_Debug *ar) {
    behave_control *c = behave_control_of(L);
    c->instructions += c->hook_interval;
    /* lua_getstack walks at most max_depth frames, and only as deep as the stack is. */
    if (!c->terminated && c->max_depth > 0 && lua_getstack(L, c->max_depth, ar))
        c->terminated = BEHAVE_LIMIT_DEPTH;
    if (behave_check_limits(c)) behave_raise_termination(L);
}

static inline void behave_install_hook(lua_State *L, int interval) {
    lua_sethook(L, behave_count_hook, LUA_MASKCOUNT, interval);
}

/* Continuation shared by the guarded functions: after the callee returns (or catches an
 * error), a terminated run raises again, so no catch point lets a script go on. */
static inline int behave_guard_finish(lua_State *L, int status, lua_KContext base) {
    (void)status;
    behave_control *c = behave_control_of(L);
    if (c->terminated) return behave_raise_termination(L);
    return lua_gettop(L) - (int)base;
}

/* A C closure around a library function (upvalue 1): refuses to start and refuses to
 * return once the run is terminated. Used for pcall, coroutine.resume/close, load, require. */
static inline int behave_guard(lua_State *L) {
    behave_control *c = behave_control_of(L);
    if (c->terminated) return behave_raise_termination(L);
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_callk(L, n, LUA_MULTRET, 0, behave_guard_finish);
    return behave_guard_finish(L, LUA_OK, 0);
}

static inline lua_CFunction behave_guard_function(void) { return behave_guard; }

/* xpcall's message handler wrapper: after a termination (raised from the hook, where Lua
 * leaves hooks switched off) the user's handler does not run at all. */
static inline int behave_xpcall_handler(lua_State *L) {
    behave_control *c = behave_control_of(L);
    if (c->terminated) return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static inline int behave_xpcall_finish(lua_State *L, int status, lua_KContext extra) {
    behave_control *c = behave_control_of(L);
    if (c->terminated) return behave_raise_termination(L);
    if (status != LUA_OK && status != LUA_YIELD) {
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

/* xpcall(f, msgh, ...) with the handler wrapped and termination re-raised. */
static inline int behave_xpcall(lua_State *L) {
    behave_control *c = behave_control_of(L);
    if (c->terminated) return behave_raise_termination(L);
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, behave_xpcall_handler, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2); /* f, handler, true, f, args... */
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, behave_xpcall_finish);
    return behave_xpcall_finish(L, status, 2);
}

static inline lua_CFunction behave_xpcall_function(void) { return behave_xpcall; }

/* ------------------------------------------------------------------------ */
/* A script's own coroutines pass the host's requests up                      */
/* ------------------------------------------------------------------------ */

/* coroutine.resume and the functions coroutine.wrap makes: when the coroutine yields a
 * request to the host (first value: the sentinel, upvalue 1), the request is yielded on to
 * this coroutine's resumer, and what comes back resumes the coroutine again, so `wait`
 * works inside a script's coroutines. Upvalue 2 is the library's resume (only for its error
 * when resume's argument is no coroutine); wrap's functions have the guarded close as upvalue
 * 3 and their coroutine as upvalue 4. Like behave_guard, they refuse to start or return once
 * the run is terminated. In C rather than Lua because this runs on every resume: a Lua
 * version (three vararg calls and the guard) made coroutine ping-pong 3.4x slower than the
 * stock interpreter, and calling the library's resume from here cost a third more again.
 * `wrap` (the context) is 1 for wrap's functions: results without the flag, and errors
 * raised where the function was called. resume's stack starts with the coroutine, then the
 * flag; wrap's starts with the flag. */
static inline int behave_passup_finish(lua_State *L, int status, lua_KContext wrap);

/* The coroutine being resumed: resume's first argument, or a wrap function's upvalue. */
static inline lua_State *behave_passup_thread(lua_State *L, lua_KContext wrap) {
    return lua_tothread(L, wrap ? lua_upvalueindex(4) : 1);
}

/* The slots below the resume's arguments, and later below its flag: the coroutine for
 * resume, nothing for wrap's functions. */
static inline int behave_passup_base(lua_KContext wrap) { return wrap ? 0 : 1; }

/* What the library's resume does, in place: the arguments above `base` become ok, results...
 * (or false, error). */
static inline void behave_resume(lua_State *L, lua_State *co, int base) {
    int narg = lua_gettop(L) - base, nres = 0;
    if (!lua_checkstack(co, narg)) {
        lua_settop(L, base);
        lua_pushboolean(L, 0);
        lua_pushliteral(L, "too many arguments to resume");
        return;
    }
    lua_xmove(L, co, narg);
    int status = lua_resume(co, L, narg, &nres);
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 2)) {
            lua_pop(co, nres);
            lua_pushboolean(L, 0);
            lua_pushliteral(L, "too many results to resume");
            return;
        }
        lua_pushboolean(L, 1);
        lua_xmove(co, L, nres);
    } else {
        /* co may be L itself (a coroutine resuming itself): the message is already on top. */
        lua_xmove(co, L, 1);
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
    }
}

static inline int behave_passup_call(lua_State *L, lua_KContext wrap) {
    if (behave_control_of(L)->terminated) return behave_raise_termination(L);
    lua_State *co = behave_passup_thread(L, wrap);
    if (co != NULL) {
        behave_resume(L, co, behave_passup_base(wrap));
        return behave_passup_finish(L, LUA_OK, wrap);
    }
    /* resume(x) where x is no coroutine: left to the library's resume, which raises its error
     * word for word (only resume gets here: a wrap function's coroutine is always one). */
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* The resumer answered the passed-up request: its values resume the coroutine. */
static inline int behave_passup_resumed(lua_State *L, int status, lua_KContext wrap) {
    (void)status;
    lua_remove(L, behave_passup_base(wrap) + 1); /* the flag; [co,] answers... */
    return behave_passup_call(L, wrap);
}

static inline int behave_passup_finish(lua_State *L, int status, lua_KContext wrap) {
    (void)status;
    if (behave_control_of(L)->terminated) return behave_raise_termination(L);
    int flag = behave_passup_base(wrap) + 1;
    int ok = lua_toboolean(L, flag);
    /* A request is a table (the sentinel) first: plain values skip the other checks. */
    if (ok && lua_type(L, flag + 1) == LUA_TTABLE && lua_rawequal(L, flag + 1, lua_upvalueindex(1))) {
        lua_State *co = behave_passup_thread(L, wrap);
        if (co != NULL && lua_status(co) == LUA_YIELD)
            return lua_yieldk(L, lua_gettop(L) - flag, wrap, behave_passup_resumed);
    }
    if (!wrap) return lua_gettop(L) - 1; /* ok, results... */
    if (ok) return lua_gettop(L) - 1;     /* results... (without the flag) */
    lua_settop(L, 2); /* false, error */
    lua_pushvalue(L, lua_upvalueindex(3));
    lua_pushvalue(L, lua_upvalueindex(4));
    lua_call(L, 1, 0);
    if (lua_type(L, 2) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, 2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

static inline int behave_passing_resume(lua_State *L) { return behave_passup_call(L, 0); }

static inline int behave_wrapped_call(lua_State *L) { return behave_passup_call(L, 1); }

/* wrap(fn): a new coroutine, and the function that resumes it (upvalue 4: the coroutine). */
static inline int behave_passing_wrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, lua_upvalueindex(3));
    lua_rotate(L, -4, -1); /* sentinel, resume, close, co */
    lua_pushcclosure(L, behave_wrapped_call, 4);
    return 1;
}

/* passing(sentinel, resume, close) -> the script's coroutine.resume and coroutine.wrap
 * (resume never raises a wrapped error, so it does without close). */
static inline int behave_passing_coroutines(lua_State *L) {
    lua_settop(L, 3);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, behave_passing_resume, 2);
    lua_insert(L, 1);
    lua_pushcclosure(L, behave_passing_wrap, 3);
    return 2;
}

static inline lua_CFunction behave_passing_coroutines_function(void) { return behave_passing_coroutines; }

/* ------------------------------------------------------------------------ */
/* Async actions: Lua → C → Swift (starts the work) → C yields to the host   */
/* ------------------------------------------------------------------------ */

/* Resumed by the host's scheduler with (true, results...) or (false, error). Level 1 is
 * the script's call, so a failure reads `file.lua:12: ...` like any action's error. */
static inline int behave_async_resumed(lua_State *L, int status, lua_KContext base) {
    (void)status;
    behave_control *c = behave_control_of(L);
    if (c->terminated) return behave_raise_termination(L);
    int flag = (int)base + 1;
    if (lua_toboolean(L, flag)) return lua_gettop(L) - flag;
    lua_settop(L, flag + 1);
    if (luaL_testudata(L, -1, "behave.error")) {
        luaL_where(L, 1);
        lua_setiuservalue(L, -2, 1);
    } else if (lua_type(L, -1) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

/* Like behave_trampoline, but Swift's results are the request the task yields to the
 * host's scheduler (the sentinel, "action", id). The work runs while the task is suspended. */
static inline int behave_async_trampoline(lua_State *L) {
    int n = behave_trampoline(L);
    int base = lua_gettop(L) - n;
    return lua_yieldk(L, n, (lua_KContext)base, behave_async_resumed);
}

static inline lua_CFunction behave_async_trampoline_function(void) { return behave_async_trampoline; }

#endif /* BEHAVE_SHIM_H */
