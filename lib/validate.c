/*
 * validate.c -- replaying a record with its game's rules engine,
 * reporting what the rules do not allow (spec/games/, "Validation"),
 * and what the record leaves open may have been (spec/reconstruct.md).
 *
 * Every line is replayed, variations from the position before the turn
 * they replace. While the position is known, each written turn is the
 * one legal turn its token names, or an error with the slips that
 * explain it (repair.c). A turn the record does not know -- an unknown
 * turn, a token with '?' points or points off the board, a gap --
 * opens a stretch (reconstruct.c): the positions the game may be in,
 * which the written turns after it weed, a turn being illegal only when
 * it is illegal in all of them. The stretch closes when one position is
 * left, at a restated position, at the end of the line, or when its
 * search runs out of room; then what each open turn may have been is
 * reported (TB408), or that nothing fits (TB409).
 *
 * This file replays the lines and checks them; validate_frames.c fills
 * the frames of the replay as it goes (replay.h), and validate_open.c
 * follows the stretches open turns leave (validation.h holds the state
 * they share).
 */
#include <limits.h>
#include <stddef.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collate.h"
#include "diag.h"
#include "lang.h"
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

/* "" when memory ran out (v->oom). */
static const char *S_position_text(tb_val *v, const tb_state *s)
{
	tb_arena a = {0};
	tb_position p;
	int saved = tb_rules_save(&v->rs, s, &a, &p);
	tb_buf_clear(&v->scratch);
	if (saved == 0)
		tb_position_write(&v->scratch, v->rs.game, &p);
	tb_arena_free(&a);
	if (saved || !tb_buf_ok(&v->scratch) || !v->scratch.data) {
		v->oom = 1;
		return "";
	}
	return v->scratch.data;
}

/* The text of soft buffer 'b' ("" when nothing was appended); "" and
 * v->oom when an append to it ran out of memory. */
const char *tb_val_text(tb_val *v, const tb_buf *b)
{
	if (!tb_buf_ok(b)) {
		v->oom = 1;
		return "";
	}
	return b->data ? b->data : "";
}

void tb_val_words(const tb_val *v, tb_buf *b, const char *key, const char *const *args,
                  size_t nargs)
{
	const char *t = tb_lang_text(v->lang, key);
	tb_lang_fill(b, t ? t : key, args, nargs);
}

void tb_val_words_n(const tb_val *v, tb_buf *b, const char *key, long n,
                    const char *const *args, size_t nargs)
{
	const char *t = tb_lang_text_n(v->lang, key, n);
	tb_lang_fill(b, t ? t : key, args, nargs);
}

/* A note of 'b''s text, or v->oom. */
static void S_note_text(tb_val *v, const tb_buf *b)
{
	if (tb_buf_ok(b) && b->data)
		tb_diag_note_words(v->r, "", b->data);
	else
		v->oom = 1;
}

void tb_val_note_buf(tb_val *v, tb_buf *b)
{
	S_note_text(v, b);
	tb_buf_free(b);
}

tb_buf *tb_val_line(tb_val *v)
{
	tb_buf_clear(&v->line);
	return &v->line;
}

void tb_val_note_line(tb_val *v)
{
	S_note_text(v, &v->line);
}

void tb_val_note(tb_val *v, const char *key, const char *const *args, size_t nargs)
{
	tb_val_words(v, tb_val_line(v), key, args, nargs);
	tb_val_note_line(v);
}

void tb_val_note_n(tb_val *v, const char *key, long n, const char *const *args, size_t nargs)
{
	tb_val_words_n(v, tb_val_line(v), key, n, args, nargs);
	tb_val_note_line(v);
}

void tb_val_note_more_ways(tb_val *v, size_t more)
{
	char num[24];
	snprintf(num, sizeof num, "%zu", more);
	tb_val_note_n(v, "val.ways", (long)more, (const char *[]){num}, 1);
}

/* Tells the pending fault, if any, to v->fault, and forgets it. */
static void S_fault_flush(tb_val *v)
{
	tb_val_fault *p = &v->pend;
	if (!p->pending)
		return;
	p->pending = 0;
	const char **cands = p->ncands ? tb_malloc(p->ncands * sizeof *cands) : NULL;
	const tb_buf *b[] = {&p->msg, &p->token, &p->reason, &p->position, &p->cands, &p->repair};
	int ok = !p->ncands || cands;
	for (size_t i = 0; i < sizeof b / sizeof b[0]; i++)
		ok &= tb_buf_ok(b[i]);
	if (!ok) {
		v->oom = 1; /* the fault is not told: its diagnostic says it */
		free(cands);
		return;
	}
	const char *c = p->cands.data;
	for (size_t i = 0; i < p->ncands; c += strlen(c) + 1)
		cands[i++] = c;
	tb_fault f = p->f;
	f.message = p->msg.data;
	f.token = p->token.len ? p->token.data : NULL;
	f.reason = p->reason.data;
	f.position = p->position.len ? p->position.data : NULL;
	f.ncandidates = p->ncands;
	f.candidates = cands;
	f.repair = p->repair.len ? p->repair.data : NULL;
	v->fault(v->fault_ctx, &f);
	free(cands);
}

static void S_fault_free(tb_val_fault *p)
{
	tb_buf *b[] = {&p->msg, &p->token, &p->reason, &p->position, &p->cands, &p->repair};
	for (size_t i = 0; i < sizeof b / sizeof b[0]; i++)
		tb_buf_free(b[i]);
}

/* A fault's code, severity and span. */
typedef struct S_where {
	int code;
	tb_severity sev;
	unsigned line, col, end_col;
} S_where;

/* Keeps what a fault's diagnostic says, to tell it later: the token
 * ('ntoken' bytes at 'token'; none: 0) and 'reason' make message 'msg';
 * 'position' its notation or "". */
static void S_fault_begin(tb_val *v, const S_where *d, const char *msg, const char *token,
                          size_t ntoken, const char *reason, const char *position)
{
	tb_val_fault *p = &v->pend;
	tb_buf *b[] = {&p->msg, &p->token, &p->reason, &p->position, &p->cands, &p->repair};
	for (size_t i = 0; i < sizeof b / sizeof b[0]; i++) {
		tb_buf_clear(b[i]);
		tb_buf_puts(b[i], "");
	}
	tb_buf_puts(&p->msg, msg);
	tb_buf_put(&p->token, token, ntoken);
	tb_buf_puts(&p->reason, reason);
	tb_buf_puts(&p->position, position);
	p->ncands = 0;
	p->f = (tb_fault){d->code, d->sev, d->line, d->col, d->end_col, NULL, NULL, NULL, NULL,
	                  0, NULL, NULL};
	p->pending = 1;
}

/* A candidate of the pending fault: a turn or sequence that fits, or a
 * reading that explains it (as the canonical form writes it). */
void tb_val_fault_candidate(tb_val *v, const char *text)
{
	if (!v->pend.pending)
		return;
	tb_buf_puts(&v->pend.cands, text);
	tb_buf_putc(&v->pend.cands, '\0');
	v->pend.ncands++;
}

/* The pending fault's one candidate is what the replay went on with. */
void tb_val_fault_repaired(tb_val *v)
{
	if (v->pend.pending && v->pend.ncands == 1)
		tb_val_fault_repaired_at(v, 0);
}

void tb_val_fault_repaired_at(tb_val *v, size_t i)
{
	if (v->pend.pending && i < v->pend.ncands && tb_buf_ok(&v->pend.cands)) {
		const char *c = v->pend.cands.data;
		for (size_t k = 0; k < i; k++)
			c += strlen(c) + 1;
		tb_buf_clear(&v->pend.repair);
		tb_buf_puts(&v->pend.repair, c);
	} /* else memory ran out: the fault is not told (S_fault_flush) */
}

/* The message of a diagnostic of a replay that gives verdicts only
 * (tb_reader_set_verdicts, validate.h): its severity, code and place
 * are kept, not its words. */
#define S_UNWORDED "(not worded: a replay that gives verdicts only)"

