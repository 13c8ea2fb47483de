/*
 * engine.c -- the public face of the rules engines: a game set up
 * under some rules from some position, counted (perft) or played at
 * random.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lasterr.h"
#include "reader.h"
#include "rules.h"
#include "tags.h"
#include "xalloc.h"

struct tb_engine {
	tb_ruleset rs;
	tb_state st;
	tb_arena arena;         /* the rules' strings */
	const char *rules;      /* canonical [Rules] value */
	tb_turns *levels;       /* a turn list per perft depth */
	int nlevels;
	int incomplete;         /* the start lacks a player's choices */
	int nomem;              /* the last count or listing ran out of memory */
	char why_incomplete[320];
	tb_lasterr err;         /* tb_engine_errcode, tb_engine_errmsg */
};

/* "k=v; k=v" or "game; k=v" read as a [Rules] value would be; "?", a
 * record's unknown (or missing) [Rules], is the defaults, as for the
 * record (tb_rules_read). */
static const char *S_rules(tb_engine *e, const tb_game *g, const char *rules, tb_opts *o,
                           char *msg, size_t n)
{
	tb_buf v = TB_BUF_SOFT;
	size_t glen = strlen(g->name);
	const char *r = rules ? rules : "";
	while (*r == ' ')
		r++;
	if (r[0] == '?' && r[1 + strspn(r + 1, " ")] == '\0')
		r = "";
	/* a first item with no '=' names a game: this one, or a slip of it */
	size_t word = strcspn(r, "; ");
	if (word && !memchr(r, '=', strcspn(r, ";")) &&
	    (word != glen || strncasecmp(r, g->name, glen) != 0)) {
		char name[64];
		snprintf(name, sizeof name, "%.*s", (int)(word < 40 ? word : 40), r);
		int near = tb_game_nearest(name) == g;
		snprintf(msg, n, "the rules name the game '%s', not %s%s%s%s", name, g->name,
		         near ? "; did you mean '" : "", near ? g->name : "", near ? "'?" : "");
		return msg;
	}
	if (strncasecmp(r, g->name, glen) != 0 || (r[glen] && r[glen] != ';' && r[glen] != ' '))
		tb_buf_printf(&v, "%s; ", g->name);
	tb_buf_puts(&v, r);
	const char *arg = "", *why = NULL;
	if (tb_buf_ok(&v))
		why = tb_rules_read(&e->arena, g, v.data, o, &e->rules, &arg);
	else
		e->arena.failed = 1;
	tb_buf_free(&v);
	if (e->arena.failed) /* out of memory (the arena is soft) */
		return msg;
	if (why) {
		snprintf(msg, n, why, arg);
		return msg;
	}
	return tb_ruleset_init(&e->rs, g, o, msg, n);
}

tb_engine *tb_engine_new(const tb_game *g, const char *rules, const char *position,
                         char **why)
{
	char msg[320];
	tb_opts o;
	tb_engine *e = tb_calloc(1, sizeof *e);
	if (why)
		*why = NULL;
	if (!e)
		return NULL;
	e->arena.soft = 1; /* out of memory: NULL, and 'failed' says so */
	const char *bad = NULL;
	if (!g) {
		snprintf(msg, sizeof msg, "no game");
		bad = msg;
	} else if (!g->rules) {
		snprintf(msg, sizeof msg, "%s has no rules engine yet", g->title);
		bad = msg;
	}
	if (!bad)
		bad = S_rules(e, g, rules, &o, msg, sizeof msg);
	if (!bad) {
		tb_position *p = NULL;
		if (position) {
			tb_board board;
			tb_syntax_err err;
			g->board(&board, &o);
			p = tb_position_parse(g, &board, position, &e->arena, &err);
			if (!p && e->arena.failed) {
				bad = msg;
			} else if (!p) {
				snprintf(msg, sizeof msg, "bad position: %s", err.msg);
				bad = msg;
			}
		}
		int loaded = bad ? 0 : g->rules->load(&e->rs, p, &e->st, msg, sizeof msg);
		tb_state probe = e->st;
		if (loaded > 0 && g->rules->random_start &&
		    g->rules->random_start(&e->rs, &probe, 0) == 0) {
			e->incomplete = 1; /* random games complete it; perft refuses it */
			snprintf(e->why_incomplete, sizeof e->why_incomplete, "%s", msg);
		} else if (loaded) {
			bad = msg;
		}
	}
	if (bad) {
		if (why && !e->arena.failed)
			*why = tb_strdup(bad); /* NULL when memory ran out */
		tb_arena_free(&e->arena);
		free(e);
		return NULL;
	}
	return e;
}

