/*
 * test_ocencahuac_rules.c -- a second, deliberately simple Ocencahuac
 * move generator, written from the rules (spec/games/ocencahuac.md;
 * spec/tgn.md §5.1, §6.3, §7.3, §9 for turn numbers, the board, tokens
 * and positions), not from lib/games/ocencahuac/rules.c, checked against the
 * library's rules engine through the public API only (tb_engine_*,
 * tb_reader_validate).
 *
 * The second generator keeps the board as a grid of characters, five
 * files by 8, 9 or 10 ranks ('.' empty, "EMPG" Sangangüey, "empg"
 * Ceboruco) with a crowned and a cool flag per cell, and finds every
 * turn by direct loops over the cells and the four directions. Turns
 * are kept as their canonical tokens ("c2-c3", "c4^c6>c8", "c6^c4@b3",
 * "b4xd4", "a7-a8==", "pass") with the position they lead to. Everything
 * a position needs is in its notation (the crowns, the cool pieces,
 * and under a limit the count of turns without a capture or a
 * crowning, quiet=N).
 *
 * It reads the rules as they stand since tablero 0.2 (spec §12: the
 * defaults prince=leap, jump=line, push_sideways=penultimate,
 * crowned_move=new_plus_old, relief=frees, and end_result), so:
 *   - the Prince (prince=leap) moves only by its L, two and one, to an
 *     empty cell, in both stages (onto an enemy Warrior too in its
 *     second); it never hops: no jump, no pushback, no relief jump. It
 *     is still pushed back when jumped, and crowned on its far row.
 *     prince=step: it steps and hops, and leaps only in its second
 *     stage; prince=knight: it leaps and hops, and never steps;
 *   - a jump passes a run of adjacent pieces to the first empty cell
 *     (jump=line), but not a block (two pieces of the other side next
 *     to each other in the file), or a run of two or more holding an
 *     enemy second-stage royal piece that is not pushed; jump=one:
 *     exactly one piece. Several enemy pieces to push in one run (since
 *     tablero 0.6) are pushed one after the other, the one farthest
 *     along the way they go first, each as if alone on the board as the
 *     ones before left it; a '>' for each that goes, in that order;
 *   - a piece jumped along its file while on its penultimate row (the
 *     row next to its own home row), either way, goes sideways at once
 *     to the nearest empty cell of that row, at any distance, passing
 *     over pieces, both when two are as near (push_sideways=penultimate);
 *     anywhere else a piece that finds no push cell stays, and the hop is
 *     written without '>'. no_cell: pushed along its file on every row,
 *     sideways only when no push cell is free; never: never sideways.
 *     A full rank, or a jump along the rank: it stays. The old name
 *     push_fallback=sideways|none is read as no_cell|never (§4);
 *   - second-stage royal pieces slide and capture, and also hop as
 *     before (crowned_move=new_plus_old), pushing first-stage royal
 *     pieces back; crowned_move=new: they hop only for relief;
 *   - a relief jump's relocation cell must leave the jumped piece
 *     threatening none of the jumper's Warriors, on the board after the
 *     hop and the relocation (relief=frees); with no such cell the
 *     relief jump is not made. relief=threatened: the threat before the
 *     hop is enough, wherever the piece is put;
 *   - a game that the limit ends, or in which neither side can move,
 *     goes to the side that captured more Warriors, equal drawn
 *     (end_result=captures), or is drawn (end_result=draw).
 *
 * Where the rules leave room, the second generator reads them so (the
 * hand-written lists of test 3 pin each reading down): a block is two
 * pieces of one side next to each other in a file; the penultimate row
 * is counted towards the home a pushback sends the piece to, and its
 * sideways push also applies under push_dir=jump and whatever
 * push_dist says; "threatens" is "could capture it now, were it its
 * turn", support included, and relief=frees checks it after each hop of
 * a chain; under stage2_push=on a threatening second-stage royal piece
 * may be jumped for relief (relocated) or with a pushback; a cool piece
 * may not push back in any hop of its turn, a chain included
 * (next_move: it stops being cool when its turn ends); a chain crowns
 * only where it ends. Where a game is both at the limit and blocked
 * under blocked=lose, the limit is taken to end it (by end_result); no
 * test here reaches that.
 *
 * What is compared:
 *   1. perft from the start to depth 5 (default rules), against the
 *      library and, for depths 1-2, against counts worked out by hand
 *      (also under first=ceboruco, prince=step, prince=knight, jump=one,
 *      all the defaults of before tablero 0.2, river=5, river=6); the
 *      start positions themselves;
 *   2. perft to depth 3-4 from positions of each stage (royal pieces
 *      mid-board, pushbacks by the edges and the penultimate and home
 *      rows, one side or both in the second stage with slides, knight
 *      moves, captures and relief jumps, a cool piece, crowned pieces
 *      by their far row, a blocked side; and for the rules changed in
 *      tablero 0.2: a Prince among pieces it could hop, a penultimate
 *      row jumped from behind, runs and a block, a relief jump that
 *      frees nothing, second-stage pieces hopping as before), for every
 *      value of every option (push_fallback under its old name too),
 *      the old defaults together, and some combinations; each option
 *      value claims to change some count of the defaults, or none;
 *   3. token lists written by hand, piece by piece: each push direction,
 *      each distance under farthest3/exactly3/stop, a piece with no push
 *      cell off its penultimate row (stays; sideways under no_cell), the
 *      penultimate row's sideways push (two sides tied, one side, a full
 *      rank, from behind, along the row), a piece on its home row,
 *      push_side, push_target; the Prince under leap, step and knight
 *      (its L from the start and mid-board, no hop, no relief jump,
 *      crowned by its L); runs and blocks under jump=line against
 *      jump=one, and chains; coronation of a first, second and third
 *      royal piece (`=`, `==`), by a push of the other side too;
 *      captures (Princess along a rank, Emperor along a file, Prince by
 *      a knight's move; support); second-stage hops under both
 *      crowned_move; relief jumps and relocations under relief=frees
 *      and threatened (relocations that still threaten, one with no
 *      freeing cell); the cool-down (next_turn against next_move, in a
 *      chain, the cool= key after a push); a blocked side's pass; the
 *      positions after some turns, from both generators (validate's
 *      reports for the library's);
 *   4. records through tb_reader_validate: legal ones accepted, illegal
 *      turns refused as TB401 with the key words of the reasons of spec
 *      §11, turns after the end TB402 (the limit's count restarted by a
 *      crowning, or under crown=all_three only by a second stage), a
 *      result the end contradicts TB405 (end_result=captures against
 *      draw), impossible positions TB404; push_fallback read under its
 *      old name with a warning (TB211); a turn refused under a changed
 *      default the record does not name noted as legal under the old
 *      one (§12);
 *   5. random playouts of the second generator: at every position the
 *      SET of legal tokens (tb_engine_divide on the position's notation)
 *      is the same, and the library writes the position back unchanged;
 *      each game is replayed by tb_reader_validate, which must accept it
 *      and report the same positions (notation strings), and refuse a
 *      turn after a game the limit ended; games the library plays
 *      (tb_engine_random_game) are replayed by the second generator,
 *      which must find each turn legal and end where the library ends
 *      (third Warrior taken, the limit, a blocked side), with the same
 *      result.
 */
#include "tb_test.h"

#include <ctype.h>

/* ===== Rules (spec/games/ocencahuac.md §10) ===== */

#define O_F 5     /* files a-e */
#define O_MAXR 10 /* ranks under river=6 */

enum { D_FARTHEST3, D_EXACTLY3, D_STOP };
enum { SUP_NONE, SUP_TARGET, SUP_CAPTURER };
enum { PR_LEAP, PR_STEP, PR_KNIGHT };
enum { SW_PENULTIMATE, SW_NO_CELL, SW_NEVER };

typedef struct O_rules {
	int river;         /* 4, 5, 6 */
	int first_c;       /* first=ceboruco */
	int prince;        /* PR_*: prince=leap|step|knight */
	int one;           /* jump=one */
	int chain;         /* chain=yes */
	int push_enemy;    /* push_target=enemy */
	int push_jumpdir;  /* push_dir=jump */
	int push_opposite; /* push_side=opposite */
	int dist;          /* D_* */
	int sideways;      /* SW_*: push_sideways=penultimate|no_cell|never */
	int next_move;     /* cooldown=next_move */
	int all_three;     /* crown=all_three */
	int new_only;      /* crowned_move=new */
	int orth_reloc;    /* relocate=orthogonal */
	int threatened;    /* relief=threatened */
	int support;       /* SUP_* */
	int s2push;        /* stage2_push=on */
	int lose;          /* blocked=lose */
	int limit;         /* 0: none */
	int draw;          /* end_result=draw */
} O_rules;

typedef struct O_ctx {
	O_rules r;
	int R; /* ranks */
} O_ctx;

/* Reads "key=value; key=value" (the options of [Rules]). The first value
 * of each list is the default (spec §10). */
static void O_setup(O_ctx *c, const char *rules)
{
	memset(c, 0, sizeof *c);
	c->r.river = 4;
	c->r.limit = 0;
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
		int ok = 1;
#define O_OPT(key, field, ...)                                                 \
	else if (strcmp(k, key) == 0)                                          \
	{                                                                      \
		static const char *const vals[] = {__VA_ARGS__, NULL};         \
		int i = 0;                                                     \
		while (vals[i] && strcmp(vals[i], v))                          \
			i++;                                                   \
		ok = vals[i] != NULL;                                          \
		c->r.field = i;                                                \
	}
		if (strcmp(k, "river") == 0) {
			ok = !strcmp(v, "4") || !strcmp(v, "5") || !strcmp(v, "6");
			c->r.river = atoi(v);
		} else if (strcmp(k, "limit") == 0) {
			ok = !strcmp(v, "none") || atoi(v) > 0;
			c->r.limit = strcmp(v, "none") ? atoi(v) : 0;
		} else if (strcmp(k, "push_fallback") == 0) {
			/* the old name (§4): sideways is no_cell, none is never */
			ok = !strcmp(v, "sideways") || !strcmp(v, "none");
			c->r.sideways = strcmp(v, "none") ? SW_NO_CELL : SW_NEVER;
		}
		O_OPT("first", first_c, "sanganguey", "ceboruco")
		O_OPT("prince", prince, "leap", "step", "knight")
		O_OPT("jump", one, "line", "one")
		O_OPT("chain", chain, "no", "yes")
		O_OPT("push_target", push_enemy, "royal", "enemy")
		O_OPT("push_dir", push_jumpdir, "home", "jump")
		O_OPT("push_side", push_opposite, "jump", "opposite")
		O_OPT("push_dist", dist, "farthest3", "exactly3", "stop")
		O_OPT("push_sideways", sideways, "penultimate", "no_cell", "never")
		O_OPT("cooldown", next_move, "next_turn", "next_move")
		O_OPT("crown", all_three, "each", "all_three")
		O_OPT("crowned_move", new_only, "new_plus_old", "new")
		O_OPT("relocate", orth_reloc, "around", "orthogonal")
		O_OPT("relief", threatened, "frees", "threatened")
		O_OPT("support", support, "none", "target", "capturer")
		O_OPT("stage2_push", s2push, "off", "on")
		O_OPT("blocked", lose, "pass", "lose")
		O_OPT("end_result", draw, "captures", "draw")
		else ok = 0;
#undef O_OPT
		if (!ok)
			print_message("bad option %s=%s\n", k, v);
		assert_true(ok);
	}
	c->R = 4 + c->r.river;
}

/* ===== Positions ===== */

typedef struct O_pos {
	char sq[O_MAXR][O_F];    /* [rank-1][file]: '.', "EMPG" Sangangüey, "empg" Ceboruco */
	char crown[O_MAXR][O_F]; /* the piece there is crowned */
	char cool[O_MAXR][O_F];  /* the piece there may not push back */
	int stm, number;         /* 0 Sangangüey, 1 Ceboruco */
	int quiet;               /* turns without a capture or a crowning */
} O_pos;

static int O_side(char ch)
{
	return ch == '.' ? -1 : isupper((unsigned char)ch) ? 0 : 1;
}

static int O_royal(char ch)
{
	return ch != '.' && toupper((unsigned char)ch) != 'G';
}

static int O_warrior_of(char ch, int side)
{
	return O_side(ch) == side && toupper((unsigned char)ch) == 'G';
}

static int O_on(const O_ctx *c, int r, int f)
{
	return r >= 0 && r < c->R && f >= 0 && f < O_F;
}

/* The far row of 'side' (the other side's home row). */
static int O_far(const O_ctx *c, int side)
{
	return side ? 0 : c->R - 1;
}

/* The penultimate row of 'side' (§4): the row next to its own home row. */
static int O_penultimate(const O_ctx *c, int side)
{
	return side ? c->R - 2 : 1;
}

static int O_crowned(const O_ctx *c, const O_pos *p, int side)
{
	int n = 0;
	for (int r = 0; r < c->R; r++)
		for (int f = 0; f < O_F; f++)
			n += O_side(p->sq[r][f]) == side && O_royal(p->sq[r][f]) && p->crown[r][f];
	return n;
}

/* A side is in its second stage exactly when its three royal pieces
 * are crowned (§6). */
static int O_stage2(const O_ctx *c, const O_pos *p, int side)
{
	return O_crowned(c, p, side) == 3;
}

static int O_warriors(const O_ctx *c, const O_pos *p, int side)
{
	int n = 0;
	for (int r = 0; r < c->R; r++)
		for (int f = 0; f < O_F; f++)
			n += O_warrior_of(p->sq[r][f], side);
	return n;
}

static void O_clear(O_pos *p)
{
	memset(p, 0, sizeof *p);
	memset(p->sq, '.', sizeof p->sq);
	p->number = 1;
}

/* Moves the piece on (fr,ff), with its crown and cool flag, to (tr,tf);
 * whatever stood there is gone. */
static void O_move(O_pos *b, int fr, int ff, int tr, int tf)
{
	b->sq[tr][tf] = b->sq[fr][ff];
	b->crown[tr][tf] = b->crown[fr][ff];
	b->cool[tr][tf] = b->cool[fr][ff];
	b->sq[fr][ff] = '.';
	b->crown[fr][ff] = b->cool[fr][ff] = 0;
}

/* Position notation (spec/tgn.md §9): each side's pieces by rank, then
 * file, the type before the point and '+' after it when crowned; the
 * cool pieces the same way. */
static void O_write(const O_ctx *c, const O_pos *p, char *buf, size_t n)
{
	size_t k = (size_t)snprintf(buf, n, "%c %d", p->stm ? 'C' : 'S', p->number);
	for (int s = 0; s < 2; s++) {
		k += (size_t)snprintf(buf + k, n - k, " %c:", s ? 'C' : 'S');
		int first = 1;
		for (int r = 0; r < c->R; r++)
			for (int f = 0; f < O_F; f++)
				if (O_side(p->sq[r][f]) == s) {
					k += (size_t)snprintf(buf + k, n - k, "%s%c%c%d%s", first ? "" : ",",
					                      toupper((unsigned char)p->sq[r][f]), 'a' + f, r + 1,
					                      p->crown[r][f] ? "+" : "");
					first = 0;
				}
	}
	int first = 1;
	for (int r = 0; r < c->R; r++)
		for (int f = 0; f < O_F; f++)
			if (p->cool[r][f]) {
				k += (size_t)snprintf(buf + k, n - k, "%s%c%d", first ? " cool=" : ",", 'a' + f,
				                      r + 1);
				first = 0;
			}
	if (c->r.limit && p->quiet) /* the count only a limit reads */
		k += (size_t)snprintf(buf + k, n - k, " quiet=%d", p->quiet);
	assert_true(k < n);
}

/* Reads a point "c5" at 's' into (r,f); returns its length. */
static int O_point(const O_ctx *c, const char *s, int *r, int *f)
{
	assert_true(s[0] >= 'a' && s[0] <= 'e' && isdigit((unsigned char)s[1]));
	*f = s[0] - 'a';
	*r = s[1] - '1';
	int len = 2;
	if (isdigit((unsigned char)s[2])) {
		*r = (s[1] - '0') * 10 + (s[2] - '0') - 1;
		len = 3;
	}
	assert_true(O_on(c, *r, *f));
	return len;
}

static void O_read(const O_ctx *c, const char *s, O_pos *p)
{
	O_clear(p);
	char copy[512];
	snprintf(copy, sizeof copy, "%s", s);
	int field = 0;
	for (char *w = strtok(copy, " "); w; w = strtok(NULL, " "), field++) {
		if (field == 0) {
			assert_true(!strcmp(w, "S") || !strcmp(w, "C"));
			p->stm = w[0] == 'C';
		} else if (field == 1) {
			p->number = atoi(w);
			assert_true(p->number > 0);
		} else if ((w[0] == 'S' || w[0] == 'C') && w[1] == ':') {
			for (char *q = w + 2; *q;) {
				char t = q[0];
				assert_non_null(strchr("EMPG", t));
				int r, f;
				q += 1 + O_point(c, q + 1, &r, &f);
				if (p->sq[r][f] != '.')
					print_message("two pieces on one point in \"%s\"\n", s);
				assert_true(p->sq[r][f] == '.');
				p->sq[r][f] = w[0] == 'S' ? t : (char)tolower((unsigned char)t);
				if (*q == '+') {
					p->crown[r][f] = 1;
					q++;
				}
				if (*q == ',')
					q++;
			}
		} else if (strncmp(w, "quiet=", 6) == 0) {
			p->quiet = atoi(w + 6);
		} else {
			assert_true(strncmp(w, "cool=", 5) == 0);
			for (char *q = w + 5; *q;) {
				int r, f;
				q += O_point(c, q, &r, &f);
				p->cool[r][f] = 1;
				if (*q == ',')
					q++;
			}
		}
	}
	assert_true(field >= 4);
}

