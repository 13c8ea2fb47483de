/*
 * test_compare.c -- lib/compare.c through the public API ("Comparing
 * records" in tablero.h, spec/compare.md): tb_align, tb_plies_new,
 * tb_plies_align, tb_plies_position_diff, the main line as turns
 * (tb_plies_turn_at, tb_plies_align_turns, tb_plies_turn_position_diff),
 * tb_plies_key and
 * tb_plies_key_head, with tb_record_movetext and tb_record_comments.
 *
 * What is checked:
 *   1. tb_align against a deliberately simple O(N*M) dynamic programme
 *      for the longest common subsequence, on thousands of random and
 *      mutated pairs: the script must be valid (walking it gives both
 *      sequences in order, '=' only on equal items, each step's indices
 *      where the walk stands) and as short as N + M - 2 LCS;
 *   2. tb_plies_align on thousands of pairs of La Pitarra records
 *      (tokens spelt in random ways): valid, '=' only on the same
 *      token, and what tablero.h says its two passes make -- as many
 *      pairs at the same number and side as the LCS of (token, side,
 *      number) allows, and a shortest script by token between them;
 *   3. long records (10,000 turns): a construction whose shortest
 *      script is known by proof, small-alphabet pairs checked against
 *      a two-row version of the same programme; and a notebook with a
 *      move missing, where the turns after it must be found again;
 *   4. meaning, not spelling: a '?' point the one legal turn fills is
 *      that turn; an ambiguous one is not; spelling variants the reader
 *      canonicalises are the same turn; comments inside a reading are
 *      not what the turn is;
 *   5. keys: the same under the board's symmetries (every point mapped
 *      here by a table of our own, not by the library's; the copies
 *      replayed as legal as the games), a prefix ending before '\x1f'
 *      for a game that begins another, different for an Ocencahuac
 *      game mirrored and an Asalto game turned, the head alone for no
 *      turns;
 *   6. position differences, callback by callback;
 *   7. the bare movetext, and the comments walked in document order,
 *      stopping where the callback says.
 *
 * Random inputs come from tt_rng with fixed seeds, so every run is the
 * same run.
 */
#include "tb_test.h"

#include <ctype.h>

/* Under AddressSanitizer the random pairs run six times slower: a
 * quarter of them there (the same seeds, so the same first cases). */
#define S_REPS(n) (TT_SANITIZED ? (n) / 4 : (n))

/* ===== Records and their main lines ===== */

typedef struct S_rec {
	tb_record *rec;
	tb_plies *p;
} S_rec;

/* Reads the first record of 'src', which must have no errors
 * (warnings are fine), and its main line. */
static S_rec S_open_n(const char *src, size_t len)
{
	tb_reader *r;
	tb_record *rec = tt_parse_n(src, len, &r);
	if (tb_record_errors(rec)) {
		tt_str out = {0};
		tt_diags(&out, r);
		print_message("record has errors:\n%.300s\n%s", src, out.d ? out.d : "");
		free(out.d);
	}
	assert_int_equal(tb_record_errors(rec), 0);
	tb_reader_free(r);
	S_rec s = {rec, tb_plies_new(rec)};
	assert_non_null(s.p);
	return s;
}

static S_rec S_open(const char *src)
{
	return S_open_n(src, strlen(src));
}

static void S_close(S_rec *s)
{
	tb_plies_free(s->p);
	tb_record_free(s->rec);
	s->p = NULL;
	s->rec = NULL;
}

static const char *S_tok(const S_rec *s, size_t i)
{
	const tb_ply *y = tb_plies_at(s->p, i);
	assert_non_null(y);
	return y->token;
}

static char *S_key(const S_rec *s, size_t *len)
{
	char *k = tb_plies_key(s->p, len, NULL);
	assert_non_null(k);
	return k;
}

/* A key made printable, for failure messages. Caller frees. */
static char *S_show_key(const char *k, size_t n)
{
	tt_str out = {0};
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)k[i];
		if (c < 0x20)
			tt_printf(&out, "\\x%02x", c);
		else
			tt_putc(&out, (char)c);
	}
	return tt_take(&out);
}

static int S_key_equal(const char *a, size_t na, const char *b, size_t nb)
{
	return na == nb && memcmp(a, b, na) == 0;
}

/* Is key 'a' the key of a game that 'b' goes on from: a proper
 * prefix of 'b' ending right before a '\x1f' of 'b'? */
static int S_key_begins(const char *a, size_t na, const char *b, size_t nb)
{
	return na < nb && memcmp(a, b, na) == 0 && b[na] == '\x1f';
}

static void S_print_keys(const char *what, const char *a, size_t na, const char *b,
                         size_t nb)
{
	char *x = S_show_key(a, na), *y = S_show_key(b, nb);
	print_message("%s\n  a: %s\n  b: %s\n", what, x, y);
	free(x);
	free(y);
}

/* ===== The edit script, checked ===== */

/* Do node i of the first sequence and node j of the second match? */
typedef int (*S_eq_fn)(const void *ctx, size_t i, size_t j);

/* Checks that 'e' (n steps) is a valid edit script from a sequence of
 * 'na' items to one of 'nb': '=' steps pair items 'eq' calls equal,
 * every item of each side is used once, in order, and each step's
 * other index says where it stands in the other sequence. Returns the
 * number of '-' and '+' steps. */
static size_t S_check_edits(const tb_edit *e, size_t n, size_t na, size_t nb, S_eq_fn eq,
                            const void *ctx, const char *what)
{
	size_t i = 0, j = 0, edits = 0;
	for (size_t k = 0; k < n; k++) {
		int ok;
		switch (e[k].op) {
		case '=':
			ok = e[k].a == i && e[k].b == j && i < na && j < nb && eq(ctx, i, j);
			i++, j++;
			break;
		case '-':
			ok = e[k].a == i && e[k].b == j && i < na;
			i++, edits++;
			break;
		case '+':
			ok = e[k].a == i && e[k].b == j && j < nb;
			j++, edits++;
			break;
		default:
			ok = 0;
			break;
		}
		if (!ok) {
			print_message("%s: step %zu of %zu is '%c' %zu %zu, expected at a=%zu b=%zu"
			              " (a has %zu items, b %zu)\n",
			              what, k, n, e[k].op, e[k].a, e[k].b, i, j, na, nb);
			fail();
		}
	}
	if (i != na || j != nb) {
		print_message("%s: the script covers %zu of a's %zu items and %zu of b's %zu\n",
		              what, i, na, j, nb);
		fail();
	}
	return edits;
}

typedef struct S_two {
	const S_rec *a, *b;
} S_two;

static int S_tokens_eq(const void *ctx, size_t i, size_t j)
{
	const S_two *t = ctx;
	return strcmp(S_tok(t->a, i), S_tok(t->b, j)) == 0;
}

typedef struct S_nums {
	const uint32_t *a, *b;
} S_nums;

static int S_nums_eq(const void *ctx, size_t i, size_t j)
{
	const S_nums *t = ctx;
	return t->a[i] == t->b[j];
}

/* Aligns the main lines of a and b and checks the script (valid, '='
 * only on the same token); returns it, '*n' its steps, '*edits' its
 * '-' and '+'. */
static tb_edit *S_plies_script(const S_rec *a, const S_rec *b, size_t *n, size_t *edits,
                               const char *what)
{
	*n = 12345;
	tb_edit *e = tb_plies_align(a->p, b->p, n);
	size_t na = tb_plies_count(a->p), nb = tb_plies_count(b->p);
	assert_true(*n >= (na > nb ? na : nb) && *n <= na + nb);
	S_two t = {a, b};
	*edits = S_check_edits(e, *n, na, nb, S_tokens_eq, &t, what);
	return e;
}

static size_t S_align_checked(const S_rec *a, const S_rec *b, const char *what)
{
	size_t n, edits;
	free(S_plies_script(a, b, &n, &edits, what));
	return edits;
}

/* ===== The simple programme: longest common subsequence ===== */

/* The full O(N*M) table, the textbook recurrence. */
static size_t S_lcs_table(const uint32_t *a, size_t n, const uint32_t *b, size_t m)
{
	size_t w = m + 1;
	size_t *t = calloc((n + 1) * w, sizeof *t);
	assert_non_null(t);
	for (size_t i = 1; i <= n; i++)
		for (size_t j = 1; j <= m; j++) {
			size_t up = t[(i - 1) * w + j], left = t[i * w + j - 1];
			t[i * w + j] = a[i - 1] == b[j - 1] ? t[(i - 1) * w + j - 1] + 1
			             : up > left ? up : left;
		}
	size_t r = t[n * w + m];
	free(t);
	return r;
}

/* The same recurrence, two rows at a time (for long sequences). */
static size_t S_lcs_rows(const uint32_t *a, size_t n, const uint32_t *b, size_t m)
{
	uint32_t *prev = calloc(m + 1, sizeof *prev), *cur = calloc(m + 1, sizeof *cur);
	assert_non_null(prev);
	assert_non_null(cur);
	for (size_t i = 1; i <= n; i++) {
		cur[0] = 0;
		for (size_t j = 1; j <= m; j++)
			cur[j] = a[i - 1] == b[j - 1] ? prev[j - 1] + 1
			       : prev[j] > cur[j - 1] ? prev[j] : cur[j - 1];
		uint32_t *t = prev;
		prev = cur;
		cur = t;
	}
	size_t r = prev[m];
	free(prev);
	free(cur);
	return r;
}

static size_t S_lcs(const uint32_t *a, size_t n, const uint32_t *b, size_t m)
{
	return n * m <= 250000 ? S_lcs_table(a, n, b, m) : S_lcs_rows(a, n, b, m);
}

/* ===== Random sequences ===== */

static void S_random_words(tt_rng *g, uint32_t *w, size_t n, unsigned alphabet)
{
	for (size_t i = 0; i < n; i++)
		w[i] = tt_below(g, alphabet);
}

