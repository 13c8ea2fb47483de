/*
 * writer.h -- pieces of the canonical writer that the XML reader, the
 * comparison (compare.c) and the collation (collate_write.c) use to
 * write TGN text (internal).
 */
#ifndef TB_WRITER_H
#define TB_WRITER_H

#include "buf.h"
#include "game.h"

/* Appends 's', with a backslash before each character in 'esc'. */
void tb_write_escaped(tb_buf *b, const char *s, const char *esc);
/* Appends a tag pair '[name "value"]', the value escaped. */
void tb_write_tag(tb_buf *b, const char *name, const char *value);
/* Appends a comment "{@lang text}" (lang may be NULL), escaped. */
void tb_write_comment(tb_buf *b, const char *text, const char *lang);
/* The same with author's marks 'm' (n, canonical order) before the text
 * (spec/tgn.md 8.7). */
void tb_write_comment_marks(tb_buf *b, const char *text, const char *lang, const tb_mark *m,
                            unsigned nmarks);

typedef enum {
	TB_WRITE_BODY,  /* "d2-d3", "<gap 2>", a reading with its alternatives' comments */
	TB_WRITE_BARE,  /* the body without comments ("<b2 | c3>") */
	TB_WRITE_NOTES  /* what follows the body: its NAGs, comments and variations,
	                   each after a space or as a suffix, or nothing */
} tb_write_part;

/* Appends a part of node 'n' of a record of game 'g' as the canonical
 * form writes it. */
void tb_write_node(tb_buf *b, const tb_game *g, const tb_node *n, tb_write_part part);
/* Appends alternative 'a' of a reading as the canonical form writes it,
 * without its comments: "d2", "reconstructed d2", "omitted", "gap 2",
 * "position \"...\"". */
void tb_write_alt(tb_buf *b, const tb_game *g, const tb_alt *a);
/* Appends each comment of 'c', the first after 'sep', the others after
 * a space. */
void tb_write_comments(tb_buf *b, const tb_comment *c, const char *sep);
/* The number a record wrote before node 'n' -- a gap, a restated
 * position, or a reading that follows one -- after 'prev' (NULL: the
 * first of its line), as plies (2 * number + side), where it moved the
 * record's numbering off the count or back (spec/tgn.md 5.1) and the
 * turn before it tells the count there; else -1 (a turn: -1 too). */
long tb_node_number_moved(const tb_node *n, const tb_node *prev);
/* Where node 'n' (after 'prev' in its line) is numbered off the count
 * by the record's own numbering -- a turn whose written numbers ran off
 * it, a gap or a position a number before it moved (spec/tgn.md 5.1) --
 * writes "5." or "4..." into 'w' ("" past 999999) and returns 1; else 0.
 * What tablero XML's "written" and TEI's <num type="written"> carry. */
int tb_node_number_written(const tb_node *n, const tb_node *prev, char w[32]);
/* The canonical form of 'rec' (tb_record_write) numbered by the count
 * alone: no number its source wrote that disagrees with the count is
 * kept. What the collation compares witnesses by, whose numbering it
 * does not collate (spec/compare.md 7). The caller frees it; NULL as
 * tb_record_write. */
char *tb_record_write_counted(const tb_record *rec, size_t *len);

#endif
