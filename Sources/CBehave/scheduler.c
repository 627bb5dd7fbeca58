/*
 * scheduler.c — the runtime's hot loop: the ready queue, the heap of tasks in `wait`, and the
 * step that runs ready tasks and due timers. runtime.lua keeps everything else (after, every,
 * wait_for's timeouts, events, handles) and is called back only for what is not a plain wait
 * or yield: a failure, the main chunk's end, another request, a timer of its own.
 *
 * In C because a `wait(0)` written as Lua (a table per wait, a heap of tables, five Lua calls
 * around the resume) cost twenty times a bare coroutine round trip; here it is the resume, a
 * few table reads and writes, and an entry in a heap of plain structs.
 *
 * Order is the runtime's: a timer is due at `at`, and timers due together fire in creation
 * order, by a sequence number shared by this heap and runtime.lua's (behave_sched_nextseq).
 * The step merges the two heaps on (at, seq).
 *
 * Handlers' and `after`'s tasks come from a pool of finished coroutines (behave_sched_spawn):
 * a coroutine that ended normally is reused unless a script may still hold it, which only
 * coroutine.running can give it (behave_sched_exposing takes such a coroutine out of the pool
 * for good). A reused coroutine saves a new thread, its stack and their collection per event.
 *
 * Every function here is a C closure whose upvalue 1 is the scheduler's userdata; its user
 * values hold what the step needs from Lua (below), so a step reads them once.
 */
#include "internal.h"
#include <math.h>
#include <string.h>

/* A task in `wait`: due at `at`; the coroutine is waiting[slot] (WAITING below). Slots are
 * reused, so the table keeps its keys in its array part. */
typedef struct behave_wait {
    double at;
    lua_Integer seq;
    lua_Integer slot;
} behave_wait;

typedef struct behave_scheduler {
    double now;          /* the step's time: what wait counts from */
    lua_Integer seq;     /* the last sequence number given out */
    lua_Integer first;   /* the ready queue: entries first..last */
    lua_Integer last;
    int ended;           /* the runtime recorded a stop or a failure: the step returns */
    int main_ended;      /* the main task has ended (deliverall's untilMainEnds) */
    int pooled;          /* finished coroutines in POOL */
    int count;           /* waits in the heap */
    int capacity;
    behave_wait *waits;  /* the heap's array: the user value HEAP_ARRAY, a userdata */
    lua_Integer *free;   /* slots given back, `freed` of them: after the waits in the same userdata */
    int freed;
    lua_Integer slots;   /* the highest slot given out */
    const void *sentinel;  /* SENTINEL and WAIT_KIND, compared by address (the kind is an interned */
    const void *wait_kind; /* string), which costs less than a comparison of values */
} behave_scheduler;

/* The scheduler's user values. */
enum {
    HEAP_ARRAY = 1, /* userdata: the waits' array */
    READY,          /* table: entry i is 4i-3 coroutine, 4i-2 argument count, 4i-1 and 4i the
                       first two arguments (count > 2: 4i-1 holds them packed) */
    WAITING,        /* table: slot -> the coroutine waiting */
    TIMERS,         /* table: runtime.lua's heap of timer records ({at, seq, ...}) */
    SLOW,           /* function(co, ok, ...): runtime.lua's handling of what a resume gave */
    FIRE,           /* function(): runtime.lua pops its first timer and fires it */
    MAIN,           /* the main task */
    SENTINEL,       /* HOST: the first value a request yields */
    WAIT_KIND,      /* the kind of a wait request */
    SPAWNED,        /* table, weak keys: coroutine -> true while it may go back to the pool */
    POOL,           /* table: 1..pooled, finished coroutines ready for another function */
    DELIVER,        /* function(name, payload): runtime.lua delivers an event */
    FINISH,         /* function(): runtime.lua's step results (driver.step's) */
    USER_VALUES = FINISH
};

/* The most finished coroutines kept for reuse. */
#define BEHAVE_POOL_SIZE 64

/* How often (in passes over due timers) a step looks at the clock, and how long it may go on:
 * past that, the host gets control back to deliver events and move time. Between looks, each
 * stretch is a slice of its own (behave_next_slice), as a return to the host made it. */
