/*
 * test_parse_fast.c -- lib/parse_fast.c's short ways, each beside the
 * way it stands for: the memo of move words (tb_fast_move_word) says
 * of every word what the game's grammar says of it, on every board; the
 * memo of tag lines (parse_fast_tags.c) reads every line as the tag
 * section's fast tier reads it without the memo. (test_parser.c holds
 * the fast tier as a whole to the parser.)
 */
#include "tb_test.h"

#include "diag.h"
#include "game.h"
#include "memo_keep.h"
#include "parse_fast.h"
#include "reader.h"
#include "record.h"

#include "tb_corpus.h"

/* A seeded generator (a PCG step): the same words every run. */
static unsigned S_rand(unsigned long long *x)
{
	*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)(*x >> 33);
}

/* A word of the shapes a game's moves take, or near them: points of a
 * board up to 'files' x 'ranks' wide (some off it), joined by the signs
 * the games write, a suffix now and then, and a byte changed, put in or
 * taken out now and then; into 'w' (room for 40), its length returned. */
static size_t S_word(unsigned long long *x, char *w)
{
	static const char *const sep[] = {"-", "x", "^", "-", "x", "^", ">", "=", "/", "", "--"};
	static const char *const suffix[] = {"", "", "", "!", "?", "!!", "??", "!?", "?!", "!x",
	                                     "=", "+"};
	static const char bytes[] = "abcdefghijklmnopqrstuvwxyzAHDR0123456789-x^>=/?!@.,:";
	size_t n = 0;
	if (S_rand(x) % 8 == 0)
		w[n++] = "HADp?@"[S_rand(x) % 6];
	unsigned points = S_rand(x) % 2 ? 1 : 2 + S_rand(x) % 3;
	for (unsigned i = 0; i < points && n < 30; i++) {
		if (i) {
			const char *s = sep[S_rand(x) % (sizeof sep / sizeof *sep)];
			memcpy(w + n, s, strlen(s));
			n += strlen(s);
		}
		w[n++] = (char)('a' + S_rand(x) % 8);
		unsigned rank = 1 + S_rand(x) % (S_rand(x) % 8 ? 7 : 10);
		if (rank >= 10)
			w[n++] = '1';
		w[n++] = (char)('0' + rank % 10);
	}
	const char *s = suffix[S_rand(x) % (sizeof suffix / sizeof *suffix)];
	memcpy(w + n, s, strlen(s));
	n += strlen(s);
	unsigned change = S_rand(x) % 9;
	size_t at = S_rand(x) % n;
	if (change == 0) {
		w[at] = bytes[S_rand(x) % (sizeof bytes - 1)];
	} else if (change == 1 && n < 39) {
		memmove(w + at + 1, w + at, n - at);
		w[at] = bytes[S_rand(x) % (sizeof bytes - 1)];
		n++;
	} else if (change == 2 && n > 1) {
		memmove(w + at, w + at + 1, n - at - 1);
		n--;
	}
	return n;
}

/* Every game's plain board, and each of them with a point taken out, a
 * board a [Rules] option could make: the memo keeps words per board. */
enum { S_BOARDS = 16 };
static size_t S_boards(const tb_game **g, tb_board *b)
{
	size_t n = 0;
	for (size_t i = 0; tb_games_built_in[i] && n + 2 <= S_BOARDS; i++) {
		tb_opts o;
		memset(&o, 0, sizeof o);
		if (!tb_games_built_in[i]->parse_move || tb_games_built_in[i]->board(&b[n], &o))
			continue;
		g[n] = tb_games_built_in[i];
		b[n + 1] = b[n];
		g[n + 1] = g[n];
		for (unsigned p = 1; p < 128; p++) /* its second point off the board */
			if (b[n + 1].valid[p] && p > 2) {
				b[n + 1].valid[p] = 0;
				break;
			}
		n += 2;
	}
	return n;
}

