/*
 * test_grep.c -- searching records through the public API (tablero.h,
 * "Searching records"; spec/compare.md, "tablero grep"): each kind of
 * selector, where it matched, the answer that cannot be told and where
 * it turns, the budget of steps, selectors refused, clones for other
 * threads, the last error, and every allocation failing in turn.
 */
#include "oom.h"

/* spec/compare.md §4's collection: La Pitarra, Asalto, Ocencahuac. */
static const char S_COLECCION[] =
	"[Game \"pitarra\"]\n"
	"[Site \"Los Navajos, El Marqués, Querétaro\"]\n"
	"[Date \"1998.07.12\"]\n"
	"\n"
	"1. d1 d7 2. a1 {buena} g7 3. g1xd7 a7 *\n"
	"\n"
	"[Game \"asalto\"]\n"
	"[Rules \"asalto; chain=zigzag\"]\n"
	"[Site \"Ceuta\"]\n"
	"[Position \"D 10 A:c2,d2,b3,f3,g3,d4,a5,b5,f5,e6 D:e7,a4\"]\n"
	"\n"
	"10... e7xe5xc3xa3 {@ar ثلاث ضربات} *\n"
	"\n"
	"[Game \"ocencahuac\"]\n"
	"[Site \"Tepic, Nayarit\"]\n"
	"[Position \"S 12 S:Ea1,Mb1,Pc1,Ga2,Gb2,Gd2 C:Md3,Gc7,Gd7,Ge7,Pc8,Ee8\"]\n"
	"\n"
	"12. d2^d4>d6 c7-c6 *\n";

/* The rules stop at 4... d2 (occupied): spec/compare.md §4.2. */
static const char S_CORTADA[] = "[Game \"pitarra\"]\n\n"
	"1. d1 d7 2. a1 g7 3. g1xd7 a7 4. d2 d2 5. b2 b6 6. f2 f6 *\n";
/* Eleven turns fit Yellow's '?', one of them a tercia. */
static const char S_ABIERTA[] = "[Game \"pitarra\"]\n"
	"[Position \"Y 20 R:d1,d2,c3,e5 Y:a1,a4,d7,f6 hand=0,0\"]\n\n20... ? 21. e5-e4 *\n";

/* The records of 'src', all without errors; '*n' their number. */
static tb_record **S_records(const char *src, size_t *n)
{
	tb_reader *r = tb_reader_new_mem(src, strlen(src), "t.tgn");
	assert_non_null(r);
	tb_record **recs = NULL, *rec;
	*n = 0;
	while (tb_reader_next(r, &rec) == 1) {
		assert_int_equal(tb_record_errors(rec), 0);
		recs = realloc(recs, (*n + 1) * sizeof *recs);
		assert_non_null(recs);
		recs[(*n)++] = rec;
	}
	tb_reader_free(r);
	return recs;
}

static void S_records_free(tb_record **recs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		tb_record_free(recs[i]);
	free(recs);
}

/* The answers of a query of one selector ('flags', 'kind', 'arg') for
 * each record of the collection, as "YNN" (U: unsure). */
static void S_answers(unsigned flags, tb_grep_kind kind, const char *arg, const char *want)
{
	size_t n;
	tb_record **recs = S_records(S_COLECCION, &n);
	tb_grep *g = tb_grep_new(flags);
	assert_non_null(g);
	if (tb_grep_add(g, kind, arg) != 0)
		fail_msg("'%s' refused: %s", arg, tb_grep_errmsg(g));
	char got[8] = "";
	for (size_t i = 0; i < n && i < sizeof got - 1; i++) {
		int m = tb_grep_record(g, recs[i]);
		got[i] = m == TB_GREP_YES ? 'Y' : m == TB_GREP_NO ? 'N' : m == TB_GREP_UNSURE ? 'U' : '!';
	}
	if (strcmp(got, want) != 0)
		fail_msg("selector %d '%s': %s, not %s", (int)kind, arg, got, want);
	tb_grep_free(g);
	S_records_free(recs, n);
}

