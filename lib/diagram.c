/*
 * diagram.c -- drawing positions (diagram.h): the board from the rules
 * engine's geometry, the pieces, what the last turn did, the style
 * sheet; the view of a position from the main line's walk; an SVG
 * document's opening and the paper's size. What tablero svg (svg.c),
 * the books (book.c) and the web pages (html.c) share; none of them
 * draws a board of its own. spec/svg.md says what is drawn and why.
 *
 * Units: one board unit (the distance between neighbouring grid points)
 * is U user units. Every element has a CSS class, and the look is one
 * <style> sheet (colour or grayscale), so an editor restyles a diagram
 * by replacing it.
 *
 * Layers, bottom to top: the board (areas, lines, points), the lines of
 * three just formed, the arrows of the last turn with their white
 * halos, the ghosts of the pieces it took, the pieces, their letters;
 * then the marks that stand beside a piece and never on it (a ring
 * round a placed piece, a cross on an empty point or at a piece's
 * corner). So no mark of the last turn ever covers a piece or its
 * letter. The author's marks (spec/tgn.md 8.7): shaded points at the
 * bottom; arrows over the pieces (S_am_arrows says why); rings round a
 * piece and labels beside it, on top.
 */
#include <stdio.h>
#include <string.h>

#include "diagram.h"
#include "game.h"
#include "text_metrics.h"

#define U 10.0        /* user units per board unit */
#define PAD 0.7       /* board units around the points */
#define MARGIN TB_DIA_MARGIN /* user units around everything, on every side */
#define COORD 3.2     /* the coordinates' font size */
#define COORD_GAP 1.4 /* between the board and its coordinates */
#define FILES_H 4.8   /* user units for the files' letters under the board */
#define PIECE_R TB_DIA_PIECE_R /* a piece's radius (half a square piece's side) */

/* ===== Style ===== */

/* The house's colour sheet and its grayscale one: the classes of what
 * every game's diagrams draw -- the board, its lines and points, the
 * coordinates, the last turn's arrows, ghosts, crosses and rings, lines
 * of three, crowns, the author's marks -- with no colour of any game's.
 * A game's own classes (its pieces' tb_game.piece_class, the marks its
 * rules add to the geometry, the colours 1 and 2 of its edges, "line
 * red" and "line blue") are styled by its descriptor (tb_game.css),
 * whose rules follow these, for the games the document draws only. In
 * grayscale every distinction the colours make survives in shapes,
 * fills, dashes and patterns (the dot pattern, "url(#dots)", is the
 * house's for a game's grayscale areas: no line style of any board has
 * its look, where a hatching would have the angle of some line). */
static const char S_css_colour[] =
	"svg{font-family:'DejaVu Sans',sans-serif}"
	".board{fill:#fbf7ee;stroke:#c8bc9f;stroke-width:0.5}"
	".line{stroke:#333;stroke-width:0.6;fill:none}"
	".point{fill:#333}.cell{fill:#9ab}"
	".tercia{stroke:#f5c542;stroke-width:8.4;stroke-linecap:round;fill:none}"
	".halo{stroke:#fff;stroke-width:2.8;fill:none;stroke-linecap:round;stroke-linejoin:round}"
	".move{stroke:#0a7d32;stroke-width:1.1;fill:none;stroke-linejoin:round;"
	"marker-end:url(#arrow)}"
	".push{stroke:#8e44ad;stroke-width:1;fill:none;stroke-dasharray:1.8,1;"
	"marker-end:url(#arrow-push)}"
	".from{fill:#fff;stroke:#0a7d32;stroke-width:0.8}"
	".piece{stroke:#111;stroke-width:0.6}"
	".ghost{fill:#fff;stroke-width:0.6;stroke-dasharray:1.2,0.8}"
	".label{font-size:4px;font-weight:bold;text-anchor:middle}"
	".crown{fill:none;stroke:#c89b00;stroke-width:0.8}"
	".placed{fill:none;stroke:#0a7d32;stroke-width:0.9}"
	".taken{stroke:#b00;stroke-width:1.1;stroke-linecap:round}"
	".huffed{fill:none;stroke:#b00;stroke-width:0.9;stroke-dasharray:1,0.8}"
	".arrowhead{fill:#0a7d32}.arrowhead.push{fill:#8e44ad}"
	".coord{font-size:3.2px;fill:#555;text-anchor:middle}.coord.rank{text-anchor:end}"
	".caption{fill:#111}.b{font-weight:bold}"
	/* author's marks (spec/tgn.md 8.7): the palette G R Y B */
	".am-arrow{fill:none;stroke-width:1.4;stroke-linecap:round;opacity:.8}"
	".am-ring{fill:none;stroke-width:1.3}.am-shade{stroke:none;opacity:.5}"
	".am-label{font-size:5px;font-weight:bold;text-anchor:middle;stroke:#fff;"
	"stroke-width:1;paint-order:stroke}.am-label.small{font-size:4px}"
	".am-arrow.am-g,.am-ring.am-g{stroke:#15781b}.am-shade.am-g,.am-label.am-g,.am-head.am-g{fill:#15781b}"
	".am-arrow.am-r,.am-ring.am-r{stroke:#c41e1e}.am-shade.am-r,.am-label.am-r,.am-head.am-r{fill:#c41e1e}"
	".am-arrow.am-y,.am-ring.am-y{stroke:#e68f00}.am-shade.am-y,.am-label.am-y,.am-head.am-y{fill:#e68f00}"
	".am-arrow.am-b,.am-ring.am-b{stroke:#1a4fc4}.am-shade.am-b,.am-label.am-b,.am-head.am-b{fill:#1a4fc4}"
	".am-arrow.am-g{marker-end:url(#am-head-g)}.am-arrow.am-r{marker-end:url(#am-head-r)}"
	".am-arrow.am-y{marker-end:url(#am-head-y)}.am-arrow.am-b{marker-end:url(#am-head-b)}";

