/*
 * test_parser.c -- lib/parser.c: the record tree (record.h), where
 * comments go, how the reader reports and recovers, and its limits.
 */
#include "tb_test.h"

#include "diag.h"
#include "game.h"
#include "reader.h"
#include "record.h"

#include "tb_corpus.h"

/* The games' descriptors (lib/games/<name>/game.c), by their symbols. */
extern const tb_game tb_game_pitarra;

static const tb_node *S_nth(const tb_line *l, int i)
{
	const tb_node *n = l->first;
	while (n && i--)
		n = n->next;
	assert_non_null(n);
	return n;
}

static size_t S_len(const tb_line *l)
{
	size_t k = 0;
	for (const tb_node *n = l->first; n; n = n->next)
		k++;
	return k;
}

static size_t S_nvars(const tb_node *n)
{
	size_t k = 0;
	for (const tb_line *v = n->variations; v; v = v->next)
		k++;
	return k;
}

/* A move's parts as "AT d1,STEP d2,REMOVE ?" and "=" per crown. */
static const char *S_parts(const tb_move *m)
{
	static const char *const kind[] = {"AT", "STEP", "HOP", "CAPTURE", "REMOVE",
	                                   "PUSH", "RELOCATE", "HUFF"};
	static char s[512];
	tb_buf b = TB_BUF_INIT;
	for (unsigned i = 0; i < m->nparts; i++) {
		tb_buf_printf(&b, "%s%s ", i ? "," : "", kind[m->parts[i].kind]);
		tb_point_write(&b, m->parts[i].pt);
	}
	for (unsigned i = 0; i < m->crown; i++)
		tb_buf_putc(&b, '=');
	snprintf(s, sizeof s, "%s", b.data ? b.data : "");
	tb_buf_free(&b);
	return s;
}

/* The texts of a comment list as "a|b|c". */
static const char *S_comments(const tb_comment *c)
{
	static char s[1024];
	s[0] = '\0';
	for (; c; c = c->next) {
		size_t n = strlen(s);
		snprintf(s + n, sizeof s - n, "%s%s%s%s", n ? "|" : "", c->lang ? "@" : "",
		         c->lang ? c->lang : "", c->lang ? ":" : "");
		n = strlen(s);
		snprintf(s + n, sizeof s - n, "%s", c->text);
	}
	return s;
}

static const tb_tag *S_tag(const tb_record *rec, const char *name)
{
	for (size_t i = 0; i < rec->ntags; i++)
		if (strcmp(rec->tags[i].name, name) == 0)
			return &rec->tags[i];
	fail_msg("no tag %s", name);
	return NULL;
}

#define PIT "[Game \"pitarra\"]\n"

/* ===== Tree shape ===== */

static void test_main_line_shape(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean(PIT "1. d1 a1 2. g1x? a1-a4xg7 3. pass ? *");
	assert_ptr_equal(rec->game, &tb_game_pitarra);
	assert_ptr_equal(tb_record_game(rec), tb_game_find("pitarra"));
	assert_int_equal(S_len(&rec->main), 6);
	assert_int_equal(tb_record_plies(rec), 6);
	static const struct {
		uint8_t kind, side;
		unsigned number;
		const char *parts;
	} want[] = {
		{TB_NODE_MOVE, 0, 1, "AT d1"},
		{TB_NODE_MOVE, 1, 1, "AT a1"},
		{TB_NODE_MOVE, 0, 2, "AT g1,REMOVE ?"},
		{TB_NODE_MOVE, 1, 2, "AT a1,STEP a4,REMOVE g7"},
		{TB_NODE_PASS, 0, 3, ""},
		{TB_NODE_UNKNOWN, 1, 3, ""},
	};
	for (int i = 0; i < 6; i++) {
		const tb_node *n = S_nth(&rec->main, i);
		assert_int_equal(n->kind, want[i].kind);
		assert_int_equal(n->side, want[i].side);
		assert_int_equal(n->number, want[i].number);
		assert_string_equal(S_parts(&n->move), want[i].parts);
		assert_int_equal(n->nnags, 0);
		assert_null(n->comments);
		assert_null(n->variations);
	}
	assert_ptr_equal(rec->main.last, S_nth(&rec->main, 5));
	assert_null(rec->main.last->next);
	const tb_node *first = rec->main.first;
	assert_int_equal(first->span.line, 2);
	assert_int_equal(first->span.col, 4);
	assert_int_equal(first->span.end_col, 6);
	assert_int_equal(rec->result, TB_RESULT_OTHER);
	assert_null(rec->start);
	assert_int_equal(tb_record_line(rec), 1);
	tb_record_free(rec);
}

static void test_each_game_builds_its_parts(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean(
		"[Game \"asalto\"] 1. c3-c4 d6xd4xf4 2. Hd4/e3-e4 Hd4/pass 3. H?/?-c4 *");
	assert_string_equal(S_parts(&S_nth(&rec->main, 0)->move), "AT c3,STEP c4");
	assert_string_equal(S_parts(&S_nth(&rec->main, 1)->move), "AT d6,CAPTURE d4,CAPTURE f4");
	assert_string_equal(S_parts(&S_nth(&rec->main, 2)->move), "HUFF d4,AT e3,STEP e4");
	assert_string_equal(S_parts(&S_nth(&rec->main, 3)->move), "HUFF d4");
	assert_string_equal(S_parts(&S_nth(&rec->main, 4)->move), "HUFF ?,AT ?,STEP c4");
	tb_record_free(rec);
	rec = tt_parse_clean("[Game \"ocencahuac\"] 1. c2-c3 c7-c6 2. b2^b4 c6^c4>c8 "
	                     "3. a2-a3= b7x? 4. c1-c8== c2^c4@b5^b6 *");
	assert_string_equal(S_parts(&S_nth(&rec->main, 2)->move), "AT b2,HOP b4");
	assert_string_equal(S_parts(&S_nth(&rec->main, 3)->move), "AT c6,HOP c4,PUSH c8");
	assert_string_equal(S_parts(&S_nth(&rec->main, 4)->move), "AT a2,STEP a3=");
	assert_string_equal(S_parts(&S_nth(&rec->main, 5)->move), "AT b7,CAPTURE ?");
	assert_string_equal(S_parts(&S_nth(&rec->main, 6)->move), "AT c1,STEP c8==");
	assert_string_equal(S_parts(&S_nth(&rec->main, 7)->move),
	                    "AT c2,HOP c4,RELOCATE b5,HOP b6");
	tb_record_free(rec);
}

static void test_nags_and_suffixes(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean(PIT "1. d1! $14 a1?? $3 $0 2. g1 $255 a7!? 3. d2?! d6!! ?! *");
	const tb_node *n = S_nth(&rec->main, 0);
	assert_int_equal(n->nnags, 2);
	assert_int_equal(n->nags[0], 1);
	assert_int_equal(n->nags[1], 14);
	n = S_nth(&rec->main, 1);
	assert_int_equal(n->nnags, 3);
	assert_int_equal(n->nags[0], 4);
	assert_int_equal(n->nags[1], 3);
	assert_int_equal(n->nags[2], 0);
	n = S_nth(&rec->main, 2);
	assert_int_equal(n->nnags, 1);
	assert_int_equal(n->nags[0], 255);
	assert_int_equal(S_nth(&rec->main, 3)->nags[0], 5);
	assert_int_equal(S_nth(&rec->main, 4)->nags[0], 6);
	assert_int_equal(S_nth(&rec->main, 5)->nags[0], 3);
	/* "?!" is a placement on an unknown point ('?') with the suffix '!',
	 * not a '?' turn: the point is read first */
	n = S_nth(&rec->main, 6);
	assert_int_equal(n->kind, TB_NODE_MOVE);
	assert_string_equal(S_parts(&n->move), "AT ?");
	assert_int_equal(n->nnags, 1);
	assert_int_equal(n->nags[0], 1);
	tb_record_free(rec);
}

static void test_nag_after_a_comment_belongs_to_the_turn(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean(PIT "1. d1 {aquí} $1 $18 a1 *");
	const tb_node *n = rec->main.first;
	assert_int_equal(n->nnags, 2);
	assert_int_equal(n->nags[0], 1);
	assert_int_equal(n->nags[1], 18);
	assert_string_equal(S_comments(n->comments), "aquí");
	tb_record_free(rec);
}

static void test_variations_nest(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean(PIT "1. d1 a1 (1... g1 2. a1 (2. a7) (2. d2 a7)) 2. g1 *");
	assert_int_equal(S_len(&rec->main), 3);
	assert_int_equal(S_nvars(S_nth(&rec->main, 0)), 0);
	const tb_node *a1 = S_nth(&rec->main, 1);
	assert_int_equal(S_nvars(a1), 1);
	const tb_line *v = a1->variations;
	assert_int_equal(S_len(v), 2);
	assert_int_equal(S_nth(v, 0)->side, 1);
	assert_int_equal(S_nth(v, 0)->number, 1);
	assert_string_equal(S_parts(&S_nth(v, 0)->move), "AT g1");
	const tb_node *inner = S_nth(v, 1);
	assert_int_equal(inner->side, 0);
	assert_int_equal(inner->number, 2);
	assert_int_equal(S_nvars(inner), 2);
	const tb_line *w1 = inner->variations, *w2 = w1->next;
	assert_int_equal(S_len(w1), 1);
	assert_string_equal(S_parts(&w1->first->move), "AT a7");
	assert_int_equal(w1->first->number, 2);
	assert_int_equal(w1->first->side, 0);
	assert_int_equal(S_len(w2), 2);
	assert_int_equal(S_nth(w2, 1)->side, 1);
	assert_int_equal(S_nth(w2, 1)->number, 2);
	assert_null(w2->next);
	/* the main line goes on after the variation */
	assert_int_equal(S_nth(&rec->main, 2)->number, 2);
	assert_int_equal(S_nth(&rec->main, 2)->side, 0);
	assert_int_equal(tb_record_plies(rec), 3); /* variations do not count */
	tb_record_free(rec);
}

static void test_variation_lead_comment_and_numbers(void **state)
{
	(void)state;
	tb_reader *r;
	tb_record *rec = tt_parse(PIT "1. d1 ({mejor era} 1. a1 {?}) a1 (2... a7) *", &r);
	const tb_node *d1 = S_nth(&rec->main, 0);
	assert_string_equal(S_comments(d1->variations->lead), "mejor era");
	assert_string_equal(S_comments(d1->variations->first->comments), "?");
	assert_null(d1->comments);
	/* a number inside a variation is checked against its count */
	assert_int_equal(tb_reader_ndiags(r), 1);
	const tb_diag *d = tb_reader_diag(r, 0);
	assert_int_equal(d->code, TB_D_NUMBER);
	assert_int_equal(d->severity, TB_WARNING);
	assert_int_equal(d->col, 35);
	const tb_node *a1 = S_nth(&rec->main, 1);
	assert_int_equal(a1->variations->first->number, 1);
	assert_int_equal(a1->variations->first->side, 1);
	assert_int_equal(tb_record_errors(rec), 0);
	tb_record_free(rec);
	tb_reader_free(r);
}

