/*
 * libraries.c — the library functions whose running time is not bounded by the memory they
 * use, made to stop when the run must. Each gives the stock function's results and errors;
 * only its loop also polls the control block every few thousand steps.
 *
 *   string.rep("", 1e15)          the stock loop copies nothing 10^15 times: answered at once
 *   table.move / concat / insert / remove over a huge range or a huge __len
 *   table.sort of anything with metamethods (C functions as __index, __newindex or __lt run
 *   where no hook does): sorted through a comparator that polls
 *
 * string.find, match, gmatch and gsub are in patterns.c.
 */
#include "CBehaveInternal.h"

static void behave_count(lua_State *L, lua_Integer step) {
    if ((step & BEHAVE_CHECK_MASK) == 0) behave_check_stop(L);
}

/* string.rep: the stock function with the empty case answered without its loop. Its buffer
 * grows through the allocator directly, where a refusal gets no emergency collection: when the
 * result would not fit beside what the state holds but fits the cap, the garbage is collected
 * first, so a script whose live data fits never fails on memory here. */
static int behave_string_rep(lua_State *L) {
    size_t length, separator;
    luaL_checklstring(L, 1, &length);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &separator);
    if (n > 0 && length + separator == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    behave_control *c = behave_control_of(L);
    double size = n > 0 ? ((double)length + (double)separator) * (double)n : 0;
    if (c->limit > 0 && size <= (double)c->limit && (double)c->used + size > (double)c->limit)
        lua_gc(L, LUA_GCCOLLECT);
    lua_call(L, behave_push_wrapped(L, 1), 1);
    return 1;
}

/* What a table argument must allow: reading, writing, its length. */
enum { BEHAVE_READ = 1, BEHAVE_WRITE = 2, BEHAVE_LENGTH = 4 };

static int behave_has_field(lua_State *L, const char *key, int n) {
    lua_pushstring(L, key);
    return lua_rawget(L, -n) != LUA_TNIL;
}

/* A table, or a value whose metatable provides what `needs` asks for (as the stock library). */
static void behave_check_table(lua_State *L, int arg, int needs) {
    if (lua_type(L, arg) == LUA_TTABLE) return;
    int n = 1;
    if (lua_getmetatable(L, arg) && (!(needs & BEHAVE_READ) || behave_has_field(L, "__index", ++n)) &&
        (!(needs & BEHAVE_WRITE) || behave_has_field(L, "__newindex", ++n)) &&
        (!(needs & BEHAVE_LENGTH) || behave_has_field(L, "__len", ++n))) {
        lua_pop(L, n);
    } else {
        luaL_checktype(L, arg, LUA_TTABLE);
    }
}

static lua_Integer behave_length(lua_State *L, int arg, int needs) {
    behave_check_table(L, arg, needs | BEHAVE_LENGTH);
    return luaL_len(L, arg);
}

static int behave_table_move(lua_State *L) {
    lua_Integer from = luaL_checkinteger(L, 2);
    lua_Integer last = luaL_checkinteger(L, 3);
    lua_Integer to = luaL_checkinteger(L, 4);
    int target = !lua_isnoneornil(L, 5) ? 5 : 1;
    behave_check_table(L, 1, BEHAVE_READ);
    behave_check_table(L, target, BEHAVE_WRITE);
    if (last >= from) {
        luaL_argcheck(L, from > 0 || last < LUA_MAXINTEGER + from, 3, "too many elements to move");
        lua_Integer n = last - from + 1;
        luaL_argcheck(L, to <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
        /* Backwards when the ranges overlap with the destination above, as the stock function. */
        int forward = to > last || to <= from || (target != 1 && !lua_compare(L, 1, target, LUA_OPEQ));
        for (lua_Integer k = 0; k < n; k++) {
            lua_Integer i = forward ? k : n - 1 - k;
            lua_geti(L, 1, from + i);
            lua_seti(L, target, to + i);
            behave_count(L, k);
        }
    }
    lua_pushvalue(L, target);
    return 1;
}

static void behave_add_field(lua_State *L, luaL_Buffer *b, lua_Integer i) {
    lua_geti(L, 1, i);
    if (!lua_isstring(L, -1))
        luaL_error(L, "invalid value (%s) at index %I in table for 'concat'", luaL_typename(L, -1), (LUAI_UACINT)i);
    luaL_addvalue(b);
}

/* Its buffer grows outside Lua's allocator, with room made by a collection first
 * (buffers.c). */
static int behave_table_concat(lua_State *L) {
    lua_Integer last = behave_length(L, 1, BEHAVE_READ);
    size_t separator_length;
    const char *separator = luaL_optlstring(L, 2, "", &separator_length);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    last = luaL_optinteger(L, 4, last);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (; i < last; i++) {
        behave_add_field(L, &b, i);
        luaL_addlstring(&b, separator, separator_length);
        behave_count(L, i);
    }
    if (i == last) behave_add_field(L, &b, i);
    luaL_pushresult(&b);
    return 1;
}

static int behave_table_insert(lua_State *L) {
    lua_Integer end = behave_length(L, 1, BEHAVE_READ | BEHAVE_WRITE);
    end = (lua_Integer)((lua_Unsigned)end + 1u); /* the first empty slot */
    lua_Integer position;
    switch (lua_gettop(L)) {
    case 2:
        position = end;
        break;
    case 3:
        position = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)position - 1u < (lua_Unsigned)end, 2, "position out of bounds");
        for (lua_Integer i = end; i > position; i--) {
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i);
            behave_count(L, i);
        }
        break;
    default:
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, position);
    return 0;
}

