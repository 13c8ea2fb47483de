/*
 * cmd_fill.c -- "tablero fill": records written back with what the
 * rules decide put in, marked reconstructed (spec/reconstruct.md).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct S_fill_opts {
	int in_place;
	int repairs;          /* --repairs: slips written as readings */
	int jobs;             /* -j: the threads of a search (0 before the default) */
	tb_search_opts search;
} S_fill_opts;

/* How a file fared. */
typedef struct S_tally {
	size_t records, filled, open, repaired;
	int problems;         /* diagnostics with errors, or something left open */
	int trouble;          /* the input could not be read, or the output written */
	int dirty;            /* a record written has errors */
} S_tally;

typedef int (*S_put_fn)(void *ctx, const char *s, size_t len);

static int S_put_stdout(void *ctx, const char *s, size_t len)
{
	(void)ctx;
	return fwrite(s, 1, len, stdout) == len ? 0 : -1;
}

static int S_put_atomic(void *ctx, const char *s, size_t len)
{
	return cli_atomic_write(ctx, s, len);
}

/* Does the TGN text 's' (a record fill wrote) read and replay with an
 * error? Its diagnostics are not shown: the source's were. */
static int S_written_errs(const char *s, size_t len, const tb_search_opts *so)
{
	tb_reader *r = tb_reader_new_mem(s, len, "<filled>");
	if (!r)
		cli_oom();
	tb_reader_set_search(r, so);
	tb_record *rec;
	int got, bad = 0;
	while ((got = tb_reader_next(r, &rec)) == 1) {
		bad |= tb_reader_validate(r, rec, NULL, NULL) != 0;
		tb_record_free(rec);
	}
	bad |= got < 0 || tb_reader_nerrors(r) > 0;
	tb_reader_free(r);
	return bad;
}

/* Fills every record of 'r' and writes it through 'put'; what stays open
 * and every error go to standard error. */
static void S_fill_all(tb_reader *r, const S_fill_opts *o, S_put_fn put, void *ctx,
                       S_tally *t)
{
	tb_search_opts so = o->search;
	so.progress = cli_progress;
	so.threads = (unsigned)o->jobs;
	tb_reader_set_search(r, &so);
	tb_record *rec;
	int got;
	while ((got = cli_reader_next(r, &rec)) == 1) {
		size_t len, open, filled, repaired = 0;
		char *s = o->repairs ? tb_record_fill_repairs(r, rec, &len, &open, &filled, &repaired)
		                     : tb_record_fill(r, rec, &len, &open, &filled);
		if (!s && !tb_record_errors(rec) && tb_record_game(rec))
			cli_oom(); /* no other reason for NULL (tablero.h) */
		cli_progress_done();
		int bad = cli_print_diags(r, 0) || !s;
		if (bad && s && repaired) /* the slips written: is what is written free of errors? */
			bad = S_written_errs(s, len, &o->search);
		t->problems |= bad;
		t->dirty |= bad;
		t->repaired += repaired;
		if (s && ((t->records && put(ctx, "\n", 1)) || put(ctx, s, len)))
			t->trouble = 1;
		free(s);
		t->records++;
		t->filled += filled;
		t->open += open;
		t->problems |= open > 0;
		tb_record_free(rec);
	}
	if (cli_print_diags(r, 0))
		t->problems = t->dirty = 1;
	if (got < 0)
		t->trouble = 1;
}

/* fill -i: what 'S_fill_in_place' asks of cli_rewrite. */
typedef struct S_in_place {
	const char *path;
	const S_fill_opts *o;
	S_tally *t;
} S_in_place;

/* Written only when every record could be, and none has an error --
 * under --repairs, none as written, its slips written as readings;
 * left as it is when nothing was filled or written. */
static int S_fill_rewrite(void *ctx, tb_reader *r, cli_atomic *a)
{
	S_in_place *p = ctx;
	size_t errors = tb_reader_nerrors(r);
	S_fill_all(r, p->o, S_put_atomic, a, p->t);
	int clean = p->o->repairs ? !p->t->dirty : tb_reader_nerrors(r) == errors;
	if (p->t->trouble || !clean) {
		cli_error("fill", "'%s' left unchanged: %s", p->path,
		          p->t->trouble ? "it could not be read or written" : "it has errors");
		return 10 + (p->t->trouble ? EXIT_TROUBLE : EXIT_PROBLEMS);
	}
	if (p->t->repaired)
		return 2; /* every record written read back free of errors (cli_rewrite) */
	return p->t->filled ? 1 : 0;
}

static int S_fill_in_place(const char *path, const S_fill_opts *o, S_tally *t)
{
	S_in_place p = {path, o, t};
	int rc = cli_rewrite("fill", path, S_fill_rewrite, &p);
	return rc == EXIT_CLEAN && t->open ? EXIT_PROBLEMS : rc;
}

