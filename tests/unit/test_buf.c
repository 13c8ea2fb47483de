/*
 * test_buf.c -- lib/buf.c: the growable byte buffer and the aborting
 * allocator (xalloc.h).
 */
#include "tb_test.h"

#include "buf.h"
#include "xalloc.h"

static void test_init_is_empty(void **state)
{
	(void)state;
	tb_buf b = TB_BUF_INIT;
	assert_null(b.data);
	assert_int_equal(b.len, 0);
	assert_int_equal(b.cap, 0);
	tb_buf_free(&b); /* freeing an unused buffer is fine */
	assert_null(b.data);
}

static void test_put_puts_putc(void **state)
{
	(void)state;
	tb_buf b = TB_BUF_INIT;
	tb_buf_puts(&b, "tres");
	tb_buf_putc(&b, ' ');
	tb_buf_put(&b, "cuadrosXX", 7);
	assert_int_equal(b.len, 12);
	assert_string_equal(b.data, "tres cuadros");
	assert_true(b.cap > b.len);
	assert_int_equal(b.data[b.len], '\0');
	tb_buf_free(&b);
	assert_null(b.data);
	assert_int_equal(b.len, 0);
	assert_int_equal(b.cap, 0);
}

static void test_put_nothing_still_terminates(void **state)
{
	(void)state;
	tb_buf b = TB_BUF_INIT;
	tb_buf_put(&b, NULL, 0);
	assert_non_null(b.data);
	assert_string_equal(b.data, "");
	assert_int_equal(b.len, 0);
	tb_buf_free(&b);
}

static void test_binary_bytes_are_kept(void **state)
{
	(void)state;
	tb_buf b = TB_BUF_INIT;
	tb_buf_put(&b, "a\0b", 3);
	tb_buf_putc(&b, '\0');
	tb_buf_putc(&b, 'c');
	assert_int_equal(b.len, 5);
	assert_memory_equal(b.data, "a\0b\0c", 6); /* and the terminating NUL */
	tb_buf_free(&b);
}

static void test_growth_many_small_appends(void **state)
{
	(void)state;
	tb_buf b = TB_BUF_INIT;
	size_t reallocs = 0, last_cap = 0;
	for (size_t i = 0; i < 200000; i++) {
		tb_buf_putc(&b, (char)('a' + i % 26));
		assert_true(b.cap >= b.len + 1);
		if (b.cap != last_cap) {
			reallocs++;
			last_cap = b.cap;
		}
	}
	assert_int_equal(b.len, 200000);
	for (size_t i = 0; i < b.len; i++)
		if (b.data[i] != (char)('a' + i % 26))
			fail_msg("byte %zu is wrong", i);
	assert_int_equal(b.data[b.len], '\0');
	/* geometric growth: a few dozen reallocations, not thousands */
	assert_true(reallocs < 40);
	tb_buf_free(&b);
}

static void test_grow_reserves_without_changing(void **state)
{
	(void)state;
	tb_buf b = TB_BUF_INIT;
	tb_buf_puts(&b, "xy");
	tb_buf_grow(&b, 5000);
	assert_true(b.cap >= 2 + 5000 + 1);
	assert_int_equal(b.len, 2);
	assert_string_equal(b.data, "xy");
	size_t cap = b.cap;
	char *data = b.data;
	tb_buf_put(&b, "0123456789", 10); /* fits: no reallocation */
	assert_int_equal(b.cap, cap);
	assert_ptr_equal(b.data, data);
	tb_buf_grow(&b, 0);
	assert_int_equal(b.cap, cap);
	tb_buf_free(&b);
}

static void test_large_single_append(void **state)
{
	(void)state;
	size_t n = 3u << 20;
	char *big = malloc(n);
	assert_non_null(big);
	for (size_t i = 0; i < n; i++)
		big[i] = (char)(i * 7);
	tb_buf b = TB_BUF_INIT;
	tb_buf_putc(&b, '<');
	tb_buf_put(&b, big, n);
	tb_buf_putc(&b, '>');
	assert_int_equal(b.len, n + 2);
	assert_int_equal(b.data[0], '<');
	assert_memory_equal(b.data + 1, big, n);
	assert_int_equal(b.data[n + 1], '>');
	assert_int_equal(b.data[n + 2], '\0');
	free(big);
	tb_buf_free(&b);
}

static void test_printf(void **state)
{
	(void)state;
	tb_buf b = TB_BUF_INIT;
	tb_buf_printf(&b, "%s:%u:%u: ", "games.tgn", 14u, 9u);
	tb_buf_printf(&b, "[TB%03d]", 7);
	tb_buf_printf(&b, "%c%5.1f|%-4s|", '=', 2.5, "ab");
	assert_string_equal(b.data, "games.tgn:14:9: [TB007]=  2.5|ab  |");
	assert_int_equal(b.len, strlen(b.data));
	tb_buf_free(&b);
}

