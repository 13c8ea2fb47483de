/*
 * test_games.c -- lib/game.c and lib/game_*.c: the registry, each
 * game's board and move-token grammar, points and the move writer.
 */
#include "tb_test.h"

#include "diag.h"
#include "game.h"

/* The games' descriptors (lib/games/<name>/game.c), by their symbols. */
extern const tb_game tb_game_pitarra;
extern const tb_game tb_game_asalto;
extern const tb_game tb_game_ocencahuac;

/* ===== The registry ===== */

static void test_game_at_iterates_the_registry(void **state)
{
	(void)state;
	/* every game built in once, then NULL: however many there are (a
	 * game added to lib/games/ changes nothing here, tests/extra_game.sh) */
	size_t count = 0;
	while (tb_games_built_in[count])
		count++;
	assert_true(count >= 3);
	size_t n = 0;
	for (; tb_game_at(n); n++) {
		assert_true(n < count);
		const tb_game *g = tb_game_at(n);
		assert_ptr_equal(tb_game_find(tb_game_name(g)), g);
		for (size_t k = 0; k < n; k++)
			assert_ptr_not_equal(tb_game_at(k), g);
		assert_int_equal(tb_game_bit(g), (uint64_t)1 << n);
	}
	assert_int_equal(n, count);
	assert_null(tb_game_at(count + 1));
	assert_null(tb_game_at(1000));
	assert_null(tb_game_at((size_t)-1));
	assert_int_equal(tb_game_bit(NULL), 0);
	/* the house's three are among them */
	assert_non_null(tb_game_find("pitarra"));
	assert_non_null(tb_game_find("asalto"));
	assert_non_null(tb_game_find("ocencahuac"));
}

/* The lists' order is the games' places (game.h), whatever the order of
 * the generated registry; the messages list them so: the house's three
 * first (La Pitarra the default game), any other after them. */
static void test_games_in_their_places(void **state)
{
	(void)state;
	assert_string_equal(tb_game_name(tb_game_at(0)), "pitarra");
	assert_string_equal(tb_game_name(tb_game_at(1)), "asalto");
	assert_string_equal(tb_game_name(tb_game_at(2)), "ocencahuac");
	/* the lists: every game in its place, "," between, the word before
	 * the last */
	char want_and[512] = "", want_or[512] = "", s[512];
	size_t count = 0;
	while (tb_game_at(count))
		count++;
	for (size_t i = 0; i < count; i++) {
		const char *name = tb_game_name(tb_game_at(i));
		const char *sep = i == 0 ? "" : i + 1 == count ? " and " : ", ";
		const char *sep_or = i == 0 ? "" : i + 1 == count ? " or " : ", ";
		snprintf(want_and + strlen(want_and), sizeof want_and - strlen(want_and), "%s%s", sep,
		         name);
		snprintf(want_or + strlen(want_or), sizeof want_or - strlen(want_or),
		         i ? "%s\"%s\"" : "%s[Game \"%s\"]", sep_or, name);
	}
	tb_game_names(s, sizeof s, "", "and", "", "");
	assert_string_equal(s, want_and);
	assert_true(strncmp(s, "pitarra, asalto", 15) == 0);
	tb_game_names(s, sizeof s, "\"", "or", "[Game ", "]");
	assert_string_equal(s, want_or);
	tb_game_names(s, 12, "", "and", "", ""); /* cut short, terminated */
	assert_string_equal(s, "pitarra, as");
}

/* Each option of each game's table has a key, values and a line of doc,
 * as many as the descriptor says (noptions, O_COUNT: a designated
 * initializer left out leaves a hole of NULLs, which is caught, not
 * read as the end), and each game has its words in English. */
static void test_option_tables_complete(void **state)
{
	(void)state;
	for (size_t i = 0; tb_game_at(i); i++) {
		const tb_game *g = tb_game_at(i);
		assert_true(g->noptions >= 1);
		assert_true(g->noptions <= TB_MAX_OPTS);
		for (size_t k = 0; k < g->noptions; k++) {
			assert_non_null(g->options[k].key);
			assert_non_null(g->options[k].values);
			assert_non_null(g->options[k].doc);
		}
		assert_null(g->options[g->noptions].key);
		assert_non_null(g->words);
		assert_string_equal(g->words[0].lang, "en");
	}
}

/* Value 'v' (from 0) of "a|b|c" into 'out'; 0 when there is none. */
static int S_value_at(const char *values, unsigned v, char *out, size_t n)
{
	const char *p = values;
	for (unsigned k = 0; k < v; k++) {
		p = strchr(p, '|');
		if (!p)
			return 0;
		p++;
	}
	size_t len = strcspn(p, "|");
	snprintf(out, n, "%.*s", (int)len, p);
	return 1;
}

/* The names the rules read option values by (tb_game.value_names): each
 * name's text is at its place in its option's "a|b|c", and every value
 * of every option has one name -- so a value moved in the table, or one
 * added and not named, fails here rather than changing the rules. */
static void test_option_values_named(void **state)
{
	(void)state;
	for (size_t i = 0; tb_game_at(i); i++) {
		const tb_game *g = tb_game_at(i);
		assert_non_null(g->value_names);
		unsigned named[TB_MAX_OPTS][16];
		memset(named, 0, sizeof named);
		for (const tb_option_value *v = g->value_names; v->text; v++) {
			assert_true(v->option < g->noptions);
			assert_true(v->value < 16);
			char text[64] = "";
			if (!S_value_at(g->options[v->option].values, v->value, text, sizeof text) ||
			    strcmp(text, v->text) != 0)
				fail_msg("%s: option %s, value %u is '%s' in \"%s\", named '%s'", g->name,
				         g->options[v->option].key, v->value, text,
				         g->options[v->option].values, v->text);
			named[v->option][v->value]++;
		}
		for (unsigned o = 0; o < g->noptions; o++) {
			char text[64];
			for (unsigned v = 0; S_value_at(g->options[o].values, v, text, sizeof text); v++)
				if (named[o][v] != 1)
					fail_msg("%s: %s=%s has %u names, not one", g->name, g->options[o].key,
					         text, named[o][v]);
		}
	}
}

