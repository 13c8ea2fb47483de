/*
 * reasons.h -- the phrasings the rules engines share (internal).
 *
 * A transcriber meets the engines through their reasons ("d5-d6: it is
 * Red's turn; d5 holds a yellow piece"). What every game says alike is
 * said here once, from the game's names (tb_game.side_name/side_piece),
 * so the three engines speak with one voice; what only one game has
 * stays in its engine, in the same manner: the fact first, then the
 * rule, the option that decides it last in parentheses.
 */
#ifndef TB_REASONS_H
#define TB_REASONS_H

#include <stddef.h>

#include "game.h"

/* "it is Red's turn; d5 holds a yellow piece": a turn that moves the
 * other side's piece on point 'pt' ("d5"). */
void tb_say_not_yours(char *why, size_t n, const tb_game *g, int to_move, const char *pt);

/* "it goes nowhere: it starts and ends on d6". */
void tb_say_nowhere(char *why, size_t n, const char *pt);

/* "d5 is empty" (and 'rest', when not NULL: ": there is no piece to
 * take"). */
void tb_say_empty(char *why, size_t n, const char *pt, const char *rest);

/* "d5 is occupied". */
void tb_say_occupied(char *why, size_t n, const char *pt);

/* "no legal turn fits it": what is said when nothing more precise is. */
void tb_say_no_fit(char *why, size_t n);

/* "Red's" or "the attackers'": side 'side''s name, possessive. */
void tb_say_whose(char *out, size_t n, const tb_game *g, int side);

#endif
