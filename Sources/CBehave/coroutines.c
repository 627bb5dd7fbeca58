/*
 * coroutines.c — a script's own coroutines pass the host's requests up, so `wait` works inside
 * them. Guarded like guards.c: they refuse to start or return once the run is terminated.
 */
#include "CBehaveInternal.h"

/* coroutine.resume and the functions coroutine.wrap makes: when the coroutine yields a
 * request to the host (marked in the control block by behave_yield_request), the request is
 * yielded on to this coroutine's resumer, and what comes back resumes the coroutine again, so
 * `wait` works inside a script's coroutines. Upvalue 1 is the library's resume (only for its
 * error when resume's argument is no coroutine); wrap's functions have the guarded close as
 * upvalue 2 and their coroutine as upvalue 3. Like behave_guard, they refuse to start or
 * return once the run is terminated. In C rather than Lua because this runs on every resume,
 * and a Lua version (three vararg calls and the guard) or a call of the library's resume from
 * here costs a coroutine switch much of its speed (docs/performance.md, "Scheduler").
 * `wrap` (the context) is 1 for wrap's functions: results without a flag, and errors raised
 * where the function was called. resume's stack starts with the coroutine; wrap's with the
 * arguments. A wrap function that only switches coroutines does what the library's does, plus
 * a few reads and writes of the control block: coroutine ping-pong is the benchmark that
 * watches it. A request is told by the mark, not by its first value, because reading a value's
 * type is an API call on every switch. */

/* The coroutine being resumed: resume's first argument, or a wrap function's upvalue. */
static lua_State *behave_passup_thread(lua_State *L, lua_KContext wrap) {
    return lua_tothread(L, wrap ? lua_upvalueindex(3) : 1);
}

/* The slots below the resume's arguments: the coroutine for resume, nothing for wrap's
 * functions. */
static int behave_passup_base(lua_KContext wrap) { return wrap ? 0 : 1; }

/* Keeps the traceback of the coroutine a termination stopped, unless an inner one's is kept
 * already: the host reports where the script was from it. Allocates past the memory cap if it
 * must (a few hundred bytes), since the cap is what may have stopped the run. */
void behave_record_stop(lua_State *L, lua_State *co) {
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

static int behave_passup_resumed(lua_State *L, int status, lua_KContext wrap);

int behave_yield_request(lua_State *L, behave_control *c, int n, lua_KContext context, lua_KFunction k) {
    /* Marked only where the yield cannot fail, so that a caught "attempt to yield across a
     * C-call boundary" leaves no stale mark behind. */
    if (lua_isyieldable(L)) c->request = L;
    return lua_yieldk(L, n, context, k);
}

/* request(HOST, kind, ...): what the runtime yields to ask the host for something. */
static int behave_request(lua_State *L) { return behave_yield_request(L, behave_control_of(L), lua_gettop(L), 0, NULL); }

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
        lua_call(L, behave_push_wrapped(L, 1), LUA_MULTRET);
        return lua_gettop(L);
    }
    int base = behave_passup_base(wrap), top;
    int ok = behave_resume_values(L, c, co, base, &top);
    if (c->terminated) return behave_raise_termination(L);
    /* co's yield was a request when co marked it so just before yielding (the mark was
     * cleared before this resume). It is yielded on, marked again; the resumer's answers come
     * back to behave_passup_resumed above `base`. */
    if (c->request == co && ok) return behave_yield_request(L, c, top - base, wrap, behave_passup_resumed);
    if (!wrap) { /* true, results... or false, error */
        lua_pushboolean(L, ok);
        lua_insert(L, base + 1);
        return top + 1 - base;
    }
    if (ok) return top;
    /* A wrap function raises the error where it was called, after closing the coroutine when
     * the error was its own: one that could not be resumed at all (it is running, or normal)
     * stays as it is, and so does the error, as the library's wrap does. Closing runs the
     * coroutine's pending __close handlers, and an error one of them raises replaces the
     * coroutine's (close answers false and the error that is left). */
    lua_settop(L, 1);
    int status = lua_status(co);
    if (status != LUA_OK && status != LUA_YIELD) {
        lua_pushvalue(L, lua_upvalueindex(2));
        lua_pushvalue(L, lua_upvalueindex(3));
        lua_call(L, 1, 2);
        if (!lua_toboolean(L, 2)) lua_replace(L, 1);
        lua_settop(L, 1);
    }
    if (status != LUA_ERRMEM && lua_type(L, 1) == LUA_TSTRING) {
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

/* wrap(fn): a new coroutine, and the function that resumes it (upvalue 3: the coroutine). */
static int behave_passing_wrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_rotate(L, -3, -1); /* resume, close, co */
    lua_pushcclosure(L, behave_wrapped_call, 3);
    return 1;
}

/* passing(resume, close) -> the script's coroutine.resume and coroutine.wrap, and the
 * runtime's request (resume never raises a wrapped error, so it does without close). */
int behave_passing_coroutines(lua_State *L) {
    lua_settop(L, 2);
    lua_pushvalue(L, 1);
    lua_pushcclosure(L, behave_passing_resume, 1);
    lua_insert(L, 1);
    lua_pushcclosure(L, behave_passing_wrap, 2);
    lua_pushcfunction(L, behave_request);
    return 3;
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

int behave_halt(lua_State *L) {
    behave_control *c = behave_control_of(L);
    if (c->terminated == BEHAVE_RUNNING) c->terminated = BEHAVE_STOPPED;
    /* A pcall that does not refuse (the stock one, in trusted mode) is left at its next
     * instruction: the stop hook, even where a count hook polls (it would let up to its interval
     * of instructions run first). The run is ending, so the count it replaces no longer matters. */
    behave_arm_stop_hook(L);
    return behave_raise_termination(L);
}
