/*
 * test_evidence.c -- lib/evidence.c: a link's text read and written at
 * its boundaries, the media tags, links through the parser, equality,
 * the visit and the public readers (spec/tgn.md 8.6).
 */
#include "tb_test.h"

#include "evidence.h"
#include "visit.h"

#define PIT "[Game \"pitarra\"]\n[Recording \"c.ogg\"]\n[Facsimile \"p12=a.jpg; p-2_b=b.jpg\"]\n"

/* Reads link text 's' (without '@'): 0 or -1, as tb_ev_token_read. */
static int S_read(const char *s, tb_ev_token *t)
{
	const char *why;
	size_t at;
	return tb_ev_token_read(s, strlen(s), t, &why, &at);
}

/* The canonical text of time 's', or "-" when it does not read. */
static char *S_time(const char *s)
{
	tb_ev_token t;
	if (S_read(s, &t) || !t.is_time)
		return strdup("-");
	tb_buf b = TB_BUF_SOFT;
	tb_ev_write_time(&b, t.from, t.to);
	tb_buf_putc(&b, '\0');
	return tb_buf_detach(&b, NULL);
}

static void test_times(void **state)
{
	(void)state;
	tb_ev_token t;
	assert_int_equal(S_read("0:00:00", &t), 0);
	assert_int_equal(t.from, 0);
	assert_int_equal(t.to, -1);
	assert_int_equal(S_read("999:59:59.999", &t), 0);
	assert_true(t.from == (999LL * 3600 + 59 * 60 + 59) * 1000 + 999);
	assert_int_equal(S_read("1:02:03.5-1:02:03.5", &t), 0);
	assert_true(t.from == t.to && t.from == 3723500);
	/* boundaries: 59 and 60, digits, fractions, ranges */
	const char *bad[] = {"0:60:00", "0:00:60", "0:0:00", "0:00:0", "1000:00:00", "00:000:00",
	                     "0:00:00.", "0:00:00.1234", "0:00:00-", "0:00:01-0:00:00",
	                     "0:00:00.5-0:00:00.4", "0:00:00x", "0:00", "0:00:00-0:00",
	                     "99999999999:00:00", "0:00:00--0:00:01", ""};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		if (S_read(bad[i], &t) == 0 && (bad[i][0] != '\0' || t.is_time))
			fail_msg("'%s' read as a link", bad[i]);
	tt_assert_str(S_time("00:02:10"), "0:02:10");
	tt_assert_str(S_time("000:02:10.500"), "0:02:10.5");
	tt_assert_str(S_time("1:02:10.050"), "1:02:10.05");
	tt_assert_str(S_time("1:02:10.000"), "1:02:10");
	tt_assert_str(S_time("10:59:59.9-010:59:59.90"), "10:59:59.9-10:59:59.9");
	tt_assert_str(S_time("0:00:00.001"), "0:00:00.001");
}

