/*
 * book_layout.c -- a book's pages (spec/book.md): a diagram floats at the
 * side the lines end on, its top level with the line after the one that
 * refers to it, the lines beside it shorter; one that does not fit under
 * the last on the page waits for the next; the paragraph being built is
 * set in lines (typeset.c) into the page. Shared through book.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "book.h"
#include "evidence.h"
#include "text_metrics.h"
#include "xalloc.h"

/* Each kind of paragraph (K_*): its class, font size and line distance. */
static const struct {
	const char *cls;
	double size, line;
} S_kind[K_N] = {
	{"title", 6.0, 8.0},     {"meta", 3.3, 4.6}, {"moves", 3.5, 5.0},
	{"comment", 3.5, 5.0},   {"note", 3.3, 4.7}, {"var", 3.2, 4.5},
	{"var-comment", 3.2, 4.5}, {"toc", 3.5, 5.2}, {"title", 6.0, 9.0},
};

/* A scratch buffer's text: "" and the book spent when memory ran out. */
const char *tb_bk_text(tb_book *b, const tb_buf *t)
{
	if (!tb_buf_ok(t)) {
		b->nomem = 1;
		return "";
	}
	return t->data ? t->data : "";
}

/* ===== Pages ===== */
/* The height of figure 'i': its drawing and caption. */
static double S_fig_h(tb_book *b, size_t i, tb_caption *cap)
{
	tb_bk_fig *f = &b->figs[i];
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
		return M_SIDE + (tb_bk_text_w(b) - b->fig_w) / 2;
	int left = b->rtl != other;
	return left ? M_SIDE : b->pw - M_SIDE - b->fig_w;
}

/* Draws figure 'i' (its caption 'cap', freed) at (x, top). */
static void S_draw_fig(tb_book *b, size_t i, tb_caption *cap, double x, double top)
{
	tb_bk_fig *f = &b->figs[i];
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

static int S_two_across(const tb_book *b) { return 2 * b->fig_w + FIG_GAP <= tb_bk_text_w(b); }

/* A figure after the line that refers to it: beside the text at the
 * side the lines end on when that side is free; else, when the figure
 * before still takes it, at the other side, the text going on under
 * both; else (no room left on the page) on the next page. */
void tb_bk_figure(tb_book *b, size_t i)
{
	tb_caption cap;
	double h = S_fig_h(b, i, &cap);
	if (b->text_done && b->fbottom > b->y) /* no text to go beside: under the last */
		b->y = b->fbottom;
	if (!b->nqueue && b->y + h <= tb_bk_bottom(b)) {
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
void tb_bk_unqueue(tb_book *b)
{
	size_t k = 0;
	while (k < b->nqueue) {
		tb_caption c1, c2;
		double h1 = S_fig_h(b, b->queue[k], &c1);
		if (b->y + h1 > tb_bk_bottom(b) && b->y > M_TOP + 0.01) {
			tb_caption_free(&c1);
			break;
		}
		if (k + 1 < b->nqueue && S_two_across(b)) {
			int done = b->text_done; /* two in a row: at the sides */
			b->text_done = 0;
			double h2 = S_fig_h(b, b->queue[k + 1], &c2);
			double h = h1 > h2 ? h1 : h2;
			if (b->y + h > tb_bk_bottom(b) && b->y > M_TOP + 0.01) {
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

void tb_bk_new_page(tb_book *b, int record, int first)
{
	tb_bk_page *p = NULL;
	if (b->npages == b->pcap) {
		size_t cap = b->pcap ? 2 * b->pcap : 16;
		tb_bk_page **pages = tb_realloc(b->pages, cap * sizeof *b->pages);
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
	tb_bk_unqueue(b);
}

/* The box of a line from 'y', 'h' high: beside the floats or not. */
static void S_box(const tb_book *b, double y, double h, double indent, double *x, double *w)
{
	double full = tb_bk_text_w(b);
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
		if (b->y + lh > tb_bk_bottom(b))
			tb_bk_new_page(b, b->record, 0);
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
				tb_bk_figure(b, refs[r]);
	}
	b->y += PARA_GAP;
}

/* ===== The paragraph being built ===== */

void tb_bk_flush(tb_book *b)
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
void tb_bk_begin(tb_book *b, int k, int level, int rtl, const char *lang, int fresh)
{
	if (b->cur_open && !fresh && b->cur_kind == k && b->cur_level == level)
		return;
	tb_bk_flush(b);
	tb_para_init(&b->cur, rtl, lang);
	b->cur_kind = k;
	b->cur_level = level;
	b->cur_open = 1;
}

void tb_bk_run(tb_book *b, const char *s, unsigned flags)
{
	if (b->paren) { /* the variation's "(" before its first word */
		tb_para_puts(&b->cur, "(", flags & TB_RUN_TIE);
		flags = (flags & ~(unsigned)TB_RUN_TIE) | TB_RUN_GLUE;
		b->paren = 0;
	}
	tb_para_puts(&b->cur, s, flags);
}

/* A note in the book's language, in square brackets, in a moves paragraph. */
void tb_bk_note_run(tb_book *b, const char *text, unsigned tie)
{
	tb_buf s = TB_BUF_SOFT;
	tb_buf_printf(&s, "[%s]", text);
	tb_bk_run(b, tb_bk_text(b, &s), tie | TB_RUN_KEEP | tb_embed_flags(text, 0));
	tb_buf_free(&s);
}

