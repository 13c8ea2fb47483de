/*
 * test_lexer.c -- lib/lexer.c: tokens, lines and columns, UTF-8 and
 * bad bytes, through a memory reader (tb_reader_new_mem) and the
 * internal tb_lex_next.
 */
#include "tb_test.h"

#include "diag.h"
#include "reader.h"

typedef struct S_tk {
	tb_tok_type type;
	unsigned line, col, end_line, end_col;
	size_t off, len;
	long num;
	int dots, bad;
	char word[64];  /* bytes of a WORD */
	char text[128]; /* decoded STRING or COMMENT */
	char lang[36];
} S_tk;

typedef struct S_lexed {
	tb_reader *r;
	S_tk t[256];
	size_t n;
} S_lexed;

/* Lexes 'len' bytes of 'src' to the end; the diagnostics stay in l->r. */
static void S_lex_n(S_lexed *l, const char *src, size_t len)
{
	memset(l, 0, sizeof *l);
	l->r = tb_reader_new_mem(src, len, "lex.tgn");
	assert_non_null(l->r);
	for (;;) {
		tb_lex_next(l->r);
		const tb_tok *t = &l->r->tok;
		if (t->type == TK_EOF)
			break;
		assert_true(l->n < 256);
		S_tk *k = &l->t[l->n++];
		k->type = t->type;
		k->line = t->line;
		k->col = t->col;
		k->end_line = t->end_line;
		k->end_col = t->end_col;
		k->off = t->off;
		k->len = t->len;
		k->num = t->num;
		k->dots = t->dots;
		k->bad = t->bad;
		if (t->type == TK_WORD)
			snprintf(k->word, sizeof k->word, "%.*s", (int)t->len, l->r->data + t->off);
		if (t->type == TK_STRING || t->type == TK_COMMENT) {
			snprintf(k->text, sizeof k->text, "%s", l->r->text.data ? l->r->text.data : "");
			if (t->type == TK_COMMENT)
				snprintf(k->lang, sizeof k->lang, "%s", l->r->lang);
		}
	}
}

static void S_lex(S_lexed *l, const char *src)
{
	S_lex_n(l, src, strlen(src));
}

static void S_done(S_lexed *l)
{
	tb_reader_free(l->r);
	l->r = NULL;
}

/* The token types as one letter each, for compact assertions. */
static const char *S_kinds(const S_lexed *l)
{
	static char s[300];
	static const char letter[] = {
		[TK_EOF] = 'E', [TK_LBRACKET] = '[', [TK_RBRACKET] = ']',
		[TK_LPAREN] = '(', [TK_RPAREN] = ')', [TK_LANGLE] = '<',
		[TK_RANGLE] = '>', [TK_BAR] = '|', [TK_STAR] = '*',
		[TK_STRING] = 's', [TK_COMMENT] = 'c', [TK_NAG] = '$',
		[TK_MOVENUM] = 'n', [TK_WORD] = 'w',
	};
	size_t i;
	for (i = 0; i < l->n && i < sizeof s - 1; i++)
		s[i] = letter[l->t[i].type];
	s[i] = '\0';
	return s;
}

static const tb_diag *S_diag(const S_lexed *l, size_t i)
{
	assert_true(i < tb_reader_ndiags(l->r));
	return tb_reader_diag(l->r, i);
}

/* ===== Token kinds ===== */

static void test_every_token_kind(void **state)
{
	(void)state;
	S_lexed l;
	S_lex(&l, "[ ] ( ) < > | * \"s\" {c} ;d\n$5 12. 7... w1 --");
	assert_string_equal(S_kinds(&l), "[]()<>|*scc$nnww");
	assert_int_equal(tb_reader_ndiags(l.r), 0);
	assert_string_equal(l.t[8].text, "s");
	assert_string_equal(l.t[9].text, "c");
	assert_string_equal(l.t[10].text, "d");
	assert_int_equal(l.t[11].num, 5);
	assert_int_equal(l.t[12].num, 12);
	assert_int_equal(l.t[12].dots, 1);
	assert_int_equal(l.t[13].num, 7);
	assert_int_equal(l.t[13].dots, 3);
	assert_string_equal(l.t[14].word, "w1");
	assert_string_equal(l.t[15].word, "--");
	S_done(&l);
}

static void test_token_positions_on_a_tag_line(void **state)
{
	(void)state;
	S_lexed l;
	S_lex(&l, "[Game \"pitarra\"]");
	assert_string_equal(S_kinds(&l), "[ws]");
	assert_int_equal(l.t[0].col, 1);
	assert_int_equal(l.t[0].end_col, 2);
	assert_int_equal(l.t[1].col, 2);
	assert_int_equal(l.t[1].end_col, 6);
	assert_int_equal(l.t[1].off, 1);
	assert_int_equal(l.t[1].len, 4);
	assert_int_equal(l.t[2].col, 7);
	assert_int_equal(l.t[2].end_col, 16);
	assert_string_equal(l.t[2].text, "pitarra");
	assert_int_equal(l.t[3].col, 16);
	S_done(&l);
}

static void test_delimiters_end_words(void **state)
{
	(void)state;
	S_lexed l;
	S_lex(&l, "a1(b2 a1)b a1$2 a1* a1{c} a1\"x\" a1;z\na1|b a1<b a1[b a1]b");
	assert_string_equal(S_kinds(&l), "w(ww)ww$w*wcwswcw|ww<ww[ww]w");
	assert_int_equal(tb_reader_ndiags(l.r), 0);
	S_done(&l);
}

static void test_results_and_numbers_that_are_words(void **state)
{
	(void)state;
	S_lexed l;
	S_lex(&l, "1-0 0-1 1/2-1/2 12 3x");
	assert_string_equal(S_kinds(&l), "wwwww");
	assert_string_equal(l.t[0].word, "1-0");
	assert_string_equal(l.t[2].word, "1/2-1/2");
	assert_string_equal(l.t[3].word, "12");
	S_done(&l);
}

