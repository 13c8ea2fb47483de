/*
 * test_tags.c -- lib/tags.c: the rosters, canonical order, and the
 * checks of Date, Rules, Result, Source, Game and Position values.
 */
#include "tb_test.h"

#include "buf.h"
#include "diag.h"
#include "game.h"
#include "tags.h"

#define PIT "[Game \"pitarra\"]\n"

/* ===== Order and rosters ===== */

static void test_canonical_order(void **state)
{
	(void)state;
	tt_assert_fmt("[Zeta \"z\"]\n"
	              "[Notes \"segunda grabación\"]\n"
	              "[Position \"R 1 R: Y: hand=12,12\"]\n"
	              "[Access \"consulta en sala\"]\n"
	              "[Community \"Los Navajos\"]\n"
	              "[Language \"es\"]\n"
	              "[Source \"Cinta 3, lado A @ 00:12:30-00:19:05\"]\n"
	              "[Annotator \"R. G.\"]\n"
	              "[Transcriber \"L. Ortiz\"]\n"
	              "[Recorder \"J. M.\"]\n"
	              "[Informant \"Doña Chela\"]\n"
	              "[Round \"2\"]\n"
	              "[Event \"Fiesta patronal\"]\n"
	              "[Alfa \"a\"]\n"
	              "[Result \"1-0\"]\n"
	              "[Yellow \"María\"]\n"
	              "[Red \"Juan\"]\n"
	              "[Date \"1998.07.??\"]\n"
	              "[Site \"Los Navajos\"]\n"
	              "[Rules \"pitarra\"]\n"
	              "[Game \"pitarra\"]\n"
	              "*\n",
	              "[Game \"pitarra\"]\n"
	              "[Rules \"pitarra\"]\n"
	              "[Site \"Los Navajos\"]\n"
	              "[Date \"1998.07.??\"]\n"
	              "[Red \"Juan\"]\n"
	              "[Yellow \"María\"]\n"
	              "[Result \"1-0\"]\n"
	              "[Event \"Fiesta patronal\"]\n"
	              "[Round \"2\"]\n"
	              "[Informant \"Doña Chela\"]\n"
	              "[Recorder \"J. M.\"]\n"
	              "[Transcriber \"L. Ortiz\"]\n"
	              "[Annotator \"R. G.\"]\n"
	              "[Source \"Cinta 3, lado A @ 00:12:30-00:19:05\"]\n"
	              "[Language \"es\"]\n"
	              "[Community \"Los Navajos\"]\n"
	              "[Access \"consulta en sala\"]\n"
	              "[Notes \"segunda grabación\"]\n"
	              "[Position \"R 1 R: Y: hand=12,12\"]\n"
	              "[Zeta \"z\"]\n"
	              "[Alfa \"a\"]\n"
	              "\n"
	              "*\n");
}

/* Records of many shapes -- a game or none or an unknown one, roster
 * tags, its sides and other games', extensions from none to seven (past
 * four the list indexes them by hash), in a shuffled order -- read
 * checking and whole: their tags in the order S_order's rule gives,
 * worked out here on its own (the seven, the archival roster, the others
 * as written), with the seven's defaults. */
static void test_order_of_many_shapes(void **state)
{
	(void)state;
	static const char *const roster[] = {"Rules", "Site", "Date", "Result", "Event", "Round",
	                                     "Informant", "Recorder", "Transcriber", "Annotator",
	                                     "Source", "Recording", "Facsimile", "Language",
	                                     "Community", "Access", "Notes"};
	static const char *const games[] = {"pitarra", "ocencahuac", "asalto", "nope", NULL};
	unsigned long long x = 5;
	for (int round = 0; round < 600; round++) {
		const char *names[48], *values[48];
		char own[48][16];
		size_t n = 0;
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		unsigned bits = (unsigned)(x >> 20);
		const char *game = games[round % 5];
		const tb_game *g = game ? tb_game_find(game) : NULL;
		if (game)
			names[n] = "Game", values[n++] = game;
		for (size_t i = 0; i < sizeof roster / sizeof roster[0]; i++)
			if ((bits >> i) & 1) {
				names[n] = roster[i];
				values[n++] = i == 0 || i == 2 ? "?" : i == 3 ? "*" : "v";
			}
		for (size_t i = 0; tb_games_built_in[i]; i++) /* sides, its own and others' */
			for (int k = 0; k < 2; k++)
				if ((x >> (40 + 2 * i + k)) & 1)
					names[n] = tb_games_built_in[i]->side_tag[k], values[n++] = "p";
		for (unsigned e = 0, extra = (unsigned)(x >> 56) % 8; e < extra; e++) {
			snprintf(own[e], sizeof own[e], "X%u", e);
			names[n] = own[e], values[n++] = "e";
		}
		for (size_t i = n; i > 1; i--) { /* shuffled */
			x = x * 6364136223846793005ULL + 1442695040888963407ULL;
			size_t j = (size_t)(x >> 33) % i;
			const char *a = names[i - 1], *b = values[i - 1];
			names[i - 1] = names[j], values[i - 1] = values[j];
			names[j] = a, values[j] = b;
		}
		tb_buf src = {0};
		for (size_t i = 0; i < n; i++)
			tb_buf_printf(&src, "[%s \"%s\"]\n", names[i], values[i]);
		tb_buf_puts(&src, "\n*\n");
		/* the order S_order's rule gives */
		const char *want[64], *want_value[64];
		size_t w = 0;
		static const char *const seven[7] = {"Game", "Rules", "Site", "Date", NULL, NULL,
		                                     "Result"};
		static const char *const defaults[7] = {NULL, "?", "?", "????.??.??", "?", "?", "*"};
		int placed[48] = {0};
		for (int i = 0; i < 7; i++) {
			const char *name = seven[i] ? seven[i] : g ? g->side_tag[i - 4] : NULL;
			if (!name)
				continue;
			size_t j = 0;
			while (j < n && strcmp(names[j], name) != 0)
				j++;
			if (j < n) {
				placed[j] = 1;
				want[w] = name, want_value[w++] = values[j];
			} else if (i > 0) {
				want[w] = name, want_value[w++] = defaults[i];
			}
		}
		for (size_t i = 4; i < sizeof roster / sizeof roster[0]; i++)
			for (size_t j = 0; j < n; j++)
				if (strcmp(names[j], roster[i]) == 0)
					placed[j] = 1, want[w] = names[j], want_value[w++] = values[j];
		for (size_t j = 0; j < n; j++)
			if (!placed[j] && strcmp(names[j], "Game") != 0)
				want[w] = names[j], want_value[w++] = values[j];
		for (int check = 0; check < 2; check++) {
			tb_reader *r = tb_reader_new_mem(src.data, src.len, "t.tgn");
			assert_non_null(r);
			tb_reader_set_check_only(r, check);
			tb_record *rec = NULL;
			assert_int_equal(tb_reader_next(r, &rec), 1);
			if (rec->ntags != w)
				fail_msg("%s: %zu tags, not %zu", src.data, rec->ntags, w);
			for (size_t i = 0; i < w; i++) {
				const char *name, *value;
				assert_true(tb_record_tag_at(rec, i, &name, &value));
				if (strcmp(name, want[i]) != 0 ||
				    (strcmp(want[i], "Game") != 0 && strcmp(value, want_value[i]) != 0))
					fail_msg("%s: tag %zu is [%s \"%s\"], not [%s \"%s\"]", src.data, i, name,
					         value, want[i], want_value[i]);
			}
			tb_record_free(rec);
			tb_reader_free(r);
		}
		tb_buf_free(&src);
	}
}