static void test_readings(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean(
		PIT "1. d1 <a1 {Doña Chela} | a7 {@es su nieto} {2}> 2. <g1> $2 a4 "
		    "3. <d2 | ? | pass> <a4 | a1-a4xd1> $6 {dudoso} (3... g7) *");
	const tb_node *n = S_nth(&rec->main, 1);
	assert_int_equal(n->kind, TB_NODE_READING);
	assert_int_equal(n->side, 1);
	assert_int_equal(n->number, 1);
	assert_int_equal(n->nalts, 2);
	assert_int_equal(n->alts[0].kind, TB_NODE_MOVE);
	assert_string_equal(S_parts(&n->alts[0].move), "AT a1");
	assert_string_equal(S_comments(n->alts[0].comments), "Doña Chela");
	assert_string_equal(S_parts(&n->alts[1].move), "AT a7");
	assert_string_equal(S_comments(n->alts[1].comments), "@es:su nieto|2");
	assert_null(n->comments);
	n = S_nth(&rec->main, 2);
	assert_int_equal(n->kind, TB_NODE_READING);
	assert_int_equal(n->nalts, 1);
	assert_int_equal(n->nnags, 1);
	assert_int_equal(n->nags[0], 2);
	n = S_nth(&rec->main, 4);
	assert_int_equal(n->nalts, 3);
	assert_int_equal(n->alts[0].kind, TB_NODE_MOVE);
	assert_int_equal(n->alts[1].kind, TB_NODE_UNKNOWN);
	assert_int_equal(n->alts[2].kind, TB_NODE_PASS);
	n = S_nth(&rec->main, 5);
	assert_int_equal(n->side, 1);
	assert_int_equal(n->number, 3);
	assert_string_equal(S_parts(&n->alts[1].move), "AT a1,STEP a4,REMOVE d1");
	assert_int_equal(n->nags[0], 6);
	assert_string_equal(S_comments(n->comments), "dudoso");
	assert_int_equal(S_nvars(n), 1);
	assert_int_equal(tb_record_plies(rec), 6);
	tb_record_free(rec);
}

static void test_gaps_and_the_count(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean(
		PIT "1. d1 a1 <gap 3> 3... a7 <gap> 8. d2 <gap 2-6> 12... d6 <gap 0> 13. a4 <gap 9999> *");
	static const struct {
		uint8_t kind, side;
		unsigned number;
		long lo, hi;
	} want[] = {
		{TB_NODE_MOVE, 0, 1, -1, -1}, {TB_NODE_MOVE, 1, 1, -1, -1},
		{TB_NODE_GAP, 2, 0, 3, 3},    {TB_NODE_MOVE, 1, 3, -1, -1},
		{TB_NODE_GAP, 2, 0, -1, -1},  {TB_NODE_MOVE, 0, 8, -1, -1},
		{TB_NODE_GAP, 2, 0, 2, 6},    {TB_NODE_MOVE, 1, 12, -1, -1},
		{TB_NODE_GAP, 2, 0, 0, 0},    {TB_NODE_MOVE, 0, 13, -1, -1},
		{TB_NODE_GAP, 2, 0, 9999, 9999},
	};
	assert_int_equal(S_len(&rec->main), 11);
	for (int i = 0; i < 11; i++) {
		const tb_node *n = S_nth(&rec->main, i);
		assert_int_equal(n->kind, want[i].kind);
		assert_int_equal(n->side, want[i].side);
		assert_int_equal(n->number, want[i].number);
		assert_int_equal(n->gap_min, want[i].lo);
		assert_int_equal(n->gap_max, want[i].hi);
	}
	assert_int_equal(tb_record_plies(rec), 6); /* gaps count 0 */
	tb_record_free(rec);
}

static void test_gap_of_known_length_keeps_the_count(void **state)
{
	(void)state;
	tb_reader *r;
	tb_record *rec = tt_parse(PIT "1. d1 <gap 2> 2. a1 *", &r);
	assert_int_equal(tb_reader_ndiags(r), 1);
	assert_int_equal(tb_reader_diag(r, 0)->code, TB_D_NUMBER);
	assert_int_equal(tb_reader_diag(r, 0)->col, 15);
	const tb_node *a1 = S_nth(&rec->main, 2);
	assert_int_equal(a1->number, 2);
	assert_int_equal(a1->side, 1);
	tb_record_free(rec);
	tb_reader_free(r);
}

static void test_position_restated(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean(
		PIT "1. d1 a1 <gap> <position \"Y 9 R:d1,g1,d2,b4 Y:a1,a4,c3 hand=4,3\"> 9... a7 10. d3 *");
	assert_int_equal(S_len(&rec->main), 6);
	const tb_node *p = S_nth(&rec->main, 3);
	assert_int_equal(p->kind, TB_NODE_POSITION);
	assert_int_equal(p->side, 2);
	assert_non_null(p->position);
	assert_int_equal(p->position->to_move, 1);
	assert_int_equal(p->position->number, 9);
	assert_int_equal(p->position->npieces, 7);
	assert_int_equal(p->position->pieces[0].side, 0);
	assert_int_equal(p->position->pieces[0].pt, TB_PT(3, 0)); /* d1 */
	assert_int_equal(p->position->pieces[6].side, 1);
	assert_int_equal(p->position->pieces[6].pt, TB_PT(0, 3)); /* a4, sorted last */
	assert_int_equal(p->position->nextras, 1);
	assert_string_equal(p->position->extras[0].key, "hand");
	assert_string_equal(p->position->extras[0].value, "4,3");
	const tb_node *a7 = S_nth(&rec->main, 4);
	assert_int_equal(a7->side, 1);
	assert_int_equal(a7->number, 9);
	assert_int_equal(S_nth(&rec->main, 5)->number, 10);
	assert_int_equal(tb_record_plies(rec), 4);
	tb_record_free(rec);
}

static void test_clock_from_position_tag(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean(
		PIT "[Position \"Y 13  Y:a7 R:g1,a1 hand=0,0\"]\n13... a7-d7 14. a1-a4 *");
	assert_non_null(rec->start);
	assert_int_equal(rec->start->to_move, 1);
	assert_int_equal(rec->start->number, 13);
	assert_int_equal(rec->main.first->side, 1);
	assert_int_equal(rec->main.first->number, 13);
	assert_int_equal(S_nth(&rec->main, 1)->number, 14);
	assert_string_equal(tb_record_tag(rec, "Position"), "Y 13 R:a1,g1 Y:a7");
	tb_record_free(rec);
}

static void test_count_without_numbers(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean(PIT "d1 a1 g1 a7 d2 *");
	unsigned num[] = {1, 1, 2, 2, 3};
	for (int i = 0; i < 5; i++) {
		assert_int_equal(S_nth(&rec->main, i)->number, num[i]);
		assert_int_equal(S_nth(&rec->main, i)->side, i % 2);
	}
	tb_record_free(rec);
}

static void test_wrong_number_is_a_warning_and_the_count_wins(void **state)
{
	(void)state;
	tb_reader *r;
	tb_record *rec = tt_parse(PIT "1. d1 a1 3. g1 2... a7 *", &r);
	assert_int_equal(tb_reader_ndiags(r), 1);
	const tb_diag *d = tb_reader_diag(r, 0);
	assert_int_equal(d->code, TB_D_NUMBER);
	assert_int_equal(d->severity, TB_WARNING);
	assert_int_equal(d->line, 2);
	assert_int_equal(d->col, 10);
	assert_int_equal(d->end_col, 12);
	assert_int_equal(tb_record_errors(rec), 0);
	assert_int_equal(tb_reader_nwarnings(r), 1);
	assert_int_equal(S_nth(&rec->main, 2)->number, 2);
	assert_int_equal(S_nth(&rec->main, 3)->number, 2);
	tb_record_free(rec);
	tb_reader_free(r);
}

/* ===== Comments ===== */

static void test_comment_attachment(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean(
		"{lead1}\n"
		"{lead2} [Game \"pitarra\"] {game1} {game2}\n"
		"{between}\n"
		"[Site \"x\"] {  site  }\n"
		"{mt1}\n"
		";mt2\n"
		"1. d1 {c1} ; c2\n"
		"a1 2. {c3} g1 (2. a7 {v1}) * {t1} ; t2\n");
	assert_string_equal(S_comments(rec->lead), "lead1|lead2");
	assert_string_equal(S_comments(S_tag(rec, "Game")->comments), "game1|game2|between");
	assert_string_equal(S_comments(S_tag(rec, "Site")->comments), "site");
	assert_null(S_tag(rec, "Date")->comments);
	assert_string_equal(S_comments(rec->main.lead), "mt1|mt2");
	assert_string_equal(S_comments(S_nth(&rec->main, 0)->comments), "c1|c2");
	/* between a move number and its turn: the turn before */
	assert_string_equal(S_comments(S_nth(&rec->main, 1)->comments), "c3");
	assert_null(S_nth(&rec->main, 2)->comments);
	assert_string_equal(S_comments(S_nth(&rec->main, 2)->variations->first->comments), "v1");
	assert_string_equal(S_comments(rec->trail), "t1|t2");
	tb_record_free(rec);
}

static void test_comment_text_is_trimmed_and_keeps_line_breaks(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean(
		PIT "1. d1 {   primera línea\n   segunda línea   } {\t} {@ar  هجوم  } {} *");
	const tb_comment *c = rec->main.first->comments;
	assert_string_equal(c->text, "primera línea\n   segunda línea");
	assert_null(c->lang);
	c = c->next;
	assert_string_equal(c->text, "");
	c = c->next;
	assert_string_equal(c->lang, "ar");
	assert_string_equal(c->text, "هجوم");
	c = c->next;
	assert_string_equal(c->text, "");
	assert_null(c->next);
	tb_record_free(rec);
}

static void test_comments_after_result_belong_to_the_record_before(void **state)
{
	(void)state;
	const char *src = PIT "1. d1 * {fin de la grabación}\n{otra}\n" PIT "1. a1 *";
	tb_reader *r = tb_reader_new_mem(src, strlen(src), "t.tgn");
	tb_record *a, *b;
	assert_int_equal(tb_reader_next(r, &a), 1);
	assert_int_equal(tb_reader_next(r, &b), 1);
	assert_string_equal(S_comments(a->trail), "fin de la grabación|otra");
	assert_null(b->lead);
	assert_int_equal(tb_record_line(b), 4);
	tb_record *c;
	assert_int_equal(tb_reader_next(r, &c), 0);
	assert_null(c);
	tb_record_free(a);
	tb_record_free(b);
	tb_reader_free(r);
}

/* ===== Results ===== */

