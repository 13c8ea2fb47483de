/*
 * test_position.c -- lib/position.c: position notation read and written
 * for each game (tb_position_parse, tb_position_write,
 * tb_position_equal).
 */
#include "tb_test.h"

#include "game.h"

/* The games' descriptors (lib/games/<name>/game.c), by their symbols. */
extern const tb_game tb_game_pitarra;
extern const tb_game tb_game_asalto;
extern const tb_game tb_game_ocencahuac;

/* The board of 'g' under one option "key=value" (or none). */
static tb_board S_board(const tb_game *g, const char *key, const char *value)
{
	tb_board b;
	tb_opts o = {0};
	if (key) {
		o.key[0] = key;
		o.value[0] = value;
		o.n = 1;
	}
	assert_null(g->board(&b, &o));
	return b;
}

/* Parses 's' and writes it back; on an error returns
 * "error at OFF+LEN: MESSAGE". */
static char *S_rw_opt(const tb_game *g, const char *key, const char *value, const char *s)
{
	tb_board b = S_board(g, key, value);
	tb_arena a = {0};
	tb_syntax_err err = {0, 1, ""};
	tb_position *p = tb_position_parse(g, &b, s, &a, &err);
	tb_buf out = TB_BUF_INIT;
	if (p)
		tb_position_write(&out, g, p);
	else
		tb_buf_printf(&out, "error at %zu+%zu: %s", err.offset, err.len, err.msg);
	tb_arena_free(&a);
	return tb_buf_detach(&out, NULL);
}

static char *S_rw(const tb_game *g, const char *s)
{
	return S_rw_opt(g, NULL, NULL, s);
}

#define assert_rw(g, in, want) tt_assert_str(S_rw((g), (in)), (want))

#define P (&tb_game_pitarra)
#define A (&tb_game_asalto)
#define O (&tb_game_ocencahuac)

/* ===== Round trips ===== */

static void test_start_positions_round_trip(void **state)
{
	(void)state;
	for (size_t i = 0; tb_game_at(i); i++) {
		const tb_game *g = tb_game_at(i);
		assert_rw(g, g->start, g->start);
	}
	assert_rw(P, P->start, "R 1 R: Y: hand=12,12");
	assert_rw(O, O->start, "S 1 S:Ea1,Mb1,Pc1,Ga2,Gb2,Gc2 C:Gc7,Gd7,Ge7,Pc8,Md8,Ee8");
}

static void test_canonical_positions_round_trip(void **state)
{
	(void)state;
	static const char *const pit[] = {
		"Y 13 R:a1,g1 Y:a7",
		"R 12 R:a1,d1,g1,b4 Y:f2,a7,d7 hand=3,4",
		"Y 9 R:d1,g1,d2,b4 Y:a1,c3,a4 hand=4,3",
		"R 999999 R: Y:",
		"R 1 R:? Y:?,?",
	};
	for (size_t i = 0; i < sizeof pit / sizeof pit[0]; i++)
		assert_rw(P, pit[i], pit[i]);
	assert_rw(A, "D 7 A:c4,d4 D:c5,e7 huff=c5", "D 7 A:c4,d4 D:c5,e7 huff=c5");
	/* the default is dropped, the two huffable defenders put in order */
	assert_rw(P, "Y 13 R:a1,g1 Y:a7 hand=0,0", "Y 13 R:a1,g1 Y:a7");
	assert_rw(A, "D 7 A:c4,d4 D:c5,e7 huff=e7,C5", "D 7 A:c4,d4 D:c5,e7 huff=c5,e7");
	assert_rw(A, "D 20 A:c5,d5,e5,?,? D:d7,?", "D 20 A:c5,d5,e5,?,? D:d7,?");
	assert_rw(O, "C 30 S:Gc2,Md8+,Ee8+ C:Ea1,Ga2,Gb2 cool=a1",
	          "C 30 S:Gc2,Md8+,Ee8+ C:Ea1,Ga2,Gb2 cool=a1");
	assert_rw(O, "S 2 S:Pc1+ C:", "S 2 S:Pc1+ C:");
	char *s = S_rw_opt(P, "board", "25", "R 20 R:a1,d4 Y:g7 hand=0,0");
	assert_string_equal(s, "R 20 R:a1,d4 Y:g7");
	free(s);
	s = S_rw_opt(O, "river", "6", "S 3 S:Ea1 C:Ee10,Gc9");
	assert_string_equal(s, "S 3 S:Ea1 C:Gc9,Ee10");
	free(s);
}

