/*
 * cmd_lsp.c -- "tablero lsp": a language server for TGN over standard
 * input and output (LSP 3.17; spec/lsp.md). The loop reads a message,
 * answers it and goes on until "exit" or the input's end; a bad message
 * is answered with a JSON-RPC error, never fatal. Documents are checked
 * on every change, a record again only when its text changed
 * (lsp_check.c), and their diagnostics published.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lsp.h"

typedef struct S_server {
	FILE *out;
	lsp_doc *docs;
	lsp_settings settings;
	int initialized;       /* "initialize" answered */
	int shutdown;          /* "shutdown" answered */
	int done;              /* "exit" received */
	int status;            /* the exit status */
} S_server;

/* ---- settings ---------------------------------------------------------- */

/* Reads the settings in 'o' (initializationOptions, or the "tablero"
 * member of didChangeConfiguration's settings) into 's'. NULL, or why
 * one is wrong (static; nothing changed then). */
static const char *S_settings(lsp_settings *s, json_object *o)
{
	if (!o || !json_object_is_type(o, json_type_object))
		return NULL;
	lsp_settings n = *s;
	json_object *v;
	int new_rules = 0;
	if (json_object_object_get_ex(o, "rules", &v)) {
		const char *r = json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
		if (v && !r)
			return "rules must be a string or null";
		if (r && (strlen(r) > 400 || strpbrk(r, "\"\n\r\\")))
			return "rules must be one line of at most 400 bytes, without quotes or backslashes";
		n.rules = r && *r ? (char *)r : NULL;
		new_rules = 1;
	}
	static const struct {
		const char *key;
		int64_t max;
	} lim[] = {{"searchTurns", 64}, {"searchPositions", 100000000}, {"candidates", 1000},
	           {"window", 10000}, {"lookback", 32}};
	for (size_t i = 0; i < sizeof lim / sizeof lim[0]; i++) {
		int64_t x;
		if (!json_object_object_get_ex(o, lim[i].key, &v))
			continue;
		if (lsp_jint(o, lim[i].key, &x) || x < 0 || x > lim[i].max)
			return "a search limit must be a whole number from 0 (the default) to its maximum";
		switch (i) {
		case 0: n.search.max_turns = (unsigned)x; break;
		case 1: n.search.max_positions = (unsigned long)x; break;
		case 2: n.search.max_listed = (unsigned)x; break;
		case 3: n.search.window = (unsigned)x; break;
		default: n.search.lookback = (unsigned)x; break;
		}
	}
	if (json_object_object_get_ex(o, "language", &v)) {
		const char *l = json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
		if (v && !l)
			return "language must be a string";
		n.lang = l && *l && strcmp(l, "record") ? tb_lang_find(l) : NULL;
		if (l && *l && strcmp(l, "record") && !n.lang)
			return "language must be en, es, ar or record";
	}
	if (new_rules) {
		char *rules = n.rules ? strdup(n.rules) : NULL;
		if (n.rules && !rules)
			return "out of memory";
		free(s->rules);
		n.rules = rules;
	}
	n.generation = s->generation + 1;
	*s = n;
	return NULL;
}

/* ---- documents --------------------------------------------------------- */

static lsp_doc *S_doc(S_server *sv, const char *uri)
{
	for (lsp_doc *d = sv->docs; uri && d; d = d->next)
		if (strcmp(d->uri, uri) == 0)
			return d;
	return NULL;
}

/* Checks 'd' and publishes its diagnostics; a log message says how
 * many records were checked anew (the others' results were kept). */
static void S_publish(S_server *sv, lsp_doc *d)
{
	size_t fresh = lsp_check_doc(d, &sv->settings);
	char msg[128];
	snprintf(msg, sizeof msg, "tablero: checked %zu of %zu records", fresh, d->nrecs);
	json_object *p = json_object_new_object();
	lsp_jset_int(p, "type", 4);
	lsp_jset_str(p, "message", msg);
	lsp_send(sv->out, lsp_notification("window/logMessage", p));
	lsp_send(sv->out, lsp_notification("textDocument/publishDiagnostics", lsp_diagnostics(d)));
}

