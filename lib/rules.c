/*
 * rules.c -- rule options from [Rules], and the ruleset an engine
 * plays under (each game's options: spec/games/).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "near.h"
#include "rules.h"
#include "xalloc.h"

/* Index of 'v' among the '|'-separated 'values', or -1; a value "#"
 * takes any number, stored in *num. */
static int S_value_index(const char *values, const char *v, long *num)
{
	int i = 0;
	for (const char *p = values; *p; i++) {
		size_t len = strcspn(p, "|");
		if (len == 1 && *p == '#') {
			char *end;
			long x = strtol(v, &end, 10);
			if (*v >= '1' && *v <= '9' && !*end && x > 0 && x < 100000) {
				*num = x;
				return i;
			}
		} else if (strlen(v) == len && memcmp(p, v, len) == 0) {
			return i;
		}
		p += len + (p[len] == '|');
	}
	return -1;
}

/* "step|slide|fly" as "step, slide or fly". */
static void S_values_words(const char *values, char *out, size_t n)
{
	out[0] = '\0';
	int count = 1;
	for (const char *p = values; *p; p++)
		count += *p == '|';
	int i = 0;
	for (const char *p = values; *p; i++) {
		size_t len = strcspn(p, "|");
		const char *word = len == 1 && *p == '#' ? "a number from 1 to 99999" : p;
		size_t wlen = len == 1 && *p == '#' ? 24 : len;
		snprintf(out + strlen(out), n - strlen(out), "%s%.*s",
		         i == 0 ? "" : i == count - 1 ? " or " : ", ", (int)wlen, word);
		p += len + (p[len] == '|');
	}
}

/* "; did you mean 'x'?" into 'out' (n bytes) when one of the
 * '|'-separated 'names' ("#" skipped) is a slip from 'word' (near.h),
 * else "". */
static void S_did_you_mean(const char *word, const char *names, char *out, size_t n)
{
	char copy[256];
	const char *list[32];
	size_t k = 0;
	snprintf(copy, sizeof copy, "%s", names);
	for (char *p = copy, *bar; p && k < 32; p = bar ? bar + 1 : NULL) {
		if ((bar = strchr(p, '|')))
			*bar = '\0';
		if (strcmp(p, "#") != 0)
			list[k++] = p;
	}
	const char *near = tb_near_pick(word, list, k, tb_near_bound(strlen(word)));
	if (near)
		snprintf(out, n, "; did you mean '%s'?", near);
	else if (n)
		out[0] = '\0';
}

/* Reads the option values of 'o' into rs->opt and rs->num, checking
 * every key and value against the game's table. */
static const char *S_read(tb_ruleset *rs, const tb_opts *o, char *why, size_t n)
{
	const tb_game *g = rs->game;
	memset(rs->opt, 0, sizeof rs->opt);
	memset(rs->num, 0, sizeof rs->num);
	if (o->n == 0)
		return NULL; /* every option at its default: most records */
	/* each key's place in the game's table (its keys differ), found once:
	 * the values are then looked up by place, not by their names again */
	int at[TB_MAX_OPTS];
	for (size_t k = 0; k < o->n; k++) {
		at[k] = -1;
		for (int i = 0; g->options[i].key && at[k] < 0; i++)
			if (strcmp(g->options[i].key, o->key[k]) == 0)
				at[k] = i;
		if (at[k] < 0) {
			char list[256] = "", keys[256] = "", near[96];
			for (int i = 0; g->options[i].key; i++) {
				snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
				         i ? ", " : "", g->options[i].key);
				snprintf(keys + strlen(keys), sizeof keys - strlen(keys), "%s%s",
				         i ? "|" : "", g->options[i].key);
			}
			S_did_you_mean(o->key[k], keys, near, sizeof near);
			snprintf(why, n, "%s has no rule option '%s'%s (its options: %s)", g->title,
			         o->key[k], near, list);
			return why;
		}
	}
	/* the values in the keys' order, the first given a key read (as
	 * tb_opts_get reads it), not every option of the table asked for its
	 * own; a refused one named as before: the first in the table's order */
	int bad = -1;
	const char *bad_value = NULL;
	for (size_t k = 0; k < o->n; k++) {
		int i = at[k], first = 1;
		for (size_t e = 0; e < k && first; e++)
			first = at[e] != i;
		if (!first)
			continue;
		long num = 0;
		int idx = S_value_index(g->options[i].values, o->value[k], &num);
		if (idx < 0 && (bad < 0 || i < bad)) {
			bad = i;
			bad_value = o->value[k];
		} else if (idx >= 0) {
			rs->opt[i] = (uint8_t)idx;
			rs->num[i] = num;
		}
	}
	if (bad >= 0) {
		char words[160], near[96];
		S_values_words(g->options[bad].values, words, sizeof words);
		S_did_you_mean(bad_value, g->options[bad].values, near, sizeof near);
		snprintf(why, n, "rule option %s must be %s, not '%s'%s", g->options[bad].key, words,
		         bad_value, near);
		return why;
	}
	return NULL;
}

