/*
 * test_oom_validate.c -- validating and filling out of memory (oom.h):
 * every sample validated (its diagnostics, and the turns and faults
 * reported to the callbacks) and filled, and a few records with a slip, a point off the
 * board and a gap, before written turns and before a restated position
 * (open turns: the reconstruct search, from both ends too, the repairs),
 * each run clean and then with allocation N failing, once and then for
 * good. The result must be the clean run's or TB_ENOMEM (NULL from
 * tb_record_fill); under ASan never a leak.
 *
 * A gap's search makes thousands of allocations (17,629 for the last
 * of S_open), most of them the same few sites again: every N up to
 * 400 is tried, and each of the last 40 (the search's end, the answer
 * written), and 120 more spread evenly between, so that the
 * time stays bounded under ASan however many a search makes (every
 * 37th was tried between before, half this program's time).
 */
#include "oom.h"

/* (oom_each_sampled, oom.h) */
static void S_each(oom_op op, const char *src, size_t len, const char *what)
{
	oom_sample sm = {400, 40, 120};
	oom_each_sampled(op, src, len, what, sm, NULL);
}

static void S_turn(void *ctx, const tb_turn_report *t)
{
	tt_str *out = ctx;
	tt_printf(out, "%u/%d %s %s [%s] %u:%u %s\n", t->number, t->side, t->token, t->position,
	          t->events, t->line, t->col, t->over ? t->over : "-");
	for (size_t i = 0; i < t->nevents; i++)
		tt_printf(out, "  %s %d %s %s %u\n", t->ev[i].kind, (int)t->ev[i].type,
		          t->ev[i].point ? t->ev[i].point : "-", t->ev[i].to ? t->ev[i].to : "-",
		          t->ev[i].count);
}

/* Each record validated: the turns and faults told, then every
 * diagnostic. */
static int S_validate_one(tb_reader *r, tb_record *rec, tt_str *out)
{
	int n = tb_reader_validate_faults(r, rec, S_turn, out, tt_put_fault, out);
	int ok = n != TB_ENOMEM && oom_diags(out, r);
	tt_printf(out, "errors %d\n", n);
	return ok;
}

static char *S_validate(const char *src, size_t len)
{
	return oom_records(src, len, "test.tgn", S_validate_one);
}

/* Each record filled: its text, counts and diagnostics. */
static int S_fill_one(tb_reader *r, tb_record *rec, tt_str *out)
{
	size_t n, open, filled;
	int known = !tb_record_errors(rec) && tb_record_game(rec);
	char *text = tb_record_fill(r, rec, &n, &open, &filled);
	int ok = (text || !known) && oom_diags(out, r);
	tt_printf(out, "%s\nopen %zu filled %zu\n", text ? text : "(none)", open, filled);
	free(text);
	return ok;
}

static char *S_fill(const char *src, size_t len)
{
	return oom_records(src, len, "test.tgn", S_fill_one);
}

static void S_sample(const char *src, size_t len, const char *name)
{
	char what[300];
	snprintf(what, sizeof what, "validate %s", name);
	S_each(S_validate, src, len, what);
	snprintf(what, sizeof what, "fill %s", name);
	S_each(S_fill, src, len, what);
}

static void test_samples(void **state)
{
	(void)state;
	oom_samples(S_sample);
}

#define S_TAGS "[Game \"pitarra\"]\n[Rules \"pitarra\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n" \
               "[Red \"random\"]\n[Yellow \"random\"]\n[Result \"1-0\"]\n\n"

static const char *const S_open[] = {
	/* a point off the board: the turns that fit it */
	S_TAGS "1. a7 f6 2. e5 g4 3. c3 d1 4. c5 a4 5. d4xf6 b2 1-0\n",
	/* an illegal turn: the slips that explain it */
	S_TAGS "1. a7 f6 2. g4 e5 3. c3 d1 4. c5 a4 5. d5xf6 b2 1-0\n",
	/* a gap */
	S_TAGS "1. a7 f6 2. e5 g4 <gap 2> 4. c5 a4 5. d5xf6 b2 1-0\n",
	/* an unknown turn */
	S_TAGS "1. a7 f6 2. e5 g4 3. c3 ? 4. c5 a4 5. d5xf6 b2 1-0\n",
	/* a gap before a restated position: the bound, the edges resolved */
	"[Game \"asalto\"]\n[Position \"A 10 A:c3,d3,e3,c4,d4,e4,b5,c5,f5 D:d6,e7\"]\n\n"
	"10. c4-b4 <gap 2> <position \"D 11 A:c3,d3,e3,b4,d4,e4,b5,c5,e5 D:e6,e7\"> "
	"11... e6-d6 *\n",
	/* a gap between two known positions searched from both ends
	 * (stretch_meet.c), and one no sequence bridges (made again forwards) */
	"[Game \"ocencahuac\"]\n\n<gap 4> <position \"S 3 S:Pc1,Ga2,Gb2,Gc2,Ea3,Mb3 "
	"C:Md6,Ee6,Gc7,Gd7,Ge7,Pc8\"> 3. a3-a4 *\n",
	"[Game \"ocencahuac\"]\n\n<gap 4> <position \"S 3 S:Pc1,Ga2,Gb2,Gc2,Mb3,Ea5 "
	"C:Md6,Ee6,Gc7,Gd7,Ge7,Pc8\"> 3. a5-a4 *\n",
};

static void test_open(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof S_open / sizeof *S_open; i++) {
		char what[40];
		snprintf(what, sizeof what, "validate open %zu", i);
		S_each(S_validate, S_open[i], strlen(S_open[i]), what);
		snprintf(what, sizeof what, "fill open %zu", i);
		S_each(S_fill, S_open[i], strlen(S_open[i]), what);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_open),
		cmocka_unit_test(test_samples),
	};
	return cmocka_run_group_tests(tests, oom_setup, oom_teardown);
}