static void test_printf_empty_result(void **state)
{
	(void)state;
	tb_buf b = TB_BUF_INIT;
	tb_buf_printf(&b, "%s", "");
	assert_non_null(b.data);
	assert_string_equal(b.data, "");
	assert_int_equal(b.len, 0);
	tb_buf_puts(&b, "x");
	tb_buf_printf(&b, "%.0s", "ignored");
	assert_string_equal(b.data, "x");
	tb_buf_free(&b);
}

static void test_printf_grows_past_capacity(void **state)
{
	(void)state;
	char *s = malloc(100001);
	assert_non_null(s);
	memset(s, 'q', 100000);
	s[100000] = '\0';
	tb_buf b = TB_BUF_INIT;
	tb_buf_puts(&b, "head ");
	tb_buf_printf(&b, "[%s]%d", s, 42);
	assert_int_equal(b.len, 5 + 1 + 100000 + 1 + 2);
	assert_memory_equal(b.data, "head [", 6);
	assert_memory_equal(b.data + 6, s, 100000);
	assert_string_equal(b.data + 6 + 100000, "]42");
	free(s);
	tb_buf_free(&b);
}

static void test_putu(void **state)
{
	(void)state;
	tb_buf b = TB_BUF_INIT;
	tb_buf_putu(&b, 0);
	tb_buf_putc(&b, ' ');
	tb_buf_putu(&b, 7);
	tb_buf_putc(&b, ' ');
	tb_buf_putu(&b, 10);
	tb_buf_putc(&b, ' ');
	tb_buf_putu(&b, 999999);
	tb_buf_putc(&b, ' ');
	tb_buf_putu(&b, 4294967295ul);
	assert_string_equal(b.data, "0 7 10 999999 4294967295");
	tb_buf_clear(&b);
	char want[32];
	snprintf(want, sizeof want, "%lu", (unsigned long)-1);
	tb_buf_putu(&b, (unsigned long)-1);
	assert_string_equal(b.data, want);
	assert_int_equal(b.len, strlen(want));
	tb_buf_free(&b);
}