static const char S_css_gray[] =
	"svg{font-family:'DejaVu Sans',sans-serif}"
	".board{fill:#fff;stroke:#000;stroke-width:0.35}"
	".line{stroke:#000;stroke-width:0.6;fill:none}"
	".point{fill:#000}.cell{fill:#888}"
	".tercia{stroke:#c8c8c8;stroke-width:8.4;stroke-linecap:round;fill:none}"
	".halo{stroke:#fff;stroke-width:2.8;fill:none;stroke-linecap:round;stroke-linejoin:round}"
	".move{stroke:#000;stroke-width:1.1;fill:none;stroke-linejoin:round;"
	"marker-end:url(#arrow)}"
	".push{stroke:#000;stroke-width:1;fill:none;stroke-dasharray:1.8,1;"
	"marker-end:url(#arrow-push)}"
	".from{fill:#fff;stroke:#000;stroke-width:0.8}"
	".piece{stroke:#000;stroke-width:0.6}"
	".ghost{fill:#fff;stroke:#000;stroke-width:0.6;stroke-dasharray:1.2,0.8}"
	".label{font-size:4px;font-weight:bold;text-anchor:middle}"
	".crown{fill:none;stroke:#000;stroke-width:0.8;stroke-dasharray:1,0.6}"
	".placed{fill:none;stroke:#000;stroke-width:0.9}"
	".taken{stroke:#000;stroke-width:1.1;stroke-linecap:round}"
	".huffed{fill:none;stroke:#000;stroke-width:0.9;stroke-dasharray:1,0.8}"
	".arrowhead{fill:#000}.arrowhead.push{fill:#000}"
	".coord{font-size:3.2px;fill:#000;text-anchor:middle}.coord.rank{text-anchor:end}"
	".caption{fill:#000}.b{font-weight:bold}"
	/* author's marks: the colours told apart by dashes (arrows, rings,
	 * a shade's edge) and by a shade's gray: G solid, R dashed, Y dotted,
	 * B dash and dot */
	".am-arrow{fill:none;stroke:#000;stroke-width:1.4;stroke-linecap:butt}"
	".am-ring{fill:none;stroke:#000;stroke-width:1.3}"
	".am-shade{stroke:#000;stroke-width:0.5}.am-head{fill:#000}"
	".am-label{font-size:5px;font-weight:bold;text-anchor:middle;fill:#000;stroke:#fff;"
	"stroke-width:1;paint-order:stroke}.am-label.small{font-size:4px}"
	".am-shade.am-g{fill:#d9d9d9}.am-shade.am-r{fill:#a6a6a6}"
	".am-shade.am-y{fill:#f0f0f0}.am-shade.am-b{fill:#c0c0c0}"
	".am-arrow.am-r,.am-ring.am-r,.am-shade.am-r{stroke-dasharray:3,1.5}"
	".am-arrow.am-y,.am-ring.am-y,.am-shade.am-y{stroke-dasharray:0.9,0.9}"
	".am-arrow.am-b,.am-ring.am-b,.am-shade.am-b{stroke-dasharray:3,1,0.9,1}"
	".am-arrow{marker-end:url(#am-head-g)}";

/* The own rules of the games of 'games' (tb_game_bit), in the games'
 * order: only the drawn games', so that a game added changes no other
 * game's diagrams. */
static void S_games_css(tb_xw *w, tb_buf *b, int grayscale, uint64_t games)
{
	for (size_t i = 0; i < 64 && tb_game_at(i); i++) {
		if (!(games >> i & 1))
			continue;
		const char *css = tb_game_at(i)->css[grayscale != 0];
		if (css && w)
			tb_xw_raw(w, css, strlen(css));
		else if (css)
			tb_buf_puts(b, css);
	}
}

void tb_dia_defs(tb_xw *w, int grayscale, uint64_t games, const char *more)
{
	tb_xw_start(w, "defs", "defs");
	tb_xw_start(w, "style", NULL); /* SVG 1.1 gives <style> no class */
	tb_xw_attr(w, "type", "text/css");
	tb_xw_inline(w);
	tb_xw_raw(w, grayscale ? S_css_gray : S_css_colour,
	          grayscale ? sizeof S_css_gray - 1 : sizeof S_css_colour - 1);
	S_games_css(w, NULL, grayscale, games);
	if (more)
		tb_xw_raw(w, more, strlen(more));
	tb_xw_end(w);
	tb_dia_markers(w);
	tb_xw_end(w);
}

