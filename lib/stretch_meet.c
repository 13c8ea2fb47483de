/*
 * stretch_meet.c -- a gap toward a known position searched from both
 * ends (spec/reconstruct.md §2): the occupancies from which the target
 * may be reached in j turns, for j up to half the gap, found backward
 * by the game's turns undone (tb_rules.unmove); the forward search
 * keeps in its last half only the positions whose occupancy is among
 * them. The sets are supersets (each turn undone may be too many), so
 * the filter drops only positions that lead to no position of the
 * target's occupancy: what resolving would leave unmarked. The answers
 * are the forward search's, its marked positions the same and in the
 * same order (stretch.h).
 */
#include "stretch.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* A set of occupancies: the occupancies end to end in 'e', and open
 * addressing over their indices + 1 (0 an empty slot), 4 bytes a slot:
 * the sets are a search's largest (most of its memory were they kept
 * in the slots, and most of its time the kernel's, clearing pages). */
typedef struct S_oset {
	tb_occ *e;
	size_t n, cap;
	uint32_t *slot;
	size_t nslot;      /* a power of two, at least twice n */
	uint64_t *sieve;   /* once whole: a bit of the hash's high half for
	                      each, 16 bits an occupancy (a forward position
	                      not there is told so without a cache miss,
	                      all but one in sixteen); NULL: none */
	uint64_t nsieve;   /* bits, a power of two */
} S_oset;

static uint64_t S_occ_hash(const tb_occ *o)
{
	uint64_t h = (o->bits[0] ^ 0x9e3779b97f4a7c15ULL) * 0xbf58476d1ce4e5b9ULL;
	h ^= (o->bits[1] + o->to_move) * 0x94d049bb133111ebULL;
	h = (h ^ (h >> 29) ^ o->kind[0]) * 0xbf58476d1ce4e5b9ULL;
	h = (h ^ (h >> 31) ^ o->kind[1]) * 0x94d049bb133111ebULL;
	return h ^ (h >> 29);
}

static int S_occ_same(const tb_occ *a, const tb_occ *b)
{
	return a->bits[0] == b->bits[0] && a->bits[1] == b->bits[1] && a->kind[0] == b->kind[0] &&
	       a->kind[1] == b->kind[1] && a->to_move == b->to_move;
}

/* Is 'o' (of hash 'h') in 's'? */
static int S_oset_has_h(const S_oset *s, const tb_occ *o, uint64_t h)
{
	if (!s->nslot)
		return 0;
	for (size_t j = h & (s->nslot - 1); s->slot[j]; j = (j + 1) & (s->nslot - 1))
		if (S_occ_same(&s->e[s->slot[j] - 1], o))
			return 1;
	return 0;
}

/* The slot of each occupancy, 'nslot' of them; 0 when memory ran out. */
static int S_oset_rehash(S_oset *s, size_t nslot)
{
	uint32_t *slot = tb_calloc(nslot, sizeof *slot);
	if (!slot)
		return 0;
	for (size_t i = 0; i < s->n; i++) {
		size_t j = S_occ_hash(&s->e[i]) & (nslot - 1);
		while (slot[j])
			j = (j + 1) & (nslot - 1);
		slot[j] = (uint32_t)(i + 1);
	}
	free(s->slot);
	s->slot = slot;
	s->nslot = nslot;
	return 1;
}

/* Adds 'o' (of hash 'h') unless it is there: 1 added, 0 there, -1
 * memory ran out. */
static int S_oset_add(S_oset *s, const tb_occ *o, uint64_t h)
{
	if (S_oset_has_h(s, o, h))
		return 0;
	if (s->n >= UINT32_MAX - 1)
		return -1;
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 64;
		tb_occ *grown = tb_realloc(s->e, cap * sizeof *grown);
		if (!grown)
			return -1;
		s->e = grown;
		s->cap = cap;
	}
	if (2 * (s->n + 1) > s->nslot && !S_oset_rehash(s, s->nslot ? 2 * s->nslot : 64))
		return -1;
	s->e[s->n++] = *o;
	size_t j = h & (s->nslot - 1);
	while (s->slot[j])
		j = (j + 1) & (s->nslot - 1);
	s->slot[j] = (uint32_t)s->n;
	return 1;
}