static void test_lenient_spelling_is_canonicalized(void **state)
{
	(void)state;
	assert_rw(P, "  Y   13  Y:a7   R:g1,a1 hand=0,0  ", "Y 13 R:a1,g1 Y:a7");
	assert_rw(P, "R 1 R:A1,D1 Y:G7", "R 1 R:a1,d1 Y:g7");
	assert_rw(A, "D 7 D:e7,c5 A:d4,c4  huff=c5", "D 7 A:c4,d4 D:c5,e7 huff=c5");
	assert_rw(O, "C 30 S:Ee8+,Md8+,Gc2 C:Ea1,Ga2,Gb2 cool=a1",
	          "C 30 S:Gc2,Md8+,Ee8+ C:Ea1,Ga2,Gb2 cool=a1");
}

static void test_sorting(void **state)
{
	(void)state;
	/* by rank, then file; each side after its letter */
	assert_rw(P, "R 1 R:g7,a1,d2,b6,c3 Y:e5,a4", "R 1 R:a1,d2,c3,b6,g7 Y:a4,e5");
	/* in order up to a piece, then not: sorted from there */
	assert_rw(P, "R 1 R:a1,d2,g7,c3 Y:a4,e5,b6", "R 1 R:a1,d2,c3,g7 Y:a4,e5,b6");
	/* unknown points last */
	assert_rw(A, "A 1 A:?,c1,?,a3 D:?,d7", "A 1 A:c1,a3,?,? D:d7,?");
	/* pieces on unknown points: by type, then uncrowned first */
	assert_rw(O, "S 1 S:G?,E?,Ea1,P? C:", "S 1 S:Ea1,E?,G?,P? C:");
	assert_rw(O, "S 1 S:E?+,E?,M?+ C:", "S 1 S:E?,E?+,M?+ C:");
	/* any input order gives the same text */
	assert_rw(O, "S 1 S:M?+,E?,E?+ C:", "S 1 S:E?,E?+,M?+ C:");
	/* more pieces than a board holds (on unknown points): the reader's
	 * room for them grows, twice, and keeps every one in order */
	char in[512] = "A 1 A:c1", want[512] = "A 1 A:c1,a3";
	for (int i = 0; i < 100; i++)
		strcat(in, ",?"), strcat(want, ",?");
	strcat(in, ",a3 D:d7");
	strcat(want, " D:d7");
	assert_rw(A, in, want);
}

/* ===== Errors ===== */

