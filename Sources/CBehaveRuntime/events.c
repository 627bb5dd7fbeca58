/*
 * events.c — on, once, emit and wait_for, and delivering an event to its handlers and waiters.
 * Calls records.c, timers.c (handles) and the scheduler; the driver and the step call it.
 */
#include "runtime.h"

/* ---- Events */

static int rt_listen(lua_State *L, int once, const char *fname) {
    behave_rt_event_name(L, 1, fname);
    behave_rt_callable(L, 2, fname);
    lua_settop(L, 2);
    luaL_checkstack(L, 10, "runtime");
    lua_createtable(L, 0, 5);
    behave_rt_put(L, 3, R_FN, 2);
    lua_pushboolean(L, once);
    lua_rawseti(L, 3, R_ONCE);
    behave_rt_put(L, 3, R_EVENT, 1);
    lua_pushvalue(L, 3);
    behave_rt_append(L, HANDLERS, 1);
    lua_pushfstring(L, "%s ", fname);
    lua_pushvalue(L, 1);
    lua_concat(L, 2);
    behave_rt_handle(L, 3);
    return 1;
}

static int rt_on(lua_State *L) { return rt_listen(L, 0, "on"); }
static int rt_once(lua_State *L) { return rt_listen(L, 1, "once"); }

/* Spawns a task for each handler of the event at `name` (payload above it); returns how many. */
static int rt_deliver_to_handlers(lua_State *L, behave_runtime *rt, int name) {
    int payload = name + 1;
    int reached = 0;
    int top = lua_gettop(L);
    if (behave_rt_lookup(L, HANDLERS, name) == LUA_TTABLE) {
        int list = top + 1;
        /* The list is rebuilt only when a once handler has fired or a handler is done. */
        lua_Integer n = (lua_Integer)lua_rawlen(L, list);
        int changed = 0;
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, list, i);
            int handler = lua_gettop(L);
            if (behave_rt_flag(L, handler, R_DONE)) {
                changed = 1;
            } else {
                if (behave_rt_flag(L, handler, R_ONCE)) {
                    behave_rt_set_flag(L, handler, R_DONE, 1);
                    changed = 1;
                }
                lua_rawgeti(L, handler, R_FN);
                lua_pushvalue(L, payload);
                lua_pushvalue(L, name);
                behave_sched_spawn(L, rt, 3, handler);
                reached++;
            }
            lua_pop(L, 1);
        }
        if (changed) {
            lua_newtable(L);
            lua_Integer kept = 0;
            for (lua_Integer i = 1; i <= n; i++) {
                lua_rawgeti(L, list, i);
                if (behave_rt_flag(L, -1, R_DONE)) lua_pop(L, 1);
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
    return reached;
}

/* Resumes each task waiting for the event at `name` (payload above it); returns how many. */
static int rt_deliver_to_waiters(lua_State *L, behave_runtime *rt, int name) {
    int payload = name + 1;
    int reached = 0;
    int top = lua_gettop(L);
    if (behave_rt_lookup(L, WAITERS, name) == LUA_TTABLE) {
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
            if (!behave_rt_flag(L, waiter, R_DONE)) {
                behave_rt_set_flag(L, waiter, R_DONE, 1);
                if (lua_rawgeti(L, waiter, R_TIMER) == LUA_TTABLE) behave_rt_finish(L, rt, lua_gettop(L));
                else rt->blocked--;
                lua_pop(L, 1);
                lua_rawgeti(L, waiter, R_CO);
                /* Never a nil that reads as a timeout. */
                if (lua_isnil(L, payload)) lua_pushboolean(L, 1);
                else lua_pushvalue(L, payload);
                behave_sched_schedule(L, rt, 2);
                reached++;
            }
            lua_pop(L, 1);
        }
    }
    lua_settop(L, top);
    return reached;
}

/* Returns how many handlers and waiters the event reached. */
int behave_rt_deliver(lua_State *L, behave_runtime *rt, int name) {
    int payload = name + 1;
    luaL_checkstack(L, 12, "runtime");
    if (rt->tracing) {
        behave_rt_get(L, TRACER);
        lua_pushliteral(L, "event");
        lua_pushvalue(L, name);
        lua_pushvalue(L, payload);
        lua_call(L, 3, 0);
    }
    /* Handlers first, then waiters: two statements, as C leaves the order of a sum's operands open. */
    int reached = rt_deliver_to_handlers(L, rt, name);
    return reached + rt_deliver_to_waiters(L, rt, name);
}

static int rt_emit(lua_State *L) {
    behave_rt_event_name(L, 1, "emit");
    lua_settop(L, 2);
    behave_runtime *rt = behave_runtime_of(L);
    if (rt->forwarding) {
        luaL_checkstack(L, 4, "runtime");
        behave_rt_get(L, TRACER);
        lua_pushliteral(L, "emit");
        lua_pushvalue(L, 1);
        lua_pushvalue(L, 2);
        lua_call(L, 3, 0);
    }
    behave_rt_deliver(L, rt, 1);
    return 0;
}

/* A task waits for the event named at `name`, with the timeout at `name + 1` (or nil). */
void behave_rt_wait_for_event(lua_State *L, behave_runtime *rt, int co, int name) {
    luaL_checkstack(L, 6, "runtime");
    lua_createtable(L, 0, 3);
    int waiter = lua_gettop(L);
    behave_rt_put(L, waiter, R_CO, co);
    lua_pushvalue(L, waiter);
    behave_rt_append(L, WAITERS, name);
    if (lua_isnil(L, name + 1)) {
        rt->blocked++;
    } else {
        lua_createtable(L, 0, 5);
        int record = lua_gettop(L);
        lua_pushinteger(L, KIND_TIMEOUT);
        lua_rawseti(L, record, R_KIND);
        behave_rt_put(L, record, R_WAITER, waiter);
        behave_rt_put(L, record, R_EVENT, name);
        behave_rt_push_timer(L, rt, record, behave_rt_later(rt->now, lua_tonumber(L, name + 1)));
        lua_rawseti(L, waiter, R_TIMER);
    }
    lua_settop(L, waiter - 1);
}

static int rt_wait_for(lua_State *L) {
    behave_rt_event_name(L, 1, "wait_for");
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

const luaL_Reg behave_rt_event_helpers[] = {
    {"on", rt_on}, {"once", rt_once}, {"emit", rt_emit}, {"wait_for", rt_wait_for}, {NULL, NULL}};
