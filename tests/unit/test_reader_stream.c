/*
 * test_reader_stream.c -- the file reader (tb_reader_new_file) against
 * the memory reader on the same bytes: collections larger than the
 * reader's 64 KiB chunk, records across chunk boundaries, the 16 MiB
 * record limit, read errors.
 */
#include "tb_test.h"

#include <pthread.h>
#include <unistd.h>

#include "diag.h"
#include "reader.h"

enum { CHUNK = 64 * 1024 };

/* Everything a reader says, one line per fact, so two readers can be
 * compared with one string comparison. */
static char *S_transcript(tb_reader *r, size_t *nrecords)
{
	tt_str t = {0};
	tb_record *rec;
	int rc;
	size_t n = 0;
	for (;;) {
		rc = tb_reader_next(r, &rec);
		tt_printf(&t, "call %zu: rc %d\n", n, rc);
		for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
			const tb_diag *d = tb_reader_diag(r, i);
			tt_printf(&t, "  diag %s %d %s:%u:%u-%u src_col %u: %s\n  | %s\n",
			          d->severity == TB_ERROR ? "E" : "W", d->code, d->file, d->line, d->col,
			          d->end_col, d->source_col, d->message, d->source);
		}
		if (rc != 1)
			break;
		n++;
		size_t len;
		char *text = tb_record_write(rec, &len);
		tt_printf(&t, "  record line %u errors %zu plies %zu\n", tb_record_line(rec),
		          tb_record_errors(rec), tb_record_plies(rec));
		if (text)
			tt_put(&t, text, len);
		else
			tt_puts(&t, "  (not written)\n");
		free(text);
		tb_record_free(rec);
	}
	tt_printf(&t, "errors %zu warnings %zu\n", tb_reader_nerrors(r), tb_reader_nwarnings(r));
	if (nrecords)
		*nrecords = n;
	return tt_take(&t);
}

/* A FILE holding 'len' bytes of 'data', read from its start. */
static FILE *S_file(const char *data, size_t len)
{
	FILE *f = tmpfile();
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fflush(f), 0);
	rewind(f);
	return f;
}

/* Prints where two transcripts first differ. */
static void S_show_difference(const char *a, const char *b)
{
	size_t i = 0, line = 1;
	while (a[i] && a[i] == b[i])
		line += a[i++] == '\n';
	size_t from = i > 60 ? i - 60 : 0;
	print_message("transcripts differ at line %zu, byte %zu:\n  mem:  ...%.120s\n  file: ...%.120s\n",
	              line, i, a + from, b + from);
}

/* Reads 'data' with both readers; returns 1 when they say the same,
 * and sets '*n' to the number of records. */
static int S_same_both_ways(const char *data, size_t len, size_t *n)
{
	tb_reader *m = tb_reader_new_mem(data, len, "col.tgn");
	size_t nm, nf;
	char *tm = S_transcript(m, &nm);
	tb_reader_free(m);
	FILE *f = S_file(data, len);
	tb_reader *r = tb_reader_new_file(f, "col.tgn");
	char *tf = S_transcript(r, &nf);
	tb_reader_free(r);
	fclose(f);
	int same = strcmp(tm, tf) == 0 && nm == nf;
	if (!same)
		S_show_difference(tm, tf);
	free(tm);
	free(tf);
	if (n)
		*n = nm;
	return same;
}

/* ===== A generated collection ===== */

static const char *const S_pit[] = {"a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3",
                                    "e3", "a4", "b4", "c4", "e4", "f4", "g4", "c5",
                                    "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7"};

