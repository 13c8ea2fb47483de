/*
 * reader.c -- the reader's life (tablero.h, "Reading"): made over a file
 * or memory, a record at a time (tb_reader_next, the parser reading
 * it: parser.c), freed; the window the input streams through, read in
 * chunks and moved between records, and a record handed on with its
 * part of it (tb_reader_detach); what a reader tells of itself (its
 * diagnostics, its last error) and of the records it made.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "memo_keep.h"
#include "reader.h"
#include "tags.h"
#include "xalloc.h"

enum { CHUNK = 64 * 1024 };

/* ===== Out of memory ===== */

void tb_reader_nomem(tb_reader *r)
{
	if (!r->recover)
		tb_oom(); /* a caller not yet made to recover (xalloc.h) */
	r->nomem = 1;
}

/* ===== The window ===== */

int tb_window_ensure(tb_reader *r, size_t end)
{
	while (end > r->len) {
		if (r->eof || !r->f)
			return 0;
		if (r->len + CHUNK > r->cap) {
			size_t cap = r->cap ? r->cap * 2 : 4 * CHUNK;
			while (r->len + CHUNK > cap)
				cap *= 2;
			char *own = tb_realloc(r->own, cap);
			if (!own) { /* the input ends here; tb_reader_next says why */
				tb_reader_nomem(r);
				r->eof = 1;
				return 0;
			}
			r->own = own;
			r->cap = cap;
			r->data = r->own;
		}
		size_t got = fread(r->own + r->len, 1, CHUNK, r->f);
		r->len += got;
		if (got < CHUNK) {
			if (ferror(r->f))
				r->io_error = errno ? errno : EIO;
			r->eof = 1;
		}
	}
	return 1;
}

void tb_window_compact(tb_reader *r)
{
	/* The record starts on the line of the current token. */
	size_t start = r->tok.off;
	while (start > 0 && r->data[start - 1] != '\n' && r->data[start - 1] != '\r')
		start--;
	/* Moving the window at every record would copy the unread input
	 * again and again; moving it once a chunk's worth is behind keeps
	 * the copying linear in the input. */
	r->rec_first = r->tok.off;
	/* A reader whose records are detached (tb_reader_detach: one copy of
	 * the window up to each record's end) moves it sooner: each copy is
	 * then at most this much more than the record, and copying a chunk
	 * of the input now and then costs less than allocating it a record */
	size_t behind = r->detached ? CHUNK / 4 : CHUNK;
	/* Else it moves when little is left unread (the bytes moved are then
	 * few: most records end a short way before the window does), or when
	 * the next chunk would not fit. */
	int later = !r->detached && r->len - start > CHUNK / 8 && r->len + CHUNK <= r->cap;
	if (!r->f || start < behind || later) {
		r->rec_start = start;
		return;
	}
	memmove(r->own, r->own + start, r->len - start);
	r->base += start;
	r->bom = 0;
	r->len -= start;
	r->pos -= start;
	r->tok.off -= start;
	r->rec_first = r->tok.off;
	r->prev = r->tok;
	r->rec_start = 0;
}

/* ===== The reader ===== */

static tb_reader *S_reader_new(const char *name)
{
	tb_reader *r = tb_calloc(1, sizeof *r);
	if (r && !(r->name = tb_strdup(name ? name : "<input>"))) {
		free(r);
		r = NULL;
	}
	if (r) /* out of memory, each says so (tb_reader_next) */
		r->text.soft = r->room.soft = 1;
	return r;
}

tb_reader *tb_reader_new_file(FILE *f, const char *name)
{
	tb_reader *r = S_reader_new(name);
	if (!r)
		return NULL;
	r->f = f;
	r->data = "";
	return r;
}

tb_reader *tb_reader_new_mem(const char *buf, size_t len, const char *name)
{
	tb_reader *r = S_reader_new(name);
	if (!r)
		return NULL;
	r->data = buf ? buf : "";
	r->len = buf ? len : 0;
	r->eof = 1;
	return r;
}

/* What tb_reader_next returns once memory ran out while reading a
 * record: the record half read is dropped, and the reader is spent. */
