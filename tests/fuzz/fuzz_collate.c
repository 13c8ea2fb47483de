/*
 * fuzz_collate.c -- collating witnesses (tb_collate) and reading one
 * back out (tb_collation_witness). The input is two or three witnesses
 * split at NUL bytes (none: the input twice), each its first record. No
 * crash, leak or undefined behaviour; when the collation is made, it
 * reads back without errors, and each witness that is a plain record
 * without errors, read back out of it under its siglum, is that record
 * as the canonical writer writes it -- or the same text as a witness
 * before it, which the collation keeps once. A witness that is itself a
 * collation is collated too, and the collation then only has to read
 * back clean. A collation is numbered by the count (spec/compare.md 7):
 * a witness read back out of it is compared with the witness written by
 * the count, its numbers off the count not kept; a single record
 * collated alone keeps them. The searches are bounded tightly, to keep
 * inputs quick.
 */
#include "fuzz.h"
#include "writer.h" /* tb_record_write_counted: the witness by the count */

#define S_MAX 3

static const tb_search_opts S_search = {3, 20000, 10, 16, 0, NULL, NULL, 0};

typedef struct S_wit {
	tb_reader *r;
	tb_record *rec;
	char *text;  /* its canonical text, when it is a plain record without errors */
	char *counted; /* the same, numbered by the count */
} S_wit;

/* The witnesses: the input split at its first two NULs. */
static size_t S_split(const uint8_t *data, size_t size, const char *part[S_MAX],
                      size_t len[S_MAX])
{
	const char *p = (const char *)data, *end = p + size;
	size_t n = 0;
	while (n < S_MAX) {
		const char *nul = n + 1 < S_MAX ? memchr(p, '\0', (size_t)(end - p)) : NULL;
		part[n] = p;
		len[n++] = nul ? (size_t)(nul - p) : (size_t)(end - p);
		if (!nul)
			break;
		p = nul + 1;
	}
	if (n == 1) { /* one witness: collated with itself */
		part[1] = part[0];
		len[1] = len[0];
		n = 2;
	}
	return n;
}

/* The collation 'out' of the witnesses 'w' (named A, B, C when 'named'). */
static void S_check(const char *out, size_t len, const S_wit *w, size_t n, int named)
{
	tb_reader *r = tb_reader_new_mem(out, len, "collation.tgn");
	tb_record *rec;
	FZ_CHECK(tb_reader_next(r, &rec) == 1, "the collation holds no record:\n%s", out);
	size_t errors = 0;
	for (size_t i = 0; i < tb_reader_ndiags(r); i++)
		errors += tb_reader_diag(r, i)->severity == TB_ERROR;
	FZ_CHECK(!tb_record_errors(rec) && !errors, "the collation does not read clean:\n%s", out);
	if (!tb_record_tag(rec, "Collation")) { /* one witness, given n times: itself */
		for (size_t i = 0; i < n; i++)
			FZ_CHECK(!w[i].text || strcmp(w[i].text, out) == 0,
			         "witnesses all the same collate to another record:\n%s", out);
		named = 0;
	}
	for (size_t i = 0; named && i < n; i++) {
		if (!w[i].text || !w[i].counted)
			continue;
		char name[2] = {(char)('A' + i), '\0'};
		size_t blen;
		char *back = tb_collation_witness(r, rec, name, &blen);
		int again = 0;
		for (size_t k = 0; k < i; k++)
			again |= w[k].counted && strcmp(w[k].counted, w[i].counted) == 0;
		FZ_CHECK(back || again, "witness %s cannot be read back out of the collation:\n%s",
		         name, out);
		FZ_CHECK(!back || strcmp(back, w[i].counted) == 0,
		         "witness %s read back is another record:\n%s\n-- not --\n%s\n-- from --\n%s",
		         name, back, w[i].counted, out);
		FZ_CHECK(!back || strlen(back) == blen, "witness %s: its length is not %zu", name, blen);
		free(back);
	}
	fz_diags(r, NULL);
	tb_record_free(rec);
	tb_reader_free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *part[S_MAX];
	size_t len[S_MAX];
	size_t n = S_split(data, size, part, len);
	S_wit w[S_MAX];
	memset(w, 0, sizeof w);
	int named = 1; /* no witness is a collation: A, B, C in order */
	size_t got = 0;
	for (size_t i = 0; i < n; i++) {
		w[i].r = tb_reader_new_mem(part[i], len[i], "witness.tgn");
		if (tb_reader_next(w[i].r, &w[i].rec) != 1)
			break;
		got++;
		if (tb_record_tag(w[i].rec, "Collation"))
			named = 0;
		else if (!tb_record_errors(w[i].rec)) {
			w[i].text = tb_record_write(w[i].rec, NULL);
			w[i].counted = tb_record_write_counted(w[i].rec, NULL);
		}
	}
	if (got == n) {
		tb_reader *r[S_MAX];
		const tb_record *rec[S_MAX];
		for (size_t i = 0; i < n; i++)
			r[i] = w[i].r, rec[i] = w[i].rec;
		static const char *const sigla[S_MAX] = {"A", "B", "C"};
		tb_collate_opts o = {named ? sigla : NULL, named ? n : 0, NULL, &S_search};
		size_t clen;
		char *why = NULL;
		char *out = tb_collate(r, rec, n, &o, &clen, &why);
		FZ_CHECK(!out || !why, "a collation made, and a reason why not");
		if (out) {
			FZ_CHECK(strlen(out) == clen, "the collation holds a NUL");
			S_check(out, clen, w, n, named);
		}
		for (size_t i = 0; i < n; i++)
			fz_diags(w[i].r, NULL);
		free(out);
		free(why);
	}
	for (size_t i = 0; i < n; i++) {
		free(w[i].text);
		free(w[i].counted);
		tb_record_free(w[i].rec);
		tb_reader_free(w[i].r);
	}
	return 0;
}