static void S_record(tt_rng *g, tt_str *s, int crlf)
{
	const char *nl = crlf ? "\r\n" : "\n";
	static const char *const games[] = {"pitarra", "asalto", "ocencahuac"};
	static const char *const comments[] = {
		"{bien}", "{Querétaro, Gómez}", "{@ar هجوم من اليسار}", "{dice \\}así\\}}",
		"; punto y coma", "{línea\nsegunda línea}", "{@es Ñandú 😀}", "{\\@casa}",
	};
	static const char *const broken[] = {
		"h9", "{\xC0\xAF}", "{a\x01" "b}", "$300", "(", ")", "<gap x>", "]",
		"{\xE2\x82}", "\"suelto\"", "1..", "{\xED\xA0\x80 x}", "z9-a1",
	};
	int game = (int)tt_below(g, 3);
	if (tt_below(g, 20) == 0)
		tt_printf(s, "{cuaderno %u}%s", tt_below(g, 100), nl);
	tt_printf(s, "[Game \"%s\"]%s", games[game], nl);
	if (tt_below(g, 2))
		tt_printf(s, "[Site \"Los Navajos, El Marqués\"]%s", nl);
	if (tt_below(g, 3) == 0)
		tt_printf(s, "[Date \"19%02u-0%u-1%u\"]%s", tt_below(g, 100), 1 + tt_below(g, 9),
		          tt_below(g, 10), nl);
	if (tt_below(g, 25) == 0)
		tt_printf(s, "[Date \"ayer\"]%s", nl); /* an error */
	if (tt_below(g, 30) == 0)
		tt_printf(s, "[Site \"sin cerrar%s", nl); /* an error */
	if (tt_below(g, 30) == 0)
		tt_printf(s, "[Round 3]%s", nl); /* an error */
	if (tt_below(g, 4) == 0)
		tt_printf(s, "[Informant \"سعيد\"] %s%s", comments[tt_below(g, 3)], nl);
	tt_puts(s, nl);
	unsigned turns = tt_below(g, 30);
	for (unsigned i = 0; i < turns; i++) {
		if (i % 2 == 0)
			tt_printf(s, "%u. ", i / 2 + 1);
		if (game == 0)
			tt_puts(s, S_pit[tt_below(g, 24)]);
		else if (game == 1)
			tt_printf(s, "c%u-c%u", 1 + tt_below(g, 7), 1 + tt_below(g, 7));
		else
			tt_printf(s, "%c%u^%c%u", 'a' + tt_below(g, 5), 1 + tt_below(g, 8),
			          'a' + tt_below(g, 5), 1 + tt_below(g, 8));
		tt_putc(s, ' ');
		unsigned what = tt_below(g, 40);
		if (what < 3) {
			const char *c = comments[tt_below(g, 8)];
			tt_printf(s, "%s ", c);
			if (c[0] == ';')
				tt_puts(s, nl); /* a ';' comment runs to the end of its line */
		}
		if (what == 3)
			tt_printf(s, "$%u ", tt_below(g, 256));
		if (what == 4)
			tt_printf(s, "%s ", broken[tt_below(g, sizeof broken / sizeof broken[0])]);
		if (what == 5)
			tt_puts(s, nl);
		if (what == 6)
			tt_puts(s, "\t");
		if (what == 7 && tt_below(g, 4) == 0)
			tt_put(s, "\0 ", 2);
		if (i % 6 == 5)
			tt_puts(s, nl);
	}
	static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*", "*", ""};
	/* (a record with no turns and no result would run on into the next
	 * one's tags, which is right, but not what is counted here) */
	tt_puts(s, results[tt_below(g, turns ? 6 : 5)]);
	if (tt_below(g, 8) == 0)
		tt_puts(s, " {fin}");
	if (tt_below(g, 40) == 0)
		tt_puts(s, " a1 a4"); /* text after the result */
	tt_puts(s, nl);
	tt_puts(s, nl);
}

static void test_collection_same_as_memory(void **state)
{
	(void)state;
	tt_rng g = {777};
	tt_str s = {0};
	size_t starts[6000];
	size_t nrec = 6000;
	for (size_t i = 0; i < nrec; i++) {
		starts[i] = s.n;
		S_record(&g, &s, (int)(i / 500) % 3 == 1);
	}
	assert_true(s.n > 16 * CHUNK); /* many chunks */
	/* records that straddle a chunk boundary */
	size_t straddle = 0;
	for (size_t i = 0; i + 1 < nrec; i++)
		if (starts[i] / CHUNK != (starts[i + 1] - 1) / CHUNK)
			straddle++;
	assert_true(straddle >= 10);
	size_t n;
	if (!S_same_both_ways(s.d, s.n, &n)) {
		free(s.d);
		fail_msg("the two readers differ");
	}
	assert_int_equal(n, nrec);
	/* and the collection has problems of many kinds to agree on */
	tb_reader *r = tb_reader_new_mem(s.d, s.n, "col.tgn");
	tb_record *rec;
	int seen[400] = {0};
	while (tb_reader_next(r, &rec) == 1) {
		for (size_t i = 0; i < tb_reader_ndiags(r); i++)
			seen[tb_reader_diag(r, i)->code % 400] = 1;
		tb_record_free(rec);
	}
	static const int codes[] = {101, 102, 103, 105, 107, 108, 201, 206, 301, 302,
	                            306, 307, 310, 311, 312, 313};
	for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
		if (!seen[codes[i]])
			fail_msg("the collection has no TB%d", codes[i]);
	tb_reader_free(r);
	free(s.d);
}

