/*
 * pitarra.h -- what La Pitarra's notation (game.c) and rules (rules.c) share
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
#ifndef TB_GAME_PITARRA_H
#define TB_GAME_PITARRA_H

#include "rules.h"

enum { O_BOARD, O_DIAGONALS, O_MOVEMENT, O_FLYING, O_PROTECT, O_CAPTURE, O_COLUMPIO,
       O_BLOCKED, O_LIMIT, O_COUNT };
enum { BOARD_24, BOARD_25 };
enum { DIAGONALS_TERCIA, DIAGONALS_MOVEMENT };
enum { MOVE_STEP, MOVE_SLIDE, MOVE_FLY };
enum { FLYING_NONE, FLYING_AT3 };
enum { PROTECT_NONE, PROTECT_TERCIA };
enum { CAPTURE_MANDATORY, CAPTURE_OPTIONAL };
enum { COLUMPIO_FREE, COLUMPIO_NO_RETURN };
enum { BLOCKED_PASS, BLOCKED_LOSE };
enum { LIMIT_NONE, LIMIT_N };

extern const tb_rules tb_rules_pitarra;

#endif
