/*
 * stretch.h -- what the files of a stretch share (internal to
 * reconstruct.c, which makes and resolves it, stretch_grow.c, what a
 * step makes of one position, stretch_split.c, a layer made by several
 * threads, and stretch_paths.c, which counts and lists the sequences of
 * turns it holds).
 */
#ifndef TB_STRETCH_H
#define TB_STRETCH_H

#include "reconstruct.h"

/* One layer of a stretch: the distinct positions after one more step. */
typedef struct tb_stretch_layer {
	tb_bset set;
	tb_step step;       /* how this layer came from the one before */
	uint8_t *mark;      /* after tb_stretch_resolve */
	tb_sieve sieve;     /* after it too: of the marked positions */
	tb_blocks paths;    /* per position: the sequences of turns from the
	                       first layer that reach it (saturating at
	                       UINT32_MAX: "more than"), for what a search over
	                       its budget leaves open; 4 bytes a position
	                       (tb_stretch__paths) */
	uint32_t *edge;     /* the positions of this layer each position of
	                       the one before led to, as the step found them:
	                       those of position i of the layer before are
	                       edge[eoff[i] .. eoff[i+1]) -- what resolving
	                       reads rather than playing every turn again
	                       (a quarter of a long gap's time); 4 bytes an
	                       edge */
	uint32_t nedge, capedge;
	unsigned left;      /* the turns left toward the target, as stepped */
	int has_then;       /* 'then' kept the layer to positions it fits */
	tb_step then;
	uint32_t *eoff;     /* NULL: no edges (the first layer, a step with
	                       no target, a layer the budget cut short, or
	                       memory ran out for them): resolving plays the
	                       turns */
} tb_stretch_layer;

/* A stretch (reconstruct.h): its layers, the first the start. */
struct tb_stretch {
	const tb_ruleset *rs;
	tb_stretch_layer *layer;
	size_t n, cap;
	unsigned long held, budget;
	int spent;
	int partial;        /* the budget ran out in the last layer */
	int failed;         /* memory ran out (then spent too) */
	tb_turns turns;     /* scratch for generation */
	tb_turns then_turns; /* scratch for the turn after a layer (S_then_fits) */
	tb_state view[4];   /* positions given out by pointer, in turn (S_view) */
	unsigned nview;
	void (*progress)(void *, unsigned long);
	void *ctx;
	unsigned long reported;
	struct tb_meet *meet; /* the gap's backward half (stretch_meet.c), or NULL */
	int meeting;        /* the layer being made is kept to it */
	unsigned threads;   /* threads a long layer is made by (stretch_split.c);
	                       1: this one only */
};

/* The keys of some of the positions a step leads to from one position,
 * made and their slots asked for together (tb_bset_prefetch), then
 * added in the order made: the same set, in the same order. */
enum { TB_STRETCH_BATCH = 16 };

typedef struct tb_stretch_batch {
	uint8_t key[TB_STRETCH_BATCH][TB_POSKEY_MAX];
	size_t len[TB_STRETCH_BATCH];
	uint64_t h[TB_STRETCH_BATCH];
	size_t n;
} tb_stretch_batch;

/* Fills 'bt' from the turns x->turns.v['*j' .. 'nt') played from
 * 'from', each kept by the backward half, the bound towards 'target'
 * and 'then' (tb_stretch_step_then), advancing '*j' and counting in
 * '*dropped' those 'then' ruled out; their slots in 'set' asked for
 * when 'set' is not NULL. 0 when memory ran out (x spent). */
int tb_stretch__batch_make(tb_stretch *x, tb_stretch_batch *bt, const tb_state *from, size_t *j,
                           size_t nt, const tb_state *target, unsigned left,
                           const tb_step *then, const tb_bset *set, unsigned long *dropped);
/* Adds the keys of 'bt' to layer 'next', each reached by 'paths'
 * sequences more, and each an edge from the position they were played
 * from (its first at next->edge['first']); 0 when memory or the budget
 * ran out (x spent). */
int tb_stretch__batch_add(tb_stretch *x, const tb_stretch_batch *bt, tb_stretch_layer *next,
                          uint32_t paths, uint32_t first);
/* The edges of 'l' given back: resolving will play the turns. */
void tb_stretch__edges_free(tb_stretch_layer *l);
/* The sequences that reach position 'i' of 'l' (tb_stretch__paths_add
 * made room for it). */
static inline uint32_t *tb_stretch__paths(const tb_stretch_layer *l, uint32_t i)
{
	return (uint32_t *)(void *)tb_blocks_at(&l->paths, i, sizeof(uint32_t));
}
/* Adds 'n' sequences to position 'i' of 'l' (a new one has none yet:
 * 'added'); 0 when memory ran out. */
int tb_stretch__paths_add(tb_stretch_layer *l, uint32_t i, int added, uint32_t n);
/* The position after 't' from 's', as positions are counted: what no
 * later turn can read cleared (rules->canon), so that two ways to one
 * position the notation cannot tell apart are one. */
tb_state tb_stretch__after(const tb_ruleset *rs, const tb_state *s, const tb_turn *t);

/* ## A layer made by several threads (stretch_split.c) */

/* Makes layer 'next' (the stretch's last, pushed and empty) from the
 * layer before by x->threads threads, as S_step in reconstruct.c would
 * make it alone: the same positions in the same order, the same
 * sequences, edges, budget stop and progress calls, and '*dropped' the
 * same once the layer is whole. 1 done, 0 not worth splitting (nothing
 * done), -1 when memory or the budget ran out (x spent). */
int tb_stretch__split(tb_stretch *x, tb_stretch_layer *next, const tb_step *step,
                      const tb_state *target, unsigned left, const tb_step *then,
                      unsigned long *dropped);

/* The turns that fit step 'st' from 's', into x->turns; how many. */
size_t tb_stretch__fitting(tb_stretch *x, const tb_step *st, const tb_state *s);
/* Does 't' from 's' (a position of layer i) lead to a marked position
 * of layer i+1 (resolved)? Its index there, or -1. */
long tb_stretch__marked_after(const tb_stretch *x, size_t i, const tb_state *s, const tb_turn *t);
/* Are 'a' and 'b' one turn (the same parts and crown)? */
int tb_stretch__same_turn(const tb_turn *a, const tb_turn *b);
/* a + b, ULLONG_MAX when it would pass it. */
unsigned long long tb_stretch__sat_add(unsigned long long a, unsigned long long b);

/* ## The search from both ends (stretch_meet.c; spec/reconstruct.md §2) */

/* Sets up (or goes on with) the backward half of a gap toward 'target'
 * for the step whose new layer has 'left' turns left, when the game
 * undoes turns (tb_reach_unmove); 1 when that layer is kept to the
 * occupancies the target may be reached from in 'left' turns. */
int tb_stretch__meet_prepare(tb_stretch *x, const tb_state *target, unsigned left);
/* May 's' reach the target in 'left' turns, by the backward half? */
int tb_stretch__meet_may(const tb_stretch *x, const tb_state *s, unsigned left);
/* The index of the first layer the backward half keeps. */
size_t tb_stretch__meet_first(const tb_stretch *x);
/* The backward half no longer keeps layers (until another target); its
 * sets are given back. */
void tb_stretch__meet_off(tb_stretch *x);
/* Gives the backward half back (x->meet NULL after). */
void tb_stretch__meet_free(tb_stretch *x);

#endif
