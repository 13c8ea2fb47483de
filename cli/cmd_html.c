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
	const char *out, *dir;
} S_opts;

static int S_args(int argc, char **argv, S_opts *o)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(a, "--grayscale") == 0) {
			o->html.grayscale = 1;
			continue;
		}
		if (strcmp(a, "--list") == 0) {
			o->html.list = 1;
			continue;
		}
		if (a[0] != '-' || !a[1]) { /* a file, wherever it stands */
			if (o->nfiles == S_MAX_FILES) {
				cli_error("html", "at most %d files at once", S_MAX_FILES);
				return -1;
			}
			o->files[o->nfiles++] = a;
			continue;
		}
		if (!v) {
			cli_error("html", "%s needs a value (see tablero html --help)", a);
			return -1;
		}
		i++;
		if (strcmp(a, "--game") == 0) {
			char *end;
			errno = 0;
			o->game = strtol(v, &end, 10);
			if (errno || end == v || *end || o->game < 1 || o->game > 1000000) {
				cli_error("html", "bad value '%s' for --game (see tablero html --help)", v);
				return -1;
			}
		} else if (strcmp(a, "--lang") == 0) {
			if (!(o->html.lang = cli_lang_arg("html", v)))
				return -1;
		} else if (strcmp(a, "-o") == 0) {
			o->out = v;
		} else if (strcmp(a, "-d") == 0) {
			o->dir = v;
		} else {
			cli_error("html", "unknown option '%s' (see tablero html --help)", a);
			return -1;
		}
	}
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
	long at = 0, added = 0;
	while ((got = cli_reader_next(r, &rec)) == 1) {
		at++;
		if (o->game && at != o->game) {
			cli_print_diags(r, 0);
			tb_record_free(rec);
			continue;
		}
		if (cli_print_diags(r, 0))
			rc = EXIT_PROBLEMS;
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
	if (rc != EXIT_TROUBLE && !added) {
		if (o->game)
			cli_error("html", "%s has %ld record%s, not %ld", name, at, at == 1 ? "" : "s",
			          o->game);
		else
			cli_error("html", "%s has no record", name);
		rc = EXIT_TROUBLE;
	}
	if (rc != EXIT_TROUBLE) {
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
