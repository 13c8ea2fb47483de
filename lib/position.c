/*
 * position.c -- position notation, read and written for any game
 * (spec/tgn.md, "Position notation"):
 *
 *   position -> side number block block extra*
 *   block    -> side ':' (piece (',' piece)*)?
 *   piece    -> type? point '+'?
 *   extra    -> key '=' value
 *
 * fields separated by spaces. Which pieces may stand where is the
 * rules engines' business; here only the shape, the points and
 * duplicates are checked.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "xalloc.h"

typedef struct S_pos_reader {
	const tb_game *g;
	const tb_board *b;
	const char *s;
	size_t i;
	tb_syntax_err *err;
	int nomem;             /* memory ran out (tb_position_parse) */
} S_pos_reader;

static int S_fail(S_pos_reader *r, size_t at, size_t len, const char *msg)
{
	r->err->offset = at;
	r->err->len = len ? len : 1;
	snprintf(r->err->msg, sizeof r->err->msg, "%s", msg);
	return -1;
}

static void S_skip_spaces(S_pos_reader *r)
{
	while (r->s[r->i] == ' ')
		r->i++;
}

/* Returns the length of the field at the read position. */
static size_t S_field_len(const S_pos_reader *r)
{
	size_t n = 0;
	while (r->s[r->i + n] && r->s[r->i + n] != ' ')
		n++;
	return n;
}

static int S_side_index(const tb_game *g, char c)
{
	return c == g->side_letter[0] ? 0 : c == g->side_letter[1] ? 1 : -1;
}

/* Is 't' (not NUL) one of the letters 'types'? strchr, inline: a
 * handful of letters, at every piece of every [Position]. */
static inline int S_piece_type(const char *types, char t)
{
	for (; *types; types++)
		if (*types == t)
			return 1;
	return 0;
}

static int S_read_piece(S_pos_reader *r, size_t end, int side, tb_piece *out)
{
	size_t at = r->i;
	memset(out, 0, sizeof *out);
	out->side = (uint8_t)side;
	if (*r->g->piece_types) {
		char t = r->s[r->i];
		if (!t || !S_piece_type(r->g->piece_types, t) || t == ',')
			return S_fail(r, at, 1, "each piece needs its type letter before its point");
		out->type = t;
		r->i++;
	}
	tb_scan sc = {r->s, end, r->i, r->b, r->g->title, r->err, NULL};
	if (tb_scan_point(&sc, &out->pt))
		return -1;
	r->i = sc.i;
	if (r->i < end && r->s[r->i] == '+') {
		if (!out->type || out->type == 'G')
			return S_fail(r, r->i, 1, "only a royal piece can be crowned ('+')");
		out->crowned = 1;
		r->i++;
	}
	if (r->i < end && r->s[r->i] != ',')
		return S_fail(r, r->i, 1, "expected ',' between pieces");
	return 0;
}

/* Reads one side's pieces into *pieces, growing it (on the heap,
 * leaving 'few' -- the caller's room -- as it was) when it is full. */
static int S_read_block(S_pos_reader *r, int *seen, tb_piece **pieces,
                        size_t *n, size_t *cap, const tb_piece *few)
{
	size_t len = S_field_len(r), end = r->i + len;
	int side = len >= 2 && r->s[r->i + 1] == ':' ? S_side_index(r->g, r->s[r->i]) : -1;
	if (side < 0) {
		char msg[96];
		snprintf(msg, sizeof msg, "expected the pieces of a side, as %c:... or %c:...",
		         r->g->side_letter[0], r->g->side_letter[1]);
		return S_fail(r, r->i, len, msg);
	}
	if (seen[side])
		return S_fail(r, r->i, 2, "this side's pieces are already given");
	seen[side] = 1;
	r->i += 2;
	while (r->i < end) {
		if (*n == *cap) {
			tb_piece *grown = tb_malloc(*cap * 2 * sizeof **pieces);
			if (!grown) {
				r->nomem = 1;
				return -1;
			}
			memcpy(grown, *pieces, *n * sizeof **pieces);
			if (*pieces != few)
				free(*pieces);
			*pieces = grown;
			*cap *= 2;
		}
		if (S_read_piece(r, end, side, &(*pieces)[*n]))
			return -1;
		(*n)++;
		if (r->i < end)
			r->i++; /* ',' */
		if (r->i == end && r->s[end - 1] == ',')
			return S_fail(r, end - 1, 1, "a piece is missing after ','");
	}
	return 0;
}

