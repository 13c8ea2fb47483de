/*
 * validation.h -- a validation under way, as the files that make it
 * share it (internal): validate.c replays the lines and checks them,
 * validate_frames.c fills the replay's frames (replay.h),
 * validate_open.c follows the stretches open turns leave
 * (spec/reconstruct.md).
 */
#ifndef TB_VALIDATION_H
#define TB_VALIDATION_H

#include "collate.h"
#include "reader.h"
#include "reconstruct.h"
#include "repair.h"
#include "replay.h"
#include "rules.h"
#include "validate.h"

/* An open turn of a stretch: the node, its steps, and the written turns
 * replayed after it. */
typedef struct tb_val_pending {
	const tb_node *node;
	size_t step, nsteps;       /* its steps in the stretch */
	int gap;                   /* a gap (its steps are plies), else one turn */
	size_t length;             /* a gap's turns (its steps may be fewer: none fitted) */
	int offboard;              /* a token with points off the board */
	const tb_node *first, *last; /* written turns replayed after it */
} tb_val_pending;

/* The positions the turns reach nearest a position restated where none
 * is it (validate_restated.c): notes for the error that says so. */
typedef struct tb_val_near tb_val_near;

/* A turn a repair played in an open stretch, kept while the stretch is
 * (its step borrows the move, which borrows the turn's parts). */
typedef struct tb_val_kept {
	struct tb_val_kept *next;
	tb_turn t;
	tb_move m;
} tb_val_kept;

/* The positions a line may be in since its first open turn. */
typedef struct tb_val_open {
	tb_stretch *x;
	tb_val_pending *v;
	size_t n, cap;
	tb_val_near *near;         /* said on the error that nothing fits, or NULL */
	int pruned;                /* the last steps were a gap's, towards a */
	size_t pruned_from, plies; /* restated position: from this layer, so many */
	tb_val_kept *kept;         /* the turns repairs played in it */
	const tb_node *repaired;   /* the last written turn a repair explained, or NULL */
} tb_val_open;

/* A fault being reported, until it is told (S_fault_flush): the
 * strings of its tb_fault; candidates NUL-separated in 'cands'. */
typedef struct tb_val_fault {
	int pending;
	tb_fault f;
	tb_buf msg, token, reason, position, cands, repair;
	size_t ncands;
} tb_val_fault;

typedef struct tb_val {
	tb_reader *r;
	const tb_record *rec;
	tb_ruleset rs;
	tb_turns turns;            /* the legal turns of the position at hand */
	size_t nturns;             /* how many, as S_over_before found them */
	tb_turn_fn fn;
	void *ctx;
	tb_buf scratch;
	tb_buf line;               /* the words of the note at hand (tb_val_line):
	                              one buffer for a record's notes */
	tb_search_opts so;         /* the reader's, defaults filled in */
	tb_decide_fn decide;       /* what open turns were found to be (fill) */
	void *decide_ctx;
	const tb_sigla *collation; /* the witnesses, when the record is a collation
	                              (spec/compare.md), else NULL */
	int oom;                   /* memory ran out (sticky): TB_ENOMEM at the end */
	tb_fault_fn fault;         /* told each fault, typed, or NULL */
	void *fault_ctx;
	tb_val_fault pend;              /* the last fault, told once its notes are known */
	tb_replay *rp;             /* the frames kept (replay.h), or NULL */
	long cur;                  /* the frame of the node being replayed, or -1 */
	const char *assume;        /* the assumption of the line at hand (its
	                              tb_val_at's), or NULL: each diagnostic notes it */
	const tb_confusion *conf;  /* the record's language's confusions (repair.h) */
	tb_slip_fn slip;           /* told each slip's repairs, typed, or NULL */
	void *slip_ctx;
	const tb_lang *lang;       /* the rules' reasons in these words (the reader's
	                              tb_reader_set_lang); NULL English */
	const struct tb_val_at *assume_at; /* the tb_val_at of 'assume': the place it names */
	tb_buf say;                /* the words of the diagnostic being told (validate.c,
	                              S_report_said) */
	tb_turns old_turns;        /* the turns under a changed default's old value
	                              (validate.c, S_note_was): one list for the record's
	                              every note, not one made and freed for each; out of
	                              memory it is emptied, and made again when next asked */
} tb_val;

/* The node each step of an open stretch replays (NULL for a gap's
 * plies): the open turns' own, and the written turns' recorded as they
 * are played. And, when frames are kept, each node of the stretch with
 * the layers it goes from and to (a node with no step: from == to). */
typedef struct tb_val_entry {
	long f;
	size_t from, to;
} tb_val_entry;

