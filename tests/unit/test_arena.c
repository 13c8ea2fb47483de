/*
 * test_arena.c -- lib/arena.c: the bump allocator a record lives in.
 */
#include "tb_test.h"

#include <pthread.h>
#include <stdalign.h>

#include "arena.h"

static int S_aligned(const void *p)
{
	return (uintptr_t)p % alignof(max_align_t) == 0;
}

static int S_all_zero(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return 0;
	return 1;
}

static void test_alloc_zeroed_and_aligned(void **state)
{
	(void)state;
	tb_arena a = {0};
	tt_rng g = {12345};
	for (int i = 0; i < 5000; i++) {
		size_t n = 1 + tt_below(&g, 200);
		unsigned char *p = tb_arena_alloc(&a, n);
		assert_non_null(p);
		assert_true(S_aligned(p));
		assert_true(S_all_zero(p, n));
		memset(p, 0xA5, n); /* dirty it: later blocks must still come zeroed */
	}
	tb_arena_free(&a);
}

static void test_zeroed_even_when_memory_is_reused(void **state)
{
	(void)state;
	/* malloc tends to hand back what was just freed: an arena that did
	 * not clear would show the old bytes. */
	for (int round = 0; round < 4; round++) {
		tb_arena a = {0};
		unsigned char *p = tb_arena_alloc(&a, 8000);
		assert_true(S_all_zero(p, 8000));
		unsigned char *q = tb_arena_alloc(&a, 8000);
		assert_true(S_all_zero(q, 8000));
		memset(p, 0xFF, 8000);
		memset(q, 0xFF, 8000);
		tb_arena_free(&a);
	}
}

static void test_allocations_do_not_overlap(void **state)
{
	(void)state;
	tb_arena a = {0};
	enum { N = 3000 };
	unsigned char *ptr[N];
	size_t len[N];
	tt_rng g = {99};
	for (int i = 0; i < N; i++) {
		len[i] = tt_below(&g, 7) == 0 ? 20000 + tt_below(&g, 5000) : 1 + tt_below(&g, 300);
		ptr[i] = tb_arena_alloc(&a, len[i]);
		memset(ptr[i], i % 251, len[i]);
	}
	for (int i = 0; i < N; i++)
		for (size_t k = 0; k < len[i]; k++)
			if (ptr[i][k] != i % 251)
				fail_msg("allocation %d was overwritten at byte %zu", i, k);
	tb_arena_free(&a);
}

static void test_large_allocations(void **state)
{
	(void)state;
	tb_arena a = {0};
	unsigned char *small = tb_arena_alloc(&a, 10);
	memset(small, 1, 10);
	size_t big_n = 5u << 20;
	unsigned char *big = tb_arena_alloc(&a, big_n);
	assert_non_null(big);
	assert_true(S_aligned(big));
	assert_true(S_all_zero(big, big_n));
	memset(big, 2, big_n);
	assert_true(a.total >= big_n + 10);
	/* small allocations go on working after it */
	unsigned char *after = tb_arena_alloc(&a, 100);
	assert_true(S_aligned(after));
	assert_true(S_all_zero(after, 100));
	memset(after, 3, 100);
	for (size_t i = 0; i < 10; i++)
		assert_int_equal(small[i], 1);
	assert_int_equal(big[0], 2);
	assert_int_equal(big[big_n - 1], 2);
	/* exactly one block's worth, and just over it */
	unsigned char *b16 = tb_arena_alloc(&a, 16 * 1024);
	assert_true(S_all_zero(b16, 16 * 1024));
	unsigned char *b17 = tb_arena_alloc(&a, 16 * 1024 + 1);
	assert_true(S_all_zero(b17, 16 * 1024 + 1));
	assert_true(b17 + 16 * 1024 + 1 <= b16 || b16 + 16 * 1024 <= b17);
	tb_arena_free(&a);
}

