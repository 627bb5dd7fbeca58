/*
 * CBehaveRuntime.h — the behaviour runtime's C API, for the host above it (Behave's Swift):
 * declarations only. The runtime is Lua code's world as a behaviour sees it — tasks, timers,
 * events, the driver the host's scheduler calls (the protocol is below), the app's context,
 * the sandbox's library set and the stock interpreter's look in trusted mode. It calls the bridge
 * (CBehave) and Lua's API, never the layer above.
 */
#ifndef CBEHAVE_RUNTIME_API_H
#define CBEHAVE_RUNTIME_API_H

#include "CBehave.h"

/* sandbox(G, host, modules) -> the environment behaviours run in (sandbox.c; docs/sandbox.md):
 * the safe part of the real globals, the host's guarded functions and read-only views of the
 * modules; takes what a script must not reach from the real globals too. */
int behave_sandbox_new(lua_State *L);
/* readings(os, reading): os.time(), os.clock() and os.date() of the table `os` read the clock
 * through `reading(kind, value)`, which returns what the script gets (readings.c). */
int behave_readings_install(lua_State *L);
/* ------------------------------------------------------------------------ */
/* THE RUNTIME PROTOCOL: the host's scheduler and the runtime                */
/*                                                                          */
/* The host makes the runtime once per state (behave_runtime_open) and then  */
/* drives it, each call one run slice: it starts the main chunk, steps the   */
/* runtime at a time, delivers due events in batches and resolves async      */
/* actions. Every entry point that runs Lua makes one protected call (with   */
/* the bridge's message handler) and returns Lua's status: LUA_OK, or an     */
/* error status with the error value on top of the stack (the traceback is   */
/* in the registry, as for any protected call of the bridge), or            */
/* BEHAVE_RUNTIME_NO_ROOM, with nothing pushed, when the stack cannot grow.  */
/* The values an entry takes are on top of the stack and are popped.         */
/* ------------------------------------------------------------------------ */

/* The runtime of a state: its tasks, timers, handlers and waiters. */
typedef struct behave_runtime behave_runtime;

/* The stack could not grow for the call: nothing was pushed or popped. */
#define BEHAVE_RUNTIME_NO_ROOM (-1)

/* How a run stands after a step. */
typedef enum behave_runtime_state {
    BEHAVE_RUNTIME_RUNNING = 0, /* tasks may still run: see the result's other fields */
    BEHAVE_RUNTIME_STOPPED,     /* stop(reason) ended the behaviour: the reason is on top */
    BEHAVE_RUNTIME_FAILED       /* the main task failed: its error, then its traceback (or nil), on top */
} behave_runtime_state;

/* What a step reports (behave_runtime_step, behave_runtime_deliver). */
typedef struct behave_step_result {
    behave_runtime_state state;
    int has_timer;     /* a timer is pending, due at next_timer (the runtime's seconds) */
    double next_timer;
    int blocked;       /* tasks in wait_for with no timeout */
    int main_ended;    /* the main chunk has returned */
    int delivered;     /* behave_runtime_deliver: how many of the events it delivered */
} behave_step_result;

/* Takes env, HOST and host: the behaviour's environment, the sentinel every request yields first,
 * and the host's functions (close, print, report, trace, and in trusted mode stock: main,
 * setmain, running, isyieldable, yield). Installs the helpers scripts call in env (wait, after,
 * every, on, once, emit, wait_for, stop, now, coroutine.resume and wrap that pass requests up)
 * and sets *runtime, which lives as long as the state. */
int behave_runtime_open(lua_State *L, behave_runtime **runtime);
/* Takes the main chunk and its `nargs - 1` arguments: the chunk becomes the main task, ready to
 * run. A session starts one main chunk per input; what the last one left is forgotten. */
int behave_runtime_start(lua_State *L, behave_runtime *runtime, int nargs);
/* Runs the ready tasks and the timers due by `now` and reports in *result (on LUA_OK). */
int behave_runtime_step(lua_State *L, behave_runtime *runtime, double now, behave_step_result *result);
/* Takes id, ok and `nargs - 2` values: the async action `id` finished, and its task resumes
 * with (ok, values...). */
