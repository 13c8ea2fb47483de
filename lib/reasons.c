/*
 * reasons.c -- the phrasings the rules engines share (reasons.h).
 */
#include <stdio.h>
#include <string.h>

#include "reasons.h"

void tb_say_whose(char *out, size_t n, const tb_game *g, int side)
{
	const char *name = g->side_name[side];
	size_t len = strlen(name);
	snprintf(out, n, "%s%s", name, len && name[len - 1] == 's' ? "'" : "'s");
}

void tb_say_not_yours(char *why, size_t n, const tb_game *g, int to_move, const char *pt)
{
	char whose[64];
	tb_say_whose(whose, sizeof whose, g, to_move);
	snprintf(why, n, "it is %s turn; %s holds %s", whose, pt, g->side_piece[!to_move]);
}

void tb_say_nowhere(char *why, size_t n, const char *pt)
{
	snprintf(why, n, "it goes nowhere: it starts and ends on %s", pt);
}

void tb_say_empty(char *why, size_t n, const char *pt, const char *rest)
{
	snprintf(why, n, "%s is empty%s%s", pt, rest ? ": " : "", rest ? rest : "");
}

void tb_say_occupied(char *why, size_t n, const char *pt)
{
	snprintf(why, n, "%s is occupied", pt);
}

void tb_say_no_fit(char *why, size_t n) { snprintf(why, n, "no legal turn fits it"); }
