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
#include "xalloc.h"

/* An open turn of a stretch: the node, its steps, and the written turns
 * replayed after it. */
typedef struct S_pending {
	const tb_node *node;
	size_t step, nsteps;       /* its steps in the stretch */
	int gap;                   /* a gap (its steps are plies), else one turn */
	int offboard;              /* a token with points off the board */
	const tb_node *first, *last; /* written turns replayed after it */
} S_pending;

/* The positions a line may be in since its first open turn. */
typedef struct S_open {
	tb_stretch *x;
	S_pending *v;
	size_t n, cap;
} S_open;

/* A fault being reported, until it is told (S_fault_flush): the
 * strings of its tb_fault; candidates NUL-separated in 'cands'. */
typedef struct S_fault {
	int pending;
	tb_fault f;
	tb_buf msg, token, reason, position, cands, repair;
	size_t ncands;
} S_fault;

typedef struct S_val {
	tb_reader *r;
	const tb_record *rec;
	tb_ruleset rs;
	tb_turns turns;            /* the legal turns of the position at hand */
	size_t nturns;             /* how many, as S_over_before found them */
	tb_turn_fn fn;
	void *ctx;
	tb_buf scratch;
	tb_search_opts so;         /* the reader's, defaults filled in */
	tb_decide_fn decide;       /* what open turns were found to be (fill) */
	void *decide_ctx;
	const tb_sigla *collation; /* the witnesses, when the record is a collation
	                              (spec/compare.md), else NULL */
	int oom;                   /* memory ran out (sticky): TB_ENOMEM at the end */
	tb_fault_fn fault;         /* told each fault, typed, or NULL */
	void *fault_ctx;
	S_fault pend;              /* the last fault, told once its notes are known */
	tb_replay *rp;             /* the frames kept (replay.h), or NULL */
	long cur;                  /* the frame of the node being replayed, or -1 */
} S_val;

/* The node each step of an open stretch replays (NULL for a gap's
 * plies): the open turns' own, and the written turns' recorded as they
 * are played. And, when frames are kept, each node of the stretch with
 * the layers it goes from and to (a node with no step: from == to). */
typedef struct S_entry {
	long f;
	size_t from, to;
} S_entry;

typedef struct S_steps {
	const tb_node **v;
	size_t n, cap;
	S_entry *e;
	size_t ne, cape;
} S_steps;

/* Where the replay of a line stands. */
typedef struct S_at {
	tb_state st;
	int live;                  /* the position is known, or 'open' holds the possible ones */
	S_open *open;              /* NULL, or the positions since an open turn */
	unsigned skip;             /* written turns a repair has already played */
	int fixed;                 /* a repair put a turn before this one: the */
	tb_state fixed_before;     /* position its variations start from */
	/* A legal turn the rules frown on (TB407, rules->remark): told only
	 * when the opponent's next turn does not take the penalty (a huff). */
	const tb_node *frown;      /* the turn, or NULL */
	tb_state frown_before;     /* the position before it, */
	tb_turn frown_turn;        /* the turn played, */
	tb_state frown_after;      /* and the position after it: the remark's
	                              words are made only when it is told */
	/* For the frames (replay.h): */
	int ever;                  /* 'st' holds a position the rules knew (the last) */
	long ply;                  /* turns of the line replayed so far */
	unsigned depth;            /* 0 the main line */
	S_steps *steps;            /* the line's steps */
	size_t node_from;          /* the stretch's steps when the node at hand began */
} S_at;

/* "" when memory ran out (v->oom). */
static const char *S_position_text(S_val *v, const tb_state *s)
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
static const char *S_text(S_val *v, const tb_buf *b)
{
	if (!tb_buf_ok(b)) {
		v->oom = 1;
		return "";
	}
	return b->data ? b->data : "";
}

