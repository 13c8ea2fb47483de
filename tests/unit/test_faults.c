/*
 * test_faults.c -- the faults of tb_reader_validate_faults (tablero.h,
 * tb_fault): code, severity and span as the diagnostic's, the token
 * apart from the reason (never cut out of the message), the position,
 * the candidates (the turns that fit, the readings that explain an
 * illegal turn) and the repair the replay went on with; and the slips a
 * replay kept, typed (tb_replay_slip_list); the places a diagnostic's
 * words name (tb_diag.places); the piece each event concerns
 * (tb_turn_event.piece_*). Only tablero.h
 * is used, as a program built on the library would.
 */
#include "tb_test.h"

/* Each fault as one line: "code sev line:col-end [token] reason | position
 * | cand, cand | repair". */
typedef struct S_told {
	tt_str out;  /* the faults, one a line */
	tt_str msgs; /* their messages, one a line */
} S_told;

static void S_fault(void *ctx, const tb_fault *f)
{
	S_told *t = ctx;
	tt_str *out = &t->out;
	tt_printf(&t->msgs, "%s\n", f->message);
	assert_non_null(f->message);
	assert_non_null(f->reason);
	if (f->token) { /* the message is "token: reason", made so, not cut so */
		char *whole = malloc(strlen(f->token) + strlen(f->reason) + 3);
		sprintf(whole, "%s: %s", f->token, f->reason);
		assert_string_equal(f->message, whole);
		free(whole);
	} else {
		assert_string_equal(f->message, f->reason);
	}
	tt_printf(out, "%d %d %u:%u-%u [%s] %s | %s |", f->code, (int)f->severity, f->line, f->col,
	          f->end_col, f->token ? f->token : "", f->reason,
	          f->position ? f->position : "-");
	for (size_t i = 0; i < f->ncandidates; i++)
		tt_printf(out, "%s%s", i ? ", " : " ", f->candidates[i]);
	tt_printf(out, " | %s\n", f->repair ? f->repair : "-");
}

/* The faults of 'src', one a line, checked against its diagnostics:
 * each fault is a diagnostic with the same code, place and message. */
static char *S_faults(const char *src)
{
	tb_reader *r = tb_reader_new_mem(src, strlen(src), "t.tgn");
	tb_record *rec = NULL;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	size_t before = tb_reader_ndiags(r);
	S_told t = {{0}, {0}};
	tb_reader_validate_faults(r, rec, NULL, NULL, S_fault, &t);
	char *got = tt_take(&t.out), *msgs = tt_take(&t.msgs);
	size_t lines = 0;
	for (const char *c = got; *c; c++)
		lines += *c == '\n';
	assert_int_equal(lines, tb_reader_ndiags(r) - before); /* one fault a diagnostic */
	for (size_t i = before; i < tb_reader_ndiags(r); i++) {
		const tb_diag *d = tb_reader_diag(r, i);
		char head[64];
		snprintf(head, sizeof head, "%d %d %u:%u-", d->code, (int)d->severity, d->line, d->col);
		assert_non_null(strstr(got, head));
		assert_non_null(strstr(msgs, d->message));
	}
	free(msgs);
	tb_record_free(rec);
	tb_reader_free(r);
	return got;
}

static void test_illegal_turn(void **state)
{
	(void)state;
	tt_assert_str(S_faults("[Game \"asalto\"]\n[Position \"D 5 A:c1,d1,e1,c2,d2,e2,a3,b3,"
	                       "c3,e3,f3,g3,a4,b4,c4,e4,f4,g4,d5 D:d6,e6\"]\n\n5... d6xd4xd2 *\n"),
	              "401 2 4:6-14 [d6xd4xd2] the jump d4xd2 passes over d3, which is empty | "
	              "D 5 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,e3,f3,g3,a4,b4,c4,e4,f4,g4,d5 D:d6,e6 | | -\n");
}

/* An illegal turn that several slips explain: each a candidate, none
 * taken. */
static void test_illegal_turn_candidates(void **state)
{
	(void)state;
	tt_assert_str(S_faults("[Game \"pitarra\"]\n\n1. a1 g1 2. a4 g4 3. a7 g7 *\n"),
	              "401 2 3:22-24 [a7] a tercia was formed at a1-a4-a7 but no piece was taken | "
	              "R 3 R:a1,a4 Y:g1,g4 hand=10,10 | a7xg1, a7xg4, 3. d1 | -\n");
}

/* One slip explains it: the replay goes on with it, the repair. */
static void test_illegal_turn_repaired(void **state)
{
	(void)state;
	tt_assert_str(S_faults("[Game \"pitarra\"]\n\n1. a1 g1 2. a4 g4 3. a7 g4 4. b2 b4 *\n"),
	              "401 2 3:22-24 [a7] a tercia was formed at a1-a4-a7 but no piece was taken | "
	              "R 3 R:a1,a4 Y:g1,g4 hand=10,10 | a7xg4 | a7xg4\n");
}

