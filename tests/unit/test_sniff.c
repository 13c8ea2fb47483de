/*
 * test_sniff.c -- lib/sniff.c: files that are not UTF-8 text told by
 * their first bytes, and a reader refusing them (TB_ENOTTEXT, one
 * TB112) the same way from a file and from memory.
 */
#include "tb_test.h"

#include "sniff.h"

static tb_sniff_kind S_kind(const char *p, size_t n, int *bom)
{
	return tb_sniff((const unsigned char *)p, n, bom);
}

static void test_kinds(void **state)
{
	(void)state;
	int bom;
	static const struct {
		const char *bytes;
		size_t n;
		tb_sniff_kind kind;
		int bom;
	} cases[] = {
		{"[Game \"pitarra\"]\n", 17, TB_SNIFF_TEXT, 0},
		{"\xEF\xBB\xBF[Game", 8, TB_SNIFF_TEXT, 0},
		{"\xFF\xFE[\0G\0", 6, TB_SNIFF_UTF16LE, 1},
		{"\xFE\xFF\0[\0G", 6, TB_SNIFF_UTF16BE, 1},
		{"\xFF\xFE\0\0[\0\0\0", 8, TB_SNIFF_UTF32LE, 1},
		{"\0\0\xFE\xFF\0\0\0[", 8, TB_SNIFF_UTF32BE, 1},
		{"[\0G\0a\0m\0", 8, TB_SNIFF_UTF16LE, 0},
		{"\0[\0G\0a\0m", 8, TB_SNIFF_UTF16BE, 0},
		{"[\0\0\0G\0\0\0", 8, TB_SNIFF_UTF32LE, 0},
		{"\0\0\0[\0\0\0G", 8, TB_SNIFF_UTF32BE, 0},
		{"\x1F\x8B\x08\0", 4, TB_SNIFF_GZIP, 0},
		{"BZh91AY&SY\x01", 11, TB_SNIFF_BZIP2, 0},
		{"BZh9 is a word", 14, TB_SNIFF_TEXT, 0},
		{"\xFD" "7zXZ\0\0", 7, TB_SNIFF_XZ, 0},
		{"\x28\xB5\x2F\xFD", 4, TB_SNIFF_ZSTD, 0},
		{"PK\x03\x04", 4, TB_SNIFF_ZIP, 0},
		{"\x7F" "ELF\x02", 5, TB_SNIFF_ELF, 0},
		{"%PDF-1.7", 8, TB_SNIFF_PDF, 0},
		{"\x89PNG\r\n\x1A\n", 8, TB_SNIFF_PNG, 0},
		{"\xFF\xD8\xFF\xE0", 4, TB_SNIFF_JPEG, 0},
		/* a few control bytes are a text's errors; eight and 1 in 25 not */
		{"[Game \"pitarra\"] {\x01\x02\x03\x04\x05\x06\x07}", 26, TB_SNIFF_TEXT, 0},
		{"[Game \"pitarra\"] {\x01\x02\x03\x04\x05\x06\x07\x08}", 27, TB_SNIFF_BINARY, 0},
		{"\0\0\0", 3, TB_SNIFF_TEXT, 0},
		{"\0\0\0\0\0\0\0\0\0", 9, TB_SNIFF_BINARY, 0},
		/* text padded with NUL bytes is text */
		{"[Game \"pitarra\"]\n\0\0\0\0\0\0\0\0\0\0\0\0", 29, TB_SNIFF_TEXT, 0},
		/* tabs, line ends, form feed and escape are no binary's */
		{"\t\t\t\t\r\n\r\n\f\f\x1B[1m\x1B[0m\t\t\t\t", 22, TB_SNIFF_TEXT, 0},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		tb_sniff_kind k = S_kind(cases[i].bytes, cases[i].n, &bom);
		if (k != cases[i].kind || bom != cases[i].bom)
			fail_msg("case %zu: kind %d bom %d, want %d %d", i, (int)k, bom,
			         (int)cases[i].kind, cases[i].bom);
	}
}

/* Random bytes are binary whatever their seed: one in nine a control. */
static void test_random_bytes(void **state)
{
	(void)state;
	srand(29);
	unsigned char p[TB_SNIFF_BYTES];
	for (int k = 0; k < 200; k++) {
		for (size_t i = 0; i < sizeof p; i++)
			p[i] = (unsigned char)rand();
		int bom;
		tb_sniff_kind got = tb_sniff(p, sizeof p, &bom);
		assert_true(got != TB_SNIFF_TEXT);
	}
}

