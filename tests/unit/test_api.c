/*
 * test_api.c -- the record tree through the public API (tablero.h, "The
 * record tree"): every node kind read, the iterator, building and
 * editing, misuse refused with the tree unchanged, and the round trip:
 * parse -> walk -> rebuild through the API -> write gives the same bytes.
 * Only tablero.h is used, as a program built on the library would.
 */
#include "tb_test.h"

#include <dirent.h>

#define PIT "[Game \"pitarra\"]\n"

static tb_record *S_read(const char *src)
{
	tb_reader *r = tb_reader_new_mem(src, strlen(src), "t.tgn");
	tb_record *rec = NULL;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	tb_reader_free(r);
	return rec;
}

static char *S_write(const tb_record *rec)
{
	char *s = tb_record_write(rec, NULL);
	assert_non_null(s);
	return s;
}

/* ===== Rebuilding a record through the API, walking it with tb_iter ===== */

static char *S_numbered(const tb_record *rec, const tb_node *n)
{
	char *tok = tb_node_token(rec, n);
	int side = tb_node_side(n);
	if (side == 2)
		return tok;
	char *s = malloc(strlen(tok) + 32);
	sprintf(s, "%u%s %s", tb_node_number(n), side ? "..." : ".", tok);
	free(tok);
	return s;
}

/* Evidence link 'ev' as TGN writes it ("@0:02:10 @p12"), into 'buf'. */
static const char *S_links(const tb_evidence_info *ev, char buf[256])
{
	char t[96], r[96];
	tb_evidence_format(ev, TB_EVIDENCE_TIME, t, sizeof t);
	tb_evidence_format(ev, TB_EVIDENCE_REGION, r, sizeof r);
	snprintf(buf, 256, "%s%s %s%s", *t ? "@" : "", t, *r ? "@" : "", r);
	return buf;
}

static void S_copy_notes(const tb_record *src, const tb_node *n, tb_record *dst, tb_node *m)
{
	const char *text, *lang;
	tb_evidence_info ev;
	char buf[256];
	for (size_t i = 0; i < tb_node_nnags(n); i++)
		assert_int_equal(tb_node_add_nag(dst, m, tb_node_nag(n, i)), 0);
	if (tb_node_evidence(n, &ev))
		assert_int_equal(tb_node_set_evidence(dst, m, S_links(&ev, buf)), 0);
	for (size_t i = 0; (text = tb_node_comment(n, i, &lang)); i++) {
		assert_int_equal(tb_node_add_comment(dst, m, text, lang), 0);
		if (tb_node_comment_evidence(n, i, &ev))
			assert_int_equal(tb_node_set_comment_evidence(dst, m, i, S_links(&ev, buf)), 0);
		if (tb_node_comment_marks(n, i, buf, sizeof buf)) /* author's marks (8.7) */
			assert_int_equal(tb_node_set_comment_marks(dst, m, i, buf), 0);
	}
	(void)src;
}

static tb_record *S_rebuild(const tb_record *src)
{
	tb_record *dst = tb_record_new(tb_record_game(src));
	assert_non_null(dst);
	const char *name, *value, *text, *lang;
	for (size_t i = 0; tb_record_tag_at(src, i, &name, &value); i++) {
		int rc = tb_record_set_tag(dst, name, value);
		if (rc)
			fail_msg("set_tag %s=%s: %s", name, value, tb_record_error(dst));
	}
	for (size_t w = 0; w < 2; w++)
		for (size_t i = 0; (text = tb_record_comment(src, w, i, &lang)); i++)
			assert_int_equal(tb_record_add_comment(dst, w, text, lang), 0);
	for (size_t t = 0; tb_record_tag_at(src, t, &name, &value); t++)
		for (size_t i = 0; (text = tb_record_comment(src, t + 2, i, &lang)); i++)
			assert_int_equal(tb_record_add_comment(dst, t + 2, text, lang), 0);
	assert_int_equal(tb_record_set_result(dst, tb_record_result(src)), 0);

	/* the line being built at each depth, the last node built on it, and
	 * the node whose variation starts at the next node entered */
	tb_line *line[128];
	tb_node *last[128];
	tb_node *pending[128];
	tb_iter *it = tb_iter_new(src);
	int ev;
	while ((ev = tb_iter_next(it)) != TB_EVENT_DONE) {
		unsigned d = tb_iter_depth(it);
		assert_true(d < 128);
		tb_line *l = tb_iter_line(it);
		tb_node *n = tb_iter_node(it);
		if (l && ev == TB_EVENT_ENTER) {
			if (d == 0) {
				line[0] = tb_record_main(dst);
				pending[0] = NULL;
			} else {
				line[d] = NULL;
				pending[d] = last[d - 1];
			}
			last[d] = NULL;
		} else if (l && ev == TB_EVENT_EXIT) {
			assert_non_null(line[d]);
			for (size_t i = 0; (text = tb_line_comment(l, i, &lang)); i++) {
				tb_evidence_info lev;
				char buf[256];
				assert_int_equal(tb_line_add_comment(dst, line[d], text, lang), 0);
				if (tb_line_comment_evidence(l, i, &lev))
					assert_int_equal(tb_line_set_comment_evidence(dst, line[d], i,
					                                              S_links(&lev, buf)), 0);
			}
		} else if (n && ev == TB_EVENT_ENTER) {
			char *tok = S_numbered(src, n);
			tb_node *m = NULL;
			int rc;
			if (!line[d]) {
				rc = tb_node_add_variation(dst, pending[d], tok, &line[d]);
				m = line[d] ? tb_line_first(line[d]) : NULL;
			} else {
				rc = tb_line_append(dst, line[d], tok, &m);
			}
			if (rc)
				fail_msg("adding '%s': %s", tok, tb_record_error(dst));
			free(tok);
			assert_non_null(m);
			S_copy_notes(src, n, dst, m);
			last[d] = m;
		}
	}
	assert_int_equal(tb_iter_status(it), 0);
	tb_iter_free(it);
	return dst;
}

/* The record as XML, written by tb_xml_write_record with 'r' (NULL: a
 * reader of nothing, for a built record). Caller frees. */
static char *S_xml(tb_reader *r, const tb_record *rec)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	tb_reader *own = r ? NULL : tb_reader_new_mem("", 0, "built");
	tb_xml_writer *w = tb_xml_writer_new(f, 0);
	assert_int_equal(tb_xml_write_record(w, r ? r : own, rec), 0);
	assert_int_equal(tb_xml_writer_end(w), 0);
	fclose(f);
	tb_reader_free(own);
	return buf;
}

/* The errors the rules find replaying 'rec', just read by 'r' (NULL: a
 * built record, whose nodes have no place in a source). */
static int S_validate(tb_reader *r, const tb_record *rec)
{
	tb_reader *own = r ? NULL : tb_reader_new_mem("", 0, "v");
	int n = tb_reader_validate(r ? r : own, rec, NULL, NULL);
	tb_reader_free(own);
	return n;
}

static void S_count_svg(void *ctx, long ply, const char *svg, size_t len)
{
	(void)ply;
	(void)svg;
	*(size_t *)ctx += len;
}

/* Diagrams of the last position: their total length, or 0. */
static size_t S_svg(const tb_record *rec)
{
	long last = -1;
	size_t n = 0;
	char *why = NULL;
	tb_svg_opts o = {0};
	tb_svg_record(rec, &last, 1, &o, S_count_svg, &n, &why);
	free(why);
	return n;
}

/* Reads every record of 'src' and checks the round trip on each;
 * returns how many were checked. */
static size_t S_round_trip_all(const char *src, size_t len, const char *name)
{
	tb_reader *r = tb_reader_new_mem(src, len, name);
	tb_record *rec;
	size_t n = 0;
	while (tb_reader_next(r, &rec) == 1) {
		char *want = tb_record_write(rec, NULL);
		if (want) {
			tb_record *b = S_rebuild(rec);
			char *got = S_write(b);
			if (strcmp(want, got) != 0)
				fail_msg("%s: rebuilt record differs:\n--- want\n%s--- got\n%s", name, want,
				         got);
			assert_int_equal(tb_record_equal(rec, b), 1);
			/* the other writers and the validator see the same record */
			char *x1 = S_xml(r, rec), *x2 = S_xml(NULL, b);
			assert_string_equal(x1, x2);
			free(x1);
			free(x2);
			assert_int_equal(S_validate(r, rec), S_validate(NULL, b));
			assert_int_equal(S_svg(rec), S_svg(b));
			free(got);
			tb_record_free(b);
			free(want);
			n++;
		}
		tb_record_free(rec);
	}
	tb_reader_free(r);
	return n;
}