static void test_total_stays_proportional(void **state)
{
	(void)state;
	tb_arena a = {0};
	size_t asked = 0;
	for (int i = 0; i < 10000; i++) {
		tb_arena_alloc(&a, 48);
		asked += 48;
	}
	assert_true(a.total >= asked);
	assert_true(a.total <= 2 * asked + 64 * 1024); /* no block per allocation */
	tb_arena_free(&a);
}

static void test_zero_size(void **state)
{
	(void)state;
	tb_arena a = {0};
	void *p = tb_arena_alloc(&a, 0);
	assert_non_null(p);
	assert_true(S_aligned(p));
	unsigned char *q = tb_arena_alloc(&a, 1);
	assert_true(S_aligned(q));
	*q = 7;
	tb_arena_free(&a);
}

static void test_strndup(void **state)
{
	(void)state;
	tb_arena a = {0};
	char *s = tb_arena_strndup(&a, "Querétaro y más", 9);
	assert_string_equal(s, "Querétar"); /* 9 bytes: 'é' is two */
	assert_int_equal(strlen(s), 9);
	char *e = tb_arena_strndup(&a, "xyz", 0);
	assert_string_equal(e, "");
	char *w = tb_arena_strndup(&a, "a\0b", 3); /* bytes, not a C string */
	assert_memory_equal(w, "a\0b\0", 4);
	/* strings are not aligned (they would pad one another); they
	 * do not overlap */
	assert_true(w + 4 <= e || e + 1 <= w);
	assert_true(e + 1 <= s || s + 10 <= e);
	size_t n = 100000;
	char *src = malloc(n);
	memset(src, 'k', n);
	char *big = tb_arena_strndup(&a, src, n);
	assert_memory_equal(big, src, n);
	assert_int_equal(big[n], '\0');
	free(src);
	tb_arena_free(&a);
}

/* Strings (from a block's top) and objects (from its bottom) share the
 * blocks: neither overlaps the other, objects stay aligned, and a large
 * allocation does not give up the head block's free bytes. */
static void test_strings_and_objects_share(void **state)
{
	(void)state;
	tb_arena a = {0};
	enum { N = 3000 };
	static unsigned char *obj[N];
	static char *str[N];
	for (int i = 0; i < N; i++) {
		char text[16];
		int n = snprintf(text, sizeof text, "s%d", i);
		str[i] = tb_arena_strndup(&a, text, (size_t)n);
		obj[i] = tb_arena_alloc(&a, (size_t)(i % 7) * 8 + 1);
		assert_true(S_aligned(obj[i]));
		assert_true(S_all_zero(obj[i], (size_t)(i % 7) * 8 + 1));
		memset(obj[i], 0xAB, (size_t)(i % 7) * 8 + 1);
	}
	for (int i = 0; i < N; i++) {
		char text[16];
		snprintf(text, sizeof text, "s%d", i);
		assert_string_equal(str[i], text);
		assert_int_equal(obj[i][0], 0xAB);
	}
	tb_arena_free(&a);
	unsigned char *x = tb_arena_alloc(&a, 16);
	unsigned char *big = tb_arena_alloc(&a, 1u << 20);
	unsigned char *y = tb_arena_alloc(&a, 16);
	assert_non_null(big);
	assert_ptr_equal(y, x + 16); /* the same block as before the large one */
	tb_arena_free(&a);
}

static void test_free_resets_and_reuses(void **state)
{
	(void)state;
	tb_arena a = {0};
	tb_arena_free(&a); /* empty arena */
	assert_null(a.head);
	tb_arena_alloc(&a, 100);
	tb_arena_alloc(&a, 100000);
	assert_non_null(a.head);
	assert_true(a.total > 0);
	tb_arena_free(&a);
	assert_null(a.head);
	assert_null(a.lo);
	assert_null(a.hi);
	assert_int_equal(a.total, 0);
	tb_arena_free(&a); /* twice */
	char *s = tb_arena_strndup(&a, "otra vez", 8);
	assert_string_equal(s, "otra vez");
	tb_arena_free(&a);
}

