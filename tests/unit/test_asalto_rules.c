/*
 * test_asalto_rules.c -- a second, deliberately simple Asalto move
 * generator, written from the rules (spec/games/asalto.md; spec/tgn.md
 * §5.1, §6.2, §7.2, §9 for turn numbers, the board, tokens and
 * positions), not from lib/games/asalto/rules.c, checked against the
 * library's rules engine through the public API only (tb_engine_*,
 * tb_reader_validate).
 *
 * The second generator knows the board only as lists of point names:
 * the points, the straight lines (rows, files, diagonals) and the
 * fortress. A step is two consecutive names of a line, a jump three
 * consecutive names; everything is found by scanning every line, both
 * ways, for every piece. Turns are kept as their canonical tokens
 * ("c3-c4", "d6xd4xb4", "Hd6/c3-c4", "pass") with the position they
 * lead to. An Asalto position carries all its state in its notation
 * (the defenders that may be huffed are its huff=... key), so the two
 * generators can be compared position by position.
 *
 * What is compared (the rules of tablero 0.2: chain=straight and
 * lockout=draw by default; one_turn, right_angles (once angle),
 * forward=path, huff=compulsory; spec §8):
 *   0. the second generator's own tables (points, edges, distances to
 *      the fortress over every line and over the red lines, the
 *      lockout closure on a few positions);
 *   1. perft from the start to depth 5 with three recorded setups of
 *      the defenders, under the defaults and the old defaults
 *      (chain=zigzag; lockout=play), against the library and,
 *      for depths 1-2, against counts worked out by hand;
 *   2. perft to depth 3-4 from positions with long chains (and a few
 *      endings), and from positions that exercise each changed rule
 *      (chains turning once, twice, three times; a capture beside a
 *      step; a5-a4 by each sense of forward; the attackers shutting the
 *      defenders out, or not), for every value of every option and some
 *      combinations; which settings must change the counts, or not;
 *      depths 1-2 by hand for those positions;
 *   3. token lists written by hand: chains under each chain= value,
 *      coming back to their start point or a landing point, no attacker
 *      jumped twice, the other defender never jumped; only the whole
 *      captures under huff=compulsory; the attackers' steps under each
 *      colour and sense of forward; blocked sides; huffs, and a huff=
 *      key left aside; the lockout;
 *   4. huffs through tb_reader_validate: after a defender passes up a
 *      capture, every attackers' turn the second generator allows is
 *      accepted in a record and every other candidate refused; the
 *      position the library reports after the defenders' turn carries
 *      the same huff=...; then the examples of spec/games/asalto.md
 *      (and the ends: which end, in the order of spec §4, and result);
 *   5. random playouts of the second generator: at every position the
 *      SET of legal tokens (tb_engine_divide on the position's
 *      notation) is the same; each game is replayed by
 *      tb_reader_validate, which must accept it and report the same
 *      positions; games the library plays (tb_engine_random_game) are
 *      replayed by the second generator, which must find each turn
 *      legal and end where the library ends, for the same reason when
 *      it is the lockout, with the same result; then random positions,
 *      most with the defenders out of the fortress: the same turns,
 *      the same end; and random positions near each end on the board
 *      (defenders packed in, shut out or beside a way back, the fortress
 *      nearly full, few attackers), which the library's game-over test
 *      on bit sets must not tell from its full tests.
 *
 * The lockout (spec §4) is judged as a closure: from the defenders'
 * points, steps to free points and jumps over an attacker to a free
 * point (which frees the attacker's point), the attackers standing
 * still, until nothing is added; shut out when no fortress point is
 * reached. The closure is the two defenders' together (spec §4: a point
 * either one's jumps free is free for both, see H_LOCK_JOINT), and the
 * other defender's point counts as free (the defenders move; only the
 * attackers stand still): see H_MUTUAL.
 */
#include "tb_test.h"

#include <ctype.h>

/* ===== The board (spec/tgn.md §6.2) ===== */

#define A_NPTS 33

/* By rank, then file: the canonical order of a position's pieces. */
static const char *const A_names[A_NPTS] = {
	"c1", "d1", "e1", "c2", "d2", "e2",
	"a3", "b3", "c3", "d3", "e3", "f3", "g3",
	"a4", "b4", "c4", "d4", "e4", "f4", "g4",
	"a5", "b5", "c5", "d5", "e5", "f5", "g5",
	"c6", "d6", "e6", "c7", "d7", "e7"};

/* The straight lines, each a list of points in order along it. */
static const char *const A_ortho[] = {
	"c1 d1 e1", "c2 d2 e2", "a3 b3 c3 d3 e3 f3 g3", "a4 b4 c4 d4 e4 f4 g4",
	"a5 b5 c5 d5 e5 f5 g5", "c6 d6 e6", "c7 d7 e7",
	"c1 c2 c3 c4 c5 c6 c7", "d1 d2 d3 d4 d5 d6 d7", "e1 e2 e3 e4 e5 e6 e7",
	"a3 a4 a5", "b3 b4 b5", "f3 f4 f5", "g3 g4 g5", NULL};
static const char *const A_diag[] = {
	"c1 d2 e3 f4 g5", "e1 d2 c3 b4 a5", "a3 b4 c5 d6 e7", "g3 f4 e5 d6 c7",
	"c3 d4 e5", "e3 d4 c5", NULL};
static const char *const A_fortress = "c5 d5 e5 c6 d6 e6 c7 d7 e7";

static int A_index(const char *name, size_t len)
{
	for (int i = 0; len == 2 && i < A_NPTS; i++)
		if (A_names[i][0] == name[0] && A_names[i][1] == name[1])
			return i;
	return -1;
}

static int A_file(int q)
{
	return A_names[q][0] - 'a';
}

static int A_rank(int q)
{
	return A_names[q][1] - '0';
}

/* ===== Rules ===== */

enum { B_DIAGONALS, B_HORIZONTALS, B_FORTRESS };
enum { F_RANK, F_FORTRESS, F_PATH };
enum { C_STRAIGHT, C_ONE_TURN, C_ZIGZAG, C_RIGHT_ANGLES };
enum { H_OPTIONAL, H_AUTOMATIC, H_OFF, H_COMPULSORY };

#define A_FAR 99 /* no path to the fortress: infinitely far */

typedef struct A_rules {
	int first_def;    /* first=defenders */
	int nodiag;       /* diagonals=none */
	int blue;         /* B_* */
	int forward;      /* F_* */
	int chain;        /* C_* */
	int huff;         /* H_* */
	int mover;        /* huff_target=mover */
	int lose;         /* immobile=lose */
	int lock_play;    /* lockout=play */
} A_rules;

typedef struct A_ctx {
	A_rules r;
	int nlines, len[24];
	int line[24][7];
	char fort[A_NPTS];
	int dist[A_NPTS];     /* steps to the nearest fortress point, over every line */
	int dist_red[A_NPTS]; /* the same over the red lines only (forward=path) */
} A_ctx;

static int A_red(const A_ctx *c, int a, int b);

/* Steps to the nearest fortress point into 'dist', over the edges of
 * the lines (only the red ones when 'red'): relax every edge until
 * nothing changes. */
static void A_distances(const A_ctx *c, int red, int *dist)
{
	for (int q = 0; q < A_NPTS; q++)
		dist[q] = c->fort[q] ? 0 : A_FAR;
	for (int changed = 1; changed;) {
		changed = 0;
		for (int l = 0; l < c->nlines; l++)
			for (int k = 0; k + 1 < c->len[l]; k++) {
				int a = c->line[l][k], b = c->line[l][k + 1];
				if (red && !A_red(c, a, b))
					continue;
				if (dist[a] + 1 < dist[b])
					dist[b] = dist[a] + 1, changed = 1;
				if (dist[b] + 1 < dist[a])
					dist[a] = dist[b] + 1, changed = 1;
			}
	}
}

/* Reads "key=value; key=value" (the options of [Rules]). */
static void A_setup(A_ctx *c, const char *rules)
{
	memset(c, 0, sizeof *c);
	char copy[512];
	snprintf(copy, sizeof copy, "%s", rules ? rules : "");
	for (char *item = strtok(copy, ";"); item; item = strtok(NULL, ";")) {
		while (*item == ' ')
			item++;
		if (!*item)
			continue;
		char *eq = strchr(item, '=');
		assert_non_null(eq);
		*eq = '\0';
		const char *k = item, *v = eq + 1;
		/* spec §3: chain=angle is the old name of chain=right_angles */
		if (!strcmp(k, "chain") && !strcmp(v, "angle"))
			v = "right_angles";
		int ok = 1;
#define A_OPT(key, field, ...)                                                 \
	else if (strcmp(k, key) == 0)                                          \
	{                                                                      \
		static const char *const vals[] = {__VA_ARGS__, NULL};         \
		int i = 0;                                                     \
		while (vals[i] && strcmp(vals[i], v))                          \
			i++;                                                   \
		ok = vals[i] != NULL;                                          \
		c->r.field = i;                                                \
	}
		if (0) {
		}
		/* the default first (spec §6) */
		A_OPT("first", first_def, "attackers", "defenders")
		A_OPT("diagonals", nodiag, "alquerque", "none")
		A_OPT("blue", blue, "diagonals", "horizontals", "fortress")
		A_OPT("forward", forward, "rank", "fortress", "path")
		A_OPT("chain", chain, "straight", "one_turn", "zigzag", "right_angles")
		A_OPT("huff", huff, "optional", "automatic", "off", "compulsory")
		A_OPT("huff_target", mover, "capturer", "mover")
		A_OPT("immobile", lose, "pass", "lose")
		A_OPT("lockout", lock_play, "draw", "play")
		else ok = 0;
#undef A_OPT
		if (!ok)
			print_message("bad option %s=%s\n", k, v);
		assert_true(ok);
	}
	/* the lines: the orthogonal ones, and the diagonals unless none */
	int n = 0;
	for (int set = 0; set < 2; set++) {
		const char *const *lines = set ? A_diag : A_ortho;
		if (set && c->r.nodiag)
			break;
		for (; *lines; lines++, n++) {
			const char *s = *lines;
			c->len[n] = 0;
			while (*s) {
				size_t k = strcspn(s, " ");
				int i = A_index(s, k);
				assert_true(i >= 0);
				c->line[n][c->len[n]++] = i;
				s += k + (s[k] == ' ');
			}
		}
	}
	c->nlines = n;
	for (const char *s = A_fortress; *s; s += 2 + (s[2] == ' ')) {
		int i = A_index(s, 2);
		assert_true(i >= 0);
		c->fort[i] = 1;
	}
	A_distances(c, 0, c->dist);
	A_distances(c, 1, c->dist_red);
}

/* May the attackers use the edge a-b (a red line)? */
static int A_red(const A_ctx *c, int a, int b)
{
	switch (c->r.blue) {
	case B_DIAGONALS:
		return A_file(a) == A_file(b) || A_rank(a) == A_rank(b);
	case B_HORIZONTALS:
		return !(A_rank(a) == A_rank(b) && A_rank(a) <= 4);
	default:
		return !(c->fort[a] && c->fort[b]);
	}
}

/* Is the attackers' step a -> b forwards or sideways? By rank; under
 * forward=fortress or path by the distance to the fortress (over every
 * line, or over the red ones), by rank again inside the fortress. */
static int A_not_back(const A_ctx *c, int a, int b)
{
	if (c->r.forward == F_RANK || (c->fort[a] && c->fort[b]))
		return A_rank(b) >= A_rank(a);
	const int *d = c->r.forward == F_PATH ? c->dist_red : c->dist;
	return d[b] <= d[a];
}

/* The attackers' steps on 'board' (into 'from'/'to' when not NULL). */
static int A_att_steps(const A_ctx *c, const char *board, int *from, int *to)
{
	int n = 0;
	for (int l = 0; l < c->nlines; l++)
		for (int k = 0; k + 1 < c->len[l]; k++)
			for (int rev = 0; rev < 2; rev++) {
				int a = c->line[l][k + rev], b = c->line[l][k + 1 - rev];
				if (board[a] != 1 || board[b] != 0 || !A_red(c, a, b) ||
				    !A_not_back(c, a, b))
					continue;
				if (from)
					from[n] = a, to[n] = b;
				n++;
			}
	return n;
}

/* May a jump in direction (dx,dy) follow one in (ldx,ldy) ((0,0): the
 * chain's first jump), the chain having changed direction 'turns'
 * times so far? (A jump never goes straight back: the attacker it
 * would pass over is gone.) */
static int A_turn_ok(const A_ctx *c, int ldx, int ldy, int turns, int dx, int dy)
{
	if (!ldx && !ldy)
		return 1;
	if (dx == ldx && dy == ldy)
		return 1;
	switch (c->r.chain) {
	case C_ONE_TURN:
		return turns == 0;
	case C_ZIGZAG:
		return 1;
	case C_RIGHT_ANGLES:
		return dx * ldx + dy * ldy == 0;
	default:
		return 0;
	}
}

/* Can a defender on 'at' jump, after a jump in (ldx,ldy) and 'turns'
 * changes of direction? */
static int A_can_jump(const A_ctx *c, const char *board, int at, int ldx, int ldy, int turns)
{
	for (int l = 0; l < c->nlines; l++)
		for (int k = 0; k + 2 < c->len[l]; k++)
			for (int rev = 0; rev < 2; rev++) {
				int a = c->line[l][rev ? k + 2 : k], m = c->line[l][k + 1],
				    b = c->line[l][rev ? k : k + 2];
				if (a == at && board[m] == 1 && board[b] == 0 &&
				    A_turn_ok(c, ldx, ldy, turns, A_file(m) - A_file(a),
				              A_rank(m) - A_rank(a)))
					return 1;
			}
	return 0;
}

/* Can any defender on 'board' start a capture? */
static int A_any_capture(const A_ctx *c, const char *board)
{
	for (int d = 0; d < A_NPTS; d++)
		if (board[d] == 2 && A_can_jump(c, board, d, 0, 0, 0))
			return 1;
	return 0;
}

/* Can the defender on 'd' step anywhere? */
static int A_can_step(const A_ctx *c, const char *board, int d)
{
	for (int l = 0; l < c->nlines; l++)
		for (int k = 0; k + 1 < c->len[l]; k++)
			for (int rev = 0; rev < 2; rev++)
				if (c->line[l][k + rev] == d && board[c->line[l][k + 1 - rev]] == 0)
					return 1;
	return 0;
}

/* Are there huffs at all (huff=optional or automatic)? */
static int A_huffs(const A_ctx *c)
{
	return c->r.huff == H_OPTIONAL || c->r.huff == H_AUTOMATIC;
}

/* spec §4, lockout: are the defenders out of the fortress with no way
 * back in on the board as it stands? One defender at least on the
 * board, none in the fortress, and the closure of the defenders' points
 * under steps (to a free point, along any line) and jumps (over an
 * attacker to a free point beyond, which frees the attacker's point),
 * the attackers standing still, holds no fortress point. Free: empty,
 * a defender's (the defenders move), or freed by a jump. */
