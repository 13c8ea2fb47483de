/*
 * cmd_collate.c -- "tablero collate": witnesses of one game -- a tape
 * and a notebook, two informants -- collated into one record that keeps
 * every reading and says whose it is, and a witness read back out of a
 * collation (spec/compare.md, "Collating witnesses").
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define S_MAX_FILES 15

typedef struct S_opts {
	char *sigla;                /* --sigla, as given (split in place) */
	const char *base, *witness, *out;
	tb_search_opts search;
	int nfiles;
	char **files;
} S_opts;

/* One file and its record. */
typedef struct S_in {
	const char *path, *name;
	FILE *f;
	tb_reader *r;
	tb_record *rec;
} S_in;

/* --sigla: its value is argv's, which is the command's to change. */
static int S_sigla(void *opts, const cli_optarg *a)
{
	((S_opts *)opts)->sigla = (char *)(uintptr_t)a->value;
	return 0;
}

/* The files are gathered at the front of argv (o->files), in order. */
static int S_file(void *opts, char *arg)
{
	S_opts *o = opts;
	o->files[o->nfiles++] = arg;
	return 0;
}

static const cli_opt S_opts_table[] = {
	CLI_CALL(0, "sigla", "A,B,...", S_sigla, 0, 0, NULL,
	         "name the records that are not collations, in order\n"
	         "(default: the letters A, B, C... not taken)"),
	CLI_STRING(0, "base", "X", S_opts, base,
	           "the witness the record follows (default: a given\n"
	           "collation's base, else the witness whose line stays\n"
	           "legal the longest, the first of those)"),
	CLI_SEARCH(0, "search-turns", S_opts, search, "--search-turns N, --search-positions N",
	           "\nbound the rules' searches through gaps and unknown\n"
	           "turns, as validate's (defaults 8, 1000000)"),
	CLI_SEARCH(1, "search-positions", S_opts, search, NULL, NULL),
	CLI_SEARCH(2, "candidates", S_opts, search,
	           "--candidates N, --window N, --lookback N",
	           "\nhow the illegal turns of a witness are weighed,\n"
	           "as validate's (defaults 10, 32, 32)"),
	CLI_SEARCH(3, "window", S_opts, search, NULL, NULL),
	CLI_SEARCH(4, "lookback", S_opts, search, NULL, NULL),
	CLI_STRING(0, "witness", "X", S_opts, witness, "read witness X back out of COLLATION"),
	CLI_STRING('o', NULL, "FILE", S_opts, out,
	           "write FILE (replaced only once complete) instead of\nstandard output"),
	CLI_HELP,
	CLI_END
};

const cli_optab cli_collate_options = {
	"collate",
	"usage: tablero collate [--sigla A,B,...] [--base X] [--search-turns N]\n"
	"                       [--search-positions N] [--candidates N]\n"
	"                       [--window N] [--lookback N] [-o FILE] FILE...\n"
	"       tablero collate --witness X [-o FILE] COLLATION\n"
	"\n"
	"Collates records of one game -- a tape and a notebook, two informants,\n"
	"a transcription and its correction; one record a FILE ('-': standard\n"
	"input) -- into one record that keeps every reading (spec/compare.md):\n"
	"where they agree, the turn; where they differ, a reading whose\n"
	"alternatives each name their witnesses, <g5-f5 {A} | e5-f5 {B}>; a\n"
	"turn one lacks stands against 'omitted', a stretch it lost against its\n"
	"gap. Tags that differ keep the base's value, the others' in comments;\n"
	"comments not every witness has name theirs (\"B: ...\"). The record\n"
	"follows the base; each turn is checked along its witness's line, and\n"
	"one illegal there is kept and noted (\"illegal in B: ...\"); a turn no\n"
	"witness gives but the rules decide is proposed, <reconstructed d2 | ?\n"
	"{A, B}>. A FILE that is a collation gives its witnesses. Witnesses of\n"
	"different games or starts are refused; one with errors is collated up\n"
	"to its first. Nothing is written unless each witness reads back out of\n"
	"the collation exactly.\n"
	"\n",
	S_opts_table, 19,
	"Exit: 0 written, 1 a witness collated up to its first error, or\n"
	"records that cannot be collated (nothing written), 2 could not run.\n",
	CLI_OPTS_MIXED | CLI_OPTS_DASHDASH, S_file, NULL, NULL, NULL
};

/* Options may stand before, between and after the files; after "--"
 * everything is a file. */
static int S_args(int argc, char **argv, S_opts *o)
{
	o->files = argv;
	if (cli_options_parse(&cli_collate_options, argc, argv, o) < 0)
		return -1;
	if (o->nfiles < 1) {
		cli_error("collate", "name the records to collate: tablero collate A B [C...]");
		return -1;
	}
	if (o->nfiles > S_MAX_FILES) {
		cli_error("collate", "at most %d records can be collated", S_MAX_FILES);
		return -1;
	}
	if (o->witness && (o->nfiles != 1 || o->sigla || o->base)) {
		cli_error("collate", "--witness reads a witness out of one collation: give one FILE, "
		          "and neither --sigla nor --base");
		return -1;
	}
	int stdin_files = 0;
	for (int k = 0; k < o->nfiles; k++)
		stdin_files += strcmp(o->files[k], "-") == 0;
	if (stdin_files > 1) {
		cli_error("collate", "standard input can be only one of the records");
		return -1;
	}
	return 0;
}

/* Splits "A,B,C" into 'out' (at most 'max'); the number, or -1. */
static int S_split(char *s, const char **out, int max)
{
	int n = 0;
	for (char *p = s;; p++) {
		char *e = strchr(p, ',');
		if (e)
			*e = '\0';
		if (!*p || n == max)
			return -1;
		out[n++] = p;
		if (!e)
			return n;
		p = e;
	}
}

