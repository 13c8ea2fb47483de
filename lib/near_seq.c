/*
 * near_seq.c -- how many turns two games are apart (tablero.h
 * tb_seq_distance): the near duplicates of tablero diff --duplicates
 * --near K (spec/collection.md §6) ask it of every pair of a
 * collection's games, so it stops as soon as the answer is past K.
 */
#include <stdlib.h>

#include "tablero.h"
#include "xalloc.h"

long tb_seq_distance(const uint32_t *a, size_t na, const uint32_t *b, size_t nb, unsigned bound)
{
	size_t gap = na > nb ? na - nb : nb - na;
	if (gap > bound)
		return (long)bound + 1;
	/* Levenshtein's table, one row at a time, and only the band of
	 * width 2 * bound + 1 around its diagonal: a cell outside it is
	 * more than 'bound' edits from the start */
	size_t w = 2 * (size_t)bound + 1;
	unsigned *prev = tb_malloc((w + 2) * sizeof *prev), *cur = tb_malloc((w + 2) * sizeof *cur);
	if (!prev || !cur) {
		free(prev);
		free(cur);
		return TB_ENOMEM;
	}
	const unsigned far = bound + 1;
	/* cell (i, j) is at index j - i + bound of row i */
	for (size_t k = 0; k < w + 2; k++)
		prev[k] = far;
	for (size_t j = 0; j <= nb && j <= bound; j++)
		prev[j + bound] = (unsigned)j;
	for (size_t i = 1; i <= na; i++) {
		unsigned least = far;
		for (size_t k = 0; k < w; k++) {
			long j = (long)i + (long)k - (long)bound;
			unsigned v = far;
			if (j == 0) {
				v = i <= bound ? (unsigned)i : far;
			} else if (j > 0 && (size_t)j <= nb) {
				unsigned sub = prev[k] + (a[i - 1] != b[j - 1]);
				unsigned del = k + 1 < w ? prev[k + 1] + 1 : far; /* (i-1, j) */
				unsigned ins = k > 0 ? cur[k - 1] + 1 : far;     /* (i, j-1) */
				v = sub < del ? sub : del;
				v = v < ins ? v : ins;
				v = v < far ? v : far;
			}
			cur[k] = v;
			least = v < least ? v : least;
		}
		unsigned *t = prev;
		prev = cur;
		cur = t;
		if (least > bound) { /* every later row is at least this */
			free(prev);
			free(cur);
			return (long)bound + 1;
		}
	}
	/* (na, nb) is at index nb - na + bound */
	long d = prev[(long)nb - (long)na + (long)bound];
	free(prev);
	free(cur);
	return d;
}
