/*
 * reconstruct.h -- what a record leaves open, and what fits it
 * (internal; spec/reconstruct.md).
 *
 * A stretch follows a line of a record through the turns it does not
 * know -- an unknown turn, a token with '?' points or points off the
 * board, the turns of a gap -- as layers: the distinct positions the
 * game may be in after each step. The written turns after them weed
 * the last layer; a restated position or the result may too. Once the
 * line has said what it can, the stretch is resolved: every position
 * that leads on to the last layer is marked, and what each open step
 * may have been is read off the marks -- the turns that join two marked
 * positions.
 *
 * Memory is bounded by a budget of positions for the whole stretch;
 * time by the same budget times the turns of a position.
 */
#ifndef TB_RECONSTRUCT_H
#define TB_RECONSTRUCT_H

#include "blocks.h"
#include "poskey.h"
#include "rules.h"

/* A set of distinct positions, in the order they were added, each
 * kept as its key (poskey.h) in a record of one width: some 10-20 bytes
 * rather than a tb_state's 104, and 4 bytes of slot at three quarters
 * full at most -- what bounds a search (issue 38; spec/reconstruct.md
 * §7). A key no longer than the width is its record, padded with zeros
 * (no key is the start of another); a longer one is kept in 'over',
 * its record saying where; the width is chosen, as the records double,
 * to keep the keys in the fewest bytes (posset.c). */
typedef struct tb_bset {
	tb_blocks rec;      /* n records of 'width' bytes (blocks.h: never
	                       copied to grow, so the heap keeps no holes) */
	uint32_t width;     /* 0 until the first key */
	uint32_t n;         /* records */
	tb_blocks over;     /* the keys longer than 'width', bytes: a length
	                       byte, the key; none across two blocks */
	uint32_t nover;     /* the bytes of 'over' used (4 GiB at most: more is
	                       memory run out) */
	uint32_t *slot;     /* open addressing: a record's index + 1 in the low
	                       'ibits', bits of its key's hash above (a probe
	                       that is not the key seldom reads a record); 0
	                       empty */
	uint32_t nslot;     /* a power of two (2^ibits), more than n * 4/3:
	                       three quarters full at most */
	uint8_t ibits;
	uint32_t nlen[TB_POSKEY_MAX + 1]; /* the keys added of each length: what
	                       the width is chosen by */
} tb_bset;

/* Adds 's' unless it is there; returns its index, or UINT32_MAX when
 * memory ran out ('b' as it was, or empty: tb_bset_rehash, or its
 * records made wider a block at a time, posset.c). */
uint32_t tb_bset_add(tb_bset *b, const tb_state *s, int *added);
/* tb_bset_add of a key already made (tb_poskey_pack, 'n' bytes at 'k')
 * and hashed (tb_bset_hash): a search makes a turn's keys together and
 * asks for their slots (tb_bset_prefetch) before it adds them, so that
 * their cache misses overlap. */
uint32_t tb_bset_add_key(tb_bset *b, const uint8_t *k, size_t n, uint64_t h, int *added);
uint64_t tb_bset_hash(const uint8_t *k, size_t n);
/* Starts loading the slot a key of hash 'h' is sought from; no effect
 * on what 'b' holds. */
void tb_bset_prefetch(const tb_bset *b, uint64_t h);
/* Then, its slot loaded, starts loading the key it points to when its
 * tag is the key's: a key already there is compared without waiting. */
void tb_bset_prefetch_key(const tb_bset *b, uint64_t h);
/* The index of 's', or -1. */
long tb_bset_find(const tb_bset *b, const tb_state *s);
/* The position of index 'i' (< b->n), into 'out'. */
void tb_bset_get(const tb_bset *b, uint32_t i, tb_state *out);
void tb_bset_clear(tb_bset *b);
/* Copies record 'from' over record 'to' (a set keeping some of its
 * positions: then b->n lowered and tb_bset_rehash). */
void tb_bset_move(tb_bset *b, uint32_t to, uint32_t from);
/* Rebuilds the slots of 'b' for 'nslot' (a power of two, more than
 * b->n * 4/3) after its records were kept in part or moved
 * (tb_bset_move); 0 when memory ran out: 'b' as it was, or, when it had
 * 2^20 slots or more (given back before the new ones are made, so that
 * the two are not held at once), empty. */
int tb_bset_rehash(tb_bset *b, uint32_t nslot);
void tb_bset_free(tb_bset *b);

