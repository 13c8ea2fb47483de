/*
 * validate_slips.c -- the slips that explain an illegal written turn,
 * said on its error, and checking that goes on under the best of them
 * (validation.h; spec/reconstruct.md §4).
 *
 * The line's look-back (tb_val_hist) holds the last written turns
 * played in a known position and the position before each; when one is
 * illegal, repair.c searches them for the edits that make the record
 * legal from there on. Each repair kept is a note of a fixed shape --
 * "at L:C, <kind>: <turns>: the next N turns are legal then" -- that a
 * program may read; checking goes on under the best one, as if it were
 * so when the evidence singles it out, else under the assumption, which
 * each later diagnostic of the line notes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "lang.h"
#include "repair.h"
#include "validate.h"
#include "validation.h"

/* ===== The look-back ===== */

/* The move node 'n' writes (a reading's first alternative). */
static const tb_move *S_move(const tb_node *n)
{
	return n->kind == TB_NODE_READING ? &n->alts[0].move : &n->move;
}

void tb_val_hist_reset(tb_val_at *at, int known)
{
	at->hist.n = at->hist.head = at->hist.next = 0;
	at->hist.lost = !known;
	at->hist.has_under = 0;
}

/* The look-back starts again after a repair: what it held is now before
 * it, out of reach. */
static void S_hist_forget(tb_val_at *at)
{
	tb_val_hist *h = &at->hist;
	h->lost |= h->n > 0;
	h->n = h->head = h->next = 0;
	h->has_under = 0;
}

/* The look-back after repair 'r' of its turn 'i' (positions 'before',
 * nodes 'nodes'), gone on with when no other was: the 'i' turns before
 * it as they were, then the written turns after those it stands for up
 * to the illegal one ('k' - 1), each with its position under it
 * ('seen'). A slip before it is found from a later illegal turn, the
 * written turns replayed through it. */
static void S_hist_keep(tb_val_at *at, const tb_state *before, const void *const *nodes, size_t i,
                        const tb_state *seen, size_t k, const tb_repair *r)
{
	tb_val_hist *h = &at->hist;
	h->n = h->head = 0;
	for (size_t j = 0; j < i; j++, h->n++) {
		h->st[h->n] = before[j];
		h->node[h->n] = nodes[j];
	}
	for (size_t j = i + r->consumed; j < k; j++, h->n++) {
		h->st[h->n] = seen[j];
		h->node[h->n] = nodes[j];
	}
	h->next = h->n; /* (at most lookback + 1: below the room) */
	h->has_under = i > 0;
	h->under_at = (unsigned)i;
	h->under = *r;
}

/* (tb_val_hist_push: validation.h, inlined.) */

/* ===== The notes ===== */

/* ORDER REPAIR: the words of each kind (spec/reconstruct.md §4), in
 * English, as tb_slip_words gives them to programs; the notes word them
 * from the language tables (S_kind_keys; lang_en.c has these words). */
static const char *const S_kind_words[] = {
	NULL,
	"one point misheard",
	"the same %s misheard in each point",
	"a part not written",
	"a crown marker wrong",
	"a turn seems to be missing before it",
	"a turn written twice",
	"two turns written out of order",
	"a side's two turns written out of order",
	"one point written for another",
};

const char *tb_slip_words(int kind)
{
	if (kind == TB_REPAIR_SAME)
		return "the same letter or number misheard in each point";
	return kind > 0 && kind < (int)(sizeof S_kind_words / sizeof *S_kind_words)
	           ? S_kind_words[kind] : NULL;
}

/* ORDER REPAIR: the keys of each kind's words in the language tables
 * (lang_*.c; in English S_kind_words' words, tb_slip_words'). */
static const char *const S_kind_keys[] = {
	NULL,
	"val.kind.sound",
	"val.kind.same.short",
	"val.kind.part",
	"val.kind.crown",
	"val.kind.missing",
	"val.kind.twice",
	"val.kind.swap",
	"val.kind.swap_side",
	"val.kind.point",
};

/* The kind of 'r' in v->lang's words, with what was misheard and the
 * comment that names it: "one point misheard (e3 for e4, as the
 * comment says)" -- the words of every repair note, in a known position
 * or an open stretch (validate_open_slips.c). The points stay notation. */
