/*
 * validate_frames.c -- the frames of a record's one replay (replay.h)
 * filled as validate.c replays it: each node replayed gets one, filled
 * by tb_val_play for a turn played in a known position, by
 * tb_val_frames_close for the nodes of a stretch once it is resolved
 * (validate_open.c), and otherwise by tb_val_frame_after from where the
 * line stands once the node is replayed.
 */
#include <limits.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collate.h"
#include "diag.h"
#include "reader.h"
#include "reconstruct.h"
#include "repair.h"
#include "rules.h"
#include "replay.h"
#include "reasons.h"
#include "tags.h"
#include "validate.h"
#include "validation.h"
#include "xalloc.h"

/* ===== Frames (replay.h) =====
 *
 * When the caller keeps frames, each node replayed gets one: filled by
 * tb_val_play for a turn played in a known position, by tb_val_frames_close for
 * the nodes of a stretch once it is resolved, and otherwise by
 * tb_val_frame_after from where the line stands once the node is replayed.
 */

static tb_frame *S_cur(tb_val *v)
{
	return v->rp && v->cur >= 0 ? tb_replay_at(v->rp, v->cur) : NULL;
}

/* The node at hand stops the rules ('refused': they refuse it as written). */
void tb_val_frame_stop(tb_val *v, int stop, int code, int refused)
{
	tb_frame *f = S_cur(v);
	if (!f)
		return;
	f->stop = (uint8_t)stop;
	f->code = (uint16_t)code;
	f->refused |= (uint8_t)refused;
}

static void S_frame_events(tb_val *v, long f, const tb_events *ev)
{
	if (!tb_replay_add_events(v->rp, f, ev))
		v->oom = 1;
}

/* Turn 't' of node 'n' was played, leaving 'after'. */
static void S_frame_play(tb_val *v, const tb_node *n, const tb_turn *t, const tb_state *after,
                         const tb_events *ev)
{
	tb_frame *f = S_cur(v);
	if (!f || f->node != n || f->alt)
		return;
	f->played = 1;
	f->turn = *t;
	f->st = *after;
	f->has_st = 1;
	f->status = TB_FRAME_WRITTEN;
	f->npositions = 1;
	f->done = 1;
	S_frame_events(v, v->cur, ev);
}

/* Does node 'n' leave its turn(s) to the rules? */
static int S_node_open(const tb_node *n)
{
	uint8_t k = tb_node_followed(n);
	const tb_move *m = n->kind == TB_NODE_READING ? &n->alts[0].move : &n->move;
	if (k == TB_NODE_UNKNOWN)
		return 1;
	if (k == TB_NODE_GAP)
		return n->gap_max != 0;
	for (unsigned i = 0; k == TB_NODE_MOVE && i < m->nparts; i++)
		if (m->parts[i].pt == TB_PT_UNKNOWN)
			return 1;
	return 0;
}

/* What every line through one step of a stretch did: the events all of
 * them have, and the kinds some have and others not. */
typedef struct S_edges {
	tb_val *v;
	unsigned long n;
	tb_events common;
	uint8_t min[32], max[32];
} S_edges;

enum { S_EDGES_MAX = 4096 }; /* past this, every kind is uncertain (a bound on the
                                 time a stretch's frames take, beside its search) */

static int S_edge(void *ctx, const tb_state *from, const tb_turn *t)
{
	S_edges *e = ctx;
	tb_state s = *from;
	tb_events ev;
	e->v->rs.rules->play(&e->v->rs, &s, t, &ev);
	uint8_t c[32] = {0};
	for (unsigned i = 0; i < ev.n; i++)
		c[tb_event_slot(ev.ev[i].kind)]++;
	if (!e->n) {
		e->common = ev;
		memcpy(e->min, c, sizeof c);
		memcpy(e->max, c, sizeof c);
	} else {
		for (int k = 0; k < 32; k++) {
			e->min[k] = c[k] < e->min[k] ? c[k] : e->min[k];
			e->max[k] = c[k] > e->max[k] ? c[k] : e->max[k];
		}
		unsigned kept = 0;
		for (unsigned i = 0; i < e->common.n; i++) {
			int in = 0;
			for (unsigned j = 0; j < ev.n && !in; j++)
				in = memcmp(&ev.ev[j], &e->common.ev[i], sizeof ev.ev[j]) == 0;
			if (in)
				e->common.ev[kept++] = e->common.ev[i];
		}
		e->common.n = (uint8_t)kept;
	}
	return ++e->n >= S_EDGES_MAX;
}