static void test_results(void **state)
{
	(void)state;
	static const struct {
		const char *src;
		tb_result result;
		const char *tag;
		const char *codes;
	} cases[] = {
		{PIT "1. d1 1-0", TB_RESULT_FIRST, "1-0", ""},
		{PIT "1. d1 0-1", TB_RESULT_SECOND, "0-1", ""},
		{PIT "1. d1 1/2-1/2", TB_RESULT_DRAW, "1/2-1/2", ""},
		{PIT "1. d1 *", TB_RESULT_OTHER, "*", ""},
		{PIT "[Result \"1-0\"] 1. d1 *", TB_RESULT_OTHER, "1-0", ""},     /* '*' agrees */
		{PIT "[Result \"1-0\"] 1. d1 1-0", TB_RESULT_FIRST, "1-0", ""},
		{PIT "[Result \"?\"] 1. d1 0-1", TB_RESULT_SECOND, "0-1", ""},
		{PIT "[Result \"1-0\"] 1. d1 0-1", TB_RESULT_SECOND, "1-0", "309"},
		{PIT "[Result \"0-1\"] 1. d1", TB_RESULT_SECOND, "0-1", "310"},
		{PIT "1. d1", TB_RESULT_OTHER, "*", "310"},
		{PIT "1. d1 * a1 g1 (", TB_RESULT_OTHER, "*", "311"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		tb_reader *r;
		tb_record *rec = tt_parse(cases[i].src, &r);
		tt_str codes = {0};
		for (size_t k = 0; k < tb_reader_ndiags(r); k++)
			tt_printf(&codes, "%s%d", k ? " " : "", tb_reader_diag(r, k)->code);
		char *got = tt_take(&codes);
		if (strcmp(got, cases[i].codes) != 0 || rec->result != cases[i].result ||
		    strcmp(tb_record_tag(rec, "Result"), cases[i].tag) != 0)
			fail_msg("case %zu (%s): codes '%s' result %d tag %s", i, cases[i].src, got,
			         (int)rec->result, tb_record_tag(rec, "Result"));
		free(got);
		tb_record_free(rec);
		tb_reader_free(r);
	}
}

static void test_no_result_warning_points_after_the_last_token(void **state)
{
	(void)state;
	tb_reader *r;
	tb_record *rec = tt_parse(PIT "[Result \"0-1\"]\n1. d1 a1\n\n" PIT "*", &r);
	assert_int_equal(tb_reader_ndiags(r), 1);
	const tb_diag *d = tb_reader_diag(r, 0);
	assert_int_equal(d->code, TB_D_NO_RESULT);
	assert_int_equal(d->severity, TB_WARNING);
	assert_int_equal(d->line, 3);
	assert_int_equal(d->col, 9);
	assert_int_equal(tb_record_errors(rec), 0);
	assert_int_equal(rec->result, TB_RESULT_SECOND);
	tb_record_free(rec);
	tb_reader_free(r);
}

/* ===== Errors ===== */

static void test_movetext_errors(void **state)
{
	(void)state;
	tt_assert_codes(PIT "(1. a1) 1. d1 () *", "304 305");
	tt_assert_codes(PIT "1. d1 (1. a1 a4 *", "306");
	tt_assert_codes(PIT "1. d1 ) a1 *", "307");
	tt_assert_codes(PIT "$1 1. d1 *", "314");
	tt_assert_codes(PIT "1. d1 a1 <gap> d2 *", "303");
	tt_assert_codes(PIT "1. d1 <gap> <d2 | a1> *", "303");
	tt_assert_codes(PIT "1. d1 <gap 9-2> <gap x> <gap 3 *", "312 312 312 310");
	tt_assert_codes(PIT "1. d1 <gap 10000> *", "312");
	tt_assert_codes(PIT "1. <d1 | z1> a1 2. <d2! | d3> <a7 a4> 3. <> *", "301 312 312 312");
	tt_assert_codes(PIT "1. d1 <position \"R 2 R:d1,d1 Y:\"> *", "208");
	tt_assert_codes(PIT "1. d1 <position R> *", "312");
	tt_assert_codes(PIT "1. d1 > a1 | \"x\" ] *", "313 313 313 313");
	tt_assert_codes(PIT "1. d1 (1. a1 *) a1 *", "306 311");
	tt_assert_codes(PIT "1. d1 a1 2. z9 a7 3. d1-d2-d3 *", "301 301");
	tt_assert_codes(PIT "1. d1 $256 a1 $ *", "107 107");
	tt_assert_codes(PIT "1.. d1 *", "108");
	tt_assert_codes("1. d1 a1 *", "204");
	tt_assert_codes("[Game \"chess\"] 1. e4 *", "205");
}

static void test_bad_token_keeps_the_count(void **state)
{
	(void)state;
	tb_reader *r;
	tb_record *rec = tt_parse(PIT "1. d1 z9 2. g1 <a1 | h8> 3. d2 *", &r);
	assert_int_equal(tt_count(r, TB_D_MOVE), 2);
	assert_int_equal(tt_count(r, TB_D_NUMBER), 0); /* the count went on */
	assert_int_equal(S_nth(&rec->main, 1)->kind, TB_NODE_UNKNOWN);
	/* h8 is no point of the board, but a point could hold it: the
	 * reading is kept, for the rules to make it out */
	assert_int_equal(S_nth(&rec->main, 3)->kind, TB_NODE_READING);
	assert_int_equal(S_nth(&rec->main, 4)->number, 3);
	assert_int_equal(tb_record_errors(rec), 2);
	assert_null(tb_record_write(rec, NULL));
	tb_record_free(rec);
	tb_reader_free(r);
}

/* A reading's alternatives may be what one source has at a place: a
 * gap, a restated position, nothing, a reconstructed turn; the reading
 * counts as its first alternative does. */
static void test_reading_witness_alternatives(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean(
		PIT "1. d1 <a1 {A} | omitted {B}> 2. g1 <omitted {A} | a4 {B}> a7 "
		    "<gap 2 {A} | d2> 4. d6 <position \"R 5 R:d1,g1 Y:a1,a7,d6 hand=10,9\" | omitted> "
		    "5. <reconstructed d2 | ? {A, B}> <gap {B} | a4> 9. g7 *");
	assert_int_equal(tb_record_plies(rec), 7);
	const tb_node *n = S_nth(&rec->main, 1);
	assert_int_equal(n->kind, TB_NODE_READING);
	assert_int_equal(n->number, 1);
	assert_int_equal(n->side, 1);
	assert_int_equal(n->alts[1].kind, TB_NODE_OMITTED);
	n = S_nth(&rec->main, 3); /* nothing in the source the record follows */
	assert_int_equal(tb_node_followed(n), TB_NODE_OMITTED);
	assert_int_equal(n->side, 2);
	assert_int_equal(n->number, 0);
	n = S_nth(&rec->main, 4);
	assert_int_equal(n->number, 2);
	assert_int_equal(n->side, 1);
	n = S_nth(&rec->main, 5); /* a gap of two turns: its bounds are the node's */
	assert_int_equal(tb_node_followed(n), TB_NODE_GAP);
	assert_int_equal(n->gap_min, 2);
	assert_int_equal(n->gap_max, 2);
	assert_int_equal(n->side, 2);
	assert_string_equal(S_parts(&n->alts[1].move), "AT d2");
	n = S_nth(&rec->main, 6);
	assert_int_equal(n->number, 4);
	assert_int_equal(n->side, 0);
	n = S_nth(&rec->main, 7);
	assert_int_equal(tb_node_followed(n), TB_NODE_POSITION);
	assert_non_null(n->position);
	assert_ptr_equal(n->position, n->alts[0].position);
	n = S_nth(&rec->main, 8);
	assert_int_equal(n->number, 5);
	assert_int_equal(n->side, 0);
	assert_int_equal(n->alts[0].kind, TB_NODE_MOVE);
	assert_int_equal(n->alts[0].reconstructed, 1);
	assert_int_equal(n->alts[1].kind, TB_NODE_UNKNOWN);
	assert_string_equal(S_comments(n->alts[1].comments), "A, B");
	n = S_nth(&rec->main, 9); /* a gap of unknown length: the next turn is numbered */
	assert_int_equal(n->gap_min, -1);
	assert_int_equal(S_nth(&rec->main, 10)->number, 9);
	tb_record_free(rec);
	/* alone between the brackets, the forms of sections 8.2, 8.4, 8.5 */
	rec = tt_parse_clean(PIT "1. d1 <gap 1> <reconstructed g1> <position \"Y 2 R:d1,g1 Y: "
	                         "hand=10,11\"> *");
	assert_int_equal(S_nth(&rec->main, 1)->kind, TB_NODE_GAP);
	assert_int_equal(S_nth(&rec->main, 2)->kind, TB_NODE_MOVE);
	assert_int_equal(S_nth(&rec->main, 2)->reconstructed, 1);
	assert_int_equal(S_nth(&rec->main, 3)->kind, TB_NODE_POSITION);
	tb_record_free(rec);
}

static void test_reading_alternatives_limit(void **state)
{
	(void)state;
	tt_str s = {0};
	tt_puts(&s, PIT "1. <d1");
	for (int i = 0; i < 15; i++)
		tt_puts(&s, " | a1");
	tt_puts(&s, "> <a1");
	for (int i = 0; i < 16; i++)
		tt_puts(&s, " | d1");
	tt_puts(&s, "> *");
	tb_reader *r;
	tb_record *rec = tt_parse(s.d, &r);
	assert_int_equal(tb_reader_ndiags(r), 1); /* 16 are fine, 17 are not */
	assert_int_equal(tb_reader_diag(r, 0)->code, TB_D_ANGLE);
	assert_int_equal(rec->main.first->nalts, 16);
	tb_record_free(rec);
	tb_reader_free(r);
	free(s.d);
}

static void test_turn_parts_limit(void **state)
{
	(void)state;
	/* an Asalto chain: its start and 63 landings are 64 parts */
	tt_str ok = {0}, bad = {0};
	tt_puts(&ok, "[Game \"asalto\"] 1. c3-c4 d6");
	for (int i = 0; i < 63; i++)
		tt_puts(&ok, i % 2 ? "xd6" : "xd4");
	tt_puts(&bad, ok.d);
	tt_puts(&bad, "xd6");
	tt_puts(&ok, " *");
	tt_puts(&bad, " *");
	tb_record *rec = tt_parse_clean(ok.d);
	assert_int_equal(S_nth(&rec->main, 1)->move.nparts, 64);
	tb_record_free(rec);
	tb_reader *r;
	rec = tt_parse(bad.d, &r);
	assert_int_equal(tb_reader_ndiags(r), 1);
	const tb_diag *d = tb_reader_diag(r, 0);
	assert_int_equal(d->code, TB_D_MOVE);
	assert_non_null(strstr(d->message, "at most 64 parts"));
	tb_record_free(rec);
	tb_reader_free(r);
	free(ok.d);
	free(bad.d);
}

/* ===== Recovery ===== */

static void test_bad_record_then_good_record(void **state)
{
	(void)state;
	static const char *const bad[] = {
		"[Game \"chess\"]\n1. e4 e5 *\n",
		"1. d1 a1 *\n",
		"[Game \"pitarra\"]\n[Site Querétaro]\n[1x \"y\"]\n1. z9 ((( a1 *\n",
		"[Game \"pitarra\"]\n1. d1 (1. a1 (2. d7\n",
		"[Game \"pitarra\"]\n1. d1 * a1 a4 ) ] \"x\" {ok}\n",
		"[Game \"pitarra\"]\n[Site \"sin cerrar\n1. d1 <a1 | *\n",
		"[Game \"asalto\"]\n[Rules \"pitarra\"]\n[Date \"ayer\"]\n1. Hd6 $999 *\n",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		tt_str src = {0};
		tt_puts(&src, bad[i]);
		tt_puts(&src, "[Game \"pitarra\"]\n[Site \"Amealco\"]\n1. d1 a1 2. g1 *\n");
		tb_reader *r = tb_reader_new_mem(src.d, src.n, "t.tgn");
		tb_record *a = NULL, *b = NULL, *c = NULL;
		assert_int_equal(tb_reader_next(r, &a), 1);
		if (tb_record_errors(a) == 0)
			fail_msg("case %zu: the bad record has no errors", i);
		assert_null(tb_record_write(a, NULL));
		assert_int_equal(tb_reader_next(r, &b), 1);
		if (tb_record_errors(b) != 0 || tb_reader_ndiags(r) != 0)
			fail_msg("case %zu: the good record has %zu errors, %zu diagnostics", i,
			         tb_record_errors(b), tb_reader_ndiags(r));
		assert_string_equal(tb_record_tag(b, "Site"), "Amealco");
		assert_int_equal(tb_record_plies(b), 3);
		assert_true(tb_reader_nerrors(r) >= tb_record_errors(a));
		assert_int_equal(tb_reader_next(r, &c), 0);
		tb_record_free(a);
		tb_record_free(b);
		tb_reader_free(r);
		free(src.d);
	}
}

static void test_record_line_and_tags_api(void **state)
{
	(void)state;
	const char *src = "\n\n{x}\n[Game \"asalto\"]\n[Zona \"norte\"]\n[Site \"Ceuta\"] *\n";
	tb_reader *r;
	tb_record *rec = tt_parse(src, &r);
	assert_int_equal(tb_record_line(rec), 3);
	assert_string_equal(tb_record_tag(rec, "Site"), "Ceuta");
	assert_string_equal(tb_record_tag(rec, "Attackers"), "?");
	assert_null(tb_record_tag(rec, "Red"));
	assert_null(tb_record_tag(rec, "site"));
	const char *name, *value;
	static const char *const order[] = {"Game", "Rules", "Site", "Date", "Attackers",
	                                    "Defenders", "Result", "Zona"};
	size_t i = 0;
	while (tb_record_tag_at(rec, i, &name, &value)) {
		assert_true(i < 8);
		assert_string_equal(name, order[i]);
		i++;
	}
	assert_int_equal(i, 8);
	assert_int_equal(tb_record_tag_at(rec, 1000, &name, &value), 0);
	tb_record_free(rec);
	tb_reader_free(r);
}

/* ===== Limits ===== */

static void test_variations_nested_5000_deep(void **state)
{
	(void)state;
	tt_str s = {0};
	tt_puts(&s, PIT "1. d1 ");
	for (int i = 0; i < 5000; i++)
		tt_puts(&s, "(1. a1 ");
	for (int i = 0; i < 5000; i++)
		tt_puts(&s, ")");
	tt_puts(&s, " a1 *\n" PIT "1. g1 *\n");
	tb_reader *r = tb_reader_new_mem(s.d, s.n, "deep.tgn");
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	assert_int_equal(tt_count(r, TB_D_VAR_DEEP), 1);
	assert_int_equal(tb_reader_ndiags(r), 1);
	const tb_diag *d = tb_reader_diag(r, 0);
	assert_int_equal(d->line, 2);
	assert_int_equal(d->col, 7 + 7 * 100); /* the 101st '(' */
	assert_int_equal(tb_record_errors(rec), 1);
	/* the tree keeps the first 100 levels, and the main line goes on */
	const tb_node *n = rec->main.first;
	int depth = 0;
	while (n->variations) {
		n = n->variations->first;
		depth++;
	}
	assert_int_equal(depth, 100);
	assert_int_equal(tb_record_plies(rec), 2);
	tb_record_free(rec);
	assert_int_equal(tb_reader_next(r, &rec), 1);
	assert_int_equal(tb_reader_ndiags(r), 0);
	assert_int_equal(tb_record_errors(rec), 0);
	tb_record_free(rec);
	tb_reader_free(r);

	/* never closed, 5000 deep: one report for the lot */
	s.n = 0;
	tt_puts(&s, PIT "1. d1 ");
	for (int i = 0; i < 5000; i++)
		tt_puts(&s, "(1. a1 ");
	tt_puts(&s, "*");
	r = tb_reader_new_mem(s.d, s.n, "deep.tgn");
	assert_int_equal(tb_reader_next(r, &rec), 1);
	assert_int_equal(tt_count(r, TB_D_VAR_DEEP), 1);
	assert_int_equal(tt_count(r, TB_D_VAR_OPEN), 1);
	tb_record_free(rec);
	tb_reader_free(r);
	free(s.d);
}

static void test_100000_nul_bytes_in_a_row(void **state)
{
	(void)state;
	size_t n = 100000;
	char *src = calloc(n, 1);
	/* from the file's start, a binary file: one TB112 */
	tb_reader *r = tb_reader_new_mem(src, n, "nul.tgn");
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), TB_ENOTTEXT);
	assert_int_equal(tb_reader_ndiags(r), 1);
	assert_int_equal(tb_reader_diag(r, 0)->code, TB_D_NOT_TEXT);
	tb_reader_free(r);
	/* as a part of a file (no look at its start): the lexer's own way */
	r = tb_reader_new_mem(src, n, "nul.tgn");
	tb_reader_set_origin(r, 1, 0);
	assert_int_equal(tb_reader_next(r, &rec), 0); /* nothing but bad bytes */
	assert_true(tb_reader_ndiags(r) <= TB_MAX_DIAGS + 1);
	assert_true(tb_reader_ndiags(r) >= 1);
	const tb_diag *d = tb_reader_diag(r, 0);
	assert_int_equal(d->code, TB_D_NUL);
	assert_int_equal(d->line, 1);
	assert_int_equal(d->col, 1);
	assert_true(tb_reader_nerrors(r) >= 1);
	/* the diagnostic's source is a window of the line, not 100000 '?' */
	assert_true(strlen(d->source) < 300);
	tb_reader_free(r);
	free(src);
}

