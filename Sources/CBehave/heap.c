/*
 * heap.c — each state's own heap for its small blocks (the allocator's placement).
 *
 * Nearly everything a state holds is a small block: strings, tables, closures, upvalues. With
 * malloc for each, closing a state hands hundreds of small blocks back to malloc's fast bins,
 * and the next state's first large request (its global state) makes malloc merge them all
 * (malloc_consolidate): a host paid for its predecessor's death in its own birth. Here a state
 * carves its small blocks out of 4 KiB chunks of its own, reuses freed ones by size class, and
 * returns whole chunks when it closes. No per-block header either, so an idle host is smaller.
 *
 * Bounded: at most BEHAVE_HEAP_CHUNKS chunks (64 KiB) per state; past that, and for every block
 * over BEHAVE_HEAP_SMALL bytes, malloc places the block. A freed block stays with its class, so
 * the bound is also what a state can hold back from other sizes and other states.
 *
 * Lua gives every block's size back when it frees or resizes it, so no block carries one. Which
 * blocks are the heap's is told by their chunk: chunks are aligned to their size, and a small
 * table of chunks, hashed by address, answers in one probe.
 *
 * Under AddressSanitizer the heap poisons what no live block covers (free blocks, the rest of a
 * block's class, the unused end of a chunk), so the sanitizer still sees each object's bounds.
 */
#include "CBehaveInternal.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BEHAVE_HEAP_ASAN 1
#endif
#endif
#if !defined(BEHAVE_HEAP_ASAN) && defined(__SANITIZE_ADDRESS__)
#define BEHAVE_HEAP_ASAN 1
#endif
#ifdef BEHAVE_HEAP_ASAN
#include <sanitizer/asan_interface.h>
#define BEHAVE_HEAP_POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define BEHAVE_HEAP_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define BEHAVE_HEAP_POISON(p, n) ((void)(p), (void)(n))
#define BEHAVE_HEAP_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

enum {
    BEHAVE_HEAP_GRAIN = 8, /* Lua aligns nothing wider (LUAI_MAXALIGN) */
    BEHAVE_HEAP_SMALL = 256,
    BEHAVE_HEAP_CLASSES = BEHAVE_HEAP_SMALL / BEHAVE_HEAP_GRAIN,
    BEHAVE_HEAP_CHUNK_SHIFT = 12,
    BEHAVE_HEAP_CHUNK = 1 << BEHAVE_HEAP_CHUNK_SHIFT,
    BEHAVE_HEAP_CHUNKS = 16,
    BEHAVE_HEAP_SLOTS = 2 * BEHAVE_HEAP_CHUNKS, /* a power of two: the table stays half empty */
};

struct behave_heap {
    void *free[BEHAVE_HEAP_CLASSES + 1]; /* freed blocks by size / grain, linked through their first word */
    char *next, *end;                    /* what is left of the newest chunk */
    char *chunks[BEHAVE_HEAP_SLOTS]; /* hashed by address >> shift; NULL is an empty slot. Pointers, not
                                       numbers: a leak checker must see that the chunks are held */
    int chunk_count;
};

/* The heap lives at the start of its first chunk. */
_Static_assert(sizeof(struct behave_heap) < BEHAVE_HEAP_CHUNK / 2, "the heap's record fits its first chunk");

static inline size_t behave_heap_class(size_t size) { return (size + BEHAVE_HEAP_GRAIN - 1) / BEHAVE_HEAP_GRAIN; }

/* The bytes a block of `size` takes: its class's size. */
static inline size_t behave_heap_rounded(size_t size) { return behave_heap_class(size) * BEHAVE_HEAP_GRAIN; }

static inline size_t behave_heap_slot(uintptr_t number) {
    return (size_t)((number * 0x9E3779B97F4A7C15ull) >> (64 - 5)) & (BEHAVE_HEAP_SLOTS - 1);
}

_Static_assert(BEHAVE_HEAP_SLOTS == 1 << 5, "behave_heap_slot keeps five bits");

/* Whether `block` lies in one of the heap's chunks. */
static inline int behave_heap_owns(const behave_heap *h, const void *block) {
    uintptr_t chunk = (uintptr_t)block & ~(uintptr_t)(BEHAVE_HEAP_CHUNK - 1);
    for (size_t i = behave_heap_slot(chunk >> BEHAVE_HEAP_CHUNK_SHIFT);; i = (i + 1) & (BEHAVE_HEAP_SLOTS - 1)) {
        if ((uintptr_t)h->chunks[i] == chunk) return 1;
        if (h->chunks[i] == NULL) return 0;
    }
}

