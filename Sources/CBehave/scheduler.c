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
 * Every function here is a C closure whose upvalue 1 is the scheduler's userdata; its user
 * values hold what the step needs from Lua (below), so a step reads them once.
 */
#include "internal.h"
#include <math.h>
#include <string.h>

/* A task in `wait`: due at `at`; the coroutine is waiting[seq] (WAITING below). */
typedef struct behave_wait {
    double at;
    lua_Integer seq;
} behave_wait;

typedef struct behave_scheduler {
    double now;          /* the step's time: what wait counts from */
    lua_Integer seq;     /* the last sequence number given out */
    lua_Integer first;   /* the ready queue: entries first..last */
    lua_Integer last;
    int ended;           /* the runtime recorded a stop or a failure: the step returns */
    int count;           /* waits in the heap */
    int capacity;
    behave_wait *waits;  /* the heap's array: the user value HEAP_ARRAY, a userdata */
} behave_scheduler;

/* The scheduler's user values. */
enum {
    HEAP_ARRAY = 1, /* userdata: the waits' array */
    READY,          /* table: entry i is 4i-3 coroutine, 4i-2 argument count, 4i-1 and 4i the
                       first two arguments (count > 2: 4i-1 holds them packed) */
    WAITING,        /* table: seq -> the coroutine waiting */
    TIMERS,         /* table: runtime.lua's heap of timer records ({at, seq, ...}) */
    SLOW,           /* function(co, ok, ...): runtime.lua's handling of what a resume gave */
    FIRE,           /* function(): runtime.lua pops its first timer and fires it */
    MAIN,           /* the main task */
    SENTINEL,       /* HOST: the first value a request yields */
    WAIT_KIND,      /* the kind of a wait request */
    USER_VALUES = WAIT_KIND
};

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
        if (capacity > (int)(0x7fffffff / sizeof(behave_wait))) luaL_error(L, "too many tasks waiting");
        luaL_checkstack(L, 1, "scheduler");
        behave_wait *grown = (behave_wait *)lua_newuserdatauv(L, (size_t)capacity * sizeof(behave_wait), 0);
        if (s->count) memcpy(grown, s->waits, (size_t)s->count * sizeof(behave_wait));
        lua_setiuservalue(L, lua_upvalueindex(1), HEAP_ARRAY);
        s->waits = grown;
        s->capacity = capacity;
    }
    lua_Integer seq = ++s->seq;
    lua_rawseti(L, waiting, seq);
    behave_wait entry = {at, seq};
    int i = s->count++;
    while (i > 0) {
        int parent = (i - 1) / 2;
        if (!behave_wait_before(&entry, &s->waits[parent])) break;
        s->waits[i] = s->waits[parent];
        i = parent;
    }
    s->waits[i] = entry;
}

