/*
 * lsp_doc.c -- the documents "tablero lsp" holds: their UTF-8 text,
 * changed in place by incremental edits, and positions told three ways:
 * LSP's (line from 0, character in UTF-16 code units, as LSP 3.17
 * requires by default), the library's (line from 1, column in code
 * points from 1) and byte offsets. A line ends at "\n" (a "\r" before
 * it is part of the end). A byte that is no UTF-8 counts as one code
 * point and one UTF-16 unit, as the library reports it. Each document
 * keeps where its lines start (made again after each change, a pass
 * over the text as cutting it into records is), so that a position is
 * found in the time of a binary search and its line, whatever the size.
 */
#include <stdlib.h>
#include <string.h>

#include "lsp.h"

/* The length of the UTF-8 character at 's' (at most 'n' bytes) and
 * its UTF-16 units ('*units'): 1 and 1 for a byte that starts none
 * (as the reader counts it: tb_utf8_length). */
static size_t S_char(const unsigned char *s, size_t n, int *units)
{
	size_t k = tb_utf8_length((const char *)s, n);
	*units = k == 4 ? 2 : 1;
	return k ? k : 1;
}

/* The end of the line that starts at 'off' (its "\r\n" or "\n" not in it). */
static size_t S_line_end(const lsp_doc *d, size_t off)
{
	const char *nl = memchr(d->text + off, '\n', d->len - off);
	size_t e = nl ? (size_t)(nl - d->text) : d->len;
	if (e > off && d->text[e - 1] == '\r')
		e--;
	return e;
}

static int S_reserve(lsp_doc *d, size_t n)
{
	if (n + 1 <= d->cap)
		return 0;
	size_t cap = d->cap ? d->cap : 256;
	while (cap < n + 1)
		cap *= 2;
	char *t = realloc(d->text, cap);
	if (!t)
		return -1;
	d->text = t;
	d->cap = cap;
	return 0;
}

lsp_doc *lsp_doc_new(const char *uri, const char *text, size_t len, int64_t version)
{
	if (len > LSP_MAX_DOCUMENT)
		return NULL;
	lsp_doc *d = calloc(1, sizeof *d);
	if (!d)
		return NULL;
	d->uri = strdup(uri);
	d->version = version;
	if (!d->uri || lsp_doc_set(d, text, len)) {
		lsp_doc_free(d);
		return NULL;
	}
	return d;
}

void lsp_doc_free(lsp_doc *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->nrecs; i++)
		lsp_check_release(d->recs[i].check);
	free(d->recs);
	json_object_put(d->outside);
	free(d->uri);
	free(d->lines);
	free(d->text);
	free(d);
}

/* Where the lines of 'd' start. -1 when memory ran out (the index is
 * then of one line: positions past it are outside). */
static int S_index(lsp_doc *d)
{
	size_t n = 1;
	for (const char *p = d->text; (p = memchr(p, '\n', d->text + d->len - p)); p++)
		n++;
	size_t *v = realloc(d->lines, n * sizeof *v);
	if (!v) {
		d->nlines = d->lines ? 1 : 0;
		return -1;
	}
	d->lines = v;
	v[0] = 0;
	d->nlines = 1;
	for (const char *p = d->text; (p = memchr(p, '\n', d->text + d->len - p)); p++)
		v[d->nlines++] = (size_t)(p - d->text) + 1;
	return 0;
}

int lsp_doc_set(lsp_doc *d, const char *text, size_t len)
{
	if (len > LSP_MAX_DOCUMENT || S_reserve(d, len))
		return -1;
	memcpy(d->text, text, len);
	d->text[len] = '\0';
	d->len = len;
	return S_index(d);
}

/* Position 'p' as an offset, clamped into the text; '*clamped' set
 * when it had to be. */
static size_t S_clamp(const lsp_doc *d, lsp_pos p, int *clamped)
{
	if (p.line < 0 || p.character < 0) {
		*clamped = 1;
		return p.line < 0 ? 0 : lsp_line_start(d, (unsigned)(p.line + 1));
	}
	long off = lsp_offset(d, p);
	if (off >= 0)
		return (size_t)off;
	*clamped = 1;
	if (p.line > (int64_t)UINT32_MAX - 2)
		return d->len;
	size_t s = lsp_line_start(d, (unsigned)(p.line + 1));
	return s >= d->len ? d->len : S_line_end(d, s);
}