/* Files a block of `size` bytes (a multiple of the grain) under its class. */
static inline void behave_heap_file(behave_heap *h, void *block, size_t size) {
    size_t class = size / BEHAVE_HEAP_GRAIN;
    BEHAVE_HEAP_UNPOISON(block, sizeof(void *));
    *(void **)block = h->free[class];
    h->free[class] = block;
    BEHAVE_HEAP_POISON(block, size);
}

/* Hands out `block` of class `rounded` bytes for `size` of them. */
static inline void *behave_heap_give(void *block, size_t size, size_t rounded) {
    BEHAVE_HEAP_UNPOISON(block, size);
    BEHAVE_HEAP_POISON((char *)block + size, rounded - size);
    return block;
}

/* A new chunk for the heap at `chunk` (which may be the heap's own first one). */
static void behave_heap_adopt(behave_heap *h, char *chunk) {
    size_t i = behave_heap_slot((uintptr_t)chunk >> BEHAVE_HEAP_CHUNK_SHIFT);
    while (h->chunks[i] != NULL) i = (i + 1) & (BEHAVE_HEAP_SLOTS - 1);
    h->chunks[i] = chunk;
    h->chunk_count++;
    /* The old chunk's rest is a block like any other. */
    if (h->end - h->next >= BEHAVE_HEAP_GRAIN) behave_heap_file(h, h->next, (size_t)(h->end - h->next));
    h->next = chunk;
    h->end = chunk + BEHAVE_HEAP_CHUNK;
    BEHAVE_HEAP_POISON(chunk, BEHAVE_HEAP_CHUNK);
}

behave_heap *behave_heap_new(void) {
    char *chunk = aligned_alloc(BEHAVE_HEAP_CHUNK, BEHAVE_HEAP_CHUNK);
    if (chunk == NULL) return NULL;
    behave_heap *h = (behave_heap *)chunk;
    memset(h, 0, sizeof *h);
    h->next = h->end = chunk;
    behave_heap_adopt(h, chunk);
    BEHAVE_HEAP_UNPOISON(h, sizeof *h);
    h->next += behave_heap_rounded(sizeof *h);
    return h;
}

void behave_heap_free(behave_heap *h) {
    char *own = (char *)h;
    for (size_t i = 0; i < BEHAVE_HEAP_SLOTS; i++) {
        char *chunk = h->chunks[i];
        if (chunk == NULL || chunk == own) continue;
        BEHAVE_HEAP_UNPOISON(chunk, BEHAVE_HEAP_CHUNK);
        free(chunk);
    }
    BEHAVE_HEAP_UNPOISON(own, BEHAVE_HEAP_CHUNK);
    free(own);
}

void *behave_heap_alloc(behave_heap *h, size_t size) {
    if (size <= BEHAVE_HEAP_SMALL) {
        size_t class = behave_heap_class(size);
        size_t rounded = behave_heap_rounded(size);
        void *block = h->free[class];
        if (block != NULL) {
            BEHAVE_HEAP_UNPOISON(block, sizeof(void *));
            h->free[class] = *(void **)block;
            return behave_heap_give(block, size, rounded);
        }
        if ((size_t)(h->end - h->next) < rounded && h->chunk_count < BEHAVE_HEAP_CHUNKS) {
            char *chunk = aligned_alloc(BEHAVE_HEAP_CHUNK, BEHAVE_HEAP_CHUNK);
            if (chunk != NULL) behave_heap_adopt(h, chunk);
        }
        if ((size_t)(h->end - h->next) >= rounded) {
            block = h->next;
            h->next += rounded;
            return behave_heap_give(block, size, rounded);
        }
    }
    return malloc(size);
}

void behave_heap_release(behave_heap *h, void *block, size_t size) {
    if (size <= BEHAVE_HEAP_SMALL && behave_heap_owns(h, block)) {
        behave_heap_file(h, block, behave_heap_rounded(size));
        return;
    }
    free(block);
}

void *behave_heap_resize(behave_heap *h, void *block, size_t size, size_t new_size) {
    if (size <= BEHAVE_HEAP_SMALL && behave_heap_owns(h, block)) {
        size_t rounded = behave_heap_rounded(size);
        if (behave_heap_rounded(new_size) == rounded) return behave_heap_give(block, new_size, rounded);
        void *moved = behave_heap_alloc(h, new_size);
        /* Lua counts on a shrink never failing: the block is big enough as it is. Filed later
         * under its new size's class, it only wastes its tail. */
        if (moved == NULL) return new_size < size ? block : NULL;
        memcpy(moved, block, new_size < size ? new_size : size);
        behave_heap_file(h, block, rounded);
        return moved;
    }
    return realloc(block, new_size);
}
