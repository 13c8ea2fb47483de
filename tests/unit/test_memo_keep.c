/*
 * test_memo_keep.c -- the parser's memos kept per thread (memo_keep.h):
 * the move words', the tag lines' and the [Position] values' memo, given
 * back to the thread when a reader is freed and taken by the next reader
 * made on it.
 *
 * Two readers one after the other on one thread share them (the second
 * answers from the first's entries, and allocates no memo of its own);
 * two alive at once never do; a reader on another thread never takes
 * this thread's. And a memo filled by a reader of one setting (checking
 * or building, careful, its fast tier off, no tag memo, another origin)
 * and then used by a reader of another gives the same records,
 * diagnostics and places, field by field, as that reader reading with
 * fresh memos: on the samples, the bench's collection, slices of it with
 * bytes changed, and random games. Out of memory while a memo is taken
 * or given back, nothing changes but memory (and under ASan nothing
 * leaks).
 */
#include "tb_test.h"

#include <pthread.h>

#include "game.h"
#include "memo_keep.h"
#include "move_memo.h"
#include "parse_fast.h"
#include "reader.h"
#include "record.h"

#include "tb_corpus.h"

/* ===== A reading, as text =====
 * Everything a reader says of each record, whatever the memos held: its
 * result, diagnostics and place after each call, and every field of the
 * record that test_parse_fast_tree and test_fast_tags_tree compare (the
 * tags and their places, the comments, the tree node by node, the start
 * position, the options), written out so that two readings compare as
 * two strings. */

static void S_span(tt_str *o, const tb_span *s)
{
	tt_printf(o, " @%u:%u-%u:%u/%zu", s->line, s->col, s->end_line, s->end_col, s->off);
}

static void S_bytes(tt_str *o, const void *p, size_t n)
{
	const unsigned char *b = p;
	tt_putc(o, ' ');
	for (size_t i = 0; i < n; i++)
		tt_printf(o, "%02x", b[i]);
}

static void S_evidence(tt_str *o, const tb_evidence *e)
{
	if (!e)
		return;
	tt_printf(o, " ev %u-%u %s %g,%g,%g,%g", (unsigned)e->from, (unsigned)e->to,
	          e->page ? e->page : "-", (double)e->x, (double)e->y, (double)e->w, (double)e->h);
	S_span(o, &e->span);
}

static void S_comments(tt_str *o, const tb_comment *c)
{
	for (; c; c = c->next) {
		tt_printf(o, "\n  {%s|%s|%u}", c->lang ? c->lang : "", c->text, (unsigned)c->nmarks);
		if (c->nmarks)
			S_bytes(o, c->marks, c->nmarks * sizeof *c->marks);
		S_evidence(o, c->evidence);
		S_span(o, &c->span);
	}
}

static void S_move(tt_str *o, const tb_move *m)
{
	tt_printf(o, " move %u/%u%s", (unsigned)m->nparts, (unsigned)m->crown, m->parts ? "" : " -");
	if (m->nparts)
		S_bytes(o, m->parts, m->nparts * sizeof *m->parts);
}

static void S_line(tt_str *o, const tb_line *l, int depth);

static void S_node(tt_str *o, const tb_node *x, int depth)
{
	tt_printf(o, "\n %d node %u %u %u r%u", depth, (unsigned)x->kind, (unsigned)x->side,
	          (unsigned)x->number, (unsigned)x->reconstructed);
	S_span(o, &x->span);
	S_move(o, &x->move);
	if (x->nnags)
		S_bytes(o, x->nags, x->nnags);
	for (unsigned i = 0; i < x->nalts; i++) {
		const tb_alt *a = &x->alts[i];
		tt_printf(o, "\n  alt %u r%u %u-%u %d", (unsigned)a->kind, (unsigned)a->reconstructed,
		          (unsigned)a->gap_min, (unsigned)a->gap_max, a->position != NULL);
		S_move(o, &a->move);
		S_evidence(o, a->evidence);
		S_comments(o, a->comments);
		S_span(o, &a->span);
	}
	tt_printf(o, " rm%u ah%u gap %u-%u pos%d", (unsigned)x->removed, (unsigned)x->ahead,
	          (unsigned)x->gap_min, (unsigned)x->gap_max, x->position != NULL);
	S_evidence(o, x->evidence);
	S_comments(o, x->comments);
	for (const tb_line *v = x->variations; v; v = v->next)
		S_line(o, v, depth + 1);
}

