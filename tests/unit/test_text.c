/*
 * test_text.c -- lib/text_metrics.c (widths, direction, line breaks), lib/xml_emit.c
 * (the XML writer) and lib/typeset.c (paragraphs set in lines).
 */
#include "tb_test.h"

#include "typeset.h"
#include "text_metrics.h"
#include "utf8.h"
#include "xml_emit.h"

static void test_utf8(void **state)
{
	(void)state;
	size_t len;
	assert_int_equal(tb_utf8_next("a", &len), 'a');
	assert_int_equal(len, 1);
	assert_int_equal(tb_utf8_next("ü", &len), 0xFC);
	assert_int_equal(len, 2);
	assert_int_equal(tb_utf8_next("ب", &len), 0x0628);
	assert_int_equal(len, 2);
	assert_int_equal(tb_utf8_next("\xE2\x80\x94", &len), 0x2014);
	assert_int_equal(len, 3);
	assert_int_equal(tb_utf8_next("\xF0\x9F\x98\x80", &len), 0x1F600);
	assert_int_equal(len, 4);
	/* a bad byte, a sequence cut short by a NUL: U+FFFD, never past the NUL */
	assert_int_equal(tb_utf8_next("\x80x", &len), 0xFFFD);
	assert_int_equal(len, 1);
	assert_int_equal(tb_utf8_next("\xE2\x80", &len), 0xFFFD);
	assert_int_equal(len, 2);
}

static void test_widths(void **state)
{
	(void)state;
	/* DejaVu Sans: 'a' is 1255/2048 em, the space 651; bold 'a' 1382 */
	assert_true(tb_text_em("a", 1, 0) > 0.612 && tb_text_em("a", 1, 0) < 0.613);
	assert_true(tb_text_em("a a", 3, 0) > 1.54 && tb_text_em("a a", 3, 0) < 1.55);
	assert_true(tb_text_em("a", 1, 1) > tb_text_em("a", 1, 0));
	/* an accent costs its letter's width, a bidi control nothing */
	assert_true(tb_text_em("ü", 2, 0) > 0.6);
	assert_true(tb_text_em("\xE2\x80\xAA", 3, 0) == 0);
	/* outside the table: one em */
	assert_true(tb_text_em("\xE4\xB8\xAD", 3, 0) == 1.0);
	/* an Arabic letter at its widest form, never less than its isolated one */
	assert_true(tb_text_em("ب", 2, 0) >= tb_text_em("\xEF\xBA\x8F", 3, 0));
}

static void test_direction(void **state)
{
	(void)state;
	assert_int_equal(tb_text_rtl("المهاجمون", strlen("المهاجمون")), 1);
	assert_int_equal(tb_text_rtl("12. c3 المهاجمون", strlen("12. c3 المهاجمون")), 0);
	assert_int_equal(tb_text_rtl("1992.08.?? ، فاس", strlen("1992.08.?? ، فاس")), 1);
	assert_int_equal(tb_text_rtl("1992.08.??", 10), 0);
	assert_int_equal(tb_text_rtl("Ólafur", strlen("Ólafur")), 0);
	assert_int_equal(tb_text_rtl("", 0), 0);
	assert_int_equal(tb_lang_tag_rtl("ar"), 1);
	assert_int_equal(tb_lang_tag_rtl("ar-MA"), 1);
	assert_int_equal(tb_lang_tag_rtl("he"), 1);
	assert_int_equal(tb_lang_tag_rtl("es-MX"), 0);
	assert_int_equal(tb_lang_tag_rtl("arn"), 0); /* Mapudungun */
	assert_int_equal(tb_lang_tag_rtl(NULL), 0);
}

static void test_fit(void **state)
{
	(void)state;
	const char *s = "Sangangüey: Cervantes Ríos, Rubén";
	size_t skip, n = strlen(s);
	size_t cut = tb_text_fit(s, n, 12.0, 0, &skip);
	assert_true(cut < n);
	assert_int_equal(s[cut], ' '); /* at a space, left out */
	assert_int_equal(skip, 1);
	assert_true(tb_text_em(s, cut, 0) <= 12.0);
	assert_int_equal(tb_text_fit(s, n, 100.0, 0, &skip), n);
	/* a word wider than the line is cut, at a character */
	cut = tb_text_fit("abcdefghij", 10, 2.0, 0, &skip);
	assert_true(cut >= 1 && cut < 10);
	assert_int_equal(skip, 0);
	cut = tb_text_fit("üüüüüü", strlen("üüüüüü"), 1.5, 0, &skip);
	assert_int_equal(cut % 2, 0); /* never inside a character */
	/* a list of points breaks after a comma */
	cut = tb_text_fit("A:c1,d1,e1,c2,d2,e2,a3,b3", 25, 6.0, 0, &skip);
	assert_int_equal("A:c1,d1,e1,c2,d2,e2,a3,b3"[cut - 1], ',');
}