static void test_file_reader_memory_stays_flat(void **state)
{
	(void)state;
	tt_rng g = {4242};
	tt_str s = {0};
	while (s.n < 3u << 20)
		S_record(&g, &s, 0);
	FILE *f = S_file(s.d, s.n);
	tb_reader *r = tb_reader_new_file(f, "flat.tgn");
	tb_record *rec;
	size_t n = 0, most = 0;
	while (tb_reader_next(r, &rec) == 1) {
		n++;
		if (r->cap > most)
			most = r->cap;
		tb_record_free(rec);
	}
	assert_true(n > 1000);
	/* the window holds a record and a chunk or two, not the file */
	assert_true(most <= 8 * CHUNK);
	assert_true(most < s.n / 4);
	tb_reader_free(r);
	fclose(f);
	free(s.d);
}

/* ===== Chunk boundaries ===== */

/* A filler record that brings the collection to exactly 'at' bytes. */
static void S_fill_to(tt_str *s, size_t at)
{
	const char *head = "[Game \"pitarra\"]\n1. d1 {";
	const char *tail = "} *\n";
	assert_true(at >= s->n + strlen(head) + strlen(tail));
	tt_puts(s, head);
	while (s->n < at - strlen(tail))
		tt_putc(s, (char)('a' + s->n % 26));
	tt_puts(s, tail);
	assert_int_equal(s->n, at);
}

static void test_boundary_cases(void **state)
{
	(void)state;
	/* each case puts 'text' so that byte 'split' of it is the first of
	 * a new chunk */
	static const struct {
		const char *text;
		size_t split;
		const char *want_codes;
	} cases[] = {
		{"[Game \"pitarra\"]\n1. d1 {Quer\xC3\xA9taro} a1 *\n", 29, ""},        /* in 'é' */
		{"[Game \"pitarra\"]\n1. d1 {\xF0\x9F\x98\x80} a1 *\n", 25, ""},         /* in an emoji */
		{"[Game \"pitarra\"]\n1. d1 {\xF0\x9F\x98\x80} a1 *\n", 27, ""},
		{"[Game \"pitarra\"]\r\n1. d1 a1 *\r\n", 17, ""},                        /* CR | LF */
		{"[Game \"pitarra\"]\n1. d1 a1-a4xg7 *\n", 26, ""},                      /* in a token */
		{"[Game \"pitarra\"]\n1. d1 a1 1-0\n", 28, ""},                          /* in the result */
		{"[Game \"pitarra\"]\n[Site \"Quer\xC3\xA9\"]\n*\n", 29, ""},            /* in a string */
		{"[Game \"pitarra\"]\n1. d1 h1 *\n", 23, "301"},                         /* at an error */
		{"[Game \"pitarra\"]\n1. d1 {\xC0\xAF} *\n", 25, "101"},                 /* in bad bytes */
		{"[Game \"pitarra\"]\n1. d1 * {x\xE2\x82", 28, "101 104"},               /* at the end */
		{"[Game \"ocencahuac\"]\n1. a2^a4>a7 c7-c6 *\n", 29, ""},                /* after '>' */
		{"[Game \"pitarra\"]\n1. d1 12... a1 *\n", 26, "302"},                   /* in '...' */
		{"[Game \"pitarra\"]\n1. d1 {a\\}b} a1 *\n", 26, ""},                   /* in '\}' */
		{"[Game \"pitarra\"]\n[Site \"a\\\"b\"]\n*\n", 26, ""},               /* in '\"' */
		{"[Game \"pitarra\"]\n1. d1 {x\r\ny} a1 *\n", 26, ""},                  /* CR | LF */
		{"[Game \"pitarra\"]\n1. d1 {\xC3\xA9\xC3\xA9 x} a1 *\n", 26, ""},       /* é | é */
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		for (size_t chunk = 1; chunk <= 2; chunk++) {
			tt_str s = {0};
			S_fill_to(&s, chunk * CHUNK - cases[k].split);
			tt_puts(&s, cases[k].text);
			if (!S_same_both_ways(s.d, s.n, NULL)) {
				free(s.d);
				fail_msg("case %zu at chunk %zu: the two readers differ", k, chunk);
			}
			/* and the record itself reads as it does alone */
			FILE *f = S_file(s.d, s.n);
			tb_reader *r = tb_reader_new_file(f, "b.tgn");
			tb_record *rec;
			assert_int_equal(tb_reader_next(r, &rec), 1);
			assert_int_equal(tb_reader_ndiags(r), 0);
			tb_record_free(rec);
			assert_int_equal(tb_reader_next(r, &rec), 1);
			tt_str codes = {0};
			for (size_t i = 0; i < tb_reader_ndiags(r); i++)
				tt_printf(&codes, "%s%d", i ? " " : "", tb_reader_diag(r, i)->code);
			char *got = tt_take(&codes);
			if (strcmp(got, cases[k].want_codes) != 0)
				fail_msg("case %zu at chunk %zu: codes '%s', want '%s'", k, chunk, got,
				         cases[k].want_codes);
			assert_int_equal(tb_record_line(rec), 3);
			free(got);
			tb_record_free(rec);
			tb_reader_free(r);
			fclose(f);
			free(s.d);
		}
	}
}