/* An open point: the turns that fit are the candidates; when the rules
 * leave one, it is the repair. */
static void test_open_point(void **state)
{
	(void)state;
	tt_assert_str(S_faults("[Game \"pitarra\"]\n\n1. a1 g1 2. a4 g4 3. a7x? *\n"),
	              "408 1 3:22-26 [a7x?] 2 turns fit: a7xg1, a7xg4 | - | a7xg1, a7xg4 | -\n");
	tt_assert_str(S_faults("[Game \"pitarra\"]\n\n1. a1 g1 2. a4 g4 3. a7x? g4 *\n"),
	              "408 1 3:22-26 [a7x?] only a7xg4 fits, given turn 3 | - | a7xg4 | a7xg4\n");
}

/* A fault that names no turn: the reason is the message whole. */
static void test_no_token(void **state)
{
	(void)state;
	char *got = S_faults("[Game \"pitarra\"]\n[Result \"1-0\"]\n\n1. a1 g1 1-0\n");
	assert_non_null(strstr(got, " [] "));
	free(got);
}

/* The slips a replay kept, typed (tb_replay_slip_list): each repair its
 * notes name, where it starts, what it stands for and in its place,
 * and the one checking went on under -- here the spec's two slips four
 * turns apart (spec/reconstruct.md §4.6). */
static void S_slips_of(const tb_replay *rp, const tb_record *rec, unsigned line, unsigned col,
                       tt_str *out)
{
	tb_iter *it = tb_iter_new(rec);
	const tb_node *ill = NULL;
	for (int ev; !ill && (ev = tb_iter_next(it)) != TB_EVENT_DONE;) {
		tb_node *n = tb_iter_node(it);
		unsigned sp[4];
		if (n && ev == TB_EVENT_ENTER && !tb_iter_line(it)) {
			tb_node_span(n, sp);
			if (sp[0] == line && sp[1] == col)
				ill = n;
		}
	}
	tb_iter_free(it);
	assert_non_null(ill);
	tb_slip s[4], old[4];
	size_t n = tb_replay_slip_list(rp, ill, 4, s);
	/* the deprecated alias, its output before 'max', gives the same */
	assert_int_equal(tb_replay_slips(rp, ill, old, 4), n);
	for (size_t i = 0; i < n && i < 4; i++)
		assert_ptr_equal(old[i].first, s[i].first);
	assert_int_equal(tb_replay_slip_list(rp, ill, 0, NULL), n);
	for (size_t i = 0; i < n && i < 4; i++) {
		unsigned sp[4];
		tb_node_span(s[i].first, sp);
		tt_printf(out, "%s at %u:%u, %u written: %s%s\n", tb_slip_words(s[i].kind), sp[0], sp[1],
		          s[i].written, s[i].turns, s[i].gone_on ? " (gone on)" : "");
	}
}

static void test_slips_typed(void **state)
{
	(void)state;
	const char *src = "[Game \"pitarra\"]\n[Language \"es\"]\n\n"
	                  "1. f4 b6 2. g1 d5 3. d2 d1 4. c5 f2 5. f6 e5 6. g7 b2 7. d7 b4xf4 8. a7xd5 a4\n"
	                  "9. g4xe3 d5 10. a1 e3 11. c4xa1 e4 12. e5xf2 a1 13. f6-f4xa1 b2-a1 *\n";
	tb_reader *r = tb_reader_new_mem(src, strlen(src), "t.tgn");
	tb_record *rec = NULL;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	tb_replay *rp = tb_reader_replay(r, rec);
	assert_non_null(rp);
	tt_str out = {0};
	S_slips_of(rp, rec, 5, 4, &out);
	S_slips_of(rp, rec, 5, 27, &out);
	char *got = tt_take(&out);
	tt_assert_str(got, "one point written for another at 5:4, 1 written: g4xe5 (gone on)\n"
	                   "one point written for another at 4:43, 1 written: e3\n"
	                   "one point written for another at 5:4, 1 written: g4xb6\n"
	                   "two turns written out of order at 5:27, 2 written: e4 c4xa1 (gone on)\n");
	assert_null(tb_slip_words(0));
	tb_replay_free(rp);
	tb_record_free(rec);
	tb_reader_free(r);
}

/* The 'k'-th line (1 up) of 'note', its length in '*n'; NULL past the last. */
static const char *S_note_line(const char *note, unsigned k, size_t *n)
{
	for (unsigned i = 1; note && i < k; i++) {
		note = strchr(note, '\n');
		note = note ? note + 1 : NULL;
	}
	if (!note)
		return NULL;
	const char *e = strchr(note, '\n');
	*n = e ? (size_t)(e - note) : strlen(note);
	return note;
}

