/*
 * move_memo.c -- the memo of move words (move_memo.h): its tables made,
 * found by game and board, and freed. The look-ups are inline in the
 * fast tier's scan (parse_fast.c).
 */
#include <stdlib.h>
#include <string.h>

#include "move_memo.h"
#include "xalloc.h"

void tb_move_memo_free(tb_move_memo *m)
{
	free(m); /* one block */
}

tb_memo_board *tb_move_memo_board(tb_move_memo **mp, const tb_game *g, const tb_board *b)
{
	tb_move_memo *m = *mp;
	if (!m && !(m = *mp = tb_calloc(1, sizeof *m)))
		return NULL;
	/* 'g' by its address: a game is a static table (rules.c's registry),
	 * the same for every reader and thread */
	for (unsigned i = 0; i < TB_MEMO_BOARDS; i++) {
		tb_memo_board *x = &m->boards[i];
		if (x->g == g && memcmp(&x->b, b, sizeof *b) == 0)
			return x;
	}
	tb_memo_board *x = &m->boards[m->next];
	m->next = (m->next + 1) % TB_MEMO_BOARDS;
	x->g = g;
	x->b = *b;
	memset(x->w, 0, sizeof x->w);
	return x;
}
