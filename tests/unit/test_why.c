/*
 * test_why.c -- the rules' reasons typed and worded (rules.h, tb_why;
 * reasons.c): a key, its side and number, its args -- some words of
 * their own, a list -- in each language; and validate's messages of
 * illegal turns of each game in the language tb_reader_set_lang gives,
 * English by default and word for word as before.
 */
#include "tb_test.h"

#include "lang.h"
#include "reasons.h"

static void test_words(void **state)
{
	(void)state;
	const tb_lang *es = tb_lang_find("es"), *ar = tb_lang_find("ar");
	char out[400], a[64];
	tb_why w;
	tb_say_occupied(&w, "d5");
	tb_why_text(&w, NULL, out, sizeof out);
	assert_string_equal(out, "d5 is occupied");
	tb_why_text(&w, es, out, sizeof out);
	assert_string_equal(out, "d5 ya está ocupado");
	/* a side's key, the number's plural form */
	tb_why_set(&w, "why.pitarra.hand", 1, 1, 1, "1");
	tb_why_text(&w, NULL, out, sizeof out);
	assert_string_equal(out, "Yellow still has 1 piece to place: a turn places one");
	tb_why_set(&w, "why.pitarra.hand", 0, 5, 1, "5");
	tb_why_text(&w, es, out, sizeof out);
	assert_string_equal(out, "a las rojas aún les quedan 5 fichas por colocar: cada jugada "
	                         "coloca una");
	tb_why_set(&w, "why.pitarra.hand", 0, 2, 1, "2");
	tb_why_text(&w, ar, out, sizeof out);
	assert_non_null(strstr(out, "\xd9\x82\xd8\xb7\xd8\xb9\xd8\xaa\xd8\xa7\xd9\x86")); /* قطعتان */
	/* an arg that is words of its own, with params */
	tb_why_set(&w, "why.ocencahuac.must_leave", -1, -1, 2,
	           tb_why_word(a, sizeof a, "who.ocencahuac.1", "d3"), "d3");
	tb_why_text(&w, NULL, out, sizeof out);
	assert_string_equal(out, "the Princess on d3 must leave d3");
	tb_why_text(&w, es, out, sizeof out);
	assert_string_equal(out, "la Princesa de d3 tiene que dejar d3");
	tb_why_word(a, sizeof a, "crowned_other.ocencahuac.2", "Ceboruco|d1");
	tb_why_set(&w, "why.ocencahuac.crown_write", -1, -1, 2, a, "d2-d1+");
	tb_why_text(&w, NULL, out, sizeof out);
	assert_string_equal(out, "Ceboruco's Prince on d1 is crowned, the Eagle (Águila): write "
	                         "d2-d1+");
	/* a list, joined by the language */
	tb_why_set(&w, "why.ocencahuac.stays", -1, -1, 2,
	           TB_WHY_WORD "who.ocencahuac.0|a1" TB_WHY_ITEM "who.ocencahuac.1|b1"
	           TB_WHY_ITEM "who.ocencahuac.2|c1", "x");
	tb_why_text(&w, NULL, out, sizeof out);
	assert_string_equal(out, "the Emperor on a1, the Princess on b1 and the Prince on c1 has "
	                         "nowhere to go and stays where it is: write x");
	tb_why_text(&w, es, out, sizeof out);
	assert_non_null(strstr(out, "el Emperador de a1, la Princesa de b1 y el Príncipe de c1"));
	/* cut to the room given, never overrun; out of memory: no words */
	tb_why_text(&w, es, out, 8);
	assert_int_equal(strlen(out), 7);
	w.key = NULL;
	tb_why_text(&w, NULL, out, sizeof out);
	assert_string_equal(out, "");
	/* a key no table has: the key itself, not nothing */
	tb_why_set(&w, "why.no.such", -1, -1, 0);
	tb_why_text(&w, es, out, sizeof out);
	assert_string_equal(out, "why.no.such");
}

/* The message of the first diagnostic validate gives 'text' in 'l'. */
static void S_message(const char *text, const tb_lang *l, char *out, size_t n)
{
	tb_reader *r = tb_reader_new_mem(text, strlen(text), "t");
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	tb_reader_set_lang(r, l);
	assert_true(tb_reader_validate(r, rec, NULL, NULL) >= 0);
	assert_true(tb_reader_ndiags(r) > 0);
	snprintf(out, n, "%s", tb_reader_diag(r, 0)->message);
	tb_record_free(rec);
	tb_reader_free(r);
}

/* Illegal turns of each game: English by default, as it always said;
 * in Spanish and Arabic other words, with no key or placeholder left. */
static void test_validate_in_language(void **state)
{
	(void)state;
	static const char *const asalto =
		"[Game \"asalto\"]\n[Rules \"asalto\"]\n[Position \"A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,"
		"e3,f3,g3,a4,b4,c4,d4,e4,f4,g4,a5,b5,f5,g5 D:c6,e6\"]\n\n";
	static const struct {
		const char *head, *moves, *en;
	} cases[] = {
		{"[Game \"pitarra\"]\n\n", "1. c3 f4 2. a1 c3 *", "c3: c3 is occupied"},
		{"[Game \"pitarra\"]\n\n", "1. c3-c4 *",
		 "c3-c4: Red still has 12 pieces to place: a turn places one"},
		{"[Game \"pitarra\"]\n\n", "1. c3 c3 *", "c3: c3 is occupied"},
		{NULL, "1. d4-d5 e6-e5 2. d5-d4 *",
		 "d5-d4: it goes backwards: the attackers only advance or go sideways"},
		{NULL, "1. d4-d5 d5-d6 *", "d5-d6: it is the defenders' turn; d5 holds an attacker"},
		{"[Game \"ocencahuac\"]\n\n", "1. a2-b3 *",
		 "a2-b3: steps and jumps go along a rank or a file, not diagonally"},
		{"[Game \"ocencahuac\"]\n\n", "1. a1-a4 *",
		 "a1-a4: the Emperor slides only in its side's second stage (Sangangüey has 0 "
		 "crowned royal pieces)"},
		{"[Game \"ocencahuac\"]\n\n", "1. c7-c6 *", "c7-c6: it is Sangangüey's turn; c7 holds "
		 "a Ceboruco piece"},
	};
	char text[1024], en[600], other[600];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(text, sizeof text, "%s%s\n", cases[i].head ? cases[i].head : asalto,
		         cases[i].moves);
		S_message(text, NULL, en, sizeof en);
		if (strcmp(en, cases[i].en) != 0)
			fail_msg("case %zu: '%s', not '%s'", i, en, cases[i].en);
		for (size_t k = 0; tb_lang_at(k); k++) {
			const tb_lang *l = tb_lang_at(k);
			S_message(text, l, other, sizeof other);
			if (strcmp(tb_lang_code(l), "en") == 0) {
				assert_string_equal(other, en);
				continue;
			}
			if (strcmp(other, en) == 0 || strstr(other, "why.") || strstr(other, "who.") ||
			    strstr(other, "whose.") || strstr(other, "piece.") || strchr(other, '{') ||
			    strchr(other, '\x01') || strchr(other, '\x1f'))
				fail_msg("case %zu in %s: '%s'", i, tb_lang_code(l), other);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_words),
		cmocka_unit_test(test_validate_in_language),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
