/*
 * posset.c -- sets of positions, each kept as its key (poskey.h): what
 * the layers of a stretch hold (reconstruct.h, tb_bset); and sieves of
 * some of a set's positions (tb_sieve).
 */
#include "reconstruct.h"

#include <stdlib.h>
#include <string.h>

#include "blocks.h"
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

/* The slots are the high bits of a hash, and S_mix's multiply carries
 * only upwards: the finalizer of splitmix64 folds every bit into every
 * other. */
static uint64_t S_fold(uint64_t h)
{
	h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
	h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
	return h ^ (h >> 31);
}

/* Over a key's bytes but its trailing zeros, eight at a time: a key and
 * the same key padded with zeros (a record) hash alike. */
static uint64_t S_key_hash(const uint8_t *k, size_t n)
{
	while (n && !k[n - 1])
		n--;
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

/* A record is a key of at most 'width' bytes padded with zeros, or, for
 * a longer key, S_LONG (which no key begins with: poskey.c) and the
 * offset of the key's length byte in 'over' (4 bytes). A set's width is
 * its first key's, and, each time its records double, the width that
 * would have kept the keys added so far in the fewest bytes, when wider
 * (S_best_width): the keys of a layer differ by a few bytes (a count
 * that became non-zero, a point marked), and a few are much longer
 * (Ocencahuac's cooling pieces, a byte a piece), which are better kept
 * apart than made the width of all. */
enum { S_LONG = 0xff, S_MIN_WIDTH = 5 };

static uint8_t *S_rec(const tb_bset *b, uint32_t i)
{
	return tb_blocks_at(&b->rec, i, b->width);
}

/* The key of record 'i' and its length ('width' for a padded one). */
static const uint8_t *S_key_at(const tb_bset *b, uint32_t i, size_t *n)
{
	const uint8_t *r = S_rec(b, i);
	if (r[0] != S_LONG) {
		*n = b->width;
		return r;
	}
	uint32_t off;
	memcpy(&off, r + 1, 4);
	const uint8_t *o = tb_blocks_at(&b->over, off, 1);
	*n = o[0];
	return o + 1;
}

/* The low bits of a slot: a record's index + 1 ('ibits' of them, as
 * many as the slots' count has: three quarters full at most, so an
 * index + 1 is below it); the bits above, those of the hash's low half
 * (a tag: a probe that is not the key seldom reads a record). */
static uint32_t S_imask(const tb_bset *b)
{
	return (uint32_t)(((uint64_t)1 << b->ibits) - 1);
}

/* The slot a key of hash 'h' is sought from: the hash's top bits. */
static uint32_t S_home(const tb_bset *b, uint64_t h)
{
	return (uint32_t)(h >> (64 - b->ibits));
}

/* Are the 'n' bytes at 'a' and 'b' the same? Eight at a time: most
 * records are 16-20 bytes, and a call to memcmp cost more than the
 * comparing. */
static int S_same_bytes(const uint8_t *a, const uint8_t *b, size_t n)
{
	uint64_t x, y, diff = 0;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		memcpy(&x, a + i, 8);
		memcpy(&y, b + i, 8);
		diff |= x ^ y;
	}
	for (; i < n; i++)
		diff |= (uint64_t)(a[i] ^ b[i]);
	return diff == 0;
}

/* Is record 'i' the key 'k' ('n' bytes; 'pad': the same padded to the
 * set's width when it fits)? */
static int S_is_key(const tb_bset *b, uint32_t i, const uint8_t *k, size_t n, const uint8_t *pad)
{
	const uint8_t *r = S_rec(b, i);
	if (n <= b->width)
		return S_same_bytes(r, pad, b->width);
	if (r[0] != S_LONG)
		return 0;
	size_t m;
	const uint8_t *o = S_key_at(b, i, &m);
	return m == n && memcmp(o, k, n) == 0;
}

/* The index of the key 'k' ('n' bytes, hash 'h'), or -1. */
static long S_find_key(const tb_bset *b, const uint8_t *k, size_t n, uint64_t h)
{
	if (!b->nslot)
		return -1;
	uint8_t pad[TB_POSKEY_MAX];
	if (n <= b->width) {
		memcpy(pad, k, n);
		memset(pad + n, 0, b->width - n);
	}
	uint32_t imask = S_imask(b), tag = (uint32_t)h & ~imask;
	for (uint32_t j = S_home(b, h); b->slot[j]; j = (j + 1) & (b->nslot - 1)) {
		if ((b->slot[j] & ~imask) != tag)
			continue;
		uint32_t i = (b->slot[j] & imask) - 1;
		if (S_is_key(b, i, k, n, pad))
			return (long)i;
	}
	return -1;
}

