/*
 * test_direct.c -- the direct check of a written turn (rules->generate_at,
 * tb_turn_find) against the full list of legal turns (rules->generate),
 * on positions of random games of every game under every value of each
 * of its options (spec/tgn.md §14, "Checking a turn costs").
 *
 * In each position: for every point of the board, generate_at lists
 * exactly the turns of the full list that begin on that point, in the
 * same order, and with a hint of a kind of second part, a subsequence of
 * them holding all of that kind; and every written move -- each legal
 * turn, and mutations of them (a point changed, a part dropped or
 * doubled, a removal added, the crown marker changed, a point for a
 * neighbour of the one before it, the first for a neighbour, a step
 * from its first point to a neighbour, the first part left out), and
 * steps from a point to each neighbour (from every point once the game
 * is over) -- is found by tb_turn_find, and by tb_turn_one, exactly
 * when it is the one legal turn of the full list it fits, with the same
 * parts and crown (the rules' own check, rules->one, where a game has
 * one, answers for both); and the pass is found by tb_pass_find
 * (rules->pass) and tb_turn_one exactly when it is the one legal turn.
 * And generate with no room (perft's bulk counting) counts what it lists,
 * and play gives the same position with its events asked for or not;
 * Asalto's marks of the defenders that passed up a capture, found on
 * bit sets, are exactly the ones the full list says, and the words of
 * its TB407 name the list's first capture.
 *
 * And Ocencahuac's play of every legal turn moves the pieces its parts
 * say (S_check_played).
 *
 * And validate's plain turns (validate.c, S_plain_run) give the
 * diagnostics its whole way gives (taken when a turn callback is set),
 * on random games of each game, as played and with bytes changed; and
 * a side's two turns swapped late in a long game are found from the
 * look-back once it has gone round (test_lookback_ring).
 *
 * TB_DIRECT_POSITIONS sets the number of positions (default 1,000,000;
 * a tenth under the sanitizers).
 */
#include "tb_test.h"

#include "game.h"
#include "reader.h"
#include "record.h"
#include "rules.h"
#include "tb_corpus.h"
#include "tb_rules_inner.h"

#include "games/asalto/asalto.h"

typedef struct S_run {
	unsigned long positions, turns, moves, found, passes;
	unsigned long long rng;
} S_run;

static unsigned S_rand(S_run *r, unsigned n)
{
	r->rng = r->rng * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)((r->rng >> 33) % n);
}

static int S_same(const tb_turn *a, const tb_turn *b)
{
	if (a->nparts != b->nparts || a->crown != b->crown)
		return 0;
	for (unsigned i = 0; i < a->nparts; i++)
		if (a->parts[i].kind != b->parts[i].kind || a->parts[i].pt != b->parts[i].pt)
			return 0;
	return 1;
}

/* What the full list says of move 'm': its one fitting turn with the
 * same crown, or NULL. */
static const tb_turn *S_expected(const tb_turn *all, size_t n, const tb_move *m)
{
	const tb_turn *found = NULL;
	for (size_t i = 0; i < n; i++)
		if (tb_turn_fits(&all[i], m)) {
			if (found)
				return NULL;
			found = &all[i];
		}
	return found && found->crown == m->crown ? found : NULL;
}

static void S_check_move(S_run *r, const tb_ruleset *rs, const tb_state *s, const tb_turn *all,
                         size_t n, const tb_move *m, tb_turns *l)
{
	/* a move that begins with a huff is the rules' own check's too (Asalto's) */
	int asked = m->nparts && (m->parts[0].kind == TB_PART_AT ||
	                          (m->parts[0].kind == TB_PART_HUFF && rs->rules->one &&
	                           m->nparts > 1 && m->parts[1].kind == TB_PART_AT));
	const tb_turn *want = asked ? S_expected(all, n, m) : NULL;
	const tb_turn *got = tb_turn_find(rs, s, m, l);
	r->moves++;
	r->found += got != NULL;
	if ((want == NULL) != (got == NULL) || (want && !S_same(want, got))) {
		tb_buf b = TB_BUF_INIT;
		tb_turn_write(&b, TB_NODE_MOVE, m);
		fail_msg("%s: move %s: the full list says %s, the direct check %s", rs->game->name,
		         b.data, want ? "one turn" : "none", got ? "one turn" : "none");
	}
	/* tb_turn_one: the same answer, for every written move (the rules'
	 * own check, rules->one, where the game has one) */
	want = S_expected(all, n, m);
	got = tb_turn_one(rs, s, m, l);
	if ((want == NULL) != (got == NULL) || (want && !S_same(want, got))) {
		tb_buf b = TB_BUF_INIT;
		tb_turn_write(&b, TB_NODE_MOVE, m);
		fail_msg("%s: move %s: the full list says %s, tb_turn_one %s", rs->game->name, b.data,
		         want ? "one turn" : "none", got ? "one turn" : "none");
	}
}

