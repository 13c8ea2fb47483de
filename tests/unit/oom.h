/*
 * oom.h -- what the fault-injection tests share (test_oom*.c): the
 * library's allocations counted through tb_set_alloc_hook, and an
 * operation run clean and then with each of its allocations failing
 * (once, and then for good), as SQLite's fault-injection tests do.
 * Header-only: each test program is built on its own.
 */
#ifndef TB_TEST_OOM_H
#define TB_TEST_OOM_H

#include "tb_test.h"

#include <dirent.h>

/* ===== The failing allocator ===== */

static unsigned long oom_count; /* the library's allocations so far */
static unsigned long oom_fail;  /* the one to fail (1 and up), or 0 */
static int oom_after;           /* and every one after it */

static inline int oom_hook(void *ctx, size_t size)
{
	(void)ctx;
	(void)size;
	++oom_count;
	return oom_fail && (oom_count == oom_fail || (oom_after && oom_count > oom_fail));
}

/* An operation: what it made, as text (malloc), or NULL when the
 * library said memory ran out. */
typedef char *(*oom_op)(const char *src, size_t len);

/* Which allocations oom_each_sampled fails: every one up to 'every',
 * each of the last 'last', and about 'spread' more spread evenly
 * between (an operation that makes thousands of allocations makes most
 * of them at the same few places again). */
typedef struct oom_sample {
	unsigned long every, last, spread;
} oom_sample;

/* The allocation to fail after 'k' of 'n' under 'sm'. */
static inline unsigned long oom_next(unsigned long k, unsigned long n, oom_sample sm)
{
	if (k < sm.every || n <= sm.every + sm.last + sm.spread || k + sm.last >= n)
		return k + 1;
	unsigned long stride = (n - sm.every - sm.last) / sm.spread + 1;
	return k + stride < n - sm.last ? k + stride : n - sm.last + 1;
}

/* Runs 'op' clean, then with allocation k failing (once, and then for
 * good) for each k 'sm' names, one run after another in this process
 * (a failure that left the library's state wrong shows in the runs
 * after it; under ASan, LeakSanitizer tells at the program's end what a
 * run left). Each run must give the clean run's output or NULL
 * (TB_ENOMEM). Returns how many runs failed an allocation; '*made' (when
 * not NULL) how many allocations the clean run made. */
static inline unsigned long oom_each_sampled(oom_op op, const char *src, size_t len,
                                             const char *what, oom_sample sm, unsigned long *made)
{
	oom_fail = 0;
	oom_after = 0;
	oom_count = 0;
	char *want = op(src, len);
	unsigned long n = oom_count, tried = 0;
	if (!want)
		fail_msg("%s: the clean run failed", what);
	for (int after = 0; after < 2; after++)
		for (unsigned long k = 1; k <= n; k = oom_next(k, n, sm)) {
			oom_fail = k;
			oom_after = after;
			oom_count = 0;
			char *got = op(src, len);
			oom_fail = 0;
			oom_after = 0;
			tried++;
			if (got && strcmp(got, want) != 0) {
				/* in full: cmocka cuts its messages short */
				fprintf(stderr, "--- want\n%s\n--- got\n%s\n", want, got);
				fail_msg("%s: allocation %lu of %lu failed%s, and the output differs "
				         "without TB_ENOMEM (above)", what, k, n,
				         after ? " (and all after it)" : "");
			}
			free(got);
		}
	free(want);
	if (made)
		*made = n;
	return tried;
}

/* oom_each_sampled failing every allocation; returns how many the clean
 * run made. */
static inline unsigned long oom_each_failure(oom_op op, const char *src, size_t len, const char *what)
{
	unsigned long n;
	oom_sample all = {(unsigned long)-1, 0, 0};
	oom_each_sampled(op, src, len, what, all, &n);
	return n;
}

/* The diagnostics of the last call on 'r' into 'out'; 0 when memory
 * ran out formatting one. */
static inline int oom_diags(tt_str *out, const tb_reader *r)
{
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		char *s = tb_diag_format(tb_reader_diag(r, i));
		if (!s)
			return 0;
		tt_puts(out, s);
		free(s);
	}
	return 1;
}

/* The whole of file 'path' (the caller frees it). */
static inline char *oom_slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	tt_str s = {0};
	char chunk[4096];
	size_t got;
	while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
		tt_put(&s, chunk, got);
	fclose(f);
	return tt_take(&s);
}

/* Calls 'fn' with each sample's text and name. */
static inline void oom_samples(void (*fn)(const char *src, size_t len, const char *name))
{
	DIR *d = opendir("samples");
	assert_non_null(d);
	struct dirent *e;
	size_t n = 0;
	while ((e = readdir(d))) {
		size_t k = strlen(e->d_name);
		if (k < 4 || strcmp(e->d_name + k - 4, ".tgn") != 0)
			continue;
		char path[512];
		snprintf(path, sizeof path, "samples/%s", e->d_name);
		char *text = oom_slurp(path);
		fn(text, strlen(text), e->d_name);
		free(text);
		n++;
	}
	closedir(d);
	assert_true(n >= 10);
}

static inline int oom_setup(void **state)
{
	(void)state;
	tb_set_alloc_hook(oom_hook, NULL);
	return 0;
}

static inline int oom_teardown(void **state)
{
	(void)state;
	tb_set_alloc_hook(NULL, NULL);
	return 0;
}

/* What an operation returns (oom_op): the text 'out' gathered when 'ok',
 * else NULL, the text freed. */
static inline char *oom_result(tt_str *out, int ok)
{
	char *s = tt_take(out);
	if (!ok) {
		free(s);
		return NULL;
	}
	return s;
}

/* What an operation does with one record 'rec' of reader 'r'
 * (oom_records): appends to 'out'; returns 0 when the library said
 * memory ran out. 'rec' stays the caller's. */
typedef int (*oom_record_op)(tb_reader *r, tb_record *rec, tt_str *out);

/* An operation over each record of 'src' (a reader from memory named
 * 'name'): what 'each' gathered, or NULL when memory ran out in the
 * reader or in 'each' (oom_op). */
static inline char *oom_records(const char *src, size_t len, const char *name, oom_record_op each)
{
	tb_reader *r = tb_reader_new_mem(src, len, name);
	if (!r)
		return NULL;
	tt_str out = {0};
	tb_record *rec;
	int rc, ok = 1;
	while (ok && (rc = tb_reader_next(r, &rec)) == 1) {
		ok = each(r, rec, &out);
		tb_record_free(rec);
	}
	ok = ok && rc == 0;
	tb_reader_free(r);
	return oom_result(&out, ok);
}

#endif
