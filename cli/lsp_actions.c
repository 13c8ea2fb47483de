/*
 * lsp_actions.c -- the code actions of "tablero lsp" (spec/lsp.md):
 * a slip's repair applied (the replay's repairs, typed: tb_replay_slip_list,
 * the ones validate's notes name), the turn kept as a reading of the
 * repair and what is written
 * ("<reconstructed d2xd3 | d2xd7>", as fill --repairs writes it), what
 * the rules decide put in for '?', '?' points and gaps (tb_record_fill,
 * as tablero fill writes it), and the missing tags of the roster added.
 * A repair that replaces turns one for one edits their tokens alone; one
 * that puts a turn in or takes one out edits the record's tree and
 * writes it canonically (the numbers after it follow), as fill does.
 * The typed fixes of the diagnostics (tb_diag.fixes) are offered one
 * by one, and all at once as an action of kind source.fixAll.tablero.
 * No action reads a diagnostic's words: each takes typed data.
 */
#include <stdlib.h>
#include <string.h>

#include "lsp.h"

json_object *lsp_edit_between(const lsp_doc *d, size_t off, size_t len, const char *text,
                              size_t tlen)
{
	const char *old = d->text + off;
	size_t pre = 0, suf = 0;
	while (pre < len && pre < tlen && old[pre] == text[pre])
		pre++;
	/* not inside a UTF-8 sequence: LSP counts UTF-16 units */
	while (pre > 0 && ((unsigned char)text[pre] & 0xC0) == 0x80)
		pre--;
	while (suf < len - pre && suf < tlen - pre && old[len - 1 - suf] == text[tlen - 1 - suf])
		suf++;
	while (suf > 0 && ((unsigned char)old[len - suf] & 0xC0) == 0x80)
		suf--;
	if (pre == len && pre == tlen)
		return NULL;
	json_object *e = json_object_new_object();
	json_object_object_add(e, "range", lsp_jrange(lsp_pos_of(d, off + pre),
	                                              lsp_pos_of(d, off + len - suf)));
	lsp_jset_strn(e, "newText", text + pre, tlen - pre - suf);
	return e;
}

char *lsp_unput_rules(const lsp_check *c, char *s, size_t *len)
{
	if (!s || c->inserted_at == (size_t)-1)
		return s;
	char *p = strstr(s, "\n[Rules ");
	if (!p)
		return s;
	char *e = strchr(p + 1, '\n');
	if (!e)
		return s;
	memmove(p, e, strlen(e) + 1);
	*len = strlen(s);
	return s;
}

/* The kind of the action that applies every fix at once (spec/lsp.md
 * §3.5): a kind under "source.fixAll", as LSP 3.17 names the kinds an
 * editor asks for on save. */
#define S_FIX_ALL "source.fixAll.tablero"

/* A code action of kind 'kind' of 'edits' (an array of TextEdits, taken)
 * on 'd'. */
static json_object *S_action_of(const lsp_doc *d, const char *kind, const char *title,
                                json_object *edits, json_object *diag, int preferred)
{
	json_object *a = json_object_new_object(), *we = json_object_new_object(),
	            *ch = json_object_new_object();
	lsp_jset_str(a, "title", title);
	lsp_jset_str(a, "kind", kind);
	if (diag) {
		json_object *v = json_object_new_array();
		json_object_array_add(v, diag);
		json_object_object_add(a, "diagnostics", v);
	}
	if (preferred)
		json_object_object_add(a, "isPreferred", json_object_new_boolean(1));
	json_object_object_add(ch, d->uri, edits);
	json_object_object_add(we, "changes", ch);
	json_object_object_add(a, "edit", we);
	return a;
}

/* A quick fix: every action but the fix-all. */
static json_object *S_action(const lsp_doc *d, const char *title, json_object *edits,
                             json_object *diag, int preferred)
{
	return S_action_of(d, "quickfix", title, edits, diag, preferred);
}

