/*
 * fuzz_xml.c -- tablero XML both ways. Input that begins like XML
 * ('<', after a byte order mark or white space) is read by the XML
 * reader (tb_xml_reader_new_mem): no crash, leak or undefined
 * behaviour; a document it accepts is UTF-8 that XML can carry, and
 * each record it gives is canonical TGN that goes to XML and back
 * unchanged. Any other input is read as TGN, and each record without
 * errors goes TGN -> XML -> TGN to the same bytes, with and without
 * --positions and --sourcepos (which are never read back); a record
 * the writer refuses holds text XML cannot carry.
 */
#include "fuzz.h"

/* 'rec', just read by 'r', alone in a document; NULL when refused. */
static char *S_to_xml(tb_reader *r, const tb_record *rec, int flags, size_t *len)
{
	char *doc = NULL;
	FILE *f = open_memstream(&doc, len);
	FZ_CHECK(f, "open_memstream failed");
	tb_xml_writer *w = tb_xml_writer_new(f, flags);
	FZ_CHECK(w, "no XML writer");
	int rc = tb_xml_write_record(w, r, rec);
	FZ_CHECK(tb_xml_writer_end(w) == 0, "the XML writer failed");
	fclose(f);
	FZ_CHECK(rc == 0 || rc == TB_EINVAL, "writing a record: %d", rc);
	FZ_CHECK(fz_xml_well_formed(doc, *len, NULL), "the XML written is not well-formed:\n%s", doc);
	if (rc == 0)
		return doc;
	FZ_CHECK(tb_reader_xml_refuse(r, rec, "-"), "a record is refused, but XML can carry it");
	free(doc);
	return NULL;
}

/* The records of an XML document, as one string of canonical TGN;
 * NULL when the document is refused. */
static char *S_from_xml(const char *doc, size_t len)
{
	tb_xml_reader *x = tb_xml_reader_new_mem(doc, len, "fuzz.xml");
	tb_buf b = TB_BUF_INIT;
	char *tgn;
	size_t n;
	int got;
	while ((got = tb_xml_reader_next(x, &tgn, &n)) == 1) {
		FZ_CHECK(strlen(tgn) == n, "a record read from XML holds a NUL");
		tb_buf_put(&b, tgn, n);
		free(tgn);
	}
	for (size_t i = 0; i < tb_xml_reader_ndiags(x); i++)
		free(tb_diag_format(tb_xml_reader_diag(x, i)));
	tb_xml_reader_free(x);
	if (got < 0) {
		tb_buf_free(&b);
		return NULL;
	}
	return tb_buf_detach(&b, NULL);
}

/* Each record of the canonical TGN 'tgn' goes to XML and back to the
 * same bytes. */
static void S_round_trip(const char *tgn, size_t len)
{
	tb_reader *r = tb_reader_new_mem(tgn, len, "fuzz.tgn");
	tb_record *rec;
	while (tb_reader_next(r, &rec) == 1) {
		size_t n, xlen;
		char *canon = tb_record_write(rec, &n);
		for (int flags = 0; canon && flags <= (TB_XML_POSITIONS | TB_XML_SOURCEPOS); flags += 3) {
			char *doc = S_to_xml(r, rec, flags, &xlen);
			if (!doc)
				break;
			char *back = S_from_xml(doc, xlen);
			FZ_CHECK(back, "the XML written is refused:\n%s", doc);
			FZ_CHECK(strcmp(back, canon) == 0, "TGN -> XML -> TGN differs:\n%s\n---\n%s",
			         canon, back);
			free(back);
			free(doc);
		}
		free(canon);
		tb_record_free(rec);
	}
	tb_reader_free(r);
}

/* Does the input begin like XML: '<', or the first bytes of a document
 * in UTF-16, UTF-32 or EBCDIC (which the reader must refuse)? */
static int S_looks_like_xml(const uint8_t *d, size_t n)
{
	if ((n >= 2 && (d[0] == 0 || d[1] == 0 || d[0] == 0xFE || d[0] == 0xFF)) ||
	    (n >= 4 && memcmp(d, "\x4C\x6F\xA7\x94", 4) == 0))
		return 1;
	size_t i = n >= 3 && memcmp(d, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	while (i < n && (d[i] == ' ' || d[i] == '\t' || d[i] == '\r' || d[i] == '\n'))
		i++;
	return i < n && d[i] == '<';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!S_looks_like_xml(data, size)) {
		S_round_trip((const char *)data, size);
		return 0;
	}
	char *tgn = S_from_xml((const char *)data, size);
	if (tgn) {
		FZ_CHECK(tb_xml_unfit((const char *)data, size) == size,
		         "the XML reader accepted a document that is not UTF-8 XML can carry");
		S_round_trip(tgn, strlen(tgn));
	}
	free(tgn);
	return 0;
}
