/*
 * journal.c — the flight recorder's fast way to keep what an action returned. Copying results
 * into Swift values costs more than the call itself, so a call that returns plain values
 * (nil, booleans, numbers, strings) is kept here as bytes in the recorder's current chunk, and
 * becomes entries only when someone reads the recording. Anything else (a table, a chunk with
 * no room, a note from another thread waiting) returns 0, and the host records that call its own
 * way: the bytes and the host's entries share the chunk, in the order they happened.
 */
#include "CBehave.h"
#include <stdint.h>
#include <string.h>

/* The bytes a record needs beyond its values: the tag, the action and the count. */
#define RECORD_HEAD (1 + 4 + 1)

/* Writes the value at `index` at `out`, if it is plain and fits before `end`; returns where the
 * next goes, or NULL. */
static unsigned char *put_value(lua_State *L, int index, unsigned char *out, unsigned char *end, long *cost) {
    switch (lua_type(L, index)) {
    case LUA_TNIL:
        if (out == end) return NULL;
        *out = BEHAVE_JOURNAL_NIL;
        *cost += 6;
        return out + 1;
    case LUA_TBOOLEAN:
        if (out == end) return NULL;
        *out = lua_toboolean(L, index) ? BEHAVE_JOURNAL_TRUE : BEHAVE_JOURNAL_FALSE;
        *cost += 6;
        return out + 1;
    case LUA_TNUMBER:
        if (end - out < 9) return NULL;
        if (lua_isinteger(L, index)) {
            lua_Integer value = lua_tointegerx(L, index, NULL);
            *out = BEHAVE_JOURNAL_INTEGER;
            memcpy(out + 1, &value, 8);
        } else {
            lua_Number value = lua_tonumberx(L, index, NULL);
            *out = BEHAVE_JOURNAL_FLOAT;
            memcpy(out + 1, &value, 8);
        }
        *cost += 13;
        return out + 9;
    case LUA_TSTRING: {
        size_t length;
        const char *text = lua_tolstring(L, index, &length);
        if ((size_t)(end - out) < 5 + length) return NULL;
        uint32_t stored = (uint32_t)length;
        *out = BEHAVE_JOURNAL_STRING;
        memcpy(out + 1, &stored, 4);
        memcpy(out + 5, text, length);
        *cost += (long)length + 3;
        return out + 5 + length;
    }
    default:
        return NULL;
    }
}

int behave_journal_returned(behave_journal *j, lua_State *L, int action, int count, int cost) {
    if (__atomic_load_n(&j->notes, __ATOMIC_RELAXED) != 0 || (unsigned)count > 255 || count > lua_gettop(L))
        return 0;
    if (j->cost >= j->cost_limit || j->end - j->next < RECORD_HEAD) return -1;
    unsigned char *out = j->next;
    uint32_t stored = (uint32_t)action;
    out[0] = BEHAVE_JOURNAL_RETURNED;
    memcpy(out + 1, &stored, 4);
    out[5] = (unsigned char)count;
    out += RECORD_HEAD;
    long spent = cost;
    /* Written in place, and kept only if every value is plain and fits. */
    int plain = 1;
    for (int index = lua_gettop(L) - count + 1; out != NULL && count > 0; index++, count--) {
        int type = lua_type(L, index);
        plain = type == LUA_TNIL || type == LUA_TBOOLEAN || type == LUA_TNUMBER || type == LUA_TSTRING;
        out = put_value(L, index, out, j->end, &spent);
    }
    if (out == NULL) return plain ? -1 : 0;
    j->next = out;
    j->cost += spent;
    j->records++;
    return 1;
}

void behave_journal_note(behave_journal *j) { __atomic_store_n(&j->notes, 1, __ATOMIC_RELAXED); }

void behave_journal_clear_note(behave_journal *j) { __atomic_store_n(&j->notes, 0, __ATOMIC_RELAXED); }