static void S_line(tt_str *o, const tb_line *l, int depth)
{
	tt_printf(o, "\n %d line", depth);
	S_span(o, &l->span);
	S_comments(o, l->lead);
	for (const tb_node *x = l->first; x; x = x->next)
		S_node(o, x, depth);
}

static void S_record(tt_str *o, const tb_record *x, int check)
{
	tt_printf(o, "record e%zu l%u s%zu o%zu %s r%d off%zu start%d\n", tb_record_errors(x),
	          tb_record_line(x), tb_record_source_size(x), tb_record_source_offset(x),
	          x->game ? x->game->name : "-", (int)x->result, x->offboard, x->start != NULL);
	for (size_t i = 0; i < x->ntags; i++) {
		const tb_tag *t = &x->tags[i];
		tt_printf(o, "[%s \"%s\"] %u:%u/%zu", t->name, t->value, t->value_line, t->value_col,
		          t->value_off);
		S_span(o, &t->span);
		S_comments(o, t->comments);
		tt_putc(o, '\n');
	}
	if (x->start) {
		const tb_position *p = x->start;
		tt_printf(o, "position %d %u %zu %zu", (int)p->to_move, p->number, p->npieces,
		          p->nextras);
		if (p->npieces)
			S_bytes(o, p->pieces, p->npieces * sizeof *p->pieces);
		for (size_t i = 0; i < p->nextras; i++)
			tt_printf(o, " %s=%s", p->extras[i].key, p->extras[i].value);
		tt_putc(o, '\n');
	}
	tt_printf(o, "opts %zu %zu", x->opts.n, x->opts.nrenamed);
	for (size_t i = 0; i < x->opts.n; i++)
		tt_printf(o, " %s=%s", x->opts.key[i], x->opts.value[i]);
	S_comments(o, x->lead);
	S_line(o, &x->main, 0);
	S_comments(o, x->trail);
	tt_putc(o, '\n');
	if (!check && !tb_record_errors(x) && x->game) {
		char *w = tb_record_write(x, NULL);
		assert_non_null(w);
		tt_puts(o, w);
		free(w);
	}
}

/* How a reader is set: the settings a memo's entries must not depend on. */
typedef struct S_way {
	const char *name;
	int check, careful, no_fast, no_tag_memo;
	unsigned origin;   /* its first line (tb_reader_set_origin), 0: none */
} S_way;

static const S_way S_ways[] = {
	{"building", 0, 0, 0, 0, 0},
	{"checking", 1, 0, 0, 0, 0},
	{"careful", 0, 1, 0, 0, 0},
	{"checking, careful", 1, 1, 0, 0, 0},
	{"building, no fast tier", 0, 0, 1, 0, 0},
	{"checking, no tag memo", 1, 0, 0, 1, 0},
	{"building from line 1000", 0, 0, 0, 0, 1000},
	{"checking from line 77", 1, 0, 0, 0, 77},
};
enum { S_NWAYS = sizeof S_ways / sizeof S_ways[0] };

static tb_reader *S_reader(const char *src, size_t n, const S_way *w)
{
	tb_reader *r = tb_reader_new_mem(src, n, "m.tgn");
	assert_non_null(r);
	tb_reader_set_check_only(r, w->check);
	r->careful = w->careful;
	r->no_fast = w->no_fast;
	r->no_tag_memo = w->no_tag_memo;
	if (w->origin)
		tb_reader_set_origin(r, w->origin, 4321);
	return r;
}

/* What reader 'r' says, call by call, to its end, as text (the caller
 * frees it); the reader is freed. */
