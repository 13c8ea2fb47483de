/*
 * test_one_play.c -- the rules' check and play in one call
 * (rules->one_play, which the slip search's walks call: repair_walk.h's
 * tb_repair_step_read) against the two calls it stands for, rules->one
 * and then rules->play of the turn one found.
 *
 * On the positions of random games of every game that has one_play,
 * under the defaults and every value of each option: every legal turn,
 * each with one mutation (a point changed, the last part dropped, a
 * removal added, the first point for a neighbour, a step from the first
 * point to a neighbour), and a placement on each point, written as moves
 * -- one_play answers what one answers, and leaves the position one and
 * play leave (byte for byte), or, when one finds no turn, the position
 * it was given; and tb_turn_find_play, the plain run's check and play in
 * one, against tb_turn_find and then play. And rules->one_play_run, where
 * a game has it, against one_play called for each move of a run in turn:
 * runs of the legal turns of each position, written as moves. And rules->may_remark against rules->remark: a turn it
 * answers 0 of is never one the remark frowns on.
 */
#include "tb_test.h"

#include "game.h"
#include "record.h"
#include "rules.h"
#include "tb_rules_inner.h"

typedef struct S_run {
	unsigned long positions, moves, played;
	unsigned long runs, run_played; /* one_play_run's checks, and the moves they played */
	unsigned long long rng;
	tb_turns l; /* tb_turn_find's and tb_turn_find_play's room */
} S_run;

static unsigned S_rand(S_run *r, unsigned n)
{
	r->rng = r->rng * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)((r->rng >> 33) % n);
}

/* One written move 'm' in 's', both ways. */
static void S_check(S_run *r, const tb_ruleset *rs, const tb_state *s, const tb_move *m)
{
	if (!m->nparts || m->parts[0].kind != TB_PART_AT)
		return; /* (rules->one is asked only of such a move) */
	for (unsigned i = 0; i < m->nparts; i++)
		if (m->parts[i].pt == TB_PT_UNKNOWN || tb_geo_at(&rs->geo, m->parts[i].pt) < 0)
			return;
	tb_state two, one;
	memcpy(&two, s, sizeof two);
	memcpy(&one, s, sizeof one);
	tb_turn t;
	int want = rs->rules->one(rs, &two, m, &t);
	if (want == 1)
		rs->rules->play(rs, &two, &t, NULL);
	int got = rs->rules->one_play(rs, &one, m);
	r->moves++;
	r->played += got == 1;
	if (got != want || memcmp(&one, &two, sizeof one) != 0) {
		tb_buf b = TB_BUF_INIT;
		tb_turn_write(&b, TB_NODE_MOVE, m);
		fail_msg("%s: move %s: one and play answer %d, one_play %d%s", rs->game->name, b.data,
		         want, got, got == want ? ", another position" : "");
	}
	/* tb_turn_find_play (validate's plain run) against tb_turn_find then
	 * play: every other move (the time it takes) */
	if (r->moves % 2)
		return;
	memcpy(&two, s, sizeof two);
	memcpy(&one, s, sizeof one);
	const tb_turn *t2 = tb_turn_find(rs, &two, m, &r->l);
	if (t2)
		rs->rules->play(rs, &two, t2, NULL);
	got = tb_turn_find_play(rs, &one, m, &r->l);
	if (got != (t2 != NULL) || memcmp(&one, &two, sizeof one) != 0) {
		tb_buf b = TB_BUF_INIT;
		tb_turn_write(&b, TB_NODE_MOVE, m);
		fail_msg("%s: move %s: tb_turn_find %s, tb_turn_find_play %d%s", rs->game->name,
		         b.data, t2 ? "finds it" : "not", got,
		         got == (t2 != NULL) ? ", another position" : "");
	}
}

/* rules->one_play_run of written moves 'ms[0..n-1]' from 's' against
 * one_play of each in turn: the same count played, the same answer for
 * the move it stopped at, the same position (byte for byte). */
