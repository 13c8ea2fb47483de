/*
 * book.h -- a book being made, as the files of tb_book share it
 * (internal; spec/book.md): book.c the handle and the records added to
 * it (the diagrams each asks for, where the rules stop), book_layout.c
 * the pages (diagrams floated beside the text, paragraphs set in lines),
 * book_moves.c a record's text (its title block, movetext and the notes
 * of a collation's apparatus), book_svg.c the pages written out as SVG,
 * with a collection's contents page.
 */
#ifndef TB_BOOK_H
#define TB_BOOK_H

#include <stddef.h>
#include <stdint.h>

#include "apparatus.h"
#include "caption.h"
#include "lasterr.h"
#include "tablero.h"

/* Millimetres. */
#define M_SIDE 20.0     /* left and right margins */
#define M_TOP 22.0      /* the text block's top */
#define M_BOTTOM 22.0   /* under the text block */
#define HEAD_Y 14.0     /* the running head's baseline */
#define FOLIO_FROM_BOTTOM 12.0
#define FIG_GAP 5.0     /* between a diagram and the text beside or under it */
#define FIG_CAP 2.7     /* a diagram's caption */
#define FIG_CAP_LINE 3.5
#define PARA_GAP 1.6    /* between paragraphs */
#define INDENT 6.0      /* a variation's, per level */

/* Each kind of paragraph: its class, font size and line distance. */
enum { K_TITLE, K_META, K_MOVES, K_COMMENT, K_NOTE, K_VAR, K_VARCOMMENT, K_TOC, K_TOCHEAD, K_N };

enum { W_ASKED = 1, W_EVERY = 2, W_MARKED = 4, W_START = 8, W_POSITION = 16, W_END = 32 };

typedef struct tb_bk_fig {
	long number;            /* in the document, from 1 */
	long ply;
	long page;              /* its page (index), once placed */
	unsigned why;           /* W_* */
	const tb_node *node;    /* the restated position it shows, or NULL */
	int record;             /* index of its record */
	tb_view frame;
	char *caption;          /* plain text, for a listing */
} tb_bk_fig;

typedef struct tb_bk_page {
	tb_buf body;
	int record;             /* -1: a contents page */
	int first;              /* a record's first page: no running head */
} tb_bk_page;

typedef struct tb_bk_rec {
	tb_para head;           /* its running head: the record's title */
	const tb_lang *lang;
	long first_page;        /* index */
	char *where[3];         /* its contents entry says these after its title:
	                           its [Site], [Date] and [Source] (NULL: none) */
} tb_bk_rec;

typedef struct tb_bk_stop {
	const tb_node *node;    /* where the rules stopped (NULL: at the start) */
	char why[320];
	int open;               /* an open stretch (no problem of the record's): */
	tb_note note;           /* what the text says of it, in the record's words */
} tb_bk_stop;

/* A diagram asked for, before its position is known. */
typedef struct tb_bk_want {
	long ply;
	const tb_node *node;    /* a restated position's, or NULL: after turn 'ply' */
	unsigned why;
} tb_bk_want;

struct tb_book {
	tb_book_opts o;
	double pw, ph;          /* the paper */
	tb_bk_page **pages;
	size_t npages, pcap;
	tb_bk_rec *recs;
	size_t nrecs, rcap;
	tb_bk_fig *figs;
	size_t nfigs, fcap;
	uint64_t games;         /* the records' games (tb_game_bit): their style rules */
	/* the record being set */
	const tb_record *rec;
	const tb_lang *lang;
	int rtl;
	int record;             /* its index (-1: the contents) */
	int paren;              /* a variation's "(" waits for its first run */
	int text_done;          /* the record's text is set: figures left are centred */
	tb_dia dia;
	double fig_w, fig_scale;
	tb_xw w;                /* into the current page */
	double y;               /* the top of the next line */
	double ftop, fbottom;   /* the side the floats take on this page */
	size_t *queue;          /* diagrams waiting for the next page */
	size_t nqueue, qcap;
	size_t fig_from;        /* this record's first figure */
	tb_bk_stop *stops;
	size_t nstops;
	tb_bk_stop dead;        /* where the rules were stopped at the first diagram
	                           asked for that they do not reach (said or not) */
	/* the paragraph being built */
	tb_para cur;
	int cur_kind, cur_level, cur_open;
	size_t refs[64];        /* figures referred to in 'cur', by run */
	size_t ref_run[64];
	size_t nrefs;
	char time[48];          /* --times: the time of the turn that opens 'cur', for
	                           the margin of its first line ("" none) */
	int nomem;              /* memory ran out: the book is spent (TB_ENOMEM) */
	tb_app app;             /* the record's apparatus, when it is a collation */
	int coll;               /* it is: its differences are said in notes (§8) */
	unsigned app_n;         /* its notes marked in the text so far */
	tb_buf sink;            /* failed: where a page that could not be made goes */
	tb_lasterr err;         /* tb_book_errcode, tb_book_errmsg */
};


