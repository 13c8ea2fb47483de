/*
 * stretch_grow.c -- what a step of a stretch makes of one position: the
 * turns that fit the step, the positions they lead to, kept or not by
 * the bounds, the backward half and the written turn after the gap, as
 * keys, and how they are added to the new layer (stretch.h). Both ways
 * of making a layer use it: reconstruct.c's in one thread, and
 * stretch_split.c's in several.
 */
#include "stretch.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "poskey.h"
#include "xalloc.h"

int tb_step_fits(const tb_ruleset *rs, const tb_step *step, const tb_turn *t)
{
	if (step->kind == TB_STEP_PLY || step->node_kind == TB_NODE_UNKNOWN)
		return 1;
	if (step->node_kind == TB_NODE_PASS)
		return t->nparts == 0;
	const tb_move *m = step->m;
	if (t->nparts != m->nparts || t->crown != m->crown)
		return 0;
	for (unsigned i = 0; i < t->nparts; i++) {
		tb_point want = m->parts[i].pt;
		if (t->parts[i].kind != m->parts[i].kind)
			return 0;
		if (want != TB_PT_UNKNOWN && tb_geo_at(&rs->geo, want) >= 0 && t->parts[i].pt != want)
			return 0;
	}
	return 1;
}

/* Records that the position being expanded led to position 'at' of
 * 'l' (skipping it when it was the last one recorded: one position
 * reached by two turns); 0 when memory ran out. */
static int S_edge_add(tb_stretch_layer *l, uint32_t at, uint32_t first)
{
	if (l->nedge > first && l->edge[l->nedge - 1] == at)
		return 1;
	if (l->nedge == l->capedge) {
		if (l->capedge > UINT32_MAX / 2)
			return 0;
		uint32_t cap = l->capedge ? 2 * l->capedge : 64;
		uint32_t *grown = tb_realloc(l->edge, cap * sizeof *grown);
		if (!grown)
			return 0;
		l->edge = grown;
		l->capedge = cap;
	}
	l->edge[l->nedge++] = at;
	return 1;
}


void tb_stretch__edges_free(tb_stretch_layer *l)
{
	free(l->edge);
	free(l->eoff);
	l->edge = l->eoff = NULL;
	l->nedge = l->capedge = 0;
}

/* (stretch.h) */
int tb_stretch__paths_add(tb_stretch_layer *l, uint32_t i, int added, uint32_t n)
{
	if (!tb_blocks_room(&l->paths, i, sizeof(uint32_t)))
		return 0;
	uint32_t *p = tb_stretch__paths(l, i);
	if (added)
		*p = 0;
	*p = n > UINT32_MAX - *p ? UINT32_MAX : *p + n;
	return 1;
}

/* The turns that fit step 'st' from 's', into x->turns; how many. */
size_t tb_stretch__fitting(tb_stretch *x, const tb_step *st, const tb_state *s)
{
	size_t n = tb_turns_list(x->rs, s, &x->turns), k = 0;
	if (tb_turns_failed(&x->turns))
		x->failed = 1;
	for (size_t i = 0; i < n; i++)
		if (tb_step_fits(x->rs, st, &x->turns.v[i]))
			x->turns.v[k++] = x->turns.v[i];
	return k;
}

/* (stretch.h) */
tb_state tb_stretch__after(const tb_ruleset *rs, const tb_state *s, const tb_turn *t)
{
	tb_state w = *s;
	rs->rules->play(rs, &w, t, NULL);
	if (rs->rules->canon)
		rs->rules->canon(rs, &w);
	return w;
}

/* The turns of 's' that the direct check (rules->generate_at) gives for
 * the first point of 'then', into x->then_turns; -1 when it cannot say
 * (no direct check, the first part not a known point of the board, or
 * memory ran out: x->failed). */
