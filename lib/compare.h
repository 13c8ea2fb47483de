/*
 * compare.h -- what the collation (collate.c) uses of the comparison
 * (compare.c, align.c): the alignment of main lines by what their nodes mean,
 * over nodes of any records (internal; spec/compare.md).
 */
#ifndef TB_COMPARE_H
#define TB_COMPARE_H

#include "record.h"

/* Aligns the nodes a[0..na) and b[0..nb) -- each a node of some
 * record's tb_plies, which must outlive the call -- as tb_plies_align
 * does two records' main lines: by their tokens, preferring the same
 * turn at the same number by the same side. Steps in order; the caller
 * frees the array ('*n' their number). */
tb_edit *tb_ply_align(const tb_ply *const *a, size_t na, const tb_ply *const *b, size_t nb,
                      size_t *n);

/* The record node that 'p''s i-th node is (i < tb_plies_count). Borrowed
 * from the record. */
const tb_node *tb_plies_node(const tb_plies *p, size_t i);

#endif
