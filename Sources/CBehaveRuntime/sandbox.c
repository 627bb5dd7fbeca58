/*
 * sandbox.c — builds the environment behaviours run in, from the real globals and the host's
 * functions. What is present and absent, and why: docs/sandbox.md.
 *
 * In C, not Lua, for the reason runtime.c is: every host carries whatever it runs as Lua in its
 * own state, and C code is shared by all of them.
 */
#include "CBehaveInternal.h"
#include "CBehaveRuntime.h"
#include <string.h>

/* The base library, minus dofile/loadfile (files), load/pcall/xpcall/collectgarbage/setmetatable
 * (replaced below), print (the runtime's, in both modes) and warn (writes to the process's
 * stderr); and the libraries shared as they are. */
static const char *const behave_sandbox_shared[] = {
    "assert", "error",    "getmetatable", "ipairs", "next",  "pairs", "rawequal", "rawget", "rawlen", "rawset",
    "select", "tonumber", "tostring",     "type",   "_VERSION", "table", "math", "utf8", NULL};

/* What a script's environment keeps of os. */
static const char *const behave_sandbox_os[] = {"time", "clock", "date", "difftime", NULL};

/* What goes from the real globals too, since a script could reach them another way. */
static const char *const behave_sandbox_removed[] = {"dofile", "loadfile", "require", "package", "debug", "io",
                                                     NULL};

/* Whether `name` is one of `names`. */
static int behave_sandbox_listed(const char *name, const char *const *names) {
    for (; *names; names++)
        if (strcmp(name, *names) == 0) return 1;
    return 0;
}

/* Copies the fields `names` of the table at `from` into the table at `to`. */
static void behave_sandbox_copy(lua_State *L, int from, int to, const char *const *names) {
    for (; *names; names++) {
        lua_getfield(L, from, *names);
        lua_setfield(L, to, *names);
    }
}

static int behave_sandbox_setmetatable(lua_State *L) {
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, "__gc metamethods are not available in the sandbox (finalizers run where no "
                                 "limit applies)");
        lua_pop(L, 1);
        lua_pushliteral(L, "__call");
        int call = lua_rawget(L, 2);
        lua_pop(L, 1);
        if (call != LUA_TNIL && call != LUA_TFUNCTION)
            return luaL_error(L, "__call must be a function in the sandbox (a chain of callable tables loops "
                                 "where no limit reaches)");
    }
    /* Then as the base library's. */
    int type = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, type == LUA_TNIL || type == LUA_TTABLE, 2, "nil or table");
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL) return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

static int behave_sandbox_collectgarbage(lua_State *L) {
    int type = lua_type(L, 1);
    if (type == LUA_TSTRING && strcmp(lua_tostring(L, 1), "count") == 0) {
        lua_pushnumber(L, (lua_Number)lua_gc(L, LUA_GCCOUNT) + (lua_Number)lua_gc(L, LUA_GCCOUNTB) / 1024);
        return 1;
    }
    const char *option = type == LUA_TNONE || type == LUA_TNIL || (type == LUA_TBOOLEAN && !lua_toboolean(L, 1))
                             ? "collect"
                             : luaL_tolstring(L, 1, NULL);
    return luaL_error(L, "collectgarbage('%s') is not available in the sandbox; only 'count' is", option);
}

/* load(chunk, name, mode, env): text only; the environment is the behaviour's unless one is
 * given (even nil). Upvalue 1 is host.load, upvalue 2 the behaviour's environment. */
static int behave_sandbox_load(lua_State *L) {
    int given = lua_gettop(L) >= 4;
    int mode = lua_type(L, 3);
    if (mode != LUA_TNONE && mode != LUA_TNIL &&
        !(mode == LUA_TSTRING && (strcmp(lua_tostring(L, 3), "t") == 0 || strcmp(lua_tostring(L, 3), "bt") == 0))) {
        lua_pushnil(L);
        lua_pushliteral(L, "binary chunks are not available in the sandbox");
        return 2;
    }
    luaL_checkstack(L, 5, "load");
    lua_settop(L, 4);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_pushliteral(L, "t");
    lua_pushvalue(L, given ? 4 : lua_upvalueindex(2));
    lua_call(L, 4, LUA_MULTRET);
    return lua_gettop(L) - 4;
}

/* require(name): a module from the host's search path (host.findmodule), run once; upvalue 1 is
 * host.findmodule, 2 host.load, 3 the behaviour's environment, 4 the loaded modules (made at the
 * first require). */
static int behave_sandbox_required(lua_State *L, int status, lua_KContext context) {
    (void)status, (void)context;
    /* 1 name, 2 loaded, 3 path, 4 the chunk's result */
    lua_settop(L, 4);
    if (lua_isnil(L, 4)) {
        lua_pushboolean(L, 1);
        lua_replace(L, 4);
    }
    lua_pushvalue(L, 1);
    if (lua_rawget(L, 2) == LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_pushvalue(L, 4);
        lua_rawset(L, 2);
    }
    lua_pop(L, 1);
    lua_pushvalue(L, 1);
    lua_rawget(L, 2);
    lua_pushvalue(L, 3);
    return 2;
}

