/*
 * lsp_check.c -- a document cut into its records and each record
 * checked (read, then replayed by its game's rules: tb_reader_replay,
 * which gives validate's diagnostics and keeps the frames hover and
 * completion read). A record is checked again only when its text
 * changed -- the results are kept per record, keyed by its text -- or
 * the settings did, or it moved to other lines and one of its messages
 * names a line (those words would be stale). Cutting costs a parse of
 * the document, which is cheap; replaying is what is saved.
 */
#include <stdlib.h>
#include <string.h>

#include "lsp.h"

/* FNV-1a over the record's text. */
static uint64_t S_hash(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211u;
	return h;
}

static void S_free_loaded(lsp_check *c)
{
	tb_replay_free(c->replay);
	tb_record_free(c->rec);
	tb_reader_free(c->reader);
	c->replay = NULL;
	c->rec = NULL;
	c->reader = NULL;
}

void lsp_check_release(lsp_check *c)
{
	if (!c || --c->refs > 0)
		return;
	S_free_loaded(c);
	for (size_t i = 0; i < c->ndiags; i++) {
		free(c->diags[i].message);
		free(c->diags[i].note);
		free(c->diags[i].places);
		for (size_t k = 0; k < c->diags[i].nfixes; k++)
			free((char *)c->diags[i].fixes[k].text);
		free(c->diags[i].fixes);
	}
	free(c->diags);
	free(c->read_text);
	free(c->text);
	free(c);
}

/* The place just after the [Game "..."] tag's ']' in 'text', where a
 * [Rules] of the settings is put in; (size_t)-1 when there is none. */
static size_t S_game_end(const char *text, size_t len)
{
	for (size_t i = 0; i + 6 < len; i++) {
		if ((i == 0 || text[i - 1] == '\n') && memcmp(text + i, "[Game", 5) == 0) {
			const char *q = memchr(text + i, '"', len - i);
			if (!q)
				return (size_t)-1;
			const char *e = memchr(q + 1, '"', len - (size_t)(q + 1 - text));
			if (!e || (size_t)(e - text) + 1 >= len || e[1] != ']')
				return (size_t)-1;
			return (size_t)(e - text) + 2;
		}
	}
	return (size_t)-1;
}

/* Does 'text' have a [Rules] tag line? */
static int S_has_rules(const char *text, size_t len)
{
	for (size_t i = 0; i + 6 < len; i++)
		if ((i == 0 || text[i - 1] == '\n') && memcmp(text + i, "[Rules", 6) == 0)
			return 1;
	return 0;
}

/* What the reader reads of 'c': its text, with the settings' [Rules]
 * put in after [Game] when it has none. */
static int S_read_text(lsp_check *c, const lsp_settings *s)
{
	c->inserted_at = (size_t)-1;
	c->inserted_len = 0;
	size_t at = s->rules && !S_has_rules(c->text, c->len) ? S_game_end(c->text, c->len)
	                                                      : (size_t)-1;
	char tag[512];
	int n = 0;
	if (at != (size_t)-1) {
		n = snprintf(tag, sizeof tag, " [Rules \"%s\"]", s->rules);
		if (n < 0 || (size_t)n >= sizeof tag)
			at = (size_t)-1, n = 0;
	}
	free(c->read_text);
	c->read_text = malloc(c->len + (size_t)n + 1);
	if (!c->read_text)
		return -1;
	if (at == (size_t)-1) {
		memcpy(c->read_text, c->text, c->len + 1);
		return 0;
	}
	memcpy(c->read_text, c->text, at);
	memcpy(c->read_text + at, tag, (size_t)n);
	memcpy(c->read_text + at + n, c->text + at, c->len - at + 1);
	c->inserted_at = at;
	c->inserted_len = (size_t)n;
	return 0;
}

/* Keeps the places diagnostic 'd' names into 'o', lines made relative
 * to 'line' (none kept when memory ran out: its related places are then
 * its own). */
