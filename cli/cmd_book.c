/*
 * cmd_book.c -- "tablero book": records as printed pages (spec/book.md),
 * SVG pages into a directory, or one PDF made from them by rsvg-convert.
 *
 * The library lays the pages out; the PDF is rsvg-convert's (Debian's
 * librsvg2-bin), run on the pages written into a temporary directory,
 * its output written beside the target and renamed over it only once it
 * is complete: a missing renderer, a failed one or a full disk leave no
 * file behind and the target as it was.
 */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"

extern char **environ;

#define S_MAX_FILES 256
#define S_MAX_TURNS 1024
#define S_RENDERER "rsvg-convert"
#define S_RENDERER_PACKAGE "librsvg2-bin"

typedef struct S_opts {
	const char *files[S_MAX_FILES];
	size_t nfiles;
	long game;                    /* only record N of each file (0: all) */
	cli_turn turns[S_MAX_TURNS];  /* --at, as given */
	size_t nturns;
	tb_book_opts book;
	const char *out, *dir;
	int list;
	int ignore_access;            /* --ignore-access */
} S_opts;

static int S_number(const char *s, long min, long max, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

static int S_ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), m = strlen(tail);
	return n > m && strcmp(s + n - m, tail) == 0;
}

static int S_game(void *opts, const cli_optarg *a)
{
	return S_number(a->value, 1, 1000000, &((S_opts *)opts)->game) ? 1 : 0;
}

static int S_every(void *opts, const cli_optarg *a)
{
	return S_number(a->value, 1, 1000000, &((S_opts *)opts)->book.every) ? 1 : 0;
}

static int S_at(void *opts, const cli_optarg *a)
{
	S_opts *o = opts;
	return cli_turn_list(a, o->turns, S_MAX_TURNS, &o->nturns, "turns");
}

static int S_lang(void *opts, const cli_optarg *a)
{
	S_opts *o = opts;
	return (o->book.lang = cli_lang_arg("book", a->value)) ? 0 : -1;
}

static int S_paper(void *opts, const cli_optarg *a)
{
	S_opts *o = opts;
	o->book.paper = a->value;
	return strcmp(a->value, "a4") != 0 && strcmp(a->value, "letter") != 0;
}

static int S_size(void *opts, const cli_optarg *a)
{
	S_opts *o = opts;
	char *end;
	o->book.size_mm = strtod(a->value, &end);
	return *end || !(o->book.size_mm >= 20 && o->book.size_mm <= 1000);
}

static int S_file(void *opts, char *arg)
{
	S_opts *o = opts;
	if (o->nfiles == S_MAX_FILES) {
		cli_error("book", "at most %d files", S_MAX_FILES);
		return -1;
	}
	o->files[o->nfiles++] = arg;
	return 0;
}

static const cli_opt S_opts_table[] = {
	CLI_CALL(0, "game", "N", S_game, 0, 0, NULL, "only record N of each file"),
	CLI_CALL(0, "every", "K", S_every, 0, 0, NULL, "a diagram after every K turns as well"),
	CLI_CALL(0, "at", "LIST", S_at, 0, 0, NULL,
	         "a diagram after each of these turns as well: counts\n"
	         "(\"24\") or move numbers (\"12.\", \"12...\"), comma-separated"),
	CLI_CALL(0, "lang", "L", S_lang, 0, 0, NULL,
	         "the book's words in L (en, es, ar), whatever the records say"),
	CLI_CALL(0, "paper", "P", S_paper, 0, 0, NULL, "a4 (the default) or letter"),
	CLI_CALL(0, "size", "MM", S_size, 0, 0, NULL,
	         "a diagram's printed width, 20 to 1000 (default 60; at\n"
	         "most half the text's width)"),
	CLI_FLAG(0, "grayscale", S_opts, book.grayscale, "diagrams without colour"),
	CLI_FLAG(0, "times", S_opts, book.times, "each turn's time in the recording in the margin"),
	CLI_FLAG(0, "list", S_opts, list, "print the pages and diagrams it would make; write nothing"),
	CLI_FLAG(0, "ignore-access", S_opts, ignore_access,
	         "print records whose [Access] forbids publication"),
	CLI_STRING('o', NULL, "FILE.pdf", S_opts, out,
	           "one PDF, made by rsvg-convert (Debian: librsvg2-bin)"),
	CLI_STRING('d', NULL, "DIR", S_opts, dir,
	           "the pages as SVG files DIR/NAME-001.svg, ... (made if missing)"),
	CLI_HELP,
	CLI_END
};

