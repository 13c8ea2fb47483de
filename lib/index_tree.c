/*
 * index_tree.c -- tablero tree over an index: the turns the main lines
 * played at a position, counted (tablero.h tb_index_tree;
 * spec/collection.md §5, §8).
 *
 * SQLite reads the rows -- a record's first turn, or the turn after an
 * occurrence of the position, with what the record's row says of its
 * result, year, site and informant, and the value of the tag it is
 * grouped by -- and they are counted here: a group per (value, turn),
 * found by hashing, its sites and informants kept distinct in the order
 * they come. Counted in SQL (GROUP BY, json_group_array(DISTINCT ...),
 * json_each over each record's tags for --by) the tree at the start of
 * 100,000 records took 50 ms, and a tree by a tag whose values are all
 * distinct more than a second.
 */
#include "index_db.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "xalloc.h"

/* ===== Interned strings and a map of numbers ===== */

/* A map of nonzero 64-bit keys to 32-bit values, open-addressed, of a
 * power of two slots at most half full. */
typedef struct S_map {
	uint64_t *key;
	uint32_t *val;
	size_t n, cap;
} S_map;

static uint64_t S_mix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	return h;
}

/* The slot of 'key' in 'm' (its own, or the empty one it would take). */
static size_t S_slot(const S_map *m, uint64_t key)
{
	size_t j = (size_t)S_mix(key) & (m->cap - 1);
	while (m->key[j] && m->key[j] != key)
		j = (j + 1) & (m->cap - 1);
	return j;
}

/* Makes room for one more key: 0, or TB_ENOMEM (the map as it was). */
static int S_map_room(S_map *m)
{
	if (2 * (m->n + 1) <= m->cap)
		return 0;
	size_t cap = m->cap ? 2 * m->cap : 1024;
	S_map t = {tb_calloc(cap, sizeof *t.key), tb_malloc(cap * sizeof *t.val), m->n, cap};
	if (!t.key || !t.val) {
		free(t.key);
		free(t.val);
		return TB_ENOMEM;
	}
	for (size_t i = 0; i < m->cap; i++)
		if (m->key[i]) {
			size_t j = S_slot(&t, m->key[i]);
			t.key[j] = m->key[i];
			t.val[j] = m->val[i];
		}
	free(m->key);
	free(m->val);
	*m = t;
	return 0;
}

/* '*val' for 'key', put there as 'fresh' when it is new ('*isnew'
 * says). 0, or TB_ENOMEM. */
static int S_map_get(S_map *m, uint64_t key, uint32_t fresh, uint32_t *val, int *isnew)
{
	if (S_map_room(m))
		return TB_ENOMEM;
	size_t j = S_slot(m, key);
	*isnew = !m->key[j];
	if (*isnew) {
		m->key[j] = key;
		m->val[j] = fresh;
		m->n++;
	}
	*val = m->val[j];
	return 0;
}

static void S_map_free(S_map *m)
{
	free(m->key);
	free(m->val);
}

/* One row of the tree being counted: a turn in a group. */
typedef struct S_agg {
	uint32_t group, token;     /* interned (S_intern); group 0: none (no --by, or
	                              the record has no such tag) */
	uint32_t games, results[4];  /* a row per record at most: 32 bits */
	int32_t ymin, ymax;
	uint32_t nsites, ninfs;
} S_agg;

/* A site or an informant of a row, in the order they came. */
typedef struct S_item {
	uint32_t agg, str;
	uint8_t informant;
} S_item;

typedef struct S_tree {
	tb_buf pool;      /* the strings, each with its NUL; a string's id is its
	                     offset + 1 (0: NULL) */
	S_map strs;       /* a string's hash and length -> its id (equal hashes of
	                     other strings probe on: S_intern) */
	S_map aggs;       /* (group, token) -> its row + 1 */
	S_map items;      /* (row, informant, string) -> 1: each listed once */
	S_agg *agg;
	size_t nagg, capagg;
	S_item *item;
	size_t nitem, capitem;
	int nomem;
} S_tree;

/* The FNV-1a hash of the 'n' bytes at 's'. */
static uint64_t S_hash(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return h;
}

/* Puts the 'n' bytes at 's' and a NUL in the pool: their id (0 out of
 * memory, and t->nomem set). */
