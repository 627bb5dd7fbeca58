/*
 * runtime-fuzz.c — the behaviour runtime (CBehaveRuntime) over the bridge (CBehave) under
 * libFuzzer, with no Swift: each input is a behaviour, loaded in a sandboxed state and driven as
 * the host drives one (started, then stepped on a virtual clock with an event delivered between
 * steps), under a memory cap, a slice deadline and a polling count hook. Every entry point must
 * return (a result, a Lua error, a stop, a limit) and the state close with whatever the behaviour
 * left pending, as a host's does before its next run; a new state must then run a known behaviour.
 * A crash, a sanitizer report or a hang (libFuzzer's -timeout) is a finding.
 *
 * The host's functions are C stand-ins for the ones Swift gives a state (StateBuilder): output
 * and reports go nowhere, and there are no modules and no files to require.
 */
#include "CBehaveInternal.h"
#include "CBehaveRuntime.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A slice's deadline for an input, and for the known behaviour (generous: a loaded machine must
 * not make it a finding); the most steps and virtual seconds one input runs for. */
#define FUZZ_SLICE_NS 20000000LL
#define FUZZ_PROBE_SLICE_NS 2000000000LL
#define FUZZ_STEPS 64
#define FUZZ_SECONDS 60.0

static behave_control control;
static lua_State *L;
static behave_runtime *runtime;
static int environment = LUA_NOREF;

static void fail(const char *what) {
    fprintf(stderr, "runtime-fuzz: %s: %s\n", what, lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "?");
    abort();
}

static int nothing(lua_State *state) {
    (void)state;
    return 0;
}

static int no(lua_State *state) {
    lua_pushboolean(state, 0);
    return 1;
}

/* A C function, or a closure over the global `library.name`, into the host table on top. */
static void host_function(const char *name, lua_CFunction function, const char *library, const char *field) {
    int n = 0;
    if (field != NULL) {
        lua_getglobal(L, library);
        lua_getfield(L, -1, field);
        lua_remove(L, -2);
        n = 1;
    }
    lua_pushcclosure(L, function, n);
    lua_setfield(L, -2, name);
}

/* A new state: the sandbox's environment over the host's functions, and the runtime in it. */
static void set_up(void) {
    memset(&control, 0, sizeof control);
    control.limit = 16 << 20;
    control.sticky_memory = 1;
    L = behave_new_state(&control);
    if (L == NULL) abort();
    control.enforcing = 1;
    if (behave_runtime_open_libraries(L, 0) != LUA_OK) fail("libraries");
    lua_newtable(L); /* the sentinel */
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, BEHAVE_REGISTRY_SENTINEL);
    lua_newtable(L); /* no modules */
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, BEHAVE_REGISTRY_MODULES);
    lua_newtable(L); /* the host's functions */
    host_function("print", nothing, NULL, NULL);
    host_function("report", nothing, NULL, NULL);
    host_function("trace", nothing, NULL, NULL);
    host_function("findmodule", nothing, NULL, NULL);
    host_function("has", no, NULL, NULL);
    host_function("close", behave_close, "coroutine", "close");
    host_function("pcall", behave_guard, "_G", "pcall");
    host_function("load", behave_guard, "_G", "load");
    host_function("xpcall", behave_xpcall, NULL, NULL);
    /* sentinel, modules, host -> sandbox(G, host, modules) */
    lua_pushcfunction(L, behave_sandbox_new);
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    lua_pushvalue(L, -3);
    lua_pushvalue(L, -5);
    if (lua_pcall(L, 3, 1, 0) != LUA_OK) fail("sandbox");
    lua_pushvalue(L, -1);
    environment = luaL_ref(L, LUA_REGISTRYINDEX);
    /* sentinel, modules, host, env -> runtime(env, sentinel, host) */
    lua_pushvalue(L, -4);
    lua_pushvalue(L, -3);
    if (behave_runtime_open(L, &runtime) != LUA_OK) fail("runtime");
    lua_settop(L, 0);
    behave_install_hook(L, 1000, 0);
    control.hook_interval = 1000;
    control.polling = 1;
}

/* Starts `chunk` (a behaviour's source) and drives it to its end or the bounds, each step a
 * slice of `slice_ns`; returns the first thing the main chunk returned, as text, or NULL. */
static const char *drive(const char *chunk, size_t size, long long slice_ns, char *result, size_t room) {
    control.terminated = 0;
    behave_clear_cancel(&control);
    lua_settop(L, 0);
    if (luaL_loadbufferx(L, chunk, size, "=fuzz", "t") != LUA_OK) return NULL;
    lua_rawgeti(L, LUA_REGISTRYINDEX, environment);
    if (lua_setupvalue(L, -2, 1) == NULL) lua_pop(L, 1);
    if (behave_runtime_start(L, runtime, 1) != LUA_OK) return NULL;
    double now = 0;
    for (int step = 0; step < FUZZ_STEPS && now <= FUZZ_SECONDS; step++) {
        behave_step_result report;
        behave_slice_saved saved;
        behave_enter_slice(&control, L, behave_now_ns() + slice_ns, 0, &saved);
        int status;
        if (step == 0) {
            status = behave_runtime_step(L, runtime, now, &report);
        } else {
            lua_createtable(L, 2, 0); /* one event, "tick", with the step's number */
            lua_pushliteral(L, "tick");
            lua_rawseti(L, -2, 1);
            lua_pushinteger(L, step);
            lua_rawseti(L, -2, 2);
            status = behave_runtime_deliver(L, runtime, now, 1, 0, &report);
        }
        behave_leave_slice(&control, &saved);
        if (status != LUA_OK || report.state != BEHAVE_RUNTIME_RUNNING) return NULL;
        if (report.main_ended && !report.has_timer && report.blocked == 0) break;
        now = report.has_timer && report.next_timer > now ? report.next_timer : now + 1;
    }
    lua_settop(L, 0);
    if (behave_runtime_results(L, runtime) != LUA_OK || lua_gettop(L) == 0) return NULL;
    snprintf(result, room, "%s", lua_type(L, 1) == LUA_TNUMBER ? lua_tostring(L, 1) : "");
    lua_settop(L, 0);
    return result;
}

static void tear_down(void) {
    behave_close_state(L);
    L = NULL;
    runtime = NULL;
    environment = LUA_NOREF;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char result[32];
    set_up();
    drive((const char *)data, size, FUZZ_SLICE_NS, result, sizeof result);
    tear_down();
    set_up();
    static const char probe[] = "local t = {} for i = 1, 10 do t[i] = i end wait(1) return #t";
    const char *answer = drive(probe, sizeof probe - 1, FUZZ_PROBE_SLICE_NS, result, sizeof result);
    tear_down();
    if (answer == NULL || strcmp(answer, "10") != 0) {
        fprintf(stderr, "runtime-fuzz: a new state no longer runs a known behaviour: %s\n",
                answer ? answer : "no result");
        abort();
    }
    return 0;
}
