/*
 * test_fixes.c -- the typed fixes a diagnostic carries (tb_diag.fixes):
 * the word notes' (lib/word_notes.c: a look-alike character, a fullwidth
 * form, a comma after a turn, a move number without its dot, a turn
 * with spaces in it), TB215's (lib/parser.c), TB213's (lib/tags_names.c)
 * and an unknown game's (lib/tags.c). Each fix's span and text exactly,
 * its columns code points (a multibyte character before it on its
 * line); no fix where the words propose none, or where the one they
 * propose would be another error; and every fix, applied, leaves no
 * diagnostic of its code at its place.
 */
#include "tb_test.h"

/* The byte offset of (line, col) of 'src' (columns code points). */
static size_t S_offset(const char *src, unsigned line, unsigned col)
{
	size_t i = 0;
	for (unsigned l = 1; l < line && src[i]; i++)
		l += src[i] == '\n';
	for (unsigned c = 1; c < col && src[i] && src[i] != '\n'; c++)
		for (i++; ((unsigned char)src[i] & 0xC0) == 0x80; i++)
			;
	return i;
}

/* The characters (code points) of the UTF-8 string 's'. */
static unsigned S_chars(const char *s)
{
	unsigned n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* 'src' with fix 'f' applied; the caller frees it. */
static char *S_apply(const char *src, const tb_diag_fix *f)
{
	size_t a = S_offset(src, f->line, f->col), z = S_offset(src, f->line, f->end_col);
	tt_str b = {0};
	tt_put(&b, src, a);
	tt_puts(&b, f->text);
	tt_puts(&b, src + z);
	return tt_take(&b);
}

/* The diagnostics of the first record of 'src' (the reader '*rp', which
 * the caller frees). */
static size_t S_read(const char *src, tb_reader **rp)
{
	tb_record *rec = tt_parse(src, rp);
	tb_record_free(rec);
	return tb_reader_ndiags(*rp);
}

/* The diagnostic of 'r' of code 'code' at (line, col), or NULL. */
static const tb_diag *S_at(const tb_reader *r, int code, unsigned line, unsigned col)
{
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		const tb_diag *d = tb_reader_diag(r, i);
		if (d->code == code && d->line == line && d->col == col)
			return d;
	}
	return NULL;
}

/* Asserts that diagnostic 'code' at (line, col) of 'src' has exactly one
 * fix, over (fline, fcol)-(fline, fend) to 'text', and that applying it
 * leaves no diagnostic of that code on the fix's span. */
static void S_one_fix(const char *src, int code, unsigned line, unsigned col, unsigned fline,
                      unsigned fcol, unsigned fend, const char *text)
{
	tb_reader *r;
	S_read(src, &r);
	const tb_diag *d = S_at(r, code, line, col);
	assert_non_null(d);
	assert_int_equal(d->nfixes, 1);
	assert_int_equal(d->fixes[0].line, fline);
	assert_int_equal(d->fixes[0].col, fcol);
	assert_int_equal(d->fixes[0].end_col, fend);
	assert_string_equal(d->fixes[0].text, text);
	char *fixed = S_apply(src, &d->fixes[0]);
	tb_reader *r2;
	S_read(fixed, &r2);
	for (size_t i = 0; i < tb_reader_ndiags(r2); i++) {
		const tb_diag *e = tb_reader_diag(r2, i);
		if (e->code == code && e->line == fline)
			assert_true(e->col < fcol || e->col >= fcol + S_chars(text));
	}
	tb_reader_free(r2);
	free(fixed);
	tb_reader_free(r);
}

/* Asserts that diagnostic 'code' at (line, col) of 'src' is there and
 * has no fix. */
static void S_no_fix(const char *src, int code, unsigned line, unsigned col)
{
	tb_reader *r;
	S_read(src, &r);
	const tb_diag *d = S_at(r, code, line, col);
	assert_non_null(d);
	assert_int_equal(d->nfixes, 0);
	assert_null(d->fixes);
	tb_reader_free(r);
}

/* A line of words the grammar refuses, a multibyte character before
 * each ("ñandú" in a comment: 5 characters, 7 bytes). */
static const char S_words[] =
	"[Game \"pitarra\"]\n"
	"\n"
	"1. c3 {\xC3\xB1" "and\xC3\xBA} \xD1\x81" "4 2. a1 b\xEF\xBC\x92 3. c4 f4, 4 d1 d2 5. d3 - e3 *\n";