void tb_val_repair_kind(const tb_val *v, tb_buf *b, const tb_repair *r)
{
	tb_buf kind = TB_BUF_SOFT, was = TB_BUF_SOFT;
	char heard[16] = "", said[16] = "";
	if (r->kind == TB_REPAIR_SAME) {
		int file = TB_PT_FILE(r->said) != TB_PT_FILE(r->heard);
		tb_val_words(v, &kind, file ? "val.kind.same.letter" : "val.kind.same.number", NULL, 0);
		if (file) {
			snprintf(heard, sizeof heard, "%c", 'a' + TB_PT_FILE(r->heard));
			snprintf(said, sizeof said, "%c", 'a' + TB_PT_FILE(r->said));
		} else {
			snprintf(heard, sizeof heard, "%u", TB_PT_RANK(r->heard) + 1u);
			snprintf(said, sizeof said, "%u", TB_PT_RANK(r->said) + 1u);
		}
	} else {
		tb_val_words(v, &kind, S_kind_keys[r->kind], NULL, 0);
		if (r->kind == TB_REPAIR_SOUND || r->kind == TB_REPAIR_POINT) {
			heard[tb_point_chars(heard, r->heard)] = '\0'; /* (a point: a few bytes) */
			said[tb_point_chars(said, r->said)] = '\0';
		}
	}
	int open = *heard != '\0';
	if (open)
		tb_val_words(v, &was, "val.kind.for", (const char *[]){heard, said}, 2);
	const char *k = kind.data ? kind.data : "", *w = was.data ? was.data : "";
	if (r->commented)
		tb_val_words(v, b, open ? "val.kind.for.said" : "val.kind.said",
		             (const char *[]){k, w}, 2);
	else
		tb_val_words(v, b, open ? "val.kind.for.shown" : "val.kind.shown",
		             (const char *[]){k, w}, 2);
	if (!tb_buf_ok(&kind) || !tb_buf_ok(&was))
		tb_buf_fail(b); /* out of memory: the caller's text says so */
	tb_buf_free(&kind);
	tb_buf_free(&was);
}

/* The turns of 'r' written out with their numbers, from 'before' (the
 * position before the first turn it changes): a missing turn alone, the
 * copy of a turn written twice as written. */
static void S_turns(tb_buf *b, const tb_repair *r, const tb_state *before)
{
	if (r->kind == TB_REPAIR_TWICE) {
		const tb_node *n = r->node;
		tb_buf_printf(b, "%u%s ", before->number, before->to_move ? "..." : ".");
		tb_turn_write(b, tb_node_followed(n),
		              n->kind == TB_NODE_READING ? &n->alts[0].move : &n->move);
		return;
	}
	tb_val_turns_written(b, before, r->turn, r->kind == TB_REPAIR_MISSING ? 1 : r->nturns);
}

void tb_val_slip_note(tb_val *v, const tb_node *n, const char *kind, const char *turns,
                      unsigned reach, size_t held, size_t positions)
{
	char at[32], num[24], of[24];
	snprintf(at, sizeof at, "%u:%u", n->span.line, n->span.col);
	tb_buf *b = tb_val_line(v);
	tb_val_words(v, b, "val.slip", (const char *[]){at, kind, turns}, 3);
	if (reach) {
		snprintf(num, sizeof num, "%u", reach);
		tb_val_words_n(v, b, "val.slip.reach", reach, (const char *[]){num}, 1);
	}
	if (held < positions) {
		snprintf(num, sizeof num, "%zu", held);
		snprintf(of, sizeof of, "%zu", positions);
		tb_val_words_n(v, b, "val.slip.held", (long)positions, (const char *[]){num, of}, 2);
	}
	tb_diag_cite(v->r, n->span.line, n->span.col);
	tb_val_note_line(v);
}

/* The note of repair 'r' ("at 7:11, one point misheard (e3 for e4):
 * 14. g4-f4xe4: the next 12 turns are legal then"); its turns are the
 * pending fault's candidate, in 'turns' too. */