static inline double tb_bk_text_w(const tb_book *b) { return b->pw - 2 * M_SIDE; }
static inline double tb_bk_bottom(const tb_book *b) { return b->ph - M_BOTTOM; }


/* book_layout.c: pages, diagrams placed, paragraphs set */
/* A scratch buffer's text: "" and the book spent when memory ran out. */
const char *tb_bk_text(tb_book *b, const tb_buf *t);
/* A figure after the line that refers to it: beside the text at the
 * side the lines end on when that side is free; else, when the figure
 * before still takes it, at the other side, the text going on under
 * both; else (no room left on the page) on the next page. */
void tb_bk_figure(tb_book *b, size_t i);
/* The figures that waited, from the top of a new page: in rows of two
 * (when two fit across), the text under them; the last one alone at the
 * side, the text beside it. */
void tb_bk_unqueue(tb_book *b);
/* Starts a page of record 'record' (-1: the contents), 'first' its first
 * page (no running head); the text at the top, the floats' side free. A
 * page that cannot be had leaves the book spent ('nomem'). */
void tb_bk_new_page(tb_book *b, int record, int first);
/* Sets the paragraph being built, if any, into the pages and closes it. */
void tb_bk_flush(tb_book *b);
/* Makes the current paragraph one of kind 'k' (a new one unless it is
 * one already and 'fresh' is 0). */
void tb_bk_begin(tb_book *b, int k, int level, int rtl, const char *lang, int fresh);
/* A run of text into the paragraph being built ('flags' TB_RUN_*), after
 * the "(" of a variation that waits for its first word. */
void tb_bk_run(tb_book *b, const char *s, unsigned flags);
/* A note in the book's language, in square brackets, in a moves paragraph. */
void tb_bk_note_run(tb_book *b, const char *text, unsigned tie);

/* book_moves.c: a record's text */
/* A turn, which the count counts; a reading is what it follows, its first
 * alternative (a collation's may be a gap, a position or nothing). */
int tb_bk_is_turn(const tb_node *n);
/* Each comment of the list 'c' a paragraph of its own, at 'level'. */
void tb_bk_comments(tb_book *b, const tb_comment *c, int level);
/* A piece of a note as a run of the paragraph being built. */
void tb_bk_app_piece(void *ctx, const tb_app_piece *p);
/* The notes, numbered as the text marks them, after the record's text. */
void tb_bk_app_notes(tb_book *b);
/* Where the rules stopped at 'n' (NULL: at the start), if they did
 * there, said in a note paragraph. */
void tb_bk_stop_note(tb_book *b, const tb_node *n);
/* The main line, from turn 'ply' on, through the one traversal
 * (visit.h): each turn and note as S_turn and S_other write it, the
 * comments each a paragraph of its own (an alternative's after its
 * words), a turn's variations each a paragraph in brackets, a level
 * deeper, from the ply before that turn. The variations of a node that
 * is not a turn are left out. */
void tb_bk_movetext(tb_book *b, const tb_line *main, long ply);
/* The record's title block: its game, its sides' names, the tags that
 * place it (Event, Site, Date...), its result and its [Notes]. */
void tb_bk_title_block(tb_book *b);

/* book_svg.c: the pages written out */
/* tb_book_pages, but for its last error (at the end of the file). */
long tb_bk_pages(tb_book *b, tb_book_page_fn fn, void *ctx);

#endif
