/*
 * light.c — Swift functions as light C functions. A C closure pays for its upvalue on every
 * call (the bench's closure floor); a light C function has none, so each of the
 * BEHAVE_LIGHT_SLOTS functions here is the same code with its own slot number, and finds its
 * Swift callback in the control block, which the state's extra space points to (Lua copies the
 * extra space into every coroutine, so this is one load from any thread of the state). Each
 * state has its own slots: the same function value means slot i of the state that runs it.
 */
#include "CBehaveInternal.h"
#include <stdlib.h>

/* Slot numbers are three hex digits, the first 0-3: 1024 functions. */
/* Parameters are upper case: a lower-case one would be pasted for its hex digit too. */
#define BEHAVE_HEX16(F, P)                                                                      \
    F(P##0) F(P##1) F(P##2) F(P##3) F(P##4) F(P##5) F(P##6) F(P##7) F(P##8) F(P##9) F(P##a)     \
    F(P##b) F(P##c) F(P##d) F(P##e) F(P##f)
#define BEHAVE_HEX256(F, D)                                                                     \
    BEHAVE_HEX16(F, D##0) BEHAVE_HEX16(F, D##1) BEHAVE_HEX16(F, D##2) BEHAVE_HEX16(F, D##3)     \
    BEHAVE_HEX16(F, D##4) BEHAVE_HEX16(F, D##5) BEHAVE_HEX16(F, D##6) BEHAVE_HEX16(F, D##7)     \
    BEHAVE_HEX16(F, D##8) BEHAVE_HEX16(F, D##9) BEHAVE_HEX16(F, D##a) BEHAVE_HEX16(F, D##b)     \
    BEHAVE_HEX16(F, D##c) BEHAVE_HEX16(F, D##d) BEHAVE_HEX16(F, D##e) BEHAVE_HEX16(F, D##f)
#define BEHAVE_HEX1024(F) BEHAVE_HEX256(F, 0) BEHAVE_HEX256(F, 1) BEHAVE_HEX256(F, 2) BEHAVE_HEX256(F, 3)

#define BEHAVE_LIGHT_FUNCTION(H)                                                                \
    static int behave_light_##H(lua_State *L) {                                                 \
        return behave_call_swift(L, behave_control_of(L), 0x##H);                                \
    }
#define BEHAVE_LIGHT_ENTRY(H) behave_light_##H,

BEHAVE_HEX1024(BEHAVE_LIGHT_FUNCTION)

static const lua_CFunction behave_light_functions[BEHAVE_LIGHT_SLOTS] = {BEHAVE_HEX1024(BEHAVE_LIGHT_ENTRY)};

lua_CFunction behave_add_slot(behave_control *c, behave_swift_function *function) {
    if (c->slot_count == BEHAVE_LIGHT_SLOTS) return NULL;
    if (c->slot_count == c->slot_capacity) {
        /* Small at first: memory per idle host counts, and most hosts hold a few dozen. */
        int capacity = c->slot_capacity == 0 ? 32 : c->slot_capacity * 2;
        if (capacity > BEHAVE_LIGHT_SLOTS) capacity = BEHAVE_LIGHT_SLOTS;
        behave_swift_function **grown = realloc(c->slots, (size_t)capacity * sizeof *grown);
        if (grown == NULL) return NULL;
        c->slots = grown;
        c->slot_capacity = capacity;
    }
    int slot = c->slot_count++;
    c->slots[slot] = function;
    return behave_light_functions[slot];
}

void behave_free_slots(behave_control *c) {
    free(c->slots);
    c->slots = NULL;
    c->slot_count = 0;
    c->slot_capacity = 0;
}
