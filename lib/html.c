/*
 * html.c -- records as self-contained web pages that replay them
 * (spec/html.md).
 *
 * The rules stay here: every position the page can show -- each turn of
 * the main line, of every variation and of each other alternative of a
 * reading, each gap and restated position -- is computed when the page
 * is written, by the same walk as the diagrams' (replay_walk.c), and embedded
 * as data (JSON in a <script type="application/json">). The page's
 * script (html_page.js, carried as build/gen/html_js.c) only displays
 * it: it draws the pieces at the points this file gives, and sets the
 * marks of the turn (arrows, bands of three, crosses...) that diagram.c
 * drew as SVG fragments. The board itself is diagram.c's, drawn once.
 * The movetext follows the one traversal (visit.h), as every writer's.
 *
 * Size: one board per record and, per position, a string of one letter
 * per point (the pieces) and the marks' fragments, so that a record of
 * 300 turns is a page of about 130 KB (spec/html.md, section 7).
 *
 * Text from the record (tags, comments, tokens) goes into the page only
 * escaped: as HTML text or attribute values by the XML writer's escaping
 * (& < > "), and in the JSON with every < > & escaped as \u003c..., so
 * that no record can close the <script> or add markup.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apparatus.h"
#include "caption.h"
#include "diagram.h"
#include "game.h"
#include "html_media.h"
#include "html_tree.h"
#include "lasterr.h"
#include "text_metrics.h"
#include "visit.h"
#include "words.h"
#include "writer.h"
#include "xalloc.h"

/* The page's script and style sheet (lib/html_page.js, lib/html_page.css),
 * embedded at build time by tools/embed.sh. */
extern const char tb_html_js[];
extern const size_t tb_html_js_len;
extern const char tb_html_css[];
extern const size_t tb_html_css_len;

struct tb_html {
	tb_html_opts o;
	const tb_lang *lang;  /* the page's: the option's, else the first record's */
	tb_buf nav;           /* the chooser's entries */
	tb_buf body;          /* the records' sections */
	tb_buf title;         /* the first record's title */
	tb_buf list;          /* under o.list: the frames as text */
	long nrecs;
	uint64_t games;       /* the records' games (tb_game_bit): their style rules */
	tb_lasterr err;       /* tb_html_errcode, tb_html_errmsg */
	tb_html_tree *tree;   /* the turns played, for a collection (html_tree.c) */
};

/* One record being written. */
typedef struct H_rec {
	tb_html *h;
	const tb_record *rec;
	const tb_lang *l;
	long id;              /* from 1 */
	tb_dia dia;
	int has_dia;
	tb_xw w;              /* the section, into h->body */
	tb_buf frames;        /* the frames' JSON */
	long nframes, lines;
	uint8_t kind_of[256]; /* cell value -> its kind's letter - 'A' + 1 */
	int nkinds;
	tb_buf kinds;         /* their JSON */
	tb_buf under, over, tmp;
	tb_buf media;         /* the evidence links by frame (html_media.h) */
	tb_buf *list;         /* under tb_html_opts.list: each frame as a line */
	int stopped;          /* the rules have stopped on the main line */
	char *first_stop;     /* where and why, first, for tb_html_add's caller */
	tb_app app;           /* the record's apparatus, when it is a collation */
	int coll;             /* it is: its differences are notes (spec/html.md §2) */
	struct H_app { const tb_node *n; long f[16]; } *notes; /* each note's node, and
	                         the frames of its alternatives (-1: none) */
	size_t nnotes, cnotes;
	const struct H_app *note; /* the note being written */
} H_rec;

/* A scratch buffer's text: "" when memory ran out, and then the page
 * fails (its body: tb_html_add says TB_ENOMEM). */
static const char *H_s(H_rec *r, const tb_buf *t)
{
	if (!tb_buf_ok(t)) {
		tb_buf_fail(&r->h->body);
		return "";
	}
	return t->data ? t->data : "";
}

/* 's' (tb_lang_format's, the caller's to free), or a failed page. */
static char *H_own(H_rec *r, char *s)
{
	if (!s)
		tb_buf_fail(&r->h->body);
	return s;
}

/* 1 unless memory ran out writing the page (it is then spent). */
static int H_ok(const tb_html *h)
{
	return tb_buf_ok(&h->nav) && tb_buf_ok(&h->body) && tb_buf_ok(&h->title) &&
	       tb_buf_ok(&h->list);
}

tb_html *tb_html_new(const tb_html_opts *o)
{
	tb_html *h = tb_calloc(1, sizeof *h);
	if (!h)
		return NULL;
	h->nav.soft = h->body.soft = h->title.soft = h->list.soft = 1;
	if (o)
		h->o = *o;
	h->lang = h->o.lang;
	return h;
}

void tb_html_free(tb_html *h)
{
	if (!h)
		return;
	tb_buf_free(&h->nav);
	tb_buf_free(&h->body);
	tb_buf_free(&h->title);
	tb_buf_free(&h->list);
	tb_html_tree_free(h->tree);
	free(h);
}

/* ===== JSON ===== */


static void H_jkey(tb_buf *b, const char *key, const char *s)
{
	tb_buf_printf(b, ",\"%s\":", key);
	tb_buf_jstr(b, s, strlen(s));
}

/* ===== HTML helpers ===== */

static void H_text(tb_xw *w, const char *s) { tb_xw_text(w, s, strlen(s)); }

/* <name class="cls">text</name> */
static void H_elem(tb_xw *w, const char *name, const char *cls, const char *text)
{
	tb_xw_start(w, name, cls);
	tb_xw_inline(w);
	H_text(w, text);
	tb_xw_end(w);
}

static const char *H_word(const H_rec *r, const char *key) { return tb_lang_text(r->l, key); }

/* lang and dir of a text of language 'lang' (NULL: unsaid) */
static void H_lang_dir(tb_xw *w, const char *lang, const char *text)
{
	if (lang && *lang)
		tb_xw_attr(w, "lang", lang);
	int rtl = lang && *lang ? tb_lang_tag_rtl(lang) : tb_text_rtl(text, strlen(text));
	tb_xw_attr(w, "dir", rtl ? "rtl" : "ltr");
}

/* ===== Frames ===== */

/* A writer that adds no white space: the marks' fragments. */
static void H_frag_init(tb_xw *w, tb_buf *b)
{
	tb_buf_clear(b);
	tb_xw_init(w, b);
	w->depth = 1;      /* as inside an element that holds text: */
	w->text_depth = 1; /* no new lines, no indentation */
}

/* The name of its own of the piece 'c' when crowned (Ocencahuac's Eagle
 * and Tiger), in the record's language, or NULL. */
static const char *H_crowned_name(const H_rec *r, uint8_t c)
{
	const tb_game *g = r->dia.rs->game;
	char key[64];
	if (!TB_CELL_CROWNED(c) || !*g->piece_types)
		return NULL;
	snprintf(key, sizeof key, "crowned.%s.%c", g->name, g->piece_types[TB_CELL_TYPE(c)]);
	return tb_lang_text(r->l, key);
}

