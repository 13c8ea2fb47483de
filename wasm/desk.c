/*
 * wasm/desk.c -- the transcription desk's engine: the library itself,
 * built for WebAssembly (make wasm), with the few calls its page makes
 * (spec/desk.md, "The module"). Every answer is JSON text the page
 * frees with desk_free; strings in and out are UTF-8.
 *
 * The page keeps the record's text. desk_open reads it (the first
 * record), validates it as tablero validate does and keeps the record;
 * the others ask about that record by a node's place on the main line
 * (k: 0 the start, k the k-th node), and desk_edit changes it through
 * the library's editors and answers the canonical text, which the page
 * opens again. No rule is written here: legal turns, their parts, what
 * a '?' may be and the diagnostics are the library's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tablero.h"
#include "rules.h" /* tb_engine_ruleset: the points' names, in drawing order */
#include "desk_json.h"

#define DESK_EXPORT(name) __attribute__((export_name(name)))

/* The record open in the page. */
static struct {
	tb_reader *r;
	tb_record *rec;
	char *text;       /* the text it was read from (the reader borrows it) */
	size_t parse_errors; /* errors reading it: fmt then writes nothing */
} S;

DESK_EXPORT("desk_malloc") void *desk_malloc(size_t n);
DESK_EXPORT("desk_free") void desk_free(void *p);
DESK_EXPORT("desk_open") char *desk_open(const char *text, size_t len, const char *name);
DESK_EXPORT("desk_legal") char *desk_legal(int k);
DESK_EXPORT("desk_edit") char *desk_edit(int op, int k, const char *arg);
DESK_EXPORT("desk_fmt") char *desk_fmt(void);
DESK_EXPORT("desk_words") char *desk_words(const char *keys);
DESK_EXPORT("desk_games") char *desk_games(void);

void *desk_malloc(size_t n)
{
	return malloc(n ? n : 1);
}

void desk_free(void *p)
{
	free(p);
}

static void S_close(void)
{
	tb_record_free(S.rec);
	tb_reader_free(S.r);
	free(S.text);
	S.rec = NULL;
	S.r = NULL;
	S.text = NULL;
}

/* The k-th node of the main line (k >= 1), or NULL. */
static tb_node *S_node(int k)
{
	if (!S.rec || k < 1)
		return NULL;
	tb_node *n = tb_line_first(tb_record_main(S.rec));
	for (int i = 1; n && i < k; i++)
		n = tb_node_next(n);
	return n;
}

/* ---- desk_open: the record, its diagnostics, its turns -------------- */

static void S_diags(dj_buf *b, const tb_reader *r)
{
	dj_key(b, "diags");
	dj_open(b, '[');
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		const tb_diag *d = tb_reader_diag(r, i);
		char *text = tb_diag_format(d);
		dj_open(b, '{');
		dj_key(b, "code"), dj_int(b, d->code);
		dj_key(b, "sev"), dj_int(b, d->severity);
		dj_key(b, "line"), dj_int(b, d->line);
		dj_key(b, "col"), dj_int(b, d->col);
		dj_key(b, "end"), dj_int(b, d->end_col);
		dj_key(b, "message"), dj_str(b, d->message);
		dj_key(b, "text"), dj_str(b, text);
		dj_close(b, '}');
		free(text);
	}
	dj_close(b, ']');
}

/* Each fault of the rules, with what fits there (tb_fault: typed). */
static void S_fault(void *ctx, const tb_fault *f)
{
	dj_buf *b = ctx;
	dj_open(b, '{');
	dj_key(b, "code"), dj_int(b, f->code);
	dj_key(b, "line"), dj_int(b, f->line);
	dj_key(b, "col"), dj_int(b, f->col);
	dj_key(b, "token"), dj_str(b, f->token);
	dj_key(b, "reason"), dj_str(b, f->reason);
	dj_key(b, "cands");
	dj_open(b, '[');
	for (size_t i = 0; i < f->ncandidates; i++)
		dj_str(b, f->candidates[i]);
	dj_close(b, ']');
	dj_key(b, "repair"), dj_str(b, f->repair);
	dj_close(b, '}');
}

