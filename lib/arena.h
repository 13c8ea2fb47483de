/*
 * arena.h -- bump allocator for one record's tree (internal).
 *
 * Every node, string and array of a record lives in the record's
 * arena and is freed at once with it: a record is built, read and
 * dropped as a whole, so per-node frees would only cost time.
 *
 * Objects are taken from the bottom of the newest block, aligned;
 * strings from its top, unaligned, so that neither pads the other.
 * The common case -- it fits -- is inline: the parser allocates a few
 * times per token.
 */
#ifndef TB_ARENA_H
#define TB_ARENA_H

#include <stdalign.h>
#include <stddef.h>
#include <string.h>

typedef struct tb_arena_block tb_arena_block;

typedef struct tb_arena {
	tb_arena_block *head; /* newest block first */
	unsigned char *lo;    /* head's free bytes are [lo, hi) */
	unsigned char *hi;
	size_t total;         /* bytes allocated in all blocks */
} tb_arena;

/* The ways taken when the head block is full (arena.c). */
void *tb_arena_alloc_new(tb_arena *a, size_t n);
char *tb_arena_str_new(tb_arena *a, size_t n);

/* Returns 'n' zeroed bytes aligned for any type; valid until the arena
 * is freed. */
static inline void *tb_arena_alloc(tb_arena *a, size_t n)
{
	n = (n + alignof(max_align_t) - 1) & ~(alignof(max_align_t) - 1);
	if ((size_t)(a->hi - a->lo) < n || !a->head)
		return tb_arena_alloc_new(a, n);
	void *p = a->lo;
	a->lo += n;
	memset(p, 0, n);
	return p;
}

/* Returns a copy of the 'n' bytes at 's', aligned for any type (as
 * tb_arena_alloc, without zeroing what is then copied over). */
static inline void *tb_arena_copy(tb_arena *a, const void *s, size_t n)
{
	size_t m = (n + alignof(max_align_t) - 1) & ~(alignof(max_align_t) - 1);
	void *p;
	if ((size_t)(a->hi - a->lo) < m || !a->head) {
		p = tb_arena_alloc_new(a, m);
	} else {
		p = a->lo;
		a->lo += m;
	}
	if (n)
		memcpy(p, s, n);
	return p;
}

/* Copies 'n' bytes of 's' and a NUL into the arena (unaligned). */
static inline char *tb_arena_strndup(tb_arena *a, const char *s, size_t n)
{
	char *p;
	if ((size_t)(a->hi - a->lo) <= n || !a->head) {
		p = tb_arena_str_new(a, n + 1);
	} else {
		a->hi -= n + 1;
		p = (char *)a->hi;
	}
	if (n)
		memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void tb_arena_free(tb_arena *a);

#endif
