/*
 * xml.h -- tablero XML (internal; spec/xml.md, schemas/tgn.rng).
 */
#ifndef TB_XML_H
#define TB_XML_H

#include <stddef.h>

#include "record.h"
#include "tablero.h"

#define TB_XML_NS "urn:tablero:tgn"
#define TB_XML_VERSION "1.0"

/* The most bytes a text may take in XML, escaped: libxml2 reads at most
 * 10,000,000 in one text node or start tag (XML_MAX_TEXT_LENGTH,
 * XML_MAX_LOOKUP_LIMIT); the rest is room for the start tag around. */
#define TB_XML_MAX_TEXT 9000000u

/* The first text of a record (in the order of its source) that holds a
 * character XML cannot carry (tb_xml_unfit) or is longer than
 * TB_XML_MAX_TEXT in XML, and where its source
 * starts: a tag's value (at its '"') or a comment (at its '{'). */
typedef struct tb_xml_unfit_text {
	const char *text;
	size_t off;          /* window offset; valid until the reader's next record */
	unsigned line, col;
} tb_xml_unfit_text;

/* Returns 1 and fills 'out' when 'rec' holds such a text, else 0. */
int tb_record_unfit(const tb_record *rec, tb_xml_unfit_text *out);

/* ===== The schema, checked as the document streams (xml_check.c) =====
 * schemas/tgn.rng written out as automata and tables, with the games of
 * this library for its define "game-name". Fed by the streaming reader
 * node by node: tb_xml_check_start on each element (the reader on it),
 * tb_xml_check_text on its text, tb_xml_check_end on its end (an empty
 * element's too). Each returns NULL, or why the document is not valid
 * (words owned by the checker, valid until its next call); after a
 * refusal the checker is not fed again. */
struct _xmlTextReader;
typedef struct tb_xml_check tb_xml_check;
/* NULL when memory ran out; the caller frees it with tb_xml_check_free. */
tb_xml_check *tb_xml_check_new(void);
void tb_xml_check_free(tb_xml_check *c); /* NULL: nothing */
const char *tb_xml_check_start(tb_xml_check *c, struct _xmlTextReader *xr);
const char *tb_xml_check_text(tb_xml_check *c, const char *text);
const char *tb_xml_check_end(tb_xml_check *c);
/* 1 when what it refused was for lack of memory (TB_ENOMEM, not TB502). */
int tb_xml_check_nomem(const tb_xml_check *c);
/* The schema's patterns the checker uses, NULL-terminated (for the test
 * that each is in schemas/tgn.rng word for word). */
extern const char *const tb_xml_check_patterns[];

/* Reads no record, only checks the document: tb_xml_reader_next then
 * returns 0 once the whole document is valid, -1 when it is not (for
 * tests/xml_agree.c, beside libxml2's RELAX NG). */
void tb_xml_reader_check_only(tb_xml_reader *x);

#endif