static void test_move_numbers(void **state)
{
	(void)state;
	S_lexed l;
	S_lex(&l, "1.d1 3\xE2\x80\xA6g1 40. x 7...");
	assert_string_equal(S_kinds(&l), "nwnwnwn");
	assert_int_equal(l.t[0].num, 1);
	assert_int_equal(l.t[0].dots, 1);
	assert_int_equal(l.t[0].end_col, 3);
	assert_int_equal(l.t[1].col, 3); /* glued to its number */
	assert_int_equal(l.t[2].num, 3);
	assert_int_equal(l.t[2].dots, 3); /* the ellipsis counts as "..." */
	assert_int_equal(l.t[2].col, 6);
	assert_int_equal(l.t[2].end_col, 8); /* '3' and '\u2026': two characters */
	assert_int_equal(l.t[3].col, 8);
	assert_string_equal(l.t[3].word, "g1");
	assert_int_equal(l.t[4].num, 40);
	assert_int_equal(l.t[4].col, 11);
	assert_int_equal(l.t[6].num, 7);
	assert_int_equal(l.t[6].dots, 3);
	assert_int_equal(tb_reader_ndiags(l.r), 0);
	S_done(&l);
}

static void test_columns_after_three_dots(void **state)
{
	(void)state;
	/* "12..." is five characters: what follows it is five columns on */
	S_lexed l;
	S_lex(&l, "12... a1 1...d7");
	char kinds[300];
	snprintf(kinds, sizeof kinds, "%s", S_kinds(&l));
	S_tk t[4];
	memcpy(t, l.t, sizeof t);
	S_done(&l); /* (before asserting, so that a failure leaks nothing) */
	assert_string_equal(kinds, "nwnw");
	assert_int_equal(t[0].num, 12);
	assert_int_equal(t[0].dots, 3);
	assert_int_equal(t[0].col, 1);
	assert_int_equal(t[0].end_col, 6);
	assert_int_equal(t[1].col, 7);
	assert_int_equal(t[2].col, 10);
	assert_int_equal(t[2].end_col, 14);
	assert_int_equal(t[3].col, 14);
}

static void test_diagnostic_column_after_three_dots(void **state)
{
	(void)state;
	tb_reader *r;
	tb_record *rec = tt_parse("[Game \"pitarra\"]\n1. d1 1... h1 *", &r);
	const tb_diag *d = tt_find(r, TB_D_MOVE);
	unsigned line = d->line, col = d->col, end_col = d->end_col, source_col = d->source_col;
	tb_record_free(rec);
	tb_reader_free(r);
	assert_int_equal(line, 2);
	assert_int_equal(source_col, 12); /* where "h1" is in the line */
	assert_int_equal(col, 12);
	assert_int_equal(end_col, 14);
}

static void test_move_number_with_bad_dots(void **state)
{
	(void)state;
	S_lexed l;
	S_lex(&l, "d1\n1.. d1 5.... a1");
	assert_int_equal(tb_reader_ndiags(l.r), 2);
	const tb_diag *d = S_diag(&l, 0);
	assert_int_equal(d->code, TB_D_MOVENUM);
	assert_int_equal(d->severity, TB_ERROR);
	assert_int_equal(d->line, 2);
	assert_int_equal(d->col, 1);
	assert_int_equal(d->end_col, 4);
	assert_non_null(strstr(d->message, "not 2 dots"));
	d = S_diag(&l, 1);
	assert_int_equal(d->code, TB_D_MOVENUM);
	assert_int_equal(d->col, 8);
	assert_non_null(strstr(d->message, "not 4 dots"));
	S_done(&l);
}

static void test_nags(void **state)
{
	(void)state;
	S_lexed l;
	S_lex(&l, "$0 $255 $14a $256 $ x");
	assert_string_equal(S_kinds(&l), "$$$w$$w");
	assert_int_equal(l.t[0].num, 0);
	assert_int_equal(l.t[1].num, 255);
	assert_int_equal(l.t[2].num, 14);
	assert_string_equal(l.t[3].word, "a");
	assert_int_equal(tb_reader_ndiags(l.r), 2);
	assert_int_equal(S_diag(&l, 0)->code, TB_D_NAG);
	assert_int_equal(S_diag(&l, 0)->col, 14);
	assert_int_equal(S_diag(&l, 0)->end_col, 18);
	assert_int_equal(S_diag(&l, 1)->code, TB_D_NAG);
	assert_int_equal(S_diag(&l, 1)->col, 19);
	S_done(&l);
}

static void test_string_escapes(void **state)
{
	(void)state;
	S_lexed l;
	S_lex(&l, "\"dijo \\\"ya\\\" \\\\ C:\\d\" \"\"");
	assert_string_equal(S_kinds(&l), "ss");
	assert_string_equal(l.t[0].text, "dijo \"ya\" \\ C:\\d");
	assert_string_equal(l.t[1].text, "");
	assert_int_equal(tb_reader_ndiags(l.r), 0);
	S_done(&l);
}

static void test_comment_escapes_and_languages(void **state)
{
	(void)state;
	S_lexed l;
	S_lex(&l, "{a\\}b\\\\c\\@d\\e} {@es hola} {@es-MX x} {@ x} {@es} {@es,x} "
	          ";@ar مرحبا\n;a\\}b\n{@ar\nx}");
	assert_string_equal(S_kinds(&l), "ccccccccc");
	assert_string_equal(l.t[0].text, "a}b\\c@d\\e");
	assert_string_equal(l.t[0].lang, "");
	assert_string_equal(l.t[1].lang, "es");
	assert_string_equal(l.t[1].text, " hola");
	assert_string_equal(l.t[2].lang, "es-MX");
	assert_string_equal(l.t[3].lang, "");
	assert_string_equal(l.t[3].text, "@ x");
	assert_string_equal(l.t[4].lang, "es");
	assert_string_equal(l.t[4].text, "");
	assert_string_equal(l.t[5].lang, ""); /* ',' may not follow a language */
	assert_string_equal(l.t[5].text, "@es,x");
	assert_string_equal(l.t[6].lang, "ar");
	assert_string_equal(l.t[6].text, " مرحبا");
	assert_string_equal(l.t[7].text, "a\\}b"); /* no escapes in ';' comments */
	assert_string_equal(l.t[8].lang, "ar");
	assert_string_equal(l.t[8].text, "\nx");
	assert_int_equal(tb_reader_ndiags(l.r), 0);
	S_done(&l);
}

static void test_comment_language_length(void **state)
{
	(void)state;
	char src[128];
	const char *l35 = "abcdefghij-abcdefghij-abcdefghij-ab"; /* 35 characters */
	assert_int_equal(strlen(l35), 35);
	snprintf(src, sizeof src, "{@%s t} {@%sc t}", l35, l35);
	S_lexed l;
	S_lex(&l, src);
	assert_string_equal(S_kinds(&l), "cc");
	assert_string_equal(l.t[0].lang, l35);
	assert_string_equal(l.t[1].lang, ""); /* 36 is too long: text */
	assert_int_equal(l.t[1].text[0], '@');
	S_done(&l);
}

