#ifndef BEHAVE_CBASELINE_H
#define BEHAVE_CBASELINE_H
#include <lua.h>

/* Baselines for scripts/bench: what a hand-written C binding costs. */
int cbaseline_noop(lua_State *L);
int cbaseline_int(lua_State *L);
int cbaseline_string(lua_State *L);
int cbaseline_fields(lua_State *L);
lua_State *cbaseline_new_state(void);

#endif