/* A node of the line whose variations wait for its stretch to settle
 * (spec/replay.md §3): replayed from the position before the node when
 * the stretch decides it, else as a line the rules do not follow. */
typedef struct tb_val_defer {
	const tb_node *node;
	size_t layer;              /* the stretch's layer before the node */
	int settled;               /* the stretch closed leaving one position there: */
	tb_state st;               /* this one */
	struct tb_val_at *before;  /* where its variations start, but for the position */
} tb_val_defer;

typedef struct tb_val_steps {
	const tb_node **v;
	size_t n, cap;
	tb_val_entry *e;
	size_t ne, cape;
	tb_val_defer *d;           /* nodes whose variations wait (oldest first) */
	size_t nd, capd;
} tb_val_steps;

/* The last written turns of a line played in a known position, with
 * the position before each (the look-back of a slip, repair.h): a ring
 * of at most lookback + 1 (TB_LOOKBACK_MAX + 1) in lookback + 2 slots
 * (tb_val_hist_room), so that the slot the next turn takes is never
 * one held (tb_val_hist_next). */
typedef struct tb_val_hist {
	unsigned n, head;          /* held, and the oldest's slot */
	unsigned next;             /* the slot the next turn takes: (head + n) % room */
	int lost;                  /* a written turn fell out of the look-back since
	                              the position was last known from the record (or
	                              it never was): a slip there is beyond its reach */
	tb_state st[TB_LOOKBACK_MAX + 2];
	const tb_node *node[TB_LOOKBACK_MAX + 2];
	/* The repair checking goes on under, when the turns before it are
	 * still held: the first 'under_at' held are before it (as written),
	 * the rest after it (under it). A look-back from a later illegal turn
	 * may then find a slip before it, replayed through it. */
	int has_under;
	unsigned under_at;
	tb_repair under;
} tb_val_hist;

/* Where the replay of a line stands. */
typedef struct tb_val_at {
	tb_state st;
	int live;                  /* the position is known, or 'open' holds the possible ones */
	tb_val_open *open;              /* NULL, or the positions since an open turn */
	unsigned skip;             /* written turns a repair has already played */
	int fixed;                 /* a repair put a turn before this one: the */
	tb_state fixed_before;     /* position its variations start from */
	tb_val_hist hist;          /* the look-back (validate_slips.c) */
	char assume[400];          /* the repair checking goes on under, in words
	                              ("14. g4-f4xe4 (at 7:11, ...)", in v->lang's
	                              words: room for Arabic's two bytes a
	                              letter), or "" */
	uint8_t hidden;            /* checking goes on under a repair, in positions
	                              that are not the record's: not told, nor kept
	                              as frames (a repair of an earlier turn would
	                              contradict the frames kept as written) */
	tb_state known;            /* then, the last position known */
	size_t assume_from;        /* where the last slip's assumption starts in 'assume' */
	unsigned assume_more;      /* the assumptions made past the room of
	                              'assume': not written, but counted ("and 2
	                              more"), so that none is lost unsaid */
	uint8_t assume_last_more;  /* the last slip's is one of them */
	unsigned assume_line, assume_col; /* the place its first assumption names */
	/* The beam: under an assumption, the next best repairs of the same
	 * slip, each with the position before the first turn it changes; a
	 * turn illegal under the assumption but legal under one of these
	 * switches to it (validate_slips.c). */
	unsigned nbeam;
	tb_repair beam[2];
	const tb_node *beam_ill;    /* the illegal turn the beam's repairs are of */
	tb_state beam_before[2];
	/* A legal turn the rules frown on (TB407, rules->remark): told only
	 * when the opponent's next turn does not take the penalty (a huff). */
	const tb_node *frown;      /* the turn, or NULL */
	tb_state frown_before;     /* the position before it, */
	tb_turn frown_turn;        /* the turn played, */
	tb_state frown_after;      /* and the position after it: the remark's
	                              words are made only when it is told */
	/* For the frames (replay.h): */
	int ever;                  /* 'st' holds a position the rules knew (the last) */
	long ply;                  /* turns of the line replayed so far */
	unsigned depth;            /* 0 the main line */
	tb_val_steps *steps;            /* the line's steps */
	/* The position the record last restated, when it did (S_restate): a
	 * restatement is checked against the turns only when turns were
	 * played since it, or since the start. */
	int has_base;
	tb_state base;
	size_t node_from;          /* the stretch's steps when the node at hand began */
} tb_val_at;

/* At the end of the main line the result the record gives must still be
 * possible: positions where the game ended otherwise go. */
