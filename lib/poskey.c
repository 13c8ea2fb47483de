/*
 * poskey.c -- a position as a short string of bytes (poskey.h).
 *
 * Layout: a flags byte (bits 0, 1 and 7: how the cells are kept,
 * S_CELLS_*; bits 2-6: the bytes of occupancy; never 0xff, so that a
 * set may mark a record so: posset.c); the occupancy up to the highest
 * occupied point, five points a byte, each a digit in base 3 (0 empty,
 * 1 a piece of side 0, 2 of side 1) -- or, when the cells are kept as
 * they are (S_CELLS_RAW, which a piece of both sides needs), two bits a
 * point (bit 0: a piece of side 0 there, bit 1: of side 1), four points
 * a byte; the cells: nothing when every piece is
 * of type 0 uncrowned (La Pitarra), else two bits or a nibble a piece in
 * point order (type and crown: TB_CELL >> 2), or a byte a piece (cells
 * beyond TB_CELL on occupied points: Ocencahuac's cooling pieces), or
 * the 64 bytes as they are (a cell on an empty point, a piece of both
 * sides); the mask of which of hand, taken, to_move, stage and mark (in
 * that order) are not 0, as LEB128 (one byte unless mark[1] or a later
 * one is set), then those bytes; quiet and number as LEB128. Every
 * field is written, so two states with the same key are the same in
 * every field tb_state_same reads; and decoding reads exactly the bytes
 * encoding wrote, so no key is the start of another (a set pads keys
 * with zeros to one width: posset.c).
 */
#include "poskey.h"

#include <string.h>

enum { S_OCC_SHIFT = 2, S_FIELDS = 10 };

static size_t S_put_varint(uint8_t *k, uint32_t v)
{
	size_t n = 0;
	do {
		k[n++] = (uint8_t)((v & 0x7f) | (v >= 0x80 ? 0x80 : 0));
		v >>= 7;
	} while (v);
	return n;
}

static size_t S_get_varint(const uint8_t *k, uint32_t *v)
{
	size_t n = 0;
	unsigned shift = 0;
	*v = 0;
	do {
		*v |= (uint32_t)(k[n] & 0x7f) << shift;
		shift += 7;
	} while (k[n++] & 0x80);
	return n;
}

/* The 32 bits of 'x' spread to the even bits of the result. */
static uint64_t S_spread(uint32_t x)
{
	uint64_t v = x;
	v = (v | v << 16) & 0x0000ffff0000ffffULL;
	v = (v | v << 8) & 0x00ff00ff00ff00ffULL;
	v = (v | v << 4) & 0x0f0f0f0f0f0f0f0fULL;
	v = (v | v << 2) & 0x3333333333333333ULL;
	return (v | v << 1) & 0x5555555555555555ULL;
}

/* The occupancy of 's', two bits a point, into 'key'; its bytes. What
 * a state with a piece of both sides on a point keeps (S_CELLS_RAW). */
static size_t S_put_occ(const tb_state *s, uint64_t occ, uint8_t *key)
{
	if (!occ)
		return 0;
	size_t n = (size_t)(63 - __builtin_clzll(occ)) / 4 + 1;
	uint64_t w[2];
	for (unsigned h = 0; h < 2; h++)
		w[h] = S_spread((uint32_t)(s->bits[0] >> (32 * h))) |
		       S_spread((uint32_t)(s->bits[1] >> (32 * h))) << 1;
	for (size_t i = 0; i < n; i++)
		key[i] = (uint8_t)(w[i / 8] >> (8 * (i % 8)));
	return n;
}

static void S_get_occ(const uint8_t *key, size_t n, tb_state *out)
{
	for (size_t i = 0; i < n; i++)
		for (unsigned q = 0; q < 4; q++) {
			unsigned two = key[i] >> (2 * q) & 3, p = (unsigned)(4 * i + q);
			out->bits[0] |= (uint64_t)(two & 1) << p;
			out->bits[1] |= (uint64_t)(two >> 1) << p;
		}
}

/* S_POW3[m]: the sum of 3^i over the bits i of 'm' (five bits). */
#define S_P3(m) ((m) & 1) + 3 * ((m) >> 1 & 1) + 9 * ((m) >> 2 & 1) + 27 * ((m) >> 3 & 1) + \
                81 * ((m) >> 4 & 1)
#define S_P3x4(m) S_P3(m), S_P3((m) + 1), S_P3((m) + 2), S_P3((m) + 3)
#define S_P3x16(m) S_P3x4(m), S_P3x4((m) + 4), S_P3x4((m) + 8), S_P3x4((m) + 12)
static const uint8_t S_POW3[32] = {S_P3x16(0), S_P3x16(16)};

