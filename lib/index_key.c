/*
 * index_key.c -- what the index keeps of a position, and the patterns
 * searched for (index.h; spec/collection.md §3, §4.1).
 *
 * A position's key adds one 64-bit mix per piece (so the order of the
 * pieces does not matter and nothing is sorted), one for the side to
 * move and one per key=value of state that is not history (moved and
 * quiet say how the position was reached, not what it is). Its images
 * under the game's symmetries (the descriptor's 'symmetries', the same
 * the duplicates are found up to) are keyed the same way, the points
 * moved, and the least of them is the symmetric key. The turn number is
 * never in it: a position reached at turn 12 and at turn 14 is one.
 */
#include "index.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

static uint64_t S_mix(uint64_t x)
{
	/* splitmix64's finalizer: each input bit moves every output bit */
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

uint64_t tb_ix_fnv(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t h = 0xcbf29ce484222325ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * 0x100000001b3ull;
	return h;
}

int tb_ix_board(const tb_game *g, tb_board *out)
{
	tb_opts none;
	memset(&none, 0, sizeof none);
	memset(out, 0, sizeof *out);
	return g->board && g->board(out, &none) == NULL ? 0 : -1;
}

/* Does the value of a key=value name a point (a small letter, then a
 * digit from 1)? */
static int S_has_point(const char *s)
{
	for (; *s; s++)
		if (*s >= 'a' && *s <= 'z' && s[1] >= '1' && s[1] <= '9')
			return 1;
	return 0;
}

/* The key of a key=value under symmetry 'k': its points moved (a point
 * is a small letter and digits: every game's keys write them so). */
static uint64_t S_extra(const tb_board *b, unsigned k, const tb_extra *e)
{
	char v[256];
	size_t n = 0;
	for (const char *s = e->value; *s && n + 4 < sizeof v;) {
		if (*s >= 'a' && *s <= 'z' && s[1] >= '1' && s[1] <= '9') {
			int f = *s - 'a', r = 0;
			s++;
			while (*s >= '0' && *s <= '9')
				r = r * 10 + (*s++ - '0');
			tb_point p = f < TB_MAX_FILES && r >= 1 && r <= TB_MAX_RANKS
			             ? tb_point_symmetry(b, k, TB_PT(f, r - 1)) : TB_PT_UNKNOWN;
			n += tb_point_chars(v + n, p);
		} else {
			v[n++] = *s++;
		}
	}
	return S_mix(tb_ix_fnv(e->key, strlen(e->key)) ^ tb_ix_fnv(v, n));
}

/* The images of point 'p' under each of the 8 symmetries tb_point_symmetry
 * knows (k & 4: files and ranks exchanged; k & 1: files mirrored; k & 2:
 * ranks), written at once: a position's key takes every image of every
 * piece, and one call per image was most of the key's time. */
static void S_images(const tb_board *b, tb_point p, tb_point img[8])
{
	if (p == TB_PT_NONE || p == TB_PT_UNKNOWN) {
		for (unsigned k = 0; k < 8; k++)
			img[k] = p;
		return;
	}
	int f = TB_PT_FILE(p), r = TB_PT_RANK(p);
	for (unsigned k = 0; k < 8; k++) {
		int x = k & 4 ? r : f, y = k & 4 ? f : r;
		if (k & 1)
			x = b->files - 1 - x;
		if (k & 2)
			y = b->ranks - 1 - y;
		img[k] = TB_PT(x, y);
	}
}

/* The mixes of a piece 'what' at every point, kept in 'mx': NULL when
 * there is no 'mx', or it holds as many kinds as it can (the key then
 * mixes each itself: the same numbers). */
static const uint64_t *S_mixes(tb_ix_mixes *mx, uint64_t what)
{
	if (!mx)
		return NULL;
	if (mx->last < mx->n && mx->what[mx->last] == what)
		return mx->mix[mx->last]; /* most pieces are of the kind before */
	for (unsigned i = 0; i < mx->n; i++)
		if (mx->what[i] == what) {
			mx->last = i;
			return mx->mix[i];
		}
	if (mx->n == sizeof mx->what / sizeof *mx->what)
		return NULL;
	uint64_t *m = mx->mix[mx->n];
	mx->what[mx->n++] = what;
	for (unsigned pt = 0; pt < 256; pt++)
		m[pt] = S_mix((uint64_t)pt | what);
	return m;
}

/* The images of every point of board 'b' under each symmetry, kept in
 * 'mx' (made again when the board is another); NULL without 'mx'. */
static const uint8_t (*S_image_table(tb_ix_mixes *mx, const tb_board *b))[256]
{
	if (!mx)
		return NULL;
	if (mx->files != b->files || mx->ranks != b->ranks) {
		for (unsigned pt = 0; pt < 256; pt++) {
			tb_point img[8];
			int on = pt != TB_PT_NONE && pt != TB_PT_UNKNOWN &&
			         TB_PT_FILE(pt) < b->files && TB_PT_RANK(pt) < b->ranks;
			if (on)
				S_images(b, (tb_point)pt, img);
			for (unsigned k = 0; k < 8; k++)
				mx->image[k][pt] = on ? img[k] : (uint8_t)pt;
		}
		mx->files = b->files;
		mx->ranks = b->ranks;
	}
	return (const uint8_t (*)[256])mx->image;
}

/* The key of 'p' under its first 'most' symmetries (1: the exact key
 * alone, its images not made). */
static void S_key(const tb_game *g, const tb_board *b, const tb_position *p, unsigned most,
                  tb_ix_mixes *mx, tb_ix_key *out)
{
	/* what is added up zeroed, not the whole key: this runs for every
	 * position reached, and the memset was a twentieth of a build */
	memset(out->m, 0, sizeof out->m);
	memset(out->bits, 0, sizeof out->bits);
	unsigned nsym = g->symmetries > 1 ? g->symmetries : 1;
	if (nsym > most)
		nsym = most;
	/* the game and side, and the keys of state without points, once:
	 * the same under every symmetry (La Pitarra's hand=11,12 is in
	 * every position) */
	if (mx && mx->game != g) {
		mx->game = g;
		mx->game_hash = tb_ix_fnv(g->name, strlen(g->name));
	}
	uint64_t game = mx ? mx->game_hash : tb_ix_fnv(g->name, strlen(g->name));
	uint64_t fixed = S_mix(game + p->to_move);
	for (size_t i = 0; i < p->nextras; i++)
		if (!S_has_point(p->extras[i].value) && !tb_position_history_key(p->extras[i].key))
			fixed += S_extra(b, 0, &p->extras[i]);
	uint64_t h[8];
	for (unsigned k = 0; k < nsym; k++)
		h[k] = fixed;
	const uint8_t(*image)[256] = nsym > 1 ? S_image_table(mx, b) : NULL;
	for (size_t i = 0; i < p->npieces; i++) {
		const tb_piece *pc = &p->pieces[i];
		uint64_t what = (uint64_t)pc->side << 8 | (uint64_t)(unsigned char)pc->type << 9 |
		                (uint64_t)pc->crowned << 17 | 1ull << 40;
		tb_point img[8] = {pc->pt}; /* the first symmetry is none */
		for (unsigned k = 1; image && k < nsym; k++)
			img[k] = image[k][pc->pt];
		if (nsym > 1 && !image)
			S_images(b, pc->pt, img);
		const uint64_t *mix = S_mixes(mx, what);
		for (unsigned k = 0; k < nsym; k++)
			h[k] += mix ? mix[img[k]] : S_mix((uint64_t)img[k] | what);
		if (pc->side > 1 || pc->pt == TB_PT_NONE)
			continue;
		out->m[pc->side]++; /* a piece whose point nobody knows is on the board all the same */
		if (pc->pt != TB_PT_UNKNOWN)
			out->bits[pc->side][pc->pt / 8] |= (uint8_t)(1u << (pc->pt % 8));
	}
	for (size_t i = 0; i < p->nextras; i++)
		if (S_has_point(p->extras[i].value) && !tb_position_history_key(p->extras[i].key))
			for (unsigned k = 0; k < nsym; k++)
				h[k] += S_extra(b, k, &p->extras[i]);
	out->exact = out->sym = h[0];
	out->nimages = nsym;
	for (unsigned k = 0; k < nsym; k++) {
		out->images[k] = h[k];
		if (h[k] < out->sym)
			out->sym = h[k];
	}
}

void tb_ix_key_of(const tb_game *g, const tb_board *b, const tb_position *p, tb_ix_mixes *mx,
                  tb_ix_key *out)
{
	S_key(g, b, p, 8, mx, out);
}

void tb_ix_key_exact(const tb_game *g, const tb_board *b, const tb_position *p,
                     tb_ix_mixes *mx, tb_ix_key *out)
{
	S_key(g, b, p, 1, mx, out);
}

/* ===== Reading what is searched for ===== */

static const char *S_fail(char *why, size_t n, size_t *at, size_t where, const char *msg)
{
	snprintf(why, n, "%s", msg);
	*at = where;
	return why;
}

/* The side whose letter is 'c' in game 'g', or -1. */
static int S_side(const tb_game *g, char c)
{
	return g->side_letter[0] == c ? 0 : g->side_letter[1] == c ? 1 : -1;
}

/* The game a pattern or position is of: 'only', or the first whose
 * side letters has 'c'. */
static const tb_game *S_game_of(char c, const tb_game *only)
{
	if (only)
		return S_side(only, c) >= 0 ? only : NULL;
	for (size_t i = 0; tb_game_at(i); i++)
		if (S_side(tb_game_at(i), c) >= 0)
			return tb_game_at(i);
	return NULL;
}

/* Reads the points "a1,d1" at s[*i..) into 'mask' (of board 'b'). */
static const char *S_points(const tb_board *b, const char *s, size_t *i, uint8_t *mask,
                            char *why, size_t n, size_t *at)
{
	for (;;) {
		size_t j = *i;
		while (s[j] && s[j] != ',' && s[j] != ' ')
			j++;
		char pt[8];
		if (j == *i || j - *i >= sizeof pt)
			return S_fail(why, n, at, *i, "a point is expected here (a1, d4...)");
		memcpy(pt, s + *i, j - *i);
		pt[j - *i] = 0;
		if (!tb_is_point(b, pt, NULL) || !(pt[0] >= 'a' && pt[0] <= 'z'))
			return S_fail(why, n, at, *i, "no such point on this game's board "
			              "(a pattern names points alone: no piece types, no '?')");
		tb_point p = TB_PT(pt[0] - 'a', atoi(pt + 1) - 1);
		mask[p / 8] |= (uint8_t)(1u << (p % 8));
		*i = j;
		if (s[*i] != ',')
			return NULL;
		(*i)++;
	}
}

/* Image 'k' of the masks of image 0. */
static void S_image(tb_ix_pattern *pt, const tb_board *b, unsigned k)
{
	for (unsigned p = 1; p < 128; p++) {
		int s0 = (pt->need[0][0][p / 8] >> (p % 8)) & 1, s1 = (pt->need[0][1][p / 8] >> (p % 8)) & 1;
		int e = (pt->empty[0][p / 8] >> (p % 8)) & 1;
		if (!s0 && !s1 && !e)
			continue; /* only the board's points are named: only they are moved */
		tb_point q = tb_point_symmetry(b, k, (tb_point)p);
		uint8_t bit = (uint8_t)(1u << (q % 8));
		if (s0)
			pt->need[k][0][q / 8] |= bit;
		if (s1)
			pt->need[k][1][q / 8] |= bit;
		if (e)
			pt->empty[k][q / 8] |= bit;
	}
}

const char *tb_ix_pattern_read(const char *s, const tb_game *only, int symmetric,
                               tb_ix_pattern *out, char *why, size_t n, size_t *at)
{
	memset(out, 0, sizeof *out);
	out->to_move = -1;
	size_t i = 0;
	while (s[i] == ' ')
		i++;
	const tb_game *g = NULL;
	for (size_t j = i; s[j] && !g; j++)
		if (s[j] != '-' && s[j] != ' ' && s[j] != ':' && (j == i || s[j - 1] == ' '))
			g = S_game_of(s[j], only);
	if (!g)
		return S_fail(why, n, at, i, only ? "no side letter of the game given here"
		                                  : "no game's side letter here (R:, A:, S: ...)");
	out->game = g;
	tb_board b;
	if (tb_ix_board(g, &b) < 0)
		return S_fail(why, n, at, i, "the game has no board");
	int any = 0;
	while (s[i]) {
		char c = s[i];
		int side = S_side(g, c);
		if (s[i + 1] == ' ' || !s[i + 1]) {
			if (side < 0 || any || out->to_move >= 0)
				return S_fail(why, n, at, i, "the side to move, if given, comes first");
			out->to_move = side;
			i++;
		} else if (s[i + 1] == ':' && (side >= 0 || c == '-')) {
			i += 2;
			uint8_t *mask = side >= 0 ? out->need[0][side] : out->empty[0];
			if (s[i] && s[i] != ' ' && S_points(&b, s, &i, mask, why, n, at))
				return why;
			any = 1;
		} else {
			return S_fail(why, n, at, i, "expected a side's letter and ':' (or '-:' for "
			              "empty points)");
		}
		while (s[i] == ' ')
			i++;
	}
	for (unsigned k = 0; k < 16; k++)
		if ((out->need[0][0][k] & out->need[0][1][k]) ||
		    ((out->need[0][0][k] | out->need[0][1][k]) & out->empty[0][k]))
			return S_fail(why, n, at, 0, "a point is asked to hold two things at once");
	out->n = symmetric && g->symmetries > 1 ? g->symmetries : 1;
	for (unsigned k = 1; k < out->n; k++)
		S_image(out, &b, k);
	return NULL;
}

int tb_ix_pattern_match(const tb_ix_pattern *pt, int to_move, const uint8_t *bits, size_t nbits)
{
	if (nbits != 32 || (pt->to_move >= 0 && pt->to_move != to_move))
		return 0;
	for (unsigned k = 0; k < pt->n; k++) {
		int ok = 1;
		for (unsigned j = 0; j < 16 && ok; j++)
			ok = (bits[j] & pt->need[k][0][j]) == pt->need[k][0][j] &&
			     (bits[16 + j] & pt->need[k][1][j]) == pt->need[k][1][j] &&
			     ((bits[j] | bits[16 + j]) & pt->empty[k][j]) == 0;
		if (ok)
			return 1;
	}
	return 0;
}

const tb_game *tb_ix_position_read(const char *s, const tb_game *only, tb_ix_key *out,
                                   int *to_move, char *why, size_t n, size_t *at)
{
	size_t i = 0;
	while (s[i] == ' ')
		i++;
	const tb_game *g = S_game_of(s[i], only);
	if (!g) {
		S_fail(why, n, at, i, "no game's side letter here: a position starts with the side "
		       "to move (R, A, S ...)");
		return NULL;
	}
	tb_board b;
	if (tb_ix_board(g, &b) < 0) {
		S_fail(why, n, at, i, "the game has no board");
		return NULL;
	}
	tb_arena a = {0};
	a.soft = 1;
	tb_syntax_err err;
	memset(&err, 0, sizeof err);
	tb_position *p = tb_position_parse(g, &b, s, &a, &err);
	if (p) {
		tb_ix_key_of(g, &b, p, NULL, out);
		*to_move = p->to_move;
	} else {
		S_fail(why, n, at, err.offset, a.failed ? "out of memory" : err.msg);
	}
	tb_arena_free(&a);
	return p ? g : NULL;
}
