/*
 * test_html.c -- lib/html.c: the web page of a record (spec/html.md).
 * What the browser test (tests/html.sh) cannot see from outside: the
 * record's text escaped in the HTML and in the data, comments with their
 * language and direction, NAGs as symbols, the tags' table, the chooser
 * of a page of several records, the frames of variations and readings,
 * and where the rules stop.
 */
#include "tb_test.h"

/* The page (or, 'list', the --list text) of every record of 'src'. */
static char *S_page(const char *src, int list, const char *lang, int *rc)
{
	tb_reader *r = tb_reader_new_mem(src, strlen(src), "t.tgn");
	tb_html_opts o = {0};
	o.list = list;
	o.lang = lang ? tb_lang_find(lang) : NULL;
	tb_html *h = tb_html_new(&o);
	tb_record *rec;
	*rc = 0;
	while (tb_reader_next(r, &rec) == 1) {
		char *why = NULL;
		int got = tb_html_add(h, rec, "the problems", &why);
		*rc = got > *rc ? got : *rc;
		if (got)
			assert_non_null(why);
		free(why);
		tb_record_free(rec);
	}
	size_t len;
	char *page = tb_html_page(h, &len);
	assert_int_equal(strlen(page), len);
	tb_html_free(h);
	tb_reader_free(r);
	return page;
}

static size_t S_count(const char *s, const char *what)
{
	size_t n = 0;
	for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
		n++;
	return n;
}

static void test_escaped(void **state)
{
	(void)state;
	int rc;
	char *p = S_page("[Game \"pitarra\"]\n[Event \"\\\"><script>x()</script>\"]\n[Result \"*\"]\n\n"
	                 "1. c3 {</script><img src=x onerror=alert(1)>} f4 *\n", 0, NULL, &rc);
	assert_int_equal(rc, 0);
	/* the data's script and the page's: nothing from the record closes one */
	assert_int_equal(S_count(p, "</script>"), 2);
	assert_null(strstr(p, "<img"));
	assert_null(strstr(p, "<script>x()"));
	/* as text in the HTML, as \u003c in the data */
	assert_non_null(strstr(p, "&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"));
	assert_non_null(strstr(p, "<td dir=\"auto\">\"&gt;&lt;script&gt;x()&lt;/script&gt;</td>"));
	free(p);
}

static void test_comments_nags_tags(void **state)
{
	(void)state;
	int rc;
	char *p = S_page("[Game \"pitarra\"]\n[Result \"*\"]\n[Language \"es\"]\n"
	                 "[Informant \"Juan\"]\n[Access \"Público\"]\n\n"
	                 "1. c3 {@ar تعليق} f4? $17 {@es Bien.} 2. a1 $13 *\n", 0, NULL, &rc);
	assert_non_null(strstr(p, "<span class=\"tb-comment\" lang=\"ar\" dir=\"rtl\">تعليق</span>"));
	assert_non_null(strstr(p, "<span class=\"tb-comment\" lang=\"es\" dir=\"ltr\">Bien.</span>"));
	assert_non_null(strstr(p, ">f4? ∓</a>"));   /* a suffix glued, a symbol after */
	assert_non_null(strstr(p, ">a1 ∞</a>"));
	/* every tag, archival ones included, labelled in the page's words;
	 * its own name, no word of the page's language, only for scripts */
	assert_non_null(strstr(p, "<th scope=\"row\" data-tag=\"Informant\">Informante</th>"));
	assert_null(strstr(p, ">Informant<"));
	assert_non_null(strstr(p, "<td dir=\"auto\">Público</td>"));
	assert_non_null(strstr(p, "<html lang=\"es\" dir=\"ltr\">"));
	assert_null(strstr(p, "<nav class=\"tb-chooser\"")); /* one record: no list */
	free(p);
	p = S_page("[Game \"pitarra\"]\n[Result \"*\"]\n\n1. c3 *\n\n"
	           "[Game \"asalto\"]\n[Result \"*\"]\n\n1. d3-d4 *\n", 0, "ar", &rc);
	assert_non_null(strstr(p, "<html lang=\"ar\" dir=\"rtl\">"));
	assert_non_null(strstr(p, "<nav class=\"tb-chooser\""));
	assert_non_null(strstr(p, "href=\"#game=2\""));
	assert_non_null(strstr(p, "href=\"#game=2&amp;ply=1\"")); /* the second record's turns */
	assert_non_null(strstr(p, "href=\"#ply=1\""));            /* the first's */
	free(p);
}

static void test_frames(void **state)
{
	(void)state;
	int rc;
	char *t = S_page("[Game \"pitarra\"]\n[Result \"*\"]\n\n"
	                 "1. c3 ( 1. d1 f4 ) f4 2. <a1 | a7> b2 *\n", 1, "en", &rc);
	assert_string_equal(t, "game=1\n"
	                       "f=0 ply=0  The start  R: Y:\n"
	                       "f=1 ply=1  After 1. c3  R:c3 Y:\n"
	                       "f=2 line=1 from f=0  After 1. d1  R:d1 Y:\n"
	                       "f=3 line=1 from f=2  After 1... f4  R:d1 Y:f4\n"
	                       "f=4 ply=2  After 1... f4  R:c3 Y:f4\n"
	                       "f=5 ply=3  After 2. a1  R:a1,c3 Y:f4\n"
	                       "f=6 line=2 from f=4  After 2. a7  R:c3,a7 Y:f4\n"
	                       "f=7 ply=4  After 2... b2  R:a1,c3 Y:b2,f4\n");
	free(t);
	/* a turn the rules put in, not the source: in brackets, and said */
	t = S_page("[Game \"pitarra\"]\n[Result \"*\"]\n\n1. c3 <reconstructed f4> *\n", 0, "en", &rc);
	assert_non_null(strstr(t, "<a class=\"tb-turn tb-reconstructed\" href=\"#ply=2\" data-f=\"2\" "
	                          "title=\"reconstructed\">[f4]</a>"));
	free(t);
	/* the rules stop: unknown from there, said where and why */
	t = S_page("[Game \"pitarra\"]\n[Result \"*\"]\n\n1. c3 c3 2. a1 *\n", 1, "en", &rc);
	assert_int_equal(rc, 1);
	assert_string_equal(t, "game=1\n"
	                       "f=0 ply=0  The start  R: Y:\n"
	                       "f=1 ply=1  After 1. c3  R:c3 Y:\n"
	                       "f=2 ply=2  After 1... c3  unknown\n"
	                       "  The rules do not allow 1... c3 as written; c3 is occupied.\n"
	                       "f=3 ply=3  After 2. a1  unknown\n");
	free(t);
	/* a record with errors: no board, its problems said */
	char *p = S_page("[Game \"pitarra\"]\n[Result \"*\"]\n\n1. zz9 *\n", 0, "en", &rc);
	assert_int_equal(rc, 1);
	assert_non_null(strstr(p, "class=\"tb-problems\""));
	assert_non_null(strstr(p, "the problems"));
	assert_null(strstr(p, "<svg class=\"tablero tb-board\""));
	assert_null(strstr(p, "<script class=\"tb-data\""));
	free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escaped),
		cmocka_unit_test(test_comments_nags_tags),
		cmocka_unit_test(test_frames),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
