/*
 * pitarra.h -- what La Pitarra's notation (game.c) and rules (rules.c) share
 * (internal to this folder).
 *
 * The options' indices: game.c's table is written with them as
 * designated initializers ([O_BOARD] = {...}), so the rules' rs->opt[i]
 * and the table cannot drift apart, whatever the order of the lines.
 * The value enums list each option's values in the order of its
 * "a|b|c" (rs->opt holds that index).
 */
#ifndef TB_GAME_PITARRA_H
#define TB_GAME_PITARRA_H

#include "rules.h"

enum { O_BOARD, O_DIAGONALS, O_MOVEMENT, O_FLYING, O_PROTECT, O_CAPTURE, O_COLUMPIO,
       O_BLOCKED, O_LIMIT, O_COUNT };
enum { MOVE_STEP, MOVE_SLIDE, MOVE_FLY };

extern const tb_rules tb_rules_pitarra;

#endif
