/*
 * stdlibs.c — the libraries a behaviour's state opens: the stock set in trusted mode, the
 * sandbox's subset of it otherwise, and in both the bridge's `string` and `table` that stop as
 * they go. Uses only the official API and the bridge; the host calls it once per state.
 */
#include "CBehaveRuntime.h"

/* The sandbox's libraries: what is left of each is the sandbox's choice (sandbox.c). */
static const luaL_Reg sandbox_libraries[] = {
    {LUA_GNAME, luaopen_base},     {LUA_COLIBNAME, luaopen_coroutine}, {LUA_TABLIBNAME, luaopen_table},
    {LUA_STRLIBNAME, luaopen_string}, {LUA_MATHLIBNAME, luaopen_math}, {LUA_UTF8LIBNAME, luaopen_utf8},
    {LUA_OSLIBNAME, luaopen_os},   {NULL, NULL},
};

static int open_libraries(lua_State *L) {
    if (lua_toboolean(L, 1)) {
        luaL_openlibs(L);
        behave_stock_warnings(L);
    } else {
        for (const luaL_Reg *library = sandbox_libraries; library->func; library++) {
            luaL_requiref(L, library->name, library->func, 1);
            lua_pop(L, 1);
        }
    }
    /* Both modes: no library call may outrun the limits or Ctrl-C (libraries.c, patterns.c of
     * the bridge). */
    lua_getglobal(L, LUA_STRLIBNAME);
    lua_getglobal(L, LUA_TABLIBNAME);
    behave_bound_libraries(L, -2, -1);
    lua_pop(L, 2);
    return 0;
}

int behave_runtime_open_libraries(lua_State *L, int trusted) {
    if (!lua_checkstack(L, 2)) return BEHAVE_RUNTIME_NO_ROOM;
    lua_pushcfunction(L, open_libraries);
    lua_pushboolean(L, trusted);
    return lua_pcall(L, 1, 0, 0);
}
