/*
 * matcher.c — the pattern matcher of patterns.c's string.find, match, gmatch and gsub.
 *
 * Lua's own matcher backtracks without bound: string.find(("a"):rep(40), ("a?"):rep(40) ..
 * ("a"):rep(40)) takes exponential time inside one C call, where no hook runs. This matcher
 * gives exactly the results (and errors) of Lua 5.4's on everything it finishes — the same
 * pattern language, the same backtracking order, the same 200-level nesting limit ("pattern
 * too complex") — and counts its steps: every few thousand it asks the control block whether
 * the run must stop (a deadline passed, the run was cancelled) and raises the termination if
 * so. LuaTests' PatternParityTests and the fuzz target (Fuzz/pattern-fuzz.c, scripts/fuzz)
 * compare it with the stock library. Uses only Lua's official API and the control block.
 */
#include "matcher.h"
#include <ctype.h>
#include <string.h>

const char *behave_match(behave_matcher *m, const char *s, const char *p);

static void behave_count_step(behave_matcher *m) {
    if ((++m->steps & BEHAVE_CHECK_MASK) == 0) behave_check_stop(m->L);
}

/* Where the single-character class starting at p ends. */
static const char *behave_class_end(behave_matcher *m, const char *p) {
    char first = *p++;
    if (first == BEHAVE_ESCAPE) {
        if (p == m->pattern_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (first == '[') {
        if (*p == '^') p++;
        do { /* the first character of a set is never its end, so "[]]" holds ']' */
            if (p == m->pattern_end) luaL_error(m->L, "malformed pattern (missing ']')");
            if (*(p++) == BEHAVE_ESCAPE && p < m->pattern_end) p++;
        } while (*p != ']');
        return p + 1;
    }
    return p;
}

static int behave_class_matches(int c, int class_letter) {
    int found;
    switch (tolower(class_letter)) {
    case 'a': found = isalpha(c); break;
    case 'c': found = iscntrl(c); break;
    case 'd': found = isdigit(c); break;
    case 'g': found = isgraph(c); break;
    case 'l': found = islower(c); break;
    case 'p': found = ispunct(c); break;
    case 's': found = isspace(c); break;
    case 'u': found = isupper(c); break;
    case 'w': found = isalnum(c); break;
    case 'x': found = isxdigit(c); break;
    case 'z': found = c == 0; break; /* deprecated in Lua, still matched */
    default: return class_letter == c;
    }
    return islower(class_letter) ? found != 0 : found == 0;
}

/* p at '[', last at the set's closing ']'. */
static int behave_set_matches(int c, const char *p, const char *last) {
    int wanted = 1;
    if (p[1] == '^') {
        wanted = 0;
        p++;
    }
    while (++p < last) {
        if (*p == BEHAVE_ESCAPE) {
            p++;
            if (behave_class_matches(c, (unsigned char)*p)) return wanted;
        } else if (p[1] == '-' && p + 2 < last) {
            p += 2;
            if ((unsigned char)p[-2] <= c && c <= (unsigned char)*p) return wanted;
        } else if ((unsigned char)*p == c) {
            return wanted;
        }
    }
    return !wanted;
}

static int behave_single_matches(behave_matcher *m, const char *s, const char *p, const char *end) {
    if (s >= m->subject_end) return 0;
    int c = (unsigned char)*s;
    switch (*p) {
    case '.': return 1;
    case BEHAVE_ESCAPE: return behave_class_matches(c, (unsigned char)p[1]);
    case '[': return behave_set_matches(c, p, end - 1);
    default: return (unsigned char)*p == c;
    }
}

static const char *behave_match_balance(behave_matcher *m, const char *s, const char *p) {
    if (p >= m->pattern_end - 1) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (*s != *p) return NULL;
    char open = p[0], close = p[1];
    int depth = 1;
    while (++s < m->subject_end) {
        if (*s == close) {
            if (--depth == 0) return s + 1;
        } else if (*s == open) {
            depth++;
        }
        behave_count_step(m);
    }
    return NULL;
}

/* Greedy repetition: as many as match, then back off one at a time. */
static const char *behave_max_expand(behave_matcher *m, const char *s, const char *p, const char *end) {
    ptrdiff_t count = 0;
    while (behave_single_matches(m, s + count, p, end)) {
        count++;
        behave_count_step(m);
    }
    for (; count >= 0; count--) {
        const char *result = behave_match(m, s + count, end + 1);
        if (result != NULL) return result;
        behave_count_step(m);
    }
    return NULL;
}

/* Lazy repetition: as few as let the rest match. */
static const char *behave_min_expand(behave_matcher *m, const char *s, const char *p, const char *end) {
    for (;;) {
        const char *result = behave_match(m, s, end + 1);
        if (result != NULL) return result;
        if (!behave_single_matches(m, s, p, end)) return NULL;
        s++;
        behave_count_step(m);
    }
}

static const char *behave_open_capture(behave_matcher *m, const char *s, const char *p, ptrdiff_t what) {
    int level = m->level;
    if (level >= BEHAVE_MAX_CAPTURES) luaL_error(m->L, "too many captures");
    m->capture[level].start = s;
    m->capture[level].length = what;
    m->level = level + 1;
    const char *result = behave_match(m, s, p);
    if (result == NULL) m->level--;
    return result;
}

static const char *behave_close_capture(behave_matcher *m, const char *s, const char *p) {
    int level = m->level - 1;
    while (level >= 0 && m->capture[level].length != BEHAVE_UNFINISHED) level--;
    if (level < 0) luaL_error(m->L, "invalid pattern capture");
    m->capture[level].length = s - m->capture[level].start;
    const char *result = behave_match(m, s, p);
    if (result == NULL) m->capture[level].length = BEHAVE_UNFINISHED;
    return result;
}

static int behave_capture_index(behave_matcher *m, int digit) {
    int index = digit - '1';
    if (index < 0 || index >= m->level || m->capture[index].length == BEHAVE_UNFINISHED)
        luaL_error(m->L, "invalid capture index %%%d", index + 1);
    return index;
}

static const char *behave_match_back_reference(behave_matcher *m, const char *s, int digit) {
    int index = behave_capture_index(m, digit);
    size_t length = (size_t)m->capture[index].length;
    if ((size_t)(m->subject_end - s) >= length && memcmp(m->capture[index].start, s, length) == 0)
        return s + length;
    return NULL;
}

/* The matcher proper. Each call is one level of the 200 Lua allows; the loop stands for the
 * tail calls (single characters, %b, %f, back-references), which cost no level. */
const char *behave_match(behave_matcher *m, const char *s, const char *p) {
    if (m->depth_left-- == 0) luaL_error(m->L, "pattern too complex");
    behave_count_step(m);
    while (p != m->pattern_end) {
        if (*p == '(') {
            s = p[1] == ')' ? behave_open_capture(m, s, p + 2, BEHAVE_POSITION)
                            : behave_open_capture(m, s, p + 1, BEHAVE_UNFINISHED);
            break;
        }
        if (*p == ')') {
            s = behave_close_capture(m, s, p + 1);
            break;
        }
        if (*p == '$' && p + 1 == m->pattern_end) {
            if (s != m->subject_end) s = NULL;
            break;
        }
        if (*p == BEHAVE_ESCAPE && p[1] == 'b') {
            s = behave_match_balance(m, s, p + 2);
            if (s == NULL) break;
            p += 4;
            continue;
        }
        if (*p == BEHAVE_ESCAPE && p[1] == 'f') {
            p += 2;
            if (*p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
            const char *end = behave_class_end(m, p);
            int previous = s == m->subject ? 0 : (unsigned char)s[-1];
            if (!behave_set_matches(previous, p, end - 1) && behave_set_matches((unsigned char)*s, p, end - 1)) {
                p = end;
                continue;
            }
            s = NULL;
            break;
        }
        if (*p == BEHAVE_ESCAPE && isdigit((unsigned char)p[1])) {
            s = behave_match_back_reference(m, s, (unsigned char)p[1]);
            if (s == NULL) break;
            p += 2;
            continue;
        }
        const char *end = behave_class_end(m, p); /* a class, then maybe a repetition */
        char suffix = end < m->pattern_end ? *end : '\0';
        if (!behave_single_matches(m, s, p, end)) {
            if (suffix == '*' || suffix == '?' || suffix == '-') {
                p = end + 1;
                continue;
            }
            s = NULL;
            break;
        }
        if (suffix == '?') {
            const char *result = behave_match(m, s + 1, end + 1);
            if (result != NULL) {
                s = result;
                break;
            }
            p = end + 1;
            continue;
        }
        if (suffix == '+') {
            s = behave_max_expand(m, s + 1, p, end);
            break;
        }
        if (suffix == '*') {
            s = behave_max_expand(m, s, p, end);
            break;
        }
        if (suffix == '-') {
            s = behave_min_expand(m, s, p, end);
            break;
        }
        s++;
        p = end;
    }
    m->depth_left++;
    return s;
}

void behave_matcher_init(behave_matcher *m, lua_State *L, const char *s, size_t ls,
                                const char *p, size_t lp) {
    m->L = L;
    m->subject = s;
    m->subject_end = s + ls;
    m->pattern_end = p + lp;
    m->depth_left = BEHAVE_MATCH_DEPTH;
    m->level = 0;
    m->steps = 0;
}

void behave_matcher_restart(behave_matcher *m) {
    m->level = 0;
    m->depth_left = BEHAVE_MATCH_DEPTH;
}

/* Capture i as the caller wants it: its start and length, or (a position) pushed as an
 * integer, with BEHAVE_POSITION returned. With no captures, capture 0 is the whole match. */
ptrdiff_t behave_capture(behave_matcher *m, int i, const char *s, const char *e, const char **start) {
    if (i >= m->level) {
        if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
        *start = s;
        return e - s;
    }
    ptrdiff_t length = m->capture[i].length;
    *start = m->capture[i].start;
    if (length == BEHAVE_UNFINISHED) luaL_error(m->L, "unfinished capture");
    if (length == BEHAVE_POSITION) lua_pushinteger(m->L, (m->capture[i].start - m->subject) + 1);
    return length;
}

void behave_push_capture(behave_matcher *m, int i, const char *s, const char *e) {
    const char *start;
    ptrdiff_t length = behave_capture(m, i, s, e, &start);
    if (length != BEHAVE_POSITION) lua_pushlstring(m->L, start, (size_t)length);
}

int behave_push_captures(behave_matcher *m, const char *s, const char *e) {
    int count = (m->level == 0 && s != NULL) ? 1 : m->level;
    luaL_checkstack(m->L, count, "too many captures");
    for (int i = 0; i < count; i++) behave_push_capture(m, i, s, e);
    return count;
}

