/*
 * matcher.h — the bounded pattern matcher (matcher.c) that patterns.c's library functions use:
 * Lua 5.4's pattern language, matched in Lua's order, counting its steps so that a run can stop.
 */
#ifndef CBEHAVE_MATCHER_H
#define CBEHAVE_MATCHER_H

#include "CBehaveInternal.h"

#define BEHAVE_MAX_CAPTURES 32  /* LUA_MAXCAPTURES */
#define BEHAVE_MATCH_DEPTH 200  /* Lua's MAXCCALLS: how deep match() may nest */
#define BEHAVE_ESCAPE '%'
#define BEHAVE_UNFINISHED (-1)
#define BEHAVE_POSITION (-2)

typedef struct behave_matcher {
    const char *subject;     /* the whole subject (also where %f looks back to) */
    const char *subject_end;
    const char *pattern_end;
    lua_State *L;
    int depth_left;
    int level;               /* captures opened so far */
    unsigned steps;
    struct {
        const char *start;
        ptrdiff_t length;    /* or BEHAVE_UNFINISHED, BEHAVE_POSITION */
    } capture[BEHAVE_MAX_CAPTURES];
} behave_matcher;

/* Starts matching pattern p (lp bytes) against subject s (ls bytes). */
void behave_matcher_init(behave_matcher *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp);
/* Forgets the captures of a failed attempt, before the next start position. */
void behave_matcher_restart(behave_matcher *m);
/* Where the pattern from p matches at s: the end of the match, or NULL. Raises on a malformed
 * pattern, and with the run's termination when the run must stop. */
const char *behave_match(behave_matcher *m, const char *s, const char *p);
/* Capture i as the caller wants it: its start and length, or (a position) pushed as an
 * integer, with BEHAVE_POSITION returned. With no captures, capture 0 is the whole match. */
ptrdiff_t behave_capture(behave_matcher *m, int i, const char *s, const char *e, const char **start);
/* Pushes capture i (a string or a position). */
void behave_push_capture(behave_matcher *m, int i, const char *s, const char *e);
/* Pushes every capture, or the whole match (s to e) when there is none; returns how many. */
int behave_push_captures(behave_matcher *m, const char *s, const char *e);

#endif /* CBEHAVE_MATCHER_H */
