/*
 * stretch_split.c -- one long layer of a stretch made by several
 * threads (stretch.h, tb_stretch__split; spec/reconstruct.md §3).
 *
 * The layer before is cut into chunks of tb_stretch_slice positions,
 * and the chunks into rounds of S_PER_THREAD chunks a thread. The
 * threads of a round take its chunks in turn (an atomic count); for
 * each position of a chunk a thread plays its turns and keeps the keys
 * of the positions the step leads to (what the bounds, the backward
 * half and 'then' leave), in the chunk's buffer, in the order made.
 * The calling thread alone adds them to the new layer's set, a round's
 * chunks in order, position by position, as the search on one thread
 * adds them: the set, its order, the sequences, the edges, the point
 * the budget stops at, the progress calls and what 'then' ruled out
 * (once the layer is whole) are that search's, whatever the number of
 * threads. While it adds one round the other threads make the next,
 * and once it has added it, it helps them (adding is about a third of
 * a layer's time on one thread: the set's cache misses). The threads
 * only read the stretch's layers (the one before, and the backward
 * half's sets); each has its own scratch for listing turns.
 *
 * What it costs: two rounds' keys (some 25 bytes a position made, a few
 * MiB), and a thread started a round for each but the calling one.
 */
#include "stretch.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

unsigned tb_stretch_slice = 512;

enum { S_PER_THREAD = 8 }; /* chunks a thread a round */

/* Some positions of the layer before, and what they lead to. */
typedef struct S_chunk {
	uint32_t from, to;
	uint32_t *nkid;     /* per position: the keys kept of it */
	uint8_t *buf;       /* the keys: hash (8 bytes), length (1), the key */
	size_t len, cap;
} S_chunk;

/* The chunks of a round, and the next one to take. */
typedef struct S_round {
	S_chunk *c;
	size_t n;           /* chunks this round (fewer in the last) */
	atomic_size_t next;
} S_round;

/* What every thread of a split reads. */
typedef struct S_job {
	const tb_step *step, *then;
	const tb_state *target;
	unsigned left;
	S_round *round;     /* the round being made */
} S_job;

/* One thread. */
typedef struct S_worker {
	tb_stretch w;       /* the stretch as the thread sees it: x copied, its
	                       scratch (turns, then_turns) and 'failed' its own */
	const S_job *job;
	unsigned long dropped;
	pthread_t th;
} S_worker;

/* Room for 'more' bytes in c's buffer; 0 when memory ran out. */
static int S_room(S_chunk *c, size_t more)
{
	if (c->len + more <= c->cap)
		return 1;
	size_t cap = c->cap ? 2 * c->cap : 16384;
	while (cap < c->len + more)
		cap *= 2;
	uint8_t *grown = tb_realloc(c->buf, cap);
	if (!grown)
		return 0;
	c->buf = grown;
	c->cap = cap;
	return 1;
}

/* Keeps the keys of 'bt' in c's buffer; 0 when memory ran out. */
static int S_keep(S_chunk *c, const tb_stretch_batch *bt)
{
	for (size_t k = 0; k < bt->n; k++) {
		if (!S_room(c, 9 + bt->len[k]))
			return 0;
		memcpy(c->buf + c->len, &bt->h[k], 8);
		c->buf[c->len + 8] = (uint8_t)bt->len[k];
		memcpy(c->buf + c->len + 9, bt->key[k], bt->len[k]);
		c->len += 9 + bt->len[k];
	}
	return 1;
}

/* The keys of chunk 'c' made by 'wk' (wk->w.failed when memory ran
 * out). */
static void S_make(S_worker *wk, S_chunk *c)
{
	tb_stretch *x = &wk->w;
	const S_job *job = wk->job;
	const tb_stretch_layer *prev = &x->layer[x->n - 2];
	c->len = 0;
	for (uint32_t i = c->from; i < c->to && !x->failed; i++) {
		tb_state from;
		tb_bset_get(&prev->set, i, &from);
		size_t nt = tb_stretch__fitting(x, job->step, &from);
		uint32_t kids = 0;
		for (size_t j = 0; j < nt && !x->failed;) {
			tb_stretch_batch bt;
			if (!tb_stretch__batch_make(x, &bt, &from, &j, nt, job->target, job->left,
			                            job->then, NULL, &wk->dropped) ||
			    !S_keep(c, &bt))
				x->failed = 1;
			kids += (uint32_t)bt.n;
		}
		c->nkid[i - c->from] = kids;
	}
}

/* A thread's work: chunks of the job's round, taken in turn, until
 * none is left. */
static void *S_work(void *arg)
{
	S_worker *wk = arg;
	S_round *r = wk->job->round;
	for (size_t k; (k = atomic_fetch_add(&r->next, 1)) < r->n && !wk->w.failed;)
		S_make(wk, &r->c[k]);
	return NULL;
}

/* Adds what chunk 'c' made to 'next', as S_step in reconstruct.c adds
 * it; 0 when memory or the budget ran out (x spent). */
static int S_add(tb_stretch *x, tb_stretch_layer *next, const S_chunk *c)
{
	const tb_stretch_layer *prev = &x->layer[x->n - 2];
	const uint8_t *at = c->buf;
	for (uint32_t i = c->from; i < c->to; i++) {
		if (next->eoff)
			next->eoff[i] = next->nedge;
		uint32_t first = next->nedge;
		for (uint32_t left = c->nkid[i - c->from]; left;) {
			tb_stretch_batch bt;
			for (bt.n = 0; left && bt.n < TB_STRETCH_BATCH; left--, bt.n++) {
				memcpy(&bt.h[bt.n], at, 8);
				bt.len[bt.n] = at[8];
				memcpy(bt.key[bt.n], at + 9, at[8]);
				at += 9 + at[8];
				tb_bset_prefetch(&next->set, bt.h[bt.n]);
			}
			if (!tb_stretch__batch_add(x, &bt, next, *tb_stretch__paths(prev, i), first))
				return 0;
		}
	}
	return 1;
}