/* ===== Lines ===== */

static void test_lf_crlf_cr_line_ends(void **state)
{
	(void)state;
	S_lexed l;
	S_lex(&l, "a\nb\r\nc\rd\n\re f\r\n\r\ng");
	assert_string_equal(S_kinds(&l), "wwwwwww");
	unsigned want_line[] = {1, 2, 3, 4, 6, 6, 8};
	unsigned want_col[] = {1, 1, 1, 1, 1, 3, 1};
	for (size_t i = 0; i < 7; i++) {
		assert_int_equal(l.t[i].line, want_line[i]);
		assert_int_equal(l.t[i].col, want_col[i]);
	}
	S_done(&l);
}

static void test_line_ends_inside_comments(void **state)
{
	(void)state;
	S_lexed l;
	S_lex(&l, "{x\r\ny\rz\nw} q\r\n;fin\r\nr");
	assert_string_equal(S_kinds(&l), "cwcw");
	assert_string_equal(l.t[0].text, "x\ny\nz\nw");
	assert_int_equal(l.t[0].line, 1);
	assert_int_equal(l.t[0].end_line, 4);
	assert_int_equal(l.t[0].end_col, 3);
	assert_int_equal(l.t[1].line, 4);
	assert_int_equal(l.t[1].col, 4);
	assert_string_equal(l.t[2].text, "fin"); /* the CR is not part of it */
	assert_int_equal(l.t[2].line, 5);
	assert_int_equal(l.t[3].line, 6);
	S_done(&l);
}

static void test_tab_is_one_column(void **state)
{
	(void)state;
	S_lexed l;
	S_lex(&l, "\t1.\td1\t\ta1");
	assert_string_equal(S_kinds(&l), "nww");
	assert_int_equal(l.t[0].col, 2);
	assert_int_equal(l.t[1].col, 5);
	assert_int_equal(l.t[2].col, 9);
	S_done(&l);
}

/* ===== Byte order mark ===== */

static void test_bom_is_dropped(void **state)
{
	(void)state;
	S_lexed l;
	S_lex(&l, "\xEF\xBB\xBF[Game \"x\"]\n\xEF\xBB\xBFz");
	assert_string_equal(S_kinds(&l), "[ws]w");
	assert_int_equal(l.t[0].col, 1);
	assert_int_equal(l.t[0].off, 3);
	assert_int_equal(l.t[1].col, 2);
	/* past the start it is U+FEFF, an ordinary (if odd) character */
	assert_int_equal(l.t[4].line, 2);
	assert_int_equal(l.t[4].col, 1);
	assert_int_equal(l.t[4].end_col, 3);
	assert_int_equal(tb_reader_ndiags(l.r), 0);
	S_done(&l);

	S_lex(&l, "\xEF\xBB\xBF");
	assert_int_equal(l.n, 0);
	assert_int_equal(tb_reader_ndiags(l.r), 0);
	S_done(&l);
}

static void test_bom_diagnostic_columns(void **state)
{
	(void)state;
	tb_reader *r;
	tb_record *rec = tt_parse("\xEF\xBB\xBF[Game \"pitarra\"] 1. h1 *", &r);
	assert_int_equal(tb_reader_ndiags(r), 1);
	const tb_diag *d = tb_reader_diag(r, 0);
	assert_int_equal(d->code, TB_D_MOVE);
	assert_int_equal(d->line, 1);
	assert_int_equal(d->col, 21);
	assert_string_equal(d->source, "[Game \"pitarra\"] 1. h1 *"); /* BOM not shown */
	assert_int_equal(d->source_col, 21);
	tb_record_free(rec);
	tb_reader_free(r);
}

/* ===== Columns count characters ===== */

static void test_columns_in_code_points(void **state)
{
	(void)state;
	S_lexed l;
	S_lex(&l, "{Querétaro, Gómez} h1 Gómez x\n{@ar هجوم} c3-c9 \xF0\x9F\x98\x80 y");
	assert_string_equal(S_kinds(&l), "cwwwcwww");
	assert_int_equal(l.t[0].end_col, 19);
	assert_int_equal(l.t[1].col, 20);
	assert_int_equal(l.t[1].end_col, 22);
	assert_int_equal(l.t[2].col, 23);
	assert_int_equal(l.t[2].end_col, 28); /* "Gómez": five characters */
	assert_int_equal(l.t[3].col, 29);
	assert_int_equal(l.t[4].end_col, 11);
	assert_int_equal(l.t[5].col, 12);
	assert_int_equal(l.t[6].col, 18); /* an emoji is one character */
	assert_int_equal(l.t[6].end_col, 19);
	assert_int_equal(l.t[7].col, 20);
	assert_int_equal(tb_reader_ndiags(l.r), 0);
	S_done(&l);
}

static void test_diagnostic_columns_after_spanish_and_arabic(void **state)
{
	(void)state;
	tb_reader *r;
	tb_record *rec = tt_parse("[Game \"pitarra\"] {Querétaro, Gómez} h1 *", &r);
	const tb_diag *d = tt_find(r, TB_D_MOVE);
	assert_int_equal(d->col, 37);
	assert_int_equal(d->end_col, 39);
	tb_record_free(rec);
	tb_reader_free(r);

	rec = tt_parse("[Game \"asalto\"]\n[Site \"القاهرة\"] {@ar هجوم} c3-c9 *", &r);
	d = tt_find(r, TB_D_MOVE);
	assert_int_equal(d->line, 2);
	assert_int_equal(d->col, 32); /* at 'c9' */
	assert_int_equal(d->end_col, 34);
	tb_record_free(rec);
	tb_reader_free(r);
}