/* generate_at from dense point 'p' with 'hint': in the full list's
 * order, only turns the full list has from 'p' (a subsequence of them),
 * and, of those whose second part is of the hint's kind (any kind for
 * TB_PART_AT) on its point (any point for TB_PT_NONE), every one. */
static void S_at_point(const tb_ruleset *rs, const tb_state *s, const tb_turns *all, size_t n,
                       tb_turns *at, int p, tb_part hint)
{
	tb_point pt = rs->geo.points[p].pt;
	tb_part_kind kind = (tb_part_kind)hint.kind;
	size_t k = 0;
	while ((k = rs->rules->generate_at(rs, s, pt, hint, at->v, at->cap)) > at->cap) {
		at->cap = 2 * k;
		at->v = realloc(at->v, at->cap * sizeof *at->v);
		assert_non_null(at->v);
	}
	size_t j = 0;
	for (size_t i = 0; i < n; i++) {
		const tb_turn *t = &all->v[i];
		if (!t->nparts || t->parts[0].kind != TB_PART_AT || t->parts[0].pt != pt)
			continue;
		int asked = (kind == TB_PART_AT || (t->nparts > 1 && t->parts[1].kind == kind)) &&
		            (hint.pt == TB_PT_NONE || (t->nparts > 1 && t->parts[1].pt == hint.pt));
		if (j < k && S_same(t, &at->v[j]))
			j++;
		else if (asked)
			fail_msg("%s: generate_at (kind %d) from point %d leaves out the full list's "
			         "turn %zu, or lists it out of order", rs->game->name, kind, p, i);
	}
	if (j != k)
		fail_msg("%s: generate_at (kind %d) lists %zu turns from point %d that the full "
		         "list does not have there", rs->game->name, kind, k - j, p);
}

/* The pass: tb_pass_find (rules->pass, where a game has one) finds it
 * exactly when it is the one legal turn of the full list, and tb_turn_one
 * gives the same answer; neither is a verdict when it says NULL without
 * rules->pass. */
static void S_check_pass(S_run *r, const tb_ruleset *rs, const tb_state *s, const tb_turn *all,
                         size_t n, tb_turns *l)
{
	tb_move none = {0, 0, NULL};
	const tb_turn *want = S_expected(all, n, &none);
	const tb_turn *one = tb_turn_one(rs, s, NULL, l);
	if ((want != NULL) != (one != NULL) || (one && one->nparts))
		fail_msg("%s: tb_turn_one says the pass is %s, the full list (%zu turns) %s",
		         rs->game->name, one ? "legal" : "not legal", n, want ? "legal" : "not");
	const tb_turn *found = tb_pass_find(rs, s, l);
	if (rs->rules->pass && ((want != NULL) != (found != NULL) || (found && found->nparts)))
		fail_msg("%s: rules->pass says the pass is %s, the full list (%zu turns) %s",
		         rs->game->name, found ? "legal" : "not legal", n, want ? "legal" : "not");
	if (!rs->rules->pass && found)
		fail_msg("%s: tb_pass_find found a pass with no rules->pass", rs->game->name);
	r->passes += want != NULL;
}