/* Tells the diagnostic over node span 'sp' whose words v->say holds,
 * with the position 's' it happened in (may be NULL): "token: reason",
 * the reason from byte 'why_at' on ("reason" alone: 0); a fault for
 * v->fault too. The words are made by the caller, straight into v->say
 * (no printf, no copy between: Asalto's TB407 comes every few turns of
 * a collection); none in a replay that gives verdicts only when no
 * fault is told (validate.h: nobody reads them). */
static void S_report_said(tb_val *v, tb_severity sev, int code, const tb_span *sp,
                          const tb_state *s, size_t why_at)
{
	/* the places cited for this diagnostic wait while the last fault is
	 * told (its callback may add diagnostics of its own) */
	tb_diag_place cite[sizeof v->r->cite / sizeof v->r->cite[0]];
	unsigned ncite = v->r->ncite;
	memcpy(cite, v->r->cite, sizeof cite);
	v->r->ncite = 0;
	S_fault_flush(v);
	memcpy(v->r->cite, cite, sizeof cite);
	v->r->ncite = ncite;
	size_t len = sp->end_line == sp->line && sp->end_col > sp->col ? sp->end_col - sp->col : 1;
	if (v->r->verdicts && !v->fault) { /* its words are read by nobody (validate.h) */
		tb_diag_at_text(v->r, sev, code, sp->off, len, sp->line, sp->col, S_UNWORDED,
		                sizeof S_UNWORDED - 1);
		return;
	}
	const tb_buf *msg = &v->say;
	if (!tb_buf_ok(msg) || !msg->data) {
		v->oom = 1; /* the diagnostic is left out */
		v->r->ncite = 0;
		return;
	}
	tb_diag_at_text(v->r, sev, code, sp->off, len, sp->line, sp->col, msg->data, msg->len);
	const char *pos = s ? S_position_text(v, s) : "";
	if (s)
		tb_diag_note_words(v->r, tb_lang_text(v->lang, "val.position"), pos);
	if (v->assume && *v->assume) { /* made under a repair of an earlier slip */
		if (v->assume_at)
			tb_diag_cite(v->r, v->assume_at->assume_line, v->assume_at->assume_col);
		tb_buf *b = tb_val_line(v);
		tb_buf_puts(b, tb_lang_text(v->lang, "val.assumed"));
		tb_buf_puts(b, v->assume);
		if (v->assume_at && v->assume_at->assume_more) {
			char more[16];
			snprintf(more, sizeof more, "%u", v->assume_at->assume_more);
			tb_val_words(v, b, "val.assume.more", (const char *[]){more}, 1);
		}
		tb_val_note_line(v);
	}
	if (v->fault) {
		S_where d = {code, sev, sp->line, sp->col, sp->col + (unsigned)len};
		S_fault_begin(v, &d, msg->data, msg->data, why_at ? why_at - 2 : 0,
		              msg->data + why_at, pos);
	}
}

/* Does a diagnostic of 'v' need its words (S_report_said)? */
static int S_worded(const tb_val *v)
{
	return !v->r->verdicts || v->fault;
}

/* v->say emptied for a diagnostic's words, its memory kept -- but after
 * memory ran out (a buffer's 'failed' is sticky, buf.h) a new one: one
 * diagnostic left out is that one alone, not every later one of the
 * record. */
static tb_buf *S_say_fresh(tb_val *v)
{
	if (!tb_buf_ok(&v->say)) {
		tb_buf_free(&v->say);
		v->say = (tb_buf)TB_BUF_SOFT;
	}
	tb_buf_clear(&v->say);
	return &v->say;
}

/* A diagnostic over node span 'sp', with the position 's' it happened in
 * (may be NULL): "token: reason", or "reason" when 'token' is NULL;
 * a fault for v->fault too. */
static void S_vreport(tb_val *v, tb_severity sev, int code, const tb_span *sp,
                      const tb_state *s, const char *token, const char *fmt, va_list ap)
{
	size_t why_at = 0;
	tb_buf *msg = S_say_fresh(v);
	if (S_worded(v)) {
		if (token) {
			tb_buf_puts(msg, token);
			tb_buf_put(msg, ": ", 2);
			why_at = msg->len;
		}
		tb_buf_vprintf(msg, fmt, ap);
	}
	S_report_said(v, sev, code, sp, s, why_at);
}

void tb_val_report(tb_val *v, tb_severity sev, int code, const tb_span *sp,
                   const tb_state *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	S_vreport(v, sev, code, sp, s, NULL, fmt, ap);
	va_end(ap);
}

/* tb_val_report of a fault of the turn or gap written 'token': the message
 * "token: reason", the reason kept apart for v->fault. */
void tb_val_report_turn(tb_val *v, tb_severity sev, int code, const tb_span *sp,
                        const tb_state *s, const char *token, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	S_vreport(v, sev, code, sp, s, token, fmt, ap);
	va_end(ap);
}

/* rules->explain in v->lang's words; out of memory (no words) sets v->oom.
 * A replay that gives verdicts only (validate.h): "", no words made. */
void tb_val_explain(tb_val *v, const tb_state *s, const tb_move *m, char *why, size_t n)
{
	if (v->r->verdicts && !v->fault) {
		if (n)
			why[0] = '\0';
		return;
	}
	tb_why w;
	tb_say_no_fit(&w); /* never no words but out of memory */
	v->rs.rules->explain(&v->rs, s, m, &w);
	tb_why_text(&w, v->lang, why, n);
	if (!w.key)
		v->oom = 1;
}

static void S_token(tb_buf *b, uint8_t kind, const tb_move *m)
{
	tb_buf_clear(b);
	tb_turn_write(b, kind, m);
}

/* The token a node writes ("?-d2", "?", "<gap 2>"), into 'b'. */
void tb_val_node_token(tb_buf *b, const tb_node *n)
{
	tb_buf_clear(b);
	if (tb_node_followed(n) == TB_NODE_GAP) {
		tb_buf_puts(b, "<gap");
		if (n->gap_min >= 0 && n->gap_min == n->gap_max)
			tb_buf_printf(b, " %ld", (long)n->gap_min);
		else if (n->gap_min >= 0)
			tb_buf_printf(b, " %ld-%ld", (long)n->gap_min, (long)n->gap_max);
		tb_buf_putc(b, '>');
	} else if (n->kind == TB_NODE_READING) {
		tb_turn_write(b, n->alts[0].kind, &n->alts[0].move);
	} else {
		tb_turn_write(b, n->kind, &n->move);
	}
}

/* Tells the caller of turn 't' of node 'n', played from 'before' to
 * 'after' with events 'ev'. */
void tb_val_tell(tb_val *v, const tb_node *n, const tb_turn *t, const tb_state *after,
                 const tb_events *ev)
{
	tb_buf tok = TB_BUF_SOFT, evt = TB_BUF_SOFT;
	tb_turn_token(&tok, t);
	tb_events_write(&evt, ev);
	tb_turn_event one[TB_EVENTS_MAX];
	char pts[TB_EVENTS_MAX][2][4];
	tb_events_public(ev, one, pts);
	tb_buf over = TB_BUF_SOFT;
	tb_result res;
	char why[200];
	if (v->rs.rules->over(&v->rs, after, &res, why, sizeof why))
		tb_buf_printf(&over, "%s (%s)", tb_result_text[res], why);
	int was = v->oom;
	v->oom = 0;
	tb_turn_report rep = {n->number, n->side, tb_val_text(v, &tok), S_position_text(v, after),
	                      tb_val_text(v, &evt), n->span.line, n->span.col, ev->n, one,
	                      tb_buf_ok(&over) ? over.data : NULL};
	if (!tb_buf_ok(&over))
		v->oom = 1;
	if (!v->oom) /* a turn whose words ran out is not told */
		v->fn(v->ctx, &rep);
	v->oom |= was;
	tb_buf_free(&tok);
	tb_buf_free(&evt);
	tb_buf_free(&over);
}

