/*
 * validate.h -- replaying a record by its rules, for what is built on it
 * (internal; tb_reader_validate is the public face).
 */
#ifndef TB_VALIDATE_H
#define TB_VALIDATE_H

#include "rules.h"

struct tb_replay;

/* Called when the rules and the rest of the line decide an open turn:
 * 'node' (an unknown turn, a token with '?' points, a gap) was the 'n'
 * turns 'turns', the first played at turn 'number' by side 'side'.
 * Returns 1 when it takes the decision (it is then not reported as a
 * diagnostic), 0 when it leaves it. */
typedef int (*tb_decide_fn)(void *ctx, const tb_node *node, const tb_turn *turns, size_t n,
                            unsigned number, int side);

/* One repair of a slip (spec/reconstruct.md §4), typed: the written
 * turns it changes and the turns in their place. */
typedef struct tb_slip_repair {
	int kind;                  /* repair.h's tb_repair_kind */
	const tb_node *first;      /* the first written turn it changes (the one a
	                              missing turn goes before; the copy dropped) */
	const tb_node *nodes[3];   /* the written turns it stands for, in order */
	unsigned nnodes;
	const tb_turn *turns;      /* the turns in their place, in order */
	unsigned nturns;
} tb_slip_repair;

/* Called for each illegal turn 'illegal' that slips explain: the 'n'
 * repairs kept, best first (those named on the error); 'went_on' the
 * one checking went on with (-1: none), 'certain' when it went on as if
 * it were so (else under the assumption). Called too for a restated
 * position ('illegal' its node) that the written turns before it do not
 * reach, with the repairs after which they do; 'went_on' is then -1
 * (checking goes on from the position). When checking later switches to
 * another of a slip's repairs (the beam, spec/reconstruct.md §4.3), it
 * is told again for the same 'illegal', with that repair alone ('went_on'
 * 0, 'certain' 0). Not called for a slip after an open turn or a gap
 * (validate_open_slips.c): those are notes only. Everything is borrowed
 * for the call. */
typedef void (*tb_slip_fn)(void *ctx, const tb_node *illegal, const tb_slip_repair *r,
                           size_t n, int went_on, int certain);

/* Whom a replay tells what: each callback may be NULL. */
typedef struct tb_validate_opts {
	tb_turn_fn turn;       /* each turn played (tb_reader_validate's 'fn') */
	void *turn_ctx;
	tb_decide_fn decide;   /* each open turn decided (fill, collate) */
	void *decide_ctx;
	tb_fault_fn fault;     /* each fault, typed (tb_reader_validate_faults) */
	void *fault_ctx;
	struct tb_replay *frames; /* the replay's frames kept here (replay.h), or NULL */
	tb_slip_fn slip;       /* each slip's repairs (fill: readings to come) */
	void *slip_ctx;
} tb_validate_opts;

/* tb_reader_validate telling 'o' (NULL: no one) what it finds;
 * TB_ENOMEM when memory ran out (see tb_reader_validate). */
int tb_validate_soft(tb_reader *r, const tb_record *rec, const tb_validate_opts *o);
/* tb_validate_soft for its callers not yet made to recover: out of
 * memory aborts (xalloc.h). */
int tb_validate(tb_reader *r, const tb_record *rec, const tb_validate_opts *o);

/* tb_validate_soft keeping the frames of its replay in 'rp' (replay.h). */

int tb_validate_replay(tb_reader *r, const tb_record *rec, struct tb_replay *rp);

/* The replays of 'r' give verdicts only (on != 0), for a caller that
 * reads of each diagnostic its severity and code, never its words (the
 * index, index.c): the typed replay -- frames, events, where each line
 * is refused -- and the diagnostics' severities, codes and places are
 * those of a full replay up to the first turn refused on each line;
 * after it the line's positions are not known either way (a slip's
 * repair is not the record's position, spec/collection.md §8), and a
 * full replay, going on under a repair, may report more. Under it no
 * slip is searched for (tb_replay_slip_list: none), no note is added
 * to any diagnostic of 'r', the reader's own included (tb_diag_note*;
 * the notes on older defaults, validate.c S_note_was, not even
 * tried), and the replay's own messages are not worded (a fixed
 * text). Internal: the library's index is its one user. */
void tb_reader_set_verdicts(tb_reader *r, int on);

#endif
