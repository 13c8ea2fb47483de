/*
 * book.c -- records as printed pages (spec/book.md): a title block, the
 * movetext set as text with its comments (each in its language and
 * direction), variations indented in brackets, readings, gaps and
 * restated positions said in words, numbered diagrams referred to from
 * the text, a running head and page numbers; a collection with a
 * contents page. Each page is an SVG 1.1 document in millimetres.
 *
 * Layout: text runs down the page in lines (typeset.c breaks them); a
 * diagram floats at the side the lines end on (the right in a
 * left-to-right book), its top level with the line after the one that
 * refers to it, and the lines beside it are shorter; a diagram that does
 * not fit under the last one on the page waits for the next page. A
 * record starts on a new page. The library writes the pages; making a
 * PDF of them is the caller's (tablero book runs rsvg-convert). The
 * movetext follows the one traversal (visit.h); the diagrams are
 * diagram.c's, their captions caption.c's, the words words.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apparatus.h"
#include "caption.h"
#include "diagram.h"
#include "evidence.h"
#include "game.h"
#include "lasterr.h"
#include "text_metrics.h"
#include "visit.h"
#include "words.h"
#include "writer.h"
#include "xalloc.h"
#include "xml.h"

/* Millimetres. */
#define M_SIDE 20.0     /* left and right margins */
#define M_TOP 22.0      /* the text block's top */
#define M_BOTTOM 22.0   /* under the text block */
#define HEAD_Y 14.0     /* the running head's baseline */
#define FOLIO_FROM_BOTTOM 12.0
#define FIG_GAP 5.0     /* between a diagram and the text beside or under it */
#define FIG_CAP 2.7     /* a diagram's caption */
#define FIG_CAP_LINE 3.5
#define PARA_GAP 1.6    /* between paragraphs */
#define INDENT 6.0      /* a variation's, per level */

/* Each kind of paragraph: its class, font size and line distance. */
enum { K_TITLE, K_META, K_MOVES, K_COMMENT, K_NOTE, K_VAR, K_VARCOMMENT, K_TOC, K_TOCHEAD, K_N };
static const struct {
	const char *cls;
	double size, line;
} S_kind[K_N] = {
	{"title", 6.0, 8.0},     {"meta", 3.3, 4.6}, {"moves", 3.5, 5.0},
	{"comment", 3.5, 5.0},   {"note", 3.3, 4.7}, {"var", 3.2, 4.5},
	{"var-comment", 3.2, 4.5}, {"toc", 3.5, 5.2}, {"title", 6.0, 9.0},
};

static const char S_css[] =
	".page{fill:#fff}.head{font-size:3px;fill:#333}.rule{stroke:#333;stroke-width:0.2}"
	".folio{font-size:3.2px;fill:#000}.title{font-size:6px}.meta{font-size:3.3px;fill:#000}"
	".moves{font-size:3.5px;fill:#000}.comment{font-size:3.5px;fill:#000}"
	".note{font-size:3.3px;fill:#333}.var{font-size:3.2px;fill:#000}"
	".var-comment{font-size:3.2px;fill:#000}.toc{font-size:3.5px;fill:#000}"
	".fig-caption{font-size:2.7px;fill:#000}";

enum { W_ASKED = 1, W_EVERY = 2, W_MARKED = 4, W_START = 8, W_POSITION = 16, W_END = 32 };

typedef struct S_fig {
	long number;            /* in the document, from 1 */
	long ply;
	long page;              /* its page (index), once placed */
	unsigned why;           /* W_* */
	const tb_node *node;    /* the restated position it shows, or NULL */
	int record;             /* index of its record */
	tb_view frame;
	char *caption;          /* plain text, for a listing */
} S_fig;

typedef struct S_page {
	tb_buf body;
	int record;             /* -1: a contents page */
	int first;              /* a record's first page: no running head */
} S_page;

typedef struct S_rec {
	tb_para head;           /* its running head: the record's title */
	const tb_lang *lang;
	long first_page;        /* index */
	char *where[3];         /* its contents entry says these after its title:
	                           its [Site], [Date] and [Source] (NULL: none) */
} S_rec;

typedef struct S_stop {
	const tb_node *node;    /* where the rules stopped (NULL: at the start) */
	char why[320];
	int open;               /* an open stretch (no problem of the record's): */
	tb_note note;           /* what the text says of it, in the record's words */
} S_stop;

/* A diagram asked for, before its position is known. */
typedef struct S_want {
	long ply;
	const tb_node *node;    /* a restated position's, or NULL: after turn 'ply' */
	unsigned why;
} S_want;

struct tb_book {
	tb_book_opts o;
	double pw, ph;          /* the paper */
	S_page **pages;
	size_t npages, pcap;
	S_rec *recs;
	size_t nrecs, rcap;
	S_fig *figs;
	size_t nfigs, fcap;
	uint64_t games;         /* the records' games (tb_game_bit): their style rules */
	/* the record being set */
	const tb_record *rec;
	const tb_lang *lang;
	int rtl;
	int record;             /* its index (-1: the contents) */
	int paren;              /* a variation's "(" waits for its first run */
	int text_done;          /* the record's text is set: figures left are centred */
	tb_dia dia;
	double fig_w, fig_scale;
	tb_xw w;                /* into the current page */
	double y;               /* the top of the next line */
	double ftop, fbottom;   /* the side the floats take on this page */
	size_t *queue;          /* diagrams waiting for the next page */
	size_t nqueue, qcap;
	size_t fig_from;        /* this record's first figure */
	S_stop *stops;
	size_t nstops;
	S_stop dead;            /* where the rules were stopped at the first diagram
	                           asked for that they do not reach (said or not) */
	/* the paragraph being built */
	tb_para cur;
	int cur_kind, cur_level, cur_open;
	size_t refs[64];        /* figures referred to in 'cur', by run */
	size_t ref_run[64];
	size_t nrefs;
	char time[48];          /* --times: the time of the turn that opens 'cur', for
	                           the margin of its first line ("" none) */
	int nomem;              /* memory ran out: the book is spent (TB_ENOMEM) */
	tb_app app;             /* the record's apparatus, when it is a collation */
	int coll;               /* it is: its differences are said in notes (§8) */
	unsigned app_n;         /* its notes marked in the text so far */
	tb_buf sink;            /* failed: where a page that could not be made goes */
	tb_lasterr err;         /* tb_book_errcode, tb_book_errmsg */
};

/* A scratch buffer's text: "" and the book spent when memory ran out. */
static const char *S_text(tb_book *b, const tb_buf *t)
{
	if (!tb_buf_ok(t)) {
		b->nomem = 1;
		return "";
	}
	return t->data ? t->data : "";
}

/* ===== Pages ===== */

static double S_text_w(const tb_book *b) { return b->pw - 2 * M_SIDE; }
static double S_bottom(const tb_book *b) { return b->ph - M_BOTTOM; }

static void S_new_page(tb_book *b, int record, int first);
/* The height of figure 'i': its drawing and caption. */
static double S_fig_h(tb_book *b, size_t i, tb_caption *cap)
{
	S_fig *f = &b->figs[i];
	tb_caption_make(cap, b->rec, b->dia.rs, &f->frame, b->lang, TB_CAPTION_SHORT, f->number,
	                NULL);
	double cw = b->fig_w - 2 * 4.0 * b->fig_scale;
	int lines = tb_caption_set(cap, NULL, 0, 0, cw, FIG_CAP, FIG_CAP_LINE, NULL);
	b->nomem |= !tb_caption_ok(cap);
	return (b->dia.height - 4.0) * b->fig_scale + lines * FIG_CAP_LINE + 1.0;
}

/* The x of a figure at the side the lines end on, or the other; centred
 * when no text is left to go beside it. */
static double S_fig_x(const tb_book *b, int other)
{
	if (b->text_done)
		return M_SIDE + (S_text_w(b) - b->fig_w) / 2;
	int left = b->rtl != other;
	return left ? M_SIDE : b->pw - M_SIDE - b->fig_w;
}

