/*
 * test_fast_tags_tree.c -- a record's tags read the short ways and the
 * slow way, for both sinks (parse_sink.h): the tag section's fast tier
 * (parse_fast_tags.c) and its memo of lines, the memo of [Position]
 * values with their canonical form (tags_position.c) and of [Rules]
 * values (tags_rules.c), against a reader whose short ways are all off
 * (tb_reader.no_fast: S_tag token by token, every value read the whole
 * way). Every field of every tag (record.h's tb_tag: what S_tag_copy
 * copies), its comments, the record's lead comments, start position,
 * options, the record as tb_record_write writes it, the diagnostics and
 * the reader's place after each record must be the same (and
 * tb_record_tag find each tag as a strcmp would) -- on the
 * samples, the bench's collection, and random records of every roster
 * tag, with escapes, comments, duplicates, bad values, [Position]
 * variants and random bytes changed.
 */
#include "tb_test.h"

#include "game.h"
#include "memo_keep.h"
#include "parse_fast.h"
#include "reader.h"
#include "record.h"

#include "tb_corpus.h"

static void S_same_str(const char *a, const char *b, const char *what, const char *name)
{
	if ((a == NULL) != (b == NULL) || (a && strcmp(a, b) != 0))
		fail_msg("%s: %s \"%s\" the short ways, \"%s\" the slow way", name, what,
		         a ? a : "(null)", b ? b : "(null)");
}

static void S_same_span(const tb_span *a, const tb_span *b, const char *what, const char *name)
{
	if (a->line != b->line || a->col != b->col || a->end_line != b->end_line ||
	    a->end_col != b->end_col || a->off != b->off)
		fail_msg("%s: %s at %u:%u-%u:%u (%zu) the short ways, %u:%u-%u:%u (%zu) the slow "
		         "way", name, what, a->line, a->col, a->end_line, a->end_col, a->off, b->line,
		         b->col, b->end_line, b->end_col, b->off);
}

static void S_same_comments(const tb_comment *a, const tb_comment *b, const char *name)
{
	for (; a || b; a = a->next, b = b->next) {
		if (!a || !b)
			fail_msg("%s: a comment one way and not the other", name);
		S_same_str(a->text, b->text, "comment", name);
		S_same_str(a->lang, b->lang, "comment language", name);
		S_same_span(&a->span, &b->span, "comment", name);
		assert_int_equal(a->nmarks, b->nmarks);
		if (a->nmarks)
			assert_memory_equal(a->marks, b->marks, a->nmarks * sizeof *a->marks);
		assert_int_equal(a->evidence != NULL, b->evidence != NULL);
		if (a->evidence) {
			assert_int_equal(a->evidence->from, b->evidence->from);
			assert_int_equal(a->evidence->to, b->evidence->to);
			S_same_str(a->evidence->page, b->evidence->page, "evidence page", name);
			S_same_span(&a->evidence->span, &b->evidence->span, "evidence", name);
		}
		assert_int_equal(a->last == a, b->last == b);
	}
}

/* Every field of tb_tag (S_tag_copy's list). */
static void S_same_tag(const tb_tag *a, const tb_tag *b, const char *name)
{
	S_same_str(a->name, b->name, "tag name", name);
	S_same_str(a->value, b->value, a->name, name);
	S_same_span(&a->span, &b->span, a->name, name);
	if (a->value_line != b->value_line || a->value_col != b->value_col ||
	    a->value_off != b->value_off)
		fail_msg("%s: [%s]'s value at %u:%u (%zu) the short ways, %u:%u (%zu) the slow way",
		         name, a->name, a->value_line, a->value_col, a->value_off, b->value_line,
		         b->value_col, b->value_off);
	S_same_comments(a->comments, b->comments, name);
}

