/*
 * games/asalto/rules.c -- Asalto, the fortress game, played by the rules
 * engine (spec/games/asalto.md).
 *
 * Twenty-four attackers step forwards or sideways along the red lines;
 * two defenders step along any line, or jump attackers to the empty
 * point beyond, in chains ("d6xd4xf4"). A defender that passes up a
 * capture may be huffed: removed by the attackers before their own
 * move ("Hd6/c3-c4"). Attackers win by filling the fortress.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "reasons.h"
#include "xalloc.h"

#include "asalto.h"

enum { ATT = 0, DEF = 1, ATTACKERS = 24, DEFENDERS = 2, FORT = 9 };
enum { RED = 1, BLUE = 2 };

/* The way a chain has gone so far: its last jump's direction ((0,0)
 * before the first) and how many times it turned. */
typedef struct S_way {
	int dx, dy, turns;
} S_way;

typedef uint64_t set;

static const char *const S_points =
	"c1 d1 e1 c2 d2 e2 a3 b3 c3 d3 e3 f3 g3 a4 b4 c4 d4 e4 f4 g4 a5 b5 c5 d5 e5 f5 g5 "
	"c6 d6 e6 c7 d7 e7";

/* ===== Geometry ===== */

static int S_in_fortress(const tb_geometry *g, int p)
{
	tb_point pt = g->points[p].pt;
	return TB_PT_FILE(pt) >= 2 && TB_PT_FILE(pt) <= 4 && TB_PT_RANK(pt) >= 4;
}

/* The colour of an edge under the reading of the blue lines. */
static uint8_t S_colour(const tb_ruleset *rs, const tb_geo_edge *e)
{
	const tb_geometry *g = &rs->geo;
	tb_point a = g->points[e->a].pt, b = g->points[e->b].pt;
	switch (rs->opt[O_BLUE]) {
	case BLUE_HORIZONTALS: /* rows outside the fortress, but the fifth */
		return TB_PT_RANK(a) == TB_PT_RANK(b) && TB_PT_RANK(a) <= 3 ? BLUE : RED;
	case BLUE_FORTRESS:
		return S_in_fortress(g, e->a) && S_in_fortress(g, e->b) ? BLUE : RED;
	default:
		return e->kind == TB_LINE_DIAG ? BLUE : RED;
	}
}

static void S_distances(tb_geometry *g, int red_only);
static int S_attacker_may(const tb_ruleset *rs, int p, int q, int e);

static const char *S_configure(tb_ruleset *rs)
{
	tb_geometry *g = &rs->geo;
	memset(g, 0, sizeof *g);
	tb_geo_points(g, S_points);
	static const char *const ortho[] = {
		"c1 d1 e1", "c2 d2 e2", "a3 b3 c3 d3 e3 f3 g3", "a4 b4 c4 d4 e4 f4 g4",
		"a5 b5 c5 d5 e5 f5 g5", "c6 d6 e6", "c7 d7 e7", "c1 c2 c3 c4 c5 c6 c7",
		"d1 d2 d3 d4 d5 d6 d7", "e1 e2 e3 e4 e5 e6 e7", "a3 a4 a5", "b3 b4 b5",
		"f3 f4 f5", "g3 g4 g5"};
	static const char *const diag[] = {
		"c1 d2 e3 f4 g5", "e1 d2 c3 b4 a5", "a3 b4 c5 d6 e7", "g3 f4 e5 d6 c7",
		"c3 d4 e5", "e3 d4 c5"};
	for (size_t i = 0; i < sizeof ortho / sizeof ortho[0]; i++)
		tb_geo_line(g, ortho[i], TB_LINE_ORTHO);
	if (rs->opt[O_DIAGONALS] == DIAGONALS_ALQUERQUE)
		for (size_t i = 0; i < sizeof diag / sizeof diag[0]; i++)
			tb_geo_line(g, diag[i], TB_LINE_DIAG);
	for (int e = 0; e < g->nedges; e++)
		g->edges[e].colour = S_colour(rs, &g->edges[e]);
	S_distances(g, rs->opt[O_FORWARD] == FORWARD_PATH);
	for (int p = 0; p < g->npoints; p++) /* S_fortress */
		if (S_in_fortress(g, p))
			g->zone |= (uint64_t)1 << p;
	for (int p = 0; p < g->npoints; p++) /* S_attacker_may, asked at every step */
		for (int k = 0; k < g->nadj[p]; k++)
			if (S_attacker_may(rs, p, g->adj[p][k], g->adj_edge[p][k]))
				g->reach[p] |= (uint64_t)1 << g->adj[p][k];
	for (int p = 0; p < g->npoints; p++) /* next_to, jump_to */
		for (int k = 0; k < g->nadj[p]; k++) {
			int q = g->adj[p][k], land = tb_geo_beyond(g, p, q);
			g->next_to[p] |= (uint64_t)1 << q;
			if (land >= 0)
				g->jump_to[p] |= (uint64_t)1 << land;
		}
	tb_geo_mark_add(g, "fortress", 1, 1.6f, 3.6f, 4.4f, 6.4f); /* c5-e7 */
	return NULL;
}

/* ===== Helpers ===== */

static set S_bit(int p) { return (set)1 << p; }

static int S_count(set m) { return tb_popcount(m); }

/* The fortress's points (computed once, by S_configure). */
static set S_fortress(const tb_geometry *g)
{
	return g->zone;
}

static int S_rank(const tb_geometry *g, int p) { return TB_PT_RANK(g->points[p].pt); }

/* Steps from the nearest fortress point along the lines: every line
 * (forward=fortress), or the red lines the attackers move along
 * (forward=path; 255 for a point they cannot reach the fortress from). */
static void S_distances(tb_geometry *g, int red_only)
{
	int dist[TB_MAX_POINTS];
	int queue[TB_MAX_POINTS], head = 0, tail = 0;
	for (int p = 0; p < g->npoints; p++) {
		dist[p] = S_in_fortress(g, p) ? 0 : -1;
		if (!dist[p])
			queue[tail++] = p;
	}
	while (head < tail) {
		int p = queue[head++];
		for (int k = 0; k < g->nadj[p]; k++) {
			int q = g->adj[p][k];
			if (dist[q] < 0 && (!red_only || g->edges[g->adj_edge[p][k]].colour == RED)) {
				dist[q] = dist[p] + 1;
				queue[tail++] = q;
			}
		}
	}
	for (int p = 0; p < g->npoints; p++)
		g->dist[p] = (uint8_t)dist[p];
}

/* -1 backwards, 0 sideways, 1 forwards: an attacker's step p -> q. */
static int S_heading(const tb_ruleset *rs, int p, int q)
{
	const tb_geometry *g = &rs->geo;
	if (rs->opt[O_FORWARD] != FORWARD_RANK && !(S_in_fortress(g, p) && S_in_fortress(g, q)))
		return g->dist[q] < g->dist[p] ? 1 : g->dist[q] == g->dist[p] ? 0 : -1;
	int d = S_rank(g, q) - S_rank(g, p);
	return d > 0 ? 1 : d == 0 ? 0 : -1;
}

