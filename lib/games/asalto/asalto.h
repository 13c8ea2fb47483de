/*
 * asalto.h -- what Asalto's notation (game.c) and rules (rules.c) share
 * (internal to this folder).
 *
 * The options' indices: game.c's table is written with them as
 * designated initializers ([O_BOARD] = {...}), so the rules' rs->opt[i]
 * and the table cannot drift apart, whatever the order of the lines.
 * The value enums list each option's values in the order of its
 * "a|b|c" (rs->opt holds that index), every value named: game.c's
 * S_values ties each name to its text, which tests/unit/test_games.c
 * checks is at that place, so a value moved in "a|b|c" is caught.
 */
#ifndef TB_GAME_ASALTO_H
#define TB_GAME_ASALTO_H

#include "rules.h"

enum { O_FIRST, O_BLUE, O_FORWARD, O_CHAIN, O_HUFF, O_HUFF_TARGET, O_IMMOBILE, O_LOCKOUT,
       O_DIAGONALS, O_COUNT };
enum { FIRST_ATTACKERS, FIRST_DEFENDERS };
enum { BLUE_DIAGONALS, BLUE_HORIZONTALS, BLUE_FORTRESS };
enum { FORWARD_RANK, FORWARD_FORTRESS, FORWARD_PATH };
enum { CHAIN_STRAIGHT, CHAIN_ONE_TURN, CHAIN_ZIGZAG, CHAIN_RIGHT_ANGLES };
enum { HUFF_OPTIONAL, HUFF_AUTOMATIC, HUFF_OFF, HUFF_COMPULSORY };
enum { HUFF_TARGET_CAPTURER, HUFF_TARGET_MOVER };
enum { IMMOBILE_PASS, IMMOBILE_LOSE };
enum { LOCKOUT_DRAW, LOCKOUT_PLAY };
enum { DIAGONALS_ALQUERQUE, DIAGONALS_NONE };

extern const tb_rules tb_rules_asalto;

/* tb_rules.turns_needed (bound.c). */
int tb_asalto_turns_needed(const tb_ruleset *rs, const tb_state *s, const tb_state *target,
                           unsigned need[2]);

#endif
