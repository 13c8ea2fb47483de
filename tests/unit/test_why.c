/*
 * test_why.c -- the rules' reasons typed and worded (rules.h, tb_why;
 * reasons.c): a key, its side and number, its args -- some words of
 * their own, a list -- in each language; and validate's messages of
 * illegal turns of each game in the language tb_reader_set_lang gives,
 * English by default and word for word as before, and the notes under
 * them (the position, the slips, what fits an open stretch, a restated
 * position's differences), the places they name the same in each
 * language. And tb_why_text and
 * tb_why_put (a reason's texts kept per key, its words copied a run at a
 * time) against the plain wording they replaced (why_plain.h): every
 * key of every table in every language, with sides, numbers, plain args,
 * words args and lists, long args, and every room that cuts them.
 */
#include "tb_test.h"

#include "buf.h"
#include "game.h"
#include "lang.h"
#include "reasons.h"
#include "why_plain.h"

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

/* 'w' in 'l' worded by tb_why_text and tb_why_put into rooms of 'n'
 * bytes, and plainly: the same bytes, or the test fails saying 'what'. */
static void S_same_words(const tb_why *w, const tb_lang *l, size_t n, const char *what)
{
	static char want[2048], got[2048];
	assert_true(n <= sizeof want);
	memset(got, 'x', sizeof got);
	R_why_text(w, l, want, n);
	tb_why_text(w, l, got, n);
	if (n && strcmp(want, got) != 0)
		fail_msg("%s in %s (room %zu): '%s', not '%s'", what, l ? tb_lang_code(l) : "NULL", n,
		         got, want);
	if (!n && got[0] != 'x')
		fail_msg("%s: no room, and a byte written", what);
	tb_buf b = TB_BUF_SOFT;
	tb_buf_puts(&b, "token: ");
	tb_why_put(w, l, &b, n);
	assert_true(tb_buf_ok(&b));
	if (strncmp(b.data, "token: ", 7) != 0 || strcmp(b.data + 7, n ? want : "") != 0 ||
	    b.len != strlen(b.data))
		fail_msg("%s in %s put (room %zu): '%s', not 'token: %s'", what,
		         l ? tb_lang_code(l) : "NULL", n, b.data, n ? want : "");
	tb_buf_free(&b);
}

/* Every key of table 'e' as a reason, in every language (and NULL),
 * under sides and numbers, with args of each kind ('args' rows), in a
 * room that holds it and rooms that cut it; returns the cases. */
static unsigned long S_table_words(const tb_lang_entry *e, const char *const (*args)[TB_WHY_ARGS],
                                   size_t nargs, unsigned long long *rng)
{
	static const int sides[] = {-1, 0, 1, 2};
	static const long counts[] = {-1, 0, 1, 2, 3, 11, 100};
	unsigned long cases = 0;
	for (; e->key; e++)
		for (size_t a = 0; a < nargs; a++) {
			*rng = *rng * 6364136223846793005ull + 1442695040888963407ull;
			unsigned r = (unsigned)(*rng >> 33);
			tb_why w;
			tb_why_set(&w, e->key, sides[r % 4], counts[(r >> 2) % 7], TB_WHY_ARGS,
			           args[a][0], args[a][1], args[a][2], args[a][3], args[a][4]);
			for (size_t k = 0; k <= 3; k++) {
				const tb_lang *l = k < 3 ? tb_lang_at(k) : NULL;
				S_same_words(&w, l, 2048, e->key);
				S_same_words(&w, l, (r >> 5) % 160, e->key); /* cut, or not */
				cases += 2;
			}
		}
	return cases;
}

/* The words of every reason a table has, as plainly worded: the texts
 * kept per key (and per language, side and number) are the ones the
 * tables give, and the runs copied are the bytes the plain wording
 * copies, cut at the same byte. */
