/*
 * xml_emit.c -- a small, fast XML writer (xml_emit.h).
 */
#include "xml_emit.h"

#include <stdlib.h>
#include <string.h>

#include "utf8.h"
#include "xalloc.h"

void tb_num(tb_buf *b, double v)
{
	char tmp[32];
	size_t n = 0;
	int neg = v < 0;
	double a = neg ? -v : v;
	if (a > 1e12)
		a = 1e12;
	unsigned long long c = (unsigned long long)(a * 100.0 + 0.5);
	unsigned frac = (unsigned)(c % 100);
	unsigned long long whole = c / 100;
	if (frac) {
		if (frac % 10) {
			tmp[sizeof tmp - ++n] = (char)('0' + frac % 10);
			tmp[sizeof tmp - ++n] = (char)('0' + frac / 10);
		} else {
			tmp[sizeof tmp - ++n] = (char)('0' + frac / 10);
		}
		tmp[sizeof tmp - ++n] = '.';
	}
	do
		tmp[sizeof tmp - ++n] = (char)('0' + whole % 10);
	while ((whole /= 10));
	if (neg && c)
		tmp[sizeof tmp - ++n] = '-';
	tb_buf_put(b, tmp + sizeof tmp - n, n);
}

/* tb_buf_put and tb_buf_putc, with the common case (room enough) in
 * line: a document is written a few bytes at a time, and the calls were
 * most of the time of writing it. The bytes stay NUL-terminated (buf.h). */
static inline void S_put(tb_buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap && !tb_buf_grow(b, n))
		return; /* out of memory: sticky in 'b' (buf.h) */
	char *p = b->data + b->len;
	memcpy(p, s, n);
	p[n] = '\0';
	b->len += n;
}

static inline void S_putc(tb_buf *b, char c)
{
	if (b->len + 2 > b->cap && !tb_buf_grow(b, 1))
		return;
	char *p = b->data + b->len;
	p[0] = c;
	p[1] = '\0';
	b->len++;
}

#define S_PUTS(b, lit) S_put((b), (lit), sizeof(lit) - 1)

static const char S_fffd[] = "\xEF\xBF\xBD";

/* The bytes written as they are: printable ASCII but the four XML
 * escapes. A table, as every byte of every attribute and text written
 * is looked up (a fifth of xml's time went to the tests it replaces). */
#define S_PLAIN(c) ((c) >= 0x20 && (c) < 0x80 && (c) != '&' && (c) != '<' && (c) != '>' && (c) != '"')
#define S_PLAIN4(c) S_PLAIN(c), S_PLAIN((c) + 1), S_PLAIN((c) + 2), S_PLAIN((c) + 3)
#define S_PLAIN16(c) S_PLAIN4(c), S_PLAIN4((c) + 4), S_PLAIN4((c) + 8), S_PLAIN4((c) + 12)
#define S_PLAIN64(c) S_PLAIN16(c), S_PLAIN16((c) + 16), S_PLAIN16((c) + 32), S_PLAIN16((c) + 48)
static const unsigned char S_plain[256] = {S_PLAIN64(0), S_PLAIN64(64), S_PLAIN64(128),
                                           S_PLAIN64(192)};

void tb_xml_escape(tb_buf *b, const char *s, size_t n, int mode)
{
	int attr = mode == TB_XML_ESC_ATTR;
	size_t run = 0, i = 0;
	while (i < n) {
		unsigned char c = (unsigned char)s[i];
		if (S_plain[c]) {
			i++;
			continue;
		}
		S_put(b, s + run, i - run);
		size_t len = 1;
		if (c == '&')
			S_PUTS(b, "&amp;");
		else if (c == '<')
			S_PUTS(b, "&lt;");
		else if (c == '>')
			S_PUTS(b, "&gt;");
		else if (c == '"')
			tb_buf_puts(b, mode != TB_XML_ESC_TEXT ? "&quot;" : "\"");
		else if (c == '\t' || c == '\n' || c == '\r')
			tb_buf_puts(b, !attr ? (c == '\t' ? "\t" : c == '\n' ? "\n" : "&#13;")
			                     : c == '\t' ? "&#9;" : c == '\n' ? "&#10;" : "&#13;");
		else if (c < 0x20)
			tb_buf_puts(b, S_fffd);
		else {
			uint32_t cp = tb_utf8_next(s + i, &len);
			if (i + len > n)
				len = n - i;
			if (cp == 0xFFFD || cp == 0xFFFE || cp == 0xFFFF || (cp >= 0xD800 && cp <= 0xDFFF) ||
			    cp > 0x10FFFF)
				tb_buf_puts(b, S_fffd);
			else
				tb_buf_put(b, s + i, len);
		}
		i += len;
		run = i;
	}
	S_put(b, s + run, n - run);
}

void tb_xw_init(tb_xw *w, tb_buf *b)
{
	memset(w, 0, sizeof *w);
	w->b = b;
	w->indent = 1;
	w->text_esc = TB_XML_ESC_TEXT;
}

