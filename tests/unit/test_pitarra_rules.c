/*
 * test_pitarra_rules.c -- a second, deliberately simple La Pitarra move
 * generator, written from spec/games/pitarra.md (not from
 * lib/rules_pitarra.c), checked against the library's rules engine
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

#include <time.h>

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
	for (int i = 0; i < P_NPTS; i++)
		if (strlen(P_names[i]) == len && memcmp(P_names[i], name, len) == 0)
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
} P_ctx;

/* Appends the lists of names in 'lines' to 'out' (each a row of 'width'). */
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
	int reach = c->r.movement == P_SLIDE ? 7 : 1;
	for (int l = 0; l < c->nlines; l++)
		for (int k = 0; k < c->len[l]; k++) {
			if (c->line[l][k] != from)
				continue;
			for (int dir = -1; dir <= 1; dir += 2)
				for (int j = k + dir, steps = 0;
				     j >= 0 && j < c->len[l] && steps < reach && !p->board[c->line[l][j]];
				     j += dir, steps++)
					out[n++] = c->line[l][j];
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
	for (int l = 0; l < c->nthree; l++) {
		const int *t = c->three[l];
		if ((t[0] == q || t[1] == q || t[2] == q) && board[t[0]] == board[q] &&
		    board[t[1]] == board[q] && board[t[2]] == board[q])
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
			int outside = 0, nvict = 0;
			for (int q = 0; q < c->npts; q++)
				if (b[q] == you + 1) {
					nvict++;
					outside += !P_in_three(c, b, q);
				}
			if (!tercia || !nvict || c->r.optional)
				out[n++] = (P_turn){(signed char)from, (signed char)to, -1};
			if (!tercia)
				continue;
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
	if (t->to < 0)
		snprintf(buf, n, "pass");
	else
		snprintf(buf, n, "%s%s%s%s%s", t->from >= 0 ? P_names[(int)t->from] : "",
		         t->from >= 0 ? "-" : "", P_names[(int)t->to], t->rem >= 0 ? "x" : "",
		         t->rem >= 0 ? P_names[(int)t->rem] : "");
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
 * do; the history the notation does not carry is empty. */
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
		} else {
			assert_true(sscanf(w, "hand=%d,%d", &p->hand[0], &p->hand[1]) == 2);
		}
	}
	assert_true(field >= 4);
}

static int P_same_position(const P_pos *a, const P_pos *b)
{
	return !memcmp(a->board, b->board, sizeof a->board) && a->hand[0] == b->hand[0] &&
	       a->hand[1] == b->hand[1] && a->stm == b->stm && a->number == b->number;
}

/* ===== The library, through its public API ===== */

static tb_engine *L_new(const char *rules, const char *pos)
{
	char *why = NULL;
	tb_engine *e = tb_engine_new(tb_game_find("pitarra"), rules, pos, &why);
	if (!e)
		print_message("tb_engine_new(\"%s\", \"%s\"): %s\n", rules, pos ? pos : "(start)",
		              why ? why : "?");
	free(why);
	assert_non_null(e);
	return e;
}

typedef struct L_tokens {
	size_t n;
	char tok[P_MAX_TURNS][16];
	unsigned long long count[P_MAX_TURNS];
} L_tokens;

static void L_collect(void *ctx, const char *token, unsigned long long n)
{
	L_tokens *t = ctx;
	assert_true(t->n < P_MAX_TURNS);
	assert_true(strlen(token) < sizeof t->tok[0]);
	memcpy(t->tok[t->n], token, strlen(token) + 1);
	t->count[t->n++] = n;
}

static int S_strcmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* The second generator's tokens in 'p', sorted. */
static void P_tokens(const P_ctx *c, const P_pos *p, L_tokens *out)
{
	P_turn t[P_MAX_TURNS];
	out->n = P_gen(c, p, t);
	for (size_t i = 0; i < out->n; i++)
		P_token(&t[i], out->tok[i], sizeof out->tok[i]);
	qsort(out->tok, out->n, sizeof out->tok[0], S_strcmp);
}

static void S_print_tokens(const char *who, const L_tokens *t)
{
	print_message("  %s (%zu):", who, t->n);
	for (size_t i = 0; i < t->n; i++)
		print_message(" %s", t->tok[i]);
	print_message("\n");
}

