/*
 * ocencahuac.h -- what Ocencahuac's notation (game.c) and rules (rules.c) share
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
#ifndef TB_GAME_OCENCAHUAC_H
#define TB_GAME_OCENCAHUAC_H

#include "rules.h"

enum { O_RIVER, O_FIRST, O_PRINCE, O_JUMP, O_CHAIN, O_PUSH_TARGET, O_PUSH_DIR, O_PUSH_SIDE,
       O_PUSH_DIST, O_PUSH_SIDEWAYS, O_COOLDOWN, O_CROWN, O_CROWNED_MOVE, O_RELOCATE,
       O_RELIEF, O_SUPPORT, O_STAGE2_PUSH, O_BLOCKED, O_LIMIT, O_END_RESULT, O_COUNT };
enum { RIVER_4, RIVER_5, RIVER_6 };
enum { FIRST_SANGANGUEY, FIRST_CEBORUCO };
enum { PRINCE_LEAP, PRINCE_STEP, PRINCE_KNIGHT };
enum { JUMP_LINE, JUMP_ONE };
enum { CHAIN_NO, CHAIN_YES };
enum { TARGET_ROYAL, TARGET_ENEMY };
enum { DIR_HOME, DIR_JUMP };
enum { SIDE_JUMP, SIDE_OPPOSITE };
enum { DIST_FARTHEST3, DIST_EXACTLY3, DIST_STOP };
enum { SIDEWAYS_PENULTIMATE, SIDEWAYS_NO_CELL, SIDEWAYS_NEVER };
enum { COOL_NEXT_TURN, COOL_NEXT_MOVE };
enum { CROWN_EACH, CROWN_ALL_THREE };
enum { MOVE_NEW_PLUS_OLD, MOVE_NEW };
enum { AROUND, ORTHOGONAL };
enum { RELIEF_FREES, RELIEF_THREATENED };
enum { SUPPORT_NONE, SUPPORT_TARGET, SUPPORT_CAPTURER };
enum { STAGE2_PUSH_OFF, STAGE2_PUSH_ON };
enum { BLOCKED_PASS, BLOCKED_LOSE };
enum { LIMIT_NONE, LIMIT_200, LIMIT_N };
enum { END_CAPTURES, END_DRAW };

extern const tb_rules tb_rules_ocencahuac;

/* tb_rules.turns_needed (bound.c). */
int tb_ocencahuac_turns_needed(const tb_ruleset *rs, const tb_state *s, const tb_state *target,
                               unsigned need[2]);

/* tb_rules.unmove (unmove.c): the first stage's turns undone, as
 * occupancies. */
extern const tb_unmoves tb_unmoves_ocencahuac;

#endif
