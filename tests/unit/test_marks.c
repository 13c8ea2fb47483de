/*
 * test_marks.c -- lib/marks.c: the author's marks' commands read and
 * written at their boundaries, through the parser (canonical order, the
 * text left), equality, the public readers and the building API
 * (spec/tgn.md 8.7).
 */
#include "tb_test.h"

#include "game.h"
#include "marks.h"

#define PIT "[Game \"pitarra\"]\n"

/* Reads command 's' on La Pitarra's board: the marks written back in
 * canonical form, or "!" and the message when it does not read. */
static char *S_cmd(const char *s)
{
	tb_board b;
	const tb_game *g = tb_game_find("pitarra");
	assert_non_null(g);
	tb_opts none = {0};
	assert_null(g->board(&b, &none));
	tb_mark m[TB_MAX_MARKS];
	unsigned n = 0;
	tb_mark_err e;
	size_t used = tb_marks_read(s, strlen(s), &b, g->title, m, &n, TB_MAX_MARKS, &e);
	tb_buf out = TB_BUF_SOFT;
	if (!used) {
		assert_int_equal(n, 0); /* nothing kept of a command that does not read */
		tb_buf_printf(&out, "! %zu+%zu %s", e.at, e.len, e.msg);
	} else {
		tb_marks_sort(m, n);
		tb_marks_write(&out, m, n);
		if (used != strlen(s))
			tb_buf_printf(&out, " (%zu of %zu)", used, strlen(s));
	}
	tb_buf_putc(&out, '\0');
	return tb_buf_detach(&out, NULL);
}

static void test_commands(void **state)
{
	(void)state;
	tt_assert_str(S_cmd("[%cal Ra1a4]"), "[%cal Ra1a4]");
	tt_assert_str(S_cmd("[%cal Ra1a4 , GD1d2,Yg7g4]"), "[%cal Ra1a4,Gd1d2,Yg7g4]");
	tt_assert_str(S_cmd("[%csl Bd5] more"), "[%csl Bd5] (10 of 15)");
	tt_assert_str(S_cmd("[%cfl Ye3,Gd5]"), "[%cfl Ye3,Gd5]");
	tt_assert_str(S_cmd("[%clb Bd5:A,Rd1:ب,Gd2:<&>]"), "[%clb Bd5:A,Rd1:ب,Gd2:<&>]");
	/* boundaries */
	tt_assert_str(S_cmd("[%clb Bd5:ABC]"), "[%clb Bd5:ABC]");
	tt_assert_str(S_cmd("[%clb Bd5:ABCD]"),
	              "! 10+4 a label is 1 to 3 characters after its point and ':' (Gd5:A)");
	tt_assert_str(S_cmd("[%clb Bd5:]"),
	              "! 10+1 a label is 1 to 3 characters after its point and ':' (Gd5:A)");
	tt_assert_str(S_cmd("[%clb Bd5:a\\b]"),
	              "! 11+1 a label holds no control, bracket, brace or backslash");
	tt_assert_str(S_cmd("[%clb Bd5]"), "! 9+1 a label follows its point after ':' (Gd5:A)");
	tt_assert_str(S_cmd("[%csl Xd5]"),
	              "! 6+1 a mark begins with its colour: G (green), R (red), Y (yellow) or B (blue)");
	tt_assert_str(S_cmd("[%csl gd5]"),
	              "! 6+1 a mark begins with its colour: G (green), R (red), Y (yellow) or B (blue)");
	tt_assert_str(S_cmd("[%csl Gd4]"), "! 7+2 'd4' is not a point of the La Pitarra board");
	tt_assert_str(S_cmd("[%csl G?]"), "! 7+1 a mark stands on a point of the board, not on '?'");
	tt_assert_str(S_cmd("[%cal Ga1a1]"), "! 7+4 an arrow runs from a point to another");
	tt_assert_str(S_cmd("[%cal Ga1]"), "! 9+1 expected a point here");
	tt_assert_str(S_cmd("[%cal Ga1"), "! 9+1 a point is missing at the end");
	tt_assert_str(S_cmd("[%csl ]"), "! 0+7 a mark command names one mark at least");
	tt_assert_str(S_cmd("[%csl Gd5"), "! 0+2 a mark command ends with ']'");
	tt_assert_str(S_cmd("[%csl Gd5;Gd1]"),
	              "! 9+1 marks are separated by ',' and their command ends with ']'");
	/* the most a comment holds, and one more */
	tb_buf many = TB_BUF_SOFT;
	tb_buf_puts(&many, "[%csl Gd5");
	for (int i = 1; i < TB_MAX_MARKS; i++)
		tb_buf_puts(&many, ",Gd1");
	tb_buf_putc(&many, ']');
	tb_buf_putc(&many, '\0');
	char *got = S_cmd(many.data);
	assert_true(got[0] == '[');
	free(got);
	many.len -= 2;
	tb_buf_puts(&many, ",Gd1]");
	tb_buf_putc(&many, '\0');
	got = S_cmd(many.data);
	assert_non_null(strstr(got, "more marks than a comment holds (64)"));
	free(got);
	tb_buf_free(&many);
	/* only our four commands are found; chess's others are text */
	assert_int_equal(tb_marks_find("x [%clk 0:01] y", 15, 0), 15);
	assert_int_equal(tb_marks_find("x [%cals Ra1a4]", 15, 0), 15);
	assert_int_equal(tb_marks_find("x [%csl]", 8, 0), 2);
}

