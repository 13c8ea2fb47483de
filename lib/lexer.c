/*
 * lexer.c -- the TGN lexer (spec/tgn.md, "Characters" and "Tokens"),
 * over the reader's input window (reader.c).
 *
 * The lexer turns bytes into tokens: punctuation, strings, comments,
 * NAGs, move numbers and words. It validates UTF-8 as it goes (a byte
 * that reads as Windows-1252 is reported once a record, the rest
 * counted), drops a leading BOM, folds CRLF and lone CR into line ends,
 * and reports NUL and control characters; a file that is no text at
 * all is refused at its start (tb_lex_sniff, sniff.c). Words are handed
 * to the parser undecoded; strings and comments are decoded into
 * r->text. The diagnostics it gives are recorded by diag.c.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__ /* every x86-64 */
#include <emmintrin.h>
#endif

#include "diag.h"
#include "reader.h"
#include "sniff.h"
#include "utf8.h"
#include "xalloc.h"

/* ===== The window (reader.c) ===== */

/* The byte at pos+k, or -1 past the end of the input. */
static inline int S_peek(tb_reader *r, size_t k)
{
	if (r->pos + k < r->len || tb_window_ensure(r, r->pos + k + 1))
		return (unsigned char)r->data[r->pos + k];
	return -1;
}

/* ===== What the reader takes as text (reader.h) ===== */

int tb_text_char(const char *s, size_t n, size_t *len)
{
	unsigned char c = (unsigned char)s[0];
	*len = 1;
	if (c == 0)
		return TB_D_NUL;
	if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f)
		return TB_D_CONTROL;
	if (c < 0x80)
		return 0;
	*len = tb_utf8_valid(s, n);
	return *len ? 0 : TB_D_UTF8;
}

int tb_text_tag_line(const char *s, size_t n)
{
	if (n > TB_TAG_LINE)
		n = TB_TAG_LINE;
	size_t i = 1;
	if (n < 1 || s[0] != '[')
		return 0;
	while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_'))
		i++;
	if (!tb_tag_name_ok(s + 1, i - 1) || i >= n || (s[i] != ' ' && s[i] != '\t'))
		return 0;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i < n && s[i] == '"';
}

/* Is the 'n' bytes at 's' blanks only (or nothing)? */
static int S_blank_line(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return 0;
	return 1;
}

/* The line of comment text 's' (NUL-terminated) that the reader would
 * read as the next record's tags: a tag line after a blank line, past
 * the first line (written after the '{'); 0 when there is none. */
static size_t S_tag_line_in(const char *s)
{
	const char *prev = NULL; /* the line before, past the first */
	size_t line = 1;
	for (const char *nl; (nl = strchr(s, '\n')); line++) {
		const char *next = nl + 1;
		if (prev && S_blank_line(prev, (size_t)(nl - prev)) &&
		    tb_text_tag_line(next, strcspn(next, "\n")))
			return line + 1;
		prev = next;
		s = next;
	}
	return 0;
}

int tb_text_refused(const char *s, tb_text_kind kind, char *why, size_t cap)
{
	size_t n = strlen(s);
	if (n > TB_MAX_RECORD) {
		snprintf(why, cap, "a text of %zu bytes does not fit in a record (%u MiB at most)",
		         n, TB_MAX_RECORD >> 20);
		return TB_D_TOO_LARGE;
	}
	if (kind == TB_TEXT_VALUE && n == 0) {
		snprintf(why, cap, "a tag's value is not empty: \"?\" is unknown (the reader "
		         "reads \"\" as \"?\")");
		return TB_D_TAG_EMPTY;
	}
	for (size_t i = 0, len; i < n; i += len) {
		unsigned char c = (unsigned char)s[i];
		int code = tb_text_char(s + i, n - i, &len);
		if (code == TB_D_UTF8) {
			snprintf(why, cap, "invalid UTF-8 byte 0x%02X at byte %zu (TGN is UTF-8)", c, i);
			return code;
		}
		if (code) {
			snprintf(why, cap, "control character U+%04X at byte %zu (the reader refuses "
			         "it)", c, i);
			return code;
		}
		if (c == '\r' || (c == '\n' && kind == TB_TEXT_VALUE)) {
			snprintf(why, cap, kind == TB_TEXT_VALUE
			                   ? "a tag's value is one line: U+%04X at byte %zu"
			                   : "a comment's line breaks are LF: U+%04X at byte %zu would "
			                     "be read as one", c, i);
			return TB_D_CONTROL;
		}
	}
	size_t line = kind == TB_TEXT_COMMENT ? S_tag_line_in(s) : 0;
	if (line) {
		snprintf(why, cap, "line %zu, after a blank line, begins as a tag pair: the reader "
		         "would end the comment there, as the next record's", line);
		return TB_D_COMMENT_EOF;
	}
	return 0;
}

int tb_lang_ok(const char *s, size_t n)
{
	if (n < 1 || n > sizeof ((tb_reader *)0)->lang - 1)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '-')
			return 0;
	return 1;
}