static uint32_t S_keep(S_tree *t, const char *s, size_t n)
{
	uint32_t id = (uint32_t)t->pool.len + 1;
	if (t->pool.len >= UINT32_MAX - n - 2) {
		t->nomem = 1;
		return 0;
	}
	tb_buf_put(&t->pool, s, n);
	tb_buf_putc(&t->pool, 0);
	t->nomem |= !tb_buf_ok(&t->pool);
	return t->nomem ? 0 : id;
}

/* Is string 'id' of the pool the 'n' bytes at 's' (NULL: id 0)? */
static int S_same(const S_tree *t, uint32_t id, const char *s, size_t n)
{
	if (!id || !s)
		return !id && !s;
	const char *had = t->pool.data + id - 1;
	/* a shorter string kept last: no reading past the pool */
	return t->pool.len - (id - 1) > n && !memcmp(had, s, n) && !had[n];
}

/* The id of 's' ('n' bytes; NULL: 0), the same for equal strings. */
static uint32_t S_intern(S_tree *t, const char *s, size_t n)
{
	if (!s || t->nomem)
		return 0; /* out of memory once, the maps may name strings not kept */
	/* a key per (hash, try), never 0 (an empty slot): another string of
	 * this hash takes the next */
	for (uint64_t k = (S_hash(s, n) & ~(uint64_t)0xff) | 1;; k++) {
		uint32_t id = (uint32_t)t->pool.len + 1;
		int isnew;
		if (S_map_get(&t->strs, k, id, &id, &isnew)) {
			t->nomem = 1;
			return 0;
		}
		if (isnew)
			return S_keep(t, s, n);
		if (S_same(t, id, s, n))
			return id;
	}
}

static const char *S_str(const S_tree *t, uint32_t id)
{
	return id ? t->pool.data + id - 1 : NULL;
}

/* Lists string 'str' among the sites (or informants) of row 'a', once. */
static void S_list(S_tree *t, uint32_t a, int informant, uint32_t str)
{
	uint32_t one;
	int isnew;
	uint64_t key = (uint64_t)(a + 1) << 33 | (uint64_t)(informant != 0) << 32 | str;
	if (!str || S_map_get(&t->items, key, 1, &one, &isnew)) {
		t->nomem |= str != 0;
		return;
	}
	if (!isnew)
		return;
	if (tb_ix_grow((void **)&t->item, &t->capitem, t->nitem + 1, sizeof *t->item)) {
		t->nomem = 1;
		return;
	}
	t->item[t->nitem++] = (S_item){a, str, (uint8_t)(informant != 0)};
	if (informant)
		t->agg[a].ninfs++;
	else
		t->agg[a].nsites++;
}

/* Counts one game: turn 'token' played in group 'group' (NULL: none),
 * its result, year (0: none), site and informant. */
static void S_count(S_tree *t, const char *group, int ngroup, const char *token, int ntoken,
                    const char *result, int year, const char *site, const char *informant)
{
	/* the row of (group, turn): found by the group's hash and the turn's
	 * id, the group kept once, with its row (one lookup a game: there
	 * may be as many groups as games) */
	uint32_t k = S_intern(t, token, (size_t)ntoken), a;
	if (t->nomem)
		return;
	uint64_t h = group ? S_hash(group, (size_t)ngroup) : 0;
	for (uint64_t key = (S_mix(h ^ k) & ~(uint64_t)0xff) | 1;; key++) {
		int isnew;
		if (t->nomem || S_map_get(&t->aggs, key, (uint32_t)t->nagg, &a, &isnew) ||
		    (isnew && tb_ix_grow((void **)&t->agg, &t->capagg, t->nagg + 1, sizeof *t->agg))) {
			t->nomem = 1;
			return;
		}
		if (isnew) {
			uint32_t g = group ? S_keep(t, group, (size_t)ngroup) : 0;
			t->agg[t->nagg++] = (S_agg){.group = g, .token = k};
			break;
		}
		if (t->agg[a].token == k && S_same(t, t->agg[a].group, group, (size_t)ngroup))
			break;
	}
	if (t->nomem)
		return;
	S_agg *r = &t->agg[a];
	r->games++;
	static const char *const named[3] = {"1-0", "0-1", "1/2-1/2"};
	int which = 3;
	for (int i = 0; i < 3 && result; i++)
		if (!strcmp(result, named[i]))
			which = i;
	r->results[which]++;
	if (year && (!r->ymin || year < r->ymin))
		r->ymin = year;
	if (year && (!r->ymax || year > r->ymax))
		r->ymax = year;
	/* "?" is a tag's value unknown: not listed */
	if (site && strcmp(site, "?"))
		S_list(t, a, 0, S_intern(t, site, strlen(site)));
	if (informant && strcmp(informant, "?"))
		S_list(t, a, 1, S_intern(t, informant, strlen(informant)));
}