/* Compares the two sets of tokens; prints both and returns 0 when they
 * differ (or either has a token twice). */
static int S_same_set(const char *rules, const char *pos, L_tokens *mine, L_tokens *lib)
{
	qsort(lib->tok, lib->n, sizeof lib->tok[0], S_strcmp);
	int ok = mine->n == lib->n;
	for (size_t i = 0; ok && i < mine->n; i++)
		ok = strcmp(mine->tok[i], lib->tok[i]) == 0 &&
		     (i == 0 || strcmp(mine->tok[i - 1], mine->tok[i]) != 0);
	if (!ok) {
		print_message("legal turns differ: rules \"%s\", position \"%s\"\n", rules, pos);
		S_print_tokens("second generator", mine);
		S_print_tokens("library", lib);
	}
	return ok;
}

/* ===== A PRNG of our own (splitmix64) ===== */

static uint64_t R_next(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* ===== The option settings compared ===== */

static const char *const S_settings[] = {
	"",
	"board=24", "board=25",
	"diagonals=tercia", "diagonals=movement",
	"movement=step", "movement=slide", "movement=fly",
	"flying=none", "flying=at3",
	"protect=none", "protect=tercia",
	"capture=mandatory", "capture=optional",
	"columpio=free", "columpio=no_return",
	"blocked=pass", "blocked=lose",
	"limit=none", "limit=1", "limit=2", "limit=5", "limit=30",
	/* a few combinations */
	"board=25; movement=slide",
	"board=25; diagonals=movement",
	"board=25; movement=fly; protect=tercia",
	"movement=slide; flying=at3; blocked=lose",
	"protect=tercia; capture=optional; diagonals=movement",
	"columpio=no_return; movement=slide; capture=optional",
	"columpio=no_return; flying=at3; limit=8",
	"board=25; diagonals=movement; movement=slide; flying=at3; protect=tercia; "
	"capture=optional; columpio=no_return; blocked=lose; limit=20",
	NULL};

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
	hand.n = 0;
	char copy[2048];
	snprintf(copy, sizeof copy, "%s", want);
	for (char *w = strtok(copy, " "); w; w = strtok(NULL, " "))
		memcpy(hand.tok[hand.n++], w, strlen(w) + 1);
	qsort(hand.tok, hand.n, sizeof hand.tok[0], S_strcmp);
	int ok_mine = S_same_set(rules, pos, &hand, &mine);
	int ok_lib = S_same_set(rules, pos, &hand, &lib);
	if (!ok_mine)
		print_message("  (the second generator differs from the list by hand)\n");
	if (!ok_lib)
		print_message("  (the library differs from the list by hand)\n");
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
	/* diagonals=movement: a1-b2-c3 is no tercia, but b2 still moves along it */
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
	for (int d = 1; d <= 5; d++) {
		unsigned long long mine = P_perft(&c, &p, d), lib = tb_engine_perft(e, d);
		if (mine != lib || mine != by_hand[d])
			print_message("perft %d from the start: second generator %llu, library %llu, "
			              "by hand %llu\n", d, mine, lib, by_hand[d]);
		assert_true(mine == by_hand[d]);
		assert_true(lib == by_hand[d]);
	}
	tb_engine_free(e);
}

/* ===== 2. perft from mid-game positions, every option ===== */

static const char *const S_positions[] = {
	/* movement, tercias available to both sides (Red d2-d1, g4-g1..., Yellow
	 * e5-e4 under slide, d6-d5...) and a standing Yellow tercia */
	"R 20 R:a1,g1,d2,c4,e3,g4,b6 Y:a7,d7,g7,c5,d6,e5,f2 hand=0,0",
	/* a double tercia: b2-a1 completes a1-d1-g1 and a1-a4-a7; Yellow
	 * stands in c3-d3-e3 (protect) */
	"R 30 R:d1,g1,a4,a7,b2,f4 Y:c3,d3,e3,c5,e5,b6,g7 hand=0,0",
	/* Yellow, to move after Red, is blocked in a1-d1-g1 with 3 pieces
	 * (flying=at3 frees it); Red has a tercia to make (c3-c4) */
	"R 40 R:a4,b2,b4,g4,f2,d2,c3,e3,f6 Y:a1,d1,g1 hand=0,0",
	/* the side to move is blocked, with four pieces */
	"Y 41 R:a4,b2,g4,f2,d2,c3,e4,b6,d7 Y:a1,d1,g1,a7 hand=0,0",
	/* the end of the placement, mixed hands */
	"R 11 R:a1,d1,b2,d2,c4,e5,f6,g7 Y:g1,f2,a4,d3,c5,d5,b6,a7 hand=2,3",
	"Y 12 R:a1,d1,b2,d2,c4,e5,f6,g7,e3,a7 Y:g1,f2,a4,d3,c5,d5,b6 hand=0,2",
	NULL};

