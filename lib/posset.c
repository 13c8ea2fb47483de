/*
 * posset.c -- sets of positions, each kept as its key (poskey.h): what
 * the layers of a stretch hold (reconstruct.h, tb_bset); and sieves of
 * some of a set's positions (tb_sieve).
 */
#include "reconstruct.h"

#include <stdlib.h>
#include <string.h>

#include "poskey.h"
#include "xalloc.h"

int tb_state_same(const tb_state *a, const tb_state *b)
{
	return a->bits[0] == b->bits[0] && a->bits[1] == b->bits[1] &&
	       memcmp(a->cell, b->cell, sizeof a->cell) == 0 &&
	       memcmp(a->hand, b->hand, sizeof a->hand) == 0 &&
	       memcmp(a->taken, b->taken, sizeof a->taken) == 0 && a->to_move == b->to_move &&
	       a->stage == b->stage && memcmp(a->mark, b->mark, sizeof a->mark) == 0 &&
	       a->quiet == b->quiet && a->number == b->number;
}

static uint64_t S_mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	return h * 0xbf58476d1ce4e5b9ULL;
}

/* The slots are the low bits of a hash, and S_mix's multiply carries
 * only upwards: the finalizer of splitmix64 folds every bit into the
 * low ones. */
static uint64_t S_fold(uint64_t h)
{
	h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
	h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
	return h ^ (h >> 31);
}

/* Over a key's bytes, eight at a time. */
static uint64_t S_key_hash(const uint8_t *k, size_t n)
{
	uint64_t h = n;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, k + i, 8);
		h = S_mix(h, w);
	}
	uint64_t w = 0;
	memcpy(&w, k + i, n - i);
	return S_fold(S_mix(h, w));
}

/* A key in the pool: its length byte, the index it has in the set (4
 * bytes, so that a probe that finds it need not read 'off'), its bytes. */
enum { S_KEY_HEAD = 5 };

static const uint8_t *S_key_at(const tb_bset *b, uint32_t i, size_t *n)
{
	const uint8_t *k = b->pool + b->off[i];
	*n = k[0];
	return k + S_KEY_HEAD;
}

/* The slot of the key at 'off' in the pool, of hash 'h'. */
static uint64_t S_slot(uint64_t h, uint32_t off)
{
	return (h & ~(uint64_t)UINT32_MAX) | ((uint64_t)off + 1);
}

/* The slot a key of hash 'h' is sought from: the top bits of the
 * hash's high half, the tag its slot keeps, so that doubling the slots
 * (S_grow) places each from its slot alone, in nearly the order they
 * lie -- without reading a key, and without the cache misses of
 * hashing every key again (a quarter of a large search's time). */
static uint32_t S_home(uint32_t nslot, uint64_t h)
{
	return (uint32_t)(h >> 32) >> (32 - __builtin_ctz(nslot));
}

/* The index of the key 'k' ('n' bytes, hash 'h'), or -1. */
static long S_find_key(const tb_bset *b, const uint8_t *k, size_t n, uint64_t h)
{
	if (!b->nslot)
		return -1;
	uint64_t tag = h & ~(uint64_t)UINT32_MAX;
	for (uint32_t j = S_home(b->nslot, h); b->slot[j]; j = (j + 1) & (b->nslot - 1)) {
		if ((b->slot[j] & ~(uint64_t)UINT32_MAX) != tag)
			continue;
		const uint8_t *o = b->pool + ((uint32_t)b->slot[j] - 1);
		if (o[0] == n && memcmp(o + S_KEY_HEAD, k, n) == 0) {
			uint32_t i;
			memcpy(&i, o + 1, 4);
			return (long)i;
		}
	}
	return -1;
}

/* reconstruct.h; the keys' indices rewritten too (tb_stretch_keep moves them). */
int tb_bset_rehash(tb_bset *b, uint32_t nslot)
{
	uint64_t *slot = tb_calloc(nslot, sizeof *slot);
	if (!slot)
		return 0;
	free(b->slot);
	b->nslot = nslot;
	b->slot = slot;
	for (uint32_t i = 0; i < b->n; i++) {
		size_t n;
		const uint8_t *k = S_key_at(b, i, &n);
		uint64_t h = S_key_hash(k, n);
		uint32_t j = S_home(nslot, h);
		while (b->slot[j])
			j = (j + 1) & (nslot - 1);
		b->slot[j] = S_slot(h, b->off[i]);
		memcpy(b->pool + b->off[i] + 1, &i, 4); /* its index: tb_stretch_keep moves them */
	}
	return 1;
}

/* Twice the slots (32 at first), each key's slot moved from its old
 * one; 0 (and 'b' as it was) when memory ran out. */
static int S_grow(tb_bset *b)
{
	uint32_t nslot = b->nslot ? 2 * b->nslot : 32;
	uint64_t *slot = tb_calloc(nslot, sizeof *slot);
	if (!slot)
		return 0;
	for (uint32_t i = 0; i < b->nslot; i++) {
		if (!b->slot[i])
			continue;
		uint32_t j = S_home(nslot, b->slot[i]);
		while (slot[j])
			j = (j + 1) & (nslot - 1);
		slot[j] = b->slot[i];
	}
	free(b->slot);
	b->slot = slot;
	b->nslot = nslot;
	return 1;
}

long tb_bset_find(const tb_bset *b, const tb_state *s)
{
	uint8_t k[TB_POSKEY_MAX];
	size_t n = tb_poskey_pack(s, k);
	return S_find_key(b, k, n, S_key_hash(k, n));
}

