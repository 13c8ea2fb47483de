/*
 * cmd_xml.c -- "tablero xml": TGN records as tablero XML, and back
 * ("--to tgn"). spec/xml.md.
 *
 * Nothing half-converted is written: to a file (-o), the output goes
 * to a new file renamed over it once complete; reading XML back, every
 * record is kept in a temporary file until the whole input has been
 * read and found valid, and only then copied out.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct S_opts {
	int flags;            /* TB_XML_* */
	int to_tgn;
	int tei;              /* --tei: tablero tei does the work (cmd_tei.c) */
	int jobs;             /* -j: records of TGN at once */
	const char *out;      /* -o FILE, or NULL for standard output */
	int nfiles;
	char **files;
} S_opts;

static int S_flag(void *opts, const cli_optarg *a)
{
	((S_opts *)opts)->flags |= a->opt->tag;
	return 0;
}

static int S_to(void *opts, const cli_optarg *a)
{
	if (strcmp(a->value, "tgn") != 0 && strcmp(a->value, "xml") != 0) {
		cli_error("xml", "--to takes tgn or xml, not '%s'", a->value);
		return -1;
	}
	((S_opts *)opts)->to_tgn = strcmp(a->value, "tgn") == 0;
	return 0;
}

static const cli_opt S_opts_table[] = {
	CLI_CALL(0, "sourcepos", NULL, S_flag, TB_XML_SOURCEPOS, 0, NULL,
	         "say where each node was in the TGN (line, col, ...)"),
	CLI_CALL(0, "positions", NULL, S_flag, TB_XML_POSITIONS, 0, NULL,
	         "replay each record by its rules and add, after each\n"
	         "turn, the position, its pieces and what the turn did"),
	CLI_CALL(0, "to", "FORMAT", S_to, 0, 0, "--to tgn",
	         "read tablero XML and write its records as canonical\n"
	         "TGN; the XML is validated against the schema, and a\n"
	         "document that does not validate is refused with the\n"
	         "line of each problem, and nothing is written"),
	CLI_FLAG(0, "tei", S_opts, tei,
	         "TEI P5 instead of tablero XML, both ways: the same\n"
	         "as tablero tei (spec/tei.md)"),
	CLI_STRING('o', NULL, "FILE", S_opts, out,
	           "write FILE (replaced only once complete) instead of\nstandard output"),
	CLI_JOBS(S_opts, jobs, "-j N",
	         "make the XML of N records at once, in N threads\n"
	         "(default: one per core, at most 8; 0: that); the\n"
	         "document is the same (--to tgn reads in one thread)"),
	CLI_HELP,
	CLI_END
};

const cli_optab cli_xml_options = {
	"xml",
	"usage: tablero xml [--tei] [--sourcepos] [--positions] [-j N] [-o FILE]\n"
	"                   [FILE...]\n"
	"       tablero xml --to tgn [--tei] [-o FILE] [FILE...]\n"
	"\n"
	"Writes every record of each FILE ('-' or none: standard input) as\n"
	"tablero XML (spec/xml.md; schema: schemas/tgn.rng), one document.\n"
	"A record with errors is reported and left out.\n"
	"\n",
	S_opts_table, 15,
	"Exit: 0 all converted, 1 problems found, 2 could not run.\n",
	CLI_OPTS_DASHDASH, NULL, NULL, NULL, NULL
};

static int S_args(int argc, char **argv, S_opts *o)
{
	static char dashname[] = "-";
	static char *dash[] = {dashname, NULL};
	int i = cli_options_parse(&cli_xml_options, argc, argv, o);
	if (i < 0)
		return -1;
	if (o->to_tgn && o->flags) {
		cli_error("xml", "--sourcepos and --positions are for writing XML, not reading it");
		return -1;
	}
	if (!o->jobs)
		o->jobs = cli_jobs_default();
	o->files = i < argc ? argv + i : dash;
	o->nfiles = i < argc ? argc - i : 1;
	return 0;
}

/* Copies the rest of 'from' (rewound) to 'path' atomically, or to
 * standard output when 'path' is NULL. Returns an exit code. */
