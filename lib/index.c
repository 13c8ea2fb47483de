/*
 * index.c -- an index of a collection in SQLite: opening it, its schema,
 * and adding files (tablero.h "An index of a collection";
 * spec/collection.md). Positions come from the record's one reading
 * (tb_reader_replay), each line's up to a turn the rules refuse; the
 * new positions and the occurrences are written sorted by
 * index_stage.c and index_occurs.c; the queries are index_query.c's
 * and index_tree.c's.
 */
#include "index_db.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "replay.h"
#include "validate.h"
#include "visit.h"
#include "xalloc.h"

/* The schema (spec/collection.md §2 documents each column). */
static const char S_schema[] =
	"CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);"
	"CREATE TABLE files(id INTEGER PRIMARY KEY, path TEXT UNIQUE NOT NULL,"
	" size INTEGER, mtime INTEGER, hash TEXT);"
	/* a record's tags are one JSON array on its row ([name, value,
	 * name, value, ...]: a tag's name is matched as the array's own
	 * element, not parsed out of one of its own), and a turn's events
	 * one on its occurrence ([[kind, point, to, count], ...]; NULL:
	 * none): a row each was a third of a build's rows. The views tags
	 * and events show them as tables */
	"CREATE TABLE records(id INTEGER PRIMARY KEY, file INTEGER NOT NULL REFERENCES files(id),"
	" number INTEGER, offset INTEGER, size INTEGER, line INTEGER, game TEXT, status TEXT,"
	" plies INTEGER, result TEXT, site TEXT, informant TEXT, event TEXT, year INTEGER, first TEXT,"
	" tags TEXT);"
	/* a position is kept in the order of its material, then of its
	 * key: a material search reads a range of it, a pattern only the
	 * material it allows, and an exact one -- whose material the
	 * position says -- seeks it, all without another index. Its key is
	 * a random number: a file's new positions are held and go in
	 * sorted (index_stage.c), never each to a page of its own */
	"CREATE TABLE positions(id INTEGER NOT NULL, sym INTEGER, side INTEGER,"
	" m0 INTEGER NOT NULL, m1 INTEGER NOT NULL, bits BLOB, text TEXT,"
	" PRIMARY KEY(m0, m1, id)) WITHOUT ROWID;"
	/* kept in the order of the position reached: the records that
	 * reach one are a range (index_occurs.c writes them in that order);
	 * next, the main line's turn from there, is what the tree at a
	 * position counts; m0, m1: the material of 'after', so that its
	 * row is found by key */
	"CREATE TABLE occurs(after INTEGER NOT NULL, record INTEGER NOT NULL, frame INTEGER NOT NULL,"
	" ply INTEGER, depth INTEGER, turn INTEGER, side INTEGER, token TEXT, next TEXT,"
	" before INTEGER, m0 INTEGER, m1 INTEGER, events TEXT,"
	" PRIMARY KEY(after, record, frame)) WITHOUT ROWID;"
	"CREATE VIEW tags(record, n, name, value) AS SELECT r.id, j.key / 2, j.value,"
	" json_extract(r.tags, '$[' || (j.key + 1) || ']')"
	" FROM records r, json_each(r.tags) j WHERE j.key % 2 = 0;"
	"CREATE VIEW events(record, frame, n, kind, point, \"to\", count) AS"
	" SELECT o.record, o.frame, j.key, json_extract(j.value, '$[0]'),"
	" json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]'),"
	" json_extract(j.value, '$[3]') FROM occurs o, json_each(o.events) j;"
	"CREATE VIRTUAL TABLE comments USING fts5(text, lang UNINDEXED, record UNINDEXED);";

/* The indexes of the tables: made with them, and -- when the first file
 * goes into an empty index -- dropped while its rows go in and made
 * again after (sorting the keys once is far quicker than inserting each
 * where it goes, and leaves the pages full). Only what a query of
 * index_query.c reads: each index is sorted once per build (a third of
 * a build's time was three more: positions by key and by symmetric key,
 * occurrences by the position before), and one on tags(name, value)
 * led SQLite to read every record's tag of a name once per record. */
static const char S_indexes[] =
	"CREATE INDEX IF NOT EXISTS records_file ON records(file);"
	/* covering: the tree at the start reads this index alone, each
	 * turn's records in their order (its sites listed as they come),
	 * by Site, Informant or Event (the tags with a column) too */
	"CREATE INDEX IF NOT EXISTS records_first ON records(game, first, id, result, year, site,"
	" informant, event);";
static const char S_drop_indexes[] = "DROP INDEX records_file; DROP INDEX records_first;";