static void test_words_as_plain(void **state)
{
	(void)state;
	char long_arg[400];
	memset(long_arg, 'a', sizeof long_arg - 1);
	long_arg[sizeof long_arg - 1] = '\0';
	static const char list[] = TB_WHY_WORD "who.ocencahuac.0|a1" TB_WHY_ITEM
	                           "who.ocencahuac.1|b1" TB_WHY_ITEM "whose.asalto.0";
	/* words of a key no table has (the key is the text: its braces its
	 * own, or a placeholder), of a key and a param longer than their
	 * room (95 bytes) */
	char long_key[160], long_param[160];
	snprintf(long_key, sizeof long_key, TB_WHY_WORD "%0120d|p", 7);
	snprintf(long_param, sizeof long_param, TB_WHY_WORD "who.ocencahuac.1|%0120d", 9);
	const char *const args[][TB_WHY_ARGS] = {
		{"d5", "d5xf5", "e6", "7", "x"},
		{TB_WHY_WORD "whose.asalto.1", TB_WHY_WORD "piece.pitarra.0|d3|e4",
		 TB_WHY_WORD "no.such.key|p", list, "{1}"},
		{long_arg, long_arg, "", TB_WHY_WORD, "{9}{"},
		{TB_WHY_WORD "no{such}{1|p", TB_WHY_WORD "x{1}y{2}{|p|q", long_key, long_param,
		 TB_WHY_WORD "{"},
	};
	unsigned long long rng = 11;
	unsigned long cases = 0;
	for (size_t k = 0; tb_lang_at(k); k++)
		cases += S_table_words(tb_lang_at(k)->entries, args, 4, &rng);
	for (size_t i = 0; tb_games_built_in[i]; i++)
		for (const tb_game_words *w = tb_games_built_in[i]->words; w && w->lang; w++)
			cases += S_table_words(w->entries, args, 4, &rng);
	print_message("%lu reasons worded as plainly\n", cases);
	assert_true(cases > 10000);
	/* one key's text in several languages, and sides, asked in turn:
	 * each its own */
	tb_why w;
	for (int i = 0; i < 40; i++) {
		tb_why_set(&w, "why.pitarra.hand", i % 3 - 1, i % 5 - 1, 1, "3");
		S_same_words(&w, tb_lang_at((size_t)i % 3), 400, "why.pitarra.hand");
	}
	/* a key that is not static (rules.h asks that it be): its room
	 * holds another key the next time, and the words follow it */
	char key[64];
	const char *const keys[] = {"why.occupied", "why.nowhere", "why.asalto.passed",
	                            "why.empty.take"};
	for (int i = 0; i < 16; i++) {
		snprintf(key, sizeof key, "%s", keys[i % 4]);
		tb_why_set(&w, key, -1, -1, 3, "d5", "d6", "e7");
		S_same_words(&w, tb_lang_at((size_t)i % 3), 400, key);
	}
	/* a key longer than a kept one, and one cut to its room (95 bytes) */
	char longkey[200];
	memset(longkey, 'k', sizeof longkey - 1);
	longkey[sizeof longkey - 1] = '\0';
	tb_why_set(&w, longkey, 7, 2, 0);
	S_same_words(&w, NULL, 400, "a long key");
	memcpy(longkey, "why.occupied", 12);
	longkey[93] = '\0'; /* "key.7" cut in its number's middle */
	tb_why_set(&w, longkey, 12345, -1, 0);
	S_same_words(&w, NULL, 400, "a key cut");
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

static void S_shapes(tb_reader *r, tb_buf *shape, tb_buf *notes);

/* The diagnostics validate gives 'text' (its records) in 'l', each as a
 * line "code line:col nlines | place place ..." into 'shape' and its
 * note into 'notes' (the note lines, '\n' after each). */
static void S_notes(const char *text, const tb_lang *l, tb_buf *shape, tb_buf *notes)
{
	tb_reader *r = tb_reader_new_mem(text, strlen(text), "t");
	tb_record *rec;
	tb_reader_set_lang(r, l);
	while (tb_reader_next(r, &rec) == 1) { /* (a record's diagnostics, the next's gone) */
		assert_true(tb_reader_validate(r, rec, NULL, NULL) >= 0);
		S_shapes(r, shape, notes);
		tb_record_free(rec);
	}
	tb_reader_free(r);
}

static void S_shapes(tb_reader *r, tb_buf *shape, tb_buf *notes)
{
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		const tb_diag *d = tb_reader_diag(r, i);
		unsigned lines = 0;
		for (const char *c = d->note; c; c = strchr(c, '\n'), c = c ? c + 1 : NULL)
			lines++;
		tb_buf_printf(shape, "%d %u:%u %u |", d->code, d->line, d->col, lines);
		for (size_t k = 0; k < d->nplaces; k++)
			tb_buf_printf(shape, " %u@%u:%u", d->places[k].note, d->places[k].line,
			              d->places[k].col);
		tb_buf_putc(shape, '\n');
		if (d->note)
			tb_buf_printf(notes, "%s\n", d->note);
	}
}

