/*
 * caption.h -- a diagram's caption and the record's words around it
 * (internal; caption.c), in a language, as paragraphs a renderer sets:
 * what tablero svg, the books and the web pages share to say what a
 * diagram shows and whose game it is.
 */
#ifndef TB_CAPTION_H
#define TB_CAPTION_H

#include "diagram.h"
#include "lang.h"
#include "typeset.h"

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

/* The label of tag 'tag' in 'l' ("Lugar" for Site; for a side's tag of
 * game 'g', when 'g' is not NULL, that side's name: "Rojas" for Red),
 * or the tag's own name when no table has one. 'key' ('n' bytes) is
 * scratch; the text returned is static or 'tag'. */
const char *tb_tag_label(const tb_lang *l, const tb_game *g, const char *tag, char *key,
                         size_t n);


/* A tag's value into 'p', in its own direction (a Source's timecode
 * left to right). */
void tb_para_value(tb_para *p, const char *value);

/* "1-0 (Red wins)": the record's result and what it means, into 'p'. */
void tb_para_result(tb_para *p, const tb_record *rec, const tb_lang *l);


#endif
