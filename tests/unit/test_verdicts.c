/*
 * test_verdicts.c -- a replay that gives verdicts only (validate.h,
 * tb_reader_set_verdicts; the index's, spec/collection.md §8) against a
 * full one, on records of each game with a transcriber's slip that the
 * full replay finds and goes on past (bench/slips.py's, cut short):
 *
 * - every frame the index keeps (S_indexed: a position the rules know,
 *   on a line not cut by a refused turn, or mended by a position
 *   restated after it) is the same frame in both: status, position,
 *   turn, ply, events; the refused turns that cut the lines are the
 *   same; so is the record's status as the index stores it (clean,
 *   warnings, errors: the diagnostics' severities);
 * - the verdicts-only replay searched no slip (none kept, no note on
 *   any diagnostic, none worded) where the full one found them: the
 *   test fails if the setting does nothing.
 */
#include "tb_test.h"

#include "index_db.h" /* tb_ix_status */
#include "reader.h"
#include "replay.h"
#include "reconstruct.h" /* tb_state_same */
#include "validate.h"
#include "visit.h"

static const char *const S_records[] = {
	/* pitarra */
	"[Game \"pitarra\"]\n"
	"[Rules \"pitarra\"]\n"
	"\n"
	"1. e4 a4 (1... a1 2. g4 g7) {a line kept before the slip}\n"
	"2. f4 g7\n"
	"3. g4xa4 d1\n"
	"4. e5 b2\n"
	"5. e3xb2 d7\n"
	"6. f2 d3\n"
	"7. f6xd3 d6\n"
	"8. d2 d5xg4\n"
	"9. b2xd7 d3\n"
	"10. g4xg1 b6\n"
	"11. g7xd3 c3 (11... b4) {a line cut after it}\n"
	"12. a1 d7xe3\n"
	"13. f2-g1xd1 d7-a7\n"
	"14. f4-f2xc3 d5-c5xg1\n"
	"15. e4-f4xc5 d6-d7\n"
	"16. e5-d5 b6-b4\n"
	"17. d5-e5xa7\n"
	"*\n",
	/* asalto */
	"[Game \"asalto\"]\n"
	"[Rules \"asalto; chain=zigzag\"]\n"
	"[Position \"A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,f4,g4,a5,b5,f5,g5 D:d6,e7\"]\n"
	"\n"
	"1. b5-c5 e7-e6\n"
	"2. d4-d5 d6-d7\n"
	"3. Hd7/c5-b5 e6-d6\n"
	"4. f5-e5 d6-e7\n"
	"5. He7/b5-c5 pass\n"
	"6. f4-f5 pass\n"
	"7. d5-d6 pass\n"
	"8. a5-b5 pass\n"
	"9. d3-e3 pass\n"
	"10. a4-a5 pass\n"
	"11. a3-a4 pass\n"
	"12. d3-d4 pass\n"
	"13. e4-f4 pass\n"
	"14. f4-e4 pass\n"
	"15. f3-f4 pass\n"
	"16. e3-f3 pass\n"
	"17. e6-e7 pass\n"
	"18. d2-d3 pass\n"
	"19. d1-d2 pass\n"
	"20. e7-d7 pass\n"
	"21. e5-e6 pass\n"
	"22. e4-e5 pass\n"
	"23. d7-e7 pass\n"
	"24. e6-d6 pass\n"
	"25. f3-e3 pass\n"
	"26. e3-f3 pass\n"
	"27. c1-d1\n"
	"28. e5-e6 pass\n"
	"29. b3-a3 pass\n"
	"30. d6-e6 pass\n"
	"31. c5-d5 pass\n"
	"32. e3-d3 pass\n"
	"33. d4-e4 pass\n"
	"34. d3-e3 pass\n"
	"35. c4-d4 pass\n"
	"36. d5-e5 pass\n"
	"37. c3-b3 pass\n"
	"38. d4-d5 pass\n"
	"39. d1-c1 pass\n"
	"40. e7-d7 pass\n"
	"*\n",
	/* ocencahuac */
	"[Game \"ocencahuac\"]\n"
	"[Rules \"ocencahuac\"]\n"
	"\n"
	"1. b1^b3 c8-b6\n"
	"2. a1^a3 e7^b7\n"
	"3. a2^a4 c7-c6\n"
	"4. a3-a2 b7-b8\n"
	"5. a2-a3 d7-c7\n"
	"6. c2-d2 c6-d6\n"
	"7. d2-e2 c7-c6\n"
	"8. c1-a2 d6-d5\n"
	"9. a4-a5 c6-d6\n"
	"10. a2-c3 d5-e5\n"
	"11. c3-e4 b8-b7\n"
	"12. a5-b5 d6-d5\n"
	"13. e2-e3\n"
	"14. b5-c5 c4-d6\n"
	"15. a3-a4 d5^d7\n"
	"16. e4-c3\n"
	"17. b3-a3 d7-c7\n"
	"18. a4^a2 b7-a7\n"
	"19. c5-d5 c8-b8\n"
	"20. e3-d3 e5^c5\n"
	"21. a3-a4 d6-e8\n"
	"22. b2-b1 a7-a8\n"
	"23. c3-d1 c5^e5\n"
	"24. d1-e3 c7-b7\n"
	"25. d3-d2 d8-d7\n"
	"26. a2-a3 e5-e4\n"
	"27. a3-a2 d7-c7\n"
	"28. a4-a5 c7-c6\n"
	"29. d2-c2 c6-b6\n"
	"30. a5-a4 b7^b5\n"
	"31. c2-c1 b6-b7\n"
	"32. b1-a1 e4-e5\n"
	"33. e3-c4 b5-b4\n"
	"34. d5-d4 b7-c7\n"
	"35. d4-d3 c7-c6\n"
	"36. c4-a5 c6-c5\n"
	"37. d3-e3 a8^c8\n"
	"38. a5-c6 b4-b5\n"
	"39. e3-e4 c5^a5\n"
	"40. a4-a3 b5-b6\n"
	"*\n",
};