static int A_shut_out(const A_ctx *c, const char *board)
{
	char reach[A_NPTS], free_[A_NPTS];
	int defenders = 0;
	for (int q = 0; q < A_NPTS; q++) {
		if (board[q] == 2 && c->fort[q])
			return 0;
		defenders += board[q] == 2;
		reach[q] = board[q] == 2;
		free_[q] = board[q] != 1;
	}
	if (!defenders)
		return 0;
	for (int changed = 1; changed;) {
		changed = 0;
		for (int l = 0; l < c->nlines; l++)
			for (int rev = 0; rev < 2; rev++)
				for (int k = 0; k + 1 < c->len[l]; k++) {
					int a = c->line[l][rev ? c->len[l] - 1 - k : k];
					int b = c->line[l][rev ? c->len[l] - 2 - k : k + 1];
					if (!reach[a])
						continue;
					if (free_[b] && !reach[b])
						reach[b] = 1, changed = 1;
					if (k + 2 < c->len[l] && !free_[b]) {
						int to = c->line[l][rev ? c->len[l] - 3 - k : k + 2];
						if (free_[to] && !reach[to])
							reach[to] = 1, changed = 1;
						if (free_[to])
							free_[b] = 1, changed = 1;
					}
				}
	}
	for (int q = 0; q < A_NPTS; q++)
		if (c->fort[q] && reach[q])
			return 0;
	return 1;
}

/* ===== Positions and turns ===== */

typedef struct A_pos {
	char board[A_NPTS]; /* 0 empty, 1 attacker, 2 defender */
	char huff[A_NPTS];  /* the defenders that may be huffed now */
	int stm, number;    /* 0 attackers, 1 defenders */
} A_pos;

#define A_TOKLEN 96
#define A_MAX 4096 /* room for the legal turns of the positions tested here */

typedef struct A_turn {
	char tok[A_TOKLEN];
	A_pos next;
} A_turn;

typedef struct A_out {
	A_turn *t;
	size_t n;
} A_out;

static A_turn *A_add(A_out *o)
{
	assert_true(o->n < A_MAX);
	A_turn *t = &o->t[o->n++];
	return t;
}

static int A_count(const char *board, int who)
{
	int n = 0;
	for (int q = 0; q < A_NPTS; q++)
		n += board[q] == who;
	return n;
}

/* The position after a turn of the side to move of 'p' with board 'b':
 * the other side to move, nothing huffable, the turn number counted on
 * after the defenders' turn. spec/tgn.md §5.1: "12." stands before the
 * first side's turn, "12..." before the second side's, and the first
 * side of the roster (§4.1) is the attackers, whoever begins: under
 * first=defenders a game starts "1... d6-d5 2. c3-c4". */
static void A_after(const A_pos *p, const char *b, A_pos *next)
{
	memcpy(next->board, b, A_NPTS);
	memset(next->huff, 0, sizeof next->huff);
	next->stm = 1 - p->stm;
	next->number = p->number + (p->stm == 1);
}

static int A_def_can_move(const A_ctx *c, const char *board)
{
	for (int d = 0; d < A_NPTS; d++)
		if (board[d] == 2 && (A_can_step(c, board, d) || A_can_jump(c, board, d, 0, 0, 0)))
			return 1;
	return 0;
}

/* spec §4, held for good: a defender on a fortress point that can never
 * move again. Worked out line by line: start from every piece (a
 * defender the attackers may huff now aside) and strike out, until
 * none is, each attacker with a step (along a red line, not back) to a
 * point not kept, or lying between two points not kept on a line (a
 * defender could come to one and jump it to the other), and each
 * defender with a neighbour not kept, or an attacker next to it with a
 * point not kept beyond. Is a defender left in the fortress? */
static int A_walled(const A_ctx *c, const A_pos *p)
{
	char keep[A_NPTS];
	for (int q = 0; q < A_NPTS; q++)
		keep[q] = p->board[q] != 0 && !(p->board[q] == 2 && p->huff[q]);
	for (int changed = 1; changed;) {
		changed = 0;
		for (int l = 0; l < c->nlines; l++)
			for (int k = 0; k < c->len[l]; k++) {
				int a = c->line[l][k];
				if (!keep[a])
					continue;
				int out = 0;
				for (int dir = -1; dir <= 1 && !out; dir += 2) {
					int i = k + dir, j = k + 2 * dir;
					if (i < 0 || i >= c->len[l])
						continue;
					int b = c->line[l][i], beyond = j >= 0 && j < c->len[l] ? c->line[l][j] : -1;
					int back = k - dir;
					if (p->board[a] == 1)
						out = (!keep[b] && A_red(c, a, b) && A_not_back(c, a, b)) ||
						      (back >= 0 && back < c->len[l] && !keep[b] &&
						       !keep[c->line[l][back]]);
					else
						out = !keep[b] || (p->board[b] == 1 && beyond >= 0 && !keep[beyond]);
				}
				if (out)
					keep[a] = 0, changed = 1;
			}
	}
	for (int q = 0; q < A_NPTS; q++)
		if (c->fort[q] && keep[q] && p->board[q] == 2)
			return 1;
	return 0;
}

/* Why the game is over in 'p' (its result in '*res'), or NULL: the
 * checks in the order of spec §4. */
static const char *A_over(const A_ctx *c, const A_pos *p, const char **res)
{
	int full = 1, inside = 0;
	for (int q = 0; q < A_NPTS; q++)
		if (c->fort[q]) {
			full &= p->board[q] == 1;
			inside |= p->board[q] == 2;
		}
	*res = inside ? "0-1" : "1/2-1/2";
	if (full) {
		*res = "1-0";
		return "the attackers hold the fortress";
	}
	if (!c->r.lock_play && A_shut_out(c, p->board)) {
		*res = "1/2-1/2";
		return "the defenders are shut out";
	}
	if (A_count(p->board, 1) < 9)
		return "fewer than nine attackers";
	if (A_walled(c, p)) {
		*res = "0-1";
		return "a defender is walled in";
	}
	if (p->stm == 0 && !A_att_steps(c, p->board, NULL, NULL))
		return "the attackers cannot step";
	if (p->stm == 1 && c->r.lose && !A_def_can_move(c, p->board)) {
		*res = "1-0";
		return "the defenders cannot move";
	}
	return NULL;
}

/* The chains from 'at' on 'b' (the jumper lifted, captures removed),
 * the last jump in (ldx,ldy) after 'turns' changes of direction; 'tok'
 * holds the chain so far. Under huff=compulsory a chain is a turn only
 * where it cannot go on. */
static void A_chain(const A_ctx *c, const A_pos *p, char *b, int at, int ldx, int ldy,
                    int turns, char *tok, A_out *o)
{
	size_t len = strlen(tok);
	for (int l = 0; l < c->nlines; l++)
		for (int k = 0; k + 2 < c->len[l]; k++)
			for (int rev = 0; rev < 2; rev++) {
				int a = c->line[l][rev ? k + 2 : k], m = c->line[l][k + 1],
				    to = c->line[l][rev ? k : k + 2];
				if (a != at || b[m] != 1 || b[to] != 0)
					continue;
				int dx = A_file(m) - A_file(a), dy = A_rank(m) - A_rank(a);
				if (!A_turn_ok(c, ldx, ldy, turns, dx, dy))
					continue;
				int nturns = turns + ((ldx || ldy) && (dx != ldx || dy != ldy));
				assert_true(len + 4 < A_TOKLEN);
				snprintf(tok + len, A_TOKLEN - len, "x%s", A_names[to]);
				b[m] = 0;
				b[to] = 2;
				int more = A_can_jump(c, b, to, dx, dy, nturns);
				if (!(more && c->r.huff == H_COMPULSORY)) {
					A_turn *t = A_add(o);
					memcpy(t->tok, tok, len + 4);
					A_after(p, b, &t->next);
					/* stopped while it could go on */
					if (A_huffs(c) && more)
						t->next.huff[to] = 1;
				}
				b[to] = 0;
				A_chain(c, p, b, to, dx, dy, nturns, tok, o);
				b[m] = 1;
				tok[len] = '\0';
			}
}

/* The defenders' turns: steps (none under huff=compulsory when a
 * capture can be made) and chains. */
static void A_def_turns(const A_ctx *c, const A_pos *p, A_out *o)
{
	int no_steps = c->r.huff == H_COMPULSORY && A_any_capture(c, p->board);
	for (int d = 0; d < A_NPTS; d++) {
		if (p->board[d] != 2)
			continue;
		for (int l = 0; l < c->nlines && !no_steps; l++)
			for (int k = 0; k + 1 < c->len[l]; k++)
				for (int rev = 0; rev < 2; rev++) {
					int to = c->line[l][k + 1 - rev];
					if (c->line[l][k + rev] != d || p->board[to] != 0)
						continue;
					A_turn *t = A_add(o);
					snprintf(t->tok, A_TOKLEN, "%s-%s", A_names[d], A_names[to]);
					char b[A_NPTS];
					memcpy(b, p->board, sizeof b);
					b[d] = 0;
					b[to] = 2;
					A_after(p, b, &t->next);
					/* a capture passed up: who could capture at the start */
					for (int q = 0; q < A_NPTS && A_huffs(c); q++)
						if (p->board[q] == 2 && (!c->r.mover || q == d) &&
						    A_can_jump(c, p->board, q, 0, 0, 0))
							t->next.huff[q == d ? to : q] = 1;
				}
		char b[A_NPTS], tok[A_TOKLEN];
		memcpy(b, p->board, sizeof b);
		b[d] = 0;
		snprintf(tok, sizeof tok, "%s", A_names[d]);
		A_chain(c, p, b, d, 0, 0, 0, tok, o);
	}
}

/* The attackers' steps, after huffing the defender on 'h' (-1: none). */
static void A_att_turns(const A_ctx *c, const A_pos *p, int h, A_out *o)
{
	char b[A_NPTS];
	memcpy(b, p->board, sizeof b);
	if (h >= 0)
		b[h] = 0;
	int from[200], to[200];
	int n = A_att_steps(c, b, from, to);
	for (int i = 0; i < n; i++) {
		A_turn *t = A_add(o);
		if (h >= 0)
			snprintf(t->tok, A_TOKLEN, "H%s/%s-%s", A_names[h], A_names[from[i]],
			         A_names[to[i]]);
		else
			snprintf(t->tok, A_TOKLEN, "%s-%s", A_names[from[i]], A_names[to[i]]);
		b[from[i]] = 0;
		b[to[i]] = 1;
		A_after(p, b, &t->next);
		b[from[i]] = 1;
		b[to[i]] = 0;
	}
}

/* Every legal turn in 'p' into 'out' (A_MAX of them); none when the
 * game is over. A position's huff= key counts only where there are
 * huffs (under huff=off and compulsory it is left aside). */
static size_t A_gen(const A_ctx *c, const A_pos *p, A_turn *out)
{
	const char *res;
	if (A_over(c, p, &res))
		return 0;
	A_out o = {out, 0};
	if (p->stm == 1) {
		A_def_turns(c, p, &o);
		if (o.n == 0) {
			A_turn *t = A_add(&o);
			strcpy(t->tok, "pass");
			A_after(p, p->board, &t->next);
		}
		return o.n;
	}
	int huffable = 0;
	for (int q = 0; q < A_NPTS; q++)
		huffable |= p->huff[q] && p->board[q] == 2 && A_huffs(c);
	if (!(huffable && c->r.huff == H_AUTOMATIC))
		A_att_turns(c, p, -1, &o);
	for (int q = 0; q < A_NPTS; q++)
		if (huffable && p->huff[q] && p->board[q] == 2)
			A_att_turns(c, p, q, &o);
	return o.n;
}

/* perft: one turn buffer per remaining depth. */
#define A_MAXDEPTH 8
static A_turn A_perft_buf[A_MAXDEPTH][A_MAX];

static unsigned long long A_perft(const A_ctx *c, const A_pos *p, int depth)
{
	assert_true(depth >= 1 && depth < A_MAXDEPTH);
	A_turn *t = A_perft_buf[depth];
	size_t n = A_gen(c, p, t);
	if (depth == 1)
		return n;
	unsigned long long total = 0;
	for (size_t i = 0; i < n; i++)
		total += A_perft(c, &t[i].next, depth - 1);
	return total;
}

/* ===== Position notation (spec/tgn.md §9), written and read here ===== */

static void A_write(const A_pos *p, char *buf, size_t n)
{
	size_t k = (size_t)snprintf(buf, n, "%c %d", p->stm ? 'D' : 'A', p->number);
	for (int s = 1; s <= 2; s++) {
		k += (size_t)snprintf(buf + k, n - k, " %c:", s == 2 ? 'D' : 'A');
		int first = 1;
		for (int q = 0; q < A_NPTS; q++)
			if (p->board[q] == s) {
				k += (size_t)snprintf(buf + k, n - k, "%s%s", first ? "" : ",", A_names[q]);
				first = 0;
			}
	}
	for (int q = 0, first = 1; q < A_NPTS; q++)
		if (p->huff[q]) {
			k += (size_t)snprintf(buf + k, n - k, "%s%s", first ? " huff=" : ",", A_names[q]);
			first = 0;
		}
	assert_true(k < n);
}

static void A_read(const char *s, A_pos *p)
{
	memset(p, 0, sizeof *p);
	char copy[512];
	snprintf(copy, sizeof copy, "%s", s);
	int field = 0;
	for (char *w = strtok(copy, " "); w; w = strtok(NULL, " "), field++) {
		if (field == 0) {
			assert_true(!strcmp(w, "A") || !strcmp(w, "D"));
			p->stm = w[0] == 'D';
		} else if (field == 1) {
			p->number = atoi(w);
			assert_true(p->number > 0);
		} else if ((w[0] == 'A' || w[0] == 'D') && w[1] == ':') {
			for (char *q = w + 2; *q;) {
				size_t k = strcspn(q, ",");
				int i = A_index(q, k);
				if (i < 0 || p->board[i])
					print_message("bad piece in \"%s\"\n", s);
				assert_true(i >= 0 && !p->board[i]);
				p->board[i] = w[0] == 'D' ? 2 : 1;
				q += k + (q[k] == ',');
			}
		} else {
			assert_true(strncmp(w, "huff=", 5) == 0);
			for (char *q = w + 5; *q;) {
				size_t k = strcspn(q, ",");
				int i = A_index(q, k);
				assert_true(i >= 0);
				p->huff[i] = 1;
				q += k + (q[k] == ',');
			}
		}
	}
	assert_true(field >= 4);
}

static int A_same_position(const A_pos *a, const A_pos *b)
{
	return !memcmp(a->board, b->board, sizeof a->board) &&
	       !memcmp(a->huff, b->huff, sizeof a->huff) && a->stm == b->stm &&
	       a->number == b->number;
}

/* ===== The library, through its public API ===== */

#define TT_GAME "asalto"
#define TT_MAX A_MAX
#define TT_TOKLEN A_TOKLEN
#define V_TURNS 256 /* turns a record replayed by tb_reader_validate holds */
#include "tb_rules_test.h"

