/*
 * test_parse_fast_tree.c -- the fast tier of the movetext building the
 * tree (parse_fast.h, tb_fast_movetext with a tb_fast_tree): every
 * record read whole with it and without it (r->no_fast, the parser
 * alone) is the same record, field by field -- every node (kind, side,
 * number, NAGs, span, move parts, 'ahead'), line (lead comments, span,
 * its last node), variation, comment (text, language, span) -- with the
 * same diagnostics and the reader in the same state after it. The
 * inputs: random games of every game, decorated with what the fast
 * tier takes (NAGs, suffixes, comments of every shape, variations,
 * move numbers written or left out) and what it leaves (numbers that do
 * not agree, results that disagree with [Result]); the bench's
 * collection, from memory and through a file's window; the samples;
 * and all of them with bytes changed. (test_parser holds the tier to
 * the parser when checking.)
 */
#include "tb_test.h"

#include "diag.h"
#include "parse_fast.h"
#include "reader.h"
#include "record.h"

#include "tb_corpus.h"

/* ===== Two trees alike ===== */

static void S_same_span(const tb_span *a, const tb_span *b, const char *what)
{
	if (a->line != b->line || a->col != b->col || a->end_line != b->end_line ||
	    a->end_col != b->end_col || a->off != b->off)
		fail_msg("%s: span %u:%u-%u:%u @%zu, the parser's %u:%u-%u:%u @%zu", what, a->line,
		         a->col, a->end_line, a->end_col, a->off, b->line, b->col, b->end_line,
		         b->end_col, b->off);
}

static void S_same_evidence(const tb_evidence *a, const tb_evidence *b, const char *what)
{
	assert_int_equal(a != NULL, b != NULL);
	if (!a)
		return;
	assert_true(a->from == b->from && a->to == b->to);
	assert_int_equal(a->page != NULL, b->page != NULL);
	if (a->page)
		assert_string_equal(a->page, b->page);
	assert_true(a->x == b->x && a->y == b->y && a->w == b->w && a->h == b->h);
	S_same_span(&a->span, &b->span, what);
}

/* Two lists of comments alike, and each list's first knowing its last. */
static void S_same_comments(const tb_comment *a, const tb_comment *b, const char *what)
{
	const tb_comment *fa = a, *fb = b, *la = NULL, *lb = NULL;
	for (; a && b; la = a, lb = b, a = a->next, b = b->next) {
		if (strcmp(a->text, b->text) != 0)
			fail_msg("%s: comment \"%s\", the parser's \"%s\"", what, a->text, b->text);
		assert_int_equal(a->lang != NULL, b->lang != NULL);
		if (a->lang)
			assert_string_equal(a->lang, b->lang);
		S_same_evidence(a->evidence, b->evidence, what);
		assert_int_equal(a->nmarks, b->nmarks);
		if (a->nmarks)
			assert_memory_equal(a->marks, b->marks, a->nmarks * sizeof *a->marks);
		S_same_span(&a->span, &b->span, what);
	}
	if (a || b)
		fail_msg("%s: the comments are not as many as the parser's", what);
	if (fa) {
		assert_ptr_equal(fa->last, la);
		assert_ptr_equal(fb->last, lb);
	}
}

static void S_same_move(const tb_move *a, const tb_move *b, const char *what)
{
	if (a->nparts != b->nparts || a->crown != b->crown)
		fail_msg("%s: a move of %u parts (crown %u), the parser's %u (%u)", what, a->nparts,
		         a->crown, b->nparts, b->crown);
	assert_int_equal(a->parts != NULL, b->parts != NULL);
	if (a->nparts)
		assert_memory_equal(a->parts, b->parts, a->nparts * sizeof *a->parts);
}

static void S_same_line(const tb_line *a, const tb_line *b, const char *what);