/* Tells the frowned-on turn of 'at', if any: no penalty followed it. */
void tb_val_frown_tell(tb_val *v, tb_val_at *at)
{
	if (!at->frown)
		return;
	tb_why w;
	v->rs.rules->remark(&v->rs, &at->frown_before, &at->frown_turn, &at->frown_after, &w);
	if (!w.key)
		v->oom = 1; /* the remark's words ran out (rules->remark) */
	size_t why_at = 0;
	if (S_worded(v)) { /* "token: reason", worded into v->say as it goes */
		tb_val_node_token(S_say_fresh(v), at->frown);
		tb_buf_put(&v->say, ": ", 2);
		why_at = v->say.len;
		tb_why_put(&w, v->lang, &v->say, 480); /* (cut as it always was) */
	}
	S_report_said(v, TB_WARNING, TB_D_PASSED_UP, &at->frown->span, &at->frown_before, why_at);
	at->frown = NULL;
}

/* Does node 'n' write a penalty (a huff part) that the rules allow in
 * the known position of 'at'? Then the frowned-on turn waits for it to
 * be played; else it is told before 'n' brings anything else. */
static int S_penalty_follows(tb_val *v, const tb_val_at *at, const tb_node *n)
{
	const tb_move *m = n->kind == TB_NODE_READING ? &n->alts[0].move : &n->move;
	int kind = n->kind == TB_NODE_READING ? n->alts[0].kind : n->kind;
	if (kind != TB_NODE_MOVE || !m->nparts || m->parts[0].kind != TB_PART_HUFF || !at->live ||
	    at->open || at->skip)
		return 0;
	if (tb_turn_find(&v->rs, &at->st, m, &v->turns)) /* (v->turns: the node's own check */
		return 1;                                  /* writes it again) */
	tb_turns l = {NULL, 0};
	size_t count = tb_turns_list(&v->rs, &at->st, &l);
	if (tb_turns_failed(&l))
		v->oom = 1;
	int fits = 0;
	for (size_t i = 0; i < count && !fits; i++)
		fits = tb_turn_fits(&l.v[i], m);
	tb_turns_free(&l);
	return fits;
}

/* ===== Defaults that changed ===== */

/* What a changed default is tested against: does the rule hold under
 * the old ruleset 'old' in position 'st'? */
typedef int (*S_under_fn)(const tb_ruleset *old, const tb_state *st, const tb_move *m,
                          tb_turns *l);

/* Does a turn that fits written move 'm' (with its crown marker) begin
 * at its first point under 'old' (tb_turn_fits_at)? 1 or 0; -1 when
 * that cannot tell (no direct check for 'm', or memory ran out): the
 * caller then lists every turn. The same answer as the whole list's, at
 * the cost of one point's turns: an error's notes ask it once per
 * changed default (Ocencahuac has six), and listing every turn each time
 * was 3% of validate's instructions on the bench's collection with
 * errors. */
static int S_legal_at(const tb_ruleset *old, const tb_state *st, const tb_move *m, tb_turns *l)
{
	if (!m || !tb_turn_direct(old, m))
		return -1;
	return tb_turn_fits_at(old, st, m, l);
}

/* Is 'm' (NULL: a pass) a legal turn under 'old'? -1 when memory ran
 * out. */
static int S_legal_under(const tb_ruleset *old, const tb_state *st, const tb_move *m,
                         tb_turns *l)
{
	int direct = S_legal_at(old, st, m, l);
	if (direct >= 0)
		return direct;
	tb_move none = {0, 0, NULL};
	size_t n = tb_turns_list(old, st, l);
	if (tb_turns_failed(l))
		return -1;
	int fits = 0;
	for (size_t i = 0; i < n && !fits; i++)
		fits = tb_turn_fits(&l->v[i], m ? m : &none) && (!m || l->v[i].crown == m->crown);
	return fits;
}

/* Does the game go on under 'old'? */
static int S_goes_on_under(const tb_ruleset *old, const tb_state *st, const tb_move *m,
                           tb_turns *l)
{
	(void)m;
	(void)l;
	tb_result res;
	char why[160];
	return !old->rules->over(old, st, &res, why, sizeof why);
}

/* A record that leaves an option to its default is replayed under the
 * default of this version; for each default the game changed (its
 * 'was' table) that the record does not name and under whose old value
 * 'under' holds, notes so on the last diagnostic, so that an archive
 * knows why a record that validated before no longer does. None in a
 * replay that gives verdicts only (the verdict is the same). 'what' is
 * the note's key: "val.was.legal", "val.was.goes_on". */
static void S_note_was(tb_val *v, const tb_state *st, S_under_fn under, const tb_move *m,
                       const char *what)
{
	if (v->r->verdicts)
		return; /* a note: nobody reads it (validate.h) */
	const tb_game *g = v->rec->game;
	for (const tb_option_was *w = g->was; w && w->key; w++) {
		tb_opts o = v->rec->opts;
		if (tb_opts_get(&o, w->key) || o.n == TB_MAX_OPTS)
			continue;
		o.key[o.n] = w->key;
		o.value[o.n++] = w->value;
		/* the thread's kept ruleset, read before another is asked for */
		char why[320];
		const tb_ruleset *old = tb_ruleset_kept(g, &o, why, sizeof why);
		int held = old ? under(old, st, m, &v->old_turns) : 0;
		if (held > 0)
			tb_val_note(v, what, (const char *[]){w->key, w->value, w->until}, 3);
		v->oom |= held < 0;
	}
}

/* ===== Slips ===== */

/* Appends the turns of 'r' as a record writes them, numbered from 's'. */
void tb_val_turns_written(tb_buf *b, const tb_state *s, const tb_turn *t, size_t n)
{
	unsigned number = s->number;
	int side = s->to_move;
	for (size_t i = 0; i < n; i++) {
		if (i)
			tb_buf_putc(b, ' ');
		if (side == 0 || i == 0)
			tb_buf_printf(b, "%u%s ", number, side == 0 ? "." : "...");
		tb_turn_token(b, &t[i]);
		if (side == 1)
			number++;
		side ^= 1;
	}
}

/* ===== Turns whose position is known ===== */

/* Lists the legal turns of the position before 'n' (for S_turn, once
 * per node) and, when there are none, reports that the game is over. */
static int S_over_before(tb_val *v, tb_val_at *at, const tb_node *n)
{
	tb_result res;
	char why[320];
	v->nturns = tb_turns_list(&v->rs, &at->st, &v->turns);
	if (tb_turns_failed(&v->turns)) {
		v->oom = 1;
		at->live = 0;
		return 1;
	}
	if (v->nturns || !tb_rules_over_in(&v->rs, &at->st, v->lang, &res, why, sizeof why))
		return 0;
	char said[480];
	tb_why w;
	tb_why_set(&w, "why.over.follow", -1, -1, 1, why);
	tb_why_text(&w, v->lang, said, sizeof said);
	tb_val_report(v, TB_ERROR, TB_D_AFTER_END, &n->span, &at->st, "%s", said);
	S_note_was(v, &at->st, S_goes_on_under, NULL, "val.was.goes_on");
	at->live = 0;
	tb_val_frame_stop(v, TB_STOP_AFTER_END, TB_D_AFTER_END, 1);
	return 1;
}

/* A move or a pass whose every point is known: the one legal turn that
 * fits, if any, among those S_over_before listed for this position. */
