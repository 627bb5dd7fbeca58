/*
 * runtime.c — the behaviour runtime: the helpers scripts call (after, every, on, once, emit,
 * wait_for, stop, now; wait is the scheduler's), timers and events, handles, and the driver the
 * Swift scheduler calls. Tasks run in scheduler.c.
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
#include <math.h>
#include <string.h>

enum { KIND_AFTER = 1, KIND_EVERY, KIND_TIMEOUT };

/* every's shortest interval: a shorter one would add nothing a clock could tell apart (and a
 * tick too small to change the time would keep virtual time from advancing). */
#define BEHAVE_MIN_INTERVAL 0.001

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

static void rt_callable(lua_State *L, int arg, const char *fname) {
    if (lua_type(L, arg) != LUA_TFUNCTION)
        luaL_error(L, "bad argument #%d to '%s' (function expected, got %s)", arg, fname, behave_typename(L, arg));
}

static void rt_event_name(lua_State *L, int arg, const char *fname) {
    if (lua_type(L, arg) != LUA_TSTRING)
        luaL_error(L, "bad argument #1 to '%s' (event name expected, got %s)", fname, behave_typename(L, arg));
}

static int rt_flag(lua_State *L, int record, int field) {
    lua_rawgeti(L, record, field);
    int on = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return on;
}

/* Sets field `field` of the record at `record` to the value at `value`. */
static void rt_put(lua_State *L, int record, int field, int value) {
    lua_pushvalue(L, value);
    lua_rawseti(L, record, field);
}

static void rt_set_flag(lua_State *L, int record, int field, int on) {
    lua_pushboolean(L, on);
    lua_rawseti(L, record, field);
}

/* Puts the record at `record` in the heap, due at `at`. */
static void rt_push_timer(lua_State *L, behave_runtime *s, int record, double at) {
    behave_rt_get(L, WAITING);
    lua_pushvalue(L, record);
    behave_sched_push(L, s, lua_gettop(L) - 1, at);
    lua_pop(L, 1);
}

/* Marks the record at `record` done; a timer (in the heap until it is done) counts as dead.
 * Returns whether it was not done already. */