/* A node's span as document offsets. */
static void S_node_offsets(const lsp_doc *d, const lsp_rec *r, const tb_node *n, size_t *a,
                           size_t *z)
{
	unsigned s[4];
	tb_node_span(n, s);
	unsigned base = r->line - r->check->read_line;
	*a = lsp_offset_col(d, s[0] + base, s[1]);
	*z = lsp_offset_col(d, s[2] + base, s[3]);
}

static json_object *S_text_edit(const lsp_doc *d, size_t a, size_t z, const char *text)
{
	json_object *e = json_object_new_object();
	json_object_object_add(e, "range", lsp_jrange(lsp_pos_of(d, a), lsp_pos_of(d, z)));
	lsp_jset_str(e, "newText", text);
	return e;
}

/* The record 'r' read afresh from what its reader read (its own copy,
 * to edit); the caller frees it and '*rd'. */
static tb_record *S_fresh(const lsp_doc *d, const lsp_rec *r, const lsp_settings *s,
                          tb_reader **rd)
{
	const lsp_check *c = r->check;
	*rd = tb_reader_new_mem(c->read_text, c->len + c->inserted_len, d->uri);
	if (!*rd)
		return NULL;
	if (r->off)
		tb_reader_set_origin(*rd, c->read_line, r->off);
	tb_reader_set_search(*rd, &s->search);
	tb_record *rec = NULL;
	if (tb_reader_next(*rd, &rec) != 1)
		return NULL;
	return rec;
}

/* The edit that makes record 'r' of 'd' the canonical text 's' (a
 * record that follows keeps its blank line). */
static json_object *S_record_edit(const lsp_doc *d, const lsp_rec *r, char *s, size_t n)
{
	s = lsp_unput_rules(r->check, s, &n);
	int more = (size_t)(r - d->recs) + 1 < d->nrecs;
	char *t = malloc(n + 2);
	if (!t)
		return NULL;
	memcpy(t, s, n);
	if (more)
		t[n++] = '\n';
	t[n] = '\0';
	json_object *e = lsp_edit_between(d, r->off, r->len, t, n);
	free(t);
	return e;
}

/* ---- repairs ---------------------------------------------------------- */

enum { S_REPLACE, S_MISSING, S_TWICE };

/* A repair's parts: where, its kind's words, the turns' tokens. */
typedef struct S_repair {
	unsigned line, col;
	int how;
	char kind[160];
	char *tok[4];
	size_t ntok;
} S_repair;

static void S_repair_free(S_repair *p)
{
	for (size_t i = 0; i < p->ntok; i++)
		free(p->tok[i]);
	p->ntok = 0;
}

/* Repair 's' (the replay's, typed: tb_replay_slip_list) as the parts the
 * edits are made from: where it starts, its kind's words, the turns'
 * tokens. 0, or -1 when it has no turn to write and drops none. */
static int S_repair_of(const tb_slip *s, S_repair *p)
{
	unsigned sp[4];
	tb_node_span(s->first, sp);
	p->line = sp[0];
	p->col = sp[1];
	const char *words = tb_slip_words(s->kind);
	snprintf(p->kind, sizeof p->kind, "%s", words ? words : "a slip");
	p->how = s->kind == TB_SLIP_MISSING ? S_MISSING : s->kind == TB_SLIP_TWICE ? S_TWICE
	                                                                             : S_REPLACE;
	p->ntok = 0;
	for (const char *t = s->turns; *t && p->ntok < 4;) {
		size_t n = strcspn(t, " ");
		if (!(p->tok[p->ntok] = strndup(t, n)))
			break;
		p->ntok++;
		t += n + (t[n] == ' ');
	}
	return p->ntok || p->how == S_TWICE ? 0 : -1;
}