static void test_through_the_parser(void **state)
{
	(void)state;
	/* marks first, one command per kind in the table's order, the
	 * order written kept within a kind; the text what is left */
	char *text = tt_canon(PIT "1. d1 {Mira [%clb Bd5:A] esto [%cal Ra1a4] [%csl Gd2]\n"
	                          "[%cal Gd1d2]   y} a1 ; [%cfl Ye3] línea\n"
	                          "2. d2 {@ar [%csl Rd2] نص} {[%csl Rd3]} *");
	const char *moves = strstr(text, "\n\n") + 2;
	tt_assert_str(strdup(moves),
	              "1. d1 {[%cal Ra1a4,Gd1d2] [%csl Gd2] [%clb Bd5:A] Mira esto y} 1... a1 "
	              "{[%cfl Ye3] línea}\n2. d2 {@ar [%csl Rd2] نص} {[%csl Rd3]}\n*\n");
	tb_record *again = tt_parse_clean(text);
	char *twice = tb_record_write(again, NULL);
	tt_assert_str(twice, text); /* a fixed point */
	free(text);
	/* the public readers: the text alone, the marks typed */
	tb_node *n = tb_line_first(tb_record_main(again));
	assert_string_equal(tb_node_comment(n, 0, NULL), "Mira esto y");
	assert_int_equal(tb_node_comment_nmarks(n, 0), 4);
	assert_int_equal(tb_node_comment_nmarks(n, 1), 0);
	tb_mark_info m;
	assert_int_equal(tb_node_comment_mark(n, 0, 1, &m), 0);
	assert_int_equal(m.kind, TB_MARK_ARROW);
	assert_int_equal(m.colour, TB_MARK_GREEN);
	assert_int_equal(m.file, 3);
	assert_int_equal(m.rank, 0);
	assert_int_equal(m.to_file, 3);
	assert_int_equal(m.to_rank, 1);
	assert_int_equal(tb_node_comment_mark(n, 0, 3, &m), 0);
	assert_int_equal(m.kind, TB_MARK_LABEL);
	assert_int_equal(m.colour, TB_MARK_BLUE);
	assert_int_equal(m.to_file, -1);
	assert_string_equal(m.label, "A");
	assert_int_equal(tb_node_comment_mark(n, 0, 4, &m), TB_EINVAL);
	assert_int_equal(tb_node_comment_mark(n, 1, 0, &m), TB_EINVAL);
	assert_int_equal(tb_node_comment_mark(NULL, 0, 0, &m), TB_EINVAL);
	assert_int_equal(tb_node_comment_nmarks(NULL, 0), 0);
	tb_record_free(again);
}

static void test_diagnostics(void **state)
{
	(void)state;
	/* an error at what is wrong in the command, which reads on after it */
	tt_assert_codes(PIT "1. d1 {[%csl Gd4] a [%cal Ra1a4]} *", "319");
	tb_reader *r;
	tb_record *rec = tt_parse(PIT "1. d1 {x\n [%csl Gd5,Gf3]} *", &r);
	const tb_diag *d = tt_find(r, 319);
	assert_non_null(d);
	assert_int_equal(d->line, 3);
	assert_int_equal(d->col, 13);
	tb_record_free(rec);
	tb_reader_free(r);
	/* where no turn is: warned of, kept as text, the same written back */
	tt_assert_codes(PIT "{[%csl Gd5]} 1. d1 <d2 {[%csl Gd2]} | d3> * {[%cal Ra1a4]}",
	                "320 320 320");
	rec = tt_parse(PIT "[Site \"x\"] {[%csl Gd5]} 1. d1 *", &r);
	assert_int_equal(tt_count(r, 320), 1);
	tb_record_free(rec);
	tb_reader_free(r);
	/* an escape in the comment before the command: the column still right */
	rec = tt_parse(PIT "1. d1 {a\\}b [%csl Gh9]} *", &r);
	d = tt_find(r, 319);
	assert_non_null(d);
	assert_int_equal(d->col, 20);
	tb_record_free(rec);
	tb_reader_free(r);
}