typedef struct tb_val_result_ctx {
	tb_val *v;
	tb_result said;
} tb_val_result_ctx;

/* ===== validate.c ===== */

/* The text of soft buffer 'b' ("" when nothing was appended); "" and
 * v->oom when an append to it ran out of memory. */
const char *tb_val_text(tb_val *v, const tb_buf *b);
/* The words of 'key' in v->lang (English when it has none), "{1}"...
 * filled from 'args', appended to 'b': the notes under a diagnostic
 * (the "val.*" keys of lang_*.c). tb_val_words_n picks the text by the
 * plural form of 'n' in that language ("KEY.one", "KEY.other"...). */
void tb_val_words(const tb_val *v, tb_buf *b, const char *key, const char *const *args,
                  size_t nargs);
void tb_val_words_n(const tb_val *v, tb_buf *b, const char *key, long n,
                    const char *const *args, size_t nargs);
/* A note of those words on the diagnostic just made (tb_diag_note). */
void tb_val_note(tb_val *v, const char *key, const char *const *args, size_t nargs);
void tb_val_note_n(tb_val *v, const char *key, long n, const char *const *args, size_t nargs);
/* A note of the text of soft buffer 'b' (v->oom when it ran out of
 * memory), which it frees. */
void tb_val_note_buf(tb_val *v, tb_buf *b);
/* v->line emptied, for a note's words; tb_val_note_line makes the note
 * (v->oom when memory ran out). The buffer is the validation's, kept
 * from note to note: a note's own buffer grew from nothing, and words
 * made the collection with errors' validate 0.5% slower. */
tb_buf *tb_val_line(tb_val *v);
void tb_val_note_line(tb_val *v);
/* A candidate of the pending fault: a turn or sequence that fits, or a
 * reading that explains it (as the canonical form writes it). */
void tb_val_fault_candidate(tb_val *v, const char *text);
/* The pending fault's one candidate is what the replay went on with. */
void tb_val_fault_repaired(tb_val *v);
void tb_val_report(tb_val *v, tb_severity sev, int code, const tb_span *sp,
                   const tb_state *s, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
/* tb_val_report of a fault of the turn or gap written 'token': the message
 * "token: reason", the reason kept apart for v->fault. */
void tb_val_report_turn(tb_val *v, tb_severity sev, int code, const tb_span *sp,
                        const tb_state *s, const char *token, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));
/* rules->explain; out of memory (no words) sets v->oom. */
void tb_val_explain(tb_val *v, const tb_state *s, const tb_move *m, char *why, size_t n);
/* The token a node writes ("?-d2", "?", "<gap 2>"), into 'b'. */
void tb_val_node_token(tb_buf *b, const tb_node *n);
/* Tells the caller of turn 't' of node 'n', played from 'before' to
 * 'after' with events 'ev'. */
void tb_val_tell(tb_val *v, const tb_node *n, const tb_turn *t, const tb_state *after,
                 const tb_events *ev);
/* Tells the frowned-on turn of 'at', if any: no penalty followed it. */
void tb_val_frown_tell(tb_val *v, tb_val_at *at);
/* Appends the turns of 'r' as a record writes them, numbered from 's'. */
void tb_val_turns_written(tb_buf *b, const tb_state *s, const tb_turn *t, size_t n);
/* Checking stops at gap 'n', which cannot be searched ('what' says
 * why): a warning naming the written turns it leaves unchecked, none
 * when a restated position follows it at once. */
void tb_val_suspend(tb_val *v, tb_val_at *at, const tb_node *n, const char *what);

/* The pending fault's candidate number 'i' is what the replay went on with. */
void tb_val_fault_repaired_at(tb_val *v, size_t i);

/* ===== validate_slips.c ===== */

/* The look-back's slots: one more than it holds at most. */
static inline unsigned tb_val_hist_room(const tb_val *v)
{
	return v->so.lookback + 2;
}

/* The slot of the position the next turn pushed takes: held by none, so
 * written before the turn is known to be one (the plain run's, which
 * checks and plays it in one) and left when it is not. */
static inline tb_state *tb_val_hist_next(const tb_val *v, tb_val_at *at)
{
	(void)v;
	return &at->hist.st[at->hist.next];
}

/* Node 'n' joins the look-back, the position before it already in
 * tb_val_hist_next's slot. */
static inline void tb_val_hist_commit(const tb_val *v, tb_val_at *at, const tb_node *n)
{
	tb_val_hist *h = &at->hist;
	unsigned room = tb_val_hist_room(v);
	h->node[h->next] = n;
	h->next = h->next + 1 == room ? 0 : h->next + 1; /* no division every turn */
	if (h->n < room - 1) {
		h->n++;
		return;
	}
	/* full (most turns): the oldest's slot is now the free one */
	h->lost = 1;
	h->head = h->head + 1 == room ? 0 : h->head + 1;
	if (h->has_under && --h->under_at == 0)
		h->has_under = 0; /* nothing held before it any more */
}

