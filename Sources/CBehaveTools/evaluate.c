/*
 * evaluate.c — the debugger's evaluate: an expression or statements in a stopped frame's sight
 * (its locals, then its function's upvalues, then its environment).
 *
 * A watch or a hover reads a name and its fields and runs nothing (`repl` 0). The debug console
 * runs code (`repl` 1) in a coroutine of its own, under a hook that ends it when it has run too
 * long, in the behaviour's sandbox: what it calls is what the behaviour could call.
 */
#include "inspect.h"
#include <string.h>

enum { EVAL_HOOK_INSTRUCTIONS = 1000, EVAL_SECONDS = 5 };

static __thread long long behave_eval_deadline;

static void behave_eval_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    if (behave_now_ns() > behave_eval_deadline) luaL_error(L, "the evaluation ran longer than %d seconds", EVAL_SECONDS);
}

static int behave_same_name(const char *a, const char *name, size_t length) {
    return strlen(a) == length && memcmp(a, name, length) == 0;
}

/* Where frame `level` of co (at `ar`) keeps `name`: the number of its innermost local of that
 * name (> 0), or of its function's upvalue (< 0, with the function pushed on L), or 0. */
static int behave_frame_slot(lua_State *L, lua_State *co, lua_Debug *ar, const char *name, size_t length) {
    const char *found;
    int local = 0;
    for (int i = 1; (found = lua_getlocal(co, ar, i)) != NULL; i++) {
        if (behave_same_name(found, name, length)) local = i;
        lua_pop(co, 1);
    }
    if (local) return local;
    lua_getinfo(co, "f", ar);
    lua_xmove(co, L, 1);
    for (int i = 1; (found = lua_getupvalue(L, -1, i)) != NULL; i++) {
        lua_pop(L, 1);
        if (behave_same_name(found, name, length)) return -i;
    }
    lua_pop(L, 1);
    return 0;
}

/* Pushes the variable `name` of frame `level` of co as the frame sees it; 1 when there is one. */
static int behave_frame_lookup(lua_State *L, lua_State *co, int level, const char *name, size_t length) {
    lua_Debug ar;
    if (!lua_getstack(co, level, &ar) || !lua_checkstack(co, 2)) return 0;
    int slot = behave_frame_slot(L, co, &ar, name, length);
    if (slot > 0) {
        lua_getlocal(co, &ar, slot);
        lua_xmove(co, L, 1);
    } else if (slot < 0) {
        lua_getupvalue(L, -1, -slot);
        lua_remove(L, -2);
    }
    return slot != 0;
}

/* Pushes what `name` is in the frame: a local, an upvalue, or a field of its _ENV (raw). */
static void behave_frame_name(lua_State *L, lua_State *co, int level, const char *name, size_t length) {
    if (behave_frame_lookup(L, co, level, name, length)) return;
    if (!behave_frame_lookup(L, co, level, "_ENV", 4)) {
        lua_pushnil(L);
        return;
    }
    if (lua_type(L, -1) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_pushnil(L);
        return;
    }
    behave_shown_table(L, -1);
    lua_pushlstring(L, name, length);
    lua_rawget(L, -2);
    lua_replace(L, -3);
    lua_pop(L, 1);
}

static int behave_is_name(char ch, int first) {
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_' || (!first && ch >= '0' && ch <= '9');
}

/* A name and its fields (a.b, a[1], a["b"]): read raw, through views, running nothing. */
static int behave_read_path(lua_State *L, lua_State *co, int level, const char *s, size_t n) {
    size_t i = 0, start;
    while (i < n && s[i] == ' ') i++;
    if (i == n || !behave_is_name(s[i], 1)) return 0;
    for (start = i; i < n && behave_is_name(s[i], 0); i++) {}
    behave_frame_name(L, co, level, s + start, i - start);
    while (i < n && s[i] != ' ') {
        if (lua_type(L, -1) != LUA_TTABLE) return 0;
        if (s[i] == '.') {
            for (start = ++i; i < n && behave_is_name(s[i], i == start); i++) {}
            if (i == start) return 0;
            lua_pushlstring(L, s + start, i - start);
        } else if (s[i] == '[' && i + 1 < n && (s[i + 1] == '"' || s[i + 1] == '\'')) {
            char quote = s[i + 1];
            for (start = i += 2; i < n && s[i] != quote; i++) {}
            if (i + 1 >= n || s[i + 1] != ']') return 0;
            lua_pushlstring(L, s + start, i - start);
            i += 2;
        } else if (s[i] == '[') {
            lua_Integer key = 0;
            for (start = ++i; i < n && s[i] >= '0' && s[i] <= '9' && i - start < 18; i++) key = key * 10 + (s[i] - '0');
            if (i == start || i >= n || s[i] != ']') return 0;
            lua_pushinteger(L, key);
            i++;
        } else {
            return 0;
        }
        behave_shown_table(L, -2);
        lua_insert(L, -2);
        lua_rawget(L, -2);
        lua_replace(L, -3);
        lua_pop(L, 1);
    }
    while (i < n && s[i] == ' ') i++;
    return i == n;
}

/* The console's environment: reads find the frame's names, writes change its locals and upvalues
 * or else its environment. Upvalues: the thread, the frame's level. */