#define BEHAVE_PASSES_PER_LOOK 64
#define BEHAVE_STEP_NS 1000000LL

static behave_scheduler *behave_sched_of(lua_State *L) {
    return (behave_scheduler *)lua_touserdata(L, lua_upvalueindex(1));
}

static int behave_wait_before(const behave_wait *a, const behave_wait *b) {
    return a->at < b->at || (a->at == b->at && a->seq < b->seq);
}

/* Adds co (on top of the stack, popped) to the waits, due at `at`. */
static void behave_push_wait(lua_State *L, behave_scheduler *s, int waiting, double at) {
    if (s->count == s->capacity) {
        int capacity = s->capacity ? s->capacity * 2 : 16;
        size_t each = sizeof(behave_wait) + sizeof(lua_Integer);
        if ((size_t)capacity > 0x7fffffff / each) luaL_error(L, "too many tasks waiting");
        luaL_checkstack(L, 1, "scheduler");
        behave_wait *grown = (behave_wait *)lua_newuserdatauv(L, (size_t)capacity * each, 0);
        lua_Integer *free = (lua_Integer *)(grown + capacity);
        if (s->count) memcpy(grown, s->waits, (size_t)s->count * sizeof(behave_wait));
        if (s->freed) memcpy(free, s->free, (size_t)s->freed * sizeof(lua_Integer));
        lua_setiuservalue(L, lua_upvalueindex(1), HEAP_ARRAY);
        s->waits = grown;
        s->free = free;
        s->capacity = capacity;
    }
    /* Slots in use are the waits, so slots <= capacity and the freed ones fit their array. */
    lua_Integer slot = s->freed > 0 ? s->free[--s->freed] : ++s->slots;
    lua_rawseti(L, waiting, slot);
    behave_wait entry = {at, ++s->seq, slot};
    int i = s->count++;
    while (i > 0) {
        int parent = (i - 1) / 2;
        if (!behave_wait_before(&entry, &s->waits[parent])) break;
        s->waits[i] = s->waits[parent];
        i = parent;
    }
    s->waits[i] = entry;
}

/* Removes the first wait; returns its slot, which the caller empties (it is free again). */
static lua_Integer behave_pop_wait(behave_scheduler *s) {
    lua_Integer slot = s->waits[0].slot;
    s->free[s->freed++] = slot;
    behave_wait last = s->waits[--s->count];
    int i = 0, n = s->count;
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        const behave_wait *best = &last;
        if (l < n && behave_wait_before(&s->waits[l], best)) { m = l; best = &s->waits[l]; }
        if (r < n && behave_wait_before(&s->waits[r], best)) m = r;
        if (m == i) break;
        s->waits[i] = s->waits[m];
        i = m;
    }
    if (n > 0) s->waits[i] = last;
    return slot;
}

/* Appends the `n` values on top of the stack (a coroutine, then its arguments) to the ready
 * queue and pops them. */
static void behave_enqueue(lua_State *L, behave_scheduler *s, int ready, int n) {
    lua_Integer base = 4 * s->last;
    s->last++;
    int args = n - 1;
    if (args > 2) {
        /* Packed as table.pack would; the coroutine stays below them. */
        lua_createtable(L, args, 1);
        lua_insert(L, -args - 1);
        for (int i = args; i >= 1; i--) lua_rawseti(L, -i - 1, i);
        lua_pushinteger(L, args);
        lua_setfield(L, -2, "n");
        lua_rawseti(L, ready, base + 3);
    } else {
        if (args == 2) lua_rawseti(L, ready, base + 4);
        if (args >= 1) lua_rawseti(L, ready, base + 3);
    }
    lua_pushinteger(L, args);
    lua_rawseti(L, ready, base + 2);
    lua_rawseti(L, ready, base + 1);
}

/* For schedule and spawn: checks that argument 1 is a `type`, puts the ready queue's table below
 * the arguments, and returns how many they are. */
static int behave_ready_below(lua_State *L, int type) {
    luaL_checktype(L, 1, type);
    int n = lua_gettop(L);
    luaL_checkstack(L, 4, "scheduler");
    lua_getiuservalue(L, lua_upvalueindex(1), READY);
    lua_insert(L, 1);
    return n;
}