/* Tells the pending fault, if any, to v->fault, and forgets it. */
static void S_fault_flush(S_val *v)
{
	S_fault *p = &v->pend;
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

static void S_fault_free(S_fault *p)
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

/* Keeps what a fault's diagnostic says, to tell it later: 'token' (may be
 * NULL) and 'reason' make message 'msg'; 'position' its notation or "". */
static void S_fault_begin(S_val *v, const S_where *d, const char *msg, const char *token,
                          const char *reason, const char *position)
{
	S_fault *p = &v->pend;
	tb_buf *b[] = {&p->msg, &p->token, &p->reason, &p->position, &p->cands, &p->repair};
	for (size_t i = 0; i < sizeof b / sizeof b[0]; i++) {
		tb_buf_clear(b[i]);
		tb_buf_puts(b[i], "");
	}
	tb_buf_puts(&p->msg, msg);
	tb_buf_puts(&p->token, token ? token : "");
	tb_buf_puts(&p->reason, reason);
	tb_buf_puts(&p->position, position);
	p->ncands = 0;
	p->f = (tb_fault){d->code, d->sev, d->line, d->col, d->end_col, NULL, NULL, NULL, NULL,
	                  0, NULL, NULL};
	p->pending = 1;
}

/* A candidate of the pending fault: a turn or sequence that fits, or a
 * reading that explains it (as the canonical form writes it). */
static void S_fault_candidate(S_val *v, const char *text)
{
	if (!v->pend.pending)
		return;
	tb_buf_puts(&v->pend.cands, text);
	tb_buf_putc(&v->pend.cands, '\0');
	v->pend.ncands++;
}

/* The pending fault's one candidate is what the replay went on with. */
static void S_fault_repaired(S_val *v)
{
	if (v->pend.pending && v->pend.ncands == 1 && tb_buf_ok(&v->pend.cands)) {
		tb_buf_clear(&v->pend.repair);
		tb_buf_puts(&v->pend.repair, v->pend.cands.data);
	} /* else memory ran out: the fault is not told (S_fault_flush) */
}

/* A diagnostic over node span 'sp', with the position 's' it happened in
 * (may be NULL): "token: reason", or "reason" when 'token' is NULL;
 * a fault for v->fault too. */
static void S_vreport(S_val *v, tb_severity sev, int code, const tb_span *sp,
                      const tb_state *s, const char *token, const char *fmt, va_list ap)
{
	S_fault_flush(v);
	tb_buf why = TB_BUF_SOFT, msg = TB_BUF_SOFT;
	tb_buf_vprintf(&why, fmt, ap);
	if (token)
		tb_buf_printf(&msg, "%s: ", token);
	tb_buf_puts(&msg, why.data ? why.data : "");
	if (!tb_buf_ok(&why) || !why.data || !tb_buf_ok(&msg) || !msg.data) {
		v->oom = 1; /* the diagnostic is left out */
		tb_buf_free(&why);
		tb_buf_free(&msg);
		return;
	}
	size_t len = sp->end_line == sp->line && sp->end_col > sp->col ? sp->end_col - sp->col : 1;
	tb_diag_at(v->r, sev, code, sp->off, len, sp->line, sp->col, "%s", msg.data);
	const char *pos = s ? S_position_text(v, s) : "";
	if (s)
		tb_diag_note(v->r, "position %s", pos);
	if (v->fault) {
		S_where d = {code, sev, sp->line, sp->col, sp->col + (unsigned)len};
		S_fault_begin(v, &d, msg.data, token, why.data, pos);
	}
	tb_buf_free(&why);
	tb_buf_free(&msg);
}

static void S_report(S_val *v, tb_severity sev, int code, const tb_span *sp,
                     const tb_state *s, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
static void S_report(S_val *v, tb_severity sev, int code, const tb_span *sp,
                     const tb_state *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	S_vreport(v, sev, code, sp, s, NULL, fmt, ap);
	va_end(ap);
}

/* S_report of a fault of the turn or gap written 'token': the message
 * "token: reason", the reason kept apart for v->fault. */
static void S_report_turn(S_val *v, tb_severity sev, int code, const tb_span *sp,
                          const tb_state *s, const char *token, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));
static void S_report_turn(S_val *v, tb_severity sev, int code, const tb_span *sp,
                          const tb_state *s, const char *token, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	S_vreport(v, sev, code, sp, s, token, fmt, ap);
	va_end(ap);
}

/* rules->explain; out of memory (no words) sets v->oom. */
static void S_explain(S_val *v, const tb_state *s, const tb_move *m, char *why, size_t n)
{
	tb_say_no_fit(why, n); /* never "" but out of memory */
	v->rs.rules->explain(&v->rs, s, m, why, n);
	if (!*why)
		v->oom = 1;
}

static void S_token(tb_buf *b, uint8_t kind, const tb_move *m)
{
	tb_buf_clear(b);
	tb_turn_write(b, kind, m);
}

/* Appends the canonical token of generated turn 't'. */
static void S_turn_token(tb_buf *b, const tb_turn *t) { tb_turn_token(b, t); }

/* The token a node writes ("?-d2", "?", "<gap 2>"), into 'b'. */
static void S_node_token(tb_buf *b, const tb_node *n)
{
	tb_buf_clear(b);
	if (tb_node_followed(n) == TB_NODE_GAP) {
		tb_buf_puts(b, "<gap");
		if (n->gap_min >= 0 && n->gap_min == n->gap_max)
			tb_buf_printf(b, " %ld", n->gap_min);
		else if (n->gap_min >= 0)
			tb_buf_printf(b, " %ld-%ld", n->gap_min, n->gap_max);
		tb_buf_putc(b, '>');
	} else if (n->kind == TB_NODE_READING) {
		tb_turn_write(b, n->alts[0].kind, &n->alts[0].move);
	} else {
		tb_turn_write(b, n->kind, &n->move);
	}
}

/* Tells the caller of turn 't' of node 'n', played from 'before' to
 * 'after' with events 'ev'. */
static void S_tell(S_val *v, const tb_node *n, const tb_turn *t, const tb_state *after,
                   const tb_events *ev)
{
	tb_buf tok = TB_BUF_SOFT, evt = TB_BUF_SOFT;
	S_turn_token(&tok, t);
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
	tb_turn_report rep = {n->number, n->side, S_text(v, &tok), S_position_text(v, after),
	                      S_text(v, &evt), n->span.line, n->span.col, ev->n, one,
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
static void S_frown_tell(S_val *v, S_at *at)
{
	if (!at->frown)
		return;
	char why[240] = "";
	v->rs.rules->remark(&v->rs, &at->frown_before, &at->frown_turn, &at->frown_after, why,
	                    sizeof why);
	if (!*why)
		v->oom = 1; /* the remark's words ran out (rules->remark) */
	tb_buf tok = TB_BUF_SOFT;
	S_node_token(&tok, at->frown);
	S_report_turn(v, TB_WARNING, TB_D_PASSED_UP, &at->frown->span, &at->frown_before,
	              S_text(v, &tok), "%s", why);
	tb_buf_free(&tok);
	at->frown = NULL;
}

/* Does node 'n' write a penalty (a huff part) that the rules allow in
 * the known position of 'at'? Then the frowned-on turn waits for it to
 * be played; else it is told before 'n' brings anything else. */
static int S_penalty_follows(S_val *v, const S_at *at, const tb_node *n)
{
	const tb_move *m = n->kind == TB_NODE_READING ? &n->alts[0].move : &n->move;
	int kind = n->kind == TB_NODE_READING ? n->alts[0].kind : n->kind;
	if (kind != TB_NODE_MOVE || !m->nparts || m->parts[0].kind != TB_PART_HUFF || !at->live ||
	    at->open || at->skip)
		return 0;
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

static int S_open_points(const S_val *v, const tb_move *m, int *offboard);

/* ===== Frames (replay.h) =====
 *
 * When the caller keeps frames, each node replayed gets one: filled by
 * S_play for a turn played in a known position, by S_frames_close for
 * the nodes of a stretch once it is resolved, and otherwise by
 * S_frame_after from where the line stands once the node is replayed.
 */

static tb_frame *S_cur(S_val *v)
{
	return v->rp && v->cur >= 0 ? tb_replay_at(v->rp, v->cur) : NULL;
}

/* The node at hand stops the rules ('refused': they refuse it as written). */
static void S_frame_stop(S_val *v, int stop, int code, int refused)
{
	tb_frame *f = S_cur(v);
	if (!f)
		return;
	f->stop = (uint8_t)stop;
	f->code = (uint16_t)code;
	f->refused |= (uint8_t)refused;
}

static void S_frame_events(S_val *v, long f, const tb_events *ev)
{
	if (!tb_replay_add_events(v->rp, f, ev))
		v->oom = 1;
}

/* Turn 't' of node 'n' was played, leaving 'after'. */
static void S_frame_play(S_val *v, const tb_node *n, const tb_turn *t, const tb_state *after,
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
	S_val *v;
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
		c[ev.ev[i].kind & 31]++;
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
static int S_frame_step(S_val *v, tb_stretch *x, size_t k, long fi)
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
		kept[e.common.ev[i].kind & 31]++;
	for (int kind = 0; kind < 32; kind++)
		if (e.max[kind] > kept[kind] || (capped && e.max[kind]))
			f->ev_maybe |= 1u << kind;
	if (capped)
		f->ev_maybe = ~0u;
	return 0;
}

/* The last layer at or before 'layer' whose position is one, into 'st'. */
static void S_last_known(tb_stretch *x, size_t layer, tb_state *st)
{
	const tb_state *one = NULL;
	for (size_t L = layer + 1; L-- > 0;)
		if (tb_stretch_marked(x, L, &one) == 1) {
			*st = *one;
			return;
		}
	*st = *tb_stretch_first(x, 0);
}

/* Node 'e' of the resolved stretch 'x' into its frame. */
static void S_frame_entry(S_val *v, tb_stretch *x, const S_entry *e)
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
	S_last_known(x, e->to, &f->st);
	f->status = count ? TB_FRAME_OPEN : TB_FRAME_UNKNOWN;
	f->stop = count ? TB_STOP_OPEN : TB_STOP_NO_FIT;
}

/* 0 when memory ran out. */
static int S_entry_add(S_steps *s, long f, size_t from, size_t to)
{
	if (s->ne == s->cape) {
		size_t cap = s->cape ? 2 * s->cape : 16;
		S_entry *grown = tb_realloc(s->e, cap * sizeof *grown);
		if (!grown)
			return 0;
		s->e = grown;
		s->cape = cap;
	}
	s->e[s->ne++] = (S_entry){f, from, to};
	return 1;
}

/* The nodes of the stretch of 'at', resolved, into their frames -- the
 * node at hand too when it took steps of it (not a position that closed
 * it, whose frame is the position it restates; not a gap closing it
 * because it cannot be searched; not a turn refused in every position). */
static void S_frames_close(S_val *v, S_at *at)
{
	if (!v->rp || !at->steps)
		return;
	tb_stretch *x = at->open->x;
	S_steps *s = at->steps;
	for (size_t i = 0; i < s->ne && !v->oom; i++)
		S_frame_entry(v, x, &s->e[i]);
	tb_frame *f = S_cur(v);
	if (f && !f->done && !f->refused && s->n > at->node_from && !v->oom) {
		S_entry cur = {v->cur, at->node_from, s->n};
		S_frame_entry(v, x, &cur);
	}
	s->ne = 0;
}

/* The nodes of the stretch of 'at', never resolved (the search's limit):
 * unknown from its start. */
static void S_frames_spent(S_val *v, S_at *at)
{
	if (!v->rp || !at->steps)
		return;
	S_steps *s = at->steps;
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
static void S_frame_after(S_val *v, S_at *at, const tb_node *n)
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
	f->st = at->st;
	f->has_st = (uint8_t)at->ever;
	if (at->live) {
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
static void S_frame_alts(S_val *v, const tb_node *n, const tb_state *pre, int live, int ever,
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
		      (a->kind == TB_NODE_MOVE && !S_open_points(v, &a->move, &off))))
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

/* Plays 't' and tells the caller. */
static void S_play(S_val *v, S_at *at, const tb_turn *t, const tb_node *n)
{
	tb_events ev;
	tb_state before = at->st;
	v->rs.rules->play(&v->rs, &at->st, t, &ev);
	if (at->frown) {
		int penalty = 0;
		for (unsigned i = 0; i < ev.n; i++)
			penalty |= ev.ev[i].kind == TB_EV_HUFF;
		if (penalty)
			at->frown = NULL; /* the rules' penalty was taken: nothing to tell */
		else
			S_frown_tell(v, at);
	}
	if (v->rs.rules->remark && v->rs.rules->remark(&v->rs, &before, t, &at->st, NULL, 0)) {
		at->frown = n;
		at->frown_before = before;
		at->frown_turn = *t;
		at->frown_after = at->st;
	}
	S_frame_play(v, n, t, &at->st, &ev);
	if (v->fn)
		S_tell(v, n, t, &at->st, &ev);
}

/* ===== Defaults that changed ===== */

/* What a changed default is tested against: does the rule hold under
 * the old ruleset 'old' in position 'st'? */
typedef int (*S_under_fn)(const tb_ruleset *old, const tb_state *st, const tb_move *m);

/* Is 'm' (NULL: a pass) a legal turn under 'old'? -1 when memory ran
 * out. */
static int S_legal_under(const tb_ruleset *old, const tb_state *st, const tb_move *m)
{
	tb_turns l = {NULL, 0};
	tb_move none = {0, 0, NULL};
	size_t n = tb_turns_list(old, st, &l);
	if (tb_turns_failed(&l))
		return -1;
	int fits = 0;
	for (size_t i = 0; i < n && !fits; i++)
		fits = tb_turn_fits(&l.v[i], m ? m : &none) && (!m || l.v[i].crown == m->crown);
	tb_turns_free(&l);
	return fits;
}

/* Does the game go on under 'old'? */
static int S_goes_on_under(const tb_ruleset *old, const tb_state *st, const tb_move *m)
{
	(void)m;
	tb_result res;
	char why[160];
	return !old->rules->over(old, st, &res, why, sizeof why);
}

/* A record that leaves an option to its default is replayed under the
 * default of this version; for each default the game changed (its
 * 'was' table) that the record does not name and under whose old value
 * 'under' holds, notes so on the last diagnostic, so that an archive
 * knows why a record that validated before no longer does. */
static void S_note_was(S_val *v, const tb_state *st, S_under_fn under, const tb_move *m,
                       const char *what)
{
	const tb_game *g = v->rec->game;
	for (const tb_option_was *w = g->was; w && w->key; w++) {
		tb_opts o = v->rec->opts;
		if (tb_opts_get(&o, w->key) || o.n == TB_MAX_OPTS)
			continue;
		o.key[o.n] = w->key;
		o.value[o.n++] = w->value;
		tb_ruleset *old = tb_malloc(sizeof *old);
		if (!old) {
			v->oom = 1;
			return;
		}
		char why[320];
		int held = tb_ruleset_init(old, g, &o, why, sizeof why) ? 0 : under(old, st, m);
		if (held > 0)
			tb_diag_note(v->r, "%s under %s=%s, the default until tablero %s", what, w->key,
			             w->value, w->until);
		v->oom |= held < 0;
		free(old);
	}
}

/* ===== Slips ===== */

/* Appends the turns of 'r' as a record writes them, numbered from 's'. */
static void S_turns_written(tb_buf *b, const tb_state *s, const tb_turn *t, size_t n)
{
	unsigned number = s->number;
	int side = s->to_move;
	for (size_t i = 0; i < n; i++) {
		if (i)
			tb_buf_putc(b, ' ');
		if (side == 0 || i == 0)
			tb_buf_printf(b, "%u%s ", number, side == 0 ? "." : "...");
		S_turn_token(b, &t[i]);
		if (side == 1)
			number++;
		side ^= 1;
	}
}

/* One note per repair of the illegal turn of node 'n', best first. */
static void S_note_repair(S_val *v, const tb_state *s, const tb_repair *rp)
{
	tb_buf tok = TB_BUF_SOFT, seq = TB_BUF_SOFT;
	char after[64];
	if (rp->reach)
		snprintf(after, sizeof after, ": the next %u turn%s legal then", rp->reach,
		         rp->reach == 1 ? " is" : "s are");
	else
		snprintf(after, sizeof after, "%s", "");
	switch (rp->kind) {
	case TB_REPAIR_SOUND:
	case TB_REPAIR_POINT:
	case TB_REPAIR_PART:
		S_turn_token(&tok, &rp->turn[0]);
		S_fault_candidate(v, S_text(v, &tok));
		tb_diag_note(v->r, "did you mean %s? (%s%s)", S_text(v, &tok),
		             rp->kind == TB_REPAIR_PART ? "a part not written"
		             : rp->kind == TB_REPAIR_SOUND ? "one point misheard"
		                                           : "one point written for another",
		             after);
		break;
	case TB_REPAIR_MISSING:
		S_turns_written(&seq, s, rp->turn, 1);
		S_fault_candidate(v, S_text(v, &seq));
		tb_diag_note(v->r, "a turn seems to be missing before it: %s%s", S_text(v, &seq),
		             after);
		break;
	default:
		S_turns_written(&seq, s, rp->turn, rp->nturns);
		S_fault_candidate(v, S_text(v, &seq));
		tb_diag_note(v->r, "the turns may be written out of order: %s%s", S_text(v, &seq),
		             after);
		break;
	}
	tb_buf_free(&tok);
	tb_buf_free(&seq);
}

/* The slips that explain the illegal turn of 'n' (move 'm', node kind
 * 'kind') in the known position of 'at', as notes; when exactly one
 * does, checking goes on as if it were so. Returns 1 then. */
static int S_slips(S_val *v, S_at *at, const tb_node *n, uint8_t kind, const tb_move *m)
{
	enum { SHOWN = 3 };
	tb_repair rp[SHOWN];
	int nomem = 0;
	size_t all = tb_repairs(&v->rs, &at->st, n, kind, m, v->so.window, rp, SHOWN, &nomem);
	if (nomem) {
		v->oom = 1;
		return 0;
	}
	if (!all || rp[0].reach == 0)
		return 0; /* nothing written after it to weigh a repair by: no help */
	for (size_t i = 0; i < all && i < SHOWN; i++)
		S_note_repair(v, &at->st, &rp[i]);
	if (all > SHOWN)
		tb_diag_note(v->r, "and %zu more ways of reading it", all - SHOWN);
	if (all != 1)
		return 0;
	tb_diag_note(v->r, "checking goes on as if it were so");
	S_fault_repaired(v);
	for (unsigned i = 0; i < rp[0].nturns; i++) {
		if (i == 1 && rp[0].kind == TB_REPAIR_MISSING) {
			at->fixed = 1;
			at->fixed_before = at->st;
		}
		v->rs.rules->play(&v->rs, &at->st, &rp[0].turn[i], NULL);
	}
	at->skip = rp[0].consumed - 1u;
	return 1;
}

/* ===== Turns whose position is known ===== */

/* Lists the legal turns of the position before 'n' (for S_turn, once
 * per node) and, when there are none, reports that the game is over. */
static int S_over_before(S_val *v, S_at *at, const tb_node *n)
{
	tb_result res;
	char why[160];
	v->nturns = tb_turns_list(&v->rs, &at->st, &v->turns);
	if (tb_turns_failed(&v->turns)) {
		v->oom = 1;
		at->live = 0;
		return 1;
	}
	if (v->nturns || !v->rs.rules->over(&v->rs, &at->st, &res, why, sizeof why))
		return 0;
	S_report(v, TB_ERROR, TB_D_AFTER_END, &n->span, &at->st,
	         "the game is already over (%s): no turn may follow", why);
	S_note_was(v, &at->st, S_goes_on_under, NULL, "the game goes on");
	at->live = 0;
	S_frame_stop(v, TB_STOP_AFTER_END, TB_D_AFTER_END, 1);
	return 1;
}

/* A move or a pass whose every point is known: the one legal turn that
 * fits, if any, among those S_over_before listed for this position. */
static void S_turn(S_val *v, S_at *at, uint8_t kind, const tb_move *m, const tb_node *n,
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
		S_play(v, at, &turns[which], n); /* the usual way: no words needed */
		return;
	}
	tb_buf tok = TB_BUF_SOFT;
	S_token(&tok, kind, m);
	const char *text = S_text(v, &tok);
	tb_severity sev = witness ? TB_WARNING : TB_ERROR;
	const char *other = witness ? " (another reading of this turn)" : "";
	char why[200];
	if (fit == 1 && turns[which].crown != m->crown && kind == TB_NODE_MOVE) {
		/* the engine says which piece is crowned, or none */
		tb_move fits = {turns[which].nparts, m->crown, (tb_part *)turns[which].parts};
		S_explain(v, &at->st, &fits, why, sizeof why);
		S_report_turn(v, sev, TB_D_ILLEGAL, &n->span, &at->st, text, "%s%s", why, other);
		at->live = witness ? at->live : 0;
		if (!witness)
			S_frame_stop(v, TB_STOP_REFUSED, TB_D_ILLEGAL, 1);
	} else if (fit == 1 && !witness) {
		S_play(v, at, &turns[which], n);
	} else if (fit > 1 && !witness) { /* a whole token is one turn: an engine's slip */
		S_report(v, TB_WARNING, TB_D_UNCHECKED, &n->span, &at->st, "%s fits %zu legal turns; "
		         "checking resumes where the record gives the position again", text, fit);
		at->live = 0;
		S_frame_stop(v, TB_STOP_REFUSED, TB_D_UNCHECKED, 1);
	} else if (fit == 0 && kind == TB_NODE_PASS) {
		tb_buf alt = TB_BUF_SOFT;
		S_turn_token(&alt, &turns[0]);
		S_report_turn(v, sev, TB_D_ILLEGAL, &n->span, &at->st, "pass", "a player passes only "
		              "when blocked, and %s can be played%s", S_text(v, &alt), other);
		tb_buf_free(&alt);
		if (!witness) {
			S_frame_stop(v, TB_STOP_REFUSED, TB_D_ILLEGAL, 1);
			S_note_was(v, &at->st, S_legal_under, NULL, "legal");
			at->live = S_slips(v, at, n, kind, m);
		}
	} else if (fit == 0) {
		S_explain(v, &at->st, m, why, sizeof why);
		S_report_turn(v, sev, TB_D_ILLEGAL, &n->span, &at->st, text, "%s%s", why, other);
		if (!witness) {
			S_frame_stop(v, TB_STOP_REFUSED, TB_D_ILLEGAL, 1);
			tb_state before = at->st;
			S_note_was(v, &before, S_legal_under, m, "legal");
			at->live = S_slips(v, at, n, kind, m);
		}
	}
	tb_buf_free(&tok);
}

static void S_suspend(S_val *v, S_at *at, const tb_node *n, const char *what)
{
	S_report(v, TB_WARNING, TB_D_UNCHECKED, &n->span, NULL,
	         "%s: checking resumes where the record gives the position again", what);
	at->live = 0;
	S_frame_stop(v, TB_STOP_GAP, TB_D_UNCHECKED, 0);
}

/* ===== Open turns ===== */

/* Does move 'm' write a point that is '?', or off the board? The second
 * in '*offboard'. */
static int S_open_points(const S_val *v, const tb_move *m, int *offboard)
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
	const S_val *v = ctx;
	if (v->so.progress)
		v->so.progress(v->so.ctx, held);
}

static void S_open_free(S_at *at)
{
	if (at->open) {
		tb_stretch_free(at->open->x);
		free(at->open->v);
		free(at->open);
		at->open = NULL;
	}
}

/* Starts a stretch from the known position, if none is open; 0 (none
 * open, v->oom) when memory ran out. */
static int S_open_begin(S_val *v, S_at *at)
{
	if (at->open)
		return 1;
	at->open = tb_calloc(1, sizeof *at->open);
	if (at->open)
		at->open->x = tb_stretch_new(&v->rs, &at->st, v->so.max_positions, S_progress, v);
	if (!at->open || !at->open->x) {
		S_open_free(at);
		v->oom = 1;
		at->live = 0;
		return 0;
	}
	return 1;
}

/* NULL when memory ran out. */
static S_pending *S_pend(S_open *o, const tb_node *n, size_t step, size_t nsteps, int gap)
{
	if (o->n == o->cap) {
		size_t cap = o->cap ? 2 * o->cap : 4;
		S_pending *grown = tb_realloc(o->v, cap * sizeof *o->v);
		if (!grown)
			return NULL;
		o->v = grown;
		o->cap = cap;
	}
	S_pending *p = &o->v[o->n++];
	memset(p, 0, sizeof *p);
	p->node = n;
	p->step = step;
	p->nsteps = nsteps;
	p->gap = gap;
	return p;
}

/* ", given turns 20-24 and the position on line 12", into 'b'. */
static void S_given(tb_buf *b, const S_pending *p, const tb_node *restated)
{
	tb_buf_clear(b);
	if (p->first && p->first->number == p->last->number)
		tb_buf_printf(b, ", given turn %u", p->first->number);
	else if (p->first)
		tb_buf_printf(b, ", given turns %u–%u", p->first->number, p->last->number);
	if (restated)
		tb_buf_printf(b, "%s the position on line %u", p->first ? " and" : ", given",
		              restated->span.line);
}

/* What the open turn 'p' may have been, once its stretch is resolved. */
static void S_tell_pending(S_val *v, S_open *o, const S_pending *p, const char *given,
                           int *said_none)
{
	size_t max = v->so.max_listed;
	tb_buf tok = TB_BUF_SOFT, list = TB_BUF_SOFT;
	S_node_token(&tok, p->node);
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
		S_turn_token(&list, &seqs[i]);
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
		if (count == 0)
			tb_diag_note_at(v->r, p->node->span.line, p->node->span.col, end,
			                "no turn fits here%s, whatever the point", given);
		else
			tb_diag_note_at(v->r, p->node->span.line, p->node->span.col, end,
			                "%s%s: %s", count == 1 ? "the one turn that fits here"
			                                       : "the turns that fit here", given,
			                S_text(v, &list));
	} else if (count == 0 && !*said_none) {
		*said_none = 1;
		char none[48];
		if (p->gap)
			snprintf(none, sizeof none, "sequence of %zu turn%s", len, len == 1 ? "" : "s");
		else
			snprintf(none, sizeof none, "turn");
		S_report_turn(v, TB_ERROR, TB_D_NO_FIT, &p->node->span, NULL, S_text(v, &tok),
		              "no %s fits here%s: the transcription around it is wrong", none, given);
	} else if (taken) {
		/* filled in: the caller tells */
	} else if (count == 1) {
		S_report_turn(v, TB_WARNING, TB_D_FITS, &p->node->span, NULL, S_text(v, &tok),
		              "only %s fits%s", p->gap ? "one sequence" : S_text(v, &list), given);
	} else if (count) {
		S_report_turn(v, TB_WARNING, TB_D_FITS, &p->node->span, NULL, S_text(v, &tok),
		              "%llu %s fit%s%s%s", count, what, given, p->gap ? "" : ": ",
		              p->gap ? "" : S_text(v, &list));
	}
	for (size_t i = 0; !p->gap && count && !p->offboard && !taken && i < listed; i++) {
		tb_buf_clear(&list); /* each turn that fits, a candidate of the fault */
		S_turn_token(&list, &seqs[i]);
		S_fault_candidate(v, S_text(v, &list));
	}
	for (size_t i = 0; p->gap && count && !p->offboard && !taken && i < listed; i++) {
		/* a sequence a line, numbered from the layer the gap starts at */
		tb_buf_clear(&list);
		S_turns_written(&list, tb_stretch_first(o->x, p->step), seqs + i * len, len);
		tb_diag_note(v->r, "%s", S_text(v, &list));
		S_fault_candidate(v, S_text(v, &list));
	}
	if (count == 1 && !p->offboard && !taken)
		S_fault_repaired(v); /* the rules decide it */
	if (p->gap && count > listed && !p->offboard && !taken)
		tb_diag_note(v->r, "and %llu more", count - listed);
	free(seqs);
	tb_buf_free(&tok);
	tb_buf_free(&list);
}

/* Tells the caller the turns of the written nodes of a resolved stretch
 * whose positions before and after are each one. */
static void S_tell_resolved(S_val *v, S_open *o, const tb_node *const *nodes)
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
		S_tell(v, nodes[k], &l.v[0], &w, &ev);
	}
	tb_turns_free(&l);
}

