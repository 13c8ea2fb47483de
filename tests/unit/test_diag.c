/*
 * test_diag.c -- lib/diag.c (tb_diag_format) and the source excerpts
 * the reader puts in diagnostics (lexer.c): exact text, carets under
 * tabs and wide characters, windows of long lines; and both against the
 * plain way they were made before (printf, a byte at a time), kept
 * here, on random diagnostics and random lines.
 */
#include "tb_test.h"

#include "diag.h"
#include "utf8.h"

static tb_diag S_diag(int code, unsigned line, unsigned col, unsigned end_col,
                      const char *msg, const char *source, unsigned source_col)
{
	tb_diag d;
	memset(&d, 0, sizeof d);
	d.severity = TB_ERROR;
	d.code = code;
	d.file = "f.tgn";
	d.line = line;
	d.col = col;
	d.end_col = end_col;
	d.message = msg;
	d.source = source;
	d.source_col = source_col;
	return d;
}

#define assert_format(d, want) tt_assert_str(tb_diag_format(&(d)), (want))

/* ===== tb_diag_format on diagnostics built by hand ===== */

static void test_format_error(void **state)
{
	(void)state;
	tb_diag d = S_diag(104, 2, 7, 8, "comment opened here is never closed with '}'",
	                   "1. d1 {sin cerrar", 7);
	assert_format(d, "f.tgn:2:7: error: comment opened here is never closed with '}' [TB104]\n"
	                 "1. d1 {sin cerrar\n"
	                 "      ^\n");
}

static void test_format_warning_and_code(void **state)
{
	(void)state;
	tb_diag d = S_diag(7, 14, 9, 11, "m", "1. d1 a1-h9 2. g1 *", 9);
	d.severity = TB_WARNING;
	assert_format(d, "f.tgn:14:9: warning: m [TB007]\n1. d1 a1-h9 2. g1 *\n        ^~\n");
	d.code = 310;
	d.end_col = 9; /* no span: one caret */
	assert_format(d, "f.tgn:14:9: warning: m [TB310]\n1. d1 a1-h9 2. g1 *\n        ^\n");
	d.end_col = 3; /* before the start: still one caret */
	assert_format(d, "f.tgn:14:9: warning: m [TB310]\n1. d1 a1-h9 2. g1 *\n        ^\n");
}

static void test_format_caret_under_tabs(void **state)
{
	(void)state;
	tb_diag d = S_diag(102, 2, 6, 7, "NUL byte", "1.\td1? a1? *", 6);
	assert_format(d, "f.tgn:2:6: error: NUL byte [TB102]\n1.\td1? a1? *\n  \t  ^\n");
	d = S_diag(301, 1, 4, 6, "x", "\t\t\th1", 4);
	assert_format(d, "f.tgn:1:4: error: x [TB301]\n\t\t\th1\n\t\t\t^~\n");
}

static void test_format_caret_after_wide_characters(void **state)
{
	(void)state;
	tb_diag d = S_diag(301, 1, 37, 39, "m", "[Game \"pitarra\"] {Querétaro, Gómez} h1 *", 37);
	assert_format(d, "f.tgn:1:37: error: m [TB301]\n"
	                 "[Game \"pitarra\"] {Querétaro, Gómez} h1 *\n"
	                 "                                    ^~\n");
	d = S_diag(301, 1, 31, 33, "m", "[Game \"asalto\"] {@ar هجوم} c3-c9 *", 31);
	assert_format(d, "f.tgn:1:31: error: m [TB301]\n"
	                 "[Game \"asalto\"] {@ar هجوم} c3-c9 *\n"
	                 "                              ^~\n");
	d = S_diag(301, 1, 5, 7, "m", "😀中文 h1", 5);
	assert_format(d, "f.tgn:1:5: error: m [TB301]\n😀中文 h1\n    ^~\n");
	/* a span over wide characters has one '~' per character */
	d = S_diag(206, 1, 3, 9, "m", "x ñandú y", 3);
	assert_format(d, "f.tgn:1:3: error: m [TB206]\nx ñandú y\n  ^~~~~~\n");
}

static void test_format_span_stops_at_end_of_source(void **state)
{
	(void)state;
	tb_diag d = S_diag(105, 1, 2, 40, "m", "abc", 2);
	assert_format(d, "f.tgn:1:2: error: m [TB105]\nabc\n ^~\n");
	d = S_diag(105, 1, 9, 12, "m", "abc", 9); /* past the end of the source */
	assert_format(d, "f.tgn:1:9: error: m [TB105]\nabc\n   ^\n");
	d = S_diag(310, 4, 1, 2, "m", "", 1);
	assert_format(d, "f.tgn:4:1: error: m [TB310]\n\n^\n");
	d = S_diag(310, 4, 1, 2, "m", NULL, 1);
	assert_format(d, "f.tgn:4:1: error: m [TB310]\n\n^\n");
}

