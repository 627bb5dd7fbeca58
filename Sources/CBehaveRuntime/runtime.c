/*
 * runtime.c — makes the behaviour runtime in a state: its userdata, the helpers scripts call
 * (wait, after, every, on, once, emit, wait_for, stop, now, and the coroutine functions that pass
 * requests up), and the driver's functions (driver.c). The protocol between the runtime and the
 * host is in include/CBehaveRuntime.h.
 *
 * The runtime's files, each calling only those below it: runtime.c and driver.c (the entry
 * points) → outcome.c (stop, failures, what a step leaves) → events.c → timers.c → records.c
 * (records and their tables) → scheduler.c (tasks, the ready queue and the timer heap) →
 * due.c. The scheduler hands what it does not handle itself up through the two functions
 * runtime.c gives it (rt->resumed, rt->fire), as the bridge hands Swift's errors back.
 *
 * In C, not Lua, because every host carries it: as a Lua chunk its code alone weighed more than
 * a bare Lua state, in memory and in the time to load it. Here it is code in the process,
 * shared by every host; a state holds only the runtime's userdata and a few tables.
 *
 * Records are plain tables with integer keys (R_* in runtime.h), out of every script's reach: a
 * timer's, a handler's and a waiter's. A record that is cancelled (or a timeout that is
 * answered) stays in the heap, marked done, until it comes up; `dead` counts those, and once
 * they are most of the heap it is rebuilt without them (behave_sched_compact), so a debounce or
 * timeout pattern keeps it flat.
 */
#include "runtime.h"
#include <string.h>

/* ---- Creation */

/* The script's coroutine library, as the runtime needs it: resume and wrap pass the host's
 * requests up; running keeps a coroutine a script holds out of the pool; in trusted mode, the
 * stock interpreter's answers. `environment`, `functions` and `at` (the runtime) are as in rt_new. */
static void rt_coroutines(lua_State *L, int environment, int functions, int at) {
    /* The one place a script's coroutine.resume and coroutine.wrap are installed: versions that
     * pass the host's requests up to their resumer (behave_passing_coroutines, coroutines.c). */
    lua_getfield(L, environment, "coroutine");
    int coroutine = lua_gettop(L);
    lua_pushcfunction(L, behave_passing_coroutines);
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    lua_getfield(L, -1, "coroutine");
    lua_getfield(L, -1, "resume");
    lua_replace(L, -3);
    lua_pop(L, 1);
    lua_getfield(L, functions, "close");
    lua_call(L, 2, 2);
    lua_setfield(L, coroutine, "wrap");
    lua_setfield(L, coroutine, "resume");
    /* Trusted mode: the main task answers as the stock interpreter's main thread does
     * (driver.c, rt_start). */
    lua_getiuservalue(L, at, STOCK);
    if (!lua_isnil(L, -1)) {
        static const char *const stock[] = {"running", "isyieldable", "yield"};
        for (int i = 0; i < 3; i++) {
            lua_getfield(L, -1, stock[i]);
            lua_setfield(L, coroutine, stock[i]);
        }
    }
    lua_pop(L, 1);
    /* A coroutine a script holds is never reused for another task (scheduler.c). */
    lua_pushvalue(L, at);
    lua_getfield(L, coroutine, "running");
    lua_pushcclosure(L, behave_sched_running, 2);
    lua_setfield(L, coroutine, "running");
    lua_pop(L, 1);
}

/* runtime(env, HOST, host) -> the runtime's userdata, anchored in the registry. */
static int rt_new(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_settop(L, 3);
    luaL_checkstack(L, 20, "runtime");
    enum { ENVIRONMENT = 1, HOST, FUNCTIONS, RT };
    behave_runtime *rt = (behave_runtime *)lua_newuserdatauv(L, sizeof *rt, USER_VALUES);
    memset(rt, 0, sizeof *rt);
    rt->first = 1;
    rt->resumed = behave_rt_resumed;
    rt->fire = behave_rt_fire;
    rt->sentinel = lua_topointer(L, HOST);
    lua_pushvalue(L, HOST);
    lua_setiuservalue(L, RT, SENTINEL);
    lua_pushliteral(L, BEHAVE_REQUEST_WAIT);
    rt->wait_kind = lua_topointer(L, -1);
    lua_setiuservalue(L, RT, WAIT_KIND);
    /* WAITERS, HANDLERS, ACTIONS, RECORDS and HANDLE_META are made at their first use (behave_rt_table,
     * rt_handle_meta). */
    static const int tables[] = {READY, WAITING, POOL};
    for (int i = 0; i < (int)(sizeof tables / sizeof tables[0]); i++) {
        lua_newtable(L);
        lua_setiuservalue(L, RT, tables[i]);
    }
    /* Weak keys: a task that never ends is still collected. */
    behave_rt_weak_keys(L);
    lua_setiuservalue(L, RT, SPAWNED);
    static const struct { const char *name; int which; } host[] = {
        {"trace", TRACER}, {"close", CLOSE}, {"report", REPORT}, {"stock", STOCK}};
    for (int i = 0; i < (int)(sizeof host / sizeof host[0]); i++) {
        lua_getfield(L, FUNCTIONS, host[i].name);
        lua_setiuservalue(L, RT, host[i].which);
    }
    lua_pushvalue(L, ENVIRONMENT);
    lua_setiuservalue(L, RT, ENV);

    /* The helpers. print goes to the host's output (counted against the output limit), in both
     * modes. */
    lua_getfield(L, FUNCTIONS, "print");
    lua_setfield(L, ENVIRONMENT, "print");
    lua_pushvalue(L, RT);
    lua_pushvalue(L, HOST);
    lua_pushliteral(L, BEHAVE_REQUEST_WAIT);
    lua_pushcclosure(L, behave_rt_wait, 3);
    lua_setfield(L, ENVIRONMENT, "wait");
    behave_rt_set_closures(L, ENVIRONMENT, behave_rt_timer_helpers, RT);
    behave_rt_set_closures(L, ENVIRONMENT, behave_rt_event_helpers, RT);
    behave_rt_set_closures(L, ENVIRONMENT, behave_rt_stop_helpers, RT);

    rt_coroutines(L, ENVIRONMENT, FUNCTIONS, RT);
    behave_rt_driver(L, RT);
    lua_settop(L, RT);
    lua_pushvalue(L, RT);
    rt->anchor = luaL_ref(L, LUA_REGISTRYINDEX);
    return 1;
}

int behave_runtime_open(lua_State *L, behave_runtime **runtime) {
    if (!lua_checkstack(L, 2)) return BEHAVE_RUNTIME_NO_ROOM;
    int base = lua_gettop(L) - 3;
    lua_pushcfunction(L, behave_message_handler);
    lua_pushcfunction(L, rt_new);
    lua_rotate(L, base + 1, 2);
    int status = lua_pcall(L, 3, 1, base + 1);
    lua_remove(L, base + 1);
    if (status == LUA_OK) {
        *runtime = (behave_runtime *)lua_touserdata(L, -1);
        lua_pop(L, 1);
    }
    return status;
}