/* Many words, each asked of the memo (twice: the second time it keeps
 * it) and of the grammar, on boards in turn -- more boards than the memo
 * keeps, so that it lets one go and makes it again -- in a buffer where
 * the word is followed by other bytes (the memo reads 16 at a time and
 * must mask them off) or ends it (it must read no further). */
static void test_memo_says_what_the_grammar_says(void **state)
{
	(void)state;
	const tb_game *g[S_BOARDS];
	tb_board b[S_BOARDS];
	size_t nb = S_boards(g, b);
	assert_true(nb >= 6);
	tb_move_memo *memo = NULL;
	unsigned long long x = 20240611;
	size_t taken = 0, refused = 0, rounds = TT_SANITIZED ? 20000 : 200000;
	char buf[64];
	for (size_t i = 0; i < rounds; i++) {
		size_t k = (i / 64 + S_rand(&x) % 2) % nb; /* runs on a board, then the next */
		char w[40];
		size_t n = S_word(&x, w);
		int end = S_rand(&x) % 4 == 0;
		/* the word, then bytes of a word (which must not count), or the end */
		for (size_t j = 0; j < sizeof buf; j++)
			buf[j] = (char)('a' + S_rand(&x) % 26);
		char *at = end ? buf + sizeof buf - n : buf;
		memcpy(at, w, n);
		size_t room = (size_t)(buf + sizeof buf - at);
		int direct = tb_fast_move_word(NULL, g[k], &b[k], at, n, room);
		for (int twice = 0; twice < 2; twice++) {
			int kept = tb_fast_move_word(&memo, g[k], &b[k], at, n, room);
			if (kept != direct)
				fail_msg("%s (board %zu): the memo says %d, the grammar %d for \"%.*s\"",
				         g[k]->name, k, kept, direct, (int)n, at);
		}
		taken += direct >= 0;
		refused += direct < 0;
	}
	/* words of both kinds: a memo that refused all, or took all, fails */
	print_message("%zu words the grammar takes, %zu it leaves\n", taken, refused);
	assert_true(taken > rounds / 50);
	assert_true(refused > rounds / 20);
	tb_move_memo_free(memo);
}

/* Words alike in their first bytes, or but for their length, on one
 * board: each is kept apart from the others (the key is the whole word). */
static void test_memo_tells_words_apart(void **state)
{
	(void)state;
	const tb_game *g[S_BOARDS];
	tb_board b[S_BOARDS];
	size_t nb = S_boards(g, b);
	tb_move_memo *memo = NULL;
	static const char *const words[] = {
		"d5", "d5!", "d5?", "d5!?", "d5x", "d", "d55", "a1xe3", "a1xe3!", "a1xe37",
		"c8^a8>d1", "c8^a8>d1!", "c8^a8>d1?", "c8^a8>d9", "e8^c8^e6!?", "e8^c8^e6!!",
		"e8^c8^e6??", "e8^c8^e6?!", "e8^c8^e6^c4", "e8^c8^e6^c4!", "a2^a4>a7", "a2^a4>a",
		"c1-d2", "c1-d2=", "c1-d2=!", "Hc4/d4-d5", "Hc4/d4-d6", "d3-d4", "d3-d4-d5-d6-d7",
		"d3-d4-d5-d6-d7!", "d3-d4-d5-d6-d8", "pass", "?", "@1:00", "--", "1-0",
	};
	size_t nw = sizeof words / sizeof *words;
	for (int round = 0; round < 3; round++)
		for (size_t k = 0; k < nb; k++)
			for (size_t i = 0; i < nw; i++) {
				size_t n = strlen(words[i]);
				int direct = tb_fast_move_word(NULL, g[k], &b[k], words[i], n, n);
				int kept = tb_fast_move_word(&memo, g[k], &b[k], words[i], n, n);
				if (kept != direct)
					fail_msg("%s: the memo says %d, the grammar %d for \"%s\"", g[k]->name,
					         kept, direct, words[i]);
			}
	tb_move_memo_free(memo);
}

/* The bench's collection (bench/gen.c: the megabyte make unit makes,
 * TB_BENCH_SAMPLE), open to read; fails the test when it is not there. */