/* The record's status as the index stores it (index.c). */
static const char *S_status(const tb_reader *r)
{
	return tb_ix_status(r, 1);
}

/* The first diagnostic of the replay (TB4xx), or NULL. */
static const tb_diag *S_first_replayed(const tb_reader *r)
{
	for (size_t i = 0; i < tb_reader_ndiags(r); i++)
		if (tb_reader_diag(r, i)->code >= 400)
			return tb_reader_diag(r, i);
	return NULL;
}

/* Frame of node 'n' in 'rp', or NULL. */
static const tb_frame *S_frame(const tb_replay *rp, const tb_node *n)
{
	long fi = tb_replay_find(rp, n, 0);
	return fi >= 0 ? tb_replay_index(rp, (size_t)fi) : NULL;
}

/* Frames 'a' (full) and 'b' (verdicts only) are the same frame. */
static void S_same_frame(const tb_replay *ra, const tb_frame *a, const tb_replay *rb,
                         const tb_frame *b)
{
	assert_int_equal(a->status, b->status);
	assert_int_equal(a->has_st, b->has_st);
	assert_int_equal(a->refused, b->refused);
	assert_int_equal(a->stop, b->stop);
	assert_int_equal(a->code, b->code);
	assert_int_equal(a->played, b->played);
	assert_int_equal(a->ply, b->ply);
	assert_int_equal(a->npositions, b->npositions);
	assert_true(tb_state_same(&a->st, &b->st));
	assert_int_equal(a->nev, b->nev);
	const tb_event *ea = tb_replay_events(ra, a), *eb = tb_replay_events(rb, b);
	for (size_t i = 0; i < a->nev; i++)
		assert_memory_equal(&ea[i], &eb[i], sizeof ea[i]);
}

/* Walks the record's nodes as the index does (index.c S_frames), each
 * frame of 'a' against that of 'b' where the index keeps it, or where
 * a refused turn cuts its line; the frames kept. */