static const cli_opt S_opts[] = {
	CLI_FLAG('i', "in-place", S_fill_opts, in_place,
	         "rewrite each FILE, atomically; a file with\nany error is left untouched"),
	CLI_FLAG(0, "repairs", S_fill_opts, repairs,
	         "write each slip validate goes on past as a\nreading: the repairs, reconstructed, then\nthe turn as written"),
	CLI_JOBS(S_fill_opts, jobs, NULL,
	         "make a long search's layers of positions in\nN threads (default: one per core, at most\n8; 0: that); the records one at a time, the\noutput the same"),
	CLI_SEARCH(0, "search-turns", S_fill_opts, search, NULL,
	           "the longest gap searched (default 8)"),
	CLI_SEARCH(1, "search-positions", S_fill_opts, search, NULL,
	           "positions a search may hold (default 1000000)"),
	CLI_SEARCH(2, "candidates", S_fill_opts, search, NULL,
	           "turns or sequences named when several fit\n(default 10)"),
	CLI_SEARCH(3, "window", S_fill_opts, search, NULL, NULL),
	CLI_SEARCH(4, "lookback", S_fill_opts, search, NULL, NULL),
	CLI_HELP,
	CLI_END
};

const cli_optab cli_fill_options = {
	"fill",
	"usage: tablero fill [-i] [--repairs] [-j N] [--search-turns N]\n"
	"                    [--search-positions N] [--candidates N] [--window N]\n"
	"                    [--lookback N] [FILE...]\n"
	"\n"
	"Replays every record of each FILE ('-' or none: standard input) as\n"
	"validate does, and writes it in canonical TGN with every unknown\n"
	"turn, '?' point and gap that the rules and the rest of the record\n"
	"decide -- exactly one turn, or one sequence, fits -- replaced by what\n"
	"fits, each such turn written <reconstructed TOKEN> (spec/reconstruct.md).\n"
	"What stays open is left as written and listed on standard error with\n"
	"the turns that fit it, with every error; a summary line per file\n"
	"follows. A record with errors the reader found is not written.\n"
	"With --repairs, each slip that explains an illegal turn, and that\n"
	"validate goes on past, is written as a reading: its repairs, each\n"
	"<reconstructed TOKEN>, then the turn as written; a record then free\n"
	"of errors counts as clean, and -i rewrites its file.\n"
	"\n",
	S_opts, 26,
	"Exit: 0 everything decided, 1 something stays open, fits nothing or has\n"
	"errors, 2 could not run.\n",
	CLI_OPTS_DASHDASH, NULL, NULL, NULL, NULL
};

int cmd_fill(int argc, char **argv)
{
	static char dashname[] = "-";
	static char *dash[] = {dashname, NULL};
	S_fill_opts o;
	memset(&o, 0, sizeof o);
	int i = cli_options_parse(&cli_fill_options, argc, argv, &o);
	if (i < 0)
		return EXIT_TROUBLE;
	if (!o.jobs)
		o.jobs = cli_jobs_default();
	char **files = i < argc ? argv + i : dash;
	int nfiles = i < argc ? argc - i : 1, rc = EXIT_CLEAN;
	for (int k = 0; k < nfiles; k++) {
		const char *path = files[k];
		S_tally t = {0, 0, 0, 0, 0, 0, 0};
		int st;
		if (o.in_place) {
			if (strcmp(path, "-") == 0) {
				cli_error("fill", "-i rewrites files; it cannot rewrite standard input");
				return EXIT_TROUBLE;
			}
			st = S_fill_in_place(path, &o, &t);
		} else {
			FILE *f = cli_open(path);
			if (!f) {
				rc = EXIT_TROUBLE;
				continue;
			}
			tb_reader *r = cli_reader_new_file(f, strcmp(path, "-") ? path : "<stdin>");
			if (k > 0)
				fputc('\n', stdout);
			S_fill_all(r, &o, S_put_stdout, NULL, &t);
			st = t.trouble ? EXIT_TROUBLE : t.problems ? EXIT_PROBLEMS : EXIT_CLEAN;
			tb_reader_free(r);
			cli_close(f);
		}
		fprintf(stderr, "%s: %zu record%s, %zu turn%s or gap%s filled in, %zu left open",
		        strcmp(path, "-") ? path : "<stdin>", t.records, t.records == 1 ? "" : "s",
		        t.filled, t.filled == 1 ? "" : "s", t.filled == 1 ? "" : "s", t.open);
		if (o.repairs)
			fprintf(stderr, ", %zu slip%s written as readings", t.repaired,
			        t.repaired == 1 ? "" : "s");
		fputc('\n', stderr);
		if (st > rc)
			rc = st;
	}
	if (fflush(stdout) != 0) {
		cli_error("fill", "cannot write standard output");
		return EXIT_TROUBLE;
	}
	return rc;
}