static void test_word_note_fixes(void **state)
{
	(void)state;
	/* a Cyrillic es (U+0441) at the word's start: the word written again */
	S_one_fix(S_words, 301, 3, 15, 3, 15, 17, "c4");
	/* a fullwidth digit (U+FF12) at its end */
	S_one_fix(S_words, 301, 3, 24, 3, 24, 26, "b2");
	/* a comma after a turn: the word without it */
	S_one_fix(S_words, 301, 3, 35, 3, 33, 36, "f4");
	/* a move number without its dot */
	S_one_fix(S_words, 301, 3, 37, 3, 37, 38, "4.");
	/* spaces inside a turn: from the first word to the last, joined; on
	 * the diagnostic of the refused '-' */
	S_one_fix(S_words, 301, 3, 51, 3, 48, 55, "d3-e3");
}

/* The one fix of the first diagnostic 'code' of 'src' that has one:
 * its text 'text', and 'confirm' (tb_diag_fix.confirm) as 'want'. */
static void S_reading(const char *src, int code, const char *text, unsigned want)
{
	tb_reader *r;
	S_read(src, &r);
	const tb_diag *d = NULL;
	for (size_t i = 0; !d && i < tb_reader_ndiags(r); i++)
		if (tb_reader_diag(r, i)->code == code && tb_reader_diag(r, i)->nfixes)
			d = tb_reader_diag(r, i);
	assert_non_null(d);
	assert_int_equal(d->nfixes, 1);
	assert_string_equal(d->fixes[0].text, text);
	assert_int_equal(d->fixes[0].confirm, want);
	tb_reader_free(r);
}

/* A fix that joins what a blank parted into one turn is one reading, for
 * a person to confirm, when a part reads as a turn alone ("a7 - d7": the
 * move, or two placements); one that writes a word's own characters in
 * TGN's is not, nor a join of parts that are no turns alone (Asalto's
 * "c3 - c4": its "c3" is none). */
static void test_fix_readings(void **state)
{
	(void)state;
	/* spaces inside a turn */
	S_reading("[Game \"pitarra\"]\n\n1. d3 - e3 *\n", 301, "d3-e3", 1);
	S_reading("[Game \"pitarra\"]\n\n1. d3 -e3 *\n", 301, "d3-e3", 1);
	/* a no-break space, a thin space between the parts of one word */
	S_reading("[Game \"pitarra\"]\n\n1. d3\xC2\xA0-e3 *\n", 301, "d3-e3", 1);
	S_reading("[Game \"pitarra\"]\n\n1. d3\xE2\x80\x89\xE2\x80\x93\xE2\x80\x89" "e3 *\n", 301,
	          "d3-e3", 1);
	/* ... but one that shows as nothing, or one at the word's end, joins nothing */
	S_reading("[Game \"pitarra\"]\n\n1. d3\xE2\x80\x8B-e3 *\n", 301, "d3-e3", 0);
	S_reading("[Game \"pitarra\"]\n\n1. d3-e3\xC2\xA0 *\n", 301, "d3-e3", 0);
	/* parts that are no turns alone: the turn joined is the only reading */
	S_reading("[Game \"asalto\"]\n\n1. c3 - c4 *\n", 301, "c3-c4", 0);
	S_reading("[Game \"asalto\"]\n\n1. c3 x c5 *\n", 301, "c3xc5", 0);
	S_reading("[Game \"asalto\"]\n\n1. c3\xC2\xA0\xE2\x80\x93\xC2\xA0" "c4 *\n", 301, "c3-c4", 0);
	S_reading("[Game \"ocencahuac\"]\n\n1. c3 -c4 *\n", 301, "c3-c4", 0);
	/* a look-alike, a comma, a move number's dot, a tag value's blank */
	S_reading("[Game \"pitarra\"]\n\n1. d3\xE2\x80\x93" "e3 *\n", 301, "d3-e3", 0);
	S_reading("[Game \"pitarra\"]\n\n1. d3, e3 *\n", 301, "d3", 0);
	S_reading("[Game \"pitarra\"]\n\n1 d3 e3 *\n", 301, "1.", 0);
	S_reading("[Game \"pitarra\"]\n[Red \"Ana \"]\n\n1. d3 e3 *\n", 215, "\"Ana\"", 0);
}

static void test_word_note_fix_only_with_note(void **state)
{
	(void)state;
	/* no reading of the word: no note, no fix */
	S_no_fix("[Game \"pitarra\"]\n\n1. c3 z9 *\n", 301, 3, 7);
	/* a move number that is none (0 is not one): the note, no fix */
	S_no_fix("[Game \"pitarra\"]\n\n1. c3 0 *\n", 301, 3, 7);
	/* '\xC2\xBD' is not a digit the lexer reads: no fix */
	S_no_fix("[Game \"pitarra\"]\n\n1. c3 \xC2\xBD *\n", 301, 3, 7);
	/* a look-alike in a word that reads as no turn even so */
	S_no_fix("[Game \"pitarra\"]\n\n1. c3 z9\xE2\x80\x93z8 *\n", 301, 3, 7);
}