static char *S_read_all(tb_reader *r, int check)
{
	tt_str o = {0};
	for (;;) {
		tb_record *x = NULL;
		int got = tb_reader_next(r, &x);
		tt_printf(&o, "= %d fast %zu/%zu tok %d %zu %u:%u prev %zu %u:%u pos %zu "
		          "%u:%u\n", got, r->fast_records, r->fast_tags, (int)r->tok.type, r->tok.off,
		          r->tok.line, r->tok.col, r->prev.off, r->prev.end_line, r->prev.end_col,
		          r->pos, r->line, r->col);
		tt_diags(&o, r);
		if (got != 1)
			break;
		S_record(&o, x, check);
		tb_record_free(x);
	}
	tb_reader_free(r);
	return tt_take(&o);
}

/* 'n' bytes at 'src' read 'w's way, with whatever memos the thread keeps. */
static char *S_read(const char *src, size_t n, const S_way *w)
{
	return S_read_all(S_reader(src, n, w), w->check);
}

/* The same with fresh memos: none kept when it starts, none kept after. */
static char *S_read_fresh(const char *src, size_t n, const S_way *w)
{
	tb_memo_keep_drop();
	char *s = S_read(src, n, w);
	tb_memo_keep_drop();
	return s;
}

static void S_same_text(const char *got, const char *want, const char *what)
{
	if (strcmp(got, want) == 0)
		return;
	size_t i = 0, line = 1;
	for (; got[i] && got[i] == want[i]; i++)
		line += got[i] == '\n';
	size_t from = i > 200 ? i - 200 : 0;
	fail_msg("%s: differs from fresh memos at line %zu:\n--- with kept memos\n%.400s\n"
	         "--- fresh\n%.400s", what, line, got + from, want + from);
}

/* ===== Inputs ===== */

/* 'k' bytes of 'src' changed at random into 'out' (room for 'n'). */
static void S_mutate(const char *src, size_t n, char *out, tt_rng *g, unsigned k)
{
	static const char put[] = {'x', 'a', '\\', '"', '\x01', '\xff', '\xc3', ']', ' ', '\t',
	                           '[', '\r', '{', '}', '?', '0', '(', ')', '$', '\n', '-', '1'};
	memcpy(out, src, n);
	for (unsigned i = 0; i < k && n; i++)
		out[tt_below(g, (unsigned)n)] = put[tt_below(g, sizeof put)];
}

/* Random games of every game, one after another, with a [Position]
 * (every game's start, written as the game writes it) in some. */
static char *S_random_games(size_t *len, unsigned per_game)
{
	tt_str all = {0};
	for (size_t gi = 0; tb_game_at(gi); gi++) {
		char *why = NULL;
		tb_engine *e = tb_engine_new(tb_game_at(gi), NULL, NULL, &why);
		assert_non_null(e);
		for (unsigned seed = 1; seed <= per_game; seed++) {
			size_t n = 0;
			char *text = tb_engine_random_game(e, seed, 10 + seed * 3, &n);
			assert_non_null(text);
			tt_put(&all, text, n);
			tt_putc(&all, '\n');
			free(text);
		}
		tb_engine_free(e);
	}
	*len = all.n;
	return tt_take(&all);
}

/* The inputs of a test: the samples' texts, the bench's collection, four
 * slices of it with bytes changed, the random games. */
typedef struct S_inputs {
	char *text[64];
	size_t len[64];
	const char *name[64];
	size_t n;
} S_inputs;

static void S_add(S_inputs *in, char *text, size_t len, const char *name)
{
	assert_true(in->n < 64);
	in->text[in->n] = text;
	in->len[in->n] = len;
	in->name[in->n++] = name;
}

static void S_sample(void *ctx, size_t k, const char *path, const char *buf, size_t n)
{
	(void)k;
	size_t len = strlen(path);
	if (len < 5 || strcmp(path + len - 4, ".tgn") != 0)
		return;
	char *copy = malloc(n + 1);
	assert_non_null(copy);
	memcpy(copy, buf, n);
	S_add(ctx, copy, n, "a sample");
}

