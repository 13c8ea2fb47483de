/*
 * align.c -- two sequences aligned by the fewest edits (tablero.h,
 * tb_align; spec/compare.md): Myers' O((N+M)D) algorithm, bisected so
 * that it runs in linear space; and main lines' nodes aligned by their
 * tokens, preferring the same turn at the same number by the same side
 * (compare.h, tb_ply_align), which the comparison and the collation
 * build on.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "xalloc.h"

/* ===== Alignment ===== */

/* The two sequences as numbers, equal exactly when the tokens are. */
typedef struct S_seq {
	const uint32_t *a, *b;
	tb_edit *out;
	size_t n, cap;
	long *v;               /* scratch for the bisection: 2 x (2 max_d + 3) */
	long max_d;            /* 0, or the most differences a bisection looks for */
	int failed;            /* memory ran out growing 'out' */
} S_seq;

/* Differences a main lines' bisection looks for before it settles for
 * the furthest point it reached (GNU diff's "too expensive" heuristic):
 * two transcriptions of one game differ far less, and are aligned
 * exactly; two unrelated games cost O((N+M) x this), not O((N+M) x D). */
#define S_PLIES_MAX_D 1024

static void S_emit(S_seq *q, char op, size_t a, size_t b)
{
	if (q->failed)
		return;
	if (q->n == q->cap) {
		size_t cap = q->cap ? q->cap * 2 : 64;
		tb_edit *out = tb_realloc(q->out, cap * sizeof *q->out);
		if (!out) {
			q->failed = 1;
			return;
		}
		q->out = out;
		q->cap = cap;
	}
	q->out[q->n++] = (tb_edit){op, a, b};
}

static void S_diff(S_seq *q, size_t a0, size_t a1, size_t b0, size_t b1);

/* Myers' bisection (the middle snake, found from both ends at once):
 * the point where a shortest edit path crosses the middle diagonal.
 * Returns 1 with (*x, *y) set, or 0 when the ranges share nothing. */
static int S_bisect(S_seq *q, size_t a0, size_t a1, size_t b0, size_t b1, size_t *x,
                    size_t *y)
{
	long N = (long)(a1 - a0), M = (long)(b1 - b0);
	long max_d = (N + M + 1) / 2, off = max_d + 1, len = 2 * max_d + 3;
	long *v1 = q->v, *v2 = q->v + len;
	for (long i = 0; i < len; i++)
		v1[i] = v2[i] = -1;
	v1[off + 1] = v2[off + 1] = 0;
	long delta = N - M;
	int front = (delta & 1) != 0;
	long k1start = 0, k1end = 0, k2start = 0, k2end = 0;
	const uint32_t *A = q->a + a0, *B = q->b + b0;
	long limit = q->max_d && q->max_d < max_d ? q->max_d : max_d;
	for (long d = 0; d < limit; d++) {
		for (long k1 = -d + k1start; k1 <= d - k1end; k1 += 2) {
			long i = off + k1, x1;
			if (k1 == -d || (k1 != d && v1[i - 1] < v1[i + 1]))
				x1 = v1[i + 1];
			else
				x1 = v1[i - 1] + 1;
			long y1 = x1 - k1;
			while (x1 < N && y1 < M && A[x1] == B[y1])
				x1++, y1++;
			v1[i] = x1;
			if (x1 > N) {
				k1end += 2;
			} else if (y1 > M) {
				k1start += 2;
			} else if (front) {
				long j = off + delta - k1;
				if (j >= 0 && j < len && v2[j] != -1 && x1 >= N - v2[j]) {
					*x = a0 + (size_t)x1, *y = b0 + (size_t)y1;
					return 1;
				}
			}
		}
		for (long k2 = -d + k2start; k2 <= d - k2end; k2 += 2) {
			long i = off + k2, x2;
			if (k2 == -d || (k2 != d && v2[i - 1] < v2[i + 1]))
				x2 = v2[i + 1];
			else
				x2 = v2[i - 1] + 1;
			long y2 = x2 - k2;
			while (x2 < N && y2 < M && A[N - x2 - 1] == B[M - y2 - 1])
				x2++, y2++;
			v2[i] = x2;
			if (x2 > N) {
				k2end += 2;
			} else if (y2 > M) {
				k2start += 2;
			} else if (!front) {
				long j = off + delta - k2;
				if (j >= 0 && j < len && v1[j] != -1) {
					long x1 = v1[j], y1 = x1 - (delta - k2);
					if (x1 >= N - x2) {
						*x = a0 + (size_t)x1, *y = b0 + (size_t)y1;
						return 1;
					}
				}
			}
		}
	}
	if (limit == max_d)
		return 0;
	/* too expensive: split where the forward search got furthest */
	long bx = N / 2, by = M / 2, best = -1;
	for (long k = -limit; k <= limit; k++) {
		long x1 = v1[off + k], y1 = x1 - k;
		if (x1 >= 0 && x1 <= N && y1 >= 0 && y1 <= M && x1 + y1 > best &&
		    x1 + y1 > 0 && x1 + y1 < N + M)
			best = x1 + y1, bx = x1, by = y1;
	}
	*x = a0 + (size_t)bx, *y = b0 + (size_t)by;
	return 1;
}

