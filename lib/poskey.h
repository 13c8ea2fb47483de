/*
 * poskey.h -- a position as a short string of bytes (internal): what
 * the sets of a search store (reconstruct.c), each position as few
 * bytes as it needs rather than a whole tb_state (104 bytes).
 *
 * The encoding is lossless for every tb_state, whatever the game: a
 * digit in base 3 a point, five a byte, says where each side's pieces
 * stand (two bits a point when the cells are kept whole); the common case --
 * every empty point's cell 0, every occupied one the side its bit set
 * says with a type and a crown (TB_CELL) -- takes nothing more when
 * every piece is of type 0 uncrowned (La Pitarra), two bits a piece
 * when every type and crown fits them, and a nibble a piece else; a
 * cell holding more than TB_CELL (a flag such as Ocencahuac's cooling)
 * takes a byte a piece, and only a stray cell on an empty point or a
 * piece of both sides keeps the 64 cells whole. Two states are one position
 * (tb_state_same) exactly when their keys are the same bytes, so a set
 * compares keys and never decodes to compare; and no key is the start
 * of another, so keys padded with zeros to one width compare the same.
 */
#ifndef TB_POSKEY_H
#define TB_POSKEY_H

#include <stddef.h>
#include <stdint.h>

#include "rules.h"

#define TB_POSKEY_MAX 128 /* bytes of the longest key (a state kept whole: 103) */

/* Writes the key of 's' into 'key' (TB_POSKEY_MAX bytes of room);
 * returns its length, at least 1. */
size_t tb_poskey_pack(const tb_state *s, uint8_t *key);
/* The state whose key is the 'n' bytes at 'key', into 'out'. */
void tb_poskey_unpack(const uint8_t *key, size_t n, tb_state *out);

#endif
