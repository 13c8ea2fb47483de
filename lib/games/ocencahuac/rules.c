/*
 * games/ocencahuac/rules.c -- Ocencahuac, the game of the Cahita princes,
 * played by the rules engine (spec/games/ocencahuac.md).
 *
 * Six pieces a side on a board five files wide: in the first stage
 * every piece steps or jumps along ranks and files; a jumped enemy
 * royal piece is pushed back (">pt"); royal pieces reaching the far row
 * are crowned ("=", "==" for a side's third); a side whose three royal
 * pieces are crowned is in its second stage, where its Princess and
 * Emperor slide and its Prince leaps like a knight, capturing enemy
 * Warriors; they may be jumped only to free a threatened Warrior, and
 * are then relocated ("@pt"). Three Warriors captured win.
 *
 * The board is a dense grid: point index = rank * 5 + file, so
 * directions are arithmetic. A cell holds TB_CELL(side, type, crowned)
 * and, in bit 6, whether the piece is cool (pushed back, and may not
 * push back yet). tb_state.stage holds bit (1 << side) once a side's
 * second stage has begun; tb_state.quiet counts turns towards the limit.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "reasons.h"

#include "ocencahuac.h"

enum { SAN = 0, CEB = 1 };
enum { EMPEROR, PRINCESS, PRINCE, WARRIOR };
enum { FILES = 5, CROWNED = 0x20, COOL = 0x40 }; /* CROWNED: TB_CELL's bit */

typedef uint64_t set;

