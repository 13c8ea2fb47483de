/*
 * fuzz_reader.c -- the file reader (tb_reader_new_file) against the
 * memory reader on the same bytes: the same records, the same
 * canonical forms, the same diagnostics word for word, the same counts.
 * One input in four is put after a run of blank lines long enough that
 * the file reader's 64 KiB chunk ends somewhere inside it (where, the
 * input's hash decides), so that refilling and compacting its window
 * are exercised (the others go faster).
 */
#include "fuzz.h"

#define S_CHUNK (64u * 1024u) /* lexer.c's */

/* Everything a reader says about its input, as text. */
static char *S_trace(tb_reader *r)
{
	tb_buf b = TB_BUF_INIT;
	tb_record *rec;
	int got;
	while ((got = tb_reader_next(r, &rec)) == 1) {
		char head[64];
		snprintf(head, sizeof head, "record at line %u, %zu errors\n", tb_record_line(rec),
		         tb_record_errors(rec));
		tb_buf_puts(&b, head);
		fz_diags(r, &b);
		size_t n;
		char *text = tb_record_write(rec, &n);
		tb_buf_puts(&b, text ? text : "(not written)\n");
		free(text);
		tb_record_free(rec);
	}
	fz_diags(r, &b);
	char tail[96];
	snprintf(tail, sizeof tail, "end %d: %zu errors, %zu warnings\n", got, tb_reader_nerrors(r),
	         tb_reader_nwarnings(r));
	tb_buf_puts(&b, tail);
	return tb_buf_detach(&b, NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint32_t h = fz_hash(data, size);
	size_t at = size ? h / 4 % (size + 1) : 0; /* the chunk ends here */
	size_t pad = h % 4 ? 0 : S_CHUNK - at % S_CHUNK, len = pad + size; /* one in four */
	char *buf = malloc(len + 1);
	if (!buf)
		abort();
	memset(buf, '\n', pad);
	if (size)
		memcpy(buf + pad, data, size);
	tb_reader *m = tb_reader_new_mem(buf, len, "fuzz.tgn");
	char *from_mem = S_trace(m);
	tb_reader_free(m);
	FILE *f = len ? fmemopen(buf, len, "rb") : tmpfile(); /* fmemopen wants a byte */
	FZ_CHECK(f != NULL, "fmemopen failed");
	tb_reader *fr = tb_reader_new_file(f, "fuzz.tgn");
	char *from_file = S_trace(fr);
	tb_reader_free(fr);
	fclose(f);
	FZ_CHECK(strcmp(from_mem, from_file) == 0,
	         "the file reader and the memory reader differ:\n%s\n--- file:\n%s", from_mem,
	         from_file);
	free(from_mem);
	free(from_file);
	free(buf);
	return 0;
}
