/*
 * index_db.h -- the index as its files hold it (internal): the handle,
 * and how a failure becomes its last error (index.c, index_query.c).
 */
#ifndef TB_INDEX_DB_H
#define TB_INDEX_DB_H

#include "index.h"
#include "tablero.h"

/* index.c's inserts, made at the first file: the one index_stage.c runs */
#define TB_IX_ST_POS 2

typedef struct tb_ix_staged tb_ix_staged;

struct tb_index {
	sqlite3 *db;
	int writable;
	sqlite3_stmt *st[6];         /* index.c's inserts, made at the first file */
	uint64_t *seen;              /* positions this session inserted (index.c) */
	size_t nseen, capseen;
	tb_ix_staged *stage;         /* new positions not yet written (index_stage.c) */
	size_t nstage, capstage;
	size_t stage_max;            /* how many are held at most (0: index_stage.c's
	                                bound; tests set a small one) */
	char *stext;                 /* their texts */
	size_t nstext, capstext;
	const tb_ix_pattern *pattern;/* the pattern of the query running, for tb_pattern() */
	int errcode;
	size_t errat;
	int errfield;           /* tb_find_field of a TB_ESYNTAX, or 0 */
	char errmsg[512];
};

/* Holds the position of key 'k', side 'side' to move, notation 'text'
 * (copied), to be written in key order; writes those held first when
 * there are many. 0; TB_ENOMEM (the positions held kept); TB_EIO: SQLite failed, the statement
 * ix->st[TB_IX_ST_POS] holding why (index.c says it: tb_ix_db_fail;
 * the file's transaction is rolled back, and the positions held let go
 * with tb_ix_stage_clear). Sets no error itself. */
int tb_ix_stage(tb_index *ix, const tb_ix_key *k, int side, const char *text);
/* Writes the positions held, in the order of positions' key, with
 * ix->st[TB_IX_ST_POS] (INSERT OR IGNORE), and lets them go. 0, or
 * TB_ENOMEM or TB_EIO as tb_ix_stage. */
int tb_ix_stage_flush(tb_index *ix);
/* Lets the positions held go, unwritten (a file rolled back). */
void tb_ix_stage_clear(tb_index *ix);

/* Sets the last error: 'fmt' with one %s, 'detail'. Returns 'code'. */
int tb_ix_fail(tb_index *ix, int code, const char *fmt, const char *detail);
/* The last error from what SQLite says of the database. */
int tb_ix_db_fail(tb_index *ix);

#endif