static void test_errors(void **state)
{
	(void)state;
	static const struct {
		const tb_game *g;
		const char *in, *want;
	} cases[] = {
		{P, "X 1 R: Y:", "error at 0+1: a position starts with the side to move, R or Y"},
		{P, "r 1 R: Y:", "error at 0+1: a position starts with the side to move, R or Y"},
		{P, "RY 1 R: Y:", "error at 0+2: a position starts with the side to move, R or Y"},
		{A, "R 1 A: D:", "error at 0+1: a position starts with the side to move, A or D"},
		{P, "R 0 R: Y:", "error at 2+1: expected the turn number (1 to 999999) after the side to move"},
		{P, "R 1000000 R: Y:", "error at 2+7: expected the turn number (1 to 999999) after the side to move"},
		{P, "R 1a R: Y:", "error at 2+2: expected the turn number (1 to 999999) after the side to move"},
		{P, "R", "error at 1+1: expected the turn number (1 to 999999) after the side to move"},
		{P, "R 1 R:a1 R:a4 Y:", "error at 9+2: this side's pieces are already given"},
		{P, "R 1 R:a1", "error at 8+1: expected the pieces of a side, as R:... or Y:..."},
		{P, "R 1 Q:a1 Y:", "error at 4+4: expected the pieces of a side, as R:... or Y:..."},
		{P, "R 1 R:a1,h8 Y:", "error at 9+2: 'h8' is not a point of the La Pitarra board"},
		{P, "R 1 R:d4 Y:", "error at 6+2: 'd4' is not a point of the La Pitarra board"},
		{P, "R 1 R:a1, Y: hand=13,0", "error at 8+1: a piece is missing after ','"},
		{P, "R 1 R:,a1 Y:", "error at 6+1: expected a point here"},
		{P, "R 1 R:a1 Y:a1", "error at 0+13: two pieces stand on a1"},
		{P, "R 1 R:g7,a1,g7 Y:", "error at 0+17: two pieces stand on g7"},
		{P, "R 1 R:a1+ Y:", "error at 8+1: only a royal piece can be crowned ('+')"},
		{P, "R 1 R:a1b4 Y:", "error at 8+1: expected ',' between pieces"},
		{P, "R 1 R: Y: huff=d6", "error at 10+4: 'huff' is not a position key of La Pitarra"},
		{P, "R 1 R: Y: hand", "error at 10+4: expected key=value"},
		{P, "R 1 R: Y: hand=", "error at 10+5: expected key=value"},
		{P, "R 1 R: Y: =5", "error at 10+2: expected key=value"},
		{P, "R 1 R: Y: hand=13,0", "error at 15+4: hand must be two counts from 0 to 12, red's and yellow's: hand=5,4"},
		{P, "R 1 R: Y: hand=0,13", "error at 15+4: hand must be two counts from 0 to 12, red's and yellow's: hand=5,4"},
		{P, "R 1 R: Y: hand=-1,0", "error at 15+4: hand must be two counts from 0 to 12, red's and yellow's: hand=5,4"},
		{P, "R 1 R: Y: hand=5", "error at 15+1: hand must be two counts from 0 to 12, red's and yellow's: hand=5,4"},
		{P, "R 1 R: Y: hand=,4", "error at 15+2: hand must be two counts from 0 to 12, red's and yellow's: hand=5,4"},
		{P, "R 1 R: Y: hand=5,4x", "error at 15+4: hand must be two counts from 0 to 12, red's and yellow's: hand=5,4"},
		{P, "R 1 R: Y: hand=1,1 hand=2,2", "error at 19+4: this key is already given"},
		{A, "A 1 A:a1 D:", "error at 6+2: 'a1' is not a point of the Asalto board"},
		{A, "A 1 A: D: huff=?", "error at 15+1: huff must name the defenders that may be huffed: huff=d6 or huff=d6,e7"},
		{A, "A 1 A: D: huff=c5x", "error at 15+3: huff must name the defenders that may be huffed: huff=d6 or huff=d6,e7"},
		{A, "A 1 A: D: hand=1,1", "error at 10+4: 'hand' is not a position key of Asalto"},
		{O, "S 1 S:a1 C:", "error at 6+1: each piece needs its type letter before its point"},
		{O, "S 1 S:Xa1 C:", "error at 6+1: each piece needs its type letter before its point"},
		{O, "S 1 S:Ga1+ C:", "error at 9+1: only a royal piece can be crowned ('+')"},
		{O, "S 1 S:Ea1+Mb1 C:", "error at 10+1: expected ',' between pieces"},
		{O, "S 1 S:Ea1 C:Ee9", "error at 13+2: 'e9' is not a point of the Ocencahuac board"},
		{O, "S 1 S:Ea1 C:Ee8 cool=z9", "error at 21+2: cool must name the points of the pieces pushed back that may not push back yet: cool=c5 or cool=c5,d6"},
		{O, "S 1 S:Ea1 C:Ee8 cool=?", "error at 21+1: cool must name the points of the pieces pushed back that may not push back yet: cool=c5 or cool=c5,d6"},
		{O, "S 1 S:Ea1 C:Ee8 cool=e8,", "error at 21+3: cool must name the points of the pieces pushed back that may not push back yet: cool=c5 or cool=c5,d6"},
		{O, "S 1 S:Ea1 C:Ee8 cool=e8,,a1", "error at 21+6: cool must name the points of the pieces pushed back that may not push back yet: cool=c5 or cool=c5,d6"},
		{O, "S 1 S:Ea1 C:Ee8 cool=e8,a1,E8", "error at 21+8: cool names the same point twice"},
		{O, "S 1 S:Ea1 C:Ea1", "error at 0+15: two pieces stand on a1"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *got = S_rw(cases[i].g, cases[i].in);
		if (strcmp(got, cases[i].want) != 0)
			fail_msg("%s \"%s\":\n  got  %s\n  want %s", cases[i].g->name, cases[i].in, got,
			         cases[i].want);
		free(got);
	}
}

static void test_extras_that_are_fine(void **state)
{
	(void)state;
	assert_rw(P, "R 1 R: Y: hand=0,12", "R 1 R: Y: hand=0,12");
	assert_rw(A, "A 1 A: D:d7 huff=d7", "A 1 A: D:d7 huff=d7");
	assert_rw(O, "S 1 S:Ea1 C:Ee8 cool=e8", "S 1 S:Ea1 C:Ee8 cool=e8");
}

static void test_point_values_of_keys_are_canonical(void **state)
{
	(void)state;
	/* spec §10: capital file letters are read, and written small; the
	 * huff and cool keys name points as the pieces do */
	assert_rw(A, "D 7 A:c4 D:C5 huff=C5", "D 7 A:c4 D:c5 huff=c5");
	assert_rw(O, "S 7 S:Ea1 C:Ee8 cool=E8", "S 7 S:Ea1 C:Ee8 cool=e8");
	/* several cool pieces (spec/games/ocencahuac.md §4): by rank, then file */
	assert_rw(O, "S 7 S:Ea1,Pb1 C:Ee8 cool=e8,b1,A1", "S 7 S:Ea1,Pb1 C:Ee8 cool=a1,b1,e8");
	tb_board b = S_board(A, NULL, NULL);
	tb_arena a = {0};
	tb_syntax_err err = {0, 1, ""};
	tb_position *x = tb_position_parse(A, &b, "D 7 A:c4 D:c5 huff=c5", &a, &err);
	tb_position *y = tb_position_parse(A, &b, "D 7 A:C4 D:C5 huff=C5", &a, &err);
	int eq = x && y && tb_position_equal(x, y);
	tb_arena_free(&a);
	assert_true(eq);
}

static void test_hand_counts_have_one_spelling(void **state)
{
	(void)state;
	/* "the canonical form writes every record one way": counts written
	 * with a sign or leading zeros are either refused or written as the
	 * numbers they stand for */
	static const char *const odd[] = {"R 7 R: Y: hand=+5,04", "R 7 R: Y: hand=05,4",
	                                  "R 7 R: Y: hand=5,+4"};
	for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
		char *s = S_rw(P, odd[i]);
		int ok = strncmp(s, "error at", 8) == 0 || strcmp(s, "R 7 R: Y: hand=5,4") == 0;
		if (!ok)
			print_message("\"%s\" is written \"%s\"\n", odd[i], s);
		free(s);
		assert_true(ok);
	}
}

