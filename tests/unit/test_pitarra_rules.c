/*
 * test_pitarra_rules.c -- a second, deliberately simple La Pitarra move
 * generator, written from spec/games/pitarra.md (not from
 * lib/games/pitarra/rules.c), checked against the library's rules engine
 * through the public API only (tb_engine_*, tb_reader_validate).
 *
 * The second generator knows the board only as lists of point names:
 * the points, the straight lines (squares' sides, midlines, diagonals)
 * and the lines of three. Steps and slides walk along a line's list of
 * points; tercias are the listed lines of three; everything else is a
 * brute-force scan over all points and all lines. A position is a
 * plain struct that also keeps what the notation does not carry: each
 * side's last move (columpio=no_return), the turns without a capture
 * (limit=N) and the captures (the result).
 *
 * What is compared:
 *   1. perft from the start to depth 5 (default rules), both against
 *      the library and against counts worked out by hand;
 *   2. perft depth 1..4 from mid-game positions, for the defaults and
 *      every value of every option (and a few combinations);
 *   3. along random playouts of the second generator, the SET of legal
 *      tokens at every position (tb_engine_divide from the position's
 *      notation) against the second generator's set from that notation;
 *   4. history (columpio=no_return, limit=N, captures): games the second
 *      generator plays are replayed by tb_reader_validate, which must
 *      accept every turn and report the same positions; games the
 *      library plays (tb_engine_random_game) are replayed by the second
 *      generator, which must find every token legal, end where the
 *      library ends, and give the same result.
 */
#include "tb_test.h"

#include <ctype.h>

/* ===== The board (spec/games/pitarra.md §1) ===== */

#define P_NPTS 25 /* d4, the centre of board=25, is the last */

static const char *const P_names[P_NPTS] = {
	"a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4", "e4",
	"f4", "g4", "c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7", "d4"};

/* Straight lines, each a list of points in order along the line. */
static const char *const P_sides[] = {
	"a1 d1 g1", "g1 g4 g7", "a7 d7 g7", "a1 a4 a7", /* outer square */
	"b2 d2 f2", "f2 f4 f6", "b6 d6 f6", "b2 b4 b6", /* middle square */
	"c3 d3 e3", "e3 e4 e5", "c5 d5 e5", "c3 c4 c5", /* inner square */
	NULL};
static const char *const P_mid24[] = {"d1 d2 d3", "d5 d6 d7", "a4 b4 c4", "e4 f4 g4", NULL};
static const char *const P_diag24[] = {"a1 b2 c3", "g1 f2 e3", "g7 f6 e5", "a7 b6 c5", NULL};
/* board=25: the midlines and the diagonals cross at d4 */
static const char *const P_mid25[] = {"d1 d2 d3 d4 d5 d6 d7", "a4 b4 c4 d4 e4 f4 g4", NULL};
static const char *const P_diag25[] = {"a1 b2 c3 d4 e5 f6 g7", "g1 f2 e3 d4 c5 b6 a7", NULL};

/* Lines of three. */
static const char *const P_three_ortho[] = {
	"a1 d1 g1", "b2 d2 f2", "c3 d3 e3", "a4 b4 c4", "e4 f4 g4", "c5 d5 e5", "b6 d6 f6",
	"a7 d7 g7", "a1 a4 a7", "b2 b4 b6", "c3 c4 c5", "d1 d2 d3", "d5 d6 d7", "e3 e4 e5",
	"f2 f4 f6", "g1 g4 g7", NULL};
static const char *const P_three_diag[] = {"a1 b2 c3", "g1 f2 e3", "e5 f6 g7", "c5 b6 a7", NULL};
static const char *const P_three25_ortho[] = {"c4 d4 e4", "d3 d4 d5", NULL};
static const char *const P_three25_diag[] = {"c3 d4 e5", "e3 d4 c5", NULL};

static int P_index(const char *name, size_t len)
{
	for (int i = 0; len == 2 && i < P_NPTS; i++)
		if (P_names[i][0] == name[0] && P_names[i][1] == name[1])
			return i;
	return -1;
}

/* ===== Rules ===== */

enum { P_STEP, P_SLIDE, P_FLY };

typedef struct P_rules {
	int board25, diag_move, movement, fly3, protect, optional, no_return, lose;
	int limit; /* 0: none */
} P_rules;

typedef struct P_ctx {
	P_rules r;
	int npts;
	int nlines, len[8 + 24];
	int line[8 + 24][7];
	int nthree, three[32][3];
	/* derived by scanning the lists above: the lines through each point
	 * (and where on them it is), the lines of three through it */
	int nmemb[P_NPTS], memb_line[P_NPTS][6], memb_at[P_NPTS][6];
	int nthree_at[P_NPTS], three_at[P_NPTS][6];
} P_ctx;

/* Appends the lines 'lines' (lists of point names) to 'out' from row
 * 'n', their lengths to 'lens'; returns the new number of rows. */
static int P_add_lines(const char *const *lines, int (*out)[7], int *lens, int n)
{
	for (; *lines; lines++, n++) {
		const char *s = *lines;
		lens[n] = 0;
		while (*s) {
			size_t k = strcspn(s, " ");
			int i = P_index(s, k);
			assert_true(i >= 0);
			out[n][lens[n]++] = i;
			s += k + (s[k] == ' ');
		}
	}
	return n;
}

static int P_add_threes(const char *const *lines, int (*out)[3], int n)
{
	for (; *lines; lines++, n++) {
		const char *s = *lines;
		for (int k = 0; k < 3; k++) {
			out[n][k] = P_index(s, 2);
			assert_true(out[n][k] >= 0);
			s += 3;
		}
	}
	return n;
}

