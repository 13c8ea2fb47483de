/*
 * buf.c -- growable byte buffer, and the library's allocations (xalloc.h).
 */
#include "buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tablero.h"
#include "xalloc.h"

/* The hook of tb_set_alloc_hook, set before any other call (tablero.h):
 * a plain read, as the allocator itself would be. */
static tb_alloc_hook S_hook;
static void *S_hook_ctx;

void tb_set_alloc_hook(tb_alloc_hook fn, void *ctx)
{
	S_hook = fn;
	S_hook_ctx = ctx;
}

static int S_refused(size_t n)
{
	return S_hook && S_hook(S_hook_ctx, n) != 0;
}

void *tb_malloc(size_t n)
{
	return S_refused(n) ? NULL : malloc(n ? n : 1);
}

void *tb_calloc(size_t n, size_t size)
{
	if (size && n > (size_t)-1 / size)
		return NULL;
	return S_refused(n * size) ? NULL : calloc(n ? n : 1, size ? size : 1);
}

void *tb_realloc(void *p, size_t n)
{
	return S_refused(n) ? NULL : realloc(p, n ? n : 1);
}

char *tb_strndup(const char *s, size_t n)
{
	char *d = tb_malloc(n + 1);
	if (d) {
		memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

char *tb_strdup(const char *s)
{
	return tb_strndup(s, strlen(s));
}

_Noreturn void tb_oom(void)
{
	/* Only the code not yet made to recover comes here; the library
	 * writes nothing anywhere else. */
	fputs("tablero: out of memory\n", stderr);
	abort();
}

static void *S_oom(void *p)
{
	if (!p)
		tb_oom();
	return p;
}

void *tb_xmalloc(size_t n) { return S_oom(tb_malloc(n)); }
void *tb_xcalloc(size_t n, size_t size) { return S_oom(tb_calloc(n, size)); }
void *tb_xrealloc(void *p, size_t n) { return S_oom(tb_realloc(p, n)); }
char *tb_xstrdup(const char *s) { return S_oom(tb_strdup(s)); }

int tb_buf_grow(tb_buf *b, size_t extra)
{
	if (b->failed)
		return 0;
	size_t need = b->len + extra + 1;
	if (need <= b->cap)
		return 1;
	size_t cap = b->cap ? b->cap : 64;
	while (cap < need && cap < (size_t)-1 / 2)
		cap += cap / 2;
	if (cap < need)
		cap = need;
	/* 'need' wrapped past SIZE_MAX: no memory holds that */
	char *data = need <= b->len ? NULL : tb_realloc(b->data, cap);
	if (!data) {
		tb_buf_fail(b);
		return 0;
	}
	b->data = data;
	b->cap = cap;
	return 1;
}

void tb_buf_fail(tb_buf *b)
{
	if (!b->soft)
		tb_oom();
	b->failed = 1;
	/* the room left is forgotten, so that every append after this comes
	 * to tb_buf_grow too (the inline ones only do when full) */
	b->cap = b->data ? b->len + 1 : 0;
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
	if (!tb_buf_grow(b, 256))
		return;
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
		if (!tb_buf_grow(b, (size_t)n)) {
			b->data[b->len] = '\0';
			return;
		}
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
	char *s = b->failed ? NULL : b->data ? b->data : tb_strdup("");
	if (len)
		*len = s ? b->len : 0;
	if (!s)
		free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
	b->failed = 0;
	return s;
}

void tb_buf_free(tb_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
	b->failed = 0;
}

void tb_buf_jstr(tb_buf *b, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	tb_buf_putc(b, '"');
	size_t run = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		int line_sep = c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80 &&
		               ((unsigned char)s[i + 2] == 0xA8 || (unsigned char)s[i + 2] == 0xA9);
		if (c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' && !line_sep)
			continue;
		tb_buf_put(b, s + run, i - run);
		if (c == '"' || c == '\\') {
			tb_buf_putc(b, '\\');
			tb_buf_putc(b, (char)c);
		} else if (c == '\n') {
			tb_buf_puts(b, "\\n");
		} else if (line_sep) { /* U+2028, U+2029: line ends to older scripts */
			tb_buf_puts(b, (unsigned char)s[i + 2] == 0xA8 ? "\\u2028" : "\\u2029");
			i += 2;
		} else {
			char u[7] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15], 0};
			tb_buf_puts(b, u);
		}
		run = i + 1;
	}
	tb_buf_put(b, s + run, n - run);
	tb_buf_putc(b, '"');
}