static void S_tree_free(S_tree *t)
{
	tb_buf_free(&t->pool);
	S_map_free(&t->strs);
	S_map_free(&t->aggs);
	S_map_free(&t->items);
	free(t->agg);
	free(t->item);
}

/* ===== The rows, from SQLite ===== */

/* The end of the JSON string at 's' (its opening quote): past its
 * closing quote, or NULL when it has none. */
static const char *S_json_end(const char *s)
{
	for (s++; *s && *s != '"'; s++)
		if (*s == '\\' && s[1])
			s++;
	return *s ? s + 1 : NULL;
}

/* The JSON string at 's' (its quote) decoded into 'b' (index.c escapes
 * only '"', '\\' and control characters, as \u00XX). */
static void S_json_decode(tb_buf *b, const char *s, const char *end)
{
	tb_buf_clear(b);
	for (s++; s < end - 1; s++) {
		if (*s != '\\') {
			tb_buf_putc(b, *s);
		} else if (s[1] == 'u' && end - s > 5) {
			tb_buf_putc(b, (char)strtol((char[]){s[4], s[5], 0}, NULL, 16));
			s += 5;
		} else {
			s++;
			tb_buf_putc(b, *s == 'n' ? '\n' : *s == 't' ? '\t' : *s);
		}
	}
}

/* The SQL function tb_tag(tags, name): the value of the first tag
 * 'name' in 'tags' (records.tags: a JSON array [name, value, ...], as
 * index.c writes it), or NULL. Read here, not with json_each, which
 * makes a table of each record's tags: a tree by a tag reads every
 * record's. */
static void S_fn_tag(sqlite3_context *c, int argc, sqlite3_value **v)
{
	(void)argc;
	const char *s = (const char *)sqlite3_value_text(v[0]);
	const char *name = (const char *)sqlite3_value_text(v[1]);
	if (!s || !name || *s != '[')
		return; /* NULL */
	size_t nn = strlen(name);
	tb_buf b = TB_BUF_SOFT;
	for (int even = 1;; even = !even) {
		while (*++s == ' ' || *s == ',')
			;
		if (!even && !strncmp(s, "null", 4)) {
			s += 3; /* a value unknown */
			continue;
		}
		if (*s != '"')
			break; /* the end (or what index.c does not write) */
		const char *end = S_json_end(s);
		if (!end)
			break;
		int hit = 0;
		if (even && (size_t)(end - s) == nn + 2) {
			/* a name without escapes */
			hit = !memcmp(s + 1, name, nn) && !memchr(s + 1, '\\', nn);
		} else if (even && (size_t)(end - s) > nn + 2 && memchr(s, '\\', (size_t)(end - s))) {
			S_json_decode(&b, s, end);
			hit = tb_buf_ok(&b) && b.len == nn && !memcmp(b.data, name, nn);
		}
		s = end - 1;
		if (!hit)
			continue;
		while (*++s == ' ' || *s == ',')
			;
		if (*s == '"' && (end = S_json_end(s)) != NULL &&
		    !memchr(s + 1, '\\', (size_t)(end - s - 2))) {
			sqlite3_result_text(c, s + 1, (int)(end - s - 2), SQLITE_TRANSIENT);
		} else if (*s == '"' && end) {
			S_json_decode(&b, s, end);
			if (tb_buf_ok(&b))
				sqlite3_result_text(c, b.data ? b.data : "", (int)b.len, SQLITE_TRANSIENT);
		}
		break;
	}
	if (!tb_buf_ok(&b))
		sqlite3_result_error_nomem(c);
	tb_buf_free(&b);
}


/* The one game of the index's records, for a tree from the start. */
static int S_only_game(tb_index *ix, char *out, size_t n)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(ix->db, "SELECT DISTINCT game FROM records WHERE game IS NOT NULL"
	                       " LIMIT 2", -1, &st, NULL) != SQLITE_OK)
		return tb_ix_db_fail(ix);
	int rows = 0, rc;
	char names[2][64] = {"", ""};
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		snprintf(names[rows++ & 1], sizeof names[0], "%s", sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return tb_ix_db_fail(ix);
	if (rows > 1) {
		char msg[320];
		snprintf(msg, sizeof msg, "the index holds records of several games (%s, %s...): name "
		         "one (--game) or a position", names[0], names[1]);
		return tb_ix_fail(ix, TB_EINVAL, "%s", msg);
	}
	snprintf(out, n, "%s", names[0]);
	return 0;
}

