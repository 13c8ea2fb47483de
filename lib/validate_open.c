/*
 * validate_open.c -- the turns a record leaves open, followed as
 * validate.c replays it (spec/reconstruct.md): an unknown turn, a token
 * with '?' points or points off the board, a gap opens a stretch
 * (reconstruct.c), the positions the game may be in, which the written
 * turns after it weed; when it closes, what each open turn may have
 * been is told (TB408), or that nothing fits (TB409).
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

/* ===== Open turns ===== */

/* Does move 'm' write a point that is '?', or off the board? The second
 * in '*offboard'. */
int tb_val_open_points(const tb_val *v, const tb_move *m, int *offboard)
{
	int open = 0;
	*offboard = 0;
	for (unsigned i = 0; i < m->nparts; i++) {
		open |= m->parts[i].pt == TB_PT_UNKNOWN;
		*offboard |= m->parts[i].pt != TB_PT_UNKNOWN && tb_geo_at(&v->rs.geo, m->parts[i].pt) < 0;
	}
	return open || *offboard;
}

static void S_progress(void *ctx, unsigned long held)
{
	const tb_val *v = ctx;
	if (v->so.progress)
		v->so.progress(v->so.ctx, held);
}

static void S_open_free(tb_val_at *at)
{
	if (at->open) {
		for (tb_val_kept *k = at->open->kept, *next; k; k = next) {
			next = k->next;
			free(k);
		}
		tb_val_near_free(at->open->near);
		tb_stretch_free(at->open->x);
		free(at->open->v);
		free(at->open);
		at->open = NULL;
	}
}

/* Starts a stretch from the known position, if none is open; 0 (none
 * open, v->oom) when memory ran out. */
int tb_val_open_begin(tb_val *v, tb_val_at *at)
{
	if (at->open)
		return 1;
	at->open = tb_calloc(1, sizeof *at->open);
	if (at->open)
		at->open->x = tb_stretch_new(&v->rs, &at->st, v->so.max_positions, S_progress, v);
	if (at->open && at->open->x)
		tb_stretch_set_threads(at->open->x, v->so.threads);
	if (!at->open || !at->open->x) {
		S_open_free(at);
		v->oom = 1;
		at->live = 0;
		return 0;
	}
	return 1;
}

/* A tb_val with no language, for the words of a message: the messages
 * of validate are English whatever --lang says (spec/tgn.md §11). */
static const tb_val S_english;

/* NULL when memory ran out. */
static tb_val_pending *S_pend(tb_val_open *o, const tb_node *n, size_t step, size_t nsteps, int gap)
{
	if (o->n == o->cap) {
		size_t cap = o->cap ? 2 * o->cap : 4;
		tb_val_pending *grown = tb_realloc(o->v, cap * sizeof *o->v);
		if (!grown)
			return NULL;
		o->v = grown;
		o->cap = cap;
	}
	tb_val_pending *p = &o->v[o->n++];
	memset(p, 0, sizeof *p);
	p->node = n;
	p->step = step;
	p->nsteps = nsteps;
	p->gap = gap;
	return p;
}

/* ", given turns 20-24 and the position on line 12", into 'b'; and
 * "(the slip at 3:28 as noted)" when a repair of a written turn weeded
 * the positions ('repaired', or NULL). In v->lang's words: a note's; a
 * message's are English (S_english). */
static void S_given(tb_buf *b, const tb_val *v, const tb_val_pending *p,
                    const tb_node *restated, const tb_node *repaired)
{
	char first[16], last[16], line[16], at[32];
	tb_buf_clear(b);
	if (p->first) {
		snprintf(first, sizeof first, "%u", p->first->number);
		snprintf(last, sizeof last, "%u", p->last->number);
	}
	if (p->first && p->first->number == p->last->number)
		tb_val_words(v, b, "val.given.turn", (const char *[]){first}, 1);
	else if (p->first)
		tb_val_words(v, b, "val.given.turns", (const char *[]){first, last}, 2);
	if (restated) {
		snprintf(line, sizeof line, "%u", restated->span.line);
		tb_val_words(v, b, p->first ? "val.given.and_position" : "val.given.position",
		             (const char *[]){line}, 1);
	}
	if (repaired && p->first) {
		snprintf(at, sizeof at, "%u:%u", repaired->span.line, repaired->span.col);
		tb_val_words(v, b, "val.given.repaired", (const char *[]){at}, 1);
	}
}

