/*
 * index_query.c -- searching an index: tablero find's records and
 * (tablero.h tb_index_find; spec/collection.md §4; the tree is
 * index_tree.c's).
 *
 * The SQL is made of fixed pieces chosen by which criteria are given;
 * every value the user gave is bound as a parameter (sqlite3_bind_*),
 * never written into the SQL text, so nothing typed can change what
 * the statement does.
 */
#include "index_db.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "xalloc.h"

/* A statement being made: its SQL and the values to bind, in order. */
typedef struct S_q {
	tb_buf sql;
	enum { S_INT, S_TEXT } kind[64];
	long long num[64];
	const char *str[64];
	char *owned[64];        /* texts made here (freed with the query) */
	int n;
} S_q;

static void S_bind_int(S_q *q, long long v)
{
	if (q->n < 64) {
		q->kind[q->n] = S_INT;
		q->num[q->n++] = v;
	}
}

static void S_bind_text(S_q *q, const char *s, char *owned)
{
	if (q->n < 64) {
		q->kind[q->n] = S_TEXT;
		q->owned[q->n] = owned;
		q->str[q->n++] = s;
	} else {
		free(owned);
	}
}

static void S_q_free(S_q *q)
{
	for (int i = 0; i < q->n; i++)
		free(q->owned[i]);
	tb_buf_free(&q->sql);
}

/* Prepares 'q' and binds its values. */
static int S_prepare(tb_index *ix, S_q *q, sqlite3_stmt **st)
{
	if (!tb_buf_ok(&q->sql))
		return tb_ix_fail(ix, TB_ENOMEM, "%s", "out of memory");
	if (q->n >= 64)
		return tb_ix_fail(ix, TB_EINVAL, "%s", "too many criteria (63 values at most)");
	if (sqlite3_prepare_v2(ix->db, q->sql.data, -1, st, NULL) != SQLITE_OK)
		return tb_ix_db_fail(ix);
	for (int i = 0; i < q->n; i++)
		if (q->kind[i] == S_INT)
			sqlite3_bind_int64(*st, i + 1, q->num[i]);
		else
			sqlite3_bind_text(*st, i + 1, q->str[i], -1, SQLITE_STATIC);
	return 0;
}

/* A query that does not read: 'what' of it ('field', tb_find_field) is
 * wrong, 'why', at byte 'at' of it. */
int tb_ix_syntax(tb_index *ix, int field, const char *what, const char *why, size_t at)
{
	char msg[400];
	snprintf(msg, sizeof msg, "%s: %s", what, why);
	ix->errat = at;
	ix->errfield = field;
	return tb_ix_fail(ix, TB_ESYNTAX, "%s", msg);
}

void tb_ix_reset(tb_index *ix)
{
	ix->errcode = 0;
	ix->errmsg[0] = 0;
	ix->errat = 0;
	ix->errfield = 0;
	ix->pattern = NULL;
}

/* The words of 'text' as an FTS5 query into '*out' (the caller frees
 * it): each a string ("word", its quotes doubled), so that no word is
 * read as FTS5's syntax (OR, NEAR, a column filter): all of them, in
 * any order. Returns 0; TB_ESYNTAX when 'text' has no word (only
 * blanks); TB_ENOMEM -- two answers apart, so that memory running out
 * is never told as a search without words. */
static int S_fts_words(const char *text, char **out)
{
	tb_buf b = TB_BUF_SOFT;
	const char *s = text;
	*out = NULL;
	while (*s) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			break;
		tb_buf_puts(&b, b.len ? " \"" : "\"");
		for (; *s && *s != ' ' && *s != '\t'; s++)
			tb_buf_put(&b, *s == '"' ? "\"\"" : s, *s == '"' ? 2 : 1);
		tb_buf_putc(&b, '"');
	}
	if (!tb_buf_ok(&b)) {
		tb_buf_free(&b);
		return TB_ENOMEM;
	}
	if (!b.data)
		return TB_ESYNTAX; /* nothing was put: no word */
	*out = b.data;
	return 0;
}