void tb_xw_free(tb_xw *w)
{
	free(w->deep);
	w->deep = NULL;
	w->deep_cap = 0;
}

#define S_NOPEN (sizeof ((tb_xw *)0)->open / sizeof ((tb_xw *)0)->open[0])

static void S_push(tb_xw *w, const char *name)
{
	size_t d = (size_t)w->depth;
	if (d < S_NOPEN) {
		w->open[d] = name;
		return;
	}
	if (d - S_NOPEN >= w->deep_cap) {
		size_t cap = w->deep_cap ? 2 * w->deep_cap : 64;
		const char **deep = tb_realloc(w->deep, cap * sizeof *deep);
		if (!deep) { /* out of memory: sticky in the buffer, as an append's */
			tb_buf_fail(w->b);
			return;
		}
		w->deep = deep;
		w->deep_cap = cap;
	}
	w->deep[d - S_NOPEN] = name;
}

static const char *S_name(const tb_xw *w, int depth)
{
	size_t d = (size_t)depth;
	if (d >= S_NOPEN && d - S_NOPEN >= w->deep_cap)
		return ""; /* not kept: memory ran out (S_push), the buffer says so */
	return d < S_NOPEN ? w->open[d] : w->deep[d - S_NOPEN];
}

static void S_close_tag(tb_xw *w)
{
	if (w->in_tag) {
		S_putc(w->b, '>');
		w->in_tag = 0;
	}
}

static void S_newline(tb_xw *w)
{
	if (w->text_depth)
		return;
	size_t n = (size_t)w->depth * (size_t)w->indent; /* every level, however deep */
	tb_buf *b = w->b;
	if (b->len + n + 2 > b->cap && !tb_buf_grow(b, n + 1))
		return;
	char *p = b->data + b->len;
	p[0] = '\n';
	memset(p + 1, ' ', n);
	p[n + 1] = '\0';
	b->len += n + 1;
}

void tb_xw_start(tb_xw *w, const char *name, const char *cls)
{
	S_close_tag(w);
	if (w->depth || w->b->len)
		S_newline(w);
	S_putc(w->b, '<');
	S_put(w->b, name, strlen(name));
	S_push(w, name);
	w->depth++;
	w->in_tag = 1;
	if (cls)
		tb_xw_attr(w, "class", cls);
}

void tb_xw_attr(tb_xw *w, const char *name, const char *value)
{
	tb_buf *b = w->b;
	S_putc(b, ' ');
	S_put(b, name, strlen(name));
	S_PUTS(b, "=\"");
	tb_xml_escape(b, value, strlen(value), TB_XML_ESC_ATTR);
	S_putc(b, '"');
}

void tb_xw_uint(tb_xw *w, const char *name, unsigned long v)
{
	tb_buf *b = w->b;
	S_putc(b, ' ');
	S_put(b, name, strlen(name));
	S_PUTS(b, "=\"");
	char tmp[24];
	size_t n = 0;
	do
		tmp[sizeof tmp - ++n] = (char)('0' + v % 10);
	while ((v /= 10) && n < sizeof tmp);
	S_put(b, tmp + sizeof tmp - n, n);
	S_putc(b, '"');
}

void tb_xw_num(tb_xw *w, const char *name, double v)
{
	tb_buf *b = w->b;
	S_putc(b, ' ');
	S_put(b, name, strlen(name));
	S_PUTS(b, "=\"");
	tb_num(b, v);
	S_putc(b, '"');
}

void tb_xw_text(tb_xw *w, const char *s, size_t n)
{
	S_close_tag(w);
	if (!w->text_depth)
		w->text_depth = w->depth;
	tb_xml_escape(w->b, s, n, w->text_esc);
}

void tb_xw_inline(tb_xw *w)
{
	if (!w->text_depth)
		w->text_depth = w->depth;
}

void tb_xw_end(tb_xw *w)
{
	if (!w->depth)
		return;
	w->depth--;
	if (w->in_tag) {
		S_PUTS(w->b, "/>");
		w->in_tag = 0;
	} else {
		if (!w->text_depth)
			S_newline(w);
		S_PUTS(w->b, "</");
		const char *name = S_name(w, w->depth);
		S_put(w->b, name, strlen(name));
		S_putc(w->b, '>');
	}
	if (w->text_depth > w->depth)
		w->text_depth = 0;
}

void tb_xw_raw(tb_xw *w, const char *s, size_t n)
{
	S_close_tag(w);
	S_put(w->b, s, n);
}

int tb_xml_lang_ok(const char *s)
{
	size_t run = 0;
	for (const char *p = s;; p++) {
		if (*p == '-' || !*p) {
			if (run == 0 || run > 8 || (p - s == (ptrdiff_t)run && (run < 2 || run > 3)))
				return 0; /* the first subtag: two or three letters */
			if (!*p)
				return 1;
			run = 0;
		} else if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		           (p - s > (ptrdiff_t)run && *p >= '0' && *p <= '9')) {
			run++;
		} else {
			return 0;
		}
	}
}