void tb_dia_css(tb_buf *b, int grayscale, uint64_t games)
{
	tb_buf_puts(b, grayscale ? S_css_gray : S_css_colour);
	S_games_css(NULL, b, grayscale, games);
}

/* A marker 'id' of class "arrowhead-marker" holding a triangular head of
 * class 'cls', its tip 'ref' units into it, drawn 'size' wide. */
static void S_marker(tb_xw *w, const char *id, const char *cls, const char *ref,
                     const char *size)
{
	tb_xw_start(w, "marker", "arrowhead-marker");
	tb_xw_attr(w, "id", id);
	tb_xw_attr(w, "viewBox", "0 0 10 10");
	tb_xw_attr(w, "refX", ref);
	tb_xw_attr(w, "refY", "5");
	tb_xw_attr(w, "markerWidth", size);
	tb_xw_attr(w, "markerHeight", size);
	tb_xw_attr(w, "orient", "auto");
	tb_xw_start(w, "path", cls);
	tb_xw_attr(w, "d", "M0,0 L10,5 L0,10 z");
	tb_xw_end(w);
	tb_xw_end(w);
}

void tb_dia_markers(tb_xw *w)
{
	/* the tip at the path's end */
	S_marker(w, "arrow", "arrowhead", "10", "3.6");
	S_marker(w, "arrow-push", "arrowhead push", "10", "3.6");
	for (int c = 0; c < 4; c++) { /* author's arrows' heads, one per colour */
		char id[16], cls[24];
		snprintf(id, sizeof id, "am-head-%c", "gryb"[c]);
		snprintf(cls, sizeof cls, "am-head am-%c", "gryb"[c]);
		S_marker(w, id, cls, "7", "3");
	}
	tb_xw_start(w, "pattern", "dots");
	tb_xw_attr(w, "id", "dots");
	tb_xw_attr(w, "patternUnits", "userSpaceOnUse");
	tb_xw_attr(w, "width", "2.2");
	tb_xw_attr(w, "height", "2.2");
	tb_xw_start(w, "circle", "dot");
	tb_xw_attr(w, "cx", "1.1");
	tb_xw_attr(w, "cy", "1.1");
	tb_xw_attr(w, "r", "0.3");
	tb_xw_attr(w, "fill", "#000");
	tb_xw_end(w);
	tb_xw_end(w);
}

/* ===== The board ===== */

/* Board units to drawing units: x grows right, y grows down the page. */
static double S_x(const tb_dia *d, double bx) { return d->bx + (PAD + bx - d->xmin) * U; }
static double S_y(const tb_dia *d, double by) { return d->by + (PAD + d->ymax - by) * U; }

static void S_point_xy(const tb_dia *d, tb_point pt, double *x, double *y)
{
	int at = tb_geo_at(&d->rs->geo, pt);
	const tb_geo_point *gp = &d->rs->geo.points[at < 0 ? 0 : at];
	*x = S_x(d, gp->x);
	*y = S_y(d, gp->y);
}

void tb_dia_init(tb_dia *d, const tb_ruleset *rs, int grayscale, int no_coords)
{
	memset(d, 0, sizeof *d);
	d->board.soft = 1;
	d->rs = rs;
	d->grayscale = grayscale;
	d->no_coords = no_coords;
	const tb_geometry *g = &rs->geo;
	d->xmin = d->ymin = 1e9f;
	d->xmax = d->ymax = -1e9f;
	for (int p = 0; p < g->npoints; p++) {
		const tb_geo_point *gp = &g->points[p];
		d->xmin = gp->x < d->xmin ? gp->x : d->xmin;
		d->xmax = gp->x > d->xmax ? gp->x : d->xmax;
		d->ymin = gp->y < d->ymin ? gp->y : d->ymin;
		d->ymax = gp->y > d->ymax ? gp->y : d->ymax;
	}
	char widest[16]; /* the ranks' labels, right-aligned beside the board */
	snprintf(widest, sizeof widest, "%d", (int)d->ymax + 1);
	double gutter = no_coords ? 0 : tb_text_em(widest, strlen(widest), 0) * COORD + COORD_GAP;
	d->bx = MARGIN + gutter;
	d->by = MARGIN;
	d->bw = (d->xmax - d->xmin + 2 * PAD) * U;
	d->bh = (d->ymax - d->ymin + 2 * PAD) * U;
	d->width = d->bx + d->bw + MARGIN;
	d->height = d->by + d->bh + (no_coords ? 0 : FILES_H) + MARGIN;
	d->board_depth = -1;
}

void tb_dia_free(tb_dia *d) { tb_buf_free(&d->board); }

static void S_line(tb_xw *w, const char *cls, double x1, double y1, double x2, double y2)
{
	tb_xw_start(w, "line", cls);
	tb_xw_num(w, "x1", x1);
	tb_xw_num(w, "y1", y1);
	tb_xw_num(w, "x2", x2);
	tb_xw_num(w, "y2", y2);
	tb_xw_end(w);
}

