/*
 * test_diff_xml.c -- lib/diff_xml.c: the documents of tablero diff
 * --xml, in the bytes libxml2's xmlTextWriter wrote (indent one space,
 * an empty element as "/>", text with '"' as &quot;, attributes with
 * tab and newline as references), handed out in pieces.
 */
#include "tb_test.h"

/* Appends what 'x' holds to 'out' (of 'cap' bytes). */
static void S_take(tb_diff_xml *x, char *out, size_t cap)
{
	size_t len, have = strlen(out);
	const char *s = tb_diff_xml_take(x, &len);
	assert_non_null(s);
	assert_true(have + len < cap);
	memcpy(out + have, s, len);
	out[have + len] = '\0';
}

static void test_document(void **state)
{
	(void)state;
	char doc[2048] = "";
	tb_diff_xml *x = tb_diff_xml_new();
	assert_non_null(x);
	tb_diff_xml_attr(x, "a", "one<&\"two\".tgn");
	S_take(x, doc, sizeof doc); /* a piece ends inside a start tag */
	tb_diff_xml_attr(x, "b", "b.tgn");
	tb_diff_xml_start(x, "pair");
	tb_diff_xml_uint(x, "a-game", 18446744073709551615ULL);
	tb_diff_xml_start(x, "tag");
	tb_diff_xml_attr(x, "name", "Site");
	tb_diff_xml_attr(x, "a", "tab\there\nnewline");
	tb_diff_xml_end(x);
	S_take(x, doc, sizeof doc);
	tb_diff_xml_start(x, "notes");
	tb_diff_xml_text_element(x, "a", "say \"so\" & <more>");
	tb_diff_xml_text_element(x, "b", "");
	tb_diff_xml_end(x);
	tb_diff_xml_end(x);
	tb_diff_xml_start(x, "pair");
	tb_diff_xml_finish(x); /* ends <pair/> and <tgndiff> */
	S_take(x, doc, sizeof doc);
	S_take(x, doc, sizeof doc); /* nothing more */
	assert_string_equal(doc,
	                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	                    "<tgndiff xmlns=\"urn:tablero:diff\" version=\"1.0\" "
	                    "a=\"one&lt;&amp;&quot;two&quot;.tgn\" b=\"b.tgn\">\n"
	                    " <pair a-game=\"18446744073709551615\">\n"
	                    "  <tag name=\"Site\" a=\"tab&#9;here&#10;newline\"/>\n"
	                    "  <notes>\n"
	                    "   <a>say &quot;so&quot; &amp; &lt;more&gt;</a>\n"
	                    "   <b></b>\n"
	                    "  </notes>\n"
	                    " </pair>\n"
	                    " <pair/>\n"
	                    "</tgndiff>\n");
	tb_diff_xml_free(x);
	tb_diff_xml_free(NULL);
}

static void test_empty(void **state)
{
	(void)state;
	tb_diff_xml *x = tb_diff_xml_new();
	assert_non_null(x);
	tb_diff_xml_finish(x);
	size_t len;
	const char *s = tb_diff_xml_take(x, &len);
	assert_non_null(s);
	assert_string_equal(s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	                       "<tgndiff xmlns=\"urn:tablero:diff\" version=\"1.0\"/>\n");
	assert_int_equal(len, strlen(s));
	tb_diff_xml_free(x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_document),
		cmocka_unit_test(test_empty),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