static void S_keep_places(lsp_diag *o, const tb_diag *d, unsigned line)
{
	o->places = NULL;
	o->nplaces = 0;
	if (!d->nplaces || !(o->places = malloc(d->nplaces * sizeof *o->places)))
		return;
	for (size_t i = 0; i < d->nplaces; i++) {
		o->places[i] = d->places[i];
		o->places[i].line = d->places[i].line >= line ? d->places[i].line - line : 0;
	}
	o->nplaces = d->nplaces;
}

/* Keeps the fixes diagnostic 'd' proposes into 'o', lines made relative
 * to 'line', their texts copied (none kept when memory ran out: no
 * action then offers them). */
static void S_keep_fixes(lsp_diag *o, const tb_diag *d, unsigned line)
{
	o->fixes = NULL;
	o->nfixes = 0;
	if (!d->nfixes || !(o->fixes = calloc(d->nfixes, sizeof *o->fixes)))
		return;
	for (size_t i = 0; i < d->nfixes; i++) {
		tb_diag_fix *f = &o->fixes[o->nfixes];
		*f = d->fixes[i];
		f->line = d->fixes[i].line >= line ? d->fixes[i].line - line : 0;
		if ((f->text = strdup(d->fixes[i].text)))
			o->nfixes++;
	}
}

/* Keeps the reader's diagnostics, lines made relative to 'line'. */
static int S_keep_diags(lsp_check *c, const tb_reader *r, unsigned line)
{
	size_t n = tb_reader_ndiags(r);
	if (!n)
		return 0;
	lsp_diag *v = realloc(c->diags, (c->ndiags + n) * sizeof *v);
	if (!v)
		return -1;
	c->diags = v;
	for (size_t i = 0; i < n; i++) {
		const tb_diag *d = tb_reader_diag(r, i);
		lsp_diag *o = &c->diags[c->ndiags++];
		o->severity = d->severity;
		o->code = d->code;
		o->line = d->line >= line ? d->line - line : 0;
		o->col = d->col;
		o->end_col = d->end_col > d->col ? d->end_col : d->col + 1;
		o->message = strdup(d->message ? d->message : "");
		o->note = d->note ? strdup(d->note) : NULL;
		S_keep_places(o, d, line);
		S_keep_fixes(o, d, line);
		c->names_lines |= d->nplaces > 0;
	}
	return 0;
}

/* The fixes of 'd' on the [Game] line 'line' (0 up) of 'c' as the
 * document has it, without the [Rules] put in at column 'endcol': one
 * after it moved back, one in it dropped (it is not the document's). */
static void S_unput_fixes(const lsp_check *c, lsp_diag *d, unsigned line, unsigned endcol)
{
	size_t kept = 0;
	for (size_t k = 0; k < d->nfixes; k++) {
		tb_diag_fix f = d->fixes[k];
		unsigned in = (unsigned)c->inserted_len;
		if (f.line == line && f.end_col > endcol) {
			if (f.col < endcol + in) { /* the put-in tag's own */
				free((char *)f.text);
				continue;
			}
			f.col -= in;
			f.end_col -= in;
		}
		d->fixes[kept++] = f;
	}
	d->nfixes = kept;
}

/* The first line of 'c' as the reader read it with the [Rules] put in:
 * a column past the [Game] tag is the put-in tag's, shown at its end. */
static void S_unput_cols(lsp_check *c)
{
	if (c->inserted_at == (size_t)-1)
		return;
	/* the [Game] line: its first column and the tag's end */
	size_t ls = c->inserted_at;
	while (ls > 0 && c->text[ls - 1] != '\n')
		ls--;
	unsigned line = 0, endcol = 1;
	for (size_t i = 0; i < ls; i++)
		line += c->text[i] == '\n';
	for (size_t i = ls; i < c->inserted_at; i++)
		endcol += ((unsigned char)c->text[i] & 0xC0) != 0x80;
	for (size_t i = 0; i < c->ndiags; i++) {
		lsp_diag *d = &c->diags[i];
		S_unput_fixes(c, d, line, endcol);
		if (d->line != line || d->col < endcol)
			continue;
		unsigned w = d->end_col - d->col;
		if (d->col < endcol + (unsigned)c->inserted_len) {
			d->col = 1, d->end_col = endcol; /* the put-in tag's own: the [Game] tag */
		} else {
			d->col -= (unsigned)c->inserted_len;
			d->end_col = d->col + w;
		}
	}
}

