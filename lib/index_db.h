/*
 * index_db.h -- the index as its files hold it (internal): the handle,
 * and how a failure becomes its last error (index.c, index_query.c).
 */
#ifndef TB_INDEX_DB_H
#define TB_INDEX_DB_H

#include "buf.h"
#include "index.h"
#include "tablero.h"

/* index.c's inserts, made at the first file: the ones index_stage.c
 * runs, of one position and of TB_IX_POS_ROWS */
#define TB_IX_ST_POS 2
#define TB_IX_ST_POS_MANY 3
#define TB_IX_POS_ROWS 64

typedef struct tb_ix_staged tb_ix_staged;
typedef struct tb_ix_occ_held tb_ix_occ_held;
typedef struct tb_ix_known tb_ix_known;

struct tb_index {
	sqlite3 *db;
	int writable;
	sqlite3_stmt *st[6];         /* index.c's inserts, made at the first file */
	uint64_t *seen;              /* positions this session inserted (index.c) */
	tb_ix_known *known;          /* the keys of states seen lately (index.c) */
	tb_buf rules_last, rules_now; /* the last record's rules, the one's now, as
	                                text (index_known.c) */
	uint64_t rules_id;           /* the number of rules_last (0: none yet) */
	size_t nseen, capseen;
	tb_ix_staged *stage;         /* new positions not yet written (index_stage.c) */
	size_t nstage, capstage;
	size_t stage_max;            /* how many are held at most (0: index_stage.c's
	                                bound; tests set a small one) */
	char *stext;                 /* their texts */
	size_t nstext, capstext;
	tb_ix_occ_held *occ;         /* occurrences not yet written (index_occurs.c) */
	size_t nocc, capocc;
	char *otext;                 /* their texts */
	size_t notext, capotext;
	sqlite3_stmt *occ_st[2];     /* index_occurs.c's inserts: one row, and many */
	const tb_ix_pattern *pattern;/* the pattern of the query running, for tb_pattern() */
	int errcode;
	size_t errat;
	int errfield;           /* tb_find_field of a TB_ESYNTAX, or 0 */
	char errmsg[512];
};

/* Makes room in '*p', an array of '*cap' elements of 'size' bytes, for
 * 'need' of them (doubling, from 1024): 0, or TB_ENOMEM with '*p' as
 * it was (index_stage.c; the staged positions' and occurrences' arrays). */
int tb_ix_grow(void **p, size_t *cap, size_t need, size_t size);

/* Holds the position of key 'k', side 'side' to move, notation 'text'
 * (copied), to be written in key order; writes those held first when
 * there are many. 0; TB_ENOMEM (the positions held kept); TB_EIO: SQLite failed, the statement
 * ix->st[TB_IX_ST_POS] holding why (index.c says it: tb_ix_db_fail;
 * the file's transaction is rolled back, and the positions held let go
 * with tb_ix_stage_clear). Sets no error itself. */
int tb_ix_stage(tb_index *ix, const tb_ix_key *k, int side, const char *text);
/* Writes the positions held, in the order of positions' key, with
 * ix->st[TB_IX_ST_POS_MANY] and ix->st[TB_IX_ST_POS] (INSERT OR
 * IGNORE), and lets them go. 0, or TB_ENOMEM or TB_EIO as tb_ix_stage
 * (the statement that failed is either). */
int tb_ix_stage_flush(tb_index *ix);
/* Lets the positions held go, unwritten (a file rolled back). */
void tb_ix_stage_clear(tb_index *ix);

/* An occurrence, as occurs holds it (spec/collection.md §2): the texts
 * NULL when none. */
typedef struct tb_ix_occ {
	uint64_t after, before;   /* before 0: not known */
	long long record;
	long frame, ply;
	unsigned depth, turn;
	int side;                 /* -1: none (the start; turn not said either) */
	unsigned m0, m1;
	const char *token, *events;
} tb_ix_occ;

/* Holds occurrence 'o' (its texts copied), to be written in the order
 * of occurs' key; '*at' its place, for tb_ix_occ_next until the next
 * flush. 0, or TB_ENOMEM (nothing held). */
int tb_ix_occ_add(tb_index *ix, const tb_ix_occ *o, size_t *at);
/* Sets the next turn (occurs.next) of the occurrence held at 'at'
 * ('token' copied). 0, or TB_ENOMEM. */
int tb_ix_occ_next(tb_index *ix, size_t at, const char *token);
/* Are there so many held that they should be written (between two
 * records: a record's occurrences are written together)? */
int tb_ix_occ_due(const tb_index *ix);
/* Writes those held in occurs' order and lets them go. 0; TB_ENOMEM
 * (let go all the same); TB_EIO: SQLite failed, the database saying why
 * (tb_ix_db_fail). */
int tb_ix_occ_flush(tb_index *ix);
/* Lets those held go, unwritten (a file rolled back). */
void tb_ix_occ_clear(tb_index *ix);
/* Finalizes index_occurs.c's statements (made again when needed). */
void tb_ix_occ_finalize(tb_index *ix);

/* A record's status in the index (spec/collection.md), from the
 * diagnostics 'r' holds of it: "errors", "warnings", "clean", or
 * "unplayed" (clean, and not replayed: no rules to replay it by).
 * A static string. */
const char *tb_ix_status(const tb_reader *r, int replayed);

/* The keys of states seen lately (index_known.c). A number for what a
 * position's key depends on besides its state: the record's game, its
 * board and its options -- the same number as the record before's
 * exactly when they are the same, else a new one (never 0). */
struct tb_state;
struct tb_record;
uint64_t tb_ix_known_rules(tb_index *ix, const struct tb_record *rec, const tb_board *b);
/* Is state 'st' (its turn number aside) under 'rules' one keyed lately?
 * 1 with k->exact and k->m set; else 0, '*slot' where tb_ix_known_keep
 * keeps its key (SIZE_MAX: the table could not be made, none kept). */
int tb_ix_known_find(tb_index *ix, const struct tb_state *st, uint64_t rules, tb_ix_key *k,
                     size_t *slot);
/* Keeps key 'k' of state 'st' under 'rules' in the slot
 * tb_ix_known_find gave. */
void tb_ix_known_keep(tb_index *ix, size_t slot, const struct tb_state *st, uint64_t rules,
                      const tb_ix_key *k);

/* Has this session inserted position 'h' already? Adds it if not: 1,
 * 0, or -1 out of memory. While a file goes into an empty index,
 * positions has no unique index to ignore a second insert by: this set
 * must then hold every position inserted (else the index made after
 * fails, and the file with it). */
int tb_ix_seen(tb_index *ix, uint64_t h);
/* Forgets them (what was inserted may be gone: a file removed, a
 * transaction rolled back). */
void tb_ix_seen_clear(tb_index *ix);

/* Clears the last error and the pattern of a query (a query begins). */
void tb_ix_reset(tb_index *ix);
/* A query that does not read: 'what' of it ('field', tb_find_field) is
 * wrong, 'why', at byte 'at' of it. Returns TB_ESYNTAX. */
int tb_ix_syntax(tb_index *ix, int field, const char *what, const char *why, size_t at);

/* Sets the last error: 'fmt' with one %s, 'detail'. Returns 'code'. */
int tb_ix_fail(tb_index *ix, int code, const char *fmt, const char *detail);
/* The last error from what SQLite says of the database. */
int tb_ix_db_fail(tb_index *ix);

#endif
