/*
 * scheduler.c — the runtime's hot loop: the ready queue, the heap of timers (tasks in `wait`,
 * and the records of after, every and wait_for's timeouts), and the step that runs ready tasks
 * and due timers. What is not a plain wait or yield (a failure, another request, a timer record)
 * goes to the functions the runtime gave it (rt->resumed, rt->fire): the scheduler is the
 * runtime's lowest file, and names no function of the files above it.
 *
 * A `wait(0)` is the resume, a few table reads and writes, and an entry in a heap of plain
 * structs: written as Lua (a table per wait, a heap of tables, five Lua calls around the resume)
 * it cost twenty times a bare coroutine round trip.
 *
 * A timer is due at `at`, and timers due together fire in creation order, by their sequence
 * number.
 *
 * Handlers' and `after`'s tasks come from a pool of finished coroutines (behave_sched_spawn):
 * a coroutine that ended normally is reused unless a script may still hold it, which only
 * coroutine.running can give it (behave_sched_running takes such a coroutine out of the pool
 * for good). A reused coroutine saves a new thread, its stack and their collection per event.
 *
 * A step reads the user values it needs once, into its frame (behave_sched_frame).
 */
#include "runtime.h"
#include <string.h>

/* The most finished coroutines kept for reuse. */
#define BEHAVE_POOL_SIZE 64

/* How often (in passes over due timers) a step looks at the clock, and how long it may go on:
 * past that, the host gets control back to deliver events and move time. Between looks, each
 * stretch is a slice of its own (behave_next_slice), as a return to the host made it. */
#define BEHAVE_PASSES_PER_LOOK 64
#define BEHAVE_STEP_NS 1000000LL

static int behave_timer_before(const behave_timer_entry *a, const behave_timer_entry *b) {
    return a->at < b->at || (a->at == b->at && a->seq < b->seq);
}

static void behave_sift_down(behave_runtime *rt, int i, behave_timer_entry entry) {
    int n = rt->count;
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        const behave_timer_entry *best = &entry;
        if (l < n && behave_timer_before(&rt->timers[l], best)) { m = l; best = &rt->timers[l]; }
        if (r < n && behave_timer_before(&rt->timers[r], best)) m = r;
        if (m == i) break;
        rt->timers[i] = rt->timers[m];
        i = m;
    }
    rt->timers[i] = entry;
}

void behave_sched_push(lua_State *L, behave_runtime *rt, int waiting, double at) {
    if (rt->count == rt->capacity) {
        int capacity = rt->capacity ? rt->capacity * 2 : 16;
        size_t each = sizeof(behave_timer_entry) + sizeof(lua_Integer);
        if ((size_t)capacity > 0x7fffffff / each) luaL_error(L, "too many tasks waiting");
        luaL_checkstack(L, 1, "scheduler");
        behave_timer_entry *grown = (behave_timer_entry *)lua_newuserdatauv(L, (size_t)capacity * each, 0);
        lua_Integer *free = (lua_Integer *)(grown + capacity);
        if (rt->count) memcpy(grown, rt->timers, (size_t)rt->count * sizeof(behave_timer_entry));
        if (rt->freed) memcpy(free, rt->free, (size_t)rt->freed * sizeof(lua_Integer));
        behave_rt_set(L, HEAP_ARRAY);
        rt->timers = grown;
        rt->free = free;
        rt->capacity = capacity;
    }
    /* Slots in use are the heap's entries, so slots <= capacity and the freed ones fit their array. */
    lua_Integer slot = rt->freed > 0 ? rt->free[--rt->freed] : ++rt->slots;
    lua_rawseti(L, waiting, slot);
    behave_timer_entry entry = {at, ++rt->seq, slot};
    int i = rt->count++;
    while (i > 0) {
        int parent = (i - 1) / 2;
        if (!behave_timer_before(&entry, &rt->timers[parent])) break;
        rt->timers[i] = rt->timers[parent];
        i = parent;
    }
    rt->timers[i] = entry;
}