/* 'b' made from 'a' by 'k' random substitutions, insertions and
 * deletions; returns its length (b has room for na + k). */
static size_t S_mutate(tt_rng *g, const uint32_t *a, size_t na, uint32_t *b, unsigned k,
                       unsigned alphabet)
{
	if (na)
		memcpy(b, a, na * sizeof *a);
	size_t nb = na;
	for (unsigned e = 0; e < k; e++) {
		unsigned what = tt_below(g, 3);
		if (what == 1 || nb == 0) { /* insert */
			size_t at = tt_below(g, (unsigned)nb + 1);
			memmove(b + at + 1, b + at, (nb - at) * sizeof *b);
			b[at] = tt_below(g, alphabet);
			nb++;
		} else if (what == 0) { /* substitute */
			b[tt_below(g, (unsigned)nb)] = tt_below(g, alphabet);
		} else { /* delete */
			size_t at = tt_below(g, (unsigned)nb);
			memmove(b + at, b + at + 1, (nb - at - 1) * sizeof *b);
			nb--;
		}
	}
	return nb;
}

/* ===== tb_align: a shortest edit script of two sequences ===== */

static void S_align_numbers(const uint32_t *a, size_t na, const uint32_t *b, size_t nb,
                            const char *what, unsigned long case_no)
{
	char label[96];
	snprintf(label, sizeof label, "%s #%lu (%zu vs %zu)", what, case_no, na, nb);
	size_t want = na + nb - 2 * S_lcs(a, na, b, nb);
	for (int dir = 0; dir < 2; dir++) {
		const uint32_t *x = dir ? b : a, *y = dir ? a : b;
		size_t nx = dir ? nb : na, ny = dir ? na : nb, n = 12345;
		tb_edit *e = tb_align(x, nx, y, ny, &n);
		S_nums t = {x, y};
		size_t got = S_check_edits(e, n, nx, ny, S_nums_eq, &t, label);
		free(e);
		if (got != want) {
			print_message("%s%s: %zu edits, the shortest script has %zu\n", label,
			              dir ? " (b to a)" : "", got, want);
			fail();
		}
	}
}

static void test_tb_align_against_lcs(void **state)
{
	(void)state;
	tt_rng g = {UINT64_C(0x7AB1E40C0A1)};
	uint32_t a[320] = {0}, b[320] = {0};
	unsigned long cases = 0;
	/* the edges */
	S_align_numbers(a, 0, b, 0, "empty", cases++);
	a[0] = 1, a[1] = 2, b[0] = 2, b[1] = 1;
	S_align_numbers(a, 2, b, 0, "one empty", cases++);
	S_align_numbers(a, 2, b, 2, "swapped", cases++);
	S_align_numbers(a, 1, b, 1, "different", cases++);
	/* independent pairs, short and longer, alphabets of 1 to 12 */
	for (int t = 0; t < S_REPS(2300); t++) {
		unsigned alphabet = 1 + tt_below(&g, 12);
		unsigned top = t < S_REPS(2000) ? 61 : 301;
		size_t na = tt_below(&g, top), nb = tt_below(&g, top);
		S_random_words(&g, a, na, alphabet);
		S_random_words(&g, b, nb, alphabet);
		S_align_numbers(a, na, b, nb, "random", cases++);
	}
	/* one sequence and a few edits of it */
	for (int t = 0; t < S_REPS(2000); t++) {
		unsigned alphabet = 1 + tt_below(&g, 12);
		size_t na = tt_below(&g, t < S_REPS(1600) ? 61 : 301);
		S_random_words(&g, a, na, alphabet);
		size_t nb = S_mutate(&g, a, na, b, 1 + tt_below(&g, 6), alphabet);
		S_align_numbers(a, na, b, nb, "mutated", cases++);
	}
	print_message("  %lu pairs aligned by tb_align and checked against the LCS table\n",
	              cases);
}

static void test_tb_align_long(void **state)
{
	(void)state;
	enum { N = 10000 };
	uint32_t *a = malloc(N * sizeof *a), *b = malloc((N + 64) * sizeof *b);
	assert_non_null(a);
	assert_non_null(b);
	tt_rng g = {UINT64_C(0x10A6A1F4B)};
	for (int t = 0; t < 6; t++) {
		unsigned alphabet = 2 + (unsigned)t * 3;
		S_random_words(&g, a, N, alphabet);
		size_t nb = S_mutate(&g, a, N, b, 3 + (unsigned)t * 3, alphabet);
		S_align_numbers(a, N, b, nb, "10,000, a few edits", (unsigned long)t);
	}
	for (int t = 0; t < 2; t++) {
		S_random_words(&g, a, 3000, 4);
		S_random_words(&g, b, 2500, 4);
		S_align_numbers(a, 3000, b, 2500, "3,000 and 2,500, unrelated", (unsigned long)t);
	}
	free(a);
	free(b);
}

/* ===== tb_plies_align on random La Pitarra records ===== */

/* Tokens of the random records. Each has spellings the reader must
 * read as it: the alignment compares what the canonical form writes,
 * so the simple programme compares the canonical index. None is a turn
 * the rules could fill or reinterpret (no '?'). */
typedef struct S_word {
	const char *canon;
	const char *spell[3];
} S_word;

static const S_word S_words[] = {
	{"a1", {"a1", "A1", NULL}},
	{"d1", {"d1", "D1", NULL}},
	{"g1", {"g1", NULL, NULL}},
	{"b2", {"b2", "B2", NULL}},
	{"d2", {"d2", NULL, NULL}},
	{"pass", {"pass", "--", NULL}},
	{"a1-a4", {"a1-a4", "A1-A4", "a1-A4"}},
	{"d1xg7", {"d1xg7", "D1xG7", NULL}},
};
#define S_NWORDS (sizeof S_words / sizeof S_words[0])

static const char *S_spelling(tt_rng *g, uint32_t w)
{
	unsigned k = 0;
	while (k < 3 && S_words[w].spell[k])
		k++;
	return S_words[w].spell[tt_below(g, k)];
}

/* A record whose main line is the words 'w' (n of them), written with
 * random spellings, with or without move numbers. Caller frees. */
static char *S_record_text(tt_rng *g, const uint32_t *w, size_t n)
{
	tt_str s = {0};
	int numbers = (int)tt_below(g, 2);
	tt_puts(&s, "[Game \"pitarra\"]\n");
	for (size_t i = 0; i < n; i++) {
		if (numbers && i % 2 == 0)
			tt_printf(&s, "%zu. ", i / 2 + 1);
		tt_puts(&s, S_spelling(g, w[i]));
		tt_putc(&s, i % 16 == 15 ? '\n' : ' ');
	}
	tt_puts(&s, "*\n");
	return tt_take(&s);
}

/* The record of 'w' must have exactly those tokens, canonical. */
static void S_check_tokens(const S_rec *s, const uint32_t *w, size_t n)
{
	assert_int_equal(tb_plies_count(s->p), n);
	for (size_t i = 0; i < n; i++)
		if (strcmp(S_tok(s, i), S_words[w[i]].canon) != 0) {
			print_message("node %zu: token '%s', expected '%s'\n", i, S_tok(s, i),
			              S_words[w[i]].canon);
			fail();
		}
}

/* Node i of s as the first pass sees it: token, side and number. */
static uint32_t S_strict_id(const S_rec *s, const uint32_t *w, size_t i)
{
	const tb_ply *y = tb_plies_at(s->p, i);
	return ((uint32_t)y->number * 3u + (uint32_t)y->side) * (uint32_t)S_NWORDS + w[i];
}

/* What tablero.h says tb_plies_align does, checked on its result 'e':
 * a shortest script by token, always (against the LCS programme).
 * Returns 1 when it also pairs as many turns at the same number by the
 * same side as can be (the preferred script was shortest too). */
static int S_check_two_passes(const S_rec *ra, const uint32_t *a, size_t na,
                              const S_rec *rb, const uint32_t *b, size_t nb,
                              const tb_edit *e, size_t n, size_t edits, const char *label)
{
	size_t want = na + nb - 2 * S_lcs(a, na, b, nb);
	if (edits != want) {
		print_message("%s: %zu edits; the shortest by token has %zu\n", label, edits, want);
		fail();
	}
	uint32_t *sa = malloc((na + 1) * sizeof *sa), *sb = malloc((nb + 1) * sizeof *sb);
	assert_non_null(sa);
	assert_non_null(sb);
	for (size_t i = 0; i < na; i++)
		sa[i] = S_strict_id(ra, a, i);
	for (size_t j = 0; j < nb; j++)
		sb[j] = S_strict_id(rb, b, j);
	size_t strict_lcs = S_lcs(sa, na, sb, nb), anchors = 0;
	for (size_t k = 0; k < n; k++)
		anchors += e[k].op == '=' && sa[e[k].a] == sb[e[k].b];
	free(sa);
	free(sb);
	return anchors == strict_lcs;
}

/* One pair: the records of 'a' and 'b', aligned both ways; the scripts
 * must be valid and shortest. Returns how many of the two also pair
 * every turn they can at the same number by the same side. */
static int S_one_pair(tt_rng *g, const uint32_t *a, size_t na, const uint32_t *b,
                      size_t nb, const char *what, unsigned long case_no)
{
	char *ta = S_record_text(g, a, na), *tb = S_record_text(g, b, nb);
	S_rec ra = S_open(ta), rb = S_open(tb);
	S_check_tokens(&ra, a, na);
	S_check_tokens(&rb, b, nb);
	char label[96];
	snprintf(label, sizeof label, "%s #%lu (%zu vs %zu)", what, case_no, na, nb);
	int shortest = 0;
	for (int dir = 0; dir < 2; dir++) {
		const S_rec *x = dir ? &rb : &ra, *y = dir ? &ra : &rb;
		size_t n, edits;
		tb_edit *e = S_plies_script(x, y, &n, &edits, label);
		shortest += S_check_two_passes(x, dir ? b : a, dir ? nb : na, y, dir ? a : b,
		                               dir ? na : nb, e, n, edits, label);
		free(e);
	}
	S_close(&ra);
	S_close(&rb);
	free(ta);
	free(tb);
	return shortest;
}

