/*
 * diag.c -- diagnostics: those a reader records as it reads (the
 * message, the line it is on, quoted, the span's columns and notes),
 * and each formatted for people: the gcc-style first line, the source
 * line, and a caret under the span.
 */
#include "diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "reader.h"
#include "xalloc.h"

enum { EXCERPT_BEFORE = 80 }; /* bytes of a long line quoted before the span */


/* ===== Formatting ===== */

char *tb_diag_format(const tb_diag *d)
{
	/* "%s:%u:%u: %s: %s [TB%03d]\n%s\n", without printf: a collection's
	 * warnings are many, and vsnprintf copied their text a byte at a
	 * time (a twentieth of validate's time on random Asalto games) */
	tb_buf b = TB_BUF_SOFT;
	const char *src = d->source ? d->source : "";
	/* its room made once, for what it most often is: the source twice
	 * (the caret line is as long), the notes with their "note: " (grown
	 * from 64 bytes, the buffer was moved four or five times) */
	size_t nsrc = strlen(src), nnote = d->note ? strlen(d->note) : 0;
	tb_buf_grow(&b, strlen(d->file) + strlen(d->message) + 2 * nsrc + nnote + 96);
	tb_buf_puts(&b, d->file);
	tb_buf_putc(&b, ':');
	tb_buf_putu(&b, d->line);
	tb_buf_putc(&b, ':');
	tb_buf_putu(&b, d->col);
	tb_buf_puts(&b, d->severity == TB_ERROR ? ": error: " : ": warning: ");
	tb_buf_puts(&b, d->message);
	tb_buf_puts(&b, " [TB");
	char code[4] = {(char)('0' + d->code / 100 % 10), (char)('0' + d->code / 10 % 10),
	                (char)('0' + d->code % 10), '\0'};
	if (d->code >= 1000 || d->code < 0)
		tb_buf_printf(&b, "%03d", d->code);
	else
		tb_buf_puts(&b, code);
	tb_buf_puts(&b, "]\n");
	tb_buf_put(&b, src, nsrc);
	tb_buf_putc(&b, '\n');
	/* The caret line copies the tabs of the source so they line up. */
	unsigned col = 1;
	const unsigned char *s = (const unsigned char *)src;
	while (col < d->source_col && *s) {
		tb_buf_putc(&b, *s == '\t' ? '\t' : ' ');
		col++;
		s++;
		while ((*s & 0xC0) == 0x80)
			s++;
	}
	tb_buf_putc(&b, '^');
	unsigned width = d->end_col > d->col ? d->end_col - d->col : 1;
	for (unsigned i = 1; i < width && *s; i++) {
		s++;
		while ((*s & 0xC0) == 0x80)
			s++;
		if (!*s)
			break;
		tb_buf_putc(&b, '~');
	}
	tb_buf_putc(&b, '\n');
	for (const char *n = d->note; n && *n;) { /* a line of its own for each */
		size_t len = strcspn(n, "\n");
		tb_buf_puts(&b, "note: ");
		tb_buf_put(&b, n, len);
		tb_buf_putc(&b, '\n');
		n += len + (n[len] == '\n');
	}
	return tb_buf_detach(&b, NULL);
}

/* ===== Diagnostics ===== */

/* Frees what diagnostic 'd' holds. Apart, and not inlined: called at
 * every record, most often with no diagnostic, the clearing then costs
 * a test and no registers saved. */
static __attribute__((noinline)) void S_diag_free(tb_diag *d)
{
	free((char *)d->message);
	free((char *)d->source);
	free((char *)d->note);
	free((tb_diag_place *)d->places);
	for (size_t k = 0; k < d->nfixes; k++)
		free((char *)d->fixes[k].text);
	free((tb_diag_fix *)d->fixes);
}

void tb_diags_clear(tb_reader *r)
{
	for (size_t i = 0; i < r->ndiags; i++)
		S_diag_free(&r->diags[i]);
	r->ndiags = 0;
	r->ncite = 0;
}

void tb_diag_cite(tb_reader *r, unsigned line, unsigned col)
{
	if (r->ncite < sizeof r->cite / sizeof r->cite[0])
		r->cite[r->ncite++] = (tb_diag_place){0, line, col};
}

/* Gives the places cited since the last words to 'd', as named by its
 * message (note 0) or its note's line 'note'. When memory runs out
 * they are dropped (the words still say them); 0 then. */