/* The second generator's tokens in 'p', sorted. */
static void A_tokens(const A_ctx *c, const A_pos *p, L_tokens *out)
{
	static A_turn t[A_MAX];
	out->n = A_gen(c, p, t);
	for (size_t i = 0; i < out->n; i++)
		memcpy(out->tok[i], t[i].tok, A_TOKLEN);
	qsort(out->tok, out->n, sizeof out->tok[0], tt_strcmp);
}


/* ===== The option settings compared ===== */

static const S_setting S_settings[] = {
	{"", -1},
	{"first=attackers", 0}, {"first=defenders", 0},
	{"diagonals=alquerque", 0}, {"diagonals=none", 1},
	{"blue=diagonals", 0}, {"blue=horizontals", 1}, {"blue=fortress", 1},
	{"forward=rank", 0}, {"forward=fortress", 1}, {"forward=path", 1},
	{"chain=straight", 0}, {"chain=one_turn", 1}, {"chain=zigzag", 1},
	{"chain=right_angles", 1}, {"chain=angle", 1},
	{"huff=optional", 0}, {"huff=automatic", 1}, {"huff=off", 1}, {"huff=compulsory", 1},
	{"huff_target=capturer", 0}, {"huff_target=mover", 1},
	{"immobile=pass", 0}, {"immobile=lose", 1},
	{"lockout=draw", 0}, {"lockout=play", 1},
	/* the defaults until tablero 0.2 (spec §8) */
	{"chain=zigzag; lockout=play", 1},
	/* some combinations */
	{"diagonals=none; forward=fortress", -1},
	{"diagonals=none; forward=path", -1},
	{"blue=horizontals; forward=fortress", -1},
	{"blue=horizontals; forward=path", -1},
	{"blue=fortress; forward=fortress; chain=right_angles", -1},
	{"chain=zigzag; huff=automatic; huff_target=mover", -1},
	{"chain=one_turn; huff=compulsory", -1},
	{"chain=zigzag; huff=compulsory; lockout=play", -1},
	{"diagonals=none; blue=horizontals; chain=right_angles; immobile=lose", -1},
	{"first=defenders; huff=automatic; immobile=lose; lockout=play", -1},
	{"first=defenders; diagonals=none; blue=fortress; forward=path; chain=one_turn; "
	 "huff=off; huff_target=mover; immobile=lose", -1},
	{NULL, 0}};

/* Pairs of settings whose perft counts on the positions of test 2 must
 * differ (1), or must not (0). */
static const struct {
	const char *a, *b;
	int differ;
} S_pairs[] = {
	{"forward=path", "forward=fortress", 1},
	{"chain=one_turn", "chain=zigzag", 1},
	{"chain=one_turn", "chain=right_angles", 1},
	{"chain=zigzag", "chain=right_angles", 1},
	{"chain=angle", "chain=right_angles", 0}, /* the old name, the same rule */
	{"huff=compulsory", "huff=off", 1},
	{"lockout=play", "chain=zigzag; lockout=play", 1},
	{NULL, NULL, 0}};

/* ===== Positions written by hand (tests 0, 2, 3, 4b) ===== */

/* spec §4: both defenders out of the fortress; the only way back in is
 * through captures (d2xd4xd6, with d3 and d5 jumped), and d3-d4 shuts
 * it: after it the game is drawn. */
#define H_LOCK_BEFORE "A 30 A:a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,e4,f4,g4,b5,c5,d5,e5,f5 D:a5,d2"
#define H_LOCK_AFTER "D 30 A:a3,b3,c3,e3,f3,g3,a4,b4,c4,d4,e4,f4,g4,b5,c5,d5,e5,f5 D:a5,d2"
/* One defender, out; its one way in goes through a freed point: a4xc4
 * frees b4, and from b4 the jump over c5 lands on d6. c3-c4 or d4-c4
 * (the landing point taken) shuts it out. */
#define H_LOCK_FREED "A 20 A:a3,a5,b4,c2,c3,d2,d3,c5,c6,d4,d5,e4 D:a4"
/* spec §3 and §7: the chain e7xe5 can go on by a right angle (xg5) or
 * by half of one (xc3), then from c3 by xc1, xa3 or xe1 (a second
 * change of direction), then from c1 by xe3 (a third). */
/* H_LOCK_FREED after c3-c4: the jump a4xc4 lands on an attacker. */
/* Our reading where the spec is open: c4's one jump (over c3) lands on
 * c2, c2's one jump (over c3) on c4; neither defender can move on the
 * board as it stands, but each point counts as free for the other, so
 * c3 is freed and d3xd5 is a way in: not shut out. */
#define H_MUTUAL "D 20 A:c1,d2,e2,c3,b4,a4,d4,e4,c5,c6 D:c2,c4"
/* Issue 30: d7 walled in for good, attackers on c3 free to shuffle. */
#define H_WALLED "D 30 A:c3,a5,b5,c5,d5,e5,f5,g5,c6,d6,e6,c7,e7 D:d1,d7"
/* Issue 30: neither defender alone can get back in, the two together can
 * (each alone is a draw). */
#define H_LOCK_JOINT "D 10 A:c2,d2,b3,c3,e3,f3,b4,d4,e4,f4,c5,d5,c6,d6 D:"
#define H_LOCK_SHUT "D 20 A:a3,a5,b4,c2,c4,d2,d3,c5,c6,d4,d5,e4 D:a4"
#define H_CHAIN "D 10 A:c2,d2,b3,f3,g3,d4,a5,b5,f5,e6 D:e7,a4"
/* spec §3: a5-a4 is sideways under forward=fortress, backwards under
 * forward=path. */
#define H_FORWARD "A 10 A:c3,d3,e3,c4,d4,e4,a5,c5,f5 D:d6,e7"
/* spec §7: d6 can capture d5 and then d3 straight on (d6xd4xd2), and
 * e7 can step to e6. */
#define H_MUST "D 10 A:c3,d3,e3,a4,b4,c4,e4,a5,b5,d5,f5,g5 D:d6,e7"

/* ===== 0. The second generator's own tables ===== */

static void test_board_tables(void **state)
{
	(void)state;
	A_ctx c;
	A_setup(&c, "");
	int edges = 0, diag = 0, threes = 0, deg[A_NPTS] = {0};
	for (int l = 0; l < c.nlines; l++) {
		threes += c.len[l] - 2;
		for (int k = 0; k + 1 < c.len[l]; k++) {
			int a = c.line[l][k], b = c.line[l][k + 1];
			edges++;
			diag += A_file(a) != A_file(b) && A_rank(a) != A_rank(b);
			deg[a]++, deg[b]++;
			/* consecutive names are neighbours on the grid */
			assert_true(abs(A_file(a) - A_file(b)) <= 1 && abs(A_rank(a) - A_rank(b)) <= 1);
		}
	}
	/* 52 orthogonal edges (rows 1, 2, 6, 7: 2 each; rows 3-5: 6 each;
	 * files c-e: 6 each; files a, b, f, g: 2 each) and 20 diagonal */
	assert_int_equal(edges, 72);
	assert_int_equal(diag, 20);
	assert_int_equal(threes, 52);
	for (int q = 0; q < A_NPTS; q++) {
		/* alquerque: points with an even file+rank (a=1) have 8 lines
		 * or fewer on the edge, the others 4 or fewer */
		int even = (A_file(q) + 1 + A_rank(q)) % 2 == 0;
		assert_true(deg[q] >= 2 && deg[q] <= (even ? 8 : 4));
	}
	assert_int_equal(deg[A_index("d4", 2)], 8);
	assert_int_equal(deg[A_index("d6", 2)], 8);
	assert_int_equal(deg[A_index("c1", 2)], 3);
	assert_int_equal(deg[A_index("b4", 2)], 8);
	assert_int_equal(deg[A_index("e4", 2)], 4);
	/* distances to the fortress over every line */
	static const char *const dist[] = {"c5 0", "e7 0", "b4 1", "b5 1", "d4 1", "f4 1",
	                                   "a5 2", "a4 2", "a3 2", "c3 2", "d2 3", "c1 4",
	                                   "d1 4", NULL};
	for (int i = 0; dist[i]; i++)
		assert_int_equal(c.dist[A_index(dist[i], 2)], atoi(dist[i] + 3));
	/* red edges: every edge but the blue ones */
	int red = 0;
	for (int blue = 0; blue < 3; blue++) {
		static const char *const set[] = {"blue=diagonals", "blue=horizontals",
		                                   "blue=fortress"};
		A_setup(&c, set[blue]);
		red = 0;
		for (int l = 0; l < c.nlines; l++)
			for (int k = 0; k + 1 < c.len[l]; k++)
				red += A_red(&c, c.line[l][k], c.line[l][k + 1]);
		/* horizontals on ranks 1-4: 2 + 2 + 6 + 6; inside the fortress
		 * 6 + 6 orthogonal and 4 diagonal */
		assert_int_equal(red, blue == 0 ? 52 : 72 - 16);
	}
	A_setup(&c, "diagonals=none");
	edges = 0;
	for (int l = 0; l < c.nlines; l++)
		edges += c.len[l] - 1;
	assert_int_equal(edges, 52);
	assert_int_equal(c.dist[A_index("b4", 2)], 2);
	assert_int_equal(c.dist[A_index("a4", 2)], 3);
	assert_int_equal(c.dist[A_index("a5", 2)], 2);

	/* forward=path: distances over the red lines only. blue=diagonals:
	 * the rows and files (spec §3: a4 three steps, a5 two) */
	static const char *const red_diag[] = {"c5 0", "e7 0", "b5 1", "c4 1", "f5 1",
	                                       "b4 2", "a5 2", "c3 2", "g5 2", "a4 3",
	                                       "b3 3", "d2 3", "a3 4", "g3 4", "c1 4", NULL};
	A_setup(&c, "");
	for (int i = 0; red_diag[i]; i++)
		assert_int_equal(c.dist_red[A_index(red_diag[i], 2)], atoi(red_diag[i] + 3));
	/* blue=horizontals: no row below the fifth, but the diagonals: b4
	 * is one step from c5, a3 two; a4 three (a5, b5, c5) */
	A_setup(&c, "blue=horizontals");
	assert_int_equal(c.dist_red[A_index("b4", 2)], 1);
	assert_int_equal(c.dist_red[A_index("a3", 2)], 2);
	assert_int_equal(c.dist_red[A_index("a4", 2)], 3);
	assert_int_equal(c.dist_red[A_index("b3", 2)], 2); /* up the file */
	/* blue=fortress: every line outside the fortress is red */
	A_setup(&c, "blue=fortress");
	assert_int_equal(memcmp(c.dist_red, c.dist, sizeof c.dist), 0);
	/* on this board every point has a red path to the fortress, under
	 * every colouring, with and without diagonals: no point is
	 * infinitely far (spec §3), so that case cannot be exercised */
	static const char *const colourings[] = {
		"blue=diagonals", "blue=horizontals", "blue=fortress",
		"blue=diagonals; diagonals=none", "blue=horizontals; diagonals=none",
		"blue=fortress; diagonals=none", NULL};
	for (int i = 0; colourings[i]; i++) {
		A_setup(&c, colourings[i]);
		for (int q = 0; q < A_NPTS; q++)
			assert_true(c.dist_red[q] < A_FAR && c.dist_red[q] >= c.dist[q]);
	}
	/* the lockout closure: the start with the defenders out is not
	 * shut out; the spec §4 example after 30. d3-d4 is */
	A_pos p;
	A_read("A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,f4,g4,a5,b5,f5,g5 "
	       "D:c5,d6", &p);
	A_setup(&c, "");
	assert_false(A_shut_out(&c, p.board)); /* c5 is in the fortress */
	A_read(H_LOCK_BEFORE, &p);
	assert_false(A_shut_out(&c, p.board)); /* d2xd4xd6 */
	A_read(H_LOCK_AFTER, &p);
	assert_true(A_shut_out(&c, p.board));
	A_read("D 30 A:c1,d1,e1 D:", &p);
	assert_false(A_shut_out(&c, p.board)); /* no defender on the board */
	/* held for good (spec §4): d7 walled in by attackers that can never
	 * move nor be taken; not with b5 empty (b5 <- c5 <- d5 free d5 for
	 * d7xd5), nor with d7 to be huffed, nor on a board whose row 5 is
	 * not red (blue=horizontals: c5, d5, e5 cannot step sideways, but
	 * that only keeps them) */
	A_read(H_WALLED, &p);
	assert_true(A_walled(&c, &p));
	A_read("D 30 A:c3,a5,c5,d5,e5,f5,g5,c6,d6,e6,c7,e7 D:d1,d7", &p);
	assert_false(A_walled(&c, &p));
	A_read("A 31 A:c3,a5,b5,c5,d5,e5,f5,g5,c6,d6,e6,c7,e7 D:d1,d7 huff=d7", &p);
	assert_false(A_walled(&c, &p));
	A_read("D 30 A:c3,a5,b5,c5,d5,e5,f5,g5,c6,d6,e6,c7,e7 D:d1,c1", &p);
	assert_false(A_walled(&c, &p)); /* no defender in the fortress */
	A_setup(&c, "blue=horizontals");
	A_read(H_WALLED, &p);
	assert_true(A_walled(&c, &p));
	A_setup(&c, "");
}

/* ===== 3. Token lists written by hand ===== */

/* Checks the token set of both generators in one position against a
 * list written by hand from the rules. */
static void S_expect(const char *rules, const char *pos, const char *want)
{
	A_ctx c;
	A_setup(&c, rules);
	A_pos p;
	A_read(pos, &p);
	static L_tokens mine, lib, hand;
	A_tokens(&c, &p, &mine);
	L_tokens_at(rules, pos, &lib);
	L_tokens_read(&hand, want);
	int ok_mine = L_same_set_as(rules, pos, &hand, &mine, "by hand", "second generator");
	int ok_lib = L_same_set_as(rules, pos, &hand, &lib, "by hand", "library");
	assert_true(ok_mine);
	assert_true(ok_lib);
}

/* A square of four jumps back to the point the jumper left; six padding
 * attackers on ranks 1-2 stop the jumps out of the square. */
#define H_LOOP "D 10 A:c1,d1,e1,c2,d2,e2,d3,c4,e4,d5 D:c3,g5"
/* The spec's chain e7xe5xc5xc3xa3xa5xc5 lands on c5 twice; from c5 it
 * branches (c4 or b5 next). */
#define H_REVISIT "D 10 A:c1,d1,e1,b3,a4,c4,b5,d5,e6 D:g3,e7"
/* c3xe5 jumps d4 diagonally, e5xe3 jumps e4; from e3 d4 (taken) would
 * be jumped a second time towards c5, and the defender on d3 towards c3
 * (empty: the jumper left it). */
#define H_TWICE "D 10 A:c1,d1,e1,c2,d2,e2,g3,d4,e4 D:c3,d3"