/* The positions nearest the one restated, if they were found, on the
 * diagnostic just made that nothing fits: once. */
static void S_near_said(tb_val *v, tb_val_open *o)
{
	tb_val_near_notes(v, o->near);
	tb_val_near_free(o->near);
	o->near = NULL;
}

/* The places S_given's words name, cited for the diagnostic or note
 * about to be written. */
static void S_cite_given(tb_val *v, const tb_val_pending *p, const tb_node *restated,
                         const tb_node *repaired)
{
	if (restated)
		tb_diag_cite(v->r, restated->span.line, 0);
	if (repaired && p->first)
		tb_diag_cite(v->r, repaired->span.line, repaired->span.col);
}

/* The note 'key' of a number 'n' ("and 12 more"), its plural form. */
static void S_note_more(tb_val *v, const char *key, unsigned long long n)
{
	char num[24];
	snprintf(num, sizeof num, "%llu", n);
	tb_val_note_n(v, key, n > LONG_MAX ? LONG_MAX : (long)n, (const char *[]){num}, 1);
}

/* What the open turn 'p' may have been, once its stretch is resolved
 * ('given' the words of S_given, of 'restated' and o->repaired). */
static void S_tell_pending(tb_val *v, tb_val_open *o, const tb_val_pending *p, const char *given,
                           const tb_node *restated, int *said_none)
{
	size_t max = v->so.max_listed;
	tb_buf tok = TB_BUF_SOFT, list = TB_BUF_SOFT;
	tb_val_node_token(&tok, p->node);
	unsigned long long count;
	size_t listed = 0;
	tb_turn *seqs;
	size_t len = p->gap ? p->nsteps : 1;
	if (p->gap) {
		seqs = tb_malloc((max ? max : 1) * (len ? len : 1) * sizeof *seqs);
		count = seqs ? tb_stretch_paths(o->x, p->step, p->nsteps, max, seqs, &listed) : 0;
	} else {
		tb_turns l = {NULL, 0};
		count = tb_stretch_turns(o->x, p->step, &l);
		listed = count < max ? (size_t)count : max;
		seqs = tb_malloc((listed ? listed : 1) * sizeof *seqs);
		if (listed && seqs)
			memcpy(seqs, l.v, listed * sizeof *seqs);
		tb_turns_free(&l);
	}
	if (!seqs || tb_stretch_failed(o->x) || !tb_buf_ok(&tok)) {
		v->oom = 1; /* nothing said of it */
		free(seqs);
		tb_buf_free(&tok);
		return;
	}
	for (size_t i = 0; !p->gap && i < listed; i++) {
		tb_buf_puts(&list, i ? ", " : "");
		tb_turn_token(&list, &seqs[i]);
	}
	if (!p->gap && count > listed)
		tb_buf_printf(&list, ", and %llu more", count - listed);
	char what[48];
	if (p->gap)
		snprintf(what, sizeof what, "sequence%s of %zu turn%s", count == 1 ? "" : "s", len,
		         len == 1 ? "" : "s");
	else
		snprintf(what, sizeof what, "turn%s", count == 1 ? "" : "s");
	if (v->rp) { /* the frame of the open turn says how many fit */
		long fi = tb_replay_find(v->rp, p->node, 0);
		if (fi >= 0)
			tb_replay_at(v->rp, fi)->fits = count;
	}
	unsigned end = p->node->span.end_line == p->node->span.line ? p->node->span.end_col
	                                                                : UINT_MAX;
	int taken = 0;
	if (count == 1 && v->decide && !p->offboard) {
		const tb_state *s0 = tb_stretch_first(o->x, p->step);
		taken = v->decide(v->decide_ctx, p->node, seqs, len, s0->number, s0->to_move);
	}
	if (p->offboard) { /* a note on the reader's error about the point */
		tb_buf words = TB_BUF_SOFT, mine = TB_BUF_SOFT;
		S_given(&mine, v, p, restated, o->repaired);
		tb_val_words_n(v, &words, count == 0 ? "val.fits.none" : "val.fits.here", (long)count,
		               (const char *[]){tb_val_text(v, &mine), tb_val_text(v, &list)}, 2);
		S_cite_given(v, p, restated, o->repaired);
		tb_diag_note_at(v->r, p->node->span.line, p->node->span.col, end, "%s",
		                tb_val_text(v, &words));
		if (count == 0)
			S_near_said(v, o);
		tb_buf_free(&words);
		tb_buf_free(&mine);
	} else if (count == 0 && !*said_none) {
		*said_none = 1;
		char none[48];
		if (p->gap)
			snprintf(none, sizeof none, "sequence of %zu turn%s", p->length,
			         p->length == 1 ? "" : "s");
		else
			snprintf(none, sizeof none, "turn");
		S_cite_given(v, p, restated, o->repaired);
		tb_val_report_turn(v, TB_ERROR, TB_D_NO_FIT, &p->node->span, NULL, tb_val_text(v, &tok),
		              "no %s fits here%s: the transcription around it is wrong", none, given);
		S_near_said(v, o);
	} else if (taken) {
		/* filled in: the caller tells */
	} else if (count == 1) {
		S_cite_given(v, p, restated, o->repaired);
		tb_val_report_turn(v, TB_WARNING, TB_D_FITS, &p->node->span, NULL, tb_val_text(v, &tok),
		              "only %s fits%s", p->gap ? "one sequence" : tb_val_text(v, &list), given);
	} else if (count) {
		S_cite_given(v, p, restated, o->repaired);
		tb_val_report_turn(v, TB_WARNING, TB_D_FITS, &p->node->span, NULL, tb_val_text(v, &tok),
		              "%llu %s fit%s%s%s", count, what, given, p->gap ? "" : ": ",
		              p->gap ? "" : tb_val_text(v, &list));
	}
	for (size_t i = 0; !p->gap && count && !p->offboard && !taken && i < listed; i++) {
		tb_buf_clear(&list); /* each turn that fits, a candidate of the fault */
		tb_turn_token(&list, &seqs[i]);
		tb_val_fault_candidate(v, tb_val_text(v, &list));
	}
	for (size_t i = 0; p->gap && count && !p->offboard && !taken && i < listed; i++) {
		/* a sequence a line, numbered from the layer the gap starts at */
		tb_buf_clear(&list);
		tb_val_turns_written(&list, tb_stretch_first(o->x, p->step), seqs + i * len, len);
		tb_diag_note(v->r, "%s", tb_val_text(v, &list));
		tb_val_fault_candidate(v, tb_val_text(v, &list));
	}
	if (count == 1 && !p->offboard && !taken)
		tb_val_fault_repaired(v); /* the rules decide it */
	if (p->gap && count > listed && !p->offboard && !taken)
		S_note_more(v, "val.more", count - listed);
	free(seqs);
	tb_buf_free(&tok);
	tb_buf_free(&list);
}

