/*
 * CBehave.h — the C half of Behave's Lua bridge and sandbox: declarations only.
 *
 * C holds what Swift cannot do safely, because it raises Lua errors and raising is a `longjmp`:
 *   - the trampolines through which Lua calls Swift (trampoline.c): Swift returns a status and
 *     the trampoline raises the Lua error *after* Swift has returned, so `longjmp` never crosses
 *     a Swift frame;
 *   - the sandbox's limits (limits.c, watchdog.c, allocator.c), the guarded pcall/xpcall/
 *     coroutine functions (guards.c, coroutines.c) and the library functions that stop when a
 *     limit fires (libraries.c, patterns.c), which must raise to stop a run.
 * Every name C and Swift share (registry keys, the runtime's request kinds, limit codes) is
 * defined here once; Swift imports the macros as constants.
 */
#ifndef CBEHAVE_H
#define CBEHAVE_H

#include "../../CBehaveLua/lua-headers.h"
#include <stddef.h>

/* ------------------------------------------------------------------------ */
/* Names shared by C, Swift and the Lua runtime                              */
/* ------------------------------------------------------------------------ */

/* Registry field holding the last traceback behave_message_handler recorded. */
#define BEHAVE_REGISTRY_TRACEBACK "behave.traceback"
/* Registry field holding the traceback of the coroutine a termination stopped (the innermost
 * one), which the host reports the position from. */
#define BEHAVE_REGISTRY_STOPPED_AT "behave.stopped"
/* Registry field holding the runtime's sentinel: the first value of every request a task yields. */
#define BEHAVE_REGISTRY_SENTINEL "behave.host"
/* Registry field holding the main task of trusted mode, which behaves as the main thread (stock.c). */
#define BEHAVE_REGISTRY_MAIN_TASK "behave.maintask"
/* Registry field holding the modules' own tables (name -> actions), behind the read-only views
 * scripts see: what a test's fake() replaces actions in. */
#define BEHAVE_REGISTRY_MODULES "behave.modules"
/* Registry field holding the host's writer, which print writes through (stock.c). */
#define BEHAVE_REGISTRY_PRINT "behave.print"
/* Metatable name of the userdata that carries a Swift error through Lua. */
#define BEHAVE_ERROR_METATABLE "behave.error"

/* The requests a task yields to the runtime, after the sentinel (docs/architecture.md,
 * "The runtime protocol"): wait(seconds), event(name, timeout), stop(), action(id). */
#define BEHAVE_REQUEST_WAIT "wait"
#define BEHAVE_REQUEST_EVENT "event"
#define BEHAVE_REQUEST_STOP "stop"
#define BEHAVE_REQUEST_ACTION "action"

/* ------------------------------------------------------------------------ */
/* The control block: one per state, shared by the allocator, the trampoline */
/* and the sandbox. Swift owns the memory; C only reads and writes fields.   */
/* ------------------------------------------------------------------------ */

/* Why a run was terminated. 0 means it was not. */
enum {
    BEHAVE_RUNNING = 0,
    BEHAVE_LIMIT_MEMORY = 1,
    BEHAVE_LIMIT_INSTRUCTIONS = 2,
    BEHAVE_LIMIT_TIME = 3,
    BEHAVE_LIMIT_OUTPUT = 4,
    BEHAVE_LIMIT_DEPTH = 5,
    BEHAVE_CANCELLED = 6,
    BEHAVE_LIMIT_DURATION = 7, /* set by the host between slices, never by the hook */
    BEHAVE_STOPPED = 8 /* stop() where the task could not yield (behave_halt): unwinds the task
                          like a limit, then the scheduler's resume clears it; never reported */
};

/* A state's own heap for its small blocks (heap.c). */
typedef struct behave_heap behave_heap;
/* A tool that watches a state from above the sandbox (a debugger, coverage): the hook events it
 * hears and what the sandbox and the runtime report to it. hooks.c owns Lua's one hook slot and
 * hands each tool what it asked for; the sandbox and the runtime name no tool. Each report runs
 * on the state's thread; any of them may be NULL. */
