/*
 * internal.h — what the .c files of CBehave share and Swift never sees.
 * The helpers are inline because the hook and the guards call them on hot paths.
 */
#ifndef CBEHAVE_INTERNAL_H
#define CBEHAVE_INTERNAL_H

#include "CBehave.h"
#include <lauxlib.h>

/* The control block is the allocator's user data: every coroutine of a state finds it. */
static inline behave_control *behave_control_of(lua_State *L) {
    void *ud = NULL;
    (void)lua_getallocf(L, &ud);
    return (behave_control *)ud;
}

/* Raises the error of a terminated run. Its value is a light userdata (the control block),
 * so raising never allocates (the heap may be at its limit). The host decides that a run was
 * terminated from behave_control.terminated, never from the error value or the status. */
static inline int behave_raise_termination(lua_State *L) {
    lua_pushlightuserdata(L, behave_control_of(L));
    return lua_error(L);
}

#endif /* CBEHAVE_INTERNAL_H */