const tb_lang *lsp_lang(const lsp_settings *s, const tb_record *rec)
{
	if (s->lang)
		return s->lang;
	const tb_lang *l = rec ? tb_lang_find(tb_record_tag(rec, "Language")) : NULL;
	if (!l)
		l = s->locale;
	return l ? l : tb_lang_find("en");
}

/* Reads the record of 'c' with a reader of its own: its diagnostics,
 * and (with no errors, and a game with rules) its replay's. */
static int S_check(lsp_check *c, const char *uri, size_t off, const lsp_settings *s)
{
	S_free_loaded(c);
	if (S_read_text(c, s))
		return -1;
	size_t n = c->len + c->inserted_len;
	tb_reader *r = tb_reader_new_mem(c->read_text, n, uri);
	if (!r)
		return -1;
	c->read_line = c->line;
	if (off)
		tb_reader_set_origin(r, c->line, off);
	tb_reader_set_search(r, &s->search);
	tb_record *rec = NULL, *got;
	int rc;
	while ((rc = tb_reader_next(r, &got)) == 1) {
		int full = S_keep_diags(c, r, c->line) != 0;
		if (!rec)
			rec = got;
		else
			tb_record_free(got);
		if (full)
			break; /* out of memory: what was kept is shown */
	}
	if (rc <= 0)
		S_keep_diags(c, r, c->line);
	if (rec && !tb_record_errors(rec) && tb_record_game(rec)) {
		/* the rules' reasons and the notes in the record's words */
		tb_reader_set_lang(r, lsp_lang(s, rec));
		c->replay = tb_reader_replay(r, rec);
		S_keep_diags(c, r, c->line);
	}
	c->reader = r;
	c->rec = rec;
	S_unput_cols(c);
	return 0;
}

static lsp_check *S_new_check(const char *text, size_t len, uint64_t h)
{
	lsp_check *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->text = malloc(len + 1);
	if (!c->text) {
		free(c);
		return NULL;
	}
	memcpy(c->text, text, len);
	c->text[len] = '\0';
	c->len = len;
	c->hash = h;
	c->refs = 1;
	c->inserted_at = (size_t)-1;
	return c;
}

/* The old records' checks by their text: open addressing, each check
 * once under its key -- its text's hash, and for one whose messages name
 * lines that of its line too (it is good at that line alone) -- so that
 * a collection of many records of one text looks each up at once. */
typedef struct S_slot {
	uint64_t key;
	lsp_check *c;          /* NULL: an empty slot */
} S_slot;

typedef struct S_table {
	S_slot *v;
	size_t mask;
} S_table;

static uint64_t S_key(uint64_t h, int names_lines, unsigned line)
{
	return names_lines ? (h ^ ((uint64_t)line + 1) * 0x9E3779B97F4A7C15u) : h;
}

static int S_same(const lsp_check *c, const char *text, size_t len)
{
	return c->len == len && memcmp(c->text, text, len) == 0;
}

/* Puts the checks of 'old' in 't' (nothing when memory runs out: every
 * record is then checked anew). */
static void S_table_fill(S_table *t, const lsp_rec *old, size_t n)
{
	size_t cap = 1;
	while (cap < 2 * n)
		cap <<= 1;
	t->v = n ? calloc(cap, sizeof *t->v) : NULL;
	t->mask = cap - 1;
	for (size_t i = 0; t->v && i < n; i++) {
		lsp_check *c = old[i].check;
		uint64_t key = S_key(c->hash, c->names_lines, c->line);
		size_t k = (size_t)key & t->mask;
		for (; t->v[k].c; k = (k + 1) & t->mask)
			if (t->v[k].key == key && S_same(t->v[k].c, c->text, c->len))
				break; /* the same text is there: either will do */
		if (!t->v[k].c)
			t->v[k] = (S_slot){key, c};
	}
}