static void S_circle(tb_xw *w, const char *cls, double x, double y, double r)
{
	tb_xw_start(w, "circle", cls);
	tb_xw_num(w, "cx", x);
	tb_xw_num(w, "cy", y);
	tb_xw_num(w, "r", r);
	tb_xw_end(w);
}

static void S_rect(tb_xw *w, const char *cls, double x, double y, double width, double height)
{
	tb_xw_start(w, "rect", cls);
	tb_xw_num(w, "x", x);
	tb_xw_num(w, "y", y);
	tb_xw_num(w, "width", width);
	tb_xw_num(w, "height", height);
	tb_xw_end(w);
}

static void S_text(tb_xw *w, const char *cls, double x, double y, const char *s)
{
	tb_xw_start(w, "text", cls);
	tb_xw_num(w, "x", x);
	tb_xw_num(w, "y", y);
	tb_xw_text(w, s, strlen(s));
	tb_xw_end(w);
}

/* The board and its coordinates: the same for every frame. */
static void S_board(const tb_dia *d, tb_xw *w)
{
	const tb_geometry *g = &d->rs->geo;
	S_rect(w, "board", d->bx, d->by, d->bw, d->bh);
	for (int i = 0; i < g->nmarks; i++) {
		const tb_geo_mark *m = &g->marks[i];
		if (m->area)
			S_rect(w, m->cls, S_x(d, m->x1), S_y(d, m->y2), (m->x2 - m->x1) * U,
			       (m->y2 - m->y1) * U);
		else
			S_line(w, m->cls, S_x(d, m->x1), S_y(d, m->y1), S_x(d, m->x2), S_y(d, m->y2));
	}
	for (int e = 0; !g->edges_hidden && e < g->nedges; e++) {
		const tb_geo_edge *ed = &g->edges[e];
		S_line(w, ed->colour == 1 ? "line red" : ed->colour == 2 ? "line blue" : "line",
		       S_x(d, g->points[ed->a].x), S_y(d, g->points[ed->a].y), S_x(d, g->points[ed->b].x),
		       S_y(d, g->points[ed->b].y));
	}
	for (int p = 0; p < g->npoints; p++) {
		int on_mark = 0; /* a cell between the river's lines, not a point */
		for (int i = 0; g->edges_hidden && i < g->nmarks; i++)
			on_mark |= g->marks[i].area && g->points[p].y >= g->marks[i].y1 &&
			           g->points[p].y <= g->marks[i].y2;
		int cell = g->edges_hidden && !on_mark;
		S_circle(w, cell ? "cell" : "point", S_x(d, g->points[p].x), S_y(d, g->points[p].y),
		         cell ? 0.5 : 1.0);
	}
	if (d->no_coords)
		return;
	for (int f = (int)d->xmin; f <= (int)d->xmax; f++) {
		char s[2] = {(char)('a' + f), 0};
		S_text(w, "coord", S_x(d, f), d->by + d->bh + COORD_GAP + 0.76 * COORD, s);
	}
	for (int r = (int)d->ymin; r <= (int)d->ymax; r++) {
		char s[16];
		snprintf(s, sizeof s, "%d", r + 1);
		S_text(w, "coord rank", d->bx - COORD_GAP, S_y(d, r) + 0.36 * COORD, s);
	}
}

/* ===== What the last turn did ===== */

/* A piece's shape at (x, y): a circle, or a square (tb_game.square_pieces). */
static void S_shape(const tb_dia *d, tb_xw *w, const char *cls, double x, double y, double r)
{
	if (d->rs->game->square_pieces)
		S_rect(w, cls, x - r, y - r, 2 * r, 2 * r);
	else
		S_circle(w, cls, x, y, r);
}

static double S_sqrt(double v) /* Newton: libm is not linked for a root */
{
	if (v <= 0)
		return 0;
	double r = v > 1 ? v : 1;
	for (int i = 0; i < 40; i++)
		r = (r + v / r) / 2;
	return r;
}

/* Moves (x2,y2) back towards (x1,y1) by 'cut' (not past the middle). */
static void S_shorten(double x1, double y1, double *x2, double *y2, double cut)
{
	double dx = *x2 - x1, dy = *y2 - y1, len = S_sqrt(dx * dx + dy * dy);
	if (len > 2 * cut) {
		*x2 -= dx / len * cut;
		*y2 -= dy / len * cut;
	}
}

static void S_path(tb_xw *w, const char *cls, const char *path)
{
	tb_xw_start(w, "path", cls);
	tb_xw_attr(w, "d", path);
	tb_xw_end(w);
}

static void S_xy(tb_buf *b, char cmd, double x, double y)
{
	tb_buf_putc(b, cmd);
	tb_num(b, x);
	tb_buf_putc(b, ',');
	tb_num(b, y);
	tb_buf_putc(b, ' ');
}

/* The mover's path: the points of its parts, in order. */
static int S_route(const tb_dia *d, const tb_turn *t, double *xs, double *ys)
{
	int n = 0;
	for (unsigned i = 0; i < t->nparts; i++) {
		const tb_part *p = &t->parts[i];
		if (tb_part_moves(p->kind)) {
			S_point_xy(d, p->pt, &xs[n], &ys[n]);
			n++;
		}
	}
	return n;
}