static void test_regions(void **state)
{
	(void)state;
	tb_ev_token t;
	assert_int_equal(S_read("p12", &t), 0);
	assert_false(t.is_time);
	assert_int_equal(t.nlen, 3);
	assert_int_equal(t.w, 0);
	assert_int_equal(S_read("p12#0,0,1,1", &t), 0);
	assert_int_equal(S_read("p12#10000000,10000000,10000000,10000000", &t), 0);
	assert_int_equal(t.h, 10000000);
	assert_int_equal(S_read("abcdefghijabcdefghijabcdefghij12", &t), 0); /* 32 */
	const char *bad[] = {"p12#0,0,0,1", "p12#0,0,1,0", "p12#10000001,0,1,1", "p12#1,2,3",
	                     "p12#1,2,3,4,", "p12#", "p12#a,1,1,1", "1p", "_p", "p.12",
	                     "abcdefghijabcdefghijabcdefghij123", "p12#1,2,3,4x",
	                     "p12#999999999999,1,1,1"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		if (S_read(bad[i], &t) == 0)
			fail_msg("'%s' read as a link", bad[i]);
	tb_evidence e = {-1, -1, "p12", 1, 2, 3, 4, {0, 0, 0, 0, 0}};
	tb_buf b = TB_BUF_SOFT;
	tb_ev_write(&b, &e);
	e.from = 0;
	e.w = 0;
	tb_ev_write(&b, &e);
	tb_buf_putc(&b, '\0');
	tt_assert_str(tb_buf_detach(&b, NULL), " @p12#1,2,3,4 @0:00:00 @p12");
}

static void test_facsimile(void **state)
{
	(void)state;
	char msg[96];
	assert_null(tb_facsimile_check("p12=a.jpg", msg, sizeof msg));
	assert_null(tb_facsimile_check(" p12=a.jpg ;p13=http://x.org/b.jpg;  ", msg, sizeof msg));
	assert_null(tb_facsimile_check("?", msg, sizeof msg));
	const char *bad[] = {"", "p12", "p12=", "=a.jpg", "p12=a b.jpg", "p12=a.jpg; p12=b.jpg",
	                     "1=a", "p12=a.jpg p13=b.jpg"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		if (!tb_facsimile_check(bad[i], msg, sizeof msg))
			fail_msg("[Facsimile \"%s\"] passed", bad[i]);
	assert_true(tb_facsimile_has("p12=a.jpg; p13=b.jpg", "p13", 3));
	assert_false(tb_facsimile_has("p12=a.jpg; p13=b.jpg", "p1", 2));
	assert_null(tb_recording_check("cinta 3.ogg"));
	assert_non_null(tb_recording_check("a\tb"));
}

static void test_through_the_parser(void **state)
{
	(void)state;
	/* every place a link may stand, read and written back */
	char *text = tt_canon(PIT "1. d1 $1 @p12 @0:00:01 {a} @0:00:02 a1 @p-2_b#1,1,1,1 "
	                          "(1... a4 {v} @0:00:03) 2. <d2 @0:00:04 {x} @p12 | d3> @0:00:05 "
	                          "<gap 2 @0:00:06> <reconstructed pass> @0:00:07 *");
	const char *moves = strstr(text, "\n\n") + 2;
	tt_assert_str(strdup(moves), "1. d1! @0:00:01 @p12 {a} @0:00:02 1... a1 @p-2_b#1,1,1,1 "
	                             "(1... a4 {v} @0:00:03)\n2. <d2 @0:00:04 {x} @p12 | d3> "
	                             "@0:00:05 <gap 2> @0:00:06 3... <reconstructed pass> "
	                             "@0:00:07\n*\n");
	tb_record *again = tt_parse_clean(text);
	free(text);
	/* the public readers */
	tb_node *n = tb_line_first(tb_record_main(again));
	tb_evidence_info ev;
	char buf[64];
	assert_int_equal(tb_node_evidence(n, &ev), 1);
	assert_int_equal(ev.from_ms, 1000);
	assert_int_equal(ev.to_ms, -1);
	assert_string_equal(ev.page, "p12");
	assert_int_equal(ev.w, 0);
	assert_int_equal(tb_evidence_format(&ev, TB_EVIDENCE_TIME, buf, sizeof buf), 7);
	assert_string_equal(buf, "0:00:01");
	assert_int_equal(tb_evidence_format(&ev, TB_EVIDENCE_REGION, buf, 3), 3);
	assert_string_equal(buf, "p1"); /* cut short, as snprintf */
	assert_int_equal(tb_node_comment_evidence(n, 0, &ev), 1);
	assert_int_equal(ev.from_ms, 2000);
	assert_null(ev.page);
	assert_int_equal(tb_node_comment_evidence(n, 1, &ev), 0);
	assert_int_equal(ev.from_ms, -1);
	n = tb_node_next(tb_node_next(n)); /* the reading */
	assert_int_equal(tb_alt_evidence(n, 0, &ev), 1);
	assert_int_equal(ev.from_ms, 4000);
	assert_int_equal(tb_alt_evidence(n, 1, &ev), 0);
	assert_int_equal(tb_alt_evidence(n, 2, &ev), 0);
	assert_int_equal(tb_node_evidence(tb_node_alt(again, n, 0), &ev), 1);
	assert_int_equal(ev.from_ms, 4000);
	assert_int_equal(tb_node_comment_evidence(tb_node_alt(again, n, 0), 0, &ev), 1);
	assert_string_equal(ev.page, "p12");
	/* the media */
	assert_string_equal(tb_record_recording(again), "c.ogg");
	char *name, *uri;
	assert_int_equal(tb_record_facsimile(again, 1, &name, &uri), 1);
	assert_string_equal(name, "p-2_b");
	assert_string_equal(uri, "b.jpg");
	free(name);
	free(uri);
	assert_int_equal(tb_record_facsimile(again, 2, &name, &uri), 0);
	assert_null(name);
	tb_record_free(again);
}

static void test_diagnostics(void **state)
{
	(void)state;
	tt_assert_codes(PIT "@0:00:01 1. d1 *", "316");
	tt_assert_codes(PIT "1. @0:00:01 d1 *", "316");
	tt_assert_codes(PIT "1. d1 (1. a1) @0:00:01 *", "316");
	tt_assert_codes(PIT "1. d1 @0:00:01 @0:00:02 *", "316");
	tt_assert_codes(PIT "1. d1 @p12 @p12 *", "316");
	tt_assert_codes(PIT "1. d1 @p13 *", "318");
	tt_assert_codes("[Game \"pitarra\"] 1. d1 @p12 *", "318");
	tt_assert_codes("[Game \"pitarra\"] 1. d1 @0:00:01 a1 @0:00:02 *", "317");
	tt_assert_codes("[Game \"pitarra\"] [Facsimile \"p1=a; p1=b\"] *", "214");
	tt_assert_codes("[Game \"pitarra\"] [Recording \"a\tb\"] *", "214");
	tt_assert_codes(PIT "1. d1 @0:00:01 * @0:00:02", "311");
	/* a link's caret is on what is wrong */
	tb_reader *r;
	tb_record *rec = tt_parse(PIT "1. d1 @0:02:61 *", &r);
	const tb_diag *d = tt_find(r, 316);
	assert_int_equal(d->col, 13);
	tb_record_free(rec);
	tb_reader_free(r);
}

static void test_equal(void **state)
{
	(void)state;
	assert_true(tt_equal(PIT "1. d1 @00:00:01.50 *", PIT "1. d1 @0:00:01.5 *"));
	assert_true(tt_equal(PIT "1. d1 @p12 @0:00:01 *", PIT "1. d1 @0:00:01 @p12 *"));
	assert_false(tt_equal(PIT "1. d1 @0:00:01 *", PIT "1. d1 *"));
	assert_false(tt_equal(PIT "1. d1 @0:00:01 *", PIT "1. d1 @0:00:02 *"));
	assert_false(tt_equal(PIT "1. d1 @0:00:01 *", PIT "1. d1 @0:00:01-0:00:01 *"));
	assert_false(tt_equal(PIT "1. d1 @p12 *", PIT "1. d1 @p12#0,0,1,1 *"));
	assert_false(tt_equal(PIT "1. d1 {a} @p12 *", PIT "1. d1 {a} *"));
	assert_false(tt_equal(PIT "1. <d1 @p12 | a1> *", PIT "1. <d1 | a1> *"));
	assert_false(tt_equal(PIT "1. <d1 | a1> @p12 *", PIT "1. <d1 | a1> *"));
}

/* The visit says a node's link after its NAGs, before its comments. */
static void test_visit(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean(PIT "1. d1 $1 $2 @0:00:01 {a} a1 @p12 *");
	tb_visit v;
	tb_visit_init(&v, &rec->main);
	tt_str s = {0};
	for (int ev; (ev = tb_visit_next(&v)) != TB_VISIT_DONE;)
		tt_printf(&s, "%d ", ev);
	tt_assert_str(tt_take(&s), "1 3 7 7 9 8 4 3 9 4 2 ");
	tb_record_free(rec);
}

/* The building API sets, replaces and takes away links, and refuses
 * what does not read, leaving the record as it was. */
static void test_building(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean(PIT "{lead} 1. d1 {a} <a1 | a4> *");
	tb_line *main = tb_record_main(rec);
	tb_node *d1 = tb_line_first(main), *reading = tb_node_next(d1);
	assert_int_equal(tb_node_set_evidence(rec, d1, " @p12#1,2,3,4  @00:00:01.10 "), 0);
	assert_int_equal(tb_node_set_comment_evidence(rec, d1, 0, "@0:00:02"), 0);
	assert_int_equal(tb_line_set_comment_evidence(rec, main, 0, "@p-2_b"), 0);
	assert_int_equal(tb_alt_set_evidence(rec, reading, 1, "@0:00:03-0:00:04"), 0);
	assert_int_equal(tb_node_set_evidence(rec, d1, "@0:00:01 @0:00:02"), TB_ESYNTAX);
	assert_int_equal(tb_node_set_evidence(rec, d1, "@p13"), TB_ESYNTAX);
	assert_int_equal(tb_node_set_evidence(rec, d1, "0:00:01"), TB_ESYNTAX);
	assert_int_equal(tb_node_set_evidence(rec, d1, "@0:61:00"), TB_ESYNTAX);
	assert_int_equal(tb_node_set_comment_evidence(rec, d1, 1, "@0:00:01"), TB_EINVAL);
	assert_int_equal(tb_alt_set_evidence(rec, d1, 0, "@0:00:01"), TB_EINVAL);
	assert_int_equal(tb_line_set_comment_evidence(rec, main, 1, "@0:00:01"), TB_EINVAL);
	char *text = tb_record_write(rec, NULL);
	assert_non_null(text);
	tt_assert_str(strdup(strstr(text, "\n\n") + 2),
	              "{lead} @p-2_b\n1. d1 @0:00:01.1 @p12#1,2,3,4 {a} @0:00:02 "
	              "1... <a1 | a4 @0:00:03-0:00:04>\n*\n");
	free(text);
	tb_evidence_info ev;
	assert_int_equal(tb_line_comment_evidence(main, 0, &ev), 1);
	assert_string_equal(ev.page, "p-2_b");
	assert_int_equal(tb_node_set_evidence(rec, d1, ""), 0);
	assert_int_equal(tb_node_evidence(d1, &ev), 0);
	assert_int_equal(tb_node_set_evidence(rec, d1, NULL), 0);
	/* [Facsimile] keeps naming the pages the links are on */
	assert_int_equal(tb_record_set_tag(rec, "Facsimile", "p12=a.jpg"), TB_ETREE);
	assert_int_equal(tb_record_set_tag(rec, "Facsimile", NULL), TB_ETREE);
	assert_int_equal(tb_record_set_tag(rec, "Facsimile", "p-2_b=x.png; q=y.png"), 0);
	assert_int_equal(tb_line_set_comment_evidence(rec, main, 0, ""), 0);
	assert_int_equal(tb_record_set_tag(rec, "Facsimile", NULL), 0);
	assert_int_equal(tb_record_set_tag(rec, "Recording", NULL), 0);
	text = tb_record_write(rec, NULL);
	tb_reader *r;
	tb_record *back = tt_parse(text, &r);
	assert_int_equal(tb_record_errors(back), 0); /* a time without [Recording]: a warning */
	assert_int_equal(tt_count(r, 317), 1);
	tb_record_free(back);
	tb_reader_free(r);
	free(text);
	tb_record_free(rec);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_times),
		cmocka_unit_test(test_regions),
		cmocka_unit_test(test_facsimile),
		cmocka_unit_test(test_through_the_parser),
		cmocka_unit_test(test_diagnostics),
		cmocka_unit_test(test_equal),
		cmocka_unit_test(test_visit),
		cmocka_unit_test(test_building),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
