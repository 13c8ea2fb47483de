/*
 * test_lang.c -- lib/lang*.c: the tables of words diagrams and books
 * print. Every table has every key of the English one and no other,
 * with the same placeholders; a fourth language is one more table that
 * this test checks like the others.
 */
#include "tb_test.h"

#include "game.h"
#include "lang.h"

/* The placeholders "{1}".."{9}" of 's', as a bit set. */
static unsigned S_slots(const char *s)
{
	unsigned bits = 0;
	for (; *s; s++)
		if (s[0] == '{' && s[1] >= '1' && s[1] <= '9' && s[2] == '}')
			bits |= 1u << (s[1] - '0');
	return bits;
}

/* The length of 'key' without a plural form's suffix (".one", ".few"...:
 * tb_lang_text_n), and in '*form' that form, or NULL. A language has
 * the forms of a key its grammar needs (Arabic six, English two). */
static size_t S_base(const char *key, const char **form)
{
	static const char *const forms[] = {"zero", "one", "two", "few", "many", "other"};
	const char *dot = strrchr(key, '.');
	*form = NULL;
	for (size_t i = 0; dot && i < sizeof forms / sizeof forms[0]; i++)
		if (strcmp(dot + 1, forms[i]) == 0) {
			*form = forms[i];
			return (size_t)(dot - key);
		}
	return strlen(key);
}

/* The entry of 'e' whose key is 'base' ('n' bytes) or one of its plural
 * forms: the key itself or its ".other" first, which every language
 * must have; else any form (then 'whole' is 0). */
static const tb_lang_entry *S_find(const tb_lang_entry *e, const char *base, size_t n, int *whole)
{
	const tb_lang_entry *any = NULL;
	for (; e->key; e++) {
		const char *form;
		if (S_base(e->key, &form) != n || strncmp(e->key, base, n) != 0)
			continue;
		if (!form || strcmp(form, "other") == 0) {
			*whole = 1;
			return e;
		}
		any = e;
	}
	*whole = 0;
	return any;
}

/* Table 'l' against English 'en' ('what' names them): the same keys
 * (a key's plural forms counting as the key), each with English's
 * placeholders -- a form for one number may leave the number out
 * ("una ficha") -- and none twice; every key of English there, as the
 * key itself or its ".other" form. */
static void S_same_keys(const tb_lang_entry *l, const tb_lang_entry *en, const char *what)
{
	for (const tb_lang_entry *e = l; e->key; e++) {
		const char *form;
		size_t n = S_base(e->key, &form);
		int whole;
		const tb_lang_entry *f = S_find(en, e->key, n, &whole);
		if (!f)
			fail_msg("%s: key '%s' is not in the English table", what, e->key);
		unsigned want = S_slots(f->text), got = S_slots(e->text);
		if (form && strcmp(form, "other") != 0 ? (got & ~want) != 0 : got != want)
			fail_msg("%s: '%s' has other placeholders than in English", what, e->key);
		for (const tb_lang_entry *g = e + 1; g->key; g++)
			if (strcmp(g->key, e->key) == 0)
				fail_msg("%s: key '%s' twice", what, e->key);
	}
	for (const tb_lang_entry *f = en; f->key; f++) {
		const char *form;
		size_t n = S_base(f->key, &form);
		int whole;
		if (!S_find(l, f->key, n, &whole) || !whole)
			fail_msg("%s: no text for key '%.*s' (or its .other)", what, (int)n, f->key);
	}
}

static void test_tables_complete(void **state)
{
	(void)state;
	size_t nlangs = 0;
	for (size_t i = 0; tb_lang_at(i); i++, nlangs++) {
		const tb_lang *l = tb_lang_at(i);
		size_t n = 0;
		for (const tb_lang_entry *e = l->entries; e->key; e++)
			n++;
		S_same_keys(l->entries, tb_lang_en.entries, l->code);
		assert_true(n > 40);
	}
	assert_int_equal(nlangs, 3);
}

/* Plural forms by the language's rules (CLDR): English two, Arabic six. */
static void test_plural_forms(void **state)
{
	(void)state;
	const tb_lang *en = tb_lang_find("en"), *es = tb_lang_find("es"), *ar = tb_lang_find("ar");
	assert_string_equal(tb_lang_text_n(en, "show.legal", 1), "{1} legal turn:");
	assert_string_equal(tb_lang_text_n(en, "show.legal", 0), "{1} legal turns:");
	assert_string_equal(tb_lang_text_n(es, "show.legal", 2), "{1} jugadas legales:");
	/* a key with no forms: the key itself, whatever the number */
	assert_string_equal(tb_lang_text_n(es, "show.on", 7), "{1} en el tablero");
	/* Arabic: 0, 1, 2 and 3-10 each their own; 11-99 another; 100 "other" */
	assert_non_null(strstr(tb_lang_text_n(ar, "end.pitarra.few.0", 0), "\xd9\x84\xd9\x85")); /* لم */
	assert_null(strstr(tb_lang_text_n(ar, "end.pitarra.few.0", 1), "{1}"));
	assert_null(strstr(tb_lang_text_n(ar, "end.pitarra.few.0", 2), "{1}"));
	assert_string_equal(tb_lang_text_n(ar, "end.pitarra.limit", 5),
	                    tb_lang_text(ar, "end.pitarra.limit.few"));
	assert_string_equal(tb_lang_text_n(ar, "end.pitarra.limit", 105),
	                    tb_lang_text(ar, "end.pitarra.limit.few"));
	assert_string_equal(tb_lang_text_n(ar, "end.pitarra.limit", 11),
	                    tb_lang_text(ar, "end.pitarra.limit.other")); /* "many": none, so "other" */
	assert_null(tb_lang_text_n(es, "no.such.key", 1));
}