static const char *const S_rich =
	"{before the tags}\n"
	"[Game \"pitarra\"] {on game}\n"
	"[Event \"Test\"]\n"
	"[Red \"Ana\"]\n"
	"\n"
	"{lead} 1. d1 {@es uno} $4 (1. a1 {alt} (1. g1) 1... b2) 1... a7! 2. <b2 | c3 {A} | omitted {B}>"
	" g7 3. <reconstructed a4> <gap 2> 4... ? 5. d7 <gap> 9. pass $2 9... g4 <gap 1 | d2 {C}>"
	" 10... <position \"R 11 R:a1 Y:g7\" | gap 3 {D}> 11. a1-b2 *"
	" {after}\n";

static void test_round_trip_rich(void **state)
{
	(void)state;
	tb_reader *r = tb_reader_new_mem(S_rich, strlen(S_rich), "rich.tgn");
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	if (tb_record_errors(rec)) {
		for (size_t i = 0; i < tb_reader_ndiags(r); i++)
			print_message("%s\n", tb_reader_diag(r, i)->message);
		fail();
	}
	tb_reader_free(r);
	tb_record_free(rec);
	assert_int_equal(S_round_trip_all(S_rich, strlen(S_rich), "rich.tgn"), 1);
}

static void test_round_trip_samples(void **state)
{
	(void)state;
	DIR *d = opendir("samples");
	assert_non_null(d);
	struct dirent *e;
	size_t files = 0, records = 0;
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);
		if (n < 5 || strcmp(e->d_name + n - 4, ".tgn") != 0)
			continue;
		char path[512];
		snprintf(path, sizeof path, "samples/%s", e->d_name);
		FILE *f = fopen(path, "rb");
		assert_non_null(f);
		char *buf = malloc(1 << 22);
		size_t len = fread(buf, 1, (1 << 22) - 1, f);
		fclose(f);
		records += S_round_trip_all(buf, len, path);
		free(buf);
		files++;
	}
	closedir(d);
	assert_true(files >= 10);
	assert_true(records >= files);
}

/* ===== A line read at once (tb_line_nodes) ===== */

/* tb_line_nodes of 'l' agrees with the readers of one field at a time,
 * node by node, its variations too; returns how many nodes it checked. */
static size_t S_check_line_nodes(const tb_record *rec, const tb_line *l)
{
	tb_node_info *info;
	char *text;
	long n = tb_line_nodes(rec, l, &info, &text);
	assert_true(n >= 0);
	assert_non_null(info);
	assert_non_null(text);
	size_t checked = 0, i = 0;
	for (tb_node *x = tb_line_first(l); x; x = tb_node_next(x), i++) {
		assert_true((long)i < n);
		const tb_node_info *d = &info[i];
		assert_ptr_equal(d->node, x);
		assert_int_equal(d->kind, tb_node_type(x));
		assert_int_equal(d->side, tb_node_side(x));
		assert_int_equal(d->number, tb_node_number(x));
		assert_int_equal(d->reconstructed, tb_node_reconstructed(x));
		unsigned span[4];
		tb_node_span(x, span);
		assert_memory_equal(d->span, span, sizeof span);
		char *tok = tb_node_token(rec, x);
		assert_string_equal(text + d->token, tok);
		assert_int_equal(d->token_len, strlen(tok));
		free(tok);
		for (tb_line *v = tb_node_variation(x); v; v = tb_line_next(v))
			checked += S_check_line_nodes(rec, v);
		checked++;
	}
	assert_int_equal((long)i, n);
	free(info);
	free(text);
	return checked;
}

static void test_line_nodes(void **state)
{
	(void)state;
	tb_record *rec = S_read(S_rich);
	assert_true(S_check_line_nodes(rec, tb_record_main(rec)) > 5);
	tb_node_info *info = (tb_node_info *)1;
	char *text = (char *)1;
	assert_int_equal(tb_line_nodes(NULL, tb_record_main(rec), &info, &text), TB_EINVAL);
	assert_null(info);
	assert_null(text);
	assert_int_equal(tb_line_nodes(rec, NULL, &info, &text), TB_EINVAL);
	assert_int_equal(tb_line_nodes(rec, tb_record_main(rec), NULL, &text), TB_EINVAL);
	assert_null(text);
	assert_int_equal(tb_line_nodes(rec, tb_record_main(rec), &info, NULL), TB_EINVAL);
	assert_null(info);
	/* a copy: a node put in after it is not in it, the next read has it */
	long before = tb_line_nodes(rec, tb_record_main(rec), &info, &text);
	free(info);
	free(text);
	assert_int_equal(tb_line_append(rec, tb_record_main(rec), "pass", NULL), 0);
	assert_int_equal(tb_line_nodes(rec, tb_record_main(rec), &info, &text), before + 1);
	assert_string_equal(text + info[before].token, "pass");
	free(info);
	free(text);
	tb_record_free(rec);
	/* an empty line: none, both still the caller's to free */
	rec = tb_record_new(tb_game_find("asalto"));
	assert_int_equal(tb_line_nodes(rec, tb_record_main(rec), &info, &text), 0);
	assert_non_null(info);
	assert_string_equal(text, "");
	free(info);
	free(text);
	tb_record_free(rec);
}

/* Every record of every sample: tb_line_nodes as the field readers. */
static void test_line_nodes_samples(void **state)
{
	(void)state;
	DIR *d = opendir("samples");
	assert_non_null(d);
	struct dirent *e;
	size_t nodes = 0;
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);
		if (n < 5 || strcmp(e->d_name + n - 4, ".tgn") != 0)
			continue;
		char path[512];
		snprintf(path, sizeof path, "samples/%s", e->d_name);
		FILE *f = fopen(path, "rb");
		assert_non_null(f);
		tb_reader *r = tb_reader_new_file(f, path);
		tb_record *rec;
		while (tb_reader_next(r, &rec) == 1) {
			nodes += S_check_line_nodes(rec, tb_record_main(rec));
			tb_record_free(rec);
		}
		tb_reader_free(r);
		fclose(f);
	}
	closedir(d);
	assert_true(nodes > 500);
}

/* ===== Reading every kind ===== */

