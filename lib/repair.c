/*
 * repair.c -- the slips that explain an illegal written turn (repair.h;
 * spec/reconstruct.md, "Slips").
 */
#include "repair.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* The move a node writes when it is a turn the rules can replay as it
 * stands -- every point known and on the board -- or NULL ('*pass' set
 * for a pass). A reading is its first alternative. */
static const tb_move *S_written(const tb_ruleset *rs, const tb_node *n, int *pass)
{
	uint8_t kind = n->kind;
	const tb_move *m = &n->move;
	if (kind == TB_NODE_READING) {
		kind = n->alts[0].kind;
		m = &n->alts[0].move;
	}
	*pass = kind == TB_NODE_PASS;
	if (*pass)
		return m;
	if (kind != TB_NODE_MOVE)
		return NULL;
	for (unsigned i = 0; i < m->nparts; i++)
		if (m->parts[i].pt == TB_PT_UNKNOWN || tb_geo_at(&rs->geo, m->parts[i].pt) < 0)
			return NULL;
	return m;
}

/* The one legal turn of 's' that written move 'm' (a pass when 'pass')
 * is, with its crown marker; 0 when there is none. */
static int S_one(const tb_ruleset *rs, const tb_state *s, const tb_move *m, int pass,
                 tb_turns *l, tb_turn *out, int *nomem)
{
	tb_move none = {0, 0, NULL};
	size_t n = tb_turns_list(rs, s, l), fit = 0;
	if (tb_turns_failed(l))
		*nomem = 1;
	for (size_t i = 0; i < n; i++)
		if (tb_turn_fits(&l->v[i], pass ? &none : m) && (pass || l->v[i].crown == m->crown)) {
			*out = l->v[i];
			fit++;
		}
	return fit == 1;
}

/* Does node 'n' stand for no turn at all: a gap of length 0, or a
 * reading whose first alternative is "omitted"? */
static int S_nothing(const tb_node *n)
{
	return (n->kind == TB_NODE_GAP && n->gap_max == 0) ||
	       tb_node_followed(n) == TB_NODE_OMITTED;
}

/* Plays the written turns from node 'n' on, at most 'window' of them,
 * from 's'; returns how many were legal, or -1 when one was not. A turn
 * the rules cannot replay as written (an unknown one, a gap, a restated
 * position) ends the walk as the end of the line does. */
static long S_follow(const tb_ruleset *rs, tb_state s, const tb_node *n, unsigned window,
                     tb_turns *l, int *nomem)
{
	long played = 0;
	for (; n && (unsigned)played < window; n = n->next) {
		if (S_nothing(n))
			continue;
		int pass;
		const tb_move *m = S_written(rs, n, &pass);
		if (!m)
			break;
		tb_turn t;
		if (!S_one(rs, &s, m, pass, l, &t, nomem))
			return -1;
		rs->rules->play(rs, &s, &t, NULL);
		played++;
	}
	return played;
}

/* The written turn after 'n' (skipping what stands for no turn), or NULL. */
static const tb_node *S_next_turn(const tb_node *n)
{
	for (n = n ? n->next : NULL; n && S_nothing(n); n = n->next)
		;
	return n;
}

typedef struct S_try {
	const tb_ruleset *rs;
	const tb_state *s;
	const tb_node *node;
	unsigned window;
	tb_turns l;
	tb_repair *out;
	size_t max, n;
	unsigned full;        /* the turns a repair must keep legal */
	int nomem;            /* memory ran out listing turns */
} S_try;

/* Plays 'turns' from the position before the slip and the written turns
 * after the 'consumed' ones; keeps the repair when they all stay legal. */
static void S_keep(S_try *y, uint8_t kind, const tb_turn *turns, uint8_t nturns, uint8_t consumed)
{
	tb_state w = *y->s;
	for (unsigned i = 0; i < nturns; i++)
		y->rs->rules->play(y->rs, &w, &turns[i], NULL);
	const tb_node *after = y->node;
	for (unsigned i = 0; i < consumed; i++)
		after = S_next_turn(after);
	long reach = S_follow(y->rs, w, after, y->window, &y->l, &y->nomem);
	if (reach < 0)
		return;
	if (y->n < y->max) {
		tb_repair *r = &y->out[y->n];
		memset(r, 0, sizeof *r);
		r->kind = kind;
		r->nturns = nturns;
		r->consumed = consumed;
		memcpy(r->turn, turns, nturns * sizeof *turns);
		r->reach = (unsigned)reach;
	}
	y->n++;
}

/* Do points 'a' and 'b' sound alike: one letter or one number apart? */
static int S_alike(tb_point a, tb_point b)
{
	return TB_PT_FILE(a) == TB_PT_FILE(b) || TB_PT_RANK(a) == TB_PT_RANK(b);
}

/* Legal turns that are the written move with one point changed, or with
 * one part it does not write (a capture, removal, pushback). */