static int S_take_cites(tb_reader *r, tb_diag *d, unsigned note)
{
	unsigned n = r->ncite;
	r->ncite = 0;
	if (!n)
		return 1;
	tb_diag_place *v = tb_realloc((tb_diag_place *)d->places, (d->nplaces + n) * sizeof *v);
	if (!v)
		return 0;
	for (unsigned i = 0; i < n; i++)
		v[d->nplaces + i] = (tb_diag_place){note, r->cite[i].line, r->cite[i].col};
	d->places = v;
	d->nplaces += n;
	return 1;
}

/* The number of lines of 'd''s note: the last line's number. */
static unsigned S_note_lines(const tb_diag *d)
{
	unsigned n = d->note ? 1 : 0;
	for (const char *p = d->note; p && (p = strchr(p, '\n')); p++)
		n++;
	return n;
}

/* An ASCII byte a source line is shown with as it is: printable, or a
 * tab. */
static int S_shown_as_is(unsigned char c)
{
	return (c >= 0x20 && c < 0x7f) || c == '\t';
}

/* Copies the line around window offset 'off' (a window of it when
 * long) into 'd'. */
static void S_excerpt(tb_reader *r, size_t off, tb_diag *d)
{
	tb_window_ensure(r, off + TB_DIAG_EXCERPT + 1); /* one more, to see if the line goes on */
	size_t ls = off, le = off;
	if (ls > r->len)
		ls = le = r->len;
	while (ls > 0 && r->data[ls - 1] != '\n' && r->data[ls - 1] != '\r')
		ls--;
	while (le < r->len && r->data[le] != '\n' && r->data[le] != '\r')
		le++;
	if (ls < r->bom)
		ls = r->bom; /* the dropped BOM is not shown */
	size_t from = ls, to = le;
	int cut = 0;
	if (le - ls > TB_DIAG_EXCERPT) {
		if (off - ls > EXCERPT_BEFORE) {
			from = off - EXCERPT_BEFORE;
			while (from < off && ((unsigned char)r->data[from] & 0xC0) == 0x80)
				from++;
			cut = 1;
		}
		if (to - from > TB_DIAG_EXCERPT) {
			to = from + TB_DIAG_EXCERPT;
			while (to > off && ((unsigned char)r->data[to] & 0xC0) == 0x80)
				to--;
		}
	}
	tb_buf b = TB_BUF_SOFT;
	if (tb_buf_grow(&b, to - from + 6)) /* no byte shown takes more room than it */
		b.data[0] = '\0';              /* (an empty line: nothing is appended) */
	if (cut)
		tb_buf_puts(&b, "...");
	/* Bytes that would break a terminal (NUL, controls, bad UTF-8) are
	 * shown as '?', one column each, so the caret stays in place. The
	 * printable ASCII between them is copied a run at a time. */
	for (size_t i = from; i < to;) {
		size_t run = i;
		while (run < to && S_shown_as_is((unsigned char)r->data[run]))
			run++;
		if (run > i) {
			tb_buf_put(&b, r->data + i, run - i);
			i = run;
			continue;
		}
		unsigned char c = (unsigned char)r->data[i];
		size_t n = c >= 0x80 ? tb_utf8_valid(r->data + i, to - i) : 1;
		if (n == 0 || (c < 0x20 && c != '\t') || c == 0x7f) {
			tb_buf_putc(&b, '?');
			i++;
		} else {
			tb_buf_put(&b, r->data + i, n);
			i += n;
		}
	}
	if (to < le)
		tb_buf_puts(&b, "...");
	d->source_col = (cut ? 3u : 0u) + tb_utf8_count(r->data + from, off - from) + 1;
	d->source = tb_buf_detach(&b, NULL);
}

/* The words of the diagnostic after the last a record keeps. */
#define S_TOO_MANY "more problems follow in this record; they are not shown"

/* A new diagnostic of 'r' at window offset '*off' (cut to the text's
 * end), counted, its message not yet made: NULL when it is not kept
 * (past TB_MAX_DIAGS, or memory ran out). '*too_many': it is the one
 * that says the rest are not shown (its message S_TOO_MANY). */