static void test_read_kinds(void **state)
{
	(void)state;
	tb_record *rec = S_read(S_rich);
	tb_line *main = tb_record_main(rec);
	const char *lang;
	assert_string_equal(tb_line_comment(main, 0, &lang), "lead");
	assert_null(lang);
	assert_string_equal(tb_record_comment(rec, 0, 0, NULL), "before the tags");
	assert_string_equal(tb_record_comment(rec, 1, 0, NULL), "after");
	assert_string_equal(tb_record_comment(rec, 2, 0, NULL), "on game");
	assert_null(tb_record_comment(rec, 2, 1, NULL));
	assert_null(tb_record_comment(rec, 999, 0, NULL));
	assert_int_equal(tb_record_result(rec), TB_RESULT_OTHER);

	tb_node *n = tb_line_first(main); /* 1. d1 {@es uno} $4 (...) */
	assert_int_equal(tb_node_type(n), TB_NODE_MOVE);
	assert_int_equal(tb_node_number(n), 1);
	assert_int_equal(tb_node_side(n), 0);
	assert_int_equal(tb_node_nparts(n), 1);
	int kind, file, rank;
	assert_int_equal(tb_node_part(n, 0, &kind, &file, &rank), 0);
	assert_int_equal(kind, TB_PART_AT);
	assert_int_equal(file, 3);
	assert_int_equal(rank, 0);
	assert_int_equal(tb_node_part(n, 1, &kind, &file, &rank), TB_EINVAL);
	assert_string_equal(tb_node_comment(n, 0, &lang), "uno");
	assert_string_equal(lang, "es");
	assert_int_equal(tb_node_nnags(n), 1);
	assert_int_equal(tb_node_nag(n, 0), 4);
	assert_int_equal(tb_node_nag(n, 1), -1);
	unsigned span[4];
	tb_node_span(n, span);
	assert_int_equal(span[0], 6);
	tb_line *v = tb_node_variation(n);
	assert_non_null(v);
	assert_null(tb_line_next(v));
	tb_node *vn = tb_line_first(v);
	assert_string_equal(tb_node_comment(vn, 0, NULL), "alt");
	assert_non_null(tb_node_variation(vn));
	assert_int_equal(tb_node_side(tb_node_next(vn)), 1);

	n = tb_node_next(n); /* a7! */
	assert_int_equal(tb_node_nag(n, 0), 1);
	assert_int_equal(tb_node_side(n), 1);
	char *tok = tb_node_token(rec, n);
	assert_string_equal(tok, "a7");
	free(tok);

	n = tb_node_next(n); /* reading */
	assert_int_equal(tb_node_type(n), TB_NODE_READING);
	assert_int_equal(tb_node_nalts(n), 3);
	assert_int_equal(tb_alt_type(n, 0), TB_NODE_MOVE);
	assert_int_equal(tb_alt_type(n, 2), TB_NODE_OMITTED);
	assert_int_equal(tb_alt_type(n, 3), TB_EINVAL);
	assert_string_equal(tb_alt_comment(n, 1, 0, NULL), "A");
	assert_string_equal(tb_alt_comment(n, 2, 0, NULL), "B");
	assert_null(tb_alt_comment(n, 0, 0, NULL));
	tok = tb_node_token(rec, n);
	assert_string_equal(tok, "<b2 | c3 {A} | omitted {B}>");
	free(tok);
	tok = tb_alt_token(rec, n, 1);
	assert_string_equal(tok, "c3");
	free(tok);
	assert_int_equal(tb_alt_nparts(n, 0), 1);
	assert_int_equal(tb_alt_part(n, 0, 0, &kind, &file, &rank), 0);
	assert_int_equal(file, 1);
	assert_int_equal(rank, 1);
	assert_int_equal(tb_alt_part(n, 2, 0, &kind, &file, &rank), TB_EKIND);

	n = tb_node_next(tb_node_next(n)); /* <reconstructed a4> */
	assert_int_equal(tb_node_type(n), TB_NODE_MOVE);
	assert_int_equal(tb_node_reconstructed(n), 1);
	assert_int_equal(tb_node_number(n), 3);

	n = tb_node_next(n); /* <gap 2> */
	long lo, hi;
	assert_int_equal(tb_node_type(n), TB_NODE_GAP);
	assert_int_equal(tb_node_gap(n, &lo, &hi), 0);
	assert_int_equal(lo, 2);
	assert_int_equal(hi, 2);
	assert_int_equal(tb_node_side(n), 2);
	n = tb_node_next(n); /* 5. ? */
	assert_int_equal(tb_node_type(n), TB_NODE_UNKNOWN);
	assert_int_equal(tb_node_number(n), 4);
	assert_int_equal(tb_node_gap(n, &lo, &hi), TB_EKIND);
	n = tb_node_next(tb_node_next(n)); /* <gap> */
	assert_int_equal(tb_node_gap(n, &lo, &hi), 0);
	assert_int_equal(lo, -1);
	n = tb_node_next(n); /* 9. pass $2 */
	assert_int_equal(tb_node_type(n), TB_NODE_PASS);
	assert_int_equal(tb_node_number(n), 9);
	n = tb_node_next(tb_node_next(n)); /* <gap 1 | d2 {C}> */
	assert_int_equal(tb_node_type(n), TB_NODE_READING);
	assert_int_equal(tb_node_gap(n, &lo, &hi), 0);
	assert_int_equal(lo, 1);
	assert_int_equal(tb_alt_gap(n, 0, &lo, &hi), 0);
	assert_int_equal(tb_alt_gap(n, 1, &lo, &hi), TB_EKIND);
	n = tb_node_next(n); /* position reading */
	char *pos = tb_node_position(rec, n);
	assert_non_null(pos);
	assert_non_null(strstr(pos, "R 11"));
	free(pos);
	pos = tb_alt_position(rec, n, 0);
	assert_non_null(pos);
	free(pos);
	assert_null(tb_alt_position(rec, n, 1));
	n = tb_node_next(n);
	assert_int_equal(tb_node_number(n), 11);
	assert_int_equal(tb_node_side(n), 0);
	assert_int_equal(tb_node_nparts(n), 2);
	assert_null(tb_node_next(n));
	tb_record_free(rec);
}

/* ===== The iterator ===== */

static void test_iter_order(void **state)
{
	(void)state;
	tb_record *rec = S_read(PIT "1. d1 (1. a1 (1. g1)) a7 (1... b6) (1... c5) 2. d2 *\n");
	tb_iter *it = tb_iter_new(rec);
	char got[256] = "";
	int ev;
	while ((ev = tb_iter_next(it)) != TB_EVENT_DONE) {
		char one[40];
		if (tb_iter_line(it)) {
			snprintf(one, sizeof one, "%sL%u ", ev == TB_EVENT_ENTER ? "+" : "-",
			         tb_iter_depth(it));
		} else {
			char *t = tb_node_token(rec, tb_iter_node(it));
			snprintf(one, sizeof one, "%s%s ", ev == TB_EVENT_ENTER ? "+" : "-", t);
			free(t);
		}
		strcat(got, one);
	}
	assert_string_equal(got, "+L0 +d1 +L1 +a1 +L2 +g1 -L2 -a1 -L1 -d1 +a7 +L1 +b6 -L1 "
	                         "+L1 +c5 -L1 -a7 +d2 -L0 ");
	assert_int_equal(tb_iter_next(it), TB_EVENT_DONE);
	tb_iter_free(it);
	assert_null(tb_iter_new(NULL));
	tb_record_free(rec);
}

static void test_iter_edit(void **state)
{
	(void)state;
	tb_record *rec = S_read(PIT "1. d1 a7 2. d2 b6 3. d3 *\n");
	/* removes every second side's turn while walking */
	tb_iter *it = tb_iter_new(rec);
	int ev, seen = 0;
	while ((ev = tb_iter_next(it)) != TB_EVENT_DONE) {
		tb_node *n = tb_iter_node(it);
		if (n) {
			seen++;
			char *t = tb_node_token(rec, n);
			if (strcmp(t, "a7") == 0 || strcmp(t, "b6") == 0)
				assert_int_equal(tb_node_remove(rec, n), 0);
			free(t);
		}
	}
	assert_int_equal(tb_iter_status(it), 0);
	assert_int_equal(seen, 5);
	tb_iter_free(it);
	char *s = tb_record_movetext(rec, NULL);
	assert_string_equal(s, "1. d1 d2 2. d3 *"); /* recounted: d2 is now second */
	free(s);
	/* an iterator whose line went away ends, and says so */
	tb_record_free(rec);
	rec = S_read(PIT "1. d1 (1. a1 b2 c3) a7 *\n");
	it = tb_iter_new(rec);
	while ((ev = tb_iter_next(it)) != TB_EVENT_DONE)
		if (tb_iter_node(it) && tb_node_side(tb_iter_node(it)) == 0 &&
		    tb_node_variation(tb_iter_node(it)) == NULL) {
			/* on a1, inside the variation: remove the variation */
			assert_int_equal(tb_line_remove(rec, tb_node_variation(tb_line_first(
			                                         tb_record_main(rec)))), 0);
			break;
		}
	assert_int_equal(tb_iter_next(it), TB_EVENT_DONE);
	assert_int_equal(tb_iter_status(it), TB_EFOREIGN);
	tb_iter_free(it);
	tb_record_free(rec);
}

/* ===== Building ===== */