/* Reads "key=value; key=value" (the library's [Rules] options). */
static void P_setup(P_ctx *c, const char *rules)
{
	memset(c, 0, sizeof *c);
	char copy[256];
	snprintf(copy, sizeof copy, "%s", rules);
	for (char *item = strtok(copy, ";"); item; item = strtok(NULL, ";")) {
		while (*item == ' ')
			item++;
		char *eq = strchr(item, '=');
		assert_non_null(eq);
		*eq = '\0';
		const char *k = item, *v = eq + 1;
		int ok = 1;
		if (strcmp(k, "board") == 0)
			c->r.board25 = strcmp(v, "25") == 0, ok = !strcmp(v, "24") || !strcmp(v, "25");
		else if (strcmp(k, "diagonals") == 0)
			c->r.diag_move = !strcmp(v, "movement"), ok = c->r.diag_move || !strcmp(v, "tercia");
		else if (strcmp(k, "movement") == 0)
			c->r.movement = !strcmp(v, "slide") ? P_SLIDE : !strcmp(v, "fly") ? P_FLY : P_STEP,
			ok = c->r.movement != P_STEP || !strcmp(v, "step");
		else if (strcmp(k, "flying") == 0)
			c->r.fly3 = !strcmp(v, "at3"), ok = c->r.fly3 || !strcmp(v, "none");
		else if (strcmp(k, "protect") == 0)
			c->r.protect = !strcmp(v, "tercia"), ok = c->r.protect || !strcmp(v, "none");
		else if (strcmp(k, "capture") == 0)
			c->r.optional = !strcmp(v, "optional"), ok = c->r.optional || !strcmp(v, "mandatory");
		else if (strcmp(k, "columpio") == 0)
			c->r.no_return = !strcmp(v, "no_return"), ok = c->r.no_return || !strcmp(v, "free");
		else if (strcmp(k, "blocked") == 0)
			c->r.lose = !strcmp(v, "lose"), ok = c->r.lose || !strcmp(v, "pass");
		else if (strcmp(k, "limit") == 0)
			c->r.limit = !strcmp(v, "none") ? 0 : atoi(v), ok = !strcmp(v, "none") || atoi(v) > 0;
		else
			ok = 0;
		if (!ok)
			print_message("bad option %s=%s\n", k, v);
		assert_true(ok);
	}
	c->npts = c->r.board25 ? 25 : 24;
	int n = P_add_lines(P_sides, c->line, c->len, 0);
	n = P_add_lines(c->r.board25 ? P_mid25 : P_mid24, c->line, c->len, n);
	n = P_add_lines(c->r.board25 ? P_diag25 : P_diag24, c->line, c->len, n);
	c->nlines = n;
	n = P_add_threes(P_three_ortho, c->three, 0);
	if (!c->r.diag_move)
		n = P_add_threes(P_three_diag, c->three, n);
	if (c->r.board25) {
		n = P_add_threes(P_three25_ortho, c->three, n);
		if (!c->r.diag_move)
			n = P_add_threes(P_three25_diag, c->three, n);
	}
	c->nthree = n;
	for (int l = 0; l < c->nlines; l++)
		for (int k = 0; k < c->len[l]; k++) {
			int q = c->line[l][k];
			assert_true(c->nmemb[q] < 6);
			c->memb_line[q][c->nmemb[q]] = l;
			c->memb_at[q][c->nmemb[q]++] = k;
		}
	for (int l = 0; l < c->nthree; l++)
		for (int k = 0; k < 3; k++) {
			int q = c->three[l][k];
			assert_true(c->nthree_at[q] < 6);
			c->three_at[q][c->nthree_at[q]++] = l;
		}
}

/* ===== Positions and turns ===== */

typedef struct P_pos {
	char board[P_NPTS];      /* 0 empty, 1 red, 2 yellow */
	int hand[2], taken[2];
	int stm, number, quiet;
	int last_from[2], last_to[2]; /* each side's previous turn, if a move; else -1 */
} P_pos;

typedef struct P_turn {
	signed char from, to, rem; /* from -1: placement; to -1: pass; rem -1: none */
} P_turn;

#define P_MAX_TURNS 4096

static int P_count(const P_pos *p, int side)
{
	int n = 0;
	for (int i = 0; i < P_NPTS; i++)
		n += p->board[i] == side + 1;
	return n;
}

static int P_flies(const P_ctx *c, const P_pos *p, int side)
{
	return c->r.movement == P_FLY || (c->r.fly3 && p->hand[side] == 0 && P_count(p, side) == 3);
}

/* Where the piece of 'side' on 'from' may go (hand empty). */
static int P_dests(const P_ctx *c, const P_pos *p, int side, int from, int *out)
{
	int n = 0;
	if (P_flies(c, p, side)) {
		for (int q = 0; q < c->npts; q++)
			if (!p->board[q])
				out[n++] = q;
		return n;
	}
	/* along each line through 'from', both ways, over empty points: one
	 * point for a step, as far as they go for a slide */
	int reach = c->r.movement == P_SLIDE ? 7 : 1;
	for (int m = 0; m < c->nmemb[from]; m++) {
		const int *line = c->line[c->memb_line[from][m]];
		int len = c->len[c->memb_line[from][m]], k = c->memb_at[from][m];
		for (int dir = -1; dir <= 1; dir += 2)
			for (int j = k + dir, steps = 0;
			     j >= 0 && j < len && steps < reach && !p->board[line[j]]; j += dir, steps++)
				out[n++] = line[j];
	}
	return n;
}

static int P_can_move(const P_ctx *c, const P_pos *p, int side)
{
	int d[P_NPTS * 2];
	for (int q = 0; q < c->npts; q++) {
		if (p->hand[side] > 0 && !p->board[q])
			return 1;
		if (p->hand[side] == 0 && p->board[q] == side + 1 && P_dests(c, p, side, q, d))
			return 1;
	}
	return 0;
}

/* Is the piece on 'q' in a line of three of its colour? */
static int P_in_three(const P_ctx *c, const char *board, int q)
{
	for (int m = 0; m < c->nthree_at[q]; m++) {
		const int *t = c->three[c->three_at[q][m]];
		if (board[t[0]] == board[q] && board[t[1]] == board[q] && board[t[2]] == board[q])
			return 1;
	}
	return 0;
}

/* Why the game is over in 'p', or NULL. */
static const char *P_over(const P_ctx *c, const P_pos *p)
{
	for (int s = 0; s < 2; s++)
		if (P_count(p, s) + p->hand[s] < 3)
			return "fewer than three pieces";
	if (c->r.limit && p->quiet >= c->r.limit)
		return "limit";
	int me = P_can_move(c, p, p->stm), other = P_can_move(c, p, 1 - p->stm);
	if (!me && !other)
		return "neither side can move";
	if (!me && c->r.lose)
		return "blocked, loses";
	return NULL;
}

/* Every legal turn in 'p'; none when the game is over. */
static size_t P_gen(const P_ctx *c, const P_pos *p, P_turn *out)
{
	if (P_over(c, p))
		return 0;
	int me = p->stm, you = 1 - me;
	if (!P_can_move(c, p, me)) {
		out[0] = (P_turn){-1, -1, -1};
		return 1;
	}
	size_t n = 0;
	for (int from = p->hand[me] ? -1 : 0; from < (p->hand[me] ? 0 : c->npts); from++) {
		int dest[P_NPTS * 2], nd = 0;
		if (from < 0) {
			for (int q = 0; q < c->npts; q++)
				if (!p->board[q])
					dest[nd++] = q;
		} else if (p->board[from] == me + 1) {
			nd = P_dests(c, p, me, from, dest);
		}
		for (int i = 0; i < nd; i++) {
			int to = dest[i];
			char b[P_NPTS];
			memcpy(b, p->board, sizeof b);
			if (from >= 0)
				b[from] = 0;
			b[to] = (char)(me + 1);
			int tercia = P_in_three(c, b, to);
			if (c->r.no_return && from >= 0 && from == p->last_to[me] && to == p->last_from[me])
				tercia = 0;
			/* whom it may take: any enemy piece, or under protect=tercia
			 * those outside tercias while there are any */
			if (!tercia) {
				out[n++] = (P_turn){(signed char)from, (signed char)to, -1};
				continue;
			}
			int outside = 0, nvict = 0;
			for (int q = 0; q < c->npts; q++)
				if (b[q] == you + 1) {
					nvict++;
					outside += !P_in_three(c, b, q);
				}
			if (!nvict || c->r.optional)
				out[n++] = (P_turn){(signed char)from, (signed char)to, -1};
			for (int q = 0; q < c->npts; q++)
				if (b[q] == you + 1 && !(c->r.protect && outside && P_in_three(c, b, q)))
					out[n++] = (P_turn){(signed char)from, (signed char)to, (signed char)q};
			assert_true(n < P_MAX_TURNS - P_NPTS);
		}
	}
	return n;
}