/* The places a diagnostic's words name, typed: a tag given twice names
 * the line of the first; each repair's note "at L:C, ..." names L:C, and
 * "under the assumption that ... (at L:C" the slip assumed -- the test
 * reads the words only to check that the places are theirs. */
static void test_diag_places(void **state)
{
	(void)state;
	const char *twice = "[Game \"pitarra\"]\n[Site \"a\"]\n[Site \"b\"]\n\n1. d1 *\n";
	tb_reader *r = tb_reader_new_mem(twice, strlen(twice), "t.tgn");
	tb_record *rec = NULL;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	const tb_diag *d = NULL;
	for (size_t i = 0; i < tb_reader_ndiags(r); i++)
		if (tb_reader_diag(r, i)->code == 202)
			d = tb_reader_diag(r, i);
	assert_non_null(d);
	assert_non_null(strstr(d->message, "first on line 2"));
	assert_int_equal(d->nplaces, 1);
	assert_int_equal(d->places[0].note, 0);
	assert_int_equal(d->places[0].line, 2);
	assert_int_equal(d->places[0].col, 0);
	tb_record_free(rec);
	tb_reader_free(r);

	const char *src = "[Game \"pitarra\"]\n[Language \"es\"]\n\n"
	                  "1. f4 b6 2. g1 d5 3. d2 d1 4. c5 f2 5. f6 e5 6. g7 b2 7. d7 b4xf4 8. a7xd5 a4\n"
	                  "9. g4xe3 d5 10. a1 e3 11. c4xa1 e4 12. e5xf2 a1 13. f6-f4xa1 b2-a1 *\n";
	r = tb_reader_new_mem(src, strlen(src), "t.tgn");
	assert_int_equal(tb_reader_next(r, &rec), 1);
	assert_true(tb_reader_validate(r, rec, NULL, NULL) > 0);
	size_t at = 0, assumed = 0;
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		d = tb_reader_diag(r, i);
		for (size_t k = 0; k < d->nplaces; k++) {
			const tb_diag_place *p = &d->places[k];
			size_t n;
			const char *line = p->note ? S_note_line(d->note, p->note, &n) : d->message;
			assert_non_null(line);
			char words[32];
			snprintf(words, sizeof words, p->col ? "at %u:%u" : "line %u", p->line, p->col);
			if (p->col && strncmp(line, words, strlen(words)) == 0)
				at++;
			else if (p->col && strncmp(line, "under the assumption", 20) == 0)
				assumed += strstr(line, words) != NULL;
			else
				fail_msg("place %u:%u of note line %u not in its words: %s", p->line, p->col,
				         p->note, line);
		}
		/* and every note line that starts "at L:C" has its place */
		size_t n;
		for (unsigned k = 1; S_note_line(d->note, k, &n); k++) {
			const char *line = S_note_line(d->note, k, &n);
			if (strncmp(line, "at ", 3) != 0)
				continue;
			int found = 0;
			for (size_t j = 0; j < d->nplaces; j++)
				found |= d->places[j].note == k && d->places[j].col;
			assert_true(found);
		}
	}
	assert_true(at >= 4);     /* the repairs of the two slips */
	assert_true(assumed >= 1); /* checking went on under the first */
	tb_record_free(rec);
	tb_reader_free(r);
}

/* Events name the piece they concern: a tercia the mover's, a removal
 * the other side's piece removed (as it stood before it went). */
static void S_turn_pieces(void *ctx, const tb_turn_report *t)
{
	tt_str *out = ctx;
	for (size_t i = 0; i < t->nevents; i++)
		tt_printf(out, "%u.%d %s %s: side %d type %d crowned %d\n", t->number, t->side,
		          t->ev[i].kind, t->ev[i].point, t->ev[i].piece_side, t->ev[i].piece_type,
		          t->ev[i].piece_crowned);
}

static void test_event_pieces(void **state)
{
	(void)state;
	const char *src = "[Game \"pitarra\"]\n\n1. d1 a1 2. d2 a4 3. d3xa1 *\n";
	tb_reader *r = tb_reader_new_mem(src, strlen(src), "t.tgn");
	tb_record *rec = NULL;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	tt_str out = {0};
	assert_int_equal(tb_reader_validate(r, rec, S_turn_pieces, &out), 0);
	char *got = tt_take(&out);
	tt_assert_str(got, "3.0 tercia d1: side 0 type 0 crowned 0\n"
	                   "3.0 removal a1: side 1 type 0 crowned 0\n");
	tb_record_free(rec);
	tb_reader_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_illegal_turn),
		cmocka_unit_test(test_illegal_turn_candidates),
		cmocka_unit_test(test_illegal_turn_repaired),
		cmocka_unit_test(test_open_point),
		cmocka_unit_test(test_no_token),
		cmocka_unit_test(test_slips_typed),
		cmocka_unit_test(test_diag_places),
		cmocka_unit_test(test_event_pieces),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
