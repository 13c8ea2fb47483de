/*
 * typeset.h -- paragraphs of text set into lines of SVG (internal).
 *
 * A paragraph is a sequence of runs of text, each regular or bold, with
 * or without a space before it, breakable at its spaces or kept whole
 * (a turn token), in the paragraph's direction or embedded in the other
 * one (a move in an Arabic sentence). Lines are broken greedily at
 * spaces, by the widths of text_metrics.h, so a line never runs past its box;
 * a word wider than a whole line is cut. Each line is one <text>
 * element, its runs <tspan>s; the renderer orders them by the Unicode
 * bidirectional algorithm: a right-to-left paragraph's line is set from
 * the right end of its box (direction="rtl", text-anchor start).
 */
#ifndef TB_TYPESET_H
#define TB_TYPESET_H

#include <stddef.h>

#include "buf.h"
#include "xml_emit.h"

enum {
	TB_RUN_BOLD = 1, /* class "b" */
	TB_RUN_GLUE = 2, /* no space before it (a NAG's "!", a closing bracket) */
	TB_RUN_KEEP = 4, /* never broken inside: "12... d6xd4" */
	TB_RUN_LTR = 8,  /* embedded left to right */
	TB_RUN_RTL = 16, /* embedded right to left */
	TB_RUN_TIE = 32, /* a space before it, but never a line break */
	TB_RUN_ITALIC = 64 /* font-style="italic" (a siglum); DejaVu Sans Oblique keeps the widths */
};

typedef struct tb_run {
	size_t off, n;       /* in the paragraph's text */
	unsigned flags;
} tb_run;

typedef struct tb_word {
	size_t run, off, n;  /* a run's piece between spaces */
	double em;           /* its width */
	int glue;            /* no space before it */
	int tie;             /* no line break before it */
} tb_word;

typedef struct tb_para {
	tb_buf text;
	tb_run *runs;
	size_t nruns, cap;
	tb_word *words;      /* made when first set */
	size_t nwords, wcap;
	int rtl;             /* the paragraph's direction */
	const char *lang;    /* its xml:lang (static or the record's), or NULL */
} tb_para;

/* Where a line starts: a word, and bytes into it (a cut word). */
typedef struct tb_para_pos {
	size_t word, off;
} tb_para_pos;

typedef struct tb_pline {
	tb_para_pos from, to; /* 'to' excluded */
	double em;            /* its width */
} tb_pline;

typedef struct tb_para_style {
	double size;          /* font size, user units */
	const char *cls;      /* each <text>'s class */
	int align;            /* 0 the paragraph's start, 1 its end, 2 centred;
	                         -1 the right end whatever the direction */
} tb_para_style;

void tb_para_init(tb_para *p, int rtl, const char *lang);
void tb_para_add(tb_para *p, const char *s, size_t n, unsigned flags);
void tb_para_puts(tb_para *p, const char *s, unsigned flags);
int tb_para_empty(const tb_para *p);
/* 0 when memory ran out adding to 'p' (sticky until tb_para_free): what
 * it holds is then cut short, and drawing it (tb_para_draw, tb_para_set,
 * tb_para_plain) fails the buffer drawn into as if an append had. */
int tb_para_ok(const tb_para *p);
/* Empties 'p', keeping its direction and language. */
void tb_para_clear(tb_para *p);
void tb_para_free(tb_para *p);

/* The next line from '*at' that fits 'max_em' (font-size units), less
 * 0.15 em kept back for a glyph's overhang: 0 when the paragraph is done,
 * else 1 with 'line' set and '*at' moved past it. A bold run counts its
 * bold widths. */
int tb_para_next(tb_para *p, tb_para_pos *at, double max_em, tb_pline *line);

/* Draws 'line' of 'p' as a <text> at baseline 'y' in the box from 'x',
 * 'width' wide. */
void tb_para_draw(const tb_para *p, const tb_pline *line, tb_xw *w, double x, double y,
                  double width, const tb_para_style *st);

/* Sets all of 'p' in lines 'width' wide from baseline 'y', 'line_h'
 * apart (drawn when 'w' is not NULL). Returns how many lines. */
int tb_para_set(tb_para *p, tb_xw *w, double x, double y, double width, double line_h,
                const tb_para_style *st);

/* Appends the paragraph's text as plain text (runs a space apart unless
 * glued), then a newline. */
void tb_para_plain(const tb_para *p, tb_buf *b);

/* ===== Words in a language, as runs ===== */

struct tb_lang;
/* Appends to 'p' the text of key 'key' of 'l' with its "{1}"...
 * replaced by args[i], each a run of flags aflags[i]; the template's own
 * text is a run of flags 'flags'. */
void tb_para_lang(tb_para *p, const struct tb_lang *l, const char *key, unsigned flags,
                  const char *const *args, const unsigned *aflags, size_t nargs);

/* The run flags that embed 's' in a paragraph of direction 'rtl' when
 * its own direction is the other one. */
unsigned tb_embed_flags(const char *s, int rtl);

#endif
