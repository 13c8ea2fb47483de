/*
 * fuzz_lsp.c -- tablero lsp's message reader and dispatcher
 * (cli/lsp_*.c, cmd_lsp.c's lsp_serve): the server loop run over an
 * in-memory input, its answers into memory. The first byte chooses:
 *   'D'   the rest is a TGN document: the harness frames initialize,
 *         didOpen of it, an incremental change made of its bytes, every
 *         request at places its bytes choose, shutdown and exit;
 *   else  the whole input is the byte stream itself (framing, JSON,
 *         methods as the fuzzer writes them).
 * What must hold: no crash, hang, leak or undefined behaviour; lsp_serve
 * returns 0 or 1; what it writes is a sequence of framed messages, each
 * one JSON object with "jsonrpc": "2.0" (never a half-written one).
 */
#include <json.h>

#include "fuzz.h"
#include "lsp.h"

/* Appends a framed message with body 'body' to 'b'. */
static void S_frame(tb_buf *b, json_object *msg)
{
	size_t n;
	const char *s = json_object_to_json_string_length(msg, JSON_C_TO_STRING_PLAIN, &n);
	tb_buf_printf(b, "Content-Length: %zu\r\n\r\n", n);
	tb_buf_put(b, s, n);
	json_object_put(msg);
}

static json_object *S_msg(int id, const char *method, json_object *params)
{
	json_object *m = json_object_new_object();
	json_object_object_add(m, "jsonrpc", json_object_new_string("2.0"));
	if (id)
		json_object_object_add(m, "id", json_object_new_int(id));
	json_object_object_add(m, "method", json_object_new_string(method));
	if (params)
		json_object_object_add(m, "params", params);
	return m;
}

static json_object *S_pos(unsigned line, unsigned ch)
{
	json_object *p = json_object_new_object();
	json_object_object_add(p, "line", json_object_new_int((int)line));
	json_object_object_add(p, "character", json_object_new_int((int)ch));
	return p;
}

static json_object *S_doc_params(unsigned line, unsigned ch, int range)
{
	json_object *p = json_object_new_object(), *td = json_object_new_object();
	json_object_object_add(td, "uri", json_object_new_string("file:///f.tgn"));
	json_object_object_add(p, "textDocument", td);
	if (range) {
		json_object *r = json_object_new_object();
		json_object_object_add(r, "start", S_pos(line, 0));
		json_object_object_add(r, "end", S_pos(line + 1, ch));
		json_object_object_add(p, "range", r);
		json_object_object_add(p, "context", json_object_new_object());
	} else {
		json_object_object_add(p, "position", S_pos(line, ch));
	}
	return p;
}

/* A session over document 'text' (valid UTF-8 or not: json-c takes the
 * bytes; invalid ones make the server's parse refuse the message). */
static void S_session(tb_buf *b, const char *text, size_t len)
{
	S_frame(b, S_msg(1, "initialize", json_object_new_object()));
	S_frame(b, S_msg(0, "initialized", json_object_new_object()));
	json_object *p = json_object_new_object(), *td = json_object_new_object();
	json_object_object_add(td, "uri", json_object_new_string("file:///f.tgn"));
	json_object_object_add(td, "version", json_object_new_int(1));
	json_object_object_add(td, "text", json_object_new_string_len(text, (int)len));
	json_object_object_add(p, "textDocument", td);
	S_frame(b, S_msg(0, "textDocument/didOpen", p));
	static const char *const req[] = {"textDocument/hover", "textDocument/completion",
		"textDocument/definition", "textDocument/codeAction", "textDocument/rangeFormatting",
		"textDocument/formatting", "textDocument/documentSymbol", "textDocument/foldingRange"};
	unsigned lines = 1;
	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	int id = 2;
	for (size_t k = 0; k < 8; k++)
		for (unsigned j = 0; j < 3; j++) {
			unsigned h = (unsigned)(k * 7 + j * 13 + (len ? (unsigned char)text[(k * 31 + j) % len] : 0));
			S_frame(b, S_msg(id++, req[k], S_doc_params(h % (lines + 1), h % 40, k == 3 || k == 4)));
		}
	/* an incremental change: the middle of the text deleted */
	json_object *cp = json_object_new_object(), *tdv = json_object_new_object(),
	            *changes = json_object_new_array(), *ch = json_object_new_object(),
	            *r = json_object_new_object();
	json_object_object_add(tdv, "uri", json_object_new_string("file:///f.tgn"));
	json_object_object_add(tdv, "version", json_object_new_int(2));
	json_object_object_add(r, "start", S_pos(lines / 3, 2));
	json_object_object_add(r, "end", S_pos(lines / 2, 1));
	json_object_object_add(ch, "range", r);
	json_object_object_add(ch, "text", json_object_new_string("? "));
	json_object_array_add(changes, ch);
	json_object_object_add(cp, "textDocument", tdv);
	json_object_object_add(cp, "contentChanges", changes);
	S_frame(b, S_msg(0, "textDocument/didChange", cp));
	S_frame(b, S_msg(id++, "textDocument/completion", S_doc_params(lines / 3, 3, 0)));
	S_frame(b, S_msg(id++, "shutdown", NULL));
	S_frame(b, S_msg(0, "exit", NULL));
}

/* What the server wrote: framed JSON-RPC messages, whole. */
static void S_check_output(const char *out, size_t n)
{
	size_t i = 0;
	while (i < n) {
		const char *hdr = "Content-Length: ";
		FZ_CHECK(n - i > strlen(hdr) && memcmp(out + i, hdr, strlen(hdr)) == 0,
		         "the server wrote something not framed at byte %zu", i);
		i += strlen(hdr);
		size_t len = 0;
		while (i < n && out[i] >= '0' && out[i] <= '9')
			len = len * 10 + (size_t)(out[i++] - '0');
		FZ_CHECK(n - i >= 4 + len && memcmp(out + i, "\r\n\r\n", 4) == 0,
		         "a message's header or body is cut short");
		i += 4;
		const char *why;
		json_object *m = lsp_parse(out + i, len, &why);
		FZ_CHECK(m && json_object_is_type(m, json_type_object), "the server wrote bad JSON: %s",
		         m ? "not an object" : why);
		json_object *v;
		FZ_CHECK(json_object_object_get_ex(m, "jsonrpc", &v) &&
		         strcmp(json_object_get_string(v), "2.0") == 0, "a message without jsonrpc 2.0");
		json_object_put(m);
		i += len;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	tb_buf in = TB_BUF_INIT;
	if (size > 0 && data[0] == 'D')
		S_session(&in, (const char *)data + 1, size - 1);
	else
		tb_buf_put(&in, (const char *)data, size);
	size_t n;
	char *input = tb_buf_detach(&in, &n);
	if (!input || n == 0) {
		free(input);
		return 0;
	}
	FILE *fin = fmemopen(input, n, "r");
	char *out = NULL;
	size_t outn = 0;
	FILE *fout = open_memstream(&out, &outn);
	FZ_CHECK(fin && fout, "cannot open memory streams");
	int rc = lsp_serve(fin, fout);
	fclose(fin);
	fclose(fout);
	FZ_CHECK(rc == 0 || rc == 1, "lsp_serve returned %d", rc);
	S_check_output(out, outn);
	free(out);
	free(input);
	return 0;
}
