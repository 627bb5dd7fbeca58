/*
 * records.c — the runtime's records and the tables that hold them: the checks every helper makes
 * of its arguments, the fields of timer, handler and waiter records, and the lazily made tables
 * of the runtime's user values. The lowest file of the runtime: it calls only the bridge and
 * Lua's API, and the others call it.
 */
#include "runtime.h"
#include <math.h>

double behave_rt_seconds(lua_State *L, int arg, const char *fname, int positive) {
    return behave_rt_seconds_named(L, arg, fname, positive, "argument #1");
}

/* `what` names where the value came from in the message: "argument #1", or the field of a table
 * argument, as the script wrote it. */
double behave_rt_seconds_named(lua_State *L, int arg, const char *fname, int positive, const char *what) {
    int type = lua_type(L, arg);
    if (type == LUA_TNONE || type == LUA_TNIL) {
        if (!positive) return 0;
    } else if (type == LUA_TNUMBER) {
        double value = lua_tonumber(L, arg);
        if (!(value != value || value < 0 || value == HUGE_VAL || (positive && value == 0))) return value;
    }
    const char *got = type == LUA_TNUMBER ? luaL_tolstring(L, arg, NULL) : behave_typename(L, arg);
    luaL_error(L, "bad %s to '%s' (%s number of seconds expected, got %s)", what, fname,
               positive ? "positive" : "non-negative", got);
    return 0;
}

void behave_rt_must_wait(lua_State *L, const char *fname) {
    if (!lua_isyieldable(L))
        luaL_error(L, "%s cannot wait here: not in a behaviour task (inside a metamethod, an iterator, a sort "
                      "comparator or a string.gsub callback?)", fname);
}

void behave_rt_callable(lua_State *L, int arg, const char *fname) {
    if (lua_type(L, arg) != LUA_TFUNCTION)
        luaL_error(L, "bad argument #%d to '%s' (function expected, got %s)", arg, fname, behave_typename(L, arg));
}

void behave_rt_event_name(lua_State *L, int arg, const char *fname) {
    if (lua_type(L, arg) != LUA_TSTRING)
        luaL_error(L, "bad argument #1 to '%s' (event name expected, got %s)", fname, behave_typename(L, arg));
}

int behave_rt_flag(lua_State *L, int record, int field) {
    lua_rawgeti(L, record, field);
    int on = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return on;
}

/* Sets field `field` of the record at `record` to the value at `value`. */
void behave_rt_put(lua_State *L, int record, int field, int value) {
    lua_pushvalue(L, value);
    lua_rawseti(L, record, field);
}

void behave_rt_set_flag(lua_State *L, int record, int field, int on) {
    lua_pushboolean(L, on);
    lua_rawseti(L, record, field);
}

/* Puts the record at `record` in the heap, due at `at`. */
void behave_rt_push_timer(lua_State *L, behave_runtime *rt, int record, double at) {
    behave_rt_get(L, WAITING);
    lua_pushvalue(L, record);
    behave_sched_push(L, rt, lua_gettop(L) - 1, at);
    lua_pop(L, 1);
}

/* Marks the record at `record` done; a timer (in the heap until it is done) counts as dead.
 * Returns whether it was not done already. */
int behave_rt_finish(lua_State *L, behave_runtime *rt, int record) {
    if (behave_rt_flag(L, record, R_DONE)) return 0;
    behave_rt_set_flag(L, record, R_DONE, 1);
    if (lua_rawgeti(L, record, R_KIND) != LUA_TNIL) {
        rt->dead++;
        behave_sched_compact(L, rt);
    }
    lua_pop(L, 1);
    return 1;
}

/* Removes the value at `value` from the list at `list` (its first occurrence); returns the list's
 * length after. */
static lua_Integer rt_remove(lua_State *L, int list, int value) {
    lua_Integer n = (lua_Integer)lua_rawlen(L, list);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, list, i);
        int found = lua_rawequal(L, -1, value);
        lua_pop(L, 1);
        if (!found) continue;
        for (lua_Integer j = i; j < n; j++) {
            lua_rawgeti(L, list, j + 1);
            lua_rawseti(L, list, j);
        }
        lua_pushnil(L);
        lua_rawseti(L, list, n);
        return n - 1;
    }
    return n;
}

void behave_rt_weak_keys(lua_State *L) {
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
}

void behave_rt_table(lua_State *L, int which) {
    if (behave_rt_get(L, which) == LUA_TTABLE) return;
    lua_pop(L, 1);
    if (which == RECORDS) behave_rt_weak_keys(L);
    else lua_newtable(L);
    lua_pushvalue(L, -1);
    behave_rt_set(L, which);
}

/* Pushes `table[key]` of the runtime's table `which`, or nil where either is absent: a read that
 * makes nothing. */
int behave_rt_lookup(lua_State *L, int which, int key) {
    if (behave_rt_get(L, which) != LUA_TTABLE) return LUA_TNIL;
    lua_pushvalue(L, key);
    int type = lua_rawget(L, -2);
    lua_remove(L, -2);
    return type;
}

/* Removes the value at `value` from the list `table[key]` of the runtime's table `which`, and the
 * list once it is empty. */
void behave_rt_unlist(lua_State *L, int which, int key, int value) {
    luaL_checkstack(L, 4, "runtime");
    if (behave_rt_lookup(L, which, key) == LUA_TTABLE && rt_remove(L, lua_gettop(L), value) == 0) {
        behave_rt_get(L, which);
        lua_pushvalue(L, key);
        lua_pushnil(L);
        lua_rawset(L, -3);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* Appends the value on top (popped) to the list `table[key]` (user value `table`, key at `key`),
 * made if there is none. */
void behave_rt_append(lua_State *L, int table, int key) {
    int value = lua_gettop(L);
    behave_rt_table(L, table);
    lua_pushvalue(L, key);
    if (lua_rawget(L, -2) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, key);
        lua_pushvalue(L, -2);
        lua_rawset(L, -4);
    }
    lua_pushvalue(L, value);
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
    lua_settop(L, value - 1);
}

/* Whether the coroutine at `index` is dead, as coroutine.status would say. */
int behave_rt_dead(lua_State *L, int index) {
    lua_State *co = lua_tothread(L, index);
    if (co == NULL) return 1;
    int status = lua_status(co);
    if (status == LUA_YIELD) return 0;
    if (status != LUA_OK) return 1;
    lua_Debug ar;
    if (lua_getstack(co, 0, &ar)) return 0;
    return lua_gettop(co) == 0;
}

/* Sets the functions of `functions` into the table at `table`, each a closure over the runtime at
 * `at`. */
void behave_rt_set_closures(lua_State *L, int table, const luaL_Reg *functions, int at) {
    lua_pushvalue(L, table);
    lua_pushvalue(L, at);
    luaL_setfuncs(L, functions, 1);
    lua_pop(L, 1);
}
