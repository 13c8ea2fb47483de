/*
 * lsp_features.c -- what "tablero lsp" answers about a place in a
 * document (spec/lsp.md): hover (the board after a turn, whose turn,
 * its events; what fits an open turn) and completion (the legal turns
 * there, those that keep the written turns after it legal first; tag
 * names and values); and the places themselves, which lsp_outline.c
 * shares. Positions come from the record's one replay (the frames the
 * check kept); nothing here knows a rule.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lsp.h"

/* ---- places --------------------------------------------------------- */

/* A record line (the reader's) as a document line, and back. */
unsigned lsp_doc_line(const lsp_rec *r, unsigned read_line)
{
	return read_line - r->check->read_line + r->line;
}

static unsigned S_read_line(const lsp_rec *r, unsigned doc_line)
{
	return doc_line - r->line + r->check->read_line;
}

/* (a, b) before (c, d)? */
static int S_before(unsigned a, unsigned b, unsigned c, unsigned d)
{
	return a < c || (a == c && b < d);
}

#define S_MAX_DEPTH 128 /* variations deeper than this are followed as one line */

/* Finds what lies at (line, col) of 'rec' (the reader's lines). A
 * variation starts from the position before the node it replaces; after
 * its ')' the line goes on from that node. */
lsp_place lsp_find(const tb_record *rec, unsigned line, unsigned col)
{
	lsp_place p = {NULL, NULL, NULL};
	tb_iter *it = tb_iter_new(rec);
	if (!it)
		return p;
	tb_node *prev = NULL, *before[S_MAX_DEPTH], *owner[S_MAX_DEPTH];
	unsigned depth = 0;
	int ev;
	while ((ev = tb_iter_next(it)) != TB_EVENT_DONE) {
		tb_node *n = tb_iter_node(it);
		tb_line *l = tb_iter_line(it);
		unsigned s[4];
		if (n && ev == TB_EVENT_ENTER) {
			tb_node_span(n, s);
			if (!S_before(s[0], s[1], line, col) && !(s[0] == line && s[1] == col)) {
				p.next = n;
				break;
			}
			if (S_before(line, col, s[2], s[3]) || (s[2] == line && s[3] == col)) {
				p.at = n;
				p.prev = prev;
				break;
			}
			if (depth < S_MAX_DEPTH && tb_node_variation(n)) {
				before[depth] = prev;
				owner[depth] = n;
			}
			prev = n;
		} else if (n && ev == TB_EVENT_EXIT) {
			/* the node's variations are behind: its line goes on */
		} else if (l && ev == TB_EVENT_ENTER && l != tb_record_main(rec)) {
			tb_line_span(l, s);
			if (S_before(line, col, s[0], s[1]))
				break;
			depth++;
			prev = depth - 1 < S_MAX_DEPTH ? before[depth - 1] : prev;
		} else if (l && ev == TB_EVENT_EXIT && l != tb_record_main(rec)) {
			tb_line_span(l, s);
			if (S_before(line, col, s[2], s[3]))
				break; /* the place is inside the variation, after its last node */
			depth--;
			prev = depth < S_MAX_DEPTH ? owner[depth] : prev;
		}
	}
	tb_iter_free(it);
	if (!p.at)
		p.prev = prev;
	return p;
}

tb_node *lsp_node_at(const tb_record *rec, unsigned line, unsigned col, int *inside)
{
	lsp_place p = lsp_find(rec, line, col);
	*inside = p.at != NULL;
	return p.at ? p.at : p.prev;
}

/* The record at LSP position 'p' of the document, its check loaded, and
 * the reader's (line, col) of it. NULL with '*code', '*msg' set when
 * the position is outside the text. */
