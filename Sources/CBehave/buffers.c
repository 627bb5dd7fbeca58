/*
 * buffers.c — room for a lauxlib buffer's growth, made by a full collection first.
 *
 * Reaches past the official API: the linker sends the library's calls of luaL_buffinitsize,
 * luaL_prepbuffsize, luaL_addlstring and luaL_addvalue here (`--wrap`, Package.swift) before
 * lauxlib's own. lauxlib grows a buffer through the allocator directly, without the emergency
 * collection Lua gives its own blocks (allocator.c), so a growth that garbage leaves no room for
 * would be refused and be the memory limit, though the live data fits. Before a growth that
 * would pass the cap, a full collection runs: it is safe here, in a library function between
 * two API calls, with the buffer anchored on the stack. A growth refused after it is the limit.
 *
 * Linux only (GNU ld's --wrap); elsewhere string.rep still collects first (libraries.c), and
 * other builders stop at the cap when garbage fills it.
 */
#include "CBehaveInternal.h"

#if defined(__linux__)

/* Weak: a build without the linker's --wrap (the pattern fuzzer) never calls the wrappers. */
__attribute__((weak)) char *__real_luaL_buffinitsize(lua_State *L, luaL_Buffer *B, size_t sz);
__attribute__((weak)) char *__real_luaL_prepbuffsize(luaL_Buffer *B, size_t sz);
__attribute__((weak)) void __real_luaL_addlstring(luaL_Buffer *B, const char *s, size_t l);
__attribute__((weak)) void __real_luaL_addvalue(luaL_Buffer *B);

/* Collects when a block of `size` more bytes would pass the cap. */
static void behave_room_for(lua_State *L, size_t size) {
    behave_control *c = behave_control_of(L);
    if (c == NULL || c->limit == 0 || c->terminated != 0) return;
    if (c->used <= c->limit && size <= c->limit - c->used) return;
    lua_gc(L, LUA_GCCOLLECT, 0);
}

/* What lauxlib's buffer asks of the allocator to take `sz` more bytes (lauxlib.c, newbuffsize),
 * or 0 when it already has room. */
static size_t behave_growth(const luaL_Buffer *B, size_t sz) {
    if (B->size - B->n >= sz) return 0;
    size_t doubled = B->size * 2;
    return doubled < B->n + sz ? B->n + sz : doubled;
}

char *__wrap_luaL_buffinitsize(lua_State *L, luaL_Buffer *B, size_t sz) {
    if (sz > LUAL_BUFFERSIZE) behave_room_for(L, sz);
    return __real_luaL_buffinitsize(L, B, sz);
}

char *__wrap_luaL_prepbuffsize(luaL_Buffer *B, size_t sz) {
    size_t growth = behave_growth(B, sz);
    if (growth > 0) behave_room_for(B->L, growth);
    return __real_luaL_prepbuffsize(B, sz);
}

void __wrap_luaL_addlstring(luaL_Buffer *B, const char *s, size_t l) {
    size_t growth = behave_growth(B, l);
    if (growth > 0) behave_room_for(B->L, growth);
    __real_luaL_addlstring(B, s, l);
}

void __wrap_luaL_addvalue(luaL_Buffer *B) {
    size_t l = 0;
    /* The value on top is a string or a number, which luaL_addvalue converts the same way. */
    lua_tolstring(B->L, -1, &l);
    size_t growth = behave_growth(B, l);
    if (growth > 0) behave_room_for(B->L, growth);
    __real_luaL_addvalue(B);
}

#endif
