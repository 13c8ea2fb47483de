/*
 * repair.h -- what a transcriber's slip may have been, when a written
 * turn is illegal (internal; spec/reconstruct.md §4, "Slips").
 *
 * The repairs tried are the slips a transcription of a tape or a
 * notebook makes: one point misheard (or the same letter or number
 * misheard in every point of a turn), a capture, removal or pushback
 * not written, a crown marker wrong, a turn left out, a turn written
 * twice, two turns swapped -- at the illegal turn, or, looking back, at
 * one of the written turns before it that made it illegal. A repair is
 * weighed by what dictation explains (confusion.h) and by how far the
 * written turns after it stay legal -- or, for a restated position the
 * turns before it do not reach, by whether they then reach it; none is
 * ever written into the record.
 */
#ifndef TB_REPAIR_H
#define TB_REPAIR_H

#include "confusion.h"
#include "rules.h"

/* The most written turns a look-back may change (tb_search_opts.lookback). */
#define TB_LOOKBACK_MAX 32

/* ORDER REPAIR: S_kind_words in validate_slips.c in step; the order ties
 * are broken in. */
typedef enum tb_repair_kind {
	TB_REPAIR_SOUND = 1,  /* one point misheard for one that sounds alike */
	TB_REPAIR_SAME,       /* one letter or number misheard in every point of a turn */
	TB_REPAIR_PART,       /* a capture, removal or pushback not written */
	TB_REPAIR_CROWN,      /* a crown marker wrong (written, left out, or the other) */
	TB_REPAIR_MISSING,    /* a turn left out before the written one */
	TB_REPAIR_TWICE,      /* a turn written twice: this copy is dropped */
	TB_REPAIR_SWAP,       /* this turn and the next swapped */
	TB_REPAIR_SWAP_SIDE,  /* this turn and its side's next one swapped */
	TB_REPAIR_POINT       /* one point written for another, unlike in sound */
} tb_repair_kind;

typedef struct tb_repair {
	uint8_t kind;
	uint8_t nturns;        /* turns played in its place */
	uint8_t consumed;      /* written turns they stand for (this one and those after) */
	uint8_t back;          /* written turns before the illegal one where it starts */
	uint8_t edits;         /* edits it makes to the record (1) */
	uint8_t commented;     /* a comment next to the turn names what it puts there */
	uint8_t stopped;       /* the written turns after it stop at one not legal (a
	                          later slip, or this repair wrong), not at the end of
	                          the window or of what can be replayed */
	unsigned weight;       /* its cost under dictation: lower is likelier (spec §4) */
	tb_point said, heard;  /* SOUND, SAME, POINT: the first point changed, as the
	                          repair has it and as it is written */
	const void *node;      /* the first written node it changes (the one a missing
	                          turn goes before; the copy a turn written twice drops) */
	unsigned reach;        /* written turns after the 'consumed' ones found legal */
	unsigned end;          /* how far legal: written turns from the look-back's
	                          first to the first not legal after it (or the window's
	                          end, or the line's) */
	unsigned then;         /* how far legal with one slip more: for a repair
	                          'stopped', the furthest 'end' (counted alike) that
	                          one edit more, among the written turns after it up
	                          to the one that stopped it, gets to; else 'end' */
	unsigned rival;        /* the least weight of the repairs that went, others
	                          getting further, though they stayed legal a few
	                          written turns past the illegal one (UINT_MAX: none) */
	tb_turn turn[3];
} tb_repair;

/* What a look-back searches: the written turns 'nodes[0..k-1]' (k at
 * most TB_LOOKBACK_MAX + 1), oldest first, each played (but the last)
 * from 'before[i]'; the last is the illegal one, written 'm' (node
 * kind 'kind': a move, or a pass). With a 'target' (else NULL), the
 * position a restatement gives just after the last, none is illegal:
 * each is played from 'before[i]', 'kind', 'm' and 'window' are not
 * read, and the goal is to reach the target (tb_repairs_back). */
typedef struct tb_repair_in {
	const tb_ruleset *rs;
	const tb_confusion *conf;  /* the record's language's; NULL: English's */
	const tb_state *before;
	const void *const *nodes;
	size_t k;
	uint8_t kind;
	const tb_move *m;
	unsigned window;           /* written turns after the illegal one replayed */
	const tb_position *target; /* the position restated after them, or NULL */
	/* A repair checking already goes on under (NULL: none), made among the
	 * written turns between nodes[under_at - 1] and nodes[under_at]: the
	 * written turns it stands for are in no slot, the positions from
	 * before[under_at] on are under it, and a repair before it is
	 * replayed through it (a first slip seen only once a later one is
	 * repaired). An edit that would change a turn it stands for is not
	 * tried. */
	const struct tb_repair *under;
	size_t under_at;
	/* Test hooks, zero in use (an initializer that leaves them out):
	 * 'plain' searches without what only spares work -- the same repairs,
	 * found the long way (tests/unit/test_reconstruct.c compares the two);
	 * 'counts', when not NULL, adds up the work done. */
	int plain;
	struct tb_repair_counts *counts;
	/* Test hook, 0 in use: the most written turns the walks read ahead
	 * at once (repair_walk.h's tb_repair_seq; 0: TB_REPAIR_SEQ), a few
	 * to make them go on past them as tb_repair_follow does. */
	unsigned seq_cap;
} tb_repair_in;

