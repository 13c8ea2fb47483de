/*
 * test_oom.c -- out of memory, as SQLite's fault-injection tests do it:
 * each operation is run once clean, counting the library's allocations
 * (tb_set_alloc_hook), then again for every N with the Nth allocation
 * failing -- once, and then also with every one after it failing (memory
 * that stays short). Each run must end in the very output of the clean run or in
 * TB_ENOMEM (NULL where a pointer is returned) -- never a crash, an
 * abort, or an output that lost something without saying so; under
 * ASan (make check-san) also never a leak or a use after free.
 *
 * The operations: every sample read (with its diagnostics) and written
 * back, a few inputs with errors, each sample's records rebuilt through
 * the building API (as test_api.c's round trip), written as XML (a
 * document, and each record's text apart), and read back from XML.
 * libxml2's and PCRE2's own allocations are not the hook's: those
 * failures are not injected. Only
 * tablero.h is used, as a program built on the library would.
 */
#include "oom.h"

/* ===== Reading and writing ===== */

/* Each record's diagnostics, then its canonical text and its movetext
 * when it has no errors (as tablero fmt), read by 'r' (NULL: the
 * reader could not be made). */
static char *S_write_all(tb_reader *r, int detach)
{
	if (!r)
		return NULL;
	tt_str out = {0};
	tb_record *rec;
	int rc, ok = 1;
	while (ok && (rc = tb_reader_next(r, &rec)) == 1) {
		ok = oom_diags(&out, r);
		if (ok && detach) { /* handed on, as tablero's jobs do */
			tb_reader *d = tb_reader_detach(r);
			ok = d != NULL;
			tb_reader_free(d);
		}
		if (ok && !tb_record_errors(rec)) {
			char *text = tb_record_write(rec, NULL);
			char *moves = tb_record_movetext(rec, NULL);
			ok = text && moves;
			if (ok)
				tt_printf(&out, "%s%s\n", text, moves);
			free(text);
			free(moves);
		}
		tb_record_free(rec);
	}
	if (ok && rc == TB_ENOMEM) {
		assert_null(rec);
		/* spent: it says so again, and is freed below */
		assert_int_equal(tb_reader_next(r, &rec), TB_ENOMEM);
		ok = 0;
	}
	if (ok) {
		if (rc == TB_ENOTTEXT) /* no text at all (sniff.c): said once */
			tt_puts(&out, "not text\n");
		else
			assert_int_equal(rc, 0);
		ok = oom_diags(&out, r);
	}
	tb_reader_free(r);
	return oom_result(&out, ok);
}

static char *S_read_write(const char *src, size_t len)
{
	return S_write_all(tb_reader_new_mem(src, len, "t.tgn"), 0);
}

/* The same through a file reader, whose window grows as it reads, each
 * record handed to a reader of its own (tb_reader_detach). */
static char *S_read_write_file(const char *src, size_t len)
{
	FILE *f = fmemopen((void *)src, len, "rb");
	assert_non_null(f);
	char *s = S_write_all(tb_reader_new_file(f, "t.tgn"), 1);
	fclose(f);
	return s;
}

/* ===== Building ===== */

/* "12. d2" for a turn, the token alone for others; NULL out of memory. */
static char *S_numbered(const tb_record *rec, const tb_node *n)
{
	char *tok = tb_node_token(rec, n);
	if (!tok || tb_node_side(n) == 2)
		return tok;
	tt_str s = {0};
	tt_printf(&s, "%u%s %s", tb_node_number(n), tb_node_side(n) ? "..." : ".", tok);
	free(tok);
	return tt_take(&s);
}

/* Returns the editor's code, checking that only TB_ENOMEM is refused. */
static int S_ed(const tb_record *dst, int rc)
{
	if (rc && rc != TB_ENOMEM)
		fail_msg("an edit failed but for memory: %s", tb_record_error(dst));
	if (rc)
		assert_string_equal(tb_record_error(dst), "out of memory");
	return rc;
}

