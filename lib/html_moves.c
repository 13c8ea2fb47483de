/*
 * html_moves.c -- a record's movetext on the web page (spec/html.md):
 * each turn a link to its frame, comments in their language and
 * direction, variations and readings, gaps and restated positions in
 * words, where the rules stop, and the notes of a collation's apparatus.
 * It follows the one traversal (visit.h), as every writer's. Shared
 * through html.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caption.h"
#include "game.h"
#include "html.h"
#include "html_media.h"
#include "text_metrics.h"
#include "visit.h"
#include "words.h"
#include "writer.h"
#include "xalloc.h"

/* ===== The movetext ===== */

/* A link to frame 'f': "#ply=N" for a turn of the main line, else "#f=F". */
void tb_ht_link_start(tb_ht_rec *r, long f, long ply, const char *cls)
{
	char href[64], fs[32], game[32] = "";
	if (r->id > 1) /* the first record's links work for a page of one */
		snprintf(game, sizeof game, "game=%ld&", r->id);
	if (ply >= 0)
		snprintf(href, sizeof href, "#%sply=%ld", game, ply);
	else
		snprintf(href, sizeof href, "#%sf=%ld", game, f);
	snprintf(fs, sizeof fs, "%ld", f);
	tb_xw_start(&r->w, "a", cls);
	tb_xw_attr(&r->w, "href", href);
	tb_xw_attr(&r->w, "data-f", fs);
	tb_xw_inline(&r->w);
}

/* A note or a stop in the page's words, in the page's direction, inside
 * the movetext, which is left to right. */
static void H_page_dir(tb_ht_rec *r)
{
	if (r->l->rtl) {
		tb_xw_attr(&r->w, "lang", r->l->code);
		tb_xw_attr(&r->w, "dir", "rtl");
	}
}

/* A comment, 'prefix' (an alternative's words) before it. */
static void H_comment(tb_ht_rec *r, const tb_comment *c, const char *prefix)
{
	if (!*c->text && c->nmarks && !prefix)
		return; /* author's marks alone: drawn on the board, no words to show */
	tb_xw_start(&r->w, "span", "tb-comment");
	tb_ht_lang_dir(&r->w, c->lang, c->text);
	tb_xw_inline(&r->w);
	if (prefix) {
		tb_xw_start(&r->w, "b", NULL);
		tb_ht_text(&r->w, prefix);
		tb_xw_end(&r->w);
		tb_ht_text(&r->w, ": ");
	}
	const char *text = c->text;
	if (r->coll && tb_app_attribution(&r->app, c, &text)) /* "cinta: ..." */
		tb_ht_text(&r->w, " ");
	tb_ht_text(&r->w, text);
	tb_xw_end(&r->w);
}

void tb_ht_comments(tb_ht_rec *r, const tb_comment *c)
{
	for (; c; c = c->next)
		H_comment(r, c, NULL);
}

/* A note in the page's words: [text] */
static void H_note(tb_ht_rec *r, const char *text)
{
	tb_ht_text(&r->w, " ");
	tb_xw_start(&r->w, "span", "tb-note");
	H_page_dir(r);
	tb_xw_inline(&r->w);
	tb_ht_text(&r->w, "[");
	tb_ht_text(&r->w, text);
	tb_ht_text(&r->w, "]");
	tb_xw_end(&r->w);
}

/* "12..." of node 'n' into 't' */
static void H_number(tb_buf *t, const tb_node *n)
{
	if (n->number)
		tb_buf_printf(t, "%u%s", n->number, n->side == 1 ? "..." : ".");
}

/* "Tras 12... e5": a token left to right inside the page's words, isolated
 * (U+2066 ... U+2069) in a right-to-left page, so "12..." keeps its dots
 * after the number. The caller frees it. */
static char *H_after(tb_ht_rec *r, const char *token)
{
	tb_buf t = TB_BUF_SOFT;
	tb_buf_printf(&t, r->l->rtl ? "\xE2\x81\xA6%s\xE2\x81\xA9" : "%s", token);
	char *s = tb_ht_own(r, tb_lang_format(r->l, "caption.after", (const char *[]){tb_ht_s(r, &t)}, 1));
	tb_buf_free(&t);
	return s;
}


