/*
 * callchain.c — a stop reaches a __call chain.
 *
 * A callable table whose __call is a callable table, with no end, loops inside Lua 5.4's call
 * setup (luaD_tryfuncTM, called again and again by luaD_precall), which runs no instruction,
 * so neither an armed hook nor any library code sees the stop; only the allocator does, when
 * the loop next doubles the Lua stack, and the time to each doubling quadruples. Every turn
 * of that loop looks up the __call metamethod through luaT_gettmbyobj, so on Linux, where
 * liblua5.4.a is linked in statically, the link redirects that lookup here
 * (`--wrap=luaT_gettmbyobj`, Package.swift): a pending stop raises at the next turn.
 *
 * Raising there is as safe as Lua's own error at that point: the loop raises "attempt to call
 * a table value" from the same place when the chain ends in a value that has no __call, and
 * luaD_precall has just ensured the stack slot the error value takes.
 *
 * Elsewhere (no static liblua, no GNU-style linker) nothing is redirected and a chain stops at
 * the next stack growth (docs/sandbox.md).
 */
#include "CBehaveInternal.h"

#if defined(__linux__)

/* Lua 5.4's number for the __call event (ltm.h: TM_CALL, the same in every 5.4 release). */
enum { BEHAVE_EVENT_CALL = 23 };

/* The library's own lookup, under the name the linker gives it when wrapping. TValue is
 * internal to Lua: pointers to it pass through untouched. Weak, so that a link without the
 * flag (against liblua5.4.so, as scripts/fuzz does) still succeeds: nothing calls the wrapper
 * there. */
__attribute__((weak)) const void *__real_luaT_gettmbyobj(lua_State *L, const void *o, int event);

const void *__wrap_luaT_gettmbyobj(lua_State *L, const void *o, int event) {
    if (__builtin_expect(event == BEHAVE_EVENT_CALL, 0)) {
        /* Only states made by behave_new_state have a control block; an app may also run
         * states of its own in the same process. */
        void *ud = NULL;
        if (lua_getallocf(L, &ud) == behave_allocator && ud != NULL) behave_check_stop_of(ud, L);
    }
    return __real_luaT_gettmbyobj(L, o, event);
}

#endif
