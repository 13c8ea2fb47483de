/*
 * repair_walk.c -- the written turns replayed after a repair
 * (repair_walk.h; spec/reconstruct.md §4.4).
 */
#include "repair_walk.h"

#include <stdint.h>

const tb_turn *tb_repair_found(const tb_ruleset *rs, const tb_state *s, const tb_move *m,
                               int pass, tb_turns *l, int *nomem)
{
	const tb_turn *t = tb_turn_one(rs, s, pass ? NULL : m, l);
	if (tb_turns_failed(l))
		*nomem = 1;
	return t;
}

/* repair_walk.h */
int tb_repair_direct(const tb_ruleset *rs, const tb_move *m, int pass)
{
	return m && !pass && tb_turn_direct(rs, m) && rs->rules->one;
}

/* The written move of node 'n' from table 't', read into it when its
 * slot holds another node ('c', or NULL, counts the reads). */
static const tb_repair_move *S_read(tb_repair_moves *t, const tb_ruleset *rs, const tb_node *n,
                                   tb_repair_counts *c)
{
	uintptr_t h = (uintptr_t)n;
	tb_repair_move *e = &t->v[(h >> 4 ^ h >> 10) & (TB_REPAIR_MOVES - 1)];
	if (e->node != n) {
		int pass;
		if (c)
			c->reads++;
		e->node = n;
		e->m = tb_repair_written(rs, n, &pass);
		e->pass = (uint8_t)pass;
		e->direct = tb_repair_direct(rs, e->m, pass);
	}
	return e;
}

/* tb_repair_found, the turn copied into '*out': 0 when there is none. */
int tb_repair_one(const tb_ruleset *rs, const tb_state *s, const tb_move *m, int pass,
                  tb_turns *l, tb_turn *out, int *nomem)
{
	const tb_turn *t = tb_repair_found(rs, s, m, pass, l, nomem);
	if (t)
		*out = *t;
	return t != NULL;
}

/* Plays the turns of repair 'r' from '*s' when each is legal there (a
 * repair gone on under, replayed after another edit before it, may not
 * be); 0 when one is not. */
int tb_repair_play(const tb_ruleset *rs, tb_state *s, const tb_repair *r, tb_turns *l,
                   int *nomem)
{
	for (unsigned i = 0; i < r->nturns; i++) {
		const tb_turn *t = &r->turn[i];
		tb_move m = {t->nparts, t->crown, (tb_part *)t->parts};
		const tb_turn *legal = tb_repair_found(rs, s, &m, t->nparts == 0, l, nomem);
		if (!legal)
			return 0;
		rs->rules->play(rs, s, legal, NULL);
	}
	return 1;
}

void tb_repair_under_read(const tb_ruleset *rs, const tb_repair *r, tb_repair_under *u)
{
	u->r = r;
	for (unsigned i = 0; i < r->nturns && i < 3; i++) {
		const tb_turn *t = &r->turn[i];
		int pass = t->nparts == 0;
		u->m[i] = (tb_move){t->nparts, t->crown, (tb_part *)t->parts};
		u->w[i] = (tb_repair_move){NULL, &u->m[i], (uint8_t)pass,
		                           (uint8_t)tb_repair_direct(rs, &u->m[i], pass)};
	}
}

int tb_repair_play_read(const tb_ruleset *rs, tb_state *s, const tb_repair_under *u, tb_turns *l,
                        int *nomem)
{
	for (unsigned i = 0; i < u->r->nturns; i++)
		if (!tb_repair_step_read(rs, s, &u->w[i], l, nomem))
			return 0;
	return 1;
}

/* Does node 'n' stand for no turn at all: a gap of length 0, or a
 * reading whose first alternative is "omitted"? */
static int S_nothing(const tb_node *n)
{
	return (n->kind == TB_NODE_GAP && n->gap_max == 0) ||
	       tb_node_followed(n) == TB_NODE_OMITTED;
}

const tb_node *tb_repair_next_turn(const tb_node *n)
{
	for (n = n ? n->next : NULL; n && S_nothing(n); n = n->next)
		;
	return n;
}

/* repair.h */
int tb_repair_walks_on(const tb_ruleset *rs, const tb_node *n)
{
	int pass;
	const tb_node *t = tb_repair_next_turn(n);
	return t && tb_repair_written(rs, t, &pass);
}

/* Plays the written turns from node 'n' on, at most 'limit' of them,
 * from '*s', which ends in the position they reach; returns how many
 * were legal, '*illegal' set when the walk stopped at one that was not.
 * At node under->node (when 'under'), the turns of that repair are
 * played in place of the written ones it stands for, which count for
 * none (they have no slot in the look-back).
 * A turn the rules cannot replay as written (an unknown one, a gap, a
 * restated position) ends the walk as the end of the line does. */