static void S_same_node(const tb_node *a, const tb_node *b, const char *what)
{
	if (a->kind != b->kind || a->side != b->side || a->number != b->number)
		fail_msg("%s: node of kind %u, side %u, number %u; the parser's %u, %u, %u", what,
		         a->kind, a->side, a->number, b->kind, b->side, b->number);
	assert_int_equal(a->reconstructed, b->reconstructed);
	S_same_span(&a->span, &b->span, what);
	S_same_move(&a->move, &b->move, what);
	if (a->nnags != b->nnags)
		fail_msg("%s: %u NAGs, the parser's %u", what, a->nnags, b->nnags);
	if (a->nnags)
		assert_memory_equal(a->nags, b->nags, a->nnags);
	assert_int_equal(a->nalts, b->nalts);
	for (unsigned i = 0; i < a->nalts; i++) {
		const tb_alt *x = &a->alts[i], *y = &b->alts[i];
		assert_int_equal(x->kind, y->kind);
		assert_int_equal(x->reconstructed, y->reconstructed);
		S_same_move(&x->move, &y->move, what);
		assert_int_equal(x->gap_min, y->gap_min);
		assert_int_equal(x->gap_max, y->gap_max);
		assert_int_equal(x->position != NULL, y->position != NULL);
		S_same_evidence(x->evidence, y->evidence, what);
		S_same_comments(x->comments, y->comments, what);
		S_same_span(&x->span, &y->span, what);
	}
	assert_int_equal(a->removed, b->removed);
	assert_int_equal(a->ahead, b->ahead);
	assert_int_equal(a->gap_min, b->gap_min);
	assert_int_equal(a->gap_max, b->gap_max);
	S_same_evidence(a->evidence, b->evidence, what);
	assert_int_equal(a->position != NULL, b->position != NULL);
	S_same_comments(a->comments, b->comments, what);
	const tb_line *va = a->variations, *vb = b->variations, *lva = NULL, *lvb = NULL;
	for (; va && vb; lva = va, lvb = vb, va = va->next, vb = vb->next)
		S_same_line(va, vb, what);
	if (va || vb)
		fail_msg("%s: the variations are not as many as the parser's", what);
	if (a->variations) {
		assert_ptr_equal(a->variations->last_var, lva);
		assert_ptr_equal(b->variations->last_var, lvb);
	}
}

static void S_same_line(const tb_line *a, const tb_line *b, const char *what)
{
	S_same_comments(a->lead, b->lead, what);
	S_same_span(&a->span, &b->span, what);
	const tb_node *x = a->first, *y = b->first, *lx = NULL, *ly = NULL;
	for (; x && y; lx = x, ly = y, x = x->next, y = y->next)
		S_same_node(x, y, what);
	if (x || y)
		fail_msg("%s: a line of more or fewer nodes than the parser's", what);
	assert_ptr_equal(a->last, lx);
	assert_ptr_equal(b->last, ly);
}

/* Records 'x' (the fast tier's) and 'y' (the parser's) alike. */
static void S_same_record(const tb_record *x, const tb_record *y, const char *what)
{
	assert_int_equal(tb_record_errors(x), tb_record_errors(y));
	assert_int_equal(tb_record_line(x), tb_record_line(y));
	assert_int_equal(tb_record_source_size(x), tb_record_source_size(y));
	assert_int_equal(tb_record_source_offset(x), tb_record_source_offset(y));
	assert_ptr_equal(x->game, y->game);
	assert_int_equal(x->result, y->result);
	assert_int_equal(x->offboard, y->offboard);
	assert_int_equal(x->start != NULL, y->start != NULL);
	assert_int_equal(x->ntags, y->ntags);
	for (size_t i = 0; i < x->ntags; i++) {
		assert_string_equal(x->tags[i].name, y->tags[i].name);
		assert_string_equal(x->tags[i].value, y->tags[i].value);
		S_same_span(&x->tags[i].span, &y->tags[i].span, what);
		assert_int_equal(x->tags[i].value_line, y->tags[i].value_line);
		assert_int_equal(x->tags[i].value_col, y->tags[i].value_col);
		assert_int_equal(x->tags[i].value_off, y->tags[i].value_off);
		S_same_comments(x->tags[i].comments, y->tags[i].comments, what);
	}
	S_same_comments(x->lead, y->lead, what);
	S_same_line(&x->main, &y->main, what);
	S_same_comments(x->trail, y->trail, what);
}