/* Appends the edit script of a[a0..a1) against b[b0..b1) in order. */
static void S_diff(S_seq *q, size_t a0, size_t a1, size_t b0, size_t b1)
{
	while (a0 < a1 && b0 < b1 && q->a[a0] == q->b[b0])
		S_emit(q, '=', a0++, b0++);
	size_t tail = 0;
	while (a1 - tail > a0 && b1 - tail > b0 && q->a[a1 - tail - 1] == q->b[b1 - tail - 1])
		tail++;
	a1 -= tail, b1 -= tail;
	size_t x, y;
	if (a0 == a1 || b0 == b1 || !S_bisect(q, a0, a1, b0, b1, &x, &y)) {
		for (size_t i = a0; i < a1; i++)
			S_emit(q, '-', i, b0);
		for (size_t j = b0; j < b1; j++)
			S_emit(q, '+', a1, j);
	} else {
		S_diff(q, a0, x, b0, y);
		S_diff(q, x, a1, y, b1);
	}
	for (size_t t = 0; t < tail; t++)
		S_emit(q, '=', a1 + t, b1 + t);
}

static uint64_t S_hash(const char *s, uint64_t h)
{
	for (; *s; s++) /* FNV-1a */
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

/* A node's identity: its token alone ('strict' 0), or its token, side
 * and number. */
static uint64_t S_node_hash(const tb_ply *y, int strict)
{
	uint64_t h = S_hash(y->token, 1469598103934665603ull);
	if (strict)
		h = (h ^ (uint64_t)y->side * 1000003u ^ (uint64_t)y->number << 20) * 1099511628211ull;
	return h;
}

static int S_node_eq(const tb_ply *x, const tb_ply *y, int strict)
{
	return strcmp(x->token, y->token) == 0 &&
	       (!strict || (x->side == y->side && x->number == y->number));
}

/* Numbers the nodes a[0..na) and b[0..nb) so that equal nodes get
 * equal numbers: an open-addressed table of the distinct ones. 0 when
 * memory ran out. */
static int S_number(const tb_ply *const *a, size_t na, const tb_ply *const *b, size_t nb,
                     int strict, uint32_t *ida, uint32_t *idb)
{
	size_t cap = 16;
	while (cap < 2 * (na + nb))
		cap *= 2;
	const tb_ply **slot = tb_calloc(cap, sizeof *slot);
	uint32_t *id = tb_calloc(cap, sizeof *id), next = 0;
	if (!slot || !id) {
		free(slot);
		free(id);
		return 0;
	}
	for (int side = 0; side < 2; side++) {
		const tb_ply *const *p = side ? b : a;
		size_t n = side ? nb : na;
		uint32_t *out = side ? idb : ida;
		for (size_t i = 0; i < n; i++) {
			const tb_ply *y = p[i];
			size_t h = (size_t)S_node_hash(y, strict) & (cap - 1);
			while (slot[h] && !S_node_eq(slot[h], y, strict))
				h = (h + 1) & (cap - 1);
			if (!slot[h]) {
				slot[h] = y;
				id[h] = next++;
			}
			out[i] = id[h];
		}
	}
	free(slot);
	free(id);
	return 1;
}

/* What 'q' made, or NULL when memory ran out making it. */
static tb_edit *S_out(S_seq *q, size_t *n)
{
	if (q->failed) {
		free(q->out);
		q->out = NULL;
		q->n = 0;
	}
	*n = q->n;
	return q->out;
}

tb_edit *tb_align(const uint32_t *a, size_t na, const uint32_t *b, size_t nb, size_t *n)
{
	long *v = tb_calloc(2 * (na + nb + 4), sizeof *v);
	S_seq q = {a, b, NULL, 0, 0, v, 0, !v};
	if (v)
		S_diff(&q, 0, na, 0, nb);
	free(v);
	return S_out(&q, n);
}

static size_t S_changes(const S_seq *q)
{
	size_t c = 0;
	for (size_t i = 0; i < q->n; i++)
		c += q->out[i].op != '=';
	return c;
}

/* The two-pass script: nodes first matched as the same turn at the
 * same number by the same side (ids 'sa', 'sb'), then, inside each run
 * that pass left unmatched, by meaning alone (q's ids). */
static void S_two_passes(S_seq *q, const uint32_t *sa, size_t na, const uint32_t *sb,
                         size_t nb)
{
	S_seq strict = {sa, sb, NULL, 0, 0, q->v, q->max_d, 0};
	S_diff(&strict, 0, na, 0, nb);
	q->failed |= strict.failed;
	for (size_t i = 0; i < strict.n;) {
		if (strict.out[i].op == '=') {
			S_emit(q, '=', strict.out[i].a, strict.out[i].b);
			i++;
			continue;
		}
		size_t a0 = strict.out[i].a, b0 = strict.out[i].b, a1 = a0, b1 = b0;
		for (; i < strict.n && strict.out[i].op != '='; i++) {
			a1 += strict.out[i].op == '-';
			b1 += strict.out[i].op == '+';
		}
		S_diff(q, a0, a1, b0, b1);
	}
	free(strict.out);
}

/* Of the shortest scripts by meaning, the two-pass one is preferred: it
 * keeps a substitution facing its counterpart ("-4. b2 +4. f2" rather
 * than "+4. f2 +4... b6 =b2 -4... b6"), and after a missing turn, where
 * one record's numbers run on, its second pass finds the turns again.
 * Its first pass may match off every shortest script (unknown turns
 * '?' at the same numbers, after a missing turn): then the plain one is
 * kept. Two records that differ in more than a few hundred places are
 * not transcriptions of one game: the preference is not looked for. */
tb_edit *tb_ply_align(const tb_ply *const *a, size_t na, const tb_ply *const *b, size_t nb,
                      size_t *n)
{
	uint32_t *la = tb_calloc(na + 1, sizeof *la), *lb = tb_calloc(nb + 1, sizeof *lb);
	long *v = tb_calloc(2 * (na + nb + 4), sizeof *v);
	int ok = la && lb && v && S_number(a, na, b, nb, 0, la, lb);
	S_seq one = {la, lb, NULL, 0, 0, v, S_PLIES_MAX_D, !ok};
	if (ok)
		S_diff(&one, 0, na, 0, nb);
	size_t changes = S_changes(&one);
	S_seq *best = &one, two = {la, lb, NULL, 0, 0, v, S_PLIES_MAX_D, 0};
	if (!one.failed && changes > 0 && changes <= S_PLIES_MAX_D / 2) {
		uint32_t *sa = tb_calloc(na + 1, sizeof *sa), *sb = tb_calloc(nb + 1, sizeof *sb);
		if (sa && sb && S_number(a, na, b, nb, 1, sa, sb)) {
			S_two_passes(&two, sa, na, sb, nb);
			if (S_changes(&two) <= changes)
				best = &two;
		} else {
			one.failed = 1;
		}
		free(sa), free(sb);
	}
	free(best == &two ? one.out : two.out);
	free(v);
	free(la), free(lb);
	return S_out(best, n);
}