static void test_build(void **state)
{
	(void)state;
	tb_record *rec = tb_record_new(tb_game_find("pitarra"));
	assert_non_null(rec);
	assert_null(tb_record_new(NULL));
	assert_int_equal(tb_record_set_tag(rec, "Event", "Built"), 0);
	assert_int_equal(tb_record_set_tag(rec, "Date", "2026.12.01"), 0);
	assert_int_equal(tb_record_set_tag(rec, "Red", "Ana"), 0);
	tb_line *main = tb_record_main(rec);
	tb_node *n;
	assert_int_equal(tb_line_append(rec, main, "d1 a7", &n), 0);
	assert_int_equal(tb_node_number(n), 1);
	assert_int_equal(tb_line_append(rec, main, "d2 {second} b6", NULL), 0);
	assert_int_equal(tb_node_add_nag(rec, n, 1), 0);
	assert_int_equal(tb_node_add_comment(rec, n, "  centre ", "es"), 0);
	tb_line *v;
	assert_int_equal(tb_node_add_variation(rec, n, "a1 b2", &v), 0);
	assert_int_equal(tb_line_add_comment(rec, v, "or", NULL), 0);
	tb_node *g;
	assert_int_equal(tb_line_insert(rec, main, NULL, "<gap 2>", &g), 0);
	assert_int_equal(tb_node_number(n), 2); /* recounted after the gap */
	assert_int_equal(tb_line_append(rec, main, "<f2 | e3 {A} | omitted>", &n), 0);
	assert_int_equal(tb_alt_add_comment(rec, n, 2, "B", NULL), 0);
	assert_int_equal(tb_record_set_result(rec, TB_RESULT_DRAW), 0);
	assert_int_equal(tb_record_add_comment(rec, 1, "end", NULL), 0);
	assert_int_equal(tb_record_add_comment(rec, 0, "start", NULL), 0);
	char *s = S_write(rec);
	assert_string_equal(s, "{start}\n"
	                       "[Game \"pitarra\"]\n[Rules \"?\"]\n[Site \"?\"]\n"
	                       "[Date \"2026.12.01\"]\n[Red \"Ana\"]\n[Yellow \"?\"]\n"
	                       "[Result \"1/2-1/2\"]\n[Event \"Built\"]\n\n"
	                       "<gap 2>\n"
	                       "2. d1! {@es centre} ({or} 2. a1 b2) 2... a7\n"
	                       "3. d2 {second} 3... b6\n"
	                       "4. <f2 | e3 {A} | omitted {B}>\n"
	                       "1/2-1/2 {end}\n");
	/* what was built reads back as the same record */
	tb_record *back = S_read(s);
	assert_int_equal(tb_record_errors(back), 0);
	assert_int_equal(tb_record_equal(rec, back), 1);
	tb_record_free(back);
	free(s);
	/* removing the gap recounts; removing a variation */
	assert_int_equal(tb_node_remove(rec, g), 0);
	assert_int_equal(tb_line_remove(rec, v), 0);
	s = tb_record_movetext(rec, NULL);
	assert_string_equal(s, "1. d1 a7 2. d2 b6 3. <f2 | e3 | omitted> 1/2-1/2");
	free(s);
	/* a turn after a gap of unknown length needs its number */
	assert_int_equal(tb_line_append(rec, main, "<gap>", NULL), 0);
	assert_int_equal(tb_line_append(rec, main, "a4", NULL), TB_ESYNTAX);
	assert_non_null(strstr(tb_record_error(rec), "number"));
	assert_int_equal(tb_line_append(rec, main, "12... a4", &n), 0);
	assert_int_equal(tb_node_number(n), 12);
	assert_int_equal(tb_node_side(n), 1);
	tb_record_free(rec);
}

/* ===== Misuse ===== */

static void test_misuse(void **state)
{
	(void)state;
	tb_record *a = S_read(PIT "1. d1 (1. a1) a7 *\n");
	tb_record *b = S_read(PIT "1. d1 a7 *\n");
	char *before = S_write(a);
	tb_node *an = tb_line_first(tb_record_main(a));
	tb_node *bn = tb_line_first(tb_record_main(b));
	tb_line *av = tb_node_variation(an);
	/* another record's nodes and lines */
	assert_int_equal(tb_node_add_nag(a, bn, 1), TB_EFOREIGN);
	assert_int_equal(tb_node_add_comment(a, bn, "x", NULL), TB_EFOREIGN);
	assert_int_equal(tb_node_remove(a, bn), TB_EFOREIGN);
	assert_int_equal(tb_line_append(a, tb_record_main(b), "d2", NULL), TB_EFOREIGN);
	assert_int_equal(tb_line_insert(a, tb_record_main(a), bn, "d2", NULL), TB_EFOREIGN);
	assert_int_equal(tb_line_insert(a, av, an, "d2", NULL), TB_EFOREIGN); /* not on it */
	assert_int_equal(tb_line_remove(b, av), TB_EFOREIGN);
	assert_int_equal(tb_node_add_variation(b, an, "a2", NULL), TB_EFOREIGN);
	assert_non_null(strstr(tb_record_error(b), "not in this record"));
	/* NULLs */
	assert_int_equal(tb_line_append(NULL, tb_record_main(a), "d2", NULL), TB_EINVAL);
	assert_int_equal(tb_line_append(a, NULL, "d2", NULL), TB_EINVAL);
	assert_int_equal(tb_line_append(a, tb_record_main(a), NULL, NULL), TB_EINVAL);
	assert_int_equal(tb_node_add_comment(a, an, NULL, NULL), TB_EINVAL);
	assert_int_equal(tb_node_remove(a, NULL), TB_EFOREIGN);
	assert_int_equal(tb_record_set_tag(a, NULL, "x"), TB_EINVAL);
	/* wrong kinds, bad values */
	assert_int_equal(tb_alt_add_comment(a, an, 0, "x", NULL), TB_EKIND);
	assert_int_equal(tb_node_add_nag(a, an, 256), TB_EINVAL);
	assert_int_equal(tb_node_add_comment(a, an, "x", "e s"), TB_EINVAL);
	assert_int_equal(tb_node_add_comment(a, an, "\xff", NULL), TB_EINVAL);
	assert_int_equal(tb_record_set_result(a, 9), TB_EINVAL);
	assert_int_equal(tb_record_add_comment(a, 99, "x", NULL), TB_EINVAL);
	/* edits that would make the tree invalid */
	assert_int_equal(tb_line_append(a, tb_record_main(a), "d2 1-0", NULL), TB_ESYNTAX);
	assert_int_equal(tb_line_append(a, tb_record_main(a), "[Event \"x\"]", NULL), TB_ESYNTAX);
	assert_int_equal(tb_line_append(a, tb_record_main(a), "z9", NULL), TB_ESYNTAX);
	assert_int_equal(tb_line_append(a, tb_record_main(a), "d2 )", NULL), TB_ESYNTAX);
	assert_int_equal(tb_line_append(a, tb_record_main(a), "<gap 2 | d2", NULL), TB_ESYNTAX);
	assert_int_equal(tb_node_add_variation(a, an, "{only a comment}", NULL), 0);
	assert_int_equal(tb_line_remove(a, tb_line_next(av)), 0);
	assert_int_equal(tb_node_add_variation(a, an, "", NULL), TB_ETREE);
	assert_int_equal(tb_node_remove(a, tb_line_first(av)), TB_ETREE);
	assert_int_equal(tb_line_remove(a, tb_record_main(a)), TB_EINVAL);
	assert_int_equal(tb_record_set_tag(a, "Game", "asalto"), TB_EINVAL);
	assert_int_equal(tb_record_set_tag(a, "Rules", "pitarra; swing=none"), TB_ETREE);
	assert_int_equal(tb_record_set_tag(a, "Date", "yesterday"), TB_ESYNTAX);
	assert_int_equal(tb_record_set_tag(a, "Event", "two\nlines"), TB_EINVAL);
	assert_int_equal(tb_record_set_result(a, TB_RESULT_FIRST), 0);
	assert_int_equal(tb_record_set_tag(a, "Result", "0-1"), TB_ETREE); /* two results */
	assert_int_equal(tb_record_set_result(a, TB_RESULT_OTHER), 0);
	char *after = S_write(a);
	/* only the result changed: [Result] kept "1-0", which "*" agrees with */
	assert_non_null(strstr(after, "[Result \"1-0\"]"));
	assert_non_null(strstr(before, "[Result \"*\"]"));
	assert_string_equal(strstr(before, "\n\n"), strstr(after, "\n\n"));
	free(before);
	free(after);
	/* a removed node is another record's, for every editor */
	tb_node *a7 = tb_node_next(an);
	assert_int_equal(tb_node_remove(a, a7), 0);
	assert_int_equal(tb_node_remove(a, a7), TB_EFOREIGN);
	assert_int_equal(tb_node_add_nag(a, a7, 1), TB_EFOREIGN);
	tb_record_free(a);
	tb_record_free(b);
}

/* ===== What the builders take reads back (issue 29, finding 3) ===== */

/* 'rec' written, read again: no diagnostic but the warning on a value
 * with a blank at its edge (TB215: a builder takes " ", and the reader
 * keeps it as written), the same record, the same bytes. */
