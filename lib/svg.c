/*
 * svg.c -- printable diagrams (spec/svg.md): a position as a standalone
 * SVG 1.1 document, written with libxml2, its board drawn from the
 * rules engine's geometry (points, lines and their colours, the marks
 * a board has beyond them), with what the last turn did.
 *
 * Units: one board unit (the distance between neighbouring grid points)
 * is U user units; the document's width and height are in millimetres,
 * so a diagram prints at exactly its size. Every element has a CSS
 * class, and the look is one <style> sheet (colour or grayscale), so an
 * editor restyles a diagram by replacing it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlwriter.h>

#include "game.h"
#include "rules.h"
#include "xalloc.h"
#include "xml.h"

#define U 10.0        /* user units per board unit */
#define PAD 0.7       /* board units around the points */
#define MARGIN 0.6    /* board units for the coordinates */
#define LINE_H 0.55   /* board units per caption line */

/* The colour sheet and the grayscale one: every distinction the colours
 * make survives in shapes, fills, dashes and hatching. */
static const char S_css_colour[] =
	"svg{font-family:'DejaVu Sans',Arial,sans-serif}"
	".board{fill:#fbf7ee;stroke:none}"
	".line{stroke:#333;stroke-width:0.6;fill:none}"
	".line.red{stroke:#c0392b;stroke-width:0.9}"
	".line.blue{stroke:#1f5fbf;stroke-width:0.9;stroke-dasharray:2.5,1.5}"
	".fortress{fill:#e8e0c8;stroke:#7a6a3a;stroke-width:0.5}"
	".volcano{fill:#ede4d3;stroke:#8a7a5a;stroke-width:0.4}"
	".river-line{stroke:#2b6cb0;stroke-width:0.8}"
	".point{fill:#333}.cell{fill:#9ab}"
	".piece{stroke:#111;stroke-width:0.6}"
	".piece.red{fill:#d63b2f}.piece.yellow{fill:#f2c12e}"
	".piece.attacker{fill:#f2c12e}.piece.defender{fill:#2a62c9}"
	".piece.dark{fill:#3b2a20}.piece.light{fill:#f4ead8}"
	".label{font-size:4px;font-weight:bold;text-anchor:middle}"
	".label.dark{fill:#fff}.label.light{fill:#111}"
	".crown{fill:none;stroke:#c89b00;stroke-width:0.8}"
	".coord{font-size:3.2px;fill:#555;text-anchor:middle}"
	".caption{font-size:3.2px;fill:#111}.caption.title{font-weight:bold}"
	".move-halo,.push-halo{stroke:#fff;stroke-width:2.4;fill:none}"
	".move{stroke:#0a7d32;stroke-width:1.1;fill:none;marker-end:url(#arrow)}"
	".push{stroke:#8e44ad;stroke-width:0.9;fill:none;stroke-dasharray:1.5,1;"
	"marker-end:url(#arrow-push)}"
	".placed{fill:none;stroke:#0a7d32;stroke-width:0.9}"
	".taken{stroke:#b00;stroke-width:1.1}"
	".huffed{fill:none;stroke:#b00;stroke-width:0.9;stroke-dasharray:1,0.8}"
	".arrowhead{fill:#0a7d32}.arrowhead.push{fill:#8e44ad}";

static const char S_css_gray[] =
	"svg{font-family:'DejaVu Sans',Arial,sans-serif}"
	".board{fill:#fff;stroke:none}"
	".line{stroke:#000;stroke-width:0.6;fill:none}"
	".line.red{stroke:#000;stroke-width:0.9}"
	".line.blue{stroke:#000;stroke-width:0.6;stroke-dasharray:2.5,1.5}"
	".fortress{fill:url(#hatch);stroke:#000;stroke-width:0.5}"
	".volcano{fill:#e6e6e6;stroke:#000;stroke-width:0.4}"
	".river-line{stroke:#000;stroke-width:0.8;stroke-dasharray:4,1}"
	".point{fill:#000}.cell{fill:#888}"
	".piece{stroke:#000;stroke-width:0.6}"
	".piece.red{fill:#000}.piece.yellow{fill:#fff}"
	".piece.attacker{fill:#fff}.piece.defender{fill:#000}"
	".piece.dark{fill:#000}.piece.light{fill:#fff}"
	".label{font-size:4px;font-weight:bold;text-anchor:middle}"
	".label.dark{fill:#fff}.label.light{fill:#000}"
	".crown{fill:none;stroke:#000;stroke-width:0.8;stroke-dasharray:1,0.6}"
	".coord{font-size:3.2px;fill:#000;text-anchor:middle}"
	".caption{font-size:3.2px;fill:#000}.caption.title{font-weight:bold}"
	".move-halo,.push-halo{stroke:#fff;stroke-width:2.4;fill:none}"
	".move{stroke:#000;stroke-width:1.1;fill:none;marker-end:url(#arrow)}"
	".push{stroke:#000;stroke-width:0.9;fill:none;stroke-dasharray:1.5,1;"
	"marker-end:url(#arrow-push)}"
	".placed{fill:none;stroke:#000;stroke-width:0.9}"
	".taken{stroke:#000;stroke-width:1.1}"
	".huffed{fill:none;stroke:#000;stroke-width:0.9;stroke-dasharray:1,0.8}"
	".arrowhead{fill:#000;stroke:#fff;stroke-width:1}.arrowhead.push{fill:#000}";