const char *tb_options_check(const tb_game *g, const tb_opts *o, char *why, size_t n)
{
	tb_ruleset rs;
	rs.game = g;
	return S_read(&rs, o, why, n);
}

/* The last rulesets this thread configured, replaced in turn. The
 * records of a collection mostly share their game and options, and
 * configuring one (its board read from text, its tables) cost as much as
 * replaying a short record; a configuration depends on the game and the
 * options' values only. Several, not one: a collection mixes games, and
 * validation configures each changed default's old ruleset (Ocencahuac
 * has six) for a record with errors, between two records' own. A
 * ruleset is plain values: nothing to free when a thread ends. */
enum { S_KEPT = 16 };
typedef struct S_kept {
	tb_ruleset rs;            /* as configured */
	uint8_t opt[TB_MAX_OPTS]; /* the options as read: what it is known by */
	long num[TB_MAX_OPTS];
} S_kept;
static _Thread_local S_kept S_last[S_KEPT];
static _Thread_local unsigned S_next;

/* The kept ruleset of game 'g' with the options of 'read' (S_read's),
 * configured into the next slot when none is kept; NULL when the game's
 * configure refuses the options, with its message in 'why' and the
 * refused ruleset in 'failed' (as configure left it). Inlined: every
 * record asks it, through tb_ruleset_init, and a call of its own cost
 * more there than the copy it saves the notes. */
static inline __attribute__((always_inline)) const tb_ruleset *
S_kept_for(const tb_game *g, const tb_ruleset *read, tb_ruleset *failed, char *why, size_t n)
{
	for (unsigned i = 0; i < S_KEPT; i++) {
		const S_kept *k = &S_last[i];
		if (k->rs.game == g && k->rs.rules == g->rules &&
		    memcmp(k->opt, read->opt, sizeof read->opt) == 0 &&
		    memcmp(k->num, read->num, sizeof read->num) == 0)
			return &k->rs;
	}
	S_kept *k = &S_last[S_next];
	tb_ruleset *rs = &k->rs;
	memset(rs, 0, sizeof *rs);
	rs->game = g;
	rs->rules = g->rules;
	memcpy(rs->opt, read->opt, sizeof rs->opt);
	memcpy(rs->num, read->num, sizeof rs->num);
	memcpy(k->opt, rs->opt, sizeof k->opt);
	memcpy(k->num, rs->num, sizeof k->num);
	const char *bad = rs->rules ? rs->rules->configure(rs) : NULL;
	if (bad) {
		if (failed)
			*failed = *rs;
		rs->game = NULL; /* nothing kept */
		snprintf(why, n, "%s", bad);
		return NULL;
	}
	tb_geo_finish(&rs->geo);
	S_next = (S_next + 1) % S_KEPT;
	return rs;
}

const char *tb_ruleset_init(tb_ruleset *rs, const tb_game *g, const tb_opts *o, char *why,
                            size_t n)
{
	/* the options read first, into a ruleset of their own: the kept one
	 * is copied over 'rs' whole, which is not cleared first (a geometry
	 * is kilobytes, and every record asks) */
	tb_ruleset read;
	read.game = g;
	if (S_read(&read, o, why, n)) {
		memset(rs, 0, sizeof *rs); /* as before the options were read */
		rs->game = g;
		rs->rules = g->rules;
		return why;
	}
	const tb_ruleset *k = S_kept_for(g, &read, rs, why, n);
	if (!k)
		return why;
	*rs = *k;
	return NULL;
}

const tb_ruleset *tb_ruleset_kept(const tb_game *g, const tb_opts *o, char *why, size_t n)
{
	tb_ruleset read;
	read.game = g;
	if (S_read(&read, o, why, n))
		return NULL;
	return S_kept_for(g, &read, NULL, why, n);
}

void tb_turn_token(tb_buf *b, const tb_turn *t)
{
	tb_move m = {t->nparts, t->crown, (tb_part *)t->parts};
	tb_turn_write(b, t->nparts ? TB_NODE_MOVE : TB_NODE_PASS, &m);
}