/* Step 'k' of stretch 'x' into frame 'fi': its one turn and events when
 * one position leads by one turn to one position; else the events every
 * line has. Returns 1 when the turn is known. */
static int S_frame_step(tb_val *v, tb_stretch *x, size_t k, long fi)
{
	const tb_state *a, *b;
	tb_frame *f = tb_replay_at(v->rp, fi);
	tb_turns l = {NULL, 0};
	int one = tb_stretch_marked(x, k, &a) == 1 && tb_stretch_marked(x, k + 1, &b) == 1 &&
	          tb_stretch_turns(x, k, &l) == 1;
	if (one) {
		tb_state w = *a;
		tb_events ev;
		v->rs.rules->play(&v->rs, &w, &l.v[0], &ev);
		f->turn = l.v[0];
		if (!tb_replay_add_turn(v->rp, fi, &l.v[0]))
			v->oom = 1;
		S_frame_events(v, fi, &ev);
		tb_turns_free(&l);
		return 1;
	}
	tb_turns_free(&l);
	S_edges e;
	memset(&e, 0, sizeof e);
	e.v = v;
	int capped = tb_stretch_edges(x, k, S_edge, &e) != 0;
	S_frame_events(v, fi, &e.common);
	uint8_t kept[32] = {0};
	for (unsigned i = 0; i < e.common.n; i++)
		kept[tb_event_slot(e.common.ev[i].kind)]++;
	for (int kind = 0; kind < 32; kind++)
		if (e.max[kind] > kept[kind] || (capped && e.max[kind]))
			f->ev_maybe |= 1u << kind;
	if (capped)
		f->ev_maybe = ~0u;
	return 0;
}

/* Is 'layer' of the stretch where a node of the line ends (or where the
 * stretch starts)? A gap's inner layers are not: its plies are no
 * frames (spec/replay.md §3). */
static int S_boundary(const tb_val_steps *s, size_t layer)
{
	if (layer == 0)
		return 1;
	for (size_t i = 0; i < s->ne; i++)
		if (s->e[i].to == layer)
			return 1;
	return 0;
}

/* The last layer at or before 'layer' where a node ends whose position
 * is one, into 'st': the last known position is a frame's, so every
 * command names the turn it follows (never half-way through a gap). */
static void S_last_known(tb_stretch *x, const tb_val_steps *s, size_t layer, tb_state *st)
{
	const tb_state *one = NULL;
	for (size_t L = layer + 1; L-- > 0;)
		if (S_boundary(s, L) && tb_stretch_marked(x, L, &one) == 1) {
			*st = *one;
			return;
		}
	*st = *tb_stretch_first(x, 0);
}

/* Open node 'f' (one turn, step 'k' of the resolved stretch 'x') whose
 * positions stay several: when one turn fits it from every position
 * possible before it -- validate's TB408 "only e5-d5 fits" -- the frame
 * carries that turn (played), its status still OPEN (spec/replay.md §3),
 * so fill, diff, show and svg read the turn validate decides. */
static void S_frame_decided(tb_val *v, tb_stretch *x, size_t k, tb_frame *f)
{
	tb_turns l = {NULL, 0};
	if (tb_stretch_turns(x, k, &l) == 1) {
		f->turn = l.v[0];
		f->played = 1;
	}
	v->oom |= tb_turns_failed(&l);
	tb_turns_free(&l);
}

/* Node 'e' of the resolved stretch 'x' into its frame. */
static void S_frame_entry(tb_val *v, tb_stretch *x, const tb_val_steps *s,
                          const tb_val_entry *e)
{
	tb_frame *f = tb_replay_at(v->rp, e->f);
	int all = e->to > e->from;
	f->nev = 0;
	f->nseq = 0;
	f->ev_maybe = 0;
	for (size_t k = e->from; k < e->to && !v->oom; k++)
		all &= S_frame_step(v, x, k, e->f);
	f = tb_replay_at(v->rp, e->f); /* the pools may have moved, not the frames */
	const tb_state *one = NULL;
	size_t count = tb_stretch_marked(x, e->to, &one);
	f->open = (uint8_t)S_node_open(f->node);
	f->npositions = count;
	f->done = 1;
	f->has_st = 1;
	if (count == 1) {
		f->st = *one;
		f->status = f->open ? TB_FRAME_RECONSTRUCTED : TB_FRAME_WRITTEN;
		f->stop = f->refused ? f->stop : TB_STOP_NONE;
		f->played = all && e->to - e->from == 1 && tb_node_followed(f->node) != TB_NODE_GAP;
		if (!all || f->played)
			f->nseq = 0; /* a gap's turns only when each is known */
		return; /* ev_maybe kept: one position, reached by lines that did other things */
	}
	f->played = 0;
	f->nseq = 0;
	if (count && f->open && e->to - e->from == 1 && tb_node_followed(f->node) != TB_NODE_GAP)
		S_frame_decided(v, x, e->from, f);
	S_last_known(x, s, e->to, &f->st);
	f->status = count ? TB_FRAME_OPEN : TB_FRAME_UNKNOWN;
	f->stop = count ? TB_STOP_OPEN : TB_STOP_NO_FIT;
}