/* The pieces of 's', one letter a point: '.' for none, else its kind's. */
static void H_pieces(H_rec *r, tb_buf *b, const tb_state *s)
{
	const tb_ruleset *rs = r->dia.rs;
	for (int p = 0; p < rs->geo.npoints; p++) {
		uint8_t c = s->cell[p];
		if (!c) {
			tb_buf_putc(b, '.');
			continue;
		}
		if (!r->kind_of[c] && r->nkinds < 26) {
			r->kind_of[c] = (uint8_t)++r->nkinds;
			int side = TB_CELL_SIDE(c);
			const char *types = rs->game->piece_types;
			char label[2] = {*types ? types[TB_CELL_TYPE(c)] : 0, 0};
			tb_buf_printf(&r->kinds, "%s[%d,", r->nkinds > 1 ? "," : "", side);
			tb_buf_jstr(&r->kinds, label, strlen(label));
			tb_buf_printf(&r->kinds, ",%d", TB_CELL_CROWNED(c));
			const char *name = H_crowned_name(r, c);
			if (name) {
				tb_buf_putc(&r->kinds, ',');
				tb_buf_jstr(&r->kinds, name, strlen(name));
			}
			tb_buf_putc(&r->kinds, ']');
		}
		tb_buf_putc(b, r->kind_of[c] ? (char)('A' + r->kind_of[c] - 1) : '.');
	}
}

/* Why the rules do not know the position where 'w' stands, in the
 * page's words, from its frame (note.h); with 'shown', which position
 * the board is. The caller frees it; NULL (the page spent) when memory
 * ran out. */
static char *H_note_text(H_rec *r, const tb_walk *w, int shown)
{
	tb_note n;
	int ok = tb_note_make(&n, w);
	if (!shown)
		n.shown = NULL;
	char *t = tb_note_text(&n, r->l);
	return H_own(r, ok ? t : (free(t), NULL));
}

/* Frame 'r->nframes' as a line of text (tablero html --list): its
 * number, line, turn, caption, and its pieces by side (or "unknown"),
 * as the script shows them; a stop's words on a line of their own. */
static void H_list_frame(H_rec *r, const tb_walk *w, const char *caption, long prev, long line,
                         long ply, const char *why)
{
	tb_buf *b = r->list;
	tb_buf_printf(b, "f=%ld", r->nframes);
	if (ply >= 0)
		tb_buf_printf(b, " ply=%ld", ply);
	if (line)
		tb_buf_printf(b, " line=%ld from f=%ld", line, prev);
	tb_buf_printf(b, "  %s  ", caption);
	if (!w || !(w->live || tb_walk_open(w))) {
		tb_buf_puts(b, "unknown");
	} else {
		const tb_ruleset *rs = r->dia.rs;
		for (int side = 0; side < 2; side++) {
			tb_buf_printf(b, "%s%c:", side ? " " : "", rs->game->side_letter[side]);
			int first = 1;
			for (int p = 0; p < rs->geo.npoints; p++) {
				uint8_t c = w->st.cell[p];
				if (!c || TB_CELL_SIDE(c) != side)
					continue;
				const char *types = rs->game->piece_types;
				if (!first)
					tb_buf_putc(b, ',');
				first = 0;
				if (*types)
					tb_buf_putc(b, types[TB_CELL_TYPE(c)]);
				tb_buf_printf(b, "%c%d", 'a' + (int)rs->geo.points[p].x,
				              (int)rs->geo.points[p].y + 1);
				if (TB_CELL_CROWNED(c))
					tb_buf_putc(b, '+');
				if (H_crowned_name(r, c))
					tb_buf_printf(b, " %s", H_crowned_name(r, c));
			}
		}
	}
	tb_buf_putc(b, '\n');
	if (why)
		tb_buf_printf(b, "  %s\n", why);
}

/* Adds a frame: the position of walk 'w' when it is known (live), its
 * caption, the frame before it on its line ('prev', -1: none), its line
 * ('line'), the main line's ply it is the turn of ('ply', -1: none), the
 * main line's frame a variation goes back to ('back'), and why the rules
 * stop here ('why', or NULL). Returns its index. */
static long H_frame(H_rec *r, const tb_walk *w, const char *caption, long prev, long line,
                    long ply, long back, const char *why)
{
	tb_buf *b = &r->frames;
	char *note = NULL; /* an open stretch: the last position known, and why */
	if (!why && w && tb_walk_open(w))
		why = note = H_note_text(r, w, 1);
	if (!caption) { /* out of memory making it */
		tb_buf_fail(b);
		caption = "";
	}
	if (r->nframes)
		tb_buf_putc(b, ',');
	tb_buf_puts(b, "{\"c\":");
	tb_buf_jstr(b, caption, strlen(caption));
	if (w && (w->live || tb_walk_open(w))) {
		tb_buf_clear(&r->tmp);
		H_pieces(r, &r->tmp, &w->st);
		H_jkey(b, "s", H_s(r, &r->tmp));
		tb_view f;
		if (!tb_view_from_walk(&f, w, (long)tb_record_plies(r->rec)))
			tb_buf_fail(b);
		tb_xw u, o;
		H_frag_init(&u, &r->under);
		H_frag_init(&o, &r->over);
		tb_dia_marks(&r->dia, &u, &o, &f);
		if (r->under.len)
			H_jkey(b, "u", H_s(r, &r->under));
		if (r->over.len)
			H_jkey(b, "o", H_s(r, &r->over));
	}
	if (prev >= 0)
		tb_buf_printf(b, ",\"p\":%ld", prev);
	if (line)
		tb_buf_printf(b, ",\"l\":%ld", line);
	if (ply >= 0)
		tb_buf_printf(b, ",\"y\":%ld", ply);
	if (back >= 0)
		tb_buf_printf(b, ",\"b\":%ld", back);
	if (why)
		H_jkey(b, "w", why);
	tb_buf_putc(b, '}');
	if (r->list)
		H_list_frame(r, w, caption, prev, line, ply, why);
	free(note);
	return r->nframes++;
}

/* A copy of walk 'w' to go down another line from where it is: its own
 * scratch (freed by tb_walk_free). */
static void H_fork(tb_walk *to, const tb_walk *w) { tb_walk_fork(to, w); }

/* ===== The movetext ===== */

static int H_is_turn(const tb_node *n) { return tb_kind_is_turn(tb_node_followed(n)); }

/* A link to frame 'f': "#ply=N" for a turn of the main line, else "#f=F". */
static void H_link_start(H_rec *r, long f, long ply, const char *cls)
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
static void H_page_dir(H_rec *r)
{
	if (r->l->rtl) {
		tb_xw_attr(&r->w, "lang", r->l->code);
		tb_xw_attr(&r->w, "dir", "rtl");
	}
}