/* A diagnostic at the lexer's position, 'len' bytes wide. */
static void S_diag_here(tb_reader *r, int code, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void S_diag_here(tb_reader *r, int code, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	tb_diag_vat(r, TB_ERROR, code, r->pos, len, r->line, r->col, fmt, ap);
	va_end(ap);
}

/* ===== Characters ===== */

/* Length of the valid UTF-8 sequence at pos, or 0 if it is invalid
 * (overlong forms, surrogates and values past U+10FFFF included); the
 * bytes its lead calls for are read into the window first. */
static size_t S_utf8_len(tb_reader *r)
{
	int c = S_peek(r, 0);
	if (c < 0x80)
		return 1;
	if (c >= 0xC0 && c < 0xF8)
		S_peek(r, c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3);
	return tb_utf8_valid(r->data + r->pos, r->len - r->pos);
}

/* Advances over 'n' bytes of one character (or one CRLF). */
static inline void S_advance(tb_reader *r, size_t n)
{
	r->pos += n;
	r->col++;
}

static inline void S_newline(tb_reader *r)
{
	if (S_peek(r, 0) == '\r' && S_peek(r, 1) == '\n')
		r->pos++;
	r->pos++;
	r->line++;
	r->col = 1;
}

/* The kind of problem with the byte at pos+k: 0 when it starts good
 * text (or is a line end), else TB_D_NUL, TB_D_CONTROL or TB_D_UTF8. */
static int S_bad_at(tb_reader *r, size_t k)
{
	if (S_peek(r, k) < 0)
		return 0;
	S_peek(r, k + 3); /* a whole sequence in the window, when the input has it */
	size_t len;
	return tb_text_char(r->data + r->pos + k, r->len - r->pos - k, &len);
}

/* The first byte of a record that reads as Windows-1252 (the run of
 * 'n' bad bytes at pos starts with it): one diagnostic naming the
 * encoding and the command that converts it; the rest of the run, and
 * the bad bytes after it in the record, are counted (tb_lex_record_end),
 * not reported one by one -- a Latin-1 file has one at every accent. */
static void S_latin1(tb_reader *r, size_t n)
{
	tb_buf msg = TB_BUF_SOFT, note = TB_BUF_SOFT;
	tb_sniff_say_latin1((unsigned char)S_peek(r, 0), r->name, &msg, &note);
	if (!tb_buf_ok(&msg) || !tb_buf_ok(&note) || !msg.data || !note.data) {
		tb_buf_free(&msg);
		tb_buf_free(&note);
		tb_reader_nomem(r);
		return;
	}
	size_t before = r->ndiags;
	S_diag_here(r, TB_D_UTF8, 1, "%s", msg.data);
	if (r->ndiags > before && r->diags[r->ndiags - 1].code == TB_D_UTF8) {
		tb_diag_note(r, "%s", note.data);
		r->rec_latin = r->ndiags;
	} else {
		r->rec_latin = (size_t)-1; /* past the diagnostics kept: no note */
	}
	r->rec_latin_more += n - 1;
	r->rec_latin_line = r->line;
	tb_buf_free(&msg);
	tb_buf_free(&note);
}

void tb_lex_record_end(tb_reader *r)
{
	size_t more = r->rec_latin_more;
	if (r->rec_latin && more)
		tb_diag_cite(r, r->rec_latin_line, 0);
	if (r->rec_latin && more)
		tb_diag_note_i(r, r->rec_latin - 1,
		               "%zu more byte%s of this record %s not UTF-8 either (the last on line %u)",
		               more, more == 1 ? "" : "s", more == 1 ? "is" : "are", r->rec_latin_line);
	r->rec_latin = 0;
	r->rec_latin_more = 0;
}

/* Reports the run of bad bytes at pos, all of one kind (and, for
 * control characters, one value), as one diagnostic, and skips it. */
static void S_bad_run(tb_reader *r, int kind)
{
	int c0 = S_peek(r, 0);
	size_t n = 1;
	while (S_bad_at(r, n) == kind && (kind != TB_D_CONTROL || S_peek(r, n) == c0))
		n++;
	if (kind == TB_D_UTF8 && r->rec_latin) {
		r->rec_latin_more += n; /* the record's first said it all */
		r->rec_latin_line = r->line;
		for (size_t k = 0; k < n; k++)
			S_advance(r, 1);
		return;
	}
	if (kind == TB_D_UTF8) {
		tb_window_ensure(r, r->pos + 4);
		if (tb_sniff_latin1((const unsigned char *)r->data + r->pos,
		                    r->len - r->pos < 4 ? r->len - r->pos : 4)) {
			S_latin1(r, n);
			for (size_t k = 0; k < n; k++)
				S_advance(r, 1);
			return;
		}
	}
	char what[64] = "";
	if (kind == TB_D_UTF8)
		for (size_t k = 0; k < n && k < 4; k++)
			snprintf(what + strlen(what), sizeof what - strlen(what), " 0x%02X",
			         (unsigned)S_peek(r, k));
	if (kind == TB_D_NUL && n == 1)
		S_diag_here(r, kind, n, "NUL byte in the text (is this a binary or UTF-16 file?)");
	else if (kind == TB_D_NUL)
		S_diag_here(r, kind, n, "%zu NUL bytes in the text (is this a binary or UTF-16 "
		            "file?)", n);
	else if (kind == TB_D_CONTROL)
		S_diag_here(r, kind, n, "control character U+%04X in the text%s", (unsigned)c0,
		            n == 1 ? "" : ", repeated");
	else
		S_diag_here(r, kind, n, "invalid UTF-8 byte%s%s%s (TGN files are UTF-8)",
		            n == 1 ? "" : "s", what, n > 4 ? " ..." : "");
	for (size_t k = 0; k < n; k++)
		S_advance(r, 1);
}

/* Checks the character at pos. Returns its length in bytes when it is
 * acceptable text (a tab counts), or 0 after reporting and skipping a
 * run of NUL bytes, control characters or invalid UTF-8. Line ends are
 * the caller's. */
static size_t S_text_char(tb_reader *r)
{
	int c = S_peek(r, 0);
	if ((c >= 0x20 && c < 0x7f) || c == '\t')
		return 1;
	int kind = S_bad_at(r, 0);
	if (!kind)
		return S_utf8_len(r);
	S_bad_run(r, kind);
	return 0;
}

static inline int S_is_newline(int c)
{
	return c == '\n' || c == '\r';
}

/* ===== Tokens ===== */

/* Byte classes of the fast paths, which take whole runs of ordinary
 * characters at once; anything else goes the careful way, byte by byte.
 * C_COMMENT: plain in a {comment}: printable ASCII or tab, not '}' '\\'.
 * C_STRING: plain in a "string": printable ASCII or tab, not '"' '\\'.
 * C_WORD: in a word: printable ASCII, no delimiter (S_delimiter), not
 * '>' (which belongs to a word only before a point).
 * C_NAME: in a tag's name: an ASCII letter, digit or '_' (tb_tag_name_ok). */
enum { C_COMMENT = 1, C_STRING = 2, C_WORD = 4, C_NAME = 8 };
static const unsigned char S_class[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	3, 7, 1, 7, 3, 7, 7, 7, 3, 3, 3, 7, 7, 7, 7, 7,
	15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 7, 3, 3, 7, 3, 7,
	7, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
	15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3, 4, 3, 7, 15,
	7, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
	15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3, 3, 2, 7, 0,
	/* 0x80-0xFF: UTF-8, checked sequence by sequence */
};

/* The end of the run a fast path may take: the window's, or the byte
 * past the record's limit (S_overflow reports it). */
static inline size_t S_run_end(const tb_reader *r)
{
	size_t end = r->rec_first + TB_MAX_RECORD + 1;
	return end < r->len ? end : r->len;
}

static void S_tok_begin(tb_reader *r, tb_tok_type t)
{
	r->tok.type = t;
	r->tok.off = r->pos;
	r->tok.line = r->line;
	r->tok.col = r->col;
	r->tok.num = 0;
	r->tok.dots = 0;
	r->tok.bad = 0;
}

static void S_tok_end(tb_reader *r)
{
	r->tok.len = r->pos - r->tok.off;
	r->tok.end_line = r->line;
	r->tok.end_col = r->col;
}

size_t tb_lex_lang(const char *s, size_t n)
{
	if (!n || s[0] != '@')
		return 0;
	size_t k = 1;
	while (k <= sizeof ((tb_reader *)0)->lang && k < n &&
	       (isalnum((unsigned char)s[k]) || s[k] == '-'))
		k++;
	int c = k < n ? (unsigned char)s[k] : -1;
	if (!tb_lang_ok(s + 1, k - 1) || !(c == ' ' || c == '}' || S_is_newline(c) || c < 0))
		return 0;
	return k;
}

/* The language of the comment's text (tb_lex_lang): sets r->lang (""
 * when there is none) and consumes it. */
static void S_comment_lang(tb_reader *r)
{
	r->lang[0] = '\0';
	if (S_peek(r, 0) != '@')
		return;
	S_peek(r, sizeof r->lang + 1); /* all it may look at, when the input has it */
	size_t k = tb_lex_lang(r->data + r->pos, r->len - r->pos);
	if (!k)
		return;
	memcpy(r->lang, r->data + r->pos + 1, k - 1);
	r->lang[k - 1] = '\0';
	r->pos += k;
	r->col += (unsigned)k;
}

/* Has the record grown past TB_MAX_RECORD? Reports it once and makes
 * the reader stop: checked inside tokens too, so that one endless
 * comment or word cannot take the memory. */
static int S_overflow_report(tb_reader *r);
static inline int S_overflow(tb_reader *r)
{
	if (!r->fatal && r->pos - r->rec_first <= TB_MAX_RECORD)
		return 0; /* the way taken at every token: inline */
	return S_overflow_report(r);
}

static int S_overflow_report(tb_reader *r)
{
	if (r->fatal)
		return 1;
	r->fatal = 1;
	tb_diag_at(r, TB_ERROR, TB_D_TOO_LARGE, r->pos, 1, r->line, r->col,
	           "this record is larger than %u MiB; tablero stops reading the file here",
	           TB_MAX_RECORD >> 20);
	return 1;
}

/* A byte offset no run reaches: "no byte >= 0x80 seen". */
#define S_NONE ((size_t)-1)

/* The first byte from 'q' (short of 'end') that is neither of class
 * 'cls' (C_STRING or C_COMMENT) nor >= 0x80, or a byte at most 15
 * before 'end' where the caller goes on byte by byte: sixteen bytes at
 * a time, as the class says -- a control character but tab, DEL, '\\',
 * and '"' in strings, '}' in comments (test_lexer checks this against
 * the table for every byte). The first byte >= 0x80 before it goes to
 * '*high' when that is S_NONE. UTF-8 does not stop it: the caller
 * checks the sequences after (S_utf8_prefix). Tag values and comments
 * are most of a collection's bytes, and more often than not hold
 * letters with accents (or are Arabic). Not taken by a careful reader. */
static inline size_t S_plain_text(const unsigned char *d, size_t q, size_t end, unsigned cls,
                                  size_t *high)
{
#ifdef __SSE2__
	const __m128i space = _mm_set1_epi8(' '), tab = _mm_set1_epi8('\t');
	const __m128i del = _mm_set1_epi8(0x7f), bslash = _mm_set1_epi8('\\');
	const __m128i quote = _mm_set1_epi8(cls == C_STRING ? '"' : '}');
	for (; q + 16 <= end; q += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(d + q));
		unsigned hi = (unsigned)_mm_movemask_epi8(x); /* bytes >= 0x80 */
		/* signed: below ' ' is a control character or a byte >= 0x80 */
		__m128i bad = _mm_andnot_si128(_mm_cmpeq_epi8(x, tab), _mm_cmplt_epi8(x, space));
		bad = _mm_or_si128(bad, _mm_cmpeq_epi8(x, del));
		bad = _mm_or_si128(bad, _mm_cmpeq_epi8(x, bslash));
		bad = _mm_or_si128(bad, _mm_cmpeq_epi8(x, quote));
		unsigned m = (unsigned)_mm_movemask_epi8(bad) & ~hi;
		if (m)
			hi &= (1u << __builtin_ctz(m)) - 1; /* those before the stop */
		if (hi && *high == S_NONE)
			*high = q + (size_t)__builtin_ctz(hi);
		if (m)
			return q + (size_t)__builtin_ctz(m);
	}
#else
	(void)d, (void)end, (void)cls, (void)high;
#endif
	return q;
}

