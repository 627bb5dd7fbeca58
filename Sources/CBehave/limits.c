/*
 * limits.c — the count hook that enforces the instruction, time, depth and cancellation limits.
 * It raises (a longjmp) from inside the interpreter, where no Swift frame can be.
 */
#include "internal.h"

/* Decides whether the run must stop; records why. Never raises. */
static int behave_check_limits(behave_control *c) {
    if (c->terminated) return 1;
    if (c->shared_cancel && __atomic_load_n(c->shared_cancel, __ATOMIC_ACQUIRE)) {
        c->terminated = BEHAVE_CANCELLED;
    } else if (c->max_instructions > 0 && c->instructions > c->max_instructions) {
        c->terminated = BEHAVE_LIMIT_INSTRUCTIONS;
    } else if (c->deadline_ns > 0 && behave_now_ns() > c->deadline_ns) {
        c->terminated = BEHAVE_LIMIT_TIME;
    }
    return c->terminated != 0;
}

/* Lua copies a thread's hook into every coroutine it creates, and the count lives in the
 * control block, so a budget cannot be split across coroutines. */
static void behave_count_hook(lua_State *L, lua_Debug *ar) {
    behave_control *c = behave_control_of(L);
    c->instructions += c->hook_interval;
    /* lua_getstack walks at most max_depth frames, and only as deep as the stack is. */
    if (!c->terminated && c->max_depth > 0 && lua_getstack(L, c->max_depth, ar))
        c->terminated = BEHAVE_LIMIT_DEPTH;
    if (behave_check_limits(c)) behave_raise_termination(L);
}

void behave_install_hook(lua_State *L, int interval) {
    lua_sethook(L, behave_count_hook, LUA_MASKCOUNT, interval);
}