/* The occupancy of 's' (no point of both sides), five points a byte up
 * to the highest occupied one: each a digit in base 3 (0 empty, 1 a
 * piece of side 0, 2 of side 1; 3^5 = 243 values), into 'key'; its
 * bytes. A fifth fewer than two bits a point: some 3 bytes of a key of
 * 15-18 on the boards of the games (issue 38). */
static size_t S_put_occ3(const tb_state *s, uint64_t occ, uint8_t *key)
{
	if (!occ)
		return 0;
	size_t n = (size_t)(63 - __builtin_clzll(occ)) / 5 + 1;
	for (size_t i = 0; i < n; i++)
		key[i] = (uint8_t)(S_POW3[s->bits[0] >> (5 * i) & 31] +
		                   2 * S_POW3[s->bits[1] >> (5 * i) & 31]);
	return n;
}

static void S_get_occ3(const uint8_t *key, size_t n, tb_state *out)
{
	for (size_t i = 0; i < n; i++) {
		for (unsigned v = key[i], p = (unsigned)(5 * i); v; v /= 3, p++)
			if (v % 3) /* (a digit past point 63 is 0: v is then 0 too) */
				out->bits[v % 3 - 1] |= (uint64_t)1 << p;
	}
}

/* How the cells are kept (the flags' bits 0, 1 and 7). */
enum {
	S_CELLS_NONE = 0,   /* every piece TB_CELL(side, 0, 0): nothing */
	S_CELLS_RAW = 1,    /* the 64 bytes as they are */
	S_CELLS_NIB = 2,    /* a nibble a piece (type and crown: TB_CELL >> 2) */
	S_CELLS_BYTE = 3,   /* a byte a piece, the cell as it is */
	S_CELLS_TWO = 0x82, /* two bits a piece: nibbles all below 4 */
	S_CELLS_MASK = 0x83
};

/* Byte j of S_SPREAD[x] is bit j of x: the cells of eight points where
 * the pieces are all TB_CELL(0, 0, 0) (x: side 0's bits), or, shifted
 * one bit up, TB_CELL(1, 0, 0). */
#define S_B(x) ((uint64_t)((x) & 1) | (uint64_t)((x) >> 1 & 1) << 8 | \
                (uint64_t)((x) >> 2 & 1) << 16 | (uint64_t)((x) >> 3 & 1) << 24 | \
                (uint64_t)((x) >> 4 & 1) << 32 | (uint64_t)((x) >> 5 & 1) << 40 | \
                (uint64_t)((x) >> 6 & 1) << 48 | (uint64_t)((x) >> 7 & 1) << 56)
#define S_B4(x) S_B(x), S_B((x) + 1), S_B((x) + 2), S_B((x) + 3)
#define S_B16(x) S_B4(x), S_B4((x) + 4), S_B4((x) + 8), S_B4((x) + 12)
#define S_B64(x) S_B16(x), S_B16((x) + 16), S_B16((x) + 32), S_B16((x) + 48)
static const uint64_t S_SPREAD[256] = {S_B64(0), S_B64(64), S_B64(128), S_B64(192)};

/* How the cells of 's' are kept: eight cells at a time, each set of
 * points against the cells its pieces would have of type 0 uncrowned
 * (S_SPREAD), without a look at each piece. */
static unsigned S_cells_mode(const tb_state *s)
{
	if (s->bits[0] & s->bits[1])
		return S_CELLS_RAW; /* a piece of both sides */
	const uint64_t ones = 0x0101010101010101ULL;
	uint64_t off = 0, other = 0, nib = 0, big = 0;
	for (unsigned i = 0; i < TB_MAX_POINTS / 8; i++) {
		uint64_t w, plain = S_SPREAD[s->bits[0] >> (8 * i) & 0xff] |
		                    S_SPREAD[s->bits[1] >> (8 * i) & 0xff] << 1;
		uint64_t on = ((plain | plain >> 1) & ones) * 0xff; /* 0xff a piece */
		memcpy(&w, s->cell + 8 * i, 8);
		off |= w & ~on;                             /* a cell on an empty point */
		other |= ((w ^ plain) & 3 * ones) | (w & 0xc0 * ones); /* not TB_CELL of its side */
		nib |= w & 0x3c * ones;                     /* a type or a crown */
		big |= w & 0x30 * ones;                     /* a nibble of 4 or more */
	}
	if (off)
		return S_CELLS_RAW;
	if (other)
		return S_CELLS_BYTE;
	return !nib ? S_CELLS_NONE : big ? S_CELLS_NIB : S_CELLS_TWO;
}