/* Every check of one position. */
static void S_position(S_run *r, const tb_ruleset *rs, const tb_state *s, tb_turns *all,
                       tb_turns *at)
{
	size_t n = tb_turns_generate(rs, s, all);
	r->positions++;
	if (rs->rules->generate(rs, s, NULL, 0) != n) /* perft's bulk counting */
		fail_msg("%s: generate counts %zu turns with no room to write them, and lists %zu",
		         rs->game->name, rs->rules->generate(rs, s, NULL, 0), n);
	for (int p = 0; p < rs->geo.npoints; p++) { /* generate_at = the full list, filtered */
		S_at_point(rs, s, all, n, at, p, (tb_part){TB_PART_AT, TB_PT_NONE});
		/* and with a hint, each kind in turn over the points and positions */
		tb_part_kind kind = (tb_part_kind)(1 + (r->positions + (unsigned long)p) % TB_PART_HUFF);
		S_at_point(rs, s, all, n, at, p, (tb_part){kind, TB_PT_NONE});
		/* and a point too: the second part of a turn from 'p', when it
		 * has one (else one at random), with its kind, or any */
		tb_point to = rs->geo.points[S_rand(r, (unsigned)rs->geo.npoints)].pt;
		for (size_t i = 0; i < n; i++)
			if (all->v[i].nparts > 1 && all->v[i].parts[0].pt == rs->geo.points[p].pt &&
			    S_rand(r, 2)) {
				kind = all->v[i].parts[1].kind;
				to = all->v[i].parts[1].pt;
			}
		S_at_point(rs, s, all, n, at, p,
		           (tb_part){(uint8_t)(S_rand(r, 2) ? kind : TB_PART_AT), to});
	}
	tb_turns l = {NULL, 0};
	S_check_pass(r, rs, s, all->v, n, &l);
	/* a step from a point at random to each of its neighbours -- from
	 * every point when no turn is left (the game is over: none is legal,
	 * and there is no legal turn to mutate) */
	for (int p = 0; p < rs->geo.npoints; p++) {
		if (n && p != (int)S_rand(r, (unsigned)rs->geo.npoints))
			continue;
		for (int k = 0; k < rs->geo.nadj[p]; k++) {
			tb_part step[2] = {{TB_PART_AT, rs->geo.points[p].pt},
			                   {TB_PART_STEP, rs->geo.points[rs->geo.adj[p][k]].pt}};
			tb_move m = {2, 0, step};
			S_check_move(r, rs, s, all->v, n, &m, &l);
		}
	}
	for (size_t i = 0; i < n; i++) { /* each legal turn, and a mutation of it */
		const tb_turn *t = &all->v[i];
		tb_part parts[TB_TURN_PARTS + 1];
		memcpy(parts, t->parts, t->nparts * sizeof *parts);
		tb_move m = {t->nparts, t->crown, parts};
		r->turns++;
		S_check_move(r, rs, s, all->v, n, &m, &l);
		if (!t->nparts)
			continue;
		switch (S_rand(r, 9)) {
		case 8: /* the first part not written (a huff, a placement before a step) */
			if (m.nparts > 1) {
				memmove(parts, parts + 1, (m.nparts - 1) * sizeof *parts);
				m.nparts--;
			}
			break;
		case 0: /* a point misheard */
			parts[S_rand(r, t->nparts)].pt = rs->geo.points[S_rand(r, (unsigned)rs->geo.npoints)].pt;
			break;
		case 5: /* a point misheard for a neighbour of the one before it (a
		           step along another line, onto a piece, backwards, with
		           another side's piece: what random points seldom are) */
			if (m.nparts > 1) {
				unsigned k = 1 + S_rand(r, m.nparts - 1);
				int a = tb_geo_at(&rs->geo, parts[k - 1].pt);
				if (a >= 0 && rs->geo.nadj[a])
					parts[k].pt = rs->geo.points[rs->geo.adj[a][S_rand(r, rs->geo.nadj[a])]].pt;
			}
			break;
		case 7: /* a step from its first point to a neighbour (a capture or a
		           placement written as a step; a step where one must capture) */
			{
				int a = tb_geo_at(&rs->geo, parts[0].pt);
				if (a >= 0 && rs->geo.nadj[a] && m.nparts >= 1) {
					parts[1] = (tb_part){TB_PART_STEP,
					                     rs->geo.points[rs->geo.adj[a][S_rand(r, rs->geo.nadj[a])]].pt};
					m.nparts = 2;
				}
			}
			break;
		case 6: /* the first point for a neighbour of it: another piece, or none */
			{
				int a = tb_geo_at(&rs->geo, parts[0].pt);
				if (a >= 0 && rs->geo.nadj[a])
					parts[0].pt = rs->geo.points[rs->geo.adj[a][S_rand(r, rs->geo.nadj[a])]].pt;
			}
			break;
		case 1: /* the last part not written */
			m.nparts--;
			break;
		case 2: /* a part written twice */
			if (m.nparts < TB_TURN_PARTS)
				parts[m.nparts] = parts[m.nparts - 1], m.nparts++;
			break;
		case 3: /* a removal written that the turn does not make */
			if (m.nparts < TB_TURN_PARTS)
				parts[m.nparts++] = (tb_part){TB_PART_REMOVE,
				                              rs->geo.points[S_rand(r, (unsigned)rs->geo.npoints)].pt};
			break;
		default: /* the crown marker */
			m.crown = (uint8_t)((m.crown + 1 + S_rand(r, 2)) % 3);
			break;
		}
		S_check_move(r, rs, s, all->v, n, &m, &l);
	}
	tb_turns_free(&l);
}