/* The record criteria of 'fq' (r the records' alias). */
static int S_record_where(tb_index *ix, S_q *q, const tb_find_query *fq)
{
	if (fq->game) {
		tb_buf_puts(&q->sql, " AND r.game = ?");
		S_bind_text(q, fq->game, NULL);
	}
	for (size_t i = 0; i < fq->ntags; i++) {
		const char *eq = strchr(fq->tags[i], '=');
		size_t n = eq ? (size_t)(eq - fq->tags[i]) : strlen(fq->tags[i]);
		char *name = tb_malloc(n + 1);
		if (!name)
			return tb_ix_fail(ix, TB_ENOMEM, "%s", "out of memory");
		memcpy(name, fq->tags[i], n);
		name[n] = 0;
		tb_buf_puts(&q->sql, " AND EXISTS (SELECT 1 FROM tags t WHERE t.record = r.id"
		            " AND t.name = ?");
		S_bind_text(q, name, name);
		if (eq) {
			tb_buf_puts(&q->sql, " AND t.value = ?");
			S_bind_text(q, eq + 1, NULL);
		}
		tb_buf_putc(&q->sql, ')');
	}
	if (fq->text) {
		char *words;
		int rc = S_fts_words(fq->text, &words);
		if (rc == TB_ENOMEM)
			return tb_ix_fail(ix, TB_ENOMEM, "%s", "out of memory");
		if (rc)
			return tb_ix_syntax(ix, TB_FIND_TEXT, "--text", "no words to search for", 0);
		tb_buf_puts(&q->sql, " AND r.id IN (SELECT record FROM comments WHERE comments MATCH ?)");
		S_bind_text(q, words, words);
	}
	return 0;
}

/* The number of points set in the 16 bytes at 'm'. */
static int S_count(const uint8_t *m)
{
	int n = 0;
	for (int i = 0; i < 16; i++)
		for (unsigned b = m[i]; b; b &= b - 1)
			n++;
	return n;
}

/* The position criteria of 'fq' (o the occurrences' alias), each read
 * by the key of what it reads (occurs' (after, ...), positions' (m0,
 * m1, id)):
 * a position, by its key -- up to the symmetries, the keys of its
 * images, which are the positions it is an image of; a pattern or
 * material, as "o.after IN (SELECT id FROM positions WHERE ...)", so
 * that SQLite looks at the positions of that material once (a pattern:
 * of at least the pieces it names) and then at the records that reach
 * those alone. 'pattern' holds the pattern read, for tb_pattern(). */
static int S_position_where(tb_index *ix, S_q *q, const tb_find_query *fq,
                            tb_ix_pattern *pattern)
{
	char why[200];
	size_t at = 0;
	const tb_game *only = fq->game ? tb_game_find(fq->game) : NULL;
	tb_ix_key k;
	int side;
	if (fq->position && !tb_ix_position_read(fq->position, only, &k, &side, why, sizeof why, &at))
		return tb_ix_syntax(ix, TB_FIND_POSITION, "the position", why, at);
	if (fq->position && !fq->symmetric) {
		tb_buf_puts(&q->sql, " AND o.after = ?");
		S_bind_int(q, (long long)k.exact);
	} else if (fq->position) {
		tb_buf_puts(&q->sql, " AND o.after IN (?");
		S_bind_int(q, (long long)k.images[0]);
		for (unsigned i = 1; i < k.nimages; i++) {
			tb_buf_puts(&q->sql, ", ?");
			S_bind_int(q, (long long)k.images[i]);
		}
		tb_buf_putc(&q->sql, ')');
	}
	if (fq->pattern && tb_ix_pattern_read(fq->pattern, only, fq->symmetric, pattern, why,
	                                      sizeof why, &at))
		return tb_ix_syntax(ix, TB_FIND_PATTERN, "the pattern", why, at);
	if (fq->pattern) {
		/* '+': not by the records' index of games, which made SQLite
		 * read every record's occurrences of a game against the
		 * positions that match, not the few that match first */
		tb_buf_puts(&q->sql, " AND +r.game = ?");
		S_bind_text(q, pattern->game->name, NULL);
	}
	if (fq->pattern || fq->material[0] >= 0 || fq->material[1] >= 0) {
		tb_buf_puts(&q->sql, " AND o.after IN (SELECT id FROM positions WHERE 1");
		for (int s = 0; s < 2; s++)
			if (fq->material[s] >= 0) {
				tb_buf_puts(&q->sql, s ? " AND m1 = ?" : " AND m0 = ?");
				S_bind_int(q, fq->material[s]);
			} else if (fq->pattern && S_count(pattern->need[0][s])) {
				/* every image names as many points of each side */
				tb_buf_puts(&q->sql, s ? " AND m1 >= ?" : " AND m0 >= ?");
				S_bind_int(q, S_count(pattern->need[0][s]));
			}
		if (fq->pattern) {
			ix->pattern = pattern;
			tb_buf_puts(&q->sql, " AND tb_pattern(side, bits)");
		}
		tb_buf_putc(&q->sql, ')');
	}
	if (fq->event) {
		if (!tb_event_kind_of(fq->event))
			return tb_ix_syntax(ix, TB_FIND_EVENT, "the event", "no such event (tercia, capture, coronation, ...: "
			                "spec/tgn.md §7.4)", 0);
		/* the occurrence's own events (the view events is made of them) */
		tb_buf_puts(&q->sql, " AND EXISTS (SELECT 1 FROM json_each(o.events) e"
		            " WHERE json_extract(e.value, '$[0]') = ?)");
		S_bind_text(q, fq->event, NULL);
	}
	return 0;
}