/* A comment, 'prefix' (an alternative's words) before it. */
static void H_comment(H_rec *r, const tb_comment *c, const char *prefix)
{
	if (!*c->text && c->nmarks && !prefix)
		return; /* author's marks alone: drawn on the board, no words to show */
	tb_xw_start(&r->w, "span", "tb-comment");
	H_lang_dir(&r->w, c->lang, c->text);
	tb_xw_inline(&r->w);
	if (prefix) {
		tb_xw_start(&r->w, "b", NULL);
		H_text(&r->w, prefix);
		tb_xw_end(&r->w);
		H_text(&r->w, ": ");
	}
	const char *text = c->text;
	if (r->coll && tb_app_attribution(&r->app, c, &text)) /* "cinta: ..." */
		H_text(&r->w, " ");
	H_text(&r->w, text);
	tb_xw_end(&r->w);
}

static void H_comments(H_rec *r, const tb_comment *c)
{
	for (; c; c = c->next)
		H_comment(r, c, NULL);
}

/* A note in the page's words: [text] */
static void H_note(H_rec *r, const char *text)
{
	H_text(&r->w, " ");
	tb_xw_start(&r->w, "span", "tb-note");
	H_page_dir(r);
	tb_xw_inline(&r->w);
	H_text(&r->w, "[");
	H_text(&r->w, text);
	H_text(&r->w, "]");
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
static char *H_after(H_rec *r, const char *token)
{
	tb_buf t = TB_BUF_SOFT;
	tb_buf_printf(&t, r->l->rtl ? "\xE2\x81\xA6%s\xE2\x81\xA9" : "%s", token);
	char *s = H_own(r, tb_lang_format(r->l, "caption.after", (const char *[]){H_s(r, &t)}, 1));
	tb_buf_free(&t);
	return s;
}


/* "Tras 19... g1-f2 (reconstruida)": a turn the rules decided ('turn'
 * 1), or words ("falta una jugada") followed by the same mark. */
static char *H_after_decided(H_rec *r, const char *token, int turn)
{
	char *a = turn ? H_after(r, token) : H_own(r, tb_strdup(token));
	tb_buf t = TB_BUF_SOFT;
	tb_buf_printf(&t, "%s (%s)", a ? a : "", H_word(r, "caption.reconstructed"));
	free(a);
	return H_own(r, tb_buf_detach(&t, NULL));
}

/* "Tras 4... ? (posición reconstruida, caben 3 jugadas)": node 'n', its
 * words 'token' (a turn, 'turn' 1; else a gap's words), whose position
 * the rules know and whose turn they do not -- several fit ('w' just
 * walked it); else NULL. The caller frees it. */
static char *H_after_settled(H_rec *r, const tb_walk *w, const tb_node *n, const char *token,
                             int turn)
{
	if (!w->live || !w->settled || w->settled_node != n)
		return NULL;
	char count[24];
	snprintf(count, sizeof count, "%llu", w->settled);
	char *a = turn ? H_after(r, token) : H_own(r, tb_strdup(token));
	char *m = H_own(r, tb_lang_format(r->l, turn ? "caption.settled" : "caption.settled.gap",
	                                  (const char *[]){count}, 1));
	tb_buf t = TB_BUF_SOFT;
	tb_buf_printf(&t, "%s (%s)", a ? a : "", m ? m : "");
	free(a);
	free(m);
	return H_own(r, tb_buf_detach(&t, NULL));
}

/* A reconstructed turn's title: "reconstruida", and the turn the rules
 * decided ('token', or NULL) after it. */
static void H_title_decided(H_rec *r, const char *token)
{
	tb_buf t = TB_BUF_SOFT;
	tb_buf_puts(&t, H_word(r, "caption.reconstructed"));
	if (token)
		tb_buf_printf(&t, ": %s", token);
	tb_xw_attr(&r->w, "title", t.data ? t.data : "");
	if (!tb_buf_ok(&t))
		tb_buf_fail(&r->h->body);
	tb_buf_free(&t);
}

/* The turns of gap 'n', just walked by 'w', when the rules decided them
 * (one sequence fits), space-separated; else NULL. The caller frees it. */
static char *H_gap_decided(H_rec *r, const tb_walk *w, const tb_node *n)
{
	const tb_frame *f = w->frame;
	if (!w->live || !f || f->node != n || f->status != TB_FRAME_RECONSTRUCTED || !f->nseq)
		return NULL;
	return H_own(r, tb_replay_token(w->rp, tb_replay_find(w->rp, n, f->alt)));
}

/* The stop of the rules at node 'n' (NULL: the start) in the page's
 * words: where and why. The caller frees it. */
static char *H_stop_text(H_rec *r, const tb_node *n, const tb_walk *wk)
{
	const char *why = wk->why; /* the caller's, in English; the page's from the frame */
	char *said = H_note_text(r, wk, 0);
	/* the rules' own words in the page's language (tb_replay_why_in) */
	char *words = n && wk->why_frame >= -1 ? tb_replay_why_in(wk->rp, wk->why_frame, r->l) : NULL;
	if (n && wk->why_frame >= -1 && !words)
		tb_buf_fail(&r->h->body); /* memory ran out saying them */
	tb_buf where = TB_BUF_SOFT;
	if (n && H_is_turn(n) && n->number)
		tb_buf_printf(&where, "%u%s ", n->number, n->side == 1 ? "..." : ".");
	if (n)
		tb_write_node(&where, r->rec->game, n, TB_WRITE_BARE);
	/* "Las reglas no admiten 3. d1-d2 tal como está escrita; d2 ya está
	 * ocupado." names the turn, then the rules' own words */
	if (n && said && words && *words) {
		char *more = H_own(r, tb_lang_format(r->l, "note.join", (const char *[]){said, words}, 2));
		free(said);
		said = more;
	}
	free(words);
	char *t = H_own(r, n ? tb_lang_format(r->l, "note.sentence", (const char *[]){said}, 1)
	                     : tb_lang_format(r->l, "html.stopped.start",
	                                      (const char *[]){H_s(r, &where), said}, 2));
	free(said);
	if (!r->stopped && !r->first_stop) { /* for the caller, in English */
		tb_buf m = TB_BUF_SOFT;
		if (n)
			tb_buf_printf(&m, "the rules stop at %s (line %u): %s; the page replays the record "
			              "up to there, and says why", H_s(r, &where), n->span.line, why);
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
static void H_stop_note(H_rec *r, const char *text)
{
	tb_xw_start(&r->w, "span", "tb-stop");
	tb_xw_attr(&r->w, "role", "note");
	H_page_dir(r);
	tb_xw_inline(&r->w);
	H_text(&r->w, text);
	tb_xw_end(&r->w);
}

/* A reading's other alternatives, each a link to the position it would
 * make from 'pre' (the walk before the reading): "[uncertain reading:
 * or b, or c]". */
static void H_reading(H_rec *r, const tb_walk *pre, const tb_node *n, long pre_frame, long back,
                      struct H_app *note)
{
	tb_buf t = TB_BUF_SOFT;
	tb_buf ignored = TB_BUF_SOFT;
	tb_xw shown = r->w;
	if (note) /* a collation's: its alternatives are links in its note, not here */
		tb_xw_init(&r->w, &ignored);
	H_text(&r->w, " ");
	tb_xw_start(&r->w, "span", "tb-note tb-reading");
	H_page_dir(r);
	tb_xw_inline(&r->w);
	tb_buf_printf(&t, "[%s%s", H_word(r, "book.reading"), n->nalts > 1 ? ":" : "");
	H_text(&r->w, H_s(r, &t));
	for (unsigned a = 1; a < n->nalts; a++) {
		const tb_alt *alt = &n->alts[a];
		tb_buf_clear(&t);
		tb_buf_printf(&t, "%s %s ", a > 1 ? "," : "", H_word(r, "book.or"));
		H_text(&r->w, H_s(r, &t));
		tb_buf_clear(&t);
		tb_alt_words(r->l, &t, alt);
		if (alt->kind == TB_NODE_OMITTED || !pre) {
			H_text(&r->w, H_s(r, &t));
			continue;
		}
		/* the alternative played where the reading stands */
		tb_walk aw;
		H_fork(&aw, pre);
		int was = aw.live;
		tb_walk_alt(&aw, n, a);
		tb_buf cap = TB_BUF_SOFT;
		H_number(&cap, n);
		tb_buf_printf(&cap, "%s%s", n->number ? " " : "", H_s(r, &t));
		char *c = H_after(r, H_s(r, &cap));
		char *said = was && !aw.live && !tb_walk_open(&aw) ? H_note_text(r, &aw, 0) : NULL;
		long f = H_frame(r, &aw, c, pre_frame, ++r->lines, -1, back, said);
		if (note && a < 16)
			note->f[a] = f;
		free(said);
		free(c);
		tb_buf_free(&cap);
		H_link_start(r, f, -1, "tb-turn tb-alt");
		H_text(&r->w, H_s(r, &t));
		tb_xw_end(&r->w);
		if (aw.nomem) /* the rules ran out of memory explaining it */
			tb_buf_fail(&r->h->body);
		tb_walk_free(&aw);
	}
	H_text(&r->w, "]");
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
static void H_app_piece(void *ctx, const tb_app_piece *p)
{
	H_rec *r = ctx;
	tb_xw *w = &r->w;
	if (!p->glue)
		H_text(w, " ");
	long f = r->note && p->alt >= 0 && p->alt < 16 ? r->note->f[p->alt] : -1;
	if (f >= 0) /* the position the reading makes */
		H_link_start(r, f, -1, "tb-turn tb-alt");
	switch (p->kind) {
	case TB_APP_TURN:
		tb_xw_start(w, "bdi", "tb-app-turn");
		tb_xw_attr(w, "dir", "ltr");
		tb_xw_inline(w);
		H_text(w, p->text);
		tb_xw_end(w);
		break;
	case TB_APP_SIGLUM:
		tb_xw_start(w, "bdi", "tb-siglum");
		tb_xw_inline(w);
		H_text(w, p->text);
		tb_xw_end(w);
		break;
	case TB_APP_LABEL:
		H_elem(w, "b", NULL, p->text);
		break;
	case TB_APP_VALUE:
	case TB_APP_COMMENT:
		tb_xw_start(w, "bdi", NULL);
		if (p->lang)
			tb_xw_attr(w, "lang", p->lang);
		tb_xw_inline(w);
		H_text(w, p->text);
		tb_xw_end(w);
		break;
	default:
		H_text(w, p->text);
		break;
	}
	if (f >= 0)
		tb_xw_end(w);
}

/* Node 'n' of the main line has a note: its frames kept for the note's
 * links, its mark written, a link to the note and back. NULL when
 * memory ran out. */
static struct H_app *H_app_mark(H_rec *r, const tb_node *n)
{
	if (r->nnotes == r->cnotes) {
		size_t cap = r->cnotes ? 2 * r->cnotes : 16;
		struct H_app *more = tb_realloc(r->notes, cap * sizeof *more);
		if (!more) {
			tb_buf_fail(&r->h->body);
			return NULL;
		}
		r->notes = more;
		r->cnotes = cap;
	}
	struct H_app *note = &r->notes[r->nnotes++];
	note->n = n;
	for (int i = 0; i < 16; i++)
		note->f[i] = -1;
	char id[64], href[64], num[32];
	snprintf(num, sizeof num, "%zu", r->nnotes);
	snprintf(id, sizeof id, "tb-app-%ld-%zu-ref", r->id, r->nnotes);
	snprintf(href, sizeof href, "#tb-app-%ld-%zu", r->id, r->nnotes);
	char *label = H_own(r, tb_lang_format(r->l, "app.ref", (const char *[]){num}, 1));
	tb_xw_start(&r->w, "sup", "tb-appref");
	tb_xw_inline(&r->w);
	tb_xw_start(&r->w, "a", NULL);
	tb_xw_attr(&r->w, "id", id);
	tb_xw_attr(&r->w, "href", href);
	tb_xw_attr(&r->w, "aria-label", label ? label : "");
	tb_xw_inline(&r->w);
	H_text(&r->w, num);
	tb_xw_end(&r->w);
	tb_xw_end(&r->w);
	free(label);
	return note;
}

/* The witnesses and the tags that differ, under the title. */
static void H_app_head(H_rec *r)
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
			H_elem(w, "p", "tb-app-tags-title", H_word(r, "app.tags"));
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
static void H_app_notes(H_rec *r)
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
	H_text(w, H_word(r, "app.title"));
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
		char *label = H_own(r, tb_lang_format(r->l, "app.back", (const char *[]){num}, 1));
		H_text(w, " ");
		tb_xw_start(w, "a", "tb-appback");
		tb_xw_attr(w, "href", href);
		tb_xw_attr(w, "aria-label", label ? label : "");
		tb_xw_inline(w);
		H_text(w, "↩");
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
static void H_node(H_rec *r, H_level *lv, const tb_node *n, int level, tb_buf *t)
{
	tb_walk *w = lv->w;
	uint8_t k = tb_node_followed(n);
	lv->forked = n->variations || n->kind == TB_NODE_READING;
	if (lv->forked)
		H_fork(&lv->pre, w);
	lv->pre_frame = lv->prev;
	int was = w->live;
	w->next = n;
	tb_walk_node(w);
	int stop_here = was && !w->live && w->stop == n && !H_said(n);
	char *why = stop_here ? H_stop_text(r, n, w) : NULL;
	long f = -1, my_back = level ? lv->back : -1;
	tb_buf_clear(t);
	if (H_is_turn(n)) {
		H_number(t, n);
		if (n->number)
			tb_buf_putc(t, ' ');
		int decided = w->live && w->decided && w->has_last && w->last_node == n;
		if (decided) { /* the turn the rules decided, not the '?' written */
			tb_buf_clear(t);
			tb_walk_last_token(w, t);
		} else
			tb_token_words(t, n);
		char *c = decided ? H_after_decided(r, H_s(r, t), 1) : H_after_settled(r, w, n, H_s(r, t), 1);
		if (!c && !decided)
			c = H_after(r, H_s(r, t));
		f = H_frame(r, w, c, lv->prev, lv->lid, level ? -1 : w->ply, my_back, why);
		free(c);
		char *title = decided ? H_own(r, tb_strdup(H_s(r, t))) : NULL;
		if (n->kind == TB_NODE_UNKNOWN)
			lv->need_number = 1;
		H_text(&r->w, " "); /* where a line may break */
		if (n->number && (n->side == 0 || lv->need_number)) {
			tb_buf_clear(t);
			H_number(t, n);
			H_elem(&r->w, "span", "tb-num", H_s(r, t));
		}
		tb_buf_clear(t);
		tb_token_words(t, n);
		int rec_turn = decided || n->reconstructed ||
		               (n->kind == TB_NODE_READING && n->alts[0].reconstructed);
		H_link_start(r, f, level ? -1 : w->ply, rec_turn ? "tb-turn tb-reconstructed" : "tb-turn");
		if (rec_turn) /* put in by the rules, not the source: said (and what) */
			H_title_decided(r, title);
		free(title);
		H_text(&r->w, H_s(r, t));
		for (unsigned i = 0; i < n->nnags; i++) {
			const char *s = tb_nag_text(n->nags[i], i == 0);
			char dollar[16];
			snprintf(dollar, sizeof dollar, " $%u", n->nags[i]);
			if (!s)
				H_text(&r->w, dollar);
			else if (*s && !(i == 0 && n->nags[0] >= 1 && n->nags[0] <= 6))
				H_text(&r->w, " "), H_text(&r->w, s);
			else
				H_text(&r->w, s);
		}
		tb_xw_end(&r->w);
		lv->need_number = 0;
		if (n->kind == TB_NODE_UNKNOWN)
			H_note(r, H_word(r, "book.unknown"));
	} else if (k == TB_NODE_GAP || k == TB_NODE_POSITION) {
		char *g = k == TB_NODE_GAP ? tb_gap_words(r->l, n->gap_min, n->gap_max)
		                           : tb_strdup(H_word(r, "book.position"));
		H_own(r, g);
		char *seq = H_gap_decided(r, w, n); /* "b6-a7xe4": the turns the rules found */
		char *c = seq ? H_after_decided(r, g ? g : "", 0)
		              : k == TB_NODE_GAP ? H_after_settled(r, w, n, g ? g : "", 0) : NULL;
		f = H_frame(r, w, c ? c : g, lv->prev, lv->lid, -1, my_back, why);
		free(c);
		H_text(&r->w, " ");
		tb_xw_start(&r->w, "span", "tb-note");
		H_page_dir(r);
		tb_xw_inline(&r->w);
		H_text(&r->w, "[");
		H_link_start(r, f, -1, seq ? "tb-turn tb-event tb-reconstructed" : "tb-turn tb-event");
		if (seq)
			H_title_decided(r, seq);
		free(seq);
		H_text(&r->w, g ? g : "");
		tb_xw_end(&r->w);
		H_text(&r->w, "]");
		tb_xw_end(&r->w);
		free(g);
		lv->need_number = 1;
	} else if (k == TB_NODE_OMITTED) {
		H_note(r, H_word(r, "book.omitted"));
		lv->need_number = 1;
	}
	struct H_app *note = r->coll && !level && tb_app_noted(&r->app, n) ? H_app_mark(r, n) : NULL;
	if (note)
		note->f[0] = f;
	if (n->kind == TB_NODE_READING)
		H_reading(r, lv->forked ? &lv->pre : NULL, n, lv->pre_frame, level ? lv->back : f, note);
	if (why) {
		H_stop_note(r, why);
		if (!level)
			r->stopped = 1;
		free(why);
	}
	lv->f = f;
}

/* The level of a variation (nesting 'level') of the node being
 * written at 'up': its walk forked from before that node, written
 * "(" ... ")". NULL when memory ran out (the page then fails). */
static H_level *H_var_enter(H_rec *r, const H_level *up, int level)
{
	H_level *lv = tb_calloc(1, sizeof *lv);
	if (!lv) {
		tb_buf_fail(&r->h->body);
		return NULL;
	}
	H_fork(&lv->own, &up->pre);
	lv->w = &lv->own;
	lv->prev = up->pre_frame;
	lv->lid = ++r->lines;
	lv->back = level > 1 ? up->back : up->f;
	lv->need_number = 1;
	H_text(&r->w, " ");
	tb_xw_start(&r->w, "span", "tb-var");
	tb_xw_inline(&r->w);
	H_text(&r->w, "(");
	return lv;
}

/* The main line walked from 'w' (the position before its first node,
 * frame 'prev'), its movetext written through the one traversal
 * (visit.h): each node as H_node writes it, then its comments (an
 * alternative's after its words), then its variations, each walked
 * from the position before the node it stands for. */
static void H_movetext(H_rec *r, tb_walk *w, const tb_line *main, long prev)
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
			H_text(&r->w, ")");
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
			H_comment(r, v.comment, v.at == TB_VISIT_AT_ALT ? H_s(r, &t) : NULL);
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

/* ===== The record around the board ===== */

/* A tag's value; a timecode at its end ("شريط 4 @ 00:31:05-00:58:20")
 * isolated left to right, or after Arabic words its two times would
 * change places (two Arabic numbers around a hyphen, UAX #9 W2). */
static void H_value(H_rec *r, const char *value)
{
	const char *at = strstr(value, " @ ");
	while (at && strstr(at + 3, " @ "))
		at = strstr(at + 3, " @ ");
	if (!at || at[3] < '0' || at[3] > '9') {
		H_text(&r->w, value);
		return;
	}
	tb_buf t = TB_BUF_SOFT;
	tb_buf_put(&t, value, (size_t)(at - value) + 1);
	H_text(&r->w, H_s(r, &t));
	tb_xw_start(&r->w, "bdi", NULL);
	tb_xw_attr(&r->w, "dir", "ltr");
	tb_xw_inline(&r->w);
	H_text(&r->w, at + 1);
	tb_xw_end(&r->w);
	tb_buf_free(&t);
}

static void H_tags(H_rec *r)
{
	tb_xw *w = &r->w;
	tb_xw_start(w, "table", "tb-tags");
	H_elem(w, "caption", NULL, H_word(r, "html.tags"));
	tb_xw_start(w, "tbody", NULL);
	const char *name, *value;
	char key[64];
	for (size_t i = 0; tb_record_tag_at(r->rec, i, &name, &value); i++) {
		tb_xw_start(w, "tr", NULL);
		tb_xw_start(w, "th", NULL);
		tb_xw_attr(w, "scope", "row");
		tb_xw_inline(w);
		/* the label in the page's words; the tag's own name, the
		 * notation's and not a word of any language, stays out of
		 * sight, for scripts */
		tb_xw_attr(w, "data-tag", name);
		H_text(w, tb_tag_label(r->l, r->rec->game, name, key, sizeof key));
		tb_xw_end(w);
		tb_xw_start(w, "td", NULL);
		tb_xw_attr(w, "dir", "auto");
		tb_xw_inline(w);
		H_value(r, value);
		tb_xw_end(w);
		tb_xw_end(w);
	}
	tb_xw_end(w);
	tb_xw_end(w);
}

/* The result, what it means, and how the game ended by the rules. */
static void H_result(H_rec *r, const tb_walk *w)
{
	tb_xw *x = &r->w;
	tb_para p;
	tb_para_init(&p, r->l->rtl, r->l->code);
	tb_para_result(&p, r->rec, r->l);
	tb_buf t = TB_BUF_SOFT;
	tb_para_plain(&p, &t);
	tb_para_free(&p);
	while (tb_buf_ok(&t) && t.len && (t.data[t.len - 1] == '\n' || t.data[t.len - 1] == ' '))
		t.data[--t.len] = '\0';
	tb_xw_start(x, "dl", "tb-result");
	H_elem(x, "dt", NULL, H_word(r, "label.result"));
	H_elem(x, "dd", "tb-result-value", H_s(r, &t));
	tb_result res;
	char why[256] = "";
	const char *end = NULL;
	if (w && w->live && tb_rules_over_in(&w->rs, &w->st, r->l, &res, why, sizeof why))
		end = why;
	H_elem(x, "dt", NULL, H_word(r, "html.ended"));
	tb_xw_start(x, "dd", "tb-ending");
	tb_xw_inline(x);
	if (end) { /* the result as written, isolated ("0-1" reads left to
		            * right on an Arabic page), then the rules' words in
		            * the page's language */
		tb_xw_start(x, "bdi", NULL);
		tb_xw_attr(x, "dir", "ltr");
		tb_xw_inline(x);
		H_text(x, tb_result_text[res]);
		tb_xw_end(x);
		tb_buf_clear(&t);
		tb_buf_printf(&t, " (%s)", end);
		H_text(x, H_s(r, &t));
	} else {
		H_text(x, H_word(r, w && w->live ? "html.notover" : "html.notknown"));
	}
	tb_xw_end(x);
	tb_xw_end(x);
	tb_buf_free(&t);
}

/* The controls: labelled buttons, each a symbol and its words. */
static void H_controls(H_rec *r)
{
	static const char *const b[][3] = {
		/* symbols every font has (DejaVu lacks the media controls) */
		{"first", "html.first", "\xC2\xAB"},     /* « */
		{"prev", "html.prev", "\xE2\x80\xB9"},    /* ‹ */
		{"next", "html.next", "\xE2\x80\xBA"},    /* › */
		{"last", "html.last", "\xC2\xBB"},      /* » */
	};
	tb_xw *w = &r->w;
	tb_xw_start(w, "div", "tb-controls");
	tb_xw_attr(w, "role", "group");
	tb_xw_attr(w, "aria-label", H_word(r, "html.replay"));
	for (size_t i = 0; i < sizeof b / sizeof b[0]; i++) {
		tb_xw_start(w, "button", "tb-btn");
		tb_xw_attr(w, "type", "button");
		tb_xw_attr(w, "data-go", b[i][0]);
		tb_xw_attr(w, "aria-label", H_word(r, b[i][1]));
		tb_xw_attr(w, "title", H_word(r, b[i][1]));
		tb_xw_inline(w);
		tb_xw_start(w, "span", NULL);
		tb_xw_attr(w, "aria-hidden", "true");
		H_text(w, b[i][2]);
		tb_xw_end(w);
		tb_xw_end(w);
	}
	tb_xw_start(w, "button", "tb-btn tb-leave");
	tb_xw_attr(w, "type", "button");
	tb_xw_attr(w, "data-go", "leave");
	tb_xw_attr(w, "hidden", "hidden");
	tb_xw_inline(w);
	H_text(w, H_word(r, "html.leave"));
	tb_xw_end(w);
	tb_xw_end(w);
}

/* The board: diagram.c's, once; the pieces and marks are the script's. */
static void H_board(H_rec *r)
{
	tb_xw *w = &r->w;
	tb_buf v = TB_BUF_SOFT;
	tb_buf_puts(&v, "0 0 ");
	tb_num(&v, r->dia.width);
	tb_buf_putc(&v, ' ');
	tb_num(&v, r->dia.height);
	tb_xw_start(w, "svg", "tablero tb-board");
	tb_xw_attr(w, "viewBox", H_s(r, &v));
	tb_xw_attr(w, "role", "img");
	tb_xw_attr(w, "aria-label", H_word(r, "html.board"));
	tb_xw_start(w, "g", "diagram");
	tb_dia_board(&r->dia, w);
	tb_xw_start(w, "g", "tb-under");
	tb_xw_end(w);
	tb_xw_start(w, "g", "tb-pieces");
	tb_xw_end(w);
	tb_xw_start(w, "g", "tb-over");
	tb_xw_end(w);
	tb_xw_end(w);
	tb_xw_start(w, "text", "tb-unknown-mark");
	tb_xw_num(w, "x", r->dia.bx + r->dia.bw / 2);
	tb_xw_num(w, "y", r->dia.by + r->dia.bh / 2 + 8);
	tb_xw_inline(w);
	H_text(w, "?");
	tb_xw_end(w);
	tb_xw_end(w);
	tb_buf_free(&v);
}

/* The record's data for the script: the points, kinds, sides' names,
 * frames. */
static void H_data(H_rec *r)
{
	tb_buf b = TB_BUF_SOFT;
	const tb_ruleset *rs = r->dia.rs;
	tb_buf_puts(&b, "{\"game\":");
	tb_buf_jstr(&b, rs->game->name, strlen(rs->game->name));
	tb_buf_puts(&b, ",\"pts\":[");
	for (int p = 0; p < rs->geo.npoints; p++) {
		double x, y;
		tb_dia_point(&r->dia, p, &x, &y);
		tb_buf_puts(&b, p ? ",[" : "[");
		tb_num(&b, x);
		tb_buf_putc(&b, ',');
		tb_num(&b, y);
		tb_buf_puts(&b, ",\"");
		tb_buf_putc(&b, (char)('a' + (int)rs->geo.points[p].x));
		tb_buf_printf(&b, "%d\"]", (int)rs->geo.points[p].y + 1);
	}
	tb_buf_puts(&b, "],\"kinds\":[");
	tb_buf_put(&b, r->kinds.data ? r->kinds.data : "", r->kinds.len);
	tb_buf_puts(&b, "],\"cls\":[");
	for (int s = 0; s < 2; s++) {
		if (s)
			tb_buf_putc(&b, ',');
		tb_buf_jstr(&b, rs->game->piece_class[s], strlen(rs->game->piece_class[s]));
	}
	tb_buf_puts(&b, "],\"sides\":[");
	for (int s = 0; s < 2; s++) {
		char key[64];
		snprintf(key, sizeof key, "side.%s.%d", rs->game->name, s);
		const char *t = H_word(r, key);
		if (s)
			tb_buf_putc(&b, ',');
		tb_buf_jstr(&b, t ? t : "", t ? strlen(t) : 0);
	}
	tb_buf_puts(&b, "],\"r\":");
	tb_num(&b, TB_DIA_PIECE_R);
	tb_buf_puts(&b, ",\"cr\":");
	tb_num(&b, TB_DIA_CROWN_R);
	tb_buf_puts(&b, ",\"dy\":");
	tb_num(&b, TB_DIA_LABEL_DY);
	tb_buf_printf(&b, ",\"sq\":%d", rs->game->square_pieces ? 1 : 0);
	H_jkey(&b, "unknown", H_word(r, "html.unknown"));
	H_jkey(&b, "empty", H_word(r, "html.empty"));
	tb_html_media_data(&b, r->rec, &r->media);
	tb_buf_puts(&b, ",\"f\":[");
	tb_buf_put(&b, r->frames.data ? r->frames.data : "", r->frames.len);
	tb_buf_puts(&b, "]}");
	tb_xw_start(&r->w, "script", "tb-data");
	tb_xw_attr(&r->w, "type", "application/json");
	tb_xw_inline(&r->w);
	tb_xw_raw(&r->w, H_s(r, &b), tb_buf_ok(&b) ? b.len : 0); /* escaped by H_jstr: no '<' */
	H_s(r, &r->kinds);
	H_s(r, &r->frames);
	tb_xw_end(&r->w);
	tb_buf_free(&b);
}

static void H_title(H_rec *r, tb_buf *out)
{
	tb_para p;
	tb_para_init(&p, r->l->rtl, r->l->code);
	tb_record_title(&p, r->rec, r->l, 0);
	tb_para_plain(&p, out);
	tb_para_free(&p);
	while (tb_buf_ok(out) && out->len && (out->data[out->len - 1] == '\n' || out->data[out->len - 1] == ' '))
		out->data[--out->len] = '\0';
}

/* tb_html_add, but for its last error (at the end of the file). */
static int H_add(tb_html *h, const tb_record *rec, const char *problems, char **why)
{
	char msg[640];
	*why = NULL;
	if (!H_ok(h))
		return TB_ENOMEM;
	H_rec r;
	memset(&r, 0, sizeof r);
	r.frames.soft = r.kinds.soft = r.under.soft = r.over.soft = r.tmp.soft = r.media.soft = 1;
	r.h = h;
	r.rec = rec;
	r.l = h->o.lang ? h->o.lang : tb_record_lang(rec);
	if (!h->lang)
		h->lang = r.l;
	r.id = ++h->nrecs;
	h->games |= tb_game_bit(rec->game);
	if (!h->o.list && tb_html_tree_add(&h->tree, rec, r.id) < 0)
		tb_buf_fail(&h->nav); /* out of memory: no page, as for the rest of it */
	if (h->o.list) {
		r.list = &h->list;
		tb_buf_printf(r.list, "%sgame=%ld\n", r.id > 1 ? "\n" : "", r.id);
	}
	tb_buf title = TB_BUF_SOFT;
	if (rec->game)
		H_title(&r, &title);
	else
		tb_buf_puts(&title, "?");
	if (!h->title.len)
		tb_buf_puts(&h->title, H_s(&r, &title));
	char id[32];
	snprintf(id, sizeof id, "game-%ld", r.id);
	/* the chooser's entry */
	tb_buf_printf(&h->nav, "<li><a href=\"#game=%ld\">", r.id);
	tb_xml_escape(&h->nav, H_s(&r, &title), tb_buf_ok(&title) ? title.len : 0, 0);
	tb_buf_puts(&h->nav, "</a></li>\n");

	tb_xw_init(&r.w, &h->body);
	r.w.depth = 1;
	tb_xw_start(&r.w, "section", "tb-record");
	tb_xw_attr(&r.w, "id", id);
	tb_xw_attr(&r.w, "lang", r.l->code);
	tb_xw_attr(&r.w, "dir", r.l->rtl ? "rtl" : "ltr");
	tb_xw_start(&r.w, "h1", NULL);
	tb_xw_inline(&r.w);
	H_text(&r.w, H_s(&r, &title));
	tb_xw_end(&r.w);
	tb_buf_free(&title);
	r.coll = rec->game && !rec->errors && tb_app_init(&r.app, rec, r.l, H_app_piece, &r);
	if (r.coll)
		H_app_head(&r);

	tb_walk w;
	int can = !rec->errors && rec->game && rec->game->rules;
	int rc = can ? tb_walk_start(&w, rec, msg, sizeof msg) : 0;
	int started = can && rc == 0;
	if (started)
		w.soft = 1; /* the rules out of memory stop the walk (nomem), not the process */
	if (rc == TB_ENOMEM)
		tb_buf_fail(&h->body);
	else if (can && !started && !(*why = tb_strdup(msg)))
		tb_buf_fail(&h->body);
	if (!can) {
		tb_xw_start(&r.w, "div", "tb-problems");
		tb_xw_attr(&r.w, "role", "alert");
		H_elem(&r.w, "p", NULL,
		       H_word(&r, rec->errors ? "html.errors" : "html.norules"));
		if (problems && *problems) {
			tb_xw_start(&r.w, "pre", NULL);
			tb_xw_attr(&r.w, "lang", "en");
			tb_xw_attr(&r.w, "dir", "ltr");
			tb_xw_inline(&r.w);
			H_text(&r.w, problems);
			tb_xw_end(&r.w);
		}
		tb_xw_end(&r.w);
		*why = tb_strdup(rec->errors ? "the record has errors: it is not replayed"
		                             : "the game has no rules engine: it is not replayed");
		if (!*why)
			tb_buf_fail(&h->body);
	}
	if (started) {
		tb_dia_init(&r.dia, &w.rs, h->o.grayscale, 0);
		r.has_dia = 1;
		tb_xw_start(&r.w, "div", "tb-view");
		tb_xw_start(&r.w, "figure", "tb-figure");
		H_board(&r);
		tb_xw_start(&r.w, "figcaption", "tb-caption");
		tb_xw_attr(&r.w, "aria-live", "polite");
		tb_xw_inline(&r.w);
		tb_xw_end(&r.w);
		tb_xw_end(&r.w);
		H_controls(&r);
		tb_html_media_view(&r.w, rec, r.l);
		tb_xw_start(&r.w, "p", "tb-status");
		tb_xw_attr(&r.w, "role", "status");
		tb_xw_inline(&r.w);
		tb_xw_end(&r.w);
		tb_xw_end(&r.w);
		/* the start, then the movetext with its frames */
		char *why0 = w.live ? NULL : H_stop_text(&r, NULL, &w);
		long f0 = H_frame(&r, &w, H_word(&r, "caption.start"), -1, 0, 0, -1, why0);
		tb_xw_start(&r.w, "div", "tb-moves");
		H_elem(&r.w, "h2", NULL, H_word(&r, "html.moves"));
		tb_xw_start(&r.w, "div", "tb-movetext");
		tb_xw_attr(&r.w, "dir", "ltr"); /* turns left to right, as a book's */
		tb_xw_inline(&r.w);
		H_link_start(&r, f0, 0, "tb-turn tb-event");
		H_text(&r.w, H_word(&r, "caption.start"));
		tb_xw_end(&r.w);
		if (why0) {
			H_stop_note(&r, why0);
			r.stopped = 1;
			free(why0);
		}
		H_movetext(&r, &w, &rec->main, f0);
		H_text(&r.w, " ");
		tb_xw_start(&r.w, "b", "tb-res");
		H_text(&r.w, tb_result_text[rec->result]);
		tb_xw_end(&r.w);
		H_comments(&r, rec->trail);
		H_app_notes(&r);
		tb_xw_end(&r.w);
		H_result(&r, &w);
		tb_xw_end(&r.w);
		if (r.stopped && !*why) {
			*why = r.first_stop;
			r.first_stop = NULL;
		}
	}
	H_tags(&r);
	if (started) {
		H_data(&r);
		if (w.nomem)
			tb_buf_fail(&h->body);
		tb_walk_free(&w);
	}
	tb_xw_end(&r.w);
	tb_buf_putc(&h->body, '\n');
	if (r.has_dia)
		tb_dia_free(&r.dia);
	int ok = tb_buf_ok(&r.frames) && tb_buf_ok(&r.kinds) && tb_buf_ok(&r.under) &&
	         tb_buf_ok(&r.over) && tb_buf_ok(&r.tmp) && tb_buf_ok(&r.media);
	tb_buf_free(&r.frames);
	tb_buf_free(&r.kinds);
	tb_buf_free(&r.under);
	tb_buf_free(&r.over);
	tb_buf_free(&r.tmp);
	tb_buf_free(&r.media);
	free(r.first_stop);
	free(r.notes);
	if (r.coll && r.app.nomem) /* a piece of the apparatus ran out of memory */
		tb_buf_fail(&h->body);
	if (!ok)
		tb_buf_fail(&h->body); /* the page is spent */
	if (!H_ok(h)) {
		free(*why);
		*why = NULL;
		return TB_ENOMEM;
	}
	return started && !r.stopped ? 0 : 1;
}

/* tb_html_page, but for its last error (at the end of the file). */
static char *H_page(tb_html *h, size_t *len)
{
	if (!H_ok(h)) {
		if (len)
			*len = 0;
		return NULL;
	}
	if (h->o.list) {
		tb_buf out = TB_BUF_SOFT;
		tb_buf_put(&out, h->list.data ? h->list.data : "", h->list.len);
		return tb_buf_detach(&out, len);
	}
	const tb_lang *l = h->lang ? h->lang : tb_lang_find("en");
	tb_buf b = TB_BUF_SOFT;
	tb_buf_printf(&b, "<!DOCTYPE html>\n<html lang=\"%s\" dir=\"%s\">\n<head>\n"
	              "<meta charset=\"utf-8\">\n"
	              "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	              "<meta name=\"generator\" content=\"tablero %s\">\n<title>",
	              l->code, l->rtl ? "rtl" : "ltr", TB_VERSION);
	if (h->nrecs > 1) {
		char n[32];
		snprintf(n, sizeof n, "%ld", h->nrecs);
		char *t = tb_lang_format(l, "html.collection", (const char *[]){n}, 1);
		if (!t)
			tb_buf_fail(&b);
		else
			tb_xml_escape(&b, t, strlen(t), 0);
		tb_buf_puts(&b, ": ");
		free(t);
	}
	tb_xml_escape(&b, h->title.data ? h->title.data : "", h->title.len, 0);
	tb_buf_puts(&b, "</title>\n<style>\n");
	tb_buf_put(&b, tb_html_css, tb_html_css_len);
	/* the diagrams' style sheet, as tablero svg's */
	tb_buf_puts(&b, "\n");
	tb_dia_css(&b, h->o.grayscale, h->games);
	tb_buf_puts(&b, "\n</style>\n</head>\n<body>\n");
	/* their arrowheads and patterns, once */
	tb_buf_puts(&b, "<svg class=\"tb-defs\" width=\"0\" height=\"0\" aria-hidden=\"true\">");
	tb_xw w;
	tb_xw_init(&w, &b);
	w.depth = 1;
	tb_xw_start(&w, "defs", NULL);
	tb_dia_markers(&w);
	tb_xw_end(&w);
	tb_buf_puts(&b, "\n</svg>\n");
	tb_buf_puts(&b, "<noscript><p>");
	const char *ns = tb_lang_text(l, "html.noscript");
	tb_xml_escape(&b, ns, strlen(ns), 0);
	tb_buf_puts(&b, "</p></noscript>\n");
	if (h->nrecs > 1) {
		const char *t = tb_lang_text(l, "html.records");
		tb_buf_puts(&b, "<nav class=\"tb-chooser\" aria-label=\"");
		tb_xml_escape(&b, t, strlen(t), 1);
		tb_buf_puts(&b, "\">\n<h2>");
		tb_xml_escape(&b, t, strlen(t), 0);
		tb_buf_puts(&b, "</h2>\n<ol>\n");
		tb_buf_put(&b, h->nav.data, h->nav.len);
		tb_buf_puts(&b, "</ol>\n</nav>\n");
		tb_html_tree_write(h->tree, &b, l);
	}
	tb_buf_puts(&b, "<main>\n");
	tb_buf_put(&b, h->body.data ? h->body.data : "", h->body.len);
	tb_buf_puts(&b, "</main>\n<script>\n");
	tb_buf_put(&b, tb_html_js, tb_html_js_len);
	tb_buf_puts(&b, "</script>\n</body>\n</html>\n");
	return tb_buf_detach(&b, len);
}

/* ===== The public calls, with their last error (tablero.h, "Errors") ===== */

int tb_html_add(tb_html *h, const tb_record *rec, const char *problems, char **why)
{
	char *text = NULL;
	if (why)
		*why = NULL;
	if (!h || !rec)
		return tb_lasterr_set(h ? &h->err : NULL, TB_EINVAL, "no %s",
		                      h ? "record" : "page");
	int rc = H_add(h, rec, problems, &text);
	return tb_lasterr_why(&h->err, rc, text, why);
}

char *tb_html_page(tb_html *h, size_t *len)
{
	if (len)
		*len = 0;
	if (!h)
		return NULL;
	char *page = H_page(h, len);
	tb_lasterr_why(&h->err, page ? 0 : TB_ENOMEM, NULL, NULL);
	return page;
}

int tb_html_errcode(const tb_html *h) { return tb_lasterr_code(h ? &h->err : NULL); }
const char *tb_html_errmsg(const tb_html *h) { return tb_lasterr_msg(h ? &h->err : NULL); }
