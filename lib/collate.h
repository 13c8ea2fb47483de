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

/* Called for node 'i' of a line's main line that the rules find fault
 * with: validate's message ('msg'), the same without the turn it names
 * ('why'), its note (the position; may be NULL). */
typedef void (*tb_fault_fn)(void *ctx, size_t i, const char *msg, const char *why,
                            const char *note);

/* Replays the record that TGN text t[0..len) holds as tablero validate
 * does (its searches within limits 'so'), and calls 'fn' (may be NULL)
 * for each node of its main line with an error of the rules (TB401,
 * TB402, TB409). Sets '*faulty' when the rules find any error. Returns
 * how many turns of its main line the rules know (every point known)
 * before the first such node, or in all when there is none. */
long tb_line_check(const char *text, size_t len, const tb_search_opts *so, tb_fault_fn fn,
                   void *ctx, int *faulty);

/* Witness 'x' of collation 'rec' as TGN text (not in canonical form),
 * its main line's nodes one for each of tb_collation_steps'; the caller
 * frees it. */
char *tb_collation_witness_text(const tb_record *rec, const tb_sigla *d, size_t x, size_t *len);

#endif