/* validate's notes -- the position, the slips and checking going on,
 * the assumption, what fits an open stretch and how many more, a
 * restated position's nearest and what differs -- in the language
 * tb_reader_set_lang gives: in Spanish and Arabic as many note lines,
 * naming the same places (tb_diag.places, which the LSP maps to each
 * line), none of them English, no key or placeholder left; English as
 * before by default. */
static void test_notes_in_language(void **state)
{
	(void)state;
	static const char *const records =
		"[Game \"pitarra\"]\n[Language \"es\"]\n\n"
		"1. f4 b6 2. g1 d5 3. d2 d1 4. c5 f2 5. f6 e5 6. g7 b2 7. d7 b4xf4 8. a7xd5 a4\n"
		"9. g4xe3 d5 10. a1 e3 11. c4xa1 e4 12. e5xf2 a1 13. f6-f4xa1 b2-a1 *\n\n"
		"[Game \"pitarra\"]\n\n"
		"1. e5 g1 2. a1 d5 3. ? b6 <position \"R 4 R:a1,b2,e5 Y:g1,d5,b4 hand=9,9\"> *\n\n"
		"[Game \"pitarra\"]\n\n"
		"1. e5 g1 2. a1 d5 3. b2 b6 <position \"R 4 R:a1,b2,e5 Y:g1,d5,b4 hand=9,9\"> *\n\n"
		"[Game \"ocencahuac\"]\n\n"
		"1. a2^d2 d8^d6 2. b2-a2 ? 3. d2-c3 c8-b6 4. a2-a3 e7-d7 5. d2-d1 b6-d5 *\n\n"
		"[Game \"ocencahuac\"]\n\n1. a1^a3 e8^e6 <gap> 3. b1^b3 d8^d6 *\n\n"
		"[Game \"ocencahuac\"]\n\n1. a1^a3 e8^e6 <gap 2> <position \"S 3 S:Mb1,Pc1,Ga2,Gb2,"
		"Gc2,Ea5 C:Gc7,Gd7,Ge7,Pc8,Md8,Ee6\"> *\n";
	/* how English notes begin: none of these in another language's */
	static const char *const english[] = {
		"position ", "at ", "under the assumption", "checking goes on", "and ",
		"the nearest", "one of the", "the position the turns", "the limit", NULL,
	};
	tb_buf en_shape = TB_BUF_INIT, en_notes = TB_BUF_INIT;
	S_notes(records, NULL, &en_shape, &en_notes);
	assert_non_null(strstr(en_notes.data, "\nchecking goes on under the assumption that it was so\n"));
	assert_non_null(strstr(en_notes.data, "\nunder the assumption that "));
	assert_non_null(strstr(en_notes.data, "\nand 71 more\n"));
	assert_non_null(strstr(en_notes.data, "\nthe position the turns reach differs at 2 points: "
	                                       "Y:b4 in the drawing, Y:b6 by the turns\n"));
	for (size_t k = 0; tb_lang_at(k); k++) {
		const tb_lang *l = tb_lang_at(k);
		tb_buf shape = TB_BUF_INIT, notes = TB_BUF_INIT;
		S_notes(records, l, &shape, &notes);
		assert_string_equal(shape.data, en_shape.data); /* the same lines, the same places */
		if (strcmp(tb_lang_code(l), "en") == 0) {
			assert_string_equal(notes.data, en_notes.data);
		} else {
			for (const char *c = notes.data; *c; c = strchr(c, '\n') + 1) {
				size_t n = strcspn(c, "\n");
				for (size_t e = 0; english[e]; e++)
					if (strncmp(c, english[e], strlen(english[e])) == 0)
						fail_msg("%s: an English note: %.*s", tb_lang_code(l), (int)n, c);
				const char *key = strstr(c, "val."), *slot = strchr(c, '{');
				if ((key && key < c + n) || (slot && slot < c + n))
					fail_msg("%s: a key or placeholder left: %.*s", tb_lang_code(l), (int)n, c);
			}
		}
		tb_buf_free(&shape);
		tb_buf_free(&notes);
	}
	tb_buf_free(&en_shape);
	tb_buf_free(&en_notes);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_words),
		cmocka_unit_test(test_words_as_plain),
		cmocka_unit_test(test_validate_in_language),
		cmocka_unit_test(test_notes_in_language),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