static int rt_finish(lua_State *L, behave_runtime *s, int record) {
    if (rt_flag(L, record, R_DONE)) return 0;
    rt_set_flag(L, record, R_DONE, 1);
    if (lua_rawgeti(L, record, R_KIND) != LUA_TNIL) {
        s->dead++;
        behave_sched_compact(L, s);
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

/* Pushes the runtime's table `which` (WAITERS, HANDLERS, ACTIONS or RECORDS), made at its first
 * use: an idle host holds none of them. RECORDS has weak keys, so a record whose handle is
 * garbage is collected. */
static void rt_weak_keys(lua_State *L) {
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
}

static void rt_table(lua_State *L, int which) {
    if (behave_rt_get(L, which) == LUA_TTABLE) return;
    lua_pop(L, 1);
    if (which == RECORDS) rt_weak_keys(L);
    else lua_newtable(L);
    lua_pushvalue(L, -1);
    behave_rt_set(L, which);
}

/* Pushes `table[key]` of the runtime's table `which`, or nil where either is absent: a read that
 * makes nothing. */
static int rt_lookup(lua_State *L, int which, int key) {
    if (behave_rt_get(L, which) != LUA_TTABLE) return LUA_TNIL;
    lua_pushvalue(L, key);
    int type = lua_rawget(L, -2);
    lua_remove(L, -2);
    return type;
}

/* Removes the value at `value` from the list `table[key]` of the runtime's table `which`, and the
 * list once it is empty. */
static void rt_unlist(lua_State *L, int which, int key, int value) {
    luaL_checkstack(L, 4, "runtime");
    if (rt_lookup(L, which, key) == LUA_TTABLE && rt_remove(L, lua_gettop(L), value) == 0) {
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
static void rt_append(lua_State *L, int table, int key) {
    int value = lua_gettop(L);
    rt_table(L, table);
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
static int rt_dead(lua_State *L, int index) {
    lua_State *co = lua_tothread(L, index);
    if (co == NULL) return 1;
    int status = lua_status(co);
    if (status == LUA_YIELD) return 0;
    if (status != LUA_OK) return 1;
    lua_Debug ar;
    if (lua_getstack(co, 0, &ar)) return 0;
    return lua_gettop(co) == 0;
}

/* ---- Handles: what after, every, on and once return. The record lives in the runtime, so a
 * timer keeps running when its handle is garbage. */

static void rt_handle_meta(lua_State *L);

/* Pushes a handle of the record at `record`, whose description is on top (popped). */
static void rt_handle(lua_State *L, int record) {
    lua_rawseti(L, record, R_WHAT);
    lua_createtable(L, 0, 0);
    rt_handle_meta(L);
    lua_setmetatable(L, -2);
    rt_table(L, RECORDS);
    lua_pushvalue(L, -2);
    lua_pushvalue(L, record);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

/* Pushes the record of the handle at 1. */
static void rt_record_of(lua_State *L, const char *fname) {
    luaL_checkstack(L, 4, "runtime");
    rt_table(L, RECORDS);
    lua_pushvalue(L, 1);
    int type = lua_rawget(L, -2);
    lua_remove(L, -2);
    if (type != LUA_TTABLE) luaL_error(L, "bad argument #1 to '%s' (handle expected)", fname);
}

static int rt_cancel(lua_State *L) {
    behave_runtime *s = behave_runtime_of(L);
    lua_settop(L, 1);
    rt_record_of(L, "cancel");
    int was = rt_finish(L, s, 2);
    /* A handler leaves its event's list now, not at the event's next delivery. */
    if (was && lua_rawgeti(L, 2, R_EVENT) == LUA_TSTRING) rt_unlist(L, HANDLERS, 3, 2);
    lua_pushboolean(L, was);
    return 1;
}

static int rt_active(lua_State *L) {
    lua_settop(L, 1);
    rt_record_of(L, "active");
    lua_pushboolean(L, !rt_flag(L, 2, R_DONE));
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
    rt_put(L, record, R_FN, 2);
    lua_pushfstring(L, "%s ", fname);
    if (lua_isnoneornil(L, 1)) lua_pushinteger(L, 0);
    else lua_pushvalue(L, 1);
    lua_pushliteral(L, "s");
    lua_concat(L, 3);
    rt_handle(L, record);
    return record;
}

static int rt_after(lua_State *L) {
    behave_runtime *s = behave_runtime_of(L);
    double seconds = behave_rt_seconds(L, 1, "after", 0);
    rt_callable(L, 2, "after");
    behave_pack(L, lua_gettop(L) - 2); /* 3: the arguments for fn */
    double at = behave_rt_due(L, s, seconds, "after");
    int record = rt_timer(L, KIND_AFTER, "after");
    rt_put(L, record, R_ARGS, 3);
    rt_push_timer(L, s, record, at);
    return 1;
}

static int rt_every(lua_State *L) {
    behave_runtime *s = behave_runtime_of(L);
    double seconds = behave_rt_seconds(L, 1, "every", 1);
    if (seconds < BEHAVE_MIN_INTERVAL) {
        seconds = BEHAVE_MIN_INTERVAL;
        lua_pushnumber(L, seconds);
        lua_replace(L, 1);
    }
    rt_callable(L, 2, "every");
    double at = behave_rt_due(L, s, seconds, "every");
    lua_settop(L, 2);
    int record = rt_timer(L, KIND_EVERY, "every");
    rt_put(L, record, R_HANDLE, record + 1);
    lua_pushnumber(L, seconds);
    lua_rawseti(L, record, R_INTERVAL);
    rt_push_timer(L, s, record, at);
    return 1;
}

void behave_rt_fire(lua_State *L, behave_runtime *s, int record, double at) {
    luaL_checkstack(L, 10, "runtime");
    lua_rawgeti(L, record, R_KIND);
    int kind = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (s->tracing && kind != KIND_TIMEOUT) {
        behave_rt_get(L, TRACER);
        lua_pushliteral(L, "timer");
        lua_rawgeti(L, record, R_WHAT);
        lua_call(L, 2, 0);
    }
    if (kind == KIND_EVERY) {
        /* Still busy: this tick is skipped. */
        lua_rawgeti(L, record, R_TASK);
        if (rt_dead(L, -1)) {
            lua_State *co = lua_newthread(L);
            lua_rawgeti(L, record, R_FN);
            lua_xmove(L, co, 1);
            lua_pushvalue(L, -1);
            lua_rawseti(L, record, R_TASK);
            lua_rawgeti(L, record, R_HANDLE);
            behave_sched_schedule(L, s, 2);
        }
        lua_pop(L, 1);
        /* The next tick after now, in one step: after a long jump of the clock, a loop over the
         * missed ticks would take as long as they would have. A tick past the clock's last time
         * never comes, so the timer ends. */
        lua_rawgeti(L, record, R_INTERVAL);
        double interval = lua_tonumber(L, -1);
        lua_pop(L, 1);
        double next = behave_rt_later(at, interval);
        if (!(next > s->now)) {
            next = at + (floor((s->now - at) / interval) + 1) * interval;
            if (!(next > s->now)) next = behave_rt_later(s->now, interval);
        }
        if (isfinite(next)) rt_push_timer(L, s, record, next);
        lua_settop(L, record - 1);
        return;
    }
    rt_set_flag(L, record, R_DONE, 1);
    if (kind == KIND_AFTER) {
        lua_rawgeti(L, record, R_FN);
        lua_rawgeti(L, record, R_ARGS);
        int n = behave_unpack(L, -1);
        lua_remove(L, -n - 1);
        behave_sched_spawn(L, s, n + 1);
    } else if (kind == KIND_TIMEOUT) {
        lua_rawgeti(L, record, R_WAITER);
        int waiter = lua_gettop(L);
        if (!rt_flag(L, waiter, R_DONE)) {
            rt_set_flag(L, waiter, R_DONE, 1);
            lua_rawgeti(L, record, R_EVENT);
            rt_unlist(L, WAITERS, lua_gettop(L), waiter);
            lua_rawgeti(L, waiter, R_CO);
            lua_pushnil(L);
            lua_pushliteral(L, "timeout");
            behave_sched_schedule(L, s, 3);
        }
    }
    lua_settop(L, record - 1);
}

/* ---- Events */

static int rt_listen(lua_State *L, int once, const char *fname) {
    rt_event_name(L, 1, fname);
    rt_callable(L, 2, fname);
    lua_settop(L, 2);
    luaL_checkstack(L, 10, "runtime");
    lua_createtable(L, 0, 5);
    rt_put(L, 3, R_FN, 2);
    lua_pushboolean(L, once);
    lua_rawseti(L, 3, R_ONCE);
    rt_put(L, 3, R_EVENT, 1);
    lua_pushvalue(L, 3);
    rt_append(L, HANDLERS, 1);
    lua_pushfstring(L, "%s ", fname);
    lua_pushvalue(L, 1);
    lua_concat(L, 2);
    rt_handle(L, 3);
    return 1;
}

static int rt_on(lua_State *L) { return rt_listen(L, 0, "on"); }
static int rt_once(lua_State *L) { return rt_listen(L, 1, "once"); }

void behave_rt_deliver(lua_State *L, behave_runtime *s, int name) {
    int payload = name + 1;
    luaL_checkstack(L, 12, "runtime");
    if (s->tracing) {
        behave_rt_get(L, TRACER);
        lua_pushliteral(L, "event");
        lua_pushvalue(L, name);
        lua_pushvalue(L, payload);
        lua_call(L, 3, 0);
    }
    int top = lua_gettop(L);
    if (rt_lookup(L, HANDLERS, name) == LUA_TTABLE) {
        int list = top + 1;
        /* The list is rebuilt only when a once handler has fired or a handler is done. */
        lua_Integer n = (lua_Integer)lua_rawlen(L, list);
        int changed = 0;
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, list, i);
            int handler = lua_gettop(L);
            if (rt_flag(L, handler, R_DONE)) {
                changed = 1;
            } else {
                if (rt_flag(L, handler, R_ONCE)) {
                    rt_set_flag(L, handler, R_DONE, 1);
                    changed = 1;
                }
                lua_rawgeti(L, handler, R_FN);
                lua_pushvalue(L, payload);
                lua_pushvalue(L, name);
                behave_sched_spawn(L, s, 3);
            }
            lua_pop(L, 1);
        }
        if (changed) {
            lua_newtable(L);
            lua_Integer kept = 0;
            for (lua_Integer i = 1; i <= n; i++) {
                lua_rawgeti(L, list, i);
                if (rt_flag(L, -1, R_DONE)) lua_pop(L, 1);
                else lua_rawseti(L, -2, ++kept);
            }
            if (kept == 0) {
                lua_pop(L, 1);
                lua_pushnil(L);
            }
            behave_rt_get(L, HANDLERS);
            lua_pushvalue(L, name);
            lua_pushvalue(L, -3);
            lua_rawset(L, -3);
        }
    }
    lua_settop(L, top);
    if (rt_lookup(L, WAITERS, name) == LUA_TTABLE) {
        int list = top + 1;
        behave_rt_get(L, WAITERS);
        lua_pushvalue(L, name);
        lua_pushnil(L);
        lua_rawset(L, -3);
        lua_pop(L, 1);
        lua_Integer n = (lua_Integer)lua_rawlen(L, list);
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, list, i);
            int waiter = lua_gettop(L);
            if (!rt_flag(L, waiter, R_DONE)) {
                rt_set_flag(L, waiter, R_DONE, 1);
                if (lua_rawgeti(L, waiter, R_TIMER) == LUA_TTABLE) rt_finish(L, s, lua_gettop(L));
                else s->blocked--;
                lua_pop(L, 1);
                lua_rawgeti(L, waiter, R_CO);
                /* Never a nil that reads as a timeout. */
                if (lua_isnil(L, payload)) lua_pushboolean(L, 1);
                else lua_pushvalue(L, payload);
                behave_sched_schedule(L, s, 2);
            }
            lua_pop(L, 1);
        }
    }
    lua_settop(L, top);
}

static int rt_emit(lua_State *L) {
    rt_event_name(L, 1, "emit");
    lua_settop(L, 2);
    behave_rt_deliver(L, behave_runtime_of(L), 1);
    return 0;
}

/* A task waits for the event named at `name`, with the timeout at `name + 1` (or nil). */
static void rt_wait_for_event(lua_State *L, behave_runtime *s, int co, int name) {
    luaL_checkstack(L, 6, "runtime");
    lua_createtable(L, 0, 3);
    int waiter = lua_gettop(L);
    rt_put(L, waiter, R_CO, co);
    lua_pushvalue(L, waiter);
    rt_append(L, WAITERS, name);
    if (lua_isnil(L, name + 1)) {
        s->blocked++;
    } else {
        lua_createtable(L, 0, 5);
        int record = lua_gettop(L);
        lua_pushinteger(L, KIND_TIMEOUT);
        lua_rawseti(L, record, R_KIND);
        rt_put(L, record, R_WAITER, waiter);
        rt_put(L, record, R_EVENT, name);
        rt_push_timer(L, s, record, behave_rt_later(s->now, lua_tonumber(L, name + 1)));
        lua_rawseti(L, waiter, R_TIMER);
    }
    lua_settop(L, waiter - 1);
}

static int rt_wait_for(lua_State *L) {
    rt_event_name(L, 1, "wait_for");
    lua_settop(L, 2);
    double timeout = 0;
    int timed = 0;
    if (!lua_isnil(L, 2)) {
        if (lua_type(L, 2) != LUA_TTABLE)
            return luaL_error(L, "bad argument #2 to 'wait_for' (table expected, got %s)", behave_typename(L, 2));
        lua_pushliteral(L, "timeout");
        if (lua_rawget(L, 2) != LUA_TNIL) {
            timeout = behave_rt_seconds_named(L, 3, "wait_for", 0, "option 'timeout' of argument #2");
            behave_rt_due(L, behave_runtime_of(L), timeout, "wait_for");
            timed = 1;
        }
        lua_settop(L, 2);
    }
    behave_rt_must_wait(L, "wait_for");
    behave_rt_get(L, SENTINEL);
    lua_pushliteral(L, BEHAVE_REQUEST_EVENT);
    lua_pushvalue(L, 1);
    if (timed) lua_pushnumber(L, timeout);
    else lua_pushnil(L);
    return behave_yield_request(L, behave_control_of(L), 4, 0, NULL);
}

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
static int rt_stop_run(lua_State *L) {
    behave_runtime *s = behave_runtime_of(L);
    lua_settop(L, 1);
    if (!s->stopped) {
        lua_pushvalue(L, 1);
        behave_rt_set(L, OUTCOME);
        s->stopped = 1;
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
    return rt_stop_run(L);
}

static int rt_now(lua_State *L) {
    lua_pushnumber(L, behave_runtime_of(L)->now);
    return 1;
}

/* ---- What the step hands on */

/* Closes the task at `co`, which an error (at `co + 1`) or a stop unwound: runs its pending
 * __close handlers. An error one of them raises replaces the task's, as Lua's own unwinding
 * does. A handler cannot yield there, so a stop() in one halts (behave_halt): that ends the
 * handler, the others still run, and the stop is recorded (rt_stop_run); it does not undo the
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
static void rt_fail(lua_State *L, behave_runtime *s, int co) {
    luaL_checkstack(L, 6, "runtime");
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
        s->failed = 1;
    } else {
        behave_rt_get(L, REPORT);
        lua_pushvalue(L, co + 1);
        lua_pushvalue(L, trace);
        lua_call(L, 2, 0);
    }
}

void behave_rt_resumed(lua_State *L, behave_runtime *s, int co, int ok) {
    int from = co + 1;
    if (!ok) {
        lua_settop(L, from);
        if (s->stopped) {
            /* Halted by stop(): no failure. */
            rt_close_unwound(L, co);
        } else {
            rt_fail(L, s, co);
        }
    } else {
        /* A request other than a wait: HOST, kind, a, b. STOP: the task is dropped. */
        lua_settop(L, from + 3);
        const char *kind = lua_type(L, from + 1) == LUA_TSTRING ? lua_tostring(L, from + 1) : "";
        if (strcmp(kind, BEHAVE_REQUEST_ACTION) == 0) {
            luaL_checkstack(L, 3, "runtime");
            rt_table(L, ACTIONS);
            lua_pushvalue(L, from + 2);
            lua_pushvalue(L, co);
            lua_rawset(L, -3);
        } else if (strcmp(kind, BEHAVE_REQUEST_EVENT) == 0) {
            rt_wait_for_event(L, s, co, from + 2);
        }
    }
    lua_settop(L, co - 1);
}