/* ===== Diagnostics the reader makes ===== */

static char *S_first_diag_formatted(const char *src, size_t len)
{
	tb_reader *r;
	tb_record *rec = tt_parse_n(src, len, &r);
	assert_true(tb_reader_ndiags(r) >= 1);
	char *s = tb_diag_format(tb_reader_diag(r, 0));
	tb_record_free(rec);
	tb_reader_free(r);
	return s;
}

static void test_reader_diagnostics_exact(void **state)
{
	(void)state;
	const char nul[] = "[Game \"pitarra\"]\n1.\td1\0 a1\a *";
	char *s = tt_fmt_n(nul, sizeof nul - 1);
	assert_string_equal(s,
	                    "t.tgn:2:6: error: NUL byte in the text (is this a binary or UTF-16 file?) [TB102]\n"
	                    "1.\td1? a1? *\n"
	                    "  \t  ^\n"
	                    "t.tgn:2:10: error: control character U+0007 in the text [TB103]\n"
	                    "1.\td1? a1? *\n"
	                    "  \t      ^\n");
	free(s);
	const char src[] = "[Game \"pitarra\"] {\xC0\xAF \xED\xA0\x80} *";
	s = tt_fmt_n(src, sizeof src - 1);
	assert_string_equal(s,
	                    "t.tgn:1:19: error: invalid UTF-8 bytes 0xC0 0xAF (TGN files are UTF-8) [TB101]\n"
	                    "[Game \"pitarra\"] {?? ???} *\n"
	                    "                  ^~\n"
	                    "t.tgn:1:22: error: invalid UTF-8 bytes 0xED 0xA0 0x80 (TGN files are UTF-8) [TB101]\n"
	                    "[Game \"pitarra\"] {?? ???} *\n"
	                    "                     ^~~\n");
	free(s);
	tt_assert_fmt("[Game \"pitarra\"]\r\n1. d1 )\r\n*",
	              "t.tgn:2:7: error: ')' without '(' [TB307]\n1. d1 )\n      ^\n");
	tt_assert_fmt("[Game \"asalto\"] {@ar هجوم}\n[Site \"القاهرة\"] c3-c9 *",
	              "t.tgn:2:21: error: cannot read move 'c3-c9': 'c9' is not a point of the Asalto board [TB301]\n"
	              "[Site \"القاهرة\"] c3-c9 *\n"
	              "                    ^~\n"
	              "note: it could be c1, c2, c3, c4, c5, c6 or c7\n");
}

static void test_span_is_cut_at_the_line_end(void **state)
{
	(void)state;
	tb_reader *r;
	tb_record *rec = tt_parse("[Game \"pitarra\"]\n1. d1 {abc\ndef", &r);
	const tb_diag *d = tt_find(r, TB_D_COMMENT_EOF);
	assert_int_equal(d->end_col, d->col + 1);
	tb_record_free(rec);
	tb_reader_free(r);
	/* the source of a diagnostic never holds a line end */
	rec = tt_parse("[Game \"pitarra\"]\r\n[Site \"a\r\n*", &r);
	d = tt_find(r, TB_D_STRING_EOF);
	assert_string_equal(d->source, "[Site \"a");
	assert_null(strchr(d->source, '\r'));
	tb_record_free(rec);
	tb_reader_free(r);
}

/* ===== Windows of long lines ===== */

static int S_valid_utf8(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	while (*u) {
		int n = *u < 0x80 ? 1 : (*u & 0xE0) == 0xC0 ? 2 : (*u & 0xF0) == 0xE0 ? 3
		      : (*u & 0xF8) == 0xF0 ? 4 : 0;
		if (!n)
			return 0;
		for (int k = 1; k < n; k++)
			if ((u[k] & 0xC0) != 0x80)
				return 0;
		u += n;
	}
	return 1;
}

/* The byte offset in 's' of the character at column 'col' (from 1). */
static size_t S_byte_at_col(const char *s, unsigned col)
{
	size_t i = 0;
	for (unsigned c = 1; c < col && s[i]; c++) {
		i++;
		while (((unsigned char)s[i] & 0xC0) == 0x80)
			i++;
	}
	return i;
}