/* ===== One position to draw ===== */

/* A position and how the game got there. */
typedef struct S_frame {
	tb_state st;
	long ply;              /* turns played on the main line */
	int has_last;          /* the turn that led here */
	tb_turn last;
	tb_events ev;
	char token[256];       /* its canonical token, "12... d6xd4" */
	const char *position;  /* a bare position's notation, for its caption */
	const char *dead;      /* why this position cannot be drawn, or NULL */
} S_frame;

typedef struct S_draw {
	xmlTextWriterPtr w;
	const tb_ruleset *rs;
	const tb_svg_opts *o;
	float xmin, xmax, ymin, ymax; /* the points' extent */
	double width, height;  /* of one diagram, in user units */
	int failed;
} S_draw;

static void S_ok(S_draw *d, int rc)
{
	if (rc < 0)
		d->failed = 1;
}

static void S_start(S_draw *d, const char *name, const char *cls)
{
	S_ok(d, xmlTextWriterStartElement(d->w, BAD_CAST name));
	if (cls)
		S_ok(d, xmlTextWriterWriteAttribute(d->w, BAD_CAST "class", BAD_CAST cls));
}

static void S_end(S_draw *d) { S_ok(d, xmlTextWriterEndElement(d->w)); }

static void S_attr(S_draw *d, const char *name, const char *v)
{
	S_ok(d, xmlTextWriterWriteAttribute(d->w, BAD_CAST name, BAD_CAST v));
}

static void S_num(S_draw *d, const char *name, double v)
{
	char s[32];
	snprintf(s, sizeof s, "%.2f", v);
	size_t n = strlen(s); /* "12.50" -> "12.5", "3.00" -> "3" */
	while (n > 1 && s[n - 1] == '0')
		s[--n] = '\0';
	if (n > 1 && s[n - 1] == '.')
		s[--n] = '\0';
	S_attr(d, name, strcmp(s, "-0") == 0 ? "0" : s);
}

/* Board units to user units: x grows right, y grows down the page. */
static double S_x(const S_draw *d, double bx) { return (MARGIN + PAD + bx - d->xmin) * U; }
static double S_y(const S_draw *d, double by) { return (PAD + d->ymax - by) * U; }

static void S_point_xy(const S_draw *d, tb_point pt, double *x, double *y)
{
	int at = tb_geo_at(&d->rs->geo, pt);
	const tb_geo_point *gp = &d->rs->geo.points[at < 0 ? 0 : at];
	*x = S_x(d, gp->x);
	*y = S_y(d, gp->y);
}

static int S_rtl(const char *s);

static void S_text(S_draw *d, const char *cls, double x, double y, const char *s)
{
	S_start(d, "text", cls);
	S_num(d, "x", x);
	S_num(d, "y", y);
	if (S_rtl(s)) { /* right to left, set from its right end */
		S_attr(d, "direction", "rtl");
		S_attr(d, "unicode-bidi", "embed");
	}
	S_ok(d, xmlTextWriterWriteString(d->w, BAD_CAST s));
	S_end(d);
}

/* ===== The board ===== */

static void S_defs(S_draw *d)
{
	S_start(d, "defs", "defs");
	S_start(d, "style", NULL); /* SVG 1.1 gives <style> no class */
	S_attr(d, "type", "text/css");
	S_ok(d, xmlTextWriterWriteString(d->w, BAD_CAST (d->o->grayscale ? S_css_gray
	                                                                    : S_css_colour)));
	S_end(d);
	static const char *const heads[][2] = {{"arrow", "arrowhead"}, {"arrow-push", "arrowhead push"}};
	for (int i = 0; i < 2; i++) {
		S_start(d, "marker", "arrowhead-marker");
		S_attr(d, "id", heads[i][0]);
		S_attr(d, "viewBox", "0 0 10 10");
		S_attr(d, "refX", "8");
		S_attr(d, "refY", "5");
		S_attr(d, "markerWidth", "4");
		S_attr(d, "markerHeight", "4");
		S_attr(d, "orient", "auto");
		S_start(d, "path", heads[i][1]);
		S_attr(d, "d", "M0,0 L10,5 L0,10 z");
		S_end(d);
		S_end(d);
	}
	S_start(d, "pattern", "hatch");
	S_attr(d, "id", "hatch");
	S_attr(d, "patternUnits", "userSpaceOnUse");
	S_attr(d, "width", "3");
	S_attr(d, "height", "3");
	S_start(d, "path", "hatching");
	S_attr(d, "d", "M0,3 L3,0");
	S_attr(d, "stroke", "#000");
	S_attr(d, "stroke-width", "0.4");
	S_end(d);
	S_end(d);
	S_end(d);
}

