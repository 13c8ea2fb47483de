/*
 * test_oom_engines.c -- out of memory in the rules engines, as
 * test_oom.c does it for reading and writing (oom.h): each operation run
 * clean, then with its Nth allocation failing, once and then for good;
 * each run must give the clean run's very output or say TB_ENOMEM (NULL
 * where a pointer is returned) -- never a crash, an abort or an output
 * cut short unseen; under ASan (make check-san) never a leak.
 *
 * The operations: each sample's positions through tb_record_engine at
 * several plies and tb_node_engine (the start, and the first node of
 * each variation of the main line; and Ocencahuac records whose replay
 * stops at an illegal turn, explained), each drawn as text, its position,
 * whether the game is over, and its legal turns listed with their
 * events and positions; from each game's start (tb_engine_new): perft
 * to depth 2, divide, two random games, a turn played and one refused;
 * an engine set up from a position under named rules, and one refused. The records are
 * read with no allocation failing (test_oom.c fails those): only the
 * operation's own allocations are counted. Every N is tried: none of
 * these makes more than a few thousand allocations. Only tablero.h is
 * used, as a program built on the library would.
 */
#include "oom.h"

/* Reads the first record of 'src' with no allocation failing and not
 * counted; NULL when it has errors. */
static tb_record *S_read(const char *src, size_t len)
{
	unsigned long fail = oom_fail, count = oom_count;
	oom_fail = 0;
	tb_reader *r = tb_reader_new_mem(src, len, "t.tgn");
	tb_record *rec = NULL;
	if (tb_reader_next(r, &rec) != 1 || tb_record_errors(rec)) {
		tb_record_free(rec);
		rec = NULL;
	}
	tb_reader_free(r);
	oom_fail = fail;
	oom_count = count;
	return rec;
}

typedef struct S_list {
	tt_str *out;
	size_t calls;
} S_list;

static void S_legal(void *ctx, const char *token, const char *events, const char *position)
{
	S_list *l = ctx;
	l->calls++;
	tt_printf(l->out, "  %s [%s] %s\n", token, events, position);
}

/* A legal turn told as a report, its events typed. */
static void S_legal_turn(void *ctx, const tb_turn_report *t)
{
	S_list *l = ctx;
	l->calls++;
	tt_printf(l->out, "  %u/%d %s %s %s:", t->number, t->side, t->token, t->position,
	          t->over ? t->over : "-");
	for (size_t i = 0; i < t->nevents; i++)
		tt_printf(l->out, " %d %s %s %u", (int)t->ev[i].type,
		          t->ev[i].point ? t->ev[i].point : "-", t->ev[i].to ? t->ev[i].to : "-",
		          t->ev[i].count);
	tt_puts(l->out, "\n");
}

/* What an engine shows: its board, position, end, and legal turns; 0
 * when memory ran out (and TB_ENOMEM or NULL said so). */
static int S_show(tt_str *out, tb_engine *e)
{
	char *board = tb_engine_board(e, 0), *pos = tb_engine_position(e);
	char *over = tb_engine_over(e);
	int ok = board && pos && tb_engine_status(e) == 0;
	if (ok)
		tt_printf(out, "%s%s\nover: %s\n", board, pos, over ? over : "-");
	free(board);
	free(pos);
	free(over);
	if (!ok)
		return 0;
	tt_str turns = {0};
	S_list l = {&turns, 0};
	size_t n = tb_engine_legal(e, S_legal, &l);
	char *t = tt_take(&turns);
	if (tb_engine_status(e) == TB_ENOMEM) {
		assert_int_equal(n, 0);
		free(t);
		return 0;
	}
	assert_int_equal(n, l.calls);
	tt_printf(out, "%zu legal:\n%s", n, t ? t : "");
	free(t);
	tt_str reports = {0};
	S_list lr = {&reports, 0};
	n = tb_engine_legal_turns(e, S_legal_turn, &lr);
	t = tt_take(&reports);
	if (tb_engine_status(e) == TB_ENOMEM) {
		assert_int_equal(n, 0);
		free(t);
		return 0;
	}
	assert_int_equal(n, lr.calls);
	tt_printf(out, "%zu legal turns:\n%s", n, t ? t : "");
	free(t);
	return 1;
}

/* An engine from tb_record_engine or tb_node_engine: 'why' or what it
 * shows; 0 when memory ran out. */
