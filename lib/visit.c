/*
 * visit.c -- the one traversal of a record's movetext (visit.h).
 *
 * A cursor over a path of frames, one per line from the line visited
 * down to the variation being visited; each frame knows where in its
 * line (its lead comments, a node's alternatives, NAGs, comments,
 * variations) the cursor is. tb_visit_next moves the top frame on
 * until it has an event to say.
 */
#include <stddef.h>

#include "visit.h"

/* Where a frame is, in the order visit.h lists the events. */
enum {
	P_ENTER,       /* the line is to be entered */
	P_LEAD,        /* its lead comments */
	P_NODE,        /* 'node' is to be entered (a visit of one node) */
	P_NEXT,        /* done with 'node' (or none yet): the next node */
	P_ALT,         /* the node's alternative 'i' is to be entered */
	P_ALT_COMMENT, /* that alternative's comments, then its exit */
	P_NAG,         /* the node's NAG 'i' */
	P_COMMENT,     /* the node's comments */
	P_VAR,         /* done with variation 'var' (or none yet): the next one */
	P_NODE_EXIT,   /* the node is to be left */
	P_LINE_EXIT    /* the line is to be left */
};

#define S_FRAMES (sizeof ((tb_visit *)0)->f / sizeof ((tb_visit *)0)->f[0])

void tb_visit_init(tb_visit *v, const tb_line *line)
{
	v->n = 1;
	v->ev = -1;
	v->too_deep = 0;
	v->f[0] = (tb_visit_frame){line, NULL, NULL, NULL, NULL, 0, 0, P_ENTER};
}

void tb_visit_init_node(tb_visit *v, const tb_node *n)
{
	v->n = 1;
	v->ev = -1;
	v->too_deep = 0;
	v->f[0] = (tb_visit_frame){NULL, n, NULL, NULL, NULL, 0, 0, P_NODE};
}

/* Says event 'ev' in frame 'f' (the top one), about its line and node. */
static int S_emit(tb_visit *v, const tb_visit_frame *f, int ev)
{
	v->ev = ev;
	v->line = f->line;
	v->node = f->node;
	v->prev = NULL;
	v->alt = NULL;
	v->comment = NULL;
	v->nag = v->index = 0;
	v->at = 0;
	v->depth = v->n - 1;
	return ev;
}

/* The comment 'f' stands at, at place 'at'; the cursor moves past it. */
static int S_comment(tb_visit *v, tb_visit_frame *f, int at)
{
	S_emit(v, f, TB_VISIT_COMMENT);
	if (at == TB_VISIT_AT_LEAD)
		v->node = NULL;
	else if (at == TB_VISIT_AT_ALT)
		v->alt = &f->node->alts[f->i];
	v->comment = f->c;
	v->index = f->k++;
	v->at = at;
	f->c = f->c->next;
	return TB_VISIT_COMMENT;
}

/* The line of frame 'f' is entered or left: its node is the one it is
 * a variation of, in the frame below. */
static int S_line_event(tb_visit *v, const tb_visit_frame *f, int ev)
{
	S_emit(v, f, ev);
	v->node = v->n > 1 ? v->f[v->n - 2].node : NULL;
	return ev;
}

/* Moves frame 'f' to the node after its own (its line's first before
 * any); 0 at the end of its line. */
static int S_next_node(tb_visit_frame *f)
{
	const tb_node *n = f->node ? f->node->next : f->line->first;
	f->prev = f->node;
	f->node = n;
	f->i = 0;
	return n != NULL;
}

/* Pushes variation 'line' of the top frame's node; left out (too_deep)
 * when the path is full. */
static void S_push(tb_visit *v, const tb_line *line)
{
	if (v->n >= S_FRAMES) {
		v->too_deep = 1;
		return;
	}
	v->f[v->n++] = (tb_visit_frame){line, NULL, NULL, NULL, NULL, 0, 0, P_ENTER};
}

