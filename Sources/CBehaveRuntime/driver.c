/*
 * driver.c — the runtime's typed C API (CBehaveRuntime.h, which has the protocol): each entry
 * point makes one protected call of a driver function, a closure over the runtime, and reports
 * in a struct. Calls every other file of the runtime; only the host calls it.
 */
#include <string.h>
#include "runtime.h"

/* ---- The driver's functions, each run by an entry point below under protection */

static int rt_start(lua_State *L) {
    behave_runtime *rt = behave_runtime_of(L);
    luaL_checktype(L, 1, LUA_TFUNCTION);
    int n = lua_gettop(L);
    luaL_checkstack(L, n + 6, "runtime");
    /* A session starts one main chunk per input; what the last one left is forgotten. */
    rt->main_ended = rt->stopped = rt->failed = 0;
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
    if (__builtin_expect(behave_control_of(L)->tool_tasks, 0)) behave_sched_name(L, main, 0);
    for (int i = first; i <= n; i++) lua_pushvalue(L, i);
    behave_sched_schedule(L, rt, n - first + 2);
    return 0;
}

static int rt_step(lua_State *L) {
    behave_runtime *rt = behave_runtime_of(L);
    rt->now = luaL_checknumber(L, 1);
    behave_sched_frame(L);
    behave_sched_step(L, rt, S_FRAME);
    lua_settop(L, 0);
    return behave_rt_outcome(L, rt);
}

static int rt_resolve(lua_State *L) {
    behave_runtime *rt = behave_runtime_of(L);
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
    behave_sched_schedule(L, rt, n);
    return 0;
}

/* Events named behave.… are the host's notices (a live connection's state): a behaviour may
   ignore them without being told it dropped one. */
static int is_notice(lua_State *L, int index) {
    size_t length;
    if (lua_type(L, index) != LUA_TSTRING) return 0;
    const char *name = lua_tolstring(L, index, &length);
    return length > 7 && memcmp(name, "behave.", 7) == 0;
}

static int rt_deliverall(lua_State *L) {
    behave_runtime *rt = behave_runtime_of(L);
    rt->now = luaL_checknumber(L, 1);
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
        if (behave_rt_deliver(L, rt, BASE + 1) == 0 && !is_notice(L, BASE + 1)) {
            /* Rare, and the host names the first in its report: told whether or not it traces. */
            rt->unhandled++;
            behave_rt_get(L, TRACER);
            lua_pushliteral(L, "unhandled");
            lua_pushvalue(L, BASE + 1);
            lua_call(L, 2, 0);
        }
        lua_settop(L, BASE);
        behave_sched_step(L, rt, BASE);
        delivered = i;
        if (behave_rt_ended(rt) || (untilMainEnds && rt->main_ended)) break;
    }
    lua_settop(L, 0);
    rt->delivered = (int)delivered;
    return behave_rt_outcome(L, rt);
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

void behave_rt_driver(lua_State *L, int at) {
    static const struct { int which; lua_CFunction function; } driver[] = {
        {D_START, rt_start},         {D_STEP, rt_step},         {D_RESOLVE, rt_resolve}, {D_DELIVER, rt_deliverall},
        {D_CONTEXT, rt_setcontext}, {D_TESTSTOP, rt_teststop}, {D_RESULTS, rt_results}};
    luaL_checkstack(L, 2, "runtime");
    for (int i = 0; i < (int)(sizeof driver / sizeof driver[0]); i++) {
        lua_pushvalue(L, at);
        lua_pushcclosure(L, driver[i].function, 1);
        lua_setiuservalue(L, at, driver[i].which);
    }
}

/* ---- The entry points */

/* Calls the driver's function `which` with the `nargs` values on top, under protection and with
 * the bridge's message handler; leaves its results, or the error, in their place. */
static int rt_protected(lua_State *L, behave_runtime *rt, int which, int nargs) {
    if (!lua_checkstack(L, 3)) return BEHAVE_RUNTIME_NO_ROOM;
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, behave_message_handler);
    lua_rawgeti(L, LUA_REGISTRYINDEX, rt->anchor);
    lua_getiuservalue(L, -1, which);
    lua_remove(L, -2);
    lua_rotate(L, base + 1, 2);
    int status = lua_pcall(L, nargs, LUA_MULTRET, base + 1);
    lua_remove(L, base + 1);
    return status;
}

/* What a step that returned leaves for the host. */
static void rt_report(const behave_runtime *rt, behave_step_result *out) {
    out->state = rt->failed ? BEHAVE_RUNTIME_FAILED : rt->stopped ? BEHAVE_RUNTIME_STOPPED : BEHAVE_RUNTIME_RUNNING;
    out->has_timer = rt->count > 0;
    out->next_timer = rt->count > 0 ? rt->timers[0].at : 0;
    out->blocked = rt->blocked;
    out->main_ended = rt->main_ended;
    out->delivered = rt->delivered;
}

int behave_runtime_start(lua_State *L, behave_runtime *rt, int nargs) {
    return rt_protected(L, rt, D_START, nargs);
}

int behave_runtime_step(lua_State *L, behave_runtime *rt, double now, behave_step_result *out) {
    if (!lua_checkstack(L, 1)) return BEHAVE_RUNTIME_NO_ROOM;
    lua_pushnumber(L, now);
    int status = rt_protected(L, rt, D_STEP, 1);
    rt->delivered = 0;
    if (status == LUA_OK) rt_report(rt, out);
    return status;
}

int behave_runtime_resolve(lua_State *L, behave_runtime *rt, int nargs) {
    return rt_protected(L, rt, D_RESOLVE, nargs);
}

int behave_runtime_deliver(lua_State *L, behave_runtime *rt, double now, int count, int until_main_ends,
                           behave_step_result *out) {
    if (!lua_checkstack(L, 3)) return BEHAVE_RUNTIME_NO_ROOM;
    lua_pushnumber(L, now);
    lua_insert(L, -2);
    lua_pushinteger(L, count);
    lua_pushboolean(L, until_main_ends);
    rt->delivered = 0;
    int status = rt_protected(L, rt, D_DELIVER, 4);
    if (status == LUA_OK) rt_report(rt, out);
    return status;
}

int behave_runtime_set_context(lua_State *L, behave_runtime *rt) {
    return rt_protected(L, rt, D_CONTEXT, 1);
}

void behave_runtime_set_trace(behave_runtime *rt, int on) { rt->tracing = on; }

void behave_runtime_set_forwarding(behave_runtime *rt, int on) { rt->forwarding = on; }

int behave_runtime_unhandled(const behave_runtime *rt) { return rt->unhandled; }

/* Pushes one of the driver's functions, for the host's helpers to call from Lua. */
static int rt_push_driver(lua_State *L, behave_runtime *rt, int which) {
    if (!lua_checkstack(L, 2)) return BEHAVE_RUNTIME_NO_ROOM;
    lua_rawgeti(L, LUA_REGISTRYINDEX, rt->anchor);
    lua_getiuservalue(L, -1, which);
    lua_remove(L, -2);
    return LUA_OK;
}

int behave_runtime_push_test_stop(lua_State *L, behave_runtime *rt) { return rt_push_driver(L, rt, D_TESTSTOP); }

int behave_runtime_push_context_setter(lua_State *L, behave_runtime *rt) {
    return rt_push_driver(L, rt, D_CONTEXT);
}

int behave_runtime_results(lua_State *L, behave_runtime *rt) {
    return rt_protected(L, rt, D_RESULTS, 0);
}