/* From window offset 'p' (a sequence's start) short of 'q': the end of
 * the 16-byte blocks of plain ASCII and two-byte sequences (leads C2 to
 * DF, each followed by its one continuation byte) -- Latin letters with
 * accents, Arabic -- their columns added to *cols; the first block that
 * holds anything else, or a sequence it cuts at 'q', is the caller's,
 * from a sequence's start. */
static inline size_t S_utf8_two_byte_blocks(const unsigned char *d, size_t p, size_t q,
                                            unsigned *cols)
{
#ifdef __SSE2__
	const __m128i top2 = _mm_set1_epi8((char)0xC0), cont = _mm_set1_epi8((char)0x80);
	const __m128i c2 = _mm_set1_epi8((char)0xC2), span = _mm_set1_epi8(0xDF - 0xC2);
	unsigned carry = 0, c = 0; /* carry: the block before ended in a lead */
	for (; p + 16 <= q; p += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(d + p));
		unsigned hi = (unsigned)_mm_movemask_epi8(x);
		unsigned cm = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(x, top2), cont));
		__m128i y = _mm_sub_epi8(x, c2); /* a lead: 0 to DF - C2, unsigned */
		unsigned lm = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(y, span), y));
		if ((hi & ~cm & ~lm) || cm != (((lm << 1) | carry) & 0xFFFF))
			break; /* another kind of byte, or a lead and its continuation apart */
		carry = lm >> 15;
		c += 16 - tb_utf8_bits16(cm);
	}
	*cols += c - carry; /* a lead cut at the block's end is the caller's */
	return p - carry;