static FILE *S_bench_sample(void)
{
	const char *path = tt_bench_path();
	FILE *f = fopen(path, "rb");
	if (!f)
		fail_msg("TB_BENCH_SAMPLE: %s cannot be read", path);
	return f;
}

/* The words of the bench's collection (bench/gen.c: the megabyte make
 * unit makes, TB_BENCH_SAMPLE) of each game, as written and with a byte
 * changed: the memo, which keeps them from record to record, says of
 * each what the grammar says. */
static void test_memo_on_the_collection(void **state)
{
	(void)state;
	FILE *f = S_bench_sample();
	tb_move_memo *memo = NULL;
	const tb_game *g = NULL;
	tb_board b;
	unsigned long long x = 7;
	size_t taken = 0, asked = 0;
	char line[4096];
	while (fgets(line, sizeof line, f)) {
		if (strncmp(line, "[Game \"", 7) == 0) {
			char *q = strchr(line + 7, '"');
			if (q)
				*q = '\0';
			g = tb_game_find(line + 7);
			tb_opts o;
			memset(&o, 0, sizeof o);
			if (g && (!g->parse_move || g->board(&b, &o)))
				g = NULL;
			continue;
		}
		if (!g || line[0] == '[')
			continue;
		for (char *w = strtok(line, " \t\n(){}"); w; w = strtok(NULL, " \t\n(){}")) {
			size_t n = strlen(w);
			if (!((w[0] >= 'a' && w[0] <= 'z') || (w[0] >= 'A' && w[0] <= 'Z')) || n > 30)
				continue;
			char m[40];
			memcpy(m, w, n);
			for (int twice = 0; twice < 2; twice++, asked++) {
				int direct = tb_fast_move_word(NULL, g, &b, m, n, n);
				int kept = tb_fast_move_word(&memo, g, &b, m, n, n);
				if (kept != direct)
					fail_msg("%s: the memo says %d, the grammar %d for \"%.*s\"", g->name,
					         kept, direct, (int)n, m);
				taken += direct >= 0;
				m[S_rand(&x) % n] = "abcdefgh12345678-x^>=!?"[S_rand(&x) % 23];
			}
		}
	}
	fclose(f);
	tb_move_memo_free(memo);
	assert_true(asked > 10000);
	assert_true(taken > asked / 3);
}

/* ===== The memo of tag lines ===== */

/* 'n' bytes at 'src' read checking, with the memo of tag lines and
 * without it (tb_reader.no_tag_memo), the fast tier on in both: the same
 * results and diagnostics, call by call, the same tags (names, values,
 * where they and their values stand), the same tags taken by the fast
 * tier, the reader in the same place. Returns the pairs the memo
 * answered for. */
static size_t S_same_with_memo(const char *src, size_t n)
{
	tb_reader *a = tb_reader_new_mem(src, n, "t.tgn"), *b = tb_reader_new_mem(src, n, "t.tgn");
	assert_non_null(a);
	assert_non_null(b);
	tb_reader_set_check_only(a, 1);
	tb_reader_set_check_only(b, 1);
	b->no_tag_memo = 1;
	for (;;) {
		tb_record *x = NULL, *y = NULL;
		int ga = tb_reader_next(a, &x), gb = tb_reader_next(b, &y);
		assert_int_equal(ga, gb);
		tt_same_diags(a, b, NULL, "with the memo", "without");
		assert_int_equal(a->fast_tags, b->fast_tags);
		tt_same_place(a, b);
		if (ga != 1)
			break;
		assert_int_equal(x->ntags, y->ntags);
		for (size_t i = 0; i < x->ntags; i++) {
			const tb_tag *s = &x->tags[i], *t = &y->tags[i];
			if (strcmp(s->name, t->name) || strcmp(s->value, t->value) ||
			    s->value_line != t->value_line || s->value_col != t->value_col ||
			    s->value_off != t->value_off || s->span.line != t->span.line ||
			    s->span.col != t->span.col || s->span.end_col != t->span.end_col ||
			    s->span.off != t->span.off)
				fail_msg("with the memo [%s \"%s\"] at %u:%u-%u, without [%s \"%s\"] at "
				         "%u:%u-%u", s->name, s->value, s->span.line, s->span.col,
				         s->span.end_col, t->name, t->value, t->span.line, t->span.col,
				         t->span.end_col);
		}
		tb_record_free(x);
		tb_record_free(y);
	}
	assert_int_equal(b->tag_memo_hits, 0);
	size_t hits = a->tag_memo_hits;
	tb_reader_free(a);
	tb_reader_free(b);
	return hits;
}

