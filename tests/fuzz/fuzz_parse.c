/*
 * fuzz_parse.c -- the TGN reader over memory (tb_reader_new_mem) on
 * any bytes: no crash, leak or undefined behaviour; every diagnostic
 * formats; and the canonical form of every record without errors is a
 * fixed point: read again, it has no errors, is the same record
 * (tb_record_equal), is one record, and writes the same bytes; and read
 * checking (tb_reader_set_check_only) it gives the same diagnostics;
 * and checking, the fast tier (parse_fast.h) and the parser alone give
 * the same records, diagnostics and reader state; and every typed fix
 * of a diagnostic lies within its line; and the record's text with its
 * fixes applied (tb_reader_fix_record, fmt --fix) is one record, with
 * no diagnostic of a fix's code where that fix wrote.
 */
#include "fuzz.h"
#include "reader.h" /* no_fast: the parser alone */

static int S_count_comment(void *ctx, const char *text, const char *lang)
{
	(void)lang;
	*(size_t *)ctx += strlen(text) > 0;
	return 0;
}

static void S_fixed_point(const tb_record *rec)
{
	size_t n;
	char *text = tb_record_write(rec, &n);
	if (!text) {
		FZ_CHECK(tb_record_errors(rec) || !tb_record_game(rec),
		         "a record without errors is not written");
		return;
	}
	FZ_CHECK(strlen(text) == n, "the canonical form holds a NUL");
	tb_reader *r = tb_reader_new_mem(text, n, "canonical.tgn");
	tb_record *again;
	FZ_CHECK(tb_reader_next(r, &again) == 1, "the canonical form holds no record");
	FZ_CHECK(tb_record_errors(again) == 0, "the canonical form has errors:\n%s", text);
	size_t n2;
	char *text2 = tb_record_write(again, &n2);
	FZ_CHECK(text2 && n2 == n && memcmp(text, text2, n) == 0,
	         "the canonical form is not a fixed point:\n%s\n---\n%s", text, text2);
	FZ_CHECK(tb_record_equal(rec, again), "the canonical form is another record:\n%s", text);
	tb_record *more = NULL;
	FZ_CHECK(tb_reader_next(r, &more) == 0, "the canonical form holds two records:\n%s", text);
	free(text2);
	tb_record_free(again);
	tb_reader_free(r);
	size_t mlen;
	char *moves = tb_record_movetext(rec, &mlen);
	FZ_CHECK(moves && strlen(moves) == mlen, "no movetext for a record without errors");
	free(moves);
	free(text);
}

/* The diagnostics of the last tb_reader_next of 'a' and 'b', formatted,
 * are the same ('what' says which two readings differ). */
static void S_same_diags(const tb_reader *a, const tb_reader *b, const char *what)
{
	tb_buf da = TB_BUF_INIT, db = TB_BUF_INIT;
	fz_diags(a, &da);
	fz_diags(b, &db);
	FZ_CHECK(da.len == db.len && (!da.len || memcmp(da.data, db.data, da.len) == 0),
	         "%s, the diagnostics differ:\n%s\n---\n%s", what, da.data ? da.data : "",
	         db.data ? db.data : "");
	tb_buf_free(&da);
	tb_buf_free(&db);
}

/* The check sink (tb_reader_set_check_only, which tablero parse reads
 * with) gives what a whole reading gives: the same results of
 * tb_reader_next, the same diagnostics formatted, call by call, the
 * same error counts. */
static void S_same_checking(const uint8_t *data, size_t size)
{
	tb_reader *a = tb_reader_new_mem((const char *)data, size, "fuzz.tgn");
	tb_reader *b = tb_reader_new_mem((const char *)data, size, "fuzz.tgn");
	tb_reader_set_check_only(b, 1);
	for (;;) {
		tb_record *x = NULL, *y = NULL;
		int ga = tb_reader_next(a, &x), gb = tb_reader_next(b, &y);
		FZ_CHECK(ga == gb, "read checking, tb_reader_next gives %d, not %d", gb, ga);
		S_same_diags(a, b, "read checking");
		if (ga == 1)
			FZ_CHECK(tb_record_errors(x) == tb_record_errors(y),
			         "read checking, a record's errors differ");
		tb_record_free(x);
		tb_record_free(y);
		if (ga != 1)
			break;
	}
	tb_reader_free(a);
	tb_reader_free(b);
}

/* Two spans alike. */
static int S_same_span(const tb_span *a, const tb_span *b)
{
	return a->line == b->line && a->col == b->col && a->end_line == b->end_line &&
	       a->end_col == b->end_col && a->off == b->off;
}

