/*
 * CBehaveJournal.h — the flight recorder's journal (journal.c), included by CBehave.h.
 *
 * The chunk of bytes an action's plain results are copied into, from `next` up to `end`. `cost`
 * is what the records so far count against the recorder's byte cap (about their length as JSON
 * lines) and `cost_limit` where the chunk counts as full; `records` counts them. `notes` is set
 * (from any thread) while the host has entries waiting that must come first. Swift owns the
 * memory and hands a new chunk when one is full.
 *
 * A call's results are kept one of two ways. The typed actions keep each result as they push it,
 * from the bytes Swift holds anyway (behave_journal_open, the behave_journal_keep_* functions,
 * behave_journal_close): reading a value back from Lua costs more than the copy. Any other call
 * (a raw action, a result that is not plain) is read back from the stack (behave_journal_returned).
 * Both write the same record.
 */
#ifndef CBEHAVE_JOURNAL_H
#define CBEHAVE_JOURNAL_H

#include "../../CBehaveLua/lua-headers.h"
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct behave_journal {
    unsigned char *next;
    unsigned char *end;
    long cost;
    long cost_limit;
    long records;
    int notes;
    /* The record of the call under way (behave_journal_open): where its next kept value goes
     * (NULL: nothing is being kept), and its values' count and cost so far. */
    int open_count;
    unsigned char *open;
    long open_cost;
} behave_journal;

/* A record's first byte, and each value's. */
enum {
    BEHAVE_JOURNAL_RETURNED = 'R', /* the action's number (4 bytes), the count (1), the values */
    BEHAVE_JOURNAL_ENTRY = 'E',    /* the host's next entry of this chunk, kept in Swift */
    BEHAVE_JOURNAL_NIL = 0,
    BEHAVE_JOURNAL_FALSE = 1,
    BEHAVE_JOURNAL_TRUE = 2,
    BEHAVE_JOURNAL_INTEGER = 3, /* 8 bytes */
    BEHAVE_JOURNAL_FLOAT = 4,   /* 8 bytes */
    BEHAVE_JOURNAL_STRING = 5   /* the length (4 bytes), the bytes */
};
/* The bytes a record needs beyond its values: the tag, the action and the count. */
enum { BEHAVE_JOURNAL_HEAD = 1 + 4 + 1 };
/* What a value counts against the cap beyond a string's bytes: as PlainValue.estimatedBytes + 1. */
enum { BEHAVE_JOURNAL_SCALAR_COST = 6, BEHAVE_JOURNAL_NUMBER_COST = 13, BEHAVE_JOURNAL_STRING_COST = 3 };

/* Writes a value at `out`, which has room for it; returns where the next goes. */
static inline unsigned char *behave_journal_put_scalar(unsigned char *out, unsigned char tag, uint64_t bits, int sized) {
    out[0] = tag;
    if (!sized) return out + 1;
    memcpy(out + 1, &bits, 8);
    return out + 9;
}
/* Copies `length` bytes. Results are mostly short strings, and a call to memcpy costs more than
 * copying them: up to 16 bytes go as two fixed-size copies that overlap, read within the source.
 * An empty string's bytes may be NULL, and are not read. */
__attribute__((always_inline)) static inline void behave_journal_copy(unsigned char *out, const char *text, size_t length) {
    if (length >= 8 && length <= 16) {
        memcpy(out, text, 8);
        memcpy(out + length - 8, text + length - 8, 8);
    } else if (length >= 4 && length < 8) {
        memcpy(out, text, 4);
        memcpy(out + length - 4, text + length - 4, 4);
    } else if (length > 16) {
        memcpy(out, text, length);
    } else {
        for (size_t i = 0; i < length; i++) out[i] = (unsigned char)text[i];
    }
}
__attribute__((always_inline)) static inline unsigned char *behave_journal_put_string(unsigned char *out, const char *text, size_t length) {
    uint32_t stored = (uint32_t)length;
    out[0] = BEHAVE_JOURNAL_STRING;
    memcpy(out + 1, &stored, 4);
    behave_journal_copy(out + 5, text, length);
    return out + 5 + length;
}

/* Starts the record of an action call about to run; returns the token behave_journal_close
 * takes. Nothing is checked here: a value that finds no room stops the keeping, and the close
 * checks the rest, so a call that is kept pays for no check twice. */