/* Draws figure 'i' (its caption 'cap', freed) at (x, top). */
static void S_draw_fig(tb_book *b, size_t i, tb_caption *cap, double x, double top)
{
	S_fig *f = &b->figs[i];
	double dh = (b->dia.height - 4.0) * b->fig_scale; /* less the drawing's bottom margin */
	double cw = b->fig_w - 2 * 4.0 * b->fig_scale;
	tb_xw_start(&b->w, "g", "figure");
	tb_dia_draw(&b->dia, &b->w, &f->frame, x, top - 4.0 * b->fig_scale, b->fig_scale);
	tb_caption_set(cap, &b->w, x + 4.0 * b->fig_scale, top + dh + FIG_CAP, cw, FIG_CAP,
	               FIG_CAP_LINE, "fig-caption");
	tb_xw_end(&b->w);
	tb_caption_free(cap);
	f->page = (long)b->npages - 1;
}

static int S_two_across(const tb_book *b) { return 2 * b->fig_w + FIG_GAP <= S_text_w(b); }

/* A figure after the line that refers to it: beside the text at the
 * side the lines end on when that side is free; else, when the figure
 * before still takes it, at the other side, the text going on under
 * both; else (no room left on the page) on the next page. */
static void S_figure(tb_book *b, size_t i)
{
	tb_caption cap;
	double h = S_fig_h(b, i, &cap);
	if (b->text_done && b->fbottom > b->y) /* no text to go beside: under the last */
		b->y = b->fbottom;
	if (!b->nqueue && b->y + h <= S_bottom(b)) {
		if (b->fbottom <= b->y + 0.01) {
			S_draw_fig(b, i, &cap, S_fig_x(b, 0), b->y);
			b->ftop = b->y;
			b->fbottom = b->y + h + FIG_GAP;
			return;
		}
		if (S_two_across(b)) {
			S_draw_fig(b, i, &cap, S_fig_x(b, 1), b->y);
			double under = b->y + h + FIG_GAP;
			b->y = under > b->fbottom ? under : b->fbottom;
			b->ftop = b->fbottom = b->y;
			return;
		}
	}
	tb_caption_free(&cap);
	if (b->nqueue == b->qcap) {
		size_t cap_ = b->qcap ? 2 * b->qcap : 8;
		size_t *queue = tb_realloc(b->queue, cap_ * sizeof *b->queue);
		if (!queue) {
			b->nomem = 1;
			return;
		}
		b->queue = queue;
		b->qcap = cap_;
	}
	b->queue[b->nqueue++] = i;
}

/* The figures that waited, from the top of a new page: in rows of two
 * (when two fit across), the text under them; the last one alone at the
 * side, the text beside it. */
static void S_unqueue(tb_book *b)
{
	size_t k = 0;
	while (k < b->nqueue) {
		tb_caption c1, c2;
		double h1 = S_fig_h(b, b->queue[k], &c1);
		if (b->y + h1 > S_bottom(b) && b->y > M_TOP + 0.01) {
			tb_caption_free(&c1);
			break;
		}
		if (k + 1 < b->nqueue && S_two_across(b)) {
			int done = b->text_done; /* two in a row: at the sides */
			b->text_done = 0;
			double h2 = S_fig_h(b, b->queue[k + 1], &c2);
			double h = h1 > h2 ? h1 : h2;
			if (b->y + h > S_bottom(b) && b->y > M_TOP + 0.01) {
				tb_caption_free(&c1);
				tb_caption_free(&c2);
				b->text_done = done;
				break;
			}
			S_draw_fig(b, b->queue[k], &c1, S_fig_x(b, 1), b->y);
			S_draw_fig(b, b->queue[k + 1], &c2, S_fig_x(b, 0), b->y);
			b->text_done = done;
			b->y += h + FIG_GAP;
			b->ftop = b->fbottom = b->y;
			k += 2;
			continue;
		}
		S_draw_fig(b, b->queue[k], &c1, S_fig_x(b, 0), b->y);
		b->ftop = b->y;
		b->fbottom = b->y + h1 + FIG_GAP;
		k++;
		if (!b->text_done)
			break; /* the text goes beside it */
		b->y = b->fbottom;
	}
	if (k) {
		memmove(b->queue, b->queue + k, (b->nqueue - k) * sizeof *b->queue);
		b->nqueue -= k;
	}
}

static void S_new_page(tb_book *b, int record, int first)
{
	S_page *p = NULL;
	if (b->npages == b->pcap) {
		size_t cap = b->pcap ? 2 * b->pcap : 16;
		S_page **pages = tb_realloc(b->pages, cap * sizeof *b->pages);
		if (pages) {
			b->pages = pages;
			b->pcap = cap;
		}
	}
	if (b->npages < b->pcap)
		p = tb_calloc(1, sizeof *p);
	if (p) {
		p->body.soft = 1;
		p->record = record;
		p->first = first;
		b->pages[b->npages++] = p;
		tb_xw_init(&b->w, &p->body);
	} else { /* what would go on it goes nowhere */
		b->nomem = 1;
		b->sink.soft = 1;
		tb_buf_fail(&b->sink);
		tb_xw_init(&b->w, &b->sink);
	}
	b->w.depth = 1;
	b->y = M_TOP;
	b->ftop = b->fbottom = M_TOP;
	S_unqueue(b);
}

/* The box of a line from 'y', 'h' high: beside the floats or not. */
static void S_box(const tb_book *b, double y, double h, double indent, double *x, double *w)
{
	double full = S_text_w(b);
	int beside = y + h > b->ftop && y < b->fbottom;
	double width = beside ? full - b->fig_w - FIG_GAP : full;
	*x = b->rtl ? M_SIDE + (full - width) : M_SIDE;
	*w = width - indent;
	if (!b->rtl)
		*x += indent;
}

/* --times: the time of the turn that opens the paragraph being set, in
 * the outer margin beside its first line (baseline 'y'): right-aligned
 * against the text in a left-to-right book, left-aligned in the right
 * margin of a right-to-left one. */
static void S_margin_time(tb_book *b, double y)
{
	tb_xw_start(&b->w, "text", "time"); /* its look here: a book without times is unchanged */
	tb_xw_num(&b->w, "x", b->rtl ? b->pw - M_SIDE + 2.5 : M_SIDE - 2.5);
	tb_xw_num(&b->w, "y", y);
	tb_xw_attr(&b->w, "font-size", "2.6");
	tb_xw_attr(&b->w, "fill", "#444");
	tb_xw_attr(&b->w, "text-anchor", b->rtl ? "start" : "end");
	tb_xw_attr(&b->w, "direction", "ltr");
	tb_xw_inline(&b->w);
	tb_xw_text(&b->w, b->time, strlen(b->time));
	tb_xw_end(&b->w);
	b->time[0] = '\0';
}

/* Sets paragraph 'p' of kind 'k' from the current line down, across
 * pages; places each figure it refers to after its line. */
static void S_set(tb_book *b, tb_para *p, int k, int level, const size_t *refs,
                  const size_t *ref_run, size_t nrefs)
{
	double size = S_kind[k].size, lh = S_kind[k].line, indent = level * INDENT;
	tb_para_style st = {size, S_kind[k].cls, 0};
	/* notation in a right-to-left book is set from the right, as the book
	 * runs; a comment in a left-to-right language is prose of its own and
	 * starts where its lines start, at the left */
	if (!p->rtl && b->rtl && k != K_COMMENT && k != K_VARCOMMENT)
		st.align = -1;
	tb_para_pos at = {0, 0};
	tb_pline line;
	for (;;) {
		if (b->y + lh > S_bottom(b))
			S_new_page(b, b->record, 0);
		double x, w;
		S_box(b, b->y, lh, indent, &x, &w);
		if (!tb_para_next(p, &at, w / size, &line))
			break;
		tb_para_draw(p, &line, &b->w, x, b->y + 1.05 * size, w, &st);
		if (p == &b->cur && b->time[0])
			S_margin_time(b, b->y + 1.05 * size);
		b->y += lh;
		size_t last = line.to.off ? line.to.word : line.to.word - 1;
		for (size_t r = 0; r < nrefs; r++) /* its diagrams, after the line */
			if (ref_run[r] >= p->words[line.from.word].run && ref_run[r] <= p->words[last].run)
				S_figure(b, refs[r]);
	}
	b->y += PARA_GAP;
}

