/*
 * memo_keep.c -- the parser's memos kept per thread (memo_keep.h): one
 * of each kind a thread, in a block of its own held by a thread key,
 * as arena.c keeps a thread's blocks.
 */
#include "memo_keep.h"

#include <pthread.h>
#include <stdlib.h>

#include "xalloc.h"

/* A thread's kept memos, each with the function that frees it (the
 * file that made it is the one that knows how: this file calls none
 * of theirs, which call it). */
typedef struct S_keep {
	struct tb_move_memo *moves;
	void (*moves_drop)(struct tb_move_memo *);
	struct tb_tag_memo *tags;
	struct tb_pos_memo *positions;
	void (*positions_drop)(struct tb_pos_memo *);
} S_keep;

static pthread_once_t S_once = PTHREAD_ONCE_INIT;
static pthread_key_t S_key;
static int S_keyed;

/* Frees what 'k' keeps, and leaves it empty. */
static void S_keep_empty(S_keep *k)
{
	if (k->moves)
		k->moves_drop(k->moves);
	if (k->positions)
		k->positions_drop(k->positions);
	free(k->tags);
	*k = (S_keep){0};
}

/* The thread key's destructor: the thread ends. */
static void S_keep_free(void *p)
{
	S_keep_empty(p);
	free(p);
}

static void S_make_key(void)
{
	S_keyed = pthread_key_create(&S_key, S_keep_free) == 0;
}

/* This thread's keep, made when 'make' says so; or NULL (none yet, no
 * thread keys, or memory ran out making it: then the memo given back
 * is freed, and the next reader makes its own). */
static S_keep *S_keep_get(int make)
{
	(void)pthread_once(&S_once, S_make_key);
	if (!S_keyed)
		return NULL;
	S_keep *k = pthread_getspecific(S_key);
	if (!k && make && (k = tb_calloc(1, sizeof *k)) && pthread_setspecific(S_key, k) != 0) {
		free(k);
		k = NULL;
	}
	return k;
}

struct tb_move_memo *tb_memo_take_moves(void)
{
	S_keep *k = S_keep_get(0);
	struct tb_move_memo *m = k ? k->moves : NULL;
	if (m)
		k->moves = NULL;
	return m;
}

void tb_memo_keep_moves(struct tb_move_memo *m, void (*drop)(struct tb_move_memo *))
{
	if (!m)
		return;
	S_keep *k = S_keep_get(1);
	if (k && !k->moves) {
		k->moves = m;
		k->moves_drop = drop;
	} else {
		drop(m);
	}
}

struct tb_tag_memo *tb_memo_take_tags(void)
{
	S_keep *k = S_keep_get(0);
	struct tb_tag_memo *m = k ? k->tags : NULL;
	if (m)
		k->tags = NULL;
	return m;
}

void tb_memo_keep_tags(struct tb_tag_memo *m)
{
	if (!m)
		return;
	S_keep *k = S_keep_get(1);
	if (k && !k->tags)
		k->tags = m;
	else
		free(m);
}

struct tb_pos_memo *tb_memo_take_positions(void)
{
	S_keep *k = S_keep_get(0);
	struct tb_pos_memo *m = k ? k->positions : NULL;
	if (m)
		k->positions = NULL;
	return m;
}

void tb_memo_keep_positions(struct tb_pos_memo *m, void (*drop)(struct tb_pos_memo *))
{
	if (!m)
		return;
	S_keep *k = S_keep_get(1);
	if (k && !k->positions) {
		k->positions = m;
		k->positions_drop = drop;
	} else {
		drop(m);
	}
}

void tb_memo_keep_drop(void)
{
	S_keep *k = S_keep_get(0);
	if (k && pthread_setspecific(S_key, NULL) == 0)
		S_keep_free(k); /* the keep too: the next is made again, as at first */
	else if (k)
		S_keep_empty(k);
}
