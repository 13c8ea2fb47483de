/*
 * test_apparatus.c -- lib/apparatus.c: a collation's critical apparatus
 * as the typed pieces the book and the web page set (spec/book.md §8).
 *
 * What is checked, on a collation written as tablero collate writes one:
 *   1. which turns have a note (a reading, witnesses' NAGs, the
 *      collator's note) and which comments go to it;
 *   2. a note's pieces in Spanish: the lemma with its number, "]", the
 *      lemma's sigla alone, then each reading and its sigla, "om.", a
 *      comment inside an alternative attributed to its witnesses;
 *   3. the same note in Arabic: "في B: reading", "سقط من B", "؛";
 *   4. the tags that differ, and the witnesses, the base first;
 *   5. a comment in the text attributed: its sigla, then its own text;
 *      a record that is not a collation has no apparatus.
 */
#include "tb_test.h"

#include "apparatus.h"

static const char S_col[] =
	"[Game \"pitarra\"]\n"
	"[Site \"Los Navajos\"] {cuaderno: [Site \"Navajos\"]}\n"
	"[Recorder \"R. G.\"] {cuaderno: no [Recorder]}\n"
	"[Collation \"cinta, cuaderno\"]\n\n"
	"1. d1 <a1 {cinta} | a7 {cuaderno} {así lo oí}> 2. g1 {cinta: buena} "
	"<omitted {cinta} | g7 {cuaderno}> 3. d2 {cuaderno: NAG $1} *\n";

/* The pieces said, as text: each "kind:text", a space before it
 * unless glued. */
static void S_piece(void *ctx, const tb_app_piece *p)
{
	static const char kinds[] = "WLPTSVC";
	tt_str *out = ctx;
	tt_printf(out, "%s%c:%s", p->glue ? "" : " ", kinds[p->kind], p->text);
}

static tb_record *S_read(tb_reader **r, const char *text)
{
	*r = tb_reader_new_mem(text, strlen(text), "col.tgn");
	assert_non_null(*r);
	tb_record *rec = NULL;
	assert_int_equal(tb_reader_next(*r, &rec), 1);
	return rec;
}

static const tb_node *S_node(const tb_record *rec, int i)
{
	const tb_node *n = rec->main.first;
	while (i-- > 0)
		n = n->next;
	return n;
}

/* Note of node 'i' of the main line, in language 'lang'. */
static char *S_note(const tb_record *rec, const char *lang, int i)
{
	tt_str out = {0};
	tb_app a;
	assert_int_equal(tb_app_init(&a, rec, tb_lang_find(lang), S_piece, &out), 1);
	tb_app_note(&a, S_node(rec, i));
	assert_false(a.nomem);
	return tt_take(&out);
}

static void test_noted(void **state)
{
	(void)state;
	tb_reader *r;
	tb_record *rec = S_read(&r, S_col);
	tt_str out = {0};
	tb_app a;
	assert_int_equal(tb_app_init(&a, rec, tb_lang_find("es"), S_piece, &out), 1);
	int want[] = {0, 1, 0, 1, 1}; /* d1, <a1|a7>, g1, <omitted|g7>, d2 */
	for (int i = 0; i < 5; i++)
		assert_int_equal(tb_app_noted(&a, S_node(rec, i)), want[i]);
	const tb_node *g1 = S_node(rec, 2), *d2 = S_node(rec, 4), *rd = S_node(rec, 1);
	assert_false(tb_app_in_note(&a, g1, g1->comments));       /* cinta: buena, in the text */
	assert_true(tb_app_in_note(&a, d2, d2->comments));        /* NAG $1, in the note */
	assert_true(tb_app_in_note(&a, rd, rd->alts[1].comments->next)); /* así lo oí */
	free(tt_take(&out));
	tb_record_free(rec);
	tb_reader_free(r);
}

/* The pieces of notes 1, 3 and 4, then the tags that differ (each
 * followed by " |"), the witnesses and an attributed comment. */