static void S_board(S_draw *d)
{
	const tb_geometry *g = &d->rs->geo;
	S_start(d, "rect", "board");
	S_num(d, "x", MARGIN * U);
	S_num(d, "y", 0);
	S_num(d, "width", (d->xmax - d->xmin + 2 * PAD) * U);
	S_num(d, "height", (d->ymax - d->ymin + 2 * PAD) * U);
	S_end(d);
	for (int i = 0; i < g->nmarks; i++) {
		const tb_geo_mark *m = &g->marks[i];
		S_start(d, m->area ? "rect" : "line", m->cls);
		if (m->area) {
			S_num(d, "x", S_x(d, m->x1));
			S_num(d, "y", S_y(d, m->y2));
			S_num(d, "width", (m->x2 - m->x1) * U);
			S_num(d, "height", (m->y2 - m->y1) * U);
		} else {
			S_num(d, "x1", S_x(d, m->x1));
			S_num(d, "y1", S_y(d, m->y1));
			S_num(d, "x2", S_x(d, m->x2));
			S_num(d, "y2", S_y(d, m->y2));
		}
		S_end(d);
	}
	for (int e = 0; !g->edges_hidden && e < g->nedges; e++) {
		const tb_geo_edge *ed = &g->edges[e];
		S_start(d, "line", ed->colour == 1 ? "line red" : ed->colour == 2 ? "line blue" : "line");
		S_num(d, "x1", S_x(d, g->points[ed->a].x));
		S_num(d, "y1", S_y(d, g->points[ed->a].y));
		S_num(d, "x2", S_x(d, g->points[ed->b].x));
		S_num(d, "y2", S_y(d, g->points[ed->b].y));
		S_end(d);
	}
	for (int p = 0; p < g->npoints; p++) {
		int on_mark = 0; /* a cell between the river's lines, not a point */
		for (int i = 0; g->edges_hidden && i < g->nmarks; i++)
			on_mark |= g->marks[i].area && g->points[p].y >= g->marks[i].y1 &&
			           g->points[p].y <= g->marks[i].y2;
		S_start(d, "circle", g->edges_hidden && !on_mark ? "cell" : "point");
		S_num(d, "cx", S_x(d, g->points[p].x));
		S_num(d, "cy", S_y(d, g->points[p].y));
		S_num(d, "r", g->edges_hidden && !on_mark ? 0.5 : 1.0);
		S_end(d);
	}
}

static void S_coords(S_draw *d)
{
	if (d->o->no_coords)
		return;
	for (int f = (int)d->xmin; f <= (int)d->xmax; f++) {
		char s[2] = {(char)('a' + f), 0};
		S_text(d, "coord", S_x(d, f), S_y(d, d->ymin) + (PAD + 0.45) * U, s);
	}
	for (int r = (int)d->ymin; r <= (int)d->ymax; r++) {
		char s[16];
		snprintf(s, sizeof s, "%d", r + 1);
		S_text(d, "coord", MARGIN * U * 0.5, S_y(d, r) + 1.1, s);
	}
}

/* ===== Pieces and what happened ===== */

static void S_pieces(S_draw *d, const tb_state *s)
{
	const tb_geometry *g = &d->rs->geo;
	int square = d->rs->game->square_pieces;
	for (int p = 0; p < g->npoints; p++) {
		uint8_t c = s->cell[p];
		if (!c)
			continue;
		int side = TB_CELL_SIDE(c);
		char cls[48];
		snprintf(cls, sizeof cls, "piece %s", d->rs->game->piece_class[side]);
		double x = S_x(d, g->points[p].x), y = S_y(d, g->points[p].y), r = 3.4;
		S_start(d, square ? "rect" : "circle", cls);
		if (square) {
			S_num(d, "x", x - r);
			S_num(d, "y", y - r);
			S_num(d, "width", 2 * r);
			S_num(d, "height", 2 * r);
		} else {
			S_num(d, "cx", x);
			S_num(d, "cy", y);
			S_num(d, "r", r);
		}
		S_end(d);
		if (TB_CELL_CROWNED(c)) {
			S_start(d, "circle", "crown");
			S_num(d, "cx", x);
			S_num(d, "cy", y);
			S_num(d, "r", r + 1.2);
			S_end(d);
		}
	}
}

/* The pieces' type letters, drawn last so that no arrow hides them. */
static void S_labels(S_draw *d, const tb_state *s)
{
	const tb_geometry *g = &d->rs->geo;
	const char *types = d->rs->game->piece_types;
	for (int p = 0; *types && p < g->npoints; p++) {
		uint8_t c = s->cell[p];
		if (!c)
			continue;
		char cls[48], label[2] = {types[TB_CELL_TYPE(c)], 0};
		snprintf(cls, sizeof cls, "label %s", d->rs->game->piece_class[TB_CELL_SIDE(c)]);
		S_text(d, cls, S_x(d, g->points[p].x), S_y(d, g->points[p].y) + 1.4, label);
	}
}

