/*
 * test_catalog.c -- a catalogue's rows through the public API
 * (tablero.h, "Catalogues"; spec/catalog.md): the columns of both
 * tables, a record's row and its turns' rows, a record with errors,
 * NULL arguments, and every allocation failing in turn.
 */
#include "oom.h"

/* Yellow's '?' is decided (only e4 fits: g7xe4 removes it); the date
 * is known to the month. */
static const char S_RODEO[] =
	"[Game \"pitarra\"]\n"
	"[Site \"El Rodeo\"]\n"
	"[Date \"2004.05.??\"]\n"
	"[Red \"Ana\"]\n"
	"[Yellow \"?\"]\n"
	"[Event \"Cinta, lado \\\"A\\\"\"]\n"
	"[Transcriber \"L. Ortiz\"]\n"
	"\n"
	"1. d1 d7 2. b6 a7 3. ? g7xe4 <gap> <position \"R 4 R:d1,b6 Y:a7,d7,g7 hand=9,9\"> *\n";
/* A syntax error in its second turn. */
static const char S_BAD[] = "[Game \"asalto\"]\n\n1. c3-c4 zz *\n";

/* The rows a callback is given, as text: "table|v0|v1|...", "~" for a
 * NULL value, a line each. */
static void S_gather(void *ctx, tb_catalog_table table, const char *const *v)
{
	tt_str *out = ctx;
	tt_printf(out, "%d", (int)table);
	for (size_t i = 0; i < tb_catalog_ncolumns(table); i++)
		tt_printf(out, "|%s", v[i] ? v[i] : "~");
	tt_putc(out, '\n');
}

/* The index of column 'name' of 'table'. */
static size_t S_col(tb_catalog_table table, const char *name)
{
	for (size_t i = 0; i < tb_catalog_ncolumns(table); i++)
		if (strcmp(tb_catalog_column(table, i, NULL), name) == 0)
			return i;
	fail_msg("no column '%s'", name);
	return 0;
}

/* Column 'name' of line 'line' (from 0) of gathered rows 'text'. */
static char *S_value(const char *text, size_t line, tb_catalog_table table, const char *name)
{
	size_t col = S_col(table, name);
	const char *p = text;
	for (size_t l = 0; l < line; l++) {
		p = strchr(p, '\n');
		assert_non_null(p);
		p++;
	}
	for (size_t c = 0; c <= col; c++) {
		p = strchr(p, '|');
		assert_non_null(p);
		p++;
	}
	size_t n = strcspn(p, "|\n");
	static char buf[256];
	snprintf(buf, sizeof buf, "%.*s", (int)n, p);
	return buf;
}

/* All rows of the records of 'src' for 'tables', as S_gather writes
 * them. */
static char *S_rows(const char *src, unsigned tables)
{
	tb_reader *r = tb_reader_new_mem(src, strlen(src), "t.tgn");
	assert_non_null(r);
	tt_str out = {0};
	tb_record *rec;
	size_t index = 0;
	while (tb_reader_next(r, &rec) == 1) {
		assert_int_equal(tb_catalog_record(r, rec, "t.tgn", ++index, tables, S_gather, &out), 0);
		tb_record_free(rec);
	}
	tb_reader_free(r);
	return tt_take(&out);
}

