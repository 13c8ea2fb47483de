/*
 * xml_emit.h -- a small, fast XML writer into a tb_buf (internal).
 *
 * Diagrams and book pages are written by many thousands a second
 * (spec/svg.md, "Speed"): elements, attributes and text go straight
 * into the buffer, escaped as XML 1.0 requires (& < > in text, and " in
 * attributes), with every character XML 1.0 does not allow (C0 controls
 * but tab, newline and return; U+FFFE, U+FFFF; a byte that is not
 * UTF-8) written as U+FFFD, so a document is well-formed whatever a tag
 * value holds. Elements are indented one space a level (or 'indent'
 * spaces: tablero XML takes two), except inside an element that holds
 * text (where white space would be text).
 *
 * tablero XML (xml_write.c) is written with it too, in the bytes
 * libxml2's xmlTextWriter wrote before (so documents did not change):
 * 'indent' 2, and text escaping '"' too (TB_XML_ESC_TEXTQ).
 */
#ifndef TB_XML_EMIT_H
#define TB_XML_EMIT_H

#include <stddef.h>

#include "buf.h"

/* How tb_xml_escape escapes. */
enum {
	TB_XML_ESC_TEXT = 0,  /* text: & < > and \r */
	TB_XML_ESC_ATTR = 1,  /* an attribute value: " \t \n too */
	TB_XML_ESC_TEXTQ = 2  /* text with " as &quot; (libxml2's writer did) */
};

typedef struct tb_xw {
	tb_buf *b;            /* borrowed: the caller's */
	const char *open[64]; /* the open elements' names (borrowed: they must
	                       * outlive the element) */
	const char **deep;    /* the names below the 64th level (owned;
	                       * tb_xw_free) */
	size_t deep_cap;
	int depth;
	int in_tag;           /* a start tag is not closed yet: attributes may follow */
	int text_depth;       /* depth of the element holding text (0: none) */
	int indent;           /* spaces a level (tb_xw_init: 1) */
	int text_esc;         /* TB_XML_ESC_TEXT or _TEXTQ (tb_xw_init: _TEXT) */
} tb_xw;

void tb_xw_init(tb_xw *w, tb_buf *b);
/* Frees what a document more than 64 levels deep took (nothing else
 * needs it: a diagram is never that deep); 'w' may be used again after
 * tb_xw_init. */
void tb_xw_free(tb_xw *w);
/* <name class="cls"> (cls may be NULL) */
void tb_xw_start(tb_xw *w, const char *name, const char *cls);
void tb_xw_attr(tb_xw *w, const char *name, const char *value);
/* A number with at most two decimals, as tb_num writes it. */
void tb_xw_num(tb_xw *w, const char *name, double v);
/* An unsigned number in decimal. */
void tb_xw_uint(tb_xw *w, const char *name, unsigned long v);
void tb_xw_text(tb_xw *w, const char *s, size_t n);
/* The element just started holds text: no white space is added inside
 * it (call before its first child). */
void tb_xw_inline(tb_xw *w);
/* Closes the innermost element: "/>" when it holds nothing. */
void tb_xw_end(tb_xw *w);
/* Markup written as it is (a DOCTYPE, a style sheet known to be safe). */
void tb_xw_raw(tb_xw *w, const char *s, size_t n);

/* Is 's' a language tag of BCP 47's shape ("es", "es-MX", "ar"), which
 * an xml:lang may hold (a first subtag of two or three letters, then
 * subtags of one to eight letters or digits)? tablero XML and TEI write
 * a comment's language as xml:lang only when it is. */
int tb_xml_lang_ok(const char *s);

/* 'v' rounded to two decimals, trailing zeros dropped: "12.5", "3", "-0.25". */
void tb_num(tb_buf *b, double v);
/* Appends 'n' bytes of 's' escaped as 'mode' (TB_XML_ESC_*) says. */
void tb_xml_escape(tb_buf *b, const char *s, size_t n, int mode);

#endif