/* A sieve of some positions of a set: a few bits a position, of a hash
 * of where each side's pieces stand and the side to move. A position
 * whose bit is clear is surely not one of them; one whose bit is set
 * may be. Most turns from a gap's middle layers lead to no position
 * that leads on (a few thousand of up to 685,000 a layer, Ocencahuac's
 * <gap 12> of the bench), and looking each up in the layer's set was
 * most of the time of marking them (a cache miss each). */
typedef struct tb_sieve {
	uint64_t *bits;     /* NULL: not made (every position may be one) */
	uint32_t nbits;     /* a power of two */
} tb_sieve;

/* Makes 'v' (freed first) for the positions 'i' of 'b' with mark[i]
 * non-zero; out of memory 'v' is left not made. */
void tb_sieve_make(tb_sieve *v, const tb_bset *b, const uint8_t *mark);
/* May 's' be one of the positions of 'v'? */
int tb_sieve_may(const tb_sieve *v, const tb_state *s);
void tb_sieve_free(tb_sieve *v);

/* Are 'a' and 'b' one position (everything the rules keep)? */
int tb_state_same(const tb_state *a, const tb_state *b);

/* One step of a stretch: a turn the record writes, whole or in part, or
 * one turn of a gap. */
enum { TB_STEP_TURN = 1, TB_STEP_PLY };

typedef struct tb_step {
	uint8_t kind;       /* TB_STEP_TURN or TB_STEP_PLY */
	uint8_t node_kind;  /* TURN: TB_NODE_MOVE, TB_NODE_PASS or TB_NODE_UNKNOWN */
	const tb_move *m;   /* TURN MOVE: its parts; '?' and points off the board
	                       fit any point, the crown marker must be the turn's */
} tb_step;

/* May 'target' follow 's' after exactly 'turns' turns, as far as the
 * game's bounds tell (the rules' tb_rules.bound and
 * tb_rules.turns_needed, each optional)? 0 only when it surely cannot:
 * a search toward a known position drops such a position. */
int tb_reach_bound(const tb_ruleset *rs, const tb_state *s, const tb_state *target,
                   unsigned turns);
/* Has the game any bound tb_reach_bound can use? */
int tb_reach_bounded(const tb_ruleset *rs);
/* The game's turns undone (tb_rules.unmove), or NULL. */
const tb_unmoves *tb_reach_unmove(const tb_ruleset *rs);

/* Does legal turn 't' fit 'step'? */
int tb_step_fits(const tb_ruleset *rs, const tb_step *step, const tb_turn *t);

typedef struct tb_stretch tb_stretch;

/* A stretch from position 's' under 'rs' (both borrowed; 'rs' must
 * outlive it), holding at most 'budget' positions in all its layers.
 * 'progress' (may be NULL) is called now and then with the positions
 * held so far. NULL when memory ran out. */
tb_stretch *tb_stretch_new(const tb_ruleset *rs, const tb_state *s, unsigned long budget,
                           void (*progress)(void *, unsigned long), void *ctx);
void tb_stretch_free(tb_stretch *x);
/* The threads each later step of 'x' (and a stretch tb_stretch_from
 * makes of it) may make a long layer by: 1 (the default, and what 0
 * means) to TB_STRETCH_THREADS_MAX (more is that). What the stretch
 * holds and says is the same for every number (stretch_split.c;
 * spec/reconstruct.md §2.5). */
enum { TB_STRETCH_THREADS_MAX = 64 };
void tb_stretch_set_threads(tb_stretch *x, unsigned n);
/* A new stretch whose start is every position of layer 'layer' of 'x'
 * (which it borrows nothing from but 'x''s ruleset), holding at most
 * 'budget' positions; NULL when memory ran out or the layer is empty.
 * The caller frees it (tb_stretch_free). */
tb_stretch *tb_stretch_from(const tb_stretch *x, size_t layer, unsigned long budget);

/* Plays 'step' (copied) from every position of the last layer into a
 * new layer: each turn that fits it, or for a PLY every legal turn.
 * With 'target' (may be NULL), only positions from which the game's
 * bounds (tb_reach_bound) say 'target' can be reached in 'left' more
 * turns are kept.
 * Returns the positions in the new layer (0: none fits; the layer is
 * there all the same), or -1 when the budget or memory ran out (the
 * stretch is then spent: only tb_stretch_free may follow). */
long tb_stretch_step(tb_stretch *x, const tb_step *step, const tb_state *target,
                     unsigned left);
/* tb_stretch_step, keeping of the new layer only the positions from
 * which a legal turn fits 'then' (may be NULL: every one), the step
 * after it -- the written turn after a gap -- unless none does: then
 * the layer is every position, as tb_stretch_step makes it, so that
 * what refuses 'then' is told as before. What the stretch says after
 * the step 'then' is the same either way; only the positions held, and
 * so the budget, are fewer (issue 38). */
