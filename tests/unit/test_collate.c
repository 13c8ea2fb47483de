/*
 * test_collate.c -- lib/collate.c through the public API ("Collating
 * witnesses" in tablero.h, spec/compare.md): tb_collate and
 * tb_collation_witness, and what tb_reader_validate says of a
 * collation.
 *
 * What is checked:
 *   1. the collation of two witnesses, byte for byte: a substitution,
 *      a turn one lacks, tags and comments that differ;
 *   2. each witness read back out of a collation is that witness; a
 *      record collated with itself is itself; a collation collated with
 *      one of its witnesses is itself;
 *   3. a stretch the base lacks counts nothing, a gap in the base counts
 *      its turns: the collation replays as the base does;
 *   4. notes: comments merged and attributed, NAGs that differ, a
 *      variation one witness has, a comment that reads like an
 *      attribution kept as the witness's;
 *   5. a witness's own uncertain reading spread over the collation's;
 *   6. what the rules decide proposed as reconstructed, and a turn a
 *      witness has taken as the text instead;
 *   7. a turn illegal in its witness's line noted, and validate warning
 *      of it along that line, not in the base's;
 *   8. refusals, each with its diagnostic: games, rules, starts, tags
 *      with errors, names given twice; options that cannot be followed;
 *      a witness collated up to its first error;
 *   9. a collation written by hand: a witness not named reads the text,
 *      '?' marks a witness's own reading, languages on attributions;
 *      no such witness, no collation;
 *  10. random games of the three games with random edits, in two and
 *      three copies: every witness read back exactly, a fixed point, and
 *      no error when a witness's line is legal.
 */
#include "tb_test.h"

#include "xalloc.h"

#define S_MAX 8

/* Records read, each by its reader, as files w1.tgn, w2.tgn, ... */
typedef struct S_set {
	tb_reader *r[S_MAX];
	tb_record *rec[S_MAX];
	size_t n;
} S_set;

static void S_read(S_set *s, const char *const *src, size_t n)
{
	s->n = n;
	for (size_t i = 0; i < n; i++) {
		char name[32];
		snprintf(name, sizeof name, "w%zu.tgn", i + 1);
		s->r[i] = tb_reader_new_mem(src[i], strlen(src[i]), name);
		assert_int_equal(tb_reader_next(s->r[i], &s->rec[i]), 1);
	}
}

static void S_free(S_set *s)
{
	for (size_t i = 0; i < s->n; i++) {
		tb_record_free(s->rec[i]);
		tb_reader_free(s->r[i]);
	}
}

/* The collation of the sources (options 'o', may be NULL); its
 * diagnostics, every reader's, into '*diags' (may be NULL). */
static char *S_collate_o(const char *const *src, size_t n, const tb_collate_opts *o,
                         char **diags, char **why)
{
	S_set s;
	S_read(&s, src, n);
	size_t len = 0;
	char *w = NULL;
	char *out = tb_collate(s.r, (const tb_record *const *)s.rec, n, o, &len, &w);
	if (out)
		assert_int_equal(len, strlen(out));
	tt_str d = {0};
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < tb_reader_ndiags(s.r[i]); k++) {
			const tb_diag *g = tb_reader_diag(s.r[i], k);
			if (g->code >= 600 || g->severity == TB_ERROR) {
				char *f = tb_diag_format(g);
				tt_puts(&d, f);
				free(f);
			}
		}
	S_free(&s);
	if (diags)
		*diags = tt_take(&d);
	else
		free(tt_take(&d));
	if (why)
		*why = w;
	else
		free(w);
	return out;
}

static char *S_collate(const char *const *src, size_t n)
{
	return S_collate_o(src, n, NULL, NULL, NULL);
}

/* Witness 'name' read back out of collation 'c' (NULL when it cannot
 * be: its diagnostics into '*diags', may be NULL). */
static char *S_witness_d(const char *c, const char *name, char **diags)
{
	tb_reader *r;
	tb_record *rec = tt_parse(c, &r);
	size_t len = 0;
	char *out = tb_collation_witness(r, rec, name, &len);
	if (out)
		assert_int_equal(len, strlen(out));
	tt_str d = {0};
	tt_diags(&d, r);
	if (diags)
		*diags = tt_take(&d);
	else
		free(tt_take(&d));
	tb_record_free(rec);
	tb_reader_free(r);
	return out;
}

static char *S_witness(const char *c, const char *name)
{
	return S_witness_d(c, name, NULL);
}