/* Where node 'n' stands: its line and the node before it there. */
static tb_line *S_line_of(const tb_record *rec, const tb_node *n, tb_node **prev)
{
	tb_line *stack[130];
	tb_node *last[130];
	int depth = -1;
	tb_iter *it = tb_iter_new(rec);
	tb_line *found = NULL;
	int ev;
	while (it && (ev = tb_iter_next(it)) != TB_EVENT_DONE) {
		tb_line *l = tb_iter_line(it);
		tb_node *m = tb_iter_node(it);
		if (l && ev == TB_EVENT_ENTER && depth + 1 < 130) {
			stack[++depth] = l;
			last[depth] = NULL;
		} else if (l && ev == TB_EVENT_EXIT && depth >= 0) {
			depth--;
		} else if (m && ev == TB_EVENT_ENTER && depth >= 0) {
			if (m == n) {
				found = stack[depth];
				*prev = last[depth];
				break;
			}
			last[depth] = m;
		}
	}
	tb_iter_free(it);
	return found;
}

/* The edits of repair 'p' of record 'r': its tokens one for one, or the
 * record written again with a turn put in or taken out. NULL when it
 * cannot be made. '*written' gets the replaced turn's text (one turn). */
static json_object *S_repair_edits(lsp_ctx *c, const lsp_rec *r, const S_repair *p,
                                   char **written)
{
	const lsp_doc *d = c->doc;
	const lsp_check *k = r->check;
	*written = NULL;
	int inside;
	tb_node *n = lsp_node_at(k->rec, p->line, p->col, &inside);
	if (!n || !inside)
		return NULL;
	json_object *edits = json_object_new_array();
	if (p->how == S_REPLACE) {
		tb_node *m = n;
		for (size_t i = 0; i < p->ntok; i++, m = tb_node_next(m)) {
			if (!m || (tb_node_type(m) != TB_NODE_MOVE && tb_node_type(m) != TB_NODE_PASS)) {
				json_object_put(edits);
				return NULL;
			}
			size_t a, z;
			S_node_offsets(d, r, m, &a, &z);
			if (p->ntok == 1)
				*written = strndup(d->text + a, z - a);
			json_object_array_add(edits, S_text_edit(d, a, z, p->tok[i]));
		}
		return edits;
	}
	/* a turn put in or taken out: on a copy of the record */
	tb_reader *rd;
	tb_record *rec = S_fresh(d, r, c->settings, &rd);
	int in2;
	tb_node *n2 = rec ? lsp_node_at(rec, p->line, p->col, &in2) : NULL, *prev = NULL;
	tb_line *l = n2 ? S_line_of(rec, n2, &prev) : NULL;
	int rc = -1;
	if (l && p->how == S_MISSING)
		rc = tb_line_insert(rec, l, prev, p->tok[0], NULL);
	else if (l && p->how == S_TWICE)
		rc = tb_node_remove(rec, n2);
	size_t len;
	char *s = rc == 0 ? tb_record_write(rec, &len) : NULL;
	json_object *e = s ? S_record_edit(d, r, s, len) : NULL;
	if (e)
		json_object_array_add(edits, e);
	free(s);
	tb_record_free(rec);
	tb_reader_free(rd);
	if (!e) {
		json_object_put(edits);
		return NULL;
	}
	return edits;
}

/* The diagnostic 'g' of 'r' as JSON, for the action's "diagnostics". */
static json_object *S_diag(const lsp_doc *d, const lsp_rec *r, const lsp_diag *g)
{
	return lsp_diag_json(d, g->line + r->line, g->col, g->end_col, g->severity, g->code,
	                     g->message);
}

/* The repairs the replay kept for the turn diagnostic 'g' is at (its
 * notes name them), as actions, best first. */
