/*
 * walk.c -- a record's main line replayed turn by turn (walk.h).
 */
#include <stdio.h>
#include <string.h>

#include "say.h"
#include "walk.h"
#include "writer.h"
#include "xalloc.h"

int tb_walk_start(tb_walk *w, const tb_record *rec, char *why, size_t n)
{
	memset(w, 0, sizeof *w);
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
	int rc = w->rs.rules->load(&w->rs, rec->start, &w->st, msg, sizeof msg);
	if (rc < 0) {
		snprintf(why, n, "the record starts from a position that cannot occur: %s", msg);
		return -1;
	}
	w->live = rc == 0;
	if (!w->live)
		snprintf(w->why, sizeof w->why, "the start is not complete: %s", msg);
	return 0;
}

/* Stops the replay at node 'n'. */
static void S_stop(tb_walk *w, const tb_node *n, const char *fmt, const char *arg)
{
	w->live = 0;
	w->stop = n;
	snprintf(w->why, sizeof w->why, fmt, arg);
}

static void S_restated(tb_walk *w, const tb_node *n)
{
	char msg[256] = "";
	tb_state s;
	int rc = w->soft ? tb_restate_soft(&w->rs, w->live ? &w->st : NULL, n->position, &s, msg,
	                                   sizeof msg)
	                 : tb_restate(&w->rs, w->live ? &w->st : NULL, n->position, &s, msg,
	                              sizeof msg);
	if (rc == TB_ENOMEM) {
		w->nomem = 1;
		S_stop(w, n, "%s", "out of memory");
		return;
	}
	if (rc == 0) {
		w->st = s;
		w->live = 1;
		w->live_ply = w->ply;
		w->stop = NULL;
		w->has_last = 0; /* the turn before is not what made this position */
		return;
	}
	S_stop(w, n, rc > 0 ? "the position restated here is not complete: %s"
	                    : "the position restated here cannot occur: %s", msg);
}

/* The one legal turn of 'w->turns' (count 'count') that move 'm' (NULL:
 * a pass) fits, its crown marker included; or says why none is. */
static const tb_turn *S_fit(tb_walk *w, const tb_node *n, size_t count, const tb_move *m)
{
	const tb_move none = {0, 0, NULL};
	const tb_move *want = m ? m : &none;
	size_t fit = 0, which = 0;
	for (size_t i = 0; i < count; i++)
		if (tb_turn_fits(&w->turns.v[i], want) && w->turns.v[i].crown == want->crown)
			fit++, which = i;
	if (fit == 1)
		return &w->turns.v[which];
	char why[240], many[64];
	if (fit) {
		snprintf(many, sizeof many, "%zu", fit);
		S_stop(w, n, "it fits %s legal turns", many);
	} else if (!m) {
		S_stop(w, n, "%s", "a player passes only when blocked");
	} else {
		tb_say_no_fit(why, sizeof why); /* never "" but out of memory */
		w->rs.rules->explain(&w->rs, &w->st, m, why, sizeof why);
		if (!*why) { /* out of memory (rules.h) */
			if (!w->soft)
				tb_oom();
			w->nomem = 1;
		}
		S_stop(w, n, "%s", why);
	}
	return NULL;
}

/* A turn node in a known position. */
static void S_turn(tb_walk *w, const tb_node *n)
{
	int kind = n->kind == TB_NODE_READING ? n->alts[0].kind : n->kind;
	const tb_move *m = n->kind == TB_NODE_READING ? &n->alts[0].move : &n->move;
	const tb_turn *t = kind == TB_NODE_MOVE ? tb_turn_find(&w->rs, &w->st, m, &w->turns) : NULL;
	if (t) { /* the direct check: the one legal turn it names */
		w->last = *t;
		w->rs.rules->play(&w->rs, &w->st, &w->last, &w->ev);
		w->has_last = 1;
		w->last_node = n;
		w->live_ply = w->ply;
		return;
	}
	size_t count = w->soft ? tb_turns_list(&w->rs, &w->st, &w->turns)
	                       : tb_turns_generate(&w->rs, &w->st, &w->turns);
	if (tb_turns_failed(&w->turns)) {
		w->nomem = 1;
		S_stop(w, n, "%s", "out of memory");
		return;
	}
	tb_result res;
	char why[200];
	if (!count && w->rs.rules->over(&w->rs, &w->st, &res, why, sizeof why)) {
		S_stop(w, n, "the game is already over (%s)", why);
		return;
	}
	if (kind == TB_NODE_UNKNOWN && count == 1)
		t = &w->turns.v[0]; /* forced: the only legal turn */
	else if (kind == TB_NODE_UNKNOWN)
		S_stop(w, n, "%s", "the turn is not known, and more than one is legal here");
	else
		t = S_fit(w, n, count, kind == TB_NODE_PASS ? NULL : m);
	if (!t)
		return;
	w->last = *t;
	w->rs.rules->play(&w->rs, &w->st, &w->last, &w->ev);
	w->has_last = 1;
	w->last_node = n;
	w->live_ply = w->ply;
}

int tb_walk_node(tb_walk *w)
{
	const tb_node *n = w->next;
	if (!n)
		return 0;
	w->next = n->next;
	uint8_t k = tb_node_followed(n); /* a reading is its first alternative */
	if (k == TB_NODE_POSITION) {
		S_restated(w, n);
		return 2;
	}
	if (k == TB_NODE_OMITTED) /* the witness followed has nothing here */
		return 2;
	if (k == TB_NODE_GAP) {
		if (w->live && n->gap_max != 0)
			S_stop(w, n, "%s", "turns are missing here (a gap)");
		return 2;
	}
	w->ply++;
	if (w->live)
		S_turn(w, n);
	return 1;
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
	if (!n)
		return;
	if (n->number)
		tb_buf_printf(b, "%u%s ", n->number, n->side == 1 ? "..." : ".");
	tb_turn_write(b, w->last.nparts ? TB_NODE_MOVE : TB_NODE_PASS,
	              &(tb_move){w->last.nparts, w->last.crown, (tb_part *)w->last.parts});
}

void tb_walk_free(tb_walk *w) { tb_turns_free(&w->turns); }

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

tb_engine *tb_record_engine(const tb_record *rec, long ply, tb_reached *at, char **why)
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
	if (tb_walk_start(&w, rec, msg, sizeof msg)) {
		*why = tb_strdup(msg);
		return NULL;
	}
	w.soft = 1;
	int known_ever = w.live;
	while (w.ply < (ply < 0 ? plies : ply) && !w.nomem) {
		tb_walk_node(&w);
		known_ever |= w.live;
	}
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
		if (w.has_last) {
			tb_buf b = TB_BUF_SOFT;
			tb_walk_last_token(&w, &b);
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