/* Is 's' an event's name: small letters in words, one space between? */
static int S_event_name_form(const char *s)
{
	int letters = 0;
	for (; *s; s++) {
		if (*s == ' ' && letters && s[1] != '\0')
			letters = 0;
		else if (*s >= 'a' && *s <= 'z')
			letters++;
		else
			return 0;
	}
	return letters > 0;
}

/* Every game's own events (tb_game.events) are kinds from TB_EV_GAME
 * on, each game's after the games' before it, named as no other kind,
 * found by name and by number; a kind past the last is none. */
static void test_game_events(void **state)
{
	(void)state;
	unsigned next = TB_EV_GAME;
	for (size_t i = 0; tb_game_at(i); i++) {
		const tb_game *g = tb_game_at(i);
		unsigned n = 0;
		for (; g->events && g->events[n].name; n++, next++) {
			const tb_game_event *e = &g->events[n];
			const tb_game *of = NULL;
			if (!S_event_name_form(e->name))
				fail_msg("%s: event '%s' is not small letters in words", g->name, e->name);
			assert_int_equal(tb_game_event_kind(g, n), next);
			assert_ptr_equal(tb_game_event_of(next, &of), e);
			assert_ptr_equal(of, g);
			assert_string_equal(tb_event_name((tb_event_kind)next), e->name);
			if (tb_event_kind_of(e->name) != (tb_event_kind)next)
				fail_msg("%s: event '%s' is another kind's name", g->name, e->name);
			assert_int_equal(e->fields & ~(TB_EVF_POINT | TB_EVF_TO | TB_EVF_COUNT), 0);
			assert_false((e->fields & TB_EVF_POINT) && (e->fields & TB_EVF_COUNT));
		}
		assert_int_equal(tb_game_event_kind(g, n), 0);
	}
	assert_true(next <= 256);
	assert_null(tb_game_event_of(next, NULL));
	assert_null(tb_event_name((tb_event_kind)next));
	assert_null(tb_game_event_of(TB_EV_KINDS, NULL));
	assert_int_equal(tb_game_event_kind(NULL, 0), 0);
}

/* Every game's own parts (tb_game.parts) are kinds from TB_PART_GAME
 * on, each game's after the games' before it, named as no other kind
 * (small letters, as the schema's part-kind), found by name and by
 * number, with a symbol no shared kind writes; a kind past the last is
 * none. The shared kinds keep their names and symbols. */
static void test_game_parts(void **state)
{
	(void)state;
	static const char shared_seps[] = "-^x>@H";
	unsigned next = TB_PART_GAME;
	for (size_t i = 0; tb_game_at(i); i++) {
		const tb_game *g = tb_game_at(i);
		unsigned n = 0;
		for (; g->parts && g->parts[n].name; n++, next++) {
			const tb_game_part *p = &g->parts[n];
			const tb_game *of = NULL;
			for (const char *c = p->name; *c; c++)
				if (*c < 'a' || *c > 'z')
					fail_msg("%s: part '%s' is not small letters", g->name, p->name);
			assert_int_equal(tb_game_part_kind(g, n), next);
			assert_ptr_equal(tb_game_part_of(next, &of), p);
			assert_ptr_equal(of, g);
			assert_string_equal(tb_part_name(next), p->name);
			if (tb_part_kind_of(p->name) != (int)next)
				fail_msg("%s: part '%s' is another kind's name", g->name, p->name);
			if (p->sep && strchr(shared_seps, p->sep))
				fail_msg("%s: part '%s' writes a shared kind's symbol", g->name, p->name);
			assert_int_equal(tb_part_sep(next), p->sep);
			assert_int_equal(tb_part_to(next), (p->fields & TB_PARTF_TO) != 0);
			assert_int_equal(tb_part_moves(next), (p->fields & TB_PARTF_MOVES) != 0);
			assert_int_equal(p->fields & ~(TB_PARTF_TO | TB_PARTF_MOVES), 0);
		}
		assert_int_equal(tb_game_part_kind(g, n), 0);
	}
	assert_true(next <= 256);
	assert_null(tb_game_part_of(next, NULL));
	assert_null(tb_part_name(next));
	assert_null(tb_part_name(TB_PART_KINDS));
	assert_int_equal(tb_part_kind_of("no such part"), -1);
	assert_int_equal(tb_part_kind_of("at"), -1); /* XML's <place> or <from> */
	assert_int_equal(tb_part_kind_of(NULL), -1);
	assert_int_equal(tb_part_kind_of("relocate"), TB_PART_RELOCATE);
	assert_int_equal(tb_part_sep(TB_PART_HOP), '^');
	assert_true(tb_part_to(TB_PART_PUSH) && !tb_part_moves(TB_PART_PUSH));
	assert_true(tb_part_moves(TB_PART_AT) && !tb_part_goes(TB_PART_AT));
	assert_true(tb_part_goes(TB_PART_CAPTURE) && !tb_part_goes(TB_PART_REMOVE));
	assert_int_equal(tb_game_part_kind(NULL, 0), 0);
}

static void test_game_find(void **state)
{
	(void)state;
	assert_ptr_equal(tb_game_find("pitarra"), &tb_game_pitarra);
	assert_ptr_equal(tb_game_find("PITARRA"), &tb_game_pitarra);
	assert_ptr_equal(tb_game_find("Asalto"), &tb_game_asalto);
	assert_ptr_equal(tb_game_find("oCeNcAhUaC"), &tb_game_ocencahuac);
	assert_null(tb_game_find("chess"));
	assert_null(tb_game_find(""));
	assert_null(tb_game_find("pitarra "));
	assert_null(tb_game_find("pitar"));
	assert_null(tb_game_find("la pitarra"));
	assert_string_equal(tb_game_name(&tb_game_pitarra), "pitarra");
	assert_string_equal(tb_game_title(&tb_game_pitarra), "La Pitarra");
	assert_string_equal(tb_game_title(&tb_game_asalto), "Asalto");
	assert_string_equal(tb_game_title(&tb_game_ocencahuac), "Ocencahuac");
	assert_string_equal(tb_game_pitarra.side_tag[0], "Red");
	assert_string_equal(tb_game_asalto.side_tag[1], "Defenders");
	assert_string_equal(tb_game_ocencahuac.side_tag[0], "Sanganguey");
	assert_string_equal(tb_version(), TB_VERSION);
}