static void test_chains_by_hand(void **state)
{
	(void)state;
	/* H_LOOP: c3xc5 and c3xe3 go straight on nowhere (c6 and f3 are
	 * empty); each turns by a right angle at every landing point */
	const char *steps = "c3-b3 c3-b4 c3-d4 g5-f5 g5-g4 g5-f4";
	const char *loop = "c3xc5 c3xc5xe5 c3xc5xe5xe3 c3xc5xe5xe3xc3 "
	                   "c3xe3 c3xe3xe5 c3xe3xe5xc5 c3xe3xe5xc5xc3";
	char want[2048];
	snprintf(want, sizeof want, "%s c3xc5 c3xe3", steps);
	S_expect("", H_LOOP, want);
	S_expect("chain=straight", H_LOOP, want);
	/* one turn: at the first landing point, and no second */
	snprintf(want, sizeof want, "%s c3xc5 c3xc5xe5 c3xe3 c3xe3xe5", steps);
	S_expect("chain=one_turn", H_LOOP, want);
	snprintf(want, sizeof want, "%s %s", steps, loop);
	S_expect("chain=zigzag", H_LOOP, want);
	S_expect("chain=right_angles", H_LOOP, want); /* every turn a right angle */
	S_expect("chain=angle", H_LOOP, want);        /* its old name */
	snprintf(want, sizeof want, "c3-b3 g5-f5 g5-g4 %s", loop);
	S_expect("chain=zigzag; diagonals=none", H_LOOP, want);
	/* huff=compulsory: only the chains that cannot go on */
	S_expect("huff=compulsory", H_LOOP, "c3xc5 c3xe3");
	S_expect("huff=compulsory; chain=one_turn", H_LOOP, "c3xc5xe5 c3xe3xe5");
	S_expect("huff=compulsory; chain=zigzag", H_LOOP, "c3xc5xe5xe3xc3 c3xe3xe5xc5xc3");

	/* H_REVISIT: e7xe5 turns left at e5 (xc5), goes straight on at c5
	 * (xa5) or turns down (xc3); every turn is a right angle */
	steps = "e7-d7 e7-d6 g3-f3 g3-g4 g3-f4";
	const char *revisit =
		"e7xe5 e7xe5xc5 e7xe5xc5xc3 e7xe5xc5xc3xa3 e7xe5xc5xc3xa3xa5 "
		"e7xe5xc5xc3xa3xa5xc5 e7xe5xc5xa5 e7xe5xc5xa5xa3 e7xe5xc5xa5xa3xc3 "
		"e7xe5xc5xa5xa3xc3xc5";
	snprintf(want, sizeof want, "%s e7xe5", steps);
	S_expect("", H_REVISIT, want);
	snprintf(want, sizeof want, "%s e7xe5 e7xe5xc5 e7xe5xc5xa5", steps);
	S_expect("chain=one_turn", H_REVISIT, want);
	snprintf(want, sizeof want, "%s %s", steps, revisit);
	S_expect("chain=zigzag", H_REVISIT, want);
	S_expect("chain=right_angles", H_REVISIT, want);
	snprintf(want, sizeof want, "e7-d7 g3-f3 g3-g4 %s", revisit);
	S_expect("chain=zigzag; diagonals=none", H_REVISIT, want);

	/* H_TWICE: c3xe5 (diagonal) then xe3 (down): a turn of 135 degrees */
	S_expect("", H_TWICE, "c3-c4 c3-b3 c3-b4 c3xe5 d3-e3 d3xd5");
	S_expect("chain=one_turn", H_TWICE, "c3-c4 c3-b3 c3-b4 c3xe5 c3xe5xe3 d3-e3 d3xd5");
	S_expect("chain=zigzag", H_TWICE, "c3-c4 c3-b3 c3-b4 c3xe5 c3xe5xe3 d3-e3 d3xd5");
	S_expect("chain=right_angles", H_TWICE, "c3-c4 c3-b3 c3-b4 c3xe5 d3-e3 d3xd5");
	S_expect("diagonals=none", H_TWICE, "c3-c4 c3-b3 d3-e3 d3xd5");

	/* H_CHAIN, the spec's example: e7 jumps e6 down to e5; from e5 on
	 * over f5 to g5 (a right angle) or over d4 to c3 (45 degrees); from
	 * c3 over c2 to c1, b3 to a3 (45 degrees each) or d2 to e1 (a right
	 * angle, but the second turn); from c1 over d2 to e3 (a third). a4
	 * jumps nothing: a5 ends its file, b4 is empty. */
	steps = "e7-d7 e7-d6 a4-a3 a4-b4";
	snprintf(want, sizeof want, "%s e7xe5", steps);
	S_expect("", H_CHAIN, want);
	snprintf(want, sizeof want, "%s e7xe5 e7xe5xg5 e7xe5xc3", steps);
	S_expect("chain=one_turn", H_CHAIN, want);
	snprintf(want, sizeof want,
	         "%s e7xe5 e7xe5xg5 e7xe5xc3 e7xe5xc3xc1 e7xe5xc3xc1xe3 e7xe5xc3xa3 e7xe5xc3xe1",
	         steps);
	S_expect("chain=zigzag", H_CHAIN, want);
	snprintf(want, sizeof want, "%s e7xe5 e7xe5xg5", steps);
	S_expect("chain=right_angles", H_CHAIN, want);
	/* huff=compulsory: no step, and every chain as far as it goes */
	S_expect("huff=compulsory", H_CHAIN, "e7xe5");
	S_expect("huff=compulsory; chain=one_turn", H_CHAIN, "e7xe5xg5 e7xe5xc3");
	S_expect("huff=compulsory; chain=zigzag", H_CHAIN,
	         "e7xe5xg5 e7xe5xc3xc1xe3 e7xe5xc3xa3 e7xe5xc3xe1");
	S_expect("huff=compulsory; chain=right_angles", H_CHAIN, "e7xe5xg5");

	/* H_MUST: d6 steps to c6 e6 d7 c7 c5 e5 and takes d5 then d3
	 * straight down; e7 steps to d7 e6. Under huff=compulsory the one
	 * turn is the whole chain; under one_turn the chain may also turn
	 * at d4 (xf4) or at d2 (over e3 to f4), and must. */
	S_expect("", H_MUST,
	         "d6-c6 d6-e6 d6-d7 d6-c7 d6-c5 d6-e5 e7-d7 e7-e6 d6xd4 d6xd4xd2");
	S_expect("huff=compulsory", H_MUST, "d6xd4xd2");
	S_expect("huff=compulsory; chain=one_turn", H_MUST, "d6xd4xf4 d6xd4xd2xf4");
	S_expect("chain=one_turn", H_MUST,
	         "d6-c6 d6-e6 d6-d7 d6-c7 d6-c5 d6-e5 e7-d7 e7-e6 "
	         "d6xd4 d6xd4xd2 d6xd4xf4 d6xd4xd2xf4");
	/* no capture to make: the steps, whatever huff= says */
	S_expect("huff=compulsory", "D 10 A:a3,c3,d3,e3,c4,d4,e4,b5,f5 D:d6,e7",
	         "d6-c6 d6-e6 d6-d7 d6-c7 d6-c5 d6-e5 d6-d5 e7-d7 e7-e6");
}

/* d4 free to go anywhere; a5 and b5 blocked sideways by the defender on
 * c5, the rest in the fortress blocked forwards and sideways. */
#define H_STEPS "A 20 A:d4,a5,b5,c6,d6,e6,c7,d7,e7 D:c5,g3"
/* Only a5, b5, f5, g5 could leave: backwards, or sideways by distance. */
#define H_STUCK "A 30 A:a5,b5,f5,g5,c6,d6,e6,c7,d7,e7 D:c5,e5"
/* The defenders cannot move: every neighbour taken, every jump blocked. */
#define H_BLOCKED "D 30 A:c4,d4,e4,a5,c5,e5,c6,d6,e6,d7 D:c7,e7"

static void test_steps_by_hand(void **state)
{
	(void)state;
	S_expect("", H_STEPS, "d4-d5 d4-c4 d4-e4");
	S_expect("diagonals=none", H_STEPS, "d4-d5 d4-c4 d4-e4");
	S_expect("blue=horizontals", H_STEPS, "d4-d5 d4-e5");
	S_expect("blue=fortress", H_STEPS, "d4-d5 d4-c4 d4-e4 d4-e5");
	/* towards the fortress: a5-a4 and b5-b4 keep their distance (2, 1);
	 * d6-d5 and e6-e5 inside the fortress go by rank: backwards */
	S_expect("forward=fortress", H_STEPS, "d4-d5 d4-c4 d4-e4 a5-a4 b5-b4");
	S_expect("blue=fortress; forward=fortress", H_STEPS,
	         "d4-d5 d4-c4 d4-e4 d4-e5 a5-a4 a5-b4 b5-b4");
	S_expect("blue=horizontals; forward=fortress", H_STEPS,
	         "d4-d5 d4-e5 a5-a4 a5-b4 b5-b4");
	/* without diagonals b4 is 2 from the fortress, a4 3 */
	S_expect("diagonals=none; forward=fortress", H_STEPS, "d4-d5 d4-c4 d4-e4");
	/* along the red lines (the rows and files) a5 is 2 from the
	 * fortress, a4 3, b5 1, b4 2: a5-a4 and b5-b4 are backwards */
	S_expect("forward=path", H_STEPS, "d4-d5 d4-c4 d4-e4");
	/* blue=horizontals: the diagonals are red, the row of d4 is not:
	 * b4 1 (to c5), a5 2 (to b4), a4 3 (a5, b5): a5-a4 backwards */
	S_expect("blue=horizontals; forward=path", H_STEPS, "d4-d5 d4-e5 a5-b4 b5-b4");
	/* blue=fortress: every line outside the fortress is red, as for
	 * forward=fortress */
	S_expect("blue=fortress; forward=path", H_STEPS,
	         "d4-d5 d4-c4 d4-e4 d4-e5 a5-a4 a5-b4 b5-b4");
	S_expect("diagonals=none; forward=path", H_STEPS, "d4-d5 d4-c4 d4-e4");

	/* H_FORWARD, each sense of forward. rank: up or along the row.
	 * fortress (every line): c3 b3 e3 f3 a5 a4 are 2 from the fortress,
	 * c4 b4 e4 f4 f5 1 (b4 and f4 by a diagonal), c2 e2 3; c5-b5 leaves
	 * it (0 to 1). path (rows and files): c4 e4 b5 f5 1, c3 e3 a5 b4
	 * f4 g5 2, b3 f3 a4 3 */
	S_expect("", H_FORWARD, "c3-b3 e3-f3 c4-b4 d4-d5 e4-e5 e4-f4 a5-b5 c5-c6 c5-b5 c5-d5 "
	                        "f5-e5 f5-g5");
	S_expect("forward=fortress", H_FORWARD, "c3-b3 e3-f3 c4-b4 d4-d5 e4-e5 e4-f4 a5-a4 "
	                                        "a5-b5 c5-c6 c5-d5 f5-e5 f5-f4");
	S_expect("forward=path", H_FORWARD, "d4-d5 e4-e5 a5-b5 c5-c6 c5-d5 f5-e5");

	/* attackers that cannot step: the game is over */
	S_expect("", H_STUCK, "");
	S_expect("blue=fortress", H_STUCK, "");
	S_expect("forward=fortress", H_STUCK, "a5-a4 b5-b4 f5-f4 g5-g4");
	S_expect("forward=path", H_STUCK, ""); /* each of those one step further */

	/* defenders that cannot move pass, or lose */
	S_expect("", H_BLOCKED, "pass");
	S_expect("immobile=lose", H_BLOCKED, "");
	S_expect("", "D 30 A:c1,d1,e1,c2,d2,e2,c3,d3,e3 D:", "pass");
	S_expect("immobile=lose", "D 30 A:c1,d1,e1,c2,d2,e2,c3,d3,e3 D:", "");
	/* the end: fewer than nine attackers; the fortress full */
	S_expect("", "D 30 A:c1,d1,e1,c2,d2,e2,c3,d3 D:g5", "");
	S_expect("", "A 30 A:c1,d1,e1,c2,d2,e2,c3,d3 D:g5", "");
	S_expect("", "D 30 A:c5,d5,e5,c6,d6,e6,c7,d7,e7 D:g5", "");
	S_expect("", "D 30 A:c4,d5,e5,c6,d6,e6,c7,d7,e7 D:g5", "g5-f5 g5-g4 g5-f4");
	/* a huff in the notation: the plain steps, and each after the
	 * huff; huff=automatic: only after it */
	S_expect("", "A 30 A:c1,d1,e1,c2,d2,e2,c3,d3,e3 D:a5,g5 huff=g5",
	         "c3-b3 c3-c4 d3-d4 e3-e4 e3-f3 "
	         "Hg5/c3-b3 Hg5/c3-c4 Hg5/d3-d4 Hg5/e3-e4 Hg5/e3-f3");
	S_expect("huff=automatic", "A 30 A:c1,d1,e1,c2,d2,e2,c3,d3,e3 D:a5,g5 huff=g5",
	         "Hg5/c3-b3 Hg5/c3-c4 Hg5/d3-d4 Hg5/e3-e4 Hg5/e3-f3");
	/* the huff comes "before their own step and not instead of it": the
	 * huffed defender's point is empty for that step (d3-d4) */
	S_expect("", "A 30 A:c1,d1,e1,c2,d2,e2,c3,d3,e3 D:d4,g5 huff=d4",
	         "c3-b3 c3-c4 e3-e4 e3-f3 "
	         "Hd4/c3-b3 Hd4/c3-c4 Hd4/d3-d4 Hd4/e3-e4 Hd4/e3-f3");
	/* where there are no huffs the key is left aside */
	S_expect("huff=off", "A 30 A:c1,d1,e1,c2,d2,e2,c3,d3,e3 D:a5,g5 huff=g5",
	         "c3-b3 c3-c4 d3-d4 e3-e4 e3-f3");
	S_expect("huff=compulsory", "A 30 A:c1,d1,e1,c2,d2,e2,c3,d3,e3 D:a5,g5 huff=g5",
	         "c3-b3 c3-c4 d3-d4 e3-e4 e3-f3");

	/* the lockout. H_LOCK_JOINT (the issue 30 position): one defender's
	 * captures open the way in for the other.
	 * H_LOCK_BEFORE: the attackers step into d4 (from d3,
	 * c4, e4), g5 (g4, f5) and up into c6 d6 e6. Only d3-d4 shuts both
	 * defenders out; after c4-d4 the way in is c2xc4xc6, after e4-d4
	 * e2xe4xe6, after g4-g5 and f5-g5 d2xd4xd6, after c5-c6, d5-d6,
	 * e5-e6 d2xd4 and a step to c5, d5, e5 */
	S_expect("", H_LOCK_BEFORE, "d3-d4 c4-d4 e4-d4 g4-g5 f5-g5 c5-c6 d5-d6 e5-e6");
	S_expect("", H_LOCK_AFTER, "");
	S_expect("lockout=play", H_LOCK_AFTER, "d2-c2 d2-e2 d2-d1 d2-c1 d2-e1 d2-d3");
	/* a way in over two turns (d2-c2, then c2xc4xc6) is a way in */
	S_expect("", "D 30 A:a3,b3,c3,d3,e3,f3,g3,a4,b4,d4,e4,f4,g4,b5,c5,d5,e5,f5 D:a5,d2",
	         "d2-c2 d2-e2 d2-d1 d2-c1 d2-e1");
	/* H_LOCK_FREED: not over (a4xc4, b4 freed, b4 over c5 to d6) */
	S_expect("", H_LOCK_FREED, "a3-b3 a5-b5 b4-b5 b4-c4 c3-b3 c3-c4 d2-e2 d3-e3 c5-b5 "
	                           "c6-d6 c6-c7 d4-c4 d5-e5 d5-d6 e4-e5 e4-f4");
	S_expect("", "D 20 A:a3,a5,b4,c2,c3,d2,d3,c5,c6,d4,d5,e4 D:a4", "a4xc4");
	/* after c3-c4 the defender cannot move and is shut out: a draw
	 * before it passes (or, under immobile=lose, loses) */
	S_expect("", H_LOCK_SHUT, "");
	S_expect("lockout=play", H_LOCK_SHUT, "pass");
	S_expect("immobile=lose", H_LOCK_SHUT, "");
	S_expect("immobile=lose; lockout=play", H_LOCK_SHUT, "");
	/* the other defender's point is free for the closure (H_MUTUAL) */
	S_expect("", H_MUTUAL, "pass");
	S_expect("immobile=lose", H_MUTUAL, "");
	/* the two together (spec §4, the joint reading): each alone is shut
	 * out, the points the other's captures would free counted for
	 * neither; together they are not */
	S_expect("", H_LOCK_JOINT "c1,a4", "c1-d1 a4xc4 a4-a3 a4-a5");
	S_expect("", H_LOCK_JOINT "c1", "");
	S_expect("", H_LOCK_JOINT "a4", "");
	/* a defender walled in for good: over, the defenders win; one step
	 * before (d5 empty: d7xd5 may come) it goes on */
	S_expect("", H_WALLED, "");
	S_expect("", "A 30 A:c3,d4,a5,b5,c5,e5,f5,g5,c6,d6,e6,c7,e7 D:d1,d7",
	         "c3-b3 c3-c4 c3-d3 c5-d5 d4-c4 d4-d5 d4-e4 e5-d5");
}

