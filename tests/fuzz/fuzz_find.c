/*
 * fuzz_find.c -- an index of a collection (lib/index*.c; spec/collection.md)
 * over any records, searched by any query: the input is a query (seven
 * lines: game, position, pattern, event, a tag "Name=value", words, and
 * a flags line: digits after 'm' give the first side's material, a 'b'
 * groups the tree by Site), a NUL, and the TGN indexed (in memory). No crash, leak or undefined behaviour; and:
 * - indexing a file into a new index gives 1 (indexed, not "unchanged"),
 *   or says the text is no UTF-8 text;
 * - a search finds records or says why it cannot: a position, pattern or
 *   event that does not read is TB_ESYNTAX, with words and a place inside
 *   the text searched for;
 * - each record found is one of the file's, its bytes inside the text;
 * - up to symmetry finds every record found exactly (and maybe more);
 * - the tree of a position tells each turn's games once per result.
 */
#include "fuzz.h"

#define S_FIELDS 7

typedef struct S_found {
	size_t len;      /* of the TGN indexed */
	size_t records;  /* indexed */
	long n;
	unsigned char *seen; /* per record number: 1 found exactly, 2 up to symmetry */
	unsigned char pass;  /* which of the two */
} S_found;

static int S_hit(void *ctx, const tb_find_hit *h)
{
	S_found *f = ctx;
	FZ_CHECK(h->file && strcmp(h->file, "fuzz.tgn") == 0, "a record of another file");
	FZ_CHECK(h->number >= 1 && (size_t)h->number <= f->records, "record %ld of %zu", h->number,
	         f->records);
	FZ_CHECK(h->offset <= f->len && h->size <= f->len - h->offset, "bytes %zu+%zu of %zu",
	         h->offset, h->size, f->len);
	FZ_CHECK(h->ply >= -1, "ply %ld", h->ply);
	if (f->seen)
		f->seen[h->number] |= f->pass;
	f->n++;
	return 0;
}

static int S_row(void *ctx, const tb_tree_row *r)
{
	long *rows = ctx;
	FZ_CHECK(r->games > 0, "a turn played in %ld games", r->games);
	FZ_CHECK(r->results[0] + r->results[1] + r->results[2] + r->results[3] == r->games,
	         "%ld games, results %ld+%ld+%ld+%ld", r->games, r->results[0], r->results[1],
	         r->results[2], r->results[3]);
	FZ_CHECK(r->token && (r->sites || !r->nsites) && (r->informants || !r->ninformants),
	         "a row without its turn or lists");
	for (size_t i = 0; i < r->nsites + r->ninformants; i++)
		FZ_CHECK(i < r->nsites ? r->sites[i] && strcmp(r->sites[i], "?")
		                       : r->informants[i - r->nsites] != NULL, "a list's string missing");
	(*rows)++;
	return 0;
}

/* A search's outcome: records found, or TB_ESYNTAX with its words and a
 * place inside the text searched for (the position or the pattern). */
static long S_find(tb_index *ix, const tb_find_query *q, S_found *f)
{
	f->n = 0;
	long got = tb_index_find(ix, q, S_hit, f);
	if (got == TB_ESYNTAX) {
		FZ_CHECK(*tb_index_errmsg(ix), "TB_ESYNTAX without words");
		int field = tb_index_errfield(ix); /* the text the error is in */
		const char *in = field == TB_FIND_POSITION ? q->position : field == TB_FIND_PATTERN
		               ? q->pattern : field == TB_FIND_EVENT ? q->event : q->text;
		FZ_CHECK(field >= TB_FIND_POSITION && field <= TB_FIND_TEXT && in,
		         "TB_ESYNTAX about criterion %d, not given", field);
		FZ_CHECK(tb_index_errat(ix) <= strlen(in), "error at %zu of '%s'", tb_index_errat(ix), in);
		return got;
	}
	FZ_CHECK(got >= 0 || got == TB_ENOMEM, "find: %ld (%s)", got, tb_index_errmsg(ix));
	FZ_CHECK(got < 0 || got == f->n, "find told %ld, returned %ld", f->n, got);
	return got;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *end = memchr(data, '\0', size);
	if (!end)
		return 0;
	size_t qlen = (size_t)(end - (const char *)data);
	char *field[S_FIELDS] = {0}, *query = strndup((const char *)data, qlen);
	char *p = query;
	for (int i = 0; i < S_FIELDS && p; i++) {
		field[i] = p;
		p = strchr(p, '\n');
		if (p)
			*p++ = '\0';
	}
	const char *tgn = end + 1;
	S_found f = {size - qlen - 1, 0, 0, NULL, 0};
	tb_index *ix = NULL;
	char *why = NULL;
	if (tb_index_open(&ix, NULL, TB_INDEX_WRITE, 0, &why)) {
		free(why);
		free(query);
		return 0; /* out of memory */
	}
	int rc = tb_index_add(ix, "fuzz.tgn", tgn, f.len, 0, &f.records);
	/* the file is new to a new index: indexed (1), never "unchanged" (0) */
	FZ_CHECK(rc == 1 || rc == TB_ENOTTEXT || rc == TB_ENOMEM, "add: %d (%s)", rc,
	         tb_index_errmsg(ix));
	if (rc != 1)
		f.records = 0;
#define S_GIVEN(i) (field[i] && *field[i] ? field[i] : NULL)
	const char *flags = S_GIVEN(6) ? field[6] : "";
	const char *m = strchr(flags, 'm');
	const char *tags[1] = {S_GIVEN(4)};
	tb_find_query q = {S_GIVEN(0), S_GIVEN(1), S_GIVEN(2), 0,
	                   {m ? atoi(m + 1) % 64 : -1, -1}, S_GIVEN(3), tags, tags[0] != NULL,
	                   S_GIVEN(5)};
	f.seen = calloc(f.records + 1, 1);
	f.pass = 1;
	long exact = S_find(ix, &q, &f);
	FZ_CHECK(exact < 0 || (size_t)exact <= f.records, "%ld found of %zu", exact, f.records);
	q.symmetric = 1;
	f.pass = 2;
	long sym = S_find(ix, &q, &f);
	for (size_t i = 1; f.seen && exact >= 0 && sym >= 0 && i <= f.records; i++)
		FZ_CHECK(f.seen[i] != 1, "record %zu found exactly, not up to symmetry", i);
	free(f.seen);
	long rows = 0;
	tb_tree_query t = {S_GIVEN(0), S_GIVEN(1), strchr(flags, 'b') ? "Site" : NULL};
	long told = tb_index_tree(ix, &t, S_row, &rows);
	FZ_CHECK(told < 0 || told == rows, "tree told %ld rows, returned %ld", rows, told);
	FZ_CHECK(told >= 0 || told == TB_ESYNTAX || told == TB_EINVAL || told == TB_ENOMEM,
	         "tree: %ld (%s)", told, tb_index_errmsg(ix));
#undef S_GIVEN
	tb_index_close(ix);
	free(query);
	return 0;
}