#else
	(void)d, (void)q, (void)cols;
	return p;
#endif
}

/* The end of the longest start of window bytes [p, q) whose bytes
 * >= 0x80 are valid UTF-8 sequences, one column each as an ASCII byte
 * is (added to *cols); overlong forms, surrogates, values past U+10FFFF
 * and a sequence cut by 'q' are not. Sixteen bytes at a time where they
 * are ASCII and two-byte sequences, unless 'careful'. */
static size_t S_utf8_prefix(const unsigned char *d, size_t p, size_t q, unsigned *cols,
                            int careful)
{
	if (!careful)
		p = S_utf8_two_byte_blocks(d, p, q, cols);
	unsigned c = 0;
	while (p < q) {
		size_t n = 1;
		if (d[p] < 0x80)
			; /* plain: the caller saw to it */
		else if (p + 1 < q && d[p] >= 0xC2 && d[p] <= 0xDF && (d[p + 1] & 0xC0) == 0x80)
			n = 2; /* Latin letters with accents, Arabic: valid whatever follows the lead */
		else if (!(n = tb_utf8_valid((const char *)d + p, q - p)))
			break;
		p += n;
		c++;
	}
	*cols += c;
	return p;
}

/* The end of the run of plain text from window offset 'p' to at most
 * 'end': bytes of class 'cls' (C_STRING or C_COMMENT) and valid UTF-8
 * sequences, one column each (added to *cols). One pass finds where
 * the plain bytes and those >= 0x80 end; the sequences are checked from
 * the first byte >= 0x80 on, and the run ends at the first bad one. A
 * sequence cut by 'end' ends it too: the caller reads on (the window). */
static inline __attribute__((always_inline)) size_t S_run(const tb_reader *r, size_t p,
                                                         size_t end, unsigned cls,
                           unsigned *cols)
{
	const unsigned char *d = (const unsigned char *)r->data;
	size_t high = S_NONE;
	size_t q = r->careful ? p : S_plain_text(d, p, end, cls, &high);
	for (; q < end && (d[q] >= 0x80 || (S_class[d[q]] & cls)); q++)
		if (d[q] >= 0x80 && high == S_NONE)
			high = q;
	if (high == S_NONE) {
		*cols += (unsigned)(q - p);
		return q;
	}
	*cols += (unsigned)(high - p);
	return S_utf8_prefix(d, high, q, cols, r->careful);
}

