/*
 * stretch.h -- what the two files of a stretch share (internal to
 * reconstruct.c, which makes and resolves it, and stretch_paths.c,
 * which counts and lists the sequences of turns it holds).
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
	uint32_t *paths;    /* per position: the sequences of turns from the
	                       first layer that reach it (saturating at
	                       UINT32_MAX: "more than"), for what a search over
	                       its budget leaves open; 4 bytes a position */
	uint32_t cappaths;
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
};

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
