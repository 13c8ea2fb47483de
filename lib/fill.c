/*
 * fill.c -- a record with what the rules decide put in (tablero fill;
 * spec/reconstruct.md, "Filling a record").
 *
 * The record is replayed (validate.c); each open turn that it decides --
 * one turn fits an unknown turn or token, one sequence fits a gap -- is
 * replaced in the tree by the turns, marked reconstructed, and the
 * record written in canonical form. Readings are witnesses and stay as
 * they are.
 */
#include <stdlib.h>
#include <string.h>

#include "reader.h"
#include "validate.h"
#include "visit.h"
#include "xalloc.h"

typedef struct S_decision {
	const tb_node *node;
	tb_turn *turns;
	size_t n;
	unsigned number;
	int side;
} S_decision;

typedef struct S_fill {
	S_decision *v;
	size_t n, cap;
	int nomem;     /* memory ran out keeping a decision */
} S_fill;

static int S_decide(void *ctx, const tb_node *node, const tb_turn *turns, size_t n,
                    unsigned number, int side)
{
	S_fill *f = ctx;
	if (node->kind == TB_NODE_READING)
		return 0;
	if (f->n == f->cap) {
		size_t cap = f->cap ? 2 * f->cap : 8;
		S_decision *grown = tb_realloc(f->v, cap * sizeof *f->v);
		if (!grown) {
			f->nomem = 1;
			return 0;
		}
		f->v = grown;
		f->cap = cap;
	}
	tb_turn *copy = tb_malloc((n ? n : 1) * sizeof *turns);
	if (!copy) {
		f->nomem = 1;
		return 0;
	}
	S_decision *d = &f->v[f->n++];
	d->node = node;
	d->turns = copy;
	memcpy(d->turns, turns, n * sizeof *turns);
	d->n = n;
	d->number = number;
	d->side = side;
	return 1;
}

/* The parts of turn 't' copied into the record's (soft) arena; NULL
 * when memory ran out. */
static tb_part *S_parts(tb_record *rec, const tb_turn *t)
{
	tb_part *parts = tb_arena_alloc(&rec->arena, (t->nparts ? t->nparts : 1) * sizeof *t->parts);
	if (parts)
		memcpy(parts, t->parts, t->nparts * sizeof *t->parts);
	return parts;
}

/* Makes node 'n' the reconstructed turn 't', its parts 'parts'
 * (S_parts). */
static void S_set_turn(tb_node *n, const tb_turn *t, tb_part *parts)
{
	n->kind = t->nparts ? TB_NODE_MOVE : TB_NODE_PASS;
	n->reconstructed = 1;
	n->move.nparts = t->nparts;
	n->move.crown = t->crown;
	n->move.parts = parts;
}

/* The line of 'rec' that holds 'node', and the node before it there
 * ('*prev' NULL when it is the first), found through the one traversal
 * (visit.h) of 'line', which is the record's: neither is const. */
static tb_line *S_line_of(tb_line *line, const tb_node *node, tb_node **prev)
{
	tb_visit v;
	tb_visit_init(&v, line);
	v.quiet = ~0u; /* the nodes alone */
	for (int ev; (ev = tb_visit_next(&v)) != TB_VISIT_DONE;)
		if (ev == TB_VISIT_NODE_ENTER && v.node == node) {
			*prev = (tb_node *)v.prev;
			return (tb_line *)v.line;
		}
	return NULL;
}

/* Replaces gap 'd->node' by its sequence of reconstructed turns; the
 * gap's comments go with the last of them. 0 (the gap left as it is)
 * when memory ran out. */
static int S_fill_gap(tb_record *rec, const S_decision *d)
{
	tb_node *prev, *gap = (tb_node *)d->node;
	tb_line *line = S_line_of(&rec->main, gap, &prev);
	if (!line || !d->n)
		return 1;
	unsigned number = d->number;
	int side = d->side;
	tb_node *first = NULL, *last = NULL;
	for (size_t i = 0; i < d->n; i++) {
		tb_node *n = tb_arena_alloc(&rec->arena, sizeof *n);
		tb_part *parts = n ? S_parts(rec, &d->turns[i]) : NULL;
		if (!parts)
			return 0; /* the nodes made so far are the arena's: nothing points at them */
		memset(n, 0, sizeof *n);
		n->span = gap->span;
		n->number = number;
		n->side = (uint8_t)side;
		n->gap_min = n->gap_max = -1;
		n->ahead = gap->ahead; /* numbered on as the source's numbers ran there */
		S_set_turn(n, &d->turns[i], parts);
		if (last)
			last->next = n;
		else
			first = n;
		last = n;
		number += side == 1;
		side ^= 1;
	}
	last->comments = gap->comments;
	last->variations = gap->variations;
	last->next = gap->next;
	if (prev)
		prev->next = first;
	else
		line->first = first;
	if (line->last == gap)
		line->last = last;
	return 1;
}

/* Turns the record still leaves open, on 'line' and in all it holds:
 * unknown turns, tokens with '?' points, gaps of some length. */
static size_t S_open_left(const tb_line *line)
{
	size_t n = 0;
	tb_visit v;
	tb_visit_init(&v, line);
	v.quiet = ~0u; /* the nodes alone */
	for (int ev; (ev = tb_visit_next(&v)) != TB_VISIT_DONE;) {
		const tb_node *t = v.node;
		if (ev != TB_VISIT_NODE_ENTER)
			continue;
		n += t->kind == TB_NODE_UNKNOWN || (t->kind == TB_NODE_GAP && t->gap_max != 0);
		for (unsigned i = 0; t->kind == TB_NODE_MOVE && i < t->move.nparts; i++)
			if (t->move.parts[i].pt == TB_PT_UNKNOWN) {
				n++;
				break;
			}
	}
	return n;
}

char *tb_record_fill(tb_reader *r, tb_record *rec, size_t *len, size_t *open, size_t *filled)
{
	*open = *filled = 0;
	if (!rec || rec->errors || !rec->game)
		return NULL;
	S_fill f = {NULL, 0, 0, 0};
	/* out of memory, the arena returns NULL (no jump, no abort) */
	int soft = rec->arena.soft, failed = rec->arena.failed;
	rec->arena.soft = 1;
	tb_validate_opts o = {NULL, NULL, S_decide, &f, NULL, NULL, NULL, NULL, NULL};
	int ok = tb_validate_soft(r, rec, &o) != TB_ENOMEM && !f.nomem;
	for (size_t i = 0; i < f.n; i++) {
		S_decision *d = &f.v[i];
		tb_part *parts;
		if (!ok)
			; /* nothing is filled */
		else if (d->node->kind == TB_NODE_GAP)
			ok = S_fill_gap(rec, d);
		else if (d->n == 1 && (ok = (parts = S_parts(rec, &d->turns[0])) != NULL))
			S_set_turn((tb_node *)d->node, &d->turns[0], parts);
		*filled += ok;
		free(d->turns);
	}
	free(f.v);
	rec->arena.soft = soft;
	rec->arena.failed = failed; /* a NULL from it spoilt nothing */
	*open = S_open_left(&rec->main);
	return ok ? tb_record_write(rec, len) : NULL;
}