/* ===== The paragraph being built ===== */

static void S_flush(tb_book *b)
{
	if (b->cur_open && !tb_para_empty(&b->cur))
		S_set(b, &b->cur, b->cur_kind, b->cur_level, b->refs, b->ref_run, b->nrefs);
	if (b->cur_open && !tb_para_ok(&b->cur)) /* its words too (tb_para_next) */
		b->nomem = 1;
	if (b->cur_open)
		tb_para_free(&b->cur);
	b->cur_open = 0;
	b->nrefs = 0;
}

/* Makes the current paragraph one of kind 'k' (a new one unless it is
 * one already and 'fresh' is 0). */
static void S_begin(tb_book *b, int k, int level, int rtl, const char *lang, int fresh)
{
	if (b->cur_open && !fresh && b->cur_kind == k && b->cur_level == level)
		return;
	S_flush(b);
	tb_para_init(&b->cur, rtl, lang);
	b->cur_kind = k;
	b->cur_level = level;
	b->cur_open = 1;
}

static void S_run(tb_book *b, const char *s, unsigned flags)
{
	if (b->paren) { /* the variation's "(" before its first word */
		tb_para_puts(&b->cur, "(", flags & TB_RUN_TIE);
		flags = (flags & ~(unsigned)TB_RUN_TIE) | TB_RUN_GLUE;
		b->paren = 0;
	}
	tb_para_puts(&b->cur, s, flags);
}

/* A note in the book's language, in square brackets, in a moves paragraph. */
static void S_note_run(tb_book *b, const char *text, unsigned tie)
{
	tb_buf s = TB_BUF_SOFT;
	tb_buf_printf(&s, "[%s]", text);
	S_run(b, S_text(b, &s), tie | TB_RUN_KEEP | tb_embed_flags(text, 0));
	tb_buf_free(&s);
}

/* ===== The movetext ===== */

/* A turn, which the count counts; a reading is what it follows, its first
 * alternative (a collation's may be a gap, a position or nothing). */
static int S_is_turn(const tb_node *n)
{
	return tb_kind_is_turn(tb_node_followed(n));
}

/* A comment as its own paragraph, in its language and direction;
 * 'prefix' (a reading's alternative) before it. */
static void S_comment(tb_book *b, const tb_comment *c, int level, const char *prefix)
{
	if (!*c->text && c->nmarks && !prefix)
		return; /* author's marks alone: drawn on the diagram, no words to set */
	const char *lang = c->lang ? c->lang : b->lang->code;
	int rtl = tb_comment_rtl(c);
	S_begin(b, level ? K_VARCOMMENT : K_COMMENT, level, rtl, lang, 1);
	if (prefix) {
		S_run(b, prefix, TB_RUN_BOLD | TB_RUN_KEEP | (rtl ? TB_RUN_LTR : 0));
		S_run(b, ":", TB_RUN_GLUE);
	}
	const char *text = c->text;
	if (b->coll) /* "cinta: ...": the sigla in italics */
		tb_app_attribution(&b->app, c, &text);
	S_run(b, text, 0);
}

static void S_comments(tb_book *b, const tb_comment *c, int level)
{
	for (; c; c = c->next)
		S_comment(b, c, level, NULL);
}

/* ===== The apparatus of a collation (apparatus.c; spec/book.md §8) ===== */

static void S_reading_note(tb_book *b, const tb_node *n);

/* A piece of a note as a run of the paragraph being built. */
static void S_app_piece(void *ctx, const tb_app_piece *p)
{
	tb_book *b = ctx;
	int rtl = b->cur.rtl;
	unsigned glue = p->glue ? TB_RUN_GLUE : 0;
	switch (p->kind) {
	case TB_APP_TURN:
		tb_para_puts(&b->cur, p->text, glue | TB_RUN_BOLD | TB_RUN_KEEP | (rtl ? TB_RUN_LTR : 0));
		break;
	case TB_APP_SIGLUM:
		tb_para_puts(&b->cur, p->text, glue | TB_RUN_ITALIC | TB_RUN_KEEP | tb_embed_flags(p->text, rtl));
		break;
	case TB_APP_LABEL:
		tb_para_puts(&b->cur, p->text, glue | TB_RUN_BOLD);
		break;
	case TB_APP_VALUE:
		tb_para_value(&b->cur, p->text);
		break;
	case TB_APP_PUNCT: /* neutral: the paragraph's direction */
		tb_para_puts(&b->cur, p->text, glue);
		break;
	default: /* words, a comment: in their own direction */
		tb_para_puts(&b->cur, p->text, glue | tb_embed_flags(p->text, rtl));
		break;
	}
}

/* Node 'n' of a line of nesting 'level': a collation's note mark
 * ("d3²") where it has a note, else a reading's "[uncertain reading: or
 * b]". */
static void S_reading_or_mark(tb_book *b, const tb_node *n, int level)
{
	if (b->coll && !level && tb_app_noted(&b->app, n)) {
		char mark[32];
		tb_app_mark(mark, sizeof mark, ++b->app_n);
		S_run(b, mark, TB_RUN_GLUE | TB_RUN_KEEP);
	} else if (n->kind == TB_NODE_READING) {
		S_reading_note(b, n);
	}
}

/* The witnesses, and the tags that differ, each a note, under the
 * title block. */
static void S_app_head(tb_book *b)
{
	S_begin(b, K_NOTE, 0, b->rtl, b->lang->code, 1);
	tb_app_witnesses(&b->app);
	S_flush(b);
	int head = 0;
	for (size_t i = 0; i < b->rec->ntags; i++) {
		if (!tb_app_tag_noted(&b->app, &b->rec->tags[i]))
			continue;
		if (!head++) {
			S_begin(b, K_NOTE, 0, b->rtl, b->lang->code, 1);
			tb_para_puts(&b->cur, tb_lang_text(b->lang, "app.tags"), TB_RUN_BOLD);
			S_flush(b);
		}
		S_begin(b, K_NOTE, 0, b->rtl, b->lang->code, 1);
		tb_app_tag_note(&b->app, &b->rec->tags[i]);
		S_flush(b);
	}
}

/* The notes, numbered as the text marks them, after the record's text. */
static void S_app_notes(tb_book *b)
{
	b->nomem |= b->app.nomem; /* the head's, and the comments' sigla */
	if (!b->app_n)
		return;
	b->y += PARA_GAP;
	S_begin(b, K_META, 0, b->rtl, b->lang->code, 1);
	tb_para_puts(&b->cur, tb_lang_text(b->lang, "app.title"), TB_RUN_BOLD);
	S_flush(b);
	unsigned k = 0;
	for (const tb_node *n = b->rec->main.first; n; n = n->next) {
		if (!tb_app_noted(&b->app, n))
			continue;
		char num[32];
		snprintf(num, sizeof num, "%u.", ++k);
		S_begin(b, K_NOTE, 0, b->rtl, b->lang->code, 1);
		tb_para_puts(&b->cur, num, TB_RUN_BOLD | TB_RUN_KEEP | (b->rtl ? TB_RUN_LTR : 0));
		tb_app_note(&b->app, n);
		S_flush(b);
	}
	b->nomem |= b->app.nomem;
}

/* The figure of node 'n' of the main line (a restated position's, or
 * the position after turn 'ply'), not referred to yet; or -1. */
static long S_fig_at(const tb_book *b, const tb_node *n, long ply)
{
	int position = tb_node_followed(n) == TB_NODE_POSITION;
	for (size_t i = b->fig_from; i < b->nfigs; i++) {
		const S_fig *f = &b->figs[i];
		if (f->page == -2 && (position ? f->node == n : !f->node && f->ply == ply))
			return (long)i;
	}
	return -1;
}

static void S_ref(tb_book *b, size_t fig)
{
	char n[32];
	snprintf(n, sizeof n, "%ld", b->figs[fig].number);
	char *t = tb_lang_format(b->lang, "book.ref", (const char *[]){n}, 1);
	tb_buf s = TB_BUF_SOFT;
	if (!t)
		tb_buf_fail(&s);
	tb_buf_printf(&s, "(%s)", t ? t : "");
	S_run(b, S_text(b, &s), TB_RUN_TIE | TB_RUN_KEEP | tb_embed_flags(t ? t : "", b->cur.rtl));
	if (b->nrefs < sizeof b->refs / sizeof b->refs[0]) {
		b->refs[b->nrefs] = fig;
		b->ref_run[b->nrefs++] = b->cur.nruns - 1;
	}
	b->figs[fig].page = -1; /* referred to: placed after its line */
	tb_buf_free(&s);
	free(t);
}