static void test_equal(void **state)
{
	(void)state;
	assert_true(tt_equal(PIT "1. d1 {[%cal RA1A4] x} *", PIT "1. d1 {x [%cal Ra1a4]} *"));
	assert_true(tt_equal(PIT "1. d1 {[%csl Gd1] [%csl Gd2]} *", PIT "1. d1 {[%csl Gd1,Gd2]} *"));
	assert_false(tt_equal(PIT "1. d1 {[%csl Gd1,Gd2]} *", PIT "1. d1 {[%csl Gd2,Gd1]} *"));
	assert_false(tt_equal(PIT "1. d1 {[%csl Gd1]} *", PIT "1. d1 {[%csl Rd1]} *"));
	assert_false(tt_equal(PIT "1. d1 {[%csl Gd1]} *", PIT "1. d1 {[%cfl Gd1]} *"));
	assert_false(tt_equal(PIT "1. d1 {[%clb Gd1:A]} *", PIT "1. d1 {[%clb Gd1:B]} *"));
	assert_false(tt_equal(PIT "1. d1 {[%cal Ga1a4]} *", PIT "1. d1 {[%cal Ga4a1]} *"));
	assert_false(tt_equal(PIT "1. d1 {[%csl Gd1]} *", PIT "1. d1 {} *"));
}

static void test_building(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean(PIT "1. d1 a1 *");
	tb_line *main = tb_record_main(rec);
	tb_node *d1 = tb_line_first(main);
	/* a comment after a turn whose text is a command would read back as marks */
	assert_int_equal(tb_node_add_comment(rec, d1, "mira [%csl Gd5]", NULL), TB_EINVAL);
	assert_int_equal(tb_node_add_comment(rec, d1, "mira [%clk 0:01]", NULL), 0);
	/* movetext inserted reads them */
	tb_node *first = NULL;
	assert_int_equal(tb_line_append(rec, main, "2. d2 {[%cal Rd2d3] amenaza}", &first), 0);
	assert_non_null(first);
	assert_int_equal(tb_node_comment_nmarks(first, 0), 1);
	char *text = tb_record_write(rec, NULL);
	assert_non_null(text);
	tt_assert_str(strdup(strstr(text, "\n\n") + 2),
	              "1. d1 {mira [%clk 0:01]} 1... a1\n2. d2 {[%cal Rd2d3] amenaza}\n*\n");
	tb_record *back = tt_parse_clean(text);
	assert_true(tb_record_equal(back, rec));
	tb_record_free(back);
	free(text);
	/* a comment's marks set, read, refused, cleared */
	char buf[64];
	assert_int_equal(tb_node_set_comment_marks(rec, d1, 0, " [%csl Gd5]  [%cal Ra1a4] "), 0);
	assert_int_equal(tb_node_comment_marks(d1, 0, buf, sizeof buf), 23);
	assert_string_equal(buf, "[%cal Ra1a4] [%csl Gd5]");
	assert_int_equal(tb_node_comment_marks(d1, 0, buf, 6), 23);
	assert_string_equal(buf, "[%cal");
	assert_int_equal(tb_node_set_comment_marks(rec, d1, 0, "[%csl Gd4]"), TB_ESYNTAX);
	assert_non_null(strstr(tb_record_errmsg(rec), "'d4' is not a point"));
	assert_int_equal(tb_node_set_comment_marks(rec, d1, 0, "x [%csl Gd5]"), TB_ESYNTAX);
	assert_int_equal(tb_node_set_comment_marks(rec, d1, 1, "[%csl Gd5]"), TB_EINVAL);
	assert_int_equal(tb_node_comment_nmarks(d1, 0), 2); /* unchanged by those refused */
	text = tb_record_write(rec, NULL);
	assert_non_null(strstr(text, "{[%cal Ra1a4] [%csl Gd5] mira [%clk 0:01]}"));
	free(text);
	assert_int_equal(tb_node_set_comment_marks(rec, d1, 0, NULL), 0);
	assert_int_equal(tb_node_comment_marks(d1, 0, buf, sizeof buf), 0);
	assert_string_equal(buf, "");
	tb_record_free(rec);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_commands),
		cmocka_unit_test(test_through_the_parser),
		cmocka_unit_test(test_diagnostics),
		cmocka_unit_test(test_equal),
		cmocka_unit_test(test_building),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