static void test_100000_separate_nul_bytes(void **state)
{
	(void)state;
	/* each NUL apart from the next is its own problem: all are counted,
	 * 100 are kept, and one more says that the rest are not shown */
	size_t nnul = 100000;
	tt_str s = {0};
	tt_puts(&s, PIT "1. d1 {");
	for (size_t i = 0; i < nnul; i++)
		tt_put(&s, " \0", 2);
	tt_puts(&s, "} *\n" PIT "1. a1 *\n");
	tb_reader *r = tb_reader_new_mem(s.d, s.n, "nul.tgn");
	tb_reader_set_origin(r, 1, 0); /* a part of a file: its start not looked at */
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	assert_int_equal(tb_reader_ndiags(r), TB_MAX_DIAGS + 1);
	for (size_t i = 0; i < TB_MAX_DIAGS; i++) {
		const tb_diag *d = tb_reader_diag(r, i);
		assert_int_equal(d->code, TB_D_NUL);
		assert_int_equal(d->col, 9 + 2 * i);
	}
	assert_int_equal(tb_reader_diag(r, TB_MAX_DIAGS)->code, TB_D_TOO_MANY);
	assert_null(tb_reader_diag(r, TB_MAX_DIAGS + 1));
	assert_int_equal(tb_reader_nerrors(r), nnul);
	assert_int_equal(tb_record_errors(rec), nnul);
	tb_record_free(rec);
	/* the next record starts afresh */
	assert_int_equal(tb_reader_next(r, &rec), 1);
	assert_int_equal(tb_reader_ndiags(r), 0);
	assert_int_equal(tb_record_errors(rec), 0);
	assert_int_equal(tb_reader_nerrors(r), nnul);
	tb_record_free(rec);
	tb_reader_free(r);
	free(s.d);
}

static void test_empty_inputs(void **state)
{
	(void)state;
	static const char *const empty[] = {"", "\n\n  \t\r\n", "\xEF\xBB\xBF"};
	for (size_t i = 0; i < 3; i++) {
		tb_reader *r = tb_reader_new_mem(empty[i], strlen(empty[i]), NULL);
		tb_record *rec = (tb_record *)1;
		assert_int_equal(tb_reader_next(r, &rec), 0);
		assert_null(rec);
		assert_int_equal(tb_reader_ndiags(r), 0);
		assert_int_equal(tb_reader_next(r, &rec), 0); /* and again */
		tb_reader_free(r);
	}
	tb_reader *r = tb_reader_new_mem(NULL, 0, "none");
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), 0);
	tb_reader_free(r);
	tb_reader_free(NULL);
	tb_record_free(NULL);
}

static void test_reader_name_in_diagnostics(void **state)
{
	(void)state;
	const char *src = "1. d1 *";
	tb_reader *r = tb_reader_new_mem(src, strlen(src), NULL);
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	assert_string_equal(tb_reader_diag(r, 0)->file, "<input>");
	tb_record_free(rec);
	tb_reader_free(r);
	char name[] = "cinta-3.tgn";
	r = tb_reader_new_mem(src, strlen(src), name);
	name[0] = 'X'; /* the reader keeps its own copy */
	assert_int_equal(tb_reader_next(r, &rec), 1);
	assert_string_equal(tb_reader_diag(r, 0)->file, "cinta-3.tgn");
	tb_record_free(rec);
	tb_reader_free(r);
}

/* TB_MAX_TURNS turns, variations included, are read; the one past it
 * is TB111 (at it), the rest of the moves is skipped (a variation and a
 * turn here), and the next record is read. */
static void test_turn_limit(void **state)
{
	(void)state;
	for (int over = 0; over <= 1; over++) {
		tt_str s = {0};
		tt_puts(&s, "[Game \"pitarra\"]\n1. ");
		size_t unknown = over ? TB_MAX_TURNS : TB_MAX_TURNS - 3; /* then d1, a1, g1 */
		for (size_t i = 0; i < unknown; i++)
			tt_puts(&s, "? ");
		tt_puts(&s, "d1 (a1 {x}) g1 *\n\n[Game \"pitarra\"]\n1. d1 *\n");
		tb_reader *r = tb_reader_new_mem(s.d, s.n, "t.tgn");
		tb_record *rec;
		assert_int_equal(tb_reader_next(r, &rec), 1);
		assert_int_equal(tb_reader_ndiags(r), over);
		assert_int_equal(tb_record_errors(rec), over);
		if (over) {
			const tb_diag *d = tb_reader_diag(r, 0);
			assert_int_equal(d->code, TB_D_TOO_MANY_TURNS);
			assert_int_equal(d->col, 4 + 2 * TB_MAX_TURNS); /* at d1 */
			assert_int_equal(tb_record_plies(rec), TB_MAX_TURNS + 1);
		} else {
			assert_int_equal(tb_record_plies(rec), TB_MAX_TURNS - 1);
		}
		tb_record_free(rec);
		assert_int_equal(tb_reader_next(r, &rec), 1); /* the next record, clean */
		assert_int_equal(tb_reader_ndiags(r), 0);
		assert_int_equal(tb_record_plies(rec), 1);
		tb_record_free(rec);
		tb_reader_free(r);
		free(s.d);
	}
}

/* ===== The check sink (tb_reader_set_check_only, parse_sink.h) ===== */

/* 'src' ('n' bytes) read whole and read checking: the same records
 * (tb_reader_next's result, each record's error count, line and result)
 * and the same diagnostics, formatted, call by call; whether the end
 * was clean. Returns the diagnostics seen. */
static size_t S_same_checking(const char *src, size_t n, const char *name)
{
	tb_reader *a = tb_reader_new_mem(src, n, name), *b = tb_reader_new_mem(src, n, name);
	assert_non_null(a);
	assert_non_null(b);
	tb_reader_set_check_only(b, 1);
	size_t seen = 0;
	for (;;) {
		tb_record *x = NULL, *y = NULL;
		int ga = tb_reader_next(a, &x), gb = tb_reader_next(b, &y);
		assert_int_equal(ga, gb);
		seen += tt_same_diags(a, b, name, "read whole", "read checking");
		if (ga != 1) {
			assert_int_equal(tb_reader_ended_clean(a), tb_reader_ended_clean(b));
			break;
		}
		assert_int_equal(tb_record_errors(x), tb_record_errors(y));
		assert_int_equal(tb_record_line(x), tb_record_line(y));
		assert_int_equal(tb_record_result(x), tb_record_result(y));
		assert_int_equal(x->ntags, y->ntags);
		tb_record_free(x);
		tb_record_free(y);
	}
	tb_reader_free(a);
	tb_reader_free(b);
	return seen;
}

/* What the check sink looks back at (parse_sink.h), one case each: a
 * line's last turn, its NAGs, its evidence, its count for a variation;
 * an empty line; a reconstructed turn's points; the turn limit's
 * neighbours; readings and their alternatives. */
