/*
 * xmltext.c -- what text XML can carry: the one decision every XML
 * writer of tablero asks (tablero xml, svg, diff --xml; spec/xml.md,
 * "Text XML cannot carry").
 *
 * XML 1.0 carries tab, line feed, carriage return and every character
 * from U+0020 on but the surrogates, U+FFFE and U+FFFF (its production
 * Char). TGN refuses control characters and bytes that are not UTF-8,
 * so what a record may hold and XML may not is U+FFFE and U+FFFF. A
 * record's text is never altered to fit: a writer refuses the record
 * (TB504). A file's name, which may be any bytes, is not the record's:
 * it is written with U+FFFD for what cannot be carried.
 *
 * Nor is a text carried that an XML reader would not take in one piece:
 * libxml2 (tablero's reader, xmllint) reads at most 10,000,000 bytes
 * in one text node or start tag, so a text whose XML form -- its
 * characters escaped -- is longer than TB_XML_MAX_TEXT is refused too:
 * a document tablero writes is one tablero can read.
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "reader.h"
#include "utf8.h"
#include "visit.h"
#include "xml.h"

/* The length of the character at 's' (at most 'n' bytes) when XML can
 * carry it, else 0; its code point in '*cp'. */
static size_t S_fit_char(const unsigned char *s, size_t n, unsigned long *cp)
{
	unsigned char c = s[0];
	if (c < 0x80) {
		*cp = c;
		return c >= 0x20 || c == '\t' || c == '\n' || c == '\r' ? 1 : 0;
	}
	uint32_t v = UINT32_MAX; /* set only when the bytes are well-formed (utf8.h) */
	size_t len = tb_utf8_decode((const char *)s, n, &v);
	if (v != UINT32_MAX)
		*cp = v;
	if (!len || v == 0xFFFE || v == 0xFFFF)
		return 0;
	return len;
}

size_t tb_xml_unfit(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned long cp;
	for (size_t i = 0; i < len;) {
		size_t n = S_fit_char(u + i, len - i, &cp);
		if (!n)
			return i;
		i += n;
	}
	return len;
}

char *tb_xml_fit_name(const char *name)
{
	tb_buf b = TB_BUF_SOFT; /* NULL out of memory */
	size_t len = strlen(name);
	for (size_t i = 0; i < len;) {
		size_t fit = tb_xml_unfit(name + i, len - i);
		tb_buf_put(&b, name + i, fit);
		i += fit;
		if (i < len) {
			tb_buf_puts(&b, "\xEF\xBF\xBD"); /* U+FFFD for each byte it cannot carry */
			i++;
		}
	}
	tb_buf_putc(&b, '\0');
	return tb_buf_detach(&b, NULL);
}

/* ===== A record's texts ===== */

/* The bytes of 's' as XML writes it, escaped, at the most. */
static size_t S_xml_length(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += *s == '"' ? 6 : *s == '&' || *s == '\n' || *s == '\r' ? 5
		   : *s == '<' || *s == '>' || *s == '\t' ? 4 : 1;
	return n;
}

static int S_unfit(const char *s)
{
	return s[tb_xml_unfit(s, strlen(s))] != '\0' || S_xml_length(s) > TB_XML_MAX_TEXT;
}

static const tb_comment *S_comments(const tb_comment *c)
{
	for (; c; c = c->next)
		if (S_unfit(c->text))
			return c;
	return NULL;
}

/* The first comment of 'line' and all it holds that XML cannot carry,
 * in the order of the one traversal (visit.h); NULL when none. */
static const tb_comment *S_line(const tb_line *line)
{
	tb_visit v;
	tb_visit_init(&v, line);
	v.quiet = ~TB_VISIT_QUIET(TB_VISIT_COMMENT);
	for (int ev; (ev = tb_visit_next(&v)) != TB_VISIT_DONE;)
		if (ev == TB_VISIT_COMMENT && S_unfit(v.comment->text))
			return v.comment;
	return NULL;
}

/* Where 'c' starts in the source. */
static tb_xml_unfit_text S_at_comment(const tb_comment *c)
{
	tb_xml_unfit_text u = {c->text, c->span.off, c->span.line, c->span.col};
	return u;
}

int tb_record_unfit(const tb_record *rec, tb_xml_unfit_text *out)
{
	const tb_comment *c = S_comments(rec->lead);
	if (c) {
		*out = S_at_comment(c);
		return 1;
	}
	for (size_t i = 0; i < rec->ntags; i++) {
		const tb_tag *t = &rec->tags[i];
		if (S_unfit(t->value)) {
			tb_xml_unfit_text u = {t->value, t->value_off, t->value_line, t->value_col};
			*out = u;
			return 1;
		}
		if ((c = S_comments(t->comments))) {
			*out = S_at_comment(c);
			return 1;
		}
	}
	c = S_line(&rec->main);
	c = c ? c : S_comments(rec->trail);
	if (c)
		*out = S_at_comment(c);
	return c != NULL;
}

/* ===== Refusing a record ===== */

int tb_reader_xml_refuse(tb_reader *r, const tb_record *rec, const char *consequence)
{
	tb_xml_unfit_text u;
	if (!rec || !tb_record_unfit(rec, &u))
		return 0;
	size_t len = strlen(u.text);
	if (tb_xml_unfit(u.text, len) == len) { /* too long */
		tb_diag_at(r, TB_ERROR, TB_D_XML_UNWRITABLE, u.off < r->len ? u.off : r->len, 1, u.line,
		           u.col, "this text takes %zu bytes in XML, more than the %u an XML reader "
		           "takes in one piece: %s", S_xml_length(u.text), TB_XML_MAX_TEXT, consequence);
		return 1;
	}
	size_t off = u.off, bad = r->len;
	if (off < r->len)
		bad = off + tb_xml_unfit(r->data + off, r->len - off);
	unsigned line = u.line, col = u.col;
	unsigned long cp = 0;
	if (bad < r->len) {
		tb_utf8_advance(r->data, off, bad, &line, &col);
		S_fit_char((const unsigned char *)r->data + bad, r->len - bad, &cp);
	} else { /* the window has moved on: the text's start */
		bad = off < r->len ? off : r->len;
		const char *t = u.text + tb_xml_unfit(u.text, strlen(u.text));
		S_fit_char((const unsigned char *)t, strlen(t), &cp);
	}
	tb_diag_at(r, TB_ERROR, TB_D_XML_UNWRITABLE, bad, 1, line, col,
	           "U+%04lX is a character XML cannot carry: %s", cp, consequence);
	return 1;
}