/* Tells the caller the turns of the written nodes of a resolved stretch
 * whose positions before and after are each one. */
static void S_tell_resolved(tb_val *v, tb_val_open *o, const tb_node *const *nodes)
{
	tb_turns l = {NULL, 0};
	for (size_t k = 0; k < tb_stretch_steps(o->x); k++) {
		const tb_state *a, *b;
		if (!nodes[k] || tb_stretch_marked(o->x, k, &a) != 1 ||
		    tb_stretch_marked(o->x, k + 1, &b) != 1 || tb_stretch_turns(o->x, k, &l) != 1)
			continue;
		tb_state w = *a;
		tb_events ev;
		v->rs.rules->play(&v->rs, &w, &l.v[0], &ev);
		tb_val_tell(v, nodes[k], &l.v[0], &w, &ev);
	}
	tb_turns_free(&l);
}

/* The nodes of the stretch whose variations wait: each gets the
 * position before it when the stretch, resolved, leaves one there. */
static void S_settle_deferred(tb_val_at *at)
{
	tb_val_steps *s = at->steps;
	for (size_t i = 0; s && i < s->nd; i++) {
		const tb_state *one = NULL;
		tb_val_defer *d = &s->d[i];
		if (!d->settled && tb_stretch_marked(at->open->x, d->layer, &one) == 1) {
			d->st = *one;
			d->settled = 1;
		}
	}
}

