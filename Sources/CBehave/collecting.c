/*
 * collecting.c — a call that builds a large result in a lauxlib buffer, made once more after a
 * full collection when the buffer's growth was refused.
 *
 * lauxlib grows a buffer through the allocator directly, so a refusal there gets none of the
 * emergency collection Lua gives its own blocks (allocator.c): it is an error at once, even when
 * the state's live data leaves room. A builder that hands the script nothing until it returns
 * can be called again: when a growth was refused and Lua did not ask again (the refusal is
 * still marked), the call is made again after a full collection, which is safe here, between
 * two calls; a refusal in that second call is the memory limit.
 */
#include "internal.h"

void behave_call_collecting(lua_State *L, int n, int results) {
    behave_control *c = behave_control_of(L);
    int function = lua_gettop(L) - n;
    if (c->limit > 0) {
        luaL_checkstack(L, n + 1, NULL);
        for (int i = 0; i <= n; i++) lua_pushvalue(L, function + i);
        if (lua_pcall(L, n, results, 0) == LUA_OK) {
            lua_rotate(L, function, -(n + 1));
            lua_settop(L, function + results - 1);
            return;
        }
        if (!c->refused || c->terminated) lua_error(L);
        c->refused = 0;
        lua_pop(L, 1);
        lua_gc(L, LUA_GCCOLLECT);
    }
    lua_call(L, n, results);
}