/* Asalto marks, after a defenders' turn, the defenders that passed up a
 * capture (rules.c finds them on bit sets, without the list of turns):
 * exactly those the full list 'all' of 'before' says, where they stand
 * after turn 't' -- after a chain, its jumper when a longer chain of the
 * list goes on from it; after any other turn, under huff_target=capturer
 * every defender with a capture in the list (the one that moved: where
 * it went), under mover the one that moved if it had one; none under
 * huff=off|compulsory -- in the order of their points. */
static void S_check_huff_marks(const tb_ruleset *rs, const tb_state *before, const tb_turn *all,
                               size_t n, const tb_turn *t, const tb_state *after)
{
	if (strcmp(rs->game->name, "asalto") != 0 || before->to_move != 1)
		return;
	const tb_geometry *g = &rs->geo;
	int chain = t->nparts > 1 && t->parts[1].kind == TB_PART_CAPTURE;
	int from = t->nparts ? tb_geo_at(g, t->parts[0].pt) : -1;
	int to = t->nparts ? tb_geo_at(g, t->parts[t->nparts - 1].pt) : -1;
	uint64_t want = 0, could = 0;
	for (size_t i = 0; i < n; i++) {
		if (chain && all[i].nparts > t->nparts &&
		    memcmp(all[i].parts, t->parts, t->nparts * sizeof *t->parts) == 0)
			want = (uint64_t)1 << to; /* the chain could go on */
		if (all[i].nparts > 1 && all[i].parts[1].kind == TB_PART_CAPTURE)
			could |= (uint64_t)1 << tb_geo_at(g, all[i].parts[0].pt);
	}
	if (!chain) {
		int moved = from >= 0 && (could & ((uint64_t)1 << from));
		if (rs->opt[O_HUFF_TARGET] == HUFF_TARGET_MOVER)
			want = moved ? (uint64_t)1 << to : 0;
		else
			want = moved ? (could & ~((uint64_t)1 << from)) | (uint64_t)1 << to : could;
	}
	if (rs->opt[O_HUFF] == HUFF_OFF || rs->opt[O_HUFF] == HUFF_COMPULSORY)
		want = 0;
	uint8_t mark[2] = {0, 0};
	for (int i = 0; want && i < 2; want &= want - 1, i++)
		mark[i] = (uint8_t)(__builtin_ctzll(want) + 1);
	if (after->mark[0] != mark[0] || after->mark[1] != mark[1])
		fail_msg("asalto: after a defenders' turn of %u parts the marks are %d,%d; the full "
		         "list says %d,%d", t->nparts, after->mark[0] - 1, after->mark[1] - 1,
		         mark[0] - 1, mark[1] - 1);
}

/* Asalto's words for a capture passed up (TB407) name the first capture
 * in the list of every turn (a chain stopped early: its next jump);
 * rules.c lists only the captures. The same words from the full list
 * 'all' of 'before' (the one kept before the rules did so). */
static void S_check_passed_up(const tb_ruleset *rs, const tb_state *before, const tb_turn *all,
                              size_t n, const tb_turn *t, const tb_state *after)
{
	tb_why why;
	if (strcmp(rs->game->name, "asalto") != 0 || !rs->rules->remark ||
	    !rs->rules->remark(rs, before, t, after, &why))
		return;
	unsigned nlead = t->nparts > 1 && t->parts[1].kind == TB_PART_CAPTURE ? t->nparts : 0;
	tb_buf b = TB_BUF_SOFT;
	int found = 0;
	for (size_t i = 0; i < n && !found; i++) {
		const tb_turn *c = &all[i];
		if (c->nparts < nlead + 1 || c->nparts < 2 || c->parts[1].kind != TB_PART_CAPTURE ||
		    (nlead && memcmp(c->parts, t->parts, nlead * sizeof *t->parts) != 0))
			continue;
		tb_part jump[2] = {{c->parts[0].kind, nlead ? c->parts[nlead - 1].pt : 0}, c->parts[nlead]};
		tb_move m = {(uint8_t)(nlead ? 2 : c->nparts), 0, nlead ? jump : (tb_part *)c->parts};
		tb_turn_write(&b, TB_NODE_MOVE, &m);
		found = 1;
	}
	if (!found)
		tb_buf_puts(&b, "?");
	assert_true(tb_buf_ok(&b));
	if (strcmp(why.arg[0], b.data) != 0)
		fail_msg("asalto: a capture passed up named %s; the full list's first is %s", why.arg[0],
		         b.data);
	tb_buf_free(&b);
}