/* What validate says of 'src' (diagnostics, formatted). */
static char *S_validate(const char *src)
{
	tb_reader *r;
	tb_record *rec = tt_parse(src, &r);
	tb_reader_validate(r, rec, NULL, NULL);
	tt_str d = {0};
	tt_diags(&d, r);
	tb_record_free(rec);
	tb_reader_free(r);
	return tt_take(&d);
}

/* Asserts that 'got' is 'want'; frees both. */
static void S_same(char *got, char *want, const char *file, int line)
{
	char *w = want;
	tt_str_is(got, w ? w : "(null)", file, line);
	free(want);
}

#define S_assert_same(got, want) S_same((got), (want), __FILE__, __LINE__)

/* The errors validate finds in 'src'. */
static int S_errors(const char *src)
{
	tb_reader *r;
	tb_record *rec = tt_parse(src, &r);
	int n = tb_reader_validate(r, rec, NULL, NULL);
	tb_record_free(rec);
	tb_reader_free(r);
	return n;
}

/* The canonical form of the record 'src' (warnings aside). */
static char *S_canon(const char *src)
{
	tb_reader *r;
	tb_record *rec = tt_parse(src, &r);
	char *out = tb_record_write(rec, NULL);
	assert_non_null(out);
	tb_record_free(rec);
	tb_reader_free(r);
	return out;
}

/* Every witness of collation 'c' (sigla 'names', NULL-ended) is its
 * source in canonical form. */
static void S_reads_back(const char *c, const char *const *names, const char *const *src)
{
	for (size_t i = 0; names[i]; i++) {
		char *want = S_canon(src[i]);
		tt_assert_str(S_witness(c, names[i]), want);
		free(want);
	}
}

#define ROSTER \
	"[Rules \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Red \"?\"]\n[Yellow \"?\"]\n"

/* ===== 1-3. Collations, read back ===== */

static const char *const S_navajos[] = {
	"[Game \"pitarra\"]\n[Site \"Los Navajos, El Marqués\"]\n[Informant \"Doña Chela\"]\n"
	"[Source \"Cuaderno 2, p. 14\"]\n"
	"1. d1 d7 2. a1 {buena} g7 3. g1xd7 a7 4. b2 b6 *\n",
	"[Game \"pitarra\"]\n[Site \"Los Navajos\"]\n[Source \"Cinta 3, lado A @ 00:12:30\"]\n"
	"1.D1 d7 2. a1 g7 3. g1xd7 a7 4. f2 b6 5. b2 *\n",
};

static void test_two_witnesses(void **state)
{
	(void)state;
	/* both lines are legal; the tape's goes a turn further: it is the base */
	char *c = S_collate(S_navajos, 2);
	const char *want =
		"[Game \"pitarra\"]\n" "[Rules \"?\"]\n"
		"[Site \"Los Navajos\"] {A: [Site \"Los Navajos, El Marqués\"]}\n"
		"[Date \"????.??.??\"]\n[Red \"?\"]\n[Yellow \"?\"]\n[Result \"*\"]\n"
		"[Informant \"Doña Chela\"] {B: no [Informant]}\n"
		"[Source \"Cinta 3, lado A @ 00:12:30\"] {A: [Source \"Cuaderno 2, p. 14\"]}\n"
		"[Collation \"B, A\"]\n\n"
		"1. d1 d7\n"
		"2. a1 {A: buena} 2... g7\n"
		"3. g1xd7 a7\n"
		"4. <f2 {B} | b2 {A}> b6\n"
		"5. <b2 {B} | omitted {A}>\n"
		"*\n";
	assert_non_null(c);
	assert_string_equal(c, want);
	const char *const names[] = {"A", "B", NULL};
	S_reads_back(c, names, S_navajos);
	tt_assert_str(S_validate(c), "");
	/* the collation and a witness of it: the collation */
	const char *const again[] = {c, S_navajos[1]};
	tt_assert_str(S_collate(again, 2), want);
	const char *const twice[] = {c, c};
	tt_assert_str(S_collate(twice, 2), want);
	free(c);
	/* a record given twice counts once, under its first name; the next
	 * record keeps its own */
	const char *const thrice[] = {S_navajos[0], S_navajos[0], S_navajos[1]};
	const char *xyz[] = {"x", "y", "z"};
	tb_collate_opts o = {xyz, 3, NULL, NULL};
	char *c3 = S_collate_o(thrice, 3, &o, NULL, NULL);
	assert_non_null(c3);
	assert_non_null(strstr(c3, "[Collation \"z, x\"]"));
	free(c3);
	/* a record with itself: itself */
	const char *const self[] = {S_navajos[0], S_navajos[0]};
	S_assert_same(S_collate(self, 2), S_canon(S_navajos[0]));
	const char *const one[] = {S_navajos[1]};
	S_assert_same(S_collate(one, 1), S_canon(S_navajos[1]));
}

