/*
 * fuzz_reader.c -- the file reader (tb_reader_new_file) against the
 * memory reader on the same bytes: the same records, the same
 * canonical forms, the same diagnostics word for word, the same counts.
 * One input in four is put after a run of blank lines long enough that
 * the file reader's 64 KiB chunk ends somewhere inside it (where, the
 * input's hash decides), so that refilling and compacting its window
 * are exercised (the others go faster).
 *
 * And reading in parts (tb_reader_set_origin, tb_reader_ended_clean:
 * cli/parts.c): the input cut before a '[' that starts a line (which
 * one, the hash decides), the part before the cut read by one reader
 * and the rest by another that starts at the cut's line and offset.
 * When the first ended clean, the two give the records, diagnostics,
 * offsets and counts that one reader over the whole gives.
 *
 * And tokens read the short ways (tb_lex_tag, S_quick_token) against
 * the careful way only (reader.careful): the same trace.
 */
#include "fuzz.h"
#include "reader.h" /* careful: no short ways */

#define S_CHUNK (64u * 1024u) /* lexer.c's */

/* Appends the records of 'r' as text, with their offsets, to 'out', and
 * the diagnostics of its last call (at the end) to 'end' (which may be
 * 'out'); adds its counts of errors and warnings to counts[0] and [1].
 * Returns the last call's answer (0 or TB_EIO). */
static int S_records(tb_reader *r, tb_buf *out, tb_buf *end, size_t counts[2])
{
	tb_record *rec;
	int got;
	while ((got = tb_reader_next(r, &rec)) == 1) {
		char head[128];
		snprintf(head, sizeof head, "record at line %u, offset %zu, %zu bytes, %zu errors\n",
		         tb_record_line(rec), tb_record_source_offset(rec),
		         tb_record_source_size(rec), tb_record_errors(rec));
		tb_buf_puts(out, head);
		fz_diags(r, out);
		size_t n;
		char *text = tb_record_write(rec, &n);
		tb_buf_puts(out, text ? text : "(not written)\n");
		free(text);
		tb_record_free(rec);
	}
	fz_diags(r, end);
	counts[0] += tb_reader_nerrors(r);
	counts[1] += tb_reader_nwarnings(r);
	return got;
}

/* Everything a reader says about its input, as text. */
static char *S_trace(tb_reader *r)
{
	tb_buf b = TB_BUF_INIT;
	size_t counts[2] = {0, 0};
	int got = S_records(r, &b, &b, counts);
	char tail[96];
	snprintf(tail, sizeof tail, "end %d: %zu errors, %zu warnings\n", got, counts[0], counts[1]);
	tb_buf_puts(&b, tail);
	return tb_buf_detach(&b, NULL);
}

/* The lines before byte 'n', as the lexer counts them (CR LF, LF, CR). */
static unsigned S_line_at(const char *s, size_t n)
{
	unsigned line = 1;
	for (size_t i = 0; i < n; i++)
		if (s[i] == '\n' || (s[i] == '\r' && !(i + 1 < n && s[i + 1] == '\n')))
			line++;
	return line;
}

/* Read in two parts, cut before a '[' that starts a line, as the CLI's
 * parts.c cuts a file: the first part holds at least TB_SNIFF_BYTES (a
 * reader tells a binary or UTF-16 file by them, and a shorter first
 * part could not), as parts.c's first part does. */
static void S_parts(const char *buf, size_t len, uint32_t h)
{
	size_t cuts = 0, cut = 0;
	for (size_t i = TB_SNIFF_BYTES; i < len; i++)
		cuts += buf[i] == '[' && (buf[i - 1] == '\n' || buf[i - 1] == '\r');
	if (!cuts)
		return;
	for (size_t i = TB_SNIFF_BYTES, k = h % cuts; i < len; i++)
		if (buf[i] == '[' && (buf[i - 1] == '\n' || buf[i - 1] == '\r') && k-- == 0) {
			cut = i;
			break;
		}
	size_t whole_n[2] = {0, 0}, part_n[2] = {0, 0};
	tb_buf one = TB_BUF_INIT, both = TB_BUF_INIT, first_end = TB_BUF_INIT;
	tb_reader *w = tb_reader_new_mem(buf, len, "fuzz.tgn");
	S_records(w, &one, &one, whole_n);
	tb_reader_free(w);
	tb_reader *a = tb_reader_new_mem(buf, cut, "fuzz.tgn");
	S_records(a, &both, &first_end, part_n);
	int clean = tb_reader_ended_clean(a);
	tb_reader_free(a);
	if (clean) {
		FZ_CHECK(first_end.len == 0, "a part that ended clean said something at its end");
		tb_reader *b = tb_reader_new_mem(buf + cut, len - cut, "fuzz.tgn");
		tb_reader_set_origin(b, S_line_at(buf, cut), cut);
		S_records(b, &both, &both, part_n);
		tb_reader_free(b);
		const char *x = one.len ? one.data : "", *y = both.len ? both.data : "";
		FZ_CHECK(strcmp(x, y) == 0 && whole_n[0] == part_n[0] && whole_n[1] == part_n[1],
		         "read in two parts at byte %zu (the first ended clean), not as one:\n%s\n"
		         "--- in parts:\n%s", cut, x, y);
	}
	free(one.data);
	free(both.data);
	free(first_end.data);
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
	/* tokens read the short ways (tb_lex_tag, S_quick_token) against
	 * the careful way only */
	m = tb_reader_new_mem(buf, len, "fuzz.tgn");
	m->careful = 1;
	char *by_token = S_trace(m);
	tb_reader_free(m);
	FZ_CHECK(strcmp(from_mem, by_token) == 0,
	         "the short ways and the careful way differ:\n%s\n--- the careful way:\n%s",
	         from_mem, by_token);
	free(by_token);
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
	S_parts(buf, len, h);
	free(buf);
	return 0;
}
