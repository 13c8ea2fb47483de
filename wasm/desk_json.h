/*
 * wasm/desk_json.h -- a growing buffer of JSON text, for the answers the
 * desk's WebAssembly module gives its page (wasm/desk.c, spec/desk.md).
 * Memory running out stops the module (wasm/include/setjmp.h says why):
 * the page starts a fresh one, so nothing here returns a failure.
 */
#ifndef TB_DESK_JSON_H
#define TB_DESK_JSON_H

#include <stddef.h>

typedef struct dj_buf {
	char *s;     /* NUL-terminated; the caller of dj_take owns it */
	size_t len;  /* bytes in s, without the NUL */
	size_t cap;  /* bytes allocated */
	int comma;   /* a value was written since the last '[' or '{' */
} dj_buf;

void dj_raw(dj_buf *b, const char *s);
/* A JSON string of 'n' bytes of UTF-8 (NULL: null). */
void dj_strn(dj_buf *b, const char *s, size_t n);
void dj_str(dj_buf *b, const char *s);
void dj_int(dj_buf *b, long long v);
/* Opens '{' or '[' (after a comma where one is due), closes it. */
void dj_open(dj_buf *b, char c);
void dj_close(dj_buf *b, char c);
/* "key": -- the value follows. */
void dj_key(dj_buf *b, const char *key);
/* The text, which the caller frees; the buffer is empty again. */
char *dj_take(dj_buf *b);

#endif