/* The bench's collection with some of its tag lines changed by a byte
 * where the memo's hash does not look (past its first 9 bytes, before
 * its last 8: the same slot as the line as written, which the memo
 * keeps) or anywhere, and some put in twice or cut short: lines alike
 * but for that byte must not be taken for one another, nor a line the
 * fast tier leaves to the parser for one it took. 'out' has room for
 * twice 'n' bytes and more; the length made is returned. */
static size_t S_tag_lines_changed(const char *src, size_t n, char *out, unsigned long long *x)
{
	static const char put[] = {'x', 'a', '\\', '"', '\x01', '\xff', '\xc3', ']', ' ', '\t',
	                           '[', '\r', '{', '?', '0', 'Z'};
	size_t len = 0;
	for (size_t i = 0; i < n;) {
		const char *eol = memchr(src + i, '\n', n - i);
		size_t k = eol ? (size_t)(eol - (src + i)) + 1 : n - i; /* the line, its LF */
		memcpy(out + len, src + i, k);
		unsigned r = S_rand(x) % 8;
		if (src[i] == '[' && k > 2 && r < 4) {
			size_t body = k - 1, at;
			if (body >= 18 && r < 3)
				at = 9 + S_rand(x) % (body - 17);
			else
				at = S_rand(x) % body;
			out[len + at] = put[S_rand(x) % sizeof put];
		} else if (src[i] == '[' && r == 4) { /* twice: the parser's error */
			memcpy(out + len + k, src + i, k);
			len += k;
		} else if (src[i] == '[' && r == 5 && k > 4) { /* its LF gone: two lines in one */
			out[len + k - 1] = ' ';
		}
		len += k;
		i += k;
	}
	return len;
}

/* The memo of tag lines reads every line of the bench's collection, as
 * written and with lines changed (S_tag_lines_changed), as the fast
 * tier reads it without the memo -- and answers for most of them. */
static void test_tag_memo_reads_what_the_fast_tier_reads(void **state)
{
	(void)state;
	size_t n;
	char *buf = tt_slurp_file(S_bench_sample(), &n);
	assert_true(n > 100000);
	size_t lines = tt_lines_starting(buf, n, "[");
	/* the first reading with a fresh memo, as at a file's start (none
	 * kept from the readers before, memo_keep.h): the hits counted are
	 * its own; the changed slices after it start with the memo it left */
	tb_memo_keep_drop();
	size_t hits = S_same_with_memo(buf, n);
	print_message("the memo answered for %zu of %zu tag lines\n", hits, lines);
	if (hits * 2 < lines) /* a memo that answers for nothing passes the rest */
		fail_msg("the memo answered for %zu of %zu tag lines", hits, lines);
	char *m = malloc(2 * n + 64);
	assert_non_null(m);
	unsigned long long x = 11;
	for (int round = 0; round < (TT_SANITIZED ? 2 : 8); round++) {
		/* slices of it, so that some end within a tag line */
		size_t at = round ? S_rand(&x) % (n / 2) : 0, k = round ? n / 4 + S_rand(&x) % 4096 : n;
		size_t len = S_tag_lines_changed(buf + at, k, m, &x);
		assert_true(S_same_with_memo(m, len) > 0);
	}
	free(m);
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_memo_says_what_the_grammar_says),
		cmocka_unit_test(test_memo_tells_words_apart),
		cmocka_unit_test(test_memo_on_the_collection),
		cmocka_unit_test(test_tag_memo_reads_what_the_fast_tier_reads),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
