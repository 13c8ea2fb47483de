/*
 * games/pitarra/rules.c -- La Pitarra played by the rules engine
 * (spec/games/pitarra.md).
 *
 * Twelve pieces a side are placed, then moved; a placed or moved piece
 * that completes a line of three of its colour (a tercia) takes one
 * enemy piece, written in the same turn ("a1-a4xg7"). Points are dense
 * indices 0..23 (24 with a centre), sides' pieces are bit sets of them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "reasons.h"

#include "pitarra.h"

enum { PIECES = 12 };

/* Side names and pieces as sentences say them (the game's, reasons.h). */
#define S_NAME(rs, side) ((rs)->game->side_name[side])
#define S_PIECE(rs, side) ((rs)->game->side_piece[side])

/* ===== Geometry ===== */

/* No point: a bit past the 25 of the largest board, so that no side's
 * pieces ever hold it (an unused slot of S_pairs' table). */
#define S_NO_PAIR ((uint64_t)1 << 31)

/* The tercias through each point 'p' as the bit sets of their two other
 * points, 32 bits each, two to a word: the first two in geo.reach[p], the
 * next two in geo.next_to[p] (their game-specific fields, which La
 * Pitarra uses for nothing else), S_NO_PAIR in a slot with no tercia.
 * S_forms asks it at every turn the searches check, for less than the
 * walk of threes_at. The boards have at most four lines of three through
 * a point (the centre's, and c3's with the diagonals). */
static const char *S_pairs(tb_geometry *g)
{
	for (int p = 0; p < g->npoints; p++) {
		uint64_t w[2] = {S_NO_PAIR << 32 | S_NO_PAIR, S_NO_PAIR << 32 | S_NO_PAIR};
		if (g->nthrees_at[p] > 4)
			return "more than four lines of three through a point";
		for (int i = 0; i < g->nthrees_at[p]; i++) {
			uint64_t pair = g->three_mask[g->threes_at[p][i]] & ~((uint64_t)1 << p);
			int shift = 32 * (i & 1);
			w[i >> 1] = (w[i >> 1] & ~((uint64_t)0xffffffffu << shift)) | pair << shift;
		}
		g->reach[p] = w[0];
		g->next_to[p] = w[1];
	}
	return NULL;
}

static const char *S_configure(tb_ruleset *rs)
{
	tb_geometry *g = &rs->geo;
	int centre = rs->opt[O_BOARD] == BOARD_25;
	memset(g, 0, sizeof *g);
	tb_geo_points(g, "a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7");
	if (centre)
		tb_geo_points(g, "d4");
	tb_geo_line(g, "a1 d1 g1 g4 g7 d7 a7 a4 a1", TB_LINE_ORTHO);
	tb_geo_line(g, "b2 d2 f2 f4 f6 d6 b6 b4 b2", TB_LINE_ORTHO);
	tb_geo_line(g, "c3 d3 e3 e4 e5 d5 c5 c4 c3", TB_LINE_ORTHO);
	tb_geo_line(g, centre ? "d1 d2 d3 d4 d5 d6 d7" : "d1 d2 d3", TB_LINE_ORTHO);
	tb_geo_line(g, centre ? "a4 b4 c4 d4 e4 f4 g4" : "a4 b4 c4", TB_LINE_ORTHO);
	if (!centre) {
		tb_geo_line(g, "d5 d6 d7", TB_LINE_ORTHO);
		tb_geo_line(g, "e4 f4 g4", TB_LINE_ORTHO);
	}
	tb_geo_line(g, centre ? "a1 b2 c3 d4 e5 f6 g7" : "a1 b2 c3", TB_LINE_DIAG);
	tb_geo_line(g, centre ? "g1 f2 e3 d4 c5 b6 a7" : "g1 f2 e3", TB_LINE_DIAG);
	if (!centre) {
		tb_geo_line(g, "e5 f6 g7", TB_LINE_DIAG);
		tb_geo_line(g, "c5 b6 a7", TB_LINE_DIAG);
	}
	static const char *const rows[] = {
		"a1 d1 g1", "b2 d2 f2", "c3 d3 e3", "a4 b4 c4", "e4 f4 g4", "c5 d5 e5",
		"b6 d6 f6", "a7 d7 g7", "a1 a4 a7", "b2 b4 b6", "c3 c4 c5", "d1 d2 d3",
		"d5 d6 d7", "e3 e4 e5", "f2 f4 f6", "g1 g4 g7"};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		tb_geo_three(g, rows[i], TB_LINE_ORTHO);
	tb_geo_three(g, "a1 b2 c3", TB_LINE_DIAG);
	tb_geo_three(g, "g1 f2 e3", TB_LINE_DIAG);
	tb_geo_three(g, "e5 f6 g7", TB_LINE_DIAG);
	tb_geo_three(g, "c5 b6 a7", TB_LINE_DIAG);
	if (centre) {
		tb_geo_three(g, "c4 d4 e4", TB_LINE_ORTHO);
		tb_geo_three(g, "d3 d4 d5", TB_LINE_ORTHO);
		tb_geo_three(g, "c3 d4 e5", TB_LINE_DIAG);
		tb_geo_three(g, "e3 d4 c5", TB_LINE_DIAG);
	}
	if (rs->opt[O_DIAGONALS] != DIAGONALS_TERCIA) /* the lines through each point that make a tercia */
		for (int p = 0; p < g->npoints; p++) {
			int n = 0;
			for (int i = 0; i < g->nthrees_at[p]; i++)
				if (g->three_kind[g->threes_at[p][i]] == TB_LINE_ORTHO)
					g->threes_at[p][n++] = g->threes_at[p][i];
			g->nthrees_at[p] = (uint8_t)n;
		}
	return S_pairs(g);
}