/* The state of a split: its threads (the first the calling one's) and
 * two rounds, one added while the other is made. */
typedef struct S_split {
	S_job job;
	S_worker *wk;
	unsigned nw;
	S_round round[2];
	size_t per;         /* chunks a round */
	uint32_t slice, at; /* chunk size; the first position not yet in a round */
} S_split;

static void S_split_free(S_split *sp)
{
	for (unsigned k = 0; sp->wk && k < sp->nw; k++) {
		tb_turns_free(&sp->wk[k].w.turns);
		tb_turns_free(&sp->wk[k].w.then_turns);
	}
	free(sp->wk);
	for (int r = 0; r < 2; r++) {
		for (size_t k = 0; sp->round[r].c && k < sp->per; k++) {
			free(sp->round[r].c[k].nkid);
			free(sp->round[r].c[k].buf);
		}
		free(sp->round[r].c);
	}
}

/* 0 when memory ran out ('sp' then for S_split_free only). */
static int S_split_init(S_split *sp, tb_stretch *x, uint32_t slice)
{
	sp->nw = x->threads;
	sp->slice = slice;
	sp->per = (size_t)S_PER_THREAD * sp->nw;
	sp->wk = tb_calloc(sp->nw, sizeof *sp->wk);
	if (!sp->wk)
		return 0;
	for (unsigned k = 0; k < sp->nw; k++) {
		S_worker *wk = &sp->wk[k];
		wk->w = *x;
		memset(&wk->w.turns, 0, sizeof wk->w.turns);
		memset(&wk->w.then_turns, 0, sizeof wk->w.then_turns);
		wk->w.failed = 0;
		wk->job = &sp->job;
	}
	for (int r = 0; r < 2; r++) {
		sp->round[r].c = tb_calloc(sp->per, sizeof *sp->round[r].c);
		if (!sp->round[r].c)
			return 0;
		for (size_t k = 0; k < sp->per; k++)
			if (!(sp->round[r].c[k].nkid = tb_malloc(slice * sizeof(uint32_t))))
				return 0;
	}
	return 1;
}

/* Cuts the next round of positions of the layer before (of 'n') into
 * the chunks of 'r'; its chunks 0 when every position is in a round. */
static void S_next_round(S_split *sp, S_round *r, uint32_t n)
{
	r->n = 0;
	atomic_store(&r->next, 0);
	while (r->n < sp->per && sp->at < n) {
		S_chunk *c = &r->c[r->n++];
		c->from = sp->at;
		sp->at = n - sp->at > sp->slice ? sp->at + sp->slice : n;
		c->to = sp->at;
	}
}

/* Starts the other threads on round 'r' (made by the calling thread
 * when one cannot be started); how many started, their flags in
 * 'started'. */
static void S_start(S_split *sp, S_round *r, int *started)
{
	sp->job.round = r;
	for (unsigned k = 1; k < sp->nw; k++)
		started[k] = r->n > 0 && pthread_create(&sp->wk[k].th, NULL, S_work, &sp->wk[k]) == 0;
}

/* The calling thread's share of round 'r', then the others waited for;
 * 0 when one ran out of memory. */
static int S_finish(S_split *sp, const int *started)
{
	S_work(&sp->wk[0]);
	int ok = !sp->wk[0].w.failed;
	for (unsigned k = 1; k < sp->nw; k++) {
		if (started[k])
			pthread_join(sp->wk[k].th, NULL);
		ok &= !sp->wk[k].w.failed;
	}
	return ok;
}

/* Adds round 'r' to 'next'; 0 when memory or the budget ran out. */
static int S_add_round(tb_stretch *x, tb_stretch_layer *next, const S_round *r)
{
	for (size_t k = 0; k < r->n; k++)
		if (!S_add(x, next, &r->c[k]))
			return 0;
	return 1;
}

int tb_stretch__split(tb_stretch *x, tb_stretch_layer *next, const tb_step *step,
                      const tb_state *target, unsigned left, const tb_step *then,
                      unsigned long *dropped)
{
	const tb_stretch_layer *prev = &x->layer[x->n - 2];
	uint32_t slice = tb_stretch_slice ? tb_stretch_slice : 1, n = prev->set.n;
	if (x->threads < 2 || n / S_PER_THREAD / x->threads < slice)
		return 0; /* less than a round: one thread */
	S_split sp;
	memset(&sp, 0, sizeof sp);
	sp.job = (S_job){step, then, target, left, NULL};
	int ok = S_split_init(&sp, x, slice), started[TB_STRETCH_THREADS_MAX] = {0};
	if (ok) {
		S_next_round(&sp, &sp.round[0], n);
		S_start(&sp, &sp.round[0], started);
		ok = S_finish(&sp, started);
	}
	for (int cur = 0; ok && sp.round[cur].n; cur ^= 1) {
		/* the next round made while this one is added */
		S_round *made = &sp.round[cur ^ 1];
		S_next_round(&sp, made, n);
		S_start(&sp, made, started);
		int added = S_add_round(x, next, &sp.round[cur]);
		if (!added) /* nothing more is needed: the others stop soon */
			atomic_store(&made->next, made->n);
		ok = S_finish(&sp, started) && added;
	}
	if (!ok && !x->spent)
		x->failed = x->spent = 1; /* memory ran out in a thread */
	for (unsigned k = 0; k < sp.nw; k++)
		*dropped += sp.wk[k].dropped;
	S_split_free(&sp);
	if (!ok) {
		tb_stretch__edges_free(next); /* not whole */
		return -1;
	}
	return 1;
}
