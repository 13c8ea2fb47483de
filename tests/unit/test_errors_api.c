/*
 * test_errors_api.c -- the one error model of the public API (tablero.h,
 * "Errors"): for each handle with failing operations, a failing call
 * sets tb_X_errcode to the code it returned and tb_X_errmsg to words
 * that say why; the next call that succeeds clears them (0 and "");
 * a NULL handle is TB_EINVAL, never a crash. Only tablero.h is used.
 */
#include "tb_test.h"

#define PIT "[Game \"pitarra\"]\n\n"
#define GOOD PIT "1. d1 a7 2. g1 a4 *\n"

static tb_record *S_read(tb_reader *r)
{
	tb_record *rec = NULL;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	assert_non_null(rec);
	return rec;
}

/* A failure's message is words, not empty. */
static void S_said(const char *msg, const char *part)
{
	assert_non_null(msg);
	assert_true(strlen(msg) > 0);
	if (part && !strstr(msg, part))
		fail_msg("\"%s\" does not say \"%s\"", msg, part);
}

static void test_engine(void **state)
{
	(void)state;
	char *why = NULL;
	tb_engine *e = tb_engine_new(tb_game_find("pitarra"), NULL, NULL, &why);
	assert_non_null(e);
	assert_int_equal(tb_engine_errcode(e), 0);
	assert_string_equal(tb_engine_errmsg(e), "");
	/* a turn that is not legal: the code returned, the words of '*why' */
	assert_int_equal(tb_engine_play(e, "z9-z8", NULL, &why), TB_EINVAL);
	assert_int_equal(tb_engine_errcode(e), TB_EINVAL);
	S_said(tb_engine_errmsg(e), "not one of");
	assert_string_equal(tb_engine_errmsg(e), why);
	free(why);
	/* no '*why' asked for: the handle says it all the same */
	assert_int_equal(tb_engine_play(e, "z9-z8", NULL, NULL), TB_EINVAL);
	S_said(tb_engine_errmsg(e), "z9-z8");
	/* a success clears it */
	assert_int_equal(tb_engine_play(e, "d1", NULL, NULL), 0);
	assert_int_equal(tb_engine_errcode(e), 0);
	assert_string_equal(tb_engine_errmsg(e), "");
	assert_int_equal(tb_engine_play(e, NULL, NULL, NULL), TB_EINVAL);
	assert_int_equal(tb_engine_errcode(e), TB_EINVAL);
	assert_true(tb_engine_perft(e, 1) > 0);
	assert_int_equal(tb_engine_errcode(e), 0);
	char *pos = tb_engine_position(e);
	assert_non_null(pos);
	assert_int_equal(tb_engine_errcode(e), 0);
	free(pos);
	tb_engine_free(e);
	/* NULL */
	assert_int_equal(tb_engine_errcode(NULL), TB_EINVAL);
	S_said(tb_engine_errmsg(NULL), NULL);
	assert_int_equal(tb_engine_play(NULL, "d1", NULL, NULL), TB_EINVAL);
	assert_int_equal(tb_engine_perft(NULL, 1), 0);
	assert_int_equal(tb_engine_divide(NULL, 1, NULL, NULL), 0);
	assert_int_equal(tb_engine_legal(NULL, NULL, NULL), 0);
	assert_null(tb_engine_over(NULL));
	assert_null(tb_engine_position(NULL));
	assert_null(tb_engine_board(NULL, 0));
	assert_null(tb_engine_random_game(NULL, 1, 10, NULL));
	tb_engine_free(NULL);
}

static void test_record(void **state)
{
	(void)state;
	tb_record *rec = tb_record_new(tb_game_find("pitarra"));
	assert_non_null(rec);
	assert_int_equal(tb_record_errcode(rec), 0);
	assert_string_equal(tb_record_errmsg(rec), "");
	assert_int_equal(tb_record_set_tag(rec, "1bad", "x"), TB_EINVAL);
	assert_int_equal(tb_record_errcode(rec), TB_EINVAL);
	S_said(tb_record_errmsg(rec), "tag's name");
	/* the older name says the same */
	assert_string_equal(tb_record_error(rec), tb_record_errmsg(rec));
	assert_int_equal(tb_record_set_tag(rec, "Site", "Ceuta"), 0);
	assert_int_equal(tb_record_errcode(rec), 0);
	assert_string_equal(tb_record_errmsg(rec), "");
	assert_int_equal(tb_line_append(rec, tb_record_main(rec), "d1 ((", NULL), TB_ESYNTAX);
	assert_int_equal(tb_record_errcode(rec), TB_ESYNTAX);
	S_said(tb_record_errmsg(rec), NULL);
	assert_int_equal(tb_line_remove(rec, tb_record_main(rec)), TB_EINVAL);
	assert_int_equal(tb_record_errcode(rec), TB_EINVAL);
	S_said(tb_record_errmsg(rec), "main line");
	assert_int_equal(tb_line_append(rec, tb_record_main(rec), "d1 a7", NULL), 0);
	assert_int_equal(tb_record_errcode(rec), 0);
	tb_record_free(rec);
	assert_int_equal(tb_record_errcode(NULL), TB_EINVAL);
	S_said(tb_record_errmsg(NULL), NULL);
	assert_string_equal(tb_record_error(NULL), "");
	assert_int_equal(tb_record_set_tag(NULL, "Site", "x"), TB_EINVAL);
	tb_record_free(NULL);
}