static void test_numbers(void **state)
{
	(void)state;
	static const struct {
		double v;
		const char *s;
	} cases[] = {{0, "0"},         {12.5, "12.5"},   {3.0, "3"},      {-0.25, "-0.25"},
	             {-0.001, "0"},    {0.004, "0"},     {0.005, "0.01"}, {123.456, "123.46"},
	             {99.999, "100"},  {1e13, "1000000000000"}, {7.1, "7.1"}};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		tb_buf b = TB_BUF_INIT;
		tb_num(&b, cases[i].v);
		assert_string_equal(b.data, cases[i].s);
		tb_buf_free(&b);
	}
}

static void test_writer(void **state)
{
	(void)state;
	tb_buf b = TB_BUF_INIT;
	tb_xw w;
	tb_xw_init(&w, &b);
	tb_xw_start(&w, "svg", "a&b");
	tb_xw_start(&w, "text", NULL);
	tb_xw_attr(&w, "title", "say \"<hi>\"\n");
	tb_xw_text(&w, "x < y & \"z\" \x01 \xEF\xBF\xBE", strlen("x < y & \"z\" \x01 \xEF\xBF\xBE"));
	tb_xw_start(&w, "tspan", "b");
	tb_xw_text(&w, "b", 1);
	tb_xw_end(&w);
	tb_xw_end(&w);
	tb_xw_start(&w, "rect", NULL);
	tb_xw_num(&w, "x", 1.5);
	tb_xw_end(&w);
	tb_xw_end(&w);
	assert_string_equal(b.data, "<svg class=\"a&amp;b\">\n"
	                            " <text title=\"say &quot;&lt;hi&gt;&quot;&#10;\">x &lt; y &amp; "
	                            "\"z\" \xEF\xBF\xBD \xEF\xBF\xBD<tspan class=\"b\">b</tspan></text>\n"
	                            " <rect x=\"1.5\"/>\n"
	                            "</svg>");
	/* a byte that is not UTF-8 */
	tb_buf_clear(&b);
	tb_xml_escape(&b, "a\xFF" "b", 3, 0);
	assert_string_equal(b.data, "a\xEF\xBF\xBD" "b");
	tb_buf_free(&b);
}

/* What tablero XML asks of the writer (xml_write.c): two spaces a
 * level, however deep (past the 64 names kept in place), '"' escaped in
 * text too, unsigned attributes, and an empty text still closing the
 * start tag (<c></c>, as libxml2's writer wrote it). */
static void test_writer_deep(void **state)
{
	(void)state;
	tb_buf b = TB_BUF_INIT, want = TB_BUF_INIT;
	tb_xw w;
	tb_xw_init(&w, &b);
	w.indent = 2;
	w.text_esc = TB_XML_ESC_TEXTQ;
	static const char *const names[] = {"a", "bb", "ccc"};
	enum { DEEP = 150 };
	for (int i = 0; i < DEEP; i++) {
		tb_xw_start(&w, names[i % 3], NULL);
		tb_xw_uint(&w, "n", (unsigned long)i * 1000003u);
		tb_buf_printf(&want, "%s%*s<%s n=\"%lu\">", i ? "\n" : "", 2 * i, "", names[i % 3],
		              (unsigned long)i * 1000003u);
	}
	tb_xw_start(&w, "c", NULL);
	tb_xw_text(&w, "", 0);
	tb_xw_end(&w);
	tb_xw_start(&w, "t", NULL);
	tb_xw_text(&w, "\"a\" & <b>\t\r", strlen("\"a\" & <b>\t\r"));
	tb_xw_end(&w);
	tb_buf_printf(&want, "\n%*s<c></c>\n%*s<t>&quot;a&quot; &amp; &lt;b&gt;\t&#13;</t>", 2 * DEEP,
	              "", 2 * DEEP, "");
	for (int i = DEEP - 1; i >= 0; i--) {
		tb_xw_end(&w);
		tb_buf_printf(&want, "\n%*s</%s>", 2 * i, "", names[i % 3]);
	}
	assert_string_equal(b.data, want.data);
	tb_xw_free(&w);
	tb_buf_free(&b);
	tb_buf_free(&want);
}