static tb_diag *S_diag_new(tb_reader *r, tb_severity sev, int code, size_t *off,
                           unsigned line, unsigned col, int *too_many)
{
	if (sev == TB_ERROR) {
		r->rec_errors++;
		r->nerrors++;
	} else {
		r->nwarnings++;
	}
	/* A file of garbage must not fill memory with diagnostics. */
	if (r->ndiags > TB_MAX_DIAGS) {
		r->ncite = 0;
		return NULL;
	}
	*too_many = r->ndiags == TB_MAX_DIAGS;
	if (*too_many) {
		code = TB_D_TOO_MANY;
		sev = TB_ERROR;
		r->ncite = 0; /* those words name no place */
	}
	if (r->ndiags == r->diag_cap) {
		size_t cap = r->diag_cap ? r->diag_cap * 2 : 8;
		tb_diag *diags = tb_realloc(r->diags, cap * sizeof *diags);
		if (!diags) { /* lost: the call that made it returns TB_ENOMEM */
			r->ncite = 0;
			tb_reader_nomem(r);
			return NULL;
		}
		r->diags = diags;
		r->diag_cap = cap;
	}
	/* A span read by another reader (tb_reader_validate given a record
	 * this one did not read) may lie past this one's text: the excerpt
	 * is then of the end of this text, never of memory past it. */
	if (*off > r->len)
		*off = r->len;
	tb_diag *d = &r->diags[r->ndiags++];
	memset(d, 0, sizeof *d);
	d->severity = sev;
	d->code = code;
	d->file = r->name;
	d->line = line;
	d->col = col;
	return d;
}

/* Finishes 'd', the last diagnostic of 'r', its message made (NULL:
 * memory ran out): its excerpt, places and span, 'len' bytes at 'off';
 * dropped when memory runs out. */
static void S_diag_end(tb_reader *r, tb_diag *d, size_t off, size_t len, unsigned col)
{
	S_excerpt(r, off, d);
	if (!d->message || !d->source || !S_take_cites(r, d, 0)) {
		/* out of memory: dropped, as above */
		free((char *)d->message);
		free((char *)d->source);
		r->ndiags--;
		r->ncite = 0; /* the places cited were this one's: none is the next's */
		tb_reader_nomem(r);
		return;
	}
	/* the span, cut at the end of its line */
	size_t end = off;
	while (end < off + len && end < r->len && r->data[end] != '\n' && r->data[end] != '\r')
		end++;
	unsigned w = tb_utf8_count(r->data + off, end - off);
	d->end_col = col + (w ? w : 1);
}

void tb_diag_vat(tb_reader *r, tb_severity sev, int code, size_t off,
                 size_t len, unsigned line, unsigned col,
                 const char *fmt, va_list ap)
{
	int too_many = 0;
	tb_diag *d = S_diag_new(r, sev, code, &off, line, col, &too_many);
	if (!d)
		return;
	tb_buf m = TB_BUF_SOFT;
	if (too_many)
		tb_buf_puts(&m, S_TOO_MANY);
	else
		tb_buf_vprintf(&m, fmt, ap);
	d->message = tb_buf_detach(&m, NULL);
	S_diag_end(r, d, off, len, col);
}

void tb_diag_at_text(tb_reader *r, tb_severity sev, int code, size_t off, size_t len,
                     unsigned line, unsigned col, const char *text, size_t n)
{
	int too_many = 0;
	tb_diag *d = S_diag_new(r, sev, code, &off, line, col, &too_many);
	if (!d)
		return;
	d->message = too_many ? tb_strdup(S_TOO_MANY) : tb_strndup(text, n);
	S_diag_end(r, d, off, len, col);
}

void tb_diag_at(tb_reader *r, tb_severity sev, int code, size_t off,
                size_t len, unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	tb_diag_vat(r, sev, code, off, len, line, col, fmt, ap);
	va_end(ap);
}

/* Returns 0 when memory ran out: the diagnostic is then without notes. */
static int S_note_v(tb_diag *d, const char *fmt, va_list ap)
{
	tb_buf b = TB_BUF_SOFT;
	if (d->note) {
		tb_buf_puts(&b, d->note);
		tb_buf_putc(&b, '\n');
		free((char *)d->note);
	}
	tb_buf_vprintf(&b, fmt, ap);
	d->note = tb_buf_detach(&b, NULL);
	return d->note != NULL;
}

/* S_note_v of the line 'head' then 'text', with no printf: into room
 * made once for the notes before it and this line. */
static int S_note_words(tb_diag *d, const char *head, const char *text)
{
	size_t was = d->note ? strlen(d->note) : 0, at = was + (d->note != NULL);
	size_t nh = strlen(head), nt = strlen(text);
	char *note = tb_malloc(at + nh + nt + 1);
	if (note) {
		if (d->note) {
			memcpy(note, d->note, was);
			note[was] = '\n';
		}
		memcpy(note + at, head, nh);
		memcpy(note + at + nh, text, nt + 1);
	}
	free((char *)d->note); /* out of memory: its notes are lost, as S_note_v's */
	d->note = note;
	return note != NULL;
}