/* 0 when memory ran out. */
static int S_entry_add(tb_val_steps *s, long f, size_t from, size_t to)
{
	if (s->ne == s->cape) {
		size_t cap = s->cape ? 2 * s->cape : 16;
		tb_val_entry *grown = tb_realloc(s->e, cap * sizeof *grown);
		if (!grown)
			return 0;
		s->e = grown;
		s->cape = cap;
	}
	s->e[s->ne++] = (tb_val_entry){f, from, to};
	return 1;
}

/* The nodes of the stretch of 'at', resolved, into their frames -- the
 * node at hand too when it took steps of it (not a position that closed
 * it, whose frame is the position it restates; not a gap closing it
 * because it cannot be searched; not a turn refused in every position). */
void tb_val_frames_close(tb_val *v, tb_val_at *at)
{
	if (!v->rp || !at->steps)
		return;
	tb_stretch *x = at->open->x;
	tb_val_steps *s = at->steps;
	for (size_t i = 0; i < s->ne && !v->oom; i++)
		S_frame_entry(v, x, s, &s->e[i]);
	tb_frame *f = S_cur(v);
	if (f && !f->done && !f->refused && s->n > at->node_from && !v->oom) {
		tb_val_entry cur = {v->cur, at->node_from, s->n};
		S_frame_entry(v, x, s, &cur);
	}
	s->ne = 0;
}

/* The nodes of the stretch of 'at', never resolved (the search's limit):
 * unknown from its start. */
void tb_val_frames_spent(tb_val *v, tb_val_at *at)
{
	if (!v->rp || !at->steps)
		return;
	tb_val_steps *s = at->steps;
	for (size_t i = 0; i <= s->ne; i++) {
		tb_frame *f = i < s->ne ? tb_replay_at(v->rp, s->e[i].f) : S_cur(v);
		if (!f || (i == s->ne && f->done))
			continue;
		f->status = TB_FRAME_UNKNOWN;
		f->stop = TB_STOP_LIMIT;
		f->code = TB_D_UNCHECKED;
		f->st = at->st;
		f->has_st = 1;
		f->npositions = 0;
		f->done = 1;
	}
	s->ne = 0;
}

/* After node 'n' of 'at''s line was replayed: its frame, unless the
 * replay filled it already or will (a stretch still open). */
void tb_val_frame_after(tb_val *v, tb_val_at *at, const tb_node *n)
{
	tb_frame *f = S_cur(v);
	if (!f)
		return;
	if (tb_kind_is_turn(tb_node_followed(n)))
		at->ply++;
	f->ply = at->ply;
	if (f->done)
		return;
	f->open = (uint8_t)S_node_open(n);
	if (at->open) { /* filled when the stretch closes */
		if (!S_entry_add(at->steps, v->cur, at->node_from, at->steps->n))
			v->oom = 1;
		f->status = TB_FRAME_OPEN;
		f->stop = TB_STOP_OPEN;
		f->st = at->st;
		f->has_st = 1;
		return;
	}
	f->done = 1;
	f->st = at->hidden ? at->known : at->st;
	f->has_st = (uint8_t)at->ever;
	if (at->live && !at->hidden) { /* (hidden: not the record's position) */
		f->status = TB_FRAME_WRITTEN;
		f->npositions = 1;
		return;
	}
	f->status = TB_FRAME_UNKNOWN;
	if (!f->stop)
		f->stop = at->ever ? TB_STOP_EARLIER : TB_STOP_START;
}

/* The other alternatives of reading 'n', each from the position before
 * it ('pre', known when 'live'): a turn the rules follow, or not. */
