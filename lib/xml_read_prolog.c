/*
 * xml_read_prolog.c -- what comes before an XML document's root element
 * (spec/xml.md), scanned as the bytes come in, before libxml2 reads
 * them: a DOCTYPE is refused before anything of it is read, and so is
 * an encoding other than UTF-8 (an XML declaration's, or a byte order
 * mark's). Shared through xml_read.h.
 */
#include <string.h>
#include <strings.h>

#include "xml_read.h"

static int S_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* The value of the encoding pseudo-attribute of an XML declaration
 * ("<?xml version="1.0" encoding="..."?>", 'n' bytes) into 'enc' (at
 * most 'cap' bytes), and its column in '*col' and line offset in
 * '*lines'; returns 0 when the declaration names no encoding. */
static int S_decl_encoding(const char *d, size_t n, char *enc, size_t cap, unsigned *col,
                           unsigned *lines)
{
	for (size_t i = 5; i + 8 <= n; i++) {
		if (memcmp(d + i, "encoding", 8) != 0 || !S_space(d[i - 1]))
			continue;
		size_t k = i + 8;
		while (k < n && S_space(d[k]))
			k++;
		if (k >= n || d[k++] != '=')
			return 0;
		while (k < n && S_space(d[k]))
			k++;
		if (k >= n || (d[k] != '"' && d[k] != '\''))
			return 0;
		char q = d[k++];
		size_t e = k;
		while (e < n && d[e] != q)
			e++;
		snprintf(enc, cap, "%.*s", (int)(e - k), d + k);
		*lines = 0, *col = 1;
		for (size_t j = 0; j < k; j++) {
			if (d[j] == '\n') {
				++*lines;
				*col = 1;
			} else {
				++*col;
			}
		}
		return 1;
	}
	return 0;
}

/* Checks the XML declaration at the document's start: an encoding
 * other than UTF-8 is refused before libxml2 would transcode it. */
static int S_xml_decl(tb_xml_reader *x)
{
	char enc[64];
	unsigned col, lines;
	if (!S_decl_encoding(x->xdecl, x->nxdecl, enc, sizeof enc, &col, &lines) ||
	    strcasecmp(enc, "UTF-8") == 0)
		return 0;
	return tb_xr_refuse(x, 1 + lines, col, "the XML declaration names encoding \"%s\": tablero "
	                    "XML is UTF-8, and a document in another encoding is not read", enc);
}

/* Keeps the bytes of an XML declaration ("<?xml" at the document's
 * start, after a UTF-8 byte order mark) until its "?>", then checks it. */
static int S_xml_decl_byte(tb_xml_reader *x, unsigned char c)
{
	if (x->nxdecl == TB_XR_XDECL_MAX)
		return tb_xr_refuse(x, 1, 1, "an XML declaration of more than %d bytes is not read",
		                    TB_XR_XDECL_MAX);
	x->xdecl[x->nxdecl++] = (char)c;
	if (x->nxdecl == 6 && (memcmp(x->xdecl, "<?xml", 5) != 0 || !S_space((char)c)))
		x->in_xdecl = 0; /* another processing instruction */
	else if (x->nxdecl >= 4 && c == '>' && x->xdecl[x->nxdecl - 2] == '?') {
		x->in_xdecl = 0;
		return S_xml_decl(x);
	}
	return 0;
}

/* The first bytes say what the encoding is (XML 1.0, Appendix F): a
 * document in UTF-16, UTF-32 or EBCDIC is refused before libxml2 would
 * read it (tablero XML is UTF-8, and the scan reads bytes). */
static int S_head(tb_xml_reader *x, unsigned char c)
{
	if (x->pbytes < 4)
		x->head[x->pbytes] = c;
	if (x->pbytes < 2 && (c == 0 || c == 0xFE || c == 0xFF))
		return tb_xr_refuse(x, 1, 1, "tablero XML is UTF-8, and this document is not (%s?)",
		                    "UTF-16 or UTF-32");
	if (x->pbytes == 3 && memcmp(x->head, "\x4C\x6F\xA7\x94", 4) == 0)
		return tb_xr_refuse(x, 1, 1, "tablero XML is UTF-8, and this document is not (%s?)",
		                    "EBCDIC");
	int bom = x->pbytes >= 3 && memcmp(x->head, "\xEF\xBB\xBF", 3) == 0;
	if (c == '<' && x->pbytes == (bom ? 3u : 0u))
		x->in_xdecl = 1; /* perhaps "<?xml": kept until it ends */
	return 0;
}

/* Scans the prolog (what comes before the root element) as the bytes
 * come in, skipping comments and processing instructions, for a
 * DOCTYPE: it is refused before libxml2 reads a declaration of it; and
 * for an encoding other than UTF-8 (S_head, S_xml_decl). Returns -1
 * when refused. */
int tb_xr_prolog(tb_xml_reader *x, const char *buf, size_t n)
{
	for (size_t i = 0; i < n && x->pstate != P_DONE; i++, x->pbytes++) {
		unsigned char c = (unsigned char)buf[i];
		if (x->pbytes < 4 && S_head(x, c))
			return -1;
		if (x->in_xdecl && S_xml_decl_byte(x, c))
			return -1;
		if (c == '\n')
			x->pline++;
		switch (x->pstate) {
		case P_TEXT: x->pstate = c == '<' ? P_LT : P_TEXT; break;
		case P_LT:
			x->pstate = c == '?' ? P_PI : c == '!' ? P_BANG : P_DONE;
			x->ndecl = 0;
			break;
		case P_PI: x->pstate = c == '?' ? P_PI_Q : P_PI; break;
		case P_PI_Q: x->pstate = c == '>' ? P_TEXT : c == '?' ? P_PI_Q : P_PI; break;
		case P_BANG:
			x->decl[x->ndecl++] = (char)c;
			if (x->ndecl == 2 && memcmp(x->decl, "--", 2) == 0) {
				x->pstate = P_COMMENT;
			} else if (x->ndecl == 7 && memcmp(x->decl, "DOCTYPE", 7) == 0) {
				return tb_xr_refuse(x, x->pline + 1, 1, "a DOCTYPE is not allowed: %s",
				                    "tablero XML has no DTD and no entities");
			} else if (memcmp(x->decl, "--", x->ndecl < 2 ? x->ndecl : 2) != 0 &&
			           memcmp(x->decl, "DOCTYPE", x->ndecl) != 0) {
				x->pstate = P_DONE; /* not well-formed: libxml2 says so */
			}
			break;
		case P_COMMENT: x->pstate = c == '-' ? P_DASH1 : P_COMMENT; break;
		case P_DASH1: x->pstate = c == '-' ? P_DASH2 : P_COMMENT; break;
		case P_DASH2: x->pstate = c == '>' ? P_TEXT : c == '-' ? P_DASH2 : P_COMMENT; break;
		default: break;
		}
	}
	return 0;
}