static void test_columns(void **state)
{
	(void)state;
	for (int t = 0; t < 2; t++) {
		size_t n = tb_catalog_ncolumns((tb_catalog_table)t);
		assert_true(n > 10);
		assert_null(tb_catalog_column((tb_catalog_table)t, n, NULL));
		for (size_t i = 0; i < n; i++) {
			int type = -1;
			const char *name = tb_catalog_column((tb_catalog_table)t, i, &type);
			assert_non_null(name);
			assert_true(type == TB_CATALOG_TEXT || type == TB_CATALOG_NUMBER);
			for (size_t j = 0; j < i; j++) /* each once */
				assert_string_not_equal(name, tb_catalog_column((tb_catalog_table)t, j, NULL));
		}
	}
	/* the first columns and the types the formats rely on */
	assert_string_equal(tb_catalog_column(TB_CATALOG_RECORDS, 0, NULL), "file");
	assert_string_equal(tb_catalog_column(TB_CATALOG_RECORDS, 1, NULL), "index");
	int type;
	tb_catalog_column(TB_CATALOG_RECORDS, S_col(TB_CATALOG_RECORDS, "turns"), &type);
	assert_int_equal(type, TB_CATALOG_NUMBER);
	tb_catalog_column(TB_CATALOG_TURNS, S_col(TB_CATALOG_TURNS, "time"), &type);
	assert_int_equal(type, TB_CATALOG_TEXT);
	(void)S_col(TB_CATALOG_TURNS, "region");
	assert_int_equal(tb_catalog_ncolumns((tb_catalog_table)7), 0);
	assert_null(tb_catalog_column((tb_catalog_table)7, 0, NULL));
}

static void test_record_row(void **state)
{
	(void)state;
	char *rows = S_rows(S_RODEO, 1u << TB_CATALOG_RECORDS);
	static const struct {
		const char *col, *want;
	} want[] = {
		{"file", "t.tgn"}, {"index", "1"}, {"line", "1"}, {"title", "Cinta, lado \"A\""},
		{"subject", "La Pitarra"}, {"creator", "L. Ortiz"}, {"contributor_first", "Ana"},
		{"contributor_second", "~"}, {"date", "2004-05"}, {"coverage", "El Rodeo"},
		{"game", "pitarra"}, {"rules", "~"}, {"turns", "6"}, {"unknown", "1"},
		{"gaps", "1"}, {"readings", "0"}, {"reconstructed", "0"}, {"decided", "1"},
		{"witnesses", "~"}, {"errors", "0"}, {"error_code", "~"}, {"result", "*"},
	};
	assert_int_equal(rows[0], '0');
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		if (strcmp(S_value(rows, 0, TB_CATALOG_RECORDS, want[i].col), want[i].want) != 0)
			fail_msg("%s: '%s', not '%s'", want[i].col,
			         S_value(rows, 0, TB_CATALOG_RECORDS, want[i].col), want[i].want);
	assert_int_equal(strchr(rows, '\n')[1], '\0'); /* one row */
	free(rows);
}

static void test_turn_rows(void **state)
{
	(void)state;
	char *rows = S_rows(S_RODEO, 1u << TB_CATALOG_TURNS);
	size_t lines = 0;
	for (const char *p = rows; *p; p++)
		lines += *p == '\n';
	assert_int_equal(lines, 8); /* six turns, a gap, a position */
	assert_string_equal(S_value(rows, 4, TB_CATALOG_TURNS, "written"), "?");
	assert_string_equal(S_value(rows, 4, TB_CATALOG_TURNS, "token"), "e4");
	assert_string_equal(S_value(rows, 4, TB_CATALOG_TURNS, "status"), "reconstructed");
	assert_string_equal(S_value(rows, 4, TB_CATALOG_TURNS, "side"), "Red");
	assert_string_equal(S_value(rows, 4, TB_CATALOG_TURNS, "number"), "3");
	assert_string_equal(S_value(rows, 5, TB_CATALOG_TURNS, "events"), "tercia a7-g7; removal e4");
	assert_string_equal(S_value(rows, 5, TB_CATALOG_TURNS, "ply"), "6");
	assert_string_equal(S_value(rows, 6, TB_CATALOG_TURNS, "kind"), "gap");
	assert_string_equal(S_value(rows, 6, TB_CATALOG_TURNS, "ply"), "6");
	assert_string_equal(S_value(rows, 6, TB_CATALOG_TURNS, "side"), "~");
	/* a gap of unknown length that the restated position after it closes */
	assert_string_equal(S_value(rows, 6, TB_CATALOG_TURNS, "position"),
	                    "R 4 R:d1,b6 Y:a7,d7,g7 hand=9,9");
	assert_string_equal(S_value(rows, 7, TB_CATALOG_TURNS, "kind"), "position");
	assert_string_equal(S_value(rows, 7, TB_CATALOG_TURNS, "status"), "written");
	for (size_t l = 0; l < lines; l++) {
		assert_string_equal(S_value(rows, l, TB_CATALOG_TURNS, "time"), "~");
		assert_string_equal(S_value(rows, l, TB_CATALOG_TURNS, "region"), "~");
	}
	free(rows);
}

