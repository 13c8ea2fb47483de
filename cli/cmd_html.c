/*
 * cmd_html.c -- "tablero html": records as self-contained web pages
 * that replay them (spec/html.md). One page per file, all its records
 * on it (a list to choose from when there are several); to -o FILE, to
 * DIR/NAME.html with -d DIR, or to standard output. The library writes
 * the pages; this prints the diagnostics and writes each page only
 * once it is complete.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

#define S_MAX_FILES 1024

typedef struct S_opts {
	const char *files[S_MAX_FILES];
	size_t nfiles;
	long game;            /* only record N of each file (0: all) */
	tb_html_opts html;
	int ignore_access;    /* --ignore-access */
	const char *out, *dir;
} S_opts;

static int S_game(void *opts, const cli_optarg *a)
{
	S_opts *o = opts;
	char *end;
	errno = 0;
	o->game = strtol(a->value, &end, 10);
	return errno || end == a->value || *end || o->game < 1 || o->game > 1000000;
}

static int S_lang(void *opts, const cli_optarg *a)
{
	S_opts *o = opts;
	return (o->html.lang = cli_lang_arg("html", a->value)) ? 0 : -1;
}

/* a file, wherever it stands */
static int S_operand(void *opts, char *arg)
{
	S_opts *o = opts;
	if (o->nfiles == S_MAX_FILES) {
		cli_error("html", "at most %d files at once", S_MAX_FILES);
		return -1;
	}
	o->files[o->nfiles++] = arg;
	return 0;
}

static const cli_opt S_opts_table[] = {
	CLI_CALL(0, "game", "N", S_game, 0, 0, NULL, "only record N of each file"),
	CLI_CALL(0, "lang", "L", S_lang, 0, 0, NULL,
	         "the page's words in L (en, es, ar); default: each\nrecord's [Language]"),
	CLI_FLAG(0, "grayscale", S_opts, html.grayscale, "the diagrams' grayscale style"),
	CLI_FLAG(0, "ignore-access", S_opts, ignore_access,
	         "put in records whose [Access] forbids publication"),
	CLI_FLAG(0, "list", S_opts, html.list,
	         "write nothing: print where each page would go, then\n"
	         "every position it holds, a line each (its number, turn\n"
	         "and line, caption, pieces by side or unknown, and where\n"
	         "the rules stop, why)"),
	CLI_STRING('o', NULL, "FILE", S_opts, out,
	           "the page to FILE (one FILE only; default: standard output)"),
	CLI_STRING('d', NULL, "DIR", S_opts, dir,
	           "each page to DIR/NAME.html, NAME the file's without .tgn\n(DIR made if missing)"),
	CLI_HELP,
	CLI_END
};

const cli_optab cli_html_options = {
	"html",
	"usage: tablero html [--game N] [--lang L] [--grayscale] [--list]\n"
	"                    [--ignore-access] [-o FILE | -d DIR] [FILE...]\n"
	"\n"
	"Writes each FILE ('-' or none: standard input) as one self-contained\n"
	"HTML5 page (spec/html.md): no network, nothing outside the page. The\n"
	"board is the diagrams' (tablero svg), inline; buttons, the keys Left,\n"
	"Right, Home and End, and the turns of the movetext step through the\n"
	"main line, its variations and the other readings of a turn, each turn's\n"
	"marks drawn; the fragment #ply=N names a turn. Every position is the\n"
	"rules', computed here; the page's script only shows them. Around the\n"
	"board: the movetext with its comments, the tags, the result and how the\n"
	"game ended. A file of several records makes one page with a list of\n"
	"them to choose from. Where the rules cannot follow a record, its page\n"
	"replays it up to there and says why; a record with errors is shown\n"
	"with its tags and errors, not replayed.\n"
	"\n",
	S_opts_table, 15,
	"A record whose [Access] forbids publication (spec/tgn.md, \"Access\") is\n"
	"left out, with one line saying so, unless --ignore-access is given; a\n"
	"file with no record left makes no page.\n"
	"\n"
	"Each page is written only once complete.\n"
	"\n"
	"Exit: 0 every record replayed to its end, 1 a record has errors or the\n"
	"rules stop in one (its page says where and why) or one is left out for\n"
	"its [Access], 2 could not run.\n",
	CLI_OPTS_MIXED | CLI_OPTS_LAST_NEEDS_VALUE, S_operand, NULL, NULL, NULL
};

static int S_args(int argc, char **argv, S_opts *o)
{
	if (cli_options_parse(&cli_html_options, argc, argv, o) < 0)
		return -1;
	if (o->out && o->dir) {
		cli_error("html", "-o and -d: give one");
		return -1;
	}
	if (o->nfiles > 1 && !o->dir) {
		cli_error("html", "%zu files make %zu pages: give -d DIR for them", o->nfiles,
		          o->nfiles);
		return -1;
	}
	if (!o->nfiles)
		o->files[o->nfiles++] = "-";
	return 0;
}

