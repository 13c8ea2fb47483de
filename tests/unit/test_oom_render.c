/*
 * test_oom_render.c -- out of memory in what draws and compares records
 * (test_oom.c's fault injection, oom.h): for every sample, its diagrams
 * (the last position, and a sheet), its book, its web page, its
 * comparison with itself and with a copy that lost a turn (alignment,
 * position differences, keys as tablero diff --duplicates makes them),
 * record equality, and the tape and notebook of one game collated and
 * each witness read back.
 *
 * Each operation reads its input with the hook quiet (reading is
 * test_oom.c's), then runs clean, counting the library's allocations;
 * then, for allocation N failing once and then for good, runs again,
 * and must give the clean output or say TB_ENOMEM / NULL -- never crash,
 * abort or cut its output short -- and, under ASan, leak nothing
 * (LeakSanitizer at the program's end names what a run left and where
 * it was allocated). The runs follow one another in this process, so a
 * failure that left the library's own state wrong (a per-thread memo, a
 * cache) shows in the output of the runs after it. Every N up to S_EVERY
 * is tried, and each of the last S_EVERY (the output written), and
 * S_STRIDED more spread evenly between: a book of a long game makes
 * tens of thousands of allocations, and make check-san runs this under
 * ASan. (Each run had a child process of its own until
 * nothing these operations call aborted any more: a fork and a leak
 * check per run were most of make check-san's time here.)
 */
#include "oom.h"


#define S_EVERY 24
#define S_STRIDED 24

/* The input of an operation, read with the hook quiet. */
typedef struct S_in {
	tb_reader *r;
	tb_record **rec;
	size_t n;
} S_in;


/* Reads every record of 'src' (the hook quiet), then starts counting. */
static S_in S_read(const char *src, size_t len)
{
	unsigned long f = oom_fail;
	oom_fail = 0;
	S_in in = {tb_reader_new_mem(src, len, "sample"), NULL, 0};
	assert_non_null(in.r);
	tb_record *rec;
	while (tb_reader_next(in.r, &rec) == 1) {
		in.rec = realloc(in.rec, (in.n + 1) * sizeof *in.rec);
		in.rec[in.n++] = rec;
	}
	oom_fail = f;
	oom_count = 0;
	return in;
}

static void S_in_free(S_in *in)
{
	unsigned long f = oom_fail;
	oom_fail = 0;
	for (size_t i = 0; i < in->n; i++)
		tb_record_free(in->rec[i]);
	free(in->rec);
	tb_reader_free(in->r);
	oom_fail = f;
}

/* ===== The runner ===== */

static unsigned long S_tried;

/* oom_each_sampled (oom.h): every allocation up to S_EVERY, the last
 * S_EVERY, and S_STRIDED more spread over the rest. */
static void S_each_failure(oom_op op, const char *src, size_t len, const char *what)
{
	oom_sample sm = {S_EVERY, S_EVERY, S_STRIDED};
	S_tried += oom_each_sampled(op, src, len, what, sm, NULL);
}

/* ===== The operations ===== */

static void S_doc(void *ctx, long ply, const char *svg, size_t len)
{
	tt_printf(ctx, "== %ld (%zu)\n", ply, len);
	tt_put(ctx, svg, len);
}

/* Each record's diagram of its last position, then a sheet of its start
 * and its end. */
static char *S_svg(const char *src, size_t len)
{
	S_in in = S_read(src, len);
	tt_str out = {0};
	int nomem = 0;
	for (size_t i = 0; i < in.n && !nomem; i++) {
		char *why = NULL;
		int rc = tb_svg_record(in.rec[i], NULL, 0, NULL, S_doc, &out, &why);
		nomem = rc == TB_ENOMEM;
		tt_printf(&out, "rc %d: %s\n", rc, why ? why : "");
		free(why);
		why = NULL;
		long plies[2] = {0, -1};
		tb_svg_opts o = {0};
		o.sheet = "a4";
		rc = nomem ? 0 : tb_svg_record(in.rec[i], plies, 2, &o, S_doc, &out, &why);
		nomem |= rc == TB_ENOMEM;
		tt_printf(&out, "rc %d: %s\n", rc, why ? why : "");
		free(why);
	}
	S_in_free(&in);
	return oom_result(&out, !nomem);
}

static void S_page(void *ctx, long page, const char *svg, size_t len)
{
	tt_printf(ctx, "== page %ld (%zu)\n", page, len);
	tt_put(ctx, svg, len);
}