static void test_reader(void **state)
{
	(void)state;
	static const char gz[64] = "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03";
	tb_reader *r = tb_reader_new_mem(gz, sizeof gz, "t.tgn.gz");
	tb_record *rec = (tb_record *)1;
	assert_int_equal(tb_reader_next(r, &rec), TB_ENOTTEXT);
	assert_null(rec);
	assert_int_equal(tb_reader_errcode(r), TB_ENOTTEXT);
	S_said(tb_reader_errmsg(r), NULL);
	tb_reader_free(r);
	r = tb_reader_new_mem(GOOD, strlen(GOOD), "t.tgn");
	rec = S_read(r);
	assert_int_equal(tb_reader_errcode(r), 0);
	assert_string_equal(tb_reader_errmsg(r), "");
	assert_true(tb_reader_validate(r, rec, NULL, NULL) >= 0);
	assert_int_equal(tb_reader_errcode(r), 0);
	assert_int_equal(tb_reader_validate(r, NULL, NULL, NULL), TB_EINVAL);
	assert_int_equal(tb_reader_errcode(r), TB_EINVAL);
	assert_int_equal(tb_reader_next(r, NULL), TB_EINVAL);
	tb_record_free(rec);
	tb_reader_free(r);
	assert_int_equal(tb_reader_next(NULL, &rec), TB_EINVAL);
	assert_null(rec);
	assert_int_equal(tb_reader_errcode(NULL), TB_EINVAL);
	S_said(tb_reader_errmsg(NULL), NULL);
	tb_reader_free(NULL);
}

static void S_page(void *ctx, long page, const char *svg, size_t len)
{
	(void)page;
	(void)svg;
	(void)len;
	++*(long *)ctx;
}

static void test_book(void **state)
{
	(void)state;
	tb_reader *r = tb_reader_new_mem(GOOD, strlen(GOOD), "t.tgn");
	tb_record *rec = S_read(r);
	tb_book *b = tb_book_new(NULL);
	assert_non_null(b);
	/* no record, and no '*why' asked for: TB_EINVAL, not a crash */
	assert_int_equal(tb_book_add(b, NULL, NULL, 0, NULL), TB_EINVAL);
	assert_int_equal(tb_book_errcode(b), TB_EINVAL);
	S_said(tb_book_errmsg(b), "no record");
	long past = 99;
	char *why = NULL;
	assert_int_equal(tb_book_add(b, rec, &past, 1, &why), TB_EINVAL);
	assert_int_equal(tb_book_errcode(b), TB_EINVAL);
	assert_string_equal(tb_book_errmsg(b), why);
	free(why);
	assert_int_equal(tb_book_add(b, rec, NULL, 1, NULL), TB_EINVAL);
	assert_int_equal(tb_book_add(b, rec, NULL, 0, NULL), 0);
	assert_int_equal(tb_book_errcode(b), 0);
	assert_string_equal(tb_book_errmsg(b), "");
	assert_int_equal(tb_book_pages(b, NULL, NULL), TB_EINVAL);
	assert_int_equal(tb_book_errcode(b), TB_EINVAL);
	long pages = 0;
	assert_true(tb_book_pages(b, S_page, &pages) > 0);
	assert_true(pages > 0);
	assert_int_equal(tb_book_errcode(b), 0);
	tb_book_figures(b, NULL, NULL);
	tb_book_free(b);
	assert_int_equal(tb_book_add(NULL, rec, NULL, 0, NULL), TB_EINVAL);
	assert_int_equal(tb_book_pages(NULL, S_page, &pages), TB_EINVAL);
	tb_book_figures(NULL, NULL, NULL);
	assert_int_equal(tb_book_errcode(NULL), TB_EINVAL);
	S_said(tb_book_errmsg(NULL), NULL);
	tb_book_free(NULL);
	tb_record_free(rec);
	tb_reader_free(r);
}