/* Closes the stretch of 'at': resolves it and reports each open turn;
 * 'restated' is the position that closed it, if one did. The position
 * is then the one left, when one is. */
void tb_val_open_close(tb_val *v, tb_val_at *at, const tb_val_steps *steps, const tb_node *restated)
{
	tb_val_open *o = at->open;
	tb_stretch_resolve(o->x);
	tb_buf given = TB_BUF_SOFT;
	int said_none = 0;
	for (size_t i = 0; i < o->n && !v->oom && !tb_stretch_failed(o->x); i++) {
		S_given(&given, &S_english, &o->v[i], restated, o->repaired);
		S_tell_pending(v, o, &o->v[i], tb_val_text(v, &given), restated, &said_none);
	}
	if (v->fn && steps && !v->oom && !tb_stretch_failed(o->x))
		S_tell_resolved(v, o, steps->v);
	if (!v->oom && !tb_stretch_failed(o->x)) {
		tb_val_frames_close(v, at);
		S_settle_deferred(at);
	}
	tb_buf_free(&given);
	if (tb_stretch_failed(o->x) || v->oom) {
		v->oom = 1;
		at->live = 0;
	} else if (tb_stretch_count(o->x) == 1) {
		at->st = *tb_stretch_state(o->x, 0);
		at->live = 1;
	} else {
		at->live = 0;
	}
	S_open_free(at);
}

/* What a search not made, or given up, from node 'n' leaves unchecked,
 * in words into 'b' (after "...: "): the turns written after 'n' up to
 * the next restated position of its line, where checking resumes
 * (spec/reconstruct.md §3); returns how many,
 * and whether a position is restated after them in '*restated'. A gap
 * followed at once by a restated position leaves none unchecked: only
 * its own turns are not searched. */
unsigned tb_val_unchecked(tb_reader *r, tb_buf *b, const tb_node *n, int *restated)
{
	unsigned turns = 0;
	const tb_node *m = n->next;
	for (; m && tb_node_followed(m) != TB_NODE_POSITION; m = m->next)
		turns += tb_kind_is_turn(tb_node_followed(m));
	tb_buf_clear(b);
	if (!turns && m)
		tb_buf_puts(b, "no sequence of them is sought to the position given after it");
	else if (!turns)
		tb_buf_puts(b, "they are not searched");
	else if (turns == 1)
		tb_buf_puts(b, "the written turn after it goes unchecked");
	else
		tb_buf_printf(b, "the %u written turns after it go unchecked", turns);
	if (turns && m) { /* every caller reports these words next: a place of it */
		tb_diag_cite(r, m->span.line, 0);
		tb_buf_printf(b, ", up to the position given again on line %u", m->span.line);
	}
	else if (turns)
		tb_buf_puts(b, ": the record does not give the position again");
	*restated = m != NULL;
	return turns;
}

/* What a search over its budget leaves open, as a note on the warning
 * just made: how many turns from the stretch's start it went through,
 * the positions after them and the sequences of turns that reach them
 * (issue 38). Nothing when it stopped in the first turn. */
static void S_spent_reach(tb_val *v, const tb_stretch *x)
{
	unsigned long positions;
	unsigned long long seqs;
	size_t whole = tb_stretch_reached(x, &positions, &seqs);
	if (!whole)
		return;
	int many = seqs == ULLONG_MAX; /* tb_stretch_reached's "more than" */
	char in[24], pos[24], after[24], n[24];
	snprintf(in, sizeof in, "%zu", whole + 1);
	snprintf(pos, sizeof pos, "%lu", positions);
	snprintf(after, sizeof after, "%zu", whole);
	snprintf(n, sizeof n, "%llu", many ? 4294967294ULL : seqs);
	tb_val_note_n(v, many ? "val.limit.more" : "val.limit", many || seqs > LONG_MAX ? LONG_MAX
	                                                                               : (long)seqs,
	              (const char *[]){in, pos, after, n}, 4);
}