int lsp_doc_edit(lsp_doc *d, lsp_pos a, lsp_pos b, const char *text, size_t len)
{
	int clamped = 0;
	size_t x = S_clamp(d, a, &clamped), y = S_clamp(d, b, &clamped);
	if (y < x) {
		size_t t = x;
		x = y, y = t;
		clamped = 1;
	}
	size_t n = d->len - (y - x) + len;
	if (n > LSP_MAX_DOCUMENT || S_reserve(d, n))
		return -1;
	memmove(d->text + x + len, d->text + y, d->len - y + 1);
	memcpy(d->text + x, text, len);
	d->len = n;
	if (S_index(d))
		return -1;
	return clamped;
}

size_t lsp_line_start(const lsp_doc *d, unsigned line)
{
	return line >= 1 && line <= d->nlines ? d->lines[line - 1] : d->len;
}

/* The line (0 up) holding offset 'off'. */
static size_t S_line_of(const lsp_doc *d, size_t off)
{
	size_t lo = 0, hi = d->nlines; /* lines[lo] <= off < lines[hi] */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (d->lines[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

long lsp_offset(const lsp_doc *d, lsp_pos p)
{
	if (p.line < 0 || p.character < 0 || p.line > (int64_t)UINT32_MAX - 2)
		return -1;
	/* the start of line p.line: past the last line's end there is none */
	if ((uint64_t)p.line >= d->nlines)
		return -1;
	size_t off = d->lines[p.line];
	size_t end = S_line_end(d, off);
	int64_t u = 0;
	while (u < p.character && off < end) {
		int units;
		off += S_char((const unsigned char *)d->text + off, end - off, &units);
		u += units;
	}
	if (u < p.character)
		return -1;
	return (long)off;
}

lsp_pos lsp_pos_of(const lsp_doc *d, size_t off)
{
	if (off > d->len)
		off = d->len;
	lsp_pos p = {0, 0};
	size_t l = S_line_of(d, off), start = d->lines[l];
	p.line = (int64_t)l;
	for (size_t i = start; i < off;) {
		int units;
		i += S_char((const unsigned char *)d->text + i, off - i, &units);
		p.character += units;
	}
	return p;
}

size_t lsp_offset_col(const lsp_doc *d, unsigned line, unsigned col)
{
	size_t off = lsp_line_start(d, line);
	size_t end = off < d->len ? S_line_end(d, off) : d->len;
	for (unsigned c = 1; c < col && off < end; c++) {
		int units;
		off += S_char((const unsigned char *)d->text + off, end - off, &units);
	}
	return off;
}

lsp_pos lsp_pos_col(const lsp_doc *d, unsigned line, unsigned col)
{
	return lsp_pos_of(d, lsp_offset_col(d, line, col));
}

void lsp_linecol(const lsp_doc *d, size_t off, unsigned *line, unsigned *col)
{
	if (off > d->len)
		off = d->len;
	size_t k = S_line_of(d, off), start = d->lines[k];
	unsigned l = (unsigned)k + 1;
	unsigned c = 1;
	for (size_t i = start; i < off; c++) {
		int units;
		i += S_char((const unsigned char *)d->text + i, off - i, &units);
	}
	*line = l;
	*col = c;
}

json_object *lsp_jpos(lsp_pos p)
{
	json_object *o = json_object_new_object();
	lsp_jset_int(o, "line", p.line);
	lsp_jset_int(o, "character", p.character);
	return o;
}

json_object *lsp_jrange(lsp_pos a, lsp_pos b)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "start", lsp_jpos(a));
	json_object_object_add(o, "end", lsp_jpos(b));
	return o;
}

int lsp_get_pos(json_object *pos, lsp_pos *p)
{
	return pos && !lsp_jint(pos, "line", &p->line) && !lsp_jint(pos, "character", &p->character)
	       ? 0 : -1;
}

int lsp_get_range(json_object *range, lsp_pos *a, lsp_pos *b)
{
	return lsp_get_pos(lsp_jobj(range, "start"), a) || lsp_get_pos(lsp_jobj(range, "end"), b)
	       ? -1 : 0;
}