int behave_rt_outcome(lua_State *L, behave_runtime *s) {
    luaL_checkstack(L, 6, "runtime");
    behave_rt_get(L, WAITING);
    behave_sched_drop_done(L, s, lua_gettop(L));
    lua_pop(L, 1);
    if (s->failed) {
        lua_pushliteral(L, "failed");
        behave_rt_get(L, OUTCOME);
        behave_rt_get(L, TRACE);
        return 3;
    }
    if (s->stopped) {
        lua_pushliteral(L, "stopped");
        behave_rt_get(L, OUTCOME);
        return 2;
    }
    lua_pushliteral(L, "running");
    if (s->count > 0) lua_pushnumber(L, s->waits[0].at);
    else lua_pushnil(L);
    lua_pushinteger(L, s->blocked);
    lua_pushboolean(L, s->main_ended);
    return 4;
}

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
    rt_table(L, ACTIONS);
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
    lua_pushcclosure(L, rt_stop_run, 1);
    return 1;
}

static int rt_results(lua_State *L) {
    lua_settop(L, 0);
    if (behave_rt_get(L, RESULTS) != LUA_TTABLE) return 0;
    return behave_unpack(L, 1);
}

/* ---- Creation */

/* Sets the functions of `functions` into the table at `table`, each a closure over the runtime at
 * `rt`. */