/* The side that played the frame's turn: the piece's where it ended. */
static int S_mover(const tb_dia *d, const tb_view *f)
{
	for (int i = (int)f->last.nparts - 1; i >= 0; i--) {
		const tb_part *p = &f->last.parts[i];
		if (tb_part_moves(p->kind)) {
			int at = tb_geo_at(&d->rs->geo, p->pt);
			if (at >= 0 && f->st.cell[at])
				return TB_CELL_SIDE(f->st.cell[at]);
			break;
		}
	}
	return f->st.to_move ? 0 : 1;
}

/* Lines of three just formed: a band under their pieces, in a light
 * tint of the colour of the side whose pieces they are (the piece at
 * the line's end: the line stands after the turn). */
static void S_tercias(const tb_dia *d, tb_xw *w, const tb_view *f)
{
	for (unsigned i = 0; i < f->ev.n; i++) {
		const tb_event *e = &f->ev.ev[i];
		if (e->kind != TB_EV_TERCIA)
			continue;
		double x1, y1, x2, y2;
		S_point_xy(d, e->a, &x1, &y1);
		S_point_xy(d, e->b, &x2, &y2);
		int at = tb_geo_at(&d->rs->geo, e->a);
		char cls[48] = "tercia";
		if (at >= 0 && f->st.cell[at])
			snprintf(cls, sizeof cls, "tercia %s", d->rs->game->piece_class[TB_CELL_SIDE(f->st.cell[at])]);
		S_line(w, cls, x1, y1, x2, y2);
	}
}

/* How near the curve's middle (mx, my) comes to a piece of 'st' (in
 * drawing units): the nearest piece's distance from it. */
static double S_clearance(const tb_dia *d, const tb_state *st, double mx, double my)
{
	double best = 1e9;
	for (int p = 0; p < d->rs->geo.npoints; p++) {
		if (!st->cell[p])
			continue;
		double dx = S_x(d, d->rs->geo.points[p].x) - mx, dy = S_y(d, d->rs->geo.points[p].y) - my;
		double dist = S_sqrt(dx * dx + dy * dy);
		best = dist < best ? dist : best;
	}
	return best;
}

/* Does the point (x, y) lie on the mover's path (n points)? */
static int S_on_route(const double *xs, const double *ys, int n, double x, double y)
{
	for (int i = 0; i + 1 < n; i++) {
		double dx = xs[i + 1] - xs[i], dy = ys[i + 1] - ys[i], len2 = dx * dx + dy * dy;
		double t = len2 > 0 ? ((x - xs[i]) * dx + (y - ys[i]) * dy) / len2 : 0;
		t = t < 0 ? 0 : t > 1 ? 1 : t;
		double ex = xs[i] + t * dx - x, ey = ys[i] + t * dy - y;
		if (ex * ex + ey * ey < 1.0)
			return 1;
	}
	return 0;
}

/* A pushback or a relocation: a dashed arrow from where the piece was to
 * where it went; an arc when that runs along the mover's arrow (a
 * pushback down the file the mover jumped along), bowed to the side where
 * its middle is clearer of pieces (towards the middle of the board when
 * both are), more for a short one, whose ends the pieces cover, and more
 * for the 'nth' pushback of the turn (from 0), so that the arcs of
 * several pieces pushed by one hop never lie on one another. */
static void S_push_arc(const tb_dia *d, const tb_state *st, tb_buf *path, tb_point from,
                       tb_point to, const double *xs, const double *ys, int n, int nth)
{
	double x1, y1, x2, y2;
	S_point_xy(d, from, &x1, &y1);
	S_point_xy(d, to, &x2, &y2);
	double dx = x2 - x1, dy = y2 - y1, len = S_sqrt(dx * dx + dy * dy);
	if (len < 1e-6)
		return;
	double nx = -dy / len, ny = dx / len; /* a normal */
	double mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
	double cx = S_x(d, (d->xmin + d->xmax) / 2), cy = S_y(d, (d->ymin + d->ymax) / 2);
	if ((cx - mx) * nx + (cy - my) * ny < 0)
		nx = -nx, ny = -ny;
	double bow = (len < 2 * U ? 1.4 * U : 0.9 * U) * (1 + 0.5 * nth); /* the arc bows half */
	int along = 0; /* does some stretch of it run along the mover's arrow? */
	for (int k = 1; k < 10 && !along; k++)
		along = S_on_route(xs, ys, n, x1 + dx * k / 10, y1 + dy * k / 10) &&
		        S_on_route(xs, ys, n, x1 + dx * (k - 1) / 10, y1 + dy * (k - 1) / 10);
	if (!along)
		bow = 0; /* clear of the mover's arrow: straight */
	double here = S_clearance(d, st, mx + nx * bow / 2, my + ny * bow / 2);
	double there = S_clearance(d, st, mx - nx * bow / 2, my - ny * bow / 2);
	if (there > here + 0.5 && here < PIECE_R + 1.5)
		nx = -nx, ny = -ny;
	double qx = mx + nx * bow, qy = my + ny * bow;
	S_shorten(qx, qy, &x2, &y2, PIECE_R + 1.0);
	tb_buf_clear(path);
	S_xy(path, 'M', x1, y1);
	S_xy(path, 'Q', qx, qy);
	tb_num(path, x2);
	tb_buf_putc(path, ',');
	tb_num(path, y2);
}