static void S_check_run(S_run *r, const tb_ruleset *rs, const tb_state *s, const tb_move *const *ms,
                        unsigned n)
{
	if (!rs->rules->one_play_run)
		return;
	tb_state step, run;
	memcpy(&step, s, sizeof step);
	memcpy(&run, s, sizeof run);
	unsigned want = 0;
	int want_stop = 1;
	for (; want < n; want++)
		if ((want_stop = rs->rules->one_play(rs, &step, ms[want])) != 1)
			break;
	if (want == n)
		want_stop = 1;
	int stop = 2;
	unsigned got = rs->rules->one_play_run(rs, &run, ms, n, &stop);
	r->runs++;
	r->run_played += got;
	if (got != want || stop != want_stop || memcmp(&step, &run, sizeof run) != 0)
		fail_msg("%s: a run of %u moves: one_play plays %u (then %d), one_play_run %u (then %d)%s",
		         rs->game->name, n, want, want_stop, got, stop,
		         got == want && stop == want_stop ? ", another position" : "");
}

static void S_position(S_run *r, const tb_ruleset *rs, const tb_state *s, const tb_turns *all,
                       size_t n)
{
	const tb_geometry *g = &rs->geo;
	r->positions++;
	/* the legal turns as one run of written moves, the first few: after
	 * the first, each is another's turn (a placement on a point left empty
	 * is legal for either side), a repeat, or refused */
	enum { RUN = 6 };
	tb_part run_parts[RUN][TB_TURN_PARTS];
	tb_move run_m[RUN];
	const tb_move *run[RUN];
	unsigned nrun = 0;
	for (size_t i = 0; i < n && nrun < RUN; i++) {
		const tb_turn *t = &all->v[(i * 7) % n];
		if (!t->nparts)
			continue;
		memcpy(run_parts[nrun], t->parts, t->nparts * sizeof *t->parts);
		run_m[nrun] = (tb_move){t->nparts, t->crown, run_parts[nrun]};
		run[nrun] = &run_m[nrun];
		nrun++;
	}
	for (unsigned k = 1; k <= nrun; k++)
		S_check_run(r, rs, s, run, k);
	for (int p = 0; p < g->npoints; p++) { /* a placement on each point */
		tb_part at = {TB_PART_AT, g->points[p].pt};
		tb_move m = {1, 0, &at};
		S_check(r, rs, s, &m);
	}
	for (size_t i = 0; i < n; i++) {
		const tb_turn *t = &all->v[i];
		tb_part parts[TB_TURN_PARTS + 1];
		memcpy(parts, t->parts, t->nparts * sizeof *parts);
		tb_move m = {t->nparts, t->crown, parts};
		S_check(r, rs, s, &m);
		if (!t->nparts)
			continue;
		int a = tb_geo_at(g, parts[0].pt);
		switch (S_rand(r, 5)) {
		case 0: /* a point misheard */
			parts[S_rand(r, t->nparts)].pt = g->points[S_rand(r, g->npoints)].pt;
			break;
		case 1: /* the last part not written */
			m.nparts--;
			break;
		case 2: /* a removal the turn does not make */
			if (m.nparts < TB_TURN_PARTS)
				parts[m.nparts++] = (tb_part){TB_PART_REMOVE, g->points[S_rand(r, g->npoints)].pt};
			break;
		case 3: /* the first point for a neighbour of it */
			if (a >= 0 && g->nadj[a])
				parts[0].pt = g->points[g->adj[a][S_rand(r, g->nadj[a])]].pt;
			break;
		default: /* a step from the first point to a neighbour */
			if (a >= 0 && g->nadj[a]) {
				parts[1] = (tb_part){TB_PART_STEP, g->points[g->adj[a][S_rand(r, g->nadj[a])]].pt};
				m.nparts = 2;
			}
			break;
		}
		S_check(r, rs, s, &m);
	}
}

/* Random games under 'rs' until 'want' positions are checked. */
static void S_games(S_run *r, const tb_ruleset *rs, unsigned long want)
{
	tb_turns all = {NULL, 0};
	unsigned long until = r->positions + want;
	while (r->positions < until) {
		tb_state s;
		tt_start(rs, &s, &r->rng);
		for (int ply = 0; ply < 300 && r->positions < until; ply++) {
			size_t n = tb_turns_generate(rs, &s, &all);
			S_position(r, rs, &s, &all, n);
			if (!n)
				break;
			rs->rules->play(rs, &s, &all.v[S_rand(r, (unsigned)n)], NULL);
		}
	}
	tb_turns_free(&all);
}

/* Has the game rules->one_play (then rules->one too: one_play is one's,
 * played)? */
static int S_has_one_play(const tb_game *g)
{
	if (!g->rules || !g->rules->one_play)
		return 0;
	assert_non_null(g->rules->one);
	return 1;
}

/* S_games under one rule set: ctx is the run, its count per set in 'per'. */
typedef struct S_per_set {
	S_run *r;
	unsigned long per;
} S_per_set;