static void test_selectors(void **state)
{
	(void)state;
	S_answers(0, TB_GREP_TAG, "Site~Quer", "YNN");
	S_answers(0, TB_GREP_TAG, "Site~quer", "NNN");
	S_answers(TB_GREP_ICASE, TB_GREP_TAG, "Site~QUERÉTARO", "YNN");
	S_answers(0, TB_GREP_TAG, "Site~, [A-Z]\\w+$", "YNY"); /* \w takes é */
	S_answers(0, TB_GREP_TAG, "Date=1998.07.12", "YNN");
	S_answers(0, TB_GREP_TAG, "Date=1998-07-12", "NNN"); /* the canonical value */
	S_answers(0, TB_GREP_TAG, "Site=Ceut", "NNN");        /* the whole value */
	S_answers(TB_GREP_ICASE, TB_GREP_TAG, "Site=ceuta", "NNN"); /* -i not for '=' */
	S_answers(0, TB_GREP_TAG, "Informant~.", "NNN");
	S_answers(0, TB_GREP_COMMENT, "ضربات", "NYN");
	S_answers(0, TB_GREP_COMMENT, "^ثلاث ضربات$", "NYN"); /* no braces, no language */
	S_answers(TB_GREP_ICASE, TB_GREP_COMMENT, "BUENA", "YNN");
	S_answers(0, TB_GREP_MOVES, "^1\\. d1 d7 2\\. a1 g7 3\\. g1xd7 a7 \\*$", "YNN");
	S_answers(0, TB_GREP_MOVES, "d[12]", "YNY");
	S_answers(0, TB_GREP_MOVES, "D1", "NNN");
	S_answers(TB_GREP_ICASE, TB_GREP_MOVES, "D1", "YNN");
	S_answers(0, TB_GREP_EVENT, "capture>=3", "NYN");
	S_answers(0, TB_GREP_EVENT, "capture>=4", "NNN");
	S_answers(0, TB_GREP_EVENT, "capture>=3 per turn", "NYN");
	S_answers(0, TB_GREP_EVENT, "tercia", "YNN");
	S_answers(0, TB_GREP_EVENT, "pushback", "NNY");
	S_answers(0, TB_GREP_EVENT, "coronation", "NNN");
	S_answers(0, TB_GREP_EVENT, "removal=1 per game", "YNN");
	S_answers(0, TB_GREP_EVENT, "tercia>=2 per game", "NNN");
	S_answers(0, TB_GREP_EVENT, "capture<=0 per game", "YNY");
	S_answers(0, TB_GREP_EVENT, "capture>=0 per game", "YYY");
	S_answers(0, TB_GREP_EVENT, "capture=3 per game", "NYN");
}

/* Every selector must match; the search stops at the first that does
 * not, and says where each matched. */
