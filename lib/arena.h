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
 *
 * Out of memory, an allocation sets 'failed' and then, when 'jump' is
 * set, jumps there (longjmp): the parser builds a record a few
 * allocations per token, deep in its descent, and the reader that set
 * 'jump' frees the record half built, whose every byte is in its arena,
 * and returns TB_ENOMEM (parser.c, tb_reader_next); the building API
 * does the same for an edit (tree_edit.c). When 'soft' is set instead, it
 * returns NULL; when neither is, it aborts the process, for the code
 * not yet made to recover (xalloc.h).
 */
#ifndef TB_ARENA_H
#define TB_ARENA_H

#include <setjmp.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct tb_arena_block tb_arena_block;

typedef struct tb_arena {
	tb_arena_block *head; /* newest block first */
	unsigned char *lo;    /* head's free bytes are [lo, hi) */
	unsigned char *hi;
	size_t total;         /* bytes allocated in all blocks */
	jmp_buf *jump;        /* where to go when memory runs out, or NULL */
	int soft;             /* else return NULL then (not abort) */
	int failed;           /* an allocation ran out of memory */
} tb_arena;

/* What tb_arena_hold took. */
typedef struct tb_arena_held {
	jmp_buf *jump;
	int soft;
	int failed;
} tb_arena_held;

/* For a caller that holds memory of its own (a tb_buf, a malloc'd
 * array) while it allocates from 'a', and must free it before a jump:
 * allocations return NULL until tb_arena_release. */
static inline tb_arena_held tb_arena_hold(tb_arena *a)
{
	tb_arena_held h = {a->jump, a->soft, a->failed};
	a->jump = NULL;
	a->soft = 1;
	a->failed = 0;
	return h;
}

/* Gives back what tb_arena_hold took; then, when an allocation failed
 * meanwhile or 'ok' is 0 (memory ran out elsewhere; the caller has
 * freed its own), does what 'a' does out of memory -- jumps, aborts,
 * or returns when soft, with 'failed' set. */
void tb_arena_release(tb_arena *a, tb_arena_held h, int ok);

/* The ways taken when the head block is full (arena.c). */
void *tb_arena_alloc_new(tb_arena *a, size_t n);
char *tb_arena_str_new(tb_arena *a, size_t n);

/* memcpy(d, s, n), inline for the few bytes most copies into an arena
 * are (a tag's value, a move's parts): a call of memcpy costs more than
 * copying them. Loads and stores that overlap, never past 's' + 'n'. */
static inline void tb_arena_copy_bytes(void *d, const void *s, size_t n)
{
	unsigned char *o = d;
	const unsigned char *i = s;
	if (n > 16) {
		memcpy(o, i, n);
	} else if (n >= 8) {
		uint64_t a, b;
		memcpy(&a, i, 8), memcpy(&b, i + n - 8, 8);
		memcpy(o, &a, 8), memcpy(o + n - 8, &b, 8);
	} else if (n >= 4) {
		uint32_t a, b;
		memcpy(&a, i, 4), memcpy(&b, i + n - 4, 4);
		memcpy(o, &a, 4), memcpy(o + n - 4, &b, 4);
	} else if (n) {
		o[0] = i[0];
		o[n / 2] = i[n / 2];
		o[n - 1] = i[n - 1];
	}
}

/* Returns 'n' zeroed bytes aligned for any type; valid until the arena
 * is freed. NULL when memory ran out and 'soft' is set. */
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
		if (!p)
			return NULL;
	} else {
		p = a->lo;
		a->lo += m;
	}
	tb_arena_copy_bytes(p, s, n);
	return p;
}

/* Copies 'n' bytes of 's' and a NUL into the arena (unaligned); NULL
 * when memory ran out and 'soft' is set, as tb_arena_alloc. */
static inline char *tb_arena_strndup(tb_arena *a, const char *s, size_t n)
{
	char *p;
	if ((size_t)(a->hi - a->lo) <= n || !a->head) {
		p = tb_arena_str_new(a, n + 1);
		if (!p)
			return NULL;
	} else {
		a->hi -= n + 1;
		p = (char *)a->hi;
	}
	tb_arena_copy_bytes(p, s, n);
	p[n] = '\0';
	return p;
}

void tb_arena_free(tb_arena *a);

#endif
