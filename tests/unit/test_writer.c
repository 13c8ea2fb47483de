/*
 * test_writer.c -- lib/writer.c and lib/equal.c: the canonical form,
 * exact; its fixed point; tb_record_equal.
 */
#include "tb_test.h"

#include "diag.h"
#include "game.h"
#include "record.h"

/* The games' descriptors (lib/games/<name>/game.c), by their symbols. */
extern const tb_game tb_game_pitarra;

#define PIT "[Game \"pitarra\"]\n"

/* The movetext part of the canonical text of 'src' (after the blank
 * line that ends the tags). Caller frees. */
static char *S_moves(const char *src)
{
	char *text = tt_canon(src);
	char *blank = strstr(text, "\n\n");
	assert_non_null(blank);
	char *s = strdup(blank + 2);
	free(text);
	return s;
}

#define assert_moves(src, want) tt_assert_str(S_moves(src), (want))

/* Checks that the canonical text of 'src' is a fixed point: it reads
 * back with no diagnostic, as an equal tree, and writes the same bytes.
 * Returns 0 (and prints why) when it is not. */
/* The diagnostics of 'r' that are not a warning on a tag value with a
 * blank at its edge (TB215), which the canonical form keeps as written,
 * warning included; '*kept' gets how many of those it has. */
static size_t S_other_diags(const tb_reader *r, size_t *kept)
{
	size_t other = 0;
	*kept = 0;
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		const tb_diag *d = tb_reader_diag(r, i);
		if (d->code == 215 && d->severity == TB_WARNING)
			++*kept;
		else
			other++;
	}
	return other;
}

static int S_fixed_point(const char *src, size_t len)
{
	tb_reader *r = tb_reader_new_mem(src, len, "x.tgn");
	tb_record *a;
	int ok = 1;
	assert_int_equal(tb_reader_next(r, &a), 1);
	size_t n1;
	char *w1 = tb_record_write(a, &n1);
	if (!w1) {
		tt_str d = {0};
		tt_diags(&d, r);
		print_message("input has errors:\n%s\n%s\n", src, d.d ? d.d : "");
		free(d.d);
		tb_record_free(a);
		tb_reader_free(r);
		return 0;
	}
	assert_int_equal(n1, strlen(w1));
	tb_reader *r2 = tb_reader_new_mem(w1, n1, "canon.tgn");
	tb_record *b;
	assert_int_equal(tb_reader_next(r2, &b), 1);
	size_t kept1, kept2;
	S_other_diags(r, &kept1);
	if (S_other_diags(r2, &kept2) != 0 || kept2 != kept1) {
		tt_str d = {0};
		tt_diags(&d, r2);
		print_message("canonical text does not read back cleanly:\n%s\n%s\n", w1, d.d);
		free(d.d);
		ok = 0;
	} else if (!tb_record_equal(a, b)) {
		print_message("canonical text reads back as another tree:\n%s\n", w1);
		ok = 0;
	} else {
		char *w2 = tb_record_write(b, NULL);
		if (!w2 || strcmp(w1, w2) != 0) {
			print_message("not a fixed point:\n%s\n---\n%s\n", w1, w2 ? w2 : "(null)");
			ok = 0;
		}
		free(w2);
	}
	tb_record *none;
	assert_int_equal(tb_reader_next(r2, &none), 0); /* one record, no more */
	free(w1);
	tb_record_free(a);
	tb_record_free(b);
	tb_reader_free(r);
	tb_reader_free(r2);
	return ok;
}

/* ===== Exact canonical text ===== */

static void test_canonical_complete_example(void **state)
{
	(void)state;
	tt_assert_fmt("{cuaderno}\n"
	              "[Red \"Ana\"]\n"
	              "[Game \"Pitarra\"]\n"
	              "[Zona \"norte\"] {¿o sur?}\n"
	              "[Date \"1999\"]\n"
	              ";intro\n"
	              "1.D1!  $14 ;bien\n"
	              "A1 2.g1 (2.a7 --) 1/2-1/2 {fin}\n",
	              "{cuaderno}\n"
	              "[Game \"pitarra\"]\n"
	              "[Rules \"?\"]\n"
	              "[Site \"?\"]\n"
	              "[Date \"1999.??.??\"]\n"
	              "[Red \"Ana\"]\n"
	              "[Yellow \"?\"]\n"
	              "[Result \"1/2-1/2\"]\n"
	              "[Zona \"norte\"] {¿o sur?}\n"
	              "\n"
	              "{intro}\n"
	              "1. d1! $14 {bien} 1... a1\n"
	              "2. g1 (2. a7 pass)\n"
	              "1/2-1/2 {fin}\n");
}

