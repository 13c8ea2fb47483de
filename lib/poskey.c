/*
 * poskey.c -- a position as a short string of bytes (poskey.h).
 *
 * Layout: a flags byte (bit 0: the cells kept whole); the bytes of
 * bits[0] and bits[1] each up to its highest non-zero one, their
 * counts in one byte (four bits each); the cells, a nibble per
 * occupied point in point order (type and crown: TB_CELL >> 2), or the
 * 64 bytes as they are; a two-byte mask of which of hand, taken,
 * to_move, stage and mark (in that order) are not 0, then those bytes; quiet and number
 * as LEB128. Every field is written, so two states with the same key
 * are the same in every field tb_state_same reads.
 */
#include "poskey.h"

#include <string.h>

enum { S_RAW_CELLS = 1 };

static size_t S_put_word(uint8_t *k, uint64_t w)
{
	size_t n = 0;
	for (; w; w >>= 8)
		k[n++] = (uint8_t)w;
	return n;
}

static uint64_t S_get_word(const uint8_t *k, size_t n)
{
	uint64_t w = 0;
	for (size_t i = 0; i < n; i++)
		w |= (uint64_t)k[i] << (8 * i);
	return w;
}

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

size_t tb_poskey_pack(const tb_state *s, uint8_t *key)
{
	/* the cells a nibble a piece, if decoding them gives them back */
	uint64_t occ = s->bits[0] | s->bits[1];
	uint8_t back[TB_MAX_POINTS] = {0}, nib[TB_MAX_POINTS];
	unsigned npc = 0;
	for (uint64_t m = occ; m; m &= m - 1) {
		unsigned p = (unsigned)__builtin_ctzll(m);
		int side = (s->bits[0] >> p & 1) ? 0 : 1;
		nib[npc] = (uint8_t)((s->cell[p] >> 2) & 15);
		back[p] = (uint8_t)((side + 1) | nib[npc] << 2);
		npc++;
	}
	int small = !(s->bits[0] & s->bits[1]) && memcmp(back, s->cell, sizeof back) == 0;
	size_t n = 0;
	key[n++] = small ? 0 : S_RAW_CELLS;
	size_t at = n++;
	size_t n0 = S_put_word(key + n, s->bits[0]);
	n += n0;
	size_t n1 = S_put_word(key + n, s->bits[1]);
	n += n1;
	key[at] = (uint8_t)(n0 | n1 << 4);
	if (small) {
		for (unsigned i = 0; i < npc; i += 2)
			key[n++] = (uint8_t)(nib[i] | (i + 1 < npc ? nib[i + 1] << 4 : 0));
	} else {
		memcpy(key + n, s->cell, sizeof s->cell);
		n += sizeof s->cell;
	}
	const uint8_t small_f[10] = {s->hand[0], s->hand[1], s->taken[0], s->taken[1], s->to_move,
	                             s->stage, s->mark[0], s->mark[1], s->mark[2], s->mark[3]};
	unsigned mask = 0;
	size_t m = n;
	n += 2;
	for (unsigned i = 0; i < 10; i++)
		if (small_f[i]) {
			mask |= 1u << i;
			key[n++] = small_f[i];
		}
	key[m] = (uint8_t)mask;
	key[m + 1] = (uint8_t)(mask >> 8);
	n += S_put_varint(key + n, s->quiet);
	n += S_put_varint(key + n, s->number);
	return n;
}

void tb_poskey_unpack(const uint8_t *key, size_t len, tb_state *out)
{
	(void)len;
	memset(out, 0, sizeof *out);
	size_t n = 0;
	int small = !(key[n++] & S_RAW_CELLS);
	unsigned n0 = key[n] & 15, n1 = key[n] >> 4;
	n++;
	out->bits[0] = S_get_word(key + n, n0);
	n += n0;
	out->bits[1] = S_get_word(key + n, n1);
	n += n1;
	if (small) {
		unsigned half = 0;
		for (uint64_t m = out->bits[0] | out->bits[1]; m; m &= m - 1) {
			unsigned p = (unsigned)__builtin_ctzll(m);
			int side = (out->bits[0] >> p & 1) ? 0 : 1;
			uint8_t nib = half ? key[n++] >> 4 : key[n] & 15;
			half ^= 1;
			out->cell[p] = (uint8_t)((side + 1) | nib << 2);
		}
		n += half;
	} else {
		memcpy(out->cell, key + n, sizeof out->cell);
		n += sizeof out->cell;
	}
	unsigned mask = key[n] | (unsigned)key[n + 1] << 8;
	n += 2;
	uint8_t small_f[10] = {0};
	for (unsigned i = 0; i < 10; i++)
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