/* ===== The author's marks (spec/tgn.md 8.7) ===== */

/* The class of a mark of 'kind' ("am-arrow") in its colour ("am-r"). */
static void S_am_class(char *cls, size_t cap, const char *kind, const tb_mark *m)
{
	snprintf(cls, cap, "%s am-%c", kind, "gryb"[m->colour & 3]);
}

/* Under the pieces, and under what the last turn did: the shaded
 * points, a square round each. */
static void S_am_shades(const tb_dia *d, tb_xw *w, const tb_view *f)
{
	for (const tb_comment *c = f->comments; c; c = c->next)
		for (unsigned i = 0; i < c->nmarks; i++) {
			const tb_mark *m = &c->marks[i];
			if (m->kind != TB_MARK_SHADE)
				continue;
			double x, y, h = U * 0.43;
			char cls[32];
			S_point_xy(d, m->at, &x, &y);
			S_am_class(cls, sizeof cls, "am-shade", m);
			S_rect(w, cls, x - h, y - h, 2 * h, 2 * h);
		}
}

/* Over the pieces: the author's arrows, from the middle of a point to
 * short of the other, where a piece's edge would be, each over a white
 * halo, in colour translucent. Over, as chess's are: an arrow between
 * two pieces (one that takes the other, one that steps beside it)
 * would be hidden under them; the author chose what it crosses. */
static void S_am_arrows(const tb_dia *d, tb_xw *w, const tb_view *f)
{
	for (int halo = 1; halo >= 0; halo--)
		for (const tb_comment *c = f->comments; c; c = c->next)
			for (unsigned i = 0; i < c->nmarks; i++) {
				const tb_mark *m = &c->marks[i];
				if (m->kind != TB_MARK_ARROW)
					continue;
				double x1, y1, x2, y2;
				S_point_xy(d, m->at, &x1, &y1);
				S_point_xy(d, m->to, &x2, &y2);
				S_shorten(x1, y1, &x2, &y2, PIECE_R + 1.2);
				char cls[32];
				S_am_class(cls, sizeof cls, "am-arrow", m);
				S_line(w, halo ? "halo am-halo" : cls, x1, y1, x2, y2);
			}
}

/* Over the pieces: rings round the circled points, outside a piece's
 * own rings; labels, on an empty point in its middle, beside a piece
 * at its upper right, smaller, so that no letter of a piece is covered. */
static void S_am_over(const tb_dia *d, tb_xw *w, const tb_view *f)
{
	for (const tb_comment *c = f->comments; c; c = c->next)
		for (unsigned i = 0; i < c->nmarks; i++) {
			const tb_mark *m = &c->marks[i];
			double x, y;
			char cls[40];
			S_point_xy(d, m->at, &x, &y);
			if (m->kind == TB_MARK_CIRCLE) {
				S_am_class(cls, sizeof cls, "am-ring", m);
				S_circle(w, cls, x, y, PIECE_R + 2.2);
			} else if (m->kind == TB_MARK_LABEL) {
				int at = tb_geo_at(&d->rs->geo, m->at);
				int beside = at >= 0 && f->st.cell[at];
				S_am_class(cls, sizeof cls, beside ? "am-label small" : "am-label", m);
				S_text(w, cls, beside ? x + 5.0 : x, beside ? y - 3.0 : y + 1.8, m->label);
			}
		}
}

/* Under the pieces: the bands of lines of three, the arrows (halos
 * first), the ring where the mover started and the ghosts of the
 * pieces taken from points now empty. */