/* The search ran out of room: what is open stays open. */
static void S_open_spent(tb_val *v, tb_val_at *at)
{
	if (v->oom || tb_stretch_failed(at->open->x)) { /* not the limit: memory */
		v->oom = 1;
		S_open_free(at);
		at->live = 0;
		return;
	}
	const tb_node *n = at->open->v[0].node;
	tb_buf tail = TB_BUF_SOFT;
	int restated;
	tb_val_unchecked(v->r, &tail, n, &restated); /* the stretch goes unknown from its start */
	tb_val_report(v, TB_WARNING, TB_D_UNCHECKED, &n->span, NULL,
	         "more than %lu positions may follow from here, the search's limit "
	         "(--search-positions): %s", v->so.max_positions, tb_val_text(v, &tail));
	tb_buf_free(&tail);
	S_spent_reach(v, at->open->x);
	tb_val_frames_spent(v, at);
	S_open_free(at);
	at->live = 0;
}

/* The step a turn node replays: its first alternative for a reading. */
tb_step tb_val_step_of(const tb_node *n)
{
	tb_step st = {TB_STEP_TURN, n->kind, &n->move};
	if (n->kind == TB_NODE_READING) {
		st.node_kind = n->alts[0].kind;
		st.m = &n->alts[0].move;
	}
	return st;
}

/* 0 when memory ran out. */
static int S_steps_add(tb_val_steps *s, const tb_node *n)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 16;
		const tb_node **grown = tb_realloc(s->v, cap * sizeof *s->v);
		if (!grown)
			return 0;
		s->v = grown;
		s->cap = cap;
	}
	s->v[s->n++] = n;
	return 1;
}

/* Memory ran out in the open stretch of 'at': it goes, unsaid. */
void tb_val_open_lost(tb_val *v, tb_val_at *at)
{
	v->oom = 1;
	S_open_free(at);
	at->live = 0;
}

/* Is the game over in every position of the open stretch? */
static int S_open_all_over(tb_val *v, const tb_val_open *o)
{
	tb_result res;
	char why[8];
	for (size_t i = 0; i < tb_stretch_count(o->x); i++)
		if (!v->rs.rules->over(&v->rs, tb_stretch_state(o->x, i), &res, why, sizeof why))
			return 0;
	return 1;
}

/* Of the positions of the open stretch (the first 64), the one whose
 * reason for refusing step 'st' is the commonest, with that reason. */
static const tb_state *S_commonest_reason(tb_val *v, const tb_val_open *o, const tb_step *st,
                                          char *why, size_t n)
{
	enum { LOOK = 64 };
	char (*reason)[480] = tb_malloc(LOOK * sizeof *reason);
	if (!reason) {
		v->oom = 1;
		snprintf(why, n, "%s", "");
		return tb_stretch_state(o->x, 0);
	}
	size_t count = tb_stretch_count(o->x) < LOOK ? tb_stretch_count(o->x) : LOOK, best = 0,
	       best_n = 0;
	tb_move none = {0, 0, NULL};
	for (size_t i = 0; i < count; i++)
		tb_val_explain(v, tb_stretch_state(o->x, i), st->node_kind == TB_NODE_PASS ? &none : st->m,
		          reason[i], sizeof reason[i]);
	for (size_t i = 0; i < count; i++) {
		size_t same = 0;
		for (size_t j = 0; j < count; j++)
			same += strcmp(reason[i], reason[j]) == 0;
		if (same > best_n) {
			best_n = same;
			best = i;
		}
	}
	snprintf(why, n, "%s", reason[best]);
	free(reason);
	return tb_stretch_state(o->x, best);
}

/* Is 's' one of the set 'ctx'? */
static int S_in_set(void *ctx, const tb_state *s)
{
	return tb_bset_find(ctx, s) >= 0;
}

/* Repair 'r' of written turn 'n', played over the open stretch of 'at'
 * (its positions those where it holds): each of its turns a step, the
 * written turns it stands for after 'n' skipped. */
static void S_repair_steps(tb_val *v, tb_val_at *at, tb_val_steps *steps, const tb_node *n,
                           const tb_repair *r)
{
	tb_val_open *o = at->open;
	long left = 1;
	for (unsigned i = 0; i < r->nturns && left > 0; i++) {
		tb_val_kept *k = tb_malloc(sizeof *k);
		if (!k || !S_steps_add(steps, NULL)) {
			free(k);
			tb_val_open_lost(v, at);
			return;
		}
		k->t = r->turn[i];
		k->m = (tb_move){k->t.nparts, k->t.crown, k->t.parts};
		k->next = o->kept;
		o->kept = k;
		tb_step st = {TB_STEP_TURN, k->t.nparts ? TB_NODE_MOVE : TB_NODE_PASS, &k->m};
		left = tb_stretch_step(o->x, &st, NULL, 0);
	}
	if (left < 0) {
		S_open_spent(v, at);
		return;
	}
	for (size_t i = 0; i < o->n; i++) { /* evidence for what is open, as written turns are */
		o->v[i].first = o->v[i].first ? o->v[i].first : n;
		o->v[i].last = n;
	}
	at->skip = r->consumed - 1u;
	o->repaired = n;
	if (left <= 1) /* one position left (none cannot be: the repair holds in each) */
		tb_val_open_close(v, at, steps, NULL);
}