static void S_dir(const tb_geometry *g, int p, int q, int *dx, int *dy)
{
	float x = g->points[q].x - g->points[p].x, y = g->points[q].y - g->points[p].y;
	*dx = (x > 0) - (x < 0);
	*dy = (y > 0) - (y < 0);
}

/* May a chain that went 'w' so far go on with (ex,ey)? "على خط مستقيم،
 * أو على زاوية (إذا تم الاتفاق على ذلك)، أو على خط متكسر": straight, one
 * turn, any number of turns (spec/games/asalto.md §3). */
static int S_turn_ok(const tb_ruleset *rs, S_way w, int ex, int ey)
{
	int same = w.dx == ex && w.dy == ey;
	if ((w.dx == 0 && w.dy == 0) || same) /* the first jump, or straight on */
		return 1;
	switch (rs->opt[O_CHAIN]) {
	case CHAIN_STRAIGHT:
		return 0;
	case CHAIN_ONE_TURN:
		return w.turns == 0;
	case CHAIN_RIGHT_ANGLES:
		return w.dx * ex + w.dy * ey == 0;
	default:
		return 1;
	}
}

/* The way after a jump (ex,ey). */
static S_way S_went(S_way w, int ex, int ey)
{
	int turned = (w.dx || w.dy) && (w.dx != ex || w.dy != ey);
	return (S_way){ex, ey, w.turns + turned};
}

/* Can the defender on 'p' make a first jump (any way: S_turn_ok), with
 * the attackers 'att' and the empty points 'empty'? Its neighbours and
 * landing points as bit sets (S_configure) answer first: no attacker
 * next to it, or no landing point empty, and it has none -- a blocked
 * defender's every turn -- without a walk of its lines. */
static inline int S_can_capture(const tb_ruleset *rs, int p, set att, set empty)
{
	const tb_geometry *g = &rs->geo;
	if (!(g->next_to[p] & att) || !(g->jump_to[p] & empty))
		return 0;
	for (int k = 0; k < g->nadj[p]; k++) {
		int land = tb_geo_beyond_at(g, p, k);
		if (land >= 0 && (att & S_bit(g->adj[p][k])) && (empty & S_bit(land)))
			return 1;
	}
	return 0;
}

/* Can the defender on 'p' capture, its chain having gone 'w' ({0}:
 * none yet), with the attackers 'att' and the empty points 'empty'? */
static int S_can_jump(const tb_ruleset *rs, int p, set att, set empty, S_way w)
{
	const tb_geometry *g = &rs->geo;
	if (!w.dx && !w.dy)
		return S_can_capture(rs, p, att, empty);
	for (int k = 0; k < g->nadj[p]; k++) {
		int over = g->adj[p][k], land = tb_geo_beyond_at(g, p, k);
		int ex, ey;
		if (land < 0 || !(att & S_bit(over)) || !(empty & S_bit(land)))
			continue;
		S_dir(g, p, over, &ex, &ey);
		if (S_turn_ok(rs, w, ex, ey))
			return 1;
	}
	return 0;
}

static set S_empty(const tb_ruleset *rs, const tb_state *s)
{
	set all = rs->geo.npoints >= 64 ? ~(set)0 : S_bit(rs->geo.npoints) - 1;
	return all & ~(s->bits[ATT] | s->bits[DEF]);
}

/* ===== Generation ===== */

typedef struct S_gen {
	const tb_ruleset *rs;
	const tb_state *s;
	tb_turn *out;
	size_t n, cap;
	tb_turn cur;          /* the chain being built */
} S_gen;

static void S_push(S_gen *g, const tb_turn *t)
{
	if (g->n < g->cap)
		g->out[g->n] = *t;
	g->n++; /* counted even past the buffer: the caller retries */
}

static tb_part S_part(const tb_ruleset *rs, tb_part_kind k, int p)
{
	return (tb_part){(uint8_t)k, rs->geo.points[p].pt};
}

/* Every chain going on from 'p' (the jumper, its chain gone 'w'). A
 * chain may stop after any jump, but under huff=compulsory only where
 * it cannot go on. */
static void S_chains(S_gen *g, int p, set att, set empty, S_way w)
{
	const tb_geometry *geo = &g->rs->geo;
	int must_go_on = g->rs->opt[O_HUFF] == HUFF_COMPULSORY;
	for (int k = 0; k < geo->nadj[p]; k++) {
		int over = geo->adj[p][k], land = tb_geo_beyond_at(geo, p, k);
		int ex, ey;
		if (land < 0 || !(att & S_bit(over)) || !(empty & S_bit(land)))
			continue;
		S_dir(geo, p, over, &ex, &ey);
		if (!S_turn_ok(g->rs, w, ex, ey) || g->cur.nparts >= TB_TURN_PARTS)
			continue;
		g->cur.parts[g->cur.nparts++] = S_part(g->rs, TB_PART_CAPTURE, land);
		/* the jumped attacker is gone; the point the jumper left is empty */
		set att2 = att & ~S_bit(over), empty2 = (empty | S_bit(over) | S_bit(p)) & ~S_bit(land);
		S_way w2 = S_went(w, ex, ey);
		if (!must_go_on || !S_can_jump(g->rs, land, att2, empty2, w2))
			S_push(g, &g->cur); /* stopping here is a turn too (and may be huffed) */
		S_chains(g, land, att2, empty2, w2);
		g->cur.nparts--;
	}
}

/* The captures of the defender on 'p' (into g), then, unless 'captures'
 * only, its steps. */
static void S_defender_turns(S_gen *g, int p, int captures)
{
	const tb_geometry *geo = &g->rs->geo;
	set empty = S_empty(g->rs, g->s), att = g->s->bits[ATT];
	g->cur.nparts = 1;
	g->cur.crown = 0;
	g->cur.parts[0] = S_part(g->rs, TB_PART_AT, p);
	S_chains(g, p, att, empty | S_bit(p), (S_way){0, 0, 0});
	for (int k = 0; k < geo->nadj[p] && !captures; k++) {
		int q = geo->adj[p][k];
		if (empty & S_bit(q)) {
			tb_turn t = {2, 0, {S_part(g->rs, TB_PART_AT, p), S_part(g->rs, TB_PART_STEP, q)}};
			S_push(g, &t);
		}
	}
}

/* An attacker's step p -> q along edge e: red, and not backwards. */
static int S_attacker_may(const tb_ruleset *rs, int p, int q, int e)
{
	return rs->geo.edges[e].colour == RED && S_heading(rs, p, q) >= 0;
}

/* The steps of the attacker on 'p' onto 'empty', written after huff
 * part 'huff' (its kind 0 when there is none). */
static void S_steps_from(S_gen *g, int p, set empty, tb_part huff)
{
	const tb_ruleset *rs = g->rs;
	const tb_geometry *geo = &rs->geo;
	set may = empty & geo->reach[p]; /* S_attacker_may, made by S_configure */
	for (int k = 0; may && k < geo->nadj[p]; k++) { /* in the order of the lines */
		int q = geo->adj[p][k];
		if (!(may & S_bit(q)))
			continue;
		may &= ~S_bit(q);
		if (g->n < g->cap) { /* made in place: a whole turn zeroed and copied was
		                        most of a step's cost */
			tb_turn *t = &g->out[g->n];
			t->nparts = 0;
			t->crown = 0;
			if (huff.kind)
				t->parts[t->nparts++] = huff;
			t->parts[t->nparts++] = S_part(rs, TB_PART_AT, p);
			t->parts[t->nparts++] = S_part(rs, TB_PART_STEP, q);
		}
		g->n++;
	}
}

