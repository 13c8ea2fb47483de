/*
 * test_tei.c -- lib/tei_write.c and lib/tei_read.c (spec/tei.md): a
 * record to TEI and back to its canonical form, one and several
 * records in a document, text escaped, and the contracts -- NULLs,
 * records refused, documents refused with where and why.
 */
#include "oom.h"

static const char S_record[] =
	"{@es Antes de las etiquetas: <b> & ]]>}\n"
	"[Game \"pitarra\"]\n"
	"[Site \"Los Navajos\"] {@es <note>sitio</note>}\n"
	"[Red \"A & B\"]\n"
	"[Language \"es\"]\n"
	"\n"
	"1. d1 {a < b} a1 2. g1! (2. g4 $14) ? 3. <reconstructed d2> <c3 | c4 {\"x\"}>\n"
	"<gap 2-4> 1-0 {fin}\n";

/* The TEI element of the first record of 'src' (the caller frees). */
static char *S_tei(const char *src, size_t *len)
{
	tb_reader *r;
	tb_record *rec = tt_parse(src, &r);
	int st = -1;
	char *t = tb_tei_record_text(r, rec, 0, len, &st);
	assert_int_equal(st, 0);
	assert_non_null(t);
	tb_record_free(rec);
	tb_reader_free(r);
	return t;
}

/* 'doc' read back and formatted (the caller frees). */
static char *S_back(const char *doc, size_t len)
{
	tb_tei_error err;
	int st = -1;
	size_t n;
	char *tgn = tb_tei_to_tgn(doc, len, &n, NULL, &err, &st);
	if (!tgn)
		print_message("%u:%u: %s\n", err.line, err.col, err.message);
	assert_int_equal(st, 0);
	assert_non_null(tgn);
	char *out = tt_fmt_n(tgn, n);
	free(tgn);
	return out;
}

static void test_round_trip(void **state)
{
	(void)state;
	size_t len, dlen;
	char *t = S_tei(S_record, &len);
	assert_int_equal(len, strlen(t));
	/* escaped: no text of the record makes markup */
	assert_null(strstr(t, "<b>"));
	assert_null(strstr(t, "]]>"));
	assert_non_null(strstr(t, "&lt;note&gt;sitio&lt;/note&gt;"));
	assert_non_null(strstr(t, "<supplied reason=\"reconstructed\">d2</supplied>"));
	assert_non_null(strstr(t, "<gap reason=\"lost\" unit=\"turn\" atLeast=\"2\" atMost=\"4\"/>"));
	char *doc = tb_tei_document(&t, &len, 1, NULL, &dlen);
	assert_non_null(doc);
	assert_non_null(strstr(doc, "<TEI xmlns=\"http://www.tei-c.org/ns/1.0\" xml:lang=\"es\">"));
	assert_null(strstr(doc, "teiCorpus"));
	char *want = tt_fmt(S_record);
	tt_assert_str(S_back(doc, dlen), want);
	free(want);
	free(doc);
	free(t);
}

static void test_corpus(void **state)
{
	(void)state;
	char *t[2];
	size_t len[2], dlen;
	t[0] = S_tei(S_record, &len[0]);
	t[1] = S_tei("[Game \"asalto\"]\n\n1. d3-d4 *\n", &len[1]);
	char *doc = tb_tei_document(t, len, 2, "Two", &dlen);
	assert_non_null(doc);
	assert_non_null(strstr(doc, "<teiCorpus xmlns=\"http://www.tei-c.org/ns/1.0\">"));
	assert_non_null(strstr(doc, "<title>Two</title>"));
	tt_str both = {0};
	char *a = tt_fmt(S_record), *b = tt_fmt("[Game \"asalto\"]\n\n1. d3-d4 *\n");
	tt_puts(&both, a);
	tt_puts(&both, "\n");
	tt_puts(&both, b);
	free(a);
	free(b);
	char *back = S_back(doc, dlen);
	tt_assert_str(back, both.d);
	free(both.d);
	free(doc);
	free(t[0]);
	free(t[1]);
	assert_null(tb_tei_document(t, len, 0, NULL, &dlen));
}

/* refused: the status, and where */
static void S_refused(const char *doc, unsigned line, const char *says)
{
	tb_tei_error err;
	int st = 0;
	size_t n = 7;
	assert_null(tb_tei_to_tgn(doc, strlen(doc), &n, NULL, &err, &st));
	assert_int_equal(st, TB_ESYNTAX);
	if (!strstr(err.message, says))
		fail_msg("'%s' does not say '%s'", err.message, says);
	assert_int_equal(err.line, line);
	assert_true(err.col >= 1);
}