static void S_note(tb_val *v, const tb_repair *r, const tb_state *before, tb_buf *turns)
{
	const tb_node *n = r->node;
	tb_buf what = TB_BUF_SOFT;
	tb_val_repair_kind(v, &what, r);
	tb_buf_clear(turns);
	S_turns(turns, r, before);
	tb_val_slip_note(v, n, tb_val_text(v, &what), tb_val_text(v, turns), r->reach, 0, 0);
	if (r->back == 0 && r->nturns == 1 && r->kind != TB_REPAIR_TWICE) {
		tb_buf tok = TB_BUF_SOFT; /* the turn read another way: its token alone */
		tb_turn_token(&tok, &r->turn[0]);
		tb_val_fault_candidate(v, tb_val_text(v, &tok));
		tb_buf_free(&tok);
	} else {
		tb_val_fault_candidate(v, tb_val_text(v, turns));
	}
	tb_buf_free(&what);
}

/* ===== Typed repairs (tb_validate_opts.slip) ===== */

/* Tells v->slip of the repairs 'rp[0..n-1]' of the illegal turn 'n'. */
static void S_tell(tb_val *v, const tb_node *ill, const tb_repair *rp, size_t n, int went_on,
                   int certain)
{
	if (!v->slip || !n)
		return;
	tb_slip_repair t[3];
	for (size_t i = 0; i < n && i < 3; i++) {
		const tb_repair *r = &rp[i];
		const tb_node *x = r->node;
		t[i].kind = r->kind;
		t[i].first = x;
		t[i].nnodes = r->consumed;
		for (unsigned j = 0; j < r->consumed && j < 3; j++, x = tb_repair_next_turn(x))
			t[i].nodes[j] = x;
		t[i].turns = r->turn;
		t[i].nturns = r->nturns;
	}
	v->slip(v->slip_ctx, ill, t, n < 3 ? n : 3, went_on, certain);
}

/* ===== Going on ===== */

/* The position of 'at' after repair 'r' of look-back turn 'i' (its
 * positions 'before'), and the written turns after it up to the illegal
 * one ('k' - 1) played; the written turns after that a repair stands
 * for are skipped; 'seen[j]' the position before each of those written
 * turns, under it. A look-back holding a repair gone on under, after
 * this one, plays it in its place. 0 when a written turn there is no
 * longer legal (cannot be: the repair was kept because they are). */
static int S_go_on(tb_val *v, tb_val_at *at, const tb_repair *r, const tb_state *before,
                   const tb_node *const *nodes, size_t k, tb_state *seen)
{
	size_t i = k - 1 - r->back;
	const tb_val_hist *h = &at->hist;
	const tb_repair *under = h->has_under && i < h->under_at ? &h->under : NULL;
	tb_state s = before[i];
	for (unsigned j = 0; j < r->nturns; j++) {
		if (i + j == k && r->kind == TB_REPAIR_MISSING) {
			/* turn[j] is the illegal turn's: its variations follow the missing one */
			at->fixed = 1;
			at->fixed_before = s;
		}
		v->rs.rules->play(&v->rs, &s, &r->turn[j], NULL);
	}
	tb_turns l = {NULL, 0};
	int ok = 1;
	for (size_t j = i + r->consumed; j < k && ok; j++) {
		const tb_node *n = nodes[j];
		for (unsigned u = 0; under && j == h->under_at && u < under->nturns; u++)
			v->rs.rules->play(&v->rs, &s, &under->turn[u], NULL); /* the repair before */
		seen[j] = s;
		const tb_move *m = n->kind == TB_NODE_READING ? &n->alts[0].move : &n->move;
		int pass = tb_node_followed(n) == TB_NODE_PASS;
		if (j == k - 1) {
			at->fixed = 1;
			at->fixed_before = s;
		}
		const tb_turn *t = tb_turn_one(&v->rs, &s, pass ? NULL : m, &l);
		if (t)
			v->rs.rules->play(&v->rs, &s, t, NULL);
		ok = t != NULL;
	}
	v->oom |= tb_turns_failed(&l) && !ok;
	tb_turns_free(&l);
	if (!ok)
		return 0;
	at->st = s;
	at->skip = i + r->consumed > k ? (unsigned)(i + r->consumed - k) : 0;
	return 1;
}

