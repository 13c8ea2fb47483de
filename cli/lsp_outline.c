/*
 * lsp_outline.c -- what "tablero lsp" answers about a document as a
 * whole (spec/lsp.md): formatting (tablero fmt's text, of the document
 * or of the records a range touches), document symbols (records and move
 * numbers), folding ranges (records, comments, variations) and go to
 * definition (from a turn to where its position was last given).
 */
#include <stdlib.h>
#include <string.h>

#include "lsp.h"

/* ---- formatting ------------------------------------------------------- */

/* The canonical text of the record 'r' of 'd' (no [Rules] put in by the
 * settings): NULL when it has errors. */
static char *S_canonical(const lsp_doc *d, const lsp_rec *r, size_t *len)
{
	tb_reader *rd = tb_reader_new_mem(d->text + r->off, r->len, d->uri);
	if (!rd)
		return NULL;
	tb_record *rec = NULL;
	char *s = NULL;
	if (tb_reader_next(rd, &rec) == 1 && !tb_record_errors(rec))
		s = tb_record_write(rec, len);
	tb_record_free(rec);
	tb_reader_free(rd);
	return s;
}

json_object *lsp_formatting(lsp_ctx *c, int ranged, lsp_pos a, lsp_pos b, int *code,
                            const char **msg)
{
	lsp_doc *d = c->doc;
	size_t first = 0, last = d->nrecs; /* the records [first, last) */
	if (ranged) {
		long x = lsp_offset(d, a), y = lsp_offset(d, b);
		if (x < 0 || y < 0 || y < x) {
			*code = LSP_INVALID_PARAMS;
			*msg = "the range is outside the document";
			return NULL;
		}
		lsp_rec *rx = lsp_rec_at(d, (size_t)x), *ry = lsp_rec_at(d, (size_t)y);
		if (!rx)
			return json_object_new_array();
		first = (size_t)(rx - d->recs);
		last = (size_t)(ry - d->recs) + 1;
	}
	if (first >= last)
		return json_object_new_array();
	lsp_buf out = {NULL, 0, 0};
	for (size_t i = first; i < last; i++) {
		size_t n;
		char *s = S_canonical(d, &d->recs[i], &n);
		if (!s) {
			free(out.s);
			*code = LSP_REQUEST_FAILED;
			*msg = "a record has errors: tablero fmt would not write it";
			return NULL;
		}
		if (i > first)
			lsp_puts(&out, "\n");
		lsp_puts(&out, s);
		free(s);
	}
	if (ranged && last < d->nrecs)
		lsp_puts(&out, "\n");
	size_t from = ranged ? d->recs[first].off : 0;
	size_t to = ranged && last < d->nrecs ? d->recs[last].off : d->len;
	json_object *edits = json_object_new_array();
	json_object *e = lsp_edit_between(d, from, to - from, out.s ? out.s : "", out.n);
	if (e)
		json_object_array_add(edits, e);
	free(out.s);
	return edits;
}

/* ---- symbols, folding, definition --------------------------------- */

/* A symbol: name, kind, range and selection range (document lines and
 * offsets). */
static json_object *S_symbol(const char *name, const char *detail, int kind, json_object *range,
                             json_object *sel)
{
	json_object *s = json_object_new_object();
	lsp_jset_str(s, "name", name && *name ? name : "?");
	if (detail && *detail)
		lsp_jset_str(s, "detail", detail);
	lsp_jset_int(s, "kind", kind);
	json_object_object_add(s, "range", range);
	json_object_object_add(s, "selectionRange", sel);
	return s;
}

/* A node's span as a document range. */
static json_object *S_node_range(const lsp_doc *d, const lsp_rec *r, const tb_node *n)
{
	unsigned s[4];
	tb_node_span(n, s);
	return lsp_jrange(lsp_pos_col(d, lsp_doc_line(r, s[0]), s[1]),
	                  lsp_pos_col(d, lsp_doc_line(r, s[2]), s[3]));
}

