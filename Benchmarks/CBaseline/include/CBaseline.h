#ifndef BEHAVE_CBASELINE_H
#define BEHAVE_CBASELINE_H
#include <lua.h>

/* Baselines for scripts/bench: what a hand-written C binding costs. */
int cbaseline_noop(lua_State *L);
int cbaseline_int(lua_State *L);
int cbaseline_string(lua_State *L);
int cbaseline_fields(lua_State *L);
lua_State *cbaseline_new_state(void);
/* Bytes malloc has handed out and not taken back (mallinfo2's uordblks). */
unsigned long cbaseline_allocated_bytes(void);

#endif