static void S_reads_back(const tb_record *rec)
{
	size_t n, n2;
	char *s = tb_record_write(rec, &n);
	assert_non_null(s);
	tb_reader *r = tb_reader_new_mem(s, n, "back.tgn");
	tb_record *back = NULL;
	assert_int_equal(tb_reader_next(r, &back), 1);
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		assert_int_equal(tb_reader_diag(r, i)->code, 215); /* TB215 */
		assert_int_equal(tb_reader_diag(r, i)->severity, TB_WARNING);
	}
	assert_int_equal(tb_record_equal(rec, back), 1);
	char *s2 = tb_record_write(back, &n2);
	assert_non_null(s2);
	assert_int_equal(n, n2);
	assert_memory_equal(s, s2, n);
	free(s2);
	free(s);
	tb_record_free(back);
	tb_reader_free(r);
}

/* Refused with 'code', a message, and 'rec' as it was: written as
 * 'before', its result 'before_result' (a variable of the caller's). */
#define S_REFUSED(rec, before, call, code)                  \
	do {                                                    \
		assert_int_equal((call), (code));                   \
		assert_true(tb_record_error(rec)[0] != '\0');       \
		char *now_ = S_write(rec);                          \
		assert_string_equal(now_, (before));                \
		assert_int_equal(tb_record_result(rec), before_result); \
		free(now_);                                         \
	} while (0)

static void test_build_reads_back(void **state)
{
	(void)state;
	tb_record *rec = S_read(PIT "1. d1 <a1 | a7> *\n");
	tb_node *n = tb_line_first(tb_record_main(rec));
	tb_node *rd = tb_node_next(n);
	char *before = S_write(rec);
	int before_result = tb_record_result(rec);
	/* a tag line after a blank line (read as the next record's: TB104),
	 * control characters, NUL's stand-in DEL, a CR (read as a line end),
	 * invalid UTF-8: the reader refuses them (TB101, TB103) */
	static const char *const bad_comment[] = {"nota:\n\n[Site \"x\"] sigue",
	                                          "a\nb\n \t\n[Game \"asalto\"]",
	                                          "inicio\x0e", "a\x7f", "a\rb", "\x01",
	                                          "\xc0\xaf", "\xed\xa0\x80"};
	for (size_t i = 0; i < sizeof bad_comment / sizeof *bad_comment; i++) {
		const char *c = bad_comment[i];
		S_REFUSED(rec, before, tb_node_add_comment(rec, n, c, NULL), TB_EINVAL);
		S_REFUSED(rec, before, tb_node_add_comment(rec, n, c, "es"), TB_EINVAL);
		S_REFUSED(rec, before, tb_record_add_comment(rec, 0, c, NULL), TB_EINVAL);
		S_REFUSED(rec, before, tb_record_add_comment(rec, 1, c, NULL), TB_EINVAL);
		S_REFUSED(rec, before, tb_record_add_comment(rec, 2, c, NULL), TB_EINVAL);
		S_REFUSED(rec, before, tb_line_add_comment(rec, tb_record_main(rec), c, NULL),
		          TB_EINVAL);
		S_REFUSED(rec, before, tb_alt_add_comment(rec, rd, 1, c, NULL), TB_EINVAL);
	}
	assert_non_null(strstr(tb_record_error(rec), "UTF-8"));
	assert_int_equal(tb_node_add_comment(rec, n, "inicio\x0e", NULL), TB_EINVAL);
	assert_non_null(strstr(tb_record_error(rec), "U+000E"));
	/* a language is letters, digits and '-', 1 to 35, as the reader reads it */
	S_REFUSED(rec, before, tb_node_add_comment(rec, n, "x", "e s"), TB_EINVAL);
	S_REFUSED(rec, before, tb_node_add_comment(rec, n, "x", "es_MX"), TB_EINVAL);
	S_REFUSED(rec, before, tb_node_add_comment(rec, n, "x", "abcdefghijabcdefghijabcdefghijabcdef"),
	          TB_EINVAL);
	/* tag values: one line, no control character, not empty */
	static const char *const bad_value[] = {"a\x01" "b", "\x7f", "a\rb", "a\nb", "", "\xff"};
	for (size_t i = 0; i < sizeof bad_value / sizeof *bad_value; i++) {
		S_REFUSED(rec, before, tb_record_set_tag(rec, "Event", bad_value[i]), TB_EINVAL);
		S_REFUSED(rec, before, tb_record_set_tag(rec, "Site", bad_value[i]), TB_EINVAL);
	}
	assert_non_null(strstr(tb_record_error(rec), "UTF-8"));
	assert_int_equal(tb_record_set_tag(rec, "Event", ""), TB_EINVAL);
	assert_non_null(strstr(tb_record_error(rec), "empty"));
	S_REFUSED(rec, before, tb_record_set_tag(rec, "Bad Name", "x"), TB_EINVAL);
	S_REFUSED(rec, before, tb_record_set_tag(rec, "", "x"), TB_EINVAL);
	/* no result marker is no result the reader gives back: "*" is OTHER */
	S_REFUSED(rec, before, tb_record_set_result(rec, TB_RESULT_NONE), TB_EINVAL);
	S_REFUSED(rec, before, tb_record_set_result(rec, -1), TB_EINVAL);
	S_REFUSED(rec, before, tb_node_add_nag(rec, n, -1), TB_EINVAL);
	free(before);
	/* and what is taken reads back as itself: tabs, line breaks, braces,
	 * backslashes, quotes, '@', a language of digits, Arabic */
	assert_int_equal(tb_node_add_comment(rec, n, "a\tb\nc } \\ {d}\\", NULL), 0);
	assert_int_equal(tb_node_add_comment(rec, n, "@home", NULL), 0);
	assert_int_equal(tb_node_add_comment(rec, n, "", "e1"), 0);
	assert_int_equal(tb_node_add_comment(rec, n, "\n", NULL), 0);
	assert_int_equal(tb_alt_add_comment(rec, rd, 0, "هجوم", "ar"), 0);
	assert_int_equal(tb_record_add_comment(rec, 2, "del juego}", "es-MX"), 0);
	assert_int_equal(tb_record_set_tag(rec, "Event", "\"Copa\" \\ 1\t2"), 0);
	assert_int_equal(tb_record_set_tag(rec, "Site", "?"), 0);
	assert_int_equal(tb_record_set_tag(rec, "Notes", " "), 0);
	assert_int_equal(tb_node_add_nag(rec, n, 0), 0);
	assert_int_equal(tb_node_add_nag(rec, rd, 255), 0);
	S_reads_back(rec);
	for (int res = TB_RESULT_FIRST; res <= TB_RESULT_OTHER; res++) {
		assert_int_equal(tb_record_set_result(rec, res), 0);
		S_reads_back(rec);
	}
	/* comments after the last tag, the first of two lines: the second
	 * starts on the line the first ends on, and is the tag's too */
	const char *name, *value;
	size_t last = 0;
	while (tb_record_tag_at(rec, last + 1, &name, &value))
		last++;
	assert_int_equal(tb_record_add_comment(rec, 2 + last, "a\nb", NULL), 0);
	assert_int_equal(tb_record_add_comment(rec, 2 + last, "c", NULL), 0);
	S_reads_back(rec);
	tb_record_free(rec);
	/* variations nested as deep as the reader reads them, no deeper:
	 * one by one, and in the text of one */
	rec = tb_record_new(tb_game_find("pitarra"));
	assert_int_equal(tb_line_append(rec, tb_record_main(rec), "d1", &n), 0);
	int depth = 0, rc;
	tb_line *v = NULL;
	tb_node *parent = NULL;
	while ((rc = tb_node_add_variation(rec, n, "d1", &v)) == 0) {
		parent = n;
		n = tb_line_first(v);
		depth++;
	}
	assert_int_equal(rc, TB_ETREE);
	assert_int_equal(depth, 100); /* spec/tgn.md §12 */
	S_reads_back(rec);
	/* one deeper in the text of one: the parser's refusal */
	assert_int_equal(tb_node_add_variation(rec, parent, "a1 (a7)", NULL), TB_ESYNTAX);
	assert_int_equal(tb_node_add_variation(rec, parent, "a1", NULL), 0);
	S_reads_back(rec);
	tb_record_free(rec);
	/* a record the reader would refuse as too large (TB106) is not built:
	 * a comment, a tag's value, movetext, a variation each past what is left */
	rec = tb_record_new(tb_game_find("pitarra"));
	size_t big = (16u << 20) / 2 + 16;
	char *text = malloc(big + 16);
	memset(text, 'x', big);
	text[big] = '\0';
	assert_int_equal(tb_line_append(rec, tb_record_main(rec), "d1", &n), 0);
	assert_int_equal(tb_node_add_comment(rec, n, text, NULL), 0);
	before = S_write(rec);
	before_result = tb_record_result(rec);
	S_REFUSED(rec, before, tb_node_add_comment(rec, n, text, NULL), TB_ETREE);
	assert_non_null(strstr(tb_record_error(rec), "MiB"));
	S_REFUSED(rec, before, tb_record_add_comment(rec, 1, text, "es"), TB_ETREE);
	S_REFUSED(rec, before, tb_record_set_tag(rec, "Notes", text), TB_ETREE);
	memcpy(text, "a7 {", 4);
	strcpy(text + big, "}");
	S_REFUSED(rec, before, tb_line_append(rec, tb_record_main(rec), text, NULL), TB_ETREE);
	S_REFUSED(rec, before, tb_node_add_variation(rec, n, text, NULL), TB_ETREE);
	S_reads_back(rec);
	/* and a text past the limit on its own, even in a new record */
	tb_record_free(rec);
	rec = tb_record_new(tb_game_find("pitarra"));
	free(before);
	before = S_write(rec);
	text = realloc(text, (16u << 20) + 2);
	memset(text, 'y', (16u << 20) + 1);
	text[(16u << 20) + 1] = '\0';
	S_REFUSED(rec, before, tb_record_set_tag(rec, "Notes", text), TB_EINVAL);
	S_REFUSED(rec, before, tb_record_add_comment(rec, 0, text, NULL), TB_EINVAL);
	free(text);
	free(before);
	tb_record_free(rec);
	/* a new record as it is, and with its result set */
	rec = tb_record_new(tb_game_find("asalto"));
	S_reads_back(rec);
	assert_int_equal(tb_record_result(rec), TB_RESULT_OTHER);
	tb_record_free(rec);
}