static void S_show(S_server *sv, int type, const char *msg)
{
	json_object *p = json_object_new_object();
	lsp_jset_int(p, "type", type);
	lsp_jset_str(p, "message", msg);
	lsp_send(sv->out, lsp_notification("window/showMessage", p));
}

static void S_did_open(S_server *sv, json_object *params)
{
	json_object *td = lsp_jobj(params, "textDocument");
	const char *uri = lsp_jstr(td, "uri");
	json_object *tv;
	int64_t version = 0;
	lsp_jint(td, "version", &version);
	if (!uri || !json_object_object_get_ex(td, "text", &tv) ||
	    !json_object_is_type(tv, json_type_string)) {
		S_show(sv, 1, "tablero lsp: didOpen without a document's uri and text");
		return;
	}
	lsp_doc *old = S_doc(sv, uri);
	size_t len = (size_t)json_object_get_string_len(tv), open = len;
	for (lsp_doc *o = sv->docs; o; o = o->next)
		open += o == old ? 0 : o->len;
	if (open > LSP_MAX_OPEN) {
		S_show(sv, 1, "tablero lsp: the open documents would hold more than 256 MiB; "
		              "this one is not checked (close others)");
		return;
	}
	lsp_doc *d = lsp_doc_new(uri, json_object_get_string(tv), len, version);
	if (!d) {
		S_show(sv, 1, "tablero lsp: the document is larger than 64 MiB, or memory ran out; "
		              "it is not checked");
		return;
	}
	if (old) { /* opened twice: the new text */
		lsp_doc **p = &sv->docs;
		while (*p != old)
			p = &(*p)->next;
		*p = old->next;
		lsp_doc_free(old);
	}
	d->next = sv->docs;
	sv->docs = d;
	S_publish(sv, d);
}

static void S_did_change(S_server *sv, json_object *params)
{
	json_object *td = lsp_jobj(params, "textDocument");
	lsp_doc *d = S_doc(sv, lsp_jstr(td, "uri"));
	json_object *ch = lsp_jarr(params, "contentChanges");
	if (!d || !ch) {
		S_show(sv, 1, "tablero lsp: didChange of a document not open, or without changes");
		return;
	}
	lsp_jint(td, "version", &d->version);
	int clamped = 0, refused = 0;
	for (size_t i = 0; i < json_object_array_length(ch); i++) {
		json_object *c = json_object_array_get_idx(ch, i), *tv;
		if (!json_object_object_get_ex(c, "text", &tv) || !json_object_is_type(tv, json_type_string))
			continue;
		const char *t = json_object_get_string(tv);
		size_t n = (size_t)json_object_get_string_len(tv);
		json_object *range = lsp_jobj(c, "range");
		lsp_pos a, b;
		int rc;
		if (!range)
			rc = lsp_doc_set(d, t, n);
		else if (lsp_get_range(range, &a, &b))
			rc = -2;
		else
			rc = lsp_doc_edit(d, a, b, t, n);
		clamped |= rc == 1;
		refused |= rc < 0;
	}
	if (refused)
		S_show(sv, 1, "tablero lsp: a change was refused (a bad range, or the document would "
		              "pass 64 MiB); the document may differ from the editor's: reopen it");
	else if (clamped)
		S_show(sv, 2, "tablero lsp: a change's range was outside the document; it was clamped");
	S_publish(sv, d);
}

static void S_did_close(S_server *sv, json_object *params)
{
	const char *uri = lsp_jstr(lsp_jobj(params, "textDocument"), "uri");
	for (lsp_doc **p = &sv->docs; *p; p = &(*p)->next) {
		if (strcmp((*p)->uri, uri ? uri : "") != 0)
			continue;
		lsp_doc *d = *p;
		*p = d->next;
		json_object *pr = json_object_new_object();
		lsp_jset_str(pr, "uri", d->uri);
		json_object_object_add(pr, "diagnostics", json_object_new_array());
		lsp_send(sv->out, lsp_notification("textDocument/publishDiagnostics", pr));
		lsp_doc_free(d);
		return;
	}
}

