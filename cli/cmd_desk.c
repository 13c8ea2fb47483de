/*
 * cmd_desk.c -- "tablero desk": the transcription desk, one
 * self-contained HTML page that enters and edits a record by clicks on
 * the board, the engine being the library compiled to WebAssembly
 * (spec/desk.md). This fills the page's template (wasm/desk_page.html,
 * carried in the command with its style sheet, script and the module as
 * base64: build/gen/desk_assets.c) with the record's text and name, each
 * as base64 -- no text of the record is ever markup -- and writes the
 * page only once complete.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* build/gen/desk_assets.c (the Makefile: tools/embed.sh) */
extern const char tb_desk_html[], tb_desk_css[], tb_desk_js[], tb_desk_wasm64[];
extern const size_t tb_desk_html_len, tb_desk_css_len, tb_desk_js_len, tb_desk_wasm64_len;

/* The largest record file the page takes: what a browser's storage keeps
 * of a draft (about 5 MB of UTF-16) with room to spare. */
#define S_MAX_BYTES (2u << 20)

typedef struct S_opts {
	const char *file;
	const char *out;
	const char *game;
} S_opts;

static int S_operand(void *opts, char *arg)
{
	S_opts *o = opts;
	if (o->file) {
		cli_error("desk", "one file at most: the desk edits one record");
		return -1;
	}
	o->file = arg;
	return 0;
}

static const cli_opt S_opts_table[] = {
	CLI_STRING(0, "game", "NAME", S_opts, game,
	           "without FILE: a new record of game NAME (default:\nthe first 'tablero --help' names)"),
	CLI_STRING('o', NULL, "FILE", S_opts, out,
	           "the page to FILE (default: standard output)"),
	CLI_HELP,
	CLI_END
};

const cli_optab cli_desk_options = {
	"desk",
	"usage: tablero desk [--game NAME] [-o FILE] [FILE]\n"
	"\n"
	"Writes the transcription desk (spec/desk.md): one self-contained\n"
	"HTML5 page, for a browser offline, in which a record is entered and\n"
	"edited by clicks on the board -- the legal destinations lit, a turn\n"
	"of several parts asked part by part -- or typed, with the diagnostics\n"
	"of tablero validate as one goes, what the rules decide for a '?' or a\n"
	"gap offered, turns put in or taken out anywhere, comments, variations\n"
	"and tags, undo and redo, a recording played beside it whose time is\n"
	"stamped on a turn, a draft kept in the browser and saving as tablero\n"
	"fmt writes. The engine is the library itself, compiled to\n"
	"WebAssembly and carried in the page. FILE ('-': standard input) is\n"
	"the record the page opens with (its first record); without it, a new\n"
	"record.\n"
	"\n",
	S_opts_table, 15,
	"The page is written only once complete.\n"
	"\n"
	"Exit: 0 the page written, 2 could not run (no file, not text, too\n"
	"large, or a tablero built without the engine: make wasm).\n",
	CLI_OPTS_MIXED | CLI_OPTS_LAST_NEEDS_VALUE, S_operand, NULL, NULL, NULL
};

/* ---- the page ---------------------------------------------------------- */

typedef struct S_buf {
	char *s;
	size_t len, cap;
} S_buf;