static void test_check_sink_cases(void **state)
{
	(void)state;
	static const char *const src[] = {
		"[Game \"pitarra\"]\n1. d5 $1 $2 $3 $4 $5 $6 $7 $8 $9 f4 *\n",
		"[Game \"pitarra\"]\n1. d5!? $3 $4 $5 $6 $7 $8 $9 f4 *\n",
		"[Game \"pitarra\"]\n1. d5 f4 (1... d1 (1... g7 2. a1) 2. c5) 2. c5 (2. a4) () ( {x} ) *\n",
		"[Game \"pitarra\"]\n[Recording \"a.ogg\"]\n1. d5 @0:00:01 @0:00:02 f4 {c} @0:00:03 @0:00:04 "
		"<gap 2> @0:00:05 @0:00:06 *\n",
		"[Game \"pitarra\"]\n1. d5 @0:00:01 f4 $1 @0:00:02 @0:00:03 *\n",
		"[Game \"pitarra\"]\n1. d5 <reconstructed f4> <reconstructed ?> <reconstructed d9> "
		"<reconstructed d5!> *\n",
		"[Game \"pitarra\"]\n1. <d5 {a} @0:00:01 | f4 @0:00:02 | omitted> $2 ( <gap> 4. a1 ) "
		"<gap 3 | position \"x\"> <position \"bad\"> <a1 | | > *\n",
		"[Game \"pitarra\"]\n1. d5 ( f4 ( g7 ( a1 ( b2 ) ) ) *\n\n[Game \"pitarra\"]\n1. d5 *\n",
		"[Game \"pitarra\"]\n$1 1. d5 ) ( d1 ) 2. xx9 {[%csl Gd5]} d1 {[%bad]} 1-0 {t} x y\n",
		"[Game \"asalto\"]\n[Result \"1-0\"]\n1. d3-d4 {[%cal Gd3d4]} d6xd4 0-1\n",
		"[Game \"ocencahuac\"]\n1. c1-d2 c8^c6 2. d2-d4 e8^c8^e6!? $27 3. <gap 1-3> 5. b1-e1\n",
		"[Game \"pitarra\"]\n{lead} [Site \"x\"] {tag} {more}\n{movetext}\n1. d5 *",
		"[Game \"nope\"]\n1. d5 (f4 *\n[Game \"pitarra\"]\n1. d5 <gap",
	};
	size_t seen = 0;
	for (size_t i = 0; i < sizeof src / sizeof src[0]; i++)
		seen += S_same_checking(src[i], strlen(src[i]), "t.tgn");
	assert_true(seen > 20); /* the cases do reach the diagnostics */
	/* NAGs up to the limit and past it, on a turn after others */
	tt_str nags = {0};
	tt_puts(&nags, "[Game \"pitarra\"]\n[Recording \"a.ogg\"]\n1. d5 $1 @0:00:01 f4 @0:00:02 2. c5");
	for (int i = 0; i < TB_MAX_NAGS + 2; i++)
		tt_puts(&nags, " $1");
	tt_puts(&nags, " d1 $2 *\n");
	assert_int_equal(S_same_checking(nags.d, nags.n, "t.tgn"), 2); /* TB_D_NAGS, twice */
	free(nags.d);
	/* the turn limit: past it, and at it */
	for (int over = 0; over <= 1; over++) {
		tt_str s = {0};
		tt_puts(&s, "[Game \"pitarra\"]\n1. ");
		for (size_t i = 0; i < (size_t)TB_MAX_TURNS - 1 + (size_t)over; i++)
			tt_puts(&s, "? ");
		tt_puts(&s, "d1 (a1 {x}) @0:00:01 $1 g1 *\n");
		S_same_checking(s.d, s.n, "t.tgn");
		free(s.d);
	}
}

/* The comments' texts as "a|b|c" (tb_record_comments). */
static int S_join_comment(void *ctx, const char *text, const char *lang)
{
	(void)lang;
	tt_str *s = ctx;
	if (s->n)
		tt_puts(s, "|");
	tt_puts(s, text);
	return 0;
}

/* A record read checking keeps its tags, game and result, and the
 * comments of its tag section; no movetext. */
static void test_check_sink_record(void **state)
{
	(void)state;
	const char *src = "{before} [Game \"pitarra\"]\n[Site \"Tepic\"] {of the site}\n"
	                  "[Result \"1-0\"]\n1. d5 {a} f4 (1... d1) 2. c5 1-0 {end}\n";
	tb_reader *r = tb_reader_new_mem(src, strlen(src), "t.tgn");
	tb_reader_set_check_only(r, 1);
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	assert_string_equal(tb_record_tag(rec, "Site"), "Tepic");
	assert_int_equal(tb_record_result(rec), TB_RESULT_FIRST);
	assert_non_null(tb_record_game(rec));
	assert_int_equal(tb_record_plies(rec), 0);
	tt_str texts = {0};
	tb_record_comments(rec, S_join_comment, &texts);
	assert_string_equal(texts.d, "before|of the site");
	free(texts.d);
	tb_record_free(rec);
	tb_reader_set_check_only(r, 0); /* off again: the next record is whole */
	tb_reader_free(r);
	tb_reader_set_check_only(NULL, 1); /* does nothing */
}

/* 'k' changes to a copy of 'src', by a seeded generator: bytes the
 * grammar turns on put in, replaced and taken out, runs copied. */
static size_t S_mutate(const char *src, size_t n, char *out, size_t cap, unsigned seed, int k)
{
	static const char alpha[] = "[](){}<>\"$!?x0123456789. -|@;\n\t*=^/abcdeh";
	unsigned long long x = seed * 6364136223846793005ULL + 1442695040888963407ULL;
	size_t len = n < cap ? n : cap;
	memcpy(out, src, len);
	for (int i = 0; i < k && len > 40; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		size_t at = (size_t)(x >> 33) % len, r = (size_t)(x >> 20) & 7;
		char c = alpha[(x >> 8) % (sizeof alpha - 1)];
		if (r < 3) {
			out[at] = c;
		} else if (r < 5 && len < cap) {
			memmove(out + at + 1, out + at, len - at);
			out[at] = c;
			len++;
		} else if (r < 7) {
			memmove(out + at, out + at + 1, len - at - 1);
			len--;
		} else {
			size_t from = (size_t)(x >> 40) % len, m = 1 + (x & 15);
			if (from + m <= len && len + m <= cap) {
				memmove(out + at + m, out + at, len - at);
				memmove(out + at, out + from + (from >= at ? m : 0), m);
				len += m;
			}
		}
	}
	return len;
}

/* What test_check_sink_corpora walks (tt_each_file): how many
 * diagnostics its files and their mutations had, how many mutations. */
typedef struct S_sink_walk {
	size_t seen, mutated;
} S_sink_walk;

static void S_sink_file(void *ctx, size_t k, const char *path, const char *buf, size_t n)
{
	S_sink_walk *w = ctx;
	w->seen += S_same_checking(buf, n, path);
	if (k != 0)
		return;
	/* samples: mutated, a few ways each */
	size_t cap = n + 4096;
	char *m = malloc(cap);
	assert_non_null(m);
	for (unsigned s = 1; s <= (TT_SANITIZED ? 3u : 12u); s++) {
		size_t len = S_mutate(buf, n, m, cap, s, 4 + (int)(s * 5));
		w->seen += S_same_checking(m, len, path);
		w->mutated++;
	}
	free(m);
}

/* Every sample, the parse and reader fuzzing corpora and findings, and
 * mutated samples: the same diagnostics read whole and checking. */
static void test_check_sink_corpora(void **state)
{
	(void)state;
	static const char *const dirs[] = {
		"samples", "tests/fuzz/corpus/parse", "tests/fuzz/findings/parse",
		"tests/fuzz/corpus/reader", "tests/fuzz/findings/reader",
		"tests/fuzz/corpus/validate",
	};
	S_sink_walk w = {0, 0};
	size_t files = tt_each_file(dirs, sizeof dirs / sizeof dirs[0], S_sink_file, &w);
	size_t seen = w.seen, mutated = w.mutated;
	print_message("%zu files, %zu diagnostics, %zu mutated samples\n", files, seen, mutated);
	assert_true(files >= 20);
	assert_true(mutated >= 10 * (TT_SANITIZED ? 3u : 12u)); /* ten samples at least */
	assert_true(seen > 1000); /* the mutations do reach the diagnostics */
}


/* ===== The fast tier of a check (parse_fast.h) ===== */

/* Two tags alike: name, value, where it and its value stand. */
static void S_same_tag_read(const tb_tag *a, const tb_tag *b, const char *name)
{
	if (strcmp(a->name, b->name) || strcmp(a->value, b->value) ||
	    a->value_line != b->value_line || a->value_col != b->value_col ||
	    a->value_off != b->value_off || a->span.line != b->span.line ||
	    a->span.col != b->span.col || a->span.end_line != b->span.end_line ||
	    a->span.end_col != b->span.end_col || a->span.off != b->span.off)
		fail_msg("%s: the fast tier's tag [%s \"%s\"] at %u:%u is [%s \"%s\"] at %u:%u", name,
		         b->name, b->value, b->value_line, b->value_col, a->name, a->value,
		         a->value_line, a->value_col);
}

/* Two start positions alike, as tb_position_parse made them: the side
 * to move, the turn, the pieces in their order, the extras. */
static void S_same_start(const tb_position *a, const tb_position *b, const char *name)
{
	int same = a->to_move == b->to_move && a->number == b->number &&
	           a->npieces == b->npieces && a->nextras == b->nextras &&
	           memcmp(a->pieces, b->pieces, a->npieces * sizeof *a->pieces) == 0;
	for (size_t i = 0; same && i < a->nextras; i++)
		same = strcmp(a->extras[i].key, b->extras[i].key) == 0 &&
		       strcmp(a->extras[i].value, b->extras[i].value) == 0;
	if (!same)
		fail_msg("%s: the fast tier's start position (%zu pieces, turn %u) is not the "
		         "parser's (%zu pieces, turn %u)", name, a->npieces, a->number, b->npieces,
		         b->number);
}

/* The same [Rules] options, in the same order, the same renamed. */
static void S_same_opts(const tb_opts *a, const tb_opts *b, const char *name)
{
	int same = a->n == b->n && a->nrenamed == b->nrenamed;
	for (size_t i = 0; same && i < a->n; i++)
		same = strcmp(a->key[i], b->key[i]) == 0 && strcmp(a->value[i], b->value[i]) == 0;
	for (size_t i = 0; same && i < a->nrenamed; i++)
		same = a->renamed[i] == b->renamed[i];
	if (!same)
		fail_msg("%s: the options read are not the slow way's (%zu, %zu options)", name, a->n,
		         b->n);
}

/* Tag pairs the tag section's fast tier took (parse_fast_tags.c) in
 * the readings S_same_tiers_of compared, since a test set it to 0. */
static size_t S_tags_taken;

/* 'src' ('n' bytes) read checking with the fast tier and without it
 * (r->no_fast): the same tb_reader_next results and diagnostics, call
 * by call; the same records (errors, line, offsets, game, result, tags
 * and where their values stand, start, offboard); and the reader in the
 * same state after each (its token, the one before, its place), so
 * that what follows reads the same. Returns the records the fast tier
 * took. Readers 'a' and 'b' of the same bytes are freed. */