static void test_latin1(void **state)
{
	(void)state;
	/* Windows-1252: a lead byte before ASCII, a byte no sequence starts with */
	assert_true(tb_sniff_latin1((const unsigned char *)"\xE9t", 2));
	assert_true(tb_sniff_latin1((const unsigned char *)"\x93x", 2));
	assert_true(tb_sniff_latin1((const unsigned char *)"\xFF", 1));
	assert_true(tb_sniff_latin1((const unsigned char *)"\xE9", 1));
	/* UTF-8 gone wrong: overlong, surrogate, past U+10FFFF, cut short */
	assert_false(tb_sniff_latin1((const unsigned char *)"\xC0\xAF", 2));
	assert_false(tb_sniff_latin1((const unsigned char *)"\xED\xA0\x80", 3));
	assert_false(tb_sniff_latin1((const unsigned char *)"\xF5\x80\x80\x80", 4));
	assert_false(tb_sniff_latin1((const unsigned char *)"\xE2\x82", 2));
	tb_buf msg = TB_BUF_INIT, note = TB_BUF_INIT;
	tb_sniff_say_latin1(0x80, "-x y.tgn", &msg, &note);
	assert_non_null(strstr(msg.data, "where it is '\xE2\x82\xAC'"));
	assert_string_equal(note.data, "convert it with: iconv -f WINDOWS-1252 -t UTF-8 '-x y.tgn' "
	                               "> '-x y.utf8.tgn'");
	tb_buf_free(&msg);
	tb_buf_free(&note);
}

/* The reader: one TB112 and TB_ENOTTEXT, at every call, from memory and
 * from a file alike; a part of a file (an origin set) is not looked at. */
static void test_reader(void **state)
{
	(void)state;
	static const char gz[] = "\x1F\x8B\x08\0\0\0\0\0\0\x03[Game \"pitarra\"]\n*\n";
	size_t n = sizeof gz - 1;
	FILE *f = tmpfile();
	assert_non_null(f);
	fwrite(gz, 1, n, f);
	rewind(f);
	tb_reader *rs[2] = {tb_reader_new_mem(gz, n, "g.tgn.gz"), tb_reader_new_file(f, "g.tgn.gz")};
	for (int k = 0; k < 2; k++) {
		tb_record *rec = (tb_record *)1;
		assert_int_equal(tb_reader_next(rs[k], &rec), TB_ENOTTEXT);
		assert_null(rec);
		assert_int_equal(tb_reader_ndiags(rs[k]), 1);
		const tb_diag *d = tb_reader_diag(rs[k], 0);
		assert_int_equal(d->code, 112);
		assert_int_equal(d->line, 1);
		assert_int_equal(d->col, 1);
		assert_string_equal(d->source, "");
		assert_string_equal(d->note, "decompress it with: gunzip -c g.tgn.gz > g.tgn");
		assert_int_equal(tb_reader_next(rs[k], &rec), TB_ENOTTEXT);
		assert_int_equal(tb_reader_ndiags(rs[k]), 0);
		assert_int_equal(tb_reader_ended_clean(rs[k]), 0);
		tb_reader_free(rs[k]);
	}
	fclose(f);
	/* as a part of a file: read as text, its bad bytes each reported */
	tb_reader *r = tb_reader_new_mem(gz, n, "g.tgn.gz");
	tb_reader_set_origin(r, 3, 100);
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	assert_true(tb_reader_ndiags(r) > 1);
	tb_record_free(rec);
	tb_reader_free(r);
}

/* A Latin-1 record: one TB101 with the command, the rest in a note. */
static void test_latin1_record(void **state)
{
	(void)state;
	const char *src = "[Game \"pitarra\"]\n[Site \"Le\xF3n\"]\n{\xE9\xE8 \xE0}\n1. d1 a1 *\n";
	tb_reader *r = tb_reader_new_mem(src, strlen(src), "l.tgn");
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	assert_int_equal(tb_record_errors(rec), 1);
	assert_int_equal(tb_reader_ndiags(r), 1);
	const tb_diag *d = tb_reader_diag(r, 0);
	assert_int_equal(d->code, 101);
	assert_string_equal(d->note, "convert it with: iconv -f WINDOWS-1252 -t UTF-8 l.tgn > "
	                             "l.utf8.tgn\n3 more bytes of this record are not UTF-8 either "
	                             "(the last on line 3)");
	tb_record_free(rec);
	tb_reader_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kinds),
		cmocka_unit_test(test_random_bytes),
		cmocka_unit_test(test_latin1),
		cmocka_unit_test(test_reader),
		cmocka_unit_test(test_latin1_record),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
