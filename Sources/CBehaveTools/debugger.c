/*
 * debugger.c — the line hook of `behave debug`, and what it tells the host.
 *
 * A tool (behave_tool, hooks.c): only a state whose host has a debugger attached hears it, and
 * the sandbox's hook owner hands it lines, limits, and tasks that start or fail. A line costs
 * a look at a table of marked lines unless the host asked for every line (a step, a pause); a
 * marked line or any line then goes to the host, which decides whether to stop there.
 */
#include "CBehaveInternal.h"
#include "CBehaveTools.h"
#include <stdlib.h>
#include <string.h>

/* Lines past this many are all marked at once: a breakpoint that far down costs every line of
 * such a chunk a call to the host, and nothing more. */
enum { BEHAVE_DEBUG_MARKS = 1 << 16 };

struct behave_debugger {
    behave_debug_callback callback;
    void *context;
    int every_line;      /* atomic */
    int report_limits;   /* atomic */
    int far_marks;       /* atomic: some mark is past BEHAVE_DEBUG_MARKS */
    long long held_at;   /* when the host stopped (behave_debug_hold), 0 when running */
    long long held_deadline, held_run_deadline; /* the deadlines it took away meanwhile */
    int reporting;       /* the host is handling a report: lines of code it runs are not reports */
    unsigned char marks[BEHAVE_DEBUG_MARKS]; /* atomic bytes */
};

behave_debugger *behave_debugger_new(behave_debug_callback callback, void *context) {
    behave_debugger *d = calloc(1, sizeof(behave_debugger));
    if (d == NULL) return NULL;
    d->callback = callback;
    d->context = context;
    return d;
}

void behave_debugger_free(behave_debugger *d) { free(d); }

void behave_debugger_mark(behave_debugger *d, int line, int on) {
    if (line < 0) return;
    if (line >= BEHAVE_DEBUG_MARKS) {
        if (on) __atomic_store_n(&d->far_marks, 1, __ATOMIC_RELEASE);
        return;
    }
    __atomic_store_n(&d->marks[line], (unsigned char)(on != 0), __ATOMIC_RELEASE);
}

void behave_debugger_clear_marks(behave_debugger *d) {
    for (int i = 0; i < BEHAVE_DEBUG_MARKS; i++) __atomic_store_n(&d->marks[i], 0, __ATOMIC_RELAXED);
    __atomic_store_n(&d->far_marks, 0, __ATOMIC_RELEASE);
}

void behave_debugger_every_line(behave_debugger *d, int on) {
    __atomic_store_n(&d->every_line, on != 0, __ATOMIC_RELEASE);
}

void behave_debugger_report_limits(behave_debugger *d, int on) {
    __atomic_store_n(&d->report_limits, on != 0, __ATOMIC_RELEASE);
}

static int behave_debug_marked(behave_debugger *d, int line) {
    if (__atomic_load_n(&d->every_line, __ATOMIC_ACQUIRE)) return 1;
    if (line < 0) return 0;
    if (line >= BEHAVE_DEBUG_MARKS) return __atomic_load_n(&d->far_marks, __ATOMIC_ACQUIRE);
    return __atomic_load_n(&d->marks[line], __ATOMIC_ACQUIRE);
}

/* Hands an event to the host, unless it is handling one already (code it runs while stopped,
 * a condition, a log point, has lines too). */
static void behave_debug_report(behave_debugger *d, lua_State *L, int event, int value, const char *text) {
    if (d->reporting) return;
    behave_control *c = behave_control_of(L);
    d->reporting = 1;
    /* Swift frames are on the C stack until the host returns: its reads must not be refused
     * memory, as a call into Swift is not (behave_call_swift). */
    int enforcing = c->enforcing;
    c->enforcing = 0;
    d->callback(d->context, L, event, value, text);
    c->enforcing = enforcing;
    d->reporting = 0;
}

static void behave_debug_line(void *self, lua_State *L, lua_Debug *ar) {
    behave_debugger *d = self;
    if (ar->event != LUA_HOOKLINE || !behave_debug_marked(d, ar->currentline)) return;
    if (!lua_getinfo(L, "S", ar)) return;
    behave_debug_report(d, L, BEHAVE_DEBUG_LINE, ar->currentline, ar->source);
}

static void behave_debug_limit(void *self, lua_State *L) {
    behave_debugger *d = self;
    behave_control *c = behave_control_of(L);
    if (!__atomic_load_n(&d->report_limits, __ATOMIC_ACQUIRE)) return;
    if (c->terminated == BEHAVE_CANCELLED || c->terminated == BEHAVE_STOPPED) return;
    behave_debug_report(d, L, BEHAVE_DEBUG_LIMIT, c->terminated, NULL);
}