void tb_bset_get(const tb_bset *b, uint32_t i, tb_state *out)
{
	size_t n;
	const uint8_t *k = S_key_at(b, i, &n);
	tb_poskey_unpack(k, n, out);
}

/* Room for one more key of 'n' bytes and its index; 0 when memory ran
 * out (or the pool would pass 4 GiB). */
static int S_room(tb_bset *b, size_t n)
{
	if (b->n == b->cap) {
		uint32_t cap = b->cap ? 2 * b->cap : 16;
		uint32_t *grown = tb_realloc(b->off, cap * sizeof *b->off);
		if (!grown)
			return 0;
		b->off = grown;
		b->cap = cap;
	}
	size_t need = (size_t)b->npool + n + S_KEY_HEAD;
	if (need > b->cappool) {
		size_t cap = b->cappool ? 2 * (size_t)b->cappool : 1024;
		while (cap < need)
			cap *= 2;
		if (cap > UINT32_MAX - 1) /* an offset + 1 fits a slot's low half */
			cap = UINT32_MAX - 1;
		if (need > cap)
			return 0;
		uint8_t *grown = tb_realloc(b->pool, cap);
		if (!grown)
			return 0;
		b->pool = grown;
		b->cappool = (uint32_t)cap;
	}
	return 1;
}

uint64_t tb_bset_hash(const uint8_t *k, size_t n)
{
	return S_key_hash(k, n);
}

void tb_bset_prefetch(const tb_bset *b, uint64_t h)
{
	if (b->nslot)
		__builtin_prefetch(&b->slot[S_home(b->nslot, h)]);
}

void tb_bset_prefetch_key(const tb_bset *b, uint64_t h)
{
	if (!b->nslot)
		return;
	uint64_t tag = h & ~(uint64_t)UINT32_MAX, slot = b->slot[S_home(b->nslot, h)];
	if (slot && (slot & ~(uint64_t)UINT32_MAX) == tag)
		__builtin_prefetch(b->pool + ((uint32_t)slot - 1));
}

uint32_t tb_bset_add(tb_bset *b, const tb_state *s, int *added)
{
	uint8_t k[TB_POSKEY_MAX];
	size_t n = tb_poskey_pack(s, k);
	return tb_bset_add_key(b, k, n, S_key_hash(k, n), added);
}

uint32_t tb_bset_add_key(tb_bset *b, const uint8_t *k, size_t n, uint64_t h, int *added)
{
	long at = S_find_key(b, k, n, h);
	*added = at < 0;
	if (at >= 0)
		return (uint32_t)at;
	if (!S_room(b, n)) {
		*added = 0;
		return UINT32_MAX;
	}
	uint32_t at_pool = b->npool, i = b->n;
	b->off[b->n++] = at_pool;
	b->pool[at_pool] = (uint8_t)n;
	memcpy(b->pool + at_pool + 1, &i, 4);
	memcpy(b->pool + at_pool + S_KEY_HEAD, k, n);
	b->npool += (uint32_t)n + S_KEY_HEAD;
	if (4 * (uint64_t)b->n > 3 * (uint64_t)b->nslot && !S_grow(b)) {
		b->n--;
		b->npool = at_pool;
		*added = 0;
		return UINT32_MAX;
	}
	uint32_t j = S_home(b->nslot, h);
	while (b->slot[j])
		j = (j + 1) & (b->nslot - 1);
	b->slot[j] = S_slot(h, at_pool);
	return b->n - 1;
}

void tb_bset_clear(tb_bset *b)
{
	b->n = 0;
	b->npool = 0;
	if (b->slot)
		memset(b->slot, 0, b->nslot * sizeof *b->slot);
}

void tb_bset_free(tb_bset *b)
{
	free(b->pool);
	free(b->off);
	free(b->slot);
	memset(b, 0, sizeof *b);
}

/* ===== Sieves ===== */

static uint64_t S_sieve_hash(const tb_state *s)
{
	uint64_t h = (s->bits[0] ^ 0x9e3779b97f4a7c15ULL) * 0xbf58476d1ce4e5b9ULL;
	h ^= (s->bits[1] + s->to_move) * 0x94d049bb133111ebULL;
	return h ^ (h >> 31);
}

/* Sixteen bits a position at least (a position not there passes one
 * time in sixteen at most), 2^27 at most (16 MiB). */
void tb_sieve_make(tb_sieve *v, const tb_bset *b, const uint8_t *mark)
{
	tb_sieve_free(v);
	uint32_t n = 0;
	for (uint32_t k = 0; k < b->n; k++)
		n += mark[k] != 0;
	uint32_t nbits = 512;
	while (nbits < 16u * n && nbits < (1u << 27))
		nbits *= 2;
	v->bits = tb_calloc(nbits / 64, sizeof *v->bits);
	if (!v->bits)
		return;
	v->nbits = nbits;
	for (uint32_t k = 0; k < b->n; k++)
		if (mark[k]) {
			tb_state s;
			tb_bset_get(b, k, &s);
			uint64_t h = S_sieve_hash(&s) & (nbits - 1);
			v->bits[h / 64] |= 1ULL << (h % 64);
		}
}

int tb_sieve_may(const tb_sieve *v, const tb_state *s)
{
	if (!v->bits)
		return 1;
	uint64_t h = S_sieve_hash(s) & (v->nbits - 1);
	return (int)(v->bits[h / 64] >> (h % 64) & 1);
}

void tb_sieve_free(tb_sieve *v)
{
	free(v->bits);
	v->bits = NULL;
	v->nbits = 0;
}