static int S_engine(tt_str *out, tb_engine *e, const tb_reached *at, char *why)
{
	if (!e) {
		if (!why) /* out of memory */
			return 0;
		tt_printf(out, "no engine: %s\n", why);
		free(why);
		return 1;
	}
	assert_null(why);
	tt_printf(out, "ply %ld stopped %d at %u:%u '%s' '%s' (%s)\n", at->ply, at->stopped,
	          at->line, at->col, at->last, at->stop, at->why);
	int ok = S_show(out, e);
	tb_engine_free(e);
	return ok;
}

static char *S_record_engines(const char *src, size_t len)
{
	tb_record *rec = S_read(src, len);
	if (!rec)
		return strdup("errors\n");
	tt_str out = {0};
	long plies = (long)tb_record_plies(rec);
	long at_ply[] = {0, 1, plies / 2, plies, -1};
	int ok = 1;
	for (size_t i = 0; ok && i < sizeof at_ply / sizeof at_ply[0]; i++) {
		tb_reached at;
		char *why = NULL;
		tb_engine *e = tb_record_engine(rec, at_ply[i], &at, &why);
		ok = S_engine(&out, e, &at, why);
	}
	/* the start, and the first node of each variation of the main line */
	for (tb_node *n = tb_line_first(tb_record_main(rec)); ok && n; n = tb_node_next(n))
		for (tb_line *v = tb_node_variation(n); ok && v; v = tb_line_next(v)) {
			tb_reached at;
			char *why = NULL;
			tb_node *first = tb_line_first(v);
			if (!first)
				continue;
			tb_engine *e = tb_node_engine(rec, first, &at, &why);
			ok = S_engine(&out, e, &at, why);
		}
	if (ok) {
		tb_reached at;
		char *why = NULL;
		tb_engine *e = tb_node_engine(rec, NULL, &at, &why);
		ok = S_engine(&out, e, &at, why);
	}
	tb_record_free(rec);
	char *s = tt_take(&out);
	if (!ok) {
		free(s);
		return NULL;
	}
	return s ? s : strdup("");
}

static void S_each_record_engine(const char *src, size_t len, const char *name)
{
	oom_each_failure(S_record_engines, src, len, name);
}

static void test_record_engines(void **state)
{
	(void)state;
	oom_samples(S_each_record_engine);
}

/* Illegal turns, which the replay stops at and the rules explain (the
 * words are made with buffers of their own in Ocencahuac). */
static void test_illegal(void **state)
{
	(void)state;
	static const char *const turn2[] = {"2. b3xc1 e7^b7", "2. b3-c2 e7^b7",
	                                    "2. b3-c1 e7^b6", "2. b3-c1 e7^b7>a7",
	                                    "2. b3-c1= e7^b7"};
	for (size_t i = 0; i < sizeof turn2 / sizeof turn2[0]; i++) {
		tt_str src = {0};
		tt_printf(&src, "[Game \"ocencahuac\"]\n\n1. c1-b3 c8-d6\n%s\n3. c1-e2 d7^d5 *\n",
		          turn2[i]);
		char *text = tt_take(&src);
		oom_each_failure(S_record_engines, text, strlen(text), turn2[i]);
		free(text);
	}
}

/* ===== From a game's start ===== */

static void S_divided(void *ctx, const char *token, unsigned long long n)
{
	tt_printf(ctx, "  %s %llu\n", token, n);
}

