/*
 * reasons.h -- the phrasings the rules engines share (internal).
 *
 * A transcriber meets the engines through their reasons ("d5-d6: it is
 * Red's turn; d5 holds a yellow piece"). What every game says alike is
 * said here once, under the house's keys ("why.*", lang_*.c) with the
 * game's own words for its sides as args ("whose.<game>.<side>",
 * "piece.<game>.<side>" in each game's table), so the three engines
 * speak with one voice in each language; what only one game has stays
 * in its engine, in the same manner: the fact first, then the rule, the
 * option that decides it last in parentheses. The reasons are typed
 * (rules.h, tb_why) and worded by tb_why_text in the reader's language.
 */
#ifndef TB_REASONS_H
#define TB_REASONS_H

#include <stddef.h>

#include "rules.h"

/* "it is Red's turn; d5 holds a yellow piece": a turn that moves the
 * other side's piece on point 'pt' ("d5"). */
void tb_say_not_yours(tb_why *why, const tb_game *g, int to_move, const char *pt);

/* "it goes nowhere: it starts and ends on d6". */
void tb_say_nowhere(tb_why *why, const char *pt);

/* "d5 is empty" (and with 'take': ": there is no piece to take"). */
void tb_say_empty(tb_why *why, const char *pt, int take);

/* "d5 is occupied". */
void tb_say_occupied(tb_why *why, const char *pt);

/* "no legal turn fits it": what is said when nothing more precise is. */
void tb_say_no_fit(tb_why *why);

/* tb_why_text of 'w' in 'l' appended to 'b' (room for 'n' bytes made
 * first: the words are cut as tb_why_text's into 'n' bytes would be),
 * with no copy between. Out of memory: 'b' says so (buf.h). */
struct tb_buf;
void tb_why_put(const tb_why *w, const tb_lang *l, struct tb_buf *b, size_t n);

#endif