static void test_roster_filled_for_each_game(void **state)
{
	(void)state;
	tt_assert_fmt(PIT "*", TT_PITARRA_ROSTER "\n*\n");
	tt_assert_fmt("[Game \"asalto\"] *", TT_ASALTO_ROSTER "\n*\n");
	tt_assert_fmt("[Game \"ocencahuac\"] *", TT_OCEN_ROSTER "\n*\n");
	/* another game's side tags are ordinary tags, kept as written */
	tt_assert_fmt("[Game \"ocencahuac\"]\n[Red \"?\"]\n[Sanganguey \"Tonatiuh\"]\n"
	              "[Ceboruco \"Citlali Ramírez\"]\n[Attackers \"x\"]\n*",
	              "[Game \"ocencahuac\"]\n[Rules \"?\"]\n[Site \"?\"]\n"
	              "[Date \"????.??.??\"]\n[Sanganguey \"Tonatiuh\"]\n"
	              "[Ceboruco \"Citlali Ramírez\"]\n[Result \"*\"]\n[Red \"?\"]\n"
	              "[Attackers \"x\"]\n\n*\n");
}

static void test_tag_names_are_case_sensitive(void **state)
{
	(void)state;
	tb_reader *r;
	tb_record *rec = tt_parse(PIT "[site \"Amealco\"]\n[Round_2 \"final\"]\n*", &r);
	assert_string_equal(tb_record_tag(rec, "Site"), "?");
	assert_string_equal(tb_record_tag(rec, "site"), "Amealco");
	assert_string_equal(tb_record_tag(rec, "Round_2"), "final");
	/* kept as written, with a warning that [site] may be [Site] (TB213) */
	assert_int_equal(tb_reader_ndiags(r), 1);
	assert_int_equal(tb_reader_diag(r, 0)->code, TB_D_TAG_NEAR);
	assert_int_equal(tb_reader_diag(r, 0)->severity, TB_WARNING);
	assert_int_equal(tb_record_errors(rec), 0);
	tb_record_free(rec);
	tb_reader_free(r);
	/* one edit from a roster's tag, or case; not two, nor a short name */
	static const struct {
		const char *tags;
		size_t warnings;
	} cases[] = {
		{"[Note \"x\"]", 1},     {"[Yelow \"x\"]", 1}, {"[red \"x\"]", 1},
		{"[Colation \"x\"]", 1}, {"[Sitio \"x\"]", 0}, {"[Fichas \"x\"]", 0},
		{"[Rd \"x\"]", 0},       {"[Red \"x\"]", 0},   {"[Attackers \"x\"]", 0},
		/* beyond the first four tags no roster has (the list keeps their
		 * places, up to four): every tag is then looked at */
		{"[X1 \"1\"]\n[X2 \"2\"]\n[X3 \"3\"]\n[Note \"x\"]", 1},
		{"[X1 \"1\"]\n[X2 \"2\"]\n[X3 \"3\"]\n[X4 \"4\"]\n[Note \"x\"]\n[Evnt \"y\"]", 2},
		{"[Red \"a\"]\n[Yellow \"b\"]\n[X3 \"3\"]\n[X4 \"4\"]\n[Site \"s\"]\n[Sitee \"x\"]", 1},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char src[128];
		snprintf(src, sizeof src, PIT "%s\n*", cases[i].tags);
		rec = tt_parse(src, &r);
		if (tb_reader_ndiags(r) != cases[i].warnings)
			fail_msg("%s: %zu diagnostics", cases[i].tags, tb_reader_ndiags(r));
		tb_record_free(rec);
		tb_reader_free(r);
	}
}

static void test_game_value(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean("[Game \"PiTaRRa\"] *");
	assert_string_equal(tb_record_tag(rec, "Game"), "pitarra");
	assert_ptr_equal(tb_record_game(rec), tb_game_find("pitarra"));
	tb_record_free(rec);
	/* any case of the name's ASCII letters, and nothing more or less */
	assert_non_null(tb_game_find("ASALTO"));
	assert_ptr_equal(tb_game_find("OcencaHUAC"), tb_game_find("ocencahuac"));
	assert_null(tb_game_find("pitarr"));
	assert_null(tb_game_find("pitarraa"));
	assert_null(tb_game_find("pitarr\xc3\xa1"));
	assert_null(tb_game_find(""));
	assert_null(tb_game_find("pitarra "));

	tb_reader *r;
	rec = tt_parse("[Game \"chess\"]\n1. e4 *", &r);
	assert_int_equal(tb_reader_ndiags(r), 1);
	const tb_diag *d = tb_reader_diag(r, 0);
	assert_int_equal(d->code, TB_D_GAME);
	assert_int_equal(d->col, 7);
	assert_int_equal(d->end_col, 14);
	assert_null(tb_record_game(rec));
	assert_null(tb_record_write(rec, NULL));
	tb_record_free(rec);
	tb_reader_free(r);

	rec = tt_parse("[Site \"x\"]\n1. d1 a1 *", &r);
	assert_int_equal(tb_reader_ndiags(r), 1);
	d = tb_reader_diag(r, 0);
	assert_int_equal(d->code, TB_D_NO_GAME);
	assert_int_equal(d->line, 2);
	assert_int_equal(d->col, 1);
	assert_null(tb_record_game(rec));
	tb_record_free(rec);
	tb_reader_free(r);
}