static size_t S_same_tiers_of(tb_reader *a, tb_reader *b, const char *name)
{
	assert_non_null(a);
	assert_non_null(b);
	tb_reader_set_check_only(a, 1);
	tb_reader_set_check_only(b, 1);
	b->no_fast = 1;
	for (;;) {
		tb_record *x = NULL, *y = NULL;
		int ga = tb_reader_next(a, &x), gb = tb_reader_next(b, &y);
		assert_int_equal(ga, gb);
		tt_same_diags(a, b, name, "the fast tier", "the parser");
		assert_int_equal(a->tok.type, b->tok.type);
		assert_int_equal(a->tok.off, b->tok.off);
		assert_int_equal(a->tok.len, b->tok.len);
		assert_int_equal(a->tok.line, b->tok.line);
		assert_int_equal(a->tok.col, b->tok.col);
		assert_int_equal(a->tok.end_line, b->tok.end_line);
		assert_int_equal(a->tok.end_col, b->tok.end_col);
		assert_int_equal(a->prev.off, b->prev.off);
		assert_int_equal(a->prev.len, b->prev.len);
		assert_int_equal(a->prev.end_line, b->prev.end_line);
		assert_int_equal(a->prev.end_col, b->prev.end_col);
		assert_int_equal(a->prev.bad, b->prev.bad);
		assert_int_equal(a->pos, b->pos);
		assert_int_equal(a->line, b->line);
		assert_int_equal(a->col, b->col);
		assert_int_equal(a->rec_closed, b->rec_closed);
		if (ga != 1) {
			assert_int_equal(tb_reader_ended_clean(a), tb_reader_ended_clean(b));
			break;
		}
		assert_int_equal(tb_record_errors(x), tb_record_errors(y));
		assert_int_equal(tb_record_line(x), tb_record_line(y));
		assert_int_equal(tb_record_source_size(x), tb_record_source_size(y));
		assert_int_equal(tb_record_source_offset(x), tb_record_source_offset(y));
		assert_ptr_equal(x->game, y->game);
		assert_int_equal(x->result, y->result);
		assert_int_equal(x->offboard, y->offboard);
		assert_int_equal(x->start != NULL, y->start != NULL);
		if (x->start)
			S_same_start(x->start, y->start, name);
		assert_null(x->main.first);
		assert_null(x->trail);
		assert_int_equal(x->ntags, y->ntags);
		for (size_t i = 0; i < x->ntags; i++)
			S_same_tag_read(&y->tags[i], &x->tags[i], name);
		S_same_opts(&x->opts, &y->opts, name);
		tb_record_free(x);
		tb_record_free(y);
	}
	assert_int_equal(b->fast_records, 0);
	assert_int_equal(b->fast_tags, 0);
	S_tags_taken += a->fast_tags;
	size_t fast = a->fast_records;
	tb_reader_free(a);
	tb_reader_free(b);
	return fast;
}

/* S_same_tiers_of, 'n' bytes at 'src' read from memory. */
static size_t S_same_tiers(const char *src, size_t n, const char *name)
{
	return S_same_tiers_of(tb_reader_new_mem(src, n, name), tb_reader_new_mem(src, n, name),
	                       name);
}

/* What the fast tier takes, and what it leaves to the parser: each
 * case read both ways (S_same_tiers), and whether the fast tier took
 * its first record. */
static void test_fast_tier_cases(void **state)
{
	(void)state;
	static const struct {
		const char *src;
		int fast;
	} cases[] = {
		{"[Game \"pitarra\"]\n\n1. d5 f4 2. c5 d1 *\n\n[Game \"pitarra\"]\n1. d5 *\n", 1},
		{"[Game \"pitarra\"]\n[Result \"1-0\"]\n1. d5 $1 f4!? {a} {@es b c}\n2. c5 1-0 {end}\n"
		 "{more\nlines}\n[Game \"pitarra\"]\n1. d5 *\n", 1},
		{"[Game \"asalto\"]\n[Result \"0-1\"]\n1. d3-d4 d6xd4 (1... e5-e6 {x} (1... d6-d5)) "
		 "2. c4-c5 0-1\n[Game \"asalto\"]\n*\n", 1},
		{"[Game \"ocencahuac\"]\n1. c1-d2 c8^c6 $10 2. d2-d4 e8^c8^e6!? $27 3. b1-e1 c6-a4 "
		 "4. d4-a7 e6^c8 5. a7-b8= {«¡ahí!» لعبة} 5... c8^a8>d1 1/2-1/2\n[Game \"x\"]\n", 1},
		{"[Game \"pitarra\"]\n1. d5 f4 2. c5 d1 *\n", 1},               /* the input's end */
		{"[Game \"pitarra\"]\n1. d5 f4 2. c5 d1 1-0", 1},
		{"[Game \"pitarra\"]\n1. d5 f4 2. c5 d1 * {a}  \n\t ", 1},
		{"[Game \"pitarra\"]\n1. d5 f4 2.", 0},
		{"[Game \"pitarra\"]\n1. d5 f4 3. c5 d1 *\n[Game \"pitarra\"]\n", 0}, /* the count */
		{"[Game \"pitarra\"]\n1. d5 f4 2... c5 *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n[Result \"1-0\"]\n1. d5 0-1\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. d5 f4\n[Game \"pitarra\"]\n", 0},        /* no result */
		{"[Game \"pitarra\"]\n1. d9 *\n[Game \"pitarra\"]\n", 0},          /* off the board */
		{"[Game \"pitarra\"]\n1. d5x *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. d5 () *\n[Game \"pitarra\"]\n", 0},       /* empty */
		{"[Game \"pitarra\"]\n1. d5 ( {x} ) *\n[Game \"pitarra\"]\n", 1},
		{"[Game \"pitarra\"]\n(1. d5) *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. d5 (f4 *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. d5 ) *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n$1 1. d5 *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. d5 $256 *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. d5 {[%csl Gd5]} *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. d5 {a\\}b \\\\ \\@ \\x \\\n} *\n[Game \"pitarra\"]\n", 1},
		{"[Game \"pitarra\"]\n1. d5 {a\\\rb} *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. d5 {bad \xff} *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. d5 {a\n\n[Game \"pitarra\"]\n1. d5 *\n", 0},
		{"[Game \"pitarra\"]\n1. d5\r\nf4 *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. d5 ;c } \\ {\nf4 *\n[Game \"pitarra\"]\n", 1},
		{"[Game \"pitarra\"]\n1. d5 f4 * ;@es fin", 1},
		{"[Game \"pitarra\"]\n1. d5 ;c [x]\nf4 *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. d5 ;c\r\nf4 *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. d5 <gap 2> *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. pass f4 *\n[Game \"pitarra\"]\n", 1},
		{"[Game \"pitarra\"]\n1. ? f4 *\n[Game \"pitarra\"]\n", 1},
		{"[Game \"pitarra\"]\n[Recording \"a.ogg\"]\n1. d5 @0:00:01 *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1. d5 * x\n[Game \"pitarra\"]\n", 0},       /* after the result */
		{"[Game \"pitarra\"]\n1. d5 * [Game \"pitarra\"]\n", 0},          /* not a line's start */
		{"[Game \"pitarra\"]\n1. d5 1-0 $1\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1\xe2\x80\xa6 d5 *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n0. d5 *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1.. d5 *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"pitarra\"]\n1234567. d5 *\n[Game \"pitarra\"]\n", 0},
		{"[Game \"nope\"]\n1. d5 *\n[Game \"pitarra\"]\n", 0},            /* no game: skipped */
		{"[Game \"ocencahuac\"]\n1. c1-d2 c8^a8> *\n[Game \"x\"]\n", 0},  /* '>' no point */
		{"[Game \"pitarra\"]\n1. d5 f4\t2.c5 d1*\n[Game \"pitarra\"]\n", 1},
		{"[Game \"pitarra\"] 1. d5 f4 {x} 1-0 {y}\n[Game \"pitarra\"]\n", 1},
		/* a move read before (the memo's), then written again and
		 * followed by bytes no word ends with */
		{"[Game \"pitarra\"]\n1. d5 f4 2. c5 d1 3. d5\xc3\xa9 *\n[Game \"pitarra\"]\n1. d5 "
		 "f4\x01 *\n\n[Game \"pitarra\"]\n1. d5\tf4\r\n2. c5 d1 *\n[Game \"pitarra\"]\n1. d5"
		 "\nf4 2. c5 d1) *\n[Game \"pitarra\"]\n1. d5\nf4 2. c5 d1 *\n", 0},
		{"[Game \"pitarra\"]\n1. d5 f4 2. c5 d1 *\n\n[Game \"pitarra\"]\n1. d5\nf4 2. c5 d1 *\n"
		 "[Game \"pitarra\"]\n1. d5 f4 2. c5 d1 3. f4\n*\n", 1},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *src = cases[i].src;
		tb_reader *r = tb_reader_new_mem(src, strlen(src), "t.tgn");
		tb_reader_set_check_only(r, 1);
		tb_record *rec;
		assert_int_equal(tb_reader_next(r, &rec), 1);
		if ((int)r->fast_records != cases[i].fast)
			fail_msg("case %zu \"%s\": the fast tier took %zu", i, src, r->fast_records);
		tb_record_free(rec);
		tb_reader_free(r);
		S_same_tiers(src, strlen(src), "t.tgn");
		S_same_checking(src, strlen(src), "t.tgn");
	}
}

/* 'src' ('n' bytes) read whole (not checking) with the memos and
 * without (r->no_fast): the same diagnostics, tags and options. */
static void S_same_whole(const char *src, size_t n, const char *name)
{
	tb_reader *a = tb_reader_new_mem(src, n, name), *b = tb_reader_new_mem(src, n, name);
	assert_non_null(a);
	assert_non_null(b);
	b->no_fast = 1;
	for (;;) {
		tb_record *x = NULL, *y = NULL;
		int ga = tb_reader_next(a, &x), gb = tb_reader_next(b, &y);
		assert_int_equal(ga, gb);
		tt_same_diags(a, b, name, "with the memos", "without");
		if (ga != 1)
			break;
		assert_int_equal(tb_record_errors(x), tb_record_errors(y));
		assert_int_equal(x->ntags, y->ntags);
		for (size_t i = 0; i < x->ntags; i++) {
			assert_string_equal(x->tags[i].name, y->tags[i].name);
			assert_string_equal(x->tags[i].value, y->tags[i].value);
		}
		S_same_opts(&x->opts, &y->opts, name);
		tb_record_free(x);
		tb_record_free(y);
	}
	tb_reader_free(a);
	tb_reader_free(b);
}

/* Records made from 'count' values (the i-th is values[(i * 7) % nv],
 * every 'every'-th with a byte changed to one of 'swaps', at a place
 * that moves on) by 'write' (the record of value 'v', the i-th, into
 * 'dst' of 'room' bytes: snprintf's answer), then read both ways
 * checking (S_same_tiers) and whole (S_same_whole): the memo tests'
 * inputs, each value read again many times, changed and not. */
static void S_values_read_both_ways(const char *const *values, size_t nv, const char *swaps,
                                    size_t count, size_t every,
                                    int (*write)(char *dst, size_t room, size_t i, const char *v),
                                    const char *name)
{
	size_t cap = 1 << 18, len = 0, nswaps = strlen(swaps);
	char *src = malloc(cap);
	assert_non_null(src);
	for (size_t i = 0; i < count; i++) {
		char v[256];
		snprintf(v, sizeof v, "%s", values[(i * 7) % nv]);
		size_t vn = strlen(v);
		if (i % every == every - 1 && vn) /* a byte changed */
			v[(i / every) % vn] = swaps[(i / 3) % nswaps];
		int n = write(src + len, cap - len, i, v);
		assert_true(n > 0 && (size_t)n < cap - len);
		len += (size_t)n;
	}
	S_same_tiers(src, len, name);
	S_same_whole(src, len, name);
	free(src);
}

/* A record of each game in turn, with [Rules "v"] and a few turns. */
static int S_rules_record(char *dst, size_t room, size_t i, const char *v)
{
	static const char *const games[] = {"pitarra", "ocencahuac", "asalto"};
	const char *g = games[i % 3];
	return snprintf(dst, room, "[Game \"%s\"]\n[Rules \"%s\"]\n\n%s *\n\n", g, v,
	                g[0] == 'p' ? "1. d5 f4 2. x1" : g[0] == 'o' ? "1. c1-d2" : "1. d3-d4");
}

/* A record with [Game "v"]. */
static int S_game_record(char *dst, size_t room, size_t i, const char *v)
{
	(void)i;
	return snprintf(dst, room, "[Game \"%s\"]\n[Result \"*\"]\n\n1. d5 *\n\n", v);
}

/* [Rules] values read by the memo of values with options (tags_rules.c,
 * tb_tags_rules_kept) and the whole way (r->no_fast): values kept, renamed,
 * failing, too long to keep, of another game, spelled otherwise, and
 * each mutated a byte at a time, many times over in one input, so that
 * a value read again is read from the memo -- the same diagnostics,
 * tags, options (and moves, on the board the options make), read
 * checking and whole. */