/* Removes the first wait; returns its seq. */
static lua_Integer behave_pop_wait(behave_scheduler *s) {
    lua_Integer seq = s->waits[0].seq;
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
    return seq;
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

/* schedule(co, ...): co runs on this or the next step with the arguments. */
static int behave_sched_schedule(lua_State *L) {
    behave_scheduler *s = behave_sched_of(L);
    luaL_checktype(L, 1, LUA_TTHREAD);
    int n = lua_gettop(L);
    luaL_checkstack(L, 3, "scheduler");
    lua_getiuservalue(L, lua_upvalueindex(1), READY);
    lua_insert(L, 1);
    behave_enqueue(L, s, 1, n);
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

/* The step's fixed slots (behave_sched_step): the time, then the user values it uses. */
enum { S_NOW = 1, S_READY, S_WAITING, S_TIMERS, S_MAIN, S_SENTINEL, S_WAIT_KIND, S_BASE = S_WAIT_KIND };

/* Takes the first ready task off the queue and resumes it with its arguments; a wait or a bare
 * yield is handled here, anything else by runtime.lua. Leaves the stack at S_BASE. */
static void behave_run_first(lua_State *L, behave_scheduler *s, behave_control *c) {
    lua_Integer base = 4 * (s->first - 1);
    s->first++;
    lua_rawgeti(L, S_READY, base + 1); /* S_BASE + 1: the task */
    lua_pushnil(L);
    lua_rawseti(L, S_READY, base + 1);
    lua_rawgeti(L, S_READY, base + 2);
    int args = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (args > 2) {
        lua_rawgeti(L, S_READY, base + 3);
        luaL_checkstack(L, args, "too many arguments to resume");
        for (int i = 1; i <= args; i++) lua_rawgeti(L, S_BASE + 2, i);
        lua_remove(L, S_BASE + 2);
    } else {
        if (args >= 1) lua_rawgeti(L, S_READY, base + 3);
        if (args == 2) lua_rawgeti(L, S_READY, base + 4);
    }
    if (args >= 1) {
        lua_pushnil(L);
        lua_rawseti(L, S_READY, base + 3);
    }
    if (args == 2) {
        lua_pushnil(L);
        lua_rawseti(L, S_READY, base + 4);
    }
    lua_State *co = lua_tothread(L, S_BASE + 1);
    /* A halt outside any task (stop() in a finalizer the runtime's own code triggered): the
     * runtime has recorded the stop and ends the behaviour after this task. */
    if (c->terminated == BEHAVE_STOPPED) c->terminated = BEHAVE_RUNNING;
    if (c->terminated) behave_raise_termination(L);
    int top;
    int ok = behave_resume_values(L, c, co, S_BASE + 1, &top);
    /* The task halted itself (behave_halt): it is over, and so is the termination. */
    if (c->terminated == BEHAVE_STOPPED) c->terminated = BEHAVE_RUNNING;
    if (c->terminated) behave_raise_termination(L);
    int from = S_BASE + 2, n = top - S_BASE - 1;
    if (!ok) return behave_slow(L, S_BASE + 1, from, 0);
    if (lua_status(co) == LUA_OK) {
        /* Ended. Only the main chunk's results are kept (runtime.lua packs them). */
        if (lua_rawequal(L, S_BASE + 1, S_MAIN)) {
            lua_createtable(L, n, 1);
            lua_insert(L, from);
            for (int i = n; i >= 1; i--) lua_rawseti(L, from, i);
            lua_pushinteger(L, n);
            lua_setfield(L, from, "n");
            return behave_slow(L, S_BASE + 1, from, 1);
        }
        lua_settop(L, S_BASE);
        return;
    }
    if (n >= 1 && lua_rawequal(L, from, S_SENTINEL)) {
        if (n >= 3 && lua_rawequal(L, from + 1, S_WAIT_KIND)) {
            double at = s->now + lua_tonumber(L, from + 2);
            lua_settop(L, S_BASE + 1);
            behave_push_wait(L, s, S_WAITING, at);
            return;
        }
        return behave_slow(L, S_BASE + 1, from, 1);
    }
    /* A bare coroutine.yield(): the task lets the others run, and goes on after them. */
    lua_settop(L, S_BASE + 1);
    behave_enqueue(L, s, S_READY, 1);
}

/* step(now): runs ready tasks and due timers, until none is left, the behaviour stops or fails,
 * or the step has run long enough. Timers made during the step (a wait(0) loop) fire in it; at
 * every BEHAVE_PASSES_PER_LOOK passes over such timers the step looks at the clock, and returns
 * once BEHAVE_STEP_NS have gone. runtime.lua reads the outcome from its own state. */
static int behave_sched_step(lua_State *L) {
    behave_scheduler *s = behave_sched_of(L);
    behave_control *c = behave_control_of(L);
    s->now = luaL_checknumber(L, 1);
    lua_settop(L, 1);
    luaL_checkstack(L, S_BASE + 8, "scheduler");
    static const int values[] = {READY, WAITING, TIMERS, MAIN, SENTINEL, WAIT_KIND};
    for (int i = 0; i < (int)(sizeof values / sizeof values[0]); i++)
        lua_getiuservalue(L, lua_upvalueindex(1), values[i]);
    long long started = 0;
    lua_Integer limit = s->seq;
    int passes = 0;
    for (;;) {
        while (s->first <= s->last) {
            behave_run_first(L, s, c);
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
        lua_settop(L, S_BASE);
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
            lua_Integer seq = behave_pop_wait(s);
            lua_rawgeti(L, S_WAITING, seq);
            lua_pushnil(L);
            lua_rawseti(L, S_WAITING, seq);
            behave_enqueue(L, s, S_READY, 1);
        } else {
            lua_getiuservalue(L, lua_upvalueindex(1), FIRE);
            lua_call(L, 0, 0);
        }
    }
    return 0;
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
    lua_settop(L, 1);
    lua_setiuservalue(L, lua_upvalueindex(1), MAIN);
    return 0;
}

/* attach(slow, fire, timers): runtime.lua's side (see the user values). */
static int behave_sched_attach(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_settop(L, 3);
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
    lua_getiuservalue(L, lua_upvalueindex(1), SENTINEL);
    lua_getiuservalue(L, lua_upvalueindex(1), WAIT_KIND);
    lua_pushnumber(L, seconds);
    return behave_yield_request(L, behave_control_of(L), 3, 0, behave_sched_waited);
}

int behave_scheduler_new(lua_State *L) {
    luaL_checkany(L, 1);
    luaL_checktype(L, 2, LUA_TSTRING);
    lua_settop(L, 2);
    luaL_checkstack(L, 8, "scheduler");
    behave_scheduler *s = (behave_scheduler *)lua_newuserdatauv(L, sizeof *s, USER_VALUES);
    memset(s, 0, sizeof *s);
    s->first = 1;
    lua_rotate(L, 1, 1); /* s, sentinel, kind */
    lua_setiuservalue(L, 1, WAIT_KIND);
    lua_setiuservalue(L, 1, SENTINEL);
    lua_newtable(L);
    lua_setiuservalue(L, 1, READY);
    lua_newtable(L);
    lua_setiuservalue(L, 1, WAITING);
    static const luaL_Reg functions[] = {
        {"schedule", behave_sched_schedule}, {"step", behave_sched_step},       {"nextat", behave_sched_nextat},
        {"nextseq", behave_sched_nextseq},   {"ended", behave_sched_ended},     {"setmain", behave_sched_setmain},
        {"attach", behave_sched_attach},     {"wait", behave_sched_wait},       {NULL, NULL}};
    lua_createtable(L, 0, 8);
    lua_insert(L, 1);
    luaL_setfuncs(L, functions, 1);
    return 1;
}