lsp_rec *lsp_locate(lsp_ctx *c, lsp_pos p, size_t *off, unsigned *line, unsigned *col,
                         int *code, const char **msg)
{
	long o = lsp_offset(c->doc, p);
	if (o < 0) {
		*code = LSP_INVALID_PARAMS;
		*msg = "the position is outside the document";
		return NULL;
	}
	*off = (size_t)o;
	lsp_rec *r = lsp_rec_at(c->doc, *off);
	if (!r)
		return NULL;
	unsigned l;
	lsp_linecol(c->doc, *off, &l, col);
	*line = S_read_line(r, l);
	return r;
}

/* The frame of the position before 'prev' is played... after it: the
 * frame index of 'prev' (-1: the start). */
static long S_frame(const tb_replay *rp, const tb_node *prev)
{
	return prev ? tb_replay_find(rp, prev, 0) : -1;
}

/* Is the frame's position known? */
static int S_known(const tb_replay *rp, long i)
{
	if (i < -1)
		return 0;
	int st = tb_replay_status(rp, i);
	return st == TB_FRAME_WRITTEN || st == TB_FRAME_RECONSTRUCTED;
}

/* ---- hover ------------------------------------------------------------ */

void lsp_puts(lsp_buf *b, const char *s)
{
	size_t k = strlen(s);
	if (b->n + k + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		while (cap < b->n + k + 1)
			cap *= 2;
		char *t = realloc(b->s, cap);
		if (!t)
			return;
		b->s = t;
		b->cap = cap;
	}
	memcpy(b->s + b->n, s, k + 1);
	b->n += k;
}