/* Positions with the centre, for board=25 only. */
static const char *const S_positions25[] = {
	"R 30 R:d4,c4,d3,c3,a1,g7 Y:e4,d5,e5,b6,f2,d7 hand=0,0",
	"Y 30 R:d4,c4,d3,a1,g7,b2,f6 Y:e4,d5,c5,b6,f2,d7,e3 hand=0,0",
	NULL};

static double S_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void S_perft_compare(const char *rules, const char *pos, int maxdepth, int *mismatches)
{
	P_ctx c;
	P_setup(&c, rules);
	P_pos p;
	P_read(pos, &p);
	tb_engine *e = L_new(rules, pos);
	for (int d = 1; d <= maxdepth; d++) {
		unsigned long long mine = P_perft(&c, &p, d), lib = tb_engine_perft(e, d);
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
}

static void test_perft_positions(void **state)
{
	(void)state;
	double t0 = S_seconds();
	int mismatches = 0, runs = 0;
	for (int s = 0; S_settings[s]; s++) {
		int board25 = strstr(S_settings[s], "board=25") != NULL;
		/* fly has many more turns: one ply less */
		int depth = strstr(S_settings[s], "movement=fly") ? 3 : 4;
		for (int i = 0; S_positions[i]; i++, runs++)
			S_perft_compare(S_settings[s], S_positions[i], depth, &mismatches);
		for (int i = 0; board25 && S_positions25[i]; i++, runs++)
			S_perft_compare(S_settings[s], S_positions25[i], depth, &mismatches);
	}
	print_message("perft from positions: %d (settings x positions), %d differ, %.2f s\n", runs,
	              mismatches, S_seconds() - t0);
	assert_int_equal(mismatches, 0);
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

static void test_playout_sets(void **state)
{
	(void)state;
	double t0 = S_seconds();
	static L_tokens mine, lib;
	unsigned long long positions = 0, games = 0, tokens = 0;
	int bad = 0;
	uint64_t seed = 20261130;
	for (int s = 0; S_settings[s] && !bad; s++) {
		const char *rules = S_settings[s];
		P_ctx c;
		P_setup(&c, rules);
		int ngames = 40;
		for (int g = 0; g < ngames && !bad; g++, games++) {
			P_pos p;
			P_read(S_start_of(g, c.r.board25), &p);
			for (int turn = 0; turn < 80 && !bad; turn++) {
				char pos[256];
				P_write(&p, pos, sizeof pos);
				/* the notation loses the history: compare from it */
				P_pos fresh;
				P_read(pos, &fresh);
				P_tokens(&c, &fresh, &mine);
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
				if (n != lib.n || !S_same_set(rules, pos, &mine, &lib))
					bad = 1;
				positions++;
				tokens += mine.n;
				/* play on with the full history */
				P_turn t[P_MAX_TURNS];
				size_t nt = P_gen(&c, &p, t);
				if (!nt)
					break;
				P_play(&p, &t[R_next(&seed) % nt]);
			}
		}
	}
	print_message("playouts: %llu games, %llu positions, %llu legal turns compared, %.2f s\n",
	              games, positions, tokens, S_seconds() - t0);
	assert_int_equal(bad, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_board_tables),
		cmocka_unit_test(test_spec_sentences),
		cmocka_unit_test(test_perft_start),
		cmocka_unit_test(test_perft_positions),
		cmocka_unit_test(test_playout_sets),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