static void test_all_and_where(void **state)
{
	(void)state;
	size_t n;
	tb_record **recs = S_records(S_COLECCION, &n);
	assert_int_equal(n, 3);
	tb_grep *g = tb_grep_new(TB_GREP_ICASE);
	assert_int_equal(tb_grep_add(g, TB_GREP_COMMENT, "buena"), 0);
	assert_int_equal(tb_grep_add(g, TB_GREP_EVENT, "tercia"), 0);
	assert_int_equal(tb_grep_add(g, TB_GREP_MOVES, "G1x"), 0);
	assert_int_equal(tb_grep_add(g, TB_GREP_TAG, "Date=1998.07.12"), 0);
	assert_int_equal(tb_grep_count(g), 4);
	const char *arg = NULL;
	assert_int_equal(tb_grep_selector(g, 2, &arg), TB_GREP_MOVES);
	assert_string_equal(arg, "G1x");
	assert_int_equal(tb_grep_selector(g, 4, &arg), 0);

	assert_int_equal(tb_grep_record(g, recs[0]), TB_GREP_YES);
	assert_int_equal(tb_grep_errcode(g), 0);
	assert_int_equal(tb_grep_which(g), -1);
	assert_true(tb_grep_steps(g) > 0 && tb_grep_steps(g) < 1000);
	size_t nth = 9, start = 0, end = 0;
	assert_int_equal(tb_grep_span(g, 0, &nth, &start, &end), 1); /* the only comment */
	assert_int_equal(nth, 0);
	assert_int_equal(start, 0);
	assert_int_equal(end, 5);
	assert_int_equal(tb_grep_span(g, 2, &nth, &start, &end), 1);
	size_t mlen;
	char *moves = tb_record_movetext(recs[0], &mlen);
	assert_non_null(moves);
	assert_string_equal(moves, "1. d1 d7 2. a1 g7 3. g1xd7 a7 *");
	assert_int_equal(nth, 0);
	assert_int_equal(start, 21);
	assert_memory_equal(moves + start, "g1x", end - start);
	free(moves);
	assert_int_equal(tb_grep_span(g, 3, NULL, &start, &end), 1); /* the whole value */
	assert_int_equal(end - start, strlen("1998.07.12"));
	assert_int_equal(tb_grep_span(g, 1, NULL, NULL, NULL), 0); /* an event */
	unsigned line = 0, col = 0;
	assert_int_equal(tb_grep_turn(g, 1, &line, &col), 1); /* 3. g1xd7: a tercia */
	assert_int_equal(line, 5);
	assert_int_equal(col, 30);
	assert_int_equal(tb_grep_turn(g, 0, &line, &col), 0);

	/* the first selector fails: none of the others is tried */
	assert_int_equal(tb_grep_record(g, recs[1]), TB_GREP_NO);
	assert_int_equal(tb_grep_span(g, 0, NULL, NULL, NULL), 0);
	assert_int_equal(tb_grep_span(g, 2, NULL, NULL, NULL), 0);
	assert_int_equal(tb_grep_turn(g, 1, NULL, NULL), 0);
	assert_int_equal(tb_grep_unsure(g, NULL, NULL, NULL, NULL, NULL), -1);
	tb_grep_free(g);

	/* a comment selector: the first comment that matches, numbered */
	g = tb_grep_new(0);
	assert_int_equal(tb_grep_add(g, TB_GREP_COMMENT, "dos"), 0);
	assert_int_equal(tb_grep_add(g, TB_GREP_EVENT, "tercia<=0 per game"), 0);
	tb_record *rec = tt_parse_clean("{uno} [Game \"pitarra\"]\n\n1. d1 {la dos} *\n");
	assert_int_equal(tb_grep_record(g, rec), TB_GREP_YES);
	assert_int_equal(tb_grep_span(g, 0, &nth, &start, &end), 1);
	assert_int_equal(nth, 1);
	assert_int_equal(start, 3);
	assert_int_equal(end, 6);
	/* counted over the game: no one turn to name */
	assert_int_equal(tb_grep_turn(g, 1, NULL, NULL), 0);
	tb_record_free(rec);
	tb_grep_free(g);
	S_records_free(recs, n);
}

/* The answer that cannot be told: where the rules stop, where an open
 * stretch begins; and what stays told. */
static void test_unsure(void **state)
{
	(void)state;
	tb_record *cortada = tt_parse_clean(S_CORTADA), *abierta = tt_parse_clean(S_ABIERTA);
	tb_grep *g = tb_grep_new(0);
	assert_int_equal(tb_grep_add(g, TB_GREP_EVENT, "tercia"), 0);
	assert_int_equal(tb_grep_record(g, cortada), TB_GREP_YES); /* before the stop */
	tb_grep_free(g);

	g = tb_grep_new(0);
	assert_int_equal(tb_grep_add(g, TB_GREP_MOVES, "d1"), 0);
	assert_int_equal(tb_grep_add(g, TB_GREP_EVENT, "columpio"), 0);
	assert_int_equal(tb_grep_record(g, cortada), TB_GREP_UNSURE);
	assert_int_equal(tb_grep_errcode(g), 0); /* an answer, not a failure */
	assert_int_equal(tb_grep_which(g), 1);
	unsigned line, col, number;
	int side;
	const char *written;
	assert_int_equal(tb_grep_unsure(g, &line, &col, &number, &side, &written), 1);
	assert_int_equal(line, 3);
	assert_int_equal(col, 37);
	assert_int_equal(number, 4);
	assert_int_equal(side, 1);
	assert_string_equal(written, "d2");

	/* an open stretch: 20... ? */
	assert_int_equal(tb_grep_record(g, abierta), TB_GREP_NO); /* no d1 in it */
	assert_int_equal(tb_grep_unsure(g, &line, NULL, NULL, NULL, NULL), -1);
	tb_grep_free(g);
	g = tb_grep_new(0);
	assert_int_equal(tb_grep_add(g, TB_GREP_EVENT, "huff<=0 per game"), 0); /* never derived */
	assert_int_equal(tb_grep_add(g, TB_GREP_EVENT, "tercia"), 0);
	assert_int_equal(tb_grep_record(g, abierta), TB_GREP_UNSURE);
	assert_int_equal(tb_grep_which(g), 1);
	assert_int_equal(tb_grep_unsure(g, &line, &col, &number, &side, &written), 0);
	assert_int_equal(line, 4);
	assert_int_equal(col, 7);
	assert_int_equal(number, 20);
	assert_int_equal(side, 1);
	assert_string_equal(written, "?");
	tb_grep_free(g);

	/* a selector that says no wins over one that cannot tell */
	g = tb_grep_new(0);
	assert_int_equal(tb_grep_add(g, TB_GREP_EVENT, "tercia"), 0);
	assert_int_equal(tb_grep_add(g, TB_GREP_EVENT, "capture"), 0);
	assert_int_equal(tb_grep_record(g, abierta), TB_GREP_NO);
	assert_int_equal(tb_grep_which(g), -1);
	/* columpio: no line of the stretch has one, so it is told */
	tb_grep_free(g);
	g = tb_grep_new(0);
	assert_int_equal(tb_grep_add(g, TB_GREP_EVENT, "columpio"), 0);
	assert_int_equal(tb_grep_record(g, abierta), TB_GREP_NO);
	tb_grep_free(g);
	tb_record_free(cortada);
	tb_record_free(abierta);
}

