/*
 * walk.h -- a record's main line replayed turn by turn (internal).
 *
 * What every reader of positions needs (tablero show, the diagrams, the
 * positions a record names by turn): the position after each turn, the
 * turn played and its events, and -- where the rules cannot follow the
 * record -- where and why they stopped. Nothing is reported here:
 * legality is validate.c's business. A turn the rules cannot follow (an
 * illegal or ambiguous one, an unknown turn with more than one legal
 * turn, a gap) stops the replay until the record restates the position.
 */
#ifndef TB_WALK_H
#define TB_WALK_H

#include "rules.h"

typedef struct tb_walk {
	const tb_record *rec;
	tb_ruleset rs;
	const tb_node *next;   /* the next node of the main line, or NULL */
	long ply;              /* turns of the main line walked */
	int live;              /* 'st' is the position after them */
	tb_state st;           /* else the last position known, after */
	long live_ply;         /* this many turns */
	/* the last turn played (has_last), and what it did */
	int has_last;
	tb_turn last;
	tb_events ev;
	const tb_node *last_node;
	/* since the replay stopped (live 0): the node it stopped at and why */
	const tb_node *stop;
	char why[320];
	tb_turns turns;        /* scratch */
	int soft;              /* out of memory stops the walk, 'nomem' set */
	int nomem;             /* (else aborts: xalloc.h) */
} tb_walk;

/* Starts walking 'rec' (no errors; its game has a rules engine) at its
 * start. Returns 0, or -1 with 'why' set when its options or start
 * cannot be played (then nothing is to be freed). */
int tb_walk_start(tb_walk *w, const tb_record *rec, char *why, size_t n);

/* Walks one node: returns 1 for a turn (ply counted, played when
 * live), 2 for a gap or a restated position, 0 at the end. */
int tb_walk_node(tb_walk *w);

/* Walks to 'ply' turns (and a position restated right after the last,
 * which is the position after it). Returns 0, or -1 when the main line
 * is shorter. */
int tb_walk_to(tb_walk *w, long ply);

/* "10... d5-d6": the last turn played, as numbered and written. */
void tb_walk_last_token(const tb_walk *w, tb_buf *b);

void tb_walk_free(tb_walk *w);

#endif
