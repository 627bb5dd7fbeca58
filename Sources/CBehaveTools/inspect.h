/*
 * inspect.h — what the debugger's reads share (inspect.c, frames.c, evaluate.c): the query a
 * protected read is handed, and the text it writes.
 */
#ifndef CBEHAVE_TOOLS_INSPECT_H
#define CBEHAVE_TOOLS_INSPECT_H

#include "CBehaveInternal.h"
#include "CBehaveTools.h"

/* The debugger's tables of tasks (debugger.c; the reads take ids, then names, pushed). */
void behave_debug_weak_table(lua_State *L, void *key);
lua_Integer behave_debug_task_id(lua_State *L, int co);
int behave_debug_find_task(lua_State *L, lua_Integer id);
void behave_debug_task_tables(lua_State *L);

/* The frames a task's stack shows at most. */
enum { MAX_FRAMES_SHOWN = 200 };

typedef struct behave_debug_query {
    int task, level, kind, ref, filter, start, count, repl;
    const char *code;
    size_t length;
    behave_debug_text *out;
} behave_debug_query;

/* Runs `read` with the query as its one argument, under protection on L. */
int behave_debug_protected(lua_State *L, lua_CFunction read, behave_debug_query *q);
void behave_text_add(behave_debug_text *out, const char *bytes, size_t length);
void behave_text_printf(behave_debug_text *out, const char *format, ...);
void behave_text_value(behave_debug_text *out, lua_State *L, int index);
/* The rest of a variable's row after its name: type, value, table number, named, indexed. */
void behave_text_row(behave_debug_text *out, lua_State *L, int index);
/* Pushes the table whose fields the table at `index` shows (a read-only view's target). */
void behave_shown_table(lua_State *L, int index);

/* Pushes task `task`'s thread (L itself for 0) and returns it, with in `offset` the frames the
 * read itself adds to it (1 on L: the protected call's), or NULL with nil pushed. */
lua_State *behave_debug_target(lua_State *L, int task, int *offset);

#endif
