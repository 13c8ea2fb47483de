/*
 * index_occurs.c -- a file's occurrences (occurs' rows), held in memory
 * and written in the order of occurs' key, (after, record, frame)
 * (index_db.h; spec/collection.md §2, §8).
 *
 * occurs is kept in the order of the position reached, so that the
 * records that reach a position are a range of it, without an index of
 * their own: sorting that index after a build's rows was the largest of
 * its SQLite costs (0.7 s of CPU for 842,000 occurrences). The rows come
 * a record at a time, the keys in no order: they are held, sorted here
 * by that key, and written in that order, S_ROWS to a statement -- at
 * most S_MAX at a time, always whole records (the next of an
 * occurrence is known only at the record's next node).
 */
#include "index_db.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* Occurrences held before they are written (56 bytes each, and their
 * texts): 28 MiB and some. */
#define S_MAX (1u << 19)
/* Rows a statement inserts (the last ones of a batch one at a time): a
 * statement's own cost, once for many (64, not 16: 1.5% of a build) */
#define S_ROWS 64
#define S_COLS 13

/* One occurrence held. */
struct tb_ix_occ_held {
	int64_t after, record, before;
	int32_t frame, ply;
	uint32_t token, next, events;  /* offsets in ix->otext + 1; 0: NULL */
	uint16_t ntoken, nnext;
	uint32_t nevents;
	int16_t side;                  /* -1: none (the start) */
	uint16_t turn, m0, m1;
	uint8_t depth, has_before;
};

/* What is sorted: an occurrence's position reached, made unsigned in
 * the order SQLite gives signed integers, and its place. */
typedef struct S_order {
	uint64_t key;
	uint64_t at;
} S_order;

/* Sorts the 'n' at 'a' by key, equal keys kept in their order: a radix
 * sort, a byte at a time, between 'a' and 'tmp' (n each). Returns the
 * one that holds them sorted. The occurrences are held in the order of
 * the rest of occurs' key (record, frame): a record's walk adds its
 * frames in their order, and records come in the order of their ids;
 * so sorted by the position reached, they are in occurs' order (another
 * order would be written all the same, only slower). */
static S_order *S_sort(S_order *a, S_order *tmp, size_t n)
{
	for (unsigned shift = 0; shift < 64; shift += 8) {
		size_t count[257] = {0};
		for (size_t i = 0; i < n; i++)
			count[((a[i].key >> shift) & 255) + 1]++;
		int one = 0; /* every key has the same byte here: nothing to do */
		for (int b = 1; b <= 256 && !one; b++)
			one = count[b] == n;
		if (one)
			continue;
		for (int b = 0; b < 256; b++)
			count[b + 1] += count[b];
		for (size_t i = 0; i < n; i++)
			tmp[count[(a[i].key >> shift) & 255]++] = a[i];
		S_order *t = a;
		a = tmp;
		tmp = t;
	}
	return a;
}

/* Copies the 'n' bytes of 's' (NULL: none) among the texts held: its
 * offset + 1, or 0 for NULL; UINT32_MAX out of memory. */
static uint32_t S_keep(tb_index *ix, const char *s, size_t n)
{
	if (!s)
		return 0;
	if (ix->notext + n + 1 > UINT32_MAX - 1 ||
	    tb_ix_grow((void **)&ix->otext, &ix->capotext, ix->notext + n + 1, 1))
		return UINT32_MAX;
	memcpy(ix->otext + ix->notext, s, n);
	uint32_t at = (uint32_t)ix->notext + 1;
	ix->notext += n;
	return at;
}

int tb_ix_occ_due(const tb_index *ix)
{
	return ix->nocc >= (ix->stage_max ? ix->stage_max : S_MAX) ||
	       ix->notext > UINT32_MAX / 2;
}

int tb_ix_occ_add(tb_index *ix, const tb_ix_occ *o, size_t *at)
{
	if (tb_ix_grow((void **)&ix->occ, &ix->capocc, ix->nocc + 1, sizeof *ix->occ))
		return TB_ENOMEM;
	size_t nt = o->token ? strlen(o->token) : 0;
	size_t ne = o->events ? strlen(o->events) : 0;
	uint32_t tok = S_keep(ix, o->token, nt > UINT16_MAX ? UINT16_MAX : nt);
	uint32_t ev = tok == UINT32_MAX ? UINT32_MAX : S_keep(ix, o->events, ne);
	if (tok == UINT32_MAX || ev == UINT32_MAX)
		return TB_ENOMEM;
	tb_ix_occ_held *h = &ix->occ[ix->nocc];
	*h = (tb_ix_occ_held){
		.after = (int64_t)o->after, .record = o->record, .before = (int64_t)o->before,
		.frame = (int32_t)o->frame, .ply = (int32_t)o->ply, .token = tok,
		.ntoken = (uint16_t)(nt > UINT16_MAX ? UINT16_MAX : nt), .events = ev,
		.nevents = (uint32_t)ne, .side = (int16_t)o->side, .turn = (uint16_t)o->turn,
		.m0 = (uint16_t)o->m0, .m1 = (uint16_t)o->m1, .depth = (uint8_t)o->depth,
		.has_before = o->before != 0,
	};
	*at = ix->nocc++;
	return 0;
}

