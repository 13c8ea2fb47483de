/*
 * repair_walk.h -- the written turns replayed after a repair (internal,
 * repair.c's; spec/reconstruct.md §4.4): each written move read as the
 * rules can check it, checked in a position, and the written turns of a
 * line played on from a repair as far as they stay legal.
 */
#ifndef TB_REPAIR_WALK_H
#define TB_REPAIR_WALK_H

#include <stdint.h>

#include "repair.h"

/* The move a node writes when it is a turn the rules can replay as it
 * stands -- every point known and on the board -- or NULL ('*pass' set
 * for a pass). A reading is its first alternative. */
static inline const tb_move *tb_repair_written(const tb_ruleset *rs, const tb_node *n, int *pass)
{
	uint8_t kind = n->kind;
	const tb_move *m = &n->move;
	if (kind == TB_NODE_READING) {
		kind = n->alts[0].kind;
		m = &n->alts[0].move;
	}
	*pass = kind == TB_NODE_PASS;
	if (*pass)
		return m;
	if (kind != TB_NODE_MOVE)
		return NULL;
	for (unsigned i = 0; i < m->nparts; i++)
		if (m->parts[i].pt == TB_PT_UNKNOWN || tb_geo_at(&rs->geo, m->parts[i].pt) < 0)
			return NULL;
	return m;
}

/* The one legal turn of 's' that written move 'm' (a pass when 'pass')
 * is, with its crown marker, or NULL (tb_turn_one: it points into 'l',
 * until the next use of 'l'); memory running out sets '*nomem'. */
const tb_turn *tb_repair_found(const tb_ruleset *rs, const tb_state *s, const tb_move *m,
                               int pass, tb_turns *l, int *nomem);

/* A written move as the walks check it: what tb_repair_written reads
 * of its node, and whether the rules' own check answers for it
 * (tb_repair_direct). Read once per node and search (tb_repair_follow's
 * table), not at every turn a walk replays: the walks of one search
 * replay the same few written turns again and again. */
typedef struct tb_repair_move {
	const tb_node *node; /* NULL: a slot not filled */
	const tb_move *m;    /* NULL: the rules cannot replay it as written */
	uint8_t pass;
	uint8_t direct;
} tb_repair_move;

/* The written moves read, direct-mapped by node (a slot holds the last
 * node read there; its pointer is compared in full). */
enum { TB_REPAIR_MOVES = 64 };
typedef struct tb_repair_moves {
	tb_repair_move v[TB_REPAIR_MOVES];
} tb_repair_moves;

/* Does the rules' own check answer for written move 'm' (NULL: none), as
 * tb_turn_one asks: a move (not a pass) the direct check lists
 * (tb_turn_direct) and rules->one? tb_turn_one's first path. */
int tb_repair_direct(const tb_ruleset *rs, const tb_move *m, int pass);

/* tb_repair_found for written move 'w': the rules' own check called
 * directly when it answers for it, as tb_turn_one would call it (its
 * list ready in 'l'); else tb_turn_one. The same answer, without tb_turn_one's reading
 * of the move at every turn. */
static inline const tb_turn *tb_repair_found_read(const tb_ruleset *rs, const tb_state *s,
                                                  const tb_repair_move *w, tb_turns *l,
                                                  int *nomem)
{
	if (w->direct && l->cap) {
		int one = rs->rules->one(rs, s, w->m, &l->v[0]);
		if (one >= 0)
			return one ? &l->v[0] : NULL;
	}
	return tb_repair_found(rs, s, w->m, w->pass, l, nomem);
}

/* Plays written move 'w' into '*s' when it is a legal turn there, as
 * tb_repair_found_read and rules->play would: 1 when it was, 0 (and '*s'
 * unchanged) when not. The rules' check and play in one call
 * (rules->one_play) where the rules' own check answers for the move:
 * the walks read nothing of the turn but the position it leaves. */
static inline int tb_repair_step_read(const tb_ruleset *rs, tb_state *s, const tb_repair_move *w,
                                      tb_turns *l, int *nomem)
{
	if (w->direct && rs->rules->one_play) {
		int one = rs->rules->one_play(rs, s, w->m);
		if (one >= 0)
			return one;
	}
	const tb_turn *t = tb_repair_found_read(rs, s, w, l, nomem);
	if (!t)
		return 0;
	rs->rules->play(rs, s, t, NULL);
	return 1;
}

/* tb_repair_found, the turn copied into '*out': 0 when there is none. */
int tb_repair_one(const tb_ruleset *rs, const tb_state *s, const tb_move *m, int pass,
                  tb_turns *l, tb_turn *out, int *nomem);