/* a aligned with b is 'count' steps, each 'op', in order: '-' steps
 * walk a, '+' steps walk b, '=' steps both. */
static void S_expect_all(const S_rec *a, const S_rec *b, char op, size_t count)
{
	size_t n = 99;
	tb_edit *e = tb_plies_align(a->p, b->p, &n);
	assert_int_equal(n, count);
	for (size_t i = 0; i < count; i++) {
		assert_int_equal(e[i].op, op);
		if (op != '+')
			assert_int_equal(e[i].a, i);
		if (op != '-')
			assert_int_equal(e[i].b, i);
	}
	free(e);
}

static void test_align_small_cases(void **state)
{
	(void)state;
	S_rec e0 = S_open("[Game \"pitarra\"]\n*\n");
	S_rec e1 = S_open("[Game \"pitarra\"]\n{nada} *\n");
	S_rec x = S_open("[Game \"pitarra\"]\n1. d1 a1 2. g1 *\n");
	S_rec y = S_open("[Game \"pitarra\"]\n1. d1 a1 2. g1 *\n");
	S_rec z = S_open("[Game \"pitarra\"]\n1. a1 d1 2. b2 *\n");
	size_t n = 99;
	tb_edit *e = tb_plies_align(e0.p, e1.p, &n);
	assert_int_equal(n, 0);
	free(e);
	/* nothing against something: all of one side */
	S_expect_all(&e0, &x, '+', 3);
	S_expect_all(&x, &e0, '-', 3);
	/* the same: all '=' */
	S_expect_all(&x, &y, '=', 3);
	/* d1 a1 g1 against a1 d1 b2: one of d1/a1 is kept, so 4 edits */
	assert_int_equal(S_align_checked(&x, &z, "d1 a1 g1 / a1 d1 b2"), 4);
	S_close(&e0);
	S_close(&e1);
	S_close(&x);
	S_close(&y);
	S_close(&z);
}

/* spec/compare.md §2: the tape has the fourth move elsewhere and one
 * more; the substitution faces its counterpart. */
static void test_align_spec_example(void **state)
{
	(void)state;
	S_rec a = S_open("[Game \"pitarra\"]\n1. d1 d7 2. a1 {buena} g7 3. g1xd7 a7 4. b2 b6 *\n");
	S_rec b = S_open("[Game \"pitarra\"]\n1.D1 d7 2. a1 g7 3. g1xd7 a7 4. f2 b6 5. b2 *\n");
	size_t n, edits;
	tb_edit *e = S_plies_script(&a, &b, &n, &edits, "spec example");
	tt_str s = {0};
	for (size_t i = 0; i < n; i++)
		tt_printf(&s, "%c%zu,%zu ", e[i].op, e[i].a, e[i].b);
	free(e);
	tt_assert_str(tt_take(&s), "=0,0 =1,1 =2,2 =3,3 =4,4 =5,5 -6,6 +7,6 =7,7 +8,8 ");
	assert_int_equal(edits, 3);
	S_close(&a);
	S_close(&b);
}

static void test_plies_align_random_pairs(void **state)
{
	(void)state;
	tt_rng g = {UINT64_C(0x5EED0F7AB1E)};
	uint32_t a[320] = {0}, b[320] = {0};
	unsigned long cases = 0, shortest = 0;
	/* independent pairs */
	for (int t = 0; t < S_REPS(2120); t++) {
		unsigned alphabet = 1 + tt_below(&g, S_NWORDS);
		unsigned top = t < S_REPS(2000) ? 61 : 301;
		size_t na = tt_below(&g, top), nb = tt_below(&g, top);
		S_random_words(&g, a, na, alphabet);
		S_random_words(&g, b, nb, alphabet);
		shortest += (unsigned long)S_one_pair(&g, a, na, b, nb, "random", cases++);
	}
	/* one sequence and a few edits of it */
	for (int t = 0; t < S_REPS(1500); t++) {
		unsigned alphabet = 1 + tt_below(&g, S_NWORDS);
		size_t na = tt_below(&g, t < S_REPS(1200) ? 61 : 301);
		S_random_words(&g, a, na, alphabet);
		size_t nb = S_mutate(&g, a, na, b, 1 + tt_below(&g, 6), alphabet);
		shortest += (unsigned long)S_one_pair(&g, a, na, b, nb, "mutated", cases++);
	}
	print_message("  %lu pairs of records aligned both ways, every script shortest; %lu of "
	              "the %lu also pair every turn they can at the same number\n",
	              cases, shortest, 2 * cases);
}

/* ===== Long records ===== */

/* The 24 points of La Pitarra, in no particular order. */
static const char *const S_points[24] = {
	"a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4",
	"e4", "f4", "g4", "c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7"};

/* Distinct token number 'i' (< 24 * 23 * 24): "p-qxr". */
static void S_distinct_token(char out[16], unsigned i)
{
	unsigned r = i % 24, q = (i / 24) % 23, p = i / (24 * 23);
	unsigned qq = q >= p ? q + 1 : q; /* q != p */
	snprintf(out, 16, "%s-%sx%s", S_points[p], S_points[qq], S_points[r]);
}

static char *S_long_text(const uint32_t *ids, size_t n)
{
	tt_str s = {0};
	tt_puts(&s, "[Game \"pitarra\"]\n");
	for (size_t i = 0; i < n; i++) {
		char t[16];
		S_distinct_token(t, ids[i]);
		if (i % 2 == 0)
			tt_printf(&s, "%zu. ", i / 2 + 1);
		tt_puts(&s, t);
		tt_putc(&s, i % 10 == 9 ? '\n' : ' ');
	}
	tt_puts(&s, "1-0\n");
	return tt_take(&s);
}

/* a: 10,000 distinct tokens. b: a with d deletions, s substitutions and
 * i insertions, the new tokens not in a. Every common subsequence uses
 * only tokens both have, each once in each and in the same order, so
 * the LCS is the tokens kept, and the shortest script has exactly
 * d + 2 s + i edits. The first pass can only pair kept tokens, which
 * all lie on that one longest subsequence, so the two passes find it. */