/* A cross on 'pt'; 'corner' puts a small one at the corner of a piece
 * that now stands there (a capture landing on the piece it took). */
static void S_cross(S_draw *d, tb_point pt, const char *cls, int corner)
{
	double x, y, r = corner ? 1.5 : 2.6;
	S_point_xy(d, pt, &x, &y);
	if (corner) {
		x += 4.2;
		y -= 4.2;
	}
	S_start(d, "path", cls);
	char path[160];
	snprintf(path, sizeof path, "M%.2f,%.2f L%.2f,%.2f M%.2f,%.2f L%.2f,%.2f", x - r, y - r,
	         x + r, y + r, x - r, y + r, x + r, y - r);
	S_attr(d, "d", path);
	S_end(d);
}

/* Ends the segment (x1,y1)-(x2,y2) at the edge of the piece on its
 * end, so the arrowhead points at the piece instead of covering it. */
static double S_sqrt(double v) /* Newton: libm is not linked for one root */
{
	double r = v > 1 ? v : 1;
	for (int i = 0; i < 40; i++)
		r = (r + v / r) / 2;
	return r;
}

static void S_shorten(const double *x1, const double *y1, double *x2, double *y2)
{
	double dx = *x2 - *x1, dy = *y2 - *y1, len = S_sqrt(dx * dx + dy * dy), cut = 3.8;
	if (len > 2 * cut) {
		*x2 -= dx / len * cut;
		*y2 -= dy / len * cut;
	}
}

static void S_path(S_draw *d, const char *cls, const char *path)
{
	S_start(d, "path", cls);
	S_attr(d, "d", path);
	S_end(d);
}

/* The last turn: the mover's path as an arrow (a chain through its
 * landings), a placement ringed, taken and removed pieces crossed, a
 * pushback or relocation as a dashed arrow, a huffed defender boxed. */
static void S_last(S_draw *d, const S_frame *f)
{
	if (!f->has_last)
		return;
	const tb_turn *t = &f->last;
	double xs[TB_TURN_PARTS], ys[TB_TURN_PARTS];
	int points = 0;
	for (unsigned i = 0; i < t->nparts; i++) {
		const tb_part *p = &t->parts[i];
		if (p->kind == TB_PART_AT || p->kind == TB_PART_STEP || p->kind == TB_PART_HOP ||
		    p->kind == TB_PART_CAPTURE) {
			S_point_xy(d, p->pt, &xs[points], &ys[points]);
			points++;
		}
	}
	if (points > 1) {
		S_shorten(&xs[points - 2], &ys[points - 2], &xs[points - 1], &ys[points - 1]);
		tb_buf path = TB_BUF_INIT;
		for (int i = 0; i < points; i++)
			tb_buf_printf(&path, "%s%.2f,%.2f ", i ? "L" : "M", xs[i], ys[i]);
		S_path(d, "move-halo", path.data); /* white under it: seen on black too */
		S_path(d, "move", path.data);
		tb_buf_free(&path);
	} else if (points == 1) {
		for (unsigned i = 0; i < t->nparts; i++)
			if (t->parts[i].kind == TB_PART_AT) {
				double x, y;
				S_point_xy(d, t->parts[i].pt, &x, &y);
				S_start(d, "circle", "placed");
				S_num(d, "cx", x);
				S_num(d, "cy", y);
				S_num(d, "r", 5);
				S_end(d);
			}
	}
	for (unsigned i = 0; i < f->ev.n; i++) {
		const tb_event *e = &f->ev.ev[i];
		if (e->kind == TB_EV_CAPTURE || e->kind == TB_EV_REMOVAL) {
			int at = tb_geo_at(&d->rs->geo, e->a);
			S_cross(d, e->a, "taken", at >= 0 && f->st.cell[at]);
		} else if (e->kind == TB_EV_HUFF) {
			double x, y;
			S_point_xy(d, e->a, &x, &y);
			S_start(d, "rect", "huffed");
			S_num(d, "x", x - 4.6);
			S_num(d, "y", y - 4.6);
			S_num(d, "width", 9.2);
			S_num(d, "height", 9.2);
			S_end(d);
			S_cross(d, e->a, "taken", 0);
		} else if (e->kind == TB_EV_PUSHBACK || e->kind == TB_EV_RELOCATION) {
			double x1, y1, x2, y2;
			S_point_xy(d, e->a, &x1, &y1);
			S_point_xy(d, e->b, &x2, &y2);
			S_shorten(&x1, &y1, &x2, &y2);
			char path[96];
			snprintf(path, sizeof path, "M%.2f,%.2f L%.2f,%.2f", x1, y1, x2, y2);
			S_path(d, "push-halo", path);
			S_path(d, "push", path);
		}
	}
}