static int S_nomem(tb_reader *r)
{
	tb_record_free(r->building);
	r->building = NULL;
	r->jump = NULL;
	r->nomem = 1;
	r->fatal = 1;
	return TB_ENOMEM;
}

static int S_reader_next(tb_reader *r, tb_record **out)
{
	*out = NULL;
	if (r->nomem)
		return TB_ENOMEM;
	tb_diags_clear(r);
	r->rec_errors = 0;
	/* a file's start is looked at first (a part of it has been) */
	if (r->not_text || (!r->started && !r->first_line && tb_lex_sniff(r)))
		return r->nomem ? TB_ENOMEM : TB_ENOTTEXT;
	if (!r->started)
		tb_lex_next(r);
	if (r->tok.type == TK_EOF) {
		if (r->nomem) /* the window could not grow: not the end */
			return S_nomem(r);
		tb_lex_record_end(r); /* bad bytes before the end */
		if (r->io_error) {
			tb_diag_at(r, TB_ERROR, TB_D_IO, r->pos, 1, r->line, r->col,
			           "could not read past this point");
			return TB_EIO;
		}
		return 0;
	}
	tb_window_compact(r);
	jmp_buf jump;
	r->jump = &jump;
	if (setjmp(jump))
		return S_nomem(r);
	tb_record *rec = tb_parse_record(r);
	tb_lex_record_end(r);
	r->jump = NULL;
	r->building = NULL;
	if (r->nomem || !tb_buf_ok(&r->text) || !tb_buf_ok(&r->room)) {
		r->building = rec;
		return S_nomem(r);
	}
	rec->errors = r->rec_errors;
	rec->bytes = r->tok.off - rec->off; /* to the token after it */
	*out = rec;
	return 1;
}

/* Sets the reader's last error from what tb_reader_next returned. */
static void S_told(tb_reader *r, int rc)
{
	if (rc >= 0)
		tb_lasterr_clear(&r->err);
	else if (rc == TB_EIO)
		tb_lasterr_set(&r->err, rc, "reading %s failed: %s", r->name, strerror(errno));
	else if (rc == TB_ENOTTEXT && r->ndiags)
		tb_lasterr_set(&r->err, rc, "%s", r->diags[0].message);
	else
		tb_lasterr_set(&r->err, rc, NULL);
}

int tb_reader_next(tb_reader *r, tb_record **out)
{
	if (!r || !out) {
		if (out)
			*out = NULL;
		return TB_EINVAL;
	}
	r->recover = 1;
	int rc = S_reader_next(r, out);
	r->recover = 0;
	S_told(r, rc);
	return rc;
}

tb_reader *tb_reader_mem_x(const char *buf, size_t len, const char *name)
{
	tb_reader *r = tb_reader_new_mem(buf, len, name);
	if (!r)
		tb_oom();
	return r;
}

int tb_reader_next_x(tb_reader *r, tb_record **out)
{
	int rc = tb_reader_next(r, out);
	if (rc == TB_ENOMEM)
		tb_oom();
	return rc;
}

char *tb_record_write_x(const tb_record *rec, size_t *len)
{
	char *s = tb_record_write(rec, len);
	if (!s && rec && !rec->errors && rec->game)
		tb_oom();
	return s;
}

void tb_reader_set_check_only(tb_reader *r, int on)
{
	if (r)
		r->check_only = on != 0;
}

size_t tb_reader_ndiags(const tb_reader *r) { return r->ndiags; }

const tb_diag *tb_reader_diag(const tb_reader *r, size_t i)
{
	return i < r->ndiags ? &r->diags[i] : NULL;
}

size_t tb_reader_nerrors(const tb_reader *r) { return r->nerrors; }
size_t tb_reader_nwarnings(const tb_reader *r) { return r->nwarnings; }

void tb_reader_free(tb_reader *r)
{
	if (!r)
		return;
	tb_diags_clear(r);
	free(r->diags);
	free(r->own);
	free(r->name);
	tb_buf_free(&r->text);
	tb_buf_free(&r->room);
	if (r->tags) { /* what tb_tag_list_free frees: tags.c calls the reader */
		free(r->tags->v);
		free(r->tags->hash);
	}
	free(r->tags);
	/* the memos go to the thread, for the next reader made on it (a
	 * part's, -j N): each is freed there when the thread keeps one of
	 * its kind already */
	tb_memo_keep_moves(r->memo, r->memo_free);
	tb_memo_keep_positions(r->pos_memo, r->pos_memo_free);
	tb_memo_keep_tags(r->tag_memo);
	free(r);
}

