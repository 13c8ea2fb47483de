/*
 * typeset.c -- paragraphs of text set into lines of SVG (typeset.h).
 */
#include "typeset.h"

#include <stdlib.h>
#include <string.h>

#include "lang.h"
#include "text_metrics.h"
#include "xalloc.h"

void tb_para_init(tb_para *p, int rtl, const char *lang)
{
	memset(p, 0, sizeof *p);
	p->text.soft = 1;
	p->rtl = rtl;
	p->lang = lang;
}

void tb_para_add(tb_para *p, const char *s, size_t n, unsigned flags)
{
	while (n && s[0] == ' ' && !(flags & TB_RUN_KEEP)) /* spaces at either end say nothing */
		s++, n--;
	while (n && s[n - 1] == ' ')
		n--;
	if (!n || !tb_buf_ok(&p->text))
		return;
	if (p->nruns == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 8;
		tb_run *runs = tb_realloc(p->runs, cap * sizeof *p->runs);
		if (!runs) {
			tb_buf_fail(&p->text);
			return;
		}
		p->runs = runs;
		p->cap = cap;
	}
	size_t off = p->text.len;
	tb_buf_put(&p->text, s, n);
	if (!tb_buf_ok(&p->text))
		return;
	p->runs[p->nruns++] = (tb_run){off, n, flags};
	p->nwords = 0; /* the words are made again */
}

void tb_para_puts(tb_para *p, const char *s, unsigned flags)
{
	tb_para_add(p, s, strlen(s), flags);
}

int tb_para_empty(const tb_para *p) { return p->nruns == 0; }

int tb_para_ok(const tb_para *p) { return tb_buf_ok(&p->text); }

void tb_para_clear(tb_para *p)
{
	tb_buf_clear(&p->text);
	p->nruns = p->nwords = 0;
}

void tb_para_free(tb_para *p)
{
	tb_buf_free(&p->text);
	free(p->runs);
	free(p->words);
	memset(p, 0, sizeof *p);
	p->text.soft = 1;
}

static void S_word(tb_para *p, size_t run, size_t off, size_t n, int glue, int tie)
{
	if (!tb_buf_ok(&p->text))
		return;
	if (p->nwords == p->wcap) {
		size_t cap = p->wcap ? 2 * p->wcap : 32;
		tb_word *words = tb_realloc(p->words, cap * sizeof *p->words);
		if (!words) {
			tb_buf_fail(&p->text);
			return;
		}
		p->words = words;
		p->wcap = cap;
	}
	int bold = p->runs[run].flags & TB_RUN_BOLD;
	p->words[p->nwords++] = (tb_word){run, off, n, tb_text_em(p->text.data + off, n, bold), glue,
	                                  glue ? 0 : tie};
}

static void S_words(tb_para *p)
{
	p->nwords = 0;
	for (size_t r = 0; r < p->nruns; r++) {
		const tb_run *run = &p->runs[r];
		const char *s = p->text.data;
		if (run->flags & TB_RUN_KEEP) {
			S_word(p, r, run->off, run->n, (run->flags & TB_RUN_GLUE) != 0,
			       (run->flags & TB_RUN_TIE) != 0);
			continue;
		}
		size_t i = run->off, end = run->off + run->n;
		int first = 1;
		while (i < end) {
			size_t j = i;
			while (j < end && s[j] != ' ')
				j++;
			if (j > i)
				S_word(p, r, i, j - i, first && (run->flags & TB_RUN_GLUE),
				       first && (run->flags & TB_RUN_TIE));
			first = 0;
			i = j + 1;
		}
	}
}

static int S_bold(const tb_para *p, size_t word)
{
	return (p->runs[p->words[word].run].flags & TB_RUN_BOLD) != 0;
}

static double S_space(const tb_para *p, size_t word)
{
	return tb_text_em(" ", 1, S_bold(p, word));
}

/* What a line keeps back at its end for a glyph's overhang beyond its
 * advance (an Arabic final letter's tail, an italic's corner). */
#define S_OVERHANG 0.15

int tb_para_next(tb_para *p, tb_para_pos *at, double max_em, tb_pline *line)
{
	max_em -= S_OVERHANG;
	if (!p->nwords && p->nruns)
		S_words(p);
	if (at->word >= p->nwords)
		return 0;
	line->from = *at;
	double em = 0, em_break = 0;
	size_t i = at->word, off = at->off, brk = 0;
	int first = 1;
	for (; i < p->nwords; i++, off = 0, first = 0) {
		const tb_word *wd = &p->words[i];
		const char *s = p->text.data + wd->off + off;
		size_t n = wd->n - off;
		double piece = off ? tb_text_em(s, n, S_bold(p, i)) : wd->em;
		double sp = first || wd->glue ? 0 : S_space(p, i);
		if (!first && !wd->glue && !wd->tie) {
			brk = i;
			em_break = em;
		}
		if (em + sp + piece <= max_em) {
			em += sp + piece;
			continue;
		}
		if (first) { /* wider than a line: cut it */
			size_t skip;
			size_t cut = tb_text_fit(s, n, max_em, S_bold(p, i), &skip);
			em = tb_text_em(s, cut, S_bold(p, i));
			line->to = cut + skip >= n ? (tb_para_pos){i + 1, 0} : (tb_para_pos){i, off + cut + skip};
			line->em = em;
			*at = line->to;
			return 1;
		}
		if ((wd->glue || wd->tie) && brk > line->from.word) { /* it goes with the one before */
			i = brk;
			em = em_break;
		}
		break;
	}
	line->to = (tb_para_pos){i, 0};
	line->em = em;
	*at = line->to;
	return 1;
}