/* Written turn 'n' (step 'st') was illegal in every position of the
 * open stretch of 'at': the slips that explain it, as notes; when one
 * alone does, checking goes on as if it were so -- over the positions
 * where it holds, or from the one position left as after a repair in a
 * known position (validate.c) -- and 1 is returned. */
static int S_open_repair(tb_val *v, tb_val_at *at, tb_val_steps *steps, const tb_node *n,
                         const tb_step *st)
{
	tb_repair r;
	tb_bset where;
	memset(&where, 0, sizeof where);
	int single = tb_val_open_slips(v, at->open->x, n, st, &r, &where);
	if (single)
		tb_stretch_keep(at->open->x, S_in_set, &where);
	tb_bset_free(&where);
	if (!single || v->oom || tb_stretch_failed(at->open->x))
		return 0;
	if (tb_stretch_count(at->open->x) > 1) {
		S_repair_steps(v, at, steps, n, &r);
		return 1;
	}
	for (size_t i = 0; i < at->open->n; i++) { /* evidence, as repaired */
		at->open->v[i].first = at->open->v[i].first ? at->open->v[i].first : n;
		at->open->v[i].last = n;
	}
	at->open->repaired = n;
	tb_val_open_close(v, at, NULL, NULL);
	if (!at->live)
		return 1;
	for (unsigned i = 0; i < r.nturns; i++) {
		if (i == 1 && r.kind == TB_REPAIR_MISSING) {
			at->fixed = 1;
			at->fixed_before = at->st;
		}
		v->rs.rules->play(&v->rs, &at->st, &r.turn[i], NULL);
	}
	at->skip = r.consumed - 1u;
	return 1;
}

/* A turn node replayed over the open stretch of 'at'. */
void tb_val_open_turn(tb_val *v, tb_val_at *at, tb_val_steps *steps, const tb_node *n, int open,
                      int offboard)
{
	tb_val_open *o = at->open;
	tb_step st = tb_val_step_of(n);
	size_t before = tb_stretch_count(o->x);
	o->pruned = 0;
	long left = tb_stretch_step(o->x, &st, NULL, 0);
	if (left < 0) {
		S_open_spent(v, at);
		return;
	}
	tb_val_pending *p = NULL;
	if (!S_steps_add(steps, n) || (open && !(p = S_pend(o, n, tb_stretch_steps(o->x) - 1, 1, 0)))) {
		tb_val_open_lost(v, at);
		return;
	}
	if (open) {
		p->offboard = offboard;
		if (left == 0) /* nothing fits it at all */
			tb_val_open_close(v, at, steps, NULL);
		return;
	}
	if (left == 0) {
		tb_stretch_pop(o->x);
		steps->n--;
		const tb_state *one = tb_stretch_state(o->x, 0);
		tb_buf tok = TB_BUF_SOFT;
		tb_val_node_token(&tok, n);
		tb_val_frame_stop(v, S_open_all_over(v, o) ? TB_STOP_AFTER_END : TB_STOP_REFUSED,
		             S_open_all_over(v, o) ? TB_D_AFTER_END : TB_D_ILLEGAL, 1);
		if (S_open_all_over(v, o)) {
			char num[24], said[480];
			tb_why w;
			snprintf(num, sizeof num, "%zu", before);
			tb_why_set(&w, "why.over.each", -1, (long)before, 1, num);
			tb_why_text(&w, v->lang, said, sizeof said);
			tb_val_report(v, TB_ERROR, TB_D_AFTER_END, &n->span, NULL, "%s", said);
		} else {
			char why[480];
			one = S_commonest_reason(v, o, &st, why, sizeof why);
			char num[24], said[960];
			tb_why w;
			snprintf(num, sizeof num, "%zu", before);
			tb_why_set(&w, "why.illegal.each", -1, (long)before, 2, num, why);
			tb_why_text(&w, v->lang, said, sizeof said);
			tb_val_report_turn(v, TB_ERROR, TB_D_ILLEGAL, &n->span, one, tb_val_text(v, &tok),
			                   "%s", said);
			tb_buf_free(&tok);
			if (S_open_repair(v, at, steps, n, &st))
				return; /* checking goes on as if it were so */
		}
		tb_buf_free(&tok);
		tb_val_open_close(v, at, NULL, NULL);
		at->live = 0;
		return;
	}
	for (size_t i = 0; i < o->n; i++) { /* a written turn: evidence for what is open */
		o->v[i].first = o->v[i].first ? o->v[i].first : n;
		o->v[i].last = n;
	}
	if (left == 1)
		tb_val_open_close(v, at, steps, NULL);
}