int tb_ix_occ_next(tb_index *ix, size_t at, const char *token)
{
	size_t n = strlen(token);
	uint32_t t = S_keep(ix, token, n > UINT16_MAX ? UINT16_MAX : n);
	if (t == UINT32_MAX)
		return TB_ENOMEM;
	ix->occ[at].next = t;
	ix->occ[at].nnext = (uint16_t)(n > UINT16_MAX ? UINT16_MAX : n);
	return 0;
}

static void S_text(sqlite3_stmt *st, int i, const char *base, uint32_t at, size_t n)
{
	if (at)
		sqlite3_bind_text(st, i, base + at - 1, (int)n, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, i);
}

/* Binds occurrence 'h' as the row at 'row' of statement 'st'. */
static void S_bind(sqlite3_stmt *st, int row, const tb_ix_occ_held *h, const char *text)
{
	int c = row * S_COLS;
	sqlite3_bind_int64(st, c + 1, h->after);
	sqlite3_bind_int64(st, c + 2, h->record);
	sqlite3_bind_int64(st, c + 3, h->frame);
	sqlite3_bind_int64(st, c + 4, h->ply);
	sqlite3_bind_int(st, c + 5, h->depth);
	if (h->side >= 0) {
		sqlite3_bind_int(st, c + 6, h->turn);
		sqlite3_bind_int(st, c + 7, h->side);
	} else {
		sqlite3_bind_null(st, c + 6);
		sqlite3_bind_null(st, c + 7);
	}
	S_text(st, c + 8, text, h->token, h->ntoken);
	S_text(st, c + 9, text, h->next, h->nnext);
	if (h->has_before)
		sqlite3_bind_int64(st, c + 10, h->before);
	else
		sqlite3_bind_null(st, c + 10);
	sqlite3_bind_int(st, c + 11, h->m0);
	sqlite3_bind_int(st, c + 12, h->m1);
	S_text(st, c + 13, text, h->events, h->nevents);
}

/* The statement that inserts 'rows' occurrences (1 or S_ROWS), made at
 * the first use and kept. */
static sqlite3_stmt *S_stmt(tb_index *ix, int rows)
{
	sqlite3_stmt **st = &ix->occ_st[rows == 1 ? 0 : 1];
	if (*st)
		return *st;
	char sql[S_ROWS * 40 + 200];
	size_t n = (size_t)snprintf(sql, sizeof sql, "INSERT INTO occurs(after, record, frame, ply,"
	                            " depth, turn, side, token, next, before, m0, m1, events) VALUES");
	for (int i = 0; i < rows; i++)
		n += (size_t)snprintf(sql + n, sizeof sql - n, "%s(?,?,?,?,?,?,?,?,?,?,?,?,?)",
		                      i ? "," : "");
	if (sqlite3_prepare_v2(ix->db, sql, -1, st, NULL) != SQLITE_OK)
		*st = NULL;
	return *st;
}

int tb_ix_occ_flush(tb_index *ix)
{
	S_order *two = ix->nocc ? tb_malloc(2 * ix->nocc * sizeof *two) : NULL;
	if (ix->nocc && !two)
		return TB_ENOMEM;
	for (size_t i = 0; i < ix->nocc; i++)
		two[i] = (S_order){(uint64_t)ix->occ[i].after ^ (1ull << 63), i};
	S_order *order = ix->nocc ? S_sort(two, two + ix->nocc, ix->nocc) : NULL;
	int rc = 0;
	for (size_t i = 0; !rc && i < ix->nocc;) {
		int rows = ix->nocc - i >= S_ROWS ? S_ROWS : 1;
		sqlite3_stmt *st = S_stmt(ix, rows);
		if (!st) {
			rc = TB_EIO; /* the database holds why (sqlite3_errmsg) */
			break;
		}
		for (int r = 0; r < rows; r++)
			S_bind(st, r, &ix->occ[order[i + (size_t)r].at], ix->otext);
		rc = sqlite3_step(st) == SQLITE_DONE ? 0 : TB_EIO;
		sqlite3_reset(st);
		i += (size_t)rows;
	}
	free(two);
	for (int i = 0; i < 2; i++)
		if (ix->occ_st[i])
			sqlite3_clear_bindings(ix->occ_st[i]); /* nothing points at what is let go */
	tb_ix_occ_clear(ix);
	return rc;
}

void tb_ix_occ_clear(tb_index *ix)
{
	ix->nocc = 0;
	ix->notext = 0;
	if (ix->capocc > S_MAX / 16) {
		/* a large file's batch goes back: the next may be small */
		free(ix->occ);
		free(ix->otext);
		ix->occ = NULL;
		ix->otext = NULL;
		ix->capocc = ix->capotext = 0;
	}
}

void tb_ix_occ_finalize(tb_index *ix)
{
	for (int i = 0; i < 2; i++) {
		sqlite3_finalize(ix->occ_st[i]);
		ix->occ_st[i] = NULL;
	}
}