/* Ocencahuac's play of every legal turn in 's' against what its parts
 * say of the board (rules->play moves a plain hop's piece alone, not
 * looking the hop up again, and looks it up for a hop with pushbacks or
 * a relocation after it): the mover leaves its first point for its
 * last; a capture takes the piece on its point; every pushback's and
 * relocation's point after the last hop holds a piece after it, the
 * pushed ones the other side's; no piece is lost but the captured; and a turn with neither
 * moves no other piece. */
static void S_check_played(const tb_ruleset *rs, const tb_state *s, const tb_turn *all, size_t n)
{
	int side = s->to_move;
	for (size_t i = 0; i < n; i++) {
		const tb_turn *t = &all[i];
		if (!t->nparts)
			continue; /* the pass */
		uint64_t gone = 0, put = 0, pushed = 0;
		int others = 0, from = tb_geo_at(&rs->geo, t->parts[0].pt), to = from;
		for (unsigned k = 1; k < t->nparts; k++) {
			int q = tb_geo_at(&rs->geo, t->parts[k].pt);
			assert_true(q >= 0);
			if (t->parts[k].kind == TB_PART_HOP) /* a chain's next hop may move them on */
				put = pushed = 0;
			if (t->parts[k].kind == TB_PART_CAPTURE)
				gone |= (uint64_t)1 << q;
			if (t->parts[k].kind == TB_PART_PUSH || t->parts[k].kind == TB_PART_RELOCATE) {
				put |= (uint64_t)1 << q;
				others = 1;
			}
			if (t->parts[k].kind == TB_PART_PUSH)
				pushed |= (uint64_t)1 << q;
			else if (t->parts[k].kind != TB_PART_RELOCATE)
				to = q;
		}
		tb_state a = *s;
		rs->rules->play(rs, &a, t, NULL);
		uint64_t mover = ((uint64_t)1 << from) | ((uint64_t)1 << to);
		uint64_t before = s->bits[0] | s->bits[1], after = a.bits[0] | a.bits[1];
		int ok = (after >> to & 1) && (from == to || !(a.bits[side] >> from & 1) || (put >> from & 1)) &&
		         (after & put) == put && (a.bits[!side] & pushed) == pushed &&
		         tb_popcount(after) == tb_popcount(before) - tb_popcount(gone);
		if (!others)
			ok = ok && a.bits[side] == ((s->bits[side] & ~mover) | ((uint64_t)1 << to)) &&
			     a.bits[!side] == (s->bits[!side] & ~gone);
		if (!ok)
			fail_msg("ocencahuac: turn %zu of %zu (%u parts) played leaves the board as its "
			         "parts do not say", i, n, t->nparts);
	}
}

/* Random games under 'rs' until 'want' positions are checked. */
static void S_games(S_run *r, const tb_ruleset *rs, unsigned long want)
{
	tb_turns all = {NULL, 0}, at = {NULL, 0};
	at.cap = 64;
	at.v = malloc(at.cap * sizeof *at.v);
	unsigned long until = r->positions + want;
	while (r->positions < until) {
		tb_state s;
		tt_start(rs, &s, &r->rng);
		for (int ply = 0; ply < 400 && r->positions < until; ply++) {
			S_position(r, rs, &s, &all, &at);
			size_t n = tb_turns_generate(rs, &s, &all);
			if (!n)
				break;
			if (strcmp(rs->game->name, "ocencahuac") == 0)
				S_check_played(rs, &s, all.v, n);
			/* played with the events asked for and without: the same
			 * position (a game may play faster when none are) */
			tb_state quiet = s, before = s, cold = s;
			tb_events ev;
			const tb_turn *t = &all.v[S_rand(r, (unsigned)n)];
			rs->rules->play(rs, &s, t, &ev);
			rs->rules->play(rs, &quiet, t, NULL);
			if (memcmp(&s, &quiet, sizeof s) != 0)
				fail_msg("%s: a turn played without its events gives another position",
				         rs->game->name);
			/* and from the state with its hint forgotten (rules.h): what
			 * the rules' shortcut claims is what a walk would find */
			cold.hint = 0;
			rs->rules->play(rs, &cold, t, NULL);
			cold.hint = s.hint;
			if (memcmp(&s, &cold, sizeof s) != 0)
				fail_msg("%s: a turn played from a state whose hint is forgotten gives "
				         "another position", rs->game->name);
			S_check_huff_marks(rs, &before, all.v, n, t, &s);
			S_check_passed_up(rs, &before, all.v, n, t, &s);
		}
	}
	tb_turns_free(&all);
	free(at.v);
}

