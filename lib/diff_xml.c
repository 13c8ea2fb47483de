/*
 * diff_xml.c -- the documents of tablero diff --xml (schemas/diff.rng),
 * written by the library's XML writer (xml_emit.h), so that they escape and
 * indent as the library's other documents do: one space a level, text
 * with '"' as &quot;, the bytes libxml2's xmlTextWriter wrote before
 * (documents did not change).
 *
 * The caller names the elements in the order the schema has them; this
 * keeps the document well-formed and hands its bytes out a piece at a
 * time (tb_diff_xml_take), so that a long one is never held whole.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "tablero.h"
#include "xalloc.h"
#include "xml_emit.h"

#define S_NS "urn:tablero:diff"
#define S_VERSION "1.0"

struct tb_diff_xml {
	tb_buf buf;       /* what is written and not taken yet */
	tb_xw w;
	int taken;        /* 'buf' was handed out: cleared before the next write */
};

/* Before a write: what tb_diff_xml_take handed out is done with. */
static tb_xw *S_fresh(tb_diff_xml *x)
{
	if (x->taken) {
		tb_buf_clear(&x->buf);
		x->taken = 0;
	}
	return &x->w;
}

tb_diff_xml *tb_diff_xml_new(void)
{
	tb_diff_xml *x = tb_calloc(1, sizeof *x);
	if (!x)
		return NULL;
	x->buf = (tb_buf)TB_BUF_SOFT;
	tb_xw_init(&x->w, &x->buf);
	x->w.text_esc = TB_XML_ESC_TEXTQ;
	static const char decl[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>";
	tb_xw_raw(&x->w, decl, sizeof decl - 1);
	tb_xw_start(&x->w, "tgndiff", NULL);
	tb_xw_attr(&x->w, "xmlns", S_NS);
	tb_xw_attr(&x->w, "version", S_VERSION);
	if (!tb_buf_ok(&x->buf)) {
		tb_diff_xml_free(x);
		return NULL;
	}
	return x;
}

void tb_diff_xml_start(tb_diff_xml *x, const char *element)
{
	tb_xw_start(S_fresh(x), element, NULL);
}

void tb_diff_xml_attr(tb_diff_xml *x, const char *name, const char *value)
{
	tb_xw_attr(S_fresh(x), name, value);
}

void tb_diff_xml_uint(tb_diff_xml *x, const char *name, unsigned long long value)
{
	char num[24];
	snprintf(num, sizeof num, "%llu", value);
	tb_xw_attr(S_fresh(x), name, num);
}

void tb_diff_xml_text_element(tb_diff_xml *x, const char *element, const char *text)
{
	tb_xw *w = S_fresh(x);
	tb_xw_start(w, element, NULL);
	tb_xw_text(w, text, strlen(text));
	tb_xw_end(w);
}

void tb_diff_xml_end(tb_diff_xml *x)
{
	tb_xw_end(S_fresh(x));
}

void tb_diff_xml_finish(tb_diff_xml *x)
{
	tb_xw *w = S_fresh(x);
	while (w->depth)
		tb_xw_end(w);
	tb_xw_raw(w, "\n", 1);
}

const char *tb_diff_xml_take(tb_diff_xml *x, size_t *len)
{
	S_fresh(x);
	if (!tb_buf_ok(&x->buf)) {
		*len = 0;
		return NULL;
	}
	x->taken = 1;
	*len = x->buf.len;
	return x->buf.data ? x->buf.data : "";
}

void tb_diff_xml_free(tb_diff_xml *x)
{
	if (!x)
		return;
	tb_xw_free(&x->w);
	tb_buf_free(&x->buf);
	free(x);
}