static void S_turn(tb_val *v, tb_val_at *at, uint8_t kind, const tb_move *m, const tb_node *n,
                   int witness)
{
	size_t count = v->nturns;
	const tb_turn *turns = v->turns.v;
	tb_move none = {0, 0, NULL};
	const tb_move *want = kind == TB_NODE_PASS ? &none : m;
	size_t fit = 0, which = 0;
	for (size_t i = 0; i < count; i++)
		if (tb_turn_fits(&turns[i], want)) {
			fit++;
			which = i;
		}
	if (fit == 1 && !witness && (turns[which].crown == m->crown || kind != TB_NODE_MOVE)) {
		tb_val_play(v, at, &turns[which], n); /* the usual way: no words needed */
		return;
	}
	if (fit == 0 && !witness && at->nbeam && tb_val_beam_switch(v, at, n, kind, m))
		return; /* legal under another repair of the last slip: checking goes on under it */
	tb_buf tok = TB_BUF_SOFT;
	S_token(&tok, kind, m);
	const char *text = tb_val_text(v, &tok);
	tb_severity sev = witness ? TB_WARNING : TB_ERROR;
	const char *other = witness ? tb_lang_text(v->lang, "why.witness") : "";
	char why[480];
	if (fit == 1 && turns[which].crown != m->crown && kind == TB_NODE_MOVE) {
		/* the engine says which piece is crowned, or none */
		tb_move fits = {turns[which].nparts, m->crown, (tb_part *)turns[which].parts};
		tb_val_explain(v, &at->st, &fits, why, sizeof why);
		tb_val_report_turn(v, sev, TB_D_ILLEGAL, &n->span, &at->st, text, "%s%s", why, other);
		at->live = witness ? at->live : 0;
		if (!witness)
			tb_val_frame_stop(v, TB_STOP_REFUSED, TB_D_ILLEGAL, 1);
	} else if (fit == 1 && !witness) {
		tb_val_play(v, at, &turns[which], n);
	} else if (fit > 1 && !witness) { /* a whole token is one turn: an engine's slip */
		tb_val_report(v, TB_WARNING, TB_D_UNCHECKED, &n->span, &at->st, "%s fits %zu legal turns; "
		         "checking resumes where the record gives the position again", text, fit);
		at->live = 0;
		tb_val_frame_stop(v, TB_STOP_REFUSED, TB_D_UNCHECKED, 1);
	} else if (fit == 0 && kind == TB_NODE_PASS) {
		tb_buf alt = TB_BUF_SOFT;
		tb_turn_token(&alt, &turns[0]);
		char pass[480] = "";
		tb_why w;
		tb_why_set(&w, "why.pass.can", -1, -1, 1, tb_val_text(v, &alt));
		tb_why_text(&w, v->lang, pass, sizeof pass);
		tb_val_report_turn(v, sev, TB_D_ILLEGAL, &n->span, &at->st, "pass", "%s%s", pass, other);
		tb_buf_free(&alt);
		if (!witness) {
			tb_val_frame_stop(v, TB_STOP_REFUSED, TB_D_ILLEGAL, 1);
			S_note_was(v, &at->st, S_legal_under, NULL, "val.was.legal");
			at->live = tb_val_slips(v, at, n, kind, m);
		}
	} else if (fit == 0) {
		tb_val_explain(v, &at->st, m, why, sizeof why);
		tb_val_report_turn(v, sev, TB_D_ILLEGAL, &n->span, &at->st, text, "%s%s", why, other);
		if (!witness) {
			tb_val_frame_stop(v, TB_STOP_REFUSED, TB_D_ILLEGAL, 1);
			tb_state before = at->st;
			S_note_was(v, &before, S_legal_under, m, "val.was.legal");
			at->live = tb_val_slips(v, at, n, kind, m);
		}
	}
	tb_buf_free(&tok);
}

void tb_val_suspend(tb_val *v, tb_val_at *at, const tb_node *n, const char *what)
{
	tb_buf tail = TB_BUF_SOFT;
	int restated;
	if (tb_val_unchecked(v->r, &tail, n, &restated) || !restated) /* else nothing is skipped */
		tb_val_report(v, TB_WARNING, TB_D_UNCHECKED, &n->span, NULL, "%s: %s", what,
		              tb_val_text(v, &tail));
	tb_buf_free(&tail);
	at->live = 0;
	tb_val_frame_stop(v, TB_STOP_GAP, TB_D_UNCHECKED, 0);
}

/* ===== Lines ===== */

/* Were turns played to the known position of 'at' since the position
 * the record last restated, or since its start? Two restatements in a
 * row may differ (spec/tgn.md §8.4: the count follows the last). */
static int S_turns_since(tb_val *v, const tb_val_at *at)
{
	tb_state start;
	char why[160];
	if (at->has_base)
		return !tb_state_same(&at->st, &at->base);
	if (v->rs.rules->load(&v->rs, v->rec->start, &start, why, sizeof why))
		return 1;
	return !tb_state_same(&at->st, &start);
}

static void S_restate(tb_val *v, tb_val_at *at, const tb_node *n)
{
	char why[160] = "";
	tb_state st; /* 'at->st' stays the last position known when this one is not */
	int loaded = tb_restate_soft(&v->rs, at->live ? &at->st : NULL, n->position, &st, why,
	                             sizeof why);
	if (loaded == 0 && at->live && !at->skip && S_turns_since(v, at) &&
	    tb_val_restated_differs(v, &at->st, n)) /* the turns reached one: is it this one? */
		tb_val_restated_slips(v, at, n);         /* which slip before it would make it so */
	if (loaded == 0) {
		at->st = st;
		at->base = st;
		at->has_base = 1;
	}
	if (loaded == TB_ENOMEM) {
		v->oom = 1;
		at->live = 0;
		return;
	}
	at->live = loaded == 0;
	at->ever |= at->live;
	if (loaded)
		tb_val_frame_stop(v, TB_STOP_POSITION, TB_D_BAD_POSITION, 0);
	if (loaded || *why)
		tb_val_report(v, loaded ? (loaded > 0 ? TB_WARNING : TB_ERROR) : TB_WARNING,
		         TB_D_BAD_POSITION, &n->span, NULL,
		         loaded > 0 ? "this position cannot be checked: %s"
		         : loaded < 0 ? "this position cannot occur: %s" : "in this position, %s", why);
}

/* The other alternatives of reading 'n' that are turns with every
 * point known, checked as witnesses in the known position of 'at'
 * (warnings). A collation's readings are not: each is checked along its
 * witness's line (S_witness_lines). */
static void S_other_readings(tb_val *v, tb_val_at *at, const tb_node *n)
{
	if (n->kind != TB_NODE_READING || (v->collation && tb_collation_reading(v->collation, n)))
		return;
	for (unsigned i = 1; i < n->nalts; i++) {
		const tb_alt *a = &n->alts[i];
		int off;
		if ((a->kind == TB_NODE_MOVE && !tb_val_open_points(v, &a->move, &off)) ||
		    a->kind == TB_NODE_PASS)
			S_turn(v, at, a->kind, &a->move, n, 1);
	}
}

/* A plain written turn or a pass, checked directly (tb_turn_find,
 * tb_pass_find) and played when it is the one legal turn it names: 1.
 * Else 0, and the turn goes the whole way -- every legal turn listed --
 * which finds the same verdict and says why. */
static int S_direct(tb_val *v, tb_val_at *at, const tb_node *n)
{
	if (n->kind != TB_NODE_MOVE && n->kind != TB_NODE_PASS)
		return 0;
	const tb_turn *t = n->kind == TB_NODE_PASS ? tb_pass_find(&v->rs, &at->st, &v->turns)
	                                           : tb_turn_find(&v->rs, &at->st, &n->move, &v->turns);
	if (!t)
		return 0;
	if (tb_val_plain(v, at)) { /* played alone: nothing reads v->turns meanwhile */
		tb_val_play(v, at, t, n);
		return 1;
	}
	tb_turn played = *t;
	tb_val_play(v, at, &played, n);
	return 1;
}

/* A turn node in a known position: written, or open (a stretch). */
static void S_known_turn(tb_val *v, tb_val_at *at, tb_val_steps *steps, const tb_node *n)
{
	tb_step st = tb_val_step_of(n);
	int offboard = 0;
	int open = st.node_kind == TB_NODE_UNKNOWN ||
	           (st.node_kind == TB_NODE_MOVE && tb_val_open_points(v, st.m, &offboard));
	S_other_readings(v, at, n);
	if (!open) {
		S_turn(v, at, st.node_kind, st.m, n, 0);
		return;
	}
	tb_val_hist_reset(at, 0); /* a repair looks back no further than a turn nobody knows */
	if (!tb_val_open_begin(v, at))
		return;
	tb_val_open_turn(v, at, steps, n, 1, offboard);
	if (at->open && tb_stretch_count(at->open->x) <= 1) /* decided by the position alone */
		tb_val_open_close(v, at, steps, NULL);
}

static void S_line(tb_val *v, const tb_line *line, tb_val_at *at, int main);