/* Records read whole by readers 'a' (the fast tier on) and 'b' (off),
 * of the same bytes, call by call: the same results, diagnostics,
 * records and reader state. Returns the records the fast tier took.
 * Frees the readers. */
static size_t S_same_trees_of(tb_reader *a, tb_reader *b, const char *what)
{
	assert_non_null(a);
	assert_non_null(b);
	b->no_fast = 1;
	for (;;) {
		tb_record *x = NULL, *y = NULL;
		int ga = tb_reader_next(a, &x), gb = tb_reader_next(b, &y);
		assert_int_equal(ga, gb);
		tt_same_diags(a, b, what, "the fast tier", "the parser");
		tt_same_place(a, b);
		assert_int_equal(a->tok.type, b->tok.type);
		assert_int_equal(a->tok.line, b->tok.line);
		assert_int_equal(a->prev.off, b->prev.off);
		assert_int_equal(a->prev.end_line, b->prev.end_line);
		if (ga != 1)
			break;
		S_same_record(x, y, what);
		tb_record_free(x);
		tb_record_free(y);
	}
	assert_int_equal(b->fast_records, 0);
	size_t fast = a->fast_records;
	tb_reader_free(a);
	tb_reader_free(b);
	return fast;
}

static size_t S_same_trees(const char *src, size_t n, const char *what)
{
	return S_same_trees_of(tb_reader_new_mem(src, n, what), tb_reader_new_mem(src, n, what),
	                       what);
}

/* ===== Inputs ===== */

/* 'k' changes to a copy of 'src' into 'out' (room for 'cap'): bytes the
 * grammar turns on put in, replaced and taken out, runs copied. */
static size_t S_mutate(const char *src, size_t n, char *out, size_t cap, tt_rng *g, int k)
{
	static const char alpha[] = "[](){}<>\"$!?x0123456789. -|@;\n\t*=^/abcdeh\\\xc3\xa9";
	size_t len = n < cap ? n : cap;
	memcpy(out, src, len);
	for (int i = 0; i < k && len > 40; i++) {
		size_t at = tt_below(g, (unsigned)len);
		unsigned r = tt_below(g, 8);
		char c = alpha[tt_below(g, sizeof alpha - 1)];
		if (r < 3) {
			out[at] = c;
		} else if (r < 5 && len < cap) {
			memmove(out + at + 1, out + at, len - at);
			out[at] = c;
			len++;
		} else if (r < 7) {
			memmove(out + at, out + at + 1, len - at - 1);
			len--;
		} else {
			size_t from = tt_below(g, (unsigned)len), m = 1 + tt_below(g, 16);
			if (from + m <= len && len + m <= cap) {
				memmove(out + at + m, out + at, len - at);
				memmove(out + at, out + from + (from >= at ? m : 0), m);
				len += m;
			}
		}
	}
	return len;
}

/* A comment of one of the shapes the fast tier takes, or when 'flaws',
 * now and then one it leaves (a mark, a CR), into 'o'. */
static void S_comment(tt_str *o, tt_rng *g, int flaws)
{
	static const char *const brace[] = {
		"{a}", "{ two  words }", "{@es en espa\xc3\xb1ol}", "{@ar-EG \xd9\x84\xd8\xb9\xd8\xa8\xd8\xa9}",
		"{a\\}b \\\\ \\@ \\x}", "{\\@en not a language}", "{@en}", "{@toolonglanguagetagthatgoesonandon x}",
		"{lines\nof\n\ttext \xc2\xab\xc2\xbb}", "{}", "{ \n }", "{@e_s x}", "{\xe2\x80\xa6 \xf0\x9f\x98\x80 x}",
		"{\\\n}", "{[%csl Gd5]}", "{a\r\nb}", /* the last two: flaws */
	};
	static const char *const semi[] = {";a line\n", ";@es l\xc3\xadnea } \\ {\n", ";\n",
	                                   ";@en\n", "; x\xc3\xa9 \n"};
	size_t nb = sizeof brace / sizeof *brace - (flaws && tt_below(g, 4) == 0 ? 0 : 2);
	if (tt_below(g, 4))
		tt_puts(o, brace[tt_below(g, (unsigned)nb)]);
	else
		tt_puts(o, semi[tt_below(g, sizeof semi / sizeof *semi)]);
}