static unsigned long S_budget(void)
{
	const char *e = getenv("TB_DIRECT_POSITIONS");
	unsigned long n = e ? strtoul(e, NULL, 10) : 1000000ul;
	return TT_SANITIZED ? n / 10 : n;
}

/* The rules' bit count against counting one bit at a time. */
static void test_popcount(void **state)
{
	(void)state;
	uint64_t m = 0x9E3779B97F4A7C15u;
	for (int i = 0; i < 100000; i++) {
		m ^= m << 13, m ^= m >> 7, m ^= m << 17;
		uint64_t v = i % 3 == 0 ? m & (m >> 1) : i % 3 == 1 ? ~m : m;
		int n = 0;
		for (uint64_t b = v; b; b >>= 1)
			n += (int)(b & 1);
		assert_int_equal(tb_popcount(v), n);
	}
	assert_int_equal(tb_popcount(0), 0);
	assert_int_equal(tb_popcount(~(uint64_t)0), 64);
}

static void test_direct_agrees(void **state)
{
	(void)state;
	S_run r = {0, 0, 0, 0, 0, 0x5eed};
	unsigned long budget = S_budget();
	tb_opts configs[3][64];
	size_t nconf[3], total = 0;
	for (size_t gi = 0; gi < 3; gi++)
		total += nconf[gi] = tt_configs(tb_game_at(gi), configs[gi], 64);
	for (size_t gi = 0; gi < 3; gi++) {
		const tb_game *g = tb_game_at(gi);
		assert_non_null(g->rules->generate_at);
		for (size_t c = 0; c < nconf[gi]; c++) {
			tb_ruleset rs;
			char why[256];
			if (tb_ruleset_init(&rs, g, &configs[gi][c], why, sizeof why))
				continue; /* a value another option must go with */
			S_games(&r, &rs, budget / total + 1);
		}
	}
	print_message("direct check: %lu positions, %lu legal turns, %lu moves checked, %lu "
	              "found directly, %lu passes\n", r.positions, r.turns, r.moves, r.found,
	              r.passes);
	assert_true(r.positions >= budget);
	assert_true(r.found > r.turns / 2); /* the direct check answers, not only declines */
	assert_true(r.passes > 0); /* the pass is checked where it is legal, not only refused */
}

/* A written move with a '?' point is no turn tb_turn_find finds (it goes
 * the open way: tb_turn_direct says no to it), though the full list has
 * turns it fits: on the positions of random games of each game, every
 * legal turn with each of its points in turn made '?', and as written
 * (found when it is the one turn it fits). tb_turn_find's check of a
 * two-part move's points apart from the loop for longer ones is held to
 * the loop's answer. */
