/*
 * release.c — LUA_RELEASE, which Swift cannot import: the macro joins string literals.
 */
#include "CBehave.h"

const char *behave_lua_release(void) { return LUA_RELEASE; }