static int S_deliver(FILE *from, const char *path)
{
	char buf[65536];
	size_t n;
	rewind(from);
	if (!path) {
		while ((n = fread(buf, 1, sizeof buf, from)) > 0)
			if (fwrite(buf, 1, n, stdout) != n)
				return EXIT_TROUBLE;
		return ferror(from) || fflush(stdout) ? EXIT_TROUBLE : EXIT_CLEAN;
	}
	cli_atomic *a = cli_atomic_begin(path);
	if (!a)
		return EXIT_TROUBLE;
	while ((n = fread(buf, 1, sizeof buf, from)) > 0)
		if (cli_atomic_write(a, buf, n)) {
			cli_atomic_abort(a);
			return EXIT_TROUBLE;
		}
	if (ferror(from)) {
		cli_atomic_abort(a);
		return EXIT_TROUBLE;
	}
	return cli_atomic_commit(a) ? EXIT_TROUBLE : EXIT_CLEAN;
}

/* ===== TGN -> XML ===== */

/* A record on its way through a job (jobs.c). */
typedef struct S_item {
	tb_record *rec;
	tb_reader *r;      /* the file's reader (-j 1), or the record's own */
	char *text;        /* its XML, made in a worker (-j N) */
	size_t len;
	int st;            /* as tb_xml_write_record returns */
} S_item;

typedef struct S_xml_ctx {
	const S_opts *o;
	tb_xml_writer *w;
	int jobs;
	int rc, refused, stop;
	const char *run;      /* parts: the records' XML not yet put (S_xml_part_done) */
	size_t nrun;
} S_xml_ctx;

/* One record: with one job written into the document at once, as ever;
 * with more, its XML made apart, and put into the document in order by
 * S_xml_done. Its diagnostics after. */
static int S_xml_one(void *ctx, int worker, void *item, FILE *out, FILE *err)
{
	const S_xml_ctx *c = ctx;
	S_item *it = item;
	(void)worker, (void)out;
	if (tb_record_errors(it->rec))
		it->st = TB_EINVAL;
	else if (c->jobs == 1)
		it->st = tb_xml_write_record(c->w, it->r, it->rec);
	else
		it->text = tb_xml_record_text(it->r, it->rec, c->o->flags, &it->len, &it->st);
	return cli_print_diags_to(err, it->r, 0) > 0;
}

/* What S_xml_done adds up, for a record whose diagnostics counted
 * ('bad') and whose XML came out as 'st' says. */
static void S_xml_count(S_xml_ctx *c, int bad, int st)
{
	if (bad && c->rc == EXIT_CLEAN)
		c->rc = EXIT_PROBLEMS;
	if (st == TB_ENOMEM)
		cli_oom();
	c->refused += st == TB_EINVAL;
	if (st == TB_EIO)
		c->stop = 1;
}

static void S_xml_done(void *ctx, void *item, int result)
{
	S_xml_ctx *c = ctx;
	S_item *it = item;
	if (it->text && !c->stop)
		it->st = tb_xml_writer_put(c->w, it->text, it->len);
	S_xml_count(c, result, it->st);
	free(it->text);
	if (c->jobs > 1)
		tb_reader_free(it->r);
	tb_record_free(it->rec);
	free(it);
}

/* A record of a part (parts.c): its XML appended to the worker's
 * buffer (o->buf) -- made there, not made apart and copied in: a
 * record's text allocated and copied once more was most of the CPU xml
 * -j 2 spent over -j 1 -- or, in the caller's thread, to 'out'; what
 * S_xml_part_done needs in the result -- 1: diagnostics that count, 2:
 * refused (TB_EINVAL), 4: not made (TB_EIO). With rec NULL, the file's
 * end. */
