/*
 * blocks.h -- an array that grows a block at a time (internal): what a
 * search keeps a value a position in -- the records and long keys of
 * its sets (posset.c), the sequences that reach each position of a
 * layer (stretch_grow.c).
 *
 * Why not one array doubled by realloc: while it grows, the old array
 * and the new one are both live during the copy, and the blocks the
 * heap served the old sizes from stay behind as holes the next, larger
 * array does not fit in -- touched memory that no position uses (the
 * CLI serves blocks under 32 MiB from the heap: cli/main.c). Ocencahuac's
 * <gap 8> of the bench had 92 MiB of heap pages for 59 MiB of arrays at
 * its peak: 2.8 bytes a stored position of holes (spec/reconstruct.md
 * §3). Blocks of one size are never copied and fill each other's holes;
 * the first grows by doubling up to a block, so that a small set stays
 * small.
 */
#ifndef TB_BLOCKS_H
#define TB_BLOCKS_H

#include <stddef.h>
#include <stdint.h>

enum { TB_BLOCK_SHIFT = 14, TB_BLOCK = 1 << TB_BLOCK_SHIFT }; /* elements a block */

typedef struct tb_blocks {
	uint8_t **b;        /* the blocks: element i is at b[i >> TB_BLOCK_SHIFT] */
	uint32_t nb, capb;  /* blocks, and room for their pointers */
	uint32_t cap;       /* elements there is room for: below TB_BLOCK one block
	                       of that many, else nb * TB_BLOCK */
} tb_blocks;

/* Element 'i' (< a->cap) of an array of elements of 'size' bytes. */
static inline uint8_t *tb_blocks_at(const tb_blocks *a, uint32_t i, size_t size)
{
	return a->b[i >> TB_BLOCK_SHIFT] + (size_t)(i & (TB_BLOCK - 1)) * size;
}

/* Room for element 'i' of 'size' bytes (those before it kept, the new
 * ones not cleared); 0 when memory ran out or 'i' would pass 2^32
 * elements ('a' holding what it held). */
int tb_blocks_room(tb_blocks *a, uint32_t i, size_t size);
/* The blocks given back; 'a' empty after. */
void tb_blocks_free(tb_blocks *a);

#endif