/* The book of every record. */
static char *S_book(const char *src, size_t len)
{
	S_in in = S_read(src, len);
	tt_str out = {0};
	int nomem = 0;
	tb_book *b = tb_book_new(NULL);
	nomem = !b;
	for (size_t i = 0; i < in.n && !nomem; i++) {
		char *why = NULL;
		int rc = tb_book_add(b, in.rec[i], NULL, 0, &why);
		nomem = rc == TB_ENOMEM;
		tt_printf(&out, "rc %d: %s\n", rc, why ? why : "");
		free(why);
	}
	if (!nomem)
		nomem = tb_book_pages(b, S_page, &out) == TB_ENOMEM;
	tb_book_free(b);
	S_in_free(&in);
	return oom_result(&out, !nomem);
}

/* The web page of every record. */
static char *S_html(const char *src, size_t len)
{
	S_in in = S_read(src, len);
	tt_str out = {0};
	int nomem = 0;
	tb_html *h = tb_html_new(NULL);
	nomem = !h;
	for (size_t i = 0; i < in.n && !nomem; i++) {
		char *why = NULL;
		int rc = tb_html_add(h, in.rec[i], NULL, &why);
		nomem = rc == TB_ENOMEM;
		tt_printf(&out, "rc %d: %s\n", rc, why ? why : "");
		free(why);
	}
	char *page = nomem ? NULL : tb_html_page(h, NULL);
	nomem |= !page;
	if (page)
		tt_puts(&out, page);
	free(page);
	tb_html_free(h);
	S_in_free(&in);
	return oom_result(&out, !nomem);
}

static void S_diff_fn(void *ctx, const char *what, const char *in_a, const char *in_b)
{
	tt_printf(ctx, "  %s: '%s' | '%s'\n", what, in_a, in_b);
}

/* 'a' against 'b': the edit script, the positions at their ends, the
 * keys and starts; 0 when memory ran out. */
static int S_compare(tt_str *out, const tb_record *a, const tb_record *b)
{
	tb_plies *pa = tb_plies_new(a), *pb = tb_plies_new(b);
	int ok = 1;
	if (!pa || !pb) {
		/* a record with errors or without a game has none */
		ok = (!pa && (tb_record_errors(a) || !tb_record_game(a))) ||
		     (!pb && (tb_record_errors(b) || !tb_record_game(b)));
		tt_puts(out, "no plies\n");
		goto done;
	}
	size_t n;
	tb_edit *e = tb_plies_align(pa, pb, &n);
	if (!e && (tb_plies_count(pa) || tb_plies_count(pb))) {
		ok = 0;
		goto done;
	}
	for (size_t i = 0; i < n; i++)
		tt_printf(out, "%c%zu,%zu ", e[i].op, e[i].a, e[i].b);
	free(e);
	int d = tb_plies_position_diff(pa, tb_plies_count(pa), pb, tb_plies_count(pb), S_diff_fn, out);
	if (d == TB_ENOMEM) {
		ok = 0;
		goto done;
	}
	tt_printf(out, "\n%d differences\n", d);
	for (int k = 0; k < 2; k++) {
		tb_plies *p = k ? pb : pa;
		size_t len;
		unsigned sym;
		char *key = tb_plies_key(p, &len, &sym);
		const char *start = tb_plies_start(p);
		if (!key || !start) {
			free(key);
			ok = 0;
			goto done;
		}
		tt_printf(out, "key %u %zu %zu: ", sym, len, tb_plies_key_head(key, len));
		tt_put(out, key, len);
		tt_printf(out, "\nstart %s\ncomments %s\n", start, tb_plies_comments(p));
		free(key);
	}
done:
	tb_plies_free(pa);
	tb_plies_free(pb);
	return ok;
}

/* Each record compared with itself and with a copy without its middle
 * turn; and whether the records are equal. */
static char *S_diff(const char *src, size_t len)
{
	S_in in = S_read(src, len), cut = S_read(src, len);
	unsigned long f = oom_fail;
	oom_fail = 0; /* the copy is cut with the hook quiet */
	for (size_t i = 0; i < cut.n; i++) {
		tb_node *n = tb_line_first(tb_record_main(cut.rec[i]));
		size_t count = 0;
		for (tb_node *x = n; x; x = tb_node_next(x))
			count++;
		for (size_t k = 0; n && k < count / 2; k++)
			n = tb_node_next(n);
		if (n)
			tb_node_remove(cut.rec[i], n);
	}
	oom_fail = f;
	oom_count = 0;
	tt_str out = {0};
	int ok = 1;
	for (size_t i = 0; i < in.n && ok; i++) {
		tt_printf(&out, "equal %d %d\n", tb_record_equal(in.rec[i], in.rec[i]),
		          tb_record_equal(in.rec[i], cut.rec[i]));
		ok = S_compare(&out, in.rec[i], in.rec[i]) && S_compare(&out, in.rec[i], cut.rec[i]);
	}
	S_in_free(&in);
	S_in_free(&cut);
	char *s = tt_take(&out);
	if (!ok) {
		free(s);
		return NULL;
	}
	return s;
}