static void S_games_under(const tb_ruleset *rs, const char *name, size_t c, void *ctx)
{
	(void)name;
	(void)c;
	S_per_set *p = ctx;
	S_games(p->r, rs, p->per);
}

static void test_one_play_is_one_and_play(void **state)
{
	(void)state;
	S_run r = {0, 0, 0, 0, 0, 0x0e1a, {NULL, 0}};
	S_per_set p = {&r, TT_SANITIZED ? 400 : 4000};
	unsigned long games = tt_each_ruleset(S_has_one_play, S_games_under, &p);
	tb_turns_free(&r.l);
	print_message("one_play: %lu games, %lu positions, %lu moves checked, %lu played; "
	              "one_play_run: %lu runs, %lu moves played\n",
	              games, r.positions, r.moves, r.played, r.runs, r.run_played);
	assert_true(games > 0); /* La Pitarra's */
	assert_true(r.played > r.moves / 4); /* legal turns, not only refusals */
	assert_true(r.played < r.moves);
	assert_true(r.runs > 0); /* La Pitarra has one_play_run */
	assert_true(r.run_played > r.runs); /* runs that go on past their first move */
}

/* Has the game rules->may_remark (then rules->remark too)? */
static int S_has_may_remark(const tb_game *g)
{
	if (!g->rules || !g->rules->may_remark)
		return 0;
	assert_non_null(g->rules->remark);
	return 1;
}

/* test_may_remark_is_never_wrong's run: the positions it visits per
 * rule set, what it counts, and its turns' room. */
typedef struct S_remark_run {
	S_run r;
	unsigned long per, no, remarked;
	tb_turns all;
} S_remark_run;

/* Random games under 'rs' until 'per' more positions: every legal turn
 * may_remark answers 0 of must be one remark says nothing of. */
static void S_remarks_under(const tb_ruleset *rs, const char *name, size_t c, void *ctx)
{
	S_remark_run *m = ctx;
	S_run *r = &m->r;
	for (unsigned long until = r->positions + m->per; r->positions < until;) {
		tb_state s;
		tt_start(rs, &s, &r->rng);
		for (int ply = 0; ply < 300 && r->positions < until; ply++, r->positions++) {
			size_t n = tb_turns_generate(rs, &s, &m->all);
			for (size_t i = 0; i < n; i++) {
				tb_turn *t = &m->all.v[i];
				tb_state after = s;
				rs->rules->play(rs, &after, t, NULL);
				int says = rs->rules->remark(rs, &s, t, &after, NULL);
				int may = rs->rules->may_remark(rs, &s, t);
				r->moves++;
				m->no += !may;
				m->remarked += says != 0;
				if (says && !may) {
					tb_buf b = TB_BUF_INIT;
					tb_turn_write(&b, t->nparts ? TB_NODE_MOVE : TB_NODE_PASS,
					              &(tb_move){t->nparts, t->crown, t->parts});
					fail_msg("%s, rule set %zu: turn %s remarked on, may_remark says 0",
					         name, c, b.data);
				}
			}
			if (!n)
				break;
			rs->rules->play(rs, &s, &m->all.v[S_rand(r, (unsigned)n)], NULL);
		}
	}
}

/* rules->may_remark against rules->remark: on the positions of random
 * games of every game that has it, under the defaults and every value
 * of each option, every legal turn it answers 0 of is played (on a copy)
 * and remark() must say nothing of it; validate plays such a turn in
 * place without asking (S_plain_run_remarked). */
static void test_may_remark_is_never_wrong(void **state)
{
	(void)state;
	S_remark_run m = {{0, 0, 0, 0, 0, 0x4e3a, {NULL, 0}}, TT_SANITIZED ? 300 : 3000, 0, 0, {NULL, 0}};
	unsigned long games = tt_each_ruleset(S_has_may_remark, S_remarks_under, &m);
	tb_turns_free(&m.all);
	print_message("may_remark: %lu games, %lu positions, %lu turns, %lu answered 0, %lu "
	              "remarked on\n", games, m.r.positions, m.r.moves, m.no, m.remarked);
	assert_true(games > 0);   /* Asalto's */
	assert_true(m.remarked > 0); /* turns the remark frowns on were met */
	assert_true(m.no > m.r.moves / 4); /* and most turns answered without playing */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_play_is_one_and_play),
		cmocka_unit_test(test_may_remark_is_never_wrong),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
