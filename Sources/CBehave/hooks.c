/*
 * hooks.c — the one owner of Lua's hook slot, which Lua gives a state once.
 *
 * The sandbox's own hooks (limits.c) stand alone while no tool is attached, so a run that only
 * enforces limits pays for nothing else. Once a tool is attached (a debugger, coverage: their
 * code lives above the sandbox, in CBehaveTools), the hook is this file's: it does the sandbox's
 * work first, which may stop the run, then hands each tool the events it asked for. The sandbox
 * and the runtime report limits and tasks here, and never call a tool by name.
 */
#include "CBehaveInternal.h"

static int behave_event_mask(int event) {
    switch (event) {
    case LUA_HOOKLINE: return LUA_MASKLINE;
    case LUA_HOOKRET: return LUA_MASKRET;
    case LUA_HOOKCOUNT: return LUA_MASKCOUNT;
    default: return LUA_MASKCALL; /* a call or a tail call */
    }
}

/* The hook of a state with tools: the count hook's and the depth limit's work, then the tools'. */
static void behave_tools_hook(lua_State *L, lua_Debug *ar) {
    behave_control *c = behave_control_of(L);
    if (ar->event == LUA_HOOKCOUNT) {
        behave_count_hook(L, ar);
        return;
    }
    if (c->watch_calls) behave_depth_hook(L, ar);
    int event = behave_event_mask(ar->event);
    for (int i = 0; i < c->tool_count; i++) {
        behave_tool *tool = &c->tools[i];
        if ((tool->mask & event) != 0 && tool->hook != NULL) tool->hook(tool->self, L, ar);
    }
}

int behave_tools_install(behave_control *c, lua_State *L, int sandbox_mask) {
    if (c->tool_count == 0) return 0;
    lua_sethook(L, behave_tools_hook, c->tool_mask | sandbox_mask, c->hook_interval);
    return 1;
}

int behave_attach_tool(behave_control *c, lua_State *L, const behave_tool *tool) {
    /* The same tool given twice (a feature listed twice) hears each event once. */
    for (int i = 0; i < c->tool_count; i++)
        if (c->tools[i].hook == tool->hook && c->tools[i].self == tool->self) return 1;
    if (c->tool_count >= BEHAVE_MAX_TOOLS) return 0;
    behave_tool *added = &c->tools[c->tool_count++];
    *added = *tool;
    /* Returns belong to the depth limit's bookkeeping; a tool hears lines and calls. */
    added->mask &= LUA_MASKLINE | LUA_MASKCALL;
    c->tool_mask |= added->mask;
    if (tool->task != NULL || tool->failure != NULL) c->tool_tasks = 1;
    behave_restore_hook(c, L);
    return 1;
}

void behave_tools_limit(behave_control *c, lua_State *L) {
    for (int i = 0; i < c->tool_count; i++)
        if (c->tools[i].limit != NULL) c->tools[i].limit(c->tools[i].self, L);
}

void behave_tools_task(lua_State *L, int co, int what) {
    behave_control *c = behave_control_of(L);
    co = lua_absindex(L, co);
    what = lua_absindex(L, what);
    for (int i = 0; i < c->tool_count; i++)
        if (c->tools[i].task != NULL) c->tools[i].task(c->tools[i].self, L, co, what);
}

void behave_tools_failure(lua_State *L, int co, int error) {
    behave_control *c = behave_control_of(L);
    co = lua_absindex(L, co);
    error = lua_absindex(L, error);
    for (int i = 0; i < c->tool_count; i++)
        if (c->tools[i].failure != NULL) c->tools[i].failure(c->tools[i].self, L, co, error);
}