/* A canonical record 'src' ('n' bytes, from tb_engine_random_game) with
 * its movetext decorated: after a move a suffix, NAGs, comments, a
 * variation that plays it again (and the move after it, and one inside
 * that), its number written again or left out; comments before the
 * first turn and after the result. One record in four has flaws too:
 * numbers written wrong, NAGs past 255, marks, CRs, a variation left
 * open, the result another than [Result]'s. Into 'o'. */
static void S_decorate(const char *src, size_t n, tt_str *o, tt_rng *g)
{
	int flaws = tt_below(g, 4) == 0;
	const char *moves = strstr(src, "\n\n");
	size_t at = moves ? (size_t)(moves - src) + 2 : n;
	tt_put(o, src, at);
	/* the movetext's words */
	char *w[1200];
	size_t nw = 0;
	char *text = malloc(n - at + 1);
	assert_non_null(text);
	memcpy(text, src + at, n - at);
	text[n - at] = '\0';
	for (char *t = text; *t && nw < 1200;) { /* words, and comments whole */
		while (*t == ' ' || *t == '\n')
			t++;
		if (!*t)
			break;
		w[nw++] = t;
		char *end = *t == '{' ? strchr(t, '}') : t + strcspn(t, " \n");
		end = end ? end + (*t == '{') : t + strlen(t);
		if (*end)
			*end++ = '\0';
		t = end;
	}
	if (tt_below(g, 5) == 0) {
		S_comment(o, g, flaws);
		tt_putc(o, ' ');
	}
	unsigned num = 1;
	int side = 0, numbered = 0;
	for (size_t i = 0; i < nw; i++) {
		size_t k = strlen(w[i]);
		if (w[i][0] == '{') { /* the generator's: kept */
			tt_printf(o, "%s ", w[i]);
			continue;
		}
		if (k >= 2 && w[i][k - 1] == '.' && w[i][0] >= '0' && w[i][0] <= '9') {
			num = (unsigned)atoi(w[i]);
			side = k >= 4 && w[i][k - 3] == '.' ? 1 : 0;
			numbered = 1;
			if (tt_below(g, 12) == 0)
				continue; /* left out */
			if (flaws && tt_below(g, 20) == 0) /* written wrong */
				tt_printf(o, "%u%s ", num + 1 + tt_below(g, 3), side ? "..." : ".");
			else
				tt_printf(o, "%s ", w[i]);
			continue;
		}
		if (i + 1 == nw) { /* the result */
			if (flaws && tt_below(g, 3) == 0)
				tt_puts(o, tt_below(g, 2) ? "1-0" : "0-1");
			else
				tt_puts(o, w[i]);
			if (tt_below(g, 4) == 0) {
				tt_putc(o, ' ');
				S_comment(o, g, flaws);
			}
			tt_putc(o, '\n');
			break;
		}
		/* a move by 'side', turn 'num' */
		if (!numbered && side == 1 && tt_below(g, 6) == 0)
			tt_printf(o, "%u... ", num);
		tt_puts(o, w[i]);
		unsigned r = tt_below(g, 16);
		if (r == 0)
			tt_puts(o, (const char *[]){"!", "?", "!!", "??", "!?", "?!"}[tt_below(g, 6)]);
		if (r <= 2)
			for (unsigned j = tt_below(g, 3) + 1; j; j--)
				tt_printf(o, " $%u", tt_below(g, flaws ? 258 : 256));
		if (r == 3 || r == 4) {
			tt_putc(o, ' ');
			S_comment(o, g, flaws);
		}
		if (r == 5 || r == 6) {
			tt_puts(o, " (");
			if (tt_below(g, 3) == 0)
				tt_printf(o, "%u%s ", num, side ? "..." : ".");
			if (tt_below(g, 5) == 0) {
				S_comment(o, g, flaws);
				tt_putc(o, ' ');
			}
			tt_puts(o, w[i]);
			if (tt_below(g, 3) == 0)
				tt_printf(o, " $%u", tt_below(g, 30));
			if (i + 2 < nw && !(strchr(w[i + 1], '.') && w[i + 1][0] <= '9')) {
				tt_printf(o, " %s", w[i + 1]);
				if (r == 6)
					tt_printf(o, " (%s {inside})", w[i + 1]);
			}
			if (tt_below(g, 4) == 0) {
				tt_putc(o, ' ');
				S_comment(o, g, flaws);
			}
			tt_puts(o, flaws && tt_below(g, 20) == 0 ? "" : ")");
		}
		tt_putc(o, tt_below(g, 9) ? ' ' : '\n');
		numbered = 0;
		if (side == 1)
			num++;
		side ^= 1;
	}
	free(text);
}