static void S_node(tb_val *v, tb_val_at *at, tb_val_steps *steps, const tb_node *n)
{
	uint8_t k = tb_node_followed(n); /* a reading is its first alternative */
	if (k == TB_NODE_POSITION) {
		at->assume[0] = '\0'; /* the record says where the game stands */
		at->assume_more = 0;
		at->nbeam = 0;
		at->hidden = 0;
		if (at->open)
			tb_val_open_restated(v, at, steps, n);
		S_restate(v, at, n); /* (its slips look back over the turns before it) */
		tb_val_hist_reset(at, 1);
		return;
	}
	if (k == TB_NODE_GAP) {
		tb_val_hist_reset(at, 0);
		if ((at->live || at->open) && n->gap_max != 0)
			tb_val_open_gap(v, at, steps, n);
		return;
	}
	if (k == TB_NODE_OMITTED) { /* nothing here: the others are witnesses */
		if (at->live && !at->open && !at->skip)
			S_other_readings(v, at, n);
		return;
	}
	if (at->skip) { /* played by a repair */
		at->skip--;
		return;
	}
	if (at->open) {
		tb_step st = tb_val_step_of(n);
		int offboard = 0;
		int open = st.node_kind == TB_NODE_UNKNOWN ||
		           (st.node_kind == TB_NODE_MOVE && tb_val_open_points(v, st.m, &offboard));
		tb_val_open_turn(v, at, steps, n, open, offboard);
		return;
	}
	if (at->live)
		tb_val_hist_push(v, at, n);
	if (!at->live || S_direct(v, at, n) || S_over_before(v, at, n))
		return;
	S_known_turn(v, at, steps, n);
}

/* The record's result against the final position. */
static void S_check_result(tb_val *v, const tb_val_at *at);

/* The frames of line 'l' and its variations, at 'depth', made in the
 * order the nodes are written (as S_line makes them), before the line
 * is replayed: a variation that waits for its stretch to settle keeps
 * its place among the frames. */
static void S_frames_ahead(tb_val *v, const tb_line *l, unsigned depth)
{
	for (const tb_node *n = l->first; n && v->rp && !v->oom; n = n->next) {
		v->oom |= tb_replay_slot(v->rp, n, 0, depth) < 0;
		for (unsigned i = 1; n->kind == TB_NODE_READING && i < n->nalts; i++)
			v->oom |= tb_replay_slot(v->rp, n, i, depth) < 0;
		for (const tb_line *var = n->variations; var; var = var->next)
			S_frames_ahead(v, var, depth + 1);
	}
}

/* The variations of node 'n' wait for the stretch of the line, open
 * before it, to settle: 'before' is where they start, but for the
 * position, which the stretch decides or not (S_deferred_replay). */
static void S_defer(tb_val *v, tb_val_steps *steps, const tb_node *n, size_t layer,
                    const tb_val_at *before, unsigned depth)
{
	tb_val_at *keep = tb_malloc(sizeof *keep);
	if (keep && steps->nd == steps->capd) {
		size_t cap = steps->capd ? 2 * steps->capd : 4;
		tb_val_defer *grown = tb_realloc(steps->d, cap * sizeof *grown);
		if (grown) {
			steps->d = grown;
			steps->capd = cap;
		}
	}
	if (!keep || steps->nd == steps->capd) {
		free(keep);
		v->oom = 1;
		return;
	}
	*keep = *before;
	tb_val_defer *d = &steps->d[steps->nd++];
	memset(d, 0, sizeof *d);
	d->node = n;
	d->layer = layer;
	d->before = keep;
	for (const tb_line *var = n->variations; var; var = var->next)
		S_frames_ahead(v, var, depth + 1);
}

/* The variations that waited, once the stretch is closed: each from the
 * position it settled to before its node, as if the turns were written
 * (their errors are the record's), else as lines the rules do not follow. */
static void S_deferred_replay(tb_val *v, tb_val_steps *steps, unsigned depth)
{
	for (size_t i = 0; i < steps->nd; i++) {
		tb_val_defer *d = &steps->d[i];
		tb_val_at *before = d->before;
		if (d->settled) {
			before->st = d->st;
			before->live = 1;
			before->ever = 1;
		}
		for (const tb_line *var = d->node->variations; var && !v->oom; var = var->next) {
			tb_val_at alt = *before;
			alt.depth = depth + 1;
			tb_val_hist_reset(&alt, 0);
			S_line(v, var, &alt, 0);
		}
		free(before);
	}
	steps->nd = 0;
}

/* The legal turn that node 'n' writes alone -- a written turn or a pass
 * with no variations -- as S_direct finds it, or NULL (another node, or
 * none found). */
static inline const tb_turn *S_plain_find(tb_val *v, const tb_val_at *at, const tb_node *n)
{
	if (n->kind == TB_NODE_MOVE && !n->variations)
		return tb_turn_find(&v->rs, &at->st, &n->move, &v->turns);
	return n->kind == TB_NODE_PASS && !n->variations ? tb_pass_find(&v->rs, &at->st, &v->turns)
	                                                 : NULL;
}

/* S_plain_run under rules that remark on a legal turn (Asalto's capture
 * passed up, rules->remark): what tb_val_play does for a turn whose
 * position before nothing but the remark reads -- a turn the rules may
 * remark on (rules->may_remark) played on a copy, and the remark asked
 * of it; any other played in place, as S_plain_run plays it. A turn the
 * rules remark on is not played here (nothing done: it goes the whole
 * way, which plays it and keeps what the remark needs). (Not inlined:
 * the copy's room on the stack is no other game's.) */
static __attribute__((noinline)) const tb_node *S_plain_run_remarked(tb_val *v, tb_val_at *at,
                                                                    tb_val_steps *steps,
                                                                    const tb_node *n)
{
	const tb_node *first = n;
	const tb_rules *rules = v->rs.rules;
	for (const tb_turn *t; n && (t = S_plain_find(v, at, n)); n = n->next) {
		if (rules->may_remark && !rules->may_remark(&v->rs, &at->st, t)) {
			tb_val_hist_push(v, at, n);
			rules->play(&v->rs, &at->st, t, NULL);
			continue;
		}
		tb_state after = at->st;
		rules->play(&v->rs, &after, t, NULL);
		if (rules->remark(&v->rs, &at->st, t, &after, NULL))
			break; /* frowned on: told the whole way */
		tb_val_hist_push(v, at, n);
		at->st = after;
	}
	if (n != first)
		steps->n = steps->ne = 0;
	return n;
}

/* The written turns (and passes) of the line from 'n' on, each alone --
 * no variations, nothing open, skipped, put before it or waiting, in a
 * known position, played plain (tb_val_plain; under a rules' remark,
 * S_plain_run_remarked) -- that S_direct's look-up finds
 * (S_plain_find): each joins the look-back and is played, what S_node
 * and S_direct then S_line's steps after the node do for it (no frame,
 * no reading, nothing deferred). A clean record's every turn, without
 * the bookkeeping of the others; what 'at' says of the line is asked once
 * for the run, as playing a turn plain changes none of it. Returns the
 * first node not played so, or NULL at the line's end: it goes S_line's
 * whole way (which asks tb_turn_find again: a turn it does not find is
 * seldom). */
static const tb_node *S_plain_run(tb_val *v, tb_val_at *at, tb_val_steps *steps,
                                  const tb_node *n)
{
	if (!at->live || at->open || at->skip || at->fixed || steps->nd || at->frown || v->rp ||
	    v->fn)
		return n;
	if (v->rs.rules->remark)
		return S_plain_run_remarked(v, at, steps, n);
	const tb_node *first = n;
	for (; n; n = n->next) {
		if (n->kind == TB_NODE_MOVE && !n->variations) {
			/* the position before it where the look-back takes it (a
			 * slot held by none), then the turn checked and played in
			 * place: it joins the look-back when it was one */
			*tb_val_hist_next(v, at) = at->st;
			if (!tb_turn_find_play(&v->rs, &at->st, &n->move, &v->turns))
				break;
			tb_val_hist_commit(v, at, n);
			continue;
		}
		const tb_turn *t = S_plain_find(v, at, n);
		if (!t)
			break;
		tb_val_hist_push(v, at, n);
		v->rs.rules->play(&v->rs, &at->st, t, NULL); /* tb_val_play's, plain */
	}
	if (n != first)
		steps->n = steps->ne = 0;
	return n;
}