static void test_html(void **state)
{
	(void)state;
	tb_reader *r = tb_reader_new_mem(GOOD, strlen(GOOD), "t.tgn");
	tb_record *rec = S_read(r);
	tb_html *h = tb_html_new(NULL);
	assert_non_null(h);
	assert_int_equal(tb_html_add(h, NULL, NULL, NULL), TB_EINVAL);
	assert_int_equal(tb_html_errcode(h), TB_EINVAL);
	S_said(tb_html_errmsg(h), "no record");
	assert_int_equal(tb_html_add(h, rec, NULL, NULL), 0);
	assert_int_equal(tb_html_errcode(h), 0);
	assert_string_equal(tb_html_errmsg(h), "");
	size_t len = 0;
	char *page = tb_html_page(h, &len);
	assert_non_null(page);
	assert_true(len > 0);
	assert_int_equal(tb_html_errcode(h), 0);
	free(page);
	tb_html_free(h);
	assert_int_equal(tb_html_add(NULL, rec, NULL, NULL), TB_EINVAL);
	len = 1;
	assert_null(tb_html_page(NULL, &len));
	assert_int_equal(len, 0);
	assert_int_equal(tb_html_errcode(NULL), TB_EINVAL);
	S_said(tb_html_errmsg(NULL), NULL);
	tb_html_free(NULL);
	tb_record_free(rec);
	tb_reader_free(r);
}

static void test_xml(void **state)
{
	(void)state;
	tb_reader *r = tb_reader_new_mem(GOOD, strlen(GOOD), "t.tgn");
	tb_record *rec = S_read(r);
	FILE *f = tmpfile();
	assert_non_null(f);
	tb_xml_writer *w = tb_xml_writer_new(f, 0);
	assert_non_null(w);
	assert_int_equal(tb_xml_write_record(w, r, NULL), TB_EINVAL);
	assert_int_equal(tb_xml_writer_errcode(w), TB_EINVAL);
	S_said(tb_xml_writer_errmsg(w), "no record");
	assert_int_equal(tb_xml_write_record(w, r, rec), 0);
	assert_int_equal(tb_xml_writer_errcode(w), 0);
	assert_string_equal(tb_xml_writer_errmsg(w), "");
	assert_int_equal(tb_xml_writer_put(w, NULL, 3), TB_EINVAL);
	assert_int_equal(tb_xml_writer_errcode(w), TB_EINVAL);
	assert_int_equal(tb_xml_writer_end(w), 0);
	assert_int_equal(tb_xml_write_record(NULL, r, rec), TB_EINVAL);
	assert_int_equal(tb_xml_writer_errcode(NULL), TB_EINVAL);
	S_said(tb_xml_writer_errmsg(NULL), NULL);
	/* read the document back: a success, then a refused document */
	long size = ftell(f);
	assert_true(size > 0);
	char *doc = calloc(1, (size_t)size + 1);
	rewind(f);
	assert_int_equal(fread(doc, 1, (size_t)size, f), (size_t)size);
	fclose(f);
	tb_xml_reader *x = tb_xml_reader_new_mem(doc, (size_t)size, "t.xml");
	char *tgn = NULL;
	size_t len = 0;
	assert_int_equal(tb_xml_reader_next(x, &tgn, &len), 1);
	assert_int_equal(tb_xml_reader_errcode(x), 0);
	assert_string_equal(tb_xml_reader_errmsg(x), "");
	free(tgn);
	tb_xml_reader_free(x);
	static const char bad[] = "<tgn xmlns='nowhere'><record></tgn>";
	x = tb_xml_reader_new_mem(bad, sizeof bad - 1, "bad.xml");
	assert_int_equal(tb_xml_reader_next(x, &tgn, &len), -1);
	assert_null(tgn);
	/* -1, kept for old callers, is TB_ESYNTAX with the first error's words */
	assert_int_equal(tb_xml_reader_errcode(x), TB_ESYNTAX);
	S_said(tb_xml_reader_errmsg(x), NULL);
	const tb_diag *d = NULL;
	for (size_t i = 0; i < tb_xml_reader_ndiags(x) && !d; i++)
		if (tb_xml_reader_diag(x, i)->severity == TB_ERROR)
			d = tb_xml_reader_diag(x, i);
	assert_non_null(d);
	assert_string_equal(tb_xml_reader_errmsg(x), d->message);
	tb_xml_reader_free(x);
	assert_int_equal(tb_xml_reader_next(NULL, &tgn, &len), TB_EINVAL);
	assert_int_equal(tb_xml_reader_errcode(NULL), TB_EINVAL);
	S_said(tb_xml_reader_errmsg(NULL), NULL);
	tb_xml_reader_free(NULL);
	free(doc);
	tb_record_free(rec);
	tb_reader_free(r);
}