/* ===== The tests ===== */

/* Shapes one by one: each read both ways, and whether the fast tier
 * took its first record (a fast tier that takes nothing would pass the
 * comparisons). */
static void test_shapes(void **state)
{
	(void)state;
	static const struct {
		const char *src;
		int fast;
	} cases[] = {
		{"[Game \"pitarra\"]\n\n1. d5 f4 2. c5 d1 *\n\n[Game \"pitarra\"]\n1. d5 *\n", 1},
		{"[Game \"pitarra\"]\n[Result \"1-0\"]\n1. d5 $1 f4!? {a} {@es b c}\n2. c5 1-0 {end}\n"
		 "{more\nlines}\n[Game \"pitarra\"]\n1. d5 *\n", 1},
		{"[Game \"asalto\"]\n[Result \"0-1\"]\n1. d3-d4 d6xd4 (1... e5-e6 {x} (1... d6-d5)) "
		 "2. c4-c5 0-1\n[Game \"asalto\"]\n*\n", 1},
		{"[Game \"ocencahuac\"]\n1. c1-d2 c8^c6 $10 2. d2-d4 e8^c8^e6!? $27 3. b1-e1 c6-a4 "
		 "4. d4-a7 e6^c8 5. a7-b8= {\xc2\xab\xc2\xa1" "ah\xc3\xad!\xc2\xbb x} 5... c8^a8>d1 1/2-1/2\n"
		 "[Game \"x\"]\n", 1},
		{"[Game \"pitarra\"]\n1. d5 f4 2. c5 d1 1-0", 1},
		{"[Game \"pitarra\"]\n1. d5 f4 2. c5 d1 * {a}  \n\t ", 1},
		{"[Game \"pitarra\"]\n1. d5 ( {x} ) *\n[Game \"pitarra\"]\n", 1},
		{"[Game \"pitarra\"]\n1. d5 {a\\}b \\\\ \\@ \\x \\\n} *\n[Game \"pitarra\"]\n", 1},
		{"[Game \"pitarra\"]\n1. d5 ;c } \\ {\nf4 *\n[Game \"pitarra\"]\n", 1},
		{"[Game \"pitarra\"]\n1. d5 f4 * ;@es fin", 1},
		{"[Game \"pitarra\"]\n1. d5 f4 * ;@es", 1},
		{"[Game \"pitarra\"]\n1. d5 {@es} {@e\\s x} {@1234567890123456789012345678901234 y}"
		 " {@12345678901234567890123456789012345 z} {@es\n\xc3\xa9} *\n[Game \"pitarra\"]\n", 1},
		{"[Game \"pitarra\"]\n1. d5 {\xc3\xa9\xc3\xa9\n\xc3\xa9 \xd9\x84} f4 {\xc3\xa9} $3 (1... f4 "
		 "{\xf0\x9f\x98\x80}\n(1... d1) $4) 2. c5 *\n[Game \"pitarra\"]\n", 1},
		{"[Game \"pitarra\"]\n1. d5\tf4\t{x}\t2.c5 d1*\n[Game \"pitarra\"]\n", 1},
		{"[Game \"pitarra\"] 1. d5 f4 {x} 1-0 {y}\n[Game \"pitarra\"]\n", 1},
		{"[Game \"pitarra\"]\n{lead} 1. d5 *\n[Game \"pitarra\"]\n", 1},
		{"[Game \"pitarra\"]\n1. d5 f4 3. c5 d1 *\n[Game \"pitarra\"]\n", 0}, /* the count */
		{"[Game \"pitarra\"]\n[Result \"1-0\"]\n1. d5 0-1\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. d5 f4\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. d9 *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. d5 {[%csl Gd5]} *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. d5 (f4 *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. pass f4 -- pass!? $4 ? ?\n(? d1) *\n[Game \"pitarra\"]\n", 1},
		{"[Game \"pitarra\"]\n1. passx f4 *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. d5 ?! *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. d5 --! *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. d5 pass? *\n[Game \"pitarra\"]\n", 1},
		{"[Game \"pitarra\"]\n1. d5 pass!x *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. d5 @0:01 *\n[Game \"pitarra\"]\n", 0},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *src = cases[i].src;
		tb_reader *r = tb_reader_new_mem(src, strlen(src), "t.tgn");
		tb_record *rec;
		assert_int_equal(tb_reader_next(r, &rec), 1);
		if ((int)r->fast_records != cases[i].fast)
			fail_msg("case %zu \"%s\": the fast tier took %zu", i, src, r->fast_records);
		tb_record_free(rec);
		tb_reader_free(r);
		S_same_trees(src, strlen(src), "t.tgn");
	}
}

