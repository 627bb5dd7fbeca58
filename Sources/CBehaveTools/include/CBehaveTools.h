/*
 * CBehaveTools.h — the tools that watch a state from above the sandbox, each a behave_tool that
 * the sandbox's hook owner (hooks.c) serves: coverage (coverage.c) and the debugger (debugger.c,
 * and its reads of a stopped state: inspect.c, frames.c, evaluate.c).
 *
 * A state with no tool has none of this: no hook beyond the sandbox's, and one flag tested where
 * a task starts or fails. Everything here runs on the state's thread; only the debugger's marks
 * and behave_debugger_every_line may be set from another thread.
 */
#ifndef CBEHAVE_TOOLS_H
#define CBEHAVE_TOOLS_H

#include "CBehave.h"

/* Coverage (coverage.c): counts of the lines run and the functions called in chunks named after
 * a file ("@path"), kept outside any state and shared by the states that install them. Every
 * function takes the counts' lock: hosts on several threads may share them. */
typedef struct behave_coverage behave_coverage;
behave_coverage *behave_coverage_new(void);
void behave_coverage_free(behave_coverage *coverage);
/* Attaches the line and call counting into `coverage` to L's state (and, as Lua copies hooks,
 * the coroutines it creates afterwards); 0 when the state has no room for another tool. */
int behave_install_coverage(behave_control *c, lua_State *L, behave_coverage *coverage);
/* Counts chunk `source` ("@path", `length` bytes) from now on, lines 0 to `lines`: the hook counts
 * only chunks noted so. Returns the chunk's index for behave_coverage_counts (the same for the
 * same name), or -1 when a bound or the memory refused it (the counts are then incomplete). */
int behave_coverage_note(behave_coverage *coverage, const char *source, size_t length, int lines);
/* Copies up to `capacity` counts of chunk `file` into `into`, indexed by line (runs of the line)
 * or, with `functions`, by the line a function is defined on (its calls); returns how many there are. */
int behave_coverage_counts(behave_coverage *coverage, int file, int functions, unsigned long long *into,
                           int capacity);
/* 1 when a bound or a failed allocation left a line or call uncounted. */
int behave_coverage_incomplete(behave_coverage *coverage);

/* What the hook reports to the host (behave_debug_callback's `event`). */
enum {
    BEHAVE_DEBUG_LINE = 1,  /* a line that may stop: `value` the line, `text` the chunk's source */
    BEHAVE_DEBUG_ERROR = 2, /* a task failed and nothing caught it: `value` its id, `text` the error */
    BEHAVE_DEBUG_LIMIT = 3, /* a limit is about to stop the run: `value` its BEHAVE_* reason */
    BEHAVE_DEBUG_TASK = 4   /* a task started: `value` its id, `text` what started it */
};

typedef struct behave_debugger behave_debugger;

/* The host's side: called on the state's thread, from a hook or the runtime, with L the thread
 * the event is about (for an error, the thread the runtime runs on: the failed task can run
 * nothing, and its stack is read from there). It returns
 * when the run may go on; whatever it reads of the state goes through the functions below. */
typedef void (*behave_debug_callback)(void *context, lua_State *L, int event, int value, const char *text);

behave_debugger *behave_debugger_new(behave_debug_callback callback, void *context);
void behave_debugger_free(behave_debugger *d);
/* Whether a breakpoint may be on `line` of some chunk; the host checks the chunk itself. */
void behave_debugger_mark(behave_debugger *d, int line, int on);
void behave_debugger_clear_marks(behave_debugger *d);
/* 1: report every line (a step, a pause asked for); 0: only marked lines. */
void behave_debugger_every_line(behave_debugger *d, int on);
/* 1: report limits about to fire. */
void behave_debugger_report_limits(behave_debugger *d, int on);
/* Attaches the debugger to L's state (and, as Lua copies hooks, the coroutines made after); 0
 * when the state has no room for another tool. */
int behave_install_debugger(behave_control *c, lua_State *L, behave_debugger *d);

/* While the host is stopped: the slice's and the run's deadlines stand still, so that the time
 * spent stopped is not charged to the run. Release returns how long they stood (ns), which the
 * host's clock leaves out too. */
void behave_debug_hold(behave_debugger *d, lua_State *L);
long long behave_debug_release(behave_debugger *d, lua_State *L);
/* How many frames the thread has: what stepping over and out compares. */
int behave_debug_depth(lua_State *co);

/* Text a read writes: lines of tab-separated fields (inspect.c says which), malloc'd. */
typedef struct behave_debug_text {
    char *bytes;
    size_t length;
    size_t capacity;
    int failed; /* out of memory, or the read found nothing to read */
} behave_debug_text;
void behave_debug_text_free(behave_debug_text *text);

/* Reads of a stopped state, each a protected call on `L` (the thread that stopped, or the one
 * the error was reported on): a Lua error inside is caught, and they return 1 when they wrote
 * what was asked. `task` is a task's id (BEHAVE_DEBUG_TASK's), 0 for L itself. Table values are
 * kept until behave_debug_forget, by the number their row gives. */
int behave_debug_tasks(lua_State *L, behave_debug_text *out);
int behave_debug_frames(lua_State *L, int task, behave_debug_text *out);
/* kind 0: the locals of frame `level`; 1: its function's upvalues. */
int behave_debug_scope(lua_State *L, int task, int level, int kind, behave_debug_text *out);
/* filter 0: every field; 1: named ones; 2: the array part; from `start`, at most `count`. */
int behave_debug_children(lua_State *L, int ref, int filter, int start, int count, behave_debug_text *out);
/* `repl` 1: runs `code` (an expression, or statements) in the frame's sight; 0: only a name and
 * its fields, read without running anything. */
int behave_debug_evaluate(lua_State *L, int task, int level, const char *code, size_t length, int repl,
                          behave_debug_text *out);
void behave_debug_forget(lua_State *L);

#endif
