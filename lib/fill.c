/*
 * fill.c -- a record with what the rules decide put in (tablero fill;
 * spec/reconstruct.md, "Filling a record").
 *
 * The record is replayed (validate.c); each open turn that it decides --
 * one turn fits an unknown turn or token, one sequence fits a gap -- is
 * replaced in the tree by the turns, marked reconstructed, and the
 * record written in canonical form. Readings are witnesses and stay as
 * they are. Asked to (tb_record_fill_repairs), it writes the slips the
 * replay went on past as readings too: the repairs first, each
 * reconstructed, the turn as written last (spec/reconstruct.md §6).
 */
#include <stdlib.h>
#include <string.h>

#include "reader.h"
#include "tree.h"
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

/* A slip the replay went on past: its repairs, best first, their turns
 * copied (owned). */
typedef struct S_slip {
	const tb_node *illegal; /* the turn it explains */
	tb_slip_repair r[3];
	size_t n;
	int certain;   /* checking went on as if the first were so */
} S_slip;

typedef struct S_fill {
	S_decision *v;
	size_t n, cap;
	S_slip *slips; /* NULL when slips are not asked for */
	size_t nslips, capslips;
	int repairs;   /* slips are asked for */
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

/* Keeps the repairs of a slip checking went on past (tb_slip_fn); one
 * it stopped at has nothing to write. */
static void S_slip_told(void *ctx, const tb_node *illegal, const tb_slip_repair *r, size_t n,
                        int went_on, int certain)
{
	S_fill *f = ctx;
	if (went_on != 0 || !n || f->nomem)
		return;
	S_slip *again = NULL; /* told again: checking switched to this repair */
	for (size_t i = f->nslips; i-- > 0 && !again;)
		if (f->slips[i].illegal == illegal)
			again = &f->slips[i];
	if (again) {
		for (size_t j = 0; j < again->n; j++)
			free((tb_turn *)again->r[j].turns);
		f->nslips--;
		*again = f->slips[f->nslips];
	}
	if (f->nslips == f->capslips) {
		size_t cap = f->capslips ? 2 * f->capslips : 4;
		S_slip *grown = tb_realloc(f->slips, cap * sizeof *grown);
		if (!grown) {
			f->nomem = 1;
			return;
		}
		f->slips = grown;
		f->capslips = cap;
	}
	S_slip *sl = &f->slips[f->nslips];
	memset(sl, 0, sizeof *sl);
	for (size_t i = 0; i < n && i < 3; i++) {
		tb_turn *copy = tb_malloc((r[i].nturns ? r[i].nturns : 1) * sizeof *copy);
		if (!copy) {
			f->nomem = 1;
			for (size_t j = 0; j < i; j++)
				free((tb_turn *)sl->r[j].turns);
			return;
		}
		memcpy(copy, r[i].turns, r[i].nturns * sizeof *copy);
		sl->r[i] = r[i];
		sl->r[i].turns = copy;
	}
	sl->illegal = illegal;
	sl->n = n < 3 ? n : 3;
	sl->certain = certain;
	f->nslips++;
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
 * gap's comments and evidence link go with the last of them. 0 (the gap left as it is)
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
	last->evidence = gap->evidence;
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

/* ===== Slips written as readings ===== */

/* Alternative 'a' made turn 't', reconstructed; 0 when memory ran out. */
static int S_alt_turn(tb_record *rec, tb_alt *a, const tb_turn *t)
{
	tb_part *parts = S_parts(rec, t);
	if (!parts)
		return 0;
	memset(a, 0, sizeof *a);
	a->kind = t->nparts ? TB_NODE_MOVE : TB_NODE_PASS;
	a->reconstructed = 1;
	a->move = (tb_move){t->nparts, t->crown, parts};
	a->gap_min = a->gap_max = -1;
	return 1;
}

/* Alternative 'a' made what node 'n' writes, or (n NULL) "omitted". */
static void S_alt_written(tb_alt *a, const tb_node *n)
{
	memset(a, 0, sizeof *a);
	a->kind = n ? n->kind : TB_NODE_OMITTED;
	a->gap_min = a->gap_max = -1;
	if (n) {
		a->move = n->move;
		a->span = n->span;
	}
}

/* 'n' alternatives in the record's arena; NULL when memory ran out. */
static tb_alt *S_alts(tb_record *rec, unsigned n)
{
	return tb_arena_alloc(&rec->arena, n * sizeof(tb_alt));
}

/* Node 'n' made the reading of 'nalts' alternatives 'alts' (the arena's). */
static void S_set_reading(tb_node *n, tb_alt *alts, unsigned nalts)
{
	n->kind = TB_NODE_READING;
	n->alts = alts;
	n->nalts = nalts;
	n->move = (tb_move){0, 0, NULL};
}

/* Can written node 'n' take a reading in its place: a move or a pass
 * as written, not one a reading or the rules already put there? */
static int S_plain(const tb_node *n)
{
	return n && (n->kind == TB_NODE_MOVE || n->kind == TB_NODE_PASS) && !n->reconstructed;
}

/* Does turn 't' write what node 'n' writes? */
static int S_same(const tb_turn *t, const tb_node *n)
{
	tb_move none = {0, 0, NULL};
	return tb_turn_fits(t, n->kind == TB_NODE_PASS ? &none : &n->move) &&
	       (n->kind == TB_NODE_PASS || t->crown == n->move.crown);
}

/* A node's reading, made before any node is changed. */
typedef struct S_edit {
	tb_node *node;
	tb_alt *alts;
} S_edit;

/* Repair 'r' written: each written turn it changes a reading
 * "<reconstructed turn | as written>"; a turn left out a reading
 * "<reconstructed turn | omitted>" put before them; a copy of a turn
 * written twice "<omitted | it>". Everything is made first, then the
 * nodes changed: out of memory, nothing is. 1 when written, -1 when
 * left as the source has it (a turn another slip already wrote), 0
 * when memory ran out. */
static int S_write_repair(tb_record *rec, const tb_slip_repair *r)
{
	tb_node *nodes[3], *prev = NULL, *made = NULL;
	tb_line *line = NULL;
	unsigned nn = r->nnodes < 3 ? r->nnodes : 3, nt = r->nturns, from = 0, ne = 0;
	for (unsigned i = 0; i < nn; i++)
		if (!S_plain(nodes[i] = (tb_node *)r->nodes[i]))
			return -1;
	const tb_turn *t = r->turns;
	S_edit e[4];
	if (nt == nn + 1) { /* a turn left out */
		line = S_line_of(&rec->main, nodes[0], &prev);
		made = tb_arena_alloc(&rec->arena, sizeof *made);
		tb_alt *a = S_alts(rec, 2);
		if (!line || !made || !a || !S_alt_turn(rec, &a[0], &t[0]))
			return line ? 0 : -1;
		S_alt_written(&a[1], NULL);
		memset(made, 0, sizeof *made);
		made->span = nodes[0]->span;
		made->side = 2;
		made->gap_min = made->gap_max = -1;
		e[ne++] = (S_edit){made, a};
		t++, nt--;
	} else if (nt + 1 == nn) { /* a turn written twice: the copy goes */
		tb_alt *a = S_alts(rec, 2);
		if (!a)
			return 0;
		S_alt_written(&a[0], NULL);
		S_alt_written(&a[1], nodes[0]);
		e[ne++] = (S_edit){nodes[0], a};
		from = 1;
	}
	for (unsigned i = 0; i < nt && from + i < nn; i++) {
		tb_node *n = nodes[from + i];
		if (S_same(&t[i], n))
			continue;
		tb_alt *a = S_alts(rec, 2);
		if (!a || !S_alt_turn(rec, &a[0], &t[i]))
			return 0;
		S_alt_written(&a[1], n);
		e[ne++] = (S_edit){n, a};
	}
	if (made) {
		made->next = nodes[0];
		if (prev)
			prev->next = made;
		else
			line->first = made;
	}
	for (unsigned i = 0; i < ne; i++)
		S_set_reading(e[i].node, e[i].alts, 2);
	return ne ? 1 : -1;
}

/* Are the repairs of 'sl' all one turn read another way, at one node? */
static int S_one_turn(const S_slip *sl)
{
	for (size_t i = 0; i < sl->n; i++) {
		const tb_slip_repair *r = &sl->r[i];
		if (r->nnodes != 1 || r->nturns != 1 || r->nodes[0] != sl->r[0].nodes[0])
			return 0;
	}
	return 1;
}

/* Writes slip 'sl' into the record: several repairs of one turn as one
 * reading "<reconstructed a | reconstructed b | written>"; else the one
 * checking went on with, when it was the only one or singled out. 1
 * when written, 0 when memory ran out (nothing of it written), -1 when
 * left as the source has it. */
static int S_write_slip(tb_record *rec, const S_slip *sl)
{
	if (S_one_turn(sl) && sl->n > 1) {
		tb_node *n = (tb_node *)sl->r[0].nodes[0];
		if (!S_plain(n))
			return -1;
		tb_alt *alts = S_alts(rec, (unsigned)sl->n + 1);
		if (!alts)
			return 0;
		for (size_t i = 0; i < sl->n; i++)
			if (!S_alt_turn(rec, &alts[i], &sl->r[i].turns[0]))
				return 0;
		S_alt_written(&alts[sl->n], n);
		S_set_reading(n, alts, (unsigned)sl->n + 1);
		return 1;
	}
	if (sl->n != 1 && !sl->certain)
		return -1;
	return S_write_repair(rec, &sl->r[0]);
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

/* Writes the slips 'f' kept into 'rec' and frees them; '*written'
 * counts those written. 0 when memory ran out. */
static int S_write_slips(tb_record *rec, S_fill *f, int ok, size_t *written)
{
	int any = 0;
	for (size_t i = 0; i < f->nslips; i++) {
		int w = ok ? S_write_slip(rec, &f->slips[i]) : -1;
		ok &= w != 0;
		*written += w > 0;
		any |= w > 0;
		for (size_t j = 0; j < f->slips[i].n; j++)
			free((tb_turn *)f->slips[i].r[j].turns);
	}
	free(f->slips);
	if (any) /* a turn put in or read otherwise: the count again, ok or not */
		tb_tree_renumber(rec);
	return ok;
}

/* tb_record_fill, and the slips when 'repairs' (tb_record_fill_repairs). */
static char *S_fill_record(tb_reader *r, tb_record *rec, int repairs, size_t *len, size_t *open,
                           size_t *filled, size_t *repaired)
{
	*open = *filled = *repaired = 0;
	if (!rec || rec->errors || !rec->game)
		return NULL;
	S_fill f = {NULL, 0, 0, NULL, 0, 0, repairs, 0};
	/* out of memory, the arena returns NULL (no jump, no abort) */
	int soft = rec->arena.soft, failed = rec->arena.failed;
	rec->arena.soft = 1;
	tb_validate_opts o = {NULL, NULL, S_decide, &f, NULL, NULL, NULL,
	                      repairs ? S_slip_told : NULL, &f};
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
	ok = S_write_slips(rec, &f, ok, repaired);
	rec->arena.soft = soft;
	rec->arena.failed = failed; /* a NULL from it spoilt nothing */
	*open = S_open_left(&rec->main);
	return ok ? tb_record_write(rec, len) : NULL;
}

char *tb_record_fill(tb_reader *r, tb_record *rec, size_t *len, size_t *open, size_t *filled)
{
	size_t repaired;
	return S_fill_record(r, rec, 0, len, open, filled, &repaired);
}

char *tb_record_fill_repairs(tb_reader *r, tb_record *rec, size_t *len, size_t *open,
                             size_t *filled, size_t *repaired)
{
	return S_fill_record(r, rec, 1, len, open, filled, repaired);
}