/* The attackers' steps onto 'empty', after huff part 'huff'. */
static void S_steps(S_gen *g, set empty, tb_part huff)
{
	for (set m = g->s->bits[ATT]; m; m &= m - 1)
		S_steps_from(g, __builtin_ctzll(m), empty, huff);
}

/* The defenders the attackers may huff now. */
static int S_huffable(const tb_ruleset *rs, const tb_state *s, int *who)
{
	int n = 0;
	for (int i = 0; i < 2; i++)
		if (s->mark[i] && (rs->opt[O_HUFF] == HUFF_OPTIONAL || rs->opt[O_HUFF] == HUFF_AUTOMATIC))
			who[n++] = s->mark[i] - 1;
	return n;
}

/* The attackers' steps, each alone (unless a huff is compulsory) and
 * after each huff it allows: the huff comes first, so its point is
 * free for the step. */
static void S_attacker_turns(S_gen *g)
{
	const tb_ruleset *rs = g->rs;
	set empty = S_empty(rs, g->s);
	int who[2], huffs = S_huffable(rs, g->s, who);
	if (!huffs || rs->opt[O_HUFF] == HUFF_OPTIONAL)
		S_steps(g, empty, (tb_part){0, 0});
	for (int h = 0; h < huffs; h++)
		S_steps(g, empty | S_bit(who[h]), S_part(rs, TB_PART_HUFF, who[h]));
}

/* Can the attackers step at all (after a huff, if they may make one)? */
static int S_attackers_can_step(const tb_ruleset *rs, const tb_state *s)
{
	const tb_geometry *geo = &rs->geo;
	int who[2], huffs = S_huffable(rs, s, who);
	set empty = S_empty(rs, s);
	for (int h = 0; h < huffs; h++)
		empty |= S_bit(who[h]);
	for (set m = s->bits[ATT]; m; m &= m - 1) {
		int p = __builtin_ctzll(m);
		if (empty & geo->reach[p])
			return 1;
	}
	return 0;
}

/* Has a defender a turn in 's' (S_defender_turns lists one)? A step is
 * an empty neighbour, a capture a first jump (each begins a listed
 * chain): bit sets, no list. */
static inline int S_defenders_can_move(const tb_ruleset *rs, const tb_state *s)
{
	set empty = S_empty(rs, s), att = s->bits[ATT];
	for (set m = s->bits[DEF]; m; m &= m - 1) {
		int p = __builtin_ctzll(m);
		if ((rs->geo.next_to[p] & empty) || S_can_capture(rs, p, att, empty | S_bit(p)))
			return 1;
	}
	return 0;
}

static int S_ending(const tb_ruleset *rs, const tb_state *s, tb_result *res, tb_ending *e);
static int S_ending_if(const tb_ruleset *rs, const tb_state *s, tb_result *res, tb_ending *e,
                       int mobility);
static int S_board_may_end(const tb_ruleset *rs, const tb_state *s);
static int S_board_end(const tb_ruleset *rs, const tb_state *s, tb_result *res, tb_ending *e);
static set S_could_capture(const tb_ruleset *rs, const tb_state *s);

/* Is the game over in 's' by an end on the board (S_ending_if without
 * 'mobility')? Most positions are shown not over by S_board_may_end's
 * few bit operations. */
static inline int S_board_over(const tb_ruleset *rs, const tb_state *s)
{
	tb_result res;
	tb_ending e;
	return S_board_may_end(rs, s) && S_board_end(rs, s, &res, &e);
}

static size_t S_generate(const tb_ruleset *rs, const tb_state *s, tb_turn *out, size_t cap)
{
	tb_result res;
	tb_ending e;
	if (S_ending(rs, s, &res, &e))
		return 0;
	S_gen g = {rs, s, out, 0, cap, {0, 0, {{0, 0}}}};
	if (s->to_move == ATT) {
		S_attacker_turns(&g);
	} else {
		/* huff=compulsory: "يجب عليهم أن يقتلوا", no step while a capture is there */
		int captures = rs->opt[O_HUFF] == HUFF_COMPULSORY && S_could_capture(rs, s);
		for (set m = s->bits[DEF]; m; m &= m - 1)
			S_defender_turns(&g, __builtin_ctzll(m), captures);
		if (g.n == 0) { /* immobile defenders pass (immobile=lose ends first) */
			if (cap > 0)
				memset(&out[0], 0, sizeof out[0]);
			g.n = 1;
		}
	}
	return g.n;
}

/* The turns that begin with the piece on 'at' (not a huff, which comes
 * first in its turn): an attacker's step when no huff must come first,
 * a defender's chains and steps. */
static size_t S_generate_at(const tb_ruleset *rs, const tb_state *s, tb_point at,
                            tb_part hint, tb_turn *out, size_t cap)
{
	(void)hint; /* every turn from 'at' is listed */
	int p = tb_geo_at(&rs->geo, at);
	/* The ends by having no turn are not checked: when the piece on 'at'
	 * has a turn, the side has one; when it has none, none is listed
	 * either way. The same list as S_generate's turns from 'at'. */
	if (p < 0 || !(s->bits[s->to_move] & S_bit(p)) || S_board_over(rs, s))
		return 0;
	S_gen g = {rs, s, out, 0, cap, {0, 0, {{0, 0}}}};
	if (s->to_move == ATT) {
		int who[2];
		if (!S_huffable(rs, s, who) || rs->opt[O_HUFF] == HUFF_OPTIONAL)
			S_steps_from(&g, p, S_empty(rs, s), (tb_part){0, 0});
	} else {
		int captures = rs->opt[O_HUFF] == HUFF_COMPULSORY && S_could_capture(rs, s);
		S_defender_turns(&g, p, captures);
	}
	return g.n;
}

static int S_one_huff(const tb_ruleset *rs, const tb_state *s, const tb_move *m, tb_turn *out);

/* The written move 'm' as a plain step -- the attacker's or defender's
 * on its first point to its second -- against the list generate_at makes
 * from that point, without making it: the one legal step it is, into
 * '*out', and 1; 0 when there is none. A huff and a step go to
 * S_one_huff; a chain or any other shape is left to the list (-1). The
 * same conditions as S_generate_at and S_steps_from / S_defender_turns:
 * tests/unit/test_direct.c proves the two agree. */
