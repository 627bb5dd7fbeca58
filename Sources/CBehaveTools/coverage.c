/*
 * coverage.c — the line and call hook of `behave test --coverage`: which lines of which chunks
 * ran, and how often each function was called.
 *
 * A tool (behave_tool, hooks.c): a state hears it only when its host records coverage; every
 * other state has the hooks of limits.c or none. The counts live in C memory outside the state's allocator, made
 * when the host notes a chunk, so that counting allocates nothing and never raises. Only the
 * chunks the host noted are counted (files it loaded, "@path"); its own chunks ("=…") are not.
 */
#include "CBehaveInternal.h"
#include "CBehaveTools.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* What one chunk may hold: a line past it is not counted (the report then says the counts are
 * incomplete). The host notes each chunk with the lines its source has, which the input limit
 * bounds; this bounds what a chunk of many empty lines costs all the same. */
enum { BEHAVE_COVERAGE_MAX_FILES = 4096, BEHAVE_COVERAGE_MAX_LINES = 1 << 22 };

typedef struct behave_coverage_file {
    char *source; /* the chunk's name as Lua keeps it, "@path" */
    size_t length;
    int lines;                     /* the chunk's lines: counts go from 0 to `lines` */
    unsigned long long *runs;      /* runs of each line, by line number */
    unsigned long long *calls;     /* calls of the functions defined on each line */
} behave_coverage_file;

struct behave_coverage {
    pthread_mutex_t lock; /* hosts on several threads may share one recorder */
    behave_coverage_file *files;
    int count;
    int capacity;
    int last; /* the file counted last: the next line is most often in it */
    int incomplete;
};

behave_coverage *behave_coverage_new(void) {
    behave_coverage *coverage = calloc(1, sizeof(behave_coverage));
    if (coverage == NULL) return NULL;
    pthread_mutex_init(&coverage->lock, NULL);
    return coverage;
}

void behave_coverage_free(behave_coverage *coverage) {
    if (coverage == NULL) return;
    for (int i = 0; i < coverage->count; i++) {
        free(coverage->files[i].source);
        free(coverage->files[i].runs);
        free(coverage->files[i].calls);
    }
    free(coverage->files);
    pthread_mutex_destroy(&coverage->lock);
    free(coverage);
}

/* The file counted for `source`, or -1: only chunks the host noted are counted, so that a
 * behaviour's own `load` of a made-up name grows nothing. */
static int behave_coverage_find(behave_coverage *coverage, const char *source, size_t length) {
    if (coverage->last < coverage->count) {
        behave_coverage_file *last = &coverage->files[coverage->last];
        if (last->length == length && memcmp(last->source, source, length) == 0) return coverage->last;
    }
    for (int i = 0; i < coverage->count; i++) {
        behave_coverage_file *file = &coverage->files[i];
        if (file->length == length && memcmp(file->source, source, length) == 0) return coverage->last = i;
    }
    return -1;
}

/* Grows `counts` from `from` to `to` entries, the new ones zero; 0 when out of memory. */
static int behave_coverage_grow(unsigned long long **counts, int from, int to) {
    unsigned long long *larger = realloc(*counts, sizeof(unsigned long long) * (size_t)to);
    if (larger == NULL) return 0;
    memset(larger + from, 0, sizeof(unsigned long long) * (size_t)(to - from));
    *counts = larger;
    return 1;
}

int behave_coverage_note(behave_coverage *coverage, const char *source, size_t length, int lines) {
    if (lines > BEHAVE_COVERAGE_MAX_LINES) lines = BEHAVE_COVERAGE_MAX_LINES;
    pthread_mutex_lock(&coverage->lock);
    int index = behave_coverage_find(coverage, source, length), ok = 1;
    if (index < 0) {
        ok = coverage->count < BEHAVE_COVERAGE_MAX_FILES;
        if (ok && coverage->count == coverage->capacity) {
            int capacity = coverage->capacity == 0 ? 8 : coverage->capacity * 2;
            behave_coverage_file *files = realloc(coverage->files, sizeof(behave_coverage_file) * (size_t)capacity);
            ok = files != NULL;
            if (ok) coverage->files = files, coverage->capacity = capacity;
        }
        char *copy = ok ? malloc(length + 1) : NULL;
        if (copy != NULL) {
            memcpy(copy, source, length);
            copy[length] = '\0';
            coverage->files[coverage->count] = (behave_coverage_file){.source = copy, .length = length, .lines = -1};
            index = coverage->count++;
        }
        ok = copy != NULL;
    }
    behave_coverage_file *file = ok ? &coverage->files[index] : NULL;
    if (file != NULL && lines > file->lines) {
        ok = behave_coverage_grow(&file->runs, file->lines + 1, lines + 1)
            && behave_coverage_grow(&file->calls, file->lines + 1, lines + 1);
        if (ok) file->lines = lines;
    }
    if (!ok) coverage->incomplete = 1;
    pthread_mutex_unlock(&coverage->lock);
    return ok ? index : -1;
}

static void behave_coverage_record(behave_coverage *coverage, lua_Debug *ar, int call) {
    pthread_mutex_lock(&coverage->lock);
    int index = behave_coverage_find(coverage, ar->source, ar->srclen);
    if (index >= 0) {
        behave_coverage_file *file = &coverage->files[index];
        int line = call ? ar->linedefined : ar->currentline;
        if (line >= 0 && line <= file->lines)
            (call ? file->calls : file->runs)[line]++;
        else
            coverage->incomplete = 1;
    }
    pthread_mutex_unlock(&coverage->lock);
}

/* Lines and calls, of the chunks the host noted. */
static void behave_coverage_hook(void *self, lua_State *L, lua_Debug *ar) {
    if (!lua_getinfo(L, "S", ar) || ar->source[0] != '@') return;
    behave_coverage_record(self, ar, ar->event != LUA_HOOKLINE);
}

int behave_install_coverage(behave_control *c, lua_State *L, behave_coverage *coverage) {
    behave_tool tool = {.mask = LUA_MASKLINE | LUA_MASKCALL, .hook = behave_coverage_hook, .self = coverage};
    return behave_attach_tool(c, L, &tool);
}

/* Copies the counts of `file` into `into` (`capacity` of them, from line or defining line 0) and
 * returns how many the file has, which may be more than `capacity`. */
int behave_coverage_counts(behave_coverage *coverage, int file, int functions, unsigned long long *into,
                           int capacity) {
    pthread_mutex_lock(&coverage->lock);
    int available = 0;
    if (file >= 0 && file < coverage->count) {
        behave_coverage_file *entry = &coverage->files[file];
        available = entry->lines + 1;
        int copied = available < capacity ? available : capacity;
        if (copied > 0) memcpy(into, functions ? entry->calls : entry->runs, sizeof(unsigned long long) * (size_t)copied);
    }
    pthread_mutex_unlock(&coverage->lock);
    return available;
}

int behave_coverage_incomplete(behave_coverage *coverage) {
    pthread_mutex_lock(&coverage->lock);
    int incomplete = coverage->incomplete;
    pthread_mutex_unlock(&coverage->lock);
    return incomplete;
}