/* The base lacks a turn, then has a gap the other fills: the record
 * counts as the base does, and replays as it does. */
static const char *const S_counts[] = {
	"[Game \"pitarra\"]\n1. d1 a1 <gap 2> 3. d2 a4 4. d3xa1 *\n",
	"[Game \"pitarra\"]\n1. d1 a1 2. g1 b2 3. d2 a4 4. d3xa1 *\n",
	"[Game \"pitarra\"]\n1. d1 a1 2. g1 3. d2 a4 4. d3xa1 *\n",
};

/* The witnesses as they read back out of a collation: numbered by the
 * count (C wrote "3." for its second player's second turn, a number the
 * collation does not collate; spec/compare.md 7). */
static const char *const S_counts_back[] = {
	"[Game \"pitarra\"]\n1. d1 a1 <gap 2> 3. d2 a4 4. d3xa1 *\n",
	"[Game \"pitarra\"]\n1. d1 a1 2. g1 b2 3. d2 a4 4. d3xa1 *\n",
	"[Game \"pitarra\"]\n1. d1 a1 2. g1 d2 3. a4 d3xa1 *\n",
};

static void test_parity(void **state)
{
	(void)state;
	const char *const names[] = {"A", "B", "C", NULL};
	tb_collate_opts o = {NULL, 0, "A", NULL};
	char *c = S_collate_o(S_counts, 3, &o, NULL, NULL);
	assert_non_null(c);
	assert_string_equal(c, "[Game \"pitarra\"]\n" ROSTER "[Result \"*\"]\n"
	                       "[Collation \"A, B, C\"]\n\n"
	                       "1. d1 a1 <gap 2 {A} | g1 {B, C}> <omitted {A, C} | b2 {B}>\n"
	                       "3. d2 a4\n"
	                       "4. d3xa1 {illegal in C: d3 forms no tercia, so no piece may be "
	                       "taken}\n*\n");
	S_reads_back(c, names, S_counts_back);
	assert_int_equal(S_errors(c), 0); /* C is illegal; the base is not */
	free(c);
	/* following the witness that lacks b2, the record counts one turn less */
	o.base = "C";
	c = S_collate_o(S_counts, 3, &o, NULL, NULL);
	assert_non_null(c);
	assert_string_equal(c, "[Game \"pitarra\"]\n" ROSTER "[Result \"*\"]\n"
	                       "[Collation \"C, A, B\"]\n\n"
	                       "1. d1 a1\n"
	                       "2. <g1 {C, B} | gap 2 {A}> <omitted {C, A} | b2 {B}> 2... d2\n"
	                       "3. a4 d3xa1 {illegal in C: d3 forms no tercia, so no piece may be "
	                       "taken}\n*\n");
	S_reads_back(c, names, S_counts_back);
	const char *const again[] = {c, S_counts[0]};
	tt_assert_str(S_collate(again, 2), c);
	free(c);
}

/* ===== 4-5. Notes, and a witness's own readings ===== */

