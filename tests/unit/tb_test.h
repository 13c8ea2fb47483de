/*
 * tb_test.h -- helpers shared by the cmocka unit tests (tests/unit/).
 *
 * Header-only (static inline), since the Makefile builds each
 * tests/unit/test_*.c on its own: a growable string, and shortcuts to
 * read TGN from memory and look at what the reader said.
 */
#ifndef TB_TEST_H
#define TB_TEST_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tablero.h"

/* 1 when built with AddressSanitizer, which makes the long random
 * checks several times slower: they run fewer cases there. */
#if defined(__SANITIZE_ADDRESS__)
#define TT_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TT_SANITIZED 1
#endif
#endif
#ifndef TT_SANITIZED
#define TT_SANITIZED 0
#endif

/* ===== A growable string ===== */

typedef struct tt_str {
	char *d;
	size_t n, cap;
} tt_str;

static inline void tt_put(tt_str *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		while (cap < b->n + n + 1)
			cap *= 2;
		char *d = realloc(b->d, cap);
		assert_non_null(d);
		b->d = d;
		b->cap = cap;
	}
	if (n)
		memcpy(b->d + b->n, s, n);
	b->n += n;
	b->d[b->n] = '\0';
}

static inline void tt_puts(tt_str *b, const char *s)
{
	tt_put(b, s, strlen(s));
}

static inline void tt_putc(tt_str *b, char c)
{
	tt_put(b, &c, 1);
}