/* The start (§2): rotated 180 degrees from each other, Ceboruco on the
 * top two ranks whatever the river; first=ceboruco: Ceboruco to move. */
static void O_start(const O_ctx *c, O_pos *p)
{
	O_clear(p);
	int top = c->R - 1;
	p->sq[0][0] = 'E', p->sq[0][1] = 'M', p->sq[0][2] = 'P';
	p->sq[1][0] = p->sq[1][1] = p->sq[1][2] = 'G';
	p->sq[top][4] = 'e', p->sq[top][3] = 'm', p->sq[top][2] = 'p';
	p->sq[top - 1][4] = p->sq[top - 1][3] = p->sq[top - 1][2] = 'g';
	p->stm = c->r.first_c;
}

static int O_same_position(const O_pos *a, const O_pos *b)
{
	return !memcmp(a->sq, b->sq, sizeof a->sq) && !memcmp(a->crown, b->crown, sizeof a->crown) &&
	       !memcmp(a->cool, b->cool, sizeof a->cool) && a->stm == b->stm &&
	       a->number == b->number;
}

/* ===== Turns ===== */

#define O_TOKLEN 192
#define O_MAX 4096 /* room for the legal turns of the positions tested here */

typedef struct O_turn {
	char tok[O_TOKLEN];
	O_pos next;
} O_turn;

typedef struct O_out {
	O_turn *t; /* NULL: count the turns only */
	size_t n;
	int s2[2]; /* each side in its second stage at the start of the turn */
} O_out;

static const int O_dr[4] = {1, -1, 0, 0}, O_df[4] = {0, 0, 1, -1};
static const int O_kr[8] = {1, 2, 2, 1, -1, -2, -2, -1}, O_kf[8] = {2, 1, -1, -2, -2, -1, 1, 2};

static void O_name(int r, int f, char *buf)
{
	int rank = r + 1;
	*buf++ = (char)('a' + f);
	if (rank >= 10)
		*buf++ = (char)('0' + rank / 10);
	*buf++ = (char)('0' + rank % 10);
	*buf = '\0';
}

/* A Warrior of 'side' on a cell adjacent (along a rank or a file) to
 * (r,f)? */
static int O_warrior_next(const O_ctx *c, const O_pos *b, int r, int f, int side)
{
	for (int d = 0; d < 4; d++) {
		int qr = r + O_dr[d], qf = f + O_df[d];
		if (O_on(c, qr, qf) && O_warrior_of(b->sq[qr][qf], side))
			return 1;
	}
	return 0;
}

/* The enemy Warriors the second-stage royal piece on (r,f) could
 * capture now (§6, support included) into (tr,tf); how many. */
static int O_captures(const O_ctx *c, const O_pos *b, int r, int f, int *tr, int *tf)
{
	char ch = b->sq[r][f];
	int s = O_side(ch), n = 0;
	char t = (char)toupper((unsigned char)ch);
	if (c->r.support == SUP_CAPTURER && !O_warrior_next(c, b, r, f, s))
		return 0;
	int cand_r[8], cand_f[8], nc = 0;
	if (t == 'P') {
		for (int k = 0; k < 8; k++)
			if (O_on(c, r + O_kr[k], f + O_kf[k]))
				cand_r[nc] = r + O_kr[k], cand_f[nc++] = f + O_kf[k];
	} else {
		/* the Princess along her rank, the Emperor along his file,
		 * through empty cells onto the first piece */
		for (int d = t == 'M' ? 2 : 0; d < (t == 'M' ? 4 : 2); d++) {
			int qr = r + O_dr[d], qf = f + O_df[d];
			while (O_on(c, qr, qf) && b->sq[qr][qf] == '.')
				qr += O_dr[d], qf += O_df[d];
			if (O_on(c, qr, qf))
				cand_r[nc] = qr, cand_f[nc++] = qf;
		}
	}
	for (int i = 0; i < nc; i++) {
		if (!O_warrior_of(b->sq[cand_r[i]][cand_f[i]], 1 - s))
			continue;
		if (c->r.support == SUP_TARGET && !O_warrior_next(c, b, cand_r[i], cand_f[i], s))
			continue;
		if (tr)
			tr[n] = cand_r[i], tf[n] = cand_f[i];
		n++;
	}
	return n;
}

/* Is the piece on (r,f) a royal piece of a side in its second stage
 * that threatens a Warrior (could capture it, were it its turn)? */
static int O_threatens(const O_ctx *c, const O_pos *b, int r, int f)
{
	char ch = b->sq[r][f];
	return O_royal(ch) && O_stage2(c, b, O_side(ch)) && O_captures(c, b, r, f, NULL, NULL) > 0;
}

static O_turn *O_add(O_out *o)
{
	assert_true(o->n < O_MAX);
	return &o->t[o->n++];
}

/* The end of a turn of the side to move of 'p' (§4, §5, §7): 'b' is the
 * board after the turn's moves, its mover now on (mr,mf) (mr < 0: a
 * pass). The cool-down, the coronations and the token's marker, the
 * limit's count, the side to move and the turn number. */
static void O_finish(const O_ctx *c, const O_pos *p, const O_pos *b, int mr, int mf,
                     int capture, const char *tok, O_out *o)
{
	if (!o->t) {
		o->n++;
		return;
	}
	O_turn *t = O_add(o);
	O_pos *q = &t->next;
	*q = *b;
	int s = p->stm;
	if (!c->r.next_move) {
		/* at the end of its turn a side's pieces are no longer cool */
		for (int r = 0; r < c->R; r++)
			for (int f = 0; f < O_F; f++)
				if (O_side(q->sq[r][f]) == s)
					q->cool[r][f] = 0;
	} else if (mr >= 0) {
		q->cool[mr][mf] = 0; /* it has moved */
	}
	int crowned = 0, stage = 0;
	for (int x = 0; x < 2; x++) {
		if (o->s2[x])
			continue; /* crowns kept for good */
		int far = O_far(c, x), n = 0;
		for (int r = 0; r < c->R; r++)
			for (int f = 0; f < O_F; f++) {
				if (O_side(q->sq[r][f]) != x || !O_royal(q->sq[r][f]))
					continue;
				if (r == far && !q->crown[r][f])
					q->crown[r][f] = 1, crowned = 1;
				else if (r != far && q->crown[r][f] && c->r.all_three)
					q->crown[r][f] = 0;
				n += q->crown[r][f];
			}
		stage |= n == 3;
	}
	q->quiet = capture || stage || (crowned && !c->r.all_three) ? 0 : p->quiet + 1;
	q->stm = 1 - s;
	q->number = p->number + (s == 1);
	snprintf(t->tok, O_TOKLEN, "%s%s", tok, stage ? "==" : crowned ? "=" : "");
}

/* The nearest empty cells of rank 'xr' either side of file 'xf', at any
 * distance, passing over pieces: one, two when both sides are as near
 * (the jumper chooses), none when the rank is full (§4). */
static int O_sideways(const O_pos *b, int xr, int xf, int *tr, int *tf)
{
	for (int k = 1; k < O_F; k++) {
		int n = 0;
		for (int sgn = -1; sgn <= 1; sgn += 2)
			if (xf + sgn * k >= 0 && xf + sgn * k < O_F && b->sq[xr][xf + sgn * k] == '.') {
				tr[n] = xr;
				tf[n++] = xf + sgn * k;
			}
		if (n)
			return n;
	}
	return 0;
}

/* Where the piece on (xr,xf), jumped in direction (dr,df) by the piece
 * now on (lr,lf), is pushed back on board 'b' (§4): one cell, or two
 * when a sideways push finds two equally near; 0 when it stays. */
static int O_push(const O_ctx *c, const O_pos *b, int xr, int xf, int dr, int df, int lr,
                  int lf, int *tr, int *tf)
{
	int e = O_side(b->sq[xr][xf]), pr, pf;
	/* push_sideways=penultimate: jumped along its file (either way) on
	 * the row next to its home row, it goes sideways at once */
	if (dr && c->r.sideways == SW_PENULTIMATE && xr == O_penultimate(c, e))
		return O_sideways(b, xr, xf, tr, tf);
	if (dr) {
		pf = 0;
		pr = c->r.push_jumpdir ? dr : e == 0 ? -1 : 1; /* towards its home row */
	} else {
		pr = 0;
		pf = c->r.push_opposite ? -df : df;
	}
	int best = 0;
	for (int k = 1; k <= 3; k++) {
		int qr = xr + k * pr, qf = xf + k * pf;
		if (!O_on(c, qr, qf))
			break;
		int empty = b->sq[qr][qf] == '.';
		if (c->r.dist == D_FARTHEST3) {
			if (empty)
				best = k;
		} else if (c->r.dist == D_EXACTLY3) {
			if (k == 3 && empty)
				best = k;
		} else {
			if (qr == lr && qf == lf)
				continue; /* it passes over the jumper */
			if (!empty)
				break;
			best = k;
		}
	}
	if (best) {
		tr[0] = xr + best * pr;
		tf[0] = xf + best * pf;
		return 1;
	}
	/* no push cell: push_sideways=no_cell sends a piece jumped along its
	 * file sideways, on any row; otherwise it stays */
	if (dr && c->r.sideways == SW_NO_CELL)
		return O_sideways(b, xr, xf, tr, tf);
	return 0;
}

typedef struct O_hopper {
	const O_ctx *c;
	const O_pos *p;    /* the position at the start of the turn */
	char seen[O_MAXR][O_F]; /* where the jumper has stood this turn */
	int normal;        /* it may jump as in the first stage (not only for relief) */
	int cool;          /* it may not push back */
	O_out *o;
} O_hopper;

static void O_hops(O_hopper *h, const O_pos *b, int r, int f, char *tok);
static void O_hop_done(O_hopper *h, const O_pos *nb, int lr, int lf, char *tok);

/* The pieces on (xr[i],xf[i]) .. (xr[n-1],xf[n-1]) of a hop's run, in
 * the order they are pushed, pushed back one after the other on 'b'
 * (the jumper on (lr,lf)): each to each cell O_push gives it, or left
 * where it is when it gives none; a '>' for each that goes. A piece
 * that may not push back ('cool') makes no hop that pushes one. */
static void O_push_rest(O_hopper *h, const O_pos *b, const int *xr, const int *xf, int i,
                        int n, int dr, int df, int lr, int lf, char *tok, int moved)
{
	if (i == n) {
		if (!(moved && h->cool))
			O_hop_done(h, b, lr, lf, tok);
		return;
	}
	int tr[2], tf[2], nt = O_push(h->c, b, xr[i], xf[i], dr, df, lr, lf, tr, tf);
	if (nt == 0)
		O_push_rest(h, b, xr, xf, i + 1, n, dr, df, lr, lf, tok, moved);
	size_t len = strlen(tok);
	for (int j = 0; j < nt; j++) {
		O_pos pb = *b;
		O_move(&pb, xr[i], xf[i], tr[j], tf[j]);
		pb.cool[tr[j]][tf[j]] = 1;
		char to[4];
		O_name(tr[j], tf[j], to);
		snprintf(tok + len, O_TOKLEN - len, ">%s", to);
		assert_true(strlen(tok) + 3 < O_TOKLEN);
		O_push_rest(h, &pb, xr, xf, i + 1, n, dr, df, lr, lf, tok, 1);
		tok[len] = '\0';
	}
}

/* A hop ends on 'nb' with the jumper on (lr,lf): the turn, and the
 * chain on from there. */
static void O_hop_done(O_hopper *h, const O_pos *nb, int lr, int lf, char *tok)
{
	O_finish(h->c, h->p, nb, lr, lf, 0, tok, h->o);
	if (!h->c->r.chain)
		return;
	h->seen[lr][lf] = 1;
	O_hops(h, nb, lr, lf, tok);
	h->seen[lr][lf] = 0;
}

/* Every hop of the piece on (r,f) on board 'b' (§3, §4, §6); 'tok' is
 * the turn so far. */
static void O_hops(O_hopper *h, const O_pos *b, int r, int f, char *tok)
{
	const O_ctx *c = h->c;
	int s = h->p->stm;
	size_t len = strlen(tok);
	for (int d = 0; d < 4; d++) {
		int dr = O_dr[d], df = O_df[d], k = 1;
		while (O_on(c, r + k * dr, f + k * df) && b->sq[r + k * dr][f + k * df] != '.')
			k++;
		int n = k - 1, lr = r + k * dr, lf = f + k * df;
		if (n == 0 || !O_on(c, lr, lf) || h->seen[lr][lf] || (n > 1 && c->r.one))
			continue;
		/* the run jumped: enemy pieces to push back, second-stage royal
		 * pieces, blocks */
		int npush = 0, nstage2 = 0, block = 0, xr[O_MAXR], xf[O_MAXR];
		for (int i = 1; i <= n; i++) {
			int qr = r + i * dr, qf = f + i * df;
			char ch = b->sq[qr][qf];
			if (O_side(ch) == s)
				continue;
			int s2 = O_royal(ch) && h->o->s2[1 - s];
			nstage2 += s2;
			if (O_royal(ch) ? !s2 || c->r.s2push : c->r.push_enemy) {
				xr[npush] = qr, xf[npush] = qf;
				npush++;
			}
			if (dr && i > 1 && O_side(b->sq[qr - dr][qf]) == 1 - s)
				block = 1;
		}
		char land[4], to[4];
		O_name(lr, lf, land);
		/* a relief jump: over one second-stage royal piece that
		 * threatens a Warrior of the jumper's, which is relocated;
		 * relief=frees: only to a cell from which, on the board after
		 * the hop, it threatens none of them */
		if (n == 1 && nstage2 == 1 && O_threatens(c, b, r + dr, f + df)) {
			O_pos nb = *b;
			O_move(&nb, r, f, lr, lf);
			int jr = r + dr, jf = f + df;
			char jch = nb.sq[jr][jf], jcr = nb.crown[jr][jf], jco = nb.cool[jr][jf];
			nb.sq[jr][jf] = '.';
			nb.crown[jr][jf] = nb.cool[jr][jf] = 0;
			for (int qr = lr - 1; qr <= lr + 1; qr++)
				for (int qf = lf - 1; qf <= lf + 1; qf++) {
					if (!O_on(c, qr, qf) || nb.sq[qr][qf] != '.' || (qr == jr && qf == jf))
						continue;
					if (c->r.orth_reloc && qr != lr && qf != lf)
						continue;
					O_pos rb = nb;
					rb.sq[qr][qf] = jch;
					rb.crown[qr][qf] = jcr;
					rb.cool[qr][qf] = jco;
					if (!c->r.threatened && O_captures(c, &rb, qr, qf, NULL, NULL) > 0)
						continue; /* it would still threaten one */
					O_name(qr, qf, to);
					snprintf(tok + len, O_TOKLEN - len, "^%s@%s", land, to);
					assert_true(strlen(tok) + 3 < O_TOKLEN);
					O_hop_done(h, &rb, lr, lf, tok);
					tok[len] = '\0';
				}
		}
		if (!h->normal)
			continue;
		if (n == 1 && nstage2 && !c->r.s2push)
			continue; /* jumped only for relief */
		if (n > 1 && (block || (nstage2 && !c->r.s2push)))
			continue;
		O_pos nb = *b;
		O_move(&nb, r, f, lr, lf);
		/* several to push (§4): the one farthest along the way it goes
		 * first -- they all go one way, a file's towards one home row
		 * (or the jump's way), a rank's the jump's way (or back); the
		 * run lists them from the jumper on */
		int way = dr ? (c->r.push_jumpdir ? dr : s == 0 ? 1 : -1) : (c->r.push_opposite ? -df : df);
		if (npush > 1 && way == (dr ? dr : df))
			for (int i = 0; i < npush / 2; i++) {
				int t = xr[i];
				xr[i] = xr[npush - 1 - i], xr[npush - 1 - i] = t;
				t = xf[i];
				xf[i] = xf[npush - 1 - i], xf[npush - 1 - i] = t;
			}
		snprintf(tok + len, O_TOKLEN - len, "^%s", land);
		O_push_rest(h, &nb, xr, xf, 0, npush, dr, df, lr, lf, tok, 0);
		tok[len] = '\0';
	}
}

/* A step, slide, knight's move or capture from (r,f) to (tr,tf). */
static void O_simple(const O_ctx *c, const O_pos *p, int r, int f, int tr, int tf, O_out *o)
{
	O_pos b = *p;
	int capture = b.sq[tr][tf] != '.';
	O_move(&b, r, f, tr, tf);
	char from[4], to[4], tok[16];
	O_name(r, f, from);
	O_name(tr, tf, to);
	snprintf(tok, sizeof tok, "%s%c%s", from, capture ? 'x' : '-', to);
	O_finish(c, p, &b, tr, tf, capture, tok, o);
}

