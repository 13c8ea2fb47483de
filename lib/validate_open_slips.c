/*
 * validate_open_slips.c -- the slips that explain a written turn illegal
 * in every position an open stretch holds (spec/reconstruct.md §1.2,
 * §4): the repairs of repair.c sought in each of those positions, each
 * told once, with how many of the positions it holds in; when one alone
 * explains the turn, the caller goes on over the positions where it
 * holds, as it does after a repair in a known position.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "reconstruct.h"
#include "repair.h"
#include "validation.h"
#include "xalloc.h"

/* A repair found, and in how many positions it holds. */
typedef struct S_found {
	tb_repair r;               /* its best reach */
	size_t held;
} S_found;

typedef struct S_all {
	S_found *v;
	size_t n, cap;
	int many;                  /* a position had more than it could list */
} S_all;

static int S_same_repair(const tb_repair *a, const tb_repair *b)
{
	if (a->kind != b->kind || a->nturns != b->nturns || a->consumed != b->consumed)
		return 0;
	for (unsigned i = 0; i < a->nturns; i++) {
		const tb_turn *x = &a->turn[i], *y = &b->turn[i];
		if (x->nparts != y->nparts || x->crown != y->crown ||
		    memcmp(x->parts, y->parts, x->nparts * sizeof x->parts[0]) != 0)
			return 0;
	}
	return 1;
}

/* Adds repair 'r' of one position, or counts it again when another
 * position had it; past DISTINCT repairs none is singled out ('many'),
 * which bounds the work at positions x repairs x DISTINCT. 0 when
 * memory ran out. */
static int S_add(S_all *a, const tb_repair *r)
{
	enum { DISTINCT = 256 };
	for (size_t i = 0; i < a->n; i++)
		if (S_same_repair(&a->v[i].r, r)) {
			a->v[i].held++;
			a->v[i].r.reach = r->reach > a->v[i].r.reach ? r->reach : a->v[i].r.reach;
			return 1;
		}
	if (a->n == DISTINCT) {
		a->many = 1;
		return 1;
	}
	if (a->n == a->cap) {
		size_t cap = a->cap ? 2 * a->cap : 8;
		S_found *grown = tb_realloc(a->v, cap * sizeof *grown);
		if (!grown)
			return 0;
		a->v = grown;
		a->cap = cap;
	}
	a->v[a->n++] = (S_found){*r, 1};
	return 1;
}

/* The repairs of written turn 'n' (its step 'st') in each position of
 * the last layer of 'x', gathered into 'a'; the positions where one
 * holds into 'where'. 0 when memory ran out. */
static int S_gather(tb_val *v, tb_stretch *x, const tb_node *n, const tb_step *st, S_all *a,
                    tb_bset *where)
{
	enum { EACH = 32 }; /* repairs listed a position: past it, none is singled out */
	tb_repair rp[EACH];
	for (size_t i = 0; i < tb_stretch_count(x); i++) {
		int nomem = 0, added;
		size_t all = tb_repairs(&v->rs, tb_stretch_state(x, i), n, st->node_kind, st->m,
		                        v->so.window, rp, EACH, &nomem);
		if (nomem)
			return 0;
		if (!all || rp[0].reach == 0)
			continue; /* nothing written after it to weigh a repair by */
		a->many |= all > EACH;
		for (size_t k = 0; k < all && k < EACH; k++)
			if (!S_add(a, &rp[k]))
				return 0;
		if (tb_bset_add(where, tb_stretch_state(x, i), &added) == UINT32_MAX)
			return 0;
	}
	return 1;
}

/* Most likely first: the lighter weight of the cost model (spec §4.2;
 * a comment that names it weighs 0), then the one that holds in more
 * of the positions, then the kind (ORDER REPAIR); the order found
 * otherwise (an insertion sort: 256 at most, S_add). */
static int S_after(const S_found *a, const S_found *b)
{
	if (a->r.weight != b->r.weight)
		return a->r.weight > b->r.weight;
	if (a->held != b->held)
		return a->held < b->held;
	return a->r.kind > b->r.kind;
}

static void S_rank(S_all *a)
{
	for (size_t i = 1; i < a->n; i++) {
		S_found f = a->v[i];
		size_t j = i;
		for (; j > 0 && S_after(&a->v[j - 1], &f); j--)
			a->v[j] = a->v[j - 1];
		a->v[j] = f;
	}
}

/* "at L:C, KIND: TURNS: the next N turns are legal then (in K of the M
 * positions)", a candidate of the fault too. 's' is a position of the
 * layer, for the turns' numbers. */
static void S_note(tb_val *v, const tb_node *n, const tb_state *s, const S_found *f,
                   size_t positions)
{
	tb_buf seq = TB_BUF_SOFT, kind = TB_BUF_SOFT;
	tb_val_turns_written(&seq, s, f->r.turn, f->r.nturns);
	tb_val_repair_kind(v, &kind, &f->r);
	tb_val_fault_candidate(v, tb_val_text(v, &seq));
	tb_val_slip_note(v, n, tb_val_text(v, &kind), tb_val_text(v, &seq), f->r.reach, f->held,
	                 positions);
	tb_buf_free(&seq);
	tb_buf_free(&kind);
}

int tb_val_open_slips(tb_val *v, tb_stretch *x, const tb_node *n, const tb_step *st,
                      tb_repair *one, tb_bset *where)
{
	enum { SHOWN = 3, LOOK = 1024 };
	size_t positions = tb_stretch_count(x);
	if (positions > LOOK) {
		char look[16];
		snprintf(look, sizeof look, "%d", LOOK);
		tb_val_note(v, "val.slips.unsought", (const char *[]){look}, 1);
		return 0;
	}
	S_all a = {NULL, 0, 0, 0};
	if (!S_gather(v, x, n, st, &a, where)) {
		v->oom = 1;
		free(a.v);
		return 0;
	}
	S_rank(&a);
	for (size_t i = 0; i < a.n && i < SHOWN; i++)
		S_note(v, n, tb_stretch_state(x, 0), &a.v[i], positions);
	if (a.n > SHOWN)
		tb_val_note_more_ways(v, a.n - SHOWN);
	int single = a.n == 1 && !a.many && !v->oom;
	if (single) {
		*one = a.v[0].r;
		char held[16];
		snprintf(held, sizeof held, "%u", where->n);
		if (where->n == 1)
			tb_val_note(v, "val.goes_on", NULL, 0);
		else
			tb_val_note_n(v, "val.goes_on.over", where->n, (const char *[]){held}, 1);
		tb_val_fault_repaired(v);
	}
	free(a.v);
	return single;
}