const cli_optab cli_book_options = {
	"book",
	"usage: tablero book [--game N] [--every K] [--at LIST] [--lang L]\n"
	"                    [--paper a4|letter] [--size MM] [--grayscale] [--list]\n"
	"                    [--times] [--ignore-access]\n"
	"                    (-o FILE.pdf | -d DIR) [FILE...]\n"
	"\n"
	"Sets the records of each FILE ('-' or none: standard input) as printed\n"
	"pages (spec/book.md): a title block (game, players, event, site,\n"
	"date, source, informant, result), the movetext as text with its\n"
	"comments, each in its language and direction, variations indented in\n"
	"brackets, readings and gaps said in words, and numbered diagrams\n"
	"referred to from the text: where the record asks for one ($220 after\n"
	"a turn), at its start when it starts from a position, where it\n"
	"restates one, at its end, and as the options ask. A running head and\n"
	"page numbers on every page; several records make one document with a\n"
	"contents page. Words in the record's [Language] (English, Spanish or\n"
	"Arabic; another: English).\n"
	"\n",
	S_opts_table, 17,
	"A record whose [Access] forbids publication (\"restringido\", \"no\n"
	"publicar\", \"لا يُنشر\"...: spec/tgn.md, \"Access\") is left out, with one line\n"
	"saying so, unless --ignore-access is given.\n"
	"\n"
	"Nothing is written unless all of it can be: a record with errors, a turn\n"
	"a record does not have or a missing or failing renderer leave every file\n"
	"as it was. Where the rules cannot follow a record, the book says so and\n"
	"has no diagram from there until the record restates the position.\n"
	"\n"
	"Exit: 0 written, 1 written but the rules stop in a record or a record is\n"
	"left out for its [Access], or a record\n"
	"has errors (nothing written), 2 could not run (usage, a turn a record\n"
	"does not have, no renderer, I/O).\n",
	CLI_OPTS_MIXED | CLI_OPTS_LAST_NEEDS_VALUE, S_file, NULL, NULL, NULL
};

static int S_args(int argc, char **argv, S_opts *o)
{
	if (cli_options_parse(&cli_book_options, argc, argv, o) < 0)
		return -1;
	if (o->out && o->dir) {
		cli_error("book", "-o and -d: give one");
		return -1;
	}
	if (!o->list && !o->out && !o->dir) {
		cli_error("book", "give -o FILE.pdf for a PDF, or -d DIR for the SVG pages");
		return -1;
	}
	if (o->out && !S_ends_with(o->out, ".pdf")) {
		cli_error("book", "-o writes a PDF: its name ends in .pdf ('%s' does not); -d DIR "
		                  "writes the pages as SVG",
		          o->out);
		return -1;
	}
	if (!o->nfiles)
		o->files[o->nfiles++] = "-";
	return 0;
}

/* ===== The renderer ===== */

/* The path of 'prog' on $PATH, into 'out'; 0, or -1 when it is not there. */
static int S_which(const char *prog, char *out, size_t n)
{
	const char *path = getenv("PATH");
	if (!path || !*path)
		return -1;
	while (*path) {
		size_t len = strcspn(path, ":");
		snprintf(out, n, "%.*s/%s", (int)(len ? len : 1), len ? path : ".", prog);
		if (access(out, X_OK) == 0)
			return 0;
		path += len + (path[len] == ':');
	}
	return -1;
}