static void S_inputs_make(S_inputs *in)
{
	memset(in, 0, sizeof *in);
	static const char *const dirs[] = {"samples"};
	tt_each_file(dirs, 1, S_sample, in);
	assert_true(in->n >= 10);
	char *bench;
	size_t n = tt_bench_slurp(&bench);
	/* a slice of the collection: a sanitizer's build reads less */
	size_t k = TT_SANITIZED ? n / 8 : n / 2;
	S_add(in, bench, k, "the bench's collection");
	tt_rng g = {20261207};
	for (unsigned i = 0; i < 4; i++) {
		size_t at = tt_below(&g, (unsigned)(n / 2)), m = n / 16;
		char *out = malloc(m);
		assert_non_null(out);
		S_mutate(bench + at, m, out, &g, 40 + i * 40);
		S_add(in, out, m, "a slice changed");
	}
	size_t len;
	char *games = S_random_games(&len, TT_SANITIZED ? 4 : 12);
	S_add(in, games, len, "random games");
}

static void S_inputs_free(S_inputs *in)
{
	for (size_t i = 0; i < in->n; i++)
		free(in->text[i]);
}

/* ===== The tests ===== */

/* Each input of 'in' read fresh each way (S_read_fresh): the answers,
 * input i's way w at [i * S_NWAYS + w]; freed by S_answers_free. */
static char **S_answers(const S_inputs *in)
{
	char **want = calloc(in->n * S_NWAYS, sizeof *want);
	assert_non_null(want);
	for (size_t i = 0; i < in->n; i++)
		for (size_t w = 0; w < S_NWAYS; w++)
			want[i * S_NWAYS + w] = S_read_fresh(in->text[i], in->len[i], &S_ways[w]);
	return want;
}

static void S_answers_free(const S_inputs *in, char **want)
{
	for (size_t i = 0; i < in->n * S_NWAYS; i++)
		free(want[i]);
	free(want);
}

/* A memo filled by a reader of one way, then used by a reader of each
 * other way: the same reading as with fresh memos. Each input is read
 * fresh each way once (the answer), then again after every input was
 * read by every other way, the memos kept from one to the next. */
static void test_kept_memos_read_as_fresh_ones(void **state)
{
	(void)state;
	S_inputs in;
	S_inputs_make(&in);
	char **want = S_answers(&in);
	size_t compared = 0;
	for (size_t fill = 0; fill < S_NWAYS; fill++) {
		for (size_t use = 0; use < S_NWAYS; use++) {
			if (use == fill)
				continue;
			tb_memo_keep_drop();
			/* every input read 'fill's way: the memos hold what it made */
			for (size_t i = 0; i < in.n; i++)
				free(S_read(in.text[i], in.len[i], &S_ways[fill]));
			/* then read 'use's way, after them and after one another */
			for (size_t i = 0; i < in.n; i++) {
				char *got = S_read(in.text[i], in.len[i], &S_ways[use]);
				char what[160];
				snprintf(what, sizeof what, "%s (%zu) read %s after %s", in.name[i], i,
				         S_ways[use].name, S_ways[fill].name);
				S_same_text(got, want[i * S_NWAYS + use], what);
				free(got);
				compared++;
			}
		}
	}
	print_message("%zu readings with kept memos as with fresh ones\n", compared);
	S_answers_free(&in, want);
	S_inputs_free(&in);
	tb_memo_keep_drop();
}

/* The memos of a reader alive, by address (the tests only compare them). */
typedef struct S_held {
	uintptr_t moves, tags, positions;
} S_held;

static S_held S_held_by(const tb_reader *r)
{
	return (S_held){(uintptr_t)r->memo, (uintptr_t)r->tag_memo, (uintptr_t)r->pos_memo};
}

/* An allocation hook that notes the largest allocation asked for. */
static size_t S_largest;

static int S_note_size(void *ctx, size_t size)
{
	(void)ctx;
	if (size > S_largest)
		S_largest = size;
	return 0;
}

/* Records of every game, a [Position] in one, read whole by 'r' (freed). */
static const char S_few[] =
	"[Game \"pitarra\"]\n[Result \"*\"]\n\n1. d3-d4 *\n\n"
	"[Game \"asalto\"]\n[Result \"*\"]\n[Position \"A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,"
	"g3,a4,b4,c4,d4,e4,f4,g4,a5,b5,f5,g5 D:d6,e5\"]\n\n*\n\n"
	"[Game \"ocencahuac\"]\n[Result \"*\"]\n\n1. c1-b3 *\n\n"
	"[Game \"pitarra\"]\n[Result \"*\"]\n\n1. d3-d4 d5-d4 *\n";