/* Removes the first entry; returns its slot, which the caller empties (it is free again). */
static lua_Integer behave_pop_wait(behave_runtime *rt) {
    lua_Integer slot = rt->timers[0].slot;
    rt->free[rt->freed++] = slot;
    behave_timer_entry last = rt->timers[--rt->count];
    if (rt->count > 0) behave_sift_down(rt, 0, last);
    return slot;
}

/* Whether the value at `index` is a timer record that is done (a coroutine never is). */
static int behave_is_done(lua_State *L, int index) {
    if (lua_type(L, index) != LUA_TTABLE) return 0;
    lua_rawgeti(L, index, R_DONE);
    int done = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return done;
}

/* Whether the heap entry in `slot` is a record that is done; if so, it leaves WAITING. */
static int behave_drop_if_done(lua_State *L, int waiting, lua_Integer slot) {
    lua_rawgeti(L, waiting, slot);
    int done = behave_is_done(L, -1);
    lua_pop(L, 1);
    if (done) {
        lua_pushnil(L);
        lua_rawseti(L, waiting, slot);
    }
    return done;
}

void behave_sched_drop_done(lua_State *L, behave_runtime *rt, int waiting) {
    luaL_checkstack(L, 3, "scheduler");
    while (rt->count > 0 && behave_drop_if_done(L, waiting, rt->timers[0].slot)) {
        behave_pop_wait(rt);
        rt->dead--;
    }
}

void behave_sched_compact(lua_State *L, behave_runtime *rt) {
    if (!(rt->dead > 64 && rt->dead * 2 > rt->count)) return;
    luaL_checkstack(L, 4, "scheduler");
    behave_rt_get(L, WAITING);
    int waiting = lua_gettop(L);
    int live = 0;
    for (int i = 0; i < rt->count; i++) {
        behave_timer_entry entry = rt->timers[i];
        if (behave_drop_if_done(L, waiting, entry.slot)) rt->free[rt->freed++] = entry.slot;
        else rt->timers[live++] = entry;
    }
    rt->count = live;
    rt->dead = 0;
    for (int i = live / 2 - 1; i >= 0; i--) behave_sift_down(rt, i, rt->timers[i]);
    lua_pop(L, 1);
}

void behave_pack(lua_State *L, int n) {
    lua_createtable(L, n, 1);
    lua_insert(L, -n - 1);
    for (int i = n; i >= 1; i--) lua_rawseti(L, -i - 1, i);
    lua_pushinteger(L, n);
    lua_setfield(L, -2, "n");
}

int behave_unpack(lua_State *L, int index) {
    index = lua_absindex(L, index);
    lua_getfield(L, index, "n");
    int n = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    luaL_checkstack(L, n, "too many values to unpack");
    for (int i = 1; i <= n; i++) lua_rawgeti(L, index, i);
    return n;
}

void behave_sched_enqueue(lua_State *L, behave_runtime *rt, int ready, int n) {
    lua_Integer entry = READY_SLOTS * rt->last;
    rt->last++;
    int args = n - 1;
    if (args > 2) {
        /* Packed; the coroutine stays below them. */
        behave_pack(L, args);
        lua_rawseti(L, ready, entry + READY_FIRST);
    } else {
        if (args == 2) lua_rawseti(L, ready, entry + READY_SECOND);
        if (args >= 1) lua_rawseti(L, ready, entry + READY_FIRST);
    }
    lua_pushinteger(L, args);
    lua_rawseti(L, ready, entry + READY_COUNT);
    lua_rawseti(L, ready, entry + READY_TASK);
}

void behave_sched_schedule(lua_State *L, behave_runtime *rt, int n) {
    luaL_checkstack(L, 4, "scheduler");
    behave_rt_get(L, READY);
    lua_insert(L, -n - 1);
    behave_sched_enqueue(L, rt, lua_gettop(L) - n, n);
    lua_pop(L, 1);
}

