/*
 * apparatus.h -- a collation's critical apparatus, as the book and the
 * web page print it (internal; spec/book.md §8, spec/html.md §2).
 *
 * A collation (spec/compare.md §7) keeps its witnesses' differences in
 * the collator's forms: readings whose alternatives name their sigla,
 * attributed comments, tags' other values in comments. A reader of an
 * edition expects none of that in the text: the text follows the base
 * witness, each place where the witnesses differ has a numbered note
 * ("12. d3] cinta; c3 cuaderno"), the tags that differ a note under the
 * title block, each comment only some witnesses write its sigla. This
 * module reads the forms once and says each note as a sequence of typed
 * pieces -- words, punctuation, a turn, a siglum, a tag's value, a
 * witness's comment -- which the book (book.c) sets as runs and the page
 * (html.c) as elements: neither parses the other's text, and neither
 * knows the forms.
 *
 * The words are the output's language's (lib/lang_*.c, keys "app.*"),
 * and so is the order of a reading and its sigla: "c3 cuaderno" in
 * English and Spanish, "في cuaderno: c3" in Arabic, as editions in each
 * print them.
 */
#ifndef TB_APPARATUS_H
#define TB_APPARATUS_H

#include <stdint.h>

#include "collate.h"
#include "lang.h"
#include "record.h"

/* What a piece of a note is, which says how it is set. */
typedef enum {
	TB_APP_WORDS,   /* words of the output's language: "om.", a gap in words */
	TB_APP_LABEL,   /* a tag's label in the output's language ("Lugar") */
	TB_APP_PUNCT,   /* "]", ";", ",", "(", ")", ":" */
	TB_APP_TURN,    /* notation, "12... d3": left to right, never broken */
	TB_APP_SIGLUM,  /* a witness's name: in italics, isolated */
	TB_APP_VALUE,   /* a tag's value: in its own direction */
	TB_APP_COMMENT  /* a witness's comment: in 'lang' */
} tb_app_kind;

typedef struct tb_app_piece {
	int kind;               /* tb_app_kind */
	const char *text;       /* borrowed for the call */
	const char *lang;       /* COMMENT: its language tag, or NULL: the record's */
	int glue;               /* no space before it */
	int alt;                /* TURN, or WORDS saying a reading (a gap, "om."'s
	                           not): the alternative of the node it is (0 the
	                           text's, the lemma), or -1: none */
} tb_app_piece;

/* Called for each piece of a note, in reading order. */
typedef void (*tb_app_fn)(void *ctx, const tb_app_piece *p);

/* A collation's apparatus being said. Lives where its caller puts it;
 * holds nothing to free. */
typedef struct tb_app {
	tb_sigla sig;           /* the witnesses, base first */
	const tb_record *rec;
	const tb_lang *l;       /* the output's language */
	tb_app_fn fn;
	void *ctx;
	int own;                /* some witness writes an uncertain reading of its own */
	int alt;                /* the alternative being said, or -1 */
	int reading;            /* its words are being said (not a template's) */
	int nomem;              /* memory ran out saying a piece (sticky) */
} tb_app;

/* Starts the apparatus of 'rec' (which must outlive it) in language 'l',
 * its pieces said to 'fn'. Returns 1 when 'rec' is a collation (a
 * [Collation] tag that lists sigla), else 0 and the record is printed
 * as any other. */
int tb_app_init(tb_app *a, const tb_record *rec, const tb_lang *l, tb_app_fn fn, void *ctx);

/* Does node 'n' of the main line have a note: a reading of the
 * collation, or a turn with the collator's note or witnesses' NAGs? */
int tb_app_noted(const tb_app *a, const tb_node *n);
/* Is comment 'c' of node 'n' (after it, or of one of its
 * alternatives) said in the node's note, or some witnesses' evidence
 * links ("cinta: @", which no text prints), and so not in the text? */
int tb_app_in_note(const tb_app *a, const tb_node *n, const tb_comment *c);
/* Says the note of noted node 'n': the lemma (the text's turn, with its
 * number), "]", then each reading with the witnesses that have it, and
 * what they say of it. */
void tb_app_note(tb_app *a, const tb_node *n);

/* Does tag 't' differ between the witnesses (a comment of it gives
 * another witness's value, or says a witness lacks it)? */
int tb_app_tag_noted(const tb_app *a, const tb_tag *t);
/* Is comment 'c' of tag 't' another witness's value, said in the tag's
 * note? */
int tb_app_tag_in_note(const tb_app *a, const tb_tag *t, const tb_comment *c);
/* Says the note of tag 't': "Label: value] A; other value B; om. C". */
void tb_app_tag_note(tb_app *a, const tb_tag *t);

/* Says the list of witnesses: each siglum, the base's marked as such. */
void tb_app_witnesses(tb_app *a);

/* Says the sigla of comment 'c' written in the text when it is
 * attributed to some witnesses ("cinta: se da vuelta a la cinta"): the
 * sigla, then ":"; '*rest' is then its own text. Returns 0 (and says
 * nothing) when it is every witness's. */
int tb_app_attribution(tb_app *a, const tb_comment *c, const char **rest);

/* Note 'number''s mark in the text, as superscript digits ("¹²"), into
 * 'out' (at least 32 bytes). */
void tb_app_mark(char *out, size_t size, unsigned number);

#endif