/* ===== Positions and turns ===== */

static void S_count_legal(void *ctx, const char *token, const char *events,
                          const char *position)
{
	size_t *n = ctx;
	assert_non_null(token);
	assert_non_null(events);
	assert_non_null(position);
	(*n)++;
}

static void test_positions(void **state)
{
	(void)state;
	tb_record *rec = S_read(PIT "1. d1 (1. a1 b2) a7 2. d2 *\n");
	char *why = NULL;
	tb_reached at;
	tb_engine *e = tb_node_engine(rec, NULL, &at, &why);
	assert_non_null(e);
	size_t n = 0;
	assert_int_equal(tb_engine_legal(e, S_count_legal, &n), 24); /* 24 empty points */
	assert_int_equal(n, 24);
	assert_int_equal(tb_engine_to_move(e), 0);
	char *ev = NULL;
	assert_int_equal(tb_engine_play(e, "d1", &ev, &why), 0);
	assert_string_equal(ev, "");
	free(ev);
	assert_int_equal(tb_engine_to_move(e), 1);
	assert_int_equal(tb_engine_play(e, "d1", &ev, &why), TB_EINVAL);
	assert_non_null(why);
	assert_null(ev);
	free(why);
	assert_int_equal(tb_engine_legal(e, NULL, NULL), 23);
	tb_engine_free(e);

	/* after a main-line node, and after a node in a variation */
	tb_node *d1 = tb_line_first(tb_record_main(rec));
	e = tb_node_engine(rec, tb_node_next(d1), &at, &why);
	assert_non_null(e);
	char *pos = tb_engine_position(e);
	assert_non_null(strstr(pos, "d1"));
	assert_non_null(strstr(pos, "a7"));
	free(pos);
	tb_engine_free(e);
	tb_node *b2 = tb_node_next(tb_line_first(tb_node_variation(d1)));
	e = tb_node_engine(rec, b2, NULL, &why);
	assert_non_null(e);
	pos = tb_engine_position(e);
	assert_non_null(strstr(pos, "a1"));
	assert_non_null(strstr(pos, "b2"));
	assert_null(strstr(pos, "d1"));
	free(pos);
	tb_engine_free(e);
	/* a node of another record */
	tb_record *other = S_read(PIT "1. d1 *\n");
	assert_null(tb_node_engine(other, b2, NULL, &why));
	assert_non_null(why);
	free(why);
	tb_record_free(other);
	tb_record_free(rec);
}

/* tb_replay_report's callback: keeps the token, position and events. */
static void S_keep_report(void *ctx, const tb_turn_report *t)
{
	char *out = ctx;
	snprintf(out, 400, "%u%s %s {%s} %s", t->number, t->side == 1 ? "..." : ".", t->token,
	         t->position, t->events);
}

/* The frames give the engine API its positions: a '?' the rules decide
 * is that turn, in a variation too; where several positions fit, the
 * last known one, stopped at the open turn and said why; a turn the
 * rules refuse, explained in the position before it. */
static void test_positions_from_frames(void **state)
{
	(void)state;
	tb_record *rec = S_read(PIT "1. d2 (1. a1 ? <position \"R 2 R:a1 Y:g7 hand=11,11\"> 2. b2) "
	                            "a7 2. ? d7 3. c4 *\n");
	tb_node *d2 = tb_line_first(tb_record_main(rec));
	tb_node *q = tb_node_next(tb_line_first(tb_node_variation(d2)));
	char *why = NULL;
	tb_reached at;
	tb_engine *e = tb_node_engine(rec, q, &at, &why);
	assert_non_null(e);
	assert_int_equal(at.stopped, 0);
	assert_string_equal(at.last, "1... g7");
	char *pos = tb_engine_position(e);
	assert_string_equal(pos, "R 2 R:a1 Y:g7 hand=11,11");
	free(pos);
	tb_engine_free(e);
	tb_replay *rp = tb_record_replay(rec);
	assert_non_null(rp);
	long fi = tb_replay_find(rp, q, 0);
	assert_int_equal(tb_replay_status(rp, fi), TB_FRAME_RECONSTRUCTED);
	char line[400] = "";
	assert_int_equal(tb_replay_report(rp, fi, S_keep_report, line), 0);
	assert_string_equal(line, "1... g7 {R 2 R:a1 Y:g7 hand=11,11} ");
	assert_null(tb_replay_why(rp, fi));

	/* 2. ? fits every empty point but d7 and c4: open, and 3. c4 after it */
	tb_node *open = tb_node_next(tb_node_next(d2)), *c4 = tb_node_next(tb_node_next(open));
	fi = tb_replay_find(rp, open, 0);
	assert_int_equal(tb_replay_status(rp, fi), TB_FRAME_OPEN);
	assert_int_equal(tb_replay_positions(rp, fi), 20);
	assert_int_equal(tb_replay_report(rp, fi, S_keep_report, line), 0);
	assert_string_equal(line, "2. ? {R 2 R:d2 Y:a7 hand=11,11} ");
	why = tb_replay_why(rp, fi);
	assert_string_equal(why, "20 positions fit what the record says (20 turns fit here)");
	free(why);
	tb_replay_free(rp);
	e = tb_node_engine(rec, c4, &at, &why);
	assert_non_null(e);
	assert_null(why);
	assert_int_equal(at.stopped, 1);
	assert_int_equal(at.ply, 2);
	assert_string_equal(at.last, "1... a7");
	assert_string_equal(at.stop, "2. ?");
	assert_int_equal(at.line, 2);
	assert_string_equal(at.why, "20 positions fit what the record says (20 turns fit here)");
	pos = tb_engine_position(e);
	assert_string_equal(pos, "R 2 R:d2 Y:a7 hand=11,11");
	free(pos);
	tb_engine_free(e);
	tb_record_free(rec);

	/* a turn refused, in the position before it */
	rec = S_read(PIT "1. d2 a7 2. d2 f2 *\n");
	tb_node *f2 = tb_node_next(tb_node_next(tb_node_next(tb_line_first(tb_record_main(rec)))));
	e = tb_node_engine(rec, f2, &at, &why);
	assert_non_null(e);
	assert_int_equal(at.stopped, 1);
	assert_string_equal(at.stop, "2. d2");
	assert_string_equal(at.why, "d2 is occupied");
	tb_engine_free(e);
	tb_record_free(rec);
}

/* ===== A record's source size ===== */

