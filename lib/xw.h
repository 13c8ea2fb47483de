/*
 * xw.h -- a small, fast XML writer into a tb_buf (internal).
 *
 * Diagrams and book pages are written by many thousands a second
 * (spec/svg.md, "Speed"): elements, attributes and text go straight
 * into the buffer, escaped as XML 1.0 requires (& < > in text, and " in
 * attributes), with every character XML 1.0 does not allow (C0 controls
 * but tab, newline and return; U+FFFE, U+FFFF; a byte that is not
 * UTF-8) written as U+FFFD, so a document is well-formed whatever a tag
 * value holds. Elements are indented one space a level, except inside
 * an element that holds text (where white space would be text).
 */
#ifndef TB_XW_H
#define TB_XW_H

#include <stddef.h>

#include "buf.h"

typedef struct tb_xw {
	tb_buf *b;
	const char *open[64]; /* the open elements' names */
	int depth;
	int in_tag;           /* a start tag is not closed yet: attributes may follow */
	int text_depth;       /* depth of the element holding text (0: none) */
} tb_xw;

void tb_xw_init(tb_xw *w, tb_buf *b);
/* <name class="cls"> (cls may be NULL) */
void tb_xw_start(tb_xw *w, const char *name, const char *cls);
void tb_xw_attr(tb_xw *w, const char *name, const char *value);
/* A number with at most two decimals, as tb_num writes it. */
void tb_xw_num(tb_xw *w, const char *name, double v);
void tb_xw_text(tb_xw *w, const char *s, size_t n);
/* The element just started holds text: no white space is added inside
 * it (call before its first child). */
void tb_xw_inline(tb_xw *w);
/* Closes the innermost element: "/>" when it holds nothing. */
void tb_xw_end(tb_xw *w);
/* Markup written as it is (a DOCTYPE, a style sheet known to be safe). */
void tb_xw_raw(tb_xw *w, const char *s, size_t n);

/* 'v' rounded to two decimals, trailing zeros dropped: "12.5", "3", "-0.25". */
void tb_num(tb_buf *b, double v);
/* Appends 'n' bytes of 's' escaped for text ('attr' 0) or an attribute
 * value (1). */
void tb_xml_escape(tb_buf *b, const char *s, size_t n, int attr);

#endif