static void S_configuration(S_server *sv, json_object *params)
{
	json_object *s = lsp_jobj(params, "settings");
	json_object *t = lsp_jobj(s, "tablero");
	const char *why = S_settings(&sv->settings, t ? t : s);
	if (why) {
		char msg[256];
		snprintf(msg, sizeof msg, "tablero lsp: settings not changed: %s", why);
		S_show(sv, 1, msg);
		return;
	}
	for (lsp_doc *d = sv->docs; d; d = d->next)
		S_publish(sv, d);
}

/* ---- requests ---------------------------------------------------------- */

static json_object *S_capabilities(void)
{
	json_object *c = json_object_new_object(), *sync = json_object_new_object();
	json_object_object_add(sync, "openClose", json_object_new_boolean(1));
	lsp_jset_int(sync, "change", 2); /* incremental */
	json_object_object_add(c, "textDocumentSync", sync);
	lsp_jset_str(c, "positionEncoding", "utf-16");
	json_object_object_add(c, "hoverProvider", json_object_new_boolean(1));
	json_object *comp = json_object_new_object(), *trig = json_object_new_array();
	json_object_array_add(trig, json_object_new_string("\""));
	json_object_array_add(trig, json_object_new_string("["));
	json_object_object_add(comp, "triggerCharacters", trig);
	json_object_object_add(c, "completionProvider", comp);
	json_object_object_add(c, "documentFormattingProvider", json_object_new_boolean(1));
	json_object_object_add(c, "documentRangeFormattingProvider", json_object_new_boolean(1));
	json_object_object_add(c, "documentSymbolProvider", json_object_new_boolean(1));
	json_object_object_add(c, "foldingRangeProvider", json_object_new_boolean(1));
	json_object_object_add(c, "definitionProvider", json_object_new_boolean(1));
	json_object *ca = json_object_new_object(), *kinds = json_object_new_array();
	json_object_array_add(kinds, json_object_new_string("quickfix"));
	json_object_array_add(kinds, json_object_new_string("source.fixAll.tablero"));
	json_object_object_add(ca, "codeActionKinds", kinds);
	json_object_object_add(c, "codeActionProvider", ca);
	return c;
}

static json_object *S_initialize(S_server *sv, json_object *params, int *code, const char **msg)
{
	const char *why = S_settings(&sv->settings, lsp_jobj(params, "initializationOptions"));
	if (why) {
		*code = LSP_INVALID_PARAMS;
		*msg = why;
		return NULL;
	}
	/* the client's locale (LSP 3.16): the language of records that name
	 * none tablero has; one tablero has no table for is English */
	sv->settings.locale = tb_lang_find(lsp_jstr(params, "locale"));
	sv->initialized = 1;
	json_object *r = json_object_new_object(), *info = json_object_new_object();
	json_object_object_add(r, "capabilities", S_capabilities());
	lsp_jset_str(info, "name", "tablero");
	lsp_jset_str(info, "version", tb_version());
	json_object_object_add(r, "serverInfo", info);
	return r;
}

/* The kinds of code action the request's context asks for ("only"),
 * or NULL: every kind. */
static json_object *S_only(json_object *params)
{
	return lsp_jarr(lsp_jobj(params, "context"), "only");
}