void tb_engine_free(tb_engine *e)
{
	if (!e)
		return;
	for (int i = 0; i < e->nlevels; i++)
		tb_turns_free(&e->levels[i]);
	free(e->levels);
	tb_arena_free(&e->arena);
	free(e);
}

const char *tb_engine_incomplete(const tb_engine *e)
{
	return e->incomplete ? e->why_incomplete : NULL;
}

/* The turn list for perft depth 'depth' (1-based). */
static tb_turns *S_level(tb_engine *e, int depth)
{
	if (depth > e->nlevels) {
		tb_turns *v = tb_realloc(e->levels, (size_t)depth * sizeof *v);
		if (!v)
			return NULL;
		e->levels = v;
		memset(e->levels + e->nlevels, 0, (size_t)(depth - e->nlevels) * sizeof *e->levels);
		e->nlevels = depth;
	}
	return &e->levels[depth - 1];
}

/* The engine's last error (not const: its own, not the caller's), or
 * NULL for no engine. */
static tb_lasterr *S_err(const tb_engine *e)
{
	return e ? &((tb_engine *)e)->err : NULL;
}

/* Tells the last error of a count or listing just made on 'e' (out of
 * memory, a start too incomplete to count; else none) and returns 'n'. */
static unsigned long long S_counted(const tb_engine *e, unsigned long long n)
{
	if (e->nomem)
		tb_lasterr_set(S_err(e), TB_ENOMEM, NULL);
	else if (e->incomplete && !n)
		tb_lasterr_set(S_err(e), TB_EINVAL, "the position is incomplete: %s",
		               e->why_incomplete);
	else
		tb_lasterr_clear(S_err(e));
	return n;
}

/* A new string 's' made on 'e': NULL tells that memory ran out. */
static char *S_made(const tb_engine *e, char *s)
{
	if (s)
		tb_lasterr_clear(S_err(e));
	else
		tb_lasterr_set(S_err(e), TB_ENOMEM, NULL);
	return s;
}

static unsigned long long S_perft(tb_engine *e, const tb_state *s, int depth)
{
	if (depth == 1) /* bulk counting: the last turns counted, not written or played */
		return e->rs.rules->generate(&e->rs, s, NULL, 0);
	tb_turns *l = &e->levels[depth - 1];
	size_t n = tb_turns_list(&e->rs, s, l);
	if (tb_turns_failed(l))
		e->nomem = 1;
	unsigned long long total = 0;
	for (size_t i = 0; i < n && !e->nomem; i++) {
		tb_state next = *s; /* make; unmake is dropping the copy */
		e->rs.rules->play(&e->rs, &next, &l->v[i], NULL);
		total += S_perft(e, &next, depth - 1);
	}
	return total;
}

unsigned long long tb_engine_perft(tb_engine *e, int depth)
{
	if (!e)
		return 0;
	e->nomem = 0;
	if (e->incomplete)
		return S_counted(e, 0);
	if (depth <= 0)
		return S_counted(e, 1);
	if (!S_level(e, depth)) {
		e->nomem = 1;
		return S_counted(e, 0);
	}
	unsigned long long n = S_perft(e, &e->st, depth);
	return S_counted(e, e->nomem ? 0 : n);
}

int tb_engine_status(const tb_engine *e)
{
	return e->nomem ? TB_ENOMEM : 0;
}

/* The token of generated turn 't' ("pass" for an empty one). */
static void S_token(tb_buf *b, const tb_turn *t)
{
	tb_move m = {t->nparts, t->crown, (tb_part *)t->parts};
	tb_turn_write(b, TB_NODE_MOVE, &m);
}