static int S_copy_notes(const tb_node *n, tb_record *dst, tb_node *m)
{
	const char *text, *lang;
	int rc = 0;
	for (size_t i = 0; !rc && i < tb_node_nnags(n); i++)
		rc = S_ed(dst, tb_node_add_nag(dst, m, tb_node_nag(n, i)));
	for (size_t i = 0; !rc && (text = tb_node_comment(n, i, &lang)); i++)
		rc = S_ed(dst, tb_node_add_comment(dst, m, text, lang));
	return rc;
}

static int S_copy_head(const tb_record *src, tb_record *dst)
{
	const char *name, *value, *text, *lang;
	int rc = 0;
	for (size_t i = 0; !rc && tb_record_tag_at(src, i, &name, &value); i++)
		rc = S_ed(dst, tb_record_set_tag(dst, name, value));
	for (size_t w = 0; w < 2; w++)
		for (size_t i = 0; !rc && (text = tb_record_comment(src, w, i, &lang)); i++)
			rc = S_ed(dst, tb_record_add_comment(dst, w, text, lang));
	for (size_t t = 0; !rc && tb_record_tag_at(src, t, &name, &value); t++)
		for (size_t i = 0; !rc && (text = tb_record_comment(src, t + 2, i, &lang)); i++)
			rc = S_ed(dst, tb_record_add_comment(dst, t + 2, text, lang));
	return rc ? rc : S_ed(dst, tb_record_set_result(dst, tb_record_result(src)));
}

/* One node entered by the iterator, built on line[d] or as pending[d]'s
 * variation. */
static int S_copy_node(const tb_record *src, tb_record *dst, const tb_node *n,
                       tb_line **line, tb_node *pending, tb_node **last)
{
	char *tok = S_numbered(src, n);
	if (!tok)
		return TB_ENOMEM;
	tb_node *m = NULL;
	int rc;
	if (!*line) {
		rc = S_ed(dst, tb_node_add_variation(dst, pending, tok, line));
		m = *line ? tb_line_first(*line) : NULL;
	} else {
		rc = S_ed(dst, tb_line_append(dst, *line, tok, &m));
	}
	free(tok);
	if (!rc)
		rc = S_copy_notes(n, dst, m);
	*last = m;
	return rc;
}

/* 'src' rebuilt through the building API, walked with tb_iter; NULL
 * when an edit ran out of memory. */
static tb_record *S_rebuild(const tb_record *src)
{
	tb_record *dst = tb_record_new(tb_record_game(src));
	tb_iter *it = dst ? tb_iter_new(src) : NULL;
	int rc = it ? S_copy_head(src, dst) : TB_ENOMEM;
	tb_line *line[128];
	tb_node *last[128], *pending[128];
	const char *text, *lang;
	int ev;
	while (!rc && (ev = tb_iter_next(it)) != TB_EVENT_DONE) {
		unsigned d = tb_iter_depth(it);
		assert_true(d < 128);
		tb_line *l = tb_iter_line(it);
		tb_node *n = tb_iter_node(it);
		if (l && ev == TB_EVENT_ENTER) {
			line[d] = d ? NULL : tb_record_main(dst);
			pending[d] = d ? last[d - 1] : NULL;
			last[d] = NULL;
		} else if (l && ev == TB_EVENT_EXIT) {
			for (size_t i = 0; !rc && (text = tb_line_comment(l, i, &lang)); i++)
				rc = S_ed(dst, tb_line_add_comment(dst, line[d], text, lang));
		} else if (n && ev == TB_EVENT_ENTER) {
			rc = S_copy_node(src, dst, n, &line[d], pending[d], &last[d]);
		}
	}
	tb_iter_free(it);
	if (rc) {
		tb_record_free(dst);
		return NULL;
	}
	return dst;
}

/* Each record without errors, rebuilt and written. */
static int S_build_one(tb_reader *r, tb_record *rec, tt_str *out)
{
	(void)r;
	tb_record *copy = tb_record_errors(rec) ? NULL : S_rebuild(rec);
	char *text = copy ? tb_record_write(copy, NULL) : NULL;
	if (text)
		tt_puts(out, text);
	free(text);
	tb_record_free(copy);
	return tb_record_errors(rec) || text;
}

static char *S_build(const char *src, size_t len)
{
	return oom_records(src, len, "t.tgn", S_build_one);
}

