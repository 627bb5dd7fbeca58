/*
 * guards.c — the sandbox's catch points (pcall, xpcall, coroutine.resume/close, load) refuse
 * to start and refuse to return once a run is terminated, so no catch point lets a script go
 * on after a limit fired.
 */
#include "CBehaveInternal.h"

void behave_c_stack_overflow(lua_State *L) {
    luaL_error(L, "C stack overflow (nested coroutines, closes or calls too deep)");
    __builtin_unreachable(); /* luaL_error never returns: it raises */
}

/* Continuation shared by the guarded functions: after the callee returns (or catches an
 * error), a terminated run raises again. */
static int behave_guard_finish(lua_State *L, int status, lua_KContext base) {
    (void)status;
    behave_control *c = behave_control_of(L);
    if (c->refused) behave_settle_refusal(c);
    if (c->terminated) return behave_raise_termination(L);
    return lua_gettop(L) - (int)base;
}

int behave_guard(lua_State *L) {
    behave_control *c = behave_control_of(L);
    if (c->terminated) return behave_raise_termination(L);
    behave_check_c_stack(L);
    lua_callk(L, behave_push_wrapped(L, 1), LUA_MULTRET, 0, behave_guard_finish);
    return behave_guard_finish(L, LUA_OK, 0);
}

/* xpcall's message handler wrapper: after a termination (raised from the hook, where Lua
 * leaves hooks switched off) the user's handler does not run at all. */
static int behave_xpcall_handler(lua_State *L) {
    behave_control *c = behave_control_of(L);
    if (c->terminated) return 1;
    lua_call(L, behave_push_wrapped(L, 1), 1);
    return 1;
}

static int behave_xpcall_finish(lua_State *L, int status, lua_KContext extra) {
    behave_control *c = behave_control_of(L);
    if (c->refused) behave_settle_refusal(c);
    if (c->terminated) return behave_raise_termination(L);
    if (status != LUA_OK && status != LUA_YIELD) {
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

int behave_xpcall(lua_State *L) {
    behave_control *c = behave_control_of(L);
    if (c->terminated) return behave_raise_termination(L);
    behave_check_c_stack(L);
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