/* Runs 'argv' with standard error into 'err_path'; its exit status, or
 * -1 when it could not be run. */
static int S_run(char *const argv[], const char *err_path)
{
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 2, err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	pid_t pid;
	int rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc != 0)
		return -1;
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void S_show_file(const char *path, const char *what)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	char line[512];
	int shown = 0;
	while (fgets(line, sizeof line, f) && shown++ < 5)
		fprintf(stderr, "  %s: %s", what, line);
	fclose(f);
}

/* ===== Output ===== */

typedef struct S_out {
	const S_opts *o;
	char base[256];        /* pages are BASE-001.svg ... */
	char tmpdir[1024];     /* for a PDF: where the pages go first */
	cli_batch *batch;      /* for -d */
	char **paths;          /* the pages written, in order (for a PDF) */
	size_t npaths;
	int failed;
} S_out;

static void S_page(void *ctx, long page, const char *svg, size_t len)
{
	S_out *out = ctx;
	char path[4096];
	if (out->failed)
		return;
	if (out->o->dir) {
		snprintf(path, sizeof path, "%s/%s-%03ld.svg", out->o->dir, out->base, page);
		if (!out->batch)
			out->batch = cli_batch_new();
		out->failed |= !out->batch || cli_batch_add(out->batch, path, svg, len) != 0;
		return;
	}
	snprintf(path, sizeof path, "%s/page-%05ld.svg", out->tmpdir, page);
	FILE *f = fopen(path, "wb");
	int ok = f && fwrite(svg, 1, len, f) == len;
	if (f && fclose(f) != 0)
		ok = 0;
	char **p = realloc(out->paths, (out->npaths + 1) * sizeof *p);
	if (p)
		out->paths = p;
	if (!ok || !p || !(out->paths[out->npaths] = strdup(path))) {
		cli_error("book", "cannot write '%s': %s", path, strerror(errno));
		out->failed = 1;
		return;
	}
	out->npaths++;
}