/* Random games of every game, decorated, one file of them a game, read
 * both ways; then each decorated record with bytes changed. The fast
 * tier takes most of the decorated records. */
static void test_random_games(void **state)
{
	(void)state;
	tt_rng g = {0x9E3779B97F4A7C15u};
	size_t records = 0, fast = 0, mutated = 0;
	unsigned seeds = TT_SANITIZED ? 25 : 100;
	for (size_t gi = 0; tb_game_at(gi); gi++) {
		char *why = NULL;
		tb_engine *e = tb_engine_new(tb_game_at(gi), NULL, NULL, &why);
		assert_non_null(e);
		tt_str all = {0};
		for (unsigned seed = 1; seed <= seeds; seed++) {
			size_t len = 0;
			char *text = tb_engine_random_game(e, seed, 10 + seed * 4, &len);
			assert_non_null(text);
			tt_str one = {0};
			S_decorate(text, len, &one, &g);
			tt_put(&all, one.d, one.n);
			tt_putc(&all, '\n');
			records++;
			size_t cap = one.n + 64;
			char *m = malloc(cap);
			assert_non_null(m);
			for (unsigned k = 1; k <= 4; k++) {
				size_t n = S_mutate(one.d, one.n, m, cap, &g, (int)k);
				S_same_trees(m, n, "mutated");
				mutated++;
			}
			free(m);
			free(tt_take(&one));
			free(text);
		}
		fast += S_same_trees(all.d, all.n, tb_game_at(gi)->name);
		free(tt_take(&all));
		tb_engine_free(e);
	}
	print_message("the fast tier took %zu of %zu decorated records\n", fast, records);
	if (fast * 2 < records)
		fail_msg("the fast tier took %zu of %zu decorated records", fast, records);
	assert_true(mutated >= 3 * 4 * seeds);
}

/* What test_corpora walks (tt_each_file): the files read both ways,
 * the samples (folder 0) mutated too, by one generator. */
typedef struct S_walk {
	tt_rng g;
	size_t sample_fast;
} S_walk;

static void S_corpus_file(void *ctx, size_t k, const char *path, const char *buf, size_t n)
{
	S_walk *w = ctx;
	size_t f = S_same_trees(buf, n, path);
	if (k != 0)
		return;
	w->sample_fast += f;
	size_t mcap = n + 4096;
	char *mm = malloc(mcap);
	assert_non_null(mm);
	for (unsigned s = 1; s <= (TT_SANITIZED ? 3u : 10u); s++)
		S_same_trees(mm, S_mutate(buf, n, mm, mcap, &w->g, 1 + (int)s), path);
	free(mm);
}