/* Two readers one after the other on one thread: the second takes the
 * memos the first gave back -- the same blocks, holding what the first
 * put in them -- and allocates none of its own. */
static void test_readers_one_after_another_share(void **state)
{
	(void)state;
	char *bench;
	size_t n = tt_bench_slurp(&bench);
	n = n / 8;
	const S_way *building = &S_ways[0];
	tb_memo_keep_drop();
	tb_reader *a = S_reader(bench, n, building);
	tb_record *x;
	while (tb_reader_next(a, &x) == 1)
		tb_record_free(x);
	S_held ha = S_held_by(a);
	assert_true(ha.moves && ha.tags && ha.positions);
	size_t a_hits = a->tag_memo_hits;
	tb_reader_free(a);

	/* the same bytes again: the tag lines are all answered for, from the
	 * first record on; the memo's blocks are the first reader's */
	tb_reader *b = S_reader(bench, n, building);
	assert_int_equal(tb_reader_next(b, &x), 1);
	tb_record_free(x);
	assert_true(b->tag_memo_hits > 0); /* a fresh reader has no memo at its first record */
	while (tb_reader_next(b, &x) == 1)
		tb_record_free(x);
	S_held hb = S_held_by(b);
	assert_true(hb.moves == ha.moves && hb.tags == ha.tags && hb.positions == ha.positions);
	print_message("tag lines answered for: %zu by the first reader, %zu by the second\n",
	              a_hits, b->tag_memo_hits);
	assert_true(b->tag_memo_hits > a_hits);

	/* a word the first read and the second never saw: in the second's
	 * memo before it reads a move of that game */
	const tb_game *g = tb_game_find("ocencahuac");
	assert_non_null(g);
	tb_reader_free(b);
	b = S_reader(S_few, sizeof S_few - 1, building);
	assert_int_equal(tb_reader_next(b, &x), 1); /* pitarra's: the memo is taken */
	tb_record_free(x);
	assert_true((uintptr_t)b->memo == ha.moves);
	tb_memo_board *board = NULL;
	for (unsigned i = 0; i < TB_MEMO_BOARDS; i++)
		if (b->memo->boards[i].g == g)
			board = &b->memo->boards[i];
	assert_non_null(board);
	/* a move of the first record of that game in what the first reader
	 * read, not in S_few (whose only one is "c1-b3") */
	const char *rec = strstr(bench, "[Game \"ocencahuac\"]");
	assert_true(rec && rec < bench + n);
	const char *t = strstr(rec, "\n\n");
	assert_non_null(t);
	char w[16] = "";
	size_t k = 0;
	for (;; t += k) {
		t += strspn(t, " \n");
		assert_true(*t && *t != '[' && t < bench + n);
		if (*t == '{') { /* a comment */
			k = strcspn(t, "}");
			continue;
		}
		k = strcspn(t, " \n");
		if (k > 1 && k < sizeof w && t[0] >= 'a' && t[0] <= 'h' && t[1] >= '1' &&
		    t[1] <= '9' && strncmp(t, "c1-b3", k) != 0)
			break;
	}
	memcpy(w, t, k);
	print_message("the first reader's word \"%s\" kept for the second\n", w);
	assert_null(strstr(S_few, w));
	assert_int_not_equal(tb_memo_kept(board, w, k, k, NULL), -2);
	tb_reader_free(b);

	/* a reader of a few records, the memos kept: no block of a memo's
	 * size allocated (a memo is 36 KiB at least; the reader's own
	 * allocations, and its records', 16 KiB at most) */
	S_largest = 0;
	tb_set_alloc_hook(S_note_size, NULL);
	free(S_read(S_few, sizeof S_few - 1, building));
	tb_set_alloc_hook(NULL, NULL);
	print_message("largest allocation with the memos kept: %zu bytes\n", S_largest);
	assert_true(S_largest < 32 * 1024);
	/* and with none kept, the same reader makes them (the test sees them) */
	tb_memo_keep_drop();
	S_largest = 0;
	tb_set_alloc_hook(S_note_size, NULL);
	char *s = S_read(S_few, sizeof S_few - 1, building);
	tb_set_alloc_hook(NULL, NULL);
	free(s);
	assert_true(S_largest >= 32 * 1024);
	free(bench);
	tb_memo_keep_drop();
}