static int S_one(const tb_ruleset *rs, const tb_state *s, const tb_move *m, tb_turn *out)
{
	if (m->nparts == 3 && m->parts[0].kind == TB_PART_HUFF)
		return S_one_huff(rs, s, m, out);
	if (m->nparts != 2 || m->parts[1].kind != TB_PART_STEP)
		return -1;
	const tb_geometry *geo = &rs->geo;
	int p = tb_geo_at(geo, m->parts[0].pt), q = tb_geo_at(geo, m->parts[1].pt), side = s->to_move;
	if (m->crown || p < 0 || q < 0 || !(s->bits[side] & S_bit(p)) || !(S_empty(rs, s) & S_bit(q)) ||
	    S_board_over(rs, s))
		return 0;
	if (side == ATT) {
		int who[2];
		if ((S_huffable(rs, s, who) && rs->opt[O_HUFF] != HUFF_OPTIONAL) ||
		    !(geo->reach[p] & S_bit(q)))
			return 0;
	} else {
		if (!(geo->next_to[p] & S_bit(q)) ||
		    (rs->opt[O_HUFF] == HUFF_COMPULSORY && S_could_capture(rs, s)))
			return 0;
	}
	out->nparts = 2;
	out->crown = 0;
	out->parts[0] = S_part(rs, TB_PART_AT, p);
	out->parts[1] = S_part(rs, TB_PART_STEP, q);
	return 1;
}

/* rules->pass: S_generate's pass -- the defenders to move, the game not
 * over (S_ending), and no defender with a capture or a step -- without
 * listing the turns (a blocked defender's pass is most of the turns of a
 * long game). With no turn the game is over under immobile=lose
 * (S_ending_if), and else over by an end on the board or not at all. */
static int S_pass(const tb_ruleset *rs, const tb_state *s)
{
	if (s->to_move != DEF || rs->opt[O_IMMOBILE] == IMMOBILE_LOSE || S_defenders_can_move(rs, s))
		return 0;
	return !S_board_over(rs, s);
}

/* rules->one for a huff and a step "Hd6/c3-c4", as S_attacker_turns
 * lists them: the attackers to move, the game not over, the huffed
 * point one of the defenders they may huff (S_huffable), the step an
 * attacker's onto a point that is empty or the huffed one. (The end by
 * the attackers having no step is not asked: this one is a step.) */
static int S_one_huff(const tb_ruleset *rs, const tb_state *s, const tb_move *m, tb_turn *out)
{
	if (m->parts[1].kind != TB_PART_AT || m->parts[2].kind != TB_PART_STEP)
		return -1;
	const tb_geometry *geo = &rs->geo;
	int h = tb_geo_at(geo, m->parts[0].pt), p = tb_geo_at(geo, m->parts[1].pt);
	int q = tb_geo_at(geo, m->parts[2].pt), who[2], huffs;
	if (m->crown || h < 0 || p < 0 || q < 0 || s->to_move != ATT || !(s->bits[ATT] & S_bit(p)))
		return 0;
	huffs = S_huffable(rs, s, who);
	int may = 0;
	for (int i = 0; i < huffs; i++)
		may |= who[i] == h;
	if (!may || !((S_empty(rs, s) | S_bit(h)) & geo->reach[p] & S_bit(q)) || S_board_over(rs, s))
		return 0;
	out->nparts = 3;
	out->crown = 0;
	out->parts[0] = S_part(rs, TB_PART_HUFF, h);
	out->parts[1] = S_part(rs, TB_PART_AT, p);
	out->parts[2] = S_part(rs, TB_PART_STEP, q);
	return 1;
}

/* ===== Playing ===== */

/* Where the defenders that could capture stand, before a turn. */
static inline set S_could_capture(const tb_ruleset *rs, const tb_state *s)
{
	set who = 0, empty = S_empty(rs, s);
	for (set m = s->bits[DEF]; m; m &= m - 1) {
		int p = __builtin_ctzll(m);
		if (S_can_capture(rs, p, s->bits[ATT], empty))
			who |= S_bit(p);
	}
	return who;
}

/* After the defenders' turn: which defenders passed up a capture. */
static void S_mark_huffs(const tb_ruleset *rs, tb_state *s, set could, int from, int to,
                         int captured, S_way w, tb_events *ev)
{
	set huffable = 0;
	if (captured) { /* a chain stopped early */
		if (S_can_jump(rs, to, s->bits[ATT], S_empty(rs, s), w))
			huffable = S_bit(to);
	} else if (rs->opt[O_HUFF_TARGET] == HUFF_TARGET_MOVER) { /* only the defender that moved */
		if (from >= 0 && (could & S_bit(from)))
			huffable = S_bit(to);
	} else { /* any that could have captured, where it stands now */
		if (from >= 0 && (could & S_bit(from)))
			could = (could & ~S_bit(from)) | S_bit(to);
		huffable = could;
	}
	if (rs->opt[O_HUFF] == HUFF_OFF || rs->opt[O_HUFF] == HUFF_COMPULSORY)
		huffable = 0;
	s->mark[0] = s->mark[1] = 0;
	for (int i = 0; huffable && i < 2; huffable &= huffable - 1, i++) {
		int p = __builtin_ctzll(huffable);
		s->mark[i] = (uint8_t)(p + 1);
		tb_event_add_piece(ev, rs, TB_EV_HUFF_AVAILABLE, rs->geo.points[p].pt, 0, s->cell[p]);
	}
}

static void S_play(const tb_ruleset *rs, tb_state *s, const tb_turn *t, tb_events *ev)
{
	const tb_geometry *geo = &rs->geo;
	int side = s->to_move, from = -1, to = -1, captured = 0;
	S_way w = {0, 0, 0};
	/* which could capture before the turn: the marks read it under
	 * huff=optional|automatic (S_mark_huffs); none before the pass, legal
	 * only when no defender has a turn (S_generate) */
	int marks = rs->opt[O_HUFF] == HUFF_OPTIONAL || rs->opt[O_HUFF] == HUFF_AUTOMATIC;
	set could = side == DEF && marks && t->nparts ? S_could_capture(rs, s) : 0;
	if (ev)
		ev->n = 0;
	unsigned n = t->nparts;
	if (n == 2 && t->parts[0].kind == TB_PART_AT && t->parts[1].kind == TB_PART_STEP) {
		from = tb_geo_at(geo, t->parts[0].pt); /* a step, most turns: the loop's answer */
		to = tb_geo_at(geo, t->parts[1].pt);
		n = 0;
	}
	for (unsigned i = 0; i < n; i++) {
		int at = tb_geo_at(geo, t->parts[i].pt);
		switch (t->parts[i].kind) {
		case TB_PART_HUFF:
			tb_event_add_piece(ev, rs, TB_EV_HUFF, geo->points[at].pt, 0, s->cell[at]);
			s->cell[at] = 0;
			s->bits[DEF] &= ~S_bit(at);
			s->taken[ATT]++;
			break;
		case TB_PART_AT:
			from = to = at;
			break;
		case TB_PART_STEP:
			to = at;
			break;
		case TB_PART_CAPTURE: {
			int over = -1;
			for (int k = 0; k < geo->nadj[to]; k++)
				if (tb_geo_beyond_at(geo, to, k) == at)
					over = geo->adj[to][k];
			int ex, ey;
			S_dir(geo, to, over, &ex, &ey);
			w = S_went(w, ex, ey);
			tb_event_add_piece(ev, rs, TB_EV_CAPTURE, geo->points[over].pt, 0, s->cell[over]);
			s->cell[over] = 0;
			s->bits[ATT] &= ~S_bit(over);
			s->taken[DEF]++;
			captured++;
			to = at;
			break;
		}
		default:
			break;
		}
	}
	if (from >= 0 && to != from) {
		s->cell[to] = s->cell[from];
		s->cell[from] = 0;
		s->bits[side] = (s->bits[side] & ~S_bit(from)) | S_bit(to);
	}
	if (captured)
		s->quiet = 0;
	else
		s->quiet++;
	if (side == DEF) {
		S_mark_huffs(rs, s, could, from, to, captured, w, ev);
	} else {
		s->mark[0] = s->mark[1] = 0;
		if (ev) /* (its count is not made for no one) */
			tb_event_add(ev, TB_EV_FORTRESS, (tb_point)S_count(s->bits[ATT] & S_fortress(geo)), 0);
	}
	if (side == DEF) /* "N." is the attackers' turn, whoever began */
		s->number++;
	s->to_move = (uint8_t)!side;
}