static void test_rules_memo(void **state)
{
	(void)state;
	static const char *const values[] = {
		"pitarra; board=24", "PITARRA ;board=24 ", "pitarra;board=24", "ocencahuac; river=4",
		"ocencahuac; river=4; push_fallback=none", "asalto; chain=angle", "pitarra; board=99",
		"pitarra; nope=1", "pitarra; board=24; board=24", "pitarra", "?", "asalto; board=24",
		"ocencahuac; river=3", "ocencahuac; push_fallback=sideways; river=4",
		"pitarra; board=24; a=1; b=2; c=3; d=4; e=5; f=6; g=7; h=8; i=9; j=10; k=11; l=12; "
		"m=13; n=14; o=15; p=16; q=17", "ocencahuac; river=4;", "pitarra; board=", "??", "? ",
		"?;", "",
	};
	S_values_read_both_ways(values, sizeof values / sizeof values[0], "; =a9Z?", 1500, 5,
	                        S_rules_record, "rules.tgn");
}

/* [Game] values read by the games found before (tags.c, S_game_named)
 * and by tb_game_find each time (r->no_fast): the games' names, spelt
 * in other cases, a byte changed, cut short or made longer, names of the
 * same length as a game's, interleaved so that each is read with the
 * others found before -- the same games, diagnostics and tags, read
 * checking and whole. */
static void test_game_memo(void **state)
{
	(void)state;
	static const char *const values[] = {
		"pitarra", "ocencahuac", "asalto", "Pitarra", "PITARRA", "pitarrA", "pitarrb",
		"pitarr", "pitarraa", "Asalto", "asaltO", "asalt", "asaltoo", "OCENCAHUAC",
		"ocencahuaz", "ocencahua", "xitarra", "xsalto", "abcdefghij", "nope", "x", "",
		"pitarra ", " asalto", "pit\"arra",
	};
	S_values_read_both_ways(values, sizeof values / sizeof values[0], "aAzZ?-_9", 1200, 4,
	                        S_game_record, "games.tgn");
}

/* The records of 'src' ('n' bytes) the parser reads checking without
 * a diagnostic. */
static size_t S_records_told_nothing(const char *src, size_t n)
{
	tb_reader *r = tb_reader_new_mem(src, n, "t.tgn");
	assert_non_null(r);
	tb_reader_set_check_only(r, 1);
	r->no_fast = 1;
	size_t quiet = 0;
	tb_record *rec;
	while (tb_reader_next(r, &rec) == 1) {
		quiet += tb_reader_ndiags(r) == 0;
		tb_record_free(rec);
	}
	tb_reader_free(r);
	return quiet;
}

/* Move numbers as the fast tier's short way reads them (one or two
 * digits, then '.' or '...') and as its loop does (the rest): each
 * number of up to three digits, of the count or not, with 0 to 4 dots,
 * before a blank, a word, a LF or the result, near the input's end or
 * not, after either side's turn -- read both ways (S_same_tiers). */
static void test_fast_tier_numbers(void **state)
{
	(void)state;
	static const char *const before[] = {"1. d5 f4 ", "1. d5 ", "1. d5 f4 2. c5 d1 3. g7 e3 "
	                                     "4. a4 e5 5. a1 d2 6. g1 b2 7. b6 c4 8. f6 a7 9. c3 g4 "
	                                     "10. b4 d6 11. e4 c1 "};
	static const char *const nums[] = {"2", "02", "002", "1", "3", "0", "00", "12", "20",
	                                   "2a", "11", "012", "120"};
	static const char *const dots[] = {"", ".", "..", "...", "...."};
	static const char *const after[] = {" c5 d1 *", "c5 d1 *", "\nc5 d1 *", " *", "*", " 1-0"};
	static const char *const tail[] = {"\n[Game \"pitarra\"]\n1. d5 *\n", "", "\n"};
	char src[512];
	size_t fast = 0, runs = 0;
	for (size_t b = 0; b < sizeof before / sizeof before[0]; b++)
		for (size_t n = 0; n < sizeof nums / sizeof nums[0]; n++)
			for (size_t d = 0; d < sizeof dots / sizeof dots[0]; d++)
				for (size_t a = 0; a < sizeof after / sizeof after[0]; a++)
					for (size_t t = 0; t < sizeof tail / sizeof tail[0]; t++) {
						int len = snprintf(src, sizeof src, "[Game \"pitarra\"]\n%s%s%s%s%s",
						                   before[b], nums[n], dots[d], after[a], tail[t]);
						assert_true(len > 0 && (size_t)len < sizeof src);
						size_t took = S_same_tiers(src, (size_t)len, "t.tgn");
						/* of these plain records, the fast tier takes
						 * each the parser reads without a word */
						if (took != S_records_told_nothing(src, (size_t)len))
							fail_msg("\"%s\": the fast tier took %zu", src, took);
						fast += took;
						runs++;
					}
	assert_true(fast > runs / 20); /* the short way is taken, and often */
}

/* What the tag section's fast tier (parse_fast_tags.c) takes of a
 * record's first tags, and what it leaves to the parser -- each case
 * read both ways (S_same_tiers) and whole (S_same_checking): escapes,
 * bad UTF-8, empty values, names given twice, missing quotes, unknown
 * names, [Position] and [Rules] whose checks fail, two tags a line. */
static void test_fast_tier_tags(void **state)
{
	(void)state;
	static const struct {
		const char *src;
		size_t taken;
	} cases[] = {
		{"[Game \"pitarra\"]\n[Site \"Sevilla, Espa\xc3\xb1" "a\"]\n[Result \"*\"]\n\n1. d5 *\n", 3},
		{"[Game \"pitarra\"]\n[Site \"a\\\"b\"]\n[Date \"?\"]\n\n*\n", 2},    /* an escape */
		{"[Game \"pitarra\"]\n[Site \"a\\\\b\"]\n*\n", 1},
		{"[Game \"pitarra\"]\n[Site \"\"]\n[Date \"?\"]\n*\n", 2},          /* empty: warned */
		{"[Game \"pitarra\"]\n[Game \"asalto\"]\n*\n", 1},                  /* twice */
		{"[Game \"pitarra\"]\n[Rojo \"x\"]\n[Rojo \"y\"]\n*\n", 2},
		{"[Game \"pitarra\"]\n[Site Sevilla]\n*\n", 1},                     /* no quotes */
		{"[Game \"pitarra\"]\n[Site \"Sevilla]\n*\n", 1},
		{"[Game \"pitarra\"]\n[Site \"Sevilla\"\n[Date \"?\"]\n*\n", 2},    /* no ']' */
		{"[Game \"pitarra\"]\n[Site \"a\xff\"]\n*\n", 1},                   /* bad UTF-8 */
		{"[Game \"pitarra\"]\n[Site \"ab\xc3\"]\n*\n", 1},
		{"[Game \"pitarra\"]\n[Site \"\xc0\xaf\"]\n*\n", 1},
		{"[Game \"pitarra\"]\n[Site \"\xed\xa0\x80 surrogate\"]\n*\n", 1},
		{"[Game \"pitarra\"]\n[Site \"0123456789abcd\xc3\xb1" "efgh\"]\n*\n", 2}, /* 2 blocks */
		{"[Game \"pitarra\"]\n[Site \"0123456789abcde\xc3\xb1" "fgh\"]\n*\n", 2}, /* a cut lead */
		{"[Game \"pitarra\"]\n[Site \"\xe2\x80\x94\xe2\x80\x94 \xf0\x9f\x98\x80 \xd8\xa3\"]\n*\n",
		 2},
		{"[Game \"pitarra\"]\n[Site \"a\x01" "b\"]\n*\n", 1},                /* a control */
		{"[Game \"pitarra\"]\n[Site \"a\x7f" "b\"]\n*\n", 1},
		{"[Game \"pitarra\"]\n[Site \"a\tb\"]\n*\n", 2},
		{"[Game \"pitarra\"]\n[Sitio \"x\"]\n[site \"y\"]\n[A_1 \"z\"]\n*\n", 4}, /* unknown */
		{"[Game \"pitarra\"]\n[1Site \"x\"]\n[_S \"y\"]\n*\n", 1},
		{"[Game \"asalto\"]\n[Position \"A 1 A:c1,d1 D:d6,e5\"]\n*\n", 2},
		{"[Game \"asalto\"]\n[Position \"A 1 A:c1,z9 D:d6\"]\n*\n", 2},    /* a bad one */
		{"[Game \"asalto\"]\n[Position \"?\"]\n*\n", 2},
		{"[Game \"pitarra\"]\n[Rules \"pitarra; nope=1\"]\n*\n", 2},
		{"[Game \"nope\"]\n[Date \"1999\"]\n*\n", 2},                      /* checks fail */
		{"[Game \"pitarra\"] [Site \"x\"]\n*\n", 2},                        /* two a line */
		{"[Game \"pitarra\"]\r\n[Site \"x\"]\r\n*\n", 2},
		{"[Game \"pitarra\"] {c}\n[Site \"x\"]\n*\n", 2},                   /* a comment */
		{"{c}\n[Game \"pitarra\"]\n[Site \"x\"]\n*\n", 1},
		{"[Game \"pitarra\"]\n{c}\n[Site \"x\"]\n*\n", 1},
		{"[Game\t\"pitarra\"\t]\n[Site  \"x\" ]\n*\n", 2},
		{"[ Game \"pitarra\"]\n*\n", 0},
		{"[Game\"pitarra\"]\n*\n", 0},
		{"[Game \"pitarra\"]", 0},                                          /* the input's end */
		{"[Game \"pitarra\"]\n[", 1},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *src = cases[i].src;
		tb_reader *r = tb_reader_new_mem(src, strlen(src), "t.tgn");
		tb_reader_set_check_only(r, 1);
		tb_record *rec = NULL;
		assert_true(tb_reader_next(r, &rec) >= 0);
		if (r->fast_tags != cases[i].taken)
			fail_msg("case %zu \"%s\": the fast tier took %zu tags", i, src, r->fast_tags);
		tb_record_free(rec);
		tb_reader_free(r);
		S_same_tiers(src, strlen(src), "t.tgn");
		S_same_checking(src, strlen(src), "t.tgn");
	}
}

/* 'k' changes to the tag lines of a copy of 'src', by a seeded
 * generator, each of a kind the tag section's fast tier must leave to
 * the parser or take as it does: an escape, a bad or cut UTF-8
 * sequence, a control, a value emptied, a line given twice, a quote or
 * ']' taken out, a name misspelt, a [Position] put in (right or not), a
 * comment, a CR, a second tag on the line. */