/* 'src' is the game's name. */
static char *S_start(const char *src, size_t len)
{
	(void)len;
	char *why = NULL;
	tb_engine *e = tb_engine_new(tb_game_find(src), NULL, NULL, &why);
	if (!e) {
		assert_null(why); /* the defaults always load */
		return NULL;
	}
	tt_str out = {0};
	int ok = 1;
	for (int d = 0; ok && d <= 2; d++) {
		unsigned long long n = tb_engine_perft(e, d);
		ok = tb_engine_status(e) == 0;
		if (ok)
			tt_printf(&out, "perft %d: %llu\n", d, n);
		else
			assert_true(n == 0);
	}
	if (ok) {
		tt_str div = {0};
		size_t n = tb_engine_divide(e, 2, S_divided, &div);
		char *t = tt_take(&div);
		ok = tb_engine_status(e) == 0;
		if (ok)
			tt_printf(&out, "divide 2: %zu\n%s", n, t ? t : "");
		free(t);
	}
	for (unsigned long long seed = 1; ok && seed <= 2; seed++) {
		size_t glen = 0;
		char *g = tb_engine_random_game(e, seed, 40, &glen);
		ok = g != NULL;
		if (ok) {
			assert_int_equal(glen, strlen(g));
			tt_printf(&out, "%s", g);
		}
		free(g);
	}
	if (ok)
		ok = S_show(&out, e);
	if (ok) { /* the first legal turn played, and a token that is none */
		char *before = tb_engine_position(e);
		ok = before != NULL;
		tt_str first = {0};
		S_list l = {&first, 0};
		if (ok)
			tb_engine_legal(e, S_legal, &l);
		char *t = tt_take(&first);
		ok = ok && tb_engine_status(e) == 0 && t;
		char tok[64] = "";
		if (ok)
			sscanf(t, " %63s", tok);
		free(t);
		char *ev = NULL, *why2 = NULL;
		int rc = ok ? tb_engine_play(e, "zz9-zz9", &ev, &why2) : 0;
		if (ok && rc == TB_ENOMEM) {
			assert_null(ev);
			assert_null(why2);
			ok = 0;
		} else if (ok) {
			assert_int_equal(rc, TB_EINVAL);
			tt_printf(&out, "refused: %s\n", why2);
		}
		free(why2);
		rc = ok && *tok ? tb_engine_play(e, tok, &ev, NULL) : 0; /* none: incomplete */
		if (ok && rc == TB_ENOMEM) {
			char *after = tb_engine_position(e);
			if (after) /* the engine is unchanged */
				assert_string_equal(after, before);
			free(after);
			ok = 0;
		} else if (ok && *tok) {
			assert_int_equal(rc, 0);
			tt_printf(&out, "played %s: [%s]\n", tok, ev);
			ok = S_show(&out, e);
		}
		free(ev);
		free(before);
	}
	tb_engine_free(e);
	return oom_result(&out, ok);
}

/* 'src' is "game|position": an engine set up from a position under the
 * game's named rules, and one refused (an option the game has not). */
static char *S_setup(const char *src, size_t len)
{
	(void)len;
	char game[32];
	const char *bar = strchr(src, '|');
	snprintf(game, sizeof game, "%.*s", (int)(bar - src), src);
	const tb_game *g = tb_game_find(game);
	char *why = NULL;
	tb_engine *e = tb_engine_new(g, "nosuchoption=1", NULL, &why);
	assert_null(e);
	if (!why) /* out of memory */
		return NULL;
	tt_str out = {0};
	tt_printf(&out, "refused: %s\n", why);
	free(why);
	why = NULL;
	e = tb_engine_new(g, game, bar + 1, &why);
	int ok = e != NULL;
	if (!e)
		assert_null(why);
	if (ok)
		ok = S_show(&out, e);
	tb_engine_free(e);
	return oom_result(&out, ok);
}

/* The position after the first legal turn of each game's start. */
static void test_setup(void **state)
{
	(void)state;
	for (size_t i = 0; tb_game_at(i); i++) {
		const tb_game *g = tb_game_at(i);
		char *why = NULL;
		tb_engine *e = tb_engine_new(g, NULL, NULL, &why);
		free(why);
		if (!e || tb_engine_incomplete(e)) {
			tb_engine_free(e);
			continue;
		}
		tt_str first = {0};
		S_list l = {&first, 0};
		tb_engine_legal(e, S_legal, &l);
		char *t = tt_take(&first), tok[64] = "";
		sscanf(t, " %63s", tok);
		free(t);
		assert_int_equal(tb_engine_play(e, tok, NULL, NULL), 0);
		char *pos = tb_engine_position(e);
		tb_engine_free(e);
		tt_str src = {0};
		tt_printf(&src, "%s|%s", tb_game_name(g), pos);
		free(pos);
		char *text = tt_take(&src);
		oom_each_failure(S_setup, text, strlen(text), text);
		free(text);
	}
}

static void test_starts(void **state)
{
	(void)state;
	for (size_t i = 0; tb_game_at(i); i++) {
		const tb_game *g = tb_game_at(i);
		char *why = NULL;
		tb_engine *e = tb_engine_new(g, NULL, NULL, &why);
		free(why);
		if (!e) /* no rules engine yet */
			continue;
		tb_engine_free(e);
		const char *name = tb_game_name(g);
		oom_each_failure(S_start, name, strlen(name), name);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_record_engines),
		cmocka_unit_test(test_illegal),
		cmocka_unit_test(test_starts),
		cmocka_unit_test(test_setup),
	};
	return cmocka_run_group_tests(tests, oom_setup, oom_teardown);
}
