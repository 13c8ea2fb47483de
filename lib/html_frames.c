/*
 * html_frames.c -- the positions a web page can show (spec/html.md):
 * each a frame of the record's JSON (the pieces a letter per point, the
 * marks of its turn as diagram.c's SVG fragments, its note), computed
 * when the page is written by the diagrams' walk (replay_walk.c), so
 * that the page's script only displays them. Shared through html.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caption.h"
#include "game.h"
#include "html.h"
#include "html_media.h"
#include "text_metrics.h"
#include "writer.h"

/* ===== JSON ===== */


void tb_ht_jkey(tb_buf *b, const char *key, const char *s)
{
	tb_buf_printf(b, ",\"%s\":", key);
	tb_buf_jstr(b, s, strlen(s));
}

/* ===== Frames ===== */

/* A writer that adds no white space: the marks' fragments. */
static void H_frag_init(tb_xw *w, tb_buf *b)
{
	tb_buf_clear(b);
	tb_xw_init(w, b);
	w->depth = 1;      /* as inside an element that holds text: */
	w->text_depth = 1; /* no new lines, no indentation */
}

/* The name of its own of the piece 'c' when crowned (Ocencahuac's Eagle
 * and Tiger), in the record's language, or NULL. */
static const char *H_crowned_name(const tb_ht_rec *r, uint8_t c)
{
	const tb_game *g = r->dia.rs->game;
	char key[64];
	if (!TB_CELL_CROWNED(c) || !*g->piece_types)
		return NULL;
	snprintf(key, sizeof key, "crowned.%s.%c", g->name, g->piece_types[TB_CELL_TYPE(c)]);
	return tb_lang_text(r->l, key);
}

/* The pieces of 's', one letter a point: '.' for none, else its kind's. */
static void H_pieces(tb_ht_rec *r, tb_buf *b, const tb_state *s)
{
	const tb_ruleset *rs = r->dia.rs;
	for (int p = 0; p < rs->geo.npoints; p++) {
		uint8_t c = s->cell[p];
		if (!c) {
			tb_buf_putc(b, '.');
			continue;
		}
		if (!r->kind_of[c] && r->nkinds < 26) {
			r->kind_of[c] = (uint8_t)++r->nkinds;
			int side = TB_CELL_SIDE(c);
			const char *types = rs->game->piece_types;
			char label[2] = {*types ? types[TB_CELL_TYPE(c)] : 0, 0};
			tb_buf_printf(&r->kinds, "%s[%d,", r->nkinds > 1 ? "," : "", side);
			tb_buf_jstr(&r->kinds, label, strlen(label));
			tb_buf_printf(&r->kinds, ",%d", TB_CELL_CROWNED(c));
			const char *name = H_crowned_name(r, c);
			if (name) {
				tb_buf_putc(&r->kinds, ',');
				tb_buf_jstr(&r->kinds, name, strlen(name));
			}
			tb_buf_putc(&r->kinds, ']');
		}
		tb_buf_putc(b, r->kind_of[c] ? (char)('A' + r->kind_of[c] - 1) : '.');
	}
}

/* Why the rules do not know the position where 'w' stands, in the
 * page's words, from its frame (note.h); with 'shown', which position
 * the board is. The caller frees it; NULL (the page spent) when memory
 * ran out. */
char *tb_ht_note_text(tb_ht_rec *r, const tb_walk *w, int shown)
{
	tb_note n;
	int ok = tb_note_make(&n, w);
	if (!shown)
		n.shown = NULL;
	char *t = tb_note_text(&n, r->l);
	return tb_ht_own(r, ok ? t : (free(t), NULL));
}

/* Frame 'r->nframes' as a line of text (tablero html --list): its
 * number, line, turn, caption, and its pieces by side (or "unknown"),
 * as the script shows them; a stop's words on a line of their own. */