static void S_turn(dj_buf *b, const tb_node *n, int k)
{
	unsigned span[4];
	tb_evidence_info ev;
	char *tok = tb_node_token(S.rec, n);
	tb_node_span(n, span);
	dj_open(b, '{');
	dj_key(b, "k"), dj_int(b, k);
	dj_key(b, "type"), dj_int(b, tb_node_type(n));
	dj_key(b, "num"), dj_int(b, tb_node_number(n));
	dj_key(b, "side"), dj_int(b, tb_node_side(n));
	dj_key(b, "tok"), dj_str(b, tok);
	dj_key(b, "line"), dj_int(b, span[0]);
	dj_key(b, "col"), dj_int(b, span[1]);
	dj_key(b, "eline"), dj_int(b, span[2]);
	dj_key(b, "ecol"), dj_int(b, span[3]);
	int linked = tb_node_evidence(n, &ev);
	char region[160] = "";
	if (linked)
		(void)tb_evidence_format(&ev, TB_EVIDENCE_REGION, region, sizeof region);
	dj_key(b, "ms"), dj_int(b, linked ? ev.from_ms : -1);
	/* its region, kept when the page stamps a time on it */
	dj_key(b, "region"), dj_str(b, region);
	size_t nc = 0;
	while (tb_node_comment(n, nc, NULL))
		nc++;
	size_t nv = 0;
	for (tb_line *v = tb_node_variation(n); v; v = tb_line_next(v))
		nv++;
	dj_key(b, "comments"), dj_int(b, (long long)nc);
	dj_key(b, "variations"), dj_int(b, (long long)nv);
	dj_close(b, '}');
	free(tok);
}

static void S_tags(dj_buf *b)
{
	const char *name, *value;
	dj_key(b, "tags");
	dj_open(b, '[');
	for (size_t i = 0; tb_record_tag_at(S.rec, i, &name, &value); i++) {
		dj_open(b, '[');
		dj_str(b, name);
		dj_str(b, value);
		dj_close(b, ']');
	}
	dj_close(b, ']');
}

static const char *S_result_text(int result)
{
	switch (result) {
	case TB_RESULT_FIRST: return "1-0";
	case TB_RESULT_SECOND: return "0-1";
	case TB_RESULT_DRAW: return "1/2-1/2";
	default: return "*";
	}
}

char *desk_open(const char *text, size_t len, const char *name)
{
	dj_buf b = {0}, faults = {0};
	S_close();
	S.text = malloc(len + 1);
	if (!S.text)
		__builtin_trap();
	memcpy(S.text, text, len);
	S.text[len] = 0;
	S.r = tb_reader_new_mem(S.text, len, name && *name ? name : "desk.tgn");
	int got = S.r ? tb_reader_next(S.r, &S.rec) : TB_ENOMEM;
	S.parse_errors = S.r ? tb_reader_nerrors(S.r) : 0;
	dj_open(&faults, '[');
	if (got == 1 && tb_record_errors(S.rec) == 0) {
		tb_reader_set_lang(S.r, tb_record_lang(S.rec)); /* the rules' reasons in its words */
		(void)tb_reader_validate_faults(S.r, S.rec, NULL, NULL, S_fault, &faults);
	}
	dj_close(&faults, ']');
	dj_open(&b, '{');
	dj_key(&b, "read"), dj_int(&b, got == 1);
	dj_key(&b, "errors"), dj_int(&b, got == 1 ? (long long)tb_record_errors(S.rec) : 1);
	dj_key(&b, "parse_errors"), dj_int(&b, (long long)S.parse_errors);
	if (S.r)
		S_diags(&b, S.r);
	char *f = dj_take(&faults);
	dj_key(&b, "faults"), dj_raw(&b, f);
	free(f);
	if (got == 1) {
		const tb_game *g = tb_record_game(S.rec);
		const tb_lang *l = tb_record_lang(S.rec);
		dj_key(&b, "game"), dj_str(&b, g ? tb_game_name(g) : NULL);
		dj_key(&b, "lang"), dj_str(&b, l ? tb_lang_code(l) : "en");
		dj_key(&b, "rtl"), dj_int(&b, l ? tb_lang_rtl(l) : 0);
		dj_key(&b, "result"), dj_str(&b, S_result_text(tb_record_result(S.rec)));
		S_tags(&b);
		dj_key(&b, "turns");
		dj_open(&b, '[');
		int k = 1;
		for (tb_node *n = tb_line_first(tb_record_main(S.rec)); n; n = tb_node_next(n))
			S_turn(&b, n, k++);
		dj_close(&b, ']');
		/* a second record in the text: the desk edits the first only */
		tb_record *next = NULL;
		dj_key(&b, "more"), dj_int(&b, tb_reader_next(S.r, &next) == 1);
		tb_record_free(next);
	}
	dj_close(&b, '}');
	return dj_take(&b);
}

/* ---- desk_legal: a position, its board and what may be played -------- */

/* A legal turn's token read back by the game's grammar (a scratch record
 * of the same game and rules) for its parts, typed: the page asks for
 * them one by one. */
typedef struct S_legal_ctx {
	dj_buf *b;
	tb_record *scratch;
} S_legal_ctx;