/* ===== XML ===== */

/* A document of the records (TB_XML_SOURCEPOS), then each record's text
 * apart; NULL when a call said TB_ENOMEM. */
static char *S_xml(const char *src, size_t len)
{
	char *doc = NULL;
	size_t doclen = 0;
	FILE *f = open_memstream(&doc, &doclen);
	assert_non_null(f);
	tb_xml_writer *w = tb_xml_writer_new(f, TB_XML_SOURCEPOS);
	tb_reader *r = w ? tb_reader_new_mem(src, len, "t.tgn") : NULL;
	tt_str out = {0};
	tb_record *rec;
	int rc = r ? 0 : TB_ENOMEM, got = 0;
	char *app = NULL; /* the texts appended (tb_xml_record_append) */
	size_t alen = 0, acap = 0;
	while (!rc && (got = tb_reader_next(r, &rec)) == 1) {
		if (!tb_record_errors(rec)) {
			rc = tb_xml_write_record(w, r, rec);
			size_t n;
			int st = 0;
			char *text = rc ? NULL : tb_xml_record_text(r, rec, TB_XML_SOURCEPOS, &n, &st);
			if (text)
				tt_put(&out, text, n);
			else if (!rc)
				rc = st;
			/* the same bytes appended, or nothing of them (the buffer
			 * still the caller's, at its length before) */
			size_t before = alen;
			if (text && alen && acap > alen) { /* full: a failure must not write past it */
				char *t = realloc(app, alen);
				if (t)
					app = t, acap = alen;
			}
			int sa = text ? tb_xml_record_append(r, rec, TB_XML_SOURCEPOS, &app, &alen, &acap) : 0;
			if (acap) /* the cap it tells is memory the buffer has (ASan) */
				app[acap - 1] = app[acap - 1];
			if (text && !sa && (alen - before != n || memcmp(app + before, text, n) != 0))
				fail_msg("tb_xml_record_append is not tb_xml_record_text");
			if (sa && (sa != TB_ENOMEM || alen != before))
				fail_msg("tb_xml_record_append: %d, %zu bytes kept of %zu", sa, alen, before);
			if (!rc)
				rc = sa;
			free(text);
		}
		tb_record_free(rec);
	}
	if (!rc)
		rc = got;
	int end = tb_xml_writer_end(w);
	if (!rc)
		rc = end;
	fclose(f);
	tb_reader_free(r);
	free(app);
	if (rc && rc != TB_ENOMEM)
		fail_msg("XML: %d, not TB_ENOMEM", rc);
	tt_puts(&out, doc);
	free(doc);
	char *s = tt_take(&out);
	if (rc) {
		free(s);
		return NULL;
	}
	return s;
}

/* The records of a document of tablero XML, as TGN, with the XML
 * reader's diagnostics; NULL when it said TB_ENOMEM. */
static char *S_xml_read(const char *src, size_t len)
{
	tb_xml_reader *x = tb_xml_reader_new_mem(src, len, "t.xml");
	if (!x)
		return NULL;
	tt_str out = {0};
	char *tgn;
	size_t n;
	int got, ok = 1;
	while (ok && (got = tb_xml_reader_next(x, &tgn, &n)) >= 0) {
		for (size_t i = 0; i < tb_xml_reader_ndiags(x); i++)
			tt_printf(&out, "%s\n", tb_xml_reader_diag(x, i)->message);
		if (!got)
			break;
		tt_put(&out, tgn, n);
		free(tgn);
	}
	if (got == TB_ENOMEM)
		ok = 0;
	else if (got < 0)
		fail_msg("the XML was refused, not for memory");
	tb_xml_reader_free(x);
	return oom_result(&out, ok);
}

/* Each record's main line read at once (tb_line_nodes): its tokens with
 * their kinds and numbers, as text. */
static int S_line_nodes_one(tb_reader *r, tb_record *rec, tt_str *out)
{
	(void)r;
	tb_node_info *info;
	char *text;
	long n = tb_line_nodes(rec, tb_record_main(rec), &info, &text);
	if (n < 0)
		assert_int_equal(n, TB_ENOMEM);
	for (long i = 0; i < n; i++)
		tt_printf(out, "%d %u.%d %s\n", info[i].kind, info[i].number, info[i].side,
		          text + info[i].token);
	free(info);
	free(text);
	return n >= 0;
}