static void test_long_line_excerpt_at_a_chunk_boundary(void **state)
{
	(void)state;
	/* An error at the start of a long line that starts 240 bytes
	 * before a chunk boundary: the excerpt of the line must be the same
	 * whether the reader has the rest of the line yet or not. */
	tt_str s = {0};
	const char *tags = "[Game \"pitarra\"]\n";
	S_fill_to(&s, CHUNK - 240 - strlen(tags));
	tt_puts(&s, tags);
	assert_int_equal(s.n, CHUNK - 240);
	tt_puts(&s, "h1");
	for (int i = 0; i < 120; i++)
		tt_puts(&s, " d1");
	tt_puts(&s, " *\n");
	int same = S_same_both_ways(s.d, s.n, NULL);
	/* what the memory reader shows: a window and "..." */
	tb_reader *m = tb_reader_new_mem(s.d, s.n, "x");
	tb_record *rec;
	assert_int_equal(tb_reader_next(m, &rec), 1);
	tb_record_free(rec);
	assert_int_equal(tb_reader_next(m, &rec), 1);
	const tb_diag *d = tt_find(m, TB_D_MOVE);
	assert_int_equal(strlen(d->source), 240 + 3);
	assert_memory_equal(d->source + 240, "...", 3);
	tb_record_free(rec);
	tb_reader_free(m);
	free(s.d);
	assert_true(same);
}

/* ===== The 16 MiB limit ===== */

static void S_big_record(tt_str *s, size_t comment_bytes)
{
	tt_puts(s, "[Game \"pitarra\"]\n1. d1 {");
	size_t at = s->n;
	if (s->cap < at + comment_bytes + 64) {
		char *d = realloc(s->d, at + comment_bytes + 64);
		assert_non_null(d);
		s->d = d;
		s->cap = at + comment_bytes + 64;
	}
	memset(s->d + at, 'c', comment_bytes);
	s->n += comment_bytes;
	tt_puts(s, "} a1 *\n");
}

static void S_check_too_large(tb_reader *r)
{
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	assert_non_null(rec);
	assert_int_equal(tt_count(r, TB_D_TOO_LARGE), 1);
	const tb_diag *d = tt_find(r, TB_D_TOO_LARGE);
	assert_int_equal(d->severity, TB_ERROR);
	assert_int_equal(d->line, 4);
	assert_non_null(strstr(d->message, "16 MiB"));
	assert_true(tb_record_errors(rec) >= 1);
	assert_null(tb_record_write(rec, NULL));
	tb_record_free(rec);
	/* reading stops: the next record is not read */
	assert_int_equal(tb_reader_next(r, &rec), 0);
	assert_null(rec);
	assert_int_equal(tb_reader_next(r, &rec), 0);
}