size_t tb_lex_comment_run(const tb_reader *r, size_t p, size_t end)
{
	unsigned cols = 0;
	return S_run(r, p, end, C_COMMENT, &cols);
}

size_t tb_lex_string_run(const tb_reader *r, size_t p, size_t end, unsigned *cols)
{
	return S_run(r, p, end, C_STRING, cols);
}

/* Copies the run of plain text at pos -- bytes of class 'cls' and
 * valid UTF-8 sequences -- into r->text; returns its length. The hot
 * path of comments and strings, which are most of a collection's bytes;
 * whatever ends the run (a stop character, a line end, a bad byte, a
 * sequence cut by the window's end) is the caller's. */
static size_t S_plain_run(tb_reader *r, unsigned cls)
{
	unsigned cols = 0;
	size_t p = S_run(r, r->pos, S_run_end(r), cls, &cols);
	size_t k = p - r->pos;
	tb_buf_put(&r->text, r->data + r->pos, k);
	r->pos = p;
	r->col += cols;
	return k;
}

/* Adds the next character of a comment or string to r->text: a
 * backslash escape of one of 'escaped', or any good character (bad ones
 * are reported and skipped). */
static void S_text_step(tb_reader *r, const char *escaped)
{
	int next = S_peek(r, 1);
	if (S_peek(r, 0) == '\\' && next > 0 && strchr(escaped, next)) {
		tb_buf_putc(&r->text, (char)next);
		S_advance(r, 1);
		S_advance(r, 1);
		return;
	}
	size_t n = S_text_char(r);
	if (n) {
		tb_buf_put(&r->text, r->data + r->pos, n);
		S_advance(r, n);
	}
}

/* A brace comment cut short ('tag_line': before that line, a tag line
 * after a blank one; 0: by the end of the input), at its '{'. Before
 * the record's first tag, the tags that follow are the record's own;
 * else the record ends there, and the parser reports nothing it left
 * open (r->ran_on): one slip, one error. */
static void S_comment_ran_on(tb_reader *r, unsigned tag_line)
{
	if (!tag_line)
		tb_diag_at(r, TB_ERROR, TB_D_COMMENT_EOF, r->tok.off, 1, r->tok.line, r->tok.col,
		           "this comment is never closed with '}': it runs to the end of the file");
	else {
		tb_diag_cite(r, tag_line, 0);
		tb_diag_at(r, TB_ERROR, TB_D_COMMENT_EOF, r->tok.off, 1, r->tok.line, r->tok.col,
		           "this comment is never closed with '}': it runs into %s at line %u",
		           r->rec_begun ? "the next record" : "the tags", tag_line);
	}
	if (tag_line)
		tb_diag_note(r, "after a blank line, a line that begins as a tag pair starts a record; "
		             "a comment that goes on has no blank line before it");
	r->tok.bad = 1;
	r->ran_on = !tag_line || r->rec_begun;
}

/* Does the line at pos, the comment's line after 'from' (the offset in
 * r->text where the line before it began), end the comment: is that
 * line blank and this one a tag line (tb_text_tag_line)? The first
 * line, which holds the '{', is never blank. */
static int S_comment_ends(tb_reader *r, size_t from)
{
	const char *t = r->text.data ? r->text.data : "";
	if (r->text.len < from + 1 || !S_blank_line(t + from, r->text.len - 1 - from))
		return 0;
	S_peek(r, TB_TAG_LINE - 1); /* the line's start in the window, when the input has it */
	return tb_text_tag_line(r->data + r->pos, r->len - r->pos);
}

/* comment -> '{' (char | '\}' | '\\')* '}'   or   ';' char* EOL
 * A brace comment ends, left open, before a tag line that follows a
 * blank line (spec/tgn.md §3): that is the next record. */
static void S_comment(tb_reader *r)
{
	int brace = S_peek(r, 0) == '{';
	S_advance(r, 1);
	tb_buf_clear(&r->text);
	S_comment_lang(r);
	size_t line_from = (size_t)-1; /* r->text offset of the current line, past the first */
	for (;;) {
		if (S_overflow(r))
			break;
		if (S_plain_run(r, C_COMMENT))
			continue;
		int c = S_peek(r, 0);
		if (c < 0) {
			if (brace)
				S_comment_ran_on(r, 0);
			break;
		}
		if (brace && c == '}') {
			S_advance(r, 1);
			break;
		}
		if (S_is_newline(c)) {
			if (!brace)
				break;
			S_newline(r);
			size_t from = line_from;
			tb_buf_putc(&r->text, '\n');
			line_from = r->text.len;
			if (from != (size_t)-1 && S_comment_ends(r, from)) {
				S_comment_ran_on(r, r->line);
				break;
			}
			continue;
		}
		S_text_step(r, brace ? "}\\@" : "");
	}
	S_tok_end(r);
}

/* string -> '"' (char | '\"' | '\\')* '"' on one line */
static void S_string(tb_reader *r)
{
	S_advance(r, 1);
	tb_buf_clear(&r->text);
	for (;;) {
		if (S_overflow(r))
			break;
		if (S_plain_run(r, C_STRING))
			continue;
		int c = S_peek(r, 0);
		if (c < 0 || S_is_newline(c)) {
			tb_diag_at(r, TB_ERROR, TB_D_STRING_EOF, r->tok.off, 1, r->tok.line, r->tok.col,
			           "string opened here is not closed with '\"' on its line");
			r->tok.bad = 1;
			break;
		}
		if (c == '"') {
			S_advance(r, 1);
			break;
		}
		S_text_step(r, "\"\\");
	}
	S_tok_end(r);
}