/* "Tras 19... g1-f2 (reconstruida)": a turn the rules decided ('turn'
 * 1), or words ("falta una jugada") followed by the same mark. */
static char *H_after_decided(tb_ht_rec *r, const char *token, int turn)
{
	char *a = turn ? H_after(r, token) : tb_ht_own(r, tb_strdup(token));
	tb_buf t = TB_BUF_SOFT;
	tb_buf_printf(&t, "%s (%s)", a ? a : "", tb_ht_word(r, "caption.reconstructed"));
	free(a);
	return tb_ht_own(r, tb_buf_detach(&t, NULL));
}

/* "Tras 4... ? (posición reconstruida, caben 3 jugadas)": node 'n', its
 * words 'token' (a turn, 'turn' 1; else a gap's words), whose position
 * the rules know and whose turn they do not -- several fit ('w' just
 * walked it); else NULL. The caller frees it. */
static char *H_after_settled(tb_ht_rec *r, const tb_walk *w, const tb_node *n, const char *token,
                             int turn)
{
	if (!w->live || !w->settled || w->settled_node != n)
		return NULL;
	char count[24];
	snprintf(count, sizeof count, "%llu", w->settled);
	char *a = turn ? H_after(r, token) : tb_ht_own(r, tb_strdup(token));
	char *m = tb_ht_own(r, tb_lang_format(r->l, turn ? "caption.settled" : "caption.settled.gap",
	                                      (const char *[]){count}, 1));
	tb_buf t = TB_BUF_SOFT;
	tb_buf_printf(&t, "%s (%s)", a ? a : "", m ? m : "");
	free(a);
	free(m);
	return tb_ht_own(r, tb_buf_detach(&t, NULL));
}

/* A reconstructed turn's title: "reconstruida", and the turn the rules
 * decided ('token', or NULL) after it. */
static void H_title_decided(tb_ht_rec *r, const char *token)
{
	tb_buf t = TB_BUF_SOFT;
	tb_buf_puts(&t, tb_ht_word(r, "caption.reconstructed"));
	if (token)
		tb_buf_printf(&t, ": %s", token);
	tb_xw_attr(&r->w, "title", t.data ? t.data : "");
	if (!tb_buf_ok(&t))
		tb_buf_fail(&r->h->body);
	tb_buf_free(&t);
}

/* The turns of gap 'n', just walked by 'w', when the rules decided them
 * (one sequence fits), space-separated; else NULL. The caller frees it. */
static char *H_gap_decided(tb_ht_rec *r, const tb_walk *w, const tb_node *n)
{
	const tb_frame *f = w->frame;
	if (!w->live || !f || f->node != n || f->status != TB_FRAME_RECONSTRUCTED || !f->nseq)
		return NULL;
	return tb_ht_own(r, tb_replay_token(w->rp, tb_replay_find(w->rp, n, f->alt)));
}

/* The stop of the rules at node 'n' (NULL: the start) in the page's
 * words: where and why. The caller frees it. */
char *tb_ht_stop_text(tb_ht_rec *r, const tb_node *n, const tb_walk *wk)
{
	const char *why = wk->why; /* the caller's, in English; the page's from the frame */
	char *said = tb_ht_note_text(r, wk, 0);
	/* the rules' own words in the page's language (tb_replay_why_in) */
	char *words = n && wk->why_frame >= -1 ? tb_replay_why_in(wk->rp, wk->why_frame, r->l) : NULL;
	if (n && wk->why_frame >= -1 && !words)
		tb_buf_fail(&r->h->body); /* memory ran out saying them */
	tb_buf where = TB_BUF_SOFT;
	if (n && tb_ht_is_turn(n) && n->number)
		tb_buf_printf(&where, "%u%s ", n->number, n->side == 1 ? "..." : ".");
	if (n)
		tb_write_node(&where, r->rec->game, n, TB_WRITE_BARE);
	/* "Las reglas no admiten 3. d1-d2 tal como está escrita; d2 ya está
	 * ocupado." names the turn, then the rules' own words */
	if (n && said && words && *words) {
		char *more = tb_ht_own(r, tb_lang_format(r->l, "note.join", (const char *[]){said, words}, 2));
		free(said);
		said = more;
	}
	free(words);
	char *t = tb_ht_own(r, n ? tb_lang_format(r->l, "note.sentence", (const char *[]){said}, 1)
	                     : tb_lang_format(r->l, "html.stopped.start",
	                                      (const char *[]){tb_ht_s(r, &where), said}, 2));
	free(said);
	if (!r->stopped && !r->first_stop) { /* for the caller, in English */
		tb_buf m = TB_BUF_SOFT;
		if (n)
			tb_buf_printf(&m, "the rules stop at %s (line %u): %s; the page replays the record "
			              "up to there, and says why", tb_ht_s(r, &where), n->span.line, why);
		else
			tb_buf_printf(&m, "the rules cannot start: %s", why);
		r->first_stop = tb_buf_detach(&m, NULL);
		if (!r->first_stop)
			tb_buf_fail(&r->h->body);
	}
	tb_buf_free(&where);
	return t;
}