/* ===== Captions ===== */

/* The characters that fit on a caption line of a diagram 'width' wide. */
static size_t S_fit_chars(double width) { return (size_t)(width / (3.2 * 0.6)); }

/* The code point at 's' (UTF-8, as the reader has checked), and its
 * length in '*len'. */
static unsigned S_code_point(const unsigned char *s, size_t *len)
{
	if (s[0] < 0x80 || !s[1]) {
		*len = 1;
		return s[0];
	}
	if ((s[0] & 0xE0) == 0xC0) {
		*len = 2;
		return (unsigned)(s[0] & 0x1F) << 6 | (s[1] & 0x3F);
	}
	if ((s[0] & 0xF0) == 0xE0 && s[2]) {
		*len = 3;
		return (unsigned)(s[0] & 0x0F) << 12 | (unsigned)(s[1] & 0x3F) << 6 | (s[2] & 0x3F);
	}
	*len = s[1] && s[2] && s[3] ? 4 : 1;
	return 0x10000; /* beyond the planes that matter here */
}

/* Does 's' read right to left? As the bidirectional algorithm decides
 * a paragraph's direction: by its first strong character (Hebrew,
 * Arabic, Syriac, Thaana, N'Ko... and their presentation forms, against
 * letters of the left-to-right scripts). */
static int S_rtl(const char *s)
{
	size_t len;
	for (const unsigned char *p = (const unsigned char *)s; *p; p += len) {
		unsigned c = S_code_point(p, &len);
		if ((c >= 0x0590 && c <= 0x08FF) || (c >= 0xFB1D && c <= 0xFDFF) ||
		    (c >= 0xFE70 && c <= 0xFEFF))
			return 1;
		if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= 0xC0 && c < 0x0590))
			return 0;
	}
	return 0;
}

/* Breaks 's' into lines of at most 'max' characters, after a space or a
 * comma where it can, never inside a character; each is drawn with
 * class 'cls' from the left, or the right when 'rtl' (or only counted,
 * when 'cls' is NULL). Returns how many lines. */
static int S_wrap(S_draw *d, const char *cls, int rtl, double *y, const char *s, size_t max)
{
	int lines = 0;
	while (*s || !lines) {
		size_t take = 0, chars = 0, cut = 0, len;
		for (const unsigned char *p = (const unsigned char *)s; p[take] && chars < max;
		     take += len, chars++) {
			S_code_point(p + take, &len);
			if (p[take] == ' ' || p[take] == ',')
				cut = take + len; /* a break after it */
		}
		if (s[take] && cut > take / 2)
			take = cut;
		if (cls) {
			tb_buf line = TB_BUF_INIT;
			tb_buf_printf(&line, "%.*s", (int)take, s);
			S_text(d, cls, rtl ? d->width - 0.3 * U : MARGIN * U, *y, line.data ? line.data : "");
			tb_buf_free(&line);
			*y += LINE_H * U;
		}
		lines++;
		s += take;
		if (!take)
			break;
	}
	return lines;
}

/* A caption line "Label: value" (wrapped). A right-to-left value is set
 * apart under its label, each of its lines from the right edge, so the
 * bidirectional algorithm orders it alone. Leaves 'y' under it; with
 * 'cls' NULL only counts its lines. */
static int S_caption_line(S_draw *d, const char *cls, double *y, const char *label,
                          const char *value)
{
	size_t max = S_fit_chars(d->width);
	if (!S_rtl(value)) {
		tb_buf line = TB_BUF_INIT;
		tb_buf_printf(&line, "%s%s%s", label ? label : "", label ? ": " : "", value);
		int n = S_wrap(d, cls, 0, y, line.data, max);
		tb_buf_free(&line);
		return n;
	}
	int n = 0;
	if (label) {
		tb_buf line = TB_BUF_INIT;
		tb_buf_printf(&line, "%s:", label);
		n += S_wrap(d, cls, 0, y, line.data, max);
		tb_buf_free(&line);
	}
	return n + S_wrap(d, cls, 1, y, value, max);
}

/* The ply line of a frame's caption. */
static void S_ply_line(const S_frame *f, char *line, size_t n)
{
	if (f->position)
		snprintf(line, n, "%s", f->position);
	else if (f->has_last)
		snprintf(line, n, "after %s (turn %ld of the record)", f->token, f->ply);
	else
		snprintf(line, n, f->ply ? "after turn %ld of the record" : "the start", f->ply);
}

/* The caption under the board (or, with 'cls_on' 0, the count of its
 * lines). */
