/*
 * cmd_tgn.c -- "tablero parse", "tablero validate" and "tablero fmt":
 * reading TGN, checking it against the rules, writing it back in
 * canonical form.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { CMD_PARSE, CMD_VALIDATE, CMD_FMT };

typedef struct S_opts {
	int summary, strict, in_place, positions, board;
	tb_search_opts search;
	int nfiles;
	char **files;
} S_opts;

/* Reads options; the rest are files. Returns -1 on a bad option. */
static int S_args(const char *cmd, int argc, char **argv, S_opts *o, int which)
{
	int fmt = which == CMD_FMT;
	static char dashname[] = "-";
	static char *dash[] = {dashname, NULL};
	int i = 1, got;
	for (; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--") == 0) {
			i++;
			break;
		} else if (!fmt && strcmp(a, "--summary") == 0) {
			o->summary = 1;
		} else if (!fmt && strcmp(a, "--strict") == 0) {
			o->strict = 1;
		} else if (which == CMD_VALIDATE && strcmp(a, "--positions") == 0) {
			o->positions = 1;
		} else if (which == CMD_VALIDATE && strcmp(a, "--board") == 0) {
			o->board = 1;
		} else if (which == CMD_VALIDATE &&
		           (got = cli_search_arg(cmd, argc, argv, &i, &o->search)) != 0) {
			if (got < 0)
				return -1;
		} else if (fmt && (strcmp(a, "-i") == 0 || strcmp(a, "--in-place") == 0)) {
			o->in_place = 1;
		} else if (a[0] == '-' && a[1]) {
			cli_error(cmd, "unknown option '%s' (see tablero %s --help)", a, cmd);
			return -1;
		} else {
			break;
		}
	}
	if (o->board && !o->positions) {
		cli_error(cmd, "--board draws the board after each turn that --positions prints: "
		               "give both");
		return -1;
	}
	o->files = i < argc ? argv + i : dash;
	o->nfiles = i < argc ? argc - i : 1;
	return 0;
}

/* What --positions prints after each turn needs of the record. */
typedef struct S_turns {
	const tb_record *rec;
	int board, colour;
} S_turns;

static void S_print_turn(void *ctx, const tb_turn_report *t)
{
	const S_turns *p = ctx;
	printf("%u%s %s  {%s}%s%s\n", t->number, t->side == 1 ? "..." : ".", t->token,
	       t->position, *t->events ? "  " : "", t->events);
	if (t->over)
		printf("game over: %s\n", t->over);
	if (!p->board)
		return;
	const char *rules = tb_record_tag(p->rec, "Rules");
	char *why = NULL;
	tb_engine *e = tb_engine_new(tb_record_game(p->rec), rules && strcmp(rules, "?") ? rules : NULL,
	                             t->position, &why);
	char *text = e ? tb_engine_board(e, p->colour ? TB_BOARD_COLOUR : 0) : NULL;
	printf("%s\n", text ? text : why); /* why: never, as the rules just played it */
	free(text);
	free(why);
	tb_engine_free(e);
}

/* parse and validate: read every record of every file, report. */
static int S_check(const char *cmd, int which, int argc, char **argv)
{
	S_opts o = {0};
	if (S_args(cmd, argc, argv, &o, which))
		return EXIT_TROUBLE;
	int rc = EXIT_CLEAN;
	for (int k = 0; k < o.nfiles; k++) {
		const char *path = o.files[k], *name = strcmp(path, "-") ? path : "<stdin>";
		FILE *f = cli_open(path);
		if (!f) {
			rc = EXIT_TROUBLE;
			continue;
		}
		tb_reader *r = tb_reader_new_file(f, name);
		tb_record *rec;
		size_t nrec = 0, bad = 0;
		int got;
		o.search.progress = cli_progress;
		tb_reader_set_search(r, &o.search);
		while ((got = tb_reader_next(r, &rec)) == 1) {
			if (o.positions)
				printf("# %s:%u\n", name, tb_record_line(rec));
			S_turns turns = {rec, o.board, cli_colour(stdout, "auto")};
			if (which == CMD_VALIDATE)
				tb_reader_validate(r, rec, o.positions ? S_print_turn : NULL, &turns);
			cli_progress_done();
			bad += cli_print_diags(r, o.strict);
			tb_record_free(rec);
			nrec++;
		}
		bad += cli_print_diags(r, o.strict);
		if (got < 0)
			rc = EXIT_TROUBLE;
		else if (bad && rc == EXIT_CLEAN)
			rc = EXIT_PROBLEMS;
		if (o.summary)
			printf("%s: %zu record%s, %zu error%s, %zu warning%s\n", path, nrec,
			       nrec == 1 ? "" : "s", tb_reader_nerrors(r),
			       tb_reader_nerrors(r) == 1 ? "" : "s", tb_reader_nwarnings(r),
			       tb_reader_nwarnings(r) == 1 ? "" : "s");
		tb_reader_free(r);
		cli_close(f);
	}
	return rc;
}