static void S_vp(tb_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void S_vp(tb_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	tb_buf_vprintf(b, fmt, ap);
	va_end(ap);
}

static void test_vprintf(void **state)
{
	(void)state;
	tb_buf b = TB_BUF_INIT;
	for (int i = 0; i < 1000; i++)
		S_vp(&b, "%d,", i);
	char want[8];
	snprintf(want, sizeof want, "%d,", 999);
	assert_int_equal(strncmp(b.data, "0,1,2,3,", 8), 0);
	assert_string_equal(b.data + b.len - strlen(want), want);
	/* 10 one-digit, 90 two-digit, 900 three-digit numbers, each with ',' */
	assert_int_equal(b.len, 10 * 2 + 90 * 3 + 900 * 4);
	tb_buf_free(&b);
}

static void test_clear_keeps_memory(void **state)
{
	(void)state;
	tb_buf b = TB_BUF_INIT;
	tb_buf_puts(&b, "una cadena bastante larga para crecer algo");
	size_t cap = b.cap;
	char *data = b.data;
	tb_buf_clear(&b);
	assert_int_equal(b.len, 0);
	assert_int_equal(b.cap, cap);
	assert_ptr_equal(b.data, data);
	assert_string_equal(b.data, "");
	tb_buf_puts(&b, "otra");
	assert_string_equal(b.data, "otra");
	tb_buf_free(&b);

	tb_buf e = TB_BUF_INIT;
	tb_buf_clear(&e); /* on a never-used buffer */
	assert_null(e.data);
	assert_int_equal(e.len, 0);
}

static void test_detach(void **state)
{
	(void)state;
	tb_buf b = TB_BUF_INIT;
	tb_buf_puts(&b, "d1 a1");
	size_t len = 99;
	char *s = tb_buf_detach(&b, &len);
	assert_string_equal(s, "d1 a1");
	assert_int_equal(len, 5);
	assert_null(b.data);
	assert_int_equal(b.len, 0);
	assert_int_equal(b.cap, 0);
	/* the buffer is usable again and independent of what was handed out */
	tb_buf_puts(&b, "g1");
	assert_string_equal(b.data, "g1");
	assert_string_equal(s, "d1 a1");
	free(s);
	char *t = tb_buf_detach(&b, NULL);
	assert_string_equal(t, "g1");
	free(t);
}

static void test_detach_empty_is_not_null(void **state)
{
	(void)state;
	tb_buf b = TB_BUF_INIT;
	size_t len = 7;
	char *s = tb_buf_detach(&b, &len);
	assert_non_null(s);
	assert_string_equal(s, "");
	assert_int_equal(len, 0);
	free(s);
	tb_buf_puts(&b, "x");
	tb_buf_clear(&b);
	s = tb_buf_detach(&b, &len);
	assert_string_equal(s, "");
	assert_int_equal(len, 0);
	free(s);
}

static void test_xalloc(void **state)
{
	(void)state;
	void *p = tb_xmalloc(0);
	assert_non_null(p);
	free(p);
	unsigned char *z = tb_xcalloc(1000, 3);
	for (size_t i = 0; i < 3000; i++)
		assert_int_equal(z[i], 0);
	z = tb_xrealloc(z, 6000);
	for (size_t i = 0; i < 3000; i++)
		assert_int_equal(z[i], 0); /* kept across the move */
	free(z);
	p = tb_xcalloc(0, 0);
	assert_non_null(p);
	free(p);
	char *s = tb_xstrdup("Sangangüey");
	assert_string_equal(s, "Sangangüey");
	free(s);
	s = tb_xstrdup("");
	assert_string_equal(s, "");
	free(s);
}

/* ===== Out of memory ===== */

static int S_refuse(void *ctx, size_t size)
{
	(void)size;
	return *(int *)ctx;
}

/* A soft buffer out of memory: the append that failed and every one
 * after it do nothing, the bytes before stay, detach says NULL, and the
 * buffer is empty and usable again after. */
static void test_soft_buffer_fails_sticky(void **state)
{
	(void)state;
	int refuse = 0;
	tb_set_alloc_hook(S_refuse, &refuse);
	tb_buf b = TB_BUF_SOFT;
	tb_buf_puts(&b, "keep");
	refuse = 1;
	char big[300];
	memset(big, 'x', sizeof big);
	tb_buf_put(&b, big, sizeof big);
	assert_false(tb_buf_ok(&b));
	assert_string_equal(b.data, "keep");
	refuse = 0;
	tb_buf_putc(&b, 'y'); /* sticky: memory is there again, the gap is not */
	tb_buf_printf(&b, "%d", 42);
	assert_string_equal(b.data, "keep");
	assert_false(tb_buf_ok(&b));
	size_t len = 7;
	assert_null(tb_buf_detach(&b, &len));
	assert_int_equal(len, 0);
	assert_true(tb_buf_ok(&b));
	assert_true(b.soft); /* detach keeps what kind of buffer it is */
	tb_buf_puts(&b, "again");
	assert_string_equal(b.data, "again");
	tb_buf_free(&b);
	tb_set_alloc_hook(NULL, NULL);
}

/* tb_malloc & co. say NULL, and a refused realloc keeps the block. */
static void test_alloc_refused(void **state)
{
	(void)state;
	int refuse = 0;
	tb_set_alloc_hook(S_refuse, &refuse);
	char *p = tb_strdup("Sangangüey");
	refuse = 1;
	assert_null(tb_malloc(1));
	assert_null(tb_calloc(2, 2));
	assert_null(tb_strdup("x"));
	assert_null(tb_realloc(p, 100));
	assert_string_equal(p, "Sangangüey");
	assert_null(tb_calloc((size_t)-1 / 2, 4)); /* overflows: refused before the hook */
	refuse = 0;
	assert_null(tb_calloc((size_t)-1 / 2, 4));
	free(p);
	tb_set_alloc_hook(NULL, NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_init_is_empty),
		cmocka_unit_test(test_put_puts_putc),
		cmocka_unit_test(test_put_nothing_still_terminates),
		cmocka_unit_test(test_binary_bytes_are_kept),
		cmocka_unit_test(test_growth_many_small_appends),
		cmocka_unit_test(test_grow_reserves_without_changing),
		cmocka_unit_test(test_large_single_append),
		cmocka_unit_test(test_printf),
		cmocka_unit_test(test_putu),
		cmocka_unit_test(test_printf_empty_result),
		cmocka_unit_test(test_printf_grows_past_capacity),
		cmocka_unit_test(test_vprintf),
		cmocka_unit_test(test_clear_keeps_memory),
		cmocka_unit_test(test_detach),
		cmocka_unit_test(test_detach_empty_is_not_null),
		cmocka_unit_test(test_xalloc),
		cmocka_unit_test(test_soft_buffer_fails_sticky),
		cmocka_unit_test(test_alloc_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
