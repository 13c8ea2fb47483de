/*
 * book_svg.c -- a book's pages written out (spec/book.md): each page an
 * SVG 1.1 document in millimetres with its running head and folio, and
 * a collection's contents page. Shared through book.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "book.h"
#include "game.h"
#include "xalloc.h"
#include "xml.h"

/* The pages' style sheet: each kind of paragraph's class (book.h). */
static const char S_css[] =
	".page{fill:#fff}.head{font-size:3px;fill:#333}.rule{stroke:#333;stroke-width:0.2}"
	".folio{font-size:3.2px;fill:#000}.title{font-size:6px}.meta{font-size:3.3px;fill:#000}"
	".moves{font-size:3.5px;fill:#000}.comment{font-size:3.5px;fill:#000}"
	".note{font-size:3.3px;fill:#333}.var{font-size:3.2px;fill:#000}"
	".var-comment{font-size:3.2px;fill:#000}.toc{font-size:3.5px;fill:#000}"
	".fig-caption{font-size:2.7px;fill:#000}";

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
	const tb_bk_rec *a = &b->recs[r];
	for (size_t i = 0; i < b->nrecs; i++) {
		const tb_bk_rec *o = &b->recs[i];
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
static tb_bk_page **S_contents(tb_book *b, const tb_lang *l, long before, size_t *n)
{
	tb_bk_page **saved = b->pages;
	size_t saved_n = b->npages, saved_cap = b->pcap;
	b->pages = NULL;
	b->npages = b->pcap = 0;
	b->rec = NULL;
	b->record = -1;
	b->lang = l;
	b->rtl = l->rtl;
	b->fig_w = 0;
	b->nqueue = 0;
	tb_bk_new_page(b, -1, 1);
	tb_bk_begin(b, K_TOCHEAD, 0, l->rtl, l->code, 1);
	tb_para_puts(&b->cur, tb_lang_text(l, "book.contents"), TB_RUN_BOLD);
	tb_bk_flush(b);
	for (size_t r = 0; r < b->nrecs; r++) {
		const tb_para *h = &b->recs[r].head;
		tb_bk_begin(b, K_TOC, 0, l->rtl, h->lang, 1);
		tb_buf title = TB_BUF_SOFT; /* one run: one embedding when its direction is the other */
		tb_para_plain(h, &title);
		if (title.len && tb_buf_ok(&title))
			title.data[--title.len] = '\0';
		tb_para_puts(&b->cur, tb_bk_text(b, &title),
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
		tb_bk_flush(b);
	}
	tb_bk_page **toc = b->pages;
	*n = b->npages;
	b->pages = saved;
	b->npages = saved_n;
	b->pcap = saved_cap;
	return toc;
}

static void S_free_pages(tb_bk_page **pages, size_t n)
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
	tb_bk_page **toc = NULL;
	for (int tries = 0; tries < 4; tries++) {
		S_free_pages(toc, got);
		toc = S_contents(b, l, (long)ntoc, &got);
		if (got == ntoc)
			break;
		ntoc = got;
	}
	if (b->npages + got > b->pcap) {
		tb_bk_page **pages = tb_realloc(b->pages, (b->npages + got) * sizeof *b->pages);
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
long tb_bk_pages(tb_book *b, tb_book_page_fn fn, void *ctx)
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
		const tb_bk_page *p = b->pages[i];
		tb_buf_clear(&out);
		tb_xw w;
		tb_xw_init(&w, &out);
		S_svg_head(&w, b->pw, b->ph, b->o.grayscale, b->games);
		if (p->record >= 0 && !p->first) { /* the running head */
			tb_para *h = &b->recs[p->record].head;
			tb_para_style st = {3.0, "head", 0};
			tb_para_pos at = {0, 0};
			tb_pline line;
			if (tb_para_next(h, &at, tb_bk_text_w(b) / 3.0, &line))
				tb_para_draw(h, &line, &w, M_SIDE, HEAD_Y, tb_bk_text_w(b), &st);
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

