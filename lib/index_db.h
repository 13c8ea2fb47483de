/*
 * index_db.h -- the index as its files hold it (internal): the handle,
 * and how a failure becomes its last error (index.c, index_query.c).
 */
#ifndef TB_INDEX_DB_H
#define TB_INDEX_DB_H

#include "index.h"
#include "tablero.h"

struct tb_index {
	sqlite3 *db;
	int writable;
	sqlite3_stmt *st[6];         /* index.c's inserts, made at the first file */
	uint64_t *seen;              /* positions this session inserted (index.c) */
	size_t nseen, capseen;
	const tb_ix_pattern *pattern;/* the pattern of the query running, for tb_pattern() */
	int errcode;
	size_t errat;
	int errfield;           /* tb_find_field of a TB_ESYNTAX, or 0 */
	char errmsg[512];
};

/* Sets the last error: 'fmt' with one %s, 'detail'. Returns 'code'. */
int tb_ix_fail(tb_index *ix, int code, const char *fmt, const char *detail);
/* The last error from what SQLite says of the database. */
int tb_ix_db_fail(tb_index *ix);

#endif
