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

/* schemas/tgn.rng, embedded at build time (build/gen/schema_rng.c). */
extern const char tb_schema_rng[];
extern const size_t tb_schema_rng_len;

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

#endif