int tb_visit_next(tb_visit *v)
{
	for (;;) {
		if (v->n == 0) {
			v->ev = TB_VISIT_DONE;
			v->line = NULL;
			v->node = v->prev = NULL;
			v->alt = NULL;
			v->comment = NULL;
			return TB_VISIT_DONE;
		}
		tb_visit_frame *f = &v->f[v->n - 1];
		const tb_node *n = f->node;
		switch (f->phase) {
		case P_ENTER:
			f->phase = P_LEAD;
			f->c = f->line->lead;
			f->k = 0;
			return S_line_event(v, f, TB_VISIT_LINE_ENTER);
		case P_LEAD:
			if (f->c)
				return S_comment(v, f, TB_VISIT_AT_LEAD);
			f->phase = P_NEXT;
			break;
		case P_NODE:
			f->phase = P_ALT;
			return S_emit(v, f, TB_VISIT_NODE_ENTER);
		case P_NEXT:
			if (!f->line) { /* a visit of one node: done */
				v->n--;
				break;
			}
			if (!S_next_node(f)) {
				f->phase = P_LINE_EXIT;
				break;
			}
			f->phase = P_ALT;
			S_emit(v, f, TB_VISIT_NODE_ENTER);
			v->prev = f->prev;
			return TB_VISIT_NODE_ENTER;
		case P_ALT:
			if (n->kind != TB_NODE_READING || f->i >= n->nalts) {
				f->phase = P_NAG;
				f->i = 0;
				break;
			}
			f->phase = P_ALT_COMMENT;
			f->c = n->alts[f->i].comments;
			f->k = 0;
			S_emit(v, f, TB_VISIT_ALT_ENTER);
			v->alt = &n->alts[f->i];
			v->index = f->i;
			return TB_VISIT_ALT_ENTER;
		case P_ALT_COMMENT:
			if (f->c)
				return S_comment(v, f, TB_VISIT_AT_ALT);
			f->phase = P_ALT;
			S_emit(v, f, TB_VISIT_ALT_EXIT);
			v->alt = &n->alts[f->i];
			v->index = f->i++;
			return TB_VISIT_ALT_EXIT;
		case P_NAG:
			if (f->i >= n->nnags) {
				f->phase = P_COMMENT;
				f->c = n->comments;
				f->k = 0;
				break;
			}
			S_emit(v, f, TB_VISIT_NAG);
			v->nag = n->nags[f->i];
			v->index = f->i++;
			return TB_VISIT_NAG;
		case P_COMMENT:
			if (f->c)
				return S_comment(v, f, TB_VISIT_AT_NODE);
			f->phase = P_VAR;
			f->var = NULL;
			break;
		case P_VAR:
			f->var = f->var ? f->var->next : n->variations;
			if (f->var)
				S_push(v, f->var);
			else
				f->phase = P_NODE_EXIT;
			break;
		case P_NODE_EXIT:
			f->phase = P_NEXT;
			S_emit(v, f, TB_VISIT_NODE_EXIT);
			v->prev = f->prev;
			return TB_VISIT_NODE_EXIT;
		default: /* P_LINE_EXIT */
			S_line_event(v, f, TB_VISIT_LINE_EXIT);
			v->n--;
			return TB_VISIT_LINE_EXIT;
		}
	}
}

void tb_visit_skip(tb_visit *v)
{
	if (v->n == 0)
		return;
	tb_visit_frame *f = &v->f[v->n - 1];
	if (v->ev == TB_VISIT_LINE_ENTER && f->phase == P_LEAD)
		f->phase = P_LINE_EXIT;
	else if (v->ev == TB_VISIT_NODE_ENTER && f->phase == P_ALT)
		f->phase = P_NODE_EXIT;
	else if (v->ev == TB_VISIT_ALT_ENTER && f->phase == P_ALT_COMMENT)
		f->c = NULL;
}