/* Characters that end a word (besides space and line ends). */
static inline int S_delimiter(int c)
{
	switch (c) {
	case '[': case ']': case '{': case '}': case '(': case ')':
	case '<': case '|': case '"': case ';': case '$': case '*':
		return 1;
	default:
		return c <= ' ' || c == 0x7f;
	}
}

/* word -> (any character but a delimiter)+ ; '>' belongs to a word
 * only when a point follows it ("a2^a4>a7"), so "<a1-a4>" closes. */
static void S_word(tb_reader *r)
{
	for (;;) {
		if (S_overflow(r))
			break;
		const unsigned char *d = (const unsigned char *)r->data; /* S_peek may move it */
		size_t end = S_run_end(r), p = r->pos;
		while (p < end && (S_class[d[p]] & C_WORD))
			p++;
		r->col += (unsigned)(p - r->pos); /* plain characters, one column each */
		r->pos = p;
		int c = S_peek(r, 0);
		if (c < 0 || S_delimiter(c))
			break;
		if (c == '>') { /* only before a point: "a2^a4>a7", "d6>?" */
			int n = S_peek(r, 1);
			if (r->pos == r->tok.off ||
			    !((isalpha(n) && isdigit(S_peek(r, 2))) || n == '?'))
				break;
		}
		if (c >= 0x80) {
			size_t n = S_utf8_len(r);
			if (!n)
				break; /* reported as the next token */
			S_advance(r, n);
		} else {
			S_advance(r, 1);
		}
	}
	S_tok_end(r);
}

/* movenum -> digit+ ('.' | '...' | U+2026) ; otherwise a word */
static void S_number_or_word(tb_reader *r)
{
	long v = 0;
	size_t k = 0;
	int c;
	while ((c = S_peek(r, k)) >= '0' && c <= '9') {
		if (v < 100000000)
			v = v * 10 + (c - '0');
		k++;
	}
	int dots = 0, ellipsis = 0;
	size_t d = k;
	if (c == '.') {
		while (S_peek(r, d) == '.')
			d++;
		dots = (int)(d - k);
	} else if (c == 0xE2 && S_peek(r, k + 1) == 0x80 && S_peek(r, k + 2) == 0xA6) {
		d = k + 3; /* U+2026 HORIZONTAL ELLIPSIS: three bytes, one column */
		dots = 3;
		ellipsis = 1;
	}
	if (!dots) {
		S_word(r);
		return;
	}
	r->tok.type = TK_MOVENUM;
	r->tok.num = v;
	r->tok.dots = dots;
	r->pos += d;
	r->col += (unsigned)(ellipsis ? k + 1 : d);
	S_tok_end(r);
	if (dots != 1 && dots != 3)
		tb_diag_tok(r, TB_ERROR, TB_D_MOVENUM,
		            "a move number ends in '.' or '...', not %d dots", dots);
	else if (k > 6 || v == 0) /* as in the position notation: 1 to 999999 */
		tb_diag_tok(r, TB_ERROR, TB_D_MOVENUM, "a move number is from 1 to 999999");
}

static void S_nag(tb_reader *r)
{
	S_advance(r, 1);
	long v = 0;
	int digits = 0, c;
	while ((c = S_peek(r, 0)) >= '0' && c <= '9') {
		if (v <= 255)
			v = v * 10 + (c - '0');
		digits++;
		S_advance(r, 1);
	}
	r->tok.num = v;
	S_tok_end(r);
	if (!digits || v > 255)
		tb_diag_tok(r, TB_ERROR, TB_D_NAG, "a NAG is '$' and a number from 0 to 255");
}

/* The end of the blanks and LF line ends from window offset 'p' to at
 * most 'end', counting the lines and columns they take in *line, *col. */
static inline size_t S_blanks(const tb_reader *r, size_t p, size_t end, unsigned *line,
                              unsigned *col)
{
	const char *d = r->data;
	unsigned l = *line, c = *col;
	for (;;) {
		while (p < end && (d[p] == ' ' || d[p] == '\t'))
			p++, c++;
		if (p >= end || d[p] != '\n')
			break;
		p++, l++, c = 1;
	}
	*line = l;
	*col = c;
	return p;
}

/* Skips spaces and line ends; reports and skips bad bytes. */
static void S_skip_space(tb_reader *r)
{
	for (;;) {
		/* the usual gap, blanks and LF line ends, with the position in
		 * registers; the rest goes the careful way below */
		unsigned line = r->line, col = r->col;
		size_t p = S_blanks(r, r->pos, r->len, &line, &col);
		r->pos = p;
		r->line = line;
		r->col = col;
		int c = S_peek(r, 0);
		if (c == ' ' || c == '\t') {
			S_advance(r, 1);
		} else if (S_is_newline(c)) {
			S_newline(r);
		} else if (c >= 0 && (c < 0x20 || c == 0x7f)) {
			S_text_char(r); /* reports and skips */
		} else {
			return;
		}
	}
}

/* A token of 'type' over window bytes [from, to) on the current line,
 * its columns [col, end_col). */
static void S_tok_set(tb_tok *t, tb_tok_type type, size_t from, size_t to, unsigned line,
                      unsigned col, unsigned end_col)
{
	t->type = type;
	t->off = from;
	t->len = to - from;
	t->line = t->end_line = line;
	t->col = col;
	t->end_col = end_col;
	t->num = 0;
	t->dots = 0;
	t->bad = 0;
}