static void S_one_apart(S_try *y, const tb_move *m, tb_turn *legal, size_t nlegal, int sound)
{
	for (size_t i = 0; i < nlegal; i++) {
		const tb_turn *t = &legal[i];
		if (t->nparts == m->nparts) {
			unsigned diff = 0, at = 0;
			for (unsigned k = 0; k < m->nparts; k++)
				if (t->parts[k].kind != m->parts[k].kind)
					diff = 99;
				else if (t->parts[k].pt != m->parts[k].pt)
					diff++, at = k;
			int alike = diff == 1 && S_alike(t->parts[at].pt, m->parts[at].pt);
			if (diff == 1 && alike == sound)
				S_keep(y, sound ? TB_REPAIR_SOUND : TB_REPAIR_POINT, t, 1, 1);
		} else if (!sound && t->nparts == m->nparts + 1) {
			/* one part more: everything the token writes, in order */
			unsigned k = 0;
			for (unsigned j = 0; j < t->nparts && k < m->nparts; j++)
				if (t->parts[j].kind == m->parts[k].kind && t->parts[j].pt == m->parts[k].pt)
					k++;
			if (k == m->nparts && t->parts[0].pt == m->parts[0].pt)
				S_keep(y, TB_REPAIR_PART, t, 1, 1);
		}
	}
}

/* A turn left out before the written one: every legal turn, then the
 * written one. */
static void S_missing(S_try *y, const tb_move *m, int pass, const tb_turn *legal, size_t nlegal)
{
	tb_turns l2 = {NULL, 0};
	for (size_t i = 0; i < nlegal; i++) {
		tb_state w = *y->s;
		y->rs->rules->play(y->rs, &w, &legal[i], NULL);
		tb_turn two[2] = {legal[i]};
		if (S_one(y->rs, &w, m, pass, &l2, &two[1], &y->nomem))
			S_keep(y, TB_REPAIR_MISSING, two, 2, 1);
	}
	tb_turns_free(&l2);
}

/* This turn played after the next one ('gap' 1), or after its side's
 * next one ('gap' 2: the turns between stay where they are). */
static void S_swap(S_try *y, const tb_move *m, int pass, int gap)
{
	const tb_node *other = S_next_turn(y->node), *mid = NULL;
	if (gap == 2) {
		mid = other;
		other = S_next_turn(other);
	}
	int opass, mpass = 0;
	const tb_move *om = other ? S_written(y->rs, other, &opass) : NULL;
	const tb_move *mm = mid ? S_written(y->rs, mid, &mpass) : NULL;
	if (!om || (gap == 2 && !mm))
		return;
	tb_turn seq[3];
	tb_state w = *y->s;
	const tb_move *order[3] = {om, mm, m};
	int passes[3] = {opass, mpass, pass};
	unsigned k = 0;
	for (unsigned i = 0; i < 3; i++) {
		if (!order[i])
			continue;
		if (!S_one(y->rs, &w, order[i], passes[i], &y->l, &seq[k], &y->nomem))
			return;
		y->rs->rules->play(y->rs, &w, &seq[k], NULL);
		k++;
	}
	S_keep(y, gap == 2 ? TB_REPAIR_SWAP_SIDE : TB_REPAIR_SWAP, seq, (uint8_t)k, (uint8_t)(gap + 1));
}

/* Ranks repairs by kind, most likely first, keeping the order they were
 * found in within a kind (an insertion sort: a few dozen at most). */
static void S_rank(tb_repair *v, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		tb_repair r = v[i];
		size_t j = i;
		for (; j > 0 && v[j - 1].kind > r.kind; j--)
			v[j] = v[j - 1];
		v[j] = r;
	}
}

size_t tb_repairs(const tb_ruleset *rs, const tb_state *s, const void *node, uint8_t kind,
                  const tb_move *m, unsigned window, tb_repair *out, size_t max, int *nomem)
{
	/* the candidates are gathered in full, ranked, then cut to 'max' */
	size_t room = 256;
	tb_repair *all = tb_malloc(room * sizeof *all);
	if (!all) {
		*nomem = 1;
		return 0;
	}
	S_try y = {rs, s, node, window, {NULL, 0}, all, room, 0, 0, 0};
	tb_turns own = {NULL, 0};
	size_t nlegal = tb_turns_list(rs, s, &own);
	y.nomem = tb_turns_failed(&own);
	int pass = kind == TB_NODE_PASS;
	if (!pass) {
		S_one_apart(&y, m, own.v, nlegal, 1);
		S_one_apart(&y, m, own.v, nlegal, 0);
	}
	S_missing(&y, m, pass, own.v, nlegal);
	S_swap(&y, m, pass, 1);
	S_swap(&y, m, pass, 2);
	size_t kept = y.n < room ? y.n : room;
	S_rank(all, kept);
	memcpy(out, all, (kept < max ? kept : max) * sizeof *out);
	tb_turns_free(&own);
	tb_turns_free(&y.l);
	free(all);
	*nomem = y.nomem;
	return y.nomem ? 0 : y.n;
}