/* schedule(co, ...): co runs on this or the next step with the arguments. */
static int behave_sched_schedule(lua_State *L) {
    int n = behave_ready_below(L, LUA_TTHREAD);
    behave_enqueue(L, behave_sched_of(L), 1, n);
    return 0;
}

/* Calls runtime.lua's handling of a resume (SLOW) with the coroutine and what its resume gave,
 * the values from `from` to the top, and leaves the stack below the coroutine (at `co`). */
static void behave_slow(lua_State *L, int co, int from, int ok) {
    int n = lua_gettop(L) - from + 1;
    luaL_checkstack(L, 3, "scheduler");
    lua_getiuservalue(L, lua_upvalueindex(1), SLOW);
    lua_pushvalue(L, co);
    lua_pushboolean(L, ok);
    lua_rotate(L, from, 3);
    lua_call(L, n + 2, 0);
    lua_settop(L, co - 1);
}

/* The fixed slots of a step's frame (behave_sched_frame): the user values it uses, above the
 * caller's `F_ARGS` arguments; the caller's own slots, if any, follow up to `base`. */
enum { F_ARGS = 4, S_READY, S_WAITING, S_TIMERS, S_MAIN, S_SPAWNED, S_POOL, S_FRAME = S_POOL };

static void behave_sched_frame(lua_State *L) {
    lua_settop(L, F_ARGS);
    luaL_checkstack(L, S_FRAME + 10, "scheduler");
    static const int values[] = {READY, WAITING, TIMERS, MAIN, SPAWNED, POOL};
    for (int i = 0; i < (int)(sizeof values / sizeof values[0]); i++)
        lua_getiuservalue(L, lua_upvalueindex(1), values[i]);
}

/* A finished task (at `co`, its stack empty) goes back to the pool if it came from it and no
 * script can hold it. */
static void behave_recycle(lua_State *L, behave_scheduler *s, int co) {
    if (s->pooled >= BEHAVE_POOL_SIZE) return;
    lua_pushvalue(L, co);
    int spawned = lua_rawget(L, S_SPAWNED) != LUA_TNIL;
    lua_pop(L, 1);
    if (!spawned) return;
    lua_pushvalue(L, co);
    lua_rawseti(L, S_POOL, ++s->pooled);
}

/* Takes the first ready task off the queue and resumes it with its arguments; a wait or a bare
 * yield is handled here, anything else by runtime.lua. Leaves the stack at `base`, the frame's top. */