/* Replays 'line' from 'at', which ends where the line does; each
 * variation replays from the position before the turn it replaces, when
 * that position is known. */
static void S_line(tb_val *v, const tb_line *line, tb_val_at *at, int main)
{
	tb_val_steps steps = {NULL, 0, 0, NULL, 0, 0, NULL, 0, 0};
	at->steps = &steps;
	for (const tb_node *n = line->first; n && !v->oom; n = n->next) {
		v->assume = at->assume; /* (a variation's may have been at hand) */
		v->assume_at = at;
		if (!(n = S_plain_run(v, at, &steps, n)))
			break; /* (the line's end) */
		if (at->frown && !S_penalty_follows(v, at, n))
			tb_val_frown_tell(v, at); /* in order, before what this node brings */
		tb_val_at before; /* where the variations start: kept only when there are any */
		if (n->variations) {
			before = *at;
			before.open = NULL;
			before.live = at->live && !at->open;
			before.skip = 0;
			before.frown = NULL; /* a variation is not the line that owes the penalty */
			before.nbeam = 0;    /* nor the line its beam's repairs walk */
		}
		/* the position before a node inside an open stretch is known only
		 * once the stretch settles: its variations wait till then */
		int wait = n->variations && at->open && !at->skip;
		size_t layer = steps.n;
		int reading = v->rp && n->kind == TB_NODE_READING && n->nalts > 1;
		tb_state pre;
		int pre_live = 0;
		if (reading) {
			pre = at->st;
			pre_live = at->live && !at->open && !at->skip;
		}
		if (v->rp) {
			v->cur = tb_replay_slot(v->rp, n, 0, at->depth);
			v->oom |= v->cur < 0;
			at->node_from = at->open ? steps.n : 0;
		}
		/* waiting before the node is played, so that a stretch the node
		 * itself settles (the turn written there fits one line only)
		 * settles its variations too */
		if (wait) {
			for (unsigned i = 1; reading && i < n->nalts; i++) /* its frames first */
				v->oom |= tb_replay_slot(v->rp, n, i, at->depth) < 0;
			S_defer(v, &steps, n, layer, &before, at->depth);
			at->steps = &steps;
		}
		S_node(v, at, &steps, n);
		if (v->rp) /* (frames kept) */
			tb_val_frame_after(v, at, n);
		if (reading)
			tb_val_frame_alts(v, n, &pre, pre_live, at->ever, at->depth);
		v->cur = -1;
		if (at->fixed) { /* the variations of this turn follow the turn put before it */
			if (n->variations) {
				before.st = at->fixed_before;
				before.live = 1;
			}
			at->fixed = 0;
			if (wait && steps.nd && steps.d[steps.nd - 1].node == n) { /* they wait no more */
				free(steps.d[--steps.nd].before);
			}
			wait = 0;
		}
		for (const tb_line *var = wait ? NULL : n->variations; var; var = var->next) {
			tb_val_at alt = before;
			alt.depth = at->depth + 1;
			/* a repair replays the written turns after the one it changes,
			 * node by node along their line: the main line's turns before
			 * the variation would lead back into the main line */
			tb_val_hist_reset(&alt, 0);
			S_line(v, var, &alt, 0);
		}
		at->steps = &steps;
		if (!at->open && steps.nd) {
			S_deferred_replay(v, &steps, at->depth);
			at->steps = &steps;
		}
		if (!at->open)
			steps.n = steps.ne = 0;
	}
	v->assume = at->assume;
	v->assume_at = at;
	tb_val_frown_tell(v, at);
	if (at->open && v->oom)
		tb_val_open_lost(v, at);
	if (at->open) {
		tb_val_result_ctx c = {v, tb_tags_result(v->rec)};
		if (main && c.said != TB_RESULT_OTHER && c.said != TB_RESULT_NONE &&
		    tb_record_tag(v->rec, "Result"))
			tb_stretch_keep(at->open->x, tb_val_result_possible, &c);
		tb_val_open_close(v, at, &steps, NULL);
	}
	if (steps.nd) {
		S_deferred_replay(v, &steps, at->depth);
		at->steps = &steps;
	}
	free(steps.v);
	free(steps.e);
	free(steps.d);
	at->steps = NULL;
}

/* The span of the value of the record's tag 'name' (the record's first
 * token when it has no such tag as written). */
static tb_span S_tag_span(const tb_record *rec, const char *name)
{
	for (size_t i = 0; i < rec->ntags; i++) {
		const tb_tag *t = &rec->tags[i];
		if (strcmp(t->name, name) == 0 && t->value_line) {
			unsigned w = t->span.end_line == t->value_line && t->span.end_col > t->value_col + 1
			                 ? t->span.end_col - 1 - t->value_col : 1;
			return (tb_span){t->value_line, t->value_col, t->value_line, t->value_col + w,
			                 t->value_off};
		}
	}
	return (tb_span){rec->line, 1, rec->line, 2, rec->off};
}

/* [Termination]'s words (spec/tgn.md §4.4), "?" unknown; ORDER: S_TERM_*. */
static const char *const S_terms[] = {"rules", "draw", "agreement", "resignation",
                                      "unterminated", NULL};
enum { S_TERM_RULES, S_TERM_DRAW, S_TERM_AGREEMENT, S_TERM_RESIGNATION, S_TERM_UNTERMINATED };

/* The record's [Termination] (S_TERM_*), -1 when it has none, it is "?"
 * or not one of the words. */
static int S_termination(const tb_record *rec)
{
	const char *t = tb_record_tag(rec, "Termination");
	for (int i = 0; t && S_terms[i]; i++)
		if (strcmp(t, S_terms[i]) == 0)
			return i;
	return -1;
}

/* Is the game over in 'st' (with '*res')? The rules' typed ending where
 * they have one, without its words: the end of every record asks, and
 * the words (S_over_words), made for nothing on a record that agrees
 * with its rules, cost more than the rest of the question. */
static int S_over(const tb_val *v, const tb_state *st, tb_result *res)
{
	char why[160];
	tb_ending e;
	if (v->rs.rules->ending)
		return v->rs.rules->ending(&v->rs, st, res, &e);
	return v->rs.rules->over(&v->rs, st, res, why, sizeof why);
}

/* Why the game is over in 'st', in English, into 'why' ('n' bytes): for
 * a diagnostic, once S_over said it is. */
static void S_over_words(const tb_val *v, const tb_state *st, char *why, size_t n)
{
	tb_result res;
	v->rs.rules->over(&v->rs, st, &res, why, n);
}

static void S_check_result(tb_val *v, const tb_val_at *at)
{
	const tb_record *rec = v->rec;
	tb_result res, said = tb_tags_result(rec);
	char why[160];
	if (!at->live || said == TB_RESULT_OTHER || !tb_record_tag(rec, "Result"))
		return;
	tb_span sp = S_tag_span(rec, "Result");
	if (sp.off == rec->off)
		return; /* a result the record does not write */
	if (S_over(v, &at->st, &res)) {
		if (res != said) {
			S_over_words(v, &at->st, why, sizeof why);
			tb_val_report(v, TB_ERROR, TB_D_RESULT_RULES, &sp, &at->st,
			         "the game ended (%s) in %s, but the result says %s", why,
			         tb_result_text[res], tb_result_text[said]);
		}
	} else if (v->rs.rules->result_now && S_termination(rec) < S_TERM_DRAW) {
		/* a result [Termination] says the players gave needs no hint */
		tb_result now = v->rs.rules->result_now(&v->rs, &at->st);
		if (now != said)
			tb_val_report(v, TB_WARNING, TB_D_RESULT_RULES, &sp, &at->st,
			         "the game is not over by the rules, and by them the result now "
			         "would be %s, not %s (agreement or surrender?)",
			         tb_result_text[now], tb_result_text[said]);
	}
}

/* [Termination] and [Captures] (spec/tgn.md §4.4): well formed, agreeing
 * with the result, and, where the rules follow the main line to its end,
 * with how it ended there and with the pieces each side has taken. */
