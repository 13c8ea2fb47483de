/*
 * visit.h -- the one traversal of a record's movetext (internal).
 *
 * Every writer of a record's lines -- the canonical TGN (writer.c), the
 * XML (xml_write.c), equality (equal.c), the comparison's comment walk
 * (compare.c) -- reads the tree through this cursor, as cmark's
 * renderers read theirs through cmark_iter_next: one loop, one switch
 * on the event per format. A line is visited in the order the canonical
 * form writes it:
 *
 *     LINE_ENTER                      the line (depth 0: the main line)
 *       COMMENT (TB_VISIT_AT_LEAD)    each comment before its first node
 *       NODE_ENTER                    each node, in order ('prev' the one before)
 *         ALT_ENTER                   a reading's alternatives, in order
 *           COMMENT (..._AT_ALT)      each of the alternative's comments
 *         ALT_EXIT
 *         NAG                         each NAG, in the order written
 *         EVIDENCE                    its evidence link (times, region), if any
 *         COMMENT (..._AT_NODE)       each comment after the node
 *         LINE_ENTER ... LINE_EXIT    each variation, depth + 1, recursively
 *       NODE_EXIT
 *     LINE_EXIT
 *     DONE                            and DONE from then on
 *
 * The cursor lives where its caller puts it (no allocation, so nothing
 * to free and nothing to fail); the tree must not change while it is
 * walked. Unlike the public tb_iter, it does not survive edits: it is
 * for the library's own readers of a record they hold.
 */
#ifndef TB_VISIT_H
#define TB_VISIT_H

#include "diag.h"
#include "record.h"

typedef enum {
	TB_VISIT_DONE = 0,
	TB_VISIT_LINE_ENTER,
	TB_VISIT_LINE_EXIT,
	TB_VISIT_NODE_ENTER,
	TB_VISIT_NODE_EXIT,
	TB_VISIT_ALT_ENTER,
	TB_VISIT_ALT_EXIT,
	TB_VISIT_NAG,
	TB_VISIT_COMMENT,
	TB_VISIT_EVIDENCE   /* a node's evidence link (v->evidence); a comment's and an
	                       alternative's are read from them (tb_comment, tb_alt) */
} tb_visit_event;

/* Where a comment stands (TB_VISIT_COMMENT). */
typedef enum {
	TB_VISIT_AT_LEAD,   /* before a line's first node */
	TB_VISIT_AT_ALT,    /* after an alternative of a reading */
	TB_VISIT_AT_NODE    /* after a node */
} tb_visit_at;

/* Where a frame is (tb_visit_frame.phase), in the order the events are said. */
enum {
	TB_VISIT_P_ENTER,       /* the line is to be entered */
	TB_VISIT_P_LEAD,        /* its lead comments */
	TB_VISIT_P_NODE,        /* 'node' is to be entered (a visit of one node) */
	TB_VISIT_P_NEXT,        /* done with 'node' (or none yet): the next node */
	TB_VISIT_P_ALT,         /* the node's alternative 'i' is to be entered */
	TB_VISIT_P_ALT_COMMENT, /* that alternative's comments, then its exit */
	TB_VISIT_P_NAG,         /* the node's NAG 'i' */
	TB_VISIT_P_EVIDENCE,    /* the node's evidence link */
	TB_VISIT_P_COMMENT,     /* the node's comments */
	TB_VISIT_P_VAR,         /* done with variation 'var' (or none yet): the next one */
	TB_VISIT_P_NODE_EXIT,   /* the node is to be left */
	TB_VISIT_P_LINE_EXIT    /* the line is to be left */
};

/* Where one line of the cursor's path stands. */
typedef struct tb_visit_frame {
	const tb_line *line;
	const tb_node *node;    /* the node being visited, or NULL (lead, or done) */
	const tb_node *prev;    /* the node before it on the line, or NULL */
	const tb_line *var;     /* the node's variation being visited, or NULL */
	const tb_comment *c;    /* the next comment of the list being visited */
	unsigned i;             /* the next alternative or NAG of the node */
	unsigned k;             /* the next comment's place in its list */
	uint8_t phase;          /* where in the line or node the cursor is (visit.c) */
} tb_visit_frame;