static void behave_run_first(lua_State *L, behave_scheduler *s, behave_control *c, int base) {
    lua_Integer entry = 4 * (s->first - 1);
    s->first++;
    lua_rawgeti(L, S_READY, entry + 1); /* base + 1: the task */
    lua_pushnil(L);
    lua_rawseti(L, S_READY, entry + 1);
    lua_rawgeti(L, S_READY, entry + 2);
    int args = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (args > 2) {
        lua_rawgeti(L, S_READY, entry + 3);
        luaL_checkstack(L, args, "too many arguments to resume");
        for (int i = 1; i <= args; i++) lua_rawgeti(L, base + 2, i);
        lua_remove(L, base + 2);
    } else {
        if (args >= 1) lua_rawgeti(L, S_READY, entry + 3);
        if (args == 2) lua_rawgeti(L, S_READY, entry + 4);
    }
    if (args >= 1) {
        lua_pushnil(L);
        lua_rawseti(L, S_READY, entry + 3);
    }
    if (args == 2) {
        lua_pushnil(L);
        lua_rawseti(L, S_READY, entry + 4);
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
    if (!ok) return behave_slow(L, base + 1, from, 0);
    if (lua_status(co) == LUA_OK) {
        /* Ended. Only the main chunk's results are kept (runtime.lua packs them). */
        if (lua_rawequal(L, base + 1, S_MAIN)) {
            s->main_ended = 1;
            lua_createtable(L, n, 1);
            lua_insert(L, from);
            for (int i = n; i >= 1; i--) lua_rawseti(L, from, i);
            lua_pushinteger(L, n);
            lua_setfield(L, from, "n");
            return behave_slow(L, base + 1, from, 1);
        }
        lua_settop(L, base + 1);
        behave_recycle(L, s, base + 1);
        lua_settop(L, base);
        return;
    }
    if (n >= 1 && lua_topointer(L, from) == s->sentinel) {
        if (n >= 3 && lua_topointer(L, from + 1) == s->wait_kind) {
            double at = s->now + lua_tonumber(L, from + 2);
            lua_settop(L, base + 1);
            behave_push_wait(L, s, S_WAITING, at);
            return;
        }
        return behave_slow(L, base + 1, from, 1);
    }
    /* A bare coroutine.yield(): the task lets the others run, and goes on after them. */
    lua_settop(L, base + 1);
    behave_enqueue(L, s, S_READY, 1);
}

/* Runs ready tasks and due timers, until none is left, the behaviour stops or fails, or the step
 * has run long enough (see behave_sched_step), on a frame (behave_sched_frame) whose own slots
 * end at `base`. */
static void behave_step(lua_State *L, behave_scheduler *s, behave_control *c, int base) {
    long long started = 0;
    lua_Integer limit = s->seq;
    int passes = 0;
    for (;;) {
        while (s->first <= s->last) {
            behave_run_first(L, s, c, base);
            if (s->ended) break;
        }
        /* Drained: the queue starts again at 1, where its keys stay in the table's array part. */
        if (s->first > s->last) s->first = 1, s->last = 0;
        if (s->ended) break;
        /* The first due timer of the two heaps. */
        behave_wait timer = {0, 0};
        int own = 0, theirs = 0;
        if (lua_rawgeti(L, S_TIMERS, 1) == LUA_TTABLE) {
            lua_getfield(L, -1, "at");
            lua_getfield(L, -2, "seq");
            timer.at = lua_tonumber(L, -2);
            timer.seq = lua_tointeger(L, -1);
            theirs = 1;
        }
        lua_settop(L, base);
        if (s->count > 0 && (!theirs || behave_wait_before(&s->waits[0], &timer))) {
            timer = s->waits[0];
            own = 1;
        }
        if (!(own || theirs) || timer.at > s->now) break;
        if (timer.seq > limit) {
            if (++passes % BEHAVE_PASSES_PER_LOOK == 0) {
                long long now = behave_now_ns();
                if (started == 0) started = now;
                else if (now - started >= BEHAVE_STEP_NS) break;
                behave_next_slice(L);
            }
            limit = s->seq;
        }
        if (own) {
            lua_Integer slot = behave_pop_wait(s);
            lua_rawgeti(L, S_WAITING, slot);
            lua_pushnil(L);
            lua_rawseti(L, S_WAITING, slot);
            behave_enqueue(L, s, S_READY, 1);
        } else {
            lua_getiuservalue(L, lua_upvalueindex(1), FIRE);
            lua_call(L, 0, 0);
        }
    }
}

/* step(now): runs ready tasks and due timers. Timers made during the step (a wait(0) loop) fire
 * in it; every BEHAVE_PASSES_PER_LOOK passes over such timers the step looks at the clock, and
 * returns once BEHAVE_STEP_NS have gone. runtime.lua reads the outcome from its own state. */
static int behave_sched_step(lua_State *L) {
    behave_scheduler *s = behave_sched_of(L);
    s->now = luaL_checknumber(L, 1);
    behave_sched_frame(L);
    behave_step(L, s, behave_control_of(L), S_FRAME);
    return 0;
}

/* deliverall(now, events, n, untilMainEnds): runtime.lua's driver.deliverall (its protocol), with
 * the loop here: each event delivered (DELIVER) and stepped in a slice of its own. */
static int behave_sched_deliverall(lua_State *L) {
    behave_scheduler *s = behave_sched_of(L);
    behave_control *c = behave_control_of(L);
    s->now = luaL_checknumber(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_Integer n = luaL_checkinteger(L, 3);
    int untilMainEnds = lua_toboolean(L, 4);
    behave_sched_frame(L);
    enum { EVENTS = S_FRAME + 1, DELIVERER, BASE = DELIVERER };
    lua_pushvalue(L, 2);
    lua_getiuservalue(L, lua_upvalueindex(1), DELIVER);
    lua_Integer delivered = 0;
    for (lua_Integer i = 1; i <= n; i++) {
        if (i > 1) behave_next_slice(L);
        lua_pushvalue(L, DELIVERER);
        lua_rawgeti(L, EVENTS, 2 * i - 1);
        lua_rawgeti(L, EVENTS, 2 * i);
        lua_call(L, 2, 0);
        behave_step(L, s, c, BASE);
        delivered = i;
        if (s->ended || (untilMainEnds && s->main_ended)) break;
    }
    lua_settop(L, 0);
    lua_pushinteger(L, delivered);
    lua_getiuservalue(L, lua_upvalueindex(1), FINISH);
    lua_call(L, 0, LUA_MULTRET);
    return lua_gettop(L);
}

/* spawn(fn, ...): a task running fn with the arguments, on a pooled coroutine if there is one. */
static int behave_sched_spawn(lua_State *L) {
    behave_scheduler *s = behave_sched_of(L);
    int n = behave_ready_below(L, LUA_TFUNCTION);
    lua_State *co;
    if (s->pooled > 0) {
        lua_getiuservalue(L, lua_upvalueindex(1), POOL);
        lua_rawgeti(L, -1, s->pooled);
        lua_pushnil(L);
        lua_rawseti(L, -3, s->pooled--);
        lua_remove(L, -2);
        co = lua_tothread(L, -1);
    } else {
        co = lua_newthread(L);
        lua_getiuservalue(L, lua_upvalueindex(1), SPAWNED);
        lua_pushvalue(L, -2);
        lua_pushboolean(L, 1);
        lua_rawset(L, -3);
        lua_pop(L, 1);
    }
    /* ready, fn, args..., co -> ready, co, args..., with fn moved onto co's empty stack */
    lua_pushvalue(L, 2);
    lua_xmove(L, co, 1);
    lua_replace(L, 2);
    behave_enqueue(L, s, 1, n);
    return 0;
}

/* exposing(running): coroutine.running, which takes the coroutine it gives a script out of the
 * pool for good: the script may resume, close or compare it after it ends. */
static int behave_sched_exposing_call(lua_State *L) {
    int n = behave_push_wrapped(L, 2);
    lua_call(L, n, LUA_MULTRET);
    if (lua_type(L, 1) == LUA_TTHREAD) {
        luaL_checkstack(L, 3, "scheduler");
        lua_getiuservalue(L, lua_upvalueindex(1), SPAWNED);
        lua_pushvalue(L, 1);
        lua_pushnil(L);
        lua_rawset(L, -3);
        lua_pop(L, 1);
    }
    return lua_gettop(L);
}

static int behave_sched_exposing(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_settop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_pushcclosure(L, behave_sched_exposing_call, 2);
    return 1;
}

/* nextat(at): the earlier of `at` (runtime.lua's first timer, or nil) and the first wait. */
static int behave_sched_nextat(lua_State *L) {
    behave_scheduler *s = behave_sched_of(L);
    if (s->count > 0 && (lua_isnil(L, 1) || s->waits[0].at < lua_tonumber(L, 1))) lua_pushnumber(L, s->waits[0].at);
    else lua_settop(L, 1);
    return 1;
}

/* nextseq(): the next sequence number, for a timer of runtime.lua's. */
static int behave_sched_nextseq(lua_State *L) {
    lua_pushinteger(L, ++behave_sched_of(L)->seq);
    return 1;
}

/* ended(flag): whether the runtime has recorded a stop or a failure. */
static int behave_sched_ended(lua_State *L) {
    behave_sched_of(L)->ended = lua_toboolean(L, 1);
    return 0;
}

/* setmain(co): the main task, whose results the runtime keeps. */
static int behave_sched_setmain(lua_State *L) {
    behave_sched_of(L)->main_ended = 0;
    lua_settop(L, 1);
    lua_setiuservalue(L, lua_upvalueindex(1), MAIN);
    return 0;
}

/* attach(slow, fire, timers, deliver, finish): runtime.lua's side (see the user values). */
static int behave_sched_attach(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    luaL_checktype(L, 3, LUA_TTABLE);
    luaL_checktype(L, 4, LUA_TFUNCTION);
    luaL_checktype(L, 5, LUA_TFUNCTION);
    lua_settop(L, 5);
    lua_setiuservalue(L, lua_upvalueindex(1), FINISH);
    lua_setiuservalue(L, lua_upvalueindex(1), DELIVER);
    lua_setiuservalue(L, lua_upvalueindex(1), TIMERS);
    lua_setiuservalue(L, lua_upvalueindex(1), FIRE);
    lua_setiuservalue(L, lua_upvalueindex(1), SLOW);
    return 0;
}

/* wait(seconds): the script's wait. Checks its argument as runtime.lua's other functions do,
 * then yields the request; the continuation drops what the resume passes, as wait returns
 * nothing. */
static int behave_sched_waited(lua_State *L, int status, lua_KContext context) {
    (void)L, (void)status, (void)context;
    return 0;
}

static int behave_sched_wait(lua_State *L) {
    double seconds = 0;
    int type = lua_type(L, 1);
    if (type != LUA_TNIL && type != LUA_TNONE) {
        seconds = lua_tonumber(L, 1);
        if (type != LUA_TNUMBER || seconds != seconds || seconds < 0 || seconds == HUGE_VAL) {
            const char *got = type == LUA_TNUMBER ? luaL_tolstring(L, 1, NULL) : luaL_typename(L, 1);
            return luaL_error(L, "bad argument #1 to 'wait' (non-negative number of seconds expected, got %s)", got);
        }
    }
    if (!lua_isyieldable(L))
        return luaL_error(L, "wait cannot wait here: not in a behaviour task (inside a metamethod, an "
                             "iterator, a sort comparator or a string.gsub callback?)");
    lua_settop(L, 0);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, lua_upvalueindex(3));
    lua_pushnumber(L, seconds);
    return behave_yield_request(L, behave_control_of(L), 3, 0, behave_sched_waited);
}

int behave_scheduler_new(lua_State *L) {
    luaL_checkany(L, 1);
    luaL_checktype(L, 2, LUA_TSTRING);
    lua_settop(L, 2);
    luaL_checkstack(L, 10, "scheduler");
    behave_scheduler *s = (behave_scheduler *)lua_newuserdatauv(L, sizeof *s, USER_VALUES);
    memset(s, 0, sizeof *s);
    s->first = 1;
    s->sentinel = lua_topointer(L, 1);
    s->wait_kind = lua_topointer(L, 2);
    lua_rotate(L, 1, 1); /* s, sentinel, kind */
    /* wait: a closure of its own, whose upvalues 2 and 3 are the request it yields. */
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    lua_pushcclosure(L, behave_sched_wait, 3);
    lua_rotate(L, 1, 1); /* wait, s, sentinel, kind */
    lua_setiuservalue(L, 2, WAIT_KIND);
    lua_setiuservalue(L, 2, SENTINEL);
    lua_newtable(L);
    lua_setiuservalue(L, 2, READY);
    lua_newtable(L);
    lua_setiuservalue(L, 2, WAITING);
    lua_newtable(L);
    lua_setiuservalue(L, 2, POOL);
    lua_newtable(L); /* SPAWNED: weak keys, so a task that never ends is still collected */
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_setiuservalue(L, 2, SPAWNED);
    static const luaL_Reg functions[] = {
        {"schedule", behave_sched_schedule}, {"step", behave_sched_step},       {"nextat", behave_sched_nextat},
        {"nextseq", behave_sched_nextseq},   {"ended", behave_sched_ended},     {"setmain", behave_sched_setmain},
        {"attach", behave_sched_attach},     {"spawn", behave_sched_spawn},     {"deliverall", behave_sched_deliverall},
        {"exposing", behave_sched_exposing}, {NULL, NULL}};
    lua_createtable(L, 0, 11);
    lua_insert(L, 2); /* wait, t, s */
    luaL_setfuncs(L, functions, 1);
    lua_insert(L, 1);
    lua_setfield(L, 1, "wait");
    return 1;
}