void tb_val_frame_alts(tb_val *v, const tb_node *n, const tb_state *pre, int live, int ever,
                       unsigned depth)
{
	const tb_frame *main = S_cur(v);
	long ply = main ? main->ply : -1;
	for (unsigned i = 1; i < n->nalts && !v->oom; i++) {
		long fi = tb_replay_slot(v->rp, n, i, depth);
		if (fi < 0) {
			v->oom = 1;
			return;
		}
		tb_frame *f = tb_replay_at(v->rp, fi);
		const tb_alt *a = &n->alts[i];
		int off = 0;
		f->ply = ply;
		f->done = 1;
		f->st = *pre;
		f->has_st = (uint8_t)ever;
		f->status = TB_FRAME_UNKNOWN;
		f->stop = TB_STOP_EARLIER;
		if (!live)
			continue;
		if (a->kind == TB_NODE_OMITTED) {
			f->status = TB_FRAME_WRITTEN;
			f->stop = TB_STOP_NONE;
			f->npositions = 1;
			continue;
		}
		f->stop = TB_STOP_ALTERNATIVE;
		if (!(a->kind == TB_NODE_PASS ||
		      (a->kind == TB_NODE_MOVE && !tb_val_open_points(v, &a->move, &off))))
			continue;
		const tb_move none = {0, 0, NULL};
		const tb_move *want = a->kind == TB_NODE_PASS ? &none : &a->move;
		tb_turns l = {NULL, 0};
		size_t count = tb_turns_list(&v->rs, pre, &l), fit = 0, which = 0;
		for (size_t j = 0; j < count; j++)
			if (tb_turn_fits(&l.v[j], want) && l.v[j].crown == want->crown)
				fit++, which = j;
		v->oom |= tb_turns_failed(&l);
		if (fit == 1) {
			tb_events ev;
			f->turn = l.v[which];
			v->rs.rules->play(&v->rs, &f->st, &f->turn, &ev);
			f->played = 1;
			f->has_st = 1;
			f->status = TB_FRAME_WRITTEN;
			f->stop = TB_STOP_NONE;
			f->npositions = 1;
			S_frame_events(v, fi, &ev);
		} else {
			f->stop = TB_STOP_REFUSED;
			f->refused = 1;
			f->code = TB_D_ILLEGAL;
		}
		tb_turns_free(&l);
	}
}

/* tb_val_play of a turn whose events or position before something
 * reads. (Not inlined: its events and position before are room on the
 * stack that a plain turn, most of them, would make at every turn.) */
static __attribute__((noinline)) void S_play_told(tb_val *v, tb_val_at *at, const tb_turn *t,
                                                  const tb_node *n)
{
	tb_events ev;
	ev.n = 0; /* (none, when none are asked for) */
	tb_state before;
	int remark = v->rs.rules->remark != NULL;
	if (remark) /* the position before is for the rules' remark alone */
		before = at->st;
	/* the events are read by a frowned-on turn's penalty, the frames and
	 * the caller's callback; with none of them, the rules play the turn
	 * without them (the same position: tests/unit/test_direct.c), as a
	 * clean record's every turn is when nothing keeps its events */
	int events = at->frown || v->rp || v->fn;
	v->rs.rules->play(&v->rs, &at->st, t, events ? &ev : NULL);
	if (at->frown) {
		int penalty = 0;
		for (unsigned i = 0; i < ev.n; i++)
			penalty |= ev.ev[i].kind == TB_EV_HUFF;
		if (penalty)
			at->frown = NULL; /* the rules' penalty was taken: nothing to tell */
		else
			tb_val_frown_tell(v, at);
	}
	if (remark && v->rs.rules->remark(&v->rs, &before, t, &at->st, NULL)) {
		at->frown = n;
		at->frown_before = before;
		at->frown_turn = *t;
		at->frown_after = at->st;
	}
	if (at->hidden)
		return; /* a position under a repair assumed is not the record's (spec §4) */
	S_frame_play(v, n, t, &at->st, &ev);
	if (v->fn)
		tb_val_tell(v, n, t, &at->st, &ev);
}

/* Plays 't' and tells the caller. */
void tb_val_play(tb_val *v, tb_val_at *at, const tb_turn *t, const tb_node *n)
{
	if (tb_val_plain(v, at)) /* S_play_told's answer, with nothing to tell */
		v->rs.rules->play(&v->rs, &at->st, t, NULL);
	else
		S_play_told(v, at, t, n);
}
