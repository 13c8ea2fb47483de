/*
 * diagram.h -- drawing positions and their captions (internal; svg.c).
 *
 * What tablero svg and tablero book share: a position and how the game
 * got there (a frame, from the main line's walk), its drawing as an SVG
 * group (the board from the rules engine's geometry, the pieces, what
 * the last turn did), the style sheet, and captions in a language.
 * spec/svg.md says what is drawn and why.
 */
#ifndef TB_DIAGRAM_H
#define TB_DIAGRAM_H

#include "lang.h"
#include "note.h"
#include "para.h"
#include "rules.h"
#include "walk.h"
#include "xw.h"

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
	uint8_t final;          /* the main line's last position: its result is told */
	const char *position;   /* a bare position's notation, or NULL */
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
 * grayscale, then 'more' if not NULL), arrowheads, patterns. */
void tb_dia_defs(tb_xw *w, int grayscale, const char *more);
/* The style sheet alone (static), and the arrowheads and patterns alone
 * (no <defs> round them): a web page has the sheet in its head. */
const char *tb_dia_css(int grayscale);
void tb_dia_markers(tb_xw *w);

/* Draws frame 'f' as <g class="diagram">, its drawing's top left at
 * (x, y) of the document, 'scale' document units to a drawing unit. */
void tb_dia_draw(tb_dia *d, tb_xw *w, const tb_view *f, double x, double y, double scale);

/* The pieces' measures, drawing units: a piece's radius (half a square
 * piece's side), a crown's ring, a type letter's baseline below the
 * point. The web page (html.c) draws pieces with them as svg.c does. */
#define TB_DIA_PIECE_R 3.4
#define TB_DIA_CROWN_R (TB_DIA_PIECE_R + 1.2)
#define TB_DIA_LABEL_DY 1.45

/* The board alone, its coordinates included: what every frame shares. */
void tb_dia_board(tb_dia *d, tb_xw *w);
/* What frame 'f's last turn did: the marks under the pieces (bands of
 * three, arrows, ghosts) into 'under' and those beside them (rings,
 * crosses, boxes) into 'over'; the pieces themselves are not drawn. */
void tb_dia_marks(const tb_dia *d, tb_xw *under, tb_xw *over, const tb_view *f);
/* Where point 'p' (an index of the geometry) is drawn. */
void tb_dia_point(const tb_dia *d, int p, double *x, double *y);

/* ## Captions */

enum { TB_CAP_MAX = 24 };

typedef struct tb_caption {
	tb_para para[TB_CAP_MAX];
	size_t n;
} tb_caption;

/* The caption of frame 'f' of 'rec' (NULL for a bare position) in
 * language 'l': under TB_CAPTION_SHORT "Diagram 'figure'. After 12...
 * d6xd4" (no number when 'figure' is 0) and, at the end of the main
 * line, its result; under TB_CAPTION_FULL the game, the players, the
 * turn both ways, the result, and each of 'tags' (NULL-ended, or NULL)
 * not said already. */
void tb_caption_make(tb_caption *c, const tb_record *rec, const tb_ruleset *rs,
                     const tb_view *f, const tb_lang *l, int mode, long figure,
                     const char *const *tags);
/* Sets the caption in lines 'width' wide from baseline 'y' ('line_h'
 * apart, font 'size'), drawn when 'w' is not NULL (each line a <text>
 * of class 'cls'); returns the lines. */
int tb_caption_set(tb_caption *c, tb_xw *w, double x, double y, double width, double size,
                   double line_h, const char *cls);
/* 0 when memory ran out making 'c' (a paragraph cut short). */
int tb_caption_ok(const tb_caption *c);
void tb_caption_free(tb_caption *c);

/* "La Pitarra: Mendoza Reséndiz, Aurelio – Hernández Olvera, Cirilo"
 * (the game and who played it) into 'p', in language 'l'. */
void tb_record_title(tb_para *p, const tb_record *rec, const tb_lang *l, unsigned flags);

/* The label of tag 'tag' in 'l' ("Lugar" for Site), or the tag's own
 * name when the table has none. */
const char *tb_tag_label(const tb_lang *l, const char *tag, char *key, size_t n);

/* Appends to 'p' the text of key 'key' of 'l' with its "{1}"...
 * replaced by args[i], each a run of flags aflags[i]; the template's own
 * text is a run of flags 'flags'. */
void tb_para_lang(tb_para *p, const tb_lang *l, const char *key, unsigned flags,
                  const char *const *args, const unsigned *aflags, size_t nargs);

/* A tag's value into 'p', in its own direction (a Source's timecode
 * left to right). */
void tb_para_value(tb_para *p, const char *value);

/* "1-0 (Red wins)": the record's result and what it means, into 'p'. */
void tb_para_result(tb_para *p, const tb_record *rec, const tb_lang *l);

/* The run flags that embed 's' in a paragraph of direction 'rtl' when
 * its own direction is the other one. */
unsigned tb_embed_flags(const char *s, int rtl);

/* ## Movetext in words (book.c; the web page's too) */

/* A comment's direction: its language's, else its text's. */
int tb_comment_rtl(const tb_comment *c);
/* NAG 'nag' as a symbol ("!", "±"): 'first' a turn's first NAG, which
 * may be a suffix; "" for one that is no text ($220, a diagram); NULL
 * for one without a symbol (written "$N"). */
const char *tb_nag_text(unsigned nag, int first);
/* A gap in 'l''s words: "faltan 2 jugadas". The caller frees it; NULL
 * when memory ran out. */
char *tb_gap_words(const tb_lang *l, long min, long max);
/* A reading's alternative into 't': a turn as written, or a collation's
 * gap, restated position or nothing, in 'l''s words. */
void tb_alt_words(const tb_lang *l, tb_buf *t, const tb_alt *a);
/* A turn's token into 't': the move as written (a reconstructed one in
 * square brackets), a reading's first alternative. */
void tb_token_words(tb_buf *t, const tb_node *n);

/* ## Pages */

#define TB_MAX_COLUMNS 12

/* The size in millimetres of paper "a4" or "letter" (portrait). */
void tb_page_size(const char *paper, double *pw, double *ph);
/* How many columns of diagrams 'size' mm wide (shrunk by a tenth at
 * most, to fit one more) fit 'avail' mm with 'gap' between them; sets
 * '*cell' to each one's width. */
int tb_sheet_columns(double avail, double size, double gap, double *cell);

#endif