static int behave_table_remove(lua_State *L) {
    lua_Integer size = behave_length(L, 1, BEHAVE_READ | BEHAVE_WRITE);
    lua_Integer position = luaL_optinteger(L, 2, size);
    if (position != size)
        luaL_argcheck(L, (lua_Unsigned)position - 1u <= (lua_Unsigned)size, 2, "position out of bounds");
    lua_geti(L, 1, position);
    for (; position < size; position++) {
        lua_geti(L, 1, position + 1);
        lua_seti(L, 1, position);
        behave_count(L, position);
    }
    lua_pushnil(L);
    lua_seti(L, 1, position);
    return 1;
}

/* The comparator table.sort gets when metamethods are involved: the script's (upvalue 1) or
 * `<`, after a poll. */
static int behave_polling_less(lua_State *L) {
    lua_Integer *steps = (lua_Integer *)lua_touserdata(L, lua_upvalueindex(2));
    behave_count(L, ++*steps);
    if (lua_isnil(L, lua_upvalueindex(1))) {
        lua_pushboolean(L, lua_compare(L, 1, 2, LUA_OPLT));
        return 1;
    }
    lua_call(L, behave_push_wrapped(L, 1), 1);
    return 1;
}

/* table.sort: a plain table with no metatable sorts in the stock function as it is (its work
 * is bounded by the table's size); anything else goes through a comparator that polls. */
static int behave_table_sort(lua_State *L) {
    /* The stock function's checks, here: an error it raised from inside this wrapper would
     * name no function ('?'), where the stock one names table.sort. */
    behave_check_table(L, 1, BEHAVE_READ | BEHAVE_WRITE | BEHAVE_LENGTH);
    if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
    int plain = 0;
    if (lua_type(L, 1) == LUA_TTABLE) {
        if (lua_getmetatable(L, 1))
            lua_pop(L, 1);
        else
            plain = 1;
    }
    if (!plain) lua_settop(L, lua_gettop(L) < 2 ? 2 : lua_gettop(L));
    if (!plain && (lua_isnil(L, 2) || lua_type(L, 2) == LUA_TFUNCTION)) {
        lua_settop(L, 2);
        lua_newuserdatauv(L, sizeof(lua_Integer), 0);
        *(lua_Integer *)lua_touserdata(L, -1) = 0;
        lua_pushcclosure(L, behave_polling_less, 2); /* takes the comparator's place, at 2 */
    }
    lua_call(L, behave_push_wrapped(L, 1), 0);
    return 0;
}

static void behave_wrap(lua_State *L, int library, const char *name, lua_CFunction f) {
    lua_getfield(L, library, name);
    lua_pushcclosure(L, f, 1);
    lua_setfield(L, library, name);
}

static void behave_set(lua_State *L, int library, const char *name, lua_CFunction f) {
    lua_pushcfunction(L, f);
    lua_setfield(L, library, name);
}

void behave_bound_libraries(lua_State *L, int string_index, int table_index) {
    string_index = lua_absindex(L, string_index);
    table_index = lua_absindex(L, table_index);
    luaL_checkstack(L, 4, NULL);
    behave_wrap(L, string_index, "rep", behave_string_rep);
    behave_bound_patterns(L, string_index);
    behave_set(L, table_index, "move", behave_table_move);
    behave_set(L, table_index, "concat", behave_table_concat);
    behave_set(L, table_index, "insert", behave_table_insert);
    behave_set(L, table_index, "remove", behave_table_remove);
    behave_wrap(L, table_index, "sort", behave_table_sort);
}