/* Is the best repair singled out by the evidence: the only one left, or
 * the only one a comment names -- and the look-back reached every
 * written turn since the record last gave the position, and no earlier
 * assumption stands under it? A slip out of reach may explain the
 * illegal turn as well as any repair within it (a point misheard in a
 * placement, and the same point written again later, give the same
 * position), and nothing then singles one out. Nor does a repair that
 * the written turns after it stop following at a turn not legal, unless
 * a comment names it: a second slip there may be why every other repair
 * went. Nor one that a cheaper repair came near (repair.c's
 * S_rival): a second slip may have stopped that one, the right one, and
 * let a wrong one through. */
static int S_certain(const tb_val_at *at, const tb_repair *rp, size_t all)
{
	if (!rp[0].commented && rp[0].rival < rp[0].weight)
		return 0;
	if (at->assume[0] || (rp[0].stopped && !rp[0].commented) || at->hist.lost)
		return 0;
	return all == 1 || (rp[0].commented && !(all > 1 && rp[1].commented));
}

/* Adds repair 'r' ('turns' its turns in words, 'first' the first node it
 * changes) to the assumptions of 'at': "14. g4-f4xe4 (at 7:11, one
 * point misheard)", after those made before, joined by "and"; past the
 * room there is, counted (at->assume_more). One assumption alone always
 * has room: a repair's few turns, a place and a kind's words. */
static void S_assume(const tb_val *v, tb_val_at *at, const char *turns, const tb_node *first, const tb_repair *r)
{
	size_t len = strlen(at->assume), room = sizeof at->assume;
	if (!len) { /* the place the note of the assumption names */
		at->assume_line = first->span.line;
		at->assume_col = first->span.col;
	}
	char place[32];
	snprintf(place, sizeof place, "%u:%u", first->span.line, first->span.col);
	tb_buf b = TB_BUF_SOFT;
	tb_val_words(v, &b, len ? "val.assume.and" : "val.assume",
	             (const char *[]){turns, place,
	                              tb_lang_text(v->lang, S_kind_keys[r->kind])}, 3);
	at->assume_last_more = !(tb_buf_ok(&b) && b.data && b.len < room - len);
	if (!at->assume_last_more)
		memcpy(at->assume + len, b.data, b.len + 1);
	else
		at->assume_more++; /* no room: the assumptions said stay whole */
	tb_buf_free(&b);
}