/* An old check of 'text', still good for 'line' under 's': a new
 * reference to it, else NULL. */
static lsp_check *S_reuse(const S_table *t, const char *text, size_t len, uint64_t h,
                          unsigned line, const lsp_settings *s)
{
	for (int named = 0; t->v && named < 2; named++) {
		uint64_t key = S_key(h, named, line);
		for (size_t k = (size_t)key & t->mask; t->v[k].c; k = (k + 1) & t->mask) {
			lsp_check *c = t->v[k].c;
			if (t->v[k].key != key || c->names_lines != named || !S_same(c, text, len) ||
			    c->generation != s->generation || (named && c->line != line))
				continue;
			c->line = line;
			c->refs++;
			return c;
		}
	}
	return NULL;
}

/* The diagnostics of the document reader that stand outside every
 * record (before 'before', a byte offset; at the end: all). */
static void S_outside(lsp_doc *d, const tb_reader *r, unsigned before_line)
{
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		const tb_diag *g = tb_reader_diag(r, i);
		if (before_line && g->line >= before_line)
			continue;
		json_object_array_add(d->outside, lsp_diag_json(d, g->line, g->col, g->end_col,
		                                                g->severity, g->code, g->message));
	}
}

/* The records of 'd' as the document's reader cuts them: 'out' gets
 * each one's offset and length. */
static size_t S_cut(lsp_doc *d, lsp_rec **out)
{
	json_object_put(d->outside);
	d->outside = json_object_new_array();
	tb_reader *r = tb_reader_new_mem(d->text, d->len, d->uri);
	if (!r)
		return 0;
	size_t n = 0, cap = 0;
	lsp_rec *v = NULL;
	tb_record *rec;
	int rc;
	while ((rc = tb_reader_next(r, &rec)) == 1) {
		size_t off = tb_record_source_offset(rec), len = tb_record_source_size(rec);
		unsigned line, col;
		lsp_linecol(d, off, &line, &col);
		S_outside(d, r, line);
		tb_record_free(rec);
		if (n == cap) {
			lsp_rec *w = realloc(v, (cap = cap ? cap * 2 : 8) * sizeof *v);
			if (!w)
				break;
			v = w;
		}
		if (off > d->len || len > d->len - off)
			continue;
		v[n++] = (lsp_rec){off, len, line, line, NULL};
	}
	if (rc <= 0)
		S_outside(d, r, 0);
	tb_reader_free(r);
	*out = v;
	return n;
}

size_t lsp_check_doc(lsp_doc *d, const lsp_settings *s)
{
	lsp_rec *recs = NULL;
	size_t n = S_cut(d, &recs), fresh = 0;
	S_table tab;
	S_table_fill(&tab, d->recs, d->nrecs);
	for (size_t i = 0; i < n; i++) {
		lsp_rec *r = &recs[i];
		const char *t = d->text + r->off;
		uint64_t h = S_hash(t, r->len);
		unsigned end, col;
		size_t e = r->off + r->len;
		while (e > r->off && strchr(" \t\r\n", d->text[e - 1]))
			e--;
		lsp_linecol(d, e, &end, &col);
		r->end_line = end;
		r->check = S_reuse(&tab, t, r->len, h, r->line, s);
		if (r->check)
			continue;
		r->check = S_new_check(t, r->len, h);
		if (!r->check)
			continue;
		r->check->line = r->line;
		r->check->generation = s->generation;
		S_check(r->check, d->uri, r->off, s);
		fresh++;
	}
	free(tab.v);
	for (size_t i = 0; i < d->nrecs; i++)
		lsp_check_release(d->recs[i].check);
	free(d->recs);
	/* records whose check could not be made are dropped */
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (recs[i].check)
			recs[k++] = recs[i];
	d->recs = recs;
	d->nrecs = k;
	return fresh;
}

