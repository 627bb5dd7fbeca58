/*
 * context.c — the app's context as a script sees it: read-only views of its tables, all the way
 * down. A view is an empty table whose metatable reads through to the table; writes raise at the
 * script's line, and length and pairs answer as the table would.
 */
#include "runtime.h"

static int behave_context_newindex(lua_State *L) {
    return luaL_error(L, "context is read-only (cannot set '%s')", luaL_tolstring(L, 2, NULL));
}

static int behave_context_len(lua_State *L) {
    lua_pushinteger(L, (lua_Integer)lua_rawlen(L, lua_upvalueindex(1)));
    return 1;
}

/* The iterator __pairs gives: the table (upvalue 1) and the last key (upvalue 2) stay in the
 * closure, so the for loop's state value is never the writable table. */
static int behave_context_next(lua_State *L) {
    luaL_checkstack(L, 3, "context");
    lua_pushvalue(L, lua_upvalueindex(2));
    if (lua_next(L, lua_upvalueindex(1)) == 0) {
        lua_pushnil(L);
        lua_replace(L, lua_upvalueindex(2));
        lua_pushnil(L);
        lua_pushnil(L);
        return 2;
    }
    lua_pushvalue(L, -2);
    lua_replace(L, lua_upvalueindex(2));
    return 2;
}

static int behave_context_pairs(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushnil(L);
    lua_pushcclosure(L, behave_context_next, 2);
    return 1;
}

void behave_readonly(lua_State *L, int index) {
    behave_check_c_stack(L);
    luaL_checkstack(L, 8, "context");
    index = lua_absindex(L, index);
    /* Nested tables first: each value that is a table becomes its view. */
    lua_pushnil(L);
    while (lua_next(L, index)) {
        if (lua_type(L, -1) == LUA_TTABLE) {
            behave_readonly(L, -1);
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, index);
        } else {
            lua_pop(L, 1);
        }
    }
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 5);
    lua_pushvalue(L, index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, behave_context_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushvalue(L, index);
    lua_pushcclosure(L, behave_context_len, 1);
    lua_setfield(L, -2, "__len");
    lua_pushvalue(L, index);
    lua_pushcclosure(L, behave_context_pairs, 1);
    lua_setfield(L, -2, "__pairs");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    lua_replace(L, index);
}