/* A request on a document: its params' textDocument, position or range. */
static json_object *S_on_doc(S_server *sv, const char *m, json_object *params, int *code,
                             const char **msg)
{
	lsp_doc *d = S_doc(sv, lsp_jstr(lsp_jobj(params, "textDocument"), "uri"));
	if (!d) {
		*code = LSP_INVALID_PARAMS;
		*msg = "the document is not open (textDocument.uri)";
		return NULL;
	}
	lsp_ctx c = {d, &sv->settings};
	lsp_pos p = {0, 0}, a = {0, 0}, b = {0, 0};
	int pos = !lsp_get_pos(lsp_jobj(params, "position"), &p);
	int range = !lsp_get_range(lsp_jobj(params, "range"), &a, &b);
	*code = LSP_INVALID_PARAMS;
	*msg = "a position or range is missing or malformed";
	if (strcmp(m, "textDocument/documentSymbol") == 0)
		return *code = 0, lsp_symbols(&c);
	if (strcmp(m, "textDocument/foldingRange") == 0)
		return *code = 0, lsp_folding(&c);
	if (strcmp(m, "textDocument/formatting") == 0)
		return *code = 0, lsp_formatting(&c, 0, a, b, code, msg);
	if (strcmp(m, "textDocument/rangeFormatting") == 0)
		return range ? (*code = 0, lsp_formatting(&c, 1, a, b, code, msg)) : NULL;
	if (strcmp(m, "textDocument/codeAction") == 0)
		return range ? (*code = 0, lsp_code_actions(&c, a, b, S_only(params), code, msg))
		             : NULL;
	if (!pos)
		return NULL;
	*code = 0;
	if (strcmp(m, "textDocument/hover") == 0)
		return lsp_hover(&c, p, code, msg);
	if (strcmp(m, "textDocument/completion") == 0)
		return lsp_completion(&c, p, code, msg);
	return lsp_definition(&c, p, code, msg);
}

static const char *const S_doc_requests[] = {"textDocument/hover", "textDocument/completion",
	"textDocument/formatting", "textDocument/rangeFormatting", "textDocument/documentSymbol",
	"textDocument/foldingRange", "textDocument/definition", "textDocument/codeAction", NULL};

/* Answers request 'm' (id 'id'). */
static void S_request(S_server *sv, const char *m, json_object *id, json_object *params)
{
	int code = 0;
	const char *msg = NULL;
	json_object *res = NULL;
	if (strcmp(m, "initialize") == 0) {
		if (sv->initialized)
			code = LSP_INVALID_REQUEST, msg = "initialize was sent twice";
		else
			res = S_initialize(sv, params, &code, &msg);
	} else if (!sv->initialized) {
		code = LSP_NOT_INITIALIZED, msg = "the server is not initialized";
	} else if (sv->shutdown) {
		code = LSP_INVALID_REQUEST, msg = "the server is shut down: only exit is taken";
	} else if (strcmp(m, "shutdown") == 0) {
		sv->shutdown = 1;
	} else {
		size_t i = 0;
		while (S_doc_requests[i] && strcmp(S_doc_requests[i], m) != 0)
			i++;
		if (S_doc_requests[i])
			res = S_on_doc(sv, m, params, &code, &msg);
		else
			code = LSP_METHOD_NOT_FOUND, msg = "no such method";
	}
	if (code) {
		json_object_put(res);
		lsp_send(sv->out, lsp_error(id, code, msg));
	} else {
		lsp_send(sv->out, lsp_result(id, res));
	}
}

/* Takes notification 'm'. */
static void S_notification(S_server *sv, const char *m, json_object *params)
{
	if (strcmp(m, "exit") == 0) {
		sv->done = 1;
		sv->status = sv->shutdown ? 0 : 1;
		return;
	}
	if (!sv->initialized || sv->shutdown)
		return;
	if (strcmp(m, "textDocument/didOpen") == 0)
		S_did_open(sv, params);
	else if (strcmp(m, "textDocument/didChange") == 0)
		S_did_change(sv, params);
	else if (strcmp(m, "textDocument/didClose") == 0)
		S_did_close(sv, params);
	else if (strcmp(m, "workspace/didChangeConfiguration") == 0)
		S_configuration(sv, params);
	/* initialized, $/cancelRequest, $/setTrace, didSave...: nothing to do */
}