static int S_caption(S_draw *d, const tb_record *rec, const S_frame *f, double y0, int draw)
{
	double y = y0 + LINE_H * U;
	char line[512];
	int n = S_caption_line(d, draw ? "caption title" : NULL, &y, NULL, d->rs->game->title);
	for (int side = 0; rec && side < 2; side++) {
		const char *name = tb_record_tag(rec, d->rs->game->side_tag[side]);
		if (name && strcmp(name, "?") != 0)
			n += S_caption_line(d, draw ? "caption player" : NULL, &y,
			                    d->rs->game->side_tag[side], name);
	}
	S_ply_line(f, line, sizeof line);
	n += S_caption_line(d, draw ? "caption ply" : NULL, &y, NULL, line);
	for (size_t i = 0; rec && d->o->tags && d->o->tags[i]; i++) {
		const char *v = tb_record_tag(rec, d->o->tags[i]);
		if (v)
			n += S_caption_line(d, draw ? "caption tag" : NULL, &y, d->o->tags[i], v);
	}
	return n;
}

/* ===== Diagrams ===== */

static void S_setup(S_draw *d, const tb_ruleset *rs, const tb_svg_opts *o,
                    const tb_record *rec, const S_frame *f)
{
	memset(d, 0, sizeof *d);
	d->rs = rs;
	d->o = o;
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
	d->width = (MARGIN + d->xmax - d->xmin + 2 * PAD) * U;
	int lines = S_caption(d, rec, f, 0, 0);
	d->height = (d->ymax - d->ymin + 2 * PAD + MARGIN + lines * LINE_H + 0.3) * U;
}

/* One diagram's content (inside an <svg> or a sheet's <g>). */
static void S_diagram(S_draw *d, const tb_record *rec, const S_frame *f)
{
	S_start(d, "g", "diagram");
	S_board(d);
	S_coords(d);
	S_pieces(d, &f->st);
	S_last(d, f);
	S_labels(d, &f->st);
	S_caption(d, rec, f, (d->ymax - d->ymin + 2 * PAD + MARGIN) * U, 1);
	S_end(d);
}

static void S_svg_open(S_draw *d, double w_mm, double h_mm, double vw, double vh)
{
	char v[96];
	S_ok(d, xmlTextWriterStartDocument(d->w, "1.0", "UTF-8", NULL));
	S_ok(d, xmlTextWriterWriteDTD(d->w, BAD_CAST "svg", BAD_CAST "-//W3C//DTD SVG 1.1//EN",
	                              BAD_CAST "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd",
	                              NULL));
	S_start(d, "svg", "tablero");
	S_attr(d, "xmlns", "http://www.w3.org/2000/svg");
	S_attr(d, "version", "1.1");
	snprintf(v, sizeof v, "%.2fmm", w_mm);
	S_attr(d, "width", v);
	snprintf(v, sizeof v, "%.2fmm", h_mm);
	S_attr(d, "height", v);
	snprintf(v, sizeof v, "0 0 %.2f %.2f", vw, vh);
	S_attr(d, "viewBox", v);
	S_defs(d);
}

/* Ends the document; returns its text (malloc'd) or NULL. */
static char *S_svg_close(S_draw *d, xmlBufferPtr buf, size_t *len)
{
	S_end(d);
	S_ok(d, xmlTextWriterEndDocument(d->w));
	xmlFreeTextWriter(d->w);
	char *out = NULL;
	if (!d->failed) {
		size_t n = (size_t)xmlBufferLength(buf);
		out = tb_xmalloc(n + 1);
		memcpy(out, xmlBufferContent(buf), n);
		out[n] = '\0';
		if (len)
			*len = n;
	}
	xmlBufferFree(buf);
	return out;
}

static xmlTextWriterPtr S_writer(xmlBufferPtr *buf)
{
	*buf = xmlBufferCreate();
	xmlTextWriterPtr w = *buf ? xmlNewTextWriterMemory(*buf, 0) : NULL;
	if (w) {
		xmlTextWriterSetIndent(w, 1);
		xmlTextWriterSetIndentString(w, BAD_CAST " ");
	}
	return w;
}

/* One standalone diagram. */
static char *S_one(const tb_ruleset *rs, const tb_record *rec, const S_frame *f,
                   const tb_svg_opts *o, size_t *len)
{
	S_draw d;
	xmlBufferPtr buf;
	S_setup(&d, rs, o, rec, f);
	d.w = S_writer(&buf);
	if (!d.w)
		return NULL;
	double mm = o->size_mm > 0 ? o->size_mm : 60;
	S_svg_open(&d, mm, mm * d.height / d.width, d.width, d.height);
	S_diagram(&d, rec, f);
	return S_svg_close(&d, buf, len);
}

/* Several diagrams on a page (A4 or Letter, portrait), in rows, each
 * at 'size_mm' wide (shrunk to fit two across when too wide). */