static void S_point(dj_buf *b, int file, int rank)
{
	char p[8] = "?";
	if (file >= 0 && rank >= 0) {
		p[0] = (char)('a' + file);
		snprintf(p + 1, sizeof p - 1, "%d", rank + 1);
	}
	dj_str(b, p);
}

static void S_legal(void *ctx, const tb_turn_report *t)
{
	S_legal_ctx *c = ctx;
	dj_buf *b = c->b;
	tb_node *n = NULL;
	dj_open(b, '{');
	dj_key(b, "tok"), dj_str(b, t->token);
	dj_key(b, "events"), dj_str(b, t->events);
	dj_key(b, "parts");
	dj_open(b, '[');
	tb_line *main = tb_record_main(c->scratch);
	if (tb_line_append(c->scratch, main, t->token, &n) == 0 && n) {
		for (size_t i = 0; i < tb_node_nparts(n); i++) {
			int kind, file, rank;
			tb_node_part(n, i, &kind, &file, &rank);
			dj_open(b, '[');
			dj_int(b, kind);
			S_point(b, file, rank);
			dj_close(b, ']');
		}
		dj_close(b, ']');
		dj_key(b, "crown"), dj_int(b, tb_node_crown(n));
		(void)tb_node_remove(c->scratch, n);
	} else {
		dj_close(b, ']');
	}
	dj_close(b, '}');
}

static void S_points(dj_buf *b, const tb_engine *e)
{
	const tb_geometry *g = &tb_engine_ruleset(e)->geo;
	dj_key(b, "points");
	dj_open(b, '[');
	for (int p = 0; p < g->npoints; p++)
		S_point(b, (int)g->points[p].x, (int)g->points[p].y);
	dj_close(b, ']');
}

static void S_board(dj_buf *b, const tb_engine *e)
{
	char *pos = tb_engine_position(e), *why = NULL, *over = tb_engine_over(e);
	tb_svg_opts o = {0};
	o.caption = TB_CAPTION_NONE;
	o.lang = tb_record_lang(S.rec);
	size_t len = 0;
	char *svg = tb_svg_position(tb_record_game(S.rec), tb_record_tag(S.rec, "Rules"), pos, &o,
	                            &len, &why);
	dj_key(b, "position"), dj_str(b, pos);
	dj_key(b, "svg"), dj_strn(b, svg, len);
	dj_key(b, "over"), dj_str(b, over);
	dj_key(b, "tomove"), dj_int(b, tb_engine_to_move(e));
	S_points(b, e);
	free(pos);
	free(why);
	free(over);
	free(svg);
}

char *desk_legal(int k)
{
	dj_buf b = {0};
	dj_open(&b, '{');
	tb_node *n = S_node(k);
	if (!S.rec || tb_record_errors(S.rec) || (k > 0 && !n)) {
		dj_key(&b, "known"), dj_int(&b, 0);
		dj_key(&b, "why"), dj_str(&b, S.rec ? "the record has errors" : "no record");
		dj_close(&b, '}');
		return dj_take(&b);
	}
	tb_reached at;
	char *why = NULL;
	tb_engine *e = tb_node_engine(S.rec, n, &at, &why);
	dj_key(&b, "known"), dj_int(&b, e && !at.stopped);
	dj_key(&b, "why"), dj_str(&b, e && at.stopped ? at.why : why);
	free(why);
	if (e) {
		S_board(&b, e);
		S_legal_ctx c = {&b, tb_record_new(tb_record_game(S.rec))};
		const char *rules = tb_record_tag(S.rec, "Rules");
		if (rules)
			(void)tb_record_set_tag(c.scratch, "Rules", rules);
		dj_key(&b, "legal");
		dj_open(&b, '[');
		if (!at.stopped)
			(void)tb_engine_legal_turns(e, S_legal, &c);
		dj_close(&b, ']');
		tb_record_free(c.scratch);
		tb_engine_free(e);
	}
	dj_close(&b, '}');
	return dj_take(&b);
}

/* ---- desk_edit: the library's editors, the canonical text back -------- */

/* ORDER: DESK_OP in wasm/desk_page.js. */
enum {
	OP_INSERT,    /* 'arg' as movetext after node k (0: at the start) */
	OP_DELETE,    /* node k out */
	OP_REPLACE,   /* node k becomes 'arg' */
	OP_STAMP,     /* node k's evidence links: 'arg' ("@0:12:30"; "": none) */
	OP_COMMENT,   /* a comment after node k (0: before the first), in the
	                 record's language */
	OP_VARIATION, /* a variation of node k, 'arg' as movetext */
	OP_TAG,       /* "Name\nValue" ("Name\n": taken away) */
	OP_RESULT     /* the result marker: "1-0", "0-1", "1/2-1/2", "*" */
};