/* The turns a gap stands for: its length when known, else what the
 * numbers of the turn or position after it leave; -1 when nothing after
 * it says. 'st' is a position the gap starts from. */
static long S_gap_length(tb_val *v, const tb_state *st, const tb_node *gap)
{
	if (gap->gap_min >= 0 && gap->gap_min == gap->gap_max)
		return gap->gap_min;
	const tb_node *next = gap->next;
	long from = 2L * st->number + st->to_move, to;
	if (next && tb_node_followed(next) == TB_NODE_POSITION)
		to = 2L * next->position->number + next->position->to_move;
	else if (next && tb_kind_is_turn(tb_node_followed(next)) && next->side < 2 && next->number)
		to = 2L * next->number + next->side;
	else
		return -1;
	long len = to - from;
	if (len >= 0 && gap->gap_min >= 0 && (len < gap->gap_min || len > gap->gap_max))
		tb_val_report(v, TB_WARNING, TB_D_NUMBER, &next->span, NULL, "the gap before this is %ld-%ld "
		         "turns long, but the numbers on either side of it leave %ld", (long)gap->gap_min,
		         (long)gap->gap_max, len);
	return len;
}

/* The written turn right after gap 'n', as a step into 'st', when the
 * gap's last layer may keep only the positions it is legal in: nothing
 * else starts from that layer -- no variation of it, no turn a repair
 * skips (tb_stretch_step_then keeps the layer whole when it is legal
 * in none, so what refuses it is said as before). NULL otherwise. */
static tb_step *S_gap_then(const tb_val_at *at, const tb_node *n, tb_step *st)
{
	const tb_node *next = n->next;
	if (!next || at->skip || next->variations ||
	    (next->kind != TB_NODE_MOVE && next->kind != TB_NODE_PASS))
		return NULL;
	*st = tb_val_step_of(next);
	return st;
}

