/*
 * index_stage.c -- a file's new positions, held in memory and written to
 * the index in the order of its key (index_db.h; spec/collection.md §8).
 *
 * A position's key is a random 64-bit number: each inserted where it
 * goes, each went to a page of its own, and sorting them in SQLite (an
 * index made after, or INSERT ... ORDER BY) cost more than the rest of a
 * build. Here they are sorted in C, by positions' primary key (m0, m1,
 * id), and appended in that order, TB_IX_POS_ROWS to a statement; at
 * most S_MAX at a time, so that the memory a file takes is bounded
 * whatever its size (each batch is written in order through the pages
 * the ones before filled).
 */
#include "index_db.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* Positions held before they are written (64 bytes each, and their
 * text): 64 MiB and some. */
#define S_MAX (1u << 20)

/* One position staged. */
struct tb_ix_staged {
	uint64_t id, sym;
	uint32_t text;         /* offset in ix->stext */
	uint16_t ntext;
	uint16_t m0, m1;
	uint8_t side;
	uint8_t bits[32];
};

/* What is sorted: the key of a staged position and its place (16
 * bytes: sorting the 64-byte positions themselves was mostly moving
 * them). */
typedef struct S_order {
	int64_t id;            /* SQLite orders integers signed */
	uint32_t material;     /* m0 << 16 | m1 */
	uint32_t at;
} S_order;

/* Byte 'b' of the key of 'o', from the least: the key's bytes (made
 * unsigned in the order SQLite gives signed integers), then the
 * material's. */
static unsigned S_byte(const S_order *o, unsigned b)
{
	uint64_t id = (uint64_t)o->id ^ (1ull << 63);
	return (unsigned)(b < 8 ? id >> (8 * b) : (uint64_t)o->material >> (8 * (b - 8))) & 255;
}

/* Sorts the 'n' at 'a' by (material, id): a radix sort, a byte at a
 * time from the least, between 'a' and 'tmp' (n each; qsort and its
 * calls of a comparison cost several times more). Returns the one that
 * holds them sorted. */
static S_order *S_sort(S_order *a, S_order *tmp, size_t n)
{
	for (unsigned b = 0; b < 12; b++) {
		size_t count[257] = {0};
		for (size_t i = 0; i < n; i++)
			count[S_byte(&a[i], b) + 1]++;
		int one = 0; /* every key has the same byte here: nothing to do */
		for (int v = 1; v <= 256 && !one; v++)
			one = count[v] == n;
		if (one)
			continue;
		for (int v = 0; v < 256; v++)
			count[v + 1] += count[v];
		for (size_t i = 0; i < n; i++)
			tmp[count[S_byte(&a[i], b)]++] = a[i];
		S_order *t = a;
		a = tmp;
		tmp = t;
	}
	return a;
}

int tb_ix_grow(void **p, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return 0;
	size_t n = *cap ? *cap : 1024;
	while (n < need)
		n *= 2;
	void *q = n <= SIZE_MAX / size ? tb_realloc(*p, n * size) : NULL;
	if (!q)
		return TB_ENOMEM;
	*p = q;
	*cap = n;
	return 0;
}

int tb_ix_stage(tb_index *ix, const tb_ix_key *k, int side, const char *text)
{
	size_t n = strlen(text);
	if (n > UINT16_MAX)
		n = UINT16_MAX; /* a position's notation is far shorter */
	if (ix->nstage >= (ix->stage_max ? ix->stage_max : S_MAX) || ix->nstext + n > UINT32_MAX) {
		int rc = tb_ix_stage_flush(ix);
		if (rc)
			return rc;
	}
	if (tb_ix_grow((void **)&ix->stage, &ix->capstage, ix->nstage + 1, sizeof *ix->stage) ||
	    tb_ix_grow((void **)&ix->stext, &ix->capstext, ix->nstext + n, 1))
		return TB_ENOMEM;
	tb_ix_staged *s = &ix->stage[ix->nstage++];
	s->id = k->exact;
	s->sym = k->sym;
	s->text = (uint32_t)ix->nstext;
	s->ntext = (uint16_t)n;
	s->side = (uint8_t)side;
	s->m0 = (uint16_t)k->m[0]; /* a board has 128 points at most */
	s->m1 = (uint16_t)k->m[1];
	memcpy(s->bits, k->bits, sizeof s->bits);
	memcpy(ix->stext + ix->nstext, text, n);
	ix->nstext += n;
	return 0;
}

/* Binds position 's' to the parameters after the first 'c' of 'st'. */
static void S_bind(sqlite3_stmt *st, int c, const tb_ix_staged *s, const char *text)
{
	sqlite3_bind_int64(st, c + 1, (sqlite3_int64)s->id);
	sqlite3_bind_int64(st, c + 2, (sqlite3_int64)s->sym);
	sqlite3_bind_int(st, c + 3, s->side);
	sqlite3_bind_int(st, c + 4, s->m0);
	sqlite3_bind_int(st, c + 5, s->m1);
	sqlite3_bind_blob(st, c + 6, s->bits, sizeof s->bits, SQLITE_STATIC);
	sqlite3_bind_text(st, c + 7, text + s->text, s->ntext, SQLITE_STATIC);
}

int tb_ix_stage_flush(tb_index *ix)
{
	S_order *two = ix->nstage ? tb_malloc(2 * ix->nstage * sizeof *two) : NULL;
	if (ix->nstage && !two)
		return TB_ENOMEM;
	for (size_t i = 0; i < ix->nstage; i++)
		two[i] = (S_order){(int64_t)ix->stage[i].id,
		                   (uint32_t)ix->stage[i].m0 << 16 | ix->stage[i].m1, (uint32_t)i};
	S_order *order = ix->nstage ? S_sort(two, two + ix->nstage, ix->nstage) : NULL;
	for (size_t i = 0; i < ix->nstage;) {
		int rows = ix->nstage - i >= TB_IX_POS_ROWS ? TB_IX_POS_ROWS : 1;
		sqlite3_stmt *st = ix->st[rows == 1 ? TB_IX_ST_POS : TB_IX_ST_POS_MANY];
		for (int r = 0; r < rows; r++)
			S_bind(st, 7 * r, &ix->stage[order[i + (size_t)r].at], ix->stext);
		if (sqlite3_step(st) != SQLITE_DONE) {
			free(two);
			return TB_EIO; /* the statement keeps its error for the caller */
		}
		sqlite3_reset(st);
		i += (size_t)rows;
	}
	free(two);
	/* nothing points at what is let go */
	sqlite3_clear_bindings(ix->st[TB_IX_ST_POS]);
	sqlite3_clear_bindings(ix->st[TB_IX_ST_POS_MANY]);
	tb_ix_stage_clear(ix);
	return 0;
}

void tb_ix_stage_clear(tb_index *ix)
{
	ix->nstage = 0;
	ix->nstext = 0;
	if (ix->capstage > S_MAX / 16) {
		/* a large file's batch goes back: the next may be small */
		free(ix->stage);
		free(ix->stext);
		ix->stage = NULL;
		ix->stext = NULL;
		ix->capstage = ix->capstext = 0;
	}
}