/* The sieve's hash: of where each side's pieces stand and whose turn
 * it is, which a forward position gives without the game's help (its
 * kinds are asked only of the few the sieve lets by). */
static uint64_t S_sieve_hash(const uint64_t bits[2], unsigned to_move)
{
	uint64_t h = (bits[0] ^ 0x9e3779b97f4a7c15ULL) * 0xbf58476d1ce4e5b9ULL;
	h ^= (bits[1] + to_move) * 0x94d049bb133111ebULL;
	return h ^ (h >> 31);
}

/* The sieve of 's', made once it is whole; none when memory ran out. */
static void S_oset_sieve(S_oset *s)
{
	uint64_t nbits = 512;
	while (nbits < 16 * (uint64_t)s->n && nbits < ((uint64_t)1 << 30))
		nbits *= 2;
	s->sieve = tb_calloc(nbits / 64, sizeof *s->sieve);
	s->nsieve = s->sieve ? nbits : 0;
	for (size_t i = 0; s->sieve && i < s->n; i++) {
		uint64_t b = S_sieve_hash(s->e[i].bits, s->e[i].to_move) & (nbits - 1);
		s->sieve[b / 64] |= (uint64_t)1 << (b % 64);
	}
}

static int S_oset_may(const S_oset *s, const tb_state *st)
{
	uint64_t b = S_sieve_hash(st->bits, st->to_move) & (s->nsieve - 1);
	return !s->sieve || (s->sieve[b / 64] >> (b % 64) & 1);
}

static void S_oset_free(S_oset *s)
{
	free(s->e);
	free(s->slot);
	free(s->sieve);
	memset(s, 0, sizeof *s);
}

struct tb_meet {
	const tb_unmoves *un;
	tb_state from;      /* the one position the gap starts from */
	int have_from;      /* (else any) */
	unsigned turns;     /* the gap's turns from there */
	tb_state target;
	unsigned built;     /* sets[j]: j turns before the target, j <= built */
	unsigned next;      /* the 'left' the next step toward it has */
	size_t first;       /* the first layer filtered, once 'started' */
	int started;
	int on;             /* 0: forward only (the sets cannot be made) */
	size_t held;        /* occupancies in the sets */
	S_oset *sets;       /* 'turns' of them */
	tb_occ *buf;        /* scratch for undo */
	size_t cap;
	uint64_t *h;        /* and the hashes of what it gave */
	size_t caph;
};

/* A backward half that keeps no more layers: its sets and scratch given
 * back at once (the forward search may go on alone to its whole
 * budget), itself kept, off, so that the gap's next step knows it. */
static void S_meet_release(struct tb_meet *m)
{
	for (unsigned j = 0; m->sets && j < m->turns; j++)
		S_oset_free(&m->sets[j]);
	free(m->sets);
	free(m->buf);
	free(m->h);
	m->sets = NULL, m->buf = NULL, m->h = NULL;
	m->cap = m->caph = m->held = 0;
	m->on = 0;
}

static tb_occ S_occ_of(const tb_ruleset *rs, const tb_unmoves *u, const tb_state *s)
{
	tb_occ o;
	memset(&o, 0, sizeof o);
	u->occ(rs, s, &o);
	return o;
}

void tb_stretch__meet_free(tb_stretch *x)
{
	struct tb_meet *m = x->meet;
	if (!m)
		return;
	S_meet_release(m);
	free(m);
	x->meet = NULL;
}

enum { S_SHARE = 2 };

/* Makes m->sets[m->built + 1]: every occupancy of the set before
 * undone. 0 when the game cannot say, memory ran out, or the sets would
 * hold more than 1/S_SHARE of the stretch's budget of positions (then
 * the set is not kept, and no more are made). */
