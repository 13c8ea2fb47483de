/*
 * test_search_same.c -- the search of a gap (reconstruct.c), its sets
 * now keeping keys (poskey.c), gives the same layers as the search did
 * before with whole states: a reference here keeps each layer as whole
 * tb_states in a plain hash set, the way reconstruct.c did, and steps
 * the same gap from the same position. On random gaps of 1-5 turns over
 * random games of every game, with and without a target (the position
 * after the gap, which the bounds prune towards, tb_reach_bound), every layer
 * holds the same positions in the same order -- what every answer of
 * the search is read from (resolve, turns, sequences) -- and the last
 * layer, weeded to the target, is what both say fits. The search from
 * both ends of a gap (stretch_meet.c) keeps fewer positions by design:
 * it is off here (tb_stretch_plain), and test_reconstruct.c's
 * test_meet_same_as_plain compares what it says with this search's.
 */
#include "tb_test.h"

#include "game.h"
#include "reconstruct.h"
#include "rules.h"
#include "tb_rules_inner.h"

/* The reference: whole states, open addressing on tb_state_same. */
typedef struct S_set {
	tb_state *v;
	size_t n, cap;
	size_t *slot, nslot;
} S_set;

static uint64_t S_hash(const tb_state *s)
{
	uint64_t h = s->bits[0] * 31 + s->bits[1] + s->number * 7919u + s->to_move;
	for (size_t i = 0; i < sizeof s->cell; i++)
		h = (h ^ s->cell[i]) * 0x100000001b3ull;
	h ^= (uint64_t)s->hand[0] << 8 ^ (uint64_t)s->hand[1] << 16 ^ (uint64_t)s->taken[0] << 24 ^
	     (uint64_t)s->taken[1] << 32 ^ (uint64_t)s->stage << 40 ^ (uint64_t)s->quiet << 20;
	for (int i = 0; i < 4; i++)
		h = (h ^ s->mark[i]) * 0x100000001b3ull;
	return h ^ h >> 29;
}

static void S_set_add(S_set *b, const tb_state *s)
{
	if (2 * (b->n + 1) > b->nslot) {
		free(b->slot);
		b->nslot = b->nslot ? 2 * b->nslot : 64;
		b->slot = calloc(b->nslot, sizeof *b->slot);
		for (size_t i = 0; i < b->n; i++) {
			size_t j = S_hash(&b->v[i]) & (b->nslot - 1);
			while (b->slot[j])
				j = (j + 1) & (b->nslot - 1);
			b->slot[j] = i + 1;
		}
	}
	size_t j = S_hash(s) & (b->nslot - 1);
	for (; b->slot[j]; j = (j + 1) & (b->nslot - 1))
		if (tb_state_same(&b->v[b->slot[j] - 1], s))
			return;
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 64;
		b->v = realloc(b->v, b->cap * sizeof *b->v);
	}
	b->v[b->n++] = *s;
	b->slot[j] = b->n;
}

static void S_set_free(S_set *b)
{
	free(b->v);
	free(b->slot);
	memset(b, 0, sizeof *b);
}

/* One ply of a gap from every position of 'from' into 'to', as
 * tb_stretch_step did: every legal turn in order, the state after it
 * canonical, kept when the bound allows 'target' in 'left' turns. */
static void S_ref_step(const tb_ruleset *rs, const S_set *from, S_set *to, const tb_state *target,
                       unsigned left, tb_turns *l)
{
	for (size_t i = 0; i < from->n; i++) {
		size_t n = tb_turns_generate(rs, &from->v[i], l);
		for (size_t j = 0; j < n; j++) {
			tb_state w = from->v[i];
			rs->rules->play(rs, &w, &l->v[j], NULL);
			if (rs->rules->canon)
				rs->rules->canon(rs, &w);
			if (target && !tb_reach_bound(rs, &w, target, left))
				continue;
			S_set_add(to, &w);
		}
	}
}

typedef struct S_run {
	unsigned long long rng;
	unsigned long gaps, positions;
} S_run;

static unsigned S_rand(S_run *r, unsigned n)
{
	r->rng = r->rng * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)((r->rng >> 33) % n);
}

/* The gap of 'len' turns from 's' (to 'target', or none), both ways. */
static void S_gap(S_run *r, const tb_ruleset *rs, const tb_state *s, unsigned len,
                  const tb_state *target)
{
	tb_turns l = {NULL, 0};
	tb_stretch_plain = 1; /* forward only: every layer whole */
	tb_stretch *x = tb_stretch_new(rs, s, 50000000ul, NULL, NULL);
	assert_non_null(x);
	S_set a, b;
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	tb_state first = *s;
	if (rs->rules->canon)
		rs->rules->canon(rs, &first);
	S_set_add(&a, &first);
	tb_step ply = {TB_STEP_PLY, 0, NULL};
	for (unsigned k = 0; k < len; k++) {
		long got = tb_stretch_step(x, &ply, target, len - k - 1);
		S_ref_step(rs, &a, &b, target, len - k - 1, &l);
		assert_true(got >= 0);
		assert_int_equal((size_t)got, b.n);
		for (size_t i = 0; i < b.n; i++)
			assert_true(tb_state_same(tb_stretch_state(x, i), &b.v[i]));
		r->positions += b.n;
		S_set_free(&a);
		a = b;
		memset(&b, 0, sizeof b);
		if (!a.n)
			break;
	}
	if (target && a.n) { /* the target is among the last layer: it was reached */
		int found = 0;
		for (size_t i = 0; i < a.n; i++)
			found |= tb_state_same(&a.v[i], target);
		assert_true(found);
	}
	r->gaps++;
	S_set_free(&a);
	tb_turns_free(&l);
	tb_stretch_free(x);
	tb_stretch_plain = 0;
}

static void S_games(S_run *r, const tb_ruleset *rs, unsigned games)
{
	tb_turns all = {NULL, 0};
	for (unsigned g = 0; g < games; g++) {
		tb_state s;
		tt_start(rs, &s, &r->rng);
		unsigned at = S_rand(r, 40), len = 1 + S_rand(r, TT_SANITIZED ? 3 : 5);
		tb_state line[64];
		unsigned n = 0;
		for (; n < at + len + 1; n++) {
			line[n] = s;
			size_t nt = tb_turns_generate(rs, &s, &all);
			if (!nt)
				break;
			rs->rules->play(rs, &s, &all.v[S_rand(r, (unsigned)nt)], NULL);
		}
		if (n < at + len + 1)
			continue; /* the game ended first */
		tb_state target = line[at + len];
		if (rs->rules->canon)
			rs->rules->canon(rs, &target);
		S_gap(r, rs, &line[at], len, &target);
		if (len <= 3)
			S_gap(r, rs, &line[at], len, NULL);
	}
	tb_turns_free(&all);
}

static void test_search_same(void **state)
{
	(void)state;
	for (size_t gi = 0; gi < 3; gi++) {
		const tb_game *g = tb_game_at(gi);
		tb_ruleset rs;
		char why[256];
		tb_opts none;
		memset(&none, 0, sizeof none);
		assert_int_equal(tb_ruleset_init(&rs, g, &none, why, sizeof why), 0);
		S_run r = {0x5eedull + gi, 0, 0};
		S_games(&r, &rs, TT_SANITIZED ? 8 : 40);
		print_message("search %s: %lu gaps, %lu positions in their layers, the same both ways\n",
		              g->name, r.gaps, r.positions);
		assert_true(r.gaps >= (TT_SANITIZED ? 4u : 20u));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_search_same),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
