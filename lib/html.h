/*
 * html.h -- a web page being made, as the files of tb_html share it
 * (internal; spec/html.md): html.c the handle, the records added to it
 * and the page written whole around them, html_record.c a record's
 * section around its board (its tags, result, controls, board and
 * data), html_frames.c the positions the page can show (each a frame of
 * the record's JSON), html_moves.c the movetext linked to them, with the
 * notes of a collation's apparatus.
 */
#ifndef TB_HTML_H
#define TB_HTML_H

#include <stdint.h>
#include <string.h>

#include "apparatus.h"
#include "diagram.h"
#include "html_tree.h"
#include "lasterr.h"
#include "tablero.h"

struct tb_html {
	tb_html_opts o;
	const tb_lang *lang;  /* the page's: the option's, else the first record's */
	tb_buf nav;           /* the chooser's entries */
	tb_buf body;          /* the records' sections */
	tb_buf title;         /* the first record's title */
	tb_buf list;          /* under o.list: the frames as text */
	long nrecs;
	uint64_t games;       /* the records' games (tb_game_bit): their style rules */
	tb_lasterr err;       /* tb_html_errcode, tb_html_errmsg */
	tb_html_tree *tree;   /* the turns played, for a collection (html_tree.c) */
};

/* One record being written. */
typedef struct tb_ht_rec {
	tb_html *h;
	const tb_record *rec;
	const tb_lang *l;
	long id;              /* from 1 */
	tb_dia dia;
	int has_dia;
	tb_xw w;              /* the section, into h->body */
	tb_buf frames;        /* the frames' JSON */
	long nframes, lines;
	uint8_t kind_of[256]; /* cell value -> its kind's letter - 'A' + 1 */
	int nkinds;
	tb_buf kinds;         /* their JSON */
	tb_buf under, over, tmp;
	tb_buf media;         /* the evidence links by frame (html_media.h) */
	tb_buf *list;         /* under tb_html_opts.list: each frame as a line */
	int stopped;          /* the rules have stopped on the main line */
	char *first_stop;     /* where and why, first, for tb_html_add's caller */
	tb_app app;           /* the record's apparatus, when it is a collation */
	int coll;             /* it is: its differences are notes (spec/html.md §2) */
	struct tb_ht_app { const tb_node *n; long f[16]; } *notes; /* each note's node, and
	                         the frames of its alternatives (-1: none) */
	size_t nnotes, cnotes;
	const struct tb_ht_app *note; /* the note being written */
} tb_ht_rec;

/* Text into the page, escaped by the writer. */
static inline void tb_ht_text(tb_xw *w, const char *s) { tb_xw_text(w, s, strlen(s)); }

/* The page's word for 'key' in the record's language. */
static inline const char *tb_ht_word(const tb_ht_rec *r, const char *key) { return tb_lang_text(r->l, key); }

/* A copy of walk 'w' to go down another line from where it is: its own
 * scratch (freed by tb_walk_free). */
static inline void tb_ht_fork(tb_walk *to, const tb_walk *w) { tb_walk_fork(to, w); }

/* A turn, or a reading that follows one. */
static inline int tb_ht_is_turn(const tb_node *n) { return tb_kind_is_turn(tb_node_followed(n)); }


/* html.c: the handle */
/* A scratch buffer's text: "" when memory ran out, and then the page
 * fails (its body: tb_html_add says TB_ENOMEM). */
const char *tb_ht_s(tb_ht_rec *r, const tb_buf *t);
/* 's' (tb_lang_format's, the caller's to free), or a failed page. */
char *tb_ht_own(tb_ht_rec *r, char *s);

/* html_record.c: the record around the board, and what every part writes with */
/* <name class="cls">text</name> */
void tb_ht_elem(tb_xw *w, const char *name, const char *cls, const char *text);
/* <bdi class="cls" name="value">text</bdi>: text isolated from the
 * direction around it ('cls' NULL: no class; 'name' or 'value' NULL: no
 * attribute). */
void tb_ht_bdi(tb_xw *w, const char *cls, const char *name, const char *value, const char *text);
/* lang and dir of a text of language 'lang' (NULL: unsaid) */
void tb_ht_lang_dir(tb_xw *w, const char *lang, const char *text);
/* The record's tags as a definition list, each value in its direction. */
void tb_ht_tags(tb_ht_rec *r);
/* The result, what it means, and how the game ended by the rules. */
void tb_ht_result(tb_ht_rec *r, const tb_walk *w);
/* The controls: labelled buttons, each a symbol and its words. */
void tb_ht_controls(tb_ht_rec *r);
/* The board: diagram.c's, once; the pieces and marks are the script's. */
void tb_ht_board(tb_ht_rec *r);
/* The record's data for the script: the points, kinds, sides' names,
 * frames. */
void tb_ht_data(tb_ht_rec *r);
/* The record's title as plain text into 'out', no space or line at its end. */
void tb_ht_title(tb_ht_rec *r, tb_buf *out);

/* html_frames.c: the positions the page shows */
/* ,"key":"s" into the JSON 'b', 's' escaped. */
void tb_ht_jkey(tb_buf *b, const char *key, const char *s);
/* Why the rules do not know the position where 'w' stands, in the
 * page's words, from its frame (note.h); with 'shown', which position
 * the board is. The caller frees it; NULL (the page spent) when memory
 * ran out. */
char *tb_ht_note_text(tb_ht_rec *r, const tb_walk *w, int shown);
/* Adds a frame: the position of walk 'w' when it is known (live), its
 * caption, the frame before it on its line ('prev', -1: none), its line
 * ('line'), the main line's ply it is the turn of ('ply', -1: none), the
 * main line's frame a variation goes back to ('back'), and why the rules
 * stop here ('why', or NULL). Returns its index. */
long tb_ht_frame(tb_ht_rec *r, const tb_walk *w, const char *caption, long prev, long line,
                 long ply, long back, const char *why);

/* html_moves.c: the movetext */
/* A link to frame 'f': "#ply=N" for a turn of the main line, else "#f=F". */
void tb_ht_link_start(tb_ht_rec *r, long f, long ply, const char *cls);
/* Each comment of the list 'c', in its language and direction. */
void tb_ht_comments(tb_ht_rec *r, const tb_comment *c);
/* The stop of the rules at node 'n' (NULL: the start) in the page's
 * words: where and why. The caller frees it. */
char *tb_ht_stop_text(tb_ht_rec *r, const tb_node *n, const tb_walk *wk);
/* That stop, said in the movetext where it is. */
void tb_ht_stop_note(tb_ht_rec *r, const char *text);
/* A piece of a note as text or an element: a turn in its own direction
 * (a link to its position when the page has one), a siglum in italics,
 * a value or a comment isolated (<bdi>), so that an Arabic note keeps
 * "12... d3" and "cinta" whole and in place. */
void tb_ht_app_piece(void *ctx, const tb_app_piece *p);
/* The witnesses and the tags that differ, under the title. */
void tb_ht_app_head(tb_ht_rec *r);
/* The notes, each linked from its mark and back, in the page's
 * language and direction. */
void tb_ht_app_notes(tb_ht_rec *r);
/* The main line walked from 'w' (the position before its first node,
 * frame 'prev'), its movetext written through the one traversal
 * (visit.h): each node as H_node writes it, then its comments (an
 * alternative's after its words), then its variations, each walked
 * from the position before the node it stands for. */
void tb_ht_movetext(tb_ht_rec *r, tb_walk *w, const tb_line *main, long prev);

#endif