/* One message's body. */
static void S_message(S_server *sv, const char *body, size_t len)
{
	const char *why;
	json_object *msg = lsp_parse(body, len, &why);
	if (!msg) {
		char m[256];
		snprintf(m, sizeof m, "not JSON: %s", why);
		lsp_send(sv->out, lsp_error(NULL, LSP_PARSE_ERROR, m));
		return;
	}
	json_object *id = NULL, *params = NULL;
	int has_id = json_object_is_type(msg, json_type_object) &&
	             json_object_object_get_ex(msg, "id", &id);
	const char *m = lsp_jstr(msg, "method");
	if (json_object_is_type(msg, json_type_object))
		json_object_object_get_ex(msg, "params", &params);
	int id_ok = !has_id || json_object_is_type(id, json_type_int) ||
	            json_object_is_type(id, json_type_string);
	if (!m) {
		if (!json_object_is_type(msg, json_type_object) ||
		    (!json_object_object_get_ex(msg, "result", NULL) &&
		     !json_object_object_get_ex(msg, "error", NULL)))
			lsp_send(sv->out, lsp_error(id_ok ? id : NULL, LSP_INVALID_REQUEST,
			                            "not a JSON-RPC request: no method"));
		/* else a response to a request of ours: none are made */
	} else if (!id_ok) {
		lsp_send(sv->out, lsp_error(NULL, LSP_INVALID_REQUEST, "the id must be a number or a string"));
	} else if (params && !json_object_is_type(params, json_type_object) &&
	           !json_object_is_type(params, json_type_array)) {
		if (has_id)
			lsp_send(sv->out, lsp_error(id, LSP_INVALID_PARAMS, "params must be an object"));
	} else if (has_id) {
		S_request(sv, m, id, params);
	} else {
		S_notification(sv, m, params);
	}
	json_object_put(msg);
}

int lsp_serve(FILE *in, FILE *out)
{
	S_server sv;
	memset(&sv, 0, sizeof sv);
	sv.out = out;
	sv.status = 0;
	while (!sv.done) {
		char *body;
		size_t len;
		const char *why;
		int got = lsp_read(in, &body, &len, &why);
		if (got == LSP_READ_EOF)
			break;
		if (got == LSP_READ_BAD || got == LSP_READ_LARGE) {
			char m[160];
			snprintf(m, sizeof m, "bad message framing: %s", why);
			lsp_send(out, lsp_error(NULL, got == LSP_READ_LARGE ? LSP_INVALID_REQUEST
			                                                    : LSP_PARSE_ERROR, m));
			continue;
		}
		S_message(&sv, body, len);
		free(body);
		if (ferror(out))
			break; /* the client is gone: nobody reads what we say */
	}
	while (sv.docs) {
		lsp_doc *d = sv.docs;
		sv.docs = d->next;
		lsp_doc_free(d);
	}
	free(sv.settings.rules);
	return sv.status;
}

/* ---- the command ------------------------------------------------------- */

typedef struct S_lsp_opts {
	int stdio;
} S_lsp_opts;

static const cli_opt S_opts[] = {
	CLI_FLAG(0, "stdio", S_lsp_opts, stdio,
	         "speak over standard input and output (the\nonly way; editors' clients pass it)"),
	CLI_HELP,
	CLI_END
};

const cli_optab cli_lsp_options = {
	"lsp",
	"usage: tablero lsp [--stdio]\n"
	"\n"
	"A language server for TGN (LSP 3.17) over standard input and output,\n"
	"for an editor to start: diagnostics as validate gives them, updated as\n"
	"the text changes, hover (the board after a turn), completion (the legal\n"
	"turns there; tag names and values), formatting (fmt's text), code\n"
	"actions (repairs, what the rules decide, missing tags), document\n"
	"symbols, folding and go to definition (spec/lsp.md).\n"
	"\n",
	S_opts, 16,
	"Exit: 0 after shutdown and exit, or at the input's end; 1 for exit\n"
	"without shutdown; 2 could not run.\n",
	CLI_OPTS_DASHDASH, NULL, NULL, NULL, NULL
};

int cmd_lsp(int argc, char **argv)
{
	S_lsp_opts o = {0};
	int i = cli_options_parse(&cli_lsp_options, argc, argv, &o);
	if (i < 0)
		return EXIT_TROUBLE;
	if (i < argc) {
		cli_error("lsp", "takes no file: documents come from the editor");
		return EXIT_TROUBLE;
	}
	/* a client that closes its end while we write: a write error, which
	 * ends the loop, not a signal that kills the server */
	signal(SIGPIPE, SIG_IGN);
	return lsp_serve(stdin, stdout);
}