static void test_utf8_helpers(void **state)
{
	(void)state;
	assert_int_equal(tb_utf8_count("añb", 4), 3);
	assert_int_equal(tb_utf8_count("هجوم", 8), 4);
	assert_int_equal(tb_utf8_count("\xF0\x9F\x98\x80", 4), 1);
	assert_int_equal(tb_utf8_count("\xC0\xAF", 2), 2);     /* each bad byte is one */
	assert_int_equal(tb_utf8_count("\xED\xA0\x80", 3), 3); /* a surrogate */
	assert_int_equal(tb_utf8_count("a\xE2\x82", 3), 3);    /* cut short */
	assert_int_equal(tb_utf8_count("", 0), 0);
	assert_int_equal(tb_utf8_len_at("é!", 3), 2);
	assert_int_equal(tb_utf8_len_at("x", 1), 1);
	assert_int_equal(tb_utf8_len_at("\xE2\x80\xA6", 2), 2); /* at most n */
	assert_int_equal(tb_utf8_len_at("", 0), 0);
	/* the public test (tablero lsp's) is the reader's */
	assert_int_equal(tb_utf8_length("é!", 3), 2);
	assert_int_equal(tb_utf8_length("\xF0\x9F\x98\x80", 4), 4);
	assert_int_equal(tb_utf8_length("\xC0\xAF", 2), 0);     /* overlong */
	assert_int_equal(tb_utf8_length("\xED\xA0\x80", 3), 0); /* a surrogate */
	assert_int_equal(tb_utf8_length("\xF4\x90\x80\x80", 4), 0); /* past U+10FFFF */
	assert_int_equal(tb_utf8_length("\xE2\x82", 2), 0);     /* cut short */
	assert_int_equal(tb_utf8_length("x", 0), 0);
}

/* ===== Invalid UTF-8 ===== */

/* One record over 'src' whose first diagnostic must be TB101 at
 * line:col..end_col; returns its message (static copy). */
static const char *S_utf8_diag(const char *src, size_t len, unsigned line, unsigned col,
                               unsigned end_col)
{
	static char msg[256];
	tb_reader *r;
	tb_record *rec = tt_parse_n(src, len, &r);
	assert_true(tb_reader_ndiags(r) >= 1);
	const tb_diag *d = tb_reader_diag(r, 0);
	assert_int_equal(d->code, TB_D_UTF8);
	assert_int_equal(d->severity, TB_ERROR);
	assert_int_equal(d->line, line);
	assert_int_equal(d->col, col);
	assert_int_equal(d->end_col, end_col);
	snprintf(msg, sizeof msg, "%s", d->message);
	assert_int_equal(tt_count(r, TB_D_UTF8), 1);
	tb_record_free(rec);
	tb_reader_free(r);
	return msg;
}

#define HEAD "[Game \"pitarra\"]\n1. d1\n"

static void test_invalid_utf8_overlong(void **state)
{
	(void)state;
	const char src[] = HEAD "a1 {x\xC0\xAF y} *";
	const char *m = S_utf8_diag(src, sizeof src - 1, 3, 6, 8);
	assert_non_null(strstr(m, "0xC0 0xAF"));
	/* an overlong three-byte form too */
	const char src2[] = HEAD "{\xE0\x80\x80} *";
	m = S_utf8_diag(src2, sizeof src2 - 1, 3, 2, 5);
	assert_non_null(strstr(m, "0xE0 0x80 0x80"));
}

static void test_invalid_utf8_surrogate(void **state)
{
	(void)state;
	const char src[] = HEAD "{\xED\xA0\x80} *";
	const char *m = S_utf8_diag(src, sizeof src - 1, 3, 2, 5);
	assert_non_null(strstr(m, "0xED 0xA0 0x80"));
	/* the last surrogate, U+DFFF */
	const char src2[] = HEAD "{ab\xED\xBF\xBF} *";
	S_utf8_diag(src2, sizeof src2 - 1, 3, 4, 7);
}

static void test_invalid_utf8_past_max(void **state)
{
	(void)state;
	const char src[] = HEAD "{\xF5\x80\x80\x80} *";
	const char *m = S_utf8_diag(src, sizeof src - 1, 3, 2, 6);
	assert_non_null(strstr(m, "0xF5"));
	const char src2[] = HEAD "{\xF4\x90\x80\x80} *"; /* U+110000 */
	S_utf8_diag(src2, sizeof src2 - 1, 3, 2, 6);
	const char src3[] = HEAD "{\xFF} *";
	S_utf8_diag(src3, sizeof src3 - 1, 3, 2, 3);
	/* U+10FFFF itself is fine */
	tb_record *rec = tt_parse_clean(HEAD "{\xF4\x8F\xBF\xBF} *");
	tb_record_free(rec);
}

static void test_invalid_utf8_truncated_at_eof(void **state)
{
	(void)state;
	const char src[] = HEAD "* {fin \xE2\x82";
	tb_reader *r;
	tb_record *rec = tt_parse_n(src, sizeof src - 1, &r);
	assert_int_equal(tb_reader_ndiags(r), 2);
	const tb_diag *d = tb_reader_diag(r, 0);
	assert_int_equal(d->code, TB_D_UTF8);
	assert_int_equal(d->line, 3);
	assert_int_equal(d->col, 8);
	assert_int_equal(d->end_col, 10);
	d = tb_reader_diag(r, 1);
	assert_int_equal(d->code, TB_D_COMMENT_EOF);
	assert_int_equal(d->line, 3);
	assert_int_equal(d->col, 3);
	tb_record_free(rec);
	tb_reader_free(r);

	/* a lone lead byte as the file's last byte, after a word */
	const char src2[] = HEAD "a1 * \xF0";
	S_utf8_diag(src2, sizeof src2 - 1, 3, 6, 7);
}

static void test_invalid_utf8_ends_a_word(void **state)
{
	(void)state;
	const char src[] = "d1\x80 a1\xC3";
	S_lexed l;
	S_lex_n(&l, src, sizeof src - 1);
	assert_string_equal(S_kinds(&l), "ww");
	assert_string_equal(l.t[0].word, "d1");
	assert_int_equal(l.t[0].end_col, 3);
	assert_string_equal(l.t[1].word, "a1");
	assert_int_equal(l.t[1].col, 5);
	/* both read as Windows-1252: the first is reported, the second
	 * counted for the record's note (tb_lex_record_end) */
	assert_int_equal(tb_reader_ndiags(l.r), 1);
	assert_int_equal(S_diag(&l, 0)->code, TB_D_UTF8);
	assert_int_equal(S_diag(&l, 0)->col, 3);
	assert_int_equal(l.r->rec_latin_more, 1);
	S_done(&l);
}

static void test_valid_multibyte_is_not_reported(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean(
		"[Game \"pitarra\"]\n[Site \"Querétaro — Ñandú “ü” 中文 😀\"] {ʕ•ᴥ•ʔ ﷺ} *");
	tb_record_free(rec);
}

/* ===== NUL and control characters ===== */