/* A reading's other alternatives, one run: "[uncertain reading: or b, or c]";
 * "[uncertain reading]" when it has one. */
static void S_reading_note(tb_book *b, const tb_node *n)
{
	tb_buf t = TB_BUF_SOFT;
	tb_buf_printf(&t, "%s%s", tb_lang_text(b->lang, "book.reading"), n->nalts > 1 ? ":" : "");
	for (unsigned a = 1; a < n->nalts; a++) {
		tb_buf_printf(&t, "%s %s ", a > 1 ? "," : "", tb_lang_text(b->lang, "book.or"));
		tb_alt_words(b->lang, &t, &n->alts[a]);
	}
	S_note_run(b, S_text(b, &t), TB_RUN_TIE);
	tb_buf_free(&t);
}

/* Does the book stop at node 'n' of the main line? */
static int S_stops_at(const tb_book *b, const tb_node *n)
{
	for (size_t i = 0; i < b->nstops; i++)
		if (b->stops[i].node == n)
			return 1;
	return 0;
}

static void S_stop_note(tb_book *b, const tb_node *n)
{
	for (size_t i = 0; i < b->nstops; i++) {
		if (b->stops[i].node != n)
			continue;
		tb_buf where = TB_BUF_SOFT;
		if (n && S_is_turn(n) && n->number)
			tb_buf_printf(&where, "%u%s ", n->number, n->side == 1 ? "..." : ".");
		if (n)
			tb_write_node(&where, b->rec->game, n, TB_WRITE_BARE);
		S_begin(b, K_NOTE, 0, b->rtl, b->lang->code, 1);
		if (b->stops[i].open) { /* "Caben 16 jugadas en 2... ?; se muestra ..." */
			tb_note_para(&b->cur, &b->stops[i].note, b->lang);
			tb_para_puts(&b->cur, ".", TB_RUN_GLUE);
			tb_buf_free(&where);
			S_flush(b);
			continue;
		}
		const char *args[1] = {S_text(b, &where)};
		unsigned af[1] = {TB_RUN_KEEP | TB_RUN_BOLD | (b->rtl ? TB_RUN_LTR : 0)};
		tb_para_lang(&b->cur, b->lang, n ? "book.stopped" : "book.stopped.start", 0, args, af, 1);
		tb_buf_free(&where);
		S_flush(b);
	}
}

/* The time of link 'e' as the margin shows it: where it starts
 * ("0:41:24.5"), into b->time; out of memory spends the book. */
static void S_time_text(tb_book *b, const tb_evidence *e)
{
	tb_buf t = TB_BUF_SOFT;
	tb_ev_write_time(&t, e->from, -1);
	snprintf(b->time, sizeof b->time, "%s", tb_buf_ok(&t) ? t.data : "");
	b->nomem |= !tb_buf_ok(&t);
	tb_buf_free(&t);
}

/* One turn of a line: its number when needed, token, NAGs (all of
 * them here, the first as a suffix), the diagram it has; its comments
 * and variations, which end the paragraph, follow. */
static void S_turn(tb_book *b, const tb_node *n, int level, int *need_number, long ply)
{
	tb_buf t = TB_BUF_SOFT;
	int timed = b->o.times && n->evidence && n->evidence->from >= 0;
	S_begin(b, level ? K_VAR : K_MOVES, level, 0, NULL, timed);
	if (timed) { /* its own paragraph, numbered, its time in the margin */
		S_time_text(b, n->evidence);
		*need_number = 1;
	}
	if (n->kind == TB_NODE_UNKNOWN) /* "23... ?", never read as a NAG's "?" */
		*need_number = 1;
	if (n->number && (n->side == 0 || *need_number)) {
		tb_buf_printf(&t, "%u%s", n->number, n->side == 1 ? "..." : ".");
		S_run(b, S_text(b, &t), TB_RUN_KEEP);
		tb_buf_clear(&t);
	}
	tb_token_words(&t, n);
	for (unsigned i = 0; i < n->nnags; i++) { /* the suffix, glued */
		const char *s = tb_nag_text(n->nags[i], i == 0);
		if (i == 0 && n->nags[0] >= 1 && n->nags[0] <= 6 && !n->reconstructed)
			tb_buf_puts(&t, s);
	}
	S_run(b, S_text(b, &t), TB_RUN_BOLD | TB_RUN_KEEP | TB_RUN_TIE);
	for (unsigned i = 0; i < n->nnags; i++) {
		if (i == 0 && n->nags[0] >= 1 && n->nags[0] <= 6 && !n->reconstructed)
			continue;
		const char *s = tb_nag_text(n->nags[i], 0);
		char dollar[16];
		snprintf(dollar, sizeof dollar, "$%u", n->nags[i]);
		if (!s || *s)
			S_run(b, s ? s : dollar, TB_RUN_TIE | TB_RUN_KEEP);
	}
	if (n->kind == TB_NODE_UNKNOWN)
		S_note_run(b, tb_lang_text(b->lang, "book.unknown"), TB_RUN_TIE);
	S_reading_or_mark(b, n, level); /* [uncertain reading: or b, or c], one run */
	long fig = level ? -1 : S_fig_at(b, n, ply);
	if (fig >= 0)
		S_ref(b, (size_t)fig);
	*need_number = 0;
	tb_buf_free(&t);
}

/* Does turn 'n' have comments (its own, or its alternatives') or
 * variations after it? The next turn is then numbered. */
static int S_has_notes(const tb_node *n)
{
	int alt_comments = 0;
	for (unsigned a = 0; n->kind == TB_NODE_READING && a < n->nalts; a++)
		alt_comments |= n->alts[a].comments != NULL;
	return alt_comments || n->comments || n->variations;
}

static void S_gap(tb_book *b, const tb_node *n)
{
	char *text = tb_gap_words(b->lang, n->gap_min, n->gap_max);
	b->nomem |= !text;
	S_note_run(b, text ? text : "", 0);
	free(text);
}

/* A node of a line that is not a turn: a gap, a restated position
 * (its diagram's reference), nothing (a reading's "omitted"), or a
 * reading's note. */
static void S_other(tb_book *b, const tb_node *n, int level, int *need_number, long ply)
{
	uint8_t k = tb_node_followed(n); /* a reading: its first alternative */
	if (k == TB_NODE_GAP) {
		S_begin(b, level ? K_VAR : K_MOVES, level, 0, NULL, 0);
		S_gap(b, n);
		*need_number = 1;
	} else if (k == TB_NODE_POSITION) {
		S_begin(b, level ? K_VAR : K_MOVES, level, 0, NULL, 0);
		S_note_run(b, tb_lang_text(b->lang, "book.position"), 0);
		long fig = level ? -1 : S_fig_at(b, n, ply);
		if (fig >= 0)
			S_ref(b, (size_t)fig);
		*need_number = 1;
	} else if (k == TB_NODE_OMITTED) {
		S_begin(b, level ? K_VAR : K_MOVES, level, 0, NULL, 0);
		S_note_run(b, tb_lang_text(b->lang, "book.omitted"), 0);
		*need_number = 1;
	}
	if (n->kind == TB_NODE_READING || (b->coll && !level))
		S_reading_or_mark(b, n, level);
}

/* Where the book stands in one line of the movetext. */
typedef struct S_at {
	int need_number;  /* the next turn is numbered, even the second side's */
	long ply;         /* turns counted, from the main line's start */
} S_at;

/* The main line, from turn 'ply' on, through the one traversal
 * (visit.h): each turn and note as S_turn and S_other write it, the
 * comments each a paragraph of its own (an alternative's after its
 * words), a turn's variations each a paragraph in brackets, a level
 * deeper, from the ply before that turn. The variations of a node that
 * is not a turn are left out. */
