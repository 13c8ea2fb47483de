/*
 * test_near.c -- lib/near.c: the edit distance behind "did you mean",
 * checked against a plain full-table Damerau-Levenshtein (optimal
 * string alignment) on random short words.
 */
#include "tb_test.h"

#include "near.h"

static unsigned S_ed(const char *a, const char *b)
{
	return tb_edit_distance(a, strlen(a), b, strlen(b), 10);
}

static void test_distance(void **state)
{
	(void)state;
	assert_int_equal(S_ed("pitarra", "pitarra"), 0);
	assert_int_equal(S_ed("pitara", "pitarra"), 1);   /* one left out */
	assert_int_equal(S_ed("pitrara", "pitarra"), 1);  /* two swapped */
	assert_int_equal(S_ed("PITARRA", "pitarra"), 0);  /* case ignored */
	assert_int_equal(S_ed("asalta", "asalto"), 1);
	assert_int_equal(S_ed("", "abc"), 3);
	assert_int_equal(S_ed("ca", "abc"), 3);           /* OSA, not full Damerau */
	assert_int_equal(S_ed("Sitio", "Site"), 2);
	/* bounded: past the bound, bound + 1, whatever the distance */
	assert_int_equal(tb_edit_distance("ocencahuac", 10, "pitarra", 7, 2), 3);
	assert_int_equal(tb_edit_distance("abcdef", 6, "a", 1, 2), 3);
	/* long names: only equal but for case */
	char a[80], b[80];
	memset(a, 'x', 79), a[79] = '\0';
	memcpy(b, a, 80);
	assert_int_equal(tb_edit_distance(a, 79, b, 79, 2), 0);
	b[3] = 'y';
	assert_int_equal(tb_edit_distance(a, 79, b, 79, 2), 3);
}

/* The whole table, three rows kept in full: what the bounded one must
 * equal within its bound. */
static unsigned S_full(const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);
	unsigned d[9][9];
	for (size_t i = 0; i <= na; i++)
		d[i][0] = (unsigned)i;
	for (size_t j = 0; j <= nb; j++)
		d[0][j] = (unsigned)j;
	for (size_t i = 1; i <= na; i++)
		for (size_t j = 1; j <= nb; j++) {
			unsigned c = a[i - 1] != b[j - 1];
			unsigned v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + c < v)
				v = d[i - 1][j - 1] + c;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[na][nb];
}

static void test_against_table(void **state)
{
	(void)state;
	srand(29);
	for (int k = 0; k < 20000; k++) {
		char a[9], b[9];
		size_t na = (size_t)rand() % 9, nb = (size_t)rand() % 9;
		for (size_t i = 0; i < na; i++)
			a[i] = (char)('a' + rand() % 3);
		for (size_t i = 0; i < nb; i++)
			b[i] = (char)('a' + rand() % 3);
		a[na] = b[nb] = '\0';
		unsigned full = S_full(a, b);
		for (unsigned bound = 0; bound < 4; bound++) {
			unsigned got = tb_edit_distance(a, na, b, nb, bound);
			assert_int_equal(got, full <= bound ? full : bound + 1);
		}
	}
}

static void test_pick(void **state)
{
	(void)state;
	const char *names[] = {"step", "slide", NULL, "fly"};
	assert_string_equal(tb_near_pick("slid", names, 4, 1), "slide");
	assert_string_equal(tb_near_pick("Fly", names, 4, 1), "fly");
	assert_null(tb_near_pick("walk", names, 4, 1));
	/* two as near: no guess */
	const char *tie[] = {"ab", "ba"};
	assert_null(tb_near_pick("aa", tie, 2, 1));
	/* the games: a slip of a name, never a name far from all */
	assert_ptr_equal(tb_game_nearest("pitara"), tb_game_find("pitarra"));
	assert_ptr_equal(tb_game_nearest("Asalot"), tb_game_find("asalto"));
	assert_ptr_equal(tb_game_nearest("ocencahuak"), tb_game_find("ocencahuac"));
	assert_ptr_equal(tb_game_nearest("pitarra"), tb_game_find("pitarra"));
	assert_null(tb_game_nearest("chess"));
	assert_null(tb_game_nearest("?"));
	assert_null(tb_game_nearest(NULL));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_distance),
		cmocka_unit_test(test_against_table),
		cmocka_unit_test(test_pick),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