unsigned tb_repair_follow(const tb_ruleset *rs, tb_state *s, const tb_node *n, unsigned limit,
                          const tb_repair_under *under, tb_turns *l, tb_repair_moves *read,
                          tb_repair_counts *c, int *illegal, int *nomem)
{
	unsigned played = 0;
	*illegal = 0;
	for (; n && played < limit; n = n->next) {
		if (S_nothing(n))
			continue;
		if (under && n == under->r->node) { /* the repair gone on under, in its place */
			if (!(read ? tb_repair_play_read(rs, s, under, l, nomem)
			           : tb_repair_play(rs, s, under->r, l, nomem))) {
				*illegal = 1;
				break;
			}
			for (unsigned i = 0; i < under->r->consumed && n; i++)
				n = tb_repair_next_turn(n);
			under = NULL;
			if (!n)
				break;
		}
		int legal;
		if (read) { /* (NULL: the plain way, a test's reference, tb_repair_in.plain) */
			const tb_repair_move *w = S_read(read, rs, n, c);
			if (!w->m)
				break;
			legal = tb_repair_step_read(rs, s, w, l, nomem);
		} else {
			int pass;
			const tb_move *m = tb_repair_written(rs, n, &pass);
			if (c)
				c->reads++;
			if (!m)
				break;
			const tb_turn *t = tb_repair_found(rs, s, m, pass, l, nomem);
			if ((legal = t != NULL) != 0)
				rs->rules->play(rs, s, t, NULL);
		}
		if (!legal) {
			*illegal = 1;
			break;
		}
		played++;
	}
	return played;
}

/* repair_walk.h */
void tb_repair_seq_read(const tb_ruleset *rs, const tb_node *n, const tb_repair *under,
                        size_t cap, tb_repair_seq *q, tb_repair_counts *c)
{
	q->n = 0;
	q->under = SIZE_MAX;
	if (!cap || cap > TB_REPAIR_SEQ)
		cap = TB_REPAIR_SEQ;
	for (; n && q->n < cap; n = tb_repair_next_turn(n)) {
		tb_repair_move *e = &q->v[q->n];
		int pass;
		if (under && n == under->node)
			q->under = q->n;
		e->node = n;
		e->m = tb_repair_written(rs, n, &pass);
		e->pass = (uint8_t)pass;
		e->direct = (uint8_t)tb_repair_direct(rs, e->m, pass);
		q->mv[q->n] = e->m;
		q->n++;
	}
	for (size_t i = q->n; i-- > 0;) /* (TB_REPAIR_SEQ fits a uint8_t) */
		q->run[i] = (uint8_t)(q->v[i].m && q->v[i].direct ? 1 + (i + 1 < q->n ? q->run[i + 1] : 0) : 0);
	q->more = n != NULL;
	if (c)
		c->reads += q->n;
}

/* The node of index 'i' of the line 'q' read, past its end: NULL when
 * the line ends before it. */
static const tb_node *S_seq_node(const tb_repair_seq *q, size_t i)
{
	const tb_node *n = q->n ? q->v[q->n - 1].node : NULL;
	for (size_t j = q->n - 1; n && j < i; j++)
		n = tb_repair_next_turn(n);
	return n;
}

unsigned tb_repair_follow_seq(const tb_ruleset *rs, tb_state *s, const tb_repair_seq *q, size_t i,
                              unsigned limit, const tb_repair_under *under, tb_turns *l,
                              tb_repair_moves *read, tb_repair_counts *c, int *illegal,
                              int *nomem)
{
	unsigned played = 0;
	unsigned (*run_play)(const tb_ruleset *, tb_state *, const tb_move *const *, unsigned, int *) =
	    rs->rules->one_play ? rs->rules->one_play_run : NULL;
	*illegal = 0;
	while (played < limit) {
		if (under && i == q->under) { /* the repair gone on under, in its place */
			if (!tb_repair_play_read(rs, s, under, l, nomem)) {
				*illegal = 1;
				break;
			}
			i += under->r->consumed;
			under = NULL;
		}
		if (i >= q->n) { /* past what was read: the nodes themselves */
			const tb_node *n = q->more ? S_seq_node(q, i) : NULL;
			if (n)
				played += tb_repair_follow(rs, s, n, limit - played, under, l, read, c,
				                           illegal, nomem);
			break;
		}
		if (q->run[i] && run_play) { /* a run the rules' own check answers for, at once */
			unsigned n = q->run[i];
			if (n > limit - played)
				n = limit - played;
			if (under && q->under > i && q->under - i < n)
				n = (unsigned)(q->under - i); /* (up to the repair gone on under) */
			int stop;
			unsigned got = run_play(rs, s, &q->mv[i], n, &stop);
			played += got;
			i += got;
			if (stop == 0) {
				*illegal = 1;
				break;
			}
			if (stop > 0)
				continue;
			/* (-1: the move at 'i' is left to the list, below) */
		}
		const tb_repair_move *w = &q->v[i];
		if (!w->m)
			break;
		if (!tb_repair_step_read(rs, s, w, l, nomem)) {
			*illegal = 1;
			break;
		}
		played++;
		i++;
	}
	return played;
}

/* Is 's' the position 'said' restates, as a restatement is checked
 * (tb_restate_soft): what it leaves unsaid, such as what happened
 * before it, is no difference? */
int tb_repair_reaches(const tb_ruleset *rs, const tb_state *s, const tb_position *said,
                      int *nomem)
{
	tb_arena a = {0};
	tb_position mine;
	int saved = tb_rules_save(rs, s, &a, &mine);
	int same = saved == 0 && tb_position_restates(&mine, said);
	tb_arena_free(&a);
	*nomem |= saved != 0;
	return same;
}