static int S_xml_part(void *ctx, int worker, tb_reader *r, tb_record *rec, cli_part_out *o)
{
	const S_xml_ctx *c = ctx;
	(void)worker;
	int st = TB_EINVAL;
	if (rec && !tb_record_errors(rec) && o->buf) {
		cli_buf *b = o->buf;
		st = tb_xml_record_append(r, rec, c->o->flags, &b->data, &b->len, &b->cap);
	} else if (rec && !tb_record_errors(rec)) {
		size_t len;
		char *text = tb_xml_record_text(r, rec, c->o->flags, &len, &st);
		if (text && fwrite(text, 1, len, o->out) != len)
			st = TB_EIO;
		free(text);
	}
	if (st == TB_ENOMEM)
		cli_oom();
	int bad = cli_print_diags_to(o->err, r, 0) > 0;
	return !rec ? bad : bad | (st == TB_EINVAL ? 2 : 0) | (st == TB_EIO ? 4 : 0);
}

/* A part's records go into the document together, once its last one
 * is done ('more' 0: parts.c), in one put: their XML follows one
 * another in the part's buffer, and a part's worth (64 KiB or more)
 * goes to the file as it is (tb_xml_writer_put), not copied record by
 * record into the writer's buffer first. */
static void S_xml_part_done(void *ctx, int result, const char *text, size_t len, int more)
{
	S_xml_ctx *c = ctx;
	int st = result & 2 ? TB_EINVAL : result & 4 ? TB_EIO : 0;
	if (len && !c->run)
		c->run = text;
	c->nrun += len;
	if (!more && c->nrun && !c->stop)
		S_xml_count(c, 0, tb_xml_writer_put(c->w, c->run, c->nrun));
	if (!more)
		c->run = NULL, c->nrun = 0;
	S_xml_count(c, result & 1, st);
}

/* Both in the caller's thread: the record written into the document at
 * once, as with one job. */
static int S_xml_here(void *ctx, tb_reader *r, tb_record *rec)
{
	S_xml_ctx *c = ctx;
	int st = tb_record_errors(rec) ? TB_EINVAL : c->stop ? 0 : tb_xml_write_record(c->w, r, rec);
	int bad = cli_print_diags_to(stderr, r, 0) > 0;
	S_xml_count(c, bad, st);
	return bad;
}

static int S_to_xml(const S_opts *o)
{
	FILE *out = o->out ? tmpfile() : stdout;
	if (!out) {
		cli_error("xml", "cannot make a temporary file");
		return EXIT_TROUBLE;
	}
	tb_xml_writer *w = tb_xml_writer_new(out, o->flags);
	if (!w)
		cli_oom();
	int unread = 0;
	S_xml_ctx c = {o, w, o->jobs, EXIT_CLEAN, 0, 0, NULL, 0};
	cli_jobs *j = cli_jobs_new(o->jobs, S_xml_one, S_xml_done, &c);
	c.jobs = cli_jobs_count(j);
	for (int k = 0; w && k < o->nfiles; k++) {
		const char *path = o->files[k];
		FILE *f = cli_open(path);
		if (!f) {
			unread = 1;
			continue;
		}
		const char *name = strcmp(path, "-") ? path : "<stdin>";
		c.stop = 0; /* as a write that failed stops this file's records */
		/* a regular file in parts, one per thread (parts.c) */
		cli_parts_spec spec = {o->jobs, NULL, S_xml_part, S_xml_part_done, S_xml_here, &c,
		                       NULL, 0};
		cli_part_sum sum;
		if (cli_parts_read(&spec, f, name, &sum)) {
			if (sum.end_result && c.rc == EXIT_CLEAN)
				c.rc = EXIT_PROBLEMS;
			unread |= sum.io_error || sum.failed;
			cli_close(f);
			continue;
		}
		tb_reader *r = cli_reader_new_file(f, name);
		tb_record *rec;
		int got = 0;
		while (!c.stop && (got = cli_reader_next(r, &rec)) == 1) {
			S_item *it = calloc(1, sizeof *it);
			if (!it)
				cli_oom();
			it->rec = rec;
			it->r = c.jobs > 1 ? cli_reader_detach(r) : r;
			cli_jobs_add(j, it, tb_record_source_size(rec));
		}
		cli_jobs_wait(j);
		if (cli_print_diags(r, 0) && c.rc == EXIT_CLEAN)
			c.rc = EXIT_PROBLEMS;
		if (got < 0)
			unread = 1;
		tb_reader_free(r);
		cli_close(f);
	}
	if (cli_jobs_free(j) != 0)
		unread = 1;
	int rc = c.rc, refused = c.refused;
	int end = tb_xml_writer_end(w);
	if (end == TB_ENOMEM)
		cli_oom();
	int unwritten = end != 0 || (!o->out && fflush(stdout) != 0);
	if (unwritten)
		cli_error("xml", "cannot write the XML%s", o->out ? "" : " to standard output");
	if (unread || unwritten)
		rc = EXIT_TROUBLE;
	if (!o->out)
		return rc;
	if (refused || rc != EXIT_CLEAN) { /* -o gets every record, or nothing */
		cli_error("xml", "'%s' not written: %s", o->out,
		          unwritten ? "the XML could not be written"
		          : unread  ? "the input could not be read"
		          : refused ? "some records could not be converted"
		                    : "the input has errors");
		fclose(out);
		return rc == EXIT_TROUBLE ? EXIT_TROUBLE : EXIT_PROBLEMS;
	}
	int st = S_deliver(out, o->out);
	fclose(out);
	return st != EXIT_CLEAN ? st : rc;
}

