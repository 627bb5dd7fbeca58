/*
 * shim.h — Lua 5.4's function-like macros, as inline functions Swift can call.
 *
 * Nothing else belongs here: a system library target cannot hold .c files, so Behave's own
 * C (the trampolines and the sandbox, which raise Lua errors so that Swift never does) is
 * the CBehave target.
 */
#ifndef BEHAVE_SHIM_H
#define BEHAVE_SHIM_H

#include "lua-headers.h"

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

#endif /* BEHAVE_SHIM_H */