static void S_under(const tb_dia *d, tb_xw *w, const tb_view *f)
{
	if (!f->has_last)
		return;
	S_am_shades(d, w, f);
	S_tercias(d, w, f);
	/* a piece taken -- huffed too -- is the other side's than the mover's */
	const char *taken_cls = d->rs->game->piece_class[1 - S_mover(d, f)];
	for (unsigned i = 0; i < f->ev.n; i++) {
		const tb_event *e = &f->ev.ev[i];
		if (e->kind != TB_EV_CAPTURE && e->kind != TB_EV_REMOVAL && e->kind != TB_EV_HUFF)
			continue;
		int at = tb_geo_at(&d->rs->geo, e->a);
		if (at < 0 || f->st.cell[at])
			continue; /* a piece stands there now */
		double x, y;
		S_point_xy(d, e->a, &x, &y);
		char cls[48];
		snprintf(cls, sizeof cls, "ghost %s", taken_cls);
		S_shape(d, w, cls, x, y, PIECE_R);
	}
	double xs[TB_TURN_PARTS], ys[TB_TURN_PARTS];
	int n = S_route(d, &f->last, xs, ys);
	tb_buf move = TB_BUF_SOFT, push = TB_BUF_SOFT, one = TB_BUF_SOFT;
	if (n > 1) {
		double ex = xs[n - 1], ey = ys[n - 1];
		S_shorten(xs[n - 2], ys[n - 2], &ex, &ey, PIECE_R + 1.0);
		for (int i = 0; i < n; i++)
			S_xy(&move, i ? 'L' : 'M', i == n - 1 ? ex : xs[i], i == n - 1 ? ey : ys[i]);
	}
	for (unsigned i = 0, nth = 0; i < f->ev.n; i++) {
		const tb_event *e = &f->ev.ev[i];
		if (e->kind != TB_EV_PUSHBACK && e->kind != TB_EV_RELOCATION)
			continue;
		S_push_arc(d, &f->st, &one, e->a, e->b, xs, ys, n, (int)nth++);
		if (one.len) {
			tb_buf_put(&push, one.data, one.len);
			tb_buf_putc(&push, ' ');
		}
	}
	if (move.len)
		S_path(w, "halo", move.data);
	if (push.len)
		S_path(w, "halo", push.data);
	if (move.len) {
		S_circle(w, "from", xs[0], ys[0], 1.8);
		S_path(w, "move", move.data);
	}
	if (push.len)
		S_path(w, "push", push.data);
	if (!tb_buf_ok(&move) || !tb_buf_ok(&push) || !tb_buf_ok(&one))
		tb_buf_fail(w->b);
	tb_buf_free(&move);
	tb_buf_free(&push);
	tb_buf_free(&one);
}

static void S_pieces(const tb_dia *d, tb_xw *w, const tb_state *s)
{
	const tb_geometry *g = &d->rs->geo;
	for (int p = 0; p < g->npoints; p++) {
		uint8_t c = s->cell[p];
		if (!c)
			continue;
		char cls[48];
		snprintf(cls, sizeof cls, "piece %s", d->rs->game->piece_class[TB_CELL_SIDE(c)]);
		double x = S_x(d, g->points[p].x), y = S_y(d, g->points[p].y);
		S_shape(d, w, cls, x, y, PIECE_R);
		if (TB_CELL_CROWNED(c))
			S_circle(w, "crown", x, y, TB_DIA_CROWN_R);
	}
	const char *types = d->rs->game->piece_types;
	for (int p = 0; *types && p < g->npoints; p++) {
		uint8_t c = s->cell[p];
		if (!c)
			continue;
		char cls[48], label[2] = {types[TB_CELL_TYPE(c)], 0};
		snprintf(cls, sizeof cls, "label %s", d->rs->game->piece_class[TB_CELL_SIDE(c)]);
		S_text(w, cls, S_x(d, g->points[p].x), S_y(d, g->points[p].y) + TB_DIA_LABEL_DY, label);
	}
}

/* A cross on 'pt', or a small one beyond the corner of the piece that
 * stands there now (a capture landing on the piece it took). */
static void S_cross(const tb_dia *d, tb_xw *w, const tb_view *f, tb_point pt)
{
	double x, y, r = 2.6;
	S_point_xy(d, pt, &x, &y);
	int at = tb_geo_at(&d->rs->geo, pt);
	if (at >= 0 && f->st.cell[at]) {
		r = 1.3;
		x += 5.0;
		y -= 5.0;
	}
	tb_buf path = TB_BUF_SOFT;
	S_xy(&path, 'M', x - r, y - r);
	S_xy(&path, 'L', x + r, y + r);
	S_xy(&path, 'M', x - r, y + r);
	S_xy(&path, 'L', x + r, y - r);
	if (!tb_buf_ok(&path))
		tb_buf_fail(w->b);
	else
		S_path(w, "taken", path.data);
	tb_buf_free(&path);
}

/* Over the pieces, beside them: a placement's ring, crosses, a huffed
 * defender's box. */
static void S_over(const tb_dia *d, tb_xw *w, const tb_view *f)
{
	if (!f->has_last)
		return;
	const tb_turn *t = &f->last;
	double xs[TB_TURN_PARTS], ys[TB_TURN_PARTS];
	if (S_route(d, t, xs, ys) == 1)
		S_circle(w, "placed", xs[0], ys[0], PIECE_R + 1.6);
	for (unsigned i = 0; i < f->ev.n; i++) {
		const tb_event *e = &f->ev.ev[i];
		if (e->kind == TB_EV_HUFF) {
			double x, y;
			S_point_xy(d, e->a, &x, &y);
			S_rect(w, "huffed", x - 4.6, y - 4.6, 9.2, 9.2);
		}
		if (e->kind == TB_EV_CAPTURE || e->kind == TB_EV_REMOVAL || e->kind == TB_EV_HUFF)
			S_cross(d, w, f, e->a);
	}
	S_am_arrows(d, w, f);
	S_am_over(d, w, f);
}