static char *S_line_nodes(const char *src, size_t len)
{
	return oom_records(src, len, "t.tgn", S_line_nodes_one);
}

static void S_line_nodes_sample(const char *src, size_t len, const char *name)
{
	oom_each_failure(S_line_nodes, src, len, name);
}

static void test_line_nodes_samples(void **state)
{
	(void)state;
	oom_samples(S_line_nodes_sample);
}

/* ===== The tests ===== */

static void S_read_sample(const char *src, size_t len, const char *name)
{
	assert_true(oom_each_failure(S_read_write, src, len, name) > 10);
	oom_each_failure(S_read_write_file, src, len, name);
}

static void test_read_write_samples(void **state)
{
	(void)state;
	oom_samples(S_read_sample);
}

/* Inputs with errors and warnings: diagnostics, notes and excerpts. */
static void test_read_errors(void **state)
{
	(void)state;
	static const char *const bad[] = {
		"[Game \"pitarra\"]\n[Date \"1998-7\"]\n[Rules \"pitarra; jump=one\"]\n\n1. d1 a40 2. x9 *\n",
		"[Game \"pitarra\"]\n[Position \"R 3 R:a1,d1 Y:g7\"]\n\n3. d1-d2 {@es bien} $1 $2 "
		"(3. a1-a4) <g7-g4 | ?> 1-0 trailing\n",
		"[Game \"asalto\"]\n[Unknown \"x\"]\n[Unknown \"y\"]\n{open\n",
		"[Game \"ocencahuac\"]\n[Result \"1-0\"]\n\n1. <gap 2> ? 0-1\n[Game \"chess\"]\n1. e4\n",
		"[Game \"asalto\"]\n\n1. d\xd9\xa3 \xd9\xa1. e\xd9\xa5-e4 *\n", /* Arabic-Indic digits */
		/* positions with a key=value (each game's check_extra) */
		"[Game \"ocencahuac\"]\n[Position \"C 12 S:Ea1,Mb1,Pc1,Ga2,Gb2,Gd4 "
		"C:Gd6,Gc7,Ge7,Pc8,Md8,Ee8 cool=d6\"]\n\n*\n",
		"[Game \"pitarra\"]\n[Position \"R 20 R:a1,g1,d2 Y:a7,g7,b6 hand=0,0\"]\n\n*\n",
		"[Game \"pitarra\"]\n[Position \"R 20 R:a1,a1 Y:a7 hand=0,x\"]\n\n*\n",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		oom_each_failure(S_read_write, bad[i], strlen(bad[i]), bad[i]);
	/* files that are no text (sniff.c), Windows-1252 (its message and
	 * note), and La Pitarra's moved= (its point's canonical spelling) */
	static const struct {
		const char *what, *src;
		size_t len;
	} odd[] = {
		{"gzip", "\x1f\x8b\x08\x00\x00\x00\x00\x00rest", 12},
		{"utf-16", "\xff\xfe[\0G\0a\0m\0e\0 \0\"\0a\0\"\0]\0\n\0", 24},
		{"latin-1", "[Game \"pitarra\"]\n[Site \"Quer\xe9taro\"]\n\n1. d1 {caf\xe9 \xe9} *\n", 54},
		{"moved", "[Game \"pitarra\"]\n[Position \"R 21 R:d1,d2,c3 Y:g1,b2,a7,g7 "
		          "moved=d3-c3\"]\n\n*\n", 75},
	};
	for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++)
		oom_each_failure(S_read_write, odd[i].src, odd[i].len, odd[i].what);
}

/* Reads [Rules] values with options that no test reads elsewhere, each
 * once: the [Rules] memo (tags.c, per thread, four values) keeps none of
 * the value under test after it. */