/* The statements that add a file's records, in the order of S_sql. */
enum { S_REC, S_COM, S_POS = TB_IX_ST_POS, S_POS_MANY = TB_IX_ST_POS_MANY, S_NST };
#define S_POS_ROW "(?,?,?,?,?,?,?)"
#define S_POS_4 S_POS_ROW "," S_POS_ROW "," S_POS_ROW "," S_POS_ROW
#define S_POS_16 S_POS_4 "," S_POS_4 "," S_POS_4 "," S_POS_4
static const char *const S_sql[S_NST] = {
	("INSERT INTO records(id, file, number, offset, size, line, game, status, plies, result,"
	 " site, informant, event, year, first, tags) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"),
	"INSERT INTO comments(text, lang, record) VALUES(?,?,?)",
	"INSERT OR IGNORE INTO positions(id, sym, side, m0, m1, bits, text) VALUES" S_POS_ROW,
	/* TB_IX_POS_ROWS of them: a statement's own cost, once for many */
	("INSERT OR IGNORE INTO positions(id, sym, side, m0, m1, bits, text) VALUES" S_POS_16 ","
	 S_POS_16 "," S_POS_16 "," S_POS_16),
};

/* ===== Errors ===== */

int tb_ix_fail(tb_index *ix, int code, const char *fmt, const char *detail)
{
	ix->errcode = code;
	snprintf(ix->errmsg, sizeof ix->errmsg, fmt, detail ? detail : "");
	return code;
}

int tb_ix_db_fail(tb_index *ix)
{
	int rc = sqlite3_errcode(ix->db);
	if (rc == SQLITE_NOMEM)
		return tb_ix_fail(ix, TB_ENOMEM, "%s", "out of memory");
	if (rc == SQLITE_CORRUPT || rc == SQLITE_NOTADB)
		return tb_ix_fail(ix, TB_EIO, "the index is corrupt (%s): make it anew with tablero "
		                  "index --rebuild", sqlite3_errmsg(ix->db));
	if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
		return tb_ix_fail(ix, TB_EIO, "the index is locked: another tablero index is writing "
		                  "it (%s)", sqlite3_errmsg(ix->db));
	return tb_ix_fail(ix, TB_EIO, "%s", sqlite3_errmsg(ix->db));
}

int tb_index_errcode(const tb_index *ix)
{
	return ix ? ix->errcode : TB_EINVAL;
}

const char *tb_index_errmsg(const tb_index *ix)
{
	return ix ? ix->errmsg : "no index";
}

size_t tb_index_errat(const tb_index *ix)
{
	return ix ? ix->errat : 0;
}

int tb_index_errfield(const tb_index *ix)
{
	return ix ? ix->errfield : 0;
}

/* ===== Opening ===== */

/* '*why' as printf would write it, for the caller to free. */
static int S_why(char **why, int code, const char *fmt, const char *a, const char *b)
{
	if (why) {
		int n = snprintf(NULL, 0, fmt, a, b);
		*why = tb_malloc((size_t)n + 1);
		if (*why)
			snprintf(*why, (size_t)n + 1, fmt, a, b);
	}
	return code;
}

static long long S_pragma(sqlite3 *db, const char *sql, int *rc)
{
	sqlite3_stmt *st = NULL;
	long long v = -1;
	*rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
	if (*rc == SQLITE_OK) {
		*rc = sqlite3_step(st);
		if (*rc == SQLITE_ROW) {
			v = sqlite3_column_int64(st, 0);
			*rc = SQLITE_OK;
		}
	}
	sqlite3_finalize(st);
	return v;
}

/* Empties 'db' of every table (a rebuild) and writes the schema. */
static int S_make(sqlite3 *db, int drop)
{
	if (drop) {
		/* what a database of another schema holds goes: it is remade
		 * from the files (spec/collection.md §6) */
		int rc = sqlite3_exec(db, "PRAGMA writable_schema=1; DELETE FROM sqlite_master;"
		                      "PRAGMA writable_schema=0; VACUUM;", NULL, NULL, NULL);
		if (rc != SQLITE_OK)
			return rc;
	}
	char set[160];
	snprintf(set, sizeof set, "PRAGMA application_id=%d; PRAGMA user_version=%d;",
	         TB_IX_APP_ID, TB_IX_SCHEMA);
	int rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, S_schema, NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, S_indexes, NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, set, NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, "INSERT INTO meta VALUES('tablero', '" TB_VERSION "');"
		                  "COMMIT", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return rc;
}

/* Checks that 'db' is a tablero index of this schema (making it when
 * it is empty and writable). Returns 0, or the error (why said). */
