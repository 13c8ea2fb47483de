/*
 * arena.c -- bump allocator for one record's tree: the ways taken when
 * the newest block is full (the rest is inline, in arena.h).
 */
#include "arena.h"

#include <pthread.h>
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

/* ===== Blocks kept for the next arena =====
 * A reader makes and frees an arena a record, and most records take the
 * same few blocks: malloc and free of them were 3% of a parse (a block
 * is past glibc's per-thread cache). Each thread keeps the blocks of the
 * usual sizes given back (FIRST, 2 * FIRST, BLOCK), a few of each, for
 * the next arena it makes; they are freed when the thread ends (a
 * thread key's destructor). Where there are no thread keys (the wasm
 * build), nothing is kept. */

enum { KEPT = 12 }; /* blocks a thread keeps: at most 4 * (4 + 8 + 16) KiB */

typedef struct S_kept {
	unsigned n;
	tb_arena_block *v[KEPT];
} S_kept;

static pthread_once_t S_once = PTHREAD_ONCE_INIT;
static pthread_key_t S_key;
static int S_keyed;

static void S_kept_free(void *p)
{
	S_kept *k = p;
	for (unsigned i = 0; i < k->n; i++)
		free(k->v[i]);
	free(k);
}

static void S_make_key(void)
{
	S_keyed = pthread_key_create(&S_key, S_kept_free) == 0;
}

/* This thread's kept blocks, made when 'make' says so; or NULL. */
static S_kept *S_kept_get(int make)
{
	(void)pthread_once(&S_once, S_make_key);
	if (!S_keyed)
		return NULL;
	S_kept *k = pthread_getspecific(S_key);
	if (!k && make && (k = calloc(1, sizeof *k)) && pthread_setspecific(S_key, k) != 0) {
		free(k);
		k = NULL;
	}
	return k;
}

/* A kept block of 'size' bytes, taken from this thread's, or NULL. */
static tb_arena_block *S_take(size_t size)
{
	S_kept *k = S_kept_get(0);
	for (unsigned i = 0; k && i < k->n; i++)
		if (k->v[i]->size == size) {
			tb_arena_block *b = k->v[i];
			k->v[i] = k->v[--k->n];
			return b;
		}
	return NULL;
}

/* Keeps block 'b' for this thread's next arena, or frees it. */
static void S_give_back(tb_arena_block *b)
{
	if (b->size == FIRST || b->size == 2 * FIRST || b->size == BLOCK) {
		S_kept *k = S_kept_get(1);
		if (k && k->n < KEPT) {
			k->v[k->n++] = b;
			return;
		}
	}
	free(b);
}

/* Starts a block of at least 'n' free bytes. An allocation larger than
 * the block it would start gets a block of its own behind the head,
 * so the head's free bytes are not given up for it. Returns that block,
 * or NULL when the new block is the head -- or when memory ran out and
 * 'a' is soft (tb_arena_release), and then the head is as it was. */
static unsigned char *S_block(tb_arena *a, size_t n)
{
	size_t grow = a->head && a->total < BLOCK ? 2 * a->total : BLOCK;
	size_t size = a->head ? grow : FIRST;
	tb_arena_block *b = n <= size ? S_take(size) : NULL;
	if (!b && n <= (size_t)-1 / 2)
		b = tb_malloc(sizeof *b + (n > size ? n : size));
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
		S_give_back(b);
		b = next;
	}
	a->head = NULL;
	a->lo = a->hi = NULL;
	a->total = 0;
	a->failed = 0;
}