static int behave_console_index(lua_State *L) {
    size_t length;
    const char *name = luaL_checklstring(L, 2, &length);
    behave_frame_name(L, lua_tothread(L, lua_upvalueindex(1)), (int)lua_tointeger(L, lua_upvalueindex(2)), name, length);
    return 1;
}

static int behave_console_newindex(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int level = (int)lua_tointeger(L, lua_upvalueindex(2));
    size_t length;
    const char *name = luaL_checklstring(L, 2, &length);
    lua_Debug ar;
    int slot = lua_getstack(co, level, &ar) && lua_checkstack(co, 2) ? behave_frame_slot(L, co, &ar, name, length) : 0;
    if (slot > 0) {
        lua_pushvalue(L, 3);
        lua_xmove(L, co, 1);
        lua_setlocal(co, &ar, slot);
        return 0;
    }
    if (slot < 0) {
        lua_pushvalue(L, 3);
        lua_setupvalue(L, -2, -slot);
        return 0;
    }
    if (behave_frame_lookup(L, co, level, "_ENV", 4) && lua_type(L, -1) == LUA_TTABLE) {
        lua_pushvalue(L, 2);
        lua_pushvalue(L, 3);
        lua_settable(L, -3);
        return 0;
    }
    return luaL_error(L, "no environment to set '%s' in", name);
}

/* Loads the console's code as an expression, or else as statements, with the console's _ENV. */
static void behave_console_load(lua_State *L, lua_State *co, int level, const char *code, size_t length) {
    lua_pushliteral(L, "return ");
    lua_pushlstring(L, code, length);
    lua_concat(L, 2);
    size_t n;
    const char *expression = lua_tolstring(L, -1, &n);
    if (luaL_loadbufferx(L, expression, n, "=console", "t") != LUA_OK) {
        lua_pop(L, 2);
        if (luaL_loadbufferx(L, code, length, "=console", "t") != LUA_OK) lua_error(L);
    } else {
        lua_remove(L, -2);
    }
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 2);
    lua_pushthread(co);
    lua_xmove(co, L, 1);
    lua_pushinteger(L, level);
    lua_pushcclosure(L, behave_console_index, 2);
    lua_setfield(L, -2, "__index");
    lua_pushthread(co);
    lua_xmove(co, L, 1);
    lua_pushinteger(L, level);
    lua_pushcclosure(L, behave_console_newindex, 2);
    lua_setfield(L, -2, "__newindex");
    lua_setmetatable(L, -2);
    lua_setupvalue(L, -2, 1);
}

/* Runs the function on top in a coroutine of its own; leaves its results, or raises its error. */
static int behave_console_run(lua_State *L) {
    behave_control *c = behave_control_of(L);
    lua_State *eval = lua_newthread(L);
    lua_insert(L, -2);
    lua_xmove(L, eval, 1);
    lua_sethook(eval, behave_eval_hook, LUA_MASKCOUNT, EVAL_HOOK_INSTRUCTIONS);
    behave_eval_deadline = behave_now_ns() + EVAL_SECONDS * 1000000000LL;
    lua_State *running = c->running;
    int enforcing = c->enforcing;
    /* The console's code is the behaviour's kind of code: under protection here, so the memory
     * limit holds for it as for the behaviour. */
    c->running = eval;
    c->enforcing = 1;
    int results = 0, status = lua_resume(eval, L, 0, &results);
    c->enforcing = enforcing;
    c->running = running;
    if (status == LUA_YIELD) luaL_error(L, "the debug console cannot wait while the behaviour is stopped");
    if (status != LUA_OK) {
        lua_xmove(eval, L, 1);
        if (lua_type(L, -1) != LUA_TSTRING) luaL_error(L, "(error object is a %s value)", luaL_typename(L, -1));
        lua_error(L);
    }
    if (!lua_checkstack(L, results + 2)) luaL_error(L, "too many results");
    lua_xmove(eval, L, results);
    lua_remove(L, -results - 1); /* the coroutine */
    return results;
}

static int behave_read_evaluate(lua_State *L) {
    behave_debug_query *q = lua_touserdata(L, 1);
    luaL_checkstack(L, 20, "debugger");
    int offset;
    lua_State *co = behave_debug_target(L, q->task, &offset);
    if (co == NULL) return luaL_error(L, "no such task");
    int base = lua_gettop(L), results = 1;
    if (!q->repl) {
        if (!behave_read_path(L, co, q->level + offset, q->code, q->length))
            return luaL_error(L, "only a name and its fields are read here; the debug console runs code");
    } else {
        behave_console_load(L, co, q->level + offset, q->code, q->length);
        results = behave_console_run(L);
    }
    for (int i = 0; i < results; i++) {
        behave_text_printf(q->out, "%d", i + 1);
        behave_text_row(q->out, L, base + 1 + i);
    }
    return 0;
}

int behave_debug_evaluate(lua_State *L, int task, int level, const char *code, size_t length, int repl,
                          behave_debug_text *out) {
    behave_debug_query q = {.task = task, .level = level, .code = code, .length = length, .repl = repl, .out = out};
    return behave_debug_protected(L, behave_read_evaluate, &q);
}