size_t tb_engine_divide(tb_engine *e, int depth, tb_divide_fn fn, void *ctx)
{
	if (!e)
		return 0;
	e->nomem = 0;
	if (depth <= 0 || e->incomplete)
		return S_counted(e, 0);
	tb_turns *l = S_level(e, depth);
	size_t n = l ? tb_turns_list(&e->rs, &e->st, l) : 0;
	if (!l || tb_turns_failed(l))
		e->nomem = 1;
	tb_buf tok = TB_BUF_SOFT;
	for (size_t i = 0; i < n && !e->nomem; i++) {
		tb_state next = e->st;
		e->rs.rules->play(&e->rs, &next, &l->v[i], NULL);
		tb_buf_clear(&tok);
		S_token(&tok, &l->v[i]);
		unsigned long long count = depth == 1 ? 1 : S_perft(e, &next, depth - 1);
		if (!tb_buf_ok(&tok))
			e->nomem = 1;
		if (!e->nomem)
			fn(ctx, tok.data, count);
	}
	tb_buf_free(&tok);
	return S_counted(e, e->nomem ? 0 : n);
}

const tb_ruleset *tb_engine_ruleset(const tb_engine *e) { return &e->rs; }
const tb_state *tb_engine_state(const tb_engine *e) { return &e->st; }

tb_engine *tb_engine_at(const tb_ruleset *rs, const tb_state *st, const char *rules)
{
	tb_engine *e = tb_calloc(1, sizeof *e);
	if (!e)
		return NULL;
	e->rs = *rs;
	e->st = *st;
	e->arena.soft = 1;
	const char *r = rules && *rules && strcmp(rules, "?") ? rules : rs->game->name;
	e->rules = tb_arena_strndup(&e->arena, r, strlen(r));
	if (!e->rules) {
		tb_engine_free(e);
		return NULL;
	}
	return e;
}

char *tb_engine_board(const tb_engine *e, unsigned flags)
{
	return tb_engine_board_in(e, flags, NULL);
}

char *tb_engine_board_in(const tb_engine *e, unsigned flags, const tb_lang *l)
{
	if (!e)
		return NULL;
	tb_buf b = TB_BUF_SOFT;
	tb_board_text(&b, &e->rs, &e->st, flags, l);
	return S_made(e, tb_buf_detach(&b, NULL)); /* NULL when memory ran out */
}

char *tb_engine_over(const tb_engine *e)
{
	return tb_engine_over_in(e, NULL);
}

char *tb_engine_over_in(const tb_engine *e, const tb_lang *l)
{
	tb_result res;
	char why[200];
	if (!e)
		return NULL;
	((tb_engine *)e)->nomem = 0; /* not const: its own, not the caller's */
	tb_lasterr_clear(S_err(e));
	if (e->incomplete || !tb_rules_over_in(&e->rs, &e->st, l, &res, why, sizeof why))
		return NULL;
	tb_buf b = TB_BUF_SOFT;
	tb_buf_printf(&b, "%s (%s)", tb_result_text[res], why);
	char *s = tb_buf_detach(&b, NULL);
	((tb_engine *)e)->nomem = !s;
	return S_made(e, s);
}

/* The position notation of 's' (malloc'd); NULL when memory ran out. */
static char *S_position(const tb_engine *e, const tb_state *s)
{
	tb_arena a = {0};
	tb_position p;
	tb_buf b = TB_BUF_SOFT;
	if (tb_rules_save(&e->rs, s, &a, &p) == 0)
		tb_position_write(&b, e->rs.game, &p);
	else
		tb_buf_fail(&b);
	tb_arena_free(&a);
	return tb_buf_detach(&b, NULL);
}

char *tb_engine_position(const tb_engine *e)
{
	if (!e)
		return NULL;
	return S_made(e, S_position(e, &e->st));
}

