/*
 * textboard.c -- a position drawn as text, for a terminal
 * (tb_engine_board, spec/show.md).
 *
 * The geometry is the diagrams' (rules.h): each point at its place on a
 * grid of four columns and two rows per board unit, the lines between
 * points drawn with - | / \ (+ and X where two cross), the board's
 * areas and lines with the signs the game gives them (tb_game.marks), as
 * the key says, then the pieces: the game's type letter (upper case
 * for the first side, lower case for the second) or the side's letter,
 * '*' after a crowned piece. Plain ASCII, so that a board copied into a
 * mail or a notebook stays a board; colour only when asked, each side's
 * the game's (tb_game.side_sgr).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang.h"
#include "rules.h"
#include "tablero.h"
#include "xalloc.h"

enum { UNIT_COLS = 4, UNIT_ROWS = 2 };

typedef struct S_canvas {
	int w, h;
	char *ch;
	signed char *side; /* the side whose piece a cell shows, or -1 */
	int xmin, ymax;
} S_canvas;

static int S_round(float v) { return (int)(v + (v < 0 ? -0.5f : 0.5f)); }
static int S_col(const S_canvas *c, float x) { return S_round((x - (float)c->xmin) * UNIT_COLS); }
static int S_row(const S_canvas *c, float y) { return S_round(((float)c->ymax - y) * UNIT_ROWS); }

static void S_put(S_canvas *c, int col, int row, char ch)
{
	if (col < 0 || row < 0 || col >= c->w || row >= c->h)
		return;
	char *at = &c->ch[row * c->w + col];
	if (*at == ' ' || *at == ch)
		*at = ch;
	else if ((*at == '-' && ch == '|') || (*at == '|' && ch == '-'))
		*at = '+';
	else if ((*at == '/' && ch == '\\') || (*at == '\\' && ch == '/'))
		*at = 'X';
}

/* The line from point a to point b: straight runs between them, or one
 * stroke in the middle of each diagonal step. */
static void S_edge(S_canvas *c, const tb_geo_point *a, const tb_geo_point *b)
{
	int c0 = S_col(c, a->x), r0 = S_row(c, a->y), c1 = S_col(c, b->x), r1 = S_row(c, b->y);
	int sc = (c1 > c0) - (c1 < c0), sr = (r1 > r0) - (r1 < r0);
	if (r0 == r1) {
		for (int k = c0 + sc; k != c1; k += sc)
			S_put(c, k, r0, '-');
	} else if (c0 == c1) {
		for (int k = r0 + sr; k != r1; k += sr)
			S_put(c, c0, k, '|');
	} else if (abs(c1 - c0) * UNIT_ROWS == abs(r1 - r0) * UNIT_COLS) {
		for (int k = 0; k < abs(r1 - r0) / UNIT_ROWS; k++)
			S_put(c, c0 + sc * (k * UNIT_COLS + UNIT_COLS / 2),
			      r0 + sr * (k * UNIT_ROWS + UNIT_ROWS / 2), sc == sr ? '\\' : '/');
	}
}

/* The game's way of showing a mark of class 'cls', or NULL. */
static const tb_game_mark *S_mark_of(const tb_game *game, const char *cls)
{
	for (const tb_game_mark *k = game->marks; k && k->cls; k++)
		if (strcmp(k->cls, cls) == 0)
			return k;
	return NULL;
}

/* The marks: lines as runs of their sign where nothing else is drawn
 * (after the edges); areas give their sign to the empty points in them. */
static void S_mark_lines(S_canvas *c, const tb_game *game, const tb_geometry *g)
{
	for (int i = 0; i < g->nmarks; i++) {
		const tb_geo_mark *m = &g->marks[i];
		const tb_game_mark *k = S_mark_of(game, m->cls);
		float row = ((float)c->ymax - m->y1) * UNIT_ROWS;
		if (m->area || !k || row != (float)S_round(row))
			continue;
		int from = S_col(c, m->x1), to = S_col(c, m->x2);
		for (int col = from < 0 ? 0 : from; col <= to && col < c->w; col++)
			if (c->ch[S_round(row) * c->w + col] == ' ')
				c->ch[S_round(row) * c->w + col] = k->ch;
	}
}

static char S_empty_point(const tb_game *game, const tb_geometry *g, const tb_geo_point *p)
{
	for (int i = 0; i < g->nmarks; i++) {
		const tb_geo_mark *m = &g->marks[i];
		const tb_game_mark *k = S_mark_of(game, m->cls);
		if (m->area && k && p->x >= m->x1 && p->x <= m->x2 && p->y >= m->y1 &&
		    p->y <= m->y2)
			return k->ch;
	}
	return '.';
}

static char S_piece_char(const tb_game *g, uint8_t cell)
{
	int side = TB_CELL_SIDE(cell);
	if (!*g->piece_types)
		return g->side_letter[side];
	char t = g->piece_types[TB_CELL_TYPE(cell)];
	return (char)(side ? tolower((unsigned char)t) : toupper((unsigned char)t));
}