static void S_same_position(const tb_position *a, const tb_position *b, const char *name)
{
	assert_int_equal(a == NULL, b == NULL);
	if (!a)
		return;
	if (a->to_move != b->to_move || a->number != b->number || a->npieces != b->npieces ||
	    a->nextras != b->nextras ||
	    (a->npieces && memcmp(a->pieces, b->pieces, a->npieces * sizeof *a->pieces) != 0))
		fail_msg("%s: the start positions differ", name);
	for (size_t i = 0; i < a->nextras; i++) {
		S_same_str(a->extras[i].key, b->extras[i].key, "position key", name);
		S_same_str(a->extras[i].value, b->extras[i].value, "position value", name);
	}
}

/* tb_record_tag(rec, name) is the value of the first tag of that name
 * in 'rec', by strcmp, for each name it has and a few it has not. */
static void S_record_tag_finds(const tb_record *rec)
{
	static const char *const absent[] = {"", "R", "Resul", "Results", "result", "Nope"};
	for (size_t i = 0; i < rec->ntags + sizeof absent / sizeof *absent; i++) {
		const char *name = i < rec->ntags ? rec->tags[i].name : absent[i - rec->ntags];
		const char *want = NULL;
		for (size_t j = 0; j < rec->ntags && !want; j++)
			if (strcmp(rec->tags[j].name, name) == 0)
				want = rec->tags[j].value;
		assert_ptr_equal(tb_record_tag(rec, name), want);
	}
}

static void S_same_opts(const tb_opts *a, const tb_opts *b, const char *name)
{
	assert_int_equal(a->n, b->n);
	assert_int_equal(a->nrenamed, b->nrenamed);
	for (size_t i = 0; i < a->n; i++) {
		S_same_str(a->key[i], b->key[i], "option", name);
		S_same_str(a->value[i], b->value[i], "option value", name);
	}
	for (size_t i = 0; i < a->nrenamed; i++)
		assert_ptr_equal(a->renamed[i], b->renamed[i]);
}

/* Tag pairs the fast tier took, in all the readings S_same_ways made. */
static size_t S_taken, S_hits;

/* 'n' bytes at 'src' read with the short ways and without
 * (r->no_fast), checking only ('check') or building the tree: the same
 * records, diagnostics and reader state, call by call. */
static void S_same_ways(const char *src, size_t n, const char *name, int check)
{
	tb_reader *a = tb_reader_new_mem(src, n, name), *b = tb_reader_new_mem(src, n, name);
	assert_non_null(a);
	assert_non_null(b);
	tb_reader_set_check_only(a, check);
	tb_reader_set_check_only(b, check);
	b->no_fast = 1;
	for (;;) {
		tb_record *x = NULL, *y = NULL;
		int ga = tb_reader_next(a, &x), gb = tb_reader_next(b, &y);
		assert_int_equal(ga, gb);
		tt_same_diags(a, b, name, "the short ways", "the slow way");
		tt_same_place(a, b);
		assert_int_equal(a->tok.type, b->tok.type);
		assert_int_equal(a->tok.line, b->tok.line);
		assert_int_equal(a->prev.off, b->prev.off);
		if (ga != 1)
			break;
		assert_int_equal(tb_record_errors(x), tb_record_errors(y));
		assert_int_equal(tb_record_line(x), tb_record_line(y));
		assert_int_equal(tb_record_source_offset(x), tb_record_source_offset(y));
		assert_ptr_equal(x->game, y->game);
		assert_int_equal(x->result, y->result);
		assert_int_equal(x->ntags, y->ntags);
		for (size_t i = 0; i < x->ntags; i++)
			S_same_tag(&x->tags[i], &y->tags[i], name);
		S_same_comments(x->lead, y->lead, name);
		S_same_comments(x->main.lead, y->main.lead, name);
		S_same_position(x->start, y->start, name);
		S_same_opts(&x->opts, &y->opts, name);
		S_record_tag_finds(x);
		if (!check) {
			char *wx = tb_record_write(x, NULL), *wy = tb_record_write(y, NULL);
			S_same_str(wx, wy, "the record written", name);
			free(wx);
			free(wy);
		}
		tb_record_free(x);
		tb_record_free(y);
	}
	assert_int_equal(b->fast_tags, 0);
	S_taken += a->fast_tags;
	S_hits += a->tag_memo_hits;
	tb_reader_free(a);
	tb_reader_free(b);
}