int tb_val_slips(tb_val *v, tb_val_at *at, const tb_node *n, uint8_t kind, const tb_move *m)
{
	enum { SHOWN = 3 };
	tb_val_hist *h = &at->hist;
	if (v->r->verdicts)
		return 0; /* the line is cut here either way (validation.h) */
	if (!h->n || h->node[(h->head + h->n - 1) % tb_val_hist_room(v)] != n)
		tb_val_hist_push(v, at, n); /* (never: the illegal turn is pushed as it is checked) */
	if (!tb_repair_walks_on(&v->rs, n))
		return 0; /* nothing replayed after it: no repair gets past it (below), not sought */
	tb_state before[TB_LOOKBACK_MAX + 1];
	const void *nodes[TB_LOOKBACK_MAX + 1];
	size_t k = h->n;
	for (size_t i = 0; i < k; i++) {
		unsigned slot = (unsigned)((h->head + i) % tb_val_hist_room(v));
		before[i] = h->st[slot];
		nodes[i] = h->node[slot];
	}
	tb_repair rp[SHOWN];
	tb_repair_in in = {&v->rs, v->conf, before, nodes, k, kind, m, v->so.window, NULL,
	                   h->has_under ? &h->under : NULL, h->under_at, 0, NULL, 0};
	int nomem = 0;
	size_t all = tb_repairs_back(&in, rp, SHOWN, &nomem);
	if (nomem) {
		v->oom = 1;
		return 0;
	}
	if (!all || rp[0].end <= k)
		return 0; /* nothing written after it to weigh a repair by: no help */
	tb_buf turns = TB_BUF_SOFT;
	for (size_t i = 0; i < all && i < SHOWN; i++)
		S_note(v, &rp[i], &before[k - 1 - rp[i].back], &turns);
	if (all > SHOWN)
		tb_val_note_more_ways(v, all - SHOWN);
	int certain = S_certain(at, rp, all);
	tb_buf_clear(&turns);
	S_turns(&turns, &rp[0], &before[k - 1 - rp[0].back]);
	const tb_node *first = rp[0].node;
	at->nbeam = 0; /* the last slip's other repairs failed here too */
	tb_state seen[TB_LOOKBACK_MAX + 1];
	int went = S_go_on(v, at, &rp[0], before, (const tb_node *const *)nodes, k, seen);
	if (went && !at->hidden) {
		at->hidden = 1; /* the frames before are as written: from here, none */
		at->known = before[k - 1];
	}
	if (went && certain) {
		tb_val_note(v, "val.goes_on", NULL, 0);
		tb_val_fault_repaired_at(v, 0);
	} else if (went) {
		tb_val_note(v, "val.goes_on.assumed", NULL, 0);
		at->assume_from = strlen(at->assume);
		S_assume(v, at, tb_val_text(v, &turns), first, &rp[0]);
		v->assume = at->assume;
		v->assume_at = at;
		for (size_t i = 1; i < all && i < SHOWN; i++) { /* the beam */
			at->beam_ill = n;
			at->beam[at->nbeam] = rp[i];
			at->beam_before[at->nbeam++] = before[k - 1 - rp[i].back];
		}
	}
	tb_buf_free(&turns);
	S_tell(v, n, rp, all < SHOWN ? all : SHOWN, went ? 0 : -1, went && certain);
	if (went && !h->has_under) /* one repair at a time is looked back through */
		S_hist_keep(at, before, nodes, k - 1 - rp[0].back, seen, k, &rp[0]);
	else
		S_hist_forget(at);
	return went;
}

/* ===== A restated position the turns do not reach ===== */

/* The note of repair 'r' that makes the written turns reach the
 * position of node 'pos' ("at 3:24, one point misheard (b6 for b4):
 * 3... b4: it reaches the position given on line 4"). */
static void S_note_reaches(tb_val *v, const tb_repair *r, const tb_state *before,
                           const tb_node *pos, tb_buf *turns)
{
	const tb_node *n = r->node;
	tb_buf what = TB_BUF_SOFT;
	tb_val_repair_kind(v, &what, r);
	tb_buf_clear(turns);
	S_turns(turns, r, before);
	char at[32], line[16];
	snprintf(at, sizeof at, "%u:%u", n->span.line, n->span.col);
	snprintf(line, sizeof line, "%u", pos->span.line);
	tb_val_words(v, tb_val_line(v), "val.slip.reaches",
	             (const char *[]){at, tb_val_text(v, &what), tb_val_text(v, turns), line}, 4);
	tb_diag_cite(v->r, n->span.line, n->span.col);
	tb_diag_cite(v->r, pos->span.line, 0);
	tb_val_note_line(v);
	tb_val_fault_candidate(v, tb_val_text(v, turns));
	tb_buf_free(&what);
}

void tb_val_restated_slips(tb_val *v, const tb_val_at *at, const tb_node *pos)
{
	enum { SHOWN = 3 };
	const tb_val_hist *h = &at->hist;
	if (v->r->verdicts)
		return; /* notes only */
	unsigned cap = tb_val_hist_room(v);
	size_t k = h->n < v->so.lookback ? h->n : v->so.lookback; /* the last K turns */
	tb_state before[TB_LOOKBACK_MAX + 1];
	const void *nodes[TB_LOOKBACK_MAX + 1];
	for (size_t i = 0; i < k; i++) {
		unsigned slot = (unsigned)((h->head + h->n - k + i) % cap);
		before[i] = h->st[slot];
		nodes[i] = h->node[slot];
	}
	if (!k)
		return;
	tb_repair rp[SHOWN];
	size_t drop = h->n - k; /* held, but before the last K */
	int under = h->has_under && h->under_at > drop;
	tb_repair_in in = {&v->rs, v->conf, before, nodes, k, 0, NULL, 0, pos->position,
	                   under ? &h->under : NULL, under ? h->under_at - drop : 0, 0, NULL, 0};
	int nomem = 0;
	size_t all = tb_repairs_back(&in, rp, SHOWN, &nomem);
	if (nomem) {
		v->oom = 1;
		return;
	}
	tb_buf turns = TB_BUF_SOFT;
	for (size_t i = 0; i < all && i < SHOWN; i++)
		S_note_reaches(v, &rp[i], &before[k - 1 - rp[i].back], pos, &turns);
	if (all > SHOWN)
		tb_val_note_more_ways(v, all - SHOWN);
	tb_buf_free(&turns);
	S_tell(v, pos, rp, all < SHOWN ? all : SHOWN, -1, 0);
}