static int S_piece_cmp(const void *a, const void *b)
{
	const tb_piece *p = a, *q = b;
	if (p->side != q->side)
		return p->side - q->side;
	if (p->pt != q->pt)
		return (int)p->pt - (int)q->pt; /* rank-major; '?' (255) last */
	if (p->type != q->type) /* only '?' points meet here */
		return p->type - q->type;
	return p->crowned - q->crowned;
}

/* S_piece_cmp's order as one number: side, point, type, crown. */
static uint32_t S_piece_key(const tb_piece *p)
{
	return (uint32_t)p->side << 24 | (uint32_t)p->pt << 16 |
	       (uint32_t)((uint8_t)p->type ^ 0x80) << 8 | p->crowned; /* type: as a signed char */
}

/* Sorts pieces by their keys. Positions are mostly written sorted and
 * hold a few dozen pieces: their keys, computed once each, are checked
 * in one pass, and a list out of order is sorted by insertion on the
 * keys, where qsort (and a generic sort's compare through a pointer)
 * cost a position tag as much as the rest of its record; a long list
 * (written by hand in any order) still goes to qsort. Pieces that
 * compare equal are equal byte for byte, so any sort gives the same. */
static void S_sort_pieces(tb_piece *v, size_t n)
{
	if (n > 64) {
		qsort(v, n, sizeof *v, S_piece_cmp);
		return;
	}
	uint32_t key[64];
	size_t i = 0;
	for (; i < n; i++) {
		key[i] = S_piece_key(&v[i]);
		if (i && key[i - 1] > key[i])
			break;
	}
	for (; i < n; i++) { /* from the first out of order on */
		tb_piece x = v[i];
		uint32_t k = S_piece_key(&x);
		size_t j = i;
		for (; j > 0 && key[j - 1] > k; j--) {
			v[j] = v[j - 1];
			key[j] = key[j - 1];
		}
		v[j] = x;
		key[j] = k;
	}
}

static int S_extra_cmp(const void *a, const void *b)
{
	return strcmp(((const tb_extra *)a)->key, ((const tb_extra *)b)->key);
}

static int S_key_known(const tb_game *g, const char *k, size_t n)
{
	for (const char *const *p = g->extra_keys; *p; p++)
		if (strlen(*p) == n && memcmp(*p, k, n) == 0)
			return 1;
	return 0;
}

static int S_read_extra(S_pos_reader *r, tb_arena *a, tb_extra *out,
                        const tb_extra *prev, size_t nprev)
{
	size_t len = S_field_len(r);
	const char *f = r->s + r->i;
	const char *eq = memchr(f, '=', len);
	if (!eq || eq == f || eq == f + len - 1)
		return S_fail(r, r->i, len, "expected key=value");
	size_t klen = (size_t)(eq - f);
	if (!S_key_known(r->g, f, klen)) {
		char msg[128];
		snprintf(msg, sizeof msg, "'%.*s' is not a position key of %s",
		         (int)(klen > 40 ? 40 : klen), f, r->g->title);
		return S_fail(r, r->i, klen, msg);
	}
	out->key = tb_arena_strndup(a, f, klen);
	char *value = tb_arena_strndup(a, eq + 1, len - klen - 1);
	if (!out->key || !value) /* out of memory: the arena is held */
		return -1;
	for (size_t i = 0; i < nprev; i++)
		if (strcmp(prev[i].key, out->key) == 0)
			return S_fail(r, r->i, klen, "this key is already given");
	tb_buf canon = TB_BUF_SOFT;
	const char *why = r->g->check_extra(r->b, out->key, value, &canon);
	if (!tb_buf_ok(&canon)) { /* out of memory, the check's or ours */
		tb_buf_free(&canon);
		r->nomem = 1;
		return -1;
	}
	out->value = why ? value : tb_arena_strndup(a, canon.data, canon.len);
	tb_buf_free(&canon);
	if (!out->value) /* out of memory: the arena is held and says so */
		return -1;
	if (why)
		return S_fail(r, (size_t)(eq + 1 - r->s), len - klen - 1, why);
	r->i += len;
	return 0;
}