/* ===== Equality ===== */

static tb_position *S_parse(const tb_game *g, const char *s, tb_arena *a)
{
	tb_board b = S_board(g, NULL, NULL);
	tb_syntax_err err = {0, 1, ""};
	tb_position *p = tb_position_parse(g, &b, s, a, &err);
	if (!p)
		fail_msg("\"%s\" does not parse: %s", s, err.msg);
	return p;
}

static void test_equality(void **state)
{
	(void)state;
	tb_arena a = {0};
	tb_position *base = S_parse(P, "Y 13 R:g1,a1 Y:a7 hand=0,0", &a);
	assert_true(tb_position_equal(base, S_parse(P, " Y 13 Y:a7 R:a1,g1  hand=0,0", &a)));
	assert_true(tb_position_equal(base, base));
	static const char *const other[] = {
		"R 13 R:a1,g1 Y:a7 hand=0,0", "Y 14 R:a1,g1 Y:a7 hand=0,0",
		"Y 13 R:a1,d1 Y:a7 hand=0,0", "Y 13 R:a1 Y:a7,g1 hand=0,0",
		"Y 13 R:a1,g1 Y:a7 hand=0,1", "Y 13 R:a1,g1,? Y:a7 hand=0,0",
	};
	/* hand=0,0 is what leaving the key out says: the same position */
	assert_true(tb_position_equal(base, S_parse(P, "Y 13 R:a1,g1 Y:a7", &a)));
	for (size_t i = 0; i < sizeof other / sizeof other[0]; i++)
		if (tb_position_equal(base, S_parse(P, other[i], &a)))
			fail_msg("\"%s\" compares equal", other[i]);
	tb_position *crowned = S_parse(O, "S 1 S:Ea1+ C:", &a);
	assert_false(tb_position_equal(crowned, S_parse(O, "S 1 S:Ea1 C:", &a)));
	assert_false(tb_position_equal(crowned, S_parse(O, "S 1 S:Ma1+ C:", &a)));
	assert_true(tb_position_equal(NULL, NULL));
	assert_false(tb_position_equal(base, NULL));
	assert_false(tb_position_equal(NULL, base));
	tb_arena_free(&a);
}