__attribute__((always_inline)) static inline unsigned char *behave_journal_open(behave_journal *j) {
    unsigned char *at = j->next;
    j->open = at + BEHAVE_JOURNAL_HEAD;
    j->open_count = 0;
    j->open_cost = 0;
    return at;
}

/* Keeps one result of the call under way, as it is pushed; nothing when no record is open. One
 * that does not fit closes nothing: it only stops the keeping, and the call goes the slow way.
 * Whatever moves `next` while a call is open (another record, one of the host's entries) sets
 * `open` to NULL, so a value is never written over what the chunk already holds. */
__attribute__((always_inline)) static inline void behave_journal_keep_string(behave_journal *j, const char *text, size_t length) {
    unsigned char *out = j->open;
    if (out == NULL) return;
    /* Signed: the open record's head alone may reach past the end. */
    if (j->end - out < (ptrdiff_t)(5 + length)) {
        j->open = NULL;
        return;
    }
    j->open = behave_journal_put_string(out, text, length);
    j->open_count++;
    j->open_cost += (long)length + BEHAVE_JOURNAL_STRING_COST;
}
__attribute__((always_inline)) static inline void behave_journal_keep_scalar(behave_journal *j, unsigned char tag, uint64_t bits) {
    unsigned char *out = j->open;
    if (out == NULL) return;
    int sized = tag == BEHAVE_JOURNAL_INTEGER || tag == BEHAVE_JOURNAL_FLOAT;
    if (j->end - out < (sized ? 9 : 1)) {
        j->open = NULL;
        return;
    }
    j->open = behave_journal_put_scalar(out, tag, bits, sized);
    j->open_count++;
    j->open_cost += sized ? BEHAVE_JOURNAL_NUMBER_COST : BEHAVE_JOURNAL_SCALAR_COST;
}
static inline void behave_journal_keep_integer(behave_journal *j, lua_Integer value) {
    uint64_t bits;
    memcpy(&bits, &value, 8);
    behave_journal_keep_scalar(j, BEHAVE_JOURNAL_INTEGER, bits);
}
static inline void behave_journal_keep_float(behave_journal *j, lua_Number value) {
    uint64_t bits;
    memcpy(&bits, &value, 8);
    behave_journal_keep_scalar(j, BEHAVE_JOURNAL_FLOAT, bits);
}
static inline void behave_journal_keep_boolean(behave_journal *j, int value) {
    behave_journal_keep_scalar(j, value ? BEHAVE_JOURNAL_TRUE : BEHAVE_JOURNAL_FALSE, 0);
}

/* Ends the record of a call that failed: nothing of it is kept here. */
static inline void behave_journal_abandon(behave_journal *j) { j->open = NULL; }

/* Ends the record `at` (behave_journal_open's token) of action number `action`, which returned
 * `count` values, adding `cost` to the values' own. 1 when it is kept: every value was kept as
 * it was pushed and nothing came between (a note, another call's record, one of the host's
 * entries). Else 0, and nothing is written: the call goes the slow way. */
__attribute__((always_inline)) static inline int behave_journal_close(behave_journal *j, unsigned char *at, int action, int count, int cost) {
    unsigned char *out = j->open;
    j->open = NULL;
    /* `out` within the chunk means the head fits too; `next` unmoved means nothing came between
     * (another call's record, or one of the host's entries, moves it; a nested call's open
     * leaves `open` NULL when it closes). */
    if (out == NULL || out > j->end || j->next != at || j->open_count != count || count > 255 ||
        j->cost >= j->cost_limit || __atomic_load_n(&j->notes, __ATOMIC_RELAXED) != 0)
        return 0;
    uint32_t stored = (uint32_t)action;
    at[0] = BEHAVE_JOURNAL_RETURNED;
    memcpy(at + 1, &stored, 4);
    at[5] = (unsigned char)count;
    j->next = out;
    j->cost += cost + j->open_cost;
    j->records++;
    return 1;
}

/* Keeps that action number `action` returned the `count` values on top of L's stack, adding
 * `cost` and the values' own to the journal's. 1 when kept; -1 when the chunk has no room or is
 * full (a fresh chunk may keep it); 0 when a value is not plain, or notes wait: the host then
 * records the call its own way. Never raises; pushes nothing. */
int behave_journal_returned(behave_journal *j, lua_State *L, int action, int count, int cost);
/* Sets and clears `notes`. */
void behave_journal_note(behave_journal *j);
void behave_journal_clear_note(behave_journal *j);

#endif /* CBEHAVE_JOURNAL_H */
