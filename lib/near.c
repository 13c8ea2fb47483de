/*
 * near.c -- the distance between two names, for "did you mean ...?"
 * (near.h; spec/tgn.md §11).
 */
#include "near.h"

#include <string.h>

#include "game.h"

enum { S_LONGEST = 64 };

static inline unsigned char S_fold(char c)
{
	unsigned char u = (unsigned char)c;
	return u >= 'A' && u <= 'Z' ? (unsigned char)(u | 0x20) : u;
}

static inline unsigned S_min(unsigned a, unsigned b)
{
	return a < b ? a : b;
}

unsigned tb_edit_distance(const char *a, size_t na, const char *b, size_t nb, unsigned bound)
{
	size_t gap = na > nb ? na - nb : nb - na;
	if (gap > bound)
		return bound + 1;
	if (na > S_LONGEST || nb > S_LONGEST) {
		for (size_t i = 0; i < na; i++)
			if (S_fold(a[i]) != S_fold(b[i]))
				return bound + 1;
		return 0; /* na == nb: gap is 0 when bound is */
	}
	/* three rows of the table: two back for a swap */
	unsigned rows[3][S_LONGEST + 1];
	unsigned *back2 = rows[0], *back = rows[1], *cur = rows[2];
	for (size_t j = 0; j <= nb; j++)
		back[j] = (unsigned)j;
	for (size_t i = 1; i <= na; i++) {
		cur[0] = (unsigned)i;
		unsigned least = cur[0];
		for (size_t j = 1; j <= nb; j++) {
			unsigned same = S_fold(a[i - 1]) == S_fold(b[j - 1]);
			unsigned d = S_min(S_min(back[j] + 1, cur[j - 1] + 1), back[j - 1] + !same);
			if (i > 1 && j > 1 && S_fold(a[i - 1]) == S_fold(b[j - 2]) &&
			    S_fold(a[i - 2]) == S_fold(b[j - 1]))
				d = S_min(d, back2[j - 2] + 1);
			cur[j] = d;
			least = S_min(least, d);
		}
		if (least > bound) /* every later row is at least this */
			return bound + 1;
		unsigned *t = back2;
		back2 = back, back = cur, cur = t;
	}
	return back[nb] > bound ? bound + 1 : back[nb];
}

unsigned tb_near_bound(size_t n)
{
	return n <= 4 ? 1 : 2;
}

const char *tb_near_pick(const char *word, const char *const *names, size_t n,
                         unsigned bound)
{
	const char *best = NULL;
	unsigned best_d = bound + 1;
	int tie = 0;
	size_t len = strlen(word);
	for (size_t i = 0; i < n; i++) {
		if (!names[i])
			continue;
		unsigned d = tb_edit_distance(word, len, names[i], strlen(names[i]), bound);
		if (d < best_d) {
			best = names[i], best_d = d, tie = 0;
		} else if (d == best_d && d <= bound && strcmp(best, names[i]) != 0) {
			tie = 1;
		}
	}
	return best && !tie ? best : NULL;
}

const tb_game *tb_game_nearest(const char *name)
{
	const char *names[16];
	size_t n = 0;
	for (const tb_game *g; n < 16 && (g = tb_game_at(n)); n++)
		names[n] = tb_game_name(g);
	const char *near = name ? tb_near_pick(name, names, n, tb_near_bound(strlen(name))) : NULL;
	return near ? tb_game_find(near) : NULL;
}