static void test_record_larger_than_the_limit(void **state)
{
	(void)state;
	tt_str s = {0};
	tt_puts(&s, "[Game \"pitarra\"]\n1. d1 *\n");
	S_big_record(&s, TB_MAX_RECORD + 1000);
	tt_puts(&s, "[Game \"pitarra\"]\n1. a1 *\n");
	tb_reader *r = tb_reader_new_mem(s.d, s.n, "big.tgn");
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), 1); /* the small one first */
	assert_int_equal(tb_record_errors(rec), 0);
	tb_record_free(rec);
	S_check_too_large(r);
	tb_reader_free(r);

	FILE *f = S_file(s.d, s.n);
	r = tb_reader_new_file(f, "big.tgn");
	assert_int_equal(tb_reader_next(r, &rec), 1);
	tb_record_free(rec);
	S_check_too_large(r);
	tb_reader_free(r);
	fclose(f);
	free(s.d);
}

static void test_record_just_under_the_limit(void **state)
{
	(void)state;
	tt_str s = {0};
	S_big_record(&s, TB_MAX_RECORD - 4096);
	tt_puts(&s, "[Game \"pitarra\"]\n1. a1 *\n");
	FILE *f = S_file(s.d, s.n);
	tb_reader *r = tb_reader_new_file(f, "big.tgn");
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	assert_int_equal(tb_reader_ndiags(r), 0);
	assert_int_equal(tb_record_plies(rec), 2);
	tb_record_free(rec);
	assert_int_equal(tb_reader_next(r, &rec), 1);
	assert_int_equal(tb_reader_ndiags(r), 0);
	tb_record_free(rec);
	assert_int_equal(tb_reader_next(r, &rec), 0);
	tb_reader_free(r);
	fclose(f);
	free(s.d);
}

static void test_many_small_records_on_one_long_line(void **state)
{
	(void)state;
	/* The limit is on a record, not on a line: seventeen records of one
	 * MiB each, all on one line, are each well under it. */
	tt_str s = {0};
	for (int i = 0; i < 17; i++) {
		tt_puts(&s, "[Game \"pitarra\"] 1. d1 {");
		size_t at = s.n;
		for (size_t k = 0; k < (1u << 20); k++)
			tt_putc(&s, 'c');
		assert_int_equal(s.n - at, 1u << 20);
		tt_puts(&s, "} * ");
	}
	tt_puts(&s, "\n");
	tb_reader *r = tb_reader_new_mem(s.d, s.n, "line.tgn");
	tb_record *rec;
	size_t n = 0, bad = 0;
	char why[256] = "";
	while (tb_reader_next(r, &rec) == 1) {
		if (tb_reader_ndiags(r) != 0 && !bad++)
			snprintf(why, sizeof why, "record %zu: %s [TB%03d]", n,
			         tb_reader_diag(r, 0)->message, tb_reader_diag(r, 0)->code);
		n++;
		tb_record_free(rec);
	}
	size_t nerrors = tb_reader_nerrors(r);
	tb_reader_free(r);
	free(s.d);
	if (bad)
		print_message("%s\n", why);
	assert_int_equal(n, 17);
	assert_int_equal(nerrors, 0);
}

/* ===== Read errors and small files ===== */

static void test_read_error(void **state)
{
	(void)state;
	char path[] = "/tmp/tablero-unit-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "[Game \"pitarra\"] *\n", 19), 19);
	close(fd);
	FILE *f = fopen(path, "w"); /* not readable */
	assert_non_null(f);
	tb_reader *r = tb_reader_new_file(f, "wo.tgn");
	static char dummy;
	tb_record *rec = (tb_record *)(void *)&dummy;
	assert_int_equal(tb_reader_next(r, &rec), TB_EIO);
	assert_null(rec);
	assert_int_equal(tb_reader_ndiags(r), 1);
	const tb_diag *d = tb_reader_diag(r, 0);
	assert_int_equal(d->code, TB_D_IO);
	assert_int_equal(d->severity, TB_ERROR);
	assert_string_equal(d->file, "wo.tgn");
	assert_int_equal(tb_reader_nerrors(r), 1);
	tb_reader_free(r);
	fclose(f);
	unlink(path);
}