typedef struct tb_visit {
	tb_visit_frame f[TB_MAX_DEPTH + 2]; /* the path: f[0] the line visited */
	unsigned n;             /* frames in use; 0 when done */
	int ev;                 /* the last event (tb_visit_event); -1 before the first */
	int too_deep;           /* a variation nested deeper than the path holds was
	                           left out (never in a record the parser or the API built) */
	unsigned quiet;         /* events the caller does not want said: bit 1 << ev
	                           (TB_VISIT_QUIET); 0 after init. A node without notes
	                           then costs one step, not two */
	/* What the last event is about; the fields it does not concern are
	 * left as they were (not cleared: every event costs as little as it can). */
	const tb_line *line;    /* LINE_*: the line; any other: the line it is in */
	const tb_node *node;    /* NODE_*, ALT_*, NAG, COMMENT at an alternative or a
	                           node: the node; LINE_* of a variation: the node it
	                           is an alternative to */
	const tb_node *prev;    /* NODE_*: the node before it on its line, or NULL */
	const tb_alt *alt;      /* ALT_*, COMMENT at an alternative: the alternative */
	const tb_comment *comment; /* COMMENT: the comment */
	const tb_evidence *evidence; /* EVIDENCE: the node's link */
	unsigned nag;           /* NAG: its code */
	unsigned index;         /* ALT_*, NAG, COMMENT: its place in its list, from 0 */
	int at;                 /* COMMENT: tb_visit_at */
	unsigned depth;         /* nesting of the line the event is in (or is): 0 the
	                           line visited, 1 a variation of one of its nodes ... */
} tb_visit;

/* The bit of event 'ev' in tb_visit.quiet. TB_VISIT_DONE and the ENTER
 * events of lines and nodes (which tb_visit_skip follows) are always said:
 * quiet = ~0u says those alone, ~TB_VISIT_QUIET(TB_VISIT_COMMENT) those
 * and the comments. */
#define TB_VISIT_QUIET(ev) (1u << (ev))

/* Starts a visit of 'line' (a record's main line, or any line of it),
 * which must outlive the visit. */
void tb_visit_init(tb_visit *v, const tb_line *line);
/* Starts a visit of node 'n' alone: NODE_ENTER, what it holds, NODE_EXIT
 * (line NULL, depth 0; its variations' lines at depth 1). */
void tb_visit_init_node(tb_visit *v, const tb_node *n);
/* The next event in general (tb_visit_next's slow path). */
int tb_visit_step(tb_visit *v);

/* The next event (tb_visit_event); the fields of 'v' say what it is
 * about. TB_VISIT_DONE at the end, and from then on. Inline for the
 * steps most of a record's turns are: a node without notes entered,
 * then left (or its exit kept quiet), then the next one -- conditional
 * branches the processor predicts, where the general step's switch is
 * a jump it often does not (the canonical writer spent a tenth of its
 * time there). */
static inline int tb_visit_next(tb_visit *v)
{
	tb_visit_frame *f = v->n ? &v->f[v->n - 1] : NULL;
	if (!f || !f->line)
		return tb_visit_step(v);
	if (f->phase == TB_VISIT_P_NODE_EXIT) {
		f->phase = TB_VISIT_P_NEXT;
		if (!(v->quiet & TB_VISIT_QUIET(TB_VISIT_NODE_EXIT))) {
			v->ev = TB_VISIT_NODE_EXIT;
			v->line = f->line;
			v->node = f->node;
			v->prev = f->prev;
			v->depth = v->n - 1;
			return TB_VISIT_NODE_EXIT;
		}
	}
	if (f->phase != TB_VISIT_P_NEXT)
		return tb_visit_step(v);
	const tb_node *n = f->node ? f->node->next : f->line->first;
	if (!n || n->kind == TB_NODE_READING || n->nnags || n->comments || n->variations ||
	    n->evidence)
		return tb_visit_step(v);
	f->prev = f->node;
	f->node = n;
	f->phase = TB_VISIT_P_NODE_EXIT; /* nothing in it to visit */
	v->ev = TB_VISIT_NODE_ENTER;
	v->line = f->line;
	v->node = n;
	v->prev = f->prev;
	v->depth = v->n - 1;
	return TB_VISIT_NODE_ENTER;
}

/* Called after LINE_ENTER, NODE_ENTER or ALT_ENTER: what it holds is
 * not visited; the next event is its EXIT. Otherwise it does nothing. */
void tb_visit_skip(tb_visit *v);

#endif