static char *S_all(const tb_record *rec, const char *lang)
{
	tt_str out = {0};
	for (int i = 1; i < 5; i += i == 1 ? 2 : 1) {
		char *s = S_note(rec, lang, i);
		tt_printf(&out, "%s |", s);
		free(s);
	}
	tb_app a;
	assert_int_equal(tb_app_init(&a, rec, tb_lang_find(lang), S_piece, &out), 1);
	for (size_t t = 0; t < rec->ntags; t++)
		if (tb_app_tag_noted(&a, &rec->tags[t])) {
			tb_app_tag_note(&a, &rec->tags[t]);
			tt_puts(&out, " |");
		}
	tb_app_witnesses(&a);
	tt_puts(&out, " |");
	const char *rest = NULL;
	assert_int_equal(tb_app_attribution(&a, S_node(rec, 2)->comments, &rest), 1);
	tt_printf(&out, " rest=%s", rest);
	assert_false(a.nomem);
	return tt_take(&out);
}

/* Spanish: the reading, then its sigla; "om."; the lemma's sigla alone. */
static void test_spanish(void **state)
{
	(void)state;
	tb_reader *r;
	tb_record *rec = S_read(&r, S_col);
	char *s = S_all(rec, "es");
	assert_string_equal(s,
		" T:1... a1P:] S:cintaP:; T:a7 S:cuaderno P:(S:cuadernoP:: C:así lo oíP:) |"
		" W:nada aquíP:] S:cintaP:; T:g7 S:cuaderno |"
		" T:2... d2P:] S:cintaP:; T:d2! S:cuaderno |"
		"L:LugarP:: V:Los NavajosP:] S:cintaP:; V:Navajos S:cuaderno |"
		"L:RegistróP:: V:R. G.P:] S:cintaP:; W:om. S:cuaderno |"
		"L:TestimoniosP:: S:cinta P:(W:texto baseP:)P:, S:cuadernoP:. |"
		"S:cintaP:: rest=buena");
	free(s);
	tb_record_free(rec);
	tb_reader_free(r);
}

/* Arabic: where the reading is found, then the reading ("في B: c3"),
 * "سقط من B", the Arabic semicolon and comma, the base الأصل. */
static void test_arabic(void **state)
{
	(void)state;
	tb_reader *r;
	tb_record *rec = S_read(&r, S_col);
	char *s = S_all(rec, "ar");
	assert_string_equal(s,
		" T:1... a1P:] S:cintaP:؛ W:في S:cuadernoP:: T:a7 P:(S:cuadernoP:: C:así lo oíP:) |"
		" W:لا شيء هناP:] S:cintaP:؛ W:في S:cuadernoP:: T:g7 |"
		" T:2... d2P:] S:cintaP:؛ W:في S:cuadernoP:: T:d2! |"
		"L:المكانP:: V:Los NavajosP:] S:cintaP:؛ W:في S:cuadernoP:: V:Navajos |"
		"L:سجّلهاP:: V:R. G.P:] S:cintaP:؛ W:سقط W:من S:cuaderno |"
		"L:النسخP:: S:cinta P:(W:الأصلP:)P:، S:cuadernoP:. |"
		"S:cintaP:: rest=buena");
	free(s);
	tb_record_free(rec);
	tb_reader_free(r);
}

/* A record that is not a collation has no apparatus. */
static void test_not_a_collation(void **state)
{
	(void)state;
	tb_reader *r;
	tb_record *rec = S_read(&r, "[Game \"pitarra\"]\n\n1. d1 {cinta: buena} a1 *\n");
	tb_app a;
	assert_int_equal(tb_app_init(&a, rec, tb_lang_find("es"), S_piece, NULL), 0);
	tb_record_free(rec);
	tb_reader_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_noted),
		cmocka_unit_test(test_spanish),
		cmocka_unit_test(test_arabic),
		cmocka_unit_test(test_not_a_collation),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