static size_t S_walk(const tb_record *ra, const tb_replay *a, const tb_record *rb,
                     const tb_replay *b, size_t *refused)
{
	uint8_t cut[TB_MAX_DEPTH + 1] = {0}, node_cut[TB_MAX_DEPTH + 1] = {0};
	tb_visit va, vb;
	tb_visit_init(&va, &ra->main);
	tb_visit_init(&vb, &rb->main);
	va.quiet = vb.quiet = ~0u;
	size_t kept = 0;
	for (int e; (e = tb_visit_next(&va)) != TB_VISIT_DONE;) {
		assert_int_equal(tb_visit_next(&vb), e);
		unsigned d = va.depth;
		if (e == TB_VISIT_LINE_ENTER && d > 0)
			cut[d] = node_cut[d - 1];
		if (e != TB_VISIT_NODE_ENTER)
			continue;
		node_cut[d] = cut[d];
		const tb_frame *fa = S_frame(a, va.node), *fb = S_frame(b, vb.node);
		assert_int_equal(fa != NULL, fb != NULL);
		if (!fa)
			continue;
		if (!cut[d]) { /* on a line the rules follow: all of it the same */
			S_same_frame(a, fa, b, fb);
			*refused += fa->refused;
		}
		int known = fa->has_st && !fa->refused &&
		            (fa->status == TB_FRAME_WRITTEN || fa->status == TB_FRAME_RECONSTRUCTED);
		if (fa->refused)
			cut[d] = 1;
		else if (known && tb_node_type(va.node) == TB_NODE_POSITION)
			cut[d] = 0;
		node_cut[d] |= fa->refused;
		if (known && !cut[d]) {
			S_same_frame(a, fa, b, fb);
			kept++;
		}
	}
	assert_int_equal(tb_visit_next(&vb), TB_VISIT_DONE);
	return kept;
}

/* What the full replay kept of slips and notes: 1 when it kept any. */
static int S_slips(const tb_reader *r, const tb_record *rec, const tb_replay *rp)
{
	int any = 0;
	for (size_t i = 0; i < tb_reader_ndiags(r); i++)
		any |= tb_reader_diag(r, i)->note != NULL;
	tb_visit v;
	tb_visit_init(&v, &rec->main);
	v.quiet = ~0u;
	for (int e; (e = tb_visit_next(&v)) != TB_VISIT_DONE;)
		if (e == TB_VISIT_NODE_ENTER)
			any |= tb_replay_slip_list(rp, v.node, 0, NULL) > 0;
	return any;
}

static void test_verdicts_agree(void **state)
{
	(void)state;
	for (size_t k = 0; k < sizeof S_records / sizeof *S_records; k++) {
		const char *text = S_records[k];
		tb_reader *full = tb_reader_new_mem(text, strlen(text), "full.tgn");
		tb_reader *only = tb_reader_new_mem(text, strlen(text), "verdicts.tgn");
		assert_non_null(full);
		assert_non_null(only);
		tb_reader_set_verdicts(only, 1);
		tb_record *ra, *rb;
		assert_int_equal(tb_reader_next(full, &ra), 1);
		assert_int_equal(tb_reader_next(only, &rb), 1);
		tb_replay *a = tb_reader_replay(full, ra), *b = tb_reader_replay(only, rb);
		assert_non_null(a);
		assert_non_null(b);
		assert_int_equal(tb_replay_start(a)->has_st, tb_replay_start(b)->has_st);
		size_t refused = 0, kept = S_walk(ra, a, rb, b, &refused);
		assert_true(kept >= 4);    /* positions before the slip */
		assert_true(refused >= 1); /* and the turn it makes the rules refuse */
		assert_string_equal(S_status(full), S_status(only));
		assert_string_equal(S_status(only), "errors");
		/* the full replay found the slip and went on; this one did not */
		assert_true(S_slips(full, ra, a));
		assert_false(S_slips(only, rb, b));
		/* the replay's diagnostics (TB4xx; the reader's before them
		 * are its own) are not worded; the first is the full one's */
		const tb_diag *fa = S_first_replayed(full), *fb = S_first_replayed(only);
		assert_non_null(fa);
		assert_non_null(fb);
		assert_int_equal(fa->code, fb->code);
		assert_int_equal(fa->severity, fb->severity);
		assert_int_equal(fa->line, fb->line);
		assert_int_equal(fa->col, fb->col);
		for (size_t i = 0; i < tb_reader_ndiags(only); i++)
			if (tb_reader_diag(only, i)->code >= 400)
				assert_non_null(strstr(tb_reader_diag(only, i)->message, "verdicts only"));
		tb_replay_free(a);
		tb_replay_free(b);
		tb_record_free(ra);
		tb_record_free(rb);
		tb_reader_free(full);
		tb_reader_free(only);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_verdicts_agree),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