/* Tells each record of the rows of 'st' once, at its first frame. */
static long S_tell(tb_index *ix, sqlite3_stmt *st, tb_find_fn fn, void *ctx)
{
	long told = 0;
	long long last = -1;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		long long id = sqlite3_column_int64(st, 0);
		if (id == last)
			continue;
		last = id;
		tb_find_hit h = {
			.file = (const char *)sqlite3_column_text(st, 1),
			.offset = (size_t)sqlite3_column_int64(st, 2),
			.size = (size_t)sqlite3_column_int64(st, 3),
			.line = (unsigned)sqlite3_column_int64(st, 4),
			.number = (long)sqlite3_column_int64(st, 5),
			.game = (const char *)sqlite3_column_text(st, 6),
			.ply = (long)sqlite3_column_int64(st, 7),
			.turn = (unsigned)sqlite3_column_int64(st, 8),
			.side = sqlite3_column_type(st, 9) == SQLITE_NULL ? -1 : sqlite3_column_int(st, 9),
			.depth = (unsigned)sqlite3_column_int64(st, 10),
			.token = (const char *)sqlite3_column_text(st, 11),
			.position = (const char *)sqlite3_column_text(st, 12),
		};
		told++;
		if (fn && fn(ctx, &h))
			break;
	}
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return tb_ix_db_fail(ix);
	return told;
}

long tb_index_find(tb_index *ix, const tb_find_query *fq, tb_find_fn fn, void *ctx)
{
	if (!ix || !fq)
		return TB_EINVAL;
	tb_ix_reset(ix);
	S_q q = {.sql = TB_BUF_SOFT};
	tb_ix_pattern pattern;
	int frames = fq->position || fq->pattern || fq->event || fq->material[0] >= 0 ||
	             fq->material[1] >= 0;
	if (frames)
		tb_buf_puts(&q.sql, "SELECT r.id, f.path, r.offset, r.size, r.line, r.number, r.game,"
		            " o.ply, o.turn, o.side, o.depth, o.token, p.text FROM occurs o"
		            " JOIN positions p ON p.m0 = o.m0 AND p.m1 = o.m1 AND p.id = o.after"
		            " JOIN records r ON r.id = o.record"
		            " JOIN files f ON f.id = r.file WHERE 1");
	else
		tb_buf_puts(&q.sql, "SELECT r.id, f.path, r.offset, r.size, r.line, r.number, r.game,"
		            " -1, 0, NULL, 0, NULL, NULL FROM records r JOIN files f ON f.id = r.file"
		            " WHERE 1");
	int rc = frames ? S_position_where(ix, &q, fq, &pattern) : 0;
	if (!rc)
		rc = S_record_where(ix, &q, fq);
	tb_buf_puts(&q.sql, frames ? " ORDER BY f.path, r.number, o.depth > 0, o.frame"
	                           : " ORDER BY f.path, r.number");
	sqlite3_stmt *st = NULL;
	long told = rc ? rc : S_prepare(ix, &q, &st);
	if (!told)
		told = S_tell(ix, st, fn, ctx);
	sqlite3_finalize(st);
	S_q_free(&q);
	ix->pattern = NULL;
	return told;
}