static void test_canonical_numbering(void **state)
{
	(void)state;
	/* a second side's turn is numbered when something stands between
	 * it and the first side's turn: a comment, a variation, a gap or a
	 * position; not after NAGs */
	assert_moves(PIT "1. d1 {bien} a1 2. g1 (2. a4) a7 3. d2 $14 d6 4. a4 <gap 1> 5. g7 *",
	             "1. d1 {bien} 1... a1\n2. g1 (2. a4) 2... a7\n3. d2 $14 d6\n"
	             "4. a4 <gap 1>\n5. g7\n*\n");
	assert_moves(PIT "1. d1 a1 <gap> <position \"Y 9 R:d1,g1,d2,b4 Y:a1,a4,c3 hand=4,3\"> 9... a7 10. d3 *",
	             "1. d1 a1 <gap> <position \"Y 9 R:d1,g1,d2,b4 Y:a1,c3,a4 hand=4,3\"> 9... a7\n"
	             "10. d3\n*\n");
	assert_moves(PIT "d1 a1 g1 a7 d2 *", "1. d1 a1\n2. g1 a7\n3. d2\n*\n");
	/* a number that disagrees with the count is kept, and the turns
	 * after it numbered on from it, until one agrees again */
	assert_moves(PIT "1. d1 a1 3. g1 2... a7 *", "1. d1 a1\n3. g1 2... a7\n*\n");
	assert_moves(PIT "1. d1 a1 2. g1 3. d2 a4 g4 a7 *", "1. d1 a1\n2. g1\n3. d2 a4\n4. g4 a7\n*\n");
	assert_moves(PIT "1. d1 a1 2. g1 a7 2. d2 {x} a4 4. g4 *",
	             "1. d1 a1\n2. g1 a7\n2. d2 {x} 2... a4\n4. g4\n*\n");
	assert_moves(PIT "1. d1 a1 (3. g1 a7 d2) 2. g1 *", "1. d1 a1 (3. g1 a7 4. d2)\n2. g1\n*\n");
	assert_moves(PIT "1. d1 a1 5. <gap 2> g1 *", "1. d1 a1\n5. <gap 2>\n6. g1\n*\n");
	/* after a gap of unknown length the number written starts the count */
	assert_moves(PIT "1. d1 a1 3. g1 <gap> 10. d2 a4 e4 *", "1. d1 a1\n3. g1 <gap>\n10. d2 a4\n11. e4\n*\n");
	/* a number past 999999 is left out */
	assert_moves(PIT "1. d1 999999. a1 g1 a7 *", "1. d1\n999999. a1 g1 a7\n*\n");
	assert_moves(PIT "<gap> 5... d7 6. a1 *", "<gap> 5... d7\n6. a1\n*\n");
	assert_moves(PIT "[Position \"Y 5 R:d1,g1,a4 Y:a1,a7 hand=7,8\"]\nd7 6. d2 *",
	             "5... d7\n6. d2\n*\n");
	assert_moves(PIT "1. d1 a1 (1... a7) 1/2-1/2", "1. d1 a1 (1... a7)\n1/2-1/2\n");
	assert_moves(PIT "1. d1 a1 2. g1 (2. a7 {o} g1 (2... d7) 3. a4) (2. d2) a7 *",
	             "1. d1 a1\n2. g1 (2. a7 {o} 2... g1 (2... d7) 3. a4) (2. d2) 2... a7\n*\n");
	assert_moves(PIT "1. d1 (<gap> 3. a1) a1 *", "1. d1 (<gap> 3. a1) 1... a1\n*\n");
}

static void test_canonical_turn_kinds(void **state)
{
	(void)state;
	assert_moves(PIT "1. d1 -- 2. pass a1 3. ? $2 {no se oye} (3. pass a7) ?-d2 *",
	             "1. d1 pass\n2. pass a1\n3. ? $2 {no se oye} (3. pass a7) 3... ?-d2\n*\n");
	assert_moves(PIT "1. d1 <a1 {Doña Chela}|a7 {su nieto}> 2. <g1> $2 a4 3. < d2|?|pass > *",
	             "1. d1 <a1 {Doña Chela} | a7 {su nieto}>\n2. <g1> $2 a4\n3. <d2 | ? | pass>\n*\n");
	assert_moves(PIT "1. d1 a1 <gap 3> 3... a7 <gap> 8. d2 <gap 2-6> 12... d6 <gap 2-2> 14. a4 <gap 0> *",
	             "1. d1 a1 <gap 3> 3... a7 <gap>\n8. d2 <gap 2-6> 12... d6 <gap 2>\n14. a4 <gap 0>\n*\n");
	assert_moves("[Game \"ocencahuac\"]\n1. c7-c8=! a1-a2 2. c1-c8==!? *",
	             "1. c7-c8=! a1-a2\n2. c1-c8==!?\n*\n");
	assert_moves(PIT "{solo}\n*", "{solo}\n*\n");
	assert_moves(PIT "*", "*\n");
	assert_moves(PIT "1. d1 * {fin} ; otra", "1. d1\n* {fin} {otra}\n");
}

