/*
 * tree.h -- what the record tree's two files share (internal): tree.c
 * reads and walks the tree, tree_edit.c builds and edits it.
 */
#ifndef TB_TREE_H
#define TB_TREE_H

#include "diag.h" /* TB_MAX_DEPTH */
#include "record.h"

/* A path from the main line down: frame k is a line, and the node of
 * it the path goes through (or NULL); frame 0 the main line. */
typedef struct tb_tree_frame {
	tb_line *line;
	tb_node *node;
	tb_node *prev; /* the node before 'node' on 'line', or NULL */
} tb_tree_frame;

enum { TB_TREE_MAX_FRAMES = TB_MAX_DEPTH + 2 };

typedef struct tb_tree_path {
	tb_tree_frame f[TB_TREE_MAX_FRAMES];
	unsigned n; /* frames in use */
} tb_tree_path;

/* A record's last error set to 'code' and the message 'fmt' makes;
 * returns 'code'. */
int tb_tree_fail(tb_record *rec, int code, const char *fmt, ...);
/* A record's last error cleared: the call succeeded. */
void tb_tree_ok(tb_record *rec);
/* An edit that ran out of memory: the record is as it was (what the
 * edit took stays in its arena, unreachable, until it is freed).
 * Returns TB_ENOMEM. */
int tb_tree_nomem(tb_record *rec);

/* The comment list 'where' names: 0 the record's lead, 1 its trail,
 * 2 + i tag i's; NULL past the tags. */
tb_comment **tb_tree_record_list(tb_record *rec, size_t where);

/* The path to node 'n' (not removed) or line 'l' of 'rec' into 'p';
 * 0 when it is not in 'rec'. */
int tb_tree_locate_node(const tb_record *rec, const tb_node *n, tb_tree_path *p);
int tb_tree_locate_line(const tb_record *rec, const tb_line *l, tb_tree_path *p);

/* Numbers every turn of 'rec' again by the count after an edit of its
 * tree (a turn put in or taken out, a turn made a reading), keeping
 * the numbers its source wrote off the count where they were (spec/tgn.md
 * 5.1); a new generation of the record. Returns the nodes counted. */
size_t tb_tree_renumber(tb_record *rec);

#endif