/* Copies of every small size (copied inline, arena.h) and a few larger
 * ones, from every offset of a source: the bytes, a NUL after them,
 * and nothing written past them. */
static void test_small_copies(void **state)
{
	(void)state;
	char src[64];
	for (int i = 0; i < 64; i++)
		src[i] = (char)('A' + i % 50);
	for (size_t n = 0; n <= 40; n++)
		for (size_t at = 0; at + n <= sizeof src && at < 8; at++) {
			tb_arena a = {0};
			char *s = tb_arena_strndup(&a, src + at, n);
			assert_memory_equal(s, src + at, n);
			assert_int_equal(s[n], '\0');
			unsigned char *o = tb_arena_copy(&a, src + at, n);
			unsigned char *next = tb_arena_alloc(&a, 16); /* after o's rounded size */
			assert_memory_equal(o, src + at, n);
			assert_true(S_all_zero(next, 16));
			tb_arena_free(&a);
		}
}

static unsigned long S_allocs; /* the library's allocations, counted */

static int S_count(void *ctx, size_t size)
{
	(void)ctx;
	(void)size;
	S_allocs++;
	return 0;
}

/* In a thread of its own, so that it starts with no block kept. */
static void *S_kept_blocks(void *arg)
{
	int *ok = arg;
	tb_arena a = {0};
	unsigned char *p = tb_arena_alloc(&a, 64);
	memset(p, 0xEE, 64);
	size_t first = a.total; /* the first block's bytes */
	while (a.total == first) /* dirty the rest of it too, into a second block */
		memset(tb_arena_alloc(&a, 64), 0xEE, 64);
	unsigned long made = S_allocs;
	tb_arena_free(&a);
	tb_arena b = {0};
	unsigned char *q = tb_arena_alloc(&b, 64);
	*ok = S_allocs == made && q == p && S_all_zero(q, 64);
	for (int i = 0; i < 150; i++) /* into the second block kept */
		*ok &= S_all_zero(tb_arena_alloc(&b, 64), 64);
	*ok &= S_allocs == made;
	tb_arena_free(&b);
	return NULL;
}

/* The blocks an arena gives back are kept for the thread's next arena,
 * which then starts in them, zeroed as new ones, allocating nothing;
 * and a thread's kept blocks are freed when it ends (the sanitizers'
 * leak check sees to that). */
static void test_blocks_kept_for_the_next_arena(void **state)
{
	(void)state;
	int ok = 0;
	pthread_t t;
	tb_set_alloc_hook(S_count, NULL);
	assert_int_equal(pthread_create(&t, NULL, S_kept_blocks, &ok), 0);
	assert_int_equal(pthread_join(t, NULL), 0);
	tb_set_alloc_hook(NULL, NULL);
	assert_true(ok);
}

static void *S_arenas(void *arg)
{
	(void)arg;
	for (int round = 0; round < 50; round++) {
		tb_arena a = {0};
		for (int i = 0; i < 2000; i++)
			tb_arena_alloc(&a, 40);
		tb_arena_free(&a);
	}
	return NULL;
}

static void test_threads_keep_their_own(void **state)
{
	(void)state;
	pthread_t t[2];
	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_create(&t[i], NULL, S_arenas, NULL), 0);
	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_join(t[i], NULL), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_alloc_zeroed_and_aligned),
		cmocka_unit_test(test_zeroed_even_when_memory_is_reused),
		cmocka_unit_test(test_allocations_do_not_overlap),
		cmocka_unit_test(test_large_allocations),
		cmocka_unit_test(test_total_stays_proportional),
		cmocka_unit_test(test_zero_size),
		cmocka_unit_test(test_strndup),
		cmocka_unit_test(test_strings_and_objects_share),
		cmocka_unit_test(test_free_resets_and_reuses),
		cmocka_unit_test(test_small_copies),
		cmocka_unit_test(test_blocks_kept_for_the_next_arena),
		cmocka_unit_test(test_threads_keep_their_own),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
