/*
 * xw.c -- a small, fast XML writer (xw.h).
 */
#include "xw.h"

#include <string.h>

#include "text.h"

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

static const char S_fffd[] = "\xEF\xBF\xBD";

void tb_xml_escape(tb_buf *b, const char *s, size_t n, int attr)
{
	size_t run = 0, i = 0;
	while (i < n) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c < 0x80 && c != '&' && c != '<' && c != '>' && c != '"') {
			i++;
			continue;
		}
		tb_buf_put(b, s + run, i - run);
		size_t len = 1;
		if (c == '&')
			tb_buf_puts(b, "&amp;");
		else if (c == '<')
			tb_buf_puts(b, "&lt;");
		else if (c == '>')
			tb_buf_puts(b, "&gt;");
		else if (c == '"')
			tb_buf_puts(b, attr ? "&quot;" : "\"");
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
	tb_buf_put(b, s + run, n - run);
}

void tb_xw_init(tb_xw *w, tb_buf *b)
{
	memset(w, 0, sizeof *w);
	w->b = b;
}

static void S_close_tag(tb_xw *w)
{
	if (w->in_tag) {
		tb_buf_putc(w->b, '>');
		w->in_tag = 0;
	}
}

static void S_newline(tb_xw *w)
{
	if (w->text_depth)
		return;
	static const char sp[] = "\n                                                                ";
	size_t n = (size_t)w->depth + 1;
	tb_buf_put(w->b, sp, n < sizeof sp - 1 ? n : sizeof sp - 1);
}

void tb_xw_start(tb_xw *w, const char *name, const char *cls)
{
	S_close_tag(w);
	if (w->depth || w->b->len)
		S_newline(w);
	tb_buf_putc(w->b, '<');
	tb_buf_puts(w->b, name);
	if (w->depth < (int)(sizeof w->open / sizeof w->open[0]))
		w->open[w->depth] = name;
	w->depth++;
	w->in_tag = 1;
	if (cls)
		tb_xw_attr(w, "class", cls);
}

void tb_xw_attr(tb_xw *w, const char *name, const char *value)
{
	tb_buf *b = w->b;
	tb_buf_putc(b, ' ');
	tb_buf_puts(b, name);
	tb_buf_put(b, "=\"", 2);
	tb_xml_escape(b, value, strlen(value), 1);
	tb_buf_putc(b, '"');
}

void tb_xw_num(tb_xw *w, const char *name, double v)
{
	tb_buf *b = w->b;
	tb_buf_putc(b, ' ');
	tb_buf_puts(b, name);
	tb_buf_put(b, "=\"", 2);
	tb_num(b, v);
	tb_buf_putc(b, '"');
}

void tb_xw_text(tb_xw *w, const char *s, size_t n)
{
	S_close_tag(w);
	if (!w->text_depth)
		w->text_depth = w->depth;
	tb_xml_escape(w->b, s, n, 0);
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
		tb_buf_put(w->b, "/>", 2);
		w->in_tag = 0;
	} else {
		if (!w->text_depth)
			S_newline(w);
		tb_buf_put(w->b, "</", 2);
		tb_buf_puts(w->b, w->open[w->depth]);
		tb_buf_putc(w->b, '>');
	}
	if (w->text_depth > w->depth)
		w->text_depth = 0;
}

void tb_xw_raw(tb_xw *w, const char *s, size_t n)
{
	S_close_tag(w);
	tb_buf_put(w->b, s, n);
}
