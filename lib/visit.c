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

/* Says event 'ev' in frame 'f' (the top one), about its line and node;
 * the caller sets what else the event concerns. */
static inline int S_emit(tb_visit *v, const tb_visit_frame *f, int ev)
{
	v->ev = ev;
	v->line = f->line;
	v->node = f->node;
	v->depth = v->n - 1;
	return ev;
}

/* The comment 'f' stands at, at place 'at'; the cursor moves past it. */
static inline int S_comment(tb_visit *v, tb_visit_frame *f, int at)
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

/* Moves frame 'f' to the first part of its node, from 'phase' on (in
 * the order P_ALT, P_NAG, P_COMMENT, P_VAR), that has something to
 * visit -- or to the node's exit: a node without notes costs no step. */
static inline void S_part(tb_visit_frame *f, int phase)
{
	const tb_node *n = f->node;
	switch (phase) {
	case P_ALT:
		if (n->kind == TB_NODE_READING && n->nalts) {
			f->phase = P_ALT;
			f->i = 0;
			return;
		}
		/* fall through */
	case P_NAG:
		if (n->nnags) {
			f->phase = P_NAG;
			f->i = 0;
			return;
		}
		/* fall through */
	case P_COMMENT:
		if (n->comments) {
			f->phase = P_COMMENT;
			f->c = n->comments;
			f->k = 0;
			return;
		}
		/* fall through */
	case P_VAR:
		if (n->variations) {
			f->phase = P_VAR;
			f->var = NULL;
			return;
		}
		/* fall through */
	default:
		f->phase = P_NODE_EXIT;
	}
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

/* Node 'n' (the top frame's next) entered. */
static inline int S_node_enter(tb_visit *v, tb_visit_frame *f, const tb_node *n)
{
	f->prev = f->node;
	f->node = n;
	S_part(f, P_ALT);
	S_emit(v, f, TB_VISIT_NODE_ENTER);
	v->prev = f->prev;
	return TB_VISIT_NODE_ENTER;
}

int tb_visit_next(tb_visit *v)
{
	for (;;) {
		if (v->n == 0) {
			v->ev = TB_VISIT_DONE;
			v->line = NULL;
			v->node = NULL;
			return TB_VISIT_DONE;
		}
		tb_visit_frame *f = &v->f[v->n - 1];
		const tb_node *n = f->node;
		switch (f->phase) {
		case P_ENTER:
			f->phase = f->line->lead ? P_LEAD : P_NEXT;
			f->c = f->line->lead;
			f->k = 0;
			return S_line_event(v, f, TB_VISIT_LINE_ENTER);
		case P_LEAD:
			if (!f->c->next)
				f->phase = P_NEXT;
			return S_comment(v, f, TB_VISIT_AT_LEAD);
		case P_NODE:
			f->node = NULL; /* no node before it */
			return S_node_enter(v, f, n);
		case P_NEXT:
			if (!f->line) { /* a visit of one node: done */
				v->n--;
				break;
			}
			n = n ? n->next : f->line->first;
			if (n)
				return S_node_enter(v, f, n);
			f->phase = P_LINE_EXIT;
			break;
		case P_ALT:
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
			S_emit(v, f, TB_VISIT_ALT_EXIT);
			v->alt = &n->alts[f->i];
			v->index = f->i++;
			if (f->i < n->nalts)
				f->phase = P_ALT;
			else
				S_part(f, P_NAG);
			return TB_VISIT_ALT_EXIT;
		case P_NAG:
			S_emit(v, f, TB_VISIT_NAG);
			v->nag = n->nags[f->i];
			v->index = f->i++;
			if (f->i >= n->nnags)
				S_part(f, P_COMMENT);
			return TB_VISIT_NAG;
		case P_COMMENT: {
			int ev = S_comment(v, f, TB_VISIT_AT_NODE);
			if (!f->c)
				S_part(f, P_VAR);
			return ev;
		}
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
	tb_visit_frame *f = &v->f[v->n - 1]; /* the line, node or alternative entered */
	if (v->ev == TB_VISIT_LINE_ENTER || v->ev == TB_VISIT_NODE_ENTER)
		f->phase = v->ev == TB_VISIT_LINE_ENTER ? P_LINE_EXIT : P_NODE_EXIT;
	else if (v->ev == TB_VISIT_ALT_ENTER)
		f->c = NULL;
}
