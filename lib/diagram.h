/*
 * diagram.h -- drawing positions (internal; diagram.c).
 *
 * What tablero svg, the books and the web pages (svg.c, book.c, html.c,
 * siblings that never call one another) share to draw: a position and
 * how the game got there (a view, from the main line's walk), its
 * drawing as an SVG group (the board from the rules engine's geometry,
 * the pieces, what the last turn did), the style sheet, an SVG
 * document's opening, the paper. Their words are caption.h's and
 * words.h's. spec/svg.md says what is drawn and why.
 */
#ifndef TB_DIAGRAM_H
#define TB_DIAGRAM_H

#include "note.h"
#include "rules.h"
#include "replay_walk.h"
#include "xml_emit.h"

/* A position to draw, and how the game got there. */
typedef struct tb_view {
	tb_state st;
	long ply;               /* turns of the main line played */
	int has_last;           /* the turn that led here (else the start, or
	                           a position the record restates) */
	tb_turn last;
	tb_events ev;
	char token[128];        /* that turn numbered and written: "12... d6xd4" */
	uint8_t reconstructed;  /* put in by the rules, not the source */
	unsigned long long settled; /* no turn known ('token' the node as written):
	                           the position is reconstructed, so many turns fit */
	uint8_t settled_gap;    /* (they are sequences of turns: a gap) */
	uint8_t final;          /* the main line's last position: its result is told */
	const char *position;   /* a bare position's notation, or NULL */
	const tb_comment *comments; /* the turn's comments (with 'has_last'): the
	                           author's marks they hold are drawn (spec/tgn.md 8.7) */
	uint8_t noted;          /* the rules do not know the position after 'ply'
	                           turns (an open stretch): 'st' is the last known,
	                           'note' says why and which (note.h) */
	tb_note note;
} tb_view;

/* Fills 'f' from walk 'w' after its last node: live, or in an open
 * stretch (tb_walk_open: the last position known, noted); 0 when memory
 * ran out (its token then ""). */
int tb_view_from_walk(tb_view *f, const tb_walk *w, long plies);

/* A drawing of one board under one style: its extent and, kept for
 * every frame drawn, the board itself. User units: 10 to a board unit. */
typedef struct tb_dia {
	const tb_ruleset *rs;
	int grayscale, no_coords;
	float xmin, xmax, ymin, ymax; /* the points' extent, board units */
	double bx, by, bw, bh;  /* the board's rectangle */
	double width, height;   /* of the drawing, its margin all round included */
	tb_buf board;           /* the board, coordinates included, as drawn */
	int board_depth;        /* the writer depth it was drawn at */
} tb_dia;

void tb_dia_init(tb_dia *d, const tb_ruleset *rs, int grayscale, int no_coords);
void tb_dia_free(tb_dia *d);

/* Opens an SVG 1.1 document: the XML declaration and doctype, then
 * <svg class="cls"> 'w_mm' by 'h_mm' millimetres with a viewBox of 'vw'
 * by 'vh' user units (diagrams and book pages alike). */
void tb_svg_open(tb_xw *w, const char *cls, double w_mm, double h_mm, double vw, double vh);

/* The <defs> of a document of diagrams: the style sheet (colour or
 * grayscale: the house's, then the own rules, tb_game.css, of each game
 * of 'games' -- a set of tb_game_bit, the games the document draws --
 * then 'more' if not NULL), arrowheads, patterns. */
void tb_dia_defs(tb_xw *w, int grayscale, uint64_t games, const char *more);
/* The style sheet alone (appended to 'b'), and the arrowheads and
 * patterns alone (no <defs> round them): a web page has the sheet in
 * its head. */
void tb_dia_css(tb_buf *b, int grayscale, uint64_t games);
void tb_dia_markers(tb_xw *w);

/* Draws frame 'f' as <g class="diagram">, its drawing's top left at
 * (x, y) of the document, 'scale' document units to a drawing unit. */
void tb_dia_draw(tb_dia *d, tb_xw *w, const tb_view *f, double x, double y, double scale);

/* The pieces' measures, drawing units: a piece's radius (half a square
 * piece's side), a crown's ring, a type letter's baseline below the
 * point. The web page (html.c) draws pieces with them as diagram.c does. */
#define TB_DIA_PIECE_R 3.4
#define TB_DIA_CROWN_R (TB_DIA_PIECE_R + 1.2)
#define TB_DIA_LABEL_DY 1.45
/* User units of margin round a drawing, on every side. */
#define TB_DIA_MARGIN 4.0

/* The board alone, its coordinates included: what every frame shares. */
void tb_dia_board(tb_dia *d, tb_xw *w);
/* What frame 'f's last turn did: the marks under the pieces (bands of
 * three, arrows, ghosts) into 'under' and those beside them (rings,
 * crosses, boxes) into 'over'; the pieces themselves are not drawn. */
void tb_dia_marks(const tb_dia *d, tb_xw *under, tb_xw *over, const tb_view *f);
/* Where point 'p' (an index of the geometry) is drawn. */
void tb_dia_point(const tb_dia *d, int p, double *x, double *y);

/* ## Pages */

#define TB_MAX_COLUMNS 12

/* The size in millimetres of paper "a4" or "letter" (portrait). */
void tb_page_size(const char *paper, double *pw, double *ph);
/* How many columns of diagrams 'size' mm wide (shrunk by a tenth at
 * most, to fit one more) fit 'avail' mm with 'gap' between them; sets
 * '*cell' to each one's width. */
int tb_sheet_columns(double avail, double size, double gap, double *cell);

#endif