/* Plays the turns of repair 'r' from '*s' when each is legal there (a
 * repair gone on under, replayed after another edit before it, may not
 * be); 0 when one is not. */
int tb_repair_play(const tb_ruleset *rs, tb_state *s, const tb_repair *r, tb_turns *l,
                   int *nomem);

/* The repair gone on under (tb_repair_in.under) as the walks of one
 * search replay it: each of its turns read as a written move, with
 * whether the rules' own check answers for it (tb_repair_direct) --
 * read once a search, not at every walk that passes it (a second
 * slip's search replays it in most of its walks). */
typedef struct tb_repair_under {
	const tb_repair *r;
	tb_move m[3];
	tb_repair_move w[3];
} tb_repair_under;

/* Reads repair 'r' into '*u' (its turns point into 'r', which must
 * outlive it). */
void tb_repair_under_read(const tb_ruleset *rs, const tb_repair *r, tb_repair_under *u);

/* tb_repair_play for a repair read by tb_repair_under_read: the same
 * answer and the same position. */
int tb_repair_play_read(const tb_ruleset *rs, tb_state *s, const tb_repair_under *u, tb_turns *l,
                        int *nomem);

/* Plays the written turns from node 'n' on, at most 'limit' of them,
 * from '*s', which ends in the position they reach; returns how many
 * were legal, '*illegal' set when the walk stopped at one that was not.
 * At node under->r->node (when 'under'), the turns of that repair are
 * played in place of the written ones it stands for, which count for
 * none (they have no slot in the look-back). A turn the rules cannot
 * replay as written (an unknown one, a gap, a restated position) ends
 * the walk as the end of the line does. 'read' (the search's, zeroed at
 * its start) holds the written moves read; NULL reads each at every turn,
 * and the repair under too (tb_repair_in.plain). 'c' (or NULL) counts
 * the moves read. */
unsigned tb_repair_follow(const tb_ruleset *rs, tb_state *s, const tb_node *n, unsigned limit,
                          const tb_repair_under *under, tb_turns *l, tb_repair_moves *read,
                          tb_repair_counts *c, int *illegal, int *nomem);

/* The written turns of a search's line, in order, each read once
 * (tb_repair_move): the first look-back turn's and those after it, as
 * tb_repair_next_turn goes, at most TB_REPAIR_SEQ of them. A walk steps
 * through them by index (tb_repair_follow_seq) instead of following the
 * nodes and looking each up in the table of written moves. */
enum { TB_REPAIR_SEQ = 128 };
typedef struct tb_repair_seq {
	tb_repair_move v[TB_REPAIR_SEQ];
	/* For rules->one_play_run: each entry's move, and how many entries
	 * from it on in a row the rules' own check answers for (a move, not
	 * a pass, 'direct'): a walk hands such a run to the rules at once. */
	const tb_move *mv[TB_REPAIR_SEQ];
	uint8_t run[TB_REPAIR_SEQ];
	size_t n;
	int more;        /* the line goes on past v[n - 1] */
	size_t under;    /* the index of the repair gone on under's node, if any */
} tb_repair_seq;

/* Reads the written turns from node 'n' on into 'q', at most 'cap' (0 or
 * more than TB_REPAIR_SEQ: TB_REPAIR_SEQ); 'under' (or NULL) is the
 * repair gone on under, whose node's index it keeps; 'c' (or NULL)
 * counts the moves read. */
void tb_repair_seq_read(const tb_ruleset *rs, const tb_node *n, const tb_repair *under,
                        size_t cap, tb_repair_seq *q, tb_repair_counts *c);

/* tb_repair_follow from q->v[i].node: the same turns played, the same
 * answer and position. Past the turns 'q' holds, it goes on as
 * tb_repair_follow does ('read', 'c'). */
unsigned tb_repair_follow_seq(const tb_ruleset *rs, tb_state *s, const tb_repair_seq *q, size_t i,
                              unsigned limit, const tb_repair_under *under, tb_turns *l,
                              tb_repair_moves *read, tb_repair_counts *c, int *illegal,
                              int *nomem);

/* Is 's' the position 'said' restates, as a restatement is checked
 * (tb_restate_soft): what it leaves unsaid, such as what happened
 * before it, is no difference? Out of memory it sets '*nomem'. */
int tb_repair_reaches(const tb_ruleset *rs, const tb_state *s, const tb_position *said,
                      int *nomem);

#endif