int tb_turn_fits(const tb_turn *t, const tb_move *m)
{
	if (t->nparts != m->nparts)
		return 0;
	for (unsigned i = 0; i < t->nparts; i++)
		if (t->parts[i].kind != m->parts[i].kind ||
		    (m->parts[i].pt != TB_PT_UNKNOWN && t->parts[i].pt != m->parts[i].pt))
			return 0;
	return 1;
}

/* Makes room for 'n' turns in 'l' (at least 256); 0 when memory ran
 * out, and then 'l' is empty (tb_turns_failed). */
static int S_room(tb_turns *l, size_t n)
{
	size_t cap = !l->cap ? 256 : n > 2 * l->cap ? n : 2 * l->cap;
	tb_turn *v = cap > (size_t)-1 / sizeof *v ? NULL : tb_realloc(l->v, cap * sizeof *v);
	if (!v) {
		tb_turns_free(l);
		return 0;
	}
	l->v = v;
	l->cap = cap;
	return 1;
}

size_t tb_turns_list(const tb_ruleset *rs, const tb_state *s, tb_turns *l)
{
	if (!l->cap && !S_room(l, 0))
		return 0;
	size_t n;
	while ((n = rs->rules->generate(rs, s, l->v, l->cap)) > l->cap)
		if (!S_room(l, n))
			return 0;
	return n;
}

size_t tb_turns_generate(const tb_ruleset *rs, const tb_state *s, tb_turns *l)
{
	size_t n = tb_turns_list(rs, s, l);
	if (tb_turns_failed(l))
		tb_oom();
	return n;
}

/* tb_turn_direct's answer (inlined where tb_turn_find asks it, at every
 * written turn validated). */
static inline int S_direct_ok(const tb_ruleset *rs, const tb_move *m)
{
	if (!rs->rules || !rs->rules->generate_at || !m->nparts || m->parts[0].kind != TB_PART_AT)
		return 0;
	for (unsigned i = 0; i < m->nparts; i++)
		if (m->parts[i].pt == TB_PT_UNKNOWN)
			return 0;
	return 1;
}

/* rules.h */
int tb_turn_direct(const tb_ruleset *rs, const tb_move *m)
{
	return S_direct_ok(rs, m);
}

/* The direct check's list for 'm' (tb_turn_direct) into 'l': every legal turn
 * that may fit it, and others; 0 with 'l' emptied when memory ran out. */
static size_t S_list_at(const tb_ruleset *rs, const tb_state *s, const tb_move *m, tb_turns *l)
{
	if (!l->cap && !S_room(l, 0))
		return 0;
	size_t n;
	tb_part hint = m->nparts > 1 ? m->parts[1] : (tb_part){TB_PART_AT, TB_PT_NONE};
	while ((n = rs->rules->generate_at(rs, s, m->parts[0].pt, hint, l->v, l->cap)) > l->cap)
		if (!S_room(l, n))
			return 0;
	return n;
}

/* The rules' own check of 'm' (rules->one, when they have one;
 * tb_turn_direct or S_penalty_direct holds), into 'l': 1 with the turn
 * in l->v[0], 0 for none (or several, or memory ran out: 'l' emptied),
 * -1 when they leave it to the list. (Inlined: tb_turn_find asks it at
 * every written turn validated, and a call of its own cost a fifth as
 * much as Ocencahuac's check of a plain step.) */
static inline __attribute__((always_inline)) int S_one(const tb_ruleset *rs, const tb_state *s, const tb_move *m, tb_turns *l)
{
	if (!rs->rules->one)
		return -1;
	if (!l->cap && !S_room(l, 0))
		return 0;
	return rs->rules->one(rs, s, m, &l->v[0]);
}

/* Does 'm' begin with a penalty (a huff) and then a piece's point, with
 * no '?' point: a turn rules->one may answer for, though generate_at
 * does not list it (the penalty comes first)? */
static int S_penalty_direct(const tb_ruleset *rs, const tb_move *m)
{
	if (!rs->rules || !rs->rules->one || m->nparts < 2 || m->parts[0].kind != TB_PART_HUFF ||
	    m->parts[1].kind != TB_PART_AT)
		return 0;
	for (unsigned i = 0; i < m->nparts; i++)
		if (m->parts[i].pt == TB_PT_UNKNOWN)
			return 0;
	return 1;
}

static const tb_turn *S_find_listed(const tb_ruleset *rs, const tb_state *s, const tb_move *m,
                                    tb_turns *l);