static char *S_sheet(const tb_ruleset *rs, const tb_record *rec, const S_frame *f, size_t n,
                     const tb_svg_opts *o, size_t *len, size_t *placed)
{
	int letter = o->sheet && strcmp(o->sheet, "letter") == 0;
	double pw = letter ? 215.9 : 210, ph = letter ? 279.4 : 297, margin = 15;
	S_draw d;
	xmlBufferPtr buf;
	S_setup(&d, rs, o, rec, &f[n - 1]); /* the last ply's caption is the longest */
	d.w = S_writer(&buf);
	if (!d.w)
		return NULL;
	double mm = o->size_mm > 0 ? o->size_mm : 60;
	if (mm > (pw - 2 * margin - 8) / 2)
		mm = (pw - 2 * margin - 8) / 2;
	double scale = mm / d.width, dh = d.height * scale; /* mm per user unit */
	int cols = (int)((pw - 2 * margin + 8) / (mm + 8));
	int rows = (int)((ph - 2 * margin + 8) / (dh + 8));
	if (cols < 1)
		cols = 1;
	if (rows < 1)
		rows = 1;
	S_svg_open(&d, pw, ph, pw, ph); /* user units are millimetres here */
	S_start(&d, "rect", "page");
	S_attr(&d, "x", "0");
	S_attr(&d, "y", "0");
	S_num(&d, "width", pw);
	S_num(&d, "height", ph);
	S_attr(&d, "fill", "#fff");
	S_end(&d);
	*placed = n < (size_t)(rows * cols) ? n : (size_t)(rows * cols);
	for (size_t i = 0; i < *placed; i++) {
		char tr[96];
		snprintf(tr, sizeof tr, "translate(%.2f,%.2f) scale(%.5f)",
		         margin + (double)(i % (size_t)cols) * (mm + 8),
		         margin + (double)(i / (size_t)cols) * (dh + 8), scale);
		S_start(&d, "g", "sheet-cell");
		S_attr(&d, "transform", tr);
		S_diagram(&d, rec, &f[i]);
		S_end(&d);
	}
	return S_svg_close(&d, buf, len);
}

/* ===== Replaying the main line ===== */

/* The legal turn that fits 'm' ('?' points fit any), or NULL when none
 * or several do. */
static const tb_turn *S_fit(const tb_turns *l, size_t n, const tb_move *m)
{
	const tb_turn *found = NULL;
	for (size_t i = 0; i < n; i++) {
		const tb_turn *t = &l->v[i];
		int ok = t->nparts == m->nparts;
		for (unsigned k = 0; ok && k < t->nparts; k++)
			ok = t->parts[k].kind == m->parts[k].kind &&
			     (m->parts[k].pt == TB_PT_UNKNOWN || t->parts[k].pt == m->parts[k].pt);
		if (ok && found)
			return NULL;
		if (ok)
			found = t;
	}
	return found;
}

static int S_cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;
	return (x > y) - (x < y);
}

/* Replays the main line, filling frames[i] for each wanted ply (sorted
 * ascending); a frame that cannot be drawn says why in its 'dead'.
 * Returns NULL, or why a wanted ply is past the end. */
static const char *S_replay(const tb_ruleset *rs, const tb_record *rec, const long *want,
                            size_t nwant, S_frame *frames, char *start_why, char *why, size_t n)
{
	S_frame cur;
	memset(&cur, 0, sizeof cur);
	/* start_why: 200 bytes, the caller's, as long as the frames live */
	int live = rs->rules->load(rs, rec->start, &cur.st, start_why, 200) == 0;
	const char *dead = live ? NULL : start_why;
	size_t k = 0;
	tb_turns l = {NULL, 0};
	for (const tb_node *nd = rec->main.first; k < nwant; nd = nd ? nd->next : NULL) {
		if (nd && tb_node_followed(nd) == TB_NODE_OMITTED)
			continue; /* a reading that follows a witness with nothing here */
		/* a position restated right after a turn is the position after it */
		if (nd && tb_node_followed(nd) == TB_NODE_POSITION) {
			live = rs->rules->load(rs, nd->position, &cur.st, why, n) == 0;
			cur.has_last = 0;
			dead = live ? NULL : "a restated position is not complete";
			continue;
		}
		while (k < nwant && want[k] == cur.ply) {
			frames[k] = cur;
			frames[k++].dead = live ? NULL : dead;
		}
		if (!nd || k == nwant)
			break;
		if (tb_node_followed(nd) == TB_NODE_GAP) {
			live = 0;
			dead = "turns are missing before it";
			continue;
		}
		cur.ply++;
		const tb_move *m = nd->kind == TB_NODE_READING ? &nd->alts[0].move : &nd->move;
		int kind = nd->kind == TB_NODE_READING ? nd->alts[0].kind : nd->kind;
		if (!live)
			continue;
		if (kind == TB_NODE_UNKNOWN) {
			live = 0;
			dead = "a turn before it is not known";
			continue;
		}
		tb_move none = {0, 0, NULL};
		size_t count = tb_turns_generate(rs, &cur.st, &l);
		const tb_turn *t = S_fit(&l, count, kind == TB_NODE_PASS ? &none : m);
		if (!t) {
			live = 0;
			dead = "a turn before it is not legal or not certain (tablero validate says which)";
			continue;
		}
		cur.last = *t;
		cur.has_last = 1;
		tb_buf tok = TB_BUF_INIT;
		tb_buf_printf(&tok, "%u%s ", nd->number, nd->side == 1 ? "..." : ".");
		tb_turn_write(&tok, t->nparts ? TB_NODE_MOVE : TB_NODE_PASS,
		              &(tb_move){t->nparts, t->crown, (tb_part *)t->parts});
		if (nd->reconstructed || (nd->kind == TB_NODE_READING && nd->alts[0].reconstructed))
			/* never to be taken for what the source says */
			tb_buf_puts(&tok, " (reconstructed)");
		snprintf(cur.token, sizeof cur.token, "%s", tok.data);
		tb_buf_free(&tok);
		rs->rules->play(rs, &cur.st, t, &cur.ev);
	}
	tb_turns_free(&l);
	if (k < nwant) {
		snprintf(why, n, "the record has %ld turns on its main line, not %ld", cur.ply, want[k]);
		return why;
	}
	return NULL;
}