static void S_movetext(tb_book *b, const tb_line *main, long ply)
{
	S_at at[TB_MAX_DEPTH + 2];
	tb_buf t = TB_BUF_SOFT; /* an alternative's words */
	tb_visit v;
	tb_visit_init(&v, main);
	int skipped = 0; /* the variation left is one skipped: no bracket */
	for (int ev; (ev = tb_visit_next(&v)) != TB_VISIT_DONE;) {
		int level = (int)v.depth;
		S_at *a = &at[v.depth];
		switch (ev) {
		case TB_VISIT_LINE_ENTER:
			if (!v.depth) {
				*a = (S_at){1, ply};
			} else if (!S_is_turn(v.node)) {
				tb_visit_skip(&v);
				skipped = 1;
			} else {
				*a = (S_at){1, at[v.depth - 1].ply - 1};
				S_flush(b);
				b->paren = 1;
			}
			break;
		case TB_VISIT_LINE_EXIT:
			if (!v.depth || skipped) {
				skipped = 0;
				break;
			}
			b->paren = 0;
			if (!b->cur_open)
				S_begin(b, K_VAR, level, 0, NULL, 1);
			/* left open: a variation that ends with this one closes here too */
			tb_para_puts(&b->cur, ")", TB_RUN_GLUE);
			break;
		case TB_VISIT_NODE_ENTER:
			if (S_is_turn(v.node))
				S_turn(b, v.node, level, &a->need_number, ++a->ply);
			else
				S_other(b, v.node, level, &a->need_number, a->ply);
			break;
		case TB_VISIT_COMMENT:
			if (b->coll && !level && v.at != TB_VISIT_AT_LEAD &&
			    tb_app_in_note(&b->app, v.node, v.comment))
				break; /* said in the node's note */
			if (v.at == TB_VISIT_AT_ALT && v.index == 0) { /* the words it follows */
				tb_buf_clear(&t);
				tb_alt_words(b->lang, &t, v.alt);
			}
			S_comment(b, v.comment, level, v.at == TB_VISIT_AT_ALT ? S_text(b, &t) : NULL);
			break;
		case TB_VISIT_NODE_EXIT:
			if (S_is_turn(v.node) && S_has_notes(v.node))
				a->need_number = 1;
			if (!level && S_stops_at(b, v.node)) {
				S_flush(b);
				S_stop_note(b, v.node);
				a->need_number = 1;
			}
			break;
		default:
			break;
		}
	}
	tb_buf_free(&t);
}

/* What a record's contents entry says after its title: its [Site],
 * its [Date] (the parts known: "1998.07" of "1998.07.??") and its
 * [Source], each when it says something. 0 when memory ran out. */
static int S_where(S_rec *r, const tb_record *rec)
{
	int ok = 1;
	static const char *const tags[3] = {"Site", "Date", "Source"};
	for (int k = 0; k < 3; k++) {
		const char *v = tb_record_tag(rec, tags[k]);
		size_t n = v ? strlen(v) : 0;
		if (k == 1)
			while (n >= 3 && strncmp(v + n - 3, ".??", 3) == 0)
				n -= 3;
		r->where[k] = NULL;
		if (!n || strspn(v, "?.") == n)
			continue;
		if ((r->where[k] = tb_malloc(n + 1)) != NULL) {
			memcpy(r->where[k], v, n);
			r->where[k][n] = '\0';
		} else {
			ok = 0;
		}
	}
	return ok;
}

/* ===== The title block ===== */

static void S_meta(tb_book *b, const char *label, const char *value)
{
	if (!value || !*value || strcmp(value, "?") == 0)
		return;
	S_begin(b, K_META, 0, b->rtl, b->lang->code, 1);
	tb_para_puts(&b->cur, label, TB_RUN_BOLD);
	tb_para_puts(&b->cur, ":", TB_RUN_GLUE | TB_RUN_BOLD);
	tb_para_value(&b->cur, value);
	S_flush(b);
	b->y -= PARA_GAP * 0.75; /* the block's lines close together */
}

static void S_title_block(tb_book *b)
{
	const tb_record *rec = b->rec;
	const tb_game *g = rec->game;
	char key[64];
	snprintf(key, sizeof key, "game.%s", g->name);
	S_begin(b, K_TITLE, 0, b->rtl, b->lang->code, 1);
	const char *title = tb_lang_text(b->lang, key);
	tb_para_puts(&b->cur, title ? title : g->title, TB_RUN_BOLD);
	S_flush(b);
	for (int side = 0; side < 2; side++) {
		snprintf(key, sizeof key, "side.%s.%d", g->name, side);
		S_meta(b, tb_lang_text(b->lang, key), tb_record_tag(rec, g->side_tag[side]));
	}
	static const char *const tags[] = {"Event",    "Site",     "Date",        "Round",
	                                   "Source",   "Informant", "Recorder", "Transcriber",
	                                   "Annotator", NULL};
	for (int i = 0; tags[i]; i++)
		S_meta(b, tb_tag_label(b->lang, g, tags[i], key, sizeof key), tb_record_tag(rec, tags[i]));
	if (rec->result != TB_RESULT_NONE) { /* "Result: 1-0 (Red wins)" */
		S_begin(b, K_META, 0, b->rtl, b->lang->code, 1);
		tb_para_puts(&b->cur, tb_lang_text(b->lang, "label.result"), TB_RUN_BOLD);
		tb_para_puts(&b->cur, ":", TB_RUN_GLUE | TB_RUN_BOLD);
		tb_para_result(&b->cur, rec, b->lang);
		S_flush(b);
	}
	b->y += PARA_GAP * 2;
	const char *notes = tb_record_tag(rec, "Notes");
	if (notes && *notes && strcmp(notes, "?") != 0) {
		S_begin(b, K_COMMENT, 0, tb_text_rtl(notes, strlen(notes)), b->lang->code, 1);
		tb_para_puts(&b->cur, tb_lang_text(b->lang, "label.notes"), TB_RUN_BOLD);
		tb_para_puts(&b->cur, ":", TB_RUN_GLUE | TB_RUN_BOLD);
		tb_para_puts(&b->cur, notes, 0);
		S_flush(b);
	}
	int reconstructed = 0;
	for (const tb_node *n = rec->main.first; n; n = n->next)
		reconstructed |= n->reconstructed || (n->kind == TB_NODE_READING && n->alts[0].reconstructed);
	if (reconstructed) {
		S_begin(b, K_NOTE, 0, b->rtl, b->lang->code, 1);
		tb_para_puts(&b->cur, tb_lang_text(b->lang, "book.reconstructed"), 0);
		S_flush(b);
	}
	/* comments before the tags and after each */
	if (b->coll)
		S_app_head(b);
	S_comments(b, rec->lead, 0);
	for (size_t i = 0; i < rec->ntags; i++)
		for (const tb_comment *c = rec->tags[i].comments; c; c = c->next)
			if (!b->coll || !tb_app_tag_in_note(&b->app, &rec->tags[i], c))
				S_comment(b, c, 0, NULL);
	S_flush(b);
	b->y += PARA_GAP;
}

/* ===== Records ===== */

static int S_cmp_want(const void *x, const void *y)
{
	const S_want *a = x, *b = y;
	if (a->ply != b->ply)
		return (a->ply > b->ply) - (a->ply < b->ply);
	if (!a->node != !b->node) /* after the turn, then the positions restated after it */
		return a->node ? 1 : -1;
	return (a->node && b->node) ? (a->node->span.off > b->node->span.off) -
	                                  (a->node->span.off < b->node->span.off)
	                            : 0;
}

/* The diagrams 'rec' asks for ($220 on its main line, or author's marks
 * in a comment of a turn of it; its start when it
 * is a position, the positions it restates), those asked by the caller,
 * and its end: sorted, one per ply. */