int cmd_parse(int argc, char **argv) { return S_check("parse", CMD_PARSE, argc, argv); }
int cmd_validate(int argc, char **argv) { return S_check("validate", CMD_VALIDATE, argc, argv); }

/* Writes the canonical form of every record of 'r' through 'put'.
 * Returns 0 when every record was clean, 1 when some had errors, or
 * -1 when the input could not be read or 'put' failed. */
typedef int (*S_put_fn)(void *ctx, const char *s, size_t len);

static int S_format(tb_reader *r, S_put_fn put, void *ctx)
{
	tb_record *rec;
	int got, status = 0, first = 1;
	while ((got = tb_reader_next(r, &rec)) == 1) {
		if (cli_print_diags(r, 0) || tb_record_errors(rec)) {
			status = 1;
		} else {
			size_t len;
			char *s = tb_record_write(rec, &len);
			int bad = !s || (!first && put(ctx, "\n", 1)) || put(ctx, s, len);
			free(s);
			first = 0;
			if (bad) {
				tb_record_free(rec);
				return -1;
			}
		}
		tb_record_free(rec);
	}
	cli_print_diags(r, 0);
	return got < 0 ? -1 : status;
}

static int S_put_stdout(void *ctx, const char *s, size_t len)
{
	(void)ctx;
	return fwrite(s, 1, len, stdout) == len ? 0 : -1;
}

static int S_put_atomic(void *ctx, const char *s, size_t len)
{
	return cli_atomic_write(ctx, s, len);
}

/* fmt -i: the canonical form, kept only when every record has it. */
static int S_fmt_rewrite(void *ctx, tb_reader *r, cli_atomic *a)
{
	const char *path = ctx;
	int st = S_format(r, S_put_atomic, a);
	if (st == 0)
		return 1;
	cli_error("fmt", "'%s' left unchanged: %s", path,
	          st > 0 ? "it has errors" : "it could not be read or written");
	return 10 + (st > 0 ? EXIT_PROBLEMS : EXIT_TROUBLE);
}

int cmd_fmt(int argc, char **argv)
{
	S_opts o = {0};
	if (S_args("fmt", argc, argv, &o, CMD_FMT))
		return EXIT_TROUBLE;
	int rc = EXIT_CLEAN;
	for (int k = 0; k < o.nfiles; k++) {
		const char *path = o.files[k];
		int st;
		if (o.in_place) {
			if (strcmp(path, "-") == 0) {
				cli_error("fmt", "-i rewrites files; it cannot rewrite standard input");
				return EXIT_TROUBLE;
			}
			st = cli_rewrite(path, S_fmt_rewrite, (void *)path);
		} else {
			FILE *f = cli_open(path);
			if (!f) {
				rc = EXIT_TROUBLE;
				continue;
			}
			tb_reader *r = tb_reader_new_file(f, strcmp(path, "-") ? path : "<stdin>");
			if (k > 0)
				fputc('\n', stdout);
			int s = S_format(r, S_put_stdout, NULL);
			st = s < 0 ? EXIT_TROUBLE : s ? EXIT_PROBLEMS : EXIT_CLEAN;
			tb_reader_free(r);
			cli_close(f);
		}
		if (st > rc)
			rc = st;
	}
	if (fflush(stdout) != 0) {
		cli_error("fmt", "cannot write standard output");
		return EXIT_TROUBLE;
	}
	return rc;
}