/* ===== The end ===== */

static tb_result S_unfillable(const tb_ruleset *rs, const tb_state *s)
{
	return (s->bits[DEF] & S_fortress(&rs->geo)) ? TB_RESULT_SECOND : TB_RESULT_DRAW;
}

/* Can the defenders get back into the fortress, on the board as it
 * stands (the attackers where they are)? Every point the two could reach
 * by steps and jumps, however many turns they had, the points either's
 * jumps free counted as free for both ("ولم يستطيعا", the two together):
 * a closure that may count two jumps together that could not both be
 * made, so it errs towards "yes". */
static int S_can_reenter(const tb_ruleset *rs, const tb_state *s)
{
	const tb_geometry *g = &rs->geo;
	set reach = s->bits[DEF], att = s->bits[ATT], free = S_empty(rs, s) | s->bits[DEF];
	/* 'reach' only grows: the walk stops once it holds a fortress point
	 * (most often at once: a defender steps back in) */
	for (int grew = 1; grew && !(reach & S_fortress(g));) {
		grew = 0;
		for (set m = reach; m; m &= m - 1) {
			int p = __builtin_ctzll(m);
			for (int k = 0; k < g->nadj[p]; k++) {
				int q = g->adj[p][k], land = tb_geo_beyond_at(g, p, k);
				if ((free & S_bit(q)) && !(reach & S_bit(q))) {
					reach |= S_bit(q);
					grew = 1;
				} else if ((att & S_bit(q)) && land >= 0 && (free & S_bit(land))) {
					att &= ~S_bit(q);
					free |= S_bit(q);
					reach |= S_bit(land);
					grew = 1;
				}
			}
		}
	}
	return (reach & S_fortress(g)) != 0;
}

/* The pieces that can never move again, whatever either side plays
 * (spec §4, "held for good"): the greatest set F of occupied points in
 * which every attacker has no step off F and cannot be jumped (on each
 * line through it, a neighbour is off the board or in F), and every
 * defender has every neighbour in F and no jump to a point off F. No
 * piece of F ever has a point to go to, nor leaves it by a capture, so
 * F holds. A defender the attackers may huff now is not in it. */
static set S_held_for_good(const tb_ruleset *rs, const tb_state *s)
{
	const tb_geometry *g = &rs->geo;
	int who[2], huffs = S_huffable(rs, s, who);
	set f = s->bits[ATT] | s->bits[DEF];
	for (int h = 0; h < huffs; h++)
		f &= ~S_bit(who[h]);
	for (int shrank = 1; shrank;) {
		shrank = 0;
		for (set m = f; m; m &= m - 1) {
			int p = __builtin_ctzll(m), held = 1;
			if (s->bits[ATT] & S_bit(p)) {
				held = !(g->reach[p] & ~f);
				for (int k = 0; k < g->nadj[p] && held; k++) {
					int q = g->adj[p][k], r = tb_geo_beyond(g, q, p);
					held = r < 0 || (f & S_bit(q)) || (f & S_bit(r));
				}
			} else {
				for (int k = 0; k < g->nadj[p] && held; k++) {
					int q = g->adj[p][k], land = tb_geo_beyond_at(g, p, k);
					held = (f & S_bit(q)) &&
					       (!(s->bits[ATT] & S_bit(q)) || land < 0 || (f & S_bit(land)));
				}
			}
			if (!held) {
				f &= ~S_bit(p);
				shrank = 1;
			}
		}
	}
	return f;
}

/* Why the game is over, typed: its words are in game.c, by language. */
static int S_ending(const tb_ruleset *rs, const tb_state *s, tb_result *res, tb_ending *e)
{
	return S_ending_if(rs, s, res, e, 1);
}

/* S_over, the ends by the side to move having no turn left only when
 * 'mobility' is set. */
static int S_ending_if(const tb_ruleset *rs, const tb_state *s, tb_result *res, tb_ending *e,
                       int mobility)
{
	if (S_board_may_end(rs, s) && S_board_end(rs, s, res, e))
		return 1;
	if (!mobility)
		return 0;
	if (s->to_move == ATT && !S_attackers_can_step(rs, s)) {
		*res = S_unfillable(rs, s);
		*e = tb_ending_of(*res == TB_RESULT_SECOND ? "end.asalto.stuck_held" : "end.asalto.stuck",
		                  -1, -1);
		return 1;
	}
	if (s->to_move == DEF && rs->opt[O_IMMOBILE] == IMMOBILE_LOSE && !S_defenders_can_move(rs, s)) {
		*res = TB_RESULT_FIRST;
		*e = tb_ending_of("end.asalto.immobile", -1, -1);
		return 1;
	}
	return 0;
}

/* May an end on the board (S_board_end) hold in 's'? 0 proves none
 * does, by bit sets, as the game-over test of every turn mostly finds:
 * the fortress not full; nine attackers or more; no defender in the
 * fortress with every neighbour taken (S_board_end's walled-in end asks
 * that first); and under lockout=draw, a defender in the fortress or
 * next to an empty point of it (the first step of S_can_reenter's walk,
 * which then says it can get back in). */
static inline int S_board_may_end(const tb_ruleset *rs, const tb_state *s)
{
	const tb_geometry *g = &rs->geo;
	set fort = S_fortress(g), att = s->bits[ATT], def = s->bits[DEF], taken = att | def;
	if ((att & fort) == fort || S_count(att) < FORT)
		return 1;
	set steps = 0; /* where the defenders step */
	for (set m = def; m; m &= m - 1) {
		int p = __builtin_ctzll(m);
		if ((fort & S_bit(p)) && !(g->next_to[p] & ~taken))
			return 1;
		steps |= g->next_to[p];
	}
	return rs->opt[O_LOCKOUT] == LOCKOUT_DRAW && def && !(def & fort) && !(steps & fort & ~taken);
}

/* The ends on the board, in the order of spec §4: the fortress full, the
 * defenders shut out (lockout=draw), too few attackers, a defender walled
 * in. */
