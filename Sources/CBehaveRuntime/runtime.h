/*
 * runtime.h — what the behaviour runtime's C files share: the runtime's userdata, its user
 * values, and the step's frame. scheduler.c runs tasks and the timer heap; records.c, timers.c,
 * events.c and outcome.c are what a script calls and what a step hands on; driver.c is what the
 * Swift scheduler calls, and runtime.c makes the runtime; context.c makes the app's context
 * read-only. The protocol between the runtime and the host is in include/CBehaveRuntime.h.
 */
#ifndef CBEHAVE_RUNTIME_H
#define CBEHAVE_RUNTIME_H

#include "CBehaveInternal.h"
#include "CBehaveRuntime.h"

/* An entry of the timer heap: due at `at`, ordered among timers due together by `seq`
 * (creation order). What it times is waiting[slot] (WAITING below): a coroutine in `wait`, or a
 * timer record (a table: after, every, or wait_for's timeout). Slots are reused, so the table
 * keeps its keys in its array part. */
typedef struct behave_timer_entry {
    double at;
    lua_Integer seq;
    lua_Integer slot;
} behave_timer_entry;

typedef struct behave_runtime {
    double now;          /* the step's time: what wait, after and every count from */
    lua_Integer seq;     /* the last sequence number given out */
    lua_Integer first;   /* the ready queue: entries first..last */
    lua_Integer last;
    int main_ended;      /* the main task has ended */
    int stopped;         /* stop() was called: OUTCOME is its reason */
    int failed;          /* the main task failed: OUTCOME and TRACE say how */
    int tracing;         /* an observer watches the host: TRACER hears of events and timers */
    int forwarding;      /* the app listens: TRACER hears of each event the behaviour emits */
    int unhandled;       /* events from outside that no handler or waiter wanted */
    int blocked;         /* tasks in wait_for with no timeout */
    int dead;            /* records in the heap that are done (cancelled, answered) */
    int pooled;          /* finished coroutines in POOL */
    int count;           /* entries in the heap */
    int capacity;
    behave_timer_entry *timers; /* the heap's array: the user value HEAP_ARRAY, a userdata */
    lua_Integer *free;   /* slots given back, `freed` of them: after the timers in the same userdata */
    int freed;
    lua_Integer slots;   /* the highest slot given out */
    const void *sentinel;  /* SENTINEL and WAIT_KIND, compared by address (the kind is an interned */
    const void *wait_kind; /* string), which costs less than a comparison of values */
    /* What a step hands on (outcome.c's behave_rt_resumed, timers.c's behave_rt_fire), set by
     * runtime.c: the files above the scheduler give it these, so that it names none of them. */
    void (*resumed)(lua_State *L, struct behave_runtime *rt, int co, int ok);
    void (*fire)(lua_State *L, struct behave_runtime *rt, int record, double at);
    int anchor;            /* the runtime's reference in the registry: it lives as long as the state */
    int delivered;         /* how many events the last deliverall delivered */
} behave_runtime;

/* The runtime's user values. */
enum {
    HEAP_ARRAY = 1, /* userdata: the heap's array */
    READY,          /* table: the ready queue, READY_SLOTS items per entry (below) */
    WAITING,        /* table: slot -> the coroutine waiting or the timer record */
    MAIN,           /* the main task */
    SENTINEL,       /* HOST: the first value a request yields */
    WAIT_KIND,      /* the kind of a wait request */
    SPAWNED,        /* table, weak keys: coroutine -> true while it may go back to the pool */
    POOL,           /* table: 1..pooled, finished coroutines ready for another function */
    WAITERS,        /* table: event name -> list of waiters ({co, done, timer}) */
    HANDLERS,       /* table: event name -> list of handler records ({fn, once, event, done}) */
    ACTIONS,        /* table: action id -> the task waiting for it */
    RECORDS,        /* table, weak keys: handle -> its record */
    HANDLE_META,    /* the handles' metatable */
    RESULTS,        /* what the main task returned, packed */
    OUTCOME,        /* stop()'s reason, or the main task's error */
    TRACE,          /* the main task's traceback when it failed */
    TRACER,         /* host.trace */
    STOP_HOOK,      /* a test's hook for stop() (teststop), or nil */
    CLOSE,          /* host.close: the guarded coroutine.close */
    REPORT,         /* host.report: a handler or timer failed */
    STOCK,          /* trusted mode's host.stock, or nil */
    ENV,            /* the behaviour's environment */
    /* The driver's functions (driver.c), which the typed entry points call: closures over the
     * runtime, made once with it. */
    D_START,
    D_STEP,
    D_RESOLVE,
    D_DELIVER,
    D_CONTEXT,
    D_TESTSTOP,
    D_RESULTS,
    USER_VALUES = D_RESULTS
};

/* An entry of the ready queue: READY_SLOTS items in a row of the READY table, from
 * READY_SLOTS * (i - 1) + 1 for the queue's i-th entry. Items in a row, not a table per entry,
 * so that queuing a task makes nothing for the collector. */