/* Every turn of the side to move but a pass, the end not considered.
 * Per piece (§3, §6): a Warrior steps and hops; a first-stage Emperor or
 * Princess steps and hops; in the second stage they slide (a step is a
 * slide of one cell) and capture, and hop as before too unless
 * crowned_move=new (then for relief only). The Prince: prince=leap, its
 * L only, in both stages (onto an enemy Warrior in the second), never a
 * hop; prince=knight, the L and hops; prince=step, steps and hops, and
 * in the second stage the L, the steps and hops kept unless
 * crowned_move=new (then for relief only). */
static void O_moves(const O_ctx *c, const O_pos *p, O_out *o)
{
	o->s2[0] = O_stage2(c, p, 0);
	o->s2[1] = O_stage2(c, p, 1);
	int s = p->stm, s2 = o->s2[s];
	for (int r = 0; r < c->R; r++)
		for (int f = 0; f < O_F; f++) {
			char ch = p->sq[r][f];
			if (O_side(ch) != s)
				continue;
			char t = (char)toupper((unsigned char)ch);
			int newm = s2 && t != 'G';               /* moves in the new ways */
			int old = !newm || !c->r.new_only;       /* and as in the first stage */
			int prince = t == 'P', leap_only = prince && c->r.prince == PR_LEAP;
			int step = prince ? c->r.prince == PR_STEP && old : !newm;
			int leap = prince && (c->r.prince != PR_STEP || newm);
			if (step)
				for (int d = 0; d < 4; d++) {
					int qr = r + O_dr[d], qf = f + O_df[d];
					if (O_on(c, qr, qf) && p->sq[qr][qf] == '.')
						O_simple(c, p, r, f, qr, qf, o);
				}
			if (leap)
				for (int k = 0; k < 8; k++) {
					int qr = r + O_kr[k], qf = f + O_kf[k];
					if (O_on(c, qr, qf) && p->sq[qr][qf] == '.')
						O_simple(c, p, r, f, qr, qf, o);
				}
			if (newm && !prince)
				for (int d = 0; d < 4; d++)
					for (int qr = r + O_dr[d], qf = f + O_df[d];
					     O_on(c, qr, qf) && p->sq[qr][qf] == '.'; qr += O_dr[d], qf += O_df[d])
						O_simple(c, p, r, f, qr, qf, o);
			if (newm) {
				int tr[8], tf[8], nc = O_captures(c, p, r, f, tr, tf);
				for (int i = 0; i < nc; i++)
					O_simple(c, p, r, f, tr[i], tf[i], o);
			}
			if (leap_only)
				continue; /* its L is no hop: no jump, no relief jump */
			static O_hopper h; /* not reentrant: O_moves never nests */
			memset(&h, 0, sizeof h);
			h.c = c, h.p = p, h.normal = old, h.cool = p->cool[r][f], h.o = o;
			h.seen[r][f] = 1;
			char tok[O_TOKLEN];
			O_name(r, f, tok);
			O_hops(&h, p, r, f, tok);
		}
}

/* Can the side to move of 'p' make a turn other than a pass? */
static int O_can_move(const O_ctx *c, const O_pos *p)
{
	O_out o = {NULL, 0, {0, 0}};
	O_moves(c, p, &o);
	return o.n > 0;
}

/* The pass of the side to move of 'p' into 't'. */
static void O_pass(const O_ctx *c, const O_pos *p, O_turn *t)
{
	O_out o = {t, 0, {O_stage2(c, p, 0), O_stage2(c, p, 1)}};
	O_finish(c, p, p, -1, -1, 0, "pass", &o);
}

/* Why the game is over in 'p' (its result in '*res'), or NULL (§7). */
static const char *O_over(const O_ctx *c, const O_pos *p, const char **res)
{
	int left[2] = {O_warriors(c, p, 0), O_warriors(c, p, 1)};
	/* captured: 3 - the other side's Warriors left; the third taken
	 * wins, the limit and "neither can move" go by the captures
	 * (end_result=captures) or are drawn (end_result=draw) */
	*res = left[1] < left[0] ? "1-0" : left[0] < left[1] ? "0-1" : "1/2-1/2";
	if (left[1] == 0 || left[0] == 0)
		return "no Warriors left";
	if (c->r.limit && p->quiet >= c->r.limit) {
		if (c->r.draw)
			*res = "1/2-1/2";
		return "the limit";
	}
	if (O_can_move(c, p))
		return NULL;
	if (c->r.lose) {
		*res = p->stm ? "1-0" : "0-1";
		return "blocked and loses";
	}
	static O_turn one;
	O_pass(c, p, &one);
	if (!O_can_move(c, &one.next)) {
		if (c->r.draw)
			*res = "1/2-1/2";
		return "neither can move";
	}
	return NULL;
}

/* Every legal turn in 'p' into 'out' (O_MAX of them; NULL: only how
 * many); none when the game is over; a blocked player's only turn is
 * "pass". */
static size_t O_gen(const O_ctx *c, const O_pos *p, O_turn *out)
{
	int l0 = O_warriors(c, p, 0), l1 = O_warriors(c, p, 1);
	if (!l0 || !l1 || (c->r.limit && p->quiet >= c->r.limit))
		return 0;
	O_out o = {out, 0, {0, 0}};
	O_moves(c, p, &o);
	if (o.n || c->r.lose)
		return o.n;
	static O_turn pass;
	O_pass(c, p, &pass);
	if (!O_can_move(c, &pass.next))
		return 0; /* neither can move */
	if (out)
		out[0] = pass;
	return 1;
}

/* perft: one turn buffer per remaining depth. */
#define O_MAXDEPTH 7
static O_turn O_perft_buf[O_MAXDEPTH][O_MAX];

static unsigned long long O_perft(const O_ctx *c, const O_pos *p, int depth)
{
	assert_true(depth >= 1 && depth < O_MAXDEPTH);
	if (depth == 1)
		return O_gen(c, p, NULL);
	O_turn *t = O_perft_buf[depth];
	size_t n = O_gen(c, p, t);
	unsigned long long total = 0;
	for (size_t i = 0; i < n; i++)
		total += O_perft(c, &t[i].next, depth - 1);
	return total;
}

/* ===== The library, through its public API ===== */

#define TT_GAME "ocencahuac"
#define TT_MAX O_MAX
#define TT_TOKLEN O_TOKLEN
#define V_TURNS 512 /* turns a record replayed by tb_reader_validate holds */
#include "tb_rules_test.h"

/* The second generator's tokens in 'p', sorted. */
static void O_tokens(const O_ctx *c, const O_pos *p, L_tokens *out)
{
	static O_turn t[O_MAX];
	out->n = O_gen(c, p, t);
	for (size_t i = 0; i < out->n; i++)
		memcpy(out->tok[i], t[i].tok, O_TOKLEN);
	qsort(out->tok, out->n, sizeof out->tok[0], tt_strcmp);
}


/* Keeps the tokens of 't' that start with point 'from' ("" keeps all). */
static void S_filter(L_tokens *t, const char *from)
{
	size_t k = 0, len = strlen(from);
	for (size_t i = 0; i < t->n; i++)
		if (!len || (!strncmp(t->tok[i], from, len) && !isdigit((unsigned char)t->tok[i][len])))
			memmove(t->tok[k++], t->tok[i], O_TOKLEN);
	t->n = k;
}


/* ===== Records for tb_reader_validate ===== */

/* A record under 'rules' from 'start' with turns 'tok[0..n)', the
 * result unknown; Sangangüey's turns get "N.", a record starting with
 * Ceboruco's turn "N...". */