static void H_list_frame(tb_ht_rec *r, const tb_walk *w, const char *caption, long prev, long line,
                         long ply, const char *why)
{
	tb_buf *b = r->list;
	tb_buf_printf(b, "f=%ld", r->nframes);
	if (ply >= 0)
		tb_buf_printf(b, " ply=%ld", ply);
	if (line)
		tb_buf_printf(b, " line=%ld from f=%ld", line, prev);
	tb_buf_printf(b, "  %s  ", caption);
	if (!w || !(w->live || tb_walk_open(w))) {
		tb_buf_puts(b, "unknown");
	} else {
		const tb_ruleset *rs = r->dia.rs;
		for (int side = 0; side < 2; side++) {
			tb_buf_printf(b, "%s%c:", side ? " " : "", rs->game->side_letter[side]);
			int first = 1;
			for (int p = 0; p < rs->geo.npoints; p++) {
				uint8_t c = w->st.cell[p];
				if (!c || TB_CELL_SIDE(c) != side)
					continue;
				const char *types = rs->game->piece_types;
				if (!first)
					tb_buf_putc(b, ',');
				first = 0;
				if (*types)
					tb_buf_putc(b, types[TB_CELL_TYPE(c)]);
				tb_buf_printf(b, "%c%d", 'a' + (int)rs->geo.points[p].x,
				              (int)rs->geo.points[p].y + 1);
				if (TB_CELL_CROWNED(c))
					tb_buf_putc(b, '+');
				if (H_crowned_name(r, c))
					tb_buf_printf(b, " %s", H_crowned_name(r, c));
			}
		}
	}
	tb_buf_putc(b, '\n');
	if (why)
		tb_buf_printf(b, "  %s\n", why);
}

/* Adds a frame: the position of walk 'w' when it is known (live), its
 * caption, the frame before it on its line ('prev', -1: none), its line
 * ('line'), the main line's ply it is the turn of ('ply', -1: none), the
 * main line's frame a variation goes back to ('back'), and why the rules
 * stop here ('why', or NULL). Returns its index. */
long tb_ht_frame(tb_ht_rec *r, const tb_walk *w, const char *caption, long prev, long line,
                 long ply, long back, const char *why)
{
	tb_buf *b = &r->frames;
	char *note = NULL; /* an open stretch: the last position known, and why */
	if (!why && w && tb_walk_open(w))
		why = note = tb_ht_note_text(r, w, 1);
	if (!caption) { /* out of memory making it */
		tb_buf_fail(b);
		caption = "";
	}
	if (r->nframes)
		tb_buf_putc(b, ',');
	tb_buf_puts(b, "{\"c\":");
	tb_buf_jstr(b, caption, strlen(caption));
	if (w && (w->live || tb_walk_open(w))) {
		tb_buf_clear(&r->tmp);
		H_pieces(r, &r->tmp, &w->st);
		tb_ht_jkey(b, "s", tb_ht_s(r, &r->tmp));
		tb_view f;
		if (!tb_view_from_walk(&f, w, (long)tb_record_plies(r->rec)))
			tb_buf_fail(b);
		tb_xw u, o;
		H_frag_init(&u, &r->under);
		H_frag_init(&o, &r->over);
		tb_dia_marks(&r->dia, &u, &o, &f);
		if (r->under.len)
			tb_ht_jkey(b, "u", tb_ht_s(r, &r->under));
		if (r->over.len)
			tb_ht_jkey(b, "o", tb_ht_s(r, &r->over));
	}
	if (prev >= 0)
		tb_buf_printf(b, ",\"p\":%ld", prev);
	if (line)
		tb_buf_printf(b, ",\"l\":%ld", line);
	if (ply >= 0)
		tb_buf_printf(b, ",\"y\":%ld", ply);
	if (back >= 0)
		tb_buf_printf(b, ",\"b\":%ld", back);
	if (why)
		tb_ht_jkey(b, "w", why);
	tb_buf_putc(b, '}');
	if (r->list)
		H_list_frame(r, w, caption, prev, line, ply, why);
	free(note);
	return r->nframes++;
}

