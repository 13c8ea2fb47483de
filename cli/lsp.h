/*
 * lsp.h -- what the files of "tablero lsp" share (spec/lsp.md): the
 * language server over standard input and output, LSP 3.17, JSON-RPC
 * with Content-Length framing, JSON through json-c. Only the tablero
 * binary links json-c; the library never sees JSON.
 *
 * lsp_rpc.c     messages read and written (framing, bounds, errors)
 * lsp_doc.c     documents: their text, incremental changes, positions
 *               (LSP's UTF-16 units to bytes and the library's columns)
 * lsp_check.c   a document cut into records, each checked once per text
 *               (a cache keyed by the record's text), diagnostics
 * lsp_features.c hover and completion; what lies at a place
 * lsp_outline.c formatting, symbols, folding, definition
 * lsp_actions.c code actions (repairs, fill, readings, missing tags)
 * cmd_lsp.c     the command: the loop, lifecycle, dispatch, settings
 */
#ifndef TB_CLI_LSP_H
#define TB_CLI_LSP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <json.h>

#include "tablero.h"

/* The largest message read (its Content-Length): past it the body is
 * skipped unread and an error answered (spec/lsp.md, "Limits"). */
#define LSP_MAX_MESSAGE ((size_t)64 << 20)
/* The deepest JSON nesting json-c's tokener accepts. */
#define LSP_MAX_DEPTH 64
/* The largest document kept: an edit past it is refused. */
#define LSP_MAX_DOCUMENT ((size_t)64 << 20)
/* The most text kept in all open documents together: a document opened
 * past it is refused (and said), so that memory stays bounded. */
#define LSP_MAX_OPEN ((size_t)256 << 20)

/* JSON-RPC and LSP error codes. */
enum {
	LSP_PARSE_ERROR = -32700,
	LSP_INVALID_REQUEST = -32600,
	LSP_METHOD_NOT_FOUND = -32601,
	LSP_INVALID_PARAMS = -32602,
	LSP_INTERNAL_ERROR = -32603,
	LSP_NOT_INITIALIZED = -32002,
	LSP_REQUEST_FAILED = -32803
};

/* ---- lsp_rpc.c ---- */

/* What lsp_read gave. */
enum { LSP_READ_EOF = 0, LSP_READ_OK = 1, LSP_READ_BAD = 2, LSP_READ_LARGE = 3 };

/* Reads one message from 'in': LSP_READ_OK with '*body' (the caller
 * frees it; NUL-terminated) and '*len'; LSP_READ_BAD with '*why' (a
 * static text) when the header is malformed or the body could not be
 * held (memory); LSP_READ_LARGE with '*why' when the body is over
 * LSP_MAX_MESSAGE -- a request, well framed, the server refuses -- (the
 * body then skipped: the next message can be read); LSP_READ_EOF at the
 * end of the input, or when it ends inside a message. Memory: at most
 * the one body. */
int lsp_read(FILE *in, char **body, size_t *len, const char **why);

/* Parses 'body' as one JSON value: NULL with '*why' (static) when it is
 * not JSON, nested deeper than LSP_MAX_DEPTH, not UTF-8, or followed
 * by more than white space. The caller puts the value it gets. */
json_object *lsp_parse(const char *body, size_t len, const char **why);

/* Writes 'msg' framed to 'out' and flushes; takes 'msg' (puts it).
 * Returns 0, or -1 when it could not be written. */
int lsp_send(FILE *out, json_object *msg);

/* {"jsonrpc":"2.0","id":ID,"result":RESULT}; takes 'result' (NULL is
 * null), copies 'id' (a new reference; NULL is null). */
json_object *lsp_result(json_object *id, json_object *result);
/* {"jsonrpc":"2.0","id":ID,"error":{"code":CODE,"message":MSG}}. */
json_object *lsp_error(json_object *id, int code, const char *msg);
/* A notification {"jsonrpc":"2.0","method":M,"params":P}; takes 'params'. */
json_object *lsp_notification(const char *method, json_object *params);

/* Small readers of params: the member 'key' of object 'o' as a string
 * (NULL when absent or not a string), an integer ('*v'; 0 when present
 * and an integer that fits, -1 else), an object, an array. */
const char *lsp_jstr(json_object *o, const char *key);
int lsp_jint(json_object *o, const char *key, int64_t *v);
json_object *lsp_jobj(json_object *o, const char *key);
json_object *lsp_jarr(json_object *o, const char *key);
/* Adds members (the value made here). */
void lsp_jset_str(json_object *o, const char *key, const char *s);
void lsp_jset_strn(json_object *o, const char *key, const char *s, size_t n);
void lsp_jset_int(json_object *o, const char *key, int64_t v);

/* ---- lsp_doc.c ---- */

/* An LSP position: a line (0 up) and a character in UTF-16 units. */
typedef struct lsp_pos {
	int64_t line, character;
} lsp_pos;

typedef struct lsp_check lsp_check;

