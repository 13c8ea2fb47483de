/*
 * test_repair_plain.c -- validate's words with the slip search made the
 * plain way (tb_repair_plain: every search as tb_repair_in.plain asks,
 * without what only spares work) against the same with the savings on,
 * record by record: the bench's collection with errors (bench/gen, the
 * three games, TB_BENCH_SAMPLE) and the bundled samples. Every
 * diagnostic and note the same -- the repairs named, their order, the
 * one checking goes on under, and the second slips found under it.
 * test_reconstruct's test_lookback_plain_same compares the repairs
 * themselves on random lines with slips; this one compares what a
 * reader is told, on records written as the bench writes them.
 */
#include "tb_test.h"

#include "diag.h"
#include "reader.h"
#include "record.h"
#include "repair.h"
#include "tb_corpus.h"

/* The first line where 'a' and 'b' differ, for the failure's message. */
static void S_fail_at(const char *what, const char *a, const char *b)
{
	size_t line = 1, i = 0;
	for (; a[i] && a[i] == b[i]; i++)
		line += a[i] == '\n';
	size_t start = i;
	while (start > 0 && a[start - 1] != '\n')
		start--;
	fail_msg("%s: validated plain and with the savings differ at output line %zu:\n"
	         "plain:  %.200s\nsaving: %.200s",
	         what, line, a + start, b + start);
}

/* 'text' validated both ways: the same output. Returns the lines told
 * the plain way, adding the records read to '*records' and the repairs
 * checking went on under to '*repaired' (the search ran). */
static size_t S_both_ways(const char *what, const char *text, size_t len, size_t *records,
                          size_t *repaired)
{
	size_t plain_records = 0, records_saving = 0;
	tb_repair_plain = 1;
	char *plain = tt_validated(text, len, NULL, &plain_records);
	tb_repair_plain = 0;
	char *saving = tt_validated(text, len, NULL, &records_saving);
	assert_int_equal(plain_records, records_saving);
	if (strcmp(plain, saving) != 0)
		S_fail_at(what, plain, saving);
	size_t lines = 0;
	for (const char *c = plain; *c; c++)
		lines += *c == '\n';
	for (const char *c = plain; (c = strstr(c, "checking goes on under")) != NULL; c++)
		(*repaired)++;
	free(plain);
	free(saving);
	*records += plain_records;
	return lines;
}

/* The bench's collection with errors, in slices of about 64 KB cut at a
 * record (a line beginning "[Game "), each validated both ways. */
static void test_bench_sample_plain_same(void **state)
{
	(void)state;
	char *buf = NULL;
	size_t n = tt_bench_slurp(&buf), records = 0, lines = 0, repaired = 0;
	for (size_t at = 0; at < n;) {
		size_t end = at + (TT_SANITIZED ? 16384 : 65536);
		if (end >= n) {
			end = n;
		} else {
			while (end < n && !(buf[end - 1] == '\n' && strncmp(buf + end, "[Game ", 6) == 0))
				end++;
		}
		lines += S_both_ways("bench sample", buf + at, end - at, &records, &repaired);
		at = end;
	}
	free(buf);
	print_message("bench sample: %zu records, %zu lines told, %zu repairs gone on under, "
	              "the same both ways\n",
	              records, lines, repaired);
	assert_true(records > 100);
	assert_true(repaired > 100);
}

typedef struct S_samples {
	size_t files, records, lines, repaired;
} S_samples;

static void S_sample(void *ctx, size_t k, const char *path, const char *buf, size_t n)
{
	S_samples *s = ctx;
	(void)k;
	size_t len = strlen(path);
	if (len < 4 || strcmp(path + len - 4, ".tgn") != 0)
		return;
	s->lines += S_both_ways(path, buf, n, &s->records, &s->repaired);
	s->files++;
}

/* The bundled samples, each validated both ways. */
static void test_samples_plain_same(void **state)
{
	(void)state;
	const char *dirs[] = {"samples"};
	S_samples s = {0, 0, 0, 0};
	tt_each_file(dirs, 1, S_sample, &s);
	print_message("samples: %zu files, %zu records, %zu lines told, %zu repairs gone on "
	              "under, the same both ways\n",
	              s.files, s.records, s.lines, s.repaired);
	assert_true(s.files > 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bench_sample_plain_same),
		cmocka_unit_test(test_samples_plain_same),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