enum {
    READY_TASK = 1, /* the coroutine */
    READY_COUNT,    /* how many arguments it resumes with */
    READY_FIRST,    /* the first argument; past two, all of them packed (behave_pack) */
    READY_SECOND,   /* the second argument */
    READY_SLOTS = READY_SECOND
};

/* The fields of the runtime's records (records.c), by integer key: a raw read of one costs no
 * string lookup. A timer record (it has a KIND) is in the heap until it is DONE. */
enum {
    R_DONE = 1, /* cancelled, fired for the last time, or answered */
    R_WHAT,     /* a handle's description: "after 2s", "on tick" */
    R_FN,       /* the function a timer or a handler runs */
    R_KIND,     /* a timer's: KIND_AFTER, KIND_EVERY or KIND_TIMEOUT */
    R_HANDLE,   /* every's handle, which each tick's task receives */
    R_ARGS,     /* after's arguments, packed (behave_pack) */
    R_INTERVAL, /* every's interval */
    R_TASK,     /* every's task of the last tick */
    R_EVENT,    /* a handler's event, or the event a timeout's waiter waits for */
    R_ONCE,     /* a handler that runs once */
    R_WAITER,   /* a timeout's waiter */
    R_CO,       /* a waiter's task */
    R_TIMER     /* a waiter's timeout */
};

/* The fixed slots of a step's frame (behave_sched_frame): the user values the step uses, above
 * the caller's F_ARGS arguments; the caller's own slots, if any, follow up to its base. */
enum { F_ARGS = 4, S_READY, S_WAITING, S_MAIN, S_SPAWNED, S_POOL, S_FRAME = S_POOL };

/* Every function of the runtime is a C closure whose upvalue 1 is the runtime's userdata. */
static inline behave_runtime *behave_runtime_of(lua_State *L) {
    return (behave_runtime *)lua_touserdata(L, lua_upvalueindex(1));
}

/* Pushes the user value `which` of the runtime. */
static inline int behave_rt_get(lua_State *L, int which) {
    return lua_getiuservalue(L, lua_upvalueindex(1), which);
}

/* Sets the user value `which` of the runtime to the value on top, and pops it. */
static inline void behave_rt_set(lua_State *L, int which) { lua_setiuservalue(L, lua_upvalueindex(1), which); }

/* Whether a stop or a failure is recorded: the step returns. */
static inline int behave_rt_ended(const behave_runtime *rt) { return rt->stopped || rt->failed; }

/* scheduler.c */
/* Replaces the `n` values on top by a table holding them, as table.pack would. */
void behave_pack(lua_State *L, int n);
/* Pushes the values of the packed table at `index`; returns how many. */
int behave_unpack(lua_State *L, int index);
/* Adds the value on top (a coroutine or a timer record; popped) to the heap, due at `at`;
 * `waiting` is the index of WAITING. */
void behave_sched_push(lua_State *L, behave_runtime *rt, int waiting, double at);
/* Appends the `n` values on top (a coroutine, then its arguments) to the ready queue, whose
 * table is at `ready`, and pops them. */
void behave_sched_enqueue(lua_State *L, behave_runtime *rt, int ready, int n);
/* As behave_sched_enqueue, from anywhere: fetches the ready queue itself. */
void behave_sched_schedule(lua_State *L, behave_runtime *rt, int n);
/* A task running the `n` values on top (a function, then its arguments; popped), on a pooled
 * coroutine if there is one; `record` is what started it (its R_WHAT names it to the tools). */
void behave_sched_spawn(lua_State *L, behave_runtime *rt, int n, int record);
/* The tools are told of the task at `co`, named by the record at `record` (R_WHAT) or "main". */
void behave_sched_name(lua_State *L, int co, int record);
/* Sets up a step's frame: the stack is cut to F_ARGS, then the user values of the frame. */
void behave_sched_frame(lua_State *L);
/* Runs ready tasks and due timers on a frame whose own slots end at `base`. */
void behave_sched_step(lua_State *L, behave_runtime *rt, int base);
/* Drops the records that are done from the top of the heap; `waiting` is WAITING's index. */
void behave_sched_drop_done(lua_State *L, behave_runtime *rt, int waiting);
/* Takes records that are done out of the heap, once they are most of it. */
void behave_sched_compact(lua_State *L, behave_runtime *rt);
/* coroutine.running for a script (upvalues: the runtime, the running it wraps), which keeps the
 * coroutine it gives a script out of the pool. */
int behave_sched_running(lua_State *L);
/* timers.c: the script's wait (upvalues: the runtime, HOST, the wait kind). */
int behave_rt_wait(lua_State *L);

/* timers.c, events.c, outcome.c: what the step hands on. */
/* A task (at `co`) failed, with its error at `co + 1`, or asked for something other than a wait
 * (its yield from `co + 1` to the top). Leaves the stack below `co`. */