int tb_lex_tag(tb_reader *r, tb_tok *name, tb_tok *value)
{
	if (r->fatal || r->tok.type != TK_LBRACKET || r->careful)
		return 0;
	const unsigned char *d = (const unsigned char *)r->data;
	/* within the window and the record's limit, short of its last byte
	 * (whatever comes near that goes the careful way) */
	size_t end = S_run_end(r);
	end = end > 0 ? end - 1 : 0;
	size_t p = r->pos, at;
	unsigned col = r->col, c0;
	/* NAME: what S_word would take and tb_tag_name_ok accept */
	at = p, c0 = col;
	if (p >= end || (unsigned)((d[p] | 0x20) - 'a') > 'z' - 'a')
		return 0;
	while (p < end && (S_class[d[p]] & C_NAME))
		p++;
	if (p >= end || !tb_blank(d[p]))
		return 0;
	col += (unsigned)(p - at);
	/* straight into the caller's: a token built here and copied whole
	 * was read in wide loads before its narrow stores had landed */
	S_tok_set(name, TK_WORD, at, p, r->line, c0, col);
	while (p < end && tb_blank(d[p]))
		p++, col++;
	/* STRING: plain characters only, as S_plain_run takes them */
	if (p >= end || d[p] != '"')
		return 0;
	size_t open = p++;
	unsigned vcol = col++;
	p = S_run(r, p, end, C_STRING, &col);
	if (p >= end || d[p] != '"')
		return 0;
	p++, col++;
	S_tok_set(value, TK_STRING, open, p, r->line, vcol, col);
	while (p < end && tb_blank(d[p]))
		p++, col++;
	if (p >= end || d[p] != ']')
		return 0;
	/* the three tokens, as tb_lex_next leaves them */
	r->prev.off = value->off;
	r->prev.len = value->len;
	r->prev.end_line = value->end_line;
	r->prev.end_col = value->end_col;
	r->prev.bad = 0;
	S_tok_set(&r->tok, TK_RBRACKET, p, p + 1, r->line, col, col + 1);
	r->pos = p + 1;
	r->col = col + 1;
	return 1;
}

void tb_lex_after_tag(tb_reader *r)
{
	/* what S_quick_token reads there, in a few steps: a LF, then '[' */
	size_t p = r->pos;
	if (r->tok.type == TK_RBRACKET && !r->fatal && !r->careful && p + 1 < S_run_end(r) &&
	    r->data[p] == '\n' && r->data[p + 1] == '[') {
		r->prev.off = r->tok.off;
		r->prev.len = r->tok.len;
		r->prev.end_line = r->tok.end_line;
		r->prev.end_col = r->tok.end_col;
		r->prev.bad = r->tok.bad;
		S_tok_set(&r->tok, TK_LBRACKET, p + 1, p + 2, r->line + 1, 1, 2);
		r->pos = p + 2;
		r->line++;
		r->col = 2;
		return;
	}
	tb_lex_next(r);
}

int tb_lex_sniff(tb_reader *r)
{
	tb_window_ensure(r, TB_SNIFF_BYTES);
	const unsigned char *p = (const unsigned char *)r->data;
	size_t n = r->len < TB_SNIFF_BYTES ? r->len : TB_SNIFF_BYTES;
	int bom;
	tb_sniff_kind k = tb_sniff(p, n, &bom);
	if (k == TB_SNIFF_TEXT)
		return 0;
	tb_buf msg = TB_BUF_SOFT, note = TB_BUF_SOFT, src = TB_BUF_SOFT;
	tb_sniff_say(k, bom, r->name, p, n, &msg, &note, &src);
	r->started = r->fatal = r->not_text = 1;
	r->tok.type = TK_EOF;
	size_t before = r->ndiags;
	if (tb_buf_ok(&msg) && tb_buf_ok(&note) && tb_buf_ok(&src) && msg.data)
		tb_diag_at(r, TB_ERROR, TB_D_NOT_TEXT, 0, 1, 1, 1, "%s", msg.data);
	if (r->ndiags == before || r->diags[r->ndiags - 1].code != TB_D_NOT_TEXT) {
		/* out of memory making it (or kept no more): the reader says so */
		tb_buf_free(&msg);
		tb_buf_free(&note);
		tb_buf_free(&src);
		tb_reader_nomem(r);
		return 1;
	}
	/* the line shown is no excerpt of the bytes, which would be
	 * garbage: the first line decoded (UTF-16, UTF-32), or none */
	tb_diag *d = &r->diags[r->ndiags - 1];
	char *line = tb_buf_detach(&src, NULL);
	if (line) {
		free((char *)d->source);
		d->source = line;
		d->source_col = 1;
		d->end_col = 2;
	} else { /* out of memory: the bytes' excerpt stays, and the reader says so */
		tb_reader_nomem(r);
	}
	if (note.len)
		tb_diag_note(r, "%s", note.data);
	tb_buf_free(&msg);
	tb_buf_free(&note);
	return 1;
}

static void S_first_token(tb_reader *r)
{
	r->started = 1;
	r->line = r->col = 1;
	if (r->first_line) { /* a part of a file (tb_reader_set_origin): no BOM */
		r->line = r->first_line;
		return;
	}
	if (S_peek(r, 0) == 0xEF && S_peek(r, 1) == 0xBB && S_peek(r, 2) == 0xBF)
		r->pos = r->bom = 3; /* a BOM is dropped; columns start after it */
}