static void test_notes(void **state)
{
	(void)state;
	const char *const src[] = {
		"{Cuaderno de campo}\n[Game \"pitarra\"]\n[Source \"Cuaderno 3, p. 41\"] {letra de L. "
		"Ortiz}\n{@es Enseñada en la plaza.}\n1. d1! {bien} a1 (1... a7 {mejor}) 2. g1 $14 b2 "
		"* {fin}\n",
		"[Game \"pitarra\"]\n[Source \"Cinta 7 @ 00:04:10\"]\n{@es Enseñada en la plaza.}\n"
		"1. d1? {bien} {cuaderno: no es suya} a1 (1... a7 {mejor}) (1... g7) 2. g1 $14 b2 "
		"1/2-1/2\n",
	};
	const char *sigla[] = {"cuaderno", "cinta"};
	tb_collate_opts o = {sigla, 2, NULL, NULL};
	char *c = S_collate_o(src, 2, &o, NULL, NULL);
	assert_non_null(c);
	assert_string_equal(
		c, "{cuaderno: Cuaderno de campo}\n"
		   "[Game \"pitarra\"]\n" ROSTER
		   "[Result \"*\"] {cinta: [Result \"1/2-1/2\"]}\n"
		   "[Source \"Cuaderno 3, p. 41\"] {cinta: [Source \"Cinta 7 @ 00:04:10\"]} "
		   "{cuaderno: letra de L. Ortiz}\n"
		   "[Collation \"cuaderno, cinta\"]\n\n"
		   "{@es Enseñada en la plaza.}\n"
		   "1. d1 {cuaderno: NAG $1} {cinta: NAG $2} {bien} {cinta: cuaderno: no es suya} "
		   "1... a1 (1... a7 {mejor}) ({cinta} 1... g7)\n"
		   "2. g1 $14 b2\n"
		   "* {cuaderno: fin} {cinta: 1/2-1/2}\n");
	const char *const names[] = {"cuaderno", "cinta", NULL};
	S_reads_back(c, names, src);
	free(c);
}

static void test_own_readings(void **state)
{
	(void)state;
	const char *const src[] = {
		"[Game \"ocencahuac\"]\n1. c2-c3 <c7-c6 {se oye mal} | c7-b7> 2. b2-b3 *\n",
		"[Game \"ocencahuac\"]\n1. c2-c3 c7-c6 2. b2-b3 *\n",
		"[Game \"ocencahuac\"]\n1. c2-c3 <c7-b7> 2. b2-b3 *\n",
		"[Game \"ocencahuac\"]\n1. c2-c3 <c7-c6 {se oye mal} | c7-b7> 2. b2-b3 *\n",
	};
	char *c = S_collate(src, 3);
	assert_non_null(c);
	assert_string_equal(c, "[Game \"ocencahuac\"]\n[Rules \"?\"]\n[Site \"?\"]\n"
	                       "[Date \"????.??.??\"]\n[Sanganguey \"?\"]\n[Ceboruco \"?\"]\n"
	                       "[Result \"*\"]\n[Collation \"A, B, C\"]\n\n"
	                       "1. c2-c3 <c7-c6 {A?, B} {A: se oye mal} | c7-b7 {A?, C?}>\n"
	                       "2. b2-b3\n*\n");
	const char *const names[] = {"A", "B", "C", NULL};
	S_reads_back(c, names, src);
	free(c);
	/* the same uncertain reading in both: the reading as it is */
	const char *const same[] = {src[0], src[3]};
	S_assert_same(S_collate(same, 2), S_canon(src[0]));
}

/* ===== 6-7. The rules ===== */

