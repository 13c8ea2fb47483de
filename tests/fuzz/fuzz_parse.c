/*
 * fuzz_parse.c -- the TGN reader over memory (tb_reader_new_mem) on
 * any bytes: no crash, leak or undefined behaviour; every diagnostic
 * formats; and the canonical form of every record without errors is a
 * fixed point: read again, it has no errors, is the same record
 * (tb_record_equal), is one record, and writes the same bytes; and read
 * checking (tb_reader_set_check_only) it gives the same diagnostics.
 */
#include "fuzz.h"

static int S_count_comment(void *ctx, const char *text, const char *lang)
{
	(void)lang;
	*(size_t *)ctx += strlen(text) > 0;
	return 0;
}

static void S_fixed_point(const tb_record *rec)
{
	size_t n;
	char *text = tb_record_write(rec, &n);
	if (!text) {
		FZ_CHECK(tb_record_errors(rec) || !tb_record_game(rec),
		         "a record without errors is not written");
		return;
	}
	FZ_CHECK(strlen(text) == n, "the canonical form holds a NUL");
	tb_reader *r = tb_reader_new_mem(text, n, "canonical.tgn");
	tb_record *again;
	FZ_CHECK(tb_reader_next(r, &again) == 1, "the canonical form holds no record");
	FZ_CHECK(tb_record_errors(again) == 0, "the canonical form has errors:\n%s", text);
	size_t n2;
	char *text2 = tb_record_write(again, &n2);
	FZ_CHECK(text2 && n2 == n && memcmp(text, text2, n) == 0,
	         "the canonical form is not a fixed point:\n%s\n---\n%s", text, text2);
	FZ_CHECK(tb_record_equal(rec, again), "the canonical form is another record:\n%s", text);
	tb_record *more = NULL;
	FZ_CHECK(tb_reader_next(r, &more) == 0, "the canonical form holds two records:\n%s", text);
	free(text2);
	tb_record_free(again);
	tb_reader_free(r);
	size_t mlen;
	char *moves = tb_record_movetext(rec, &mlen);
	FZ_CHECK(moves && strlen(moves) == mlen, "no movetext for a record without errors");
	free(moves);
	free(text);
}

/* The check sink (tb_reader_set_check_only, which tablero parse reads
 * with) gives what a whole reading gives: the same results of
 * tb_reader_next, the same diagnostics formatted, call by call, the
 * same error counts. */
static void S_same_checking(const uint8_t *data, size_t size)
{
	tb_reader *a = tb_reader_new_mem((const char *)data, size, "fuzz.tgn");
	tb_reader *b = tb_reader_new_mem((const char *)data, size, "fuzz.tgn");
	tb_reader_set_check_only(b, 1);
	for (;;) {
		tb_record *x = NULL, *y = NULL;
		int ga = tb_reader_next(a, &x), gb = tb_reader_next(b, &y);
		FZ_CHECK(ga == gb, "read checking, tb_reader_next gives %d, not %d", gb, ga);
		tb_buf da = TB_BUF_INIT, db = TB_BUF_INIT;
		fz_diags(a, &da);
		fz_diags(b, &db);
		FZ_CHECK(da.len == db.len && (!da.len || memcmp(da.data, db.data, da.len) == 0),
		         "read checking, the diagnostics differ:\n%s\n---\n%s",
		         da.data ? da.data : "", db.data ? db.data : "");
		tb_buf_free(&da);
		tb_buf_free(&db);
		if (ga == 1)
			FZ_CHECK(tb_record_errors(x) == tb_record_errors(y),
			         "read checking, a record's errors differ");
		tb_record_free(x);
		tb_record_free(y);
		if (ga != 1)
			break;
	}
	tb_reader_free(a);
	tb_reader_free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	tb_reader *r = tb_reader_new_mem((const char *)data, size, "fuzz.tgn");
	tb_record *rec;
	while (tb_reader_next(r, &rec) == 1) {
		fz_diags(r, NULL);
		S_fixed_point(rec);
		size_t comments = 0;
		tb_record_comments(rec, S_count_comment, &comments);
		(void)tb_record_plies(rec);
		tb_record_free(rec);
	}
	fz_diags(r, NULL);
	tb_reader_free(r);
	S_same_checking(data, size);
	return 0;
}
