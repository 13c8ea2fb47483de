/*
 * text_metrics.h -- text for print without a font at run time (internal).
 *
 * Diagrams' captions and books' pages are SVG: the renderer sets the
 * glyphs, but lines must be broken here. Widths come from a table of
 * DejaVu Sans advances (lib/font_widths.c, generated once by
 * tools/fontwidths.py), an Arabic letter at the form its neighbours give
 * it (as the shaper joins them; a ligature counts its letters), kerning
 * left out: a line measured here is never narrower than the renderer
 * sets it in that font (tests/text_widths.py measures the rendered ink). A
 * character outside the table counts one em. Direction: a paragraph's
 * is that of its first strong character, as the Unicode bidirectional
 * algorithm decides it (rule P2), or its language's.
 */
#ifndef TB_TEXT_METRICS_H
#define TB_TEXT_METRICS_H

#include <stddef.h>
#include <stdint.h>

typedef struct tb_font_range {
	uint32_t first, last; /* code points */
	uint32_t off;         /* of 'first' in each table of tb_font_widths */
} tb_font_range;

extern const tb_font_range tb_font_ranges[]; /* ends with {0, 0, 0} */
extern const uint16_t *const tb_font_widths[2]; /* regular, bold; 1/2048 em */

/* An Arabic letter that joins: 'D' on both sides, 'R' to the one before
 * only; its forms' widths, regular and bold: isolated, final, initial,
 * medial (0: none). Sorted by code point, {0} last. */
typedef struct tb_font_joining {
	uint32_t cp;
	char join;
	uint16_t w[2][4];
} tb_font_joining;

extern const tb_font_joining tb_font_arabic[];

/* The width of the 'n' bytes at 's', in em, regular or 'bold'. */
double tb_text_em(const char *s, size_t n, int bold);

/* 1 when the first strong character of 's' ('n' bytes) is of a
 * right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko, ... and
 * their presentation forms); 0 when it is a left-to-right letter or
 * there is none. */
int tb_text_rtl(const char *s, size_t n);

/* 1 when BCP 47 tag 'tag' names a language written right to left by
 * default (ar, he, fa, ur, ...), 0 otherwise or for NULL. */
int tb_lang_tag_rtl(const char *tag);

/* The bytes of the first line of 's' ('n' bytes) that fits 'max_em':
 * broken after a space (which the line leaves out: '*skip' counts the
 * bytes to pass before the next line) or a comma, or inside a word that
 * is wider than a whole line; at least one character. */
size_t tb_text_fit(const char *s, size_t n, double max_em, int bold, size_t *skip);

#endif
