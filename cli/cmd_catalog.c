/*
 * cmd_catalog.c -- "tablero catalog": a collection as a table, one row
 * per record or, with --turns, one per node of each record's main line
 * (spec/catalog.md), as CSV (RFC 4180) or JSON Lines (RFC 8259's
 * strings). The rows are the library's (lib/catalog.c, tb_catalog_*);
 * this writes them, a record at a time, to standard output or to -o's
 * file, which is replaced only once the whole catalogue is written.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct S_opts {
	cli_operands files; /* first: cli_operand_gather */
	const char *format;    /* "csv" (NULL) or "jsonl" */
	int turns;
	const char *out;
} S_opts;

static const cli_opt S_opts_table[] = {
	CLI_STRING(0, "format", "F", S_opts, format,
	           "csv (RFC 4180: a header row, CRLF line ends; the\n"
	           "default) or jsonl (a JSON object per line)"),
	CLI_FLAG(0, "turns", S_opts, turns,
	         "a row per node of each record's main line (the turn,\n"
	         "the position after it, its events), not per record"),
	CLI_STRING('o', NULL, "FILE", S_opts, out,
	           "the catalogue to FILE, written only once complete\n"
	           "(default: standard output)"),
	CLI_HELP,
	CLI_END
};

const cli_optab cli_catalog_options = {
	"catalog",
	"usage: tablero catalog [--format csv|jsonl] [--turns] [-o FILE] [FILE...]\n"
	"\n"
	"Writes a catalogue of the records of each FILE ('-' or none: standard\n"
	"input): a row per record -- its file and place, its tags as Dublin\n"
	"Core terms, its game and rules, the turns written, unknown, gaps,\n"
	"readings, reconstructed and decided by the rules, a collation's\n"
	"witnesses, its errors and the first of them, its result -- or, with\n"
	"--turns, a row per node of its main line (spec/catalog.md). UTF-8.\n"
	"A record with errors has its row, which names the first error; the\n"
	"diagnostics themselves are validate's.\n"
	"\n",
	S_opts_table, 14,
	"Exit: 0 no record has errors, 1 some record has (its row says which),\n"
	"2 could not run (an unreadable file: nothing written to -o's FILE).\n",
	CLI_OPTS_MIXED | CLI_OPTS_LAST_NEEDS_VALUE, cli_operand_gather, NULL, NULL, NULL
};

/* ===== Writing ===== */

/* Where the catalogue goes, a line at a time; 'line' is reused. */
typedef struct S_cat {
	int jsonl;
	cli_atomic *a;         /* -o FILE, or NULL: standard output */
	int failed;            /* a write failed */
	char *line;
	size_t len, cap;
	size_t errors;         /* records with errors */
} S_cat;

static void S_put(S_cat *c, const char *s, size_t n)
{
	if (!n) /* 'line' may still be NULL, which memcpy may not be given */
		return;
	if (c->len + n > c->cap) {
		size_t cap = 2 * (c->len + n) + 256;
		char *p = realloc(c->line, cap);
		if (!p)
			cli_oom();
		c->line = p;
		c->cap = cap;
	}
	memcpy(c->line + c->len, s, n);
	c->len += n;
}

static void S_puts(S_cat *c, const char *s)
{
	S_put(c, s, strlen(s));
}

/* The line made, out; emptied. */
static void S_flush_line(S_cat *c)
{
	int bad = c->a ? cli_atomic_write(c->a, c->line, c->len) != 0
	               : fwrite(c->line, 1, c->len, stdout) != c->len;
	c->failed |= bad;
	c->len = 0;
}

/* A CSV field (RFC 4180): quoted when it holds a comma, a quote, CR or
 * LF, a quote then doubled. */
static void S_csv_field(S_cat *c, const char *s)
{
	if (!s || !s[strcspn(s, ",\"\r\n")]) {
		if (s)
			S_puts(c, s);
		return;
	}
	S_put(c, "\"", 1);
	for (const char *p = s; *p; p++)
		S_put(c, *p == '"' ? "\"\"" : p, *p == '"' ? 2 : 1);
	S_put(c, "\"", 1);
}

/* A JSON string (RFC 8259, section 7): '"', '\' and the control
 * characters escaped, the rest as it is (UTF-8). */
static void S_json_string(S_cat *c, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	S_put(c, "\"", 1);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		const char *esc = *p == '"' ? "\\\"" : *p == '\\' ? "\\\\" : *p == '\n' ? "\\n"
		                : *p == '\r' ? "\\r" : *p == '\t' ? "\\t" : *p == '\b' ? "\\b"
		                : *p == '\f' ? "\\f" : NULL;
		if (esc) {
			S_puts(c, esc);
		} else if (*p < 0x20) {
			char u[6] = {'\\', 'u', '0', '0', hex[*p >> 4], hex[*p & 15]};
			S_put(c, u, sizeof u);
		} else {
			S_put(c, (const char *)p, 1);
		}
	}
	S_put(c, "\"", 1);
}

