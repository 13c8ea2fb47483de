/*
 * asalto.h -- what Asalto's notation (game.c) and rules (rules.c) share
 * (internal to this folder).
 *
 * The options' indices: game.c's table is written with them as
 * designated initializers ([O_BOARD] = {...}), so the rules' rs->opt[i]
 * and the table cannot drift apart, whatever the order of the lines.
 * The value enums list each option's values in the order of its
 * "a|b|c" (rs->opt holds that index).
 */
#ifndef TB_GAME_ASALTO_H
#define TB_GAME_ASALTO_H

#include "rules.h"

enum { O_FIRST, O_BLUE, O_FORWARD, O_CHAIN, O_HUFF, O_HUFF_TARGET, O_IMMOBILE, O_LOCKOUT,
       O_DIAGONALS, O_COUNT };
enum { BLUE_DIAGONALS, BLUE_HORIZONTALS, BLUE_FORTRESS };
enum { FORWARD_RANK, FORWARD_FORTRESS, FORWARD_PATH };
enum { CHAIN_STRAIGHT, CHAIN_ONE_TURN, CHAIN_ZIGZAG, CHAIN_RIGHT_ANGLES };
enum { HUFF_OPTIONAL, HUFF_AUTOMATIC, HUFF_OFF, HUFF_COMPULSORY };
enum { LOCKOUT_DRAW, LOCKOUT_PLAY };

extern const tb_rules tb_rules_asalto;

#endif
