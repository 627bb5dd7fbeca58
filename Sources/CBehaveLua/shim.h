/*
 * shim.h — Lua 5.4's function-like macros, as inline functions Swift can call, and the
 * conversions Swift reads arguments with, returned by value. Each is Lua's own, under the
 * prefix luashim_, so that it never reads as Behave's code.
 *
 * Nothing else belongs here: a system library target cannot hold .c files, so Behave's own
 * C (the trampolines and the sandbox, which raise Lua errors so that Swift never does) is
 * the CBehave target.
 */
#ifndef LUASHIM_H
#define LUASHIM_H

#include "lua-headers.h"

/* lua_ident is an array of unknown size, which Swift does not import. */
static inline const char *luashim_lua_ident(void) { return lua_ident; }
static inline int luashim_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline void luashim_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void luashim_newtable(lua_State *L) { lua_newtable(L); }
static inline void luashim_insert(lua_State *L, int i) { lua_insert(L, i); }
static inline void luashim_remove(lua_State *L, int i) { lua_remove(L, i); }
static inline int luashim_isnoneornil(lua_State *L, int i) { return lua_isnoneornil(L, i); }
static inline int luashim_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    return lua_pcall(L, nargs, nresults, msgh);
}

/* Reads that return their two results by value: a Swift caller that passed the address of
 * its own flag or length would pay a stack-protector check on every call. Each defines the
 * struct NAME { FIRST_TYPE FIRST; SECOND_TYPE SECOND; } and READER(L, index), which fills
 * SECOND through LUA_READ's out-parameter. */
#define LUASHIM_READ_BY_VALUE(NAME, READER, FIRST_TYPE, FIRST, SECOND_TYPE, SECOND, LUA_READ)      \
    typedef struct NAME {                                                                         \
        FIRST_TYPE FIRST;                                                                         \
        SECOND_TYPE SECOND;                                                                       \
    } NAME;                                                                                       \
    static inline NAME READER(lua_State *L, int index) {                                          \
        NAME result;                                                                              \
        result.FIRST = LUA_READ(L, index, &result.SECOND);                                        \
        return result;                                                                            \
    }

/* As luaL_checkinteger reads it (an integer, a float with an integral value, or a string of
 * one), and whether it was one. */
LUASHIM_READ_BY_VALUE(luashim_integer, luashim_tointeger, lua_Integer, value, int, converted, lua_tointegerx)
/* As luaL_checknumber reads it, and whether it was one. */
LUASHIM_READ_BY_VALUE(luashim_number, luashim_tonumber, lua_Number, value, int, converted, lua_tonumberx)
/* The bytes of the string at `index` (converting a number in place, as lua_tolstring does) and
 * their length; chars is NULL for any other value. */
LUASHIM_READ_BY_VALUE(luashim_lstring, luashim_tolstring, const char *, chars, size_t, length, lua_tolstring)

#endif /* LUASHIM_H */
