/*
 * outcome.c — how tasks and runs end: stop(), a task that fails or asks for something, and what
 * a step returns to the host. Calls records.c, events.c and the scheduler; the driver calls it.
 */
#include "runtime.h"
#include <string.h>

/* ---- Stop, now */

/* Ends the calling task: yields the stop request, or, where the task cannot yield, unwinds it
 * past any pcall (behave_halt, coroutines.c). */
static int rt_end_task(lua_State *L) {
    if (!lua_isyieldable(L)) return behave_halt(L);
    luaL_checkstack(L, 2, "runtime");
    behave_rt_get(L, SENTINEL);
    lua_pushliteral(L, BEHAVE_REQUEST_STOP);
    return behave_yield_request(L, behave_control_of(L), 2, 0, NULL);
}

/* stopRun(reason): ends the run. */
int behave_rt_stop_run(lua_State *L) {
    behave_runtime *rt = behave_runtime_of(L);
    lua_settop(L, 1);
    if (!rt->stopped) {
        lua_pushvalue(L, 1);
        behave_rt_set(L, OUTCOME);
        rt->stopped = 1;
    }
    return rt_end_task(L);
}

/* After a test's hook: the task that called stop() ends. */
static int rt_stop_hooked(lua_State *L, int status, lua_KContext context) {
    (void)status, (void)context;
    if (lua_isyieldable(L)) return rt_end_task(L);
    return 0;
}

/* In a test (driver.teststop), a behaviour's stop() ends only the task that calls it and is
 * reported to the test, which goes on to check what the behaviour did. The hook may end the run
 * itself (the test's own stop()), by a yield: it is called so that it can yield. */
static int rt_stop(lua_State *L) {
    lua_settop(L, 1);
    if (behave_rt_get(L, STOP_HOOK) != LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_callk(L, 1, 0, 0, rt_stop_hooked);
        return rt_stop_hooked(L, LUA_OK, 0);
    }
    lua_pop(L, 1);
    return behave_rt_stop_run(L);
}


/* ---- What the step hands on */

/* Closes the task at `co`, which an error (at `co + 1`) or a stop unwound: runs its pending
 * __close handlers. An error one of them raises replaces the task's, as Lua's own unwinding
 * does. A handler cannot yield there, so a stop() in one halts (behave_halt): that ends the
 * handler, the others still run, and the stop is recorded (behave_rt_stop_run); it does not undo the
 * failure that came first. Any other termination goes on up. */
static void rt_close_unwound(lua_State *L, int co) {
    behave_control *c = behave_control_of(L);
    int top = lua_gettop(L);
    luaL_checkstack(L, 3, "runtime");
    behave_rt_get(L, CLOSE);
    lua_pushvalue(L, co);
    if (lua_pcall(L, 1, 2, 0) != LUA_OK) {
        if (c->terminated != BEHAVE_STOPPED) {
            if (c->terminated) behave_raise_termination(L);
            lua_error(L);
        }
        c->terminated = BEHAVE_RUNNING;
    } else if (!lua_toboolean(L, -2)) {
        lua_replace(L, co + 1);
    }
    lua_settop(L, top);
}

/* The task at `co` failed with the error at `co + 1`. */
static void rt_fail(lua_State *L, behave_runtime *rt, int co) {
    luaL_checkstack(L, 6, "runtime");
    /* Before the traceback and the task's close: a tool (a debugger) shows the task as it failed. */
    if (__builtin_expect(behave_control_of(L)->tool_tasks, 0)) behave_tools_failure(L, co, co + 1);
    luaL_traceback(L, lua_tothread(L, co), NULL, 0);
    int trace = lua_gettop(L);
    rt_close_unwound(L, co);
    behave_rt_get(L, MAIN);
    int main = lua_rawequal(L, -1, co);
    lua_pop(L, 1);
    if (main) {
        lua_pushvalue(L, co + 1);
        behave_rt_set(L, OUTCOME);
        lua_pushvalue(L, trace);
        behave_rt_set(L, TRACE);
        rt->failed = 1;
    } else {
        behave_rt_get(L, REPORT);
        lua_pushvalue(L, co + 1);
        lua_pushvalue(L, trace);
        lua_call(L, 2, 0);
    }
}

void behave_rt_resumed(lua_State *L, behave_runtime *rt, int co, int ok) {
    int from = co + 1;
    if (!ok) {
        lua_settop(L, from);
        if (rt->stopped) {
            /* Halted by stop(): no failure. */
            rt_close_unwound(L, co);
        } else {
            rt_fail(L, rt, co);
        }
    } else {
        /* A request other than a wait: HOST, kind, a, b. STOP: the task is dropped. */
        lua_settop(L, from + 3);
        const char *kind = lua_type(L, from + 1) == LUA_TSTRING ? lua_tostring(L, from + 1) : "";
        if (strcmp(kind, BEHAVE_REQUEST_ACTION) == 0) {
            luaL_checkstack(L, 3, "runtime");
            behave_rt_table(L, ACTIONS);
            lua_pushvalue(L, from + 2);
            lua_pushvalue(L, co);
            lua_rawset(L, -3);
        } else if (strcmp(kind, BEHAVE_REQUEST_EVENT) == 0) {
            behave_rt_wait_for_event(L, rt, co, from + 2);
        }
    }
    lua_settop(L, co - 1);
}

int behave_rt_outcome(lua_State *L, behave_runtime *rt) {
    luaL_checkstack(L, 3, "runtime");
    behave_rt_get(L, WAITING);
    behave_sched_drop_done(L, rt, lua_gettop(L));
    lua_pop(L, 1);
    if (rt->failed) {
        behave_rt_get(L, OUTCOME);
        behave_rt_get(L, TRACE);
        return 2;
    }
    if (rt->stopped) {
        behave_rt_get(L, OUTCOME);
        return 1;
    }
    return 0;
}

const luaL_Reg behave_rt_stop_helpers[] = {{"stop", rt_stop}, {NULL, NULL}};
