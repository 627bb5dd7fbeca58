/*
 * frames.c — a stopped state's tasks, a task's frames, and a frame's locals and upvalues, as the
 * debugger shows them (inspect.c writes the values).
 *
 * A task's row: id, what started it, its state (current: the thread reading; running, ready,
 * waiting, failed), and for a task
 * that waits, the call it waits in ("wait(3600)"). A frame's row: level, source, line, name.
 */
#include "inspect.h"
#include <string.h>

lua_State *behave_debug_target(lua_State *L, int task, int *offset) {
    lua_State *co = L;
    if (task == 0) {
        lua_pushthread(L);
    } else if (behave_debug_find_task(L, task)) {
        co = lua_tothread(L, -1);
    } else {
        return NULL;
    }
    *offset = co == L ? 1 : 0;
    return co;
}

/* The call a suspended task waits in (the C function it yielded from), and where it was called. */
static void behave_text_waiting(behave_debug_text *out, lua_State *co) {
    lua_Debug ar;
    if (!lua_getstack(co, 0, &ar) || !lua_getinfo(co, "n", &ar) || ar.name == NULL) {
        behave_text_add(out, "suspended", 9);
        return;
    }
    behave_text_add(out, ar.name, strcspn(ar.name, "\t\n"));
    if (lua_getstack(co, 1, &ar) && lua_getinfo(co, "Sl", &ar) && ar.currentline > 0)
        behave_text_printf(out, " at %s:%d", ar.short_src, ar.currentline);
}

static int behave_read_tasks(lua_State *L) {
    behave_debug_query *q = lua_touserdata(L, 1);
    luaL_checkstack(L, 10, "debugger");
    behave_debug_task_tables(L);
    int ids = lua_gettop(L) - 1, names = ids + 1;
    lua_pushnil(L);
    while (lua_next(L, ids)) {
        lua_State *co = lua_tothread(L, -2);
        lua_Debug ar;
        int status = lua_status(co), framed = lua_getstack(co, 0, &ar);
        const char *state = co == L ? "current"
                            : status == LUA_YIELD ? "waiting"
                            : status != LUA_OK ? "failed"
                            : framed ? "running"
                            : lua_gettop(co) > 0 ? "ready" : NULL;
        if (state != NULL) {
            behave_text_printf(q->out, LUA_INTEGER_FMT "\t", lua_tointeger(L, -1));
            lua_pushvalue(L, -2);
            lua_rawget(L, names);
            const char *name = lua_tostring(L, -1);
            behave_text_add(q->out, name ? name : "task", name ? strlen(name) : 4);
            lua_pop(L, 1);
            behave_text_printf(q->out, "\t%s\t", state);
            if (status == LUA_YIELD) behave_text_waiting(q->out, co);
            behave_text_add(q->out, "\n", 1);
        }
        lua_pop(L, 1);
    }
    return 0;
}

int behave_debug_tasks(lua_State *L, behave_debug_text *out) {
    behave_debug_query q = {.out = out};
    return behave_debug_protected(L, behave_read_tasks, &q);
}

static int behave_read_frames(lua_State *L) {
    behave_debug_query *q = lua_touserdata(L, 1);
    luaL_checkstack(L, 4, "debugger");
    int offset;
    lua_State *co = behave_debug_target(L, q->task, &offset);
    if (co == NULL) return q->out->failed = 1, 0;
    lua_Debug ar;
    for (int level = 0; level < MAX_FRAMES_SHOWN && lua_getstack(co, level + offset, &ar); level++) {
        if (!lua_getinfo(co, "Sln", &ar)) break;
        behave_text_printf(q->out, "%d\t", level);
        behave_text_add(q->out, ar.source, strcspn(ar.source, "\t\n"));
        behave_text_printf(q->out, "\t%d\t", ar.currentline);
        /* A handler or a timer's function has no name: the runtime calls it. */
        if (ar.name != NULL) behave_text_printf(q->out, "%s\n", ar.name);
        else if (ar.what[0] == 'm') behave_text_add(q->out, "main chunk\n", 11);
        else if (ar.what[0] == 'L') behave_text_printf(q->out, "function <%s:%d>\n", ar.short_src, ar.linedefined);
        else behave_text_add(q->out, "?\n", 2);
    }
    return 0;
}

int behave_debug_frames(lua_State *L, int task, behave_debug_text *out) {
    behave_debug_query q = {.task = task, .out = out};
    return behave_debug_protected(L, behave_read_frames, &q);
}

/* Writes a row for the value on top of co (moved to L) named `name`; pops it. */
static void behave_scope_row(behave_debug_text *out, lua_State *L, lua_State *co, const char *name) {
    lua_xmove(co, L, 1);
    if (name[0] != '(' && name[0] != '\0') {
        behave_text_add(out, name, strcspn(name, "\t\n"));
        behave_text_row(out, L, -1);
    }
    lua_pop(L, 1);
}

static int behave_read_scope(lua_State *L) {
    behave_debug_query *q = lua_touserdata(L, 1);
    luaL_checkstack(L, 10, "debugger");
    int offset;
    lua_State *co = behave_debug_target(L, q->task, &offset);
    lua_Debug ar;
    if (co == NULL || !lua_getstack(co, q->level + offset, &ar) || !lua_checkstack(co, 2)) return q->out->failed = 1, 0;
    if (q->kind == 0) {
        const char *name;
        for (int i = 1; (name = lua_getlocal(co, &ar, i)) != NULL; i++) behave_scope_row(q->out, L, co, name);
        return 0;
    }
    lua_getinfo(co, "f", &ar);
    lua_xmove(co, L, 1);
    int function = lua_gettop(L);
    const char *name;
    for (int i = 1; (name = lua_getupvalue(L, function, i)) != NULL; i++) {
        lua_xmove(L, co, 1);
        behave_scope_row(q->out, L, co, name);
    }
    return 0;
}

int behave_debug_scope(lua_State *L, int task, int level, int kind, behave_debug_text *out) {
    behave_debug_query q = {.task = task, .level = level, .kind = kind, .out = out};
    return behave_debug_protected(L, behave_read_scope, &q);
}