/* ===== 1. perft from the start ===== */

static const char *const S_start_attackers =
	"A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,f4,g4,a5,b5,f5,g5";

/* Prints, for each first turn, where the two generators' perft counts
 * at 'depth' differ. */
static void S_divide_diff(const A_ctx *c, const A_pos *p, tb_engine *e, int depth)
{
	static L_tokens lib;
	static A_turn t[A_MAX];
	lib.n = 0;
	tb_engine_divide(e, depth, L_collect, &lib);
	size_t n = A_gen(c, p, t);
	for (size_t i = 0; i < n; i++) {
		unsigned long long m = depth > 1 ? A_perft(c, &t[i].next, depth - 1) : 1;
		size_t j = 0;
		while (j < lib.n && strcmp(lib.tok[j], t[i].tok))
			j++;
		if (j == lib.n)
			print_message("  %s: second generator %llu, library none\n", t[i].tok, m);
		else if (lib.count[j] != m)
			print_message("  %s: second generator %llu, library %llu\n", t[i].tok, m,
			              lib.count[j]);
	}
	for (size_t j = 0; j < lib.n; j++) {
		size_t i = 0;
		while (i < n && strcmp(t[i].tok, lib.tok[j]))
			i++;
		if (i == n)
			print_message("  %s: second generator none, library %llu\n", lib.tok[j],
			              lib.count[j]);
	}
}

static void test_perft_start(void **state)
{
	(void)state;
	/* By hand, under the defaults (chain=straight, lockout=draw) and
	 * the old ones (chain=zigzag, lockout=play) alike: from the start
	 * no chain has a second jump within two turns, and the defenders
	 * stand in the fortress, so no lockout.
	 * Depth 1: the attackers' forward and sideways steps along the rows
	 * and files into the empty fortress points (c4-c5, d4-d5, e4-e5,
	 * b5-c5, f5-e5, or only d4-d5 when c5 and e5 hold the defenders).
	 * Depth 2 with d6,e7: after d4-d5 the defender on d6 has 6 steps
	 * (c6 e6 d7 c7 c5 e5) and d6xd4, which cannot go on (d2 is taken,
	 * d4's other lines end or lead onto attackers), e7 2 steps (d7
	 * e6): 9; after the four others 6 + 2, the jumps landing on taken
	 * points (c5 to b4, e5 to f4): 4 x 8 + 9 = 41. With c7,e7 each
	 * defender has 3 steps (c6 d7 d6, d7 e6 d6) whatever the attackers
	 * did: 5 x 6. With c5,e5 after d4-d5 each defender has 3 (c6 or
	 * e6, d6, d4), every jump landing on a taken point. */
	static const struct {
		const char *def;
		unsigned long long by_hand[3];
	} setups[] = {{"d6,e7", {1, 5, 41}}, {"c5,e5", {1, 1, 6}}, {"c7,e7", {1, 5, 30}}};
	static const char *const rules[] = {"", "chain=zigzag; lockout=play"};
	double t_mine = 0, t_lib = 0;
	int bad = 0;
	for (size_t r = 0; r < sizeof rules / sizeof rules[0]; r++) {
		A_ctx c;
		A_setup(&c, rules[r]);
		for (size_t s = 0; s < sizeof setups / sizeof setups[0]; s++) {
			char pos[256];
			snprintf(pos, sizeof pos, "A 1 %s D:%s", S_start_attackers, setups[s].def);
			A_pos p;
			A_read(pos, &p);
			tb_engine *e = L_new(rules[r], pos);
			for (int d = 1; d <= 5; d++) {
				double t0 = tt_seconds();
				unsigned long long mine = A_perft(&c, &p, d);
				double t1 = tt_seconds();
				unsigned long long lib = tb_engine_perft(e, d);
				t_mine += t1 - t0;
				t_lib += tt_seconds() - t1;
				print_message("perft %d from the start, defenders %s, rules \"%s\": %llu "
				              "(second generator), %llu (library)\n", d, setups[s].def,
				              rules[r], mine, lib);
				if (d <= 2 && (mine != setups[s].by_hand[d] || lib != setups[s].by_hand[d])) {
					print_message("  by hand: %llu\n", setups[s].by_hand[d]);
					bad++;
				}
				if (mine != lib) {
					S_divide_diff(&c, &p, e, d);
					bad++;
					break;
				}
			}
			tb_engine_free(e);
		}
	}
	print_message("perft from the start: %.2f s (second generator), %.2f s (library)\n", t_mine,
	              t_lib);
	assert_int_equal(bad, 0);
}

/* ===== 2. perft from positions with long chains, every option ===== */

static const struct {
	const char *pos;
	int depth;
} S_positions[] = {
	/* attackers on alternate points: chains of up to 12 jumps, with
	 * branches at almost every landing */
	{"D 10 A:d1,c2,e2,b3,d3,f3,a4,e4,g4,b5,f5,c6,d7 D:c3,e7", 3},
	/* the same pattern otherwise: chains of up to 8 from c1 and e7 */
	{"D 10 A:c2,e2,b3,d3,f3,a4,c4,e4,b5,d5,e6 D:c1,e7", 3},
	/* the spec's e7xe5xc5xc3xa3xa5xc5 and its branch, d3 and e4 more */
	{"D 10 A:c1,d1,e1,b3,d3,a4,c4,e4,b5,d5,e6 D:g3,e7", 4},
	/* diagonal jumps mixed in (over d2 and f4) */
	{"D 10 A:c1,d1,e1,d2,b3,d3,a4,c4,e4,f4,b5,d5,e6 D:a3,e7", 3},
	/* the attackers to move into jumps */
	{"A 12 A:c1,d1,e1,c2,e2,b3,d3,f3,c4,e4,b5,d5,f5 D:d6,c7", 3},
	/* one step fills the fortress (e4-e5) */
	{"A 30 A:c3,d3,d4,e4,c5,d5,c6,d6,e6,c7,d7,e7 D:a3,g3", 4},
	/* blocked defenders (pass, or lose) */
	{H_BLOCKED, 4},
	/* attackers stuck but for sideways steps by distance */
	{H_STUCK, 4},
	/* positions that exercise each rule changed in tablero 0.2: */
	/* chains under each chain= (one turn, a second, a third) */
	{H_CHAIN, 3},
	{H_LOOP, 3},
	/* a capture and a step at once (huff=compulsory) */
	{H_MUST, 3},
	/* a5-a4 and others, by each sense of forward */
	{H_FORWARD, 3},
	/* the lockout: the attackers shut the defenders out, or not */
	{H_LOCK_BEFORE, 4},
	{H_LOCK_FREED, 4},
	{NULL, 0}};
#define S_NPOS 14
/* The first five have the long chains (one depth less for them under
 * AddressSanitizer). */
#define S_NCHAIN 5

/* perft counts worked out by hand, depths 1 and 2 (0: not by hand). */
static const struct {
	const char *rules, *pos;
	unsigned long long d1, d2;
} S_by_hand[] = {
	/* H_LOCK_BEFORE, depth 1: the 8 steps of test 3. Depth 2: d2 has
	 * 5 steps (c2 e2 d1 c1 e1) and a5 none; d3-d4 shuts both out: 0,
	 * and under lockout=play d2 has 6 steps (d3 too). After c4-d4 and
	 * e4-d4: 5 (d2xd4 lands on an attacker). After g4-g5 and f5-g5: 5
	 * + d2xd4 + d2xd4xd6 = 7. After c5-c6: 7, and a5xc5 (b5 jumped):
	 * 8; under chain=zigzag a5xc5xc7 as well: 9. After d5-d6: 5 +
	 * d2xd4 = 6. After e5-e6: 7. 0 + 5 + 5 + 7 + 7 + 8 + 6 + 7 = 45. */
	{"", H_LOCK_BEFORE, 8, 45},
	{"lockout=play", H_LOCK_BEFORE, 8, 51},
	{"chain=zigzag", H_LOCK_BEFORE, 8, 46},
	{"chain=zigzag; lockout=play", H_LOCK_BEFORE, 8, 52},
	/* H_LOCK_FREED, depth 1: the 16 steps of test 3. Depth 2, a4's
	 * turns after each: a3-b3, a5-b5: a step there and a4xc4: 2;
	 * b4-b5, b4-c4: a4-b4: 1; c3-b3, d2-e2, d3-e3, c5-b5, c6-d6, c6-c7,
	 * d5-e5, d5-d6: a4xc4: 1 each (8); c3-c4, d4-c4: a4xc4 lands on an
	 * attacker and a4 is shut out: 0 (under lockout=play a pass, 1
	 * each); e4-e5: a4xc4, a4xc4xe4: 2; e4-f4: a4xc4, a4xc4xe4,
	 * a4xc4xe4xg4: 3. 2+2+1+1+8+0+2+3 = 19. chain=zigzag adds, after
	 * c6-d6, a4xc4xc6 and a4xc4xc6xe6; after c6-c7 a4xc4xc6; after
	 * e4-e5 a4xc4xe4xe6: 23. */
	{"", H_LOCK_FREED, 16, 19},
	{"lockout=play", H_LOCK_FREED, 16, 21},
	{"chain=zigzag", H_LOCK_FREED, 16, 23},
	{"chain=zigzag; lockout=play", H_LOCK_FREED, 16, 25},
	/* H_FORWARD, depth 1: the lists of test 3. Depth 2 under
	 * forward=path, the defenders' turns after each: d6 has 6 steps
	 * less those the attackers fill and d6xb4 (over c5); e7 d7 and e6.
	 * d4-d5: 5 + d6xb4, d6xd4, d6xd4xd2, + 2 = 10; e4-e5: 5 + d6xb4,
	 * d6xf4 + 2 = 9; a5-b5: 6 + d6xb4 + 2 = 9; c5-c6: 6 + 2 = 8 (c6
	 * ends its row); c5-d5: 6 + 2 = 8 (d4 taken); f5-e5: 5 + d6xb4,
	 * d6xf4 + 2 = 9. 53. */
	{"", H_FORWARD, 12, 0},
	{"forward=fortress", H_FORWARD, 12, 0},
	{"forward=path", H_FORWARD, 6, 53},
	/* H_CHAIN and H_MUST, depth 1: the lists of test 3 */
	{"", H_CHAIN, 5, 0},
	{"chain=one_turn", H_CHAIN, 7, 0},
	{"chain=zigzag", H_CHAIN, 11, 0},
	{"chain=right_angles", H_CHAIN, 6, 0},
	{"huff=compulsory", H_CHAIN, 1, 0},
	{"huff=compulsory; chain=one_turn", H_CHAIN, 2, 0},
	{"huff=compulsory; chain=zigzag", H_CHAIN, 4, 0},
	{"", H_MUST, 10, 0},
	{"huff=compulsory", H_MUST, 1, 0},
	{"huff=compulsory; chain=one_turn", H_MUST, 2, 0},
	{NULL, NULL, 0, 0}};

/* Compares perft 1..'depth'; keeps the second generator's counts in
 * 'keep'; returns the leaves at the last depth. */
static unsigned long long S_perft_compare(const char *rules, const char *pos, int depth,
                                          int *mismatches, unsigned long long *keep)
{
	A_ctx c;
	A_setup(&c, rules);
	A_pos p;
	A_read(pos, &p);
	tb_engine *e = L_new(rules, pos);
	unsigned long long mine = 0;
	for (int d = 1; d <= depth; d++) {
		mine = A_perft(&c, &p, d);
		unsigned long long lib = tb_engine_perft(e, d);
		keep[d] = mine;
		if (mine == lib)
			continue;
		/* each turn's count for the first few, to find where */
		if ((*mismatches)++ < 6)
			S_divide_diff(&c, &p, e, d);
		print_message("perft %d differs: rules \"%s\", position \"%s\": second generator "
		              "%llu, library %llu\n", d, rules, pos, mine, lib);
		break;
	}
	tb_engine_free(e);
	return mine;
}

