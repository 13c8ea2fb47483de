/*
 * index_known.c -- what a build has seen: the keys of the states it saw
 * lately, and the positions it inserted (index_db.h; spec/collection.md
 * §8).
 *
 * Most frames of a collection reach a position reached before -- the
 * start, the first turns --, and making its key again (the rules'
 * position saved, then keyed: index.c's S_position) was 7% of a build's
 * instructions on bench/gen. A frame's state (its turn number aside,
 * which no key holds) under one game, board and options is one
 * position: a table of the states keyed last, one a slot, gives the key
 * of one seen again. A state is compared byte for byte, and its game,
 * board and options by a number that differs whenever they do (not a
 * hash: tb_ix_known_rules), so a hit is always the same position;
 * padding that differs only misses.
 */
#include "index_db.h"

#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "rules.h"
#include "xalloc.h"

/* Slots, each the state that hashed there last: 2 MiB. */
#define S_SLOTS 16384

struct tb_ix_known {
	tb_state st;         /* its turn number 0 */
	uint64_t rules;      /* tb_ix_known_rules; 0: an empty slot */
	uint64_t exact;
	uint16_t m[2];
};

/* The rules are written out -- the game's name, the board's size, each
 * option as written, NUL after each -- and compared with the last
 * record's: most records of a file share them, so this is one short
 * memcmp a record. Written otherwise (options in another order), the
 * same rules take a new number, and only miss. Memory run out: a new
 * number, and none kept to compare the next record's with. */
uint64_t tb_ix_known_rules(tb_index *ix, const tb_record *rec, const tb_board *b)
{
	tb_buf *now = &ix->rules_now, *last = &ix->rules_last;
	tb_buf_clear(now);
	tb_buf_put(now, rec->game->name, strlen(rec->game->name) + 1);
	tb_buf_put(now, (const char *)&b->files, sizeof b->files);
	tb_buf_put(now, (const char *)&b->ranks, sizeof b->ranks);
	for (size_t i = 0; i < rec->opts.n; i++) {
		tb_buf_put(now, rec->opts.key[i], strlen(rec->opts.key[i]) + 1);
		tb_buf_put(now, rec->opts.value[i], strlen(rec->opts.value[i]) + 1);
	}
	if (ix->rules_id && tb_buf_ok(now) && tb_buf_ok(last) && now->len == last->len &&
	    memcmp(now->data, last->data, now->len) == 0)
		return ix->rules_id;
	/* a new number: the last text and this one swapped (a failed
	 * buffer, freed, starts afresh and compares with nothing) */
	tb_buf t = *last;
	*last = *now;
	*now = t;
	if (!tb_buf_ok(last))
		tb_buf_free(last); /* (still soft) */
	if (!tb_buf_ok(now))
		tb_buf_free(now);
	return ++ix->rules_id;
}

/* State 'st' with its turn number and the rules' hint left out (the
 * hint says what a walk would find again: two states alike but for it
 * are one position), into '*out', and its slot. */
static size_t S_slot(const tb_state *st, uint64_t rules, tb_state *out)
{
	memcpy(out, st, sizeof *out);
	out->number = 0;
	out->hint = 0;
	uint64_t h = rules;
	const unsigned char *p = (const unsigned char *)out;
	for (size_t i = 0; i + 8 <= sizeof *out; i += 8) {
		uint64_t w;
		memcpy(&w, p + i, 8);
		h = (h ^ w) * 0x100000001b3ull;
		h ^= h >> 29;
	}
	return (size_t)(h >> 20) & (S_SLOTS - 1);
}

int tb_ix_known_find(tb_index *ix, const struct tb_state *st, uint64_t rules, tb_ix_key *k,
                     size_t *slot)
{
	*slot = SIZE_MAX;
	if (!ix->known)
		ix->known = tb_calloc(S_SLOTS, sizeof *ix->known); /* NULL: none kept */
	if (!ix->known)
		return 0;
	tb_state norm;
	*slot = S_slot(st, rules, &norm);
	const tb_ix_known *kn = &ix->known[*slot];
	if (kn->rules != rules || memcmp(&kn->st, &norm, sizeof norm))
		return 0;
	k->exact = kn->exact;
	k->m[0] = kn->m[0];
	k->m[1] = kn->m[1];
	return 1;
}

void tb_ix_known_keep(tb_index *ix, size_t slot, const struct tb_state *st, uint64_t rules,
                      const tb_ix_key *k)
{
	if (slot == SIZE_MAX || !ix->known)
		return;
	tb_ix_known *kn = &ix->known[slot];
	memcpy(&kn->st, st, sizeof kn->st);
	kn->st.number = 0;
	kn->st.hint = 0;
	kn->rules = rules;
	kn->exact = k->exact;
	kn->m[0] = (uint16_t)k->m[0]; /* a board has 128 points at most */
	kn->m[1] = (uint16_t)k->m[1];
}

/* ===== The positions inserted ===== */

/* (index_db.h) An open-addressed set of a power of two slots, the
 * key's low bits but the lowest its place: many frames reach a position
 * seen before. */
int tb_ix_seen(tb_index *ix, uint64_t h)
{
	h |= 1; /* 0 marks an empty slot */
	if (2 * (ix->nseen + 1) > ix->capseen) {
		size_t cap = ix->capseen ? 2 * ix->capseen : 4096;
		uint64_t *t = tb_calloc(cap, sizeof *t);
		if (!t)
			return -1;
		for (size_t i = 0; i < ix->capseen; i++)
			for (size_t j = (ix->seen[i] >> 1) & (cap - 1); ix->seen[i]; j = (j + 1) & (cap - 1))
				if (!t[j]) {
					t[j] = ix->seen[i];
					break;
				}
		free(ix->seen);
		ix->seen = t;
		ix->capseen = cap;
	}
	for (size_t j = (h >> 1) & (ix->capseen - 1);; j = (j + 1) & (ix->capseen - 1)) {
		if (ix->seen[j] == h)
			return 1;
		if (!ix->seen[j]) {
			ix->seen[j] = h;
			ix->nseen++;
			return 0;
		}
	}
}

void tb_ix_seen_clear(tb_index *ix)
{
	free(ix->seen);
	ix->seen = NULL;
	ix->nseen = ix->capseen = 0;
}