static void S_repairs(json_object *out, lsp_ctx *c, const lsp_rec *r, const lsp_diag *g)
{
	const lsp_check *k = r->check;
	int inside;
	tb_node *ill = k->replay ? lsp_node_at(k->rec, g->line + k->read_line, g->col, &inside)
	                         : NULL;
	tb_slip slips[3];
	size_t n = ill && inside ? tb_replay_slip_list(k->replay, ill, 3, slips) : 0;
	int first = 1;
	for (size_t i = 0; i < n && i < 3; i++) {
		S_repair rp;
		if (S_repair_of(&slips[i], &rp) == 0) {
			char *written;
			json_object *edits = S_repair_edits(c, r, &rp, &written);
			if (edits) {
				char title[600], turns[160] = "";
				for (size_t j = 0; j < rp.ntok; j++)
					snprintf(turns + strlen(turns), sizeof turns - strlen(turns), "%s%s",
					         j ? " " : "", rp.tok[j]);
				snprintf(title, sizeof title, "Repair (%s): %s", rp.kind,
				         rp.how == S_TWICE ? "drop the copy" : turns);
				json_object_array_add(out, S_action(c->doc, title, edits,
				                                    S_diag(c->doc, r, g), first));
				if (written) {
					char text[400];
					snprintf(text, sizeof text, "<reconstructed %s | %s>", rp.tok[0], written);
					size_t a = lsp_offset_col(c->doc, rp.line - r->check->read_line + r->line,
					                          rp.col);
					json_object *ed = json_object_new_array();
					json_object_array_add(ed, S_text_edit(c->doc, a, a + strlen(written), text));
					snprintf(title, sizeof title, "Keep as a reading: %s", text);
					json_object_array_add(out, S_action(c->doc, title, ed, S_diag(c->doc, r, g), 0));
				}
				first = 0;
			}
			free(written);
		}
		S_repair_free(&rp);
	}
}

/* ---- fixes ------------------------------------------------------------ */

/* The document's bytes [*a, *z) that fix 'f' of record 'r' replaces. */
static void S_fix_span(const lsp_doc *d, const lsp_rec *r, const tb_diag_fix *f, size_t *a,
                       size_t *z)
{
	*a = lsp_offset_col(d, f->line + r->line, f->col);
	*z = lsp_offset_col(d, f->line + r->line, f->end_col);
}

/* The fixes the library typed on diagnostic 'g' of 'r' (tb_diag.fixes:
 * what its note says to write, "write c3-c4"), one action each, titled
 * by what it writes; preferred when it is the diagnostic's only action
 * ('alone': no other was offered for it) and no reading to confirm
 * (tb_diag_fix.confirm: words joined into one turn, "Write a7-d7 (one
 * reading)"). */
static void S_fixes(json_object *out, lsp_ctx *c, const lsp_rec *r, const lsp_diag *g, int alone)
{
	const lsp_doc *d = c->doc;
	for (size_t i = 0; i < g->nfixes; i++) {
		const tb_diag_fix *f = &g->fixes[i];
		size_t a, z, n = strlen(f->text);
		S_fix_span(d, r, f, &a, &z);
		json_object *e = z >= a ? lsp_edit_between(d, a, z - a, f->text, n) : NULL;
		if (!e)
			continue; /* the text is that already */
		/* a long text (a tag's value) is shown cut, at a character's start */
		size_t shown = n;
		if (shown > 80) {
			shown = 80;
			while (shown > 0 && ((unsigned char)f->text[shown] & 0xC0) == 0x80)
				shown--;
		}
		char title[160];
		snprintf(title, sizeof title, n ? "Write %.*s%s%s" : "Delete the text", (int)shown,
		         f->text, shown < n ? "..." : "", f->confirm ? " (one reading: confirm it)" : "");
		json_object *edits = json_object_new_array();
		json_object_array_add(edits, e);
		json_object_array_add(out, S_action(d, title, edits, S_diag(d, r, g),
		                                    alone && g->nfixes == 1 && !f->confirm));
	}
}

/* ---- every fix at once ------------------------------------------------ */

/* One fix of the document: its span, its text, its place in the order
 * the diagnostics and their fixes come. */
typedef struct S_span {
	size_t a, z, order;
	const char *text;
} S_span;

static int S_span_cmp(const void *x, const void *y)
{
	const S_span *p = x, *q = y;
	if (p->a != q->a)
		return p->a < q->a ? -1 : 1;
	return p->order < q->order ? -1 : p->order > q->order;
}

/* Every typed fix of the diagnostics of 'd' that changes its text and
 * needs no one to confirm it (tb_diag_fix.confirm: a reading of words
 * as one turn is offered on its own, never applied with the rest), in
 * the order they come; '*n' how many. NULL when there is none or memory
 * ran out. */