/* One record: a line of 'before' copies of 'unit', then "h9", then
 * 'after' copies of 'unit'. Checks the diagnostic on "h9". */
static void S_long_line(const char *unit, size_t before, size_t after, int want_lead,
                        int want_trail)
{
	tt_str s = {0};
	tt_puts(&s, "[Game \"pitarra\"]\n");
	for (size_t i = 0; i < before; i++)
		tt_puts(&s, unit);
	tt_puts(&s, "h9 ");
	for (size_t i = 0; i < after; i++)
		tt_puts(&s, unit);
	tt_puts(&s, "*\n");
	tb_reader *r;
	tb_record *rec = tt_parse_n(s.d, s.n, &r);
	const tb_diag *d = tt_find(r, TB_D_MOVE);
	assert_int_equal(d->line, 2);
	/* the column counts every character of the line before it */
	size_t unit_chars = 0;
	for (const char *p = unit; *p; p++)
		unit_chars += ((unsigned char)*p & 0xC0) != 0x80;
	assert_int_equal(d->col, before * unit_chars + 1);
	/* a window, not the whole line */
	assert_true(strlen(d->source) <= 240 + 6);
	assert_true(S_valid_utf8(d->source));
	assert_int_equal(strncmp(d->source, "...", 3) == 0, want_lead);
	size_t n = strlen(d->source);
	assert_int_equal(n >= 3 && strcmp(d->source + n - 3, "...") == 0, want_trail);
	/* the caret column within the window is where "h9" is */
	size_t at = S_byte_at_col(d->source, d->source_col);
	assert_int_equal(strncmp(d->source + at, "h9", 2), 0);
	if (!want_lead)
		assert_int_equal(d->source_col, d->col);
	/* and the formatted caret stands under it */
	char *f = tb_diag_format(d);
	const char *caret_line = strrchr(f, '^');
	const char *line_start = caret_line;
	while (line_start > f && line_start[-1] != '\n')
		line_start--;
	assert_int_equal((size_t)(caret_line - line_start), d->source_col - 1);
	assert_int_equal(strncmp(caret_line, "^~\n", 3), 0);
	free(f);
	tb_record_free(rec);
	tb_reader_free(r);
	free(s.d);
}

static void test_long_line_windows(void **state)
{
	(void)state;
	S_long_line("d1 a1 ", 20000, 100, 1, 1); /* deep in a line of 120 kB */
	S_long_line("d1 a1 ", 2, 10000, 0, 1);    /* near its start */
	S_long_line("d1 a1 ", 10000, 0, 1, 0);    /* near its end */
	S_long_line("d1 a1 ", 10, 10, 0, 0);      /* a line short enough to show whole */
}

static void test_long_line_windows_with_wide_characters(void **state)
{
	(void)state;
	S_long_line("{ñandú} ", 5000, 5000, 1, 1);
	S_long_line("{هجوم} ", 5000, 5000, 1, 1);
	S_long_line("{😀😀😀} ", 3000, 3000, 1, 1);
	S_long_line("{é} ", 3000, 5, 1, 0);
}

static void test_bad_bytes_shown_as_question_marks(void **state)
{
	(void)state;
	const char src[] = "[Game \"pitarra\"]\n1. d1 {\x01\x7f\xff\0} h1 *";
	tb_reader *r;
	tb_record *rec = tt_parse_n(src, sizeof src - 1, &r);
	const tb_diag *d = tt_find(r, TB_D_MOVE);
	assert_string_equal(d->source, "1. d1 {????} h1 *");
	assert_int_equal(d->col, 14);
	assert_int_equal(d->source_col, 14);
	tb_record_free(rec);
	tb_reader_free(r);
	char *s = S_first_diag_formatted(src, sizeof src - 1);
	assert_non_null(strstr(s, "\n1. d1 {????} h1 *\n       ^\n"));
	free(s);
}

static void test_too_many_problems(void **state)
{
	(void)state;
	tt_str s = {0};
	tt_puts(&s, "[Game \"pitarra\"]\n");
	for (int i = 0; i < 150; i++)
		tt_puts(&s, "h9 ");
	tt_puts(&s, "*");
	tb_reader *r;
	tb_record *rec = tt_parse(s.d, &r);
	assert_int_equal(tb_reader_ndiags(r), TB_MAX_DIAGS + 1);
	const tb_diag *d = tb_reader_diag(r, TB_MAX_DIAGS);
	assert_int_equal(d->code, TB_D_TOO_MANY);
	assert_int_equal(d->severity, TB_ERROR);
	assert_string_equal(d->message, "more problems follow in this record; they are not shown");
	assert_int_equal(d->col, 1 + 3 * TB_MAX_DIAGS); /* where the 101st was */
	assert_int_equal(tb_record_errors(rec), 150);
	assert_int_equal(tb_reader_nerrors(r), 150);
	tb_record_free(rec);
	tb_reader_free(r);
	free(s.d);
}