/* rsvg-convert -f pdf -o TMP PAGE... , then TMP renamed over the target. */
static int S_pdf(S_out *out, const char *renderer)
{
	char tmp[4096], err[4096];
	snprintf(tmp, sizeof tmp, "%s.tbXXXXXX", out->o->out);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		cli_error("book", "cannot write beside '%s': %s", out->o->out, strerror(errno));
		return -1;
	}
	close(fd);
	snprintf(err, sizeof err, "%s/renderer.err", out->tmpdir);
	char **argv = calloc(out->npaths + 6, sizeof *argv);
	if (!argv) {
		unlink(tmp);
		return -1;
	}
	size_t k = 0;
	argv[k++] = (char *)renderer;
	argv[k++] = (char *)"-f";
	argv[k++] = (char *)"pdf";
	argv[k++] = (char *)"-o";
	argv[k++] = tmp;
	for (size_t i = 0; i < out->npaths; i++)
		argv[k++] = out->paths[i];
	int rc = S_run(argv, err);
	free(argv);
	struct stat st;
	if (rc != 0 || stat(tmp, &st) != 0 || st.st_size == 0) {
		if (rc < 0)
			cli_error("book", "cannot run %s (nothing written)", renderer);
		else
			cli_error("book", "%s failed (exit %d; nothing written):", renderer, rc);
		S_show_file(err, S_RENDERER);
		unlink(tmp);
		unlink(err);
		return -1;
	}
	S_show_file(err, S_RENDERER); /* its warnings, if any */
	unlink(err);
	/* the renderer wrote into mkstemp's file, 0600: the PDF gets the
	 * permissions any file tablero writes gets (cli_new_mode) */
	struct stat old;
	int had = stat(out->o->out, &old) == 0 && S_ISREG(old.st_mode);
	fd = open(tmp, O_RDONLY);
	int synced = fd >= 0 && fchmod(fd, cli_new_mode(had ? &old : NULL)) == 0 && fsync(fd) == 0;
	if (fd >= 0)
		close(fd);
	if (!synced || rename(tmp, out->o->out) != 0) {
		cli_error("book", "cannot replace '%s': %s (nothing written)", out->o->out,
		          strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}

static void S_cleanup(S_out *out)
{
	for (size_t i = 0; i < out->npaths; i++) {
		unlink(out->paths[i]);
		free(out->paths[i]);
	}
	free(out->paths);
	out->paths = NULL;
	out->npaths = 0;
	if (*out->tmpdir)
		rmdir(out->tmpdir);
	cli_batch_abort(out->batch);
	out->batch = NULL;
}

static void S_figure(void *ctx, long record, long number, long page, long ply,
                     const char *caption, const char *why)
{
	(void)ctx;
	printf("diagram %ld (record %ld, page %ld, turn %ld; %s): %s\n", number, record, page, ply,
	       why, caption);
}

static void S_count_page(void *ctx, long page, const char *svg, size_t len)
{
	(void)svg;
	(void)len;
	*(long *)ctx = page;
}

/* ===== Reading the records ===== */

/* Adds every record (or record o->game) of 'path' to the book. Returns
 * the worst exit status so far. */
static int S_add_file(const S_opts *o, tb_book *book, const char *path, size_t *added,
                      int *errors_seen)
{
	FILE *f = cli_open(path);
	if (!f)
		return EXIT_TROUBLE;
	tb_reader *r = cli_reader_new_file(f, strcmp(path, "-") ? path : "<stdin>");
	tb_record *rec = NULL;
	int got, rc = EXIT_CLEAN;
	long at = 0;
	while ((got = cli_reader_next(r, &rec)) == 1) {
		at++;
		size_t errors = cli_print_diags(r, 0);
		if (o->game && at != o->game) {
			tb_record_free(rec);
			continue;
		}
		if (cli_access_refuses("book", path, at, rec, o->ignore_access)) {
			rc = rc > EXIT_PROBLEMS ? rc : EXIT_PROBLEMS;
			tb_record_free(rec);
			continue;
		}
		if (errors) {
			cli_error("book", "%s: record %ld has errors: no book is made", path, at);
			rc = EXIT_PROBLEMS;
			*errors_seen = 1;
			tb_record_free(rec);
			continue;
		}
		long plies[S_MAX_TURNS];
		size_t n = 0;
		char who[4096]; /* in a collection, which record lacks the turn */
		snprintf(who, sizeof who, "book: %s: record %ld", path, at);
		for (; n < o->nturns; n++)
			if ((plies[n] = cli_turn_ply(who, rec, &o->turns[n])) < 0)
				break;
		if (n < o->nturns) {
			tb_record_free(rec);
			rc = EXIT_TROUBLE;
			break;
		}
		/* the book keeps the record: freed with it */
		char *why = NULL;
		int added_rc = tb_book_add(book, rec, plies, n, &why);
		if (added_rc == TB_ENOMEM)
			cli_oom();
		if (added_rc < 0) {
			cli_error("book", "%s: record %ld: %s (no book is made)", path, at, why);
			rc = rc > EXIT_PROBLEMS ? rc : EXIT_PROBLEMS;
			*errors_seen = 1;
			tb_record_free(rec);
		} else {
			if (added_rc > 0) {
				cli_error("book", "%s: record %ld: %s", path, at, why);
				rc = rc > EXIT_PROBLEMS ? rc : EXIT_PROBLEMS;
			}
			(*added)++;
			tb_record_free(rec); /* the book holds what it needs */
		}
		free(why);
	}
	if (got != 1) /* what the end said: a file refused (TB112), a read error */
		cli_print_diags(r, 0);
	if (got < 0)
		rc = EXIT_TROUBLE;
	if (got == 0 && o->game && at < o->game) {
		cli_error("book", "%s has %ld record%s, not %ld", path, at, at == 1 ? "" : "s", o->game);
		rc = EXIT_TROUBLE;
	}
	tb_reader_free(r);
	cli_close(f);
	return rc;
}

int cmd_book(int argc, char **argv)
{
	static S_opts o; /* large: the turns */
	memset(&o, 0, sizeof o);
	if (S_args(argc, argv, &o))
		return EXIT_TROUBLE;
	char renderer[4096] = "";
	if (o.out && !o.list && S_which(S_RENDERER, renderer, sizeof renderer)) {
		cli_error("book",
		          "making a PDF needs %s, from the Debian package %s (apt-get install %s); "
		          "-d DIR writes the pages as SVG without it. Nothing written.",
		          S_RENDERER, S_RENDERER_PACKAGE, S_RENDERER_PACKAGE);
		return EXIT_TROUBLE;
	}
	tb_book *book = tb_book_new(&o.book);
	if (!book)
		cli_oom();
	int rc = EXIT_CLEAN;
	size_t added = 0;
	int errors_seen = 0;
	for (size_t i = 0; i < o.nfiles && rc != EXIT_TROUBLE; i++) {
		int frc = S_add_file(&o, book, o.files[i], &added, &errors_seen);
		rc = frc > rc ? frc : rc;
	}
	/* a record with errors, or a turn that is not there: no book at all */
	int refused = rc == EXIT_TROUBLE || !added || errors_seen;
	if (!added && rc == EXIT_CLEAN) {
		cli_error("book", "no record to set");
		rc = EXIT_PROBLEMS;
	}
	if (refused || rc == EXIT_TROUBLE) {
		tb_book_free(book);
		return rc == EXIT_CLEAN ? EXIT_PROBLEMS : rc;
	}
	S_out out;
	memset(&out, 0, sizeof out);
	out.o = &o;
	const char *first = o.files[0];
	const char *slash = strrchr(first, '/');
	const char *name = strcmp(first, "-") == 0 ? "stdin" : slash ? slash + 1 : first;
	snprintf(out.base, sizeof out.base, "%.*s", (int)strcspn(name, "."), name);
	if (o.list) {
		long pages = 0;
		if (tb_book_pages(book, S_count_page, &pages) == TB_ENOMEM)
			cli_oom();
		printf("%s: %ld page%s\n", o.out ? o.out : o.dir ? o.dir : out.base, pages,
		       pages == 1 ? "" : "s");
		tb_book_figures(book, S_figure, NULL);
		tb_book_free(book);
		return rc;
	}
	if (o.dir && mkdir(o.dir, 0777) != 0 && errno != EEXIST) {
		cli_error("book", "cannot make '%s': %s", o.dir, strerror(errno));
		tb_book_free(book);
		return EXIT_TROUBLE;
	}
	if (o.out) {
		const char *t = getenv("TMPDIR");
		snprintf(out.tmpdir, sizeof out.tmpdir, "%s/tablero-book-XXXXXX", t && *t ? t : "/tmp");
		if (!mkdtemp(out.tmpdir)) {
			cli_error("book", "cannot make a temporary directory: %s", strerror(errno));
			tb_book_free(book);
			return EXIT_TROUBLE;
		}
	}
	if (tb_book_pages(book, S_page, &out) == TB_ENOMEM)
		cli_oom();
	tb_book_free(book);
	int wrote = !out.failed && (o.dir ? out.batch && cli_batch_commit(out.batch) == 0
	                                  : S_pdf(&out, renderer) == 0);
	if (o.dir)
		out.batch = NULL; /* committed, or aborted by the commit */
	S_cleanup(&out);
	if (!wrote) {
		if (out.failed)
			cli_error("book", "nothing written");
		return EXIT_TROUBLE;
	}
	return rc;
}