static inline void tt_printf(tt_str *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline void tt_printf(tt_str *b, const char *fmt, ...)
{
	char small[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	assert_true(n >= 0);
	if ((size_t)n < sizeof small) {
		tt_put(b, small, (size_t)n);
		return;
	}
	char *big = malloc((size_t)n + 1);
	assert_non_null(big);
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	tt_put(b, big, (size_t)n);
	free(big);
}

/* The string, never NULL; the caller frees it. */
static inline char *tt_take(tt_str *b)
{
	if (!b->d)
		tt_put(b, "", 0);
	char *s = b->d;
	b->d = NULL;
	b->n = b->cap = 0;
	return s;
}

/* ===== Reading ===== */

/* Readers 'a' and 'b' said the same after their last calls: as many
 * diagnostics, each formatted word for word alike; else fails, naming
 * 'what' (NULL: nothing) and the two ways read, 'la' and 'lb', with
 * the first that differ. Returns how many there were. */
static inline size_t tt_same_diags(const tb_reader *a, const tb_reader *b, const char *what,
                                   const char *la, const char *lb)
{
	size_t n = tb_reader_ndiags(a);
	assert_int_equal(n, tb_reader_ndiags(b));
	for (size_t i = 0; i < n; i++) {
		char *da = tb_diag_format(tb_reader_diag(a, i));
		char *db = tb_diag_format(tb_reader_diag(b, i));
		assert_non_null(da);
		assert_non_null(db);
		if (strcmp(da, db) != 0)
			fail_msg("%s%s%s:\n%s\n%s:\n%s", what ? what : "", what ? ": " : "", la, da, lb, db);
		free(da);
		free(db);
	}
	return n;
}

/* Appends the formatted diagnostics of the last call on 'r' to 'out'. */
static inline void tt_diags(tt_str *out, const tb_reader *r)
{
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		char *s = tb_diag_format(tb_reader_diag(r, i));
		assert_non_null(s);
		tt_puts(out, s);
		free(s);
	}
}

/* What "tablero fmt" prints for 'len' bytes of 'src' read as file
 * "t.tgn": each record's diagnostics, then its canonical text when it
 * has no errors, the texts separated by blank lines. Caller frees. */
static inline char *tt_fmt_n(const char *src, size_t len)
{
	tt_str out = {0};
	tb_reader *r = tb_reader_new_mem(src, len, "t.tgn");
	assert_non_null(r);
	tb_record *rec;
	int first = 1;
	while (tb_reader_next(r, &rec) == 1) {
		tt_diags(&out, r);
		size_t n;
		char *text = tb_record_write(rec, &n);
		if (text) {
			assert_int_equal(n, strlen(text));
			if (!first)
				tt_puts(&out, "\n");
			first = 0;
			tt_put(&out, text, n);
		}
		free(text);
		tb_record_free(rec);
	}
	tt_diags(&out, r);
	tb_reader_free(r);
	return tt_take(&out);
}

static inline char *tt_fmt(const char *src)
{
	return tt_fmt_n(src, strlen(src));
}

/* Asserts that 'got' (which it frees, so that a failing test leaks
 * nothing) is the string 'want'. */
static inline void tt_str_is(char *got, const char *want, const char *file, int line)
{
	int ok = got && strcmp(got, want) == 0;
	if (!ok)
		print_message("got:\n%s\n--- want:\n%s\n---\n", got ? got : "(null)", want);
	free(got);
	if (!ok)
		_fail(file, line);
}

#define tt_assert_str(got, want) tt_str_is((got), (want), __FILE__, __LINE__)

/* Asserts that "tablero fmt" prints exactly 'want' for 'src'. */
#define tt_assert_fmt(src, want) tt_assert_str(tt_fmt(src), (want))

/* Reads the first record of 'src' (which must have one) with a reader
 * left in '*rp' so its diagnostics can be looked at. The caller frees
 * both. */
static inline tb_record *tt_parse_n(const char *src, size_t len, tb_reader **rp)
{
	tb_reader *r = tb_reader_new_mem(src, len, "t.tgn");
	assert_non_null(r);
	tb_record *rec = NULL;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	assert_non_null(rec);
	*rp = r;
	return rec;
}

static inline tb_record *tt_parse(const char *src, tb_reader **rp)
{
	return tt_parse_n(src, strlen(src), rp);
}

/* tb_record_equal of the first records of 'a' and 'b', asserted to be
 * the same both ways round. */
static inline int tt_equal(const char *a, const char *b)
{
	tb_reader *ra, *rb;
	tb_record *x = tt_parse(a, &ra), *y = tt_parse(b, &rb);
	int eq = tb_record_equal(x, y);
	assert_int_equal(eq, tb_record_equal(y, x));
	tb_record_free(x);
	tb_record_free(y);
	tb_reader_free(ra);
	tb_reader_free(rb);
	return eq;
}

/* Reads the first record of 'src', which must have no diagnostic at
 * all, and returns it (the reader is freed). */
static inline tb_record *tt_parse_clean(const char *src)
{
	tb_reader *r;
	tb_record *rec = tt_parse(src, &r);
	if (tb_reader_ndiags(r)) {
		tt_str out = {0};
		tt_diags(&out, r);
		print_message("unexpected diagnostics for:\n%s\n%s", src, out.d);
		free(out.d);
	}
	assert_int_equal(tb_reader_ndiags(r), 0);
	tb_reader_free(r);
	return rec;
}

/* How many diagnostics of the last call have code 'code'. */
static inline size_t tt_count(const tb_reader *r, int code)
{
	size_t n = 0;
	for (size_t i = 0; i < tb_reader_ndiags(r); i++)
		n += tb_reader_diag(r, i)->code == code;
	return n;
}

/* The first diagnostic with code 'code', which must be there. */
static inline const tb_diag *tt_find(const tb_reader *r, int code)
{
	for (size_t i = 0; i < tb_reader_ndiags(r); i++)
		if (tb_reader_diag(r, i)->code == code)
			return tb_reader_diag(r, i);
	print_message("no diagnostic with code %d\n", code);
	fail();
	return NULL;
}

/* The codes of the first record's diagnostics, as "301 310". */
static inline char *tt_codes(const char *src)
{
	tb_reader *r;
	tb_record *rec = tt_parse(src, &r);
	tt_str out = {0};
	for (size_t i = 0; i < tb_reader_ndiags(r); i++)
		tt_printf(&out, "%s%d", i ? " " : "", tb_reader_diag(r, i)->code);
	tb_record_free(rec);
	tb_reader_free(r);
	return tt_take(&out);
}

#define tt_assert_codes(src, want) tt_assert_str(tt_codes(src), (want))

/* The canonical text of the first record of 'src', which must have no
 * errors. Caller frees. */
static inline char *tt_canon(const char *src)
{
	tb_reader *r;
	tb_record *rec = tt_parse(src, &r);
	char *text = tb_record_write(rec, NULL);
	if (!text) {
		tt_str out = {0};
		tt_diags(&out, r);
		print_message("record has errors:\n%s\n%s", src, out.d ? out.d : "");
		free(out.d);
	}
	assert_non_null(text);
	tb_record_free(rec);
	tb_reader_free(r);
	return text;
}

/* A fault told (tb_reader_validate_faults), whole, as one line
 * appended to the tt_str 'ctx'. */
static inline void tt_put_fault(void *ctx, const tb_fault *f)
{
	tt_str *out = ctx;
	tt_printf(out, "fault %d %d %u:%u-%u [%s] %s | %s | %s |", f->code, (int)f->severity,
	          f->line, f->col, f->end_col, f->token ? f->token : "", f->reason, f->message,
	          f->position ? f->position : "-");
	for (size_t i = 0; i < f->ncandidates; i++)
		tt_printf(out, " %s", f->candidates[i]);
	tt_printf(out, " | %s\n", f->repair ? f->repair : "-");
}

/* The seven-tag roster of a La Pitarra record with nothing known. */
#define TT_PITARRA_ROSTER                                                      \
	"[Game \"pitarra\"]\n[Rules \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n" \
	"[Red \"?\"]\n[Yellow \"?\"]\n[Result \"*\"]\n"
#define TT_ASALTO_ROSTER                                                       \
	"[Game \"asalto\"]\n[Rules \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n" \
	"[Attackers \"?\"]\n[Defenders \"?\"]\n[Result \"*\"]\n"
#define TT_OCEN_ROSTER                                                         \
	"[Game \"ocencahuac\"]\n[Rules \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n" \
	"[Sanganguey \"?\"]\n[Ceboruco \"?\"]\n[Result \"*\"]\n"

/* A small deterministic generator (xorshift64*), so failures repeat. */
typedef struct tt_rng {
	uint64_t s;
} tt_rng;

static inline uint64_t tt_rand(tt_rng *g)
{
	g->s ^= g->s >> 12;
	g->s ^= g->s << 25;
	g->s ^= g->s >> 27;
	return g->s * UINT64_C(2685821657736338717);
}

/* Uniform enough in 0..n-1 (n > 0). */
static inline unsigned tt_below(tt_rng *g, unsigned n)
{
	return (unsigned)(tt_rand(g) >> 33) % n;
}

/* ===== The rules engines' tests: tokens, a PRNG, a clock ===== */

static inline int tt_strcmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* 'n' tokens, NUL-terminated strings 'stride' bytes apart (a
 * char tok[N][LEN] array of any LEN). */
typedef struct tt_toks {
	const char *tok;
	size_t n, stride;
} tt_toks;

#define TT_TOKS(l) ((tt_toks){(const char *)(l)->tok, (l)->n, sizeof (l)->tok[0]})

static inline void tt_print_tokens(const char *who, tt_toks t)
{
	print_message("  %s (%zu):", who, t.n);
	for (size_t i = 0; i < t.n; i++)
		print_message(" %s", t.tok + i * t.stride);
	print_message("\n");
}

static inline int tt_has_token(tt_toks t, const char *tok)
{
	for (size_t i = 0; i < t.n; i++)
		if (strcmp(t.tok + i * t.stride, tok) == 0)
			return 1;
	return 0;
}

/* Both sorted: the same tokens, each once? Prints both, and what only
 * one has, when not. */
static inline int tt_same_tokens(const char *rules, const char *pos, tt_toks a, tt_toks b,
                                 const char *a_is, const char *b_is)
{
	int ok = a.n == b.n;
	for (size_t i = 0; ok && i < a.n; i++)
		ok = strcmp(a.tok + i * a.stride, b.tok + i * b.stride) == 0 &&
		     (i == 0 || strcmp(a.tok + (i - 1) * a.stride, a.tok + i * a.stride) != 0);
	if (!ok) {
		print_message("legal turns differ: rules \"%s\", position \"%s\"\n", rules, pos);
		tt_print_tokens(a_is, a);
		tt_print_tokens(b_is, b);
		for (int side = 0; side < 2; side++) {
			tt_toks x = side ? b : a, y = side ? a : b;
			print_message("  only %s:", side ? b_is : a_is);
			for (size_t i = 0; i < x.n; i++)
				if (!tt_has_token(y, x.tok + i * x.stride))
					print_message(" %s", x.tok + i * x.stride);
			print_message("\n");
		}
	}
	return ok;
}

/* splitmix64, for tests whose state is one number (the rules tests'
 * playouts; tt_rand above keeps a tt_rng). */
static inline uint64_t tt_splitmix(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* Seconds on a monotonic clock: for what the tests print, never for
 * what they assert. */
static inline double tt_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

#endif
