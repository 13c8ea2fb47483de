/*
 * test_position_state.c -- the position notation holds every piece of
 * state the rules read (spec/tgn.md §9, "What a position holds").
 *
 * For random games under each value of each option of each game (the
 * games' own option tables, so a new option is covered when it is
 * added), at every position of the game: the position's notation, read
 * back under the same rules, gives the same legal turns -- each with
 * the same events and the same position after it -- and the same end
 * as the game that reached it. A piece of state the notation loses (La
 * Pitarra's last move under columpio, a count of quiet turns a limit
 * reads) shows as a turn legal in one and not the other, an event
 * made in one only, or a game over in one only.
 */
#include "tb_test.h"

#include "game.h"

/* The games' descriptors (lib/games/<name>/game.c), by their symbols. */
extern const tb_game tb_game_pitarra;
extern const tb_game tb_game_asalto;
extern const tb_game tb_game_ocencahuac;

/* Every legal turn of 'e': "token | events | position after" a line. */
static void S_legal_line(void *ctx, const char *token, const char *events,
                         const char *position)
{
	tt_str *b = ctx;
	tt_put(b, token, strlen(token));
	tt_put(b, " | ", 3);
	tt_put(b, events, strlen(events));
	tt_put(b, " | ", 3);
	tt_put(b, position, strlen(position));
	tt_put(b, "\n", 1);
}

static char *S_legal(const tb_engine *e, size_t *n)
{
	tt_str b = {0};
	tt_put(&b, "", 0);
	*n = tb_engine_legal(e, S_legal_line, &b);
	char *over = tb_engine_over(e);
	if (over) {
		tt_put(&b, "over: ", 6);
		tt_put(&b, over, strlen(over));
	}
	free(over);
	return b.d;
}

/* The 'k'th line of 'list' (its token), into 'out'. */
static void S_token(const char *list, size_t k, char *out, size_t n)
{
	while (k--)
		list = strchr(list, '\n') + 1;
	size_t len = (size_t)(strchr(list, ' ') - list);
	assert_true(len < n);
	memcpy(out, list, len);
	out[len] = '\0';
}

typedef struct S_tally {
	unsigned positions; /* compared */
	unsigned columpios; /* legal turns that are one (the state shows) */
	unsigned ends;      /* games ended by the rules */
} S_tally;

/* Plays a random game of at most 'turns' turns from 'start' under
 * 'rules', comparing each position with its notation read back. */
static void S_game(const tb_game *g, const char *rules, const char *start,
                   unsigned long long seed, unsigned turns, S_tally *t)
{
	char *why = NULL;
	unsigned long long game = seed;
	tb_engine *e = tb_engine_new(g, rules, start, &why);
	if (!e) { /* a start the options do not allow (another board) */
		free(why);
		return;
	}
	for (unsigned i = 0; i <= turns; i++) {
		char *pos = tb_engine_position(e);
		tb_engine *back = tb_engine_new(g, rules, pos, &why);
		if (!back)
			fail_msg("%s \"%s\": %s does not read back: %s", g->name, rules, pos, why);
		char *again = tb_engine_position(back);
		size_t n, n_back;
		char *legal = S_legal(e, &n), *legal_back = S_legal(back, &n_back);
		if (strcmp(again, pos) != 0 || strcmp(legal, legal_back) != 0)
			fail_msg("%s \"%s\", game %llu, turn %u: the position %s\nreads back as %s\n"
			         "after the game's turns:\n%s\nread back:\n%s",
			         g->name, rules ? rules : "", game, i, pos, again, legal, legal_back);
		t->positions++;
		for (const char *c = legal; (c = strstr(c, "columpio")) != NULL; c++)
			t->columpios++;
		if (n == 0) {
			t->ends += strstr(legal, "over: ") != NULL;
		} else if (i < turns) {
			char token[64];
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			S_token(legal, (size_t)(seed >> 33) % n, token, sizeof token);
			assert_int_equal(tb_engine_play(e, token, NULL, NULL), 0);
		}
		free(legal);
		free(legal_back);
		free(again);
		free(pos);
		tb_engine_free(back);
		if (n == 0)
			break;
	}
	tb_engine_free(e);
}

