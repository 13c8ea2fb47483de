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

#define S_FRAMES (sizeof ((tb_visit *)0)->f / sizeof ((tb_visit *)0)->f[0])

void tb_visit_init(tb_visit *v, const tb_line *line)
{
	v->n = 1;
	v->ev = -1;
	v->too_deep = 0;
	v->quiet = 0;
	v->f[0] = (tb_visit_frame){line, NULL, NULL, NULL, NULL, 0, 0, TB_VISIT_P_ENTER};
}

void tb_visit_init_node(tb_visit *v, const tb_node *n)
{
	v->n = 1;
	v->ev = -1;
	v->too_deep = 0;
	v->quiet = 0;
	v->f[0] = (tb_visit_frame){NULL, n, NULL, NULL, NULL, 0, 0, TB_VISIT_P_NODE};
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
 * the order TB_VISIT_P_ALT, TB_VISIT_P_NAG, TB_VISIT_P_EVIDENCE, TB_VISIT_P_COMMENT,
 * TB_VISIT_P_VAR), that has something to
 * visit -- or to the node's exit: a node without notes costs no step. */
static inline void S_part(tb_visit_frame *f, int phase)
{
	const tb_node *n = f->node;
	switch (phase) {
	case TB_VISIT_P_ALT:
		if (n->kind == TB_NODE_READING && n->nalts) {
			f->phase = TB_VISIT_P_ALT;
			f->i = 0;
			return;
		}
		/* fall through */
	case TB_VISIT_P_NAG:
		if (n->nnags) {
			f->phase = TB_VISIT_P_NAG;
			f->i = 0;
			return;
		}
		/* fall through */
	case TB_VISIT_P_EVIDENCE:
		if (n->evidence) {
			f->phase = TB_VISIT_P_EVIDENCE;
			return;
		}
		/* fall through */
	case TB_VISIT_P_COMMENT:
		if (n->comments) {
			f->phase = TB_VISIT_P_COMMENT;
			f->c = n->comments;
			f->k = 0;
			return;
		}
		/* fall through */
	case TB_VISIT_P_VAR:
		if (n->variations) {
			f->phase = TB_VISIT_P_VAR;
			f->var = NULL;
			return;
		}
		/* fall through */
	default:
		f->phase = TB_VISIT_P_NODE_EXIT;
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
	v->f[v->n++] = (tb_visit_frame){line, NULL, NULL, NULL, NULL, 0, 0, TB_VISIT_P_ENTER};
}

/* Node 'n' (the top frame's next) entered. */
static inline int S_node_enter(tb_visit *v, tb_visit_frame *f, const tb_node *n)
{
	f->prev = f->node;
	f->node = n;
	S_part(f, TB_VISIT_P_ALT);
	S_emit(v, f, TB_VISIT_NODE_ENTER);
	v->prev = f->prev;
	return TB_VISIT_NODE_ENTER;
}

/* The next event, quiet or not (tb_visit_next takes the common steps
 * inline; this one takes every step, the same way). */
static inline int S_step(tb_visit *v)
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
		case TB_VISIT_P_ENTER:
			f->phase = f->line->lead ? TB_VISIT_P_LEAD : TB_VISIT_P_NEXT;
			f->c = f->line->lead;
			f->k = 0;
			return S_line_event(v, f, TB_VISIT_LINE_ENTER);
		case TB_VISIT_P_LEAD:
			if (!f->c->next)
				f->phase = TB_VISIT_P_NEXT;
			return S_comment(v, f, TB_VISIT_AT_LEAD);
		case TB_VISIT_P_NODE:
			f->node = NULL; /* no node before it */
			return S_node_enter(v, f, n);
		case TB_VISIT_P_NEXT:
			if (!f->line) { /* a visit of one node: done */
				v->n--;
				break;
			}
			n = n ? n->next : f->line->first;
			if (n)
				return S_node_enter(v, f, n);
			f->phase = TB_VISIT_P_LINE_EXIT;
			break;
		case TB_VISIT_P_ALT:
			f->phase = TB_VISIT_P_ALT_COMMENT;
			f->c = n->alts[f->i].comments;
			f->k = 0;
			S_emit(v, f, TB_VISIT_ALT_ENTER);
			v->alt = &n->alts[f->i];
			v->index = f->i;
			return TB_VISIT_ALT_ENTER;
		case TB_VISIT_P_ALT_COMMENT:
			if (f->c)
				return S_comment(v, f, TB_VISIT_AT_ALT);
			S_emit(v, f, TB_VISIT_ALT_EXIT);
			v->alt = &n->alts[f->i];
			v->index = f->i++;
			if (f->i < n->nalts)
				f->phase = TB_VISIT_P_ALT;
			else
				S_part(f, TB_VISIT_P_NAG);
			return TB_VISIT_ALT_EXIT;
		case TB_VISIT_P_NAG:
			S_emit(v, f, TB_VISIT_NAG);
			v->nag = n->nags[f->i];
			v->index = f->i++;
			if (f->i >= n->nnags)
				S_part(f, TB_VISIT_P_EVIDENCE);
			return TB_VISIT_NAG;
		case TB_VISIT_P_EVIDENCE:
			S_emit(v, f, TB_VISIT_EVIDENCE);
			v->evidence = n->evidence;
			S_part(f, TB_VISIT_P_COMMENT);
			return TB_VISIT_EVIDENCE;
		case TB_VISIT_P_COMMENT: {
			int ev = S_comment(v, f, TB_VISIT_AT_NODE);
			if (!f->c)
				S_part(f, TB_VISIT_P_VAR);
			return ev;
		}
		case TB_VISIT_P_VAR:
			f->var = f->var ? f->var->next : n->variations;
			if (f->var)
				S_push(v, f->var);
			else
				f->phase = TB_VISIT_P_NODE_EXIT;
			break;
		case TB_VISIT_P_NODE_EXIT:
			f->phase = TB_VISIT_P_NEXT;
			S_emit(v, f, TB_VISIT_NODE_EXIT);
			v->prev = f->prev;
			return TB_VISIT_NODE_EXIT;
		default: /* TB_VISIT_P_LINE_EXIT */
			S_line_event(v, f, TB_VISIT_LINE_EXIT);
			v->n--;
			return TB_VISIT_LINE_EXIT;
		}
	}
}

int tb_visit_step(tb_visit *v)
{
	unsigned quiet = v->quiet & ~(TB_VISIT_QUIET(TB_VISIT_DONE) |
	                              TB_VISIT_QUIET(TB_VISIT_LINE_ENTER) |
	                              TB_VISIT_QUIET(TB_VISIT_NODE_ENTER));
	for (;;) {
		int ev = S_step(v);
		if (!(quiet & TB_VISIT_QUIET(ev)))
			return ev;
	}
}

void tb_visit_skip(tb_visit *v)
{
	if (v->n == 0)
		return;
	tb_visit_frame *f = &v->f[v->n - 1]; /* the line, node or alternative entered */
	if (v->ev == TB_VISIT_LINE_ENTER || v->ev == TB_VISIT_NODE_ENTER)
		f->phase = v->ev == TB_VISIT_LINE_ENTER ? TB_VISIT_P_LINE_EXIT : TB_VISIT_P_NODE_EXIT;
	else if (v->ev == TB_VISIT_ALT_ENTER)
		f->c = NULL;
}
