/*
 * marks.h -- author's marks on a turn's diagram (internal; spec/tgn.md
 * 8.7): arrows, circled points, shaded points and labels, written as
 * commands inside a comment after the turn ("[%cal Ra1a4]", chess's
 * way) and kept on the comment as typed marks, apart from its text.
 *
 * The one reader and writer of their text: the TGN parser reads them
 * with tb_marks_read, the canonical writer and the XML writer write
 * them with tb_marks_write and tb_marks_write_kind; the diagrams draw
 * the typed marks (diagram.c) and never read text.
 */
#ifndef TB_MARKS_H
#define TB_MARKS_H

#include <stddef.h>

#include "buf.h"
#include "game.h"
#include "record.h"

#define TB_MAX_MARKS 64      /* marks in one comment */
#define TB_MARK_LABEL_MAX 3  /* characters of a label */

/* The commands' names, by tb_mark_kind ("cal", "csl", "cfl", "clb"),
 * and the palette's letters, by tb_mark_colour ("GRYB"). ORDER MARK:
 * the enums in tablero.h, these, the XML attributes (tb_mark_xml) and
 * spec/tgn.md 8.7 are kept in step. */
extern const char *const tb_mark_command[4];
extern const char tb_mark_letters[5];
/* The XML attribute of each kind: "arrows", "circles", "shades", "labels". */
extern const char *const tb_mark_xml[4];

/* The offset of the first mark command in s[from..n) -- "[%cal", "[%csl",
 * "[%cfl" or "[%clb" followed by a blank or ']' -- or n when none. */
size_t tb_marks_find(const char *s, size_t n, size_t from);

/* Where and why a command did not read: offsets in the command. */
typedef struct tb_mark_err {
	size_t at, len;
	char msg[160];
	tb_point near;   /* a point off the board (for a note of those alike), or 0 */
} tb_mark_err;

/* Reads the command at 's' (n bytes; it starts at "[%") up to its ']'
 * against board 'b' of the game titled 'title', appending its marks to
 * out[*nout..cap). Returns the bytes it covers, ']' included, or 0 with
 * '*err' set (nothing appended). */
size_t tb_marks_read(const char *s, size_t n, const tb_board *b, const char *title,
                     tb_mark *out, unsigned *nout, unsigned cap, tb_mark_err *err);

/* Puts 'm' (n marks) in canonical order: by kind, the order written
 * kept within a kind. */
void tb_marks_sort(tb_mark *m, unsigned n);

/* Writes the marks 'm' (n, canonical order) as commands, one per kind,
 * separated by a space: "[%cal Ra1a4,Gb2b4] [%csl Gd5]"; nothing when
 * n is 0. */
void tb_marks_write(tb_buf *b, const tb_mark *m, unsigned n);
/* Writes the marks of 'kind' among 'm' as the list of one command's
 * items, 'sep' between them ("Ra1a4,Gb2b4", or with ' ' for XML). */
void tb_marks_write_kind(tb_buf *b, const tb_mark *m, unsigned n, int kind, char sep);

/* Do the two lists say the same (in order)? */
int tb_marks_equal(const tb_mark *a, unsigned na, const tb_mark *b, unsigned nb);

/* The first comment of 'rec' that holds marks, in the order of the one
 * traversal (visit.h), or NULL. */
const tb_comment *tb_marks_first(const tb_record *rec);

#endif