static size_t S_mutate_tags(const char *src, size_t n, char *out, size_t cap, unsigned seed,
                            int k)
{
	static const char *const put[] = {
		"\\\"", "\\\\", "\xff", "\xc3", "\xc0\xaf", "\x01", "\x7f", "\t", "\xe2\x80\x94",
		"\xd8\xa3\xd8\xa8", " {c}", "\r", " [Site \"x\"]",
	};
	static const char *const lines[] = {
		"[Position \"A 1 A:c1,d1,e1 D:d6,e5\"]\n", "[Position \"A 1 A:c1,z9 D:d6\"]\n",
		"[Position \"\"]\n", "[Sitio \"x\"]\n", "[game \"pitarra\"]\n", "[Rules \"?\"]\n",
		"[Date \"2001.13.40\"]\n", "[Result \"2-0\"]\n", "[Site \"\"]\n",
	};
	unsigned long long x = seed * 6364136223846793005ULL + 1442695040888963407ULL;
	size_t len = n < cap ? n : cap;
	memcpy(out, src, len);
	for (int i = 0; i < k && len > 40; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		/* a tag line: the first '[' at a line's start from a place */
		size_t at = (size_t)(x >> 33) % len;
		while (at < len && !(out[at] == '[' && (at == 0 || out[at - 1] == '\n')))
			at++;
		char *eol = at < len ? memchr(out + at, '\n', len - at) : NULL;
		if (!eol)
			continue;
		size_t end = (size_t)(eol - out) + 1, r = (size_t)(x >> 20) % 5;
		char *q = memchr(out + at, '"', end - at);
		size_t v = q ? (size_t)(q - out) + 1 : at + 1; /* the value's first byte */
		const char *s = r == 0 ? lines[(x >> 8) % (sizeof lines / sizeof *lines)]
		              : r <= 2 ? put[(x >> 8) % (sizeof put / sizeof *put)] : NULL;
		if (r == 3 && len + (end - at) <= cap) { /* the line twice */
			memmove(out + end + (end - at), out + end, len - end);
			memcpy(out + end, out + at, end - at);
			len += end - at;
		} else if (r == 4) { /* a byte of its shape out: '"' or ']' or a blank */
			size_t w = (x >> 8) & 1 ? end - 2 : v - 1;
			memmove(out + w, out + w + 1, len - w - 1);
			len--;
		} else if (s && len + strlen(s) <= cap) {
			size_t m = strlen(s), to = r == 0 ? end : r == 1 ? v + ((x >> 12) % 4) : end - 1;
			if (to > len)
				continue;
			memmove(out + to + m, out + to, len - to);
			memcpy(out + to, s, m);
			len += m;
		}
	}
	return len;
}

/* Records that set up positions from a few texts, again and again --
 * right and wrong ones, of each game, with a key=value field, on a board
 * a [Rules] option changed -- read checking with the memo of positions
 * (tags.c) and without it (S_same_tiers): the same start positions and
 * diagnostics every time a text comes back. */
static void test_fast_tier_positions(void **state)
{
	(void)state;
	static const char *const setups[] = {
		"[Game \"asalto\"]\n[Position \"A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3 D:d6,e7\"]\n",
		"[Game \"asalto\"]\n[Position \"A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3 D:d6,e5\"]\n",
		"[Game \"asalto\"]\n[Position \"D 7 A:c1,d1,e1 D:d6,e5\"]\n",
		"[Game \"asalto\"]\n[Position \"A 1 A:c1,z9 D:d6\"]\n",
		"[Game \"asalto\"]\n[Position \"A 1 A:c1,d1 D:c1\"]\n",
		"[Game \"pitarra\"]\n[Position \"R 20 R:d1,d2,c3,f4 Y:a1,g7,g4,a7\"]\n",
		"[Game \"pitarra\"]\n[Position \"R 20 R:d1,d2,c3 Y:a1,g7,g4\"]\n",
		"[Game \"pitarra\"]\n[Position \"R 20 R:d1,d2,c3 Y:a1,g7,g4 quiet=3\"]\n",
		"[Game \"pitarra\"]\n[Rules \"pitarra; board=24\"]\n[Position \"R 20 R:d1,d2,c3 "
		"Y:a1,g7,g4\"]\n",
		"[Game \"ocencahuac\"]\n[Position \"C 1 S:Ea1,Mb1,Pc1,Ga2,Gb2,Gc2 C:Gc7,Gd7,Ge7,Pc8,"
		"Md8,Ee8\"]\n",
		"[Game \"ocencahuac\"]\n[Rules \"ocencahuac; river=5\"]\n[Position \"C 1 S:Ea1,Mb1,"
		"Pc1,Ga2,Gb2,Gc2 C:Gc7,Gd7,Ge7,Pc8,Md8,Ee8\"]\n",
		"[Game \"ocencahuac\"]\n[Position \"C 1 S:Ea1,Mb1,Pc1,Ga2,Gb2,Gc2 C:Gc9,Gd7\"]\n",
		"[Game \"ocencahuac\"]\n[Rules \"ocencahuac; river=5\"]\n[Position \"C 1 S:Ea1,Mb1,"
		"Pc1,Ga2,Gb2,Gc2 C:Gc9,Gd7\"]\n",
		"[Game \"pitarra\"]\n[Position \"A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3 D:d6,e7\"]\n",
	};
	size_t n = sizeof setups / sizeof *setups;
	tt_str src = {0};
	unsigned long long x = 11;
	for (int i = 0; i < 600; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		tt_puts(&src, setups[(x >> 33) % n]);
		tt_puts(&src, "\n*\n\n");
	}
	/* and many texts of one length, a few hundred of them again: more
	 * than the memo has places, so that texts share one (and only the
	 * text tells them apart) */
	for (int i = 0; i < 3000; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		unsigned k = (unsigned)(x >> 33) % (i % 2 ? 300 : 4000);
		tt_printf(&src, "[Game \"asalto\"]\n[Position \"A 1 A:c1,d1,e1 D:%c%u,%c%u\"]\n\n*\n\n",
		          'a' + k % 8, 1 + k / 8 % 8, 'a' + k / 64 % 8, 1 + k / 512 % 8);
	}
	S_same_tiers(src.d, src.n, "positions.tgn");
	free(src.d);
}

/* What test_fast_tier_corpora walks (tt_each_file): each file read by
 * either tier, the samples (folder 0) mutated too; adds to '*ctx' the
 * samples' records the fast tier took. */
static void S_tiers_file(void *ctx, size_t k, const char *path, const char *buf, size_t n)
{
	size_t f = S_same_tiers(buf, n, path);
	if (k != 0)
		return;
	*(size_t *)ctx += f;
	size_t mcap = n + 4096;
	char *mm = malloc(mcap);
	assert_non_null(mm);
	for (unsigned s = 1; s <= (TT_SANITIZED ? 3u : 12u); s++)
		S_same_tiers(mm, S_mutate(buf, n, mm, mcap, s, 1 + (int)s), path);
	free(mm);
}

/* The bench's collection (bench/gen.c: a megabyte the unit target
 * makes, TB_BENCH_SAMPLE), every sample, the spec's and fuzzing's
 * inputs, and mutated records: the same read by either tier, and the
 * fast tier takes most of the collection -- a fast tier that takes
 * nothing would pass the comparisons, and fails here. */
static void test_fast_tier_corpora(void **state)
{
	(void)state;
	const char *bench = tt_bench_path();
	char *buf;
	size_t n = tt_bench_slurp(&buf);
	assert_true(n > 100000);
	size_t records = tt_lines_starting(buf, n, "[Game ");
	size_t tag_lines = tt_lines_starting(buf, n, "[");
	S_tags_taken = 0;
	size_t fast = S_same_tiers(buf, n, bench);
	print_message("the fast tier took %zu of the collection's %zu records, %zu of its %zu tags\n",
	              fast, records, S_tags_taken, tag_lines);
	if (fast * 10 < records * 8)
		fail_msg("the fast tier took %zu of the collection's %zu records", fast, records);
	/* and most of its tags: a tag fast tier that takes none fails here */
	if (S_tags_taken * 10 < tag_lines * 8)
		fail_msg("the tag fast tier took %zu of the collection's %zu tags", S_tags_taken,
		         tag_lines);
	/* and from the file, through the reader's window of chunks, which a
	 * record the fast tier reads may cross */
	FILE *fa = fopen(bench, "rb"), *fb = fopen(bench, "rb");
	assert_non_null(fa);
	assert_non_null(fb);
	assert_int_equal(S_same_tiers_of(tb_reader_new_file(fa, bench), tb_reader_new_file(fb, bench),
	                                 bench),
	                 fast);
	fclose(fa);
	fclose(fb);
	/* mutated: the tiers split the records between them */
	size_t cap = 1 << 16;
	char *m = malloc(cap);
	assert_non_null(m);
	for (unsigned s = 1; s <= (TT_SANITIZED ? 20u : 200u); s++) {
		size_t at = (size_t)s * 7919 % (n - cap / 2);
		size_t len = S_mutate(buf + at, cap / 2, m, cap, s, 1 + (int)(s % 9));
		S_same_tiers(m, len, bench);
	}
	/* mutated tags: what the tag section's fast tier must leave, beside
	 * what it takes (S_mutate_tags) */
	S_tags_taken = 0;
	for (unsigned s = 1; s <= (TT_SANITIZED ? 20u : 200u); s++) {
		size_t at = (size_t)s * 6007 % (n - cap / 2);
		size_t len = S_mutate_tags(buf + at, cap / 4, m, cap, s, 1 + (int)(s % 13));
		S_same_tiers(m, len, bench);
		S_same_checking(m, len, bench);
	}
	print_message("the tag fast tier took %zu tags of the mutated\n", S_tags_taken);
	assert_true(S_tags_taken > 0);
	free(m);
	free(buf);
	static const char *const dirs[] = {
		"samples", "tests/fuzz/corpus/parse", "tests/fuzz/findings/parse",
		"tests/fuzz/corpus/reader", "tests/fuzz/findings/reader",
		"tests/fuzz/corpus/validate", "spec",
	};
	size_t sample_fast = 0;
	size_t files = tt_each_file(dirs, sizeof dirs / sizeof dirs[0], S_tiers_file, &sample_fast);
	print_message("%zu files, the fast tier took %zu records of the samples\n", files,
	              sample_fast);
	assert_true(files >= 20);
	assert_true(sample_fast > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_main_line_shape),
		cmocka_unit_test(test_each_game_builds_its_parts),
		cmocka_unit_test(test_nags_and_suffixes),
		cmocka_unit_test(test_nag_after_a_comment_belongs_to_the_turn),
		cmocka_unit_test(test_variations_nest),
		cmocka_unit_test(test_variation_lead_comment_and_numbers),
		cmocka_unit_test(test_readings),
		cmocka_unit_test(test_gaps_and_the_count),
		cmocka_unit_test(test_gap_of_known_length_keeps_the_count),
		cmocka_unit_test(test_position_restated),
		cmocka_unit_test(test_clock_from_position_tag),
		cmocka_unit_test(test_count_without_numbers),
		cmocka_unit_test(test_wrong_number_is_a_warning_and_the_count_wins),
		cmocka_unit_test(test_comment_attachment),
		cmocka_unit_test(test_comment_text_is_trimmed_and_keeps_line_breaks),
		cmocka_unit_test(test_comments_after_result_belong_to_the_record_before),
		cmocka_unit_test(test_results),
		cmocka_unit_test(test_no_result_warning_points_after_the_last_token),
		cmocka_unit_test(test_movetext_errors),
		cmocka_unit_test(test_bad_token_keeps_the_count),
		cmocka_unit_test(test_reading_alternatives_limit),
		cmocka_unit_test(test_reading_witness_alternatives),
		cmocka_unit_test(test_turn_parts_limit),
		cmocka_unit_test(test_bad_record_then_good_record),
		cmocka_unit_test(test_record_line_and_tags_api),
		cmocka_unit_test(test_variations_nested_5000_deep),
		cmocka_unit_test(test_100000_nul_bytes_in_a_row),
		cmocka_unit_test(test_100000_separate_nul_bytes),
		cmocka_unit_test(test_empty_inputs),
		cmocka_unit_test(test_reader_name_in_diagnostics),
		cmocka_unit_test(test_turn_limit),
		cmocka_unit_test(test_check_sink_cases),
		cmocka_unit_test(test_check_sink_record),
		cmocka_unit_test(test_check_sink_corpora),
		cmocka_unit_test(test_fast_tier_cases),
		cmocka_unit_test(test_fast_tier_numbers),
		cmocka_unit_test(test_rules_memo),
		cmocka_unit_test(test_game_memo),
		cmocka_unit_test(test_fast_tier_tags),
		cmocka_unit_test(test_fast_tier_positions),
		cmocka_unit_test(test_fast_tier_corpora),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