static S_span *S_all_fixes(const lsp_doc *d, size_t *n)
{
	size_t cap = 0;
	*n = 0;
	for (size_t i = 0; i < d->nrecs; i++)
		for (size_t k = 0; k < d->recs[i].check->ndiags; k++)
			cap += d->recs[i].check->diags[k].nfixes;
	S_span *v = cap ? malloc(cap * sizeof *v) : NULL;
	for (size_t i = 0; v && i < d->nrecs; i++) {
		const lsp_check *c = d->recs[i].check;
		for (size_t k = 0; k < c->ndiags; k++)
			for (size_t j = 0; j < c->diags[k].nfixes; j++) {
				const tb_diag_fix *f = &c->diags[k].fixes[j];
				S_span s = {0, 0, *n, f->text};
				S_fix_span(d, &d->recs[i], f, &s.a, &s.z);
				size_t len = strlen(f->text);
				if (f->confirm || s.z < s.a ||
				    (s.z - s.a == len && memcmp(d->text + s.a, f->text, len) == 0))
					continue; /* a reading, no span, or the text is that already */
				v[(*n)++] = s;
			}
	}
	return v;
}

/* The action that applies every typed fix of the document at once, as
 * one WorkspaceEdit (spec/lsp.md §3.5): of fixes whose spans overlap,
 * the one that starts first (of those starting at one place, the first
 * in the diagnostics' order), so that the edits never overlap, as LSP
 * requires. Sorting makes a document of many fixes cost n log n. NULL
 * when no fix would change the text. */
static json_object *S_fix_all(const lsp_doc *d)
{
	size_t n;
	S_span *v = S_all_fixes(d, &n);
	if (!v)
		return NULL;
	qsort(v, n, sizeof *v, S_span_cmp);
	json_object *edits = json_object_new_array();
	size_t kept = 0, start = 0, end = 0; /* the last kept's span */
	for (size_t i = 0; i < n; i++) {
		/* an insertion where the last kept one stands (at one place) overlaps it */
		if (kept && (v[i].a < end || (v[i].a == v[i].z && v[i].a == start && start == end)))
			continue;
		json_object *e = lsp_edit_between(d, v[i].a, v[i].z - v[i].a, v[i].text, strlen(v[i].text));
		if (!e)
			continue;
		json_object_array_add(edits, e);
		kept++;
		start = v[i].a;
		end = v[i].z;
	}
	free(v);
	if (!kept) {
		json_object_put(edits);
		return NULL;
	}
	char title[96];
	snprintf(title, sizeof title, "Write every fix of the document (%zu)", kept);
	return S_action_of(d, S_FIX_ALL, title, edits, NULL, 0);
}

/* Is an action of kind 'kind' wanted by the context's 'only' (NULL:
 * every kind)? A kind asked for holds the kinds under it: "source" and
 * "source.fixAll" hold "source.fixAll.tablero" (LSP 3.17, CodeActionKind). */
static int S_wanted(json_object *only, const char *kind)
{
	if (!only)
		return 1;
	for (size_t i = 0; i < json_object_array_length(only); i++) {
		json_object *o = json_object_array_get_idx(only, i);
		if (!json_object_is_type(o, json_type_string))
			continue;
		const char *k = json_object_get_string(o);
		size_t n = strlen(k);
		if (n && strncmp(kind, k, n) == 0 && (kind[n] == '\0' || kind[n] == '.'))
			return 1;
	}
	return 0;
}

/* ---- fill and tags ----------------------------------------------------- */

/* What the rules decide of the record's '?', '?' points and gaps, put
 * in as tablero fill writes it. */
static void S_fill(json_object *out, lsp_ctx *c, const lsp_rec *r)
{
	tb_reader *rd;
	tb_record *rec = S_fresh(c->doc, r, c->settings, &rd);
	size_t len = 0, open = 0, filled = 0;
	char *s = rec ? tb_record_fill(rd, rec, &len, &open, &filled) : NULL;
	json_object *e = s && filled ? S_record_edit(c->doc, r, s, len) : NULL;
	if (e) {
		char title[128];
		snprintf(title, sizeof title, "Put in what the rules decide (%zu turn%s or gap%s)",
		         filled, filled == 1 ? "" : "s", filled == 1 ? "" : "s");
		json_object *edits = json_object_new_array();
		json_object_array_add(edits, e);
		json_object_array_add(out, S_action(c->doc, title, edits, NULL, 0));
	}
	free(s);
	tb_record_free(rec);
	tb_reader_free(rd);
}

