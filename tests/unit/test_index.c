/*
 * test_index.c -- the index of a collection through the public API
 * (lib/index*.c; spec/collection.md): what tests/index.sh cannot reach
 * from the command line.
 *
 * - find --text with each of the library's allocations failing (once,
 *   then for good; oom.h's hook): the records the clean run finds, or
 *   TB_ENOMEM -- never "no words to search for" (TB_ESYNTAX), which is
 *   what a search of blanks alone gets.
 * - tree with each of its allocations failing: its rows, or TB_ENOMEM.
 * - positions held in memory and written in batches (index_stage.c):
 *   a bound of a few positions makes the same tables as one batch.
 * - the number of a record's rules (index_known.c), which a state's key
 *   is kept under: the same as the record before's exactly when the
 *   game, board and options are.
 */
#include "oom.h"

#include "index_db.h" /* white-box: the batches' bound */

static const char S_tgn[] =
	"[Game \"pitarra\"]\n[Site \"El Rodeo\"]\n\n"
	"{una partida de Juan en la feria} 1. d2 f6 2. b6 *\n\n"
	"[Game \"pitarra\"]\n[Site \"La Griega\"]\n\n"
	"{otra partida} 1. d2 b2 *\n";

static tb_index *S_index(void)
{
	tb_index *ix = NULL;
	char *why = NULL;
	assert_int_equal(tb_index_open(&ix, NULL, TB_INDEX_WRITE, 0, &why), 0);
	assert_null(why);
	assert_int_equal(tb_index_add(ix, "c.tgn", S_tgn, sizeof S_tgn - 1, 0, NULL), 1);
	return ix;
}

static long S_text(tb_index *ix, const char *words)
{
	tb_find_query q = {.material = {-1, -1}, .text = words};
	return tb_index_find(ix, &q, NULL, NULL);
}

static void test_text_out_of_memory(void **state)
{
	(void)state;
	tb_index *ix = S_index();
	oom_fail = 0;
	oom_count = 0;
	tb_set_alloc_hook(oom_hook, NULL);
	assert_int_equal(S_text(ix, "partida  feria"), 1);
	assert_int_equal(S_text(ix, "partida"), 2);
	unsigned long n = oom_count;
	assert_true(n > 0); /* the query's words and SQL are the library's allocations */
	for (unsigned long k = 1; k <= 2 * n; k++) {
		oom_fail = k <= n ? k : k - n;
		oom_after = k > n;
		oom_count = 0;
		long got = S_text(ix, "partida  feria");
		if (got != 1 && got != TB_ENOMEM)
			fail_msg("allocation %lu failed%s: %ld (%s)", oom_fail,
			         oom_after ? " (and all after it)" : "", got, tb_index_errmsg(ix));
		if (got == TB_ENOMEM)
			assert_string_equal(tb_index_errmsg(ix), "out of memory");
	}
	oom_fail = 0;
	oom_after = 0;
	tb_set_alloc_hook(NULL, NULL);
	/* blanks alone are no words: that, and only that, is the query's fault */
	assert_int_equal(S_text(ix, " \t "), TB_ESYNTAX);
	assert_int_equal(tb_index_errfield(ix), TB_FIND_TEXT);
	tb_index_close(ix);
}

/* The tree's rows, one line each -- group|turn|games|sites|informants
 * -- into a fixed buffer (the test's own memory is not the library's,
 * which fails under the hook). */
typedef struct S_lines {
	char text[512];
	size_t n;
} S_lines;

static int S_tree_row(void *ctx, const tb_tree_row *r)
{
	S_lines *o = ctx;
	o->n += (size_t)snprintf(o->text + o->n, sizeof o->text - o->n, "%s|%s|%ld|",
	                         r->group ? r->group : "-", r->token, r->games);
	for (size_t i = 0; i < r->nsites + r->ninformants; i++)
		o->n += (size_t)snprintf(o->text + o->n, sizeof o->text - o->n, "%s%s;",
		                         i == r->nsites ? "|" : "",
		                         i < r->nsites ? r->sites[i] : r->informants[i - r->nsites]);
	o->n += (size_t)snprintf(o->text + o->n, sizeof o->text - o->n, "\n");
	assert_true(o->n < sizeof o->text);
	return 0;
}