static void test_small_files(void **state)
{
	(void)state;
	static const char *const inputs[] = {
		"", "\xEF\xBB\xBF", "\n", "[Game \"pitarra\"] *", "\xEF\xBB\xBF[Game \"pitarra\"] 1. h1 *",
		"[Game \"pitarra\"] 1. d1 * [Game \"asalto\"] 1. c3-c4 *", "1. d1 *",
		"[Game \"pitarra\"]\r1. d1\r\r[Game \"pitarra\"]\r1. g1 *",
	};
	static const size_t want[] = {0, 0, 0, 1, 1, 2, 1, 2};
	for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
		size_t n;
		assert_true(S_same_both_ways(inputs[i], strlen(inputs[i]), &n));
		assert_int_equal(n, want[i]);
	}
}

/* ===== A record handed to another thread (tb_reader_detach) ===== */

/* The diagnostics of validating one record, after those of reading it. */
static void S_diags(tt_str *t, const tb_reader *r)
{
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		char *f = tb_diag_format(tb_reader_diag(r, i));
		tt_puts(t, f ? f : "(none)\n");
		free(f);
	}
}

typedef struct S_job {
	tb_reader *r;
	tb_record *rec;
	tt_str out;
} S_job;

static void *S_validate_apart(void *arg)
{
	S_job *j = arg;
	tb_reader_validate(j->r, j->rec, NULL, NULL);
	S_diags(&j->out, j->r);
	return NULL;
}

/* Validating each record of a collection read from a file -- many
 * chunks, records across their boundaries, every kind of problem -- on
 * its own reader, in another thread, says what validating it on the
 * file's reader says, word for word and with the same lines quoted. */
static void test_detached_record_says_the_same(void **state)
{
	(void)state;
	tt_rng g = {4242};
	tt_str s = {0};
	for (size_t i = 0; i < 3000; i++)
		S_record(&g, &s, (int)(i / 500) % 3 == 1);
	assert_true(s.n > 8 * CHUNK);
	tt_str here = {0}, apart = {0};
	FILE *f1 = S_file(s.d, s.n), *f2 = S_file(s.d, s.n);
	tb_reader *r1 = tb_reader_new_file(f1, "col.tgn"), *r2 = tb_reader_new_file(f2, "col.tgn");
	tb_record *rec1, *rec2;
	size_t n = 0, said = 0;
	int got1, got2;
	while ((got1 = tb_reader_next(r1, &rec1)) == 1) {
		got2 = tb_reader_next(r2, &rec2);
		assert_int_equal(got2, 1);
		tb_reader_validate(r1, rec1, NULL, NULL);
		S_diags(&here, r1);
		S_job j = {tb_reader_detach(r2), rec2, {0}};
		assert_int_equal(tb_reader_ndiags(r2), 0); /* they moved */
		pthread_t t;
		assert_int_equal(pthread_create(&t, NULL, S_validate_apart, &j), 0);
		assert_int_equal(pthread_join(t, NULL), 0);
		if (j.out.n)
			tt_put(&apart, j.out.d, j.out.n);
		said += tb_reader_ndiags(j.r);
		free(j.out.d);
		tb_reader_free(j.r);
		tb_record_free(rec1);
		tb_record_free(rec2);
		n++;
	}
	assert_int_equal(tb_reader_next(r2, &rec2), got1);
	tt_putc(&here, '\0');
	tt_putc(&apart, '\0');
	if (strcmp(here.d, apart.d) != 0)
		S_show_difference(here.d, apart.d);
	assert_string_equal(here.d, apart.d);
	assert_int_equal(n, 3000);
	assert_true(said > 100); /* problems of many kinds were compared */
	tb_reader_free(r1);
	tb_reader_free(r2);
	fclose(f1);
	fclose(f2);
	free(here.d);
	free(apart.d);
	free(s.d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_collection_same_as_memory),
		cmocka_unit_test(test_file_reader_memory_stays_flat),
		cmocka_unit_test(test_boundary_cases),
		cmocka_unit_test(test_long_line_excerpt_at_a_chunk_boundary),
		cmocka_unit_test(test_record_larger_than_the_limit),
		cmocka_unit_test(test_record_just_under_the_limit),
		cmocka_unit_test(test_many_small_records_on_one_long_line),
		cmocka_unit_test(test_read_error),
		cmocka_unit_test(test_small_files),
		cmocka_unit_test(test_detached_record_says_the_same),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
