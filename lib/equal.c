/*
 * equal.c -- structural equality of two records, spans aside: the
 * round-trip tests' oracle (parse, write, parse again: the same tree).
 */
#include <string.h>

#include "game.h"
#include "record.h"

static int S_str_eq(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static int S_comments_eq(const tb_comment *a, const tb_comment *b)
{
	for (; a && b; a = a->next, b = b->next)
		if (!S_str_eq(a->text, b->text) || !S_str_eq(a->lang, b->lang))
			return 0;
	return !a && !b;
}

static int S_move_eq(const tb_move *a, const tb_move *b)
{
	return a->nparts == b->nparts && a->crown == b->crown &&
	       (a->nparts == 0 ||
	        memcmp(a->parts, b->parts, a->nparts * sizeof *a->parts) == 0);
}

static int S_line_eq(const tb_line *a, const tb_line *b);

static int S_alt_eq(const tb_alt *a, const tb_alt *b)
{
	if (a->kind != b->kind || a->reconstructed != b->reconstructed ||
	    !S_comments_eq(a->comments, b->comments))
		return 0;
	switch (a->kind) {
	case TB_NODE_GAP:
		return a->gap_min == b->gap_min && a->gap_max == b->gap_max;
	case TB_NODE_POSITION:
		return tb_position_equal(a->position, b->position);
	default:
		return S_move_eq(&a->move, &b->move);
	}
}

static int S_node_eq(const tb_node *a, const tb_node *b)
{
	if (a->kind != b->kind || a->reconstructed != b->reconstructed || a->side != b->side ||
	    a->number != b->number ||
	    a->nnags != b->nnags || (a->nnags && memcmp(a->nags, b->nags, a->nnags) != 0) ||
	    !S_comments_eq(a->comments, b->comments))
		return 0;
	switch (a->kind) {
	case TB_NODE_MOVE:
		if (!S_move_eq(&a->move, &b->move))
			return 0;
		break;
	case TB_NODE_READING:
		if (a->nalts != b->nalts)
			return 0;
		for (unsigned i = 0; i < a->nalts; i++)
			if (!S_alt_eq(&a->alts[i], &b->alts[i]))
				return 0;
		break;
	case TB_NODE_GAP:
		if (a->gap_min != b->gap_min || a->gap_max != b->gap_max)
			return 0;
		break;
	case TB_NODE_POSITION:
		if (!tb_position_equal(a->position, b->position))
			return 0;
		break;
	default:
		break;
	}
	const tb_line *va = a->variations, *vb = b->variations;
	for (; va && vb; va = va->next, vb = vb->next)
		if (!S_line_eq(va, vb))
			return 0;
	return !va && !vb;
}

static int S_line_eq(const tb_line *a, const tb_line *b)
{
	if (!S_comments_eq(a->lead, b->lead))
		return 0;
	const tb_node *x = a->first, *y = b->first;
	for (; x && y; x = x->next, y = y->next)
		if (!S_node_eq(x, y))
			return 0;
	return !x && !y;
}

int tb_record_equal(const tb_record *a, const tb_record *b)
{
	if (a->game != b->game || a->ntags != b->ntags || a->result != b->result ||
	    !S_comments_eq(a->lead, b->lead) || !S_comments_eq(a->trail, b->trail) ||
	    !tb_position_equal(a->start, b->start))
		return 0;
	for (size_t i = 0; i < a->ntags; i++)
		if (!S_str_eq(a->tags[i].name, b->tags[i].name) ||
		    !S_str_eq(a->tags[i].value, b->tags[i].value) ||
		    !S_comments_eq(a->tags[i].comments, b->tags[i].comments))
			return 0;
	return S_line_eq(&a->main, &b->main);
}