static void P_play(P_pos *p, const P_turn *t)
{
	int me = p->stm;
	p->last_from[me] = p->last_to[me] = -1;
	if (t->to >= 0) {
		if (t->from < 0) {
			p->hand[me]--;
		} else {
			p->board[t->from] = 0;
			p->last_from[me] = t->from;
			p->last_to[me] = t->to;
		}
		p->board[t->to] = (char)(me + 1);
	}
	if (t->rem >= 0) {
		p->board[t->rem] = 0;
		p->taken[me]++;
		p->quiet = 0;
	} else {
		p->quiet++;
	}
	if (me == 1)
		p->number++;
	p->stm = 1 - me;
}

static void P_token(const P_turn *t, char *buf, size_t n)
{
	assert_true(n >= 16);
	if (t->to < 0) {
		memcpy(buf, "pass", 5);
		return;
	}
	char *o = buf;
	if (t->from >= 0) {
		memcpy(o, P_names[(int)t->from], 2);
		o[2] = '-';
		o += 3;
	}
	memcpy(o, P_names[(int)t->to], 2);
	o += 2;
	if (t->rem >= 0) {
		o[0] = 'x';
		memcpy(o + 1, P_names[(int)t->rem], 2);
		o += 3;
	}
	*o = '\0';
}

/* A number for each turn, (from, to, removal) each -1..24 + 1; the
 * same for a token read back ("pass", "d1", "a1-a4xg7"), or -1 when it
 * is none of these. */
#define P_NCODES (26 * 26 * 26)

static int P_code(const P_turn *t)
{
	return ((t->from + 1) * 26 + (t->to + 1)) * 26 + (t->rem + 1);
}

static int P_code_of(const char *tok)
{
	if (!strcmp(tok, "pass"))
		return 0;
	P_turn t = {-1, -1, -1};
	size_t n = strlen(tok);
	if (n >= 5 && tok[2] == '-') {
		t.from = (signed char)P_index(tok, 2);
		tok += 3, n -= 3;
		if (t.from < 0)
			return -1;
	}
	if (n == 5 && tok[2] == 'x') {
		t.rem = (signed char)P_index(tok + 3, 2);
		if (t.rem < 0)
			return -1;
		n = 2;
	}
	t.to = (signed char)(n == 2 ? P_index(tok, 2) : -1);
	return t.to < 0 ? -1 : P_code(&t);
}

static unsigned long long P_perft(const P_ctx *c, const P_pos *p, int depth)
{
	P_turn t[P_MAX_TURNS];
	size_t n = P_gen(c, p, t);
	if (depth <= 1)
		return n;
	unsigned long long total = 0;
	for (size_t i = 0; i < n; i++) {
		P_pos next = *p;
		P_play(&next, &t[i]);
		total += P_perft(c, &next, depth - 1);
	}
	return total;
}

/* ===== Position notation (spec/tgn.md §9), written and read here ===== */

static void P_write(const P_pos *p, char *buf, size_t n)
{
	size_t k = (size_t)snprintf(buf, n, "%c %d", p->stm ? 'Y' : 'R', p->number);
	for (int s = 0; s < 2; s++) {
		k += (size_t)snprintf(buf + k, n - k, " %c:", s ? 'Y' : 'R');
		int first = 1;
		for (int q = 0; q < P_NPTS; q++)
			if (p->board[q] == s + 1) {
				k += (size_t)snprintf(buf + k, n - k, "%s%s", first ? "" : ",", P_names[q]);
				first = 0;
			}
	}
	snprintf(buf + k, n - k, " hand=%d,%d", p->hand[0], p->hand[1]);
	assert_true(k < n - 12);
}

/* Reads position notation as the library writes it or as these tests
 * do; the history the notation carries only where it can matter (a
 * side's last move, moved=; the turns without a capture under a limit,
 * quiet=) is empty when it is left out. */
static void P_read(const char *s, P_pos *p)
{
	memset(p, 0, sizeof *p);
	p->last_from[0] = p->last_from[1] = p->last_to[0] = p->last_to[1] = -1;
	char copy[512];
	snprintf(copy, sizeof copy, "%s", s);
	int field = 0;
	for (char *w = strtok(copy, " "); w; w = strtok(NULL, " "), field++) {
		if (field == 0) {
			assert_true(!strcmp(w, "R") || !strcmp(w, "Y"));
			p->stm = w[0] == 'Y';
		} else if (field == 1) {
			p->number = atoi(w);
			assert_true(p->number > 0);
		} else if ((w[0] == 'R' || w[0] == 'Y') && w[1] == ':') {
			int side = w[0] == 'Y';
			for (char *q = w + 2; *q;) {
				size_t k = strcspn(q, ",");
				int i = P_index(q, k);
				assert_true(i >= 0 && !p->board[i]);
				p->board[i] = (char)(side + 1);
				q += k + (q[k] == ',');
			}
		} else if (strncmp(w, "moved=", 6) == 0) {
			for (char *q = w + 6; *q;) { /* "c3-d3" or "c3-d3,e5-e4" */
				int from = P_index(q, 2), to = P_index(q + 3, 2);
				assert_true(from >= 0 && to >= 0 && q[2] == '-' && p->board[to]);
				p->last_from[p->board[to] - 1] = from;
				p->last_to[p->board[to] - 1] = to;
				q += 5 + (q[5] == ',');
			}
		} else if (strncmp(w, "quiet=", 6) == 0) {
			p->quiet = atoi(w + 6);
		} else {
			assert_true(sscanf(w, "hand=%d,%d", &p->hand[0], &p->hand[1]) == 2);
		}
	}
	assert_true(field >= 4);
	/* twelve pieces a side: those neither on the board nor in hand
	 * were taken */
	for (int side = 0; side < 2; side++)
		p->taken[1 - side] = 12 - P_count(p, side) - p->hand[side];
}

static int P_same_position(const P_pos *a, const P_pos *b)
{
	return !memcmp(a->board, b->board, sizeof a->board) && a->hand[0] == b->hand[0] &&
	       a->hand[1] == b->hand[1] && a->stm == b->stm && a->number == b->number;
}

/* ===== The library, through its public API ===== */

#define TT_GAME "pitarra"
#define TT_MAX P_MAX_TURNS
#define TT_TOKLEN 16
#include "tb_rules_test.h"

/* The second generator's tokens in 'p', sorted. */
static void P_tokens(const P_ctx *c, const P_pos *p, L_tokens *out)
{
	P_turn t[P_MAX_TURNS];
	out->n = P_gen(c, p, t);
	for (size_t i = 0; i < out->n; i++)
		P_token(&t[i], out->tok[i], sizeof out->tok[i]);
	qsort(out->tok, out->n, sizeof out->tok[0], tt_strcmp);
}


/* Compares the two sets of tokens ('lib' sorted here); prints both and
 * returns 0 when they differ (or either has a token twice). */