static void test_every_game_named(void **state)
{
	(void)state;
	char key[64];
	for (size_t i = 0; tb_lang_at(i); i++)
		for (size_t g = 0; tb_game_at(g); g++) {
			const char *name = tb_game_name(tb_game_at(g));
			static const char *const kinds[] = {"game.%s", "side.%s.0", "side.%s.1", "win.%s.0",
			                                    "win.%s.1"};
			for (int k = 0; k < 5; k++) {
				snprintf(key, sizeof key, kinds[k], name);
				if (!tb_lang_text(tb_lang_at(i), key))
					fail_msg("%s: no '%s'", tb_lang_code(tb_lang_at(i)), key);
			}
		}
}

/* Each game's words (game.h): every language of the house has a table,
 * each with every key of the game's English one, none a key of the
 * house's (a game's word never hides the house's). */
static void test_game_words_complete(void **state)
{
	(void)state;
	for (size_t g = 0; tb_game_at(g); g++) {
		const tb_game *game = tb_game_at(g);
		const tb_lang_entry *en = game->words[0].entries;
		for (size_t i = 0; tb_lang_at(i); i++) {
			const tb_lang *l = tb_lang_at(i);
			const tb_game_words *w = game->words;
			while (w->lang && strcmp(w->lang, tb_lang_code(l)) != 0)
				w++;
			if (!w->lang)
				fail_msg("%s: no words in %s", game->name, tb_lang_code(l));
			char what[64];
			snprintf(what, sizeof what, "%s, %s", game->name, w->lang);
			S_same_keys(w->entries, en, what);
			for (const tb_lang_entry *f = w->entries; f->key; f++)
				for (const tb_lang_entry *h = l->entries; h->key; h++)
					if (strcmp(h->key, f->key) == 0)
						fail_msg("%s: '%s' is the house's key too", game->name, f->key);
		}
	}
}

static void test_lookup(void **state)
{
	(void)state;
	assert_string_equal(tb_lang_code(tb_lang_find("es-MX")), "es");
	assert_string_equal(tb_lang_code(tb_lang_find("AR")), "ar");
	assert_null(tb_lang_find("fr"));
	assert_null(tb_lang_find("esp")); /* a primary subtag, whole */
	assert_null(tb_lang_find(NULL));
	assert_int_equal(tb_lang_rtl(tb_lang_find("ar")), 1);
	assert_int_equal(tb_lang_rtl(tb_lang_find("es")), 0);
	/* accents as the sources write them */
	assert_string_equal(tb_lang_text(tb_lang_find("es"), "side.ocencahuac.0"), "Sangangüey");
	assert_string_equal(tb_lang_text(NULL, "side.ocencahuac.0"), "Sangangüey");
	/* Asalto's sides in the Arabic source's words */
	assert_string_equal(tb_lang_text(tb_lang_find("ar"), "side.asalto.0"), "المهاجمون");
	assert_string_equal(tb_lang_text(tb_lang_find("ar"), "side.asalto.1"), "المحاصران");
	assert_null(tb_lang_text(tb_lang_find("es"), "no.such.key"));
	const char *args[2] = {"23. c3-c4xe5", "x"};
	char *s = tb_lang_format(tb_lang_find("es"), "caption.after", args, 2);
	assert_string_equal(s, "Tras 23. c3-c4xe5");
	free(s);
	s = tb_lang_format(tb_lang_find("ar"), "book.gap.range", args, 1); /* {2} missing: "" */
	assert_non_null(strstr(s, "23. c3-c4xe5"));
	free(s);
	assert_null(tb_lang_format(NULL, "no.such.key", args, 2));
}

static void test_record_language(void **state)
{
	(void)state;
	static const char src[] = "[Game \"pitarra\"]\n[Language \"es-MX\"]\n\n1. d1 *\n"
	                          "[Game \"pitarra\"]\n[Language \"dar\"]\n\n1. d1 *\n";
	tb_reader *r = tb_reader_new_mem(src, sizeof src - 1, "t.tgn");
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	assert_string_equal(tb_lang_code(tb_record_lang(rec)), "es");
	tb_record_free(rec);
	assert_int_equal(tb_reader_next(r, &rec), 1);
	assert_string_equal(tb_lang_code(tb_record_lang(rec)), "en"); /* no table: English */
	tb_record_free(rec);
	tb_reader_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tables_complete),
		cmocka_unit_test(test_plural_forms), cmocka_unit_test(test_every_game_named),
		cmocka_unit_test(test_game_words_complete),
		cmocka_unit_test(test_lookup), cmocka_unit_test(test_record_language),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
