/*
 * event.c -- the events a turn derives (spec/tgn.md, "Derived events"):
 * the one table of the shared kinds' names, the games' own kinds
 * (numbered from TB_EV_GAME after the shared ones, tablero.h) found in
 * their descriptors, and the forms they take outside the rules
 * engines -- the public tb_turn_event, and the display text
 * "tercia a1-a7; removal d5". Events travel between modules typed;
 * the text is written for people and never read back.
 */
#include <stdio.h>
#include <string.h>

#include "rules.h"

/* ORDER tb_event_kind: index k is kind k's name. */
static const char *const S_names[TB_EV_KINDS] = {
	NULL, "tercia", "double tercia", "columpio", "removal", "capture", "pushback",
	"relocation", "coronation", "stage", "huff available", "huff", "fortress"};

/* ===== The games' own kinds (TB_EV_GAME on) ===== */

/* How many events game 'g' brings. */
static unsigned S_count(const tb_game *g)
{
	unsigned n = 0;
	while (g->events && g->events[n].name)
		n++;
	return n;
}

unsigned tb_game_event_kind(const tb_game *g, unsigned i)
{
	return tb_game_kind_number(g, i, TB_EV_GAME, S_count);
}

const tb_game_event *tb_game_event_of(unsigned k, const tb_game **game)
{
	unsigned i;
	const tb_game *g = tb_game_kind_owner(k, TB_EV_GAME, S_count, &i);
	if (g && game)
		*game = g;
	return g ? &g->events[i] : NULL;
}

/* ===== Names ===== */

const char *tb_event_name(tb_event_kind k)
{
	if (k > 0 && k < TB_EV_KINDS)
		return S_names[k];
	const tb_game_event *ge = tb_game_event_of((unsigned)k, NULL);
	return ge ? ge->name : NULL;
}

tb_event_kind tb_event_kind_of(const char *name)
{
	for (tb_event_kind k = tb_event_kind_next(0); name && k; k = tb_event_kind_next(k))
		if (strcmp(tb_event_name(k), name) == 0)
			return k;
	return 0;
}

tb_event_kind tb_event_kind_next(tb_event_kind k)
{
	unsigned next = (unsigned)k + 1;
	if (next < TB_EV_KINDS)
		return (tb_event_kind)next;
	if (next < TB_EV_GAME)
		next = TB_EV_GAME;
	return tb_game_event_of(next, NULL) ? (tb_event_kind)next : 0;
}

int tb_event_counts(unsigned k)
{
	const tb_game_event *ge = tb_game_event_of(k, NULL);
	return k == TB_EV_FORTRESS || (ge && ge->fields & TB_EVF_COUNT);
}

/* A fortress event's 'a' is a count, not a point, and so is a game
 * event's that counts. */
static int S_counts(const tb_event *e)
{
	return tb_event_counts(e->kind);
}

void tb_events_write(tb_buf *b, const tb_events *ev)
{
	for (unsigned i = 0; i < ev->n; i++) {
		const tb_event *e = &ev->ev[i];
		tb_buf_puts(b, i ? "; " : "");
		tb_buf_puts(b, tb_event_name(e->kind));
		if (S_counts(e)) { /* the fortress has nine points */
			tb_buf_printf(b, e->kind == TB_EV_FORTRESS ? " %u/9" : " %u", e->a);
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

void tb_events_public(const tb_events *ev, tb_turn_event out[TB_EVENTS_MAX],
                      char pts[TB_EVENTS_MAX][2][4])
{
	for (unsigned i = 0; i < ev->n; i++) {
		const tb_event *e = &ev->ev[i];
		int count = S_counts(e);
		S_point_text(pts[i][0], count ? 0 : e->a);
		S_point_text(pts[i][1], e->b);
		out[i] = (tb_turn_event){tb_event_name(e->kind), *pts[i][0] ? pts[i][0] : NULL,
		                         *pts[i][1] ? pts[i][1] : NULL, count ? e->a : 0,
		                         (tb_event_kind)e->kind, e->piece ? TB_CELL_SIDE(e->piece) : -1,
		                         e->piece ? e->letter : 0,
		                         e->piece ? TB_CELL_CROWNED(e->piece) : 0};
	}
}