static int S_same_set_as(const char *rules, const char *pos, L_tokens *mine, L_tokens *lib,
                         const char *mine_is, const char *lib_is)
{
	qsort(lib->tok, lib->n, sizeof lib->tok[0], tt_strcmp);
	return L_same_set_as(rules, pos, mine, lib, mine_is, lib_is);
}

static int S_same_set(const char *rules, const char *pos, L_tokens *mine, L_tokens *lib)
{
	return S_same_set_as(rules, pos, mine, lib, "second generator", "library");
}


/* ===== The option settings compared ===== */

static const S_setting S_settings[] = {
	{"", -1},
	{"board=24", 0}, {"board=25", 1},
	{"diagonals=tercia", 0}, {"diagonals=movement", 1},
	{"movement=step", 0}, {"movement=slide", 1}, {"movement=fly", 1},
	{"flying=none", 0}, {"flying=at3", 1},
	{"protect=none", 0}, {"protect=tercia", 1},
	{"capture=mandatory", 0}, {"capture=optional", 1},
	{"columpio=free", 0}, {"columpio=no_return", 1},
	{"blocked=pass", 0}, {"blocked=lose", 1},
	{"limit=none", 0}, {"limit=1", 1}, {"limit=2", 1}, {"limit=3", 1},
	{"limit=5", 0}, {"limit=30", 0},
	/* a few combinations */
	{"board=25; movement=slide", -1},
	{"board=25; diagonals=movement", -1},
	{"board=25; movement=fly; protect=tercia", -1},
	{"movement=slide; flying=at3; blocked=lose", -1},
	{"protect=tercia; capture=optional; diagonals=movement", -1},
	{"columpio=no_return; movement=slide; capture=optional", -1},
	{"columpio=no_return; flying=at3; limit=8", -1},
	{"board=25; diagonals=movement; movement=slide; flying=at3; protect=tercia; "
	 "capture=optional; columpio=no_return; blocked=lose; limit=20", -1},
	{NULL, 0}};



/* ===== 0. The second generator's own tables and a few spec sentences ===== */

static void test_board_tables(void **state)
{
	(void)state;
	P_ctx c;
	P_setup(&c, "");
	int deg[P_NPTS] = {0}, edges = 0;
	P_pos empty;
	memset(&empty, 0, sizeof empty);
	for (int q = 0; q < c.npts; q++) {
		int d[P_NPTS * 2];
		/* step from q on an empty board: its neighbours */
		deg[q] = P_dests(&c, &empty, 0, q, d);
		edges += deg[q];
	}
	/* "40 edges. Points on the outer and inner squares have 3
	 * neighbours, on the middle square 4." */
	assert_int_equal(edges, 2 * 40);
	for (int q = 0; q < 24; q++) {
		int middle = strchr("bf", P_names[q][0]) || !strcmp(P_names[q], "d2") ||
		             !strcmp(P_names[q], "d6");
		assert_int_equal(deg[q], middle ? 4 : 3);
	}
	assert_int_equal(c.nthree, 20);
	P_setup(&c, "diagonals=movement");
	assert_int_equal(c.nthree, 16);
	P_setup(&c, "board=25");
	assert_int_equal(c.nthree, 24);
	int d[P_NPTS * 2];
	/* "d4, which joins c4, e4, d3, d5, c3, e3, c5 and e5" */
	assert_int_equal(P_dests(&c, &empty, 0, 24, d), 8);
	P_setup(&c, "board=25; movement=slide");
	/* a slide from a1 on an empty 25-point board: a4, a7, d1, g1 and the
	 * long diagonal b2, c3, d4, e5, f6, g7 */
	assert_int_equal(P_dests(&c, &empty, 0, 0, d), 10);
}

/* Checks the token set of both generators in one position against a
 * list written by hand from the spec. */
static void S_expect(const char *rules, const char *pos, const char *want)
{
	P_ctx c;
	P_setup(&c, rules);
	P_pos p;
	P_read(pos, &p);
	static L_tokens mine, lib, hand;
	P_tokens(&c, &p, &mine);
	tb_engine *e = L_new(rules, pos);
	lib.n = 0;
	tb_engine_divide(e, 1, L_collect, &lib);
	tb_engine_free(e);
	L_tokens_read(&hand, want);
	int ok_mine = S_same_set_as(rules, pos, &hand, &mine, "by hand", "second generator");
	int ok_lib = S_same_set_as(rules, pos, &hand, &lib, "by hand", "library");
	assert_true(ok_mine);
	assert_true(ok_lib);
}

static void test_spec_sentences(void **state)
{
	(void)state;
	/* A double tercia (b2-a1 makes a1-d1-g1 and a1-a4-a7) takes one
	 * piece, any of the three; d1-a1 and a4-a1 make one tercia each. */
	S_expect("", "R 30 R:d1,g1,a4,a7,b2 Y:c3,f4,g7 hand=0,0",
	         "b2-a1xc3 b2-a1xf4 b2-a1xg7 d1-a1xc3 d1-a1xf4 d1-a1xg7 a4-a1xc3 a4-a1xf4 "
	         "a4-a1xg7 b2-d2 b2-b4 d1-d2 g1-f2 g1-g4 a4-b4 a7-d7 a7-b6");
	/* protect=tercia: c3-d3-e3 stands, so only f4 may be taken */
	S_expect("protect=tercia", "R 30 R:d1,g1,a4,a7,b2 Y:c3,d3,e3,f4 hand=0,0",
	         "b2-a1xf4 d1-a1xf4 a4-a1xf4 b2-d2 b2-b4 d1-d2 g1-f2 g1-g4 a4-b4 a7-d7 a7-b6");
	/* ... unless every enemy piece stands in a tercia */
	S_expect("protect=tercia", "R 30 R:d1,g1,a4,a7,b2 Y:c3,d3,e3 hand=0,0",
	         "b2-a1xc3 b2-a1xd3 b2-a1xe3 d1-a1xc3 d1-a1xd3 d1-a1xe3 a4-a1xc3 a4-a1xd3 "
	         "a4-a1xe3 b2-d2 b2-b4 d1-d2 g1-f2 g1-g4 a4-b4 a7-d7 a7-b6");
	/* capture=optional: the tercia may also take nothing */
	S_expect("capture=optional", "Y 30 R:c3,f4,g7 Y:d1,g1,a4,a7,b2 hand=0,0",
	         "b2-a1 b2-a1xc3 b2-a1xf4 b2-a1xg7 d1-a1 d1-a1xc3 d1-a1xf4 d1-a1xg7 a4-a1 "
	         "a4-a1xc3 a4-a1xf4 a4-a1xg7 b2-d2 b2-b4 d1-d2 g1-f2 g1-g4 a4-b4 a7-d7 a7-b6");
	/* a blocked player passes; under blocked=lose the game is over */
	S_expect("", "Y 40 R:a4,b2,g4,f2,d2,c3,e3 Y:a1,d1,g1 hand=0,0", "pass");
	S_expect("blocked=lose", "Y 40 R:a4,b2,g4,f2,d2,c3,e3 Y:a1,d1,g1 hand=0,0", "");
	/* flying=at3: three pieces, none in hand, fly to any empty point */
	S_expect("flying=at3", "Y 40 R:a4,b2,g4,f2,d2,c3,e3,d7,d6 Y:a1,d1,g1 hand=0,0",
	         "a1-a7 a1-g7 a1-b4 a1-b6 a1-f6 a1-c4 a1-c5 a1-d3 a1-d5 a1-e4 a1-e5 a1-f4 "
	         "d1-a7 d1-g7 d1-b4 d1-b6 d1-f6 d1-c4 d1-c5 d1-d3 d1-d5 d1-e4 d1-e5 d1-f4 "
	         "g1-a7 g1-g7 g1-b4 g1-b6 g1-f6 g1-c4 g1-c5 g1-d3 g1-d5 g1-e4 g1-e5 g1-f4");
	/* diagonals=movement: a1-b2-c3 is no tercia, yet a1-b2 and c3-b2
	 * still move along it */
	S_expect("diagonals=movement", "R 30 R:a1,c3,b4 Y:d2,b6,a4,g7 hand=0,0",
	         "a1-d1 a1-b2 c3-d3 c3-c4 c3-b2 b4-b2 b4-c4");
	S_expect("", "R 30 R:a1,c3,b4 Y:d2,b6,a4,g7 hand=0,0",
	         "a1-d1 a1-b2 c3-d3 c3-c4 c3-b2 b4-b2xd2 b4-b2xb6 b4-b2xa4 b4-b2xg7 b4-c4");
	/* a slide goes through empty points only; board=25 crosses d4 */
	S_expect("movement=slide; board=25", "R 30 R:a1,g1,d7 Y:d1,e5,a7,g7,g4 hand=0,0",
	         "a1-a4 a1-b2 a1-c3 a1-d4 g1-f2 g1-e3 g1-d4 g1-c5 g1-b6 d7-d6 d7-d5 d7-d4 "
	         "d7-d3 d7-d2");
	/* placement; no tercia takes when the opponent has no piece on board */
	S_expect("", "R 3 R:a1,d1 Y: hand=10,10",
	         "g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7");
	/* fewer than three pieces, board and hand together: over */
	S_expect("", "R 30 R:a1,d1,g4 Y:g7,a7 hand=0,0", "");
	S_expect("", "R 30 R:a1,d1,g4 Y:g7 hand=0,1", "");
	/* a full board after placement: neither side can move */
	S_expect("", "R 13 R:a1,d1,b4,d2,c3,d3,a7,d7,c5,b6,e5,f6 "
	             "Y:g1,b2,f2,e3,a4,c4,e4,f4,g4,d5,d6,g7 hand=0,0", "");
}