static long S_direct(tb_stretch *x, const tb_step *then, const tb_state *s)
{
	const tb_ruleset *rs = x->rs;
	const tb_move *m = then->m;
	if (!rs->rules->generate_at || then->node_kind != TB_NODE_MOVE || !m->nparts ||
	    m->parts[0].kind != TB_PART_AT || m->parts[0].pt == TB_PT_UNKNOWN ||
	    tb_geo_at(&rs->geo, m->parts[0].pt) < 0)
		return -1;
	tb_part hint = {TB_PART_AT, TB_PT_NONE}; /* no second part: every turn of the point */
	if (m->nparts > 1) {
		hint = m->parts[1];
		if (hint.pt == TB_PT_UNKNOWN || tb_geo_at(&rs->geo, hint.pt) < 0)
			hint.pt = TB_PT_NONE;
	}
	tb_turns *l = &x->then_turns;
	size_t n;
	while ((n = rs->rules->generate_at(rs, s, m->parts[0].pt, hint, l->v, l->cap)) > l->cap) {
		tb_turn *grown = tb_realloc(l->v, n * sizeof *grown);
		if (!grown) {
			x->failed = 1;
			return -1;
		}
		l->v = grown;
		l->cap = n;
	}
	return (long)n;
}

/* Does a legal turn of 's' fit 'then'? As the step after would find
 * (tb_stretch__fitting): the direct check lists the turns of the piece
 * on the move's first point as the full list does (rules.h;
 * test_direct.c proves it), and a turn that fits begins there; else the
 * full list. */
static int S_then_fits(tb_stretch *x, const tb_step *then, const tb_state *s)
{
	long n = S_direct(x, then, s);
	if (x->failed)
		return 0;
	if (n < 0) {
		n = (long)tb_turns_list(x->rs, s, &x->then_turns);
		if (tb_turns_failed(&x->then_turns)) {
			x->failed = 1;
			return 0;
		}
	}
	for (long i = 0; i < n; i++)
		if (tb_step_fits(x->rs, then, &x->then_turns.v[i]))
			return 1;
	return 0;
}

/* (stretch.h) */
int tb_stretch__batch_make(tb_stretch *x, tb_stretch_batch *bt, const tb_state *from, size_t *j, size_t nt,
                        const tb_state *target, unsigned left, const tb_step *then,
                        const tb_bset *set, unsigned long *dropped)
{
	const tb_ruleset *rs = x->rs;
	bt->n = 0;
	for (; *j < nt && bt->n < TB_STRETCH_BATCH; ++*j) {
		tb_state w = tb_stretch__after(rs, from, &x->turns.v[*j]);
		/* the backward half first: where it is, it leaves one position in
		 * a hundred, and costs less than the bound */
		if (x->meeting && !tb_stretch__meet_may(x, &w, left))
			continue;
		if (target && !tb_reach_bound(rs, &w, target, left))
			continue;
		if (then && !S_then_fits(x, then, &w)) {
			++*dropped;
			if (x->failed) {
				x->spent = 1;
				return 0;
			}
			continue;
		}
		size_t k = bt->n++;
		bt->len[k] = tb_poskey_pack(&w, bt->key[k]);
		bt->h[k] = tb_bset_hash(bt->key[k], bt->len[k]);
		if (set)
			tb_bset_prefetch(set, bt->h[k]);
	}
	return 1;
}

/* (stretch.h) */
int tb_stretch__batch_add(tb_stretch *x, const tb_stretch_batch *bt, tb_stretch_layer *next,
                          uint32_t paths, uint32_t first)
{
	for (size_t k = 0; k < bt->n; k++)
		tb_bset_prefetch_key(&next->set, bt->h[k]);
	for (size_t k = 0; k < bt->n; k++) {
		int added;
		uint32_t at = tb_bset_add_key(&next->set, bt->key[k], bt->len[k], bt->h[k], &added);
		if (at == UINT32_MAX || !tb_stretch__paths_add(next, at, added, paths))
			x->failed = 1;
		else if (next->eoff && !S_edge_add(next, at, first))
			tb_stretch__edges_free(next); /* resolving will play the turns */
		if (x->failed) {
			x->spent = 1;
			return 0;
		}
		if (added && ++x->held > x->budget) {
			x->spent = x->partial = 1;
			return 0;
		}
		if (added && x->progress && x->held - x->reported >= 65536) {
			x->reported = x->held;
			x->progress(x->ctx, x->held);
		}
	}
	return 1;
}
