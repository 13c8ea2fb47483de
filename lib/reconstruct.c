/*
 * reconstruct.c -- stretches: the positions a line may be in through
 * the turns it does not know, and what those turns may have been
 * (reconstruct.h; spec/reconstruct.md).
 */
#include "reconstruct.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "poskey.h"
#include "stretch.h"
#include "xalloc.h"


/* ===== Steps ===== */

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

/* ===== Stretches ===== */


unsigned long long tb_stretch__sat_add(unsigned long long a, unsigned long long b)
{
	return a > ULLONG_MAX - b ? ULLONG_MAX : a + b;
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

static void S_edges_free(tb_stretch_layer *l)
{
	free(l->edge);
	free(l->eoff);
	l->edge = l->eoff = NULL;
	l->nedge = l->capedge = 0;
}

/* Adds 'n' sequences to position 'i' of 'l' (a new one has none yet:
 * 'added'); 0 when memory ran out. */
static int S_paths_add(tb_stretch_layer *l, uint32_t i, int added, uint32_t n)
{
	if (i >= l->cappaths) {
		uint32_t cap = l->cappaths ? 2 * l->cappaths : 16;
		while (cap <= i)
			cap *= 2;
		uint32_t *grown = tb_realloc(l->paths, cap * sizeof *grown);
		if (!grown)
			return 0;
		l->paths = grown;
		l->cappaths = cap;
	}
	if (added)
		l->paths[i] = 0;
	l->paths[i] = n > UINT32_MAX - l->paths[i] ? UINT32_MAX : l->paths[i] + n;
	return 1;
}


/* Position 'i' of set 'b' decoded into the next of x's view slots:
 * the queries that give a position by pointer take them in turn
 * (reconstruct.h). The stretch was allocated writable; only the slots
 * change. */
static const tb_state *S_view(const tb_stretch *x, const tb_bset *b, uint32_t i)
{
	tb_stretch *w = (tb_stretch *)x;
	tb_state *v = &w->view[w->nview++ % 4];
	tb_bset_get(b, i, v);
	return v;
}

/* NULL when memory ran out. */
static tb_stretch_layer *S_push(tb_stretch *x)
{
	if (x->n == x->cap) {
		size_t cap = x->cap ? 2 * x->cap : 8;
		tb_stretch_layer *grown = tb_realloc(x->layer, cap * sizeof *x->layer);
		if (!grown)
			return NULL;
		x->layer = grown;
		x->cap = cap;
	}
	tb_stretch_layer *l = &x->layer[x->n++];
	memset(l, 0, sizeof *l);
	return l;
}

tb_stretch *tb_stretch_new(const tb_ruleset *rs, const tb_state *s, unsigned long budget,
                           void (*progress)(void *, unsigned long), void *ctx)
{
	tb_stretch *x = tb_calloc(1, sizeof *x);
	if (!x)
		return NULL;
	x->rs = rs;
	x->budget = budget ? budget : 1;
	x->progress = progress;
	x->ctx = ctx;
	int added;
	tb_state first = *s;
	if (rs->rules->canon)
		rs->rules->canon(rs, &first);
	tb_stretch_layer *l = S_push(x);
	if (!l || tb_bset_add(&l->set, &first, &added) == UINT32_MAX ||
	    !S_paths_add(l, 0, 1, 1)) {
		tb_stretch_free(x);
		return NULL;
	}
	x->held = 1;
	return x;
}

tb_stretch *tb_stretch_from(const tb_stretch *x, size_t layer, unsigned long budget)
{
	const tb_bset *from = &x->layer[layer].set;
	tb_state s;
	if (from->n)
		tb_bset_get(from, 0, &s);
	tb_stretch *y = from->n ? tb_stretch_new(x->rs, &s, budget, NULL, NULL) : NULL;
	int added;
	for (uint32_t i = 1; y && i < from->n; i++) {
		tb_bset_get(from, i, &s);
		uint32_t at = tb_bset_add(&y->layer[0].set, &s, &added);
		if (at == UINT32_MAX || !S_paths_add(&y->layer[0], at, added, 1)) {
			tb_stretch_free(y);
			return NULL;
		}
		y->held += (unsigned long)added;
	}
	return y;
}

void tb_stretch_free(tb_stretch *x)
{
	if (!x)
		return;
	for (size_t i = 0; i < x->n; i++) {
		tb_bset_free(&x->layer[i].set);
		free(x->layer[i].mark);
		tb_sieve_free(&x->layer[i].sieve);
		free(x->layer[i].paths);
		S_edges_free(&x->layer[i]);
	}
	free(x->layer);
	tb_stretch__meet_free(x);
	tb_turns_free(&x->turns);
	tb_turns_free(&x->then_turns);
	free(x);
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

/* The position after 't', as positions are counted: what no later turn
 * can read cleared (rules->canon), so that two ways to one position the
 * notation cannot tell apart are one. */
static tb_state S_after(const tb_ruleset *rs, const tb_state *s, const tb_turn *t)
{
	tb_state w = *s;
	rs->rules->play(rs, &w, t, NULL);
	if (rs->rules->canon)
		rs->rules->canon(rs, &w);
	return w;
}

int tb_stretch_plain;

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

/* The keys of some of the positions a step leads to from one position,
 * made and their slots asked for together (tb_bset_prefetch), then
 * added in the order made: the same set, in the same order. */
enum { S_BATCH = 16 };

typedef struct S_batch {
	uint8_t key[S_BATCH][TB_POSKEY_MAX];
	size_t len[S_BATCH];
	uint64_t h[S_BATCH];
	size_t n;
} S_batch;

/* Fills 'bt' from the turns x->turns.v['*j' .. 'nt') played from
 * 'from', each kept by the bound towards 'target' and by 'then' (as
 * S_step says), advancing '*j'; 0 when memory ran out (x spent). */
static int S_batch_make(tb_stretch *x, S_batch *bt, const tb_state *from, size_t *j, size_t nt,
                        const tb_state *target, unsigned left, const tb_step *then,
                        const tb_bset *set, unsigned long *dropped)
{
	const tb_ruleset *rs = x->rs;
	bt->n = 0;
	for (; *j < nt && bt->n < S_BATCH; ++*j) {
		tb_state w = S_after(rs, from, &x->turns.v[*j]);
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
		tb_bset_prefetch(set, bt->h[k]);
	}
	return 1;
}

/* Adds the keys of 'bt' to layer 'next', each reached by 'paths'
 * sequences more, and each an edge from the position they were played
 * from (its first at next->edge['first']); 0 when memory or the budget
 * ran out (x spent). */
static int S_batch_add(tb_stretch *x, const S_batch *bt, tb_stretch_layer *next, uint32_t paths,
                       uint32_t first)
{
	for (size_t k = 0; k < bt->n; k++)
		tb_bset_prefetch_key(&next->set, bt->h[k]);
	for (size_t k = 0; k < bt->n; k++) {
		int added;
		uint32_t at = tb_bset_add_key(&next->set, bt->key[k], bt->len[k], bt->h[k], &added);
		if (at == UINT32_MAX || !S_paths_add(next, at, added, paths))
			x->failed = 1;
		else if (next->eoff && !S_edge_add(next, at, first))
			S_edges_free(next); /* resolving will play the turns */
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

/* tb_stretch_step_then's layer: 'then' NULL for every position. Sets
 * '*dropped' to how many positions 'then' ruled out. */
static long S_step(tb_stretch *x, const tb_step *step, const tb_state *target, unsigned left,
                   const tb_step *then, unsigned long *dropped)
{
	*dropped = 0;
	if (x->spent)
		return -1;
	tb_stretch_layer *next = S_push(x);
	if (!next) {
		x->failed = x->spent = 1;
		return -1;
	}
	next->step = *step;
	next->left = left;
	next->has_then = then != NULL;
	if (then)
		next->then = *then;
	const tb_stretch_layer *prev = &x->layer[x->n - 2];
	/* edges only toward a target: there the bound leaves few positions
	 * that lead on, and playing every turn again was a quarter of the
	 * time; a search without one stops at its budget before resolving
	 * costs as much, and its memory stays what the budget says */
	if (target && !tb_stretch_plain)
		next->eoff = tb_malloc(((size_t)prev->set.n + 1) * sizeof *next->eoff);
	for (uint32_t i = 0; i < prev->set.n; i++) {
		if (next->eoff)
			next->eoff[i] = next->nedge;
		uint32_t first = next->nedge;
		tb_state from;
		tb_bset_get(&prev->set, i, &from);
		size_t nt = tb_stretch__fitting(x, step, &from);
		if (x->failed) {
			x->spent = 1;
			return -1;
		}
		for (size_t j = 0; j < nt;) {
			S_batch bt;
			if (!S_batch_make(x, &bt, &from, &j, nt, target, left, then, &next->set, dropped) ||
			    !S_batch_add(x, &bt, next, prev->paths[i], first)) {
				S_edges_free(next); /* not whole */
				return -1;
			}
		}
	}
	if (next->eoff)
		next->eoff[prev->set.n] = next->nedge;
	return (long)next->set.n;
}

/* The layers kept to the backward half, from its first, made again
 * without it, and the step after them: a layer none of whose positions
 * meets it (the target cannot be reached) is told as the forward search
 * tells it, from every position the bounds leave. */
static long S_step_again(tb_stretch *x, const tb_step *step, const tb_state *target,
                         unsigned left, const tb_step *then, unsigned long *dropped)
{
	size_t n = x->n - 1, first = tb_stretch__meet_first(x); /* n: this step's layer */
	if (first > n) /* (layers popped since: only this step's is kept) */
		first = n;
	tb_step *steps = tb_malloc((n - first + 1) * sizeof *steps);
	tb_step *thens = tb_malloc((n - first + 1) * sizeof *thens);
	unsigned *lefts = tb_malloc((n - first + 1) * sizeof *lefts);
	int *has = tb_malloc((n - first + 1) * sizeof *has);
	if (!steps || !thens || !lefts || !has) {
		free(steps), free(thens), free(lefts), free(has);
		x->failed = x->spent = 1;
		return -1;
	}
	for (size_t i = first; i < n; i++) {
		steps[i - first] = x->layer[i].step;
		thens[i - first] = x->layer[i].then;
		lefts[i - first] = x->layer[i].left;
		has[i - first] = x->layer[i].has_then;
	}
	while (x->n > first)
		tb_stretch_pop(x);
	x->meeting = 0;
	tb_stretch__meet_off(x);
	long got = 0;
	for (size_t i = 0; i < n - first && got >= 0; i++)
		got = S_step(x, &steps[i], target, lefts[i], has[i] ? &thens[i] : NULL, dropped);
	if (got >= 0)
		got = S_step(x, step, target, left, then, dropped);
	free(steps), free(thens), free(lefts), free(has);
	return got;
}

long tb_stretch_step_then(tb_stretch *x, const tb_step *step, const tb_state *target,
                          unsigned left, const tb_step *then)
{
	unsigned long dropped;
	/* (a spent search makes no backward half: S_step stops at once) */
	x->meeting = !tb_stretch_plain && !x->spent && tb_stretch__meet_prepare(x, target, left);
	long n = S_step(x, step, target, left, tb_stretch_plain ? NULL : then, &dropped);
	if (n == 0 && x->meeting)
		n = S_step_again(x, step, target, left, tb_stretch_plain ? NULL : then, &dropped);
	x->meeting = 0;
	if (left == 0) /* the gap's last step: its backward sets are done with */
		tb_stretch__meet_free(x);
	if (n == 0 && dropped) { /* none fits 'then': the whole layer, to say why */
		tb_stretch_pop(x);
		n = S_step(x, step, target, left, NULL, &dropped);
	}
	return n;
}

long tb_stretch_step(tb_stretch *x, const tb_step *step, const tb_state *target,
                     unsigned left)
{
	return tb_stretch_step_then(x, step, target, left, NULL);
}

void tb_stretch_pop(tb_stretch *x)
{
	if (x->n > 1) {
		tb_stretch_layer *l = &x->layer[--x->n];
		x->held -= l->set.n;
		tb_bset_free(&l->set);
		free(l->mark);
		tb_sieve_free(&l->sieve);
		free(l->paths);
		S_edges_free(l);
	}
}

size_t tb_stretch_steps(const tb_stretch *x) { return x->n - 1; }

size_t tb_stretch_reached(const tb_stretch *x, unsigned long *positions,
                          unsigned long long *sequences)
{
	size_t whole = x->n - 1 - (size_t)x->partial;
	const tb_stretch_layer *l = &x->layer[whole];
	*positions = l->set.n;
	*sequences = 0;
	int over = 0;
	for (uint32_t i = 0; i < l->set.n; i++) {
		*sequences = tb_stretch__sat_add(*sequences, l->paths[i]);
		over |= l->paths[i] == UINT32_MAX;
	}
	if (over)
		*sequences = ULLONG_MAX;
	return whole;
}

int tb_stretch_failed(const tb_stretch *x) { return x->failed; }
size_t tb_stretch_count(const tb_stretch *x) { return x->layer[x->n - 1].set.n; }

const tb_state *tb_stretch_state(const tb_stretch *x, size_t i)
{
	return S_view(x, &x->layer[x->n - 1].set, (uint32_t)i);
}

const tb_state *tb_stretch_first(const tb_stretch *x, size_t layer)
{
	return S_view(x, &x->layer[layer].set, 0);
}

size_t tb_stretch_marked(const tb_stretch *x, size_t layer, const tb_state **one)
{
	const tb_stretch_layer *l = &x->layer[layer];
	size_t n = 0;
	uint32_t last = 0;
	for (uint32_t i = 0; i < l->set.n && !x->failed; i++)
		if (l->mark && l->mark[i]) {
			last = i;
			n++;
		}
	if (n)
		*one = S_view(x, &l->set, last);
	return n;
}

/* The edges into 'l' after its positions were renumbered: 'map' gives
 * each old index its new one, or UINT32_MAX when it was dropped. */
static void S_edges_renumber(tb_stretch_layer *l, const uint32_t *map, uint32_t nfrom)
{
	uint32_t k = 0;
	for (uint32_t i = 0; i < nfrom; i++) {
		uint32_t a = l->eoff[i], z = l->eoff[i + 1];
		l->eoff[i] = k;
		for (uint32_t e = a; e < z; e++)
			if (map[l->edge[e]] != UINT32_MAX)
				l->edge[k++] = map[l->edge[e]];
	}
	l->eoff[nfrom] = k;
	l->nedge = k;
}

size_t tb_stretch_keep(tb_stretch *x, int (*keep)(void *ctx, const tb_state *s), void *ctx)
{
	tb_stretch_layer *l = &x->layer[x->n - 1];
	tb_bset *b = &l->set;
	uint32_t *map = l->eoff ? tb_malloc(((size_t)b->n + 1) * sizeof *map) : NULL;
	if (!map)
		S_edges_free(l); /* resolving will play the turns */
	uint32_t k = 0;
	for (uint32_t i = 0; i < b->n; i++) {
		tb_state s;
		tb_bset_get(b, i, &s);
		if (map)
			map[i] = UINT32_MAX;
		if (keep(ctx, &s)) {
			if (map)
				map[i] = k;
			l->paths[k] = l->paths[i];
			tb_bset_move(b, k++, i);
		}
	}
	if (map)
		S_edges_renumber(l, map, x->layer[x->n - 2].set.n);
	free(map);
	x->held -= b->n - k;
	b->n = k;
	if (!tb_bset_rehash(b, b->nslot ? b->nslot : 32))
		x->failed = x->spent = 1; /* the set cannot be searched: only free it */
	return k;
}

/* Does 't' from 's' (a position of layer i) lead to a marked position
 * of layer i+1 (its sieve made)? Its index there, or -1. Most turns
 * from a gap's middle layers lead to none, and the sieve (tb_sieve)
 * says so of nearly all of them without a look in the set. */
long tb_stretch__marked_after(const tb_stretch *x, size_t i, const tb_state *s, const tb_turn *t)
{
	tb_state w = S_after(x->rs, s, t);
	const tb_stretch_layer *next = &x->layer[i + 1];
	if (!tb_sieve_may(&next->sieve, &w))
		return -1;
	long j = tb_bset_find(&next->set, &w);
	return j >= 0 && next->mark[j] ? j : -1;
}

/* How many positions of layer 'i' are marked; when at most S_FEW, they
 * are decoded into 'out' (room for S_FEW). */
enum { S_FEW = 64 };

static size_t S_few_marked(const tb_stretch *x, size_t i, tb_state *out)
{
	const tb_stretch_layer *l = &x->layer[i];
	size_t n = 0;
	for (uint32_t k = 0; k < l->set.n; k++)
		if (l->mark[k] && n++ < S_FEW)
			tb_bset_get(&l->set, k, &out[n - 1]);
	return n;
}

/* Can 's' reach one of the 'n' positions 'few' in one turn, as far as
 * the rules' bound can tell? A position it says no to leads to no
 * marked position, and is not marked without its turns being listed:
 * most positions of a gap's middle layers lead nowhere (Ocencahuac's
 * <gap 8> to a restated position: 53 of 1.8 million), and listing their
 * turns was half the time of a search. */
static int S_may_reach(const tb_stretch *x, const tb_state *s, const tb_state *few, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (tb_reach_bound(x->rs, s, &few[k], 1))
			return 1;
	return 0;
}

/* Marks each position of 'l' with an edge to a marked one of 'next'
 * (its edges whole): what playing its turns finds, as every position
 * of 'next' a turn of it leads to is one the step recorded. */
static void S_mark_by_edges(tb_stretch_layer *l, const tb_stretch_layer *next)
{
	for (uint32_t s = 0; s < l->set.n; s++)
		for (uint32_t e = next->eoff[s]; e < next->eoff[s + 1] && !l->mark[s]; e++)
			l->mark[s] = next->mark[next->edge[e]];
}

void tb_stretch_resolve(tb_stretch *x)
{
	if (x->failed)
		return;
	tb_stretch_layer *last = &x->layer[x->n - 1];
	free(last->mark);
	last->mark = tb_malloc(last->set.n + 1);
	if (!last->mark) {
		x->failed = 1;
		return;
	}
	memset(last->mark, 1, last->set.n + 1);
	tb_sieve_make(&last->sieve, &last->set, last->mark);
	for (size_t i = x->n - 1; i-- > 0;) {
		tb_stretch_layer *l = &x->layer[i];
		free(l->mark);
		l->mark = tb_calloc(l->set.n + 1, 1);
		if (!l->mark) {
			x->failed = 1;
			return;
		}
		if (x->layer[i + 1].eoff) {
			S_mark_by_edges(l, &x->layer[i + 1]);
			tb_sieve_make(&l->sieve, &l->set, l->mark);
			continue;
		}
		tb_state few[S_FEW];
		size_t nfew = tb_reach_bounded(x->rs) ? S_few_marked(x, i + 1, few) : S_FEW + 1;
		for (uint32_t s = 0; s < l->set.n && !x->failed; s++) {
			tb_state from;
			tb_bset_get(&l->set, s, &from);
			if (nfew <= S_FEW && !S_may_reach(x, &from, few, nfew))
				continue;
			size_t nt = tb_stretch__fitting(x, &x->layer[i + 1].step, &from);
			for (size_t j = 0; j < nt && !l->mark[s]; j++)
				l->mark[s] = tb_stretch__marked_after(x, i, &from, &x->turns.v[j]) >= 0;
		}
		tb_sieve_make(&l->sieve, &l->set, l->mark);
	}
}

int tb_stretch_path_to(tb_stretch *x, const tb_state *s, tb_turn *out, tb_state *start)
{
	tb_state cur = *s;
	for (size_t i = x->n - 1; i-- > 0;) {
		const tb_stretch_layer *l = &x->layer[i];
		int found = 0;
		for (uint32_t k = 0; k < l->set.n && !found && !x->failed; k++) {
			tb_state from;
			tb_bset_get(&l->set, k, &from);
			size_t nt = tb_stretch__fitting(x, &x->layer[i + 1].step, &from);
			for (size_t j = 0; j < nt && !found; j++) {
				tb_state w = S_after(x->rs, &from, &x->turns.v[j]);
				if (tb_state_same(&w, &cur)) {
					out[i] = x->turns.v[j];
					cur = from;
					found = 1;
				}
			}
		}
		if (!found)
			return 0; /* not a position of the last layer, or memory ran out */
	}
	*start = cur;
	return 1;
}

int tb_stretch__same_turn(const tb_turn *a, const tb_turn *b)
{
	return a->nparts == b->nparts && a->crown == b->crown &&
	       memcmp(a->parts, b->parts, a->nparts * sizeof a->parts[0]) == 0;
}

int tb_stretch_edges(tb_stretch *x, size_t k,
                     int (*fn)(void *ctx, const tb_state *from, const tb_turn *t), void *ctx)
{
	const tb_stretch_layer *l = &x->layer[k];
	for (uint32_t s = 0; s < l->set.n && !x->failed; s++) {
		if (!l->mark[s])
			continue;
		tb_state from;
		tb_bset_get(&l->set, s, &from);
		size_t nt = tb_stretch__fitting(x, &x->layer[k + 1].step, &from);
		for (size_t j = 0; j < nt; j++) {
			const tb_turn *t = &x->turns.v[j];
			if (tb_stretch__marked_after(x, k, &from, t) < 0)
				continue;
			int rc = fn(ctx, &from, t);
			if (rc)
				return rc;
		}
	}
	return 0;
}

/* tb_stretch_turns' collection: the distinct turns given, in 'out'. */
typedef struct S_distinct {
	tb_stretch *x;
	tb_turns *out;
	size_t n;
} S_distinct;

static int S_distinct_add(void *ctx, const tb_state *from, const tb_turn *t)
{
	S_distinct *d = ctx;
	(void)from;
	for (size_t seen = 0; seen < d->n; seen++)
		if (tb_stretch__same_turn(&d->out->v[seen], t))
			return 0;
	if (d->n == d->out->cap) {
		size_t cap = d->out->cap ? 2 * d->out->cap : 16;
		tb_turn *grown = tb_realloc(d->out->v, cap * sizeof *grown);
		if (!grown) {
			d->x->failed = 1;
			return 1;
		}
		d->out->v = grown;
		d->out->cap = cap;
	}
	d->out->v[d->n++] = *t;
	return 0;
}

size_t tb_stretch_turns(tb_stretch *x, size_t k, tb_turns *out)
{
	S_distinct d = {x, out, 0};
	tb_stretch_edges(x, k, S_distinct_add, &d);
	return d.n;
}