/* ===== 1. perft from the start ===== */

static void test_perft_start(void **state)
{
	(void)state;
	/* No tercia is possible in the first four placements: 24, 24*23,
	 * ... Ply 5 (Red's third piece) completes one of the 20 lines of
	 * three when Red's two pieces (6 ordered ways on each line) share a
	 * line whose third point Yellow left empty (21*20 ways); such a turn
	 * has two removals instead of one plain placement:
	 * 24*23*22*21*20 + 20*6*21*20 = 5100480 + 50400. */
	static const unsigned long long by_hand[6] = {1, 24, 552, 12144, 255024, 5150880};
	P_ctx c;
	P_setup(&c, "");
	P_pos p;
	P_read("R 1 R: Y: hand=12,12", &p);
	tb_engine *e = L_new(NULL, NULL);
	double t_mine = 0, t_lib = 0;
	for (int d = 1; d <= 5; d++) {
		double t0 = tt_seconds();
		unsigned long long mine = P_perft(&c, &p, d);
		double t1 = tt_seconds();
		unsigned long long lib = tb_engine_perft(e, d);
		t_mine += t1 - t0;
		t_lib += tt_seconds() - t1;
		print_message("perft %d from the start: %llu (second generator), %llu (library), "
		              "%llu (by hand)\n", d, mine, lib, by_hand[d]);
		assert_true(mine == by_hand[d]);
		assert_true(lib == by_hand[d]);
	}
	print_message("perft from the start: %.2f s (second generator), %.2f s (library)\n", t_mine,
	              t_lib);
	tb_engine_free(e);
}

/* ===== 2. perft from mid-game positions, every option ===== */

static const char *const S_positions[] = {
	/* movement: Red's d2-d1 makes a1-d1-g1; Yellow's a7-d7-g7 stands,
	 * and c5-d5, e5-d5, d6-d5, d6-f6 make tercias */
	"R 20 R:a1,g1,d2,c4,e3,g4,b6 Y:a7,d7,g7,c5,d6,e5,f2 hand=0,0",
	/* a double tercia: b2-a1 completes a1-d1-g1 and a1-a4-a7; Yellow
	 * stands in c3-d3-e3 (protect) */
	"R 30 R:d1,g1,a4,a7,b2,f4 Y:c3,d3,e3,c5,e5,b6,g7 hand=0,0",
	/* Yellow, to move after Red, is blocked in a1-d1-g1 with 3 pieces
	 * (flying=at3 frees it); Red's d2-d3, c3-c4, g4-f4 make tercias, and
	 * a removal leaves Yellow too few pieces */
	"R 40 R:a4,b2,b4,g4,f2,d2,c3,e3,f6 Y:a1,d1,g1 hand=0,0",
	/* the side to move is blocked, with four pieces */
	"Y 41 R:a4,b2,g4,f2,d2,c3,e4,b6,d7 Y:a1,d1,g1,a7 hand=0,0",
	/* the end of the placement (c3 makes a1-b2-c3), then mixed hands:
	 * Yellow places while Red moves */
	"R 11 R:a1,d1,b2,d2,c4,e5,f6,g7 Y:g1,f2,a4,d3,c5,d5,b6,a7 hand=2,3",
	"Y 12 R:a1,d1,b2,d2,c4,e5,f6,g7,e3,a7 Y:g1,f2,a4,d3,c5,d5,b6 hand=0,2",
	NULL};

/* Positions with the centre, for board=25 only. */
static const char *const S_positions25[] = {
	"R 30 R:d4,c4,d3,c3,a1,g7 Y:e4,d5,e5,b6,f2,d7 hand=0,0",
	"Y 30 R:d4,c4,d3,a1,g7,b2,f6 Y:e4,d5,c5,b6,f2,d7,e3 hand=0,0",
	NULL};


/* perft 4 costs about as many generations as perft 3 has leaves: past
 * this (movement=fly), stop at depth 3. */
#define S_PERFT_BUDGET 250000ull

/* Compares perft 1..4 (1..3 past the budget); returns the depth
 * reached; keeps the second generator's counts in 'keep' (if not NULL). */
