/*
 * lsp_rpc.c -- JSON-RPC messages of "tablero lsp" read and written:
 * the base protocol's header ("Content-Length: N", "\r\n\r\n"), the
 * body parsed by json-c's tokener under a depth limit, bounded sizes
 * (spec/lsp.md, "Limits"). A malformed header or an oversized body is
 * answered, never fatal; only the input's end stops the server.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lsp.h"

/* The longest header line read; a longer one is bad framing. */
#define S_MAX_HEADER_LINE 4096

/* Reads one header line (without its "\r\n" or "\n") into 'buf'.
 * Returns its length, -1 at the input's end, -2 when it was too long
 * (the rest of it read and dropped). */
static long S_header_line(FILE *in, char *buf, size_t n)
{
	size_t k = 0;
	int c, over = 0;
	while ((c = getc(in)) != EOF && c != '\n') {
		if (k + 1 < n)
			buf[k++] = (char)c;
		else
			over = 1;
	}
	if (c == EOF && k == 0 && !over)
		return -1;
	if (k && buf[k - 1] == '\r')
		k--;
	buf[k] = '\0';
	return over ? -2 : (long)k;
}

/* Drops 'n' bytes of 'in'; 0, or -1 at its end. */
static int S_skip(FILE *in, size_t n)
{
	char buf[8192];
	while (n) {
		size_t k = fread(buf, 1, n < sizeof buf ? n : sizeof buf, in);
		if (k == 0)
			return -1;
		n -= k;
	}
	return 0;
}

/* "Content-Length: 123" (the name in any case) into '*n'; 1 when
 * 'line' is that header, 0 when it is another, -1 when its value is
 * no number. */
static int S_content_length(const char *line, size_t *n)
{
	static const char name[] = "content-length:";
	for (size_t i = 0; i < sizeof name - 1; i++)
		if ((line[i] | 0x20) != name[i])
			return 0;
	const char *p = line + sizeof name - 1;
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p < '0' || *p > '9')
		return -1;
	size_t v = 0;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (v > (SIZE_MAX - 9) / 10)
			return -1;
		v = v * 10 + (size_t)(*p - '0');
	}
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p)
		return -1;
	*n = v;
	return 1;
}

int lsp_read(FILE *in, char **body, size_t *len, const char **why)
{
	char line[S_MAX_HEADER_LINE];
	size_t n = 0;
	int have = 0, bad = 0, lines = 0;
	*body = NULL;
	*len = 0;
	*why = NULL;
	for (;;) {
		long k = S_header_line(in, line, sizeof line);
		if (k == -1)
			return LSP_READ_EOF;
		if (k == 0) {
			if (lines == 0)
				continue; /* blank lines between messages */
			break;
		}
		lines++;
		if (k == -2) {
			bad = 1, *why = "a header line is longer than 4096 bytes";
			continue;
		}
		int got = S_content_length(line, &n);
		if (got < 0)
			bad = 1, *why = "Content-Length is not a number";
		else if (got > 0)
			have = 1;
		else if (!strchr(line, ':'))
			bad = 1, *why = "a header line is not 'Name: value'";
	}
	if (bad)
		return LSP_READ_BAD;
	if (!have) {
		*why = "the header has no Content-Length";
		return LSP_READ_BAD;
	}
	if (n > LSP_MAX_MESSAGE) {
		*why = "the message is larger than 64 MiB";
		return S_skip(in, n) ? LSP_READ_EOF : LSP_READ_LARGE;
	}
	char *b = malloc(n + 1);
	if (!b) {
		*why = "out of memory for the message";
		return S_skip(in, n) ? LSP_READ_EOF : LSP_READ_BAD;
	}
	if (fread(b, 1, n, in) != n) {
		free(b);
		return LSP_READ_EOF;
	}
	b[n] = '\0';
	*body = b;
	*len = n;
	return LSP_READ_OK;
}