static void test_source_size(void **state)
{
	(void)state;
	const char *src = "\n  " PIT "1. d1 a7 *\n\n" PIT "{x}\n1. d2 *";
	tb_reader *r = tb_reader_new_mem(src, strlen(src), "t.tgn");
	tb_record *a = NULL, *b = NULL;
	assert_int_equal(tb_reader_next(r, &a), 1);
	assert_int_equal(tb_reader_next(r, &b), 1);
	/* from its first token to the next record's '[', then to the end */
	const char *second = strstr(src + 4, "[Game");
	assert_int_equal(tb_record_source_size(a), (size_t)(second - (src + 3)));
	assert_int_equal(tb_record_source_size(b), strlen(second));
	tb_record *built = tb_record_new(tb_record_game(a));
	assert_int_equal(tb_record_source_size(built), 0);
	tb_record_free(built);
	tb_record_free(a);
	tb_record_free(b);
	tb_reader_free(r);
}

/* A document of records written one by one (tb_xml_write_record) is
 * byte for byte the one of their texts (tb_xml_record_text) put in
 * pieces, small or longer than the writer's buffer (xml -j N puts a
 * part's records at once, and a long piece goes to the file as it is). */
static char *S_doc_put(const char *src, size_t piece)
{
	char *doc = NULL;
	size_t doclen = 0;
	FILE *f = open_memstream(&doc, &doclen);
	assert_non_null(f);
	tb_xml_writer *w = tb_xml_writer_new(f, 0);
	tb_reader *r = tb_reader_new_mem(src, strlen(src), "t.tgn");
	tb_record *rec;
	tt_str held = {0};
	while (tb_reader_next(r, &rec) == 1) {
		if (!piece) {
			assert_int_equal(tb_xml_write_record(w, r, rec), 0);
		} else {
			size_t n;
			int st;
			char *text = tb_xml_record_text(r, rec, 0, &n, &st);
			assert_non_null(text);
			tt_put(&held, text, n);
			free(text);
		}
		tb_record_free(rec);
	}
	char *all = tt_take(&held);
	size_t len = all ? strlen(all) : 0;
	for (size_t at = 0; piece && at < len; at += piece)
		assert_int_equal(tb_xml_writer_put(w, all + at, len - at < piece ? len - at : piece), 0);
	free(all);
	assert_int_equal(tb_xml_writer_end(w), 0);
	fclose(f);
	tb_reader_free(r);
	return doc;
}

static void test_writer_put_pieces(void **state)
{
	(void)state;
	tt_str src = {0};
	for (int i = 0; i < 400; i++)
		tt_printf(&src, PIT "[Round \"%d\"]\n{un comentario, ¿verdad?} 1. d1 a7 2. b2 g7 *\n\n", i);
	char *text = tt_take(&src);
	char *want = S_doc_put(text, 0);
	assert_true(strlen(want) > 3 * 64 * 1024); /* longer than the buffer, thrice */
	static const size_t pieces[] = {1000, 64 * 1024, 200 * 1024, 1 << 30};
	for (size_t i = 0; i < sizeof pieces / sizeof *pieces; i++) {
		char *got = S_doc_put(text, pieces[i]);
		assert_string_equal(got, want);
		free(got);
	}
	free(want);
	free(text);
}

/* Records' XML appended to one buffer (tb_xml_record_append, as xml
 * -j N gathers a part's) is byte for byte their texts one after the
 * other, after what the buffer held; a record refused leaves the buffer
 * at its length, and a bad call is refused. */
static void test_xml_record_append(void **state)
{
	(void)state;
	tt_str src = {0};
	for (int i = 0; i < 300; i++)
		tt_printf(&src, PIT "[Round \"%d\"]\n{un comentario} 1. d1 a7 2. b2 g7 *\n\n%s", i,
		          i == 150 ? PIT "1. d1 @@ *\n\n" : ""); /* one record with errors */
	char *text = tt_take(&src);
	char *buf = malloc(4);
	assert_non_null(buf);
	memcpy(buf, "abc", 4);
	size_t len = 3, cap = 4, refused = 0;
	tt_str want = {0};
	tt_puts(&want, "abc");
	tb_reader *r = tb_reader_new_mem(text, strlen(text), "t.tgn");
	tb_record *rec;
	while (tb_reader_next(r, &rec) == 1) {
		size_t n, before = len;
		int st;
		char *one = tb_xml_record_text(r, rec, TB_XML_SOURCEPOS, &n, &st);
		int got = tb_xml_record_append(r, rec, TB_XML_SOURCEPOS, &buf, &len, &cap);
		assert_int_equal(got, st);
		if (one) {
			tt_put(&want, one, n);
			assert_int_equal(len, before + n);
		} else {
			refused++;
			assert_int_equal(got, TB_EINVAL);
			assert_int_equal(len, before);
		}
		assert_true(len < cap);
		free(one);
		tb_record_free(rec);
	}
	assert_int_equal(refused, 1);
	char *all = tt_take(&want);
	assert_int_equal(len, strlen(all));
	assert_memory_equal(buf, all, len);
	assert_int_equal(buf[len], '\0');
	/* bad calls: nothing is touched */
	char *none = NULL;
	size_t zero = 0, five = 5, past = cap + 1;
	assert_int_equal(tb_xml_record_append(r, NULL, 0, &buf, &len, &cap), TB_EINVAL);
	assert_int_equal(tb_xml_record_append(r, NULL, 0, NULL, &len, &cap), TB_EINVAL);
	assert_int_equal(tb_xml_record_append(r, NULL, 0, &none, &zero, &five), TB_EINVAL);
	assert_int_equal(tb_xml_record_append(r, NULL, 0, &buf, &past, &cap), TB_EINVAL);
	assert_int_equal(len, strlen(all));
	free(all);
	free(buf);
	free(text);
	tb_reader_free(r);
}

/* ===== Reading a file in parts ===== */

/* Reads 'src' from 'from' in a reader of its own, as a part starting
 * on line 'line'; returns whether it ended clean, its records' source
 * offsets in 'off' (at most 4) and its first diagnostic's line. */
static int S_part(const char *src, size_t from, unsigned line, size_t *off, size_t *n,
                  unsigned *diag_line)
{
	tb_reader *r = tb_reader_new_mem(src + from, strlen(src + from), "part");
	tb_reader_set_origin(r, line, from);
	tb_record *rec;
	*n = 0;
	*diag_line = 0;
	while (tb_reader_next(r, &rec) == 1) {
		if (!*diag_line && tb_reader_ndiags(r))
			*diag_line = tb_reader_diag(r, 0)->line;
		if (*n < 4)
			off[(*n)++] = tb_record_source_offset(rec);
		tb_record_free(rec);
	}
	int clean = tb_reader_ended_clean(r);
	tb_reader_free(r);
	return clean;
}