/* The lines of 'p' at 'max_em', as plain strings "a b|c d|". */
static void S_lines(tb_para *p, double max_em, tb_buf *out)
{
	tb_para_pos at = {0, 0};
	tb_pline line;
	tb_buf_clear(out);
	while (tb_para_next(p, &at, max_em, &line)) {
		assert_true(line.em <= max_em || line.from.word + 1 == line.to.word);
		for (size_t i = line.from.word; i <= line.to.word && i < p->nwords; i++) {
			const tb_word *w = &p->words[i];
			size_t from = i == line.from.word ? line.from.off : 0;
			size_t to = i == line.to.word ? line.to.off : w->n;
			if (to <= from)
				continue;
			if (i > line.from.word && !w->glue)
				tb_buf_putc(out, ' ');
			tb_buf_put(out, p->text.data + w->off + from, to - from);
		}
		tb_buf_putc(out, '|');
	}
}

static void test_paragraph(void **state)
{
	(void)state;
	tb_para p;
	tb_buf out = TB_BUF_INIT;
	tb_para_init(&p, 0, NULL);
	tb_para_puts(&p, "12.", TB_RUN_KEEP);
	tb_para_puts(&p, "d2xd6", TB_RUN_BOLD | TB_RUN_KEEP | TB_RUN_TIE);
	tb_para_puts(&p, "!", TB_RUN_GLUE);
	tb_para_puts(&p, "(diagram 3)", TB_RUN_TIE | TB_RUN_KEEP);
	tb_para_puts(&p, "13.", TB_RUN_KEEP);
	tb_para_puts(&p, "a1", TB_RUN_BOLD | TB_RUN_KEEP | TB_RUN_TIE);
	S_lines(&p, 100, &out);
	assert_string_equal(out.data, "12. d2xd6! (diagram 3) 13. a1|");
	/* narrow: a number stays with its turn, a NAG and a reference too */
	double group = tb_text_em("12. ", 4, 0) + tb_text_em("d2xd6", 5, 1) +
	               tb_text_em("! (diagram 3)", 13, 0);
	S_lines(&p, group + 0.5, &out);
	assert_string_equal(out.data, "12. d2xd6! (diagram 3)|13. a1|");
	/* narrower than the group: it breaks where it must, nothing lost */
	S_lines(&p, group - 1.0, &out);
	assert_string_equal(out.data, "12. d2xd6!|(diagram 3) 13. a1|");
	tb_buf_clear(&out);
	tb_para_plain(&p, &out);
	assert_string_equal(out.data, "12. d2xd6! (diagram 3) 13. a1\n");
	tb_para_free(&p);
	/* words break at spaces; each line fits */
	tb_para_init(&p, 1, "ar");
	tb_para_puts(&p, "قفز فوق b4 ثم فوق c6 ورجع إلى الحصن.", 0);
	S_lines(&p, 6.0, &out);
	assert_true(strchr(out.data, '|') != strrchr(out.data, '|'));
	/* drawn: one <text> a line, right to left, anchored at the right */
	tb_buf svg = TB_BUF_INIT;
	tb_xw w;
	tb_xw_init(&w, &svg);
	tb_para_style st = {3.0, "comment", 0};
	int lines = tb_para_set(&p, &w, 10, 20, 18.0, 4.0, &st);
	assert_true(lines >= 2);
	assert_non_null(strstr(svg.data, "<text class=\"comment\" x=\"28\" y=\"20\" direction=\"rtl\" "
	                                 "unicode-bidi=\"embed\" xml:lang=\"ar\">"));
	tb_buf_free(&svg);
	tb_para_free(&p);
	tb_buf_free(&out);
}

static void test_embedding(void **state)
{
	(void)state;
	tb_para p;
	tb_buf svg = TB_BUF_INIT;
	tb_xw w;
	tb_xw_init(&w, &svg);
	tb_para_init(&p, 1, NULL);
	tb_para_puts(&p, "بعد", 0);
	tb_para_puts(&p, "63... e7xe5", TB_RUN_KEEP | TB_RUN_LTR);
	tb_para_style st = {3.0, "caption", 0};
	tb_para_set(&p, &w, 0, 5, 80, 4, &st);
	assert_non_null(strstr(svg.data, "بعد <tspan direction=\"ltr\" unicode-bidi=\"embed\">63... "
	                                 "e7xe5</tspan></text>"));
	tb_para_free(&p);
	tb_buf_free(&svg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_utf8),      cmocka_unit_test(test_widths),
		cmocka_unit_test(test_direction), cmocka_unit_test(test_fit),
		cmocka_unit_test(test_numbers),   cmocka_unit_test(test_writer),
		cmocka_unit_test(test_writer_deep),
		cmocka_unit_test(test_paragraph), cmocka_unit_test(test_embedding),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
