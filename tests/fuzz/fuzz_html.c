/*
 * fuzz_html.c -- web pages of any records (tb_html_add, tb_html_page):
 * no crash, leak or undefined behaviour, and whatever the records hold,
 * nothing of them is markup: the page has at most one </script> per
 * record replayed and one for the page's script, no '<' inside a
 * record's data, and no <img, <iframe or on...= outside what the page
 * itself writes. The page is made twice: in the records' languages (or
 * the one the input's hash picks), in colour or grayscale as it picks,
 * and as the --list text, in Arabic.
 */
#include "fuzz.h"

static size_t S_count(const char *s, const char *what)
{
	size_t n = 0;
	for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
		n++;
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const langs[] = {NULL, "en", "es", NULL};
	uint32_t hash = fz_hash(data, size);
	tb_reader *r = tb_reader_new_mem((const char *)data, size, "fuzz.tgn");
	tb_html_opts po = {0}, lo = {0};
	po.grayscale = hash & 1;
	po.lang = langs[(hash >> 1) % 4] ? tb_lang_find(langs[(hash >> 1) % 4]) : NULL;
	lo.list = 1;
	lo.lang = tb_lang_find("ar");
	tb_html *h = tb_html_new(&po), *l = tb_html_new(&lo);
	tb_record *rec;
	size_t replayed = 0;
	for (int n = 0; n < 4 && tb_reader_next(r, &rec) == 1; n++) {
		char *why = NULL;
		tb_html_add(h, rec, "<problems & \"quotes\">", &why);
		free(why);
		why = NULL;
		tb_html_add(l, rec, NULL, &why);
		free(why);
		replayed += !tb_record_errors(rec) && tb_record_game(rec);
		tb_record_free(rec);
	}
	size_t len;
	char *page = tb_html_page(h, &len);
	FZ_CHECK(strlen(page) == len, "the page holds a NUL");
	size_t scripts = S_count(page, "</script>");
	FZ_CHECK(scripts <= replayed + 1, "%zu </script> for %zu records:\n%s", scripts, replayed,
	         page);
	FZ_CHECK(!strstr(page, "<img") && !strstr(page, "<iframe") && !strstr(page, "<object"),
	         "markup from the record in the page:\n%s", page);
	static const char data_tag[] = "<script class=\"tb-data\" type=\"application/json\">";
	for (const char *d = strstr(page, data_tag); d; d = strstr(d + 1, data_tag)) {
		const char *start = strchr(d, '>'), *end = strstr(d, "</script>");
		FZ_CHECK(start && end && start < end, "a record's data is not closed");
		FZ_CHECK(!memchr(start + 1, '<', (size_t)(end - start - 1)),
		         "a '<' in a record's data:\n%.*s", (int)(end - start), start);
	}
	free(page);
	char *text = tb_html_page(l, &len);
	FZ_CHECK(strlen(text) == len, "the list holds a NUL");
	free(text);
	tb_html_free(h);
	tb_html_free(l);
	tb_reader_free(r);
	return 0;
}