/* ===== State helpers ===== */

typedef uint32_t set; /* one bit per dense point */

static set S_pieces(const tb_ruleset *rs, const tb_state *s, int side)
{
	(void)rs;
	return (set)s->bits[side]; /* kept in step with cell[] by play and load */
}

/* Bits set in 'm' (SWAR: a portable build has no popcount instruction,
 * and the library call costs more than this). */
static int S_count(set m)
{
	m = m - ((m >> 1) & 0x55555555u);
	m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
	return (int)((((m + (m >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}

/* Has 'm' fewer than 'n' bits set (n <= 3 here)? Its lowest bit
 * cleared once, then twice, without a loop: what S_over_anyway asks at
 * every turn checked, for less than a count. */
static int S_fewer(set m, int n)
{
	if (n <= 0)
		return 0;
	set two = m & (m - 1); /* 'm' less its lowest bit */
	return n == 1 ? !m : n == 2 ? !two : !(two & (two - 1));
}

/* Does a line of three count as a tercia under the options? */
static int S_tercia_line(const tb_ruleset *rs, int k)
{
	return rs->geo.three_kind[k] == TB_LINE_ORTHO || rs->opt[O_DIAGONALS] == DIAGONALS_TERCIA;
}

static set S_three_mask(const tb_ruleset *rs, int k)
{
	return (set)rs->geo.three_mask[k];
}

/* The tercias of 'own' that pass through point 'p' (threes_at holds
 * only the lines that count, S_configure). */
static int S_tercias_at(const tb_ruleset *rs, set own, int p, int *lines)
{
	int n = 0;
	for (int i = 0; i < rs->geo.nthrees_at[p]; i++) {
		int k = rs->geo.threes_at[p][i];
		set m = S_three_mask(rs, k);
		if ((own & m) == m)
			lines[n++] = k;
	}
	return n;
}

/* Does 'own', which holds 'p', make a tercia through 'p'? One of
 * S_pairs' slots of 'p' -- a line's two other points -- all in 'own'
 * ('p' itself is not looked at: every caller passes an 'own' with 'p'
 * in it). The same answer as a tercia of S_tercias_at; test_pitarra_rules'
 * perft and playouts, against its own rules, catch a wrong table. */
static int S_forms(const tb_ruleset *rs, set own, int p)
{
	/* a slot's points not in 'own': a 32-bit half of 'a' or 'b' is 0
	 * where a tercia is made, and S_NO_PAIR's bit stays set where there
	 * is no line; a half is 0 exactly when the word less 1 in each half
	 * sets a top bit the word has not (a borrow from a lower half counts
	 * only when that half is 0 already) */
	const uint64_t ones = (uint64_t)1 << 32 | 1, tops = S_NO_PAIR << 32 | S_NO_PAIR;
	uint64_t both = (uint64_t)own << 32 | own;
	uint64_t a = rs->geo.reach[p] & ~both, b = rs->geo.next_to[p] & ~both;
	return (((a - ones) & ~a) | ((b - ones) & ~b)) & tops ? 1 : 0;
}

/* Pieces of 'pieces' that stand in one of their tercias. */
static set S_in_tercia(const tb_ruleset *rs, set pieces)
{
	set in = 0;
	for (int k = 0; k < rs->geo.nthrees; k++) {
		set m = S_three_mask(rs, k);
		if (S_tercia_line(rs, k) && (pieces & m) == m)
			in |= m;
	}
	return in;
}

/* The enemy pieces a tercia may take. */
static set S_removable(const tb_ruleset *rs, set enemy)
{
	if (rs->opt[O_PROTECT] == PROTECT_TERCIA) {
		set free_ones = enemy & ~S_in_tercia(rs, enemy);
		if (free_ones)
			return free_ones;
	}
	return enemy;
}

/* Does a move of 'side' from 'from' to 'to' swing back to where the
 * piece came from on its owner's previous turn? */
static int S_swing(const tb_state *s, int side, int from, int to)
{
	return from >= 0 && s->mark[2 * side] == to + 1 && s->mark[2 * side + 1] == from + 1;
}

/* How the side to move moves now. */
static int S_movement(const tb_ruleset *rs, const tb_state *s, set own)
{
	if (rs->opt[O_FLYING] == FLYING_AT3 && S_count(own) == 3 && s->hand[s->to_move] == 0)
		return MOVE_FLY;
	return rs->opt[O_MOVEMENT];
}

/* ===== Generation ===== */

typedef struct S_gen {
	const tb_ruleset *rs;
	const tb_state *s;
	tb_turn *out;
	size_t n, cap;
	int want_step;   /* -1, or only the steps to this point (generate_at's hint) */
	int want_remove; /* -1, or only the turns that remove the piece here */
} S_gen;

static void S_emit(S_gen *g, int from, int to, int removed)
{
	size_t i = g->n++; /* counted even past the buffer: the caller retries */
	if (i >= g->cap)
		return;
	tb_turn *t = &g->out[i];
	const tb_geo_point *pt = g->rs->geo.points;
	t->nparts = 0; /* the parts are set below, as many as there are */
	t->crown = 0;
	if (from >= 0) {
		t->parts[t->nparts++] = (tb_part){TB_PART_AT, pt[from].pt};
		t->parts[t->nparts++] = (tb_part){TB_PART_STEP, pt[to].pt};
	} else {
		t->parts[t->nparts++] = (tb_part){TB_PART_AT, pt[to].pt};
	}
	if (removed >= 0)
		t->parts[t->nparts++] = (tb_part){TB_PART_REMOVE, pt[removed].pt};
}

/* Emits the turn that puts a piece on 'to' (from 'from', or placed when
 * from < 0), once per removal it allows. */
static void S_turns_to(S_gen *g, set own, set enemy, int from, int to)
{
	int side = g->s->to_move;
	set after = (own & ~(from >= 0 ? (set)1 << from : 0)) | (set)1 << to;
	int formed = S_forms(g->rs, after, to);
	if (formed && g->rs->opt[O_COLUMPIO] == COLUMPIO_NO_RETURN && S_swing(g->s, side, from, to))
		formed = 0;
	if (!formed || !enemy) {
		S_emit(g, from, to, -1);
		return;
	}
	if (g->want_remove >= 0) { /* the one removal written */
		if (S_removable(g->rs, enemy) >> g->want_remove & 1)
			S_emit(g, from, to, g->want_remove);
		return;
	}
	if (!g->cap) { /* counting only: one turn per removal, unwritten */
		g->n += (size_t)(g->rs->opt[O_CAPTURE] == CAPTURE_OPTIONAL) + (size_t)S_count(S_removable(g->rs, enemy));
		return;
	}
	if (g->rs->opt[O_CAPTURE] == CAPTURE_OPTIONAL)
		S_emit(g, from, to, -1);
	for (set r = S_removable(g->rs, enemy); r; r &= r - 1)
		S_emit(g, from, to, __builtin_ctz(r));
}

static void S_moves_from(S_gen *g, set own, set enemy, int p, int how)
{
	const tb_geometry *geo = &g->rs->geo;
	set occupied = own | enemy;
	if (how == MOVE_FLY) {
		for (int q = 0; q < geo->npoints; q++)
			if (!(occupied >> q & 1) && (g->want_step < 0 || q == g->want_step))
				S_turns_to(g, own, enemy, p, q);
		return;
	}
	for (int k = 0; k < geo->nadj[p]; k++) {
		int prev = p, q = geo->adj[p][k];
		while (q >= 0 && !(occupied >> q & 1)) {
			if (g->want_step < 0 || q == g->want_step)
				S_turns_to(g, own, enemy, p, q);
			if (how == MOVE_STEP)
				break;
			int next = tb_geo_beyond(geo, prev, q);
			prev = q;
			q = next;
		}
	}
}

static int S_over(const tb_ruleset *rs, const tb_state *s, tb_result *res, char *why,
                  size_t n);

/* How many placements there are, each once per removal it allows,
 * without listing them (perft's bulk counting): the empty points, and
 * for each that completes a line of two of 'own', the removals less
 * one. What S_turns_to emits for each point, summed over the lines. */
static size_t S_count_placements(const tb_ruleset *rs, set own, set enemy)
{
	set all = (set)(((uint64_t)1 << rs->geo.npoints) - 1), empty = all & ~(own | enemy);
	set forming = 0;
	for (int k = 0; k < rs->geo.nthrees; k++) {
		set m = S_three_mask(rs, k), rest = m & ~own;
		if (rest && !(rest & (rest - 1)) && (rest & empty) && S_tercia_line(rs, k))
			forming |= rest; /* two of three: placing the third forms a tercia */
	}
	size_t per = enemy ? (size_t)(rs->opt[O_CAPTURE] == CAPTURE_OPTIONAL) + (size_t)S_count(S_removable(rs, enemy))
	                   : 1;
	size_t nf = (size_t)S_count(forming);
	return (size_t)S_count(empty) - nf + nf * per;
}

/* The turns of the side to move, not counting a pass. */
static size_t S_generate_moves(const tb_ruleset *rs, const tb_state *s, tb_turn *out,
                               size_t cap)
{
	S_gen g = {rs, s, out, 0, cap, -1, -1};
	int side = s->to_move;
	set own = S_pieces(rs, s, side), enemy = S_pieces(rs, s, !side);
	if (s->hand[side] > 0 && !cap)
		return S_count_placements(rs, own, enemy);
	if (s->hand[side] > 0) {
		for (int q = 0; q < rs->geo.npoints && (g.n <= cap || !cap); q++)
			if (!((own | enemy) >> q & 1))
				S_turns_to(&g, own, enemy, -1, q);
		return g.n;
	}
	int how = S_movement(rs, s, own);
	/* past a full buffer, stop: the count says so; cap 0 counts them all */
	for (set m = own; m && (g.n <= cap || !cap); m &= m - 1)
		S_moves_from(&g, own, enemy, __builtin_ctz(m), how);
	return g.n;
}

/* Is the game over whatever the side to move can do: too few pieces
 * for a tercia, or the limit of quiet turns reached? (S_over's ends
 * that do not ask whether a side is blocked.) */
static inline int S_over_anyway(const tb_ruleset *rs, const tb_state *s)
{
	if (S_fewer(S_pieces(rs, s, 0), 3 - s->hand[0]) || S_fewer(S_pieces(rs, s, 1), 3 - s->hand[1]))
		return 1;
	return rs->opt[O_LIMIT] == LIMIT_N && s->quiet >= rs->num[O_LIMIT];
}

static size_t S_generate(const tb_ruleset *rs, const tb_state *s, tb_turn *out, size_t cap)
{
	tb_result res;
	if (S_over_anyway(rs, s))
		return 0;
	size_t n = S_generate_moves(rs, s, out, cap); /* a side that can move is not blocked */
	if (n == 0 && S_over(rs, s, &res, NULL, 0))
		return 0;
	if (n == 0) { /* blocked, and the game goes on: a pass */
		if (cap > 0)
			memset(&out[0], 0, sizeof out[0]);
		n = 1;
	}
	return n;
}

/* The turns that begin on point 'at': a placement there, or a move of
 * the piece there. */
static size_t S_generate_at(const tb_ruleset *rs, const tb_state *s, tb_point at,
                            tb_part hint, tb_turn *out, size_t cap)
{
	int p = tb_geo_at(&rs->geo, at);
	if (p < 0 || S_over_anyway(rs, s)) /* a turn listed here: the side is not blocked */
		return 0;
	/* the hint's point, where it names a step's end or a removal */
	int to = hint.pt != TB_PT_NONE ? tb_geo_at(&rs->geo, hint.pt) : -1;
	S_gen g = {rs, s, out, 0, cap, hint.kind == TB_PART_STEP ? to : -1,
	           hint.kind == TB_PART_REMOVE ? to : -1};
	int side = s->to_move;
	set own = S_pieces(rs, s, side), enemy = S_pieces(rs, s, !side);
	if (s->hand[side] > 0) {
		if (!((own | enemy) >> p & 1))
			S_turns_to(&g, own, enemy, -1, p);
	} else if (own >> p & 1) {
		S_moves_from(&g, own, enemy, p, S_movement(rs, s, own));
	}
	return g.n;
}

/* How many times S_moves_from reaches empty point 'q' from 'p' moving
 * 'how' (once, or not at all, on these boards; counted as it walks so
 * that S_one answers what the list would). */
static int S_reaches(const tb_ruleset *rs, set occupied, int p, int q, int how)
{
	const tb_geometry *geo = &rs->geo;
	if (how == MOVE_FLY)
		return !(occupied >> q & 1);
	int n = 0;
	if (how == MOVE_STEP) { /* the neighbours that are 'q', when it is empty: no
	                           branch on each neighbour's occupant */
		for (int k = 0; k < geo->nadj[p]; k++)
			n += geo->adj[p][k] == q;
		return occupied >> q & 1 ? 0 : n;
	}
	for (int k = 0; k < geo->nadj[p]; k++) {
		int prev = p, r = geo->adj[p][k];
		while (r >= 0 && !(occupied >> r & 1)) {
			n += r == q;
			int next = tb_geo_beyond(geo, prev, r);
			prev = r;
			r = next;
		}
	}
	return n;
}

/* rules->one's check: written move 'm' as the one turn S_generate_at's
 * list from its first point has that fits it -- a placement there, or a
 * move of the piece there to its second point -- with the removal
 * S_turns_to allows: none when no tercia is formed (or the enemy has no
 * piece), else the one written, which must be removable, or none when
 * capture is optional. Every turn the list holds is uncrowned. 1 with
 * the turn's points in '*from' (-1: a placement), '*to' and '*removed'
 * (-1: none); 0 when there is no such turn. (Inlined into both callers:
 * the walks call it for every turn, and the points go out in registers.) */
static inline __attribute__((always_inline)) int S_one_at(const tb_ruleset *rs, const tb_state *s,
                                                           const tb_move *m, int *from_out,
                                                           int *to_out, int *removed_out)
{
	const tb_geometry *geo = &rs->geo;
	if (m->nparts - 1u > 2u || m->crown || m->parts[0].kind != TB_PART_AT) /* 1 to 3 parts */
		return 0;
	int p = tb_geo_at(geo, m->parts[0].pt);
	if (p < 0 || S_over_anyway(rs, s))
		return 0;
	int side = s->to_move, from = -1, to = p, k = 1;
	set own = S_pieces(rs, s, side), enemy = S_pieces(rs, s, !side);
	if (s->hand[side] > 0) {
		if ((own | enemy) >> p & 1)
			return 0;
	} else {
		if (!(own >> p & 1) || m->nparts < 2 || m->parts[1].kind != TB_PART_STEP)
			return 0;
		int q = tb_geo_at(geo, m->parts[1].pt);
		if (q < 0 || S_reaches(rs, own | enemy, p, q, S_movement(rs, s, own)) != 1)
			return 0;
		from = p, to = q, k = 2;
	}
	int removed = -1;
	if (m->nparts > k) {
		removed = tb_geo_at(geo, m->parts[k].pt);
		if (m->nparts != k + 1 || m->parts[k].kind != TB_PART_REMOVE || removed < 0)
			return 0;
	}
	set after = (own & ~(from >= 0 ? (set)1 << from : 0)) | (set)1 << to;
	int formed = S_forms(rs, after, to);
	if (formed && rs->opt[O_COLUMPIO] == COLUMPIO_NO_RETURN && S_swing(s, side, from, to))
		formed = 0;
	if (!formed || !enemy) {
		if (removed >= 0)
			return 0;
	} else if (removed < 0 ? rs->opt[O_CAPTURE] != CAPTURE_OPTIONAL
	                       : !(S_removable(rs, enemy) >> removed & 1)) {
		return 0;
	}
	*from_out = from, *to_out = to, *removed_out = removed;
	return 1;
}

/* rules->one: S_one_at's turn, as S_emit makes it of these points: the
 * written parts, whose kinds S_one_at checked (a point, a step, a
 * removal). */
static int S_one(const tb_ruleset *rs, const tb_state *s, const tb_move *m, tb_turn *out)
{
	int from, to, removed;
	if (!S_one_at(rs, s, m, &from, &to, &removed))
		return 0;
	out->nparts = (uint8_t)m->nparts;
	out->crown = 0;
	for (unsigned i = 0; i < m->nparts; i++)
		out->parts[i] = (tb_part){m->parts[i].kind, m->parts[i].pt};
	return 1;
}

/* ===== Playing ===== */

/* Where turn 't' puts a piece ('*to', and '*from' when it moves one
 * on the board) and which it takes ('*removed'): point indices, -1 for
 * none. */
static inline void S_parts(const tb_geometry *geo, const tb_turn *t, int *from, int *to,
                           int *removed)
{
	unsigned n = t->nparts, k = 1;
	const tb_part *q = t->parts;
	if (n - 1u <= 2u && q[0].kind == TB_PART_AT) { /* S_emit's shapes, read straight */
		*from = -1;
		*to = tb_geo_at(geo, q[0].pt);
		if (n > 1 && q[1].kind == TB_PART_STEP)
			*from = *to, *to = tb_geo_at(geo, q[1].pt), k = 2;
		*removed = -1;
		if (k == n)
			return;
		if (k + 1 == n && q[k].kind == TB_PART_REMOVE) {
			*removed = tb_geo_at(geo, q[k].pt);
			return;
		}
	}
	*from = *to = *removed = -1; /* any other: part by part */
	for (unsigned i = 0; i < t->nparts; i++) {
		int at = tb_geo_at(geo, t->parts[i].pt);
		switch (t->parts[i].kind) {
		case TB_PART_AT: *to = at; break;
		case TB_PART_STEP: *from = *to; *to = at; break;
		case TB_PART_REMOVE: *removed = at; break;
		default: break;
		}
	}
}

/* Side 'side''s piece to 'to' (>= 0), from 'from' or from its hand
 * (-1). */
static inline void S_put(tb_state *s, int side, int from, int to)
{
	if (from >= 0) {
		s->cell[from] = 0;
		s->bits[side] &= ~((uint64_t)1 << from);
	} else {
		s->hand[side]--;
	}
	s->cell[to] = TB_CELL(side, 0, 0);
	s->bits[side] |= (uint64_t)1 << to;
}

/* Side 'side' takes the opponent's piece on 'removed' (>= 0). */
static inline void S_take(tb_state *s, int side, int removed)
{
	s->cell[removed] = 0;
	s->bits[!side] &= ~((uint64_t)1 << removed);
	s->taken[side]++;
	s->quiet = 0;
}

/* The quiet play of side 'side''s turn that puts a piece on 'to' (>= 0;
 * a pass is no such turn), from 'from' (-1: from its hand), taking the
 * piece on 'removed' (-1: none). */
static inline void S_play_points(tb_state *s, int side, int from, int to, int removed)
{
	s->quiet++;
	S_put(s, side, from, to);
	s->mark[2 * side] = (uint8_t)(from + 1);
	s->mark[2 * side + 1] = (uint8_t)(to + 1);
	if (removed >= 0)
		S_take(s, side, removed);
	if (side == 1)
		s->number++;
	s->to_move = (uint8_t)!side;
}

/* S_play when no events are asked for (the searches): the same state,
 * without the tercias looked for, in a function small enough to cost
 * little to call. */
static void S_play_quiet(const tb_ruleset *rs, tb_state *s, const tb_turn *t)
{
	int side = s->to_move, from, to, removed;
	S_parts(&rs->geo, t, &from, &to, &removed);
	if (to >= 0) {
		S_play_points(s, side, from, to, removed);
		return;
	}
	s->quiet++; /* a pass: the owner's previous turn moved nothing */
	s->mark[2 * side] = s->mark[2 * side + 1] = 0;
	if (removed >= 0)
		S_take(s, side, removed);
	if (side == 1)
		s->number++;
	s->to_move = (uint8_t)!side;
}

/* rules->one_play: S_one, and when it finds the turn, that turn played
 * quietly into '*s' (S_play_quiet's state), from the points S_one_at
 * found, not read again from a turn written out; '*s' is unchanged when
 * it finds none. */
static int S_one_play(const tb_ruleset *rs, tb_state *s, const tb_move *m)
{
	int from, to, removed;
	if (!S_one_at(rs, s, m, &from, &to, &removed))
		return 0;
	S_play_points(s, s->to_move, from, to, removed);
	return 1;
}

/* rules->one_play_run: S_one_play of each of 'ms' in turn, in one loop
 * (S_one_play never leaves a move to the list): a call, its frame and
 * the walk's own checks at each step were a third of the cost of a step
 * of the slip search's walks. */
static unsigned S_one_play_run(const tb_ruleset *rs, tb_state *s, const tb_move *const *ms,
                               unsigned n, int *stop)
{
	for (unsigned i = 0; i < n; i++) {
		int from, to, removed;
		if (!S_one_at(rs, s, ms[i], &from, &to, &removed)) {
			*stop = 0;
			return i;
		}
		S_play_points(s, s->to_move, from, to, removed);
	}
	*stop = 1;
	return n;
}

/* S_play with its events: a function of its own, so that the quiet
 * play, the searches' every step, does not pay for this one's frame. */
static __attribute__((noinline)) void S_play_events(const tb_ruleset *rs, tb_state *s,
                                                    const tb_turn *t, tb_events *ev)
{
	const tb_geometry *geo = &rs->geo;
	int side = s->to_move, from, to, removed;
	S_parts(geo, t, &from, &to, &removed);
	ev->n = 0;
	s->quiet++;
	if (to >= 0) {
		S_put(s, side, from, to);
		int lines[8];
		int formed = S_tercias_at(rs, S_pieces(rs, s, side), to, lines);
		int swing = S_swing(s, side, from, to);
		if (formed && !(swing && rs->opt[O_COLUMPIO] == COLUMPIO_NO_RETURN)) {
			for (int k = 0; k < formed; k++)
				tb_event_add_piece(ev, rs, TB_EV_TERCIA, geo->points[geo->threes[lines[k]][0]].pt,
				                   geo->points[geo->threes[lines[k]][2]].pt, s->cell[to]);
			if (formed > 1)
				tb_event_add_piece(ev, rs, TB_EV_DOUBLE_TERCIA, geo->points[to].pt, 0,
				                   s->cell[to]);
			if (swing)
				tb_event_add_piece(ev, rs, TB_EV_COLUMPIO, geo->points[to].pt, 0, s->cell[to]);
		}
		s->mark[2 * side] = (uint8_t)(from + 1);
		s->mark[2 * side + 1] = (uint8_t)(to + 1);
	} else { /* a pass: the owner's previous turn moved nothing */
		s->mark[2 * side] = s->mark[2 * side + 1] = 0;
	}
	if (removed >= 0) {
		uint8_t gone = s->cell[removed];
		S_take(s, side, removed);
		tb_event_add_piece(ev, rs, TB_EV_REMOVAL, geo->points[removed].pt, 0, gone);
	}
	if (side == 1)
		s->number++;
	s->to_move = (uint8_t)!side;
}

static void S_play(const tb_ruleset *rs, tb_state *s, const tb_turn *t, tb_events *ev)
{
	if (ev)
		S_play_events(rs, s, t, ev);
	else
		S_play_quiet(rs, s, t);
}

/* ===== The end ===== */

static int S_can_move(const tb_ruleset *rs, const tb_state *s, int side)
{
	tb_state t = *s;
	tb_turn buf[1];
	t.to_move = (uint8_t)side;
	return S_generate_moves(rs, &t, buf, 1) > 0;
}

static tb_result S_by_captures(const tb_ruleset *rs, const tb_state *s)
{
	(void)rs;
	return s->taken[0] > s->taken[1] ? TB_RESULT_FIRST
	     : s->taken[1] > s->taken[0] ? TB_RESULT_SECOND : TB_RESULT_DRAW;
}

/* Why the game is over, typed: its words are in game.c, by language. */
static int S_ending(const tb_ruleset *rs, const tb_state *s, tb_result *res, tb_ending *e)
{
	for (int side = 0; side < 2; side++) {
		int left = S_count(S_pieces(rs, s, side)) + s->hand[side];
		if (left < 3) {
			*res = S_by_captures(rs, s);
			*e = tb_ending_of("end.pitarra.few", side, left);
			return 1;
		}
	}
	int me = s->to_move;
	if (!S_can_move(rs, s, me)) {
		if (rs->opt[O_BLOCKED] == BLOCKED_LOSE) {
			*res = me == 0 ? TB_RESULT_SECOND : TB_RESULT_FIRST;
			*e = tb_ending_of("end.pitarra.blocked", me, -1);
			return 1;
		}
		if (!S_can_move(rs, s, !me)) {
			*res = S_by_captures(rs, s);
			*e = tb_ending_of("end.pitarra.stuck", -1, -1);
			return 1;
		}
	}
	if (rs->opt[O_LIMIT] == LIMIT_N && s->quiet >= rs->num[O_LIMIT]) {
		*res = S_by_captures(rs, s);
		*e = tb_ending_of("end.pitarra.limit", -1, (long)s->quiet);
		return 1;
	}
	return 0;
}

static int S_over(const tb_ruleset *rs, const tb_state *s, tb_result *res, char *why,
                  size_t n)
{
	return tb_rules_over_words(rs, s, res, why, n);
}

/* ===== Positions ===== */

/* Reads "moved=c3-d3,e5-e4" (canonical, from game.c) into the
 * marks of the sides whose pieces stand where the moves end. */
static int S_load_moved(const tb_ruleset *rs, tb_state *s, const char *v, char *why, size_t n)
{
	for (; *v; v += v[5] == ',' ? 6 : 5) {
		int from = tb_geo_at(&rs->geo, TB_PT(v[0] - 'a', v[1] - '1'));
		int to = tb_geo_at(&rs->geo, TB_PT(v[3] - 'a', v[4] - '1'));
		if (from < 0 || to < 0 || !s->cell[to]) {
			snprintf(why, n, "moved=%.5s names no piece: none stands on %.2s, where the move "
			         "ended", v, v + 3);
			return -1;
		}
		if (s->cell[from]) { /* what S_save_moved never writes, and a reload would lose */
			snprintf(why, n, "moved=%.5s: %.2s is not empty, where the move started; a "
			         "position names a side's last move only while its piece can go back",
			         v, v);
			return -1;
		}
		int side = TB_CELL_SIDE(s->cell[to]);
		if (s->mark[2 * side]) {
			snprintf(why, n, "moved names two moves of %s: a side's last turn made one",
			         S_NAME(rs, side));
			return -1;
		}
		s->mark[2 * side] = (uint8_t)(from + 1);
		s->mark[2 * side + 1] = (uint8_t)(to + 1);
	}
	return 0;
}

static int S_load(const tb_ruleset *rs, const tb_position *p, tb_state *s, char *why,
                  size_t n)
{
	memset(s, 0, sizeof *s);
	s->number = 1;
	s->hand[0] = s->hand[1] = PIECES;
	if (!p)
		return 0;
	s->hand[0] = s->hand[1] = 0;
	s->to_move = p->to_move;
	s->number = p->number;
	for (size_t i = 0; i < p->nextras; i++)
		if (strcmp(p->extras[i].key, "hand") == 0)
			sscanf(p->extras[i].value, "%hhu,%hhu", &s->hand[0], &s->hand[1]);
		else if (strcmp(p->extras[i].key, "quiet") == 0)
			s->quiet = (uint32_t)strtoul(p->extras[i].value, NULL, 10);
	int on[2] = {0, 0};
	for (size_t i = 0; i < p->npieces; i++) {
		int at = tb_geo_at(&rs->geo, p->pieces[i].pt);
		if (p->pieces[i].pt == TB_PT_UNKNOWN) {
			snprintf(why, n, "%s stands on an unknown point", S_PIECE(rs, p->pieces[i].side));
			return 1;
		}
		if (at < 0) {
			snprintf(why, n, "a piece stands off the board");
			return -1;
		}
		s->cell[at] = TB_CELL(p->pieces[i].side, 0, 0);
		s->bits[p->pieces[i].side] |= (uint64_t)1 << at;
		on[p->pieces[i].side]++;
	}
	for (int side = 0; side < 2; side++) {
		if (on[side] + s->hand[side] > PIECES) {
			snprintf(why, n, "%s has %d pieces on the board and %d to place: more than %d",
			         S_NAME(rs, side), on[side], s->hand[side], PIECES);
			return -1;
		}
		s->taken[!side] = (uint8_t)(PIECES - on[side] - s->hand[side]);
	}
	for (size_t i = 0; i < p->nextras; i++)
		if (strcmp(p->extras[i].key, "moved") == 0)
			return S_load_moved(rs, s, p->extras[i].value, why, n);
	return 0;
}

/* "moved=" 's' needs, into 'v' (room for two moves); 0 when none. A
 * side's last move is written only while it can still matter: its piece
 * stands where it went, the point it left is empty, and going straight
 * back would form a tercia -- the swing S_swing tells (the columpio). No
 * turn of the other side can make an unwritten one matter again: it
 * takes pieces, it gives none. */
static int S_moved_matters(const tb_ruleset *rs, const tb_state *s, int side)
{
	int from = s->mark[2 * side] - 1, to = s->mark[2 * side + 1] - 1, lines[8];
	if (from < 0 || to < 0 || s->cell[from]) /* a placement, or the point taken again */
		return 0;
	set own = S_pieces(rs, s, side);
	return (own >> to & 1) &&
	       S_tercias_at(rs, (own & ~((set)1 << to)) | (set)1 << from, from, lines);
}

/* rules->canon: a last move that can no longer matter, and the quiet
 * turns no limit counts, are not part of the position (S_save). */
static void S_canon(const tb_ruleset *rs, tb_state *s)
{
	for (int side = 0; side < 2; side++)
		if (!S_moved_matters(rs, s, side))
			s->mark[2 * side] = s->mark[2 * side + 1] = 0;
	if (rs->opt[O_LIMIT] != LIMIT_N)
		s->quiet = 0;
}

static int S_save_moved(const tb_ruleset *rs, const tb_state *s, char *v)
{
	const tb_geometry *geo = &rs->geo;
	tb_point m[2][2];
	int n = 0, lines[8];
	for (int side = 0; side < 2; side++) {
		int from = s->mark[2 * side] - 1, to = s->mark[2 * side + 1] - 1;
		set own = S_pieces(rs, s, side);
		if (from < 0 || to < 0 || !(own >> to & 1) || s->cell[from] ||
		    !S_tercias_at(rs, (own & ~((set)1 << to)) | (set)1 << from, from, lines))
			continue;
		m[n][0] = geo->points[from].pt;
		m[n++][1] = geo->points[to].pt;
	}
	/* two: in the order of their first points, by rank, then file
	 * (two sides' moves never leave the same point empty) */
	int swap = n == 2 && (TB_PT_RANK(m[0][0]) != TB_PT_RANK(m[1][0])
	                              ? TB_PT_RANK(m[0][0]) > TB_PT_RANK(m[1][0])
	                              : TB_PT_FILE(m[0][0]) > TB_PT_FILE(m[1][0]));
	for (int i = 0; i < n; i++) {
		const tb_point *one = m[swap ? 1 - i : i];
		v += tb_point_chars(v, one[0]);
		*v++ = '-';
		v += tb_point_chars(v, one[1]);
		*v++ = i + 1 < n ? ',' : '\0';
	}
	return n;
}

static void S_save(const tb_ruleset *rs, const tb_state *s, tb_arena *a, tb_position *p)
{
	memset(p, 0, sizeof *p);
	p->to_move = s->to_move;
	p->number = s->number;
	p->pieces = tb_arena_alloc(a, TB_MAX_POINTS * sizeof *p->pieces);
	for (int side = 0; side < 2; side++)
		for (int i = 0; i < rs->geo.npoints; i++) /* dense order is not canonical: */
			if (s->cell[i] && TB_CELL_SIDE(s->cell[i]) == side)
				p->pieces[p->npieces++] = (tb_piece){rs->geo.points[i].pt, (uint8_t)side,
				                                     0, 0};
	p->extras = tb_arena_alloc(a, 3 * sizeof *p->extras); /* in the order of their keys */
	char v[32];
	if (s->hand[0] || s->hand[1]) {
		snprintf(v, sizeof v, "%u,%u", s->hand[0], s->hand[1]);
		p->extras[p->nextras++] = (tb_extra){"hand", tb_arena_strndup(a, v, strlen(v))};
	}
	if (S_save_moved(rs, s, v))
		p->extras[p->nextras++] = (tb_extra){"moved", tb_arena_strndup(a, v, strlen(v))};
	if (rs->opt[O_LIMIT] == LIMIT_N && s->quiet) { /* the count only a limit reads */
		snprintf(v, sizeof v, "%u", (unsigned)s->quiet);
		p->extras[p->nextras++] = (tb_extra){"quiet", tb_arena_strndup(a, v, strlen(v))};
	}
	tb_position_sort(p);
}

/* ===== Why a turn is not legal ===== */

/* How 'from' can reach 'to' along a line: 0 it cannot, 1 it can, 2 only
 * through an occupied point (named in *block). */
static int S_line_path(const tb_geometry *geo, set occupied, int from, int to, int *block)
{
	for (int k = 0; k < geo->nadj[from]; k++) {
		int prev = from, q = geo->adj[from][k], blocked = -1;
		while (q >= 0) {
			if (q == to)
				return blocked < 0 ? 1 : (*block = blocked, 2);
			if (blocked < 0 && (occupied >> q & 1))
				blocked = q;
			int next = tb_geo_beyond(geo, prev, q);
			prev = q;
			q = next;
		}
	}
	return 0;
}

#define PT(i) pt_name[i]

static void S_explain(const tb_ruleset *rs, const tb_state *s, const tb_move *m, tb_why *why)
{
	const tb_geometry *geo = &rs->geo;
	int side = s->to_move, from = -1, to = -1, removed = -1, has_removal = 0;
	set own = S_pieces(rs, s, side), enemy = S_pieces(rs, s, !side), occ = own | enemy;
	char pt_name[TB_MAX_POINTS][4], num[16];
	for (int i = 0; i < geo->npoints; i++) /* (not snprintf: 24 of them an error) */
		pt_name[i][tb_point_chars(pt_name[i], geo->points[i].pt)] = '\0';
	for (unsigned i = 0; i < m->nparts; i++) {
		int at = m->parts[i].pt == TB_PT_UNKNOWN ? -1 : tb_geo_at(geo, m->parts[i].pt);
		if (m->parts[i].kind == TB_PART_AT)
			to = at;
		else if (m->parts[i].kind == TB_PART_STEP)
			from = to, to = at;
		else if (m->parts[i].kind == TB_PART_REMOVE)
			removed = at, has_removal = 1;
	}
	int moving = m->nparts > 1 && m->parts[1].kind == TB_PART_STEP;
	if (moving && s->hand[side] > 0) {
		snprintf(num, sizeof num, "%d", s->hand[side]);
		tb_why_set(why, "why.pitarra.hand", side, s->hand[side], 1, num);
		return;
	}
	if (!moving && s->hand[side] == 0) {
		snprintf(num, sizeof num, "%d", PIECES);
		tb_why_set(why, "why.pitarra.placed", side, PIECES, 1, num);
		return;
	}
	if (moving && from >= 0 && !(own >> from & 1)) {
		if (enemy >> from & 1)
			tb_say_not_yours(why, rs->game, side, PT(from));
		else
			tb_say_empty(why, PT(from), 0);
		return;
	}
	if (moving && from >= 0 && from == to) {
		tb_say_nowhere(why, PT(to));
		return;
	}
	if (to >= 0 && (occ >> to & 1)) {
		tb_say_occupied(why, PT(to));
		return;
	}
	if (moving && from >= 0 && to >= 0) {
		int how = S_movement(rs, s, own), block = -1;
		int path = how == MOVE_FLY ? 1 : S_line_path(geo, occ, from, to, &block);
		if (how == MOVE_STEP && tb_geo_edge_between(geo, from, to) < 0) {
			tb_why_set(why, "why.pitarra.adjacent", -1, -1, 2, PT(from), PT(to));
			return;
		}
		if (how == MOVE_SLIDE && path == 0) {
			tb_why_set(why, "why.pitarra.line", -1, -1, 2, PT(from), PT(to));
			return;
		}
		if (how == MOVE_SLIDE && path == 2) {
			tb_why_set(why, "why.pitarra.over", -1, -1, 1, PT(block));
			return;
		}
	}
	if (to < 0)
		goto unknown;
	set after = (own & ~(from >= 0 ? (set)1 << from : 0)) | (set)1 << to;
	int lines[8], formed = S_tercias_at(rs, after, to, lines);
	int swing = rs->opt[O_COLUMPIO] == COLUMPIO_NO_RETURN && S_swing(s, side, from, to);
	if (has_removal && formed && swing) {
		tb_why_set(why, "why.pitarra.swing", -1, -1, 1, PT(to));
		return;
	}
	if (has_removal && !formed) {
		tb_why_set(why, "why.pitarra.notercia", -1, -1, 1, PT(to));
		return;
	}
	if (formed && !has_removal && enemy && rs->opt[O_CAPTURE] == CAPTURE_MANDATORY) {
		const uint8_t *t = geo->threes[lines[0]];
		tb_why_set(why, "why.pitarra.untaken", -1, -1, 3, PT(t[0]), PT(t[1]), PT(t[2]));
		return;
	}
	if (has_removal && removed >= 0 && !(enemy >> removed & 1)) {
		if (own >> removed & 1)
			tb_why_set(why, "why.pitarra.own", side, -1, 1, PT(removed));
		else
			tb_say_empty(why, PT(removed), 1);
		return;
	}
	if (has_removal && removed >= 0 && !(S_removable(rs, enemy) >> removed & 1)) {
		tb_why_set(why, "why.pitarra.protected", !side, -1, 1, PT(removed));
		return;
	}
unknown:
	tb_say_no_fit(why);
}

/* A turn places or moves one piece of its side, and takes at most one of
 * the other's; pieces in hand only go down, one a turn of their side. */
static int S_bound(const tb_ruleset *rs, const tb_state *s, const tb_state *t, unsigned turns)
{
	(void)rs;
	unsigned mine[2];
	mine[s->to_move] = (turns + 1) / 2;
	mine[!s->to_move] = turns / 2;
	for (int y = 0; y < 2; y++)
		if (t->hand[y] > s->hand[y] || (unsigned)(s->hand[y] - t->hand[y]) > mine[y] ||
		    t->taken[y] > s->taken[y] + mine[y])
			return 0;
	return tb_bound_common(s, t, turns, 1, 0);
}

const tb_rules tb_rules_pitarra = {
	.configure = S_configure,
	.load = S_load,
	.save = S_save,
	.generate = S_generate,
	.generate_at = S_generate_at,
	.one = S_one,
	.play = S_play,
	.canon = S_canon,
	.events = 1u << TB_EV_TERCIA | 1u << TB_EV_DOUBLE_TERCIA | 1u << TB_EV_COLUMPIO |
	          1u << TB_EV_REMOVAL,
	.over = S_over,
	.ending = S_ending,
	.result_now = S_by_captures,
	.explain = S_explain,
	.bound = S_bound,
	.one_play = S_one_play,
	.one_play_run = S_one_play_run,
};