static void test_nul_byte(void **state)
{
	(void)state;
	const char src[] = HEAD "a1\0 * {x\0y}";
	tb_reader *r;
	tb_record *rec = tt_parse_n(src, sizeof src - 1, &r);
	assert_int_equal(tt_count(r, TB_D_NUL), 2);
	const tb_diag *d = tt_find(r, TB_D_NUL);
	assert_int_equal(d->line, 3);
	assert_int_equal(d->col, 3);
	assert_int_equal(d->end_col, 4);
	assert_non_null(strstr(d->message, "NUL"));
	assert_int_equal(tb_reader_diag(r, 1)->col, 9);
	assert_int_equal(tb_record_errors(rec), 2);
	tb_record_free(rec);
	tb_reader_free(r);
}

static void test_control_characters(void **state)
{
	(void)state;
	const char src[] = HEAD "a1\x07 {\x1b[31m} \x7f\x7f \x01\x02 *";
	tb_reader *r;
	tb_record *rec = tt_parse_n(src, sizeof src - 1, &r);
	assert_int_equal(tt_count(r, TB_D_CONTROL), 5);
	const tb_diag *d = tb_reader_diag(r, 0);
	assert_int_equal(d->code, TB_D_CONTROL);
	assert_int_equal(d->col, 3);
	assert_non_null(strstr(d->message, "U+0007"));
	d = tb_reader_diag(r, 1);
	assert_int_equal(d->col, 6);
	assert_non_null(strstr(d->message, "U+001B"));
	d = tb_reader_diag(r, 2); /* a run of one control character is one problem */
	assert_int_equal(d->col, 13);
	assert_int_equal(d->end_col, 15);
	assert_non_null(strstr(d->message, "U+007F"));
	d = tb_reader_diag(r, 3); /* different ones are two */
	assert_int_equal(d->col, 16);
	assert_non_null(strstr(d->message, "U+0001"));
	assert_int_equal(tb_reader_diag(r, 4)->col, 17);
	tb_record_free(rec);
	tb_reader_free(r);
}

static void test_tab_in_strings_and_comments_is_fine(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean("[Game\t\"pitarra\"]\n[Site \"a\tb\"]\t{c\td}\t*");
	assert_string_equal(tb_record_tag(rec, "Site"), "a\tb");
	tb_record_free(rec);
}

/* ===== Unterminated comment and string ===== */

static void test_unterminated_comment(void **state)
{
	(void)state;
	S_lexed l;
	S_lex(&l, "d1\n1. d1 {sin cerrar\na1 *");
	assert_string_equal(S_kinds(&l), "wnwc");
	assert_int_equal(l.t[3].bad, 1);
	assert_int_equal(tb_reader_ndiags(l.r), 1);
	const tb_diag *d = S_diag(&l, 0);
	assert_int_equal(d->code, TB_D_COMMENT_EOF);
	assert_int_equal(d->line, 2);
	assert_int_equal(d->col, 7);
	assert_int_equal(d->end_col, 8);
	assert_string_equal(d->source, "1. d1 {sin cerrar");
	S_done(&l);

	/* a ';' comment may end the file */
	S_lex(&l, "d1 ;fin");
	assert_string_equal(S_kinds(&l), "wc");
	assert_int_equal(l.t[1].bad, 0);
	assert_int_equal(tb_reader_ndiags(l.r), 0);
	S_done(&l);
}

/* A comment left open ends before a tag line after a blank line: the
 * next record's (spec/tgn.md §3); the text up to there is the comment's. */
static void test_comment_ends_at_the_next_record(void **state)
{
	(void)state;
	S_lexed l;
	S_lex(&l, "1. d1 {sin cerrar a1 *\n \t\n[Game \"asalto\"]\n1. c3-c4 *\n");
	assert_string_equal(S_kinds(&l), "nwc[ws]nw*");
	assert_int_equal(l.t[2].bad, 1);
	assert_string_equal(l.t[2].text, "sin cerrar a1 *\n \t\n");
	assert_int_equal(l.t[3].line, 3);
	assert_int_equal(l.t[3].col, 1);
	assert_int_equal(tb_reader_ndiags(l.r), 1);
	const tb_diag *d = S_diag(&l, 0);
	assert_int_equal(d->code, TB_D_COMMENT_EOF);
	assert_int_equal(d->line, 1);
	assert_int_equal(d->col, 7);
	assert_non_null(strstr(d->message, "at line 3"));
	S_done(&l);

	/* CRLF and lone CR line ends alike */
	S_lex(&l, "1. d1 {a\r\n\r\n[Site \"x\"]\r\n");
	assert_string_equal(S_kinds(&l), "nwc[ws]");
	assert_int_equal(l.t[3].line, 3);
	S_done(&l);
	S_lex(&l, "1. d1 {a\r\r[Site \"x\"]\r");
	assert_string_equal(S_kinds(&l), "nwc[ws]");
	S_done(&l);

	/* not without the blank line, nor for a line that is no tag pair's
	 * start, nor a blank line that is the comment's first */
	static const char *const goes_on[] = {
		"1. d1 {a\n[Site \"x\"] b}",     "1. d1 {a\n\n [Site \"x\"] b}",
		"1. d1 {a\n\n[Site x] b}",       "1. d1 {a\n\n[1Site \"x\"] b}",
		"1. d1 {a\n\n[Site\"x\"] b}",    "1. d1 {a\n\n[sic] b}",
		"1. d1 {\n[Site \"x\"] b}",      "1. d1 {a\n\nb\n[Site \"x\"] b}",
	};
	for (size_t i = 0; i < sizeof goes_on / sizeof *goes_on; i++) {
		S_lex(&l, goes_on[i]);
		assert_string_equal(S_kinds(&l), "nwc");
		assert_int_equal(l.t[2].bad, 0);
		assert_int_equal(tb_reader_ndiags(l.r), 0);
		S_done(&l);
	}
}

