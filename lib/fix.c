/*
 * fix.c -- a record's source with the typed fixes of its diagnostics
 * applied (tb_reader_fix_record; spec/tgn.md §11, "Fixes applied"):
 * what tablero fmt --fix reads again.
 *
 * The fixes are sorted by where they start and applied in one pass
 * over the text, so the cost is the record's bytes plus the sort of
 * its fixes. Of fixes that overlap, the first in the text is applied
 * and the others dropped: a later reading of the fixed text proposes
 * again whatever they still had to fix.
 */
#include <stdlib.h>
#include <string.h>

#include "reader.h"
#include "xalloc.h"

typedef struct S_cand {
	const tb_diag *d;
	const tb_diag_fix *f;
	size_t seq;             /* its order among the diagnostics' fixes */
} S_cand;

static int S_cand_cmp(const void *pa, const void *pb)
{
	const S_cand *a = pa, *b = pb;
	if (a->f->line != b->f->line)
		return a->f->line < b->f->line ? -1 : 1;
	if (a->f->col != b->f->col)
		return a->f->col < b->f->col ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* A place in the text as the lexer counts places: a line ends at LF,
 * CR LF or CR; a column is a character -- a valid UTF-8 sequence, or
 * each byte that is not part of one (tb_utf8_count: a stray
 * continuation byte is a column of its own). */
typedef struct S_place {
	size_t at;
	unsigned line, col;
} S_place;

static int S_eol(char c) { return c == '\n' || c == '\r'; }

/* Moves 'p' on to the start of line 'line' (>= p->line); 0 when the
 * text ends first. */
static int S_to_line(const char *s, size_t n, S_place *p, unsigned line)
{
	while (p->line < line) {
		while (p->at < n && !S_eol(s[p->at]))
			p->at++;
		if (p->at == n)
			return 0;
		p->at += s[p->at] == '\r' && p->at + 1 < n && s[p->at + 1] == '\n' ? 2 : 1;
		p->line++;
		p->col = 1;
	}
	return 1;
}

/* Moves 'p' on, on its line, to column 'col' (>= p->col); 0 when the
 * line ends first (its end itself is a column a span may end at). */
static int S_to_col(const char *s, size_t n, S_place *p, unsigned col)
{
	while (p->col < col) {
		if (p->at == n || S_eol(s[p->at]))
			return 0;
		size_t k = tb_utf8_valid(s + p->at, n - p->at);
		p->at += k ? k : 1;
		p->col++;
	}
	return 1;
}

/* The fixes of 'diags' applied to the 'n' bytes at 's', whose first
 * line is 'line' and whose first 'skip' columns on it are not the
 * record's (no fix is applied there): into '*out' (tb_malloc'd) and
 * '*outlen'. Returns how many were applied (then '*out' is NULL when
 * none was), or TB_ENOMEM. */
static int S_apply(const char *s, size_t n, unsigned line, unsigned skip, const tb_diag *diags,
                   size_t ndiags, tb_fix_fn fn, void *ctx, char **out, size_t *outlen)
{
	size_t ncand = 0;
	for (size_t i = 0; i < ndiags; i++)
		ncand += diags[i].nfixes;
	*out = NULL;
	*outlen = 0;
	if (!ncand)
		return 0;
	S_cand *c = tb_malloc(ncand * sizeof *c);
	if (!c)
		return TB_ENOMEM;
	size_t k = 0;
	for (size_t i = 0; i < ndiags; i++)
		for (size_t j = 0; j < diags[i].nfixes; j++, k++)
			c[k] = (S_cand){&diags[i], &diags[i].fixes[j], k};
	qsort(c, ncand, sizeof *c, S_cand_cmp);
	tb_buf b = TB_BUF_SOFT;
	S_place p = {0, line, 1};
	size_t copied = 0, last_a = 0, last_z = 0;
	int applied = 0;
	for (k = 0; k < ncand; k++) {
		const tb_diag_fix *f = c[k].f;
		if (f->confirm || f->line < p.line || f->end_col < f->col ||
		    (f->line == line && f->col <= skip) || !f->text || strpbrk(f->text, "\r\n"))
			continue; /* a reading to confirm, before the text, or not a span of one line */
		if (f->line > p.line && !S_to_line(s, n, &p, f->line))
			break;
		if (f->col < p.col || !S_to_col(s, n, &p, f->col))
			continue;
		S_place z = p;
		if (!S_to_col(s, n, &z, f->end_col))
			continue; /* runs past its line's end */
		if (applied && (p.at < last_z || p.at == last_a))
			continue; /* overlaps the one applied before it */
		tb_buf_put(&b, s + copied, p.at - copied);
		tb_buf_puts(&b, f->text);
		if (fn)
			fn(ctx, c[k].d, f, s + p.at, z.at - p.at);
		copied = z.at;
		last_a = p.at;
		last_z = z.at;
		applied++;
	}
	free(c);
	if (!applied) {
		tb_buf_free(&b);
		return 0;
	}
	tb_buf_put(&b, s + copied, n - copied);
	*out = tb_buf_detach(&b, outlen);
	return *out ? applied : TB_ENOMEM;
}

int tb_reader_fix_record(const tb_reader *r, const tb_record *rec, tb_fix_fn fn, void *ctx,
                         char **text, size_t *len)
{
	if (text)
		*text = NULL;
	if (len)
		*len = 0;
	if (!r || !rec || !text || !len || !rec->bytes || rec->off + rec->bytes > r->len)
		return r && rec && text && len ? 0 : TB_EINVAL;
	/* The record's first line from its start, so that columns are the
	 * file's: what stands before the first token on it (the end of the
	 * record before, a byte order mark) as one space a column. */
	size_t from = rec->off;
	while (from > 0 && !S_eol(r->data[from - 1]))
		from--;
	if (from < r->bom)
		from = r->bom;
	unsigned skip = tb_utf8_count(r->data + from, rec->off - from);
	char *src = tb_malloc(skip + rec->bytes + 1);
	if (!src)
		return TB_ENOMEM;
	memset(src, ' ', skip);
	memcpy(src + skip, r->data + rec->off, rec->bytes);
	src[skip + rec->bytes] = '\0';
	int got = S_apply(src, skip + rec->bytes, rec->line, skip, r->diags, r->ndiags, fn, ctx, text,
	                  len);
	free(src);
	return got;
}
