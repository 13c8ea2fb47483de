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
	tb_turn *turns;            /* TB_MAX_TURNS */
	tb_turn_fn fn;
	void *ctx;
	tb_buf scratch;
} S_val;

/* Where the replay of a line stands. */
typedef struct S_at {
	tb_state st;
	int live;                  /* the state is known */
} S_at;

/* Reads the options of a canonical [Rules] value ("game; k=v; k=v"). */
static void S_opts(const char *value, char *copy, size_t n, tb_opts *o)
{
	o->n = 0;
	snprintf(copy, n, "%s", value);
	char *p = strchr(copy, ';');
	while (p && o->n < TB_MAX_OPTS) {
		*p = '\0';
		char *kv = p + 2, *eq = strchr(kv, '=');
		p = strchr(kv, ';');
		if (!eq)
			break;
		*eq = '\0';
		o->key[o->n] = kv;
		o->value[o->n++] = eq + 1;
	}
}

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
	if (kind == TB_NODE_PASS)
		tb_buf_puts(b, "pass");
	else if (kind == TB_NODE_UNKNOWN)
		tb_buf_puts(b, "?");
	else
		tb_move_write(b, m);
}

/* Does generated turn 't' fit the transcriber's move 'm' ('?' points
 * fit any point)? Crown markers are compared apart. */
static int S_fits(const tb_turn *t, const tb_move *m)
{
	if (t->nparts != m->nparts)
		return 0;
	for (unsigned i = 0; i < t->nparts; i++)
		if (t->parts[i].kind != m->parts[i].kind ||
		    (m->parts[i].pt != TB_PT_UNKNOWN && t->parts[i].pt != m->parts[i].pt))
			return 0;
	return 1;
}