/* One record of a document as last checked (lsp_check.c). */
typedef struct lsp_rec {
	size_t off, len;        /* its bytes in the document */
	unsigned line;          /* its first line (1 up, as the library counts) */
	unsigned end_line;      /* its last line */
	lsp_check *check;       /* what checking it found (shared with the cache) */
} lsp_rec;

typedef struct lsp_doc {
	char *uri;
	char *text;             /* UTF-8, NUL-terminated */
	size_t len, cap;
	size_t *lines;          /* the offset where each line starts (lines[0] = 0) */
	size_t nlines;          /* lines in the text (1 for an empty one) */
	int64_t version;
	lsp_rec *recs;          /* the records, in order */
	size_t nrecs;
	json_object *outside;   /* diagnostics outside every record (an array) */
	struct lsp_doc *next;
} lsp_doc;

/* A new document holding a copy of 'text'; NULL past LSP_MAX_DOCUMENT. */
lsp_doc *lsp_doc_new(const char *uri, const char *text, size_t len, int64_t version);
void lsp_doc_free(lsp_doc *d);
/* Replaces the bytes between positions 'a' and 'b' (clamped into the
 * text: a line past the end is the end, a character past a line's end
 * its end) with 'text'. Returns 0; -1 when the document would pass
 * LSP_MAX_DOCUMENT (nothing changed); 1 when a position was clamped. */
int lsp_doc_edit(lsp_doc *d, lsp_pos a, lsp_pos b, const char *text, size_t len);
/* Replaces the whole text. -1 past LSP_MAX_DOCUMENT. */
int lsp_doc_set(lsp_doc *d, const char *text, size_t len);

/* The byte offset of the start of line 'line' (1 up), or d->len past
 * the last. */
size_t lsp_line_start(const lsp_doc *d, unsigned line);
/* Position 'p' as a byte offset; -1 when it is outside the text (a
 * line past the last, a character past its line's end). */
long lsp_offset(const lsp_doc *d, lsp_pos p);
/* Byte offset 'off' as a position. */
lsp_pos lsp_pos_of(const lsp_doc *d, size_t off);
/* The library's (line, col): col counts code points from 1; as UTF-16. */
lsp_pos lsp_pos_col(const lsp_doc *d, unsigned line, unsigned col);
/* {"line":..,"character":..} and a range of two. */
json_object *lsp_jpos(lsp_pos p);
json_object *lsp_jrange(lsp_pos a, lsp_pos b);
/* A range's two positions from params ("range": {"start","end"}). */
int lsp_get_range(json_object *range, lsp_pos *a, lsp_pos *b);
int lsp_get_pos(json_object *pos, lsp_pos *p);

/* ---- lsp_check.c ---- */

/* The settings (spec/lsp.md, "Settings"). */
typedef struct lsp_settings {
	char *rules;            /* [Rules] for a record without one, or NULL */
	tb_search_opts search;  /* the limits of validation's searches */
	const tb_lang *lang;    /* the language setting: the words of diagnostics and
	                           hovers; NULL ("record"): lsp_lang's choice */
	const tb_lang *locale;  /* the client's locale (initialize's "locale") when
	                           tablero has that language, else NULL */
	int generation;         /* bumped at each change: checks made before are stale */
} lsp_settings;

/* What checking one record's text found: its diagnostics, and the
 * reader, record and replay of the check, which hover, completion and
 * the code actions read (a record with errors has no replay). A check
 * is shared by the records of the same text that keep it (refs). */
struct lsp_check {
	char *text;             /* the record's text (the key) */
	size_t len;
	uint64_t hash;
	unsigned line;          /* the line it stands at now */
	unsigned read_line;     /* the line it was read at: the lines of 'rec' */
	int generation;         /* of the settings it was checked under */
	int names_lines;        /* a message or note names a line (a diagnostic has typed
	                           places): moved, it is checked again */
	size_t ndiags;
	struct lsp_diag *diags;
	/* kept from the check: */
	tb_reader *reader;
	tb_record *rec;
	tb_replay *replay;
	char *read_text;        /* what the reader reads ('text', or with [Rules] put in) */
	size_t inserted_at;     /* where [Rules] was put in ((size_t)-1: nowhere), its length */
	size_t inserted_len;
	long refs;
};

/* A diagnostic as the library gave it, with its place. */
typedef struct lsp_diag {
	int severity, code;
	unsigned line, col, end_col; /* the library's: lines from 1, columns in code points */
	char *message;
	char *note;             /* or NULL */
	tb_diag_place *places;  /* the places its words name (tb_diag.places), lines
	                           relative as 'line'; or NULL */
	size_t nplaces;
	tb_diag_fix *fixes;     /* the fixes its words propose (tb_diag.fixes), lines
	                           relative as 'line', texts owned; or NULL */
	size_t nfixes;
} lsp_diag;

/* The language a record's diagnostics and hovers are worded in
 * (spec/lsp.md, "Language"): the setting when one is forced; else the
 * record's [Language] when tablero has that language; else the client's
 * locale when it has that; else English. Never NULL; static. */