static void test_nag_as_suffix(void **state)
{
	(void)state;
	static const char *const cases[][2] = {
		{"1. d1 $1 *", "1. d1!\n*\n"},
		{"1. d1 $2 *", "1. d1?\n*\n"},
		{"1. d1 $3 *", "1. d1!!\n*\n"},
		{"1. d1 $4 *", "1. d1?" "?\n*\n"},
		{"1. d1 $5 *", "1. d1!?\n*\n"},
		{"1. d1 $6 *", "1. d1?!\n*\n"},
		{"1. d1 $0 *", "1. d1 $0\n*\n"},
		{"1. d1 $7 *", "1. d1 $7\n*\n"},
		{"1. d1 $146 *", "1. d1 $146\n*\n"},
		{"1. d1! $2 *", "1. d1! $2\n*\n"},
		{"1. d1 $14 $1 *", "1. d1 $14 $1\n*\n"},
		{"1. d1 $1 $1 *", "1. d1! $1\n*\n"},
		{"1. d1 a1?! 2. g1 $1 a7 $2 $14 3. d2 $146 *",
		 "1. d1 a1?!\n2. g1! a7? $14\n3. d2 $146\n*\n"},
		/* not on turns that are not moves: a suffix would change them */
		{"1. pass $1 *", "1. pass $1\n*\n"},
		{"1. ? $2 *", "1. ? $2\n*\n"},
		{"1. <d1 | a1> $1 *", "1. <d1 | a1> $1\n*\n"},
		/* a move whose last point is unknown */
		{"1. d1x? $2 *", "1. d1x?" "?\n*\n"},
		{"1. ?! *", "1. ?!\n*\n"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char src[256];
		snprintf(src, sizeof src, PIT "%s", cases[i][0]);
		char *got = S_moves(src);
		if (strcmp(got, cases[i][1]) != 0)
			fail_msg("'%s' is written '%s', want '%s'", cases[i][0], got, cases[i][1]);
		free(got);
		assert_true(S_fixed_point(src, strlen(src)));
	}
}

static void test_suffix_on_a_huff_then_pass(void **state)
{
	(void)state;
	/* An Asalto huff with no move after it, annotated: whatever the
	 * writer chooses, it must read back as the same record. */
	const char *src = "[Game \"asalto\"]\n1. Hd6/pass $1 d6-d5 *";
	assert_true(S_fixed_point(src, strlen(src)));
	const char *src2 = "[Game \"asalto\"]\n1. Hd6/pass $6 $14 d6-d5 *";
	assert_true(S_fixed_point(src2, strlen(src2)));
}

static void test_escapes(void **state)
{
	(void)state;
	assert_moves(PIT "1. d1 {dice \\}así\\} y C:\\tablas\\\\} a1 ; fin de la jugada\n*",
	             "1. d1 {dice \\}así\\} y C:\\\\tablas\\\\} 1... a1 {fin de la jugada}\n*\n");
	assert_moves(PIT "1. d1 ; la primera {con llaves}\na1 *",
	             "1. d1 {la primera {con llaves\\}} 1... a1\n*\n");
	assert_moves(PIT "1. d1 {C:\\\\} *", "1. d1 {C:\\\\}\n*\n");
	assert_moves(PIT "1. d1 ;a \\} b\n*", "1. d1 {a \\\\\\} b}\n*\n");
	char *t = tt_canon(PIT "[Notes \"dijo \\\"ya es tercia\\\" y tomó la ficha \\\\ sic\"]\n*");
	assert_non_null(strstr(t, "\n[Notes \"dijo \\\"ya es tercia\\\" y tomó la ficha \\\\ sic\"]\n"));
	free(t);
}

static void test_at_sign_escape(void **state)
{
	(void)state;
	assert_moves(PIT "1. d1 {@ esto no es un idioma} {\\@home en casa} *",
	             "1. d1 {\\@ esto no es un idioma} {\\@home en casa}\n*\n");
	assert_moves(PIT "1. d1 {@es @dos} {@} {  @x} {a \\@ b} {@es} {@ar\nهجوم} *",
	             "1. d1 {@es @dos} {\\@} {\\@x} {a @ b} {@es} {@ar هجوم}\n*\n");
	assert_moves(PIT "1. d1 ;@ x\n;@es y\n* {@fin}", "1. d1 {\\@ x} {@es y}\n* {@fin}\n");
	char *t = tt_canon("{\\@a} [Game \"pitarra\"] {@b c} {\\@d}\n{\\@e}\n*");
	assert_string_equal(t, "{\\@a}\n[Game \"pitarra\"] {@b c} {\\@d}\n[Rules \"?\"]\n[Site \"?\"]\n"
	                       "[Date \"????.??.??\"]\n[Red \"?\"]\n[Yellow \"?\"]\n[Result \"*\"]\n\n"
	                       "{\\@e}\n*\n");
	free(t);
	const char *src = PIT "1. d1 {@ x} {\\@es y} {@es @z} {\\\\@w} *";
	assert_true(S_fixed_point(src, strlen(src)));
}

static void test_several_lead_comments_are_separated_by_spaces(void **state)
{
	(void)state;
	/* spec §10: comments are written "separated by single spaces", as
	 * they are after a turn ("{uno} {dos}") */
	tt_assert_fmt("{a} {b}\n" PIT "{c} {d}\n1. d1 ({e} {f} 1. a1) *",
	              "{a} {b}\n" TT_PITARRA_ROSTER "\n{c} {d}\n1. d1 ({e} {f} 1. a1)\n*\n");
}

/* ===== Refusal ===== */

static void test_refuses_records_with_errors(void **state)
{
	(void)state;
	static const char *const bad[] = {
		PIT "1. h1 *", PIT "[Date \"ayer\"]\n*", PIT "1. d1 (1. a1 *", "1. d1 *",
		"[Game \"chess\"] *", PIT "[Result \"1-0\"] 1. d1 0-1", PIT "1. d1 {\x01} *",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		tb_reader *r;
		tb_record *rec = tt_parse(bad[i], &r);
		assert_true(tb_record_errors(rec) > 0);
		size_t len = 12345;
		assert_null(tb_record_write(rec, &len));
		tb_record_free(rec);
		tb_reader_free(r);
	}
	/* warnings do not stop it */
	tb_reader *r;
	tb_record *rec = tt_parse(PIT "[Site \"\"]\n1. d1 a1 3. g1", &r);
	assert_int_equal(tb_reader_ndiags(r), 3);
	assert_int_equal(tb_record_errors(rec), 0);
	size_t len;
	char *text = tb_record_write(rec, &len);
	assert_non_null(text);
	assert_int_equal(len, strlen(text));
	tb_record_free(rec);
	tb_reader_free(r);
	free(text);
	assert_null(tb_record_write(NULL, NULL));
}

/* ===== A tree built by hand ===== */

static void test_hand_built_tree(void **state)
{
	(void)state;
	tb_record rec;
	memset(&rec, 0, sizeof rec);
	tb_arena *a = &rec.arena;
	rec.game = &tb_game_pitarra;
	rec.ntags = 2;
	rec.tags = tb_arena_alloc(a, 2 * sizeof *rec.tags);
	rec.tags[0].name = "Game";
	rec.tags[0].value = "pitarra";
	rec.tags[1].name = "Notes";
	rec.tags[1].value = "a \"b\" \\ c";
	tb_node *n1 = tb_arena_alloc(a, sizeof *n1);
	tb_node *n2 = tb_arena_alloc(a, sizeof *n2);
	tb_node *n3 = tb_arena_alloc(a, sizeof *n3);
	tb_node *v1 = tb_arena_alloc(a, sizeof *v1);
	n1->kind = TB_NODE_MOVE;
	n1->side = 1;
	n1->number = 5;
	n1->move.nparts = 1;
	n1->move.parts = tb_arena_alloc(a, sizeof(tb_part));
	n1->move.parts[0] = (tb_part){TB_PART_AT, TB_PT(3, 6)};
	n1->nnags = 2;
	n1->nags = tb_arena_alloc(a, 2);
	n1->nags[0] = 2;
	n1->nags[1] = 14;
	tb_comment *c = tb_arena_alloc(a, sizeof *c);
	c->text = "x}y";
	n1->comments = c;
	n2->kind = TB_NODE_GAP;
	n2->side = 2;
	n2->gap_min = 2;
	n2->gap_max = 6;
	n3->kind = TB_NODE_MOVE;
	n3->side = 0;
	n3->number = 9;
	n3->move.nparts = 2;
	n3->move.parts = tb_arena_alloc(a, 2 * sizeof(tb_part));
	n3->move.parts[0] = (tb_part){TB_PART_AT, TB_PT(0, 0)};
	n3->move.parts[1] = (tb_part){TB_PART_STEP, TB_PT(0, 3)};
	v1->kind = TB_NODE_PASS;
	v1->side = 0;
	v1->number = 9;
	tb_line *var = tb_arena_alloc(a, sizeof *var);
	var->first = var->last = v1;
	n3->variations = var;
	n1->next = n2;
	n2->next = n3;
	rec.main.first = n1;
	rec.main.last = n3;
	rec.result = TB_RESULT_FIRST;
	tb_comment *t = tb_arena_alloc(a, sizeof *t);
	t->text = "fin";
	t->lang = "es";
	rec.trail = t;
	size_t len;
	char *s = tb_record_write(&rec, &len);
	assert_non_null(s);
	assert_string_equal(s, "[Game \"pitarra\"]\n[Notes \"a \\\"b\\\" \\\\ c\"]\n\n"
	                       "5... d7? $14 {x\\}y} <gap 2-6>\n9. a1-a4 (9. pass)\n1-0 {@es fin}\n");
	assert_int_equal(len, strlen(s));
	free(s);
	rec.errors = 1;
	assert_null(tb_record_write(&rec, NULL));
	rec.errors = 0;
	rec.game = NULL;
	assert_null(tb_record_write(&rec, NULL));
	tb_arena_free(a);
}

/* ===== Fixed point ===== */

static void test_fixed_point_of_varied_records(void **state)
{
	(void)state;
	static const char *const records[] = {
		PIT "1. d1 a1 *",
		"\xEF\xBB\xBF" PIT "[Site \"El Marqués\"]\r\n\r\n1. d1 a1 *\r\n",
		PIT "[Site \"Querétaro\"]\r1. d1\ra1 *",
		"{Cuaderno 3, página 12}\n[Game \"pitarra\"] {el juego de tercias}\n[Site \"Los Navajos\"]\n"
		"{comentario de la partida}\n1. d1 *",
		PIT "1. d1 {   primera línea\n   segunda línea   } *",
		"[Game \"asalto\"]\n[Site \"القاهرة\"]\n[Defenders \"سعيد\"]\n{@ar المهاجمون يبدأون} 1. c3-c4 *",
		"[Game \"asalto\"]\n1. c3-c4 {@ar هجوم من اليسار} {@es ataque por la izquierda} {@en attack} *",
		PIT "1. d1 a1 (1... g1 2. a1 (2. a7) (2. d2 a7)) 2. g1 *",
		PIT "1. d1 ({mejor era} 1. a1 {?}) a1 *",
		PIT "1. d1 a1 <gap 3> 3... a7 <gap> 8. d2 <gap 2-6> 12... d6 *",
		PIT "1. d1 <a1 {Doña Chela} | a7 {su nieto}> 2. <g1> $2 a4 *",
		PIT "1. <d1 | ? | pass> <a1 | a1-a4xd1> $6 {dudoso} *",
		PIT "1. d1 a1 <gap> <position \"Y 9 R:d1,g1,d2,b4 Y:a1,a4,c3 hand=4,3\"> 9... a7 10. d3 *",
		"[Game \"asalto\"]\n[Position \"A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,"
		"f4,g4,a5,b5,f5,g5 D:e7,d6\"]\n1. c3-c4 *",
		"[Game \"ocencahuac\"]\n[Position \"C 30 S:Ee8+,Md8+,Gc2 C:Ea1,Ga2,Gb2 cool=a1\"]\n30... a2^a4 *",
		"[Game \"ocencahuac\"]\n[Rules \"ocencahuac; chain=yes\"]\n1. a2^a4>a8^c4>c8^c6 c7-c6 2. b4xd4= ? *",
		"[Game \"ocencahuac\"]\n[Rules \"ocencahuac; river=6\"]\n1. c2-c3 c10-c9 *",
		"[Game \"asalto\"]\n1. c3-c4 d6xd4 2. Hd4/e3-e4 pass 3. a3-a4 e7xe5xc5xc3xe3 *",
		PIT "[Rules \"pitarra;movement=slide ;  board=25\"]\n1. d4 *",
		PIT "[Date \"1962-08-15\"]\n[Result \"?\"]\n[Notes \"a \\\\ \\\"b\\\"\"]\n*",
		"[Game \"ocencahuac\"]\n[Rules \"ocencahuac\"]\n[Site \"Tepic, Nayarit\"]\n[Date \"2019.11.2?\"]\n"
		"[Sanganguey \"Itzel Carrillo\"]\n[Ceboruco \"Tonatiuh de la Cruz\"]\n[Result \"1-0\"]\n"
		"[Event \"Encuentro\"]\n[Source \"Video 4 @ 00:03:10-00:21:45\"]\n[Language \"es\"]\n\n"
		"{Primera partida grabada.}\n1. c2-c3 c7-c6 2. b2-b3 d7-d6 3. c3^c5 {salta} c6-c5\n"
		"4. <c1-c2 | c1-d1 {según el video}> <gap 2> 5... e7-e6 6. c5^c7>c8 $1 *",
		PIT "1. d1 a1 2. g1 a7 3. d2 d6 4. a4 d7 5. g4 g7 6. b2 b6 7. f2 f6 8. c3 c5 *",
		PIT "1. d1 {} a1 {@es} *",
		PIT "1. d1 {uno} {dos} ; tres\n{cuatro} a1 *",
		PIT "1. d1 a1 2. {se tardó} g1 *",
		PIT "1. d1 * ; fin",
		PIT "1. d1 ? $2 {no se oye} (1... ? 2. g1) *",
		PIT "1. d1 <a1 | a7> $2 {dos versiones} (1... g1) 2. g1 *",
		PIT "[Tablero \"madera, 60 × 60 cm\"]\n[Annotator \"R. G.\"]\n[Fichas \"corcholatas\"]\n*",
		PIT "1. d1 {x\ny\n\nz} *",
		PIT "[Notes \"\t\"]\n1. d1\t{\tx\t}\t*",
	};
	size_t bad = 0;
	for (size_t i = 0; i < sizeof records / sizeof records[0]; i++)
		if (!S_fixed_point(records[i], strlen(records[i]))) {
			print_message("... for record %zu\n", i);
			bad++;
		}
	assert_int_equal(bad, 0);
}

/* ===== Generated records ===== */

static const char *S_pick(tt_rng *g, const char *const *v, size_t n)
{
	return v[tt_below(g, (unsigned)n)];
}

static const char *const S_pit_pts[] = {
	"a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4",
	"e4", "f4", "g4", "c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7", "?"};
static const char *const S_asa_pts[] = {
	"c1", "d1", "e1", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "e3", "f3", "g3", "a4", "b4",
	"c4", "d4", "e4", "f4", "g4", "a5", "b5", "c5", "d5", "e5", "f5", "g5", "c6", "d6", "e6",
	"c7", "d7", "e7", "?"};

#define NPTS(v) (sizeof v / sizeof v[0])

static void S_point(tt_rng *g, tt_str *s, int game)
{
	if (game == 0) {
		tt_puts(s, S_pick(g, S_pit_pts, NPTS(S_pit_pts)));
	} else if (game == 1) {
		tt_puts(s, S_pick(g, S_asa_pts, NPTS(S_asa_pts)));
	} else if (tt_below(g, 12) == 0) {
		tt_putc(s, '?');
	} else {
		tt_printf(s, "%c%u", 'a' + tt_below(g, 5), 1 + tt_below(g, 8));
	}
}

/* One move token; returns 1 when it is an Asalto huff with no move. */
static int S_move(tt_rng *g, tt_str *s, int game)
{
	S_point(g, s, game);
	if (game == 0) {
		if (tt_below(g, 2)) {
			tt_putc(s, '-');
			S_point(g, s, game);
		}
		if (tt_below(g, 4) == 0) {
			tt_putc(s, 'x');
			S_point(g, s, game);
		}
		return 0;
	}
	if (game == 1) {
		if (tt_below(g, 6) == 0) { /* a huff: the point was the huffed one */
			tt_str tmp = {0};
			tt_puts(&tmp, s->d + s->n - (s->d[s->n - 1] == '?' ? 1 : 2));
			s->n -= tmp.n;
			tt_printf(s, "H%s/", tmp.d);
			free(tmp.d);
			if (tt_below(g, 3) == 0) {
				tt_puts(s, "pass");
				return 1;
			}
			S_point(g, s, game);
		}
		if (tt_below(g, 2)) {
			tt_putc(s, '-');
			S_point(g, s, game);
		} else {
			for (unsigned k = 1 + tt_below(g, 4); k; k--) {
				tt_putc(s, 'x');
				S_point(g, s, game);
			}
		}
		return 0;
	}
	unsigned kind = tt_below(g, 3);
	if (kind == 0) {
		tt_putc(s, '-');
		S_point(g, s, game);
	} else if (kind == 1) {
		tt_putc(s, 'x');
		S_point(g, s, game);
	} else {
		for (unsigned k = 1 + tt_below(g, 3); k; k--) {
			tt_putc(s, '^');
			S_point(g, s, game);
			unsigned extra = tt_below(g, 3);
			if (extra) {
				tt_putc(s, extra == 1 ? '>' : '@');
				S_point(g, s, game);
			}
		}
	}
	for (unsigned k = tt_below(g, 6); k && k <= 2; k--)
		tt_putc(s, '=');
	return 0;
}

static void S_comment(tt_rng *g, tt_str *s)
{
	static const char *const texts[] = {
		"bien", "Querétaro, Gómez", "هجوم من اليسار", "dice \\}así\\}", "C:\\\\tablas\\\\",
		"  espacios  ", "línea\nsegunda", "\\@casa", "a @ b", "Ñandú 😀", "",
	};
	static const char *const langs[] = {"es", "ar", "es-MX", "en"};
	if (tt_below(g, 5) == 0) {
		tt_printf(s, " ;%s\n", tt_below(g, 2) ? "punto y coma" : "@es con idioma");
		return;
	}
	tt_puts(s, " {");
	if (tt_below(g, 3) == 0)
		tt_printf(s, "@%s ", S_pick(g, langs, 4));
	tt_puts(s, S_pick(g, texts, sizeof texts / sizeof texts[0]));
	tt_puts(s, "}");
}

static void S_line(tt_rng *g, tt_str *s, int game, int depth, unsigned *number, int *side,
                   int turns);

/* One turn with what may follow it. */
static void S_turn(tt_rng *g, tt_str *s, int game, int depth, unsigned *number, int *side)
{
	unsigned what = tt_below(g, 20);
	int no_suffix = 0;
	tt_putc(s, ' ');
	if (what == 0) {
		tt_puts(s, tt_below(g, 2) ? "pass" : "--");
		no_suffix = 1;
	} else if (what == 1) {
		tt_putc(s, '?');
		no_suffix = 1;
	} else if (what == 2) {
		tt_putc(s, '<');
		for (unsigned k = 1 + tt_below(g, 3); k; k--) {
			if (tt_below(g, 6) == 0)
				tt_puts(s, "pass");
			else
				S_move(g, s, game);
			if (tt_below(g, 3) == 0)
				S_comment(g, s);
			if (k > 1)
				tt_puts(s, " | ");
		}
		tt_putc(s, '>');
		no_suffix = 1;
	} else {
		no_suffix = S_move(g, s, game);
		if (!no_suffix && tt_below(g, 5) == 0) {
			static const char *const sfx[] = {"!", "?", "!!", "?" "?", "!?", "?!"};
			tt_puts(s, S_pick(g, sfx, 6));
		}
	}
	/* NAGs; an Asalto huff with no move is left without 1..6 first
	 * (see test_suffix_on_a_huff_then_pass) */
	for (unsigned k = tt_below(g, 8) == 0 ? 1 + tt_below(g, 2) : 0; k; k--)
		tt_printf(s, " $%u", no_suffix && what > 2 ? 7 + tt_below(g, 249) : tt_below(g, 256));
	if (tt_below(g, 4) == 0)
		S_comment(g, s);
	if (depth < 3 && tt_below(g, 7) == 0) {
		for (unsigned k = 1 + tt_below(g, 2); k; k--) {
			unsigned vn = *number;
			int vs = *side;
			tt_puts(s, " (");
			S_line(g, s, game, depth + 1, &vn, &vs, 1 + (int)tt_below(g, 4));
			tt_puts(s, " )");
		}
	}
	if (*side)
		++*number;
	*side ^= 1;
}

static void S_line(tt_rng *g, tt_str *s, int game, int depth, unsigned *number, int *side,
                   int turns)
{
	for (int i = 0; i < turns; i++) {
		unsigned what = tt_below(g, 30);
		if (what == 0 && depth == 0) {
			/* a gap of unknown length; the next turn carries its number */
			tt_puts(s, " <gap>");
			*number += 1 + tt_below(g, 5);
			*side = (int)tt_below(g, 2);
			tt_printf(s, " %u%s", *number, *side ? "..." : ".");
		} else if (what == 1) {
			unsigned len = tt_below(g, 4);
			tt_printf(s, " <gap %u>", len);
			*number += (unsigned)(*side + (int)len) / 2;
			*side = (*side + (int)len) % 2;
		} else if (tt_below(g, 3) == 0) {
			tt_printf(s, " %u%s", *number, *side ? "..." : ".");
		}
		S_turn(g, s, game, depth, number, side);
	}
}

static void S_record(tt_rng *g, tt_str *s)
{
	static const char *const games[] = {"pitarra", "asalto", "ocencahuac"};
	static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
	int game = (int)tt_below(g, 3);
	if (tt_below(g, 10) == 0)
		tt_puts(s, "{lead} ");
	tt_printf(s, "[Game \"%s\"]", games[game]);
	if (tt_below(g, 4) == 0)
		S_comment(g, s);
	tt_puts(s, "\n");
	if (tt_below(g, 2))
		tt_puts(s, "[Site \"Los Navajos, \\\"El Marqués\\\" \\\\ Querétaro\"]\n");
	if (tt_below(g, 3) == 0)
		tt_puts(s, "[Date \"1998-07\"]\n");
	if (tt_below(g, 3) == 0)
		tt_puts(s, "[Informant \"Doña Chela\"]\n[Zona \"النقاط التسع\"]\n");
	if (tt_below(g, 4) == 0)
		S_comment(g, s);
	unsigned number = 1;
	int side = 0;
	S_line(g, s, game, 0, &number, &side, (int)tt_below(g, 25));
	tt_printf(s, " %s", results[tt_below(g, 4)]);
	if (tt_below(g, 5) == 0)
		S_comment(g, s);
	tt_puts(s, "\n");
}

static void test_fixed_point_of_generated_records(void **state)
{
	(void)state;
	tt_rng g = {20261130};
	size_t bad = 0;
	for (int i = 0; i < 1500; i++) {
		tt_str s = {0};
		S_record(&g, &s);
		if (!S_fixed_point(s.d, s.n)) {
			print_message("... for generated record %d:\n%s\n", i, s.d);
			if (++bad > 5)
				break;
		}
		free(s.d);
	}
	assert_int_equal(bad, 0);
}

/* ===== tb_record_equal ===== */

static void test_record_equal(void **state)
{
	(void)state;
	const char *base =
		"{l}\n[Game \"pitarra\"] {t}\n[Site \"S\"]\n{m}\n1. d1! $14 {c} a1 (1... g1 {v}) "
		"2. <g1 {w} | a7> <gap 2> 3... a4 <gap> <position \"R 9 R:d1 Y:a1 hand=0,0\"> 9. d2x? "
		"1-0 {fin}";
	assert_true(tt_equal(base, base));
	/* the same record, spelled another way */
	assert_true(tt_equal(base,
	                    "{l} [Game \"PITARRA\"] {t}\n[Site \"S\"] [Result \"1-0\"]\r\n{m} 1.D1 $1 $14 "
	                    "; c\n 1... A1 (g1 ;v\n) <g1 {w}|a7> <gap 2-2> a4 <gap> "
	                    "<position \"R  9 Y:a1 R:d1  hand=0,0\"> 9. d2x? 1-0 ;fin"));
	static const char *const other[] = {
		"{l2}", "{t2}", "[Site \"T\"]", "{m2}", "d2!", "d1? $14", "d1! $15", "{c2}", "{@es c}",
		"(1... g1 {v2})", "(1... d7 {v})", "<g1 {w} | a4>", "<g1 | a7>", "<g1 {w}>", "<gap 3>",
		"<gap 1-2>", "Y:a4", "d2x?", "1-0 {fin2}",
	};
	static const char *const orig[] = {
		"{l}", "{t}", "[Site \"S\"]", "{m}", "d1!", "d1! $14", "d1! $14", "{c}", "{c}",
		"(1... g1 {v})", "(1... g1 {v})", "<g1 {w} | a7>", "<g1 {w} | a7>", "<g1 {w} | a7>",
		"<gap 2>", "<gap 2>", "Y:a1", "d2x? ", "1-0 {fin}",
	};
	for (size_t i = 0; i < sizeof other / sizeof other[0]; i++) {
		const char *at = strstr(base, orig[i]);
		assert_non_null(at);
		tt_str s = {0};
		tt_put(&s, base, (size_t)(at - base));
		if (strcmp(orig[i], "d2x? ") == 0)
			tt_puts(&s, "d2x?! ");
		else
			tt_puts(&s, other[i]);
		tt_puts(&s, at + strlen(orig[i]));
		if (tt_equal(base, s.d))
			fail_msg("changing %s to %s leaves the records equal", orig[i], other[i]);
		free(s.d);
	}
	assert_false(tt_equal(PIT "1. d1 *", PIT "1. d1 1-0"));
	assert_false(tt_equal(PIT "1. d1 *", "[Game \"asalto\"] 1. d1-d2 *"));
	assert_false(tt_equal(PIT "1. d1 *", PIT "1. d1 a1 *"));
	assert_false(tt_equal(PIT "1. d1 a1 *", PIT "1. d1 *"));
	assert_false(tt_equal(PIT "1. d1 *", PIT "[Notes \"n\"] 1. d1 *"));
	assert_false(tt_equal(PIT "1. d1 *", PIT "1. pass *"));
	assert_false(tt_equal(PIT "1. pass *", PIT "1. ? *"));
	assert_false(tt_equal(PIT "[Position \"R 1 R:a1 Y:\"] 1. d1 *", PIT "1. d1 *"));
	assert_false(tt_equal("[Game \"ocencahuac\"] 1. c7-c8= *", "[Game \"ocencahuac\"] 1. c7-c8== *"));
	assert_false(tt_equal("[Game \"ocencahuac\"] 1. a2^a4>a7 *", "[Game \"ocencahuac\"] 1. a2^a4@a7 *"));
	assert_false(tt_equal(PIT "1. d1 (1. a1) *", PIT "1. d1 (1. a1) (1. g1) *"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_canonical_complete_example),
		cmocka_unit_test(test_canonical_numbering),
		cmocka_unit_test(test_canonical_turn_kinds),
		cmocka_unit_test(test_nag_as_suffix),
		cmocka_unit_test(test_suffix_on_a_huff_then_pass),
		cmocka_unit_test(test_escapes),
		cmocka_unit_test(test_at_sign_escape),
		cmocka_unit_test(test_several_lead_comments_are_separated_by_spaces),
		cmocka_unit_test(test_refuses_records_with_errors),
		cmocka_unit_test(test_hand_built_tree),
		cmocka_unit_test(test_fixed_point_of_varied_records),
		cmocka_unit_test(test_fixed_point_of_generated_records),
		cmocka_unit_test(test_record_equal),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
