/*
 * collation.h -- a collation being made, as the files of tablero collate
 * share it (internal; spec/compare.md, "Collating witnesses"): collate.c
 * gathers the witnesses and checks the collation, collate_align.c aligns
 * them into columns, collate_merge.c merges what they write at one
 * place, collate_write.c writes the collation as TGN.
 */
#ifndef TB_COLLATION_H
#define TB_COLLATION_H

#include <stdint.h>
#include <string.h>

#include "buf.h"
#include "collate.h"
#include "compare.h"
#include "validate.h"

typedef struct tb_coll_wit {
	char name[TB_SIGLUM_MAX + 1];
	tb_record *owned;          /* a record made here (read back, cut), or NULL */
	const tb_record *rec;      /* 'owned', or the caller's */
	tb_plies *p;
	char *text;                /* its canonical form */
	size_t input;              /* the record it came from */
	int plain;                 /* that record was not a collation */
	int coll_base;             /* it was the base of that collation */
	long legal;                /* turns the rules followed before its first illegal one */
	int illegal;               /* they found an illegal one */
	char **why;                /* per node of its main line: why it is illegal there */
	const tb_node **nodes;     /* the nodes of its main line */
	size_t nnodes;
	int nomem;                 /* memory ran out noting why a turn is illegal */
} tb_coll_wit;

/* One place of the collation: what each witness has there. */
typedef struct tb_coll_col {
	const tb_node *e[TB_COLLATE_MAX]; /* its node, or NULL: nothing */
	size_t at[TB_COLLATE_MAX];        /* its index in the witness's main line */
	const tb_ply *rep;                /* what the column is aligned by */
	int decided;                      /* the rules decide a turn no witness gives */
	tb_turn turn;
	unsigned number;
	int side;
} tb_coll_col;

typedef struct tb_coll {
	tb_reader *const *r;       /* the caller's readers and records */
	const tb_record *const *in;
	size_t nin;
	const tb_collate_opts *o;
	tb_buf why;                /* options that cannot be followed */
	tb_coll_wit w[TB_COLLATE_MAX];
	size_t nw;
	tb_sigla sig;              /* their names, base first */
	const tb_game *game;
	tb_ruleset rs;
	int has_rules;
	const tb_opts *opts;       /* whose [Rules] the collation has */
	tb_coll_col *col;
	size_t ncol;
	int too_many;              /* a column with more readings than a reading holds */
	tb_search_opts so;         /* the limits of the rules' searches */
	const tb_lang *lang;       /* the collation's language (its base's [Language]):
	                              the words of its notes "illegal in A: why" */
	int nomem;                 /* memory ran out (sticky): nothing is returned */
} tb_coll;

/* The value of witness 'w''s [Rules], or NULL when it is "?" (here, so
 * that the writer and the merge ask it alike without calling each other). */
static inline const char *tb_coll_rules(const tb_coll_wit *w)
{
	const char *v = tb_record_tag(w->rec, "Rules");
	return v && strcmp(v, "?") ? v : NULL;
}

/* ===== Alignment (collate_align.c) ===== */

/* The columns as the base's nodes. */
void tb_coll_columns_base(tb_coll *cl);
/* Aligns witness 'w' with the columns so far (align.c) and adds it. */
void tb_coll_columns_add(tb_coll *cl, size_t w);

/* ===== Merging (collate_merge.c) ===== */

/* Keys interned as numbers, equal exactly when the keys are. */
typedef struct tb_coll_ids {
	char **key;
	uint32_t *id;
	size_t cap, n;
	int failed;                /* memory ran out (sticky): the numbers mean nothing */
} tb_coll_ids;

/* The number of key 'k' in 't', a new one for a new key (0 with
 * t->failed set when memory ran out). */
uint32_t tb_coll_intern(tb_coll_ids *t, const char *k);
void tb_coll_ids_free(tb_coll_ids *t);

/* Things several witnesses write at one place -- comments, variations
 * -- in one list whose order keeps each witness's, each with the
 * witnesses that write it. */
typedef struct tb_coll_item {
	const void *p;           /* the first witness's: a tb_comment or a tb_line */
	uint32_t held, id;
} tb_coll_item;

typedef struct tb_coll_items {
	tb_coll_item *v;
	size_t n;
	int failed;                /* memory ran out (sticky) */
} tb_coll_items;

/* Adds witness 'w''s list (n things 'p', their keys' numbers 'ids') by
 * aligning it with the list so far. */
void tb_coll_items_merge(tb_coll_items *m, const void *const *p, const uint32_t *ids, size_t n,
                         unsigned w);

/* Appends the comment made in 't' so; memory that ran out making it
 * fails 'b' (a soft buffer, checked once the whole text is made). */
void tb_coll_put_made(tb_buf *b, const tb_buf *t, const char *lang);

/* The comments lists[w] of the witnesses in 'present', merged and
 * written at place 'pl' (TB_AT_...). Returns 1 when something was
 * written. */
int tb_coll_put_lists(const tb_coll *cl, tb_buf *b, const tb_comment *const *lists,
                      uint32_t present, int pl);

/* ===== Writing (collate_write.c) ===== */

/* Does every witness write the same node at column 'c'? (Out of memory,
 * 'fail' fails.) */
int tb_coll_agreed(const tb_coll *cl, const tb_coll_col *c, tb_buf *fail);
/* The collation as TGN (read back, it is put in canonical form). */
void tb_coll_emit(tb_coll *cl, tb_buf *b);

/* Warns (TB608) of each witness that may not be of the first's match:
 * few turns shared, other players or dates (collate_alike.c). */
void tb_coll_alike(tb_coll *cl);

#endif