static char *V_record(const char *rules, const char *start, const char (*tok)[O_TOKLEN],
                      size_t n)
{
	char tag[512];
	S_rules_tag(rules, tag, sizeof tag);
	O_ctx c;
	O_setup(&c, rules);
	O_pos p;
	O_read(&c, start, &p);
	tt_str b = {0};
	tt_printf(&b, "[Game \"ocencahuac\"]\n[Rules \"%s\"]\n[Position \"%s\"]\n\n", tag, start);
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

/* ===== The option settings compared ===== */

static const S_setting S_settings[] = {
	{"", -1},
	{"river=4", 0}, {"river=5", 1}, {"river=6", 1},
	{"first=sanganguey", 0}, {"first=ceboruco", 0},
	{"prince=leap", 0}, {"prince=step", 1}, {"prince=knight", 1},
	{"jump=line", 0}, {"jump=one", 1},
	{"chain=no", 0}, {"chain=yes", 1},
	{"push_target=royal", 0}, {"push_target=enemy", 1},
	{"push_dir=home", 0}, {"push_dir=jump", 1},
	{"push_side=jump", 0}, {"push_side=opposite", 1},
	{"push_dist=farthest3", 0}, {"push_dist=exactly3", 1}, {"push_dist=stop", 1},
	{"push_sideways=penultimate", 0}, {"push_sideways=no_cell", 1},
	{"push_sideways=never", 1},
	/* the old name, read as the new one (§4) */
	{"push_fallback=sideways", 1}, {"push_fallback=none", 1},
	{"cooldown=next_turn", 0}, {"cooldown=next_move", 1},
	{"crown=each", 0}, {"crown=all_three", 1},
	{"crowned_move=new_plus_old", 0}, {"crowned_move=new", 1},
	{"relocate=around", 0}, {"relocate=orthogonal", 1},
	{"relief=frees", 0}, {"relief=threatened", 1},
	{"support=none", 0}, {"support=target", 1}, {"support=capturer", 1},
	{"stage2_push=off", 0}, {"stage2_push=on", 1},
	{"blocked=pass", 0}, {"blocked=lose", 1},
	{"limit=200", 0}, {"limit=none", 0}, {"limit=3", 1},
	/* the result only: no count changes (test 4 and the playouts) */
	{"end_result=captures", 0}, {"end_result=draw", 0},
	/* every default of before tablero 0.2 (§12) */
	{"prince=step; jump=one; push_sideways=no_cell; crowned_move=new; relief=threatened", 1},
	/* some combinations */
	{"jump=one; chain=yes", -1},
	{"push_dir=jump; push_side=opposite; push_dist=stop", -1},
	{"push_dist=exactly3; push_sideways=never; push_target=enemy", -1},
	{"push_dist=stop; push_sideways=no_cell; push_dir=jump", -1},
	{"crown=all_three; crowned_move=new; stage2_push=on", -1},
	{"support=target; relocate=orthogonal; cooldown=next_move; chain=yes", -1},
	{"river=6; first=ceboruco; prince=knight; jump=one; push_dist=stop", -1},
	{"push_target=enemy; cooldown=next_move; blocked=lose; limit=10", -1},
	{"crown=all_three; limit=6; chain=yes; push_dir=jump", -1},
	{"river=5; prince=step; push_dir=jump; support=capturer; crowned_move=new", -1},
	{"relief=threatened; stage2_push=on; relocate=orthogonal", -1},
	{"prince=knight; crowned_move=new; chain=yes", -1},
	{"limit=3; end_result=draw", -1},
	{"limit=5; end_result=draw; blocked=lose; prince=step", -1},
	{NULL, 0}};

/* ===== 3. Token lists written by hand ===== */

/* Checks the tokens of both generators in one position, those of the
 * piece on 'from' only ("" all of them), against a list written by hand
 * from the rules. */
static void S_expect_from(const char *rules, const char *pos, const char *from,
                          const char *want)
{
	O_ctx c;
	O_setup(&c, rules);
	O_pos p;
	O_read(&c, pos, &p);
	static L_tokens mine, lib, hand;
	O_tokens(&c, &p, &mine);
	L_tokens_at(rules, pos, &lib);
	S_filter(&mine, from);
	S_filter(&lib, from);
	L_tokens_read(&hand, want);
	char where[600];
	snprintf(where, sizeof where, "%s%s%s", pos, *from ? ", from " : "", from);
	int ok_mine = L_same_set_as(rules, where, &hand, &mine, "by hand", "second generator");
	int ok_lib = L_same_set_as(rules, where, &hand, &lib, "by hand", "library");
	assert_true(ok_mine);
	assert_true(ok_lib);
}

#define S_expect(rules, pos, want) S_expect_from((rules), (pos), "", (want))

/* After 'tok' in 'pos', both generators give position 'want': the
 * second generator's next position, and the one tb_reader_validate
 * reports. Returns 0 (having said why) when not. */
static int S_after(const char *rules, const char *pos, const char *tok, const char *want)
{
	O_ctx c;
	O_setup(&c, rules);
	O_pos p;
	O_read(&c, pos, &p);
	static O_turn t[O_MAX];
	size_t n = O_gen(&c, &p, t), k = 0;
	while (k < n && strcmp(t[k].tok, tok))
		k++;
	char mine[256] = "-";
	if (k < n)
		O_write(&c, &t[k].next, mine, sizeof mine);
	static char toks[1][O_TOKLEN];
	snprintf(toks[0], sizeof toks[0], "%s", tok);
	char *text = V_record(rules, pos, (const char(*)[O_TOKLEN])toks, 1);
	static V_seen v;
	char *diags = NULL;
	int errors = V_validate(text, &v, &diags);
	int ok = k < n && !strcmp(mine, want) && errors == 0 && v.n == 1 && !strcmp(v.pos[0], want);
	if (!ok)
		print_message("rules \"%s\", %s after %s: by hand \"%s\", second generator \"%s\", "
		              "library \"%s\" (%d errors)\n%s", rules, pos, tok, want, mine,
		              v.n ? v.pos[0] : "-", errors, diags ? diags : "");
	free(text);
	free(diags);
	return ok;
}

/* The start (§2). */
#define H_START "S 1 S:Ea1,Mb1,Pc1,Ga2,Gb2,Gc2 C:Gc7,Gd7,Ge7,Pc8,Md8,Ee8"
/* A Warrior on c4 below Ceboruco's Prince on c5: c6 (where the jumper
 * lands) is the first push cell, c7 holds a Warrior, c8 is empty. The
 * Prince's penultimate row is rank 7, not 5. */
#define H_PUSH1 "S 10 S:Ea1,Mb1,Pe1,Ga2,Gb2,Gc4 C:Pc5,Gc7,Gd7,Ge7,Md8,Ee8"
/* c7 empty, the Princess on c8. */
#define H_PUSH2 "S 10 S:Ea1,Mb1,Pe1,Ga2,Gb2,Gc4 C:Pc5,Gb7,Gd7,Ge7,Mc8,Ee8"
/* A backward jump: the Warrior on c6 over the Prince on c5 to c4. */
#define H_BACK "S 10 S:Ea1,Mb1,Pe1,Ga2,Gc2,Gc6 C:Pc5,Gb7,Gd7,Ge7,Md8,Ee8"
/* Along the rank: b5 over the Prince on c5 to d5; e5 empty, or not. */
#define H_SIDE "S 10 S:Ea1,Mb1,Pe1,Ga2,Gb2,Gb5 C:Pc5,Gc7,Gd7,Ge7,Md8,Ee8"
#define H_SIDE2 "S 10 S:Ea1,Mb1,Pe1,Ga2,Gb2,Gb5 C:Pc5,Ge5,Gd7,Ge7,Md8,Ee8"
/* The spec's b3^b1: Sangangüey's Emperor on b2, its penultimate row (the
 * row next to its home row 1); a2 and c2 empty, then one of them, then
 * neither (d2 the nearest), then rank 2 full. */
#define H_PEN_A "C 10 S:Md1,Pe1,Eb2,Gd2,Ge2,Ga4 C:Gb3,Gc7,Gd7,Pc8,Md8,Ee8"
#define H_PEN_B "C 10 S:Md1,Pe1,Ga2,Eb2,Gc2,Ge2 C:Gb3,Gc7,Gd7,Pc8,Md8,Ee8"
#define H_PEN_C "C 10 S:Md1,Ga2,Eb2,Gc2,Gd2,Pe2 C:Gb3,Gc7,Gd7,Pc8,Md8,Ee8"
#define H_PEN_D "C 10 S:Md1,Pe1,Ga2,Eb2,Gd2,Ge2 C:Gb3,Gc7,Gd7,Pc8,Md8,Ee8"
/* The spec's c8^c6: Ceboruco's Prince on c7, its penultimate row, jumped
 * from behind by the Warrior on c8, which leaves c8 empty behind it; b7
 * the nearest empty cell of rank 7 (d7 e7 taken, a7 farther). */
#define H_PEN_BEHIND "S 20 S:Ea1,Mb1,Pd1,Ga2,Gb2,Gc8 C:Gb6,Pc7,Gd7,Ge7,Md8,Ee8"
/* Sangangüey's Emperor on b2, its penultimate row, jumped along the
 * rank from a2: pushed along the rank (c2 the jumper, d2, e2 taken). */
#define H_PEN_RANK "C 10 S:Md1,Pe1,Eb2,Ge2,Gc4,Gd4 C:Ga2,Gc7,Gd7,Pc8,Md8,Ee8"
/* Sangangüey's Prince on its home row c1: jumped along the row from b1,
 * never along its file from c2. */
#define H_HOME "C 10 S:Pc1,Ea3,Gd3,Ge3,Mb4,Ga5 C:Gb1,Gc2,Gd7,Pc8,Md8,Ee8"

/* A Warrior of Ceboruco's on c5 over Sangangüey's on c4. */
#define H_ENEMY "S 10 S:Ea1,Mb1,Pe1,Ga2,Gb2,Gc4 C:Gc5,Gc7,Md7,Ge7,Pd8,Ee8"

static void test_pushbacks_by_hand(void **state)
{
	(void)state;
	/* forward: the farthest empty of c6 (the jumper) c7 c8; the third
	 * only; or cell by cell over the jumper alone, c7 stopping it: no
	 * push cell is left, and c5 is not the Prince's penultimate row, so
	 * it stays (push_sideways=penultimate, never), or goes sideways to
	 * the nearest empty of rank 5, b5 or d5 (no_cell, the old
	 * push_fallback=sideways) */
	const char *c4 = "c4-c3 c4-b4 c4-d4";
	char want[512];
	snprintf(want, sizeof want, "%s c4^c6>c8", c4);
	S_expect_from("", H_PUSH1, "c4", want);
	S_expect_from("push_dist=exactly3", H_PUSH1, "c4", want);
	S_expect_from("push_dir=jump", H_PUSH1, "c4", want);
	S_expect_from("push_target=enemy", H_PUSH1, "c4", want);
	S_expect_from("jump=one", H_PUSH1, "c4", want);
	S_expect_from("push_sideways=no_cell", H_PUSH1, "c4", want);
	S_expect_from("push_sideways=never", H_PUSH1, "c4", want);
	snprintf(want, sizeof want, "%s c4^c6", c4);
	S_expect_from("push_dist=stop", H_PUSH1, "c4", want);
	S_expect_from("push_dist=stop; push_sideways=never", H_PUSH1, "c4", want);
	S_expect_from("push_dist=stop; push_fallback=none", H_PUSH1, "c4", want);
	snprintf(want, sizeof want, "%s c4^c6>b5 c4^c6>d5", c4);
	S_expect_from("push_dist=stop; push_sideways=no_cell", H_PUSH1, "c4", want);
	S_expect_from("push_dist=stop; push_fallback=sideways", H_PUSH1, "c4", want);
	/* c7 empty, c8 taken: c7; exactly3 finds c8 taken, so no cell */
	snprintf(want, sizeof want, "%s c4^c6>c7", c4);
	S_expect_from("", H_PUSH2, "c4", want);
	S_expect_from("push_dist=stop", H_PUSH2, "c4", want);
	snprintf(want, sizeof want, "%s c4^c6", c4);
	S_expect_from("push_dist=exactly3", H_PUSH2, "c4", want);
	S_expect_from("push_dist=exactly3; push_sideways=never", H_PUSH2, "c4", want);
	snprintf(want, sizeof want, "%s c4^c6>b5 c4^c6>d5", c4);
	S_expect_from("push_dist=exactly3; push_sideways=no_cell", H_PUSH2, "c4", want);
	/* the whole list of H_PUSH1 once: the other pieces' steps and jumps
	 * over their own pieces, the Prince on e1 by its L only (d3, c2; f
	 * is off the board), or stepping under prince=step (d1, e2: no
	 * piece next to it to jump) */
	S_expect("", H_PUSH1,
	         "a1^a3 a1^c1 b1-c1 b1^b3 e1-d3 e1-c2 a2-a3 a2^c2 b2-b3 b2-c2 "
	         "c4-c3 c4-b4 c4-d4 c4^c6>c8");
	S_expect("prince=knight", H_PUSH1,
	         "a1^a3 a1^c1 b1-c1 b1^b3 e1-d3 e1-c2 a2-a3 a2^c2 b2-b3 b2-c2 "
	         "c4-c3 c4-b4 c4-d4 c4^c6>c8");
	S_expect("prince=step", H_PUSH1,
	         "a1^a3 a1^c1 b1-c1 b1^b3 e1-d1 e1-e2 a2-a3 a2^c2 b2-b3 b2-c2 "
	         "c4-c3 c4-b4 c4-d4 c4^c6>c8");
	/* backward: home for the Prince is up, through c6 the jumper left;
	 * push_dir=jump: down, c4 (the jumper) c3, c2 taken; exactly3 finds
	 * c2 taken: no cell, and c5 is not the penultimate row */
	const char *c6 = "c6-c7 c6-b6 c6-d6";
	snprintf(want, sizeof want, "%s c6^c4>c8", c6);
	S_expect_from("", H_BACK, "c6", want);
	S_expect_from("push_dist=exactly3", H_BACK, "c6", want);
	S_expect_from("push_dist=stop", H_BACK, "c6", want);
	snprintf(want, sizeof want, "%s c6^c4>c3", c6);
	S_expect_from("push_dir=jump", H_BACK, "c6", want);
	S_expect_from("push_dir=jump; push_dist=stop", H_BACK, "c6", want);
	snprintf(want, sizeof want, "%s c6^c4", c6);
	S_expect_from("push_dir=jump; push_dist=exactly3", H_BACK, "c6", want);
	snprintf(want, sizeof want, "%s c6^c4>b5 c6^c4>d5", c6);
	S_expect_from("push_dir=jump; push_dist=exactly3; push_sideways=no_cell", H_BACK, "c6",
	              want);
	/* along a rank: the jump's way (d5 the jumper, e5), or back (b5 the
	 * jumper left, a5); no third cell east; never sideways */
	const char *b5 = "b5-b4 b5-b6 b5-a5";
	snprintf(want, sizeof want, "%s b5^d5>e5", b5);
	S_expect_from("", H_SIDE, "b5", want);
	S_expect_from("push_dist=stop", H_SIDE, "b5", want);
	snprintf(want, sizeof want, "%s b5^d5>a5", b5);
	S_expect_from("push_side=opposite", H_SIDE, "b5", want);
	S_expect_from("push_side=opposite; push_dist=stop", H_SIDE, "b5", want);
	snprintf(want, sizeof want, "%s b5^d5", b5);
	S_expect_from("push_dist=exactly3", H_SIDE, "b5", want);
	S_expect_from("push_dist=exactly3; push_sideways=no_cell", H_SIDE, "b5", want);
	S_expect_from("push_side=opposite; push_dist=exactly3", H_SIDE, "b5", want);
	S_expect_from("", H_SIDE2, "b5", want);
	S_expect_from("push_sideways=no_cell", H_SIDE2, "b5", want);
	snprintf(want, sizeof want, "%s b5^d5>a5", b5);
	S_expect_from("push_side=opposite", H_SIDE2, "b5", want);

	/* the penultimate row: jumped along its file there, the Emperor goes
	 * sideways at once, whatever push_dir and push_dist say; a2 and c2
	 * equally near: the jumper's choice. no_cell: b1, the only cell
	 * towards its home row, holds the jumper: sideways too. never:
	 * it stays. */
	const char *b3 = "b3-b4 b3-a3 b3-c3";
	snprintf(want, sizeof want, "%s b3^b1>a2 b3^b1>c2", b3);
	S_expect_from("", H_PEN_A, "b3", want);
	S_expect_from("push_dir=jump", H_PEN_A, "b3", want);
	S_expect_from("push_dist=exactly3", H_PEN_A, "b3", want);
	S_expect_from("push_dist=stop", H_PEN_A, "b3", want);
	S_expect_from("push_sideways=no_cell", H_PEN_A, "b3", want);
	S_expect_from("push_fallback=sideways", H_PEN_A, "b3", want);
	snprintf(want, sizeof want, "%s b3^b1", b3);
	S_expect_from("push_sideways=never", H_PEN_A, "b3", want);
	S_expect_from("push_fallback=none", H_PEN_A, "b3", want);
	/* rank 2 full: it stays under every value */
	S_expect_from("", H_PEN_C, "b3", want);
	S_expect_from("push_sideways=no_cell", H_PEN_C, "b3", want);
	/* one side only: d2, passing over c2; c2 */
	snprintf(want, sizeof want, "%s b3^b1>d2", b3);
	S_expect_from("", H_PEN_B, "b3", want);
	snprintf(want, sizeof want, "%s b3^b1>c2", b3);
	S_expect_from("", H_PEN_D, "b3", want);
	/* from behind: the Prince on c7 goes sideways to b7, not back to c8,
	 * which the jumper left (under push_dir=jump too); no_cell and
	 * never push it along its file as anywhere else: up to c8, or under
	 * push_dir=jump down to c4 (c6 holds the jumper); exactly3 finds no
	 * third cell above c7: sideways under no_cell, stays under never */
	S_expect_from("", H_PEN_BEHIND, "c8", "c8-b8 c8^c6>b7");
	S_expect_from("push_dir=jump", H_PEN_BEHIND, "c8", "c8-b8 c8^c6>b7");
	S_expect_from("push_dist=exactly3", H_PEN_BEHIND, "c8", "c8-b8 c8^c6>b7");
	S_expect_from("push_sideways=no_cell", H_PEN_BEHIND, "c8", "c8-b8 c8^c6>c8");
	S_expect_from("push_sideways=never", H_PEN_BEHIND, "c8", "c8-b8 c8^c6>c8");
	S_expect_from("push_fallback=sideways", H_PEN_BEHIND, "c8", "c8-b8 c8^c6>c8");
	S_expect_from("push_dir=jump; push_sideways=no_cell", H_PEN_BEHIND, "c8",
	              "c8-b8 c8^c6>c4");
	S_expect_from("push_dist=exactly3; push_sideways=no_cell", H_PEN_BEHIND, "c8",
	              "c8-b8 c8^c6>b7");
	S_expect_from("push_dist=exactly3; push_sideways=never", H_PEN_BEHIND, "c8",
	              "c8-b8 c8^c6");
	/* along the penultimate row: a horizontal push (d2; a2, where the
	 * jumper came from, under push_side=opposite), not the nearest empty
	 * cell (a2); exactly3: e2 taken, so it stays, never sideways */
	S_expect_from("", H_PEN_RANK, "a2", "a2-a1 a2-a3 a2^c2>d2");
	S_expect_from("push_side=opposite", H_PEN_RANK, "a2", "a2-a1 a2-a3 a2^c2>a2");
	S_expect_from("push_dist=exactly3", H_PEN_RANK, "a2", "a2-a1 a2-a3 a2^c2");
	S_expect_from("push_dist=exactly3; push_sideways=no_cell", H_PEN_RANK, "a2",
	              "a2-a1 a2-a3 a2^c2");
	/* a piece on its home row: along the row only */
	S_expect_from("", H_HOME, "b1", "b1-a1 b1-b2 b1^d1>e1");
	S_expect_from("push_side=opposite", H_HOME, "b1", "b1-a1 b1-b2 b1^d1>a1");
	S_expect_from("push_dist=exactly3", H_HOME, "b1", "b1-a1 b1-b2 b1^d1");
	S_expect_from("", H_HOME, "c2", "c2-c3 c2-b2 c2-d2");
	S_expect_from("push_dir=jump", H_HOME, "c2", "c2-c3 c2-b2 c2-d2");
	/* an enemy Warrior is pushed back only under push_target=enemy */
	S_expect_from("", H_ENEMY, "c4", "c4-c3 c4-b4 c4-d4 c4^c6");
	S_expect_from("push_target=enemy", H_ENEMY, "c4", "c4-c3 c4-b4 c4-d4 c4^c6>c8");
	int bad = 0;
	bad += !S_after("", H_PEN_BEHIND, "c8^c6>b7",
	                "C 20 S:Ea1,Mb1,Pd1,Ga2,Gb2,Gc6 C:Gb6,Pb7,Gd7,Ge7,Md8,Ee8 cool=b7");
	bad += !S_after("push_sideways=no_cell", H_PEN_BEHIND, "c8^c6>c8",
	                "C 20 S:Ea1,Mb1,Pd1,Ga2,Gb2,Gc6 C:Gb6,Gd7,Ge7,Pc8,Md8,Ee8 cool=c8");
	bad += !S_after("", H_PEN_RANK, "a2^c2>d2",
	                "S 11 S:Md1,Pe1,Ed2,Ge2,Gc4,Gd4 C:Gc2,Gc7,Gd7,Pc8,Md8,Ee8 cool=d2");
	assert_int_equal(bad, 0);
}

/* The Prince (§3, prince=leap|step|knight): the spec's Prince on c3, its
 * L to b5 d5 d1 a4 e4 e2 (b1 and a2 hold its own pieces), a Ceboruco
 * Warrior on c4 that a hop would pass to c5. */
#define H_PRINCE "S 5 S:Ea1,Mb1,Ga2,Gb2,Gd2,Pc3 C:Gc4,Gc7,Ge7,Pc8,Md8,Ee8"
/* Sangangüey's Prince takes its side's third crown by its L (b7-d8==). */
#define H_CROWN_P "S 30 S:Ga2,Gb2,Gc2,Pb7,Ea8+,Mb8+ C:Pc5,Md5,Ee5,Gc6,Gd6,Ge6"
/* Sangangüey's second-stage Princess on c5 threatens the Warrior on a5;
 * Ceboruco's Prince on c6 could jump her to c4 for relief -- under
 * prince=step or knight only. */
#define H_RELIEF_P "C 41 S:Ga1,Gb1,Gc1,Ed1+,Pe1+,Mc5+ C:Ga5,Pc6,Ge7,Gc8,Md8,Ee8"

static void test_prince_by_hand(void **state)
{
	(void)state;
	char want[512];
	const char *leap = "c3-b5 c3-d5 c3-d1 c3-a4 c3-e4 c3-e2";
	S_expect_from("", H_PRINCE, "c3", leap);
	S_expect_from("prince=leap", H_PRINCE, "c3", leap);
	S_expect_from("jump=one", H_PRINCE, "c3", leap);
	S_expect_from("crowned_move=new", H_PRINCE, "c3", leap);
	/* step: c2 b3 d3 and the hop over c4; knight: the L and the hop */
	S_expect_from("prince=step", H_PRINCE, "c3", "c3-c2 c3-b3 c3-d3 c3^c5");
	snprintf(want, sizeof want, "%s c3^c5", leap);
	S_expect_from("prince=knight", H_PRINCE, "c3", want);
	/* the start: b3 d3 e2 (a2 is taken); step: d1, and over c2 to c3 */
	S_expect_from("", H_START, "c1", "c1-b3 c1-d3 c1-e2");
	S_expect_from("prince=step", H_START, "c1", "c1-d1 c1^c3");
	S_expect_from("prince=knight", H_START, "c1", "c1-b3 c1-d3 c1-e2 c1^c3");
	S_expect_from("", H_START, "c1", "c1-b3 c1-d3 c1-e2");
	/* its L onto the far row crowns it (the third: ==); under
	 * prince=step it steps to b6 a7 c7 (b8 holds the Princess, and
	 * nothing beyond her to land on) */
	S_expect_from("", H_CROWN_P, "b7", "b7-a5 b7-d8==");
	S_expect_from("crown=all_three", H_CROWN_P, "b7", "b7-a5 b7-d8==");
	S_expect_from("prince=knight", H_CROWN_P, "b7", "b7-a5 b7-d8==");
	S_expect_from("prince=step", H_CROWN_P, "b7", "b7-b6 b7-a7 b7-c7");
	/* no relief jump by the Prince under leap: its L to b8 b4 d4 a7 e5
	 * (d8 e7 a5 hold its own pieces). step and knight: the relief jump
	 * to c4; relief=frees keeps the cells from which the Princess
	 * threatens no Ceboruco Warrior: b3 c3 d3, and b4 d4 too (the jumper
	 * on c4 is the Prince, no Warrior), not b5 d5 (a5 along rank 5) */
	const char *pl = "c6-b8 c6-b4 c6-d4 c6-a7 c6-e5";
	const char *ps = "c6-c7 c6-b6 c6-d6";
	const char *frees = "c6^c4@b3 c6^c4@c3 c6^c4@d3 c6^c4@b4 c6^c4@d4";
	S_expect_from("", H_RELIEF_P, "c6", pl);
	S_expect_from("relief=threatened", H_RELIEF_P, "c6", pl);
	snprintf(want, sizeof want, "%s %s", ps, frees);
	S_expect_from("prince=step", H_RELIEF_P, "c6", want);
	snprintf(want, sizeof want, "%s %s c6^c4@b5 c6^c4@d5", ps, frees);
	S_expect_from("prince=step; relief=threatened", H_RELIEF_P, "c6", want);
	snprintf(want, sizeof want, "%s %s", pl, frees);
	S_expect_from("prince=knight", H_RELIEF_P, "c6", want);
	int bad = 0;
	bad += !S_after("", H_PRINCE, "c3-e4",
	                "C 5 S:Ea1,Mb1,Ga2,Gb2,Gd2,Pe4 C:Gc4,Gc7,Ge7,Pc8,Md8,Ee8");
	bad += !S_after("", H_CROWN_P, "b7-d8==",
	                "C 30 S:Ga2,Gb2,Gc2,Ea8+,Mb8+,Pd8+ C:Pc5,Md5,Ee5,Gc6,Gd6,Ge6");
	bad += !S_after("prince=step", H_RELIEF_P, "c6^c4@d4",
	                "S 42 S:Ga1,Gb1,Gc1,Ed1+,Pe1+,Md4+ C:Pc4,Ga5,Ge7,Gc8,Md8,Ee8");
	assert_int_equal(bad, 0);
}

/* Runs (jump=line): from c2 over c3 (Ceboruco), c4 (Sangangüey), c5
 * (Ceboruco) to c6 -- two pieces of one side in the file, not one
 * above the other: not a block. */
#define H_LINE "S 10 S:Ea1,Mb1,Pe1,Gc2,Gc4,Gb6 C:Gc3,Gc5,Gd7,Pc8,Md8,Ee8"
/* c2 over Ceboruco's Prince on c3 and its own c4 to c5: the push cells
 * start beyond the Prince (c4, c5 the jumper, c6). */
#define H_MID "S 10 S:Ea1,Mb1,Pe1,Ga2,Gc2,Gc4 C:Pc3,Gc7,Gd7,Ge7,Md8,Ee8"
/* Along rank 3 from a3: two royal pieces to push (b3 c3), or one (b3,
 * then a Warrior on c3). */
#define H_TWO "S 10 S:Ea1,Mb1,Pe1,Ga2,Gb2,Ga3 C:Pb3,Mc3,Gc7,Gd7,Ge7,Ee8"
#define H_ONE "S 10 S:Ea1,Mb1,Pe1,Ga2,Gb2,Ga3 C:Pb3,Gc3,Gd7,Ge7,Md8,Ee8"
/* Issue 30: c2 over c3 (Ceboruco's Prince), c4 (its own) and c5
 * (Ceboruco's Princess) to c6. */
#define H_FILE2 "S 12 S:Ea1,Mb1,Pd1,Ga2,Gc2,Gc4 C:Pc3,Mc5,Gb7,Gd7,Ge7,Ee8"
/* d2 over d3 (Ceboruco's Prince), its own d4-d6 and d7 (Ceboruco's
 * Princess) to d8. */
#define H_STAYS "S 12 S:Pa1,Ga2,Gd2,Ed4,Md5,Gd6 C:Pd3,Md7,Gc7,Ge7,Gb8,Ee8"
/* c2 over its own c3 and c4 in the file: a side passes its own two. */
#define H_OWN2 "S 10 S:Ea1,Mb1,Pe1,Gc2,Gc3,Gc4 C:Gd6,Gd7,Ge7,Pc8,Md8,Ee8"
/* a4 over Ceboruco's b4 and c4, side by side in a rank (passed); e3
 * under Ceboruco's e4 and e5, one above the other in the file (a block,
 * though only the Princess on e5 would be pushed). */
#define H_RUNS "S 10 S:Ea1,Mb1,Pc1,Ga2,Ge3,Ga4 C:Gb4,Gc4,Ge4,Me5,Pc8,Ee8"
/* chain=yes: the Emperor on c6 over its Warrior to c8 (crowned if it
 * stops there), along the far row over d8 to e8, down over e7 to e6
 * (not crowned: it ends off the far row). */
#define H_CHAIN_CROWN "S 20 S:Mb1,Pc1,Ga2,Gb2,Ec6,Gc7 C:Ea4,Mb4,Pd4,Ga6,Ge7,Gd8"

static void test_runs_and_chains_by_hand(void **state)
{
	(void)state;
	S_expect_from("", H_LINE, "c2", "c2-c1 c2-b2 c2-d2 c2^c6");
	S_expect_from("jump=line", H_LINE, "c2", "c2-c1 c2-b2 c2-d2 c2^c6");
	S_expect_from("jump=one", H_LINE, "c2", "c2-c1 c2-b2 c2-d2");
	S_expect_from("", H_MID, "c2", "c2-c1 c2-b2 c2-d2 c2^c5>c6");
	S_expect_from("jump=one", H_MID, "c2", "c2-c1 c2-b2 c2-d2");
	S_expect_from("push_dist=exactly3", H_MID, "c2", "c2-c1 c2-b2 c2-d2 c2^c5>c6");
	/* stop: c4 stops the Prince at once; c3 is not its penultimate row */
	S_expect_from("push_dist=stop", H_MID, "c2", "c2-c1 c2-b2 c2-d2 c2^c5");
	S_expect_from("push_dist=stop; push_sideways=no_cell", H_MID, "c2",
	              "c2-c1 c2-b2 c2-d2 c2^c5>b3 c2^c5>d3");
	/* several to push in one run (§4): the one farthest along the way
	 * they go first. The jump's way: the Princess on c3 to e3 (d3 is
	 * the jumper's), then the Prince on b3 to c3, which she left;
	 * push_side=opposite: the Prince on b3 first, to a3, which the
	 * jumper left, then the Princess to b3 */
	S_expect_from("", H_TWO, "a3", "a3-a4 a3^d3>e3>c3");
	S_expect_from("push_side=opposite", H_TWO, "a3", "a3-a4 a3^d3>a3>b3");
	S_expect_from("jump=one", H_TWO, "a3", "a3-a4");
	S_expect_from("", H_ONE, "a3", "a3-a4 a3^d3>e3");
	S_expect_from("jump=one", H_ONE, "a3", "a3-a4");
	S_expect_from("push_target=enemy", H_ONE, "a3", "a3-a4 a3^d3>e3>c3");
	/* in a file, no block between them: the Princess on c5 first, to
	 * c8, towards Ceboruco's home row; then the Prince on c3, to c5 (c4
	 * is Sangangüey's Warrior, c6 the jumper's); push_dir=jump sends
	 * them the same way */
	S_expect_from("", H_FILE2, "c2", "c2-c1 c2-b2 c2-d2 c2^c6>c8>c5");
	S_expect_from("jump=one", H_FILE2, "c2", "c2-c1 c2-b2 c2-d2");
	/* a piece with nowhere to go stays and has no '>': the Princess on
	 * d7, on her penultimate row, goes sideways to b7; the Prince on d3
	 * finds d4-d6 full and stays */
	S_expect_from("", H_STAYS, "d2", "d2-d1 d2-c2 d2-e2 d2^d8>b7");
	S_expect_from("", H_OWN2, "c2", "c2-c1 c2-b2 c2-d2 c2^c5");
	S_expect_from("jump=one", H_OWN2, "c2", "c2-c1 c2-b2 c2-d2");
	S_expect_from("", H_RUNS, "a4", "a4-a3 a4-a5 a4^d4");
	S_expect_from("jump=one", H_RUNS, "a4", "a4-a3 a4-a5");
	/* push_target=enemy: both Warriors pushed, c4 first: e4 is full, d4
	 * the jumper's, so c4 stays, and b4 finds c4-e4 full: both stay */
	S_expect_from("push_target=enemy", H_RUNS, "a4", "a4-a3 a4-a5 a4^d4");
	S_expect_from("", H_RUNS, "e3", "e3-e2 e3-d3");
	S_expect_from("jump=one", H_RUNS, "e3", "e3-e2 e3-d3");
	S_expect_from("", H_CHAIN_CROWN, "c6", "c6-c5 c6-b6 c6-d6 c6^c8=");
	S_expect_from("chain=yes", H_CHAIN_CROWN, "c6",
	              "c6-c5 c6-b6 c6-d6 c6^c8= c6^c8^e8= c6^c8^e8^e6");
	/* the Warriors pushed too: d8 finds no cell east of it (e8 holds
	 * the jumper) and stays, a horizontal push; e7 stands on Ceboruco's
	 * penultimate row and goes sideways to d7 -- or, under
	 * push_sideways=no_cell, up to e8, which the jumper has just left */
	S_expect_from("chain=yes; push_target=enemy", H_CHAIN_CROWN, "c6",
	              "c6-c5 c6-b6 c6-d6 c6^c8= c6^c8^e8= c6^c8^e8^e6>d7");
	S_expect_from("chain=yes; push_target=enemy; push_sideways=no_cell", H_CHAIN_CROWN, "c6",
	              "c6-c5 c6-b6 c6-d6 c6^c8= c6^c8^e8= c6^c8^e8^e6>e8");
	int bad = 0;
	bad += !S_after("chain=yes", H_CHAIN_CROWN, "c6^c8^e8^e6",
	                "C 20 S:Mb1,Pc1,Ga2,Gb2,Ee6,Gc7 C:Ea4,Mb4,Pd4,Ga6,Ge7,Gd8");
	bad += !S_after("chain=yes", H_CHAIN_CROWN, "c6^c8^e8=",
	                "C 20 S:Mb1,Pc1,Ga2,Gb2,Gc7,Ee8+ C:Ea4,Mb4,Pd4,Ga6,Ge7,Gd8");
	bad += !S_after("chain=yes; push_target=enemy", H_CHAIN_CROWN, "c6^c8^e8^e6>d7",
	                "C 20 S:Mb1,Pc1,Ga2,Gb2,Ee6,Gc7 C:Ea4,Mb4,Pd4,Ga6,Gd7,Gd8 cool=d7");
	bad += !S_after("chain=yes; push_target=enemy; push_sideways=no_cell", H_CHAIN_CROWN,
	                "c6^c8^e8^e6>e8",
	                "C 20 S:Mb1,Pc1,Ga2,Gb2,Ee6,Gc7 C:Ea4,Mb4,Pd4,Ga6,Gd8,Ge8 cool=e8");
	bad += !S_after("", H_MID, "c2^c5>c6",
	                "C 10 S:Ea1,Mb1,Pe1,Ga2,Gc4,Gc5 C:Pc6,Gc7,Gd7,Ge7,Md8,Ee8 cool=c6");
	assert_int_equal(bad, 0);
}

/* Sangangüey's Emperor on a7 reaches its far row: its first crown, its
 * second (the Princess crowned on b8), its third (the Prince on d8 too). */
#define H_CROWN1 "S 20 S:Mb1,Pc1,Ga2,Gb2,Gc2,Ea7 C:Gc5,Gd6,Ge6,Pc8,Md8,Ee8"
#define H_CROWN2 "S 20 S:Pc1,Ga2,Gb2,Gc2,Ea7,Mb8+ C:Gc5,Gd6,Ge6,Pc8,Md8,Ee8"
#define H_CROWN3 "S 20 S:Ga2,Gb2,Gc2,Ea7,Mb8+,Pd8+ C:Gc4,Gd4,Ge4,Pc6,Md6,Ee6"
/* Ceboruco's Prince on c3, pushed the jump's way onto c1, its far row:
 * its side's second crown, then its third. */
#define H_CROWN_E1 "S 20 S:Ea2,Mb2,Pe2,Ga3,Gb3,Gc4 C:Md1+,Pc3,Gc7,Gd7,Ge7,Ee8"
#define H_CROWN_E2 "S 20 S:Ea2,Mb2,Pe2,Ga3,Gb3,Gc4 C:Md1+,Ee1+,Pc3,Gc7,Gd7,Ge7"

static void test_coronation_by_hand(void **state)
{
	(void)state;
	S_expect_from("", H_CROWN1, "a7", "a7-a8= a7-a6 a7-b7");
	S_expect_from("crown=all_three", H_CROWN1, "a7", "a7-a8= a7-a6 a7-b7");
	S_expect_from("river=5", H_CROWN1, "a7", "a7-a8 a7-a6 a7-b7"); /* rank 9 is far */
	S_expect_from("", H_CROWN2, "a7", "a7-a8= a7-a6 a7-b7");
	S_expect_from("", H_CROWN2, "b8", "b8-a8 b8-b7");
	S_expect_from("", H_CROWN3, "a7", "a7-a8== a7-a6 a7-b7");
	S_expect_from("crown=all_three", H_CROWN3, "a7", "a7-a8== a7-a6 a7-b7");
	S_expect_from("", H_CROWN3, "b8", "b8-a8 b8-c8 b8-b7");
	/* the crowned Prince of a side in its first stage: its L only (c6
	 * and e6 are taken, f is off the board), or steps (prince=step) */
	S_expect_from("", H_CROWN3, "d8", "d8-b7");
	S_expect_from("prince=step", H_CROWN3, "d8", "d8-c8 d8-e8 d8-d7");
	S_expect_from("river=5", H_CROWN3, "a7", "a7-a8 a7-a6 a7-b7");
	/* by the other side's push (push_dir=jump), or not */
	S_expect_from("", H_CROWN_E1, "c4", "c4-c5 c4-b4 c4-d4 c4^c2>c6");
	S_expect_from("push_dir=jump", H_CROWN_E1, "c4", "c4-c5 c4-b4 c4-d4 c4^c2>c1=");
	S_expect_from("push_dir=jump", H_CROWN_E2, "c4", "c4-c5 c4-b4 c4-d4 c4^c2>c1==");
	S_expect_from("push_dir=jump; crown=all_three", H_CROWN_E2, "c4",
	              "c4-c5 c4-b4 c4-d4 c4^c2>c1==");
	/* no third push cell below c3: c3 is not the Prince's penultimate
	 * row (c7 is), so it stays; sideways under no_cell, b3 taken, d3 */
	S_expect_from("push_dir=jump; push_dist=exactly3", H_CROWN_E2, "c4",
	              "c4-c5 c4-b4 c4-d4 c4^c2");
	S_expect_from("push_dir=jump; push_dist=exactly3; push_sideways=no_cell", H_CROWN_E2, "c4",
	              "c4-c5 c4-b4 c4-d4 c4^c2>d3");
	int bad = 0;
	/* the positions after: crowns kept, or lost off the far row before
	 * the second stage (all_three), kept for good once it began */
	bad += !S_after("", H_CROWN2, "b8-b7",
	                "C 20 S:Pc1,Ga2,Gb2,Gc2,Ea7,Mb7+ C:Gc5,Gd6,Ge6,Pc8,Md8,Ee8");
	bad += !S_after("crown=all_three", H_CROWN2, "b8-b7",
	                "C 20 S:Pc1,Ga2,Gb2,Gc2,Ea7,Mb7 C:Gc5,Gd6,Ge6,Pc8,Md8,Ee8");
	bad += !S_after("", H_CROWN3, "a7-a8==",
	                "C 20 S:Ga2,Gb2,Gc2,Ea8+,Mb8+,Pd8+ C:Gc4,Gd4,Ge4,Pc6,Md6,Ee6");
	bad += !S_after("crown=all_three", "S 21 S:Ga2,Gb2,Gc2,Ea8+,Mb8+,Pd8+ C:Gc4,Gd4,Ge4,Pc6,Md6,Ee6",
	                "b8-b3", "C 21 S:Ga2,Gb2,Gc2,Mb3+,Ea8+,Pd8+ C:Gc4,Gd4,Ge4,Pc6,Md6,Ee6");
	bad += !S_after("push_dir=jump", H_CROWN_E2, "c4^c2>c1==",
	                "C 20 S:Ea2,Mb2,Gc2,Pe2,Ga3,Gb3 C:Pc1+,Md1+,Ee1+,Gc7,Gd7,Ge7 cool=c1");
	assert_int_equal(bad, 0);
}

/* Sangangüey in its second stage: the Princess on b4 takes d4 along her
 * rank, the Emperor on a3 takes a6 along his file, the Prince on d2
 * takes e4 by a knight's move (a Warrior of his next to e4 and to d2,
 * none next to d4, a6, b4 or a3). */
#define H_CAP "S 40 S:Gd1,Ge1,Pd2+,Ea3+,Ge3,Mb4+ C:Gd4,Ge4,Ga6,Pc8,Md8,Ee8"
/* Sangangüey's Princess on c5 threatens a5; Ceboruco's c6 jumps her to
 * c4 and puts her around c4. */
#define H_RELIEF "C 41 S:Ga1,Gb1,Gc1,Ed1+,Pe1+,Mc5+ C:Ga5,Gc6,Ge7,Pc8,Md8,Ee8"
/* Sangangüey's Princess on c4 threatens a4; Ceboruco's c3 could jump her
 * to c5, but from every cell around c5 she would threaten a Warrior
 * (a4 along rank 4, the jumper on c5 along rank 5, a6 along rank 6). */
#define H_NOFREE "C 30 S:Ga1,Gb1,Gc1,Ed1+,Pe1+,Mc4+ C:Gc3,Ga4,Ga6,Pc8,Md8,Ee8"
/* Both in the second stage: Ceboruco's Prince on d5 threatens e7 (a
 * knight's move); Sangangüey's Princess on c5 jumps it for relief. */
#define H_BOTH "S 60 S:Ed1+,Ge1,Pc3+,Ga5,Mc5+,Ge7 C:Ma2+,Gb3,Ge4,Pd5+,Ec6+,Gb7"
/* Sangangüey in its second stage, Ceboruco in its first: the Princess on
 * b6 may hop over the Warrior on b5, the Emperor on e2 over the Prince
 * on e3 (pushed back to e6) -- as before, under crowned_move=new_plus_old
 * (the spec's b6^b4). */
#define H_OLD "S 30 S:Ga2,Ee2+,Gc4,Gd4,Mb6+,Pd8+ C:Md1+,Ee1+,Pe3,Ga5,Gb5,Gd6"

static void test_second_stage_by_hand(void **state)
{
	(void)state;
	const char *b4 = "b4-b5 b4-b6 b4-b7 b4-b8 b4-b3 b4-b2 b4-b1 b4-a4 b4-c4";
	char want[512];
	snprintf(want, sizeof want, "%s b4xd4", b4);
	S_expect_from("", H_CAP, "b4", want);
	S_expect_from("crowned_move=new", H_CAP, "b4", want);
	S_expect_from("support=target", H_CAP, "b4", b4);
	S_expect_from("support=capturer", H_CAP, "b4", b4);
	const char *a3 = "a3-a4 a3-a5 a3-a2 a3-a1 a3-b3 a3-c3 a3-d3";
	snprintf(want, sizeof want, "%s a3xa6", a3);
	S_expect_from("", H_CAP, "a3", want);
	S_expect_from("support=target", H_CAP, "a3", a3);
	S_expect_from("support=capturer", H_CAP, "a3", a3);
	/* the Prince by its L: c4, e4 (a capture), b3, b1; f off the board */
	const char *d2 = "d2-c4 d2xe4 d2-b3 d2-b1";
	S_expect_from("", H_CAP, "d2", d2);
	S_expect_from("crowned_move=new", H_CAP, "d2", d2);
	S_expect_from("support=target", H_CAP, "d2", d2);
	S_expect_from("support=capturer", H_CAP, "d2", d2);
	S_expect_from("prince=knight", H_CAP, "d2", d2);
	S_expect_from("prince=knight; crowned_move=new", H_CAP, "d2", d2);
	/* prince=step: its old steps kept (new_plus_old), or not (new) */
	snprintf(want, sizeof want, "%s d2-d3 d2-c2 d2-e2", d2);
	S_expect_from("prince=step", H_CAP, "d2", want);
	S_expect_from("prince=step; crowned_move=new", H_CAP, "d2", d2);
	/* Warriors step and jump, and do not capture */
	S_expect_from("", H_CAP, "e3", "e3-e2 e3-d3 e3^e5");
	S_expect_from("push_target=enemy", H_CAP, "e3", "e3-e2 e3-d3 e3^e5>e7");
	S_expect_from("", H_CAP, "d1", "d1-c1 d1^d3");
	S_expect_from("", H_CAP, "e1", "e1-e2 e1^c1");

	/* crowned_move: the old hops kept, or not. The Princess on b6: up
	 * b7 b8, a6, c6, takes d6; hops b5 to b4. The Emperor on e2: d2 c2
	 * b2 (a2 his own), nothing to take along file e (royal pieces on e3
	 * and e1); hops the first-stage Prince on e3, who goes home up to
	 * e6 (e4 the jumper, e5). The Prince on d8: c6 e6 b7, no hop. */
	const char *b6 = "b6-b7 b6-b8 b6-a6 b6-c6 b6xd6";
	snprintf(want, sizeof want, "%s b6^b4", b6);
	S_expect_from("", H_OLD, "b6", want);
	S_expect_from("crowned_move=new", H_OLD, "b6", b6);
	const char *e2 = "e2-d2 e2-c2 e2-b2";
	snprintf(want, sizeof want, "%s e2^e4>e6", e2);
	S_expect_from("", H_OLD, "e2", want);
	S_expect_from("crowned_move=new", H_OLD, "e2", e2);
	S_expect_from("", H_OLD, "d8", "d8-c6 d8-e6 d8-b7");
	S_expect_from("crowned_move=new", H_OLD, "d8", "d8-c6 d8-e6 d8-b7");
	S_expect_from("prince=step", H_OLD, "d8", "d8-c6 d8-e6 d8-b7 d8-d7 d8-c8 d8-e8");
	S_expect_from("prince=step; crowned_move=new", H_OLD, "d8", "d8-c6 d8-e6 d8-b7");

	/* relief: the seven empty cells around c4 but c5 (threatened), of
	 * which relief=frees keeps those from which the Princess threatens
	 * no Ceboruco Warrior: b3 c3 d3 (rank 3 is empty), not b4 d4 (the
	 * jumper on c4 along rank 4), b5 d5 (a5 along rank 5); orthogonal:
	 * c3 b4 d4, of which c3 frees; no threat without support;
	 * stage2_push=on: the pushback too, down to c2 */
	const char *c6 = "c6-c7 c6-b6 c6-d6";
	const char *frees = "c6^c4@b3 c6^c4@c3 c6^c4@d3";
	const char *still = "c6^c4@b4 c6^c4@d4 c6^c4@b5 c6^c4@d5";
	snprintf(want, sizeof want, "%s %s", c6, frees);
	S_expect_from("", H_RELIEF, "c6", want);
	S_expect_from("jump=one", H_RELIEF, "c6", want);
	snprintf(want, sizeof want, "%s %s %s", c6, frees, still);
	S_expect_from("relief=threatened", H_RELIEF, "c6", want);
	snprintf(want, sizeof want, "%s c6^c4@c3", c6);
	S_expect_from("relocate=orthogonal", H_RELIEF, "c6", want);
	snprintf(want, sizeof want, "%s c6^c4@c3 c6^c4@b4 c6^c4@d4", c6);
	S_expect_from("relocate=orthogonal; relief=threatened", H_RELIEF, "c6", want);
	S_expect_from("support=target", H_RELIEF, "c6", c6);
	S_expect_from("support=capturer", H_RELIEF, "c6", c6);
	snprintf(want, sizeof want, "%s %s c6^c4>c2", c6, frees);
	S_expect_from("stage2_push=on", H_RELIEF, "c6", want);
	snprintf(want, sizeof want, "%s %s %s c6^c4>c2", c6, frees, still);
	S_expect_from("stage2_push=on; relief=threatened", H_RELIEF, "c6", want);
	S_expect_from("", H_RELIEF, "a5", "a5-a4 a5-a6 a5-b5");
	/* no cell frees: no relief jump under relief=frees; seven under
	 * threatened; stage2_push=on: a pushback instead (c3 empty now, c2,
	 * c1 taken: c2) */
	const char *c3 = "c3-c2 c3-b3 c3-d3";
	S_expect_from("", H_NOFREE, "c3", c3);
	snprintf(want, sizeof want,
	         "%s c3^c5@b4 c3^c5@d4 c3^c5@b5 c3^c5@d5 c3^c5@b6 c3^c5@c6 c3^c5@d6", c3);
	S_expect_from("relief=threatened", H_NOFREE, "c3", want);
	snprintf(want, sizeof want, "%s c3^c5>c2", c3);
	S_expect_from("stage2_push=on", H_NOFREE, "c3", want);
	/* a second-stage Princess's own relief jump (from d4 d6 e6 the Prince
	 * threatens no Sangangüey Warrior); over c6 she may not: the
	 * Emperor there threatens nobody; stage2_push=on: she may push
	 * either back, as before (not under crowned_move=new): the Emperor
	 * up to c8, the Prince on d5 nowhere (e5 holds her, then the edge) */
	const char *c5 = "c5-c4 c5-b5 c5^e5@d4 c5^e5@d6 c5^e5@e6";
	S_expect_from("", H_BOTH, "c5", c5);
	S_expect_from("relief=threatened", H_BOTH, "c5", c5);
	S_expect_from("crowned_move=new", H_BOTH, "c5", c5);
	S_expect_from("stage2_push=on; crowned_move=new", H_BOTH, "c5", c5);
	snprintf(want, sizeof want, "%s c5^c7>c8 c5^e5", c5);
	S_expect_from("stage2_push=on", H_BOTH, "c5", want);
	int bad = 0;
	bad += !S_after("", H_RELIEF, "c6^c4@b3",
	                "S 42 S:Ga1,Gb1,Gc1,Ed1+,Pe1+,Mb3+ C:Gc4,Ga5,Ge7,Pc8,Md8,Ee8");
	bad += !S_after("relief=threatened", H_RELIEF, "c6^c4@b5",
	                "S 42 S:Ga1,Gb1,Gc1,Ed1+,Pe1+,Mb5+ C:Gc4,Ga5,Ge7,Pc8,Md8,Ee8");
	bad += !S_after("", H_CAP, "b4xd4",
	                "C 40 S:Gd1,Ge1,Pd2+,Ea3+,Ge3,Md4+ C:Ge4,Ga6,Pc8,Md8,Ee8");
	bad += !S_after("", H_OLD, "e2^e4>e6",
	                "C 30 S:Ga2,Gc4,Gd4,Ee4+,Mb6+,Pd8+ C:Md1+,Ee1+,Ga5,Gb5,Gd6,Pe6 cool=e6");
	assert_int_equal(bad, 0);
}

/* Ceboruco's Princess on c5, pushed back last turn, next to Sangangüey's
 * Emperor on c4 (a jump would push him to c1) and her own Warrior on b5
 * (a jump pushes nothing). */
#define H_COOL "C 20 S:Ma1,Pb1,Ga2,Gb2,Gc2,Ec4 C:Gb5,Mc5,Gd7,Ge7,Pd8,Ee8 cool=c5"
#define H_WARM "C 20 S:Ma1,Pb1,Ga2,Gb2,Gc2,Ec4 C:Gb5,Mc5,Gd7,Ge7,Pd8,Ee8"
/* The same a turn later, Sangangüey to move: the Princess cool only
 * under cooldown=next_move. */
#define H_COOL_S "S 21 S:Ma1,Pb1,Ga2,Gb2,Gc2,Ec4 C:Gb5,Mc5,Ge6,Gd7,Pd8,Ee8 cool=c5"
/* The cool Princess on c5 may hop over her Warrior to a5, then over
 * Sangangüey's Princess on a4 (chain=yes), who would be pushed to a1. */
#define H_COOL_CHAIN "C 20 S:Pb1,Ge1,Gb2,Gc2,Ma4,Ec4 C:Gb5,Mc5,Gd7,Ge7,Pd8,Ee8 cool=c5"
#define H_WARM_CHAIN "C 20 S:Pb1,Ge1,Gb2,Gc2,Ma4,Ec4 C:Gb5,Mc5,Gd7,Ge7,Pd8,Ee8"
/* Sangangüey cannot move: its pieces packed in the corner; the Prince's
 * L (b3, c2) lands on Ceboruco's pieces; Ceboruco's second-stage royal
 * pieces threaten nobody (so no relief jump) and are not to be jumped
 * otherwise, alone or in a run; c1 d1 e1 close rank 1 to the edge. */
#define H_BLOCKED "S 50 S:Pa1,Mb1,Ea2,Gb2 C:Gc1,Gd1,Ge1,Ec2+,Ma3+,Pb3+"

static void test_cooldown_and_pass_by_hand(void **state)
{
	(void)state;
	S_expect_from("", H_COOL, "c5", "c5-c6 c5-d5 c5^a5");
	S_expect_from("cooldown=next_move", H_COOL, "c5", "c5-c6 c5-d5 c5^a5");
	S_expect_from("", H_WARM, "c5", "c5-c6 c5-d5 c5^a5 c5^c3>c1");
	/* stop: c2 stops the Emperor, and c4 is not his penultimate row: he
	 * stays, so the cool Princess may jump him; under no_cell he would go
	 * sideways (b4, d4), a push she may not make */
	S_expect_from("push_dist=stop", H_COOL, "c5", "c5-c6 c5-d5 c5^a5 c5^c3");
	S_expect_from("push_dist=stop; push_sideways=never", H_COOL, "c5",
	              "c5-c6 c5-d5 c5^a5 c5^c3");
	S_expect_from("push_dist=stop; push_sideways=no_cell", H_COOL, "c5", "c5-c6 c5-d5 c5^a5");
	S_expect_from("push_dist=stop; push_sideways=no_cell", H_WARM, "c5",
	              "c5-c6 c5-d5 c5^a5 c5^c3>b4 c5^c3>d4");
	/* a chain: the cool piece may not push back in any hop of its turn
	 * (it has not moved before the turn ends) */
	S_expect_from("chain=yes", H_COOL_CHAIN, "c5", "c5-c6 c5-d5 c5^a5");
	S_expect_from("chain=yes; cooldown=next_move", H_COOL_CHAIN, "c5", "c5-c6 c5-d5 c5^a5");
	S_expect_from("chain=yes", H_WARM_CHAIN, "c5", "c5-c6 c5-d5 c5^a5 c5^a5^a3>a1 c5^c3>c1");
	int bad = 0;
	/* next_turn: over after its owner's turn; next_move: until it moves */
	bad += !S_after("", H_COOL, "e7-e6",
	                "S 21 S:Ma1,Pb1,Ga2,Gb2,Gc2,Ec4 C:Gb5,Mc5,Ge6,Gd7,Pd8,Ee8");
	bad += !S_after("cooldown=next_move", H_COOL, "e7-e6", H_COOL_S);
	bad += !S_after("cooldown=next_move", H_COOL_S, "a2-a3",
	                "C 21 S:Ma1,Pb1,Gb2,Gc2,Ga3,Ec4 C:Gb5,Mc5,Ge6,Gd7,Pd8,Ee8 cool=c5");
	bad += !S_after("cooldown=next_move", H_COOL, "c5-c6",
	                "S 21 S:Ma1,Pb1,Ga2,Gb2,Gc2,Ec4 C:Gb5,Mc6,Gd7,Ge7,Pd8,Ee8");
	bad += !S_after("cooldown=next_move", H_COOL, "c5^a5",
	                "S 21 S:Ma1,Pb1,Ga2,Gb2,Gc2,Ec4 C:Ma5,Gb5,Gd7,Ge7,Pd8,Ee8");
	/* a push leaves the pushed piece cool for its owner's turn */
	bad += !S_after("", H_PUSH1, "c4^c6>c8",
	                "C 10 S:Ea1,Mb1,Pe1,Ga2,Gb2,Gc6 C:Gc7,Gd7,Ge7,Pc8,Md8,Ee8 cool=c8");
	bad += !S_after("push_target=enemy", H_ENEMY, "c4^c6>c8",
	                "C 10 S:Ea1,Mb1,Pe1,Ga2,Gb2,Gc6 C:Gc7,Md7,Ge7,Gc8,Pd8,Ee8 cool=c8");
	bad += !S_after("", H_PEN_A, "b3^b1>c2",
	                "S 11 S:Md1,Pe1,Ec2,Gd2,Ge2,Ga4 C:Gb1,Gc7,Gd7,Pc8,Md8,Ee8 cool=c2");
	assert_int_equal(bad, 0);
	/* under next_move the Princess is still cool on Ceboruco's next turn */
	S_expect_from("cooldown=next_move",
	              "C 21 S:Ma1,Pb1,Gb2,Gc2,Ga3,Ec4 C:Gb5,Mc5,Ge6,Gd7,Pd8,Ee8 cool=c5", "c5",
	              "c5-c6 c5-d5 c5^a5");

	/* blocked: a pass, or the game lost, under every Prince (step: a2
	 * b1 are its own, the runs a2-a3 and b1-e1 cannot be jumped; knight:
	 * no L either); second-stage royal pieces that may be pushed free it:
	 * a3 and b3 up, c2 along rank 2 to e2, alone or in a run behind an
	 * own piece (jump=line) */
	S_expect("", H_BLOCKED, "pass");
	S_expect("jump=one", H_BLOCKED, "pass");
	S_expect("push_target=enemy", H_BLOCKED, "pass");
	S_expect("prince=step", H_BLOCKED, "pass");
	S_expect("prince=knight", H_BLOCKED, "pass");
	S_expect("blocked=lose", H_BLOCKED, "");
	S_expect("stage2_push=on", H_BLOCKED, "a2^a4>a6 a2^d2>e2 b1^b4>b6 b2^b4>b6 b2^d2>e2");
	S_expect("stage2_push=on; jump=one", H_BLOCKED, "a2^a4>a6 b2^b4>b6 b2^d2>e2");
	bad += !S_after("", H_BLOCKED, "pass", "C 50 S:Pa1,Mb1,Ea2,Gb2 C:Gc1,Gd1,Ge1,Ec2+,Ma3+,Pb3+");
	assert_int_equal(bad, 0);
}

/* ===== 1. perft from the start ===== */

/* Prints, for each first turn, where the two generators' perft counts
 * at 'depth' differ. */
static void S_divide_diff(const O_ctx *c, const O_pos *p, tb_engine *e, int depth)
{
	static L_tokens lib;
	static O_turn t[O_MAX];
	lib.n = 0;
	tb_engine_divide(e, depth, L_collect, &lib);
	size_t n = O_gen(c, p, t);
	for (size_t i = 0; i < n; i++) {
		unsigned long long m = depth > 1 ? O_perft(c, &t[i].next, depth - 1) : 1;
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
	/* Depth 1, by hand, under the defaults (prince=leap, jump=line):
	 * Sangangüey's Emperor on a1 has no step (a2 b1 are its own) and
	 * jumps over a2 to a3 and over the run b1 c1 to d1: 2. The Princess
	 * on b1 steps nowhere (a1 b2 c1) and jumps over b2 to b3 and over c1
	 * to d1 (over a1 would leave the board): 2. The Prince on c1 moves by
	 * its L only, to b3, d3, e2 (a2 is its own, the rest off the
	 * board): 3. The Warrior on a2 steps to a3 and jumps the run b2 c2 to
	 * d2: 2; b2 steps to b3 and jumps c2 to d2 (a2 then the edge, b1 then
	 * the edge): 2; c2 steps to c3 and d2 and has nothing to jump but
	 * b2 a2 or c1, both up to the edge: 2. 2+2+3+2+2+2 = 13.
	 * Ceboruco's are the same turned round (e8^e6, e8^b8, d8^d6, d8^b8,
	 * c8-d6, c8-b6, c8-a7, e7-e6, e7^b7, d7-d6, d7^b7, c7-c6, c7-b7), and
	 * after any of Sangangüey's (all on ranks 1-3) none of them changes,
	 * since they use ranks 6-8 only and a jump needs an adjacent piece:
	 * 13 x 13 = 169 at depth 2.
	 * prince=step: the Prince steps to d1 and jumps c2 to c3 instead of
	 * its three L's: 12, 144. prince=knight: the L's and c1^c3: 14, 196.
	 * jump=one: a1^d1 and a2^d2 pass two pieces and go: 11, 121.
	 * Every default of before tablero 0.2 (§12) gives the old counts:
	 * 13 - 3 + 2 (step) - 2 (one) = 10, 100. first=ceboruco and river=5
	 * or 6 change nothing of that. */
	static const struct {
		const char *rules;
		int depth;
		unsigned long long by_hand[3];
	} runs[] = {{"", 5, {1, 13, 169}},
	            {"first=ceboruco", 4, {1, 13, 169}},
	            {"prince=step", 4, {1, 12, 144}},
	            {"prince=knight", 4, {1, 14, 196}},
	            {"jump=one", 4, {1, 11, 121}},
	            {"prince=step; jump=one", 4, {1, 10, 100}},
	            {"prince=step; jump=one; push_sideways=no_cell; crowned_move=new; "
	             "relief=threatened", 4, {1, 10, 100}},
	            {"river=5", 4, {1, 13, 169}},
	            {"river=6; first=ceboruco; prince=knight", 4, {1, 14, 196}}};
	double t_mine = 0, t_lib = 0;
	int bad = 0;
	for (size_t s = 0; s < sizeof runs / sizeof runs[0]; s++) {
		O_ctx c;
		O_setup(&c, runs[s].rules);
		O_pos p;
		O_start(&c, &p);
		char pos[256];
		O_write(&c, &p, pos, sizeof pos);
		tb_engine *e = L_new(runs[s].rules, NULL);
		char *lib_pos = tb_engine_position(e);
		if (strcmp(lib_pos, pos)) {
			print_message("rules \"%s\": the start is \"%s\" for the second generator, "
			              "\"%s\" for the library\n", runs[s].rules, pos, lib_pos);
			bad++;
		}
		free(lib_pos);
		int depth = runs[s].depth - (TT_SANITIZED && runs[s].depth > 4);
		for (int d = 1; d <= depth; d++) {
			double t0 = tt_seconds();
			unsigned long long mine = O_perft(&c, &p, d);
			double t1 = tt_seconds();
			unsigned long long lib = tb_engine_perft(e, d);
			t_mine += t1 - t0;
			t_lib += tt_seconds() - t1;
			print_message("perft %d from the start, rules \"%s\": %llu (second generator), "
			              "%llu (library)\n", d, runs[s].rules, mine, lib);
			if (d <= 2 && (mine != runs[s].by_hand[d] || lib != runs[s].by_hand[d])) {
				print_message("  by hand: %llu\n", runs[s].by_hand[d]);
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
	print_message("perft from the start: %.2f s (second generator), %.2f s (library)\n", t_mine,
	              t_lib);
	assert_int_equal(bad, 0);
}

/* ===== 2. perft from positions of each stage, every option ===== */

static const struct {
	const char *pos;
	int depth;
} S_positions[] = {
	/* first stage, royal pieces mid-board among the enemy's */
	{"S 12 S:Gc1,Gb3,Pc4,Ed4,Mb5,Gd5 C:Ge5,Pc6,Gd6,Gb7,Md8,Ee8", 3},
	{"C 12 S:Gc1,Gb3,Pc4,Ed4,Mb5,Gd5 C:Ge5,Pc6,Gd6,Gb7,Md8,Ee8", 3},
	/* pushbacks by the edges: Sangangüey's Emperor and Prince on their
	 * penultimate row under Ceboruco's Warriors (sideways, to c2, or a
	 * two-way choice, c2 or e2), its Princess on rank 7 */
	{"C 15 S:Gc1,Ga2,Eb2,Pd2,Gc6,Mc7 C:Gb3,Gd3,Gd7,Pb8,Md8,Ee8", 3},
	/* Sangangüey in its second stage: slides, captures (c5xe5, a3xa6,
	 * c2xb4), a relief jump for Ceboruco next (c6 over c5) */
	{"S 30 S:Ga1,Ge1,Pc2+,Ea3+,Gd3,Mc5+ C:Gb4,Ge5,Pc6,Ga6,Md8,Ee8", 3},
	{"C 30 S:Ga1,Ge1,Pc2+,Ea3+,Gd3,Mc5+ C:Gb4,Ge5,Pc6,Ga6,Md8,Ee8", 3},
	/* both in the second stage */
	{H_BOTH, 3},
	/* a cool Princess (test 3) */
	{H_COOL, 3},
	/* two crowned pieces on their far row, the third a step away; the
	 * Warrior on d8 may jump the one on c8 while its side is not yet in
	 * its second stage (a8-a7, c7-c8 under crown=all_three) */
	{"S 20 S:Ga1,Gb1,Gc1,Ec7,Ma8+,Pe8+ C:Pd3,Ge3,Md4,Ee4,Ge5,Gd8", 4},
	/* a blocked side (test 3) */
	{H_BLOCKED, 4},
	/* pushes onto the far row (push_dir=jump), a relief jump (test 3) */
	{H_CROWN_E2, 3},
	{H_RELIEF, 3},
	/* the rules changed in tablero 0.2 (test 3): the Prince's L among
	 * pieces it could hop (prince), a penultimate row jumped from behind
	 * (push_sideways), runs and a block (jump), a relief jump that frees
	 * nothing (relief), second-stage pieces hopping as before
	 * (crowned_move) */
	{H_PRINCE, 3},
	{H_PEN_BEHIND, 3},
	{H_RUNS, 3},
	{H_NOFREE, 3},
	{H_OLD, 3},
	{NULL, 0}};
#define S_NPOS 16

/* Compares perft 1..'depth'; keeps the second generator's counts in
 * 'keep'; returns the leaves at the last depth. */
static unsigned long long S_perft_compare(const char *rules, const char *pos, int depth,
                                          int *mismatches, unsigned long long *keep)
{
	O_ctx c;
	O_setup(&c, rules);
	O_pos p;
	O_read(&c, pos, &p);
	tb_engine *e = L_new(rules, pos);
	unsigned long long mine = 0;
	for (int d = 1; d <= depth; d++) {
		mine = O_perft(&c, &p, d);
		unsigned long long lib = tb_engine_perft(e, d);
		keep[d] = mine;
		if (mine == lib)
			continue;
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
	static unsigned long long counts[96][S_NPOS][5];
	unsigned long long nodes = 0;
	for (int s = 0; S_settings[s].rules; s++) {
		const S_setting *st = &S_settings[s];
		assert_true(s < 96);
		for (int i = 0; S_positions[i].pos; i++, runs++) {
			assert_true(i < S_NPOS && S_positions[i].depth <= 4);
			memset(counts[s][i], 0xff, sizeof counts[s][i]);
			int depth = S_positions[i].depth;
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
	print_message("perft from positions: %d (settings x positions, to depth 3 or 4), %llu "
	              "leaves at the last depth, %d differ, %.2f s\n", runs, nodes, mismatches,
	              tt_seconds() - t0);
	assert_int_equal(mismatches, 0);
	assert_int_equal(bad_claims, 0);
}

/* ===== 4. Records through tb_reader_validate ===== */

/* A Warrior of Sangangüey's on c3 under two of Ceboruco's on c4 and c5:
 * a block (jump=line). */
#define H_BLOCKJ "S 10 S:Ea1,Mb1,Pe1,Ga2,Gb2,Gc3 C:Gc4,Pc5,Gd7,Ge7,Md8,Ee8"
/* c3 over c4 to c5, then over d5 to e5: a chain (chain=yes). */
#define H_CHAIN "S 10 S:Ea1,Mb1,Pe1,Ga2,Gb2,Gc3 C:Gc4,Gd5,Ge7,Pc8,Md8,Ee8"
/* Sangangüey in its second stage has taken e4; then d4 too. */
#define H_TAKEN1 "S 40 S:Gd1,Ge1,Pd2+,Ea3+,Ge3,Mb4+ C:Gd4,Ga6,Pc8,Md8,Ee8"
#define H_TAKEN2 "S 40 S:Gd1,Ge1,Pd2+,Ea3+,Ge3,Mb4+ C:Gd4,Pc8,Md8,Ee8"

/* 101 moves of Warriors stepping to and fro from the start (202 turns,
 * no capture, no crowning), filled by test_validate: no limit ends the
 * game by default (limit=none since tablero 0.6); limit=200 does. */
static char V_shuffle[2048];

static const struct {
	const char *rules, *pos, *moves, *result; /* pos NULL: the start */
	const char *codes;                        /* the diagnostics' codes */
	const char *key;                          /* words of the first one's message */
} V_cases[] = {
	/* legal records */
	{"", NULL, "1. c2-c3 c7-c6 2. c1-d3 c8-b6 3. a1^a3 e8^e6", NULL, "", NULL},
	{"prince=step", NULL, "1. c2-c3 c7-c6 2. c1-d1 c8-b8 3. a1^a3 e8^e6", NULL, "", NULL},
	{"", H_PUSH1, "10. c4^c6>c8 c8-b6 11. c6-c5 b6-c8", NULL, "", NULL},
	{"", H_PEN_BEHIND, "20. c8^c6>b7 b7-c5", NULL, "", NULL},
	{"", H_PRINCE, "5. c3-e4 c7-c6 6. e4-c5", NULL, "", NULL},
	{"prince=knight", H_PRINCE, "5. c3^c5 c7-c6 6. c5-b7", NULL, "", NULL},
	{"", H_RELIEF, "41... c6^c4@d3", NULL, "", NULL},
	{"relief=threatened", H_RELIEF, "41... c6^c4@b5", NULL, "", NULL},
	{"relief=threatened", H_NOFREE, "30... c3^c5@b6", NULL, "", NULL},
	{"", H_OLD, "30. e2^e4>e6", NULL, "", NULL},
	{"chain=yes", H_CHAIN, "10. c3^c5^e5", NULL, "", NULL},
	{"", H_BLOCKED, "50. pass c2-c4", NULL, "", NULL},
	{"cooldown=next_move", H_COOL_S, "21. a2-a3 c5-c6 22. a3-a4 c6-c5 23. a4-a5 c5^c3>c1", NULL,
	 "", NULL},
	{"", H_TAKEN2, "40. b4xd4", "1-0", "", NULL},
	{"limit=2", H_TAKEN1, "40. d1-c1 d8-d7", "1-0", "", NULL},
	{"limit=2; end_result=draw", H_TAKEN1, "40. d1-c1 d8-d7", "1/2-1/2", "", NULL},
	{"blocked=lose; end_result=draw", H_BLOCKED, "", "0-1", "", NULL},
	{"blocked=lose", H_BLOCKED, "", "0-1", "", NULL},
	/* the reasons of spec §11 */
	{"", NULL, "1. d2-d3", NULL, "401", "empty"},
	{"", NULL, "1. c7-c6", NULL, "401", "Ceboruco"},
	{"", H_PUSH1, "10. c4-c5", NULL, "401", "occupied"},
	{"", NULL, "1. c2-c4", NULL, "401", "adjacent"},
	{"", NULL, "1. b2-c3", NULL, "401", "diagonal"},
	{"", NULL, "1. a2^a4", NULL, "401", "no piece to jump"},
	{"jump=one", H_BLOCKJ, "10. c3^c6", NULL, "401", "jump=one"},
	{"", H_BLOCKJ, "10. c3^c6", NULL, "401", "block"},
	{"", H_CHAIN, "10. c3^c5^e5", NULL, "401", "chain=no"},
	{"chain=yes", H_CHAIN, "10. c3^c5^c3", NULL, "401", "already stood"},
	{"", H_PUSH1, "10. c4^c6", NULL, "401", "c4^c6>c8"},
	{"", H_PUSH1, "10. c4^c6>c7", NULL, "401", "farthest"},
	{"", H_PEN_A, "10... b3^b1>d2", NULL, "401", "penultimate row"},
	{"", H_PEN_BEHIND, "20. c8^c6>c8", NULL, "401", "c8^c6>b7"},
	{"push_sideways=no_cell", H_PEN_BEHIND, "20. c8^c6>b7", NULL, "401", "c8^c6>c8"},
	{"", H_PUSH1, "10. c4^c6>b5", NULL, "401", "c4^c6>c8"},
	{"push_dist=stop", H_PUSH1, "10. c4^c6>b5", NULL, "401", "stays"},
	{"push_dist=stop; push_sideways=no_cell", H_PUSH1, "10. c4^c6", NULL, "401",
	 "c4^c6>b5 or c4^c6>d5"},
	{"push_dist=stop; push_sideways=no_cell", H_PUSH1, "10. c4^c6>c8", NULL, "401",
	 "no cell towards its home row"},
	{"", H_ENEMY, "10. c4^c6>c8", NULL, "401", "push_target=royal"},
	{"", NULL, "1. a1^a3>a5", NULL, "401", "own"},
	{"", H_COOL, "20... c5^c3>c1", NULL, "401", "pushed back last turn"},
	{"cooldown=next_move", H_COOL, "20... c5^c3>c1", NULL, "401", "cooldown=next_move"},
	{"", H_CROWN1, "20. a7-a8", NULL, "401", "a7-a8="},
	{"", H_CROWN2, "20. a7-a8==", NULL, "401", "second"},
	{"", H_CROWN3, "20. a7-a8=", NULL, "401", "a7-a8=="},
	{"", NULL, "1. c2-c3=", NULL, "401", "crowns no"},
	{"", H_CROWN3, "20. b8-b6", NULL, "401", "second stage"},
	{"", NULL, "1. c1-d1", NULL, "401", "prince=leap"},
	{"", H_PRINCE, "5. c3^c5", NULL, "401", "does not jump"},
	{"prince=step", NULL, "1. c1-d3", NULL, "401", "prince=step"},
	{"", H_CAP, "40. d2-d3", NULL, "401", "prince=leap"},
	{"prince=step; crowned_move=new", H_CAP, "40. d2-d3", NULL, "401", "crowned_move=new"},
	{"crowned_move=new", H_OLD, "30. b6^b4", NULL, "401", "crowned_move=new"},
	{"", H_CAP, "40. a3-a8", NULL, "401", "a6"},
	{"support=target", H_CAP, "40. b4xd4", NULL, "401", "support=target"},
	{"", H_CAP, "40. e3xe4", NULL, "401", "Warriors do not capture"},
	{"", H_CAP, "40. b4xb8", NULL, "401", NULL},
	{"", H_BOTH, "60. c5xd5", NULL, "401", "royal pieces do not capture"},
	{"", H_RELIEF, "41... c6^c4", NULL, "401", "relocated"},
	{"support=target", H_RELIEF, "41... c6^c4@b3", NULL, "401", "threatens no"},
	{"", H_RELIEF, "41... c6^c4>c2", NULL, "401", "stage2_push=off"},
	{"", H_RELIEF, "41... c6^c4@c2", NULL, "401", "not around"},
	{"", H_RELIEF, "41... c6^c4@b5", NULL, "401", "relief=frees"},
	{"", H_NOFREE, "30... c3^c5@b6", NULL, "401", "relief=frees"},
	{"", H_NOFREE, "30... c3^c5", NULL, "401", NULL},
	{"", H_RELIEF_P, "41... c6^c4@b3", NULL, "401", "does not jump"},
	{"", H_PUSH1, "10. c4^c6@d6", NULL, "401", "relocation"},
	{"", NULL, "1. pass", NULL, "401", "passes only when blocked"},
	/* the end, the result */
	{"", H_TAKEN2, "40. b4xd4 d8-d7", NULL, "402", "already over"},
	{"limit=2", H_TAKEN1, "40. d1-c1 d8-d7 41. c1-d1", NULL, "402", "already over"},
	/* a crowning restarts the count; under all_three only a stage does */
	{"limit=2", H_CROWN1, "20. a7-a8= e6-e5 21. a2-a3", NULL, "", NULL},
	{"limit=2", H_CROWN1, "20. a7-a8= e6-e5 21. a2-a3 d6-d5", NULL, "402", "already over"},
	{"crown=all_three; limit=2", H_CROWN1, "20. a7-a8= e6-e5 21. a2-a3", NULL, "402",
	 "already over"},
	{"crown=all_three; limit=2", H_CROWN3, "20. a7-a8== e6-e5 21. a2-a3", NULL, "", NULL},
	{"blocked=lose", H_BLOCKED, "50. pass", NULL, "402", "already over"},
	{"", H_TAKEN2, "40. b4xd4", "0-1", "405", NULL},
	{"limit=2", H_TAKEN1, "40. d1-c1 d8-d7", "1/2-1/2", "405", NULL},
	{"limit=2; end_result=draw", H_TAKEN1, "40. d1-c1 d8-d7", "1-0", "405", NULL},
	{"limit=2; end_result=captures", H_TAKEN1, "40. d1-c1 d8-d7", "1-0", "", NULL},
	{"blocked=lose", H_BLOCKED, "", "1-0", "405", NULL},
	/* the limit: none by default (§7), so a game goes on, and a result
	 * agreed with a Warrior left is the players' */
	{"", NULL, V_shuffle, NULL, "", NULL},
	{"", NULL, V_shuffle, "1/2-1/2", "", NULL},
	{"limit=200", NULL, V_shuffle, NULL, "402", "200 turns without a capture"},
	{"", H_TAKEN1, "40. d1-c1 d8-d7", "1/2-1/2", "", NULL},
	/* an option under its old name (§4): read as the new one, with a
	 * warning */
	{"push_fallback=sideways", H_PEN_BEHIND, "20. c8^c6>c8", NULL, "211",
	 "push_sideways=no_cell"},
	{"push_fallback=none", H_PEN_A, "10... b3^b1", NULL, "211", "push_sideways=never"},
	{"push_fallback=none", H_PEN_A, "10... b3^b1>a2", NULL, "211 401", "push_sideways=never"},
	{"push_sideways=no_cell", H_PEN_BEHIND, "20. c8^c6>c8", NULL, "", NULL},
	/* positions that cannot occur */
	{"", "S 1 S:Ea1,Eb1,Pc1,Ga2,Gb2,Gc2 C:Gc7,Gd7,Ge7,Pc8,Md8,Ee8", "", NULL, "404", "Emperor"},
	{"", "S 5 S:Mb1,Pc1,Ed1,Ga2,Gb2,Gc2 C:Ea1,Gc7,Gd7,Ge7,Pc8,Md8", "", NULL, "404", "Ea1+"},
	{"", "S 5 S:Ea1,Mb1,Pc1,Ga2,Gb2,Gc2 C:Gc7,Gd7,Pc8,Md8,Ee8", "", NULL, "404", "Warrior"},
	{"", H_COOL_S, "", NULL, "404", "cool"},
	{"crown=all_three", "S 20 S:Pc1,Ga2,Gb2,Gc2,Ea7,Mb7+ C:Gc5,Gd6,Ge6,Pc8,Md8,Ee8", "", NULL,
	 "404", NULL},
	{"", "S 20 S:Pc1,Ga2,Gb2,Gc2,Ea7,Mb7+ C:Gc5,Gd6,Ge6,Pc8,Md8,Ee8", "20. b7-b6", NULL, "",
	 NULL},
	{NULL, NULL, NULL, NULL, NULL, NULL}};

/* A turn refused under a changed default, with the old default not
 * named in [Rules]: the diagnostic says it was legal under the old one
 * (§12); not when the record names the new value, or another option. */
static const struct {
	const char *rules, *pos, *moves, *note;
	int has;
} V_notes[] = {
	{"", NULL, "1. c1-d1", "legal under prince=step, the default until tablero 0.1", 1},
	{"", H_PRINCE, "5. c3^c5", "legal under prince=step, the default until tablero 0.1", 1},
	{"prince=leap", NULL, "1. c1-d1", "legal under prince=step", 0},
	{"", H_PEN_BEHIND, "20. c8^c6>c8",
	 "legal under push_sideways=no_cell, the default until tablero 0.1", 1},
	{"push_sideways=penultimate", H_PEN_BEHIND, "20. c8^c6>c8", "legal under", 0},
	{"", H_RELIEF, "41... c6^c4@b5",
	 "legal under relief=threatened, the default until tablero 0.1", 1},
	{"relief=frees", H_RELIEF, "41... c6^c4@b5", "legal under", 0},
	{"", H_PUSH1, "10. c4-c5", "legal under", 0},
	{NULL, NULL, NULL, NULL, 0}};

static void test_validate(void **state)
{
	(void)state;
	int bad = 0;
	size_t at = 0;
	for (int i = 1; i <= 101; i++)
		at += (size_t)snprintf(V_shuffle + at, sizeof V_shuffle - at, "%s%d. %s %s", i > 1 ? " " : "",
		                       i, i % 2 ? "a2-a3" : "a3-a2", i % 2 ? "e7-e6" : "e6-e7");
	for (int i = 0; V_notes[i].rules; i++) {
		char tag[512];
		S_rules_tag(V_notes[i].rules, tag, sizeof tag);
		tt_str b = {0};
		tt_printf(&b, "[Game \"ocencahuac\"]\n[Rules \"%s\"]\n", tag);
		if (V_notes[i].pos)
			tt_printf(&b, "[Position \"%s\"]\n", V_notes[i].pos);
		tt_printf(&b, "\n%s *\n", V_notes[i].moves);
		char *text = tt_take(&b);
		char *diags = NULL;
		int errors = V_validate(text, NULL, &diags);
		if (errors != 1 || (strstr(diags, V_notes[i].note) != NULL) != V_notes[i].has) {
			print_message("%d errors, \"%s\" %s expected\n%s%s", errors, V_notes[i].note,
			              V_notes[i].has ? "" : "not ", text, diags);
			bad++;
		}
		free(text);
		free(diags);
	}
	for (int i = 0; V_cases[i].rules; i++) {
		char tag[512];
		S_rules_tag(V_cases[i].rules, tag, sizeof tag);
		const char *res = V_cases[i].result ? V_cases[i].result : "*";
		tt_str b = {0};
		tt_printf(&b, "[Game \"ocencahuac\"]\n[Rules \"%s\"]\n[Result \"%s\"]\n", tag, res);
		if (V_cases[i].pos)
			tt_printf(&b, "[Position \"%s\"]\n", V_cases[i].pos);
		tt_printf(&b, "\n%s %s\n", V_cases[i].moves, res);
		char *text = tt_take(&b);
		tb_reader *r;
		tb_record *rec = tt_parse(text, &r);
		tb_reader_validate(r, rec, NULL, NULL);
		tt_str codes = {0};
		const tb_diag *first = NULL; /* the reader's (TB211) or validate's */
		for (size_t k = 0; k < tb_reader_ndiags(r); k++) {
			const tb_diag *d = tb_reader_diag(r, k);
			tt_printf(&codes, "%s%d", codes.n ? " " : "", d->code);
			if (!first)
				first = d;
		}
		char *got = tt_take(&codes);
		int ok = !strcmp(got, V_cases[i].codes) &&
		         (!V_cases[i].key || (first && strstr(first->message, V_cases[i].key)));
		if (!ok) {
			tt_str out = {0};
			tt_diags(&out, r);
			print_message("rules \"%s\": codes \"%s\", want \"%s\"%s%s%s\n%s%s", V_cases[i].rules,
			              got, V_cases[i].codes, V_cases[i].key ? " with \"" : "",
			              V_cases[i].key ? V_cases[i].key : "", V_cases[i].key ? "\"" : "", text,
			              out.d ? out.d : "");
			free(out.d);
			bad++;
		}
		free(got);
		tb_record_free(rec);
		tb_reader_free(r);
		free(text);
	}
	assert_int_equal(bad, 0);
}

/* ===== 5. Random playouts ===== */

#define G_TURNS 100

/* Game g's start: the start of the rules, or a position of test 2
 * (from the 'rot'-th on). */
static void G_start(const O_ctx *c, int g, int rot, char *buf, size_t n)
{
	if (g % 2 == 0) {
		O_pos p;
		O_start(c, &p);
		O_write(c, &p, buf, n);
		return;
	}
	snprintf(buf, n, "%s", S_positions[(g / 2 + rot) % S_NPOS].pos);
}

typedef struct G_stats {
	unsigned long long games, positions, turns, pushes, reliefs, captures, crowns, stages,
		passes, chains, over[4], after_end;
	unsigned long long lib_games, lib_turns, lib_over, lib_stopped;
	int bad;
} G_stats;

static int G_reason(const char *why)
{
	return !strcmp(why, "no Warriors left") ? 0
	       : !strcmp(why, "the limit")      ? 1
	       : !strcmp(why, "blocked and loses") ? 2
	                                           : 3;
}

static void G_count(G_stats *st, const char *tok)
{
	st->pushes += strchr(tok, '>') != NULL;
	st->reliefs += strchr(tok, '@') != NULL;
	st->captures += strchr(tok, 'x') != NULL;
	st->stages += strstr(tok, "==") != NULL;
	st->crowns += strchr(tok, '=') != NULL;
	st->passes += !strcmp(tok, "pass");
	st->chains += strchr(tok, '^') != strrchr(tok, '^');
}

/* Games of the second generator: the sets of legal turns at each
 * position, then the whole game through tb_reader_validate. */
static void G_own_games(const char *rules, int ngames, int rot, uint64_t *seed, G_stats *st)
{
	O_ctx c;
	O_setup(&c, rules);
	static O_turn t[O_MAX];
	static L_tokens mine, lib;
	static char tok[G_TURNS + 1][O_TOKLEN];
	static char after[G_TURNS][256];
	static V_seen v;
	for (int g = 0; g < ngames && !st->bad; g++) {
		char start[256];
		G_start(&c, g, rot, start, sizeof start);
		O_pos p;
		O_read(&c, start, &p);
		size_t n = 0;
		int lib_has = 0; /* a turn to try after a game the limit ended */
		while (n < G_TURNS && !st->bad) {
			char pos[256];
			O_write(&c, &p, pos, sizeof pos);
			O_pos fresh;
			O_read(&c, pos, &fresh);
			assert_true(O_same_position(&fresh, &p));
			assert_true(!c.r.limit || fresh.quiet == p.quiet);
			/* the notation holds the limit's count: compare from it */
			O_tokens(&c, &fresh, &mine);
			tb_engine *e = L_new(rules, pos);
			lib.n = 0;
			size_t nl = tb_engine_divide(e, 1, L_collect, &lib);
			char *back = tb_engine_position(e);
			tb_engine_free(e);
			qsort(lib.tok, lib.n, sizeof lib.tok[0], tt_strcmp);
			if (strcmp(back, pos)) {
				print_message("rules \"%s\": the library reads \"%s\" as \"%s\"\n", rules, pos,
				              back);
				st->bad = 1;
			}
			free(back);
			if (nl != lib.n ||
			    !L_same_set_as(rules, pos, &mine, &lib, "second generator", "library"))
				st->bad = 1;
			st->positions++;
			st->turns += mine.n;
			for (size_t i = 0; i < mine.n; i++)
				G_count(st, mine.tok[i]);
			size_t nt = O_gen(&c, &p, t);
			if (!nt) { /* ended: by the limit, a turn the board still allows */
				O_pos q = p;
				q.quiet = 0;
				lib_has = c.r.limit && p.quiet >= c.r.limit && O_gen(&c, &q, t) > 0;
				if (lib_has)
					memcpy(tok[n], t[0].tok, O_TOKLEN);
				break;
			}
			const O_turn *pick = &t[tt_splitmix(seed) % nt];
			memcpy(tok[n], pick->tok, O_TOKLEN);
			O_write(&c, &pick->next, after[n++], sizeof after[0]);
			p = pick->next;
		}
		const char *res, *why = O_over(&c, &p, &res);
		if (why)
			st->over[G_reason(why)]++;
		st->games++;
		if (st->bad)
			break;
		/* the whole game, replayed by the library */
		char *text = V_record(rules, start, (const char(*)[O_TOKLEN])tok, n);
		char *diags = NULL;
		int errors = V_validate(text, &v, &diags);
		int ok = errors == 0 && v.n == n;
		for (size_t i = 0; ok && i < n; i++)
			if (strcmp(v.tok[i], tok[i]) || strcmp(v.pos[i], after[i])) {
				print_message("turn %zu: the library played %s to \"%s\", the second "
				              "generator %s to \"%s\"\n", i + 1, v.tok[i], v.pos[i], tok[i],
				              after[i]);
				ok = 0;
			}
		if (!ok) {
			print_message("rules \"%s\": the library finds %d errors and reports %zu turns of "
			              "%zu in a game of the second generator\n%s%s", rules, errors, v.n, n,
			              text, diags);
			st->bad = 1;
		}
		free(text);
		free(diags);
		/* a game over by the limit: one turn more is refused (TB402) */
		if (ok && lib_has && why) {
			text = V_record(rules, start, (const char(*)[O_TOKLEN])tok, n + 1);
			tb_reader *r;
			tb_record *rec = tt_parse(text, &r);
			size_t before = tb_reader_ndiags(r);
			errors = tb_reader_validate(r, rec, NULL, NULL);
			if (errors != 1 || tb_reader_ndiags(r) != before + 1 ||
			    tb_reader_diag(r, before)->code != 402) {
				tt_str out = {0};
				tt_diags(&out, r);
				print_message("rules \"%s\": the game is over (%s), yet the library takes "
				              "%s after it with %d errors\n%s%s", rules, why, tok[n], errors,
				              text, out.d ? out.d : "");
				free(out.d);
				st->bad = 1;
			}
			st->after_end++;
			tb_record_free(rec);
			tb_reader_free(r);
			free(text);
		}
	}
}

/* Games the library plays (tb_engine_random_game), replayed by the
 * second generator: each turn legal, the end where the rules put it,
 * the same result. */
static void G_library_games(const char *rules, int ngames, int rot, uint64_t seed, G_stats *st)
{
	O_ctx c;
	O_setup(&c, rules);
	static O_turn t[O_MAX];
	static L_tokens mine;
	for (int g = 0; g < ngames && !st->bad; g++) {
		const char *start = g % 2 ? S_positions[(g / 2 + rot) % S_NPOS].pos : NULL;
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
		res += 9;
		O_pos p;
		if (ptag) {
			char pos[256];
			snprintf(pos, sizeof pos, "%.*s", (int)strcspn(ptag + 11, "\""), ptag + 11);
			O_read(&c, pos, &p);
		} else {
			O_start(&c, &p); /* the start goes without saying */
			if (start) {
				print_message("rules \"%s\": a random game from %s without [Position]\n%s",
				              rules, start, text);
				st->bad = 1;
			}
		}
		size_t n = 0;
		int stopped = 0;
		for (const char *w = moves + 2; *w && !st->bad;) {
			if (isspace((unsigned char)*w)) {
				w++;
				continue;
			}
			size_t k = *w == '{' ? strcspn(w, "}") + 1 : strcspn(w, " \n");
			if (*w == '{') {
				const char *s = strstr(w, "stopped after");
				stopped |= s && s < w + k;
			} else if (!isdigit((unsigned char)*w) && *w != '*') {
				size_t nt = O_gen(&c, &p, t), i = 0;
				while (i < nt && !(strlen(t[i].tok) == k && !memcmp(t[i].tok, w, k)))
					i++;
				if (i == nt) {
					char now[256];
					O_write(&c, &p, now, sizeof now);
					print_message("rules \"%s\": the library plays %.*s at turn %zu, in "
					              "\"%s\"\n", rules, (int)k, w, n + 1, now);
					O_tokens(&c, &p, &mine);
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
			const char *want, *why = O_over(&c, &p, &want);
			int ok = n == G_TURNS && stopped ? why == NULL : why != NULL && !stopped;
			if (ok && why && strncmp(res, want, strlen(want)))
				ok = 0;
			if (!ok) {
				char now[256];
				O_write(&c, &p, now, sizeof now);
				print_message("rules \"%s\": the library's game ends after %zu turns%s in "
				              "\"%s\" with %.7s; the second generator finds it %s (%s), "
				              "result %s\n%s", rules, n, stopped ? " (stopped)" : "", now, res,
				              why ? "over" : "not over", why ? why : "-", why ? want : "-",
				              text);
				st->bad = 1;
			}
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
	uint64_t seed = 20260501;
	for (int s = 0; S_settings[s].rules && !st.bad; s++) {
		const char *rules = S_settings[s].rules;
		/* a default written out plays the defaults' games: fewer */
		int ngames = S_settings[s].changes == 0 ? 6 : 24;
		if (TT_SANITIZED)
			ngames = ngames / 4 + 1;
		G_own_games(rules, ngames, s, &seed, &st);
		G_library_games(rules, ngames / 2 + 1, s + 3, 7000 + (uint64_t)s * 100, &st);
	}
	print_message("playouts: %llu games, %llu positions, %llu legal turns compared (%llu "
	              "pushes, %llu relief jumps, %llu captures, %llu crowning (%llu beginning a "
	              "second stage), %llu chains, %llu passes); ends: %llu no Warriors, %llu limit, "
	              "%llu blocked and lost, %llu neither can move; %llu turns after the end "
	              "refused; library games %llu (%llu turns, %llu over, %llu stopped); %.2f s\n",
	              st.games, st.positions, st.turns, st.pushes, st.reliefs, st.captures, st.crowns,
	              st.stages, st.chains, st.passes, st.over[0], st.over[1], st.over[2], st.over[3],
	              st.after_end, st.lib_games, st.lib_turns, st.lib_over, st.lib_stopped,
	              tt_seconds() - t0);
	assert_int_equal(st.bad, 0);
	/* the games met what they are for */
	assert_true(st.pushes > 0 && st.reliefs > 0 && st.captures > 0 && st.crowns > 0);
	assert_true(st.stages > 0 && st.chains > 0 && st.passes > 0);
	assert_true(st.over[0] > 0 && st.over[1] > 0 && st.after_end > 0);
	assert_true(st.lib_over > 0 && st.lib_stopped > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pushbacks_by_hand),
		cmocka_unit_test(test_prince_by_hand),
		cmocka_unit_test(test_runs_and_chains_by_hand),
		cmocka_unit_test(test_coronation_by_hand),
		cmocka_unit_test(test_second_stage_by_hand),
		cmocka_unit_test(test_cooldown_and_pass_by_hand),
		cmocka_unit_test(test_perft_start),
		cmocka_unit_test(test_perft_positions),
		cmocka_unit_test(test_validate),
		cmocka_unit_test(test_playouts),
	};
	if (getenv("O_FILTER"))
		cmocka_set_test_filter(getenv("O_FILTER"));
	return cmocka_run_group_tests(tests, NULL, NULL);
}
