/*
 * readings.c — what `os.time()`, `os.clock()` and `os.date()` read: the system's clock, handed
 * to the host as it is read. The host keeps each reading in the run's recording, and in a replay
 * answers with the recorded one instead, so a behaviour that reads the clock runs again exactly
 * (docs/recording.md). Reading no clock (`os.time(table)`, `os.date(format, time)`) stays the
 * stock library's.
 *
 * The stock functions run in the wrapper's own frame (their C function called directly, not
 * through lua_call): an error they raise then names the function and the script's line as the
 * stock library's errors do.
 */
#include "CBehaveRuntime.h"

/* The stock function in upvalue 1, run on this frame's stack. */
static int behave_reading_stock(lua_State *L) { return lua_tocfunction(L, lua_upvalueindex(1))(L); }

/* os.clock(), and os.time() with no date: upvalue 1 is the stock function, 2 host.reading, 3 the
 * reading's kind ("time" or "clock"). */
static int behave_reading(lua_State *L) {
    lua_settop(L, 0);
    luaL_checkstack(L, 4, "clock");
    behave_reading_stock(L);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, lua_upvalueindex(3));
    lua_pushvalue(L, 1);
    lua_call(L, 2, 1);
    return 1;
}

/* os.time(table) converts a date and reads no clock. */
static int behave_reading_time(lua_State *L) {
    return lua_isnoneornil(L, 1) ? behave_reading(L) : behave_reading_stock(L);
}

/* os.date(format, time): without a time, the one os.time() reads. Upvalue 1 is the stock
 * function, 2 the os.time above. */
static int behave_reading_date(lua_State *L) {
    lua_settop(L, 2);
    if (lua_isnil(L, 2)) {
        luaL_checkstack(L, 2, "date");
        lua_pushvalue(L, lua_upvalueindex(2));
        lua_call(L, 0, 1);
        lua_replace(L, 2);
    }
    return behave_reading_stock(L);
}

/* Replaces os[kind] (the stock function, at the top) by `read` over it, host.reading and kind. */
static void behave_readings_wrap(lua_State *L, int os, int reading, const char *kind, lua_CFunction read) {
    lua_getfield(L, os, kind);
    if (lua_tocfunction(L, -1) == NULL) luaL_error(L, "os.%s is not the stock library's", kind);
    lua_pushvalue(L, reading);
    lua_pushstring(L, kind);
    lua_pushcclosure(L, read, 3);
}

int behave_readings_install(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_settop(L, 2);
    luaL_checkstack(L, 8, "readings");
    behave_readings_wrap(L, 1, 2, "clock", behave_reading);
    lua_setfield(L, 1, "clock");
    behave_readings_wrap(L, 1, 2, "time", behave_reading_time);
    lua_getfield(L, 1, "date");
    if (lua_tocfunction(L, -1) == NULL) return luaL_error(L, "os.date is not the stock library's");
    /* date's upvalue 2 is the wrapped time: a date without a time is a reading of it. */
    lua_pushvalue(L, -2);
    lua_pushcclosure(L, behave_reading_date, 2);
    lua_setfield(L, 1, "date");
    lua_setfield(L, 1, "time");
    return 0;
}