/* Checking with the fast tier and without it (r->no_fast): the same
 * tb_reader_next results, diagnostics formatted, records (errors, line,
 * size, result, tags) and the reader's place after each. */
static void S_same_tiers(const uint8_t *data, size_t size)
{
	tb_reader *a = tb_reader_new_mem((const char *)data, size, "fuzz.tgn");
	tb_reader *b = tb_reader_new_mem((const char *)data, size, "fuzz.tgn");
	tb_reader_set_check_only(a, 1);
	tb_reader_set_check_only(b, 1);
	b->no_fast = 1;
	for (;;) {
		tb_record *x = NULL, *y = NULL;
		int ga = tb_reader_next(a, &x), gb = tb_reader_next(b, &y);
		FZ_CHECK(ga == gb, "the fast tier: tb_reader_next gives %d, not %d", ga, gb);
		S_same_diags(a, b, "the fast tier (then the parser)");
		FZ_CHECK(a->tok.type == b->tok.type && a->tok.off == b->tok.off &&
		         a->tok.line == b->tok.line && a->tok.col == b->tok.col &&
		         a->prev.off == b->prev.off && a->prev.len == b->prev.len &&
		         a->prev.end_line == b->prev.end_line && a->prev.end_col == b->prev.end_col &&
		         a->pos == b->pos && a->line == b->line && a->col == b->col,
		         "the fast tier leaves the reader elsewhere (at %zu, not %zu)", a->pos, b->pos);
		if (ga == 1) {
			FZ_CHECK(tb_record_errors(x) == tb_record_errors(y) &&
			         tb_record_line(x) == tb_record_line(y) &&
			         tb_record_source_size(x) == tb_record_source_size(y) &&
			         tb_record_result(x) == tb_record_result(y) && x->ntags == y->ntags,
			         "the fast tier, a record differs");
			/* the tag section's fast tier too (parse_fast_tags.c):
			 * names, values, spans and where the values stand */
			for (size_t i = 0; i < x->ntags; i++)
				FZ_CHECK(!strcmp(x->tags[i].name, y->tags[i].name) &&
				         !strcmp(x->tags[i].value, y->tags[i].value) &&
				         x->tags[i].value_line == y->tags[i].value_line &&
				         x->tags[i].value_col == y->tags[i].value_col &&
				         x->tags[i].value_off == y->tags[i].value_off &&
				         S_same_span(&x->tags[i].span, &y->tags[i].span),
				         "the fast tier, tag %s differs", x->tags[i].name);
		}
		tb_record_free(x);
		tb_record_free(y);
		if (ga != 1)
			break;
	}
	FZ_CHECK(b->fast_records == 0 && b->fast_tags == 0, "the parser alone took a fast way");
	tb_reader_free(a);
	tb_reader_free(b);
}

/* The bytes of line 'line' (from 1) of the input, its end not counted
 * ('\n', '\r\n' or '\r', as the lexer ends a line); (size_t)-1 past
 * the last line. */
static size_t S_line_bytes(const uint8_t *data, size_t size, unsigned line)
{
	size_t i = 0;
	for (unsigned l = 1; l < line; l++) {
		while (i < size && data[i] != '\n' && data[i] != '\r')
			i++;
		if (i >= size)
			return (size_t)-1;
		i += data[i] == '\r' && i + 1 < size && data[i + 1] == '\n' ? 2 : 1;
	}
	size_t n = 0;
	while (i + n < size && data[i + n] != '\n' && data[i + n] != '\r')
		n++;
	return n;
}

/* Every fix of the last tb_reader_next's diagnostics (tb_diag.fixes)
 * lies within its line of the input -- its columns, code points from 1,
 * no more than the line's bytes -- and its text is one line of UTF-8. */
static void S_fixes_in_lines(const tb_reader *r, const uint8_t *data, size_t size)
{
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		const tb_diag *d = tb_reader_diag(r, i);
		FZ_CHECK(!d->nfixes == !d->fixes, "TB%03d: nfixes %zu, fixes %p", d->code, d->nfixes,
		         (const void *)d->fixes);
		for (size_t k = 0; k < d->nfixes; k++) {
			const tb_diag_fix *f = &d->fixes[k];
			size_t n = S_line_bytes(data, size, f->line);
			FZ_CHECK(f->line >= 1 && n != (size_t)-1 && f->col >= 1 && f->end_col >= f->col &&
			             f->end_col - 1 <= n,
			         "TB%03d: a fix at %u:%u-%u is not within its line (%zu bytes)", d->code,
			         f->line, f->col, f->end_col, n);
			size_t len = strlen(f->text);
			FZ_CHECK(!memchr(f->text, '\n', len) && !memchr(f->text, '\r', len),
			         "TB%03d: a fix's text is more than a line", d->code);
			for (size_t j = 0, c; j < len; j += c)
				FZ_CHECK((c = tb_utf8_length(f->text + j, len - j)) != 0,
				         "TB%03d: a fix's text is not UTF-8", d->code);
		}
	}
}