static int S_result_of(const char *s)
{
	return !strcmp(s, "1-0") ? TB_RESULT_FIRST : !strcmp(s, "0-1") ? TB_RESULT_SECOND :
	       !strcmp(s, "1/2-1/2") ? TB_RESULT_DRAW : !strcmp(s, "*") ? TB_RESULT_OTHER : -1;
}

static int S_tag(const char *arg)
{
	const char *nl = strchr(arg, '\n');
	if (!nl)
		return TB_EINVAL;
	size_t n = (size_t)(nl - arg);
	char *name = malloc(n + 1);
	if (!name)
		__builtin_trap();
	memcpy(name, arg, n);
	name[n] = 0;
	int rc = tb_record_set_tag(S.rec, name, nl[1] ? nl + 1 : NULL);
	free(name);
	return rc;
}

static int S_edit(int op, int k, tb_node *n, const char *arg)
{
	tb_line *main = tb_record_main(S.rec);
	const char *lang = tb_record_tag(S.rec, "Language");
	switch (op) {
	case OP_INSERT:
		return k > 0 && !n ? TB_EINVAL : tb_line_insert(S.rec, main, n, arg, NULL);
	case OP_DELETE:
		return n ? tb_node_remove(S.rec, n) : TB_EINVAL;
	case OP_REPLACE: {
		if (!n)
			return TB_EINVAL;
		int rc = tb_line_insert(S.rec, main, n, arg, NULL);
		return rc ? rc : tb_node_remove(S.rec, n);
	}
	case OP_STAMP:
		return n ? tb_node_set_evidence(S.rec, n, arg) : TB_EINVAL;
	case OP_COMMENT:
		return n ? tb_node_add_comment(S.rec, n, arg, lang) :
		           tb_line_add_comment(S.rec, main, arg, lang);
	case OP_VARIATION:
		return n ? tb_node_add_variation(S.rec, n, arg, NULL) : TB_EINVAL;
	case OP_TAG:
		return S_tag(arg);
	case OP_RESULT: {
		int r = S_result_of(arg);
		return r < 0 ? TB_EINVAL : tb_record_set_result(S.rec, r);
	}
	}
	return TB_EINVAL;
}

char *desk_edit(int op, int k, const char *arg)
{
	dj_buf b = {0};
	dj_open(&b, '{');
	int rc = S.rec && !S.parse_errors ? S_edit(op, k, S_node(k), arg ? arg : "") : TB_EINVAL;
	dj_key(&b, "ok"), dj_int(&b, rc == 0);
	if (rc == 0) {
		size_t len = 0;
		char *text = tb_record_write(S.rec, &len);
		dj_key(&b, "text"), dj_strn(&b, text, len);
		free(text);
	} else {
		const char *why = S.rec ? tb_record_errmsg(S.rec) : "";
		dj_key(&b, "why"), dj_str(&b, *why ? why : "the record has errors");
	}
	dj_close(&b, '}');
	return dj_take(&b);
}

/* tablero fmt's text of the record: its canonical form (nothing when it
 * did not read, as fmt writes nothing of a record with errors). */
char *desk_fmt(void)
{
	dj_buf b = {0};
	dj_open(&b, '{');
	int ok = S.rec && !S.parse_errors && !tb_record_errors(S.rec);
	dj_key(&b, "ok"), dj_int(&b, ok);
	if (ok) {
		size_t len = 0;
		char *text = tb_record_write(S.rec, &len);
		dj_key(&b, "text"), dj_strn(&b, text, len);
		free(text);
	}
	dj_close(&b, '}');
	return dj_take(&b);
}

/* The words of the page in the record's language (English before a
 * record is read): 'keys' is the keys, '\n' between them. */
char *desk_words(const char *keys)
{
	dj_buf b = {0};
	const tb_lang *l = S.rec ? tb_record_lang(S.rec) : NULL;
	if (!l)
		l = tb_lang_find("en");
	dj_open(&b, '{');
	while (*keys) {
		size_t n = strcspn(keys, "\n");
		char key[64];
		if (n < sizeof key) {
			memcpy(key, keys, n);
			key[n] = 0;
			dj_key(&b, key);
			dj_str(&b, tb_lang_text(l, key));
		}
		keys += n + (keys[n] == '\n');
	}
	dj_close(&b, '}');
	return dj_take(&b);
}

/* The games, by name and title, for a new record. */
char *desk_games(void)
{
	dj_buf b = {0};
	dj_open(&b, '[');
	for (size_t i = 0; tb_game_at(i); i++) {
		dj_open(&b, '[');
		dj_str(&b, tb_game_name(tb_game_at(i)));
		dj_str(&b, tb_game_title(tb_game_at(i)));
		dj_close(&b, ']');
	}
	dj_close(&b, ']');
	return dj_take(&b);
}