static void test_tag_lines(void **state)
{
	(void)state;
	assert_true(tb_text_tag_line("[Game \"pitarra\"]", 16));
	assert_true(tb_text_tag_line("[Site \t \"x", 10));
	assert_true(tb_text_tag_line("[a_1 \"", 6));
	assert_false(tb_text_tag_line("[Game \"pitarra\"]", 6));   /* cut before the '"' */
	assert_false(tb_text_tag_line(" [Game \"x\"]", 11));
	assert_false(tb_text_tag_line("[_a \"x\"]", 8));
	assert_false(tb_text_tag_line("[Game]", 6));
	assert_false(tb_text_tag_line("", 0));
	/* within the line's first TB_TAG_LINE bytes */
	char line[TB_TAG_LINE + 8];
	memset(line, 'a', sizeof line);
	line[0] = '[';
	line[TB_TAG_LINE - 3] = ' ';
	line[TB_TAG_LINE - 2] = '"';
	assert_true(tb_text_tag_line(line, sizeof line));
	line[TB_TAG_LINE - 2] = ' ';
	line[TB_TAG_LINE - 1] = '"';
	assert_true(tb_text_tag_line(line, sizeof line));
	line[TB_TAG_LINE - 1] = ' ';
	line[TB_TAG_LINE] = '"';
	assert_false(tb_text_tag_line(line, sizeof line));
	/* a comment's text that would not read back is refused */
	char why[200];
	assert_int_equal(tb_text_refused("a\n\n[Site \"x\"] b", TB_TEXT_COMMENT, why, sizeof why),
	                 TB_D_COMMENT_EOF);
	assert_non_null(strstr(why, "line 3"));
	assert_int_equal(tb_text_refused("a\nb\n \n[S \"", TB_TEXT_COMMENT, why, sizeof why),
	                 TB_D_COMMENT_EOF);
	assert_int_equal(tb_text_refused("a\n[Site \"x\"] b", TB_TEXT_COMMENT, why, sizeof why), 0);
	assert_int_equal(tb_text_refused("\n[Site \"x\"] b", TB_TEXT_COMMENT, why, sizeof why), 0);
	assert_int_equal(tb_text_refused("a\n\n [Site \"x\"]", TB_TEXT_COMMENT, why, sizeof why), 0);
}

static void test_unterminated_string(void **state)
{
	(void)state;
	S_lexed l;
	S_lex(&l, "[Game \"pitarra\"]\n[Site \"Querétaro\n1. d1 \"abc");
	assert_string_equal(S_kinds(&l), "[ws][wsnws");
	assert_int_equal(l.t[6].bad, 1);
	assert_string_equal(l.t[6].text, "Querétaro");
	assert_int_equal(l.t[7].line, 3); /* the line end is not swallowed */
	assert_int_equal(l.t[9].bad, 1);
	assert_int_equal(tb_reader_ndiags(l.r), 2);
	assert_int_equal(S_diag(&l, 0)->code, TB_D_STRING_EOF);
	assert_int_equal(S_diag(&l, 0)->line, 2);
	assert_int_equal(S_diag(&l, 0)->col, 7);
	assert_int_equal(S_diag(&l, 1)->code, TB_D_STRING_EOF);
	assert_int_equal(S_diag(&l, 1)->line, 3);
	assert_int_equal(S_diag(&l, 1)->col, 7);
	S_done(&l);

	/* a lone CR ends the string's line too */
	S_lex(&l, "\"ab\rc\"");
	assert_int_equal(tb_reader_ndiags(l.r), 2); /* "ab and then c" */
	assert_int_equal(S_diag(&l, 0)->code, TB_D_STRING_EOF);
	S_done(&l);
}

static void test_stray_closing_brace(void **state)
{
	(void)state;
	S_lexed l;
	S_lex(&l, "d1 } a1");
	assert_string_equal(S_kinds(&l), "ww");
	assert_int_equal(tb_reader_ndiags(l.r), 1);
	assert_int_equal(S_diag(&l, 0)->code, TB_D_UNEXPECTED);
	assert_int_equal(S_diag(&l, 0)->col, 4);
	S_done(&l);
}

/* ===== '>' inside a word ===== */

static void test_angle_inside_word_only_before_a_point(void **state)
{
	(void)state;
	S_lexed l;
	S_lex(&l, "a2^a4>a7 <a1-a4> a4>? a4> b >a1 a4>7 a2^a4>>a7");
	assert_string_equal(S_kinds(&l), "w<w>ww>w>ww>ww>>w");
	assert_string_equal(l.t[0].word, "a2^a4>a7");
	assert_string_equal(l.t[2].word, "a1-a4");
	assert_string_equal(l.t[4].word, "a4>?");
	assert_string_equal(l.t[5].word, "a4");
	assert_string_equal(l.t[7].word, "b");
	assert_string_equal(l.t[9].word, "a1");
	assert_string_equal(l.t[10].word, "a4");
	assert_string_equal(l.t[12].word, "7");
	assert_string_equal(l.t[13].word, "a2^a4");
	S_done(&l);
}

static void test_angle_before_a_word_that_is_not_a_point(void **state)
{
	(void)state;
	/* spec §13: "a '>' belongs to a word only when a point follows it";
	 * "pass" and "x" are not points, so the reading closes there. */
	S_lexed l;
	S_lex(&l, "<d1 | a1>pass <d7>x");
	char kinds[300], w3[64] = "", w5[64] = "";
	snprintf(kinds, sizeof kinds, "%s", S_kinds(&l));
	if (l.n >= 6) {
		snprintf(w3, sizeof w3, "%s", l.t[3].word);
		snprintf(w5, sizeof w5, "%s", l.t[5].word);
	}
	S_done(&l);
	assert_string_equal(kinds, "<w|w>w<w>w");
	assert_string_equal(w3, "a1");
	assert_string_equal(w5, "pass");
}

static void S_same_tok(const tb_tok *a, const tb_tok *b);

/* 'b' reads token by token the tag 'a' read the short way (its 'name'
 * and 'value', its ']' in a->tok): the same three tokens and text. */
static void S_same_tag(const tb_reader *a, tb_reader *b, const tb_tok *name,
                       const tb_tok *value)
{
	tb_lex_next(b);
	S_same_tok(name, &b->tok);
	tb_lex_next(b);
	S_same_tok(value, &b->tok);
	/* the short way's text: the bytes between the quotes */
	assert_int_equal(value->len - 2, b->text.len);
	assert_memory_equal(a->data + value->off + 1, b->text.data ? b->text.data : "", b->text.len);
	tb_lex_next(b);
	S_same_tok(&a->tok, &b->tok);
}

static void S_same_tok(const tb_tok *a, const tb_tok *b)
{
	assert_int_equal(a->type, b->type);
	assert_int_equal(a->off, b->off);
	assert_int_equal(a->len, b->len);
	assert_int_equal(a->line, b->line);
	assert_int_equal(a->col, b->col);
	assert_int_equal(a->end_line, b->end_line);
	assert_int_equal(a->end_col, b->end_col);
	assert_int_equal(a->bad, b->bad);
}

/* tb_lex_tag reads a plainly written tag as three calls of tb_lex_next
 * do -- the same tokens, text, previous token and position -- and
 * declines, reading nothing, whatever is not written so. */
