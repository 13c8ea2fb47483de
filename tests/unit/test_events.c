/*
 * test_events.c -- events typed through the public API (tablero.h,
 * tb_event_kind): the one name table both ways, the events
 * tb_reader_validate reports for a tercia with its removal and for an
 * Asalto capture chain, the same events from a position's legal turns,
 * a played turn and a record's plies (what tablero grep --event counts).
 * Only tablero.h is used, as a program built on the library would.
 */
#include "tb_test.h"

static void test_name_table_round_trip(void **state)
{
	(void)state;
	static const char *const names[] = {
		"tercia", "double tercia", "columpio", "removal", "capture", "pushback",
		"relocation", "coronation", "stage", "huff available", "huff", "fortress"};
	assert_int_equal(sizeof names / sizeof names[0], TB_EV_KINDS - 1);
	for (int k = 1; k < TB_EV_KINDS; k++) {
		const char *name = tb_event_name((tb_event_kind)k);
		assert_non_null(name);
		assert_string_equal(name, names[k - 1]);
		assert_int_equal(tb_event_kind_of(name), k);
	}
	assert_int_equal(tb_event_name(TB_EV_CORONATION)[0], 'c');
	assert_null(tb_event_name(0));
	assert_null(tb_event_name(TB_EV_KINDS));
	assert_int_equal(tb_event_kind_of(NULL), 0);
	assert_int_equal(tb_event_kind_of("huff "), 0);
	assert_int_equal(tb_event_kind_of("Tercia"), 0);
	assert_int_equal(tb_event_kind_of("tercia a1-a7"), 0); /* a name, never display text */
}

/* tb_event_kind_next lists the shared kinds in order, then the games'
 * own from TB_EV_GAME on (none among the three games: the toy brings
 * one, tests/extra_game.sh), each named, each found by its name; no
 * kind between. */
static void test_kinds_listed(void **state)
{
	(void)state;
	tb_event_kind k = tb_event_kind_next(0), last = 0;
	for (int want = 1; want < TB_EV_KINDS; want++, k = tb_event_kind_next(k)) {
		assert_int_equal(k, want);
		last = k;
	}
	for (; k; last = k, k = tb_event_kind_next(k)) {
		assert_int_equal(k, last < TB_EV_GAME ? TB_EV_GAME : last + 1);
		assert_non_null(tb_event_name(k));
		assert_int_equal(tb_event_kind_of(tb_event_name(k)), k);
	}
	assert_null(tb_event_name((tb_event_kind)(last < TB_EV_GAME ? TB_EV_GAME : last + 1)));
	for (int gap = TB_EV_KINDS; gap < TB_EV_GAME; gap++)
		assert_null(tb_event_name((tb_event_kind)gap));
}

/* The typed events of each turn told, one line a turn:
 * "token: kind point to count; ...". */
static void S_turn(void *ctx, const tb_turn_report *t)
{
	tt_str *out = ctx;
	tt_printf(out, "%s:", t->token);
	for (size_t i = 0; i < t->nevents; i++) {
		const tb_turn_event *e = &t->ev[i];
		assert_string_equal(e->kind, tb_event_name(e->type)); /* the name is the type's */
		tt_printf(out, " %d %s %s %u;", (int)e->type, e->point ? e->point : "-",
		          e->to ? e->to : "-", e->count);
	}
	tt_puts(out, "\n");
}

static char *S_validated(const char *src)
{
	tb_reader *r = tb_reader_new_mem(src, strlen(src), "t.tgn");
	tb_record *rec = NULL;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	tt_str out = {0};
	assert_int_equal(tb_reader_validate(r, rec, S_turn, &out), 0);
	tb_record_free(rec);
	tb_reader_free(r);
	return tt_take(&out);
}

#define PIT_TERCIA "[Game \"pitarra\"]\n\n1. a1 g1 2. a4 g4 3. a7xg4 *\n"
#define ASALTO_CHAIN                                                                    \
	"[Game \"asalto\"]\n[Position \"D 5 A:c1,d1,e1,c2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4," \
	"e4,f4,g4,d5 D:d6,e6\"]\n\n5... d6xd4xd2 *\n"

static void test_validate_tercia_and_removal(void **state)
{
	(void)state;
	char want[128];
	snprintf(want, sizeof want, "a1:\ng1:\na4:\ng4:\na7xg4: %d a1 a7 0; %d g4 - 0;\n",
	         TB_EV_TERCIA, TB_EV_REMOVAL);
	tt_assert_str(S_validated(PIT_TERCIA), want);
}

static void test_validate_asalto_capture_chain(void **state)
{
	(void)state;
	char want[128];
	snprintf(want, sizeof want, "d6xd4xd2: %d d5 - 0; %d d3 - 0;\n", TB_EV_CAPTURE,
	         TB_EV_CAPTURE);
	tt_assert_str(S_validated(ASALTO_CHAIN), want);
}

/* The same events from the engine: among the legal turns, and played. */
static void test_engine_typed(void **state)
{
	(void)state;
	char *why = NULL;
	tb_engine *e = tb_engine_new(tb_game_find("asalto"), NULL,
	                             "D 5 A:c1,d1,e1,c2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,e4,f4,g4,"
	                             "d5 D:d6,e6", &why);
	assert_non_null(e);
	tt_str legal = {0};
	size_t n = tb_engine_legal_turns(e, S_turn, &legal);
	assert_true(n > 0);
	char want[128];
	snprintf(want, sizeof want, "d6xd4xd2: %d d5 - 0; %d d3 - 0;\n", TB_EV_CAPTURE,
	         TB_EV_CAPTURE);
	char *all = tt_take(&legal);
	assert_non_null(strstr(all, want));
	free(all);
	tt_str played = {0};
	assert_int_equal(tb_engine_play_turn(e, "d6xd4xd2", S_turn, &played, &why), 0);
	tt_assert_str(tt_take(&played), want);
	assert_int_equal(tb_engine_play_turn(e, "d6xd4xd2", NULL, NULL, &why), TB_EINVAL);
	assert_non_null(why);
	free(why);
	tb_engine_free(e);
}

/* What tablero grep --event counts: the plies' typed events. */
static void test_plies_typed(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean(PIT_TERCIA);
	tb_plies *p = tb_plies_new(rec);
	assert_non_null(p);
	assert_int_equal(tb_plies_count(p), 5);
	for (size_t i = 0; i < 4; i++) {
		assert_int_equal(tb_plies_at(p, i)->nevents, 0);
		assert_string_equal(tb_plies_at(p, i)->events, "");
	}
	const tb_ply *y = tb_plies_at(p, 4);
	assert_int_equal(y->nevents, 2);
	assert_int_equal(y->ev[0].type, TB_EV_TERCIA);
	assert_string_equal(y->ev[0].point, "a1");
	assert_string_equal(y->ev[0].to, "a7");
	assert_int_equal(y->ev[1].type, TB_EV_REMOVAL);
	assert_string_equal(y->ev[1].point, "g4");
	assert_null(y->ev[1].to);
	assert_string_equal(y->events, "tercia a1-a7; removal g4"); /* for display */
	tb_plies_free(p);
	tb_record_free(rec);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_name_table_round_trip),
		cmocka_unit_test(test_kinds_listed),
		cmocka_unit_test(test_validate_tercia_and_removal),
		cmocka_unit_test(test_validate_asalto_capture_chain),
		cmocka_unit_test(test_engine_typed),
		cmocka_unit_test(test_plies_typed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