static void S_both_sinks(const char *src, size_t n, const char *name)
{
	S_same_ways(src, n, name, 0);
	S_same_ways(src, n, name, 1);
}

/* A .tgn file of samples/ (tt_each_file), named by its own name, both
 * ways, both sinks; counted in '*ctx'. */
static void S_sample(void *ctx, size_t k, const char *path, const char *buf, size_t n)
{
	(void)k;
	const char *name = path + strlen("samples/");
	size_t len = strlen(name);
	if (len < 5 || strcmp(name + len - 4, ".tgn") != 0)
		return;
	S_both_sinks(buf, n, name);
	++*(size_t *)ctx;
}

/* Every sample (the .tgn files of samples/), both ways, both sinks. */
static void test_samples(void **state)
{
	(void)state;
	static const char *const dirs[] = {"samples"};
	size_t files = 0;
	tt_each_file(dirs, 1, S_sample, &files);
	print_message("%zu samples, the fast tier took %zu tag pairs\n", files, S_taken);
	assert_true(files >= 5);
}

/* The bench's collection (TB_BENCH_SAMPLE, which make unit makes):
 * most of its tags taken by the fast tier, most lines by its memo. */
static void test_bench_collection(void **state)
{
	(void)state;
	char *src;
	size_t n = tt_bench_slurp(&src);
	S_taken = S_hits = 0;
	/* a fresh reader's memo, as at a file's start: none kept from the
	 * samples' readers before (memo_keep.h), which would count hits for
	 * lines this reader never read before */
	tb_memo_keep_drop();
	S_same_ways(src, n, "bench", 0);
	size_t lines = tt_lines_starting(src, n, "[");
	print_message("the fast tier took %zu of %zu tag lines, its memo %zu\n", S_taken, lines,
	              S_hits);
	if (S_taken * 4 < lines * 3 || S_hits * 2 < lines)
		fail_msg("the tree's fast tier took %zu of %zu tag lines, its memo %zu", S_taken,
		         lines, S_hits);
	free(src);
}

/* ===== Random records ===== */

static const char *const S_games[] = {"pitarra", "asalto", "ocencahuac"};

/* [Position] values of each game (S_games' order): canonical, pieces
 * out of order, blanks, extras (some dropped as the default), wrong. */
static const char *const S_positions[3][10] = {
	{"R 20 R:d1,d2,c3,f2 Y:a1,a4,a7,g7", "R 20 R:d1,d2,d3 Y:a1,g1,a7,g7",
	 "R 20 R:f2,c3,d2,d1 Y:g7,a7,a4,a1", "R 5 R:a1,a7,b4,c4 Y:d1,d2,g7 hand=8,9",
	 "Y 20 R:d1,d2,c3,e5 Y:a1,a4,d7,f6 hand=0,0", "R  20  R:d1,d2   Y:a1", "R 20 R:d1,d1 Y:a1",
	 "R 20 R:z9 Y:a1", "Q 1 R: Y:", "R 20 R:d1,d2,c3 Y:a1,g7,g4"},
	{"A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,f4,g4,a5,b5,f5,g5 D:d6,e7",
	 "A 1 A:c1 D:d6,e7", "A 10 A:c3,d3,e3,c4,d4,e4,b5,c5,f5 D:d6,e7",
	 "D 10 A:c2,d2,b3,f3,g3,d4,a5,b5,f5,e6 D:e7,a4", "A 1 A:e1,d1,c1 D:e7,d6",
	 "A 1 A:c1 D:d6,e7 moved=1", "A 0 A:c1 D:d6", "A 1 A:a1 D:d6", "A 1 A:c1,c1 D:d6",
	 "D 10 A:c3,d3,e3,a4,b4,c4,e4,a5,b5,d5,f5,g5 D:d6,e7"},
	{"C 30 S:Ga2,Gc4,Gd4,Mb6+,Ea8+,Pd8+ C:Md1+,Ee1+,Gb5,Gd6,Ge7,Pe8",
	 "S 12 S:Ea1,Mb1,Pc1,Ga2,Gb2,Gd2 C:Md3,Gc7,Gd7,Ge7,Pc8,Ee8",
	 "S 12 S:Gd2,Gb2,Ga2,Pc1,Mb1,Ea1 C:Ee8,Pc8,Ge7,Gd7,Gc7,Md3",
	 "S 19 S:Pa1,Mb1,Ga2,Gb2,Gd2,Ec5 C:Mc6,Gc7,Gd7,Ge7,Pd8,Ee8 cool=c6",
	 "S 12 S:Ea1 C:Ee8 cool=", "S 12 S:Xa1 C:Ee8", "S 12 S:Ea1,Ea1 C:Ee8", "S x S:Ea1 C:Ee8",
	 "C 12 S:Ma1,Pd1,Eb2,Gd2,Ge2,Ga3 C:Gb3,Gc7,Gd7,Pc8,Md8,Ee8",
	 "S 30 S:Ga2,Gb2,Gc2,Pb7,Ea8+,Mb8+ C:Pc5,Md5,Ee5,Gc6,Gd6,Ge6"},
};