/* ===== Against the plain way ===== */

static unsigned S_rand(unsigned long long *r, unsigned n)
{
	*r = *r * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)((*r >> 33) % n);
}

/* tb_diag_format as it was made with printf, a byte at a time. */
static char *S_format_plain(const tb_diag *d)
{
	tt_str b = {0};
	tt_printf(&b, "%s:%u:%u: %s: %s [TB%03d]\n%s\n", d->file, d->line, d->col,
	          d->severity == TB_ERROR ? "error" : "warning", d->message, d->code,
	          d->source ? d->source : "");
	const unsigned char *s = (const unsigned char *)(d->source ? d->source : "");
	for (unsigned col = 1; col < d->source_col && *s; col++) {
		tt_putc(&b, *s == '\t' ? '\t' : ' ');
		for (s++; (*s & 0xC0) == 0x80; s++)
			;
	}
	tt_putc(&b, '^');
	unsigned width = d->end_col > d->col ? d->end_col - d->col : 1;
	for (unsigned i = 1; i < width && *s; i++) {
		for (s++; (*s & 0xC0) == 0x80; s++)
			;
		if (!*s)
			break;
		tt_putc(&b, '~');
	}
	tt_putc(&b, '\n');
	for (const char *n = d->note; n && *n;) {
		size_t len = strcspn(n, "\n");
		tt_printf(&b, "note: %.*s\n", (int)len, n);
		n += len + (n[len] == '\n');
	}
	return tt_take(&b);
}

/* Random text of up to 'max' bytes from a palette of plain ASCII, tabs,
 * controls, wide characters and bad UTF-8 (no newline, no brace). */
static void S_random_text(tt_str *b, unsigned long long *r, unsigned max)
{
	static const char *const bits[] = {"a", "d5-d6", " ", "\t", "\x01", "\x7f", "\xc3\xa9",
	                                   "\xd9\x87", "\xf0\x9f\x98\x80", "\xc3", "\x80",
	                                   "\xe2\x80\xa8", "\xed\xa0\x80", "\xff", "~", "zz"};
	for (unsigned n = S_rand(r, max + 1), k = 0; k < n; k++) /* a fourth not plain */
		tt_puts(b, bits[S_rand(r, 4) ? S_rand(r, 3) : S_rand(r, sizeof bits / sizeof bits[0])]);
}

/* tb_diag_format (its room made once) against the plain way, on random
 * diagnostics: messages, sources, notes of one line or several, spans
 * and columns inside their source or past it. */
static void test_format_as_plain(void **state)
{
	(void)state;
	unsigned long long r = 5;
	for (int i = 0; i < 20000; i++) {
		tt_str msg = {0}, src = {0}, note = {0};
		S_random_text(&msg, &r, 40);
		S_random_text(&src, &r, i % 7 ? 30 : 300);
		for (unsigned k = 0, n = S_rand(&r, 4); k < n; k++) {
			if (k)
				tt_putc(&note, '\n');
			S_random_text(&note, &r, 120);
		}
		tt_put(&msg, "", 0);
		tt_put(&src, "", 0);
		unsigned col = 1 + S_rand(&r, 60);
		tb_diag d = S_diag(i % 3 ? 407 : 1234, 1 + S_rand(&r, 100000), col,
		                   col + S_rand(&r, 12), msg.d, i % 11 ? src.d : NULL,
		                   1 + S_rand(&r, 40));
		d.severity = i % 2 ? TB_ERROR : TB_WARNING;
		d.note = note.d;
		char *want = S_format_plain(&d), *got = tb_diag_format(&d);
		assert_non_null(got);
		if (strcmp(want, got) != 0)
			fail_msg("formatted\n%s\nnot\n%s", got, want);
		free(want);
		free(got);
		free(msg.d);
		free(src.d);
		free(note.d);
	}
}

/* The excerpt of the line 'line' ('n' bytes) around byte 'off' as the
 * reader made it a byte at a time (diag.c, S_excerpt), into 'out'; its
 * column of 'off'. */
