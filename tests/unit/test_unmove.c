/*
 * test_unmove.c -- Ocencahuac's turns undone (games/ocencahuac/unmove.c,
 * tb_unmoves): a superset of the occupancies one turn before. For
 * positions along random first-stage lines, under each rule option the
 * undoing covers, every turn the engine generates, P -> Q, has P's
 * occupancy among those undone from Q's -- with no start given, and
 * with the line's start and the turns played from it (which the game
 * may prune by). A missing one would lose answers of a search from both
 * ends; one too many only prunes less. And the options it does not
 * cover, or a target in the second stage, are refused (SIZE_MAX).
 */
#include "tb_test.h"

#include "game.h"
#include "reconstruct.h"
#include "rules.h"

static const char *S_rules[] = {
	NULL,
	"push_side=opposite; push_sideways=no_cell; crown=all_three",
	"prince=step; jump=one; push_dist=stop",
	"prince=knight; push_dist=exactly3",
	"push_dir=jump; river=6",
	"first=ceboruco; river=5; push_sideways=never",
};
#define NRULES (sizeof S_rules / sizeof S_rules[0])

static int S_occ_same(const tb_occ *a, const tb_occ *b)
{
	return a->bits[0] == b->bits[0] && a->bits[1] == b->bits[1] && a->kind[0] == b->kind[0] &&
	       a->kind[1] == b->kind[1] && a->to_move == b->to_move;
}

/* Is 'p' among the occupancies undone from 'q'? */
static int S_undone(const tb_ruleset *rs, const tb_unmoves *un, const tb_state *from,
                    unsigned turns, const tb_state *target, const tb_occ *p, const tb_occ *q)
{
	size_t cap = 64, n;
	tb_occ *out = malloc(cap * sizeof *out);
	while ((n = un->undo(rs, from, turns, target, q, out, cap)) > cap && n != SIZE_MAX) {
		cap = n;
		out = realloc(out, cap * sizeof *out);
	}
	assert_true(n != SIZE_MAX);
	int found = 0;
	for (size_t i = 0; i < n && !found; i++)
		found = S_occ_same(&out[i], p);
	free(out);
	return found;
}

static void test_every_turn_undone(void **state)
{
	(void)state;
	unsigned long turns = 0, pushes = 0;
	tt_rng g = {0x0cea0038u};
	for (size_t i = 0; i < NRULES; i++) {
		char *why = NULL;
		tb_engine *e = tb_engine_new(tb_game_find("ocencahuac"), S_rules[i], NULL, &why);
		assert_non_null(e);
		free(why);
		const tb_ruleset *rs = tb_engine_ruleset(e);
		const tb_unmoves *un = tb_reach_unmove(rs);
		assert_non_null(un);
		tb_turns l = {NULL, 0};
		for (unsigned line = 0; line < (TT_SANITIZED ? 20u : 120u); line++) {
			tb_state start = *tb_engine_state(e), s = start;
			for (unsigned k = 0; k < 40 && !s.stage; k++) {
				size_t n = tb_turns_generate(rs, &s, &l);
				if (!n)
					break;
				tb_occ p;
				un->occ(rs, &s, &p);
				for (size_t j = 0; j < n; j++) {
					tb_state q = s;
					rs->rules->play(rs, &q, &l.v[j], NULL);
					if (q.stage) /* a target in the second stage: refused */
						continue;
					tb_occ o;
					un->occ(rs, &q, &o);
					pushes += l.v[j].nparts > 2;
					assert_true(S_undone(rs, un, NULL, 0, &q, &p, &o));
					assert_true(S_undone(rs, un, &start, k, &q, &p, &o));
					turns++;
				}
				rs->rules->play(rs, &s, &l.v[tt_below(&g, (unsigned)n)], NULL);
			}
		}
		tb_turns_free(&l);
		tb_engine_free(e);
	}
	print_message("unmove: %lu turns undone, %lu of them with pushes\n", turns, pushes);
	assert_true(turns > 10000 && pushes > 100);
}

/* What it does not undo it refuses: the search then goes forward only. */
static void test_refused(void **state)
{
	(void)state;
	static const struct {
		const char *rules, *pos;
	} cases[] = {
		{"chain=yes", NULL},
		{"push_target=enemy", NULL},
		{NULL, "S 30 S:Ga2,Gc4,Gd4,Mb7+,Ea8+,Pd8+ C:Md1+,Ee1+,Pb3,Gc6,Gd7,Ge7"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *why = NULL;
		tb_engine *e = tb_engine_new(tb_game_find("ocencahuac"), cases[i].rules, cases[i].pos,
		                             &why);
		assert_non_null(e);
		free(why);
		const tb_ruleset *rs = tb_engine_ruleset(e);
		const tb_state *s = tb_engine_state(e);
		const tb_unmoves *un = tb_reach_unmove(rs);
		tb_occ q, out[8];
		un->occ(rs, s, &q);
		assert_true(un->undo(rs, NULL, 0, s, &q, out, 8) == SIZE_MAX);
		tb_engine_free(e);
	}
	char *why = NULL;
	tb_engine *e = tb_engine_new(tb_game_find("pitarra"), NULL, NULL, &why);
	free(why);
	assert_null(tb_reach_unmove(tb_engine_ruleset(e))); /* no game's but Ocencahuac's yet */
	tb_engine_free(e);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_turn_undone),
		cmocka_unit_test(test_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
