/*
 * arena.c -- bump allocator for one record's tree.
 */
#include "arena.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

struct tb_arena_block {
	tb_arena_block *next;
	size_t size;
	alignas(max_align_t) unsigned char data[];
};

/* Blocks grow from FIRST to BLOCK bytes, each twice the last: a small
 * record (most are) holds a few KiB, not 16, when many are kept. */
enum { FIRST = 1024, BLOCK = 16 * 1024 };

void *tb_arena_alloc(tb_arena *a, size_t n)
{
	const size_t al = alignof(max_align_t);
	n = (n + al - 1) & ~(al - 1);
	if (!a->head || a->used + n > a->head->size) {
		size_t grow = a->head && a->head->size < BLOCK ? 2 * a->head->size : BLOCK;
		size_t size = a->head ? grow : FIRST;
		size = n > size ? n : size;
		tb_arena_block *b = tb_xmalloc(sizeof *b + size);
		b->next = a->head;
		b->size = size;
		a->head = b;
		a->used = 0;
		a->total += size;
	}
	void *p = a->head->data + a->used;
	a->used += n;
	memset(p, 0, n);
	return p;
}

char *tb_arena_strndup(tb_arena *a, const char *s, size_t n)
{
	char *p = tb_arena_alloc(a, n + 1);
	if (n)
		memcpy(p, s, n);
	p[n] = '\0';
	return p;
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
	a->used = a->total = 0;
}