/* The move numbers of a record's main line: one symbol per number. */
static json_object *S_moves(const lsp_doc *d, const lsp_rec *r)
{
	json_object *v = json_object_new_array();
	const tb_record *rec = r->check->rec;
	tb_node *n = tb_line_first(tb_record_main(rec));
	while (n) {
		unsigned num = tb_node_number(n);
		int side = tb_node_side(n);
		tb_node *last = n, *m = tb_node_next(n);
		if (side == 0 && m && tb_node_side(m) == 1 && tb_node_number(m) == num)
			last = m, m = tb_node_next(m);
		char name[32], *t1 = tb_node_token(rec, n), *t2 = last != n ? tb_node_token(rec, last) : NULL;
		char detail[256];
		if (num && side < 2)
			snprintf(name, sizeof name, "%u%s", num, side ? "..." : ".");
		else
			snprintf(name, sizeof name, "%s", "-");
		snprintf(detail, sizeof detail, "%s%s%s", t1 ? t1 : "", t2 ? " " : "", t2 ? t2 : "");
		unsigned s1[4], s2[4];
		tb_node_span(n, s1);
		tb_node_span(last, s2);
		json_object *range = lsp_jrange(lsp_pos_col(d, lsp_doc_line(r, s1[0]), s1[1]),
		                                lsp_pos_col(d, lsp_doc_line(r, s2[2]), s2[3]));
		json_object_array_add(v, S_symbol(name, detail, 16, range, S_node_range(d, r, n)));
		free(t1);
		free(t2);
		n = m;
	}
	return v;
}

/* A record's name: its game, its players, its place and date. */
static void S_rec_name(char *out, size_t n, const tb_record *rec)
{
	const tb_game *g = tb_record_game(rec);
	const char *a = g ? tb_record_tag(rec, tb_game_side_tag(g, 0)) : NULL;
	const char *b = g ? tb_record_tag(rec, tb_game_side_tag(g, 1)) : NULL;
	const char *site = tb_record_tag(rec, "Site"), *date = tb_record_tag(rec, "Date");
	snprintf(out, n, "%s: %s – %s, %s, %s", g ? tb_game_title(g) : "?", a ? a : "?", b ? b : "?",
	         site ? site : "?", date ? date : "?");
}

json_object *lsp_symbols(lsp_ctx *c)
{
	const lsp_doc *d = c->doc;
	json_object *v = json_object_new_array();
	for (size_t i = 0; i < d->nrecs; i++) {
		const lsp_rec *r = &d->recs[i];
		char name[512];
		if (r->check->rec)
			S_rec_name(name, sizeof name, r->check->rec);
		else
			snprintf(name, sizeof name, "record at line %u", r->line);
		size_t e = r->off + r->len;
		while (e > r->off && strchr(" \t\r\n", d->text[e - 1]))
			e--;
		lsp_pos a = lsp_pos_of(d, r->off), z = lsp_pos_of(d, e);
		json_object *sym = S_symbol(name, NULL, 3, lsp_jrange(a, z), lsp_jrange(a, a));
		if (r->check->rec && tb_record_game(r->check->rec) && !tb_record_errors(r->check->rec))
			json_object_object_add(sym, "children", S_moves(d, r));
		json_object_array_add(v, sym);
	}
	return v;
}

static void S_fold(json_object *v, unsigned a, unsigned b, const char *kind)
{
	if (b <= a)
		return;
	json_object *f = json_object_new_object();
	lsp_jset_int(f, "startLine", a - 1);
	lsp_jset_int(f, "endLine", b - 1);
	if (kind)
		lsp_jset_str(f, "kind", kind);
	json_object_array_add(v, f);
}