static int behave_sandbox_require(lua_State *L) {
    if (lua_type(L, 1) != LUA_TSTRING)
        return luaL_error(L, "bad argument #1 to 'require' (string expected, got %s)", behave_typename(L, 1));
    lua_settop(L, 1);
    luaL_checkstack(L, 8, "require");
    if (lua_type(L, lua_upvalueindex(4)) != LUA_TTABLE) {
        lua_newtable(L);
        lua_replace(L, lua_upvalueindex(4));
    }
    lua_pushvalue(L, lua_upvalueindex(4)); /* 2: loaded */
    lua_pushvalue(L, 1);
    if (lua_rawget(L, 2) != LUA_TNIL) return 1;
    lua_pop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_call(L, 1, 2); /* 3: source or nil, 4: path or message */
    if (lua_isnil(L, 3)) return luaL_error(L, "%s", luaL_tolstring(L, 4, NULL));
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, 3);
    lua_pushliteral(L, "@");
    lua_pushvalue(L, 4);
    lua_concat(L, 2);
    lua_pushliteral(L, "t");
    lua_pushvalue(L, lua_upvalueindex(3));
    lua_call(L, 4, 2); /* 5: chunk or nil, 6: message */
    if (lua_isnil(L, 5)) return luaL_error(L, "%s", luaL_tolstring(L, 6, NULL));
    lua_pop(L, 1);
    lua_replace(L, 3); /* 3: chunk, 4: path */
    lua_insert(L, 3);  /* 3: path, 4: chunk */
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 3);
    /* A module may wait as it loads: the call can yield. */
    lua_callk(L, 2, 1, 0, behave_sandbox_required);
    return behave_sandbox_required(L, LUA_OK, 0);
}

/* A module's view's __newindex: its metatable's [1] is the module's name. */
static int behave_sandbox_module_newindex(lua_State *L) {
    const char *name = "?";
    if (lua_getmetatable(L, 1)) {
        lua_rawgeti(L, -1, 1);
        if (lua_type(L, -1) == LUA_TSTRING) name = lua_tostring(L, -1);
    }
    return luaL_error(L, "module %s is read-only (cannot set '%s')", name, luaL_tolstring(L, 2, NULL));
}

/* Sets env.os to a copy of the allowed os functions, and takes every other one out of the real
 * os table (the stock library's functions reach it). */
static void behave_sandbox_os_view(lua_State *L, int g, int env) {
    lua_getfield(L, g, "os");
    int os = lua_gettop(L);
    lua_createtable(L, 0, 4);
    behave_sandbox_copy(L, os, os + 1, behave_sandbox_os);
    lua_setfield(L, env, "os");
    /* The real os keeps only the same four (next allows clearing the field it stands on). */
    lua_pushnil(L);
    while (lua_next(L, os)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING || !behave_sandbox_listed(lua_tostring(L, -1), behave_sandbox_os)) {
            lua_pushvalue(L, -1);
            lua_pushnil(L);
            lua_rawset(L, os);
        }
    }
}

/* Sets a read-only view of each of the host's module tables (the table at `modules`) into the
 * environment at `env`, under the module's name. */
static void behave_sandbox_modules(lua_State *L, int modules, int env) {
    lua_pushnil(L);
    while (lua_next(L, modules)) {
        lua_createtable(L, 0, 0);
        lua_createtable(L, 1, 3);
        lua_pushvalue(L, -4);
        lua_rawseti(L, -2, 1);
        lua_pushvalue(L, -3);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, behave_sandbox_module_newindex);
        lua_setfield(L, -2, "__newindex");
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "__metatable");
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -3);
        lua_insert(L, -2);
        lua_settable(L, env);
        lua_pop(L, 1);
    }
}

int behave_sandbox_new(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, 2, LUA_TTABLE);
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_settop(L, 3);
    luaL_checkstack(L, 12, "sandbox");
    enum { G = 1, HOST, MODULES, ENV };
    lua_createtable(L, 0, 48);
    behave_sandbox_copy(L, G, ENV, behave_sandbox_shared);
    /* Libraries are shared with the strings' metatable, so the dangerous entries go from the
     * real tables too: ("").dump must not reach string.dump. */
    lua_getfield(L, G, "string");
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    lua_setfield(L, ENV, "string");
    behave_sandbox_os_view(L, G, ENV);
    lua_settop(L, ENV);
    for (const char *const *name = behave_sandbox_removed; *name; name++) {
        lua_pushnil(L);
        lua_setfield(L, G, *name);
    }
    /* coroutine: a copy, with the guarded close; the runtime installs resume and wrap. */
    lua_newtable(L);
    lua_getfield(L, G, "coroutine");
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_settable(L, -5);
    }
    lua_pop(L, 1);
    lua_getfield(L, HOST, "close");
    lua_setfield(L, -2, "close");
    lua_setfield(L, ENV, "coroutine");
    lua_getfield(L, HOST, "pcall");
    lua_setfield(L, ENV, "pcall");
    lua_getfield(L, HOST, "xpcall");
    lua_setfield(L, ENV, "xpcall");
    /* The metatable of strings cannot be read or changed: getmetatable("") gives false. */
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);
    lua_pushcfunction(L, behave_sandbox_setmetatable);
    lua_setfield(L, ENV, "setmetatable");
    lua_pushcfunction(L, behave_sandbox_collectgarbage);
    lua_setfield(L, ENV, "collectgarbage");
    lua_getfield(L, HOST, "load");
    lua_pushvalue(L, ENV);
    lua_pushcclosure(L, behave_sandbox_load, 2);
    lua_setfield(L, ENV, "load");
    lua_getfield(L, HOST, "findmodule");
    lua_getfield(L, HOST, "load");
    lua_pushvalue(L, ENV);
    lua_pushnil(L);
    lua_pushcclosure(L, behave_sandbox_require, 4);
    lua_setfield(L, ENV, "require");
    behave_sandbox_modules(L, MODULES, ENV);
    lua_getfield(L, HOST, "has");
    lua_setfield(L, ENV, "has");
    lua_pushvalue(L, ENV);
    lua_setfield(L, ENV, "_G");
    return 1;
}