static void test_plain_tag_in_one_pass(void **state)
{
	(void)state;
	static const struct {
		const char *src;
		int plain;
	} cases[] = {
		{"[Game \"pitarra\"]\n1.", 1},
		{"[Site  \"Querétaro, «México» سلام\"] x", 1},
		{"[Date\t\"1998.07.??\"]\t", 1},
		{"[Round \"\"]\n", 1},
		{"[Round \"\"]", 0}, /* the window's last byte: the careful way */
		{"[Red \"Ana\" ]\n", 1},
		{"[Yellow \"Luis\"]x", 1},
		{"x[Notes \"tab\there\"]\n", 1},
		{"[Notes \"tab\there\"]\r\n", 1},
		{"[Event \"a \\\"quoted\\\" one\"]\n", 0},
		{"[ Annotator \"x\"]\n", 0},
		{"[9bad \"v\"]\n", 0},
		{"[Na-me \"v\"]\n", 0},
		{"[Name\"v\"]\n", 0},
		{"[Name \"v\"\n]\n", 0},
		{"[Name \"v\n\"]\n", 0},
		{"[Name \"v\xff\"]\n", 0},
		{"[Name \"v\"", 0},
		{"[Name \"v\"] ", 1},
		{"[Name \"v\"x]\n", 0},
		{"[Naïve \"v\"]\n", 0},
		{"[Game \"asalto\"]\n[Site \"x\"]\n", 1}, /* the next tag's '[' (tb_lex_after_tag) */
		{"[Game \"asalto\"]\n[", 1},
		{"[Game \"asalto\"]\n [Site \"x\"]\n", 1},
		{"[Game \"asalto\"]\r\n[Site \"x\"]\n", 1},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *src = cases[i].src;
		size_t skip = src[0] == 'x'; /* a token before the tag */
		tb_reader *a = tb_reader_new_mem(src, strlen(src), "t.tgn");
		tb_reader *b = tb_reader_new_mem(src, strlen(src), "t.tgn");
		b->careful = 1;
		for (size_t k = 0; k <= skip; k++) {
			tb_lex_next(a);
			tb_lex_next(b);
		}
		assert_int_equal(a->tok.type, TK_LBRACKET);
		size_t pos = a->pos;
		tb_tok name, value;
		int plain = tb_lex_tag(a, &name, &value);
		if (plain != cases[i].plain)
			fail_msg("case %zu \"%s\": tb_lex_tag says %d", i, src, plain);
		assert_int_equal(tb_lex_tag(b, &name, &value), 0);
		if (!plain) {
			assert_int_equal(a->pos, pos);
			assert_int_equal(a->tok.type, TK_LBRACKET);
		} else {
			S_same_tag(a, b, &name, &value);
			assert_int_equal(a->prev.off, b->prev.off);
			assert_int_equal(a->prev.len, b->prev.len);
			assert_int_equal(a->prev.end_col, b->prev.end_col);
			assert_int_equal(a->pos, b->pos);
			assert_int_equal(a->col, b->col);
			assert_int_equal(a->line, b->line);
		}
		if (plain) /* as the parser reads on after a tag */
			tb_lex_after_tag(a);
		else
			tb_lex_next(a);
		tb_lex_next(b);
		S_same_tok(&a->tok, &b->tok);
		assert_int_equal(a->prev.off, b->prev.off);
		assert_int_equal(a->prev.len, b->prev.len);
		assert_int_equal(a->prev.end_line, b->prev.end_line);
		assert_int_equal(a->prev.end_col, b->prev.end_col);
		assert_int_equal(a->pos, b->pos);
		assert_int_equal(a->line, b->line);
		assert_int_equal(a->col, b->col);
		assert_int_equal(a->ndiags, b->ndiags);
		tb_reader_free(a);
		tb_reader_free(b);
	}
}

/* The short ways (S_quick_token, tb_lex_tag) read what the careful way
 * reads: every token, field by field, and the same diagnostics. */
static void test_quick_tokens_are_the_careful_ones(void **state)
{
	(void)state;
	static const char *const src[] = {
		"1. d5 f4 2. c5 d1 (2... e3) 3. a1xe3 *\n",
		"12. c8^c6 $10 13. a7-b8= e8^c8^e6!? 1-0",
		"1.d5 1...f4 1234567. d1 0. e2 1.. f3 1.... g4 99999999999999999999x 1-0 1/2-1/2",
		"a2^a4>a7 d6>? <a1-a4> [x] |y| *z",
		"1. c1-d2\t{los niños gritaban «¡ahí!»} d2-d4 ;fin\n2. Hc4/d4-d5",
		"1. d5\r\n2. f4\r3. e3 \x01 4. ñ5 ñ 5. d\xff" "6 6. x",
		"[Game \"asalto\"]\n[Date  \"1998.07.??\"]\n[Event \"a \\\"b\\\" c\"]\n[ Site \"x\"]\n",
		"1\u2026 d5 12\u2026f4 1. d5 ) ( ] [ > < | *",
		"1. d5 f4 2",
		"1. d5 f4 2.",
		"9bad 1x 1.5 a.b.c",
		"d5 $0 $1 $19 $255 $256 $2550 $ $x $12a $007\t$3\n$4) $5",
		"1. d5 $14",
	};
	for (size_t i = 0; i < sizeof src / sizeof src[0]; i++) {
		tb_reader *a = tb_reader_new_mem(src[i], strlen(src[i]), "t.tgn");
		tb_reader *b = tb_reader_new_mem(src[i], strlen(src[i]), "t.tgn");
		b->careful = 1;
		size_t n = 0;
		for (;;) {
			tb_lex_next(a);
			tb_lex_next(b);
			if (a->tok.type == TK_LBRACKET) { /* a tag the short way, if it can */
				tb_tok name, value;
				if (tb_lex_tag(a, &name, &value))
					S_same_tag(a, b, &name, &value);
			}
			S_same_tok(&a->tok, &b->tok);
			assert_int_equal(a->tok.num, b->tok.num);
			assert_int_equal(a->tok.dots, b->tok.dots);
			assert_int_equal(a->pos, b->pos);
			n++;
			if (a->tok.type == TK_EOF)
				break;
		}
		assert_true(n > 3);
		assert_int_equal(a->ndiags, b->ndiags);
		for (size_t k = 0; k < a->ndiags; k++) {
			assert_string_equal(a->diags[k].message, b->diags[k].message);
			assert_int_equal(a->diags[k].col, b->diags[k].col);
		}
		tb_reader_free(a);
		tb_reader_free(b);
	}
}