/* Puts record 'i' (of hash 'h') in a free slot from its home. */
static void S_place(tb_bset *b, uint32_t i, uint64_t h)
{
	uint32_t imask = S_imask(b), j = S_home(b, h);
	while (b->slot[j])
		j = (j + 1) & (b->nslot - 1);
	b->slot[j] = ((uint32_t)h & ~imask) | (i + 1);
}

enum { S_FREE_FIRST = 1 << 20 }; /* slots: 4 MiB */

/* reconstruct.h: every record hashed again, in the order added (the
 * records read in turn; the slots keep no hash to move them by). */
int tb_bset_rehash(tb_bset *b, uint32_t nslot)
{
	/* a large set's old slots are given back first: they and the new
	 * ones together were a search's peak of memory (the records, not
	 * the slots, say where each goes); out of memory it is then left
	 * empty, which a search takes as memory run out */
	int first = b->nslot >= S_FREE_FIRST;
	if (first) {
		free(b->slot);
		b->slot = NULL;
	}
	uint32_t *slot = tb_calloc(nslot, sizeof *slot);
	if (!slot) {
		if (first) { /* empty in full: no record, no long key kept */
			b->n = b->nslot = b->nover = 0;
			memset(b->nlen, 0, sizeof b->nlen);
		}
		return 0;
	}
	free(b->slot);
	b->nslot = nslot;
	b->ibits = (uint8_t)__builtin_ctz(nslot);
	b->slot = slot;
	/* the records in turn, a batch's slots asked for before they are
	 * written, so that their cache misses overlap */
	enum { BATCH = 16 };
	uint64_t h[BATCH];
	for (uint32_t i = 0; i < b->n; i += BATCH) {
		uint32_t m = b->n - i < BATCH ? b->n - i : BATCH;
		for (uint32_t k = 0; k < m; k++) {
			size_t n;
			const uint8_t *key = S_key_at(b, i + k, &n);
			h[k] = S_key_hash(key, n);
			__builtin_prefetch(&b->slot[S_home(b, h[k])], 1);
		}
		for (uint32_t k = 0; k < m; k++)
			S_place(b, i + k, h[k]);
	}
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

void tb_bset_move(tb_bset *b, uint32_t to, uint32_t from)
{
	if (to != from)
		memcpy(S_rec(b, to), S_rec(b, from), b->width);
}

/* The records made 'width' bytes wide, each long key that now fits
 * made a padded one (every key that fits is: one key, one record), a
 * block at a time (one block more than the set at most); 0 when memory
 * ran out, and then 'b' empty (tb_bset_free: its blocks of two widths).
 * The slots stay: a record keeps its index and its hash. */
static int S_widen(tb_bset *b, uint32_t width)
{
	for (uint32_t k = 0; k < b->rec.nb; k++) {
		uint32_t first = k << TB_BLOCK_SHIFT;
		uint32_t room = b->rec.cap < TB_BLOCK ? b->rec.cap : TB_BLOCK;
		uint8_t *blk = tb_calloc(room, width);
		if (!blk) {
			tb_bset_free(b);
			return 0;
		}
		for (uint32_t i = first; i < b->n && i - first < room; i++) {
			const uint8_t *r = S_rec(b, i);
			uint8_t *to = blk + (size_t)(i - first) * width;
			size_t n;
			const uint8_t *key = S_key_at(b, i, &n);
			if (r[0] != S_LONG || n <= width)
				memcpy(to, key, n);
			else
				memcpy(to, r, S_MIN_WIDTH); /* still long */
		}
		free(b->rec.b[k]);
		b->rec.b[k] = blk;
	}
	b->width = width;
	return 1;
}

/* The width, no narrower than the set's, that keeps the keys counted
 * in b->nlen in the fewest bytes: each its record, and each longer
 * key its length byte and bytes besides. */
static uint32_t S_best_width(const tb_bset *b)
{
	uint64_t longer = 0, best = UINT64_MAX; /* the bytes of the keys longer than w */
	uint32_t n = 0, at = b->width;
	for (uint32_t l = 0; l <= TB_POSKEY_MAX; l++)
		n += b->nlen[l];
	for (uint32_t l = b->width + 1; l <= TB_POSKEY_MAX; l++)
		longer += (uint64_t)b->nlen[l] * (l + 1);
	for (uint32_t w = b->width; w <= TB_POSKEY_MAX; w++) {
		if (w > b->width)
			longer -= (uint64_t)b->nlen[w] * (w + 1);
		uint64_t cost = (uint64_t)n * w + longer;
		if (cost < best) {
			best = cost;
			at = w;
		}
	}
	return at;
}

/* Room for one more record, and for the key 'k' ('n' bytes) in 'over'
 * when it is long: its record made, zeros but the key or its place;
 * 0 when memory ran out (or 'over' would pass 4 GiB). */
static int S_room(tb_bset *b, const uint8_t *k, size_t n)
{
	if (!b->width)
		b->width = (uint32_t)(n < S_MIN_WIDTH ? S_MIN_WIDTH : n);
	/* the width chosen again each time the records double, as when they
	 * were one array */
	if (b->n == b->rec.cap && b->n && !(b->n & (b->n - 1))) {
		uint32_t w = S_best_width(b);
		if (w > b->width && !S_widen(b, w))
			return 0;
	}
	if (b->n > UINT32_MAX / 4 || !tb_blocks_room(&b->rec, b->n, b->width))
		return 0; /* (UINT32_MAX / 4: an index + 1 fits a slot) */
	uint8_t *r = S_rec(b, b->n);
	memset(r, 0, b->width);
	if (n <= b->width) {
		memcpy(r, k, n);
		return 1;
	}
	uint32_t need = (uint32_t)n + 1, at = b->nover;
	if ((at & (TB_BLOCK - 1)) + need > TB_BLOCK) /* the next block: none across two */
		at = ((at >> TB_BLOCK_SHIFT) + 1) << TB_BLOCK_SHIFT;
	if (at < b->nover || at > UINT32_MAX - need || !tb_blocks_room(&b->over, at + need - 1, 1))
		return 0;
	uint8_t *o = tb_blocks_at(&b->over, at, 1);
	r[0] = S_LONG;
	memcpy(r + 1, &at, 4);
	o[0] = (uint8_t)n;
	memcpy(o + 1, k, n);
	b->nover = at + need;
	return 1;
}

uint64_t tb_bset_hash(const uint8_t *k, size_t n)
{
	return S_key_hash(k, n);
}

void tb_bset_prefetch(const tb_bset *b, uint64_t h)
{
	if (b->nslot)
		__builtin_prefetch(&b->slot[S_home(b, h)]);
}

void tb_bset_prefetch_key(const tb_bset *b, uint64_t h)
{
	if (!b->nslot)
		return;
	uint32_t imask = S_imask(b), slot = b->slot[S_home(b, h)];
	if (slot && (slot & ~imask) == ((uint32_t)h & ~imask))
		__builtin_prefetch(S_rec(b, (slot & imask) - 1));
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
	uint32_t nover = b->nover;
	if (!S_room(b, k, n)) {
		*added = 0;
		return UINT32_MAX;
	}
	b->n++;
	b->nlen[n]++;
	if (4 * (uint64_t)b->n <= 3 * (uint64_t)b->nslot)
		S_place(b, b->n - 1, h);
	else if (!tb_bset_rehash(b, b->nslot ? 2 * b->nslot : 32)) { /* (it placed the new one) */
		if (b->n) { /* (else emptied: tb_bset_rehash) */
			b->n--;
			b->nlen[n]--;
		}
		b->nover = b->n ? nover : 0;
		*added = 0;
		return UINT32_MAX;
	}
	return b->n - 1;
}

void tb_bset_clear(tb_bset *b)
{
	b->n = 0;
	b->nover = 0;
	memset(b->nlen, 0, sizeof b->nlen);
	if (b->slot)
		memset(b->slot, 0, b->nslot * sizeof *b->slot);
}

void tb_bset_free(tb_bset *b)
{
	tb_blocks_free(&b->rec);
	tb_blocks_free(&b->over);
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