static size_t S_wants(const tb_record *rec, const tb_book_opts *o, const long *plies, size_t n,
                      S_want **out)
{
	long last = (long)tb_record_plies(rec);
	size_t cap = n + 16, k = 0;
	S_want *w = tb_malloc(cap * sizeof *w), *more;
	if (!w) {
		*out = NULL;
		return 0;
	}
#define S_ADD(p, nd, why_)                                               \
	do {                                                                  \
		if (k == cap) {                                                   \
			if (!(more = tb_realloc(w, 2 * cap * sizeof *w))) {           \
				free(w);                                                  \
				*out = NULL;                                              \
				return 0;                                                 \
			}                                                             \
			w = more;                                                     \
			cap *= 2;                                                     \
		}                                                                 \
		w[k++] = (S_want){(p), (nd), (why_)};                             \
	} while (0)
	if (rec->start)
		S_ADD(0, NULL, W_START);
	long ply = 0;
	/* the span offsets order the positions restated after one turn */
	for (const tb_node *nd = rec->main.first; nd; nd = nd->next) {
		if (tb_node_followed(nd) == TB_NODE_POSITION)
			S_ADD(ply, nd, W_POSITION);
		if (!S_is_turn(nd))
			continue;
		ply++;
		int marked = 0; /* $220, or author's marks to draw (spec/tgn.md 8.7) */
		for (const tb_comment *c = nd->comments; c; c = c->next)
			marked |= c->nmarks > 0;
		for (unsigned i = 0; i < nd->nnags; i++)
			marked |= nd->nags[i] == TB_NAG_DIAGRAM;
		if (marked)
			S_ADD(ply, NULL, W_MARKED);
	}
	for (long p = o->every; o->every > 0 && p <= last; p += o->every)
		S_ADD(p, NULL, W_EVERY);
	for (size_t i = 0; i < n; i++)
		S_ADD(plies[i] < 0 ? last : plies[i], NULL, W_ASKED);
	if (last > 0)
		S_ADD(last, NULL, W_END);
#undef S_ADD
	qsort(w, k, sizeof *w, S_cmp_want);
	size_t u = 0;
	for (size_t i = 0; i < k; i++) {
		if (u && w[u - 1].ply == w[i].ply && w[u - 1].node == w[i].node)
			w[u - 1].why |= w[i].why;
		else
			w[u++] = w[i];
	}
	*out = w;
	return u;
}

static void S_add_stop(tb_book *b, const tb_node *n, const char *why)
{
	S_stop *stops = tb_realloc(b->stops, (b->nstops + 1) * sizeof *b->stops);
	if (!stops) {
		b->nomem = 1;
		return;
	}
	b->stops = stops;
	b->stops[b->nstops].node = n;
	snprintf(b->stops[b->nstops].why, sizeof b->stops[b->nstops].why, "%s", why);
	b->stops[b->nstops].open = 0;
	b->nstops++;
}

/* An open stretch where walk 'w' stands (tb_walk_open): noted in the
 * text, its diagrams the last position known. */
static void S_add_open(tb_book *b, const tb_walk *w)
{
	S_add_stop(b, w->stop, w->why);
	if (b->nomem)
		return;
	S_stop *s = &b->stops[b->nstops - 1];
	s->open = 1;
	b->nomem |= !tb_note_make(&s->note, w);
}

/* A stop the record itself explains (a gap, a turn nobody knows): the
 * book says what the record says, and it is no problem of the record's. */
static int S_said(const tb_node *n)
{
	return n && (tb_node_followed(n) == TB_NODE_GAP || tb_node_followed(n) == TB_NODE_UNKNOWN);
}

static S_fig *S_new_fig(tb_book *b, const S_want *want, const tb_walk *w, long plies)
{
	if (b->nfigs == b->fcap) {
		size_t cap = b->fcap ? 2 * b->fcap : 16;
		S_fig *figs = tb_realloc(b->figs, cap * sizeof *b->figs);
		if (!figs) {
			b->nomem = 1;
			return NULL;
		}
		b->figs = figs;
		b->fcap = cap;
	}
	S_fig *f = &b->figs[b->nfigs++];
	memset(f, 0, sizeof *f);
	f->number = (long)b->nfigs;
	f->ply = want->ply;
	f->node = want->node;
	f->why = want->why;
	f->record = (int)b->nrecs - 1;
	f->page = -2; /* not referred to yet */
	b->nomem |= !tb_view_from_walk(&f->frame, w, plies);
	return f;
}

/* Walks the main line once: a figure for each wanted position the rules
 * reach (after a turn: before a gap that follows it, after a position
 * restated right after it, which is the position after it; a restated
 * position: after it), where they stop; returns how many of the wanted
 * positions asked for (not those the book adds) they do not reach. */
static size_t S_walk(tb_book *b, tb_walk *w, const S_want *want, size_t n, long *first_dead)
{
	long plies = (long)tb_record_plies(b->rec);
	size_t k = 0, dead = 0;
	const unsigned asked = W_ASKED | W_EVERY | W_MARKED;
	if (!w->live)
		S_add_stop(b, NULL, w->why);
	for (;;) {
		for (; k < n && want[k].ply == w->ply && !want[k].node; k++) {
			if (w->live || tb_walk_open(w))
				S_new_fig(b, &want[k], w, plies);
			else if ((want[k].why & asked) && !dead++) {
				*first_dead = want[k].ply;
				b->dead.node = w->stop;
				snprintf(b->dead.why, sizeof b->dead.why, "%s", w->why);
			}
		}
		const tb_node *nd = w->next;
		if (!nd)
			break;
		int was = w->live;
		tb_walk_node(w);
		if (was && !w->live && tb_walk_open(w))
			S_add_open(b, w);
		else if (was && !w->live && !S_said(w->stop))
			S_add_stop(b, w->stop, w->why);
		for (; tb_node_followed(nd) == TB_NODE_POSITION && k < n && want[k].node == nd; k++)
			if (w->live)
				S_new_fig(b, &want[k], w, plies);
	}
	return dead;
}

/* Places what is left: referred-to figures still waiting, then those
 * never referred to, in rows across the page. */
static void S_flush_figures(tb_book *b)
{
	b->text_done = 1;
	for (size_t i = b->fig_from; i < b->nfigs; i++)
		if (b->figs[i].page == -2)
			S_figure(b, i);
	while (b->nqueue) {
		S_new_page(b, b->record, 0);
		if (b->nqueue) /* one beside nothing: the next may go under it */
			b->y = b->fbottom;
		S_unqueue(b);
	}
}

/* Where the rules stop: "the rules stop at 2... a1 (line 4): why". */
static void S_stop_words(tb_buf *m, const tb_record *rec, const S_stop *s)
{
	if (!s->node) {
		tb_buf_printf(m, "the rules cannot start: %s", s->why);
		return;
	}
	tb_buf where = TB_BUF_SOFT;
	if (S_is_turn(s->node) && s->node->number)
		tb_buf_printf(&where, "%u%s ", s->node->number, s->node->side == 1 ? "..." : ".");
	tb_write_node(&where, rec->game, s->node, TB_WRITE_BARE);
	if (!tb_buf_ok(&where))
		tb_buf_fail(m);
	tb_buf_printf(m, "the rules stop at %s (line %u): %s", where.data ? where.data : "",
	              s->node->span.line, s->why);
	tb_buf_free(&where);
}

/* What tb_book_add says of a record the rules stop in: the stop in force
 * at the first diagram asked for that they do not reach ('dead' of them,
 * the first after 'first_dead' turns) -- a gap or a turn nobody knows
 * too, which the book itself says in the record's words -- and the first
 * stop the record does not explain ('problem', NULL: none), when it is
 * another. */
static char *S_stop_message(const tb_record *rec, size_t dead, long first_dead,
                            const S_stop *at_dead, const S_stop *problem)
{
	tb_buf m = TB_BUF_SOFT;
	S_stop_words(&m, rec, dead ? at_dead : problem);
	if (dead)
		tb_buf_printf(&m, "; %zu diagram%s from turn %ld on left out", dead, dead == 1 ? "" : "s",
		              first_dead);
	if (dead && problem && problem->node != at_dead->node) {
		tb_buf_puts(&m, "; ");
		S_stop_words(&m, rec, problem);
	}
	return tb_buf_detach(&m, NULL);
}

tb_book *tb_book_new(const tb_book_opts *o)
{
	tb_book *b = tb_calloc(1, sizeof *b);
	if (!b)
		return NULL;
	if (o)
		b->o = *o;
	tb_page_size(b->o.paper, &b->pw, &b->ph);
	return b;
}