/* ===== The API ===== */

static char *S_strdup_why(const char *s) { return tb_xstrdup(s); }

int tb_svg_record(const tb_record *rec, const long *plies, size_t n, const tb_svg_opts *o,
                  tb_svg_fn fn, void *ctx, char **why)
{
	char msg[320];
	tb_ruleset rs;
	*why = NULL;
	if (!rec || rec->errors || !rec->game || !rec->game->rules) {
		*why = S_strdup_why("the record has errors");
		return -1;
	}
	tb_xml_unfit_text unfit;
	if (tb_record_unfit(rec, &unfit)) { /* tb_reader_xml_refuse says where */
		snprintf(msg, sizeof msg, "the record holds a character XML cannot carry, in the "
		         "text at line %u, column %u: nothing of it is drawn [TB504]", unfit.line,
		         unfit.col);
		*why = S_strdup_why(msg);
		return -1;
	}
	if (tb_ruleset_init(&rs, rec->game, &rec->opts, msg, sizeof msg)) {
		*why = S_strdup_why(msg);
		return -1;
	}
	long last = (long)tb_record_plies(rec);
	long *want = tb_xmalloc((n ? n : 1) * sizeof *want);
	for (size_t i = 0; i < n; i++)
		want[i] = plies[i] < 0 ? last : plies[i];
	if (!n)
		want[0] = last;
	size_t nw = n ? n : 1;
	qsort(want, nw, sizeof *want, S_cmp_long);
	S_frame *frames = tb_xcalloc(nw, sizeof *frames);
	int drawn = 0;
	char start_why[200];
	if (S_replay(&rs, rec, want, nw, frames, start_why, msg, sizeof msg)) {
		*why = S_strdup_why(msg);
		drawn = -1;
	}
	size_t live = 0, dead = 0;
	for (size_t i = 0; drawn >= 0 && i < nw; i++) { /* the drawable ones, in front */
		if (frames[i].dead && !dead++)
			snprintf(msg, sizeof msg, "the position after turn %ld cannot be drawn: %s",
			         frames[i].ply, frames[i].dead);
		else if (!frames[i].dead)
			frames[live++] = frames[i];
	}
	if (dead > 1)
		snprintf(msg + strlen(msg), sizeof msg - strlen(msg), " (and %zu more)", dead - 1);
	if (dead)
		*why = S_strdup_why(msg);
	nw = drawn >= 0 ? live : nw;
	size_t placed = 1; /* a sheet takes as many as fit; the rest go on more sheets */
	for (size_t i = 0; drawn >= 0 && i < nw; i += placed) {
		size_t len = 0;
		char *svg = o->sheet ? S_sheet(&rs, rec, frames + i, nw - i, o, &len, &placed)
		                     : S_one(&rs, rec, &frames[i], o, &len);
		if (!svg) {
			free(*why);
			*why = S_strdup_why("the SVG could not be written");
			drawn = -1;
			break;
		}
		fn(ctx, frames[i].ply, svg, len);
		free(svg);
		drawn++;
	}
	free(frames);
	free(want);
	return drawn;
}

char *tb_svg_position(const tb_game *g, const char *rules, const char *position,
                      const tb_svg_opts *o, size_t *len, char **why)
{
	tb_engine *e = tb_engine_new(g, rules, position, why);
	if (!e)
		return NULL;
	const tb_ruleset *rs = tb_engine_ruleset(e);
	S_frame f;
	memset(&f, 0, sizeof f);
	f.st = *tb_engine_state(e);
	char *text = tb_engine_position(e);
	f.position = text;
	char *svg = S_one(rs, NULL, &f, o, len);
	free(text);
	tb_engine_free(e);
	if (!svg)
		*why = S_strdup_why("the SVG could not be written");
	return svg;
}