/* The bench's collection (TB_BENCH_SAMPLE, which make unit makes), from
 * memory and through a file's window; parts of it mutated; the samples
 * and the spec, and the samples mutated. */
static void test_corpora(void **state)
{
	(void)state;
	const char *bench = tt_bench_path();
	char *buf;
	size_t n = tt_bench_slurp(&buf);
	assert_true(n > 100000);
	size_t records = tt_lines_starting(buf, n, "[Game ");
	size_t fast = S_same_trees(buf, n, bench);
	print_message("the fast tier took %zu of the collection's %zu records\n", fast, records);
	if (fast * 10 < records * 8)
		fail_msg("the fast tier took %zu of the collection's %zu records", fast, records);
	FILE *fa = fopen(bench, "rb"), *fb = fopen(bench, "rb");
	assert_non_null(fa);
	assert_non_null(fb);
	assert_int_equal(S_same_trees_of(tb_reader_new_file(fa, bench), tb_reader_new_file(fb, bench),
	                                 bench),
	                 fast);
	fclose(fa);
	fclose(fb);
	S_walk w = {{12345}, 0};
	size_t cap = 1 << 15;
	char *m = malloc(cap);
	assert_non_null(m);
	for (unsigned s = 1; s <= (TT_SANITIZED ? 20u : 100u); s++) {
		size_t at = (size_t)s * 7919 % (n - cap / 2);
		S_same_trees(m, S_mutate(buf + at, cap / 2, m, cap, &w.g, 1 + (int)(s % 9)), bench);
	}
	free(m);
	free(buf);
	static const char *const dirs[] = {"samples", "spec", "tests/fuzz/corpus/parse"};
	size_t files = tt_each_file(dirs, sizeof dirs / sizeof dirs[0], S_corpus_file, &w);
	print_message("%zu files, the fast tier took %zu records of the samples\n", files,
	              w.sample_fast);
	assert_true(files >= 10);
	assert_true(w.sample_fast > 0);
}

/* Reads 'src' once with the fast tier, its first record: how many the
 * tier took (0 or 1); then reads it both ways (S_same_trees). */
static size_t S_took(const char *src, size_t n)
{
	tb_reader *r = tb_reader_new_mem(src, n, "t.tgn");
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	size_t fast = r->fast_records;
	tb_record_free(rec);
	tb_reader_free(r);
	S_same_trees(src, n, "t.tgn");
	return fast;
}

/* The tier's limits, each on both sides: TB_MAX_NAGS NAGs on a turn (32,
 * then 33), variations nested S_DEPTH (32) deep, then 33; a result
 * against [Result] after variations, NAGs and comments, refused at the
 * marker (the parser's tree is then the parser's alone: alike, field by
 * field, to the tree of a reader without the tier). */
