/*
 * runtime.c — the behaviour runtime: the helpers scripts call (after, every, on, once, emit,
 * wait_for, stop, now; wait is the scheduler's), timers and events, handles, and the driver the
 * Swift scheduler calls. Tasks run in scheduler.c.
 *
 * The runtime's files, each calling only those below it: driver.c (the driver) → outcome.c
 * (stop, failures, the step's outcome) → events.c → timers.c → records.c (records and their
 * tables) → scheduler.c (tasks, the ready queue and the timer heap). This file makes the runtime.
 *
 * In C, not Lua, because every host carries it: as a Lua chunk its code alone weighed more than
 * a bare Lua state, in memory and in the time to load it. Here it is code in the process,
 * shared by every host; a state holds only the runtime's userdata and a few tables.
 *
 * THE RUNTIME PROTOCOL (docs/architecture.md, "The runtime protocol"; Swift's side is
 * RuntimeStep and RuntimeRequest):
 *
 *   behave_runtime_new(env, HOST, host)
 *               env, HOST, host = the behaviour's environment, the sentinel, the host's
 *               functions (close, print, report, trace, and in trusted mode stock: main,
 *               setmain, running, isyieldable, yield); installs the helpers in env and
 *   returns     the driver the Swift Scheduler calls, each call one run slice:
 *     start(chunk, ...)    makes the main chunk a task, ready to run with the arguments
 *     step(now)            runs ready tasks and due timers; returns one of
 *                            "failed", error, traceback
 *                            "stopped", reason
 *                            "running", next timer's time or nil, tasks blocked in wait_for,
 *                                       whether the main chunk has ended
 *     resolve(id, ok, ...) an async action finished: its task resumes with (ok, ...)
 *     deliverall(now, events, n, untilMainEnds)
 *                          n due events (events[2i - 1], events[2i]: name, payload), each
 *                          delivered (handlers become tasks, waiters resume) and then stepped,
 *                          one slice each (behave_next_slice: fresh limits); the batch ends early
 *                          when the behaviour stops or fails, or, with untilMainEnds, once the
 *                          main chunk has ended; returns how many it delivered and the last
 *                          step's results
 *     setcontext(t)        the app's context, as a read-only view
 *     settrace(on)         whether host.trace hears of each event delivered and timer fired
 *     teststop(hook)       a test's run: stop() calls hook(reason) and ends only its task;
 *                          returns the function that ends the run
 *     results()            what the main chunk returned
 *   requests    a task asks the runtime for something by yielding HOST first, then a kind (the
 *               BEHAVE_REQUEST_* strings of CBehave.h), marked as a request
 *               (behave_yield_request):
 *                 HOST, WAIT, seconds          resume after that long
 *                 HOST, EVENT, name, timeout   resume with the event's payload, or nil, "timeout"
 *                 HOST, STOP                   drop this task (stop() has ended the behaviour)
 *                 HOST, ACTION, id             resume when Swift resolves action id
 *               A script's own coroutines pass marked yields up to their resumer (coroutines.c),
 *               so wait works inside them; any other yield just lets other tasks run.
 *
 * Records are plain tables with integer keys (R_* in runtime.h), out of every script's reach: a
 * timer's, a handler's and a waiter's. A record that is cancelled (or a timeout that is answered) stays in the heap,
 * marked done, until it comes up; `dead` counts those, and once they are most of the heap it is
 * rebuilt without them (behave_sched_compact), so a debounce or timeout pattern keeps it flat.
 */
#include "runtime.h"
#include <string.h>

/* ---- Creation */

/* The script's coroutine library, as the runtime needs it: resume and wrap pass the host's
 * requests up; running keeps a coroutine a script holds out of the pool; in trusted mode, the
 * stock interpreter's answers. `environment`, `functions` and `rt` are as in behave_runtime_new. */
static void rt_coroutines(lua_State *L, int environment, int functions, int rt) {
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
    lua_getiuservalue(L, rt, STOCK);
    if (!lua_isnil(L, -1)) {
        static const char *const stock[] = {"running", "isyieldable", "yield"};
        for (int i = 0; i < 3; i++) {
            lua_getfield(L, -1, stock[i]);
            lua_setfield(L, coroutine, stock[i]);
        }
    }
    lua_pop(L, 1);
    /* A coroutine a script holds is never reused for another task (scheduler.c). */
    lua_pushvalue(L, rt);
    lua_getfield(L, coroutine, "running");
    lua_pushcclosure(L, behave_sched_exposing, 2);
    lua_setfield(L, coroutine, "running");
    lua_pop(L, 1);
}

int behave_runtime_new(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_settop(L, 3);
    luaL_checkstack(L, 20, "runtime");
    enum { ENVIRONMENT = 1, HOST, FUNCTIONS, RT };
    behave_runtime *s = (behave_runtime *)lua_newuserdatauv(L, sizeof *s, USER_VALUES);
    memset(s, 0, sizeof *s);
    s->first = 1;
    s->sentinel = lua_topointer(L, HOST);
    lua_pushvalue(L, HOST);
    lua_setiuservalue(L, RT, SENTINEL);
    lua_pushliteral(L, BEHAVE_REQUEST_WAIT);
    s->wait_kind = lua_topointer(L, -1);
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
    lua_pushcclosure(L, behave_sched_wait, 3);
    lua_setfield(L, ENVIRONMENT, "wait");
    behave_rt_set_closures(L, ENVIRONMENT, behave_rt_timer_helpers, RT);
    behave_rt_set_closures(L, ENVIRONMENT, behave_rt_event_helpers, RT);
    behave_rt_set_closures(L, ENVIRONMENT, behave_rt_stop_helpers, RT);

    rt_coroutines(L, ENVIRONMENT, FUNCTIONS, RT);

    lua_createtable(L, 0, 8);
    behave_rt_set_closures(L, lua_gettop(L), behave_rt_driver, RT);
    return 1;
}