static void rt_set_closures(lua_State *L, int table, const luaL_Reg *functions, int rt) {
    lua_pushvalue(L, table);
    lua_pushvalue(L, rt);
    luaL_setfuncs(L, functions, 1);
    lua_pop(L, 1);
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
    rt_set_closures(L, meta + 1, methods, lua_upvalueindex(1));
    lua_setfield(L, meta, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, meta, "__metatable");
    rt_set_closures(L, meta, meta_functions, lua_upvalueindex(1));
    lua_pushvalue(L, meta);
    behave_rt_set(L, HANDLE_META);
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
    /* WAITERS, HANDLERS, ACTIONS, RECORDS and HANDLE_META are made at their first use (rt_table,
     * rt_handle_meta). */
    static const int tables[] = {READY, WAITING, POOL};
    for (int i = 0; i < (int)(sizeof tables / sizeof tables[0]); i++) {
        lua_newtable(L);
        lua_setiuservalue(L, RT, tables[i]);
    }
    /* Weak keys: a task that never ends is still collected. */
    rt_weak_keys(L);
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
    static const luaL_Reg helpers[] = {{"after", rt_after}, {"every", rt_every},       {"on", rt_on},
                                       {"once", rt_once},   {"emit", rt_emit},         {"wait_for", rt_wait_for},
                                       {"stop", rt_stop},   {"now", rt_now},           {NULL, NULL}};
    rt_set_closures(L, ENVIRONMENT, helpers, RT);

    /* The one place a script's coroutine.resume and coroutine.wrap are installed: versions that
     * pass the host's requests up to their resumer (behave_passing_coroutines, coroutines.c). */
    lua_getfield(L, ENVIRONMENT, "coroutine");
    int coroutine = lua_gettop(L);
    lua_pushcfunction(L, behave_passing_coroutines);
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    lua_getfield(L, -1, "coroutine");
    lua_getfield(L, -1, "resume");
    lua_replace(L, -3);
    lua_pop(L, 1);
    lua_getfield(L, FUNCTIONS, "close");
    lua_call(L, 2, 2);
    lua_setfield(L, coroutine, "wrap");
    lua_setfield(L, coroutine, "resume");
    /* Trusted mode: the main task answers as the stock interpreter's main thread does (rt_start). */
    lua_getiuservalue(L, RT, STOCK);
    if (!lua_isnil(L, -1)) {
        static const char *const stock[] = {"running", "isyieldable", "yield"};
        for (int i = 0; i < 3; i++) {
            lua_getfield(L, -1, stock[i]);
            lua_setfield(L, coroutine, stock[i]);
        }
    }
    lua_pop(L, 1);
    /* A coroutine a script holds is never reused for another task (scheduler.c). */
    lua_pushvalue(L, RT);
    lua_getfield(L, coroutine, "running");
    lua_pushcclosure(L, behave_sched_exposing, 2);
    lua_setfield(L, coroutine, "running");
    lua_pop(L, 1);

    static const luaL_Reg driver[] = {
        {"start", rt_start},         {"step", rt_step},         {"resolve", rt_resolve},
        {"deliverall", rt_deliverall}, {"setcontext", rt_setcontext}, {"settrace", rt_settrace},
        {"teststop", rt_teststop},   {"results", rt_results},   {NULL, NULL}};
    lua_createtable(L, 0, 8);
    rt_set_closures(L, lua_gettop(L), driver, RT);
    return 1;
}