typedef struct behave_tool {
    int mask; /* LUA_MASKLINE, LUA_MASKCALL: the hook events `hook` hears (no others) */
    void (*hook)(void *self, lua_State *L, lua_Debug *ar);
    /* A limit is about to stop the run (behave_control.terminated says which). */
    void (*limit)(void *self, lua_State *L);
    /* A task starts: its coroutine at `co` and what started it (a string) at `what`, on L's stack. */
    void (*task)(void *self, lua_State *L, int co, int what);
    /* The task at `co` failed with the error at `error`, and nothing caught it. */
    void (*failure)(void *self, lua_State *L, int co, int error);
    void *self;
} behave_tool;
/* How many tools one state may have. */
enum { BEHAVE_MAX_TOOLS = 4 };

typedef struct behave_control {
    /* allocator bookkeeping (allocator.c) */
    behave_heap *heap;      /* where the state's blocks go; made and freed with the state */
    size_t used;            /* bytes the state holds now */
    size_t peak;            /* most bytes ever held */
    size_t limit;           /* cap over the whole state; 0 = none */
    int enforcing;          /* > 0 while Lua runs with no Swift frame above it: refusing is safe.
                               Set to 1 where Lua is entered under protection and restored after;
                               a call into Swift takes 1 off and puts it back (behave_call_swift),
                               which leaves it <= 0 however it stood */
    int sticky_memory;      /* 1 in the sandbox: an allocation still refused after Lua's emergency
                               collection terminates the run */
    int refused;            /* 1 after a refusal, until the next growth while Lua runs: Lua's
                               retry of the same request after its emergency collection, or
                               anything else, which makes the refusal final (allocator.c) */
    void *refused_ptr;      /* the refused request */
    size_t refused_osize;
    size_t refused_nsize;
    /* termination */
    int terminated;         /* BEHAVE_* reason, sticky until the host resets it */
    int *shared_cancel;     /* the host's cancellation flag, which outlives the state; written from
                               any thread (and a signal handler) with __atomic builtins */
    /* the opt-in count hook (limits.c): 0 = no hook, the default */
    int hook_interval;      /* instructions between two hook calls */
    int polling;            /* 1: no signal ever (SandboxPolicy.interruption .polling): the count
                               hook polls the flag the watchdog thread sets */
    long long instructions; /* counted over every coroutine of the state */
    long long max_instructions; /* 0 = none */
    int max_depth;          /* call frames of the running coroutine, checked as each call starts
                               (limits.c); 0 = Lua's own limits */
    int watch_calls;        /* 1: the hook also sees calls, where the depth limit is checked */
    lua_State *depth_thread; /* the coroutine the last depth walk was of */
    int depth_slack;        /* calls it may still make before it can pass the limit */
    /* deadlines, watched from outside the interpreter (watchdog.c); CLOCK_MONOTONIC, 0 = none.
       Written by the state's thread, read by the watchdog: __atomic builtins only. */
    long long deadline_ns;     /* this slice's time limit */
    long long slice_ns;        /* the time limit's length, for behave_next_slice; 0 = none */
    long long instructions_carried; /* counted by earlier slices of one entry (behave_next_slice) */
    long long run_deadline_ns; /* the whole run's duration limit */
    /* preemption (watchdog.c, limits.c) */
    int preempt;            /* atomic: a BEHAVE_* reason the watchdog asks the run to stop for */
    lua_State *running;     /* the coroutine executing now: where an armed hook must land */
    lua_State *request;     /* the coroutine whose last yield asked the host for something
                               (coroutines.c): set just before that yield, cleared before a resume */
    const char *stack_floor; /* the guards refuse to go deeper on the C stack than this */
    void *watch;            /* the watchdog's record of this state (opaque) */
    /* Swift functions as light C functions (light.c): light function i calls slots[i] */
    struct behave_swift_function **slots; /* malloc'd, grown by behave_add_slot; freed by
                                             behave_free_slots; each held by its box */
    int slot_count;
    int slot_capacity;
    int push_cut; /* negative after a push from Swift was cut short (LuaState.pushCut), else 0:
                     the call into Swift that made it must fail, so it takes the slow way back */
    /* the tools attached (hooks.c), in the order they came: last, so that the hooks' hot fields
       above share their cache lines */
    behave_tool tools[BEHAVE_MAX_TOOLS];
    int tool_count;
    int tool_mask;          /* the hook events any tool hears */
    int tool_tasks;         /* 1: some tool hears of tasks that start or fail */
} behave_control;