static long S_tree(tb_index *ix, const char *by, S_lines *o)
{
	tb_tree_query q = {.game = "pitarra", .by = by};
	o->n = 0;
	o->text[0] = 0;
	return tb_index_tree(ix, &q, S_tree_row, o);
}

/* tree counts in memory of its own (index_tree.c): with each of its
 * allocations failing, the rows of the clean run or TB_ENOMEM. By a tag
 * with a column (Site) and by one read from the records' tags. */
static void test_tree_out_of_memory(void **state)
{
	(void)state;
	tb_index *ix = S_index();
	S_lines o;
	assert_int_equal(S_tree(ix, "Site", &o), 2);
	assert_string_equal(o.text, "El Rodeo|d2|1|El Rodeo;\nLa Griega|d2|1|La Griega;\n");
	assert_int_equal(S_tree(ix, "Nothing", &o), 1);
	assert_string_equal(o.text, "|d2|2|El Rodeo;La Griega;\n");
	assert_int_equal(S_tree(ix, NULL, &o), 1);
	assert_string_equal(o.text, "-|d2|2|El Rodeo;La Griega;\n");
	static const char *const bys[] = {"Site", "Nothing", NULL};
	for (int i = 0; i < 3; i++) {
		S_lines clean;
		assert_true(S_tree(ix, bys[i], &clean) > 0);
		oom_fail = 0;
		oom_count = 0;
		tb_set_alloc_hook(oom_hook, NULL);
		assert_true(S_tree(ix, bys[i], &o) > 0);
		unsigned long n = oom_count;
		assert_true(n > 0);
		for (unsigned long k = 1; k <= 2 * n; k++) {
			oom_fail = k <= n ? k : k - n;
			oom_after = k > n;
			oom_count = 0;
			long got = S_tree(ix, bys[i], &o);
			if (got == TB_ENOMEM)
				assert_string_equal(tb_index_errmsg(ix), "out of memory");
			else if (got < 0 || strcmp(o.text, clean.text))
				fail_msg("allocation %lu failed%s: %ld (%s)", oom_fail,
				         oom_after ? " (and all after it)" : "", got, o.text);
		}
		oom_fail = 0;
		oom_after = 0;
		tb_set_alloc_hook(NULL, NULL);
	}
	tb_index_close(ix);
}

/* The rows of 'sql' in 'ix', one line each, for the caller to free. */
static char *S_rows(tb_index *ix, const char *sql)
{
	sqlite3_stmt *st;
	assert_int_equal(sqlite3_prepare_v2(ix->db, sql, -1, &st, NULL), SQLITE_OK);
	tb_buf b = TB_BUF_INIT;
	while (sqlite3_step(st) == SQLITE_ROW) {
		for (int i = 0; i < sqlite3_column_count(st); i++) {
			const char *v = (const char *)sqlite3_column_text(st, i);
			tb_buf_puts(&b, v ? v : "NULL");
			tb_buf_putc(&b, '|');
		}
		tb_buf_putc(&b, '\n');
	}
	sqlite3_finalize(st);
	tb_buf_putc(&b, 0);
	return b.data;
}

static const char *const S_dump[] = {
	"SELECT id, sym, side, m0, m1, hex(bits), text FROM positions",  /* in its key's order */
	"SELECT count(*), count(DISTINCT after) FROM occurs",
	"SELECT count(*) FROM occurs o WHERE NOT EXISTS (SELECT 1 FROM positions p"
	" WHERE p.m0 = o.m0 AND p.m1 = o.m1 AND p.id = o.after)",
	/* held and written in batches of whole records, in occurs' order:
	 * the same rows, the next turns of the main lines among them */
	"SELECT after, record, frame, ply, depth, token, next, before, events FROM occurs",
};