/* The options and side tags an editor's completion lists (tb_game_option,
 * tb_game_side_tag): every option of each game's table, in order, each
 * of whose values an engine takes; nothing past the last, or for NULL. */
static void test_game_options_listed(void **state)
{
	(void)state;
	for (size_t k = 0; tb_game_at(k); k++) {
		const tb_game *g = tb_game_at(k);
		const char *key, *values, *doc;
		size_t i = 0;
		for (; tb_game_option(g, i, &key, &values, &doc); i++) {
			assert_ptr_equal(key, g->options[i].key);
			assert_non_null(values);
			assert_true(*values != '\0');
			for (const char *v = values; *v;) { /* each value, as completion offers it */
				char rules[256];
				const char *bar = strchr(v, '|');
				int vn = bar ? (int)(bar - v) : (int)strlen(v);
				snprintf(rules, sizeof rules, "%s; %s=%.*s", tb_game_name(g), key,
				         *v == '#' ? 1 : vn, *v == '#' ? "1" : v);
				char *why = NULL;
				tb_engine *e = tb_engine_new(g, rules, NULL, &why);
				assert_non_null(e); /* "#" is offered as 1, which every limit takes */
				tb_engine_free(e);
				free(why);
				v += vn + (bar != NULL);
			}
		}
		assert_true(i > 0);
		assert_null(g->options[i].key);
		assert_int_equal(tb_game_option(g, i + 5, &key, NULL, NULL), 0);
		assert_ptr_equal(tb_game_side_tag(g, 0), g->side_tag[0]);
		assert_ptr_equal(tb_game_side_tag(g, 1), g->side_tag[1]);
		assert_null(tb_game_side_tag(g, 2));
	}
	assert_int_equal(tb_game_option(NULL, 0, NULL, NULL, NULL), 0);
	assert_null(tb_game_side_tag(NULL, 0));
}

/* ===== Boards ===== */

typedef struct S_variant {
	const tb_game *g;
	const char *rules;      /* [Rules] value, or NULL */
	const char *opt_key, *opt_value;
	const char *points;     /* every point of the board */
	int npoints;
} S_variant;

static const S_variant S_variants[] = {
	{&tb_game_pitarra, NULL, NULL, NULL,
	 "a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7", 24},
	{&tb_game_pitarra, "pitarra; board=25", "board", "25",
	 "a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 d4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7", 25},
	{&tb_game_asalto, NULL, NULL, NULL,
	 "c1 d1 e1 c2 d2 e2 a3 b3 c3 d3 e3 f3 g3 a4 b4 c4 d4 e4 f4 g4 "
	 "a5 b5 c5 d5 e5 f5 g5 c6 d6 e6 c7 d7 e7", 33},
	{&tb_game_ocencahuac, NULL, NULL, NULL, "5x8", 40},
	{&tb_game_ocencahuac, "ocencahuac; river=5", "river", "5", "5x9", 45},
	{&tb_game_ocencahuac, "ocencahuac; river=6", "river", "6", "5x10", 50},
};

static int S_on_board(const S_variant *v, int file, int rank)
{
	if (strncmp(v->points, "5x", 2) == 0)
		return file < 5 && rank < atoi(v->points + 2);
	char pt[16];
	snprintf(pt, sizeof pt, "%c%d", 'a' + file, rank + 1);
	const char *p = strstr(v->points, pt);
	return p && (p[strlen(pt)] == ' ' || p[strlen(pt)] == '\0') &&
	       (p == v->points || p[-1] == ' ');
}

static tb_board S_board(const S_variant *v)
{
	tb_board b;
	tb_opts o = {0};
	if (v->opt_key) {
		o.key[0] = v->opt_key;
		o.value[0] = v->opt_value;
		o.n = 1;
	}
	assert_null(v->g->board(&b, &o));
	return b;
}

static void test_boards_by_scanning_points(void **state)
{
	(void)state;
	for (size_t k = 0; k < sizeof S_variants / sizeof S_variants[0]; k++) {
		const S_variant *v = &S_variants[k];
		tb_board b = S_board(v);
		int valid = 0;
		for (int file = 0; file < 8; file++) {
			for (int rank = 0; rank < 10; rank++) {
				char pt[16];
				snprintf(pt, sizeof pt, "%c%d", 'a' + file, rank + 1);
				tb_syntax_err err = {0, 1, ""};
				tb_scan sc = {pt, strlen(pt), 0, &b, v->g->title, &err, NULL};
				tb_point p = 0;
				int rc = tb_scan_point(&sc, &p);
				int want = S_on_board(v, file, rank);
				if ((rc == 0) != want)
					fail_msg("%s %s: %s is %s", v->g->name, v->rules ? v->rules : "",
					         pt, rc == 0 ? "accepted" : "refused");
				if (rc == 0) {
					valid++;
					assert_int_equal(p, TB_PT(file, rank));
					assert_int_equal(sc.i, strlen(pt));
				} else {
					assert_int_equal(err.offset, 0);
					assert_int_equal(err.len, strlen(pt));
					char msg[128];
					snprintf(msg, sizeof msg, "'%s' is not a point of the %s board", pt,
					         v->g->title);
					assert_string_equal(err.msg, msg);
				}
			}
		}
		assert_int_equal(valid, v->npoints);
	}
}