static int S_check(sqlite3 *db, const char *path, unsigned flags, char **why)
{
	int rc;
	long long app = S_pragma(db, "PRAGMA application_id", &rc);
	long long ver = rc == SQLITE_OK ? S_pragma(db, "PRAGMA user_version", &rc) : -1;
	long long tables = rc == SQLITE_OK ? S_pragma(db, "SELECT count(*) FROM sqlite_master", &rc)
	                                   : -1;
	if (rc == SQLITE_NOMEM)
		return TB_ENOMEM;
	if (rc != SQLITE_OK)
		return S_why(why, TB_EIO, "%s is no tablero index: not an SQLite database, or a "
		             "corrupt one (%s)", path, sqlite3_errmsg(db));
	int write = (flags & TB_INDEX_WRITE) != 0;
	if (app == 0 && tables == 0 && write)
		return S_make(db, 0) == SQLITE_OK ? 0 : S_why(why, TB_EIO, "%s: cannot make the index "
		                                              "(%s)", path, sqlite3_errmsg(db));
	if (app != TB_IX_APP_ID)
		return S_why(why, TB_EIO, "%s is an SQLite database, but no tablero index (another "
		             "program's%s)", path, "");
	if (ver == TB_IX_SCHEMA)
		return 0;
	if (write && (flags & TB_INDEX_REBUILD))
		return S_make(db, 1) == SQLITE_OK ? 0 : S_why(why, TB_EIO, "%s: cannot rebuild the "
		                                              "index (%s)", path, sqlite3_errmsg(db));
	char v[64];
	snprintf(v, sizeof v, "%lld", ver);
	if (ver < TB_IX_SCHEMA)
		return S_why(why, TB_EIO, "%s was made by an older tablero (schema %s): make it "
		             "anew with: tablero index --rebuild -o INDEX FILE...", path, v);
	return S_why(why, TB_EIO, "%s was made by a newer tablero (schema %s): use that "
	             "tablero, or make it anew with: tablero index --rebuild -o INDEX FILE...", path,
	             v);
}

/* The SQL function tb_pattern(side, bits): does the position match the
 * pattern of the query running (index_query.c sets it)? */
static void S_fn_pattern(sqlite3_context *c, int argc, sqlite3_value **v)
{
	tb_index *ix = sqlite3_user_data(c);
	(void)argc;
	int ok = ix->pattern && tb_ix_pattern_match(ix->pattern, sqlite3_value_int(v[0]),
	                                            sqlite3_value_blob(v[1]),
	                                            (size_t)sqlite3_value_bytes(v[1]));
	sqlite3_result_int(c, ok);
}

int tb_index_open(tb_index **out, const char *path, unsigned flags, int busy_ms, char **why)
{
	*out = NULL;
	if (why)
		*why = NULL;
	if (!path)
		flags |= TB_INDEX_WRITE;
	tb_index *ix = tb_calloc(1, sizeof *ix);
	if (!ix)
		return TB_ENOMEM;
	ix->writable = (flags & TB_INDEX_WRITE) != 0;
	ix->rules_last.soft = ix->rules_now.soft = 1;
	int mode = ix->writable ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY;
	int rc = sqlite3_open_v2(path ? path : ":memory:", &ix->db, mode | SQLITE_OPEN_NOMUTEX,
	                         NULL);
	const char *name = path ? path : "(in memory)";
	if (rc != SQLITE_OK) {
		rc = rc == SQLITE_NOMEM ? TB_ENOMEM
		                        : S_why(why, TB_EIO, "%s: cannot open the index (%s)", name,
		                                ix->db ? sqlite3_errmsg(ix->db) : "no memory");
		tb_index_close(ix);
		return rc;
	}
	sqlite3_busy_timeout(ix->db, busy_ms);
	sqlite3_extended_result_codes(ix->db, 0);
	if (!ix->writable)
		sqlite3_exec(ix->db, "PRAGMA query_only=1", NULL, NULL, NULL);
	/* a writer's pages in memory (64 MiB at most): the indexes of the
	 * positions take keys in no order, and each page read again from
	 * the file was most of the time of a large index. A reader's, 2 MiB:
	 * a query reads a range once; filling a larger cache with a scan's
	 * pages (a tree by a tag) cost more than reading them again */
	sqlite3_exec(ix->db, ix->writable ? "PRAGMA cache_size=-65536" : "PRAGMA cache_size=-2048",
	             NULL, NULL, NULL);
	rc = S_check(ix->db, name, flags, why);
	if (rc == 0)
		rc = sqlite3_create_function(ix->db, "tb_pattern", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
		                             ix, S_fn_pattern, NULL, NULL) == SQLITE_OK ? 0 : TB_ENOMEM;
	if (rc && why && !*why && rc != TB_ENOMEM)
		S_why(why, rc, "%s: %s", name, "cannot open the index");
	if (rc) {
		tb_index_close(ix);
		return rc;
	}
	*out = ix;
	return 0;
}

void tb_index_close(tb_index *ix)
{
	if (!ix)
		return;
	for (int i = 0; i < S_NST; i++)
		sqlite3_finalize(ix->st[i]);
	tb_ix_occ_finalize(ix);
	free(ix->seen);
	free(ix->known);
	tb_buf_free(&ix->rules_last);
	tb_buf_free(&ix->rules_now);
	free(ix->stage);
	free(ix->stext);
	free(ix->occ);
	free(ix->otext);
	sqlite3_close(ix->db);
	free(ix);
}

/* ===== Adding a file ===== */