/* The record's diagnostics as text, for its page; printed too. */
static char *S_problems(const tb_reader *r)
{
	size_t n = 0, cap = 0;
	char *text = NULL;
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		const tb_diag *d = tb_reader_diag(r, i);
		if (d->severity != TB_ERROR)
			continue;
		char *s = cli_diag_format(d);
		size_t len = s ? strlen(s) : 0;
		if (n + len + 1 > cap) {
			cap = 2 * (n + len + 1);
			char *t = realloc(text, cap);
			if (!t) {
				free(s);
				break;
			}
			text = t;
		}
		if (s)
			memcpy(text + n, s, len + 1);
		n += len;
		free(s);
	}
	return text;
}

/* Writes 'data' to 'path' once complete (or to standard output). */
static int S_write(const char *path, const char *data, size_t len)
{
	if (!path)
		return fwrite(data, 1, len, stdout) == len && fflush(stdout) == 0 ? 0 : -1;
	cli_atomic *a = cli_atomic_begin(path);
	if (!a)
		return -1;
	if (cli_atomic_write(a, data, len)) {
		cli_atomic_abort(a);
		return -1;
	}
	return cli_atomic_commit(a);
}

/* One file's page. Returns an exit status. */
static int S_file(const S_opts *o, const char *path)
{
	FILE *f = cli_open(path);
	if (!f)
		return EXIT_TROUBLE;
	const char *name = strcmp(path, "-") ? path : "<stdin>";
	tb_reader *r = cli_reader_new_file(f, name);
	tb_html *h = tb_html_new(&o->html);
	if (!h)
		cli_oom();
	tb_record *rec = NULL;
	int got, rc = EXIT_CLEAN;
	long at = 0, added = 0, left_out = 0;
	while ((got = cli_reader_next(r, &rec)) == 1) {
		at++;
		if (o->game && at != o->game) {
			cli_print_diags(r, 0);
			tb_record_free(rec);
			continue;
		}
		if (cli_print_diags(r, 0))
			rc = EXIT_PROBLEMS;
		if (cli_access_refuses("html", name, at, rec, o->ignore_access)) {
			rc = EXIT_PROBLEMS;
			left_out++;
			tb_record_free(rec);
			if (o->game)
				break;
			continue;
		}
		char *problems = S_problems(r);
		char *why = NULL;
		int added_rc = tb_html_add(h, rec, problems, &why);
		if (added_rc == TB_ENOMEM)
			cli_oom();
		if (added_rc) {
			cli_error("html", "%s, record %ld: %s", name, at, why ? why : "not replayed");
			rc = EXIT_PROBLEMS;
		}
		added++;
		free(why);
		free(problems);
		tb_record_free(rec);
		if (o->game)
			break;
	}
	if (got < 0) {
		cli_print_diags(r, 0);
		rc = EXIT_TROUBLE;
	}
	if (rc != EXIT_TROUBLE && !added && left_out) {
		rc = EXIT_PROBLEMS; /* said why, record by record: no page */
	} else if (rc != EXIT_TROUBLE && !added) {
		if (o->game)
			cli_error("html", "%s has %ld record%s, not %ld", name, at, at == 1 ? "" : "s",
			          o->game);
		else
			cli_error("html", "%s has no record", name);
		rc = EXIT_TROUBLE;
	}
	if (rc != EXIT_TROUBLE && added) {
		size_t len;
		char *page = tb_html_page(h, &len);
		if (!page)
			cli_oom();
		char out[4096];
		const char *to = o->out;
		if (o->dir) {
			const char *slash = strrchr(path, '/');
			const char *base = strcmp(path, "-") == 0 ? "stdin" : slash ? slash + 1 : path;
			size_t stem = strlen(base);
			if (stem > 4 && strcmp(base + stem - 4, ".tgn") == 0)
				stem -= 4;
			snprintf(out, sizeof out, "%s/%.*s.html", o->dir, (int)stem, base);
			to = out;
		}
		if (o->html.list) { /* what would be written, and where */
			printf("%s\n", to ? to : "-");
			to = NULL;
		}
		if (S_write(to, page, len)) {
			cli_error("html", "cannot write '%s' (nothing written)", to ? to : "-");
			rc = EXIT_TROUBLE;
		}
		free(page);
	}
	tb_html_free(h);
	tb_reader_free(r);
	cli_close(f);
	return rc;
}

int cmd_html(int argc, char **argv)
{
	static S_opts o; /* large: the files */
	memset(&o, 0, sizeof o);
	if (S_args(argc, argv, &o))
		return EXIT_TROUBLE;
	if (o.dir && !o.html.list && mkdir(o.dir, 0777) != 0 && errno != EEXIST) {
		cli_error("html", "cannot make '%s': %s", o.dir, strerror(errno));
		return EXIT_TROUBLE;
	}
	int rc = EXIT_CLEAN;
	for (size_t i = 0; i < o.nfiles; i++) {
		int one = S_file(&o, o.files[i]);
		rc = one > rc ? one : rc;
	}
	return rc;
}