static int S_board_end(const tb_ruleset *rs, const tb_state *s, tb_result *res, tb_ending *e)
{
	const tb_geometry *g = &rs->geo;
	set fort = S_fortress(g);
	if ((s->bits[ATT] & fort) == fort) {
		*res = TB_RESULT_FIRST;
		*e = tb_ending_of("end.asalto.full", -1, -1);
		return 1;
	}
	/* lockout=draw: "تعد اللعبة متعادلة إذا خرج المحاصران من الحصن ولم
	 * يستطيعا الدخول مجددًا" */
	if (rs->opt[O_LOCKOUT] == LOCKOUT_DRAW && s->bits[DEF] && !(s->bits[DEF] & fort) &&
	    !S_can_reenter(rs, s)) {
		*res = TB_RESULT_DRAW;
		*e = tb_ending_of("end.asalto.lockout", -1, -1);
		return 1;
	}
	int att = S_count(s->bits[ATT]);
	if (att < FORT) {
		*res = S_unfillable(rs, s);
		*e = tb_ending_of(*res == TB_RESULT_SECOND ? "end.asalto.few_held" : "end.asalto.few", -1,
		                  att);
		return 1;
	}
	/* "يفوز المحاصران إذا بقي واحد منهما داخل الحصن": a defender held for
	 * good on a fortress point stays there, and the fortress can never
	 * be filled */
	set inside = s->bits[DEF] & fort, hemmed = 0; /* a defender with a free neighbour steps */
	for (set m = inside; m; m &= m - 1) {
		int p = __builtin_ctzll(m);
		hemmed |= g->next_to[p] & ~(s->bits[ATT] | s->bits[DEF]) ? 0 : S_bit(p);
	}
	set walled = hemmed ? S_held_for_good(rs, s) & hemmed : 0;
	if (walled) {
		*res = TB_RESULT_SECOND;
		tb_point pt = g->points[__builtin_ctzll(walled)].pt;
		*e = tb_ending_of("end.asalto.walled", -1, -1);
		snprintf(e->point, sizeof e->point, "%c%d", 'a' + TB_PT_FILE(pt), TB_PT_RANK(pt) + 1);
		return 1;
	}
	return 0;
}

/* ===== Positions ===== */

static int S_load(const tb_ruleset *rs, const tb_position *p, tb_state *s, char *why,
                  size_t n)
{
	memset(s, 0, sizeof *s);
	const tb_geometry *g = &rs->geo;
	s->number = 1;
	if (!p) { /* the attackers on their 24 points; the defenders not yet placed */
		for (int q = 0; q < g->npoints; q++)
			if (!S_in_fortress(g, q)) {
				s->cell[q] = TB_CELL(ATT, 0, 0);
				s->bits[ATT] |= S_bit(q);
			}
		s->to_move = rs->opt[O_FIRST] == FIRST_ATTACKERS ? ATT : DEF;
		s->hand[DEF] = DEFENDERS; /* not yet placed */
		snprintf(why, n, "the defenders' starting points are not recorded (a [Position] "
		         "gives them)");
		return 1;
	}
	s->to_move = p->to_move;
	s->number = p->number;
	int count[2] = {0, 0};
	for (size_t i = 0; i < p->npieces; i++) {
		const tb_piece *pc = &p->pieces[i];
		count[pc->side]++;
		if (pc->pt == TB_PT_UNKNOWN) {
			s->hand[pc->side]++; /* on a point nobody knows */
			continue;
		}
		int at = tb_geo_at(g, pc->pt);
		s->cell[at] = TB_CELL(pc->side, 0, 0);
		s->bits[pc->side] |= S_bit(at);
	}
	if (count[DEF] > DEFENDERS || count[ATT] > ATTACKERS) {
		snprintf(why, n, "Asalto has %d %s, not %d", count[DEF] > DEFENDERS ? DEFENDERS : ATTACKERS,
		         count[DEF] > DEFENDERS ? "defenders" : "attackers",
		         count[DEF] > DEFENDERS ? count[DEF] : count[ATT]);
		return -1;
	}
	for (size_t i = 0; i < p->nextras; i++) {
		if (strcmp(p->extras[i].key, "huff") != 0)
			continue;
		const char *v = p->extras[i].value;
		for (int k = 0; k < 2 && *v; k++) {
			tb_point pt = TB_PT(v[0] - 'a', v[1] - '1');
			int at = tb_geo_at(g, pt);
			if (at < 0 || !(s->bits[DEF] & S_bit(at))) {
				snprintf(why, n, "huff=%s names no defender", p->extras[i].value);
				return -1;
			}
			s->mark[k] = (uint8_t)(at + 1);
			v += 2 + (v[2] == ',');
		}
		if (rs->opt[O_HUFF] == HUFF_OFF || rs->opt[O_HUFF] == HUFF_COMPULSORY) {
			snprintf(why, n, "huff=%s is left aside: there are no huffs under huff=%s",
			         p->extras[i].value, rs->opt[O_HUFF] == HUFF_OFF ? "off" : "compulsory");
			s->mark[0] = s->mark[1] = 0;
		}
	}
	s->taken[DEF] = (uint8_t)(ATTACKERS - count[ATT]);
	s->taken[ATT] = (uint8_t)(DEFENDERS - count[DEF]);
	for (size_t i = 0; i < p->npieces; i++)
		if (p->pieces[i].pt == TB_PT_UNKNOWN) {
			snprintf(why, n, "%s stands on an unknown point",
			         rs->game->side_piece[p->pieces[i].side]);
			return 1;
		}
	return 0;
}

static void S_save(const tb_ruleset *rs, const tb_state *s, tb_arena *a, tb_position *p)
{
	const tb_geometry *g = &rs->geo;
	memset(p, 0, sizeof *p);
	p->to_move = s->to_move;
	p->number = s->number;
	p->pieces = tb_arena_alloc(a, TB_MAX_POINTS * sizeof *p->pieces);
	for (int side = 0; side < 2; side++) {
		for (set m = s->bits[side]; m; m &= m - 1)
			p->pieces[p->npieces++] = (tb_piece){g->points[__builtin_ctzll(m)].pt,
			                                     (uint8_t)side, 0, 0};
		for (int k = 0; k < s->hand[side]; k++) /* on points nobody knows, as load() read them */
			p->pieces[p->npieces++] = (tb_piece){TB_PT_UNKNOWN, (uint8_t)side, 0, 0};
	}
	tb_position_sort(p);
	if (s->mark[0]) {
		tb_extra *x = tb_arena_alloc(a, sizeof *x);
		char *v = x ? tb_arena_alloc(a, 8) : NULL; /* "d6,e7", zeroed: its NUL */
		if (!v)
			return; /* out of memory: the arena jumped, aborted, or says 'failed' */
		for (int i = 0, n = 0; i < 2 && s->mark[i]; i++) {
			if (i)
				v[n++] = ',';
			n += (int)tb_point_chars(v + n, g->points[s->mark[i] - 1].pt);
		}
		p->extras = x;
		p->extras[0].key = "huff";
		p->extras[0].value = v;
		p->nextras = 1;
	}
}

/* The defenders whose points are not recorded, put at random inside
 * the fortress (hand[] counts the pieces load() found on '?'). */
