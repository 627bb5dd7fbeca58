/*
 * fields.c — a table's fields read by the keys a key plan holds (KeyPlan.swift): each key is
 * an item of the plan's table, a Lua string made once, so no read hashes or interns a name
 * again. Every access is raw: no metamethod runs, so nothing raises while Swift is on the C
 * stack.
 */
#include "CBehaveInternal.h"

int behave_plan_field(lua_State *L, int table, int plan, lua_Integer position) {
    lua_rawgeti(L, plan, position);
    return lua_rawget(L, table);
}

void behave_plan_read(lua_State *L, int table, int plan, int count, behave_plan_value *values) {
    for (int i = 0; i < count; i++) {
        behave_plan_value *value = &values[i];
        value->type = behave_plan_field(L, table, plan, i + 1);
        value->integral = 0;
        if (value->type != LUA_TNUMBER) continue;
        /* One call for a number with an integral value; a zero may be a float, whose sign the
         * integer would lose. */
        value->integer = lua_tointegerx(L, -1, &value->integral);
        if (value->integral && value->integer == 0 && !lua_isinteger(L, -1)) value->integral = 0;
        if (!value->integral) value->number = lua_tonumberx(L, -1, NULL);
    }
}