/* tb_book_add, but for its last error (at the end of the file). */
static int S_add(tb_book *b, const tb_record *rec, const long *plies, size_t n, char **why)
{
	char msg[640];
	*why = NULL;
	if (b->nomem)
		return TB_ENOMEM;
	if (!rec || rec->errors || !rec->game || !rec->game->rules) {
		*why = tb_strdup(!rec                             ? "no record"
		                 : !rec->errors && rec->game ? "the game has no rules engine"
		                                             : "the record has errors");
		return *why ? TB_EINVAL : TB_ENOMEM;
	}
	tb_xml_unfit_text unfit;
	if (tb_record_unfit(rec, &unfit)) { /* the pages are XML: as every writer of XML */
		snprintf(msg, sizeof msg, "the record holds a character XML cannot carry, in the "
		         "text at line %u, column %u: nothing of it is set [TB504]", unfit.line, unfit.col);
		*why = tb_strdup(msg);
		return *why ? TB_EINVAL : TB_ENOMEM;
	}
	long last = (long)tb_record_plies(rec);
	for (size_t i = 0; i < n; i++)
		if (plies[i] > last) {
			snprintf(msg, sizeof msg, "the record has %ld turns on its main line, not %ld", last,
			         plies[i]);
			*why = tb_strdup(msg);
			return *why ? TB_EINVAL : TB_ENOMEM;
		}
	tb_walk walk;
	int rc = tb_walk_start(&walk, rec, msg, sizeof msg);
	if (rc == TB_ENOMEM)
		return TB_ENOMEM;
	if (rc) {
		*why = tb_strdup(msg);
		return *why ? TB_EINVAL : TB_ENOMEM;
	}
	walk.soft = 1; /* the rules out of memory stop the walk (nomem), not the process */
	if (b->nrecs == b->rcap) {
		size_t cap = b->rcap ? 2 * b->rcap : 8;
		S_rec *recs = tb_realloc(b->recs, cap * sizeof *b->recs);
		if (!recs) {
			tb_walk_free(&walk);
			return TB_ENOMEM;
		}
		b->recs = recs;
		b->rcap = cap;
	}
	S_rec *r = &b->recs[b->nrecs++];
	b->rec = rec;
	b->games |= tb_game_bit(rec->game);
	b->record = (int)b->nrecs - 1;
	b->lang = b->o.lang ? b->o.lang : tb_record_lang(rec);
	b->rtl = b->lang->rtl;
	tb_para_init(&r->head, b->rtl, b->lang->code);
	tb_record_title(&r->head, rec, b->lang, 0);
	b->nomem |= !tb_para_ok(&r->head);
	b->nomem |= !S_where(r, rec);
	r->lang = b->lang;
	b->fig_from = b->nfigs;
	b->nstops = 0;
	b->text_done = 0;
	S_want *want;
	size_t nwant = S_wants(rec, &b->o, plies, n, &want);
	long first_dead = -1;
	b->nomem |= !want;
	size_t dead = want ? S_walk(b, &walk, want, nwant, &first_dead) : 0;
	free(want);
	tb_dia_init(&b->dia, &walk.rs, b->o.grayscale, 0);
	double size = b->o.size_mm > 0 ? b->o.size_mm : 60;
	double most = S_text_w(b) / 2;
	b->fig_w = size < most ? size : most;
	b->fig_scale = b->fig_w / b->dia.width;
	r->first_page = (long)b->npages;
	b->coll = tb_app_init(&b->app, rec, b->lang, S_app_piece, b);
	b->app_n = 0;
	S_new_page(b, b->record, 1);
	S_title_block(b);
	long ply = 0;
	for (size_t i = b->fig_from; i < b->nfigs; i++)
		if (b->figs[i].ply == 0) { /* the position it starts from */
			S_begin(b, K_COMMENT, 0, b->rtl, b->lang->code, 1);
			char num[32];
			snprintf(num, sizeof num, "%ld", b->figs[i].number);
			const char *args[1] = {num};
			unsigned af[1] = {0};
			tb_para_lang(&b->cur, b->lang, "book.start", 0, args, af, 1);
			b->refs[0] = i;
			b->ref_run[0] = b->cur.nruns - 1;
			b->nrefs = 1;
			b->figs[i].page = -1;
			S_flush(b);
		}
	S_stop_note(b, NULL);
	S_movetext(b, &rec->main, ply);
	S_begin(b, K_MOVES, 0, 0, NULL, 0);
	tb_para_puts(&b->cur, tb_result_text[rec->result], TB_RUN_BOLD);
	S_flush(b);
	S_comments(b, rec->trail, 0);
	S_flush(b);
	if (b->coll)
		S_app_notes(b);
	S_flush_figures(b);
	for (size_t i = b->fig_from; i < b->nfigs; i++) { /* for a listing */
		tb_caption cap;
		tb_caption_make(&cap, rec, b->dia.rs, &b->figs[i].frame, b->lang, TB_CAPTION_SHORT,
		                b->figs[i].number, NULL);
		tb_buf t = TB_BUF_SOFT;
		if (!tb_caption_ok(&cap))
			tb_buf_fail(&t);
		for (size_t c = 0; c < cap.n; c++)
			tb_para_plain(&cap.para[c], &t);
		if (t.len && t.data[t.len - 1] == '\n')
			t.data[--t.len] = '\0';
		for (char *c = t.data; c && *c; c++)
			if (*c == '\n')
				*c = ' ';
		b->figs[i].caption = tb_buf_detach(&t, NULL);
		b->nomem |= !b->figs[i].caption;
		tb_caption_free(&cap);
	}
	tb_dia_free(&b->dia);
	b->nomem |= walk.nomem;
	tb_walk_free(&walk);
	if (b->nomem)
		return TB_ENOMEM;
	const S_stop *problem = NULL; /* the first stop that is not an open stretch */
	for (size_t i = b->nstops; i-- > 0;)
		if (!b->stops[i].open)
			problem = &b->stops[i];
	if (!dead && !problem)
		return 0;
	*why = S_stop_message(rec, dead, first_dead, &b->dead, problem);
	if (!*why) {
		b->nomem = 1;
		return TB_ENOMEM;
	}
	return 1;
}

/* ===== Finishing ===== */

static void S_svg_head(tb_xw *w, double pw, double ph, int grayscale, uint64_t games)
{
	tb_svg_open(w, "tablero book", pw, ph, pw, ph);
	tb_dia_defs(w, grayscale, games, S_css);
	tb_xw_start(w, "rect", "page");
	tb_xw_attr(w, "x", "0");
	tb_xw_attr(w, "y", "0");
	tb_xw_num(w, "width", pw);
	tb_xw_num(w, "height", ph);
	tb_xw_end(w);
}

/* Does another record's contents entry say what record 'r''s says
 * without its source: the same title, site and date? */
static int S_alike(const tb_book *b, size_t r)
{
	const S_rec *a = &b->recs[r];
	for (size_t i = 0; i < b->nrecs; i++) {
		const S_rec *o = &b->recs[i];
		int same = i != r && o->head.text.len == a->head.text.len &&
		           (!a->head.text.len || memcmp(o->head.text.data, a->head.text.data,
		                                        a->head.text.len) == 0);
		for (int k = 0; k < 2 && same; k++)
			same = (!o->where[k] && !a->where[k]) ||
			       (o->where[k] && a->where[k] && strcmp(o->where[k], a->where[k]) == 0);
		if (same)
			return 1;
	}
	return 0;
}

/* The contents, as pages of their own: one entry per record -- its
 * title, site and date (and source, when another entry would say the
 * same: S_alike) -- and the number of its first page, counting 'before'
 * pages before the records'. Sets '*n' to how many pages they take. */