static int S_perft_compare(const char *rules, const char *pos, int *mismatches,
                           unsigned long long *keep)
{
	P_ctx c;
	P_setup(&c, rules);
	P_pos p;
	P_read(pos, &p);
	tb_engine *e = L_new(rules, pos);
	int d = 1;
	for (unsigned long long mine = 0; d <= 4 && mine <= S_PERFT_BUDGET; d++) {
		mine = P_perft(&c, &p, d);
		unsigned long long lib = tb_engine_perft(e, d);
		if (keep)
			keep[d] = mine;
		if (mine == lib)
			continue;
		(*mismatches)++;
		print_message("perft %d differs: rules \"%s\", position \"%s\": second generator "
		              "%llu, library %llu\n", d, rules, pos, mine, lib);
		/* per first turn, to find where */
		static L_tokens lib_div;
		lib_div.n = 0;
		tb_engine_divide(e, d, L_collect, &lib_div);
		P_turn t[P_MAX_TURNS];
		size_t n = P_gen(&c, &p, t);
		for (size_t i = 0; i < n; i++) {
			char tok[16];
			P_token(&t[i], tok, sizeof tok);
			P_pos next = p;
			P_play(&next, &t[i]);
			unsigned long long m = d > 1 ? P_perft(&c, &next, d - 1) : 1;
			size_t j = 0;
			while (j < lib_div.n && strcmp(lib_div.tok[j], tok))
				j++;
			if (j == lib_div.n)
				print_message("  %s: second generator %llu, library none\n", tok, m);
			else if (lib_div.count[j] != m)
				print_message("  %s: second generator %llu, library %llu\n", tok, m,
				              lib_div.count[j]);
		}
		for (size_t j = 0; j < lib_div.n; j++) {
			size_t i = 0;
			char tok[16] = "";
			for (; i < n; i++) {
				P_token(&t[i], tok, sizeof tok);
				if (!strcmp(tok, lib_div.tok[j]))
					break;
			}
			if (i == n)
				print_message("  %s: second generator none, library %llu\n", lib_div.tok[j],
				              lib_div.count[j]);
		}
		break;
	}
	tb_engine_free(e);
	return d - 1;
}

static void test_perft_positions(void **state)
{
	(void)state;
	double t0 = tt_seconds();
	int mismatches = 0, runs = 0, bad_claims = 0, at4 = 0;
	enum { NPOS = 6 };
	static unsigned long long counts[64][NPOS][5];
	for (int s = 0; S_settings[s].rules; s++) {
		const S_setting *st = &S_settings[s];
		int board25 = strstr(st->rules, "board=25") != NULL;
		for (int i = 0; S_positions[i]; i++, runs++) {
			assert_true(i < NPOS && s < 64);
			memset(counts[s][i], 0xff, sizeof counts[s][i]);
			at4 += S_perft_compare(st->rules, S_positions[i], &mismatches, counts[s][i]) == 4;
		}
		for (int i = 0; board25 && S_positions25[i]; i++, runs++)
			at4 += S_perft_compare(st->rules, S_positions25[i], &mismatches, NULL) == 4;
		if (st->changes < 0)
			continue;
		int differ = 0;
		for (int i = 0; i < NPOS; i++)
			for (int d = 1; d <= 4; d++)
				differ += counts[s][i][d] != ~0ull && counts[s][i][d] != counts[0][i][d];
		if ((differ > 0) != st->changes) {
			print_message("\"%s\" was expected to %s the perft counts of the defaults, and "
			              "changes %d\n", st->rules, st->changes ? "change" : "leave",
			              differ);
			bad_claims++;
		}
	}
	print_message("perft from positions: %d (settings x positions; %d to depth 4, the others "
	              "to 3), %d differ, %.2f s\n", runs, at4, mismatches, tt_seconds() - t0);
	assert_int_equal(mismatches, 0);
	assert_int_equal(bad_claims, 0);
}

/* ===== 3. Random playouts: the sets of legal turns ===== */

/* The start positions of playouts: the start, and the mid-game ones. */
static const char *S_start_of(int game, int board25)
{
	int k = game % 4;
	if (k == 0 || k == 1)
		return "R 1 R: Y: hand=12,12";
	if (board25 && k == 3)
		return S_positions25[(game / 4) % 2];
	return S_positions[(game / 4) % 6];
}

/* The same set of turns, each once, in 'mine' and 'lib' (tokens)? */
static int S_same_codes(const P_turn *mine, size_t nm, const L_tokens *lib)
{
	static unsigned char a[P_NCODES], b[P_NCODES];
	int ok = nm == lib->n, codes[P_MAX_TURNS];
	for (size_t i = 0; i < nm; i++)
		a[P_code(&mine[i])]++;
	for (size_t i = 0; i < lib->n; i++) {
		codes[i] = P_code_of(lib->tok[i]);
		if (codes[i] < 0)
			ok = 0;
		else
			b[codes[i]]++;
	}
	for (size_t i = 0; i < nm; i++)
		ok &= a[P_code(&mine[i])] == 1 && b[P_code(&mine[i])] == 1;
	for (size_t i = 0; i < lib->n; i++)
		ok &= codes[i] >= 0 && a[codes[i]] == 1 && b[codes[i]] == 1;
	for (size_t i = 0; i < nm; i++)
		a[P_code(&mine[i])] = b[P_code(&mine[i])] = 0;
	for (size_t i = 0; i < lib->n; i++)
		if (codes[i] >= 0)
			a[codes[i]] = b[codes[i]] = 0;
	return ok;
}

static void test_playout_sets(void **state)
{
	(void)state;
	double t0 = tt_seconds();
	static L_tokens mine, lib;
	unsigned long long positions = 0, games = 0, turns = 0, passes = 0, removals = 0;
	int bad = 0;
	uint64_t seed = 20261130;
	for (int s = 0; S_settings[s].rules && !bad; s++) {
		const char *rules = S_settings[s].rules;
		P_ctx c;
		P_setup(&c, rules);
		/* a default written out plays the defaults' games: fewer */
		int ngames = S_settings[s].changes == 0 && !strstr(rules, "limit=") ? 20 : 200;
		if (TT_SANITIZED)
			ngames = ngames / 40 + 1;
		for (int g = 0; g < ngames && !bad; g++, games++) {
			P_pos p;
			P_read(S_start_of(g, c.r.board25), &p);
			for (int turn = 0; turn < 80 && !bad; turn++) {
				char pos[256];
				P_write(&p, pos, sizeof pos);
				/* the library knows the position by its notation, which
				 * does not carry the history: compare from the notation */
				P_pos fresh;
				P_read(pos, &fresh);
				P_turn t[P_MAX_TURNS];
				size_t nt = P_gen(&c, &fresh, t);
				tb_engine *e = L_new(rules, pos);
				lib.n = 0;
				size_t n = tb_engine_divide(e, 1, L_collect, &lib);
				char *back = tb_engine_position(e);
				tb_engine_free(e);
				P_pos echoed;
				P_read(back, &echoed);
				if (!P_same_position(&echoed, &fresh)) {
					print_message("the library reads \"%s\" as \"%s\"\n", pos, back);
					bad = 1;
				}
				free(back);
				if (n != lib.n || !S_same_codes(t, nt, &lib)) {
					P_tokens(&c, &fresh, &mine);
					S_same_set(rules, pos, &mine, &lib);
					bad = 1;
				}
				positions++;
				turns += nt;
				for (size_t i = 0; i < nt; i++)
					passes += t[i].to < 0, removals += t[i].rem >= 0;
				/* play on with the whole history */
				nt = P_gen(&c, &p, t);
				if (!nt)
					break;
				P_play(&p, &t[tt_splitmix(&seed) % nt]);
			}
		}
	}
	print_message("playouts: %llu games, %llu positions, %llu legal turns compared (%llu "
	              "passes, %llu with a removal), %.2f s\n",
	              games, positions, turns, passes, removals, tt_seconds() - t0);
	assert_int_equal(bad, 0);
}