/* ===== The beam ===== */

/* The one legal turn of 's' that node 'n' writes, or NULL ('l' holds it). */
static const tb_turn *S_written_turn(tb_val *v, const tb_state *s, const tb_node *n, tb_turns *l)
{
	uint8_t kind = tb_node_followed(n);
	if (kind != TB_NODE_MOVE && kind != TB_NODE_PASS)
		return NULL; /* an unknown turn, a gap, a position: the walk ends */
	const tb_move *m = S_move(n);
	int pass = kind == TB_NODE_PASS;
	for (unsigned i = 0; !pass && i < m->nparts; i++)
		if (m->parts[i].pt == TB_PT_UNKNOWN || tb_geo_at(&v->rs.geo, m->parts[i].pt) < 0)
			return NULL;
	return tb_turn_one(&v->rs, s, pass ? NULL : m, l);
}

/* The position before node 'upto' under repair 'r' (from 'before', the
 * position before its first node), the written turns between replayed;
 * 0 when one of them is not legal there, or 'upto' is not reached. */
static int S_replay_to(tb_val *v, const tb_repair *r, const tb_state *before, const tb_node *upto,
                       tb_state *out)
{
	tb_state s = *before;
	for (unsigned j = 0; j < r->nturns; j++)
		v->rs.rules->play(&v->rs, &s, &r->turn[j], NULL);
	const tb_node *n = r->node;
	for (unsigned j = 0; j < r->consumed && n; j++)
		n = tb_repair_next_turn(n);
	tb_turns l = {NULL, 0};
	int ok = 1;
	for (unsigned steps = 0; n && n != upto && ok; n = tb_repair_next_turn(n), steps++) {
		const tb_turn *t = steps < 4096 ? S_written_turn(v, &s, n, &l) : NULL;
		if (t)
			v->rs.rules->play(&v->rs, &s, t, NULL);
		ok = t != NULL;
	}
	v->oom |= tb_turns_failed(&l) && !ok;
	tb_turns_free(&l);
	*out = s;
	return ok && n == upto;
}

int tb_val_beam_switch(tb_val *v, tb_val_at *at, const tb_node *n, uint8_t kind,
                       const tb_move *m)
{
	(void)kind;
	(void)m;
	for (unsigned i = 0; i < at->nbeam; i++) {
		tb_state s;
		tb_turns l = {NULL, 0};
		const tb_turn *t = S_replay_to(v, &at->beam[i], &at->beam_before[i], n, &s)
		                       ? S_written_turn(v, &s, n, &l) : NULL;
		if (t) { /* this repair explains the slip better: checking goes on under it */
			tb_repair r = at->beam[i];
			tb_turn played = *t;
			tb_buf turns = TB_BUF_SOFT;
			S_turns(&turns, &r, &at->beam_before[i]);
			at->assume[at->assume_from] = '\0'; /* the last slip's, taken back */
			at->assume_more -= at->assume_last_more;
			S_assume(v, at, tb_val_text(v, &turns), r.node, &r);
			tb_buf_free(&turns);
			at->nbeam = 0;
			at->st = s;
			S_tell(v, at->beam_ill, &r, 1, 0, 0); /* told again: this one, gone on with */
			tb_val_hist_reset(at, 0);
			tb_val_play(v, at, &played, n);
			tb_turns_free(&l);
			return 1;
		}
		tb_turns_free(&l);
	}
	return 0;
}
