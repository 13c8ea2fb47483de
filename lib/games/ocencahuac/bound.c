/*
 * games/ocencahuac/bound.c -- the turns each side must still play to
 * reach a known position (tb_rules.turns_needed; spec/reconstruct.md §2).
 *
 * The argument, from the rules (spec/games/ocencahuac.md):
 * - a turn moves one piece of the side to move, or none (a pass). A
 *   jump passes over its own pieces without moving them; what else it
 *   moves -- pushed back, relocated -- is the other side's;
 * - so a Warrior moves only on its own side's turns, unless the other
 *   side may push it (push_target=enemy). Each such turn goes along one
 *   rank or one file (a step, or one jump: chain=no), so a Warrior needs
 *   a turn for a change of file and one for a change of rank; a chain
 *   (chain=yes) may do both in one turn, so then a turn for any change;
 * - a royal piece -- or a Warrior the other side may push -- is moved by
 *   the other side only backwards or sideways: a pushback goes along its
 *   file towards its own home row, or along its rank (push_dir=home).
 *   A piece the position has further forward needs a turn of its own
 *   side, unless a push may carry it forward (push_dir=jump) or its side
 *   may be in its second stage during the stretch, where a relief jump
 *   relocates it to any cell around (the stage, once begun, is never
 *   left: a side not in it in the position sought is not in it before);
 * - nor can the other side move a royal piece on its home row at the
 *   edge of the board at all (a jump over it would land off the board);
 *   and a royal piece is crowned only on its far row, which a push never
 *   brings it to: one to be crowned needs a turn of its own side;
 * - nothing makes a piece, and no piece changes its kind (a crown is not
 *   a kind): the position sought has each side's pieces of a kind among
 *   those there are, and a Warrior taken is gone. Which piece became
 *   which is unknown for the three Warriors, so they are matched the
 *   cheapest way.
 * Each side's count is the sum over its pieces: each turn of its own
 * moves one of them, so the turns one piece needs are not another's.
 */
#include "rules.h"

#include <string.h>

#include "ocencahuac.h"

enum { WARRIOR = 3, FILES = 5, MAXW = 4 }; /* MAXW: Warriors matched every way (4! ways) */

/* One side's pieces: its Warriors' points (the first MAXMEN; 'nw'
 * counts them all), and the point of its one royal piece of each kind
 * (-1: none; -2: more than one). */
enum { MAXMEN = 16 };
typedef struct S_men {
	int w[MAXMEN], nw;
	int royal[WARRIOR];
} S_men;

/* Both sides' pieces of 's', in one walk over the board's pieces. */
static void S_collect(const tb_state *s, S_men o[2])
{
	for (int y = 0; y < 2; y++) {
		o[y].nw = 0;
		o[y].royal[0] = o[y].royal[1] = o[y].royal[2] = -1;
	}
	for (uint64_t m = s->bits[0] | s->bits[1]; m; m &= m - 1) {
		int p = __builtin_ctzll(m), c = s->cell[p], type = TB_CELL_TYPE(c);
		S_men *o1 = &o[TB_CELL_SIDE(c)];
		if (type >= WARRIOR) {
			if (o1->nw < MAXMEN)
				o1->w[o1->nw] = p;
			o1->nw++;
		} else {
			o1->royal[type] = o1->royal[type] == -1 ? p : -2;
		}
	}
}

/* Is 'q' further from 'side''s home row than 'p'? */
static int S_forward(int side, int p, int q)
{
	return side == 0 ? q / FILES > p / FILES : q / FILES < p / FILES;
}

/* The turns of its own side a Warrior on 'p' needs to stand on 'q':
 * 'how' 0 when only its side moves it (one line a turn), 1 the same
 * under chain=yes (anywhere in a turn), 2 when the other side may push
 * it backwards or sideways, 3 when a push may carry it anywhere. */
static unsigned S_cost(int how, int side, int p, int q)
{
	if (p == q || how == 3)
		return 0;
	if (how == 2)
		return (unsigned)S_forward(side, p, q);
	if (how == 1)
		return 1;
	return (unsigned)(p % FILES != q % FILES) + (unsigned)(p / FILES != q / FILES);
}