static int S_step(tb_index *ix, int which)
{
	sqlite3_stmt *st = ix->st[which];
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return rc == SQLITE_DONE ? 0 : tb_ix_db_fail(ix);
}

static void S_text(sqlite3_stmt *st, int i, const char *s)
{
	if (s)
		sqlite3_bind_text(st, i, s, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, i);
}

/* What one record's walk needs. */
typedef struct S_walk {
	tb_index *ix;
	const tb_record *rec;
	const tb_replay *rp;
	long long id;          /* the record's row */
	char *first;           /* the turn its main line played first, as the rules
	                          played it (records.first), or NULL */
	tb_board board;
	tb_ix_mixes *mixes;    /* the keys' mixes, any game's (NULL: none kept) */
	uint64_t rules;        /* the record's game, board and options (tb_ix_known_rules) */
	tb_arena arena;
	tb_buf text;
	tb_buf tags;           /* the record's tags, JSON (records.tags) */
	tb_buf events;         /* a frame's events, JSON (occurs.events) */
	/* per depth: the position reached on the line, and before its node;
	 * whether the rules refused a turn of the line before (and no
	 * restated position followed), and before its node */
	uint64_t cur[TB_MAX_DEPTH + 2], node_before[TB_MAX_DEPTH + 2];
	uint8_t cut[TB_MAX_DEPTH + 2], node_cut[TB_MAX_DEPTH + 2];
	/* the main line's last occurrence held (its place, key and ply;
	 * -1: none): the next one sets its occurs.next */
	long last;
	uint64_t last_after;
	long last_ply;
} S_walk;

/* What index_stage.c answered ('rc'), as the index's last error. */
static int S_staged(tb_index *ix, int rc)
{
	if (rc == TB_ENOMEM)
		return tb_ix_fail(ix, TB_ENOMEM, "%s", "out of memory");
	if (rc) {
		rc = tb_ix_db_fail(ix);
		sqlite3_reset(ix->st[S_POS]);
		sqlite3_reset(ix->st[S_POS_MANY]);
	}
	return rc;
}

/* The key of frame 'f' (which has its position); inserts the position
 * when new. Returns 0 or an error. */
static int S_position(S_walk *w, const tb_frame *f, tb_ix_key *k)
{
	tb_index *ix = w->ix;
	const tb_game *g = w->rec->game;
	tb_position p;
	int saved = 0;
	size_t slot;
	if (!tb_ix_known_find(ix, &f->st, w->rules, k, &slot)) {
		/* a state not seen lately is most often a position not seen
		 * at all: its images are made at once, not after its exact
		 * key made again */
		tb_rules_save(tb_replay_rules(w->rp), &f->st, &w->arena, &p);
		saved = 1;
		tb_ix_key_of(g, &w->board, &p, w->mixes, k);
		tb_ix_known_keep(ix, slot, &f->st, w->rules, k);
	}
	int seen = tb_ix_seen(ix, k->exact);
	if (seen)
		return seen < 0 ? tb_ix_fail(ix, TB_ENOMEM, "%s", "out of memory") : 0;
	if (!saved) {
		tb_rules_save(tb_replay_rules(w->rp), &f->st, &w->arena, &p);
		tb_ix_key_of(g, &w->board, &p, w->mixes, k);
	}
	p.number = 1;
	tb_buf_clear(&w->text);
	tb_position_write(&w->text, g, &p);
	if (!tb_buf_ok(&w->text))
		return tb_ix_fail(ix, TB_ENOMEM, "%s", "out of memory");
	/* the notation without its turn number, which the key leaves out
	 * (cut in place: snprintf was a twentieth of a build) */
	char *t = w->text.data, *sp = strchr(t, ' ');
	char *rest = sp ? strchr(sp + 1, ' ') : NULL;
	if (sp)
		memmove(sp, rest ? rest : "", rest ? strlen(rest) + 1 : 1);
	else
		t[0] = 0;
	return S_staged(ix, tb_ix_stage(ix, k, p.to_move, t));
}

/* 's' as a JSON string ("..." with its quotes, backslashes and
 * control characters escaped; the rest, UTF-8, as it is), or null. */
static void S_json_str(tb_buf *b, const char *s)
{
	if (!s) {
		tb_buf_puts(b, "null");
		return;
	}
	tb_buf_putc(b, '"');
	for (const char *run = s;; s++) {
		unsigned char c = (unsigned char)*s;
		if (c && c >= 0x20 && c != '"' && c != '\\')
			continue;
		tb_buf_put(b, run, (size_t)(s - run));
		if (!c)
			break;
		if (c == '"' || c == '\\')
			tb_buf_printf(b, "\\%c", c);
		else
			tb_buf_printf(b, "\\u%04x", c);
		run = s + 1;
	}
	tb_buf_putc(b, '"');
}

/* The events of frame 'f' as occurs.events holds them, into w->events
 * (left empty when it has none): [[kind, point, to, count], ...]. */