/* ===== 4. History: columpio=no_return, limit=N, captures ===== */

#define H_TURNS 100

/* A record from 'start' with turns 'tok[0..n)' and then 'more' (if not
 * NULL), result unknown. */
static char *H_record(const char *rules, const char *start, char (*tok)[16], size_t n,
                      const char *more)
{
	char tag[512];
	S_rules_tag(rules, tag, sizeof tag);
	P_pos p;
	P_read(start, &p);
	tt_str b = {0};
	tt_printf(&b, "[Game \"pitarra\"]\n[Rules \"%s\"]\n[Position \"%s\"]\n\n", tag, start);
	for (size_t i = 0; i <= n; i++) {
		const char *t = i < n ? tok[i] : more;
		if (!t)
			break;
		if (p.stm == 0)
			tt_printf(&b, "%d. ", p.number);
		else if (i == 0)
			tt_printf(&b, "%d... ", p.number);
		tt_printf(&b, "%s ", t);
		p.number += p.stm;
		p.stm = 1 - p.stm;
	}
	tt_puts(&b, "*\n");
	return tt_take(&b);
}

typedef struct H_check {
	const P_pos *after; /* the second generator's position after each turn */
	char (*tok)[16];
	size_t n, seen;
	int bad;
} H_check;

static void H_turn(void *ctx, const tb_turn_report *t)
{
	H_check *h = ctx;
	if (h->seen < h->n) {
		P_pos lib;
		P_read(t->position, &lib);
		if (strcmp(t->token, h->tok[h->seen]) || !P_same_position(&lib, &h->after[h->seen])) {
			char mine[256];
			P_write(&h->after[h->seen], mine, sizeof mine);
			print_message("turn %zu: library played %s to \"%s\"; second generator %s to "
			              "\"%s\"\n", h->seen + 1, t->token, t->position, h->tok[h->seen],
			              mine);
			h->bad = 1;
		}
	}
	h->seen++;
}

/* Replays 'text' with tb_reader_validate; returns its error count and
 * prints the diagnostics when 'show'. */
static int H_validate(const char *text, H_check *h, int show)
{
	tb_reader *r;
	tb_record *rec = tt_parse(text, &r);
	int errors = tb_reader_validate(r, rec, h ? H_turn : NULL, h);
	if (show && tb_reader_ndiags(r)) {
		tt_str out = {0};
		tt_diags(&out, r);
		print_message("%s%s", text, out.d);
		free(out.d);
	}
	tb_record_free(rec);
	tb_reader_free(r);
	return errors;
}

typedef struct H_stats {
	unsigned long long games, turns, probes, probe_returns, suppressed, retaken, ended,
		ended_probed;
	int bad;
} H_stats;

/* The turns in 'p' that bring a piece straight back to the point it
 * left on its owner's previous turn and complete a line of three there
 * (a tercia under columpio=free): each is tried against the library
 * after the record so far, as "from-to" and "from-toxq" for every enemy
 * piece q; the library must accept exactly those the second generator
 * lists. */
static void H_probe_returns(const P_ctx *c, const char *rules, const char *start,
                            char (*tok)[16], size_t n, const P_pos *p, H_stats *st)
{
	int me = p->stm, from = p->last_to[me], to = p->last_from[me];
	if (from < 0 || p->board[from] != me + 1 || p->board[to])
		return;
	char b[P_NPTS];
	memcpy(b, p->board, sizeof b);
	b[from] = 0;
	b[to] = (char)(me + 1);
	if (!P_in_three(c, b, to))
		return;
	static L_tokens mine;
	P_tokens(c, p, &mine);
	int listed = 0, first = -1, last = -1;
	for (int q = 0; q < c->npts; q++)
		if (b[q] == 2 - me)
			last = q, first = first < 0 ? q : first;
	/* the plain move, and taking the first and the last enemy piece */
	for (int q = -1; q < c->npts; q++) {
		if (q >= 0 && q != first && q != last)
			continue;
		P_turn t = {(signed char)from, (signed char)to, (signed char)q};
		char cand[16];
		P_token(&t, cand, sizeof cand);
		int legal = 0;
		for (size_t i = 0; i < mine.n; i++)
			legal |= strcmp(mine.tok[i], cand) == 0;
		listed |= legal;
		char *text = H_record(rules, start, tok, n, cand);
		int errors = H_validate(text, NULL, 0);
		st->probes++;
		if ((errors == 0) != legal) {
			char pos[256];
			P_write(p, pos, sizeof pos);
			print_message("rules \"%s\", position \"%s\" after %s (history: this side's "
			              "last move %s-%s): second generator says %s is %s, the library "
			              "finds %d errors in\n%s",
			              rules, pos, n ? tok[n - 1] : "(start)", P_names[to], P_names[from],
			              cand, legal ? "legal" : "illegal", errors, text);
			st->bad = 1;
		}
		free(text);
		if (q >= 0 && legal)
			st->retaken++;
		if (q < 0 && legal && !c->r.optional)
			st->suppressed++;
	}
	st->probe_returns += listed > 0;
}

/* Games the second generator plays (preferring pieces that go back
 * where they came from), replayed by the library. */
static void H_own_games(const char *rules, int ngames, uint64_t *seed, H_stats *st)
{
	P_ctx c;
	P_setup(&c, rules);
	static char tok[H_TURNS][16];
	static P_pos after[H_TURNS];
	for (int g = 0; g < ngames && !st->bad; g++) {
		const char *start = S_start_of(g, c.r.board25);
		P_pos p;
		P_read(start, &p);
		size_t n = 0;
		P_turn t[P_MAX_TURNS];
		size_t nt = 0;
		while (n < H_TURNS && (nt = P_gen(&c, &p, t)) > 0) {
			H_probe_returns(&c, rules, start, tok, n, &p, st);
			size_t back[P_MAX_TURNS], nback = 0;
			for (size_t i = 0; i < nt; i++)
				if (t[i].from >= 0 && t[i].from == p.last_to[p.stm] &&
				    t[i].to == p.last_from[p.stm])
					back[nback++] = i;
			uint64_t r = tt_splitmix(seed);
			size_t pick = nback && r % 4 ? back[(r >> 8) % nback] : (r >> 8) % nt;
			P_token(&t[pick], tok[n], sizeof tok[n]);
			P_play(&p, &t[pick]);
			after[n++] = p;
		}
		st->games++;
		st->turns += n;
		char *text = H_record(rules, start, tok, n, NULL);
		H_check h = {after, tok, n, 0, 0};
		int errors = H_validate(text, &h, 1);
		if (errors || h.bad || h.seen != n) {
			print_message("rules \"%s\": the library finds %d errors and reports %zu turns "
			              "of %zu in a game of the second generator\n", rules, errors, h.seen,
			              n);
			st->bad = 1;
		}
		free(text);
		/* Over by the rules with what the notation does not carry (the
		 * turns without a capture): a turn the position alone allows
		 * must be refused after this record. */
		if (!nt && P_over(&c, &p)) {
			st->ended++;
			char pos[256];
			P_write(&p, pos, sizeof pos);
			static L_tokens lib;
			lib.n = 0;
			tb_engine *e = L_new(rules, pos);
			tb_engine_divide(e, 1, L_collect, &lib);
			tb_engine_free(e);
			if (lib.n) {
				text = H_record(rules, start, tok, n, lib.tok[0]);
				errors = H_validate(text, NULL, 0);
				st->ended_probed++;
				if (!errors) {
					print_message("rules \"%s\": the game is over (%s) in \"%s\", yet the "
					              "library accepts %s in\n%s", rules, P_over(&c, &p), pos,
					              lib.tok[0], text);
					st->bad = 1;
				}
				free(text);
			}
		}
	}
}