static unsigned S_excerpt_plain(const char *line, size_t n, size_t off, tt_str *out)
{
	size_t from = 0, to = n;
	int cut = 0;
	if (n > TB_DIAG_EXCERPT) {
		if (off > 80) {
			from = off - 80;
			while (from < off && ((unsigned char)line[from] & 0xC0) == 0x80)
				from++;
			cut = 1;
		}
		if (to - from > TB_DIAG_EXCERPT) {
			to = from + TB_DIAG_EXCERPT;
			while (to > off && ((unsigned char)line[to] & 0xC0) == 0x80)
				to--;
		}
	}
	tt_put(out, "", 0);
	if (cut)
		tt_puts(out, "...");
	for (size_t i = from; i < to;) {
		unsigned char c = (unsigned char)line[i];
		size_t k = c >= 0x80 ? tb_utf8_valid(line + i, to - i) : 1;
		if (k == 0 || (c < 0x20 && c != '\t') || c == 0x7f) {
			tt_putc(out, '?');
			i++;
		} else {
			tt_put(out, line + i, k);
			i += k;
		}
	}
	if (to < n)
		tt_puts(out, "...");
	return (cut ? 3u : 0u) + tb_utf8_count(line + from, off - from) + 1;
}

/* The excerpts of random lines -- a comment of random bytes, short and
 * long, around a turn off the board -- against the plain way. */
static void test_excerpts_as_plain(void **state)
{
	(void)state;
	unsigned long long r = 9;
	int read = 0;
	for (int i = 0; i < 3000; i++) {
		tt_str line = {0}, want = {0};
		tt_puts(&line, "1. d1 {");
		S_random_text(&line, &r, i % 5 ? 40 : 200);
		tt_puts(&line, "} ");
		size_t off = line.n;
		tt_puts(&line, "h1 {");
		S_random_text(&line, &r, i % 3 ? 20 : 200);
		tt_puts(&line, "} *");
		unsigned col = S_excerpt_plain(line.d, line.n, off, &want);
		tt_str src = {0};
		tt_puts(&src, "[Game \"pitarra\"]\n");
		tt_put(&src, line.d, line.n);
		tt_puts(&src, "\n");
		tb_reader *rd = tb_reader_new_mem(src.d, src.n, "t.tgn");
		assert_non_null(rd);
		tb_record *rec = NULL;
		if (tb_reader_next(rd, &rec) == 1) { /* (else not read as text: TB112) */
			const tb_diag *d = tt_find(rd, TB_D_MOVE);
			if (strcmp(d->source, want.d) != 0 || d->source_col != col)
				fail_msg("the excerpt '%s' (column %u), not '%s' (column %u)", d->source,
				         d->source_col, want.d, col);
			tb_record_free(rec);
			read++;
		}
		tb_reader_free(rd);
		free(line.d);
		free(want.d);
		free(src.d);
	}
	/* a diagnostic on an empty line (at the end, after the last
	 * newline): an empty excerpt, in memory that held other bytes */
	for (int i = 0; i < 20; i++) {
		void *dirty[8];
		for (int k = 0; k < 8; k++) {
			dirty[k] = malloc(48 + 16 * (size_t)k);
			assert_non_null(dirty[k]);
			memset(dirty[k], 'x', 48 + 16 * (size_t)k);
		}
		for (int k = 0; k < 8; k++)
			free(dirty[k]);
		static const char empty[] = "{Game  <g *\n";
		tb_reader *rd = tb_reader_new_mem(empty, sizeof empty - 1, "t.tgn");
		tb_record *rec = NULL;
		assert_int_equal(tb_reader_next(rd, &rec), 1);
		const tb_diag *d = tt_find(rd, TB_D_NO_GAME);
		assert_int_equal(d->line, 2);
		assert_string_equal(d->source, "");
		tb_record_free(rec);
		tb_reader_free(rd);
	}
	print_message("%d lines read, their excerpts as plainly made\n", read);
	assert_true(read > 2000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format_error),
		cmocka_unit_test(test_format_warning_and_code),
		cmocka_unit_test(test_format_caret_under_tabs),
		cmocka_unit_test(test_format_caret_after_wide_characters),
		cmocka_unit_test(test_format_span_stops_at_end_of_source),
		cmocka_unit_test(test_reader_diagnostics_exact),
		cmocka_unit_test(test_span_is_cut_at_the_line_end),
		cmocka_unit_test(test_long_line_windows),
		cmocka_unit_test(test_long_line_windows_with_wide_characters),
		cmocka_unit_test(test_bad_bytes_shown_as_question_marks),
		cmocka_unit_test(test_too_many_problems),
		cmocka_unit_test(test_format_as_plain),
		cmocka_unit_test(test_excerpts_as_plain),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
