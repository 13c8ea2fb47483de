/*
 * buf.h -- growable byte buffer (internal).
 *
 * A tb_buf owns its bytes; data is always NUL-terminated after len so
 * it can be handed out as a C string (once anything was appended).
 *
 * Running out of memory in a 'soft' buffer (TB_BUF_SOFT) is sticky: the
 * append that could not grow it and every one after it do nothing but
 * set 'failed', so that the many appends of a writer need no check, and
 * the function that finishes the output checks once (tb_buf_ok, or
 * tb_buf_detach's NULL) and returns TB_ENOMEM. What is in 'data' then is
 * a truncated prefix. Any other buffer (TB_BUF_INIT) aborts the process,
 * as the code not yet made to recover expects (xalloc.h): none of its
 * output is ever cut short unseen.
 */
#ifndef TB_BUF_H
#define TB_BUF_H

#include <stdarg.h>
#include <stddef.h>
#include <string.h>

typedef struct tb_buf {
	char *data;  /* NUL-terminated; NULL until the first append */
	size_t len;  /* bytes in use, excluding the NUL */
	size_t cap;  /* bytes allocated */
	int failed;  /* an append ran out of memory (sticky until freed) */
	int soft;    /* out of memory sets 'failed' (else: aborts) */
} tb_buf;

#define TB_BUF_INIT {NULL, 0, 0, 0, 0}
#define TB_BUF_SOFT {NULL, 0, 0, 0, 1}

/* Makes room for 'extra' more bytes and the NUL; 0 when memory ran out
 * (or had before), and then 'failed' is set and 'b' is as it was. */
int tb_buf_grow(tb_buf *b, size_t extra);

/* Memory ran out making what goes into 'b' (elsewhere): 'b' fails as if
 * an append had (or aborts, when not soft). */
void tb_buf_fail(tb_buf *b);

/* 1 unless an append to 'b' ran out of memory since it was last
 * detached or freed. */
static inline int tb_buf_ok(const tb_buf *b)
{
	return !b->failed;
}

/* Inline, as tb_buf_putc: the writers append a few bytes at a time,
 * and a literal's length and copy then cost nothing. */
static inline void tb_buf_put(tb_buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap && !tb_buf_grow(b, n))
		return;
	if (n) /* 's' may be NULL when 'n' is 0 */
		memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

static inline void tb_buf_puts(tb_buf *b, const char *s)
{
	tb_buf_put(b, s, strlen(s));
}

/* Inline: the writers append most of their output a byte at a time. */
static inline void tb_buf_putc(tb_buf *b, char c)
{
	if (b->len + 2 > b->cap && !tb_buf_grow(b, 1))
		return;
	b->data[b->len++] = c;
	b->data[b->len] = '\0';
}
/* Appends 'v' in decimal (faster than printf on hot paths). */
void tb_buf_putu(tb_buf *b, unsigned long v);
void tb_buf_printf(tb_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void tb_buf_vprintf(tb_buf *b, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
/* Empties 'b' but keeps its memory (and 'failed'). */
void tb_buf_clear(tb_buf *b);
/* Hands the bytes to the caller (free() them) and leaves 'b' empty;
 * NULL, and 'b' freed, when an append ran out of memory (or the empty
 * string could not be allocated). */
char *tb_buf_detach(tb_buf *b, size_t *len);
void tb_buf_free(tb_buf *b);

/* Appends the 'n' bytes at 's' as a JSON string (RFC 8259): " and \
 * escaped, controls as \uXXXX, and < > & and U+2028/9 too, so that
 * nothing in it can end an HTML <script> element holding it
 * ("</script>") or read as markup there. */
void tb_buf_jstr(tb_buf *b, const char *s, size_t n);

#endif