void behave_rt_resumed(lua_State *L, behave_runtime *rt, int co, int ok);
/* Fires the timer record at `record`, just taken off the heap, where it was due at `at`. Leaves
 * the stack below it. */
void behave_rt_fire(lua_State *L, behave_runtime *rt, int record, double at);
/* Delivers the event whose name and payload are at `name` and `name + 1`. */
int behave_rt_deliver(lua_State *L, behave_runtime *rt, int name);
/* Pushes what a step leaves for the host (the error and traceback of a failure, the reason of a
 * stop, nothing while it runs); returns how many values. */
int behave_rt_outcome(lua_State *L, behave_runtime *rt);
/* A number of seconds at `arg` for `fname`, checked as every helper checks one: absent means 0
 * unless it must be positive. */
double behave_rt_seconds(lua_State *L, int arg, const char *fname, int positive);
double behave_rt_seconds_named(lua_State *L, int arg, const char *fname, int positive, const char *what);
/* Raises, at the caller's line, unless the calling task can wait. */
void behave_rt_must_wait(lua_State *L, const char *fname);
/* due.c: the time `seconds` after `from`, strictly later when `seconds` is positive (infinite
 * past the last finite time); behave_rt_due is that after the step's time, or an error naming
 * `fname` when it is not finite. */
double behave_rt_later(double from, double seconds);
double behave_rt_due(lua_State *L, const behave_runtime *rt, double seconds, const char *fname);

/* records.c, timers.c, events.c, outcome.c: what the runtime's files share. */
enum { KIND_AFTER = 1, KIND_EVERY, KIND_TIMEOUT }; /* a timer record's R_KIND */
/* A task waits for the event named at `name`, with the timeout at `name + 1` (or nil). */
void behave_rt_wait_for_event(lua_State *L, behave_runtime *rt, int co, int name);
/* stopRun(reason): ends the run. */
int behave_rt_stop_run(lua_State *L);
/* Appends the value on top (popped) to the list `table[key]` (user value `table`, key at `key`),
 * made if there is none. */
void behave_rt_append(lua_State *L, int table, int key);
/* Raises, at the caller's line, unless argument `arg` of `fname` can be called. */
void behave_rt_callable(lua_State *L, int arg, const char *fname);
/* Whether the coroutine at `index` is dead, as coroutine.status would say. */
int behave_rt_dead(lua_State *L, int index);
/* Raises, at the caller's line, unless argument `arg` of `fname` is an event's name. */
void behave_rt_event_name(lua_State *L, int arg, const char *fname);
/* Marks the record at `record` done; a timer (in the heap until it is done) counts as dead.
 * Returns whether it was not done already. */
int behave_rt_finish(lua_State *L, behave_runtime *rt, int record);
/* Whether the flag `field` of the record at `record` is set. */
int behave_rt_flag(lua_State *L, int record, int field);
/* Pushes `table[key]` of the runtime's table `which`, or nil where either is absent: a read that
 * makes nothing. */
int behave_rt_lookup(lua_State *L, int which, int key);
/* Puts the record at `record` in the heap, due at `at`. */
void behave_rt_push_timer(lua_State *L, behave_runtime *rt, int record, double at);
/* Sets field `field` of the record at `record` to the value at `value`. */
void behave_rt_put(lua_State *L, int record, int field, int value);
/* Sets the functions of `functions` into the table at `table`, each a closure over the runtime at
 * `at`. */
void behave_rt_set_closures(lua_State *L, int table, const luaL_Reg *functions, int at);
/* Sets or clears the flag `field` of the record at `record`. */
void behave_rt_set_flag(lua_State *L, int record, int field, int on);
/* Pushes the runtime's table `which` (WAITERS, HANDLERS, ACTIONS or RECORDS), made at its first
 * use: an idle host holds none of them. RECORDS has weak keys, so a record whose handle is
 * garbage is collected. */
void behave_rt_table(lua_State *L, int which);
/* Removes the value at `value` from the list `table[key]` of the runtime's table `which`, and the
 * list once it is empty. */
void behave_rt_unlist(lua_State *L, int which, int key, int value);
/* Gives the table on top weak keys. */
void behave_rt_weak_keys(lua_State *L);
/* Pushes a handle of the record at `record`, whose description is on top (popped). */
void behave_rt_handle(lua_State *L, int record);
/* The helpers each file gives scripts (runtime.c sets them). */
extern const luaL_Reg behave_rt_timer_helpers[], behave_rt_event_helpers[], behave_rt_stop_helpers[];
/* driver.c: stores the driver's functions in the runtime at `rt` (D_START...). */
void behave_rt_driver(lua_State *L, int rt);

/* context.c: replaces the table at `index` by a read-only view of it, recursively. */
void behave_readonly(lua_State *L, int index);

#endif /* CBEHAVE_RUNTIME_H */