/* That stop, said in the movetext where it is. */
void tb_ht_stop_note(tb_ht_rec *r, const char *text)
{
	tb_xw_start(&r->w, "span", "tb-stop");
	tb_xw_attr(&r->w, "role", "note");
	H_page_dir(r);
	tb_xw_inline(&r->w);
	tb_ht_text(&r->w, text);
	tb_xw_end(&r->w);
}

/* A reading's other alternatives, each a link to the position it would
 * make from 'pre' (the walk before the reading): "[uncertain reading:
 * or b, or c]". */
static void H_reading(tb_ht_rec *r, const tb_walk *pre, const tb_node *n, long pre_frame, long back,
                      struct tb_ht_app *note)
{
	tb_buf t = TB_BUF_SOFT;
	tb_buf ignored = TB_BUF_SOFT;
	tb_xw shown = r->w;
	if (note) /* a collation's: its alternatives are links in its note, not here */
		tb_xw_init(&r->w, &ignored);
	tb_ht_text(&r->w, " ");
	tb_xw_start(&r->w, "span", "tb-note tb-reading");
	H_page_dir(r);
	tb_xw_inline(&r->w);
	tb_buf_printf(&t, "[%s%s", tb_ht_word(r, "book.reading"), n->nalts > 1 ? ":" : "");
	tb_ht_text(&r->w, tb_ht_s(r, &t));
	for (unsigned a = 1; a < n->nalts; a++) {
		const tb_alt *alt = &n->alts[a];
		tb_buf_clear(&t);
		tb_buf_printf(&t, "%s %s ", a > 1 ? "," : "", tb_ht_word(r, "book.or"));
		tb_ht_text(&r->w, tb_ht_s(r, &t));
		tb_buf_clear(&t);
		tb_alt_words(r->l, &t, alt);
		if (alt->kind == TB_NODE_OMITTED || !pre) {
			tb_ht_text(&r->w, tb_ht_s(r, &t));
			continue;
		}
		/* the alternative played where the reading stands */
		tb_walk aw;
		tb_ht_fork(&aw, pre);
		int was = aw.live;
		tb_walk_alt(&aw, n, a);
		tb_buf cap = TB_BUF_SOFT;
		H_number(&cap, n);
		tb_buf_printf(&cap, "%s%s", n->number ? " " : "", tb_ht_s(r, &t));
		char *c = H_after(r, tb_ht_s(r, &cap));
		char *said = was && !aw.live && !tb_walk_open(&aw) ? tb_ht_note_text(r, &aw, 0) : NULL;
		long f = tb_ht_frame(r, &aw, c, pre_frame, ++r->lines, -1, back, said);
		if (note && a < 16)
			note->f[a] = f;
		free(said);
		free(c);
		tb_buf_free(&cap);
		tb_ht_link_start(r, f, -1, "tb-turn tb-alt");
		tb_ht_text(&r->w, tb_ht_s(r, &t));
		tb_xw_end(&r->w);
		if (aw.nomem) /* the rules ran out of memory explaining it */
			tb_buf_fail(&r->h->body);
		tb_walk_free(&aw);
	}
	tb_ht_text(&r->w, "]");
	tb_xw_end(&r->w);
	tb_buf_free(&t);
	if (note)
		r->w = shown;
	tb_buf_free(&ignored);
}

