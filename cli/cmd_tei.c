/*
 * cmd_tei.c -- "tablero tei": records and collations as TEI P5, and
 * back ("--to tgn"). spec/tei.md.
 *
 * One record makes one <TEI> document, several a <teiCorpus> of them;
 * the document is made whole in memory and written only once complete
 * (to -o FILE, replaced atomically, or to standard output). Reading TEI
 * back, every file is read and converted before anything is written: a
 * document that cannot be read is refused with the line of its first
 * problem, and nothing is written.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct S_opts {
	int to_tgn;
	int positions;        /* --positions: TB_TEI_POSITIONS */
	const char *out;      /* -o FILE, or NULL for standard output */
	int nfiles;
	char **files;
} S_opts;

static int S_to(void *opts, const cli_optarg *a)
{
	if (strcmp(a->value, "tgn") != 0 && strcmp(a->value, "tei") != 0) {
		cli_error("tei", "--to takes tgn or tei, not '%s'", a->value);
		return -1;
	}
	((S_opts *)opts)->to_tgn = strcmp(a->value, "tgn") == 0;
	return 0;
}

static const cli_opt S_opts_table[] = {
	CLI_FLAG(0, "positions", S_opts, positions,
	         "replay each record by its rules and add, after each\n"
	         "turn whose position they know, that position"),
	CLI_CALL(0, "to", "FORMAT", S_to, 0, 0, "--to tgn",
	         "read TEI that tablero tei wrote and write its records\n"
	         "as canonical TGN; a document that cannot be read is\n"
	         "refused with the line of its problem, and nothing is\n"
	         "written"),
	CLI_STRING('o', NULL, "FILE", S_opts, out,
	           "write FILE (replaced only once complete) instead of\nstandard output"),
	CLI_HELP,
	CLI_END
};

const cli_optab cli_tei_options = {
	"tei",
	"usage: tablero tei [--positions] [-o FILE] [FILE...]\n"
	"       tablero tei --to tgn [-o FILE] [FILE...]\n"
	"\n"
	"Writes every record of each FILE ('-' or none: standard input) as\n"
	"TEI P5 (spec/tei.md): one record as a <TEI> document, several as a\n"
	"<teiCorpus> of them; a collation's readings as <app>/<rdg wit>. A\n"
	"record with errors is reported and left out.\n"
	"\n",
	S_opts_table, 15,
	"Exit: 0 all converted, 1 problems found, 2 could not run.\n",
	CLI_OPTS_DASHDASH, NULL, NULL, NULL, NULL
};

static int S_args(int argc, char **argv, S_opts *o)
{
	static char dashname[] = "-";
	static char *dash[] = {dashname, NULL};
	int i = cli_options_parse(&cli_tei_options, argc, argv, o);
	if (i < 0)
		return -1;
	if (o->to_tgn && o->positions) {
		cli_error("tei", "--positions is for writing TEI, not reading it");
		return -1;
	}
	o->files = i < argc ? argv + i : dash;
	o->nfiles = i < argc ? argc - i : 1;
	return 0;
}

/* 'len' bytes of 'data' to 'path' once complete, or to standard
 * output. Returns an exit code. */
static int S_deliver(const char *path, const char *data, size_t len)
{
	if (!path)
		return fwrite(data, 1, len, stdout) == len && fflush(stdout) == 0 ? EXIT_CLEAN
		                                                                   : EXIT_TROUBLE;
	cli_atomic *a = cli_atomic_begin(path);
	if (!a)
		return EXIT_TROUBLE;
	if (cli_atomic_write(a, data, len)) {
		cli_atomic_abort(a);
		return EXIT_TROUBLE;
	}
	return cli_atomic_commit(a) ? EXIT_TROUBLE : EXIT_CLEAN;
}

/* The whole of 'f' into a new string (the caller's), its length in
 * '*len'; NULL when it cannot be read. */
static char *S_slurp(FILE *f, size_t *len)
{
	size_t n = 0, cap = 65536;
	char *s = malloc(cap);
	if (!s)
		cli_oom();
	for (size_t got; (got = fread(s + n, 1, cap - n, f)) > 0;) {
		n += got;
		if (n == cap) {
			char *t = cap > SIZE_MAX / 2 ? NULL : realloc(s, cap *= 2);
			if (!t)
				cli_oom();
			s = t;
		}
	}
	if (ferror(f)) {
		free(s);
		return NULL;
	}
	*len = n;
	return s;
}

/* ===== TGN -> TEI ===== */

typedef struct S_made {
	char **text;
	size_t *len;
	size_t n, cap;
} S_made;

static void S_keep(S_made *m, char *text, size_t len)
{
	if (m->n == m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 16;
		char **t = realloc(m->text, cap * sizeof *t);
		if (!t)
			cli_oom();
		m->text = t;
		size_t *l = realloc(m->len, cap * sizeof *l);
		if (!l)
			cli_oom();
		m->len = l;
		m->cap = cap;
	}
	m->text[m->n] = text;
	m->len[m->n++] = len;
}

/* Every record of 'path' into 'm'; returns an exit code. */
static int S_tei_file(const char *path, int flags, S_made *m)
{
	FILE *f = cli_open(path);
	if (!f)
		return EXIT_TROUBLE;
	const char *name = strcmp(path, "-") ? path : "<stdin>";
	tb_reader *r = cli_reader_new_file(f, name);
	tb_record *rec;
	int got, rc = EXIT_CLEAN;
	while ((got = cli_reader_next(r, &rec)) == 1) {
		int st = TB_EINVAL;
		size_t len = 0;
		char *text = tb_record_errors(rec) ? NULL : tb_tei_record_text_at(r, rec, flags, m->n, &len, &st);
		if (st == TB_ENOMEM)
			cli_oom();
		if (text)
			S_keep(m, text, len);
		if (cli_print_diags(r, 0) || !text)
			rc = EXIT_PROBLEMS;
		tb_record_free(rec);
	}
	if (cli_print_diags(r, 0) && rc == EXIT_CLEAN)
		rc = EXIT_PROBLEMS;
	if (got < 0)
		rc = EXIT_TROUBLE;
	tb_reader_free(r);
	cli_close(f);
	return rc;
}