static void test_tag_fixes(void **state)
{
	(void)state;
	/* TB215: the value without its edge blanks, its quotes kept, over the
	 * value's span (a multibyte character before it on the line) */
	S_one_fix("[Game \"pitarra\"]\n[Site \"Quer\xC3\xA9taro\"] [Red \" Ana \t\"]\n\n1. c3 *\n",
	          215, 2, 25, 2, 25, 33, "\"Ana\"");
	/* nothing left once the blanks go: no fix (an empty value is warned of) */
	S_no_fix("[Game \"pitarra\"]\n[Red \"  \"]\n\n1. c3 *\n", 215, 2, 6);
	/* bytes that are errors of their own (a control character, a NUL, a
	 * stray byte) are not written again by a fix: none (the fuzzer's) */
	S_no_fix("[Game \"pitarra\"]\n[Red \" A\x7f\"]\n\n1. c3 *\n", 215, 2, 6);
	const char nul[] = "[Game \"pitarra\"]\n[Red \" A\0a\"]\n\n1. c3 *\n";
	tb_reader *r;
	tb_record_free(tt_parse_n(nul, sizeof nul - 1, &r));
	const tb_diag *d = S_at(r, 215, 2, 6);
	assert_non_null(d);
	assert_int_equal(d->nfixes, 0);
	tb_reader_free(r);
	S_no_fix("[Game \"pitarra\"]\n[Red \"A\xA2 \"]\n\n1. c3 *\n", 215, 2, 6);
	/* TB213: the roster's name */
	S_one_fix("[Game \"pitarra\"]\n[Yelow \"B\"]\n\n1. c3 *\n", 213, 2, 2, 2, 2, 7, "Yellow");
	/* ... but not when the record has that tag (TB202 after), nor for a tag
	 * whose value is read by a format (the value may not be a date) */
	S_no_fix("[Game \"pitarra\"]\n[Yellow \"C\"]\n[Yelow \"B\"]\n\n1. c3 *\n", 213, 3, 2);
	S_no_fix("[Game \"pitarra\"]\n[date \"ayer\"]\n\n1. c3 *\n", 213, 2, 2);
	/* a name on the line after its '[' (the fuzzer's): the warning and
	 * its fix stand where the name is, CRLF and blanks before it too */
	S_one_fix("[Game \"pitarra\"]\n[\nYelow \"B\"]\n\n1. c3 *\n", 213, 3, 1, 3, 1, 6, "Yellow");
	S_one_fix("[Game \"pitarra\"]\r\n[ \r\n\t Yelow \"B\"]\r\n\r\n1. c3 *\r\n", 213, 3, 3, 3, 3, 8,
	          "Yellow");
	/* an unknown game one slip from a known one */
	S_one_fix("[Game \"pitara\"]\n\n1. c3 *\n", 205, 1, 7, 1, 7, 15, "\"pitarra\"");
	S_no_fix("[Game \"chess\"]\n\n1. e4 *\n", 205, 1, 7);
}

/* ---- tb_reader_fix_record: the fixes applied to a record's text ---- */

typedef struct S_seen {
	char log[512];              /* "line:col code was>text;" for each fix told */
} S_seen;

static void S_seen_fn(void *ctx, const tb_diag *d, const tb_diag_fix *f, const char *was,
                      size_t was_len)
{
	S_seen *s = ctx;
	size_t n = strlen(s->log);
	snprintf(s->log + n, sizeof s->log - n, "%u:%u %d %.*s>%s;", f->line, f->col, d->code,
	         (int)was_len, was, f->text);
}

static void test_fix_record_text(void **state)
{
	(void)state;
	tb_reader *r;
	tb_record *rec = tt_parse(S_words, &r);
	S_seen seen = {""};
	char *text;
	size_t len;
	assert_int_equal(tb_reader_fix_record(r, rec, S_seen_fn, &seen, &text, &len), 4);
	/* every fix, in the order of the text, each told with what it
	 * replaced; but the reading to confirm (tb_diag_fix.confirm: "d3 -
	 * e3" joined into one turn), left as written */
	assert_string_equal(seen.log, "3:15 301 \xD1\x81" "4>c4;3:24 301 b\xEF\xBC\x92>b2;"
	                              "3:33 301 f4,>f4;3:37 301 4>4.;");
	const char want[] = "[Game \"pitarra\"]\n"
	                    "\n"
	                    "1. c3 {\xC3\xB1" "and\xC3\xBA} c4 2. a1 b2 3. c4 f4 4. d1 d2 5. d3 - e3 *\n";
	assert_int_equal(len, sizeof want - 1);
	assert_memory_equal(text, want, len);
	/* read again: the error of the reading left, its fix still to confirm */
	tb_reader *r2;
	tb_record *rec2 = tt_parse_n(text, len, &r2);
	assert_int_equal(tb_record_errors(rec2), 1);
	assert_int_equal(tb_reader_diag(r2, 0)->nfixes, 1);
	assert_int_equal(tb_reader_diag(r2, 0)->fixes[0].confirm, 1);
	tb_record_free(rec2);
	tb_reader_free(r2);
	free(text);
	/* read again, nothing to fix but the reading: 0, no text */
	tb_record_free(rec);
	tb_reader_free(r);
	rec = tt_parse(want, &r);
	assert_int_equal(tb_reader_fix_record(r, rec, S_seen_fn, &seen, &text, &len), 0);
	assert_null(text);
	assert_int_equal(len, 0);
	assert_int_equal(tb_reader_fix_record(NULL, rec, NULL, NULL, &text, &len), TB_EINVAL);
	assert_int_equal(tb_reader_fix_record(r, rec, NULL, NULL, NULL, &len), TB_EINVAL);
	tb_record_free(rec);
	tb_reader_free(r);
}