/* Fields read by a key plan's keys (fields.c). `plan` is the plan's table on the stack, its
 * item `position` a key. behave_plan_field pushes that field (raw) and returns its type.
 * behave_plan_read pushes the fields of the plan's first `count` keys, in order, and fills
 * values[i] for the field of key i + 1: its type and, for a number, its value: in `integer`
 * when `integral` is 1 (an integer, or a float with an integral value other than zero), else
 * in `number` (so a float zero keeps its sign). Sixteen bytes, and the type's two values Swift
 * compares with as constants of this header (Lua's are macros that two modules would export). */
int behave_plan_field(lua_State *L, int table, int plan, lua_Integer position);
typedef struct behave_plan_value {
    union {
        lua_Integer integer;
        lua_Number number;
    };
    int type;
    int integral;
} behave_plan_value;
enum { behave_type_nil = LUA_TNIL, behave_type_number = LUA_TNUMBER };
void behave_plan_read(lua_State *L, int table, int plan, int count, behave_plan_value *values);

/* The flight recorder's journal: CBehaveJournal.h. */
#include "CBehaveJournal.h"

/* Writes out stdout's buffer (stdout.c). 1 when everything written so far reached the file,
 * 0 after a write error (a full disk, a closed pipe), with errno set. */
int behave_flush_stdout(void);

/* The Lua release the package is compiled against, "Lua 5.4.4" (release.c). */
const char *behave_lua_release(void);

/* CLOCK_MONOTONIC in nanoseconds. */
long long behave_now_ns(void);
/* Forgets a cancellation (the shared flag), before the next run. */
void behave_clear_cancel(behave_control *c);
/* Sets a flag to 1 atomically. Async-signal-safe: a SIGINT handler may call it. */
void behave_set_flag(int *flag);
/* Reads a flag atomically. */
int behave_flag_is_set(int *flag);
/* Cancels: sets the flag and wakes the watchdog, which stops any slice of a state sharing the
 * flag. Async-signal-safe; callable from any thread. */
void behave_cancel(int *flag);
/* behave_cancel for threads (not signal handlers): also starts the watchdog if it has not. */
void behave_request_cancel(int *flag);

/* ------------------------------------------------------------------------ */
/* The allocator  (allocator.c)                                              */
/* ------------------------------------------------------------------------ */

/* The lua_Alloc of every state; its user data is the state's control block. */
void *behave_allocator(void *ud, void *ptr, size_t osize, size_t nsize);

/* A new state with Behave's allocator, whose coroutines all find `c` in their extra space
 * (behave_control_of). NULL when out of memory. */
lua_State *behave_new_state(behave_control *c);

/* Closes a state behave_new_state made (lua_close), then frees its heap. */
void behave_close_state(lua_State *L);

/* Stops (0) or restarts (1) the collector: what lua_gc does, for Swift, which cannot call a
 * variadic C function. */
void behave_set_collecting(lua_State *L, int collecting);

/* ------------------------------------------------------------------------ */
/* Slices and the watchdog  (watchdog.c)                                     */
/* ------------------------------------------------------------------------ */

/* Chooses the signal the watchdog interrupts with (before the first slice; default SIGURG).
 * Returns 0, or -1 once the watchdog has started with another signal. */
int behave_set_preemption_signal(int signal_number);

/* 0 in a build where a signal cannot interrupt Lua, so every state polls instead:
 * ThreadSanitizer defers an async signal until its thread makes an intercepted call, which a
 * script spinning inside liblua never makes. 1 otherwise. */
int behave_signal_interruption_works(void);

/* What a slice saves of the one it interrupts (nested slices: a printer inside a session). */
typedef struct behave_slice_saved {
    long long deadline_ns;
    long long run_deadline_ns;
    lua_State *running;
    const char *stack_floor;
    void *outer; /* the thread's slice before this one */
    int was_inside;
} behave_slice_saved;

/* Enters a slice on the calling thread: Lua code of `L` may run until behave_leave_slice.
 * Deadlines are absolute (behave_now_ns), 0 for none. */