void behave_sched_name(lua_State *L, int co, int record) {
    co = lua_absindex(L, co);
    luaL_checkstack(L, 2, "scheduler");
    if (record != 0) lua_rawgeti(L, record, R_WHAT);
    else lua_pushliteral(L, "main");
    behave_tools_task(L, co, -1);
    lua_pop(L, 1);
}

void behave_sched_spawn(lua_State *L, behave_runtime *rt, int n, int record) {
    luaL_checkstack(L, 5, "scheduler");
    int fn = lua_gettop(L) - n + 1;
    lua_State *co;
    if (rt->pooled > 0) {
        behave_rt_get(L, POOL);
        lua_rawgeti(L, -1, rt->pooled);
        lua_pushnil(L);
        lua_rawseti(L, -3, rt->pooled--);
        lua_remove(L, -2);
        co = lua_tothread(L, -1);
    } else {
        co = lua_newthread(L);
        behave_rt_get(L, SPAWNED);
        lua_pushvalue(L, -2);
        lua_pushboolean(L, 1);
        lua_rawset(L, -3);
        lua_pop(L, 1);
    }
    if (__builtin_expect(behave_control_of(L)->tool_tasks, 0)) behave_sched_name(L, -1, record);
    /* fn, args..., co -> co, args..., with fn moved onto co's empty stack */
    lua_pushvalue(L, fn);
    lua_xmove(L, co, 1);
    lua_replace(L, fn);
    behave_sched_schedule(L, rt, n);
}

void behave_sched_frame(lua_State *L) {
    lua_settop(L, F_ARGS);
    luaL_checkstack(L, S_FRAME + 10, "scheduler");
    static const int values[] = {READY, WAITING, MAIN, SPAWNED, POOL};
    for (int i = 0; i < (int)(sizeof values / sizeof values[0]); i++) behave_rt_get(L, values[i]);
}

/* A finished task (at `co`, its stack empty) goes back to the pool if it came from it and no
 * script can hold it. */
static void behave_recycle(lua_State *L, behave_runtime *rt, int co) {
    if (rt->pooled >= BEHAVE_POOL_SIZE) return;
    lua_pushvalue(L, co);
    int spawned = lua_rawget(L, S_SPAWNED) != LUA_TNIL;
    lua_pop(L, 1);
    if (!spawned) return;
    lua_pushvalue(L, co);
    lua_rawseti(L, S_POOL, ++rt->pooled);
}

/* Takes the first ready task off the queue and resumes it with its arguments; a wait or a bare
 * yield is handled here, anything else by outcome.c. Leaves the stack at `base`, the frame's top. */
static void behave_sched_resume_next(lua_State *L, behave_runtime *rt, behave_control *c, int base) {
    lua_Integer entry = READY_SLOTS * (rt->first - 1);
    rt->first++;
    lua_rawgeti(L, S_READY, entry + READY_TASK); /* base + 1: the task */
    lua_pushnil(L);
    lua_rawseti(L, S_READY, entry + READY_TASK);
    lua_rawgeti(L, S_READY, entry + READY_COUNT);
    int args = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (args > 2) {
        lua_rawgeti(L, S_READY, entry + READY_FIRST);
        behave_unpack(L, base + 2);
        lua_remove(L, base + 2);
    } else {
        if (args >= 1) lua_rawgeti(L, S_READY, entry + READY_FIRST);
        if (args == 2) lua_rawgeti(L, S_READY, entry + READY_SECOND);
    }
    if (args >= 1) {
        lua_pushnil(L);
        lua_rawseti(L, S_READY, entry + READY_FIRST);
    }
    if (args == 2) {
        lua_pushnil(L);
        lua_rawseti(L, S_READY, entry + READY_SECOND);
    }
    lua_State *co = lua_tothread(L, base + 1);
    /* A halt outside any task (stop() in a finalizer the runtime's own code triggered): the
     * runtime has recorded the stop and ends the behaviour after this task. */
    if (c->terminated == BEHAVE_STOPPED) c->terminated = BEHAVE_RUNNING;
    if (c->terminated) behave_raise_termination(L);
    int top;
    int ok = behave_resume_values(L, c, co, base + 1, &top);
    /* The task halted itself (behave_halt): it is over, and so is the termination. */
    if (c->terminated == BEHAVE_STOPPED) c->terminated = BEHAVE_RUNNING;
    if (c->terminated) behave_raise_termination(L);
    int from = base + 2, n = top - base - 1;
    if (!ok) return rt->resumed(L, rt, base + 1, 0);
    if (lua_status(co) == LUA_OK) {
        /* Ended. Only the main chunk's results are kept. */
        if (lua_rawequal(L, base + 1, S_MAIN)) {
            rt->main_ended = 1;
            behave_pack(L, n);
            behave_rt_set(L, RESULTS);
            lua_settop(L, base);
            return;
        }
        lua_settop(L, base + 1);
        behave_recycle(L, rt, base + 1);
        lua_settop(L, base);
        return;
    }
    if (n >= 1 && lua_topointer(L, from) == rt->sentinel) {
        if (n >= 3 && lua_topointer(L, from + 1) == rt->wait_kind) {
            double at = behave_rt_later(rt->now, lua_tonumber(L, from + 2));
            lua_settop(L, base + 1);
            behave_sched_push(L, rt, S_WAITING, at);
            return;
        }
        return rt->resumed(L, rt, base + 1, 1);
    }
    /* A bare coroutine.yield(): the task lets the others run, and goes on after them. */
    lua_settop(L, base + 1);
    behave_sched_enqueue(L, rt, S_READY, 1);
}