/* The run's <tspan> attributes, or 0 when it needs none. */
static int S_tspan(tb_xw *w, const tb_run *run)
{
	const char *cls = (run->flags & TB_RUN_BOLD) ? "b" : NULL;
	if (!cls && !(run->flags & (TB_RUN_LTR | TB_RUN_RTL | TB_RUN_ITALIC)))
		return 0;
	tb_xw_start(w, "tspan", cls);
	if (run->flags & TB_RUN_ITALIC) /* an attribute: no page's style sheet changes */
		tb_xw_attr(w, "font-style", "italic");
	if (run->flags & (TB_RUN_LTR | TB_RUN_RTL)) {
		tb_xw_attr(w, "direction", run->flags & TB_RUN_LTR ? "ltr" : "rtl");
		tb_xw_attr(w, "unicode-bidi", "embed");
	}
	return 1;
}

void tb_para_draw(const tb_para *p, const tb_pline *line, tb_xw *w, double x, double y,
                  double width, const tb_para_style *st)
{
	int align = st->align;
	double ax = x;
	const char *anchor = NULL;
	if (align == 2) {
		ax = x + width / 2;
		anchor = "middle";
	} else if (align == -1) { /* the right end */
		ax = x + width;
		anchor = p->rtl ? NULL : "end";
	} else if (p->rtl != (align == 1)) { /* from the right */
		ax = x + width;
		anchor = p->rtl ? NULL : "end";
	} else {
		anchor = p->rtl ? "end" : NULL;
	}
	if (!tb_para_ok(p))
		tb_buf_fail(w->b);
	tb_xw_start(w, "text", st->cls);
	tb_xw_num(w, "x", ax);
	tb_xw_num(w, "y", y);
	if (p->rtl) { /* librsvg orders embedded runs only inside an embedding */
		tb_xw_attr(w, "direction", "rtl");
		tb_xw_attr(w, "unicode-bidi", "embed");
	}
	if (anchor)
		tb_xw_attr(w, "text-anchor", anchor);
	if (p->lang)
		tb_xw_attr(w, "xml:lang", p->lang);
	tb_xw_inline(w);
	size_t open_run = (size_t)-1;
	int in_span = 0;
	for (size_t i = line->from.word; i < p->nwords && i <= line->to.word; i++) {
		const tb_word *wd = &p->words[i];
		size_t from = i == line->from.word ? line->from.off : 0;
		size_t to = i == line->to.word ? line->to.off : wd->n;
		if (to <= from)
			continue;
		int sep = i > line->from.word && !wd->glue;
		if (wd->run != open_run) {
			if (in_span)
				tb_xw_end(w);
			if (sep)
				tb_xw_text(w, " ", 1);
			open_run = wd->run;
			in_span = S_tspan(w, &p->runs[wd->run]);
		} else if (sep) {
			tb_xw_text(w, " ", 1);
		}
		tb_xw_text(w, p->text.data + wd->off + from, to - from);
	}
	if (in_span)
		tb_xw_end(w);
	tb_xw_end(w);
}

int tb_para_set(tb_para *p, tb_xw *w, double x, double y, double width, double line_h,
                const tb_para_style *st)
{
	tb_para_pos at = {0, 0};
	tb_pline line;
	int n = 0;
	if (w && !tb_para_ok(p))
		tb_buf_fail(w->b);
	while (tb_para_next(p, &at, width / st->size, &line)) {
		if (w)
			tb_para_draw(p, &line, w, x, y + n * line_h, width, st);
		n++;
	}
	if (w && !tb_para_ok(p)) /* its words (tb_para_next) */
		tb_buf_fail(w->b);
	return n;
}

void tb_para_plain(const tb_para *p, tb_buf *b)
{
	if (!tb_para_ok(p))
		tb_buf_fail(b);
	for (size_t r = 0; r < p->nruns; r++) {
		if (b->len && b->data[b->len - 1] != '\n' && !(p->runs[r].flags & TB_RUN_GLUE))
			tb_buf_putc(b, ' ');
		tb_buf_put(b, p->text.data + p->runs[r].off, p->runs[r].n);
	}
	tb_buf_putc(b, '\n');
}

/* ===== Words in a language, as runs ===== */

unsigned tb_embed_flags(const char *s, int rtl)
{
	int own = tb_text_rtl(s, strlen(s));
	if (own == rtl)
		return 0;
	return own ? TB_RUN_RTL : (rtl ? TB_RUN_LTR : 0);
}

void tb_para_lang(tb_para *p, const tb_lang *l, const char *key, unsigned flags,
                  const char *const *args, const unsigned *aflags, size_t nargs)
{
	const char *t = tb_lang_text(l, key);
	if (!t)
		return;
	/* 'flags' glue only the first run to what is before it */
	unsigned glue = flags & TB_RUN_GLUE;
	flags &= ~(unsigned)TB_RUN_GLUE;
	const char *run = t;
	for (const char *q = t; *q; q++) {
		if (!(q[0] == '{' && q[1] >= '1' && q[1] <= '9' && q[2] == '}'))
			continue;
		if (q > run) {
			tb_para_add(p, run, (size_t)(q - run), flags | glue);
			glue = q[-1] != ' ' ? TB_RUN_GLUE : 0;
		}
		size_t k = (size_t)(q[1] - '1');
		if (k < nargs && args[k] && *args[k]) {
			tb_para_add(p, args[k], strlen(args[k]), aflags[k] | glue);
			glue = 0;
		}
		q += 2;
		run = q + 1;
		if (*run && *run != ' ')
			glue = TB_RUN_GLUE;
	}
	if (*run)
		tb_para_add(p, run, strlen(run), flags | glue);
}
