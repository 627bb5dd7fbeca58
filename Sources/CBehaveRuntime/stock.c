/*
 * stock.c — what makes a script see the stock interpreter: `print` as a C function, and in
 * trusted mode the stock warnings and a main chunk that looks like it runs on the main thread, although the runtime
 * runs it as a task (a coroutine) so that `wait` and async actions work in it.
 */
#include "CBehaveInternal.h"
#include "CBehaveRuntime.h"
#include <stdio.h>
#include <string.h>

/* print(...): each value through luaL_tolstring (so `__tostring` and `__name` act, and a
 * `__tostring` that returns no string is the stock error), tab-separated, a newline after, written
 * through the host's writer (which counts the output limit). The writer is in the registry, not
 * an upvalue: the stock print is a C function without upvalues, and debug.getinfo says so. */
int behave_print(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checkstack(L, 2 * n + 2, "too many arguments to print");
    lua_getfield(L, LUA_REGISTRYINDEX, BEHAVE_REGISTRY_PRINT);
    for (int i = 1; i <= n; i++) {
        if (i > 1) lua_pushliteral(L, "\t");
        luaL_tolstring(L, i, NULL);
    }
    lua_pushliteral(L, "\n");
    lua_concat(L, n == 0 ? 1 : 2 * n);
    lua_call(L, 1, 0);
    return 0;
}

/* The main task's body in trusted mode: calls the chunk (argument 1) with the rest, as the stock
 * interpreter's C `pmain` does, so a traceback ends in `[C]: in ?`. lua_callk keeps it yieldable. */
static int behave_main_done(lua_State *L, int status, lua_KContext base) {
    (void)status;
    return lua_gettop(L) - (int)base;
}

int behave_main_call(lua_State *L) {
    int n = lua_gettop(L);
    /* Three slots below the chunk, where lua.c's pmain keeps argc, argv and the message
     * handler: a script reaches "stack overflow" after as many calls as under the stock `lua`. */
    luaL_checkstack(L, 3, NULL);
    lua_pushnil(L);
    lua_pushnil(L);
    lua_pushnil(L);
    lua_rotate(L, 1, 3);
    lua_callk(L, n - 1, LUA_MULTRET, 3, behave_main_done);
    return behave_main_done(L, LUA_OK, 3);
}

/* Whether L is the main task (registered by behave_set_main_task). */
static int behave_is_main_task(lua_State *L, lua_State *co) {
    int type = lua_getfield(L, LUA_REGISTRYINDEX, BEHAVE_REGISTRY_MAIN_TASK);
    int main = type == LUA_TTHREAD && lua_tothread(L, -1) == co;
    lua_pop(L, 1);
    return main;
}

int behave_set_main_task(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTHREAD);
    lua_settop(L, 1);
    lua_setfield(L, LUA_REGISTRYINDEX, BEHAVE_REGISTRY_MAIN_TASK);
    return 0;
}

/* coroutine.running(): the main task says it is the main thread. */
int behave_stock_running(lua_State *L) {
    luaL_checkstack(L, 3, NULL);
    int ismain = lua_pushthread(L);
    lua_pushboolean(L, ismain || behave_is_main_task(L, L));
    return 2;
}

/* coroutine.isyieldable([co]): the main task cannot yield, as the main thread cannot. */
int behave_stock_isyieldable(lua_State *L) {
    lua_State *co = lua_isnone(L, 1) ? L : lua_tothread(L, 1);
    luaL_argexpected(L, co != NULL, 1, "coroutine");
    luaL_checkstack(L, 2, NULL);
    lua_pushboolean(L, lua_isyieldable(co) && !behave_is_main_task(L, co));
    return 1;
}

/* coroutine.yield(...): from the main task, the stock error; elsewhere the library's yield. */
int behave_stock_yield(lua_State *L) {
    luaL_checkstack(L, 1, NULL);
    if (behave_is_main_task(L, L)) return luaL_error(L, "attempt to yield from outside a coroutine");
    return lua_yield(L, lua_gettop(L));
}

/* Warnings as the stock interpreter gives them (lauxlib's): off until `warn("@on")`, then each
 * message on stderr after "Lua warning: ", its pieces joined, a newline after the last. The
 * state's warning function is swapped to say which of the three it is (off, on, continuing). */
static void behave_warn_on(void *ud, const char *message, int tocont);
static void behave_warn_off(void *ud, const char *message, int tocont);

static int behave_warn_control(lua_State *L, const char *message, int tocont) {
    if (tocont || *message != '@') return 0;
    if (strcmp(message + 1, "off") == 0) lua_setwarnf(L, behave_warn_off, L);
    else if (strcmp(message + 1, "on") == 0) lua_setwarnf(L, behave_warn_on, L);
    return 1;
}

static void behave_warn_off(void *ud, const char *message, int tocont) {
    behave_warn_control((lua_State *)ud, message, tocont);
}

static void behave_warn_continue(void *ud, const char *message, int tocont) {
    lua_State *L = (lua_State *)ud;
    fputs(message, stderr);
    if (tocont) {
        lua_setwarnf(L, behave_warn_continue, L);
    } else {
        fputs("\n", stderr);
        fflush(stderr);
        lua_setwarnf(L, behave_warn_on, L);
    }
}

static void behave_warn_on(void *ud, const char *message, int tocont) {
    if (behave_warn_control((lua_State *)ud, message, tocont)) return;
    fputs("Lua warning: ", stderr);
    behave_warn_continue(ud, message, tocont);
}

void behave_stock_warnings(lua_State *L) { lua_setwarnf(L, behave_warn_off, L); }