static void S_printf(lsp_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void S_printf(lsp_buf *b, const char *fmt, ...)
{
	char tmp[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	lsp_puts(b, tmp);
}

/* The events of a frame (tb_replay_report's). */
static void S_events_fn(void *ctx, const tb_turn_report *t)
{
	lsp_buf *b = ctx;
	if (t->events && *t->events)
		S_printf(b, "Events: %s\n\n", t->events);
	if (t->over)
		S_printf(b, "The game is over: %s\n\n", t->over);
}

/* The words of hovers: the diagnostics' language (lsp_lang). */
static const tb_lang *S_lang(const lsp_ctx *c, const tb_record *rec)
{
	return lsp_lang(c->settings, rec);
}

/* Whose turn it is in engine 'e', in words. */
static void S_whose(lsp_buf *b, const lsp_ctx *c, const tb_record *rec, const tb_engine *e)
{
	const tb_game *g = tb_record_game(rec);
	char key[64];
	int side = tb_engine_to_move(e);
	snprintf(key, sizeof key, "side.%s.%d", tb_game_name(g), side);
	const char *name = tb_lang_text(S_lang(c, rec), key);
	S_printf(b, "To move: %s\n\n", name ? name : tb_game_side_tag(g, side));
}

/* The diagnostics of the record at (read) line 'line', col 'col'. */
static void S_diags_at(lsp_buf *b, const lsp_rec *r, unsigned line, unsigned col)
{
	const lsp_check *c = r->check;
	for (size_t i = 0; i < c->ndiags; i++) {
		const lsp_diag *d = &c->diags[i];
		if (d->line + c->read_line == line && d->col == col)
			S_printf(b, "%s: %s [TB%03d]\n\n", d->severity == TB_ERROR ? "error" : "warning",
			         d->message ? d->message : "", d->code);
	}
}

/* Where the rules do not know the position after frame 'i': why (the
 * library's words), and in the hover's language how many positions are
 * possible after 'named' and how many turns (a gap's: sequences) fit. */
static void S_hover_open(lsp_buf *b, const tb_lang *lang, const char *named,
                         const tb_replay *rp, long i, int gap)
{
	char *why = tb_replay_why(rp, i);
	S_printf(b, "The position after it is not known: %s.\n\n", why ? why : "");
	free(why);
	size_t np = tb_replay_positions(rp, i);
	unsigned long long fits = tb_replay_fits(rp, i);
	char num[32];
	const char *args[2] = {num, named};
	if (np > 1) {
		snprintf(num, sizeof num, "%zu", np);
		char *t = tb_lang_format(lang, "note.positions", args, 2);
		S_printf(b, "%s.\n\n", t ? t : "");
		free(t);
	}
	if (fits) {
		snprintf(num, sizeof num, "%llu", fits);
		char *t = tb_lang_format(lang, gap ? "note.fits.gap" : "note.fits", args, 2);
		S_printf(b, "%s.\n\n", t ? t : "");
		free(t);
	}
}

/* A hover on node 'n' of the record of 'r'. */
static void S_hover_node(lsp_buf *b, lsp_ctx *c, const lsp_rec *r, tb_node *n)
{
	const lsp_check *k = r->check;
	long i = tb_replay_find(k->replay, n, 0);
	char *tok = tb_node_token(k->rec, n);
	unsigned num = tb_node_number(n);
	int side = tb_node_side(n);
	const tb_lang *lang = S_lang(c, k->rec);
	char named[160];
	if (num && side < 2)
		snprintf(named, sizeof named, "%u%s %s", num, side ? "..." : ".", tok ? tok : "");
	else
		snprintf(named, sizeof named, "%s", tok ? tok : "");
	const char *args[1] = {named};
	char *after = tb_lang_format(lang, "caption.after", args, 1);
	S_printf(b, "**%s**", after ? after : named);
	free(after);
	free(tok);
	if (i < 0) {
		lsp_puts(b, "\n\nThe rules do not follow this node.\n");
		return;
	}
	int st = tb_replay_status(k->replay, i);
	if (st == TB_FRAME_RECONSTRUCTED) {
		char *t = tb_replay_token(k->replay, i);
		S_printf(b, " (%s %s)", tb_lang_text(lang, "caption.reconstructed"), t ? t : "");
		free(t);
	}
	lsp_puts(b, "\n\n");
	unsigned sp[4];
	tb_node_span(n, sp);
	S_diags_at(b, r, sp[0], sp[1]);
	if (st == TB_FRAME_OPEN || st == TB_FRAME_UNKNOWN) {
		S_hover_open(b, lang, named, k->replay, i, tb_node_type(n) == TB_NODE_GAP);
		return;
	}
	tb_replay_report(k->replay, i, S_events_fn, b);
	tb_engine *e = tb_replay_engine(k->replay, i);
	if (!e)
		return;
	char *over = tb_engine_over(e);
	if (!over)
		S_whose(b, c, k->rec, e);
	free(over);
	char *board = tb_engine_board_in(e, 0, lang); /* as tablero show draws it */
	if (board)
		lsp_puts(b, "```\n"), lsp_puts(b, board), lsp_puts(b, "```\n");
	free(board);
	tb_engine_free(e);
}

/* A hover on a tag line: the tag's name and, for [Rules], the options. */
static void S_hover_tag(lsp_buf *b, const lsp_rec *r, const char *line, size_t n)
{
	char name[64];
	size_t k = 0;
	for (size_t i = 1; i < n && k + 1 < sizeof name && line[i] != ' ' && line[i] != '"'; i++)
		name[k++] = line[i];
	name[k] = '\0';
	const tb_record *rec = r->check->rec;
	const char *v = rec ? tb_record_tag(rec, name) : NULL;
	S_printf(b, "**[%s]**: %s\n\n", name, v ? v : "(not read)");
	const tb_game *g = rec ? tb_record_game(rec) : NULL;
	if (strcmp(name, "Rules") == 0 && g) {
		const char *key, *values, *doc;
		S_printf(b, "Options of %s (the default first):\n\n", tb_game_title(g));
		for (size_t i = 0; tb_game_option(g, i, &key, &values, &doc); i++)
			S_printf(b, "- `%s=%s`: %s\n", key, values, doc ? doc : "");
	} else if (strcmp(name, "Game") == 0) {
		for (size_t i = 0; tb_game_at(i); i++)
			S_printf(b, "- `%s`: %s\n", tb_game_name(tb_game_at(i)), tb_game_title(tb_game_at(i)));
	}
}

/* The start and end of the line holding 'off'. */
static void S_line_of(const lsp_doc *d, size_t off, size_t *s, size_t *e)
{
	size_t a = off, z = off;
	while (a > 0 && d->text[a - 1] != '\n')
		a--;
	while (z < d->len && d->text[z] != '\n')
		z++;
	*s = a;
	*e = z;
}

/* Is the line at 's' a tag pair's? */
static int S_tag_line(const lsp_doc *d, size_t s, size_t e)
{
	while (s < e && (d->text[s] == ' ' || d->text[s] == '\t'))
		s++;
	return s < e && d->text[s] == '[';
}

/* A move number under the cursor ("12." "12..."): the node it numbers,
 * the first node after it. */
static int S_on_number(const lsp_doc *d, size_t off)
{
	size_t a = off, z = off;
	while (a > 0 && strchr("0123456789.", d->text[a - 1]))
		a--;
	while (z < d->len && strchr("0123456789.", d->text[z]))
		z++;
	return z > a && d->text[a] >= '0' && d->text[a] <= '9' && d->text[z - 1] == '.';
}

json_object *lsp_hover(lsp_ctx *c, lsp_pos p, int *code, const char **msg)
{
	size_t off;
	unsigned line, col;
	lsp_rec *r = lsp_locate(c, p, &off, &line, &col, code, msg);
	if (!r)
		return NULL;
	lsp_buf b = {NULL, 0, 0};
	size_t ls, le;
	S_line_of(c->doc, off, &ls, &le);
	if (S_tag_line(c->doc, ls, le)) {
		size_t s = ls;
		while (c->doc->text[s] != '[')
			s++;
		S_hover_tag(&b, r, c->doc->text + s, le - s);
	} else if (r->check->replay) {
		lsp_place pl = lsp_find(r->check->rec, line, col);
		tb_node *n = pl.at ? pl.at : S_on_number(c->doc, off) ? pl.next : NULL;
		if (n)
			S_hover_node(&b, c, r, n);
	}
	if (!b.s)
		return NULL;
	json_object *res = json_object_new_object(), *mc = json_object_new_object();
	lsp_jset_str(mc, "kind", "markdown");
	lsp_jset_str(mc, "value", b.s);
	json_object_object_add(res, "contents", mc);
	free(b.s);
	return res;
}

/* ---- completion ------------------------------------------------------- */

/* Does canonical token 'tok' fit the written token 'w', whose '?'
 * stand for unknown points (a letter and digits)? A lone "?" fits all. */
static int S_fits(const char *tok, const char *w)
{
	if (strcmp(w, "?") == 0)
		return 1;
	while (*w && *tok) {
		if (*w == '?') {
			if (*tok < 'a' || *tok > 'z')
				return 0;
			tok++;
			while (*tok >= '0' && *tok <= '9')
				tok++;
			w++;
		} else if (*w++ != *tok++) {
			return 0;
		}
	}
	return !*w && !*tok;
}

typedef struct S_cand {
	char *token, *events;
	unsigned kept;         /* written turns after it that stay legal */
	int all;               /* all those looked at stay legal */
	int decided;           /* the rules decided this one */
} S_cand;

typedef struct S_cands {
	S_cand *v;
	size_t n, cap;
	const char *filter;    /* the written token with '?', or NULL */
} S_cands;

static void S_legal_fn(void *ctx, const char *token, const char *events, const char *position)
{
	(void)position;
	S_cands *l = ctx;
	if (l->filter && !S_fits(token, l->filter))
		return;
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 32;
		S_cand *v = realloc(l->v, cap * sizeof *v);
		if (!v)
			return;
		l->v = v;
		l->cap = cap;
	}
	char *t = strdup(token), *e = strdup(events ? events : "");
	if (!t || !e) {
		free(t);
		free(e);
		return;
	}
	l->v[l->n++] = (S_cand){t, e, 0, 0, 0};
}

/* The written turns that follow: how many stay legal after 'tok' is
 * played from 'pos' (at most S_LOOK, validate's window for weighing a
 * repair; a node that is no move ends them).
 * This is no second replay of the record: the record's one replay
 * (k->replay, whose frame gives 'pos') says what the record's own turns
 * lead to, and has nothing to say of a turn the record does not write.
 * Here each candidate the completion offers is tried as a hypothesis --
 * "had this been written, would the next turns still be legal?" -- on
 * an engine of its own that no other reader sees; positions shown,
 * hover and diagnostics all come from the frames. */
#define S_LOOK 32
static unsigned S_kept(const tb_record *rec, const char *pos, const char *tok, tb_node *next,
                       int *all)
{
	char *why = NULL;
	tb_engine *e = tb_engine_new(tb_record_game(rec), tb_record_tag(rec, "Rules"), pos, &why);
	free(why);
	*all = 0;
	if (!e)
		return 0;
	unsigned k = 0;
	if (tb_engine_play(e, tok, NULL, NULL) == 0) {
		*all = 1;
		for (tb_node *n = next; n && k < S_LOOK; n = tb_node_next(n)) {
			int t = tb_node_type(n);
			if (t != TB_NODE_MOVE && t != TB_NODE_PASS)
				break;
			char *w = tb_node_token(rec, n);
			int ok = w && strchr(w, '?') == NULL && tb_engine_play(e, w, NULL, NULL) == 0;
			free(w);
			if (!ok) {
				*all = 0;
				break;
			}
			k++;
		}
	}
	tb_engine_free(e);
	return k;
}

static int S_cand_cmp(const void *a, const void *b)
{
	const S_cand *x = a, *y = b;
	if (x->decided != y->decided)
		return y->decided - x->decided;
	if (x->all != y->all)
		return y->all - x->all;
	if (x->kept != y->kept)
		return x->kept < y->kept ? 1 : -1;
	return 0;
}

/* The word around 'off' that completion replaces: from its start to
 * the end of the token ('*a', '*z'). */
static void S_word(const lsp_doc *d, size_t off, size_t *a, size_t *z)
{
	static const char stop[] = " \t\r\n{}()<>|[]\"";
	size_t s = off, e = off;
	while (s > 0 && !strchr(stop, d->text[s - 1]))
		s--;
	/* a move number glued to the turn ("12.d3"): the turn only */
	for (size_t i = s; i < off; i++)
		if (d->text[i] == '.')
			s = i + 1;
	while (e < d->len && !strchr(stop, d->text[e]))
		e++;
	*a = s;
	*z = e;
}

static json_object *S_item(const lsp_doc *d, size_t a, size_t z, const char *label,
                           const char *detail, int kind, const char *sort, int preselect)
{
	json_object *it = json_object_new_object(), *te = json_object_new_object();
	lsp_jset_str(it, "label", label);
	lsp_jset_int(it, "kind", kind);
	if (detail && *detail)
		lsp_jset_str(it, "detail", detail);
	lsp_jset_str(it, "sortText", sort);
	lsp_jset_str(it, "filterText", label);
	if (preselect)
		json_object_object_add(it, "preselect", json_object_new_boolean(1));
	json_object_object_add(te, "range", lsp_jrange(lsp_pos_of(d, a), lsp_pos_of(d, z)));
	lsp_jset_str(te, "newText", label);
	json_object_object_add(it, "textEdit", te);
	return it;
}

/* The legal turns at the place: the position before the node there (or
 * after the last before the cursor), ranked. */
static void S_complete_turns(json_object *items, lsp_ctx *c, const lsp_rec *r, size_t off,
                             unsigned line, unsigned col)
{
	const lsp_check *k = r->check;
	lsp_place pl = lsp_find(k->rec, line, col);
	long fi = S_frame(k->replay, pl.prev);
	if (!S_known(k->replay, fi))
		return;
	char *pos = tb_replay_position(k->replay, fi);
	tb_engine *e = pos ? tb_replay_engine(k->replay, fi) : NULL;
	if (!e) {
		free(pos);
		return;
	}
	S_cands l = {NULL, 0, 0, NULL};
	char *written = NULL, *decided = NULL;
	tb_node *after = pl.at ? tb_node_next(pl.at) : pl.next;
	if (pl.at) {
		written = tb_node_token(k->rec, pl.at);
		if (written && strchr(written, '?') && tb_node_type(pl.at) == TB_NODE_MOVE)
			l.filter = written;
		if (tb_node_type(pl.at) == TB_NODE_UNKNOWN)
			l.filter = "?";
		long i = tb_replay_find(k->replay, pl.at, 0);
		if (i >= 0 && tb_replay_status(k->replay, i) == TB_FRAME_RECONSTRUCTED)
			decided = tb_replay_token(k->replay, i);
	}
	tb_engine_legal(e, S_legal_fn, &l);
	tb_engine_free(e);
	for (size_t i = 0; i < l.n; i++) {
		l.v[i].kept = S_kept(k->rec, pos, l.v[i].token, after, &l.v[i].all);
		l.v[i].decided = decided && l.v[i].token && strcmp(decided, l.v[i].token) == 0;
	}
	qsort(l.v, l.n, sizeof *l.v, S_cand_cmp);
	size_t a, z;
	S_word(c->doc, off, &a, &z);
	for (size_t i = 0; i < l.n; i++) {
		char sort[32], detail[512];
		snprintf(sort, sizeof sort, "%05zu", i);
		snprintf(detail, sizeof detail, "%s%s%s%s", l.v[i].decided ? "what the rules decide; " : "",
		         l.v[i].all ? "keeps the turns after it legal" : "the turns after it stop being legal",
		         *l.v[i].events ? "; " : "", l.v[i].events);
		if (l.v[i].token)
			json_object_array_add(items, S_item(c->doc, a, z, l.v[i].token, detail, 12, sort,
			                                    l.v[i].decided || (i == 0 && l.v[i].all)));
		free(l.v[i].token);
		free(l.v[i].events);
	}
	free(l.v);
	free(pos);
	free(written);
	free(decided);
}

/* The known tags, for completion of a tag's name. */
static const char *const S_tags[] = {"Game", "Rules", "Site", "Date", "Result", "Event",
	"Round", "Informant", "Recorder", "Transcriber", "Annotator", "Source", "Language",
	"Community", "Access", "Notes", "Position", "Termination", "Captures", NULL};

/* The values of tag 'name' (of game 'g') replacing bytes [a, z). */
static void S_complete_value(json_object *items, const lsp_doc *d, const char *name,
                             const tb_game *g, size_t a, size_t z)
{
	char sort[16];
	if (strcmp(name, "Game") == 0) {
		for (size_t i = 0; tb_game_at(i); i++) {
			snprintf(sort, sizeof sort, "%02zu", i);
			json_object_array_add(items, S_item(d, a, z, tb_game_name(tb_game_at(i)),
			                                    tb_game_title(tb_game_at(i)), 12, sort, 0));
		}
	} else if (strcmp(name, "Rules") == 0 && g) {
		const char *key, *values, *doc;
		json_object_array_add(items, S_item(d, a, z, tb_game_name(g), "the defaults", 12, "00", 0));
		for (size_t i = 0; tb_game_option(g, i, &key, &values, &doc); i++) {
			for (const char *v = values; *v;) {
				const char *e = strchr(v, '|');
				size_t vn = e ? (size_t)(e - v) : strlen(v);
				char label[256];
				snprintf(label, sizeof label, "%s; %s=%.*s", tb_game_name(g), key, (int)vn,
				         *v == '#' ? "1" : v);
				snprintf(sort, sizeof sort, "%02zu", i + 1);
				json_object_array_add(items, S_item(d, a, z, label, doc, 12, sort, 0));
				v += vn + (e != NULL);
			}
		}
	} else if (strcmp(name, "Result") == 0) {
		static const char *const res[] = {"1-0", "0-1", "1/2-1/2", "*"};
		for (int i = 0; i < 4; i++)
			json_object_array_add(items, S_item(d, a, z, res[i], NULL, 12, res[i], 0));
	} else if (strcmp(name, "Language") == 0) {
		for (size_t i = 0; tb_lang_at(i); i++)
			json_object_array_add(items, S_item(d, a, z, tb_lang_code(tb_lang_at(i)), NULL, 12,
			                                    tb_lang_code(tb_lang_at(i)), 0));
	}
}

static void S_complete_tag(json_object *items, lsp_ctx *c, const lsp_rec *r, size_t ls, size_t le,
                           size_t off)
{
	const lsp_doc *d = c->doc;
	const char *t = d->text;
	size_t b = ls;
	while (b < le && t[b] != '[')
		b++;
	const char *q1 = memchr(t + b, '"', le - b);
	size_t name_end = q1 ? (size_t)(q1 - t) : le;
	while (name_end > b + 1 && t[name_end - 1] == ' ')
		name_end--;
	const tb_game *g = r && r->check->rec ? tb_record_game(r->check->rec) : NULL;
	if (!q1 || off <= (size_t)(q1 - t)) { /* the name */
		size_t a = b + 1, z = name_end;
		for (size_t i = 0; S_tags[i]; i++)
			json_object_array_add(items, S_item(d, a, z, S_tags[i], NULL, 14, S_tags[i], 0));
		for (int s = 0; g && s < 2; s++)
			json_object_array_add(items, S_item(d, a, z, tb_game_side_tag(g, s), "a side's player",
			                                    14, tb_game_side_tag(g, s), 0));
		return;
	}
	char name[32];
	size_t n = name_end - (b + 1) < sizeof name - 1 ? name_end - (b + 1) : sizeof name - 1;
	memcpy(name, t + b + 1, n);
	name[n] = '\0';
	size_t a = (size_t)(q1 - t) + 1, z = a;
	while (z < le && t[z] != '"')
		z++;
	S_complete_value(items, d, name, g, a, z);
}

/* Is offset 'off' of record 'r' inside a comment ('{' to '}', '\}' and
 * '\\' escaped; tag lines skipped, whose values may hold braces)? */
static int S_in_comment(const lsp_doc *d, const lsp_rec *r, size_t off)
{
	const char *t = d->text;
	int in = 0, bol = 1;
	for (size_t i = r->off; i < off && i < d->len; i++) {
		if (!in && bol && t[i] == '[') {
			while (i < off && t[i] != '\n')
				i++;
			continue;
		}
		bol = t[i] == '\n';
		if (in && t[i] == '\\' && i + 1 < off)
			i++;
		else if (t[i] == '{')
			in = 1;
		else if (t[i] == '}')
			in = 0;
	}
	return in;
}

json_object *lsp_completion(lsp_ctx *c, lsp_pos p, int *code, const char **msg)
{
	size_t off;
	unsigned line, col;
	long o = lsp_offset(c->doc, p);
	if (o < 0) {
		*code = LSP_INVALID_PARAMS;
		*msg = "the position is outside the document";
		return NULL;
	}
	lsp_rec *r = lsp_locate(c, p, &off, &line, &col, code, msg);
	json_object *items = json_object_new_array();
	size_t ls, le;
	S_line_of(c->doc, (size_t)o, &ls, &le);
	if (S_tag_line(c->doc, ls, le))
		S_complete_tag(items, c, r, ls, le, (size_t)o);
	else if (r && r->check->replay && !S_in_comment(c->doc, r, off))
		S_complete_turns(items, c, r, off, line, col);
	json_object *res = json_object_new_object();
	json_object_object_add(res, "isIncomplete", json_object_new_boolean(0));
	json_object_object_add(res, "items", items);
	return res;
}

