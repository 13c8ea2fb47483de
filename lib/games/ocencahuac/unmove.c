/*
 * games/ocencahuac/unmove.c -- Ocencahuac's turns undone, as
 * occupancies (tb_rules.unmove; spec/reconstruct.md §2): a superset of
 * where the pieces, of each type, may have stood one turn before, for
 * a search of a gap from both ends. The forward engine (rules.c) stays
 * the judge: this only says which positions may lie on a line, never
 * which do.
 *
 * In the first stage a turn is a pass, a step to an adjacent cell (a
 * Prince only under prince=step), a Prince's L (but under prince=step),
 * or one hop over a run of pieces to the first empty cell beyond (not
 * by a Prince under prince=leap), each enemy royal piece of the run
 * pushed along its file or its rank (spec/games/ocencahuac.md §3-4).
 * Undone: the mover's piece goes back one step, one L, or over a run;
 * the run's cells that are empty now, and those a pushed piece may have
 * come to, held pushed enemy royal pieces, which stand now on the file
 * or rank of a run cell. Captures, slides and relocations are of the
 * second stage, which never ends: a target with no side in it has none
 * on the line. A chain of hops (chain=yes) and pushed Warriors
 * (push_target=enemy) are not undone (SIZE_MAX).
 */
#include "ocencahuac.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

enum { FILES = 5, PRINCE = 2, WARRIOR = 3, MAXPOOL = 6 };

