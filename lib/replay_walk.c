/*
 * replay_walk.c -- a record's lines followed over its one reading (replay_walk.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay_walk.h"
#include "writer.h"
#include "xalloc.h"

int tb_walk_start(tb_walk *w, const tb_record *rec, char *why, size_t n)
{
	return tb_walk_start_on(w, rec, NULL, why, n);
}

int tb_walk_start_on(tb_walk *w, const tb_record *rec, const tb_replay *rp, char *why,
                     size_t n)
{
	memset(w, 0, sizeof *w);
	w->why_frame = -2;
	w->rec = rec;
	w->next = rec->main.first;
	if (!rec->game || !rec->game->rules) {
		snprintf(why, n, "%s has no rules engine", rec->game ? rec->game->title : "the game");
		return -1;
	}
	const char *bad = tb_ruleset_init(&w->rs, rec->game, &rec->opts, why, n);
	if (bad) {
		if (bad != why)
			snprintf(why, n, "%s", bad);
		return -1;
	}
	char msg[256] = "";
	tb_state st; /* a start that cannot occur is no record to walk (replay_walk.h) */
	if (w->rs.rules->load(&w->rs, rec->start, &st, msg, sizeof msg) < 0) {
		snprintf(why, n, "the record starts from a position that cannot occur: %s", msg);
		return -1;
	}
	if (rp) {
		w->rp = (tb_replay *)rp; /* read only: the walk changes no frame */
	} else {
		tb_reader *r = tb_reader_new_mem("", 0, "record"); /* its diagnostics are validate's */
		w->rp = r ? tb_replay_run(r, rec) : NULL;
		tb_reader_free(r);
		if (!w->rp)
			return TB_ENOMEM;
		w->owns = 1;
	}
	const tb_frame *s = tb_replay_start(w->rp);
	w->st = s->st;
	w->live = s->has_st;
	if (!w->live)
		snprintf(w->why, sizeof w->why, "the start is not complete: %s",
		         tb_replay_start_why(w->rp) ? tb_replay_start_why(w->rp) : "");
	return 0;
}

/* Why the rules do not know the position after the frame walked to
 * (tb_replay_why's words), into 'why'. */
static void S_why(tb_walk *w, const tb_frame *f)
{
	long i = tb_replay_find(w->rp, f->node, f->alt);
	char *why = tb_replay_why(w->rp, i);
	w->why_frame = why ? i : -2;
	w->nomem |= !why; /* the rules' words ran out of memory */
	snprintf(w->why, sizeof w->why, "%s", why ? why : "out of memory");
	free(why);
}

/* Takes the frame of node 'n' (alternative 'alt'). */
static void S_take(tb_walk *w, const tb_node *n, unsigned alt)
{
	const tb_frame *f = tb_replay_frame(w->rp, n, alt);
	w->frame = f;
	if (!f) { /* never: every node of the record has its frame */
		w->live = 0;
		w->stop = n;
		snprintf(w->why, sizeof w->why, "%s", "the rules did not reach it");
		w->why_frame = -2;
		return;
	}
	int known = f->has_st && f->npositions == 1 &&
	            (f->status == TB_FRAME_WRITTEN || f->status == TB_FRAME_RECONSTRUCTED);
	if (known) {
		w->st = f->st;
		w->live = 1;
		w->live_ply = w->ply;
		w->stop = NULL;
		w->has_last = f->played;
		w->decided = f->status == TB_FRAME_RECONSTRUCTED;
		w->settled = w->decided && !f->played && !f->nseq && f->fits > 1 ? f->fits : 0;
		w->settled_node = w->settled ? n : NULL;
		if (f->played) {
			w->last = f->turn;
			tb_replay_events_of(w->rp, f, &w->ev);
			w->last_node = n;
		}
		return;
	}
	if (w->live) { /* the rules stop here */
		w->stop = n;
		S_why(w, f);
	}
	w->live = 0;
}

int tb_walk_node(tb_walk *w)
{
	const tb_node *n = w->next;
	if (!n)
		return 0;
	w->next = n->next;
	int turn = tb_kind_is_turn(tb_node_followed(n));
	w->ply += turn;
	S_take(w, n, 0);
	return turn ? 1 : 2;
}

void tb_walk_fork(tb_walk *to, const tb_walk *w)
{
	*to = *w;
	to->owns = 0;
}

void tb_walk_alt(tb_walk *w, const tb_node *n, unsigned alt)
{
	w->next = NULL;
	uint8_t k = n->kind == TB_NODE_READING && alt < n->nalts ? n->alts[alt].kind : n->kind;
	w->ply += tb_kind_is_turn(k);
	S_take(w, n, alt);
}

int tb_walk_to(tb_walk *w, long ply)
{
	while (w->ply < ply)
		if (!tb_walk_node(w))
			return -1;
	while (w->next && tb_node_followed(w->next) == TB_NODE_POSITION) /* the position after it */
		tb_walk_node(w);
	return 0;
}

void tb_walk_last_token(const tb_walk *w, tb_buf *b)
{
	const tb_node *n = w->last_node;
	if (w->settled && w->settled_node && w->live_ply == w->ply && w->live) {
		n = w->settled_node; /* no turn known: the node as written ("4... ?") */
		if (n->number && tb_kind_is_turn(tb_node_followed(n)))
			tb_buf_printf(b, "%u%s ", n->number, n->side == 1 ? "..." : ".");
		tb_write_node(b, w->rec->game, n, TB_WRITE_BARE);
		return;
	}
	if (!n)
		return;
	if (n->number)
		tb_buf_printf(b, "%u%s ", n->number, n->side == 1 ? "..." : ".");
	tb_turn_write(b, w->last.nparts ? TB_NODE_MOVE : TB_NODE_PASS,
	              &(tb_move){w->last.nparts, w->last.crown, (tb_part *)w->last.parts});
}