static void test_repeated_tag(void **state)
{
	(void)state;
	tb_reader *r;
	tb_record *rec = tt_parse(PIT "[Site \"Amealco\"]\n[Site \"Querétaro\"]\n*", &r);
	assert_int_equal(tb_reader_ndiags(r), 1);
	const tb_diag *d = tb_reader_diag(r, 0);
	assert_int_equal(d->code, TB_D_TAG_REPEAT);
	assert_int_equal(d->line, 3);
	assert_int_equal(d->col, 2);
	assert_int_equal(d->end_col, 6);
	assert_non_null(strstr(d->message, "first on line 2"));
	assert_string_equal(tb_record_tag(rec, "Site"), "Amealco");
	tb_record_free(rec);
	tb_reader_free(r);
}

/* Past four tags that no roster has, they are found by their names'
 * hash (tags.c): a record of thousands of them, some given twice, keeps
 * the first of each and tells every second one at its line. */
static void test_many_unknown_tags(void **state)
{
	(void)state;
	enum { N = 3000 };
	tb_buf b = {0};
	tb_buf_puts(&b, PIT);
	for (int i = 0; i < N; i++)
		tb_buf_printf(&b, "[X%d \"v%d\"]\n", i, i);
	const int again[] = {0, 4, 5, 1777, N - 1};
	for (size_t k = 0; k < sizeof again / sizeof again[0]; k++)
		tb_buf_printf(&b, "[X%d \"again\"]\n", again[k]);
	tb_buf_puts(&b, "*");
	tb_reader *r;
	tb_record *rec = tt_parse(b.data, &r);
	size_t repeats = 0;
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		const tb_diag *d = tb_reader_diag(r, i);
		if (d->code != TB_D_TAG_REPEAT)
			continue;
		assert_int_equal(d->line, 2 + N + (int)repeats);
		repeats++;
	}
	assert_int_equal(repeats, sizeof again / sizeof again[0]);
	char name[16], value[16];
	for (int i = 0; i < N; i += 7) {
		snprintf(name, sizeof name, "X%d", i);
		snprintf(value, sizeof value, "v%d", i);
		assert_string_equal(tb_record_tag(rec, name), value);
	}
	assert_string_equal(tb_record_tag(rec, "X1777"), "v1777");
	assert_null(tb_record_tag(rec, "X3000"));
	tb_record_free(rec);
	tb_reader_free(r);
	tb_buf_free(&b);
}

static void test_empty_value_is_a_warning(void **state)
{
	(void)state;
	tb_reader *r;
	tb_record *rec = tt_parse(PIT "[Site \"\"]\n[Zona \"\"]\n*", &r);
	assert_int_equal(tb_reader_ndiags(r), 2);
	const tb_diag *d = tb_reader_diag(r, 0);
	assert_int_equal(d->code, TB_D_TAG_EMPTY);
	assert_int_equal(d->severity, TB_WARNING);
	assert_int_equal(d->line, 2);
	assert_int_equal(d->col, 7);
	assert_int_equal(d->end_col, 9);
	assert_int_equal(tb_record_errors(rec), 0);
	assert_string_equal(tb_record_tag(rec, "Site"), "?");
	assert_string_equal(tb_record_tag(rec, "Zona"), "?");
	tb_record_free(rec);
	tb_reader_free(r);
}

static void test_tag_syntax_errors(void **state)
{
	(void)state;
	tt_assert_fmt(PIT "[Site Querétaro]\n[1Site \"x\"]\n[Event \"fiesta\"\n[Round \"1\"]\n*",
	              "t.tgn:2:7: error: expected the tag's value in double quotes [TB201]\n"
	              "[Site Querétaro]\n"
	              "      ^~~~~~~~~\n"
	              "t.tgn:3:2: error: expected a tag name (letters, digits, '_') after '[' [TB201]\n"
	              "[1Site \"x\"]\n"
	              " ^~~~~\n"
	              "t.tgn:5:1: error: expected ']' to close the tag [TB201]\n"
	              "[Round \"1\"]\n"
	              "^\n");
	tt_assert_codes(PIT "\"suelto\" ]\n*", "201 201");
	tt_assert_codes(PIT "[]\n*", "201");
	tt_assert_codes(PIT "[Site \"a\" \"b\"]\n*", "201");
	/* white space inside the brackets is free */
	tb_record *rec = tt_parse_clean("[ Game   \"pitarra\" ]\n[Site\"Amealco\"]\t[\nNotes\n\"n\"\n]*");
	assert_string_equal(tb_record_tag(rec, "Site"), "Amealco");
	assert_string_equal(tb_record_tag(rec, "Notes"), "n");
	tb_record_free(rec);
}

static void test_tag_values_keep_escapes_and_text(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean(
		PIT "[Notes \"dijo \\\"ya es tercia\\\" y \\\\ sic; {no} [es] C:\\tablas\"]\n*");
	assert_string_equal(tb_record_tag(rec, "Notes"),
	                    "dijo \"ya es tercia\" y \\ sic; {no} [es] C:\\tablas");
	tb_record_free(rec);
}

/* ===== Date ===== */

static void test_date_forms(void **state)
{
	(void)state;
	static const char *const good[][2] = {
		{"1962-08-15", "1962.08.15"}, {"1962.08.15", "1962.08.15"},
		{"195?", "195?.??.??"},       {"1962", "1962.??.??"},
		{"1962.08", "1962.08.??"},    {"1962-08", "1962.08.??"},
		{"19?\?-?\?-1?", "19??.??.1?"}, {"????.??.??", "????.??.??"},
		{"1998.07.??", "1998.07.??"}, {"0000.12.31", "0000.12.31"},
		{"2019.11.2?", "2019.11.2?"}, {"?", "?"},
	};
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		char src[128];
		snprintf(src, sizeof src, PIT "[Date \"%s\"]\n*", good[i][0]);
		tb_reader *r;
		tb_record *rec = tt_parse(src, &r);
		if (tb_reader_ndiags(r) != 0 || strcmp(tb_record_tag(rec, "Date"), good[i][1]) != 0)
			fail_msg("Date \"%s\": %zu diagnostics, value \"%s\", want \"%s\"", good[i][0],
			         tb_reader_ndiags(r), tb_record_tag(rec, "Date"), good[i][1]);
		tb_record_free(rec);
		tb_reader_free(r);
	}
}