/* ===== XML -> TGN ===== */

/* Finds lines of an XML file for diagnostics. Diagnostics come in the
 * order of the document, so each search goes on from the last one. */
typedef struct S_lines {
	FILE *f;
	long off;             /* where line 'line' starts */
	unsigned line;
} S_lines;

/* Line 'line' (from 1), from its byte 'from' (from 1) on, at most
 * 'n' - 1 bytes of it, into 'out'. The file's position is kept:
 * libxml2 may still be reading it. */
static void S_source_line(S_lines *l, unsigned line, unsigned from, char *out, size_t n)
{
	long keep = ftell(l->f);
	out[0] = '\0';
	if (line < l->line) {
		l->off = 0;
		l->line = 1;
	}
	if (keep < 0 || fseek(l->f, l->off, SEEK_SET) != 0)
		return;
	size_t len = 0;
	unsigned col = 1;
	int c;
	while (l->line < line && (c = getc(l->f)) != EOF)
		if (c == '\n') {
			l->line++;
			l->off = ftell(l->f);
		}
	while (l->line == line && (c = getc(l->f)) != EOF && c != '\n')
		if (col++ >= from && len + 1 < n && c != '\r')
			out[len++] = (char)c;
	out[len] = '\0';
	fseek(l->f, keep, SEEK_SET);
	/* bytes that would break a terminal (a document in EBCDIC, cut
	 * UTF-8) are shown as '?', as the TGN reader shows them */
	for (size_t i = tb_xml_unfit(out, len); i < len; i += 1 + tb_xml_unfit(out + i + 1, len - i - 1))
		out[i] = '?';
}

/* Prints the diagnostics of 'x', with the XML line each is about.
 * Returns how many were errors. */
static size_t S_print_xml_diags(const tb_xml_reader *x, S_lines *src)
{
	size_t bad = 0;
	for (size_t i = 0; i < tb_xml_reader_ndiags(x); i++) {
		tb_diag d = *tb_xml_reader_diag(x, i);
		char line[512];
		/* a long line (XML all on one line) is shown around the column */
		unsigned from = d.col > 160 ? d.col - 80 : 1;
		S_source_line(src, d.line, from, line, sizeof line);
		d.col -= from - 1;
		d.end_col -= from - 1;
		unsigned first = 1; /* no column known: the first thing on the line */
		for (const char *p = line; *p == ' ' || *p == '\t'; p++)
			first++;
		if (d.col <= 1 && first > 1) {
			d.col = first;
			d.end_col = first + 1;
		}
		d.source = line;
		d.source_col = d.col;
		d.col += from - 1; /* the message keeps the true column */
		d.end_col += from - 1;
		char *s = cli_diag_format(&d);
		if (s)
			fputs(s, stderr);
		free(s);
		bad += d.severity == TB_ERROR;
	}
	return bad;
}