/* Two readers alive at once on one thread never hold the same memo:
 * the second, made while the first holds the thread's, makes its own;
 * of the two given back, the thread keeps the first's and frees the
 * other. */
static void test_readers_alive_at_once_do_not_share(void **state)
{
	(void)state;
	const S_way *building = &S_ways[0];
	tb_memo_keep_drop();
	free(S_read(S_few, sizeof S_few - 1, building)); /* memos kept */
	tb_reader *a = S_reader(S_few, sizeof S_few - 1, building);
	tb_reader *b = S_reader(S_few, sizeof S_few - 1, building);
	tb_record *x, *y;
	/* record by record, side by side */
	for (;;) {
		int ga = tb_reader_next(a, &x), gb = tb_reader_next(b, &y);
		assert_int_equal(ga, gb);
		if (ga != 1)
			break;
		tb_record_free(x);
		tb_record_free(y);
	}
	S_held ha = S_held_by(a), hb = S_held_by(b);
	assert_true(ha.moves && ha.tags && ha.positions);
	assert_true(hb.moves && hb.tags && hb.positions);
	assert_true(ha.moves != hb.moves && ha.tags != hb.tags && ha.positions != hb.positions);
	tb_reader_free(a);
	tb_reader_free(b); /* its memos freed: the thread keeps a's */
	tb_reader *c = S_reader(S_few, sizeof S_few - 1, building);
	while (tb_reader_next(c, &x) == 1)
		tb_record_free(x);
	S_held hc = S_held_by(c);
	assert_true(hc.moves == ha.moves && hc.tags == ha.tags && hc.positions == ha.positions);
	tb_reader_free(c);
	tb_memo_keep_drop();
}

/* A thread's readings: each input read each way, after one another
 * (the memos kept from reader to reader on the thread), compared with
 * the answers; and the memos its first reader held were none of
 * 'other', the main thread's kept ones. */
typedef struct S_thread {
	const S_inputs *in;
	char *const *want;
	S_held other;
	unsigned start;    /* the way it begins with */
	size_t compared;
	int shared;        /* a reader took the main thread's memo */
} S_thread;

static void *S_thread_run(void *p)
{
	S_thread *t = p;
	for (size_t k = 0; k < S_NWAYS; k++) {
		size_t w = (t->start + k) % S_NWAYS;
		for (size_t i = 0; i < t->in->n; i++) {
			tb_reader *r = S_reader(t->in->text[i], t->in->len[i], &S_ways[w]);
			tb_record *x;
			int got = tb_reader_next(r, &x);
			if (got == 1)
				tb_record_free(x);
			S_held h = S_held_by(r);
			t->shared |= (h.moves && h.moves == t->other.moves) ||
			             (h.tags && h.tags == t->other.tags) ||
			             (h.positions && h.positions == t->other.positions);
			tb_reader_free(r);
			char *s = S_read(t->in->text[i], t->in->len[i], &S_ways[w]);
			if (strcmp(s, t->want[i * S_NWAYS + w]) == 0)
				t->compared++;
			free(s);
		}
	}
	return NULL;
}

/* Readers on two threads at once, each keeping its own memos: the same
 * readings as fresh memos give, and no memo of the main thread's taken. */
