/*
 * games/asalto/bound.c -- the turns each side must still play to reach
 * a known position (tb_rules.turns_needed; spec/reconstruct.md §2).
 *
 * The argument, from the rules (spec/games/asalto.md §3): under
 * forward=rank an attacker steps forwards (up the board) or sideways,
 * one point along a line a turn, and never comes back down; nothing
 * else moves an attacker, and attackers are only ever taken. So
 * - the attackers the position sought has on rank r or below are
 *   attackers now on rank r or below (none climbs down to them): more of
 *   them there than now, and no number of turns reaches it;
 * - every attackers' turn raises the sum of the attackers' ranks by one
 *   at most, and the attackers that are left had, now, at most the sum
 *   of the highest ranks of as many attackers: the rest of the climb is
 *   the attackers' turns at least.
 * Under forward=fortress and forward=path forwards is measured by the
 * way to the fortress, not the rank, and nothing is claimed.
 */
#include "rules.h"

#include "asalto.h"

enum { ATT = 0, MAXRANK = 16 };

/* How many of the attackers of 's' stand on each rank, into 'n'. */
static void S_ranks(const tb_ruleset *rs, const tb_state *s, unsigned n[MAXRANK])
{
	for (int r = 0; r < MAXRANK; r++)
		n[r] = 0;
	for (uint64_t m = s->bits[ATT]; m; m &= m - 1) {
		unsigned r = TB_PT_RANK(rs->geo.points[__builtin_ctzll(m)].pt);
		n[r < MAXRANK ? r : MAXRANK - 1]++;
	}
}

int tb_asalto_turns_needed(const tb_ruleset *rs, const tb_state *s, const tb_state *target,
                           unsigned need[2])
{
	need[0] = need[1] = 0;
	if (rs->opt[O_FORWARD] != FORWARD_RANK)
		return 1;
	unsigned a[MAXRANK], b[MAXRANK], below_a = 0, below_b = 0, nb = 0;
	S_ranks(rs, s, a);
	S_ranks(rs, target, b);
	unsigned climb = 0;
	for (int r = 0; r < MAXRANK; r++) {
		below_a += a[r];
		below_b += b[r];
		if (below_b > below_a)
			return 0;
		climb += (unsigned)r * b[r];
		nb += b[r];
	}
	unsigned top = 0; /* the highest ranks of nb attackers of 's' */
	for (int r = MAXRANK - 1; r >= 0 && nb; r--) {
		unsigned k = a[r] < nb ? a[r] : nb;
		top += (unsigned)r * k;
		nb -= k;
	}
	need[ATT] = climb > top ? climb - top : 0;
	return 1;
}