static void behave_debug_task(void *self, lua_State *L, int co, int what);
static void behave_debug_failure(void *self, lua_State *L, int co, int error);

int behave_install_debugger(behave_control *c, lua_State *L, behave_debugger *d) {
    behave_tool tool = {.mask = LUA_MASKLINE, .hook = behave_debug_line, .limit = behave_debug_limit,
                        .task = behave_debug_task, .failure = behave_debug_failure, .self = d};
    return behave_attach_tool(c, L, &tool);
}

/* While stopped the state has no deadline at all, so that nothing the host runs there (an
 * evaluation) is stopped for the time the stop has taken; they come back later by as long. */
void behave_debug_hold(behave_debugger *d, lua_State *L) {
    behave_control *c = behave_control_of(L);
    if (d->held_at != 0) return;
    d->held_at = behave_now_ns();
    d->held_deadline = __atomic_exchange_n(&c->deadline_ns, 0, __ATOMIC_SEQ_CST);
    d->held_run_deadline = __atomic_exchange_n(&c->run_deadline_ns, 0, __ATOMIC_SEQ_CST);
}

long long behave_debug_release(behave_debugger *d, lua_State *L) {
    behave_control *c = behave_control_of(L);
    if (d->held_at == 0) return 0;
    long long held = behave_now_ns() - d->held_at;
    d->held_at = 0;
    if (d->held_deadline > 0) __atomic_store_n(&c->deadline_ns, d->held_deadline + held, __ATOMIC_SEQ_CST);
    if (d->held_run_deadline > 0) __atomic_store_n(&c->run_deadline_ns, d->held_run_deadline + held, __ATOMIC_SEQ_CST);
    behave_deadlines_changed(c);
    return held;
}

int behave_debug_depth(lua_State *co) {
    lua_Debug ar;
    int depth = 0;
    while (lua_getstack(co, depth, &ar)) depth++;
    return depth;
}

/* The registry's tables of tasks, weak-keyed by coroutine: its id, and what started it. */
static char behave_task_ids;
static char behave_task_names;
static char behave_task_count;

void behave_debug_weak_table(lua_State *L, void *key) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, key) == LUA_TTABLE) return;
    lua_pop(L, 1);
    lua_createtable(L, 0, 4);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, key);
}

/* Numbers the task and keeps what started it, for the host's reads (inspect.c). */
static void behave_debug_task(void *self, lua_State *L, int co, int what) {
    behave_debugger *d = self;
    luaL_checkstack(L, 6, "debugger"); /* co and what come absolute (hooks.c) */
    lua_rawgetp(L, LUA_REGISTRYINDEX, &behave_task_count);
    lua_Integer id = lua_tointeger(L, -1) + 1;
    lua_pop(L, 1);
    lua_pushinteger(L, id);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &behave_task_count);
    behave_debug_weak_table(L, &behave_task_ids);
    lua_pushvalue(L, co);
    lua_pushinteger(L, id);
    lua_rawset(L, -3);
    behave_debug_weak_table(L, &behave_task_names);
    lua_pushvalue(L, co);
    lua_pushvalue(L, what);
    lua_rawset(L, -3);
    lua_pop(L, 2);
    const char *name = lua_tostring(L, what);
    behave_debug_report(d, L, BEHAVE_DEBUG_TASK, (int)id, name ? name : "task");
}

lua_Integer behave_debug_task_id(lua_State *L, int co) {
    co = lua_absindex(L, co);
    behave_debug_weak_table(L, &behave_task_ids);
    lua_pushvalue(L, co);
    lua_rawget(L, -2);
    lua_Integer id = lua_tointeger(L, -1);
    lua_pop(L, 2);
    return id;
}

/* Pushes the task `id`'s coroutine and returns 1, or pushes nil and returns 0. */
int behave_debug_find_task(lua_State *L, lua_Integer id) {
    behave_debug_weak_table(L, &behave_task_ids);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        if (lua_tointeger(L, -1) == id) {
            lua_pop(L, 1);
            lua_remove(L, -2);
            return 1;
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    lua_pushnil(L);
    return 0;
}

void behave_debug_task_tables(lua_State *L) {
    behave_debug_weak_table(L, &behave_task_ids);
    behave_debug_weak_table(L, &behave_task_names);
}

/* The failed task cannot run anything now: the host reads it from L, the thread the runtime
 * runs on, and is told its id. */
static void behave_debug_failure(void *self, lua_State *L, int co, int error) {
    behave_debugger *d = self;
    const char *message = lua_type(L, error) == LUA_TSTRING ? lua_tostring(L, error) : "(error object is not a string)";
    behave_debug_report(d, L, BEHAVE_DEBUG_ERROR, (int)behave_debug_task_id(L, co), message);
}
