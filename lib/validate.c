/*
 * validate.c -- replaying a record with its game's rules engine and
 * reporting what the rules do not allow (spec/games/, "Validation").
 *
 * Every line is replayed, variations from the position before the turn
 * they replace. A turn the rules do not allow is an error and stops the
 * replay of its line until the record restates the position; so do, as
 * warnings, the turns nobody knows: an unknown turn, a gap, a token with
 * an unknown point that more than one legal turn fits.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "reader.h"
#include "rules.h"
#include "tags.h"
#include "xalloc.h"

typedef struct S_val {
	tb_reader *r;
	const tb_record *rec;
	tb_ruleset rs;
	tb_turns turns;            /* the legal turns of the position at hand */
	size_t nturns;             /* how many, as S_over_before found them */
	tb_turn_fn fn;
	void *ctx;
	tb_buf scratch;
} S_val;

/* Where the replay of a line stands. */
typedef struct S_at {
	tb_state st;
	int live;                  /* the state is known */
} S_at;

static const char *S_position_text(S_val *v, const tb_state *s)
{
	tb_arena a = {0};
	tb_position p;
	v->rs.rules->save(&v->rs, s, &a, &p);
	tb_buf_clear(&v->scratch);
	tb_position_write(&v->scratch, v->rs.game, &p);
	tb_arena_free(&a);
	return v->scratch.data;
}