/* Does the record's text, with bytes [a, z) of the document replaced by
 * 'text', read without errors? */
static int S_reads_clean(const lsp_doc *d, const lsp_rec *r, size_t a, size_t z, const char *text)
{
	size_t n = strlen(text), len = r->len - (z - a) + n;
	char *t = malloc(len + 1);
	if (!t)
		return 0;
	memcpy(t, d->text + r->off, a - r->off);
	memcpy(t + (a - r->off), text, n);
	memcpy(t + (a - r->off) + n, d->text + z, r->off + r->len - z);
	t[len] = '\0';
	tb_reader *rd = tb_reader_new_mem(t, len, d->uri);
	tb_record *rec = NULL;
	int ok = rd && tb_reader_next(rd, &rec) == 1 && !tb_record_errors(rec) &&
	         tb_reader_nerrors(rd) == 0;
	tb_record_free(rec);
	tb_reader_free(rd);
	free(t);
	return ok;
}

/* Each '?', '?' point or gap on lines [la, lb] (document lines from 1)
 * that the rules decide, put in where it stands as fill writes it:
 * "<reconstructed TOKEN>", one for each turn of a gap. */
static void S_decided(json_object *out, lsp_ctx *c, const lsp_rec *r, unsigned la, unsigned lb)
{
	const lsp_check *k = r->check;
	tb_iter *it = tb_iter_new(k->rec);
	int ev;
	while (it && (ev = tb_iter_next(it)) != TB_EVENT_DONE) {
		tb_node *n = tb_iter_node(it);
		if (!n || ev != TB_EVENT_ENTER || tb_node_reconstructed(n))
			continue;
		unsigned sp[4];
		tb_node_span(n, sp);
		unsigned line = lsp_doc_line(r, sp[0]);
		if (line < la || line > lb)
			continue;
		long i = tb_replay_find(k->replay, n, 0);
		if (i < 0 || tb_replay_status(k->replay, i) != TB_FRAME_RECONSTRUCTED)
			continue;
		char *tok = tb_replay_token(k->replay, i), text[1024] = "";
		for (char *t = tok ? strtok(tok, " ") : NULL; t; t = strtok(NULL, " "))
			snprintf(text + strlen(text), sizeof text - strlen(text), "%s<reconstructed %s>",
			         *text ? " " : "", t);
		free(tok);
		size_t a, z;
		S_node_offsets(c->doc, r, n, &a, &z);
		if (!*text || !S_reads_clean(c->doc, r, a, z, text))
			continue;
		char title[1100];
		snprintf(title, sizeof title, "Put in what the rules decide here: %s", text);
		json_object *edits = json_object_new_array();
		json_object_array_add(edits, S_text_edit(c->doc, a, z, text));
		json_object_array_add(out, S_action(c->doc, title, edits, NULL, 1));
	}
	tb_iter_free(it);
}

/* Has record 'r' a tag line for 'name'? */
static int S_has_tag(const lsp_doc *d, const lsp_rec *r, const char *name)
{
	size_t k = strlen(name);
	for (size_t i = r->off; i < r->off + r->len;) {
		if (d->text[i] == '[' && strncmp(d->text + i + 1, name, k) == 0 &&
		    strchr(" \"", d->text[i + 1 + k]))
			return 1;
		const char *nl = memchr(d->text + i, '\n', r->off + r->len - i);
		if (!nl)
			break;
		i = (size_t)(nl - d->text) + 1;
	}
	return 0;
}

/* The end of the record's last tag line (where tags are added), or its
 * start when it has none. */
