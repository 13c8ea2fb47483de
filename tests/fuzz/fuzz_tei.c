/*
 * fuzz_tei.c -- TEI P5 both ways (spec/tei.md). Input that begins with
 * '<' is read as TEI (tb_tei_to_tgn): no crash, leak or undefined
 * behaviour; a document it accepts gives TGN with a line of the
 * document for each of its lines, and each record of it without errors
 * goes to TEI and back unchanged. Any other input is read as TGN, and
 * each record without errors goes TGN -> TEI -> TGN to the same bytes,
 * with and without the positions (never read back), through a
 * well-formed document; a record the writer refuses holds text XML
 * cannot carry; and the records TEI carries (the first four) go
 * together through one <teiCorpus>, their ids numbered apart
 * (tb_tei_record_text_at), and back to the same bytes.
 */
#include "fuzz.h"

/* The TGN of a TEI document formatted, records apart; NULL when the
 * document is refused. With 'check', what it gives must have no error. */
static char *S_from_tei(const char *doc, size_t len, int check)
{
	tb_tei_error err;
	int st;
	size_t n;
	unsigned *lines = NULL;
	char *tgn = tb_tei_to_tgn(doc, len, &n, &lines, &err, &st);
	if (!tgn) {
		FZ_CHECK(st == TB_ESYNTAX && !lines, "a TEI document refused with %d", st);
		FZ_CHECK(err.line >= 1 && err.col >= 1 && err.message[0], "refused, but not said where");
		return NULL;
	}
	FZ_CHECK(strlen(tgn) == n, "TGN from TEI holds a NUL");
	size_t nl = 1;
	for (size_t i = 0; i < n; i++)
		nl += tgn[i] == '\n';
	for (size_t i = 0; i < nl; i++)
		FZ_CHECK(lines[i] >= 1, "TGN line %zu has no line of the document", i + 1);
	free(lines);
	tb_reader *r = tb_reader_new_mem(tgn, n, "fuzz.tei");
	tb_buf b = TB_BUF_INIT;
	tb_record *rec;
	int first = 1;
	while (tb_reader_next(r, &rec) == 1) {
		char *text = tb_record_write(rec, &n);
		FZ_CHECK(text || !check, "TEI written reads back with errors:\n%s", tgn);
		if (text) {
			if (!first)
				tb_buf_putc(&b, '\n');
			tb_buf_put(&b, text, n);
			first = 0;
		}
		free(text);
		tb_record_free(rec);
	}
	tb_reader_free(r);
	free(tgn);
	return tb_buf_detach(&b, NULL);
}

#define S_MAX_CORPUS 4 /* records in one teiCorpus */

/* The records TEI carries, for one document of them all. */
typedef struct S_corpus {
	char *tei[S_MAX_CORPUS];
	size_t lens[S_MAX_CORPUS], n;
	tb_buf canon; /* their canonical texts, a line between, as S_from_tei joins them */
} S_corpus;

/* Adds 'rec' (canonical text 'canon'), just read by 'r', as the next
 * record of the corpus, its ids those of the k-th. */
static void S_corpus_add(S_corpus *c, tb_reader *r, const tb_record *rec, const char *canon)
{
	int st;
	if (c->n == S_MAX_CORPUS)
		return;
	char *t = tb_tei_record_text_at(r, rec, 0, c->n, &c->lens[c->n], &st);
	if (!t)
		return;
	c->tei[c->n++] = t;
	if (c->canon.len)
		tb_buf_putc(&c->canon, '\n');
	tb_buf_puts(&c->canon, canon);
}

/* The records of 'c' as one <teiCorpus> (when there are two or more)
 * read back to their canonical texts; frees them. */
static void S_corpus_check(S_corpus *c)
{
	if (c->n >= 2) {
		size_t dlen;
		char *doc = tb_tei_document(c->tei, c->lens, c->n, "fuzz", &dlen);
		FZ_CHECK(doc, "no teiCorpus");
		FZ_CHECK(fz_xml_well_formed(doc, dlen, NULL), "the teiCorpus is not well-formed:\n%s",
		         doc);
		char *back = S_from_tei(doc, dlen, 1);
		FZ_CHECK(back, "the teiCorpus written is refused:\n%s", doc);
		FZ_CHECK(strcmp(back, c->canon.data) == 0, "TGN -> teiCorpus -> TGN differs:\n%s\n---\n%s",
		         c->canon.data, back);
		free(back);
		free(doc);
	}
	for (size_t i = 0; i < c->n; i++)
		free(c->tei[i]);
	tb_buf_free(&c->canon);
}

/* Each record of 'tgn' without errors goes to TEI and back unchanged,
 * alone and with the others in one teiCorpus. */
static void S_round_trip(const char *tgn, size_t len)
{
	tb_reader *r = tb_reader_new_mem(tgn, len, "fuzz.tgn");
	tb_record *rec;
	S_corpus corpus = {.canon = TB_BUF_INIT};
	while (tb_reader_next(r, &rec) == 1) {
		size_t n;
		char *canon = tb_record_write(rec, &n);
		if (canon)
			S_corpus_add(&corpus, r, rec, canon);
		for (int flags = 0; canon && flags <= TB_TEI_POSITIONS; flags++) {
			int st;
			size_t tlen, dlen;
			char *t = tb_tei_record_text(r, rec, flags, &tlen, &st);
			if (!t) {
				FZ_CHECK(st == TB_EINVAL && tb_reader_xml_refuse(r, rec, "-"),
				         "a record is refused (%d), but TEI can carry it", st);
				break;
			}
			char *doc = tb_tei_document(&t, &tlen, 1, NULL, &dlen);
			FZ_CHECK(doc, "no TEI document");
			FZ_CHECK(fz_xml_well_formed(doc, dlen, NULL), "the TEI is not well-formed:\n%s",
			         doc);
			char *back = S_from_tei(doc, dlen, 1);
			FZ_CHECK(back, "the TEI written is refused:\n%s", doc);
			FZ_CHECK(strcmp(back, canon) == 0, "TGN -> TEI -> TGN differs:\n%s\n---\n%s",
			         canon, back);
			free(back);
			free(doc);
			free(t);
		}
		free(canon);
		tb_record_free(rec);
	}
	tb_reader_free(r);
	S_corpus_check(&corpus);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t i = 0;
	while (i < size && (data[i] == ' ' || data[i] == '\n' || data[i] == '\r' || data[i] == '\t'))
		i++;
	if (i == size || data[i] != '<') {
		S_round_trip((const char *)data, size);
		return 0;
	}
	char *tgn = S_from_tei((const char *)data, size, 0);
	if (tgn)
		S_round_trip(tgn, strlen(tgn));
	free(tgn);
	return 0;
}