static void S_check_termination(tb_val *v, const tb_val_at *at)
{
	const tb_record *rec = v->rec;
	const char *term = tb_record_tag(rec, "Termination"), *caps = tb_record_tag(rec, "Captures");
	int t = S_termination(rec);
	tb_result said = tb_record_tag(rec, "Result") ? tb_tags_result(rec) : TB_RESULT_NONE;
	tb_result res;
	char why[160];
	int over = at->live && S_over(v, &at->st, &res);
	if (term && strcmp(term, "?") && t < 0) {
		/* the words of La Pitarra's text: "por empate, acuerdo o rendición" */
		static const char *const es[][2] = {
			{"empate", "draw"}, {"acuerdo", "agreement"}, {"rendición", "resignation"}};
		const char *hint = NULL;
		for (size_t i = 0; i < sizeof es / sizeof es[0]; i++)
			if (strcmp(term, es[i][0]) == 0)
				hint = es[i][1];
		tb_span sp = S_tag_span(rec, "Termination");
		tb_val_report(v, TB_ERROR, TB_D_TERMINATION, &sp, NULL,
		         "[Termination] is one of rules, draw, agreement, resignation, unterminated "
		         "(or ?), not '%s'%s%s", term, hint ? ": write " : "", hint ? hint : "");
	} else if (t >= 0) {
		tb_span sp = S_tag_span(rec, "Termination");
		const char *bad = NULL;
		if (t == S_TERM_DRAW && said != TB_RESULT_DRAW && said != TB_RESULT_NONE)
			bad = "a game ended by a draw is 1/2-1/2";
		else if (t == S_TERM_RESIGNATION && (said == TB_RESULT_DRAW || said == TB_RESULT_OTHER))
			bad = "a game ended by resignation is won";
		else if (t == S_TERM_UNTERMINATED && said != TB_RESULT_OTHER && said != TB_RESULT_NONE)
			bad = "an unterminated game has no result (*)";
		else if (t != S_TERM_UNTERMINATED && said == TB_RESULT_OTHER)
			bad = "a game that ended has a result, not *";
		if (bad)
			tb_val_report(v, TB_ERROR, TB_D_RESULT_RULES, &sp, NULL, "[Termination \"%s\"], but the "
			         "result says %s: %s", term, tb_result_text[said], bad);
		else if (at->live && t == S_TERM_RULES && !over)
			tb_val_report(v, TB_ERROR, TB_D_RESULT_RULES, &sp, &at->st, "[Termination \"rules\"], "
			         "but the rules do not end the game in its last position");
		else if (over && t != S_TERM_RULES) {
			S_over_words(v, &at->st, why, sizeof why);
			tb_val_report(v, TB_ERROR, TB_D_RESULT_RULES, &sp, &at->st, "the rules ended the game "
			         "(%s), but [Termination] says %s", why, term);
		}
	}
	if (!caps || !strcmp(caps, "?"))
		return;
	tb_span sp = S_tag_span(rec, "Captures");
	unsigned a, b;
	int used = 0;
	if (sscanf(caps, "%3u-%3u%n", &a, &b, &used) != 2 || caps[used] || !isdigit((unsigned char)caps[0]) ||
	    !isdigit((unsigned char)caps[strcspn(caps, "-") + 1])) {
		tb_val_report(v, TB_ERROR, TB_D_TERMINATION, &sp, NULL,
		         "[Captures] is the pieces each side has taken, the first side's first: \"5-3\", "
		         "not '%s'", caps);
		return;
	}
	if (at->live && (a != at->st.taken[0] || b != at->st.taken[1]))
		tb_val_report(v, TB_ERROR, TB_D_RESULT_RULES, &sp, &at->st,
		         "[Captures \"%s\"], but at the end of the record the rules count %u-%u", caps,
		         (unsigned)at->st.taken[0], (unsigned)at->st.taken[1]);
}

/* ===== The witnesses of a collation ===== */

typedef struct S_wit_ctx {
	tb_val *v;
	const tb_wstep *steps;
	size_t nsteps;
	const char *name;
	size_t main_from;          /* the main line's diagnostics start here */
} S_wit_ctx;

/* Has the main line an error at node 'n' already? */
static int S_main_error_at(const S_wit_ctx *c, const tb_node *n)
{
	const tb_reader *r = c->v->r;
	for (size_t i = c->main_from; i < r->ndiags && i < TB_MAX_DIAGS; i++) {
		const tb_diag *d = &r->diags[i];
		if (d->severity == TB_ERROR && d->line == n->span.line && d->col == n->span.col)
			return 1;
	}
	return 0;
}

/* A fault of the witness's line, at step 'i' of it: a warning at the
 * collation's node or alternative, naming the witness. */
static void S_wit_fault(void *ctx, size_t i, const tb_fault *f)
{
	S_wit_ctx *c = ctx;
	if (i >= c->nsteps)
		return;
	const tb_wstep *s = &c->steps[i];
	int followed = !s->alt || s->alt == &s->node->alts[0];
	if (followed && S_main_error_at(c, s->node))
		return; /* the record's own line says so already */
	const tb_span *sp = s->alt ? &s->alt->span : &s->node->span;
	tb_val_report_turn(c->v, TB_WARNING, TB_D_ILLEGAL, sp, NULL, f->token,
	              "%s (in the line of witness %s)", f->reason, c->name);
	if (f->position)
		tb_diag_note(c->v->r, "%s%s", tb_lang_text(c->v->lang, "val.position"), f->position);
}

/* Each witness's line of a collation read back out of it and replayed as
 * a record is, each fault of the rules there a warning (TB401): a
 * reading's alternatives stand in their own lines, not in the one the
 * record follows. */
static void S_witness_lines(tb_val *v, size_t main_from)
{
	const tb_sigla *d = v->collation;
	for (size_t x = 0; x < d->n; x++) {
		size_t n, len;
		tb_wstep *steps = tb_collation_steps(v->rec, d, x, &n);
		char *text = tb_collation_witness_text(v->rec, d, x, &len);
		S_wit_ctx c = {v, steps, n, d->s[x], main_from};
		int faulty;
		tb_line_check(text, len, &v->so, v->lang, S_wit_fault, &c, &faulty);
		free(text);
		free(steps);
	}
}

void tb_reader_set_lang(tb_reader *r, const tb_lang *l)
{
	if (r)
		r->why_lang = l;
}

void tb_reader_set_search(tb_reader *r, const tb_search_opts *o)
{
	memset(&r->search, 0, sizeof r->search);
	if (o)
		r->search = *o;
}

/* (validate.h) */
void tb_reader_set_verdicts(tb_reader *r, int on)
{
	if (r)
		r->verdicts = on != 0;
}

/* The reader's search limits, each 0 taking its default. */
/* The limits a reader that sets none takes (tb_set_search_defaults);
 * zeros: the built-in ones. */
static tb_search_opts S_defaults;

void tb_set_search_defaults(const tb_search_opts *o)
{
	memset(&S_defaults, 0, sizeof S_defaults);
	if (o) {
		S_defaults = *o;
		S_defaults.progress = NULL; /* a reader's own business */
		S_defaults.ctx = NULL;
	}
}

static tb_search_opts S_limits(const tb_reader *r)
{
	tb_search_opts o = r->search;
	const tb_search_opts *d = &S_defaults;
	o.max_turns = o.max_turns ? o.max_turns : d->max_turns ? d->max_turns : 8;
	o.max_positions = o.max_positions ? o.max_positions
	                : d->max_positions ? d->max_positions : 1000000;
	o.max_listed = o.max_listed ? o.max_listed : d->max_listed ? d->max_listed : 10;
	o.window = o.window ? o.window : d->window ? d->window : 32;
	o.lookback = o.lookback ? o.lookback : d->lookback ? d->lookback : 32;
	o.lookback = o.lookback < TB_LOOKBACK_MAX ? o.lookback : TB_LOOKBACK_MAX;
	o.threads = o.threads ? o.threads : d->threads ? d->threads : 1;
	return o;
}