static void test_perft_positions(void **state)
{
	(void)state;
	double t0 = tt_seconds();
	int mismatches = 0, runs = 0, bad_claims = 0;
	static unsigned long long counts[64][S_NPOS][5];
	unsigned long long nodes = 0;
	for (int s = 0; S_settings[s].rules; s++) {
		const S_setting *st = &S_settings[s];
		assert_true(s < 64);
		for (int i = 0; S_positions[i].pos; i++, runs++) {
			assert_true(i < S_NPOS && S_positions[i].depth <= 4);
			memset(counts[s][i], 0xff, sizeof counts[s][i]);
			/* under AddressSanitizer one depth less where it costs */
			int depth = S_positions[i].depth;
			if (TT_SANITIZED && depth == 4 && i < S_NCHAIN)
				depth = 3;
			else if (TT_SANITIZED && depth == 3)
				depth = 2 + (st->changes != 0);
			nodes += S_perft_compare(st->rules, S_positions[i].pos, depth, &mismatches,
			                         counts[s][i]);
		}
		if (st->changes < 0)
			continue;
		int differ = 0;
		for (int i = 0; i < S_NPOS; i++)
			for (int d = 1; d <= 4; d++)
				differ += counts[s][i][d] != ~0ull && counts[0][i][d] != ~0ull &&
				          counts[s][i][d] != counts[0][i][d];
		if ((differ > 0) != st->changes) {
			print_message("\"%s\" was expected to %s the perft counts of the defaults, and "
			              "changes %d\n", st->rules, st->changes ? "change" : "leave", differ);
			bad_claims++;
		}
	}
	/* settings against each other */
	for (int k = 0; S_pairs[k].a; k++) {
		int sa = -1, sb = -1;
		for (int s = 0; S_settings[s].rules; s++) {
			sa = strcmp(S_settings[s].rules, S_pairs[k].a) ? sa : s;
			sb = strcmp(S_settings[s].rules, S_pairs[k].b) ? sb : s;
		}
		assert_true(sa >= 0 && sb >= 0);
		int differ = 0;
		for (int i = 0; i < S_NPOS; i++)
			for (int d = 1; d <= 4; d++)
				differ += counts[sa][i][d] != ~0ull && counts[sb][i][d] != ~0ull &&
				          counts[sa][i][d] != counts[sb][i][d];
		if ((differ > 0) != S_pairs[k].differ) {
			print_message("\"%s\" and \"%s\" were expected to give %s perft counts, and %d "
			              "differ\n", S_pairs[k].a, S_pairs[k].b,
			              S_pairs[k].differ ? "different" : "the same", differ);
			bad_claims++;
		}
	}
	/* the counts by hand, for both generators */
	int bad_hand = 0;
	for (int k = 0; S_by_hand[k].pos; k++) {
		A_ctx c;
		A_setup(&c, S_by_hand[k].rules);
		A_pos p;
		A_read(S_by_hand[k].pos, &p);
		tb_engine *e = L_new(S_by_hand[k].rules, S_by_hand[k].pos);
		for (int d = 1; d <= 2; d++) {
			unsigned long long want = d == 1 ? S_by_hand[k].d1 : S_by_hand[k].d2;
			if (!want)
				continue;
			unsigned long long mine = A_perft(&c, &p, d), lib = tb_engine_perft(e, d);
			if (mine != want || lib != want) {
				print_message("perft %d, rules \"%s\", position \"%s\": by hand %llu, second "
				              "generator %llu, library %llu\n", d, S_by_hand[k].rules,
				              S_by_hand[k].pos, want, mine, lib);
				if (mine != lib)
					S_divide_diff(&c, &p, e, d);
				bad_hand++;
			}
		}
		tb_engine_free(e);
	}
	print_message("perft from positions: %d (settings x positions, to depth 3 or 4), %llu "
	              "leaves at the last depth, %d differ, %d hand counts fail, %.2f s\n", runs,
	              nodes, mismatches, bad_hand, tt_seconds() - t0);
	assert_int_equal(mismatches, 0);
	assert_int_equal(bad_claims, 0);
	assert_int_equal(bad_hand, 0);
}

/* ===== Records for tb_reader_validate ===== */

/* A record under 'rules' from 'start' with turns 'tok[0..n)', the
 * result unknown; the attackers' turns get "N.", a record starting with
 * the defenders' turn "N...". */
static char *V_record(const char *rules, const char *start,
                      const char (*tok)[A_TOKLEN], size_t n)
{
	char tag[512];
	S_rules_tag(rules, tag, sizeof tag);
	A_pos p;
	A_read(start, &p);
	tt_str b = {0};
	tt_printf(&b, "[Game \"asalto\"]\n[Rules \"%s\"]\n[Position \"%s\"]\n\n", tag, start);
	for (size_t i = 0; i < n; i++) {
		if (p.stm == 0)
			tt_printf(&b, "%d. ", p.number);
		else if (i == 0)
			tt_printf(&b, "%d... ", p.number);
		tt_printf(&b, "%s ", tok[i]);
		p.number += p.stm == 1;
		p.stm = 1 - p.stm;
	}
	tt_puts(&b, "*\n");
	return tt_take(&b);
}

/* After 'tok' in 'pos', both generators leave the defenders on 'huff'
 * ("d6,e7"; "" none) huffable: the second generator's next position,
 * and the one tb_reader_validate reports. Returns 0 (having said why)
 * when not. */
static int S_huff_after(const char *rules, const char *pos, const char *tok, const char *huff)
{
	A_ctx c;
	A_setup(&c, rules);
	A_pos p;
	A_read(pos, &p);
	static A_turn t[A_MAX];
	size_t n = A_gen(&c, &p, t), k = 0;
	while (k < n && strcmp(t[k].tok, tok))
		k++;
	if (k == n) {
		print_message("rules \"%s\", %s: the second generator does not find %s\n", rules, pos,
		              tok);
		return 0;
	}
	char want[256], mine[256];
	A_pos w = t[k].next;
	memset(w.huff, 0, sizeof w.huff);
	A_write(&w, want, sizeof want);
	if (*huff)
		snprintf(want + strlen(want), sizeof want - strlen(want), " huff=%s", huff);
	A_write(&t[k].next, mine, sizeof mine);
	static char toks[1][A_TOKLEN];
	snprintf(toks[0], sizeof toks[0], "%s", tok);
	char *text = V_record(rules, pos, (const char(*)[A_TOKLEN])toks, 1);
	static V_seen v;
	int errors = V_validate(text, &v, NULL);
	free(text);
	A_pos lib, wp;
	A_read(want, &wp);
	int lib_ok = errors == 0 && v.n == 1;
	if (lib_ok) {
		A_read(v.pos[0], &lib);
		lib_ok = A_same_position(&lib, &wp);
	}
	if (strcmp(mine, want) || !lib_ok) {
		print_message("rules \"%s\", %s after %s: by hand \"%s\", second generator \"%s\", "
		              "library \"%s\" (%d errors)\n", rules, pos, tok, want, mine,
		              v.n ? v.pos[0] : "-", errors);
		return 0;
	}
	return 1;
}

/* ===== 4. Huffs, through tb_reader_validate ===== */

/* d6 may take d5 (landing on d4), e7 may take e6 (landing on e5, then
 * d5 to c5 by a right angle, which only a chain that may turn takes). */
#define HF_POS "D 10 A:c1,d1,e1,c2,d2,e2,c3,d3,e3,d5,e6 D:d6,e7"

/* What becomes huffable after each defenders' turn, by hand. */
static const struct {
	const char *rules, *tok, *huff; /* huff: "" none */
} HF_hand[] = {
	{"", "d6-c6", "c6,e7"}, /* both could capture: the mover at its new point */
	{"", "e7-d7", "d6,d7"},
	{"", "d6xd4", ""},      /* no jump from d4 */
	{"", "e7xe5", ""},      /* straight on from e5: e4 is empty */
	{"huff_target=mover", "d6-c6", "c6"},
	{"huff_target=mover", "e7-d7", "d7"},
	{"huff_target=mover; chain=zigzag", "e7xe5", "e5"},
	{"chain=zigzag", "d6-c6", "c6,e7"},
	{"chain=zigzag", "e7xe5", "e5"}, /* stopped before e5xc5 */
	{"chain=zigzag", "e7xe5xc5", ""},
	{"chain=one_turn", "e7xe5", "e5"},
	{"chain=one_turn", "e7xe5xc5", ""}, /* from c5 over c4? empty */
	{"chain=right_angles", "e7xe5", "e5"},
	{"huff=automatic", "d6-c6", "c6,e7"},
	{"huff=automatic", "e7xe5", ""},
	{"huff=automatic; chain=zigzag", "e7xe5", "e5"},
	{"huff=off", "d6-c6", ""},
	{"huff=off; chain=zigzag", "e7xe5", ""},
	/* huff=compulsory: the captures, as far as they go, and no huff */
	{"huff=compulsory", "d6xd4", ""},
	{"huff=compulsory", "e7xe5", ""},
	{"huff=compulsory; chain=zigzag", "e7xe5xc5", ""},
	{NULL, NULL, NULL}};

static const char *const HF_settings[] = {
	"", "huff=automatic", "huff=off", "huff=compulsory", "huff_target=mover",
	"chain=zigzag", "chain=one_turn", "chain=right_angles",
	"huff=automatic; huff_target=mover; chain=zigzag", "huff=compulsory; chain=zigzag",
	"diagonals=none", "blue=fortress; forward=path", "lockout=play", NULL};

typedef struct HF_stats {
	unsigned long long def_turns, seen, candidates, accepted, refused, huffed_accepted,
		bad_pos, bad_accept, bad_refuse;
} HF_stats;

/* Candidates for the attackers' turn after the defenders' 'first' from
 * HF_POS: every step of an attacker to a neighbour along any line of the
 * full board, with no huff and with a huff of each defender, of an
 * attacker and of an empty point; "pass" and "Hd/pass". The library must
 * accept exactly those the second generator lists. */
static void HF_probe(const char *rules, const char *first, HF_stats *st)
{
	A_ctx c, full;
	A_setup(&c, rules);
	A_setup(&full, "");
	A_pos p;
	A_read(HF_POS, &p);
	static A_turn t[A_MAX];
	size_t n = A_gen(&c, &p, t), k = 0;
	while (k < n && strcmp(t[k].tok, first))
		k++;
	assert_true(k < n);
	const A_pos after = t[k].next;
	static L_tokens mine;
	A_tokens(&c, &after, &mine);
	static char tok[2][A_TOKLEN];
	snprintf(tok[0], sizeof tok[0], "%s", first);

	/* the position after the defenders' turn, as the library reports it */
	static V_seen v;
	char *text = V_record(rules, HF_POS, (const char(*)[A_TOKLEN])tok, 1);
	char *diags = NULL;
	int errors = V_validate(text, &v, &diags);
	A_pos lib;
	if (errors == 0 && v.n == 1)
		A_read(v.pos[0], &lib);
	if (errors || v.n != 1 || !A_same_position(&lib, &after)) {
		char mine_pos[256];
		A_write(&after, mine_pos, sizeof mine_pos);
		print_message("rules \"%s\": after %s the library reports \"%s\" (%d errors), the "
		              "second generator \"%s\"\n%s%s", rules, first, v.n ? v.pos[0] : "-",
		              errors, mine_pos, text, diags);
		st->bad_pos++;
	}
	free(text);
	free(diags);
	st->def_turns++;

	/* the candidates */
	int hpts[A_NPTS + 2], nh = 0, some_att = -1, some_empty = -1;
	hpts[nh++] = -1;
	for (int q = 0; q < A_NPTS; q++) {
		if (after.board[q] == 2)
			hpts[nh++] = q;
		if (after.board[q] == 1 && some_att < 0)
			some_att = q;
		if (after.board[q] == 0 && some_empty < 0)
			some_empty = q;
	}
	hpts[nh++] = some_att;
	hpts[nh++] = some_empty;
	for (int hi = 0; hi < nh; hi++) {
		int h = hpts[hi];
		char pre[8] = "";
		if (h >= 0)
			snprintf(pre, sizeof pre, "H%s/", A_names[h]);
		for (int l = -1; l < full.nlines; l++)
			for (int kk = 0; kk + 1 < (l < 0 ? 2 : full.len[l]); kk++)
				for (int rev = 0; rev < 2; rev++) {
					if (l < 0) { /* "pass", once */
						if (kk || rev)
							continue;
						snprintf(tok[1], sizeof tok[1], "%spass", pre);
					} else {
						int a = full.line[l][kk + rev], b = full.line[l][kk + 1 - rev];
						if (after.board[a] != 1)
							continue;
						snprintf(tok[1], sizeof tok[1], "%s%s-%s", pre, A_names[a],
						         A_names[b]);
					}
					int legal = bsearch(tok[1], mine.tok, mine.n, sizeof mine.tok[0],
					                    tt_strcmp) != NULL;
					/* under AddressSanitizer every validation maps the
					 * engine's buffers anew: one candidate in 7 */
					if (TT_SANITIZED && st->seen++ % 7)
						continue;
					text = V_record(rules, HF_POS, (const char(*)[A_TOKLEN])tok, 2);
					errors = V_validate(text, NULL, NULL);
					st->candidates++;
					if (legal && errors == 0) {
						st->accepted++;
						st->huffed_accepted += h >= 0;
					} else if (!legal && errors > 0) {
						st->refused++;
					} else {
						if (st->bad_accept + st->bad_refuse < 30)
							print_message("rules \"%s\", after %s: the second generator "
							              "finds %s %s, the library %s it\n", rules, first,
							              tok[1], legal ? "legal" : "illegal",
							              errors ? "refuses" : "accepts");
						if (legal)
							st->bad_refuse++;
						else
							st->bad_accept++;
					}
					free(text);
				}
	}
}

static void test_huffs(void **state)
{
	(void)state;
	double t0 = tt_seconds();
	/* by hand: what the defenders' turn leaves huffable, for both */
	int bad_hand = 0;
	for (int i = 0; HF_hand[i].rules; i++)
		bad_hand += !S_huff_after(HF_hand[i].rules, HF_POS, HF_hand[i].tok, HF_hand[i].huff);
	HF_stats st = {0};
	for (int s = 0; HF_settings[s]; s++) {
		A_ctx c;
		A_setup(&c, HF_settings[s]);
		A_pos p;
		A_read(HF_POS, &p);
		static L_tokens first;
		A_tokens(&c, &p, &first);
		for (size_t i = 0; i < first.n; i++)
			HF_probe(HF_settings[s], first.tok[i], &st);
	}
	print_message("huffs: %llu defenders' turns, %llu attackers' candidates: %llu accepted "
	              "(%llu with a huff), %llu refused; the library accepts %llu the second "
	              "generator does not list and refuses %llu it lists; %llu positions after "
	              "the defenders' turn differ; %d hand checks fail; %.2f s\n",
	              st.def_turns, st.candidates, st.accepted, st.huffed_accepted, st.refused,
	              st.bad_accept, st.bad_refuse, st.bad_pos, bad_hand, tt_seconds() - t0);
	assert_int_equal(bad_hand, 0);
	assert_int_equal(st.bad_pos, 0);
	assert_int_equal(st.bad_accept, 0);
	assert_int_equal(st.bad_refuse, 0);
	assert_true(st.huffed_accepted > 0);
	assert_true(st.refused > st.accepted);
}

/* ===== 4b. The examples of spec/games/asalto.md ===== */

/* 'tok' is (legal) or is not among the turns of both generators. */
static int S_legal(const char *rules, const char *pos, const char *tok, int legal)
{
	A_ctx c;
	A_setup(&c, rules);
	A_pos p;
	A_read(pos, &p);
	static L_tokens mine, lib;
	A_tokens(&c, &p, &mine);
	L_tokens_at(rules, pos, &lib);
	int in_mine = bsearch(tok, mine.tok, mine.n, sizeof mine.tok[0], tt_strcmp) != NULL;
	int in_lib = bsearch(tok, lib.tok, lib.n, sizeof lib.tok[0], tt_strcmp) != NULL;
	if (in_mine != legal || in_lib != legal) {
		print_message("rules \"%s\", %s: %s should be %s; the second generator %s it, the "
		              "library %s it\n", rules, pos, tok, legal ? "legal" : "illegal",
		              in_mine ? "lists" : "does not list", in_lib ? "lists" : "does not list");
		return 0;
	}
	return 1;
}

