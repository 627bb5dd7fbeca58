/*
 * journal.c — the flight recorder's way to keep what an action returned, read back from the
 * stack: for the calls whose results were not kept as they were pushed (CBehaveJournal.h), such
 * as a raw action's. A call that returns plain values (nil, booleans, numbers, strings) is kept
 * as bytes in the recorder's current chunk, and becomes entries only when someone reads the
 * recording. Anything else (a table, a chunk with no room, a note from another thread waiting)
 * returns 0 or -1, and the host records that call its own way: the bytes and the host's entries
 * share the chunk, in the order they happened.
 */
#include "CBehave.h"

int behave_journal_returned(behave_journal *j, lua_State *L, int action, int count, int cost) {
    int top = lua_gettop(L);
    if (__atomic_load_n(&j->notes, __ATOMIC_RELAXED) != 0 || (unsigned)count > 255 || count > top) return 0;
    if (j->cost >= j->cost_limit || j->end - j->next < BEHAVE_JOURNAL_HEAD) return -1;
    /* The same record a typed action keeps as it pushes: opening it drops any call still open,
     * whose place this record takes. */
    unsigned char *at = behave_journal_open(j);
    for (int index = top - count + 1; index <= top; index++) {
        switch (lua_type(L, index)) {
        case LUA_TNIL:
            behave_journal_keep_scalar(j, BEHAVE_JOURNAL_NIL, 0);
            break;
        case LUA_TBOOLEAN:
            behave_journal_keep_boolean(j, lua_toboolean(L, index));
            break;
        case LUA_TNUMBER:
            if (lua_isinteger(L, index)) behave_journal_keep_integer(j, lua_tointegerx(L, index, NULL));
            else behave_journal_keep_float(j, lua_tonumberx(L, index, NULL));
            break;
        case LUA_TSTRING: {
            size_t length;
            const char *text = lua_tolstring(L, index, &length);
            behave_journal_keep_string(j, text, length);
            break;
        }
        default:
            behave_journal_abandon(j);
            return 0;
        }
    }
    /* A value that found no room stopped the keeping: a fresh chunk may keep the call. */
    if (j->open == NULL) return -1;
    return behave_journal_close(j, at, action, count, cost);
}

void behave_journal_note(behave_journal *j) { __atomic_store_n(&j->notes, 1, __ATOMIC_RELAXED); }

void behave_journal_clear_note(behave_journal *j) { __atomic_store_n(&j->notes, 0, __ATOMIC_RELAXED); }
