/*
 * test_poskey.c -- a position's key (lib/poskey.c), what the sets of a
 * search store: on the positions of random games of every game under
 * every value of each of its options, decoding a key gives the state
 * back (every field tb_state_same reads), and two states have the same
 * key exactly when they are one position -- checked on pairs a turn
 * apart and on pairs that differ in one field. States the common
 * layout cannot tell (a cell that is not TB_CELL of its side, a piece
 * of both sides, a stray cell on an empty point) are kept whole and
 * come back too. The mean key length is printed; and a layer of a
 * search in a set takes at most 28 bytes a position (issue 38's goal: at
 * most 32 bytes a stored position, its count of sequences included).
 */
#include "tb_test.h"

#include "blocks.h"
#include "game.h"
#include "poskey.h"
#include "reconstruct.h"
#include "rules.h"
#include "tb_rules_inner.h"

typedef struct S_run {
	unsigned long positions;
	unsigned long long bytes, rng;
	size_t longest;
} S_run;

static unsigned S_rand(S_run *r, unsigned n)
{
	r->rng = r->rng * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)((r->rng >> 33) % n);
}

/* The key of 's' decodes to 's', and a key is the same as another's
 * exactly when the states are one. */
static void S_round(S_run *r, const tb_state *s)
{
	uint8_t k[TB_POSKEY_MAX];
	size_t n = tb_poskey_pack(s, k);
	assert_true(n >= 1 && n <= 106);
	tb_state back;
	tb_poskey_unpack(k, n, &back);
	assert_true(tb_state_same(&back, s));
	r->positions++;
	r->bytes += n;
	if (n > r->longest)
		r->longest = n;
}

static int S_same_key(const tb_state *a, const tb_state *b)
{
	uint8_t ka[TB_POSKEY_MAX], kb[TB_POSKEY_MAX];
	size_t na = tb_poskey_pack(a, ka), nb = tb_poskey_pack(b, kb);
	return na == nb && memcmp(ka, kb, na) == 0;
}

/* One field of 's' changed (by kind 'f'): a state that is not 's'. */
static void S_changed(S_run *r, const tb_state *s, unsigned f)
{
	tb_state w = *s;
	unsigned p = S_rand(r, TB_MAX_POINTS);
	switch (f % 8) {
	case 0: w.cell[p] ^= 0x04; break;             /* another type */
	case 1: w.cell[p] ^= 0x40; break;             /* beyond TB_CELL: kept whole */
	case 2: w.bits[S_rand(r, 2)] ^= (uint64_t)1 << p; break;
	case 3: w.hand[S_rand(r, 2)]++; break;
	case 4: w.mark[S_rand(r, 4)] ^= 1; break;
	case 5: w.quiet += 1 + S_rand(r, 100000); break;
	case 6: w.number += 1 + S_rand(r, 1000); break;
	default: w.stage ^= 1; break;
	}
	S_round(r, &w);
	assert_int_equal(S_same_key(&w, s), tb_state_same(&w, s));
	assert_false(S_same_key(&w, s));
}

static void S_games(S_run *r, const tb_ruleset *rs, unsigned games)
{
	tb_turns all = {NULL, 0};
	for (unsigned g = 0; g < games; g++) {
		tb_state s, before;
		tt_start(rs, &s, &r->rng);
		for (int ply = 0; ply < 300; ply++) {
			S_round(r, &s);
			S_changed(r, &s, S_rand(r, 8));
			size_t n = tb_turns_generate(rs, &s, &all);
			if (!n)
				break;
			before = s;
			rs->rules->play(rs, &s, &all.v[S_rand(r, (unsigned)n)], NULL);
			assert_int_equal(S_same_key(&before, &s), tb_state_same(&before, &s));
			if (rs->rules->canon) { /* as a search stores them */
				tb_state c = s;
				rs->rules->canon(rs, &c);
				S_round(r, &c);
			}
		}
	}
	tb_turns_free(&all);
}

/* A layer of a search: the positions some turns after one of the middle
 * of a random game (canon, as a search keeps them), every turn from each,
 * in a set: its own bytes a position -- records, slots, keys kept apart --
 * are at most 28, so that with its 4-byte count of sequences a stored
 * position is at most 32 (issue 38). */