/* Closes the stretch of 'at': resolves it and reports each open turn;
 * 'restated' is the position that closed it, if one did. The position
 * is then the one left, when one is. */
static void S_open_close(S_val *v, S_at *at, const S_steps *steps, const tb_node *restated)
{
	S_open *o = at->open;
	tb_stretch_resolve(o->x);
	tb_buf given = TB_BUF_SOFT;
	int said_none = 0;
	for (size_t i = 0; i < o->n && !v->oom && !tb_stretch_failed(o->x); i++) {
		S_given(&given, &o->v[i], restated);
		S_tell_pending(v, o, &o->v[i], S_text(v, &given), &said_none);
	}
	if (v->fn && steps && !v->oom && !tb_stretch_failed(o->x))
		S_tell_resolved(v, o, steps->v);
	if (!v->oom && !tb_stretch_failed(o->x))
		S_frames_close(v, at);
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

/* The search ran out of room: what is open stays open. */
static void S_open_spent(S_val *v, S_at *at)
{
	if (v->oom || tb_stretch_failed(at->open->x)) { /* not the limit: memory */
		v->oom = 1;
		S_open_free(at);
		at->live = 0;
		return;
	}
	const tb_node *n = at->open->v[0].node;
	S_report(v, TB_WARNING, TB_D_UNCHECKED, &n->span, NULL,
	         "more than %lu positions may follow from here, the search's limit "
	         "(--search-positions): checking resumes where the record gives the position "
	         "again", v->so.max_positions);
	S_frames_spent(v, at);
	S_open_free(at);
	at->live = 0;
}

/* The step a turn node replays: its first alternative for a reading. */
static tb_step S_step_of(const tb_node *n)
{
	tb_step st = {TB_STEP_TURN, n->kind, &n->move};
	if (n->kind == TB_NODE_READING) {
		st.node_kind = n->alts[0].kind;
		st.m = &n->alts[0].move;
	}
	return st;
}

/* 0 when memory ran out. */
static int S_steps_add(S_steps *s, const tb_node *n)
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
static void S_open_lost(S_val *v, S_at *at)
{
	v->oom = 1;
	S_open_free(at);
	at->live = 0;
}

/* Is the game over in every position of the open stretch? */
static int S_open_all_over(S_val *v, const S_open *o)
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
static const tb_state *S_commonest_reason(S_val *v, const S_open *o, const tb_step *st,
                                          char *why, size_t n)
{
	enum { LOOK = 64 };
	char (*reason)[200] = tb_malloc(LOOK * sizeof *reason);
	if (!reason) {
		v->oom = 1;
		snprintf(why, n, "%s", "");
		return tb_stretch_state(o->x, 0);
	}
	size_t count = tb_stretch_count(o->x) < LOOK ? tb_stretch_count(o->x) : LOOK, best = 0,
	       best_n = 0;
	tb_move none = {0, 0, NULL};
	for (size_t i = 0; i < count; i++)
		S_explain(v, tb_stretch_state(o->x, i), st->node_kind == TB_NODE_PASS ? &none : st->m,
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

/* A turn node replayed over the open stretch of 'at'. */
static void S_open_turn(S_val *v, S_at *at, S_steps *steps, const tb_node *n, int open,
                        int offboard)
{
	S_open *o = at->open;
	tb_step st = S_step_of(n);
	size_t before = tb_stretch_count(o->x);
	long left = tb_stretch_step(o->x, &st, NULL, 0);
	if (left < 0) {
		S_open_spent(v, at);
		return;
	}
	S_pending *p = NULL;
	if (!S_steps_add(steps, n) || (open && !(p = S_pend(o, n, tb_stretch_steps(o->x) - 1, 1, 0)))) {
		S_open_lost(v, at);
		return;
	}
	if (open) {
		p->offboard = offboard;
		if (left == 0) /* nothing fits it at all */
			S_open_close(v, at, steps, NULL);
		return;
	}
	if (left == 0) {
		tb_stretch_pop(o->x);
		steps->n--;
		const tb_state *one = tb_stretch_state(o->x, 0);
		tb_buf tok = TB_BUF_SOFT;
		S_node_token(&tok, n);
		S_frame_stop(v, S_open_all_over(v, o) ? TB_STOP_AFTER_END : TB_STOP_REFUSED,
		             S_open_all_over(v, o) ? TB_D_AFTER_END : TB_D_ILLEGAL, 1);
		if (S_open_all_over(v, o)) {
			S_report(v, TB_ERROR, TB_D_AFTER_END, &n->span, NULL, "the game is over in each of "
			         "the %zu positions the record may be in here: no turn may follow", before);
		} else {
			char why[200];
			one = S_commonest_reason(v, o, &st, why, sizeof why);
			S_report_turn(v, TB_ERROR, TB_D_ILLEGAL, &n->span, one, S_text(v, &tok),
			              "illegal in each of the %zu positions the record may be in here "
			              "(in most, as in this one: %s)", before, why);
		}
		tb_buf_free(&tok);
		S_open_close(v, at, NULL, NULL);
		at->live = 0;
		return;
	}
	for (size_t i = 0; i < o->n; i++) { /* a written turn: evidence for what is open */
		o->v[i].first = o->v[i].first ? o->v[i].first : n;
		o->v[i].last = n;
	}
	if (left == 1)
		S_open_close(v, at, steps, NULL);
}

/* The turns a gap stands for: its length when known, else what the
 * numbers of the turn or position after it leave; -1 when nothing after
 * it says. 'st' is a position the gap starts from. */
static long S_gap_length(S_val *v, const tb_state *st, const tb_node *gap)
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
		S_report(v, TB_WARNING, TB_D_NUMBER, &next->span, NULL, "the gap before this is %ld-%ld "
		         "turns long, but the numbers on either side of it leave %ld", gap->gap_min,
		         gap->gap_max, len);
	return len;
}

/* A gap: its turns searched, up to the limits. */
static void S_open_gap(S_val *v, S_at *at, S_steps *steps, const tb_node *n)
{
	/* the positions of a layer have the same count: the first will do */
	const tb_state *from = at->open ? tb_stretch_state(at->open->x, 0) : &at->st;
	long len = S_gap_length(v, from, n);
	if (len < 0) {
		if (at->open)
			S_open_close(v, at, steps, NULL);
		S_suspend(v, at, n, "turns are missing here");
		return;
	}
	if (len == 0)
		return;
	if ((unsigned long)len > v->so.max_turns) {
		if (at->open)
			S_open_close(v, at, steps, NULL);
		S_report(v, TB_WARNING, TB_D_UNCHECKED, &n->span, NULL,
		         "%ld turns are missing here, more than the search's limit of %u "
		         "(--search-turns): checking resumes where the record gives the position again",
		         len, v->so.max_turns);
		at->live = 0;
		S_frame_stop(v, TB_STOP_LIMIT, TB_D_UNCHECKED, 0);
		return;
	}
	tb_state target, *tp = NULL;
	if (n->next && tb_node_followed(n->next) == TB_NODE_POSITION) {
		char why[160];
		if (v->rs.rules->load(&v->rs, n->next->position, &target, why, sizeof why) == 0)
			tp = &target;
	}
	if (!S_open_begin(v, at))
		return;
	S_open *o = at->open;
	size_t first = tb_stretch_steps(o->x);
	tb_step ply = {TB_STEP_PLY, 0, NULL};
	long left = 1;
	for (long k = 0; k < len && left > 0; k++) {
		left = tb_stretch_step(o->x, &ply, tp, (unsigned)(len - k - 1));
		if (left < 0) {
			if (!S_pend(o, n, first, (size_t)len, 1))
				v->oom = 1;
			S_open_spent(v, at);
			return;
		}
		if (!S_steps_add(steps, NULL)) {
			S_open_lost(v, at);
			return;
		}
	}
	if (!S_pend(o, n, first, tb_stretch_steps(o->x) - first, 1)) {
		S_open_lost(v, at);
		return;
	}
	if (left == 0) /* no sequence of that length (towards the position restated) */
		S_open_close(v, at, steps,
		             n->next && tb_node_followed(n->next) == TB_NODE_POSITION ? n->next : NULL);
}

/* Keeps the positions that are the one restated (as position notation
 * says it: a count the notation does not hold does not matter, nor one
 * of the keys of history -- moved, quiet -- that it leaves out). */
typedef struct S_same_ctx {
	S_val *v;
	const tb_position *p;
	tb_state loaded;
	int have;
} S_same_ctx;

static int S_is_restated(void *ctx, const tb_state *s)
{
	S_same_ctx *c = ctx;
	if (c->have && (s->bits[0] != c->loaded.bits[0] || s->bits[1] != c->loaded.bits[1]))
		return 0;
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
static void S_open_restated(S_val *v, S_at *at, S_steps *steps, const tb_node *n)
{
	S_same_ctx c;
	memset(&c, 0, sizeof c);
	c.v = v;
	c.p = n->position;
	char why[160];
	c.have = v->rs.rules->load(&v->rs, n->position, &c.loaded, why, sizeof why) == 0;
	tb_stretch_keep(at->open->x, S_is_restated, &c);
	S_open_close(v, at, steps, n);
}

/* At the end of the main line the result the record gives must still be
 * possible: positions where the game ended otherwise go. */
typedef struct S_result_ctx {
	S_val *v;
	tb_result said;
} S_result_ctx;

static int S_result_possible(void *ctx, const tb_state *s)
{
	S_result_ctx *c = ctx;
	tb_result res;
	char why[8];
	return !c->v->rs.rules->over(&c->v->rs, s, &res, why, sizeof why) || res == c->said;
}

/* ===== Lines ===== */

static void S_restate(S_val *v, S_at *at, const tb_node *n)
{
	char why[160] = "";
	tb_state st; /* 'at->st' stays the last position known when this one is not */
	int loaded = tb_restate_soft(&v->rs, at->live ? &at->st : NULL, n->position, &st, why,
	                             sizeof why);
	if (loaded == 0)
		at->st = st;
	if (loaded == TB_ENOMEM) {
		v->oom = 1;
		at->live = 0;
		return;
	}
	at->live = loaded == 0;
	at->ever |= at->live;
	if (loaded)
		S_frame_stop(v, TB_STOP_POSITION, TB_D_BAD_POSITION, 0);
	if (loaded || *why)
		S_report(v, loaded ? (loaded > 0 ? TB_WARNING : TB_ERROR) : TB_WARNING,
		         TB_D_BAD_POSITION, &n->span, NULL,
		         loaded > 0 ? "this position cannot be checked: %s"
		         : loaded < 0 ? "this position cannot occur: %s" : "in this position, %s", why);
}

/* The other alternatives of reading 'n' that are turns with every
 * point known, checked as witnesses in the known position of 'at'
 * (warnings). A collation's readings are not: each is checked along its
 * witness's line (S_witness_lines). */
static void S_other_readings(S_val *v, S_at *at, const tb_node *n)
{
	if (n->kind != TB_NODE_READING || (v->collation && tb_collation_reading(v->collation, n)))
		return;
	for (unsigned i = 1; i < n->nalts; i++) {
		const tb_alt *a = &n->alts[i];
		int off;
		if ((a->kind == TB_NODE_MOVE && !S_open_points(v, &a->move, &off)) ||
		    a->kind == TB_NODE_PASS)
			S_turn(v, at, a->kind, &a->move, n, 1);
	}
}

/* A plain written turn, checked directly (tb_turn_find) and played when
 * it is the one legal turn it names: 1. Else 0, and the turn goes the
 * whole way -- every legal turn listed -- which finds the same verdict
 * and says why. */
static int S_direct(S_val *v, S_at *at, const tb_node *n)
{
	if (n->kind != TB_NODE_MOVE)
		return 0;
	const tb_turn *t = tb_turn_find(&v->rs, &at->st, &n->move, &v->turns);
	if (!t)
		return 0;
	tb_turn played = *t;
	S_play(v, at, &played, n);
	return 1;
}

/* A turn node in a known position: written, or open (a stretch). */
static void S_known_turn(S_val *v, S_at *at, S_steps *steps, const tb_node *n)
{
	tb_step st = S_step_of(n);
	int offboard = 0;
	int open = st.node_kind == TB_NODE_UNKNOWN ||
	           (st.node_kind == TB_NODE_MOVE && S_open_points(v, st.m, &offboard));
	S_other_readings(v, at, n);
	if (!open) {
		S_turn(v, at, st.node_kind, st.m, n, 0);
		return;
	}
	if (!S_open_begin(v, at))
		return;
	S_open_turn(v, at, steps, n, 1, offboard);
	if (at->open && tb_stretch_count(at->open->x) <= 1) /* decided by the position alone */
		S_open_close(v, at, steps, NULL);
}

static void S_line(S_val *v, const tb_line *line, S_at *at, int main);

static void S_node(S_val *v, S_at *at, S_steps *steps, const tb_node *n)
{
	uint8_t k = tb_node_followed(n); /* a reading is its first alternative */
	if (k == TB_NODE_POSITION) {
		if (at->open)
			S_open_restated(v, at, steps, n);
		S_restate(v, at, n);
		return;
	}
	if (k == TB_NODE_GAP) {
		if ((at->live || at->open) && n->gap_max != 0)
			S_open_gap(v, at, steps, n);
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
		tb_step st = S_step_of(n);
		int offboard = 0;
		int open = st.node_kind == TB_NODE_UNKNOWN ||
		           (st.node_kind == TB_NODE_MOVE && S_open_points(v, st.m, &offboard));
		S_open_turn(v, at, steps, n, open, offboard);
		return;
	}
	if (!at->live || S_direct(v, at, n) || S_over_before(v, at, n))
		return;
	S_known_turn(v, at, steps, n);
}

/* The record's result against the final position. */
static void S_check_result(S_val *v, const S_at *at);

/* Replays 'line' from 'at', which ends where the line does; each
 * variation replays from the position before the turn it replaces, when
 * that position is known. */
static void S_line(S_val *v, const tb_line *line, S_at *at, int main)
{
	S_steps steps = {NULL, 0, 0, NULL, 0, 0};
	at->steps = &steps;
	for (const tb_node *n = line->first; n && !v->oom; n = n->next) {
		if (at->frown && !S_penalty_follows(v, at, n))
			S_frown_tell(v, at); /* in order, before what this node brings */
		S_at before; /* where the variations start: kept only when there are any */
		if (n->variations) {
			before = *at;
			before.open = NULL;
			before.live = at->live && !at->open;
			before.skip = 0;
			before.frown = NULL; /* a variation is not the line that owes the penalty */
		}
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
		S_node(v, at, &steps, n);
		S_frame_after(v, at, n);
		if (reading)
			S_frame_alts(v, n, &pre, pre_live, at->ever, at->depth);
		v->cur = -1;
		if (at->fixed) { /* the variations of this turn follow the turn put before it */
			if (n->variations) {
				before.st = at->fixed_before;
				before.live = 1;
			}
			at->fixed = 0;
		}
		for (const tb_line *var = n->variations; var; var = var->next) {
			S_at alt = before;
			alt.depth = at->depth + 1;
			S_line(v, var, &alt, 0);
		}
		at->steps = &steps;
		if (!at->open)
			steps.n = steps.ne = 0;
	}
	S_frown_tell(v, at);
	if (at->open && v->oom)
		S_open_lost(v, at);
	if (at->open) {
		S_result_ctx c = {v, tb_tags_result(v->rec)};
		if (main && c.said != TB_RESULT_OTHER && c.said != TB_RESULT_NONE &&
		    tb_record_tag(v->rec, "Result"))
			tb_stretch_keep(at->open->x, S_result_possible, &c);
		S_open_close(v, at, &steps, NULL);
	}
	free(steps.v);
	free(steps.e);
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

static void S_check_result(S_val *v, const S_at *at)
{
	const tb_record *rec = v->rec;
	tb_result res, said = tb_tags_result(rec);
	char why[160];
	if (!at->live || said == TB_RESULT_OTHER || !tb_record_tag(rec, "Result"))
		return;
	tb_span sp = S_tag_span(rec, "Result");
	if (sp.off == rec->off)
		return; /* a result the record does not write */
	if (v->rs.rules->over(&v->rs, &at->st, &res, why, sizeof why)) {
		if (res != said)
			S_report(v, TB_ERROR, TB_D_RESULT_RULES, &sp, &at->st,
			         "the game ended (%s) in %s, but the result says %s", why,
			         tb_result_text[res], tb_result_text[said]);
	} else if (v->rs.rules->result_now && S_termination(rec) < S_TERM_DRAW) {
		/* a result [Termination] says the players gave needs no hint */
		tb_result now = v->rs.rules->result_now(&v->rs, &at->st);
		if (now != said)
			S_report(v, TB_WARNING, TB_D_RESULT_RULES, &sp, &at->st,
			         "the game is not over by the rules, and by them the result now "
			         "would be %s, not %s (agreement or surrender?)",
			         tb_result_text[now], tb_result_text[said]);
	}
}

/* [Termination] and [Captures] (spec/tgn.md §4.4): well formed, agreeing
 * with the result, and, where the rules follow the main line to its end,
 * with how it ended there and with the pieces each side has taken. */
static void S_check_termination(S_val *v, const S_at *at)
{
	const tb_record *rec = v->rec;
	const char *term = tb_record_tag(rec, "Termination"), *caps = tb_record_tag(rec, "Captures");
	int t = S_termination(rec);
	tb_result said = tb_record_tag(rec, "Result") ? tb_tags_result(rec) : TB_RESULT_NONE;
	tb_result res;
	char why[160];
	int over = at->live && v->rs.rules->over(&v->rs, &at->st, &res, why, sizeof why);
	if (term && strcmp(term, "?") && t < 0) {
		/* the words of La Pitarra's text: "por empate, acuerdo o rendición" */
		static const char *const es[][2] = {
			{"empate", "draw"}, {"acuerdo", "agreement"}, {"rendición", "resignation"}};
		const char *hint = NULL;
		for (size_t i = 0; i < sizeof es / sizeof es[0]; i++)
			if (strcmp(term, es[i][0]) == 0)
				hint = es[i][1];
		tb_span sp = S_tag_span(rec, "Termination");
		S_report(v, TB_ERROR, TB_D_TERMINATION, &sp, NULL,
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
			S_report(v, TB_ERROR, TB_D_RESULT_RULES, &sp, NULL, "[Termination \"%s\"], but the "
			         "result says %s: %s", term, tb_result_text[said], bad);
		else if (at->live && t == S_TERM_RULES && !over)
			S_report(v, TB_ERROR, TB_D_RESULT_RULES, &sp, &at->st, "[Termination \"rules\"], "
			         "but the rules do not end the game in its last position");
		else if (over && t != S_TERM_RULES)
			S_report(v, TB_ERROR, TB_D_RESULT_RULES, &sp, &at->st, "the rules ended the game "
			         "(%s), but [Termination] says %s", why, term);
	}
	if (!caps || !strcmp(caps, "?"))
		return;
	tb_span sp = S_tag_span(rec, "Captures");
	unsigned a, b;
	int used = 0;
	if (sscanf(caps, "%3u-%3u%n", &a, &b, &used) != 2 || caps[used] || !isdigit((unsigned char)caps[0]) ||
	    !isdigit((unsigned char)caps[strcspn(caps, "-") + 1])) {
		S_report(v, TB_ERROR, TB_D_TERMINATION, &sp, NULL,
		         "[Captures] is the pieces each side has taken, the first side's first: \"5-3\", "
		         "not '%s'", caps);
		return;
	}
	if (at->live && (a != at->st.taken[0] || b != at->st.taken[1]))
		S_report(v, TB_ERROR, TB_D_RESULT_RULES, &sp, &at->st,
		         "[Captures \"%s\"], but at the end of the record the rules count %u-%u", caps,
		         (unsigned)at->st.taken[0], (unsigned)at->st.taken[1]);
}

/* ===== The witnesses of a collation ===== */

typedef struct S_wit_ctx {
	S_val *v;
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
	S_report_turn(c->v, TB_WARNING, TB_D_ILLEGAL, sp, NULL, f->token,
	              "%s (in the line of witness %s)", f->reason, c->name);
	if (f->position)
		tb_diag_note(c->v->r, "position %s", f->position);
}

/* Each witness's line of a collation read back out of it and replayed as
 * a record is, each fault of the rules there a warning (TB401): a
 * reading's alternatives stand in their own lines, not in the one the
 * record follows. */
static void S_witness_lines(S_val *v, size_t main_from)
{
	const tb_sigla *d = v->collation;
	for (size_t x = 0; x < d->n; x++) {
		size_t n, len;
		tb_wstep *steps = tb_collation_steps(v->rec, d, x, &n);
		char *text = tb_collation_witness_text(v->rec, d, x, &len);
		S_wit_ctx c = {v, steps, n, d->s[x], main_from};
		int faulty;
		tb_line_check(text, len, &v->so, S_wit_fault, &c, &faulty);
		free(text);
		free(steps);
	}
}

void tb_reader_set_search(tb_reader *r, const tb_search_opts *o)
{
	memset(&r->search, 0, sizeof r->search);
	if (o)
		r->search = *o;
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

static int S_validate(tb_reader *r, const tb_record *rec, const tb_validate_opts *o)
{
	size_t before = r->rec_errors;
	if (!rec->game || rec->errors != rec->offboard)
		return 0; /* already reported by the reader */
	if (!rec->game->rules) {
		S_no_engine(r, rec, o);
		return 0;
	}
	S_val *v = tb_malloc(sizeof *v); /* zeroed by the literal: calloc zeroed it twice */
	if (!v)
		return TB_ENOMEM;
	*v = (S_val){r, rec, {0}, {NULL, 0}, 0, o->turn, o->turn_ctx, TB_BUF_SOFT, S_limits(r),
	             o->decide, o->decide_ctx, NULL, 0, o->fault, o->fault_ctx,
	             {0, {0}, TB_BUF_SOFT, TB_BUF_SOFT, TB_BUF_SOFT, TB_BUF_SOFT, TB_BUF_SOFT,
	              TB_BUF_SOFT, 0},
	             NULL, -1};
	char why[320];
	if (tb_ruleset_init(&v->rs, rec->game, &rec->opts, why, sizeof why)) {
		free(v);
		return 0; /* cannot happen: the reader checked the options (TB207) */
	}
	S_at at = {.live = 1};
	why[0] = '\0';
	int loaded = rec->game->rules->load(&v->rs, rec->start, &at.st, why, sizeof why);
	if (loaded || *why) {
		tb_span sp = S_tag_span(rec, "Position");
		S_report(v, loaded < 0 ? TB_ERROR : TB_WARNING, TB_D_BAD_POSITION, &sp, NULL,
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
	tb_buf_free(&v->scratch);
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
	tb_validate_opts o = {NULL, NULL, NULL, NULL, NULL, NULL, rp};
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
	tb_validate_opts o = {fn, ctx, NULL, NULL, NULL, NULL, NULL};
	return S_validate_told(r, rec, &o);
}

int tb_reader_validate_faults(tb_reader *r, const tb_record *rec, tb_turn_fn fn, void *ctx,
                              tb_fault_fn ffn, void *fctx)
{
	tb_validate_opts o = {fn, ctx, NULL, NULL, ffn, fctx, NULL};
	return S_validate_told(r, rec, &o);
}
