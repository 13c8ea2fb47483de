/*
 * replay_walk.h -- a record's lines followed turn by turn over its one reading
 * (internal).
 *
 * What every reader of positions needs (tablero show, the diagrams, the
 * positions a record names by turn): the position after each turn, the
 * turn played and its events, and -- where the rules do not know the
 * position -- where and why not. The walk replays nothing itself: it
 * reads the frames of the record's one replay (replay.h), so it knows
 * what validate decides of an unknown turn, a '?' point or a gap, and
 * goes on as soon as the rules know the position again (one position
 * left of those possible, or a position the record restates).
 */
#ifndef TB_REPLAY_WALK_H
#define TB_REPLAY_WALK_H

#include "replay.h"

typedef struct tb_walk {
	const tb_record *rec;
	tb_ruleset rs;
	tb_replay *rp;          /* the record's frames */
	int owns;               /* tb_walk_free frees 'rp' (a fork does not: tb_walk_fork) */
	const tb_node *next;   /* the next node of the line walked, or NULL */
	long ply;              /* turns of the line walked */
	int live;              /* 'st' is the position after them */
	tb_state st;           /* else the last position known, after */
	long live_ply;         /* this many turns */
	const tb_frame *frame;  /* the frame of the last node walked (NULL at the start) */
	/* the last turn played (has_last), and what it did */
	int has_last;
	int decided;           /* it was decided by the rules (a '?', a '?' point) */
	tb_turn last;
	tb_events ev;
	const tb_node *last_node;
	/* the last node walked leaves its turn open and the rules know the
	 * position after it but not the turn: several fit, all leading there
	 * (spec/replay.md §3); how many, else 0 */
	unsigned long long settled;
	const tb_node *settled_node;
	/* since the position is not known (live 0): the node the rules
	 * stopped at, and why, in English */
	const tb_node *stop;
	char why[320];
	long why_frame;         /* the frame 'why' is tb_replay_why of (-2: none), for
	                           the same words in another language (tb_replay_why_in) */
	int soft;              /* (kept for its callers: the walk never aborts) */
	int nomem;             /* memory ran out making the replay */
} tb_walk;

/* Starts walking 'rec' (no errors; its game has a rules engine) at its
 * start, replaying it once (replay.h). Returns 0; -1 with 'why' set when
 * its options or start cannot be played; TB_ENOMEM when memory ran out
 * (then nothing is to be freed). */
int tb_walk_start(tb_walk *w, const tb_record *rec, char *why, size_t n);
/* tb_walk_start over 'rp', a replay of 'rec' made already (NULL: made
 * here): the walk reads it and leaves it to its owner. */
int tb_walk_start_on(tb_walk *w, const tb_record *rec, const tb_replay *rp, char *why,
                     size_t n);

/* Walks one node: returns 1 for a turn (ply counted), 2 for a gap or a
 * restated position, 0 at the end. */
int tb_walk_node(tb_walk *w);

/* 'to' goes down another line from where 'w' stands (set its 'next'),
 * sharing w's frames: free it with tb_walk_free all the same. */
void tb_walk_fork(tb_walk *to, const tb_walk *w);

/* Walks alternative 'alt' (> 0) of reading 'n' instead of its first,
 * from where 'w' stands before 'n'. */
void tb_walk_alt(tb_walk *w, const tb_node *n, unsigned alt);

/* Walks to 'ply' turns (and a position restated right after the last,
 * which is the position after it). Returns 0, or -1 when the main line
 * is shorter. */
int tb_walk_to(tb_walk *w, long ply);

/* "10... d5-d6": the last turn played, as numbered and written. */
void tb_walk_last_token(const tb_walk *w, tb_buf *b);

void tb_walk_free(tb_walk *w);

#endif