/* The cells of 's' as 'mode' keeps them, into 'key'; their bytes. */
static size_t S_put_cells(const tb_state *s, unsigned mode, uint8_t *key)
{
	size_t n = 0;
	switch (mode) {
	case S_CELLS_RAW:
		memcpy(key, s->cell, sizeof s->cell);
		return sizeof s->cell;
	case S_CELLS_BYTE:
		for (uint64_t m = s->bits[0] | s->bits[1]; m; m &= m - 1)
			key[n++] = s->cell[__builtin_ctzll(m)];
		return n;
	case S_CELLS_NIB:
	case S_CELLS_TWO: {
		unsigned bits = mode == S_CELLS_NIB ? 4 : 2, acc = 0, have = 0;
		for (uint64_t m = s->bits[0] | s->bits[1]; m; m &= m - 1) {
			acc |= (unsigned)(s->cell[__builtin_ctzll(m)] >> 2 & 15) << have;
			if ((have += bits) == 8) {
				key[n++] = (uint8_t)acc;
				acc = have = 0;
			}
		}
		if (have)
			key[n++] = (uint8_t)acc;
		return n;
	}
	default:
		return 0;
	}
}

/* The cells of 'out' (its bits read) as 'mode' keeps them at 'key';
 * the bytes read. */
static size_t S_get_cells(const uint8_t *key, unsigned mode, tb_state *out)
{
	if (mode == S_CELLS_RAW) {
		memcpy(out->cell, key, sizeof out->cell);
		return sizeof out->cell;
	}
	unsigned bits = mode == S_CELLS_NIB ? 4 : mode == S_CELLS_TWO ? 2 : 0, have = 0;
	size_t n = 0;
	for (uint64_t m = out->bits[0] | out->bits[1]; m; m &= m - 1) {
		unsigned p = (unsigned)__builtin_ctzll(m), side = (out->bits[0] >> p & 1) ? 0 : 1;
		if (mode == S_CELLS_BYTE) {
			out->cell[p] = key[n++];
			continue;
		}
		unsigned v = bits ? (unsigned)key[n] >> have & ((1u << bits) - 1) : 0;
		if (bits && (have += bits) == 8) {
			n++;
			have = 0;
		}
		out->cell[p] = (uint8_t)((side + 1) | v << 2);
	}
	return n + (have != 0);
}

size_t tb_poskey_pack(const tb_state *s, uint8_t *key)
{
	uint64_t occ = s->bits[0] | s->bits[1];
	unsigned mode = S_cells_mode(s);
	size_t n = 1;
	size_t nocc = mode == S_CELLS_RAW ? S_put_occ(s, occ, key + n) : S_put_occ3(s, occ, key + n);
	n += nocc;
	key[0] = (uint8_t)(mode | nocc << S_OCC_SHIFT);
	n += S_put_cells(s, mode, key + n);
	const uint8_t small_f[S_FIELDS] = {s->hand[0], s->hand[1], s->taken[0], s->taken[1],
	                                   s->to_move, s->stage, s->mark[0], s->mark[1],
	                                   s->mark[2], s->mark[3]};
	uint32_t mask = 0;
	for (unsigned i = 0; i < S_FIELDS; i++)
		mask |= (uint32_t)(small_f[i] != 0) << i;
	n += S_put_varint(key + n, mask);
	for (unsigned i = 0; i < S_FIELDS; i++)
		if (small_f[i])
			key[n++] = small_f[i];
	n += S_put_varint(key + n, s->quiet);
	n += S_put_varint(key + n, s->number);
	return n;
}

void tb_poskey_unpack(const uint8_t *key, size_t len, tb_state *out)
{
	(void)len;
	memset(out, 0, sizeof *out);
	size_t n = 1, nocc = key[0] >> S_OCC_SHIFT & 31;
	if ((key[0] & S_CELLS_MASK) == S_CELLS_RAW)
		S_get_occ(key + n, nocc, out);
	else
		S_get_occ3(key + n, nocc, out);
	n += nocc;
	n += S_get_cells(key + n, key[0] & S_CELLS_MASK, out);
	uint32_t mask;
	n += S_get_varint(key + n, &mask);
	uint8_t small_f[S_FIELDS] = {0};
	for (unsigned i = 0; i < S_FIELDS; i++)
		if (mask >> i & 1)
			small_f[i] = key[n++];
	out->hand[0] = small_f[0];
	out->hand[1] = small_f[1];
	out->taken[0] = small_f[2];
	out->taken[1] = small_f[3];
	out->to_move = small_f[4];
	out->stage = small_f[5];
	memcpy(out->mark, small_f + 6, 4);
	uint32_t q, num;
	n += S_get_varint(key + n, &q);
	n += S_get_varint(key + n, &num);
	out->quiet = q;
	out->number = num;
}