static void test_limits(void **state)
{
	(void)state;
	for (int k = 32; k <= 33; k++) {
		tt_str o = {0};
		tt_puts(&o, "[Game \"pitarra\"]\n1. d5");
		for (int i = 0; i < k; i++)
			tt_printf(&o, " $%d", i * 7 % 256);
		tt_puts(&o, " f4 *\n[Game \"pitarra\"]\n");
		if (S_took(o.d, o.n) != (k <= TB_MAX_NAGS))
			fail_msg("%d NAGs on a turn: the fast tier took it or not, wrongly", k);
		free(tt_take(&o));
	}
	for (int k = 31; k <= 33; k++) {
		tt_str o = {0};
		tt_puts(&o, "[Game \"pitarra\"]\n1. d5");
		for (int i = 0; i < k; i++)
			tt_printf(&o, " (1. %s {v%d}", i % 2 ? "d5" : "c5", i);
		for (int i = 0; i < k; i++)
			tt_puts(&o, i % 3 ? ")" : " $2)");
		tt_puts(&o, " f4 *\n[Game \"pitarra\"]\n");
		if (S_took(o.d, o.n) != (k <= 32))
			fail_msg("variations %d deep: the fast tier took them or not, wrongly", k);
		free(tt_take(&o));
	}
	static const char late[] =
		"[Game \"pitarra\"]\n[Result \"1-0\"]\n{lead} 1. d5 {a} (1. c5 {b} (1. d1 $3) f4) "
		"f4 $1 {c} 2. c5 ;d\n0-1 {after}\n[Game \"pitarra\"]\n[Result \"1-0\"]\n"
		"1. d5 {a} (1. c5 {b}) f4 $1 1-0 {after}\n";
	assert_int_equal(S_took(late, sizeof late - 1), 0);
	tb_reader *r = tb_reader_new_mem(late, sizeof late - 1, "t.tgn");
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	tb_record_free(rec);
	assert_int_equal(tb_reader_next(r, &rec), 1); /* the second: the tier's */
	assert_int_equal(r->fast_records, 1);
	tb_record_free(rec);
	tb_reader_free(r);
}

/* Words the memo treats apart, read many times in one reader, so that
 * the later reads are its hits: a move of more than S_MEMO_PARTS (7)
 * parts, whose word is longer than S_MEMO_WORD (15 bytes, never kept);
 * words of 15 and 16 bytes; and a few short words again and again (read
 * by S_word_kept, their parts the memo's), over several records. */
static void test_memo_words(void **state)
{
	(void)state;
	tt_str o = {0};
	for (int rec = 0; rec < 3; rec++) {
		tt_puts(&o, "[Game \"ocencahuac\"]\n");
		for (int t = 1; t <= 6; t++)
			tt_printf(&o, "%d. a1^a3^a5^a7^c7^e7^e5^e3^e1 c8-d6 (%d... c8^c6 e1-e2) "
			              "a1^a3^a5^a7^c7!? c8-d6\n", t * 2 - 1, t * 2 - 1);
		tt_puts(&o, "13. a1^a3^a5^a7^c7^e7 c8^c6^c4^c2!\n*\n\n");
		tt_puts(&o, "[Game \"asalto\"]\n");
		for (int t = 1; t <= 20; t++)
			tt_printf(&o, "%d. d3-d4 d6xd4 ", t);
		tt_puts(&o, "*\n\n");
	}
	size_t fast = S_same_trees(o.d, o.n, "memo");
	if (fast != 6)
		fail_msg("the fast tier took %zu of 6 records", fast);
	free(tt_take(&o));
}

/* A movetext of a million turns ('?', two bytes each) and of one more:
 * the first the tier's (checked before it is built, the reader put
 * back: tb_fast_movetext), the second the parser's (TB_MAX_TURNS), both read the
 * same either way. */
static void test_turn_limit(void **state)
{
	(void)state;
	if (TT_SANITIZED)
		skip();
	for (unsigned k = TB_MAX_TURNS; k <= TB_MAX_TURNS + 1; k++) {
		tt_str o = {0};
		tt_puts(&o, "[Game \"pitarra\"]\n");
		for (unsigned i = 0; i < k; i++)
			tt_puts(&o, i % 40 == 39 ? "?\n" : "? ");
		tt_puts(&o, "*\n[Game \"pitarra\"]\n1. d5 *\n");
		tb_reader *r = tb_reader_new_mem(o.d, o.n, "t.tgn");
		tb_record *rec;
		assert_int_equal(tb_reader_next(r, &rec), 1);
		assert_int_equal(r->fast_records, k <= TB_MAX_TURNS);
		tb_record_free(rec);
		tb_reader_free(r);
		assert_int_equal(S_same_trees(o.d, o.n, "turns"), 1 + (k <= TB_MAX_TURNS));
		free(tt_take(&o));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shapes),
		cmocka_unit_test(test_random_games),
		cmocka_unit_test(test_corpora),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_memo_words),
		cmocka_unit_test(test_turn_limit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
