/*
 * timers.c — wait, after, every and now, the handles they return, and firing a timer that comes
 * due.
 * Calls records.c and the scheduler (scheduler.c); the driver and the step call it.
 */
#include "runtime.h"
#include <math.h>

/* every's shortest interval: a shorter one would add nothing a clock could tell apart (and a
 * tick too small to change the time would keep virtual time from advancing). */
#define BEHAVE_MIN_INTERVAL 0.001

/* ---- Handles: what after, every, on and once return. The record lives in the runtime, so a
 * timer keeps running when its handle is garbage. */

static void rt_handle_meta(lua_State *L);

/* Pushes a handle of the record at `record`, whose description is on top (popped). */
void behave_rt_handle(lua_State *L, int record) {
    lua_rawseti(L, record, R_WHAT);
    lua_createtable(L, 0, 0);
    rt_handle_meta(L);
    lua_setmetatable(L, -2);
    behave_rt_table(L, RECORDS);
    lua_pushvalue(L, -2);
    lua_pushvalue(L, record);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

/* Pushes the record of the handle at 1. */
static void rt_record_of(lua_State *L, const char *fname) {
    luaL_checkstack(L, 4, "runtime");
    behave_rt_table(L, RECORDS);
    lua_pushvalue(L, 1);
    int type = lua_rawget(L, -2);
    lua_remove(L, -2);
    if (type != LUA_TTABLE) luaL_error(L, "bad argument #1 to '%s' (handle expected)", fname);
}

static int rt_cancel(lua_State *L) {
    behave_runtime *rt = behave_runtime_of(L);
    lua_settop(L, 1);
    rt_record_of(L, "cancel");
    int was = behave_rt_finish(L, rt, 2);
    /* A handler leaves its event's list now, not at the event's next delivery. */
    if (was && lua_rawgeti(L, 2, R_EVENT) == LUA_TSTRING) behave_rt_unlist(L, HANDLERS, 3, 2);
    lua_pushboolean(L, was);
    return 1;
}

static int rt_active(lua_State *L) {
    lua_settop(L, 1);
    rt_record_of(L, "active");
    lua_pushboolean(L, !behave_rt_flag(L, 2, R_DONE));
    return 1;
}

static int rt_handle_tostring(lua_State *L) {
    lua_settop(L, 1);
    rt_record_of(L, "tostring");
    lua_pushliteral(L, "handle: ");
    lua_rawgeti(L, 2, R_WHAT);
    lua_concat(L, 2);
    return 1;
}

/* Pushes the handles' metatable, made at the first handle: its methods are closures over the
 * runtime (upvalue 1 of the calling function). */
static void rt_handle_meta(lua_State *L) {
    if (behave_rt_get(L, HANDLE_META) == LUA_TTABLE) return;
    lua_pop(L, 1);
    luaL_checkstack(L, 4, "runtime");
    static const luaL_Reg methods[] = {{"cancel", rt_cancel}, {"active", rt_active}, {NULL, NULL}};
    static const luaL_Reg meta_functions[] = {{"__tostring", rt_handle_tostring}, {NULL, NULL}};
    lua_createtable(L, 0, 3);
    int meta = lua_gettop(L);
    lua_createtable(L, 0, 2);
    behave_rt_set_closures(L, meta + 1, methods, lua_upvalueindex(1));
    lua_setfield(L, meta, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, meta, "__metatable");
    behave_rt_set_closures(L, meta, meta_functions, lua_upvalueindex(1));
    lua_pushvalue(L, meta);
    behave_rt_set(L, HANDLE_META);
}

/* ---- Timers */

/* Makes a timer record of `kind` for the function at 2, and its handle, whose description is
 * `fname`, the seconds as given at 1 (0 if absent) and "s". Leaves the record and the handle on
 * top; returns the record's index. */
static int rt_timer(lua_State *L, int kind, const char *fname) {
    luaL_checkstack(L, 10, "runtime");
    lua_createtable(L, 0, 8);
    int record = lua_gettop(L);
    lua_pushinteger(L, kind);
    lua_rawseti(L, record, R_KIND);
    behave_rt_put(L, record, R_FN, 2);
    lua_pushfstring(L, "%s ", fname);
    if (lua_isnoneornil(L, 1)) lua_pushinteger(L, 0);
    else lua_pushvalue(L, 1);
    lua_pushliteral(L, "s");
    lua_concat(L, 3);
    behave_rt_handle(L, record);
    return record;
}

static int rt_after(lua_State *L) {
    behave_runtime *rt = behave_runtime_of(L);
    double seconds = behave_rt_seconds(L, 1, "after", 0);
    behave_rt_callable(L, 2, "after");
    behave_pack(L, lua_gettop(L) - 2); /* 3: the arguments for fn */
    double at = behave_rt_due(L, rt, seconds, "after");
    int record = rt_timer(L, KIND_AFTER, "after");
    behave_rt_put(L, record, R_ARGS, 3);
    behave_rt_push_timer(L, rt, record, at);
    return 1;
}

static int rt_every(lua_State *L) {
    behave_runtime *rt = behave_runtime_of(L);
    double seconds = behave_rt_seconds(L, 1, "every", 1);
    if (seconds < BEHAVE_MIN_INTERVAL) {
        seconds = BEHAVE_MIN_INTERVAL;
        lua_pushnumber(L, seconds);
        lua_replace(L, 1);
    }
    behave_rt_callable(L, 2, "every");
    double at = behave_rt_due(L, rt, seconds, "every");
    lua_settop(L, 2);
    int record = rt_timer(L, KIND_EVERY, "every");
    behave_rt_put(L, record, R_HANDLE, record + 1);
    lua_pushnumber(L, seconds);
    lua_rawseti(L, record, R_INTERVAL);
    behave_rt_push_timer(L, rt, record, at);
    return 1;
}

void behave_rt_fire(lua_State *L, behave_runtime *rt, int record, double at) {
    luaL_checkstack(L, 10, "runtime");
    lua_rawgeti(L, record, R_KIND);
    int kind = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (rt->tracing && kind != KIND_TIMEOUT) {
        behave_rt_get(L, TRACER);
        lua_pushliteral(L, "timer");
        lua_rawgeti(L, record, R_WHAT);
        lua_call(L, 2, 0);
    }
    if (kind == KIND_EVERY) {
        /* Still busy: this tick is skipped. */
        lua_rawgeti(L, record, R_TASK);
        if (behave_rt_dead(L, -1)) {
            lua_State *co = lua_newthread(L);
            lua_rawgeti(L, record, R_FN);
            lua_xmove(L, co, 1);
            lua_pushvalue(L, -1);
            lua_rawseti(L, record, R_TASK);
            if (__builtin_expect(behave_control_of(L)->tool_tasks, 0)) behave_sched_name(L, -1, record);
            lua_rawgeti(L, record, R_HANDLE);
            behave_sched_schedule(L, rt, 2);
        }
        lua_pop(L, 1);
        /* The next tick after now, in one step: after a long jump of the clock, a loop over the
         * missed ticks would take as long as they would have. A tick past the clock's last time
         * never comes, so the timer ends. */
        lua_rawgeti(L, record, R_INTERVAL);
        double interval = lua_tonumber(L, -1);
        lua_pop(L, 1);
        double next = behave_rt_later(at, interval);
        if (!(next > rt->now)) {
            next = at + (floor((rt->now - at) / interval) + 1) * interval;
            if (!(next > rt->now)) next = behave_rt_later(rt->now, interval);
        }
        if (isfinite(next)) behave_rt_push_timer(L, rt, record, next);
        lua_settop(L, record - 1);
        return;
    }
    behave_rt_set_flag(L, record, R_DONE, 1);
    if (kind == KIND_AFTER) {
        lua_rawgeti(L, record, R_FN);
        lua_rawgeti(L, record, R_ARGS);
        int n = behave_unpack(L, -1);
        lua_remove(L, -n - 1);
        behave_sched_spawn(L, rt, n + 1, record);
    } else if (kind == KIND_TIMEOUT) {
        lua_rawgeti(L, record, R_WAITER);
        int waiter = lua_gettop(L);
        if (!behave_rt_flag(L, waiter, R_DONE)) {
            behave_rt_set_flag(L, waiter, R_DONE, 1);
            lua_rawgeti(L, record, R_EVENT);
            behave_rt_unlist(L, WAITERS, lua_gettop(L), waiter);
            lua_rawgeti(L, waiter, R_CO);
            lua_pushnil(L);
            lua_pushliteral(L, "timeout");
            behave_sched_schedule(L, rt, 3);
        }
    }
    lua_settop(L, record - 1);
}

static int rt_now(lua_State *L) {
    lua_pushnumber(L, behave_runtime_of(L)->now);
    return 1;
}

/* wait(seconds): the script's wait. Checks its argument as the other helpers do, then yields the
 * request; the continuation drops what the resume passes, as wait returns nothing. Its upvalues
 * 2 and 3 are the request it yields. */
static int rt_waited(lua_State *L, int status, lua_KContext context) {
    (void)L, (void)status, (void)context;
    return 0;
}

int behave_rt_wait(lua_State *L) {
    double seconds = behave_rt_seconds(L, 1, "wait", 0);
    behave_rt_due(L, behave_runtime_of(L), seconds, "wait");
    behave_rt_must_wait(L, "wait");
    lua_settop(L, 0);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, lua_upvalueindex(3));
    lua_pushnumber(L, seconds);
    return behave_yield_request(L, behave_control_of(L), 3, 0, rt_waited);
}

const luaL_Reg behave_rt_timer_helpers[] = {{"after", rt_after}, {"every", rt_every}, {"now", rt_now}, {NULL, NULL}};
