/*
 * patterns.c — string.find, match, gmatch and gsub over the bounded matcher (matcher.c): each
 * gives the stock library's results and errors, and stops when the run must.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* memmem */
#endif
#include "matcher.h"
#include <ctype.h>
#include <string.h>

/* A 1-based position, negative from the end, as string.find's `init`, as a 0-based offset
 * (which may be past the end). */
static size_t behave_start_offset(lua_Integer position, size_t length) {
    if (position > 0) return (size_t)position - 1;
    if (position == 0) return 0;
    if (position < -(lua_Integer)length) return 0;
    return length + (size_t)position;
}

static int behave_has_specials(const char *p, size_t lp) {
    for (size_t i = 0; i < lp; i++)
        if (strchr("^$*+?.([%-", p[i]) != NULL && p[i] != '\0') return 1;
    return 0;
}

/* Plain search: memmem is linear in the subject, so it needs no step budget. */
static const char *behave_find_plain(const char *s, size_t ls, const char *p, size_t lp) {
    if (lp == 0) return s;
    if (lp > ls) return NULL;
    return (const char *)memmem(s, ls, p, lp);
}

static int behave_find_or_match(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t offset = behave_start_offset(luaL_optinteger(L, 3, 1), ls);
    if (offset > ls) {
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || !behave_has_specials(p, lp))) {
        const char *found = behave_find_plain(s + offset, ls - offset, p, lp);
        if (found != NULL) {
            lua_pushinteger(L, (found - s) + 1);
            lua_pushinteger(L, (lua_Integer)((found - s) + lp));
            return 2;
        }
        luaL_pushfail(L);
        return 1;
    }
    behave_matcher m;
    const char *from = s + offset;
    int anchored = *p == '^';
    if (anchored) {
        p++;
        lp--;
    }
    behave_matcher_init(&m, L, s, ls, p, lp);
    do {
        behave_matcher_restart(&m);
        const char *end = behave_match(&m, from, p);
        if (end != NULL) {
            if (!find) return behave_push_captures(&m, from, end);
            lua_pushinteger(L, (from - s) + 1);
            lua_pushinteger(L, end - s);
            return behave_push_captures(&m, NULL, NULL) + 2;
        }
    } while (from++ < m.subject_end && !anchored);
    luaL_pushfail(L);
    return 1;
}

static int behave_string_find(lua_State *L) { return behave_find_or_match(L, 1); }

static int behave_string_match(lua_State *L) { return behave_find_or_match(L, 0); }

typedef struct behave_gmatch_state {
    const char *from;
    const char *pattern;
    const char *last_match;
    behave_matcher matcher;
} behave_gmatch_state;

static int behave_gmatch_next(lua_State *L) {
    behave_gmatch_state *g = (behave_gmatch_state *)lua_touserdata(L, lua_upvalueindex(3));
    g->matcher.L = L;
    for (const char *from = g->from; from <= g->matcher.subject_end; from++) {
        behave_matcher_restart(&g->matcher);
        const char *end = behave_match(&g->matcher, from, g->pattern);
        if (end != NULL && end != g->last_match) {
            g->from = g->last_match = end;
            return behave_push_captures(&g->matcher, from, end);
        }
    }
    return 0;
}

static int behave_string_gmatch(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t offset = behave_start_offset(luaL_optinteger(L, 3, 1), ls);
    lua_settop(L, 2); /* the iterator keeps both strings alive as upvalues */
    behave_gmatch_state *g = (behave_gmatch_state *)lua_newuserdatauv(L, sizeof *g, 0);
    if (offset > ls) offset = ls + 1;
    behave_matcher_init(&g->matcher, L, s, ls, p, lp);
    g->from = s + offset;
    g->pattern = p;
    g->last_match = NULL;
    lua_pushcclosure(L, behave_gmatch_next, 3);
    return 1;
}

/* A string replacement: %0-%9 and %%. */
static void behave_add_replacement(behave_matcher *m, luaL_Buffer *b, const char *s, const char *e) {
    lua_State *L = m->L;
    size_t length;
    const char *text = lua_tolstring(L, 3, &length);
    const char *escape;
    while ((escape = (const char *)memchr(text, BEHAVE_ESCAPE, length)) != NULL) {
        luaL_addlstring(b, text, (size_t)(escape - text));
        escape++;
        if (*escape == BEHAVE_ESCAPE) {
            luaL_addchar(b, *escape);
        } else if (*escape == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit((unsigned char)*escape)) {
            const char *start;
            ptrdiff_t captured = behave_capture(m, *escape - '1', s, e, &start);
            if (captured == BEHAVE_POSITION)
                luaL_addvalue(b);
            else
                luaL_addlstring(b, start, (size_t)captured);
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", BEHAVE_ESCAPE);
        }
        length -= (size_t)(escape + 1 - text);
        text = escape + 1;
    }
    luaL_addlstring(b, text, length);
}

/* Adds what replaces one match; returns whether it changed the text. */
static int behave_add_value(behave_matcher *m, luaL_Buffer *b, const char *s, const char *e, int kind) {
    lua_State *L = m->L;
    if (kind == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = behave_push_captures(m, s, e);
        lua_call(L, n, 1);
    } else if (kind == LUA_TTABLE) {
        behave_push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        behave_add_replacement(m, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1)) return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

static int behave_string_gsub(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    const char *last_match = NULL;
    int kind = lua_type(L, 3);
    lua_Integer most = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    int anchored = *p == '^';
    lua_Integer count = 0;
    int changed = 0;
    luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE,
                     3, "string/function/table");
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    if (anchored) {
        p++;
        lp--;
    }
    behave_matcher m;
    behave_matcher_init(&m, L, s, ls, p, lp);
    while (count < most) {
        behave_matcher_restart(&m);
        const char *end = behave_match(&m, s, p);
        if (end != NULL && end != last_match) {
            count++;
            changed = behave_add_value(&m, &b, s, end, kind) | changed;
            s = last_match = end;
        } else if (s < m.subject_end) {
            luaL_addchar(&b, *s++);
        } else {
            break;
        }
        if (anchored) break;
    }
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        luaL_addlstring(&b, s, (size_t)(m.subject_end - s));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, count);
    return 2;
}

/* Installs find, match, gmatch and gsub into the string table at string_index. */
void behave_bound_patterns(lua_State *L, int string_index) {
    static const luaL_Reg functions[] = {
        {"find", behave_string_find},
        {"match", behave_string_match},
        {"gmatch", behave_string_gmatch},
        {"gsub", behave_string_gsub},
        {NULL, NULL},
    };
    string_index = lua_absindex(L, string_index);
    for (const luaL_Reg *f = functions; f->name != NULL; f++) {
        lua_pushcfunction(L, f->func);
        lua_setfield(L, string_index, f->name);
    }
}