/* The game is over in 'pos' with 'result' for both: the second
 * generator's end, and the result of the library's random game from
 * there (which has no turn). 'lockout': the end is the lockout (1) or
 * another (0): the second generator's reason, and the library's (the
 * comment of its game says so in the words of spec §4). */
static int S_ends(const char *rules, const char *pos, const char *result, int lockout)
{
	A_ctx c;
	A_setup(&c, rules);
	A_pos p;
	A_read(pos, &p);
	const char *res, *why = A_over(&c, &p, &res);
	tb_engine *e = L_new(rules, pos);
	char *text = tb_engine_random_game(e, 1, 10, NULL);
	tb_engine_free(e);
	assert_non_null(text);
	char want[64];
	snprintf(want, sizeof want, "[Result \"%s\"]", result);
	/* the movetext: at most a comment, then the result */
	const char *m = strstr(text, "\n\n");
	assert_non_null(m);
	m += 2;
	int lib_lock = 0;
	if (*m == '{') {
		const char *end = strchr(m, '}');
		assert_non_null(end);
		const char *words = strstr(m, "cannot get back in");
		lib_lock = words && words < end;
		m = end + 1;
	}
	while (isspace((unsigned char)*m))
		m++;
	int ok = why && !strcmp(res, result) && strstr(text, want) &&
	         !strncmp(m, result, strlen(result)) &&
	         (strcmp(why, "the defenders are shut out") == 0) == lockout && lib_lock == lockout;
	if (!ok)
		print_message("rules \"%s\", %s: should be over with %s%s; the second generator finds "
		              "%s (%s), the library plays\n%s", rules, pos, result,
		              lockout ? " (the lockout)" : "", why ? why : "not over", why ? res : "-",
		              text);
	free(text);
	return ok;
}

/* tb_reader_validate on a record under 'rules' from 'pos' with
 * 'movetext' and [Result] 'result': 'errors' errors, and a diagnostic
 * holding 'code' when not NULL. */
static int S_record(const char *rules, const char *pos, const char *movetext,
                    const char *result, int errors, const char *code)
{
	char tag[512];
	S_rules_tag(rules, tag, sizeof tag);
	tt_str b = {0};
	tt_printf(&b, "[Game \"asalto\"]\n[Rules \"%s\"]\n[Result \"%s\"]\n[Position \"%s\"]\n\n%s\n",
	          tag, result, pos, movetext);
	char *text = tt_take(&b), *diags = NULL;
	int n = V_validate(text, NULL, &diags);
	int ok = n == errors && (!code || strstr(diags, code));
	if (!ok)
		print_message("expected %d errors%s%s, found %d:\n%s%s", errors, code ? " and " : "",
		              code ? code : "", n, text, diags);
	free(text);
	free(diags);
	return ok;
}

static void test_spec_examples(void **state)
{
	(void)state;
	int bad = 0;
	/* attackers: forwards or sideways along the red lines */
	const char *a = "A 10 A:c3,d3,e3,c4,d4,e4,b5,c5,f5 D:d6,e7";
	bad += !S_legal("", a, "c3-c2", 0);
	bad += !S_legal("", a, "c4-b4", 1);
	bad += !S_legal("", a, "e4-f4", 1);
	bad += !S_legal("", a, "d4-e5", 0);
	bad += !S_legal("", a, "e4-d5", 0);
	bad += !S_legal("blue=horizontals", a, "c4-b4", 0);
	bad += !S_legal("", a, "c3xc5", 0);
	/* forward=fortress and path (§3) */
	bad += !S_legal("", H_FORWARD, "a5-a4", 0);
	bad += !S_legal("forward=fortress", H_FORWARD, "a5-a4", 1);
	bad += !S_legal("forward=path", H_FORWARD, "a5-a4", 0);
	bad += !S_record("forward=fortress", H_FORWARD, "10. a5-a4", "*", 0, NULL);
	bad += !S_record("forward=path", H_FORWARD, "10. a5-a4", "*", 1, "TB401");
	/* captures; a chain that stops while it could go on leaves a huff */
	const char *d = "D 10 A:c3,d3,e3,a4,b4,c4,e4,a5,b5,d5,f5,g5,c6 D:d6,e7";
	bad += !S_huff_after("", d, "d6xd4", "d4");
	bad += !S_legal("", d, "d6xd4xd2", 1);
	bad += !S_legal("", d, "d6xd4xf4", 0); /* §8: it turns */
	bad += !S_huff_after("chain=zigzag", d, "d6xd4xf4", "f4");
	bad += !S_legal("", d, "e7xe5", 0);
	bad += !S_legal("", d, "d6xd3", 0);
	bad += !S_legal("", "D 10 A:c3,d3,e3,a4,b4,c4,e4,a5,b5,d5,f5,g5,c6 D:d6,e6", "e6xc6", 0);
	/* straight, one_turn, zigzag, right_angles (and angle) */
	const char *z = H_CHAIN;
	bad += !S_legal("", "D 10 A:c2,d2,b3,f3,g3,d4,e4,a5,b5,f5,e6 D:e7,a4", "e7xe5xe3", 1);
	bad += !S_legal("", z, "e7xe5xc3", 0);
	bad += !S_legal("chain=one_turn", z, "e7xe5xc3", 1);
	bad += !S_legal("chain=one_turn", z, "e7xe5xc3xa3", 0);
	bad += !S_legal("chain=zigzag", z, "e7xe5xc3xa3", 1);
	bad += !S_legal("chain=right_angles", z, "e7xe5xg5", 1);
	bad += !S_legal("chain=right_angles", z, "e7xe5xc3", 0);
	bad += !S_legal("chain=angle", z, "e7xe5xg5", 1);
	bad += !S_record("chain=angle", z, "10... e7xe5xg5 *", "*", 0, "TB211");
	bad += !S_record("", z, "10... e7xe5xc3 *", "*", 1, "TB401");
	/* back through the point it left; no attacker jumped twice */
	const char *l = "D 10 A:c4,d3,e4,d5,a3,b3,f3,g3,a4,g5 D:c5,g4";
	bad += !S_legal("chain=zigzag", l, "c5xc3xe3xe5xc5", 1);
	bad += !S_legal("chain=zigzag", l, "c5xc3xe3xe5xc5xc3", 0);
	bad += !S_legal("", l, "c5xc3xe3xe5xc5", 0);
	/* huffs: only the defender that passed up a capture */
	const char *h = H_MUST;
	const char *ha = "A 11 A:c3,d3,e3,a4,b4,c4,e4,a5,b5,d5,f5,g5 D:d6,e6 huff=d6";
	bad += !S_huff_after("", h, "e7-e6", "d6");
	bad += !S_legal("", ha, "Hd6/f5-e5", 1);
	bad += !S_legal("", ha, "He6/f5-e5", 0);
	bad += !S_legal("huff=automatic", ha, "f5-e5", 0);
	bad += !S_legal("huff=automatic", ha, "Hd6/f5-e5", 1);
	bad += !S_huff_after("huff=off", h, "e7-e6", "");
	/* huff=compulsory: no step, no chain that stops short; the huff=
	 * key left aside under off and compulsory, with a warning */
	bad += !S_legal("huff=compulsory", h, "e7-e6", 0);
	bad += !S_legal("huff=compulsory", h, "d6xd4", 0);
	bad += !S_legal("huff=compulsory", h, "d6xd4xd2", 1);
	bad += !S_huff_after("huff=compulsory", h, "d6xd4xd2", "");
	bad += !S_legal("huff=off", ha, "f5-e5", 1);
	bad += !S_legal("huff=off", ha, "Hd6/f5-e5", 0);
	bad += !S_legal("huff=compulsory", ha, "f5-e5", 1);
	bad += !S_legal("huff=compulsory", ha, "Hd6/f5-e5", 0);
	bad += !S_record("huff=off", ha, "11. f5-e5 *", "*", 0, "TB404");
	bad += !S_record("huff=compulsory", ha, "11. f5-e5 *", "*", 0, "TB404");
	bad += !S_record("huff=compulsory", h, "10... e7-e6 *", "*", 1, "TB401");
	/* the end */
	const char *f = "A 40 A:c5,e5,c6,d6,e6,c7,d7,e7,d4,a3 D:a4,g4";
	bad += !S_legal("", f, "d4-d5", 1);
	/* the fortress full comes before the lockout (both out, no way in) */
	bad += !S_ends("", "D 40 A:a3,c5,d5,e5,c6,d6,e6,c7,d7,e7 D:a4,g4", "1-0", 0);
	bad += !S_ends("", "A 40 A:c5,d5,e5,c6,d6,e6,c7,d7 D:e7,g3", "0-1", 0);
	/* both out, e7 empty but every way to it blocked: the lockout now,
	 * too few attackers under lockout=play; a draw either way */
	bad += !S_ends("", "A 40 A:c5,d5,e5,c6,d6,e6,c7,d7 D:a3,g3", "1/2-1/2", 1);
	bad += !S_ends("lockout=play", "A 40 A:c5,d5,e5,c6,d6,e6,c7,d7 D:a3,g3", "1/2-1/2", 0);
	/* §4: d3-d4 shuts both defenders out */
	bad += !S_ends("", H_LOCK_AFTER, "1/2-1/2", 1);
	bad += !S_legal("lockout=play", H_LOCK_AFTER, "d2-e2", 1);
	bad += !S_record("", H_LOCK_BEFORE, "30. d3-d4 1/2-1/2", "1/2-1/2", 0, NULL);
	bad += !S_record("", H_LOCK_BEFORE, "30. d3-d4 d2-e2 *", "*", 1, "TB402");
	bad += !S_record("lockout=play", H_LOCK_BEFORE, "30. d3-d4 d2-e2 *", "*", 0, NULL);
	/* the lockout comes before immobile=lose */
	bad += !S_ends("immobile=lose", H_LOCK_SHUT, "1/2-1/2", 1);
	bad += !S_ends("immobile=lose; lockout=play", H_LOCK_SHUT, "1-0", 0);
	bad += !S_ends("immobile=lose", H_MUTUAL, "1-0", 0); /* our reading */
	/* and the ends of test 3 */
	bad += !S_ends("", H_STUCK, "0-1", 0);
	bad += !S_ends("immobile=lose", H_BLOCKED, "1-0", 0);
	bad += !S_ends("", "D 30 A:c1,d1,e1,c2,d2,e2,c3,d3 D:g5", "1/2-1/2", 0);
	assert_int_equal(bad, 0);
}

/* ===== 5. Random playouts ===== */

#define G_TURNS 80

/* The positions of test 2 that start playouts: the chains, and those
 * of the rules changed in tablero 0.2. */
static const int G_starts[] = {0, 1, 2, 3, 4, 8, 9, 10, 11, 12, 13};
#define G_NSTARTS 11

/* Game g's start: the start with the defenders on two random fortress
 * points (the first mover to move), or one of G_starts. */
static void G_start(const A_ctx *c, int g, uint64_t *seed, char *buf, size_t n)
{
	if (g % 3 == 2) {
		snprintf(buf, n, "%s", S_positions[G_starts[(g / 3) % G_NSTARTS]].pos);
		return;
	}
	static const char *const fort[] = {"c5", "d5", "e5", "c6", "d6", "e6", "c7", "d7", "e7"};
	unsigned a = (unsigned)(tt_splitmix(seed) % 9), b = (unsigned)(tt_splitmix(seed) % 8);
	b += b >= a;
	snprintf(buf, n, "%c 1 %s D:%s,%s", c->r.first_def ? 'D' : 'A', S_start_attackers,
	         fort[a], fort[b]);
}

typedef struct G_stats {
	unsigned long long games, positions, turns, huffs, chains, passes, longest, over[6];
	unsigned long long lib_games, lib_turns, lib_over, lib_stopped, lib_lockouts;
	int bad;
} G_stats;

static int G_reason(const char *why)
{
	return !strcmp(why, "the attackers hold the fortress")  ? 0
	       : !strcmp(why, "fewer than nine attackers")      ? 1
	       : !strcmp(why, "the attackers cannot step")      ? 2
	       : !strcmp(why, "the defenders cannot move")      ? 3
	       : !strcmp(why, "the defenders are shut out")     ? 4
	       : !strcmp(why, "a defender is walled in")        ? 5
	                                                        : (assert_true(0), 0);
}

/* Games of the second generator: the sets of legal turns at each
 * position, then the whole game through tb_reader_validate. */
static void G_own_games(const char *rules, int ngames, uint64_t *seed, G_stats *st)
{
	A_ctx c;
	A_setup(&c, rules);
	static A_turn t[A_MAX];
	static L_tokens mine, lib;
	static char tok[G_TURNS][A_TOKLEN];
	static A_pos after[G_TURNS];
	static V_seen v;
	for (int g = 0; g < ngames && !st->bad; g++) {
		char start[256];
		G_start(&c, g, seed, start, sizeof start);
		A_pos p;
		A_read(start, &p);
		size_t n = 0;
		while (n < G_TURNS && !st->bad) {
			char pos[256];
			A_write(&p, pos, sizeof pos);
			A_pos fresh;
			A_read(pos, &fresh);
			assert_true(A_same_position(&fresh, &p));
			size_t nt = A_gen(&c, &p, t);
			mine.n = nt;
			for (size_t i = 0; i < nt; i++) {
				memcpy(mine.tok[i], t[i].tok, A_TOKLEN);
				st->huffs += t[i].tok[0] == 'H';
				st->passes += !strcmp(t[i].tok, "pass");
				if (strchr(t[i].tok, 'x')) {
					st->chains++;
					unsigned long long len = (strlen(t[i].tok) - 2) / 3;
					st->longest = len > st->longest ? len : st->longest;
				}
			}
			qsort(mine.tok, mine.n, sizeof mine.tok[0], tt_strcmp);
			tb_engine *e = L_new(rules, pos);
			lib.n = 0;
			size_t nl = tb_engine_divide(e, 1, L_collect, &lib);
			char *back = tb_engine_position(e);
			tb_engine_free(e);
			qsort(lib.tok, lib.n, sizeof lib.tok[0], tt_strcmp);
			A_pos echoed;
			A_read(back, &echoed);
			if (!A_same_position(&echoed, &p)) {
				print_message("rules \"%s\": the library reads \"%s\" as \"%s\"\n", rules, pos,
				              back);
				st->bad = 1;
			}
			free(back);
			if (nl != lib.n || !L_same_set_as(rules, pos, &mine, &lib, "second generator",
			                                  "library"))
				st->bad = 1;
			st->positions++;
			st->turns += nt;
			if (!nt)
				break;
			const A_turn *pick = &t[tt_splitmix(seed) % nt];
			memcpy(tok[n], pick->tok, A_TOKLEN);
			after[n++] = pick->next;
			p = pick->next;
		}
		const char *res, *why = A_over(&c, &p, &res);
		if (why)
			st->over[G_reason(why)]++;
		st->games++;
		if (st->bad)
			break;
		/* the whole game, replayed by the library */
		char *text = V_record(rules, start, (const char(*)[A_TOKLEN])tok, n);
		char *diags = NULL;
		int errors = V_validate(text, &v, &diags);
		int ok = errors == 0 && v.n == n;
		for (size_t i = 0; ok && i < n; i++) {
			A_pos lp;
			A_read(v.pos[i], &lp);
			if (strcmp(v.tok[i], tok[i]) || !A_same_position(&lp, &after[i])) {
				char mp[256];
				A_write(&after[i], mp, sizeof mp);
				print_message("turn %zu: the library played %s to \"%s\", the second "
				              "generator %s to \"%s\"\n", i + 1, v.tok[i], v.pos[i], tok[i], mp);
				ok = 0;
			}
		}
		if (!ok) {
			print_message("rules \"%s\": the library finds %d errors and reports %zu turns of "
			              "%zu in a game of the second generator\n%s%s", rules, errors, v.n, n,
			              text, diags);
			st->bad = 1;
		}
		free(text);
		free(diags);
	}
}