/* A gap: its turns searched, up to the limits. */
void tb_val_open_gap(tb_val *v, tb_val_at *at, tb_val_steps *steps, const tb_node *n)
{
	/* the positions of a layer have the same count: the first will do */
	const tb_state *from = at->open ? tb_stretch_state(at->open->x, 0) : &at->st;
	long len = S_gap_length(v, from, n);
	if (len < 0) {
		if (at->open)
			tb_val_open_close(v, at, steps, NULL);
		tb_val_suspend(v, at, n, "turns are missing here, and nothing after them says how many");
		return;
	}
	if (len == 0)
		return;
	if ((unsigned long)len > v->so.max_turns) {
		if (at->open)
			tb_val_open_close(v, at, steps, NULL);
		tb_buf tail = TB_BUF_SOFT;
		int restated;
		tb_val_unchecked(v->r, &tail, n, &restated);
		tb_val_report(v, TB_WARNING, TB_D_UNCHECKED, &n->span, NULL,
		         "%ld turns are missing here, more than the search's limit of %u "
		         "(--search-turns): %s", len, v->so.max_turns, tb_val_text(v, &tail));
		tb_buf_free(&tail);
		at->live = 0;
		tb_val_frame_stop(v, TB_STOP_LIMIT, TB_D_UNCHECKED, 0);
		return;
	}
	tb_state target, *tp = NULL;
	if (n->next && tb_node_followed(n->next) == TB_NODE_POSITION) {
		char why[160];
		if (v->rs.rules->load(&v->rs, n->next->position, &target, why, sizeof why) == 0)
			tp = &target;
	}
	if (!tb_val_open_begin(v, at))
		return;
	tb_val_open *o = at->open;
	size_t first = tb_stretch_steps(o->x);
	tb_step ply = {TB_STEP_PLY, 0, NULL}, then_st, *then = S_gap_then(at, n, &then_st);
	long left = 1;
	for (long k = 0; k < len && left > 0; k++) {
		left = tb_stretch_step_then(o->x, &ply, tp, (unsigned)(len - k - 1),
		                            k == len - 1 ? then : NULL);
		if (left < 0) {
			if (!S_pend(o, n, first, (size_t)len, 1))
				v->oom = 1;
			S_open_spent(v, at);
			return;
		}
		if (!S_steps_add(steps, NULL)) {
			tb_val_open_lost(v, at);
			return;
		}
	}
	tb_val_pending *p = S_pend(o, n, first, tb_stretch_steps(o->x) - first, 1);
	if (!p) {
		tb_val_open_lost(v, at);
		return;
	}
	p->length = (size_t)len;
	o->pruned = tp != NULL; /* the bound towards the position pruned the gap's layers */
	o->pruned_from = first;
	o->plies = (size_t)len;
	if (left == 0 && tp) /* none reaches it: which come nearest, without the bound */
		o->near = tb_val_near_search(v, o->x, first, (size_t)len, n->next->position);
	if (left == 0) /* no sequence of that length (towards the position restated) */
		tb_val_open_close(v, at, steps,
		             n->next && tb_node_followed(n->next) == TB_NODE_POSITION ? n->next : NULL);
}

/* Keeps the positions that are the one restated (as position notation
 * says it: a count the notation does not hold does not matter, nor one
 * of the keys of history -- moved, quiet -- that it leaves out). */
typedef struct S_same_ctx {
	tb_val *v;
	const tb_position *p;
	tb_state loaded;
	int have;
	int wild;                  /* 'p' has pieces on unknown points */
} S_same_ctx;

static int S_is_restated(void *ctx, const tb_state *s)
{
	S_same_ctx *c = ctx;
	if (c->have && (s->bits[0] != c->loaded.bits[0] || s->bits[1] != c->loaded.bits[1]))
		return 0;
	if (c->wild) /* pieces drawn on no known point: any piece of theirs will do */
		return tb_val_restated_fits(c->v, s, c->p);
	tb_arena a = {0};
	tb_position p;
	int saved = tb_rules_save(&c->v->rs, s, &a, &p);
	int same = saved == 0 && tb_position_restates(&p, c->p);
	tb_arena_free(&a);
	c->v->oom |= saved != 0;
	return same;
}

/* A restated position closes an open stretch: the positions that are
 * not it go. */
void tb_val_open_restated(tb_val *v, tb_val_at *at, tb_val_steps *steps, const tb_node *n)
{
	S_same_ctx c;
	memset(&c, 0, sizeof c);
	c.v = v;
	c.p = n->position;
	char why[160];
	c.have = v->rs.rules->load(&v->rs, n->position, &c.loaded, why, sizeof why) == 0;
	for (size_t k = 0; k < n->position->npieces; k++)
		c.wild |= n->position->pieces[k].pt == TB_PT_UNKNOWN;
	tb_val_open *o = at->open;
	size_t i = 0;
	while (i < tb_stretch_count(o->x) && !S_is_restated(&c, tb_stretch_state(o->x, i)))
		i++;
	if (i == tb_stretch_count(o->x) && !v->oom) /* none is: which come nearest */
		o->near = o->pruned ? tb_val_near_search(v, o->x, o->pruned_from, o->plies, n->position)
		                    : tb_val_near_find(v, o->x, n->position);
	tb_stretch_keep(o->x, S_is_restated, &c);
	tb_val_open_close(v, at, steps, n);
}

int tb_val_result_possible(void *ctx, const tb_state *s)
{
	tb_val_result_ctx *c = ctx;
	tb_result res;
	char why[8];
	return !c->v->rs.rules->over(&c->v->rs, s, &res, why, sizeof why) || res == c->said;
}