static void test_unknown_point_not_found(void **state)
{
	(void)state;
	S_run r = {0, 0, 0, 0, 0, 0x3f3f};
	unsigned long per = TT_SANITIZED ? 100 : 1000, asked = 0, found = 0;
	tb_turns all = {NULL, 0}, l = {NULL, 0};
	for (size_t gi = 0; tb_game_at(gi); gi++) {
		tb_ruleset rs;
		char why[256];
		tb_opts none = {0};
		if (tb_ruleset_init(&rs, tb_game_at(gi), &none, why, sizeof why))
			fail_msg("%s: %s", tb_game_at(gi)->name, why);
		for (unsigned long until = r.positions + per; r.positions < until;) {
			tb_state s;
			tt_start(&rs, &s, &r.rng);
			for (int ply = 0; ply < 200 && r.positions < until; ply++, r.positions++) {
				size_t n = tb_turns_generate(&rs, &s, &all);
				for (size_t i = 0; i < n; i++) {
					tb_turn t = all.v[i];
					tb_move m = {t.nparts, t.crown, t.parts};
					found += t.nparts && tb_turn_find(&rs, &s, &m, &l) != NULL;
					for (unsigned k = 0; k < t.nparts; k++) {
						tb_point keep = t.parts[k].pt;
						t.parts[k].pt = TB_PT_UNKNOWN;
						asked++;
						if (tb_turn_direct(&rs, &m) || tb_turn_find(&rs, &s, &m, &l)) {
							tb_buf b = TB_BUF_INIT;
							tb_turn_write(&b, TB_NODE_MOVE, &m);
							fail_msg("%s: move %s found", rs.game->name, b.data);
						}
						t.parts[k].pt = keep;
					}
				}
				if (!n)
					break;
				rs.rules->play(&rs, &s, &all.v[S_rand(&r, (unsigned)n)], NULL);
			}
		}
	}
	tb_turns_free(&all);
	tb_turns_free(&l);
	print_message("'?' points: %lu positions, %lu moves with one, none found; %lu as "
	              "written found\n", r.positions, asked, found);
	assert_true(asked > 0);
	assert_true(found > asked / 8); /* the moves as written are found */
}

static void S_told_nothing(void *ctx, const tb_turn_report *t)
{
	(void)ctx;
	(void)t;
}

/* 'text' (of 'len' bytes, '*len' after) with a variation after the
 * movetext's line "3. ...": "( 3... W )", W the second turn of line
 * "6. ..." (a turn in the position before the third's second turn, or
 * not); 'text' itself, freed, when it has no such lines. */
static char *S_with_variation(char *text, size_t *len)
{
	const char *three = strstr(text, "\n3. "), *six = strstr(text, "\n6. ");
	const char *eol = three ? strchr(three + 1, '\n') : NULL;
	const char *w = six ? strchr(six + 4, ' ') : NULL;
	if (!eol || !w)
		return text;
	int wlen = (int)strcspn(w + 1, " \n");
	size_t head = (size_t)(eol + 1 - text), cap = *len + (size_t)wlen + 32;
	char *out = malloc(cap);
	assert_non_null(out);
	int k = snprintf(out, cap, "%.*s( 3... %.*s )\n%s", (int)head, text, wlen, w + 1, eol + 1);
	assert_true(k > 0 && (size_t)k < cap);
	*len = (size_t)k;
	free(text);
	return out;
}

/* validate's plain turns (validate.c, S_plain_run: turns alone found
 * and played at once, when nothing is told) against its whole way,
 * which a turn callback makes it take: random games of every game, as
 * played and with bytes of their turns changed (illegal turns, their
 * slips looked for back over the turns before them, games that go on
 * under a repair), every other one with a variation (where a run of
 * plain turns stops), give the same diagnostics, word for word, and the
 * same count either way. */
static void test_plain_turns_as_told(void **state)
{
	(void)state;
	S_run run = {0, 0, 0, 0, 0, 7};
	static const char abc[] = "abcdefg12345678-x^";
	unsigned long records = 0, diags = 0;
	for (size_t gi = 0; tb_game_at(gi); gi++) {
		const tb_game *g = tb_game_at(gi);
		char *why = NULL;
		tb_engine *e = tb_engine_new(g, NULL, NULL, &why);
		assert_non_null(e);
		for (unsigned seed = 1; seed <= 60; seed++) {
			size_t len = 0;
			char *text = tb_engine_random_game(e, seed, 30 + seed * 3, &len);
			assert_non_null(text);
			if (seed % 2 == 0)
				text = S_with_variation(text, &len);
			const char *moves = strstr(text, "\n\n"); /* the movetext */
			size_t at = moves ? (size_t)(moves - text) + 2 : len;
			for (unsigned k = 0; k < 4; k++) {
				if (k && at + 8 < len) /* k bytes of the turns changed */
					for (unsigned j = 0; j < k; j++) {
						size_t i = at + S_rand(&run, (unsigned)(len - at));
						if (text[i] != '\n' && text[i] != ' ' && text[i] != '.')
							text[i] = abc[S_rand(&run, sizeof abc - 1)];
					}
				char *plain = tt_validated(text, len, NULL, NULL);
				char *told = tt_validated(text, len, S_told_nothing, NULL);
				if (strcmp(plain, told) != 0)
					fail_msg("%s, seed %u, change %u: validated plain\n%s\nand told\n%s\nof\n%s",
					         g->name, seed, k, plain, told, text);
				for (const char *c = plain; *c; c++)
					diags += *c == '\n';
				records++;
				free(plain);
				free(told);
			}
			free(text);
		}
		tb_engine_free(e);
	}
	assert_true(records >= 3 * 60 * 4);
	assert_true(diags > records * 2); /* errors found, not only the counts */
}