/* Reads one XML file into 'out' as TGN; returns an exit code. */
static int S_xml_file(const char *path, FILE *out, int *first)
{
	FILE *f = cli_open(path);
	if (!f)
		return EXIT_TROUBLE;
	FILE *src = f;
	if (f == stdin) { /* kept, to show the lines diagnostics are about */
		src = tmpfile();
		char buf[65536];
		size_t n;
		while (src && (n = fread(buf, 1, sizeof buf, stdin)) > 0)
			fwrite(buf, 1, n, src);
		if (!src || ferror(stdin) || ferror(src) || fseek(src, 0, SEEK_SET)) {
			cli_error("xml", "cannot read standard input");
			if (src)
				fclose(src);
			return EXIT_TROUBLE;
		}
	}
	tb_xml_reader *x = tb_xml_reader_new_file(src, strcmp(path, "-") ? path : "<stdin>");
	if (!x)
		cli_oom();
	S_lines lines = {src, 0, 1};
	char *tgn;
	size_t len;
	int got, rc = EXIT_CLEAN;
	while ((got = tb_xml_reader_next(x, &tgn, &len)) == 1) {
		if ((!*first && fputc('\n', out) == EOF) || fwrite(tgn, 1, len, out) != len)
			rc = EXIT_TROUBLE;
		*first = 0;
		free(tgn);
		S_print_xml_diags(x, &lines); /* warnings */
	}
	if (got == TB_ENOMEM)
		cli_oom();
	if (got < 0) {
		S_print_xml_diags(x, &lines);
		rc = EXIT_PROBLEMS;
	}
	tb_xml_reader_free(x);
	if (src != f)
		fclose(src);
	cli_close(f);
	return rc;
}

static int S_to_tgn(const S_opts *o)
{
	FILE *out = tmpfile();
	if (!out) {
		cli_error("xml", "cannot make a temporary file");
		return EXIT_TROUBLE;
	}
	int rc = EXIT_CLEAN, first = 1;
	for (int k = 0; k < o->nfiles; k++) {
		int st = S_xml_file(o->files[k], out, &first);
		if (st > rc)
			rc = st;
	}
	if (rc != EXIT_CLEAN) {
		cli_error("xml", "nothing written: %s", rc == EXIT_PROBLEMS
		                                           ? "the XML was refused"
		                                           : "the input could not be read");
		fclose(out);
		return rc;
	}
	rc = fflush(out) ? EXIT_TROUBLE : S_deliver(out, o->out);
	if (rc != EXIT_CLEAN && !o->out)
		cli_error("xml", "cannot write the TGN to standard output");
	fclose(out);
	return rc;
}

/* xml --tei: the same as tablero tei, given what it takes. */
static int S_tei(const S_opts *o)
{
	if (o->flags & TB_XML_SOURCEPOS) {
		cli_error("xml", "--sourcepos is not for TEI");
		return EXIT_TROUBLE;
	}
	char **args = calloc((size_t)o->nfiles + 8, sizeof *args);
	if (!args)
		cli_oom();
	static char tei[] = "tei", pos[] = "--positions", to[] = "--to", tgn[] = "tgn",
	            dash_o[] = "-o", dashes[] = "--";
	int n = 0;
	args[n++] = tei;
	if (o->flags & TB_XML_POSITIONS)
		args[n++] = pos;
	if (o->to_tgn)
		args[n++] = to, args[n++] = tgn;
	if (o->out)
		args[n++] = dash_o, args[n++] = (char *)o->out;
	args[n++] = dashes;
	for (int k = 0; k < o->nfiles; k++)
		args[n++] = o->files[k];
	int rc = cmd_tei(n, args);
	free(args);
	return rc;
}

int cmd_xml(int argc, char **argv)
{
	S_opts o = {0};
	if (S_args(argc, argv, &o))
		return EXIT_TROUBLE;
	if (o.tei)
		return S_tei(&o);
	return o.to_tgn ? S_to_tgn(&o) : S_to_xml(&o);
}