/* The work of searches (tb_repair_in.counts), added up. */
typedef struct tb_repair_counts {
	unsigned long searches; /* searches made, those for a second slip included */
	unsigned long repairs;  /* repairs whose written turns after them were replayed */
	unsigned long turns;    /* written turns checked in those replays */
	unsigned long reads;    /* written moves read for them (tb_repair_written;
	                           with the table of written moves, once a node
	                           and search: the table's misses) */
} tb_repair_counts;

/* The repairs of the last of 'in->nodes' made anywhere among them: of
 * those whose written turns after them get past the illegal one, those
 * that get the furthest (a later slip stops them all at the same
 * place), ranked by the cost model (spec/reconstruct.md §4): fewer
 * edits, a comment naming it, then -- when a later turn stops them --
 * the further one slip more there gets ('then'), then the lighter
 * dictation weight, then the further the written turns stay legal, then
 * the nearer the illegal turn. Fills 'out' (at most 'max'), best first; returns how
 * many there are in all. Out of memory it sets '*nomem' and returns 0.
 * With 'in->target', the repairs kept are those after which the written
 * turns up to the target are legal and reach it, exactly as a
 * restatement is checked (what it leaves unsaid is no difference),
 * ranked alike; 'reach' counts the written turns replayed after them.
 * Bounded: at most k x (2 x legal turns + 3) repairs are tried, each
 * replaying at most k + 2 + window turns (a turn left out lists the
 * legal turns after each legal turn: legal turns squared listings a
 * look-back turn); 256 are kept. */
size_t tb_repairs_back(const tb_repair_in *in, tb_repair *out, size_t max, int *nomem);

/* A switch for the tests, as tb_stretch_plain is (0 unless a test sets
 * it; not for threads): every search of tb_repairs_back made as
 * tb_repair_in.plain asks, validate's among them -- what only spares
 * work left out, so that a test compares validate's words both ways
 * (tests/unit/test_repair_plain.c). */
extern int tb_repair_plain;

/* The written turn after node 'n' on its line, skipping what stands for
 * no turn (a gap of length 0, a reading whose first alternative is
 * "omitted"), or NULL: the turns a repair stands for, in order. */
const tb_node *tb_repair_next_turn(const tb_node *n);

/* Does the ranking read the 'then' of v[i]: is another of the 'kept'
 * repairs of 'v' stopped by a later turn, with as many edits and the
 * same comment? Only then does tb_repairs_back search for v[i]'s one
 * slip more (its 'then'); else v[i] keeps 'then' = 'end' (but with
 * tb_repair_in.plain). The rule the tests compare the two paths by. */
int tb_repair_then_read(const tb_repair *v, size_t kept, size_t i);

/* Is a written turn after node 'n' (on its line) one the walks after a
 * repair replay -- every point known and on the board (tb_repair_follow)?
 * When none is, no repair of a turn illegal at 'n' gets further than
 * that turn: every 'end' is at most k. */
int tb_repair_walks_on(const tb_ruleset *rs, const tb_node *n);

/* Does a comment next to look-back turn 'i' of 'nodes' name what repair
 * 'r' of it puts there -- the point (a point misheard or written for
 * another), else its first turn's token: one after the turn, or one just
 * before it (after the written turn before) that names no point of that
 * turn (a comment is about the turn it follows, unless it plainly is
 * not)? (repair_comment.c) */
int tb_repair_commented(const void *const *nodes, size_t i, const tb_repair *r);

/* The repairs of the written turn of 'node' ('m' its move, 'kind' its
 * node kind), illegal in position 's', made at that turn (no look-back),
 * that keep the next 'window' written turns legal (or all that follow,
 * up to a turn nobody knows, a gap or a restated position); ranked as
 * tb_repairs_back ranks them, under English's table. Fills 'out' (at
 * most 'max'), best first; returns how many there are in all. Out of
 * memory it sets '*nomem' and returns 0. */
size_t tb_repairs(const tb_ruleset *rs, const tb_state *s, const void *node, uint8_t kind,
                  const tb_move *m, unsigned window, tb_repair *out, size_t max, int *nomem);

#endif