static void S_put(S_buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 1u << 16;
		while (cap < b->len + n + 1)
			cap *= 2;
		char *t = realloc(b->s, cap);
		if (!t)
			cli_oom();
		b->s = t;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

static void S_base64(S_buf *b, const char *s, size_t n)
{
	static const char abc[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	for (size_t i = 0; i < n; i += 3) {
		unsigned v = (unsigned char)s[i] << 16;
		if (i + 1 < n)
			v |= (unsigned char)s[i + 1] << 8;
		if (i + 2 < n)
			v |= (unsigned char)s[i + 2];
		char q[4] = {abc[v >> 18 & 63], abc[v >> 12 & 63],
		             i + 1 < n ? abc[v >> 6 & 63] : '=', i + 2 < n ? abc[v & 63] : '='};
		S_put(b, q, 4);
	}
}

/* Text escaped for HTML (the language tables' words: ours, escaped all
 * the same). */
static void S_escaped(S_buf *b, const char *s)
{
	for (; *s; s++) {
		const char *e = *s == '&' ? "&amp;" : *s == '<' ? "&lt;" : *s == '>' ? "&gt;" :
		                *s == '"' ? "&quot;" : NULL;
		if (e)
			S_put(b, e, strlen(e));
		else
			S_put(b, s, 1);
	}
}

/* @W:KEY@ at 'at': the word of KEY in 'l' (the script sets them again,
 * in the language of each record it opens); the length taken, or 0. */
static size_t S_word(S_buf *b, const char *at, const char *end, const tb_lang *l)
{
	if (end - at < 4)
		return 0;
	const char *close = memchr(at + 3, '@', (size_t)(end - at - 3));
	char key[64];
	size_t n = close ? (size_t)(close - at - 3) : 0;
	if (strncmp(at, "@W:", 3) || !n || n >= sizeof key)
		return 0;
	memcpy(key, at + 3, n);
	key[n] = 0;
	const char *w = tb_lang_text(l, key);
	S_escaped(b, w ? w : key);
	return n + 4;
}

/* The template with each @NAME@ replaced by its part, its words in
 * language 'l'. */
static char *S_page(const char *record, size_t len, const char *name, const tb_lang *l,
                    size_t *out_len)
{
	S_buf b = {0};
	size_t took;
	const char *t = tb_desk_html, *end = tb_desk_html + tb_desk_html_len;
	while (t < end) {
		const char *at = memchr(t, '@', (size_t)(end - t));
		if (!at) {
			S_put(&b, t, (size_t)(end - t));
			break;
		}
		S_put(&b, t, (size_t)(at - t));
		if (!strncmp(at, "@CSS@", 5))
			S_put(&b, tb_desk_css, tb_desk_css_len), t = at + 5;
		else if (!strncmp(at, "@JS@", 4))
			S_put(&b, tb_desk_js, tb_desk_js_len), t = at + 4;
		else if (!strncmp(at, "@WASM@", 6))
			S_put(&b, tb_desk_wasm64, tb_desk_wasm64_len), t = at + 6;
		else if (!strncmp(at, "@RECORD@", 8))
			S_base64(&b, record, len), t = at + 8;
		else if (!strncmp(at, "@NAME@", 6))
			S_base64(&b, name, strlen(name)), t = at + 6;
		else if (!strncmp(at, "@LANG@", 6))
			S_escaped(&b, tb_lang_code(l)), t = at + 6;
		else if (!strncmp(at, "@DIR@", 5))
			S_put(&b, tb_lang_rtl(l) ? "rtl" : "ltr", 3), t = at + 5;
		else if ((took = S_word(&b, at, end, l)))
			t = at + took;
		else
			S_put(&b, at, 1), t = at + 1;
	}
	*out_len = b.len;
	return b.s;
}

/* ---- the record ---------------------------------------------------------- */

/* The whole of 'path' into '*text'; 0, or -1 after saying why. */
static int S_read(const char *path, char **text, size_t *len)
{
	FILE *f = cli_open(path);
	if (!f)
		return -1;
	S_buf b = {0};
	char chunk[65536];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0 && b.len <= S_MAX_BYTES)
		S_put(&b, chunk, n);
	int bad = ferror(f);
	cli_close(f);
	if (bad) {
		cli_error("desk", "cannot read '%s'", path);
	} else if (b.len > S_MAX_BYTES) {
		cli_error("desk", "'%s' is larger than the desk takes (%u MB): one record a page",
		          path, S_MAX_BYTES >> 20);
		bad = 1;
	}
	if (bad) {
		free(b.s);
		return -1;
	}
	if (!b.s)
		S_put(&b, "", 0);
	*text = b.s;
	*len = b.len;
	return 0;
}

/* A file that is no text is refused here (the page could not show it);
 * any other, errors and all, is the page's to show and mend. Sets '*l'
 * to the language of its first record (English where it has none). */
static int S_is_text(const char *text, size_t len, const char *name, const tb_lang **l)
{
	tb_reader *r = tb_reader_new_mem(text, len, name);
	if (!r)
		cli_oom();
	tb_record *rec = NULL;
	int got = tb_reader_next(r, &rec);
	*l = tb_record_lang(rec);
	tb_record_free(rec);
	if (got == TB_ENOTTEXT)
		cli_error("desk", "%s", tb_reader_errmsg(r));
	else if (got == TB_ENOMEM)
		cli_oom();
	tb_reader_free(r);
	return got != TB_ENOTTEXT;
}

/* A new record of 'game', in its canonical form. */
static char *S_new(const char *game, size_t *len)
{
	const tb_game *g = tb_game_find(game);
	if (!g) {
		char hint[64];
		cli_error("desk", "unknown game '%s'%s", game, cli_game_hint(game, hint, sizeof hint));
		return NULL;
	}
	tb_record *rec = tb_record_new(g);
	char *text = rec ? tb_record_write(rec, len) : NULL;
	tb_record_free(rec);
	if (!text)
		cli_oom();
	return text;
}

static int S_write(const char *out, const char *page, size_t len)
{
	if (!out || !strcmp(out, "-"))
		return fwrite(page, 1, len, stdout) == len && fflush(stdout) == 0 ? 0 :
		       (cli_error("desk", "cannot write standard output"), -1);
	cli_atomic *a = cli_atomic_begin(out);
	if (!a)
		return -1;
	if (cli_atomic_write(a, page, len)) {
		cli_atomic_abort(a);
		return -1;
	}
	return cli_atomic_commit(a);
}

int cmd_desk(int argc, char **argv)
{
	S_opts o = {0};
	if (cli_options_parse(&cli_desk_options, argc, argv, &o) < 0)
		return EXIT_TROUBLE;
	if (tb_desk_wasm64_len == 0) {
		cli_error("desk", "this tablero was built without the desk's engine (clang's "
		          "wasm32-wasi target was missing: tools/deps.sh wasm, then make)");
		return EXIT_TROUBLE;
	}
	if (o.file && o.game) {
		cli_error("desk", "--game makes a new record: give it or FILE, not both");
		return EXIT_TROUBLE;
	}
	char *text;
	size_t len;
	const char *name = "desk.tgn";
	const tb_lang *l = tb_lang_find("en");
	if (o.file) {
		if (S_read(o.file, &text, &len))
			return EXIT_TROUBLE;
		name = strcmp(o.file, "-") ? o.file : "<stdin>";
		const char *slash = strrchr(name, '/');
		name = slash ? slash + 1 : name;
		if (!S_is_text(text, len, name, &l)) {
			free(text);
			return EXIT_TROUBLE;
		}
	} else if (!(text = S_new(o.game ? o.game : tb_game_name(tb_game_at(0)), &len))) {
		return EXIT_TROUBLE;
	}
	size_t page_len;
	char *page = S_page(text, len, name, l, &page_len);
	int rc = S_write(o.out, page, page_len);
	free(page);
	free(text);
	return rc ? EXIT_TROUBLE : EXIT_CLEAN;
}