/* ===== The apparatus of a collation (apparatus.c; spec/html.md §2) ===== */

/* A piece of a note as text or an element: a turn in its own direction
 * (a link to its position when the page has one), a siglum in italics,
 * a value or a comment isolated (<bdi>), so that an Arabic note keeps
 * "12... d3" and "cinta" whole and in place. */
void tb_ht_app_piece(void *ctx, const tb_app_piece *p)
{
	tb_ht_rec *r = ctx;
	tb_xw *w = &r->w;
	if (!p->glue)
		tb_ht_text(w, " ");
	long f = r->note && p->alt >= 0 && p->alt < 16 ? r->note->f[p->alt] : -1;
	if (f >= 0) /* the position the reading makes */
		tb_ht_link_start(r, f, -1, "tb-turn tb-alt");
	switch (p->kind) {
	case TB_APP_TURN:
		tb_ht_bdi(w, "tb-app-turn", "dir", "ltr", p->text);
		break;
	case TB_APP_SIGLUM:
		tb_ht_bdi(w, "tb-siglum", NULL, NULL, p->text);
		break;
	case TB_APP_LABEL:
		tb_ht_elem(w, "b", NULL, p->text);
		break;
	case TB_APP_VALUE:
	case TB_APP_COMMENT:
		tb_ht_bdi(w, NULL, "lang", p->lang, p->text);
		break;
	default:
		tb_ht_text(w, p->text);
		break;
	}
	if (f >= 0)
		tb_xw_end(w);
}

/* Node 'n' of the main line has a note: its frames kept for the note's
 * links, its mark written, a link to the note and back. NULL when
 * memory ran out. */
static struct tb_ht_app *H_app_mark(tb_ht_rec *r, const tb_node *n)
{
	if (r->nnotes == r->cnotes) {
		size_t cap = r->cnotes ? 2 * r->cnotes : 16;
		struct tb_ht_app *more = tb_realloc(r->notes, cap * sizeof *more);
		if (!more) {
			tb_buf_fail(&r->h->body);
			return NULL;
		}
		r->notes = more;
		r->cnotes = cap;
	}
	struct tb_ht_app *note = &r->notes[r->nnotes++];
	note->n = n;
	for (int i = 0; i < 16; i++)
		note->f[i] = -1;
	char id[64], href[64], num[32];
	snprintf(num, sizeof num, "%zu", r->nnotes);
	snprintf(id, sizeof id, "tb-app-%ld-%zu-ref", r->id, r->nnotes);
	snprintf(href, sizeof href, "#tb-app-%ld-%zu", r->id, r->nnotes);
	char *label = tb_ht_own(r, tb_lang_format(r->l, "app.ref", (const char *[]){num}, 1));
	tb_xw_start(&r->w, "sup", "tb-appref");
	tb_xw_inline(&r->w);
	tb_xw_start(&r->w, "a", NULL);
	tb_xw_attr(&r->w, "id", id);
	tb_xw_attr(&r->w, "href", href);
	tb_xw_attr(&r->w, "aria-label", label ? label : "");
	tb_xw_inline(&r->w);
	tb_ht_text(&r->w, num);
	tb_xw_end(&r->w);
	tb_xw_end(&r->w);
	free(label);
	return note;
}

/* The witnesses and the tags that differ, under the title. */
void tb_ht_app_head(tb_ht_rec *r)
{
	tb_xw *w = &r->w;
	tb_xw_start(w, "div", "tb-app-head");
	tb_xw_start(w, "p", "tb-witnesses");
	tb_xw_inline(w);
	tb_app_witnesses(&r->app);
	tb_xw_end(w);
	int head = 0;
	for (size_t i = 0; i < r->rec->ntags; i++) {
		if (!tb_app_tag_noted(&r->app, &r->rec->tags[i]))
			continue;
		if (!head++) {
			tb_ht_elem(w, "p", "tb-app-tags-title", tb_ht_word(r, "app.tags"));
			tb_xw_start(w, "ul", "tb-app-tags");
		}
		tb_xw_start(w, "li", NULL);
		tb_xw_inline(w);
		tb_app_tag_note(&r->app, &r->rec->tags[i]);
		tb_xw_end(w);
	}
	if (head)
		tb_xw_end(w);
	tb_xw_end(w);
}