static void test_readers_on_two_threads(void **state)
{
	(void)state;
	S_inputs in;
	S_inputs_make(&in);
	char **want = S_answers(&in);
	/* the main thread keeps memos while the threads read */
	tb_reader *m = S_reader(in.text[in.n - 1], in.len[in.n - 1], &S_ways[0]);
	tb_record *x;
	while (tb_reader_next(m, &x) == 1)
		tb_record_free(x);
	S_held kept = S_held_by(m);
	tb_reader_free(m);
	S_thread t[2] = {{&in, want, kept, 0, 0, 0}, {&in, want, kept, 3, 0, 0}};
	pthread_t th[2];
	for (int k = 0; k < 2; k++)
		assert_int_equal(pthread_create(&th[k], NULL, S_thread_run, &t[k]), 0);
	for (int k = 0; k < 2; k++)
		assert_int_equal(pthread_join(th[k], NULL), 0);
	for (int k = 0; k < 2; k++) {
		assert_int_equal(t[k].compared, in.n * S_NWAYS);
		assert_false(t[k].shared);
	}
	/* the main thread's are still its own */
	m = S_reader(in.text[in.n - 1], in.len[in.n - 1], &S_ways[0]);
	while (tb_reader_next(m, &x) == 1)
		tb_record_free(x);
	S_held again = S_held_by(m);
	assert_true(again.moves == kept.moves && again.tags == kept.tags &&
	            again.positions == kept.positions);
	tb_reader_free(m);
	S_answers_free(&in, want);
	S_inputs_free(&in);
	tb_memo_keep_drop();
}

/* ===== Out of memory ===== */

static unsigned long S_count, S_fail;
static int S_after;

static int S_failing(void *ctx, size_t size)
{
	(void)ctx;
	(void)size;
	++S_count;
	return S_fail && (S_count == S_fail || (S_after && S_count > S_fail));
}

/* Readers one after another, the memos taken and given back, with
 * allocation k failing (once, then for good) for each k of the
 * first reader's and the second's: a reader that ran out says
 * TB_ENOMEM (or reads as before: a memo not made is no memo), and the
 * next, with the hook off, reads as with fresh memos. Under ASan,
 * nothing leaks. */
static void test_out_of_memory_taking_and_giving_back(void **state)
{
	(void)state;
	const S_way *ways[] = {&S_ways[0], &S_ways[1]};
	for (size_t wi = 0; wi < 2; wi++) {
		const S_way *w = ways[wi];
		char *want = S_read_fresh(S_few, sizeof S_few - 1, w);
		/* the allocations of a reader after one whose memos are kept,
		 * and after none */
		for (int warm = 0; warm < 2; warm++) {
			tb_memo_keep_drop();
			if (warm)
				free(S_read(S_few, sizeof S_few - 1, w));
			S_count = S_fail = 0;
			tb_set_alloc_hook(S_failing, NULL);
			free(S_read(S_few, sizeof S_few - 1, w));
			tb_set_alloc_hook(NULL, NULL);
			unsigned long n = S_count + 2; /* and the keep's own */
			for (int after = 0; after < 2; after++)
				for (unsigned long k = 1; k <= n; k++) {
					tb_memo_keep_drop();
					if (warm)
						free(S_read(S_few, sizeof S_few - 1, w));
					S_count = 0;
					S_fail = k;
					S_after = after;
					tb_set_alloc_hook(S_failing, NULL);
					tb_reader *r = tb_reader_new_mem(S_few, sizeof S_few - 1, "m.tgn");
					if (r) {
						tb_reader_set_check_only(r, w->check);
						tb_record *x;
						int got;
						while ((got = tb_reader_next(r, &x)) == 1)
							tb_record_free(x);
						assert_true(got == 0 || got == TB_ENOMEM);
						tb_reader_free(r); /* its memos given back: maybe no keep */
					}
					tb_set_alloc_hook(NULL, NULL);
					S_fail = 0;
					char *got = S_read(S_few, sizeof S_few - 1, w);
					S_same_text(got, want, "a reading after memory ran out");
					free(got);
				}
		}
		free(want);
	}
	tb_memo_keep_drop();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_readers_one_after_another_share),
		cmocka_unit_test(test_readers_alive_at_once_do_not_share),
		cmocka_unit_test(test_kept_memos_read_as_fresh_ones),
		cmocka_unit_test(test_readers_on_two_threads),
		cmocka_unit_test(test_out_of_memory_taking_and_giving_back),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