/* 'src' ('n' bytes) read the quick way and the careful way (byte by
 * byte): the same tokens, the same text of each string and comment, and
 * the same diagnostics. */
static void S_runs_as_careful(const char *src, size_t n)
{
	tb_reader *x = tb_reader_new_mem(src, n, "t.tgn");
	tb_reader *y = tb_reader_new_mem(src, n, "t.tgn");
	y->careful = 1;
	do {
		tb_lex_next(x);
		tb_lex_next(y);
		if (x->tok.type == TK_LBRACKET) {
			tb_tok name, value;
			if (tb_lex_tag(x, &name, &value)) {
				S_same_tag(x, y, &name, &value);
				continue;
			}
		}
		S_same_tok(&x->tok, &y->tok);
		if (x->tok.type != TK_STRING && x->tok.type != TK_COMMENT)
			continue;
		assert_int_equal(x->text.len, y->text.len);
		assert_memory_equal(x->text.data, y->text.data, x->text.len);
	} while (x->tok.type != TK_EOF);
	assert_int_equal(x->ndiags, y->ndiags);
	for (size_t i = 0; i < x->ndiags; i++)
		assert_string_equal(x->diags[i].message, y->diags[i].message);
	tb_reader_free(x);
	tb_reader_free(y);
}

/* Strings and comments are scanned sixteen bytes at a time: any byte,
 * anywhere in the first 40 of a string, a comment and a tag's value,
 * ends the run where the careful way (byte by byte) ends it, with the
 * same tokens, text and diagnostics. */
static void test_plain_runs_sixteen_at_a_time(void **state)
{
	(void)state;
	static const char *const shape[] = {"\"%s\" x", "{%s} x", "[Site \"%s\"]\n*"};
	for (int b = 1; b < 256; b++) {
		for (int at = 0; at < 40; at += (at < 20 ? 1 : 7)) {
			char body[48], src[96];
			memset(body, 'a', 40);
			body[40] = '\0';
			body[at] = (char)b;
			if (at + 1 < 40 && b >= 0xC2 && b <= 0xDF)
				body[at + 1] = (char)0xA9; /* and a valid sequence */
			for (size_t k = 0; k < sizeof shape / sizeof shape[0]; k++) {
				int n = snprintf(src, sizeof src, shape[k], body);
				S_runs_as_careful(src, (size_t)n);
			}
		}
	}
}

/* Text that mixes ASCII with sequences of two bytes (taken sixteen
 * bytes at a time), of three and four, and bytes that are no UTF-8 (a
 * lone continuation, a lone lead, an overlong form, a surrogate), at
 * every place of the blocks: the fast way ends each run where the
 * careful way does, with the same tokens, columns, text and diagnostics. */
static void test_utf8_runs_as_the_careful_way(void **state)
{
	(void)state;
	static const char *const piece[] = {
		"a", "a", "a", " ", "\xC3\xA9", "\xD8\xA8", "\xD9\x84", "\xC2\xA0",
		"\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\xA9", "\xC3", "\xC0\x80", "\xED\xA0\x80",
	};
	static const char *const shape[] = {"\"%s\" x", "{%s} x", "[Site \"%s\"]\n*"};
	const size_t npiece = sizeof piece / sizeof piece[0];
	uint32_t seed = 12345;
	for (int round = 0; round < 3000; round++) {
		char body[160] = "", src[220];
		size_t len = 0;
		/* mostly good text; one bad piece in three rounds */
		while (len < 70) {
			seed = seed * 1103515245u + 12345u;
			size_t k = (seed >> 16) % (round % 3 ? npiece - 4 : npiece);
			strcat(body, piece[k]);
			len = strlen(body);
		}
		for (size_t k = 0; k < sizeof shape / sizeof shape[0]; k++) {
			int n = snprintf(src, sizeof src, shape[k], body);
			S_runs_as_careful(src, (size_t)n);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_token_kind),
		cmocka_unit_test(test_token_positions_on_a_tag_line),
		cmocka_unit_test(test_delimiters_end_words),
		cmocka_unit_test(test_results_and_numbers_that_are_words),
		cmocka_unit_test(test_move_numbers),
		cmocka_unit_test(test_columns_after_three_dots),
		cmocka_unit_test(test_diagnostic_column_after_three_dots),
		cmocka_unit_test(test_move_number_with_bad_dots),
		cmocka_unit_test(test_nags),
		cmocka_unit_test(test_string_escapes),
		cmocka_unit_test(test_comment_escapes_and_languages),
		cmocka_unit_test(test_comment_language_length),
		cmocka_unit_test(test_lf_crlf_cr_line_ends),
		cmocka_unit_test(test_line_ends_inside_comments),
		cmocka_unit_test(test_tab_is_one_column),
		cmocka_unit_test(test_bom_is_dropped),
		cmocka_unit_test(test_bom_diagnostic_columns),
		cmocka_unit_test(test_columns_in_code_points),
		cmocka_unit_test(test_diagnostic_columns_after_spanish_and_arabic),
		cmocka_unit_test(test_utf8_helpers),
		cmocka_unit_test(test_invalid_utf8_overlong),
		cmocka_unit_test(test_invalid_utf8_surrogate),
		cmocka_unit_test(test_invalid_utf8_past_max),
		cmocka_unit_test(test_invalid_utf8_truncated_at_eof),
		cmocka_unit_test(test_invalid_utf8_ends_a_word),
		cmocka_unit_test(test_valid_multibyte_is_not_reported),
		cmocka_unit_test(test_nul_byte),
		cmocka_unit_test(test_control_characters),
		cmocka_unit_test(test_tab_in_strings_and_comments_is_fine),
		cmocka_unit_test(test_unterminated_comment),
		cmocka_unit_test(test_unterminated_string),
		cmocka_unit_test(test_stray_closing_brace),
		cmocka_unit_test(test_angle_inside_word_only_before_a_point),
		cmocka_unit_test(test_angle_before_a_word_that_is_not_a_point),
		cmocka_unit_test(test_plain_tag_in_one_pass),
		cmocka_unit_test(test_quick_tokens_are_the_careful_ones),
		cmocka_unit_test(test_utf8_runs_as_the_careful_way),
		cmocka_unit_test(test_plain_runs_sixteen_at_a_time),
		cmocka_unit_test(test_comment_ends_at_the_next_record),
		cmocka_unit_test(test_tag_lines),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