static void test_align_long_distinct(void **state)
{
	(void)state;
	enum { N = 10000 };
	uint32_t *a = malloc(N * sizeof *a), *b = malloc((N + 64) * sizeof *b);
	assert_non_null(a);
	assert_non_null(b);
	tt_rng g = {UINT64_C(0xD15711C7)};
	/* a: the tokens 0..N-1 in a shuffled order */
	for (unsigned i = 0; i < N; i++)
		a[i] = i;
	for (unsigned i = N - 1; i > 0; i--) {
		unsigned j = tt_below(&g, i + 1);
		uint32_t t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
	static const struct {
		unsigned del, sub, ins;
	} plans[] = {{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {0, 1, 0}, {3, 3, 3}, {7, 2, 5}, {0, 0, 12},
	             {12, 0, 0}};
	for (size_t pl = 0; pl < sizeof plans / sizeof plans[0]; pl++) {
		/* mark positions of a: 0 keep, 1 delete, 2 substitute */
		unsigned char *mark = calloc(N, 1);
		assert_non_null(mark);
		uint32_t fresh = N; /* new tokens: N, N+1, ... */
		for (unsigned k = 0; k < plans[pl].del + plans[pl].sub; k++) {
			unsigned at;
			do
				at = tt_below(&g, N);
			while (mark[at]);
			mark[at] = k < plans[pl].del ? 1 : 2;
		}
		/* insertion points: before a[at] (at == N: at the end) */
		unsigned ins_at[16];
		for (unsigned k = 0; k < plans[pl].ins; k++)
			ins_at[k] = tt_below(&g, N + 1);
		size_t nb = 0;
		for (unsigned i = 0; i <= N; i++) {
			for (unsigned k = 0; k < plans[pl].ins; k++)
				if (ins_at[k] == i)
					b[nb++] = fresh++;
			if (i == N)
				break;
			if (mark[i] == 0)
				b[nb++] = a[i];
			else if (mark[i] == 2)
				b[nb++] = fresh++;
		}
		free(mark);
		assert_true(fresh < 24 * 23 * 24);
		char *ta = S_long_text(a, N), *tb = S_long_text(b, nb);
		S_rec ra = S_open(ta), rb = S_open(tb);
		assert_int_equal(tb_plies_count(ra.p), N);
		assert_int_equal(tb_plies_count(rb.p), nb);
		size_t want = plans[pl].del + 2 * plans[pl].sub + plans[pl].ins;
		char label[64];
		snprintf(label, sizeof label, "long plan %zu", pl);
		size_t got = S_align_checked(&ra, &rb, label);
		if (got != want) {
			print_message("%s: %zu edits, the shortest script has %zu\n", label, got, want);
			fail();
		}
		assert_int_equal(S_align_checked(&rb, &ra, label), want);
		/* tb_align on the same numbers */
		S_align_numbers(a, N, b, nb, label, 0);
		S_close(&ra);
		S_close(&rb);
		free(ta);
		free(tb);
	}
	free(a);
	free(b);
}

/* 10,000 turns from a small alphabet, a handful of edits apart:
 * the two passes, checked against the LCS programme. */
static void test_align_long_small_alphabet(void **state)
{
	(void)state;
	enum { N = 10000 };
	uint32_t *a = malloc(N * sizeof *a), *b = malloc((N + 64) * sizeof *b);
	assert_non_null(a);
	assert_non_null(b);
	tt_rng g = {UINT64_C(0x10A6A1F4C)};
	for (int t = 0; t < 3; t++) {
		unsigned alphabet = 3 + (unsigned)t * 2;
		S_random_words(&g, a, N, alphabet);
		size_t nb = S_mutate(&g, a, N, b, 3 + (unsigned)t * 4, alphabet);
		S_one_pair(&g, a, N, b, nb, "long, small alphabet", (unsigned long)t);
	}
	free(a);
	free(b);
}

/* spec/compare.md §2.4 promises a shortest edit script, and tablero.h
 * that "the turns after a missing one are found again". A notebook
 * that kept only Red's turns (Yellow's are '?') and a copy that lost
 * the second move: the copy lacks two turns, nothing else. */
static void test_align_finds_turns_after_a_missing_move(void **state)
{
	(void)state;
	S_rec a = S_open("[Game \"pitarra\"]\n"
	                 "1. d1 ? 2. g1 ? 3. a4 ? 4. d2 ? 5. b4 ? 6. f4 ? *\n");
	S_rec b = S_open("[Game \"pitarra\"]\n"
	                 "1. d1 ? 2. a4 ? 3. d2 ? 4. b4 ? 5. f4 ? *\n");
	size_t n, edits;
	tb_edit *e = S_plies_script(&a, &b, &n, &edits, "a move missing");
	if (edits != 2) {
		print_message("a move missing: %zu edits, the shortest script has 2:\n", edits);
		for (size_t i = 0; i < n; i++)
			print_message("  %c %-4s %s\n", e[i].op, e[i].op != '+' ? S_tok(&a, e[i].a) : "",
			              e[i].op != '-' ? S_tok(&b, e[i].b) : "");
	}
	free(e);
	S_close(&a);
	S_close(&b);
	assert_int_equal(edits, 2);
}

/* ===== Meaning, not spelling ===== */

/* Do a and b align as '=' all through? Prints the script when not. */
static int S_same_line(const S_rec *a, const S_rec *b)
{
	size_t n;
	tb_edit *e = tb_plies_align(a->p, b->p, &n);
	int ok = tb_plies_count(a->p) == tb_plies_count(b->p) && n == tb_plies_count(a->p);
	for (size_t i = 0; ok && i < n; i++)
		ok = e[i].op == '=';
	if (!ok) {
		print_message("expected the same main line:\n");
		for (size_t i = 0; i < n; i++)
			print_message("  %c %s | %s\n", e[i].op,
			              e[i].op != '+' ? S_tok(a, e[i].a) : "",
			              e[i].op != '-' ? S_tok(b, e[i].b) : "");
	}
	free(e);
	return ok;
}

#define S_assert_same_line(a, b) assert_true(S_same_line((a), (b)))

/* A fragment from the tape (samples/pitarra-fragmento-cinta.tgn): after
 * the restated position the only free point next to e3 is e4. */
#define S_CINTA_HEAD                                                            \
	"[Game \"pitarra\"]\n"                                                      \
	"[Position \"R 16 R:b2,c3,d3,e3,e4,g4,e5,d6 Y:a1,d1,g1,d2,a4,f4,c5,a7,g7 " \
	"hand=0,0\"]\n"

static void test_unknown_point_filled(void **state)
{
	(void)state;
	S_rec a = S_open(S_CINTA_HEAD "16. e3-f2 a7-d7 17. e4-e3xd7 c5-b6 18. e3-? {la regreso}\n"
	                              "18... b6-a7xe4 19. f2-e3xa4 ? 20. d6-f6 *\n");
	S_rec b = S_open(S_CINTA_HEAD "16. e3-f2 a7-d7 17. e4-e3xd7 c5-b6 18. e3-e4\n"
	                              "18... b6-a7xe4 19. f2-e3xa4 ? 20. d6-f6 *\n");
	const tb_ply *y = tb_plies_at(a.p, 4);
	assert_string_equal(y->token, "e3-e4");
	assert_string_equal(y->written, "e3-?");
	assert_string_equal(y->notes, "{la regreso}");
	assert_int_equal(y->ply, 5);
	assert_int_equal(y->number, 18);
	assert_int_equal(y->side, 0);
	assert_int_equal(y->line, 3);
	assert_true(y->known);
	assert_string_equal(tb_plies_at(b.p, 4)->written, "e3-e4");
	/* the turns after it are played, with their events */
	assert_true(tb_plies_at(a.p, 5)->known);
	assert_string_equal(tb_plies_at(a.p, 5)->events, "tercia a1-a7; removal e4");
	/* an unknown turn stops the rules */
	assert_string_equal(tb_plies_at(a.p, 7)->token, "?");
	assert_false(tb_plies_at(a.p, 7)->known);
	assert_false(tb_plies_at(a.p, 8)->known);
	S_assert_same_line(&a, &b);
	/* the same positions all along, as far as they are known */
	for (size_t i = 0; i <= 7; i++)
		assert_int_equal(tb_plies_position_diff(a.p, i, b.p, i, NULL, NULL), 0);
	assert_int_equal(tb_plies_position_diff(a.p, 8, b.p, 8, NULL, NULL), -1);
	size_t ka, kb;
	char *x = S_key(&a, &ka), *z = S_key(&b, &kb);
	assert_true(S_key_equal(x, ka, z, kb));
	free(x);
	free(z);
	S_close(&a);
	S_close(&b);

	/* a removal nobody named, when Yellow has one piece */
	a = S_open("[Game \"pitarra\"]\n[Position \"R 3 R:a1,d1 Y:a7 hand=10,11\"]\n"
	           "3. g1x? a4 *\n");
	b = S_open("[Game \"pitarra\"]\n[Position \"R 3 R:a1,d1 Y:a7 hand=10,11\"]\n"
	           "3. g1xa7 a4 *\n");
	assert_string_equal(S_tok(&a, 0), "g1xa7");
	assert_string_equal(tb_plies_at(a.p, 0)->events, "tercia a1-g1; removal a7");
	S_assert_same_line(&a, &b);
	S_close(&a);
	S_close(&b);
}

/* A gap the rules decide, read as turns (tb_plies_turn_at): its turns
 * one by one, each its own ply, number, side and position after it, the
 * gap's notes on its last; aligned with the same turns written out, turn
 * for turn, where the nodes (tb_plies_align) cannot be. */
static void test_decided_gap_as_turns(void **state)
{
	(void)state;
	const char *head = "[Game \"pitarra\"]\n\n"
	                   "1. c3 f4 2. a1 b2 3. c4 c5 4. d1 g1 5. d3 e3 6. d2xe3 e3 7. f2 b6 "
	                   "8. a7 b4xc4 9. a4xf4 d6 10. f6 f4 11. g7 e5 12. d7xe5 e5 13. g7-g4 "
	                   "f4-e4xg4 14. f6-g7xd6 b6-d6 15. a7-b6 d6-d5xd7 16. b6-a7xb4 e5-f6 "
	                   "17. a4-b4 d5-e5xb4 ";
	tt_str sa = {0}, sb = {0}, sc = {0};
	tt_printf(&sa, "%s<gap 2> {vuelta} 19. g7-d7 d5-e5xa4 20. d7-a7 e5-d5 *\n", head);
	tt_printf(&sb, "%s18. a7-a4 e5-d5 {vuelta} 19. g7-d7 d5-e5xa4 20. d7-a7 e5-d5 *\n", head);
	tt_printf(&sc, "%s18. a7-b6 e5-d5 19. g7-d7 d5-e5xa4 20. d7-a7 e5-d5 *\n", head);
	S_rec a = S_open(sa.d), b = S_open(sb.d), c = S_open(sc.d);
	/* 34 turns, the gap, 4 turns: 39 nodes, 40 turns */
	assert_int_equal(tb_plies_count(a.p), 39);
	assert_int_equal(tb_plies_turn_count(a.p), 40);
	assert_int_equal(tb_plies_turn_count(b.p), 40);
	assert_int_equal(tb_plies_turn_count(b.p), tb_plies_count(b.p));
	const tb_ply *g = tb_plies_at(a.p, 34);
	assert_string_equal(g->token, "a7-a4 e5-d5");
	assert_int_equal(g->parts, 0);
	const tb_ply *t1 = tb_plies_turn_at(a.p, 34), *t2 = tb_plies_turn_at(a.p, 35);
	assert_string_equal(t1->token, "a7-a4");
	assert_string_equal(t1->written, "<gap 2>");
	assert_string_equal(t1->notes, "");
	assert_int_equal(t1->ply, 35);
	assert_int_equal(t1->number, 18);
	assert_int_equal(t1->side, 0);
	assert_int_equal(t1->part, 1);
	assert_int_equal(t1->parts, 2);
	assert_int_equal(t1->status, TB_FRAME_RECONSTRUCTED);
	assert_string_equal(t2->token, "e5-d5");
	assert_string_equal(t2->notes, "{vuelta}");
	assert_int_equal(t2->ply, 36);
	assert_int_equal(t2->number, 18);
	assert_int_equal(t2->side, 1);
	assert_int_equal(t2->part, 2);
	assert_ptr_equal(tb_plies_turn_at(a.p, 36), tb_plies_at(a.p, 35));
	assert_null(tb_plies_turn_at(a.p, 40));
	/* aligned turn for turn: no step but '=' */
	size_t n = 0;
	tb_edit *e = tb_plies_align_turns(a.p, b.p, &n);
	assert_int_equal(n, 40);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(e[i].op, '=');
		assert_int_equal(e[i].a, i);
		assert_int_equal(e[i].b, i);
	}
	free(e);
	/* the positions after each turn are the same; the nodes' are not
	 * aligned one to one past the gap */
	for (size_t i = 0; i <= 40; i++)
		assert_int_equal(tb_plies_turn_position_diff(a.p, i, b.p, i, NULL, NULL), 0);
	assert_true(tb_plies_position_diff(a.p, 35, b.p, 35, NULL, NULL) > 0);
	/* a7-b6 for the gap's first turn: the positions after it differ at
	 * a4 and b6, and after its second turn still */
	assert_int_equal(tb_plies_turn_position_diff(a.p, 35, c.p, 35, NULL, NULL), 2);
	assert_true(tb_plies_turn_position_diff(a.p, 36, c.p, 36, NULL, NULL) >= 2);
	assert_int_equal(tb_plies_turn_position_diff(a.p, 41, c.p, 41, NULL, NULL), TB_EINVAL);
	S_close(&a);
	S_close(&b);
	S_close(&c);
	free(sa.d);
	free(sb.d);
	free(sc.d);
}

static void test_unknown_point_ambiguous(void **state)
{
	(void)state;
	/* a1's only free neighbour is a4; b6 has three (b4, d6, c5) */
	const char *head = "[Game \"pitarra\"]\n"
	                   "[Position \"R 10 R:a1,d1,g1,b2 Y:a7,d7,g7,b6 hand=0,0\"]\n";
	tt_str sa = {0}, sb = {0};
	tt_printf(&sa, "%s10. a1-? b6-? 11. a4-a1 *\n", head);
	tt_printf(&sb, "%s10. a1-a4 b6-d6 11. a4-a1 *\n", head);
	S_rec a = S_open(sa.d), b = S_open(sb.d);
	assert_string_equal(S_tok(&a, 0), "a1-a4");
	assert_true(tb_plies_at(a.p, 0)->known);
	assert_string_equal(S_tok(&a, 1), "b6-?");
	assert_false(tb_plies_at(a.p, 1)->known);
	assert_true(tb_plies_at(b.p, 1)->known);
	/* the second turn is not known to be b6-d6: one turn differs */
	assert_int_equal(S_align_checked(&a, &b, "ambiguous"), 2);
	size_t n;
	tb_edit *e = tb_plies_align(a.p, b.p, &n);
	assert_int_equal(e[0].op, '=');
	assert_int_equal(e[n - 1].op, '=');
	free(e);
	assert_int_equal(tb_plies_position_diff(a.p, 1, b.p, 1, NULL, NULL), 0);
	assert_int_equal(tb_plies_position_diff(a.p, 2, b.p, 2, NULL, NULL), -1);
	S_close(&a);
	S_close(&b);
	free(sa.d);
	free(sb.d);
}

/* One reading (tablero.h, "One reading of a record"): a whole '?' and
 * a gap the rules decide mean the turns they decide, and the positions
 * and events after them are known; a '?' they cannot decide stays '?',
 * open, with the event kinds that depend on it. */
static void test_unknown_turn_decided(void **state)
{
	(void)state;
	const char *head = "[Game \"pitarra\"]\n[Position \"R 20 R:d1,d2,d3 Y:a1,g1,a7,g7\"]\n";
	tt_str sa = {0}, sb = {0}, sc = {0};
	/* only a1-b2 brings a piece to b2 for 21. c3-d3xb2 */
	tt_printf(&sa, "%s20. d3-c3 ? 21. c3-d3xb2 g1-f2 22. d3-c3 a7-b6 23. c3-d3xf2 *\n", head);
	tt_printf(&sb, "%s20. d3-c3 a1-b2 21. c3-d3xb2 g1-f2 22. d3-c3 a7-b6 23. c3-d3xf2 *\n",
	          head);
	/* only 21. c3-d3xb2 leads to the restated position */
	tt_printf(&sc, "%s20. d3-c3 a1-b2 <gap 1> <position \"Y 21 R:d1,d2,d3 Y:g1,a7,g7\">\n"
	               "21... g1-f2 *\n", head);
	S_rec a = S_open(sa.d), b = S_open(sb.d), c = S_open(sc.d);
	const tb_ply *y = tb_plies_at(a.p, 1);
	assert_string_equal(y->written, "?");
	assert_string_equal(y->token, "a1-b2");
	assert_int_equal(y->status, TB_FRAME_RECONSTRUCTED);
	assert_true(y->known);
	assert_int_equal(y->maybe, 0);
	assert_int_equal(tb_plies_at(b.p, 1)->status, TB_FRAME_WRITTEN);
	/* the turns after it are known, with their events */
	y = tb_plies_at(a.p, 2);
	assert_true(y->known);
	assert_int_equal(y->status, TB_FRAME_WRITTEN);
	assert_string_equal(y->events, "tercia d1-d3; columpio d3; removal b2");
	assert_string_equal(tb_plies_at(a.p, 6)->events, "tercia d1-d3; columpio d3; removal f2");
	S_assert_same_line(&a, &b);
	for (size_t i = 0; i <= tb_plies_count(a.p); i++)
		assert_int_equal(tb_plies_position_diff(a.p, i, b.p, i, NULL, NULL), 0);
	size_t ka, kb;
	char *x = S_key(&a, &ka), *z = S_key(&b, &kb);
	assert_true(S_key_equal(x, ka, z, kb));
	free(x);
	free(z);
	/* the gap: its turn, reconstructed, counted in the plies */
	y = tb_plies_at(c.p, 2);
	assert_string_equal(y->written, "<gap 1>");
	assert_string_equal(y->token, "c3-d3xb2");
	assert_int_equal(y->status, TB_FRAME_RECONSTRUCTED);
	assert_int_equal(y->ply, 3);
	assert_string_equal(y->events, "tercia d1-d3; columpio d3; removal b2");
	assert_int_equal(tb_plies_at(c.p, 4)->ply, 4);
	assert_int_equal(tb_plies_position_diff(c.p, 3, b.p, 3, NULL, NULL), 0);
	S_close(&a);
	S_close(&b);
	S_close(&c);
	free(sa.d);
	free(sb.d);
	free(sc.d);

	/* eleven turns fit, one of them a tercia with its removal */
	a = S_open("[Game \"pitarra\"]\n[Position \"Y 20 R:d1,d2,c3,e5 Y:a1,a4,d7,f6 hand=0,0\"]\n"
	           "20... ? 21. e5-e4 *\n");
	for (size_t i = 0; i < 2; i++) {
		y = tb_plies_at(a.p, i);
		assert_int_equal(y->status, TB_FRAME_OPEN);
		assert_false(y->known);
	}
	y = tb_plies_at(a.p, 0);
	assert_string_equal(y->token, "?");
	assert_string_equal(y->events, "");
	assert_true(y->maybe & 1u << 1);  /* tercia, first of the kinds */
	assert_true(y->maybe & 1u << 4);  /* removal, fourth */
	assert_false(y->maybe & 1u << 3); /* columpio: in no line */
	assert_int_equal(tb_plies_position_diff(a.p, 1, a.p, 1, NULL, NULL), -1);
	S_close(&a);
}

static void test_spelling_variants(void **state)
{
	(void)state;
	/* numbers glued, '…', capitals, '--', suffixes, NAGs, comments,
	 * variations: none is what the turn is */
	S_rec a = S_open("[Game \"pitarra\"]\n1.D1 1…A1 {x} 2. G1! -- $4 3. d2 (3. a4 a7) ?-B2 *\n");
	S_rec b = S_open("[Game \"pitarra\"]\n1. d1 a1 2. g1 pass 3. d2 ?-b2 *\n");
	S_assert_same_line(&a, &b);
	for (size_t i = 0; i < tb_plies_count(a.p); i++) {
		assert_string_equal(S_tok(&a, i), S_tok(&b, i));
		assert_string_equal(tb_plies_at(a.p, i)->written, tb_plies_at(b.p, i)->written);
	}
	assert_string_equal(tb_plies_at(a.p, 1)->notes, "{x}");
	assert_string_equal(tb_plies_at(a.p, 2)->notes, "!");
	assert_string_equal(tb_plies_at(a.p, 3)->notes, "$4");
	assert_string_equal(tb_plies_at(a.p, 4)->notes, "(3. a4 a7)");
	assert_string_equal(tb_plies_at(b.p, 2)->notes, "");
	size_t ka, kb;
	char *x = S_key(&a, &ka), *z = S_key(&b, &kb);
	assert_true(S_key_equal(x, ka, z, kb));
	free(x);
	free(z);
	S_close(&a);
	S_close(&b);

	/* the other games */
	a = S_open("[Game \"ocencahuac\"]\n1. C2-C3 c7-C6 2. B2^b4 *\n");
	b = S_open("[Game \"ocencahuac\"]\n1. c2-c3 c7-c6 2. b2^b4 *\n");
	S_assert_same_line(&a, &b);
	S_close(&a);
	S_close(&b);
	a = S_open("[Game \"asalto\"]\n1. C3-C4 d6xD4 2. Hd4/E3-E4 *\n");
	b = S_open("[Game \"asalto\"]\n1. c3-c4 d6xd4 2. Hd4/e3-e4 *\n");
	assert_string_equal(S_tok(&a, 2), "Hd4/e3-e4");
	S_assert_same_line(&a, &b);
	S_close(&a);
	S_close(&b);
}

/* A turn nobody knows is not the turn somebody wrote down. */
static void test_unknown_turn_is_a_difference(void **state)
{
	(void)state;
	S_rec a = S_open("[Game \"pitarra\"]\n1. d1 ? 2. g1 *\n");
	S_rec b = S_open("[Game \"pitarra\"]\n1. d1 a1 2. g1 *\n");
	assert_int_equal(S_align_checked(&a, &b, "unknown turn"), 2);
	S_close(&a);
	S_close(&b);
}

/* Comments inside a reading are comments, not what the turn is:
 * "tablero diff --ignore-comments" must not see them as a turn that
 * differs (as it does for comments after a turn). */
static void test_reading_comments_are_not_meaning(void **state)
{
	(void)state;
	S_rec a = S_open("[Game \"pitarra\"]\n1. d1 a1 2. g1 <b2 {según la cinta} | c3> *\n");
	S_rec b = S_open("[Game \"pitarra\"]\n1. d1 a1 2. g1 <b2 | c3> *\n");
	size_t ka, kb;
	char *x = S_key(&a, &ka), *z = S_key(&b, &kb);
	assert_true(S_key_equal(x, ka, z, kb)); /* the key agrees already */
	free(x);
	free(z);
	if (strcmp(S_tok(&a, 3), S_tok(&b, 3)) != 0)
		print_message("reading tokens differ: '%s' vs '%s'\n", S_tok(&a, 3), S_tok(&b, 3));
	int same = S_same_line(&a, &b);
	S_close(&a);
	S_close(&b);
	assert_true(same);
}

/* ===== Keys ===== */

/* The symmetries of a board 'w' files by 'h' ranks, each written out
 * on its own: 0 identity, 1 files mirrored, 2 ranks mirrored, 3 half
 * turn, and on a square board 4 the a1-g7 diagonal, 5 and 6 the
 * quarter turns, 7 the other diagonal. */
static void S_map_point(int sym, int w, int h, int *x, int *y)
{
	int X = *x, Y = *y, mx = w - 1, my = h - 1;
	switch (sym) {
	case 0: break;
	case 1: X = mx - *x; break;
	case 2: Y = my - *y; break;
	case 3: X = mx - *x, Y = my - *y; break;
	case 4: X = *y, Y = *x; break;
	case 5: X = my - *y, Y = *x; break;
	case 6: X = *y, Y = mx - *x; break;
	case 7: X = my - *y, Y = mx - *x; break;
	default: fail();
	}
	*x = X;
	*y = Y;
}

/* Copies 's' with every point (a small file letter of the board, then
 * its rank) mapped by 'sym'. No other word of a token or a position
 * has such a letter before a digit ("hand=", "huff=", "pass"). */
static void S_map_text(tt_str *out, const char *s, int sym, int w, int h)
{
	for (size_t i = 0; s[i];) {
		char c = s[i];
		if (c >= 'a' && c < 'a' + w && isdigit((unsigned char)s[i + 1])) {
			int x = c - 'a', y = 0;
			size_t j = i + 1;
			while (isdigit((unsigned char)s[j]))
				y = y * 10 + (s[j++] - '0');
			y -= 1;
			assert_true(y >= 0 && y < h);
			S_map_point(sym, w, h, &x, &y);
			tt_printf(out, "%c%d", 'a' + x, y + 1);
			i = j;
		} else {
			tt_putc(out, c);
			i++;
		}
	}
}

/* The main line of 's' (its first 'upto' nodes) written again with
 * every point mapped: the game's tag, its [Rules] and [Position]
 * mapped, the turns as written (their '?' kept) with their numbers. */
static char *S_remap(const S_rec *s, size_t upto, int sym, int w, int h)
{
	tt_str out = {0};
	tt_printf(&out, "[Game \"%s\"]\n", tb_game_name(tb_record_game(s->rec)));
	const char *rules = tb_record_tag(s->rec, "Rules");
	if (rules)
		tt_printf(&out, "[Rules \"%s\"]\n", rules);
	const char *pos = tb_record_tag(s->rec, "Position");
	if (pos) {
		tt_puts(&out, "[Position \"");
		S_map_text(&out, pos, sym, w, h);
		tt_puts(&out, "\"]\n");
	}
	for (size_t i = 0; i < upto; i++) {
		const tb_ply *y = tb_plies_at(s->p, i);
		if (y->side == 0)
			tt_printf(&out, "%u. ", y->number);
		else if (y->side == 1)
			tt_printf(&out, "%u... ", y->number);
		S_map_text(&out, y->written, sym, w, h);
		tt_putc(&out, '\n');
	}
	tt_puts(&out, "*\n");
	return tt_take(&out);
}

/* A random legal game of 'game' as a record. */
static S_rec S_random_game(const char *game, const char *rules, unsigned long long seed,
                           unsigned turns, char **text)
{
	char *why = NULL;
	tb_engine *e = tb_engine_new(tb_game_find(game), rules, NULL, &why);
	if (!e)
		print_message("tb_engine_new(%s): %s\n", game, why ? why : "?");
	assert_non_null(e);
	size_t len;
	*text = tb_engine_random_game(e, seed, turns, &len);
	assert_non_null(*text);
	tb_engine_free(e);
	return S_open_n(*text, len);
}

/* 'a' and 'b' must be the same game: their keys equal, and the rules
 * follow both as far. */
static void S_assert_same_key(const S_rec *a, const S_rec *b, const char *what)
{
	size_t ka, kb;
	char *x = S_key(a, &ka), *z = S_key(b, &kb);
	if (!S_key_equal(x, ka, z, kb)) {
		S_print_keys(what, x, ka, z, kb);
		fail();
	}
	free(x);
	free(z);
}

static void S_assert_other_key(const S_rec *a, const S_rec *b, const char *what)
{
	size_t ka, kb;
	char *x = S_key(a, &ka), *z = S_key(b, &kb);
	if (S_key_equal(x, ka, z, kb) || S_key_begins(x, ka, z, kb) ||
	    S_key_begins(z, kb, x, ka)) {
		S_print_keys(what, x, ka, z, kb);
		fail();
	}
	free(x);
	free(z);
}

static void S_assert_known_alike(const S_rec *a, const S_rec *b, const char *what)
{
	assert_int_equal(tb_plies_count(a->p), tb_plies_count(b->p));
	for (size_t i = 0; i < tb_plies_count(a->p); i++)
		if (tb_plies_at(a->p, i)->known != tb_plies_at(b->p, i)->known) {
			print_message("%s: node %zu ('%s' / '%s') known %d / %d\n", what, i,
			              S_tok(a, i), S_tok(b, i), tb_plies_at(a->p, i)->known,
			              tb_plies_at(b->p, i)->known);
			fail();
		}
}

static void test_key_pitarra_symmetries(void **state)
{
	(void)state;
	for (unsigned long long seed = 1; seed <= 12; seed++) {
		char *text;
		S_rec g = S_random_game("pitarra", NULL, seed, 40 + 10 * (unsigned)seed, &text);
		size_t n = tb_plies_count(g.p), kg;
		assert_true(n > 0);
		char *key = S_key(&g, &kg);
		assert_true(tb_plies_at(g.p, n - 1)->known);
		for (int sym = 0; sym < 8; sym++) {
			char *t = S_remap(&g, n, sym, 7, 7);
			S_rec m = S_open(t);
			char what[64];
			snprintf(what, sizeof what, "seed %llu, symmetry %d", seed, sym);
			/* a symmetry of the board is one of the rules: the copy is
			 * as legal as the game */
			S_assert_known_alike(&g, &m, what);
			S_assert_same_key(&g, &m, what);
			S_close(&m);
			free(t);
		}
		/* every beginning of the game, turned some way: its key begins
		 * the game's */
		for (size_t k = 0; k <= n; k++) {
			int sym = (int)(k % 8);
			char *t = S_remap(&g, k, sym, 7, 7);
			S_rec m = S_open(t);
			size_t km;
			char *mk = S_key(&m, &km);
			int ok = k == n ? S_key_equal(mk, km, key, kg) : S_key_begins(mk, km, key, kg);
			if (!ok) {
				char what[96];
				snprintf(what, sizeof what,
				         "seed %llu: the first %zu of %zu nodes, symmetry %d", seed, k, n,
				         sym);
				S_print_keys(what, mk, km, key, kg);
				fail();
			}
			if (k == 0)
				assert_int_equal(km, tb_plies_key_head(mk, km));
			else
				assert_true(km > tb_plies_key_head(mk, km));
			free(mk);
			S_close(&m);
			free(t);
		}
		free(key);
		S_close(&g);
		free(text);
	}
}

/* The restated positions and unknown turns of the tape's fragment turn
 * with the board too. */
static void test_key_pitarra_fragment_turned(void **state)
{
	(void)state;
	S_rec g = S_open(S_CINTA_HEAD
	                 "16. e3-f2 a7-d7 17. e4-e3xd7 c5-b6 18. e3-? b6-a7xe4 19. f2-e3xa4 ?\n"
	                 "<position \"R 20 R:b2,c3,d3,e3,g4,e5,d6 Y:a1,d1,d2,f2,f4,a7,g7 "
	                 "hand=0,0\">\n"
	                 "20. d6-f6 f2-g1xb2 21. e5-e4 a1-b2 22. f6-e5xg1 f4-f2xg4 <gap>\n"
	                 "30. e5-d5 b2-a1 *\n");
	assert_true(tb_plies_at(g.p, 9)->known); /* after the restated position */
	for (int sym = 0; sym < 8; sym++) {
		size_t n = tb_plies_count(g.p);
		char *t = S_remap(&g, n, sym, 7, 7);
		S_rec m = S_open(t);
		char what[48];
		snprintf(what, sizeof what, "fragment, symmetry %d", sym);
		S_assert_known_alike(&g, &m, what);
		S_assert_same_key(&g, &m, what);
		/* and what the '?' means turns with it */
		tt_str want = {0};
		S_map_text(&want, "e3-e4", sym, 7, 7);
		assert_string_equal(S_tok(&m, 4), want.d);
		free(want.d);
		S_close(&m);
		free(t);
	}
	S_close(&g);
}

static void test_key_hand_made(void **state)
{
	(void)state;
	/* d1 and a4 are the same first placement, turned about the a1-g7
	 * diagonal, which keeps a1 */
	S_rec a = S_open("[Game \"pitarra\"]\n1. d1 a1 *\n");
	S_rec b = S_open("[Game \"pitarra\"]\n1. a4 a1 2. g1 *\n");
	S_rec c = S_open("[Game \"pitarra\"]\n1. d1 g7 *\n");
	S_rec d = S_open("[Game \"pitarra\"]\n1. d1 *\n");
	S_rec e = S_open("[Game \"pitarra\"]\n1. d7 *\n");
	S_rec z = S_open("[Game \"pitarra\"]\n*\n");
	size_t ka, kb, kc, kd, ke, kz;
	char *xa = S_key(&a, &ka), *xb = S_key(&b, &kb), *xc = S_key(&c, &kc);
	char *xd = S_key(&d, &kd), *xe = S_key(&e, &ke), *xz = S_key(&z, &kz);
	assert_true(S_key_begins(xa, ka, xb, kb));
	assert_true(S_key_begins(xd, kd, xa, ka));
	assert_true(S_key_begins(xd, kd, xb, kb));
	assert_true(S_key_begins(xd, kd, xc, kc));
	assert_true(S_key_equal(xd, kd, xe, ke));
	/* a1 next to d1 is g1 mirrored, never g7: not the same game */
	S_assert_other_key(&a, &c, "1. d1 a1 / 1. d1 g7");
	/* no turns: the head alone, and it begins every game */
	assert_int_equal(tb_plies_key_head(xz, kz), kz);
	assert_true(S_key_begins(xz, kz, xa, ka));
	assert_true(tb_plies_key_head(xa, ka) == kz);
	assert_int_equal(xa[kz], '\x1f');
	/* a key without a head end is all head */
	assert_int_equal(tb_plies_key_head("abc", 3), 3);
	free(xa);
	free(xb);
	free(xc);
	free(xd);
	free(xe);
	free(xz);
	S_close(&a);
	S_close(&b);
	S_close(&c);
	S_close(&d);
	S_close(&e);
	S_close(&z);

	/* a start and no turns: the head alone too */
	a = S_open("[Game \"pitarra\"]\n[Position \"R 3 R:a1,d1 Y:a7 hand=10,11\"]\n*\n");
	size_t k;
	char *x = S_key(&a, &k);
	assert_int_equal(tb_plies_key_head(x, k), k);
	free(x);
	S_close(&a);
	/* a start's moved= turns with the board; it is part of the position
	 * (d3-c3: c3 back to d3 re-forms d1-d3), and where it cannot matter
	 * (b2-a1: a1 back to b2 forms nothing) the rules leave it out */
	a = S_open("[Game \"pitarra\"]\n[Position \"R 21 R:d1,d2,c3 Y:a1,g1,a7,g7 "
	           "moved=b2-a1,d3-c3\"]\n21. c3-c4 *\n");
	b = S_open("[Game \"pitarra\"]\n[Position \"R 21 R:d7,d6,c5 Y:a7,g7,a1,g1 "
	           "moved=d5-c5\"]\n21. c5-c4 *\n");
	c = S_open("[Game \"pitarra\"]\n[Position \"R 21 R:d7,d6,c5 Y:a7,g7,a1,g1\"]\n"
	           "21. c5-c4 *\n");
	S_assert_same_key(&a, &b, "moved=, mirrored");
	S_assert_other_key(&b, &c, "moved=, left out");
	S_close(&a);
	S_close(&b);
	S_close(&c);
	/* different games never share a key */
	a = S_open("[Game \"pitarra\"]\n*\n");
	b = S_open("[Game \"ocencahuac\"]\n*\n");
	S_assert_other_key(&a, &b, "pitarra / ocencahuac");
	S_close(&a);
	S_close(&b);
}

static void test_key_asalto_mirror_only(void **state)
{
	(void)state;
	for (unsigned long long seed = 1; seed <= 8; seed++) {
		char *text;
		S_rec g = S_random_game("asalto", NULL, seed, 30 + 5 * (unsigned)seed, &text);
		size_t n = tb_plies_count(g.p);
		assert_non_null(tb_record_tag(g.rec, "Position"));
		char what[64];
		snprintf(what, sizeof what, "asalto seed %llu mirrored", seed);
		char *t = S_remap(&g, n, 1, 7, 7);
		S_rec m = S_open(t);
		S_assert_known_alike(&g, &m, what);
		S_assert_same_key(&g, &m, what);
		S_close(&m);
		free(t);
		/* a beginning of the mirrored game begins the game */
		t = S_remap(&g, n / 2, 1, 7, 7);
		m = S_open(t);
		size_t kg, km;
		char *xg = S_key(&g, &kg), *xm = S_key(&m, &km);
		if (!S_key_begins(xm, km, xg, kg)) {
			S_print_keys("asalto: half the game, mirrored", xm, km, xg, kg);
			fail();
		}
		free(xg);
		free(xm);
		S_close(&m);
		free(t);
		/* upside down, or on its side, it is another game: the
		 * fortress is at one end */
		for (int sym = 2; sym < 8; sym++) {
			if (n == 0)
				break;
			t = S_remap(&g, n, sym, 7, 7);
			m = S_open(t);
			snprintf(what, sizeof what, "asalto seed %llu, symmetry %d", seed, sym);
			S_assert_other_key(&g, &m, what);
			S_close(&m);
			free(t);
		}
		S_close(&g);
		free(text);
	}
	/* an unsymmetric start, hand-written (samples/asalto-fas-1992.tgn
	 * with the defenders moved) */
	S_rec a = S_open("[Game \"asalto\"]\n"
	                 "[Position \"A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,"
	                 "f4,g4,a5,b5,f5,g5 D:c6,d7\"]\n"
	                 "1. d4-d5 d7-e7 2. b5-c5 c6-d6 *\n");
	S_rec b = S_open("[Game \"asalto\"]\n"
	                 "[Position \"A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,"
	                 "f4,g4,a5,b5,f5,g5 D:e6,d7\"]\n"
	                 "1. d4-d5 d7-c7 2. f5-e5 e6-d6 *\n");
	S_assert_same_key(&a, &b, "asalto by hand");
	S_close(&a);
	S_close(&b);
}

static void test_key_ocencahuac_no_symmetry(void **state)
{
	(void)state;
	for (unsigned long long seed = 1; seed <= 6; seed++) {
		char *text;
		S_rec g = S_random_game("ocencahuac", NULL, seed, 24, &text);
		size_t n = tb_plies_count(g.p);
		assert_true(n > 0);
		char what[64];
		snprintf(what, sizeof what, "ocencahuac seed %llu", seed);
		/* the same game written again has its key */
		char *t = S_remap(&g, n, 0, 5, 8);
		S_rec m = S_open(t);
		S_assert_same_key(&g, &m, what);
		S_close(&m);
		free(t);
		/* mirrored, it is another game: the Emperor stands at one side */
		t = S_remap(&g, n, 1, 5, 8);
		m = S_open(t);
		snprintf(what, sizeof what, "ocencahuac seed %llu mirrored", seed);
		S_assert_other_key(&g, &m, what);
		S_close(&m);
		free(t);
		S_close(&g);
		free(text);
	}
}

/* ===== Position differences ===== */

typedef struct S_diffs {
	tt_str s;
} S_diffs;

static void S_on_diff(void *ctx, const char *what, const char *in_a, const char *in_b)
{
	S_diffs *d = ctx;
	tt_printf(&d->s, "%s:%s/%s;", what, in_a, in_b);
}

/* The differences of a after na and b after nb, as "what:a/b;..."; the
 * count returned must be the number of callbacks. */
static char *S_pos_diff(const S_rec *a, size_t na, const S_rec *b, size_t nb)
{
	S_diffs d = {{0}};
	int n = tb_plies_position_diff(a->p, na, b->p, nb, S_on_diff, &d);
	int calls = 0;
	for (size_t i = 0; i < d.s.n; i++)
		calls += d.s.d[i] == ';';
	if (n >= 0)
		assert_int_equal(n, calls);
	else
		assert_int_equal(calls, 0);
	assert_int_equal(tb_plies_position_diff(a->p, na, b->p, nb, NULL, NULL), n);
	if (n < 0)
		tt_printf(&d.s, "%d", n);
	return tt_take(&d.s);
}

static void test_position_diff(void **state)
{
	(void)state;
	S_rec a = S_open("[Game \"pitarra\"]\n1. d1 *\n");
	S_rec b = S_open("[Game \"pitarra\"]\n1. a1 a7 *\n");
	tt_assert_str(S_pos_diff(&a, 0, &b, 0), "");
	/* two first placements: points in board order (rank by rank) */
	tt_assert_str(S_pos_diff(&a, 1, &b, 1), "a1:/R;d1:R/;");
	tt_assert_str(S_pos_diff(&b, 1, &a, 1), "a1:R/;d1:/R;");
	/* a turn more: the point, whose turn, and the hands */
	tt_assert_str(S_pos_diff(&a, 1, &b, 2), "a1:/R;d1:R/;a7:/Y;to move:Y/R;hand:11,12/11,11;");
	tt_assert_str(S_pos_diff(&a, 0, &b, 2), "a1:/R;a7:/Y;hand:12,12/11,11;");
	tt_assert_str(S_pos_diff(&b, 2, &b, 2), "");
	/* past the end */
	tt_assert_str(S_pos_diff(&a, 2, &b, 2), "-1");
	S_close(&a);
	S_close(&b);

	/* after a turn nobody knows, nothing is known */
	a = S_open("[Game \"pitarra\"]\n1. d1 ? 2. g1 *\n");
	b = S_open("[Game \"pitarra\"]\n1. d1 a1 2. g1 *\n");
	tt_assert_str(S_pos_diff(&a, 1, &b, 1), "");
	tt_assert_str(S_pos_diff(&a, 2, &b, 2), "-1");
	tt_assert_str(S_pos_diff(&a, 3, &b, 3), "-1");
	tt_assert_str(S_pos_diff(&b, 3, &a, 1), "a1:Y/;g1:R/;hand:10,11/11,12;");
	S_close(&a);
	S_close(&b);

	/* a gap stops the rules; a restated position starts them again */
	a = S_open("[Game \"pitarra\"]\n1. d1 a1 <gap 2> 3. g1 <position \"Y 3 R:d1,g1 Y:a1 "
	           "hand=10,11\"> 3... a7 *\n");
	assert_false(tb_plies_at(a.p, 2)->known);
	assert_string_equal(S_tok(&a, 2), "<gap 2>");
	assert_int_equal(tb_plies_at(a.p, 2)->ply, 2);
	assert_int_equal(tb_plies_at(a.p, 2)->side, 2);
	assert_true(tb_plies_at(a.p, 4)->known);
	assert_true(tb_plies_at(a.p, 5)->known);
	tt_assert_str(S_pos_diff(&a, 3, &a, 5), "-1");
	/* after the first 5 nodes: the restated position itself */
	tt_assert_str(S_pos_diff(&a, 2, &a, 5), "g1:/R;to move:R/Y;hand:11,11/10,11;");
	tt_assert_str(S_pos_diff(&a, 2, &a, 6), "g1:/R;a7:/Y;hand:11,11/10,10;");
	S_close(&a);

	/* pieces with their type letters (Ocencahuac) */
	a = S_open("[Game \"ocencahuac\"]\n1. c2-c3 *\n");
	tt_assert_str(S_pos_diff(&a, 0, &a, 1), "c2:SG/;c3:/SG;to move:S/C;");
	S_close(&a);

	/* other games, other boards: not comparable */
	a = S_open("[Game \"pitarra\"]\n*\n");
	b = S_open("[Game \"ocencahuac\"]\n*\n");
	tt_assert_str(S_pos_diff(&a, 0, &b, 0), "-1");
	S_close(&b);
	b = S_open("[Game \"pitarra\"]\n[Rules \"pitarra; board=25\"]\n*\n");
	tt_assert_str(S_pos_diff(&a, 0, &b, 0), "-1");
	S_close(&a);
	S_close(&b);
}

/* ===== Movetext and comments ===== */

static void S_assert_movetext(const char *src, const char *want)
{
	tb_reader *r;
	tb_record *rec = tt_parse(src, &r);
	size_t len = 0;
	char *got = tb_record_movetext(rec, &len);
	tb_record_free(rec);
	tb_reader_free(r);
	if (got && len != strlen(got)) {
		free(got);
		fail_msg("tb_record_movetext: the length is not the string's");
	}
	tt_assert_str(got, want);
}

static void test_movetext(void **state)
{
	(void)state;
	S_assert_movetext("{antes} [Game \"pitarra\"] {del juego}\n[Result \"1-0\"]\n\n"
	                  "{@es Partida enseñada en la plaza.}\n"
	                  "1. d1! {bien} $14 a1 (1... g1 {mejor} 2. a1 (2. a7)) 2. g1 $2 b2?!\n"
	                  "3. d2 ; se oye mal\n"
	                  "c3 4. d3xc3 {tercia} 1-0 {fin}\n",
	                  "1. d1 a1 2. g1 b2 3. d2 c3 4. d3xc3 1-0");
	/* unknown turns, gaps, readings, restated positions, passes */
	S_assert_movetext("[Game \"pitarra\"]\n1. d1 ? 2. <g1 | a4> -- <gap> 5. d2 ?-d1\n"
	                  "<position \"R 6 R:d1 Y:a1 hand=11,11\"> 6. g1 *\n",
	                  "1. d1 ? 2. <g1 | a4> pass <gap> 5. d2 ?-d1 "
	                  "<position \"R 6 R:d1 Y:a1 hand=11,11\"> 6. g1 *");
	/* the second side first */
	S_assert_movetext("[Game \"pitarra\"]\n[Position \"Y 5 R:d1,g1,a4 Y:a1,a7 hand=7,8\"]\n"
	                  "d7 {x} 6. d2 *\n",
	                  "5... d7 6. d2 *");
	S_assert_movetext("[Game \"ocencahuac\"]\n[Rules \"ocencahuac; first=ceboruco\"]\n"
	                  "1... c7-c6 2. c2-c3 0-1\n",
	                  "1... c7-c6 2. c2-c3 0-1");
	/* no turns */
	S_assert_movetext("[Game \"pitarra\"]\n{sólo un comentario}\n1/2-1/2\n", "1/2-1/2");
	S_assert_movetext("[Game \"pitarra\"]\n[Result \"0-1\"]\n*\n", "*");
	/* errors: nothing */
	tb_reader *r;
	tb_record *rec = tt_parse("[Game \"pitarra\"]\n1. z9 *\n", &r);
	assert_null(tb_record_movetext(rec, NULL));
	assert_null(tb_plies_new(rec));
	tb_record_free(rec);
	tb_reader_free(r);
}

/* "without comments": a reading's alternatives may carry comments,
 * and those are comments too. */
static void test_movetext_reading_without_comments(void **state)
{
	(void)state;
	S_assert_movetext("[Game \"pitarra\"]\n1. d1 a1 2. g1 <b2 {según la cinta} | c3 {según el "
	                  "cuaderno}> *\n",
	                  "1. d1 a1 2. g1 <b2 | c3> *");
}

typedef struct S_walk {
	tt_str s;
	int calls;
	int stop_at; /* the call (from 1) that returns non-zero; 0 never */
} S_walk;

static int S_on_comment(void *ctx, const char *text, const char *lang)
{
	S_walk *w = ctx;
	w->calls++;
	tt_printf(&w->s, "%s%s%s|", lang ? lang : "", lang ? ":" : "", text);
	return w->calls == w->stop_at ? 40 + w->calls : 0;
}

static void test_comments_in_document_order(void **state)
{
	(void)state;
	/* in the canonical form's order, numbered as written */
	const char *src = "{c1 antes de las etiquetas}\n"
	                  "[Game \"pitarra\"] {c2 del juego}\n"
	                  "[Site \"Los Navajos\"] {c3 del sitio} {@es c4}\n"
	                  "\n"
	                  "{c5 la partida}\n"
	                  "1. d1! $14 {c6} {@ar c7} (1. a1 {c8} (1. g1 {c9})) (1. a4 {c10}) 1... a1\n"
	                  "2. <g1 {c11} | a4 {@es c12}> {c13} ({c14} 2. b2 {c15 \\} llave} (2. d2 {c16}))\n"
	                  "2... ? ; c17\n"
	                  "<gap> {c18}\n"
	                  "<position \"R 5 R:d1 Y:a1 hand=11,11\"> {c19} 5. d2\n"
	                  "* {c20 al final}\n";
	const char *all = "c1 antes de las etiquetas|c2 del juego|c3 del sitio|es:c4|c5 la partida|"
	                  "c6|ar:c7|c8|c9|c10|c11|es:c12|c13|c14|c15 } llave|c16|c17|c18|c19|"
	                  "c20 al final|";
	tb_record *rec = tt_parse_clean(src);
	S_walk w = {{0}, 0, 0};
	assert_int_equal(tb_record_comments(rec, S_on_comment, &w), 0);
	assert_int_equal(w.calls, 20);
	tt_assert_str(tt_take(&w.s), all);
	/* a non-zero return stops the walk there, and is returned */
	for (int k = 1; k <= 20; k++) {
		S_walk s = {{0}, 0, k};
		assert_int_equal(tb_record_comments(rec, S_on_comment, &s), 40 + k);
		assert_int_equal(s.calls, k);
		/* what it saw is the beginning of the whole walk */
		char *got = tt_take(&s.s);
		assert_true(strncmp(all, got, strlen(got)) == 0);
		free(got);
	}
	/* the same record written canonically walks the same way */
	char *canon = tb_record_write(rec, NULL);
	assert_non_null(canon);
	tb_record *again = tt_parse_clean(canon);
	S_walk w2 = {{0}, 0, 0};
	assert_int_equal(tb_record_comments(again, S_on_comment, &w2), 0);
	tt_assert_str(tt_take(&w2.s), all);
	/* tb_plies_comments has the ones outside the turns */
	tb_plies *p = tb_plies_new(rec);
	assert_non_null(p);
	assert_string_equal(tb_plies_comments(p),
	                    "before the tags: {c1 antes de las etiquetas}\n"
	                    "after [Game]: {c2 del juego}\n"
	                    "after [Site]: {c3 del sitio} {@es c4}\n"
	                    "before the first turn: {c5 la partida}\n"
	                    "after the result: {c20 al final}\n");
	tb_plies_free(p);
	tb_record_free(again);
	free(canon);
	tb_record_free(rec);

	/* none */
	rec = tt_parse_clean("[Game \"pitarra\"]\n1. d1 a1 *\n");
	S_walk none = {{0}, 0, 1};
	assert_int_equal(tb_record_comments(rec, S_on_comment, &none), 0);
	assert_int_equal(none.calls, 0);
	free(none.s.d);
	tb_record_free(rec);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tb_align_against_lcs),
		cmocka_unit_test(test_tb_align_long),
		cmocka_unit_test(test_align_small_cases),
		cmocka_unit_test(test_align_spec_example),
		cmocka_unit_test(test_plies_align_random_pairs),
		cmocka_unit_test(test_align_long_distinct),
		cmocka_unit_test(test_align_long_small_alphabet),
		cmocka_unit_test(test_align_finds_turns_after_a_missing_move),
		cmocka_unit_test(test_unknown_point_filled),
		cmocka_unit_test(test_decided_gap_as_turns),
		cmocka_unit_test(test_unknown_point_ambiguous),
		cmocka_unit_test(test_unknown_turn_decided),
		cmocka_unit_test(test_spelling_variants),
		cmocka_unit_test(test_unknown_turn_is_a_difference),
		cmocka_unit_test(test_reading_comments_are_not_meaning),
		cmocka_unit_test(test_key_pitarra_symmetries),
		cmocka_unit_test(test_key_pitarra_fragment_turned),
		cmocka_unit_test(test_key_hand_made),
		cmocka_unit_test(test_key_asalto_mirror_only),
		cmocka_unit_test(test_key_ocencahuac_no_symmetry),
		cmocka_unit_test(test_position_diff),
		cmocka_unit_test(test_movetext),
		cmocka_unit_test(test_movetext_reading_without_comments),
		cmocka_unit_test(test_comments_in_document_order),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