const tb_turn *tb_turn_find(const tb_ruleset *rs, const tb_state *s, const tb_move *m,
                            tb_turns *l)
{
	unsigned np = m->nparts;
	if (!np)
		return NULL; /* (tb_turn_direct says no to it) */
	if (m->parts[0].kind != TB_PART_AT) { /* (and to it) */
		if (S_penalty_direct(rs, m)) /* the rules' own check, or no verdict */
			return S_one(rs, s, m, l) > 0 ? &l->v[0] : NULL;
		return NULL;
	}
	/* S_direct_ok, its first part known to be a piece's point: a plain
	 * step's two points, most turns, asked without the loop */
	const tb_rules *r = rs->rules;
	if (!r || !r->generate_at)
		return NULL;
	if (np == 2) {
		if (m->parts[0].pt == TB_PT_UNKNOWN || m->parts[1].pt == TB_PT_UNKNOWN)
			return NULL;
	} else {
		for (unsigned i = 0; i < np; i++)
			if (m->parts[i].pt == TB_PT_UNKNOWN)
				return NULL;
	}
	int one = S_one(rs, s, m, l);
	if (one >= 0)
		return one ? &l->v[0] : NULL;
	return S_find_listed(rs, s, m, l);
}

/* tb_turn_find_play the long way: tb_turn_find, then play (the same
 * answer and position as one_play's, which is one's played). */
static __attribute__((noinline)) int S_find_then_play(const tb_ruleset *rs, tb_state *s,
                                                      const tb_move *m, tb_turns *l)
{
	const tb_turn *t = tb_turn_find(rs, s, m, l);
	if (t)
		rs->rules->play(rs, s, t, NULL);
	return t != NULL;
}

int tb_turn_find_play(const tb_ruleset *rs, tb_state *s, const tb_move *m, tb_turns *l)
{
	/* a move from a piece's point with no '?' point, where the rules
	 * have one_play (and so one) and their list (tb_turn_find's
	 * S_direct_ok), its room made (S_one's): the check and the play in
	 * the rules' one call, as tb_turn_find's S_one would ask one. Any
	 * other move, or one one_play leaves to the list (-1), the long way */
	const tb_rules *r = rs->rules;
	unsigned np = m->nparts;
	int known = np == 2 ? m->parts[0].pt != TB_PT_UNKNOWN && m->parts[1].pt != TB_PT_UNKNOWN
	                    : np > 0;
	for (unsigned i = 0; np != 2 && known && i < np; i++)
		known = m->parts[i].pt != TB_PT_UNKNOWN;
	if (known && m->parts[0].kind == TB_PART_AT && r && r->one_play && r->generate_at && l->cap) {
		int one = r->one_play(rs, s, m);
		if (one >= 0)
			return one;
	}
	return S_find_then_play(rs, s, m, l);
}

/* tb_turn_find's answer from the direct check's list, when the rules
 * leave the shape of 'm' to it. (Not inlined: the rules' own check
 * answers most turns, and the list's room would be made for each.) */
static __attribute__((noinline)) const tb_turn *S_find_listed(const tb_ruleset *rs,
                                                              const tb_state *s,
                                                              const tb_move *m, tb_turns *l)
{
	size_t n = S_list_at(rs, s, m, l);
	const tb_turn *found = NULL;
	for (size_t i = 0; i < n; i++)
		if (tb_turn_fits(&l->v[i], m)) {
			if (found)
				return NULL; /* several: the full path's message */
			found = &l->v[i];
		}
	return found && found->crown == m->crown ? found : NULL;
}

/* rules->pass's answer into 'l': 1 with the empty turn in l->v[0], 0 for
 * none (or memory ran out: 'l' emptied), -1 when the rules have no such
 * check. */
static int S_pass(const tb_ruleset *rs, const tb_state *s, tb_turns *l)
{
	if (!rs->rules || !rs->rules->pass)
		return -1;
	if (!l->cap && !S_room(l, 0))
		return 0;
	if (!rs->rules->pass(rs, s))
		return 0;
	/* the empty turn: no parts, no crown. Its parts' room is not
	 * cleared (a pass is most of the turns of a long Asalto game, and
	 * the room is 48 parts): nothing reads a turn's parts past nparts. */
	l->v[0].nparts = 0;
	l->v[0].crown = 0;
	return 1;
}

const tb_turn *tb_pass_find(const tb_ruleset *rs, const tb_state *s, tb_turns *l)
{
	return S_pass(rs, s, l) > 0 ? &l->v[0] : NULL;
}

int tb_turn_fits_at(const tb_ruleset *rs, const tb_state *s, const tb_move *m, tb_turns *l)
{
	size_t n = S_list_at(rs, s, m, l);
	if (tb_turns_failed(l))
		return -1;
	for (size_t i = 0; i < n; i++)
		if (tb_turn_fits(&l->v[i], m) && l->v[i].crown == m->crown)
			return 1;
	return 0;
}

