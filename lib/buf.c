/*
 * buf.c -- growable byte buffer and the aborting allocator.
 */
#include "buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

static void S_oom(void)
{
	/* The one place the library writes: there is no caller left to
	 * tell once memory is gone. */
	fputs("tablero: out of memory\n", stderr);
	abort();
}

void *tb_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		S_oom();
	return p;
}

void *tb_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		S_oom();
	return p;
}

void *tb_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		S_oom();
	return q;
}

char *tb_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(tb_xmalloc(n), s, n);
}

void tb_buf_grow(tb_buf *b, size_t extra)
{
	size_t need = b->len + extra + 1;
	if (need <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 64;
	while (cap < need)
		cap += cap / 2;
	b->data = tb_xrealloc(b->data, cap);
	b->cap = cap;
}

void tb_buf_putu(tb_buf *b, unsigned long v)
{
	char tmp[24];
	size_t n = 0;
	do
		tmp[sizeof tmp - ++n] = (char)('0' + v % 10);
	while ((v /= 10) && n < sizeof tmp);
	tb_buf_put(b, tmp + sizeof tmp - n, n);
}

void tb_buf_vprintf(tb_buf *b, const char *fmt, va_list ap)
{
	/* Formats into the room there is (at least 256 bytes), and a second
	 * time only when that was short: glibc's vsnprintf(NULL, 0) that
	 * measures first costs more than the formatting itself. */
	tb_buf_grow(b, 256);
	size_t room = b->cap - b->len;
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(b->data + b->len, room, fmt, ap2);
	va_end(ap2);
	if (n < 0) {
		b->data[b->len] = '\0';
		return;
	}
	if ((size_t)n >= room) {
		tb_buf_grow(b, (size_t)n);
		vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	}
	b->len += (size_t)n;
}

void tb_buf_printf(tb_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	tb_buf_vprintf(b, fmt, ap);
	va_end(ap);
}

void tb_buf_clear(tb_buf *b)
{
	b->len = 0;
	if (b->data)
		b->data[0] = '\0';
}

char *tb_buf_detach(tb_buf *b, size_t *len)
{
	char *s = b->data ? b->data : tb_xstrdup("");
	if (len)
		*len = b->len;
	b->data = NULL;
	b->len = b->cap = 0;
	return s;
}

void tb_buf_free(tb_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}
