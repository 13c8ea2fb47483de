/*
 * repair.h -- what a transcriber's slip may have been, when a written
 * turn is illegal (internal; spec/reconstruct.md, "Slips").
 *
 * The repairs tried are the slips a transcription of a tape or a
 * notebook makes: one point misheard, a capture, removal or pushback
 * not written, a turn left out before this one, two turns swapped. A
 * repair is kept when, after it, the written turns that follow (a
 * window of them) stay legal; none is ever written into the record.
 */
#ifndef TB_REPAIR_H
#define TB_REPAIR_H

#include "rules.h"

/* ORDER REPAIR: most likely first, as repairs are ranked. */
typedef enum tb_repair_kind {
	TB_REPAIR_SOUND = 1,  /* one point misheard for one that sounds alike (its file or rank) */
	TB_REPAIR_PART,       /* a capture, removal or pushback not written */
	TB_REPAIR_MISSING,    /* a turn left out before this one */
	TB_REPAIR_SWAP,       /* this turn and the next swapped */
	TB_REPAIR_SWAP_SIDE,  /* this turn and its side's next one swapped */
	TB_REPAIR_POINT       /* one point written for another */
} tb_repair_kind;

typedef struct tb_repair {
	uint8_t kind;
	uint8_t nturns;        /* turns played in its place */
	uint8_t consumed;      /* written turns they stand for (this one and those after) */
	tb_turn turn[3];
	unsigned reach;        /* written turns after them found legal */
} tb_repair;

/* The repairs of the written turn of 'node' ('m' its move, 'kind' its
 * node kind), illegal in position 's', that keep the next 'window'
 * written turns legal (or all that follow, up to a turn nobody knows,
 * a gap or a restated position). Fills 'out' (at most 'max'), best
 * first; returns how many there are in all. Out of memory it sets
 * '*nomem' and returns 0. */
size_t tb_repairs(const tb_ruleset *rs, const tb_state *s, const void *node, uint8_t kind,
                  const tb_move *m, unsigned window, tb_repair *out, size_t max, int *nomem);

#endif
