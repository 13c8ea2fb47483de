/*
 * reach.c -- may one position follow another in so many turns? The
 * rules' two bounds (reconstruct.h, tb_reach_bound): what a
 * search of a gap before a restated position is pruned by
 * (spec/reconstruct.md §2).
 */
#include "reconstruct.h"

#include "rules.h"

int tb_reach_bounded(const tb_ruleset *rs)
{
	return rs->rules->bound || rs->rules->turns_needed;
}

/* Each side plays every other turn, the side to move in 's' first: a
 * side that needs more turns than it has left cannot get there. */
int tb_reach_bound(const tb_ruleset *rs, const tb_state *s, const tb_state *target,
                   unsigned turns)
{
	if (rs->rules->bound && !rs->rules->bound(rs, s, target, turns))
		return 0;
	unsigned need[2];
	if (!rs->rules->turns_needed)
		return 1;
	if (!rs->rules->turns_needed(rs, s, target, need))
		return 0;
	return need[s->to_move] <= (turns + 1) / 2 && need[!s->to_move] <= turns / 2;
}

/* The game's tb_rules.unmove (NULL: it has none). */
const tb_unmoves *tb_reach_unmove(const tb_ruleset *rs)
{
	return rs->rules->unmove;
}