static int S_to_tei(const S_opts *o)
{
	S_made m = {0};
	int rc = EXIT_CLEAN;
	for (int k = 0; k < o->nfiles; k++) {
		int st = S_tei_file(o->files[k], o->positions ? TB_TEI_POSITIONS : 0, &m);
		rc = st > rc ? st : rc;
	}
	if (m.n) {
		size_t len;
		char *doc = tb_tei_document(m.text, m.len, m.n, NULL, &len);
		if (!doc)
			cli_oom();
		if (o->out && rc != EXIT_CLEAN) {
			cli_error("tei", "'%s' not written: the input has errors", o->out);
		} else if (S_deliver(o->out, doc, len) != EXIT_CLEAN) {
			cli_error("tei", "cannot write the TEI%s", o->out ? "" : " to standard output");
			rc = EXIT_TROUBLE;
		}
		free(doc);
	} else if (rc == EXIT_CLEAN) {
		cli_error("tei", "no record to write");
		rc = EXIT_PROBLEMS;
	}
	for (size_t i = 0; i < m.n; i++)
		free(m.text[i]);
	free(m.text);
	free(m.len);
	return rc;
}

/* ===== TEI -> TGN ===== */

/* Prints the errors the TGN reader found in what a TEI document was
 * turned into, each at the document's line it came from ('lines', one
 * per line of the TGN; the column is the TGN's, whose line is quoted);
 * returns how many. */
static size_t S_errors(const tb_reader *r, const unsigned *lines, size_t nlines)
{
	size_t n = 0;
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		tb_diag d = *tb_reader_diag(r, i);
		if (d.severity != TB_ERROR)
			continue;
		if (d.line >= 1 && d.line - 1 < nlines && lines[d.line - 1])
			d.line = lines[d.line - 1];
		char *s = cli_diag_format(&d);
		fputs(s, stderr);
		free(s);
		n++;
	}
	return n;
}

/* The canonical TGN of the TEI document 'path', its records read by
 * the TGN reader, into 'm' (one text per record); returns an exit code. */
static int S_tgn_file(const char *path, S_made *m)
{
	FILE *f = cli_open(path);
	if (!f)
		return EXIT_TROUBLE;
	const char *name = strcmp(path, "-") ? path : "<stdin>";
	size_t len, tlen;
	char *doc = S_slurp(f, &len);
	cli_close(f);
	if (!doc) {
		cli_error("tei", "cannot read '%s'", name);
		return EXIT_TROUBLE;
	}
	tb_tei_error err;
	int st;
	unsigned *lines = NULL;
	char *tgn = tb_tei_to_tgn(doc, len, &tlen, &lines, &err, &st);
	free(doc);
	if (st == TB_ENOMEM)
		cli_oom();
	if (!tgn) {
		fprintf(stderr, "%s:%u:%u: error: %s\n", name, err.line, err.col, err.message);
		return EXIT_TROUBLE;
	}
	size_t nlines = 1; /* tb_tei_to_tgn: one for each line of 'tgn' */
	for (size_t i = 0; i < tlen; i++)
		nlines += tgn[i] == '\n';
	tb_reader *r = cli_reader_new_mem(tgn, tlen, name);
	tb_record *rec;
	int got, rc = EXIT_CLEAN;
	while ((got = cli_reader_next(r, &rec)) == 1) {
		size_t n;
		char *text = cli_record_write(rec, &n);
		if (text)
			S_keep(m, text, n);
		if (S_errors(r, lines, nlines) || !text)
			rc = EXIT_TROUBLE;
		tb_record_free(rec);
	}
	if (S_errors(r, lines, nlines) || got < 0)
		rc = EXIT_TROUBLE;
	tb_reader_free(r);
	free(tgn);
	free(lines);
	return rc;
}

static int S_to_tgn(const S_opts *o)
{
	S_made m = {0};
	int rc = EXIT_CLEAN;
	for (int k = 0; k < o->nfiles; k++) {
		int st = S_tgn_file(o->files[k], &m);
		rc = st > rc ? st : rc;
	}
	size_t total = 0;
	for (size_t i = 0; i < m.n; i++)
		total += m.len[i] + 1;
	char *all = malloc(total + 1), *p = all;
	if (!all)
		cli_oom();
	for (size_t i = 0; i < m.n; i++) { /* a blank line between records */
		if (i)
			*p++ = '\n';
		memcpy(p, m.text[i], m.len[i]);
		p += m.len[i];
	}
	if (rc == EXIT_CLEAN && S_deliver(o->out, all, (size_t)(p - all)) != EXIT_CLEAN) {
		cli_error("tei", "cannot write the TGN%s", o->out ? "" : " to standard output");
		rc = EXIT_TROUBLE;
	}
	free(all);
	for (size_t i = 0; i < m.n; i++)
		free(m.text[i]);
	free(m.text);
	free(m.len);
	return rc;
}

int cmd_tei(int argc, char **argv)
{
	S_opts o = {0};
	if (S_args(argc, argv, &o) < 0)
		return EXIT_TROUBLE;
	return o.to_tgn ? S_to_tgn(&o) : S_to_tei(&o);
}