static const char *S_pick(tt_rng *g, const char *const *v, size_t n)
{
	return v[tt_below(g, (unsigned)n)];
}
#define S_PICK(g, v) S_pick((g), (v), sizeof(v) / sizeof *(v))

/* The value of roster tag 'tag' of game 'game', one of the kinds a
 * record holds or one near them. */
static const char *S_value(tt_rng *g, const char *tag, int game)
{
	static const char *const dates[] = {"????.??.??", "1998.07.??", "2011-03-04", "1979",
	                                    "1980.13.01", "19x8", "2004.02", "2004.2.1"};
	static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*", "?", "1-1", "0-1 "};
	static const char *const sources[] = {"cinta 3 @ 0:01:02", "cuaderno", "a@b @ 1:00:00-1:02:03",
	                                      "@ 61:00:00", "x @ 1:60:00", "libro @"};
	static const char *const rules[4][5] = {
		{"pitarra", "pitarra; board=24", "Pitarra", "pitarra; board=9", "pitarra;board=24"},
		{"asalto", "asalto; fortress=south", "ASALTO", "asalto; x", "asalto; a=1; a=2"},
		{"ocencahuac", "ocencahuac; river=4", " ocencahuac ", "ocencahuac; river=99", "ocen"},
		{"?", "?", "?", "pitarra", "nope"},
	};
	static const char *const other[] = {"?", "Someone", "Jesús María", "x\ty", "نرد", "a b c"};
	if (strcmp(tag, "Date") == 0)
		return S_PICK(g, dates);
	if (strcmp(tag, "Result") == 0)
		return S_PICK(g, results);
	if (strcmp(tag, "Source") == 0)
		return S_PICK(g, sources);
	if (strcmp(tag, "Rules") == 0)
		return rules[tt_below(g, 2) ? game : 3][tt_below(g, 5)];
	if (strcmp(tag, "Position") == 0)
		return S_positions[game][tt_below(g, 10)];
	if (strcmp(tag, "Game") == 0)
		return tt_below(g, 12) ? S_games[game] : tt_below(g, 2) ? "Asalto" : "chess";
	return S_PICK(g, other);
}