static void S_set_bytes(const tb_ruleset *rs, const char *name)
{
	tb_turns all = {NULL, 0};
	tb_bset b[2];
	memset(b, 0, sizeof b);
	tb_state s;
	unsigned long long seed = 99;
	tt_start(rs, &s, &seed);
	unsigned long long rng = 7;
	for (int ply = 0; ply < 30; ply++) {
		size_t n = tb_turns_generate(rs, &s, &all);
		if (!n)
			break;
		rng = rng * 6364136223846793005ull + 1442695040888963407ull;
		rs->rules->play(rs, &s, &all.v[(rng >> 33) % n], NULL);
	}
	if (rs->rules->canon)
		rs->rules->canon(rs, &s);
	int added, at = 0;
	assert_int_equal(tb_bset_add(&b[0], &s, &added), 0);
	while (b[at].n < 20000) { /* the next layer */
		tb_bset *from = &b[at], *to = &b[!at];
		tb_bset_clear(to);
		for (uint32_t i = 0; i < from->n; i++) {
			tb_state w;
			tb_bset_get(from, i, &w);
			size_t n = tb_turns_generate(rs, &w, &all);
			for (size_t j = 0; j < n; j++) {
				tb_state v = w;
				rs->rules->play(rs, &v, &all.v[j], NULL);
				if (rs->rules->canon)
					rs->rules->canon(rs, &v);
				assert_true(tb_bset_add(to, &v, &added) != UINT32_MAX);
			}
		}
		assert_true(to->n > 0);
		at = !at;
	}
	const tb_bset *l = &b[at];
	double keys = (double)((uint64_t)l->width * l->n + l->nover) / l->n;
	double each = keys + 4.0 * l->nslot / l->n;
	print_message("set %s: %u positions, records of %u bytes, %.1f bytes a position "
	              "(%.1f of them its key)\n", name, l->n, l->width, each, keys);
	assert_true(keys <= 16);
	assert_true(each <= 26);
	tb_turns_free(&all);
	tb_bset_free(&b[0]);
	tb_bset_free(&b[1]);
}

static void test_poskey_games(void **state)
{
	(void)state;
	S_run r = {0, 0, 0x5eed, 0};
	unsigned long stored = 0;
	unsigned long long stored_bytes = 0;
	for (size_t gi = 0; gi < 3; gi++) {
		const tb_game *g = tb_game_at(gi);
		tb_ruleset rs;
		char why[256];
		tb_opts none;
		memset(&none, 0, sizeof none);
		assert_int_equal(tb_ruleset_init(&rs, g, &none, why, sizeof why), 0);
		S_run one = {0, 0, r.rng + gi, 0};
		S_games(&one, &rs, TT_SANITIZED ? 20 : 200);
		S_set_bytes(&rs, g->name);
		print_message("poskey %s: %lu keys, %.1f bytes a key on average (changed states "
		              "among them), the longest %zu\n", g->name, one.positions,
		              (double)one.bytes / (double)one.positions, one.longest);
		stored += one.positions;
		stored_bytes += one.bytes;
	}
	assert_true(stored > 1000);
	assert_true(stored_bytes / stored < 48); /* short: not states kept whole */
}

/* A state no game makes: a piece of both sides, and cells on empty
 * points; kept whole, it comes back whole. */
static void test_poskey_whole(void **state)
{
	(void)state;
	S_run r = {0, 0, 1, 0};
	tb_state s;
	memset(&s, 0, sizeof s);
	s.bits[0] = s.bits[1] = 0x8000000000000001ull;
	s.cell[0] = 0xff;
	s.cell[17] = 3;
	s.quiet = 99999;
	s.number = 4000000000u;
	S_round(&r, &s);
	assert_int_equal(r.longest, 1 + 16 + 64 + 1 + 0 + 3 + 5);
	s.bits[1] = 0;
	S_round(&r, &s);
}

/* A set of positions by key: each added once, found, given back in the
 * order added. */
static void test_poskey_set(void **state)
{
	(void)state;
	tb_bset b;
	memset(&b, 0, sizeof b);
	tb_state s;
	memset(&s, 0, sizeof s);
	for (unsigned i = 0; i < 5000; i++) {
		s.bits[0] = (uint64_t)i * 0x9E3779B97F4A7C15ull >> 14;
		s.cell[0] = 0;
		for (unsigned p = 0; p < 64; p++)
			s.cell[p] = (s.bits[0] >> p & 1) ? TB_CELL(0, p % 4, p % 3 == 0) : 0;
		s.number = i / 7;
		int added;
		assert_int_equal(tb_bset_add(&b, &s, &added), i);
		assert_true(added);
		assert_int_equal(tb_bset_add(&b, &s, &added), i);
		assert_false(added);
	}
	for (unsigned i = 0; i < 5000; i += 37) {
		tb_state got;
		tb_bset_get(&b, i, &got);
		assert_int_equal(tb_bset_find(&b, &got), (long)i);
		assert_int_equal(got.number, i / 7);
	}
	s.number = 1u << 30;
	assert_int_equal(tb_bset_find(&b, &s), -1);
	tb_bset_free(&b);
}