static void test_reconstructed(void **state)
{
	(void)state;
	const char *const src[] = {
		"[Game \"pitarra\"]\n[Position \"R 20 R:d1,d3,f4 Y:a1,a4,g7\"]\n"
		"20. ?-d2 g7-g4 21. d1-g1 *\n",
		"[Game \"pitarra\"]\n[Position \"R 20 R:d1,d3,f4 Y:a1,a4,g7\"]\n"
		"20. ? g7-g4 21. d1-g1 *\n",
		"[Game \"pitarra\"]\n[Position \"R 20 R:d1,d3,f4 Y:a1,a4,g7\"]\n"
		"20. d3-d2 g7-g4 21. d1-g1 *\n",
	};
	const char *head = "[Game \"pitarra\"]\n" ROSTER "[Result \"*\"]\n"
	                   "[Position \"R 20 R:d1,d3,f4 Y:a1,a4,g7\"]\n";
	char *c = S_collate(src, 2);
	tt_str want = {0};
	tt_printf(&want, "%s[Collation \"A, B\"]\n\n"
	                 "20. <reconstructed d3-d2 | ?-d2 {A} | ? {B}> g7-g4\n21. d1-g1\n*\n", head);
	assert_non_null(c);
	assert_string_equal(c, want.d);
	const char *const names[] = {"A", "B", "C", NULL};
	const char *const two_names[] = {"A", "B", NULL};
	S_reads_back(c, two_names, src);
	tt_assert_str(S_validate(c), "");
	const char *const again[] = {c, src[1]};
	tt_assert_str(S_collate(again, 2), c);
	free(c);
	free(tt_take(&want));
	/* a witness gives the turn: its line is the one the rules follow */
	c = S_collate(src, 3);
	tt_printf(&want, "%s[Collation \"C, A, B\"]\n\n"
	                 "20. <d3-d2 {C} | ?-d2 {A} | ? {B}> g7-g4\n21. d1-g1\n*\n", head);
	assert_non_null(c);
	assert_string_equal(c, want.d);
	S_reads_back(c, names, src);
	free(c);
	free(tt_take(&want));
	/* a gap every witness has, between two known positions */
	const char *const gap[] = {
		"[Game \"asalto\"]\n[Position \"A 10 A:c3,d3,e3,c4,d4,e4,b5,c5,f5 D:d6,e7\"]\n"
		"10. c4-b4 <gap 2> {se corta} <position \"D 11 A:c3,d3,e3,b4,d4,e4,b5,c5,e5 "
		"D:e6,e7\"> 11... e6-d6 *\n",
		"[Game \"asalto\"]\n[Position \"A 10 A:c3,d3,e3,c4,d4,e4,b5,c5,f5 D:d6,e7\"]\n"
		"10. c4-b4 <gap 2> <position \"D 11 A:c3,d3,e3,b4,d4,e4,b5,c5,e5 D:e6,e7\"> "
		"11... e6-d6 {sí} *\n",
	};
	c = S_collate(gap, 2);
	assert_non_null(c);
	assert_string_equal(c, "[Game \"asalto\"]\n[Rules \"?\"]\n[Site \"?\"]\n"
	                       "[Date \"????.??.??\"]\n[Attackers \"?\"]\n[Defenders \"?\"]\n"
	                       "[Result \"*\"]\n"
	                       "[Position \"A 10 A:c3,d3,e3,c4,d4,e4,b5,c5,f5 D:d6,e7\"]\n"
	                       "[Collation \"A, B\"]\n\n"
	                       "10. c4-b4 <reconstructed d6-e6 | gap 2 {A, B}> {A: se corta}\n"
	                       "11. <reconstructed f5-e5 | omitted {A, B}> <position \"D 11 "
	                       "A:c3,d3,e3,b4,d4,e4,b5,c5,e5 D:e6,e7\"> 11... e6-d6 {B: sí}\n*\n");
	const char *const two[] = {"A", "B", NULL};
	S_reads_back(c, two, gap);
	tt_assert_str(S_validate(c), "");
	free(c);
}

static void test_illegal_kept(void **state)
{
	(void)state;
	const char *const src[] = {
		"[Game \"pitarra\"]\n1. d1 a1 2. g1 a7 3. d2 *\n",
		"[Game \"pitarra\"]\n1. d1 a1 2. a1 a7 3. d2 *\n",
	};
	char *c = S_collate(src, 2);
	assert_non_null(c);
	assert_string_equal(c, "[Game \"pitarra\"]\n" ROSTER "[Result \"*\"]\n"
	                       "[Collation \"A, B\"]\n\n"
	                       "1. d1 a1\n"
	                       "2. <g1 {A} | a1 {B} {illegal in B: a1 is occupied}> a7\n"
	                       "3. d2\n*\n");
	const char *const names[] = {"A", "B", NULL};
	S_reads_back(c, names, src);
	/* validate checks B's a1 in B's line: a warning, not an error */
	tt_assert_str(S_validate(c),
	              "t.tgn:11:14: warning: a1: a1 is occupied (in the line of witness B) [TB401]\n"
	              "2. <g1 {A} | a1 {B} {illegal in B: a1 is occupied}> a7\n"
	              "             ^~\n"
	              "note: position R 2 R:d1 Y:a1 hand=11,11\n");
	free(c);
	/* the base is the witness that stays legal, wherever it is given */
	const char *const swapped[] = {src[1], src[0]};
	c = S_collate(swapped, 2);
	assert_non_null(c);
	assert_non_null(strstr(c, "[Collation \"B, A\"]"));
	free(c);
}

/* ===== 8. Refusals ===== */

