/*
 * stretch_paths.c -- the distinct sequences of turns a resolved stretch
 * holds: counted, and the first of them listed (reconstruct.h,
 * tb_stretch_paths; spec/reconstruct.md §1-2).
 */
#include "stretch.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* A hash step (the memo of distinct sequences). */
static uint64_t S_mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	return h * 0xbf58476d1ce4e5b9ULL;
}

/* ===== Distinct sequences =====
 *
 * The positions of a layer may be several (an open turn before the
 * steps asked about), and one sequence of turns may be played from
 * several of them: it is one sequence all the same. So sequences are
 * followed as sets: a prefix leads from the marked positions of layer k
 * to the set of marked positions it reaches, and is extended by each
 * distinct turn that goes on from any of them. Counting remembers what
 * each (step, set) leads to, so that prefixes that meet are counted
 * once, as paths through single positions were. */

/* The distinct turns the step after layer 'L' may be from the positions
 * 'set' of layer 'L' (joining marked positions), each with the sorted
 * positions of layer L+1 it leads to. */
typedef struct S_fan {
	tb_turn *turn;
	uint32_t **to;
	uint32_t *nto, *capto;
	size_t n, cap;
} S_fan;

static int S_u32_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

static void S_fan_of(tb_stretch *x, size_t L, const uint32_t *set, uint32_t nset, S_fan *f)
{
	memset(f, 0, sizeof *f);
	for (uint32_t a = 0; a < nset && !x->failed; a++) {
		tb_state from, *s = &from;
		tb_bset_get(&x->layer[L].set, set[a], &from);
		size_t nt = tb_stretch__fitting(x, &x->layer[L + 1].step, s);
		for (size_t j = 0; j < nt; j++) {
			long at = tb_stretch__marked_after(x, L, s, &x->turns.v[j]);
			if (at < 0)
				continue;
			size_t u = 0;
			while (u < f->n && !tb_stretch__same_turn(&f->turn[u], &x->turns.v[j]))
				u++;
			if (u == f->n) {
				if (f->n == f->cap) {
					size_t cap = f->cap ? 2 * f->cap : 16;
					tb_turn *turn = tb_realloc(f->turn, cap * sizeof *f->turn);
					f->turn = turn ? turn : f->turn;
					uint32_t **to = turn ? tb_realloc(f->to, cap * sizeof *f->to) : NULL;
					f->to = to ? to : f->to;
					uint32_t *nto = to ? tb_realloc(f->nto, cap * sizeof *f->nto) : NULL;
					f->nto = nto ? nto : f->nto;
					uint32_t *capto = nto ? tb_realloc(f->capto, cap * sizeof *f->capto)
					                      : NULL;
					f->capto = capto ? capto : f->capto;
					if (!capto) {
						x->failed = 1;
						return;
					}
					f->cap = cap;
				}
				f->turn[u] = x->turns.v[j];
				f->to[u] = NULL;
				f->nto[u] = f->capto[u] = 0;
				f->n++;
			}
			if (f->nto[u] == f->capto[u]) {
				uint32_t cap = f->capto[u] ? 2 * f->capto[u] : 4;
				uint32_t *grown = tb_realloc(f->to[u], cap * sizeof **f->to);
				if (!grown) {
					x->failed = 1;
					return;
				}
				f->to[u] = grown;
				f->capto[u] = cap;
			}
			f->to[u][f->nto[u]++] = (uint32_t)at;
		}
	}
	for (size_t u = 0; u < f->n; u++) { /* sorted, each position once */
		qsort(f->to[u], f->nto[u], sizeof **f->to, S_u32_cmp);
		uint32_t k = 0;
		for (uint32_t j = 0; j < f->nto[u]; j++)
			if (!k || f->to[u][j] != f->to[u][k - 1])
				f->to[u][k++] = f->to[u][j];
		f->nto[u] = k;
	}
}

static void S_fan_free(S_fan *f)
{
	for (size_t u = 0; u < f->n; u++)
		free(f->to[u]);
	free(f->turn);
	free(f->to);
	free(f->nto);
	free(f->capto);
}

/* What (step i, set) was found to lead to: open addressing. */
typedef struct S_memo_entry {
	uint64_t h;
	size_t i;
	uint32_t *set, n;
	unsigned long long count;
} S_memo_entry;

typedef struct S_memo {
	S_memo_entry *e;
	size_t n, nslot;   /* a power of two, at least twice n */
} S_memo;

static uint64_t S_set_hash(size_t i, const uint32_t *set, uint32_t n)
{
	uint64_t h = S_mix(i, n);
	for (uint32_t k = 0; k < n; k++)
		h = S_mix(h, set[k]);
	return h ^ (h >> 29);
}