/* No rules engine: a warning, and a fault for 'o'. */
static void S_no_engine(tb_reader *r, const tb_record *rec, const tb_validate_opts *o)
{
	tb_buf msg = TB_BUF_SOFT;
	tb_buf_printf(&msg, "%s has no rules engine yet: its moves are not checked",
	              rec->game->title);
	if (!tb_buf_ok(&msg)) {
		r->nomem = 1; /* as a diagnostic out of memory under r->recover */
		return;
	}
	tb_diag_at(r, TB_WARNING, TB_D_NO_ENGINE, rec->off, 1, rec->line, 1, "%s", msg.data);
	tb_fault f = {TB_D_NO_ENGINE, TB_WARNING, rec->line, 1, 2, msg.data, NULL, msg.data,
	              NULL, 0, NULL, NULL};
	if (o->fault)
		o->fault(o->fault_ctx, &f);
	tb_buf_free(&msg);
}

/* The replay of record 'rec' of 'r' under 'o', in 'v': every field
 * set, zero unless said, but for the ruleset, which tb_ruleset_init
 * then writes whole. The ruleset is most of 'v' (a geometry is
 * kilobytes): zeroed first, by the struct literal that set the rest,
 * only to have a kept one copied over it, it cost a thousand
 * instructions a record (a record of random Asalto games: a tenth of
 * its own replay outside the turns). */
static void S_val_init(tb_val *v, tb_reader *r, const tb_record *rec, const tb_validate_opts *o)
{
	size_t from = offsetof(tb_val, rs), past = from + sizeof v->rs;
	memset(v, 0, from);
	memset((char *)v + past, 0, sizeof *v - past);
	const tb_buf soft = TB_BUF_SOFT;
	v->r = r;
	v->rec = rec;
	v->fn = o->turn;
	v->ctx = o->turn_ctx;
	v->scratch = soft;
	v->line = soft;
	v->so = S_limits(r);
	v->decide = o->decide;
	v->decide_ctx = o->decide_ctx;
	v->fault = o->fault;
	v->fault_ctx = o->fault_ctx;
	tb_buf *pend[] = {&v->pend.msg,      &v->pend.token, &v->pend.reason,
	                  &v->pend.position, &v->pend.cands, &v->pend.repair};
	for (size_t i = 0; i < sizeof pend / sizeof pend[0]; i++)
		*pend[i] = soft;
	v->cur = -1;
	v->conf = tb_confusion_for(tb_lang_code(tb_record_lang(rec)));
	v->slip = o->slip;
	v->slip_ctx = o->slip_ctx;
	v->lang = r->why_lang;
	v->say = soft;
}

static int S_validate(tb_reader *r, const tb_record *rec, const tb_validate_opts *o)
{
	size_t before = r->rec_errors;
	if (!rec->game || rec->errors != rec->offboard)
		return 0; /* already reported by the reader */
	if (!rec->game->rules) {
		S_no_engine(r, rec, o);
		return 0;
	}
	tb_val *v = tb_malloc(sizeof *v); /* (calloc zeroed it twice) */
	if (!v)
		return TB_ENOMEM;
	S_val_init(v, r, rec, o);
	char why[320];
	if (tb_ruleset_init(&v->rs, rec->game, &rec->opts, why, sizeof why)) {
		free(v);
		return 0; /* cannot happen: the reader checked the options (TB207) */
	}
	tb_val_at at = {.live = 1};
	why[0] = '\0';
	int loaded = rec->game->rules->load(&v->rs, rec->start, &at.st, why, sizeof why);
	if (loaded || *why) {
		tb_span sp = S_tag_span(rec, "Position");
		tb_val_report(v, loaded < 0 ? TB_ERROR : TB_WARNING, TB_D_BAD_POSITION, &sp, NULL,
		         loaded > 0 ? "the record starts from a position that cannot be checked: %s"
		         : loaded < 0 ? "the record starts from a position that cannot occur: %s"
		                      : "in the record's start position, %s", why);
		at.live = loaded == 0;
	}
	at.ever = at.live;
	tb_replay *rp = v->rp = o->frames;
	v->cur = -1;
	if (rp) {
		tb_frame *f = tb_replay_at(rp, -1);
		f->st = at.st;
		f->has_st = (uint8_t)at.live;
		f->status = at.live ? TB_FRAME_WRITTEN : TB_FRAME_UNKNOWN;
		f->stop = at.live ? TB_STOP_NONE : TB_STOP_START;
		f->npositions = at.live;
		if (!at.live)
			tb_replay_set_start_why(rp, why);
	}
	tb_sigla sigla;
	v->collation = tb_sigla_read(rec, &sigla) > 0 ? &sigla : NULL;
	size_t main_from = r->ndiags;
	S_line(v, &rec->main, &at, 1);
	S_check_result(v, &at);
	S_check_termination(v, &at);
	if (v->collation)
		S_witness_lines(v, main_from);
	S_fault_flush(v);
	S_fault_free(&v->pend);
	tb_turns_free(&v->turns);
	tb_turns_free(&v->old_turns);
	tb_buf_free(&v->scratch);
	tb_buf_free(&v->line);
	tb_buf_free(&v->say);
	int oom = v->oom;
	free(v);
	return oom ? TB_ENOMEM : (int)(r->rec_errors - before);
}

int tb_validate_soft(tb_reader *r, const tb_record *rec, const tb_validate_opts *o)
{
	static const tb_validate_opts none;
	int recover = r->recover, nomem = r->nomem;
	r->recover = 1; /* a diagnostic out of memory: r->nomem, not abort */
	int n = S_validate(r, rec, o ? o : &none);
	r->recover = recover;
	return r->nomem && !nomem ? TB_ENOMEM : n;
}

int tb_validate(tb_reader *r, const tb_record *rec, const tb_validate_opts *o)
{
	int n = tb_validate_soft(r, rec, o);
	if (n == TB_ENOMEM)
		tb_oom();
	return n;
}

int tb_validate_replay(tb_reader *r, const tb_record *rec, tb_replay *rp)
{
	tb_validate_opts o = {NULL, NULL, NULL, NULL, NULL, NULL, rp, tb_replay_on_slip, rp};
	return tb_validate_soft(r, rec, &o);
}

/* tb_validate_soft for the public face: NULL refused, the reader's last
 * error set. */
static int S_validate_told(tb_reader *r, const tb_record *rec, const tb_validate_opts *o)
{
	if (!r || !rec)
		return tb_lasterr_set(r ? &r->err : NULL, TB_EINVAL, "no record");
	int rc = tb_validate_soft(r, rec, o);
	if (rc < 0)
		tb_lasterr_set(&r->err, rc, NULL);
	else
		tb_lasterr_clear(&r->err);
	return rc;
}

int tb_reader_validate(tb_reader *r, const tb_record *rec, tb_turn_fn fn, void *ctx)
{
	tb_validate_opts o = {fn, ctx, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
	return S_validate_told(r, rec, &o);
}

int tb_reader_validate_faults(tb_reader *r, const tb_record *rec, tb_turn_fn fn, void *ctx,
                              tb_fault_fn ffn, void *fctx)
{
	tb_validate_opts o = {fn, ctx, NULL, NULL, ffn, fctx, NULL, NULL, NULL};
	return S_validate_told(r, rec, &o);
}

/* ===== A record's one replay (replay.h; tablero.h, "One reading of a
 * record"): made here, kept by replay.c ===== */

tb_replay *tb_replay_run(tb_reader *r, const tb_record *rec)
{
	tb_replay *rp = tb_replay_new(rec);
	if (!rp)
		return NULL;
	int rc = tb_validate_replay(r, rec, rp);
	if (rc == TB_ENOMEM || tb_replay_failed(rp)) {
		tb_replay_free(rp);
		return NULL;
	}
	return rp;
}

tb_replay *tb_reader_replay(tb_reader *r, const tb_record *rec)
{
	if (!r || !rec || !rec->game || !rec->game->rules || rec->errors != rec->offboard)
		return NULL; /* as tb_reader_validate: points off the board do not stop it */
	return tb_replay_run(r, rec);
}

tb_replay *tb_record_replay(const tb_record *rec)
{
	if (!rec || !rec->game || !rec->game->rules || rec->errors != rec->offboard)
		return NULL;
	tb_reader *r = tb_reader_new_mem("", 0, "record");
	if (!r)
		return NULL;
	tb_replay *rp = tb_replay_run(r, rec);
	tb_reader_free(r);
	return rp;
}