static void test_refusals(void **state)
{
	(void)state;
	const char *const games[] = {"[Game \"pitarra\"]\n1. d1 *\n",
	                             "[Game \"asalto\"]\n1. c3-c4 *\n"};
	char *d, *why;
	assert_null(S_collate_o(games, 2, NULL, &d, NULL));
	tt_assert_str(d, "w2.tgn:1:7: error: [Game \"asalto\"] here, [Game \"pitarra\"] in w1.tgn: "
	                 "witnesses of different games cannot be collated [TB601]\n"
	                 "[Game \"asalto\"]\n      ^~~~~~~~\n");
	const char *const rules[] = {"[Game \"pitarra\"]\n[Rules \"pitarra; board=25\"]\n1. d1 *\n",
	                             "[Game \"pitarra\"]\n[Rules \"?\"]\n1. d1 *\n",
	                             "[Game \"pitarra\"]\n[Rules \"pitarra\"]\n1. d1 *\n"};
	assert_null(S_collate_o(rules, 3, NULL, &d, NULL));
	tt_assert_str(d, "w3.tgn:2:8: error: [Rules \"pitarra\"] here, [Rules \"pitarra; board=25\"] "
	                 "in w1.tgn: witnesses of a game played under different rules cannot be "
	                 "collated [TB601]\n[Rules \"pitarra\"]\n       ^~~~~~~~~\n");
	const char *const starts[] = {
		"[Game \"pitarra\"]\n1. d1 *\n",
		"[Game \"pitarra\"]\n[Position \"R 2 R:d1 Y:a1 hand=11,11\"]\n2. g1 *\n"};
	assert_null(S_collate_o(starts, 2, NULL, &d, NULL));
	tt_assert_str(d, "w2.tgn:2:11: error: this record starts from another position than "
	                 "w1.tgn: they first differ at a1: empty in w1.tgn, Y here [TB602]\n"
	                 "[Position \"R 2 R:d1 Y:a1 hand=11,11\"]\n"
	                 "          ^~~~~~~~~~~~~~~~~~~~~~~~~~\n"
	                 "note: start here: R 2 R:d1 Y:a1 hand=11,11\n"
	                 "note: start in w1.tgn: R 1 R: Y: hand=12,12\n");
	const char *const tags[] = {"[Game \"pitarra\"]\n1. d1 *\n",
	                            "[Game \"pitarra\"]\n[Date \"ayer\"]\n1. d1 *\n"};
	assert_null(S_collate_o(tags, 2, NULL, &d, NULL));
	tt_assert_str(d, "w2.tgn:2:7: error: Date must be YYYY.MM.DD with '?' for unknown digits, "
	                 "as in \"1998.07.??\" [TB206]\n[Date \"ayer\"]\n      ^~~~~~\n"
	                 "w2.tgn:1:7: error: this record has errors before its turns: it cannot be "
	                 "collated [TB603]\n[Game \"pitarra\"]\n      ^~~~~~~~~\n");
	/* two witnesses under one name */
	const char *const named[] = {S_navajos[0], S_navajos[1]};
	const char *same[] = {"A", "A"};
	tb_collate_opts o = {same, 2, NULL, NULL};
	assert_null(S_collate_o(named, 2, &o, &d, NULL));
	tt_assert_str(d, "w2.tgn:1:7: error: another witness is named A already (from w1.tgn): "
	                 "name them apart (--sigla) [TB604]\n[Game \"pitarra\"]\n      ^~~~~~~~~\n");
	/* options that cannot be followed */
	const char *three[] = {"A", "B", "C"};
	o = (tb_collate_opts){three, 3, NULL, NULL};
	assert_null(S_collate_o(named, 2, &o, &d, &why));
	tt_assert_str(why, "--sigla names 3 witnesses, but 2 of the records are not collations");
	free(d);
	const char *bad[] = {"A", "B C"};
	o = (tb_collate_opts){bad, 2, NULL, NULL};
	assert_null(S_collate_o(named, 2, &o, &d, &why));
	tt_assert_str(why, "--sigla: 'B C' is not a siglum (1 to 32 letters, digits, '_', '-' or "
	                   "'.', the first a letter or a digit)");
	free(d);
	o = (tb_collate_opts){NULL, 0, "Z", NULL};
	assert_null(S_collate_o(named, 2, &o, &d, &why));
	tt_assert_str(why, "--base Z: no witness is named so; the witnesses are A, B");
	free(d);
}

