/*
 * wasm/desk_json.c -- JSON text for the desk's page (desk_json.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "desk_json.h"

static void S_put(dj_buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		while (cap < b->len + n + 1)
			cap *= 2;
		char *t = realloc(b->s, cap);
		if (!t)
			__builtin_trap(); /* out of memory: the page starts afresh */
		b->s = t;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

/* A value begins: the comma before it, unless it follows a key. */
static void S_value(dj_buf *b)
{
	if (b->comma == 1)
		S_put(b, ",", 1);
	b->comma = 1;
}

void dj_raw(dj_buf *b, const char *s)
{
	S_value(b);
	S_put(b, s, strlen(s));
}

void dj_strn(dj_buf *b, const char *s, size_t n)
{
	if (!s) {
		dj_raw(b, "null");
		return;
	}
	S_value(b);
	S_put(b, "\"", 1);
	size_t from = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		char esc[8];
		S_put(b, s + from, i - from);
		if (c == '"' || c == '\\')
			snprintf(esc, sizeof esc, "\\%c", c);
		else if (c == '\n')
			snprintf(esc, sizeof esc, "\\n");
		else
			snprintf(esc, sizeof esc, "\\u%04x", c);
		S_put(b, esc, strlen(esc));
		from = i + 1;
	}
	S_put(b, s + from, n - from);
	S_put(b, "\"", 1);
}

void dj_str(dj_buf *b, const char *s)
{
	dj_strn(b, s, s ? strlen(s) : 0);
}

void dj_int(dj_buf *b, long long v)
{
	char t[32];
	snprintf(t, sizeof t, "%lld", v);
	dj_raw(b, t);
}

void dj_open(dj_buf *b, char c)
{
	S_value(b);
	S_put(b, &c, 1);
	b->comma = 0;
}

void dj_close(dj_buf *b, char c)
{
	S_put(b, &c, 1);
	b->comma = 1;
}

void dj_key(dj_buf *b, const char *key)
{
	dj_str(b, key);
	S_put(b, ":", 1);
	b->comma = 2; /* the value follows without a comma */
}

char *dj_take(dj_buf *b)
{
	if (!b->s)
		S_put(b, "", 0);
	char *s = b->s;
	*b = (dj_buf){0};
	return s;
}