/* 0 when memory ran out (and then nothing is the caller's to free). */
static int S_canvas_draw(S_canvas *c, const tb_ruleset *rs, const tb_state *s)
{
	const tb_geometry *g = &rs->geo;
	int xmax = 0, ymin = 0;
	c->xmin = c->ymax = 0;
	for (int i = 0; i < g->npoints; i++) {
		int x = S_round(g->points[i].x), y = S_round(g->points[i].y);
		if (!i || x < c->xmin)
			c->xmin = x;
		if (!i || x > xmax)
			xmax = x;
		if (!i || y < ymin)
			ymin = y;
		if (!i || y > c->ymax)
			c->ymax = y;
	}
	c->w = (xmax - c->xmin) * UNIT_COLS + 2; /* room for a crown after the last file */
	c->h = (c->ymax - ymin) * UNIT_ROWS + 1;
	c->ch = tb_malloc((size_t)(c->w * c->h));
	c->side = tb_malloc((size_t)(c->w * c->h));
	if (!c->ch || !c->side) {
		free(c->ch);
		free(c->side);
		return 0;
	}
	memset(c->ch, ' ', (size_t)(c->w * c->h));
	memset(c->side, -1, (size_t)(c->w * c->h));
	for (int e = 0; !g->edges_hidden && e < g->nedges; e++)
		S_edge(c, &g->points[g->edges[e].a], &g->points[g->edges[e].b]);
	S_mark_lines(c, rs->game, g);
	for (int i = 0; i < g->npoints; i++) {
		int col = S_col(c, g->points[i].x), row = S_row(c, g->points[i].y);
		uint8_t cell = s->cell[i];
		c->ch[row * c->w + col] = cell ? S_piece_char(rs->game, cell) : S_empty_point(rs->game, g, &g->points[i]);
		if (!cell)
			continue;
		c->side[row * c->w + col] = (signed char)TB_CELL_SIDE(cell);
		if (TB_CELL_CROWNED(cell)) {
			c->ch[row * c->w + col + 1] = '*';
			c->side[row * c->w + col + 1] = (signed char)TB_CELL_SIDE(cell);
		}
	}
	return 1;
}

static const char *S_sgr(const tb_game *g, int side)
{
	return g->side_sgr[side] ? g->side_sgr[side] : "1";
}

/* The rows, each with its rank on the left, then the files. */
static void S_canvas_write(tb_buf *b, const S_canvas *c, const tb_game *g, int colour)
{
	for (int row = 0; row < c->h; row++) {
		int end = c->w;
		while (end > 0 && c->ch[row * c->w + end - 1] == ' ')
			end--;
		if (row % UNIT_ROWS == 0)
			tb_buf_printf(b, "%2d  ", c->ymax - row / UNIT_ROWS + 1);
		else if (end)
			tb_buf_puts(b, "    ");
		for (int col = 0; col < end; col++) {
			int side = c->side[row * c->w + col];
			if (colour && side >= 0)
				tb_buf_printf(b, "\033[%sm%c\033[0m", S_sgr(g, side), c->ch[row * c->w + col]);
			else
				tb_buf_putc(b, c->ch[row * c->w + col]);
		}
		tb_buf_putc(b, '\n');
	}
	tb_buf_puts(b, "    ");
	for (int x = 0; x * UNIT_COLS < c->w - 1; x++)
		tb_buf_printf(b, "%c%s", 'a' + c->xmin + x, (x + 1) * UNIT_COLS < c->w - 1 ? "   " : "");
	tb_buf_putc(b, '\n');
}

/* The words of 'key' for 'n' in 'l', "{1}" the number, into 'b'. */
static void S_say_n(tb_buf *b, const tb_lang *l, const char *key, long n)
{
	char num[24];
	snprintf(num, sizeof num, "%ld", n);
	const char *args[] = {num};
	tb_lang_fill(b, tb_lang_text_n(l, key, n), args, 1);
}

/* The side's name in 'l' (the game's words), its first letter upper case
 * when it is an ASCII letter ("Red", "Rojas", "الأحمر"). */
static void S_side_name(tb_buf *b, const tb_game *g, const tb_lang *l, int side)
{
	char key[64];
	snprintf(key, sizeof key, "side.%s.%d", g->name, side);
	const char *name = tb_lang_text(l, key);
	if (!name)
		name = g->side_name[side];
	tb_buf_printf(b, "%c%s", toupper((unsigned char)name[0]), name + 1);
}