long tb_stretch_step_then(tb_stretch *x, const tb_step *step, const tb_state *target,
                          unsigned left, const tb_step *then);
/* Test hook: non-zero makes every stretch search as it did before
 * tb_stretch_step_then ('then' ignored) and before a step recorded its
 * edges (tb_stretch_resolve then plays every position's turns again),
 * so that tests can compare the two. */
extern int tb_stretch_plain;
/* The positions of a layer a thread takes at a time (a chunk); a layer
 * of fewer than a round's chunks (8 a thread) is made by one thread. A
 * test lowers it (1: a layer of 8 positions a thread is split). */
extern unsigned tb_stretch_slice;
/* Memory ran out in 'x' (sticky): a step then returned -1, and what
 * the queries below return is not to be trusted; only tb_stretch_free
 * may follow. */
int tb_stretch_failed(const tb_stretch *x);
/* Drops the last layer (after a step that nothing fitted). */
void tb_stretch_pop(tb_stretch *x);
/* The number of steps taken (layers after the first). */
size_t tb_stretch_steps(const tb_stretch *x);
/* How far 'x' got (after a step that ran over the budget, its last
 * layer is not whole): returns the steps whose layers are whole, and
 * into '*positions' the positions of the last of them and into
 * '*sequences' the sequences of turns from the first layer that reach
 * them (each counted from every first position it is played from;
 * ULLONG_MAX: more than 4,294,967,294 reach one of them, or the sum
 * saturated) -- what the search leaves open. */
size_t tb_stretch_reached(const tb_stretch *x, unsigned long *positions,
                          unsigned long long *sequences);
/* The positions of the last layer. The positions that tb_stretch_state,
 * tb_stretch_first and tb_stretch_marked give are decoded from the
 * layers' keys into a few slots of 'x' that take turns: each stays
 * valid until four more of those calls, or a step (copy it to keep it). */
size_t tb_stretch_count(const tb_stretch *x);
const tb_state *tb_stretch_state(const tb_stretch *x, size_t i);
/* Keeps the positions of the last layer that 'keep' accepts; returns how
 * many are left. */
size_t tb_stretch_keep(tb_stretch *x, int (*keep)(void *ctx, const tb_state *s), void *ctx);

/* A sequence of turns, one a step, that leads from a position of the
 * first layer to 's', a position of the last, into 'out' (as many as
 * the steps) and that first position into '*start'; 0 when there is
 * none ('s' is not in the last layer) or memory ran out. No resolve is
 * needed: every position of a layer was reached from the one before. */
int tb_stretch_path_to(tb_stretch *x, const tb_state *s, tb_turn *out, tb_state *start);

/* The first position of layer 'layer' (0: the start): every position
 * of a layer has its count of turns. */
const tb_state *tb_stretch_first(const tb_stretch *x, size_t layer);

/* Marks the positions of every layer from which the last layer can be
 * reached: from the edges each step toward a target recorded (the
 * positions each position led to, 4 bytes each), or, where a layer has
 * none, by playing its turns again. The queries below need it. */
void tb_stretch_resolve(tb_stretch *x);
/* How many positions of layer 'layer' are marked; '*one' gets one. */
size_t tb_stretch_marked(const tb_stretch *x, size_t layer, const tb_state **one);
/* The distinct turns step 'k' may have been (joining two marked
 * positions), in the order found, into 'out'; returns how many. */
size_t tb_stretch_turns(tb_stretch *x, size_t k, tb_turns *out);
/* Calls 'fn' with each turn of step 'k' that joins a marked position of
 * layer k to a marked one of layer k+1, and the position it is played
 * from ('fn' must not use 'x'); stops at the first non-zero 'fn'
 * returns, and returns it; 0 when every one was given. */
int tb_stretch_edges(tb_stretch *x, size_t k,
                     int (*fn)(void *ctx, const tb_state *from, const tb_turn *t), void *ctx);
/* The sequences steps k .. k+n-1 may have been: returns how many
 * distinct sequences of turns join marked positions through them (one
 * sequence however many positions of layer k it may be played from;
 * saturating at ULLONG_MAX), and copies the first 'max' of them, n turns
 * each, into 'seqs'; '*listed' gets how many were copied. */
unsigned long long tb_stretch_paths(tb_stretch *x, size_t k, size_t n, size_t max,
                                    tb_turn *seqs, size_t *listed);

#endif