static int S_random_start(const tb_ruleset *rs, tb_state *s, unsigned long long r)
{
	const tb_geometry *g = &rs->geo;
	int fort[FORT], n = 0, missing = s->hand[DEF];
	if (s->hand[ATT])
		return -1; /* where attackers stand is nobody's choice */
	for (int p = 0; p < g->npoints; p++)
		if (S_in_fortress(g, p) && !s->cell[p])
			fort[n++] = p;
	s->hand[DEF] = 0;
	for (int k = 0; k < missing && n > 0; k++) {
		int i = (int)(r % (unsigned)n);
		r /= (unsigned)n;
		s->cell[fort[i]] = TB_CELL(DEF, 0, 0);
		s->bits[DEF] |= S_bit(fort[i]);
		fort[i] = fort[--n];
	}
	return 0;
}

/* ===== Why a turn is not legal ===== */

/* The name of point 'p' ("d6") into 'out' (room for 4). */
static void S_name(const tb_geometry *g, int p, char *out)
{
	out[tb_point_chars(out, g->points[p].pt)] = '\0';
}

/* Explains a defender's chain: the first jump that cannot be made. */
static int S_explain_chain(const tb_ruleset *rs, const tb_state *s, const tb_move *m,
                           tb_why *why)
{
	const tb_geometry *g = &rs->geo;
	set att = s->bits[ATT], empty = S_empty(rs, s);
	int p = tb_geo_at(g, m->parts[0].pt);
	S_way w = {0, 0, 0};
	char a[4], b[4], c[4], jump[16] = "";
	empty |= S_bit(p);
	for (unsigned i = 1; i < m->nparts; i++) {
		int land = tb_geo_at(g, m->parts[i].pt), over = -1;
		S_name(g, p, a);
		S_name(g, land, c);
		if (m->nparts > 2) /* name the jump within a chain */
			snprintf(jump, sizeof jump, " %sx%s", a, c);
		for (int k = 0; k < g->nadj[p]; k++)
			if (tb_geo_beyond_at(g, p, k) == land)
				over = g->adj[p][k];
		if (over < 0) {
			tb_why_set(why, "why.asalto.apart", -1, -1, 2, a, c);
			return 1;
		}
		S_name(g, over, b);
		if (s->bits[DEF] & S_bit(over)) {
			tb_why_set(why, "why.asalto.over_defender", -1, -1, 2, jump, b);
			return 1;
		}
		if (!(att & S_bit(over))) {
			tb_why_set(why, "why.asalto.over_empty", -1, -1, 2, jump, b);
			return 1;
		}
		if (!(empty & S_bit(land))) {
			tb_say_occupied(why, c);
			return 1;
		}
		int ex, ey;
		S_dir(g, p, over, &ex, &ey);
		if (!S_turn_ok(rs, w, ex, ey)) {
			tb_why_set(why, rs->opt[O_CHAIN] == CHAIN_ONE_TURN ? "why.asalto.one_turn"
			                : rs->opt[O_CHAIN] == CHAIN_RIGHT_ANGLES ? "why.asalto.right_angles"
			                                                         : "why.asalto.straight",
			           -1, -1, 1, a);
			return 1;
		}
		att &= ~S_bit(over);
		empty = (empty | S_bit(over) | S_bit(p)) & ~S_bit(land);
		p = land;
		w = S_went(w, ex, ey);
	}
	if (rs->opt[O_HUFF] == HUFF_COMPULSORY && S_can_jump(rs, p, att, empty, w)) {
		S_name(g, p, a);
		tb_why_set(why, "why.asalto.go_on", -1, -1, 1, a);
		return 1;
	}
	return 0;
}

static void S_explain(const tb_ruleset *rs, const tb_state *s, const tb_move *m, tb_why *why)
{
	const tb_geometry *g = &rs->geo;
	const tb_part *pt = m->parts;
	unsigned np = m->nparts, first = 0;
	char a[4], b[4];
	int side = s->to_move;
	for (unsigned i = 0; i < np; i++)
		if (pt[i].pt == TB_PT_UNKNOWN) {
			tb_say_no_fit(why);
			return;
		}
	if (np && pt[0].kind == TB_PART_HUFF) {
		int h = tb_geo_at(g, pt[0].pt);
		S_name(g, h, a);
		if (side != ATT)
			tb_why_set(why, "why.asalto.huff_who", -1, -1, 0);
		else if (rs->opt[O_HUFF] == HUFF_OFF || rs->opt[O_HUFF] == HUFF_COMPULSORY)
			tb_why_set(why, "why.asalto.no_huffs", -1, -1, 1,
			           rs->opt[O_HUFF] == HUFF_OFF ? "off" : "compulsory");
		else if (!(s->bits[DEF] & S_bit(h)))
			tb_why_set(why, "why.asalto.not_defender", -1, -1, 1, a);
		else if (s->mark[0] != h + 1 && s->mark[1] != h + 1)
			tb_why_set(why, "why.asalto.huff_none", -1, -1, 1, a);
		else
			goto move;
		return;
	}
move:
	if (np && pt[0].kind == TB_PART_HUFF)
		first = 1;
	if (side == ATT && rs->opt[O_HUFF] == HUFF_AUTOMATIC && s->mark[0] && first == 0) {
		S_name(g, s->mark[0] - 1, a);
		tb_why_set(why, "why.asalto.huff_first", -1, -1, 1, a);
		return;
	}
	if (np <= first) {
		if (first)
			tb_why_set(why, "why.asalto.huff_step", -1, -1, 0);
		else
			tb_say_no_fit(why);
		return;
	}
	int p = tb_geo_at(g, pt[first].pt);
	S_name(g, p, a);
	if (!(s->bits[side] & S_bit(p))) {
		if (s->bits[!side] & S_bit(p))
			tb_say_not_yours(why, rs->game, side, a);
		else
			tb_say_empty(why, a, 0);
		return;
	}
	if (np == first + 2 && pt[first + 1].pt == pt[first].pt) {
		tb_say_nowhere(why, a);
		return;
	}
	if (np > first + 1 && pt[first + 1].kind == TB_PART_CAPTURE) {
		if (side == ATT) {
			tb_why_set(why, "why.asalto.attackers_jump", -1, -1, 0);
			return;
		}
		tb_move chain = {(uint8_t)(np - first), 0, (tb_part *)pt + first};
		if (S_explain_chain(rs, s, &chain, why))
			return;
	} else if (np == first + 2 && pt[first + 1].kind == TB_PART_STEP) {
		int q = tb_geo_at(g, pt[first + 1].pt), e = tb_geo_edge_between(g, p, q);
		S_name(g, q, b);
		if (e < 0) {
			tb_why_set(why, "why.asalto.adjacent", -1, -1, 2, a, b);
			return;
		}
		if (s->bits[ATT] & S_bit(q) || s->bits[DEF] & S_bit(q)) {
			tb_say_occupied(why, b);
			return;
		}
		if (side == ATT && S_heading(rs, p, q) < 0) {
			tb_why_set(why, "why.asalto.backwards", -1, -1, 0);
			return;
		}
		if (side == ATT && g->edges[e].colour == BLUE) {
			static const char *const blue[] = {
				[BLUE_DIAGONALS] = "blue.asalto.diagonals",
				[BLUE_HORIZONTALS] = "blue.asalto.below",
				[BLUE_FORTRESS] = "blue.asalto.inside"};
			char lines[64];
			tb_why_set(why, "why.asalto.blue", -1, -1, 1,
			           tb_why_word(lines, sizeof lines, blue[rs->opt[O_BLUE]], NULL));
			return;
		}
		if (side == DEF && rs->opt[O_HUFF] == HUFF_COMPULSORY && S_could_capture(rs, s)) {
			tb_why_set(why, "why.asalto.must_capture", -1, -1, 0);
			return;
		}
	}
	tb_say_no_fit(why);
}