static void test_bad_dates(void **state)
{
	(void)state;
	static const char *const bad[] = {
		"1998.13.02", "1998.00.10", "1998.01.32", "1998.01.00", "agosto de 1962",
		"1962.08-15", "1962-08.15", "62", "1962.8.15", "1962/08/15", "1962.08.15 ",
		"19621", "1962.", "1962-08-1", "abcd", "1962.1a.01", "19 2.01.01",
		"1962.08.15.", "-962.08.15", "1962.99",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char src[128];
		snprintf(src, sizeof src, PIT "[Date \"%s\"]\n*", bad[i]);
		tb_reader *r;
		tb_record *rec = tt_parse(src, &r);
		if (tb_reader_ndiags(r) != 1 || tb_reader_diag(r, 0)->code != TB_D_DATE)
			fail_msg("Date \"%s\" was not refused (%zu diagnostics)", bad[i],
			         tb_reader_ndiags(r));
		const tb_diag *d = tb_reader_diag(r, 0);
		assert_int_equal(d->line, 2);
		assert_int_equal(d->col, 7); /* at the value's '"' */
		assert_int_equal(d->end_col, 7 + strlen(bad[i]) + 2);
		assert_string_equal(tb_record_tag(rec, "Date"), bad[i]); /* kept as written */
		assert_null(tb_record_write(rec, NULL));
		tb_record_free(rec);
		tb_reader_free(r);
	}
}

/* ===== Rules ===== */