/* A witness with errors in its turns is collated up to its first. */
static void test_cut(void **state)
{
	(void)state;
	const char *const src[] = {
		"[Game \"pitarra\"]\n1. d1 d7 2. a1 g7 3. g1xd7 a7 *\n",
		"[Game \"pitarra\"]\n1. d1 d7 2. a1 g7 3. g1xd7 z7 4. b2 *\n",
	};
	char *d;
	char *c = S_collate_o(src, 2, NULL, &d, NULL);
	assert_non_null(c);
	assert_string_equal(c, "[Game \"pitarra\"]\n" ROSTER "[Result \"*\"]\n"
	                       "[Collation \"A, B\"]\n\n"
	                       "1. d1 d7\n2. a1 g7\n3. g1xd7 <a7 {A} | omitted {B}>\n*\n");
	tt_assert_str(d, "w2.tgn:2:28: error: cannot read move 'z7': 'z7' is not a point of the La "
	                 "Pitarra board [TB301]\n"
	                 "1. d1 d7 2. a1 g7 3. g1xd7 z7 4. b2 *\n"
	                 "                           ^~\n"
	                 "w2.tgn:2:28: warning: this record is collated up to its first error, on "
	                 "line 2: from here on, its 2 turns are left out [TB603]\n"
	                 "1. d1 d7 2. a1 g7 3. g1xd7 z7 4. b2 *\n"
	                 "                           ^~\n");
	S_assert_same(S_witness(c, "B"), S_canon("[Game \"pitarra\"]\n1. d1 d7 2. a1 g7 3. g1xd7 *\n"));
	free(c);
	/* what stands before its tags is kept */
	const char *const lead[] = {src[0], "{antes}\n[Game \"pitarra\"]\n1. d1 d7 2. z9 *\n"};
	c = S_collate_o(lead, 2, NULL, &d, NULL);
	assert_non_null(c);
	free(d);
	S_assert_same(S_witness(c, "B"), S_canon("{antes}\n[Game \"pitarra\"]\n1. d1 d7 *\n"));
	free(c);
}

/* ===== 9. A collation written by hand ===== */

static void test_by_hand(void **state)
{
	(void)state;
	const char *c =
		"[Game \"pitarra\"]\n[Source \"Cinta 3\"] {cuaderno: [Source \"Cuaderno 2\"]}\n"
		"[Collation \"cinta, cuaderno, nieto\"]\n"
		"1. d1 <a1 {cinta} | a7 {cuaderno?} {@es cuaderno: dice Doña Chela} | g7 {cuaderno?}> "
		"2. g1 {cinta, nieto: bien} *\n";
	S_assert_same(S_witness(c, "cinta"),
	              S_canon("[Game \"pitarra\"]\n[Source \"Cinta 3\"]\n1. d1 a1 2. g1 {bien} *\n"));
	S_assert_same(S_witness(c, "nieto"),
	              S_canon("[Game \"pitarra\"]\n[Source \"Cinta 3\"]\n1. d1 a1 2. g1 {bien} *\n"));
	S_assert_same(S_witness(c, "cuaderno"),
	              S_canon("[Game \"pitarra\"]\n[Source \"Cuaderno 2\"]\n"
	                     "1. d1 <a7 {@es dice Doña Chela} | g7> 2. g1 *\n"));
	char *d;
	assert_null(S_witness_d(c, "abuela", &d));
	tt_assert_str(d, "t.tgn:3:12: error: no witness of this collation is named 'abuela'; its "
	                 "witnesses are cinta, cuaderno, nieto [TB605]\n"
	                 "[Collation \"cinta, cuaderno, nieto\"]\n"
	                 "           ^~~~~~~~~~~~~~~~~~~~~~~~\n");
	assert_null(S_witness_d("[Game \"pitarra\"]\n1. d1 *\n", "A", &d));
	tt_assert_str(d, "t.tgn:1:1: error: this record is not a collation: it has no [Collation] "
	                 "tag naming its witnesses [TB604]\n[Game \"pitarra\"]\n^\n");
	assert_null(S_witness_d("[Game \"pitarra\"]\n[Collation \"A,B\"]\n1. d1 *\n", "A", &d));
	tt_assert_str(d, "t.tgn:2:12: error: [Collation] lists the witnesses' sigla, \"A, B\": "
	                 "each once, 15 at most, of letters, digits, '_', '-' and '.' [TB604]\n"
	                 "[Collation \"A,B\"]\n           ^~~~~\n");
}

/* ===== 10. Random games, random edits ===== */

/* The turns of a random game, and the tags it is written with. */
typedef struct S_game {
	char head[2048];
	char *tok[4096];
	size_t n;
	char *text;
} S_game;

