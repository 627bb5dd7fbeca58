/*
 * pattern-fuzz.c — a libFuzzer target comparing Behave's bounded string.find, match, gmatch
 * and gsub (Sources/CBehave/patterns.c) with the stock library's. scripts/fuzz builds it with
 * clang (libFuzzer, AddressSanitizer, UndefinedBehaviorSanitizer) straight from CBehave's
 * sources and runs it.
 *
 * Every input is one call through both libraries: pattern-fuzz.lua decodes it and
 * Tests/LuaTests/Parity/pattern-compare.lua (which the parity test shares) compares the two
 * outcomes. A difference aborts, which libFuzzer records as a crash with its input. The
 * bounded side runs first, under a slice deadline: an input it cannot finish in time is
 * skipped, since the stock side would run as long with nothing to stop it.
 */
#include "CBehave.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef BEHAVE_ROOT
#error "build with -DBEHAVE_ROOT=\"<the package's root>\" (scripts/fuzz does)"
#endif

/* How long the bounded side may take on one input. */
#define BEHAVE_FUZZ_DEADLINE_NS 200000000LL

static behave_control control;
static lua_State *L;
static int check_reference = LUA_NOREF;

static void fail(const char *what) {
    fprintf(stderr, "pattern-fuzz: %s: %s\n", what, lua_tostring(L, -1));
    abort();
}

/* The state: the stock libraries, `bounded` (a copy of `string` with Behave's functions
 * installed over the stock ones), and the per-input function pattern-fuzz.lua returns. */
static void set_up(void) {
    L = behave_new_state(&control);
    if (L == NULL) abort();
    luaL_openlibs(L);
    if (luaL_dostring(L, "bounded = {} for k, v in pairs(string) do bounded[k] = v end "
                         "boundedTable = {} for k, v in pairs(table) do boundedTable[k] = v end"))
        fail("set-up");
    lua_getglobal(L, "bounded");
    lua_getglobal(L, "boundedTable");
    behave_bound_libraries(L, -2, -1);
    lua_pop(L, 2);
    if (luaL_loadfile(L, BEHAVE_ROOT "/Fuzz/pattern-fuzz.lua")) fail("pattern-fuzz.lua");
    if (luaL_dofile(L, BEHAVE_ROOT "/Tests/LuaTests/Parity/pattern-compare.lua")) fail("pattern-compare.lua");
    lua_getglobal(L, "bounded");
    if (lua_pcall(L, 2, 1, 0) != LUA_OK || !lua_isfunction(L, -1)) fail("pattern-fuzz.lua");
    check_reference = luaL_ref(L, LUA_REGISTRYINDEX);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (L == NULL) set_up();
    behave_slice_saved saved;
    behave_enter_slice(&control, L, behave_now_ns() + BEHAVE_FUZZ_DEADLINE_NS, 0, &saved);
    lua_rawgeti(L, LUA_REGISTRYINDEX, check_reference);
    lua_pushlstring(L, (const char *)data, size);
    int status = lua_pcall(L, 1, 1, 0);
    behave_leave_slice(&control, &saved);
    if (control.terminated != 0) {
        /* Stopped at the deadline: skipped. */
        control.terminated = 0;
        __atomic_store_n(&control.preempt, 0, __ATOMIC_RELEASE);
        lua_pop(L, 1);
        return 0;
    }
    if (status != LUA_OK) fail("the comparison raised an error");
    if (lua_isstring(L, -1)) fail("difference");
    lua_pop(L, 1);
    return 0;
}