/* 'text' with the turns of one side at lines "k. " and "k+1. " of the
 * movetext swapped (the first side's, or the second's when 'second'),
 * a new string the caller frees; NULL when it has no such lines. */
static char *S_swapped(const char *text, unsigned k, int second)
{
	const char *at[2];
	size_t n[2];
	for (unsigned i = 0; i < 2; i++) {
		char key[24];
		snprintf(key, sizeof key, "\n%u. ", k + i);
		const char *l = strstr(text, key);
		if (!l)
			return NULL;
		at[i] = l + strlen(key);
		if (second) {
			at[i] += strcspn(at[i], " \n");
			if (*at[i] != ' ')
				return NULL;
			at[i]++;
		}
		n[i] = strcspn(at[i], " \n");
	}
	size_t len = strlen(text);
	char *out = malloc(len + 1);
	assert_non_null(out);
	size_t a = (size_t)(at[0] - text), b = (size_t)(at[1] - text);
	char *o = out;
	memcpy(o, text, a);
	o += a;
	memcpy(o, at[1], n[1]);
	o += n[1];
	memcpy(o, text + a + n[0], b - a - n[0]);
	o += b - a - n[0];
	memcpy(o, at[0], n[0]);
	o += n[0];
	memcpy(o, text + b + n[1], len - b - n[1] + 1);
	return out;
}

/* The look-back once it is full (validate_slips.c, tb_val_hist_push: a
 * ring of the last lookback + 1 written turns, the newest in the
 * oldest's slot): in random Ocencahuac games of 200 turns, a side's two
 * turns swapped past turn 40 (the ring gone round) are found where the
 * record says so -- each such record that is illegal names "two turns
 * written out of order" of turn k or k + 1 in its first slip's note --
 * as they are only when the ring holds the turns before the illegal one
 * in their order. */
static void test_lookback_ring(void **state)
{
	(void)state;
	S_run run = {0, 0, 0, 0, 0, 11};
	const tb_game *g = NULL;
	for (size_t gi = 0; tb_game_at(gi); gi++)
		if (strcmp(tb_game_at(gi)->name, "ocencahuac") == 0)
			g = tb_game_at(gi);
	assert_non_null(g);
	char *why = NULL;
	tb_engine *e = tb_engine_new(g, NULL, NULL, &why);
	assert_non_null(e);
	unsigned found = 0;
	for (unsigned seed = 1; seed <= 80; seed++) {
		size_t len = 0;
		char *text = tb_engine_random_game(e, seed, 200, &len);
		assert_non_null(text);
		unsigned last = 0;
		char key[24];
		do
			snprintf(key, sizeof key, "\n%u. ", ++last);
		while (strstr(text, key));
		if (last < 60) {
			free(text);
			continue;
		}
		unsigned k = 40 + S_rand(&run, last - 46);
		char *sw = S_swapped(text, k, (int)S_rand(&run, 2));
		free(text);
		if (!sw)
			continue;
		char *said = tt_validated(sw, strlen(sw), NULL, NULL);
		const char *note = strstr(said, "note: at ");
		if (strstr(said, "error")) {
			char k0[40], k1[40];
			snprintf(k0, sizeof k0, "out of order: %u.", k);
			snprintf(k1, sizeof k1, "out of order: %u.", k + 1);
			const char *eol = note ? strchr(note, '\n') : NULL;
			const char *w = note ? strstr(note, k0) : NULL, *w1 = note ? strstr(note, k1) : NULL;
			if (!note || !((w && w < eol) || (w1 && w1 < eol)))
				fail_msg("seed %u, turns %u and %u swapped: the first note is not the swap's:\n%s",
				         seed, k, k + 1, said);
			found++;
		}
		free(said);
		free(sw);
	}
	tb_engine_free(e);
	assert_true(found >= 10);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_popcount),
		cmocka_unit_test(test_direct_agrees),
		cmocka_unit_test(test_unknown_point_not_found),
		cmocka_unit_test(test_plain_turns_as_told),
		cmocka_unit_test(test_lookback_ring),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