/* "Red (R)", "Atacantes (A)", "Sangangüey (E M P G)": the game's. */
static void S_side_title(tb_buf *b, const tb_game *g, const tb_lang *l, int side)
{
	S_side_name(b, g, l, side);
	tb_buf_puts(b, " (");
	if (!*g->piece_types)
		tb_buf_putc(b, g->side_letter[side]);
	for (const char *t = g->piece_types; *t; t++)
		tb_buf_printf(b, "%s%c", t == g->piece_types ? "" : " ",
		              side ? tolower((unsigned char)*t) : toupper((unsigned char)*t));
	tb_buf_putc(b, ')');
}

/* A mark's words in 'l': the game's "mark.<game>.<class>", else what the
 * descriptor says (English). */
static const char *S_mark_words(const tb_game *g, const tb_game_mark *k, const tb_lang *l)
{
	char key[96];
	snprintf(key, sizeof key, "mark.%s.%s", g->name, k->cls);
	const char *t = tb_lang_text(l, key);
	return t ? t : k->what;
}

/* The key: each side's pieces, the marks the board has, whose turn it
 * is or how the game ended, and the position's notation; in 'l'. */
static void S_key(tb_buf *b, const tb_ruleset *rs, const tb_state *s, const tb_lang *l)
{
	const tb_game *g = rs->game;
	int crowned = 0;
	for (int side = 0; side < 2; side++) {
		int on = tb_popcount(s->bits[side]);
		S_side_title(b, g, l, side);
		tb_buf_puts(b, ": ");
		S_say_n(b, l, "show.on", on);
		if (s->hand[side]) {
			tb_buf_puts(b, tb_lang_text(l, "book.contents.sep"));
			tb_buf_putc(b, ' ');
			S_say_n(b, l, "show.hand", s->hand[side]);
		}
		if (s->taken[side]) {
			tb_buf_puts(b, tb_lang_text(l, "book.contents.sep"));
			tb_buf_putc(b, ' ');
			S_say_n(b, l, "show.taken", s->taken[side]);
		}
		tb_buf_putc(b, '\n');
	}
	char named[64] = ""; /* a crowned piece's name of its own (the game's words) */
	for (int i = 0; i < rs->geo.npoints; i++) {
		crowned |= s->cell[i] && TB_CELL_CROWNED(s->cell[i]);
		if (s->cell[i] && TB_CELL_CROWNED(s->cell[i]) && *g->piece_types && !named[0]) {
			char key[64];
			snprintf(key, sizeof key, "crowned.%s.%c", g->name,
			         g->piece_types[TB_CELL_TYPE(s->cell[i])]);
			if (tb_lang_text(l, key))
				snprintf(named, sizeof named, "caption.crowned.%s", g->name);
		}
	}
	for (int i = 0; i < rs->geo.nmarks; i++) { /* each kind of mark once */
		const tb_game_mark *k = S_mark_of(g, rs->geo.marks[i].cls);
		int said = 0;
		for (int j = 0; k && j < i; j++)
			said |= S_mark_of(g, rs->geo.marks[j].cls) == k;
		if (k && !said)
			tb_buf_printf(b, "%c %s\n", k->ch, S_mark_words(g, k, l));
	}
	if (crowned) {
		const char *args[] = {named[0] ? tb_lang_text(l, named) : NULL};
		tb_lang_fill(b, tb_lang_text(l, args[0] ? "show.crowned.named" : "show.crowned"), args, 1);
		tb_buf_putc(b, '\n');
	}
	tb_result res;
	char why[200];
	if (tb_rules_over_in(rs, s, l, &res, why, sizeof why)) {
		const char *args[] = {tb_result_text[res], why};
		tb_lang_fill(b, tb_lang_text(l, "show.over"), args, 2);
	} else {
		tb_buf side = TB_BUF_SOFT;
		char num[24];
		snprintf(num, sizeof num, "%u%s", s->number, s->to_move ? "..." : ".");
		S_side_name(&side, g, l, s->to_move);
		const char *args[] = {tb_buf_ok(&side) && side.data ? side.data : "", num};
		if (!tb_buf_ok(&side))
			tb_buf_fail(b);
		tb_lang_fill(b, tb_lang_text(l, "show.to_move"), args, 2);
		tb_buf_free(&side);
	}
	tb_buf_putc(b, '\n');
	tb_arena a = {0};
	tb_position p;
	if (tb_rules_save(rs, s, &a, &p) == 0) {
		tb_buf_puts(b, tb_lang_text(l, "show.position"));
		tb_buf_putc(b, ' ');
		tb_position_write(b, g, &p);
		tb_buf_putc(b, '\n');
	} else {
		tb_buf_fail(b);
	}
	tb_arena_free(&a);
}

void tb_board_text(tb_buf *b, const tb_ruleset *rs, const tb_state *s, unsigned flags,
                   const tb_lang *l)
{
	S_canvas c;
	if (!S_canvas_draw(&c, rs, s)) {
		tb_buf_fail(b);
		return;
	}
	S_canvas_write(b, &c, rs->game, (flags & TB_BOARD_COLOUR) != 0);
	S_key(b, rs, s, l);
	free(c.ch);
	free(c.side);
}