int behave_runtime_resolve(lua_State *L, behave_runtime *runtime, int nargs);
/* Takes a table of `count` due events (name at 2i - 1, payload at 2i). Each is delivered (its
 * handlers become tasks, its waiters resume) and then stepped, in a slice of its own
 * (behave_next_slice); the batch ends early when the behaviour stops or fails, or, with
 * `until_main_ends`, once the main chunk has ended. Reports the last step in *result. */
int behave_runtime_deliver(lua_State *L, behave_runtime *runtime, double now, int count, int until_main_ends,
                           behave_step_result *result);
/* Takes a table: the app's context, which scripts see as a read-only view. */
int behave_runtime_set_context(lua_State *L, behave_runtime *runtime);
/* Whether host.trace hears of each event delivered and timer fired. Runs no Lua. */
void behave_runtime_set_trace(behave_runtime *runtime, int on);
/* Whether host.trace hears of each event the behaviour emits (an app listening). Runs no Lua. */
void behave_runtime_set_forwarding(behave_runtime *runtime, int on);
/* How many events delivered from outside reached no handler and no waiter. Runs no Lua. */
int behave_runtime_unhandled(const behave_runtime *runtime);
/* Pushes teststop(hook), for a test file's helpers (testing.lua), which call it: a test's run, in
 * which stop() calls hook(reason) and ends only its task; it returns the function that ends the
 * run. Runs no Lua: LUA_OK, or BEHAVE_RUNTIME_NO_ROOM. */
int behave_runtime_push_test_stop(lua_State *L, behave_runtime *runtime);
/* Pushes setcontext(table), for a test file's helpers: the behaviour a test runs sees `table` as
 * its context, a read-only view as the app's is. Runs no Lua: LUA_OK, or BEHAVE_RUNTIME_NO_ROOM. */
int behave_runtime_push_context_setter(lua_State *L, behave_runtime *runtime);
/* Leaves what the main chunk returned (the values are the result count: top minus the base). */
int behave_runtime_results(lua_State *L, behave_runtime *runtime);

/* Requests. A task asks the runtime for something by yielding HOST first, then a kind (the
 * BEHAVE_REQUEST_* strings of CBehave.h), marked as a request (behave_yield_request):
 *   HOST, WAIT, seconds          resume after that long
 *   HOST, EVENT, name, timeout   resume with the event's payload, or nil, "timeout"
 *   HOST, STOP                   drop this task (stop() has ended the behaviour)
 *   HOST, ACTION, id             resume when the host resolves action id
 * A script's own coroutines pass marked yields up to their resumer (coroutines.c), so wait works
 * inside them; any other yield just lets other tasks run. */

/* stock.c: print as a C function with no upvalue (its writer is BEHAVE_REGISTRY_PRINT), and trusted mode's main task as
 * the main thread: the chunk called from C, coroutine.running, isyieldable and yield as the stock
 * interpreter answers them there. */
int behave_print(lua_State *L);
/* Gives L the stock interpreter's warnings (stock.c): off until warn("@on"), then on stderr. */
void behave_stock_warnings(lua_State *L);
int behave_main_call(lua_State *L);
int behave_set_main_task(lua_State *L);
int behave_stock_running(lua_State *L);
int behave_stock_isyieldable(lua_State *L);
int behave_stock_yield(lua_State *L);

/* Opens a new state's libraries (stdlibs.c): trusted (1), Lua's whole standard library and the
 * stock warnings; else the sandbox's subset (base, coroutine, table, string, math, utf8, os). In
 * both, `string` and `table` get the bridge's bounded functions. One protected call: LUA_OK, an
 * error status with the error on top, or BEHAVE_RUNTIME_NO_ROOM. */
int behave_runtime_open_libraries(lua_State *L, int trusted);
#endif /* CBEHAVE_RUNTIME_API_H */