/* A diagnostic over node span 'sp', with the position it happened in. */
static void S_report(S_val *v, tb_severity sev, int code, const tb_span *sp,
                     const tb_state *s, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
static void S_report(S_val *v, tb_severity sev, int code, const tb_span *sp,
                     const tb_state *s, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	size_t len = sp->end_line == sp->line && sp->end_col > sp->col ? sp->end_col - sp->col : 1;
	tb_diag_at(v->r, sev, code, sp->off, len, sp->line, sp->col, "%s", msg);
	if (s)
		tb_diag_note(v->r, "position %s", S_position_text(v, s));
}

static void S_token(tb_buf *b, uint8_t kind, const tb_move *m)
{
	tb_buf_clear(b);
	tb_turn_write(b, kind, m);
}

static const char *const S_event_names[] = {
	"", "tercia", "double tercia", "columpio", "removal", "capture", "pushback",
	"relocation", "coronation", "stage", "huff available", "huff", "fortress"};

void tb_events_write(tb_buf *b, const tb_events *ev)
{
	for (unsigned i = 0; i < ev->n; i++) {
		const tb_event *e = &ev->ev[i];
		tb_buf_puts(b, i ? "; " : "");
		tb_buf_puts(b, S_event_names[e->kind]);
		if (e->kind == TB_EV_FORTRESS) { /* a is a count */
			tb_buf_printf(b, " %u/9", e->a);
			continue;
		}
		if (e->a) {
			tb_buf_putc(b, ' ');
			tb_point_write(b, e->a);
		}
		if (e->b) {
			tb_buf_putc(b, '-');
			tb_point_write(b, e->b);
		}
	}
}

/* "d3" for point 'p' into 'out', or "" for none. */
static void S_point_text(char out[4], tb_point p)
{
	out[0] = '\0';
	if (p && p != TB_PT_UNKNOWN)
		snprintf(out, 4, "%c%d", 'a' + TB_PT_FILE(p), TB_PT_RANK(p) + 1);
}

/* Plays 't' and tells the caller. */
static void S_play(S_val *v, S_at *at, const tb_turn *t, const tb_node *n)
{
	tb_events ev;
	tb_state before = at->st;
	char why[200];
	v->rs.rules->play(&v->rs, &at->st, t, &ev);
	if (v->rs.rules->remark &&
	    v->rs.rules->remark(&v->rs, &before, t, &at->st, why, sizeof why)) {
		tb_buf tok = TB_BUF_INIT;
		tb_move m = {t->nparts, t->crown, (tb_part *)t->parts};
		S_token(&tok, t->nparts ? TB_NODE_MOVE : TB_NODE_PASS, &m);
		S_report(v, TB_WARNING, TB_D_PASSED_UP, &n->span, &before, "%s: %s", tok.data, why);
		tb_buf_free(&tok);
	}
	if (!v->fn)
		return;
	tb_buf tok = TB_BUF_INIT, evt = TB_BUF_INIT;
	tb_move m = {t->nparts, t->crown, (tb_part *)t->parts};
	S_token(&tok, t->nparts ? TB_NODE_MOVE : TB_NODE_PASS, &m);
	tb_events_write(&evt, &ev);
	tb_turn_event one[sizeof ev.ev / sizeof ev.ev[0]];
	char pts[sizeof ev.ev / sizeof ev.ev[0]][2][4];
	for (unsigned i = 0; i < ev.n; i++) {
		const tb_event *e = &ev.ev[i];
		int count = e->kind == TB_EV_FORTRESS; /* a is a count, not a point */
		S_point_text(pts[i][0], count ? 0 : e->a);
		S_point_text(pts[i][1], e->b);
		one[i] = (tb_turn_event){S_event_names[e->kind], *pts[i][0] ? pts[i][0] : NULL,
		                         *pts[i][1] ? pts[i][1] : NULL, count ? e->a : 0};
	}
	tb_turn_report rep = {n->number, n->side, tok.data, S_position_text(v, &at->st),
	                      evt.data ? evt.data : "", n->span.line, n->span.col, ev.n, one};
	v->fn(v->ctx, &rep);
	tb_buf_free(&tok);
	tb_buf_free(&evt);
}

/* ===== Defaults that changed ===== */

/* What a changed default is tested against: does the rule hold under
 * the old ruleset 'old' in the position of 'at'? */
typedef int (*S_under_fn)(const tb_ruleset *old, const tb_state *st, const tb_move *m);

/* Is 'm' (NULL: a pass) a legal turn under 'old'? */
static int S_legal_under(const tb_ruleset *old, const tb_state *st, const tb_move *m)
{
	tb_turns l = {NULL, 0};
	tb_move none = {0, 0, NULL};
	size_t n = tb_turns_generate(old, st, &l);
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
static void S_note_was(S_val *v, const S_at *at, S_under_fn under, const tb_move *m,
                       const char *what)
{
	const tb_game *g = v->rec->game;
	for (const tb_option_was *w = g->was; w && w->key; w++) {
		tb_opts o = v->rec->opts;
		if (tb_opts_get(&o, w->key) || o.n == TB_MAX_OPTS)
			continue;
		o.key[o.n] = w->key;
		o.value[o.n++] = w->value;
		tb_ruleset *old = tb_xmalloc(sizeof *old);
		char why[320];
		if (!tb_ruleset_init(old, g, &o, why, sizeof why) && under(old, &at->st, m))
			tb_diag_note(v->r, "%s under %s=%s, the default until tablero %s", what, w->key,
			             w->value, w->until);
		free(old);
	}
}

/* Is the game over before this turn? Reports it and stops the line. */
/* Lists the legal turns of the position before 'n' (for S_turn, once
 * per node) and, when there are none, reports that the game is over. */
static int S_over_before(S_val *v, S_at *at, const tb_node *n)
{
	tb_result res;
	char why[160];
	v->nturns = tb_turns_generate(&v->rs, &at->st, &v->turns);
	if (v->nturns || !v->rs.rules->over(&v->rs, &at->st, &res, why, sizeof why))
		return 0;
	S_report(v, TB_ERROR, TB_D_AFTER_END, &n->span, &at->st,
	         "the game is already over (%s): no turn may follow", why);
	S_note_was(v, at, S_goes_on_under, NULL, "the game goes on");
	at->live = 0;
	return 1;
}

/* A move or a pass: the one legal turn that fits, if any, among those
 * S_over_before listed for this position. */
static void S_turn(S_val *v, S_at *at, uint8_t kind, const tb_move *m, const tb_node *n,
                   int witness)
{
	tb_buf tok = TB_BUF_INIT;
	S_token(&tok, kind, m);
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
	tb_severity sev = witness ? TB_WARNING : TB_ERROR;
	if (fit == 1 && turns[which].crown != m->crown && kind == TB_NODE_MOVE) {
		/* the engine says which piece is crowned, or none, of the turn
		 * that fits ('?' points and all) */
		char why[200];
		tb_move fits = {turns[which].nparts, m->crown, (tb_part *)turns[which].parts};
		v->rs.rules->explain(&v->rs, &at->st, &fits, why, sizeof why);
		S_report(v, sev, TB_D_ILLEGAL, &n->span, &at->st, "%s: %s%s", tok.data, why,
		         witness ? " (another reading of this turn)" : "");
		at->live = witness ? at->live : 0;
	} else if (fit == 1 && !witness) {
		S_play(v, at, &turns[which], n);
	} else if (fit > 1) {
		if (!witness)
			S_report(v, TB_WARNING, TB_D_UNCHECKED, &n->span, &at->st,
			         "%s fits %zu legal turns; checking resumes where the record gives "
			         "the position again", tok.data, fit);
		at->live = witness ? at->live : 0;
	} else if (fit == 0 && kind == TB_NODE_PASS) {
		tb_move first = {turns[0].nparts, 0, (tb_part *)turns[0].parts};
		tb_buf alt = TB_BUF_INIT;
		tb_move_write(&alt, &first);
		S_report(v, sev, TB_D_ILLEGAL, &n->span, &at->st, "pass: a player passes only when "
		         "blocked, and %s can be played", alt.data);
		if (!witness)
			S_note_was(v, at, S_legal_under, NULL, "legal");
		tb_buf_free(&alt);
		at->live = witness ? at->live : 0;
	} else if (fit == 0) {
		char why[200];
		v->rs.rules->explain(&v->rs, &at->st, m, why, sizeof why);
		S_report(v, sev, TB_D_ILLEGAL, &n->span, &at->st, "%s: %s%s", tok.data, why,
		         witness ? " (another reading of this turn)" : "");
		if (!witness)
			S_note_was(v, at, S_legal_under, m, "legal");
		at->live = witness ? at->live : 0;
	}
	tb_buf_free(&tok);
}

static void S_suspend(S_val *v, S_at *at, const tb_node *n, const char *what)
{
	S_report(v, TB_WARNING, TB_D_UNCHECKED, &n->span, NULL,
	         "%s: checking resumes where the record gives the position again", what);
	at->live = 0;
}

static void S_restate(S_val *v, S_at *at, const tb_node *n)
{
	char why[160] = "";
	int loaded = v->rs.rules->load(&v->rs, n->position, &at->st, why, sizeof why);
	at->live = loaded == 0;
	if (loaded || *why)
		S_report(v, loaded ? (loaded > 0 ? TB_WARNING : TB_ERROR) : TB_WARNING,
		         TB_D_BAD_POSITION, &n->span, NULL,
		         loaded > 0 ? "this position cannot be checked: %s"
		         : loaded < 0 ? "this position cannot occur: %s" : "in this position, %s", why);
}

static void S_line(S_val *v, const tb_line *line, S_at *at);

static void S_node(S_val *v, S_at *at, const tb_node *n)
{
	switch (n->kind) {
	case TB_NODE_POSITION:
		S_restate(v, at, n);
		return;
	case TB_NODE_GAP:
		if (at->live && n->gap_max != 0)
			S_suspend(v, at, n, "turns are missing here");
		return;
	default:
		break;
	}
	if (!at->live || S_over_before(v, at, n))
		return;
	switch (n->kind) {
	case TB_NODE_UNKNOWN:
		S_suspend(v, at, n, "a turn nobody knows");
		break;
	case TB_NODE_READING: {
		S_at other = *at;
		for (unsigned i = 1; i < n->nalts; i++)
			if (n->alts[i].kind != TB_NODE_UNKNOWN)
				S_turn(v, &other, n->alts[i].kind, &n->alts[i].move, n, 1);
		if (n->alts[0].kind == TB_NODE_UNKNOWN)
			S_suspend(v, at, n, "a reading that follows an unknown turn");
		else
			S_turn(v, at, n->alts[0].kind, &n->alts[0].move, n, 0);
		break;
	}
	default:
		S_turn(v, at, n->kind, &n->move, n, 0);
		break;
	}
}

/* Replays 'line' from 'at', which ends where the line does; each
 * variation replays from the position before the turn it replaces. */
static void S_line(S_val *v, const tb_line *line, S_at *at)
{
	for (const tb_node *n = line->first; n; n = n->next) {
		S_at before = *at;
		S_node(v, at, n);
		for (const tb_line *var = n->variations; var; var = var->next) {
			S_at alt = before;
			S_line(v, var, &alt);
		}
	}
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

/* The record's result against the final position. */
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
	} else if (v->rs.rules->result_now) {
		tb_result now = v->rs.rules->result_now(&v->rs, &at->st);
		if (now != said)
			S_report(v, TB_WARNING, TB_D_RESULT_RULES, &sp, &at->st,
			         "the game is not over by the rules, and by them the result now "
			         "would be %s, not %s (agreement or surrender?)",
			         tb_result_text[now], tb_result_text[said]);
	}
}

int tb_reader_validate(tb_reader *r, const tb_record *rec, tb_turn_fn fn, void *ctx)
{
	size_t before = r->rec_errors;
	if (!rec->game || rec->errors)
		return 0; /* already reported by the reader */
	if (!rec->game->rules) {
		tb_diag_at(r, TB_WARNING, TB_D_NO_ENGINE, rec->off, 1, rec->line, 1,
		           "%s has no rules engine yet: its moves are not checked", rec->game->title);
		return 0;
	}
	S_val v = {r, rec, {0}, {NULL, 0}, 0, fn, ctx, TB_BUF_INIT};
	char why[320];
	if (tb_ruleset_init(&v.rs, rec->game, &rec->opts, why, sizeof why))
		return 0; /* cannot happen: the reader checked the options (TB207) */
	S_at at = {.live = 1};
	why[0] = '\0';
	int loaded = rec->game->rules->load(&v.rs, rec->start, &at.st, why, sizeof why);
	if (loaded || *why) {
		tb_span sp = S_tag_span(rec, "Position");
		S_report(&v, loaded < 0 ? TB_ERROR : TB_WARNING, TB_D_BAD_POSITION, &sp, NULL,
		         loaded > 0 ? "the record starts from a position that cannot be checked: %s"
		         : loaded < 0 ? "the record starts from a position that cannot occur: %s"
		                      : "in the record's start position, %s", why);
		at.live = loaded == 0;
	}
	S_line(&v, &rec->main, &at);
	S_check_result(&v, &at);
	tb_turns_free(&v.turns);
	tb_buf_free(&v.scratch);
	return (int)(r->rec_errors - before);
}
