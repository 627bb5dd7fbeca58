/*
 * coroutines.c — a script's own coroutines pass the host's requests up, so `wait` works inside
 * them. Guarded like guards.c: they refuse to start or return once the run is terminated.
 */
#include "internal.h"

/* coroutine.resume and the functions coroutine.wrap makes: when the coroutine yields a
 * request to the host (first value: the sentinel, upvalue 1), the request is yielded on to
 * this coroutine's resumer, and what comes back resumes the coroutine again, so `wait`
 * works inside a script's coroutines. Upvalue 2 is the library's resume (only for its error
 * when resume's argument is no coroutine); wrap's functions have the guarded close as upvalue
 * 3 and their coroutine as upvalue 4. Like behave_guard, they refuse to start or return once
 * the run is terminated. In C rather than Lua because this runs on every resume: a Lua
 * version (three vararg calls and the guard) made coroutine ping-pong 3.4x slower than the
 * stock interpreter, and calling the library's resume from here cost a third more again.
 * `wrap` (the context) is 1 for wrap's functions: results without a flag, and errors raised
 * where the function was called. resume's stack starts with the coroutine; wrap's with the
 * arguments. A wrap function that only switches coroutines does what the library's does, plus
 * one read of the control block: coroutine ping-pong is the benchmark that watches it. */

/* The coroutine being resumed: resume's first argument, or a wrap function's upvalue. */
static lua_State *behave_passup_thread(lua_State *L, lua_KContext wrap) {
    return lua_tothread(L, wrap ? lua_upvalueindex(4) : 1);
}

/* The slots below the resume's arguments: the coroutine for resume, nothing for wrap's
 * functions. */
static int behave_passup_base(lua_KContext wrap) { return wrap ? 0 : 1; }

/* Keeps the traceback of the coroutine a termination stopped, unless an inner one's is kept
 * already: the host reports where the script was from it. Allocates past the memory cap if it
 * must (a few hundred bytes), since the cap is what may have stopped the run. */
static void behave_record_stop(lua_State *L, lua_State *co) {
    behave_control *c = behave_control_of(L);
    int enforcing = c->enforcing;
    c->enforcing = 0; /* growing the stack or the traceback must not be refused now */
    if (lua_checkstack(L, 2)) {
        if (lua_getfield(L, LUA_REGISTRYINDEX, BEHAVE_REGISTRY_STOPPED_AT) == LUA_TNIL) {
            luaL_traceback(L, co, NULL, 0);
            lua_setfield(L, LUA_REGISTRYINDEX, BEHAVE_REGISTRY_STOPPED_AT);
        }
        lua_pop(L, 1);
    }
    c->enforcing = enforcing;
}

/* Resumes co with the values above `base`. Returns 1 with co's results above `base`, or 0
 * with the error value there; `*top` is then the top of L. Inlined: every switch of a
 * script's coroutines runs it. */
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
    if (c->terminated) behave_record_stop(L, co);
    /* co may be L itself (a coroutine resuming itself): the message is already on top. */
    lua_xmove(co, L, 1);
    *top = lua_gettop(L);
    return 0;
}

static int behave_passup_resumed(lua_State *L, int status, lua_KContext wrap);

/* Inlined into its two entry points, each with `wrap` a constant. */
static inline __attribute__((always_inline)) int behave_passup_call(lua_State *L, lua_KContext wrap) {
    behave_control *c = behave_control_of(L);
    if (c->terminated) return behave_raise_termination(L);
    behave_check_c_stack_of(c, L);
    lua_State *co = behave_passup_thread(L, wrap);
    if (co == NULL) {
        /* resume(x) where x is no coroutine: left to the library's resume, which raises its
         * error word for word (only resume gets here: a wrap function's coroutine is always
         * one). */
        lua_call(L, behave_push_wrapped(L, 2), LUA_MULTRET);
        return lua_gettop(L);
    }
    int base = behave_passup_base(wrap), top;
    int ok = behave_resume_values(L, c, co, base, &top);
    if (c->terminated) return behave_raise_termination(L);
    /* A request is a table (the sentinel) first: plain values skip the other checks. It is
     * yielded on; the resumer's answers come back to behave_passup_resumed above `base`. */
    if (ok && top > base && lua_type(L, base + 1) == LUA_TTABLE &&
        lua_rawequal(L, base + 1, lua_upvalueindex(1)) && lua_status(co) == LUA_YIELD)
        return lua_yieldk(L, top - base, wrap, behave_passup_resumed);
    if (!wrap) { /* true, results... or false, error */
        lua_pushboolean(L, ok);
        lua_insert(L, base + 1);
        return top + 1 - base;
    }
    if (ok) return top;
    /* A wrap function raises the error where it was called, after closing the coroutine. */
    lua_settop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(3));
    lua_pushvalue(L, lua_upvalueindex(4));
    lua_call(L, 1, 0);
    if (lua_type(L, 1) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, 1);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

static int behave_passing_resume(lua_State *L) { return behave_passup_call(L, 0); }

static int behave_wrapped_call(lua_State *L) { return behave_passup_call(L, 1); }

/* The resumer answered the passed-up request: its values resume the coroutine. */
static int behave_passup_resumed(lua_State *L, int status, lua_KContext wrap) {
    (void)status;
    return wrap ? behave_wrapped_call(L) : behave_passing_resume(L);
}

/* wrap(fn): a new coroutine, and the function that resumes it (upvalue 4: the coroutine). */
static int behave_passing_wrap(lua_State *L) {
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
int behave_passing_coroutines(lua_State *L) {
    lua_settop(L, 3);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, behave_passing_resume, 2);
    lua_insert(L, 1);
    lua_pushcclosure(L, behave_passing_wrap, 3);
    return 2;
}

int behave_resume_task(lua_State *L) {
    behave_control *c = behave_control_of(L);
    if (c->terminated) return behave_raise_termination(L);
    luaL_argexpected(L, lua_tothread(L, 1) != NULL, 1, "coroutine");
    int top;
    int ok = behave_resume_values(L, c, lua_tothread(L, 1), 1, &top);
    if (c->terminated) return behave_raise_termination(L);
    lua_pushboolean(L, ok); /* as the library's resume: ok, results... or false, error */
    lua_insert(L, 2);
    return top;
}

int behave_close(lua_State *L) {
    behave_control *c = behave_control_of(L);
    if (c->terminated) return behave_raise_termination(L);
    behave_check_c_stack(L);
    lua_State *co = lua_tothread(L, 1);
    int n = behave_push_wrapped(L, 1);
    /* The library's close runs co's pending __close handlers on co itself. */
    lua_State *previous = c->running;
    if (co != NULL && co != L) {
        c->running = co;
        if (behave_preempt_pending(c)) behave_arm_hook(c, co);
    }
    int status = lua_pcall(L, n, LUA_MULTRET, 0);
    c->running = previous;
    if (c->terminated) return behave_raise_termination(L);
    if (status != LUA_OK) return lua_error(L);
    return lua_gettop(L);
}
