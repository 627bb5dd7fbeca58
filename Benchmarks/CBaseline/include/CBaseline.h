#ifndef BEHAVE_CBASELINE_H
#define BEHAVE_CBASELINE_H
#include "../../../Sources/CBehaveLua/lua-headers.h"

/* Baselines for scripts/bench: what a hand-written C binding costs. */
int cbaseline_noop(lua_State *L);
/* A C closure that reads its (light userdata) upvalue and does nothing else. */
int cbaseline_upvalue_noop(lua_State *L);
/* A light C function that calls an empty function the way a Swift closure is called (Clang's
 * swiftcall, with a context and an error register) and checks the error: what any C function
 * that calls Swift pays, with no Swift in it (the no-op row's floor). */
int cbaseline_calls_out(lua_State *L);
int cbaseline_int(lua_State *L);
int cbaseline_string(lua_State *L);
/* cbaseline_string, its result then kept as the least any recorder that copies results does: read
 * back from the stack, its length and bytes copied into a ring. */
int cbaseline_string_kept(lua_State *L);
int cbaseline_fields(lua_State *L);
/* Field `field` (0-9: a-j) of the table at `index`, read as cbaseline_fields reads each: the
 * cheapest read a decoder could make (the Codable rows' floor). */
lua_Integer cbaseline_field(lua_State *L, int index, int field);
lua_State *cbaseline_new_state(void);
/* Bytes malloc has handed out and not taken back (mallinfo2's uordblks). */
unsigned long cbaseline_allocated_bytes(void);
/* Seconds to run a Lua file in a bare C host (luaL_newstate + luaL_openlibs), with or without
 * a count hook that does nothing every `interval` instructions; -1 if the file fails. It shows
 * what any instruction limit costs on stock Lua 5.4, whoever implements it. */
double cbaseline_run_file(const char *path, int interval);

#endif
