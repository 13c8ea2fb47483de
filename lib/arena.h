/*
 * arena.h -- bump allocator for one record's tree (internal).
 *
 * Every node, string and array of a record lives in the record's
 * arena and is freed at once with it: a record is built, read and
 * dropped as a whole, so per-node frees would only cost time.
 */
#ifndef TB_ARENA_H
#define TB_ARENA_H

#include <stddef.h>

typedef struct tb_arena_block tb_arena_block;

typedef struct tb_arena {
	tb_arena_block *head; /* newest block first */
	size_t used;          /* bytes used in head */
	size_t total;         /* bytes allocated in all blocks */
} tb_arena;

/* Returns 'n' zeroed bytes aligned for any type; valid until the arena
 * is freed. */
void *tb_arena_alloc(tb_arena *a, size_t n);
/* Copies 'n' bytes of 's' and a NUL into the arena. */
char *tb_arena_strndup(tb_arena *a, const char *s, size_t n);
void tb_arena_free(tb_arena *a);

#endif