/* The budget of steps: one for the whole search of a record. */
static void test_budget(void **state)
{
	(void)state;
	char src[1024] = "[Game \"pitarra\"]\n[Notes \"";
	size_t at = strlen(src);
	memset(src + at, 'a', 400);
	strcpy(src + at + 400, "\"]\n1. d1 *\n");
	tb_record *rec = tt_parse_clean(src);
	tb_grep *g = tb_grep_new(0);
	assert_int_equal(tb_grep_add(g, TB_GREP_MOVES, "d1"), 0);
	assert_int_equal(tb_grep_add(g, TB_GREP_TAG, "Notes~(?:a|a){1,22}(?:$|x)"), 0);
	assert_int_equal(tb_grep_record(g, rec), TB_ELIMIT);
	assert_int_equal(tb_grep_errcode(g), TB_ELIMIT);
	assert_non_null(strstr(tb_grep_errmsg(g), "more than 10000000 steps"));
	assert_int_equal(tb_grep_which(g), 1);
	assert_true(tb_grep_steps(g) == (uint64_t)TB_GREP_STEPS + 1);
	/* the same count, the same place: the next search runs out as well */
	assert_int_equal(tb_grep_record(g, rec), TB_ELIMIT);

	/* a small budget: the first selector runs out of it */
	assert_int_equal(tb_grep_set_max_steps(g, 1), 0);
	assert_int_equal(tb_grep_record(g, rec), TB_ELIMIT);
	assert_int_equal(tb_grep_which(g), 0);
	assert_true(tb_grep_steps(g) == 2);
	assert_non_null(strstr(tb_grep_errmsg(g), "more than 1 steps"));
	/* out of range: refused, the budget kept */
	assert_int_equal(tb_grep_set_max_steps(g, 0), TB_EINVAL);
	assert_int_equal(tb_grep_errcode(g), TB_EINVAL);
	assert_int_equal(tb_grep_set_max_steps(g, TB_GREP_MAX_STEPS + 1), TB_EINVAL);
	assert_int_equal(tb_grep_record(g, rec), TB_ELIMIT);
	assert_true(tb_grep_steps(g) == 2);
	tb_grep_free(g);

	/* a search that ends within its budget clears the last error */
	g = tb_grep_new(0);
	assert_int_equal(tb_grep_set_max_steps(g, TB_GREP_MAX_STEPS), 0);
	assert_int_equal(tb_grep_add(g, TB_GREP_MOVES, "d1"), 0);
	assert_int_equal(tb_grep_set_max_steps(g, 1), 0);
	assert_int_equal(tb_grep_record(g, rec), TB_ELIMIT);
	assert_int_equal(tb_grep_set_max_steps(g, 100), 0);
	assert_int_equal(tb_grep_record(g, rec), TB_GREP_YES);
	assert_int_equal(tb_grep_errcode(g), 0);
	assert_string_equal(tb_grep_errmsg(g), "");
	assert_int_equal(tb_grep_which(g), -1);
	assert_true(tb_grep_steps(g) >= 1 && tb_grep_steps(g) <= 100);
	tb_grep_free(g);
	tb_record_free(rec);
}