/* The defenders' captures in 's' into 'out' (room for 'cap'), in the
 * order S_generate lists them (each defender's chains come before its
 * steps, which are left out); returns how many there are, more than
 * 'cap' when they did not fit. */
static size_t S_captures(const tb_ruleset *rs, const tb_state *s, tb_turn *out, size_t cap)
{
	tb_result res;
	tb_ending e;
	if (S_ending(rs, s, &res, &e))
		return 0;
	S_gen g = {rs, s, out, 0, cap, {0, 0, {{0, 0}}}};
	for (set m = s->bits[DEF]; m; m &= m - 1)
		S_defender_turns(&g, __builtin_ctzll(m), 1);
	return g.n;
}

/* Writes the parts 'p' ('n' of them: a defender's point, then where its
 * jumps land) as tb_move_write does ("d6xd4xf4") into 'out', which has
 * room for S_CAPTURE_CHARS. */
enum { S_CAPTURE_CHARS = TB_TURN_PARTS * 4 + 1 };
static void S_capture_chars(char *out, const tb_part *p, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		char sep = tb_part_sep(p[i].kind);
		if (sep)
			*out++ = sep;
		out += tb_point_chars(out, p[i].pt);
	}
	*out = '\0';
}

/* The first of the defenders' captures in 's' that goes on from 'lead'
 * ('nlead' parts; none: any capture), as S_generate's list orders them,
 * written into 'out' (S_CAPTURE_CHARS; a chain: its next jump). Returns
 * 1 found, 0 none, -1 out of memory. Only the captures are listed: every
 * turn listed made the words of each capture passed up (TB407) cost as
 * much as checking the record's turns. */
static int S_a_capture(const tb_ruleset *rs, const tb_state *s, const tb_part *lead,
                       unsigned nlead, char *out)
{
	tb_turn few[16], *v = few;
	size_t n = S_captures(rs, s, few, 16);
	if (n > 16) { /* (seldom: more captures than a few) */
		v = tb_malloc(n * sizeof *v);
		if (!v)
			return -1;
		n = S_captures(rs, s, v, n);
	}
	int found = 0;
	for (size_t i = 0; i < n && !found; i++) {
		const tb_turn *t = &v[i];
		if (t->nparts < nlead + 1 || t->nparts < 2 || t->parts[1].kind != TB_PART_CAPTURE ||
		    (nlead && memcmp(t->parts, lead, nlead * sizeof *lead) != 0))
			continue;
		tb_part jump[2] = {{t->parts[0].kind, nlead ? t->parts[nlead - 1].pt : 0},
		                   t->parts[nlead]}; /* the next jump, from where the chain stopped */
		if (nlead)
			S_capture_chars(out, jump, 2);
		else
			S_capture_chars(out, t->parts, t->nparts);
		found = 1;
	}
	if (v != few)
		free(v);
	return found;
}

/* S_remark's words, into 'why' (its key NULL: memory ran out). */
static int S_remark_words(const tb_ruleset *rs, const tb_state *before, const tb_turn *t,
                          const tb_state *after, tb_why *why)
{
	char a[4], b[4] = "", cap[S_CAPTURE_CHARS];
	S_name(&rs->geo, after->mark[0] - 1, a);
	if (after->mark[1])
		S_name(&rs->geo, after->mark[1] - 1, b);
	int chain = t->nparts > 1 && t->parts[1].kind == TB_PART_CAPTURE;
	int found = chain ? S_a_capture(rs, before, t->parts, t->nparts, cap)
	                  : S_a_capture(rs, before, NULL, 0, cap);
	if (found < 0) {
		why->key = NULL;
		return 1;
	}
	if (!found)
		memcpy(cap, "?", 2);
	if (chain) /* the longer chain it could have been */
		tb_why_set(why, "why.asalto.passed_chain", -1, -1, 2, cap, a);
	else if (*b)
		tb_why_set(why, "why.asalto.passed_two", -1, -1, 3, cap, a, b);
	else
		tb_why_set(why, "why.asalto.passed", -1, -1, 2, cap, a);
	return 1;
}

/* A legal turn the rules frown on: a capture passed up, by a turn that
 * captured nothing or by a chain that stopped while it could go on.
 * validate tells it (TB407) only when no huff follows on the attackers'
 * next turn, so the words say so (spec/games/asalto.md, "The huff").
 * Asked after every defenders' turn, mostly with no words wanted: the
 * words are made apart. */
static int S_remark(const tb_ruleset *rs, const tb_state *before, const tb_turn *t,
                    const tb_state *after, tb_why *why)
{
	if (before->to_move != DEF || !after->mark[0]) /* no mark under huff=off|compulsory */
		return 0;
	return why ? S_remark_words(rs, before, t, after, why) : 1;
}

/* rules->may_remark: S_remark frowns only on a defenders' turn that
 * leaves a mark, and S_mark_huffs leaves none under huff=off|compulsory,
 * nor after a pass (no capture before it: 'could' is empty, and it
 * captures nothing). Most turns -- the attackers', and the passes of
 * blocked defenders -- are answered 0 without being played. */
static int S_may_remark(const tb_ruleset *rs, const tb_state *s, const tb_turn *t)
{
	return s->to_move == DEF && t->nparts &&
	       (rs->opt[O_HUFF] == HUFF_OPTIONAL || rs->opt[O_HUFF] == HUFF_AUTOMATIC);
}

/* A turn moves one piece of its side (a chain moves one defender);
 * neither side's pieces ever come back. */
static int S_bound(const tb_ruleset *rs, const tb_state *s, const tb_state *t, unsigned turns)
{
	(void)rs;
	for (int y = 0; y < 2; y++)
		if (S_count(t->bits[y]) > S_count(s->bits[y]))
			return 0;
	return tb_bound_common(s, t, turns, 1, 0);
}

/* rules->canon: the quiet turns, which no rule of Asalto reads, are not
 * part of the position. */
static void S_canon(const tb_ruleset *rs, tb_state *s)
{
	(void)rs;
	s->quiet = 0;
}

const tb_rules tb_rules_asalto = {
	.configure = S_configure,
	.load = S_load,
	.save = S_save,
	.generate = S_generate,
	.generate_at = S_generate_at,
	.one = S_one,
	.pass = S_pass,
	.play = S_play,
	.canon = S_canon,
	.events = 1u << TB_EV_CAPTURE | 1u << TB_EV_HUFF_AVAILABLE | 1u << TB_EV_HUFF |
	          1u << TB_EV_FORTRESS,
	.over = tb_rules_over_words,
	.ending = S_ending,
	.explain = S_explain,
	.remark = S_remark,
	.may_remark = S_may_remark,
	.bound = S_bound,
	.turns_needed = tb_asalto_turns_needed,
	.random_start = S_random_start,
};