static const char *S_tape, *S_notebook; /* the two witnesses S_collate reads */

/* The tape and the notebook (S_tape, S_notebook) collated, then each
 * witness read back. */
static char *S_collate(const char *src, size_t len)
{
	(void)src;
	(void)len;
	S_in in = S_read(S_tape, strlen(S_tape)), nb = S_read(S_notebook, strlen(S_notebook));
	assert_int_equal(in.n, 1);
	assert_int_equal(nb.n, 1);
	tb_reader *r[2] = {in.r, nb.r};
	const tb_record *rec[2] = {in.rec[0], nb.rec[0]};
	tt_str out = {0};
	size_t n;
	char *why = NULL;
	char *text = tb_collate(r, rec, 2, NULL, &n, &why);
	int ok = text != NULL;
	if (!text) /* out of memory, unless it says why */
		ok = why != NULL;
	tt_printf(&out, "why %s\n", why ? why : "");
	free(why);
	if (text) {
		tt_puts(&out, text);
		unsigned long f = oom_fail;
		oom_fail = 0; /* reading the collation is test_oom.c's */
		tb_reader *cr = tb_reader_new_mem(text, n, "collation");
		tb_record *c = NULL;
		assert_int_equal(tb_reader_next(cr, &c), 1);
		oom_fail = f;
		const char *names[] = {"A", "B"};
		for (size_t i = 0; i < 2 && ok; i++) {
			size_t wl;
			char *w = tb_collation_witness(cr, c, names[i], &wl);
			ok = w != NULL;
			if (w)
				tt_printf(&out, "== %s\n%s", names[i], w);
			free(w);
		}
		oom_fail = 0;
		tb_record_free(c);
		tb_reader_free(cr);
		oom_fail = f;
		free(text);
	}
	S_in_free(&in);
	S_in_free(&nb);
	char *s = tt_take(&out);
	if (!ok) {
		free(s);
		return NULL;
	}
	return s;
}

/* ===== The tests ===== */

static char *oom_slurp(const char *path);

static void S_render_sample(const char *src, size_t len, const char *name)
{
	char what[300];
	snprintf(what, sizeof what, "%s: svg", name);
	S_each_failure(S_svg, src, len, what);
	snprintf(what, sizeof what, "%s: book", name);
	S_each_failure(S_book, src, len, what);
	snprintf(what, sizeof what, "%s: html", name);
	S_each_failure(S_html, src, len, what);
}

static void S_diff_sample(const char *src, size_t len, const char *name)
{
	char what[300];
	snprintf(what, sizeof what, "%s: diff", name);
	S_each_failure(S_diff, src, len, what);
}

static void test_render_samples(void **state)
{
	(void)state;
	oom_samples(S_render_sample);
	fprintf(stderr, "render: %lu failures tried\n", S_tried);
}

static void test_diff_samples(void **state)
{
	(void)state;
	S_tried = 0;
	oom_samples(S_diff_sample);
	fprintf(stderr, "diff: %lu failures tried\n", S_tried);
}


static void test_collate(void **state)
{
	(void)state;
	S_tried = 0;
	S_tape = oom_slurp("samples/pitarra-rodeo-2004-cinta.tgn");
	S_notebook = oom_slurp("samples/pitarra-rodeo-2004-cuaderno.tgn");
	S_each_failure(S_collate, "", 0, "collate");
	fprintf(stderr, "collate: %lu failures tried\n", S_tried);
	free((char *)S_tape);
	free((char *)S_notebook);
}

/* A collation's book and page: its apparatus (apparatus.c) too. */
static void test_render_collation(void **state)
{
	(void)state;
	S_tried = 0;
	char *text = oom_slurp("tests/apparatus/pitarra-colacion.tgn");
	S_render_sample(text, strlen(text), "pitarra-colacion.tgn");
	fprintf(stderr, "collation: %lu failures tried\n", S_tried);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_render_collation),
		cmocka_unit_test(test_diff_samples),
		cmocka_unit_test(test_collate),
		cmocka_unit_test(test_render_samples),
	};
	return cmocka_run_group_tests(tests, oom_setup, oom_teardown);
}