/* The CSV header: the table's column names. */
static void S_header(S_cat *c, tb_catalog_table table)
{
	for (size_t i = 0; i < tb_catalog_ncolumns(table); i++) {
		S_puts(c, i ? "," : "");
		S_csv_field(c, tb_catalog_column(table, i, NULL));
	}
	S_put(c, "\r\n", 2);
	S_flush_line(c);
}

/* One row (tb_catalog_fn): a CSV line, or a JSON object whose numbers
 * are numbers and whose missing values are null. */
static void S_row(void *ctx, tb_catalog_table table, const char *const *v)
{
	S_cat *c = ctx;
	size_t n = tb_catalog_ncolumns(table);
	for (size_t i = 0; i < n; i++) {
		int type;
		const char *name = tb_catalog_column(table, i, &type);
		if (!c->jsonl) {
			S_puts(c, i ? "," : "");
			S_csv_field(c, v[i]);
			continue;
		}
		S_puts(c, i ? "," : "{");
		S_json_string(c, name);
		S_put(c, ":", 1);
		if (!v[i])
			S_puts(c, "null");
		else if (type == TB_CATALOG_NUMBER)
			S_puts(c, v[i]);
		else
			S_json_string(c, v[i]);
	}
	S_puts(c, c->jsonl ? "}\n" : "\r\n");
	S_flush_line(c);
}

/* ===== Reading ===== */

/* One file's records, each in its rows. Returns EXIT_TROUBLE when it
 * could not be read (said), else EXIT_CLEAN. */
static int S_file(S_cat *c, const char *path, unsigned tables)
{
	FILE *f = cli_open(path);
	if (!f)
		return EXIT_TROUBLE;
	const char *name = strcmp(path, "-") ? path : "<stdin>";
	char *fit = tb_xml_fit_name(name); /* any bytes: UTF-8 text in the table */
	if (!fit)
		cli_oom();
	tb_reader *r = cli_reader_new_file(f, name);
	tb_record *rec;
	int got;
	size_t index = 0;
	while ((got = cli_reader_next(r, &rec)) == 1) {
		if (tb_catalog_record(r, rec, fit, ++index, tables, S_row, c) == TB_ENOMEM)
			cli_oom();
		for (size_t i = 0; i < tb_reader_ndiags(r); i++)
			if (tb_reader_diag(r, i)->severity == TB_ERROR) {
				c->errors++;
				break;
			}
		tb_record_free(rec);
	}
	if (got < 0)
		cli_print_errors(r);
	tb_reader_free(r);
	cli_close(f);
	free(fit);
	return got < 0 ? EXIT_TROUBLE : EXIT_CLEAN;
}

int cmd_catalog(int argc, char **argv)
{
	S_opts o = {0};
	o.files.v = argv;
	int rc = EXIT_TROUBLE;
	S_cat c = {0};
	if (cli_options_parse(&cli_catalog_options, argc, argv, &o) < 0)
		goto done;
	if (o.format && strcmp(o.format, "csv") && strcmp(o.format, "jsonl")) {
		cli_error("catalog", "--format takes csv or jsonl, not '%s'", o.format);
		goto done;
	}
	static char S_stdin[] = "-";
	if (!o.files.n)
		o.files.v[o.files.n++] = S_stdin;
	c.jsonl = o.format && strcmp(o.format, "jsonl") == 0;
	if (o.out && !(c.a = cli_atomic_begin(o.out)))
		goto done;
	tb_catalog_table table = o.turns ? TB_CATALOG_TURNS : TB_CATALOG_RECORDS;
	if (!c.jsonl)
		S_header(&c, table);
	rc = EXIT_CLEAN;
	for (size_t i = 0; i < o.files.n; i++)
		if (S_file(&c, o.files.v[i], 1u << table) == EXIT_TROUBLE)
			rc = EXIT_TROUBLE;
	if (!c.a && (fflush(stdout) != 0 || ferror(stdout)))
		c.failed = 1;
	if (c.failed) {
		cli_error("catalog", "cannot write to %s", o.out ? o.out : "standard output");
		rc = EXIT_TROUBLE;
	}
	if (c.a && rc == EXIT_TROUBLE) {
		cli_atomic_abort(c.a);
		if (!c.failed)
			cli_error("catalog", "'%s' not written: the catalogue is not complete", o.out);
	} else if (c.a && cli_atomic_commit(c.a)) {
		rc = EXIT_TROUBLE;
	}
	if (rc == EXIT_CLEAN && c.errors)
		rc = EXIT_PROBLEMS;
done:
	free(c.line);
	return rc;
}