static void test_errors(void **state)
{
	(void)state;
	char *rows = S_rows(S_BAD, 1u << TB_CATALOG_RECORDS | 1u << TB_CATALOG_TURNS);
	/* the turns' rows first, then the record's */
	assert_string_equal(S_value(rows, 0, TB_CATALOG_TURNS, "written"), "c3-c4");
	assert_string_equal(S_value(rows, 0, TB_CATALOG_TURNS, "status"), "~");
	const char *last = rows;
	for (const char *p = rows; p[0] && p[1]; p++)
		if (*p == '\n')
			last = p + 1;
	assert_int_equal(last[0], '0');
	assert_string_equal(S_value(last, 0, TB_CATALOG_RECORDS, "errors"), "1");
	assert_string_equal(S_value(last, 0, TB_CATALOG_RECORDS, "error_code"), "TB301");
	assert_string_equal(S_value(last, 0, TB_CATALOG_RECORDS, "error_at"), "3:10");
	assert_string_equal(S_value(last, 0, TB_CATALOG_RECORDS, "decided"), "~");
	free(rows);
}

static void test_null(void **state)
{
	(void)state;
	tb_reader *r = tb_reader_new_mem(S_BAD, strlen(S_BAD), "t.tgn");
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	tt_str out = {0};
	assert_int_equal(tb_catalog_record(NULL, rec, "f", 1, 1, S_gather, &out), TB_EINVAL);
	assert_int_equal(tb_catalog_record(r, NULL, "f", 1, 1, S_gather, &out), TB_EINVAL);
	assert_int_equal(tb_catalog_record(r, rec, "f", 1, 1, NULL, &out), TB_EINVAL);
	assert_int_equal(tb_catalog_record(r, rec, NULL, 1, 1, S_gather, &out), 0);
	char *s = tt_take(&out);
	assert_true(strncmp(s, "0||1|", 5) == 0); /* a NULL file is "" */
	free(s);
	tb_record_free(rec);
	tb_reader_free(r);
}

/* Both tables of every record of 'src', as text; NULL when the library
 * said memory ran out. */
static char *S_catalog_text(const char *src, size_t len)
{
	tt_str out = {0};
	tb_reader *r = tb_reader_new_mem(src, len, "t.tgn");
	tb_record *rec;
	int got = -1, ok = r != NULL;
	size_t index = 0;
	while (ok && (got = tb_reader_next(r, &rec)) == 1) {
		ok = tb_catalog_record(r, rec, "t.tgn", ++index,
		                       1u << TB_CATALOG_RECORDS | 1u << TB_CATALOG_TURNS, S_gather,
		                       &out) == 0;
		tb_record_free(rec);
	}
	ok = ok && got == 0 && tb_reader_errcode(r) == 0;
	tb_reader_free(r);
	return oom_result(&out, ok);
}

static void test_oom(void **state)
{
	(void)state;
	char *src = malloc(strlen(S_RODEO) + strlen(S_BAD) + 2);
	sprintf(src, "%s\n%s", S_RODEO, S_BAD);
	assert_true(oom_each_failure(S_catalog_text, src, strlen(src), "catalog") > 0);
	free(src);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_columns),
		cmocka_unit_test(test_record_row),
		cmocka_unit_test(test_turn_rows),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_null),
		cmocka_unit_test_setup_teardown(test_oom, oom_setup, oom_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