const tb_lang *lsp_lang(const lsp_settings *s, const tb_record *rec);

/* Cuts 'd' into records and checks those whose text (and settings)
 * are new, keeping the others' results. Returns how many records were
 * checked (validated) anew. */
size_t lsp_check_doc(lsp_doc *d, const lsp_settings *s);
/* A diagnostic as LSP's JSON: its range on document line 'line' (the
 * library's count, from 1) from code point 'col' to 'end_col', its
 * severity, its code ("TB401"), source and message. The caller owns it. */
json_object *lsp_diag_json(const lsp_doc *d, unsigned line, unsigned col, unsigned end_col,
                           int severity, int code, const char *message);
/* The diagnostics of 'd' as publishDiagnostics params. */
json_object *lsp_diagnostics(const lsp_doc *d);
/* The record of 'd' holding byte 'off' (the last starting before it),
 * or NULL when there is none. */
lsp_rec *lsp_rec_at(const lsp_doc *d, size_t off);
/* Drops a reference to 'c' (NULL: nothing); the last frees it. */
void lsp_check_release(lsp_check *c);

/* A node's span start as a byte offset of the document (library line
 * and column, code points). */
size_t lsp_offset_col(const lsp_doc *d, unsigned line, unsigned col);

/* ---- lsp_features.c and lsp_outline.c ---- */

typedef struct lsp_ctx {
	lsp_doc *doc;
	const lsp_settings *settings;
} lsp_ctx;

/* Each returns the result (a new value; NULL is null), or sets '*code'
 * and '*msg' (static) for an error. */
json_object *lsp_hover(lsp_ctx *c, lsp_pos p, int *code, const char **msg);
json_object *lsp_completion(lsp_ctx *c, lsp_pos p, int *code, const char **msg);
json_object *lsp_formatting(lsp_ctx *c, int ranged, lsp_pos a, lsp_pos b, int *code,
                            const char **msg);
json_object *lsp_symbols(lsp_ctx *c);
json_object *lsp_folding(lsp_ctx *c);
json_object *lsp_definition(lsp_ctx *c, lsp_pos p, int *code, const char **msg);

/* What lies at a place of a record: the node there ('at', when its span
 * holds the place), the node whose position stands before the place or
 * before 'at' ('prev'; NULL: the start), the first node after it. */
typedef struct lsp_place {
	tb_node *at, *prev, *next;
} lsp_place;
/* What lies at (line, col) of 'rec' (the reader's lines). A variation
 * starts from the position before the node it replaces; after its ')'
 * the line goes on from that node. */
lsp_place lsp_find(const tb_record *rec, unsigned line, unsigned col);
/* A record line (the reader's) as a document line. */
unsigned lsp_doc_line(const lsp_rec *r, unsigned read_line);
/* The record at LSP position 'p' of the document and the reader's
 * (line, col) of it, '*off' its offset. NULL with '*code' and '*msg'
 * set when the position is outside the text; NULL alone when no record
 * is there. */
lsp_rec *lsp_locate(lsp_ctx *c, lsp_pos p, size_t *off, unsigned *line, unsigned *col,
                    int *code, const char **msg);
/* A growable string (a NULL 's' after memory ran out stays NULL). */
typedef struct lsp_buf {
	char *s;
	size_t n, cap;
} lsp_buf;
void lsp_puts(lsp_buf *b, const char *s);

/* The node of 'rec' whose span holds (line, col) -- library coordinates
 * -- or the last before it on the main line or a variation; NULL when
 * none. '*inside' is set to 1 when the span holds it. */
tb_node *lsp_node_at(const tb_record *rec, unsigned line, unsigned col, int *inside);
/* The library's (line, col) of document offset 'off'. */
void lsp_linecol(const lsp_doc *d, size_t off, unsigned *line, unsigned *col);

/* ---- lsp_actions.c ---- */

/* The code actions for range [a, b] of the document; 'only' the
 * context's "only" (an array of kinds; NULL: every kind). */
json_object *lsp_code_actions(lsp_ctx *c, lsp_pos a, lsp_pos b, json_object *only, int *code,
                              const char **msg);
/* One edit that turns bytes [off, off+len) of 'd' into 'text': the
 * common start and end left out. */
json_object *lsp_edit_between(const lsp_doc *d, size_t off, size_t len, const char *text,
                              size_t tlen);
/* The canonical text of a record with a [Rules] put in by the settings:
 * that tag taken out again. */
char *lsp_unput_rules(const lsp_check *c, char *s, size_t *len);

/* ---- cmd_lsp.c ---- */

/* Serves the protocol: messages from 'in', answers and notifications
 * to 'out', until 'exit' or the input's end. Returns the exit status
 * (0 after shutdown then exit, or at the input's end; 1 for exit
 * without shutdown). Used by the command and the fuzz harness. */
int lsp_serve(FILE *in, FILE *out);

#endif
