/*
 * tests/games/tateti/rules.c -- Tateti played by the rules engine: the
 * toy game of the tests (tateti.h).
 *
 * Three pieces a side are placed, then moved: a step along a line to
 * the next empty point (or, under "moves=fly", to any empty point).
 * Three of a side's pieces on a line win. A player who cannot move
 * loses (or, under "blocked=pass", passes). Points are dense indices
 * 0..8 in the order a1 b1 c1 a2 ... c3.
 */
#include <stdio.h>
#include <string.h>

#include "rules.h"

#include "tateti.h"

static const char *S_configure(tb_ruleset *rs)
{
	tb_geometry *g = &rs->geo;
	memset(g, 0, sizeof *g);
	tb_geo_points(g, "a1 b1 c1 a2 b2 c2 a3 b3 c3");
	static const char *const lines[] = {"a1 b1 c1", "a2 b2 c2", "a3 b3 c3", "a1 a2 a3",
	                                    "b1 b2 b3", "c1 c2 c3"};
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		tb_geo_line(g, lines[i], TB_LINE_ORTHO);
		tb_geo_three(g, lines[i], TB_LINE_ORTHO);
	}
	tb_geo_line(g, "a1 b2 c3", TB_LINE_DIAG);
	tb_geo_three(g, "a1 b2 c3", TB_LINE_DIAG);
	tb_geo_line(g, "c1 b2 a3", TB_LINE_DIAG);
	tb_geo_three(g, "c1 b2 a3", TB_LINE_DIAG);
	tb_geo_mark_add(g, "tateti-centre", 1, 0.6f, 0.6f, 1.4f, 1.4f);
	return NULL;
}

/* The side with three on a line in 's', or -1. */
static int S_three(const tb_ruleset *rs, const tb_state *s)
{
	for (int side = 0; side < 2; side++)
		for (int k = 0; k < rs->geo.nthrees; k++)
			if ((s->bits[side] & rs->geo.three_mask[k]) == rs->geo.three_mask[k])
				return side;
	return -1;
}

/* Appends the turn of 'parts' (as S_emit) whose last part is of kind
 * 'kind' (a step, or the game's own swap). */
static size_t S_emit_kind(const tb_ruleset *rs, tb_turn *out, size_t cap, size_t n, int from,
                          int to, unsigned kind)
{
	if (n < cap) {
		tb_turn *t = &out[n];
		memset(t, 0, sizeof *t);
		if (from >= 0)
			t->parts[t->nparts++] = (tb_part){TB_PART_AT, rs->geo.points[from].pt};
		t->parts[t->nparts++] = (tb_part){(uint8_t)kind, rs->geo.points[to].pt};
	}
	return n + 1;
}

/* Appends the turn of 'parts' (1: a placement on 'to'; 2: from 'from')
 * when there is room; returns the count with it. */
static size_t S_emit(const tb_ruleset *rs, tb_turn *out, size_t cap, size_t n, int from, int to)
{
	return S_emit_kind(rs, out, cap, n, from, to, from >= 0 ? TB_PART_STEP : TB_PART_AT);
}

/* The placements and moves of the side to move (no pass). */
static size_t S_turns(const tb_ruleset *rs, const tb_state *s, tb_turn *out, size_t cap)
{
	const tb_geometry *g = &rs->geo;
	int me = s->to_move;
	size_t n = 0;
	if (s->hand[me]) {
		for (int p = 0; p < g->npoints; p++)
			if (!s->cell[p])
				n = S_emit(rs, out, cap, n, -1, p);
		return n;
	}
	for (int p = 0; p < g->npoints; p++) {
		if (!(s->bits[me] >> p & 1))
			continue;
		if (rs->opt[O_MOVES] == MOVES_FLY) {
			for (int q = 0; q < g->npoints; q++)
				if (!s->cell[q])
					n = S_emit(rs, out, cap, n, p, q);
		} else {
			for (int k = 0; k < g->nadj[p]; k++) {
				int q = g->adj[p][k];
				if (!s->cell[q])
					n = S_emit(rs, out, cap, n, p, q);
				else if (rs->opt[O_MOVES] == MOVES_SWAP && s->bits[!me] >> q & 1)
					n = S_emit_kind(rs, out, cap, n, p, q,
					                tb_game_part_kind(rs->game, TATETI_PART_SWAP));
			}
		}
	}
	return n;
}