static void S_events_text(tb_buf *b, const tb_events *ev)
{
	static const char *const names[] = {
		"", "tercia", "double tercia", "columpio", "removal", "capture", "pushback",
		"relocation", "coronation", "stage", "huff available", "huff", "fortress"};
	for (unsigned i = 0; i < ev->n; i++) {
		const tb_event *e = &ev->ev[i];
		tb_buf_puts(b, i ? "; " : "");
		tb_buf_puts(b, names[e->kind]);
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
	S_events_text(&evt, &ev);
	tb_turn_report rep = {n->number, n->side, tok.data, S_position_text(v, &at->st),
	                      evt.data ? evt.data : ""};
	v->fn(v->ctx, &rep);
	tb_buf_free(&tok);
	tb_buf_free(&evt);
}

/* Is the game over before this turn? Reports it and stops the line. */
static int S_over_before(S_val *v, S_at *at, const tb_node *n)
{
	tb_result res;
	char why[160];
	if (!v->rs.rules->over(&v->rs, &at->st, &res, why, sizeof why))
		return 0;
	S_report(v, TB_ERROR, TB_D_AFTER_END, &n->span, &at->st,
	         "the game is already over (%s): no turn may follow", why);
	at->live = 0;
	return 1;
}

/* A move or a pass: the one legal turn that fits, if any. */
static void S_turn(S_val *v, S_at *at, uint8_t kind, const tb_move *m, const tb_node *n,
                   int witness)
{
	tb_buf tok = TB_BUF_INIT;
	S_token(&tok, kind, m);
	size_t count = v->rs.rules->generate(&v->rs, &at->st, v->turns, TB_MAX_TURNS);
	tb_move none = {0, 0, NULL};
	const tb_move *want = kind == TB_NODE_PASS ? &none : m;
	size_t fit = 0, which = 0;
	for (size_t i = 0; i < count; i++)
		if (S_fits(&v->turns[i], want)) {
			fit++;
			which = i;
		}
	tb_severity sev = witness ? TB_WARNING : TB_ERROR;
	if (fit == 1 && v->turns[which].crown != m->crown && kind == TB_NODE_MOVE) {
		S_report(v, sev, TB_D_ILLEGAL, &n->span, &at->st, "%s: the crown marker should be '%s'",
		         tok.data, v->turns[which].crown == 2 ? "==" : v->turns[which].crown ? "=" : "");
		at->live = 0;
	} else if (fit == 1 && !witness) {
		S_play(v, at, &v->turns[which], n);
	} else if (fit > 1) {
		if (!witness)
			S_report(v, TB_WARNING, TB_D_UNCHECKED, &n->span, &at->st,
			         "%s fits %zu legal turns; checking resumes where the record gives "
			         "the position again", tok.data, fit);
		at->live = witness ? at->live : 0;
	} else if (fit == 0 && kind == TB_NODE_PASS) {
		tb_move first = {v->turns[0].nparts, 0, v->turns[0].parts};
		tb_buf alt = TB_BUF_INIT;
		tb_move_write(&alt, &first);
		S_report(v, sev, TB_D_ILLEGAL, &n->span, &at->st, "pass: a player passes only when "
		         "blocked, and %s can be played", alt.data);
		tb_buf_free(&alt);
		at->live = witness ? at->live : 0;
	} else if (fit == 0) {
		char why[200];
		v->rs.rules->explain(&v->rs, &at->st, m, why, sizeof why);
		S_report(v, sev, TB_D_ILLEGAL, &n->span, &at->st, "%s: %s%s", tok.data, why,
		         witness ? " (another reading of this turn)" : "");
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
	char why[160];
	int loaded = v->rs.rules->load(&v->rs, n->position, &at->st, why, sizeof why);
	at->live = loaded == 0;
	if (loaded)
		S_report(v, loaded > 0 ? TB_WARNING : TB_ERROR, TB_D_BAD_POSITION, &n->span, NULL,
		         loaded > 0 ? "this position cannot be checked: %s"
		                    : "this position cannot occur: %s", why);
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

static const char *const S_result_words[] = {"", "1-0", "0-1", "1/2-1/2", "*"};

/* The record's result against the final position. */
static void S_check_result(S_val *v, const S_at *at)
{
	const tb_record *rec = v->rec;
	tb_result res;
	char why[160];
	const tb_tag *tag = NULL;
	for (size_t i = 0; i < rec->ntags; i++)
		if (strcmp(rec->tags[i].name, "Result") == 0)
			tag = &rec->tags[i];
	tb_result said = tb_tags_result(rec);
	if (!at->live || said == TB_RESULT_OTHER || !tag || !tag->value_line)
		return;
	tb_span sp = {tag->value_line, tag->value_col, tag->value_line,
	              tag->value_col + (unsigned)strlen(tag->value) + 2, tag->value_off};
	if (v->rs.rules->over(&v->rs, &at->st, &res, why, sizeof why)) {
		if (res != said)
			S_report(v, TB_ERROR, TB_D_RESULT_RULES, &sp, &at->st,
			         "the game ended (%s) in %s, but the result says %s", why,
			         S_result_words[res], S_result_words[said]);
	} else if (v->rs.rules->result_now) {
		tb_result now = v->rs.rules->result_now(&v->rs, &at->st);
		if (now != said)
			S_report(v, TB_WARNING, TB_D_RESULT_RULES, &sp, &at->st,
			         "the game is not over by the rules, and by them the result now "
			         "would be %s, not %s (agreement or surrender?)",
			         S_result_words[now], S_result_words[said]);
	}
}

int tb_reader_validate(tb_reader *r, const tb_record *rec, tb_turn_fn fn, void *ctx)
{
	size_t before = r->rec_errors;
	if (!rec->game || rec->errors)
		return 0; /* already reported by the reader */
	S_val v = {r, rec, {0}, NULL, fn, ctx, TB_BUF_INIT};
	if (!rec->game->rules) {
		tb_diag_at(r, TB_WARNING, TB_D_NO_ENGINE, rec->off, 1, rec->line, 1,
		           "%s has no rules engine yet: its moves are not checked", rec->game->title);
		return 0;
	}
	char copy[512], why[256];
	tb_opts o;
	const char *rules = tb_record_tag(rec, "Rules");
	S_opts(rules ? rules : "?", copy, sizeof copy, &o);
	if (tb_ruleset_init(&v.rs, rec->game, &o, why, sizeof why))
		return 0; /* reported by the reader as TB207 */
	v.turns = tb_xmalloc(TB_MAX_TURNS * sizeof *v.turns);
	S_at at = {.live = 1};
	int loaded = rec->game->rules->load(&v.rs, rec->start, &at.st, why, sizeof why);
	if (loaded) {
		const tb_tag *t = NULL;
		for (size_t i = 0; i < rec->ntags; i++)
			if (strcmp(rec->tags[i].name, "Position") == 0)
				t = &rec->tags[i];
		tb_span sp = {t ? t->value_line : rec->line, t ? t->value_col : 1,
		              t ? t->value_line : rec->line,
		              t ? t->value_col + (unsigned)strlen(t->value) + 2 : 2,
		              t ? t->value_off : rec->off};
		S_report(&v, loaded > 0 ? TB_WARNING : TB_ERROR, TB_D_BAD_POSITION, &sp, NULL,
		         loaded > 0 ? "the record starts from a position that cannot be checked: %s"
		                    : "the record starts from a position that cannot occur: %s", why);
		at.live = 0;
	}
	S_line(&v, &rec->main, &at);
	S_check_result(&v, &at);
	free(v.turns);
	tb_buf_free(&v.scratch);
	return (int)(r->rec_errors - before);
}