json_object *lsp_parse(const char *body, size_t len, const char **why)
{
	if (len > LSP_MAX_MESSAGE) {
		*why = "the message is too large";
		return NULL;
	}
	json_tokener *tok = json_tokener_new_ex(LSP_MAX_DEPTH);
	if (!tok) {
		*why = "out of memory";
		return NULL;
	}
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
	json_object *v = json_tokener_parse_ex(tok, body, (int)len);
	enum json_tokener_error e = json_tokener_get_error(tok);
	size_t end = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	if (e == json_tokener_continue) {
		json_object_put(v);
		*why = "the JSON ends too early";
		return NULL;
	}
	if (!v && e != json_tokener_success) {
		*why = json_tokener_error_desc(e);
		return NULL;
	}
	for (; end < len; end++)
		if (!strchr(" \t\r\n", body[end])) {
			json_object_put(v);
			*why = "more follows the JSON value";
			return NULL;
		}
	if (!v) { /* the literal null */
		*why = "the message is null";
		return NULL;
	}
	return v;
}

int lsp_send(FILE *out, json_object *msg)
{
	size_t n;
	const char *s = json_object_to_json_string_length(
		msg, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &n);
	int rc = 0;
	if (!s || fprintf(out, "Content-Length: %zu\r\n\r\n", n) < 0 || fwrite(s, 1, n, out) != n ||
	    fflush(out) != 0)
		rc = -1;
	json_object_put(msg);
	return rc;
}

static json_object *S_message(json_object *id)
{
	json_object *m = json_object_new_object();
	lsp_jset_str(m, "jsonrpc", "2.0");
	json_object_object_add(m, "id", id ? json_object_get(id) : NULL);
	return m;
}

json_object *lsp_result(json_object *id, json_object *result)
{
	json_object *m = S_message(id);
	json_object_object_add(m, "result", result);
	return m;
}

json_object *lsp_error(json_object *id, int code, const char *msg)
{
	json_object *m = S_message(id), *e = json_object_new_object();
	lsp_jset_int(e, "code", code);
	lsp_jset_str(e, "message", msg);
	json_object_object_add(m, "error", e);
	return m;
}

json_object *lsp_notification(const char *method, json_object *params)
{
	json_object *m = json_object_new_object();
	lsp_jset_str(m, "jsonrpc", "2.0");
	lsp_jset_str(m, "method", method);
	json_object_object_add(m, "params", params);
	return m;
}

const char *lsp_jstr(json_object *o, const char *key)
{
	json_object *v;
	if (!o || !json_object_is_type(o, json_type_object) ||
	    !json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
}

int lsp_jint(json_object *o, const char *key, int64_t *out)
{
	json_object *v;
	if (!o || !json_object_is_type(o, json_type_object) ||
	    !json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_int))
		return -1;
	errno = 0;
	int64_t x = json_object_get_int64(v);
	if (errno)
		return -1;
	*out = x;
	return 0;
}

json_object *lsp_jobj(json_object *o, const char *key)
{
	json_object *v;
	if (!o || !json_object_is_type(o, json_type_object) ||
	    !json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_object))
		return NULL;
	return v;
}

json_object *lsp_jarr(json_object *o, const char *key)
{
	json_object *v;
	if (!o || !json_object_is_type(o, json_type_object) ||
	    !json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_array))
		return NULL;
	return v;
}

/* A JSON string of the 'n' bytes at 's': what is no UTF-8 (a message
 * quoting a document's bad bytes) becomes U+FFFD, so that every message
 * written is UTF-8, as JSON-RPC requires. */
static json_object *S_string(const char *s, size_t n)
{
	size_t i = 0, k;
	while (i < n && (k = tb_utf8_length(s + i, n - i)) > 0)
		i += k;
	if (i == n)
		return json_object_new_string_len(s, (int)n);
	char *t = malloc(3 * n + 1);
	if (!t)
		return json_object_new_string("");
	size_t m = 0;
	for (i = 0; i < n;) {
		k = tb_utf8_length(s + i, n - i);
		if (k) {
			memcpy(t + m, s + i, k);
			m += k, i += k;
		} else {
			memcpy(t + m, "\xEF\xBF\xBD", 3);
			m += 3, i++;
		}
	}
	json_object *o = json_object_new_string_len(t, (int)m);
	free(t);
	return o;
}

void lsp_jset_str(json_object *o, const char *key, const char *s)
{
	json_object_object_add(o, key, S_string(s ? s : "", s ? strlen(s) : 0));
}

void lsp_jset_strn(json_object *o, const char *key, const char *s, size_t n)
{
	json_object_object_add(o, key, S_string(s, n));
}

void lsp_jset_int(json_object *o, const char *key, int64_t v)
{
	json_object_object_add(o, key, json_object_new_int64(v));
}