void tb_record_free(tb_record *rec)
{
	if (!rec)
		return;
	tb_arena_free(&rec->arena);
	free(rec);
}

size_t tb_record_errors(const tb_record *rec) { return rec->errors; }
const tb_game *tb_record_game(const tb_record *rec) { return rec->game; }
unsigned tb_record_line(const tb_record *rec) { return rec->line; }
size_t tb_record_source_size(const tb_record *rec) { return rec->bytes; }
size_t tb_record_source_offset(const tb_record *rec) { return rec->source_off; }

void tb_reader_set_origin(tb_reader *r, unsigned line, size_t offset)
{
	if (r->started)
		return;
	r->first_line = line ? line : 1;
	r->base = offset;
}

/* The parser treats the end of the input as it treats a '[' everywhere
 * after a record's tags (movetext stops at either, S_skip_to_record
 * too), but for where a diagnostic at that token goes (tb_diag_tok
 * notes it); in the tags a '[' goes on with another tag. A token cut by
 * the end (a comment left open) would have read on. */
int tb_reader_ended_clean(const tb_reader *r)
{
	return r->started && r->tok.type == TK_EOF && r->pos >= r->len && !r->fatal &&
	       !r->io_error && r->rec_closed && !r->prev.bad && !r->ndiags;
}

size_t tb_record_plies(const tb_record *rec)
{
	size_t n = 0;
	for (const tb_node *x = rec->main.first; x; x = x->next)
		n += tb_kind_is_turn(tb_node_followed(x));
	return n;
}

const char *tb_version(void) { return TB_VERSION; }

/* ===== The last error (tablero.h, "Errors") ===== */

int tb_reader_errcode(const tb_reader *r) { return tb_lasterr_code(r ? &r->err : NULL); }
const char *tb_reader_errmsg(const tb_reader *r) { return tb_lasterr_msg(r ? &r->err : NULL); }

/* ===== Handing a record on ===== */

tb_reader *tb_reader_detach(tb_reader *r)
{
	r->detached = 1;
	/* Whatever a diagnostic of the record may quote -- up to an excerpt
	 * past its last token -- is read now, as diag.c would read it. */
	r->recover = 1;
	tb_window_ensure(r, r->pos + TB_DIAG_EXCERPT + 1);
	r->recover = 0;
	if (r->nomem) /* the window could not grow: 'r' is spent */
		return NULL;
	tb_reader *d = tb_calloc(1, sizeof *d);
	if (!d || !(d->name = tb_strdup(r->name))) {
		free(d);
		return NULL;
	}
	/* The same window offsets as 'r': the record's nodes hold them. The
	 * bytes before the record's line (and the newline before it) are
	 * never read; they are left unset but for that newline. */
	size_t from = r->rec_start ? r->rec_start - 1 : 0;
	size_t end = r->pos + TB_DIAG_EXCERPT + 1 < r->len ? r->pos + TB_DIAG_EXCERPT + 1 : r->len;
	d->cap = end + 1;
	if (!(d->own = tb_malloc(d->cap))) {
		free(d->name);
		free(d);
		return NULL;
	}
	memcpy(d->own + from, r->data + from, end - from);
	d->own[end] = '\0';
	d->data = d->own;
	d->len = end;
	d->eof = 1;
	d->bom = r->bom;
	d->rec_start = r->rec_start;
	d->rec_first = r->rec_first;
	d->started = 1;
	d->fatal = 1;
	d->tok.type = TK_EOF;
	d->search = r->search;
	d->rec_errors = r->rec_errors;
	d->rec_offboard = r->rec_offboard;
	d->diags = r->diags;
	d->ndiags = r->ndiags;
	d->diag_cap = r->diag_cap;
	for (size_t i = 0; i < d->ndiags; i++)
		d->diags[i].file = d->name;
	r->diags = NULL;
	r->ndiags = r->diag_cap = 0;
	return d;
}