static void test_batches(void **state)
{
	(void)state;
	const char *more = "[Game \"pitarra\"]\n\n1. d2 f6 2. b6 b2 3. f2 a1 *\n\n"
	                   "[Game \"asalto\"]\n\n*\n";
	tb_index *one = S_index(), *many = NULL;
	char *why = NULL;
	assert_int_equal(tb_index_open(&many, NULL, TB_INDEX_WRITE, 0, &why), 0);
	many->stage_max = 3;
	assert_int_equal(tb_index_add(many, "c.tgn", S_tgn, sizeof S_tgn - 1, 0, NULL), 1);
	/* a second file: its positions go among those of the first */
	assert_int_equal(tb_index_add(one, "d.tgn", more, strlen(more), 0, NULL), 1);
	assert_int_equal(tb_index_add(many, "d.tgn", more, strlen(more), 0, NULL), 1);
	for (size_t i = 0; i < sizeof S_dump / sizeof *S_dump; i++) {
		char *a = S_rows(one, S_dump[i]), *b = S_rows(many, S_dump[i]);
		assert_string_equal(a, b);
		if (i == 0)
			assert_true(strlen(a) > 200); /* the positions of both files are there */
		if (i == 2)
			assert_string_equal(a, "0|\n"); /* every occurrence's position has its row */
		if (i == 3) /* the main lines' next turns: 1. d2 f6 2. b6 b2, and d2 b2 */
			assert_non_null(strstr(a, "|d2|f6|") && strstr(a, "|f6|b6|") && strstr(a, "|d2|b2|")
			                ? a : NULL);
		free(a);
		free(b);
	}
	tb_index_close(one);
	tb_index_close(many);
}

/* The number tb_ix_known_rules gives each record of 'tgn', in 'out'. */
static void S_rules_numbers(const char *tgn, uint64_t *out, size_t n)
{
	tb_index *ix = NULL;
	char *why = NULL;
	assert_int_equal(tb_index_open(&ix, NULL, TB_INDEX_WRITE, 0, &why), 0);
	tb_reader *r = tb_reader_new_mem(tgn, strlen(tgn), "rules.tgn");
	assert_non_null(r);
	for (size_t i = 0; i < n; i++) {
		tb_record *rec = NULL;
		assert_int_equal(tb_reader_next(r, &rec), 1);
		assert_non_null(rec->game);
		assert_int_equal(tb_record_errors(rec), 0);
		tb_board b;
		assert_int_equal(tb_ix_board(rec->game, &b), 0);
		if (rec->game->board)
			rec->game->board(&b, &rec->opts);
		out[i] = tb_ix_known_rules(ix, rec, &b);
		assert_true(out[i] != 0);
		tb_record_free(rec);
	}
	tb_reader_free(r);
	tb_index_close(ix);
}

static void test_rules_number(void **state)
{
	(void)state;
	const char *tgn = "[Game \"pitarra\"]\n\n*\n\n"
	                  "[Game \"pitarra\"]\n\n1. d2 *\n\n"               /* the same rules */
	                  "[Game \"pitarra\"]\n[Rules \"pitarra; board=25\"]\n\n*\n\n" /* a board */
	                  "[Game \"pitarra\"]\n[Rules \"pitarra; board=25\"]\n\n*\n\n"
	                  "[Game \"pitarra\"]\n\n*\n\n"                     /* back: a new one */
	                  "[Game \"asalto\"]\n\n*\n";                       /* another game */
	uint64_t v[6];
	S_rules_numbers(tgn, v, 6);
	assert_true(v[0] == v[1]);
	assert_true(v[2] != v[1]);
	assert_true(v[3] == v[2]);
	assert_true(v[4] != v[3] && v[4] != v[0]); /* never a number given before */
	assert_true(v[5] != v[4]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text_out_of_memory),
		cmocka_unit_test(test_tree_out_of_memory),
		cmocka_unit_test(test_batches),
		cmocka_unit_test(test_rules_number),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