const tb_turn *tb_turn_one(const tb_ruleset *rs, const tb_state *s, const tb_move *m,
                           tb_turns *l)
{
	if (!m) { /* the pass: the empty turn, the one in the list when it is there */
		int pass = S_pass(rs, s, l);
		if (pass >= 0)
			return pass ? &l->v[0] : NULL;
	}
	/* every turn that fits 'm' begins at its first point, so the direct
	 * list holds them all, as many as the full one (rules.h: generate_at) */
	tb_move none = {0, 0, NULL};
	int direct = m && tb_turn_direct(rs, m);
	if (direct && rs->rules->one && l->cap) { /* S_one, its room there already: the
	                                             slip search's every step */
		int one = rs->rules->one(rs, s, m, &l->v[0]);
		if (one >= 0)
			return one ? &l->v[0] : NULL;
	} else if (direct) {
		int one = S_one(rs, s, m, l);
		if (one >= 0)
			return one ? &l->v[0] : NULL;
	}
	size_t n = direct ? S_list_at(rs, s, m, l) : tb_turns_list(rs, s, l);
	const tb_turn *found = NULL;
	for (size_t i = 0; i < n; i++)
		if (tb_turn_fits(&l->v[i], m ? m : &none) && (!m || l->v[i].crown == m->crown)) {
			if (found)
				return NULL;
			found = &l->v[i];
		}
	return found;
}

void tb_turns_free(tb_turns *l)
{
	free(l->v);
	l->v = NULL;
	l->cap = 0;
}

void tb_event_add(tb_events *ev, uint8_t kind, tb_point a, tb_point b)
{
	if (ev && ev->n < sizeof ev->ev / sizeof ev->ev[0])
		ev->ev[ev->n++] = (tb_event){kind, a, b, 0, 0};
}

void tb_event_add_piece(tb_events *ev, const tb_ruleset *rs, uint8_t kind, tb_point a, tb_point b,
                        uint8_t cell)
{
	if (!ev || ev->n >= sizeof ev->ev / sizeof ev->ev[0])
		return;
	const char *letters = rs->game->piece_types;
	unsigned type = TB_CELL_TYPE(cell), k = 0;
	while (letters && k < type && letters[k]) /* within the letters (at most 8), no strlen */
		k++;
	char letter = letters && k == type ? letters[type] : 0;
	ev->ev[ev->n++] = (tb_event){kind, a, b, cell, letter};
}

int tb_bound_common(const tb_state *s, const tb_state *target, unsigned turns, unsigned own,
                    unsigned other)
{
	unsigned mine[2];
	mine[s->to_move] = (turns + 1) / 2;
	mine[!s->to_move] = turns / 2;
	if ((s->to_move + turns) % 2 != target->to_move)
		return 0;
	for (int y = 0; y < 2; y++) {
		unsigned arrive = (unsigned)tb_popcount(target->bits[y] & ~s->bits[y]);
		if (target->taken[y] < s->taken[y] || arrive > own * mine[y] + other * mine[!y])
			return 0;
	}
	return 1;
}

int tb_rules_save(const tb_ruleset *rs, const tb_state *s, tb_arena *a, tb_position *p)
{
	jmp_buf jump;
	jmp_buf *was = a->jump;
	a->jump = &jump;
	if (setjmp(jump)) {
		a->jump = was;
		return TB_ENOMEM;
	}
	rs->rules->save(rs, s, a, p);
	a->jump = was;
	return 0;
}

int tb_restate(const tb_ruleset *rs, const tb_state *reached, const tb_position *p,
               tb_state *out, char *why, size_t n)
{
	int rc = tb_restate_soft(rs, reached, p, out, why, n);
	if (rc == TB_ENOMEM)
		tb_oom();
	return rc;
}

int tb_restate_soft(const tb_ruleset *rs, const tb_state *reached, const tb_position *p,
                    tb_state *out, char *why, size_t n)
{
	tb_state was;
	int keep = reached != NULL;
	if (keep) {
		was = *reached; /* 'out' may be 'reached' */
		tb_arena a = {0};
		tb_position mine;
		int saved = tb_rules_save(rs, &was, &a, &mine);
		keep = saved == 0 && tb_position_restates(&mine, p);
		tb_arena_free(&a);
		if (saved)
			return TB_ENOMEM;
	}
	int rc = rs->rules->load(rs, p, out, why, n);
	if (rc == 0 && keep)
		*out = was;
	return rc;
}