/* The comments of a record's text: '{' to its '}', outside tag lines. */
static void S_fold_comments(json_object *v, const lsp_doc *d, const lsp_rec *r)
{
	const char *t = d->text;
	size_t i = r->off, end = r->off + r->len;
	unsigned line = r->line;
	int bol = 1;
	while (i < end) {
		if (bol && t[i] == '[') { /* a tag line: its value may hold braces */
			while (i < end && t[i] != '\n')
				i++;
			continue;
		}
		bol = 0;
		if (t[i] == '\n') {
			line++, bol = 1, i++;
			continue;
		}
		if (t[i] != '{') {
			i++;
			continue;
		}
		unsigned start = line;
		for (i++; i < end && t[i] != '}'; i++) {
			if (t[i] == '\\' && i + 1 < end && t[i + 1] != '\n')
				i++;
			else if (t[i] == '\n')
				line++;
		}
		S_fold(v, start, line, "comment");
		i++;
	}
}

json_object *lsp_folding(lsp_ctx *c)
{
	const lsp_doc *d = c->doc;
	json_object *v = json_object_new_array();
	for (size_t i = 0; i < d->nrecs; i++) {
		const lsp_rec *r = &d->recs[i];
		S_fold(v, r->line, r->end_line, "region");
		S_fold_comments(v, d, r);
		const tb_record *rec = r->check->rec;
		if (!rec)
			continue;
		tb_iter *it = tb_iter_new(rec);
		int ev;
		while (it && (ev = tb_iter_next(it)) != TB_EVENT_DONE) {
			tb_line *l = tb_iter_line(it);
			if (ev != TB_EVENT_ENTER || !l || l == tb_record_main(rec))
				continue;
			unsigned s[4];
			tb_line_span(l, s);
			if (s[0])
				S_fold(v, lsp_doc_line(r, s[0]), lsp_doc_line(r, s[2]), "region");
		}
		tb_iter_free(it);
	}
	return v;
}

/* A location in the document: 'uri' and a range. */
static json_object *S_location(const lsp_doc *d, json_object *range)
{
	json_object *l = json_object_new_object();
	lsp_jset_str(l, "uri", d->uri);
	json_object_object_add(l, "range", range);
	return l;
}

/* The line of tag 'name' in record 'r' (a document line), or 0. */
static unsigned S_tag_at(const lsp_doc *d, const lsp_rec *r, const char *name)
{
	size_t k = strlen(name);
	unsigned line = r->line;
	for (size_t i = r->off; i < r->off + r->len; line++) {
		if (d->text[i] == '[' && strncmp(d->text + i + 1, name, k) == 0 &&
		    (d->text[i + 1 + k] == ' ' || d->text[i + 1 + k] == '"'))
			return line;
		const char *nl = memchr(d->text + i, '\n', r->off + r->len - i);
		if (!nl)
			break;
		i = (size_t)(nl - d->text) + 1;
	}
	return 0;
}

json_object *lsp_definition(lsp_ctx *c, lsp_pos p, int *code, const char **msg)
{
	size_t off;
	unsigned line, col;
	lsp_rec *r = lsp_locate(c, p, &off, &line, &col, code, msg);
	if (!r || !r->check->rec)
		return NULL;
	lsp_place pl = lsp_find(r->check->rec, line, col);
	tb_node *target = pl.at ? pl.at : pl.next;
	if (!target)
		return NULL;
	/* the last restated position before it, in the order written */
	tb_node *restated = NULL;
	tb_iter *it = tb_iter_new(r->check->rec);
	int ev;
	while (it && (ev = tb_iter_next(it)) != TB_EVENT_DONE) {
		tb_node *n = tb_iter_node(it);
		if (!n || ev != TB_EVENT_ENTER)
			continue;
		if (n == target)
			break;
		if (tb_node_type(n) == TB_NODE_POSITION)
			restated = n;
	}
	tb_iter_free(it);
	if (restated)
		return S_location(c->doc, S_node_range(c->doc, r, restated));
	unsigned tl = S_tag_at(c->doc, r, "Position");
	if (!tl)
		tl = S_tag_at(c->doc, r, "Game");
	if (!tl)
		tl = r->line;
	size_t s = lsp_line_start(c->doc, tl), e = s;
	while (e < c->doc->len && c->doc->text[e] != '\n' && c->doc->text[e] != '\r')
		e++;
	return S_location(c->doc, lsp_jrange(lsp_pos_of(c->doc, s), lsp_pos_of(c->doc, e)));
}