/* Random games under the defaults and under each value of each option
 * of 'g' alone ("#": 'number'), from each of 'starts' (NULL-terminated;
 * a NULL first: the game's start). */
static void S_every_option(const tb_game *g, const char *const *starts, const char *number,
                           unsigned games, unsigned turns, S_tally *t)
{
	char rules[96];
	unsigned long long seed = 1;
	for (const char *const *st = starts; st == starts || *st; st++)
		for (unsigned k = 0; k < games; k++)
			S_game(g, NULL, *st, seed++, turns, t);
	for (const tb_option *o = g->options; o->key; o++)
		for (const char *v = strchr(o->values, '|'); v; v = strchr(v, '|')) {
			v++; /* the first value is the default, played above */
			size_t len = strcspn(v, "|");
			if (len == 1 && *v == '#')
				snprintf(rules, sizeof rules, "%s=%s", o->key, number);
			else
				snprintf(rules, sizeof rules, "%s=%.*s", o->key, (int)len, v);
			for (const char *const *st = starts; st == starts || *st; st++)
				for (unsigned k = 0; k < games; k++)
					S_game(g, rules, *st, seed++, turns, t);
		}
}

static void test_pitarra(void **state)
{
	(void)state;
	static const char *const starts[] = {NULL, NULL};
	S_tally t = {0, 0, 0};
	S_every_option(&tb_game_pitarra, starts, "20", TT_SANITIZED ? 3 : 8, 160, &t);
	/* the columpio rule was met, and limit=20 ended games */
	assert_true(t.columpios > 0);
	assert_true(t.ends > 0);
}

/* The finding of issue 29: under columpio=no_return a turn that swings
 * straight back forms no tercia, so takes nothing; a position that did
 * not say which move was last allowed it. */
static void test_pitarra_no_return(void **state)
{
	(void)state;
	S_tally t = {0, 0, 0};
	for (unsigned long long seed = 1; seed <= 20; seed++)
		S_game(&tb_game_pitarra, "columpio=no_return", NULL, seed, 160, &t);
	assert_true(t.positions > 0);
}

static void test_asalto(void **state)
{
	(void)state;
	static const char *const starts[] = {
		"A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,f4,g4,a5,b5,f5,g5 "
		"D:d6,e7",
		"D 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,f4,g4,a5,b5,f5,g5 "
		"D:c5,e5",
		NULL};
	S_tally t = {0, 0, 0};
	/* the usual start, its defenders not placed: "D:?,?", not "D:" */
	S_game(&tb_game_asalto, NULL, NULL, 1, 0, &t);
	S_every_option(&tb_game_asalto, starts, "20", TT_SANITIZED ? 1 : 3, 160, &t);
	assert_true(t.positions > 0);
}

static void test_ocencahuac(void **state)
{
	(void)state;
	/* random games seldom crown: also from the second stage (as
	 * tests/random.sh), and one crowning short of it */
	static const char *const starts[] = {
		"S 1 S:Ea1,Mb1,Pc1,Ga2,Gb2,Gc2 C:Gc7,Gd7,Ge7,Pc8,Md8,Ee8",
		"S 30 S:Ga2,Gc4,Gd4,Mb7+,Ea8+,Pd8+ C:Md1+,Ee1+,Pb3,Gc6,Gd7,Ge7",
		"C 40 S:Gb2,Gc4,Gd5,Mb7+,Ea8+,Pd8+ C:Pb1+,Md1+,Ee1+,Gc6,Gd7,Ge7",
		NULL};
	S_tally t = {0, 0, 0};
	S_every_option(&tb_game_ocencahuac, starts, "30", TT_SANITIZED ? 1 : 2, 120, &t);
	assert_true(t.ends > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pitarra),
		cmocka_unit_test(test_pitarra_no_return),
		cmocka_unit_test(test_asalto),
		cmocka_unit_test(test_ocencahuac),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
