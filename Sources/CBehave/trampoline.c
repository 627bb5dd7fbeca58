/*
 * trampoline.c — how Lua calls Swift. Swift never calls lua_error or luaL_check*: it returns a
 * status, and the code here raises the Lua error only after the Swift function has returned,
 * so a longjmp never crosses a Swift frame.
 */
#include "CBehaveInternal.h"
#include <stdlib.h>

/* Set once, before the first Swift function exists (behave_register_finish). */
static behave_finish_function swift_finish;

void behave_register_finish(behave_finish_function finish) {
    swift_finish = finish;
}

int behave_trampoline(lua_State *L) {
    return behave_call_swift(L, behave_control_of(L), -1);
}

__attribute__((noinline)) int behave_call_finish(lua_State *L, int slot, int n, void *error) {
    behave_control *c = behave_control_of(L);
    behave_swift_function *f = slot >= 0 ? c->slots[slot] : behave_upvalue_function(L);
    if (swift_finish == NULL) abort();
    n = swift_finish(L, f, n, error);
    c->enforcing++;
    return n < 0 ? behave_raise_status(L, n) : n;
}

int behave_raise_status(lua_State *L, int n) {
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

/* Resumed by the host's scheduler with (true, results...) or (false, error). Level 1 is
 * the script's call, so a failure reads `file.lua:12: ...` like any action's error. */
static int behave_async_resumed(lua_State *L, int status, lua_KContext base) {
    (void)status;
    behave_control *c = behave_control_of(L);
    if (c->terminated) return behave_raise_termination(L);
    int flag = (int)base + 1;
    if (lua_toboolean(L, flag)) return lua_gettop(L) - flag;
    lua_settop(L, flag + 1);
    if (luaL_testudata(L, -1, BEHAVE_ERROR_METATABLE)) {
        luaL_where(L, 1);
        lua_setiuservalue(L, -2, 1);
    } else if (lua_type(L, -1) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

/* The work runs while the task is suspended. */
int behave_async_trampoline(lua_State *L) {
    int n = behave_trampoline(L);
    int base = lua_gettop(L) - n;
    return behave_yield_request(L, behave_control_of(L), n, (lua_KContext)base, behave_async_resumed);
}

int behave_message_handler(lua_State *L) {
    /* The host decides from the control block: an error that follows a refusal Lua did not
     * retry is the memory limit. */
    behave_control *c = behave_control_of(L);
    if (c->refused) behave_settle_refusal(c);
    luaL_traceback(L, L, NULL, 1);
    lua_setfield(L, LUA_REGISTRYINDEX, BEHAVE_REGISTRY_TRACEBACK);
    return 1;
}

int behave_tostring(lua_State *L) {
    /* As lua.c's message handler: a `__tostring` that gives a string, or nothing, for which the
     * host says "(error object is a T value)". */
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) return 1;
    lua_pushnil(L);
    return 1;
}
