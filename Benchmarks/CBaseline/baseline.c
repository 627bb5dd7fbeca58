#include "CBaseline.h"
#include <stdint.h>
#include <string.h>

int cbaseline_noop(lua_State *L) { (void)L; return 0; }

/* A C closure that only finds its data through its upvalue, as any binding of closures must. */
int cbaseline_upvalue_noop(lua_State *L) {
    volatile void *data = lua_touserdata(L, lua_upvalueindex(1));
    (void)data;
    return 0;
}

/* An empty function called as Swift calls a closure: its context and error registers. */
typedef int (*cbaseline_swift_body)(lua_State *L, void *context __attribute__((swift_context)),
                                    void **error __attribute__((swift_error_result))) __attribute__((swiftcall));

__attribute__((swiftcall)) static int cbaseline_empty_body(lua_State *L, void *context __attribute__((swift_context)),
                                                           void **error __attribute__((swift_error_result))) {
    (void)L;
    (void)context;
    (void)error;
    return 0;
}

/* Read through a volatile pointer, so the call is made as a registered function's is: to an
 * address loaded at run time, which the compiler can neither inline nor fold away. */
static cbaseline_swift_body volatile cbaseline_body = cbaseline_empty_body;

int cbaseline_calls_out(lua_State *L) {
    void *error = NULL;
    int n = cbaseline_body(L, L, &error);
    return error != NULL ? 0 : n;
}

int cbaseline_int(lua_State *L) {
    lua_pushinteger(L, luaL_checkinteger(L, 1) + 1);
    return 1;
}

int cbaseline_string(lua_State *L) {
    size_t n;
    const char *s = luaL_checklstring(L, 1, &n);
    lua_pushlstring(L, s, n);
    return 1;
}

static unsigned char cbaseline_ring[1 << 16];
static size_t cbaseline_ring_at;

int cbaseline_string_kept(lua_State *L) {
    size_t n;
    const char *s = luaL_checklstring(L, 1, &n);
    lua_pushlstring(L, s, n);
    if (lua_type(L, -1) == LUA_TSTRING) {
        size_t length;
        const char *kept = lua_tolstring(L, -1, &length);
        if (length + 4 > sizeof cbaseline_ring) return 1;
        if (cbaseline_ring_at + length + 4 > sizeof cbaseline_ring) cbaseline_ring_at = 0;
        uint32_t stored = (uint32_t)length;
        memcpy(cbaseline_ring + cbaseline_ring_at, &stored, 4);
        memcpy(cbaseline_ring + cbaseline_ring_at + 4, kept, length);
        cbaseline_ring_at += length + 4;
    }
    return 1;
}

/* Reads the same ten fields the Swift action decodes. */
static const char *cbaseline_names[10] = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"};

lua_Integer cbaseline_field(lua_State *L, int index, int field) {
    lua_getfield(L, index, cbaseline_names[field]);
    lua_Integer value = lua_tointeger(L, -1);
    lua_pop(L, 1);
    return value;
}

int cbaseline_fields(lua_State *L) {
    const char **names = cbaseline_names;
    lua_Integer sum = 0;
    luaL_checktype(L, 1, LUA_TTABLE);
    for (int i = 0; i < 10; i++) {
        lua_getfield(L, 1, names[i]);
        sum += lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    lua_pushinteger(L, sum);
    return 1;
}

lua_State *cbaseline_new_state(void) {
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    return L;
}

#include <malloc.h>

unsigned long cbaseline_allocated_bytes(void) {
    return (unsigned long)mallinfo2().uordblks;
}

#include <time.h>

static void cbaseline_empty_hook(lua_State *L, lua_Debug *ar) { (void)L; (void)ar; }

double cbaseline_run_file(const char *path, int interval) {
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    if (interval > 0) lua_sethook(L, cbaseline_empty_hook, LUA_MASKCOUNT, interval);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    int status = luaL_dofile(L, path);
    clock_gettime(CLOCK_MONOTONIC, &end);
    lua_close(L);
    if (status != LUA_OK) return -1;
    return (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
}