static const char *const S_side_name[2] = {"Sangangüey", "Ceboruco"};
static const char *const S_piece_name[4] = {"Emperor", "Princess", "Prince", "Warrior"};
static const int S_dirs[4][2] = {{0, 1}, {0, -1}, {-1, 0}, {1, 0}}; /* df, dr */
static const int S_knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                   {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

/* ===== The board ===== */

static int S_ranks(const tb_ruleset *rs) { return rs->geo.npoints / FILES; }
static int S_file(int p) { return p % FILES; }
static int S_rank(int p) { return p / FILES; }
static set S_bit(int p) { return (set)1 << p; }
static set S_row(int r) { return (((set)1 << FILES) - 1) << (r * FILES); }

/* The cell (f, r), or -1 off the board. (r * FILES + f is below the
 * board's points exactly when r is below its ranks, f being a file: no
 * division at each of the hops' and slides' steps.) */
static int S_cell(const tb_ruleset *rs, int f, int r)
{
	int c = r * FILES + f;
	return f >= 0 && f < FILES && r >= 0 && c < rs->geo.npoints ? c : -1;
}

static int S_home(const tb_ruleset *rs, int side) { return side == SAN ? 0 : S_ranks(rs) - 1; }
static int S_far(const tb_ruleset *rs, int side) { return S_home(rs, !side); }

/* Appends "f r " (as "c10 ") at out[*n]: the configuration runs for
 * every record, and snprintf made it the costliest step of validating
 * a short record. */
static void S_put_point(char *out, size_t *n, int f, int r)
{
	out[(*n)++] = (char)('a' + f);
	if (r + 1 >= 10)
		out[(*n)++] = (char)('0' + (r + 1) / 10);
	out[(*n)++] = (char)('0' + (r + 1) % 10);
	out[(*n)++] = ' ';
	out[*n] = '\0';
}

static const char *S_configure(tb_ruleset *rs)
{
	tb_geometry *g = &rs->geo;
	int ranks = 8 + rs->opt[O_RIVER] - RIVER_4; /* the volcano rows and river=4|5|6 */
	char pts[TB_MAX_POINTS * 5] = "", line[80];
	size_t n = 0;
	memset(g, 0, sizeof *g);
	for (int r = 0; r < ranks; r++)
		for (int f = 0; f < FILES; f++)
			S_put_point(pts, &n, f, r);
	tb_geo_points(g, pts);
	for (int r = 0; r < ranks; r++) { /* the ranks, then the files */
		n = 0;
		for (int f = 0; f < FILES; f++)
			S_put_point(line, &n, f, r);
		tb_geo_line(g, line, TB_LINE_ORTHO);
	}
	for (int f = 0; f < FILES; f++) {
		n = 0;
		for (int r = 0; r < ranks; r++)
			S_put_point(line, &n, f, r);
		tb_geo_line(g, line, TB_LINE_ORTHO);
	}
	/* the drawing: each side's volcano rows, and the river's five lines
	 * (between the rows of cells; on them under river=5); the files are
	 * "imaginarias", so the edges are not drawn */
	g->edges_hidden = 1;
	tb_geo_mark_add(g, "volcano", 1, -0.4f, -0.4f, 4.4f, 1.4f);
	tb_geo_mark_add(g, "volcano", 1, -0.4f, (float)ranks - 2.4f, 4.4f, (float)ranks - 0.6f);
	float first = rs->opt[O_RIVER] == RIVER_5 ? 2.0f : rs->opt[O_RIVER] == RIVER_6 ? 2.5f : 1.5f;
	for (int k = 0; k < 5; k++)
		tb_geo_mark_add(g, "river-line", 0, -0.5f, first + (float)k, 4.5f, first + (float)k);
	return NULL;
}

/* ===== Pieces ===== */

static int S_side(uint8_t c) { return TB_CELL_SIDE(c); }
static int S_type(uint8_t c) { return TB_CELL_TYPE(c); }
static int S_royal(uint8_t c) { return c && TB_CELL_TYPE(c) != WARRIOR; }
static int S_stage2(const tb_state *s, int side) { return (s->stage >> side) & 1; }

static void S_put(tb_state *s, int p, uint8_t c)
{
	s->cell[p] = c;
	s->bits[S_side(c)] |= S_bit(p);
}

static uint8_t S_take(tb_state *s, int p)
{
	uint8_t c = s->cell[p];
	s->cell[p] = 0;
	s->bits[S_side(c)] &= ~S_bit(p);
	return c;
}

static inline void S_move(tb_state *s, int from, int to) { S_put(s, to, S_take(s, from)); }

static int S_crowned_count(const tb_state *s, int side)
{
	int n = 0;
	for (set m = s->bits[side]; m; m &= m - 1) {
		uint8_t c = s->cell[__builtin_ctzll(m)];
		n += S_royal(c) && TB_CELL_CROWNED(c);
	}
	return n;
}

/* "Sangangüey has 1 crowned royal piece", into 'out' (64 bytes). */
static const char *S_crowns(const tb_state *s, int side, char *out)
{
	int n = S_crowned_count(s, side);
	snprintf(out, 64, "%s has %d crowned royal piece%s", S_side_name[side], n, n == 1 ? "" : "s");
	return out;
}

static long S_limit(const tb_ruleset *rs)
{
	return rs->opt[O_LIMIT] == LIMIT_200 ? 200 : rs->opt[O_LIMIT] == LIMIT_NONE ? 0 : rs->num[O_LIMIT];
}

/* ===== Captures (the second stage) ===== */

/* Does a Warrior of 'side' stand next to 'p' (along a rank or file)? */
static int S_warrior_next_to(const tb_ruleset *rs, const tb_state *s, int p, int side)
{
	for (int d = 0; d < 4; d++) {
		int q = S_cell(rs, S_file(p) + S_dirs[d][0], S_rank(p) + S_dirs[d][1]);
		if (q >= 0 && s->cell[q] && S_side(s->cell[q]) == side && S_type(s->cell[q]) == WARRIOR)
			return 1;
	}
	return 0;
}

/* May the piece on 'p' capture on 'q' as far as support goes? */
static int S_supported(const tb_ruleset *rs, const tb_state *s, int p, int q)
{
	int side = S_side(s->cell[p]);
	switch (rs->opt[O_SUPPORT]) {
	case SUPPORT_TARGET:
		return S_warrior_next_to(rs, s, q, side);
	case SUPPORT_CAPTURER:
		return S_warrior_next_to(rs, s, p, side);
	default:
		return 1;
	}
}

static int S_enemy_warrior(const tb_state *s, int q, int side)
{
	return s->cell[q] && S_side(s->cell[q]) != side && S_type(s->cell[q]) == WARRIOR;
}

/* The captures of the second-stage royal piece on 'p', into 'to' (at
 * most 8); returns how many. */
static int S_captures(const tb_ruleset *rs, const tb_state *s, int p, int *to)
{
	uint8_t c = s->cell[p];
	int side = S_side(c), n = 0, f = S_file(p), r = S_rank(p);
	if (S_type(c) == PRINCE) {
		for (int k = 0; k < 8; k++) {
			int q = S_cell(rs, f + S_knight[k][0], r + S_knight[k][1]);
			if (q >= 0 && S_enemy_warrior(s, q, side) && S_supported(rs, s, p, q))
				to[n++] = q;
		}
		return n;
	}
	for (int d = S_type(c) == EMPEROR ? 0 : 2, e = d + 2; d < e; d++) { /* file, or rank */
		int q = p;
		for (int k = 1; (q = S_cell(rs, f + k * S_dirs[d][0], r + k * S_dirs[d][1])) >= 0 &&
		                !s->cell[q]; k++)
			;
		if (q >= 0 && S_enemy_warrior(s, q, side) && S_supported(rs, s, p, q))
			to[n++] = q;
	}
	return n;
}

/* Is 'p' an enemy royal piece, of a side in its second stage, that
 * threatens a Warrior of 'side'? */
static int S_threatens(const tb_ruleset *rs, const tb_state *s, int p, int side)
{
	uint8_t c = s->cell[p];
	int to[8];
	return S_royal(c) && S_side(c) != side && S_stage2(s, S_side(c)) &&
	       S_captures(rs, s, p, to) > 0;
}

/* ===== Pushbacks ===== */

/* Is the piece on 'q' pushed back when a piece of 'side' jumps it? */
static int S_pushable(const tb_ruleset *rs, const tb_state *s, int q, int side)
{
	uint8_t c = s->cell[q];
	if (!c || S_side(c) == side)
		return 0;
	if (S_type(c) == WARRIOR)
		return rs->opt[O_PUSH_TARGET] == TARGET_ENEMY;
	return !S_stage2(s, S_side(c)) || rs->opt[O_STAGE2_PUSH] == STAGE2_PUSH_ON;
}

/* The way the piece on 'q', jumped by a hop going (df, dr), is pushed. */
static void S_push_way(const tb_ruleset *rs, const tb_state *s, int q, int df, int dr,
                       int *pf, int *pr)
{
	*pf = df;
	*pr = dr;
	if (dr && rs->opt[O_PUSH_DIR] == DIR_HOME) /* towards its own home row */
		*pr = S_side(s->cell[q]) == SAN ? -1 : 1;
	if (df && rs->opt[O_PUSH_SIDE] == SIDE_OPPOSITE)
		*pf = -df;
}

/* The row next to the home row of 'side': its penultimate row. */
static int S_penultimate(const tb_ruleset *rs, int side)
{
	return side == SAN ? 1 : S_ranks(rs) - 2;
}

/* Does the piece on 'q', jumped by a hop going (df, dr), go sideways
 * at once? "En caso de ser saltada en la penúltima fila del tablero,
 * su retroceso es hacia un lado" (push_sideways=penultimate): jumped
 * along its file on its penultimate row. */
static int S_sideways_at_once(const tb_ruleset *rs, const tb_state *w, int q, int dr)
{
	return dr && rs->opt[O_PUSH_SIDEWAYS] == SIDEWAYS_PENULTIMATE &&
	       S_rank(q) == S_penultimate(rs, S_side(w->cell[q]));
}

/* Where the piece on 'q' may be pushed: 'w' has the jumper already on
 * 'land'. Fills 'to' (at most 2: two sideways cells equally near) and
 * returns how many; 0 when the piece stays. */
static int S_push_to(const tb_ruleset *rs, const tb_state *w, int q, int land, int df, int dr,
                     int *to)
{
	int pf, pr, f = S_file(q), r = S_rank(q), best = -1, at_once = S_sideways_at_once(rs, w, q, dr);
	S_push_way(rs, w, q, df, dr, &pf, &pr);
	for (int k = 1; k <= 3 && !at_once; k++) {
		int c = S_cell(rs, f + k * pf, r + k * pr);
		if (c < 0)
			break;
		if (rs->opt[O_PUSH_DIST] == DIST_EXACTLY3) {
			if (k == 3 && !w->cell[c])
				best = c;
		} else if (!w->cell[c]) {
			best = c;
		} else if (rs->opt[O_PUSH_DIST] == DIST_STOP && c != land) {
			break;
		}
	}
	if (best >= 0) {
		to[0] = best;
		return 1;
	}
	if (!at_once && (!dr || rs->opt[O_PUSH_SIDEWAYS] != SIDEWAYS_NO_CELL))
		return 0;
	for (int d = 1; d < FILES; d++) { /* sideways: the first empty cell of its rank */
		int n = 0, l = S_cell(rs, f - d, r), h = S_cell(rs, f + d, r);
		if (l >= 0 && !w->cell[l])
			to[n++] = l;
		if (h >= 0 && !w->cell[h])
			to[n++] = h;
		if (n)
			return n;
	}
	return 0;
}

/* Would the piece on 'q', put on 'c' of 'w', be free to stay there
 * after a relief jump by 'side'? "Para evitar la amenaza a un guerrero
 * propio" (relief=frees): from 'c' it threatens none of the jumper's
 * Warriors. */
static int S_relief_frees(const tb_ruleset *rs, const tb_state *w, int q, int c, int side)
{
	if (rs->opt[O_RELIEF] == RELIEF_THREATENED || side < 0)
		return 1;
	tb_state next = *w;
	S_move(&next, q, c);
	return !S_threatens(rs, &next, c, side);
}

/* Where a relief jump by 'side' landing on 'land' may put the piece on
 * 'q' ('w': the jumper already on 'land'); 'side' -1: every empty cell
 * around, freeing or not. */
static int S_relocate_to(const tb_ruleset *rs, const tb_state *w, int q, int land, int side,
                         int *to)
{
	int n = 0;
	for (int dr = -1; dr <= 1; dr++)
		for (int df = -1; df <= 1; df++) {
			int c = S_cell(rs, S_file(land) + df, S_rank(land) + dr);
			if ((df || dr) && c >= 0 && c != q && !w->cell[c] &&
			    (rs->opt[O_RELOCATE] == AROUND || !df || !dr) &&
			    S_relief_frees(rs, w, q, c, side))
				to[n++] = c;
		}
	return n;
}

/* ===== Hops ===== */

/* A hop from 'p' one way: the pieces it passes and where it lands. */
typedef struct S_hop {
	int df, dr;
	int run[16], nrun;
	int land;
} S_hop;

/* Finds the hop from 'p' going (df, dr) in 'w', one of S_dirs: 0 when
 * there is none (nothing to jump, no empty cell beyond, more than one
 * piece under jump=one). The cells that way are counted once, and the
 * walk goes from cell to cell by the step between two (a file's is
 * FILES): no division nor bound at each, as S_cell would make. */
static int S_hop_find(const tb_ruleset *rs, const tb_state *w, int p, int df, int dr,
                      S_hop *h)
{
	int f = S_file(p), r = S_rank(p);
	int left = df > 0 ? FILES - 1 - f : df < 0 ? f : dr > 0 ? S_ranks(rs) - 1 - r : r;
	int step = dr * FILES + df, q = p, k = 0;
	h->df = df;
	h->dr = dr;
	h->nrun = 0;
	for (; k < left && w->cell[q + step]; k++) {
		q += step;
		h->run[h->nrun++] = q;
	}
	h->land = k < left ? q + step : -1;
	return h->nrun > 0 && h->land >= 0 && (h->nrun == 1 || rs->opt[O_JUMP] == JUMP_LINE);
}

/* A block in a vertical run: two pieces of one side, not the jumper's,
 * one above the other. Returns i when run[i] and run[i + 1] are one,
 * or -1. */
static int S_block(const tb_state *w, const S_hop *h, int side)
{
	if (h->df)
		return -1;
	for (int i = 0; i + 1 < h->nrun; i++) {
		uint8_t a = w->cell[h->run[i]], b = w->cell[h->run[i + 1]];
		if (S_side(a) != side && S_side(a) == S_side(b))
			return i;
	}
	return -1;
}

/* The pieces a hop pushes back, into 'out' (room for 16), in the order
 * they are pushed: the one farthest along the way they go first, so
 * that each finds the room the ones before it left (spec §4, "Several
 * pieces in one run"). Returns how many, or -1 when the hop may not be
 * made at all: a second-stage royal piece that is not pushed, in a run
 * of more than one. */
static int S_hop_pushed(const tb_ruleset *rs, const tb_state *w, const S_hop *h, int side,
                        int *out)
{
	int n = 0;
	for (int i = 0; i < h->nrun; i++) {
		uint8_t c = w->cell[h->run[i]];
		if (S_pushable(rs, w, h->run[i], side))
			out[n++] = h->run[i];
		else if (S_royal(c) && S_side(c) != side && S_stage2(w, S_side(c)) && h->nrun > 1)
			return -1;
	}
	int pf, pr;
	if (n > 1) { /* the run goes along the hop: backwards when they are pushed that way */
		S_push_way(rs, w, out[0], h->df, h->dr, &pf, &pr);
		for (int i = 0; (pf == h->df && pr == h->dr) && i < n / 2; i++) {
			int t = out[i];
			out[i] = out[n - 1 - i];
			out[n - 1 - i] = t;
		}
	}
	return n;
}

/* Is the hop's one piece an enemy second-stage royal piece, which only
 * a relief jump may pass (unless stage2_push=on pushes it)? */
static int S_hop_second_stage(const tb_state *w, const S_hop *h, int side)
{
	uint8_t c = w->cell[h->run[0]];
	return h->nrun == 1 && S_royal(c) && S_side(c) != side && S_stage2(w, S_side(c));
}

/* ===== Ending a turn ===== */

/* tb_state.hint's bit (rules.h): no piece is cool. Set when a walk over
 * every piece finds none cool, cleared wherever a piece is made cool
 * (S_put_cool): under cooldown=next_turn a piece is cool only for the
 * turn after a pushback (3% of a random game's turns), and the walk over
 * the side's pieces at every turn's end was the largest cost of playing
 * a turn. */
enum { HINT_NO_COOL = 1 };

/* Is any of the pieces 'm' cool? Their cells' bits gathered without a
 * branch on each. (Read a byte at a time: a wider read of cells just
 * written one byte at a time waits for the writes.) */
static int S_any_cool(const tb_state *s, set m)
{
	uint8_t all = 0;
	for (; m; m &= m - 1)
		all |= s->cell[__builtin_ctzll(m)];
	return (all & COOL) != 0;
}

/* Puts 'c' on 'p' cool (pushed back): the hint no longer holds. */
static void S_put_cool(tb_state *s, int p, uint8_t c)
{
	S_put(s, p, (uint8_t)(c | COOL));
	s->hint &= (uint8_t)~HINT_NO_COOL;
}

/* Clears 'bit' of the cell on 'p', writing it only when it is set. */
static void S_clear(tb_state *s, int p, uint8_t bit)
{
	if (s->cell[p] & bit)
		s->cell[p] &= (uint8_t)~bit;
}

/* Under next_turn, the cooldown's end once 'side' has played, the hint
 * saying nothing: the side's pieces cool no more, then every piece
 * walked to learn whether the hint holds again. */
static __attribute__((noinline)) void S_cool_walk(tb_state *s, int side)
{
	for (set m = S_any_cool(s, s->bits[side]) ? s->bits[side] : 0; m; m &= m - 1)
		S_clear(s, __builtin_ctzll(m), COOL);
	if (!S_any_cool(s, s->bits[0] | s->bits[1]))
		s->hint |= HINT_NO_COOL;
}

/* The cooldown's end once 'side' has played (the piece it moved now on
 * 'mover', -1 for a pass): under next_turn for the side's pieces, under
 * next_move for the piece that moved. Nothing to walk when the hint says
 * no piece is cool; else the side's pieces, then every piece to learn
 * whether the hint holds again (S_cool_walk). (Inlined, the walk not:
 * the hint answers most turns, and a call cost as much as the answer.) */
static inline __attribute__((always_inline)) void S_cool_end(const tb_ruleset *rs, tb_state *s,
                                                             int side, int mover)
{
	if (rs->opt[O_COOLDOWN] == COOL_NEXT_TURN) {
		if (!(s->hint & HINT_NO_COOL))
			S_cool_walk(s, side);
	} else if (mover >= 0 && ((s->bits[0] | s->bits[1]) & S_bit(mover))) {
		S_clear(s, mover, COOL);
	}
}

/* Is any of the pieces 'm' a royal piece not crowned? */
static int S_any_uncrowned(const tb_state *s, set m)
{
	int any = 0;
	for (; m; m &= m - 1) {
		uint8_t c = s->cell[__builtin_ctzll(m)];
		any |= S_royal(c) && !TB_CELL_CROWNED(c);
	}
	return any;
}

/* The crowns at a turn's end, 'far' each side's pieces on its far row:
 * under all_three a crown is lost off the far row before the stage; a
 * royal piece on its far row is crowned, and a side's third crown begins
 * its second stage. Returns the crown marker: 0, 1 ("=") or 2 ("==").
 * (Not inlined: seldom called, its room on the stack would be S_end's
 * at every turn.) */
static __attribute__((noinline)) int S_crown_end(const tb_ruleset *rs, tb_state *s, const set far[2], tb_events *ev)
{
	int crowned = 0, began = 0, last[2] = {-1, -1};
	for (int y = 0; y < 2 && rs->opt[O_CROWN] == CROWN_ALL_THREE; y++)
		for (set m = S_stage2(s, y) ? 0 : s->bits[y] & ~far[y]; m; m &= m - 1)
			S_clear(s, __builtin_ctzll(m), CROWNED);
	for (set m = far[0] | far[1]; m; m &= m - 1) { /* in the order of the points */
		int p = __builtin_ctzll(m);
		uint8_t *c = &s->cell[p];
		if (S_royal(*c) && !TB_CELL_CROWNED(*c)) {
			*c |= CROWNED;
			crowned = 1;
			last[S_side(*c)] = p;
			tb_event_add_piece(ev, rs, TB_EV_CORONATION, rs->geo.points[p].pt, 0, *c);
		}
	}
	for (int y = 0; y < 2; y++)
		if (last[y] >= 0 && !S_stage2(s, y) && S_crowned_count(s, y) == 3) {
			s->stage |= (uint8_t)(1 << y);
			began = 1;
			tb_event_add_piece(ev, rs, TB_EV_STAGE, rs->geo.points[last[y]].pt, 0,
			                   s->cell[last[y]]);
		}
	return began ? 2 : crowned ? 1 : 0;
}

/* Cool-down, crowns, stage, the limit's count, the turn number and the
 * side to move, once 'side' has played (the piece it moved now on
 * 'mover', -1 for a pass). Returns the crown marker: 0, 1 ("=") or 2
 * ("=="). */
static inline __attribute__((always_inline)) int S_end(const tb_ruleset *rs, tb_state *s, int mover, int captured, tb_events *ev)
{
	int side = s->to_move, marker = 0;
	/* Each piece is looked at only where something can happen to it (at
	 * every turn of every search, a walk over the whole board was the
	 * engine's largest cost). A cell is written only when its bit is
	 * set: a piece is seldom cool or crowned, and a byte written at every
	 * turn made each copy of the state after it (the validator's, the
	 * caller's) wait for the store */
	S_cool_end(rs, s, side, mover);
	set top = S_row(0) << (rs->geo.npoints - FILES); /* S_row(S_far(rs, SAN)) */
	set far[2] = {s->bits[SAN] & top, s->bits[CEB] & S_row(0)};
	if (rs->opt[O_CROWN] == CROWN_ALL_THREE || S_any_uncrowned(s, far[0] | far[1]))
		marker = S_crown_end(rs, s, far, ev);
	if (captured || (rs->opt[O_CROWN] == CROWN_EACH ? marker != 0 : marker == 2))
		s->quiet = 0;
	else if (s->quiet < UINT32_MAX)
		s->quiet++;
	if (side == CEB) /* "N." is Sangangüey's turn, whoever began */
		s->number++;
	s->to_move = (uint8_t)!side;
	return marker;
}

/* ===== Playing ===== */

/* Plays the hop of part t->parts[i] (legal) by the piece on 'p' of
 * 'side', with the pushbacks or the relocation after it; returns the
 * index of its last part. A hop with neither after it (plain, or a
 * chain's hop before the next) moves its piece alone: the hop is not
 * looked for again. (Not inlined: a step, most turns, does not pay for
 * the hop's room on the stack.) */
static __attribute__((noinline)) unsigned S_apply_hop(const tb_ruleset *rs, tb_state *s, const tb_turn *t, unsigned i,
                            int p, int side, tb_events *ev)
{
	const tb_geometry *g = &rs->geo;
	int q = tb_geo_at(g, t->parts[i].pt);
	tb_part_kind next = i + 1 < t->nparts ? (tb_part_kind)t->parts[i + 1].kind : TB_PART_AT;
	if (next != TB_PART_PUSH && next != TB_PART_RELOCATE) {
		S_move(s, p, q); /* every piece jumped stays: the hop is its move alone */
		return i;
	}
	int df = (S_file(q) > S_file(p)) - (S_file(q) < S_file(p));
	int dr = (S_rank(q) > S_rank(p)) - (S_rank(q) < S_rank(p));
	S_hop h;
	S_hop_find(rs, s, p, df, dr, &h);
	int pushed[16], np = S_hop_pushed(rs, s, &h, side, pushed), dest[2];
	S_move(s, p, q);
	/* one '>' for each pushed piece that goes somewhere, in order */
	for (int k = 0; k < np && i + 1 < t->nparts && t->parts[i + 1].kind == TB_PART_PUSH; k++) {
		if (!S_push_to(rs, s, pushed[k], h.land, h.df, h.dr, dest))
			continue; /* it stays */
		int to = tb_geo_at(g, t->parts[++i].pt);
		S_put_cool(s, to, S_take(s, pushed[k]));
		tb_event_add_piece(ev, rs, TB_EV_PUSHBACK, g->points[pushed[k]].pt, g->points[to].pt,
		                   s->cell[to]);
	}
	if (i + 1 < t->nparts && t->parts[i + 1].kind == TB_PART_RELOCATE) {
		int to = tb_geo_at(g, t->parts[++i].pt);
		S_move(s, h.run[0], to);
		tb_event_add_piece(ev, rs, TB_EV_RELOCATION, g->points[h.run[0]].pt, g->points[to].pt,
		                   s->cell[to]);
	}
	return i;
}

/* Plays turn 't' (legal) on 's'; returns its crown marker. */
static int S_apply(const tb_ruleset *rs, tb_state *s, const tb_turn *t, tb_events *ev)
{
	const tb_geometry *g = &rs->geo;
	if (ev)
		ev->n = 0;
	if (t->nparts == 0)
		return S_end(rs, s, -1, 0, ev);
	int side = s->to_move, p = tb_geo_at(g, t->parts[0].pt), captured = 0;
	for (unsigned i = 1; i < t->nparts; i++) {
		int q = tb_geo_at(g, t->parts[i].pt);
		switch (t->parts[i].kind) {
		case TB_PART_STEP:
			S_move(s, p, q);
			p = q;
			break;
		case TB_PART_CAPTURE:
			tb_event_add_piece(ev, rs, TB_EV_CAPTURE, g->points[q].pt, 0, s->cell[q]);
			S_take(s, q);
			s->taken[side]++;
			captured = 1;
			S_move(s, p, q);
			p = q;
			break;
		case TB_PART_HOP:
			i = S_apply_hop(rs, s, t, i, p, side, ev);
			p = q;
			break;
		default:
			break;
		}
	}
	return S_end(rs, s, p, captured, ev);
}

/* rules->play: S_apply, but a plain step or a plain hop -- most turns,
 * a hop's jumped pieces staying where they are -- moved at once, as
 * S_apply's walk over the parts moves it. */
static void S_play(const tb_ruleset *rs, tb_state *s, const tb_turn *t, tb_events *ev)
{
	if (t->nparts == 2 && (t->parts[1].kind == TB_PART_STEP || t->parts[1].kind == TB_PART_HOP)) {
		int q = tb_geo_at(&rs->geo, t->parts[1].pt);
		if (ev)
			ev->n = 0;
		S_move(s, tb_geo_at(&rs->geo, t->parts[0].pt), q);
		S_end(rs, s, q, 0, ev);
		return;
	}
	S_apply(rs, s, t, ev);
}

/* ===== Generation ===== */

typedef struct S_gen {
	const tb_ruleset *rs;
	const tb_state *s;
	tb_turn *out;
	size_t n, cap;
	int any;        /* stop at the first turn */
	tb_turn cur;
	tb_point want_pt;  /* TB_PT_NONE, or only the turns whose second part is
	                      on this point (generate_at's hint) */
	tb_part_kind want; /* TB_PART_HOP: the hops only; TB_PART_STEP or
	                      TB_PART_CAPTURE: all but the hops; TB_PART_AT: all */
	const tb_move *follow; /* NULL, or only the turns with the parts of this
	                          written move (rules->one): a branch is left as
	                          soon as its parts leave the move's */
} S_gen;

/* Do the first 'n' parts of the turn being built, g->cur, stand as the
 * followed move's do (g->follow, which has at least 'n')? */
static int S_follows(const S_gen *g, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (g->cur.parts[i].kind != g->follow->parts[i].kind ||
		    g->cur.parts[i].pt != g->follow->parts[i].pt)
			return 0;
	return 1;
}

static tb_part S_part(const tb_ruleset *rs, tb_part_kind k, int p)
{
	return (tb_part){(uint8_t)k, rs->geo.points[p].pt};
}

/* The crown marker of a turn in 's' in which only its mover, the piece
 * in cell 'c', can be crowned, ending on 'to': 1 ("="), 2 (its side's
 * second crown) or 0. S_crown_of's and a plain step's (S_one_step). */
static inline uint8_t S_mover_crown(const tb_ruleset *rs, const tb_state *s, uint8_t c, int to)
{
	int side = S_side(c);
	if (!S_royal(c) || TB_CELL_CROWNED(c) || S_rank(to) != S_far(rs, side))
		return 0;
	return S_crowned_count(s, side) == 2 ? 2 : 1;
}

/* The crown marker of the turn in g->cur. A crowning needs a royal
 * piece that moved this turn to end on its far row. When only the mover
 * can have (one hop's pushback or relocation at most, and not onto the
 * first or last rank; a chain's hops before its last push nothing),
 * that is the mover's last point; else the turn is played out. */
static uint8_t S_crown_of(const S_gen *g)
{
	const tb_ruleset *rs = g->rs;
	const tb_turn *t = &g->cur;
	int top = S_ranks(rs) - 1, mover = t->nparts - 1;
	tb_part_kind last = t->parts[mover].kind;
	if (last == TB_PART_PUSH || last == TB_PART_RELOCATE) {
		int r = S_rank(tb_geo_at(&rs->geo, t->parts[mover].pt));
		mover--;
		if (r == 0 || r == top || t->nparts > 4 || t->parts[mover].kind == TB_PART_PUSH) {
			tb_state w = *g->s;
			return (uint8_t)S_apply(rs, &w, t, NULL);
		}
	} else if (t->nparts > 2) {
		tb_state w = *g->s;
		return (uint8_t)S_apply(rs, &w, t, NULL);
	}
	return S_mover_crown(rs, g->s, g->s->cell[tb_geo_at(&rs->geo, t->parts[0].pt)],
	                     tb_geo_at(&rs->geo, t->parts[mover].pt));
}

/* Emits the turn in g->cur, with its crown marker. */
static void S_emit(S_gen *g)
{
	if (g->want_pt && g->cur.parts[1].pt != g->want_pt)
		return; /* not the turn asked for (generate_at's hint) */
	if (g->follow && (g->cur.nparts != g->follow->nparts || !S_follows(g, g->cur.nparts)))
		return; /* not the move followed (rules->one) */
	if (g->n < g->cap) { /* the crown marker only for a turn written */
		tb_turn *t = &g->out[g->n];
		t->nparts = g->cur.nparts; /* its parts, not all TB_TURN_PARTS */
		t->crown = S_crown_of(g);
		memcpy(t->parts, g->cur.parts, g->cur.nparts * sizeof t->parts[0]);
	}
	g->n++; /* counted even past the buffer: the caller retries */
}

static int S_done(const S_gen *g) { return g->any && g->n > 0; }

static void S_emit2(S_gen *g, int p, tb_part_kind k, int q)
{
	g->cur.nparts = 2;
	g->cur.parts[0] = S_part(g->rs, TB_PART_AT, p);
	g->cur.parts[1] = S_part(g->rs, k, q);
	S_emit(g);
}

static void S_hops(S_gen *g, const tb_state *w, int p, int relief, int cool, set seen);
static void S_hop_turn(S_gen *g, const tb_state *after, int land, const tb_part *then,
                       int nthen, int relief, int cool, set seen);

/* Pushes back pushed[i..n) one after the other on 'w' (the jumper on
 * h->land), each to every cell it may go to, and emits the hop with the
 * 'nthen' pushbacks 'then' made so far and the rest. A pushing hop is
 * no turn for a piece that may not push back yet ('cool'). */
static void S_push_rest(S_gen *g, const tb_state *w, const S_hop *h, const int *pushed, int i,
                        int n, tb_part *then, int nthen, int relief, int cool, set seen)
{
	if (i == n) {
		if (!(nthen && cool))
			S_hop_turn(g, w, h->land, then, nthen, relief, cool, seen);
		return;
	}
	int dest[2], nd = S_push_to(g->rs, w, pushed[i], h->land, h->df, h->dr, dest);
	if (!nd)
		S_push_rest(g, w, h, pushed, i + 1, n, then, nthen, relief, cool, seen);
	for (int j = 0; j < nd && !S_done(g); j++) {
		tb_state next = *w;
		S_put_cool(&next, dest[j], S_take(&next, pushed[i]));
		then[nthen] = S_part(g->rs, TB_PART_PUSH, dest[j]);
		S_push_rest(g, &next, h, pushed, i + 1, n, then, nthen + 1, relief, cool, seen);
	}
}

/* Emits the hop to 'land' with the 'nthen' parts 'then' after it
 * (pushbacks, or a relocation), the board after it being 'after', and
 * the chains that go on from there. */
static void S_hop_turn(S_gen *g, const tb_state *after, int land, const tb_part *then,
                       int nthen, int relief, int cool, set seen)
{
	int k = g->cur.nparts;
	g->cur.parts[k] = S_part(g->rs, TB_PART_HOP, land);
	g->cur.nparts = (uint8_t)(k + 1);
	for (int i = 0; i < nthen; i++)
		g->cur.parts[g->cur.nparts++] = then[i];
	if (g->follow && (g->cur.nparts > g->follow->nparts || !S_follows(g, g->cur.nparts))) {
		g->cur.nparts = (uint8_t)k; /* neither this turn nor its chains are the move */
		return;
	}
	S_emit(g);
	if (g->rs->opt[O_CHAIN] == CHAIN_YES)
		S_hops(g, after, land, relief, cool, seen | S_bit(land));
	g->cur.nparts = (uint8_t)k;
}

/* The one direction (S_dirs) a hop from 'p' may go to land where the
 * move followed hops next (g->follow), or -1: every direction (no move
 * followed; S_hops then checks each landing). A hop goes along a rank or
 * a file, so a landing on neither, or none, leaves no direction (4). */
static int S_follow_dir(const S_gen *g, int p)
{
	const tb_move *m = g->follow;
	if (!m)
		return -1;
	unsigned k = g->cur.nparts;
	int q = k < m->nparts && m->parts[k].kind == TB_PART_HOP ? tb_geo_at(&g->rs->geo, m->parts[k].pt)
	                                                         : -1;
	if (q < 0 || q == p)
		return 4;
	if (S_file(q) == S_file(p))
		return S_rank(q) > S_rank(p) ? 0 : 1;
	if (S_rank(q) == S_rank(p))
		return S_file(q) < S_file(p) ? 2 : 3;
	return 4;
}

/* Hops from 'p' on 'w' (the board as the chain has left it); 'relief'
 * allows relief jumps only; 'cool' forbids pushing back; 'seen' holds
 * the cells the piece has stood on this turn. A chain longer than
 * TB_TURN_PARTS allows (23 hops) is not generated. */
static void S_hops(S_gen *g, const tb_state *w, int p, int relief, int cool, set seen)
{
	const tb_ruleset *rs = g->rs;
	int side = g->s->to_move, only = S_follow_dir(g, p);
	for (int d = 0; d < 4 && !S_done(g); d++) {
		S_hop h;
		if ((only >= 0 && d != only) ||
		    !S_hop_find(rs, w, p, S_dirs[d][0], S_dirs[d][1], &h) || (seen & S_bit(h.land)) ||
		    S_block(w, &h, side) >= 0 || g->cur.nparts + 2 > TB_TURN_PARTS)
			continue;
		if (g->cur.nparts == 1 && g->want_pt && rs->geo.points[h.land].pt != g->want_pt)
			continue; /* every chain from this first hop lands elsewhere first */
		if (g->follow && (g->cur.nparts >= g->follow->nparts ||
		                  g->follow->parts[g->cur.nparts].kind != TB_PART_HOP ||
		                  g->follow->parts[g->cur.nparts].pt != rs->geo.points[h.land].pt))
			continue; /* the move followed does not hop there next */
		int pushed[16], np = S_hop_pushed(rs, w, &h, side, pushed);
		int second = S_hop_second_stage(w, &h, side);
		if (np < 0 || g->cur.nparts + 1 + np > TB_TURN_PARTS)
			continue;
		tb_state after = *w;
		S_move(&after, p, h.land);
		/* relief jumps: the jumped piece put on each free cell around */
		int to[8], n = second && S_threatens(rs, w, h.run[0], side)
		                   ? S_relocate_to(rs, &after, h.run[0], h.land, side, to) : 0;
		for (int i = 0; i < n && !S_done(g); i++) {
			tb_state next = after;
			S_move(&next, h.run[0], to[i]);
			tb_part reloc = S_part(rs, TB_PART_RELOCATE, to[i]);
			S_hop_turn(g, &next, h.land, &reloc, 1, relief, cool, seen);
		}
		/* the plain or pushing hop: not for relief only, nor over a
		 * second-stage piece that is not pushed back */
		if (relief || (second && np == 0))
			continue;
		tb_part then[16];
		S_push_rest(g, &after, &h, pushed, 0, np, then, 0, relief, cool, seen);
	}
}

/* Steps to the empty cells one cell away, or knight's leaps. */
static void S_steps(S_gen *g, int p, const int (*deltas)[2], int n)
{
	int f = S_file(p), r = S_rank(p), ranks = S_ranks(g->rs); /* S_cell's, once */
	for (int k = 0; k < n && !S_done(g); k++) {
		int ff = f + deltas[k][0], rr = r + deltas[k][1];
		if (ff < 0 || ff >= FILES || rr < 0 || rr >= ranks)
			continue;
		int q = rr * FILES + ff;
		if (!g->s->cell[q] && (!g->want_pt || g->rs->geo.points[q].pt == g->want_pt))
			S_emit2(g, p, TB_PART_STEP, q);
	}
}

static void S_slides(S_gen *g, int p)
{
	for (int d = 0; d < 4 && !S_done(g); d++) {
		int q;
		for (int k = 1; !S_done(g) &&
		                (q = S_cell(g->rs, S_file(p) + k * S_dirs[d][0],
		                            S_rank(p) + k * S_dirs[d][1])) >= 0 && !g->s->cell[q];
		     k++)
			S_emit2(g, p, TB_PART_STEP, q);
	}
}

static void S_piece_turns(S_gen *g, int p)
{
	const tb_ruleset *rs = g->rs;
	uint8_t c = g->s->cell[p];
	int type = S_type(c), cool = (c & COOL) != 0, old = 1;
	g->cur.nparts = 1;
	g->cur.parts[0] = S_part(rs, TB_PART_AT, p);
	int crowned_moves = type != WARRIOR && S_stage2(g->s, S_side(c));
	if (crowned_moves) /* old moves too, or relief jumps only */
		old = rs->opt[O_CROWNED_MOVE] == MOVE_NEW_PLUS_OLD;
	if (g->want == TB_PART_HOP) {
		/* only the hops are asked for */
	} else if (crowned_moves) {
		int to[8], n = S_captures(rs, g->s, p, to);
		if (type == PRINCE)
			S_steps(g, p, S_knight, 8);
		else
			S_slides(g, p);
		for (int i = 0; i < n && !S_done(g); i++)
			S_emit2(g, p, TB_PART_CAPTURE, to[i]);
		if (old && type == PRINCE && rs->opt[O_PRINCE] == PRINCE_STEP)
			S_steps(g, p, S_dirs, 4);
	} else if (type == PRINCE && rs->opt[O_PRINCE] != PRINCE_STEP) {
		S_steps(g, p, S_knight, 8);
	} else {
		S_steps(g, p, S_dirs, 4);
	}
	g->cur.nparts = 1;
	/* prince=leap: "El Príncipe: dos y uno, en L", its one move, in
	 * either stage: it never hops */
	if (!S_done(g) && !(type == PRINCE && rs->opt[O_PRINCE] == PRINCE_LEAP) &&
	    (g->want == TB_PART_AT || g->want == TB_PART_HOP))
		S_hops(g, g->s, p, !old, cool, S_bit(p));
}

/* A generator: the turn being built, g->cur, is set as it is built
 * (S_piece_turns, S_hop_turn), so its parts are not zeroed first --
 * 96 bytes at every turn checked. */
static void S_gen_init(S_gen *g, const tb_ruleset *rs, const tb_state *s, tb_turn *out,
                       size_t cap, int any, tb_part hint)
{
	g->rs = rs;
	g->s = s;
	g->out = out;
	g->n = 0;
	g->cap = cap;
	g->any = any;
	g->cur.nparts = 0;
	g->cur.crown = 0;
	g->want_pt = hint.pt;
	g->want = (tb_part_kind)hint.kind;
	g->follow = NULL;
}

/* Every turn of the side to move, the game not being over. */
static size_t S_collect(const tb_ruleset *rs, const tb_state *s, tb_turn *out, size_t cap,
                        int any)
{
	S_gen g;
	S_gen_init(&g, rs, s, out, cap, any, (tb_part){TB_PART_AT, TB_PT_NONE});
	for (set m = s->bits[s->to_move]; m && !S_done(&g); m &= m - 1)
		S_piece_turns(&g, __builtin_ctzll(m));
	return g.n;
}

static int S_can_move(const tb_ruleset *rs, const tb_state *s)
{
	tb_turn one;
	return S_collect(rs, s, &one, 1, 1) > 0;
}

/* Is the step from 'a' to 'b' one of S_dirs (a step along a rank or a
 * file), or one of S_knight (a knight's leap)? Each list holds each
 * step once, so the count S_steps lists toward an empty cell is 1 or 0:
 * found from the differences of files and ranks, with no walk over the
 * list. */
static int S_is_step(tb_point a, tb_point b)
{
	int df = abs(TB_PT_FILE(b) - TB_PT_FILE(a)), dr = abs(TB_PT_RANK(b) - TB_PT_RANK(a));
	return df + dr == 1;
}

static int S_is_leap(tb_point a, tb_point b)
{
	int df = abs(TB_PT_FILE(b) - TB_PT_FILE(a)), dr = abs(TB_PT_RANK(b) - TB_PT_RANK(a));
	return df * dr == 2;
}

/* How many of S_slides's slides from 'p' end on 'q': one when 'q' is on
 * its rank or its file, empty, with nothing between; else none. (Each
 * of S_slides's walks passes a cell once, and only one goes toward 'q'.) */
static int S_slides_to(const tb_state *s, int p, int q)
{
	int df = S_file(q) - S_file(p), dr = S_rank(q) - S_rank(p);
	if (!df == !dr) /* the same cell, or not on a line */
		return 0;
	int step = ((dr > 0) - (dr < 0)) * FILES + (df > 0) - (df < 0);
	for (int c = p + step; c != q; c += step)
		if (s->cell[c])
			return 0;
	return !s->cell[q];
}

/* Is the game over by a count (three Warriors taken, the limit), or is
 * 'p' no piece of the side to move? Then no turn begins there
 * (generate_at's first test). */
static inline int S_no_turn_at(const tb_ruleset *rs, const tb_state *s, int p)
{
	long limit = S_limit(rs);
	return s->taken[0] >= 3 || s->taken[1] >= 3 || (limit && s->quiet >= limit) || p < 0 ||
	       !(s->bits[s->to_move] & S_bit(p));
}

/* rules->one for a plain step "p-q" (two parts, the second a step), as
 * S_piece_turns lists the steps from 'p' to 'q' (the hint asks for no
 * hop): how many of its steps, leaps and slides end there, and the
 * crown marker S_emit gives the one. */
static inline __attribute__((always_inline)) int S_one_step(const tb_ruleset *rs, const tb_state *s,
                                                          const tb_move *m, tb_turn *out)
{
	tb_point a = m->parts[0].pt, b = m->parts[1].pt;
	int p = tb_geo_at(&rs->geo, a), q = tb_geo_at(&rs->geo, b);
	if (S_no_turn_at(rs, s, p) || q < 0 || s->cell[q]) /* nothing steps onto a piece */
		return 0;
	uint8_t c = s->cell[p];
	int type = S_type(c), n;
	if (type != WARRIOR && S_stage2(s, S_side(c))) { /* crowned moves (S_piece_turns) */
		n = type == PRINCE ? S_is_leap(a, b) : S_slides_to(s, p, q);
		if (rs->opt[O_CROWNED_MOVE] == MOVE_NEW_PLUS_OLD && type == PRINCE &&
		    rs->opt[O_PRINCE] == PRINCE_STEP)
			n += S_is_step(a, b);
	} else if (type == PRINCE && rs->opt[O_PRINCE] != PRINCE_STEP) {
		n = S_is_leap(a, b);
	} else {
		n = S_is_step(a, b);
	}
	if (n != 1)
		return 0;
	uint8_t crown = S_mover_crown(rs, s, c, q); /* a step: only the mover can be */
	if (crown != m->crown)
		return 0;
	if (!out)
		return 1; /* (S_one_play: the turn not written) */
	out->nparts = 2; /* its two parts, not a whole tb_turn copied */
	out->crown = crown;
	out->parts[0] = (tb_part){TB_PART_AT, a}; /* S_part's, as 'a' and 'b' are on the board */
	out->parts[1] = (tb_part){TB_PART_STEP, b};
	return 1;
}

/* The hop move 'm' names by its first two parts, "p^q", in the one
 * direction from p to q, as the walk would find it for the side to move:
 * 1, the mover's cell in '*pp' and the hop in '*h' (landing on q); 0 when
 * it is none here -- no turn at p, a prince that never hops, a crowned
 * piece whose moves are relief jumps only, no hop that way landing on q,
 * or one blocked. What follows the hop (pushbacks, a chain) is the
 * caller's (S_one_hop, S_one_push). */
static int S_hop_named(const tb_ruleset *rs, const tb_state *s, const tb_move *m, int *pp,
                       S_hop *h)
{
	tb_point a = m->parts[0].pt, b = m->parts[1].pt;
	int p = tb_geo_at(&rs->geo, a), land = tb_geo_at(&rs->geo, b);
	if (S_no_turn_at(rs, s, p) || land < 0 || land == p)
		return 0;
	uint8_t c = s->cell[p];
	int type = S_type(c);
	if (type == PRINCE && rs->opt[O_PRINCE] == PRINCE_LEAP)
		return 0; /* it never hops */
	if (type != WARRIOR && S_stage2(s, S_side(c)) && rs->opt[O_CROWNED_MOVE] != MOVE_NEW_PLUS_OLD)
		return 0; /* relief jumps only, each with its relocation */
	int df = TB_PT_FILE(b) - TB_PT_FILE(a), dr = TB_PT_RANK(b) - TB_PT_RANK(a);
	if ((df && dr) || !S_hop_find(rs, s, p, (df > 0) - (df < 0), (dr > 0) - (dr < 0), h) ||
	    h->land != land || S_block(s, h, s->to_move) >= 0)
		return 0;
	*pp = p;
	return 1;
}

/* rules->one for a plain hop "p^q" (two parts, the second a hop), as
 * S_piece_turns, asked for the hops landing on q and following the
 * move, lists it: one hop goes that way (S_hops, in the one direction
 * S_follow_dir gives), no block in its run, not a relief jump only; a
 * relocation, a pushback or a chain's next hop would be a part more, so
 * the hop is the turn only when nothing it jumps is pushed anywhere
 * (S_push_rest's branch where each pushed piece stays), and its crown
 * marker is its mover's (S_crown_of). Each of those asked as the walk
 * asks it, without the walk's copies and branches. */
static int S_one_hop(const tb_ruleset *rs, const tb_state *s, const tb_move *m, tb_turn *out)
{
	tb_point a = m->parts[0].pt, b = m->parts[1].pt;
	int p, land, side = s->to_move;
	S_hop h;
	if (!S_hop_named(rs, s, m, &p, &h))
		return 0;
	land = h.land;
	uint8_t c = s->cell[p];
	int pushed[16], np = S_hop_pushed(rs, s, &h, side, pushed), dest[2];
	if (np < 0 || (np == 0 && S_hop_second_stage(s, &h, side)))
		return 0;
	if (np > 0) { /* (the board after the hop made only for them: most jump none) */
		tb_state after = *s;
		S_move(&after, p, land);
		for (int i = 0; i < np; i++)
			if (S_push_to(rs, &after, pushed[i], land, h.df, h.dr, dest))
				return 0; /* it goes somewhere: the turn writes where */
	}
	uint8_t crown = S_mover_crown(rs, s, c, land);
	if (crown != m->crown)
		return 0;
	out->nparts = 2;
	out->crown = crown;
	out->parts[0] = (tb_part){TB_PART_AT, a};
	out->parts[1] = (tb_part){TB_PART_HOP, b};
	return 1;
}

static int S_one_walk(const tb_ruleset *rs, const tb_state *s, const tb_move *m, tb_turn *out);

/* rules->one for one hop and its pushbacks "p^q>r" (">r>t" for two): the
 * walk's turn for it (S_hops then S_push_rest, in the one direction the
 * move hops), made without the walk. The hop as S_one_hop finds it; then
 * each piece it jumps, in S_hop_pushed's order, goes where S_push_to
 * sends it, on the board as the pushes before it left it: nowhere (it
 * stays, no part), or to the cell the move's next part names, which
 * must be one of those S_push_to gives -- the one branch of S_push_rest
 * whose parts can be the move's, as S_push_to's cells differ. Every part
 * of the move used, a piece that may push back (not cool), and the crown
 * marker S_crown_of gives that turn. A move that hops on after its
 * pushbacks (a chain) goes to the walk. (Not inlined, as S_one_hop.) */
static __attribute__((noinline)) int S_one_push(const tb_ruleset *rs, const tb_state *s,
                                                const tb_move *m, tb_turn *out)
{
	for (unsigned i = 2; i < m->nparts; i++)
		if (m->parts[i].kind != TB_PART_PUSH) /* a chain's next hop */
			return S_one_walk(rs, s, m, out);
	int p, land, side = s->to_move;
	S_hop h;
	if (m->parts[0].kind != TB_PART_AT || !S_hop_named(rs, s, m, &p, &h))
		return 0;
	if (s->cell[p] & COOL)
		return 0; /* a pushing hop is no turn for it yet (S_push_rest) */
	land = h.land;
	int pushed[16], np = S_hop_pushed(rs, s, &h, side, pushed), dest[2];
	if (np < 0 || 2 + np > TB_TURN_PARTS)
		return 0;
	S_gen g; /* the turn, for S_crown_of */
	g.rs = rs;
	g.s = s;
	g.cur.nparts = 2;
	g.cur.parts[0] = S_part(rs, TB_PART_AT, p);
	g.cur.parts[1] = S_part(rs, TB_PART_HOP, land);
	tb_state w = *s;
	S_move(&w, p, land);
	for (int i = 0; i < np; i++) {
		int nd = S_push_to(rs, &w, pushed[i], land, h.df, h.dr, dest), j = 0;
		if (!nd)
			continue; /* it stays */
		if (g.cur.nparts >= m->nparts)
			return 0;
		tb_part want = m->parts[g.cur.nparts];
		while (j < nd && (want.kind != TB_PART_PUSH ||
		                  want.pt != S_part(rs, TB_PART_PUSH, dest[j]).pt))
			j++;
		if (j == nd)
			return 0;
		S_put_cool(&w, dest[j], S_take(&w, pushed[i]));
		g.cur.parts[g.cur.nparts++] = S_part(rs, TB_PART_PUSH, dest[j]);
	}
	if (g.cur.nparts != m->nparts || g.cur.nparts == 2)
		return 0;
	out->nparts = g.cur.nparts;
	out->crown = S_crown_of(&g);
	memcpy(out->parts, g.cur.parts, g.cur.nparts * sizeof out->parts[0]);
	return out->crown == m->crown;
}

/* rules->one of every shape but a plain step (hops and their chains,
 * pushbacks, relocations, captures): generate_at's own walk from m's first point with m's second part as the hint, following
 * m (S_gen.follow): a branch is left where its parts leave m's, so the
 * walk goes down m's path alone and lists only the turns that fit it --
 * those generate_at lists that fit m, counted. One with m's crown marker
 * is the answer; none, several or another marker is 0 (tb_turn_find's
 * answer from the list). */
static __attribute__((noinline)) int S_one_walk(const tb_ruleset *rs, const tb_state *s,
                                                const tb_move *m, tb_turn *out)
{
	int p = tb_geo_at(&rs->geo, m->parts[0].pt);
	if (S_no_turn_at(rs, s, p))
		return 0;
	tb_part hint = m->nparts > 1 ? m->parts[1] : (tb_part){TB_PART_AT, TB_PT_NONE};
	S_gen g;
	S_gen_init(&g, rs, s, out, 1, 0, hint);
	g.follow = m;
	S_piece_turns(&g, p);
	return g.n == 1 && out->crown == m->crown;
}

/* rules->one: S_one_step, S_one_hop, S_one_push or S_one_walk. (The walk not
 * inlined: its generator's room on the stack would be made for every
 * step.) */
static int S_one(const tb_ruleset *rs, const tb_state *s, const tb_move *m, tb_turn *out)
{
	if (m->nparts == 2 && m->parts[1].kind == TB_PART_STEP)
		return S_one_step(rs, s, m, out);
	if (m->nparts == 2 && m->parts[1].kind == TB_PART_HOP)
		return S_one_hop(rs, s, m, out);
	if (m->nparts > 2 && m->parts[1].kind == TB_PART_HOP && m->parts[2].kind == TB_PART_PUSH)
		return S_one_push(rs, s, m, out);
	return S_one_walk(rs, s, m, out);
}

/* S_one_play of any shape but a plain step: S_one, then S_play. (Not
 * inlined: the turn's room on the stack is not made for a step.) */
static __attribute__((noinline)) int S_one_play_other(const tb_ruleset *rs, tb_state *s,
                                                      const tb_move *m)
{
	tb_turn t;
	int one = S_one(rs, s, m, &t);
	if (one == 1)
		S_play(rs, s, &t, NULL);
	return one;
}

/* rules->one_play: S_one, and the turn it finds played (no events), in
 * one: a plain step, most turns, checked by S_one_step without writing
 * the turn, then moved and its turn ended as S_play's own step is, from
 * the move's two points; any other shape S_one_play_other. */
static int S_one_play(const tb_ruleset *rs, tb_state *s, const tb_move *m)
{
	if (m->nparts != 2 || m->parts[1].kind != TB_PART_STEP)
		return S_one_play_other(rs, s, m);
	int one = S_one_step(rs, s, m, NULL);
	if (one == 1) {
		int q = tb_geo_at(&rs->geo, m->parts[1].pt);
		S_move(s, tb_geo_at(&rs->geo, m->parts[0].pt), q);
		S_end(rs, s, q, 0, NULL);
	}
	return one;
}

/* How the game ended, when it has: 1 with 'res' and why. */
/* Why the game is over, typed: its words are in game.c, by language. */
static int S_ending(const tb_ruleset *rs, const tb_state *s, tb_result *res, tb_ending *e)
{
	tb_result by_taken = s->taken[SAN] > s->taken[CEB]   ? TB_RESULT_FIRST
	                     : s->taken[SAN] < s->taken[CEB] ? TB_RESULT_SECOND
	                                                     : TB_RESULT_DRAW;
	for (int y = 0; y < 2; y++)
		if (s->taken[y] >= 3) {
			*res = y == SAN ? TB_RESULT_FIRST : TB_RESULT_SECOND;
			*e = tb_ending_of("end.ocencahuac.warriors", !y, -1);
			return 1;
		}
	if (rs->opt[O_END_RESULT] == END_DRAW)
		by_taken = TB_RESULT_DRAW;
	long limit = S_limit(rs);
	if (limit && s->quiet >= limit) {
		*res = by_taken;
		*e = tb_ending_of(rs->opt[O_CROWN] == CROWN_EACH ? "end.ocencahuac.limit_crown"
		                                                 : "end.ocencahuac.limit_stage",
		                  -1, limit);
		return 1;
	}
	if (S_can_move(rs, s))
		return 0;
	if (rs->opt[O_BLOCKED] == BLOCKED_LOSE) {
		*res = s->to_move == SAN ? TB_RESULT_SECOND : TB_RESULT_FIRST;
		*e = tb_ending_of("end.ocencahuac.blocked", s->to_move, -1);
		return 1;
	}
	tb_state w = *s;
	tb_turn pass = {0, 0, {{0, 0}}};
	S_apply(rs, &w, &pass, NULL);
	if (S_can_move(rs, &w))
		return 0;
	*res = by_taken;
	*e = tb_ending_of("end.ocencahuac.stuck", -1, -1);
	return 1;
}

static size_t S_generate(const tb_ruleset *rs, const tb_state *s, tb_turn *out, size_t cap)
{
	tb_result res;
	long limit = S_limit(rs);
	if (s->taken[0] >= 3 || s->taken[1] >= 3 || (limit && s->quiet >= limit))
		return 0;
	size_t n = S_collect(rs, s, out, cap, 0);
	if (n || S_ending(rs, s, &res, &(tb_ending){0}))
		return n;
	if (cap > 0) /* blocked: the one turn is a pass */
		memset(&out[0], 0, sizeof out[0]);
	return 1;
}

/* The turns of the piece on 'at'. */
static size_t S_generate_at(const tb_ruleset *rs, const tb_state *s, tb_point at,
                            tb_part hint, tb_turn *out, size_t cap)
{
	int p = tb_geo_at(&rs->geo, at);
	if (S_no_turn_at(rs, s, p))
		return 0;
	S_gen g;
	S_gen_init(&g, rs, s, out, cap, 0, hint);
	S_piece_turns(&g, p);
	return g.n;
}

/* ===== Positions ===== */

/* Reads "c5,d6" into the cells' cool bits; -1 when a point names no
 * piece that can be cool. */
static int S_load_cool(const tb_ruleset *rs, tb_state *s, const char *v, char *why, size_t n)
{
	while (*v) {
		int f = v[0] - 'a', r = atoi(v + 1) - 1, p = S_cell(rs, f, r);
		uint8_t c = p >= 0 ? s->cell[p] : 0;
		int ok = c && (S_royal(c) || rs->opt[O_PUSH_TARGET] == TARGET_ENEMY) &&
		         (S_side(c) == s->to_move || rs->opt[O_COOLDOWN] == COOL_NEXT_MOVE);
		if (!ok) {
			snprintf(why, n, "cool=%.*s names no %s of %s", (int)strcspn(v, ","), v,
			         rs->opt[O_PUSH_TARGET] == TARGET_ENEMY ? "piece" : "royal piece",
			         rs->opt[O_COOLDOWN] == COOL_NEXT_MOVE ? "either side" : "the side to move");
			return -1;
		}
		S_put_cool(s, p, s->cell[p]);
		v += strcspn(v, ",");
		v += *v == ',';
	}
	return 0;
}

static void S_start(const tb_ruleset *rs, tb_state *s)
{
	static const char types[] = {EMPEROR, PRINCESS, PRINCE};
	int top = S_ranks(rs) - 1;
	for (int f = 0; f < 3; f++) { /* each side from its own seat: rotated 180 degrees */
		S_put(s, f, TB_CELL(SAN, types[f], 0));
		S_put(s, FILES + f, TB_CELL(SAN, WARRIOR, 0));
		S_put(s, top * FILES + FILES - 1 - f, TB_CELL(CEB, types[f], 0));
		S_put(s, (top - 1) * FILES + FILES - 1 - f, TB_CELL(CEB, WARRIOR, 0));
	}
	s->to_move = rs->opt[O_FIRST] == FIRST_SANGANGUEY ? SAN : CEB;
}

/* Checks a side's pieces: one of each royal piece, three Warriors at
 * most, crowns where they must be. */
static int S_check_side(const tb_ruleset *rs, const tb_state *s, const int count[4], int y,
                        char *why, size_t n)
{
	for (int t = 0; t < 3; t++)
		if (count[t] != 1) {
			snprintf(why, n, "%s has %d %s%s: each side has one of each royal piece, which "
			         "are never taken", S_side_name[y], count[t], S_piece_name[t],
			         count[t] == 1 ? "" : t == PRINCESS ? "es" : "s");
			return -1;
		}
	if (count[WARRIOR] > 3) {
		snprintf(why, n, "%s has %d Warriors: each side has three", S_side_name[y],
		         count[WARRIOR]);
		return -1;
	}
	int crowned = S_crowned_count(s, y);
	for (set m = s->bits[y]; m; m &= m - 1) {
		int p = __builtin_ctzll(m);
		uint8_t c = s->cell[p];
		int far = S_rank(p) == S_far(rs, y);
		tb_point pt = rs->geo.points[p].pt;
		if (S_royal(c) && far && !TB_CELL_CROWNED(c)) {
			snprintf(why, n, "%s's %s on %c%d stands on its far row, so it is crowned: write "
			         "%c%c%d+", S_side_name[y], S_piece_name[S_type(c)], 'a' + TB_PT_FILE(pt),
			         TB_PT_RANK(pt) + 1, "EMPG"[S_type(c)], 'a' + TB_PT_FILE(pt),
			         TB_PT_RANK(pt) + 1);
			return -1;
		}
		if (rs->opt[O_CROWN] == CROWN_ALL_THREE && TB_CELL_CROWNED(c) && !far && crowned < 3) {
			char crowns[64];
			snprintf(why, n, "%s's %s on %c%d is crowned off its far row, and %s: under "
			         "crown=all_three a crown is kept off the far row only in the second stage",
			         S_side_name[y], S_piece_name[S_type(c)], 'a' + TB_PT_FILE(pt),
			         TB_PT_RANK(pt) + 1, S_crowns(s, y, crowns));
			return -1;
		}
	}
	return 0;
}

static int S_load(const tb_ruleset *rs, const tb_position *p, tb_state *s, char *why,
                  size_t n)
{
	memset(s, 0, sizeof *s);
	s->number = 1;
	if (!p) {
		S_start(rs, s);
		return 0;
	}
	s->to_move = p->to_move;
	s->number = p->number;
	int count[2][4] = {{0}}, unknown = -1;
	for (size_t i = 0; i < p->npieces; i++) {
		const tb_piece *pc = &p->pieces[i];
		const char *t = strchr("EMPG", pc->type);
		int type = t && pc->type ? (int)(t - "EMPG") : WARRIOR;
		count[pc->side][type]++;
		if (pc->pt == TB_PT_UNKNOWN) {
			unknown = pc->side;
			continue;
		}
		int at = tb_geo_at(&rs->geo, pc->pt);
		if (at < 0) {
			snprintf(why, n, "a piece stands off the board");
			return -1;
		}
		S_put(s, at, TB_CELL(pc->side, type, pc->crowned));
	}
	for (int y = 0; y < 2; y++) {
		if (S_check_side(rs, s, count[y], y, why, n))
			return -1;
		if (S_crowned_count(s, y) == 3)
			s->stage |= (uint8_t)(1 << y);
	}
	if (count[0][WARRIOR] == 0 && count[1][WARRIOR] == 0) {
		snprintf(why, n, "both sides have lost all their Warriors, but the game ends when the "
		         "first side loses its last");
		return -1;
	}
	for (int y = 0; y < 2; y++) {
		if (count[y][WARRIOR] < 3 && !S_stage2(s, !y)) {
			snprintf(why, n, "%s has lost a Warrior, but %s, not in its second stage, cannot "
			         "have taken it", S_side_name[y], S_side_name[!y]);
			return -1;
		}
		s->taken[!y] = (uint8_t)(3 - count[y][WARRIOR]);
	}
	for (size_t i = 0; i < p->nextras; i++) {
		if (strcmp(p->extras[i].key, "cool") == 0 &&
		    S_load_cool(rs, s, p->extras[i].value, why, n))
			return -1;
		if (strcmp(p->extras[i].key, "quiet") == 0)
			s->quiet = (uint32_t)strtoul(p->extras[i].value, NULL, 10);
	}
	if (unknown >= 0) {
		snprintf(why, n, "%s stands on an unknown point", rs->game->side_piece[unknown]);
		return 1;
	}
	return 0;
}

static void S_save(const tb_ruleset *rs, const tb_state *s, tb_arena *a, tb_position *p)
{
	memset(p, 0, sizeof *p);
	p->to_move = s->to_move;
	p->number = s->number;
	p->pieces = tb_arena_alloc(a, TB_MAX_POINTS * sizeof *p->pieces);
	tb_buf cool = TB_BUF_SOFT;
	for (int q = 0; q < rs->geo.npoints; q++) { /* dense order: by rank, then file */
		uint8_t c = s->cell[q];
		if (!c)
			continue;
		p->pieces[p->npieces++] = (tb_piece){rs->geo.points[q].pt, (uint8_t)S_side(c),
		                                     "EMPG"[S_type(c)], (uint8_t)TB_CELL_CROWNED(c)};
		if (c & COOL) {
			if (cool.len)
				tb_buf_putc(&cool, ',');
			tb_point_write(&cool, rs->geo.points[q].pt);
		}
	}
	tb_position_sort(p);
	/* 'cool' is ours until freed: the arena may not jump meanwhile (arena.h) */
	tb_arena_held h = tb_arena_hold(a);
	p->extras = tb_arena_alloc(a, 2 * sizeof *p->extras); /* in the order of their keys */
	char *cv = p->extras && cool.len && tb_buf_ok(&cool) ? tb_arena_strndup(a, cool.data, cool.len)
	                                                      : NULL;
	int ok = p->extras && tb_buf_ok(&cool) && (!cool.len || cv);
	size_t ncool = cool.len;
	tb_buf_free(&cool);
	tb_arena_release(a, h, ok); /* out of memory: jumps, aborts, or 'failed' says so */
	if (!ok)
		return;
	if (ncool)
		p->extras[p->nextras++] = (tb_extra){"cool", cv};
	if (S_limit(rs) && s->quiet) { /* the count only a limit reads */
		char v[16];
		snprintf(v, sizeof v, "%u", (unsigned)s->quiet);
		p->extras[p->nextras++] = (tb_extra){"quiet", tb_arena_strndup(a, v, strlen(v))};
	}
}

/* ===== Why a turn is not legal ===== */

/* What explaining one written turn needs. */
typedef struct S_why {
	const tb_ruleset *rs;
	const tb_state *s;     /* the position before the turn */
	const tb_move *m;      /* the turn as written */
	tb_turns legal;        /* every legal turn of 's' */
	size_t nlegal;
	tb_why *out;
	int nomem;             /* a buffer or the list ran out of memory */
} S_why;

/* A key of this game's reasons (game.c, "why.ocencahuac.*"). */
#define K(name) "why.ocencahuac." name

/* The text of 'b' ("" when nothing went into it: out of memory). */
static const char *S_text(const tb_buf *b)
{
	return b->data ? b->data : "";
}

/* Frees 'b', remembering whether it ran out of memory. */
static void S_buf_done(S_why *y, tb_buf *b)
{
	y->nomem |= !tb_buf_ok(b);
	tb_buf_free(b);
}

/* Sets the reason: 'key' about 'side' (or piece type; -1 none), plural
 * number 'count' (-1 none), and 'nargs' const char * args; returns 1
 * (explained). */
static int S_say(S_why *y, const char *key, int side, long count, int nargs, ...)
{
	const char *a[TB_WHY_ARGS] = {NULL, NULL, NULL, NULL, NULL};
	va_list ap;
	va_start(ap, nargs);
	for (int i = 0; i < nargs && i < TB_WHY_ARGS; i++)
		a[i] = va_arg(ap, const char *);
	va_end(ap);
	tb_why_set(y->out, key, side, count, TB_WHY_ARGS, a[0], a[1], a[2], a[3], a[4]);
	return 1;
}

static void S_name(const tb_ruleset *rs, int p, char out[4])
{
	tb_point pt = rs->geo.points[p].pt;
	snprintf(out, 4, "%c%d", 'a' + TB_PT_FILE(pt), TB_PT_RANK(pt) + 1);
}

/* "the Princess on d3", as words of the reader's language (a tb_why arg:
 * "who.ocencahuac.<type>|d3"); 'out' + 1 is the same as a list's item. */
static void S_who(const tb_ruleset *rs, const tb_state *s, int p, char *out, size_t n)
{
	static const char *const who[4] = {"who.ocencahuac.0", "who.ocencahuac.1",
	                                   "who.ocencahuac.2", "who.ocencahuac.3"};
	char a[4];
	S_name(rs, p, a);
	tb_why_word(out, n, who[S_type(s->cell[p])], a);
}

static int S_is_knight(int df, int dr)
{
	return (abs(df) == 1 && abs(dr) == 2) || (abs(df) == 2 && abs(dr) == 1);
}

static int S_same_parts(const tb_part *a, unsigned na, const tb_part *b, unsigned nb)
{
	if (na != nb)
		return 0;
	for (unsigned i = 0; i < na; i++)
		if (a[i].kind != b[i].kind || a[i].pt != b[i].pt)
			return 0;
	return 1;
}

/* Appends to 'b' the canonical token (crown marker and all) of the
 * legal turn made of 'parts', when there is one: 1; else 0. */
static int S_legal_token(const S_why *y, const tb_part *parts, unsigned n, tb_buf *b)
{
	for (size_t i = 0; i < y->nlegal; i++) {
		const tb_turn *t = &y->legal.v[i];
		if (S_same_parts(t->parts, t->nparts, parts, n)) {
			tb_move mv = {t->nparts, t->crown, (tb_part *)t->parts};
			tb_move_write(b, &mv);
			return 1;
		}
	}
	return 0;
}

/* What to write instead: the written turn with part 'at' replaced by
 * 'with' (or dropped when 'with' is NULL), once for each of the 'nwith'
 * parts; the legal ones with their crown markers, " or " between. */
static void S_suggest(const S_why *y, unsigned at, int drop, const tb_part *with, int nwith,
                      tb_buf *b)
{
	const tb_move *m = y->m;
	tb_part parts[TB_MAX_PARTS + 1];
	for (int k = 0; k < (drop ? 1 : nwith); k++) {
		unsigned n = 0;
		for (unsigned i = 0; i <= m->nparts && n < TB_MAX_PARTS; i++) {
			if (i == at && !drop)
				parts[n++] = with[k];
			if (i < m->nparts && (i != at || (!drop && m->parts[i].kind == TB_PART_HOP)))
				parts[n++] = m->parts[i];
		}
		if (k)
			tb_buf_puts(b, " or ");
		if (!S_legal_token(y, parts, n, b)) { /* the rest is wrong too: the parts as they are */
			tb_move mv = {(uint8_t)n, 0, parts};
			tb_move_write(b, &mv);
		}
	}
}

static int S_explain_step(S_why *y, int p, int q)
{
	const tb_ruleset *rs = y->rs;
	const tb_state *s = y->s;
	uint8_t c = s->cell[p];
	int type = S_type(c), side = S_side(c), df = S_file(q) - S_file(p), dr = S_rank(q) - S_rank(p);
	int st2 = S_stage2(s, side) && type != WARRIOR;
	int old = rs->opt[O_CROWNED_MOVE] == MOVE_NEW_PLUS_OLD;
	char a[4], b[4];
	int crowned = S_crowned_count(s, side);
	S_name(rs, p, a);
	S_name(rs, q, b);
	if (p == q) {
		tb_say_nowhere(y->out, a);
		return 1;
	}
	if (st2 && type == PRINCE) {
		int step = old && rs->opt[O_PRINCE] == PRINCE_STEP && abs(df) + abs(dr) == 1;
		if (!S_is_knight(df, dr) && !step && rs->opt[O_PRINCE] != PRINCE_STEP)
			return S_say(y, K("prince_l"), -1, -1, 1,
			             rs->opt[O_PRINCE] == PRINCE_LEAP ? "leap" : "knight");
		if (!S_is_knight(df, dr) && !step)
			return S_say(y, K("prince_stage2"), old, -1, 0);
	} else if (st2) { /* the Emperor or the Princess slides */
		if (df && dr)
			return S_say(y, K("slide_diagonal"), type, -1, 0);
		int len = abs(df) + abs(dr), sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
		for (int k = 1; k < len; k++) {
			int over = S_cell(rs, S_file(p) + k * sf, S_rank(p) + k * sr);
			if (s->cell[over]) {
				char o[4];
				S_name(rs, over, o);
				return S_say(y, K("slide_over"), -1, -1, 1, o);
			}
		}
	} else if (type == PRINCE && rs->opt[O_PRINCE] != PRINCE_STEP) {
		if (!S_is_knight(df, dr))
			return S_say(y, K("prince_l"), -1, -1, 1,
			             rs->opt[O_PRINCE] == PRINCE_LEAP ? "leap" : "knight");
	} else {
		if (type == PRINCE && S_is_knight(df, dr))
			return S_say(y, K("prince_stage"), -1, -1, 0);
		if (df && dr)
			return S_say(y, K("diagonal"), -1, -1, 0);
		if (abs(df) + abs(dr) > 1) {
			if (type == EMPEROR || type == PRINCESS) {
				char num[16];
				snprintf(num, sizeof num, "%d", crowned);
				return S_say(y, K("slide_stage"), type, crowned, 2, S_side_name[side], num);
			}
			return S_say(y, K("adjacent"), type, -1, 2, a, b);
		}
	}
	if (!s->cell[q])
		return 0;
	if (st2 && S_enemy_warrior(s, q, side)) { /* a capture written as a move */
		tb_part x[1] = {{TB_PART_CAPTURE, rs->geo.points[q].pt}};
		tb_buf tok = TB_BUF_SOFT;
		S_suggest(y, 1, 0, x, 1, &tok);
		S_say(y, K("write_x"), -1, -1, 3, b, S_side_name[!side], tok.data ? tok.data : "");
		S_buf_done(y, &tok);
		return 1;
	}
	tb_say_occupied(y->out, b);
	return 1;
}

static int S_explain_capture(S_why *y, int p, int q)
{
	const tb_ruleset *rs = y->rs;
	const tb_state *s = y->s;
	uint8_t c = s->cell[p], t = s->cell[q];
	int type = S_type(c), side = S_side(c), df = S_file(q) - S_file(p), dr = S_rank(q) - S_rank(p);
	char a[4], b[4], num[16];
	S_name(rs, p, a);
	S_name(rs, q, b);
	if (!S_stage2(s, side)) {
		int crowned = S_crowned_count(s, side);
		snprintf(num, sizeof num, "%d", crowned);
		return S_say(y, K("capture_stage"), -1, crowned, 2, S_side_name[side], num);
	}
	if (type == WARRIOR)
		return S_say(y, K("warriors"), -1, -1, 0);
	if (!t)
		return S_say(y, K("nothing"), -1, -1, 1, b);
	if (S_side(t) == side)
		return S_say(y, K("own"), -1, -1, 2, b, S_side_name[side]);
	if (S_royal(t))
		return S_say(y, K("royal"), -1, -1, 1, b);
	if (type == PRINCE && !S_is_knight(df, dr))
		return S_say(y, K("prince_capture"), -1, -1, 2, a, b);
	if (type == PRINCESS && dr)
		return S_say(y, df ? K("princess_rank") : K("princess_vertical"), -1, -1, 0);
	if (type == EMPEROR && df)
		return S_say(y, dr ? K("emperor_file") : K("emperor_horizontal"), -1, -1, 0);
	int len = abs(df) + abs(dr), sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
	for (int k = 1; type != PRINCE && k < len; k++) {
		int over = S_cell(rs, S_file(p) + k * sf, S_rank(p) + k * sr);
		if (s->cell[over]) {
			char o[4];
			S_name(rs, over, o);
			return S_say(y, K("capture_over"), -1, -1, 1, o);
		}
	}
	if (S_supported(rs, s, p, q))
		return 0;
	if (rs->opt[O_SUPPORT] == SUPPORT_TARGET)
		return S_say(y, K("support_target"), -1, -1, 2, S_side_name[side], b);
	char who[64];
	S_who(rs, s, p, who, sizeof who);
	return S_say(y, K("support_capturer"), -1, -1, 2, S_side_name[side], who);
}

/* Why the hop from 'p' to 'land' on 'w' cannot be made at all (before
 * what follows it); fills 'h'. */
static int S_explain_hop_shape(S_why *y, const tb_state *w, int p, int land, set seen,
                               S_hop *h)
{
	const tb_ruleset *rs = y->rs;
	int side = S_side(w->cell[p]), df = S_file(land) - S_file(p), dr = S_rank(land) - S_rank(p);
	char a[4], b[4], o[4];
	S_name(rs, p, a);
	S_name(rs, land, b);
	if (df && dr)
		return S_say(y, K("diagonal"), -1, -1, 0);
	int len = abs(df) + abs(dr), sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
	if (len < 2)
		return S_say(y, len ? K("hop_adjacent") : K("hop_same"), -1, -1, 2, a, b);
	for (int k = 1; k < len; k++) {
		int over = S_cell(rs, S_file(p) + k * sf, S_rank(p) + k * sr);
		S_name(rs, over, o);
		if (!w->cell[over])
			return S_say(y, k == 1 ? K("hop_empty") : K("hop_first"), -1, -1, 1, o);
		if (k == 2 && rs->opt[O_JUMP] == JUMP_ONE)
			return S_say(y, K("jump_one"), -1, -1, 0);
	}
	if (w->cell[land]) {
		tb_say_occupied(y->out, b);
		return 1;
	}
	if (seen & S_bit(land))
		return S_say(y, K("come_back"), -1, -1, 1, b);
	S_hop_find(rs, w, p, sf, sr, h);
	int block = S_block(w, h, side);
	if (block >= 0) {
		int lo = h->run[block], hi = h->run[block + 1];
		S_name(rs, lo < hi ? lo : hi, a);
		S_name(rs, lo < hi ? hi : lo, b);
		return S_say(y, K("block"), -1, -1, 4, a, b, S_side_name[S_side(w->cell[lo])],
		             S_side_name[side]);
	}
	int pushed[16];
	if (S_hop_pushed(rs, w, h, side, pushed) < 0)
		return S_say(y, K("run_royal"), -1, -1, 0);
	return 0;
}

/* A hop over an enemy second-stage royal piece (part 'k' of the turn,
 * 'sub' what follows it): a relief jump, or (stage2_push=on) a push.
 * Returns 1 when explained, 0 when fine (the relocation played on 'w'),
 * -1 when it is to be checked as a push. */
static int S_explain_relief(S_why *y, tb_state *w, const tb_part *sub, int p, const S_hop *h)
{
	const tb_ruleset *rs = y->rs;
	int side = S_side(w->cell[p]), q = h->run[0];
	int on = rs->opt[O_STAGE2_PUSH] == STAGE2_PUSH_ON;
	int threat = S_threatens(rs, w, q, side);
	char who[64], a[4], b[4];
	tb_state after = *w;
	S_move(&after, p, h->land);
	S_who(rs, w, q, who, sizeof who);
	S_name(rs, h->land, a);
	char nearw[40];
	const char *near = tb_why_word(nearw, sizeof nearw, rs->opt[O_RELOCATE] == ORTHOGONAL
	                                                     ? "near.ocencahuac.next"
	                                                     : "near.ocencahuac.around", NULL);
	int to[8], nt = threat ? S_relocate_to(rs, &after, q, h->land, side, to) : 0;
	int any[8], nany = threat && !nt ? S_relocate_to(rs, &after, q, h->land, -1, any) : 0;
	if (sub && sub->kind == TB_PART_PUSH && on)
		return -1;
	if (!threat)
		return on ? (sub ? S_say(y, K("no_threat_push"), -1, -1, 2, who, S_side_name[side])
		                 : -1)
		          : S_say(y, K("no_threat"), -1, -1, 2, who, S_side_name[side]);
	if (!nt && on)
		return sub ? S_say(y, K("no_cell_push"), -1, -1, 3, near, a, who) : -1;
	if (!nt && nany)
		return S_say(y, K("frees_none"), -1, -1, 4, near, a, who, S_side_name[side]);
	if (!nt)
		return S_say(y, K("no_cell"), -1, -1, 3, near, a, who);
	if (!sub || sub->kind == TB_PART_PUSH) {
		if (!sub && on)
			return -1;
		if (sub)
			return S_say(y, K("relocated"), -1, -1, 0);
		return S_say(y, K("relief_only"), -1, -1, 2, who, S_side_name[S_side(w->cell[q])]);
	}
	int target = tb_geo_at(&rs->geo, sub->pt), ok = 0;
	for (int i = 0; i < nt; i++)
		ok |= to[i] == target;
	S_name(rs, target, b);
	if (!ok && target == q)
		return S_say(y, K("must_leave"), -1, -1, 2, who, b);
	if (!ok && after.cell[target]) {
		tb_say_occupied(y->out, b);
		return 1;
	}
	int around = 0;
	nany = S_relocate_to(rs, &after, q, h->land, -1, any);
	for (int i = 0; i < nany; i++)
		around |= any[i] == target;
	if (!ok && around)
		return S_say(y, K("still_threat"), -1, -1, 3, b, who, S_side_name[side]);
	if (!ok)
		return S_say(y, K("not_near"), rs->opt[O_RELOCATE] == ORTHOGONAL, -1, 3, b, near, a);
	S_move(&after, q, target);
	*w = after;
	return 0;
}

/* The cool-down's reason: the piece on 'cool_at' may not push back. */
static int S_say_cool(S_why *y, int cool_at)
{
	char a[4];
	S_name(y->rs, cool_at, a);
	return S_say(y, y->rs->opt[O_COOLDOWN] == COOL_NEXT_TURN ? K("cool_turn") : K("cool_move"),
	             -1, -1, 1, a);
}

/* The legal turns that begin as the written one does up to its part
 * 'upto' (a hop), " or " between, into 'b'. */
static void S_legal_from(const S_why *y, unsigned upto, tb_buf *b)
{
	int said = 0;
	for (size_t i = 0; i < y->nlegal && said < 4; i++) {
		const tb_turn *t = &y->legal.v[i];
		if (t->nparts <= upto || !S_same_parts(t->parts, upto + 1, y->m->parts, upto + 1))
			continue;
		int more = 0; /* a chain's later hops: not part of what is said here */
		for (unsigned j = upto + 1; j < t->nparts; j++)
			more |= t->parts[j].kind == TB_PART_HOP;
		if (more)
			continue;
		if (said++)
			tb_buf_puts(b, " or ");
		tb_move mv = {t->nparts, t->crown, (tb_part *)t->parts};
		tb_move_write(b, &mv);
	}
}

/* The pushbacks after hop 'h' (part 'k') when its run holds several
 * pieces to push, 'pushed' in the order they go: one '>' for each that
 * goes somewhere, in that order. Plays them on 'w' when right. */
static int S_explain_pushes(S_why *y, tb_state *w, unsigned k, int p, const S_hop *h,
                            const int *pushed, int np, int cool, int cool_at)
{
	const tb_ruleset *rs = y->rs;
	const tb_move *m = y->m;
	tb_state after = *w;
	S_move(&after, p, h->land);
	int dest[2], any = 0;
	for (int j = 0; j < np; j++)
		any |= S_push_to(rs, &after, pushed[j], h->land, h->df, h->dr, dest) > 0;
	if (any && cool)
		return S_say_cool(y, cool_at);
	unsigned i = k + 1;
	int ok = 1;
	for (int j = 0; j < np && ok; j++) {
		int nd = S_push_to(rs, &after, pushed[j], h->land, h->df, h->dr, dest);
		if (!nd)
			continue; /* it stays */
		int to = i < m->nparts && m->parts[i].kind == TB_PART_PUSH
		             ? tb_geo_at(&rs->geo, m->parts[i].pt) : -1;
		ok = to >= 0 && (to == dest[0] || (nd == 2 && to == dest[1]));
		if (ok) {
			S_put_cool(&after, to, S_take(&after, pushed[j]));
			i++;
		}
	}
	if (ok && !(i < m->nparts && m->parts[i].kind == TB_PART_PUSH)) {
		*w = after;
		return 0;
	}
	tb_buf who = TB_BUF_SOFT, tok = TB_BUF_SOFT;
	for (int j = 0; j < np; j++) { /* a list of the pieces' words (rules.h, tb_why) */
		char one[64];
		S_who(rs, w, pushed[j], one, sizeof one);
		tb_buf_puts(&who, j == 0 ? TB_WHY_WORD : TB_WHY_ITEM);
		tb_buf_puts(&who, one + 1);
	}
	S_legal_from(y, k, &tok);
	char alone[48];
	S_say(y, K("pushes"), -1, -1, 2, who.data ? who.data : "",
	      tok.len ? tok.data : tb_why_word(alone, sizeof alone, K("hop_alone"), NULL));
	S_buf_done(y, &who);
	S_buf_done(y, &tok);
	return 1;
}

/* Why the pushback (or its absence) after hop 'h' is wrong; plays it on
 * 'w' when it is right. */
static int S_explain_push(S_why *y, tb_state *w, unsigned k, const tb_part *sub, int p,
                          const S_hop *h, int cool, int cool_at)
{
	const tb_ruleset *rs = y->rs;
	int side = S_side(w->cell[p]), list[16], np = S_hop_pushed(rs, w, h, side, list);
	if (np > 1)
		return S_explain_pushes(y, w, k, p, h, list, np, cool, cool_at);
	int pushed = np == 1 ? list[0] : -1;
	char who[64], a[4];
	tb_state after = *w;
	S_move(&after, p, h->land);
	int to[2], nd = pushed >= 0 ? S_push_to(rs, &after, pushed, h->land, h->df, h->dr, to) : 0;
	tb_part dest[2];
	for (int i = 0; i < nd; i++)
		dest[i] = (tb_part){TB_PART_PUSH, rs->geo.points[to[i]].pt};
	if (pushed >= 0)
		S_who(rs, w, pushed, who, sizeof who);
	if (nd && cool)
		return S_say_cool(y, cool_at);
	tb_buf tok = TB_BUF_SOFT;
	int said = 0;
	if (nd && !sub) {
		S_suggest(y, k + 1, 0, dest, nd, &tok);
		said = S_say(y, K("pushed"), -1, -1, 2, who, S_text(&tok));
	} else if (!nd && sub && pushed < 0) {
		int enemy = -1; /* the piece a push would be about */
		for (int i = h->nrun - 1; i >= 0; i--)
			if (S_side(w->cell[h->run[i]]) != side)
				enemy = h->run[i];
		S_name(rs, enemy >= 0 ? enemy : h->run[0], a);
		said = enemy >= 0 ? S_say(y, K("push_warrior"), -1, -1, 1, a)
		                  : S_say(y, K("push_own"), -1, -1, 2, a, S_side_name[side]);
	} else if (!nd && sub) {
		S_suggest(y, k + 1, 1, NULL, 0, &tok);
		said = S_say(y, K("stays"), -1, -1, 2, who, S_text(&tok));
	} else if (nd && sub && !(to[0] == tb_geo_at(&rs->geo, sub->pt) ||
	                          (nd == 2 && to[1] == tb_geo_at(&rs->geo, sub->pt)))) {
		char b[4], c0[4], c3[4], rank[16], range[12];
		int pf, pr, target = tb_geo_at(&rs->geo, sub->pt);
		S_name(rs, target, b);
		S_suggest(y, k + 1, 0, dest, nd, &tok);
		S_push_way(rs, w, pushed, h->df, h->dr, &pf, &pr);
		int first = S_cell(rs, S_file(pushed) + pf, S_rank(pushed) + pr), last = first;
		for (int j = 2; j <= 3 && S_cell(rs, S_file(pushed) + j * pf, S_rank(pushed) + j * pr) >= 0; j++)
			last = S_cell(rs, S_file(pushed) + j * pf, S_rank(pushed) + j * pr);
		snprintf(rank, sizeof rank, "%d", S_rank(pushed) + 1);
		if (S_rank(to[0]) == S_rank(pushed) && h->dr && S_sideways_at_once(rs, w, pushed, h->dr)) {
			said = S_say(y, K("penultimate"), -1, -1, 3, who, rank, S_text(&tok));
		} else if (S_rank(to[0]) == S_rank(pushed) && h->dr) { /* sideways */
			said = S_say(y, K("sideways"), rs->opt[O_PUSH_DIR] == DIR_HOME, -1, 3, who, rank,
			             S_text(&tok));
		} else {
			S_name(rs, first, c0);
			S_name(rs, last, c3);
			int how = rs->opt[O_PUSH_DIST] == DIST_FARTHEST3 ? 0
			          : rs->opt[O_PUSH_DIST] == DIST_EXACTLY3 ? 1 : 2;
			char d0[4];
			S_name(rs, to[0], d0);
			snprintf(range, sizeof range, "%s%s%s", c0, last != first ? "-" : "",
			         last != first ? c3 : "");
			said = S_say(y, K("push_to"), how, -1, 5, who, d0, range, b, S_text(&tok));
		}
	}
	S_buf_done(y, &tok);
	if (said)
		return 1;
	if (nd) /* the written push is one of the cells */
		S_put_cool(&after, tb_geo_at(&rs->geo, sub->pt), S_take(&after, pushed));
	*w = after;
	return 0;
}

static int S_explain_hops(S_why *y)
{
	const tb_ruleset *rs = y->rs;
	const tb_move *m = y->m;
	tb_state w = *y->s;
	int p = tb_geo_at(&rs->geo, m->parts[0].pt), start = p, hops = 0;
	uint8_t c = w.cell[p];
	int cool = (c & COOL) != 0;
	int relief_only = S_type(c) != WARRIOR && S_stage2(&w, S_side(c)) &&
	                  rs->opt[O_CROWNED_MOVE] == MOVE_NEW;
	set seen = S_bit(p);
	if (S_type(c) == PRINCE && rs->opt[O_PRINCE] == PRINCE_LEAP)
		return S_say(y, K("prince_leap"), -1, -1, 0);
	for (unsigned i = 1; i < m->nparts; i++) {
		if (m->parts[i].kind != TB_PART_HOP)
			return 0;
		if (hops++ && rs->opt[O_CHAIN] == CHAIN_NO)
			return S_say(y, K("one_jump"), -1, -1, 0);
		int land = tb_geo_at(&rs->geo, m->parts[i].pt);
		S_hop h;
		if (S_explain_hop_shape(y, &w, p, land, seen, &h))
			return 1;
		const tb_part *sub = i + 1 < m->nparts && m->parts[i + 1].kind != TB_PART_HOP
		                         ? &m->parts[i + 1] : NULL;
		int side = S_side(w.cell[p]), st = -1, second = S_hop_second_stage(&w, &h, side);
		int threat = second && S_threatens(rs, &w, h.run[0], side);
		if (second)
			st = S_explain_relief(y, &w, sub, p, &h);
		else if (sub && sub->kind == TB_PART_RELOCATE)
			return S_say(y, K("relocation"), -1, -1, 0);
		if (st > 0)
			return 1;
		if (st < 0 && relief_only && threat) {
			char who[64];
			S_who(rs, &w, h.run[0], who, sizeof who);
			return S_say(y, K("relief_where"), S_type(c), -1, 1, who);
		}
		if (st < 0 && relief_only)
			return S_say(y, K("relief_new"), S_type(c), -1, 0);
		int list[16], np = S_hop_pushed(rs, &w, &h, side, list);
		if (st < 0 && S_explain_push(y, &w, i, sub, p, &h, cool, start))
			return 1;
		i += sub != NULL;
		while (st < 0 && np > 1 && i + 1 < m->nparts && m->parts[i + 1].kind == TB_PART_PUSH)
			i++; /* the other pushbacks of the hop */
		seen |= S_bit(land);
		p = land;
	}
	return 0;
}

/* The crown marker of legal turn 't' against the one written. */
static void S_explain_crown(S_why *y, const tb_turn *t)
{
	const tb_ruleset *rs = y->rs;
	tb_state w = *y->s;
	tb_events ev;
	S_apply(rs, &w, t, &ev);
	tb_buf tok = TB_BUF_SOFT;
	tb_move right = {t->nparts, t->crown, (tb_part *)t->parts};
	tb_move_write(&tok, &right);
	int at = -1, mover = tb_geo_at(&rs->geo, t->parts[0].pt);
	for (unsigned i = 0; i < t->nparts; i++) /* where the moving piece ends */
		if (t->parts[i].kind != TB_PART_PUSH && t->parts[i].kind != TB_PART_RELOCATE)
			mover = tb_geo_at(&rs->geo, t->parts[i].pt);
	for (unsigned i = 0; i < ev.n; i++) /* the last piece crowned names it */
		if (ev.ev[i].kind == TB_EV_CORONATION)
			at = tb_geo_at(&rs->geo, ev.ev[i].a);
	if (!t->crown || at < 0) {
		S_say(y, K("crowns_none"), -1, -1, 0);
		S_buf_done(y, &tok);
		return;
	}
	/* who is crowned, in words: "the Prince reaches the far row and is
	 * crowned, the Eagle (Águila)" (the text's name for it, game.c) */
	static const char *const self[4] = {"crowned_self.ocencahuac.0", "crowned_self.ocencahuac.1",
	                                    "crowned_self.ocencahuac.2", "crowned_self.ocencahuac.3"};
	static const char *const other[4] = {"crowned_other.ocencahuac.0",
	                                     "crowned_other.ocencahuac.1",
	                                     "crowned_other.ocencahuac.2",
	                                     "crowned_other.ocencahuac.3"};
	char who[80], a[4], param[48], num[16];
	int side = S_side(w.cell[at]), count = S_crowned_count(&w, side), type = S_type(w.cell[at]);
	S_name(rs, at, a);
	snprintf(param, sizeof param, "%s|%s", S_side_name[side], a);
	snprintf(num, sizeof num, "%d", count);
	tb_why_word(who, sizeof who, at == mover ? self[type] : other[type],
	            at == mover ? NULL : param);
	if (t->crown == 2)
		S_say(y, K("crown_third"), -1, -1, 3, who, S_side_name[side], S_text(&tok));
	else if (y->m->crown == 2)
		S_say(y, K("crown_not_third"), -1, count, 4, who, S_side_name[side], num, S_text(&tok));
	else
		S_say(y, K("crown_write"), -1, -1, 2, who, S_text(&tok));
	S_buf_done(y, &tok);
}

static void S_explain(const tb_ruleset *rs, const tb_state *s, const tb_move *m, tb_why *why)
{
	const tb_geometry *g = &rs->geo;
	int side = s->to_move;
	S_why y = {rs, s, m, {NULL, 0}, 0, why, 0};
	tb_say_no_fit(why);
	for (unsigned i = 0; i < m->nparts; i++)
		if (m->parts[i].pt == TB_PT_UNKNOWN || tb_geo_at(g, m->parts[i].pt) < 0)
			return;
	y.nlegal = tb_turns_list(rs, s, &y.legal);
	if (tb_turns_failed(&y.legal)) {
		why->key = NULL; /* out of memory (rules.h) */
		return;
	}
	for (size_t i = 0; i < y.nlegal; i++)
		if (S_same_parts(y.legal.v[i].parts, y.legal.v[i].nparts, m->parts, m->nparts)) {
			S_explain_crown(&y, &y.legal.v[i]); /* legal but for its crown marker */
			tb_turns_free(&y.legal);
			if (y.nomem)
				why->key = NULL;
			return;
		}
	if (m->nparts >= 2) {
		int p = tb_geo_at(g, m->parts[0].pt), q = tb_geo_at(g, m->parts[1].pt);
		char a[4];
		S_name(rs, p, a);
		if (!s->cell[p])
			tb_say_empty(why, a, 0);
		else if (S_side(s->cell[p]) != side)
			tb_say_not_yours(why, rs->game, side, a);
		else if (m->parts[1].kind == TB_PART_STEP)
			S_explain_step(&y, p, q);
		else if (m->parts[1].kind == TB_PART_CAPTURE)
			S_explain_capture(&y, p, q);
		else
			S_explain_hops(&y);
	}
	tb_turns_free(&y.legal);
	if (y.nomem)
		why->key = NULL; /* out of memory (rules.h) */
}

/* A turn moves one piece of its side and, with one jump a turn, pushes
 * the other's pieces in one run (its three royal pieces at most, its six
 * under push_target=enemy) or relocates one; a side that began its second
 * stage stays in it. A chain may move several, and is not bounded. */
static int S_bound(const tb_ruleset *rs, const tb_state *s, const tb_state *t, unsigned turns)
{
	if ((s->stage & ~t->stage) != 0)
		return 0;
	if (rs->opt[O_CHAIN] == CHAIN_YES)
		return (s->to_move + turns) % 2 == t->to_move;
	return tb_bound_common(s, t, turns, 1, rs->opt[O_PUSH_TARGET] == TARGET_ROYAL ? 3 : 6);
}

/* rules->canon: the quiet turns no limit counts are not part of the
 * position (S_save writes them only under a limit). */
static void S_canon(const tb_ruleset *rs, tb_state *s)
{
	if (!S_limit(rs))
		s->quiet = 0;
}

const tb_rules tb_rules_ocencahuac = {
	.configure = S_configure,
	.load = S_load,
	.save = S_save,
	.generate = S_generate,
	.generate_at = S_generate_at,
	.one = S_one,
	.one_play = S_one_play,
	.play = S_play,
	.canon = S_canon,
	.events = 1u << TB_EV_CAPTURE | 1u << TB_EV_PUSHBACK | 1u << TB_EV_RELOCATION |
	          1u << TB_EV_CORONATION | 1u << TB_EV_STAGE,
	.over = tb_rules_over_words,
	.ending = S_ending,
	.explain = S_explain,
	.bound = S_bound,
	.turns_needed = tb_ocencahuac_turns_needed,
	.unmove = &tb_unmoves_ocencahuac,
};
