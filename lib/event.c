/*
 * event.c -- the events a turn derives (spec/tgn.md, "Derived events"):
 * the one table of their names, and the forms they take outside the
 * rules engines -- the public tb_turn_event, and the display text
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

const char *tb_event_name(tb_event_kind k)
{
	return k > 0 && k < TB_EV_KINDS ? S_names[k] : NULL;
}

tb_event_kind tb_event_kind_of(const char *name)
{
	for (int k = 1; name && k < TB_EV_KINDS; k++)
		if (strcmp(S_names[k], name) == 0)
			return (tb_event_kind)k;
	return 0;
}

/* A fortress event's 'a' is a count, not a point. */
static int S_counts(const tb_event *e)
{
	return e->kind == TB_EV_FORTRESS;
}

void tb_events_write(tb_buf *b, const tb_events *ev)
{
	for (unsigned i = 0; i < ev->n; i++) {
		const tb_event *e = &ev->ev[i];
		tb_buf_puts(b, i ? "; " : "");
		tb_buf_puts(b, tb_event_name(e->kind));
		if (S_counts(e)) {
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