static void S_events(S_walk *w, const tb_frame *f)
{
	const tb_event *ev = tb_replay_events(w->rp, f);
	tb_buf *b = &w->events;
	tb_buf_clear(b);
	for (size_t i = 0; i < f->nev; i++) {
		char a[4] = {0}, to[4] = {0};
		/* a count (the fortress's) is in 'a', and is no point */
		int counts = tb_event_counts(ev[i].kind);
		if (!counts && ev[i].a && ev[i].a != TB_PT_UNKNOWN)
			tb_point_chars(a, ev[i].a);
		if (!counts && ev[i].b && ev[i].b != TB_PT_UNKNOWN)
			tb_point_chars(to, ev[i].b);
		tb_buf_putc(b, i ? ',' : '[');
		tb_buf_putc(b, '[');
		S_json_str(b, tb_event_name((tb_event_kind)ev[i].kind));
		tb_buf_putc(b, ',');
		S_json_str(b, a[0] ? a : NULL);
		tb_buf_putc(b, ',');
		S_json_str(b, to[0] ? to : NULL);
		if (counts)
			tb_buf_printf(b, ",%d]", ev[i].a);
		else
			tb_buf_puts(b, ",null]");
	}
	if (f->nev)
		tb_buf_putc(b, ']');
}

/* Sets occurs.next of the main line's occurrence before 'o' (held at
 * w->last) to o's turn, when o is the turn after it: one turn further,
 * from the position it reached (what the tree at a position counts). */
static int S_next(S_walk *w, const tb_ix_occ *o, size_t at)
{
	if (o->depth)
		return 0;
	int rc = 0;
	if (o->token && w->last >= 0 && o->before && o->before == w->last_after &&
	    o->ply == w->last_ply + 1)
		rc = tb_ix_occ_next(w->ix, (size_t)w->last, o->token);
	w->last = (long)at;
	w->last_after = o->after;
	w->last_ply = o->ply;
	return rc;
}

/* One occurrence: frame 'fi' ('f'; -1 the start) reached 'after' (its
 * key) from 'before' (0: none known). Held, and written in occurs'
 * order with the file's others (index_occurs.c). */
static int S_occurs(S_walk *w, long fi, const tb_frame *f, uint64_t before,
                    const tb_ix_key *after)
{
	tb_ix_occ o = {.after = after->exact, .before = before, .record = w->id, .frame = fi,
	               .ply = f && f->node ? f->ply : 0, .depth = f ? f->depth : 0, .side = -1,
	               .m0 = after->m[0], .m1 = after->m[1]};
	char *tok = NULL;
	if (f && f->node) {
		o.turn = f->node->number;
		o.side = f->node->side;
		o.token = tok = tb_replay_token(w->rp, fi);
	}
	if (f && f->nev) {
		S_events(w, f);
		o.events = w->events.data;
	}
	size_t at = 0;
	int rc = f && f->nev && !tb_buf_ok(&w->events) ? TB_ENOMEM : tb_ix_occ_add(w->ix, &o, &at);
	if (!rc)
		rc = S_next(w, &o, at);
	if (tok && f->depth == 0 && f->ply == 1 && !w->first)
		w->first = tok; /* freed after the record's row has it */
	else
		free(tok);
	return rc ? tb_ix_fail(w->ix, TB_ENOMEM, "%s", "out of memory") : 0;
}

/* Does frame 'f' (of node 'n', NULL: none) go into the index, on a line
 * cut ('*cut') or not? A frame whose position the rules know, on a line
 * whose turns they have followed as written so far. A turn they refuse
 * cuts its line: what comes after it holds only under a slip's repair
 * (spec/collection.md §1), which the index does not search for; a
 * position restated after it, which the rules know, mends the line. */
static int S_indexed(const tb_node *n, const tb_frame *f, uint8_t *cut)
{
	int known = f && f->has_st && !f->refused &&
	            (f->status == TB_FRAME_WRITTEN || f->status == TB_FRAME_RECONSTRUCTED);
	if (f && f->refused)
		*cut = 1;
	else if (known && tb_node_type(n) == TB_NODE_POSITION)
		*cut = 0;
	return known && !*cut;
}

/* Every frame with a position, walked the way the record is written so
 * that each knows the position before it: on its line the one after the
 * node before; a variation's first, the one before the node it stands
 * for (the one traversal, visit.c). */
