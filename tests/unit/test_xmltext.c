/*
 * test_xmltext.c -- lib/xmltext.c: what text XML can carry
 * (tb_xml_unfit, against XML 1.0's production Char), file names made
 * to fit (tb_xml_fit_name), and the refusal every XML writer shares
 * (tb_reader_xml_refuse: TB504 at the character, wherever it is), and
 * texts too long for an XML reader to take in one piece.
 */
#include "tb_test.h"

/* XML 1.0: Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD]
 * | [#x10000-#x10FFFF] -- the reference, written from the standard. */
static int S_xml_char(unsigned long c)
{
	return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) ||
	       (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

/* 'c' in UTF-8 (surrogates too, as bytes), into 'out'; its length. */
static size_t S_utf8(unsigned long c, char *out)
{
	if (c < 0x80) {
		out[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		out[0] = (char)(0xC0 | c >> 6);
		out[1] = (char)(0x80 | (c & 0x3F));
		return 2;
	}
	if (c < 0x10000) {
		out[0] = (char)(0xE0 | c >> 12);
		out[1] = (char)(0x80 | (c >> 6 & 0x3F));
		out[2] = (char)(0x80 | (c & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | c >> 18);
	out[1] = (char)(0x80 | (c >> 12 & 0x3F));
	out[2] = (char)(0x80 | (c >> 6 & 0x3F));
	out[3] = (char)(0x80 | (c & 0x3F));
	return 4;
}

/* Every code point, between two letters: tb_xml_unfit agrees with the
 * standard's Char, and points at the character when it refuses it. */
static void test_every_code_point(void **state)
{
	(void)state;
	char s[8];
	for (unsigned long c = 1; c <= 0x10FFFF; c++) {
		s[0] = 'a';
		size_t n = S_utf8(c, s + 1);
		s[1 + n] = 'b';
		size_t at = tb_xml_unfit(s, n + 2);
		if (at != (S_xml_char(c) ? n + 2 : 1))
			fail_msg("U+%04lX: tb_xml_unfit says %zu", c, at);
	}
}

static void test_not_utf8(void **state)
{
	(void)state;
	static const struct {
		const char *s;
		size_t at;
	} cases[] = {
		{"ab\xff", 2},          /* never in UTF-8 */
		{"\xc0\xaf", 0},        /* overlong '/' */
		{"\xe0\x80\xaf", 0},    /* overlong, three bytes */
		{"x\xe2\x82", 1},       /* cut short */
		{"\xf4\x90\x80\x80", 0}, /* past U+10FFFF */
		{"\x80", 0},            /* a continuation byte alone */
		{"caf\xc3\xa9", 5},     /* all of it */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_int_equal(tb_xml_unfit(cases[i].s, strlen(cases[i].s)), cases[i].at);
	assert_int_equal(tb_xml_unfit("a\0b", 3), 1); /* NUL is a control */
	assert_int_equal(tb_xml_unfit("", 0), 0);
}

static void test_fit_name(void **state)
{
	(void)state;
	tt_assert_str(tb_xml_fit_name("partida.tgn"), "partida.tgn");
	tt_assert_str(tb_xml_fit_name("caf\xc3\xa9.tgn"), "caf\xc3\xa9.tgn");
	/* each byte it cannot carry: one U+FFFD */
	tt_assert_str(tb_xml_fit_name("a\xff\xfe" "b"), "a\xef\xbf\xbd\xef\xbf\xbd" "b");
	tt_assert_str(tb_xml_fit_name("x\xef\xbf\xbfy"), "x\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbdy");
	tt_assert_str(tb_xml_fit_name("tab\there\x01"), "tab\there\xef\xbf\xbd");
	tt_assert_str(tb_xml_fit_name(""), "");
}

/* What tb_reader_xml_refuse says about the first record of 'src'. */
static char *S_refusal(const char *src, int *refused)
{
	tb_reader *r;
	tb_record *rec = tt_parse(src, &r);
	size_t before = tb_reader_ndiags(r);
	*refused = tb_reader_xml_refuse(r, rec, "the record is left out of the XML");
	tt_str out = {0};
	for (size_t i = before; i < tb_reader_ndiags(r); i++) {
		char *s = tb_diag_format(tb_reader_diag(r, i));
		tt_puts(&out, s);
		free(s);
	}
	tb_record_free(rec);
	tb_reader_free(r);
	return out.d ? tt_take(&out) : calloc(1, 1);
}

static void test_refuse(void **state)
{
	(void)state;
	int refused;
	tt_assert_str(S_refusal("[Game \"pitarra\"]\n1. d1 {bien} *\n", &refused), "");
	assert_int_equal(refused, 0);
	/* a tag's value: at the character, past an escaped quote */
	tt_assert_str(S_refusal("[Game \"pitarra\"]\n[Site \"a\\\"b \xef\xbf\xbf\"]\n1. d1 *\n",
	                        &refused),
	              "t.tgn:2:13: error: U+FFFF is a character XML cannot carry: the record is "
	              "left out of the XML [TB504]\n"
	              "[Site \"a\\\"b \xef\xbf\xbf\"]\n"
	              "            ^\n");
	assert_int_equal(refused, 1);
	/* a comment's later line, after CR LF line ends */
	tt_assert_str(S_refusal("[Game \"pitarra\"]\r\n1. d1 {uno\r\ndos\r\n  tr\xc3\xa9s \xef\xbf\xbe} *\r\n",
	                        &refused),
	              "t.tgn:4:8: error: U+FFFE is a character XML cannot carry: the record is "
	              "left out of the XML [TB504]\n"
	              "  tr\xc3\xa9s \xef\xbf\xbe} *\n"
	              "       ^\n");
	/* the first in the source: a comment before the tags, before a tag */
	tt_assert_str(S_refusal("{\xef\xbf\xbf}\n[Game \"pitarra\"]\n[Site \"\xef\xbf\xbf\"]\n1. d1 *\n",
	                        &refused),
	              "t.tgn:1:2: error: U+FFFF is a character XML cannot carry: the record is "
	              "left out of the XML [TB504]\n"
	              "{\xef\xbf\xbf}\n"
	              " ^\n");
	/* in a variation, and in a reading's alternative */
	tt_assert_str(S_refusal("[Game \"pitarra\"]\n1. d1 (1. a1 {x\xef\xbf\xbf}) *\n", &refused),
	              "t.tgn:2:16: error: U+FFFF is a character XML cannot carry: the record is "
	              "left out of the XML [TB504]\n"
	              "1. d1 (1. a1 {x\xef\xbf\xbf}) *\n"
	              "               ^\n");
	tt_assert_str(S_refusal("[Game \"pitarra\"]\n1. <d1 {\xef\xbf\xbf} | a1> *\n", &refused),
	              "t.tgn:2:9: error: U+FFFF is a character XML cannot carry: the record is "
	              "left out of the XML [TB504]\n"
	              "1. <d1 {\xef\xbf\xbf} | a1> *\n"
	              "        ^\n");
}

/* A text up to 9,000,000 bytes in XML, escaped, is carried; one more is
 * not: libxml2 reads 10,000,000 at most in one text or start tag. */
static void test_too_long(void **state)
{
	(void)state;
	static const struct {
		const char *head, *fill, *tail;
		size_t n, xml_bytes; /* copies of 'fill'; their XML size */
	} cases[] = {
		{"[Game \"pitarra\"]\n1. d1 {", "x", "} *\n", 9000000, 9000000},
		{"[Game \"pitarra\"]\n1. d1 {", "x", "} *\n", 9000001, 9000001},
		{"[Game \"pitarra\"]\n[Site \"", "&", "\"]\n*\n", 1800000, 9000000},
		{"[Game \"pitarra\"]\n[Site \"", "\\\"", "\"]\n*\n", 1500001, 9000006},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		tt_str src = {0};
		tt_puts(&src, cases[i].head);
		for (size_t k = 0; k < cases[i].n; k++)
			tt_puts(&src, cases[i].fill);
		tt_puts(&src, cases[i].tail);
		int refused;
		char *said = S_refusal(src.d, &refused);
		assert_int_equal(refused, cases[i].xml_bytes > 9000000);
		if (refused) {
			char want[160];
			snprintf(want, sizeof want, "error: this text takes %zu bytes in XML, more than the "
			         "9000000 an XML reader takes in one piece", cases[i].xml_bytes);
			assert_non_null(strstr(said, want));
		}
		free(said);
		free(src.d);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_code_point),
		cmocka_unit_test(test_not_utf8),
		cmocka_unit_test(test_fit_name),
		cmocka_unit_test(test_refuse),
		cmocka_unit_test(test_too_long),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