void tb_dia_draw(tb_dia *d, tb_xw *w, const tb_view *f, double x, double y, double scale)
{
	tb_xw_start(w, "g", "diagram");
	if (x != 0 || y != 0 || scale != 1) {
		tb_buf tr = TB_BUF_SOFT;
		tb_buf_puts(&tr, "translate(");
		tb_num(&tr, x);
		tb_buf_putc(&tr, ',');
		tb_num(&tr, y);
		tb_buf_puts(&tr, ") scale(");
		char s[32];
		snprintf(s, sizeof s, "%.5f", scale);
		tb_buf_puts(&tr, s);
		tb_buf_putc(&tr, ')');
		if (!tb_buf_ok(&tr))
			tb_buf_fail(w->b);
		else
			tb_xw_attr(w, "transform", tr.data);
		tb_buf_free(&tr);
	}
	if (d->board_depth != w->depth) { /* drawn once, at this depth */
		tb_buf_clear(&d->board);
		tb_xw bw;
		tb_xw_init(&bw, &d->board);
		bw.depth = w->depth;
		S_board(d, &bw);
		d->board_depth = w->depth;
	}
	if (!tb_buf_ok(&d->board))
		tb_buf_fail(w->b);
	tb_xw_raw(w, d->board.data ? d->board.data : "", d->board.len);
	S_under(d, w, f);
	S_pieces(d, w, &f->st);
	S_over(d, w, f);
	tb_xw_end(w);
}

void tb_dia_board(tb_dia *d, tb_xw *w) { S_board(d, w); }

void tb_dia_marks(const tb_dia *d, tb_xw *under, tb_xw *over, const tb_view *f)
{
	S_under(d, under, f);
	S_over(d, over, f);
}

void tb_dia_point(const tb_dia *d, int p, double *x, double *y)
{
	*x = S_x(d, d->rs->geo.points[p].x);
	*y = S_y(d, d->rs->geo.points[p].y);
}

/* ===== Frames ===== */

int tb_view_from_walk(tb_view *f, const tb_walk *w, long plies)
{
	int ok = 1;
	memset(f, 0, sizeof *f);
	f->st = w->st;
	f->ply = w->ply;
	f->final = w->ply == plies;
	f->has_last = w->has_last && w->last_node && w->live_ply == w->ply && w->live;
	if (!w->live) {
		f->noted = 1;
		ok = tb_note_make(&f->note, w);
	}
	if (!f->has_last && w->live && w->settled && w->live_ply == w->ply) {
		f->settled = w->settled;
		f->settled_gap = tb_node_followed(w->settled_node) == TB_NODE_GAP;
		tb_buf tok = TB_BUF_SOFT;
		tb_walk_last_token(w, &tok);
		ok = tb_buf_ok(&tok);
		snprintf(f->token, sizeof f->token, "%s", ok && tok.data ? tok.data : "");
		tb_buf_free(&tok);
	}
	if (f->has_last) {
		f->last = w->last;
		f->ev = w->ev;
		f->comments = w->last_node->comments;
		f->reconstructed = w->decided || w->last_node->reconstructed ||
		                   (w->last_node->kind == TB_NODE_READING && w->last_node->alts[0].reconstructed);
		tb_buf tok = TB_BUF_SOFT;
		tb_walk_last_token(w, &tok);
		ok = tb_buf_ok(&tok);
		snprintf(f->token, sizeof f->token, "%s", ok && tok.data ? tok.data : "");
		tb_buf_free(&tok);
	}
	return ok;
}


/* ===== Documents ===== */

void tb_svg_open(tb_xw *w, const char *cls, double w_mm, double h_mm, double vw, double vh)
{
	static const char head[] =
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" "
		"\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n";
	tb_xw_raw(w, head, sizeof head - 1);
	tb_xw_start(w, "svg", cls);
	tb_xw_attr(w, "xmlns", "http://www.w3.org/2000/svg");
	tb_xw_attr(w, "version", "1.1");
	tb_buf v = TB_BUF_SOFT; /* failing, the attributes are "" and 'w' fails */
	tb_num(&v, w_mm);
	tb_buf_puts(&v, "mm");
	tb_xw_attr(w, "width", v.data ? v.data : "");
	tb_buf_clear(&v);
	tb_num(&v, h_mm);
	tb_buf_puts(&v, "mm");
	tb_xw_attr(w, "height", v.data ? v.data : "");
	tb_buf_clear(&v);
	tb_buf_puts(&v, "0 0 ");
	tb_num(&v, vw);
	tb_buf_putc(&v, ' ');
	tb_num(&v, vh);
	tb_xw_attr(w, "viewBox", v.data ? v.data : "");
	if (!tb_buf_ok(&v))
		tb_buf_fail(w->b);
	tb_buf_free(&v);
}
/* ===== Pages ===== */

void tb_page_size(const char *paper, double *pw, double *ph)
{
	int letter = paper && strcmp(paper, "letter") == 0;
	*pw = letter ? 215.9 : 210;
	*ph = letter ? 279.4 : 297;
}

/* Columns of diagrams 'size' wide (shrunk by a tenth at most to fit one
 * more) across 'avail' mm; sets the width of each. */
int tb_sheet_columns(double avail, double size, double gap, double *cell)
{
	int cols = (int)((avail + gap) / (0.9 * size + gap));
	if (cols < 1)
		cols = 1;
	if (cols > TB_MAX_COLUMNS)
		cols = TB_MAX_COLUMNS;
	double fit = (avail - (cols - 1) * gap) / cols;
	*cell = fit < size ? fit : size;
	return cols;
}