static void test_boards_through_records(void **state)
{
	(void)state;
	for (size_t k = 0; k < sizeof S_variants / sizeof S_variants[0]; k++) {
		const S_variant *v = &S_variants[k];
		for (int file = 0; file < 8; file++) {
			for (int rank = 0; rank < 10; rank++) {
				char pt[16], src[256];
				snprintf(pt, sizeof pt, "%c%d", 'a' + file, rank + 1);
				/* La Pitarra places on a point; the others step from it to it */
				int n = snprintf(src, sizeof src, "[Game \"%s\"]\n", v->g->name);
				if (v->rules)
					n += snprintf(src + n, sizeof src - (size_t)n, "[Rules \"%s\"]\n", v->rules);
				if (v->g == &tb_game_pitarra)
					snprintf(src + n, sizeof src - (size_t)n, "1. %s *", pt);
				else
					snprintf(src + n, sizeof src - (size_t)n, "1. %s-%s *", pt, pt);
				tb_reader *r;
				tb_record *rec = tt_parse(src, &r);
				int want = S_on_board(v, file, rank);
				if (want && tb_reader_ndiags(r) != 0)
					fail_msg("%s: %s refused", v->rules ? v->rules : v->g->name, pt);
				if (!want && (tb_reader_ndiags(r) != 1 || tb_reader_diag(r, 0)->code != TB_D_MOVE))
					fail_msg("%s: %s accepted", v->rules ? v->rules : v->g->name, pt);
				tb_record_free(rec);
				tb_reader_free(r);
			}
		}
	}
}

static void test_board_shapes_and_options(void **state)
{
	(void)state;
	tb_board b;
	tb_opts o = {0};
	assert_null(tb_game_pitarra.board(&b, &o));
	assert_int_equal(b.files, 7);
	assert_int_equal(b.ranks, 7);
	assert_null(tb_game_asalto.board(&b, &o));
	assert_int_equal(b.files, 7);
	assert_int_equal(b.ranks, 7);
	assert_null(tb_game_ocencahuac.board(&b, &o));
	assert_int_equal(b.files, 5);
	assert_int_equal(b.ranks, 8);
	o.n = 1;
	o.key[0] = "river";
	o.value[0] = "6";
	assert_null(tb_game_ocencahuac.board(&b, &o));
	assert_int_equal(b.ranks, 10);
	o.value[0] = "4";
	assert_null(tb_game_ocencahuac.board(&b, &o));
	assert_int_equal(b.ranks, 8);
	static const char *const bad_river[] = {"3", "7", "45", "", "x", "5 "};
	for (size_t i = 0; i < sizeof bad_river / sizeof bad_river[0]; i++) {
		o.value[0] = bad_river[i];
		assert_string_equal(tb_game_ocencahuac.board(&b, &o), "river must be 4, 5 or 6");
	}
	o.key[0] = "board";
	o.value[0] = "24";
	assert_null(tb_game_pitarra.board(&b, &o));
	assert_int_equal(b.valid[TB_PT(3, 3)], 0);
	o.value[0] = "25";
	assert_null(tb_game_pitarra.board(&b, &o));
	assert_int_equal(b.valid[TB_PT(3, 3)], 1);
	static const char *const bad_board[] = {"26", "", "025", "25x"};
	for (size_t i = 0; i < sizeof bad_board / sizeof bad_board[0]; i++) {
		o.value[0] = bad_board[i];
		assert_string_equal(tb_game_pitarra.board(&b, &o), "board must be 24 or 25");
	}
	/* options a game does not know leave its board alone */
	o.key[0] = "movement";
	o.value[0] = "fly";
	assert_null(tb_game_pitarra.board(&b, &o));
	assert_null(tb_game_asalto.board(&b, &o));
	assert_int_equal(tb_opts_get(&o, "movement")[0], 'f');
	assert_null(tb_opts_get(&o, "board"));
}

/* ===== Points ===== */

static int S_scan(const char *s, const tb_board *b, tb_point *p, tb_syntax_err *err)
{
	tb_scan sc = {s, strlen(s), 0, b, "La Pitarra", err, NULL};
	int rc = tb_scan_point(&sc, p);
	return rc ? -1 : (int)sc.i;
}

static void test_scan_point(void **state)
{
	(void)state;
	tb_board b;
	tb_opts o = {0};
	tb_game_pitarra.board(&b, &o);
	tb_point p;
	tb_syntax_err err = {0, 1, ""};
	assert_int_equal(S_scan("?", &b, &p, &err), 1);
	assert_int_equal(p, TB_PT_UNKNOWN);
	assert_int_equal(S_scan("D1", &b, &p, &err), 2); /* capital files */
	assert_int_equal(p, TB_PT(3, 0));
	assert_int_equal(S_scan("g7-a1", &b, &p, &err), 2);
	assert_int_equal(p, TB_PT(6, 6));
	assert_int_equal(S_scan("", &b, &p, &err), -1);
	assert_string_equal(err.msg, "a point is missing at the end");
	assert_int_equal(S_scan("1", &b, &p, &err), -1);
	assert_string_equal(err.msg, "expected a point here");
	assert_int_equal(S_scan("d", &b, &p, &err), -1);
	assert_string_equal(err.msg, "expected a point (a file letter and a rank number) here");
	assert_int_equal(err.offset, 0);
	assert_int_equal(S_scan("d0", &b, &p, &err), -1);
	assert_string_equal(err.msg, "'d0' is not a point of the La Pitarra board");
	assert_int_equal(S_scan("z9", &b, &p, &err), -1);
	assert_int_equal(S_scan("\xC3\xA9" "1", &b, &p, &err), -1); /* 'é' is no file */
}

static void test_is_point(void **state)
{
	(void)state;
	tb_board b;
	tb_opts o = {0};
	tb_game_asalto.board(&b, &o);
	assert_int_equal(tb_is_point(&b, "c5", NULL), 1);
	assert_int_equal(tb_is_point(&b, "C5", NULL), 1);
	assert_int_equal(tb_is_point(&b, "g3", NULL), 1);
	assert_int_equal(tb_is_point(&b, "?", NULL), 0); /* a known point */
	assert_int_equal(tb_is_point(&b, "c5x", NULL), 0);
	assert_int_equal(tb_is_point(&b, "a1", NULL), 0);
	assert_int_equal(tb_is_point(&b, "", NULL), 0);
	assert_int_equal(tb_is_point(&b, "c", NULL), 0);
}

