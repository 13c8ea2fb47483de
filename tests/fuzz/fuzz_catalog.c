/*
 * fuzz_catalog.c -- the catalogue's rows (tb_catalog_record, lib/catalog.c;
 * spec/catalog.md) of any record: no crash, leak or undefined behaviour;
 * every value of a number column is a decimal number; a turn row per node of the main line (none for a
 * record of no known game), their plies counted on to the record's
 * `turns`; a position wherever the rules know it; `time` a time of the
 * recording (a digit first) and `region` a page's name (a letter first),
 * when there; the record's errors and first error those of its reader.
 */
#include "fuzz.h"

#define S_MAX_RECORDS 4

typedef struct S_rows {
	size_t turns;          /* turn rows */
	unsigned long ply;     /* the last one's ply */
	const char *rec_turns; /* the record row's 'turns', copied into 'buf' */
	char buf[32];
	unsigned long errors;  /* the record row's */
	int has_error_code;
	int record_rows;
} S_rows;

/* The index of column 'name' of 'table'. */
static size_t S_col(tb_catalog_table table, const char *name)
{
	for (size_t i = 0; i < tb_catalog_ncolumns(table); i++)
		if (strcmp(tb_catalog_column(table, i, NULL), name) == 0)
			return i;
	FZ_CHECK(0, "no column %s", name);
	return 0;
}

static void S_row(void *ctx, tb_catalog_table table, const char *const *v)
{
	S_rows *s = ctx;
	for (size_t i = 0; i < tb_catalog_ncolumns(table); i++) {
		int type;
		const char *name = tb_catalog_column(table, i, &type);
		if (!v[i])
			continue;
		if (type == TB_CATALOG_NUMBER)
			FZ_CHECK(v[i][0] && strspn(v[i], "0123456789") == strlen(v[i]),
			         "%s is no number: '%s'", name, v[i]);
	}
	if (table == TB_CATALOG_TURNS) {
		s->turns++;
		s->ply = strtoul(v[S_col(table, "ply")], NULL, 10);
		const char *t = v[S_col(table, "time")], *g = v[S_col(table, "region")];
		FZ_CHECK(!t || (t[0] >= '0' && t[0] <= '9' && strchr(t, ':')), "a time: '%s'", t);
		FZ_CHECK(!g || ((g[0] | 0x20) >= 'a' && (g[0] | 0x20) <= 'z'), "a region: '%s'", g);
		const char *st = v[S_col(table, "status")];
		FZ_CHECK(!st || (strcmp(st, "written") && strcmp(st, "reconstructed")) ||
		         v[S_col(table, "position")],
		         "a turn the rules know, without its position");
		return;
	}
	s->record_rows++;
	snprintf(s->buf, sizeof s->buf, "%s", v[S_col(table, "turns")]);
	s->rec_turns = s->buf;
	s->errors = strtoul(v[S_col(table, "errors")], NULL, 10);
	s->has_error_code = v[S_col(table, "error_code")] != NULL;
}

/* The nodes of the record's main line. */
static size_t S_nodes(const tb_record *rec)
{
	size_t n = 0;
	for (tb_node *x = tb_line_first(tb_record_main(rec)); x; x = tb_node_next(x))
		n++;
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	tb_reader *r = tb_reader_new_mem((const char *)data, size, "fuzz.tgn");
	tb_record *rec;
	for (int n = 0; n < S_MAX_RECORDS && tb_reader_next(r, &rec) == 1; n++) {
		S_rows s = {0};
		int rc = tb_catalog_record(r, rec, "fuzz.tgn", (size_t)n + 1,
		                           1u << TB_CATALOG_RECORDS | 1u << TB_CATALOG_TURNS, S_row, &s);
		FZ_CHECK(rc == 0, "tb_catalog_record: %d", rc);
		FZ_CHECK(s.record_rows == 1, "%d record rows", s.record_rows);
		FZ_CHECK(s.turns == (tb_record_game(rec) ? S_nodes(rec) : 0), "%zu turn rows, %zu nodes",
		         s.turns, S_nodes(rec));
		FZ_CHECK(!s.turns || s.ply == strtoul(s.rec_turns, NULL, 10),
		         "the last ply %lu, the record's turns %s", s.ply, s.rec_turns);
		size_t errors = 0;
		for (size_t i = 0; i < tb_reader_ndiags(r); i++)
			errors += tb_reader_diag(r, i)->severity == TB_ERROR;
		FZ_CHECK(s.errors == errors && s.has_error_code == (errors > 0),
		         "%lu errors in the row, %zu diagnostics", s.errors, errors);
		tb_record_free(rec);
	}
	tb_reader_free(r);
	return 0;
}
