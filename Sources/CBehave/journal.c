/*
 * journal.c — the flight recorder's way to keep what an action returned, read back from the
 * stack: for the calls whose results were not kept as they were pushed (CBehaveJournal.h), such
 * as a raw action's. A call that returns plain values (nil, booleans, numbers, strings) is kept
 * as bytes in the recorder's current chunk, and becomes entries only when someone reads the
 * recording. Anything else (a table, a chunk with no room, a note from another thread waiting)
 * returns 0, and the host records that call its own way: the bytes and the host's entries share
 * the chunk, in the order they happened.
 */
#include "CBehave.h"

/* Writes the value at `index` at `out`, if it is plain and fits before `end`; returns where the
 * next goes, or NULL. */
static unsigned char *put_value(lua_State *L, int index, int type, unsigned char *out, unsigned char *end, long *cost) {
    switch (type) {
    case LUA_TNIL:
    case LUA_TBOOLEAN: {
        if (out == end) return NULL;
        int truth = lua_toboolean(L, index);
        *cost += BEHAVE_JOURNAL_SCALAR_COST;
        unsigned char tag = type == LUA_TNIL ? BEHAVE_JOURNAL_NIL : truth ? BEHAVE_JOURNAL_TRUE : BEHAVE_JOURNAL_FALSE;
        return behave_journal_put_scalar(out, tag, 0, 0);
    }
    case LUA_TNUMBER: {
        if (end - out < 9) return NULL;
        uint64_t bits;
        unsigned char tag;
        if (lua_isinteger(L, index)) {
            lua_Integer value = lua_tointegerx(L, index, NULL);
            memcpy(&bits, &value, 8);
            tag = BEHAVE_JOURNAL_INTEGER;
        } else {
            lua_Number value = lua_tonumberx(L, index, NULL);
            memcpy(&bits, &value, 8);
            tag = BEHAVE_JOURNAL_FLOAT;
        }
        *cost += BEHAVE_JOURNAL_NUMBER_COST;
        return behave_journal_put_scalar(out, tag, bits, 1);
    }
    case LUA_TSTRING: {
        size_t length;
        const char *text = lua_tolstring(L, index, &length);
        if ((size_t)(end - out) < 5 + length) return NULL;
        *cost += (long)length + BEHAVE_JOURNAL_STRING_COST;
        return behave_journal_put_string(out, text, length);
    }
    default:
        return NULL;
    }
}

int behave_journal_returned(behave_journal *j, lua_State *L, int action, int count, int cost) {
    int top = lua_gettop(L);
    if (__atomic_load_n(&j->notes, __ATOMIC_RELAXED) != 0 || (unsigned)count > 255 || count > top) return 0;
    if (j->cost >= j->cost_limit || j->end - j->next < BEHAVE_JOURNAL_HEAD) return -1;
    /* A call still open keeps nothing more where it started: this record goes there. */
    j->open = NULL;
    unsigned char *out = j->next;
    uint32_t stored = (uint32_t)action;
    out[0] = BEHAVE_JOURNAL_RETURNED;
    memcpy(out + 1, &stored, 4);
    out[5] = (unsigned char)count;
    out += BEHAVE_JOURNAL_HEAD;
    long spent = cost;
    /* Written in place, and kept only if every value is plain and fits. */
    int plain = 1;
    for (int index = top - count + 1; out != NULL && index <= top; index++) {
        int type = lua_type(L, index);
        plain = type == LUA_TNIL || type == LUA_TBOOLEAN || type == LUA_TNUMBER || type == LUA_TSTRING;
        out = put_value(L, index, type, out, j->end, &spent);
    }
    if (out == NULL) return plain ? -1 : 0;
    j->next = out;
    j->cost += spent;
    j->records++;
    return 1;
}

void behave_journal_note(behave_journal *j) { __atomic_store_n(&j->notes, 1, __ATOMIC_RELAXED); }

void behave_journal_clear_note(behave_journal *j) { __atomic_store_n(&j->notes, 0, __ATOMIC_RELAXED); }