/* A reading's alternatives as nodes: what tb_alt_* read, the node
 * readers read of tb_node_alt; not in the tree. */
static void test_alt_nodes(void **state)
{
	(void)state;
	static const char src[] = PIT "1. d1 a7 2. <g1 {A} | omitted {B} | gap 1 {C}> a4 *\n";
	tb_reader *r = tb_reader_new_mem(src, strlen(src), "t.tgn");
	tb_record *rec = S_read(r);
	assert_int_equal(tb_record_errors(rec), 0);
	tb_node *n = tb_line_first(tb_record_main(rec));
	while (n && tb_node_type(n) != TB_NODE_READING)
		n = tb_node_next(n);
	assert_non_null(n);
	assert_int_equal(tb_node_nalts(n), 3);
	for (size_t i = 0; i < 3; i++) {
		tb_node *a = tb_node_alt(rec, n, i);
		assert_non_null(a);
		assert_ptr_equal(a, tb_node_alt(rec, n, i)); /* the same node each time */
		assert_int_equal(tb_node_type(a), tb_alt_type(n, i));
		assert_int_equal(tb_node_nparts(a), tb_alt_nparts(n, i));
		assert_int_equal(tb_node_crown(a), tb_alt_crown(n, i));
		assert_string_equal(tb_node_comment(a, 0, NULL), tb_alt_comment(n, i, 0, NULL));
		unsigned s1[4], s2[4];
		tb_node_span(a, s1);
		tb_alt_span(n, i, s2);
		assert_memory_equal(s1, s2, sizeof s1);
		assert_null(tb_node_next(a));
		assert_null(tb_node_variation(a));
		assert_int_equal(tb_node_nnags(a), 0);
		/* not in the tree: editors refuse it */
		assert_int_equal(tb_node_add_nag(rec, a, 1), TB_EFOREIGN);
		assert_int_equal(tb_record_errcode(rec), TB_EFOREIGN);
	}
	tb_node *a0 = tb_node_alt(rec, n, 0);
	char *tok = tb_node_token(rec, a0);
	assert_string_equal(tok, "g1");
	free(tok);
	assert_int_equal(tb_node_side(a0), tb_node_side(n));
	assert_int_equal(tb_node_number(a0), 2);
	tok = tb_node_token(rec, tb_node_alt(rec, n, 1));
	assert_string_equal(tok, "omitted");
	free(tok);
	long lo = 0, hi = 0;
	assert_int_equal(tb_node_gap(tb_node_alt(rec, n, 2), &lo, &hi), 0);
	assert_int_equal(lo, 1);
	assert_int_equal(tb_node_side(tb_node_alt(rec, n, 2)), 2);
	/* a comment added to the alternative shows on its node */
	assert_int_equal(tb_alt_add_comment(rec, n, 1, "late", NULL), 0);
	assert_string_equal(tb_node_comment(tb_node_alt(rec, n, 1), 1, NULL), "late");
	assert_null(tb_node_alt(rec, n, 3));
	assert_null(tb_node_alt(rec, tb_line_first(tb_record_main(rec)), 0));
	assert_null(tb_node_alt(NULL, n, 0));
	tb_record_free(rec);
	tb_reader_free(r);
}

/* Every _free (and tb_xml_writer_end) takes NULL and does nothing. */
static void test_free_null(void **state)
{
	(void)state;
	tb_reader_free(NULL);
	tb_record_free(NULL);
	tb_engine_free(NULL);
	tb_iter_free(NULL);
	tb_replay_free(NULL);
	tb_plies_free(NULL);
	tb_book_free(NULL);
	tb_html_free(NULL);
	tb_xml_reader_free(NULL);
	assert_int_equal(tb_xml_writer_end(NULL), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_engine), cmocka_unit_test(test_record),
		cmocka_unit_test(test_reader), cmocka_unit_test(test_book),
		cmocka_unit_test(test_html),   cmocka_unit_test(test_xml),
		cmocka_unit_test(test_alt_nodes),  cmocka_unit_test(test_free_null),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