/* The notes, each linked from its mark and back, in the page's
 * language and direction. */
void tb_ht_app_notes(tb_ht_rec *r)
{
	if (r->app.nomem) /* the head's, and the comments' sigla */
		tb_buf_fail(&r->h->body);
	if (!r->nnotes)
		return;
	tb_xw *w = &r->w;
	char id[64], href[64], num[32];
	snprintf(id, sizeof id, "tb-app-%ld", r->id);
	tb_xw_start(w, "section", "tb-apparatus");
	tb_xw_attr(w, "aria-labelledby", id);
	tb_xw_attr(w, "lang", r->l->code);
	tb_xw_attr(w, "dir", r->l->rtl ? "rtl" : "ltr");
	tb_xw_start(w, "h3", NULL);
	tb_xw_attr(w, "id", id);
	tb_xw_inline(w);
	tb_ht_text(w, tb_ht_word(r, "app.title"));
	tb_xw_end(w);
	tb_xw_start(w, "ol", NULL);
	for (size_t i = 0; i < r->nnotes; i++) {
		snprintf(id, sizeof id, "tb-app-%ld-%zu", r->id, i + 1);
		snprintf(href, sizeof href, "#tb-app-%ld-%zu-ref", r->id, i + 1);
		snprintf(num, sizeof num, "%zu", i + 1);
		tb_xw_start(w, "li", NULL);
		tb_xw_attr(w, "id", id);
		tb_xw_inline(w);
		r->note = &r->notes[i];
		tb_app_note(&r->app, r->notes[i].n);
		r->note = NULL;
		char *label = tb_ht_own(r, tb_lang_format(r->l, "app.back", (const char *[]){num}, 1));
		tb_ht_text(w, " ");
		tb_xw_start(w, "a", "tb-appback");
		tb_xw_attr(w, "href", href);
		tb_xw_attr(w, "aria-label", label ? label : "");
		tb_xw_inline(w);
		tb_ht_text(w, "↩");
		tb_xw_end(w);
		free(label);
		tb_xw_end(w);
	}
	tb_xw_end(w);
	tb_xw_end(w);
	if (r->app.nomem)
		tb_buf_fail(&r->h->body);
}

/* A stop the record itself explains (a gap, a turn nobody knows). */
static int H_said(const tb_node *n)
{
	return n && (tb_node_followed(n) == TB_NODE_GAP || tb_node_followed(n) == TB_NODE_UNKNOWN);
}

/* Where the page stands in one line of the movetext: its walk, the
 * frames about it, and the node being written. */
typedef struct H_level {
	tb_walk own;          /* a variation's walk (the main line's is the caller's) */
	tb_walk *w;           /* the walk of this line: before the node, then after it */
	tb_walk pre;          /* the walk before the node, kept when it forks (forked) */
	int forked;           /* the node has variations, or is a reading */
	long prev;            /* the frame before the node on this line (-1: none) */
	long pre_frame;       /* that frame, kept for the node's variations */
	long f;               /* the node's frame (-1: none) */
	long lid;             /* the line's number (0: the main line) */
	long back;            /* the main line's frame a variation goes back to */
	int need_number;      /* the next turn is numbered, even the second side's */
} H_level;

/* Node 'n' of the line at 'lv' (of nesting 'level'), walked and
 * written: a turn, gap or restated position a frame and a link to it,
 * a reading's other alternatives, where the rules stop. */