/* Selectors refused: the status, the words, nothing added. */
static void test_refused(void **state)
{
	(void)state;
	tb_grep *g = tb_grep_new(0);
	assert_int_equal(tb_grep_add(g, TB_GREP_TAG, "Site~(Quer"), TB_ESYNTAX);
	assert_int_equal(tb_grep_errcode(g), TB_ESYNTAX);
	assert_string_equal(tb_grep_errmsg(g),
	                    "bad pattern: missing closing parenthesis (at offset 5)");
	assert_int_equal(tb_grep_error_offset(g), 10); /* past "Site~" */
	assert_int_equal(tb_grep_add(g, TB_GREP_COMMENT, "ñ[a"), TB_ESYNTAX);
	assert_int_equal(tb_grep_error_offset(g), 4); /* bytes */
	static const struct { tb_grep_kind kind; const char *arg; } bad[] = {
		{TB_GREP_TAG, "Site"}, {TB_GREP_TAG, "=x"}, {TB_GREP_TAG, "Si te~x"},
		{TB_GREP_EVENT, "nope"}, {TB_GREP_EVENT, "tercia>=17"}, {TB_GREP_EVENT, "tercia>=0"},
		{TB_GREP_EVENT, "tercia<=2"}, {TB_GREP_EVENT, "tercia=2"}, {TB_GREP_EVENT, ""},
		{TB_GREP_EVENT, "tercia>=20000000 per game"}, {(tb_grep_kind)9, "x"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		if (tb_grep_add(g, bad[i].kind, bad[i].arg) != TB_EINVAL)
			fail_msg("'%s' not refused", bad[i].arg);
		assert_int_equal(tb_grep_errcode(g), TB_EINVAL);
		assert_true(strlen(tb_grep_errmsg(g)) > 0);
		assert_int_equal(tb_grep_error_offset(g), 0);
	}
	assert_int_equal(tb_grep_add(g, TB_GREP_MOVES, NULL), TB_EINVAL);
	assert_int_equal(tb_grep_count(g), 0);
	/* a success clears the last error; the most selectors */
	for (int i = 0; i < TB_GREP_MAX_SELECTORS; i++)
		assert_int_equal(tb_grep_add(g, TB_GREP_MOVES, "d"), 0);
	assert_int_equal(tb_grep_errcode(g), 0);
	assert_int_equal(tb_grep_add(g, TB_GREP_MOVES, "d"), TB_EINVAL);
	assert_non_null(strstr(tb_grep_errmsg(g), "64"));
	assert_int_equal(tb_grep_count(g), TB_GREP_MAX_SELECTORS);
	tb_grep_free(g);
	/* the argument is copied */
	g = tb_grep_new(0);
	char arg[] = "d1";
	assert_int_equal(tb_grep_add(g, TB_GREP_MOVES, arg), 0);
	arg[1] = '9';
	tb_record *rec = tt_parse_clean("[Game \"pitarra\"]\n\n1. d1 *\n");
	assert_int_equal(tb_grep_record(g, rec), TB_GREP_YES);
	tb_grep_free(g);
	tb_record_free(rec);
}

/* NULL and records with errors: TB_EINVAL, never a crash. */
static void test_null(void **state)
{
	(void)state;
	assert_int_equal(tb_grep_add(NULL, TB_GREP_MOVES, "x"), TB_EINVAL);
	assert_int_equal(tb_grep_record(NULL, NULL), TB_EINVAL);
	assert_int_equal(tb_grep_set_max_steps(NULL, 5), TB_EINVAL);
	assert_int_equal(tb_grep_errcode(NULL), TB_EINVAL);
	assert_non_null(tb_grep_errmsg(NULL));
	assert_int_equal(tb_grep_count(NULL), 0);
	assert_int_equal(tb_grep_which(NULL), -1);
	assert_int_equal(tb_grep_unsure(NULL, NULL, NULL, NULL, NULL, NULL), -1);
	assert_null(tb_grep_clone(NULL));
	tb_grep_free(NULL);
	tb_grep *g = tb_grep_new(0);
	assert_int_equal(tb_grep_record(g, NULL), TB_EINVAL);
	assert_int_equal(tb_grep_errcode(g), TB_EINVAL);
	tb_reader *r;
	tb_record *rec = tt_parse("[Game \"pitarra\"]\n\n1. d9 *\n", &r);
	tb_reader_free(r);
	assert_true(tb_record_errors(rec) > 0);
	assert_int_equal(tb_grep_record(g, rec), TB_EINVAL);
	assert_non_null(strstr(tb_grep_errmsg(g), "errors"));
	tb_record_free(rec);
	tb_grep_free(g);
}

/* A clone answers as its original, with its own state, and takes no
 * selectors. */
static void test_clone(void **state)
{
	(void)state;
	size_t n;
	tb_record **recs = S_records(S_COLECCION, &n);
	tb_grep *g = tb_grep_new(0);
	assert_int_equal(tb_grep_add(g, TB_GREP_MOVES, "x"), 0);
	assert_int_equal(tb_grep_set_max_steps(g, 5000), 0);
	tb_grep *c = tb_grep_clone(g);
	assert_non_null(c);
	assert_int_equal(tb_grep_count(c), 1);
	assert_int_equal(tb_grep_add(c, TB_GREP_MOVES, "y"), TB_EINVAL);
	for (size_t i = 0; i < n; i++) {
		int a = tb_grep_record(g, recs[i]);
		assert_int_equal(tb_grep_record(c, recs[i]), a);
		assert_true(tb_grep_steps(c) == tb_grep_steps(g));
	}
	/* each keeps its own last answer */
	assert_int_equal(tb_grep_record(g, recs[0]), TB_GREP_YES);
	assert_int_equal(tb_grep_set_max_steps(c, 1), 0);
	assert_int_equal(tb_grep_record(c, recs[0]), TB_ELIMIT);
	assert_int_equal(tb_grep_errcode(g), 0);
	assert_int_equal(tb_grep_span(g, 0, NULL, NULL, NULL), 1);
	tb_grep_free(c);
	tb_grep_free(g);
	S_records_free(recs, n);
}

/* ===== Out of memory ===== */

/* The answers, spans and unsure places of a query over 'src', as text;
 * NULL when the library said memory ran out. */
static char *S_grep_text(const char *src, size_t len)
{
	tt_str out = {0};
	int ok = 1;
	tb_grep *g = tb_grep_new(TB_GREP_ICASE);
	if (!g)
		return NULL;
	static const struct { tb_grep_kind kind; const char *arg; } sel[] = {
		{TB_GREP_TAG, "Game~a"}, {TB_GREP_COMMENT, "."}, {TB_GREP_MOVES, "\\d\\."},
		{TB_GREP_EVENT, "tercia"}, {TB_GREP_EVENT, "capture<=9 per game"},
	};
	for (size_t i = 0; ok && i < sizeof sel / sizeof *sel; i++)
		ok = tb_grep_add(g, sel[i].kind, sel[i].arg) == 0;
	tb_reader *r = ok ? tb_reader_new_mem(src, len, "t.tgn") : NULL;
	tb_record *rec;
	int got = -1;
	while (r && ok && (got = tb_reader_next(r, &rec)) == 1) {
		int m = tb_grep_record(g, rec);
		ok = m != TB_ENOMEM;
		size_t nth = 0, start = 0, end = 0;
		unsigned line = 0, col = 0;
		tb_grep_span(g, 2, &nth, &start, &end);
		int stop = tb_grep_unsure(g, &line, &col, NULL, NULL, NULL);
		tt_printf(&out, "%d %zu-%zu %d %u:%u\n", m, start, end, stop, line, col);
		tb_record_free(rec);
	}
	ok = ok && r && got == 0;
	tb_reader_free(r);
	tb_grep_free(g);
	return oom_result(&out, ok);
}

static void test_oom(void **state)
{
	(void)state;
	char *abierta = malloc(strlen(S_COLECCION) + strlen(S_ABIERTA) + strlen(S_CORTADA) + 3);
	sprintf(abierta, "%s\n%s\n%s", S_COLECCION, S_ABIERTA, S_CORTADA);
	assert_true(oom_each_failure(S_grep_text, abierta, strlen(abierta), "grep") > 0);
	free(abierta);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_selectors),
		cmocka_unit_test(test_all_and_where),
		cmocka_unit_test(test_unsure),
		cmocka_unit_test(test_budget),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_null),
		cmocka_unit_test(test_clone),
		cmocka_unit_test_setup_teardown(test_oom, oom_setup, oom_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