static int S_meet_more(const tb_stretch *x, struct tb_meet *m)
{
	unsigned j = m->built + 1;
	const S_oset *from = &m->sets[j - 1];
	int ok = 1;
	for (size_t i = 0; ok && i < from->n; i++) {
		size_t n;
		while ((n = m->un->undo(x->rs, m->have_from ? &m->from : NULL, m->turns - j,
		                        &m->target, &from->e[i], m->buf, m->cap)) > m->cap &&
		       n != SIZE_MAX) {
			tb_occ *grown = tb_realloc(m->buf, n * sizeof *grown);
			if (!grown) {
				ok = 0;
				break;
			}
			m->buf = grown;
			m->cap = n;
		}
		ok = ok && n != SIZE_MAX;
		if (ok && n > m->caph) {
			uint64_t *grown = tb_realloc(m->h, n * sizeof *grown);
			ok = grown != NULL;
			m->h = grown ? grown : m->h;
			m->caph = grown ? n : m->caph;
		}
		S_oset *to = &m->sets[j];
		for (size_t k = 0; ok && k < n; k++) { /* the slots asked for together */
			m->h[k] = S_occ_hash(&m->buf[k]);
			if (to->nslot)
				__builtin_prefetch(&to->slot[m->h[k] & (to->nslot - 1)]);
		}
		for (size_t k = 0; ok && k < n; k++) {
			int rc = S_oset_add(to, &m->buf[k], m->h[k]);
			ok = rc >= 0 && (m->held += (size_t)(rc > 0)) <= x->budget / S_SHARE;
		}
	}
	if (!ok) {
		S_oset_free(&m->sets[j]);
		return 0;
	}
	S_oset_sieve(&m->sets[j]);
	m->built = j;
	return 1;
}

/* A new backward half toward 'target', the gap's next step having
 * 'left' turns left after it: its first set, the target's occupancy. */
static struct tb_meet *S_meet_new(tb_stretch *x, const tb_unmoves *un, const tb_state *target,
                                  unsigned left)
{
	struct tb_meet *m = tb_calloc(1, sizeof *m);
	if (!m)
		return NULL;
	m->un = un;
	m->target = *target;
	m->turns = left + 1;
	m->next = left;
	const tb_bset *start = &x->layer[x->n - 1].set;
	m->have_from = start->n == 1;
	if (m->have_from)
		tb_bset_get(start, 0, &m->from);
	m->sets = tb_calloc(left + 1, sizeof *m->sets);
	m->cap = 256;
	m->buf = tb_malloc(m->cap * sizeof *m->buf);
	tb_occ t = S_occ_of(x->rs, un, target);
	m->on = m->sets && m->buf && S_oset_add(&m->sets[0], &t, S_occ_hash(&t)) == 1;
	if (m->on)
		S_oset_sieve(&m->sets[0]);
	m->held = 1;
	return m;
}

/* Each side's sets grow a turn at a time, the smaller first (the
 * forward layer just made, or the last backward set), until the
 * backward sets reach the layer about to be made: a layer is as dear
 * to make as it is large, and this keeps the two halves about as
 * large as each other. */
int tb_stretch__meet_prepare(tb_stretch *x, const tb_state *target, unsigned left)
{
	struct tb_meet *m = x->meet;
	int same = m && target && left == m->next && tb_state_same(target, &m->target);
	if (!same) {
		tb_stretch__meet_free(x);
		const tb_unmoves *un = target ? tb_reach_unmove(x->rs) : NULL;
		if (!un || left < 3) /* a short gap: little to gain */
			return 0;
		if (!(m = x->meet = S_meet_new(x, un, target, left)))
			return 0;
	}
	m->next = left - 1;
	size_t last = x->layer[x->n - 1].set.n;
	while (m->on && m->built < left && m->sets[m->built].n < last)
		m->on = S_meet_more(x, m);
	if (!m->on)
		S_meet_release(m);
	if (!m->on || m->built < left)
		return 0;
	if (!m->started) {
		m->started = 1;
		m->first = x->n;
	}
	return 1;
}

int tb_stretch__meet_may(const tb_stretch *x, const tb_state *s, unsigned left)
{
	const S_oset *set = &x->meet->sets[left];
	if (!S_oset_may(set, s))
		return 0;
	tb_occ o = S_occ_of(x->rs, x->meet->un, s);
	return S_oset_has_h(set, &o, S_occ_hash(&o));
}

size_t tb_stretch__meet_first(const tb_stretch *x) { return x->meet->first; }

void tb_stretch__meet_off(tb_stretch *x)
{
	if (x->meet)
		S_meet_release(x->meet);
}