/* Node 'n', a written turn about to be checked in the known position of
 * 'at', joins the look-back. (Inlined: every written turn validated
 * pushes, and the call was a sixth of the push.) */
static inline void tb_val_hist_push(tb_val *v, tb_val_at *at, const tb_node *n)
{
	*tb_val_hist_next(v, at) = at->st;
	tb_val_hist_commit(v, at, n);
}
/* The look-back starts again: from a position the record gives
 * ('known': a restated one), or after turns it does not (an open turn,
 * a gap: a slip may be anywhere before). */
void tb_val_hist_reset(tb_val_at *at, int known);
/* The slips that explain the illegal turn of 'n' (move 'm', node kind
 * 'kind') in the known position of 'at', made there or at the turns
 * before it, as notes on the error just reported; checking goes on
 * under the best when a written turn after it weighs them: as if it
 * were so when the evidence singles it out, else under the assumption,
 * noted on each diagnostic after it. Returns 1 when checking goes on.
 * A replay that gives verdicts only (validate.h) searches none: 0, as
 * when none fits, the line's positions unknown after 'n' either way. */
int tb_val_slips(tb_val *v, tb_val_at *at, const tb_node *n, uint8_t kind, const tb_move *m);

/* The repairs among the last K written turns of the look-back of 'at'
 * (--lookback) after which they reach the position restated by node
 * 'pos', which they do not reach as written: notes on its TB409, in
 * the shape of tb_val_slips' ("at L:C, KIND: TURNS: it reaches the
 * position given on line L"), best first, and told to v->slip (none
 * went on: checking goes on from the position). The look-back must
 * still hold the turns up to 'pos'. None in a replay that gives
 * verdicts only (notes only: the replay goes on as without them). */
void tb_val_restated_slips(tb_val *v, const tb_val_at *at, const tb_node *pos);
/* The written turn of 'n' (move 'm', node kind 'kind'), illegal under
 * the assumption 'at' goes on under: when it is legal under another
 * repair of the beam, checking switches to that one, the turn is played
 * there, and 1 is returned (nothing to report). */
int tb_val_beam_switch(tb_val *v, tb_val_at *at, const tb_node *n, uint8_t kind,
                       const tb_move *m);
/* The kind of repair 'r' in the words of every repair note, in a known
 * position or an open stretch: "one point misheard (e3 for e4, as the
 * comment says)" (spec/reconstruct.md §4). */
void tb_val_repair_kind(const tb_val *v, tb_buf *b, const tb_repair *r);
/* The note of a slip at written turn 'n' ("at 7:11, KIND: TURNS: the
 * next N turns are legal then (in K of the M positions)"), in v->lang's
 * words, with the place it names cited: 'reach' 0 says nothing of the
 * turns after it, 'held' < 'positions' in how many positions it holds. */
void tb_val_slip_note(tb_val *v, const tb_node *n, const char *kind, const char *turns,
                      unsigned reach, size_t held, size_t positions);
/* "and N more ways of reading it". */
void tb_val_note_more_ways(tb_val *v, size_t more);

/* ===== validate_frames.c ===== */

/* The node at hand stops the rules ('refused': they refuse it as written). */
void tb_val_frame_stop(tb_val *v, int stop, int code, int refused);
/* The nodes of the stretch of 'at', resolved, into their frames -- the
 * node at hand too when it took steps of it (not a position that closed
 * it, whose frame is the position it restates; not a gap closing it
 * because it cannot be searched; not a turn refused in every position). */
void tb_val_frames_close(tb_val *v, tb_val_at *at);
/* The nodes of the stretch of 'at', never resolved (the search's limit):
 * unknown from its start. */
void tb_val_frames_spent(tb_val *v, tb_val_at *at);
/* After node 'n' of 'at''s line was replayed: its frame, unless the
 * replay filled it already or will (a stretch still open). */
void tb_val_frame_after(tb_val *v, tb_val_at *at, const tb_node *n);
/* The other alternatives of reading 'n', each from the position before
 * it ('pre', known when 'live'): a turn the rules follow, or not. */
void tb_val_frame_alts(tb_val *v, const tb_node *n, const tb_state *pre, int live, int ever,
                       unsigned depth);