static void test_point_with_leading_zero_is_not_a_point(void **state)
{
	(void)state;
	/* spec §13: point = file rank, rank 1-99; the canonical form writes
	 * "d1", and §10 lists no "d01" among the lenient spellings a reader
	 * takes. */
	tt_assert_codes("[Game \"pitarra\"]\n1. d01 *", "301");
	tt_assert_codes("[Game \"pitarra\"]\n1. a007 *", "301");
}

static void test_point_write(void **state)
{
	(void)state;
	tb_buf b = TB_BUF_INIT;
	tb_point_write(&b, TB_PT(0, 0));
	tb_buf_putc(&b, ' ');
	tb_point_write(&b, TB_PT(4, 9));
	tb_buf_putc(&b, ' ');
	tb_point_write(&b, TB_PT(7, 15));
	tb_buf_putc(&b, ' ');
	tb_point_write(&b, TB_PT_UNKNOWN);
	assert_string_equal(b.data, "a1 e10 h16 ?");
	tb_buf_free(&b);
	assert_int_equal(TB_PT_FILE(TB_PT(4, 9)), 4);
	assert_int_equal(TB_PT_RANK(TB_PT(4, 9)), 9);
	assert_true(TB_PT(7, 15) < TB_PT_UNKNOWN);
	assert_true(TB_PT(0, 0) != TB_PT_NONE);
}

/* ===== Move tokens ===== */

static const char *const S_kind[] = {"AT", "STEP", "HOP", "CAPTURE", "REMOVE",
                                     "PUSH", "RELOCATE", "HUFF"};

typedef struct S_tok_case {
	const char *token;  /* as written, no suffix */
	const char *parts;  /* "AT d1,STEP d2" then "=" per crown */
	const char *canon;  /* tb_move_write, NULL for the token itself */
} S_tok_case;

/* Reads 'token' with 'g''s grammar on its default board. */
static void S_check_token(const tb_game *g, const S_tok_case *c)
{
	tb_board b;
	tb_opts o = {0};
	g->board(&b, &o);
	tb_syntax_err err = {0, 1, ""};
	tb_scan sc = {c->token, strlen(c->token), 0, &b, g->title, &err, NULL};
	tb_move_builder mb;
	mb.n = 0;
	mb.crown = 0;
	if (g->parse_move(&sc, &mb) != 0)
		fail_msg("%s: '%s' refused: %s", g->name, c->token, err.msg);
	if (sc.i != sc.n)
		fail_msg("%s: '%s' read up to %zu only", g->name, c->token, sc.i);
	tb_buf s = TB_BUF_INIT;
	for (unsigned i = 0; i < mb.n; i++) {
		tb_buf_printf(&s, "%s%s ", i ? "," : "", S_kind[mb.parts[i].kind]);
		tb_point_write(&s, mb.parts[i].pt);
	}
	for (unsigned i = 0; i < mb.crown; i++)
		tb_buf_putc(&s, '=');
	if (strcmp(s.data ? s.data : "", c->parts) != 0)
		fail_msg("%s: '%s' gives %s, want %s", g->name, c->token, s.data, c->parts);
	tb_buf_free(&s);
	tb_move m = {(uint8_t)mb.n, mb.crown, mb.parts};
	tb_move_write(&s, &m);
	assert_string_equal(s.data, c->canon ? c->canon : c->token);
	tb_buf_free(&s);
}

