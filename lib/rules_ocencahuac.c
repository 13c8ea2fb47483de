/*
 * rules_ocencahuac.c -- Ocencahuac, the game of the Cahita princes,
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

enum { SAN = 0, CEB = 1 };
enum { EMPEROR, PRINCESS, PRINCE, WARRIOR };
enum { FILES = 5, COOL = 0x40 };

/* ORDER OPTION: indices into game_ocencahuac.c's option table. */
enum { O_RIVER, O_FIRST, O_PRINCE, O_JUMP, O_CHAIN, O_PUSH_TARGET, O_PUSH_DIR, O_PUSH_SIDE,
       O_PUSH_DIST, O_PUSH_FALLBACK, O_COOLDOWN, O_CROWN, O_CROWNED_MOVE, O_RELOCATE,
       O_SUPPORT, O_STAGE2_PUSH, O_BLOCKED, O_LIMIT };
enum { DIST_FARTHEST3, DIST_EXACTLY3, DIST_STOP };
enum { SUPPORT_NONE, SUPPORT_TARGET, SUPPORT_CAPTURER };

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

/* The cell (f, r), or -1 off the board. */
static int S_cell(const tb_ruleset *rs, int f, int r)
{
	return f >= 0 && f < FILES && r >= 0 && r < S_ranks(rs) ? r * FILES + f : -1;
}

static int S_home(const tb_ruleset *rs, int side) { return side == SAN ? 0 : S_ranks(rs) - 1; }
static int S_far(const tb_ruleset *rs, int side) { return S_home(rs, !side); }

static const char *S_configure(tb_ruleset *rs)
{
	tb_geometry *g = &rs->geo;
	int ranks = 8 + rs->opt[O_RIVER]; /* river=4|5|6 */
	char pts[TB_MAX_POINTS * 4] = "", line[80];
	memset(g, 0, sizeof *g);
	for (int r = 0; r < ranks; r++)
		for (int f = 0; f < FILES; f++)
			snprintf(pts + strlen(pts), sizeof pts - strlen(pts), "%c%d ", 'a' + f, r + 1);
	tb_geo_points(g, pts);
	for (int r = 0; r < ranks; r++) { /* the ranks, then the files */
		snprintf(line, sizeof line, "a%d b%d c%d d%d e%d", r + 1, r + 1, r + 1, r + 1, r + 1);
		tb_geo_line(g, line, TB_LINE_ORTHO);
	}
	for (int f = 0; f < FILES; f++) {
		line[0] = '\0';
		for (int r = 0; r < ranks; r++)
			snprintf(line + strlen(line), sizeof line - strlen(line), "%c%d ", 'a' + f, r + 1);
		tb_geo_line(g, line, TB_LINE_ORTHO);
	}
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

static void S_move(tb_state *s, int from, int to) { S_put(s, to, S_take(s, from)); }

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
	return rs->opt[O_LIMIT] == 0 ? 200 : rs->opt[O_LIMIT] == 1 ? 0 : rs->num[O_LIMIT];
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
		return rs->opt[O_PUSH_TARGET] == 1;
	return !S_stage2(s, S_side(c)) || rs->opt[O_STAGE2_PUSH] == 1;
}

/* The way the piece on 'q', jumped by a hop going (df, dr), is pushed. */
static void S_push_way(const tb_ruleset *rs, const tb_state *s, int q, int df, int dr,
                       int *pf, int *pr)
{
	*pf = df;
	*pr = dr;
	if (dr && rs->opt[O_PUSH_DIR] == 0) /* towards its own home row */
		*pr = S_side(s->cell[q]) == SAN ? -1 : 1;
	if (df && rs->opt[O_PUSH_SIDE] == 1)
		*pf = -df;
}

/* Where the piece on 'q' may be pushed: 'w' has the jumper already on
 * 'land'. Fills 'to' (at most 2: two sideways cells equally near) and
 * returns how many; 0 when the piece stays. */