static size_t S_generate(const tb_ruleset *rs, const tb_state *s, tb_turn *out, size_t cap)
{
	if (S_three(rs, s) >= 0)
		return 0;
	size_t n = S_turns(rs, s, out, cap);
	if (n == 0 && rs->opt[O_BLOCKED] == BLOCKED_PASS) { /* a blocked player passes */
		if (cap)
			memset(&out[0], 0, sizeof out[0]);
		return 1;
	}
	return n;
}

static void S_play(const tb_ruleset *rs, tb_state *s, const tb_turn *t, tb_events *ev)
{
	int side = s->to_move, from = -1, to = -1, swap = 0;
	if (ev)
		ev->n = 0;
	for (unsigned i = 0; i < t->nparts; i++) {
		int at = tb_geo_at(&rs->geo, t->parts[i].pt);
		swap = t->parts[i].kind == tb_game_part_kind(rs->game, TATETI_PART_SWAP);
		if (t->parts[i].kind == TB_PART_STEP || swap)
			from = to;
		to = at;
	}
	if (to >= 0) {
		if (from >= 0 && swap) { /* the enemy piece goes where this one was */
			s->cell[from] = s->cell[to];
			s->bits[side] &= ~((uint64_t)1 << from);
			s->bits[!side] = (s->bits[!side] & ~((uint64_t)1 << to)) | (uint64_t)1 << from;
		} else if (from >= 0) {
			s->cell[from] = 0;
			s->bits[side] &= ~((uint64_t)1 << from);
		} else {
			s->hand[side]--;
		}
		s->cell[to] = TB_CELL(side, 0, 0);
		s->bits[side] |= (uint64_t)1 << to;
		if (rs->geo.points[to].pt == TB_PT(1, 1)) /* b2, the centre */
			tb_event_add_piece(ev, rs, (uint8_t)tb_game_event_kind(rs->game, TATETI_EV_CENTRE),
			                   TB_PT(1, 1), 0, s->cell[to]);
	}
	if (side == 1)
		s->number++;
	s->to_move = (uint8_t)!side;
}

static int S_over(const tb_ruleset *rs, const tb_state *s, tb_result *res, char *why, size_t n)
{
	char tmp[8];
	if (!why) {
		why = tmp;
		n = sizeof tmp;
	}
	int won = S_three(rs, s);
	if (won >= 0) {
		*res = won == 0 ? TB_RESULT_FIRST : TB_RESULT_SECOND;
		snprintf(why, n, "%s have three on a line", rs->game->side_name[won]);
		return 1;
	}
	if (rs->opt[O_BLOCKED] == BLOCKED_LOSE && S_turns(rs, s, NULL, 0) == 0) {
		*res = s->to_move == 0 ? TB_RESULT_SECOND : TB_RESULT_FIRST;
		snprintf(why, n, "%s cannot move and lose", rs->game->side_name[s->to_move]);
		return 1;
	}
	return 0;
}