/* A set whose keys are of many lengths: the first short (an empty
 * board), then keys longer than its records while it is small (the
 * records widened), and after it grew, longer ones again and states kept
 * whole (kept apart, their records saying where); each found, given
 * back, and still so after some are dropped (tb_bset_move, as
 * tb_stretch_keep does). */
static void test_poskey_set_widths(void **state)
{
	(void)state;
	enum { N = 2 * TB_BLOCK + 9000 };
	static tb_state v[N];
	tb_bset b;
	memset(&b, 0, sizeof b);
	uint32_t width = 0;
	for (unsigned i = 0; i < N; i++) {
		if (i == 2 * TB_BLOCK)
			width = b.width;
		tb_state *s = &v[i];
		memset(s, 0, sizeof *s);
		unsigned pieces = i == 0 ? 0 : 1 + i % (i < 4096 ? 12 : 60);
		for (unsigned k = 0; k < pieces; k++) {
			unsigned p = (i * 7 + k * 13) % 64;
			if ((s->bits[0] | s->bits[1]) >> p & 1)
				continue;
			s->bits[k % 2] |= (uint64_t)1 << p;
			s->cell[p] = TB_CELL(k % 2, k % 3, 0);
		}
		if (i % 97 == 5) /* not TB_CELL of its side: kept whole */
			s->cell[(i * 7) % 64] ^= 0x40;
		s->number = i;
		s->quiet = i % 3 ? 0 : i * 11;
		int added;
		assert_int_equal(tb_bset_add(&b, s, &added), i);
		assert_true(added);
	}
	assert_true(b.width > 8); /* widened from the empty board's */
	/* and again when the records, two blocks of them, doubled */
	print_message("set widths: %u, then %u; %u bytes of long keys\n", width, b.width, b.nover);
	assert_true(b.width > width);
	assert_true(b.nover > TB_BLOCK); /* more than a block of long keys */
	for (unsigned i = 0; i < N; i++) {
		tb_state got;
		tb_bset_get(&b, i, &got);
		assert_true(tb_state_same(&got, &v[i]));
		assert_int_equal(tb_bset_find(&b, &v[i]), (long)i);
	}
	uint32_t k = 0; /* every third kept */
	for (uint32_t i = 0; i < N; i += 3)
		tb_bset_move(&b, k++, i);
	b.n = k;
	assert_true(tb_bset_rehash(&b, b.nslot));
	for (unsigned i = 0; i < N; i++)
		assert_int_equal(tb_bset_find(&b, &v[i]), i % 3 ? -1 : (long)(i / 3));
	tb_bset_free(&b);
}

/* The arrays a set grows (blocks.h): never copied once the first block
 * is whole -- an element stays where it was written -- and never more
 * than a block of room beyond the last element; what was written is
 * read back. */
static void test_poskey_blocks(void **state)
{
	(void)state;
	tb_blocks a;
	memset(&a, 0, sizeof a);
	uint8_t *first = NULL;
	for (uint32_t i = 0; i < 5 * TB_BLOCK + 7; i++) {
		assert_true(tb_blocks_room(&a, i, sizeof(uint32_t)));
		assert_true(a.cap > i && a.cap <= i + TB_BLOCK);
		memcpy(tb_blocks_at(&a, i, sizeof(uint32_t)), &i, sizeof i);
		if (i == TB_BLOCK - 1)
			first = tb_blocks_at(&a, 0, sizeof(uint32_t));
		if (i >= TB_BLOCK)
			assert_ptr_equal(tb_blocks_at(&a, 0, sizeof(uint32_t)), first);
	}
	assert_int_equal(a.nb, 6);
	for (uint32_t i = 0; i < 5 * TB_BLOCK + 7; i += 97) {
		uint32_t v;
		memcpy(&v, tb_blocks_at(&a, i, sizeof(uint32_t)), sizeof v);
		assert_int_equal(v, i);
	}
	tb_blocks_free(&a);
	assert_null(a.b);
	assert_int_equal(a.cap, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_poskey_games),
		cmocka_unit_test(test_poskey_whole),
		cmocka_unit_test(test_poskey_set),
		cmocka_unit_test(test_poskey_set_widths),
		cmocka_unit_test(test_poskey_blocks),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