void tb_walk_free(tb_walk *w)
{
	if (w->owns)
		tb_replay_free(w->rp);
	w->rp = NULL;
}

/* ===== The public face (tablero.h) ===== */

static int S_is_turn(const tb_node *n)
{
	return tb_kind_is_turn(tb_node_followed(n));
}

long tb_record_find_turn(const tb_record *rec, unsigned number, int side)
{
	long ply = 0;
	for (const tb_node *n = rec->main.first; n; n = n->next)
		if (S_is_turn(n) && (ply++, n->number == number && n->side == side))
			return ply;
	return -1;
}

int tb_record_turn_number(const tb_record *rec, long ply, unsigned *number, int *side)
{
	long at = 0;
	const tb_node *found = NULL;
	for (const tb_node *n = rec->main.first; n && (ply < 0 || at < ply); n = n->next)
		if (S_is_turn(n)) {
			at++;
			found = n;
		}
	if (!found || (ply >= 0 && at != ply) || !found->number || found->side > 1)
		return -1;
	*number = found->number;
	*side = found->side;
	return 0;
}

/* What the frames say of where 'w' stands: a turn the rules decided, or
 * an open stretch and how many turns fit it. */
static void S_reached_frame(tb_reached *at, const tb_walk *w)
{
	at->decided = w->live && w->has_last && w->decided && w->live_ply == w->ply;
	at->settled = w->live && w->settled && w->live_ply == w->ply ? w->settled : 0;
	at->positions = w->live ? 1 : w->frame ? w->frame->npositions : 0;
	if (w->live || !w->stop)
		return;
	at->open = w->frame && w->frame->status == TB_FRAME_OPEN;
	const tb_frame *sf = w->frame && w->frame->node == w->stop
	                   ? w->frame : tb_replay_frame(w->rp, w->stop, 0);
	at->fits = sf && sf->open ? sf->fits : 0;
	at->gap = tb_node_followed(w->stop) == TB_NODE_GAP;
}

tb_engine *tb_record_engine(const tb_record *rec, long ply, tb_reached *at, char **why)
{
	return tb_record_engine_in(rec, NULL, ply, at, why);
}

tb_engine *tb_record_engine_in(const tb_record *rec, const tb_replay *rp, long ply,
                               tb_reached *at, char **why)
{
	char msg[320];
	tb_walk w;
	memset(at, 0, sizeof *at);
	*why = NULL;
	if (!rec || rec->errors) {
		*why = tb_strdup("the record has errors"); /* NULL when memory ran out */
		return NULL;
	}
	long plies = (long)tb_record_plies(rec);
	if (ply > plies) {
		snprintf(msg, sizeof msg, "the main line has %ld turn%s, not %ld", plies,
		         plies == 1 ? "" : "s", ply);
		*why = tb_strdup(msg);
		return NULL;
	}
	int rc = tb_walk_start_on(&w, rec, rp, msg, sizeof msg);
	if (rc) {
		*why = rc == TB_ENOMEM ? NULL : tb_strdup(msg);
		return NULL;
	}
	int known_ever = w.live;
	while (w.ply < (ply < 0 ? plies : ply) && !w.nomem) {
		tb_walk_node(&w);
		known_ever |= w.live;
	}
	tb_walk turn; /* at the turn asked for: a decided one stays told after a restatement */
	tb_walk_fork(&turn, &w);
	while (!w.nomem && w.next &&
	       tb_node_followed(w.next) == TB_NODE_POSITION) { /* the position after the turn */
		tb_walk_node(&w);
		known_ever |= w.live;
	}
	tb_engine *e = NULL;
	if (w.nomem) {
		/* NULL, '*why' NULL */
	} else if (!known_ever) {
		*why = tb_strdup(w.why);
	} else {
		at->ply = w.live ? w.ply : w.live_ply;
		at->stopped = !w.live;
		const tb_walk *lw = w.live && !w.has_last && turn.live && turn.has_last && turn.decided
		                  ? &turn : &w;
		S_reached_frame(at, lw);
		int ok = 1;
		if (!w.live) {
			tb_buf b = TB_BUF_SOFT;
			if (w.stop && S_is_turn(w.stop) && w.stop->number) /* "10... a4-a5" */
				tb_buf_printf(&b, "%u%s ", w.stop->number, w.stop->side == 1 ? "..." : ".");
			if (w.stop)
				tb_write_node(&b, rec->game, w.stop, TB_WRITE_BARE);
			snprintf(at->stop, sizeof at->stop, "%s", b.data ? b.data : "");
			snprintf(at->why, sizeof at->why, "%s", w.why);
			ok &= tb_buf_ok(&b);
			tb_buf_free(&b);
			at->line = w.stop ? w.stop->span.line : 0;
			at->col = w.stop ? w.stop->span.col : 0;
		}
		if (lw->has_last || at->settled) {
			tb_buf b = TB_BUF_SOFT;
			tb_walk_last_token(lw, &b);
			snprintf(at->last, sizeof at->last, "%s", b.data ? b.data : "");
			ok &= tb_buf_ok(&b);
			tb_buf_free(&b);
		}
		if (ok)
			e = tb_engine_at(&w.rs, &w.st, tb_record_tag(rec, "Rules"));
	}
	tb_walk_free(&w);
	return e;
}