/* Bytes that are not UTF-8 (two stray continuation bytes) are a column
 * each, as the lexer counts them: the fix after them on their line
 * replaces its own word (the fuzzer's). */
static void test_fix_record_stray_bytes(void **state)
{
	(void)state;
	const char src[] = "[Game \"pitarra\"]\n\n1.\x80\x93 a1\xE2\x80\x94" "a4 *\n";
	tb_reader *r;
	tb_record *rec = tt_parse(src, &r);
	S_seen seen = {""};
	char *text;
	size_t len;
	assert_int_equal(tb_reader_fix_record(r, rec, S_seen_fn, &seen, &text, &len), 1);
	assert_string_equal(seen.log, "3:6 301 a1\xE2\x80\x94" "a4>a1-a4;");
	assert_string_equal(text, "[Game \"pitarra\"]\n\n1.\x80\x93 a1-a4 *\n");
	free(text);
	tb_record_free(rec);
	tb_reader_free(r);
}

/* A record after another: its text from its own first line to the end,
 * its fixes on the file's lines; read again from that line
 * (tb_reader_set_origin), its diagnostics are the file's lines too. */
static void test_fix_record_second(void **state)
{
	(void)state;
	const char src[] = "[Game \"pitarra\"]\n\n1. c3 *\n\n"
	                   "[Game \"pitara\"]\n[Yelow \"B\"]\n\n1. c3 z9 *\n";
	tb_reader *r = tb_reader_new_mem(src, sizeof src - 1, "t.tgn");
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	tb_record_free(rec);
	assert_int_equal(tb_reader_next(r, &rec), 1);
	S_seen seen = {""};
	char *text;
	size_t len;
	assert_int_equal(tb_reader_fix_record(r, rec, S_seen_fn, &seen, &text, &len), 2);
	assert_string_equal(seen.log, "5:7 205 \"pitara\">\"pitarra\";6:2 213 Yelow>Yellow;");
	assert_string_equal(text, "[Game \"pitarra\"]\n[Yellow \"B\"]\n\n1. c3 z9 *\n");
	tb_reader *r2 = tb_reader_new_mem(text, len, "t.tgn");
	tb_reader_set_origin(r2, tb_record_line(rec), 0);
	tb_record *rec2;
	assert_int_equal(tb_reader_next(r2, &rec2), 1);
	/* the game known now, the turn it could not read is told, on line 8 */
	assert_non_null(S_at(r2, 301, 8, 7));
	assert_int_equal(tb_reader_ndiags(r2), 1);
	tb_record_free(rec2);
	tb_reader_free(r2);
	free(text);
	tb_record_free(rec);
	tb_reader_free(r);
}

static void test_fix_layout(void **state)
{
	(void)state;
	assert_int_equal(tb_struct_nfields("tb_diag_fix"), 5);
	assert_int_equal(tb_struct_layout("tb_diag_fix", "confirm"),
	                 (long)offsetof(tb_diag_fix, confirm));
	assert_int_equal(tb_struct_layout("tb_diag_fix", NULL), (long)sizeof(tb_diag_fix));
	assert_int_equal(tb_struct_layout("tb_diag", "fixes"), (long)offsetof(tb_diag, fixes));
	assert_int_equal(tb_struct_layout("tb_diag", "nfixes"), (long)offsetof(tb_diag, nfixes));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_word_note_fixes),
		cmocka_unit_test(test_fix_readings),
		cmocka_unit_test(test_word_note_fix_only_with_note),
		cmocka_unit_test(test_tag_fixes),
		cmocka_unit_test(test_fix_record_text),
		cmocka_unit_test(test_fix_record_stray_bytes),
		cmocka_unit_test(test_fix_record_second),
		cmocka_unit_test(test_fix_layout),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
