/*
 * allocator.c — the lua_Alloc of every state.
 *
 * It keeps the state's byte count in the control block and enforces the memory cap, but only
 * where refusing is safe: while Lua code runs with no Swift frame above it (`enforcing`).
 * While Swift code runs (a registered function, the host pushing values) an allocation over the
 * cap succeeds and the next allocation Lua makes on its own fails instead, so Lua's memory
 * error never unwinds through Swift.
 *
 * It is also one of the places a run notices that it must stop: a C function that builds a
 * large result (a string, a table, the lexer's buffer) allocates as it goes, so refusing the
 * next allocation once the watchdog has asked for a stop ends that call too.
 *
 * Lua calls it for every object it creates or frees, so its cost shows in any script that
 * builds strings or tables (docs/performance.md).
 */
#include "CBehaveInternal.h"
#include <stdlib.h>

/* Allocates or resizes (in the state's heap, heap.c), and counts the state as holding `used`
 * bytes once that succeeds. */
static inline void *behave_place(behave_control *c, void *ptr, size_t osize, size_t nsize, size_t used) {
    void *block = ptr == NULL ? behave_heap_alloc(c->heap, nsize) : behave_heap_resize(c->heap, ptr, osize, nsize);
    if (block == NULL) return NULL;
    c->used = used;
    if (used > c->peak) c->peak = used;
    return block;
}

/* A refused request is final unless the next growth is Lua asking for the same block again
 * (lmem.c, tryagain: after a refusal Lua runs an emergency full collection, which only frees,
 * and repeats the request). A block refused where Lua does not try again (a library's buffer,
 * grown by lauxlib through the allocator directly) is followed by an error instead, and by
 * other requests: the refusal was the limit. */
static int behave_refusal_final(behave_control *c, void *ptr, size_t osize, size_t nsize) {
    c->refused = 0;
    return ptr != c->refused_ptr || osize != c->refused_osize || nsize != c->refused_nsize;
}

void behave_settle_refusal(behave_control *c) {
    if (c->refused && c->sticky_memory && c->terminated == 0) c->terminated = BEHAVE_LIMIT_MEMORY;
    c->refused = 0;
}

/* Growth while Lua code runs that may have to be refused: over the cap, once the sandbox's
 * memory limit is reached (sticky), or once a stop is pending. Out of line, so the common path
 * saves fewer registers. The first refusal of a request only marks it: Lua collects and asks
 * again, and the cap is reached when the live data still does not leave room. */
static __attribute__((noinline)) void *behave_grow_checked(behave_control *c, void *ptr, size_t osize, size_t nsize,
                                                           size_t used) {
    int retried = 0;
    if (c->refused) {
        retried = !behave_refusal_final(c, ptr, osize, nsize);
        if (!retried && c->sticky_memory && c->terminated == 0) c->terminated = BEHAVE_LIMIT_MEMORY;
    }
    if (c->limit > 0 && (c->terminated == BEHAVE_LIMIT_MEMORY || used > c->limit)) {
        if (retried || c->terminated != 0) {
            if (c->sticky_memory && c->terminated == 0) c->terminated = BEHAVE_LIMIT_MEMORY;
        } else {
            c->refused = 1;
            c->refused_ptr = ptr;
            c->refused_osize = osize;
            c->refused_nsize = nsize;
        }
        return NULL;
    }
    if (behave_preempt_pending(c) && behave_should_stop(c)) return NULL;
    return behave_place(c, ptr, osize, nsize, used);
}

void *behave_allocator(void *ud, void *ptr, size_t osize, size_t nsize) {
    behave_control *c = (behave_control *)ud;
    /* When ptr is NULL, osize encodes the type of object being created, not a size. */
    size_t previous = ptr == NULL ? 0 : osize;
    if (nsize == 0) {
        c->used -= previous;
        if (ptr != NULL) behave_heap_release(c->heap, ptr, previous);
        return NULL;
    }
    size_t used = c->used - previous + nsize;
    /* Over the cap, terminated, or a stop pending: the careful path. `limit - 1` wraps to the
     * largest size when there is no cap. */
    if (nsize > previous && c->enforcing > 0 &&
        (used > c->limit - 1 || c->terminated != 0 || c->refused || behave_preempt_pending(c)))
        return behave_grow_checked(c, ptr, previous, nsize, used);
    return behave_place(c, ptr, previous, nsize, used);
}

lua_State *behave_new_state(behave_control *c) {
    c->heap = behave_heap_new();
    if (c->heap == NULL) return NULL;
    lua_State *L = lua_newstate(behave_allocator, c);
    if (L == NULL) {
        behave_heap_free(c->heap);
        c->heap = NULL;
        return NULL;
    }
    *(behave_control **)lua_getextraspace(L) = c;
    return L;
}

void behave_close_state(lua_State *L) {
    behave_control *c = behave_control_of(L);
    lua_close(L);
    behave_heap_free(c->heap);
    c->heap = NULL;
}

void behave_set_collecting(lua_State *L, int collecting) { lua_gc(L, collecting ? LUA_GCRESTART : LUA_GCSTOP); }
