/*
 * writer.h -- pieces of the canonical writer that the XML reader and
 * the comparison (compare.c) use to write TGN text (internal).
 */
#ifndef TB_WRITER_H
#define TB_WRITER_H

#include "buf.h"
#include "game.h"

/* Appends 's', with a backslash before each character in 'esc'. */
void tb_write_escaped(tb_buf *b, const char *s, const char *esc);
/* Appends a comment "{@lang text}" (lang may be NULL), escaped. */
void tb_write_comment(tb_buf *b, const char *text, const char *lang);

/* Appends node 'n' of a record of game 'g' as the canonical form
 * writes it: its body ("d2-d3", "<gap 2>", a reading with its
 * alternatives' comments) when 'notes' is 0; else what follows the
 * body -- its NAGs, comments and variations, each after a space or as
 * a suffix -- or nothing. */
void tb_write_node(tb_buf *b, const tb_game *g, const tb_node *n, int notes);
/* Appends each comment of 'c', the first after 'sep', the others after
 * a space. */
void tb_write_comments(tb_buf *b, const tb_comment *c, const char *sep);

#endif