/* Runs ready tasks and due timers until none is left, the behaviour stops or fails, or the step
 * has run long enough. Timers made during the step (a wait(0) loop) fire in it; every
 * BEHAVE_PASSES_PER_LOOK passes over such timers the step looks at the clock, and returns once
 * BEHAVE_STEP_NS have gone. */
void behave_sched_step(lua_State *L, behave_runtime *rt, int base) {
    behave_control *c = behave_control_of(L);
    long long started = 0;
    lua_Integer limit = rt->seq;
    int passes = 0;
    for (;;) {
        while (rt->first <= rt->last) {
            behave_sched_resume_next(L, rt, c, base);
            if (behave_rt_ended(rt)) break;
        }
        /* Drained: the queue starts again at 1, where its keys stay in the table's array part. */
        if (rt->first > rt->last) rt->first = 1, rt->last = 0;
        if (behave_rt_ended(rt)) break;
        if (rt->count == 0 || rt->timers[0].at > rt->now) break;
        if (rt->timers[0].seq > limit) {
            if (++passes % BEHAVE_PASSES_PER_LOOK == 0) {
                long long now = behave_now_ns();
                if (started == 0) started = now;
                else if (now - started >= BEHAVE_STEP_NS) break;
                behave_next_slice(L);
            }
            limit = rt->seq;
        }
        double at = rt->timers[0].at;
        lua_Integer slot = behave_pop_wait(rt);
        lua_rawgeti(L, S_WAITING, slot);
        lua_pushnil(L);
        lua_rawseti(L, S_WAITING, slot);
        if (lua_type(L, -1) == LUA_TTHREAD) {
            behave_sched_enqueue(L, rt, S_READY, 1);
        } else if (behave_is_done(L, base + 1)) {
            rt->dead--;
            lua_settop(L, base);
        } else {
            rt->fire(L, rt, base + 1, at);
        }
    }
}

/* coroutine.running for a script (upvalue 2 is the running it wraps): the coroutine it gives
 * leaves the pool for good, since the script may resume, close or compare it after it ends. */
int behave_sched_running(lua_State *L) {
    int n = behave_push_wrapped(L, 2);
    lua_call(L, n, LUA_MULTRET);
    if (lua_type(L, 1) == LUA_TTHREAD) {
        luaL_checkstack(L, 3, "scheduler");
        behave_rt_get(L, SPAWNED);
        lua_pushvalue(L, 1);
        lua_pushnil(L);
        lua_rawset(L, -3);
        lua_pop(L, 1);
    }
    return lua_gettop(L);
}