static void S_rules_memo_evict(void)
{
	static const char *const v[] = {"limit=41", "limit=42", "limit=43", "limit=44"};
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		char src[96];
		snprintf(src, sizeof src, "[Game \"pitarra\"]\n[Rules \"pitarra; %s\"]\n\n1. d1 *\n", v[i]);
		free(S_read_write(src, strlen(src)));
	}
}

/* A [Rules] value read first with one allocation failing, then again
 * with memory: the second reading is the clean one (the memo keeps no
 * spelling that memory running out left as written, unsorted). */
static void test_rules_memo_after_failure(void **state)
{
	(void)state;
	const char *src = "[Game \"pitarra\"]\n[Rules \"pitarra;movement=slide ;  board=25\"]\n\n1. d1 *\n";
	size_t len = strlen(src);
	S_rules_memo_evict();
	oom_fail = oom_after = 0;
	oom_count = 0;
	char *want = S_read_write(src, len);
	unsigned long n = oom_count;
	assert_non_null(want);
	assert_non_null(strstr(want, "[Rules \"pitarra; board=25; movement=slide\"]"));
	for (unsigned long k = 1; k <= n; k++) {
		S_rules_memo_evict();
		oom_count = 0;
		oom_fail = k;
		free(S_read_write(src, len));
		oom_fail = 0;
		char *got = S_read_write(src, len);
		if (!got || strcmp(got, want) != 0)
			fail_msg("allocation %lu of %lu failed in the first reading, and the second, with "
			         "memory, differs:\n%s", k, n, got ? got : "(nothing)");
		free(got);
	}
	free(want);
}

static void S_build_sample(const char *src, size_t len, const char *name)
{
	oom_each_failure(S_build, src, len, name);
}

static void test_build_samples(void **state)
{
	(void)state;
	oom_samples(S_build_sample);
}

static void S_xml_sample(const char *src, size_t len, const char *name)
{
	oom_each_failure(S_xml, src, len, name);
}

static void test_xml_samples(void **state)
{
	(void)state;
	oom_samples(S_xml_sample);
}

/* Each sample as XML (made with no allocation failing), read back. */
static void S_xml_read_sample(const char *src, size_t len, const char *name)
{
	char *doc = NULL;
	size_t doclen = 0;
	FILE *f = open_memstream(&doc, &doclen);
	assert_non_null(f);
	tb_xml_writer *w = tb_xml_writer_new(f, 0);
	tb_reader *r = tb_reader_new_mem(src, len, name);
	tb_record *rec;
	while (tb_reader_next(r, &rec) == 1) {
		if (!tb_record_errors(rec))
			assert_int_equal(tb_xml_write_record(w, r, rec), 0);
		tb_record_free(rec);
	}
	assert_int_equal(tb_xml_writer_end(w), 0);
	fclose(f);
	tb_reader_free(r);
	oom_each_failure(S_xml_read, doc, doclen, name);
	free(doc);
}

static void test_xml_read_samples(void **state)
{
	(void)state;
	oom_samples(S_xml_read_sample);
}

/* The hook's count is the test's own: a failing hook must be seen. */
static void test_hook_fails(void **state)
{
	(void)state;
	oom_fail = 1;
	oom_count = 0;
	assert_null(tb_reader_new_mem("", 0, "t"));
	oom_fail = 0;
	tb_reader *r = tb_reader_new_mem("[Game \"pitarra\"]\n\n*\n", 20, "t");
	assert_non_null(r);
	oom_fail = oom_count + 1; /* the reader's first allocation after this */
	tb_record *rec = (tb_record *)r;
	assert_int_equal(tb_reader_next(r, &rec), TB_ENOMEM);
	assert_null(rec);
	oom_fail = 0;
	assert_int_equal(tb_reader_next(r, &rec), TB_ENOMEM);
	tb_reader_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hook_fails),
		cmocka_unit_test(test_read_write_samples),
		cmocka_unit_test(test_line_nodes_samples),
		cmocka_unit_test(test_read_errors),
		cmocka_unit_test(test_rules_memo_after_failure),
		cmocka_unit_test(test_build_samples),
		cmocka_unit_test(test_xml_samples),
		cmocka_unit_test(test_xml_read_samples),
	};
	return cmocka_run_group_tests(tests, oom_setup, oom_teardown);
}