/* A position a record restates may leave out the keys of history
 * (moved, quiet), not the others; what it gives must match. */
static void test_restates(void **state)
{
	(void)state;
	tb_arena a = {0};
	tb_position *reached =
		S_parse(P, "R 21 R:d1,d2,c3 Y:g1,b2,a7,g7 hand=0,1 moved=d3-c3 quiet=7", &a);
	static const char *const same[] = {
		"R 21 R:d1,d2,c3 Y:g1,b2,a7,g7 hand=0,1",
		"R 21 R:d1,d2,c3 Y:g1,b2,a7,g7 hand=0,1 quiet=7",
		"R 21 R:d1,d2,c3 Y:g1,b2,a7,g7 hand=0,1 moved=d3-c3 quiet=7",
	};
	static const char *const other[] = {
		"R 21 R:d1,d2,c3 Y:g1,b2,a7,g7",         /* hand is no history */
		"R 21 R:d1,d2,c3 Y:g1,b2,a7,g7 hand=0,1 quiet=6",
		"R 21 R:d1,d2,c3 Y:g1,b2,a7,g7 hand=0,1 moved=d1-a1",
		"R 21 R:d1,d2,c3 Y:g1,b2,a7 hand=0,1",
		"Y 21 R:d1,d2,c3 Y:g1,b2,a7,g7 hand=0,1",
	};
	for (size_t i = 0; i < sizeof same / sizeof same[0]; i++)
		if (!tb_position_restates(reached, S_parse(P, same[i], &a)))
			fail_msg("\"%s\" does not restate it", same[i]);
	for (size_t i = 0; i < sizeof other / sizeof other[0]; i++)
		if (tb_position_restates(reached, S_parse(P, other[i], &a)))
			fail_msg("\"%s\" restates it", other[i]);
	/* a count the reached position does not hold (0) is not restated */
	tb_position *fresh = S_parse(P, "R 21 R:d1,d2,c3 Y:g1,b2,a7,g7", &a);
	assert_false(tb_position_restates(fresh, S_parse(P, "R 21 R:d1,d2,c3 Y:g1,b2,a7,g7 "
	                                                    "quiet=3", &a)));
	tb_arena_free(&a);
}

/* ===== In records ===== */

static void test_positions_in_records(void **state)
{
	(void)state;
	tt_assert_fmt("[Game \"ocencahuac\"]\n[Position \"S 1 S:Ea1+Mb1 C:\"]\n*",
	              "t.tgn:2:22: error: bad Ocencahuac position: expected ',' between pieces [TB208]\n"
	              "[Position \"S 1 S:Ea1+Mb1 C:\"]\n"
	              "                     ^\n");
	tt_assert_fmt("[Game \"pitarra\"]\n1. d1 <position \"R 2 R:d1,d1 Y:\"> *",
	              "t.tgn:2:18: error: bad La Pitarra position: two pieces stand on d1 [TB208]\n"
	              "1. d1 <position \"R 2 R:d1,d1 Y:\"> *\n"
	              "                 ^~~~~~~~~~~~~~\n");
	/* a restatement is written back in canonical form */
	char *s = tt_canon("[Game \"asalto\"]\n1. c3-c4 <gap> <position \"D 20 D:?,d7 A:?,e5,?,d5,c5\"> "
	                   "20... d7-e7 *");
	assert_non_null(strstr(s, "<position \"D 20 A:c5,d5,e5,?,? D:d7,?\"> 20... d7-e7\n"));
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_start_positions_round_trip),
		cmocka_unit_test(test_canonical_positions_round_trip),
		cmocka_unit_test(test_lenient_spelling_is_canonicalized),
		cmocka_unit_test(test_sorting),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_extras_that_are_fine),
		cmocka_unit_test(test_point_values_of_keys_are_canonical),
		cmocka_unit_test(test_hand_counts_have_one_spelling),
		cmocka_unit_test(test_equality),
		cmocka_unit_test(test_restates),
		cmocka_unit_test(test_positions_in_records),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