static void H_node(tb_ht_rec *r, H_level *lv, const tb_node *n, int level, tb_buf *t)
{
	tb_walk *w = lv->w;
	uint8_t k = tb_node_followed(n);
	lv->forked = n->variations || n->kind == TB_NODE_READING;
	if (lv->forked)
		tb_ht_fork(&lv->pre, w);
	lv->pre_frame = lv->prev;
	int was = w->live;
	w->next = n;
	tb_walk_node(w);
	int stop_here = was && !w->live && w->stop == n && !H_said(n);
	char *why = stop_here ? tb_ht_stop_text(r, n, w) : NULL;
	long f = -1, my_back = level ? lv->back : -1;
	tb_buf_clear(t);
	if (tb_ht_is_turn(n)) {
		H_number(t, n);
		if (n->number)
			tb_buf_putc(t, ' ');
		int decided = w->live && w->decided && w->has_last && w->last_node == n;
		if (decided) { /* the turn the rules decided, not the '?' written */
			tb_buf_clear(t);
			tb_walk_last_token(w, t);
		} else
			tb_token_words(t, n);
		char *c = decided ? H_after_decided(r, tb_ht_s(r, t), 1) : H_after_settled(r, w, n, tb_ht_s(r, t), 1);
		if (!c && !decided)
			c = H_after(r, tb_ht_s(r, t));
		f = tb_ht_frame(r, w, c, lv->prev, lv->lid, level ? -1 : w->ply, my_back, why);
		free(c);
		char *title = decided ? tb_ht_own(r, tb_strdup(tb_ht_s(r, t))) : NULL;
		if (n->kind == TB_NODE_UNKNOWN)
			lv->need_number = 1;
		tb_ht_text(&r->w, " "); /* where a line may break */
		if (n->number && (n->side == 0 || lv->need_number)) {
			tb_buf_clear(t);
			H_number(t, n);
			tb_ht_elem(&r->w, "span", "tb-num", tb_ht_s(r, t));
		}
		tb_buf_clear(t);
		tb_token_words(t, n);
		int rec_turn = decided || n->reconstructed ||
		               (n->kind == TB_NODE_READING && n->alts[0].reconstructed);
		tb_ht_link_start(r, f, level ? -1 : w->ply, rec_turn ? "tb-turn tb-reconstructed" : "tb-turn");
		if (rec_turn) /* put in by the rules, not the source: said (and what) */
			H_title_decided(r, title);
		free(title);
		tb_ht_text(&r->w, tb_ht_s(r, t));
		for (unsigned i = 0; i < n->nnags; i++) {
			const char *s = tb_nag_text(n->nags[i], i == 0);
			char dollar[16];
			snprintf(dollar, sizeof dollar, " $%u", n->nags[i]);
			if (!s)
				tb_ht_text(&r->w, dollar);
			else if (*s && !(i == 0 && n->nags[0] >= 1 && n->nags[0] <= 6))
				tb_ht_text(&r->w, " "), tb_ht_text(&r->w, s);
			else
				tb_ht_text(&r->w, s);
		}
		tb_xw_end(&r->w);
		lv->need_number = 0;
		if (n->kind == TB_NODE_UNKNOWN)
			H_note(r, tb_ht_word(r, "book.unknown"));
	} else if (k == TB_NODE_GAP || k == TB_NODE_POSITION) {
		char *g = k == TB_NODE_GAP ? tb_gap_words(r->l, n->gap_min, n->gap_max)
		                           : tb_strdup(tb_ht_word(r, "book.position"));
		tb_ht_own(r, g);
		char *seq = H_gap_decided(r, w, n); /* "b6-a7xe4": the turns the rules found */
		char *c = seq ? H_after_decided(r, g ? g : "", 0)
		              : k == TB_NODE_GAP ? H_after_settled(r, w, n, g ? g : "", 0) : NULL;
		f = tb_ht_frame(r, w, c ? c : g, lv->prev, lv->lid, -1, my_back, why);
		free(c);
		tb_ht_text(&r->w, " ");
		tb_xw_start(&r->w, "span", "tb-note");
		H_page_dir(r);
		tb_xw_inline(&r->w);
		tb_ht_text(&r->w, "[");
		tb_ht_link_start(r, f, -1, seq ? "tb-turn tb-event tb-reconstructed" : "tb-turn tb-event");
		if (seq)
			H_title_decided(r, seq);
		free(seq);
		tb_ht_text(&r->w, g ? g : "");
		tb_xw_end(&r->w);
		tb_ht_text(&r->w, "]");
		tb_xw_end(&r->w);
		free(g);
		lv->need_number = 1;
	} else if (k == TB_NODE_OMITTED) {
		H_note(r, tb_ht_word(r, "book.omitted"));
		lv->need_number = 1;
	}
	struct tb_ht_app *note = r->coll && !level && tb_app_noted(&r->app, n) ? H_app_mark(r, n) : NULL;
	if (note)
		note->f[0] = f;
	if (n->kind == TB_NODE_READING)
		H_reading(r, lv->forked ? &lv->pre : NULL, n, lv->pre_frame, level ? lv->back : f, note);
	if (why) {
		tb_ht_stop_note(r, why);
		if (!level)
			r->stopped = 1;
		free(why);
	}
	lv->f = f;
}

