/*
 * tb_corpus.h -- what the unit tests that read whole files share: a
 * file's bytes, the bench's collection (TB_BENCH_SAMPLE, which make
 * unit makes), lines counted by how they begin, a walk over folders of
 * inputs (the samples, the spec, the fuzzing corpora), two readers'
 * places compared, and what validate tells of a text.
 *
 * Header-only, as tb_test.h (included first, then reader.h).
 */
#ifndef TB_CORPUS_H
#define TB_CORPUS_H

#include <dirent.h>

/* What is left to read of 'f', which it closes, into a buffer the
 * caller frees; its length into '*n'. */
static inline char *tt_slurp_file(FILE *f, size_t *n)
{
	size_t cap = 1 << 16, len = 0;
	char *buf = malloc(cap);
	assert_non_null(buf);
	for (size_t got; (got = fread(buf + len, 1, cap - len, f)) > 0;) {
		len += got;
		if (len == cap)
			assert_non_null(buf = realloc(buf, cap *= 2));
	}
	fclose(f);
	*n = len;
	return buf;
}

/* A file's bytes, into '*buf' (the caller frees it), or NULL and 0
 * bytes when it cannot be opened. */
static inline size_t tt_slurp(const char *path, char **buf)
{
	size_t n = 0;
	FILE *f = fopen(path, "rb");
	*buf = f ? tt_slurp_file(f, &n) : NULL;
	return n;
}

/* The path of the bench's collection (bench/gen.c: the megabyte make
 * unit makes, TB_BENCH_SAMPLE); fails the test when it names none. */
static inline const char *tt_bench_path(void)
{
	const char *path = getenv("TB_BENCH_SAMPLE");
	if (!path)
		fail_msg("TB_BENCH_SAMPLE names no file: run me with make unit");
	return path;
}

/* The bench's collection, its bytes into '*buf' (the caller frees
 * it); fails the test when it cannot be read. */
static inline size_t tt_bench_slurp(char **buf)
{
	const char *path = tt_bench_path();
	size_t n = tt_slurp(path, buf);
	if (!*buf)
		fail_msg("TB_BENCH_SAMPLE: %s cannot be read", path);
	return n;
}

/* How many of the lines of 'n' bytes at 'buf' begin with 'start'. */
static inline size_t tt_lines_starting(const char *buf, size_t n, const char *start)
{
	size_t k = strlen(start), lines = 0;
	for (size_t i = 0; i + k <= n; i++)
		lines += (i == 0 || buf[i - 1] == '\n') && memcmp(buf + i, start, k) == 0;
	return lines;
}

/* What tt_each_file calls for a file: the index 'k' of its folder in
 * 'dirs', its path, its bytes. */
typedef void tt_file_fn(void *ctx, size_t k, const char *path, const char *buf, size_t n);

/* Each file of each folder of 'dirs' (names not beginning with '.', in
 * readdir's order), its bytes to 'each'; the first folder must be
 * there, a later one not there is passed over, and so is a file that
 * cannot be opened. Returns how many files 'each' had. */
static inline size_t tt_each_file(const char *const *dirs, size_t ndirs, tt_file_fn *each,
                                  void *ctx)
{
	size_t files = 0;
	for (size_t k = 0; k < ndirs; k++) {
		DIR *d = opendir(dirs[k]);
		if (!d) {
			if (k == 0)
				fail_msg("%s cannot be opened: run me from the top folder", dirs[0]);
			continue;
		}
		for (struct dirent *e; (e = readdir(d));) {
			if (e->d_name[0] == '.')
				continue;
			char path[512], *buf;
			snprintf(path, sizeof path, "%s/%s", dirs[k], e->d_name);
			size_t n = tt_slurp(path, &buf);
			if (!buf)
				continue;
			each(ctx, k, path, buf, n);
			files++;
			free(buf);
		}
		closedir(d);
	}
	return files;
}

/* Readers 'a' and 'b' stand in the same place after their last calls:
 * the token they hold and where the last one ended, the bytes read,
 * the line and column. */
static inline void tt_same_place(const tb_reader *a, const tb_reader *b)
{
	assert_int_equal(a->tok.off, b->tok.off);
	assert_int_equal(a->tok.col, b->tok.col);
	assert_int_equal(a->prev.end_col, b->prev.end_col);
	assert_int_equal(a->pos, b->pos);
	assert_int_equal(a->line, b->line);
	assert_int_equal(a->col, b->col);
}

/* Every record of 'text' ('len' bytes, read anew) validated with turn
 * function 'fn' (NULL or not): each diagnostic formatted, one a line,
 * then "rc N", the count validate returned, into a string the caller
 * frees; the records read added to '*records' (NULL: not counted). */
static inline char *tt_validated(const char *text, size_t len, tb_turn_fn fn, size_t *records)
{
	tb_reader *r = tb_reader_new_mem(text, len, "t.tgn");
	assert_non_null(r);
	tb_record *rec = NULL;
	size_t cap = 1 << 12, n = 0;
	char *out = malloc(cap);
	assert_non_null(out);
	out[0] = '\0';
	while (tb_reader_next(r, &rec) == 1) {
		size_t from = tb_reader_ndiags(r);
		int rc = tb_reader_validate(r, rec, fn, NULL);
		for (size_t i = from; i <= tb_reader_ndiags(r); i++) {
			char *d = i < tb_reader_ndiags(r) ? tb_diag_format(tb_reader_diag(r, i)) : NULL;
			char num[32];
			snprintf(num, sizeof num, "rc %d", rc);
			const char *line = d ? d : num;
			size_t k = strlen(line);
			if (n + k + 2 > cap) {
				cap = 2 * (n + k + 2);
				out = realloc(out, cap);
				assert_non_null(out);
			}
			memcpy(out + n, line, k);
			n += k;
			out[n++] = '\n';
			out[n] = '\0';
			free(d);
		}
		tb_record_free(rec);
		if (records)
			(*records)++;
	}
	tb_reader_free(r);
	return out;
}

#endif