/* Prints what the reader says of its record that concerns a
 * collation: its errors, and the collation's own warnings; returns how
 * many errors. */
static size_t S_print(const tb_reader *r)
{
	size_t bad = 0;
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		const tb_diag *d = tb_reader_diag(r, i);
		int mine = d->code >= 601 && d->code <= 699;
		if ((d->severity != TB_ERROR && !mine) || d->code == 110)
			continue;
		char *s = cli_diag_format(d);
		if (s)
			fputs(s, stderr);
		free(s);
		bad += d->severity == TB_ERROR;
	}
	return bad;
}

/* Opens each file and reads its record; -1 after saying why not. */
static int S_open(const S_opts *o, S_in *in)
{
	for (int k = 0; k < o->nfiles; k++) {
		in[k].path = o->files[k];
		in[k].name = strcmp(o->files[k], "-") ? o->files[k] : "<stdin>";
		in[k].f = cli_open(o->files[k]);
		if (!in[k].f)
			return -1;
		in[k].r = cli_reader_new_file(in[k].f, in[k].name);
		int got = cli_reader_next(in[k].r, &in[k].rec);
		if (got <= 0) {
			S_print(in[k].r);
			cli_error("collate", "%s: %s", in[k].name,
			          got < 0 ? "it could not be read" : "it holds no record");
			return -1;
		}
	}
	return 0;
}

/* Each file holds one record: a second is refused. */
static int S_one_each(const S_opts *o, S_in *in)
{
	int ok = 1;
	for (int k = 0; k < o->nfiles; k++) {
		tb_record *more = NULL;
		int got = cli_reader_next(in[k].r, &more);
		tb_record_free(more);
		if (got != 0) {
			cli_error("collate", "%s: %s", in[k].name,
			          got < 0 ? "it could not be read to its end"
			                  : "it holds more than one record: collate takes one record a "
			                    "file");
			ok = 0;
		}
	}
	return ok;
}

static void S_close(const S_opts *o, S_in *in)
{
	for (int k = 0; k < o->nfiles; k++) {
		tb_record_free(in[k].rec);
		tb_reader_free(in[k].r);
		if (in[k].f)
			cli_close(in[k].f);
	}
}

/* Writes 'text' to -o's file, atomically, or to standard output. */
static int S_write(const S_opts *o, const char *text, size_t len)
{
	if (!o->out) {
		if (fwrite(text, 1, len, stdout) != len || fflush(stdout) != 0) {
			cli_error("collate", "cannot write standard output");
			return -1;
		}
		return 0;
	}
	cli_atomic *a = cli_atomic_begin(o->out);
	if (!a)
		return -1;
	if (cli_atomic_write(a, text, len)) {
		cli_atomic_abort(a);
		return -1;
	}
	return cli_atomic_commit(a);
}

/* The collation of the records, or the witness asked for; NULL after
 * saying why. '*status' gets the exit status when something is wrong. */
static char *S_run(const S_opts *o, S_in *in, size_t *len, int *status)
{
	const char *sigla[S_MAX_FILES];
	int nsigla = 0;
	if (o->sigla && (nsigla = S_split(o->sigla, sigla, S_MAX_FILES)) < 0) {
		cli_error("collate", "--sigla takes names separated by commas, one for each record "
		          "that is not a collation: --sigla cinta,cuaderno");
		*status = EXIT_TROUBLE;
		return NULL;
	}
	char *text;
	size_t bad = 0;
	if (o->witness) {
		text = tb_collation_witness(in[0].r, in[0].rec, o->witness, len);
		bad = S_print(in[0].r);
		if (!text && !bad) /* NULL with no error said: memory ran out */
			cli_oom();
	} else {
		tb_reader *r[S_MAX_FILES];
		const tb_record *rec[S_MAX_FILES];
		for (int k = 0; k < o->nfiles; k++)
			r[k] = in[k].r, rec[k] = in[k].rec;
		tb_search_opts so = o->search;
		so.progress = cli_progress;
		tb_collate_opts co = {o->sigla ? sigla : NULL, (size_t)nsigla, o->base, &so};
		char *why = NULL;
		text = tb_collate(r, rec, (size_t)o->nfiles, &co, len, &why);
		cli_progress_done();
		for (int k = 0; k < o->nfiles; k++)
			bad += S_print(in[k].r);
		if (!text && !why && !bad) /* NULL with no reason given: memory ran out */
			cli_oom();
		if (why) {
			cli_error("collate", "%s", why);
			free(why);
			*status = EXIT_TROUBLE;
			free(text);
			return NULL;
		}
	}
	if (bad)
		*status = EXIT_PROBLEMS;
	return text;
}

int cmd_collate(int argc, char **argv)
{
	S_opts o;
	memset(&o, 0, sizeof o);
	if (S_args(argc, argv, &o))
		return EXIT_TROUBLE;
	S_in in[S_MAX_FILES];
	memset(in, 0, sizeof in);
	int status = EXIT_CLEAN;
	if (S_open(&o, in)) {
		S_close(&o, in);
		return EXIT_TROUBLE;
	}
	size_t len = 0;
	char *text = S_run(&o, in, &len, &status);
	if (text && !S_one_each(&o, in)) {
		free(text);
		text = NULL;
		status = EXIT_TROUBLE;
	}
	if (!text && status == EXIT_CLEAN)
		status = EXIT_PROBLEMS;
	if (text && S_write(&o, text, len))
		status = EXIT_TROUBLE;
	if (!text)
		cli_error("collate", "nothing written");
	free(text);
	S_close(&o, in);
	return status;
}