void behave_enter_slice(behave_control *c, lua_State *L, long long deadline_ns,
                        long long run_deadline_ns, behave_slice_saved *saved);
/* Leaves the slice; after it returns the watchdog no longer signals this thread for it. */
void behave_leave_slice(behave_control *c, const behave_slice_saved *saved);
/* The scheduler (scheduler.c) starts another slice inside the same entry from Swift (the next
 * event of a batch, the next stretch of a long step): a fresh time limit (`slice_ns` from now)
 * and a fresh instruction count, the spent one carried into `instructions_carried`. Returns 0. */
int behave_next_slice(lua_State *L);
/* Forgets the state (before lua_close): the watchdog never touches its control block again. */
void behave_unwatch(behave_control *c);

/* ------------------------------------------------------------------------ */
/* The C stack  (stack.c)                                                    */
/* ------------------------------------------------------------------------ */

/* Bytes of C stack left below the caller's frame on this thread (0 if unknown). */
size_t behave_stack_available(void);

/* A thread with a stack of `stack_size` bytes that runs one work at a time (stackthread.c). */
typedef struct behave_stack_thread behave_stack_thread;
/* Starts one; NULL if the system refuses. */
behave_stack_thread *behave_stack_thread_new(size_t stack_size);
/* Runs work(context) on the thread and returns when it has. */
void behave_stack_thread_run(behave_stack_thread *t, void (*work)(void *), void *context);
/* Lets the thread end (after the work in hand) and free itself. */
void behave_stack_thread_stop(behave_stack_thread *t);

/* ------------------------------------------------------------------------ */
/* The trampolines: Lua → C → Swift → C → (maybe) lua_error  (trampoline.c)  */
/* ------------------------------------------------------------------------ */

/* What a Swift function returns to the trampoline. Non-negative: that many results. */
enum {
    BEHAVE_RAISE = -1,           /* raise the value on top of the stack as it is */
    BEHAVE_RAISE_WHERE = -2,     /* a string message: prefix the caller's position, then raise */
    BEHAVE_RAISE_SWIFT = -3,     /* a Swift error box on top: record the caller's position in it, raise */
    BEHAVE_RAISE_TERMINATED = -4 /* the run was terminated (see behave_control.terminated) */
};

/* A Swift function as C calls it. Its box (LuaCallbackBox) owns it and fills it in: the body,
 * a Swift closure `(LuaStack) throws -> Int32`, as the two words of Swift's representation of a
 * closure (its function and its context), and the state the LuaStack names. C calls the body
 * with Swift's own calling convention (behave_call_swift in CBehaveInternal.h), so no Swift frame of
 * ours sits between a light C function and the body. */
typedef struct behave_swift_function {
    void *body;    /* the closure's function */
    void *closure; /* the closure's context (may be NULL); the box holds the closure */
    void *state;   /* the LuaState, unretained: the LuaStack's second word */
    void *box;     /* the LuaCallbackBox, unretained: what the slow path reports with */
} behave_swift_function;

/* The slow way back from a Swift body: the body threw `error` (owned, or NULL), returned a
 * negative `count`, or a push was cut short (push_cut). Never raises: it returns the result
 * count, or one of the BEHAVE_RAISE statuses above for the caller to raise. */
typedef int (*behave_finish_function)(lua_State *L, behave_swift_function *function, int count, void *error);

/* Hands C the slow way back (BehaveLua does, before it makes its first function), so that calls
 * run one way: C never names a symbol the layer above defines, and builds and links without it.
 * Until then a slow return aborts, as no Swift body can exist. */
void behave_register_finish(behave_finish_function finish);

/* The userdata behind a Swift function that is a closure (and behind a Swift error): an opaque,
 * retained context (the box); the userdata's __gc (set from Swift) releases it. `function` is
 * the box's behave_swift_function, NULL for an error. */
typedef struct behave_callback {
    void *context;
    behave_swift_function *function;
} behave_callback;

/* How many Swift functions a state can hold as light C functions; later ones, and suspending
 * ones (whose cost is their yield), are closures. */