static int S_frames(S_walk *w)
{
	const tb_frame *start = tb_replay_start(w->rp);
	if (!start || !start->has_st)
		return 0;
	tb_ix_key k;
	w->last = -1;
	int rc = S_position(w, start, &k);
	if (!rc)
		rc = S_occurs(w, -1, NULL, 0, &k);
	uint64_t *cur = w->cur, *node_before = w->node_before;
	cur[0] = k.exact;
	w->cut[0] = 0;
	tb_visit v;
	tb_visit_init(&v, &w->rec->main);
	v.quiet = ~0u;
	for (int e; !rc && (e = tb_visit_next(&v)) != TB_VISIT_DONE;) {
		unsigned d = v.depth;
		if (d > TB_MAX_DEPTH)
			continue;
		if (e == TB_VISIT_LINE_ENTER && d > 0) {
			cur[d] = node_before[d - 1];
			w->cut[d] = w->node_cut[d - 1];
		} else if (e == TB_VISIT_NODE_ENTER) {
			node_before[d] = cur[d];
			w->node_cut[d] = w->cut[d];
			long fi = tb_replay_find(w->rp, v.node, 0);
			const tb_frame *f = fi >= 0 ? tb_replay_index(w->rp, (size_t)fi) : NULL;
			cur[d] = 0;
			int in = S_indexed(v.node, f, &w->cut[d]);
			/* its variations start where the replay put the refused
			 * turn: under a repair, maybe of a turn before it */
			w->node_cut[d] |= f && f->refused;
			if (!in)
				continue;
			rc = S_position(w, f, &k);
			if (!rc)
				rc = S_occurs(w, fi, f, node_before[d], &k);
			cur[d] = k.exact;
		}
	}
	return rc;
}

/* The tags of the record as records.tags holds them, into w->tags:
 * [name, value, name, value, ...] in its order ([] when it has none). */
static int S_tags(S_walk *w)
{
	const char *name, *value;
	tb_buf *b = &w->tags;
	tb_buf_clear(b);
	tb_buf_putc(b, '[');
	for (size_t i = 0; tb_record_tag_at(w->rec, i, &name, &value); i++) {
		if (i)
			tb_buf_putc(b, ',');
		S_json_str(b, name);
		tb_buf_putc(b, ',');
		S_json_str(b, value);
	}
	tb_buf_putc(b, ']');
	return tb_buf_ok(b) ? 0 : tb_ix_fail(w->ix, TB_ENOMEM, "%s", "out of memory");
}

/* The comments' words. */

static int S_comment(void *ctx, const char *text, const char *lang)
{
	S_walk *w = ctx;
	sqlite3_stmt *st = w->ix->st[S_COM];
	S_text(st, 1, text);
	S_text(st, 2, lang);
	sqlite3_bind_int64(st, 3, w->id);
	return S_step(w->ix, S_COM);
}

/* (index_db.h) */
const char *tb_ix_status(const tb_reader *r, int replayed)
{
	const char *status = "clean";
	for (size_t i = 0; i < tb_reader_ndiags(r); i++)
		if (tb_reader_diag(r, i)->severity == TB_ERROR)
			status = "errors";
		else if (strcmp(status, "errors"))
			status = "warnings";
	if (!replayed && !strcmp(status, "clean"))
		status = "unplayed"; /* no rules to replay it by */
	return status;
}

/* The record's own row (w->id), written after its positions so that it
 * holds its first turn; its status from the reader's diagnostics. */
static int S_record(S_walk *w, tb_reader *r, long long file, long number, int replayed)
{
	const tb_record *rec = w->rec;
	const char *status = tb_ix_status(r, replayed);
	const char *date = tb_record_tag(rec, "Date");
	int year = date && date[0] >= '0' && date[0] <= '9' ? atoi(date) : 0;
	sqlite3_stmt *st = w->ix->st[S_REC];
	sqlite3_bind_int64(st, 1, w->id);
	sqlite3_bind_int64(st, 2, file);
	sqlite3_bind_int64(st, 3, number);
	sqlite3_bind_int64(st, 4, (sqlite3_int64)tb_record_source_offset(rec));
	sqlite3_bind_int64(st, 5, (sqlite3_int64)tb_record_source_size(rec));
	sqlite3_bind_int64(st, 6, tb_record_line(rec));
	S_text(st, 7, rec->game ? rec->game->name : tb_record_tag(rec, "Game"));
	S_text(st, 8, status);
	sqlite3_bind_int64(st, 9, (sqlite3_int64)tb_record_plies(rec));
	S_text(st, 10, tb_record_tag(rec, "Result"));
	S_text(st, 11, tb_record_tag(rec, "Site"));
	S_text(st, 12, tb_record_tag(rec, "Informant"));
	S_text(st, 13, tb_record_tag(rec, "Event"));
	if (year)
		sqlite3_bind_int(st, 14, year);
	S_text(st, 15, w->first);
	sqlite3_bind_text(st, 16, w->tags.data, (int)w->tags.len, SQLITE_STATIC);
	return S_step(w->ix, S_REC);
}