/* The least sum of the costs 'c' (row j: the j-th point sought, from
 * each Warrior there is) over the ways of giving the 'nt' points sought
 * from row 'j' on a different Warrior each ('used': those taken). */
static unsigned S_match(unsigned char c[MAXW][MAXW], int nf, int j, int nt, unsigned used)
{
	if (nf == 3 && nt == 3 && j == 0) { /* the usual three, the six ways written out */
		unsigned v[6] = {c[0][0] + c[1][1] + c[2][2], c[0][0] + c[1][2] + c[2][1],
		                 c[0][1] + c[1][0] + c[2][2], c[0][1] + c[1][2] + c[2][0],
		                 c[0][2] + c[1][0] + c[2][1], c[0][2] + c[1][1] + c[2][0]};
		unsigned best = v[0];
		for (int i = 1; i < 6; i++)
			best = v[i] < best ? v[i] : best;
		return best;
	}
	if (j == nt)
		return 0;
	unsigned best = ~0u;
	for (int i = 0; i < nf; i++)
		if (!(used >> i & 1) && c[j][i] < best) {
			unsigned v = c[j][i] + S_match(c, nf, j + 1, nt, used | 1u << i);
			best = v < best ? v : best;
		}
	return best;
}

/* The way Warriors move, for S_cost, under 'rs''s options. */
static int S_how(const tb_ruleset *rs)
{
	return rs->opt[O_PUSH_TARGET] == TARGET_ROYAL ? (rs->opt[O_CHAIN] == CHAIN_YES)
	       : rs->opt[O_PUSH_DIR] == DIR_HOME      ? 2
	                                              : 3;
}

/* The target's side: its pieces, and the cost (S_cost) from each point
 * to each of its first MAXW Warriors' points. */
typedef struct S_goal {
	S_men men;
	unsigned char cost[MAXW][TB_MAX_POINTS];
	/* the royal pieces' share: royal[k][c][p] is 1 when the one of
	 * kind k on 'p' (crowned: c) must move on a turn of its own to be
	 * the target's (S_royal_moves), 0 when it need not or the target
	 * has none of that kind, or when none is counted (S_royals_count) */
	unsigned char royal[WARRIOR][2][TB_MAX_POINTS];
} S_goal;

/* The Warriors' share of 'side''s turns from 'a' to 'g'; 0 and '*ok'
 * cleared when 'g' has more of them. */
static unsigned S_warriors(const S_men *a, const S_goal *g, int how, int side, int *ok)
{
	const S_men *b = &g->men;
	if (b->nw > a->nw) {
		*ok = 0;
		return 0;
	}
	if (a->nw > MAXMEN)
		return 0; /* more Warriors than are kept: nothing claimed of them */
	if (a->nw <= MAXW) {
		unsigned char c[MAXW][MAXW];
		for (int j = 0; j < b->nw; j++)
			for (int i = 0; i < a->nw; i++)
				c[j][i] = g->cost[j][a->w[i]];
		return S_match(c, a->nw, 0, b->nw, 0);
	}
	unsigned sum = 0; /* a position of many Warriors: each its nearest */
	for (int j = 0; j < b->nw; j++) {
		unsigned best = ~0u;
		for (int i = 0; i < a->nw; i++) {
			unsigned c = S_cost(how, side, a->w[i], b->w[j]);
			best = c < best ? c : best;
		}
		sum += best;
	}
	return sum;
}

/* Can the other side move 'side''s royal piece off 'p' at all? Not on
 * its home row at the edge of the board: a jump along its file would
 * land off the board, and one along its rank too. */
static int S_pinned(const tb_ruleset *rs, int side, int p)
{
	int ranks = rs->geo.npoints / FILES, home = side == 0 ? 0 : ranks - 1;
	return p / FILES == home && (p % FILES == 0 || p % FILES == FILES - 1);
}

/* Must the royal piece on 'p' of 'a' move on a turn of its own to be
 * the one on 'q' of 'b'? When 'q' is further forward (pushes go back or
 * sideways), when it is to be crowned and is not on its far row (where
 * only a turn of its own brings it), or when it must move and nothing
 * else can move it (S_pinned). */