static void test_pitarra_tokens(void **state)
{
	(void)state;
	static const S_tok_case cases[] = {
		{"d1", "AT d1", NULL},
		{"a1-a4", "AT a1,STEP a4", NULL},
		{"d1xg7", "AT d1,REMOVE g7", NULL},
		{"a1-a4xg7", "AT a1,STEP a4,REMOVE g7", NULL},
		{"?", "AT ?", NULL},
		{"?-d2", "AT ?,STEP d2", NULL},
		{"a1-?x?", "AT a1,STEP ?,REMOVE ?", NULL},
		{"g1x?", "AT g1,REMOVE ?", NULL},
		{"D1", "AT d1", "d1"},
		{"G1-G4xA7", "AT g1,STEP g4,REMOVE a7", "g1-g4xa7"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		S_check_token(&tb_game_pitarra, &cases[i]);
}

static void test_asalto_tokens(void **state)
{
	(void)state;
	static const S_tok_case cases[] = {
		{"c3-c4", "AT c3,STEP c4", NULL},
		{"d6xd4", "AT d6,CAPTURE d4", NULL},
		{"d6xd4xf4xd4", "AT d6,CAPTURE d4,CAPTURE f4,CAPTURE d4", NULL},
		{"e7xe5xc5xc3xa3xa5xc5", "AT e7,CAPTURE e5,CAPTURE c5,CAPTURE c3,CAPTURE a3,CAPTURE a5,CAPTURE c5", NULL},
		{"Hd6/c3-c4", "HUFF d6,AT c3,STEP c4", NULL},
		{"Hd6/pass", "HUFF d6", NULL},
		{"H?/?-c4", "HUFF ?,AT ?,STEP c4", NULL},
		{"Hd4/e7xe5", "HUFF d4,AT e7,CAPTURE e5", NULL},
		{"C3-C4", "AT c3,STEP c4", "c3-c4"},
		{"?x?", "AT ?,CAPTURE ?", NULL},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		S_check_token(&tb_game_asalto, &cases[i]);
}

static void test_ocencahuac_tokens(void **state)
{
	(void)state;
	static const S_tok_case cases[] = {
		{"c2-c3", "AT c2,STEP c3", NULL},
		{"a2^a4", "AT a2,HOP a4", NULL},
		{"a2^a4>a7", "AT a2,HOP a4,PUSH a7", NULL},
		{"b3^b5@c6", "AT b3,HOP b5,RELOCATE c6", NULL},
		{"a2^a4>a7^c4", "AT a2,HOP a4,PUSH a7,HOP c4", NULL},
		{"a2^a4>a8^c4>c8^c6", "AT a2,HOP a4,PUSH a8,HOP c4,PUSH c8,HOP c6", NULL},
		{"b4xd4", "AT b4,CAPTURE d4", NULL},
		{"b4xd4=", "AT b4,CAPTURE d4=", NULL},
		{"c7-c8=", "AT c7,STEP c8=", NULL},
		{"c1-c8==", "AT c1,STEP c8==", NULL},
		{"c6^c4>c8=", "AT c6,HOP c4,PUSH c8=", NULL},
		{"b7x?", "AT b7,CAPTURE ?", NULL},
		{"?^?@?", "AT ?,HOP ?,RELOCATE ?", NULL},
		{"A2^A4>A7", "AT a2,HOP a4,PUSH a7", "a2^a4>a7"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		S_check_token(&tb_game_ocencahuac, &cases[i]);
}

/* The grammar's answer for a bad token: "OFF: message", or "ok+REST"
 * when it read a move and left bytes (the parser then tries a suffix). */
static char *S_grammar(const tb_game *g, const char *token)
{
	static char out[256];
	tb_board b;
	tb_opts o = {0};
	g->board(&b, &o);
	tb_syntax_err err = {0, 1, ""};
	tb_scan sc = {token, strlen(token), 0, &b, g->title, &err, NULL};
	tb_move_builder mb;
	mb.n = 0;
	mb.crown = 0;
	if (g->parse_move(&sc, &mb))
		snprintf(out, sizeof out, "%zu: %s", err.offset, err.msg);
	else
		snprintf(out, sizeof out, "ok+%s", token + sc.i);
	return out;
}

static void test_bad_tokens(void **state)
{
	(void)state;
	const tb_game *P = &tb_game_pitarra, *A = &tb_game_asalto, *O = &tb_game_ocencahuac;
	assert_string_equal(S_grammar(P, "d1-"), "3: a point is missing at the end");
	assert_string_equal(S_grammar(P, "a1-x"), "3: expected a point (a file letter and a rank number) here");
	assert_string_equal(S_grammar(P, "h1"), "0: 'h1' is not a point of the La Pitarra board");
	assert_string_equal(S_grammar(P, "d1xa1xa4"), "ok+xa4");
	assert_string_equal(S_grammar(P, "d1-d2-d3"), "ok+-d3");
	assert_string_equal(S_grammar(P, "d1Xa1"), "ok+Xa1");
	assert_string_equal(S_grammar(P, "d1!"), "ok+!");
	assert_string_equal(S_grammar(A, "c3"), "2: a turn needs a step (c3-c4) or a capture (d6xd4)");
	assert_string_equal(S_grammar(A, "c3+c4"), "2: expected '-' or 'x' here");
	assert_string_equal(S_grammar(A, "Hd6c3-c4"), "3: a huff is written Hd6/ followed by the attackers' move");
	assert_string_equal(S_grammar(A, "Hd6/"), "4: a point is missing at the end");
	assert_string_equal(S_grammar(A, "e7xe5x"), "6: a point is missing at the end");
	assert_string_equal(S_grammar(A, "a1-a2"), "0: 'a1' is not a point of the Asalto board");
	assert_string_equal(S_grammar(A, "c3-c4-c5"), "ok+-c5");
	assert_string_equal(S_grammar(A, "c3-c4xd5"), "ok+xd5");
	assert_string_equal(S_grammar(A, "pass"), "0: expected a point (a file letter and a rank number) here");
	assert_string_equal(S_grammar(O, "c7"), "2: a turn needs a step (c2-c3), a jump (a2^a4) or a capture (b4xd4)");
	assert_string_equal(S_grammar(O, "c7+c8"), "2: expected '-', '^' or 'x' here");
	assert_string_equal(S_grammar(O, "a2^a4>"), "6: a point is missing at the end");
	assert_string_equal(S_grammar(O, "a2^a4@"), "6: a point is missing at the end");
	assert_string_equal(S_grammar(O, "c2-c3==="), "ok+=");
	assert_string_equal(S_grammar(O, "b4xd4x5"), "ok+x5");
	assert_string_equal(S_grammar(O, "c2^c4@b5>b6"), "ok+>b6");
	assert_string_equal(S_grammar(O, "f2-f3"), "0: 'f2' is not a point of the Ocencahuac board");
}

static void test_bad_tokens_in_records(void **state)
{
	(void)state;
	tt_assert_fmt("[Game \"pitarra\"]\n1. d1Xa1 *",
	              "t.tgn:2:6: error: cannot read move 'd1Xa1': unexpected 'X' in the move [TB301]\n"
	              "1. d1Xa1 *\n"
	              "     ^\n");
	tt_assert_fmt("[Game \"asalto\"]\n1. Hd6c3-c4 *",
	              "t.tgn:2:7: error: cannot read move 'Hd6c3-c4': a huff is written Hd6/ followed "
	              "by the attackers' move [TB301]\n"
	              "1. Hd6c3-c4 *\n"
	              "      ^\n");
	tt_assert_fmt("[Game \"ocencahuac\"]\n1. c2-c3=== *",
	              "t.tgn:2:11: error: cannot read move 'c2-c3===': unexpected '=' in the move [TB301]\n"
	              "1. c2-c3=== *\n"
	              "          ^\n");
	/* a token of more than 40 bytes is shortened in the message */
	tb_reader *r;
	tb_record *rec = tt_parse("[Game \"asalto\"]\n1. d6xd4xd6xd4xd6xd4xd6xd4xd6xd4xd6xd4xd6xd4x *", &r);
	const tb_diag *d = tt_find(r, TB_D_MOVE);
	assert_non_null(strstr(d->message, "'d6xd4xd6xd4xd6xd4xd6xd4xd6xd4xd6xd4xd6xd...'"));
	assert_non_null(strstr(d->message, "a point is missing at the end"));
	assert_int_equal(d->col, 46);
	tb_record_free(rec);
	tb_reader_free(r);
}

static void test_tokens_round_trip_through_records(void **state)
{
	(void)state;
	static const char *const games[][2] = {
		{"pitarra", "1. D1 A1 2. g1x? a4 3. a1-a7xg1!! ?-d2 4. a1-?x? d1xg7 *"},
		{"asalto", "1. c3-c4 d6xd4 2. Hd4/e3-e4 pass 3. a3-a4 e7xe5xc5xc3xe3 4. Hd6/pass d6-d5 *"},
		{"ocencahuac", "1. c2-c3 c7-c6 2. b2^b4 c6^c4>c8 3. a2-a3= b7x? 4. c1-c8==!? "
		               "a2^a4>a8^c4>c8^c6 5. b3^b5@c6 ? *"},
	};
	static const char *const want[] = {
		"1. d1 a1\n2. g1x? a4\n3. a1-a7xg1!! ?-d2\n4. a1-?x? d1xg7\n*\n",
		"1. c3-c4 d6xd4\n2. Hd4/e3-e4 pass\n3. a3-a4 e7xe5xc5xc3xe3\n4. Hd6/pass d6-d5\n*\n",
		"1. c2-c3 c7-c6\n2. b2^b4 c6^c4>c8\n3. a2-a3= b7x?\n4. c1-c8==!? a2^a4>a8^c4>c8^c6\n"
		"5. b3^b5@c6 ?\n*\n",
	};
	for (int i = 0; i < 3; i++) {
		char src[512];
		snprintf(src, sizeof src, "[Game \"%s\"]\n%s", games[i][0], games[i][1]);
		char *text = tt_canon(src);
		const char *moves = strstr(text, "\n\n");
		assert_non_null(moves);
		assert_string_equal(moves + 2, want[i]);
		free(text);
	}
}

/* ===== The move writer and builder ===== */

static void test_move_write(void **state)
{
	(void)state;
	tb_part huff[] = {{TB_PART_HUFF, TB_PT(3, 5)}};
	tb_part all[] = {{TB_PART_AT, TB_PT(0, 1)}, {TB_PART_STEP, TB_PT(0, 2)},
	                 {TB_PART_HOP, TB_PT(0, 4)}, {TB_PART_CAPTURE, TB_PT(1, 4)},
	                 {TB_PART_REMOVE, TB_PT_UNKNOWN}, {TB_PART_PUSH, TB_PT(2, 9)},
	                 {TB_PART_RELOCATE, TB_PT(4, 0)}};
	tb_move m = {1, 0, huff};
	tb_buf b = TB_BUF_INIT;
	tb_move_write(&b, &m);
	assert_string_equal(b.data, "Hd6/pass");
	tb_buf_clear(&b);
	m = (tb_move){7, 2, all};
	tb_move_write(&b, &m);
	assert_string_equal(b.data, "a2-a3^a5xb5x?>c10@e1==");
	tb_buf_clear(&b);
	m = (tb_move){0, 0, NULL};
	tb_move_write(&b, &m);
	assert_true(b.data == NULL || b.data[0] == '\0');
	tb_buf_free(&b);
}

static void test_move_builder_limit(void **state)
{
	(void)state;
	tb_syntax_err err = {0, 1, ""};
	tb_scan sc = {"x", 1, 0, NULL, "Asalto", &err, NULL};
	tb_move_builder mb;
	mb.n = 0;
	mb.crown = 0;
	for (int i = 0; i < TB_MAX_PARTS; i++)
		assert_int_equal(tb_mb_add(&mb, &sc, TB_PART_CAPTURE, TB_PT(i % 7, 2)), 0);
	assert_int_equal(mb.n, TB_MAX_PARTS);
	assert_int_equal(tb_mb_add(&mb, &sc, TB_PART_CAPTURE, TB_PT(0, 2)), -1);
	assert_int_equal(mb.n, TB_MAX_PARTS);
	assert_string_equal(err.msg, "a turn has at most 64 parts");
	assert_int_equal(mb.parts[63].pt, TB_PT(0, 2));
}

static void test_scan_accept(void **state)
{
	(void)state;
	tb_syntax_err err = {0, 1, ""};
	tb_scan sc = {"-x", 2, 0, NULL, "", &err, NULL};
	assert_int_equal(tb_scan_accept(&sc, 'x'), 0);
	assert_int_equal(sc.i, 0);
	assert_int_equal(tb_scan_accept(&sc, '-'), 1);
	assert_int_equal(tb_scan_accept(&sc, 'x'), 1);
	assert_int_equal(sc.i, 2);
	assert_int_equal(tb_scan_accept(&sc, '\0'), 0); /* never past the end */
	assert_int_equal(tb_scan_fail(&sc, "at %d", 7), -1);
	assert_string_equal(err.msg, "at 7");
	assert_int_equal(err.offset, 2);
	assert_int_equal(err.len, 1);
}

/* A plain step read the grammar's way: a point, '-', a point, the
 * token's end (tb_scan_point, tb_scan_accept; no point off the board
 * taken). What tb_scan_step must answer for every token. */
static int S_step_by_grammar(const char *tok, size_t n, const tb_board *b, tb_point *from,
                             tb_point *to)
{
	tb_syntax_err err = {0, 1, ""};
	tb_scan sc = {tok, n, 0, b, "a game", &err, NULL};
	return tb_scan_point(&sc, from) == 0 && tb_scan_accept(&sc, '-') &&
	       tb_scan_point(&sc, to) == 0 && sc.i == n;
}

/* Over every token of five bytes from 'abc', on the board game 'g' makes
 * of 'opts': tb_scan_step reads a step exactly when the grammar's way
 * does, the same two points; and the game's notation (parse_move, which
 * reads such a token at once) reads the token as a whole move, with the
 * same parts and no point off the board, exactly when it reads the same
 * bytes followed by a suffix ("c3-c4!", which goes the grammar's way).
 * A step is read as its two parts. Returns how many tokens tb_scan_step
 * read. */
static unsigned long S_steps_as_grammar(const tb_game *g, const tb_opts *opts, const char *abc)
{
	const size_t k = strlen(abc);
	tb_board board;
	assert_null(g->board(&board, opts));
	unsigned long steps = 0;
	char tok[7] = "";
	for (size_t c = 0; c < k * k * k * k * k; c++) {
		for (size_t j = 0, v = c; j < 5; j++, v /= k)
			tok[j] = abc[v % k];
		tok[5] = '!';
		tb_point gp[2] = {0, 0}, fp[2] = {0, 0};
		int by_grammar = S_step_by_grammar(tok, 5, &board, &gp[0], &gp[1]);
		tb_syntax_err err0 = {0, 1, ""};
		tb_scan sc0 = {tok, 5, 0, &board, g->title, &err0, NULL};
		int fast = tb_scan_step(&sc0, &fp[0], &fp[1]);
		/* the grammar also reads "?" and "a10", which tb_scan_step leaves */
		int other = gp[0] == TB_PT_UNKNOWN || gp[1] == TB_PT_UNKNOWN ||
		            TB_PT_RANK(gp[0]) >= 9 || TB_PT_RANK(gp[1]) >= 9;
		if ((fast != by_grammar && !(by_grammar && other)) || sc0.i != (fast ? 5u : 0u) ||
		    (fast && (fp[0] != gp[0] || fp[1] != gp[1])))
			fail_msg("%s, %u ranks: tb_scan_step reads \"%.5s\" %s, the grammar %s", g->name,
			         board.ranks, tok, fast ? "as a step" : "otherwise",
			         by_grammar ? "as a step" : "otherwise");
		tb_move_builder mb[2];
		size_t at[2];
		int rc[2], off[2];
		for (int w = 0; w < 2; w++) { /* w = 0: "c3-c4"; 1: "c3-c4!" */
			tb_syntax_err err = {0, 1, ""}, offb = {0, 0, ""};
			tb_scan sc = {tok, 5 + (size_t)w, 0, &board, g->title, &err, &offb};
			mb[w].n = 0;
			mb[w].crown = 0;
			rc[w] = g->parse_move(&sc, &mb[w]);
			at[w] = sc.i;
			off[w] = offb.len != 0;
		}
		int whole[2] = {rc[0] == 0 && at[0] == 5 && !off[0], rc[1] == 0 && at[1] == 5 && !off[1]};
		if (whole[0] != whole[1] ||
		    (whole[0] && (mb[0].n != mb[1].n || mb[0].crown != mb[1].crown ||
		                  memcmp(mb[0].parts, mb[1].parts, mb[0].n * sizeof mb[0].parts[0]))))
			fail_msg("%s, %u ranks: \"%.5s\" is read %s, \"%.6s\" %s%s", g->name, board.ranks,
			         tok, whole[0] ? "as a whole move" : "otherwise", tok,
			         whole[1] ? "as a whole move then a suffix" : "otherwise",
			         whole[0] && whole[1] ? ", with other parts" : "");
		steps += (unsigned long)fast;
		if (by_grammar && (!whole[0] || mb[0].n != 2 || mb[0].crown ||
		                   mb[0].parts[0].kind != TB_PART_AT || mb[0].parts[0].pt != gp[0] ||
		                   mb[0].parts[1].kind != TB_PART_STEP || mb[0].parts[1].pt != gp[1]))
			fail_msg("%s: the step \"%.5s\" is not read as its two parts", g->name, tok);
	}
	return steps;
}

/* The notations of Asalto and Ocencahuac read a plain step that is the
 * whole token ("c3-c4") at once (tb_scan_step, game.h: no "?", no
 * rank 10, which the grammar reads); the same five
 * bytes followed by a suffix ("c3-c4!") go the grammar's way. The
 * alphabet has files on and off each board, ranks '0', '1'..'9' and ':'
 * (the byte after '9', which a board of ten ranks must not read as rank
 * 10: "a:-a1"), and the signs of the grammars. */
static void test_step_at_once_as_grammar(void **state)
{
	(void)state;
	static const char abc[] = "abcefhk01489:-x^=?";
	/* Asalto: of files a b c e f, c and e on rank 1, all five on rank 4 */
	assert_int_equal(S_steps_as_grammar(&tb_game_asalto, NULL, abc), 7 * 7);
	tb_opts o;
	memset(&o, 0, sizeof o);
	o.n = 1;
	o.key[0] = "river";
	/* Ocencahuac: files a b c e; ranks 1 4 8 on 8 ranks, also 9 on 9 or
	 * 10 (never ':') */
	static const struct {
		const char *river;
		unsigned long steps;
	} rivers[] = {{"4", 12 * 12}, {"5", 16 * 16}, {"6", 16 * 16}};
	for (size_t i = 0; i < sizeof rivers / sizeof rivers[0]; i++) {
		o.value[0] = rivers[i].river;
		assert_int_equal(S_steps_as_grammar(&tb_game_ocencahuac, &o, abc), rivers[i].steps);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_game_at_iterates_the_registry),
		cmocka_unit_test(test_game_find),
		cmocka_unit_test(test_game_events),
		cmocka_unit_test(test_game_parts),
		cmocka_unit_test(test_games_in_their_places),
		cmocka_unit_test(test_option_tables_complete),
		cmocka_unit_test(test_option_values_named),
		cmocka_unit_test(test_boards_by_scanning_points),
		cmocka_unit_test(test_boards_through_records),
		cmocka_unit_test(test_board_shapes_and_options),
		cmocka_unit_test(test_scan_point),
		cmocka_unit_test(test_is_point),
		cmocka_unit_test(test_point_with_leading_zero_is_not_a_point),
		cmocka_unit_test(test_point_write),
		cmocka_unit_test(test_pitarra_tokens),
		cmocka_unit_test(test_asalto_tokens),
		cmocka_unit_test(test_ocencahuac_tokens),
		cmocka_unit_test(test_bad_tokens),
		cmocka_unit_test(test_bad_tokens_in_records),
		cmocka_unit_test(test_tokens_round_trip_through_records),
		cmocka_unit_test(test_move_write),
		cmocka_unit_test(test_move_builder_limit),
		cmocka_unit_test(test_scan_accept),
		cmocka_unit_test(test_step_at_once_as_grammar),
		cmocka_unit_test(test_game_options_listed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