#define BEHAVE_LIGHT_SLOTS 1024
/* Gives `function` the state's next light slot and returns the light C function that calls it
 * (the same function calls slot i of whichever state runs it: it finds the slots through the
 * state's extra space, never through a process-wide table). NULL when the slots are used up or
 * the array cannot grow: the caller then makes a closure. */
lua_CFunction behave_add_slot(behave_control *c, behave_swift_function *function);
/* Frees the slots' array; the caller has released their boxes (after lua_close). */
void behave_free_slots(behave_control *c);

/* A C closure whose upvalue 1 is a behave_callback: calls Swift, then raises if Swift asked. */
int behave_trampoline(lua_State *L);
/* Like behave_trampoline, but Swift's results are a request (sentinel, "action", id) the task
 * yields to the scheduler; the task resumes with (true, results...) or (false, error). */
int behave_async_trampoline(lua_State *L);
/* Message handler for lua_pcall: keeps the error value and records a traceback of the failing
 * coroutine in the registry under BEHAVE_REGISTRY_TRACEBACK. */
int behave_message_handler(lua_State *L);
/* An error value's text as the stock interpreter shows it, for lua_pcall: stack in: v; out: the
 * string its `__tostring` gives, or nil when it has none (the host then says "(error object is a
 * T value)", as lua.c does). */
int behave_tostring(lua_State *L);

/* ------------------------------------------------------------------------ */
/* Sandbox primitives  (limits.c, guards.c, coroutines.c)                    */
/* ------------------------------------------------------------------------ */

/* Installs the count hook that enforces the instruction and depth limits every `interval`
 * instructions (and polls the preemption flag), on L and (Lua copies hooks) every coroutine
 * it creates afterwards. Without it, Lua runs at its own speed and the watchdog arms a hook
 * only when a deadline passes or the run is cancelled. */
void behave_install_hook(lua_State *L, int interval, int watch_calls);
/* Attaches `tool` to the state of L (hooks.c): from now on L and the coroutines it creates carry
 * the hook that serves it beside the sandbox's own. A tool already attached (the same hook and
 * self) is not attached again. Returns 0 when the state has its BEHAVE_MAX_TOOLS already. */
int behave_attach_tool(behave_control *c, lua_State *L, const behave_tool *tool);

/* 1 when the run must stop now (a limit fired or it was cancelled); records why in
 * `terminated`. Never raises. What the bounded library functions poll as they go. */
int behave_should_stop(behave_control *c);
/* Why the run is due to stop at `now_ns` (cancelled, past its slice or run deadline), or 0:
 * the one decision the watchdog and the hooks share. */
int behave_due_reason(behave_control *c, long long now_ns);

/* Replaces the string and table functions whose running time is not bounded by the memory
 * they use (string.rep, find, match, gmatch, gsub; table.move, concat, insert, remove) with
 * versions that stop when the run must (libraries.c). Stack in: the string and table tables. */
void behave_bound_libraries(lua_State *L, int string_index, int table_index);

/* A C closure around a library function (upvalue 1) that refuses to start and refuses to
 * return once the run is terminated: the sandbox's pcall, coroutine.resume/close, load. */
int behave_guard(lua_State *L);
/* xpcall(f, msgh, ...) whose handler does not run, and which re-raises, once the run is
 * terminated. */
int behave_xpcall(lua_State *L);
/* passing(resume, close) -> the script's coroutine.resume and coroutine.wrap, which pass the
 * host's requests up to their resumer so `wait` works inside a script's coroutines, and the
 * runtime's request(HOST, kind, ...), which yields such a request. */
int behave_passing_coroutines(lua_State *L);
/* halt(): the runtime's stop() where the task cannot yield (a sort comparator, a gsub
 * callback, a metamethod called from C). Terminates the run as BEHAVE_STOPPED, so no pcall in
 * between lets the script run on; the scheduler's step turns it back into a failed resume, and the
 * runtime, which has recorded the stop, ends the behaviour as stopped. */
int behave_halt(lua_State *L);

/* A C closure around the library's coroutine.close (upvalue 1) that knows which coroutine
 * runs its __close handlers and refuses to recurse past the C stack's floor: Lua 5.4.4's
 * close does not count C calls across coroutines, so a chain of closes could overflow it. */
int behave_close(lua_State *L);

#endif /* CBEHAVE_H */