static const int S_dirs[4][2] = {{0, 1}, {0, -1}, {-1, 0}, {1, 0}};
static const int S_leaps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                  {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

typedef struct S_un {
	const tb_ruleset *rs;
	const tb_state *from; /* NULL, or where the line began, 'turns' turns before */
	int count[2][WARRIOR + 1]; /* its pieces of each side and type (S_start) */
	int royal[2][WARRIOR];     /* where its royal pieces stand (one of a type) */
	int wpts[2][4];            /* where its Warriors stand (four at most) */
	unsigned mine[2];          /* the turns each side plays from there */
	int home;                  /* push_dir=home */
	unsigned turns;
	int ranks;
	int mover;           /* the side that played the turn undone */
	int wide;            /* more pushed pieces than this undoes: SIZE_MAX */
	int other_fits;      /* S_side_fits of the side that did not move, in 'q' */
	int hop_at, hop_from, hop_type; /* the hop S_place puts pushed pieces back for */
	uint64_t qmask[WARRIOR + 1]; /* the mover's pieces of each type in 'q' */
	unsigned qterm[WARRIOR + 1]; /* and their S_term */
	const tb_occ *q;
	tb_occ *out;
	size_t n, cap;
} S_un;

static int S_at(const S_un *u, int f, int r)
{
	return f >= 0 && f < FILES && r >= 0 && r < u->ranks ? r * FILES + f : -1;
}

static uint64_t S_bit(int p) { return (uint64_t)1 << p; }

static void S_occ(const tb_ruleset *rs, const tb_state *s, tb_occ *out);

static int S_type(const tb_occ *o, int p)
{
	return (int)(o->kind[0] >> p & 1) | (int)(o->kind[1] >> p & 1) << 1;
}

/* The points of side 'y''s pieces of type 't' in 'o'. */
static uint64_t S_of_type(const tb_occ *o, int y, int t)
{
	uint64_t k0 = t & 1 ? o->kind[0] : ~o->kind[0], k1 = t & 2 ? o->kind[1] : ~o->kind[1];
	return o->bits[y] & k0 & k1;
}

static uint64_t S_royals(const tb_occ *o, int y) { return o->bits[y] & ~(o->kind[0] & o->kind[1]); }

/* Takes the piece on 'p' off 'o'; returns its type. */
static int S_lift(tb_occ *o, int p)
{
	int t = S_type(o, p);
	o->bits[0] &= ~S_bit(p);
	o->bits[1] &= ~S_bit(p);
	o->kind[0] &= ~S_bit(p);
	o->kind[1] &= ~S_bit(p);
	return t;
}

static void S_drop(tb_occ *o, int p, int y, int t)
{
	o->bits[y] |= S_bit(p);
	o->kind[0] |= (uint64_t)(t & 1) << p;
	o->kind[1] |= (uint64_t)(t >> 1 & 1) << p;
}

/* The least turns of its own a side needs to take its Warriors from
 * the 'n' points 'pa' to 'b' (as many, at most four): a turn moves one,
 * along one rank or one file, and nothing else moves them in the first
 * stage (push_target=royal, chain=no; bound.c argues it). */
static unsigned S_warrior_turns(const int *pa, int n, uint64_t b)
{
	int pb[4];
	for (int k = 0; b; b &= b - 1)
		pb[k++] = __builtin_ctzll(b);
	static const int ways[24][4] = {
	        {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
	        {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
	        {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
	        {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0}};
	static const int nways[5] = {1, 1, 2, 6, 24}; /* the first n! ways permute 0..n-1 */
	unsigned cost[4][4], best = ~0u;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			cost[i][j] = (unsigned)(pa[i] % FILES != pb[j] % FILES) +
			             (unsigned)(pa[i] / FILES != pb[j] / FILES);
	for (int w = 0; w < nways[n]; w++) {
		unsigned c = 0;
		for (int i = 0; i < n; i++) /* ways 0..n!-1 end in n..3: reversed, they lead with 0..n-1 */
			c += cost[i][ways[w][3 - i] - (4 - n)];
		if (c < best)
			best = c;
	}
	return best;
}

/* The turns of its own side 'y' needs to bring its pieces of type 't'
 * from the start to 'now': its Warriors' (S_warrior_turns), one for a
 * royal piece further from its home row than at the start (pushes only
 * carry them back or sideways: push_dir=home). UINT_MAX when the count
 * differs: no piece is made or taken in the first stage. */
static unsigned S_term(const S_un *u, int y, int t, uint64_t now)
{
	if (tb_popcount(now) != u->count[y][t])
		return UINT_MAX;
	if (t == WARRIOR)
		return u->count[y][t] <= 4 ? S_warrior_turns(u->wpts[y], u->count[y][t], now) : 0;
	if (u->count[y][t] != 1 || !u->home)
		return 0;
	int p = u->royal[y][t], q = __builtin_ctzll(now);
	return (unsigned)(y == 0 ? q / FILES > p / FILES : q / FILES < p / FILES);
}

/* May the line's start have brought side 'y''s pieces where 'o' has
 * them in u->turns turns? */
static int S_side_fits(const S_un *u, const tb_occ *o, int y)
{
	if (!u->from)
		return 1;
	unsigned need = 0;
	for (int t = 0; t <= WARRIOR; t++) {
		unsigned c = S_term(u, y, t, S_of_type(o, y, t));
		if (c == UINT_MAX || (need += c) > u->mine[y])
			return 0;
	}
	return 1;
}

/* S_side_fits of the mover's pieces in u->q with the one on 'at' (of
 * type 't') back on 'p' ('at' -1: none moved, a pass): the other types'
 * terms are u->q's, made once an undo (S_mover_terms). */
static int S_mover_fits(const S_un *u, int at, int p, int t)
{
	if (!u->from)
		return 1;
	unsigned need = 0;
	for (int k = 0; k <= WARRIOR; k++) {
		unsigned c = u->qterm[k];
		if (k == t && at >= 0)
			c = S_term(u, u->mover, k,
			           (u->qmask[k] & ~((uint64_t)1 << at)) | (uint64_t)1 << p);
		if (c == UINT_MAX || (need += c) > u->mine[u->mover])
			return 0;
	}
	return 1;
}

static void S_mover_terms(S_un *u)
{
	for (int t = 0; t <= WARRIOR; t++) {
		u->qmask[t] = S_of_type(u->q, u->mover, t);
		u->qterm[t] = S_term(u, u->mover, t, u->qmask[t]);
	}
}

/* The start's pieces, as S_side_fits reads them. */
static void S_start(S_un *u, const tb_ruleset *rs)
{
	tb_occ a;
	S_occ(rs, u->from, &a);
	u->home = rs->opt[O_PUSH_DIR] == DIR_HOME;
	for (int y = 0; y < 2; y++) {
		u->mine[y] = y == u->from->to_move ? (u->turns + 1) / 2 : u->turns / 2;
		for (int t = 0; t <= WARRIOR; t++) {
			uint64_t was = S_of_type(&a, y, t);
			u->count[y][t] = tb_popcount(was);
			if (t < WARRIOR)
				u->royal[y][t] = was ? __builtin_ctzll(was) : -1;
			for (int k = 0; t == WARRIOR && was && k < 4; was &= was - 1)
				u->wpts[y][k++] = __builtin_ctzll(was);
		}
	}
}

/* One occupancy before, 'o', kept when the start may reach it: the
 * mover's piece on 'at' (of type 't'; -1: a pass) back on 'p', the other
 * side's pieces as they are in u->q unless 'pushed'. */
static void S_emit(S_un *u, tb_occ *o, int at, int p, int t, int pushed)
{
	o->to_move = (uint8_t)u->mover;
	if (!S_mover_fits(u, at, p, t) ||
	    (pushed ? !S_side_fits(u, o, !u->mover) : !u->other_fits))
		return;
	if (u->n < u->cap)
		u->out[u->n] = *o;
	u->n++;
}

/* The mover's piece on 'at' back by each of 'n' deltas to an empty cell. */
static void S_back(S_un *u, int at, const int (*d)[2], int n)
{
	const tb_occ *q = u->q;
	for (int k = 0; k < n; k++) {
		int p = S_at(u, at % FILES + d[k][0], at / FILES + d[k][1]);
		if (p < 0 || ((q->bits[0] | q->bits[1]) & S_bit(p)))
			continue;
		tb_occ w = *q;
		int t = S_lift(&w, at);
		S_drop(&w, p, u->mover, t);
		S_emit(u, &w, at, p, t, 0);
	}
}

/* The cells of the file and of the rank of each cell of 'run'. */
static uint64_t S_lines(const S_un *u, uint64_t run)
{
	uint64_t m = 0;
	for (; run; run &= run - 1) {
		int c = __builtin_ctzll(run);
		for (int r = 0; r < u->ranks; r++)
			m |= S_bit(r * FILES + c % FILES);
		for (int f = 0; f < FILES; f++)
			m |= S_bit((c / FILES) * FILES + f);
	}
	return m;
}

/* Puts the pieces of 'src' (their types 'typ') back on the cells 'dst'
 * in every order, 'i' placed so far, into 'w' (the jumper back
 * already), emitting each. */
static void S_place(S_un *u, tb_occ *w, const int *dst, const int *typ, int n, int i,
                    unsigned used)
{
	if (i == n) {
		S_emit(u, w, u->hop_at, u->hop_from, u->hop_type, 1);
		return;
	}
	for (int k = 0; k < n; k++) {
		if (used >> k & 1)
			continue;
		tb_occ v = *w;
		S_drop(&v, dst[i], !u->mover, typ[k]);
		S_place(u, &v, dst, typ, n, i + 1, used | 1u << k);
	}
}

/* A hop to 'at' from 'p' over 'run' undone. The run's empty cells held
 * pushed enemy royal pieces, and so may its cells that hold one now
 * (another pushed piece came there); the pieces pushed stand now on the
 * lines of the run ('pool'), the one on 'p' among them when an enemy
 * piece stands there (the jumper had left it). Every choice of the
 * cells ('holes' and some of 'again') and of the pieces put back. */
static void S_unhop(S_un *u, int at, int p, uint64_t run)
{
	const tb_occ *q = u->q;
	int e = !u->mover;
	uint64_t holes = run & ~(q->bits[0] | q->bits[1]), again = run & S_royals(q, e);
	uint64_t pool = S_royals(q, e) & S_lines(u, run), must = q->bits[e] & S_bit(p);
	int t = S_type(q, at);
	if ((must & ~pool) || (!holes && !must && !again)) {
		if (!must && !holes) { /* nothing pushed */
			tb_occ w = *q;
			S_drop(&w, p, u->mover, S_lift(&w, at));
			S_emit(u, &w, at, p, t, 0);
		}
		return;
	}
	u->hop_at = at;
	u->hop_from = p;
	u->hop_type = t;
	int pc[MAXPOOL], np = 0;
	if (tb_popcount(pool) > MAXPOOL) {
		u->wide = 1;
		return;
	}
	for (uint64_t m = pool; m; m &= m - 1)
		pc[np++] = __builtin_ctzll(m);
	for (uint64_t x = again;; x = (x - 1) & again) { /* the cells put back: holes | x */
		uint64_t cells = holes | x;
		int nc = tb_popcount(cells);
		for (unsigned pick = 0; pick < 1u << np; pick++) {
			uint64_t src = 0;
			for (int k = 0; k < np; k++)
				if (pick >> k & 1)
					src |= S_bit(pc[k]);
			if (tb_popcount(src) != nc || (src & must) != must || (x & ~src))
				continue;
			tb_occ w = *q;
			int dst[MAXPOOL], typ[MAXPOOL], n = 0;
			for (uint64_t m = src; m; m &= m - 1)
				typ[n++] = S_lift(&w, __builtin_ctzll(m));
			n = 0;
			for (uint64_t m = cells; m; m &= m - 1)
				dst[n++] = __builtin_ctzll(m);
			S_drop(&w, p, u->mover, S_lift(&w, at));
			if (nc == 0)
				S_emit(u, &w, at, p, t, 0);
			else
				S_place(u, &w, dst, typ, nc, 0, 0);
		}
		if (!x)
			break;
	}
}

/* The hops that may have ended on 'at': from each cell 'p' two or more
 * cells behind it on a line, not the mover's, over the cells between. */
static void S_unhops(S_un *u, int at)
{
	uint64_t own = u->q->bits[u->mover];
	for (int d = 0; d < 4; d++) {
		uint64_t run = 0;
		for (int k = 1;; k++) {
			int p = S_at(u, at % FILES + k * S_dirs[d][0], at / FILES + k * S_dirs[d][1]);
			if (p < 0)
				break;
			if (k >= 2 && !(own & S_bit(p)))
				S_unhop(u, at, p, run);
			run |= S_bit(p);
		}
	}
}

static size_t S_undo(const tb_ruleset *rs, const tb_state *from, unsigned turns,
                     const tb_state *target, const tb_occ *q, tb_occ *out, size_t cap)
{
	if (target->stage || rs->opt[O_CHAIN] == CHAIN_YES ||
	    rs->opt[O_PUSH_TARGET] != TARGET_ROYAL || rs->geo.npoints > 64)
		return SIZE_MAX;
	S_un u;
	memset(&u, 0, sizeof u);
	u.rs = rs;
	u.from = from;
	u.turns = turns;
	u.ranks = (int)rs->geo.npoints / FILES;
	u.mover = !q->to_move;
	u.other_fits = 1;
	u.q = q;
	u.out = out;
	u.cap = cap;
	if (from) {
		if ((from->to_move + turns) % 2 != (unsigned)u.mover)
			return 0; /* a position 'turns' after 'from' has the other side to move */
		S_start(&u, rs);
		u.other_fits = S_side_fits(&u, q, !u.mover);
		S_mover_terms(&u);
	}
	tb_occ pass = *q;
	pass.to_move = (uint8_t)u.mover;
	S_emit(&u, &pass, -1, -1, -1, 0);
	int prince = rs->opt[O_PRINCE];
	for (uint64_t m = q->bits[u.mover]; m; m &= m - 1) {
		int at = __builtin_ctzll(m), t = S_type(q, at);
		if (t != PRINCE || prince == PRINCE_STEP)
			S_back(&u, at, S_dirs, 4);
		if (t == PRINCE && prince != PRINCE_STEP)
			S_back(&u, at, S_leaps, 8);
		if (t != PRINCE || prince != PRINCE_LEAP)
			S_unhops(&u, at);
	}
	return u.wide ? SIZE_MAX : u.n;
}

static void S_occ(const tb_ruleset *rs, const tb_state *s, tb_occ *out)
{
	(void)rs;
	out->bits[0] = s->bits[0];
	out->bits[1] = s->bits[1];
	out->kind[0] = out->kind[1] = 0;
	for (uint64_t m = s->bits[0] | s->bits[1]; m; m &= m - 1) {
		int p = __builtin_ctzll(m), t = TB_CELL_TYPE(s->cell[p]);
		out->kind[0] |= (uint64_t)(t & 1) << p;
		out->kind[1] |= (uint64_t)(t >> 1 & 1) << p;
	}
	out->to_move = s->to_move;
}

const tb_unmoves tb_unmoves_ocencahuac = {S_occ, S_undo};