/* The fixes tb_reader_fix_record applied, as it told them. */
typedef struct S_applied {
	struct {
		int code;
		unsigned line, col, end_col, chars; /* chars: of its text */
	} f[64];
	size_t n, more;
} S_applied;

static unsigned S_chars(const char *s, size_t n)
{
	unsigned k = 0;
	for (size_t i = 0; i < n; i++)
		k += ((unsigned char)s[i] & 0xC0) != 0x80;
	return k;
}

static void S_told(void *ctx, const tb_diag *d, const tb_diag_fix *f, const char *was,
                   size_t was_len)
{
	S_applied *a = ctx;
	FZ_CHECK(was_len == 0 || was != NULL, "a fix told without what it replaced");
	if (a->n == sizeof a->f / sizeof a->f[0]) {
		a->more++;
		return;
	}
	a->f[a->n].code = d->code;
	a->f[a->n].line = f->line;
	a->f[a->n].col = f->col;
	a->f[a->n].end_col = f->end_col;
	a->f[a->n].chars = S_chars(f->text, strlen(f->text));
	a->n++;
}

/* fmt --fix's first round (tb_reader_fix_record) on the record just
 * read: the fixed text, read again from the record's line, is one
 * record, the whole text, and has no diagnostic of a fix's code at the
 * span that fix wrote (its columns moved by the fixes before it on its
 * line). */
static void S_fix_applied(const tb_reader *r, const tb_record *rec)
{
	S_applied a = {.n = 0};
	char *text;
	size_t len;
	int n = tb_reader_fix_record(r, rec, S_told, &a, &text, &len);
	FZ_CHECK(n >= 0, "tb_reader_fix_record: %d", n);
	FZ_CHECK(n == (int)(a.n + a.more), "%d fixes applied, %zu told", n, a.n + a.more);
	if (n == 0) {
		FZ_CHECK(!text, "no fix applied, and a text");
		return;
	}
	tb_reader *fr = tb_reader_new_mem(text, len, "fixed.tgn");
	tb_reader_set_origin(fr, tb_record_line(rec), 0);
	tb_record *again = NULL, *more = NULL;
	FZ_CHECK(tb_reader_next(fr, &again) == 1, "the fixed text holds no record:\n%s", text);
	FZ_CHECK(tb_record_source_offset(again) + tb_record_source_size(again) == len,
	         "the fixed text is not one record whole (%zu of %zu bytes):\n%s",
	         tb_record_source_size(again), len, text);
	unsigned line = 0;
	long shift = 0;
	for (size_t k = 0; k < a.n; k++) {
		if (a.f[k].line != line)
			line = a.f[k].line, shift = 0;
		unsigned col = (unsigned)((long)a.f[k].col + shift);
		unsigned end = col + (a.f[k].chars ? a.f[k].chars : 1);
		shift += (long)a.f[k].chars - (long)(a.f[k].end_col - a.f[k].col);
		for (size_t i = 0; i < tb_reader_ndiags(fr); i++) {
			const tb_diag *d = tb_reader_diag(fr, i);
			FZ_CHECK(!(d->code == a.f[k].code && d->line == line && d->col >= col && d->col < end),
			         "TB%03d again at %u:%u, where a fix wrote (%u:%u-%u):\n%s", d->code, d->line,
			         d->col, line, col, end, text);
		}
	}
	FZ_CHECK(tb_reader_next(fr, &more) == 0, "the fixed text holds two records:\n%s", text);
	tb_record_free(more);
	tb_record_free(again);
	tb_reader_free(fr);
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	tb_reader *r = tb_reader_new_mem((const char *)data, size, "fuzz.tgn");
	tb_record *rec;
	while (tb_reader_next(r, &rec) == 1) {
		fz_diags(r, NULL);
		S_fixes_in_lines(r, data, size);
		S_fix_applied(r, rec);
		S_fixed_point(rec);
		size_t comments = 0;
		tb_record_comments(rec, S_count_comment, &comments);
		(void)tb_record_plies(rec);
		tb_record_free(rec);
	}
	fz_diags(r, NULL);
	tb_reader_free(r);
	S_same_checking(data, size);
	S_same_tiers(data, size);
	return 0;
}