static int S_read_head(S_pos_reader *r, tb_position *p)
{
	S_skip_spaces(r);
	size_t len = S_field_len(r);
	int side = len == 1 ? S_side_index(r->g, r->s[r->i]) : -1;
	if (side < 0) {
		char msg[96];
		snprintf(msg, sizeof msg, "a position starts with the side to move, %c or %c",
		         r->g->side_letter[0], r->g->side_letter[1]);
		return S_fail(r, r->i, len, msg);
	}
	p->to_move = (uint8_t)side;
	r->i += 1;
	S_skip_spaces(r);
	len = S_field_len(r);
	unsigned long num = 0;
	size_t k = 0;
	while (k < len && isdigit((unsigned char)r->s[r->i + k]) && num < 1000000)
		num = num * 10 + (unsigned long)(r->s[r->i + k++] - '0');
	if (k == 0 || k != len || num == 0 || num >= 1000000)
		return S_fail(r, r->i, len, "expected the turn number (1 to 999999) after the side to move");
	p->number = (unsigned)num;
	r->i += len;
	return 0;
}

tb_position *tb_position_parse(const tb_game *g, const tb_board *b,
                               const char *s, tb_arena *a, tb_syntax_err *err)
{
	S_pos_reader r = {g, b, s, 0, err, 0};
	/* allocations return NULL while 'pieces' may be ours (arena.h) */
	tb_arena_held h = tb_arena_hold(a);
	tb_position *p = tb_arena_alloc(a, sizeof *p);
	tb_piece few[48]; /* any game's full board: no malloc a [Position] */
	tb_piece *pieces = few;
	size_t n = 0, cap = sizeof few / sizeof few[0];
	tb_extra extras[8];
	size_t nextras = 0;
	int seen[2] = {0, 0};
	if (!p || S_read_head(&r, p))
		goto fail;
	for (int k = 0; k < 2; k++) {
		S_skip_spaces(&r);
		if (S_read_block(&r, seen, &pieces, &n, &cap, few))
			goto fail;
	}
	for (S_skip_spaces(&r); s[r.i]; S_skip_spaces(&r)) {
		if (nextras == sizeof extras / sizeof extras[0]) {
			S_fail(&r, r.i, S_field_len(&r), "too many key=value fields");
			goto fail;
		}
		if (S_read_extra(&r, a, &extras[nextras], extras, nextras))
			goto fail;
		if (*extras[nextras].value) /* an empty canonical value: the default */
			nextras++;
	}
	S_sort_pieces(pieces, n);
	uint8_t used[256] = {0};
	for (size_t i = 0; i < n; i++) {
		if (pieces[i].pt != TB_PT_UNKNOWN && used[pieces[i].pt]++) {
			char msg[64];
			tb_buf pt = TB_BUF_SOFT;
			tb_point_write(&pt, pieces[i].pt);
			r.nomem |= !tb_buf_ok(&pt);
			snprintf(msg, sizeof msg, "two pieces stand on %s", pt.data ? pt.data : "?");
			tb_buf_free(&pt);
			S_fail(&r, 0, strlen(s), msg);
			goto fail;
		}
	}
	p->pieces = tb_arena_alloc(a, (n ? n : 1) * sizeof *pieces);
	if (!p->pieces)
		goto fail;
	if (n)
		memcpy(p->pieces, pieces, n * sizeof *pieces);
	p->npieces = n;
	if (nextras > 1) /* at most 8, their keys distinct */
		qsort(extras, nextras, sizeof *extras, S_extra_cmp);
	p->extras = tb_arena_alloc(a, (nextras ? nextras : 1) * sizeof *extras);
	if (!p->extras)
		goto fail;
	memcpy(p->extras, extras, nextras * sizeof *extras);
	p->nextras = nextras;
	if (pieces != few)
		free(pieces);
	tb_arena_release(a, h, 1);
	return p;
fail:
	if (pieces != few)
		free(pieces);
	tb_arena_release(a, h, !r.nomem); /* out of memory: jumps, or 'failed' says so */
	return NULL;
}