/* Reads and indexes every record of the file 'file' (its row). */
static int S_records(tb_index *ix, long long file, long long id, const char *name,
                     const char *buf, size_t len, size_t *nrecords)
{
	tb_reader *r = tb_reader_new_mem(buf, len, name);
	if (!r)
		return tb_ix_fail(ix, TB_ENOMEM, "%s", "out of memory");
	/* verdicts only (validate.h): the slips that explain a refused turn
	 * are not searched for, the index cutting the line there
	 * (S_indexed) whatever they are, nor are the diagnostics worded,
	 * a record's status being their severities (S_record); searching
	 * and wording were most of the replay's time (spec/collection.md
	 * §8) */
	tb_reader_set_verdicts(r, 1);
	S_walk w = {.ix = ix, .text = TB_BUF_SOFT, .tags = TB_BUF_SOFT, .events = TB_BUF_SOFT,
	            .mixes = tb_calloc(1, sizeof *w.mixes)};
	tb_record *rec;
	int got, rc = 0;
	long number = 0;
	while (!rc && (got = tb_reader_next(r, &rec)) == 1) {
		/* many held: written between two records, each whole */
		if (tb_ix_occ_due(ix) && (rc = S_staged(ix, tb_ix_occ_flush(ix))) != 0) {
			tb_record_free(rec);
			break;
		}
		w.rec = rec;
		tb_replay *rp = tb_record_errors(rec) || !rec->game ? NULL : tb_reader_replay(r, rec);
		w.rp = rp;
		w.id = id++;
		w.first = NULL;
		++number;
		rc = S_tags(&w);
		if (!rc)
			rc = tb_record_comments(rec, S_comment, &w);
		if (!rc && rp && tb_ix_board(rec->game, &w.board) == 0) {
			/* the board of the record's own options, where its rules set one */
			if (rec->game->board)
				rec->game->board(&w.board, &rec->opts);
			w.rules = tb_ix_known_rules(ix, rec, &w.board);
			rc = S_frames(&w);
		}
		if (!rc)
			rc = S_record(&w, r, file, number, rp != NULL);
		free(w.first);
		tb_arena_free(&w.arena);
		tb_replay_free(rp);
		tb_record_free(rec);
	}
	if (!rc && got == TB_ENOTTEXT)
		rc = tb_ix_fail(ix, TB_ENOTTEXT, "%s", "no UTF-8 text (tablero parse says what it is)");
	else if (!rc && got < 0)
		rc = tb_ix_fail(ix, got, "%s", got == TB_ENOMEM ? "out of memory" : "cannot read it");
	tb_buf_free(&w.text);
	tb_buf_free(&w.tags);
	tb_buf_free(&w.events);
	free(w.mixes);
	tb_reader_free(r);
	if (nrecords)
		*nrecords = (size_t)number;
	return rc;
}

/* Removes the records of file 'file' (a file indexed anew). */
static int S_forget(tb_index *ix, long long file)
{
	static const char *const sql[] = {
		"DELETE FROM occurs WHERE record IN (SELECT id FROM records WHERE file = ?1)",
		"DELETE FROM comments WHERE record IN (SELECT id FROM records WHERE file = ?1)",
		"DELETE FROM records WHERE file = ?1",
		/* the positions no record reaches any more */
		"DELETE FROM positions WHERE NOT EXISTS (SELECT 1 FROM occurs WHERE after = positions.id)",
	};
	for (size_t i = 0; i < sizeof sql / sizeof *sql; i++) {
		sqlite3_stmt *st;
		if (sqlite3_prepare_v2(ix->db, sql[i], -1, &st, NULL) != SQLITE_OK)
			return tb_ix_db_fail(ix);
		sqlite3_bind_int64(st, 1, file);
		int rc = sqlite3_step(st);
		sqlite3_finalize(st);
		if (rc != SQLITE_DONE)
			return tb_ix_db_fail(ix);
	}
	tb_ix_seen_clear(ix); /* what this session inserted may be gone: look again */
	return 0;
}

/* The file's row as indexed: its id (0 when none), size, mtime, hash. */
static long long S_file_row(tb_index *ix, const char *name, long long *size, long long *mtime,
                            char *hash, size_t nhash)
{
	sqlite3_stmt *st;
	long long id = 0;
	if (sqlite3_prepare_v2(ix->db, "SELECT id, size, mtime, hash FROM files WHERE path = ?", -1,
	                       &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		id = sqlite3_column_int64(st, 0);
		*size = sqlite3_column_int64(st, 1);
		*mtime = sqlite3_column_int64(st, 2);
		snprintf(hash, nhash, "%s", (const char *)sqlite3_column_text(st, 3));
	} else if (rc != SQLITE_DONE) {
		id = -1;
	}
	sqlite3_finalize(st);
	return id;
}

/* Runs 'sql' with the file's fields bound (?1 path, ?2 size, ?3 mtime,
 * ?4 hash, ?5 id). */
static int S_file_set(tb_index *ix, const char *sql, const char *name, size_t len,
                      long long mtime, const char *hash, long long id)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(ix->db, sql, -1, &st, NULL) != SQLITE_OK)
		return tb_ix_db_fail(ix);
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, (sqlite3_int64)len);
	sqlite3_bind_int64(st, 3, mtime);
	sqlite3_bind_text(st, 4, hash, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 5, id);
	int rc = sqlite3_step(st);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : tb_ix_db_fail(ix);
}