static void test_parts(void **state)
{
	(void)state;
	size_t off[4], n;
	unsigned dl;
	/* offsets and lines are the file's */
	const char *two = "[Game \"pitarra\"]\n\n1. d1 a1 *\n\n[Game \"pitarra\"]\n\n1. z9 *\n";
	size_t second = (size_t)(strstr(two + 1, "[Game") - two);
	assert_int_equal(S_part(two, 0, 1, off, &n, &dl), 1);
	assert_int_equal(n, 2);
	assert_int_equal(off[0], 0);
	assert_int_equal(off[1], second);
	assert_int_equal(dl, 7);
	/* a late origin changes nothing */
	tb_reader *late = tb_reader_new_mem(two, strlen(two), "late");
	tb_record *lr;
	assert_int_equal(tb_reader_next(late, &lr), 1);
	tb_record_free(lr);
	tb_reader_set_origin(late, 99, 99);
	assert_int_equal(tb_reader_next(late, &lr), 1);
	assert_int_equal(tb_record_line(lr), 5);
	assert_int_equal(tb_record_source_offset(lr), second);
	tb_record_free(lr);
	tb_reader_free(late);
	assert_int_equal(S_part(two, second, 5, off, &n, &dl), 1);
	assert_int_equal(n, 1);
	assert_int_equal(off[0], second);
	assert_int_equal(dl, 7);
	/* a part whose end may have cut its last record is not clean */
	const char *cut[] = {
		"[Game \"pitarra\"]\n[Site \"x\"]\n",            /* tags only: more may follow */
		"[Game \"pitarra\"]\n\n1. d1 {open\n",           /* a comment left open */
		"[Game \"pitarra\"]\n\n1. d1 <a1 |\n",           /* an angle left open */
		"[Game \"pitarra\"]\n\n1. d1 (1... a1\n",        /* a variation left open: it
		                                                        runs to the end, or into
		                                                        the next record */
		"",                                                  /* no record */
	};
	for (size_t i = 0; i < sizeof cut / sizeof *cut; i++)
		assert_int_equal(S_part(cut[i], 0, 1, off, &n, &dl), 0);
	/* but one that ends without a result is read the same before a '[' */
	assert_int_equal(S_part("[Game \"pitarra\"]\n\n1. d1 a1\n", 0, 1, off, &n, &dl), 1);
	/* a file reader's offsets are the file's, however far it has read
	 * (its window moves on) */
	FILE *f = tmpfile();
	assert_non_null(f);
	size_t at = 0, k = 0;
	for (int i = 0; i < 3000; i++)
		at += (size_t)fprintf(f, "[Game \"pitarra\"]\n{%0*d}\n1. d1 a1 *\n\n", i % 97, 0);
	rewind(f);
	tb_reader *fr = tb_reader_new_file(f, "f");
	tb_record *fr_rec;
	for (at = 0; tb_reader_next(fr, &fr_rec) == 1; k++) {
		assert_int_equal(tb_record_source_offset(fr_rec), at);
		at += tb_record_source_size(fr_rec);
		tb_record_free(fr_rec);
	}
	assert_int_equal(k, 3000);
	assert_int_equal(at, (size_t)ftell(f));
	assert_int_equal(tb_reader_ended_clean(fr), 1);
	tb_reader_free(fr);
	fclose(f);
	/* a BOM is dropped at the file's start only: in a part it is text,
	 * here before the first tag (a record of its own) */
	const char *bom = "\xef\xbb\xbf[Game \"pitarra\"]\n\n1. d1 *\n";
	S_part(bom, 0, 3, off, &n, &dl);
	assert_int_equal(n, 2);
	assert_int_equal(off[1], 3);
	tb_reader *r = tb_reader_new_mem(bom, strlen(bom), "start");
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	assert_int_equal(tb_reader_ndiags(r), 0);
	assert_int_equal(tb_record_source_offset(rec), 3);
	tb_record_free(rec);
	assert_int_equal(tb_reader_next(r, &rec), 0);
	assert_int_equal(tb_reader_ended_clean(r), 1);
	tb_reader_free(r);
}

/* ===== Misuse of the writers and the validator ===== */

static void S_one_svg(void *ctx, long ply, const char *svg, size_t len)
{
	size_t *n = ctx;
	assert_true(ply >= 0);
	assert_non_null(strstr(svg, "<svg"));
	assert_int_equal(strlen(svg), len);
	(*n)++;
}

static void test_misuse_writers(void **state)
{
	(void)state;
	tb_record *rec = S_read(PIT "1. d1 a7 2. d2 *\n");
	char *why = NULL;
	size_t drawn = 0;
	/* no options: the defaults, as with a zeroed tb_svg_opts */
	assert_int_equal(tb_svg_record(rec, NULL, 0, NULL, S_one_svg, &drawn, &why), 1);
	assert_null(why);
	assert_int_equal(drawn, 1);
	size_t len = 0;
	char *svg = tb_svg_position(tb_record_game(rec), NULL, NULL, NULL, &len, &why);
	assert_non_null(svg);
	assert_int_equal(strlen(svg), len);
	free(svg);
	/* no function, plies promised but not given, no record, no game */
	assert_int_equal(tb_svg_record(rec, NULL, 0, NULL, NULL, NULL, &why), TB_EINVAL);
	assert_non_null(why);
	free(why);
	assert_int_equal(tb_svg_record(rec, NULL, 2, NULL, S_one_svg, &drawn, &why), TB_EINVAL);
	assert_non_null(why);
	free(why);
	assert_int_equal(tb_svg_record(NULL, NULL, 0, NULL, S_one_svg, &drawn, &why), TB_EINVAL);
	assert_non_null(why);
	free(why);
	assert_null(tb_svg_position(NULL, NULL, NULL, NULL, &len, &why));
	assert_non_null(why);
	free(why);
	assert_int_equal(drawn, 1);
	tb_record_free(rec);

	/* A record validated by a reader that did not read it: its turns'
	 * spans lie past the end of that reader's text (an illegal turn at
	 * column 78 of a long line). The diagnostic is made all the same,
	 * and nothing past the short text is read (AddressSanitizer). */
	char src[200];
	snprintf(src, sizeof src, "%s%s", PIT, "1. d1 a7 2. d2 {a comment to make the line long, longer than the text} a7 *\n");
	rec = S_read(src);
	tb_reader *r = tb_reader_new_mem("x", 1, "other.tgn");
	assert_int_equal(tb_reader_validate(r, rec, NULL, NULL), 1);
	assert_true(tb_reader_ndiags(r) >= 1);
	const tb_diag *d = tb_reader_diag(r, 0);
	assert_non_null(strstr(d->message, "a7"));
	assert_string_equal(d->file, "other.tgn");
	tb_reader_free(r);
	tb_record_free(rec);
}

static void S_no_page(void *ctx, long page, const char *svg, size_t len)
{
	(void)ctx, (void)page, (void)svg, (void)len;
}

/* What the writers of diagrams, books and collations return when they
 * cannot do what is asked is the header's status, with the reason in
 * '*why' -- an impossible start among them (issue 29, finding 8: -1,
 * which is TB_EIO, "reading the input failed"). */
static void test_writer_statuses(void **state)
{
	(void)state;
	char *why = NULL;
	size_t drawn = 0;
	/* it reads: its [Position] is well formed, but 15 red pieces cannot be */
	tb_record *rec = S_read(PIT "[Position \"R 1 R:a1,a4,a7 Y: hand=12,12\"]\n\n*\n");
	assert_int_equal(tb_svg_record(rec, NULL, 0, NULL, S_one_svg, &drawn, &why), TB_EINVAL);
	assert_non_null(strstr(why, "cannot occur"));
	free(why);
	assert_int_equal(drawn, 0);
	tb_book *b = tb_book_new(NULL);
	assert_int_equal(tb_book_add(b, rec, NULL, 0, &why), TB_EINVAL);
	assert_non_null(strstr(why, "cannot occur"));
	free(why);
	tb_record_free(rec);
	/* a ply past the end, and no record */
	rec = S_read(PIT "1. d1 a7 *\n");
	long past = 3;
	assert_int_equal(tb_book_add(b, rec, &past, 1, &why), TB_EINVAL);
	assert_non_null(why);
	free(why);
	assert_int_equal(tb_svg_record(rec, &past, 1, NULL, S_one_svg, &drawn, &why), TB_EINVAL);
	assert_non_null(why);
	free(why);
	assert_int_equal(tb_book_add(b, NULL, NULL, 0, &why), TB_EINVAL);
	assert_non_null(why);
	free(why);
	assert_int_equal(tb_book_pages(b, S_no_page, NULL), 0);
	tb_book_free(b);
	/* nothing to collate, no witness's name */
	size_t len = 1;
	why = NULL;
	assert_null(tb_collate(NULL, NULL, 0, NULL, &len, &why));
	assert_non_null(why);
	free(why);
	assert_int_equal(len, 0);
	tb_reader *r = tb_reader_new_mem("", 0, "none.tgn");
	assert_null(tb_collation_witness(r, rec, NULL, &len));
	assert_null(tb_collation_witness(r, NULL, "A", &len));
	tb_reader_free(r);
	tb_record_free(rec);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_kinds),
		cmocka_unit_test(test_line_nodes),
		cmocka_unit_test(test_line_nodes_samples),
		cmocka_unit_test(test_iter_order),
		cmocka_unit_test(test_iter_edit),
		cmocka_unit_test(test_build),
		cmocka_unit_test(test_misuse),
		cmocka_unit_test(test_build_reads_back),
		cmocka_unit_test(test_positions),
		cmocka_unit_test(test_positions_from_frames),
		cmocka_unit_test(test_misuse_writers),
		cmocka_unit_test(test_writer_statuses),
		cmocka_unit_test(test_source_size),
		cmocka_unit_test(test_writer_put_pieces),
		cmocka_unit_test(test_xml_record_append),
		cmocka_unit_test(test_parts),
		cmocka_unit_test(test_round_trip_rich),
		cmocka_unit_test(test_round_trip_samples),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
