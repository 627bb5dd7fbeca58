/*
 * readings.c — what `os.time()`, `os.clock()` and `os.date()` read: the system's clock, handed
 * to the host as it is read. The host keeps each reading in the run's recording, and in a replay
 * answers with the recorded one instead, so a behaviour that reads the clock runs again exactly
 * (docs/recording.md). Reading no clock (`os.time(table)`, `os.date(format, time)`) stays the
 * stock library's.
 */
#include "CBehaveRuntime.h"

/* os.clock(), and os.time() with no date: upvalue 1 is the stock function, 2 host.reading, 3 the
 * reading's kind ("time" or "clock"). */
static int behave_reading(lua_State *L) {
    luaL_checkstack(L, 4, "clock");
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, lua_upvalueindex(3));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_call(L, 0, 1);
    lua_call(L, 2, 1);
    return 1;
}

/* os.time(table) converts a date and reads no clock. */
static int behave_reading_time(lua_State *L) {
    if (lua_isnoneornil(L, 1)) return behave_reading(L);
    /* Checked here so that the error names this function, as the stock one's would. */
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkstack(L, 2, "time");
    lua_settop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 1, 1);
    return 1;
}

/* os.date(format, time): without a time, the one os.time() reads. Upvalue 1 is the stock
 * function, 2 the os.time above. */
static int behave_reading_date(lua_State *L) {
    luaL_checkstack(L, 4, "date");
    luaL_optstring(L, 1, NULL);
    if (!lua_isnoneornil(L, 2)) luaL_checkinteger(L, 2);
    lua_settop(L, 2);
    if (lua_isnil(L, 2)) {
        lua_pushvalue(L, lua_upvalueindex(2));
        lua_call(L, 0, 1);
        lua_replace(L, 2);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 2, 1);
    return 1;
}

/* The os table's `kind` (time or clock) through host.reading, at the stack's top. */
static void behave_readings_wrap(lua_State *L, int os, int reading, const char *kind, lua_CFunction read) {
    lua_getfield(L, os, kind);
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
    lua_pushvalue(L, -2);
    lua_pushcclosure(L, behave_reading_date, 2);
    lua_setfield(L, 1, "date");
    lua_setfield(L, 1, "time");
    return 0;
}
