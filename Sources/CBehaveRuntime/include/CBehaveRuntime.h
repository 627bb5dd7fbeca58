/*
 * CBehaveRuntime.h — the behaviour runtime's C API, for the host above it (Behave's Swift):
 * declarations only. The runtime is Lua code's world as a behaviour sees it — tasks, timers,
 * events, the driver the host's scheduler calls (runtime.c has its protocol), the app's context,
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
/* runtime(env, HOST, host) -> the driver of the behaviour runtime (runtime.c, whose top has the
 * protocol): installs the helpers scripts call (wait, after, every, on, once, emit, wait_for,
 * stop, now, and coroutine.resume and wrap that pass requests up) in env, and returns the
 * functions the Swift scheduler calls. */
int behave_runtime_new(lua_State *L);
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
#endif /* CBEHAVE_RUNTIME_API_H */