static size_t S_tags_end(const lsp_doc *d, const lsp_rec *r)
{
	size_t at = r->off;
	for (size_t i = r->off; i < r->off + r->len;) {
		const char *nl = memchr(d->text + i, '\n', r->off + r->len - i);
		size_t e = nl ? (size_t)(nl - d->text) + 1 : r->off + r->len;
		if (d->text[i] == '[')
			at = e;
		else if (d->text[i] != '\n' && d->text[i] != '\r' && d->text[i] != '{')
			break;
		i = e;
	}
	return at;
}

/* The roster's tags the record lacks (its game's seven), added after
 * its last tag; [Game] itself, one action per game, when it has none. */
static void S_tags(json_object *out, lsp_ctx *c, const lsp_rec *r)
{
	const lsp_doc *d = c->doc;
	const tb_game *g = r->check->rec ? tb_record_game(r->check->rec) : NULL;
	if (!g && !S_has_tag(d, r, "Game")) {
		for (size_t i = 0; tb_game_at(i); i++) {
			char text[128], title[160];
			snprintf(text, sizeof text, "[Game \"%s\"]\n", tb_game_name(tb_game_at(i)));
			snprintf(title, sizeof title, "Add [Game \"%s\"]", tb_game_name(tb_game_at(i)));
			json_object *edits = json_object_new_array();
			json_object_array_add(edits, S_text_edit(d, r->off, r->off, text));
			json_object_array_add(out, S_action(d, title, edits, NULL, 0));
		}
		return;
	}
	if (!g)
		return;
	tb_record *roster = tb_record_new(g);
	char add[1024] = "";
	const char *name, *value;
	for (size_t i = 0; roster && tb_record_tag_at(roster, i, &name, &value); i++)
		if (strcmp(name, "Rules") != 0 && !S_has_tag(d, r, name))
			snprintf(add + strlen(add), sizeof add - strlen(add), "[%s \"%s\"]\n", name, value);
	tb_record_free(roster);
	if (!*add)
		return;
	size_t at = S_tags_end(d, r);
	json_object *edits = json_object_new_array();
	json_object_array_add(edits, S_text_edit(d, at, at, add));
	json_object_array_add(out, S_action(d, "Add the missing tags of the roster", edits, NULL, 0));
}

json_object *lsp_code_actions(lsp_ctx *c, lsp_pos a, lsp_pos b, json_object *only, int *code,
                              const char **msg)
{
	long x = lsp_offset(c->doc, a), y = lsp_offset(c->doc, b);
	if (x < 0 || y < 0) {
		*code = LSP_INVALID_PARAMS;
		*msg = "the range is outside the document";
		return NULL;
	}
	json_object *out = json_object_new_array();
	/* asked for by its kind (on save), the fix-all is the document's
	 * whatever the range; else it is offered beside the quick fixes of a
	 * range that holds a fix */
	int asked = only && S_wanted(only, S_FIX_ALL), fixes_here = 0;
	if (!S_wanted(only, "quickfix")) {
		json_object *all = asked ? S_fix_all(c->doc) : NULL;
		if (all)
			json_object_array_add(out, all);
		return out;
	}
	lsp_rec *r = lsp_rec_at(c->doc, (size_t)x), *rz = lsp_rec_at(c->doc, (size_t)y);
	for (; r && r <= rz; r++) {
		const lsp_check *k = r->check;
		for (size_t i = 0; i < k->ndiags; i++) {
			const lsp_diag *g = &k->diags[i];
			int64_t line = (int64_t)(g->line + r->line) - 1;
			if (line < a.line || line > b.line || (!g->note && !g->nfixes))
				continue;
			size_t before = json_object_array_length(out);
			if (k->rec && g->note)
				S_repairs(out, c, r, g);
			size_t quick = json_object_array_length(out);
			S_fixes(out, c, r, g, quick == before);
			fixes_here |= json_object_array_length(out) > quick;
		}
		if (k->replay) {
			S_decided(out, c, r, (unsigned)a.line + 1, (unsigned)b.line + 1);
			S_fill(out, c, r);
		}
		S_tags(out, c, r);
	}
	json_object *all = asked || (!only && fixes_here) ? S_fix_all(c->doc) : NULL;
	if (all)
		json_object_array_add(out, all);
	return out;
}