static void test_rules_canonical(void **state)
{
	(void)state;
	static const char *const cases[][3] = {
		{"pitarra", "pitarra;movement=slide ;  board=25", "pitarra; board=25; movement=slide"},
		{"pitarra", "PITARRA", "pitarra"},
		{"pitarra", "pitarra;", "pitarra"},
		{"pitarra", "  pitarra ;; board = 24 ;", "pitarra; board=24"},
		{"pitarra", "?", "?"},
		{"asalto", "Asalto; first=defenders;", "asalto; first=defenders"},
		{"asalto", "asalto; huff=off; chain=straight; blue=fortress",
		 "asalto; blue=fortress; chain=straight; huff=off"},
		{"ocencahuac", "ocencahuac; river=6; chain=yes", "ocencahuac; chain=yes; river=6"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char src[256];
		snprintf(src, sizeof src, "[Game \"%s\"]\n[Rules \"%s\"]\n*", cases[i][0], cases[i][1]);
		tb_reader *r;
		tb_record *rec = tt_parse(src, &r);
		if (tb_reader_ndiags(r) != 0 || strcmp(tb_record_tag(rec, "Rules"), cases[i][2]) != 0)
			fail_msg("Rules \"%s\": %zu diagnostics, value \"%s\", want \"%s\"", cases[i][1],
			         tb_reader_ndiags(r), tb_record_tag(rec, "Rules"), cases[i][2]);
		tb_record_free(rec);
		tb_reader_free(r);
	}
}

static void test_rules_errors(void **state)
{
	(void)state;
	static const char *const cases[][3] = {
		{"pitarra", "asalto; board=25", "must start with the game's name, 'pitarra'"},
		{"pitarra", "pitarra; board", "rule option 'board' must be written key=value"},
		{"pitarra", "pitarra; board=", "rule option 'board' must be written key=value"},
		{"pitarra", "pitarra; =25", "must be written key=value"},
		{"pitarra", "pitarra; Board=25", "rule option 'Board' must be written"},
		{"pitarra", "pitarra; movement=a b", "rule option 'movement' must be written"},
		{"pitarra", "pitarra; movement=a\tb", "rule option 'movement' must be written"},
		{"pitarra", "pitarra; board=26", "board must be 24 or 25"},
		{"pitarra", "pitarra; board=25; board=24", "rule option 'board' is given twice"},
		{"pitarra", "board=25", "must start with the game's name"},
		{"ocencahuac", "ocencahuac; river=7", "river must be 4, 5 or 6"},
		{"ocencahuac", "ocencahuac; river=45", "river must be 4, 5 or 6"},
		{"ocencahuac", "ocencahuac; river=x", "river must be 4, 5 or 6"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char src[256];
		snprintf(src, sizeof src, "[Game \"%s\"]\n[Rules \"%s\"]\n*", cases[i][0], cases[i][1]);
		tb_reader *r;
		tb_record *rec = tt_parse(src, &r);
		int ok = tb_reader_ndiags(r) >= 1 && tb_reader_diag(r, 0)->code == TB_D_RULES &&
		         strstr(tb_reader_diag(r, 0)->message, cases[i][2]) != NULL;
		if (!ok)
			fail_msg("Rules \"%s\": %zu diagnostics, first: %s", cases[i][1],
			         tb_reader_ndiags(r),
			         tb_reader_ndiags(r) ? tb_reader_diag(r, 0)->message : "-");
		const tb_diag *d = tb_reader_diag(r, 0);
		assert_int_equal(d->line, 2);
		assert_int_equal(d->col, 8);
		assert_int_equal(tb_reader_ndiags(r), 1);
		tb_record_free(rec);
		tb_reader_free(r);
	}
}

/* A record's Rules, missing or "?", is what tb_record_tag says ("?"),
 * and the engine reads that as the game's defaults, as the reader does:
 * the same start and the same perft as no rules at all. */
static void test_missing_rules_mean_the_defaults(void **state)
{
	(void)state;
	static const char *const srcs[] = {
		"[Game \"pitarra\"]\n*", "[Game \"asalto\"]\n[Rules \"?\"]\n*",
		"[Game \"ocencahuac\"]\n*", "[Game \"pitarra\"]\n[Rules \"pitarra\"]\n*"};
	for (size_t i = 0; i < sizeof srcs / sizeof srcs[0]; i++) {
		tb_record *rec = tt_parse_clean(srcs[i]);
		const char *rules = tb_record_tag(rec, "Rules");
		assert_string_equal(rules, i == 3 ? "pitarra" : "?");
		char *why = NULL;
		tb_engine *e = tb_engine_new(tb_record_game(rec), rules, NULL, &why);
		tb_engine *d = tb_engine_new(tb_record_game(rec), NULL, NULL, NULL);
		if (!e)
			fail_msg("%s: the engine refuses Rules \"%s\": %s", srcs[i], rules, why);
		assert_non_null(d);
		char *pe = tb_engine_position(e), *pd = tb_engine_position(d);
		assert_string_equal(pe, pd);
		assert_true(tb_engine_perft(e, 2) == tb_engine_perft(d, 2));
		free(pe);
		free(pd);
		tb_engine_free(e);
		tb_engine_free(d);
		tb_record_free(rec);
	}
	char *why = NULL; /* "?" is the whole value, not an option */
	assert_null(tb_engine_new(tb_game_find("pitarra"), "?; board=25", NULL, &why));
	assert_non_null(why);
	free(why);
}

/* What tags.c's S_game takes for granted of the [Rules] value "?",
 * asking neither: the pattern matches it, and tb_rules_read reads no
 * option of it and leaves its spelling as written, for every game. */
static void test_rules_unknown_value(void **state)
{
	(void)state;
	assert_int_equal(tb_tag_format_matches(TB_TAGFMT_RULES, "?"), 1);
	assert_int_equal(tb_tag_format_pcre(TB_TAGFMT_RULES, "?"), 1);
	static const char *const games[] = {"pitarra", "asalto", "ocencahuac"};
	for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
		const tb_game *g = tb_game_find(games[i]);
		assert_non_null(g);
		tb_arena a = {0};
		tb_opts opts;
		opts.n = 3;
		opts.nrenamed = 2;
		const char *value = "?", *canon = NULL, *arg = NULL;
		assert_null(tb_rules_read(&a, g, value, &opts, &canon, &arg));
		assert_int_equal(opts.n, 0);
		assert_int_equal(opts.nrenamed, 0);
		assert_ptr_equal(canon, value);
		tb_arena_free(&a);
	}
}

static void test_too_many_rule_options(void **state)
{
	(void)state;
	/* every option of the game at once is fine, and sorted */
	tb_record *rec = tt_parse_clean(PIT "[Rules \"pitarra; limit=40; blocked=lose; "
	                                "columpio=no_return; capture=optional; protect=tercia; "
	                                "flying=at3; movement=slide; diagonals=movement; "
	                                "board=25\"]\n*");
	assert_string_equal(tb_record_tag(rec, "Rules"),
	                    "pitarra; blocked=lose; board=25; capture=optional; "
	                    "columpio=no_return; diagonals=movement; flying=at3; limit=40; "
	                    "movement=slide; protect=tercia");
	tb_record_free(rec);
	/* past TB_MAX_OPTS the syntax gives up before the names are checked */
	tt_str s = {0};
	tt_puts(&s, PIT "[Rules \"pitarra");
	for (int i = 0; i <= TB_MAX_OPTS; i++)
		tt_printf(&s, "; k%02d=%d", i, i);
	tt_puts(&s, "\"]\n*");
	tt_assert_codes(s.d, "207");
	tb_reader *r;
	rec = tt_parse(s.d, &r);
	assert_non_null(strstr(tb_reader_diag(r, 0)->message, "too many rule options"));
	tb_record_free(rec);
	tb_reader_free(r);
	/* an option the game does not have */
	tt_assert_codes(PIT "[Rules \"pitarra; k00=0\"]\n*", "207");
	free(s.d);
}

static void test_rules_change_the_board(void **state)
{
	(void)state;
	tt_assert_codes(PIT "1. d4 *", "301");
	tt_assert_codes(PIT "[Rules \"pitarra; board=25\"]\n1. d4 a1 2. d4-d5 *", "");
	tt_assert_codes(PIT "[Rules \"pitarra; board=24\"]\n1. d4 *", "301");
	/* a bad option leaves the default board */
	tt_assert_codes(PIT "[Rules \"pitarra; board=26\"]\n1. d4 *", "207 301");
	tt_assert_codes("[Game \"ocencahuac\"]\n[Rules \"ocencahuac; river=6\"]\n1. c2-c3 c10-c9 *", "");
	tt_assert_codes("[Game \"ocencahuac\"]\n[Rules \"ocencahuac; river=5\"]\n1. c2-c3 c9-c8 "
	                "2. c3-c4 c8-c10 *",
	                "301");
	tt_assert_codes("[Game \"ocencahuac\"]\n1. c2-c3 c8-c9 *", "301");
}

/* ===== Result and Source ===== */

static void test_result_tag_values(void **state)
{
	(void)state;
	static const char *const ok[][2] = {
		{"1-0", "1-0"}, {"0-1", "0-1"}, {"1/2-1/2", "1/2-1/2"}, {"*", "*"}, {"?", "*"},
	};
	for (size_t i = 0; i < 5; i++) {
		char src[128];
		snprintf(src, sizeof src, PIT "[Result \"%s\"]\n*", ok[i][0]);
		tb_record *rec = tt_parse_clean(src);
		assert_string_equal(tb_record_tag(rec, "Result"), ok[i][1]);
		tb_record_free(rec);
	}
	static const char *const bad[] = {"ganó el rojo", "1-1", "½-½", "1:0", "1-0 ", "0"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char src[128];
		snprintf(src, sizeof src, PIT "[Result \"%s\"]\n*", bad[i]);
		tb_reader *r;
		tb_record *rec = tt_parse(src, &r);
		const tb_diag *d = tt_find(r, TB_D_RESULT_TAG);
		assert_int_equal(d->line, 2);
		assert_int_equal(d->col, 9);
		assert_non_null(strstr(d->message, bad[i]));
		tb_record_free(rec);
		tb_reader_free(r);
	}
}

/* Could some digits in place of the '?'s of the two characters at 's'
 * make a number in lo..hi? By trying all of them. */
static int S_could_be(const char *s, int lo, int hi)
{
	for (int v = lo; v <= hi; v++)
		if ((s[0] == '?' || s[0] - '0' == v / 10) && (s[1] == '?' || s[1] - '0' == v % 10))
			return 1;
	return 0;
}

/* The Date pattern against enumeration: every month and day spelled
 * from the characters that matter, with both separators. */
static void test_date_pattern_vs_enumeration(void **state)
{
	(void)state;
	static const char chars[] = "01239?";
	size_t n = sizeof chars - 1, checked = 0;
	for (size_t a = 0; a < n * n * n * n; a++) {
		char m[3] = {chars[a % n], chars[a / n % n], 0};
		char d[3] = {chars[a / n / n % n], chars[a / n / n / n % n], 0};
		for (int sep = 0; sep < 2; sep++) {
			char v[16];
			snprintf(v, sizeof v, "19?8%c%s%c%s", ".-"[sep], m, ".-"[sep], d);
			int want = S_could_be(m, 1, 12) && S_could_be(d, 1, 31);
			if (tb_tag_format_matches(TB_TAGFMT_DATE, v) != want)
				fail_msg("Date \"%s\": the pattern says %d, enumeration %d", v,
				         !want, want);
			snprintf(v, sizeof v, "2001%c%s", ".-"[sep], m);
			if (tb_tag_format_matches(TB_TAGFMT_DATE, v) != S_could_be(m, 1, 12))
				fail_msg("Date \"%s\": the pattern disagrees", v);
			checked += 2;
		}
	}
	assert_int_equal(checked, 5184);
	static const char *const bad[] = {"1998.07-01", "1998-07.01", "98.07.01", "19980701",
	                                  "1998.7.1", "1998.07.01 ", "1998.07.01\n", "x998"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		if (tb_tag_format_matches(TB_TAGFMT_DATE, bad[i]))
			fail_msg("Date \"%s\" matched", bad[i]);
	assert_non_null(tb_tag_pattern("Date"));
	assert_null(tb_tag_pattern("Site"));
}

/* tb_tag_format_matches answers the usual values without the pattern:
 * its answers are the pattern's, for every value it could shortcut --
 * dates of ten characters in every digit, '?', '.' and '-' near the
 * limits, sources with and without '@', rules near "?". */
static void test_format_quick_is_the_pattern(void **state)
{
	(void)state;
	static const char c[] = "0123459?.-x";
	size_t n = sizeof c - 1, checked = 0;
	for (size_t a = 0; a < n * n * n * n; a++) {
		char v[11] = "1998.07.21";
		v[5] = c[a % n];
		v[6] = c[a / n % n];
		v[8] = c[a / n / n % n];
		v[9] = c[a / n / n / n % n];
		for (int y = 0; y < 4; y++) {
			static const char *const years[] = {"1998", "????", "19?8", "19x8"};
			memcpy(v, years[y], 4);
			v[4] = v[7] = '.';
			for (int sep = 0; sep < 3; sep++) {
				if (sep == 1)
					v[7] = '-';
				if (sep == 2)
					v[4] = '-';
				if (tb_tag_format_matches(TB_TAGFMT_DATE, v) !=
				    tb_tag_format_pcre(TB_TAGFMT_DATE, v))
					fail_msg("Date \"%s\": the quick answer is not the pattern's", v);
				checked++;
				/* and now and then each of its beginnings: the quick
				 * answer reads up to the NUL, not a length */
				for (size_t cut = 0; a % 13 == 0 && cut < 10; cut++) {
					char p[11];
					memcpy(p, v, cut);
					p[cut] = '\0';
					if (tb_tag_format_matches(TB_TAGFMT_DATE, p) !=
					    tb_tag_format_pcre(TB_TAGFMT_DATE, p))
						fail_msg("Date \"%s\": the quick answer is not the pattern's", p);
				}
			}
		}
	}
	assert_int_equal(checked, 12 * 14641);
	static const char *const other[][2] = {
		{"Cinta 3", "s"}, {"", "s"}, {"Cinta @ 01:02:03", "s"}, {"@", "s"},
		{"línea\nsegunda", "s"}, {"a@b", "s"}, {"?", "r"}, {"??", "r"}, {" ?", "r"},
		{"? ", "r"}, {"", "r"}, {"asalto", "r"}, {"", "d"}, {"1998", "d"},
		{"1998.07.21x", "d"}, {"1998.07.2", "d"},
	};
	for (size_t i = 0; i < sizeof other / sizeof other[0]; i++) {
		tb_tag_format_kind k = other[i][1][0] == 's' ? TB_TAGFMT_SOURCE
		                     : other[i][1][0] == 'r' ? TB_TAGFMT_RULES : TB_TAGFMT_DATE;
		if (tb_tag_format_matches(k, other[i][0]) != tb_tag_format_pcre(k, other[i][0]))
			fail_msg("\"%s\": the quick answer is not the pattern's", other[i][0]);
	}
	/* sources: a start, '@', blanks, then one or two time codes with
	 * digits drawn near their limits, and now and then something more,
	 * by a fixed pseudo-random sequence */
	static const char *const start[] = {"", "Cinta 3 ", "a@b ", "@", "x@ 1:00:00 "};
	static const char *const more[] = {"", "", "", " ", "x", "@", "\n", "-", ":00"};
	unsigned long seed = 19;
	size_t matched = 0;
	for (int i = 0; i < 40000; i++) {
		char v[128];
		size_t len = (size_t)snprintf(v, sizeof v, "%s@", start[i % 5]);
		for (int part = 0; part < 2; part++) {
			seed = seed * 6364136223846793005UL + 1442695040888963407UL;
			unsigned long x = seed >> 16;
			if (part == 0)
				for (unsigned long b = x % 3; b > 0; b--)
					v[len++] = (x >> 30) % 5 ? ' ' : 'x';
			if (part == 1 && x % 2)
				break;
			if (part == 1)
				v[len++] = '-';
			static const char digits[] = "05609x";
			for (unsigned long d = (x >> 2) % 5; d > 0; d--)
				v[len++] = "1234"[d % 4];
			for (int f = 0; f < 2; f++) {
				v[len++] = (x >> (8 + 3 * f)) % 8 ? ':' : '.';
				v[len++] = digits[(x >> (12 + 4 * f)) % 6];
				v[len++] = digits[(x >> (14 + 4 * f)) % 6];
			}
		}
		v[len] = '\0';
		strcat(v, more[(seed >> 40) % 9]);
		int want = tb_tag_format_pcre(TB_TAGFMT_SOURCE, v);
		if (tb_tag_format_matches(TB_TAGFMT_SOURCE, v) != want)
			fail_msg("Source \"%s\": the quick answer is not the pattern's", v);
		matched += (size_t)want;
	}
	assert_true(matched > 500 && matched < 39500); /* both answers were tried (752) */
	assert_true(tb_tag_format_matches(TB_TAGFMT_DATE, "????.??.??"));
	assert_true(tb_tag_format_matches(TB_TAGFMT_SOURCE, "Cuaderno 3"));
	assert_false(tb_tag_format_matches(TB_TAGFMT_DATE, "1998.13.01"));
}

static void test_source_timecodes(void **state)
{
	(void)state;
	static const char *const ok[] = {
		"Cinta 3, lado A @ 00:12:30-00:19:05", "Video 2 @ 1:02:03", "Video @123:59:59",
		"Cuaderno 3, página 12", "@ 0:00:00", "a@b @ 01:00:00-999:59:59",
	};
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		char src[256];
		snprintf(src, sizeof src, PIT "[Source \"%s\"]\n*", ok[i]);
		tb_record *rec = tt_parse_clean(src);
		assert_string_equal(tb_record_tag(rec, "Source"), ok[i]);
		tb_record_free(rec);
	}
	static const char *const bad[] = {
		"Video 2 @ 12 minutos", "Video @ 1:60:00", "Video @ 1:00:60", "Video @ 1234:00:00",
		"Video @ 1:02:03-", "Video @ 1:02:03-1:02:04-1:02:05", "Video @ 1:2:03",
		"Video @", "Video @ 1:02:03 ", "Video @ :02:03", "Video @ 1:02:03x",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char src[256];
		snprintf(src, sizeof src, PIT "[Source \"%s\"]\n*", bad[i]);
		tb_reader *r;
		tb_record *rec = tt_parse(src, &r);
		if (tb_reader_ndiags(r) != 1 || tb_reader_diag(r, 0)->code != TB_D_SOURCE)
			fail_msg("Source \"%s\" was not refused", bad[i]);
		assert_int_equal(tb_reader_diag(r, 0)->col, 9);
		assert_int_equal(tb_reader_diag(r, 0)->end_col, 9 + strlen(bad[i]) + 2);
		tb_record_free(rec);
		tb_reader_free(r);
	}
}

/* ===== Position ===== */

static void test_position_tag(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean("[Game \"asalto\"]\n[Position \"D 7 D:e7,c5 A:d4,c4  huff=c5\"]\n*");
	assert_string_equal(tb_record_tag(rec, "Position"), "D 7 A:c4,d4 D:c5,e7 huff=c5");
	tb_record_free(rec);

	tt_assert_fmt(PIT "[Position \"R 1 R:a1,h8 Y:\"]\n*",
	              "t.tgn:2:21: error: bad La Pitarra position: 'h8' is not a point of the "
	              "La Pitarra board [TB208]\n"
	              "[Position \"R 1 R:a1,h8 Y:\"]\n"
	              "                    ^~\n");
	/* the board of the record's Rules is the one that counts */
	rec = tt_parse_clean(PIT "[Rules \"pitarra; board=25\"]\n[Position \"R 20 R:d4,a1 Y:g7 hand=0,0\"]\n*");
	assert_string_equal(tb_record_tag(rec, "Position"), "R 20 R:a1,d4 Y:g7");
	assert_non_null(rec);
	tb_record_free(rec);
	tt_assert_codes(PIT "[Position \"R 20 R:d4,a1 Y:g7 hand=0,0\"]\n*", "208");
}

/* ===== Internals ===== */

/* A value the canonical form keeps as written that starts or ends with
 * a blank is warned of (TB215), whichever way the tag line was read (the
 * fast tier's plain shape, an escape, a tab); a value read by its format
 * is not, nor a [Source] whose timecode's error covers its end. */
static void test_tag_value_blank_edges(void **state)
{
	(void)state;
	static const struct {
		const char *tags;
		size_t warned;
	} cases[] = {
		{"[Site \" Amealco\"]", 1},       {"[Site \"Amealco \"]", 1},
		{"[Site \" Amealco \"]", 1},      {"[Red \"\tAna\"]", 1},
		{"[Notes \"dijo \\\"ya\\\" \"]", 1}, {"[Site \"San Juan\"]", 0},
		{"[Site \"?\"]", 0},              {"[Rules \" pitarra \"]", 0},
		{"[Result \"*\"]", 0},            {"[Source \" Cinta 1 @ 00:01:00\"]", 1},
		{"[Source \"Cinta 1 @ 00:01:00 \"]", 0},
		{"[X1 \"1\"]\n[X2 \"2\"]\n[X3 \"3\"]\n[X4 \"4\"]\n[X5 \"5 \"]", 1},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char src[160];
		snprintf(src, sizeof src, PIT "%s\n*", cases[i].tags);
		tb_reader *r;
		tb_record *rec = tt_parse(src, &r);
		size_t warned = 0;
		for (size_t k = 0; k < tb_reader_ndiags(r); k++)
			if (tb_reader_diag(r, k)->code == TB_D_TAG_BLANK) {
				assert_int_equal(tb_reader_diag(r, k)->severity, TB_WARNING);
				warned++;
			}
		if (warned != cases[i].warned)
			fail_msg("%s: %zu warnings of a blank", cases[i].tags, warned);
		tb_record_free(rec);
		tb_reader_free(r);
	}
	/* kept as written */
	tt_assert_fmt(PIT "[Site \"Amealco \"]\n*",
	              "t.tgn:2:7: warning: the value of [Site] ends with a blank, kept as "
	              "written [TB215]\n[Site \"Amealco \"]\n      ^~~~~~~~~~\n"
	              "[Game \"pitarra\"]\n[Rules \"?\"]\n[Site \"Amealco \"]\n"
	              "[Date \"????.??.??\"]\n[Red \"?\"]\n[Yellow \"?\"]\n[Result \"*\"]\n\n*\n");
}

static void test_tag_list(void **state)
{
	(void)state;
	tb_tag_list l = {0};
	assert_null(tb_tag_list_find(&l, "Game"));
	for (int i = 0; i < 100; i++) {
		char *name = malloc(16);
		snprintf(name, 16, "T%d", i);
		tb_tag t = {0};
		t.name = name;
		t.value = "v";
		t.span.line = (unsigned)i + 1;
		tb_tag_list_add(&l, &t);
	}
	assert_int_equal(l.n, 100);
	/* a tag comes back whole, every field (the list copies it field by
	 * field, tags.c): each byte of one given distinct values */
	tb_tag whole;
	unsigned char *b = (unsigned char *)&whole;
	for (size_t i = 0; i < sizeof whole; i++)
		b[i] = (unsigned char)(i * 7 + 1);
	whole.name = "Whole";
	assert_null(tb_tag_list_add(&l, &whole));
	const tb_tag *got = tb_tag_list_find(&l, "Whole");
	assert_non_null(got);
	assert_memory_equal(got, &whole, sizeof whole);
	l.n--; /* not malloc'ed: not freed below */
	const tb_tag *t = tb_tag_list_find(&l, "T57");
	assert_non_null(t);
	assert_int_equal(t->span.line, 58);
	assert_null(tb_tag_list_find(&l, "t57"));
	/* a second tag of a name is not added: the first is returned */
	tb_tag again = {0};
	again.name = "T57";
	again.value = "w";
	assert_ptr_equal(tb_tag_list_add(&l, &again), t);
	assert_int_equal(l.n, 100);
	for (size_t i = 0; i < l.n; i++)
		free((char *)l.v[i].name);
	tb_tag_list_free(&l);

	/* The roster's tags (their slots) and names near theirs (no slot):
	 * every one found by name, each the first of its name. */
	static const char *const names[] = {
		"Game", "Rules", "Site", "Date", "Result", "Event", "Round", "Informant",
		"Recorder", "Transcriber", "Annotator", "Source", "Recording", "Facsimile", "Language", "Community",
		"Access", "Notes", "Position", "Red", "Yellow", "Attackers", "Defenders",
		"Gam", "Games", "game", "Rule", "Resulted", "R", "Accesss", "Zeta", "_x", "Ñandú",
	};
	size_t n = sizeof names / sizeof names[0];
	tb_tag_list k = {0};
	for (size_t i = 0; i < n; i++) {
		tb_tag x = {0};
		x.name = names[n - 1 - i]; /* in another order than the roster's */
		x.value = "v";
		x.span.line = (unsigned)(n - i);
		assert_null(tb_tag_list_add(&k, &x));
	}
	for (size_t i = 0; i < n; i++) {
		const tb_tag *f = tb_tag_list_find(&k, names[i]);
		assert_non_null(f);
		assert_string_equal(f->name, names[i]);
		assert_int_equal(f->span.line, i + 1);
		tb_tag x = {0};
		x.name = names[i];
		assert_ptr_equal(tb_tag_list_add(&k, &x), f);
	}
	assert_int_equal(k.n, n);
	/* the slot by name and length: the roster's names in TB_TAG_*
	 * order, the others none; only the 'n' bytes given are read */
	for (size_t i = 0; i < n; i++)
		assert_int_equal(tb_tag_known(names[i], strlen(names[i])),
		                 i < TB_KNOWN_TAGS ? (int)i : -1);
	assert_int_equal(tb_tag_known("Gamea", 4), TB_TAG_GAME);
	assert_int_equal(tb_tag_known("Recorders", 8), TB_TAG_RECORDER);
	assert_int_equal(tb_tag_known("Recorders", 9), -1);
	assert_int_equal(tb_tag_known("Round", 5), TB_TAG_ROUND);
	assert_int_equal(tb_tag_known("Rules", 5), TB_TAG_RULES);
	assert_int_equal(tb_tag_known("", 0), -1);
	assert_null(tb_tag_list_find(&k, "Notes "));
	assert_null(tb_tag_list_find(&k, "Sitio"));
	tb_tag_list_free(&k);
}

/* [Access] read for one thing: whether it forbids publication (access.c):
 * whole words, not after a negation, any language's list, without case,
 * accents or Arabic short vowels. */
static void test_access_forbids(void **state)
{
	(void)state;
	static const struct { const char *value, *phrase; } cases[] = {
		{"Restringido: menores de edad", "restringido"},
		{"consulta en sala; no publicar nombres", "no publicar"},
		{"PROHIBIDO PUBLICAR", "prohibido publicar"},
		{"Prohibida su publicacion", "prohibida su publicación"},
		{"Do not publish before 2030", "do not publish"},
		{"\xd9\x85\xd9\x81\xd8\xaa\xd9\x88\xd8\xad\xd8\x9b \xd9\x84\xd8\xa7 "
		 "\xd9\x8a\xd9\x8f\xd9\x86\xd9\x92\xd8\xb4\xd9\x8e\xd8\xb1", /* مفتوح؛ لا يُنْشَر */
		 "\xd9\x84\xd8\xa7 \xd9\x8a\xd9\x8f\xd9\x86\xd8\xb4\xd8\xb1"},
		{"Acceso no restringido", NULL},
		{"unrestricted; public", NULL},
		{"sin restringir", NULL},       /* not the word "restringido" */
		{"Restringidos", NULL},         /* not a whole word of the list */
		{"\xd8\xba\xd9\x8a\xd8\xb1 \xd9\x85\xd9\x82\xd9\x8a\xd8\xaf", NULL}, /* غير مقيد */
		{"Consulta libre en sala", NULL},
		{"P\xc3\xba" "blico", NULL},
		{"", NULL},
		{"\xd9\x8b\xd9\x8b", NULL}, /* vowel signs alone: nothing left once folded */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char src[512], phrase[64] = "";
		snprintf(src, sizeof src, PIT "[Access \"%s\"]\n*\n", cases[i].value);
		tb_reader *r;
		tb_record *rec = tt_parse(src, &r);
		assert_non_null(rec);
		int got = tb_record_access_forbids(rec, phrase, sizeof phrase);
		if (got != (cases[i].phrase != NULL))
			fail_msg("[Access \"%s\"]: %d", cases[i].value, got);
		if (cases[i].phrase)
			assert_string_equal(phrase, cases[i].phrase);
		tb_record_free(rec);
		tb_reader_free(r);
	}
	tb_record *none = tt_parse_clean(PIT "*\n");
	assert_int_equal(tb_record_access_forbids(none, NULL, 0), 0);
	tb_record_free(none);
	assert_int_equal(tb_record_access_forbids(NULL, NULL, 0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_canonical_order),
		cmocka_unit_test(test_order_of_many_shapes),
		cmocka_unit_test(test_roster_filled_for_each_game),
		cmocka_unit_test(test_tag_names_are_case_sensitive),
		cmocka_unit_test(test_game_value),
		cmocka_unit_test(test_repeated_tag),
		cmocka_unit_test(test_many_unknown_tags),
		cmocka_unit_test(test_empty_value_is_a_warning),
		cmocka_unit_test(test_tag_syntax_errors),
		cmocka_unit_test(test_tag_values_keep_escapes_and_text),
		cmocka_unit_test(test_date_forms),
		cmocka_unit_test(test_bad_dates),
		cmocka_unit_test(test_rules_canonical),
		cmocka_unit_test(test_rules_errors),
		cmocka_unit_test(test_missing_rules_mean_the_defaults),
		cmocka_unit_test(test_rules_unknown_value),
		cmocka_unit_test(test_too_many_rule_options),
		cmocka_unit_test(test_rules_change_the_board),
		cmocka_unit_test(test_result_tag_values),
		cmocka_unit_test(test_date_pattern_vs_enumeration),
		cmocka_unit_test(test_format_quick_is_the_pattern),
		cmocka_unit_test(test_source_timecodes),
		cmocka_unit_test(test_position_tag),
		cmocka_unit_test(test_tag_value_blank_edges),
		cmocka_unit_test(test_tag_list),
		cmocka_unit_test(test_access_forbids),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
