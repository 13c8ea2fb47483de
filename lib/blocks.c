/*
 * blocks.c -- an array that grows a block at a time (blocks.h).
 */
#include "blocks.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* The first block, below TB_BLOCK elements, doubled (from 16) until it
 * holds element 'i' or is a whole block. */
static int S_first(tb_blocks *a, uint32_t i, size_t size)
{
	uint32_t cap = a->cap ? a->cap : 16;
	while (cap <= i && cap < TB_BLOCK)
		cap *= 2;
	uint8_t *grown = tb_realloc(a->nb ? a->b[0] : NULL, (size_t)cap * size);
	if (!grown)
		return 0;
	if (!a->nb) {
		uint8_t **b = tb_malloc(8 * sizeof *b);
		if (!b) {
			free(grown);
			return 0;
		}
		a->b = b;
		a->capb = 8;
		a->nb = 1;
	}
	a->b[0] = grown;
	a->cap = cap;
	return 1;
}

/* One more whole block. */
static int S_push(tb_blocks *a, size_t size)
{
	if (a->cap > UINT32_MAX - TB_BLOCK)
		return 0;
	if (a->nb == a->capb) {
		uint32_t capb = 2 * a->capb;
		uint8_t **b = tb_realloc(a->b, capb * sizeof *b);
		if (!b)
			return 0;
		a->b = b;
		a->capb = capb;
	}
	uint8_t *blk = tb_malloc((size_t)TB_BLOCK * size);
	if (!blk)
		return 0;
	a->b[a->nb++] = blk;
	a->cap += TB_BLOCK;
	return 1;
}

int tb_blocks_room(tb_blocks *a, uint32_t i, size_t size)
{
	if (i < a->cap)
		return 1;
	if (a->cap < TB_BLOCK && !S_first(a, i, size))
		return 0;
	while (i >= a->cap)
		if (!S_push(a, size))
			return 0;
	return 1;
}

void tb_blocks_free(tb_blocks *a)
{
	for (uint32_t k = 0; k < a->nb; k++)
		free(a->b[k]);
	free(a->b);
	memset(a, 0, sizeof *a);
}