static void test_refused(void **state)
{
	(void)state;
	S_refused("<TEI xmlns=\"http://www.tei-c.org/ns/1.0\">\n<text>\n</TEI>", 3,
	          "not well-formed");
	S_refused("<?xml version=\"1.0\"?>\n<!DOCTYPE TEI [<!ENTITY x \"y\">]>\n"
	          "<TEI xmlns=\"http://www.tei-c.org/ns/1.0\">&x;</TEI>",
	          2, "DOCTYPE");
	S_refused("<tgn xmlns=\"urn:tablero:tgn\"/>", 1, "not TEI");
	S_refused("<TEI xmlns=\"http://www.tei-c.org/ns/1.0\"/>", 1, "without its record");
	S_refused("<TEI xmlns=\"http://www.tei-c.org/ns/1.0\"><text><body>\n"
	          "<div type=\"record\"><ab type=\"movetext\">\n<b/></ab>"
	          "<ab type=\"result\">*</ab></div></body></text></TEI>",
	          3, "unexpected <b>");
}

static void test_contracts(void **state)
{
	(void)state;
	size_t len = 5;
	int st = 0;
	tb_tei_error err;
	assert_null(tb_tei_record_text(NULL, NULL, 0, &len, &st));
	assert_int_equal(st, TB_EINVAL);
	assert_int_equal(len, 0);
	assert_null(tb_tei_to_tgn(NULL, 0, &len, NULL, &err, &st));
	assert_int_equal(st, TB_EINVAL);
	/* a record with errors is refused, nothing made */
	tb_reader *r;
	tb_record *rec = tt_parse("[Game \"pitarra\"]\n1. zz9 *\n", &r);
	assert_true(tb_record_errors(rec) > 0);
	assert_null(tb_tei_record_text(r, rec, 0, &len, &st));
	assert_int_equal(st, TB_EINVAL);
	tb_record_free(rec);
	tb_reader_free(r);
}

/* The records of 'src' to TEI (a document each, 'flags' as given) and
 * back, the TGN they give one after the other; NULL when the library
 * said memory ran out (and only then). */
static int S_flags;
static char *S_there_and_back(const char *src, size_t len)
{
	tb_reader *r = tb_reader_new_mem(src, len, "t.tgn");
	if (!r)
		return NULL;
	tt_str out = {0};
	tb_record *rec;
	int got, failed = 0;
	while (!failed && (got = tb_reader_next(r, &rec)) == 1) {
		size_t n, dlen, tlen;
		int st = 0;
		char *t = tb_tei_record_text(r, rec, S_flags, &n, &st);
		tb_record_free(rec);
		char *doc = t ? tb_tei_document(&t, &n, 1, NULL, &dlen) : NULL;
		if (t && !doc)
			st = TB_ENOMEM; /* what tb_tei_document's NULL says */
		free(t);
		tb_tei_error err;
		unsigned *lines = NULL;
		char *tgn = doc ? tb_tei_to_tgn(doc, dlen, &tlen, &lines, &err, &st) : NULL;
		free(doc);
		if (!tgn) {
			assert_int_equal(st, TB_ENOMEM);
			failed = 1;
			break;
		}
		tt_put(&out, tgn, tlen);
		free(tgn);
		free(lines);
	}
	failed |= got < 0;
	tb_reader_free(r);
	if (failed) {
		free(out.d);
		return NULL;
	}
	return tt_take(&out);
}

/* Each allocation of the library failing in turn (once, then for good):
 * TB_ENOMEM, or the same TEI read back the same; never a crash or leak. */
static void test_out_of_memory(void **state)
{
	(void)state;
	tb_set_alloc_hook(oom_hook, NULL);
	S_flags = 0;
	assert_true(oom_each_failure(S_there_and_back, S_record, strlen(S_record), "TEI") > 10);
	S_flags = TB_TEI_POSITIONS;
	assert_true(oom_each_failure(S_there_and_back, S_record, strlen(S_record),
	                             "TEI --positions") > 20);
	/* samples with times (a timeline) and with regions (a facsimile) */
	static const char *const paths[] = {"samples/pitarra-fragmento-cinta.tgn",
	                                    "samples/asalto-cuaderno-ceuta-1979.tgn"};
	S_flags = 0;
	for (size_t i = 0; i < 2; i++) {
		char *sample = oom_slurp(paths[i]);
		unsigned long n = oom_each_failure(S_there_and_back, sample, strlen(sample), paths[i]);
		print_message("TEI: %lu allocations for %s there and back\n", n, paths[i]);
		free(sample);
	}
	tb_set_alloc_hook(NULL, NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_corpus),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_contracts),
		cmocka_unit_test(test_out_of_memory),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