/* The note line 'ok' says was added to 'd' (0: memory ran out), a
 * diagnostic of 'r', takes the places cited for the line. */
static void S_note_done(tb_reader *r, tb_diag *d, int ok)
{
	if (!ok || !S_take_cites(r, d, S_note_lines(d))) {
		r->ncite = 0; /* this line's places: none is the next's */
		tb_reader_nomem(r);
	}
}

/* S_note_v on 'd', a diagnostic of 'r', which takes the places cited
 * for the line. */
static void S_note_d(tb_reader *r, tb_diag *d, const char *fmt, va_list ap)
{
	if (r->verdicts) { /* nobody reads the words: none made */
		r->ncite = 0;
		return;
	}
	S_note_done(r, d, S_note_v(d, fmt, ap));
}

void tb_diag_note_words(tb_reader *r, const char *head, const char *text)
{
	if (!r->ndiags || r->ndiags > TB_MAX_DIAGS || r->verdicts) {
		r->ncite = 0; /* (a replay that gives verdicts only: nobody reads it) */
		return;
	}
	tb_diag *d = &r->diags[r->ndiags - 1];
	S_note_done(r, d, S_note_words(d, head, text));
}

void tb_diag_note_i(tb_reader *r, size_t i, const char *fmt, ...)
{
	if (i >= r->ndiags || i >= TB_MAX_DIAGS) {
		r->ncite = 0;
		return;
	}
	va_list ap;
	va_start(ap, fmt);
	S_note_d(r, &r->diags[i], fmt, ap);
	va_end(ap);
}

void tb_diag_note(tb_reader *r, const char *fmt, ...)
{
	if (!r->ndiags || r->ndiags > TB_MAX_DIAGS) {
		r->ncite = 0;
		return;
	}
	va_list ap;
	va_start(ap, fmt);
	S_note_d(r, &r->diags[r->ndiags - 1], fmt, ap);
	va_end(ap);
}

void tb_diag_propose_i(tb_reader *r, size_t i, size_t off, size_t len, unsigned line,
                       unsigned col, const char *text, size_t n, unsigned confirm)
{
	if (i >= r->ndiags || i >= TB_MAX_DIAGS || off > r->len || len > r->len - off)
		return;
	tb_diag *d = &r->diags[i];
	char *t = tb_strndup(text, n);
	tb_diag_fix *v = t ? tb_realloc((tb_diag_fix *)d->fixes, (d->nfixes + 1) * sizeof *v) : NULL;
	if (!v) { /* dropped, as a note line that cannot be kept */
		free(t);
		tb_reader_nomem(r);
		return;
	}
	unsigned end_col = col + tb_utf8_count(r->data + off, len);
	v[d->nfixes++] = (tb_diag_fix){line, col, end_col, t, confirm};
	d->fixes = v;
}

void tb_diag_propose(tb_reader *r, size_t off, size_t len, unsigned line, unsigned col,
                     const char *text, size_t n, unsigned confirm)
{
	if (r->ndiags)
		tb_diag_propose_i(r, r->ndiags - 1, off, len, line, col, text, n, confirm);
}

int tb_diag_note_at(tb_reader *r, unsigned line, unsigned col, unsigned end_col,
                    const char *fmt, ...)
{
	for (size_t i = r->ndiags > TB_MAX_DIAGS ? TB_MAX_DIAGS : r->ndiags; i-- > 0;) {
		tb_diag *d = &r->diags[i];
		if (d->line != line || d->col < col || d->col >= end_col)
			continue;
		va_list ap;
		va_start(ap, fmt);
		S_note_d(r, d, fmt, ap);
		va_end(ap);
		return 1;
	}
	r->ncite = 0;
	return 0;
}

void tb_diag_tok(tb_reader *r, tb_severity sev, int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	const tb_tok *t = &r->tok;
	if (t->type == TK_EOF)
		r->end_diag = 1; /* where a '[' would have put it elsewhere */
	if (t->type == TK_EOF && r->prev.len) /* "at the end": after the last token */
		tb_diag_vat(r, sev, code, r->prev.off + r->prev.len, 1, r->prev.end_line,
		         r->prev.end_col, fmt, ap);
	else
		tb_diag_vat(r, sev, code, t->off, t->len, t->line, t->col, fmt, ap);
	va_end(ap);
}