/* The result the rules give for 'p' (game over or stopped), or NULL
 * where spec/games/pitarra.md leaves the order of two endings open. */
static const char *H_result(const P_ctx *c, const P_pos *p)
{
	const char *why = P_over(c, p);
	if (c->r.lose && why && !P_can_move(c, p, p->stm)) {
		if (strcmp(why, "neither side can move") && strcmp(why, "blocked, loses"))
			return NULL; /* blocked, and also short of pieces or at the limit */
		return p->stm ? "1-0" : "0-1";
	}
	return p->taken[0] > p->taken[1] ? "1-0" : p->taken[0] < p->taken[1] ? "0-1" : "1/2-1/2";
}

/* Games the library plays (tb_engine_random_game), replayed by the
 * second generator with the whole history. */
static void H_library_games(const char *rules, int ngames, uint64_t seed, H_stats *st)
{
	P_ctx c;
	P_setup(&c, rules);
	for (int g = 0; g < ngames && !st->bad; g++) {
		const char *start = S_start_of(g, c.r.board25);
		tb_engine *e = L_new(rules, start);
		size_t len = 0;
		char *text = tb_engine_random_game(e, seed + (uint64_t)g, H_TURNS, &len);
		tb_engine_free(e);
		assert_non_null(text);
		assert_int_equal(len, strlen(text));
		const char *res = strstr(text, "[Result \"");
		const char *moves = strstr(text, "\n\n");
		assert_non_null(res);
		assert_non_null(moves);
		res += 9;
		P_pos p;
		P_read(start, &p);
		size_t n = 0;
		int stopped = 0;
		const char *why = NULL;
		for (const char *w = moves + 2; *w && !st->bad;) {
			if (isspace((unsigned char)*w)) {
				w++;
				continue;
			}
			size_t k = *w == '{' ? strcspn(w, "}") + 1 : strcspn(w, " \n");
			if (*w == '{') {
				stopped |= strstr(w, "stopped after") != NULL &&
				           strstr(w, "stopped after") < w + k;
			} else if (w[k - 1] != '.' && !(k == 1 && *w == '*') && memcmp(w, "1-0", 3) &&
			           memcmp(w, "0-1", 3) && memcmp(w, "1/2-1/2", 7)) {
				static L_tokens mine;
				P_tokens(&c, &p, &mine);
				P_turn t[P_MAX_TURNS];
				size_t nt = P_gen(&c, &p, t), i = 0;
				char tok[16] = "";
				for (; i < nt; i++) {
					P_token(&t[i], tok, sizeof tok);
					if (strlen(tok) == k && !memcmp(tok, w, k))
						break;
				}
				if (i == nt) {
					char pos[256];
					P_write(&p, pos, sizeof pos);
					print_message("rules \"%s\": the library plays %.*s at turn %zu, in "
					              "\"%s\" (last moves R %d-%d, Y %d-%d, %d quiet turns)\n",
					              rules, (int)k, w, n + 1, pos, p.last_from[0], p.last_to[0],
					              p.last_from[1], p.last_to[1], p.quiet);
					tt_print_tokens("second generator", TT_TOKS(&mine));
					print_message("%s", text);
					st->bad = 1;
					break;
				}
				P_play(&p, &t[i]);
				n++;
			}
			w += k;
		}
		if (!st->bad) {
			why = P_over(&c, &p);
			const char *want = H_result(&c, &p);
			int ok = n == H_TURNS ? (why == NULL) == stopped : why != NULL && !stopped;
			if (want && strncmp(res, want, strlen(want)))
				ok = 0;
			if (!ok) {
				char pos[256];
				P_write(&p, pos, sizeof pos);
				print_message("rules \"%s\": the library's game ends after %zu turns in \"%s\"; "
				              "the second generator finds it %s (%s), result %s\n%s", rules,
				              n, pos, why ? "over" : "not over", why ? why : "-",
				              want ? want : "open", text);
				st->bad = 1;
			}
		}
		st->games++;
		st->turns += n;
		st->ended += why != NULL;
		free(text);
	}
}

static void test_history(void **state)
{
	(void)state;
	double t0 = tt_seconds();
	H_stats own = {0}, lib = {0}, noret = {0}, freecol = {0};
	uint64_t seed = 77;
	for (int s = 0; S_settings[s].rules && !own.bad && !lib.bad; s++) {
		const char *rules = S_settings[s].rules;
		int no_return = strstr(rules, "no_return") != NULL;
		H_stats one = {0};
		int ngames = TT_SANITIZED ? 6 : 30;
		H_own_games(rules, ngames, &seed, &one);
		if (no_return)
			noret.suppressed += one.suppressed, noret.retaken += one.retaken;
		else
			freecol.suppressed += one.suppressed, freecol.retaken += one.retaken;
		own.games += one.games, own.turns += one.turns, own.probes += one.probes;
		own.probe_returns += one.probe_returns, own.ended += one.ended;
		own.ended_probed += one.ended_probed, own.bad |= one.bad;
		H_library_games(rules, ngames, 1000 + (uint64_t)s * 100, &lib);
	}
	print_message("history: own games %llu (%llu turns), returns to a line of three probed "
	              "%llu (%llu turns tried; no_return: %llu plain, %llu taking; free: %llu "
	              "plain, %llu taking), over by the rules %llu (%llu refused after); library "
	              "games %llu (%llu turns, %llu over); %.2f s\n",
	              own.games, own.turns, own.probe_returns, own.probes, noret.suppressed,
	              noret.retaken, freecol.suppressed, freecol.retaken, own.ended,
	              own.ended_probed, lib.games, lib.turns, lib.ended, tt_seconds() - t0);
	assert_int_equal(own.bad, 0);
	assert_int_equal(lib.bad, 0);
	/* the games did meet the cases they are for */
	assert_true(noret.suppressed > 0);
	assert_int_equal(noret.retaken, 0);
	assert_true(freecol.retaken > 0);
	assert_true(own.ended_probed > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_board_tables),
		cmocka_unit_test(test_spec_sentences),
		cmocka_unit_test(test_perft_start),
		cmocka_unit_test(test_perft_positions),
		cmocka_unit_test(test_playout_sets),
		cmocka_unit_test(test_history),
	};
	/* P_FILTER=test_history runs one test (cmocka's pattern) */
	if (getenv("P_FILTER"))
		cmocka_set_test_filter(getenv("P_FILTER"));
	return cmocka_run_group_tests(tests, NULL, NULL);
}