static int S_load(const tb_ruleset *rs, const tb_position *p, tb_state *s, char *why, size_t n)
{
	memset(s, 0, sizeof *s);
	s->number = 1;
	s->hand[0] = s->hand[1] = TATETI_PIECES;
	if (!p)
		return 0;
	s->hand[0] = s->hand[1] = 0;
	s->to_move = p->to_move;
	s->number = p->number;
	for (size_t i = 0; i < p->nextras; i++)
		if (strcmp(p->extras[i].key, "hand") == 0) {
			s->hand[0] = (uint8_t)(p->extras[i].value[0] - '0');
			s->hand[1] = (uint8_t)(p->extras[i].value[2] - '0');
		}
	int on[2] = {0, 0};
	for (size_t i = 0; i < p->npieces; i++) {
		const tb_piece *pc = &p->pieces[i];
		if (pc->pt == TB_PT_UNKNOWN) {
			snprintf(why, n, "%s stands on an unknown point", rs->game->side_piece[pc->side]);
			return 1;
		}
		int at = tb_geo_at(&rs->geo, pc->pt);
		s->cell[at] = TB_CELL(pc->side, 0, 0);
		s->bits[pc->side] |= (uint64_t)1 << at;
		on[pc->side]++;
	}
	for (int side = 0; side < 2; side++)
		if (on[side] + s->hand[side] != TATETI_PIECES) {
			snprintf(why, n, "%s have %d pieces on the board and %d to place, not %d",
			         rs->game->side_name[side], on[side], s->hand[side], TATETI_PIECES);
			return -1;
		}
	return 0;
}

static void S_save(const tb_ruleset *rs, const tb_state *s, tb_arena *a, tb_position *p)
{
	memset(p, 0, sizeof *p);
	p->to_move = s->to_move;
	p->number = s->number;
	p->pieces = tb_arena_alloc(a, TB_MAX_POINTS * sizeof *p->pieces);
	for (int i = 0; i < rs->geo.npoints; i++)
		if (s->cell[i])
			p->pieces[p->npieces++] = (tb_piece){rs->geo.points[i].pt,
			                                     (uint8_t)TB_CELL_SIDE(s->cell[i]), 0, 0};
	if (s->hand[0] || s->hand[1]) {
		char v[8];
		snprintf(v, sizeof v, "%u,%u", s->hand[0], s->hand[1]);
		p->extras = tb_arena_alloc(a, sizeof *p->extras);
		p->extras[p->nextras++] = (tb_extra){"hand", tb_arena_strndup(a, v, strlen(v))};
	}
	tb_position_sort(p);
}

/* Why a turn is illegal, typed (rules.h, tb_why): the words are this
 * game's, by language (game.c, "why.tateti.*"). */
static void S_explain(const tb_ruleset *rs, const tb_state *s, const tb_move *m, tb_why *why)
{
	const tb_geometry *g = &rs->geo;
	int me = s->to_move;
	int first = m->nparts ? tb_geo_at(g, m->parts[0].pt) : -1;
	int to = m->nparts > 1 ? tb_geo_at(g, m->parts[1].pt) : -1;
	const char *key = "why.tateti.nofit";
	int side = -1;
	if (S_three(rs, s) >= 0)
		key = "why.tateti.over";
	else if (m->nparts == 0)
		key = "why.tateti.pass", side = me;
	else if (s->hand[me] && m->nparts > 1)
		key = "why.tateti.hand", side = me;
	else if (!s->hand[me] && m->nparts == 1)
		key = "why.tateti.placed", side = me;
	else if (m->nparts == 1 && first >= 0 && s->cell[first])
		key = "why.tateti.taken";
	else if (m->nparts > 1 && (first < 0 || !(s->bits[me] >> first & 1)))
		key = "why.tateti.none", side = me;
	else if (m->nparts > 1 && to >= 0 && s->cell[to])
		key = "why.tateti.taken";
	else if (m->nparts > 1 && to >= 0 && tb_geo_edge_between(g, first, to) < 0)
		key = "why.tateti.step";
	tb_why_set(why, key, side, -1, 0);
}

const tb_rules tb_rules_tateti = {
	.configure = S_configure,
	.load = S_load,
	.save = S_save,
	.generate = S_generate,
	.play = S_play,
	.events = 1u, /* tb_event_bit of its own kind, "centre" */
	.over = S_over,
	.explain = S_explain,
};
