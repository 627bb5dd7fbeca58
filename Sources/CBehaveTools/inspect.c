/*
 * inspect.c — what `behave debug` reads of a stopped state: its tasks, a task's frames, a frame's
 * locals and upvalues, a table's fields. Each read is a protected call on the thread that stopped,
 * and writes text (CBehaveTools.h) into memory outside the state, so that nothing the host
 * gets back is a Lua value it must hold.
 *
 * Reads run no Lua code: values are shown by their type and raw contents, never through a
 * metamethod. A read-only view (the app's context) is shown as the table it reads through to.
 * A row is tab-separated: a variable's is name, type, value, the table's number for
 * behave_debug_children (0 for none), its named and indexed fields.
 */
#include "CBehaveInternal.h"
#include "inspect.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What one string value shows, and how many frames, fields and counted keys a read goes to. */
enum { SHOWN_STRING = 200, MAX_CHILDREN = 1000, MAX_COUNTED = 100000 };

static char behave_debug_refs;

void behave_debug_text_free(behave_debug_text *text) {
    free(text->bytes);
    *text = (behave_debug_text){0};
}

void behave_text_add(behave_debug_text *out, const char *bytes, size_t length) {
    if (out->failed) return;
    if (out->length + length + 1 > out->capacity) {
        size_t capacity = out->capacity == 0 ? 1024 : out->capacity;
        while (capacity < out->length + length + 1) capacity *= 2;
        char *larger = realloc(out->bytes, capacity);
        if (larger == NULL) {
            out->failed = 1;
            return;
        }
        out->bytes = larger;
        out->capacity = capacity;
    }
    memcpy(out->bytes + out->length, bytes, length);
    out->length += length;
    out->bytes[out->length] = '\0';
}

void behave_text_printf(behave_debug_text *out, const char *format, ...) {
    char buffer[256];
    va_list arguments;
    va_start(arguments, format);
    int n = vsnprintf(buffer, sizeof buffer, format, arguments);
    va_end(arguments);
    if (n > 0) behave_text_add(out, buffer, (size_t)n < sizeof buffer ? (size_t)n : sizeof buffer - 1);
}

/* A string as a Lua literal, cut at SHOWN_STRING bytes (not inside a UTF-8 sequence), with
 * nothing in it that would end a field or a row. */
static void behave_text_quoted(behave_debug_text *out, const char *s, size_t length) {
    size_t shown = length > SHOWN_STRING ? SHOWN_STRING : length;
    while (shown < length && shown > 0 && ((unsigned char)s[shown] & 0xC0) == 0x80) shown--;
    behave_text_add(out, "\"", 1);
    for (size_t i = 0; i < shown; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == '"' || ch == '\\') {
            char escaped[2] = {'\\', (char)ch};
            behave_text_add(out, escaped, 2);
        } else if (ch == '\n') {
            behave_text_add(out, "\\n", 2);
        } else if (ch == '\t') {
            behave_text_add(out, "\\t", 2);
        } else if (ch < 32 || ch == 127) {
            behave_text_printf(out, "\\%d", ch);
        } else {
            behave_text_add(out, (const char *)&ch, 1);
        }
    }
    behave_text_add(out, "\"", 1);
    if (shown < length) behave_text_printf(out, "... (%zu bytes)", length);
}

static void behave_text_number(behave_debug_text *out, lua_State *L, int index) {
    if (lua_isinteger(L, index)) {
        behave_text_printf(out, LUA_INTEGER_FMT, (LUAI_UACINT)lua_tointeger(L, index));
        return;
    }
    /* As lua_Number2str and tostring: LUA_NUMBER_FMT, with ".0" when that looks like an integer. */
    char buffer[64];
    int n = snprintf(buffer, sizeof buffer, LUA_NUMBER_FMT, (LUAI_UACNUMBER)lua_tonumber(L, index));
    if (n <= 0 || (size_t)n >= sizeof buffer) return;
    behave_text_add(out, buffer, (size_t)n);
    if (buffer[strspn(buffer, "-0123456789")] == '\0') behave_text_add(out, ".0", 2);
}

/* The table whose fields a value shows: a view's target, else the table itself; pushed. */
void behave_shown_table(lua_State *L, int index) {
    index = lua_absindex(L, index);
    lua_pushvalue(L, index);
    if (!lua_getmetatable(L, index)) return;
    lua_pushliteral(L, "__index");
    int type = lua_rawget(L, -2);
    lua_pushnil(L);
    int empty = lua_next(L, index) == 0;
    if (!empty) lua_pop(L, 2);
    if (type == LUA_TTABLE && empty) {
        lua_replace(L, -3);
        lua_pop(L, 1);
    } else {
        lua_pop(L, 2);
    }
}

void behave_text_value(behave_debug_text *out, lua_State *L, int index) {
    index = lua_absindex(L, index);
    switch (lua_type(L, index)) {
    case LUA_TNIL: behave_text_add(out, "nil", 3); break;
    case LUA_TBOOLEAN: lua_toboolean(L, index) ? behave_text_add(out, "true", 4) : behave_text_add(out, "false", 5); break;
    case LUA_TNUMBER: behave_text_number(out, L, index); break;
    case LUA_TSTRING: {
        size_t length;
        const char *s = lua_tolstring(L, index, &length);
        behave_text_quoted(out, s, length);
        break;
    }
    case LUA_TFUNCTION: {
        lua_Debug ar;
        lua_pushvalue(L, index);
        if (lua_getinfo(L, ">S", &ar) && ar.what[0] != 'C')
            behave_text_printf(out, "function %s:%d", ar.short_src, ar.linedefined);
        else
            behave_text_add(out, "builtin function", 16);
        break;
    }
    default: behave_text_printf(out, "%s: %p", luaL_typename(L, index), lua_topointer(L, index)); break;
    }
}

