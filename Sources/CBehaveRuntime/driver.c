/*
 * driver.c — the driver the Swift scheduler calls, one run slice per call (the protocol is at the
 * top of runtime.c). Calls every other file of the runtime; only the host calls it.
 */
#include "runtime.h"

/* ---- The driver */

static int rt_start(lua_State *L) {
    behave_runtime *s = behave_runtime_of(L);
    luaL_checktype(L, 1, LUA_TFUNCTION);
    int n = lua_gettop(L);
    luaL_checkstack(L, n + 6, "runtime");
    /* A session starts one main chunk per input; what the last one left is forgotten. */
    s->main_ended = s->stopped = s->failed = 0;
    lua_pushnil(L);
    behave_rt_set(L, RESULTS);
    lua_pushnil(L);
    behave_rt_set(L, OUTCOME);
    lua_pushnil(L);
    behave_rt_set(L, TRACE);
    lua_State *co = lua_newthread(L);
    int main = lua_gettop(L);
    int first = 2;
    /* Trusted mode: the main task is the stock interpreter's main thread as far as a script can
     * tell: its chunk is called from C (stock.main), and coroutine.running, isyieldable and yield
     * answer as they do there. */
    if (behave_rt_get(L, STOCK) != LUA_TNIL) {
        lua_getfield(L, -1, "main");
        lua_xmove(L, co, 1);
        lua_getfield(L, -1, "setmain");
        lua_pushvalue(L, main);
        lua_call(L, 1, 0);
        first = 1;
    } else {
        lua_pushvalue(L, 1);
        lua_xmove(L, co, 1);
    }
    lua_pop(L, 1);
    lua_pushvalue(L, main);
    behave_rt_set(L, MAIN);
    for (int i = first; i <= n; i++) lua_pushvalue(L, i);
    behave_sched_schedule(L, s, n - first + 2);
    return 0;
}

static int rt_step(lua_State *L) {
    behave_runtime *s = behave_runtime_of(L);
    s->now = luaL_checknumber(L, 1);
    behave_sched_frame(L);
    behave_sched_step(L, s, S_FRAME);
    lua_settop(L, 0);
    return behave_rt_outcome(L, s);
}

static int rt_resolve(lua_State *L) {
    behave_runtime *s = behave_runtime_of(L);
    int n = lua_gettop(L);
    luaL_checkstack(L, n + 4, "runtime");
    behave_rt_table(L, ACTIONS);
    lua_pushvalue(L, 1);
    int found = lua_rawget(L, -2) == LUA_TTHREAD;
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    lua_rawset(L, n + 1);
    if (!found) return 0;
    for (int i = 2; i <= n; i++) lua_pushvalue(L, i);
    behave_sched_schedule(L, s, n);
    return 0;
}

static int rt_deliverall(lua_State *L) {
    behave_runtime *s = behave_runtime_of(L);
    s->now = luaL_checknumber(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_Integer n = luaL_checkinteger(L, 3);
    int untilMainEnds = lua_toboolean(L, 4);
    behave_sched_frame(L);
    enum { EVENTS = S_FRAME + 1, BASE = EVENTS };
    lua_pushvalue(L, 2);
    lua_Integer delivered = 0;
    for (lua_Integer i = 1; i <= n; i++) {
        if (i > 1) behave_next_slice(L);
        lua_rawgeti(L, EVENTS, 2 * i - 1);
        lua_rawgeti(L, EVENTS, 2 * i);
        behave_rt_deliver(L, s, BASE + 1);
        lua_settop(L, BASE);
        behave_sched_step(L, s, BASE);
        delivered = i;
        if (behave_rt_ended(s) || (untilMainEnds && s->main_ended)) break;
    }
    lua_settop(L, 0);
    lua_pushinteger(L, delivered);
    return 1 + behave_rt_outcome(L, s);
}

static int rt_setcontext(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    behave_readonly(L, 1);
    behave_rt_get(L, ENV);
    lua_pushvalue(L, 1);
    lua_setfield(L, -2, "context");
    return 0;
}

static int rt_settrace(lua_State *L) {
    behave_runtime_of(L)->tracing = lua_toboolean(L, 1);
    return 0;
}

/* teststop(hook): stop() calls hook instead of ending the run; returns the stop that ends it. */
static int rt_teststop(lua_State *L) {
    lua_settop(L, 1);
    behave_rt_set(L, STOP_HOOK);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushcclosure(L, behave_rt_stop_run, 1);
    return 1;
}

static int rt_results(lua_State *L) {
    lua_settop(L, 0);
    if (behave_rt_get(L, RESULTS) != LUA_TTABLE) return 0;
    return behave_unpack(L, 1);
}

const luaL_Reg behave_rt_driver[] = {
    {"start", rt_start},           {"step", rt_step},             {"resolve", rt_resolve},
    {"deliverall", rt_deliverall}, {"setcontext", rt_setcontext}, {"settrace", rt_settrace},
    {"teststop", rt_teststop},     {"results", rt_results},       {NULL, NULL}};
