/*
 * tateti.h -- what Tateti's notation (game.c) and rules (rules.c) share.
 *
 * Tateti is the toy game of the tests (tests/toy.sh): three men's
 * morris on the 3x3 board, built only into the test binary (the
 * Makefile's $(BUILD)/tests/tablero-toy), to prove that a game is one
 * folder: no file outside this one names it.
 */
#ifndef TB_GAME_TATETI_H
#define TB_GAME_TATETI_H

#include "rules.h"

/* The options' indices (game.c's table is written with them). */
enum { O_MOVES, O_BLOCKED, O_COUNT };
/* Each option's values, in the order of its "a|b". */
enum { MOVES_STEP, MOVES_FLY, MOVES_SWAP };
enum { BLOCKED_LOSE, BLOCKED_PASS };

enum { TATETI_PIECES = 3 }; /* each side's */
enum { TATETI_EV_CENTRE }; /* its own events, their places in game.c's list */
enum { TATETI_PART_SWAP }; /* its own parts, their places in game.c's list */

extern const tb_rules tb_rules_tateti;

#endif