/* A table key as a field's name: a name as it is, anything else in brackets. */
static void behave_text_key(behave_debug_text *out, lua_State *L, int index) {
    size_t length;
    const char *s = lua_type(L, index) == LUA_TSTRING ? lua_tolstring(L, index, &length) : NULL;
    int plain = s != NULL && length > 0 && length <= 64 && !(s[0] >= '0' && s[0] <= '9');
    for (size_t i = 0; plain && i < length; i++)
        plain = (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '_';
    if (plain) {
        behave_text_add(out, s, length);
        return;
    }
    behave_text_add(out, "[", 1);
    behave_text_value(out, L, index);
    behave_text_add(out, "]", 1);
}

/* Keeps a table until behave_debug_forget; its number. */
static lua_Integer behave_keep(lua_State *L, int index) {
    index = lua_absindex(L, index);
    behave_debug_weak_table(L, &behave_debug_refs); /* weak keys only: values stay */
    lua_Integer ref = (lua_Integer)lua_rawlen(L, -1) + 1;
    lua_pushvalue(L, index);
    lua_rawseti(L, -2, ref);
    lua_pop(L, 1);
    return ref;
}

void behave_debug_forget(lua_State *L) {
    if (!lua_checkstack(L, 1)) return;
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &behave_debug_refs);
}

/* One variable's row: the name is written by the caller; the value is at `index`. */
void behave_text_row(behave_debug_text *out, lua_State *L, int index) {
    index = lua_absindex(L, index);
    behave_text_printf(out, "\t%s\t", luaL_typename(L, index));
    behave_text_value(out, L, index);
    if (lua_type(L, index) != LUA_TTABLE) {
        behave_text_add(out, "\t0\t0\t0\n", 7);
        return;
    }
    lua_Integer ref = behave_keep(L, index);
    behave_shown_table(L, index);
    lua_Integer indexed = (lua_Integer)lua_rawlen(L, -1), named = 0;
    lua_pushnil(L);
    while (named < MAX_COUNTED && lua_next(L, -2)) {
        lua_pop(L, 1);
        if (!(lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 && lua_tointeger(L, -1) <= indexed)) named++;
    }
    if (named >= MAX_COUNTED) lua_pop(L, 1);
    lua_pop(L, 1);
    behave_text_printf(out, "\t" LUA_INTEGER_FMT "\t" LUA_INTEGER_FMT "\t" LUA_INTEGER_FMT "\n", ref, named, indexed);
}

static int behave_read_children(lua_State *L) {
    behave_debug_query *q = lua_touserdata(L, 1);
    luaL_checkstack(L, 10, "debugger");
    behave_debug_weak_table(L, &behave_debug_refs);
    if (lua_rawgeti(L, -1, q->ref) != LUA_TTABLE) return q->out->failed = 1, 0;
    behave_shown_table(L, -1);
    int table = lua_gettop(L);
    lua_Integer length = (lua_Integer)lua_rawlen(L, table), seen = 0, written = 0;
    int count = q->count > 0 && q->count < MAX_CHILDREN ? q->count : MAX_CHILDREN;
    if (q->filter != 2) {
        lua_pushnil(L);
        while (written < count && lua_next(L, table)) {
            int array = lua_isinteger(L, -2) && lua_tointeger(L, -2) >= 1 && lua_tointeger(L, -2) <= length;
            if (!array && seen++ >= q->start) {
                behave_text_key(q->out, L, -2);
                behave_text_row(q->out, L, -1);
                written++;
            }
            lua_pop(L, 1);
        }
        lua_settop(L, table);
    }
    lua_Integer from = q->filter == 2 ? q->start + 1 : 1;
    for (lua_Integer i = from; q->filter != 1 && i <= length && written < count; i++, written++) {
        lua_rawgeti(L, table, i);
        behave_text_printf(q->out, "[" LUA_INTEGER_FMT "]", i);
        behave_text_row(q->out, L, -1);
        lua_pop(L, 1);
    }
    return 0;
}

int behave_debug_protected(lua_State *L, lua_CFunction read, behave_debug_query *q) {
    if (!lua_checkstack(L, 4)) return 0;
    int top = lua_gettop(L);
    lua_pushcfunction(L, read);
    lua_pushlightuserdata(L, q);
    int status = lua_pcall(L, 1, 0, 0);
    if (status != LUA_OK && lua_type(L, -1) == LUA_TSTRING) {
        q->out->failed = 0;
        behave_text_add(q->out, "error\t", 6);
        behave_text_add(q->out, lua_tostring(L, -1), strlen(lua_tostring(L, -1)));
    }
    lua_settop(L, top);
    return status == LUA_OK && !q->out->failed;
}

int behave_debug_children(lua_State *L, int ref, int filter, int start, int count, behave_debug_text *out) {
    behave_debug_query q = {.ref = ref, .filter = filter, .start = start < 0 ? 0 : start, .count = count, .out = out};
    return behave_debug_protected(L, behave_read_children, &q);
}