/* The id the file's first record takes: its records' ids follow in
 * order, so that their rows, tags, positions and events are appended;
 * 0 when the database cannot say (tb_ix_db_fail has said why). */
static long long S_next_record(tb_index *ix)
{
	int rc;
	long long last = S_pragma(ix->db, "SELECT coalesce(max(id), 0) FROM records", &rc);
	if (rc != SQLITE_OK || last < 0) {
		tb_ix_db_fail(ix);
		return 0;
	}
	return last + 1;
}

/* Does the index hold no record yet? */
static int S_empty(tb_index *ix)
{
	int rc;
	return S_pragma(ix->db, "SELECT count(*) FROM (SELECT 1 FROM records LIMIT 1)", &rc) == 0;
}

/* Indexes the file in the transaction begun. */
static int S_add(tb_index *ix, const char *name, const char *buf, size_t len, long long mtime,
                 const char *hash, long long id, size_t *nrecords)
{
	int rc = id ? S_forget(ix, id) : 0;
	if (!rc)
		rc = S_file_set(ix, id ? "UPDATE files SET size = ?2, mtime = ?3, hash = ?4 WHERE id = ?5"
		                       : "INSERT INTO files(path, size, mtime, hash) VALUES(?1,?2,?3,?4)",
		                name, len, mtime, hash, id);
	if (!rc && !id)
		id = sqlite3_last_insert_rowid(ix->db);
	int bulk = 0;
	if (!rc && S_empty(ix)) {
		/* statements made over the indexes would go with them */
		for (int i = 0; i < S_NST; i++) {
			sqlite3_finalize(ix->st[i]);
			ix->st[i] = NULL;
		}
		tb_ix_occ_finalize(ix);
		bulk = sqlite3_exec(ix->db, S_drop_indexes, NULL, NULL, NULL) == SQLITE_OK;
		if (!bulk)
			rc = tb_ix_db_fail(ix);
	}
	for (int i = 0; !rc && i < S_NST; i++)
		if (!ix->st[i] && sqlite3_prepare_v2(ix->db, S_sql[i], -1, &ix->st[i], NULL) != SQLITE_OK)
			rc = tb_ix_db_fail(ix);
	long long first = rc ? 0 : S_next_record(ix);
	if (!rc && !first)
		rc = tb_index_errcode(ix);
	if (!rc)
		rc = S_records(ix, id, first, name, buf, len, nrecords);
	if (!rc)
		rc = S_staged(ix, tb_ix_stage_flush(ix));
	if (!rc)
		rc = S_staged(ix, tb_ix_occ_flush(ix));
	if (bulk) {
		for (int i = 0; i < S_NST; i++) {
			sqlite3_finalize(ix->st[i]);
			ix->st[i] = NULL;
		}
		tb_ix_occ_finalize(ix);
		if (!rc && sqlite3_exec(ix->db, S_indexes, NULL, NULL, NULL) != SQLITE_OK)
			rc = tb_ix_db_fail(ix);
	}
	return rc;
}

int tb_index_add(tb_index *ix, const char *name, const char *buf, size_t len, long long mtime,
                 size_t *nrecords)
{
	if (!ix || !name || (!buf && len))
		return TB_EINVAL;
	ix->errcode = 0;
	ix->errmsg[0] = 0;
	if (nrecords)
		*nrecords = 0;
	if (!ix->writable)
		return tb_ix_fail(ix, TB_EINVAL, "%s", "the index was opened read-only");
	long long size = -1, was = -1;
	char old[40] = "", hash[40];
	snprintf(hash, sizeof hash, "%016llx", (unsigned long long)tb_ix_fnv(buf, len));
	if (sqlite3_exec(ix->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
		return tb_ix_db_fail(ix);
	long long id = S_file_row(ix, name, &size, &was, old, sizeof old);
	int rc = 0, changed = 1;
	if (id < 0) {
		rc = tb_ix_db_fail(ix);
	} else if (id && size == (long long)len && (was == mtime || !strcmp(old, hash))) {
		changed = 0; /* the same bytes: at most its time is new */
		if (was != mtime)
			rc = S_file_set(ix, "UPDATE files SET mtime = ?3 WHERE id = ?5", name, len, mtime,
			                hash, id);
	} else {
		rc = S_add(ix, name, buf, len, mtime, hash, id, nrecords);
	}
	if (!rc && sqlite3_exec(ix->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		rc = tb_ix_db_fail(ix);
	if (rc) {
		sqlite3_exec(ix->db, "ROLLBACK", NULL, NULL, NULL);
		tb_ix_stage_clear(ix);
		tb_ix_occ_clear(ix);
		tb_ix_seen_clear(ix); /* what it inserted is undone */
		return rc;
	}
	return changed;
}