static int S_push_to(const tb_ruleset *rs, const tb_state *w, int q, int land, int df, int dr,
                     int *to)
{
	int pf, pr, f = S_file(q), r = S_rank(q), best = -1;
	S_push_way(rs, w, q, df, dr, &pf, &pr);
	for (int k = 1; k <= 3; k++) {
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
	if (!dr || rs->opt[O_PUSH_FALLBACK] == 1)
		return 0;
	for (int d = 1; d < FILES; d++) { /* sideways: the nearest empty cell of its rank */
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

/* Where a relief jump landing on 'land' may put the piece on 'q'. */
static int S_relocate_to(const tb_ruleset *rs, const tb_state *w, int q, int land, int *to)
{
	int n = 0;
	for (int dr = -1; dr <= 1; dr++)
		for (int df = -1; df <= 1; df++) {
			int c = S_cell(rs, S_file(land) + df, S_rank(land) + dr);
			if ((df || dr) && c >= 0 && c != q && !w->cell[c] &&
			    (rs->opt[O_RELOCATE] == 0 || !df || !dr))
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

/* Finds the hop from 'p' going (df, dr) in 'w': 0 when there is none
 * (nothing to jump, no empty cell beyond, more than one piece under
 * jump=one). */
static int S_hop_find(const tb_ruleset *rs, const tb_state *w, int p, int df, int dr,
                      S_hop *h)
{
	h->df = df;
	h->dr = dr;
	h->nrun = 0;
	int q;
	for (int k = 1; (q = S_cell(rs, S_file(p) + k * df, S_rank(p) + k * dr)) >= 0 &&
	                w->cell[q]; k++)
		h->run[h->nrun++] = q;
	h->land = q;
	return h->nrun > 0 && q >= 0 && (h->nrun == 1 || rs->opt[O_JUMP] == 1);
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

/* The piece a hop pushes back (-1 none), or -2 when the hop may not be
 * made at all: two pieces to push, or a second-stage royal piece that
 * is not pushed in a run of more than one. */
static int S_hop_pushed(const tb_ruleset *rs, const tb_state *w, const S_hop *h, int side)
{
	int pushed = -1;
	for (int i = 0; i < h->nrun; i++) {
		uint8_t c = w->cell[h->run[i]];
		if (S_pushable(rs, w, h->run[i], side)) {
			if (pushed >= 0)
				return -2;
			pushed = h->run[i];
		} else if (S_royal(c) && S_side(c) != side && S_stage2(w, S_side(c)) && h->nrun > 1) {
			return -2;
		}
	}
	return pushed;
}

/* Is the hop's one piece an enemy second-stage royal piece, which only
 * a relief jump may pass (unless stage2_push=on pushes it)? */
static int S_hop_second_stage(const tb_state *w, const S_hop *h, int side)
{
	uint8_t c = w->cell[h->run[0]];
	return h->nrun == 1 && S_royal(c) && S_side(c) != side && S_stage2(w, S_side(c));
}

/* ===== Ending a turn ===== */

/* Cool-down, crowns, stage, the limit's count, the turn number and the
 * side to move, once 'side' has played (the piece it moved now on
 * 'mover', -1 for a pass). Returns the crown marker: 0, 1 ("=") or 2
 * ("=="). */
static int S_end(const tb_ruleset *rs, tb_state *s, int mover, int captured, tb_events *ev)
{
	int side = s->to_move, crowned = 0, began = 0, last[2] = {-1, -1};
	for (set m = s->bits[0] | s->bits[1]; m; m &= m - 1) {
		int p = __builtin_ctzll(m);
		uint8_t *c = &s->cell[p];
		if (rs->opt[O_COOLDOWN] == 0 ? S_side(*c) == side : p == mover)
			*c &= (uint8_t)~COOL;
		int far = S_rank(p) == S_far(rs, S_side(*c));
		if (rs->opt[O_CROWN] == 1 && !far && !S_stage2(s, S_side(*c)))
			*c &= (uint8_t)~0x20; /* all_three: off the far row, no crown yet */
		if (far && S_royal(*c) && !TB_CELL_CROWNED(*c)) {
			*c |= 0x20;
			crowned = 1;
			last[S_side(*c)] = p;
			tb_event_add(ev, TB_EV_CROWN, rs->geo.points[p].pt, 0);
		}
	}
	for (int y = 0; y < 2; y++)
		if (last[y] >= 0 && !S_stage2(s, y) && S_crowned_count(s, y) == 3) {
			s->stage |= (uint8_t)(1 << y);
			began = 1;
			tb_event_add(ev, TB_EV_STAGE, rs->geo.points[last[y]].pt, 0);
		}
	if (captured || (rs->opt[O_CROWN] == 0 ? crowned : began))
		s->quiet = 0;
	else if (s->quiet < UINT16_MAX)
		s->quiet++;
	if (side == CEB) /* "N." is Sangangüey's turn, whoever began */
		s->number++;
	s->to_move = (uint8_t)!side;
	return began ? 2 : crowned ? 1 : 0;
}

/* ===== Playing ===== */

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
			S_take(s, q);
			s->taken[side]++;
			captured = 1;
			tb_event_add(ev, TB_EV_CAPTURE, g->points[q].pt, 0);
			S_move(s, p, q);
			p = q;
			break;
		case TB_PART_HOP: {
			int df = (S_file(q) > S_file(p)) - (S_file(q) < S_file(p));
			int dr = (S_rank(q) > S_rank(p)) - (S_rank(q) < S_rank(p));
			S_hop h;
			S_hop_find(rs, s, p, df, dr, &h);
			int pushed = S_hop_pushed(rs, s, &h, side);
			S_move(s, p, q);
			p = q;
			if (i + 1 < t->nparts && t->parts[i + 1].kind == TB_PART_PUSH) {
				int to = tb_geo_at(g, t->parts[++i].pt);
				S_put(s, to, (uint8_t)(S_take(s, pushed) | COOL));
				tb_event_add(ev, TB_EV_PUSHBACK, g->points[pushed].pt, g->points[to].pt);
			} else if (i + 1 < t->nparts && t->parts[i + 1].kind == TB_PART_RELOCATE) {
				int to = tb_geo_at(g, t->parts[++i].pt);
				S_move(s, h.run[0], to);
				tb_event_add(ev, TB_EV_RELOCATION, g->points[h.run[0]].pt, g->points[to].pt);
			}
			break;
		}
		default:
			break;
		}
	}
	return S_end(rs, s, p, captured, ev);
}

static void S_play(const tb_ruleset *rs, tb_state *s, const tb_turn *t, tb_events *ev)
{
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
} S_gen;

static tb_part S_part(const tb_ruleset *rs, tb_part_kind k, int p)
{
	return (tb_part){(uint8_t)k, rs->geo.points[p].pt};
}

/* The crown marker of the turn in g->cur. A crowning needs a royal
 * piece that moved this turn to end on its far row; with one piece
 * moving (no pushback or relocation onto the first or last rank, no
 * chain) that is the mover, else the turn is played out. */
static uint8_t S_crown_of(const S_gen *g)
{
	const tb_ruleset *rs = g->rs;
	const tb_turn *t = &g->cur;
	int top = S_ranks(rs) - 1, mover = t->nparts - 1;
	tb_part_kind last = t->parts[mover].kind;
	if (last == TB_PART_PUSH || last == TB_PART_RELOCATE) {
		int r = S_rank(tb_geo_at(&rs->geo, t->parts[mover].pt));
		mover--;
		if (r == 0 || r == top || t->nparts > 4) {
			tb_state w = *g->s;
			return (uint8_t)S_apply(rs, &w, t, NULL);
		}
	} else if (t->nparts > 2) {
		tb_state w = *g->s;
		return (uint8_t)S_apply(rs, &w, t, NULL);
	}
	uint8_t c = g->s->cell[tb_geo_at(&rs->geo, t->parts[0].pt)];
	int side = S_side(c), to = tb_geo_at(&rs->geo, t->parts[mover].pt);
	if (!S_royal(c) || TB_CELL_CROWNED(c) || S_rank(to) != S_far(rs, side))
		return 0;
	return S_crowned_count(g->s, side) == 2 ? 2 : 1;
}

/* Emits the turn in g->cur, with its crown marker. */
static void S_emit(S_gen *g)
{
	g->cur.crown = S_crown_of(g);
	if (g->n < g->cap)
		g->out[g->n] = g->cur;
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

/* Hops from 'p' on 'w' (the board as the chain has left it); 'relief'
 * allows relief jumps only; 'cool' forbids pushing back; 'seen' holds
 * the cells the piece has stood on this turn. */
static void S_hops(S_gen *g, const tb_state *w, int p, int relief, int cool, set seen)
{
	const tb_ruleset *rs = g->rs;
	int side = g->s->to_move;
	for (int d = 0; d < 4 && !S_done(g); d++) {
		S_hop h;
		if (!S_hop_find(rs, w, p, S_dirs[d][0], S_dirs[d][1], &h) || (seen & S_bit(h.land)) ||
		    S_block(w, &h, side) >= 0 || g->cur.nparts + 2 > TB_TURN_PARTS)
			continue;
		int pushed = S_hop_pushed(rs, w, &h, side);
		if (pushed == -2)
			continue;
		tb_state after = *w;
		S_move(&after, p, h.land);
		int to[8], n = 0;
		tb_part_kind kind = TB_PART_AT;
		if (S_hop_second_stage(w, &h, side) && S_threatens(rs, w, h.run[0], side)) {
			n = S_relocate_to(rs, &after, h.run[0], h.land, to);
			kind = TB_PART_RELOCATE;
		}
		/* the relief jumps (kind RELOCATE, n of them), then the plain
		 * or pushing hop, unless relief only or a second-stage piece
		 * that is not pushed stands in the way */
		int plain = !relief && !(S_hop_second_stage(w, &h, side) && pushed < 0);
		for (int i = 0; i <= n && !S_done(g); i++) {
			int k = g->cur.nparts;
			tb_state next = after;
			if (i < n) {
				S_move(&next, h.run[0], to[i]);
				g->cur.parts[k + 1] = S_part(rs, kind, to[i]);
				g->cur.parts[k] = S_part(rs, TB_PART_HOP, h.land);
				g->cur.nparts = (uint8_t)(k + 2);
				S_emit(g);
				if (rs->opt[O_CHAIN] == 1)
					S_hops(g, &next, h.land, relief, cool, seen | S_bit(h.land));
				g->cur.nparts = (uint8_t)k;
				continue;
			}
			if (!plain)
				break;
			int dest[2], nd = pushed >= 0 ? S_push_to(rs, &after, pushed, h.land, h.df, h.dr, dest) : 0;
			if (nd && cool)
				break;
			for (int j = 0; j < (nd ? nd : 1) && !S_done(g); j++) {
				tb_state pn = after;
				g->cur.parts[k] = S_part(rs, TB_PART_HOP, h.land);
				g->cur.nparts = (uint8_t)(k + 1);
				if (nd) {
					S_put(&pn, dest[j], (uint8_t)(S_take(&pn, pushed) | COOL));
					g->cur.parts[g->cur.nparts++] = S_part(rs, TB_PART_PUSH, dest[j]);
				}
				S_emit(g);
				if (rs->opt[O_CHAIN] == 1)
					S_hops(g, &pn, h.land, relief, cool, seen | S_bit(h.land));
				g->cur.nparts = (uint8_t)k;
			}
		}
	}
}

/* Steps to the empty cells one cell away, or knight's leaps. */
static void S_steps(S_gen *g, int p, const int (*deltas)[2], int n)
{
	for (int k = 0; k < n && !S_done(g); k++) {
		int q = S_cell(g->rs, S_file(p) + deltas[k][0], S_rank(p) + deltas[k][1]);
		if (q >= 0 && !g->s->cell[q])
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
	if (type != WARRIOR && S_stage2(g->s, S_side(c))) {
		int to[8], n = S_captures(rs, g->s, p, to);
		if (type == PRINCE)
			S_steps(g, p, S_knight, 8);
		else
			S_slides(g, p);
		for (int i = 0; i < n && !S_done(g); i++)
			S_emit2(g, p, TB_PART_CAPTURE, to[i]);
		old = rs->opt[O_CROWNED_MOVE] == 1;
		if (old && type == PRINCE && rs->opt[O_PRINCE] == 0)
			S_steps(g, p, S_dirs, 4);
	} else if (type == PRINCE && rs->opt[O_PRINCE] == 1) {
		S_steps(g, p, S_knight, 8);
	} else {
		S_steps(g, p, S_dirs, 4);
	}
	g->cur.nparts = 1;
	if (!S_done(g))
		S_hops(g, g->s, p, !old, cool, S_bit(p));
}

/* Every turn of the side to move, the game not being over. */
static size_t S_collect(const tb_ruleset *rs, const tb_state *s, tb_turn *out, size_t cap,
                        int any)
{
	S_gen g = {rs, s, out, 0, cap, any, {0, 0, {{0, 0}}}};
	for (set m = s->bits[s->to_move]; m && !S_done(&g); m &= m - 1)
		S_piece_turns(&g, __builtin_ctzll(m));
	return g.n;
}

static int S_can_move(const tb_ruleset *rs, const tb_state *s)
{
	tb_turn one;
	return S_collect(rs, s, &one, 1, 1) > 0;
}

/* How the game ended, when it has: 1 with 'res' and why. */
static int S_over(const tb_ruleset *rs, const tb_state *s, tb_result *res, char *why,
                  size_t n)
{
	char tmp[8];
	if (!why) {
		why = tmp;
		n = sizeof tmp;
	}
	tb_result by_taken = s->taken[SAN] > s->taken[CEB]   ? TB_RESULT_FIRST
	                     : s->taken[SAN] < s->taken[CEB] ? TB_RESULT_SECOND
	                                                     : TB_RESULT_DRAW;
	for (int y = 0; y < 2; y++)
		if (s->taken[y] >= 3) {
			*res = y == SAN ? TB_RESULT_FIRST : TB_RESULT_SECOND;
			snprintf(why, n, "%s has no Warriors left", S_side_name[!y]);
			return 1;
		}
	long limit = S_limit(rs);
	if (limit && s->quiet >= limit) {
		*res = by_taken;
		snprintf(why, n, "%ld turns without a capture or %s", limit,
		         rs->opt[O_CROWN] == 0 ? "a crowning" : "a second stage beginning");
		return 1;
	}
	if (S_can_move(rs, s))
		return 0;
	if (rs->opt[O_BLOCKED] == 1) {
		*res = s->to_move == SAN ? TB_RESULT_SECOND : TB_RESULT_FIRST;
		snprintf(why, n, "%s cannot move and loses", S_side_name[s->to_move]);
		return 1;
	}
	tb_state w = *s;
	tb_turn pass = {0, 0, {{0, 0}}};
	S_apply(rs, &w, &pass, NULL);
	if (S_can_move(rs, &w))
		return 0;
	*res = by_taken;
	snprintf(why, n, "neither side can move");
	return 1;
}

static size_t S_generate(const tb_ruleset *rs, const tb_state *s, tb_turn *out, size_t cap)
{
	tb_result res;
	long limit = S_limit(rs);
	if (s->taken[0] >= 3 || s->taken[1] >= 3 || (limit && s->quiet >= limit))
		return 0;
	size_t n = S_collect(rs, s, out, cap, 0);
	if (n || S_over(rs, s, &res, NULL, 0))
		return n;
	if (cap > 0) /* blocked: the one turn is a pass */
		memset(&out[0], 0, sizeof out[0]);
	return 1;
}

/* ===== Positions ===== */

/* Reads "c5,d6" into the cells' cool bits; -1 when a point names no
 * piece that can be cool. */
static int S_load_cool(const tb_ruleset *rs, tb_state *s, const char *v, char *why, size_t n)
{
	while (*v) {
		int f = v[0] - 'a', r = atoi(v + 1) - 1, p = S_cell(rs, f, r);
		uint8_t c = p >= 0 ? s->cell[p] : 0;
		int ok = c && (S_royal(c) || rs->opt[O_PUSH_TARGET] == 1) &&
		         (S_side(c) == s->to_move || rs->opt[O_COOLDOWN] == 1);
		if (!ok) {
			snprintf(why, n, "cool=%.*s names no %s of %s", (int)strcspn(v, ","), v,
			         rs->opt[O_PUSH_TARGET] == 1 ? "piece" : "royal piece",
			         rs->opt[O_COOLDOWN] == 1 ? "either side" : "the side to move");
			return -1;
		}
		s->cell[p] |= COOL;
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
	s->to_move = (uint8_t)rs->opt[O_FIRST];
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
		if (rs->opt[O_CROWN] == 1 && TB_CELL_CROWNED(c) && !far && crowned < 3) {
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
	for (int y = 0; y < 2; y++) {
		if (count[y][WARRIOR] < 3 && !S_stage2(s, !y)) {
			snprintf(why, n, "%s has lost a Warrior, but %s, not in its second stage, cannot "
			         "have taken it", S_side_name[y], S_side_name[!y]);
			return -1;
		}
		s->taken[!y] = (uint8_t)(3 - count[y][WARRIOR]);
	}
	for (size_t i = 0; i < p->nextras; i++)
		if (strcmp(p->extras[i].key, "cool") == 0 &&
		    S_load_cool(rs, s, p->extras[i].value, why, n))
			return -1;
	if (unknown >= 0) {
		snprintf(why, n, "a %s piece stands on an unknown point", S_side_name[unknown]);
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
	tb_buf cool = TB_BUF_INIT;
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
	if (cool.len) {
		p->extras = tb_arena_alloc(a, sizeof *p->extras);
		p->extras[0].key = "cool";
		p->extras[0].value = tb_arena_strndup(a, cool.data, cool.len);
		p->nextras = 1;
	}
	tb_buf_free(&cool);
}

/* ===== Why a turn is not legal ===== */

static void S_name(const tb_ruleset *rs, int p, char out[4])
{
	tb_point pt = rs->geo.points[p].pt;
	snprintf(out, 4, "%c%d", 'a' + TB_PT_FILE(pt), TB_PT_RANK(pt) + 1);
}

/* "the Princess on d3" (or "Ceboruco's Princess on d3" when 'owner'). */
static void S_who(const tb_ruleset *rs, const tb_state *s, int p, int owner, char *out,
                  size_t n)
{
	char a[4];
	S_name(rs, p, a);
	if (owner)
		snprintf(out, n, "%s's %s on %s", S_side_name[S_side(s->cell[p])],
		         S_piece_name[S_type(s->cell[p])], a);
	else
		snprintf(out, n, "the %s on %s", S_piece_name[S_type(s->cell[p])], a);
}

static int S_is_knight(int df, int dr)
{
	return (abs(df) == 1 && abs(dr) == 2) || (abs(df) == 2 && abs(dr) == 1);
}

/* The parts of 'm' up to part 'k' (included), written. */
static void S_prefix(const tb_move *m, unsigned k, char *out, size_t n)
{
	tb_buf b = TB_BUF_INIT;
	tb_move pre = {(uint8_t)(k + 1), 0, m->parts};
	tb_move_write(&b, &pre);
	snprintf(out, n, "%s", b.data ? b.data : "");
	tb_buf_free(&b);
}

static int S_explain_step(const tb_ruleset *rs, const tb_state *s, int p, int q, char *why,
                          size_t n)
{
	uint8_t c = s->cell[p];
	int type = S_type(c), side = S_side(c), df = S_file(q) - S_file(p), dr = S_rank(q) - S_rank(p);
	int st2 = S_stage2(s, side) && type != WARRIOR;
	char a[4], b[4], crowns[64];
	S_name(rs, p, a);
	S_name(rs, q, b);
	if (st2 && type == PRINCE) {
		int step = rs->opt[O_CROWNED_MOVE] == 1 && rs->opt[O_PRINCE] == 0 &&
		           abs(df) + abs(dr) == 1;
		if (!S_is_knight(df, dr) && !step) {
			snprintf(why, n, "in the second stage the Prince moves as a knight%s (crowned_move=%s)",
			         rs->opt[O_CROWNED_MOVE] == 1 && rs->opt[O_PRINCE] == 0 ? " or steps one cell" : "",
			         rs->opt[O_CROWNED_MOVE] == 1 ? "new_plus_old" : "new");
			return 1;
		}
	} else if (st2) { /* the Emperor or the Princess slides */
		if (df && dr) {
			snprintf(why, n, "the %s slides along a rank or a file, not diagonally",
			         S_piece_name[type]);
			return 1;
		}
		int len = abs(df) + abs(dr), sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
		for (int k = 1; k < len; k++) {
			int over = S_cell(rs, S_file(p) + k * sf, S_rank(p) + k * sr);
			if (s->cell[over]) {
				char o[4];
				S_name(rs, over, o);
				snprintf(why, n, "the slide passes over %s, which is occupied", o);
				return 1;
			}
		}
	} else if (type == PRINCE && rs->opt[O_PRINCE] == 1) {
		if (!S_is_knight(df, dr)) {
			snprintf(why, n, "the Prince moves as a knight (prince=knight)");
			return 1;
		}
	} else {
		if (type == PRINCE && S_is_knight(df, dr)) {
			snprintf(why, n, "the Prince moves as a knight only in its side's second stage "
			         "(prince=step)");
			return 1;
		}
		if (df && dr) {
			snprintf(why, n, "steps and jumps go along a rank or a file, not diagonally");
			return 1;
		}
		if (abs(df) + abs(dr) > 1) {
			if (type == EMPEROR || type == PRINCESS)
				snprintf(why, n, "the %s slides only in its side's second stage (%s)",
				         S_piece_name[type], S_crowns(s, side, crowns));
			else
				snprintf(why, n, "%s and %s are not adjacent: %s steps one cell", a, b,
				         type == WARRIOR ? "a Warrior" : "the Prince");
			return 1;
		}
	}
	if (s->cell[q]) {
		snprintf(why, n, "%s is occupied", b);
		return 1;
	}
	return 0;
}

static int S_explain_capture(const tb_ruleset *rs, const tb_state *s, int p, int q, char *why,
                             size_t n)
{
	uint8_t c = s->cell[p], t = s->cell[q];
	int type = S_type(c), side = S_side(c), df = S_file(q) - S_file(p), dr = S_rank(q) - S_rank(p);
	char a[4], b[4], crowns[64];
	S_name(rs, p, a);
	S_name(rs, q, b);
	if (!S_stage2(s, side)) {
		snprintf(why, n, "captures begin with the side's second stage (%s)",
		         S_crowns(s, side, crowns));
	} else if (type == WARRIOR) {
		snprintf(why, n, "Warriors do not capture");
	} else if (!t) {
		snprintf(why, n, "%s is empty: there is nothing to capture", b);
	} else if (S_side(t) == side) {
		snprintf(why, n, "%s holds a %s piece: a side does not capture its own", b,
		         S_side_name[side]);
	} else if (S_royal(t)) {
		snprintf(why, n, "%s holds a royal piece: royal pieces do not capture one another", b);
	} else if (type == PRINCE && !S_is_knight(df, dr)) {
		snprintf(why, n, "the Prince captures by a knight's move, and %s-%s is not one", a, b);
	} else if (type == PRINCESS && dr) {
		snprintf(why, n, df ? "the Princess captures along her rank"
		                    : "the Princess cannot capture vertically");
	} else if (type == EMPEROR && df) {
		snprintf(why, n, dr ? "the Emperor captures along his file"
		                    : "the Emperor cannot capture horizontally");
	} else {
		int len = abs(df) + abs(dr), sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
		for (int k = 1; type != PRINCE && k < len; k++) {
			int over = S_cell(rs, S_file(p) + k * sf, S_rank(p) + k * sr);
			if (s->cell[over]) {
				char o[4];
				S_name(rs, over, o);
				snprintf(why, n, "the capture passes over %s, which is occupied", o);
				return 1;
			}
		}
		if (S_supported(rs, s, p, q))
			return 0;
		if (rs->opt[O_SUPPORT] == SUPPORT_TARGET)
			snprintf(why, n, "no %s Warrior stands next to %s to support the capture "
			         "(support=target)", S_side_name[side], b);
		else
			snprintf(why, n, "no %s Warrior stands next to the %s on %s to support the capture "
			         "(support=capturer)", S_side_name[side], S_piece_name[type], a);
	}
	return 1;
}

/* Why the hop from 'p' to 'land' on 'w' cannot be made as a hop at all
 * (before what follows it); fills 'h'. */
static int S_explain_hop_shape(const tb_ruleset *rs, const tb_state *w, int p, int land,
                               set seen, S_hop *h, char *why, size_t n)
{
	int side = S_side(w->cell[p]), df = S_file(land) - S_file(p), dr = S_rank(land) - S_rank(p);
	char a[4], b[4], o[4];
	S_name(rs, p, a);
	S_name(rs, land, b);
	if (df && dr) {
		snprintf(why, n, "steps and jumps go along a rank or a file, not diagonally");
		return 1;
	}
	int len = abs(df) + abs(dr), sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
	if (len < 2) {
		snprintf(why, n, "%s and %s are adjacent: a jump passes over a piece", a, b);
		return 1;
	}
	for (int k = 1; k < len; k++) {
		int over = S_cell(rs, S_file(p) + k * sf, S_rank(p) + k * sr);
		S_name(rs, over, o);
		if (!w->cell[over]) {
			snprintf(why, n, k == 1 ? "%s is empty: there is no piece to jump"
			                        : "%s is empty: a jump lands on the first empty cell", o);
			return 1;
		}
		if (k == 2 && rs->opt[O_JUMP] == 0) {
			snprintf(why, n, "a jump passes one piece and lands just beyond it (jump=one)");
			return 1;
		}
	}
	if (w->cell[land]) {
		snprintf(why, n, "%s is occupied", b);
		return 1;
	}
	if (seen & S_bit(land)) {
		snprintf(why, n, "a chain may not come back to %s, where the piece has already stood", b);
		return 1;
	}
	S_hop_find(rs, w, p, sf, sr, h);
	int block = S_block(w, h, side);
	if (block >= 0) {
		int lo = h->run[block], hi = h->run[block + 1];
		S_name(rs, lo < hi ? lo : hi, a);
		S_name(rs, lo < hi ? hi : lo, b);
		snprintf(why, n, "%s and %s are two %s pieces in one file, a block: %s cannot jump "
		         "them (jump=line)", a, b, S_side_name[S_side(w->cell[lo])], S_side_name[side]);
		return 1;
	}
	if (S_hop_pushed(rs, w, h, side) == -2) {
		snprintf(why, n, "a jump over a run of pieces may push back one piece, and never pass a "
		         "second-stage royal piece (jump=line)");
		return 1;
	}
	return 0;
}

/* Why the push or relocation after the hop 'h' (part 'k' of 'm', with
 * what follows it in 'sub', or NULL) is wrong; plays it on 'w' when it
 * is right. */
static int S_explain_after_hop(const tb_ruleset *rs, tb_state *w, const tb_move *m, unsigned k,
                               const tb_part *sub, int p, const S_hop *h, int cool,
                               int relief_only, int cool_at, char *why, size_t n)
{
	int side = S_side(w->cell[p]), q = h->run[0];
	char who[64], a[4], b[4], tok[96];
	int pushed = S_hop_pushed(rs, w, h, side), second = S_hop_second_stage(w, h, side);
	int threat = second && S_threatens(rs, w, q, side);
	tb_state after = *w;
	S_move(&after, p, h->land);
	S_who(rs, w, q, 0, who, sizeof who);
	S_name(rs, h->land, a);
	int target = sub ? tb_geo_at(&rs->geo, sub->pt) : -1;
	if (sub)
		S_name(rs, target, b);
	if (sub && sub->kind == TB_PART_RELOCATE) {
		int to[8], nt = second && threat ? S_relocate_to(rs, &after, q, h->land, to) : 0, ok = 0;
		for (int i = 0; i < nt; i++)
			ok |= to[i] == target;
		if (!second)
			snprintf(why, n, "a relocation follows only a relief jump over a second-stage royal "
			         "piece");
		else if (!threat)
			snprintf(why, n, "%s threatens no %s Warrior, so it may not be jumped", who,
			         S_side_name[side]);
		else if (!nt)
			snprintf(why, n, "no empty cell %s %s is left for %s, so it may not be jumped",
			         rs->opt[O_RELOCATE] ? "next to" : "around", a, who);
		else if (!ok && target == q)
			snprintf(why, n, "%s must leave %s", who, b);
		else if (!ok && after.cell[target])
			snprintf(why, n, "%s is occupied", b);
		else if (!ok)
			snprintf(why, n, "%s is not %s %s, where the jumper landed%s", b,
			         rs->opt[O_RELOCATE] ? "next to" : "around", a,
			         rs->opt[O_RELOCATE] ? " (relocate=orthogonal)" : "");
		if (!ok)
			return 1;
		S_move(&after, q, target);
		*w = after;
		return 0;
	}
	if (second && pushed < 0) {
		if (sub)
			snprintf(why, n, "a second-stage royal piece is relocated, not pushed back "
			         "(stage2_push=off)");
		else if (!threat)
			snprintf(why, n, "%s threatens no %s Warrior, so it may not be jumped", who,
			         S_side_name[side]);
		else
			snprintf(why, n, "%s is in %s's second stage: it may be jumped only to free a "
			         "threatened Warrior, and is then relocated: write where (@…)", who,
			         S_side_name[S_side(w->cell[q])]);
		return 1;
	}
	if (relief_only) {
		snprintf(why, n, "in the second stage the %s %s (crowned_move=new): it jumps only to "
		         "free a threatened Warrior", S_piece_name[S_type(w->cell[p])],
		         S_type(w->cell[p]) == PRINCE ? "moves as a knight" : "slides");
		return 1;
	}
	int to[2], nd = pushed >= 0 ? S_push_to(rs, &after, pushed, h->land, h->df, h->dr, to) : 0;
	if (pushed >= 0)
		S_who(rs, w, pushed, 0, who, sizeof who);
	if (nd && cool) {
		S_name(rs, cool_at, a);
		snprintf(why, n, rs->opt[O_COOLDOWN] == 0
		                     ? "%s was pushed back last turn and may not push back this turn"
		                     : "%s was pushed back and has not moved since: it may not push "
		                       "back yet (cooldown=next_move)", a);
		return 1;
	}
	if (nd && !sub) {
		char d[4];
		S_prefix(m, k, tok, sizeof tok);
		S_name(rs, to[0], d);
		snprintf(why, n, "%s is pushed back: write where (%s>%s)", who, tok, d);
		return 1;
	}
	if (!nd && sub && pushed < 0) {
		uint8_t c = w->cell[q];
		S_name(rs, q, a);
		if (S_side(c) == side)
			snprintf(why, n, "%s is %s's own piece: only enemy pieces are pushed back", a,
			         S_side_name[side]);
		else if (S_type(c) == WARRIOR)
			snprintf(why, n, "%s holds a Warrior: only royal pieces are pushed back "
			         "(push_target=royal)", a);
		else
			snprintf(why, n, "no piece is pushed back by this jump");
		return 1;
	}
	if (!nd && sub) {
		S_prefix(m, k, tok, sizeof tok);
		snprintf(why, n, "%s has nowhere to go and stays where it is: write %s", who, tok);
		return 1;
	}
	if (nd && (to[0] == target || (nd == 2 && to[1] == target))) {
		S_put(&after, target, (uint8_t)(S_take(&after, pushed) | COOL));
		*w = after;
		return 0;
	}
	if (nd) {
		int pf, pr, sideways = S_rank(to[0]) == S_rank(pushed) && h->dr;
		char d0[4], d1[4] = "", c0[4], c3[4];
		S_name(rs, to[0], d0);
		if (nd == 2)
			S_name(rs, to[1], d1);
		S_push_way(rs, w, pushed, h->df, h->dr, &pf, &pr);
		if (sideways) {
			snprintf(why, n, "%s has no cell %s, so it goes sideways to the nearest empty cell "
			         "of rank %d: %s%s%s", who,
			         rs->opt[O_PUSH_DIR] == 0 ? "towards its home row" : "the way it is pushed",
			         S_rank(pushed) + 1, d0, nd == 2 ? " or " : "", d1);
			return 1;
		}
		int last = pushed;
		for (int j = 1; j <= 3 && S_cell(rs, S_file(pushed) + j * pf, S_rank(pushed) + j * pr) >= 0; j++)
			last = S_cell(rs, S_file(pushed) + j * pf, S_rank(pushed) + j * pr);
		S_name(rs, S_cell(rs, S_file(pushed) + pf, S_rank(pushed) + pr), c0);
		S_name(rs, last, c3);
		const char *how = rs->opt[O_PUSH_DIST] == DIST_FARTHEST3 ? "the farthest empty of"
		                  : rs->opt[O_PUSH_DIST] == DIST_EXACTLY3 ? "the third cell of"
		                                                         : "the last empty cell before a piece in";
		snprintf(why, n, "%s is pushed back to %s, %s %s%s%s, not %s", who, d0, how, c0,
		         last != S_cell(rs, S_file(pushed) + pf, S_rank(pushed) + pr) ? "-" : "",
		         last != S_cell(rs, S_file(pushed) + pf, S_rank(pushed) + pr) ? c3 : "", b);
		return 1;
	}
	*w = after; /* a plain hop */
	return 0;
}

static int S_explain_hops(const tb_ruleset *rs, const tb_state *s, const tb_move *m, char *why,
                          size_t n)
{
	tb_state w = *s;
	int p = tb_geo_at(&rs->geo, m->parts[0].pt), start = p, hops = 0;
	uint8_t c = s->cell[p];
	int cool = (c & COOL) != 0;
	int relief_only = S_type(c) != WARRIOR && S_stage2(s, S_side(c)) &&
	                  rs->opt[O_CROWNED_MOVE] == 0;
	set seen = S_bit(p);
	for (unsigned i = 1; i < m->nparts; i++) {
		if (m->parts[i].kind != TB_PART_HOP)
			return 0;
		if (hops++ && rs->opt[O_CHAIN] == 0) {
			snprintf(why, n, "one jump a turn (chain=no)");
			return 1;
		}
		int land = tb_geo_at(&rs->geo, m->parts[i].pt);
		S_hop h;
		if (S_explain_hop_shape(rs, &w, p, land, seen, &h, why, n))
			return 1;
		const tb_part *sub = i + 1 < m->nparts && m->parts[i + 1].kind != TB_PART_HOP
		                         ? &m->parts[i + 1] : NULL;
		if (S_explain_after_hop(rs, &w, m, i, sub, p, &h, cool, relief_only, start, why, n))
			return 1;
		i += sub != NULL;
		seen |= S_bit(land);
		p = land;
	}
	return 0;
}

/* The crown marker of legal turn 't' against the one written. */
static void S_explain_crown(const tb_ruleset *rs, const tb_state *s, const tb_turn *t,
                            const tb_move *m, char *why, size_t n)
{
	tb_state w = *s;
	tb_events ev;
	S_apply(rs, &w, t, &ev);
	tb_buf tok = TB_BUF_INIT;
	tb_move right = {t->nparts, t->crown, (tb_part *)t->parts};
	tb_move_write(&tok, &right);
	int at = -1, mover = tb_geo_at(&rs->geo, t->parts[0].pt);
	for (unsigned i = 0; i < t->nparts; i++) /* where the moving piece ends */
		if (t->parts[i].kind != TB_PART_PUSH && t->parts[i].kind != TB_PART_RELOCATE)
			mover = tb_geo_at(&rs->geo, t->parts[i].pt);
	for (unsigned i = 0; i < ev.n; i++) /* the last piece crowned names it */
		if (ev.ev[i].kind == TB_EV_CROWN)
			at = tb_geo_at(&rs->geo, ev.ev[i].a);
	if (!t->crown || at < 0) {
		snprintf(why, n, "this turn crowns no royal piece");
		tb_buf_free(&tok);
		return;
	}
	char who[96], a[4];
	int y = S_side(w.cell[at]), count = S_crowned_count(&w, y);
	S_name(rs, at, a);
	if (at == mover)
		snprintf(who, sizeof who, "the %s reaches the far row and is crowned",
		         S_piece_name[S_type(w.cell[at])]);
	else
		snprintf(who, sizeof who, "%s's %s on %s is crowned", S_side_name[y],
		         S_piece_name[S_type(w.cell[at])], a);
	if (t->crown == 2)
		snprintf(why, n, "%s, %s's third crowned royal piece: its second stage begins: write %s",
		         who, S_side_name[y], tok.data);
	else if (m->crown == 2)
		snprintf(why, n, "%s, but %s's second stage does not begin (%d crowned royal piece%s "
		         "of 3): write %s", who, S_side_name[y], count, count == 1 ? "" : "s", tok.data);
	else
		snprintf(why, n, "%s: write %s", who, tok.data);
	tb_buf_free(&tok);
}

static int S_fits(const tb_turn *t, const tb_move *m)
{
	if (t->nparts != m->nparts)
		return 0;
	for (unsigned i = 0; i < t->nparts; i++)
		if (t->parts[i].kind != m->parts[i].kind || t->parts[i].pt != m->parts[i].pt)
			return 0;
	return 1;
}

static void S_explain(const tb_ruleset *rs, const tb_state *s, const tb_move *m, char *why,
                      size_t n)
{
	const tb_geometry *g = &rs->geo;
	int side = s->to_move;
	for (unsigned i = 0; i < m->nparts; i++)
		if (m->parts[i].pt == TB_PT_UNKNOWN || tb_geo_at(g, m->parts[i].pt) < 0) {
			snprintf(why, n, "no legal turn fits it");
			return;
		}
	tb_turns l = {NULL, 0};
	size_t count = tb_turns_generate(rs, s, &l);
	for (size_t i = 0; i < count; i++)
		if (S_fits(&l.v[i], m)) { /* legal but for its crown marker */
			S_explain_crown(rs, s, &l.v[i], m, why, n);
			tb_turns_free(&l);
			return;
		}
	tb_turns_free(&l);
	snprintf(why, n, "no legal turn fits it");
	if (m->nparts < 2)
		return;
	int p = tb_geo_at(g, m->parts[0].pt), q = tb_geo_at(g, m->parts[1].pt);
	char a[4];
	S_name(rs, p, a);
	if (!s->cell[p]) {
		snprintf(why, n, "%s is empty", a);
	} else if (S_side(s->cell[p]) != side) {
		snprintf(why, n, "%s holds a %s piece, not a %s one", a, S_side_name[!side],
		         S_side_name[side]);
	} else if (m->parts[1].kind == TB_PART_STEP) {
		S_explain_step(rs, s, p, q, why, n);
	} else if (m->parts[1].kind == TB_PART_CAPTURE) {
		S_explain_capture(rs, s, p, q, why, n);
	} else {
		S_explain_hops(rs, s, m, why, n);
	}
}

const tb_rules tb_rules_ocencahuac = {
	.configure = S_configure,
	.load = S_load,
	.save = S_save,
	.generate = S_generate,
	.play = S_play,
	.over = S_over,
	.explain = S_explain,
};
