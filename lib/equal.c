/*
 * equal.c -- structural equality of two records, spans aside: the
 * round-trip tests' oracle (parse, write, parse again: the same tree).
 */
#include <string.h>

#include "evidence.h"
#include "game.h"
#include "marks.h"
#include "record.h"
#include "visit.h"

static int S_str_eq(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static int S_comments_eq(const tb_comment *a, const tb_comment *b)
{
	for (; a && b; a = a->next, b = b->next)
		if (!S_str_eq(a->text, b->text) || !S_str_eq(a->lang, b->lang) ||
		    !tb_ev_equal(a->evidence, b->evidence) ||
		    !tb_marks_equal(a->marks, a->nmarks, b->marks, b->nmarks))
			return 0;
	return !a && !b;
}

static int S_move_eq(const tb_move *a, const tb_move *b)
{
	return a->nparts == b->nparts && a->crown == b->crown &&
	       (a->nparts == 0 ||
	        memcmp(a->parts, b->parts, a->nparts * sizeof *a->parts) == 0);
}

/* What an alternative is, and its evidence; its comments aside (they are
 * events of their own). */
static int S_alt_eq(const tb_alt *a, const tb_alt *b)
{
	if (a->kind != b->kind || a->reconstructed != b->reconstructed ||
	    !tb_ev_equal(a->evidence, b->evidence))
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

/* What a node is, what it holds aside (its alternatives, NAGs, comments
 * and variations are events of their own). */
static int S_node_eq(const tb_node *a, const tb_node *b)
{
	if (a->kind != b->kind || a->reconstructed != b->reconstructed || a->side != b->side ||
	    a->number != b->number)
		return 0;
	/* a turn's number as the source's numbers run (spec/tgn.md 5.1); a
	 * gap's or a position's only where the turn before it tells the count */
	if (tb_kind_is_turn(tb_node_followed(a)) && a->ahead != b->ahead)
		return 0;
	switch (a->kind) {
	case TB_NODE_MOVE:
		return S_move_eq(&a->move, &b->move);
	case TB_NODE_GAP:
		return a->gap_min == b->gap_min && a->gap_max == b->gap_max;
	case TB_NODE_POSITION:
		return tb_position_equal(a->position, b->position);
	default:
		return 1;
	}
}

/* Two events of the one traversal (visit.h), 'ev' on both sides: the
 * same when what each is about is. Lines, and the exits, are their
 * contents: the sequences of events say whether those are the same. */
static int S_event_eq(int ev, const tb_visit *x, const tb_visit *y)
{
	switch (ev) {
	case TB_VISIT_NODE_ENTER:
		return S_node_eq(x->node, y->node);
	case TB_VISIT_ALT_ENTER:
		return S_alt_eq(x->alt, y->alt);
	case TB_VISIT_NAG:
		return x->nag == y->nag;
	case TB_VISIT_COMMENT:
		return x->at == y->at && S_str_eq(x->comment->text, y->comment->text) &&
		       S_str_eq(x->comment->lang, y->comment->lang) &&
		       tb_ev_equal(x->comment->evidence, y->comment->evidence) &&
		       tb_marks_equal(x->comment->marks, x->comment->nmarks, y->comment->marks,
		                      y->comment->nmarks);
	case TB_VISIT_EVIDENCE:
		return tb_ev_equal(x->evidence, y->evidence);
	default:
		return 1;
	}
}

/* Lines 'a' and 'b' visited side by side: equal when every event is. */
static int S_line_eq(const tb_line *a, const tb_line *b)
{
	tb_visit x, y;
	tb_visit_init(&x, a);
	tb_visit_init(&y, b);
	for (;;) {
		int ev = tb_visit_next(&x);
		if (tb_visit_next(&y) != ev || !S_event_eq(ev, &x, &y))
			return 0;
		if (ev == TB_VISIT_DONE)
			return 1;
	}
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
