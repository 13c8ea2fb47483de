/*
 * fuzz_fill.c -- tb_record_fill on any record: no crash, leak or
 * undefined behaviour; what it writes reads back with no errors, and
 * replayed by the rules (tb_reader_validate) it has no more errors than
 * the record it came from -- a turn filled in is one the rules found
 * legal there; and filled again it is itself, to the byte, with nothing
 * more filled (a fixed point). The searches are bounded more tightly
 * than tablero fill's defaults, to keep each input quick; the second
 * fill runs under the same bounds, so it decides what the first did.
 */
#include "fuzz.h"

#define S_MAX_RECORDS 4

static const tb_search_opts S_search = {4, 20000, 10, 16, 0, NULL, NULL, 0};

/* The error diagnostics of the reader's last call. */
static size_t S_errors(const tb_reader *r)
{
	size_t n = 0;
	for (size_t i = 0; i < tb_reader_ndiags(r); i++)
		n += tb_reader_diag(r, i)->severity == TB_ERROR;
	return n;
}

/* 'text', which fill wrote from a record whose replay gave 'errors'
 * errors: it reads back as one record without errors, replays with no
 * more, and fills to itself. */
static void S_again(const char *text, size_t len, size_t errors)
{
	tb_reader *r = tb_reader_new_mem(text, len, "filled.tgn");
	tb_reader_set_search(r, &S_search);
	tb_record *rec;
	FZ_CHECK(tb_reader_next(r, &rec) == 1, "what fill wrote holds no record:\n%s", text);
	FZ_CHECK(!tb_record_errors(rec) && S_errors(r) == 0,
	         "what fill wrote does not read back without errors:\n%s", text);
	size_t len2, open, filled;
	char *text2 = tb_record_fill(r, rec, &len2, &open, &filled);
	FZ_CHECK(text2, "what fill wrote cannot be filled again:\n%s", text);
	FZ_CHECK(S_errors(r) <= errors, "filled, the record replays with %zu errors, not %zu:\n%s",
	         S_errors(r), errors, text);
	FZ_CHECK(len2 == len && memcmp(text, text2, len) == 0,
	         "filled again, the record is another:\n%s\n-- became --\n%s", text, text2);
	FZ_CHECK(filled == 0, "filled again, %zu more unknowns were filled:\n%s", filled, text);
	free(text2);
	tb_record_free(rec);
	FZ_CHECK(tb_reader_next(r, &rec) == 0, "what fill wrote holds more than one record:\n%s",
	         text);
	tb_reader_free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	tb_reader *r = tb_reader_new_mem((const char *)data, size, "fuzz.tgn");
	tb_reader_set_search(r, &S_search);
	tb_record *rec;
	for (int n = 0; n < S_MAX_RECORDS && tb_reader_next(r, &rec) == 1; n++) {
		int clean = !tb_record_errors(rec) && S_errors(r) == 0;
		size_t len, open, filled;
		char *text = tb_record_fill(r, rec, &len, &open, &filled);
		FZ_CHECK(text || tb_record_errors(rec) || !tb_record_game(rec),
		         "fill wrote nothing of a record without errors");
		FZ_CHECK(!text || strlen(text) == len, "what fill wrote holds a NUL");
		fz_diags(r, NULL);
		if (text && clean)
			S_again(text, len, S_errors(r));
		free(text);
		tb_record_free(rec);
	}
	tb_reader_free(r);
	return 0;
}