/* Games the library plays (tb_engine_random_game), replayed by the
 * second generator: each turn legal, the end where the rules put it,
 * the same result. */
static void G_library_games(const char *rules, int ngames, uint64_t seed, G_stats *st)
{
	A_ctx c;
	A_setup(&c, rules);
	static A_turn t[A_MAX];
	static L_tokens mine;
	for (int g = 0; g < ngames && !st->bad; g++) {
		/* the start with the defenders drawn by the library, or a
		 * position of test 2 (from one the seed picks on) */
		const char *start =
			g % 2 ? S_positions[G_starts[(g / 2 + seed / 100) % G_NSTARTS]].pos : NULL;
		tb_engine *e = L_new(rules, start);
		size_t len = 0;
		char *text = tb_engine_random_game(e, seed + (uint64_t)g, G_TURNS, &len);
		tb_engine_free(e);
		assert_non_null(text);
		assert_int_equal(len, strlen(text));
		const char *res = strstr(text, "[Result \"");
		const char *ptag = strstr(text, "[Position \"");
		const char *moves = strstr(text, "\n\n");
		assert_non_null(res);
		assert_non_null(moves);
		if (!ptag) {
			print_message("rules \"%s\": a random game without [Position]\n%s", rules, text);
			st->bad = 1;
			free(text);
			break;
		}
		res += 9;
		char pos[256];
		snprintf(pos, sizeof pos, "%.*s", (int)strcspn(ptag + 11, "\""), ptag + 11);
		A_pos p;
		A_read(pos, &p);
		size_t n = 0;
		int stopped = 0, lib_lock = 0;
		for (const char *w = moves + 2; *w && !st->bad;) {
			if (isspace((unsigned char)*w)) {
				w++;
				continue;
			}
			size_t k = *w == '{' ? strcspn(w, "}") + 1 : strcspn(w, " \n");
			if (*w == '{') {
				const char *s = strstr(w, "stopped after");
				stopped |= s && s < w + k;
				/* the lockout, in the words of spec §4 */
				s = strstr(w, "cannot get back in");
				lib_lock |= s && s < w + k;
			} else if (!isdigit((unsigned char)*w) && *w != '*') {
				size_t nt = A_gen(&c, &p, t), i = 0;
				while (i < nt && !(strlen(t[i].tok) == k && !memcmp(t[i].tok, w, k)))
					i++;
				if (i == nt) {
					char now[256];
					A_write(&p, now, sizeof now);
					print_message("rules \"%s\": the library plays %.*s at turn %zu, in "
					              "\"%s\"\n", rules, (int)k, w, n + 1, now);
					A_tokens(&c, &p, &mine);
					tt_print_tokens("second generator", TT_TOKS(&mine));
					print_message("%s", text);
					st->bad = 1;
					break;
				}
				p = t[i].next;
				n++;
			}
			w += k;
		}
		if (!st->bad) {
			const char *want, *why = A_over(&c, &p, &want);
			int ok = n == G_TURNS && stopped ? why == NULL : why != NULL && !stopped;
			if (ok && why && strncmp(res, want, strlen(want)))
				ok = 0;
			int lock = why && !strcmp(why, "the defenders are shut out");
			if (lock != lib_lock)
				ok = 0;
			if (!ok) {
				char now[256];
				A_write(&p, now, sizeof now);
				print_message("rules \"%s\": the library's game ends after %zu turns%s in "
				              "\"%s\" with %.7s%s; the second generator finds it %s (%s), "
				              "result %s\n%s", rules, n, stopped ? " (stopped)" : "", now, res,
				              lib_lock ? " (the lockout)" : "", why ? "over" : "not over",
				              why ? why : "-", why ? want : "-", text);
				st->bad = 1;
			}
			st->lib_lockouts += lock;
			st->lib_over += why != NULL;
			st->lib_stopped += stopped;
		}
		st->lib_games++;
		st->lib_turns += n;
		free(text);
	}
}

static void test_playouts(void **state)
{
	(void)state;
	double t0 = tt_seconds();
	G_stats st = {0};
	uint64_t seed = 20260401;
	for (int s = 0; S_settings[s].rules && !st.bad; s++) {
		const char *rules = S_settings[s].rules;
		/* a default written out plays the defaults' games: fewer */
		int ngames = S_settings[s].changes == 0 ? 25 : 200;
		if (TT_SANITIZED)
			ngames = ngames / 40 + 1;
		G_own_games(rules, ngames, &seed, &st);
		G_library_games(rules, ngames / 8 + 2, 5000 + (uint64_t)s * 100, &st);
	}
	print_message("playouts: %llu games, %llu positions, %llu legal turns compared (%llu with "
	              "a huff, %llu chains (longest %llu jumps), %llu passes); ends: %llu fortress, "
	              "%llu too few attackers, %llu attackers stuck, %llu defenders stuck, %llu "
	              "lockouts, %llu walled in; library games %llu (%llu turns, %llu over, %llu lockouts, %llu "
	              "stopped); %.2f s\n",
	              st.games, st.positions, st.turns, st.huffs, st.chains, st.longest,
	              st.passes, st.over[0], st.over[1], st.over[2], st.over[3], st.over[4],
	              st.over[5], st.lib_games, st.lib_turns, st.lib_over, st.lib_lockouts, st.lib_stopped,
	              tt_seconds() - t0);
	assert_int_equal(st.bad, 0);
	/* the games met what they are for */
	assert_true(st.huffs > 0 && st.chains > 0 && st.passes > 0);
	assert_true(st.over[0] > 0 && st.over[1] > 0 && st.over[4] > 0);
	assert_true(st.lib_lockouts > 0);
}

/* ===== 5b. Random positions: the end ===== */

/* Positions drawn at random, most with the defenders out of the
 * fortress: the same legal turns, and where the game is over the same
 * end (the lockout or another) and result. */
static void test_random_positions(void **state)
{
	(void)state;
	double t0 = tt_seconds();
	static const char *const rules[] = {"", "lockout=play", "diagonals=none",
	                                    "chain=zigzag; huff=compulsory", "immobile=lose",
	                                    NULL};
	uint64_t seed = 20261201;
	int bad = 0;
	unsigned long long positions = 0, over = 0, lockouts = 0, out = 0;
	static L_tokens mine, lib;
	for (int r = 0; rules[r] && !bad; r++) {
		A_ctx c;
		A_setup(&c, rules[r]);
		int n = TT_SANITIZED ? 100 : 1500;
		for (int i = 0; i < n && !bad; i++) {
			A_pos p;
			memset(&p, 0, sizeof p);
			p.stm = (int)(tt_splitmix(&seed) % 2);
			p.number = 20;
			int natt = 9 + (int)(tt_splitmix(&seed) % 16);
			int ndef = 1 + (int)(tt_splitmix(&seed) % 2);
			int outside = tt_splitmix(&seed) % 4 != 0;
			for (int k = 0; k < natt + ndef;) {
				int q = (int)(tt_splitmix(&seed) % A_NPTS);
				if (p.board[q] || (k >= natt && outside && c.fort[q]))
					continue;
				p.board[q] = k < natt ? 1 : 2;
				k++;
			}
			char pos[256];
			A_write(&p, pos, sizeof pos);
			A_tokens(&c, &p, &mine);
			L_tokens_at(rules[r], pos, &lib);
			positions++;
			out += outside;
			if (!L_same_set_as(rules[r], pos, &mine, &lib, "second generator", "library")) {
				bad++;
				break;
			}
			const char *res, *why = A_over(&c, &p, &res);
			if (why) {
				int lock = !strcmp(why, "the defenders are shut out");
				over++;
				lockouts += lock;
				bad += !S_ends(rules[r], pos, res, lock);
			}
		}
	}
	print_message("random positions: %llu (%llu with the defenders out), %llu over, %llu by "
	              "the lockout; %.2f s\n", positions, out, over, lockouts, tt_seconds() - t0);
	assert_int_equal(bad, 0);
	assert_true(lockouts > 0 && over > lockouts);
}

/* The points next to 'q' along the lines, into 'out'; returns how many. */
static int A_next_to(const A_ctx *c, int q, int *out)
{
	int n = 0;
	for (int l = 0; l < c->nlines; l++)
		for (int k = 0; k < c->len[l]; k++)
			if (c->line[l][k] == q) {
				if (k > 0)
					out[n++] = c->line[l][k - 1];
				if (k + 1 < c->len[l])
					out[n++] = c->line[l][k + 1];
			}
	return n;
}

/* A random position near an end on the board (spec §4), of 'kind': 0
 * the defenders in the fortress with attackers packed around them (the
 * walled-in end, or a defender hemmed in that is not walled in); 1 the
 * defenders out of the fortress beside it, its points around them taken
 * or not (the lockout, or a way back in at once); 2 the fortress nearly
 * full, and eight to ten attackers (the full fortress, too few
 * attackers). Under huffs, a defender the attackers may huff now, at
 * times. */
static void A_near_end(const A_ctx *c, int kind, uint64_t *seed, A_pos *p)
{
	memset(p, 0, sizeof *p);
	p->stm = (int)(tt_splitmix(seed) % 2);
	p->number = 20;
	int ndef = 1 + (int)(tt_splitmix(seed) % 2);
	int natt = kind == 2 ? 8 + (int)(tt_splitmix(seed) % 3) : 18 + (int)(tt_splitmix(seed) % 7);
	int def[2];
	for (int k = 0; k < ndef;) { /* kind 0: inside; 1: outside, next to the fortress */
		int q = (int)(tt_splitmix(seed) % A_NPTS), nb[16], near = 0;
		for (int i = 0, m = A_next_to(c, q, nb); i < m; i++)
			near |= c->fort[nb[i]];
		if (p->board[q] || (kind == 0 && !c->fort[q]) || (kind == 1 && (c->fort[q] || !near)))
			continue;
		p->board[q] = 2;
		def[k++] = q;
	}
	int placed = 0, queue[A_NPTS], head = 0, tail = 0;
	char seen[A_NPTS] = {0};
	for (int k = 0; k < ndef && kind != 2; k++) /* outwards from the defenders, mostly */
		queue[tail++] = def[k], seen[def[k]] = 1;
	while (head < tail && placed < natt) {
		int nb[16], m = A_next_to(c, queue[head++], nb);
		for (int i = 0; i < m && placed < natt; i++) {
			if (seen[nb[i]])
				continue;
			seen[nb[i]] = 1;
			queue[tail++] = nb[i];
			if (!p->board[nb[i]] && tt_splitmix(seed) % (kind == 0 ? 16 : 6) != 0)
				p->board[nb[i]] = 1, placed++;
		}
	}
	for (int q = 0; q < A_NPTS && kind == 2; q++) /* the fortress, mostly */
		if (c->fort[q] && !p->board[q] && placed < natt && tt_splitmix(seed) % 6 != 0)
			p->board[q] = 1, placed++;
	while (placed < natt) {
		int q = (int)(tt_splitmix(seed) % A_NPTS);
		if (!p->board[q])
			p->board[q] = 1, placed++;
	}
	if (p->stm == 0 && A_huffs(c) && tt_splitmix(seed) % 3 == 0)
		p->huff[def[tt_splitmix(seed) % (unsigned)ndef]] = 1;
}

/* Random positions near each end on the board: the same legal turns
 * (none where the game is over), and where it is over the same end and
 * result, each end met. The library tells most positions not over by a
 * few bit operations (rules.c, S_board_may_end) before its full tests:
 * a shortcut that missed an end would list turns here. */
static void test_random_ends(void **state)
{
	(void)state;
	double t0 = tt_seconds();
	static const char *const rules[] = {"", "diagonals=none", "lockout=play", "huff=automatic",
	                                    "immobile=lose", "chain=zigzag; huff=compulsory", NULL};
	uint64_t seed = 20261206;
	int bad = 0;
	unsigned long long positions = 0, over = 0, ends[6] = {0}, hemmed = 0;
	static L_tokens mine, lib;
	for (int r = 0; rules[r] && !bad; r++) {
		A_ctx c;
		A_setup(&c, rules[r]);
		int n = TT_SANITIZED ? 60 : 900;
		for (int i = 0; i < n && !bad; i++) {
			A_pos p;
			A_near_end(&c, i % 3, &seed, &p);
			char pos[256];
			A_write(&p, pos, sizeof pos);
			A_tokens(&c, &p, &mine);
			L_tokens_at(rules[r], pos, &lib);
			positions++;
			for (int q = 0, nb[16]; q < A_NPTS; q++) { /* a defender with no free neighbour */
				int m = A_next_to(&c, q, nb), open = 0;
				for (int k = 0; k < m; k++)
					open |= !p.board[nb[k]];
				hemmed += p.board[q] == 2 && c.fort[q] && !open;
			}
			if (!L_same_set_as(rules[r], pos, &mine, &lib, "second generator", "library")) {
				bad++;
				break;
			}
			const char *res, *why = A_over(&c, &p, &res);
			if (why) {
				over++;
				ends[G_reason(why)]++;
				bad += !S_ends(rules[r], pos, res, !strcmp(why, "the defenders are shut out"));
			}
		}
	}
	print_message("positions near an end: %llu (%llu defenders hemmed in), %llu over: %llu "
	              "fortress, %llu too few attackers, %llu attackers stuck, %llu defenders "
	              "stuck, %llu lockouts, %llu walled in; %.2f s\n", positions, hemmed, over,
	              ends[0], ends[1], ends[2], ends[3], ends[4], ends[5], tt_seconds() - t0);
	assert_int_equal(bad, 0);
	assert_true(ends[0] > 0 && ends[1] > 0 && ends[4] > 0 && ends[5] > 0);
	assert_true(hemmed > ends[5]); /* hemmed in but not walled in, too */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_board_tables),
		cmocka_unit_test(test_chains_by_hand),
		cmocka_unit_test(test_steps_by_hand),
		cmocka_unit_test(test_spec_examples),
		cmocka_unit_test(test_perft_start),
		cmocka_unit_test(test_perft_positions),
		cmocka_unit_test(test_huffs),
		cmocka_unit_test(test_playouts),
		cmocka_unit_test(test_random_positions),
		cmocka_unit_test(test_random_ends),
	};
	if (getenv("A_FILTER"))
		cmocka_set_test_filter(getenv("A_FILTER"));
	return cmocka_run_group_tests(tests, NULL, NULL);
}
