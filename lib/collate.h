/*
 * collate.h -- collations (collate.c) as the rest of the library sees
 * them: which records are collations, what each witness's line is, and
 * a line replayed by the rules (internal; spec/compare.md, "Collating
 * witnesses").
 */
#ifndef TB_COLLATE_H
#define TB_COLLATE_H

#include "rules.h"

#define TB_COLLATE_MAX 15 /* witnesses: a reading holds 16 alternatives, one
                             of which may be the rules' reconstruction */

#define TB_SIGLUM_MAX 32 /* bytes of a siglum */

/* The witnesses a collation declares ([Collation "A, B"]), base first. */
typedef struct tb_sigla {
	const char *s[TB_COLLATE_MAX];
	size_t n;
	char buf[TB_COLLATE_MAX][TB_SIGLUM_MAX + 1]; /* where s[] point */
} tb_sigla;

/* Reads the [Collation] tag of 'rec' into 'd'. Returns 1 when 'rec' is a
 * collation, 0 when it has no such tag, -1 when the tag is not a list of
 * sigla (1 to 15 of them, each once). */
int tb_sigla_read(const tb_record *rec, tb_sigla *d);

/* The witnesses alternative 'a' of a collation's reading names (its
 * first comment, "A, B?"): their bits in '*set', those it is their own
 * reading of in '*own'. Returns 1, or 0 when it names none. */
int tb_alt_witnesses(const tb_sigla *d, const tb_alt *a, uint32_t *set, uint32_t *own);

/* Is 'n' a reading of a collation -- one of its alternatives begins
 * with the comment naming its witnesses -- under declaration 'd'? */
int tb_collation_reading(const tb_sigla *d, const tb_node *n);

/* What a line follows at one node: a turn, a gap, a restated position
 * or nothing. */
typedef struct tb_wstep {
	const tb_node *node;         /* the node it is read from */
	const tb_alt *alt;           /* the alternative it is, or NULL: the node */
	uint8_t kind;                /* TB_NODE_MOVE, PASS, UNKNOWN, GAP, POSITION, OMITTED */
	const tb_move *move;         /* MOVE */
	long gap_max;                /* GAP */
	const tb_position *position; /* POSITION */
} tb_wstep;

/* The steps of witness 'x' (an index into 'd') along the main line of
 * collation 'rec', one per node where it has something; the caller
 * frees the array ('*n' their number). */
tb_wstep *tb_collation_steps(const tb_record *rec, const tb_sigla *d, size_t x, size_t *n);

/* Called for step 'i', a turn the rules do not allow where it stands
 * ('before' the position, 'token' the turn, 'why' the reason). */
typedef void (*tb_illegal_fn)(void *ctx, size_t i, const tb_state *before, const char *token,
                              const char *why);

/* Replays steps s[0..n) under 'rs' from 'start' (NULL: the game's start),
 * calling 'fn' (may be NULL) for each turn the rules do not allow where
 * it stands. After such a turn, a turn nobody knows, a token that fits
 * several turns or a gap, the line is followed again from a restated
 * position. Returns the turns played before the first illegal one, or
 * -1 when there is none. */
long tb_wsteps_replay(const tb_ruleset *rs, const tb_position *start, const tb_wstep *s,
                      size_t n, tb_illegal_fn fn, void *ctx);

#endif
