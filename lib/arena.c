/*
 * arena.c -- bump allocator for one record's tree: the ways taken when
 * the newest block is full (the rest is inline, in arena.h).
 */
#include "arena.h"

#include <stdlib.h>

#include "xalloc.h"

struct tb_arena_block {
	tb_arena_block *next;
	size_t size;
	alignas(max_align_t) unsigned char data[];
};

/* Blocks grow from FIRST to BLOCK bytes, each twice the last: a small
 * record (most are) holds a few KiB, not 16, when many are kept. FIRST
 * holds the tags and a few dozen turns: at 1 KiB, most records took
 * three blocks, and their mallocs were 2% of reading them. */
enum { FIRST = 4096, BLOCK = 16 * 1024 };

/* Starts a block of at least 'n' free bytes. An allocation larger than
 * the block it would start gets a block of its own behind the head,
 * so the head's free bytes are not given up for it. Returns that block,
 * or NULL when the new block is the head -- or when memory ran out and
 * 'a' is soft (tb_arena_release), and then the head is as it was. */
static unsigned char *S_block(tb_arena *a, size_t n)
{
	size_t grow = a->head && a->total < BLOCK ? 2 * a->total : BLOCK;
	size_t size = a->head ? grow : FIRST;
	tb_arena_block *b = n > (size_t)-1 / 2 ? NULL : tb_malloc(sizeof *b + (n > size ? n : size));
	if (!b) {
		a->failed = 1;
		tb_arena_release(a, tb_arena_hold(a), 0);
		return NULL;
	}
	b->size = n > size ? n : size;
	a->total += b->size;
	if (n > size && a->head) { /* its own block; the head stays */
		b->next = a->head->next;
		a->head->next = b;
		return b->data;
	}
	b->next = a->head;
	a->head = b;
	a->lo = b->data;
	a->hi = b->data + b->size;
	return NULL;
}

void tb_arena_release(tb_arena *a, tb_arena_held h, int ok)
{
	a->jump = h.jump;
	a->soft = h.soft;
	if (ok && !a->failed) {
		a->failed = h.failed;
		return;
	}
	a->failed = 1;
	if (a->jump)
		longjmp(*a->jump, 1);
	if (!a->soft)
		tb_oom(); /* as tb_x* do */
}

void *tb_arena_alloc_new(tb_arena *a, size_t n)
{
	tb_arena_block *head = a->head;
	unsigned char *p = S_block(a, n);
	if (!p && a->head == head)
		return NULL; /* out of memory */
	if (!p) {
		p = a->lo;
		a->lo += n;
	}
	memset(p, 0, n);
	return p;
}

char *tb_arena_str_new(tb_arena *a, size_t n)
{
	tb_arena_block *head = a->head;
	unsigned char *p = S_block(a, n);
	if (!p && a->head == head)
		return NULL; /* out of memory */
	if (!p) {
		a->hi -= n;
		p = a->hi;
	}
	return (char *)p;
}

void tb_arena_free(tb_arena *a)
{
	tb_arena_block *b = a->head;
	while (b) {
		tb_arena_block *next = b->next;
		free(b);
		b = next;
	}
	a->head = NULL;
	a->lo = a->hi = NULL;
	a->total = 0;
	a->failed = 0;
}