static int S_royal_moves(const tb_ruleset *rs, int crowned, const tb_state *b, int side, int p,
                         int q)
{
	int ranks = rs->geo.npoints / FILES, far = side == 0 ? ranks - 1 : 0;
	int crown = !crowned && TB_CELL_CROWNED(b->cell[q]) && p / FILES != far;
	return S_forward(side, p, q) || crown || (p != q && S_pinned(rs, side, p));
}

/* Is a royal piece's share counted at all? Not when a push may carry
 * it forward (push_dir=jump) or a relief jump relocate it anywhere
 * (its side may be in its second stage in 't'). */
static int S_royals_count(const tb_ruleset *rs, const tb_state *t, int side)
{
	return rs->opt[O_PUSH_DIR] == DIR_HOME && !(t->stage >> side & 1);
}

/* The target's side of the bound, made once for the search rather than
 * once a call: a search asks about one target some tens of millions of
 * times (every position each turn leads to), and collecting its pieces
 * and the costs to them was half of the bound's time. One a thread; a
 * target of other bytes, or other rules, makes it again. */
static _Thread_local struct {
	tb_state target;
	int how, push_dir, npoints, have;
	S_goal goal[2];
} S_last;

/* The royal pieces' table of side 'y' (S_goal.royal). */
static void S_goal_royals(const tb_ruleset *rs, const tb_state *target, int y, S_goal *g)
{
	memset(g->royal, 0, sizeof g->royal);
	for (int k = 0; k < WARRIOR && S_royals_count(rs, target, y); k++)
		for (int c = 0; c < 2 && g->men.royal[k] >= 0; c++)
			for (int p = 0; p < rs->geo.npoints && p < TB_MAX_POINTS; p++)
				g->royal[k][c][p] =
				        (unsigned char)S_royal_moves(rs, c, target, y, p, g->men.royal[k]);
}

static const S_goal *S_goals(const tb_ruleset *rs, const tb_state *target, int how)
{
	if (S_last.have && S_last.how == how && S_last.push_dir == rs->opt[O_PUSH_DIR] &&
	    S_last.npoints == rs->geo.npoints && memcmp(&S_last.target, target, sizeof *target) == 0)
		return S_last.goal;
	S_men men[2];
	S_collect(target, men);
	for (int y = 0; y < 2; y++) {
		S_goal *g = &S_last.goal[y];
		g->men = men[y];
		for (int j = 0; j < MAXW && j < men[y].nw; j++)
			for (int p = 0; p < TB_MAX_POINTS; p++)
				g->cost[j][p] = (unsigned char)S_cost(how, y, p, men[y].w[j]);
		S_goal_royals(rs, target, y, g);
	}
	memcpy(&S_last.target, target, sizeof *target);
	S_last.how = how;
	S_last.push_dir = rs->opt[O_PUSH_DIR];
	S_last.npoints = rs->geo.npoints;
	S_last.have = 1;
	return S_last.goal;
}

/* The royal pieces' share of 'side''s turns from 's' (its pieces 'a')
 * to the target 'g': a turn for each that must move on one of its own
 * (of a kind each position has once). */
static unsigned S_royals(const S_men *a, const S_goal *g, const tb_state *s)
{
	unsigned n = 0;
	for (int k = 0; k < WARRIOR; k++) {
		int p = a->royal[k];
		if (p >= 0)
			n += g->royal[k][TB_CELL_CROWNED(s->cell[p]) != 0][p];
	}
	return n;
}

int tb_ocencahuac_turns_needed(const tb_ruleset *rs, const tb_state *s, const tb_state *target,
                               unsigned need[2])
{
	int ok = 1, how = S_how(rs);
	S_men a[2];
	const S_goal *g = S_goals(rs, target, how);
	S_collect(s, a);
	for (int y = 0; y < 2; y++)
		need[y] = S_warriors(&a[y], &g[y], how, y, &ok) + S_royals(&a[y], &g[y], s);
	return ok;
}