void tb_position_write(tb_buf *out, const tb_game *g, const tb_position *p)
{
	/* "%c %u", " %c:" without printf, and the pieces straight into room
	 * made for them: a record's [Position] is written once a record */
	tb_buf_putc(out, g->side_letter[p->to_move]);
	tb_buf_putc(out, ' ');
	tb_buf_putu(out, p->number);
	if (!tb_buf_grow(out, 8 + 6 * p->npieces)) /* ",Xf12+" at most a piece */
		return; /* out of memory: 'out' says so (buf.h) */
	char *w = out->data + out->len;
	size_t i = 0;
	for (int side = 0; side < 2; side++) {
		*w++ = ' ';
		*w++ = g->side_letter[side];
		*w++ = ':';
		for (int first = 1; i < p->npieces && p->pieces[i].side == side; i++, first = 0) {
			const tb_piece *pc = &p->pieces[i];
			if (!first)
				*w++ = ',';
			if (pc->type)
				*w++ = pc->type;
			w += tb_point_chars(w, pc->pt);
			if (pc->crowned)
				*w++ = '+';
		}
	}
	out->len = (size_t)(w - out->data);
	out->data[out->len] = '\0';
	for (size_t k = 0; k < p->nextras; k++)
		tb_buf_printf(out, " %s=%s", p->extras[k].key, p->extras[k].value);
}

void tb_position_sort(tb_position *p)
{
	S_sort_pieces(p->pieces, p->npieces);
}

/* Keys that tell what happened before a position rather than what
 * stands in it (La Pitarra's moved, the quiet turns a limit counts):
 * a transcriber who restates a position sees the board, not these. */
int tb_position_history_key(const char *key)
{
	return strcmp(key, "moved") == 0 || strcmp(key, "quiet") == 0;
}

const char *tb_extra_quiet(const char *value, tb_buf *canon)
{
	unsigned long n = 0;
	size_t k = 0;
	for (; isdigit((unsigned char)value[k]) && k < 6; k++)
		n = n * 10 + (unsigned long)(value[k] - '0');
	if (k == 0 || value[k] || n > 99999)
		return "quiet must be the count of turns a limit reads, from 0 to 99999: "
		       "quiet=12";
	if (n) /* quiet=0 is what no key says: dropped */
		tb_buf_printf(canon, "%lu", n);
	return NULL;
}

int tb_position_restates(const tb_position *p, const tb_position *said)
{
	if (p->to_move != said->to_move || p->number != said->number ||
	    p->npieces != said->npieces)
		return 0;
	for (size_t i = 0; i < p->npieces; i++)
		if (memcmp(&p->pieces[i], &said->pieces[i], sizeof p->pieces[i]) != 0)
			return 0;
	for (size_t i = 0, j = 0; i < p->nextras || j < said->nextras;) {
		int c = i == p->nextras ? 1 : j == said->nextras ? -1
		      : strcmp(p->extras[i].key, said->extras[j].key);
		if (c > 0 || (c == 0 && strcmp(p->extras[i].value, said->extras[j].value) != 0))
			return 0; /* said gives a key p does not hold, or another value */
		if (c < 0 && !tb_position_history_key(p->extras[i].key))
			return 0;
		i++;
		j += c == 0;
	}
	return 1;
}

int tb_position_equal(const tb_position *a, const tb_position *b)
{
	if (!a || !b)
		return a == b;
	if (a->to_move != b->to_move || a->number != b->number ||
	    a->npieces != b->npieces || a->nextras != b->nextras)
		return 0;
	for (size_t i = 0; i < a->npieces; i++)
		if (memcmp(&a->pieces[i], &b->pieces[i], sizeof a->pieces[i]) != 0)
			return 0;
	for (size_t i = 0; i < a->nextras; i++)
		if (strcmp(a->extras[i].key, b->extras[i].key) ||
		    strcmp(a->extras[i].value, b->extras[i].value))
			return 0;
	return 1;
}