/* The usual token -- after blanks and LF line ends, a word (a move),
 * a move number, a NAG or a bracket, written in plain ASCII and ending inside
 * the window -- in one pass with the position in registers, as the
 * careful way below would read it; returns 0, having read nothing,
 * for anything else (a diagnostic to give, a character to decode, the
 * window to refill), which the careful way then reads. */
static int S_quick_token(tb_reader *r)
{
	static const uint8_t punct[128] = {
		['['] = TK_LBRACKET, [']'] = TK_RBRACKET, ['('] = TK_LPAREN,
		[')'] = TK_RPAREN, ['<'] = TK_LANGLE, ['>'] = TK_RANGLE,
		['|'] = TK_BAR, ['*'] = TK_STAR,
	};
	if (r->fatal || r->careful)
		return 0;
	const unsigned char *d = (const unsigned char *)r->data;
	size_t end = S_run_end(r);
	unsigned line = r->line, col = r->col;
	size_t p = S_blanks(r, r->pos, end, &line, &col);
	if (p >= end)
		return 0;
	size_t q = p;
	tb_tok_type type;
	long num = 0;
	int dots = 0;
	if (d[q] < 128 && punct[d[q]]) {
		type = (tb_tok_type)punct[d[q]];
		q++;
	} else if (S_class[d[q]] & C_WORD) {
		type = TK_WORD;
		for (; q < end && d[q] >= '0' && d[q] <= '9'; q++)
			if (num < 100000000)
				num = num * 10 + (d[q] - '0');
		if (q > p && q < end && d[q] == '.') { /* movenum -> digit+ ('.' | '...') */
			size_t k = q - p;
			while (q < end && d[q] == '.')
				q++;
			dots = (int)(q - p - k);
			if (q >= end || (dots != 1 && dots != 3) || k > 6 || num == 0)
				return 0; /* the window's end, or a diagnostic to give */
			type = TK_MOVENUM;
		} else {
			num = 0;
			while (q < end && (S_class[d[q]] & C_WORD))
				q++;
			/* ended by an ASCII delimiter; not '>', which may belong
			 * to the word, nor a character to decode */
			if (q >= end || d[q] >= 0x80 || d[q] == '>')
				return 0;
		}
	} else if (d[q] == '$') { /* nag -> '$' digit+, 0 to 255 (as S_nag reads it) */
		type = TK_NAG;
		for (q++; q < end && d[q] >= '0' && d[q] <= '9'; q++)
			if (num <= 255)
				num = num * 10 + (d[q] - '0');
		if (q >= end || q == p + 1 || num > 255)
			return 0; /* the window's end, or a diagnostic to give */
	} else {
		return 0;
	}
	S_tok_set(&r->tok, type, p, q, line, col, col + (unsigned)(q - p));
	r->tok.num = num;
	r->tok.dots = dots;
	r->pos = q;
	r->line = line;
	r->col = r->tok.end_col;
	return 1;
}

static void S_careful_token(tb_reader *r);

void tb_lex_next(tb_reader *r)
{
	if (!r->started)
		S_first_token(r);
	/* the fields of 'prev' that are read (reader.h), one by one: the
	 * token was just written a field at a time, and a copy of the whole
	 * struct in wide moves waits for those stores at every token */
	r->prev.off = r->tok.off;
	r->prev.len = r->tok.len;
	r->prev.end_line = r->tok.end_line;
	r->prev.end_col = r->tok.end_col;
	r->prev.bad = r->tok.bad;
	if (!S_quick_token(r))
		S_careful_token(r);
}

/* The careful way: any token, every diagnostic. Apart from the short
 * way, so that tb_lex_next saves few registers for the usual token. */
static __attribute__((noinline)) void S_careful_token(tb_reader *r)
{
again:
	S_skip_space(r);
	S_overflow(r);
	S_tok_begin(r, TK_EOF);
	int c = S_peek(r, 0);
	if (c < 0 || r->fatal) {
		S_tok_end(r);
		return;
	}
	static const tb_tok_type punct[128] = {
		['['] = TK_LBRACKET, [']'] = TK_RBRACKET, ['('] = TK_LPAREN,
		[')'] = TK_RPAREN, ['<'] = TK_LANGLE, ['>'] = TK_RANGLE,
		['|'] = TK_BAR, ['*'] = TK_STAR,
	};
	if (c < 128 && punct[c]) {
		r->tok.type = punct[c];
		S_advance(r, 1);
		S_tok_end(r);
	} else if (c == '{' || c == ';') {
		r->tok.type = TK_COMMENT;
		S_comment(r);
	} else if (c == '"') {
		r->tok.type = TK_STRING;
		S_string(r);
	} else if (c == '$') {
		r->tok.type = TK_NAG;
		S_nag(r);
	} else if (c >= '0' && c <= '9') {
		r->tok.type = TK_WORD;
		S_number_or_word(r);
	} else if (c == '}') {
		S_diag_here(r, TB_D_UNEXPECTED, 1, "'}' without '{'");
		S_advance(r, 1);
		goto again;
	} else if (c >= 0x80 && !S_utf8_len(r)) {
		S_text_char(r); /* reports and skips the bad byte */
		goto again;
	} else {
		r->tok.type = TK_WORD;
		S_word(r);
	}
}