/* A random record's tag section and a short movetext, into 'b'. */
static void S_record(tt_rng *g, tt_str *b)
{
	static const char *const tags[] = {"Rules", "Site", "Date", "Result", "Event", "Round",
	                                   "Informant", "Recorder", "Transcriber", "Annotator",
	                                   "Source", "Language", "Community", "Notes", "Position",
	                                   "Position", "Position", "Result", "Date", "Source",
	                                   "Extra", "Evnet", "result", "X_1", "Colation"};
	static const char *const ends[] = {"\n", "\n", "\n", "\n", "\n", " ", "\r\n", "  \n",
	                                   " {after}\n", " ;said\n", "\n{own line}\n", "\t\n"};
	int game = (int)tt_below(g, 3);
	const tb_game *tg = tb_game_find(S_games[game]);
	if (tt_below(g, 20))
		tt_printf(b, "[Game \"%s\"]\n", S_value(g, "Game", game));
	unsigned k = 2 + tt_below(g, 12);
	for (unsigned i = 0; i < k; i++) {
		const char *tag = tt_below(g, 6) == 0 && tg ? tg->side_tag[tt_below(g, 2)]
		                                           : S_PICK(g, tags);
		const char *v = S_value(g, tag, game);
		unsigned shape = tt_below(g, 16);
		if (shape == 0)
			v = "";
		if (shape == 1)
			tt_printf(b, "[%s \"a \\\"quoted\\\" \\\\ %s\"]", tag, v);
		else if (shape == 2)
			tt_printf(b, "[%s\t\"%s\" ]", tag, v);
		else if (shape == 3)
			tt_printf(b, "[ %s \"%s\"]", tag, v);
		else if (shape == 4)
			tt_printf(b, "[%s \"%s\" {in} ]", tag, v);
		else if (shape == 5)
			tt_printf(b, "[%s \"%s", tag, v); /* left open */
		else
			tt_printf(b, "[%s \"%s\"]", tag, v);
		tt_puts(b, S_PICK(g, ends));
		if (tt_below(g, 10) == 0) /* given twice */
			tt_printf(b, "[%s \"%s\"]\n", tag, v);
	}
	tt_puts(b, tt_below(g, 3) ? "\n*\n\n" : "1. d5 {x} *\n");
}

/* 'nrec' random records with about 'nmut' bytes changed among them. */
static char *S_records(tt_rng *g, unsigned nrec, unsigned nmut, size_t *n)
{
	static const char put[] = {'x', '\\', '"', '\x01', '\xff', '\xc3', ']', '[', ' ', '\t', '\n',
	                           '\r', '{', '}', ';', '?', '0', ',', ':', '+'};
	tt_str b = {0};
	for (unsigned i = 0; i < nrec; i++)
		S_record(g, &b);
	char *s = tt_take(&b);
	*n = strlen(s);
	for (unsigned i = 0; i < nmut && *n; i++)
		s[tt_below(g, (unsigned)*n)] = put[tt_below(g, sizeof put)];
	return s;
}

static void test_random_records(void **state)
{
	(void)state;
	tt_rng g = {0x7a65ull};
	S_taken = S_hits = 0;
	for (int round = 0; round < (TT_SANITIZED ? 6 : 24); round++) {
		size_t n;
		char *s = S_records(&g, 200, round % 3 ? 0 : 40, &n);
		S_both_sinks(s, n, "random");
		free(s);
	}
	assert_true(S_taken > 10000);
}

/* Each random record alone, a byte changed anywhere in it: every
 * place the fast tier may stop. */
static void test_mutated_records(void **state)
{
	(void)state;
	tt_rng g = {0x5eedull};
	for (int i = 0; i < (TT_SANITIZED ? 300 : 1500); i++) {
		size_t n;
		char *s = S_records(&g, 2, 1 + tt_below(&g, 3), &n);
		S_both_sinks(s, n, "mutated");
		free(s);
	}
}

/* A [Position] value read again and again (by the memo) and once (the
 * whole way): the same tag, start and record, and for the tree the
 * canonical form -- also after another value took its place. */
static void test_position_again(void **state)
{
	(void)state;
	tt_str b = {0};
	for (int round = 0; round < 3; round++)
		for (int game = 0; game < 3; game++)
			for (int i = 0; i < 10; i++)
				tt_printf(&b, "[Game \"%s\"]\n[Position \"%s\"] {c}\n\n*\n\n[Game \"%s\"]\n"
				          "[Position \"%s\"]\n\n*\n\n", S_games[game], S_positions[game][i],
				          S_games[game], S_positions[game][(i * 7 + round) % 10]);
	char *s = tt_take(&b);
	S_both_sinks(s, strlen(s), "positions");
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_samples),
		cmocka_unit_test(test_bench_collection),
		cmocka_unit_test(test_random_records),
		cmocka_unit_test(test_mutated_records),
		cmocka_unit_test(test_position_again),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