static void S_game_new(S_game *g, const char *name, unsigned long long seed, unsigned turns)
{
	char *why = NULL;
	tb_engine *e = tb_engine_new(tb_game_find(name), NULL, NULL, &why);
	assert_non_null(e);
	size_t len;
	g->text = tb_engine_random_game(e, seed, turns, &len);
	tb_engine_free(e);
	/* the tags but [Result]: the copies are cut and edited */
	g->head[0] = '\0';
	const char *body = strstr(g->text, "\n\n");
	assert_non_null(body);
	for (const char *l = g->text; l < body;) {
		const char *e2 = strchr(l, '\n');
		if (strncmp(l, "[Result ", 8) != 0)
			strncat(g->head, l, (size_t)(e2 - l + 1));
		l = e2 + 1;
	}
	tb_reader *r;
	tb_record *rec = tt_parse(g->text, &r);
	char *mt = tb_record_movetext(rec, NULL);
	g->n = 0;
	for (char *t = strtok(mt, " "); t; t = strtok(NULL, " ")) {
		size_t k = strlen(t);
		if (k && t[k - 1] == '.')
			continue; /* a number */
		g->tok[g->n++] = tb_xstrdup(t);
	}
	g->n--; /* the result */
	free(g->tok[g->n]);
	free(mt);
	tb_record_free(rec);
	tb_reader_free(r);
}

static void S_game_free(S_game *g)
{
	for (size_t i = 0; i < g->n; i++)
		free(g->tok[i]);
	free(g->text);
}

/* A copy of 'g' with one random edit: a substitution, an insertion, a
 * deletion, a stretch left out, or a stretch become a gap. */
static char *S_edited(const S_game *g, tt_rng *rng, int edit, const char *source)
{
	tt_str out = {0};
	tt_printf(&out, "%s[Source \"%s\"]\n\n", g->head, source);
	size_t at = g->n ? tt_rand(rng) % g->n : 0, len = 1 + tt_rand(rng) % 4;
	for (size_t i = 0; i <= g->n; i++) {
		if (edit && i == at) {
			const char *other = g->tok[tt_rand(rng) % g->n];
			switch (edit) {
			case 1: tt_printf(&out, "%s ", other); i++; break;          /* substitution */
			case 2: tt_printf(&out, "%s ", other); break;               /* insertion */
			case 3: i++; break;                                         /* deletion */
			case 4: i += len; break;                                    /* a stretch left out */
			default: tt_printf(&out, "<gap %zu> ", len); i += len; break; /* lost */
			}
		}
		if (i < g->n)
			tt_printf(&out, "%s ", g->tok[i]);
	}
	tt_puts(&out, "*\n");
	return tt_take(&out);
}

static void test_random_edits(void **state)
{
	(void)state;
	size_t ngames = 0; /* every game built in, in the lists' order */
	while (tb_game_at(ngames))
		ngames++;
	tt_rng rng = {20261130};
	for (int round = 0; round < 36; round++) {
		S_game g;
		S_game_new(&g, tb_game_name(tb_game_at((size_t)round % ngames)), 100 + (unsigned long long)round,
		           20 + (unsigned)(tt_rand(&rng) % 80));
		size_t n = 2 + (size_t)(round % 2);
		char *src[3];
		src[0] = S_edited(&g, &rng, 0, "original");
		for (size_t k = 1; k < n; k++) {
			char name[32];
			snprintf(name, sizeof name, "copia %zu", k);
			src[k] = S_edited(&g, &rng, 1 + (int)(tt_rand(&rng) % 5), name);
		}
		char *c = S_collate((const char *const *)src, n);
		if (!c)
			fail_msg("round %d: no collation of\n%s\n%s", round, src[0], src[1]);
		const char *names[] = {"A", "B", "C", NULL};
		names[n] = NULL;
		S_reads_back(c, names, (const char *const *)src);
		/* the original is legal: it is the base, and the record replays */
		tb_reader *r;
		tb_record *rec = tt_parse(c, &r);
		assert_int_equal(tb_reader_validate(r, rec, NULL, NULL), 0);
		tb_record_free(rec);
		tb_reader_free(r);
		const char *again[] = {c, src[n - 1]};
		tt_assert_str(S_collate(again, 2), c);
		free(c);
		for (size_t k = 0; k < n; k++)
			free(src[k]);
		S_game_free(&g);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_witnesses),
		cmocka_unit_test(test_parity),
		cmocka_unit_test(test_notes),
		cmocka_unit_test(test_own_readings),
		cmocka_unit_test(test_reconstructed),
		cmocka_unit_test(test_illegal_kept),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_cut),
		cmocka_unit_test(test_by_hand),
		cmocka_unit_test(test_random_edits),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
