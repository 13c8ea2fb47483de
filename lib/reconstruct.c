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



/* ===== Stretches ===== */

int tb_stretch_plain;


unsigned long long tb_stretch__sat_add(unsigned long long a, unsigned long long b)
{
	return a > ULLONG_MAX - b ? ULLONG_MAX : a + b;
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
	x->threads = 1;
	x->progress = progress;
	x->ctx = ctx;
	int added;
	tb_state first = *s;
	if (rs->rules->canon)
		rs->rules->canon(rs, &first);
	tb_stretch_layer *l = S_push(x);
	if (!l || tb_bset_add(&l->set, &first, &added) == UINT32_MAX ||
	    !tb_stretch__paths_add(l, 0, 1, 1)) {
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
	if (y)
		y->threads = x->threads;
	int added;
	for (uint32_t i = 1; y && i < from->n; i++) {
		tb_bset_get(from, i, &s);
		uint32_t at = tb_bset_add(&y->layer[0].set, &s, &added);
		if (at == UINT32_MAX || !tb_stretch__paths_add(&y->layer[0], at, added, 1)) {
			tb_stretch_free(y);
			return NULL;
		}
		y->held += (unsigned long)added;
	}
	return y;
}

void tb_stretch_set_threads(tb_stretch *x, unsigned n)
{
	x->threads = n < 1 ? 1 : n > TB_STRETCH_THREADS_MAX ? TB_STRETCH_THREADS_MAX : n;
}

void tb_stretch_free(tb_stretch *x)
{
	if (!x)
		return;
	for (size_t i = 0; i < x->n; i++) {
		tb_bset_free(&x->layer[i].set);
		free(x->layer[i].mark);
		tb_sieve_free(&x->layer[i].sieve);
		tb_blocks_free(&x->layer[i].paths);
		tb_stretch__edges_free(&x->layer[i]);
	}
	free(x->layer);
	tb_stretch__meet_free(x);
	tb_turns_free(&x->turns);
	tb_turns_free(&x->then_turns);
	free(x);
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
	int split = tb_stretch__split(x, next, step, target, left, then, dropped);
	if (split < 0)
		return -1;
	for (uint32_t i = 0; !split && i < prev->set.n; i++) {
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
			tb_stretch_batch bt;
			if (!tb_stretch__batch_make(x, &bt, &from, &j, nt, target, left, then, &next->set,
			                            dropped) ||
			    !tb_stretch__batch_add(x, &bt, next, *tb_stretch__paths(prev, i), first)) {
				tb_stretch__edges_free(next); /* not whole */
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
		tb_blocks_free(&l->paths);
		tb_stretch__edges_free(l);
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
		uint32_t p = *tb_stretch__paths(l, i);
		*sequences = tb_stretch__sat_add(*sequences, p);
		over |= p == UINT32_MAX;
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
		tb_stretch__edges_free(l); /* resolving will play the turns */
	uint32_t k = 0;
	for (uint32_t i = 0; i < b->n; i++) {
		tb_state s;
		tb_bset_get(b, i, &s);
		if (map)
			map[i] = UINT32_MAX;
		if (keep(ctx, &s)) {
			if (map)
				map[i] = k;
			*tb_stretch__paths(l, k) = *tb_stretch__paths(l, i);
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
	tb_state w = tb_stretch__after(x->rs, s, t);
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
				tb_state w = tb_stretch__after(x->rs, &from, &x->turns.v[j]);
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