static S_memo_entry *S_memo_find(S_memo *m, uint64_t h, size_t i, const uint32_t *set,
                                 uint32_t n)
{
	if (!m->nslot)
		return NULL;
	for (size_t j = h & (m->nslot - 1); m->e[j].set; j = (j + 1) & (m->nslot - 1))
		if (m->e[j].h == h && m->e[j].i == i && m->e[j].n == n &&
		    memcmp(m->e[j].set, set, n * sizeof *set) == 0)
			return &m->e[j];
	return NULL;
}

/* 0 (the count not kept) when memory ran out. */
static int S_memo_put(S_memo *m, uint64_t h, size_t i, const uint32_t *set, uint32_t n,
                      unsigned long long count)
{
	if (2 * (m->n + 1) > m->nslot) {
		S_memo old = *m;
		m->nslot = old.nslot ? 2 * old.nslot : 64;
		m->e = tb_calloc(m->nslot, sizeof *m->e);
		if (!m->e) {
			*m = old;
			return 0;
		}
		for (size_t j = 0; j < old.nslot; j++) {
			if (!old.e[j].set)
				continue;
			size_t k = old.e[j].h & (m->nslot - 1);
			while (m->e[k].set)
				k = (k + 1) & (m->nslot - 1);
			m->e[k] = old.e[j];
		}
		free(old.e);
	}
	size_t k = h & (m->nslot - 1);
	while (m->e[k].set)
		k = (k + 1) & (m->nslot - 1);
	m->e[k].set = tb_malloc((n ? n : 1) * sizeof *set);
	if (!m->e[k].set)
		return 0;
	m->e[k].h = h;
	m->e[k].i = i;
	m->e[k].n = n;
	memcpy(m->e[k].set, set, n * sizeof *set);
	m->e[k].count = count;
	m->n++;
	return 1;
}

static void S_memo_free(S_memo *m)
{
	for (size_t j = 0; j < m->nslot; j++)
		free(m->e[j].set);
	free(m->e);
}

/* The distinct sequences of steps k+i .. k+n-1 from the positions 'set'
 * of layer k+i. */
static unsigned long long S_count(tb_stretch *x, S_memo *m, size_t k, size_t i, size_t n,
                                  const uint32_t *set, uint32_t nset)
{
	if (i == n)
		return 1;
	if (x->failed)
		return 0;
	uint64_t h = S_set_hash(i, set, nset);
	const S_memo_entry *e = S_memo_find(m, h, i, set, nset);
	if (e)
		return e->count;
	S_fan f;
	S_fan_of(x, k + i, set, nset, &f);
	unsigned long long total = 0;
	for (size_t u = 0; u < f.n; u++)
		total = tb_stretch__sat_add(total, S_count(x, m, k, i + 1, n, f.to[u], f.nto[u]));
	S_fan_free(&f);
	if (!x->failed && !S_memo_put(m, h, i, set, nset, total))
		x->failed = 1;
	return total;
}

/* Copies up to 'max' distinct sequences from the positions 'set' of
 * layer k+i, the turns so far in 'cur', into 'seqs'. */
static void S_list(tb_stretch *x, size_t k, size_t i, size_t n, const uint32_t *set,
                   uint32_t nset, tb_turn *cur, size_t max, tb_turn *seqs, size_t *listed)
{
	if (i == n) {
		memcpy(seqs + *listed * n, cur, n * sizeof *cur);
		++*listed;
		return;
	}
	if (x->failed)
		return;
	S_fan f;
	S_fan_of(x, k + i, set, nset, &f);
	for (size_t u = 0; u < f.n && *listed < max; u++) {
		cur[i] = f.turn[u];
		S_list(x, k, i + 1, n, f.to[u], f.nto[u], cur, max, seqs, listed);
	}
	S_fan_free(&f);
}

unsigned long long tb_stretch_paths(tb_stretch *x, size_t k, size_t n, size_t max,
                                    tb_turn *seqs, size_t *listed)
{
	const tb_stretch_layer *l = &x->layer[k];
	*listed = 0;
	uint32_t *set = x->failed ? NULL : tb_malloc((l->set.n ? l->set.n : 1) * sizeof *set),
	         nset = 0;
	if (!set) {
		x->failed = 1;
		return 0;
	}
	for (uint32_t s = 0; s < l->set.n; s++)
		if (l->mark[s])
			set[nset++] = s;
	*listed = 0;
	unsigned long long total = 0;
	if (nset) {
		S_memo m;
		memset(&m, 0, sizeof m);
		total = S_count(x, &m, k, 0, n, set, nset);
		S_memo_free(&m);
		tb_turn *cur = tb_malloc((n ? n : 1) * sizeof *cur);
		if (!cur)
			x->failed = 1;
		else if (max)
			S_list(x, k, 0, n, set, nset, cur, max, seqs, listed);
		free(cur);
	}
	free(set);
	return total;
}