static S_page **S_contents(tb_book *b, const tb_lang *l, long before, size_t *n)
{
	S_page **saved = b->pages;
	size_t saved_n = b->npages, saved_cap = b->pcap;
	b->pages = NULL;
	b->npages = b->pcap = 0;
	b->rec = NULL;
	b->record = -1;
	b->lang = l;
	b->rtl = l->rtl;
	b->fig_w = 0;
	b->nqueue = 0;
	S_new_page(b, -1, 1);
	S_begin(b, K_TOCHEAD, 0, l->rtl, l->code, 1);
	tb_para_puts(&b->cur, tb_lang_text(l, "book.contents"), TB_RUN_BOLD);
	S_flush(b);
	for (size_t r = 0; r < b->nrecs; r++) {
		const tb_para *h = &b->recs[r].head;
		S_begin(b, K_TOC, 0, l->rtl, h->lang, 1);
		tb_buf title = TB_BUF_SOFT; /* one run: one embedding when its direction is the other */
		tb_para_plain(h, &title);
		if (title.len && tb_buf_ok(&title))
			title.data[--title.len] = '\0';
		tb_para_puts(&b->cur, S_text(b, &title),
		             h->rtl == l->rtl ? 0 : h->rtl ? TB_RUN_RTL : TB_RUN_LTR);
		tb_buf_free(&title);
		int alike = S_alike(b, r);
		for (int k = 0; k < 3; k++) {
			const char *v = b->recs[r].where[k];
			if (!v || (k == 2 && !alike))
				continue;
			tb_para_puts(&b->cur, tb_lang_text(l, "book.contents.sep"), TB_RUN_GLUE);
			tb_para_value(&b->cur, v);
		}
		char num[32];
		snprintf(num, sizeof num, "%ld", b->recs[r].first_page + before + 1);
		tb_para_puts(&b->cur, "—", TB_RUN_TIE);
		tb_para_puts(&b->cur, num, TB_RUN_TIE | TB_RUN_KEEP | (l->rtl ? TB_RUN_LTR : 0));
		S_flush(b);
	}
	S_page **toc = b->pages;
	*n = b->npages;
	b->pages = saved;
	b->npages = saved_n;
	b->pcap = saved_cap;
	return toc;
}

static void S_free_pages(S_page **pages, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		tb_buf_free(&pages[i]->body);
		free(pages[i]);
	}
	free(pages);
}

/* The contents first: laid out again until the number of their own pages,
 * which moves every record's first page, stays what it was assumed. */
static size_t S_add_contents(tb_book *b, const tb_lang *l)
{
	size_t ntoc = 1, got = 0;
	S_page **toc = NULL;
	for (int tries = 0; tries < 4; tries++) {
		S_free_pages(toc, got);
		toc = S_contents(b, l, (long)ntoc, &got);
		if (got == ntoc)
			break;
		ntoc = got;
	}
	if (b->npages + got > b->pcap) {
		S_page **pages = tb_realloc(b->pages, (b->npages + got) * sizeof *b->pages);
		if (!pages) {
			b->nomem = 1;
			S_free_pages(toc, got);
			return 0;
		}
		b->pages = pages;
		b->pcap = b->npages + got;
	}
	memmove(b->pages + got, b->pages, b->npages * sizeof *b->pages);
	memcpy(b->pages, toc, got * sizeof *toc);
	b->npages += got;
	free(toc);
	return got;
}

/* tb_book_pages, but for its last error (at the end of the file). */
static long S_pages(tb_book *b, tb_book_page_fn fn, void *ctx)
{
	size_t ntoc = 0;
	if (b->nomem)
		return TB_ENOMEM;
	if (b->nrecs > 1) {
		ntoc = S_add_contents(b, b->o.lang ? b->o.lang : b->recs[0].lang);
		if (b->nomem)
			return TB_ENOMEM;
		for (size_t i = 0; i < b->nfigs; i++)
			b->figs[i].page += (long)ntoc;
		for (size_t r = 0; r < b->nrecs; r++)
			b->recs[r].first_page += (long)ntoc;
	}
	tb_buf out = TB_BUF_SOFT;
	for (size_t i = 0; i < b->npages; i++) {
		const S_page *p = b->pages[i];
		tb_buf_clear(&out);
		tb_xw w;
		tb_xw_init(&w, &out);
		S_svg_head(&w, b->pw, b->ph, b->o.grayscale, b->games);
		if (p->record >= 0 && !p->first) { /* the running head */
			tb_para *h = &b->recs[p->record].head;
			tb_para_style st = {3.0, "head", 0};
			tb_para_pos at = {0, 0};
			tb_pline line;
			if (tb_para_next(h, &at, S_text_w(b) / 3.0, &line))
				tb_para_draw(h, &line, &w, M_SIDE, HEAD_Y, S_text_w(b), &st);
			if (!tb_para_ok(h))
				tb_buf_fail(&out);
			tb_xw_start(&w, "line", "rule");
			tb_xw_num(&w, "x1", M_SIDE);
			tb_xw_num(&w, "y1", HEAD_Y + 2.0);
			tb_xw_num(&w, "x2", b->pw - M_SIDE);
			tb_xw_num(&w, "y2", HEAD_Y + 2.0);
			tb_xw_end(&w);
		}
		tb_xw_raw(&w, p->body.data ? p->body.data : "", p->body.len);
		char folio[32];
		snprintf(folio, sizeof folio, "%zu", i + 1);
		tb_xw_start(&w, "text", "folio");
		tb_xw_num(&w, "x", b->pw / 2);
		tb_xw_num(&w, "y", b->ph - FOLIO_FROM_BOTTOM);
		tb_xw_attr(&w, "text-anchor", "middle");
		tb_xw_text(&w, folio, strlen(folio));
		tb_xw_end(&w);
		tb_xw_end(&w);
		tb_buf_putc(&out, '\n');
		if (!tb_buf_ok(&out) || !tb_buf_ok(&p->body)) {
			tb_buf_free(&out);
			b->nomem = 1;
			return TB_ENOMEM;
		}
		fn(ctx, (long)i + 1, out.data, out.len);
	}
	tb_buf_free(&out);
	return (long)b->npages;
}

void tb_book_figures(const tb_book *b, tb_book_figure_fn fn, void *ctx)
{
	static const char *const whys[] = {"asked", "every", "marked $220", "the start",
	                                   "a restated position", "the end"};
	if (!b || !fn)
		return;
	for (size_t i = 0; i < b->nfigs; i++) {
		const S_fig *f = &b->figs[i];
		char why[160] = "";
		for (int k = 0; k < 6; k++)
			if (f->why & (1u << k))
				snprintf(why + strlen(why), sizeof why - strlen(why), "%s%s", *why ? ", " : "",
				         whys[k]);
		fn(ctx, f->record + 1, f->number, f->page + 1, f->ply, f->caption ? f->caption : "", why);
	}
}

void tb_book_free(tb_book *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->npages; i++) {
		tb_buf_free(&b->pages[i]->body);
		free(b->pages[i]);
	}
	for (size_t r = 0; r < b->nrecs; r++) {
		tb_para_free(&b->recs[r].head);
		for (int k = 0; k < 3; k++)
			free(b->recs[r].where[k]);
	}
	for (size_t i = 0; i < b->nfigs; i++)
		free(b->figs[i].caption);
	if (b->cur_open)
		tb_para_free(&b->cur);
	free(b->pages);
	free(b->recs);
	free(b->figs);
	free(b->queue);
	free(b->stops);
	tb_buf_free(&b->sink);
	free(b);
}

/* ===== The public calls, with their last error (tablero.h, "Errors") ===== */

int tb_book_add(tb_book *b, const tb_record *rec, const long *plies, size_t n, char **why)
{
	char *text = NULL;
	if (why)
		*why = NULL;
	if (!b || (n && !plies))
		return tb_lasterr_set(b ? &b->err : NULL, TB_EINVAL, "no %s",
		                      b ? "plies (NULL with n not 0)" : "book");
	int rc = S_add(b, rec, plies, n, &text);
	return tb_lasterr_why(&b->err, rc, text, why);
}

long tb_book_pages(tb_book *b, tb_book_page_fn fn, void *ctx)
{
	if (!b || !fn)
		return tb_lasterr_set(b ? &b->err : NULL, TB_EINVAL, "no %s",
		                      b ? "page function" : "book");
	long got = S_pages(b, fn, ctx);
	tb_lasterr_why(&b->err, got < 0 ? (int)got : 0, NULL, NULL);
	return got;
}

int tb_book_errcode(const tb_book *b) { return tb_lasterr_code(b ? &b->err : NULL); }
const char *tb_book_errmsg(const tb_book *b) { return tb_lasterr_msg(b ? &b->err : NULL); }