/* The level of a variation (nesting 'level') of the node being
 * written at 'up': its walk forked from before that node, written
 * "(" ... ")". NULL when memory ran out (the page then fails). */
static H_level *H_var_enter(tb_ht_rec *r, const H_level *up, int level)
{
	H_level *lv = tb_calloc(1, sizeof *lv);
	if (!lv) {
		tb_buf_fail(&r->h->body);
		return NULL;
	}
	tb_ht_fork(&lv->own, &up->pre);
	lv->w = &lv->own;
	lv->prev = up->pre_frame;
	lv->lid = ++r->lines;
	lv->back = level > 1 ? up->back : up->f;
	lv->need_number = 1;
	tb_ht_text(&r->w, " ");
	tb_xw_start(&r->w, "span", "tb-var");
	tb_xw_inline(&r->w);
	tb_ht_text(&r->w, "(");
	return lv;
}

/* The main line walked from 'w' (the position before its first node,
 * frame 'prev'), its movetext written through the one traversal
 * (visit.h): each node as H_node writes it, then its comments (an
 * alternative's after its words), then its variations, each walked
 * from the position before the node it stands for. */
void tb_ht_movetext(tb_ht_rec *r, tb_walk *w, const tb_line *main, long prev)
{
	H_level *lv[TB_MAX_DEPTH + 2] = {NULL};
	H_level top = (H_level){.w = w, .prev = prev, .back = -1, .need_number = 1};
	lv[0] = &top;
	tb_buf t = TB_BUF_SOFT;
	tb_visit v;
	tb_visit_init(&v, main);
	for (int ev; (ev = tb_visit_next(&v)) != TB_VISIT_DONE;) {
		int level = (int)v.depth;
		H_level *at = lv[v.depth];
		switch (ev) {
		case TB_VISIT_LINE_ENTER:
			if (level && !(lv[level] = H_var_enter(r, lv[level - 1], level)))
				tb_visit_skip(&v);
			break;
		case TB_VISIT_LINE_EXIT:
			if (!level || !at) /* the main line, or a variation left out */
				break;
			tb_ht_text(&r->w, ")");
			tb_xw_end(&r->w);
			if (at->own.nomem) /* the rules ran out of memory on the variation */
				tb_buf_fail(&r->h->body);
			tb_walk_free(&at->own);
			free(at);
			lv[level] = NULL;
			lv[level - 1]->need_number = 1;
			break;
		case TB_VISIT_NODE_ENTER:
			H_node(r, at, v.node, level, &t);
			break;
		case TB_VISIT_COMMENT:
			if (r->coll && !level && v.at != TB_VISIT_AT_LEAD &&
			    tb_app_in_note(&r->app, v.node, v.comment))
				break; /* said in the node's note */
			if (v.at == TB_VISIT_AT_ALT && v.index == 0) {
				tb_buf_clear(&t);
				tb_alt_words(r->l, &t, v.alt);
			}
			H_comment(r, v.comment, v.at == TB_VISIT_AT_ALT ? tb_ht_s(r, &t) : NULL);
			if (v.at != TB_VISIT_AT_LEAD)
				at->need_number = 1;
			break;
		case TB_VISIT_EVIDENCE: /* the node's time and region: its frame's */
			tb_html_media_link(&r->media, at->f, v.evidence);
			tb_html_media_mark(&r->w, v.evidence);
			break;
		case TB_VISIT_NODE_EXIT:
			if (at->forked)
				tb_walk_free(&at->pre);
			if (at->f >= 0)
				at->prev = at->f;
			break;
		default:
			break;
		}
	}
	tb_buf_free(&t);
}

