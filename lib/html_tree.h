/*
 * html_tree.h -- the turns played across a collection, as a browsable
 * tree on its web page (internal; html_tree.c, called from html.c).
 */
#ifndef TB_HTML_TREE_H
#define TB_HTML_TREE_H

#include "buf.h"
#include "tablero.h"

typedef struct tb_html_tree tb_html_tree;

/* Adds the main line of 'rec' (record 'record' of the page, from 1)
 * to '*t' (made at the first). Returns 0, or -1 when memory ran out
 * (then and after: the page cannot be made whole). */
int tb_html_tree_add(tb_html_tree **t, const tb_record *rec, long record);
/* Writes the tree as nested <details> into 'b', in language 'l'. */
void tb_html_tree_write(const tb_html_tree *t, tb_buf *b, const tb_lang *l);
void tb_html_tree_free(tb_html_tree *t);

#endif