lsp_rec *lsp_rec_at(const lsp_doc *d, size_t off)
{
	lsp_rec *best = NULL;
	for (size_t i = 0; i < d->nrecs; i++)
		if (d->recs[i].off <= off || !best)
			best = &d->recs[i];
	return best;
}

/* The related information of note line 'k' (1 up; its words 'line',
 * 'n' bytes) of diagnostic 'g' of 'r': the location of the first place
 * it names with a column ("at 7:11", tb_diag.places), as a range of the
 * word there; else the diagnostic's own 'own'. */
static json_object *S_related(const lsp_doc *d, const lsp_rec *r, const lsp_diag *g, unsigned k,
                              const char *line, size_t n, json_object *own)
{
	unsigned l = 0, c = 0;
	for (size_t i = 0; i < g->nplaces && !c; i++)
		if (g->places[i].note == k && g->places[i].col)
			l = g->places[i].line + r->line, c = g->places[i].col;
	json_object *range;
	if (l && c) {
		size_t a = lsp_offset_col(d, l, c), b = a;
		while (b < d->len && !strchr(" \t\r\n{}()<>|", d->text[b]))
			b++;
		range = lsp_jrange(lsp_pos_of(d, a), lsp_pos_of(d, b));
	} else {
		range = json_object_get(own);
	}
	json_object *o = json_object_new_object(), *loc = json_object_new_object();
	lsp_jset_str(loc, "uri", d->uri);
	json_object_object_add(loc, "range", range);
	json_object_object_add(o, "location", loc);
	lsp_jset_strn(o, "message", line, n);
	return o;
}

json_object *lsp_diag_json(const lsp_doc *d, unsigned line, unsigned col, unsigned end_col,
                           int severity, int code, const char *message)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "range", lsp_jrange(lsp_pos_col(d, line, col),
	                                              lsp_pos_col(d, line, end_col)));
	lsp_jset_int(o, "severity", severity == TB_ERROR ? 1 : 2);
	char tb[16];
	snprintf(tb, sizeof tb, "TB%03d", code);
	lsp_jset_str(o, "code", tb);
	lsp_jset_str(o, "source", "tablero");
	lsp_jset_str(o, "message", message);
	return o;
}

static json_object *S_diag_json(const lsp_doc *d, const lsp_rec *r, const lsp_diag *g)
{
	json_object *o = lsp_diag_json(d, g->line + r->line, g->col, g->end_col, g->severity, g->code,
	                               g->message);
	json_object *range = json_object_object_get(o, "range");
	if (g->note) {
		json_object *rel = json_object_new_array();
		unsigned k = 1;
		for (const char *p = g->note; *p; k++) {
			const char *e = strchr(p, '\n');
			size_t n = e ? (size_t)(e - p) : strlen(p);
			json_object_array_add(rel, S_related(d, r, g, k, p, n, range));
			p += n + (e != NULL);
		}
		json_object_object_add(o, "relatedInformation", rel);
	}
	return o;
}

json_object *lsp_diagnostics(const lsp_doc *d)
{
	json_object *p = json_object_new_object(), *v = json_object_new_array();
	lsp_jset_str(p, "uri", d->uri);
	lsp_jset_int(p, "version", d->version);
	for (size_t i = 0; d->outside && i < json_object_array_length(d->outside); i++)
		json_object_array_add(v, json_object_get(json_object_array_get_idx(d->outside, i)));
	for (size_t i = 0; i < d->nrecs; i++) {
		const lsp_check *c = d->recs[i].check;
		for (size_t k = 0; k < c->ndiags; k++)
			json_object_array_add(v, S_diag_json(d, &d->recs[i], &c->diags[k]));
	}
	json_object_object_add(p, "diagnostics", v);
	return p;
}