/* The group of a row (column 0 of the statements below): a column of
 * the record's row for the tags that have one (in the index the tree at
 * the start reads), else tb_tag() (a scan of the records' rows). */
static const char *S_group_sql(const char *by)
{
	if (!by)
		return "NULL";
	if (!strcmp(by, "Site"))
		return "r.site";
	if (!strcmp(by, "Informant"))
		return "r.informant";
	if (!strcmp(by, "Event"))
		return "r.event";
	return "tb_tag(r.tags, ?2)";
}

/* The statement whose rows are the games to count: group, turn,
 * result, year, site, informant, and the record. At the start, each
 * record's first turn (records.first); at a position ('key'), the main
 * lines that reach it (a range of occurs) and the turn each plays next
 * there (occurs.next). */
static int S_rows_stmt(tb_index *ix, const tb_tree_query *tq, const char *game, int64_t key,
                       sqlite3_stmt **st)
{
	char sql[600];
	/* tb_tag, made here at each tree (a query of its own; nothing else
	 * reads it) */
	if (sqlite3_create_function(ix->db, "tb_tag", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
	                            S_fn_tag, NULL, NULL) != SQLITE_OK)
		return tb_ix_fail(ix, TB_ENOMEM, "%s", "out of memory");
	if (!tq->position)
		snprintf(sql, sizeof sql, "SELECT %s, r.first, r.result, r.year, r.site, r.informant,"
		         " r.id FROM records r%s WHERE r.game = ?1 AND r.first IS NOT NULL",
		         S_group_sql(tq->by), strstr(S_group_sql(tq->by), "tags") ? " NOT INDEXED" : "");
	else
		snprintf(sql, sizeof sql, "SELECT %s, o.next, r.result, r.year, r.site, r.informant,"
		         " r.id FROM occurs o JOIN records r ON r.id = o.record WHERE o.after = ?1"
		         " AND o.depth = 0 AND o.next IS NOT NULL", S_group_sql(tq->by));
	if (sqlite3_prepare_v2(ix->db, sql, -1, st, NULL) != SQLITE_OK)
		return tb_ix_db_fail(ix);
	if (tq->position)
		sqlite3_bind_int64(*st, 1, key);
	else
		sqlite3_bind_text(*st, 1, game, -1, SQLITE_STATIC);
	if (tq->by && strstr(S_group_sql(tq->by), "?2"))
		sqlite3_bind_text(*st, 2, tq->by, -1, SQLITE_STATIC);
	return 0;
}

/* Counts the rows of 'st'. A record that plays one turn twice at the
 * position (it comes back to it) counts once for it: its rows come
 * together (occurs is in the order of its records), and the turns of
 * the record being read are remembered. */
static int S_count_rows(tb_index *ix, S_tree *t, sqlite3_stmt *st)
{
	int rc;
	long long last = -1;
	uint32_t *told = NULL;
	size_t ntold = 0, captold = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && !t->nomem) {
		const char *token = (const char *)sqlite3_column_text(st, 1);
		int ntoken = sqlite3_column_bytes(st, 1);
		long long id = sqlite3_column_int64(st, 6);
		if (id != last)
			ntold = 0;
		last = id;
		uint32_t k = S_intern(t, token, (size_t)ntoken);
		if (t->nomem)
			break;
		int again = 0;
		for (size_t i = 0; i < ntold && !again; i++)
			again = told[i] == k;
		if (again)
			continue;
		if (tb_ix_grow((void **)&told, &captold, ntold + 1, sizeof *told)) {
			t->nomem = 1;
			break;
		}
		told[ntold++] = k;
		const char *group = (const char *)sqlite3_column_text(st, 0);
		S_count(t, group, sqlite3_column_bytes(st, 0), token, ntoken,
		        (const char *)sqlite3_column_text(st, 2), sqlite3_column_int(st, 3),
		        (const char *)sqlite3_column_text(st, 4), (const char *)sqlite3_column_text(st, 5));
	}
	free(told);
	if (t->nomem)
		return tb_ix_fail(ix, TB_ENOMEM, "%s", "out of memory");
	return rc == SQLITE_DONE ? 0 : tb_ix_db_fail(ix);
}

/* ===== The rows, told ===== */