/* Plays 't' and tells the caller. */
void tb_val_play(tb_val *v, tb_val_at *at, const tb_turn *t, const tb_node *n);
/* Does a turn played in 'at' need its position alone: nothing reads its
 * events (no frames, no callback, no penalty awaited) nor the position
 * before it (no rules' remark)? tb_val_play then only plays it, as a
 * clean record's every turn is when nothing keeps what it did. */
static inline int tb_val_plain(const tb_val *v, const tb_val_at *at)
{
	return !at->frown && !v->rp && !v->fn && !v->rs.rules->remark;
}

/* ===== validate_open.c ===== */

/* What a search not made, or given up, from node 'n' leaves unchecked,
 * in words into 'b' (after "...: "): the turns written after 'n' up to
 * the next restated position of its line;
 * returns how many, and whether a position is restated after them in
 * '*restated'. The line of that position, when the words name it, is
 * cited on 'r' (tb_diag_cite): the caller reports the words next. */
unsigned tb_val_unchecked(tb_reader *r, tb_buf *b, const tb_node *n, int *restated);
/* Does move 'm' write a point that is '?', or off the board? The second
 * in '*offboard'. */
int tb_val_open_points(const tb_val *v, const tb_move *m, int *offboard);
/* Starts a stretch from the known position, if none is open; 0 (none
 * open, v->oom) when memory ran out. */
int tb_val_open_begin(tb_val *v, tb_val_at *at);
/* Closes the stretch of 'at': resolves it and reports each open turn;
 * 'restated' is the position that closed it, if one did. The position
 * is then the one left, when one is. */
void tb_val_open_close(tb_val *v, tb_val_at *at, const tb_val_steps *steps, const tb_node *restated);
/* The step a turn node replays: its first alternative for a reading. */
tb_step tb_val_step_of(const tb_node *n);
/* Memory ran out in the open stretch of 'at': it goes, unsaid. */
void tb_val_open_lost(tb_val *v, tb_val_at *at);
/* A turn node replayed over the open stretch of 'at'. */
void tb_val_open_turn(tb_val *v, tb_val_at *at, tb_val_steps *steps, const tb_node *n, int open,
                      int offboard);
/* A gap: its turns searched, up to the limits. */
void tb_val_open_gap(tb_val *v, tb_val_at *at, tb_val_steps *steps, const tb_node *n);
/* A restated position closes an open stretch: the positions that are
 * not it go. */
void tb_val_open_restated(tb_val *v, tb_val_at *at, tb_val_steps *steps, const tb_node *n);
int tb_val_result_possible(void *ctx, const tb_state *s);

/* ===== validate_open_slips.c ===== */

/* Written turn 'n' (its step 'st') is illegal in every position of the
 * last layer of 'x': the slips that explain it in each, as notes on the
 * error just made (at most 256 positions are tried). Returns 1 when
 * exactly one repair explains it, into 'one', with the positions where
 * it holds added to 'where' (which the caller frees); 0 otherwise. */
int tb_val_open_slips(tb_val *v, tb_stretch *x, const tb_node *n, const tb_step *st,
                      tb_repair *one, tb_bset *where);

/* ===== validate_restated.c ===== */

/* The positions of the last layer of 'x' nearest the position 'said'
 * restates (up to 3 named, each with what differs and the turns that
 * reach it), as notes kept for the error; NULL when there is none to
 * name or memory ran out (v->oom). The caller frees it. */
tb_val_near *tb_val_near_find(tb_val *v, tb_stretch *x, const tb_position *said);
/* As tb_val_near_find, over the positions 'plies' turns of any kind
 * lead to from layer 'layer' of 'x' (a gap's, searched again without
 * the bound towards 'said' that pruned them); NULL too when that
 * search would hold more than the search's limit of positions. */
tb_val_near *tb_val_near_search(tb_val *v, const tb_stretch *x, size_t layer, size_t plies,
                                const tb_position *said);
/* Is position 's' the one 'said' restates, a '?' piece of 'said'
 * standing for any piece of its side and kind, and the keys of what
 * happened before it (moved, quiet) mattering only where 'said' gives
 * them? */
int tb_val_restated_fits(tb_val *v, const tb_state *s, const tb_position *said);
/* Says the notes of 'nr' (may be NULL) on the last diagnostic. */
void tb_val_near_notes(tb_val *v, const tb_val_near *nr);
void tb_val_near_free(tb_val_near *nr);
/* Is the position restated by node 'n' not the position 'reached', the
 * one known position the turns before it reach? Then the error (TB409)
 * that says so, with a note of what differs: 1. */
int tb_val_restated_differs(tb_val *v, const tb_state *reached, const tb_node *n);

#endif