/* splitmix64: small, fast, and the same everywhere. */
static unsigned long long S_rand(unsigned long long *x)
{
	unsigned long long z = (*x += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

char *tb_engine_random_game(const tb_engine *e, unsigned long long seed, unsigned max_turns,
                            size_t *len)
{
	if (!e)
		return NULL;
	const tb_game *g = e->rs.game;
	tb_buf b = TB_BUF_SOFT;
	tb_buf_printf(&b, "[Game \"%s\"]\n[Rules \"%s\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n",
	              g->name, e->rules);
	tb_buf_printf(&b, "[%s \"random\"]\n[%s \"random\"]\n[Result \"*\"]\n", g->side_tag[0],
	              g->side_tag[1]);
	tb_buf_printf(&b, "[Event \"tablero random, seed %llu\"]\n", seed);
	/* the start under these rules goes without saying */
	char *pos = tb_engine_position(e), *start = NULL;
	tb_state st;
	char msg[320];
	int loaded = e->rs.rules->load(&e->rs, NULL, &st, msg, sizeof msg) == 0;
	if (loaded)
		start = S_position(e, &st);
	if (!pos || (loaded && !start)) /* out of memory */
		tb_buf_fail(&b);
	else if ((!start || strcmp(pos, start) != 0) && !e->incomplete)
		tb_buf_printf(&b, "[Position \"%s\"]\n", pos);
	free(pos);
	free(start);
	tb_turns turns = {NULL, 0};
	tb_state s = e->st;
	unsigned long long x = seed;
	tb_buf_putc(&b, '\n'); /* the tags end before the moves */
	if (e->incomplete) { /* e.g. where Asalto's defenders start: drawn too */
		e->rs.rules->random_start(&e->rs, &s, S_rand(&x));
		tb_arena a = {0};
		tb_position p;
		tb_buf pb = TB_BUF_SOFT;
		int saved = tb_rules_save(&e->rs, &s, &a, &p) == 0;
		if (saved)
			tb_position_write(&pb, g, &p);
		if (!saved || !tb_buf_ok(&pb))
			tb_buf_fail(&b);
		else
			tb_buf_printf(&b, "[Position \"%s\"]\n", pb.data);
		tb_buf_free(&pb);
		tb_arena_free(&a);
	}
	tb_result res = TB_RESULT_OTHER;
	char why[160] = "";
	unsigned played = 0;
	for (; played < max_turns && tb_buf_ok(&b); played++) {
		if (e->rs.rules->over(&e->rs, &s, &res, why, sizeof why))
			break;
		size_t n = tb_turns_list(&e->rs, &s, &turns);
		if (tb_turns_failed(&turns))
			tb_buf_fail(&b);
		if (!n)
			break;
		const tb_turn *t = &turns.v[S_rand(&x) % n];
		if (s.to_move == 0 || played == 0)
			tb_buf_printf(&b, "%u%s ", s.number, s.to_move == 0 ? "." : "...");
		S_token(&b, t);
		tb_buf_putc(&b, ' ');
		e->rs.rules->play(&e->rs, &s, t, NULL);
	}
	if (played == max_turns && !e->rs.rules->over(&e->rs, &s, &res, why, sizeof why)) {
		if (e->rs.rules->result_now) {
			res = e->rs.rules->result_now(&e->rs, &s);
			snprintf(why, sizeof why, "stopped after %u turns; the result by the rules as "
			         "they stand", max_turns);
		} else {
			res = TB_RESULT_OTHER;
			snprintf(why, sizeof why, "stopped after %u turns; the game goes on", max_turns);
		}
	}
	tb_buf_printf(&b, "{%s} %s\n", why, tb_result_text[res]);
	tb_turns_free(&turns);
	/* read back and written canonically, so the bytes are the writer's;
	 * NULL when memory ran out on the way */
	tb_reader *r = tb_buf_ok(&b) ? tb_reader_new_mem(b.data, b.len, "random") : NULL;
	tb_record *rec = NULL;
	char *out = NULL;
	if (r && tb_reader_next(r, &rec) == 1)
		out = tb_record_write(rec, len);
	tb_record_free(rec);
	tb_reader_free(r);
	tb_buf_free(&b);
	return S_made(e, out);
}

/* ===== Turns as values (tablero.h, "Positions and turns") ===== */

int tb_engine_to_move(const tb_engine *e)
{
	return e->st.to_move;
}

/* What a turn report is given to: 0, or nonzero when it could not take
 * it (memory ran out: a play is then undone). */
typedef int (*S_told_fn)(void *ctx, const tb_turn_report *t);

/* Whom turn reports go to; 'over': whether they need the report's
 * 'over' (the rules' end, looked for after every turn: the text-only
 * callers of before tb_turn_report do without its cost). */
typedef struct S_told {
	S_told_fn fn;
	void *ctx;
	int over;
} S_told;

/* Tells 'to' of legal turn 't', played from the engine's position to
 * 'after' with events 'ev', as a tb_turn_report (no source: line and
 * col 0). Returns what its fn returns; TB_ENOMEM when the words ran
 * out (fn not called). */
static int S_tell(const tb_engine *e, const tb_turn *t, const tb_state *after,
                  const tb_events *ev, const S_told *to)
{
	tb_buf tok = TB_BUF_SOFT, evs = TB_BUF_SOFT, over = TB_BUF_SOFT;
	S_token(&tok, t);
	tb_buf_puts(&evs, "");
	tb_events_write(&evs, ev);
	tb_turn_event one[TB_EVENTS_MAX];
	char pts[TB_EVENTS_MAX][2][4];
	tb_events_public(ev, one, pts);
	tb_result res;
	char why[200];
	if (to->over && e->rs.rules->over(&e->rs, after, &res, why, sizeof why))
		tb_buf_printf(&over, "%s (%s)", tb_result_text[res], why);
	char *pos = S_position(e, after);
	int rc = TB_ENOMEM;
	if (pos && tb_buf_ok(&tok) && tb_buf_ok(&evs) && tb_buf_ok(&over)) {
		tb_turn_report rep = {e->st.number, e->st.to_move, tok.data, pos, evs.data, 0, 0,
		                      ev->n, one, over.data};
		rc = to->fn(to->ctx, &rep);
	}
	free(pos);
	tb_buf_free(&tok);
	tb_buf_free(&evs);
	tb_buf_free(&over);
	return rc;
}

/* Calls 'fn' for each legal turn; the number of them, 0 when memory ran
 * out (e->nomem). */
static size_t S_legal(const tb_engine *e, const S_told *to)
{
	if (!e)
		return 0;
	tb_engine *me = (tb_engine *)e; /* not const: its own, not the caller's */
	me->nomem = 0;
	tb_lasterr_clear(&me->err);
	if (e->incomplete) /* no turns, and no error */
		return 0;
	tb_turns l = {0};
	size_t n = tb_turns_list(&e->rs, &e->st, &l);
	me->nomem = tb_turns_failed(&l);
	for (size_t i = 0; to->fn && i < n && !me->nomem; i++) {
		tb_state next = e->st;
		tb_events ev;
		ev.n = 0;
		e->rs.rules->play(&e->rs, &next, &l.v[i], &ev);
		me->nomem = S_tell(e, &l.v[i], &next, &ev, to) != 0;
	}
	tb_turns_free(&l);
	return S_counted(e, me->nomem ? 0 : n);
}

/* A caller's tb_legal_fn and its context. */
typedef struct S_legal_ctx {
	tb_legal_fn fn;
	void *ctx;
} S_legal_ctx;

static int S_legal_text(void *ctx, const tb_turn_report *t)
{
	const S_legal_ctx *c = ctx;
	c->fn(c->ctx, t->token, t->events, t->position);
	return 0;
}

size_t tb_engine_legal(const tb_engine *e, tb_legal_fn fn, void *ctx)
{
	S_legal_ctx c = {fn, ctx};
	S_told to = {fn ? S_legal_text : NULL, &c, 0};
	return S_legal(e, &to);
}

/* A caller's tb_turn_fn and its context. */
typedef struct S_turn_ctx {
	tb_turn_fn fn;
	void *ctx;
} S_turn_ctx;

static int S_turn_told(void *ctx, const tb_turn_report *t)
{
	const S_turn_ctx *c = ctx;
	if (c->fn)
		c->fn(c->ctx, t);
	return 0;
}

size_t tb_engine_legal_turns(const tb_engine *e, tb_turn_fn fn, void *ctx)
{
	S_turn_ctx c = {fn, ctx};
	S_told to = {fn ? S_turn_told : NULL, &c, 1};
	return S_legal(e, &to);
}

/* Plays legal turn 'token' and tells 'to' (its fn may be NULL) of it; as
 * tb_engine_play, and TB_ENOMEM (the engine unchanged) when its fn
 * returns nonzero. */
static int S_play(tb_engine *e, const char *token, const S_told *to, char **why)
{
	if (why)
		*why = NULL;
	if (!e || !token)
		return tb_lasterr_set(S_err(e), TB_EINVAL, "no %s", e ? "token" : "engine");
	tb_lasterr_clear(&e->err);
	tb_result res;
	char whyover[200];
	int over = !e->incomplete &&
	           e->rs.rules->over(&e->rs, &e->st, &res, whyover, sizeof whyover);
	if (over || e->incomplete) {
		if (over)
			tb_lasterr_set(&e->err, TB_EINVAL, "the game is over: %s (%s)",
			               tb_result_text[res], whyover);
		else
			tb_lasterr_set(&e->err, TB_EINVAL, "the position is incomplete: %s",
			               e->why_incomplete);
		if (why) {
			tb_buf b = TB_BUF_SOFT;
			if (over)
				tb_buf_printf(&b, "the game is over: %s (%s)", tb_result_text[res],
				              whyover);
			else
				tb_buf_printf(&b, "the position is incomplete: %s", e->why_incomplete);
			*why = tb_buf_detach(&b, NULL);
			if (!*why)
				return tb_lasterr_set(&e->err, TB_ENOMEM, NULL);
		}
		return TB_EINVAL;
	}
	const char *want = strcmp(token, "--") == 0 ? "pass" : token;
	tb_turns l = {0};
	size_t n = tb_turns_list(&e->rs, &e->st, &l);
	tb_buf tok = TB_BUF_SOFT;
	int rc = tb_turns_failed(&l) ? TB_ENOMEM : TB_EINVAL;
	for (size_t i = 0; i < n; i++) {
		tb_buf_clear(&tok);
		S_token(&tok, &l.v[i]);
		if (!tb_buf_ok(&tok)) {
			rc = TB_ENOMEM;
			break;
		}
		if (strcmp(tok.data, want) != 0)
			continue;
		tb_events ev;
		ev.n = 0;
		tb_state next = e->st;
		e->rs.rules->play(&e->rs, &next, &l.v[i], &ev);
		if (to->fn && S_tell(e, &l.v[i], &next, &ev, to)) { /* the engine is unchanged */
			rc = TB_ENOMEM;
			break;
		}
		e->st = next;
		rc = 0;
		break;
	}
	if (rc == TB_EINVAL && why) {
		tb_buf b = TB_BUF_SOFT;
		tb_buf_printf(&b, "'%s' is not one of the %zu legal turns here (as the canonical form "
		              "writes them)", token, n);
		*why = tb_buf_detach(&b, NULL);
		if (!*why)
			rc = TB_ENOMEM;
	}
	tb_buf_free(&tok);
	tb_turns_free(&l);
	if (rc == TB_EINVAL)
		tb_lasterr_set(&e->err, rc, "'%s' is not one of the %zu legal turns here (as the "
		               "canonical form writes them)", token, n);
	else if (rc)
		tb_lasterr_set(&e->err, rc, NULL);
	return rc;
}

/* Keeps a copy of the events' text, for tb_engine_play. */
static int S_events_copy(void *ctx, const tb_turn_report *t)
{
	char **out = ctx;
	*out = tb_strdup(t->events);
	return *out == NULL;
}

int tb_engine_play(tb_engine *e, const char *token, char **events, char **why)
{
	if (events)
		*events = NULL;
	S_told to = {events ? S_events_copy : NULL, events, 0};
	return S_play(e, token, &to, why);
}

int tb_engine_play_turn(tb_engine *e, const char *token, tb_turn_fn fn, void *ctx, char **why)
{
	S_turn_ctx c = {fn, ctx};
	S_told to = {S_turn_told, &c, 1};
	return S_play(e, token, &to, why);
}

/* ===== The last error (tablero.h, "Errors") ===== */

int tb_engine_errcode(const tb_engine *e) { return tb_lasterr_code(e ? &e->err : NULL); }
const char *tb_engine_errmsg(const tb_engine *e) { return tb_lasterr_msg(e ? &e->err : NULL); }