/* A row as it is sorted: by group (none first), the most played first,
 * then by turn (the bytes of each, as SQLite's BINARY). */
typedef struct S_sorted {
	const char *group, *token;
	uint32_t games, at;
} S_sorted;

static int S_cmp_text(const char *a, const char *b)
{
	if (!a || !b)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

static int S_cmp(const void *x, const void *y)
{
	const S_sorted *a = x, *b = y;
	int c = S_cmp_text(a->group, b->group);
	if (c)
		return c;
	if (a->games != b->games)
		return a->games > b->games ? -1 : 1;
	return S_cmp_text(a->token, b->token);
}

/* Tells the rows counted, in order. Returns how many, or an error. */
static long S_tell(tb_index *ix, S_tree *t, int by, tb_tree_fn fn, void *ctx)
{
	S_sorted *order = tb_malloc((t->nagg + 1) * sizeof *order);
	size_t *first = tb_calloc(t->nagg + 1, sizeof *first);
	size_t *next = tb_calloc(2 * t->nagg + 1, sizeof *next);
	const char **lists = tb_malloc((t->nitem + 1) * sizeof *lists);
	long rows = 0;
	if (!order || !first || !next || !lists) {
		rows = tb_ix_fail(ix, TB_ENOMEM, "%s", "out of memory");
		goto done;
	}
	/* each row's sites, then its informants, each list in the order
	 * they came: 'first' the start of a row's, 'next' where its next
	 * site goes (and its informants' count, its next informant) */
	for (size_t i = 0; i < t->nagg; i++)
		first[i + 1] = first[i] + t->agg[i].nsites + t->agg[i].ninfs;
	for (size_t i = 0; i < t->nagg; i++)
		next[i] = first[i];
	for (size_t i = 0; i < t->nitem; i++) {
		const S_item *it = &t->item[i];
		size_t *at = it->informant ? &next[t->nagg + it->agg] : &next[it->agg];
		lists[it->informant ? first[it->agg] + t->agg[it->agg].nsites + *at : *at] =
			S_str(t, it->str);
		++*at;
	}
	for (size_t i = 0; i < t->nagg; i++)
		order[i] = (S_sorted){S_str(t, t->agg[i].group), S_str(t, t->agg[i].token),
		                      t->agg[i].games, (uint32_t)i};
	qsort(order, t->nagg, sizeof *order, S_cmp);
	for (size_t i = 0; i < t->nagg; i++) {
		const S_agg *a = &t->agg[order[i].at];
		tb_tree_row r = {
			.group = by ? (order[i].group ? order[i].group : "") : NULL,
			.token = order[i].token,
			.games = a->games,
			.sites = lists + first[order[i].at],
			.nsites = a->nsites,
			.informants = lists + first[order[i].at] + a->nsites,
			.ninformants = a->ninfs,
			.year_min = a->ymin,
			.year_max = a->ymax,
		};
		for (int j = 0; j < 4; j++)
			r.results[j] = a->results[j];
		rows++;
		if (fn && fn(ctx, &r))
			break;
	}
done:
	free(order);
	free(first);
	free(next);
	free(lists);
	return rows;
}

long tb_index_tree(tb_index *ix, const tb_tree_query *tq, tb_tree_fn fn, void *ctx)
{
	if (!ix || !tq)
		return TB_EINVAL;
	tb_ix_reset(ix);
	char game[64] = "";
	tb_ix_key k = {0};
	int rc = 0;
	if (tq->position) {
		int side;
		char why[200];
		size_t at = 0;
		const tb_game *only = tq->game ? tb_game_find(tq->game) : NULL;
		if (!tb_ix_position_read(tq->position, only, &k, &side, why, sizeof why, &at))
			rc = tb_ix_syntax(ix, TB_FIND_POSITION, "the position", why, at);
	} else if (tq->game) {
		snprintf(game, sizeof game, "%s", tq->game);
	} else {
		rc = S_only_game(ix, game, sizeof game);
	}
	sqlite3_stmt *st = NULL;
	S_tree t = {.pool = TB_BUF_SOFT};
	if (!rc)
		rc = S_rows_stmt(ix, tq, game, (int64_t)k.exact, &st);
	if (!rc)
		rc = S_count_rows(ix, &t, st);
	sqlite3_finalize(st);
	long rows = rc ? rc : S_tell(ix, &t, tq->by != NULL, fn, ctx);
	S_tree_free(&t);
	return rows;
}
