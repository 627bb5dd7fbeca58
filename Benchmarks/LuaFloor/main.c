/*
 * lua-floor — the floor under `behave run --instruction-limit`: a bare C process that runs a
 * Lua file with the stock libraries, as lua5.4 does, optionally with an empty count hook.
 * Usage: lua-floor [--hook N] FILE
 */
#include "../../Sources/CBehaveLua/lua-headers.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void lua_floor_empty_hook(lua_State *L, lua_Debug *ar) {
    (void)L;
    (void)ar;
}

int main(int argc, char **argv) {
    int interval = 0, first = 1;
    if (argc > 3 && strcmp(argv[1], "--hook") == 0) {
        interval = atoi(argv[2]);
        first = 3;
    }
    if (first >= argc) {
        fprintf(stderr, "usage: lua-floor [--hook N] FILE\n");
        return 64;
    }
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    if (interval > 0) lua_sethook(L, lua_floor_empty_hook, LUA_MASKCOUNT, interval);
    int status = luaL_dofile(L, argv[first]);
    if (status != LUA_OK) fprintf(stderr, "lua-floor: %s\n", lua_tostring(L, -1));
    lua_close(L);
    return status == LUA_OK ? 0 : 1;
}
